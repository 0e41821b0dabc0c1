//! The simplest form of a stopper (Siegel 2013, ch. VI; Winning Ways
//! ch. 11): positions of equal value fused into one, dominated options
//! removed, reversible options bypassed, repeated until nothing changes.
//!
//! Every comparison comes from one retrograde analysis of the pairs of
//! positions (`u - v` for all `u`, `v` at once, Left moving second), so a
//! round costs the square of the positions. Each bypass is checked: the
//! game after it must equal the game before (both ways by the survival
//! criterion), else that bypass is not made. On short games the result is
//! the canonical form (the tests hold it to the short games' own).

use super::outcome::{results_of, Result3};
use super::{minimise, LoopyError, LoopyGame};

/// The most positions a stopper may have to be simplified (a round
/// analyses every pair of them).
pub const MAX_SIMPLIFY: usize = 1_000;

/// `ge[u][v]`: position `u` >= position `v` (both in `g`, a stopper).
fn orders(g: &LoopyGame) -> Vec<Vec<bool>> {
    let n = g.len();
    // Pair (u, v) stands for u - v: Left moves in u or to -(Right option of v).
    let id = |u: usize, v: usize| (u * n + v) as u32;
    let mut left = vec![Vec::new(); n * n];
    let mut right = vec![Vec::new(); n * n];
    for u in 0..n {
        for v in 0..n {
            let k = id(u, v) as usize;
            left[k] = g.left[u].iter().map(|&a| id(a as usize, v)).chain(g.right[v].iter().map(|&b| id(u, b as usize))).collect();
            right[k] = g.right[u].iter().map(|&a| id(a as usize, v)).chain(g.left[v].iter().map(|&b| id(u, b as usize))).collect();
        }
    }
    let res = results_of(&left, &right);
    (0..n).map(|u| (0..n).map(|v| res[2 * id(u, v) as usize + 1] != Result3::Win).collect()).collect()
}

impl LoopyGame {
    /// The simplest form of a stopper (module docs); a game that is not a
    /// stopper, or has more than [`MAX_SIMPLIFY`] positions, is refused.
    pub fn simplest(&self) -> Result<LoopyGame, LoopyError> {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper { which: "the", game: self.to_string() });
        }
        let mut g = self.clone();
        // Bypasses found not to keep the value: (position, option) texts.
        let mut refused: Vec<(LoopyGame, usize, usize)> = Vec::new();
        loop {
            if g.len() > MAX_SIMPLIFY {
                return Err(LoopyError::TooLarge { nodes: g.len(), limit: MAX_SIMPLIFY });
            }
            let ge = orders(&g);
            let n = g.len();
            // 1. Fusion: a position replaced by another of equal value,
            // where that keeps the game a stopper of the same value (a
            // position replaced by one that reaches it back would make a
            // cycle: `{off|pass}` equals `off`, and fusing the other way
            // gives `dud`).
            let same = |h: &LoopyGame, g: &LoopyGame| h.is_stopper() && h.compare(g) == Ok(Some(std::cmp::Ordering::Equal));
            let mut fused = None;
            'fuse: for (u, row) in ge.iter().enumerate() {
                for (v, &u_ge_v) in row.iter().enumerate() {
                    if u == v || !(u_ge_v && ge[v][u]) {
                        continue;
                    }
                    let map = |o: &u32| if *o as usize == u { v as u32 } else { *o };
                    let l: Vec<Vec<u32>> = g.left.iter().map(|x| x.iter().map(map).collect()).collect();
                    let r: Vec<Vec<u32>> = g.right.iter().map(|x| x.iter().map(map).collect()).collect();
                    let h = minimise(&l, &r, if u == 0 { v } else { 0 });
                    if h != g && same(&h, &g) {
                        fused = Some(h);
                        break 'fuse;
                    }
                }
            }
            if let Some(h) = fused {
                g = h;
                continue;
            }
            // 2. Dominated options: a Left option below another, a Right
            // option above another.
            let mut changed = false;
            let (mut l, mut r) = (g.left.clone(), g.right.clone());
            for v in 0..n {
                let keep_l: Vec<u32> = l[v].iter().copied().filter(|&a| !l[v].iter().any(|&b| b != a && ge[b as usize][a as usize])).collect();
                let keep_r: Vec<u32> = r[v].iter().copied().filter(|&a| !r[v].iter().any(|&b| b != a && ge[a as usize][b as usize])).collect();
                changed |= keep_l.len() != l[v].len() || keep_r.len() != r[v].len();
                l[v] = keep_l;
                r[v] = keep_r;
            }
            if changed {
                let h = minimise(&l, &r, 0);
                if same(&h, &g) {
                    g = h;
                    continue;
                }
            }
            // 3. One reversible option bypassed: a Left option `a` with a
            // Right option `c <= v` is replaced by `c`'s Left options (and
            // the mirror image), if that keeps the game's value.
            let mut bypassed = None;
            'find: for v in 0..n {
                for left_side in [true, false] {
                    let opts = if left_side { &g.left[v] } else { &g.right[v] };
                    for &a in opts {
                        let back = if left_side { &g.right[a as usize] } else { &g.left[a as usize] };
                        for &c in back {
                            let reverses = if left_side { ge[v][c as usize] } else { ge[c as usize][v] };
                            if !reverses || refused.iter().any(|(h, x, y)| *h == g && *x == v && *y == a as usize) {
                                continue;
                            }
                            let (mut l2, mut r2) = (g.left.clone(), g.right.clone());
                            let side = if left_side { &mut l2[v] } else { &mut r2[v] };
                            let instead = if left_side { &g.left[c as usize] } else { &g.right[c as usize] };
                            side.retain(|&x| x != a);
                            for &x in instead {
                                if !side.contains(&x) {
                                    side.push(x);
                                }
                            }
                            let h = minimise(&l2, &r2, 0);
                            if h == g {
                                continue;
                            }
                            if same(&h, &g) {
                                bypassed = Some(h);
                                break 'find;
                            }
                            refused.push((g.clone(), v, a as usize));
                        }
                    }
                }
            }
            match bypassed {
                Some(h) => g = h,
                None => return Ok(g),
            }
        }
    }
}
