//! Sets of points of a Go board (at most 25 x 25) as one `u32` a row: the
//! floods, neighbours and counts that valuing a region does for every
//! option, without allocating. A board is searched thousands of times a
//! second, so these replace walks over a `Vec<bool>`.

use super::{Point, MAX_SIDE};

/// A set of points: bit `c` of row `r` is the point (`r`, `c`), in a board
/// of at most `N` rows. A region's search runs with the fewest rows its
/// board needs (most regions are a few rows high), as every operation
/// touches every row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Plane<const N: usize = MAX_SIDE>([u32; N]);

impl<const N: usize> Default for Plane<N> {
    fn default() -> Self {
        Plane([0; N])
    }
}

impl<const N: usize> Plane<N> {
    #[inline]
    pub(super) fn single(r: usize, c: usize) -> Plane<N> {
        let mut p = Plane::default();
        p.0[r] = 1 << c;
        p
    }
    #[inline]
    pub(super) fn has(&self, r: usize, c: usize) -> bool {
        self.0[r] >> c & 1 == 1
    }
    #[inline]
    pub(super) fn or(self, o: Plane<N>) -> Plane<N> {
        Plane(std::array::from_fn(|r| self.0[r] | o.0[r]))
    }
    #[inline]
    pub(super) fn and(self, o: Plane<N>) -> Plane<N> {
        Plane(std::array::from_fn(|r| self.0[r] & o.0[r]))
    }
    /// The points of `self` not in `o`.
    #[inline]
    pub(super) fn minus(self, o: Plane<N>) -> Plane<N> {
        Plane(std::array::from_fn(|r| self.0[r] & !o.0[r]))
    }
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&r| r == 0)
    }
    #[inline]
    pub(super) fn count(&self) -> u32 {
        self.0.iter().map(|r| r.count_ones()).sum()
    }
    /// The first point in row order.
    #[inline]
    pub(super) fn first(&self) -> Option<(usize, usize)> {
        self.0.iter().enumerate().find(|(_, &b)| b != 0).map(|(r, &b)| (r, b.trailing_zeros() as usize))
    }
    /// Every point, in row order.
    pub(super) fn points(self) -> impl Iterator<Item = (usize, usize)> {
        (0..N).flat_map(move |r| {
            let mut b = self.0[r];
            std::iter::from_fn(move || {
                if b == 0 {
                    return None;
                }
                let c = b.trailing_zeros() as usize;
                b &= b - 1;
                Some((r, c))
            })
        })
    }
    /// (first row, last row, first column, last column), if not empty.
    pub(super) fn bounds(&self) -> Option<(usize, usize, usize, usize)> {
        let first = (0..N).find(|&r| self.0[r] != 0)?;
        let last = (0..N).rev().find(|&r| self.0[r] != 0)?;
        let all = self.0.iter().fold(0u32, |a, &b| a | b);
        Some((first, last, all.trailing_zeros() as usize, 31 - all.leading_zeros() as usize))
    }
}

/// A board's points as planes, and its shape.
#[derive(Clone, Copy, Debug)]
pub(super) struct Planes<const N: usize = MAX_SIDE> {
    pub(super) h: usize,
    /// The points on the board (not `#`).
    pub(super) on: Plane<N>,
    pub(super) black: Plane<N>,
    pub(super) white: Plane<N>,
    /// Safe stones (of either colour).
    pub(super) safe: Plane<N>,
}

impl<const N: usize> Planes<N> {
    /// The planes of a board of `h` rows (at most `N`) of `w` points.
    pub(super) fn new(w: usize, h: usize, points: &[Point]) -> Planes<N> {
        debug_assert!(h <= N);
        let mut p = Planes { h, on: Plane::default(), black: Plane::default(), white: Plane::default(), safe: Plane::default() };
        for r in 0..h {
            for c in 0..w {
                let bit = 1u32 << c;
                match points[r * w + c] {
                    Point::Off => continue,
                    Point::Black => p.black.0[r] |= bit,
                    Point::White => p.white.0[r] |= bit,
                    Point::SafeBlack => {
                        p.black.0[r] |= bit;
                        p.safe.0[r] |= bit;
                    }
                    Point::SafeWhite => {
                        p.white.0[r] |= bit;
                        p.safe.0[r] |= bit;
                    }
                    Point::Empty => {}
                }
                p.on.0[r] |= bit;
            }
        }
        p
    }
    /// The points back, `w` to a row.
    pub(super) fn write(&self, w: usize, points: &mut [Point]) {
        for r in 0..self.h {
            for c in 0..w {
                if !self.on.has(r, c) {
                    continue;
                }
                let safe = self.safe.has(r, c);
                points[r * w + c] = if self.black.has(r, c) {
                    if safe {
                        Point::SafeBlack
                    } else {
                        Point::Black
                    }
                } else if self.white.has(r, c) {
                    if safe {
                        Point::SafeWhite
                    } else {
                        Point::White
                    }
                } else {
                    Point::Empty
                };
            }
        }
    }
    /// The point at (`r`, `c`).
    pub(super) fn point(&self, r: usize, c: usize) -> Point {
        let safe = self.safe.has(r, c);
        if !self.on.has(r, c) {
            Point::Off
        } else if self.black.has(r, c) {
            if safe {
                Point::SafeBlack
            } else {
                Point::Black
            }
        } else if self.white.has(r, c) {
            if safe {
                Point::SafeWhite
            } else {
                Point::White
            }
        } else {
            Point::Empty
        }
    }
    #[inline]
    pub(super) fn empty(&self) -> Plane<N> {
        self.on.minus(self.black.or(self.white))
    }
    /// The points next to `p` (orthogonally), on the board.
    #[inline]
    pub(super) fn nbrs(&self, p: Plane<N>) -> Plane<N> {
        let mut out = Plane::default();
        let h = self.h;
        for r in 0..h {
            let up = if r > 0 { p.0[r - 1] } else { 0 };
            let down = if r + 1 < h { p.0[r + 1] } else { 0 };
            let row = p.0[r];
            out.0[r] = ((row << 1) | (row >> 1) | up | down) & self.on.0[r];
        }
        out
    }
    /// The connected part of `within` holding `seed`. Each row is filled
    /// along its runs at once, and the rows are swept down then up, so a
    /// flood takes one or two sweeps for most shapes (a flood a point a
    /// step took one sweep a point of a corridor's length).
    pub(super) fn flood(&self, seed: Plane<N>, within: Plane<N>) -> Plane<N> {
        let h = self.h;
        let mut g = seed.and(within);
        let mut down = true;
        loop {
            let mut changed = false;
            for i in 0..h {
                let r = if down { i } else { h - 1 - i };
                let m = within.0[r];
                let mut s = g.0[r];
                if r > 0 {
                    s |= g.0[r - 1] & m;
                }
                if r + 1 < h {
                    s |= g.0[r + 1] & m;
                }
                let row = fill_runs(s, m);
                if row != g.0[r] {
                    changed = true;
                    g.0[r] = row;
                }
            }
            if !changed {
                return g;
            }
            down = !down;
        }
    }
}

/// The runs of set bits of `m` that hold a bit of `s` (a subset of `m`):
/// upward by one addition (the carry runs to the top of each run), downward
/// by a doubling fill.
fn fill_runs(s: u32, m: u32) -> u32 {
    if s == 0 {
        return 0;
    }
    // Rows have at most 25 points, so the carry out of a run stays in u32.
    let mut g = ((m + s) ^ m) & m | s;
    let mut p = m;
    g |= p & (g >> 1);
    p &= p >> 1;
    g |= p & (g >> 2);
    p &= p >> 2;
    g |= p & (g >> 4);
    p &= p >> 4;
    g |= p & (g >> 8);
    p &= p >> 8;
    g |= p & (g >> 16);
    g
}

#[cfg(test)]
mod tests {
    use super::fill_runs;

    /// Against a bit-by-bit walk, on every pair of 10-bit masks.
    #[test]
    fn runs_fill_as_a_walk_does() {
        for m in 0u32..1 << 10 {
            let mut s = m;
            loop {
                let mut want = s;
                loop {
                    let next = (want | want << 1 | want >> 1) & m;
                    if next == want {
                        break;
                    }
                    want = next;
                }
                assert_eq!(fill_runs(s, m), want, "s {s:b} m {m:b}");
                if s == 0 {
                    break;
                }
                s = (s - 1) & m;
            }
        }
    }
}
