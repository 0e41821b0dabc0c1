//! MT-search beside Temperature Discovery Search on the page's sum (plain
//! data, tested natively; the worker runs it): MT-search's error after
//! 1, 2, 4, ... paths against the nodes of its explored tree, TDS's error
//! when given as many search nodes, and TDS run to the end. Errors are in
//! classical temperature (a number counts as 0), as in Tables 5 and 6.

use cgt::notation::{GameTree, ParseLimits};
use cgt::numbers::Q;
use cgt::rulesets::heapgo::{BranchOrder, HeapGo, HeapGoTree};
use cgt::search::mt::{MtConfig, MtEngine, MtGame};
use cgt::search::tds::{tds, TdsConfig};

/// Most paths MT-search adds here (the page's own run stops there too).
pub const MAX_LADDER_PATHS: usize = super::model::MAX_PAGE_NODES;

/// The sum both searches run on, as the job carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LadderSource {
    /// A heap-go sum (its text), the branch order and the seed.
    HeapGo { heaps: String, order: BranchOrder, seed: u64 },
    /// A typed game (its text) and the seed.
    Game { game: String, seed: u64 },
}

impl LadderSource {
    /// `h<TAB>order<TAB>seed<TAB>heaps` or `g<TAB>seed<TAB>game` (texts have no tabs).
    pub fn encode(&self) -> String {
        match self {
            LadderSource::HeapGo { heaps, order, seed } => format!("h\t{}\t{seed}\t{heaps}", order.key()),
            LadderSource::Game { game, seed } => format!("g\t{seed}\t{game}"),
        }
    }
    pub fn decode(f: &[&str]) -> Result<LadderSource, String> {
        let seed_of = |t: &str| t.parse::<u64>().map_err(|_| format!("seed `{t}` is not a number"));
        match f {
            ["h", order, seed, heaps] => {
                Ok(LadderSource::HeapGo { heaps: heaps.to_string(), order: order.parse::<BranchOrder>().map_err(|e| e.to_string())?, seed: seed_of(seed)? })
            }
            ["g", seed, game] => Ok(LadderSource::Game { game: game.to_string(), seed: seed_of(seed)? }),
            _ => Err("a comparison job names a heap-go sum (h) or a game (g)".into()),
        }
    }
}

/// One rung: both searches with the same number of nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderPoint {
    /// MT-search's paths added and its explored tree's nodes (TDS's budget).
    pub paths: usize,
    pub nodes: usize,
    /// |estimate - exact| of the temperature, each search.
    pub mt_error: f64,
    pub tds_error: f64,
    /// TDS finished within the budget.
    pub tds_exact: bool,
}

/// The end of a comparison: the exact temperature, TDS to the end, and
/// MT-search's last rung.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderEnd {
    pub exact: String,
    pub tds_temperature: String,
    pub tds_nodes: usize,
    pub tds_exact: bool,
    /// MT-search explored the whole tree (else it stopped at the page's limit).
    pub mt_solved: bool,
}

fn classical(t: &Q) -> f64 {
    if t.is_negative() {
        0.0
    } else {
        t.to_f64()
    }
}

/// Runs the comparison, reporting each rung as it is known.
pub fn ladder(source: &LadderSource, on_point: &mut dyn FnMut(LadderPoint)) -> Result<LadderEnd, String> {
    match source {
        LadderSource::HeapGo { heaps, order, seed } => {
            let g: HeapGo = heaps.parse().map_err(|e| format!("heaps: {e}"))?;
            let exact = g.analyse(crate::heaps::MAX_POSITIONS).map_err(|e| format!("no exact temperature to compare with: {e}"))?;
            let tree = HeapGoTree::ordered(&g, *order, *seed, crate::heaps::MAX_POSITIONS).map_err(|e| e.to_string())?;
            run(&tree, exact.thermograph.temperature(), *seed, on_point)
        }
        LadderSource::Game { game, seed } => {
            let g = GameTree::parse_with(game, &ParseLimits::INTERACTIVE).map_err(|e| format!("game: {e}"))?;
            let exact = g.thermograph();
            run(&g, exact.temperature(), *seed, on_point)
        }
    }
}

fn run<G: MtGame>(game: &G, exact: &Q, seed: u64, on_point: &mut dyn FnMut(LadderPoint)) -> Result<LadderEnd, String>
where
    G::Node: Eq + std::hash::Hash,
{
    let want = classical(exact);
    let mut e = MtEngine::new(MtConfig::with_seed(seed));
    let mut paths = 1;
    loop {
        e.run(game, paths).map_err(|err| err.to_string())?;
        let nodes = e.tree().len();
        let r = tds(game, &TdsConfig::with_budget(nodes)).map_err(|err| err.to_string())?;
        on_point(LadderPoint {
            paths: e.nodes(),
            nodes,
            mt_error: (classical(&e.estimate().temperature) - want).abs(),
            tds_error: (classical(&r.temperature) - want).abs(),
            tds_exact: r.exact,
        });
        if e.is_solved() || paths >= MAX_LADDER_PATHS {
            break;
        }
        paths = (paths * 2).min(MAX_LADDER_PATHS);
    }
    // To the end with the check at half the coupon spacing: the card calls
    // an answer exact only when both spacings agree.
    let full = tds(game, &TdsConfig::default()).map_err(|err| err.to_string())?;
    Ok(LadderEnd {
        exact: exact.to_string(),
        tds_temperature: full.temperature.to_string(),
        tds_nodes: full.nodes,
        tds_exact: full.exact,
        mt_solved: e.is_solved(),
    })
}

impl LadderPoint {
    pub fn encode(&self) -> String {
        format!("{}\t{}\t{}\t{}\t{}", self.paths, self.nodes, self.mt_error, self.tds_error, u8::from(self.tds_exact))
    }
    pub fn decode(f: &[&str]) -> Option<LadderPoint> {
        let [paths, nodes, mt, td, ex] = f else { return None };
        Some(LadderPoint {
            paths: paths.parse().ok()?,
            nodes: nodes.parse().ok()?,
            mt_error: mt.parse().ok()?,
            tds_error: td.parse().ok()?,
            tds_exact: *ex == "1",
        })
    }
}

impl LadderEnd {
    pub fn encode(&self) -> String {
        format!("{}\t{}\t{}\t{}\t{}", self.exact, self.tds_temperature, self.tds_nodes, u8::from(self.tds_exact), u8::from(self.mt_solved))
    }
    pub fn decode(f: &[&str]) -> Option<LadderEnd> {
        let [exact, t, nodes, ex, solved] = f else { return None };
        Some(LadderEnd {
            exact: exact.to_string(),
            tds_temperature: t.to_string(),
            tds_nodes: nodes.parse().ok()?,
            tds_exact: *ex == "1",
            mt_solved: *solved == "1",
        })
    }
    /// The card's line under the plot.
    pub fn text(&self) -> String {
        let tds = if self.tds_exact {
            format!("TDS: temperature {} in {} nodes", self.tds_temperature, self.tds_nodes)
        } else {
            format!("TDS stopped after {} nodes (estimate {})", self.tds_nodes, self.tds_temperature)
        };
        let mt = if self.mt_solved { "MT-search explored the whole tree" } else { "MT-search stopped at the page's limit of paths" };
        format!("exact temperature {}. {tds}; {mt}.", self.exact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heapgo_ladder_ends_exact_with_errors_falling_to_zero() {
        let src = LadderSource::HeapGo { heaps: "b5,r3,b2/r7,b1/b4,r6".into(), order: BranchOrder::Temperature, seed: 1 };
        let mut pts = Vec::new();
        let end = ladder(&src, &mut |p| pts.push(p)).unwrap();
        assert!(end.tds_exact && end.mt_solved, "{end:?}");
        assert_eq!(end.tds_temperature, end.exact);
        let last = pts.last().unwrap();
        assert_eq!(last.mt_error, 0.0);
        assert!(pts.windows(2).all(|w| w[0].nodes <= w[1].nodes && w[0].paths < w[1].paths));
        // A rung where TDS finished is exact (and TDS at the end is).
        assert!(pts.iter().all(|p| !p.tds_exact || p.tds_error == 0.0), "{pts:?}");
        assert!(end.tds_nodes > 0);
        for p in &pts {
            assert_eq!(LadderPoint::decode(&p.encode().split('\t').collect::<Vec<_>>()), Some(p.clone()));
        }
        assert_eq!(LadderEnd::decode(&end.encode().split('\t').collect::<Vec<_>>()), Some(end.clone()));
        assert_eq!(LadderSource::decode(&src.encode().split('\t').collect::<Vec<_>>()), Ok(src));
    }

    #[test]
    fn a_typed_game_ladder_and_bad_input() {
        let src = LadderSource::Game { game: "{{4|2}|-2} + {3|-1}".into(), seed: 0 };
        let end = ladder(&src, &mut |_| {}).unwrap();
        assert_eq!(end.exact, end.tds_temperature);
        assert!(ladder(&LadderSource::Game { game: "{1|".into(), seed: 0 }, &mut |_| {}).unwrap_err().starts_with("game:"));
        assert!(LadderSource::decode(&["x"]).is_err());
    }
}
