//! Domineering (Göran Andersson; Winning Ways ch. 2, Lessons in Play
//! §1.1): on a grid of squares Left places a domino vertically on two empty
//! squares, Right horizontally; the player who cannot place one loses.
//!
//! Text (as CGSuite and the Rust crate `cgt`
//! write it): rows top to bottom separated by `|`, `.` an empty square, `#`
//! a covered one: `....|....|.#..`. A move is named by the domino's top
//! (Left) or left (Right) square: column letter from `a`, row number from
//! 1 at the top, so `b3` for Left covers b3 and b4, for Right b3 and c3.
//!
//! The empty squares split into regions that no domino joins (4-connected
//! empty squares); each region is a component, cropped to its bounding
//! box. Mirroring a board left-right or top-bottom keeps every vertical
//! domino vertical, so it keeps the value, and transposing it makes
//! vertical dominoes horizontal, so it negates the value: positions are
//! memoised under the least of their eight images, with a sign.

use super::bitgrid::Shape;
use super::{snippet, Ruleset};
use super::{Preset, RulesetInfo};
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
    players: crate::rulesets::LEFT_RIGHT,
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
///
/// Boards of at most 128 squares (every board the engine can value, and
/// every component it meets) are packed into one `u128`
/// ([`super::bitgrid`]); larger ones, up to 64 x 64, keep a mask per row.
/// Which one a board uses is decided by its size alone, so equal boards
/// have equal representations (derived `Eq` and `Hash` are sound).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Domineering {
    width: u8,
    height: u8,
    cells: Cells,
}

fn split(bits: u128) -> [u64; 2] {
    [bits as u64, (bits >> 64) as u64]
}

fn join([lo, hi]: [u64; 2]) -> u128 {
    u128::from(lo) | u128::from(hi) << 64
}

/// The empty squares: bit `r * width + c` packed, or bit `c` of row `r`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Cells {
    /// The `u128` as two halves (low, high): 8-byte alignment keeps a
    /// board 32 bytes, where a `u128` would make it 48 (the solver's table
    /// holds millions).
    Packed([u64; 2]),
    Rows(Box<[u64]>),
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
        Ok(Domineering::from_rows(width, vec![full; height]))
    }
    /// The board whose row `r` has the empty squares of `rows[r]` (bits
    /// below `width`).
    fn from_rows(width: usize, rows: Vec<u64>) -> Domineering {
        let height = rows.len();
        match Shape::new(width, height) {
            Some(s) => {
                let bits = rows.iter().enumerate().fold(0u128, |a, (r, &row)| a | (row as u128) << (r * s.width()));
                Domineering { width: width as u8, height: height as u8, cells: Cells::Packed(split(bits)) }
            }
            None => Domineering { width: width as u8, height: height as u8, cells: Cells::Rows(rows.into_boxed_slice()) },
        }
    }
    pub(crate) fn packed(shape: Shape, bits: u128) -> Domineering {
        Domineering { width: shape.width() as u8, height: shape.height() as u8, cells: Cells::Packed(split(bits)) }
    }
    /// The packed board's shape and squares, if it is packed.
    pub(crate) fn as_packed(&self) -> Option<(Shape, u128)> {
        match self.cells {
            Cells::Packed(bits) => Some((Shape::new(self.width(), self.height()).expect("packed boards fit"), join(bits))),
            Cells::Rows(_) => None,
        }
    }
    /// Row `r`'s empty squares as bits.
    fn row(&self, r: usize) -> u64 {
        match &self.cells {
            Cells::Packed(bits) => Shape::new(self.width(), self.height()).expect("packed boards fit").row(join(*bits), r),
            Cells::Rows(rows) => rows[r],
        }
    }
    fn rows(&self) -> Vec<u64> {
        (0..self.height()).map(|r| self.row(r)).collect()
    }
    pub fn width(&self) -> usize {
        self.width as usize
    }
    pub fn height(&self) -> usize {
        self.height as usize
    }
    /// Is square (`row`, `col`) on the board and empty?
    pub fn is_empty_at(&self, row: usize, col: usize) -> bool {
        col < self.width() && row < self.height() && self.row(row) >> col & 1 == 1
    }
    /// The same board with square (`row`, `col`) empty or covered (the
    /// editor's click); `None` off the board.
    pub fn with_square(&self, row: usize, col: usize, empty: bool) -> Option<Domineering> {
        if row >= self.height() || col >= self.width() {
            return None;
        }
        let mut rows = self.rows();
        if empty {
            rows[row] |= 1 << col;
        } else {
            rows[row] &= !(1 << col);
        }
        Some(Domineering::from_rows(self.width(), rows))
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
        match &self.cells {
            Cells::Packed([lo, hi]) => (lo.count_ones() + hi.count_ones()) as usize,
            Cells::Rows(rows) => rows.iter().map(|r| r.count_ones() as usize).sum(),
        }
    }
    /// The board cut down to the bounding box of its empty squares (an
    /// empty 0 x 0 board when none is left).
    pub(crate) fn cropped(&self) -> Domineering {
        let rows = self.rows();
        let any: u64 = rows.iter().fold(0, |a, r| a | r);
        if any == 0 {
            return Domineering::from_rows(0, Vec::new());
        }
        let lo = any.trailing_zeros() as usize;
        let hi = 63 - any.leading_zeros() as usize;
        let top = rows.iter().position(|&r| r != 0).expect("some row");
        let bottom = rows.iter().rposition(|&r| r != 0).expect("some row");
        let w = hi - lo + 1;
        let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        Domineering::from_rows(w, rows[top..=bottom].iter().map(|&r| (r >> lo) & mask).collect())
    }
    /// The four mirror images of a large board (a packed board's eight
    /// images are [`packed_key`]'s).
    fn mirror_images(&self) -> [Domineering; 4] {
        let w = self.width();
        let rows = self.rows();
        let m: Vec<u64> = rows.iter().map(|&r| if w == 0 { 0 } else { r.reverse_bits() >> (64 - w) }).collect();
        let mut f = rows.clone();
        f.reverse();
        let mut mf = m.clone();
        mf.reverse();
        [self.clone(), Domineering::from_rows(w, m), Domineering::from_rows(w, f), Domineering::from_rows(w, mf)]
    }
    /// The least of the four mirror images (large boards).
    pub(crate) fn least_mirror(&self) -> Domineering {
        let key = |d: &Domineering| (d.width, d.height, d.rows());
        self.mirror_images().into_iter().min_by_key(key).expect("four images")
    }
}

/// The key of a packed board among its eight images: the least of the
/// four mirror images and of the four mirror images of the transposed
/// board, with whether it is a transposed one. Transposing swaps vertical
/// and horizontal dominoes, that is Left and Right: the transposed board's
/// value is the negative.
pub(crate) fn packed_key(shape: Shape, bits: u128, transposes: bool) -> (Shape, u128, bool) {
    let mut best = (shape, bits, false);
    let mut consider = |s: Shape, b: u128, t: bool| {
        if (s, b) < (best.0, best.1) {
            best = (s, b, t);
        }
    };
    // Mirroring left-right is flipping top-bottom and turning half a turn.
    let images = |s: Shape, b: u128| {
        let f = s.flip(b);
        [b, s.rotate_half(b), f, s.rotate_half(f)]
    };
    for b in images(shape, bits) {
        consider(shape, b, false);
    }
    if transposes {
        let t = shape.transpose();
        for b in images(t, shape.transposed(bits)) {
            consider(t, b, true);
        }
    }
    best
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
        if let Some((s, e)) = self.as_packed() {
            let mut spots = match side {
                Side::Left => e & (e >> s.width()),
                Side::Right => e & (e >> 1) & !s.last_col(),
            };
            while spots != 0 {
                let (r, c) = s.square(spots.trailing_zeros());
                spots &= spots - 1;
                out.push(Place { row: r as u8, col: c as u8 });
            }
            return out;
        }
        let w = self.width();
        for r in 0..self.height() {
            let row = self.row(r);
            let spots = match side {
                Side::Left => row & if r + 1 < self.height() { self.row(r + 1) } else { 0 },
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
        if let Some((s, bits)) = self.as_packed() {
            return Some(Domineering::packed(s, bits & !s.bit(a.0, a.1) & !s.bit(b.0, b.1)));
        }
        let mut rows = self.rows();
        rows[a.0] &= !(1 << a.1);
        rows[b.0] &= !(1 << b.1);
        Some(Domineering::from_rows(self.width(), rows))
    }
    fn components(&self) -> Vec<Domineering> {
        if let Some((s, bits)) = self.as_packed() {
            // A lone square takes no domino: it is worth 0.
            return s
                .regions(bits)
                .filter(|r| r.count_ones() > 1)
                .map(|r| {
                    let (top, left, to) = s.bounding_box(r).expect("a region has squares");
                    Domineering::packed(to, s.extract(r, top, left, to))
                })
                .collect();
        }
        let (w, h) = (self.width(), self.height());
        let mut left = self.rows();
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
                if size > 1 {
                    out.push(Domineering::from_rows(w, region).cropped());
                }
            }
        }
        out
    }
    fn size(&self) -> usize {
        self.empty_count()
    }
    fn normalised(&self) -> Domineering {
        if let Some((s, bits)) = self.as_packed() {
            let (s, bits) = s.crop(bits);
            let (s, b, _) = packed_key(s, bits, false);
            return Domineering::packed(s, b);
        }
        let c = self.cropped();
        match c.as_packed() {
            Some((s, bits)) => {
                let (s, b, _) = packed_key(s, bits, false);
                Domineering::packed(s, b)
            }
            None => c.least_mirror(),
        }
    }
    fn normalised_signed(&self) -> (Domineering, bool) {
        if let Some((s, bits)) = self.as_packed() {
            let (s, bits) = s.crop(bits);
            let (s, b, t) = packed_key(s, bits, true);
            return (Domineering::packed(s, b), t);
        }
        let c = self.cropped();
        match c.as_packed() {
            Some((s, bits)) => {
                let (s, b, t) = packed_key(s, bits, true);
                (Domineering::packed(s, b), t)
            }
            None => (c.least_mirror(), false),
        }
    }
}

impl fmt::Display for Domineering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.height() {
            if r > 0 {
                f.write_str("|")?;
            }
            let row = self.row(r);
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
        Ok(Domineering::from_rows(width, rows))
    }
}
