//! Boards of at most 128 squares packed into one `u128`, square (r, c) at
//! bit `r * width + c`: the geometry the grid games share (Domineering's
//! small boards, Clobber, Konane, Amazons).
//!
//! Why: the engine meets millions of positions, and for each option it
//! splits the board into regions, crops them and folds mirror images into
//! one key. On a packed board those are a few shifts and masks, with no
//! allocation and a key that hashes in one step; on a vector of rows each
//! was a handful of allocations (profiles of 6 x 5 Domineering showed more
//! than half the time in `malloc`, `free` and the flood fill).
//!
//! A set of squares is a `u128` with no bit at or beyond `width * height`
//! ([`Shape::full`]). Row-major bit order is the move order of the
//! rulesets (top row first, left to right).

/// Most squares a packed board holds.
pub const MAX_SQUARES: usize = 128;

/// A board's width and height (`width * height <= 128`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    w: u8,
    h: u8,
}

impl Shape {
    /// A `width` x `height` board, if it has at most [`MAX_SQUARES`] squares
    /// and rows of at most 64.
    pub fn new(width: usize, height: usize) -> Option<Shape> {
        (width.checked_mul(height)? <= MAX_SQUARES && width <= 64 && height <= 128).then_some(Shape { w: width as u8, h: height as u8 })
    }
    pub fn width(self) -> usize {
        self.w as usize
    }
    pub fn height(self) -> usize {
        self.h as usize
    }
    pub fn squares(self) -> usize {
        self.width() * self.height()
    }
    /// Every square of the board.
    pub fn full(self) -> u128 {
        let n = self.squares();
        if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }
    /// The bit of square (`row`, `col`), which must be on the board.
    pub fn bit(self, row: usize, col: usize) -> u128 {
        debug_assert!(row < self.height() && col < self.width());
        1u128 << (row * self.width() + col)
    }
    /// The square of a bit index.
    pub fn square(self, index: u32) -> (usize, usize) {
        let i = index as usize;
        (i / self.width(), i % self.width())
    }
    /// Row `r` of `bits` as the low `width` bits of a `u64`.
    pub fn row(self, bits: u128, r: usize) -> u64 {
        let w = self.width();
        if w == 0 {
            return 0;
        }
        ((bits >> (r * w)) & ((1u128 << w) - 1)) as u64
    }
    /// The squares of column 0.
    pub fn first_col(self) -> u128 {
        let mut m = 0u128;
        for r in 0..self.height() {
            m |= 1u128 << (r * self.width());
        }
        m
    }
    /// The squares of the last column.
    pub fn last_col(self) -> u128 {
        if self.w == 0 {
            return 0;
        }
        self.first_col() << (self.width() - 1)
    }
    /// The squares orthogonally next to some square of `x`.
    pub fn neighbours(self, x: u128, masks: &Masks) -> u128 {
        let w = self.width();
        (((x << 1) & !masks.first_col) | ((x >> 1) & !masks.last_col) | (x << w) | (x >> w)) & masks.full
    }
    /// The masks [`Shape::neighbours`] needs, computed once per board.
    pub fn masks(self) -> Masks {
        Masks { full: self.full(), first_col: self.first_col(), last_col: self.last_col() }
    }
    /// The 4-connected regions of `bits`, the one holding the lowest
    /// square first.
    pub fn regions(self, bits: u128) -> Regions {
        Regions { shape: self, masks: self.masks(), left: bits }
    }
    /// The smallest rectangle holding every square of `bits`: its top row,
    /// left column and shape (`None` when `bits` is empty).
    pub fn bounding_box(self, bits: u128) -> Option<(usize, usize, Shape)> {
        if bits == 0 {
            return None;
        }
        let (mut top, mut bottom, mut cols) = (usize::MAX, 0, 0u64);
        for r in 0..self.height() {
            let row = self.row(bits, r);
            if row != 0 {
                top = top.min(r);
                bottom = r;
                cols |= row;
            }
        }
        let lo = cols.trailing_zeros() as usize;
        let hi = 63 - cols.leading_zeros() as usize;
        Some((top, lo, Shape { w: (hi - lo + 1) as u8, h: (bottom - top + 1) as u8 }))
    }
    /// The part of `bits` inside the rectangle at (`top`, `left`) of shape
    /// `to`, packed as a board of that shape.
    pub fn extract(self, bits: u128, top: usize, left: usize, to: Shape) -> u128 {
        let mut out = 0u128;
        let mask = ((1u128 << to.width()) - 1) as u64;
        for r in 0..to.height() {
            let row = (self.row(bits, top + r) >> left) & mask;
            out |= (row as u128) << (r * to.width());
        }
        out
    }
    /// `bits` cropped to their bounding box: its shape and squares (a 0 x
    /// 0 board when `bits` is empty).
    pub fn crop(self, bits: u128) -> (Shape, u128) {
        match self.bounding_box(bits) {
            None => (Shape { w: 0, h: 0 }, 0),
            Some((top, left, to)) if to == self => {
                debug_assert_eq!((top, left), (0, 0));
                (self, bits)
            }
            Some((top, left, to)) => (to, self.extract(bits, top, left, to)),
        }
    }
    /// Mirror left-right.
    pub fn mirror(self, bits: u128) -> u128 {
        let w = self.width();
        if w == 0 {
            return 0;
        }
        let mut out = 0u128;
        for r in 0..self.height() {
            let row = self.row(bits, r).reverse_bits() >> (64 - w);
            out |= (row as u128) << (r * w);
        }
        out
    }
    /// Mirror top-bottom.
    pub fn flip(self, bits: u128) -> u128 {
        let (w, h) = (self.width(), self.height());
        let mut out = 0u128;
        for r in 0..h {
            out |= (self.row(bits, r) as u128) << ((h - 1 - r) * w);
        }
        out
    }
    /// Turned half a turn (mirrored both ways): square i goes to
    /// `squares - 1 - i`, one bit reversal.
    pub fn rotate_half(self, bits: u128) -> u128 {
        let n = self.squares();
        if n == 0 {
            0
        } else {
            bits.reverse_bits() >> (128 - n)
        }
    }
    /// The board with rows and columns exchanged.
    pub fn transpose(self) -> Shape {
        Shape { w: self.h, h: self.w }
    }
    /// `bits` on the transposed board (square (r, c) to (c, r)).
    pub fn transposed(self, bits: u128) -> u128 {
        // Row by row (no division per square): (r, c) goes to bit c * h + r.
        let h = self.height();
        let mut out = 0u128;
        for r in 0..h {
            let mut row = self.row(bits, r);
            while row != 0 {
                let c = row.trailing_zeros() as usize;
                row &= row - 1;
                out |= 1u128 << (c * h + r);
            }
        }
        out
    }
}

/// Masks of one board's edges (see [`Shape::neighbours`]).
#[derive(Clone, Copy, Debug)]
pub struct Masks {
    pub full: u128,
    pub first_col: u128,
    pub last_col: u128,
}

/// The iterator of [`Shape::regions`].
pub struct Regions {
    shape: Shape,
    masks: Masks,
    left: u128,
}

impl Iterator for Regions {
    type Item = u128;
    fn next(&mut self) -> Option<u128> {
        if self.left == 0 {
            return None;
        }
        // Grow from the lowest square until nothing is added.
        let mut region = self.left & self.left.wrapping_neg();
        loop {
            let grown = (region | self.shape.neighbours(region, &self.masks)) & self.left;
            if grown == region {
                break;
            }
            region = grown;
        }
        self.left &= !region;
        Some(region)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(s: Shape, bits: u128) -> Vec<(usize, usize)> {
        (0..128u32).filter(|&i| bits >> i & 1 == 1).map(|i| s.square(i)).collect()
    }

    #[test]
    fn geometry_by_squares() {
        let s = Shape::new(3, 2).unwrap();
        let b = s.bit(0, 0) | s.bit(1, 2);
        assert_eq!(squares(s, s.mirror(b)), vec![(0, 2), (1, 0)]);
        assert_eq!(squares(s, s.flip(b)), vec![(0, 2), (1, 0)]);
        let t = s.transpose();
        assert_eq!((t.width(), t.height()), (2, 3));
        assert_eq!(squares(t, s.transposed(b)), vec![(0, 0), (2, 1)]);
        assert_eq!(s.rotate_half(b), b);
        assert_eq!(squares(s, s.rotate_half(s.bit(0, 1))), vec![(1, 1)]);
        assert_eq!(s.rotate_half(s.flip(b)), s.mirror(b));
        // Neighbours do not wrap around rows.
        let n = s.neighbours(s.bit(0, 2), &s.masks());
        assert_eq!(squares(s, n), vec![(0, 1), (1, 2)]);
        assert_eq!(Shape::new(12, 11), None);
        assert_eq!(Shape::new(64, 2).unwrap().full(), u128::MAX);
        assert_eq!(Shape::new(65, 1), None);
    }

    #[test]
    fn regions_and_boxes() {
        // .#.
        // .#.
        let s = Shape::new(3, 2).unwrap();
        let empty = s.bit(0, 0) | s.bit(1, 0) | s.bit(0, 2) | s.bit(1, 2);
        let rs: Vec<u128> = s.regions(empty).collect();
        assert_eq!(rs, vec![s.bit(0, 0) | s.bit(1, 0), s.bit(0, 2) | s.bit(1, 2)]);
        let (top, left, shape) = s.bounding_box(rs[1]).unwrap();
        assert_eq!((top, left, shape), (0, 2, Shape::new(1, 2).unwrap()));
        assert_eq!(s.extract(rs[1], top, left, shape), 0b11);
        assert_eq!(s.bounding_box(0), None);
        // A full row of 64 squares survives cropping.
        let wide = Shape::new(64, 2).unwrap();
        let row = wide.full() >> 64;
        assert_eq!(wide.crop(row << 64), (Shape::new(64, 1).unwrap(), row));
    }
}
