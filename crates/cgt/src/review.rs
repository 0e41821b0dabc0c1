//! What a move cost against perfect play, and the review of a game: the
//! words of the pages' feedback while playing (issue 24).
//!
//! A move is measured by what the mover could still secure before it and
//! after it, both under perfect play from then on: the mover's *best*
//! result with the mover to move, and the result *got* with the opponent
//! to move after the move. For a scored game (heap-go, Go) those are final
//! scores (Left's points minus Right's); for a short game in general they
//! are the stops, the same thing in a sum played to the end. The move lost
//! `best - got` points for Left (`got - best` for Right); a best move loses
//! nothing, and no move gains (perfect play is the best there is).
//!
//! The **outcome** of a scored game is the sign of the final score: Left
//! wins above 0, Right below, a draw at 0. A move *changed the outcome*
//! when the mover's perfect-play result before it and after it differ in
//! that sense ("was winning, now draws"). Callers with normal-play games
//! (the last mover wins) pass their own outcomes through
//! [`MoveCost::with_outcomes`].

use crate::numbers::Q;
use crate::side::Side;
use std::fmt;

/// Who ends up winning: Left, Right, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    Wins(Side),
    Draw,
}

impl Verdict {
    /// The verdict of a final score (Left's points minus Right's).
    pub fn of_score(score: &Q) -> Verdict {
        if score.is_positive() {
            Verdict::Wins(Side::Left)
        } else if score.is_negative() {
            Verdict::Wins(Side::Right)
        } else {
            Verdict::Draw
        }
    }
    /// "Left wins", "a draw", in the players' names.
    pub fn words(self, players: [&str; 2]) -> String {
        match self {
            Verdict::Wins(s) => format!("{} wins", players[s.index()]),
            Verdict::Draw => "a draw".to_string(),
        }
    }
}

/// One move measured against perfect play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveCost {
    pub side: Side,
    /// The mover's best result before the move (the mover to move).
    pub best: Q,
    /// The result after the move under perfect play (the opponent to move).
    pub got: Q,
    /// Points lost (0 for a best move; never negative).
    pub lost: Q,
    pub before: Verdict,
    pub after: Verdict,
}

impl MoveCost {
    /// A move of a scored game: the outcomes are the signs of the results.
    pub fn scored(side: Side, best: Q, got: Q) -> MoveCost {
        let (before, after) = (Verdict::of_score(&best), Verdict::of_score(&got));
        MoveCost::with_outcomes(side, best, got, before, after)
    }
    /// A move whose outcomes the caller knows (normal play).
    pub fn with_outcomes(side: Side, best: Q, got: Q, before: Verdict, after: Verdict) -> MoveCost {
        let lost = match side {
            Side::Left => &best - &got,
            Side::Right => &got - &best,
        };
        // Perfect play cannot be beaten; a negative loss means `best` was
        // not the best, and is reported as 0 rather than as a gain.
        let lost = if lost.is_negative() { Q::zero() } else { lost };
        MoveCost { side, best, got, lost, before, after }
    }
    pub fn is_best(&self) -> bool {
        self.lost.is_zero() && !self.changed_outcome()
    }
    pub fn changed_outcome(&self) -> bool {
        self.before != self.after
    }
    /// What the move did, in a sentence ("lost 2 points: perfect play kept
    /// +3, now +1 at best"), scores written by `score`.
    pub fn describe(&self, players: [&str; 2], score: impl Fn(&Q) -> String) -> String {
        let (best, got) = (score(&self.best), score(&self.got));
        let mut s = if self.lost.is_zero() {
            format!("a best move: perfect play keeps {got}")
        } else {
            let pts = if self.lost == Q::one() { "1 point".to_string() } else { format!("{} points", self.lost) };
            format!("lost {pts}: perfect play kept {best}, now {got} at best")
        };
        if self.changed_outcome() {
            s.push_str(&format!(", and changed the outcome: {} before, {} now", self.before.words(players), self.after.words(players)));
        }
        s
    }
}

/// A finished (or interrupted) game reviewed move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Each move's cost, in the order played (move 1 first).
    pub moves: Vec<MoveCost>,
}

impl Review {
    /// The moves of `side` that lost points or changed the outcome, with
    /// their numbers (from 1, counting both sides' moves).
    pub fn mistakes(&self, side: Side) -> Vec<(usize, &MoveCost)> {
        self.moves.iter().enumerate().filter(|(_, m)| m.side == side && !m.is_best()).map(|(i, m)| (i + 1, m)).collect()
    }
    /// The move that decided the game: the last one that changed the
    /// outcome, if any.
    pub fn losing_move(&self) -> Option<(usize, &MoveCost)> {
        self.moves.iter().enumerate().rev().find(|(_, m)| m.changed_outcome()).map(|(i, m)| (i + 1, m))
    }
    /// Points each side lost in all (Left's, Right's).
    pub fn total_lost(&self) -> [Q; 2] {
        let mut out = [Q::zero(), Q::zero()];
        for m in &self.moves {
            out[m.side.index()] = &out[m.side.index()] + &m.lost;
        }
        out
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(["Left", "Right"]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Q {
        s.parse().unwrap()
    }

    #[test]
    fn costs_and_words() {
        let plain = |x: &Q| x.to_string();
        let best = MoveCost::scored(Side::Left, q("3"), q("3"));
        assert!(best.is_best());
        assert_eq!(best.describe(["Left", "Right"], plain), "a best move: perfect play keeps 3");
        let slip = MoveCost::scored(Side::Left, q("3"), q("1"));
        assert_eq!(slip.lost, q("2"));
        assert!(!slip.changed_outcome());
        assert_eq!(slip.describe(["Left", "Right"], plain), "lost 2 points: perfect play kept 3, now 1 at best");
        let blunder = MoveCost::scored(Side::Right, q("-1"), q("2"));
        assert_eq!(blunder.lost, q("3"));
        assert!(blunder.changed_outcome());
        assert_eq!(
            blunder.describe(["Black", "White"], plain),
            "lost 3 points: perfect play kept -1, now 2 at best, and changed the outcome: White wins before, Black wins now"
        );
        // A draw thrown away loses the outcome too.
        assert!(MoveCost::scored(Side::Left, q("0"), q("-1/2")).changed_outcome());
        // Never a gain.
        assert_eq!(MoveCost::scored(Side::Left, q("1"), q("2")).lost, Q::zero());
    }

    #[test]
    fn review_names_the_mistakes_and_the_losing_move() {
        let r = Review {
            moves: vec![
                MoveCost::scored(Side::Left, q("2"), q("2")),
                MoveCost::scored(Side::Right, q("2"), q("3")),
                MoveCost::scored(Side::Left, q("3"), q("-1")),
                MoveCost::scored(Side::Right, q("-1"), q("-1")),
            ],
        };
        let l: Vec<usize> = r.mistakes(Side::Left).iter().map(|(i, _)| *i).collect();
        let rr: Vec<usize> = r.mistakes(Side::Right).iter().map(|(i, _)| *i).collect();
        assert_eq!((l, rr), (vec![3], vec![2]));
        assert_eq!(r.losing_move().map(|(i, _)| i), Some(3));
        assert_eq!(r.total_lost(), [q("4"), q("1")]);
    }
}
