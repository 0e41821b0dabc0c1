//! The Monte Carlo Scale Method (Koene 2024, sections 3-4): estimate a
//! Hackenbush value by balancing the position against a *weighing stalk*,
//! judging each balance by games between two Monte Carlo players.
//!
//! - **Outcome class by playouts**: `playouts` whole games with Blue
//!   starting and as many with Red starting; with the thesis's margin rule
//!   (default 0.4) both starters' win rates below the margin are `P`, both
//!   above `1 - margin` `N`, Blue's above `1 - margin` `L`, anything else
//!   `R`. Two-Move Hackenbush (each turn removes two of one's edges at once)
//!   is classified the same way.
//! - **The Scale loop**: while the class is not `P`, add a red edge on top
//!   of the weighing stalk if `L`, a blue one if `R`; the estimate is minus
//!   the stalk's value (Berlekamp's rule). A safeguard on the stalk's length
//!   ends runaway growth as a *failure*, never as a value.
//! - **Smart moves in the weighing stalk**: a player only ever chops the
//!   highest edge of their colour there (the best chop in a stalk), in the
//!   players' searches and in the random playouts alike.
//!
//! Beyond the thesis, each an option measured against it (`docs/scale.md`):
//! - [`ClassRule::Test`]: the author's own suggestion, a two-proportion
//!   z-test on the difference of the two win rates (significantly positive
//!   `L`, negative `R`, else `P` or `N` by their level) instead of the
//!   fixed margin.
//! - [`ScaleConfig::prune`]: the smart-move rule generalised to the whole
//!   position by a proved dominance: a chop that makes an edge of one's own
//!   colour fall is never better than chopping that edge (proof in
//!   `bluered.rs`), so players and playouts skip it. Blue-Red positions
//!   under the classical rules only (the proof needs numbers).
//! - [`ScaleConfig::components`]: a position made of several parts on the
//!   ground is weighed part by part (values add), each distinct part once.
//! - [`ScaleConfig::bisect`]: the weighings as a bisection on the value
//!   itself. The thesis's loop already halves the interval with each edge
//!   once the stalk's colour has changed (Berlekamp's stalks are the
//!   simplest-number search), but it walks the integer part one edge per
//!   weighing; bisection gallops there (probes 0, ±1, ±2, ±4, ... then
//!   halves), so an integer part n costs about 2 log2 n weighings instead
//!   of n, and every weighing probes a stalk built afresh for the midpoint
//!   of what the earlier weighings left open. On a value in (-1, 1) the
//!   two walks probe the same stalks.
//!
//! Every game is seeded from the config's seed, the step and the game's
//! number, so a run is reproducible and any step can be replayed alone.

use super::{Colour, Graph, Hackenbush};
use crate::numbers::Q;
use crate::outcome::Outcome;
use crate::rng::SplitMix64;
use crate::search::montecarlo::{pure_mc_move, uct_move_with, Algo, Playable, UctConfig, UctScratch};
use crate::side::Side;
use std::collections::HashMap;

/// Longest weighing stalk (and the default safeguard).
pub const MAX_STALK: usize = 100;

/// How a class is read from the two win rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClassRule {
    /// The thesis's fixed margin (0.4 there).
    Margin(f64),
    /// A two-proportion z-test on `BlueWinRate - RedWinRate` at this `z`
    /// (e.g. 3.0); no significant difference is `P` below an average win
    /// rate of 1/2, `N` above.
    Test(f64),
}

impl Default for ClassRule {
    fn default() -> ClassRule {
        ClassRule::Margin(0.4)
    }
}

impl ClassRule {
    /// The class from Blue's win rate when Blue starts and Red's when Red
    /// starts, over `n` games each.
    pub fn classify(self, blue: f64, red: f64, n: u32) -> Outcome {
        match self {
            ClassRule::Margin(m) => {
                if blue < m && red < m {
                    Outcome::P
                } else if blue > 1.0 - m && red > 1.0 - m {
                    Outcome::N
                } else if blue > 1.0 - m {
                    Outcome::L
                } else {
                    Outcome::R
                }
            }
            ClassRule::Test(z) => {
                let d = blue - red;
                let p = (blue + red) / 2.0;
                let se = (p * (1.0 - p) * 2.0 / f64::from(n.max(1))).sqrt();
                let significant = if se == 0.0 { d != 0.0 } else { d.abs() / se > z };
                match (significant, d > 0.0) {
                    (true, true) => Outcome::L,
                    (true, false) => Outcome::R,
                    (false, _) if p < 0.5 => Outcome::P,
                    (false, _) => Outcome::N,
                }
            }
        }
    }
}

/// The Scale Method's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScaleConfig {
    pub algo: Algo,
    /// Games per starter for each outcome class.
    pub playouts: u32,
    /// The players' budget per move (UCT iterations; Pure MC games per
    /// legal move).
    pub iterations: u32,
    pub rule: ClassRule,
    pub seed: u64,
    /// Safeguard: the longest weighing stalk before the run is a failure.
    pub max_stalk: usize,
    /// Skip dominated chops (own-colour falls) everywhere.
    pub prune: bool,
    /// Weigh the parts on the ground one by one.
    pub components: bool,
    /// Play every random playout out, even where its exact odds are
    /// listed (for checking that both give the same statistics).
    pub simulate: bool,
    /// Bisect on the value (galloping over the integer part) instead of
    /// growing the stalk an edge per weighing.
    pub bisect: bool,
}

impl Default for ScaleConfig {
    fn default() -> ScaleConfig {
        ScaleConfig {
            algo: Algo::Uct,
            playouts: 100,
            iterations: 600,
            rule: ClassRule::default(),
            seed: 2,
            max_stalk: 40,
            prune: false,
            components: false,
            simulate: false,
            bisect: false,
        }
    }
}

/// Game rules for the outcome classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Classical,
    TwoMove,
}

/// A move: one edge, two edges (Two-Move), or the weighing stalk's smart
/// chop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chop {
    Edge(u8),
    Pair(u8, u8),
    Stalk,
}

/// What does not change during a game: the picture, its fall sets and the
/// weighing stalk's colours.
pub struct Table {
    graph: Graph,
    /// Per player (Left, Right): the edges they may chop.
    own: [u128; 2],
    /// Per edge, for forests: the edges that fall with it (itself too),
    /// valid in every position reached by play. `None` with cycles.
    fall: Option<Vec<u128>>,
    /// Weighing stalk, ground edge first: bit i set if edge i is blue.
    stalk_blue: u128,
    stalk_len: u8,
    play: Play,
    prune: bool,
    /// Per position and mover: the chance the mover wins a uniformly random
    /// playout, when the positions reachable are few enough to list.
    odds: Option<OddsMap>,
}

/// Positions (edge set, stalk height and mover) to odds, hashed by one
/// multiply (SipHash cost more than the rest of a playout).
type OddsMap = HashMap<(u128, u16), f64, std::hash::BuildHasherDefault<OddsHasher>>;

#[derive(Default)]
struct OddsHasher(u64);
impl std::hash::Hasher for OddsHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u16(&mut self, x: u16) {
        self.0 = (self.0 ^ u64::from(x)).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31);
    }
    fn write_u128(&mut self, x: u128) {
        let h = (x as u64) ^ ((x >> 64) as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        self.0 = (self.0 ^ h).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }
}

/// Most positions (times movers) whose random-playout odds are listed.
pub const MAX_ODDS_STATES: usize = 1 << 17;

/// A position of a game: a [`Table`]'s edges still standing, and the
/// weighing stalk's height.
#[derive(Clone, Copy)]
pub struct Board<'t> {
    t: &'t Table,
    set: u128,
    stalk: u8,
}

impl Table {
    /// `stalk` the weighing stalk's colours from the ground up. `prune`
    /// is honoured only where it is proved (Blue-Red, classical).
    pub fn new(h: &Hackenbush, stalk: &[Colour], play: Play, prune: bool) -> Table {
        let graph = Graph::new(h.edges());
        let (mut own, mut blue_red) = ([0u128; 2], true);
        for (i, &(_, _, c)) in graph.edges.iter().enumerate() {
            for side in Side::BOTH {
                if c.playable_by(side) {
                    own[side.index()] |= 1 << i;
                }
            }
            blue_red &= c != Colour::Green;
        }
        let fall = is_forest(&graph).then(|| {
            let all = graph.all();
            (0..graph.edges.len()).map(|e| all & !graph.grounded(all & !(1u128 << e))).collect()
        });
        let mut stalk_blue = 0u128;
        for (i, &c) in stalk.iter().take(MAX_STALK).enumerate() {
            if c == Colour::Blue {
                stalk_blue |= 1 << i;
            }
        }
        Table {
            graph,
            own,
            fall,
            stalk_blue,
            stalk_len: stalk.len().min(MAX_STALK) as u8,
            play,
            prune: prune && blue_red && play == Play::Classical,
            odds: None,
        }
    }

    /// As [`Table::new`], with the exact odds of random playouts listed
    /// where at most [`MAX_ODDS_STATES`] positions are reachable: each
    /// playout is then one draw from its exact distribution (the same
    /// statistics as playing it out, at the cost of one lookup).
    pub fn with_odds(h: &Hackenbush, stalk: &[Colour], play: Play, prune: bool) -> Table {
        let mut t = Table::new(h, stalk, play, prune);
        let mut memo = OddsMap::default();
        let start = t.board();
        let ok = odds(&start, Side::Left, &mut memo).is_some() && odds(&start, Side::Right, &mut memo).is_some();
        if ok {
            t.odds = Some(memo);
        }
        t
    }
    /// Whether playouts are drawn from listed odds.
    pub fn has_odds(&self) -> bool {
        self.odds.is_some()
    }
}

fn odds_key(b: &Board<'_>, side: Side) -> (u128, u16) {
    (b.set, u16::from(b.stalk) | u16::from(side.is_left()) << 8)
}

/// The chance the mover wins a uniformly random playout from `b`; `None`
/// past [`MAX_ODDS_STATES`]. The depth is at most the game's length.
fn odds(b: &Board<'_>, side: Side, memo: &mut OddsMap) -> Option<f64> {
    let key = odds_key(b, side);
    if let Some(&p) = memo.get(&key) {
        return Some(p);
    }
    if memo.len() >= MAX_ODDS_STATES {
        return None;
    }
    let moves = b.moves(side);
    let p = if moves.is_empty() {
        0.0
    } else {
        let mut sum = 0.0;
        for &m in &moves {
            sum += 1.0 - odds(&b.play(m, side), side.other(), memo)?;
        }
        sum / moves.len() as f64
    };
    memo.insert(key, p);
    Some(p)
}

impl Table {
    /// The starting position.
    pub fn board(&self) -> Board<'_> {
        Board { t: self, set: self.graph.grounded(self.graph.all()), stalk: self.stalk_len }
    }
}

/// No cycles (so every chop drops a fixed subtree).
fn is_forest(g: &Graph) -> bool {
    let mut parent: Vec<usize> = (0..g.adj.len()).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for &(a, b, _) in &g.edges {
        let (x, y) = (find(&mut parent, a), find(&mut parent, b));
        if x == y {
            return false;
        }
        parent[x] = y;
    }
    true
}

/// The `k`-th set bit of `x` (from the lowest).
fn select(mut x: u128, k: u32) -> u8 {
    let low = x as u64;
    let (mut x64, base, mut k) = if k < low.count_ones() { (low, 0, k) } else { ((x >> 64) as u64, 64, k - low.count_ones()) };
    while k > 0 {
        x64 &= x64 - 1;
        k -= 1;
    }
    x = u128::from(x64);
    (base + x.trailing_zeros()) as u8
}

impl<'t> Board<'t> {
    /// The edges `side` may chop now (dominated ones skipped if pruning).
    fn chops(&self, side: Side) -> u128 {
        let own = self.set & self.t.own[side.index()];
        if !self.t.prune {
            return own;
        }
        let mut keep = 0u128;
        let mut rest = own;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let falls = self.falls(e);
            if falls & own == 1u128 << e {
                keep |= 1u128 << e;
            }
        }
        keep
    }
    fn falls(&self, e: usize) -> u128 {
        match &self.t.fall {
            Some(f) => f[e] & self.set,
            None => self.set & !self.t.graph.grounded(self.set & !(1u128 << e)),
        }
    }
    /// The weighing stalk's smart chop for `side`: the index of its highest
    /// edge of that colour.
    fn stalk_top(&self, side: Side) -> Option<u8> {
        let below = if self.stalk >= 128 { u128::MAX } else { (1u128 << self.stalk) - 1 };
        let mine = match side {
            Side::Left => self.t.stalk_blue,
            Side::Right => !self.t.stalk_blue,
        } & below;
        (mine != 0).then(|| 127 - mine.leading_zeros() as u8)
    }
    /// Edges standing in the picture (the weighing stalk aside).
    pub fn edges_left(&self) -> u32 {
        self.set.count_ones()
    }
}

impl Playable for Board<'_> {
    type Move = Chop;
    fn moves_into(&self, side: Side, out: &mut Vec<Chop>) {
        let mut c = self.chops(side);
        match self.t.play {
            Play::TwoMove => {
                let mut es = Vec::with_capacity(c.count_ones() as usize);
                while c != 0 {
                    es.push(c.trailing_zeros() as u8);
                    c &= c - 1;
                }
                for (i, &a) in es.iter().enumerate() {
                    for &b in &es[i + 1..] {
                        out.push(Chop::Pair(a, b));
                    }
                }
            }
            Play::Classical => {
                while c != 0 {
                    out.push(Chop::Edge(c.trailing_zeros() as u8));
                    c &= c - 1;
                }
                if self.stalk_top(side).is_some() {
                    out.push(Chop::Stalk);
                }
            }
        }
    }
    fn random_move(&self, side: Side, rng: &mut SplitMix64) -> Option<Chop> {
        let c = self.chops(side);
        let n = c.count_ones();
        match self.t.play {
            Play::TwoMove => {
                if n < 2 {
                    return None;
                }
                // Two distinct edges, every unordered pair equally likely.
                let i = rng.below(u64::from(n)) as u32;
                let mut j = rng.below(u64::from(n - 1)) as u32;
                if j >= i {
                    j += 1;
                }
                Some(Chop::Pair(select(c, i), select(c, j)))
            }
            Play::Classical => {
                let total = n + u32::from(self.stalk_top(side).is_some());
                if total == 0 {
                    return None;
                }
                let k = rng.below(u64::from(total)) as u32;
                Some(if k < n { Chop::Edge(select(c, k)) } else { Chop::Stalk })
            }
        }
    }
    fn playout_odds(&self, side: Side) -> Option<f64> {
        self.t.odds.as_ref()?.get(&odds_key(self, side)).copied()
    }
    fn play_mut(&mut self, m: Chop, side: Side) {
        let gone = match m {
            Chop::Stalk => {
                self.stalk = self.stalk_top(side).expect("a smart chop exists");
                return;
            }
            Chop::Edge(e) => 1u128 << e,
            Chop::Pair(a, b) => 1u128 << a | 1u128 << b,
        };
        self.set = match &self.t.fall {
            Some(f) => {
                let mut drop = 0u128;
                let mut g = gone;
                while g != 0 {
                    drop |= f[g.trailing_zeros() as usize];
                    g &= g - 1;
                }
                self.set & !drop
            }
            None => self.t.graph.grounded(self.set & !gone),
        };
    }
}

/// Reusable search storage for the players of one run.
#[derive(Default)]
pub struct Players<'t> {
    uct: UctScratch<Board<'t>>,
}

/// One whole game between two Monte Carlo players from `board` with
/// `starter` to move first: the winner.
pub fn mc_game<'t>(board: Board<'t>, starter: Side, algo: Algo, iterations: u32, seed: u64, players: &mut Players<'t>) -> Side {
    let mut rng = SplitMix64::new(seed);
    let mut b = board;
    let mut side = starter;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        b.moves_into(side, &mut buf);
        let m = match buf.len() {
            0 => return side.other(),
            // One candidate: every player plays it; no search needed.
            1 => buf[0],
            _ => {
                let cfg = UctConfig { iterations, seed: rng.next_u64(), ..UctConfig::default() };
                let choice = match algo {
                    Algo::Uct => uct_move_with(&mut players.uct, &b, side, cfg),
                    Algo::Pure => pure_mc_move(&b, side, cfg),
                };
                choice.expect("moves exist").mv
            }
        };
        b.play_mut(m, side);
        side = side.other();
    }
}

/// One outcome class: the win rates and the class read from them.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassResult {
    pub class: Outcome,
    /// Blue's win rate when Blue starts, Red's when Red starts.
    pub blue_rate: f64,
    pub red_rate: f64,
    pub games: u32,
}

/// Games are seeded from `(seed, step, starter, game)`.
fn game_seed(seed: u64, step: u64, starter: Side, game: u32) -> u64 {
    let mut r = SplitMix64::new(
        seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (u64::from(game) << 1 | u64::from(starter.is_left())).wrapping_mul(0xD6E8_FEB8_6659_FD93),
    );
    r.next_u64()
}

/// The outcome class of `table`'s position by `cfg.playouts` games per
/// starter (`step` varies the seeds from one weighing to the next).
/// `progress(games done, games in all)` is called after every game and
/// may return `false` to stop (then `None`).
pub fn outcome_class(table: &Table, cfg: &ScaleConfig, step: u64, progress: &mut dyn FnMut(u32, u32) -> bool) -> Option<ClassResult> {
    let mut players = Players::default();
    let n = cfg.playouts.max(1);
    let mut wins = [0u32; 2];
    for starter in Side::BOTH {
        let k = starter.index();
        for g in 0..n {
            if mc_game(table.board(), starter, cfg.algo, cfg.iterations, game_seed(cfg.seed, step, starter, g), &mut players) == starter {
                wins[k] += 1;
            }
            if !progress(k as u32 * n + g + 1, 2 * n) {
                return None;
            }
        }
    }
    let (blue_rate, red_rate) = (f64::from(wins[0]) / f64::from(n), f64::from(wins[1]) / f64::from(n));
    Some(ClassResult { class: cfg.rule.classify(blue_rate, red_rate, n), blue_rate, red_rate, games: 2 * n })
}

/// One weighing of the Scale loop.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleStep {
    /// The weighing stalk, `b`/`r` from the ground up.
    pub stalk: String,
    pub result: ClassResult,
}

/// What the Scale Method concluded.
#[derive(Clone, Debug, PartialEq)]
pub enum Estimate {
    Number(Q),
    /// The first weighing was `N`: the thesis returns `*`.
    Star,
}

impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Estimate::Number(q) => write!(f, "{q}"),
            Estimate::Star => f.write_str("*"),
        }
    }
}

/// A whole run: the estimate (none if the safeguard stopped it), and every
/// weighing.
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleResult {
    pub estimate: Option<Estimate>,
    /// The safeguard ended the run (or a part's run).
    pub failed: bool,
    pub steps: Vec<ScaleStep>,
    /// Per part when weighed by parts: the part and its estimate.
    pub parts: Vec<(String, Option<Estimate>)>,
}

impl ScaleResult {
    /// What the weighings say about the value, whatever the walk: each
    /// `L` against a stalk of value `w` says the value is above `-w`, each
    /// `R` below it. `(lower, upper)`, either open-ended; when noise made
    /// two weighings contradict each other, `lower >= upper`. Meaningful
    /// for a run on one part (the steps of several parts mix).
    pub fn bounds(&self) -> (Option<Q>, Option<Q>) {
        let mut lo: Option<Q> = None;
        let mut hi: Option<Q> = None;
        for s in &self.steps {
            let Some(w) = super::stalk_value(&s.stalk) else { continue };
            let x = -w;
            match s.result.class {
                Outcome::L if lo.as_ref().is_none_or(|l| &x > l) => lo = Some(x),
                Outcome::R if hi.as_ref().is_none_or(|h| &x < h) => hi = Some(x),
                _ => {}
            }
        }
        (lo, hi)
    }
}

/// Where a run stands, for a progress bar: weighings done, games done in
/// the current weighing, and games per weighing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleProgress {
    pub step: usize,
    pub games: u32,
    pub games_per_step: u32,
}

/// Runs stopped by their progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

/// A part's text with its vertices renumbered in order of appearance
/// (the ground stays 0), so equal parts drawn apart share a cache entry.
fn relabelled(part: &Hackenbush) -> String {
    let mut ids: HashMap<u32, u32> = HashMap::from([(0, 0)]);
    let mut out = Vec::new();
    for e in part.edges() {
        let (a, b) = e.ends();
        let mut id = |v: u32| {
            let n = ids.len() as u32;
            *ids.entry(v).or_insert(n)
        };
        let (a, b) = (id(a), id(b));
        out.push(format!("{a}-{b}:{}", e.colour().letter()));
    }
    out.join(" ")
}

fn stalk_text(stalk: &[Colour]) -> String {
    stalk.iter().map(|c| c.letter()).collect()
}

/// The Scale Method on `h` (see the module docs). `on_step` sees each
/// finished weighing; `progress` is polled after every game and stops the
/// run by returning `false`.
pub fn scale(
    h: &Hackenbush,
    cfg: &ScaleConfig,
    on_step: &mut dyn FnMut(&ScaleStep),
    progress: &mut dyn FnMut(ScaleProgress) -> bool,
) -> Result<ScaleResult, Cancelled> {
    if cfg.components {
        let parts = h.components();
        if parts.len() > 1 {
            let mut cache: HashMap<String, (Option<Estimate>, bool)> = HashMap::new();
            let mut out = ScaleResult { estimate: Some(Estimate::Number(Q::zero())), failed: false, steps: Vec::new(), parts: Vec::new() };
            let mut sum = Some(Q::zero());
            let mut stars = 0usize;
            for part in parts {
                let key = relabelled(&part);
                if !cache.contains_key(&key) {
                    let one = ScaleConfig { components: false, ..*cfg };
                    let r = scale_one(&part, &one, out.steps.len() as u64, on_step, progress)?;
                    out.steps.extend(r.steps);
                    cache.insert(key.clone(), (r.estimate, r.failed));
                }
                let (est, failed) = cache[&key].clone();
                out.failed |= failed;
                match &est {
                    Some(Estimate::Number(q)) => sum = sum.map(|s| &s + q),
                    Some(Estimate::Star) => stars += 1,
                    None => sum = None,
                }
                out.parts.push((key, est));
            }
            out.estimate = match (sum, stars) {
                (Some(s), 0) => Some(Estimate::Number(s)),
                // Stars add as nimbers of one: an even count cancels.
                (Some(s), k) if k % 2 == 0 => Some(Estimate::Number(s)),
                (Some(s), _) if s.is_zero() => Some(Estimate::Star),
                _ => None,
            };
            if out.estimate.is_none() {
                out.failed = true;
            }
            return Ok(out);
        }
    }
    scale_one(h, cfg, 0, on_step, progress)
}

/// The next value to probe by bisection: galloping while one side is
/// open (0, then ±1, ±2, ±4, ...), the midpoint once both are known.
fn bisection_probe(lo: &Option<Q>, hi: &Option<Q>) -> Q {
    match (lo, hi) {
        (None, None) => Q::zero(),
        (Some(l), None) => {
            if l.is_negative() {
                Q::zero()
            } else {
                Q::max(&(l + &Q::one()), &(l + l))
            }
        }
        (None, Some(h)) => {
            if h.is_positive() {
                Q::zero()
            } else {
                Q::min(&(h - &Q::one()), &(h + h))
            }
        }
        (Some(l), Some(h)) => (l + h).half(),
    }
}

/// The weighings of one run: each builds the table for a stalk (with the
/// playout odds listed while they can be: a longer stalk only adds
/// positions, so once they could not be, later weighings do not try),
/// plays the games and keeps the step. Both walks use it.
struct Weighings<'a> {
    h: &'a Hackenbush,
    cfg: &'a ScaleConfig,
    first_step: u64,
    odds: bool,
    steps: Vec<ScaleStep>,
}

impl Weighings<'_> {
    fn weigh(&mut self, stalk: &[Colour], on_step: &mut dyn FnMut(&ScaleStep), progress: &mut dyn FnMut(ScaleProgress) -> bool) -> Result<Outcome, Cancelled> {
        let (h, cfg) = (self.h, self.cfg);
        let table = if self.odds { Table::with_odds(h, stalk, Play::Classical, cfg.prune) } else { Table::new(h, stalk, Play::Classical, cfg.prune) };
        self.odds &= table.has_odds();
        let step = self.steps.len();
        let r = outcome_class(&table, cfg, self.first_step + step as u64, &mut |games, per| progress(ScaleProgress { step, games, games_per_step: per }))
            .ok_or(Cancelled)?;
        let s = ScaleStep { stalk: stalk_text(stalk), result: r };
        on_step(&s);
        let class = s.result.class;
        self.steps.push(s);
        Ok(class)
    }
    fn finish(self, estimate: Option<Estimate>, failed: bool) -> Result<ScaleResult, Cancelled> {
        Ok(ScaleResult { estimate, failed, steps: self.steps, parts: Vec::new() })
    }
}

fn scale_bisect(w: Weighings<'_>, on_step: &mut dyn FnMut(&ScaleStep), progress: &mut dyn FnMut(ScaleProgress) -> bool) -> Result<ScaleResult, Cancelled> {
    let mut w = w;
    let max = w.cfg.max_stalk.min(MAX_STALK);
    let (mut lo, mut hi): (Option<Q>, Option<Q>) = (None, None);
    loop {
        let x = bisection_probe(&lo, &hi);
        // The stalk weighing against the value x is worth -x.
        let Some(stalk) = super::stalk_for(&-&x, max) else { return w.finish(None, true) };
        let first = w.steps.is_empty();
        match w.weigh(&stalk, on_step, progress)? {
            Outcome::P => return w.finish(Some(Estimate::Number(x)), false),
            Outcome::N if first => return w.finish(Some(Estimate::Star), false),
            _ if w.steps.len() > 2 * max => return w.finish(None, true),
            Outcome::L => lo = Some(x),
            Outcome::R => hi = Some(x),
            // As in the thesis's loop: weigh the same stalk again.
            Outcome::N => {}
        }
    }
}

fn scale_one(
    h: &Hackenbush,
    cfg: &ScaleConfig,
    first_step: u64,
    on_step: &mut dyn FnMut(&ScaleStep),
    progress: &mut dyn FnMut(ScaleProgress) -> bool,
) -> Result<ScaleResult, Cancelled> {
    let mut w = Weighings { h, cfg, first_step, odds: !cfg.simulate, steps: Vec::new() };
    if cfg.bisect {
        return scale_bisect(w, on_step, progress);
    }
    let mut stalk: Vec<Colour> = Vec::new();
    let max = cfg.max_stalk.min(MAX_STALK);
    loop {
        let first = w.steps.is_empty();
        match w.weigh(&stalk, on_step, progress)? {
            Outcome::P => {
                let v = super::stalk_value(&stalk_text(&stalk)).expect("blue-red stalk");
                return w.finish(Some(Estimate::Number(-v)), false);
            }
            Outcome::N if first => return w.finish(Some(Estimate::Star), false),
            _ if stalk.len() >= max => return w.finish(None, true),
            Outcome::L => stalk.push(Colour::Red),
            Outcome::R => stalk.push(Colour::Blue),
            // N after the first weighing: the thesis's loop adds nothing
            // and weighs again (fresh seeds); the safeguard counts it.
            Outcome::N => {
                if w.steps.len() > 2 * max {
                    return w.finish(None, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hackenbush {
        s.parse().unwrap()
    }
    fn run(pos: &str, cfg: ScaleConfig) -> ScaleResult {
        scale(&h(pos), &cfg, &mut |_| {}, &mut |_| true).unwrap()
    }

    #[test]
    fn boards_play_by_the_rules() {
        // A stalk b r r: Blue's only chop takes all; Red's chops.
        let t = Table::new(&h("stalk:brr"), &[Colour::Red, Colour::Blue, Colour::Blue], Play::Classical, false);
        let b = t.board();
        assert_eq!(b.moves(Side::Left), vec![Chop::Edge(0), Chop::Stalk]);
        assert_eq!(b.moves(Side::Right), vec![Chop::Edge(1), Chop::Edge(2), Chop::Stalk]);
        let after = b.play(Chop::Edge(1), Side::Right);
        assert_eq!(after.edges_left(), 1, "the red edge above falls too");
        // The weighing stalk r b b: Blue chops the top edge, Red the bottom.
        let s = b.play(Chop::Stalk, Side::Left);
        assert_eq!(s.stalk, 2);
        assert_eq!(b.play(Chop::Stalk, Side::Right).stalk, 0);
        // Pruning keeps only the top red edge of the stalk (own-colour fall).
        let t = Table::new(&h("stalk:brr"), &[], Play::Classical, true);
        assert_eq!(t.board().moves(Side::Right), vec![Chop::Edge(2)]);
        // Cycles: the general grounded test (a triangle on the ground).
        let t = Table::new(&h("0-1:b 1-2:r 2-0:r"), &[], Play::Classical, false);
        assert!(t.fall.is_none());
        let b = t.board().play(Chop::Edge(1), Side::Right);
        assert_eq!(b.edges_left(), 2);
        // Two-Move: pairs of one's own edges; fewer than two, no move.
        let t = Table::new(&h("0-1:b 0-2:b 0-3:b 0-4:r"), &[], Play::TwoMove, false);
        assert_eq!(t.board().moves(Side::Left).len(), 3);
        assert!(t.board().moves(Side::Right).is_empty());
        let mut rng = SplitMix64::new(3);
        for _ in 0..50 {
            match t.board().random_move(Side::Left, &mut rng) {
                Some(Chop::Pair(a, b)) => assert!(a != b && a < 3 && b < 3),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn listed_odds_match_played_out_playouts() {
        use crate::search::montecarlo::random_playout;
        for (pos, stalk, play) in [
            ("stalk:brrrr 0-9:r 9-10:b", vec![Colour::Red, Colour::Blue, Colour::Blue], Play::Classical),
            ("0-1:b 1-2:r 2-0:r 2-3:b 0-4:g", vec![], Play::Classical),
            ("0-1:b 0-2:b 0-3:b 3-4:r 0-5:r 5-6:r", vec![], Play::TwoMove),
        ] {
            let t = Table::with_odds(&h(pos), &stalk, play, false);
            assert!(t.has_odds());
            let mut rng = SplitMix64::new(9);
            let n = 40_000;
            for side in Side::BOTH {
                let p = t.board().playout_odds(side).unwrap();
                let won = (0..n).filter(|_| random_playout(&t.board(), side, &mut rng) == side).count();
                let f = won as f64 / n as f64;
                let sd = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
                assert!((f - p).abs() < 5.0 * sd, "{pos} {side} to move: odds {p}, played {f}");
            }
        }
    }

    /// Koene's (2024) Table 4 (its figures are lost): Two-Move positions of each
    /// value, found by the exact Two-Move search, and their outcome classes
    /// by Pure Monte Carlo at the thesis's 100 iterations x 100 playouts;
    /// then the public vectors' Two-Move positions.
    #[test]
    fn two_move_outcome_classes_by_pure_monte_carlo() {
        use crate::canonical::Canon;
        let rows = [
            ("stalk:b", "0", Outcome::P),
            ("stalk:b stalk:rbr", "*", Outcome::N),
            ("stalk:brbb stalk:rbrr", "*2", Outcome::N),
            ("stalk:rb stalk:brbb", "^*", Outcome::N),
            ("stalk:br stalk:rbrr", "v*", Outcome::N),
            ("stalk:b stalk:brr", "1/2", Outcome::L),
            ("stalk:b stalk:rrb", "-1/2", Outcome::R),
            ("stalk:bbb stalk:rbr", "1*", Outcome::L),
            ("stalk:brb stalk:rrr", "-1*", Outcome::R),
            // public vectors hack-two-move-*: one blue edge, two, blue + red.
            ("0-1:b", "0", Outcome::P),
            ("0-1:b 0-2:b", "1", Outcome::L),
            ("0-1:b 0-2:r", "0", Outcome::P),
        ];
        let cfg = ScaleConfig { algo: Algo::Pure, playouts: 100, iterations: 100, ..ScaleConfig::default() };
        let mut canon = Canon::new();
        for (pos, value, class) in rows {
            let v = h(pos).value(&mut canon, super::super::Rules::TwoMove, 1 << 16).unwrap();
            assert_eq!(canon.name(v), value, "{pos}");
            for t in [Table::with_odds(&h(pos), &[], Play::TwoMove, false), Table::new(&h(pos), &[], Play::TwoMove, false)] {
                let r = outcome_class(&t, &cfg, 0, &mut |_, _| true).unwrap();
                assert_eq!(r.class, class, "{pos} = {value}: rates {} {}", r.blue_rate, r.red_rate);
            }
        }
    }

    #[test]
    fn margin_and_test_rules() {
        let m = ClassRule::Margin(0.4);
        assert_eq!(m.classify(0.0, 0.0, 100), Outcome::P);
        assert_eq!(m.classify(1.0, 1.0, 100), Outcome::N);
        assert_eq!(m.classify(0.9, 0.1, 100), Outcome::L);
        assert_eq!(m.classify(0.1, 0.9, 100), Outcome::R);
        // The thesis's trap (Table 3): 0.45 vs 0 is neither P nor L.
        assert_eq!(m.classify(0.45, 0.0, 100), Outcome::R);
        let t = ClassRule::Test(3.0);
        assert_eq!(t.classify(0.45, 0.0, 100), Outcome::L);
        assert_eq!(t.classify(0.1, 0.08, 100), Outcome::P);
        assert_eq!(t.classify(0.93, 0.95, 100), Outcome::N);
        assert_eq!(t.classify(0.0, 0.0, 100), Outcome::P);
    }

    #[test]
    fn the_scale_method_weighs_stalks_and_is_reproducible() {
        let cfg = ScaleConfig { playouts: 20, iterations: 200, ..ScaleConfig::default() };
        for (pos, want) in [("stalk:br", "1/2"), ("stalk:brr", "1/4"), ("stalk:rbb", "-1/4"), ("stalk:bb", "2"), ("0-1:b 0-2:r", "0")] {
            let r = run(pos, cfg);
            assert_eq!(r.estimate.map(|e| e.to_string()).as_deref(), Some(want), "{pos}: {:?}", r.steps);
            assert!(!r.failed);
        }
        let a = run("stalk:brrr", cfg);
        assert_eq!(a, run("stalk:brrr", cfg), "seeded");
        assert_eq!(a.steps.iter().map(|s| s.stalk.as_str()).collect::<Vec<_>>(), ["", "r", "rb", "rbb", "rbbb"]);
        // A green edge is N at once: the thesis's `*`.
        assert_eq!(run("0-1:g", cfg).estimate, Some(Estimate::Star));
        // Pure Monte Carlo too.
        let pure = ScaleConfig { algo: Algo::Pure, playouts: 10, iterations: 50, ..cfg };
        assert_eq!(run("stalk:brr", pure).estimate.map(|e| e.to_string()).as_deref(), Some("1/4"));
    }

    #[test]
    fn the_safeguard_is_a_failure_not_a_value() {
        // A margin no rate can pass (nothing is P): the stalk runs away.
        let cfg = ScaleConfig { playouts: 5, iterations: 20, rule: ClassRule::Margin(0.0), max_stalk: 4, ..ScaleConfig::default() };
        let r = run("stalk:br", cfg);
        assert!(r.failed);
        assert_eq!(r.estimate, None);
        assert!(r.steps.len() >= 5);
    }

    #[test]
    fn bisection_probes_the_thesis_stalks_below_one_and_gallops_above() {
        // Inside (-1, 1) both walks weigh the same stalks with the same
        // seeds, so the runs are the same.
        for pos in ["stalk:brrb", "stalk:rbbbr", "stalk:brbrb"] {
            let cfg = ScaleConfig { algo: Algo::Pure, playouts: 40, iterations: 40, prune: true, ..ScaleConfig::default() };
            assert_eq!(run(pos, ScaleConfig { bisect: true, ..cfg }), run(pos, cfg), "{pos}");
        }
        // 23/2 (a stalk of 12 blue edges and a red): the thesis's walk
        // adds an edge per weighing, bisection probes 0 1 2 4 8 16 12 10 11
        // 23/2.
        let pos = format!("stalk:{}r", "b".repeat(12));
        let cfg = ScaleConfig { algo: Algo::Pure, playouts: 60, iterations: 60, prune: true, ..ScaleConfig::default() };
        let thesis = run(&pos, cfg);
        let bisect = run(&pos, ScaleConfig { bisect: true, ..cfg });
        assert_eq!(bisect.estimate, Some(Estimate::Number(Q::frac(23, 2))));
        assert_eq!(thesis.estimate, bisect.estimate);
        let probes: Vec<String> = bisect.steps.iter().map(|s| (-super::super::stalk_value(&s.stalk).unwrap()).to_string()).collect();
        assert_eq!(probes, ["0", "1", "2", "4", "8", "16", "12", "10", "11", "23/2"]);
        assert_eq!(thesis.steps.len(), 14);
        // Negative values gallop the other way.
        let r = run(&format!("stalk:{}", "r".repeat(6)), ScaleConfig { bisect: true, ..cfg });
        assert_eq!(r.estimate, Some(Estimate::Number(Q::from_int(-6))));
        assert_eq!(r.bounds(), (Some(Q::from_int(-8)), Some(Q::from_int(-4))));
    }

    #[test]
    fn the_bounds_bracket_a_failed_run() {
        // Too short a safeguard for 23/2: the run fails, the weighings
        // still bracket the value.
        let pos = format!("stalk:{}r", "b".repeat(12));
        for bisect in [false, true] {
            let cfg = ScaleConfig { algo: Algo::Pure, playouts: 60, iterations: 60, prune: true, max_stalk: 9, bisect, ..ScaleConfig::default() };
            let r = run(&pos, cfg);
            assert!(r.failed && r.estimate.is_none(), "bisect {bisect}");
            let (lo, hi) = r.bounds();
            let v = Q::frac(23, 2);
            assert!(lo.as_ref().is_some_and(|l| l < &v), "bisect {bisect}: {lo:?}");
            assert!(hi.as_ref().is_none_or(|h| &v < h), "bisect {bisect}: {hi:?}");
        }
    }

    #[test]
    fn cancelling_stops_the_run() {
        let cfg = ScaleConfig { playouts: 50, iterations: 100, ..ScaleConfig::default() };
        let mut calls = 0;
        let r = scale(&h("stalk:brrr"), &cfg, &mut |_| {}, &mut |_| {
            calls += 1;
            calls < 30
        });
        assert_eq!(r, Err(Cancelled));
        assert_eq!(calls, 30);
    }

    #[test]
    fn parts_are_weighed_once_each() {
        let cfg = ScaleConfig { playouts: 20, iterations: 200, components: true, ..ScaleConfig::default() };
        let r = run("stalk:brr stalk:brr stalk:rb", cfg);
        assert_eq!(r.estimate.map(|e| e.to_string()).as_deref(), Some("0"));
        assert_eq!(r.parts.len(), 3);
        // Two distinct parts: 1/4 takes 4 weighings ("", r, rb, rbb) and
        // -1/2 three ("", b, br); the second 1/4 comes from the cache.
        assert_eq!(r.steps.len(), 7);
    }
}
