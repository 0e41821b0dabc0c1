//! The two players and paths of moves between positions.
//!
//! One [`Side`] type serves every game, search, picture and page: Left is
//! Blue / Black / vertical and moves to `G^L`, Right is Red / White /
//! horizontal and moves to `G^R` (Winning Ways' and CGSuite's conventions).
//!
//! A [`MovePath`] names a position below a root by the options taken, each
//! `L` or `R` with a 0-based index among that side's options, joined by
//! dots: `L0.R2` is Right's third option of Left's first option. The empty
//! text is the root. This is the one text the explorer's selected subgame,
//! heap-go's game records and the CLI use; MT-search's paths (`L1R2`,
//! 1-based, no dots) follow the paper and keep their own format.

use std::fmt;
use std::str::FromStr;

/// Left or Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// Who a final score (Left's points minus Right's, as in every scored
    /// game here) favours; `None` for a draw.
    pub fn by_score(score: &crate::numbers::Q) -> Option<Side> {
        if score.is_positive() {
            Some(Side::Left)
        } else if score.is_negative() {
            Some(Side::Right)
        } else {
            None
        }
    }

    /// Both sides, Left first.
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];

    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
    pub fn is_left(self) -> bool {
        self == Side::Left
    }
    /// `Left` when `left` holds: the bridge from the `bool` flags of older
    /// interfaces.
    pub fn from_left(left: bool) -> Side {
        if left {
            Side::Left
        } else {
            Side::Right
        }
    }
    /// `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Right => 'R',
        }
    }
    /// `L`/`l` or `R`/`r`.
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'L' | 'l' => Some(Side::Left),
            'R' | 'r' => Some(Side::Right),
            _ => None,
        }
    }
    /// `Left` or `Right`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    }
    /// +1 for Left, -1 for Right: the sign of a score in Left's favour.
    pub fn sign(self) -> i32 {
        match self {
            Side::Left => 1,
            Side::Right => -1,
        }
    }
    /// Whether `a` is better than `b` for this side, values counted in
    /// Left's favour: Left prefers the larger, Right the smaller (the one
    /// comparison every minimax and strategy makes).
    pub fn prefers<T: PartialOrd + ?Sized>(self, a: &T, b: &T) -> bool {
        match self {
            Side::Left => a > b,
            Side::Right => a < b,
        }
    }
    /// The index of the side in `[left, right]` pairs.
    pub fn index(self) -> usize {
        match self {
            Side::Left => 0,
            Side::Right => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = PathError;
    /// `L`, `R`, `Left`, `Right` (any case).
    fn from_str(s: &str) -> Result<Side, PathError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "l" | "left" => Ok(Side::Left),
            "r" | "right" => Ok(Side::Right),
            _ => Err(PathError { step: 0, found: s.trim().to_string(), expected: "L or R (Left or Right)" }),
        }
    }
}

/// One move of a path: a side and a 0-based option index on that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub side: Side,
    pub index: usize,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side.letter(), self.index)
    }
}

/// Longest path [`MovePath::from_str`] accepts (deeper than any tree a page
/// or the CLI accepts; a longer text is refused, not cut).
pub const MAX_PATH_STEPS: usize = 100_000;

/// A path from a root to one of its positions; empty = the root.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct MovePath(Vec<Step>);

impl MovePath {
    pub fn root() -> MovePath {
        MovePath(Vec::new())
    }
    pub fn new(steps: Vec<Step>) -> MovePath {
        MovePath(steps)
    }
    pub fn steps(&self) -> &[Step] {
        &self.0
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }
    /// This path followed by one more step.
    pub fn child(&self, side: Side, index: usize) -> MovePath {
        let mut v = self.0.clone();
        v.push(Step { side, index });
        MovePath(v)
    }
    pub fn push(&mut self, side: Side, index: usize) {
        self.0.push(Step { side, index });
    }
    pub fn pop(&mut self) -> Option<Step> {
        self.0.pop()
    }
    /// Keep the first `len` steps (a game record taken back to a move).
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
    /// The path without its last step (`None` at the root).
    pub fn parent(&self) -> Option<MovePath> {
        let (_, rest) = self.0.split_last()?;
        Some(MovePath(rest.to_vec()))
    }
    /// Is `self` a (non-strict) prefix of `other`?
    pub fn is_prefix_of(&self, other: &MovePath) -> bool {
        other.0.len() >= self.0.len() && other.0[..self.0.len()] == self.0[..]
    }
}

impl fmt::Display for MovePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// Why a text is not a move path: the 1-based step, what was found there
/// and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    pub step: usize,
    pub found: String,
    pub expected: &'static str,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step == 0 {
            write!(f, "`{}`: expected {}", self.found, self.expected)
        } else {
            write!(f, "step {} (`{}`): expected {}", self.step, self.found, self.expected)
        }
    }
}

impl std::error::Error for PathError {}

impl FromStr for MovePath {
    type Err = PathError;
    /// `L0.R2` (letters in either case); the empty text is the root. An
    /// index may carry a `+` sign (`L+0`), as Rust's integer parsing
    /// allows: the page's paths and game records were read that way before
    /// this codec, and links already shared keep opening the same.
    fn from_str(s: &str) -> Result<MovePath, PathError> {
        let s = s.trim();
        if s.is_empty() {
            return Ok(MovePath::root());
        }
        let mut steps = Vec::new();
        for (i, part) in s.split('.').enumerate() {
            if i >= MAX_PATH_STEPS {
                return Err(PathError { step: i + 1, found: String::new(), expected: "at most 100000 steps" });
            }
            let err = || PathError { step: i + 1, found: crate::quote::snippet(part), expected: "L or R and an option index from 0, e.g. L0 or R2" };
            let mut chars = part.chars();
            let side = chars.next().and_then(Side::from_letter).ok_or_else(err)?;
            let digits = chars.as_str();
            let digits = digits.strip_prefix('+').unwrap_or(digits);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err());
            }
            let index: usize = digits.parse().map_err(|_| err())?;
            steps.push(Step { side, index });
        }
        Ok(MovePath(steps))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_favours_its_sign() {
        use crate::numbers::Q;
        assert_eq!(Side::by_score(&Q::frac(3, 2)), Some(Side::Left));
        assert_eq!(Side::by_score(&Q::from_int(-1)), Some(Side::Right));
        assert_eq!(Side::by_score(&Q::zero()), None);
    }

    #[test]
    fn paths_round_trip() {
        for text in ["", "L0", "R12", "L0.R2.L3", "L100.R0"] {
            let p: MovePath = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        let p: MovePath = "l0.r2".parse().unwrap();
        assert_eq!(p.to_string(), "L0.R2");
        assert_eq!("L+0.R+2".parse::<MovePath>().unwrap(), p);
        assert_eq!(p.parent().unwrap().to_string(), "L0");
        assert!(MovePath::root().is_prefix_of(&p));
        let mut q = p.clone();
        q.truncate(1);
        assert_eq!(q, p.parent().unwrap());
    }

    #[test]
    fn bad_paths_name_the_step() {
        for (text, step) in [("X0", 1), ("L0.R", 2), ("L0..R1", 2), ("L-1", 1), ("L+", 1), ("L++0", 1), ("L0.R2x", 2), ("L99999999999999999999999", 1)] {
            let e = text.parse::<MovePath>().unwrap_err();
            assert_eq!(e.step, step, "{text}: {e}");
        }
    }

    #[test]
    fn sides() {
        assert_eq!(Side::Left.other(), Side::Right);
        assert_eq!("right".parse::<Side>().unwrap(), Side::Right);
        assert_eq!(Side::from_left(true), Side::Left);
        assert_eq!(Side::Right.sign(), -1);
        assert!(Side::Left.prefers(&2, &1) && Side::Right.prefers(&1, &2) && !Side::Right.prefers(&1, &1));
        assert!("x".parse::<Side>().is_err());
    }
}
