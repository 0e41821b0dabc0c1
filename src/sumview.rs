//! The Sums page's logic as plain data (tested natively): the sum's text
//! (`G1 + G2 + ...`, the same as the CLI and the URL), its presets, the
//! figures the page shows without searching (components, bounds, the
//! thermostatic bracket against t), the exact search's readout that the
//! worker sends back, and play against the computer.

use cgt::numbers::Q;
use cgt::sums::bounds::{bounds, thermostatic_curve, Bounds};
use cgt::sums::exact::sum_value;
use cgt::sums::{parse_components, split_components, Bracket, Move, SumGames};
use cgt::ParseLimits;

/// The default of the page (seed 004's greedy counterexample).
pub const DEFAULT_SUM: &str = "{4|0} + {{10|-3}|-5}";
/// Positions the page indexes at most.
pub const PAGE_MAX_POSITIONS: usize = 20_000;
/// The worker's memo budget for the exact values.
pub const WORKER_BUDGET: usize = 3_000_000;

/// One preset sum with its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumPreset {
    pub name: &'static str,
    pub sum: &'static str,
    pub source: &'static str,
}

pub const SUM_PRESETS: &[SumPreset] = &[
    SumPreset { name: "Greedy fails", sum: "{4|0} + {{10|-3}|-5}", source: "seed 004 'Why greedy play can be bad': Left to move, greedy -1, best +1" },
    SumPreset { name: "B* example H33 + H34 + H35", sum: "{{40|10}|-20} + {{{31|21}|20}|-15} + {{4|-2}|-5}", source: "seed 001 Figs 5.11-5.13: Left's move in H33 is best (VL 20)" },
    SumPreset { name: "Figure 5.1: H18 + H19", sum: "{{40|30}|-25} + {{30|20}|{-20|-30}}", source: "seed 001 Fig 5.1 (VL 10)" },
    SumPreset { name: "Figure 5.1: H18 + H19 + H20", sum: "{{40|30}|-25} + {{30|20}|{-20|-30}} + {35|{0|-10}}", source: "seed 001 Fig 5.1 (VL 45)" },
    SumPreset { name: "Figure 5.1: H18 + ... + H21", sum: "{{40|30}|-25} + {{30|20}|{-20|-30}} + {35|{0|-10}} + {{25|15}|-10}", source: "seed 001 Fig 5.1 (VL 35; its Hanner upper bound 65 is a misprint for 55)" },
    SumPreset { name: "Coin stacks 15/10, 25/30, 20/10", sum: "{15+{10|-10}|-15+{10|-10}} + {25+{30|-30}|-25+{30|-30}} + {20+{10|-10}|-20+{10|-10}}", source: "seed 001 Fig 3.1: coin x on coin y is {x+{y|-y} | -x+{y|-y}}; take the 20 (VL 5)" },
    SumPreset { name: "Figure 5.7: H23 + H24 + H25", sum: "{{-30|-40}|-50} + {{0|-4}|-8} + {-20|-30}", source: "seed 001 Fig 5.7: second temperature and thermostatic [-70, -65], Hanner [-72.5, -65] (VL -68)" },
    SumPreset { name: "Figure 5.8: H26 + H27", sum: "{{150|50}|-10} + {{130|30}|{10|-90}}", source: "seed 001 Fig 5.8: thermostatic at t = 0 gives [60, 80] (VL 80)" },
    SumPreset { name: "LS and RS of a sum", sum: "{2|0} + {5|4}", source: "seed 004 'LS and RS for subgames vs sum' (VL 6, VR 5)" },
    SumPreset {
        name: "8 random depth-3 components",
        sum: "{{{15|7},{4|-3,-1}|{6|-4},{-2|-6}},{{18,14|4}|{7|-10}}|{{9,7|3,2},{6|-3,1}|{-6|-9,-15},{-6,-5|-12,-13}}} + {{{12|8},{21,23|11,10}|{6,7|0,-5},{8|-1,-2}},{{18,15|7,2},{10|0}|{4|-2}}|{{5|-8,-11},{-1,-1|-7,-4}|{-4|-11}},{{12|-2}|{-6,-3|-13,-14},{0|-12,-6}}} + {{{14,12|5,9}|{2,6|-9,-3},{4|-6,-7}}|{{2,3|-4,-10}|{-6|-10,-9},{-3|-16,-9}},{{1|-8,-9}|{-8,-7|-18},{0,-6|-18,-12}}} + {{{18|8}|{-5|-9}}|{{2,0|-7,-7},{7,2|-7}|{-10,-13|-21}}} + {{{18|7,11}|{4|-3}},{{18|6}|{4,8|-8,-8},{5,7|-6}}|{{10,11|1,2}|{-4|-13}},{{10,8|-1}|{-9,-4|-20,-16}}} + {{{7|1,-2}|{6|-9,-7},{6,1|-6}},{{9,10|4,-5},{10,7|-1,2}|{1|-3,-3}}|{{6,0|-13,-9}|{-2|-16}},{{9,6|-9,-4},{0|-14}|{-6,-10|-16,-17}}} + {{{10,13|4},{11,13|5,7}|{10,3|-1}}|{{5|1,-3},{12|-6,-4}|{-2|-12,-14}}} + {{{13|13}|{12,7|-2},{3|-3}}|{{9|-1,1}|{-5|-12,-18},{-7,-4|-13}}}",
        source: "issue 7's performance case: 8 random depth-3 games (Python random.Random(7); Left's options shifted up, Right's down, so they are hot)",
    },
];

/// One component as the page lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ComponentRow {
    pub text: String,
    pub canonical: String,
    pub mean: String,
    pub temperature: String,
    pub left_stop: String,
    pub right_stop: String,
}

/// What the page shows at once (no search): the components, the bounds
/// and the thermostatic bracket against t.
#[derive(Clone, Debug)]
pub struct SumFigures {
    pub games: SumGames,
    pub rows: Vec<ComponentRow>,
    pub bounds: Bounds,
    pub curve: Vec<(Q, Bracket, Bracket)>,
}

/// Parse and index the sum, with errors naming the component.
pub fn parse_sum(text: &str) -> Result<SumGames, String> {
    let parts = split_components(text);
    let trees = parse_components(&parts, &ParseLimits::INTERACTIVE).map_err(|e| e.to_string())?;
    SumGames::from_trees(&trees, PAGE_MAX_POSITIONS).map_err(|e| e.to_string())
}

pub fn figures(text: &str) -> Result<SumFigures, String> {
    let games = parse_sum(text)?;
    let parts = split_components(text);
    let rows = games
        .components()
        .iter()
        .zip(parts)
        .map(|(&c, text)| {
            let p = games.position(c);
            ComponentRow { text, canonical: p.name.clone(), mean: p.mean().to_string(), temperature: p.temperature().to_string(), left_stop: p.left_stop().to_string(), right_stop: p.right_stop().to_string() }
        })
        .collect();
    let b = bounds(&games, games.components());
    let curve = thermostatic_curve(&games, games.components());
    Ok(SumFigures { games, rows, bounds: b, curve })
}

/// The exact search's answer as the worker sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactReadout {
    /// `VL` (or its bracket `[lo, hi]` past the budget).
    pub vl: String,
    pub vr: String,
    pub exact: bool,
    pub nodes: usize,
    pub best_left: Vec<String>,
    pub best_right: Vec<String>,
}

const SEP: char = '\u{1f}';

impl ExactReadout {
    pub fn encode(&self) -> String {
        let j = |v: &[String]| v.join(&SEP.to_string());
        format!("{}\t{}\t{}\t{}\t{}\t{}", self.vl, self.vr, u8::from(self.exact), self.nodes, j(&self.best_left), j(&self.best_right))
    }
    pub fn decode(f: &[&str]) -> Option<ExactReadout> {
        let [vl, vr, exact, nodes, bl, br] = f else { return None };
        let split = |s: &str| if s.is_empty() { Vec::new() } else { s.split(SEP).map(str::to_string).collect() };
        Some(ExactReadout { vl: vl.to_string(), vr: vr.to_string(), exact: *exact == "1", nodes: nodes.parse().ok()?, best_left: split(bl), best_right: split(br) })
    }
}

/// `VL`, `VR` and the best first moves within `budget` memo entries.
pub fn exact_readout(text: &str, budget: usize) -> Result<ExactReadout, String> {
    let g = parse_sum(text)?;
    let v = sum_value(&g, g.components(), budget);
    let show = |s: &cgt::sums::exact::SideValue| if s.exact { s.value.lo.to_string() } else { s.value.to_string() };
    let moves = |ms: &[Move]| ms.iter().map(|&m| g.move_text(m)).collect();
    Ok(ExactReadout { vl: show(&v.vl), vr: show(&v.vr), exact: v.exact(), nodes: v.nodes, best_left: moves(&v.vl.best), best_right: moves(&v.vr.best) })
}

/// Replace component `i` of the sum's text (or drop it with `None`).
pub fn edit_component(text: &str, i: usize, new: Option<&str>) -> String {
    let mut parts = split_components(text);
    match new {
        Some(t) if i < parts.len() => parts[i] = t.trim().to_string(),
        Some(t) => parts.push(t.trim().to_string()),
        None if i < parts.len() => {
            parts.remove(i);
        }
        None => {}
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" + ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::sums::bstar::{alphabeta, bstar, BStarConfig, Ranges};

    /// The presets' values from the seeds (each checked by the exact
    /// search; the helper's reconstructions in the preset notes).
    #[test]
    fn presets_have_their_seed_values() {
        let want = [("Greedy fails", "1"), ("B* example H33 + H34 + H35", "20"), ("Figure 5.1: H18 + H19", "10"), ("Figure 5.1: H18 + H19 + H20", "45"), ("Figure 5.1: H18 + ... + H21", "35"), ("Coin stacks 15/10, 25/30, 20/10", "5"), ("Figure 5.7: H23 + H24 + H25", "-68"), ("Figure 5.8: H26 + H27", "80"), ("LS and RS of a sum", "6")];
        for (name, vl) in want {
            let p = SUM_PRESETS.iter().find(|p| p.name == name).unwrap();
            let r = exact_readout(p.sum, WORKER_BUDGET).unwrap();
            assert_eq!(r.vl, vl, "{name}");
        }
        // Fig 5.1's Hanner upper bound for H18 + ... + H21 is 55 (printed 65).
        let f = figures(SUM_PRESETS[4].sum).unwrap();
        assert_eq!(f.bounds.hanner.vl.hi.to_string(), "55");
        // Fig 5.7: the second-temperature bracket is [-70, -65].
        let f = figures(SUM_PRESETS[6].sum).unwrap();
        assert_eq!(f.bounds.second_temperature.vl.to_string(), "[-70, -65]");
        assert_eq!(f.bounds.hanner.vl.to_string(), "[-145/2, -65]");
        // The coin stacks: Left's best first move takes the 20.
        let r = exact_readout(SUM_PRESETS[5].sum, WORKER_BUDGET).unwrap();
        assert!(r.best_left.iter().all(|m| m.starts_with("[2, ")), "{:?}", r.best_left);
        // Every preset parses, and the big one is exact within the worker budget.
        for p in SUM_PRESETS {
            assert!(figures(p.sum).is_ok(), "{}", p.name);
        }
        let big = exact_readout(SUM_PRESETS.last().unwrap().sum, WORKER_BUDGET).unwrap();
        assert!(big.exact, "{big:?}");
        // B* on the big sum ends with a proved move (ranges from all bounds).
        let g = parse_sum(SUM_PRESETS.last().unwrap().sum).unwrap();
        let b = bstar(&g, g.components(), true, BStarConfig { ranges: Ranges::Tightest, max_nodes: 200_000 });
        assert!(b.proved);
        let _ = alphabeta;
    }

    #[test]
    fn readouts_round_trip_and_edits_keep_the_notation() {
        let r = exact_readout(DEFAULT_SUM, 1000).unwrap();
        assert_eq!((r.vl.as_str(), r.vr.as_str()), ("1", "-3"));
        let e = r.encode();
        let f: Vec<&str> = e.split('\t').collect();
        assert_eq!(ExactReadout::decode(&f), Some(r));
        let cut = exact_readout(SUM_PRESETS.last().unwrap().sum, 10).unwrap();
        assert!(!cut.exact && cut.vl.starts_with('['), "{cut:?}");
        assert_eq!(edit_component(DEFAULT_SUM, 0, Some("2|1")), "2|1 + {{10|-3}|-5}");
        assert_eq!(edit_component(DEFAULT_SUM, 5, Some("*")), "{4|0} + {{10|-3}|-5} + *");
        assert_eq!(edit_component(DEFAULT_SUM, 0, None), "{{10|-3}|-5}");
        assert!(figures("4|0 + {1|").unwrap_err().starts_with("component 2"));
        assert!(figures("").unwrap_err().contains("no components"));
    }
}
