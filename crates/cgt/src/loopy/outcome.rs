//! Outcomes of loopy games with draws, by retrograde analysis of the
//! positions with each player to move (the method of endgame tables): a
//! mover without a move loses; a mover with a move to a position lost for
//! the next mover wins; a mover all of whose moves reach positions won for
//! the next mover loses; nothing else is decided, so it is a draw (play
//! can be kept going for ever, and neither side can force an end it wins).

use super::LoopyGame;
use std::fmt;

/// The result for the player who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Result3 {
    Win,
    Draw,
    Loss,
}

impl Result3 {
    pub fn as_str(self) -> &'static str {
        match self {
            Result3::Win => "win",
            Result3::Draw => "draw",
            Result3::Loss => "loss",
        }
    }
}

/// Who wins a loopy game with each player moving first (each result is
/// the first mover's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoopyOutcome {
    pub left_first: Result3,
    pub right_first: Result3,
}

impl LoopyOutcome {
    /// The outcome class when there is no draw: `L`, `R`, `N` or `P`; `D`
    /// when it is a draw whoever starts; else `None`.
    pub fn class(self) -> Option<&'static str> {
        use Result3::*;
        match (self.left_first, self.right_first) {
            (Win, Loss) => Some("L"),
            (Loss, Win) => Some("R"),
            (Win, Win) => Some("N"),
            (Loss, Loss) => Some("P"),
            (Draw, Draw) => Some("D"),
            _ => None,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = |r: Result3, who: &str, other: &str| match r {
            Result3::Win => format!("{who} wins"),
            Result3::Loss => format!("{other} wins"),
            Result3::Draw => "a draw".to_string(),
        };
        match self.class() {
            Some("L") => f.write_str("Left wins whoever starts"),
            Some("R") => f.write_str("Right wins whoever starts"),
            Some("N") => f.write_str("the first player wins"),
            Some("P") => f.write_str("the second player wins"),
            Some(_) => f.write_str("a draw whoever starts"),
            None => write!(f, "Left moving first: {}; Right moving first: {}", word(self.left_first, "Left", "Right"), word(self.right_first, "Right", "Left")),
        }
    }
}

/// Every position's result for its mover, from the start's.
pub(super) fn outcome(g: &LoopyGame) -> LoopyOutcome {
    let r = results(g);
    LoopyOutcome { left_first: r[0], right_first: r[1] }
}

/// The result for the mover of every state `2i` (Left to move at node
/// `i`) and `2i + 1` (Right to move).
pub(super) fn results(g: &LoopyGame) -> Vec<Result3> {
    results_of(&g.left, &g.right)
}

/// [`results`] of a raw graph (options as node numbers).
pub(super) fn results_of(left: &[Vec<u32>], right: &[Vec<u32>]) -> Vec<Result3> {
    let n = left.len();
    let states = 2 * n;
    let opts = |s: usize| -> &[u32] {
        if s.is_multiple_of(2) {
            &left[s / 2]
        } else {
            &right[s / 2]
        }
    };
    // The state an option leads to: the other player moves there.
    let to = |s: usize, o: u32| 2 * o as usize + (1 - s % 2);
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); states];
    let mut left_to_refute: Vec<usize> = vec![0; states];
    for s in 0..states {
        for &o in opts(s) {
            preds[to(s, o)].push(s as u32);
        }
        left_to_refute[s] = opts(s).len();
    }
    let mut res: Vec<Option<Result3>> = vec![None; states];
    let mut queue: Vec<usize> = (0..states).filter(|&s| opts(s).is_empty()).collect();
    for &s in &queue {
        res[s] = Some(Result3::Loss);
    }
    while let Some(s) = queue.pop() {
        let lost = res[s] == Some(Result3::Loss);
        for &p in &preds[s] {
            let p = p as usize;
            if res[p].is_some() {
                continue;
            }
            if lost {
                res[p] = Some(Result3::Win);
                queue.push(p);
            } else {
                left_to_refute[p] -= 1;
                if left_to_refute[p] == 0 {
                    res[p] = Some(Result3::Loss);
                    queue.push(p);
                }
            }
        }
    }
    res.into_iter().map(|r| r.unwrap_or(Result3::Draw)).collect()
}
