//! Boards of Left's and Right's stones on at most 128 squares, the shared
//! part of Clobber, Konane and Amazons: the text format, square names,
//! cropping and the sixteen images a position's value does not depend on
//! but for a sign.
//!
//! Text (as CGSuite and the Rust crate `cgt`
//! 0.11 write these games): rows top to bottom separated by `|`; `x` a
//! stone (or amazon) of Left, `o` one of Right, `.` an empty square and,
//! where the game has them, `#` a square that is not there (a hole, a
//! burnt square). Squares are named as on the Domineering board: column
//! letter from `a`, row number from 1 at the top (`b3`).
//!
//! **Symmetry.** The three games move the same way in every direction, so
//! the eight turns and mirror images of a board have its value; swapping
//! the colours swaps Left and Right and negates the value.
//! [`StoneBoard::key`] folds the sixteen images into one key with a sign.

use super::bitgrid::{Shape, MAX_SQUARES};
use super::snippet;
use crate::side::Side;
use std::fmt;

/// A board of stones: three disjoint sets of squares on one shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StoneBoard {
    pub shape: Shape,
    /// Left's stones.
    pub x: u128,
    /// Right's stones.
    pub o: u128,
    /// Squares that are not there (holes, burnt squares).
    pub gone: u128,
}

/// Why a text is not a board of stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StonesError {
    /// Row `row`, column `col` (1-based) holds `found`; `expected` lists
    /// the game's symbols.
    Square { row: usize, col: usize, found: String, expected: &'static str },
    /// Row `row` has `len` squares where the first row has `expected`.
    Ragged { row: usize, len: usize, expected: usize },
    /// More than 128 squares, or rows longer than 64.
    TooLarge { rows: usize, cols: usize },
}

impl fmt::Display for StonesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StonesError::Square { row, col, found, expected } => write!(f, "row {row}, column {col}: found `{found}`, expected {expected}"),
            StonesError::Ragged { row, len, expected } => {
                write!(f, "row {row} has {len} squares, expected {expected} like the first row (rows are separated by `|`)")
            }
            StonesError::TooLarge { rows, cols } => {
                write!(f, "the board is {cols} x {rows}; at most {MAX_SQUARES} squares and 64 columns")
            }
        }
    }
}

impl std::error::Error for StonesError {}

/// A square's name: `b3` is column 2, row 3 from the top.
pub fn square_name(row: usize, col: usize) -> String {
    let c = if col < 26 {
        ((b'a' + col as u8) as char).to_string()
    } else {
        format!("{}{}", (b'a' + (col / 26 - 1) as u8) as char, (b'a' + (col % 26) as u8) as char)
    };
    format!("{c}{}", row + 1)
}

/// A stone's move from one square to another (Clobber's step, Konane's
/// jumps), named `b2-c2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// (row, column) from 0 at the top left.
    pub from: (u8, u8),
    pub to: (u8, u8),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", square_name(self.from.0 as usize, self.from.1 as usize), square_name(self.to.0 as usize, self.to.1 as usize))
    }
}

/// The eight directions as (row, column) steps; the first four are
/// orthogonal.
pub const DIRECTIONS: [(i8, i8); 8] = [(-1, 0), (0, -1), (0, 1), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)];

impl StoneBoard {
    /// The square one step from (`r`, `c`) in direction `d`, if on the board.
    pub fn step(&self, (r, c): (usize, usize), d: (i8, i8)) -> Option<(usize, usize)> {
        let r = r.checked_add_signed(d.0 as isize)?;
        let c = c.checked_add_signed(d.1 as isize)?;
        (r < self.shape.height() && c < self.shape.width()).then_some((r, c))
    }
    /// Does `set` hold square (`r`, `c`)?
    pub fn holds(&self, set: u128, (r, c): (usize, usize)) -> bool {
        set & self.shape.bit(r, c) != 0
    }
    /// The squares of `set`, in row order.
    pub fn squares_of(&self, set: u128) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut b = set;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros();
            b &= b - 1;
            Some(self.shape.square(i))
        })
    }
    /// The 8-connected regions of `set` (queens' regions).
    pub fn regions8(&self, set: u128) -> Vec<u128> {
        let s = self.shape;
        let m = s.masks();
        let mut left = set;
        let mut out = Vec::new();
        while left != 0 {
            let mut region = left & left.wrapping_neg();
            loop {
                // Orthogonal neighbours, then the rows above and below of
                // those (diagonals).
                let side = ((region << 1) & !m.first_col) | ((region >> 1) & !m.last_col) | region;
                let grown = (side | (side << s.width()) | (side >> s.width())) & m.full & left;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            out.push(region);
        }
        out
    }
    /// Reads a board; `holes` says whether `#` is allowed, `expected` is
    /// the error's list of symbols.
    pub fn parse(text: &str, holes: bool, expected: &'static str) -> Result<StoneBoard, StonesError> {
        let text = text.trim();
        let lines: Vec<&str> = if text.is_empty() { Vec::new() } else { text.split('|').map(str::trim).collect() };
        let width = lines.first().map_or(0, |l| l.chars().count());
        for (r, line) in lines.iter().enumerate() {
            let len = line.chars().count();
            if len != width && len <= 64 && width <= 64 {
                return Err(StonesError::Ragged { row: r + 1, len, expected: width });
            }
        }
        let max_len = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let shape = Shape::new(max_len, lines.len()).ok_or(StonesError::TooLarge { rows: lines.len(), cols: max_len })?;
        let mut b = StoneBoard { shape, x: 0, o: 0, gone: 0 };
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let bit = shape.bit(r, c);
                match ch {
                    'x' => b.x |= bit,
                    'o' => b.o |= bit,
                    '.' => {}
                    '#' if holes => b.gone |= bit,
                    other => return Err(StonesError::Square { row: r + 1, col: c + 1, found: snippet(&other.to_string()), expected }),
                }
            }
        }
        Ok(b)
    }
    /// An empty `width` x `height` board, if it has at most 128 squares
    /// and 64 columns.
    pub fn empty_board(width: usize, height: usize) -> Result<StoneBoard, StonesError> {
        let shape = Shape::new(width, height).ok_or(StonesError::TooLarge { rows: height, cols: width })?;
        Ok(StoneBoard { shape, x: 0, o: 0, gone: 0 })
    }
    /// The least of the eight turns and mirror images (colours kept).
    pub fn least_image(&self) -> StoneBoard {
        self.images().into_iter().min().expect("eight images")
    }
    /// Squares that are on the board and hold no stone.
    pub fn empty(&self) -> u128 {
        self.shape.full() & !(self.x | self.o | self.gone)
    }
    /// The stones of `side` (Left's are `x`).
    pub fn stones(&self, side: Side) -> u128 {
        match side {
            Side::Left => self.x,
            Side::Right => self.o,
        }
    }
    /// The part of the board inside `keep` (the rest becomes holes),
    /// cropped to `keep`'s bounding box.
    pub fn restricted(&self, keep: u128) -> StoneBoard {
        let s = self.shape;
        match s.bounding_box(keep) {
            None => StoneBoard { shape: Shape::new(0, 0).expect("empty shape"), x: 0, o: 0, gone: 0 },
            Some((top, left, to)) => {
                let gone = (self.gone | !keep) & s.full();
                StoneBoard {
                    shape: to,
                    x: s.extract(self.x & keep, top, left, to),
                    o: s.extract(self.o & keep, top, left, to),
                    gone: s.extract(gone, top, left, to),
                }
            }
        }
    }
    fn map(&self, shape: Shape, f: impl Fn(u128) -> u128) -> StoneBoard {
        StoneBoard { shape, x: f(self.x), o: f(self.o), gone: f(self.gone) }
    }
    /// The colours swapped (the negative position).
    pub fn swapped(&self) -> StoneBoard {
        StoneBoard { shape: self.shape, x: self.o, o: self.x, gone: self.gone }
    }
    /// The eight turns and mirror images.
    pub fn images(&self) -> [StoneBoard; 8] {
        let s = self.shape;
        let t = s.transpose();
        let tr = self.map(t, |b| s.transposed(b));
        let f = self.map(s, |b| s.flip(b));
        let tf = tr.map(t, |b| t.flip(b));
        [*self, self.map(s, |b| s.rotate_half(b)), f, f.map(s, |b| s.rotate_half(b)), tr, tr.map(t, |b| t.rotate_half(b)), tf, tf.map(t, |b| t.rotate_half(b))]
    }
    /// The least of the sixteen images (eight, and eight with the colours
    /// swapped), and whether it is a swapped one (then the value is the
    /// negative of the key's).
    pub fn key(&self) -> (StoneBoard, bool) {
        let mut best = (*self, false);
        for (im, neg) in self.images().into_iter().flat_map(|b| [(b, false), (b.swapped(), true)]) {
            if im < best.0 {
                best = (im, neg);
            }
        }
        best
    }
}

impl fmt::Display for StoneBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.shape;
        for r in 0..s.height() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..s.width() {
                let bit = s.bit(r, c);
                f.write_str(if self.x & bit != 0 {
                    "x"
                } else if self.o & bit != 0 {
                    "o"
                } else if self.gone & bit != 0 {
                    "#"
                } else {
                    "."
                })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_images_and_errors() {
        let b = StoneBoard::parse("xo.|.#o", true, "x").unwrap();
        assert_eq!(b.to_string(), "xo.|.#o");
        let texts: Vec<String> = b.images().iter().map(|i| i.to_string()).collect();
        assert_eq!(texts[1], "o#.|.ox");
        assert_eq!(texts[4], "x.|o#|.o");
        assert_eq!(b.swapped().to_string(), "ox.|.#x");
        let (k, _) = b.key();
        // Every image has the same key.
        for im in b.images() {
            assert_eq!(im.key().0, k);
            assert_eq!(im.swapped().key().0, k);
        }
        assert_eq!(
            StoneBoard::parse("x#", false, "`x`, `o` or `.`"),
            Err(StonesError::Square { row: 1, col: 2, found: "#".into(), expected: "`x`, `o` or `.`" })
        );
        assert_eq!(StoneBoard::parse("x.|.", true, ""), Err(StonesError::Ragged { row: 2, len: 1, expected: 2 }));
        assert!(matches!(StoneBoard::parse(&["..........."; 12].join("|"), true, ""), Err(StonesError::TooLarge { rows: 12, cols: 11 })));
        assert_eq!(square_name(2, 1), "b3");
        let r = b.restricted(b.shape.bit(0, 0) | b.shape.bit(0, 1));
        assert_eq!(r.to_string(), "xo");
    }
}
