//! Nim sequences `G(0), G(1), ...` of heap rules, fast: a bitset mex, the
//! rare-value (sparse space) method, and periods proven on the way.
//!
//! **The value of a heap** is the mex (least excluded number) of the
//! values of its options, and a position of several heaps is worth the
//! nim-sum (XOR) of its heaps (Sprague 1935, Grundy 1939). A heap of `n`
//! has options of four kinds (see [`super::rules`]): nothing left,
//! one heap `n - k`, two heaps `a + b = n - k` (a *split*), three heaps.
//!
//! **Plain method (bitset mex).** Mark every option's value — a byte per
//! value while values stay below 2^15 (a plain store per option, the
//! table read as 16-bit copies four pairs to a word), else a bit — and
//! take the first unmarked one. Splits cost `m/2` pairs each, so a table
//! to `N` costs about `N^2/4` pairs; a code with several splitting digits
//! `k1 < k2 < ...` needs the splits of `n - k1`, `n - k2`, ... for heap
//! `n`, and all but the first were computed for earlier heaps, so each
//! sum's split values are kept as bits for a few heaps and computed once.
//!
//! **Rare-value method** (the sparse space of Winning Ways ch. 4, "Sparse
//! space spells speed"; Gangolli and Plambeck 1989; Flammenkamp's
//! tables). For a bit mask `M`, call the parity of the bits of `G(x) & M`
//! the *class* of heap `x`, optionally twisted by the parity of `x` itself
//! (Flammenkamp's "domain" sparse spaces). The class of `G(a) ^ G(b)` is the
//! sum of the classes of `a` and `b` (plus the parity of `a + b` when
//! twisted), so for a split of `m = a + b` the values of one class, call
//! it the *enumerable* class, come only from pairs with one heap in each
//! class. In many games one class of heaps is rare — a few hundred heaps
//! among millions — so every enumerable value of a split is found by
//! pairing each rare heap `x < m` with `m - x`: far fewer than `m/2` pairs.
//! The least enumerable value not found, `c`, is then certainly absent, so
//! `G(n) <= c`; each smaller value of the other class not found yet is
//! looked for among all pairs, scanning until every one has turned up
//! (those values come from pairs of two common heaps, so they turn up
//! within a few pairs). Only when `G(n)` itself is of the other class —
//! exactly when heap `n` is rare — does the scan run to the end. The
//! method is exact for every mask; the mask only decides the speed. It is
//! chosen from the values so far (the mask, and twist, leaving fewest heaps
//! rare), after 1,024 values by the plain method and again at every
//! doubling; it is not used when an eighth of the heaps or more are rare,
//! and (by [`Method::Auto`]) is dropped until the next doubling when a
//! trial of 512 heaps finds it slower than the plain method would be
//! (a unit of its work, a random access, counted as six pairs read four
//! to a word). Grundy's game: mask `0b11111110`, as Flammenkamp's, and 1,273 rare heaps below
//! 2^20 (he lists 1,287 known in all).
//!
//! **Infinite codes** (`0.[3]`, `allbut:`) take every `k` of a residue
//! class: the values of single heaps left, `G(m)` for `m <= n - s` in a
//! residue class, are kept in one growing set per residue (bits, with
//! levels marking full words, so the least absent value past any point
//! is found in a few steps), so a heap costs what its finite digits cost:
//! Nim to 10^8 in about 5 s. Infinite splitting digits are enumerated
//! plainly (limited to [`MAX_HEAP_INFINITE_SPLIT`]).
//!
//! **Periods.** For a finite code without `!` the table is checked for a
//! period at 64 values, then at every doubling and when just enough
//! values to prove the period seen have been computed; once the
//! Guy-Smith theorem ([`super::period`]) proves it, every later value is
//! read off the period: Kayles to any size needs 168 computed values.
//!
//! Work is resumable: [`Sequencer::step`] computes within a budget of
//! work units (pairs looked at), so a page can slice it between frames.

use super::period::{self, Periodicity};
use super::rules::{HeapRule, TbCode};
use std::fmt;

/// The largest heap whose value may be asked (10^8).
pub const MAX_HEAP: usize = 100_000_000;
/// The largest heap of an infinite code that splits (a digit 4 to F in
/// its repeated block): every split of every heap is enumerated.
pub const MAX_HEAP_INFINITE_SPLIT: usize = 2_000;
/// The largest heap of a code that may leave three heaps (a digit 8 to
/// F): every triple is enumerated.
pub const MAX_HEAP_THREE_HEAPS: usize = 3_000;
/// The largest heap of an infinite code that may leave three heaps.
pub const MAX_HEAP_INFINITE_THREE_HEAPS: usize = 300;

/// Values past this are not counted for choosing a sparse mask (and the
/// rare-value method is not used once one appears).
const HIST_VALUES: usize = 1024;
/// Heaps the rare-value method runs after each choice of mask before its
/// speed is compared with the plain method's.
const TRIAL_HEAPS: usize = 512;
/// What a unit of the rare-value method's work costs in plain units.
const SPARSE_UNIT_COST: u64 = 6;

/// Which engine computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// The plain method, switching to the rare-value method where it pays.
    #[default]
    Auto,
    /// The plain method only (bitset mex over every option).
    Plain,
    /// The rare-value method wherever it applies (after 32 values), even
    /// when most heaps are rare (for cross-checks).
    Sparse,
}

impl std::str::FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Method, String> {
        match s {
            "auto" => Ok(Method::Auto),
            "plain" => Ok(Method::Plain),
            "sparse" => Ok(Method::Sparse),
            _ => Err(format!("method {s:?}: expected auto, plain or sparse")),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Auto => "auto",
            Method::Plain => "plain",
            Method::Sparse => "sparse",
        })
    }
}

/// How far and how to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequenceOptions {
    pub method: Method,
    /// Go on computing up to this heap (when past the target) while a
    /// period may still be proven; `None`: stop at the target.
    pub search_to: Option<usize>,
    /// Read values off a proven period instead of computing them.
    pub use_proof: bool,
    /// Hold every value up to the target (`false`: stop once the period is
    /// proven, and answer later values from it).
    pub fill: bool,
}

impl Default for SequenceOptions {
    fn default() -> Self {
        SequenceOptions { method: Method::Auto, search_to: None, use_proof: true, fill: true }
    }
}

/// Why a sequence is not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SequenceError {
    /// The heap asked is past the limit for this kind of rule.
    TooLarge { asked: usize, limit: usize, why: &'static str },
}

impl fmt::Display for SequenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SequenceError::TooLarge { asked, limit, why } => write!(f, "heap {asked} is past the limit of {limit} {why}"),
        }
    }
}

impl std::error::Error for SequenceError {}

/// The largest heap a rule's sequence may be computed to, and why.
pub fn limit_for(code: &TbCode) -> (usize, &'static str) {
    let block_heaps = code.repeat().iter().map(|d| d.max_heaps()).max().unwrap_or(0);
    if block_heaps >= 3 {
        (MAX_HEAP_INFINITE_THREE_HEAPS, "for an infinite code that may leave three heaps (every triple of every move is enumerated)")
    } else if block_heaps == 2 {
        (MAX_HEAP_INFINITE_SPLIT, "for an infinite code that splits (every split of every move is enumerated)")
    } else if code.max_heaps() >= 3 {
        (MAX_HEAP_THREE_HEAPS, "for a code that may leave three heaps (every triple is enumerated)")
    } else {
        (MAX_HEAP, "(10^8)")
    }
}

/// How a period was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The Guy-Smith theorem: `G(n + p) = G(n)` was checked for every
    /// `n` from the preperiod up to `checked_below` (exclusive), for a code
    /// leaving at most `heaps` heaps with last nonzero digit `last_digit`.
    GuySmith { heaps: u32, last_digit: usize, checked_below: usize },
    /// Nim: `G(n) = n` (every smaller value is an option).
    Nim,
}

/// What the engine did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Stats {
    /// Values computed by mex (the rest, if any, read off the period).
    pub computed: usize,
    /// Of those, values computed by the rare-value method.
    pub sparse: usize,
    /// Rare-value heaps whose scan ran through every pair.
    pub full_scans: usize,
    /// The mask in use at the end (`None`: the plain method), and whether
    /// the class is twisted by the heap's parity.
    pub mask: Option<(u32, bool)>,
    /// Rare heaps under that mask.
    pub rare_heaps: usize,
    /// Work units (options and pairs looked at).
    pub work: u64,
}

/// A nim sequence: `G(0)` up to at least the heap asked, its period if
/// one shows, and whether it is proven.
#[derive(Clone, Debug)]
pub struct NimSequence {
    pub rule: HeapRule,
    /// `G(0), G(1), ...`: up to the heap asked, or further when computed
    /// further to find a period (or less, without `fill`, once proven).
    pub values: Vec<u32>,
    /// The heap asked for.
    pub asked: usize,
    /// The period (saltus 0) or arithmetic period, proven or seen in `values`.
    pub periodicity: Option<Periodicity>,
    /// How `periodicity` is proven; `None`: only observed.
    pub proof: Option<Proof>,
    pub stats: Stats,
}

impl NimSequence {
    /// `G(n)`: from the table, or from the proven period past it.
    pub fn value(&self, n: usize) -> Option<u32> {
        if let Some(&v) = self.values.get(n) {
            return Some(v);
        }
        let per = self.periodicity.filter(|_| self.proof.is_some())?;
        if n < per.preperiod {
            return None;
        }
        let back = (n - per.preperiod) / per.period * per.period;
        let base = n - back;
        let base = if base < self.values.len() { base } else { return None };
        let lifted = u64::from(self.values[base]) + (back / per.period) as u64 * u64::from(per.saltus);
        u32::try_from(lifted).ok()
    }

    /// `G(0)` to `G(asked)`.
    pub fn asked_values(&self) -> &[u32] {
        &self.values[..self.values.len().min(self.asked + 1)]
    }

    /// The ordinary period (saltus 0), if any.
    pub fn period(&self) -> Option<Periodicity> {
        self.periodicity.filter(|p| p.saltus == 0)
    }

    /// The arithmetic period (positive saltus), if any.
    pub fn arithmetic(&self) -> Option<Periodicity> {
        self.periodicity.filter(|p| p.saltus > 0)
    }

    /// The ordinary period is proven.
    pub fn proven(&self) -> bool {
        self.proof.is_some() && self.period().is_some()
    }

    /// How many values were computed (`G(0)` to `G(computed_to)`), past
    /// the heap asked when looking for a period.
    pub fn computed_to(&self) -> usize {
        self.values.len().saturating_sub(1)
    }
}

/// `G(0..=n)` of `rule`, with the default options.
pub fn nim_sequence(rule: &HeapRule, n: usize) -> Result<NimSequence, SequenceError> {
    nim_sequence_with(rule, n, SequenceOptions::default())
}

/// `G(0..=n)` of `rule`.
pub fn nim_sequence_with(rule: &HeapRule, n: usize, options: SequenceOptions) -> Result<NimSequence, SequenceError> {
    let mut s = Sequencer::new(rule, n, options)?;
    while !s.step(u64::MAX) {}
    Ok(s.finish())
}

/// `G(n)` alone: computed until the period is proven (then read off it),
/// or up to `n`.
pub fn nim_value(rule: &HeapRule, n: usize) -> Result<u32, SequenceError> {
    let seq = nim_sequence_with(rule, n, SequenceOptions { fill: false, ..SequenceOptions::default() })?;
    // Either G(n) was computed, or the period is proven: `value` answers.
    Ok(seq.value(n).unwrap_or(0))
}

/// A split digit of the finite part: remove `k`, leave two (or three)
/// heaps, pairwise unequal if `unequal`.
#[derive(Clone, Copy, Debug)]
struct Split {
    k: usize,
    unequal: bool,
}

/// The moves of a code, sorted by kind.
#[derive(Clone, Debug, Default)]
struct Plan {
    /// Finite `k >= 1` removing a whole heap of exactly `k`.
    take_all: Vec<usize>,
    /// Finite `k >= 1` leaving one heap.
    take: Vec<usize>,
    split2: Vec<Split>,
    split3: Vec<Split>,
    /// The repeated block, from `k = start` on.
    inf: Option<InfPlan>,
}

#[derive(Clone, Debug)]
struct InfPlan {
    start: usize,
    r: usize,
    /// Per residue `(k - start) % r`: bit 1.
    all: Vec<bool>,
    /// Residues with bit 2.
    take: Vec<usize>,
    /// Per residue: (leaves two, leaves three, unequal).
    split: Vec<(bool, bool, bool)>,
    splits: bool,
}

impl Plan {
    fn of(code: &TbCode) -> Plan {
        let mut plan = Plan::default();
        let finite_end = if code.is_finite() { code.last_nonzero().unwrap_or(0) } else { code.repeat_start() - 1 };
        for k in 0..=finite_end {
            let d = code.digit(k);
            if k > 0 && d.takes_all() {
                plan.take_all.push(k);
            }
            if k > 0 && d.leaves_one() {
                plan.take.push(k);
            }
            if d.leaves_two() {
                plan.split2.push(Split { k, unequal: d.unequal });
            }
            if d.leaves_three() {
                plan.split3.push(Split { k, unequal: d.unequal });
            }
        }
        if !code.is_finite() {
            let block = code.repeat();
            plan.inf = Some(InfPlan {
                start: code.repeat_start(),
                r: block.len(),
                all: block.iter().map(|d| d.takes_all()).collect(),
                take: (0..block.len()).filter(|&b| block[b].leaves_one()).collect(),
                split: block.iter().map(|d| (d.leaves_two(), d.leaves_three(), d.unequal)).collect(),
                splits: block.iter().any(|d| d.bits & 12 != 0),
            });
        }
        plan
    }
}

/// A growing set of values, with the least absent value at or past any
/// value in a few steps: level 0 holds the values as bits, and a bit of
/// level `l + 1` says that word of level `l` is full (four levels cover
/// 2^30 values).
#[derive(Clone, Debug, Default)]
struct Growing {
    levels: [Vec<u64>; 4],
}

impl Growing {
    fn insert(&mut self, v: u32) {
        let mut pos = v as usize;
        for l in 0..self.levels.len() {
            let words = &mut self.levels[l];
            let w = pos >> 6;
            if w >= words.len() {
                words.resize(w + 1, 0);
            }
            words[w] |= 1 << (pos & 63);
            if words[w] != !0 {
                return;
            }
            pos = w;
        }
    }

    /// The least value `>= v` not in the set.
    fn next_absent(&self, v: u32) -> u32 {
        self.find_zero(0, v as usize) as u32
    }

    /// The least position `>= p` of level `l` whose bit is clear.
    fn find_zero(&self, l: usize, p: usize) -> usize {
        let words = &self.levels[l];
        let w = p >> 6;
        let Some(&word) = words.get(w) else { return p };
        let free = !word & (!0u64 << (p & 63));
        if free != 0 {
            return (w << 6) | free.trailing_zeros() as usize;
        }
        // Words w + 1, ... : the next one not full, by the level above.
        let next = if l + 1 < self.levels.len() { self.find_zero(l + 1, w + 1) } else { (w + 1..words.len()).find(|&i| words[i] != !0).unwrap_or(words.len()) };
        match words.get(next) {
            Some(&word) => (next << 6) | (!word).trailing_zeros() as usize,
            None => next << 6,
        }
    }
}

#[inline]
fn get(words: &[u64], v: u32) -> bool {
    words.get((v >> 6) as usize).is_some_and(|w| w >> (v & 63) & 1 != 0)
}

#[inline]
fn set(words: &mut [u64], v: u32) {
    words[(v >> 6) as usize] |= 1 << (v & 63);
}

fn first_zero(words: &[u64]) -> u32 {
    for (i, w) in words.iter().enumerate() {
        if *w != !0 {
            return ((i as u32) << 6) | w.trailing_ones();
        }
    }
    (words.len() as u32) << 6
}

fn bit_len(v: u32) -> u32 {
    32 - v.leading_zeros()
}

#[inline]
fn parity(v: u32) -> u32 {
    v.count_ones() & 1
}

/// The rare-value method's state: the mask, the twist, which class is rare,
/// and the rare heaps in increasing order.
#[derive(Clone, Debug)]
struct Sparse {
    mask: u32,
    twist: bool,
    rare_class: u32,
    rare: Vec<u32>,
}

impl Sparse {
    #[inline]
    fn class(&self, x: usize, g: u32) -> u32 {
        parity(g & self.mask) ^ (u32::from(self.twist) & (x as u32 & 1))
    }
}

/// Computes a nim sequence in slices ([`Sequencer::step`]); cancel by
/// dropping it.
#[derive(Clone, Debug)]
pub struct Sequencer {
    rule: HeapRule,
    plan: Plan,
    values: Vec<u32>,
    target: usize,
    search_to: usize,
    options: SequenceOptions,
    /// The option set of the heap being valued: bits, or bytes while
    /// values stay below 2^15.
    scratch: Vec<u64>,
    bytes: Box<[u8; 1 << 16]>,
    /// The option values of a heap of a code that never splits, besides
    /// the union sets.
    few: Vec<u32>,
    max_value: u32,
    /// Per value below HIST_VALUES: how many heaps >= 1 of each parity have it.
    hist: Vec<[u64; 2]>,
    hist_ok: bool,
    sparse: Option<Sparse>,
    next_select: usize,
    unions: Vec<Growing>,
    ms: Vec<(usize, bool)>,
    /// Split values of recent sums, for codes with several splitting digits.
    splits: Option<SplitCache>,
    /// 16-bit copies of the values, for codes that split, while every
    /// value fits.
    small: Option<Small>,
    /// When the rare-value method's trial ends, and the work then.
    trial: (usize, u64),
    /// (heaps, last digit) when the Guy-Smith theorem applies.
    provable: Option<(u32, usize)>,
    next_check: usize,
    proven: Option<(Periodicity, Proof)>,
    stats: Stats,
    done: bool,
}

impl Sequencer {
    /// A job computing `G(0..=n)` of `rule`.
    pub fn new(rule: &HeapRule, n: usize, options: SequenceOptions) -> Result<Sequencer, SequenceError> {
        let code = rule.code();
        let (limit, why) = limit_for(&code);
        if n > limit {
            return Err(SequenceError::TooLarge { asked: n, limit, why });
        }
        let plan = Plan::of(&code);
        let small = splitting(&plan).then(Small::default);
        let provable = if code.is_finite() && !code.has_unequal() { Some((code.max_heaps(), code.last_nonzero().unwrap_or(0))) } else { None };
        let search_to = options.search_to.unwrap_or(n).max(n).min(limit);
        let unions = match &plan.inf {
            Some(inf) if !inf.take.is_empty() => vec![Growing::default(); inf.r],
            _ => Vec::new(),
        };
        let first_select = if options.method == Method::Sparse { 32 } else { HIST_VALUES };
        let splits = match (plan.split2.first(), plan.split2.last()) {
            (Some(lo), Some(hi)) if plan.split2.len() >= 2 && plan.inf.is_none() && hi.k - lo.k < 64 => Some(SplitCache::new(hi.k - lo.k + 1)),
            _ => None,
        };
        Ok(Sequencer {
            rule: rule.clone(),
            plan,
            values: Vec::with_capacity(if options.fill { n.min(search_to) + 1 } else { 1024.min(n + 1) }),
            target: n,
            search_to,
            options,
            scratch: vec![0; 1],
            bytes: Box::new([0; 1 << 16]),
            few: Vec::new(),
            max_value: 0,
            hist: vec![[0; 2]; HIST_VALUES],
            hist_ok: true,
            sparse: None,
            next_select: first_select,
            unions,
            ms: Vec::new(),
            splits,
            small,
            trial: (0, 0),
            provable,
            next_check: 64,
            proven: None,
            stats: Stats::default(),
            done: false,
        })
    }

    /// Values computed so far and the heap asked for.
    pub fn progress(&self) -> (usize, usize) {
        (self.values.len(), self.target + 1)
    }

    /// Work within about `budget` units (options looked at); `true` when done.
    pub fn step(&mut self, budget: u64) -> bool {
        let start = self.stats.work;
        while !self.done && self.stats.work - start < budget {
            let n = self.values.len();
            if let Some((per, _)) = self.proven {
                if self.options.fill && n <= self.target {
                    let end = (self.target + 1).min(n + 1_000_000);
                    for m in n..end {
                        let v = self.values[m - per.period];
                        self.values.push(v);
                    }
                    self.stats.work += (end - n) as u64;
                } else {
                    self.done = true;
                }
                continue;
            }
            let wanted = n <= self.target || (self.provable.is_some() && self.options.use_proof && n <= self.search_to);
            if !wanted {
                self.done = true;
                continue;
            }
            let g = self.compute(n);
            self.push(n, g);
            let len = n + 1;
            if self.provable.is_some() && self.options.use_proof && (len == self.next_check || len == self.target + 1 || len == self.search_to + 1) {
                self.checkpoint();
            }
            if len == self.next_select {
                self.select_sparse();
                self.next_select = len * 2;
                self.trial = (len + TRIAL_HEAPS, self.stats.work);
            } else if len == self.trial.0 && self.options.method == Method::Auto && self.sparse.is_some() {
                // The trial: is the rare-value method faster than the plain
                // one here? A unit of its work (a rare heap paired, a pair
                // scanned) costs about six of the plain method's.
                let per_heap = (self.stats.work - self.trial.1) / TRIAL_HEAPS as u64;
                let sums = if self.splits.is_some() { 1 } else { self.plan.split2.len() as u64 };
                if per_heap.saturating_mul(SPARSE_UNIT_COST) > (len as u64 / 2) * sums {
                    self.sparse = None;
                }
            }
        }
        self.done
    }

    /// The result (call once [`Self::step`] has returned `true`; sooner, it
    /// holds what is computed so far).
    pub fn finish(mut self) -> NimSequence {
        if let Some(s) = &self.sparse {
            self.stats.mask = Some((s.mask, s.twist));
            self.stats.rare_heaps = s.rare.len();
        }
        let is_nim = self.rule == HeapRule::Nim || self.rule.code() == HeapRule::Nim.code();
        let (periodicity, proof) = match self.proven {
            Some((per, proof)) => (Some(per), Some(proof)),
            None if is_nim => (Some(Periodicity { period: 1, preperiod: 0, saltus: 1 }), Some(Proof::Nim)),
            None => (period::observed(&self.values, false).or_else(|| period::observed(&self.values, true)), None),
        };
        NimSequence { rule: self.rule, values: self.values, asked: self.target, periodicity, proof, stats: self.stats }
    }

    fn push(&mut self, n: usize, g: u32) {
        self.values.push(g);
        self.stats.computed += 1;
        self.max_value = self.max_value.max(g);
        if let Some(s) = &mut self.small {
            match u16::try_from(g) {
                Ok(v) => s.push(v),
                Err(_) => self.small = None,
            }
        }
        if n >= 1 {
            match self.hist.get_mut(g as usize) {
                Some(h) => h[n & 1] += 1,
                None => self.hist_ok = false,
            }
        }
        if let Some(s) = &mut self.sparse {
            if s.class(n, g) == s.rare_class && n >= 1 {
                s.rare.push(n as u32);
            }
        }
    }

    /// Look for a period and prove it if the table is long enough; else
    /// plan the next look.
    fn checkpoint(&mut self) {
        let Some((heaps, last)) = self.provable else { return };
        let len = self.values.len();
        // The doubling schedule (64, 128, ...), or sooner when the period
        // seen would be proven by fewer values.
        let mut next = (len + 1).next_power_of_two();
        match period::prove(&self.values, heaps, last) {
            Ok(per) => {
                let checked_below = period::guy_smith_bound(heaps, last, per.period, per.preperiod);
                self.proven = Some((per, Proof::GuySmith { heaps, last_digit: last, checked_below }));
            }
            Err(Some((_, need))) if need > len => next = next.min(need),
            Err(_) => {}
        }
        self.next_check = next.max(len + 1);
    }

    /// Choose the mask (and twist) leaving fewest heaps rare, or none.
    fn select_sparse(&mut self) {
        let plan = &self.plan;
        if self.options.method == Method::Plain || plan.split2.is_empty() || plan.inf.is_some() || !self.hist_ok {
            self.sparse = None;
            return;
        }
        let b = bit_len(self.max_value);
        if b == 0 || b > 10 {
            self.sparse = None;
            return;
        }
        // The twist needs every split to leave heaps of one parity of sum.
        let k0 = plan.split2[0].k;
        let twist_ok = plan.split2.iter().all(|s| (s.k ^ k0) & 1 == 0);
        let top = 1usize << b;
        let mut best: Option<(u64, u32, bool)> = None;
        for mask in 1..top as u32 {
            // counts[p][par]: heaps with parity(G & mask) = p and heap parity par.
            let mut counts = [[0u64; 2]; 2];
            for (v, h) in self.hist[..top].iter().enumerate() {
                let p = parity(v as u32 & mask) as usize;
                counts[p][0] += h[0];
                counts[p][1] += h[1];
            }
            for twist in [false, true] {
                if twist && !twist_ok {
                    continue;
                }
                let rho = if twist { k0 & 1 } else { 0 };
                let rare = if twist { counts[rho][0] + counts[rho ^ 1][1] } else { counts[0][0] + counts[0][1] };
                if best.is_none_or(|(r, _, _)| rare < r) {
                    best = Some((rare, mask, twist));
                }
            }
        }
        let Some((rare, mask, twist)) = best else { return };
        let len = self.values.len() as u64;
        if self.options.method == Method::Auto && rare.saturating_mul(8) >= len {
            self.sparse = None;
            return;
        }
        if self.sparse.as_ref().is_some_and(|s| s.mask == mask && s.twist == twist) {
            return;
        }
        let rare_class = if twist { (k0 & 1) as u32 } else { 0 };
        let mut s = Sparse { mask, twist, rare_class, rare: Vec::new() };
        s.rare = (1..self.values.len()).filter(|&x| s.class(x, self.values[x]) == rare_class).map(|x| x as u32).collect();
        self.sparse = Some(s);
    }

    /// `G(n)`, from `G(0..n)`.
    fn compute(&mut self, n: usize) -> u32 {
        let b = bit_len(self.max_value);
        let Sequencer { plan, values, scratch, bytes, sparse, unions, ms, splits, few: few_list, stats, small, .. } = self;
        let sparse = sparse.as_ref();
        // The copies hold every value so far, or are not used.
        let small = small.as_ref().filter(|s| s.fwd.len() == values.len());
        let mut splits = splits.as_mut();
        if let Some(c) = splits.as_deref_mut() {
            c.fit(b);
        }
        if !unions.is_empty() && !splitting(plan) {
            // Nim, all-but games: the single heaps left by the repeated
            // block are in the union sets; the rest are a few values (a
            // bitset as large as the values would cost n/64 a heap).
            let mut few = Few(std::mem::take(few_list));
            few.0.clear();
            let v = heap_value(n, values, small, plan, unions, sparse, ms, splits, b, &mut few, stats);
            *few_list = few.0;
            return v;
        }
        // With kept split sets (bits), the option set is bits too.
        if unions.is_empty() && b <= 15 && !(splits.is_some() && sparse.is_none()) {
            // Values below 2^15: a byte per value, a plain store per option.
            let size = (1usize << b) + 1;
            bytes[..size].fill(0);
            heap_value(n, values, small, plan, unions, sparse, ms, splits, b, &mut Bytes { arr: bytes, size }, stats)
        } else {
            // Options are XORs of values below 2^b; their mex is at most 2^b.
            let words = ((1usize << b) >> 6) + 1;
            if scratch.len() < words {
                scratch.resize(words, 0);
            }
            let opts = &mut scratch[..words];
            opts.fill(0);
            heap_value(n, values, small, plan, unions, sparse, ms, splits, b, &mut Bits(opts), stats)
        }
    }
}

/// The option values of one heap, as they are found.
trait Marks {
    fn set(&mut self, v: u32);
    fn get(&self, v: u32) -> bool;
    /// The least value not marked.
    fn first_absent(&self) -> u32;
    /// Mark `lo[i] ^ hi[len - 1 - i]` for every `i`: the pairs of a split.
    fn mark_pairs(&mut self, lo: &[u32], hi: &[u32]) {
        for (x, y) in lo.iter().zip(hi.iter().rev()) {
            self.set(x ^ y);
        }
    }
    /// Mark `lo[i] ^ hi[i]` for every `i` (the second run already reversed).
    fn mark_pairs16(&mut self, lo: &[u16], hi: &[u16]) {
        for (x, y) in lo.iter().zip(hi) {
            self.set(u32::from(x ^ y));
        }
    }
    /// Mark every value whose bit is set in `words`.
    fn or_words(&mut self, words: &[u64]) {
        for (i, &w) in words.iter().enumerate() {
            let mut x = w;
            while x != 0 {
                self.set(((i as u32) << 6) | x.trailing_zeros());
                x &= x - 1;
            }
        }
    }
}

/// One byte per value below `size - 1` (at most 2^15), cleared.
struct Bytes<'a> {
    arr: &'a mut [u8; 1 << 16],
    size: usize,
}

impl Marks for Bytes<'_> {
    #[inline]
    fn set(&mut self, v: u32) {
        // v < 2^15: the cast keeps it, and the index needs no check.
        self.arr[v as u16 as usize] = 1;
    }
    #[inline]
    fn get(&self, v: u32) -> bool {
        v < 1 << 16 && self.arr[v as usize] != 0
    }
    fn first_absent(&self) -> u32 {
        self.arr[..self.size].iter().position(|&b| b == 0).unwrap_or(self.size) as u32
    }
    fn mark_pairs(&mut self, lo: &[u32], hi: &[u32]) {
        // The hot loop of the plain method: the array in a local, so
        // nothing is reloaded per pair.
        let arr: &mut [u8; 1 << 16] = self.arr;
        for (x, y) in lo.iter().zip(hi.iter().rev()) {
            arr[(x ^ y) as u16 as usize] = 1;
        }
    }
    fn mark_pairs16(&mut self, lo: &[u16], hi: &[u16]) {
        // Four pairs a word: two loads and one XOR for four stores, which
        // are then the only limit (measured 1.7 times the pair-at-a-time loop).
        let arr: &mut [u8; 1 << 16] = self.arr;
        let (lc, lrest) = lo.as_chunks::<4>();
        let (hc, hrest) = hi.as_chunks::<4>();
        let word = |c: &[u16; 4]| u64::from(c[0]) | u64::from(c[1]) << 16 | u64::from(c[2]) << 32 | u64::from(c[3]) << 48;
        for (a, b) in lc.iter().zip(hc) {
            let z = word(a) ^ word(b);
            arr[(z & 0xffff) as usize] = 1;
            arr[((z >> 16) & 0xffff) as usize] = 1;
            arr[((z >> 32) & 0xffff) as usize] = 1;
            arr[(z >> 48) as usize] = 1;
        }
        for (x, y) in lrest.iter().zip(hrest) {
            arr[usize::from(x ^ y)] = 1;
        }
    }
}

/// A few values, listed.
struct Few(Vec<u32>);

impl Marks for Few {
    fn set(&mut self, v: u32) {
        self.0.push(v);
    }
    fn get(&self, v: u32) -> bool {
        self.0.contains(&v)
    }
    fn first_absent(&self) -> u32 {
        (0..).find(|v| !self.0.contains(v)).unwrap_or(0)
    }
}

/// One bit per value.
struct Bits<'a>(&'a mut [u64]);

impl Marks for Bits<'_> {
    #[inline]
    fn set(&mut self, v: u32) {
        set(self.0, v);
    }
    #[inline]
    fn get(&self, v: u32) -> bool {
        get(self.0, v)
    }
    fn first_absent(&self) -> u32 {
        first_zero(self.0)
    }
    fn or_words(&mut self, words: &[u64]) {
        for (a, b) in self.0.iter_mut().zip(words) {
            *a |= b;
        }
    }
}

/// The values `G(a) ^ G(m - a)`, `1 <= a < m - a`, of the last few sums
/// `m` (a ring of `slots`), as bits: a code whose splitting digits are
/// `k1 < ... < kj` needs the splits of `n - k1`, ..., `n - kj` for heap `n`,
/// and all but the first were needed before.
#[derive(Clone, Debug)]
struct SplitCache {
    slots: usize,
    words: usize,
    sums: Vec<usize>,
    sets: Vec<u64>,
    bytes: Box<[u8; 1 << 16]>,
}

impl SplitCache {
    fn new(slots: usize) -> SplitCache {
        SplitCache { slots, words: 1, sums: vec![usize::MAX; slots], sets: vec![0; slots], bytes: Box::new([0; 1 << 16]) }
    }

    /// Room for values below 2^b (kept sets stay valid: their values are
    /// smaller).
    fn fit(&mut self, b: u32) {
        let words = ((1usize << b) >> 6) + 1;
        if words <= self.words {
            return;
        }
        let mut sets = vec![0; self.slots * words];
        for slot in 0..self.slots {
            sets[slot * words..slot * words + self.words].copy_from_slice(&self.sets[slot * self.words..(slot + 1) * self.words]);
        }
        self.sets = sets;
        self.words = words;
    }

    /// The splits of `m` (values below 2^b).
    fn get(&mut self, g: &[u32], small: Option<&Small>, m: usize, b: u32, work: &mut u64) -> &[u64] {
        let slot = m % self.slots;
        let w = self.words;
        let set = &mut self.sets[slot * w..(slot + 1) * w];
        if self.sums[slot] != m {
            set.fill(0);
            if b <= 15 {
                let size = 1usize << b;
                self.bytes[..size].fill(0);
                let mut marks = Bytes { arr: &mut self.bytes, size };
                *work += pairs(g, small, &mut marks, m, true);
                // Eight bytes of 0 or 1 to eight bits at once (the multiply
                // gathers each byte's low bit into the top byte, in order).
                for (i, chunk) in self.bytes[..size.max(8)].chunks_exact(8).enumerate() {
                    let x = u64::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7]]);
                    set[i / 8] |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * (i % 8));
                }
            } else {
                *work += pairs(g, small, &mut Bits(set), m, true);
            }
            self.sums[slot] = m;
        }
        &self.sets[slot * w..(slot + 1) * w]
    }
}

/// `G(n)` from `G(0..n)` (`g`): mark every option, then the mex.
#[allow(clippy::too_many_arguments)]
fn heap_value<M: Marks>(
    n: usize,
    g: &[u32],
    small: Option<&Small>,
    plan: &Plan,
    unions: &mut [Growing],
    sparse: Option<&Sparse>,
    ms: &mut Vec<(usize, bool)>,
    splits: Option<&mut SplitCache>,
    b: u32,
    opts: &mut M,
    stats: &mut Stats,
) -> u32 {
    let mut work = 1u64;
    for &k in &plan.take_all {
        if k == n {
            opts.set(0);
        }
    }
    for &k in &plan.take {
        if k >= n {
            break;
        }
        opts.set(g[n - k]);
    }
    work += plan.take.len() as u64;
    let mut union = None;
    if let Some(inf) = &plan.inf {
        if n >= inf.start {
            if inf.all[(n - inf.start) % inf.r] {
                opts.set(0);
            }
            let m_new = n - inf.start;
            if m_new >= 1 {
                for &b in &inf.take {
                    unions[(m_new + inf.start + b) % inf.r].insert(g[m_new]);
                }
            }
            if inf.splits {
                for k in inf.start..n.saturating_sub(1) {
                    let (two, three, unequal) = inf.split[(k - inf.start) % inf.r];
                    if two {
                        work += pairs(g, small, opts, n - k, unequal);
                    }
                    if three {
                        work += triples(g, opts, n - k, unequal);
                    }
                }
            }
        }
        if !inf.take.is_empty() {
            union = Some(&unions[n % inf.r]);
        }
    }
    for s in &plan.split3 {
        if n >= s.k + 3 {
            work += triples(g, opts, n - s.k, s.unequal);
        }
    }
    ms.clear();
    for s in &plan.split2 {
        let m = n.saturating_sub(s.k);
        if m >= 2 + usize::from(s.unequal) {
            ms.push((m, s.unequal));
        }
    }
    let value = match (sparse, union) {
        (Some(sp), None) if !ms.is_empty() => {
            stats.sparse += 1;
            sparse_mex(g, opts, sp, ms, &mut work, &mut stats.full_scans)
        }
        _ => {
            match splits {
                // Several splitting digits: each sum's splits once, kept.
                Some(cache) if ms.len() >= 2 => {
                    for &(m, unequal) in ms.iter() {
                        opts.or_words(cache.get(g, small, m, b, &mut work));
                        // The pair m/2 + m/2 is worth 0.
                        if !unequal && m % 2 == 0 {
                            opts.set(0);
                        }
                    }
                }
                _ => {
                    for &(m, unequal) in ms.iter() {
                        work += pairs(g, small, opts, m, unequal);
                    }
                }
            }
            match union {
                Some(u) => {
                    let mut v = 0;
                    loop {
                        v = u.next_absent(v);
                        if opts.get(v) {
                            v += 1;
                        } else {
                            break v;
                        }
                    }
                }
                None => opts.first_absent(),
            }
        }
    };
    stats.work += work;
    value
}

/// Mark `G(a) ^ G(m - a)` for every split of `m` (pairwise unequal if
/// asked); returns the pairs looked at.
#[inline]
fn pairs<M: Marks>(g: &[u32], small: Option<&Small>, opts: &mut M, m: usize, unequal: bool) -> u64 {
    let top = if unequal { (m - 1) / 2 } else { m / 2 };
    // a from 1 up, m - a from m - 1 down.
    match small {
        Some(s) => {
            let (lo, hi) = s.runs(m, top);
            opts.mark_pairs16(lo, hi);
        }
        None => opts.mark_pairs(&g[1..=top], &g[m - top..m]),
    }
    top as u64
}

/// Whether a plan has moves that leave two or three heaps.
fn splitting(plan: &Plan) -> bool {
    !plan.split2.is_empty() || !plan.split3.is_empty() || plan.inf.as_ref().is_some_and(|i| i.splits)
}

/// The values as 16-bit copies, forward and reversed, while every value
/// fits: a split's values `G(a) ^ G(m - a)` then come from two forward
/// runs of half the width, four pairs to a 64-bit word (on this
/// project's benchmark machine, 1.7 times the speed of reading `G(m - a)`
/// backwards from the 32-bit table).
#[derive(Clone, Debug, Default)]
struct Small {
    fwd: Vec<u16>,
    /// `rev[rev.len() - 1 - x] = G(x)`: filled from the end, and moved to
    /// the end of one twice as long when full.
    rev: Vec<u16>,
}

impl Small {
    fn push(&mut self, v: u16) {
        let n = self.fwd.len();
        if n == self.rev.len() {
            let cap = (2 * n).max(1024);
            let mut rev = vec![0; cap];
            rev[cap - n..].copy_from_slice(&self.rev);
            self.rev = rev;
        }
        let cap = self.rev.len();
        self.rev[cap - 1 - n] = v;
        self.fwd.push(v);
    }

    /// `G(1), ..., G(top)` and `G(m - 1), ..., G(m - top)`, both read forward.
    fn runs(&self, m: usize, top: usize) -> (&[u16], &[u16]) {
        let cap = self.rev.len();
        (&self.fwd[1..=top], &self.rev[cap - m..cap - m + top])
    }
}

/// Mark `G(a) ^ G(b) ^ G(c)` for every `a <= b <= c`, `a + b + c = m`.
fn triples<M: Marks>(g: &[u32], opts: &mut M, m: usize, unequal: bool) -> u64 {
    let mut work = 0;
    for a in 1..=m / 3 {
        for b in a..=(m - a) / 2 {
            let c = m - a - b;
            if unequal && (a == b || b == c) {
                continue;
            }
            opts.set(g[a] ^ g[b] ^ g[c]);
            work += 1;
        }
    }
    work
}

/// The mex of the options marked in `opts` and of the splits `ms`, by the
/// rare-value method (module docs).
fn sparse_mex<M: Marks>(g: &[u32], opts: &mut M, sp: &Sparse, ms: &[(usize, bool)], work: &mut u64, full_scans: &mut usize) -> u32 {
    // Every split's sum has one parity when twisted (select_sparse checks).
    let enumerable = 1 ^ (u32::from(sp.twist) & (ms[0].0 as u32 & 1));
    for &(m, unequal) in ms {
        for &x in &sp.rare {
            let x = x as usize;
            if x >= m {
                break;
            }
            let y = m - x;
            if unequal && x == y {
                continue;
            }
            opts.set(g[x] ^ g[y]);
            *work += 1;
        }
    }
    // c: the least enumerable value not marked, certainly absent.
    let mut c = 0u32;
    while parity(c & sp.mask) != enumerable || opts.get(c) {
        c += 1;
    }
    let mut missing = (0..c).filter(|&v| !opts.get(v)).count();
    if missing == 0 {
        return c;
    }
    'scan: for &(m, unequal) in ms {
        let top = if unequal { (m - 1) / 2 } else { m / 2 };
        for a in 1..=top {
            let v = g[a] ^ g[m - a];
            if v < c && !opts.get(v) {
                opts.set(v);
                missing -= 1;
                if missing == 0 {
                    *work += a as u64;
                    break 'scan;
                }
            }
        }
        *work += top as u64;
    }
    if missing > 0 {
        *full_scans += 1;
    }
    (0..c).find(|&v| !opts.get(v)).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(rule: &str, n: usize, method: Method) -> Vec<u32> {
        let r: HeapRule = rule.parse().unwrap();
        let o = SequenceOptions { method, use_proof: false, ..SequenceOptions::default() };
        nim_sequence_with(&r, n, o).unwrap().values
    }

    #[test]
    fn kayles_and_nim() {
        assert_eq!(seq("0.77", 12, Method::Plain), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
        assert_eq!(seq("nim", 70, Method::Auto), (0..=70).collect::<Vec<u32>>());
        assert_eq!(seq("allbut:1", 6, Method::Auto), [0, 0, 1, 1, 2, 2, 3]);
    }

    #[test]
    fn sparse_agrees_with_plain() {
        for rule in ["0.77", "0.16", "grundy", "0.6", "4.7"] {
            assert_eq!(seq(rule, 3000, Method::Sparse), seq(rule, 3000, Method::Plain), "{rule}");
        }
    }

    #[test]
    fn small_copies_read_the_table_backwards() {
        let mut small = Small::default();
        let mut table = Vec::new();
        let mut x = 12345u32;
        for _ in 0..5_000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let v = (x >> 16) as u16;
            small.push(v);
            table.push(v);
            let len = table.len();
            for m in [len, len - len / 3, 2.min(len)] {
                let top = m / 2;
                let (lo, hi) = small.runs(m, top);
                assert_eq!(lo, &table[1..=top]);
                assert!(hi.iter().zip(table[m - top..m].iter().rev()).all(|(a, b)| a == b), "m = {m}");
            }
        }
    }

    #[test]
    fn sixteen_bit_marks_agree_with_one_pair_at_a_time() {
        for len in [0usize, 1, 3, 4, 5, 17, 64] {
            let lo: Vec<u16> = (0..len as u16).map(|i| i.wrapping_mul(7919) & 0x7fff).collect();
            let hi: Vec<u16> = (0..len as u16).map(|i| i.wrapping_mul(40_503) & 0x7fff).collect();
            let mut fast = Box::new([0u8; 1 << 16]);
            Bytes { arr: &mut fast, size: 1 << 15 }.mark_pairs16(&lo, &hi);
            let mut slow = vec![0u64; 1 << 9];
            Bits(&mut slow).mark_pairs16(&lo, &hi);
            for v in 0..1u32 << 15 {
                assert_eq!(fast[v as usize] != 0, get(&slow, v), "len {len}, value {v}");
            }
        }
    }

    #[test]
    fn kayles_is_proven_from_168_values() {
        let s = nim_sequence(&"0.77".parse().unwrap(), 40_000).unwrap();
        assert_eq!(s.periodicity, Some(Periodicity { period: 12, preperiod: 71, saltus: 0 }));
        assert!(s.proven());
        assert_eq!(s.stats.computed, 168);
        assert_eq!(nim_value(&"0.77".parse().unwrap(), 40_000).unwrap(), s.values[40_000]);
    }
}
