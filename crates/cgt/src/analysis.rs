//! One-call summary of a game: what the CLI prints and the page shows.

use crate::game::{Arena, GameId};
use crate::notation::to_explicit;
use crate::numbers::Q;
use crate::thermograph::{thermograph_with_scaffolds, Scaffolds, Thermograph};

/// Everything the explorer reports about a game (all exact).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Explicit braces form, `None` when longer than the requested limit.
    pub explicit: Option<String>,
    pub thermograph: Thermograph,
    pub scaffolds: Option<Scaffolds>,
    pub nodes: usize,
    pub height: usize,
}

impl Analysis {
    pub fn of(arena: &Arena, root: GameId, max_text: usize) -> Analysis {
        let (thermograph, scaffolds) = thermograph_with_scaffolds(arena, root);
        Analysis {
            explicit: to_explicit(arena, root, max_text),
            thermograph,
            scaffolds,
            nodes: arena.reachable(root).len(),
            height: arena.height(root),
        }
    }
    pub fn mean(&self) -> &Q {
        self.thermograph.mean()
    }
    pub fn temperature(&self) -> &Q {
        self.thermograph.temperature()
    }
    pub fn left_stop(&self) -> Q {
        self.thermograph.left_stop()
    }
    pub fn right_stop(&self) -> Q {
        self.thermograph.right_stop()
    }
    pub fn is_number(&self) -> bool {
        self.thermograph.is_number()
    }
}

/// A parsed game with the thermographs of all its positions (and possibly of
/// some other positions of its arena, such as partial sums).
#[derive(Clone, Debug)]
pub struct Analysed {
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
    /// The tree is that value's canonical form, not the typed sum's (whose
    /// tree was over the limits).
    pub value_tree: bool,
}

/// Which part of the work a job is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
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
    Build(crate::build::BuildJob),
    /// Every reachable position, leaves first: its thermograph (unless the
    /// build left it in the cache) and its outcome class.
    Fill { cache: crate::thermograph::ThermoCache, outcomes: crate::outcome::Outcomes, ids: Vec<GameId>, pos: usize, root: GameId },
    Finished,
}

/// Parse a game and compute everything the explorer shows, in slices: call
/// [`AnalysisJob::step`] until it returns `Some`, or drop the job to cancel.
/// The same answers as the one-shot functions (tested).
pub struct AnalysisJob {
    arena: Arena,
    state: JobState,
    nus: Option<crate::canonical::Nus>,
    value_tree: bool,
}

impl AnalysisJob {
    /// Parse now (cheap, bounded by the text's length); build later.
    pub fn new(text: &str, limits: &crate::notation::ParseLimits) -> Result<AnalysisJob, crate::expr::ParseError> {
        let (exprs, root) = crate::notation::parse_expr(text, limits)?;
        let nus = crate::canonical::Nus::of_exprs(&exprs, root);
        Ok(AnalysisJob {
            nus,
            value_tree: false,
            arena: Arena::new(limits.tree),
            state: JobState::Build(crate::build::BuildJob::new(exprs, root).with_work_limit(limits.max_build_work)),
        })
    }
    pub fn progress(&self) -> JobProgress {
        match &self.state {
            JobState::Build(b) => {
                let p = b.progress(&self.arena);
                JobProgress { stage: Stage::Building, done: self.arena.len(), total: None, nodes: p.nodes }
            }
            JobState::Fill { ids, pos, .. } => JobProgress {
                stage: Stage::Thermographs,
                done: *pos,
                total: Some(ids.len()),
                nodes: self.arena.len(),
            },
            JobState::Finished => {
                JobProgress { stage: Stage::Thermographs, done: 0, total: Some(0), nodes: self.arena.len() }
            }
        }
    }
    /// About `budget` units of work (a unit is one position built, or one
    /// position's thermograph and outcome class found). `Some` when
    /// finished (then the job is spent).
    pub fn step(&mut self, budget: usize) -> Option<Result<Analysed, crate::expr::ParseError>> {
        match &mut self.state {
            JobState::Build(b) => match b.step(&mut self.arena, budget)? {
                Err(e) => {
                    self.state = JobState::Finished;
                    Some(Err(e))
                }
                Ok(root) => {
                    let JobState::Build(b) = std::mem::replace(&mut self.state, JobState::Finished) else {
                        unreachable!("in the build state")
                    };
                    self.value_tree = b.built_value_tree();
                    let cache = b.into_cache();
                    let ids = self.arena.reachable(root);
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
                let JobState::Fill { cache, outcomes, .. } = std::mem::replace(&mut self.state, JobState::Finished) else {
                    unreachable!("in the fill state")
                };
                // Not filtered to the reachable positions: that pass would be
                // one more unsliced step, and extra entries are harmless.
                let thermographs = cache.into_map();
                let arena = std::mem::take(&mut self.arena);
                Some(Ok(Analysed { tree: crate::notation::GameTree::from_parts(arena, root), thermographs, outcomes, positions, nus: self.nus.take(), value_tree: self.value_tree }))
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
