//! Game algebra on canonical forms: what CGSuite's explorer offers on every
//! game, exact.
//!
//! - [`incentives`]: Left's `G^L - G` and Right's `G - G^R`, and which
//!   moves are dominant by incentive.
//! - [`reduced`]: the order modulo infinitesimals (`G <=_Inf H`), "G and H
//!   are infinitesimally close", and the reduced canonical form.
//! - [`temperature`]: cooling `G_t`, chilling (cooling by 1), warming (its
//!   inverse on chilled Go values), heating `∫^t G`, overheating `∫_s^t G`
//!   and Norton's product `G.U`.
//! - [`atomic`]: atomic weight of infinitesimal games (the two-ahead rule
//!   included), with the reason where it is not defined.
//! - [`thermal`]: critical temperatures and orthodox moves (which moves
//!   keep the thermograph's stops at each temperature).
//!
//! Every operation here is a map over the subforms of a canonical form
//! (options before the forms that have them), memoised in an [`Algebra`]
//! and bounded by its budget of forms per call: a giant game is refused
//! with [`AlgebraError::TooLarge`], never a frozen tab. The walks use
//! explicit stacks (`map_forms`), since canonical forms can be
//! far deeper than the stack.
//!
//! Sources: Berlekamp, Conway and Guy, *Winning Ways* (2001), ch. 6 and 8;
//! Conway, *On Numbers and Games* (1976/2001), ch. 9; Albert, Nowakowski and
//! Wolfe, *Lessons in Play* (2007), ch. 9; Siegel, *Combinatorial Game
//! Theory* (2013), ch. II.5-II.7; Berlekamp and Wolfe, *Mathematical Go*
//! (1994), ch. 2-3. Each submodule names the definition it follows.

pub mod atomic;
pub mod incentives;
pub mod reduced;
pub mod temperature;
pub mod thermal;

use crate::canonical::{Canon, CanonError, CanonId};
use crate::numbers::Q;
use crate::thermograph::Thermograph;
use std::collections::HashMap;
use std::fmt;

/// Why an operation gave no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlgebraError {
    /// The operation would walk more than `max` forms.
    TooLarge { max: usize },
    /// Cooling is defined (and additive) for `t > -1` only.
    CoolBelowMinusOne { t: Q },
    /// Norton's product and overheating need a positive unit.
    NotPositive { what: &'static str, found: String },
    /// A value is not dyadic (no short game has it).
    Canon(CanonError),
    /// The atomic weight is not defined; the text says why.
    NoAtomicWeight { reason: String },
    /// The operation took more than `max` steps of work (comparisons and
    /// sums of canonical forms; see [`Algebra::within_work`]).
    TooMuchWork { max: u64 },
}

impl fmt::Display for AlgebraError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlgebraError::TooLarge { max } => {
                write!(f, "the game has more than {max} subpositions to work through (the budget); try a smaller game")
            }
            AlgebraError::CoolBelowMinusOne { t } => {
                write!(f, "cooling is defined for t > -1, not t = {t} (cooling by -1 would be heating by 1, which is not additive)")
            }
            AlgebraError::NotPositive { what, found } => write!(f, "{what} must be a positive game, not {found}"),
            AlgebraError::Canon(e) => write!(f, "{e}"),
            AlgebraError::NoAtomicWeight { reason } => write!(f, "the atomic weight is not defined: {reason}"),
            AlgebraError::TooMuchWork { max } => {
                write!(f, "not computed: it took more than {} steps (comparisons and sums of canonical forms), the budget for one answer", thousands(*max))
            }
        }
    }
}

impl std::error::Error for AlgebraError {}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let d = n.to_string();
    let mut out = String::with_capacity(d.len() + d.len() / 3);
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl From<CanonError> for AlgebraError {
    fn from(e: CanonError) -> AlgebraError {
        AlgebraError::Canon(e)
    }
}

/// Steps of work ([`Canon::work`]) one answer of the algebra may take in
/// `cgt` and on the page (a few tenths of a second natively): past it the
/// answer says it was not computed, instead of running for minutes (the
/// thermal dissociation of a five-part Domineering sum never ends).
pub const ANSWER_WORK: u64 = 300_000;

/// The dissociation's budget for `g`: [`DISSOCIATION_WORK`] for forms of
/// at most 100 subforms (the published examples dissociate within it), the
/// ordinary [`ANSWER_WORK`] for larger ones, where each step cools and
/// heats the whole form and a dissociation was never seen to finish within
/// the larger budget (the five parts of a 3-row Domineering board ran
/// past 5 million steps).
pub fn dissociation_work(canon: &mut Canon, g: CanonId) -> u64 {
    if subforms_within(canon, g, 100).is_some() {
        DISSOCIATION_WORK
    } else {
        ANSWER_WORK
    }
}

/// The explorer's Algebra card's budget for each side's moves (incentives
/// and orthodox temperatures): the card of a large form runs in the Web
/// Worker with a clock and Cancel, and `±1 + ... + ±16`'s incentives take
/// 1.8 million steps a side.
pub const CARD_MOVES_WORK: u64 = 4_000_000;

/// The thermal dissociation's budget: larger, since it cools and heats the
/// whole form at every critical temperature (`13|4||0|-11`'s six particles
/// take 1.1 million steps, about half a second).
pub const DISSOCIATION_WORK: u64 = 2_500_000;

/// Forms walked per call unless the caller sets another budget: the
/// explorer's games of 10,000 positions fit with room to spare.
pub const DEFAULT_MAX_FORMS: usize = 200_000;

/// Memos of the operations, for one [`Canon`] store (ids are the store's).
/// Keep one beside the store to make repeated questions free.
#[derive(Debug)]
pub struct Algebra {
    max_forms: usize,
    thermos: HashMap<CanonId, Thermograph>,
    cooled: HashMap<Q, HashMap<CanonId, CanonId>>,
    heated: HashMap<CanonId, HashMap<CanonId, CanonId>>,
    overheated: HashMap<(CanonId, CanonId), HashMap<CanonId, CanonId>>,
    norton: HashMap<CanonId, HashMap<CanonId, CanonId>>,
    reduced: HashMap<CanonId, CanonId>,
    atomic: HashMap<CanonId, Result<CanonId, AlgebraError>>,
}

impl Default for Algebra {
    fn default() -> Self {
        Algebra::new(DEFAULT_MAX_FORMS)
    }
}

impl Algebra {
    /// Memos for a store, walking at most `max_forms` new forms a call.
    pub fn new(max_forms: usize) -> Algebra {
        Algebra {
            max_forms,
            thermos: HashMap::new(),
            cooled: HashMap::new(),
            heated: HashMap::new(),
            overheated: HashMap::new(),
            norton: HashMap::new(),
            reduced: HashMap::new(),
            atomic: HashMap::new(),
        }
    }

    pub fn max_forms(&self) -> usize {
        self.max_forms
    }

    /// Run `f` with at most `max` more steps of the store's work
    /// ([`Canon::work`]); past them `f`'s answer is thrown away and
    /// [`AlgebraError::TooMuchWork`] returned. The operations' cost is not
    /// the size of the form: cooling and heating a 600-form sum to
    /// dissociate it can take minutes, its reduced form a millisecond. The
    /// memos may hold answers made past the limit, so they are dropped
    /// then (the store stays sound: it stores nothing past its limit).
    pub fn within_work<T>(
        &mut self,
        canon: &mut Canon,
        max: u64,
        f: impl FnOnce(&mut Algebra, &mut Canon) -> Result<T, AlgebraError>,
    ) -> Result<T, AlgebraError> {
        let start = canon.work();
        canon.set_work_limit(Some(start.saturating_add(max)));
        let r = f(self, canon);
        let over = canon.over_limit();
        canon.set_work_limit(None);
        if over {
            *self = Algebra::new(self.max_forms);
            return Err(AlgebraError::TooMuchWork { max });
        }
        r
    }

    /// The thermograph of a canonical form (memoised; options first, on an
    /// explicit stack).
    pub fn thermograph(&mut self, canon: &mut Canon, g: CanonId) -> Result<Thermograph, AlgebraError> {
        thermographs_into(&mut self.thermos, canon, g, self.max_forms)?;
        Ok(self.thermos[&g].clone())
    }

    /// The temperature of a canonical form (negative for numbers).
    pub fn temperature(&mut self, canon: &mut Canon, g: CanonId) -> Result<Q, AlgebraError> {
        thermographs_into(&mut self.thermos, canon, g, self.max_forms)?;
        Ok(self.thermos[&g].temperature().clone())
    }
}

/// Fills `thermos` with the thermographs of the canonical form `g` and its
/// subforms (options first, on an explicit stack), walking at most `max`
/// new forms: the one walk the algebra and the game engine use.
pub fn thermographs_into(thermos: &mut HashMap<CanonId, Thermograph>, canon: &mut Canon, g: CanonId, max: usize) -> Result<(), AlgebraError> {
    if thermos.contains_key(&g) {
        return Ok(());
    }
    let start = thermos.len();
    let mut stack: Vec<(CanonId, bool)> = vec![(g, false)];
    while let Some((v, expanded)) = stack.pop() {
        if thermos.contains_key(&v) {
            continue;
        }
        if let Some(x) = canon.as_number(v) {
            thermos.insert(v, Thermograph::of_number(x));
            continue;
        }
        let (l, r) = (canon.left(v), canon.right(v));
        if expanded {
            let th = {
                let get = |k: &CanonId| &thermos[k];
                Thermograph::from_options(l.iter().map(get), r.iter().map(get)).0
            };
            thermos.insert(v, th);
            continue;
        }
        if thermos.len() - start + stack.len() >= max {
            return Err(AlgebraError::TooLarge { max });
        }
        stack.push((v, true));
        for k in l.into_iter().chain(r) {
            if !thermos.contains_key(&k) {
                stack.push((k, false));
            }
        }
    }
    Ok(())
}

/// What a walk over a form's followers does at one of them.
pub(crate) enum Visit {
    /// Go on into its options.
    Enter,
    /// Count it, but not its options.
    Skip,
    /// End the walk.
    Stop,
}

/// How a walk ended: stopped by a visit, and how many forms it saw.
pub(crate) struct Walk {
    pub stopped: bool,
    pub seen: usize,
}

/// Visits `g` and its followers once each (numbers are never entered),
/// refusing more than `max` of them.
pub(crate) fn walk_followers(canon: &mut Canon, g: CanonId, max: usize, mut visit: impl FnMut(&mut Canon, CanonId) -> Visit) -> Result<Walk, AlgebraError> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![g];
    while let Some(x) = stack.pop() {
        if !seen.insert(x) {
            continue;
        }
        if seen.len() > max {
            return Err(AlgebraError::TooLarge { max });
        }
        match visit(canon, x) {
            Visit::Stop => return Ok(Walk { stopped: true, seen: seen.len() }),
            Visit::Skip => {}
            Visit::Enter if canon.is_number(x) => {}
            Visit::Enter => {
                stack.extend(canon.left(x));
                stack.extend(canon.right(x));
            }
        }
    }
    Ok(Walk { stopped: false, seen: seen.len() })
}

/// How many distinct forms `g` and its followers are, if at most `max`:
/// the size the algebra's work grows with.
pub fn subforms_within(canon: &mut Canon, g: CanonId, max: usize) -> Option<usize> {
    walk_followers(canon, g, max, |_, _| Visit::Enter).ok().map(|w| w.seen)
}

/// The distinct forms of `g` and its followers plus the moves between them
/// (each form's options counted once), if at most `max`. The algebra's work
/// grows with this rather than with the forms alone: `*74` is 75 forms but
/// 2,775 moves, and warming it canonicalises forms of up to 74 options
/// compared pairwise (seconds), where a 75-form switch is instant.
pub fn size_within(canon: &mut Canon, g: CanonId, max: usize) -> Option<usize> {
    let mut size = 0usize;
    let walk = walk_followers(canon, g, max, |canon, x| {
        size += 1;
        if !canon.is_number(x) {
            size += canon.left(x).len() + canon.right(x).len();
        }
        if size > max {
            Visit::Stop
        } else {
            Visit::Enter
        }
    })
    .ok()?;
    (!walk.stopped).then_some(size)
}

/// The map `g -> f(g)` over the subforms of `g`, options first, memoised in
/// `memo`. `leaf` answers a form without its options when it can (numbers,
/// forms past a temperature); otherwise `node` builds the answer from the
/// form and its options' answers (Left's, then Right's). At most `max` new
/// forms are walked.
pub(crate) fn map_forms(
    canon: &mut Canon,
    g: CanonId,
    memo: &mut HashMap<CanonId, CanonId>,
    max: usize,
    mut leaf: impl FnMut(&mut Canon, CanonId) -> Result<Option<CanonId>, AlgebraError>,
    mut node: impl FnMut(&mut Canon, CanonId, &[CanonId], &[CanonId]) -> Result<CanonId, AlgebraError>,
) -> Result<CanonId, AlgebraError> {
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let start = memo.len();
    let mut stack: Vec<(CanonId, bool)> = vec![(g, false)];
    while let Some((x, expanded)) = stack.pop() {
        if memo.contains_key(&x) {
            continue;
        }
        if !expanded {
            if let Some(v) = leaf(canon, x)? {
                memo.insert(x, v);
                continue;
            }
            if memo.len() - start + stack.len() >= max {
                return Err(AlgebraError::TooLarge { max });
            }
            stack.push((x, true));
            for k in canon.left(x).into_iter().chain(canon.right(x)) {
                if !memo.contains_key(&k) {
                    stack.push((k, false));
                }
            }
            continue;
        }
        let l: Vec<CanonId> = canon.left(x).iter().map(|k| memo[k]).collect();
        let r: Vec<CanonId> = canon.right(x).iter().map(|k| memo[k]).collect();
        let v = node(canon, x, &l, &r)?;
        memo.insert(x, v);
    }
    Ok(memo[&g])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_counts_forms_and_moves() {
        let mut c = Canon::new();
        // *2 = {0, * | 0, *}: the forms *2, *, 0 and 2 + 2 + 1 + 1 moves.
        let g = c.nimber(2);
        assert_eq!(size_within(&mut c, g, 100), Some(9));
        assert_eq!(size_within(&mut c, g, 8), None);
        let big = c.nimber(74);
        assert_eq!(subforms_within(&mut c, big, 1_000), Some(75));
        assert_eq!(size_within(&mut c, big, 10_000), Some(75 + 2 * (74 * 75 / 2)));
    }
}
