//! Temperature Discovery Search (TDS): the mean and temperature of a game
//! from minimax searches of the game played beside a coupon stack.
//!
//! Source: M. Müller, M. Enzenberger and J. Schaeffer, "Temperature
//! Discovery Search", AAAI 2004, pp. 658-663, after Berlekamp's enriched
//! environment (Coupon Go: a stack of coupons of evenly spaced values, the
//! largest on top; a player either moves in the game or takes the top
//! coupon). The paper's idea: embed G in such an environment; optimal play
//! starts in the environment and must eventually switch to G; the
//! temperature is found from where that switch must happen, the mean from
//! the minimax score. We had the paper's abstract and Müller's summary page
//! (the temperature is "the lowest possible temperature at which this switch
//! must happen in order to preserve the minimax score"), not its full text:
//! the formulas below are this module's reading, with its own proof of
//! exactness, not a transcription. TDS+ (Zhang and Müller, AAAI 2015) is not
//! implemented.
//!
//! # The reading implemented
//!
//! Coupon spacing `δ > 0` ([`TdsConfig::delta`]). `C(t)`, for `t` a multiple
//! of `2δ`, is the stack of coupons `t, t - δ, ..., 2δ, δ` (an even number).
//! A state is `(H, k, mover)`: a position `H` of the game, the `k` lowest
//! coupons still on the stack, whose turn it is. The mover takes the top
//! coupon (worth `kδ` to him), or moves in `H`; at a terminal of the game
//! the rest of the stack is taken in turn. The score is the terminal's
//! value plus the coupons, Left's counted `+`, Right's `-`. With the stack
//! empty a player must move in `H`, and a player with no move there passes
//! (no player can move and no value: 0, as [`crate::search::mt::outcome`]).
//! `V_L(H, k)`, `V_R(H, k)` are the minimax scores with Left / Right to
//! move. The stack alone is worth `±⌈k/2⌉δ` to the first player, so with
//! `D_L = V_L - ⌈k/2⌉δ` and `D_R = V_R + ⌈k/2⌉δ` (the game's share) the
//! recursion is exactly taxed minimax:
//!
//! ```text
//! D_L(H,k) = max( D_R(H,k-1),  max_{H^L} D_R(H^L,k) - t_k )     t_k = 2⌈k/2⌉δ
//! D_R(H,k) = min( D_L(H,k-1),  min_{H^R} D_L(H^R,k) + t_k )
//! ```
//!
//! (the first option is the coupon). TDS reports
//!
//! - **mean** `m = V_L(G + C(T)) - T/2`, for the first top `T` of the
//!   doubling sequence ([`TdsConfig::top`], `2T`, `4T`, ...) where also
//!   `V_R(G + C(T)) + T/2 = m` (Left first and Right first agree: the
//!   environment is hotter than G);
//! - **temperature** `τ = min { t ∈ 2δ·N : V_L(G + C(t)) - t/2 <= m and
//!   V_R(G + C(t)) + t/2 >= m }`: the smallest stack at which neither first
//!   player gains by switching into G before the stack is used up. Below it
//!   the first player strictly prefers a move in G to the top coupon (the
//!   switch), at and above it the coupon is as good for both. Found by
//!   binary search with null-window tests between the last top that failed
//!   and the first that held.
//!
//! # Why it is exact (and when it is not)
//!
//! **Theorem.** Let LW, RW be the thermograph walls (this crate's
//! [`crate::thermograph`], sub-zero from `t = -1`) and SL, SR the scaffolds.
//! Suppose
//!
//! - (C0) every non-terminal subposition H of G has `SL_H(0) >= SR_H(0)`:
//!   Left moving first in H alone (plain minimax to a terminal) scores at
//!   least as much as Right moving first. Only a subposition that is a
//!   number with a gap between its stops, such as `{3|5}` or `{3|}`, breaks
//!   it; hot and tepid subpositions satisfy it;
//! - (C1) every subposition's temperature that is `>= 0` is a multiple of
//!   `2δ`.
//!
//! Then `D_L(H,k) = LW_H(t_k)` and `D_R(H,k) = RW_H(t_k)` for every H and k.
//! Proof by induction over H and k. Terminals: both sides are the value. For
//! `t >= 0`, SL is non-increasing and SR non-decreasing (the walls' slopes
//! are -1/0 and 0/+1), `RW <= m <= LW`, `SL(τ) = SR(τ) = m` (for a number
//! subposition `τ < 0`, (C0) gives `SL(0) = SR(0) = m`), and `SL > SR`
//! below τ. By induction the game moves give `SL(t_k)` / `SR(t_k)`, the
//! coupon `RW(t_{k-1})` / `LW(t_{k-1})` with `t_{k-1} ∈ {t_k, t_k - 2δ}`.
//! If `t_k < τ`: `max(RW(t_{k-1}), SL(t_k)) = SL(t_k) = LW(t_k)` since
//! `RW <= m <= SL(t_k)`. If `t_k >= τ`: the max is `<= m`, and `= m` because
//! either `t_{k-1} >= τ` (so `RW(t_{k-1}) = m`) or `t_{k-1} < τ <= t_k`,
//! where (C1) forces `τ = t_k` and `SL(τ) = m`. At `k = 0` there is no
//! coupon: `SL(0) = LW(0)` if `τ > 0`, and (C0) covers `τ <= 0`. Right's
//! side is the mirror. ∎ So at `t = 2jδ` (k = 2j): `V_L(G + C(t)) - t/2 =
//! LW(t)` and `V_R(G + C(t)) + t/2 = RW(t)`, Berlekamp's "score = wall +
//! half the stack", exactly. Both equal m iff `t >= τ`, so the mean is read
//! at any top above τ and τ itself (a multiple of 2δ by C1) is the smallest
//! such t. Without (C1) a subposition whose temperature falls between two
//! levels leaves an error of about δ that its coupon chain carries up to
//! every higher level: Left first and Right first may then disagree at
//! every top, contradict the walls' shape, or agree on a wrong answer.
//! [`TdsConfig::verify`] guards against the last: an exact answer with
//! τ > 0 is searched again with spacing δ/2 and kept only if both agree.
//! If (C1) holds for δ it holds for δ/2, and both give the thermograph's
//! values; a δ too coarse shows as a different answer, unless δ/2 is
//! wrong in the very same way: `14|2|||-2||-14|-16` (τ = 33/4, needing
//! δ = 1/8) answers mean 0 and temperature 8 at both δ = 1 and δ = 1/2,
//! while δ = 1/4 is caught. A check, not a proof. The run at δ/2 costs
//! about 2-4 times the run at δ.
//!
//! **Heap-go.** Terminal values are integers, so by the same wall algebra a
//! position of height h has temperature in `2^-h·Z`: δ = 2^-(h+1) always
//! suffices, but far less is needed in practice. Measured over every
//! subposition of random sums (an independent model of the rules outside
//! this repository; 200 sums each of 3,3 and 3,2,2, about 40 of 3,3,3 and
//! 10 each of 4,4,4, 5,5 and 7,7): 3,3 / 3,2,2 / 3,3,3 never needed more
//! than quarters (δ = 1/8), 4,4,4 eighths, 5,5 and 7,7 up to 1/16 and
//! 1/32, and one 7,7 sum has temperature 981/64 itself (it needs δ =
//! 1/128; δ = 1/64 answers 491/32 without `verify`, and `verify` catches
//! it). (C0) held at every subposition of 1,100 random sums (3,3 /
//! 2,2,1,1 / 3,3,3). The default δ = 1/64 was exact on 10 random sums each
//! of 3,3 / 3,2,2 / 3,3,3 / 4,4,4 / 5,5 / 7,7; δ = 1/8 gave 9 wrong answers
//! out of the 20 sums of 4,4,4 and 7,7, all reported as exact without
//! `verify` and all caught with it. Use `verify` (or a finer δ) on sums
//! deeper than the small classes. `tests/tds.rs` checks the answers
//! against [`crate::rulesets::heapgo::HeapGo::analyse`].
//!
//! **What is reported otherwise.** A terminal root is a number: its exact
//! thermograph mean and temperature (`-1`, or `-1/2^k` for `p/2^k`). A game
//! whose stops are equal (`τ <= 0`: tepid games such as `*` or `x + ↑`, and
//! numbers with moves such as `{-6*|-6*}`) is reported with temperature 0
//! and its stop as mean: right for non-numbers; for such a number the
//! thermograph's temperature is negative, which minimax cannot see. A
//! number with a gap between its stops (`{0|1}`) breaks (C0) and is
//! reported as not exact ([`TdsStop::Inconsistent`] or
//! [`TdsStop::NoMast`]: the doubling of the top stops once it reaches the
//! spread of the terminal values seen plus 1, twice the most a temperature
//! can be under (C0), plus 1).
//!
//! # The search
//!
//! Fail-soft alpha-beta with a transposition table, iterative (an explicit
//! stack of frames: the coupon chain makes lines `2T/δ` moves deep). Three
//! things make it cheaper than the plain coupon game, all valid under (C0)
//! and (C1) (the theorem: the shares are the walls at `t_k`):
//!
//! - the table is keyed by (position, level `j = ⌈k/2⌉`, mover) and holds
//!   bounds of the game's share `D`, not of the score: heights `2j - 1` and
//!   `2j` have the same tax `t_k = 2jδ`, so the same share;
//! - bounds across levels from the walls' shape, per position: `D_L >= m >=
//!   D_R` at every level, LW non-increasing and RW non-decreasing in t. So
//!   a proved upper bound of Left's share anywhere bounds m (and Left's
//!   share at every higher level), a proved lower bound of Right's share
//!   likewise; a move in G at a level far above its temperature is refuted
//!   by the option's mean bound alone, without walking its coupon chain,
//!   and once Left's (Right's) bound meets m's the share is m from that
//!   level up. Bounds that contradict each other stop the run as
//!   [`TdsStop::Inconsistent`];
//! - move order: the table's best move, the position's last best move for
//!   that mover (any level), the coupon, then the game's children in the
//!   [`MtGame`] order.
//!
//! The mean is searched with a full window at tops 1, 2, 4, ... (rounded up
//! to multiples of 2δ; [`TdsConfig::top`] changes the first); the
//! temperature by binary search over the levels between the last top that
//! failed and the first that held, two null-window tests per level (Left
//! first: is the score `> m + t/2`? Right first: `< m - t/2`?). The table
//! is kept throughout.
//!
//! # Counting and the budget
//!
//! A **node** is one visit of a state `(H, k, mover)` by the alpha-beta
//! search, counted when the search enters it, whether it is a terminal, is
//! answered by the table or the cross-level bounds, or is expanded; every
//! search TDS runs (the means at each top, the null-window temperature
//! tests, the verification) adds to the same count, and the budget
//! ([`TdsConfig::budget`]) caps it. MT-search's unit is different: a path
//! added, i.e. one terminal the application was asked for.
//! [`TdsResult::positions`] counts the distinct positions of G generated
//! (children are generated a side at a time, all of a side's children when
//! that side is first expanded). Positions are table keys, so they must be
//! `Eq + Hash`.
//!
//! When the budget stops it, [`TdsResult::exact`] is false and the result
//! holds what was proved so far, valid under (C0)/(C1): after a top T where
//! the two first players still disagreed, `D_R <= m <= D_L` and `τ >= T`;
//! during the temperature search, the exact mean and `lo <= τ <= hi`. The
//! point estimates are the middle of finite bounds (a lower bound alone for
//! an open temperature interval; 0 when nothing is known).

use crate::numbers::{ExtQ, Q};
use crate::search::mt::MtGame;
use crate::side::Side;
use crate::thermograph::number_temperature;
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::Hash;

/// How TDS runs. Every field has a default; runs are deterministic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TdsConfig {
    /// Most search nodes (state visits, see the module docs); `None`: no limit.
    pub budget: Option<usize>,
    /// Coupon spacing δ (> 0). The answer is exact when every subposition's
    /// non-negative temperature is a multiple of 2δ (module docs).
    pub delta: Q,
    /// Top coupon of the first stack (rounded up to a multiple of 2δ);
    /// doubled until Left first and Right first agree. `None`: 1.
    pub top: Option<Q>,
    /// Run again with spacing δ/2 and report an answer (τ > 0) as exact
    /// only if both runs give it ([`TdsStop::Unverified`] otherwise). A
    /// check of (C1), which a too coarse δ can break without a
    /// contradiction showing. On by default: a typed game such as
    /// `{1/3|0}` (temperature 1/6, on no dyadic grid) otherwise comes out
    /// as 3/16 marked exact.
    pub verify: bool,
}

impl Default for TdsConfig {
    fn default() -> TdsConfig {
        TdsConfig { budget: None, delta: Q::frac(1, 64), top: None, verify: true }
    }
}

impl TdsConfig {
    /// The defaults with a node budget.
    pub fn with_budget(budget: usize) -> TdsConfig {
        TdsConfig { budget: Some(budget), ..TdsConfig::default() }
    }
}

/// Why a result is not exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TdsStop {
    /// The node budget ran out.
    Budget,
    /// Left first and Right first never agreed up to this top coupon:
    /// (C0) or (C1) of the module docs fails (or the terminals seen
    /// understate the spread).
    NoMast { top: Q },
    /// Proved bounds contradicted the walls' shape (Left's share below
    /// Right's): (C0) or (C1) of the module docs fails.
    Inconsistent,
    /// With [`TdsConfig::verify`]: half the coupon spacing gave this other
    /// answer, so (C1) fails for the spacing asked for.
    Unverified { mean: Q, temperature: Q },
}

impl fmt::Display for TdsStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TdsStop::Budget => write!(f, "the node budget ran out"),
            TdsStop::NoMast { top } => {
                write!(f, "Left first and Right first still disagree with the top coupon at {top} (coupons too coarse, or a subposition is a number with a gap between its stops)")
            }
            TdsStop::Inconsistent => {
                write!(f, "the searches contradict the walls' shape (coupons too coarse, or a subposition is a number with a gap between its stops)")
            }
            TdsStop::Unverified { mean, temperature } => {
                write!(f, "half the coupon spacing gives mean {mean} and temperature {temperature}: the coupons are too coarse")
            }
        }
    }
}

/// What TDS found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TdsResult {
    /// The temperature (exact if `exact`; else the estimate).
    pub temperature: Q,
    /// The mean (exact if `exact`; else the estimate).
    pub mean: Q,
    /// State visits of every search run (the budget's unit).
    pub nodes: usize,
    /// The search finished and Left first and Right first agreed.
    pub exact: bool,
    /// Distinct positions of the game generated.
    pub positions: usize,
    /// Bounds of the mean (equal when exact).
    pub mean_bounds: (ExtQ, ExtQ),
    /// Bounds of the temperature (equal when exact, but for a root with
    /// equal stops: `(-1, 0)`, reported 0).
    pub temperature_bounds: (ExtQ, ExtQ),
    /// Top coupon of the last stack whose mean was searched (0 for a terminal).
    pub top: Q,
    /// The coupon spacing used.
    pub delta: Q,
    /// Why the result is not exact (`None` when it is).
    pub stopped: Option<TdsStop>,
}

/// Why TDS refused to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TdsError {
    /// The coupon spacing must be positive.
    BadDelta { delta: Q },
    /// The first top coupon must be positive.
    BadTop { top: Q },
    /// The stack would need more coupons than a search can index.
    TooManyCoupons { top: Q, delta: Q },
}

impl fmt::Display for TdsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TdsError::BadDelta { delta } => write!(f, "coupon spacing {delta}: expected a positive number"),
            TdsError::BadTop { top } => write!(f, "top coupon {top}: expected a positive number"),
            TdsError::TooManyCoupons { top, delta } => {
                write!(f, "a stack up to {top} in steps of {delta} has more than {MAX_COUPONS} coupons")
            }
        }
    }
}
impl std::error::Error for TdsError {}

/// Most coupons on a stack (heights are `u32`, with room for the side bit).
const MAX_COUPONS: u64 = 1 << 30;

/// Move codes in a frame: the coupon, a pass, child `i` (1-based) otherwise.
const COUPON: u32 = 0;
const PASS: u32 = u32::MAX;
const NO_MOVE: u32 = u32::MAX - 1;

/// Temperature Discovery Search on `game` (module docs: the reading, why it
/// is exact, what a budget-stopped result holds). With
/// [`TdsConfig::verify`], an exact answer is searched again with half the
/// coupon spacing and kept only if both agree.
pub fn tds<G: MtGame>(game: &G, config: &TdsConfig) -> Result<TdsResult, TdsError>
where
    G::Node: Eq + Hash,
{
    let mut out = tds_once(game, config)?;
    if !config.verify || !out.exact || !out.temperature.is_positive() {
        // Nothing to verify: not exact, a terminal, or equal stops (read at
        // an empty stack, whatever the spacing).
        return Ok(out);
    }
    let budget = config.budget.map(|b| b.saturating_sub(out.nodes));
    let finer = tds_once(game, &TdsConfig { budget, delta: config.delta.half(), top: config.top.clone(), verify: false })?;
    out.nodes += finer.nodes;
    out.positions = out.positions.max(finer.positions);
    if !finer.exact {
        out.exact = false;
        out.stopped = finer.stopped;
    } else if (&finer.mean, &finer.temperature) != (&out.mean, &out.temperature) {
        // The bounds came from the same hypothesis: none are left.
        out.exact = false;
        out.stopped = Some(TdsStop::Unverified { mean: finer.mean, temperature: finer.temperature });
        out.mean_bounds = (ExtQ::NegInf, ExtQ::PosInf);
        out.temperature_bounds = (ExtQ::NegInf, ExtQ::PosInf);
    }
    Ok(out)
}

/// One run with the config's coupon spacing.
fn tds_once<G: MtGame>(game: &G, config: &TdsConfig) -> Result<TdsResult, TdsError>
where
    G::Node: Eq + Hash,
{
    let delta = config.delta.clone();
    if !delta.is_positive() {
        return Err(TdsError::BadDelta { delta });
    }
    let step = &delta + &delta;
    let first = match &config.top {
        Some(t) if !t.is_positive() => return Err(TdsError::BadTop { top: t.clone() }),
        Some(t) => t.clone(),
        None => Q::one(),
    };
    // Stack heights are 2j for a top coupon jΔ (Δ = 2δ).
    let levels = |t: &Q| -> Result<u64, TdsError> {
        let j = t.checked_div(&step).map(|x| x.ceil()).unwrap_or_else(Q::one);
        let too_many = || TdsError::TooManyCoupons { top: t.clone(), delta: delta.clone() };
        let j = u64::try_from(j.numer()).map_err(|_| too_many())?;
        if 2 * j.max(1) > MAX_COUPONS {
            return Err(too_many());
        }
        Ok(j.max(1))
    };
    let mut j = levels(&first)?;

    let mut s = Search::new(game, delta.clone(), config.budget);
    let root = s.intern(game.root());
    let terminal = s.pos[root as usize].value.clone();
    if let Some(x) = terminal.filter(|_| config.budget != Some(0)) {
        let t = number_temperature(&x);
        return Ok(TdsResult {
            temperature: t.clone(),
            mean: x.clone(),
            nodes: 1,
            exact: true,
            positions: 1,
            mean_bounds: (ExtQ::Finite(x.clone()), ExtQ::Finite(x)),
            temperature_bounds: (ExtQ::Finite(t.clone()), ExtQ::Finite(t)),
            top: Q::zero(),
            delta,
            stopped: None,
        });
    }

    let mut out = Partial { mean: (ExtQ::NegInf, ExtQ::PosInf), temp: (ExtQ::NegInf, ExtQ::PosInf), top: Q::zero(), delta: delta.clone() };
    let level_q = |j: u64| -> Q { &Q::from_int(j as i64) * &step };
    let stack_half = |j: u64| -> Q { &Q::from_int(j as i64) * &delta };

    // The mean: double the top until Left first and Right first agree.
    let mut below: Option<u64> = None; // a top level known to be below τ
    let m = loop {
        out.top = level_q(j);
        let k = (2 * j) as u32;
        let vl = match s.search(root, k, Side::Left, ExtQ::NegInf, ExtQ::PosInf) {
            Ok(v) => v,
            Err(stop) => return Ok(out.finish(&s, Some(stop))),
        };
        let vr = match s.search(root, k, Side::Right, ExtQ::NegInf, ExtQ::PosInf) {
            Ok(v) => v,
            Err(stop) => return Ok(out.finish(&s, Some(stop))),
        };
        let dl = &vl - &stack_half(j);
        let dr = &vr + &stack_half(j);
        if dl == dr {
            out.mean = (ExtQ::Finite(dl.clone()), ExtQ::Finite(dl.clone()));
            out.temp.1 = ExtQ::Finite(level_q(j));
            break dl;
        }
        if dl < dr {
            // LW >= RW always: a broken hypothesis.
            return Ok(out.finish(&s, Some(TdsStop::Inconsistent)));
        }
        out.mean = (ExtQ::Finite(dr), ExtQ::Finite(dl));
        out.temp.0 = ExtQ::Finite(level_q(j));
        below = Some(j);
        let spread = s.leaf_range.as_ref().map_or_else(Q::zero, |(a, b)| b - a);
        if level_q(j) >= &spread + &Q::one() || 4 * j > MAX_COUPONS {
            return Ok(out.finish(&s, Some(TdsStop::NoMast { top: level_q(j) })));
        }
        j *= 2;
    };

    // The temperature: the smallest level where both agree with m.
    let mut hi = j;
    let mut lo = match below {
        Some(b) => b,
        None => {
            match s.settled(root, 0, &m, &stack_half(0)) {
                Ok(true) => {
                    // Equal stops: tepid (temperature 0) or a number (< 0).
                    out.temp = (ExtQ::Finite(Q::from_int(-1)), ExtQ::Finite(Q::zero()));
                    return Ok(out.finish_exact(&s, m, Q::zero()));
                }
                Ok(false) => 0,
                Err(stop) => return Ok(out.finish(&s, Some(stop))),
            }
        }
    };
    out.temp.0 = ExtQ::Finite(level_q(lo));
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match s.settled(root, mid, &m, &stack_half(mid)) {
            Ok(true) => hi = mid,
            Ok(false) => lo = mid,
            Err(stop) => return Ok(out.finish(&s, Some(stop))),
        }
        out.temp = (ExtQ::Finite(level_q(lo)), ExtQ::Finite(level_q(hi)));
    }
    let t = level_q(hi);
    out.temp = (ExtQ::Finite(t.clone()), ExtQ::Finite(t.clone()));
    Ok(out.finish_exact(&s, m, t))
}

/// What is known so far, turned into a result.
struct Partial {
    mean: (ExtQ, ExtQ),
    temp: (ExtQ, ExtQ),
    top: Q,
    delta: Q,
}

impl Partial {
    fn finish<G: MtGame>(self, s: &Search<G>, stopped: Option<TdsStop>) -> TdsResult
    where
        G::Node: Eq + Hash,
    {
        let mid = |b: &(ExtQ, ExtQ)| match b {
            (ExtQ::Finite(a), ExtQ::Finite(c)) => (a + c).half(),
            (ExtQ::Finite(a), _) | (_, ExtQ::Finite(a)) => a.clone(),
            _ => Q::zero(),
        };
        let (temperature, mean) = (mid(&self.temp), mid(&self.mean));
        let (mut mean_bounds, mut temperature_bounds) = (self.mean, self.temp);
        if stopped == Some(TdsStop::Inconsistent) {
            // The bounds rest on the hypotheses just seen to fail.
            mean_bounds = (ExtQ::NegInf, ExtQ::PosInf);
            temperature_bounds = (ExtQ::NegInf, ExtQ::PosInf);
        }
        TdsResult {
            temperature,
            mean,
            nodes: s.nodes,
            exact: stopped.is_none(),
            positions: s.pos.len(),
            mean_bounds,
            temperature_bounds,
            top: self.top,
            delta: self.delta,
            stopped,
        }
    }
    fn finish_exact<G: MtGame>(self, s: &Search<G>, mean: Q, temperature: Q) -> TdsResult
    where
        G::Node: Eq + Hash,
    {
        let mut r = self.finish(s, None);
        r.mean = mean;
        r.temperature = temperature;
        r
    }
}

/// Why a search stopped early (the `TdsStop` it becomes).
type Stopped = TdsStop;

/// A position of the game, its value if terminal, its children by side
/// (generated on first use) and the last best move found there per side.
struct Pos<N> {
    node: N,
    value: Option<Q>,
    kids: [Option<Vec<u32>>; 2],
    hist: [u32; 2],
    /// What the walls' shape proves about every level at once.
    known: Known,
}

/// Bounds of a position's shares that hold across levels (under (C0) and
/// (C1) the shares are the walls, `LW >= m >= RW`, LW non-increasing and
/// RW non-decreasing in t): `m_lo <= m <= m_hi`, so `D_L >= m_lo` and
/// `D_R <= m_hi` at every level; `left_hi = (j, u)`: `D_L <= u` at every
/// level from j up; `right_lo = (j, l)`: `D_R >= l` from j up. When
/// `left_hi`'s bound meets `m_lo`, Left's share is m from there up (the
/// wall has reached the mast), and likewise for Right.
#[derive(Default)]
struct Known {
    m_lo: Option<Q>,
    m_hi: Option<Q>,
    left_hi: Option<(u32, Q)>,
    right_lo: Option<(u32, Q)>,
}

impl Known {
    /// Bounds `(lower, upper)` of the share of `side` at level `j`.
    fn share(&self, side: Side, j: u32) -> (Option<&Q>, Option<&Q>) {
        fn from(b: &Option<(u32, Q)>, j: u32) -> Option<&Q> {
            b.as_ref().and_then(|(lvl, v)| (j >= *lvl).then_some(v))
        }
        match side {
            Side::Left => (self.m_lo.as_ref(), from(&self.left_hi, j)),
            Side::Right => (from(&self.right_lo, j), self.m_hi.as_ref()),
        }
    }
    /// Learn from a proved bound of the share: Left's upper bounds bound m
    /// from above, Right's lower bounds from below.
    fn learn(&mut self, side: Side, j: u32, lo: Option<&Q>, hi: Option<&Q>) {
        match (side, lo, hi) {
            (Side::Left, _, Some(u)) => {
                if self.m_hi.as_ref().is_none_or(|m| u < m) {
                    self.m_hi = Some(u.clone());
                }
                if self.left_hi.as_ref().is_none_or(|(lvl, v)| u < v || (u == v && j < *lvl)) {
                    self.left_hi = Some((j, u.clone()));
                }
            }
            (Side::Right, Some(l), _) => {
                if self.m_lo.as_ref().is_none_or(|m| l > m) {
                    self.m_lo = Some(l.clone());
                }
                if self.right_lo.as_ref().is_none_or(|(lvl, v)| l > v || (l == v && j < *lvl)) {
                    self.right_lo = Some((j, l.clone()));
                }
            }
            _ => {}
        }
    }
}

/// Transposition table entry: bounds of the game's share `D` (the score
/// less the stack's) and the best move.
struct Entry {
    lo: Option<Q>,
    hi: Option<Q>,
    best: u32,
}

/// One state on the explicit stack.
struct Frame {
    id: u32,
    k: u32,
    side: Side,
    alpha: ExtQ,
    beta: ExtQ,
    alpha0: ExtQ,
    beta0: ExtQ,
    best: Option<Q>,
    best_move: u32,
    moves: Vec<u32>,
    next: usize,
    /// The move being searched and what it adds to the child's score.
    in_flight: u32,
    offset: Q,
}

enum Enter {
    Value(Q),
    Frame(Frame),
}

struct Search<'g, G: MtGame> {
    game: &'g G,
    delta: Q,
    budget: Option<usize>,
    nodes: usize,
    pos: Vec<Pos<G::Node>>,
    index: FxHashMap<G::Node, u32>,
    tt: FxHashMap<u64, Entry>,
    /// Least and greatest terminal value generated.
    leaf_range: Option<(Q, Q)>,
    /// Proved bounds contradicted each other: (C0) or (C1) fails.
    broken: bool,
}

fn shifted(e: &ExtQ, d: &Q) -> ExtQ {
    match e {
        ExtQ::Finite(x) => ExtQ::Finite(x - d),
        inf => inf.clone(),
    }
}

/// Table key: position, level `j = ⌈k/2⌉` (heights 2j - 1 and 2j share
/// the tax `2jδ`, so the game's share is the same), mover.
fn key(id: u32, j: u32, side: Side) -> u64 {
    ((id as u64) << 32) | ((j as u64) << 1) | side.index() as u64
}

impl<'g, G: MtGame> Search<'g, G>
where
    G::Node: Eq + Hash,
{
    fn new(game: &'g G, delta: Q, budget: Option<usize>) -> Self {
        Search { game, delta, budget, nodes: 0, pos: Vec::new(), index: FxHashMap::default(), tt: FxHashMap::default(), leaf_range: None, broken: false }
    }

    fn intern(&mut self, node: G::Node) -> u32 {
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        let value = self.game.value(&node);
        if let Some(v) = &value {
            self.leaf_range = Some(match self.leaf_range.take() {
                None => (v.clone(), v.clone()),
                Some((a, b)) => (Q::min(&a, v), Q::max(&b, v)),
            });
        }
        let id = self.pos.len() as u32;
        self.pos.push(Pos { node: node.clone(), value, kids: [None, None], hist: [NO_MOVE; 2], known: Known::default() });
        self.index.insert(node, id);
        id
    }

    /// The children of `id` on `side` (generated once).
    fn kids(&mut self, id: u32, side: Side) -> usize {
        let s = side.index();
        if let Some(k) = &self.pos[id as usize].kids[s] {
            return k.len();
        }
        let node = self.pos[id as usize].node.clone();
        let mut out = Vec::new();
        let mut i = 1u32;
        while let Some(c) = self.game.child(&node, side, i) {
            out.push(self.intern(c));
            i += 1;
        }
        let n = out.len();
        self.pos[id as usize].kids[s] = Some(out);
        n
    }

    fn kid(&self, id: u32, side: Side, i: u32) -> u32 {
        self.pos[id as usize].kids[side.index()].as_ref().expect("generated")[i as usize - 1]
    }

    /// The rest of a stack of `k` coupons taken in turn, `side` first.
    fn stack_value(&self, k: u32, side: Side) -> Q {
        let v = &Q::from_int(k.div_ceil(2) as i64) * &self.delta;
        if side == Side::Left {
            v
        } else {
            -v
        }
    }

    /// Whether both first players agree with `m` at stack height 2j: the
    /// game's share `<= m` with Left first and `>= m` with Right first.
    fn settled(&mut self, root: u32, j: u64, m: &Q, half: &Q) -> Result<bool, Stopped> {
        let k = (2 * j) as u32;
        let x = m + half;
        let r = self.search(root, k, Side::Left, ExtQ::Finite(x.clone()), ExtQ::Finite(&x + &Q::one()))?;
        if r > x {
            return Ok(false);
        }
        let y = m - half;
        let r = self.search(root, k, Side::Right, ExtQ::Finite(&y - &Q::one()), ExtQ::Finite(y.clone()))?;
        Ok(r >= y)
    }

    /// Visit a state: its value at once (terminal, table, no move) or a frame.
    fn enter(&mut self, id: u32, k: u32, side: Side, alpha: ExtQ, beta: ExtQ) -> Result<Enter, Stopped> {
        if self.broken {
            return Err(TdsStop::Inconsistent);
        }
        if self.budget.is_some_and(|b| self.nodes >= b) {
            return Err(TdsStop::Budget);
        }
        self.nodes += 1;
        if let Some(x) = &self.pos[id as usize].value {
            return Ok(Enter::Value(x + &self.stack_value(k, side)));
        }
        // Bounds of the game's share D (the score less the stack's): the
        // table's for this level, and what holds at every level.
        let level = k.div_ceil(2);
        let entry = self.tt.get(&key(id, level, side));
        let (klo, khi) = self.pos[id as usize].known.share(side, level);
        let lo = match (entry.and_then(|e| e.lo.as_ref()), klo) {
            (Some(a), Some(b)) => Some(if a >= b { a } else { b }),
            (a, b) => a.or(b),
        };
        let hi = match (entry.and_then(|e| e.hi.as_ref()), khi) {
            (Some(a), Some(b)) => Some(if a <= b { a } else { b }),
            (a, b) => a.or(b),
        };
        let tt_best = entry.map_or(NO_MOVE, |e| e.best);
        if lo.is_some() || hi.is_some() {
            let ev = self.stack_value(k, side);
            if let (Some(l), Some(h)) = (lo, hi) {
                if l > h {
                    self.broken = true;
                    return Err(TdsStop::Inconsistent);
                }
                if l == h {
                    return Ok(Enter::Value(l + &ev));
                }
            }
            if let Some(l) = lo {
                let v = l + &ev;
                if ExtQ::Finite(v.clone()) >= beta {
                    return Ok(Enter::Value(v));
                }
            }
            if let Some(h) = hi {
                let v = h + &ev;
                if ExtQ::Finite(v.clone()) <= alpha {
                    return Ok(Enter::Value(v));
                }
            }
        }
        let n = self.kids(id, side) as u32;
        let valid = |m: u32| m != NO_MOVE && m != PASS && (if m == COUPON { k >= 1 } else { m <= n });
        let mut moves: Vec<u32> = Vec::with_capacity(n as usize + 2);
        for m in [tt_best, self.pos[id as usize].hist[side.index()]] {
            if valid(m) && !moves.contains(&m) {
                moves.push(m);
            }
        }
        for m in (if k >= 1 { 0 } else { 1 })..=n {
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
        if moves.is_empty() {
            // No coupon and no move: the other player moves, if he can.
            if self.kids(id, side.other()) == 0 {
                return Ok(Enter::Value(Q::zero()));
            }
            moves.push(PASS);
        }
        Ok(Enter::Frame(Frame {
            id,
            k,
            side,
            alpha0: alpha.clone(),
            beta0: beta.clone(),
            alpha,
            beta,
            best: None,
            best_move: NO_MOVE,
            moves,
            next: 0,
            in_flight: NO_MOVE,
            offset: Q::zero(),
        }))
    }

    /// Fail-soft alpha-beta: a result `<= alpha` bounds the score from
    /// above, `>= beta` from below; in between it is the score.
    fn search(&mut self, id: u32, k: u32, side: Side, alpha: ExtQ, beta: ExtQ) -> Result<Q, Stopped> {
        let mut stack: Vec<Frame> = match self.enter(id, k, side, alpha, beta)? {
            Enter::Value(v) => return Ok(v),
            Enter::Frame(f) => vec![f],
        };
        let mut ret: Option<Q> = None;
        loop {
            let f = stack.last_mut().expect("a frame");
            let mut cut = false;
            if let Some(r) = ret.take() {
                let v = &r + &f.offset;
                if f.best.as_ref().is_none_or(|b| f.side.prefers(&v, b)) {
                    f.best = Some(v.clone());
                    f.best_move = f.in_flight;
                }
                let v = ExtQ::Finite(v);
                match f.side {
                    Side::Left if v > f.alpha => f.alpha = v,
                    Side::Right if v < f.beta => f.beta = v,
                    _ => {}
                }
                cut = f.alpha >= f.beta;
            }
            if !cut && f.next < f.moves.len() {
                let m = f.moves[f.next];
                f.next += 1;
                let (fid, fk, fside) = (f.id, f.k, f.side);
                let (cid, ck, offset) = match m {
                    COUPON => {
                        let c = &Q::from_int(fk as i64) * &self.delta;
                        (fid, fk - 1, if fside == Side::Left { c } else { -c })
                    }
                    PASS => (fid, fk, Q::zero()),
                    i => (self.kid(fid, fside, i), fk, Q::zero()),
                };
                let (a, b) = (shifted(&f.alpha, &offset), shifted(&f.beta, &offset));
                f.in_flight = m;
                f.offset = offset;
                match self.enter(cid, ck, fside.other(), a, b)? {
                    Enter::Value(v) => ret = Some(v),
                    Enter::Frame(nf) => stack.push(nf),
                }
                continue;
            }
            let f = stack.pop().expect("a frame");
            let best = f.best.expect("every frame has a move");
            let fb = ExtQ::Finite(best.clone());
            let d = &best - &self.stack_value(f.k, f.side);
            let level = f.k.div_ceil(2);
            let e = self.tt.entry(key(f.id, level, f.side)).or_insert(Entry { lo: None, hi: None, best: NO_MOVE });
            if fb <= f.alpha0 {
                e.hi = Some(e.hi.take().map_or(d.clone(), |h| Q::min(&h, &d)));
            } else if fb >= f.beta0 {
                e.lo = Some(e.lo.take().map_or(d.clone(), |l| Q::max(&l, &d)));
            } else {
                e.lo = Some(d.clone());
                e.hi = Some(d);
            }
            e.best = f.best_move;
            let (lo, hi) = (e.lo.clone(), e.hi.clone());
            let p = &mut self.pos[f.id as usize];
            if f.best_move != PASS {
                p.hist[f.side.index()] = f.best_move;
            }
            p.known.learn(f.side, level, lo.as_ref(), hi.as_ref());
            let k = &p.known;
            if matches!((&lo, &hi), (Some(l), Some(h)) if l > h) || matches!((&k.m_lo, &k.m_hi), (Some(l), Some(h)) if l > h) {
                self.broken = true;
            }
            if self.broken {
                return Err(TdsStop::Inconsistent);
            }
            if stack.is_empty() {
                return Ok(best);
            }
            ret = Some(best);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::GameTree;

    fn run(text: &str, delta: Q) -> TdsResult {
        let g: GameTree = text.parse().unwrap();
        tds(&g, &TdsConfig { delta, ..TdsConfig::default() }).unwrap()
    }

    #[test]
    fn a_switch() {
        let r = run("{3|-1}", Q::frac(1, 2));
        assert_eq!((r.mean, r.temperature, r.exact), (Q::one(), Q::from_int(2), true));
    }

    #[test]
    fn bad_config_is_an_error() {
        let g: GameTree = "{3|-1}".parse().unwrap();
        let e = tds(&g, &TdsConfig { delta: Q::zero(), ..TdsConfig::default() }).unwrap_err();
        assert_eq!(e.to_string(), "coupon spacing 0: expected a positive number");
        let e = tds(&g, &TdsConfig { top: Some(Q::from_int(-1)), ..TdsConfig::default() }).unwrap_err();
        assert!(matches!(e, TdsError::BadTop { .. }));
        let e = tds(&g, &TdsConfig { top: Some(Q::from_int(1 << 40)), ..TdsConfig::default() }).unwrap_err();
        assert!(matches!(e, TdsError::TooManyCoupons { .. }), "{e}");
    }
}
