//! A thermograph built step by step, for teaching (Sensei's Library (n.d.),
//! "Calculating a Thermograph": "slide the two graphs toward one another";
//! Müller's (2025) construction slides).
//!
//! From the leaves up, every position of the game gets its thermograph.
//! A number is drawn at once. For `G = {G^L | G^R}` there are four steps:
//! the options' walls that face each other (Left's options' right walls,
//! Right's options' left walls), the same walls taxed (each slides toward
//! the other side by `t`: `RW - t` and `LW + t`), the scaffolds (Left takes
//! the largest of her taxed walls, Right the smallest of his), and the end:
//! either the scaffolds meet at some `t >= -1` and the mast rises there
//! (below zero: `G` is a number, the sub-zero part), or they never do and
//! `G` is the simplest number between them.
//!
//! Every wall here is the same exact object [`Thermograph::from_options`]
//! computes with, so the last step's thermograph is the game's own; the
//! tests hold each step to that.

use crate::game::{Arena, GameId, Node};
use crate::notation::to_explicit;
use crate::numbers::Q;
use crate::thermograph::{Thermograph, Wall};
use std::collections::HashMap;
use std::fmt;

/// Most distinct positions a construction walks (about four steps each:
/// more would not be watched, and the page says to pick a subgame).
pub const MAX_CONSTRUCTION_POSITIONS: usize = 400;

/// What one step shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A number: its thermograph at once.
    Number,
    /// The options' walls that face each other, untaxed.
    OptionWalls,
    /// The same walls, each slid toward the other side by `t`.
    Taxed,
    /// Left's scaffold (largest taxed wall) and Right's (smallest).
    Scaffolds,
    /// The scaffolds meet; the walls follow them and the mast rises.
    Mast,
    /// The scaffolds never meet above `t = -1`: the simplest number between.
    SimplestNumber,
}

impl Phase {
    pub fn label(self) -> &'static str {
        match self {
            Phase::Number => "a number",
            Phase::OptionWalls => "the options' walls",
            Phase::Taxed => "taxed by t",
            Phase::Scaffolds => "the scaffolds",
            Phase::Mast => "the mast",
            Phase::SimplestNumber => "the simplest number",
        }
    }
}

/// One step of the construction.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstructionStep {
    /// The position being built.
    pub node: GameId,
    /// Its explicit form (shortened when long).
    pub label: String,
    pub phase: Phase,
    /// Left's options' right walls (untaxed in `OptionWalls`, taxed from
    /// `Taxed` on), one per Left option.
    pub left_walls: Vec<Wall>,
    /// Right's options' left walls, likewise.
    pub right_walls: Vec<Wall>,
    /// From `Scaffolds` on (`None`: that side has no move).
    pub left_scaffold: Option<Wall>,
    pub right_scaffold: Option<Wall>,
    /// The position's thermograph once built (`Number`, `Mast`,
    /// `SimplestNumber`).
    pub result: Option<Thermograph>,
    /// One sentence: what happens in this step.
    pub caption: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstructionError {
    /// More positions than [`MAX_CONSTRUCTION_POSITIONS`].
    TooLarge { positions: usize, max: usize },
}

impl fmt::Display for ConstructionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstructionError::TooLarge { positions, max } => {
                write!(f, "{positions} positions: too many to build step by step (at most {max}); pick a smaller subgame in the tree")
            }
        }
    }
}

const LABEL_MAX: usize = 40;

fn label(arena: &Arena, g: GameId) -> String {
    to_explicit(arena, g, LABEL_MAX).unwrap_or_else(|| "this position".to_string())
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Every step, leaves first, ending with `root`'s thermograph.
pub fn construction(arena: &Arena, root: GameId) -> Result<Vec<ConstructionStep>, ConstructionError> {
    let ids = arena.reachable(root);
    if ids.len() > MAX_CONSTRUCTION_POSITIONS {
        return Err(ConstructionError::TooLarge { positions: ids.len(), max: MAX_CONSTRUCTION_POSITIONS });
    }
    let mut known: HashMap<GameId, Thermograph> = HashMap::new();
    let mut steps = Vec::new();
    for g in ids {
        let name = label(arena, g);
        match arena.node(g) {
            Node::Number(x) => {
                let th = Thermograph::of_number(x);
                let caption = if x.is_integer() {
                    format!("{name} is an integer: both walls stand at {x} and the mast rises from t = -1.")
                } else if th.temperature() == &Q::from_int(-1) {
                    format!("{name} is a number that is not a dyadic fraction, taken as it is: its walls stand at {x} and the mast rises from t = -1.")
                } else {
                    format!("{name} is a number: its walls meet at t = {}, just below zero, and its mast stands at {x}.", th.temperature())
                };
                steps.push(ConstructionStep {
                    node: g,
                    label: name,
                    phase: Phase::Number,
                    left_walls: vec![],
                    right_walls: vec![],
                    left_scaffold: None,
                    right_scaffold: None,
                    result: Some(th.clone()),
                    caption,
                });
                known.insert(g, th);
            }
            Node::Options { left, right } => {
                let get = |c: &GameId| known.get(c).expect("options come first");
                let raw_l: Vec<Wall> = left.iter().map(|c| get(c).right_wall().clone()).collect();
                let raw_r: Vec<Wall> = right.iter().map(|c| get(c).left_wall().clone()).collect();
                let taxed_l: Vec<Wall> = raw_l.iter().map(|w| w.shear(-1)).collect();
                let taxed_r: Vec<Wall> = raw_r.iter().map(|w| w.shear(1)).collect();
                let (th, sc) = Thermograph::from_options(left.iter().map(get), right.iter().map(get));
                let base = ConstructionStep {
                    node: g,
                    label: name.clone(),
                    phase: Phase::OptionWalls,
                    left_walls: raw_l,
                    right_walls: raw_r,
                    left_scaffold: None,
                    right_scaffold: None,
                    result: None,
                    caption: String::new(),
                };
                steps.push(ConstructionStep {
                    caption: format!(
                        "{name}: Left has {} and Right {}; draw the walls that face each other: the right wall of each Left option, the left wall of each Right option.",
                        count(left.len(), "option"),
                        count(right.len(), "option")
                    ),
                    ..base.clone()
                });
                steps.push(ConstructionStep {
                    phase: Phase::Taxed,
                    left_walls: taxed_l.clone(),
                    right_walls: taxed_r.clone(),
                    caption: "Tax every move by t: Left's walls slide right (value - t), Right's slide left (value + t), toward one another as t grows."
                        .to_string(),
                    ..base.clone()
                });
                let side = |w: &Option<Wall>, who: &str, inf: &str| match w {
                    Some(w) => format!("{who}'s scaffold starts at {} at t = 0", w.eval(&Q::zero())),
                    None => format!("{who} has no move, so {who}'s scaffold is {inf}"),
                };
                steps.push(ConstructionStep {
                    phase: Phase::Scaffolds,
                    left_walls: taxed_l,
                    right_walls: taxed_r,
                    left_scaffold: sc.left.clone(),
                    right_scaffold: sc.right.clone(),
                    caption: format!(
                        "Each player keeps the best taxed move: Left the largest, Right the smallest; {}, {}.",
                        side(&sc.left, "Left", "-∞"),
                        side(&sc.right, "Right", "+∞")
                    ),
                    ..base.clone()
                });
                let meet = match (&sc.left, &sc.right) {
                    (Some(l), Some(r)) => l.eval(&Q::from_int(-1)) >= r.eval(&Q::from_int(-1)),
                    _ => false,
                };
                let (phase, caption) = if meet {
                    let t = th.temperature();
                    let tail = if t.is_negative() {
                        format!(" They meet below zero, so {name} is the number {}: this is its sub-zero part.", th.mean())
                    } else {
                        String::new()
                    };
                    (
                        Phase::Mast,
                        format!(
                            "The scaffolds meet at t = {t}, value {}: the walls follow them up to there, and the mast rises at the mean {}.{tail}",
                            th.mean(),
                            th.mean()
                        ),
                    )
                } else {
                    let at = |w: &Option<Wall>| w.as_ref().map_or_else(|| "∞".to_string(), |w| w.eval(&Q::from_int(-1)).to_string());
                    let x = th.mean();
                    (
                        Phase::SimplestNumber,
                        format!(
                            "The scaffolds never meet above t = -1 (Left's at {}, Right's at {}): {name} is the simplest number between them, {x}.",
                            at(&sc.left).replace('∞', "-∞"),
                            at(&sc.right).replace('∞', "+∞")
                        ),
                    )
                };
                steps.push(ConstructionStep { phase, left_scaffold: sc.left, right_scaffold: sc.right, result: Some(th.clone()), caption, ..base });
                known.insert(g, th);
            }
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{GameTree, ParseLimits};
    use crate::thermograph::thermographs;

    fn q(s: &str) -> Q {
        s.parse().unwrap()
    }
    fn tree(s: &str) -> GameTree {
        GameTree::parse_with(s, &ParseLimits::INTERACTIVE).unwrap()
    }
    fn at(w: &Wall, t: &str) -> Q {
        w.eval(&q(t))
    }

    /// The worked example of Sensei's Library (n.d.), "Calculating a
    /// Thermograph", `{{-2|-4}|-7}`: the inner gote `{-2|-4}`
    /// (walls -2 - t and -4 + t meet at t = 1, value -3), then the root:
    /// Left's taxed wall is -4 up to t = 1 and -3 - t above, Right's
    /// -7 + t; they meet at t = 2, value -5 (the vector `sensei-G-walls`).
    #[test]
    fn calculating_a_thermograph_example_step_by_step() {
        let t = tree("{{-2|-4}|-7}");
        let steps = construction(t.arena(), t.root()).unwrap();
        let phases: Vec<Phase> = steps.iter().map(|s| s.phase).collect();
        use Phase::*;
        assert_eq!(phases, [Number, Number, OptionWalls, Taxed, Scaffolds, Mast, Number, OptionWalls, Taxed, Scaffolds, Mast]);
        // The inner node {-2|-4}.
        let inner = &steps[2..6];
        assert_eq!(inner[0].label, "{-2|-4}");
        assert_eq!((at(&inner[0].left_walls[0], "3"), at(&inner[0].right_walls[0], "3")), (q("-2"), q("-4")));
        assert_eq!((at(&inner[1].left_walls[0], "1/2"), at(&inner[1].right_walls[0], "1/2")), (q("-5/2"), q("-7/2")));
        let sl = inner[2].left_scaffold.as_ref().unwrap();
        assert_eq!((at(sl, "0"), at(sl, "1")), (q("-2"), q("-3")));
        let th = inner[3].result.as_ref().unwrap();
        assert_eq!((th.mean(), th.temperature()), (&q("-3"), &q("1")));
        assert!(inner[3].caption.contains("meet at t = 1, value -3"), "{}", inner[3].caption);
        // The root.
        let root = &steps[7..];
        // Untaxed: the right wall of {-2|-4} (-4 + t up to t = 1, then -3).
        let raw = &root[0].left_walls[0];
        assert_eq!((at(raw, "0"), at(raw, "1"), at(raw, "5")), (q("-4"), q("-3"), q("-3")));
        // Taxed: -4 up to t = 1, then -3 - t; Right's -7 + t.
        let tl = &root[1].left_walls[0];
        assert_eq!((at(tl, "0"), at(tl, "1"), at(tl, "3/2"), at(tl, "2")), (q("-4"), q("-4"), q("-9/2"), q("-5")));
        assert_eq!(at(&root[1].right_walls[0], "2"), q("-5"));
        let th = root[3].result.as_ref().unwrap();
        assert_eq!((th.mean(), th.temperature()), (&q("-5"), &q("2")));
        // The walls of the vector: LW -4 (t < 1), -3 - t (1 < t < 2), -5.
        assert_eq!((at(th.left_wall(), "1/2"), at(th.left_wall(), "3/2"), at(th.left_wall(), "3")), (q("-4"), q("-9/2"), q("-5")));
        assert_eq!((at(th.right_wall(), "1"), at(th.right_wall(), "3")), (q("-6"), q("-5")));
        assert!(root[3].caption.contains("meet at t = 2, value -5"));
    }

    /// `14|2|||-2||-14|-16` = {{14|2} | {-2 | {-14|-16}}}: {14|2} has mast
    /// 8 from t = 6, {-14|-16} mast -15 from t = 1, {-2|{-14|-16}} meets
    /// at t = 13/2, value -17/2; the root's scaffolds (2, then 8 - t from
    /// t = 6; -2, then -17/2 + t from t = 13/2) meet at t = 33/4, -1/4.
    #[test]
    fn slash_example_step_by_step() {
        let t = tree("14|2|||-2||-14|-16");
        let steps = construction(t.arena(), t.root()).unwrap();
        let done: Vec<(String, String, String)> = steps
            .iter()
            .filter(|s| s.phase == Phase::Mast)
            .map(|s| {
                let th = s.result.as_ref().unwrap();
                (s.label.clone(), th.mean().to_string(), th.temperature().to_string())
            })
            .collect();
        assert_eq!(
            done,
            [
                ("{14|2}".to_string(), "8".to_string(), "6".to_string()),
                ("{-14|-16}".to_string(), "-15".to_string(), "1".to_string()),
                ("{-2|{-14|-16}}".to_string(), "-17/2".to_string(), "13/2".to_string()),
                ("{{14|2}|{-2|{-14|-16}}}".to_string(), "-1/4".to_string(), "33/4".to_string()),
            ]
        );
        let root: Vec<&ConstructionStep> = steps.iter().filter(|s| s.node == t.root()).collect();
        let sc = root[2];
        let (l, r) = (sc.left_scaffold.as_ref().unwrap(), sc.right_scaffold.as_ref().unwrap());
        assert_eq!((at(l, "0"), at(l, "6"), at(l, "7")), (q("2"), q("2"), q("1")));
        assert_eq!((at(r, "0"), at(r, "13/2"), at(r, "8")), (q("-2"), q("-2"), q("-1/2")));
        assert_eq!(at(l, "33/4"), at(r, "33/4"));
        assert_eq!(at(l, "33/4"), q("-1/4"));
    }

    /// The simplest-number rule, a side with no move, and the sub-zero
    /// part: `{0|5}`'s scaffolds are still apart at t = -1 (at 1 and 4: it
    /// is 1), `{|3}` has Left's scaffold -∞ (it is 0), `{1|2}`'s scaffolds
    /// meet below zero, at t = -1/2 (it is 3/2).
    #[test]
    fn numbers_by_rule_and_below_zero() {
        let last = |s: &str| construction(tree(s).arena(), tree(s).root()).unwrap().pop().unwrap();
        let a = last("{0|5}");
        assert_eq!(a.phase, Phase::SimplestNumber);
        assert_eq!(a.result.as_ref().unwrap().number(), Some(&q("1")));
        assert!(a.caption.contains("(Left's at 1, Right's at 4)") && a.caption.contains("between them, 1."), "{}", a.caption);
        let b = last("{|3}");
        assert_eq!(b.phase, Phase::SimplestNumber);
        assert!(b.caption.contains("Left's at -∞") && b.result.as_ref().unwrap().number() == Some(&q("0")), "{}", b.caption);
        let d = construction(tree("{1/3|-1}").arena(), tree("{1/3|-1}").root()).unwrap();
        assert!(d[0].caption.contains("not a dyadic") && !d[0].caption.contains("integer"), "{}", d[0].caption);
        assert!(d[1].caption.contains("-1 is an integer"), "{}", d[1].caption);
        let c = last("{1|2}");
        assert_eq!(c.phase, Phase::Mast);
        assert_eq!(c.result.as_ref().unwrap().temperature(), &q("-1/2"));
        assert!(c.caption.contains("below zero, so {1|2} is the number 3/2"), "{}", c.caption);
    }

    /// On random games every step is what the thermograph is made of: the
    /// taxed walls are the option walls sheared, the scaffolds their
    /// envelopes, and every result the position's own thermograph.
    #[test]
    fn every_step_agrees_with_the_thermograph() {
        let mut rng = crate::rng::SplitMix64::new(8);
        for _ in 0..300 {
            let text = crate::sums::testing::random_game(&mut rng, 3);
            let t = tree(&text);
            let steps = construction(t.arena(), t.root()).unwrap();
            let all = thermographs(t.arena(), t.root());
            for w in steps.windows(2) {
                if w[0].phase == Phase::OptionWalls {
                    assert_eq!(w[1].phase, Phase::Taxed);
                    let sheared: Vec<Wall> = w[0].left_walls.iter().map(|x| x.shear(-1)).collect();
                    assert_eq!(sheared, w[1].left_walls, "{text}");
                    let sheared: Vec<Wall> = w[0].right_walls.iter().map(|x| x.shear(1)).collect();
                    assert_eq!(sheared, w[1].right_walls, "{text}");
                }
                if w[0].phase == Phase::Taxed {
                    let env = w[0].left_walls.iter().cloned().reduce(|a, b| a.envelope(&b, true));
                    assert_eq!(env, w[1].left_scaffold, "{text}");
                    let env = w[0].right_walls.iter().cloned().reduce(|a, b| a.envelope(&b, false));
                    assert_eq!(env, w[1].right_scaffold, "{text}");
                }
            }
            for s in &steps {
                if let Some(th) = &s.result {
                    assert_eq!(th, &all[&s.node], "{text}: {}", s.label);
                }
            }
            assert_eq!(steps.last().unwrap().node, t.root());
        }
        let big = tree(&format!("{{{}|}}", (0..500).map(|i| i.to_string()).collect::<Vec<_>>().join(",")));
        assert!(matches!(construction(big.arena(), big.root()), Err(ConstructionError::TooLarge { .. })));
    }
}
