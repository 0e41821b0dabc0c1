//! Building game trees from parsed expressions, in resumable slices.
//!
//! Parsing is cheap (bounded by the input's length) and yields [`Exprs`];
//! turning `G + H` into a game tree can create a number of positions that is
//! the product of the parts. [`BuildJob::step`] does at most `budget` units of
//! that work and returns, so the page can run it between frames, show
//! progress and drop the job to cancel; the CLI runs it to the end. The same
//! code serves both: [`crate::ops::add`] is a [`SumJob`] run to completion.

use crate::canonical::{Canon, Nus};
use crate::expr::{Expr, ExprId, Exprs, ParseError, ParseErrorKind};
use crate::game::{Arena, GameId, LimitError};
use crate::ops::{self, SumJob};
use crate::thermograph::ThermoCache;

/// The work of making one thermograph: a step, and one per 64 bits of its
/// breakpoints.
fn thermograph_weight(th: &crate::thermograph::Thermograph) -> u64 {
    let bits: u64 = [th.left_wall(), th.right_wall()].iter().flat_map(|w| w.points()).map(|(t, v)| t.bits() + v.bits()).sum();
    1 + bits / 64
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
    Fill {
        ids: Vec<GameId>,
        pos: usize,
        a: GameId,
        b: GameId,
    },
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
    /// Work done so far and the most allowed (see `ParseLimits::max_build_work`).
    work: u64,
    max_work: u64,
    /// What a step weighs: 1 while the input's numbers fit a machine word,
    /// else 8 and 1 more per 64 bits of the largest (every position of a
    /// sum carries sums of them, and big-integer arithmetic is slower).
    step_weight: u64,
    /// The tree built is the value's, not the expression's (see `value_tree`).
    value_tree: bool,
    /// Build the value's tree at once, never the expression's (see `new`).
    arithmetic_first: bool,
}

/// Past this many positions in its typed tree (an estimate: the product of
/// the terms' sizes), a sum of numbers, nimbers and ups/stars is built as
/// its value's tree from the start. Below it the typed tree is shown, as
/// typed (`*2 + *` has 5 distinct positions; its value, *3, 4).
const ARITHMETIC_TYPED_POSITIONS: u128 = 4096;

/// Past this many positions in its typed tree (an upper estimate,
/// [`typed_tree_positions`]), a game is valued component by component
/// through canonical forms and the tree shown is its value's canonical
/// form; up to it, the typed tree is built as well, for the pictures (the
/// game tree, the construction, each position's thermograph), since it is
/// what the user wrote and costs little.
pub const TYPED_TREE_POSITIONS: u128 = 4096;

/// An upper estimate of the distinct positions of the tree of any
/// expression (saturating): a sum has at most the product of its terms'
/// positions, `{A, B | C}` at most one more than its options' together.
pub fn typed_tree_positions(ex: &Exprs, root: ExprId) -> u128 {
    let mut size: Vec<u128> = Vec::with_capacity(ex.items.len());
    for (e, _) in &ex.items {
        let at = |id: &ExprId| size.get(id.0 as usize).copied().unwrap_or(0);
        let v = match e {
            Expr::Num(_) => 1,
            Expr::Nimber(n) => (*n as u128).saturating_add(1),
            Expr::UpsStar(m, n) => (m.unsigned_abs() as u128).saturating_add(2).saturating_mul((*n as u128).saturating_add(1)),
            Expr::Add(a, b) | Expr::Sub(a, b) => at(a).saturating_mul(at(b)),
            Expr::Neg(a) => at(a),
            Expr::PlusMinus(a) => at(a).saturating_mul(2).saturating_add(1),
            Expr::Ordinal(a, b) => at(a).saturating_add(1).saturating_mul(at(b)),
            Expr::Conjunctive(a, b) | Expr::Selective(a, b) => at(a).saturating_mul(at(b)),
            Expr::Options(l, r) => l.iter().chain(r).fold(1u128, |n, x| n.saturating_add(at(x))),
        };
        size.push(v);
    }
    size.get(root.0 as usize).copied().unwrap_or(0)
}

impl BuildJob {
    pub fn new(exprs: Exprs, root: ExprId) -> BuildJob {
        let n = exprs.len();
        let bits = exprs
            .items
            .iter()
            .filter_map(|(e, _)| match e {
                Expr::Num(q) => Some(q.bits()),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        // Past 62 bits numbers leave the machine-word fast path of `Q` for
        // big rationals, about ten times slower a step (a sum of ±3's with
        // one 70-bit switch took 1.4 s of CPU at weight 2).
        let step_weight = if bits > 62 { 8 + bits / 64 } else { 1 };
        // A sum of numbers, nimbers and ups/stars whose own tree would be
        // large is never expanded: its value comes by arithmetic and the
        // value's tree is built instead (`*100 + *37 + *8 + *9 + *10` is
        // *74, 75 positions; its typed tree took seconds to find too large).
        let arithmetic_first = Nus::of_exprs(&exprs, root).is_some() && typed_tree_positions(&exprs, root) > ARITHMETIC_TYPED_POSITIONS;
        BuildJob {
            exprs,
            root,
            vals: vec![None; n],
            next: 0,
            pending: None,
            cache: ThermoCache::default(),
            work: 0,
            max_work: u64::MAX,
            step_weight,
            value_tree: false,
            arithmetic_first,
        }
    }
    /// Refuse once building has taken more than `max` steps of work.
    pub fn with_work_limit(mut self, max: u64) -> BuildJob {
        self.max_work = max;
        self
    }
    /// Work done so far: a step per position summed and per move it has,
    /// and per thermograph made and per option it merges, the
    /// thermographs weighted by the size of their breakpoints (big numbers
    /// make every later step slower).
    pub fn work(&self) -> u64 {
        self.work
    }
    fn spend(&mut self, units: u64) -> Result<(), LimitError> {
        self.work = self.work.saturating_add(units.saturating_mul(self.step_weight));
        if self.work > self.max_work {
            return Err(LimitError::TooMuchWork { max: self.max_work });
        }
        Ok(())
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
        if std::mem::take(&mut self.arithmetic_first) {
            // When the value's own tree is over the limits too (`*4096 +
            // *1` is *4097), the typed one, larger still, is refused
            // without trying it.
            return Some(self.value_tree_or_why(arena).map_err(|e| {
                let col = self.exprs.items.get(self.root.0 as usize).map_or(1, |x| x.1);
                ParseError { column: col, kind: ParseErrorKind::TooLarge(e) }
            }));
        }
        match self.step_inner(arena, budget) {
            Ok(done) => done.map(Ok),
            Err(e) => {
                if let Some(root) = self.value_tree(arena) {
                    return Some(Ok(root));
                }
                let col = self.exprs.items.get(self.next).map_or(1, |x| x.1);
                Some(Err(ParseError { column: col, kind: ParseErrorKind::TooLarge(e) }))
            }
        }
    }
    /// A sum of numbers, nimbers and ups/stars whose own tree is too large
    /// is valued by arithmetic ([`Nus::of_exprs`]: `*100 + *37 = *65`), and
    /// the tree of that value is built instead, in a fresh arena (the
    /// partial build is dropped, with its thermographs). `None` (and the
    /// arena untouched) for any other expression, or if even the value's
    /// tree is over the limits.
    fn value_tree(&mut self, arena: &mut Arena) -> Option<GameId> {
        Nus::of_exprs(&self.exprs, self.root)?;
        self.value_tree_or_why(arena).ok()
    }
    /// [`Self::value_tree`] for an expression known to be arithmetic, with
    /// the limit the value's tree is over when it is.
    fn value_tree_or_why(&mut self, arena: &mut Arena) -> Result<GameId, LimitError> {
        let Some(v) = Nus::of_exprs(&self.exprs, self.root) else {
            return Err(LimitError::TooManyNodes { max: arena.limits().max_nodes });
        };
        let mut canon = Canon::new();
        let c = canon.from_nus(v);
        let mut fresh = Arena::new(arena.limits());
        let root = canon.to_tree(c, &mut fresh)?;
        *arena = fresh;
        self.cache = ThermoCache::default();
        self.pending = None;
        self.next = self.exprs.len();
        self.value_tree = true;
        Ok(root)
    }
    /// Whether the tree built is the value's canonical form rather than the
    /// expression's own tree (see `value_tree`).
    pub fn built_value_tree(&self) -> bool {
        self.value_tree
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
                        // In short runs, so that the work is weighed (and a
                        // game too costly refused) before much more is done.
                        let done = self.cache.fill(arena, ids, pos, budget.min(256));
                        budget -= (*pos - before).min(budget);
                        // A thermograph's cost grows with its breakpoints'
                        // size: one step, plus one per 64 bits of them.
                        let units: u64 = ids[before..*pos]
                            .iter()
                            .filter_map(|&g| self.cache.get(g).map(|th| thermograph_weight(th) + (arena.left(g).len() + arena.right(g).len()) as u64))
                            .sum();
                        let next = done.then(|| Pending::Sum(SumJob::new(*a, *b)));
                        self.spend(units)?;
                        if let Some(n) = next {
                            self.pending = Some(n);
                        }
                        None
                    }
                    Pending::Sum(job) => {
                        let (before, seen) = (job.done(), job.moves_seen());
                        let r = job.step(arena, &self.cache, budget.min(4096))?;
                        let made = (job.done() - before).max(1);
                        budget = budget.saturating_sub(made);
                        // A position with many options costs as many steps,
                        // each time it is looked at (not only when new).
                        let units = made as u64 + (job.moves_seen() - seen);
                        self.spend(units)?;
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
                // The ordinal sum is of canonical forms: its tree is the
                // canonical form of the result (a non-dyadic operand has
                // none, and is refused as a game with no canonical form).
                Expr::Ordinal(a, b) | Expr::Conjunctive(a, b) | Expr::Selective(a, b) => {
                    let mut canon = Canon::new();
                    let not_short = |_| LimitError::NotShort;
                    let x = canon.from_tree(arena, self.val(a)).map_err(not_short)?;
                    let y = canon.from_tree(arena, self.val(b)).map_err(not_short)?;
                    let o = match self.exprs.items[self.next].0 {
                        Expr::Ordinal(..) => canon.ordinal(x, y),
                        Expr::Conjunctive(..) => canon.compound(x, y, false),
                        _ => canon.compound(x, y, true),
                    };
                    canon.to_tree(o, arena)?
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_expr, ParseLimits};

    /// Runs the build of `text` to the end: (the result, the work spent).
    fn build(text: &str) -> (Result<GameId, ParseError>, u64, bool, Arena) {
        let limits = ParseLimits::INTERACTIVE;
        let (exprs, root) = parse_expr(text, &limits).unwrap();
        let mut job = BuildJob::new(exprs, root).with_work_limit(limits.max_build_work);
        let mut arena = Arena::new(limits.tree);
        loop {
            if let Some(r) = job.step(&mut arena, 1000) {
                return (r, job.work(), job.built_value_tree(), arena);
            }
        }
    }

    /// Issue 43 (12): a big sum of nimbers is never expanded. It had been
    /// built term by term until the tree was too large (3 s of CPU for
    /// this one), and only then valued by arithmetic.
    #[test]
    fn a_big_nimber_sum_is_never_expanded() {
        let (r, work, value_tree, arena) = build("*100+*37+*8+*9+*10");
        let root = r.unwrap();
        assert_eq!(work, 0, "no step of the typed tree's build was taken");
        assert!(value_tree);
        let mut c = Canon::new();
        let v = c.from_tree(&arena, root).unwrap();
        assert_eq!(c.name(v), "*74"); // 100 ^ 37 ^ 8 ^ 9 ^ 10 = 74
                                      // Small sums keep their typed tree (5 distinct positions, not *3's 4).
        let (r, work, value_tree, arena) = build("*2+*");
        let root = r.unwrap();
        assert!(work > 0 && !value_tree);
        assert_eq!(arena.reachable(root).len(), 5);
        // The estimate of any expression's typed tree: a sum multiplies,
        // braces add one to their options'.
        let (ex, root) = parse_expr("{1|-1} + *100", &ParseLimits::INTERACTIVE).unwrap();
        assert_eq!(typed_tree_positions(&ex, root), 3 * 101);
        let (ex, root) = parse_expr("{2, {1|0} | -1} - ±3", &ParseLimits::INTERACTIVE).unwrap();
        assert_eq!(typed_tree_positions(&ex, root), (1 + 1 + 3 + 1) * 3);
    }
}
