//! Sets of points of a Go board (at most 25 x 25) as one `u32` a row: the
//! floods, neighbours and counts that valuing a region does for every
//! option, without allocating. A board is searched thousands of times a
//! second, so these replace walks over a `Vec<bool>`.

use super::{Point, MAX_SIDE};

/// A set of points: bit `c` of row `r` is the point (`r`, `c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(super) struct Plane([u32; MAX_SIDE]);

impl Plane {
    pub(super) fn single(r: usize, c: usize) -> Plane {
        let mut p = Plane::default();
        p.0[r] = 1 << c;
        p
    }
    pub(super) fn has(&self, r: usize, c: usize) -> bool {
        self.0[r] >> c & 1 == 1
    }
    pub(super) fn or(self, o: Plane) -> Plane {
        Plane(std::array::from_fn(|r| self.0[r] | o.0[r]))
    }
    pub(super) fn and(self, o: Plane) -> Plane {
        Plane(std::array::from_fn(|r| self.0[r] & o.0[r]))
    }
    /// The points of `self` not in `o`.
    pub(super) fn minus(self, o: Plane) -> Plane {
        Plane(std::array::from_fn(|r| self.0[r] & !o.0[r]))
    }
    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&r| r == 0)
    }
    pub(super) fn count(&self) -> u32 {
        self.0.iter().map(|r| r.count_ones()).sum()
    }
    /// The first point in row order.
    pub(super) fn first(&self) -> Option<(usize, usize)> {
        self.0.iter().enumerate().find(|(_, &b)| b != 0).map(|(r, &b)| (r, b.trailing_zeros() as usize))
    }
    /// Every point, in row order.
    pub(super) fn points(self) -> impl Iterator<Item = (usize, usize)> {
        (0..MAX_SIDE).flat_map(move |r| {
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
        let rows: Vec<usize> = (0..MAX_SIDE).filter(|&r| self.0[r] != 0).collect();
        let all = self.0.iter().fold(0u32, |a, &b| a | b);
        Some((*rows.first()?, *rows.last()?, all.trailing_zeros() as usize, 31 - all.leading_zeros() as usize))
    }
}

/// A board's points as planes, and its shape.
#[derive(Clone, Copy, Debug)]
pub(super) struct Planes {
    pub(super) h: usize,
    /// The points on the board (not `#`).
    pub(super) on: Plane,
    pub(super) black: Plane,
    pub(super) white: Plane,
    /// Safe stones (of either colour).
    pub(super) safe: Plane,
}

impl Planes {
    pub(super) fn new(w: usize, h: usize, points: &[Point]) -> Planes {
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
                    if safe { Point::SafeBlack } else { Point::Black }
                } else if self.white.has(r, c) {
                    if safe { Point::SafeWhite } else { Point::White }
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
            if safe { Point::SafeBlack } else { Point::Black }
        } else if self.white.has(r, c) {
            if safe { Point::SafeWhite } else { Point::White }
        } else {
            Point::Empty
        }
    }
    pub(super) fn empty(&self) -> Plane {
        self.on.minus(self.black.or(self.white))
    }
    /// The points next to `p` (orthogonally), on the board.
    pub(super) fn nbrs(&self, p: Plane) -> Plane {
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
    /// The connected part of `within` holding `seed`.
    pub(super) fn flood(&self, seed: Plane, within: Plane) -> Plane {
        let h = self.h;
        let mut g = seed.and(within);
        loop {
            let mut changed = false;
            let mut next = g;
            for r in 0..h {
                let up = if r > 0 { g.0[r - 1] } else { 0 };
                let down = if r + 1 < h { g.0[r + 1] } else { 0 };
                let row = g.0[r];
                let n = (row | (row << 1) | (row >> 1) | up | down) & within.0[r];
                changed |= n != row;
                next.0[r] = n;
            }
            if !changed {
                return g;
            }
            g = next;
        }
    }
}
