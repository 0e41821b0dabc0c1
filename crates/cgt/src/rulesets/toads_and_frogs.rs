//! Toads and Frogs (Winning Ways ch. 1; Lessons in Play): on a strip of
//! squares Left moves a toad `T` one square to the right onto an empty
//! square, or jumps it over exactly one frog `F` onto the empty square just
//! beyond; Right moves a frog to the left in the same way (jumping one
//! toad). The player who cannot move loses.
//!
//! Text (the letters of CGSuite and of the
//! Rust crate `cgt`): one row of `T`, `F` and `.` (an empty square), e.g.
//! `TT..FF`; several rows separated by `|` are a sum (each row is its own
//! strip: pieces never change rows), e.g. `TT..FF|T.F`. Rows may have
//! different lengths (at most [`MAX_WIDTH`] squares, [`MAX_ROWS`] rows).
//!
//! A move is named by the square its piece starts from, as Domineering
//! names squares: column letter from `a`, row number from 1 at the top, so
//! `c1` for Left moves the toad on the third square of the first row (one
//! step or a jump, whichever is legal: a toad has at most one move, since
//! the square ahead is either empty or not).
//!
//! **Components.** Each row is a component, and a row splits further where
//! play provably never crosses:
//!
//! - *Dead ends.* Frogs on the first squares of a row (`FF..`) never move
//!   (a frog moves left, onto an empty square or over one toad onto an
//!   empty square, and the squares to their left are the edge or frogs that
//!   never move), and no toad ever moves left to reach them; so they stay
//!   put forever and only stop frogs from moving onto their squares, which
//!   the edge of a shorter row does too. They are dropped; likewise toads on
//!   the last squares of a row.
//! - *Walls.* In a block `TTFF` no piece ever moves: the first toad faces a
//!   toad, the second faces a frog with a frog behind it (a jump needs an
//!   empty square), and the frogs likewise. A piece looks at most two
//!   squares ahead, so a toad left of the block sees at most its first two
//!   squares (toads: it cannot move), and a frog right of it its last two
//!   (frogs); no piece ever passes the block. So the row is the sum of the
//!   part up to `TT` and the part from `FF` on (cut between the `T`s and the
//!   `F`s), each then trimmed of its dead ends.
//!
//! Parts with no move for either side (worth 0) are left out.
//!
//! **Normalisation** keeps the value: dead ends are trimmed (above), rows
//! without moves dropped and rows sorted (a sum does not depend on the
//! order). Reversing a row and swapping toads and frogs negates the value,
//! so it is not folded.
//!
//! **Known values.** When no toad stands left of a frog, toads and frogs
//! move apart and never meet again: each side has a fixed number of moves
//! whatever the order (a toad can step onto each empty square to its right,
//! a frog onto each to its left), so the value is the integer Left's moves
//! minus Right's ([`Ruleset::known_value`]; tests hold it to the search).

use super::domineering::column_name;
use super::engine::EngineError;
use super::{snippet, Preset, Ruleset, RulesetInfo};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// Most squares in a row (a row is two bit masks).
pub const MAX_WIDTH: usize = 64;
/// Most rows.
pub const MAX_ROWS: usize = 64;

/// `cgt game toads-and-frogs`, `?r=toads-and-frogs`.
pub const NAME: &str = "toads-and-frogs";

/// Toads and Frogs in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Toads and Frogs",
    rules: "Toads (Left's) and frogs (Right's) sit on a strip of squares. Left moves a toad one square to the right onto an empty square, or jumps it over exactly one frog onto the empty square just beyond; Right moves a frog to the left in the same way, jumping over one toad. Pieces never leave their row, nothing is captured, and the player who cannot move loses.",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 1; Albert, Nowakowski and Wolfe (2019), Lessons in Play; Erickson (1996), New Toads and Frogs Results",
    format: "a row of `T` (toad), `F` (frog) and `.` (empty square), e.g. `TT..FF`; several rows separated by `|` are played side by side (a sum). A move is named by its piece's square: column letter, row number (`c1`)",
    example: "TTT..FF",
    players: crate::rulesets::LEFT_RIGHT,
    // Values as published; `tests/rulesets.rs` holds each to its source
    // through the registry (and `tests/data/rulesets.json` has more).
    presets: &[
        Preset { name: "Up", position: "TFT.TFF", value: "^", source: "cgt-tools (n.d.), its Toads and Frogs tests (values confirmed with CGSuite)" },
        Preset { name: "Star", position: "TFTFT.F", value: "*", source: "cgt-tools (n.d.), its Toads and Frogs tests (values confirmed with CGSuite)" },
        Preset { name: "Double up star", position: "T.TFTFF", value: "^^*", source: "cgt-tools (n.d.), its Toads and Frogs tests (values confirmed with CGSuite; printed there as {0|^}, the same game)" },
        Preset {
            name: "Five toads, two gaps, five frogs",
            position: "TTTTT..FFFFF",
            value: "{{2|*}, {{5/2|{2|{0|{{0|{{^*|0}|-1}}, {0|{{0|{Miny(1/32)|-2}}|-1/2*}}|{{{^*|0}|-1/2}|-1*}}}}}|0}|{*|-2}, {0|{{{{{1*|{1/2|{0|v*}}}|{{1/2*|{{2|Tiny(1/32)}|0}}|0}, {{1|{0|v*}}|0}}|0}|-2}|-5/2}}}",
            source: "Siegel (n.d.), CGSuite's Toads and Frogs tests (printed there as +-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}: the same game, read with CGSuite's ± of an option list as {A, B | -A, -B}, its comma lists inside one slash level as one option list, and v<2> = down-second = {^*|0}; confirmed with cgt-tools)",
        },
    ],
};

/// One row: which squares hold a toad, which a frog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Row {
    width: u8,
    toads: u64,
    frogs: u64,
}

impl Row {
    fn mask(&self) -> u64 {
        if self.width as usize >= 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        }
    }
    fn empty(&self) -> u64 {
        self.mask() & !(self.toads | self.frogs)
    }
    /// Left's move from `c`: the square the toad lands on.
    fn toad_target(&self, c: usize) -> Option<usize> {
        if self.toads >> c & 1 == 0 {
            return None;
        }
        let empty = self.empty();
        if c + 1 < self.width as usize && empty >> (c + 1) & 1 == 1 {
            Some(c + 1)
        } else if c + 2 < self.width as usize && self.frogs >> (c + 1) & 1 == 1 && empty >> (c + 2) & 1 == 1 {
            Some(c + 2)
        } else {
            None
        }
    }
    /// Right's move from `c`: the square the frog lands on.
    fn frog_target(&self, c: usize) -> Option<usize> {
        if self.frogs >> c & 1 == 0 {
            return None;
        }
        let empty = self.empty();
        if c >= 1 && empty >> (c - 1) & 1 == 1 {
            Some(c - 1)
        } else if c >= 2 && self.toads >> (c - 1) & 1 == 1 && empty >> (c - 2) & 1 == 1 {
            Some(c - 2)
        } else {
            None
        }
    }
    fn has_move(&self) -> bool {
        (0..self.width as usize).any(|c| self.toad_target(c).is_some() || self.frog_target(c).is_some())
    }
    /// Squares `lo..hi` as a row of their own.
    fn slice(&self, lo: usize, hi: usize) -> Row {
        let w = hi - lo;
        let m = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        Row { width: w as u8, toads: (self.toads >> lo) & m, frogs: (self.frogs >> lo) & m }
    }
    /// The row without its dead ends: frogs on its first squares, toads on
    /// its last (see the module docs).
    fn trimmed(&self) -> Row {
        let w = self.width as usize;
        let mut lo = 0;
        while lo < w && self.frogs >> lo & 1 == 1 {
            lo += 1;
        }
        let mut hi = w;
        while hi > lo && self.toads >> (hi - 1) & 1 == 1 {
            hi -= 1;
        }
        self.slice(lo, hi)
    }
    /// The independent parts of the row: cut at every `TTFF` (between the
    /// toads and the frogs), each part trimmed, parts without moves left
    /// out.
    fn parts(&self) -> Vec<Row> {
        let w = self.width as usize;
        let mut out = Vec::new();
        let mut lo = 0;
        let mut c = 0;
        while c + 4 <= w {
            let t = self.toads >> c & 0b11 == 0b11;
            let f = self.frogs >> (c + 2) & 0b11 == 0b11;
            if t && f {
                out.push(self.slice(lo, c + 2));
                lo = c + 2;
                c += 2;
            } else {
                c += 1;
            }
        }
        out.push(self.slice(lo, w));
        out.into_iter().map(|r| r.trimmed()).filter(Row::has_move).collect()
    }
    /// Whether no toad stands left of a frog (they have passed each other).
    fn apart(&self) -> bool {
        if self.toads == 0 || self.frogs == 0 {
            return true;
        }
        let first_toad = self.toads.trailing_zeros();
        let last_frog = 63 - self.frogs.leading_zeros();
        last_frog < first_toad
    }
}

/// A Toads and Frogs position: rows played side by side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ToadsAndFrogs {
    rows: Vec<Row>,
}

/// Why a text is not a Toads and Frogs position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToadsAndFrogsError {
    /// Row `row` (1-based), column `col` (1-based) holds `found`.
    Square { row: usize, col: usize, found: String },
    /// Row `row` has `len` squares, more than [`MAX_WIDTH`].
    TooWide { row: usize, len: usize },
    /// More than [`MAX_ROWS`] rows.
    TooManyRows { rows: usize },
}

impl fmt::Display for ToadsAndFrogsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToadsAndFrogsError::Square { row, col, found } => {
                write!(f, "row {row}, column {col}: found `{found}`, expected `T` (a toad), `F` (a frog) or `.` (an empty square)")
            }
            ToadsAndFrogsError::TooWide { row, len } => write!(f, "row {row} has {len} squares; at most {MAX_WIDTH}"),
            ToadsAndFrogsError::TooManyRows { rows } => write!(f, "{rows} rows; at most {MAX_ROWS} (rows are separated by `|`)"),
        }
    }
}

impl std::error::Error for ToadsAndFrogsError {}

/// A move: the square its piece starts from (the side says which way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hop {
    pub row: u8,
    pub col: u8,
}

impl fmt::Display for Hop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.col as usize), self.row as usize + 1)
    }
}

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    Empty,
    Toad,
    Frog,
}

impl ToadsAndFrogs {
    /// How many rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }
    /// How many squares row `row` has (0 past the last row).
    pub fn width(&self, row: usize) -> usize {
        self.rows.get(row).map_or(0, |r| r.width as usize)
    }
    /// What square (`row`, `col`) holds; `None` off the board.
    pub fn at(&self, row: usize, col: usize) -> Option<Square> {
        let r = self.rows.get(row)?;
        if col >= r.width as usize {
            return None;
        }
        Some(if r.toads >> col & 1 == 1 {
            Square::Toad
        } else if r.frogs >> col & 1 == 1 {
            Square::Frog
        } else {
            Square::Empty
        })
    }
    /// Where the piece of `m` lands when `side` plays it; `None` if it is
    /// not a legal move.
    pub fn target(&self, side: Side, m: Hop) -> Option<usize> {
        let r = self.rows.get(m.row as usize)?;
        match side {
            Side::Left => r.toad_target(m.col as usize),
            Side::Right => r.frog_target(m.col as usize),
        }
    }
}

impl Ruleset for ToadsAndFrogs {
    type Move = Hop;
    type Error = ToadsAndFrogsError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<ToadsAndFrogs, ToadsAndFrogsError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<Hop> {
        let mut out = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for c in 0..row.width as usize {
                let ok = match side {
                    Side::Left => row.toad_target(c).is_some(),
                    Side::Right => row.frog_target(c).is_some(),
                };
                if ok {
                    out.push(Hop { row: r as u8, col: c as u8 });
                }
            }
        }
        out
    }
    fn play(&self, side: Side, m: Hop) -> Option<ToadsAndFrogs> {
        let to = self.target(side, m)?;
        let mut next = self.clone();
        let row = &mut next.rows[m.row as usize];
        let (from, to) = (1u64 << m.col, 1u64 << to);
        match side {
            Side::Left => row.toads = (row.toads & !from) | to,
            Side::Right => row.frogs = (row.frogs & !from) | to,
        }
        Some(next)
    }
    fn components(&self) -> Vec<ToadsAndFrogs> {
        self.rows.iter().flat_map(Row::parts).map(|r| ToadsAndFrogs { rows: vec![r] }).collect()
    }
    fn size(&self) -> usize {
        self.rows.iter().map(|r| r.width as usize).sum()
    }
    fn normalised(&self) -> ToadsAndFrogs {
        let mut rows: Vec<Row> = self.rows.iter().map(Row::trimmed).filter(Row::has_move).collect();
        rows.sort();
        ToadsAndFrogs { rows }
    }
    fn known_value(&self, canon: &mut Canon, _max_positions: usize) -> Option<Result<CanonId, EngineError>> {
        if !self.rows.iter().all(Row::apart) {
            return None;
        }
        let mut total: i64 = 0;
        for r in &self.rows {
            let empty = r.empty();
            for c in 0..r.width as usize {
                if r.toads >> c & 1 == 1 {
                    // Empty squares to its right.
                    total += (empty >> c).count_ones() as i64;
                } else if r.frogs >> c & 1 == 1 {
                    // Empty squares to its left.
                    let below = if c == 0 { 0 } else { empty & ((1u64 << c) - 1) };
                    total -= below.count_ones() as i64;
                }
            }
        }
        Some(canon.num(Q::from_int(total)).map_err(EngineError::from))
    }
}

impl fmt::Display for ToadsAndFrogs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                f.write_str("|")?;
            }
            for c in 0..r.width as usize {
                f.write_str(if r.toads >> c & 1 == 1 {
                    "T"
                } else if r.frogs >> c & 1 == 1 {
                    "F"
                } else {
                    "."
                })?;
            }
        }
        Ok(())
    }
}

impl FromStr for ToadsAndFrogs {
    type Err = ToadsAndFrogsError;
    fn from_str(text: &str) -> Result<ToadsAndFrogs, ToadsAndFrogsError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(ToadsAndFrogs { rows: Vec::new() });
        }
        let lines: Vec<&str> = text.split('|').map(str::trim).collect();
        if lines.len() > MAX_ROWS {
            return Err(ToadsAndFrogsError::TooManyRows { rows: lines.len() });
        }
        let mut rows = Vec::with_capacity(lines.len());
        for (r, line) in lines.iter().enumerate() {
            let len = line.chars().count();
            if len > MAX_WIDTH {
                return Err(ToadsAndFrogsError::TooWide { row: r + 1, len });
            }
            let mut row = Row { width: len as u8, toads: 0, frogs: 0 };
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    'T' => row.toads |= 1 << c,
                    'F' => row.frogs |= 1 << c,
                    '.' => {}
                    other => return Err(ToadsAndFrogsError::Square { row: r + 1, col: c + 1, found: snippet(&other.to_string()) }),
                }
            }
            rows.push(row);
        }
        Ok(ToadsAndFrogs { rows })
    }
}
