//! Canonical forms of short games, the partial order, and CGSuite-style names.
//!
//! [`Canon`] is a hash-consed store in which every node is in canonical form
//! (no dominated options, no reversible options) and every node that equals
//! a number *is* a `Num` leaf. Canonical forms are unique, so two games are
//! equal exactly when their [`CanonId`]s are equal. Comparison (`<=`) is the
//! recursive definition with a memo and number shortcuts; sums and negatives
//! are memoised too. Game order is partial: [`Relation`] has a `Confused`
//! case and there is no `Ord` on games.

use crate::game::{Arena, GameId, Node};
use crate::numbers::{ExtQ, Q};
use crate::outcome::Outcome;
use std::collections::HashMap;
use std::fmt;

/// A canonical game in a [`Canon`] store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CanonId(u32);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum CNode {
    /// A dyadic number.
    Num(Q),
    /// A canonical non-number: options sorted by id.
    Opts { left: Box<[CanonId]>, right: Box<[CanonId]> },
}

/// How two games compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    Less,
    Equal,
    Greater,
    /// Incomparable (`||`).
    Confused,
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Greater => ">",
            Relation::Confused => "||",
        })
    }
}

/// Why a tree has no canonical form here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanonError {
    /// A leaf is a rational that is not dyadic (e.g. 1/3): not a short game.
    NotDyadic(Q),
}

impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonError::NotDyadic(q) => {
                write!(f, "{q} is not a dyadic rational, so the game has no canonical form (short games have dyadic values)")
            }
        }
    }
}
impl std::error::Error for CanonError {}

/// The store of canonical forms (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct Canon {
    nodes: Vec<CNode>,
    index: HashMap<CNode, CanonId>,
    le_memo: HashMap<(CanonId, CanonId), bool>,
    sum_memo: HashMap<(CanonId, CanonId), CanonId>,
    neg_memo: HashMap<CanonId, CanonId>,
    stops_memo: HashMap<CanonId, (Q, Q)>,
}

impl Canon {
    pub fn new() -> Canon {
        Canon::default()
    }
    /// Number of distinct canonical forms stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    /// Forget the comparison, sum and negation memos (the forms stay valid).
    pub fn clear_memos(&mut self) {
        self.le_memo.clear();
        self.sum_memo.clear();
        self.neg_memo.clear();
        self.stops_memo.clear();
    }
    fn intern(&mut self, n: CNode) -> CanonId {
        if let Some(&id) = self.index.get(&n) {
            return id;
        }
        let id = CanonId(self.nodes.len() as u32);
        self.nodes.push(n.clone());
        self.index.insert(n, id);
        id
    }
    /// The number `q` (must be dyadic).
    pub fn num(&mut self, q: Q) -> Result<CanonId, CanonError> {
        if !q.is_dyadic() {
            return Err(CanonError::NotDyadic(q));
        }
        Ok(self.intern(CNode::Num(q)))
    }
    fn dyadic(&mut self, q: Q) -> CanonId {
        debug_assert!(q.is_dyadic());
        self.intern(CNode::Num(q))
    }
    pub fn zero(&mut self) -> CanonId {
        self.dyadic(Q::zero())
    }
    /// `Some(x)` if the game is the number x.
    pub fn as_number(&self, g: CanonId) -> Option<&Q> {
        match &self.nodes[g.0 as usize] {
            CNode::Num(q) => Some(q),
            CNode::Opts { .. } => None,
        }
    }
    pub fn is_number(&self, g: CanonId) -> bool {
        self.as_number(g).is_some()
    }
    /// Left options of the canonical form (a number's canonical options too).
    pub fn left(&mut self, g: CanonId) -> Vec<CanonId> {
        self.side(g, true)
    }
    pub fn right(&mut self, g: CanonId) -> Vec<CanonId> {
        self.side(g, false)
    }
    fn side(&mut self, g: CanonId, left: bool) -> Vec<CanonId> {
        match &self.nodes[g.0 as usize] {
            CNode::Opts { left: l, right: r } => (if left { l } else { r }).to_vec(),
            CNode::Num(x) => match num_option(x, left) {
                Some(y) => vec![self.dyadic(y)],
                None => vec![],
            },
        }
    }

    /// `a <= b`.
    pub fn le(&mut self, a: CanonId, b: CanonId) -> bool {
        if a == b {
            return true;
        }
        if let (Some(x), Some(y)) = (self.as_number(a), self.as_number(b)) {
            return x <= y;
        }
        if let Some(&v) = self.le_memo.get(&(a, b)) {
            return v;
        }
        // Number avoidance: against a non-number H, a number x only needs
        // H's options (x <= H iff no H^R <= x; H <= y iff no H^L >= y).
        let v = if self.is_number(a) {
            !self.right(b).into_iter().any(|br| self.le(br, a))
        } else if self.is_number(b) {
            !self.left(a).into_iter().any(|al| self.le(b, al))
        } else {
            !self.left(a).into_iter().any(|al| self.le(b, al))
                && !self.right(b).into_iter().any(|br| self.le(br, a))
        };
        self.le_memo.insert((a, b), v);
        v
    }
    pub fn relation(&mut self, a: CanonId, b: CanonId) -> Relation {
        match (self.le(a, b), self.le(b, a)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }
    pub fn outcome(&mut self, g: CanonId) -> Outcome {
        let z = self.zero();
        match self.relation(g, z) {
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Equal => Outcome::P,
            Relation::Confused => Outcome::N,
        }
    }

    /// `x <= G` for the not-yet-canonical `G = {l | r}`.
    fn le_to_temp(&mut self, x: CanonId, l: &[CanonId], r: &[CanonId], memo: &mut HashMap<(CanonId, bool), bool>) -> bool {
        if let Some(&v) = memo.get(&(x, true)) {
            return v;
        }
        let v = !r.iter().any(|&gr| self.le(gr, x))
            && !self.left(x).into_iter().any(|xl| self.temp_le(l, r, xl, memo));
        memo.insert((x, true), v);
        v
    }
    /// `G <= x` for the not-yet-canonical `G = {l | r}`.
    fn temp_le(&mut self, l: &[CanonId], r: &[CanonId], x: CanonId, memo: &mut HashMap<(CanonId, bool), bool>) -> bool {
        if let Some(&v) = memo.get(&(x, false)) {
            return v;
        }
        let v = !l.iter().any(|&gl| self.le(x, gl))
            && !self.right(x).into_iter().any(|xr| self.le_to_temp(xr, l, r, memo));
        memo.insert((x, false), v);
        v
    }

    /// The canonical form of `{left | right}` whose options are canonical.
    pub fn options(&mut self, left: &[CanonId], right: &[CanonId]) -> CanonId {
        let mut l: Vec<CanonId> = left.to_vec();
        let mut r: Vec<CanonId> = right.to_vec();
        loop {
            l = self.undominated(l, true);
            r = self.undominated(r, false);
            let mut memo = HashMap::new();
            let mut changed = false;
            // Bypass a reversible Left option A (some A^R <= G) by A^R's Left options.
            let mut i = 0;
            while i < l.len() {
                let a = l[i];
                let mut rev = None;
                for ar in self.right(a) {
                    if self.le_to_temp(ar, &l, &r, &mut memo) {
                        rev = Some(ar);
                        break;
                    }
                }
                if let Some(ar) = rev {
                    let repl = self.left(ar);
                    l.remove(i);
                    l.extend(repl);
                    changed = true;
                    break;
                }
                i += 1;
            }
            if changed {
                continue;
            }
            let mut i = 0;
            while i < r.len() {
                let b = r[i];
                let mut rev = None;
                for bl in self.left(b) {
                    if self.temp_le(&l, &r, bl, &mut memo) {
                        rev = Some(bl);
                        break;
                    }
                }
                if let Some(bl) = rev {
                    let repl = self.right(bl);
                    r.remove(i);
                    r.extend(repl);
                    changed = true;
                    break;
                }
                i += 1;
            }
            if !changed {
                break;
            }
        }
        // A canonical form all of whose options are numbers, with every Left
        // option below every Right option, is a number's form.
        let nums_l: Option<Vec<Q>> = l.iter().map(|&g| self.as_number(g).cloned()).collect();
        let nums_r: Option<Vec<Q>> = r.iter().map(|&g| self.as_number(g).cloned()).collect();
        if let (Some(nl), Some(nr)) = (nums_l, nums_r) {
            let lo = nl.iter().max().cloned();
            let hi = nr.iter().min().cloned();
            let apart = match (&lo, &hi) {
                (Some(a), Some(b)) => a < b,
                _ => true,
            };
            if apart {
                return self.dyadic(simplest_between(lo.as_ref(), hi.as_ref()));
            }
        }
        l.sort_unstable();
        r.sort_unstable();
        self.intern(CNode::Opts { left: l.into_boxed_slice(), right: r.into_boxed_slice() })
    }

    /// Keep the maximal (Left) or minimal (Right) options, without repeats.
    fn undominated(&mut self, mut v: Vec<CanonId>, left: bool) -> Vec<CanonId> {
        v.sort_unstable();
        v.dedup();
        let mut keep = Vec::with_capacity(v.len());
        for (i, &a) in v.iter().enumerate() {
            let dominated = v.iter().enumerate().any(|(j, &b)| {
                j != i && if left { self.le(a, b) } else { self.le(b, a) }
            });
            if !dominated {
                keep.push(a);
            }
        }
        keep
    }

    /// `-G`.
    pub fn neg(&mut self, g: CanonId) -> CanonId {
        if let Some(x) = self.as_number(g) {
            let y = -x;
            return self.dyadic(y);
        }
        if let Some(&n) = self.neg_memo.get(&g) {
            return n;
        }
        let (l, r) = (self.left(g), self.right(g));
        let mut nl: Vec<CanonId> = r.into_iter().map(|x| self.neg(x)).collect();
        let mut nr: Vec<CanonId> = l.into_iter().map(|x| self.neg(x)).collect();
        nl.sort_unstable();
        nr.sort_unstable();
        // The mirror image of a canonical form is canonical.
        let n = self.intern(CNode::Opts { left: nl.into_boxed_slice(), right: nr.into_boxed_slice() });
        self.neg_memo.insert(g, n);
        self.neg_memo.insert(n, g);
        n
    }

    /// `G + H`.
    pub fn add(&mut self, a: CanonId, b: CanonId) -> CanonId {
        if let (Some(x), Some(y)) = (self.as_number(a), self.as_number(b)) {
            let s = x + y;
            return self.dyadic(s);
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&s) = self.sum_memo.get(&key) {
            return s;
        }
        let (a_num, b_num) = (self.is_number(a), self.is_number(b));
        let mut l = Vec::new();
        let mut r = Vec::new();
        // Number translation: nobody moves in a number while a non-number remains.
        if !a_num {
            for al in self.left(a) {
                l.push(self.add(al, b));
            }
            for ar in self.right(a) {
                r.push(self.add(ar, b));
            }
        }
        if !b_num {
            for bl in self.left(b) {
                l.push(self.add(a, bl));
            }
            for br in self.right(b) {
                r.push(self.add(a, br));
            }
        }
        let s = self.options(&l, &r);
        self.sum_memo.insert(key, s);
        s
    }
    pub fn sub(&mut self, a: CanonId, b: CanonId) -> CanonId {
        let nb = self.neg(b);
        self.add(a, nb)
    }

    /// The canonical form of a game tree (one pass in id order).
    pub fn from_tree(&mut self, arena: &Arena, root: GameId) -> Result<CanonId, CanonError> {
        let mut map: HashMap<GameId, CanonId> = HashMap::new();
        for g in arena.reachable(root) {
            let c = match arena.node(g) {
                Node::Number(q) => self.num(q.clone())?,
                Node::Options { left, right } => {
                    let l: Vec<CanonId> = left.iter().map(|c| map[c]).collect();
                    let r: Vec<CanonId> = right.iter().map(|c| map[c]).collect();
                    self.options(&l, &r)
                }
            };
            map.insert(g, c);
        }
        Ok(map[&root])
    }

    /// The canonical form of a parsed expression, computed on canonical forms
    /// all the way (a sum is added canonically, never expanded as a tree):
    /// far cheaper than canonicalising the raw sum tree.
    pub fn from_exprs(&mut self, ex: &crate::build::Exprs, root: crate::build::ExprId) -> Result<CanonId, CanonError> {
        use crate::build::Expr;
        let mut val: HashMap<crate::build::ExprId, CanonId> = HashMap::new();
        for id in ex.ids() {
            let c = match ex.get(id) {
                Expr::Num(q) => self.num(q.clone())?,
                Expr::Options(l, r) => {
                    let l: Vec<CanonId> = l.iter().map(|e| val[e]).collect();
                    let r: Vec<CanonId> = r.iter().map(|e| val[e]).collect();
                    self.options(&l, &r)
                }
                Expr::Add(a, b) => self.add(val[a], val[b]),
                Expr::Sub(a, b) => self.sub(val[a], val[b]),
                Expr::Neg(a) => self.neg(val[a]),
                Expr::PlusMinus(a) => {
                    let n = self.neg(val[a]);
                    self.options(&[val[a]], &[n])
                }
                Expr::Nimber(n) => self.nimber(*n),
                Expr::UpsStar(m, n) => self.ups_star(*m, *n),
            };
            val.insert(id, c);
        }
        Ok(val[&root])
    }

    /// Copy a canonical form into a game tree arena (numbers as leaves).
    pub fn to_tree(&mut self, g: CanonId, arena: &mut Arena) -> Result<GameId, crate::game::LimitError> {
        let mut order: Vec<CanonId> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if expanded {
                order.push(x);
                continue;
            }
            if !seen.insert(x) {
                continue;
            }
            stack.push((x, true));
            if !self.is_number(x) {
                for c in self.left(x).into_iter().chain(self.right(x)) {
                    stack.push((c, false));
                }
            }
        }
        let mut map: HashMap<CanonId, GameId> = HashMap::new();
        for x in order {
            let id = match self.as_number(x) {
                Some(q) => arena.number(q.clone())?,
                None => {
                    let l: Vec<GameId> = self.left(x).iter().map(|c| map[c]).collect();
                    let r: Vec<GameId> = self.right(x).iter().map(|c| map[c]).collect();
                    arena.options(&l, &r)?
                }
            };
            map.insert(x, id);
        }
        Ok(map[&g])
    }

    /// Birthday: the day the game is born (exact: an integer n is born on
    /// day |n|, so birthdays can be huge).
    pub fn birthday(&mut self, g: CanonId) -> Q {
        if let Some(x) = self.as_number(g) {
            return number_birthday(x);
        }
        let kids: Vec<CanonId> = self.left(g).into_iter().chain(self.right(g)).collect();
        let oldest = kids.into_iter().map(|c| self.birthday(c)).max().unwrap_or_else(Q::zero);
        &oldest + &Q::one()
    }

    /// Left and right stops of a canonical form.
    pub fn stops(&mut self, g: CanonId) -> (Q, Q) {
        if let Some(x) = self.as_number(g) {
            return (x.clone(), x.clone());
        }
        if let Some(s) = self.stops_memo.get(&g) {
            return s.clone();
        }
        let ls = self.left(g).into_iter().map(|c| self.stops(c).1).max().expect("a non-number has Left options");
        let rs = self.right(g).into_iter().map(|c| self.stops(c).0).min().expect("a non-number has Right options");
        self.stops_memo.insert(g, (ls.clone(), rs.clone()));
        (ls, rs)
    }

    /// `*n` (canonical).
    pub fn nimber(&mut self, n: usize) -> CanonId {
        let mut stars = vec![self.zero()];
        for _ in 0..n {
            let s = self.intern(CNode::Opts { left: stars.clone().into_boxed_slice(), right: stars.clone().into_boxed_slice() });
            stars.push(s);
        }
        stars[n]
    }
    /// `^m *n` for any integer m (negative: downs).
    pub fn ups_star(&mut self, m: i64, n: usize) -> CanonId {
        let z = self.zero();
        let s = self.nimber(1);
        let up = self.options(&[z], &[s]);
        let unit = if m >= 0 { up } else { self.neg(up) };
        let mut acc = self.nimber(n);
        for _ in 0..m.unsigned_abs() {
            acc = self.add(acc, unit);
        }
        acc
    }

    /// If the game is a nimber, its index.
    fn nimber_index(&self, g: CanonId) -> Option<usize> {
        match &self.nodes[g.0 as usize] {
            CNode::Num(q) if q.is_zero() => Some(0),
            CNode::Num(_) => None,
            CNode::Opts { left, right } => {
                if left != right {
                    return None;
                }
                // *n = {0, *, ..., *(n-1) | same}
                let mut idx: Vec<usize> = left.iter().map(|&c| self.nimber_index(c)).collect::<Option<_>>()?;
                idx.sort_unstable();
                if idx.iter().enumerate().all(|(i, &k)| i == k) {
                    Some(idx.len())
                } else {
                    None
                }
            }
        }
    }

    /// The name CGSuite would print: `3/4`, `*2`, `^*`, `1v`, `±3`, `{4|0}`,
    /// `{0, ^*|v}` ... (parseable by the notation's parser).
    pub fn name(&mut self, g: CanonId) -> String {
        if let Some(x) = self.as_number(g) {
            return x.to_string();
        }
        let (ls, rs) = self.stops(g);
        if ls == rs {
            // Number plus infinitesimal: try x + ^m *n for small m, n.
            let x = self.dyadic(ls.clone());
            let xn = self.neg(x);
            let inf = self.add(g, xn);
            if let Some(n) = self.nimber_index(inf) {
                return format!("{}{}", number_prefix(&ls), star_text(n));
            }
            // ^m *n is born on day m + 1 or so: no need to look further.
            let day = self.birthday(inf);
            let height = if day > Q::from_int(64) { 64 } else { day.to_f64() as i64 };
            for m in 1..=height.max(1) {
                for sign in [1i64, -1] {
                    for n in 0..=3usize {
                        let cand = self.ups_star(sign * m, n);
                        if cand == inf {
                            return format!("{}{}{}", number_prefix(&ls), arrows_text(sign * m), star_text(n));
                        }
                    }
                }
            }
        }
        let (l, r) = (self.left(g), self.right(g));
        // ±x for a number x > 0.
        if l.len() == 1 && r.len() == 1 {
            if let (Some(a), Some(b)) = (self.as_number(l[0]).cloned(), self.as_number(r[0]).cloned()) {
                if a.is_positive() && b == -&a {
                    return format!("±{a}");
                }
            }
        }
        let ln: Vec<String> = l.into_iter().map(|c| self.name(c)).collect();
        let rn: Vec<String> = r.into_iter().map(|c| self.name(c)).collect();
        format!("{{{}|{}}}", ln.join(", "), rn.join(", "))
    }

    /// Length of [`Canon::explicit`]'s text without building it (shared
    /// subtrees expand when printed, so this can be astronomically large).
    pub fn explicit_len(&mut self, g: CanonId) -> u64 {
        let mut memo: HashMap<CanonId, u64> = HashMap::new();
        self.explicit_len_memo(g, &mut memo)
    }
    fn explicit_len_memo(&mut self, g: CanonId, memo: &mut HashMap<CanonId, u64>) -> u64 {
        if let Some(x) = self.as_number(g) {
            return x.to_string().len() as u64;
        }
        if let Some(&n) = memo.get(&g) {
            return n;
        }
        let (l, r) = (self.left(g), self.right(g));
        let seps = 2 * (l.len().saturating_sub(1) + r.len().saturating_sub(1)) as u64;
        let mut n: u64 = 3 + seps;
        for c in l.into_iter().chain(r) {
            n = n.saturating_add(self.explicit_len_memo(c, memo));
        }
        memo.insert(g, n);
        n
    }
    /// [`Canon::name`] and [`Canon::explicit`] if the explicit text is at most
    /// `max` characters (names are never longer), else `None`.
    pub fn texts_within(&mut self, g: CanonId, max: u64) -> Option<(String, String)> {
        if self.explicit_len(g) > max {
            return None;
        }
        Some((self.name(g), self.explicit(g)))
    }

    /// Braces, commas and numbers only: every number-valued subgame as its
    /// number, nothing else named.
    pub fn explicit(&mut self, g: CanonId) -> String {
        if let Some(x) = self.as_number(g) {
            return x.to_string();
        }
        let (l, r) = (self.left(g), self.right(g));
        let ln: Vec<String> = l.into_iter().map(|c| self.explicit(c)).collect();
        let rn: Vec<String> = r.into_iter().map(|c| self.explicit(c)).collect();
        format!("{{{}|{}}}", ln.join(", "), rn.join(", "))
    }
}

fn number_prefix(x: &Q) -> String {
    if x.is_zero() { String::new() } else { x.to_string() }
}
fn star_text(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => "*".into(),
        n => format!("*{n}"),
    }
}
fn arrows_text(m: i64) -> String {
    let (c, k) = if m > 0 { ('^', m) } else { ('v', -m) };
    match k {
        1 => c.to_string(),
        2 => format!("{c}{c}"),
        k => format!("{c}{k}"),
    }
}

/// A number's canonical Left (or Right) option: `n-1` / none for integers
/// `n > 0`, `x ∓ 2^-k` for `x = p/2^k`.
fn num_option(x: &Q, left: bool) -> Option<Q> {
    let k = x.dyadic_exponent().expect("canonical numbers are dyadic");
    if k == 0 {
        if left && x.is_positive() {
            Some(x - &Q::one())
        } else if !left && x.is_negative() {
            Some(x + &Q::one())
        } else {
            None
        }
    } else {
        let d = Q::pow2_neg(k);
        Some(if left { x - &d } else { x + &d })
    }
}

fn number_birthday(x: &Q) -> Q {
    let k = x.dyadic_exponent().expect("dyadic");
    let whole = x.abs().floor();
    if k == 0 { whole } else { &whole + &Q::from_int(1 + k as i64) }
}

/// The simplest number strictly between `lo` and `hi` (either may be absent).
fn simplest_between(lo: Option<&Q>, hi: Option<&Q>) -> Q {
    match (lo, hi) {
        (None, None) => Q::zero(),
        (Some(a), None) => {
            if a.is_negative() { Q::zero() } else { &a.floor() + &Q::one() }
        }
        (None, Some(b)) => {
            if b.is_positive() { Q::zero() } else { &b.ceil() - &Q::one() }
        }
        (Some(a), Some(b)) => {
            // Simplest in the open interval: search the closed one shrunk by
            // an amount smaller than any candidate's spacing.
            let k = a.dyadic_exponent().unwrap_or(0).max(b.dyadic_exponent().unwrap_or(0)) + 1;
            let eps = Q::pow2_neg(k);
            crate::numbers::simplest_in(&ExtQ::Finite(a + &eps), &ExtQ::Finite(b - &eps))
        }
    }
}
