//! Outcome classes (L, R, P, N) of game trees, by the win/loss recursion.
//!
//! A numeric leaf `x` is the number `x`: Left wins moving first iff `x > 0`
//! and moving second iff `x >= 0`. For `{L | R}` Left wins moving first iff
//! some `G^L` is a win for Left moving second, and moving second iff every
//! `G^R` is a win for Left moving first. One pass in id order, no recursion.

use crate::game::{Arena, GameId, Node};
use crate::side::Side;
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
    /// The class from who wins when Left starts and who wins when Right
    /// starts.
    fn from_winners(left_starts: Side, right_starts: Side) -> Outcome {
        match (left_starts, right_starts) {
            (Side::Left, Side::Left) => Outcome::L,
            (Side::Right, Side::Right) => Outcome::R,
            (Side::Right, Side::Left) => Outcome::P,
            (Side::Left, Side::Right) => Outcome::N,
        }
    }
}

/// Who wins each position of a tree, recorded leaves first (the order
/// [`Arena::reachable`] gives), one position at a time so that a long pass
/// can be done in slices.
#[derive(Clone, Debug, Default)]
pub struct Outcomes {
    /// Who wins each position, by the side that starts (`Side::index`).
    winner: HashMap<GameId, [Side; 2]>,
}

impl Outcomes {
    /// Record `g`. Its options must be recorded already (leaves first).
    pub fn add(&mut self, arena: &Arena, g: GameId) {
        let w = match arena.node(g) {
            Node::Number(x) => [Side::from_left(x.is_positive()), Side::from_left(!x.is_negative())],
            Node::Options { left, right } => {
                // The starter wins iff one of its options is a win for it
                // moving second.
                let starts = |s: Side, options: &[GameId]| {
                    if options.iter().any(|c| self.winner[c][s.other().index()] == s) {
                        s
                    } else {
                        s.other()
                    }
                };
                [starts(Side::Left, left), starts(Side::Right, right)]
            }
        };
        self.winner.insert(g, w);
    }
    /// The outcome class of a recorded position.
    pub fn get(&self, g: GameId) -> Option<Outcome> {
        self.winner.get(&g).map(|&[l, r]| Outcome::from_winners(l, r))
    }
    pub fn len(&self) -> usize {
        self.winner.len()
    }
    pub fn is_empty(&self) -> bool {
        self.winner.is_empty()
    }
}

/// The outcome class of `root`.
pub fn outcome(arena: &Arena, root: GameId) -> Outcome {
    let mut all = Outcomes::default();
    for g in arena.reachable(root) {
        all.add(arena, g);
    }
    let [l, r] = all.winner[&root];
    Outcome::from_winners(l, r)
}
