//! Thermographs with exact piecewise-linear walls, drawn from t = -1
//! (sub-zero thermography, `spec/thermography.md`).
//!
//! For `G = {G^L | G^R}` the left scaffold is `max RW(G^L)(t) - t`, the right
//! scaffold `min LW(G^R)(t) + t`; the walls follow the scaffolds up to the
//! first `t >= -1` where they meet, then the mast rises. If the scaffolds are
//! apart at t = -1, G is the simplest number in `[S_L(-1), S_R(-1)]`.
//!
//! A number `p/2^k` gets the thermograph of its canonical form, whose walls
//! meet at `t = -1/2^k` (so that is its temperature) and are computed here in
//! closed form by walking the chain of its canonical options.
//!
//! [`ThermoCache`] keeps the thermographs already computed for an arena's
//! nodes, filled in slices; the sliced builders ([`crate::ops::SumJob`],
//! [`crate::build::BuildJob`], [`crate::analysis::AnalysisJob`]) share it.

use crate::game::{Arena, GameId, Node};
use crate::numbers::{simplest_in, ExtQ, Q};
use std::collections::HashMap;
use std::fmt;

/// A continuous piecewise-linear function `v(t)` on `[-1, ∞)`.
///
/// Invariants (kept by the constructors): at least one point, the first at
/// `t = -1`, strictly increasing `t`, no three consecutive collinear points;
/// after the last point the function continues with slope `tail`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Wall {
    pts: Vec<(Q, Q)>,
    tail: i32,
}

/// One straight piece of a wall: `value = intercept + slope * t` for
/// `t_from <= t <= t_to` (`t_to = None`: up to infinity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub t_from: Q,
    pub t_to: Option<Q>,
    pub intercept: Q,
    pub slope: Q,
}

fn minus_one() -> Q {
    Q::from_int(-1)
}

impl Wall {
    /// The constant function `v`.
    pub fn constant(v: Q) -> Wall {
        Wall { pts: vec![(minus_one(), v)], tail: 0 }
    }
    /// Build from breakpoints and a tail slope; `None` if the points are not
    /// strictly increasing in t starting at -1.
    pub fn from_points(pts: Vec<(Q, Q)>, tail: i32) -> Option<Wall> {
        if pts.is_empty() || pts[0].0 != minus_one() {
            return None;
        }
        if pts.windows(2).any(|w| w[0].0 >= w[1].0) {
            return None;
        }
        let mut w = Wall { pts, tail };
        w.simplify();
        Some(w)
    }
    pub fn points(&self) -> &[(Q, Q)] {
        &self.pts
    }
    pub fn tail_slope(&self) -> i32 {
        self.tail
    }
    fn simplify(&mut self) {
        if self.pts.len() < 2 {
            return;
        }
        let mut out: Vec<(Q, Q)> = Vec::with_capacity(self.pts.len());
        for p in self.pts.drain(..) {
            if let Some(last) = out.last() {
                if last.0 == p.0 {
                    continue;
                }
            }
            while out.len() >= 2 {
                let (a, b) = (&out[out.len() - 2], &out[out.len() - 1]);
                // Collinear iff (b - a) x (p - a) == 0.
                let lhs = (&b.1 - &a.1) * (&p.0 - &a.0);
                let rhs = (&p.1 - &a.1) * (&b.0 - &a.0);
                if lhs == rhs {
                    out.pop();
                } else {
                    break;
                }
            }
            out.push(p);
        }
        // Drop a last point that only continues the tail.
        if out.len() >= 2 {
            let (a, b) = (&out[out.len() - 2], &out[out.len() - 1]);
            let slope = (&b.1 - &a.1) * Q::from_int(1);
            if slope == (&b.0 - &a.0) * Q::from_int(self.tail as i64) {
                out.pop();
            }
        }
        self.pts = out;
    }
    /// `v(t)`; for `t < -1` the first piece is extended.
    pub fn eval(&self, t: &Q) -> Q {
        let i = self.pts.partition_point(|p| &p.0 <= t);
        if i == 0 {
            let (t1, v1) = &self.pts[0];
            let slope = self.slope_after(0);
            return v1 + &(&slope * &(t - t1));
        }
        let (t0, v0) = &self.pts[i - 1];
        let slope = self.slope_after(i - 1);
        v0 + &(&slope * &(t - t0))
    }
    /// Slope of the piece starting at point `i`.
    fn slope_after(&self, i: usize) -> Q {
        if i + 1 < self.pts.len() {
            let (t0, v0) = &self.pts[i];
            let (t1, v1) = &self.pts[i + 1];
            let dt = t1 - t0;
            let dv = v1 - v0;
            dv.checked_div(&dt).expect("dt > 0")
        } else {
            Q::from_int(self.tail as i64)
        }
    }
    /// `v(t) + s*t` (taxing: `s = -1` for the left scaffold, `+1` for the right).
    pub fn shear(&self, s: i32) -> Wall {
        let sq = Q::from_int(s as i64);
        let pts = self.pts.iter().map(|(t, v)| (t.clone(), v + &(&sq * t))).collect();
        Wall { pts, tail: self.tail + s }
    }
    pub fn negate(&self) -> Wall {
        Wall { pts: self.pts.iter().map(|(t, v)| (t.clone(), -v)).collect(), tail: -self.tail }
    }
    /// Pointwise maximum (`upper = true`) or minimum.
    pub fn envelope(&self, other: &Wall, upper: bool) -> Wall {
        let pick = |a: &Q, b: &Q| -> bool {
            if upper {
                a >= b
            } else {
                a <= b
            }
        };
        let ts = merged_ts(&self.pts, &other.pts);
        let (fs, gs) = (self.values_at(&ts), other.values_at(&ts));
        let mut out: Vec<(Q, Q)> = Vec::with_capacity(ts.len() + 2);
        for i in 0..ts.len() {
            let ta = &ts[i];
            let (fa, ga) = (&fs[i], &gs[i]);
            out.push((ta.clone(), if pick(fa, ga) { fa.clone() } else { ga.clone() }));
            let da = fa - ga;
            if i + 1 < ts.len() {
                let tb = &ts[i + 1];
                let db = &fs[i + 1] - &gs[i + 1];
                if (da.is_positive() && db.is_negative()) || (da.is_negative() && db.is_positive()) {
                    let tc = ta + &(&(&da * &(tb - ta)) * &inv(&(&da - &db)));
                    let vc = self.eval(&tc);
                    out.push((tc, vc));
                }
            } else {
                // Beyond the last breakpoint both are straight lines.
                let ds = Q::from_int((self.tail - other.tail) as i64);
                let crosses = (da.is_positive() && ds.is_negative()) || (da.is_negative() && ds.is_positive());
                if crosses {
                    let tc = ta + &(&(-&da) * &inv(&ds));
                    let vc = self.eval(&tc);
                    out.push((tc, vc));
                }
            }
        }
        // Tail: the line that wins as t -> infinity.
        let tail = if upper { self.tail.max(other.tail) } else { self.tail.min(other.tail) };
        let mut w = Wall { pts: out, tail };
        w.simplify();
        w
    }
    /// The wall at each of `ts` (sorted, all >= -1): one pass, one slope per piece.
    fn values_at(&self, ts: &[Q]) -> Vec<Q> {
        let mut out = Vec::with_capacity(ts.len());
        let mut j = 0;
        let mut slope: Option<Q> = None;
        for t in ts {
            while j + 1 < self.pts.len() && self.pts[j + 1].0 <= *t {
                j += 1;
                slope = None;
            }
            let (t0, v0) = &self.pts[j];
            if t == t0 {
                out.push(v0.clone());
                continue;
            }
            let k = slope.get_or_insert_with(|| self.slope_after(j));
            out.push(v0 + &(&*k * &(t - t0)));
        }
        out
    }
    /// The first `t >= -1` with `self(t) <= other(t)`, if any.
    pub fn first_at_or_below(&self, other: &Wall) -> Option<Q> {
        let ts = merged_ts(&self.pts, &other.pts);
        let (fs, gs) = (self.values_at(&ts), other.values_at(&ts));
        for i in 0..ts.len() {
            let ta = &ts[i];
            let da = &fs[i] - &gs[i];
            if !da.is_positive() {
                return Some(ta.clone());
            }
            if i + 1 < ts.len() {
                let tb = &ts[i + 1];
                let db = &fs[i + 1] - &gs[i + 1];
                if !db.is_positive() {
                    return Some(ta + &(&(&da * &(tb - ta)) * &inv(&(&da - &db))));
                }
            } else {
                let ds = Q::from_int((self.tail - other.tail) as i64);
                if ds.is_negative() {
                    return Some(ta + &(&(-&da) * &inv(&ds)));
                }
            }
        }
        None
    }
    /// The last `t >= -1` with `self(t) >= other(t)`, for a left scaffold
    /// `self` and a right scaffold `other` (their difference never rises):
    /// the top of the stretch where the scaffolds touch, the greatest
    /// solution of the min-max equation where `first_at_or_below` is the
    /// least. `None` if `self` is below `other` already at `t = -1`, and
    /// also if the difference never goes below 0 (walls that never part,
    /// as a masted model's do; true scaffolds always part, their tail
    /// slopes being -1 and +1).
    pub fn last_at_or_above(&self, other: &Wall) -> Option<Q> {
        let mut ts = merged_ts(&self.pts, &other.pts);
        let m1 = Q::from_int(-1);
        if ts.first().is_none_or(|t| *t > m1) {
            ts.insert(0, m1);
        }
        let (fs, gs) = (self.values_at(&ts), other.values_at(&ts));
        let ds: Vec<Q> = fs.iter().zip(&gs).map(|(f, g)| f - g).collect();
        let i = ds.iter().rposition(|d| !d.is_negative())?;
        let (ta, da) = (&ts[i], &ds[i]);
        match ds.get(i + 1) {
            Some(db) => Some(ta + &(&(da * &(&ts[i + 1] - ta)) * &inv(&(da - db)))),
            None => {
                let slope = Q::from_int((self.tail - other.tail) as i64);
                if slope.is_negative() {
                    Some(ta + &(&(-da) * &inv(&slope)))
                } else {
                    None
                }
            }
        }
    }
    /// This wall up to `t_end` (exclusive of anything later), then vertical at
    /// its value there: the mast.
    pub fn with_mast_at(&self, t_end: &Q) -> Wall {
        let v_end = self.eval(t_end);
        let mut pts: Vec<(Q, Q)> = self.pts.iter().filter(|p| &p.0 < t_end).cloned().collect();
        pts.push((t_end.clone(), v_end));
        let mut w = Wall { pts, tail: 0 };
        w.simplify();
        w
    }
    /// The pieces of the wall for `t >= from` (use -1 for the whole wall, 0 for
    /// the classical view).
    pub fn segments_from(&self, from: &Q) -> Vec<Segment> {
        let mut out = Vec::new();
        let n = self.pts.len();
        for i in 0..n {
            let t0 = &self.pts[i].0;
            let t1 = if i + 1 < n { Some(&self.pts[i + 1].0) } else { None };
            if let Some(t1) = t1 {
                if t1 <= from {
                    continue;
                }
            }
            let start = if t0 < from { from.clone() } else { t0.clone() };
            let slope = self.slope_after(i);
            let intercept = &self.pts[i].1 - &(&slope * t0);
            out.push(Segment { t_from: start, t_to: t1.cloned(), intercept, slope });
        }
        out
    }
    /// Breakpoints restricted to `t >= from`, including the value at `from`.
    pub fn points_from(&self, from: &Q) -> Vec<(Q, Q)> {
        let mut out = vec![(from.clone(), self.eval(from))];
        out.extend(self.pts.iter().filter(|p| &p.0 > from).cloned());
        out
    }
}

/// The union of two strictly increasing breakpoint lists' t values, sorted.
fn merged_ts(a: &[(Q, Q)], b: &[(Q, Q)]) -> Vec<Q> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let next = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) => match x.0.cmp(&y.0) {
                std::cmp::Ordering::Less => {
                    i += 1;
                    &x.0
                }
                std::cmp::Ordering::Greater => {
                    j += 1;
                    &y.0
                }
                std::cmp::Ordering::Equal => {
                    i += 1;
                    j += 1;
                    &x.0
                }
            },
            (Some(x), None) => {
                i += 1;
                &x.0
            }
            (None, Some(y)) => {
                j += 1;
                &y.0
            }
            (None, None) => break,
        };
        out.push(next.clone());
    }
    out
}

fn inv(q: &Q) -> Q {
    q.recip().expect("nonzero")
}

impl fmt::Debug for Wall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wall[")?;
        for (t, v) in &self.pts {
            write!(f, "({t}, {v}) ")?;
        }
        write!(f, "tail {}]", self.tail)
    }
}

/// A thermograph: the two walls, the mast, and (for the construction view)
/// the scaffolds they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Wall,
    right: Wall,
    mean: Q,
    temperature: Q,
    number: Option<Q>,
}

impl Thermograph {
    pub fn left_wall(&self) -> &Wall {
        &self.left
    }
    pub fn right_wall(&self) -> &Wall {
        &self.right
    }
    /// The mast's value.
    pub fn mean(&self) -> &Q {
        &self.mean
    }
    /// Where the mast starts (negative for numbers: -1/2^k, -1 for integers).
    pub fn temperature(&self) -> &Q {
        &self.temperature
    }
    /// `Some(x)` when the game equals the number x.
    pub fn number(&self) -> Option<&Q> {
        self.number.as_ref()
    }
    pub fn is_number(&self) -> bool {
        self.number.is_some()
    }
    /// Left stop = LW(0).
    pub fn left_stop(&self) -> Q {
        self.left.eval(&Q::zero())
    }
    /// Right stop = RW(0).
    pub fn right_stop(&self) -> Q {
        self.right.eval(&Q::zero())
    }
    /// Taxed values `(tVL(t), tVR(t))`: the walls at `t`.
    pub fn taxed(&self, t: &Q) -> (Q, Q) {
        (self.left.eval(t), self.right.eval(t))
    }

    /// A compact exact text of the thermograph (its breakpoints), which
    /// [`Thermograph::from_text`] reads back: how a thermograph travels
    /// between threads (the Web Worker's replies) whatever the size of the
    /// game it came from. `mean;temperature;number;left;right`, a wall
    /// `tail@t,v t,v ...`, the number empty unless the game is one.
    pub fn to_text(&self) -> String {
        let wall = |w: &Wall| {
            let pts: Vec<String> = w.pts.iter().map(|(t, v)| format!("{t},{v}")).collect();
            format!("{}@{}", w.tail, pts.join(" "))
        };
        format!(
            "{};{};{};{};{}",
            self.mean,
            self.temperature,
            self.number.as_ref().map_or(String::new(), |x| x.to_string()),
            wall(&self.left),
            wall(&self.right)
        )
    }
    /// Read [`Thermograph::to_text`] back; `None` for any other text.
    pub fn from_text(s: &str) -> Option<Thermograph> {
        let f: Vec<&str> = s.split(';').collect();
        let [mean, temperature, number, left, right] = f.as_slice() else { return None };
        let wall = |w: &str| -> Option<Wall> {
            let (tail, pts) = w.split_once('@')?;
            let pts: Option<Vec<(Q, Q)>> = pts
                .split(' ')
                .map(|p| {
                    let (t, v) = p.split_once(',')?;
                    Some((t.parse().ok()?, v.parse().ok()?))
                })
                .collect();
            Wall::from_points(pts?, tail.parse().ok()?)
        };
        Some(Thermograph {
            left: wall(left)?,
            right: wall(right)?,
            mean: mean.parse().ok()?,
            temperature: temperature.parse().ok()?,
            number: if number.is_empty() { None } else { Some(number.parse().ok()?) },
        })
    }

    /// The thermograph of the number `x` (its canonical form's thermograph).
    pub fn of_number(x: &Q) -> Thermograph {
        let left = number_left_wall(x);
        let right = number_left_wall(&-x).negate();
        let temperature = number_temperature(x);
        Thermograph { left, right, mean: x.clone(), temperature, number: Some(x.clone()) }
    }

    /// Combine option thermographs into the thermograph of `{L | R}`.
    /// Also returns the scaffolds (`None` = an empty side, ∓∞).
    pub fn from_options<'a>(left: impl IntoIterator<Item = &'a Thermograph>, right: impl IntoIterator<Item = &'a Thermograph>) -> (Thermograph, Scaffolds) {
        let sl = left.into_iter().map(|g| g.right.shear(-1)).reduce(|a, b| a.envelope(&b, true));
        let sr = right.into_iter().map(|g| g.left.shear(1)).reduce(|a, b| a.envelope(&b, false));
        let lo = sl.as_ref().map_or(ExtQ::NegInf, |w| ExtQ::Finite(w.eval(&minus_one())));
        let hi = sr.as_ref().map_or(ExtQ::PosInf, |w| ExtQ::Finite(w.eval(&minus_one())));
        let th = if lo < hi {
            Thermograph::of_number(&simplest_in(&lo, &hi))
        } else {
            let (sl_w, sr_w) = (sl.as_ref().expect("finite"), sr.as_ref().expect("finite"));
            let t = sl_w.first_at_or_below(sr_w).expect("scaffolds with slopes -1/0 and 0/+1 meet");
            let left = sl_w.with_mast_at(&t);
            let right = sr_w.with_mast_at(&t);
            let mean = left.eval(&t);
            let number = if t.is_negative() { Some(mean.clone()) } else { None };
            Thermograph { left, right, mean, temperature: t, number }
        };
        (th, Scaffolds { left: sl, right: sr })
    }
}

/// The taxed option envelopes a thermograph is built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scaffolds {
    /// `max RW(G^L) - t`, or `None` when Left has no move (−∞).
    pub left: Option<Wall>,
    /// `min LW(G^R) + t`, or `None` when Right has no move (+∞).
    pub right: Option<Wall>,
}

impl Scaffolds {
    /// The greatest solution of the min-max equation `LW(t) = RW(t)` (Kao
    /// et al. 2012, eq. 7): the top of the stretch where the scaffolds touch, where
    /// the temperature is the least one. The two differ only where the
    /// scaffolds run together for a while before parting, as in
    /// `{{20|0}|{0|-20}}` (`±10 + ±10 = 0`: temperature -1, greatest
    /// solution 10). The walls, the mean and every parent's thermograph are
    /// the same under either reading; the Table 4 figures of Kao et al. (2012)
    /// fit this one (`research/table4.md`). -1 when the scaffolds never touch (a
    /// number, or a side with no move).
    pub fn greatest_solution(&self) -> Q {
        match (&self.left, &self.right) {
            (Some(l), Some(r)) => l.last_at_or_above(r).unwrap_or_else(|| Q::from_int(-1)),
            _ => Q::from_int(-1),
        }
    }
}

/// -1/2^k for p/2^k (k >= 1); -1 for integers and for non-dyadic rationals
/// (which are treated as atomic numbers).
pub fn number_temperature(x: &Q) -> Q {
    match x.dyadic_exponent() {
        Some(k) if k >= 1 => -Q::pow2_neg(k),
        _ => minus_one(),
    }
}

/// Left wall of the number x: the mast above its temperature, and below it the
/// chain `LW(x) = RW(x^L) - t`, `RW(y) = LW(y^R) + t`, ... (see module docs).
fn number_left_wall(x: &Q) -> Wall {
    let mut desc: Vec<(Q, Q)> = Vec::new();
    let mut z = x.clone();
    loop {
        let k = match z.dyadic_exponent() {
            Some(k) if k >= 1 => k,
            _ => {
                desc.push((minus_one(), z));
                break;
            }
        };
        desc.push((-Q::pow2_neg(k), z.clone()));
        let zl = &z - &Q::pow2_neg(k);
        let kl = zl.dyadic_exponent().expect("dyadic");
        if kl == 0 {
            // Slope -1 down to t = -1.
            desc.push((minus_one(), &zl + &Q::one()));
            break;
        }
        let tau = -Q::pow2_neg(kl);
        let v = &zl - &tau;
        desc.push((tau, v.clone()));
        z = v;
    }
    desc.reverse();
    Wall::from_points(desc, 0).expect("increasing breakpoints")
}

/// Thermographs of every node reachable from `root`, in one pass in id order
/// (children before parents; no recursion).
pub fn thermographs(arena: &Arena, root: GameId) -> std::collections::HashMap<GameId, Thermograph> {
    let mut known: Vec<Option<Thermograph>> = vec![None; root.index() + 1];
    let ids = arena.reachable(root);
    for &g in &ids {
        let th = node_thermograph(arena, g, &known).0;
        known[g.index()] = Some(th);
    }
    ids.into_iter().map(|g| (g, known[g.index()].take().expect("computed"))).collect()
}

fn node_thermograph(arena: &Arena, g: GameId, known: &[Option<Thermograph>]) -> (Thermograph, Option<Scaffolds>) {
    let get = |c: &GameId| known[c.index()].as_ref().expect("children first");
    match arena.node(g) {
        Node::Number(q) => (Thermograph::of_number(q), None),
        Node::Options { left, right } => {
            let (th, sc) = Thermograph::from_options(left.iter().map(get), right.iter().map(get));
            (th, Some(sc))
        }
    }
}

/// The thermograph of `root` and its scaffolds, keeping only the
/// thermographs still needed by unprocessed parents (memory stays small on
/// large trees).
pub fn thermograph_with_scaffolds(arena: &Arena, root: GameId) -> (Thermograph, Option<Scaffolds>) {
    let ids = arena.reachable(root);
    let n = root.index() + 1;
    let mut parents: Vec<u32> = vec![0; n];
    for &g in &ids {
        for &c in arena.left(g).iter().chain(arena.right(g)) {
            parents[c.index()] += 1;
        }
    }
    let mut known: Vec<Option<Thermograph>> = vec![None; n];
    for &g in &ids {
        if g == root {
            return node_thermograph(arena, g, &known);
        }
        let th = node_thermograph(arena, g, &known).0;
        // Options are deduplicated per side, but one node can be on both sides.
        for &c in arena.left(g).iter().chain(arena.right(g)) {
            parents[c.index()] -= 1;
            if parents[c.index()] == 0 {
                known[c.index()] = None;
            }
        }
        known[g.index()] = Some(th);
    }
    unreachable!("root is reachable from itself")
}

/// The thermograph of `root`.
pub fn thermograph(arena: &Arena, root: GameId) -> Thermograph {
    thermograph_with_scaffolds(arena, root).0
}

/// Thermographs already computed for nodes of one arena (valid forever:
/// nodes are immutable). Filled in id order, so children come first.
#[derive(Clone, Debug, Default)]
pub struct ThermoCache {
    known: HashMap<GameId, Thermograph>,
}

impl ThermoCache {
    pub fn get(&self, g: GameId) -> Option<&Thermograph> {
        self.known.get(&g)
    }
    pub fn len(&self) -> usize {
        self.known.len()
    }
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }
    /// The nodes under `roots` whose thermographs are still missing, in id order.
    pub fn missing(&self, arena: &Arena, roots: &[GameId]) -> Vec<GameId> {
        let mut ids: Vec<GameId> = Vec::new();
        for &r in roots {
            ids.extend(arena.reachable(r).into_iter().filter(|g| !self.known.contains_key(g)));
        }
        ids.sort_unstable();
        ids.dedup();
        ids
    }
    /// Compute up to `budget` of `ids[*pos..]`; true when all are done.
    pub fn fill(&mut self, arena: &Arena, ids: &[GameId], pos: &mut usize, budget: usize) -> bool {
        let end = ids.len().min(pos.saturating_add(budget));
        while *pos < end {
            self.ensure(arena, ids[*pos]);
            *pos += 1;
        }
        *pos == ids.len()
    }
    /// Compute `g`'s thermograph unless it is known. Its options'
    /// thermographs must be known already (leaves first).
    pub fn ensure(&mut self, arena: &Arena, g: GameId) {
        if self.known.contains_key(&g) {
            return;
        }
        let th = match arena.node(g) {
            Node::Number(q) => Thermograph::of_number(q),
            Node::Options { left, right } => {
                let get = |c: &GameId| self.known.get(c).expect("children are filled first");
                Thermograph::from_options(left.iter().map(get), right.iter().map(get)).0
            }
        };
        self.known.insert(g, th);
    }
    /// All thermographs, by node.
    pub fn into_map(self) -> HashMap<GameId, Thermograph> {
        self.known
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_reads_back() {
        for g in ["14|2|||-2||-14|-16", "{4|0} + {{10|-3}|-5}", "3/8", "-2", "^*", "{1/3|0}"] {
            let th = g.parse::<crate::notation::GameTree>().unwrap().thermograph();
            assert_eq!(Thermograph::from_text(&th.to_text()), Some(th), "{g}");
        }
        assert_eq!(Thermograph::from_text("nonsense"), None);
        assert_eq!(Thermograph::from_text("0;1;;0@0,0;0@-1,0"), None);
    }
    fn q(s: &str) -> Q {
        s.parse().unwrap()
    }
    #[test]
    fn number_walls() {
        let th = Thermograph::of_number(&q("3/4"));
        assert_eq!(th.temperature(), &q("-1/4"));
        assert_eq!(th.left_wall().eval(&q("-1")), q("1"));
        assert_eq!(th.left_wall().eval(&q("-1/2")), q("1"));
        assert_eq!(th.left_wall().eval(&q("-3/8")), q("7/8"));
        assert_eq!(th.right_wall().eval(&q("-1")), q("0"));
        assert_eq!(th.right_wall().eval(&q("0")), q("3/4"));
        let i = Thermograph::of_number(&q("5"));
        assert_eq!(i.left_wall().points(), &[(q("-1"), q("5"))]);
    }
    #[test]
    fn envelope_crossing() {
        let a = Wall::from_points(vec![(q("-1"), q("4"))], -1).unwrap();
        let b = Wall::constant(q("1"));
        let m = a.envelope(&b, true);
        // a = 3 - t crosses b = 1 at t = 2.
        assert_eq!(m.eval(&q("3")), q("1"));
        assert_eq!(m.eval(&q("1")), q("2"));
        assert_eq!(m.eval(&q("10")), q("1"));
        assert_eq!(m.points(), &[(q("-1"), q("4")), (q("2"), q("1"))]);
        assert_eq!(a.first_at_or_below(&b), Some(q("2")));
    }
}
