//! Outcome classes (L, R, P, N) of game trees, by the win/loss recursion.
//!
//! A numeric leaf `x` is the number `x`: Left wins moving first iff `x > 0`
//! and moving second iff `x >= 0`. For `{L | R}` Left wins moving first iff
//! some `G^L` is a win for Left moving second, and moving second iff every
//! `G^R` is a win for Left moving first. One pass in id order, no recursion.

use crate::game::{Arena, GameId, Node};
use std::collections::HashMap;
use std::fmt;

/// Who wins: Left whoever starts, Right whoever starts, the second player,
/// or the first (next) player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    L,
    R,
    P,
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

impl Outcome {
    fn from_wins(left_first: bool, left_second: bool) -> Outcome {
        match (left_first, left_second) {
            (true, true) => Outcome::L,
            (false, false) => Outcome::R,
            (false, true) => Outcome::P,
            (true, false) => Outcome::N,
        }
    }
}

/// The outcome class of `root`.
pub fn outcome(arena: &Arena, root: GameId) -> Outcome {
    // (Left wins moving first, Left wins moving second)
    let mut wins: HashMap<GameId, (bool, bool)> = HashMap::new();
    for g in arena.reachable(root) {
        let w = match arena.node(g) {
            Node::Number(x) => (x.is_positive(), !x.is_negative()),
            Node::Options { left, right } => {
                (left.iter().any(|c| wins[c].1), right.iter().all(|c| wins[c].0))
            }
        };
        wins.insert(g, w);
    }
    let (a, b) = wins[&root];
    Outcome::from_wins(a, b)
}
