//! A typed game analysed for the explorer and `cgt eval`: valued through
//! canonical forms, component by component, with a tree for the pictures
//! and every position's thermograph and outcome class, in slices.

use crate::game::{Arena, GameId};
use crate::thermograph::Thermograph;

/// The value of a game found through canonical forms: the store, the
/// value's form, and the canonical form of each node of the analysed tree
/// whose form is known (every node of a canonical form's tree; the root of
/// a typed tree).
#[derive(Clone, Debug)]
pub struct CanonValue {
    pub canon: crate::canonical::Canon,
    pub root: crate::canonical::CanonId,
    pub forms: std::collections::HashMap<GameId, crate::canonical::CanonId>,
}

/// A parsed game with the thermographs of all its positions (and possibly of
/// some other positions of its arena, such as partial sums).
#[derive(Clone, Debug)]
pub struct Analysed {
    /// The tree the pictures show: the game as typed when its tree is small
    /// ([`crate::build::TYPED_TREE_POSITIONS`]), else its value's canonical
    /// form (`value_tree`).
    pub tree: crate::notation::GameTree,
    pub thermographs: std::collections::HashMap<GameId, Thermograph>,
    /// The outcome class of every position reachable from the root (found
    /// in the same slices as the thermographs, so that a big game's class is
    /// known when the answer is shown).
    pub outcomes: crate::outcome::Outcomes,
    /// Number of distinct positions reachable from the root.
    pub positions: usize,
    /// The value by arithmetic, when the game is a sum of numbers, nimbers
    /// and ups/stars (`*8 + *9 + *10 = *11`): such a value is never found
    /// by canonicalising the tree.
    pub nus: Option<crate::canonical::Nus>,
    /// The tree is that value's canonical form, not the typed game's.
    pub value_tree: bool,
    /// The canonical value, found component by component (`None` when a
    /// number below is not dyadic: then everything comes from the typed
    /// tree).
    pub value: Option<CanonValue>,
    /// An upper estimate of the typed game's positions (a sum's is the
    /// product of its components').
    pub typed_positions: u128,
}

/// Which part of the work a job is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Canonical forms of the components, added canonically.
    Valuing,
    /// Building the game tree (sums multiply positions).
    Building,
    /// Thermographs and outcome classes of every position, leaves first.
    Thermographs,
}

/// How far a job has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobProgress {
    pub stage: Stage,
    /// Units done in this stage, and the total when known.
    pub done: usize,
    pub total: Option<usize>,
    /// Positions in the arena so far.
    pub nodes: usize,
}

enum JobState {
    /// Each expression's canonical form, operands first: a sum is added as
    /// canonical forms and never expanded.
    Value {
        exprs: crate::expr::Exprs,
        root: crate::expr::ExprId,
        vals: Vec<Option<crate::canonical::CanonId>>,
        next: usize,
    },
    Build(crate::build::BuildJob),
    /// Every reachable position, leaves first: its thermograph (unless the
    /// build left it in the cache) and its outcome class.
    Fill {
        cache: crate::thermograph::ThermoCache,
        outcomes: crate::outcome::Outcomes,
        ids: Vec<GameId>,
        pos: usize,
        root: GameId,
    },
    Finished,
}

/// Parse a game and compute everything the explorer shows, in slices: call
/// [`AnalysisJob::step`] until it returns `Some`, or drop the job to cancel.
///
/// The value comes from canonical forms, component by component
/// ([`crate::canonical::Canon`]); a game tree is built only for the
/// pictures: the typed one when it is small, else the value's canonical
/// form (whose thermographs and outcome classes are the same, since they
/// depend only on the value). A game with a non-dyadic number has no
/// canonical form and is analysed on its typed tree, as before.
pub struct AnalysisJob {
    arena: Arena,
    state: JobState,
    nus: Option<crate::canonical::Nus>,
    value_tree: bool,
    canon: crate::canonical::Canon,
    value: Option<CanonValue>,
    typed_positions: u128,
    max_work: u64,
    /// Typed trees up to this many positions (estimated) are built.
    typed_limit: u128,
    /// The expressions, kept for a typed build after valuing.
    exprs: Option<(crate::expr::Exprs, crate::expr::ExprId)>,
}

fn too_large(column: usize, e: crate::game::LimitError) -> crate::expr::ParseError {
    crate::expr::ParseError { column, kind: crate::expr::ParseErrorKind::TooLarge(e) }
}

impl AnalysisJob {
    /// Parse now (cheap, bounded by the text's length); value and build later.
    pub fn new(text: &str, limits: &crate::notation::ParseLimits) -> Result<AnalysisJob, crate::expr::ParseError> {
        let (exprs, root) = crate::notation::parse_expr(text, limits)?;
        Ok(AnalysisJob::of_exprs(exprs, root, limits))
    }
    /// The job for parsed expressions.
    pub fn of_exprs(exprs: crate::expr::Exprs, root: crate::expr::ExprId, limits: &crate::notation::ParseLimits) -> AnalysisJob {
        let nus = crate::canonical::Nus::of_exprs(&exprs, root);
        let typed_positions = crate::build::typed_tree_positions(&exprs, root);
        let mut canon = crate::canonical::Canon::new();
        if limits.max_build_work != u64::MAX {
            canon.set_work_limit(Some(limits.max_build_work));
        }
        let state = if nus.is_some() {
            // Arithmetic: the builder makes the typed tree or the value's.
            JobState::Build(crate::build::BuildJob::new(exprs.clone(), root).with_work_limit(limits.max_build_work))
        } else {
            let n = exprs.len();
            JobState::Value { exprs: exprs.clone(), root, vals: vec![None; n], next: 0 }
        };
        AnalysisJob {
            nus,
            value_tree: false,
            arena: Arena::new(limits.tree),
            state,
            canon,
            value: None,
            typed_positions,
            max_work: limits.max_build_work,
            typed_limit: crate::build::TYPED_TREE_POSITIONS,
            exprs: Some((exprs, root)),
        }
    }
    /// Build the typed tree for games of at most `max` positions (an
    /// estimate) instead of [`crate::build::TYPED_TREE_POSITIONS`]: 0
    /// always shows the value's canonical form, `u128::MAX` always the
    /// typed tree (the old, expanded path: tests compare the two).
    pub fn with_typed_tree_limit(mut self, max: u128) -> AnalysisJob {
        self.typed_limit = max;
        self
    }
    pub fn progress(&self) -> JobProgress {
        match &self.state {
            JobState::Value { next, vals, .. } => JobProgress { stage: Stage::Valuing, done: *next, total: Some(vals.len()), nodes: self.canon.len() },
            JobState::Build(b) => {
                let p = b.progress(&self.arena);
                JobProgress { stage: Stage::Building, done: self.arena.len(), total: None, nodes: p.nodes }
            }
            JobState::Fill { ids, pos, .. } => JobProgress { stage: Stage::Thermographs, done: *pos, total: Some(ids.len()), nodes: self.arena.len() },
            JobState::Finished => JobProgress { stage: Stage::Thermographs, done: 0, total: Some(0), nodes: self.arena.len() },
        }
    }
    /// The typed tree's build (after valuing, or instead of it).
    fn typed_build(&self) -> crate::build::BuildJob {
        let (exprs, root) = self.exprs.clone().expect("the expressions are kept until the build");
        crate::build::BuildJob::new(exprs, root).with_work_limit(self.max_work)
    }
    /// Build the canonical form's tree, then fill its thermographs.
    fn canonical_tree(&mut self, c: crate::canonical::CanonId, column: usize) -> Result<(), crate::expr::ParseError> {
        let mut arena = Arena::new(self.arena.limits());
        let (root, map) = self.canon.to_tree_with_map(c, &mut arena).map_err(|e| too_large(column, e))?;
        self.arena = arena;
        let forms = map.into_iter().map(|(k, v)| (v, k)).collect();
        self.value = Some(CanonValue { canon: std::mem::take(&mut self.canon), root: c, forms });
        self.value_tree = true;
        let ids = self.arena.reachable(root);
        self.state = JobState::Fill { cache: Default::default(), outcomes: Default::default(), ids, pos: 0, root };
        Ok(())
    }
    /// About `budget` units of work (a unit is one comparison or sum of
    /// canonical forms, one position built, or one position's thermograph
    /// and outcome class found). `Some` when finished (then the job is
    /// spent).
    pub fn step(&mut self, budget: usize) -> Option<Result<Analysed, crate::expr::ParseError>> {
        match &mut self.state {
            JobState::Value { exprs, root, vals, next } => {
                use crate::expr::Expr;
                let start = self.canon.work();
                let budget = budget.max(1) as u64;
                while *next < vals.len() && self.canon.work().saturating_sub(start) < budget {
                    let canon = &mut self.canon;
                    let at = |e: &crate::expr::ExprId| vals[e.0 as usize].expect("operands come first");
                    let id = crate::expr::ExprId(*next as u32);
                    let c = match exprs.get(id) {
                        Expr::Num(q) => match canon.num(q.clone()) {
                            Ok(c) => c,
                            Err(_) => {
                                // Not a short game: valued on its tree.
                                self.state = JobState::Build(self.typed_build());
                                return None;
                            }
                        },
                        Expr::Options(l, r) => {
                            let l: Vec<_> = l.iter().map(at).collect();
                            let r: Vec<_> = r.iter().map(at).collect();
                            canon.options(&l, &r)
                        }
                        Expr::Add(a, b) => canon.add(at(a), at(b)),
                        Expr::Sub(a, b) => canon.sub(at(a), at(b)),
                        Expr::Neg(a) => canon.neg(at(a)),
                        Expr::PlusMinus(a) => {
                            let g = at(a);
                            let n = canon.neg(g);
                            canon.options(&[g], &[n])
                        }
                        Expr::Nimber(n) => canon.nimber(*n),
                        Expr::UpsStar(m, n) => canon.ups_star(*m, *n),
                        Expr::Ordinal(a, b) => canon.ordinal(at(a), at(b)),
                        Expr::Conjunctive(a, b) => canon.compound(at(a), at(b), false),
                        Expr::Selective(a, b) => canon.compound(at(a), at(b), true),
                    };
                    if canon.over_limit() {
                        let column = exprs.column(id);
                        self.state = JobState::Finished;
                        return Some(Err(too_large(column, crate::game::LimitError::TooMuchWork { max: self.max_work })));
                    }
                    vals[*next] = Some(c);
                    *next += 1;
                }
                if *next < vals.len() {
                    return None;
                }
                let c = vals[root.0 as usize].expect("the root is valued last");
                let column = exprs.column(*root);
                // The value is known; the pictures need a tree.
                self.canon.set_work_limit(None);
                if self.typed_positions <= self.typed_limit {
                    self.value = Some(CanonValue { canon: std::mem::take(&mut self.canon), root: c, forms: Default::default() });
                    self.state = JobState::Build(self.typed_build());
                    None
                } else {
                    match self.canonical_tree(c, column) {
                        Ok(()) => None,
                        Err(e) => {
                            self.state = JobState::Finished;
                            Some(Err(e))
                        }
                    }
                }
            }
            JobState::Build(b) => match b.step(&mut self.arena, budget)? {
                Err(e) => {
                    // A typed tree over the limits after all: the value's
                    // canonical form is shown instead, when there is one.
                    if let Some(v) = self.value.take() {
                        self.canon = v.canon;
                        self.arena = Arena::new(self.arena.limits());
                        return match self.canonical_tree(v.root, e.column) {
                            Ok(()) => None,
                            Err(e) => {
                                self.state = JobState::Finished;
                                Some(Err(e))
                            }
                        };
                    }
                    self.state = JobState::Finished;
                    Some(Err(e))
                }
                Ok(root) => {
                    let JobState::Build(b) = std::mem::replace(&mut self.state, JobState::Finished) else { unreachable!("in the build state") };
                    self.value_tree = b.built_value_tree();
                    let cache = b.into_cache();
                    let ids = self.arena.reachable(root);
                    match (&mut self.value, &self.nus) {
                        (Some(v), _) => {
                            v.forms.insert(root, v.root);
                        }
                        (None, Some(x)) => {
                            let mut canon = crate::canonical::Canon::new();
                            let c = canon.from_nus(x.clone());
                            let forms = [(root, c)].into_iter().collect();
                            self.value = Some(CanonValue { canon, root: c, forms });
                        }
                        (None, None) => {}
                    }
                    self.state = JobState::Fill { cache, outcomes: Default::default(), ids, pos: 0, root };
                    None
                }
            },
            JobState::Fill { cache, outcomes, ids, pos, root } => {
                let end = ids.len().min(pos.saturating_add(budget.max(1)));
                while *pos < end {
                    cache.ensure(&self.arena, ids[*pos]);
                    outcomes.add(&self.arena, ids[*pos]);
                    *pos += 1;
                }
                if *pos < ids.len() {
                    return None;
                }
                let (root, positions) = (*root, ids.len());
                let JobState::Fill { cache, outcomes, .. } = std::mem::replace(&mut self.state, JobState::Finished) else { unreachable!("in the fill state") };
                // Not filtered to the reachable positions: that pass would be
                // one more unsliced step, and extra entries are harmless.
                let thermographs = cache.into_map();
                let arena = std::mem::take(&mut self.arena);
                Some(Ok(Analysed {
                    tree: crate::notation::GameTree::from_parts(arena, root),
                    thermographs,
                    outcomes,
                    positions,
                    nus: self.nus.take(),
                    value_tree: self.value_tree,
                    value: self.value.take(),
                    typed_positions: self.typed_positions,
                }))
            }
            JobState::Finished => None,
        }
    }
    /// Run to the end.
    pub fn run(mut self) -> Result<Analysed, crate::expr::ParseError> {
        loop {
            if let Some(r) = self.step(usize::MAX) {
                return r;
            }
        }
    }
}
