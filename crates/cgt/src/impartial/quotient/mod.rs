//! Misère quotients of heap games, computed to a heap bound.
//!
//! In misère play the player who cannot move *wins*, and sums no longer
//! reduce to nim-heaps. Plambeck (2005, "Taming the wild in impartial
//! combinatorial games") and Plambeck and Siegel (2008, "Misère quotients
//! for impartial games", J. Combin. Theory A) restrict attention to one
//! game's positions: for a set `A` of positions closed under sums and
//! options, `G ≡ H (mod A)` when `G + X` and `H + X` have the same misère
//! outcome for every `X` in `A`. The classes form a commutative monoid
//! `Q = A/≡`, the *misère quotient*, with a subset `P` (the classes of the
//! P-positions, where the player to move loses); the *pretending function*
//! sends heap `n` to its class, and a position's outcome is read from the
//! product of its heaps' classes. Nim's heaps to 3 give the quotient
//! `T = ⟨a, b | a² = 1, b³ = b⟩` of order 6 with `P = {a, b²}`; misère
//! Kayles' is of order 48; 0.75's is the order-8 quotient
//! `⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩`.
//!
//! [`misere_quotient`] computes the quotient of the closure of the heaps
//! `0..=max_heap` heap by heap, as Siegel's MisereSolver does (Plambeck and
//! Siegel 2008; Plambeck 2006, "Advances in losing"): each new heap is
//! either given an element of the quotient so far, or made a new generator
//! `g` with its powers `g, g², ...` until they repeat. Each guess is a
//! *model*; the model is proven (or refuted by a position it gets wrong) on
//! a finite automaton of positions and their options' classes
//! ([`explore`](self) in the source), and the quotient is the model's
//! image divided by indistinguishability. So every quotient returned is
//! proven for every position of heaps up to the bound, however many heaps.
//! Which element a new heap is guessed to be comes from the exact outcomes
//! of the new heap plus small positions of the old ones (brute force).
//!
//! The presentation is read off the quotient ([`present`](self)):
//! generators are named `a, b, c, ...` in the order their heaps appear, and
//! the relations are the least words that are not normal forms.
//!
//! Published quotients, as data with their sources: [`known`].
//!
//! Work is counted (one unit per option class computed) and bounded; a
//! [`QuotientJob`] runs heap by heap in slices. Nothing here has a clock,
//! a global or a float.

pub(crate) mod explore;
pub mod known;
pub(crate) mod present;

use super::rules::HeapRule;
use crate::outcome::Outcome;
use explore::{Failure, HeapType, Image, Product, Table};
use std::fmt;

/// The largest heap bound accepted for a rule whose moves leave at most
/// two heaps and remove a bounded number of tokens.
pub const MAX_QUOTIENT_HEAP: usize = 1_000;
/// The largest heap bound for a rule that may leave three heaps or split
/// after removing any number (every leave of every heap is listed).
pub const MAX_QUOTIENT_HEAP_WIDE: usize = 200;
/// The largest quotient kept (its table has `order²` entries).
pub const MAX_ORDER: usize = 4_096;
/// The memory the search's states may take, in 64-bit words (256 MiB).
pub const MAX_STATE_WORDS: usize = 1 << 25;
/// The largest index `k` tried for a new generator `g` with `g^(k+2) = g^k`.
pub const MAX_INDEX: u32 = 64;
/// Positions of the old heaps whose sum with a new heap is valued by brute
/// force to guess the new heap's class.
const GUESS_POSITIONS: usize = 50_000;
/// Elements tried for a new heap when the guess leaves several.
const MAX_GUESSES: usize = 4;
/// How many times the model's base may be refined to its option monoid.
const MAX_REFINE: usize = 2;
/// The largest option monoid built (its table has `order²` entries).
const MAX_REFINED: usize = 2_048;

/// Why a quotient could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientError {
    /// The heap bound is past the limit for this kind of rule.
    TooLarge { asked: usize, limit: usize, why: &'static str },
    /// The work budget ran out while adding heap `heap`.
    Budget { heap: usize, work: u64 },
    /// The search's states for heap `heap` would pass [`MAX_STATE_WORDS`].
    Memory { heap: usize },
    /// The quotient with heap `heap` has more than [`MAX_ORDER`] elements.
    Order { heap: usize, order: usize, limit: usize },
    /// Heap `heap` is neither an element of the quotient so far nor a new
    /// generator whose powers repeat within [`MAX_INDEX`] (with period 1 or
    /// 2); `position` is the smallest position the last model got wrong.
    Unresolved { heap: usize, position: Vec<usize> },
    /// An outcome was asked of a heap past the quotient's bound.
    BeyondBound { heap: usize, max_heap: usize },
}

impl fmt::Display for QuotientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuotientError::TooLarge { asked, limit, why } => write!(f, "heap bound {asked} is past the limit of {limit} {why}"),
            QuotientError::Budget { heap, work } => write!(f, "the work budget ({work} units) ran out while adding heap {heap}"),
            QuotientError::Memory { heap } => write!(f, "the positions to check for heap {heap} need more than {} MiB", MAX_STATE_WORDS / (1 << 17)),
            QuotientError::Order { heap, order, limit } => write!(f, "with heap {heap} the quotient has {order} elements, more than the limit of {limit}"),
            QuotientError::Unresolved { heap, position } => write!(
                f,
                "heap {heap} is neither an element of the quotient so far nor a new generator whose powers repeat within index {MAX_INDEX}; the last model fails at the position {position:?}"
            ),
            QuotientError::BeyondBound { heap, max_heap } => write!(f, "heap {heap} is past the quotient's bound {max_heap}"),
        }
    }
}

impl std::error::Error for QuotientError {}

/// The largest heap bound for `rule`, and why.
pub fn limit_for(rule: &HeapRule) -> (usize, &'static str) {
    let code = rule.code();
    let splits_any = code.repeat().iter().any(|d| d.max_heaps() >= 2);
    if code.max_heaps() >= 3 || splits_any {
        (MAX_QUOTIENT_HEAP_WIDE, "for a rule that may leave three heaps or split after taking any number (every leave is listed)")
    } else {
        (MAX_QUOTIENT_HEAP, "for a misère quotient")
    }
}

/// What adding one heap did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapStep {
    /// The heap has no move: it is the empty position.
    Empty,
    /// The heap is an element already there (numbered as in the quotient
    /// returned).
    Old(u32),
    /// The heap is a new generator (its index in [`MisereQuotient::generators`]),
    /// whose powers repeat with period 2 from index `index` on at most.
    Generator { generator: usize, index: u32 },
}

/// A relation `lhs = rhs` of a presentation, as exponent vectors (one
/// entry per generator).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Relation {
    pub lhs: Vec<u32>,
    pub rhs: Vec<u32>,
}

/// The misère quotient of the closure of heaps `0..=max_heap` of a rule.
///
/// Elements are numbered `0..order()` in the order of their normal forms
/// (so the identity is 0, then `a`, `b`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereQuotient {
    rule: HeapRule,
    max_heap: usize,
    order: usize,
    mul: Vec<u32>,
    p: Vec<bool>,
    pretend: Vec<u32>,
    generators: Vec<usize>,
    words: Vec<Vec<u32>>,
    relations: Vec<Relation>,
    orders: Vec<usize>,
    steps: Vec<HeapStep>,
    work: u64,
    states: usize,
}

impl MisereQuotient {
    /// The rule.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }
    /// The heap bound.
    pub fn max_heap(&self) -> usize {
        self.max_heap
    }
    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }
    /// The heaps that are generators, in order (`a`, `b`, ...).
    pub fn generators(&self) -> &[usize] {
        &self.generators
    }
    /// The relations of the presentation (see [`present`](self)).
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }
    /// The product of two elements.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.mul[x as usize * self.order + y as usize]
    }
    /// The multiplication table, row by row.
    pub fn table(&self) -> Vec<Vec<u32>> {
        self.mul.chunks(self.order.max(1)).map(<[u32]>::to_vec).collect()
    }
    /// Whether element `x` is in the P-portion.
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }
    /// The P-portion, as elements.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order as u32).filter(|&x| self.p[x as usize]).collect()
    }
    /// The pretending function: `pretending()[n]` is heap `n`'s element
    /// (`n = 0..=max_heap`).
    pub fn pretending(&self) -> &[u32] {
        &self.pretend
    }
    /// Element `x`'s normal form: its exponent of each generator.
    pub fn word(&self, x: u32) -> &[u32] {
        &self.words[x as usize]
    }
    /// Element `x` as the papers write it: `1`, `a`, `ab²`.
    pub fn element_name(&self, x: u32) -> String {
        present::word_text(&self.words[x as usize])
    }
    /// Element `x` in ASCII: `1`, `a`, `a*b^2`.
    pub fn element_ascii(&self, x: u32) -> String {
        present::word_ascii(&self.words[x as usize])
    }
    /// The order of the quotient of heaps `0..=h`, for each `h` to the bound.
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }
    /// What each heap `1..=max_heap` did (`steps()[n - 1]` for heap `n`).
    pub fn steps(&self) -> &[HeapStep] {
        &self.steps
    }
    /// Work units spent, and positions' states searched, in all.
    pub fn work(&self) -> (u64, usize) {
        (self.work, self.states)
    }

    /// The element of a position (its heaps, in any order).
    pub fn element_of(&self, heaps: &[usize]) -> Result<u32, QuotientError> {
        heaps.iter().try_fold(0u32, |x, &h| match self.pretend.get(h) {
            Some(&e) => Ok(self.mul(x, e)),
            None => Err(QuotientError::BeyondBound { heap: h, max_heap: self.max_heap }),
        })
    }

    /// The misère outcome of a position: [`Outcome::P`] (the player to
    /// move loses) or [`Outcome::N`].
    pub fn outcome(&self, heaps: &[usize]) -> Result<Outcome, QuotientError> {
        Ok(if self.is_p(self.element_of(heaps)?) { Outcome::P } else { Outcome::N })
    }

    /// The idempotents (`x² = x`).
    pub fn idempotents(&self) -> Vec<u32> {
        (0..self.order as u32).filter(|&x| self.mul(x, x) == x).collect()
    }

    /// The presentation in ASCII: `<a,b | a^2=1, b^3=b>`.
    pub fn presentation_ascii(&self) -> String {
        let k = self.generators.len();
        let names: Vec<String> = (0..k).map(|i| present::word_ascii(&unit(k, i))).collect();
        let rels: Vec<String> = self.relations.iter().map(|r| format!("{}={}", present::word_ascii(&r.lhs), present::word_ascii(&r.rhs))).collect();
        format!("<{} | {}>", names.join(","), rels.join(", "))
    }

    /// The P-portion as the papers write it: `{a, b²}`.
    pub fn p_portion_text(&self) -> String {
        let names: Vec<String> = self.p_portion().into_iter().map(|x| self.element_name(x)).collect();
        format!("{{{}}}", names.join(", "))
    }
}

fn unit(k: usize, i: usize) -> Vec<u32> {
    let mut w = vec![0; k];
    w[i] = 1;
    w
}

impl fmt::Display for MisereQuotient {
    /// The presentation: `⟨a, b | a² = 1, b³ = b⟩`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.generators.len();
        let names: Vec<String> = (0..k).map(present::generator_name).collect();
        let rels: Vec<String> = self.relations.iter().map(|r| format!("{} = {}", present::word_text(&r.lhs), present::word_text(&r.rhs))).collect();
        if k == 0 {
            write!(f, "⟨⟩")
        } else {
            write!(f, "⟨{} | {}⟩", names.join(", "), rels.join(", "))
        }
    }
}

/// The misère quotient of the closure of heaps `0..=max_heap` of `rule`,
/// within `budget` work units (one per option class computed; Kayles to
/// heap 100 takes about ... units).
pub fn misere_quotient(rule: &HeapRule, max_heap: usize, budget: u64) -> Result<MisereQuotient, QuotientError> {
    let mut job = QuotientJob::new(rule, max_heap, budget)?;
    loop {
        if let Some(q) = job.step(u64::MAX)? {
            return Ok(q);
        }
    }
}

/// The quotient computed heap by heap in slices ([`QuotientJob::step`]);
/// cancel by dropping it.
#[derive(Clone, Debug)]
pub struct QuotientJob {
    rule: HeapRule,
    max_heap: usize,
    /// Work left of the whole budget.
    left: u64,
    budget: u64,
    next: usize,
    /// Per heap: the heaps each move leaves (zeros for none), sorted.
    leaves: Vec<Vec<[u16; 3]>>,
    /// Per heap: its element of `q`.
    phi: Vec<u32>,
    /// Per heap: the elements of `q` its moves lead to, sorted.
    limg: Vec<Vec<u32>>,
    q: Table,
    /// Per element of `q`: a position of fewest tokens with that element.
    reps: Vec<Vec<usize>>,
    generators: Vec<usize>,
    orders: Vec<usize>,
    steps: Vec<StepRaw>,
    states: usize,
    failed: Option<QuotientError>,
}

/// Searches a model: the image if it is correct, else the position it
/// gets wrong.
fn run(
    n: usize,
    model: &Product,
    types: &[HeapType],
    left: &mut u64,
    states: &mut usize,
    budget: u64,
    keep: bool,
) -> Result<Result<Image, Vec<usize>>, QuotientError> {
    match explore::explore(model, types, left, MAX_STATE_WORDS, keep) {
        Ok(image) => {
            *states += image.states;
            Ok(Ok(image))
        }
        Err(Failure::Wrong { position }) => Ok(Err(position)),
        Err(Failure::Work) => Err(QuotientError::Budget { heap: n, work: budget }),
        Err(Failure::Memory) => Err(QuotientError::Memory { heap: n }),
    }
}

/// A monoid the models are built on: the quotient so far, or a finer one
/// (its option monoid), with each heap's element and the elements its
/// moves lead to (for heaps `1..=n`; heap `n`'s element is the model's).
#[derive(Clone, Debug)]
struct Base {
    table: Table,
    elem: Vec<u32>,
    leaves: Vec<Vec<u32>>,
}

/// The heap types of heaps `1..=n` in `model` over `base`; a heap past
/// `base`'s old heaps (heap `n` being added) is the model's element `g`.
fn types(model: &Product, base: &Base, n: usize, g: u32) -> Vec<HeapType> {
    let mut seen: rustc_hash::FxHashSet<(u32, Vec<u32>)> = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    for h in 1..=n {
        if base.leaves[h].is_empty() {
            // No move at all: the empty position.
            continue;
        }
        let elem = if h >= base.elem.len() { g } else { model.elem(base.elem[h], 0) };
        let leaves = sorted(base.leaves[h].iter().map(|&l| model.elem(l, 0)).collect());
        if seen.insert((elem, leaves.clone())) {
            out.push(HeapType { heap: h, elem, leaves });
        }
    }
    out
}

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v.dedup();
    v
}

/// A step with elements of the table at the time (renumbered at the end).
#[derive(Clone, Copy, Debug)]
enum StepRaw {
    Empty,
    Old,
    Generator { generator: usize, index: u32 },
}

impl QuotientJob {
    /// A job for the quotient of heaps `0..=max_heap` of `rule`, within
    /// `budget` work units in all.
    pub fn new(rule: &HeapRule, max_heap: usize, budget: u64) -> Result<QuotientJob, QuotientError> {
        let (limit, why) = limit_for(rule);
        if max_heap > limit {
            return Err(QuotientError::TooLarge { asked: max_heap, limit, why });
        }
        Ok(QuotientJob {
            rule: rule.clone(),
            max_heap,
            left: budget,
            budget,
            next: 1,
            leaves: vec![Vec::new()],
            phi: vec![0],
            limg: vec![Vec::new()],
            q: Table::trivial(),
            reps: vec![Vec::new()],
            generators: Vec::new(),
            orders: vec![1],
            steps: Vec::new(),
            states: 0,
            failed: None,
        })
    }

    /// Heaps added so far (of `max_heap`).
    pub fn progress(&self) -> (usize, usize) {
        (self.next - 1, self.max_heap)
    }

    /// The order of the quotient of the heaps added so far.
    pub fn order(&self) -> usize {
        self.q.order
    }

    /// Adds heaps until `slice` work units are spent (a heap is never
    /// split, so a slice may run over by one heap's work), or all are
    /// added: then the quotient.
    pub fn step(&mut self, slice: u64) -> Result<Option<MisereQuotient>, QuotientError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let start = self.left;
        while self.next <= self.max_heap {
            let n = self.next;
            if let Err(e) = self.add_heap(n) {
                self.failed = Some(e.clone());
                return Err(e);
            }
            self.next += 1;
            self.orders.push(self.q.order);
            if start - self.left >= slice && self.next <= self.max_heap {
                return Ok(None);
            }
        }
        Ok(Some(self.finish()))
    }

    fn charge(&mut self, n: usize, cost: u64) -> Result<(), QuotientError> {
        if self.left < cost {
            self.left = 0;
            return Err(QuotientError::Budget { heap: n, work: self.budget });
        }
        self.left -= cost;
        Ok(())
    }

    fn add_heap(&mut self, n: usize) -> Result<(), QuotientError> {
        let options = self.rule.options(n);
        self.charge(n, options.len() as u64 + 1)?;
        let mut leaves: Vec<[u16; 3]> = options
            .iter()
            .map(|(_, leave)| {
                // Heaps without a move are the empty position: left out.
                let mut l = [0u16; 3];
                let mut at = 0;
                for &h in leave {
                    if !self.leaves[h].is_empty() {
                        l[at] = h as u16;
                        at += 1;
                    }
                }
                l.sort_unstable();
                l
            })
            .collect();
        leaves.sort_unstable();
        leaves.dedup();
        self.leaves.push(leaves);
        self.phi.push(0);
        if options.is_empty() {
            self.limg.push(Vec::new());
            self.steps.push(StepRaw::Empty);
            return Ok(());
        }
        let limg = sorted(self.leaves[n].iter().map(|l| self.elem_of(l)).collect());
        self.limg.push(limg);
        // First on the quotient so far; if heap n tells apart positions it
        // identifies, on its option monoid, then on that one's.
        let mut base = Base { table: self.q.clone(), elem: self.phi[..n].to_vec(), leaves: self.limg.clone() };
        let mut last_wrong = Vec::new();
        for depth in 0..=MAX_REFINE {
            if depth > 0 {
                match self.refine(n, &base)? {
                    Some(finer) => base = finer,
                    None => break,
                }
            }
            if let Some(position) = self.try_base(n, &base, depth)? {
                last_wrong = position;
            } else {
                return Ok(());
            }
        }
        Err(QuotientError::Unresolved { heap: n, position: last_wrong })
    }

    /// Tries heap `n` as an element of `base`, then as a new generator over
    /// it: `None` once a model is proven (and taken), else the position
    /// the last model got wrong.
    fn try_base(&mut self, n: usize, base: &Base, depth: usize) -> Result<Option<Vec<usize>>, QuotientError> {
        let mut last_wrong = Vec::new();
        // An element already there, guessed from small positions.
        let guesses = self.guesses(n, base)?;
        for &x in guesses.iter().take(MAX_GUESSES) {
            let model = Product { q: &base.table, index: 0, period: 1 };
            let types = types(&model, base, n, x);
            match run(n, &model, &types, &mut self.left, &mut self.states, self.budget, false)? {
                Ok(image) => {
                    self.accept(n, base, depth, &model, &types, &image, x)?;
                    self.steps.push(StepRaw::Old);
                    return Ok(None);
                }
                Err(position) => last_wrong = position,
            }
        }
        // A new generator g with g^(k+2) = g^k, for growing k.
        let mut index = 1;
        while index <= MAX_INDEX {
            let model = Product { q: &base.table, index, period: 2 };
            let g = model.elem(0, 1);
            let types = types(&model, base, n, g);
            match run(n, &model, &types, &mut self.left, &mut self.states, self.budget, false)? {
                Ok(image) => {
                    let generator = self.generators.len();
                    self.accept(n, base, depth, &model, &types, &image, g)?;
                    self.generators.push(n);
                    self.steps.push(StepRaw::Generator { generator, index });
                    return Ok(None);
                }
                Err(position) => last_wrong = position,
            }
            index *= 2;
        }
        Ok(Some(last_wrong))
    }

    /// The option monoid of `base` over heaps `1..n` (see
    /// [`explore::option_monoid`]), with the heaps' elements in it; `None`
    /// if it is too large.
    fn refine(&mut self, n: usize, base: &Base) -> Result<Option<Base>, QuotientError> {
        let model = Product { q: &base.table, index: 0, period: 1 };
        let old: Vec<HeapType> = types(&model, base, n - 1, 0);
        let image = match run(n, &model, &old, &mut self.left, &mut self.states, self.budget, true)? {
            Ok(image) => image,
            // The base is correct for the old heaps: cannot happen.
            Err(_) => return Ok(None),
        };
        let Some(table) = explore::option_monoid(&model, &image, MAX_REFINED) else {
            return Ok(None);
        };
        self.charge(n, (table.order * table.order) as u64)?;
        let Some(states) = image.kept.as_ref() else {
            return Ok(None);
        };
        let mut elem = vec![0u32; n];
        for (h, slot) in elem.iter_mut().enumerate().skip(1) {
            if self.leaves[h].is_empty() {
                continue;
            }
            // A heap alone: its element, and its options' elements.
            let bits = explore::bits_of(model.size(), &base.leaves[h]);
            match states.find(base.elem[h], &bits) {
                Some(s) => *slot = s,
                None => return Ok(None),
            }
        }
        let leaves = (0..=n)
            .map(|h| sorted(self.leaves[h].iter().map(|l| l.iter().filter(|&&x| x != 0).fold(0, |x, &y| table.mul(x, elem[y as usize]))).collect()))
            .collect();
        Ok(Some(Base { table, elem, leaves }))
    }

    /// Takes a correct model's quotient as the new quotient, heap `n` being
    /// the model's element `g`.
    #[allow(clippy::too_many_arguments)]
    fn accept(&mut self, n: usize, base: &Base, depth: usize, model: &Product, types: &[HeapType], image: &Image, g: u32) -> Result<(), QuotientError> {
        let gens = sorted(types.iter().map(|t| t.elem).collect());
        let (class, count) = explore::classes(model, image, &gens);
        if count > MAX_ORDER {
            return Err(QuotientError::Order { heap: n, order: count, limit: MAX_ORDER });
        }
        let table = explore::quotient_table(model, image, &class, count);
        let mut at = vec![u32::MAX; model.size()];
        for (i, &e) in image.elems.iter().enumerate() {
            at[e as usize] = i as u32;
        }
        let class_of = |e: u32| class[at[e as usize] as usize];
        for h in 1..n {
            if !self.leaves[h].is_empty() {
                self.phi[h] = class_of(model.elem(base.elem[h], 0));
            }
        }
        self.phi[n] = class_of(g);
        if depth == 0 {
            // The old quotient's elements keep their classes apart: relabel.
            for h in 1..=n {
                self.limg[h] = sorted(self.limg[h].iter().map(|&x| class_of(model.elem(x, 0))).collect());
            }
        } else {
            for h in 1..=n {
                let l = self.leaves[h].iter().map(|l| l.iter().filter(|&&x| x != 0).fold(0, |x, &y| table.mul(x, self.phi[y as usize]))).collect();
                self.limg[h] = sorted(l);
            }
        }
        let mut reps: Vec<Option<Vec<usize>>> = vec![None; count];
        for (i, &c) in class.iter().enumerate() {
            if reps[c as usize].is_none() {
                reps[c as usize] = Some(image.witness[i].clone());
            }
        }
        self.q = table;
        self.reps = reps.into_iter().map(Option::unwrap_or_default).collect();
        Ok(())
    }

    /// The element of `q` of a leave.
    fn elem_of(&self, heaps: &[u16]) -> u32 {
        heaps.iter().filter(|&&h| h != 0).fold(0, |x, &h| self.q.mul(x, self.phi[h as usize]))
    }

    /// The elements of `base` heap `n` may be, from the exact outcomes of
    /// `n` plus small positions `W` of the old heaps: `n ≡ x` needs
    /// `x Φ(W)` in P exactly when `n + W` is a P-position. Usually one
    /// element is left, or none (a new generator).
    fn guesses(&mut self, n: usize, base: &Base) -> Result<Vec<u32>, QuotientError> {
        let table = &base.table;
        let at = |w: &[usize]| w.iter().fold(0, |x, &h| table.mul(x, base.elem[h]));
        let mut memo: rustc_hash::FxHashMap<Vec<usize>, bool> = rustc_hash::FxHashMap::default();
        let mut reps: Vec<Vec<usize>> = self.reps.clone();
        reps.sort_by_key(|r| (r.iter().sum::<usize>(), r.len()));
        let mut cost = 0u64;
        'reps: for root in reps {
            if memo.contains_key(&root) {
                continue;
            }
            // The positions below the root not valued yet.
            let mut fresh: Vec<Vec<usize>> = Vec::new();
            let mut seen: rustc_hash::FxHashSet<Vec<usize>> = rustc_hash::FxHashSet::default();
            let mut stack = vec![root];
            while let Some(w) = stack.pop() {
                if memo.contains_key(&w) || seen.contains(&w) {
                    continue;
                }
                if memo.len() + seen.len() >= GUESS_POSITIONS {
                    break 'reps;
                }
                for o in self.moves(&w) {
                    cost += 1;
                    stack.push(o);
                }
                seen.insert(w.clone());
                fresh.push(w);
            }
            fresh.sort_by_key(|w| w.iter().sum::<usize>());
            for w in fresh {
                let x = at(&w);
                let to_p_leaf = base.leaves[n].iter().any(|&l| table.p[table.mul(x, l) as usize]);
                let moves = self.moves(&w);
                cost += moves.len() as u64;
                let to_p = to_p_leaf || moves.iter().any(|o| memo.get(o).copied().unwrap_or(false));
                let has_move = !base.leaves[n].is_empty() || !moves.is_empty();
                memo.insert(w, has_move && !to_p);
            }
        }
        self.charge(n, cost)?;
        // Each valued position says whether x Φ(W) is in P.
        let mut says: Vec<u8> = vec![0; table.order];
        for (w, &is_p) in &memo {
            let y = at(w) as usize;
            let v = if is_p { 2 } else { 1 };
            if says[y] != 0 && says[y] != v {
                return Ok(Vec::new());
            }
            says[y] = v;
        }
        let known: Vec<(u32, bool)> = (0..table.order as u32).filter(|&y| says[y as usize] != 0).map(|y| (y, says[y as usize] == 2)).collect();
        let order = table.order as u32;
        self.charge(n, u64::from(order) * known.len() as u64)?;
        Ok((0..order).filter(|&x| known.iter().all(|&(y, is_p)| table.p[table.mul(x, y) as usize] == is_p)).collect())
    }

    /// The positions one move from `w` (heaps sorted, no heap without a move).
    fn moves(&self, w: &[usize]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &h) in w.iter().enumerate() {
            if i > 0 && w[i - 1] == h {
                continue;
            }
            for l in &self.leaves[h] {
                let mut o: Vec<usize> = w[..i].iter().chain(&w[i + 1..]).copied().collect();
                o.extend(l.iter().filter(|&&x| x != 0).map(|&x| x as usize));
                o.sort_unstable();
                out.push(o);
            }
        }
        out
    }

    /// The quotient of all heaps added, renumbered by normal forms.
    fn finish(&self) -> MisereQuotient {
        let gens: Vec<u32> = self.generators.iter().map(|&h| self.phi[h]).collect();
        let (nf, relations) = present::present(&self.q, &gens).unwrap_or_else(|| (vec![Vec::new(); self.q.order], Vec::new()));
        // New numbers: elements sorted by their normal forms.
        let mut by_word: Vec<u32> = (0..self.q.order as u32).collect();
        by_word.sort_by(|&x, &y| present::word_cmp(&nf[x as usize], &nf[y as usize]));
        let mut renum = vec![0u32; self.q.order];
        for (new, &old) in by_word.iter().enumerate() {
            renum[old as usize] = new as u32;
        }
        let order = self.q.order;
        let mut mul = vec![0u32; order * order];
        for x in 0..order {
            for y in 0..order {
                mul[renum[x] as usize * order + renum[y] as usize] = renum[self.q.mul(x as u32, y as u32) as usize];
            }
        }
        let p = by_word.iter().map(|&old| self.q.p[old as usize]).collect();
        let words = by_word.iter().map(|&old| nf[old as usize].clone()).collect();
        let pretend: Vec<u32> = self.phi.iter().map(|&x| renum[x as usize]).collect();
        let steps = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| match *s {
                StepRaw::Empty => HeapStep::Empty,
                StepRaw::Old => HeapStep::Old(pretend[i + 1]),
                StepRaw::Generator { generator, index } => HeapStep::Generator { generator, index },
            })
            .collect();
        MisereQuotient {
            rule: self.rule.clone(),
            max_heap: self.max_heap,
            order,
            mul,
            p,
            pretend,
            generators: self.generators.clone(),
            words,
            relations: relations.into_iter().map(|(lhs, rhs)| Relation { lhs, rhs }).collect(),
            orders: self.orders.clone(),
            steps,
            work: self.budget - self.left,
            states: self.states,
        }
    }
}
