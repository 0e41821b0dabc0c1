//! Building game trees from parsed expressions, in resumable slices.
//!
//! Parsing is cheap (bounded by the input's length) and yields [`Exprs`];
//! turning `G + H` into a game tree can create a number of positions that is
//! the product of the parts. [`BuildJob::step`] does at most `budget` units of
//! that work and returns, so the page can run it between frames, show
//! progress and drop the job to cancel; the CLI runs it to the end. The same
//! code serves both: [`crate::ops::add`] is a [`SumJob`] run to completion.

use crate::game::{Arena, GameId, LimitError, Node};
use crate::notation::{ParseError, ParseErrorKind};
use crate::numbers::Q;
use crate::ops;
use crate::thermograph::Thermograph;
use std::collections::HashMap;

/// Index of an expression in its [`Exprs`]; operands come before operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExprId(u32);

/// A parsed game expression, before any tree is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Num(Q),
    Options(Vec<ExprId>, Vec<ExprId>),
    Add(ExprId, ExprId),
    Sub(ExprId, ExprId),
    Neg(ExprId),
    /// `±G = {G | -G}`
    PlusMinus(ExprId),
    Nimber(usize),
    /// `^` repeated (negative: `v`), plus `*k`.
    UpsStar(i64, usize),
}

/// Expressions with the column each was written at (for error messages).
#[derive(Clone, Debug, Default)]
pub struct Exprs {
    items: Vec<(Expr, usize)>,
}

impl Exprs {
    fn push(&mut self, e: Expr, col: usize) -> Result<ExprId, LimitError> {
        self.items.push((e, col));
        Ok(ExprId(self.items.len() as u32 - 1))
    }
    /// All expressions, operands before operators.
    pub fn ids(&self) -> impl Iterator<Item = ExprId> {
        (0..self.items.len() as u32).map(ExprId)
    }
    pub fn get(&self, id: ExprId) -> &Expr {
        &self.items[id.0 as usize].0
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    // The builder methods return `Result` so the parser treats every
    // construction alike; only building the tree can exceed a limit.
    pub(crate) fn number(&mut self, q: Q, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Num(q), col)
    }
    pub(crate) fn options(&mut self, l: Vec<ExprId>, r: Vec<ExprId>, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Options(l, r), col)
    }
    pub(crate) fn add(&mut self, a: ExprId, b: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Add(a, b), col)
    }
    pub(crate) fn sub(&mut self, a: ExprId, b: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Sub(a, b), col)
    }
    pub(crate) fn neg(&mut self, a: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Neg(a), col)
    }
    pub(crate) fn plus_minus(&mut self, a: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::PlusMinus(a), col)
    }
    pub(crate) fn nimber(&mut self, n: usize, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Nimber(n), col)
    }
    pub(crate) fn ups_star(&mut self, ups: i64, star: usize, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::UpsStar(ups, star), col)
    }
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
            let g = ids[*pos];
            let th = match arena.node(g) {
                Node::Number(q) => Thermograph::of_number(q),
                Node::Options { left, right } => {
                    let get = |c: &GameId| self.known.get(c).expect("children are filled first");
                    Thermograph::from_options(left.iter().map(get), right.iter().map(get)).0
                }
            };
            self.known.insert(g, th);
            *pos += 1;
        }
        *pos == ids.len()
    }
    /// All thermographs, by node.
    pub fn into_map(self) -> HashMap<GameId, Thermograph> {
        self.known
    }
}

/// `a + b` as a game tree, built in slices with an explicit stack and a memo
/// on pairs of positions. Needs the thermographs of every node under `a` and
/// `b` in the cache (to know which are numbers: number translation).
#[derive(Clone, Debug)]
pub struct SumJob {
    a: GameId,
    b: GameId,
    stack: Vec<(GameId, GameId)>,
    memo: HashMap<(GameId, GameId), GameId>,
}

impl SumJob {
    pub fn new(a: GameId, b: GameId) -> SumJob {
        SumJob { a, b, stack: vec![(a, b)], memo: HashMap::new() }
    }
    /// Number of sum positions built so far.
    pub fn done(&self) -> usize {
        self.memo.len()
    }
    fn number_of(arena: &Arena, cache: &ThermoCache, g: GameId) -> Option<Q> {
        match arena.node(g) {
            Node::Number(q) => Some(q.clone()),
            Node::Options { .. } => cache.get(g).expect("thermographs filled before summing").number().cloned(),
        }
    }
    /// Up to `budget` steps; `Ok(Some(root))` when finished.
    pub fn step(&mut self, arena: &mut Arena, cache: &ThermoCache, budget: usize) -> Result<Option<GameId>, LimitError> {
        let mut left_budget = budget;
        while let Some(&(x, y)) = self.stack.last() {
            if left_budget == 0 {
                return Ok(None);
            }
            left_budget -= 1;
            if self.memo.contains_key(&(x, y)) {
                self.stack.pop();
                continue;
            }
            let nx = Self::number_of(arena, cache, x);
            let ny = Self::number_of(arena, cache, y);
            let (lp, rp): (Vec<(GameId, GameId)>, Vec<(GameId, GameId)>) = match (&nx, &ny) {
                (Some(p), Some(q)) => {
                    let id = arena.number(p + q)?;
                    self.memo.insert((x, y), id);
                    self.stack.pop();
                    continue;
                }
                (Some(_), None) => (
                    arena.left(y).iter().map(|&c| (x, c)).collect(),
                    arena.right(y).iter().map(|&c| (x, c)).collect(),
                ),
                (None, Some(_)) => (
                    arena.left(x).iter().map(|&c| (c, y)).collect(),
                    arena.right(x).iter().map(|&c| (c, y)).collect(),
                ),
                (None, None) => (
                    arena.left(x).iter().map(|&c| (c, y)).chain(arena.left(y).iter().map(|&c| (x, c))).collect(),
                    arena.right(x).iter().map(|&c| (c, y)).chain(arena.right(y).iter().map(|&c| (x, c))).collect(),
                ),
            };
            let before = self.stack.len();
            for p in lp.iter().chain(rp.iter()) {
                if !self.memo.contains_key(p) {
                    self.stack.push(*p);
                }
            }
            if self.stack.len() > before {
                continue;
            }
            // Sorted options: the same multiset of components gives the same
            // node however the sum was bracketed, so sums of copies stay small.
            let mut l: Vec<GameId> = lp.iter().map(|p| self.memo[p]).collect();
            let mut r: Vec<GameId> = rp.iter().map(|p| self.memo[p]).collect();
            l.sort_unstable();
            r.sort_unstable();
            let id = arena.options(&l, &r)?;
            self.memo.insert((x, y), id);
            self.stack.pop();
        }
        Ok(Some(self.memo[&(self.a, self.b)]))
    }
}

/// What the job is doing now (for a progress display).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Expressions finished out of all.
    pub exprs_done: usize,
    pub exprs: usize,
    /// Positions of the sum being built so far (0 when not summing).
    pub sum_positions: usize,
    /// Nodes in the arena.
    pub nodes: usize,
}

#[derive(Clone, Debug)]
enum Pending {
    /// Thermographs of the operands first, then the sum.
    Fill { ids: Vec<GameId>, pos: usize, a: GameId, b: GameId },
    Sum(SumJob),
}

/// Builds the tree of a parsed expression in slices (see the module docs).
#[derive(Clone, Debug)]
pub struct BuildJob {
    exprs: Exprs,
    root: ExprId,
    vals: Vec<Option<GameId>>,
    next: usize,
    pending: Option<Pending>,
    cache: ThermoCache,
}

impl BuildJob {
    pub fn new(exprs: Exprs, root: ExprId) -> BuildJob {
        let n = exprs.len();
        BuildJob { exprs, root, vals: vec![None; n], next: 0, pending: None, cache: ThermoCache::default() }
    }
    pub fn progress(&self, arena: &Arena) -> Progress {
        Progress {
            exprs_done: self.next,
            exprs: self.exprs.len(),
            sum_positions: match &self.pending {
                Some(Pending::Sum(s)) => s.done(),
                _ => 0,
            },
            nodes: arena.len(),
        }
    }
    /// Thermographs computed along the way (all valid for `arena`).
    pub fn into_cache(self) -> ThermoCache {
        self.cache
    }
    fn val(&self, e: ExprId) -> GameId {
        self.vals[e.0 as usize].expect("operands are built first")
    }
    /// Do up to about `budget` units of work. `None`: not finished yet.
    pub fn step(&mut self, arena: &mut Arena, budget: usize) -> Option<Result<GameId, ParseError>> {
        match self.step_inner(arena, budget) {
            Ok(done) => done.map(Ok),
            Err(e) => {
                let col = self.exprs.items.get(self.next).map_or(1, |x| x.1);
                Some(Err(ParseError { column: col, kind: ParseErrorKind::TooLarge(e) }))
            }
        }
    }
    fn step_inner(&mut self, arena: &mut Arena, budget: usize) -> Result<Option<GameId>, LimitError> {
        let mut budget = budget.max(1);
        while self.next < self.exprs.len() {
            if budget == 0 {
                return Ok(None);
            }
            if let Some(p) = self.pending.as_mut() {
                let result = match p {
                    Pending::Fill { ids, pos, a, b } => {
                        let before = *pos;
                        let done = self.cache.fill(arena, ids, pos, budget);
                        budget -= (*pos - before).min(budget);
                        if done {
                            self.pending = Some(Pending::Sum(SumJob::new(*a, *b)));
                        }
                        None
                    }
                    Pending::Sum(job) => {
                        let before = job.done();
                        let r = job.step(arena, &self.cache, budget)?;
                        budget = budget.saturating_sub((job.done() - before).max(1));
                        r
                    }
                };
                if let Some(g) = result {
                    self.vals[self.next] = Some(g);
                    self.next += 1;
                    self.pending = None;
                }
                continue;
            }
            let g = match self.exprs.items[self.next].0.clone() {
                Expr::Num(q) => arena.number(q)?,
                Expr::Options(l, r) => {
                    let l: Vec<GameId> = l.iter().map(|&e| self.val(e)).collect();
                    let r: Vec<GameId> = r.iter().map(|&e| self.val(e)).collect();
                    arena.options(&l, &r)?
                }
                Expr::Neg(a) => ops::neg(arena, self.val(a))?,
                Expr::PlusMinus(a) => {
                    let g = self.val(a);
                    let n = ops::neg(arena, g)?;
                    arena.options(&[g], &[n])?
                }
                Expr::Nimber(n) => ops::nimber(arena, n)?,
                Expr::UpsStar(u, s) => ops::ups_star(arena, u, s)?,
                Expr::Add(a, b) | Expr::Sub(a, b) => {
                    let a = self.val(a);
                    let mut b = self.val(b);
                    if matches!(self.exprs.items[self.next].0, Expr::Sub(..)) {
                        b = ops::neg(arena, b)?;
                    }
                    let ids = self.cache.missing(arena, &[a, b]);
                    self.pending = Some(Pending::Fill { ids, pos: 0, a, b });
                    budget -= 1;
                    continue;
                }
            };
            budget -= 1;
            self.vals[self.next] = Some(g);
            self.next += 1;
        }
        Ok(Some(self.val(self.root)))
    }
}
