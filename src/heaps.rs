//! A heap-go sum's exact figures, shared by the pages that show one (the
//! heap-go board, MT-search's heap-go source): the sum both start with,
//! the most positions the page solves exactly, and the figures (the
//! thermograph and the terminal nodes) within that limit.

use cgt::rulesets::heapgo::{HeapGo, HeapGoError};
use cgt::side::Side;
use cgt::thermograph::Thermograph;
use std::fmt;

/// The heap-go sum the heap-go and MT-search pages start with (class B
/// 3-2-2 of Kao et al.'s (2012) Table 4).
pub const DEFAULT_HEAPS: &str = "b5,r3,b2/r7,b1/b4,r6";

/// Most (positions, score) nodes the page solves exactly (a 2,2,2,1,1 sum
/// needs a few thousand; 7,7 a few tens of thousands).
pub const MAX_POSITIONS: usize = 300_000;

/// Exact figures of a sum (or a heap) as the page shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub thermograph: Thermograph,
    pub terminals: String,
}

/// Why there are no figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FiguresError {
    Empty,
    TooLarge(String),
}

impl fmt::Display for FiguresError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FiguresError::Empty => f.write_str("no heaps: add one, or pick a random sum"),
            FiguresError::TooLarge(m) => write!(f, "too large to solve exactly here ({m}); MT-search can estimate it"),
        }
    }
}

/// How many positions can be reached from `pos` (each heap's tops that
/// some sequence of takes reaches, multiplied: the heaps are independent,
/// so every combination is reached), saturating. Every exact search here
/// visits each of them at least once, so past a search's limit the page
/// says "too large" at once instead of searching up to the limit first
/// (issue 43: 60 heaps blocked the page 10 s).
pub fn reachable_positions(g: &HeapGo, pos: &[usize]) -> usize {
    let mut total: usize = 1;
    for (h, heap) in g.heaps().iter().enumerate() {
        let from = pos.get(h).copied().unwrap_or(0).min(heap.len());
        let mut seen = vec![false; heap.len() + 1];
        let mut stack = vec![from];
        seen[from] = true;
        let mut count = 1usize;
        while let Some(i) = stack.pop() {
            for side in Side::BOTH {
                if let Some((to, _)) = g.take(h, i, side) {
                    if !seen[to.min(heap.len())] {
                        seen[to.min(heap.len())] = true;
                        count += 1;
                        stack.push(to.min(heap.len()));
                    }
                }
            }
        }
        total = total.saturating_mul(count);
    }
    total
}

/// `Err` naming the count when the positions reachable from `pos` are
/// more than `max` (the search would stop at its limit anyway).
pub fn within(g: &HeapGo, pos: &[usize], max: usize) -> Result<(), FiguresError> {
    let n = reachable_positions(g, pos);
    if n > max {
        let n = if n == usize::MAX { "more than 10^19".to_string() } else { n.to_string() };
        return Err(FiguresError::TooLarge(format!("{} heaps reach {n} positions; the page solves at most {max}", g.heaps().len())));
    }
    Ok(())
}

/// The exact figures of the sum `g` from its start, or why there are
/// none (no heaps; more positions than [`MAX_POSITIONS`]).
pub fn figures(g: &HeapGo) -> Result<Figures, FiguresError> {
    if g.heaps().is_empty() {
        return Err(FiguresError::Empty);
    }
    within(g, &g.start(), MAX_POSITIONS)?;
    match g.analyse(MAX_POSITIONS) {
        Ok(a) => Ok(Figures { thermograph: a.thermograph, terminals: a.terminals.to_string() }),
        Err(e @ HeapGoError::TooLarge { .. }) => Err(FiguresError::TooLarge(e.to_string())),
        Err(e) => Err(FiguresError::TooLarge(e.to_string())),
    }
}
