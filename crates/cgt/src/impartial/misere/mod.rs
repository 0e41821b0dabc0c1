//! Misère play of impartial games: Conway's misère canonical forms, their
//! sums, outcomes, genus, and tame games.
//!
//! **Misère play.** The player who cannot move *wins*. Two impartial games
//! are equal in misère play, `G =⁻ H`, when `o⁻(G + X) = o⁻(H + X)` for
//! every impartial game `X`. Unlike normal play, misère play does not
//! collapse every game to a nim-heap: `*2 + *2` is a P-position but not
//! equal to `0`, and there are 22 distinct games born by day 4 and
//! 4,171,780 born by day 5 (Conway, *On Numbers and Games*, 1976, ch. 12;
//! Siegel, *Combinatorial Game Theory*, 2013, ch. V; Siegel 2020,
//! "On the structure of misère impartial games", arXiv:2012.08554).
//!
//! **Canonical forms.** Every game has a unique simplest form, reached by
//! the Grundy-Smith simplification alone (Grundy and Smith 1956; Conway
//! 1976 proved that nothing else simplifies): let `G` have the options `S`
//! (each in simplest form) and let `H` be a simplest form whose options
//! all lie in `S`, such that every other option of `G` has `H` among its
//! own options (each of those options is *reversible* through `H`). Then
//! `G = H` — provided, when `H = 0`, that `G` is a misère N-position, i.e.
//! some option of `G` is a P-position (the *proviso*: `{*2}` is not `0`,
//! since `0` is an N-position and `{*2}` a P-position). When no such `H`
//! exists, `G` with the options `S` is itself in simplest form. Since the
//! options of `H` are born before `H` and the reversible options after it,
//! the candidates `H` are found where the birthdays of `S` leave a gap of
//! two or more: the options below the gap must be exactly the options of
//! a known form (CGSuite's method, by Hoey and Siegel).
//!
//! [`MisereCanon`] interns simplest forms ([`MId`]): each is the sorted
//! list of its options' ids. Each form stores its birthday, its normal-play
//! nim value `G⁺`, its genus (whose first term is the misère nim value
//! `G⁻`) and whether it is tame, all computed from its options when it is
//! made, so no question about a form walks its subpositions.
//!
//! **Values.** `G⁺` is the ordinary Grundy value. `G⁻` is `1` for `0` and
//! otherwise the mex of the options' `G⁻`; `G` is a misère P-position
//! exactly when `G⁻(G) = 0`, and `G + *n` is a P-position exactly when
//! `n = G⁻(G)`. The **genus** (Conway 1976, ch. 12; Winning Ways,
//! Berlekamp, Conway and Guy 1982, ch. 13) is `g^{γ0 γ1 γ2 ...}` with
//! `g = G⁺(G)` and `γn = G⁻(G + *2 + ... + *2)` (`n` copies of `*2`).
//! Because `G⁻(X + *) = G⁻(X) ⊕ 1` for every `X`, it follows from the
//! options' genera: `γ0 = G⁻(G)` and `γn = mex(γn of the options, γ(n-1),
//! γ(n-1) ⊕ 1)`. The sequence is eventually periodic with period 2, and
//! is written up to the point where it is (`0` is `0^120`: `1, 2, 0, 2,
//! 0, ...`); [`Genus`] holds the data.
//!
//! **Tame games** (Conway 1976, ch. 12; Winning Ways ch. 13) play like
//! misère Nim. A genus is *tame* if it is `0^120`, `1^031` or `a^{a,a⊕2}`
//! (`0^02`, `1^13`, `2^20`, `3^31`, ...). A form is tame when it and each
//! of its options, hereditarily, have `G⁺ = G⁻` or both `G⁺` and `G⁻` in
//! `{0, 1}` (then every genus on the way is tame: CGSuite's "hereditarily
//! tame"); a form that is not tame is *wild*. Among wild forms whose
//! options are all tame, *restive* ones have `G⁺ ≤ 1 < G⁻` and *restless*
//! ones `G⁻ ≤ 1 < G⁺` (Conway 1976, ch. 12).
//!
//! **Budgets.** Sums of canonical forms grow very fast (a Kayles heap of a
//! few dozen tokens is already huge), so every operation that may create
//! many forms counts against a [`MisereBudget`] and refuses with a
//! [`MisereError`] naming the limit rather than exhaust memory.
//!
//! Nothing here recurses on the depth of a form: sums, heaps and names use
//! explicit stacks, so forms thousands of levels deep are fine.
//!
//! - [`heap_forms`] (in [`heaps`]): the misère canonical form of each heap of a
//!   [`HeapRule`](super::HeapRule);
//! - [`notation`]: [`MisereCanon::name`] and [`MisereCanon::parse`]
//!   (`*2`, `*[2#0]`, `*[(2#1)2##]`; the parser also reads `*[2[2]]` and
//!   `{0, *, *2}`).

pub mod heaps;
pub mod notation;

pub use heaps::heap_forms;
pub use notation::{MisereParseError, MisereParseErrorKind, MAX_NAME_LEN, MAX_PARSE_DEPTH, MAX_PARSE_LEN, MAX_PARSE_NIMBER};

use hashbrown::HashTable;
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::BuildHasher;

/// The id of a misère canonical form in one [`MisereCanon`].
///
/// Ids are only meaningful in the table that made them; an id of another
/// table names an unrelated form (or, past the end, makes the accessors
/// panic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MId(u32);

impl MId {
    /// The index of the form in its table (`0` is the game `0`).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The misère outcome of an impartial game: the player to move wins (`N`)
/// or loses (`P`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereOutcome {
    /// The next player (the one to move) wins.
    N,
    /// The previous player wins: every move loses.
    P,
}

impl fmt::Display for MisereOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MisereOutcome::N => "N",
            MisereOutcome::P => "P",
        })
    }
}

/// Limits on what a [`MisereCanon`] may hold and do; operations that
/// would pass one refuse with a [`MisereError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MisereBudget {
    /// The most forms the table may hold.
    pub max_forms: usize,
    /// The most option entries, summed over all forms (a nim-heap `*n`
    /// holds `n`; `*0` to `*n` together about `n²/2`).
    pub max_options: usize,
    /// The most units of work the table may ever do: a unit is one sum of
    /// two forms worked out (and memoised), or one move of a heap listed by
    /// [`heap_forms`].
    pub max_work: u64,
}

impl MisereBudget {
    /// The budget of [`MisereCanon::with_budget`]: `max_forms` forms, 16
    /// option entries and 16 units of work per form.
    pub fn forms(max_forms: usize) -> MisereBudget {
        MisereBudget { max_forms, max_options: max_forms.saturating_mul(16), max_work: (max_forms as u64).saturating_mul(16) }
    }
}

impl Default for MisereBudget {
    /// A million forms (and 16 million option entries, 16 million units of
    /// work): a few hundred MB at most.
    fn default() -> Self {
        MisereBudget::forms(1 << 20)
    }
}

/// Why a misère computation stopped: a limit of the table's
/// [`MisereBudget`] was reached. The table stays valid (what was computed
/// is kept), and a larger budget can go on from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisereError {
    /// The table would hold more than `max_forms` forms.
    Forms { max_forms: usize },
    /// The forms would hold more than `max_options` option entries.
    Options { max_options: usize },
    /// More than `max_work` sums or heap moves would be worked out.
    Work { max_work: u64 },
}

impl fmt::Display for MisereError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MisereError::Forms { max_forms } => {
                write!(f, "misère canonical forms exceed the budget of {max_forms} forms (max_forms)")
            }
            MisereError::Options { max_options } => {
                write!(f, "misère canonical forms exceed the budget of {max_options} option entries (max_options)")
            }
            MisereError::Work { max_work } => write!(f, "misère work exceeds the budget of {max_work} sums and heap moves (max_work)"),
        }
    }
}

impl std::error::Error for MisereError {}

/// The genus `g^{γ0 γ1 γ2 ...}` of an impartial game (Conway 1976, ch. 12;
/// Winning Ways ch. 13): `g = G⁺(G)`, `γn = G⁻(G + n·*2)`.
///
/// `gammas` holds `γ0 ... γ(L-1)` for the least `L ≥ 2` with
/// `γn = γ(n-2)` for every `n ≥ L`; [`Genus::gamma`] reads any term.
/// `Display` writes Winning Ways' form, `g^γ0γ1...` (`0^120`, `1^031`,
/// `2^20`, `4^146`), or, when a term has two digits, CGSuite's
/// `g^(γ0,γ1,...)` (`6^(1,9,10,8)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// `G⁺`: the normal-play nim value.
    pub normal: u32,
    /// `γ0 ... γ(L-1)`; `γ0` is the misère nim value `G⁻`.
    pub gammas: Vec<u32>,
}

impl Genus {
    /// `γn` for any `n` (the sequence repeats its last two terms).
    pub fn gamma(&self, n: usize) -> u32 {
        gamma_at(&self.gammas, n)
    }

    /// The misère nim value `G⁻ = γ0`.
    pub fn misere(&self) -> u32 {
        self.gammas.first().copied().unwrap_or(0)
    }

    /// A tame genus: `0^120`, `1^031`, or `a^{a, a⊕2}` for any `a`
    /// (`0^02`, `1^13`, `2^20`, ...): the genera of misère Nim positions.
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        match self.gammas.as_slice() {
            [a, b] => *a == g && *b == g ^ 2,
            [1, 2, 0] => g == 0,
            [0, 3, 1] => g == 1,
            _ => false,
        }
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.gammas.iter().all(|&x| x < 10) {
            for x in &self.gammas {
                write!(f, "{x}")?;
            }
            Ok(())
        } else {
            f.write_str("(")?;
            for (i, x) in self.gammas.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{x}")?;
            }
            f.write_str(")")
        }
    }
}

/// `γn` of a stored genus sequence (`γn = γ(n-2)` past its end).
fn gamma_at(gammas: &[u32], n: usize) -> u32 {
    let len = gammas.len();
    if n < len {
        gammas[n]
    } else if len >= 2 {
        gammas[len - 2 + (n - (len - 2)) % 2]
    } else {
        gammas.first().copied().unwrap_or(0)
    }
}

/// One simplest form.
#[derive(Clone, Debug)]
struct Form {
    /// Options, sorted by id, without repeats.
    options: Box<[MId]>,
    birthday: u32,
    /// `G⁺`.
    normal: u32,
    /// `γ0 ... γ(L-1)` (see [`Genus`]).
    gammas: Box<[u32]>,
    /// Hereditarily tame (see the module docs).
    tame: bool,
    /// A nim-heap `*birthday`.
    nimber: bool,
}

/// The table of misère canonical (simplest) forms: each form once, with an
/// id, and the memo of their sums. See the module docs.
#[derive(Clone, Debug)]
pub struct MisereCanon {
    forms: Vec<Form>,
    index: HashTable<MId>,
    nimbers: Vec<MId>,
    sums: FxHashMap<(MId, MId), MId>,
    option_entries: usize,
    work: u64,
    budget: MisereBudget,
}

impl Default for MisereCanon {
    fn default() -> Self {
        MisereCanon::new()
    }
}

fn hash_options(options: &[MId]) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(options)
}

/// The least number not marked (`marks` is cleared on the way out).
fn mex_of(marks: &mut Vec<bool>, values: impl Iterator<Item = u32>) -> u32 {
    for v in values {
        let v = v as usize;
        if v >= marks.len() {
            marks.resize(v + 1, false);
        }
        marks[v] = true;
    }
    let m = marks.iter().position(|&b| !b).unwrap_or(marks.len());
    marks.iter_mut().for_each(|b| *b = false);
    m as u32
}

impl MisereCanon {
    /// The game `0` is id 0. Budget: [`MisereBudget::default`].
    pub fn new() -> MisereCanon {
        MisereCanon::with_limits(MisereBudget::default())
    }

    /// A table that holds at most `max_forms` forms (see [`MisereBudget::forms`]).
    pub fn with_budget(max_forms: usize) -> MisereCanon {
        MisereCanon::with_limits(MisereBudget::forms(max_forms))
    }

    /// A table with this budget.
    pub fn with_limits(budget: MisereBudget) -> MisereCanon {
        let mut t =
            MisereCanon { forms: Vec::new(), index: HashTable::new(), nimbers: Vec::new(), sums: FxHashMap::default(), option_entries: 0, work: 0, budget };
        let zero = t.insert(Vec::new());
        t.nimbers.push(zero);
        t
    }

    /// The budget in force.
    pub fn budget(&self) -> MisereBudget {
        self.budget
    }

    /// Changes the budget (what was computed is kept).
    pub fn set_budget(&mut self, budget: MisereBudget) {
        self.budget = budget;
    }

    /// Units of work done so far (see [`MisereBudget::max_work`]).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The number of forms in the table.
    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// Never: the table always holds `0`.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// The game `0` (no move).
    pub fn zero(&self) -> MId {
        MId(0)
    }

    fn form(&self, a: MId) -> &Form {
        &self.forms[a.index()]
    }

    /// The options of `a`, sorted by id.
    pub fn options(&self, a: MId) -> &[MId] {
        &self.form(a).options
    }

    /// `a` has the option `b`.
    pub fn has_option(&self, a: MId, b: MId) -> bool {
        self.form(a).options.binary_search(&b).is_ok()
    }

    /// The birthday: 0 for `0`, else one more than the latest option's.
    pub fn birthday(&self, a: MId) -> u32 {
        self.form(a).birthday
    }

    /// `n` if `a` is the nim-heap `*n`.
    pub fn nim_heap(&self, a: MId) -> Option<u32> {
        let f = self.form(a);
        f.nimber.then_some(f.birthday)
    }

    /// The misère outcome: `P` exactly when `G⁻ = 0`. `0` is `N`: the
    /// player to move cannot move, and so wins.
    pub fn outcome(&self, a: MId) -> MisereOutcome {
        if self.misere_grundy(a) == 0 {
            MisereOutcome::P
        } else {
            MisereOutcome::N
        }
    }

    /// The player to move wins in misère play.
    pub fn first_player_wins(&self, a: MId) -> bool {
        self.outcome(a) == MisereOutcome::N
    }

    /// `G⁺`: the ordinary (normal-play) Grundy value.
    pub fn normal_value(&self, a: MId) -> u32 {
        self.form(a).normal
    }

    /// `G⁻`: the misère Grundy value (`1` for `0`, else the mex of the
    /// options'); `G + *n` is a misère P-position exactly when `n = G⁻`.
    pub fn misere_grundy(&self, a: MId) -> u32 {
        self.form(a).gammas[0]
    }

    /// The genus `g^{γ0 γ1 ...}` (see [`Genus`]).
    pub fn genus(&self, a: MId) -> Genus {
        let f = self.form(a);
        Genus { normal: f.normal, gammas: f.gammas.to_vec() }
    }

    /// Tame: the form and all its options, hereditarily, have `G⁺ = G⁻` or
    /// both in `{0, 1}` (see the module docs); its genus is then tame.
    pub fn is_tame(&self, a: MId) -> bool {
        self.form(a).tame
    }

    /// Not tame.
    pub fn is_wild(&self, a: MId) -> bool {
        !self.is_tame(a)
    }

    fn options_tame(&self, a: MId) -> bool {
        self.options(a).iter().all(|&o| self.is_tame(o))
    }

    /// Restive: not tame, every option tame, `G⁺ ≤ 1 < G⁻`.
    pub fn is_restive(&self, a: MId) -> bool {
        let f = self.form(a);
        !f.tame && f.normal <= 1 && f.gammas[0] > 1 && self.options_tame(a)
    }

    /// Restless: not tame, every option tame, `G⁻ ≤ 1 < G⁺`.
    pub fn is_restless(&self, a: MId) -> bool {
        let f = self.form(a);
        !f.tame && f.gammas[0] <= 1 && f.normal > 1 && self.options_tame(a)
    }

    fn lookup(&self, sorted: &[MId]) -> Option<MId> {
        let h = hash_options(sorted);
        self.index.find(h, |&id| *self.forms[id.index()].options == *sorted).copied()
    }

    /// Adds a form known to be in simplest form and not yet in the table.
    fn insert(&mut self, options: Vec<MId>) -> MId {
        let id = MId(self.forms.len() as u32);
        let birthday = options.iter().map(|&o| self.form(o).birthday + 1).max().unwrap_or(0);
        let mut marks = Vec::new();
        let normal = mex_of(&mut marks, options.iter().map(|&o| self.form(o).normal));
        let gammas = self.genus_from(&options, &mut marks);
        let g_minus = gammas[0];
        let tame_genus = normal == g_minus || (normal <= 1 && g_minus <= 1);
        let tame = tame_genus && options.iter().all(|&o| self.form(o).tame);
        let nimber = options.len() == birthday as usize && options.iter().all(|&o| self.form(o).nimber);
        let h = hash_options(&options);
        self.option_entries += options.len();
        self.forms.push(Form { options: options.into_boxed_slice(), birthday, normal, gammas, tame, nimber });
        let forms = &self.forms;
        self.index.insert_unique(h, id, |&x| hash_options(&forms[x.index()].options));
        id
    }

    /// The genus sequence of the game with these options (see the module
    /// docs for the recurrence). If every option's sequence repeats with
    /// period 2 from index `m`, this one does from `m + 4` at the latest
    /// (the two-step map of the recurrence is idempotent on the values it
    /// takes), so `m + 6` terms decide where it starts to repeat.
    fn genus_from(&self, options: &[MId], marks: &mut Vec<bool>) -> Box<[u32]> {
        let m = options.iter().map(|&o| self.form(o).gammas.len()).max().unwrap_or(0);
        let n = m + 6;
        let mut seq: Vec<u32> = Vec::with_capacity(n);
        for i in 0..n {
            let prev = if i > 0 { Some(seq[i - 1]) } else { None };
            let value = if i == 0 && options.is_empty() {
                1
            } else {
                let opts = options.iter().map(|&o| gamma_at(&self.form(o).gammas, i));
                let before = prev.into_iter().flat_map(|p| [p, p ^ 1]);
                mex_of(marks, opts.chain(before))
            };
            seq.push(value);
        }
        let len = (2..=n).find(|&l| (l..n).all(|k| seq[k] == seq[k - 2])).unwrap_or(n);
        seq.truncate(len);
        seq.into_boxed_slice()
    }

    fn check_new_form(&self, options: usize) -> Result<(), MisereError> {
        if self.forms.len() >= self.budget.max_forms {
            return Err(MisereError::Forms { max_forms: self.budget.max_forms });
        }
        if self.option_entries.saturating_add(options) > self.budget.max_options {
            return Err(MisereError::Options { max_options: self.budget.max_options });
        }
        Ok(())
    }

    fn spend(&mut self, units: u64) -> Result<(), MisereError> {
        let next = self.work.saturating_add(units);
        if next > self.budget.max_work {
            return Err(MisereError::Work { max_work: self.budget.max_work });
        }
        self.work = next;
        Ok(())
    }

    /// The simplest form equal to the game whose options are `options`
    /// (given in simplest form, any order, repeats allowed), by the
    /// Grundy-Smith rule with Conway's proviso (see the module docs).
    ///
    /// Not budgeted: it adds at most one form, holding the options given.
    pub fn from_options(&mut self, options: &[MId]) -> MId {
        match self.canonical(options.to_vec(), false) {
            Ok(id) => id,
            // Unbudgeted calls never fail.
            Err(_) => MId(0),
        }
    }

    /// [`Self::from_options`] within the budget.
    pub fn from_options_checked(&mut self, options: &[MId]) -> Result<MId, MisereError> {
        self.canonical(options.to_vec(), true)
    }

    fn canonical(&mut self, mut options: Vec<MId>, checked: bool) -> Result<MId, MisereError> {
        options.sort_unstable();
        options.dedup();
        if let Some(id) = self.lookup(&options) {
            return Ok(id);
        }
        if let Some(id) = self.reduce(&options) {
            return Ok(id);
        }
        if checked {
            self.check_new_form(options.len())?;
        }
        Ok(self.insert(options))
    }

    /// The simplest form `H` the options reduce to, if any (see the
    /// module docs); `options` is sorted, without repeats, and is not the
    /// option list of a form in the table.
    fn reduce(&self, options: &[MId]) -> Option<MId> {
        let zero = self.zero();
        // H = 0: every option has the option 0, and (the proviso) some
        // option is a misère P-position, so that G, like 0, is N.
        if options.iter().all(|&o| self.has_option(o, zero)) && options.iter().any(|&o| self.misere_grundy(o) == 0) {
            return Some(zero);
        }
        // H ≠ 0: the options of H are those born before H, the others are
        // born after it and each has H as an option.
        let mut by_birth: Vec<MId> = options.to_vec();
        by_birth.sort_by_key(|&o| self.birthday(o));
        let mut prefix: Vec<MId> = Vec::new();
        for j in 1..by_birth.len() {
            if self.birthday(by_birth[j]) <= self.birthday(by_birth[j - 1]) + 1 {
                continue;
            }
            prefix.clear();
            prefix.extend_from_slice(&by_birth[..j]);
            prefix.sort_unstable();
            if let Some(h) = self.lookup(&prefix) {
                if by_birth[j..].iter().all(|&o| self.has_option(o, h)) {
                    return Some(h);
                }
            }
        }
        None
    }

    /// The nim-heap `*n` (`{0, *, ..., *(n-1)}`, in simplest form as it
    /// stands). `*0` to `*n` hold about `n²/2` option entries, so large `n`
    /// meets the budget.
    pub fn nimber(&mut self, n: u32) -> Result<MId, MisereError> {
        let have = self.nimbers.len() as u64;
        let n64 = u64::from(n);
        if n64 >= have {
            // Refuse before building: *have to *n hold this many entries.
            let entries = (n64 * (n64 + 1) - (have - 1) * have) / 2;
            if (self.option_entries as u64).saturating_add(entries) > self.budget.max_options as u64 {
                return Err(MisereError::Options { max_options: self.budget.max_options });
            }
            if (self.forms.len() as u64).saturating_add(n64 + 1 - have) > self.budget.max_forms as u64 {
                return Err(MisereError::Forms { max_forms: self.budget.max_forms });
            }
        }
        while self.nimbers.len() <= n as usize {
            let k = self.nimbers.len();
            let options = self.nimbers.clone();
            if let Some(id) = self.lookup(&sorted(options.clone())) {
                self.nimbers.push(id);
                continue;
            }
            self.check_new_form(k)?;
            let id = self.insert(sorted(options));
            self.nimbers.push(id);
        }
        Ok(self.nimbers[n as usize])
    }

    /// The misère sum `a + b` in simplest form: the game whose options are
    /// `a' + b` and `a + b'`, simplified. Memoised; works with an explicit
    /// stack (no recursion), within the budget.
    pub fn add(&mut self, a: MId, b: MId) -> Result<MId, MisereError> {
        if let Some(s) = self.sum_known(a, b) {
            return Ok(s);
        }
        let mut stack: Vec<(MId, MId)> = vec![ordered(a, b)];
        let mut opts: Vec<MId> = Vec::new();
        while let Some(&(x, y)) = stack.last() {
            if self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            opts.clear();
            let mut missing = false;
            for (moved, other) in [(x, y), (y, x)] {
                for &o in self.form(moved).options.iter() {
                    match self.sum_known(o, other) {
                        Some(s) => opts.push(s),
                        None => {
                            missing = true;
                            stack.push(ordered(o, other));
                        }
                    }
                }
            }
            if missing {
                continue;
            }
            self.spend(1)?;
            let s = self.canonical(std::mem::take(&mut opts), true)?;
            self.sums.insert((x, y), s);
            stack.pop();
        }
        Ok(self.sum_known(a, b).unwrap_or(MId(0)))
    }

    /// The sum of several forms (`0` for none).
    pub fn sum(&mut self, parts: &[MId]) -> Result<MId, MisereError> {
        let mut acc = self.zero();
        for &p in parts {
            acc = self.add(acc, p)?;
        }
        Ok(acc)
    }

    fn sum_known(&self, a: MId, b: MId) -> Option<MId> {
        if a == MId(0) {
            Some(b)
        } else if b == MId(0) {
            Some(a)
        } else {
            self.sums.get(&ordered(a, b)).copied()
        }
    }
}

fn ordered(a: MId, b: MId) -> (MId, MId) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

fn sorted(mut v: Vec<MId>) -> Vec<MId> {
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form born by day 4, and sums of pairs of them.
    fn sample(c: &mut MisereCanon) -> Vec<MId> {
        let mut day = vec![c.zero()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for mask in 0u32..(1 << day.len()) {
                let opts: Vec<MId> = (0..day.len()).filter(|i| mask >> i & 1 == 1).map(|i| day[i]).collect();
                next.push(c.from_options(&opts));
            }
            next.sort_unstable();
            next.dedup();
            day = next;
        }
        let mut out = day.clone();
        for &a in &day {
            for &b in &day {
                out.push(c.add(a, b).unwrap());
            }
        }
        out
    }

    /// The genus read off the stored terms is the definition itself:
    /// `γn = G⁻(G + n·*2)`, by sums, for n up to 12 (so the recurrence and
    /// the point where the stored terms stop are both right).
    #[test]
    fn genus_is_its_definition() {
        let mut c = MisereCanon::new();
        let two = c.nimber(2).unwrap();
        for g in sample(&mut c) {
            let genus = c.genus(g);
            let mut x = g;
            for n in 0..12 {
                assert_eq!(genus.gamma(n), c.misere_grundy(x), "{} γ{n}", c.name(g));
                x = c.add(x, two).unwrap();
            }
            // G⁻(X + *) = G⁻(X) ⊕ 1, which the recurrence relies on.
            let star = c.nimber(1).unwrap();
            let gs = c.add(g, star).unwrap();
            assert_eq!(c.misere_grundy(gs), c.misere_grundy(g) ^ 1);
        }
    }

    /// A form's stored terms are as short as they can be: the last two
    /// are where period 2 starts.
    #[test]
    fn genus_terms_are_minimal() {
        let mut c = MisereCanon::new();
        for g in sample(&mut c) {
            let t = &c.form(g).gammas;
            assert!(t.len() >= 2);
            if t.len() > 2 {
                assert_ne!(t[t.len() - 1], t[t.len() - 3], "{}", c.name(g));
            }
        }
    }
}
