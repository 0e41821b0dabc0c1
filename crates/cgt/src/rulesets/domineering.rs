//! Domineering (Göran Andersson; Winning Ways ch. 2, Lessons in Play
//! §1.1): on a grid of squares Left places a domino vertically on two empty
//! squares, Right horizontally; the player who cannot place one loses.
//!
//! Text (`../shared/spec/rulesets.md`, as CGSuite and the Rust crate `cgt`
//! write it): rows top to bottom separated by `|`, `.` an empty square, `#`
//! a covered one: `....|....|.#..`. A move is named by the domino's top
//! (Left) or left (Right) square: column letter from `a`, row number from
//! 1 at the top, so `b3` for Left covers b3 and b4, for Right b3 and c3.
//!
//! The empty squares split into regions that no domino joins (4-connected
//! empty squares); each region is a component, cropped to its bounding
//! box. Mirroring a board left-right or top-bottom keeps every vertical
//! domino vertical, so it keeps the value: positions are memoised under the
//! least of the four mirror images.

use super::{Preset, RulesetInfo};
use super::{snippet, Ruleset};
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// Most columns (a row is a bit mask) and rows.
pub const MAX_SIDE: usize = 64;

/// `cgt game domineering`, `?r=domineering`.
pub const NAME: &str = "domineering";

/// Domineering in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Domineering",
    rules: "Players take turns placing dominoes on empty squares of a board: Left places them vertically (covering a square and the one below), Right horizontally (a square and the one to its right). The player who cannot place a domino loses.",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2; Albert, Nowakowski and Wolfe (2019), Lessons in Play §1.1",
    format: "rows top to bottom separated by `|`, `.` an empty square, `#` a covered one: `....|....|.#..`",
    example: "....|....|....",
    // Values as published; `tests/rulesets.rs` holds each to its source
    // through the registry (and `tests/data/rulesets.json` has more).
    presets: &[
        Preset {
            name: "2 x 2 square",
            position: "..|..",
            value: "±1",
            source: "Wikipedia (n.d.), Domineering ({1|-1}); the mathlib Community (2020), Domineering in Lean's mathlib",
        },
        Preset {
            name: "2 x 3 board",
            position: "...|...",
            value: "{2|-1/2}",
            source: "Wikipedia (n.d.), Domineering (mean 3/4, temperature 5/4)",
        },
        Preset {
            name: "L of four squares",
            position: ".#|.#|..",
            value: "1/2",
            source: "the mathlib Community (2020), Domineering in Lean's mathlib (the L position: Left is half a move ahead)",
        },
        Preset {
            name: "A number and a star",
            position: ".#.#|.#..",
            value: "1*",
            source: "cgt-tools (n.d.), its Domineering tests (values confirmed with CGSuite)",
        },
        Preset {
            name: "3 x 3 board",
            position: "...|...|...",
            value: "±1",
            source: "cgt-tools (n.d.), its Domineering tests (values confirmed with CGSuite); the mathlib Community (2020)",
        },
        Preset {
            name: "4 x 4 board",
            position: "....|....|....|....",
            value: "{0, {{2|0}, 2Tiny(2)|{2|0}, Miny(2)}|0, {{0|-2}, Tiny(2)|{0|-2}, -2Miny(2)}}",
            source: "Siegel (n.d.), CGSuite's Domineering tests (printed there as +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}})",
        },
        Preset { name: "L tromino", position: ".#|..", value: "*", source: "cgt-tools (n.d.), its Domineering tests (values confirmed with CGSuite)" },
        Preset { name: "Hot corner", position: "..#|..#|...", value: "{1/2|-2}", source: "cgt-tools (n.d.), its Domineering tests (values confirmed with CGSuite)" },
        Preset { name: "4 x 4 less a corner", position: "#...|....|....|....", value: "{1*|-1*}", source: "cgt-tools (n.d.), its Domineering tests (values confirmed with CGSuite; temperature 1)" },
    ],
};

/// A Domineering position: the empty squares of a `width` x `height` grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering {
    width: u8,
    /// Bit `c` of row `r` is set when square (r, c) is empty.
    rows: Vec<u64>,
}

/// Why a text is not a Domineering position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DomineeringError {
    /// Row `row` (1-based), column `col` (1-based) holds `found`.
    Square { row: usize, col: usize, found: String },
    /// Row `row` has `len` squares where the first row has `expected`.
    Ragged { row: usize, len: usize, expected: usize },
    /// More than [`MAX_SIDE`] rows or columns.
    TooLarge { rows: usize, cols: usize },
}

impl fmt::Display for DomineeringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DomineeringError::Square { row, col, found } => {
                write!(f, "row {row}, column {col}: found `{found}`, expected `.` (empty) or `#` (covered)")
            }
            DomineeringError::Ragged { row, len, expected } => {
                write!(f, "row {row} has {len} squares, expected {expected} like the first row (rows are separated by `|`)")
            }
            DomineeringError::TooLarge { rows, cols } => {
                write!(f, "the board is {cols} x {rows}; at most {MAX_SIDE} x {MAX_SIDE} squares")
            }
        }
    }
}

impl std::error::Error for DomineeringError {}

/// A domino's top (Left) or left (Right) square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub row: u8,
    pub col: u8,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.col as usize), self.row as usize + 1)
    }
}

/// `a` .. `z`, then `aa`, `ab`, ... (boards up to 64 columns); Toads and
/// Frogs names its squares the same way.
pub(crate) fn column_name(c: usize) -> String {
    if c < 26 {
        ((b'a' + c as u8) as char).to_string()
    } else {
        format!("{}{}", (b'a' + (c / 26 - 1) as u8) as char, (b'a' + (c % 26) as u8) as char)
    }
}

impl Domineering {
    /// An empty `width` x `height` board.
    pub fn empty(width: usize, height: usize) -> Result<Domineering, DomineeringError> {
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(DomineeringError::TooLarge { rows: height, cols: width });
        }
        let full = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
        Ok(Domineering { width: width as u8, rows: vec![full; height] })
    }
    pub fn width(&self) -> usize {
        self.width as usize
    }
    pub fn height(&self) -> usize {
        self.rows.len()
    }
    /// Is square (`row`, `col`) on the board and empty?
    pub fn is_empty_at(&self, row: usize, col: usize) -> bool {
        col < self.width() && self.rows.get(row).is_some_and(|r| r >> col & 1 == 1)
    }
    /// The same board with square (`row`, `col`) empty or covered (the
    /// editor's click); `None` off the board.
    pub fn with_square(&self, row: usize, col: usize, empty: bool) -> Option<Domineering> {
        if row >= self.height() || col >= self.width() {
            return None;
        }
        let mut d = self.clone();
        if empty {
            d.rows[row] |= 1 << col;
        } else {
            d.rows[row] &= !(1 << col);
        }
        Some(d)
    }
    /// The squares a move covers: its own and the one below (Left) or to
    /// the right (Right).
    pub fn covers(side: Side, m: Place) -> [(usize, usize); 2] {
        let (r, c) = (m.row as usize, m.col as usize);
        match side {
            Side::Left => [(r, c), (r + 1, c)],
            Side::Right => [(r, c), (r, c + 1)],
        }
    }
    fn empty_count(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }
    /// Mirror left-right.
    fn mirrored(&self) -> Domineering {
        let w = self.width();
        let rows = self.rows.iter().map(|&r| if w == 0 { 0 } else { r.reverse_bits() >> (64 - w) }).collect();
        Domineering { width: self.width, rows }
    }
    /// Mirror top-bottom.
    fn flipped(&self) -> Domineering {
        let mut rows = self.rows.clone();
        rows.reverse();
        Domineering { width: self.width, rows }
    }
    /// The board cut down to the bounding box of its empty squares (an
    /// empty 0 x 0 board when none is left).
    fn cropped(&self) -> Domineering {
        let any: u64 = self.rows.iter().fold(0, |a, r| a | r);
        if any == 0 {
            return Domineering { width: 0, rows: Vec::new() };
        }
        let lo = any.trailing_zeros() as usize;
        let hi = 63 - any.leading_zeros() as usize;
        let top = self.rows.iter().position(|&r| r != 0).expect("some row");
        let bottom = self.rows.iter().rposition(|&r| r != 0).expect("some row");
        let w = hi - lo + 1;
        let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        let rows = self.rows[top..=bottom].iter().map(|&r| (r >> lo) & mask).collect();
        Domineering { width: w as u8, rows }
    }
}

impl Ruleset for Domineering {
    type Move = Place;
    type Error = DomineeringError;
    const NAME: &'static str = "domineering";

    fn parse(text: &str) -> Result<Domineering, DomineeringError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<Place> {
        let mut out = Vec::new();
        let w = self.width();
        for (r, &row) in self.rows.iter().enumerate() {
            let spots = match side {
                Side::Left => row & self.rows.get(r + 1).copied().unwrap_or(0),
                Side::Right => row & (row >> 1),
            };
            let mut bits = spots;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if c < w {
                    out.push(Place { row: r as u8, col: c as u8 });
                }
            }
        }
        out
    }
    fn play(&self, side: Side, m: Place) -> Option<Domineering> {
        let [a, b] = Domineering::covers(side, m);
        if !self.is_empty_at(a.0, a.1) || !self.is_empty_at(b.0, b.1) {
            return None;
        }
        let mut d = self.clone();
        d.rows[a.0] &= !(1 << a.1);
        d.rows[b.0] &= !(1 << b.1);
        Some(d)
    }
    fn components(&self) -> Vec<Domineering> {
        let (w, h) = (self.width(), self.height());
        let mut left = self.rows.clone();
        let mut out = Vec::new();
        for r0 in 0..h {
            while left[r0] != 0 {
                let c0 = left[r0].trailing_zeros() as usize;
                // Flood fill one region of empty squares.
                let mut region = vec![0u64; h];
                let mut stack = vec![(r0, c0)];
                left[r0] &= !(1 << c0);
                region[r0] |= 1 << c0;
                let mut size = 0;
                while let Some((r, c)) = stack.pop() {
                    size += 1;
                    let mut visit = |rr: usize, cc: usize, stack: &mut Vec<(usize, usize)>| {
                        if cc < w && left[rr] >> cc & 1 == 1 {
                            left[rr] &= !(1 << cc);
                            region[rr] |= 1 << cc;
                            stack.push((rr, cc));
                        }
                    };
                    if r > 0 {
                        visit(r - 1, c, &mut stack);
                    }
                    if r + 1 < h {
                        visit(r + 1, c, &mut stack);
                    }
                    if c > 0 {
                        visit(r, c - 1, &mut stack);
                    }
                    visit(r, c + 1, &mut stack);
                }
                // A lone square takes no domino: it is worth 0.
                if size > 1 {
                    out.push(Domineering { width: self.width, rows: region }.cropped());
                }
            }
        }
        out
    }
    fn size(&self) -> usize {
        self.empty_count()
    }
    fn normalised(&self) -> Domineering {
        let c = self.cropped();
        let m = c.mirrored();
        let f = c.flipped();
        let mf = m.flipped();
        [c, m, f, mf].into_iter().min().expect("four images")
    }
}

impl fmt::Display for Domineering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, &row) in self.rows.iter().enumerate() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.width() {
                f.write_str(if row >> c & 1 == 1 { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

impl FromStr for Domineering {
    type Err = DomineeringError;
    fn from_str(text: &str) -> Result<Domineering, DomineeringError> {
        let text = text.trim();
        let lines: Vec<&str> = if text.is_empty() { Vec::new() } else { text.split('|').map(str::trim).collect() };
        let width = lines.first().map_or(0, |l| l.chars().count());
        if lines.len() > MAX_SIDE || width > MAX_SIDE {
            return Err(DomineeringError::TooLarge { rows: lines.len(), cols: width });
        }
        let mut rows = Vec::with_capacity(lines.len());
        for (r, line) in lines.iter().enumerate() {
            let len = line.chars().count();
            if len != width {
                if len > MAX_SIDE {
                    return Err(DomineeringError::TooLarge { rows: lines.len(), cols: len });
                }
                return Err(DomineeringError::Ragged { row: r + 1, len, expected: width });
            }
            let mut bits = 0u64;
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => bits |= 1 << c,
                    '#' => {}
                    other => return Err(DomineeringError::Square { row: r + 1, col: c + 1, found: snippet(&other.to_string()) }),
                }
            }
            rows.push(bits);
        }
        Ok(Domineering { width: width as u8, rows })
    }
}
