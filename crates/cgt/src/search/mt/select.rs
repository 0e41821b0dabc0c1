//! MT-search's selection: which path to try next (Kao et al. 2012, sections 5-8).
//!
//! The paper's selection equations are blank in the extracted text; the rules
//! here are the reconstruction in `research/mt-selection-notebook.md`, where each one is
//! tagged paper / rebuilt / guessed and its measured effect is recorded. In
//! short, walking down from the root:
//!
//! - **direction** by uncertainty (how far apart the upper and lower walls of
//!   each side are, `UL`/`UR`, eqs 23-24) and stability (the share of the
//!   node's temperature interval below its ancestors' temperatures, eq 25),
//!   rules (26)/(27) with seeded noise on both sides;
//! - a side whose next child was never tried gets that child (the path ends
//!   there and the application extends it);
//! - else the child with the smallest **weighted visit frequency**: the
//!   primary (best) child counts its visits, the others visits x K, where K
//!   blends the paper's stable/unstable tables by the primary's stability.
//!
//! While the branch order is not trusted, a path first goes where the
//! minimal proof of the root's scaffolds still has a side nobody closed
//! (`Selection::prove_first`, `MtEngine::prove`): under the paper's
//! assumption (b) such a side looks finished after one option, and with an
//! arbitrary order that first option says little.
//!
//! Once the selection aims at the greatest solution, a path first goes
//! where the root's temperature bounds can still move at the middle of
//! their range (`Selection::bound_search`, `MtEngine::bound_search`): a
//! targeted descent to a node whose models still differ in the direction
//! that would show the root's scaffolds touching, or parted, there.
//!
//! Floats are used only to choose paths (distances, noise, K); the bounds and
//! the point estimate are exact. Every run is a function of the config.

use super::{EWall, Model, MtError, MtGame, MtTree, Outcome, Path, Side, Solution};
use crate::numbers::{ExtQ, Q};
use crate::rng::SplitMix64;
use crate::thermograph::Thermograph;

/// What a search is asked: its seed, its tree limit and the reading of
/// the result. How it chooses paths is `selection`; the product leaves it
/// at its default, the experiments set it.
#[derive(Clone, Debug, PartialEq)]
pub struct MtConfig {
    /// Seed of the noise in the direction rules.
    pub seed: u64,
    /// Most nodes the explored tree may hold.
    pub max_nodes: usize,
    /// Which solution of the min-max equation the root's temperature (its
    /// bounds and estimate) is read as; the search does not depend on it
    /// (unless `Selection::settle_aim` turns to it).
    pub solution: Solution,
    /// The selection rules' switches and constants (the experiments' knobs).
    pub selection: Selection,
}

impl Default for MtConfig {
    fn default() -> Self {
        MtConfig { seed: 0, max_nodes: 1 << 22, solution: Solution::Least, selection: Selection::default() }
    }
}

impl MtConfig {
    pub fn with_seed(seed: u64) -> MtConfig {
        MtConfig { seed, ..MtConfig::default() }
    }
}

/// How the engine chooses paths (and the estimate's phantoms): the rules'
/// switches and constants, which the experiments vary. Every field has the
/// default the experiments in `research/mt-selection-notebook.md` settled on.
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    /// Noise amplitude: uniform `[0, noise)` added to both sides of (26)/(27).
    pub noise: f64,
    /// Distance standing for "infinitely far" (far above any finite one).
    pub big: f64,
    /// Use stability (eq 25) in the direction rules; off = 1 everywhere.
    pub stability: bool,
    /// Weighted visit frequency (primary vs secondary children); off = plain
    /// least-visited child.
    pub weighted: bool,
    /// Stability of a node whose temperature has no finite upper bound yet.
    pub unbounded_stability: f64,
    /// Ancestors' temperature from their lower (true) or upper bounds.
    pub ancestors_by_lower: bool,
    /// Use these (stable, unstable) K factors everywhere instead of the
    /// tables at each node's branching and height (the paper's defaults
    /// m = 9, n = 6 give `(k_factor(9, 6, true), k_factor(9, 6, false))`).
    pub fixed_k: Option<(f64, f64)>,
    /// Trust in the branch order: once the share of choices among two or
    /// more children in which the first child was the primary one reaches
    /// this (counted as the run goes, after at least `TRUST_EVIDENCE`
    /// choices), a descent passes over children whose wall that the parent
    /// uses is already equal in both models, and goes where the bounds are
    /// still apart. `None`: never. With the paper's ordered branches the
    /// first child is primary in about nine choices out of ten; with random
    /// ones in about half.
    pub order_trust: Option<f64>,
    /// The temperature estimate's phantoms: a side nobody has explored is
    /// the other side's stop moved by this share of the neutral model's
    /// root temperature, against its owner (Left's phantom is `S_R + h t`,
    /// Right's `S_L - h t`). 0 is the plain neutral model.
    pub phantom_heat: Q,
    /// Diminishing returns: a child that has carried s paths in a row
    /// which left its parent's scaffolds as they were counts its visits
    /// (1 + s / scale) times in the choice among its siblings, so that
    /// paths move on to options that can still change the parent. Applied
    /// while the branch order is not trusted (`order_trust`): with random
    /// branches the option that decides a bound is often a starved
    /// secondary one. `None`: off.
    pub stale_scale: Option<f64>,
    /// Which solution selection reads nodes' temperatures and masts as (the
    /// points of the uncertainty measure, stability): what the search aims
    /// to pin down. Least by default whatever the reading (measured in
    /// `research/mt-search-notebook.md`).
    pub aim: Solution,
    /// The aim once the branch order is trusted (`order_trust`), if other.
    pub aim_trusted: Option<Solution>,
    /// Complete sides on the way down while the branch order is not
    /// trusted (`order_trust`): at each node a descent passes, the side
    /// its parent reads (a Left child's Right side, a Right child's Left
    /// side) gets its next new child before anything else, then the other
    /// side if the node is stable (colder than its ancestors: the parent
    /// reads its mast, which both sides make), and at the root whichever
    /// side is still open. Figure 13 of Kao et al. (2012) counts one whole side of
    /// an unstable node and both sides of a stable one in a minimal proof;
    /// with an untrusted order a node's first option says little about
    /// the others, and the paper's model takes it as the only one.
    pub complete_sides: bool,
    /// Aim at the reading (`MtConfig::solution`) once the least solution
    /// has settled: when the root's temperature bounds read as the least
    /// solution have stayed met for more than this many reports in a row
    /// (added paths and NOT_EXISTS answers),
    /// selection reads nodes as `solution` says (`aim` before). Only the
    /// greatest reading changes anything: the search first pins down
    /// where the root's scaffolds meet, then where they part. `None`: off.
    pub settle_aim: Option<u64>,
    /// Prove first while the branch order is not trusted (`order_trust`):
    /// each path goes to the first side that the minimal proof of the
    /// root's scaffolds at its temperature's lower bound needs and the
    /// explored tree has not closed (`MtEngine::prove`), and only a proof
    /// with nothing left to close hands over to the direction rules.
    /// Under the paper's assumption (b) a side with one known option looks
    /// finished; this rule checks exactly the sides the bounds rest on,
    /// in the order an alpha-beta proof would (the critical option's
    /// line first, then the refutation of each other option). Its choices
    /// of the critical option count as evidence of the branch order, so a
    /// trustworthy order still hands over to the trusted descent.
    pub prove_first: bool,
    /// Search the greatest reading's bounds first, once the selection aims
    /// at the greatest solution (`settle_aim`): at the middle t of the
    /// root's temperature bounds, each path goes to a node whose models
    /// still differ in the direction that would move a bound past t - the
    /// root's scaffolds shown touching at t (Right's upper model lowered
    /// to Left's lower one, or Left's lower raised to Right's upper) or
    /// shown parted (Left's upper lowered below Right's lower, or Right's
    /// lower raised above Left's upper). Each target is carried down
    /// through the options' facing walls: one option of the side that
    /// picks (the one whose other model is most promising, then a new
    /// option of a side not closed) or every option that breaks it on the
    /// side that must be bounded, and above a node's mast through either
    /// of its scaffolds. Without it the greatest-aimed search chose its
    /// options at the lower bound, where the scaffolds are already known
    /// to touch, and the option where they part waited for noise
    /// (`research/mt-selection-notebook.md` section 20).
    pub bound_search: bool,
}

impl Default for Selection {
    fn default() -> Self {
        Selection {
            noise: 1.0,
            big: 1000.0,
            stability: true,
            weighted: true,
            unbounded_stability: 0.5,
            ancestors_by_lower: false,
            fixed_k: None,
            order_trust: Some(0.8),
            phantom_heat: Q::frac(1, 2),
            stale_scale: Some(10.0),
            aim: Solution::Least,
            aim_trusted: None,
            complete_sides: true,
            settle_aim: Some(30),
            prove_first: true,
            bound_search: true,
        }
    }
}

/// Choices among two or more children seen before the branch order may be
/// trusted (`Selection::order_trust`): early choices alone would trust it in
/// most random orders too.
const TRUST_EVIDENCE: u64 = 10;

/// The engine's point estimates (exact; inside the bounds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub mean: Q,
    pub temperature: Q,
}

impl Estimate {
    /// Each figure moved into its interval of `b` (the engine's estimates
    /// are made so; a page showing an older estimate beside newer bounds
    /// keeps them consistent the same way).
    pub fn within(&self, b: &super::Bounds) -> Estimate {
        let clamp = |x: &Q, (lo, hi): &(ExtQ, ExtQ)| {
            let mut x = x.clone();
            if let ExtQ::Finite(l) = lo {
                if x < *l {
                    x = l.clone();
                }
            }
            if let ExtQ::Finite(h) = hi {
                if x > *h {
                    x = h.clone();
                }
            }
            x
        };
        Estimate { mean: clamp(&self.mean, &b.mean), temperature: clamp(&self.temperature, &b.temperature) }
    }
}

/// One step of a run: the path proposed, what the application answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub proposed: Path,
    pub outcome: Outcome,
}

/// MT-search: the explored tree plus the statistics selection needs.
#[derive(Clone, Debug)]
pub struct MtEngine {
    tree: MtTree,
    cfg: MtConfig,
    rng: SplitMix64,
    visits: Vec<u64>,
    height: Vec<u32>,
    /// `Some(k)`: NOT_EXISTS answered for child k+1, so the side has k children.
    closed: Vec<[Option<usize>; 2]>,
    /// Terminal, or both sides closed and every child done.
    done: Vec<bool>,
    cache: Vec<Option<(Model, Model)>>,
    /// What the direction rule reads from a node's cached models (`info`),
    /// kept and dropped with `cache`.
    infos: Vec<Option<Info>>,
    /// The sound models (upper, lower), dropped along every reported path
    /// (a side's closing changes them, whatever its count).
    sound: Vec<Option<(Model, Model)>>,
    /// The neutral model's thermographs, cleared with `cache`.
    neutral: Vec<Option<Thermograph>>,
    /// The heated neutral model's (`estimate`), for the shift `heat_shift`.
    heat: Vec<Option<Thermograph>>,
    heat_shift: Option<Q>,
    terminals: usize,
    probes: usize,
    /// Choices among two or more children, and how many of them found the
    /// first child primary: how far the branch order can be trusted.
    order_seen: [u64; 2],
    /// `k_factor` (stable, unstable) by (branching, height).
    kcache: std::collections::HashMap<(usize, usize), (f64, f64)>,
    /// Paths in a row through the node that left its parent's scaffolds
    /// as they were (`Selection::stale_scale`).
    stale: Vec<u32>,
    /// Explore calls made while proving first: the root side the proof
    /// starts with alternates.
    prove_calls: u64,
    /// Per node, the (side, need, temperature) queries of `prove` that
    /// found nothing left to close; cleared along every reported path
    /// (a node's proof depends only on its subtree).
    proved: Vec<Vec<(Side, Need, Q)>>,
    /// Reports in a row after each of which the root's temperature bounds,
    /// read as the least solution, were met (`Selection::settle_aim`).
    settled_run: u64,
}

/// Nodes one `MtEngine::bound_search` may look at before it gives up
/// (its descent backtracks where a target proves out of reach).
const BOUND_SEARCH_VISITS: u32 = 20_000;

/// Where `MtEngine::bound_search` wants a wall or scaffold at some t: at
/// most `tau` in the upper model (`lower`) or at least `tau` in the lower
/// one, strictly if `strict`.
#[derive(Clone, Debug)]
struct Target {
    tau: ExtQ,
    lower: bool,
    strict: bool,
}

impl Target {
    /// `v` (a value of the model the target is read in) misses it.
    fn missed_by(&self, v: &ExtQ) -> bool {
        match (self.lower, self.strict) {
            (true, true) => *v >= self.tau,
            (true, false) => *v > self.tau,
            (false, true) => *v <= self.tau,
            (false, false) => *v < self.tau,
        }
    }
    /// The same target moved by `d` (an option's facing wall is the
    /// parent's scaffold shifted by t).
    fn shifted(&self, d: &Q) -> Target {
        let tau = match &self.tau {
            ExtQ::Finite(q) => ExtQ::Finite(q + d),
            inf => inf.clone(),
        };
        Target { tau, ..self.clone() }
    }
}

/// What `MtEngine::prove` must show of a scaffold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Need {
    Exact,
    Upper,
    Lower,
}

/// What the direction rule needs at a node.
#[derive(Clone, Debug)]
struct Info {
    ul: f64,
    ur: f64,
    tlb: ExtQ,
    tub: ExtQ,
    /// The solution the figures were read as (`MtEngine::aim`).
    aim: Solution,
}

fn approx(x: &ExtQ, big: f64) -> f64 {
    match x {
        ExtQ::Finite(q) => q.to_f64(),
        ExtQ::PosInf => big,
        ExtQ::NegInf => -big,
    }
}

/// The K factor of eq (35)'s tables (Tables 2 and 3;
/// `research/mt-selection-notebook.md` section 7): minimum proving nodes of a stable / unstable primary child of
/// per-player branching `m` and depth `n`, over those of a secondary child.
pub fn k_factor(m: usize, n: usize, stable: bool) -> f64 {
    let m = m.max(1) as f64;
    let n = n.max(1);
    // f(d) for d = -1..=n at index d+1.
    let mut f = vec![1.0f64; n + 2];
    for d in 1..=n {
        f[d + 1] = if d == 1 { m } else { f[d] + (m - 1.0) * f[d - 1] };
    }
    let fd = |d: i64| if d <= 0 { 1.0 } else { f[d as usize + 1] };
    let (mut s, mut u, mut p) = (vec![1.0f64; n + 1], vec![1.0f64; n + 1], vec![1.0f64; n + 1]);
    for d in 1..=n {
        let di = d as i64;
        s[d] = 2.0 * p[d - 1] + 2.0 * (m - 1.0) * fd(di - 2);
        // Tables 2/3 use p(m, n-1) up to n = 2 and s(m, n-1) beyond.
        u[d] = if d <= 2 { p[d - 1] } else { s[d - 1] } + (m - 1.0) * fd(di - 2) + fd(di - 1);
        p[d] = (s[d] + u[d]) / 2.0;
    }
    let den = fd(n as i64 - 1);
    if stable {
        s[n] / den
    } else {
        u[n] / den
    }
}

impl MtEngine {
    pub fn new(cfg: MtConfig) -> MtEngine {
        let mut e = MtEngine {
            tree: MtTree::new(cfg.max_nodes),
            rng: SplitMix64::new(cfg.seed),
            cfg,
            visits: vec![],
            height: vec![],
            closed: vec![],
            done: vec![],
            cache: vec![],
            infos: vec![],
            sound: vec![],
            neutral: vec![],
            heat: vec![],
            heat_shift: None,
            terminals: 0,
            probes: 0,
            order_seen: [0, 0],
            kcache: std::collections::HashMap::new(),
            stale: vec![],
            prove_calls: 0,
            proved: vec![],
            settled_run: 0,
        };
        e.grow();
        e
    }

    pub fn config(&self) -> &MtConfig {
        &self.cfg
    }
    /// The explored tree.
    pub fn tree(&self) -> &MtTree {
        &self.tree
    }
    /// Paths added (terminal answers): the paper's node count and the budget unit.
    pub fn nodes(&self) -> usize {
        self.terminals
    }
    /// NOT_EXISTS answers (they add no node).
    pub fn probes(&self) -> usize {
        self.probes
    }
    /// Every node explored: the bounds are the exact values.
    pub fn is_solved(&self) -> bool {
        self.done[0]
    }
    /// The bounds (from the cached models: only what changed is recomputed).
    pub fn bounds(&mut self) -> super::Bounds {
        self.bounds_read(self.cfg.solution)
    }
    /// The bounds with the temperature read as `solution`.
    pub fn bounds_read(&mut self, solution: Solution) -> super::Bounds {
        self.ensure(0);
        let (u, d) = self.models(0);
        super::bounds_read(u, d, solution)
    }
    /// The bounds in either model (the sound ones are made afresh from the
    /// tree: selection uses the paper's).
    pub fn bounds_in(&mut self, model: super::BoundsModel) -> super::Bounds {
        match model {
            super::BoundsModel::Paper => self.bounds(),
            super::BoundsModel::Sound => {
                self.ensure_sound(0);
                let (u, d) = self.sound[0].as_ref().expect("ensured");
                super::bounds_read(u, d, self.cfg.solution)
            }
        }
    }
    /// The root's walls in the sound models.
    pub fn sound_walls(&mut self) -> (super::ModelWalls, super::ModelWalls) {
        self.ensure_sound(0);
        let (u, d) = self.sound[0].clone().expect("ensured");
        super::walls_of(u, d)
    }
    fn ensure_sound(&mut self, at: usize) {
        for x in self.missing_below(at, |c| self.sound[c].is_some()) {
            if self.sound[x].is_none() {
                let side = |upper: bool| {
                    self.tree.sound_node_with(x, upper, &|c| {
                        let (u, d) = self.sound[c].as_ref().expect("children before parents");
                        if upper {
                            u
                        } else {
                            d
                        }
                    })
                };
                let pair = (side(true), side(false));
                self.sound[x] = Some(pair);
            }
        }
    }
    /// The root's walls in both models (cached as `bounds`).
    pub fn walls(&mut self) -> (super::ModelWalls, super::ModelWalls) {
        self.ensure(0);
        let (u, d) = self.models(0).clone();
        super::walls_of(u, d)
    }

    fn grow(&mut self) {
        let n = self.tree.nodes.len();
        self.visits.resize(n, 0);
        self.height.resize(n, 0);
        self.closed.resize(n, [None, None]);
        self.done.resize(n, false);
        self.cache.resize(n, None);
        self.infos.resize(n, None);
        self.stale.resize(n, 0);
        self.proved.resize(n, vec![]);
        self.sound.resize(n, None);
        self.neutral.resize(n, None);
        self.heat.resize(n, None);
    }

    fn uniform(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The nodes under `at` (itself included) whose cache entry is missing,
    /// children before parents, found without recursion (trees can be
    /// deep). Both caches (models, neutral) are filled in this order.
    fn missing_below(&self, at: usize, cached: impl Fn(usize) -> bool) -> Vec<usize> {
        let mut order = Vec::new();
        let mut stack = vec![(at, false)];
        while let Some((x, expanded)) = stack.pop() {
            if cached(x) {
                continue;
            }
            if expanded {
                order.push(x);
                continue;
            }
            stack.push((x, true));
            for s in Side::BOTH {
                stack.extend(self.tree.nodes[x].known(s).filter(|&c| !cached(c)).map(|c| (c, false)));
            }
        }
        order
    }

    /// Fill the node's (upper, lower) models, cached until a report below it.
    fn ensure(&mut self, at: usize) {
        for x in self.missing_below(at, |c| self.cache[c].is_some()) {
            if self.cache[x].is_none() {
                let pair = (self.model_from_cache(x, true), self.model_from_cache(x, false));
                self.cache[x] = Some(pair);
                self.infos[x] = None;
            }
        }
    }

    /// The cached models (after `ensure`).
    fn models(&self, at: usize) -> &(Model, Model) {
        self.cache[at].as_ref().expect("ensured")
    }

    fn model_from_cache(&self, at: usize, upper: bool) -> Model {
        self.tree.model_with(at, upper, &|c| {
            let (u, d) = self.models(c);
            std::borrow::Cow::Borrowed(if upper { u } else { d })
        })
    }

    fn info(&mut self, at: usize) -> Info {
        self.ensure(at);
        let sol = self.aim();
        if let Some(i) = self.infos[at].as_ref().filter(|i| i.aim == sol) {
            return i.clone();
        }
        let (u, d) = self.models(at);
        let big = self.cfg.selection.big;
        let point = |t: &ExtQ, w: &EWall| -> Option<(f64, f64)> {
            let tq = t.finite()?;
            w.eval(tq).finite().map(|v| (tq.to_f64(), v.to_f64()))
        };
        // The points are read as `aim` says: a search aimed at the
        // greatest solution pins down the scaffolds above the least one too.
        let p1 = super::mast_read(u, sol).map(|(t, v)| (t.to_f64(), v.to_f64()));
        let p2 = super::mast_read(d, sol).map(|(t, v)| (t.to_f64(), v.to_f64()));
        let (tlb, tub) = super::temperature_bounds(u, d, sol);
        let p3 = point(&tlb, &d.sl);
        let p4 = point(&tub, &u.sl);
        let dist = |a: Option<(f64, f64)>, b: Option<(f64, f64)>| match (a, b) {
            (None, None) => 0.0,
            (Some(_), None) | (None, Some(_)) => big,
            (Some(a), Some(b)) => ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt(),
        };
        let i = Info { ul: dist(p1, p3) + dist(p4, p2), ur: dist(p1, p4) + dist(p3, p2), tlb, tub, aim: sol };
        self.infos[at] = Some(i.clone());
        i
    }

    /// The branch order has been seen to be trustworthy (`order_trust`).
    fn trusted(&self) -> bool {
        self.cfg.selection.order_trust.is_some_and(|th| {
            let [first, all] = self.order_seen;
            all >= TRUST_EVIDENCE && first as f64 >= th * all as f64
        })
    }

    /// The solution selection reads temperatures and masts as now: `aim`,
    /// or `aim_trusted` once the branch order is trusted.
    fn aim(&self) -> Solution {
        if self.cfg.selection.settle_aim.is_some_and(|k| self.settled_run > k) {
            return self.cfg.solution;
        }
        match self.cfg.selection.aim_trusted {
            Some(s) if self.trusted() => s,
            _ => self.cfg.selection.aim,
        }
    }

    /// Eq (25): 1 = surely colder than its ancestors (stable), 0 = surely not.
    fn stability(&self, i: &Info, t_anc: f64) -> f64 {
        if !self.cfg.selection.stability || t_anc >= self.cfg.selection.big {
            return 1.0;
        }
        let lb = approx(&i.tlb, self.cfg.selection.big);
        if lb >= t_anc {
            return 0.0;
        }
        match &i.tub {
            ExtQ::Finite(q) => {
                let ub = q.to_f64();
                if ub < t_anc {
                    1.0
                } else if ub <= lb {
                    0.0
                } else {
                    ((t_anc - lb) / (ub - lb)).clamp(0.0, 1.0)
                }
            }
            _ => self.cfg.selection.unbounded_stability,
        }
    }

    /// The side a descent completes first at `at` (`Selection::complete_sides`),
    /// if any: the side its parent reads, then the other at a stable node;
    /// at the root (no parent), the one side still open.
    fn side_to_complete(&self, at: usize, parent_side: Option<Side>, stab: f64) -> Option<Side> {
        let open = |s: Side| self.closed[at][s.index()].is_none();
        match parent_side {
            Some(p) => [p.other()].into_iter().chain((stab >= 1.0).then_some(p)).find(|&s| open(s)),
            None => match (open(Side::Left), open(Side::Right)) {
                (true, false) => Some(Side::Left),
                (false, true) => Some(Side::Right),
                _ => None,
            },
        }
    }

    /// `prove_first`: the first side the minimal proof of the root's
    /// scaffolds at the lower bound of its temperature needs and the tree
    /// has not closed, as a path ending in that side's next new child; the
    /// root's two sides in turns.
    fn prove_root(&mut self) -> Option<Path> {
        let t = match &self.info(0).tlb {
            ExtQ::Finite(q) if !q.is_negative() => q.clone(),
            _ => Q::zero(),
        };
        let first = if self.prove_calls.is_multiple_of(2) { Side::Left } else { Side::Right };
        let mut steps = vec![];
        [first, first.other()].into_iter().find_map(|s| self.prove(0, s, &t, Need::Exact, &mut steps))
    }

    /// The first new child that proving `x`'s side-`s` scaffold at `t`
    /// (exactly, or only a bound) needs, or `None` if the explored tree
    /// holds the whole proof. The scaffold of a side is the best of its
    /// options' facing walls: to know it exactly, or to bound it from the
    /// side its owner cannot do better than (Left's from above, Right's
    /// from below), every option must be listed, the critical one proved
    /// exactly and each other one bounded; to bound it the other way the
    /// critical option alone is enough. A node colder than `t` shows its
    /// mast there, which both its scaffolds make at its own temperature.
    fn prove(&mut self, x: usize, s: Side, t: &Q, need: Need, steps: &mut Vec<(Side, u32)>) -> Option<Path> {
        if self.done[x] || self.tree.nodes[x].value.is_some() || self.proved[x].iter().any(|(ps, pn, pt)| *ps == s && *pn == need && pt == t) {
            return None;
        }
        // Left's scaffold is a maximum, Right's a minimum.
        let every = match need {
            Need::Exact => true,
            Need::Upper => s == Side::Left,
            Need::Lower => s == Side::Right,
        };
        if every && self.closed[x][s.index()].is_none() {
            let mut path = steps.clone();
            path.push((s, self.tree.nodes[x].kids[s.index()].len() as u32 + 1));
            return Some(Path { steps: path });
        }
        self.ensure(x);
        let (u, d) = self.models(x);
        if let (Some((tu, _)), Some((td, _))) = (&u.mast, &d.mast) {
            if tu < t && td < t {
                let own = if tu > td { tu.clone() } else { td.clone() };
                for s2 in [s, s.other()] {
                    if let Some(p) = self.prove(x, s2, &own, Need::Exact, steps) {
                        return Some(p);
                    }
                }
                self.proved[x].push((s, need, t.clone()));
                return None;
            }
        }
        let kids: Vec<(usize, usize)> = self.tree.nodes[x].kids[s.index()].iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c))).collect();
        // The critical option: the best facing wall at t, both models
        // averaged (as the primary child's choice).
        let mut best: Option<(f64, usize, usize)> = None;
        for &(i, c) in &kids {
            self.ensure(c);
            let (u, d) = self.models(c);
            let (wu, wd) = if s.is_left() { (u.right.eval(t), d.right.eval(t)) } else { (u.left.eval(t), d.left.eval(t)) };
            let v = (approx(&wu, self.cfg.selection.big) + approx(&wd, self.cfg.selection.big)) / 2.0;
            let key = if s.is_left() { v } else { -v };
            if best.is_none_or(|(b, _, _)| key > b + 1e-12) {
                best = Some((key, i, c));
            }
        }
        if let Some((_, bi, bc)) = best {
            if kids.len() >= 2 && kids[0].0 == 0 {
                self.order_seen[1] += 1;
                if bi == 0 {
                    self.order_seen[0] += 1;
                }
            }
            steps.push((s, bi as u32 + 1));
            let r = self.prove(bc, s.other(), t, need, steps);
            steps.pop();
            if r.is_some() {
                return r;
            }
            if every {
                // The others cannot beat it: Left's options bounded from
                // above, Right's from below (or as the bound asked).
                let others = match need {
                    Need::Exact if s.is_left() => Need::Upper,
                    Need::Exact => Need::Lower,
                    n => n,
                };
                for &(i, c) in kids.iter().filter(|&&(i, _)| i != bi) {
                    steps.push((s, i as u32 + 1));
                    let r = self.prove(c, s.other(), t, others, steps);
                    steps.pop();
                    if r.is_some() {
                        return r;
                    }
                }
            }
        }
        self.proved[x].push((s, need, t.clone()));
        None
    }

    /// `bound_search`: a path towards moving one of the root's
    /// greatest-reading temperature bounds past the middle t of their
    /// range, or `None` when the bounds have met, one is infinite, or no
    /// node the models leave open can move them (the direction rules then
    /// choose). The four targets, in turn: Right's scaffold in the upper
    /// model down to Left's in the lower (touching at t), Left's lower up
    /// to Right's upper (touching), Left's upper strictly below Right's
    /// lower (parted at t), Right's lower strictly above Left's upper
    /// (parted).
    fn bound_search(&mut self) -> Option<Path> {
        let i = self.info(0);
        if i.aim != Solution::Greatest {
            return None;
        }
        let (ExtQ::Finite(lo), ExtQ::Finite(hi)) = (&i.tlb, &i.tub) else { return None };
        if lo >= hi {
            return None;
        }
        let t = (lo + hi) * Q::frac(1, 2);
        let (u, d) = self.models(0);
        let (usl, dsl, usr, dsr) = (u.sl.eval(&t), d.sl.eval(&t), u.sr.eval(&t), d.sr.eval(&t));
        let tries = [
            (Side::Right, usr, Target { tau: dsl.clone(), lower: true, strict: false }),
            (Side::Left, dsl, Target { tau: u.sr.eval(&t), lower: false, strict: false }),
            (Side::Left, usl, Target { tau: dsr.clone(), lower: true, strict: true }),
            (Side::Right, dsr, Target { tau: u.sl.eval(&t), lower: false, strict: true }),
        ];
        let mut visits = BOUND_SEARCH_VISITS;
        for (side, now, target) in tries {
            if !target.missed_by(&now) {
                continue;
            }
            let mut steps = vec![];
            if let Some(p) = self.move_scaffold(0, side, &t, &target, &mut steps, &mut visits) {
                return Some(p);
            }
        }
        None
    }

    /// A path that can bring `x`'s wall on side `wall` (its left wall or
    /// its right one) at `t` to `target`, or `None`.
    ///
    /// Exactly when a wall is on the target's side: with L and R the
    /// node's scaffolds (L falls and R rises as t grows; each wall is its
    /// scaffold up to the temperature where they meet, the mast's value
    /// above it), the wall at t is on the target's side of tau iff both
    /// scaffolds are at some s <= t; the wall its owner pushes (Left's
    /// up, Right's down) is also there iff its own scaffold is at t. (If
    /// both are at s below the meeting point, the wall has moved on from
    /// there in the target's direction; above it, the mast lies beyond
    /// the scaffold that has passed it. Conversely, take s where the
    /// wall's reading is, t or the meeting point.) The temperatures
    /// tried are t and the two models' masts below it, those where the
    /// other model's scaffolds both meet the target (the truth lies
    /// between the models, so elsewhere the target is out of reach); at
    /// each, the scaffolds that miss it are moved, the wall's own first.
    fn move_wall(&mut self, x: usize, wall: Side, t: &Q, target: &Target, steps: &mut Vec<(Side, u32)>, visits: &mut u32) -> Option<Path> {
        if *visits == 0 {
            return None;
        }
        *visits -= 1;
        if self.done[x] || self.tree.nodes[x].value.is_some() {
            return None;
        }
        self.ensure(x);
        let (u, d) = self.models(x);
        // (the model the target is read in, the other one)
        let (now, other) = if target.lower { (u, d) } else { (d, u) };
        let scaffold = |m: &Model, side: Side, at: &Q| if side.is_left() { m.sl.eval(at) } else { m.sr.eval(at) };
        let own = wall;
        let mut at = vec![t.clone()];
        for (tm, _) in [&other.mast, &now.mast].into_iter().flatten() {
            if tm < t && !at.contains(tm) {
                at.push(tm.clone());
            }
        }
        // Every (scaffold, temperature) to try, read before the descents
        // (which only fill the cache below x).
        let mut plan: Vec<(Side, Q)> = vec![];
        let pushed_by_owner = wall.is_left() != target.lower;
        if pushed_by_owner && !target.missed_by(&scaffold(other, own, t)) && target.missed_by(&scaffold(now, own, t)) {
            plan.push((own, t.clone()));
        }
        for s in &at {
            if target.missed_by(&scaffold(other, Side::Left, s)) || target.missed_by(&scaffold(other, Side::Right, s)) {
                continue;
            }
            for side in [own, own.other()] {
                if target.missed_by(&scaffold(now, side, s)) && !plan.contains(&(side, s.clone())) {
                    plan.push((side, s.clone()));
                }
            }
        }
        plan.into_iter().find_map(|(side, s)| self.move_scaffold(x, side, &s, target, steps, visits))
    }

    /// A path that can bring `x`'s side-`s` scaffold at `t` to `target`,
    /// or `None`. The scaffold is the best of the options' facing walls
    /// moved by t: where the side's owner picks (Left's scaffold raised,
    /// Right's lowered) one option is enough, the one whose other model
    /// promises most first, then a new option if the side is not closed;
    /// where the target bounds the owner (Left's lowered, Right's raised)
    /// every option that misses it must move, and none may be out of reach
    /// (its other model missing too). An empty side not closed is a
    /// phantom: its first option is the path.
    fn move_scaffold(&mut self, x: usize, s: Side, t: &Q, target: &Target, steps: &mut Vec<(Side, u32)>, visits: &mut u32) -> Option<Path> {
        let open = self.closed[x][s.index()].is_none();
        let new_option = |e: &MtEngine, steps: &Vec<(Side, u32)>| {
            let mut path = steps.clone();
            path.push((s, e.tree.nodes[x].kids[s.index()].len() as u32 + 1));
            Path { steps: path }
        };
        let kids: Vec<(usize, usize)> = self.tree.nodes[x].kids[s.index()].iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c))).collect();
        if kids.is_empty() {
            return open.then(|| new_option(self, steps));
        }
        // Left's scaffold is RW - t, Right's LW + t.
        let wall_target = target.shifted(&if s.is_left() { t.clone() } else { -t.clone() });
        let mut walls = Vec::with_capacity(kids.len());
        for &(i, c) in &kids {
            self.ensure(c);
            let (u, d) = self.models(c);
            let (wu, wd) = if s.is_left() { (u.right.eval(t), d.right.eval(t)) } else { (u.left.eval(t), d.left.eval(t)) };
            // (the model the target is read in, the other one)
            let (now, other) = if target.lower { (wu, wd) } else { (wd, wu) };
            walls.push((i, c, now, other));
        }
        let mut descend = |e: &mut MtEngine, i: usize, c: usize, steps: &mut Vec<(Side, u32)>| {
            steps.push((s, i as u32 + 1));
            // The option's wall that faces the parent: Left's options'
            // right walls, Right's options' left walls.
            let r = e.move_wall(c, s.other(), t, &wall_target, steps, visits);
            steps.pop();
            r
        };
        if s.is_left() == target.lower {
            let missing: Vec<_> = walls.into_iter().filter(|w| wall_target.missed_by(&w.2)).collect();
            if missing.is_empty() || missing.iter().any(|w| wall_target.missed_by(&w.3)) {
                return None;
            }
            missing.into_iter().find_map(|(i, c, _, _)| descend(self, i, c, steps))
        } else {
            // An option already meets it: so does the scaffold, nothing to move.
            if walls.iter().any(|w| !wall_target.missed_by(&w.2)) {
                return None;
            }
            let mut reach: Vec<_> = walls.into_iter().filter(|w| !wall_target.missed_by(&w.3)).collect();
            reach.sort_by(|a, b| if target.lower { a.3.cmp(&b.3) } else { b.3.cmp(&a.3) });
            reach.into_iter().find_map(|(i, c, _, _)| descend(self, i, c, steps)).or_else(|| open.then(|| new_option(self, steps)))
        }
    }

    /// The next path to try, or `None` once the whole tree is explored.
    pub fn explore(&mut self) -> Option<Path> {
        if self.done[0] {
            return None;
        }
        if self.terminals == 0 && self.probes == 0 {
            // The first path is the empty one: the application extends it
            // from the root (which may itself be a terminal).
            return Some(Path { steps: vec![] });
        }
        if self.cfg.selection.prove_first && !self.trusted() {
            self.prove_calls += 1;
            if let Some(p) = self.prove_root() {
                return Some(p);
            }
        }
        if self.cfg.selection.bound_search {
            if let Some(p) = self.bound_search() {
                return Some(p);
            }
        }
        let mut at = 0usize;
        let mut steps: Vec<(Side, u32)> = vec![];
        let mut t_anc = f64::INFINITY;
        let mut parent_side: Option<Side> = None;
        loop {
            let info = self.info(at);
            let open = Side::BOTH.map(|s| self.closed[at][s.index()].is_none() || self.tree.nodes[at].known(s).any(|c| !self.done[c]));
            let stab = if parent_side.is_some() { self.stability(&info, t_anc.min(self.cfg.selection.big)) } else { 1.0 };
            let (n1, n2) = (self.cfg.selection.noise * self.uniform(), self.cfg.selection.noise * self.uniform());
            let dir = match open {
                [true, false] => Side::Left,
                [false, true] => Side::Right,
                [false, false] => return None,
                [true, true] => {
                    let (ul, ur) = (info.ul, info.ur);
                    // 0 x BIG is 0: a surely unstable node ignores that side.
                    let weigh = |x: f64| if stab == 0.0 { 0.0 } else { stab * x };
                    let right_if = |b: bool| if b { Side::Right } else { Side::Left };
                    match parent_side {
                        None => right_if(ul + n1 < ur + n2),
                        // (26) a right child explores its left side unless UL < S*UR.
                        Some(Side::Right) => right_if(ul + n1 < weigh(ur) + n2),
                        // (27) a left child explores its right side unless UR < S*UL.
                        Some(Side::Left) => right_if(ur + n1 >= weigh(ul) + n2),
                    }
                }
            };
            let dir = if self.cfg.selection.complete_sides && !self.trusted() { self.side_to_complete(at, parent_side, stab).unwrap_or(dir) } else { dir };
            if self.closed[at][dir.index()].is_none() {
                let k = self.tree.nodes[at].kids[dir.index()].len() as u32 + 1;
                steps.push((dir, k));
                return Some(Path { steps });
            }
            let kids: Vec<(usize, usize)> =
                self.tree.nodes[at].kids[dir.index()].iter().enumerate().filter_map(|(i, c)| c.map(|c| (i, c))).filter(|&(_, c)| !self.done[c]).collect();
            let own = if self.cfg.selection.ancestors_by_lower { &info.tlb } else { &info.tub };
            let t_next = t_anc.min(approx(own, self.cfg.selection.big));
            let tstar = match &info.tlb {
                ExtQ::Finite(q) if !q.is_negative() => q.clone(),
                _ => Q::zero(),
            };
            // Primary: the best wall at t* (Left: highest right wall of the
            // option; Right: lowest left wall), upper and lower models averaged.
            let mut best: Option<(f64, usize)> = None;
            for &(i, c) in &kids {
                self.ensure(c);
                let (u, d) = self.models(c);
                let (wu, wd) = if dir.is_left() { (u.right.eval(&tstar), d.right.eval(&tstar)) } else { (u.left.eval(&tstar), d.left.eval(&tstar)) };
                let v = (approx(&wu, self.cfg.selection.big) + approx(&wd, self.cfg.selection.big)) / 2.0;
                let key = if dir.is_left() { v } else { -v };
                if best.is_none_or(|(b, _)| key > b + 1e-12) {
                    best = Some((key, i));
                }
            }
            let (_, primary) = best?;
            if kids.len() >= 2 && kids[0].0 == 0 {
                self.order_seen[1] += 1;
                if primary == 0 {
                    self.order_seen[0] += 1;
                }
            }
            let trusted = self.trusted();
            // A child whose wall (the one its parent's scaffold uses) is the
            // same in both models cannot move the bounds; with a trusted
            // order the options behind it are most likely no better, so
            // the paths go where the models still differ.
            let kids = if trusted {
                let open: Vec<(usize, usize)> = kids
                    .iter()
                    .copied()
                    .filter(|&(_, c)| {
                        self.ensure(c);
                        let (u, d) = self.models(c);
                        if dir.is_left() {
                            u.right != d.right
                        } else {
                            u.left != d.left
                        }
                    })
                    .collect();
                if open.is_empty() {
                    kids
                } else {
                    open
                }
            } else {
                kids
            };
            let k = if self.cfg.selection.weighted {
                let pc = self.tree.nodes[at].kids[dir.index()][primary].expect("known child");
                let pi = self.info(pc);
                let sp = self.stability(&pi, t_next);
                let (ks, ku) = self.cfg.selection.fixed_k.unwrap_or_else(|| {
                    let m = self.tree.nodes[at].kids[dir.index()].len().max(2);
                    let n = self.height[pc] as usize;
                    // Pure in (m, n) and asked on every descent: kept.
                    *self.kcache.entry((m, n)).or_insert_with(|| (k_factor(m, n, true), k_factor(m, n, false)))
                });
                sp * ks + (1.0 - sp) * ku
            } else {
                1.0
            };
            let mut choice: Option<(f64, usize)> = None;
            for &(i, c) in &kids {
                // Visits that left the parent as it was count for more
                // (`Selection::stale_scale`) while the order is not trusted.
                let v = self.visits[c] as f64 * self.cfg.selection.stale_scale.filter(|_| !trusted).map_or(1.0, |sc| 1.0 + self.stale[c] as f64 / sc);
                let freq = if i == primary { v } else { v * k };
                if choice.is_none_or(|(b, _)| freq < b) {
                    choice = Some((freq, i));
                }
            }
            let (_, i) = choice?;
            steps.push((dir, i as u32 + 1));
            at = self.tree.nodes[at].kids[dir.index()][i].expect("known child");
            t_anc = t_next;
            parent_side = Some(dir);
        }
    }

    /// The node indices along `steps` from the root, as far as they exist.
    fn chain(&self, steps: &[(Side, u32)]) -> Vec<usize> {
        let mut v = vec![0];
        let mut at = 0;
        for &(s, k) in steps {
            match self.tree.nodes[at].kids[s.index()].get(k as usize - 1).copied().flatten() {
                Some(c) => {
                    at = c;
                    v.push(c)
                }
                None => break,
            }
        }
        v
    }

    /// Update `done` along the chain and, if the models changed (`models`:
    /// the deepest node's own options or sides did), bring the models up
    /// to date bottom-up. A parent reads only its children's masted walls,
    /// so once a node's walls come out as before, the models above it
    /// stand (the same models as recomputing all of them, found sooner).
    /// The neutral caches are dropped along the whole chain (they are read
    /// only by `estimate`). Each child on the chain learns whether this
    /// path moved its parent's scaffolds (`stale`).
    fn refresh(&mut self, chain: &[usize], models: bool) {
        let mut dirty = models;
        for (j, &a) in chain.iter().enumerate().rev() {
            if models {
                self.neutral[a] = None;
                self.heat[a] = None;
            }
            let mut moved = false;
            if dirty {
                let old = self.cache[a].take();
                self.ensure(a);
                let (u, d) = self.models(a);
                moved = old.as_ref().is_none_or(|(ou, od)| ou.sl != u.sl || ou.sr != u.sr || od.sl != d.sl || od.sr != d.sr);
                dirty = old.is_none_or(|(ou, od)| ou.left != u.left || ou.right != u.right || od.left != d.left || od.right != d.right);
            }
            if let Some(&c) = chain.get(j + 1) {
                self.stale[c] = if moved { 0 } else { self.stale[c] + 1 };
            }
            let n = &self.tree.nodes[a];
            self.done[a] = n.value.is_some() || Side::BOTH.into_iter().all(|s| self.closed[a][s.index()].is_some() && n.known(s).all(|c| self.done[c]));
        }
    }

    /// Record the application's answer to the path `explore()` proposed.
    pub fn report(&mut self, proposed: &Path, out: &Outcome) -> Result<(), MtError> {
        match out {
            Outcome::NotExists => {
                let Some((&(s, k), prefix)) = proposed.steps.split_last() else {
                    return Err(MtError::Conflict { path: String::new(), why: "the root always exists".into() });
                };
                let chain = self.chain(prefix);
                if chain.len() != prefix.len() + 1 {
                    return Err(MtError::Conflict { path: proposed.to_string(), why: "its parent is not in the tree".into() });
                }
                self.tree.mark_closed(&Path { steps: prefix.to_vec() }, s, k as usize - 1)?;
                let a = *chain.last().expect("root");
                self.closed[a][s.index()] = Some(k as usize - 1);
                for &c in &chain {
                    self.sound[c] = None;
                    self.proved[c].clear();
                }
                self.probes += 1;
                for &c in &chain {
                    self.visits[c] += 1;
                }
                // Only an empty side (k = 1) changes the models (no phantom).
                self.refresh(&chain, k == 1);
            }
            Outcome::Terminal(full, v) => {
                self.tree.add_node(full, v.clone())?;
                self.grow();
                self.terminals += 1;
                let chain = self.chain(&full.steps);
                for &c in &chain {
                    self.sound[c] = None;
                    self.proved[c].clear();
                }
                let len = chain.len();
                for (j, &c) in chain.iter().enumerate() {
                    self.visits[c] += 1;
                    self.height[c] = self.height[c].max((len - 1 - j) as u32);
                }
                self.refresh(&chain, true);
            }
        }
        if self.cfg.selection.settle_aim.is_some() && self.cfg.solution != Solution::Least {
            self.ensure(0);
            let (u, d) = self.models(0);
            let (l, h) = super::temperature_bounds(u, d, Solution::Least);
            let met = l == h && l.finite().is_some();
            self.settled_run = if met { self.settled_run + 1 } else { 0 };
        }
        Ok(())
    }

    /// One round: explore, ask the application, report. `None` once solved.
    pub fn step<G: MtGame>(&mut self, game: &G) -> Option<Result<Step, MtError>> {
        let proposed = self.explore()?;
        let outcome = super::outcome(game, &proposed);
        Some(self.report(&proposed, &outcome).map(|()| Step { proposed, outcome }))
    }

    /// Run until `budget` paths are added or the tree is solved.
    pub fn run<G: MtGame>(&mut self, game: &G, budget: usize) -> Result<(), MtError> {
        while self.terminals < budget {
            match self.step(game) {
                None => break,
                Some(r) => {
                    r?;
                }
            }
        }
        Ok(())
    }

    /// Point estimates from the "neutral" model: the explored tree with each
    /// phantom side replaced by a number, clamped into the bounds. The
    /// mean's phantom is the other side's stop (measured better than the
    /// interval's midpoint, `research/mt-selection-notebook.md` section 10); the
    /// temperature's is that stop moved by `phantom_heat` times the first
    /// model's root temperature (a side left unexplored in a hot sum is
    /// most likely hot too; measured in `research/mt-selection-notebook.md`).
    pub fn estimate(&mut self) -> Estimate {
        self.estimate_read(self.cfg.solution)
    }

    /// [`MtEngine::estimate`] with the temperature read as `solution`
    /// (whatever the config says; the search does not depend on it).
    pub fn estimate_read(&mut self, solution: Solution) -> Estimate {
        let th = self.neutral();
        let t0 = th.temperature().clone();
        let shift = if t0.is_negative() { Q::zero() } else { &t0 * &self.cfg.selection.phantom_heat };
        let temperature = if shift.is_zero() { t0 } else { self.heated(&shift).temperature().clone() };
        let temperature = match solution {
            Solution::Least => temperature,
            Solution::Greatest => {
                let heated = !shift.is_zero();
                match self.tree.nodes[0].value {
                    Some(_) => temperature,
                    None => {
                        let [l, r] = self.sides_of(0, &shift, heated);
                        crate::thermograph::Thermograph::from_options(&l, &r).1.greatest_solution()
                    }
                }
            }
        };
        let b = self.bounds_read(solution);
        Estimate { mean: th.mean().clone(), temperature }.within(&b)
    }

    /// The neutral model with phantoms moved by `shift` against their
    /// owner; per-node results are kept while the shift stays the same.
    fn heated(&mut self, shift: &Q) -> Thermograph {
        if self.heat_shift.as_ref() != Some(shift) {
            self.heat_shift = Some(shift.clone());
            self.heat.iter_mut().for_each(|h| *h = None);
        }
        self.neutral_with(shift, true)
    }

    /// The neutral model's thermograph at the root: bottom-up without
    /// recursion, reusing every node's result until a report below it.
    fn neutral(&mut self) -> Thermograph {
        self.neutral_with(&Q::zero(), false)
    }

    /// The neutral model (`heated`: the cache of the shifted one) with each
    /// phantom the other side's stop moved by `shift` against its owner.
    fn neutral_with(&mut self, shift: &Q, heated: bool) -> Thermograph {
        fn cache(e: &MtEngine, heated: bool) -> &[Option<Thermograph>] {
            if heated {
                &e.heat
            } else {
                &e.neutral
            }
        }
        for x in self.missing_below(0, |c| cache(self, heated)[c].is_some()) {
            if cache(self, heated)[x].is_some() {
                continue;
            }
            let th = if let Some(v) = &self.tree.nodes[x].value {
                Thermograph::of_number(v)
            } else {
                let [l, r] = self.sides_of(x, shift, heated);
                Thermograph::from_options(&l, &r).0
            };
            if heated {
                self.heat[x] = Some(th);
            } else {
                self.neutral[x] = Some(th);
            }
        }
        cache(self, heated)[0].clone().expect("root computed")
    }

    /// A non-terminal node's options in the neutral model (`heated`: its
    /// shifted cache), children's thermographs already cached: each
    /// phantom side is the other side's stop moved by `shift` against
    /// its owner.
    fn sides_of(&self, x: usize, shift: &Q, heated: bool) -> [Vec<Thermograph>; 2] {
        let z = Q::zero();
        let cache = if heated { &self.heat } else { &self.neutral };
        let n = &self.tree.nodes[x];
        let mut sides: [Vec<Thermograph>; 2] = Side::BOTH.map(|s| n.known(s).map(|c| cache[c].clone().expect("children first")).collect());
        let (l, r) = (Side::Left.index(), Side::Right.index());
        if sides[l].is_empty() && !n.empty[l] && !sides[r].is_empty() {
            let x = sides[r].iter().map(|t| t.left_wall().eval(&z)).min().expect("non-empty");
            sides[l].push(Thermograph::of_number(&(&x + shift)));
        }
        if sides[r].is_empty() && !n.empty[r] && !sides[l].is_empty() {
            let x = sides[l].iter().map(|t| t.right_wall().eval(&z)).max().expect("non-empty");
            sides[r].push(Thermograph::of_number(&(&x - shift)));
        }
        sides
    }
}
