//! The game the explorer is looking at: parsed, built and analysed (by a
//! [`cgt::analysis::AnalysisJob`], which the page runs in slices), with the
//! thermographs of all its positions, tree navigation, the pointer readout
//! and the value readout (canonical form, outcome class, birthday, badges).
//! Pure (no DOM), so it is tested natively; the page keeps one [`Explored`]
//! per successfully analysed input.

use crate::pages::explorer::state::{NodePath, Side};
use crate::slices::thousands;
use cgt::analysis::{Analysed, AnalysisJob};
use cgt::canonical::{Canon, CanonError, CanonId};
use cgt::game::{Arena, GameId, Node};
use cgt::notation::{to_explicit, GameTree, ParseError, ParseLimits};
use cgt::numbers::Q;
use cgt::outcome::{outcome as tree_outcome, Outcome, Outcomes};
use cgt::thermograph::{thermograph, Thermograph};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

/// Canonical forms are computed only for games (or selected subgames) with
/// at most this many distinct positions: canonicalising a tree is one
/// unsliced call whose cost grows faster than the number of positions.
/// Measured in the release build in headless Chromium (2 cores): the worst
/// games near this size, sums of switches (`±1 + ... + ±8`, 3,750
/// positions; `... + ±7 + {1|0}`, 4,356), take 33-47 ms once the page is
/// warm (up to ~70 ms for the first computation after the page loads);
/// `±1 + ... + ±9` (9,469 positions) takes about 250 ms.
pub const CANON_MAX_POSITIONS: usize = 4_000;
/// ... and whose options, counted by `Size::work` (the sum of squares of the
/// numbers of options), stay under this: wide games such as nimbers and
/// their sums cost far more per position (`*30 + *29`: 495 positions, work
/// 2.0 million, 117 ms natively; `*64`: 358,000, 7 ms; `*40 + ^`: 279,000,
/// 17 ms). The sums of switches above have work 180,000-195,000.
pub const CANON_MAX_WORK: u64 = 400_000;
/// Longest canonical form (explicit text, in characters) the page prints.
pub const CANON_MAX_CHARS: u64 = 2_000;
/// Outcome classes of the analysed positions are found with their
/// thermographs, in slices; a node outside them (none the page shows
/// today) would get its class from the win/loss recursion over the tree up
/// to this size: linear, about 16 ms
/// for the 57,305 positions of `±1 + ... + ±11` in the browser, so about
/// 45 ms here.
pub const OUTCOME_MAX_POSITIONS: usize = 150_000;

/// An analysed game and what the page shows about it.
pub struct Explored {
    text: String,
    tree: GameTree,
    /// The thermograph of every position reachable from the root (so tree
    /// tooltips are instant whatever the size).
    /// Thermographs of every position (and maybe of a few partial sums).
    thermographs: HashMap<GameId, Thermograph>,
    /// The outcome class of every position reachable from the root, found
    /// with the thermographs (a big game's class is then a lookup, not a
    /// pass over the tree when the answer is shown).
    outcomes: Outcomes,
    positions: usize,
    /// The value by arithmetic of a sum of numbers, nimbers and ups/stars
    /// (never found from the tree), and whether the tree is that value's
    /// canonical form because the typed sum's tree was over the limits.
    nus: Option<cgt::canonical::Nus>,
    value_tree: bool,
    /// An upper estimate of the typed game's positions.
    typed_positions: u128,
    /// The root's canonical form came with the analysis.
    value_known: bool,
    /// Canonical forms and value readouts, computed on first use.
    values: Mutex<Values>,
}

/// The value readouts computed so far for one game.
#[derive(Default)]
struct Values {
    canon: Canon,
    /// The canonical form of every position, for a game small enough
    /// (computed once, on the first readout).
    all: Option<HashMap<GameId, Result<CanonId, CanonError>>>,
    /// The whole game's size, if at most `CANON_MAX_POSITIONS` positions
    /// (`Some(None)`: more).
    game_size: Option<Option<Size>>,
    readouts: HashMap<GameId, ValueReadout>,
    /// The canonical form of every node whose readout has one (for the
    /// construction, [`Explored::build_target`], and the algebra card).
    forms: HashMap<GameId, CanonId>,
    /// The algebra's memos (cooled, reduced ... forms) for `canon`.
    algebra: cgt::algebra::Algebra,
}

impl std::fmt::Debug for Explored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Explored").field("text", &self.text).field("positions", &self.positions()).finish()
    }
}

impl Explored {
    /// The result of a finished job for `text`. Cheap: no pass over the tree
    /// (the page calls this between frames).
    pub fn from_analysed(text: &str, analysed: Analysed) -> Explored {
        // The value found component by component: the root's form (and,
        // for the value's own tree, every node's) is known already.
        let mut values = Values::default();
        let mut value_known = false;
        if let Some(v) = analysed.value {
            values.canon = v.canon;
            let root = analysed.tree.root();
            values.forms.insert(root, v.root);
            if analysed.value_tree && v.forms.len() > 1 {
                values.all = Some(v.forms.iter().map(|(&g, &c)| (g, Ok(c))).collect());
                values.forms.extend(v.forms);
            }
            value_known = true;
        }
        Explored {
            text: text.to_string(),
            tree: analysed.tree,
            thermographs: analysed.thermographs,
            outcomes: analysed.outcomes,
            positions: analysed.positions,
            nus: analysed.nus,
            value_tree: analysed.value_tree,
            typed_positions: analysed.typed_positions,
            value_known,
            values: Mutex::new(values),
        }
    }
    /// Parse with the interactive limits (hostile or huge input is an error,
    /// never a hang or a crash) and analyse in one go: the job run to the
    /// end. For tests and tools; the page runs the job in slices.
    pub fn parse(text: &str) -> Result<Explored, ParseError> {
        let analysed = AnalysisJob::new(text, &ParseLimits::INTERACTIVE)?.run()?;
        Ok(Explored::from_analysed(text, analysed))
    }
    /// When the tree is the value's canonical form instead of the typed
    /// sum's (that one was over the limits), what the page says about it.
    pub fn value_tree_note(&self) -> Option<String> {
        if !self.value_tree {
            return None;
        }
        if let Some(v) = &self.nus {
            return Some(format!(
                "This sum's own tree is too large to build, so it is valued by arithmetic \
                 (*a + *b = *(a xor b), ups add, numbers add): it equals {v}, and the tree below is {v}'s canonical form."
            ));
        }
        let typed = match u64::try_from(self.typed_positions) {
            Ok(n) if n < 1_000_000_000_000 => format!("up to {} positions", thousands(n as usize)),
            _ => "astronomically many positions".to_string(),
        };
        Some(format!(
            "This game is valued component by component: each part's canonical form, added as canonical forms, \
             never the typed sum's own tree ({typed}). The tree below is the value's canonical form ({} positions): \
             the same value, so the same thermograph, stops and outcome.",
            thousands(self.positions)
        ))
    }
    /// The text this was parsed from.
    pub fn text(&self) -> &str {
        &self.text
    }
    pub fn arena(&self) -> &Arena {
        self.tree.arena()
    }
    pub fn root(&self) -> GameId {
        self.tree.root()
    }
    /// Number of distinct positions reachable from the root.
    pub fn positions(&self) -> usize {
        self.positions
    }
    /// The thermograph of a node of this game, if it is reachable from the
    /// root (every node [`Explored::resolve`] returns is).
    pub fn thermograph_ref(&self, id: GameId) -> Option<&Thermograph> {
        self.thermographs.get(&id)
    }
    /// The thermograph of any node of this game, shared for the canvas.
    /// Reachable nodes are looked up; any other node of the arena is
    /// computed (never a panic).
    pub fn thermograph(&self, id: GameId) -> Arc<Thermograph> {
        Arc::new(match self.thermographs.get(&id) {
            Some(th) => th.clone(),
            None => thermograph(self.arena(), id),
        })
    }
    /// The node a path leads to, if it exists in this game.
    pub fn resolve(&self, path: &NodePath) -> Option<GameId> {
        let mut g = self.root();
        for step in path.steps() {
            let opts = match step.side {
                Side::Left => self.arena().left(g),
                Side::Right => self.arena().right(g),
            };
            g = *opts.get(step.index)?;
        }
        Some(g)
    }
    /// What a link's `node=` path that is not all in this game is told
    /// (issue 43: `?g={1|-1}&node=L5.R7` was dropped without a word):
    /// `None` when the whole path exists.
    pub fn path_note(&self, path: &NodePath) -> Option<String> {
        let kept = self.valid_prefix(path);
        if kept.len() == path.len() {
            return None;
        }
        let step = &path.steps()[kept.len()];
        let (side, n) = (
            if step.side == Side::Left { "Left" } else { "Right" },
            match step.side {
                Side::Left => self.arena().left(self.resolve(&kept)?).len(),
                Side::Right => self.arena().right(self.resolve(&kept)?).len(),
            },
        );
        let at = if kept.is_root() { "the whole game".to_string() } else { format!("the subgame at {kept}") };
        Some(format!(
            "is not a subgame of this game: {at} has {n} {side} option{} (they count from 0), so there is no {side} option {}: {at} is selected",
            if n == 1 { "" } else { "s" },
            step.index
        ))
    }
    /// The longest prefix of `path` that exists here (a stale link still
    /// lands somewhere sensible).
    pub fn valid_prefix(&self, path: &NodePath) -> NodePath {
        let mut out = NodePath::root();
        for step in path.steps() {
            let next = out.child(step.side, step.index);
            if self.resolve(&next).is_none() {
                break;
            }
            out = next;
        }
        out
    }
    /// Short text for a node: its explicit form if at most `max` characters,
    /// else `{…}` with the number of options on each side.
    pub fn label(&self, id: GameId, max: usize) -> String {
        to_explicit(self.arena(), id, max).unwrap_or_else(|| {
            let (l, r) = (self.arena().left(id).len(), self.arena().right(id).len());
            format!("{{{l} left option{} | {r} right option{}}}", plural(l), plural(r))
        })
    }
    /// The text the Sums page gets for a node: the game as typed for the
    /// root (a typed sum stays a sum of components), else the subgame's
    /// explicit form. `None` when that is longer than the URL allows.
    pub fn sum_text(&self, path: &NodePath, id: GameId) -> Option<String> {
        if path.is_root() {
            return Some(self.text().trim().to_string()).filter(|t| t.len() <= crate::pages::MAX_TEXT);
        }
        to_explicit(self.arena(), id, crate::pages::MAX_TEXT)
    }
    /// `mean m, temperature t` for tooltips.
    pub fn summary(&self, id: GameId) -> String {
        let computed;
        let th = match self.thermograph_ref(id) {
            Some(th) => th,
            None => {
                computed = self.thermograph(id);
                &*computed
            }
        };
        match th.number() {
            Some(x) => format!("the number {x} (temperature {})", th.temperature()),
            None => format!("mean {}, temperature {}", th.mean(), th.temperature()),
        }
    }

    fn values(&self) -> MutexGuard<'_, Values> {
        // Nothing panics while holding the lock; if it did, the cache is
        // still consistent (entries are inserted whole).
        self.values.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// Runs `f` on the canonical form of node `id` (its value readout is
    /// computed first if it was not), with this game's store and algebra
    /// memos; `None` when the node has no canonical form (too large, or
    /// not dyadic).
    pub fn with_form<T>(&self, id: GameId, f: impl FnOnce(&mut Canon, &mut cgt::algebra::Algebra, CanonId) -> T) -> Option<T> {
        self.value(id);
        let mut guard = self.values();
        let v = &mut *guard;
        let c = *v.forms.get(&id)?;
        Some(f(&mut v.canon, &mut v.algebra, c))
    }

    /// The outcome class of a node: looked up for a position reachable
    /// from the root (all of them, as analysed), else from the tree.
    fn outcome(&self, id: GameId) -> Outcome {
        self.outcomes.get(id).unwrap_or_else(|| tree_outcome(self.arena(), id))
    }

    /// The value readout of a node if it was computed already (cheap).
    pub fn value_cached(&self, id: GameId) -> Option<ValueReadout> {
        self.values().readouts.get(&id).cloned()
    }
    /// Canonical form, outcome class and birthday of a node of this game.
    /// Bounded work: canonical forms only for at most
    /// [`CANON_MAX_POSITIONS`] positions (for a small game, every position's
    /// form at once on the first call; for a big one, the selected subgame's
    /// if it is small). Remembered: asking again is a lookup.
    pub fn value(&self, id: GameId) -> ValueReadout {
        let mut guard = self.values();
        let v = &mut *guard;
        if let Some(r) = v.readouts.get(&id) {
            return r.clone();
        }
        let arena = self.arena();
        let root = self.root();
        // The form came with the analysis (the root's always, the value's
        // tree's every node): a lookup.
        if let Some(&c) = v.forms.get(&id).filter(|_| self.value_known) {
            let r = ValueReadout { canonical: canonical_texts(&mut v.canon, c), outcome: Some(v.canon.outcome(c)), birthday: Some(v.canon.birthday(c)) };
            v.readouts.insert(id, r.clone());
            return r;
        }
        // A small game: every position's form at once (a node is then a
        // lookup). Measured once per game.
        if v.game_size.is_none() {
            v.game_size = Some(if self.positions <= CANON_MAX_POSITIONS { size_within(arena, root, CANON_MAX_POSITIONS) } else { None });
        }
        let game_size = v.game_size.flatten();
        if v.all.is_none() && game_size.is_some_and(|s| s.within_bounds()) {
            v.all = Some(canonical_forms(&mut v.canon, arena, root));
        }
        let known = v.all.as_ref().and_then(|all| all.get(&id).cloned());
        let size = if id == root {
            game_size
        } else if known.is_some() {
            None // not needed
        } else {
            size_within(arena, id, CANON_MAX_POSITIONS)
        };
        // A sum of numbers, nimbers and ups/stars is valued by arithmetic
        // at the root; an impartial position (every nimber sum's) by its
        // nim-value: neither needs the canonical form of a big tree.
        let arithmetic = match (&self.nus, known.is_some()) {
            (Some(x), _) if id == root => Some(Ok(v.canon.from_nus(x.clone()))),
            (_, false) if !size.is_some_and(|s| s.within_bounds()) => impartial_nimber(arena, id).map(|n| Ok(v.canon.nimber(n))),
            _ => None,
        };
        let form = match (arithmetic, known) {
            (Some(r), _) | (None, Some(r)) => Some(r),
            (None, None) => size.filter(|s| s.within_bounds()).map(|_| v.canon.from_tree(arena, id)),
        };
        if let Some(Ok(c)) = &form {
            v.forms.insert(id, *c);
        }
        let r = match form {
            Some(Ok(c)) => ValueReadout { canonical: canonical_texts(&mut v.canon, c), outcome: Some(v.canon.outcome(c)), birthday: Some(v.canon.birthday(c)) },
            Some(Err(e)) => ValueReadout { canonical: CanonicalForm::NoForm(e.to_string()), outcome: Some(self.outcome(id)), birthday: None },
            None => {
                let canonical = match size {
                    // Few positions, but too many moves.
                    Some(s) => CanonicalForm::TooLarge { positions: s.positions, exact: true, moves: Some(s.moves) },
                    None if id == root => CanonicalForm::TooLarge { positions: self.positions, exact: true, moves: None },
                    None => CanonicalForm::TooLarge { positions: CANON_MAX_POSITIONS, exact: false, moves: None },
                };
                let small_enough = self.outcomes.get(id).is_some()
                    || if id == root { self.positions <= OUTCOME_MAX_POSITIONS } else { size_within(arena, id, OUTCOME_MAX_POSITIONS).is_some() };
                ValueReadout { canonical, outcome: small_enough.then(|| self.outcome(id)), birthday: None }
            }
        };
        v.readouts.insert(id, r.clone());
        r
    }
}

impl Explored {
    /// Node `id`'s canonical form (CGSuite's name) in full, if it has one
    /// and at most `max` characters: for Copy and Download of a form too
    /// long to show.
    pub fn canonical_name(&self, id: GameId, max: u64) -> Option<String> {
        self.with_form(id, |canon, _, c| canon.name_within(c, max)).flatten()
    }
    /// About the first `max` characters of node `id`'s canonical form.
    pub fn canonical_preview(&self, id: GameId, max: usize) -> Option<String> {
        self.with_form(id, |canon, _, c| canon.name_prefix(c, max))
    }
}

impl Explored {
    /// What "Build it step by step" builds for node `id` (see
    /// [`BuildTarget`]). Bounded work: the canonical form is the value
    /// card's ([`Explored::value`], computed here if it was not yet).
    pub fn build_target(&self, id: GameId) -> BuildTarget {
        let readout = self.value(id);
        let written = if id == self.root() {
            let t = self.text().trim();
            format!("the game as typed, {}", shorten(t, WRITTEN_CHARS))
        } else {
            format!("the selected position, {}", self.label(id, WRITTEN_CHARS))
        };
        let as_written = |why: String| BuildTarget {
            own: None,
            node: id,
            form: BuildForm::AsWritten { explicit: self.label(id, BUILD_FORM_CHARS), written: written.clone(), why },
        };
        let mut guard = self.values();
        let v = &mut *guard;
        let (name, c) = match (&readout.canonical, v.forms.get(&id)) {
            (CanonicalForm::Shown { name, .. }, Some(&c)) => (name.clone(), c),
            (CanonicalForm::TooLong { .. }, _) => return as_written("its canonical form is too long to show".to_string()),
            (CanonicalForm::NoForm(why), _) => return as_written(why.clone()),
            (CanonicalForm::TooLarge { .. }, _) => return as_written("its canonical form is not computed for games this large".to_string()),
            (CanonicalForm::Shown { .. }, None) => return as_written("its canonical form is not at hand".to_string()),
        };
        let mut arena = Arena::new(self.arena().limits());
        let root = match v.canon.to_tree(c, &mut arena) {
            Ok(root) => root,
            Err(e) => return as_written(format!("its canonical form cannot be built: {e}")),
        };
        let explicit = to_explicit(&arena, root, BUILD_FORM_CHARS).unwrap_or_else(|| name.clone());
        if self.arena().same_tree(id, &arena, root) {
            BuildTarget { own: None, node: id, form: BuildForm::CanonicalAsWritten { name, explicit, written } }
        } else {
            BuildTarget { own: Some(GameTree::from_parts(arena, root)), node: root, form: BuildForm::Canonical { name, explicit, written } }
        }
    }
}

/// What "Build it step by step" builds for a node. A user reading the
/// value card expects the construction of the value named there, and a
/// sum's own tree (every position of every component, combined) is neither
/// what was typed nor that value: so the canonical form (equal to the node,
/// hence the same thermograph), in its own tree unless the node is written
/// that way already; the node as the game tree shows it only when there is
/// no canonical form to build (a non-dyadic number below it, or too large).
#[derive(Debug)]
pub struct BuildTarget {
    /// The canonical form's tree when the node is written otherwise.
    own: Option<GameTree>,
    node: GameId,
    /// What is built, for the panel.
    pub form: BuildForm,
}

impl BuildTarget {
    /// The arena to build from: the canonical form's own, or the game's.
    pub fn arena<'a>(&'a self, explored: &'a Explored) -> &'a Arena {
        self.own.as_ref().map_or(explored.arena(), |t| t.arena())
    }
    /// The node to build, in [`BuildTarget::arena`].
    pub fn node(&self) -> GameId {
        self.node
    }
}

/// What the construction builds, in words: `name` is CGSuite's (as on the
/// value card), `explicit` the braces form the steps name, `written` the
/// node as the user sees it ("the game as typed, G + H").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildForm {
    /// The canonical form, which is how the node is written.
    CanonicalAsWritten { name: String, explicit: String, written: String },
    /// The canonical form of a node written otherwise.
    Canonical { name: String, explicit: String, written: String },
    /// The node as the game tree shows it, and why not its canonical form.
    AsWritten { explicit: String, written: String, why: String },
}

/// Longest explicit form the panel prints, and longest text of the node as
/// written (the steps name theirs up to 40 characters).
const BUILD_FORM_CHARS: usize = 200;
const WRITTEN_CHARS: usize = 80;

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() > max {
        format!("{}…", s.chars().take(max).collect::<String>())
    } else {
        s.to_string()
    }
}

impl BuildForm {
    /// The explicit form built: what the last step names.
    pub fn explicit(&self) -> &str {
        match self {
            BuildForm::CanonicalAsWritten { explicit, .. } | BuildForm::Canonical { explicit, .. } | BuildForm::AsWritten { explicit, .. } => explicit,
        }
    }
    /// One sentence for the panel.
    pub fn sentence(&self) -> String {
        let named = |name: &str, explicit: &str| if name == explicit { name.to_string() } else { format!("{name} = {explicit}") };
        match self {
            BuildForm::CanonicalAsWritten { name, explicit, written } => {
                format!("Builds the canonical form {}: {written}, whose game tree is that form already.", named(name, explicit))
            }
            BuildForm::Canonical { name, explicit, written } => {
                format!("Builds the canonical form {}, which equals {written}: the same value, so the same thermograph.", named(name, explicit))
            }
            BuildForm::AsWritten { explicit, written, why } => {
                format!("Builds {written} as the game tree shows it, {explicit} ({why}).")
            }
        }
    }
}

/// How big the game under a node is, and an estimate of the work of its
/// canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Size {
    positions: usize,
    /// Options of all positions (edges of the game graph).
    moves: u64,
    /// The sum over positions of (number of options)^2: removing dominated
    /// and reversible options compares options pairwise, so a few positions
    /// with many options (`*256`: 257 positions, 65,792 moves) cost more
    /// than many positions with few.
    work: u64,
}

impl Size {
    fn within_bounds(&self) -> bool {
        self.positions <= CANON_MAX_POSITIONS && self.work <= CANON_MAX_WORK
    }
}

/// The nim-value of an impartial position (every position below it has
/// the same options for both players, and its leaves are 0): one pass in
/// id order, a mex per position, so linear in its moves however many it
/// has. `None` when some position below is not impartial.
fn impartial_nimber(arena: &Arena, id: GameId) -> Option<usize> {
    let mut grundy: HashMap<GameId, usize> = HashMap::new();
    for g in arena.reachable(id) {
        let n = match arena.node(g) {
            Node::Number(q) if q.is_zero() => 0,
            Node::Number(_) => return None,
            Node::Options { left, right } => {
                // The same options for both: equal ids (the arena shares
                // equal subtrees, and sums make them in the same way).
                let (mut li, mut ri) = (left.to_vec(), right.to_vec());
                li.sort_unstable_by_key(|c| c.index());
                ri.sort_unstable_by_key(|c| c.index());
                li.dedup();
                ri.dedup();
                if li != ri {
                    return None;
                }
                let mut l: Vec<usize> = li.iter().map(|c| grundy.get(c).copied()).collect::<Option<_>>()?;
                l.sort_unstable();
                l.dedup();
                l.iter().enumerate().find(|&(i, &x)| i != x).map_or(l.len(), |(i, _)| i)
            }
        };
        grundy.insert(g, n);
    }
    grundy.get(&id).copied()
}

/// The canonical form of every position reachable from `root` (one pass in
/// id order, as [`Canon::from_tree`] does, but keeping every position's
/// form: a selected node is then a lookup). A position with a non-dyadic
/// number below it has no canonical form; the others still do.
fn canonical_forms(canon: &mut Canon, arena: &Arena, root: GameId) -> HashMap<GameId, Result<CanonId, CanonError>> {
    let reach = arena.reachable(root);
    let mut map: HashMap<GameId, Result<CanonId, CanonError>> = HashMap::with_capacity(reach.len());
    for g in reach {
        let c = match arena.node(g) {
            Node::Number(q) => canon.num(q.clone()),
            Node::Options { left, right } => {
                let side = |opts: &[GameId]| -> Result<Vec<CanonId>, CanonError> { opts.iter().map(|c| map[c].clone()).collect() };
                match (side(left), side(right)) {
                    (Ok(l), Ok(r)) => Ok(canon.options(&l, &r)),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                }
            }
        };
        map.insert(g, c);
    }
    map
}

/// The size of the game under `id` (itself included) if it has at most
/// `max` positions; `None` as soon as there are more (so the cost is
/// `O(max)` positions).
fn size_within(arena: &Arena, id: GameId, max: usize) -> Option<Size> {
    let mut seen = HashSet::new();
    seen.insert(id);
    let mut stack = vec![id];
    let (mut moves, mut work) = (0u64, 0u64);
    while let Some(g) = stack.pop() {
        let (l, r) = (arena.left(g), arena.right(g));
        let d = (l.len() + r.len()) as u64;
        moves += d;
        work = work.saturating_add(d * d);
        for &c in l.iter().chain(r) {
            if seen.insert(c) {
                if seen.len() > max {
                    return None;
                }
                stack.push(c);
            }
        }
    }
    Some(Size { positions: seen.len(), moves, work })
}

/// The canonical form's texts: CGSuite's name when it has at most
/// [`CANON_MAX_CHARS`] characters (names of `x + ^m + *n` are a few
/// characters however tall or wide the game: `^256`, `*64`), and the
/// explicit form when it is that short too.
fn canonical_texts(canon: &mut Canon, c: CanonId) -> CanonicalForm {
    match canon.name_within(c, CANON_MAX_CHARS) {
        Some(name) => CanonicalForm::Shown { explicit: canon.explicit_within(c, CANON_MAX_CHARS), name },
        None => CanonicalForm::TooLong { chars: canon.name_len(c) },
    }
}

/// What the page can say about a game's canonical form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanonicalForm {
    /// CGSuite's name (`^*`, `1*`, `{4|0}`) and the explicit braces form
    /// (`None` when too long).
    Shown { name: String, explicit: Option<String> },
    /// Computed, but the explicit form has this many characters.
    TooLong { chars: u64 },
    /// No canonical form (a non-dyadic number): the reason.
    NoForm(String),
    /// Not computed: the game has this many positions (`exact`) or more,
    /// or (`moves`) few positions but too many moves.
    TooLarge { positions: usize, exact: bool, moves: Option<u64> },
}

/// Canonical form, outcome class and birthday of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueReadout {
    pub canonical: CanonicalForm,
    /// From the canonical form, else from the tree (`None`: not computed).
    pub outcome: Option<Outcome>,
    /// Only with a canonical form.
    pub birthday: Option<Q>,
}

impl ValueReadout {
    /// The text of the canonical form readout.
    pub fn canonical_text(&self) -> String {
        match &self.canonical {
            CanonicalForm::Shown { name, .. } => name.clone(),
            CanonicalForm::TooLong { chars } => {
                format!("a long form, {}: open, copy or download it below", characters(*chars))
            }
            CanonicalForm::NoForm(why) => why.clone(),
            CanonicalForm::TooLarge { positions, exact, moves } => format!(
                "not computed for games this large ({}{} position{}{})",
                if *exact { "" } else { "more than " },
                thousands(*positions),
                plural(*positions),
                moves.map_or_else(String::new, |m| format!(", {} moves", usize::try_from(m).map_or_else(|_| m.to_string(), thousands)))
            ),
        }
    }
    /// The explicit braces form, when it is shown and differs from the name.
    pub fn explicit(&self) -> Option<&str> {
        match &self.canonical {
            CanonicalForm::Shown { name, explicit: Some(explicit) } if name != explicit => Some(explicit),
            _ => None,
        }
    }
    /// `L`, `R`, `P` or `N`; `—` when not computed.
    pub fn outcome_text(&self) -> String {
        self.outcome.map_or_else(|| "—".to_string(), |o| o.to_string())
    }
    /// The outcome class in words.
    pub fn outcome_gloss(&self) -> &'static str {
        self.outcome.map_or("not computed for games this large", outcome_gloss)
    }
    /// The birthday; `—` without a canonical form.
    pub fn birthday_text(&self) -> String {
        self.birthday.as_ref().map_or_else(|| "—".to_string(), |b| b.to_string())
    }
}

/// `2,344 characters`; `about 10^15 characters` beyond a billion (the
/// length saturates at `u64::MAX`: `more than 10^19`).
fn characters(n: u64) -> String {
    if n == u64::MAX {
        "more than 10^19 characters".to_string()
    } else if n >= 1_000_000_000 {
        format!("about 10^{} characters", n.ilog10())
    } else {
        format!("{} characters", thousands(n as usize))
    }
}

/// Who wins, in words.
pub fn outcome_gloss(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left wins",
        Outcome::R => "Right wins",
        Outcome::P => "second player wins",
        Outcome::N => "first player wins",
    }
}

/// A one-word property of a position, read off its thermograph (exact, so
/// available for every position whatever the size of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Badge {
    /// Equals a number.
    Number,
    /// Not a number; both stops 0.
    Infinitesimal,
    /// Not a number; equal, nonzero stops x: x plus an infinitesimal.
    NumberPlusInfinitesimal,
    /// Temperature > 0.
    Hot,
}

impl Badge {
    pub fn label(self) -> &'static str {
        match self {
            Badge::Number => "number",
            Badge::Infinitesimal => "infinitesimal",
            Badge::NumberPlusInfinitesimal => "number + infinitesimal",
            Badge::Hot => "hot",
        }
    }
    /// A sentence for the tooltip.
    pub fn description(self) -> &'static str {
        match self {
            Badge::Number => "equal to a number: neither player wants to move",
            Badge::Infinitesimal => "not a number, but both stops are 0: smaller than every positive number, larger than every negative one",
            Badge::NumberPlusInfinitesimal => "not a number, but both stops are the same number x: x plus an infinitesimal",
            Badge::Hot => "temperature above 0: each player wants to move first",
        }
    }
}

/// The badges of a position (number / infinitesimal / number +
/// infinitesimal / hot: exactly one applies to every short game).
pub fn badges(th: &Thermograph) -> Vec<Badge> {
    let mut out = Vec::new();
    if th.is_number() {
        out.push(Badge::Number);
    } else if th.left_stop() == th.right_stop() {
        out.push(if th.left_stop().is_zero() { Badge::Infinitesimal } else { Badge::NumberPlusInfinitesimal });
    }
    if th.temperature().is_positive() {
        out.push(Badge::Hot);
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The exact readout under the pointer: `t`, `tVL(t)`, `tVR(t)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readout {
    pub t: Q,
    pub left: Q,
    pub right: Q,
}

impl Readout {
    pub fn at(th: &Thermograph, t: Q) -> Readout {
        let (left, right) = th.taxed(&t);
        Readout { t, left, right }
    }
}

/// The text around a 1-based error column, split as (before, the character
/// at the column, after): up to 24 characters either side, with `…` where
/// cut. Past the end the middle part is `⟨end⟩`.
pub fn error_snippet(text: &str, column: usize) -> (String, String, String) {
    const SIDE: usize = 24;
    let chars: Vec<char> = text.chars().collect();
    let at = column.saturating_sub(1).min(chars.len());
    let from = at.saturating_sub(SIDE);
    let to = (at + 1 + SIDE).min(chars.len());
    let before: String = chars[from..at].iter().collect();
    let here = chars.get(at).map_or_else(|| "⟨end⟩".to_string(), |c| c.to_string());
    let after: String = chars.get(at + 1..to).map(|s| s.iter().collect()).unwrap_or_default();
    let cut = |b: bool| if b { "…" } else { "" };
    (format!("{}{before}", cut(from > 0)), here, format!("{after}{}", cut(to < chars.len())))
}

/// What Copy link adds when the field's text is not the game on screen
/// (`shown`, the last game that was read: a parse error, a game too large,
/// a cancelled analysis or one still running): the link is to the game on
/// screen. `None` when they agree or nothing was read yet (the link is
/// then the one that was opened).
pub fn share_note(field: &str, shown: Option<&str>) -> Option<String> {
    const MAX: usize = 60;
    let shown = shown?.trim();
    if shown == field.trim() {
        return None;
    }
    let name = if shown.chars().count() > MAX { format!("{}…", shown.chars().take(MAX).collect::<String>()) } else { shown.to_string() };
    Some(format!("It is to the game on screen, {name}: the text in the field was not read."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::explorer::state::parse_path;
    use crate::snap::snap_t;

    /// Issue 43: `?g={1|-1}&node=L5.R7` fell back to the whole game
    /// without a word; the note names where the path leaves the game.
    #[test]
    fn a_path_not_in_the_game_is_named() {
        let e = Explored::parse("{1|-1}").unwrap();
        let note = e.path_note(&parse_path("L5.R7").unwrap()).unwrap();
        assert_eq!(
            note,
            "is not a subgame of this game: the whole game has 1 Left option (they count from 0), so there is no Left option 5: the whole game is selected"
        );
        let e = Explored::parse("{{2|1}|-1}").unwrap();
        let note = e.path_note(&parse_path("L0.R3").unwrap()).unwrap();
        assert!(note.contains("the subgame at L0 has 1 Right option") && note.ends_with("the subgame at L0 is selected"), "{note}");
        assert_eq!(e.path_note(&parse_path("L0.R0").unwrap()), None);
        assert_eq!(e.path_note(&parse_path("").unwrap_or_default()), None);
    }

    #[test]
    fn root_numbers_match_the_spec() {
        let e = Explored::parse("14|2|||-2||-14|-16").unwrap();
        let th = e.thermograph(e.root());
        assert_eq!(th.mean().to_string(), "-1/4");
        assert_eq!(th.temperature().to_string(), "33/4");
        assert_eq!(th.left_stop().to_string(), "2");
        assert_eq!(th.right_stop().to_string(), "-2");
        assert_eq!(e.positions(), 9); // root, {14|2}, 14, 2, {-2|{-14|-16}}, -2, {-14|-16}, -14, -16
    }

    #[test]
    fn paths_resolve_and_stale_paths_shrink() {
        let e = Explored::parse("{{-2|-4}|-7}").unwrap();
        let l0 = parse_path("L0").unwrap();
        let h = e.resolve(&l0).unwrap();
        assert_eq!(e.label(h, 100), "{-2|-4}");
        assert_eq!(e.summary(h), "mean -3, temperature 1");
        assert_eq!(e.resolve(&parse_path("L0.L0").unwrap()).map(|g| e.label(g, 10)), Some("-2".into()));
        assert!(e.resolve(&parse_path("R1").unwrap()).is_none());
        assert_eq!(e.valid_prefix(&parse_path("L0.R0.L5.L0").unwrap()).to_string(), "L0.R0");
        assert!(e.label(e.root(), 5).contains("1 left option |"));
    }

    #[test]
    fn bad_input_is_an_error_with_a_column() {
        let err = Explored::parse("{1|2").unwrap_err();
        assert!(err.column >= 1);
        assert!(err.to_string().starts_with("column "));
        // Deep nesting is refused, not a stack overflow.
        let deep = format!("{}0{}", "{".repeat(5000), "|}".repeat(5000));
        assert!(Explored::parse(&deep).is_err());
    }

    #[test]
    fn error_snippets() {
        assert_eq!(error_snippet("{1|2", 5), ("{1|2".into(), "⟨end⟩".into(), "".into()));
        assert_eq!(error_snippet("{1|x}", 4), ("{1|".into(), "x".into(), "}".into()));
        let long = format!("{}x{}", "a".repeat(40), "b".repeat(40));
        let (b, h, a) = error_snippet(&long, 41);
        assert_eq!((b.chars().count(), h.as_str(), a.chars().count()), (25, "x", 25));
        assert!(b.starts_with('…') && a.ends_with('…'));
        // Columns count characters, not bytes.
        assert_eq!(error_snippet("±±x", 3).1, "x");
        assert_eq!(error_snippet("", 0), ("".into(), "⟨end⟩".into(), "".into()));
    }

    #[test]
    fn the_readout_at_a_snapped_temperature() {
        let e = Explored::parse("14|2|||-2||-14|-16").unwrap();
        let th = e.thermograph(e.root());
        let t = snap_t(&th, 3.1, 0.02, 5.0).unwrap();
        let r = Readout::at(&th, t.clone());
        assert_eq!(r.left, th.left_wall().eval(&t));
    }

    /// Whatever is typed, the page's whole pipeline (parse, thermographs,
    /// tree labels, drawing, snapping) answers without panicking.
    #[test]
    fn random_input_never_panics() {
        let alphabet: Vec<char> = "{}{}||||,,0123456789/-+*^v. ±()".chars().collect();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut parsed = 0;
        for i in 0..3000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
            let Ok(e) = Explored::parse(&text) else {
                continue;
            };
            parsed += 1;
            let th = e.thermograph(e.root());
            let _ = e.label(e.root(), 48);
            let _ = e.value(e.root()).canonical_text();
            for id in e.arena().reachable(e.root()).into_iter().take(20) {
                let _ = e.summary(id);
                let _ = e.value(id);
                let _ = badges(&e.thermograph(id));
            }
            let _ = snap_t(&th, (next() % 1000) as f64 / 37.0 - 1.0, 0.01, 5.0);
            if i % 5 == 0 {
                let _ = cgt_draw::thermograph_svg(&th, 200, 150, &Default::default());
            }
        }
        assert!(parsed > 100, "only {parsed} random strings parsed");
    }

    #[test]
    fn every_position_has_its_thermograph() {
        // Non-dyadic (1/3 ...), so its typed tree of 20,000 positions is built.
        let g: Vec<String> = (1..=10).map(|k| format!("{{{}|-{}+1/3}}", 3 * k, k)).collect();
        let e = Explored::parse(&g.join(" + ")).unwrap();
        let reachable = e.arena().reachable(e.root());
        assert_eq!(e.positions(), reachable.len());
        assert!(e.positions() > 20_000, "{} positions", e.positions());
        for &id in reachable.iter().step_by(97) {
            let th = e.thermograph_ref(id).expect("precomputed");
            assert_eq!(*th, thermograph(e.arena(), id));
        }
        let first = e.resolve(&parse_path("L0").unwrap()).unwrap();
        assert!(e.summary(first).starts_with("mean "));
        // The root's mean: means add, m({3k|-k+1/3}) = k + 1/6, so 55 + 5/3.
        assert_eq!(e.thermograph(e.root()).mean().to_string(), "170/3");
    }

    #[test]
    fn from_analysed_equals_parse() {
        let text = "{4|0} + {{10|-3}|-5} - ^*";
        let mut job = AnalysisJob::new(text, &ParseLimits::INTERACTIVE).unwrap();
        let analysed = loop {
            if let Some(r) = job.step(3) {
                break r.unwrap();
            }
        };
        let a = Explored::from_analysed(text, analysed);
        let b = Explored::parse(text).unwrap();
        assert_eq!(a.text(), text);
        assert_eq!(a.positions(), b.positions());
        assert_eq!(a.summary(a.root()), b.summary(b.root()));
        assert_eq!(a.label(a.root(), 200), b.label(b.root(), 200));
    }

    #[test]
    fn too_large_is_an_error_with_a_column() {
        // Non-dyadic, so built as typed (a dyadic sum is valued by parts).
        let g: Vec<String> = (1..=14).map(|k| format!("{{{k}/3|-{k}/3}}")).collect();
        let err = Explored::parse(&g.join(" + ")).unwrap_err();
        assert!(err.to_string().contains("too large"), "{err}");
        assert!(err.column >= 1);
    }

    /// (canonical text, outcome, birthday text, badges) of a node.
    fn value_of(e: &Explored, path: &str) -> (String, String, String, Vec<&'static str>) {
        let id = e.resolve(&parse_path(path).unwrap()).unwrap();
        let v = e.value(id);
        let b = badges(&e.thermograph(id)).into_iter().map(Badge::label).collect();
        (v.canonical_text(), v.outcome_text(), v.birthday_text(), b)
    }
    fn value_of_game(text: &str) -> (String, String, String, Vec<&'static str>) {
        value_of(&Explored::parse(text).unwrap(), "")
    }

    #[test]
    fn value_readouts_as_cgsuite_prints_them() {
        let v = |c: &str, o: &str, b: &str, badges: &[&'static str]| (c.to_string(), o.to_string(), b.to_string(), badges.to_vec());
        assert_eq!(value_of_game("{0,*|0}"), v("^*", "N", "2", &["infinitesimal"]));
        assert_eq!(value_of_game("{1|1}"), v("1*", "L", "2", &["number + infinitesimal"]));
        assert_eq!(value_of_game("{0|*}"), v("^", "L", "2", &["infinitesimal"]));
        assert_eq!(value_of_game("4|0"), v("{4|0}", "N", "5", &["hot"]));
        assert_eq!(value_of_game("{1/2|3/4}"), v("5/8", "L", "4", &["number"]));
        assert_eq!(value_of_game("±3"), v("±3", "N", "4", &["hot"]));
        assert_eq!(value_of_game("* + *"), v("0", "P", "0", &["number"]));
        assert_eq!(value_of_game("{-1|-1}"), v("-1*", "R", "2", &["number + infinitesimal"]));
        assert_eq!(value_of_game("*2"), v("*2", "N", "2", &["infinitesimal"]));
        // Explicit form: only when it differs from the name.
        let e = Explored::parse("{0,*|0}").unwrap();
        assert_eq!(e.value(e.root()).explicit(), Some("{0, {0|0}|0}"));
        let e = Explored::parse("4|0").unwrap();
        assert_eq!(e.value(e.root()).explicit(), None);
        assert_eq!(outcome_gloss(Outcome::P), "second player wins");
        assert_eq!(e.value(e.root()).outcome_gloss(), "first player wins");
    }

    #[test]
    fn no_canonical_form_for_non_dyadic_numbers() {
        let e = Explored::parse("{1/3|0}").unwrap();
        let v = e.value(e.root());
        assert!(matches!(v.canonical, CanonicalForm::NoForm(_)));
        let text = v.canonical_text();
        assert!(text.contains("1/3 is not a dyadic rational"), "{text}");
        assert!(text.contains("no canonical form"), "{text}");
        // The outcome still comes from the tree; no birthday.
        assert_eq!((v.outcome_text(), v.birthday_text()), ("N".into(), "—".into()));
        assert_eq!(v.explicit(), None);
        // Positions without the bad leaf have their forms.
        assert_eq!(value_of(&e, "R0").0, "0");
        assert!(value_of(&e, "L0").0.contains("1/3"));
    }

    #[test]
    fn tree_nodes_have_their_own_readouts() {
        let e = Explored::parse("14|2|||-2||-14|-16").unwrap();
        assert_eq!(value_of(&e, "").0, "{{14|2}|{-2|{-14|-16}}}");
        assert_eq!(value_of(&e, "").1, "N");
        assert_eq!(value_of(&e, "L0"), ("{14|2}".into(), "L".into(), "15".into(), vec!["hot"]));
        assert_eq!(value_of(&e, "R0.R0"), ("{-14|-16}".into(), "R".into(), "17".into(), vec!["hot"]));
        assert_eq!(value_of(&e, "L0.R0"), ("2".into(), "L".into(), "2".into(), vec!["number"]));
        // Remembered: the second ask is a lookup with the same answer.
        let id = e.resolve(&parse_path("L0").unwrap()).unwrap();
        assert_eq!(e.value_cached(id), Some(e.value(id)));
    }

    #[test]
    fn every_position_gets_the_form_from_tree_gives() {
        for text in ["14|2|||-2||-14|-16", "{4|0} + {{10|-3}|-5} - ^*", "^ + * + {0|^*} + {1|*}", "±1 + ±2 + {3|*}"] {
            let e = Explored::parse(text).unwrap();
            let mut canon = Canon::new();
            let all = canonical_forms(&mut canon, e.arena(), e.root());
            for &id in &e.arena().reachable(e.root()) {
                let c = all[&id].clone().unwrap();
                assert_eq!(canon.from_tree(e.arena(), id), Ok(c), "{text}");
            }
        }
    }

    #[test]
    fn long_forms_and_large_games_are_not_printed() {
        // 299 positions, explicit canonical form of 2,344 characters.
        let e = Explored::parse("{4|0} + {{10|-3}|-5} + {{9|-2}|-6} + {{8|-1}|-7}").unwrap();
        let v = e.value(e.root());
        assert_eq!(v.canonical, CanonicalForm::TooLong { chars: 2344 });
        assert_eq!(v.canonical_text(), "a long form, 2,344 characters: open, copy or download it below");
        assert_eq!((v.outcome_text(), v.birthday_text()), ("R".into(), "38".into()));

        // A game whose typed tree is large (a sum inside) is valued through
        // canonical forms: its form and every subgame's are known, and the
        // tree shown is the value's.
        let big: Vec<String> = (1..=10).map(|k| format!("±{k}")).collect();
        let e = Explored::parse(&format!("{{{} | {{4|0}}}}", big.join(" + "))).unwrap();
        assert!(e.value_tree_note().is_some_and(|n| n.contains("component by component")));
        let v = e.value(e.root());
        assert!(matches!(v.canonical, CanonicalForm::Shown { .. } | CanonicalForm::TooLong { .. }), "{:?}", v.canonical);
        // Left moving first goes to the sum (first player wins: Right), Right
        // moving first to {4|0} (Left wins): a second-player win.
        assert_eq!(v.outcome_text(), "P");
        assert!(v.birthday.is_some());
        // A second-player win is 0: the value's tree is the single node 0.
        assert_eq!(v.canonical_text(), "0");
        assert_eq!(e.positions(), 1);
        // A subgame of a typed tree with few positions but many moves is
        // still bounded (not impartial, so no nim-value names it).
        let e = Explored::parse("{*256 + ^, 1 | -1}").unwrap();
        assert_eq!(value_of(&e, "").0, "±1");
        assert!(value_of(&e, "L0").0.starts_with("not computed for games this large ("), "{:?}", value_of(&e, "L0"));
    }

    #[test]
    fn badges_agree_with_canonical_forms() {
        let alphabet: Vec<char> = "{}{}||||,,0123456789/-+*^v ±".chars().collect();
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..12_000 {
            let len = 3 + (next() % 20) as usize;
            let text: String = (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
            let Ok(e) = Explored::parse(&text) else {
                continue;
            };
            let mut canon = Canon::new();
            let Ok(c) = canon.from_tree(e.arena(), e.root()) else {
                continue;
            };
            checked += 1;
            let th = e.thermograph(e.root());
            let b = badges(&th);
            assert_eq!(b.len(), 1, "{text}: {b:?}");
            let (ls, rs) = canon.stops(c);
            let want = if canon.is_number(c) {
                Badge::Number
            } else if ls != rs {
                Badge::Hot
            } else if ls.is_zero() {
                Badge::Infinitesimal
            } else {
                Badge::NumberPlusInfinitesimal
            };
            assert_eq!(b[0], want, "{text}");
            let v = e.value(e.root());
            assert_eq!(v.outcome, Some(tree_outcome(e.arena(), e.root())), "{text}");
            if let CanonicalForm::Shown { name, explicit } = &v.canonical {
                // The page's store lists options in its own order: the
                // same value read back into this store.
                let same = |t: &str, canon: &mut Canon| {
                    let (ex, r) = cgt::notation::parse_expr(t, &ParseLimits::default()).unwrap();
                    canon.from_exprs(&ex, r).unwrap()
                };
                assert_eq!(same(name, &mut canon), c, "{text}");
                if let Some(explicit) = explicit {
                    assert_eq!(same(explicit, &mut canon), c, "{text}");
                }
            }
            if v.birthday.is_some() {
                assert_eq!(v.birthday, Some(canon.birthday(c)), "{text}");
            }
        }
        assert!(checked > 300, "only {checked} games checked");
    }

    #[test]
    fn wide_games_are_bounded_by_their_moves() {
        let e = Explored::parse("*64").unwrap();
        assert_eq!(value_of(&e, ""), ("*64".into(), "N".into(), "64".into(), vec!["infinitesimal"]));
        assert_eq!(e.value(e.root()).explicit(), None);
        // Named, though its explicit form has 3.7 million characters.
        let e = Explored::parse("*12 + {1|1}").unwrap();
        assert_eq!(value_of(&e, "").0, "1*13");
        assert_eq!(e.value(e.root()).explicit(), None);
        assert_eq!(characters(u64::MAX), "more than 10^19 characters");
        assert_eq!(characters(3_720_085), "3,720,085 characters");
        assert_eq!(characters(12_345_678_901), "about 10^10 characters");
        // A wide game that is neither a nimber nor impartial: over the bound.
        // Valued through canonical forms (*256 by arithmetic): *256 is
        // dominated by 1.
        let e = Explored::parse("{*256, 1 | -1}").unwrap();
        let v = e.value(e.root());
        assert_eq!(v.canonical_text(), "±1");
        assert_eq!((v.outcome_text(), v.birthday_text()), ("N".into(), "2".into()));
        // Its small subgames are computed, and its wide impartial one is
        // named by its nim-value (no canonical form of its tree is made).
        assert_eq!(value_of(&e, "L0").0, "*256");
        assert_eq!(value_of(&e, "L0.L3").0, "*3");
        assert_eq!(value_of(&e, "L0.L255").0, "*255");
    }

    #[test]
    fn nimber_and_up_sums_are_valued_by_arithmetic() {
        // Issue 43 item 12: these were "not computed for games this large".
        for (text, name, outcome) in [
            ("*8+*9+*10", "*11", "N"),
            ("*100+*37", "*65", "N"),
            ("*256", "*256", "N"),
            ("*5 + *3 + *6", "0", "P"),
            ("^^^^ + *5 + 3/4 + v", "3/4^3*5", "L"),
            ("*200 + *201 + ^ - 2", "-2^*", "R"),
        ] {
            let e = Explored::parse(text).unwrap();
            let v = e.value(e.root());
            assert_eq!((v.canonical_text(), v.outcome_text()), (name.to_string(), outcome.to_string()), "{text}");
            assert!(v.birthday.is_some(), "{text}");
        }
        // A position inside a nimber sum is impartial: named too.
        let e = Explored::parse("*8+*9+*10").unwrap();
        assert!(e.value_tree_note().is_none());
        // (checked against the canonical form of the position's tree).
        let opts = e.arena().left(e.root()).to_vec();
        for (i, &id) in opts.iter().enumerate().step_by(5) {
            let v = e.value(id);
            let mut c = Canon::new();
            let want = c.from_tree(e.arena(), id).unwrap();
            assert_eq!(v.canonical_text(), c.name(want), "L{i}");
        }
        // A sum whose own tree is over the limits: the tree built is its
        // value's (*250 + *251 = *1), and the page says so.
        let e = Explored::parse("*250 + *251").unwrap();
        assert_eq!(e.value(e.root()).canonical_text(), "*");
        assert_eq!(e.positions(), 2);
        let note = e.value_tree_note().unwrap();
        assert!(note.contains("valued by arithmetic") && note.contains("equals *"), "{note}");
        // Not arithmetic: braces and ± still take the tree's way.
        let e = Explored::parse("{*8+*9+*10 | 0}").unwrap();
        assert!(e.value_tree_note().is_none());
    }

    #[test]
    fn tall_and_wide_infinitesimals_are_named() {
        // x + ^m + *n is named however tall (or wide) its tree.
        let deep = format!("{}0{}", "{0|".repeat(199), "}".repeat(199));
        for (text, name, day) in [
            ("^64", "^64", "65"),
            ("{^64|v64}", "{^64|v64}", "66"),
            ("^30 + ^30 + *", "^60*", "61"),
            ("^256", "^256", "257"),
            // {0|0} = *, {0|*} = ^, {0|^} = ^^*, ... one up a level.
            (deep.as_str(), "^198*", "199"),
            ("*12 + {1|1}", "1*13", "14"),
        ] {
            let e = Explored::parse(text).unwrap();
            let v = e.value(e.root());
            assert_eq!(v.canonical_text(), name, "{text}");
            assert_eq!(v.birthday_text(), day, "{text}");
        }
        // The explicit form of a tall one is still shown when short enough.
        let e = Explored::parse("^256").unwrap();
        let v = e.value(e.root());
        assert_eq!(v.explicit().map(|x| (&x[..6], x.len())), Some(("{0|{0|", 1032)));
        let e = Explored::parse("^3").unwrap();
        assert_eq!(e.value(e.root()).explicit(), Some("{0|{0|{0|{0|0}}}}"));
    }

    #[test]
    fn share_note_names_the_game_on_screen() {
        assert_eq!(share_note("{4|0}", Some("{4|0}")), None);
        assert_eq!(share_note(" {4|0} ", Some("{4|0}")), None, "spaces around are the same game");
        assert_eq!(share_note("{4|0", None), None, "nothing read yet: the link is the one opened");
        let n = share_note("{4|0", Some("{4|0}")).unwrap();
        assert!(n.contains("{4|0}") && n.contains("not read"), "{n}");
        let long = "*".repeat(100);
        let n = share_note("", Some(&long)).unwrap();
        assert!(n.contains(&format!("{}…", "*".repeat(60))) && !n.contains(&"*".repeat(61)), "{n}");
    }

    /// The construction's target: the canonical form, whose tree's root is
    /// what the last step builds, and the panel's sentence names it.
    fn built_root(text: &str) -> (BuildForm, String, cgt::thermograph::Thermograph) {
        let e = Explored::parse(text).unwrap();
        let b = e.build_target(e.root());
        let steps = cgt::construction::construction(b.arena(&e), b.node()).unwrap();
        let last = steps.last().unwrap();
        assert_eq!(last.node, b.node(), "{text}: the last step builds the target");
        (b.form.clone(), last.label.clone(), last.result.clone().unwrap())
    }

    #[test]
    fn a_sum_is_built_from_its_canonical_form() {
        // 1 ± 1 + ±1 = 1: the sum's tree is hot, its value the integer 1.
        for (text, known) in [("{2|0} + {1|-1}", Some("1")), ("*+^", Some("^*")), ("^ + v", Some("0")), ("{4|0} + {1|-1}", None)] {
            let e = Explored::parse(text).unwrap();
            let v = e.value(e.root());
            let (form, label, th) = built_root(text);
            let name = v.canonical_text();
            let name = name.as_str();
            if let Some(known) = known {
                assert_eq!(name, known, "{text}");
            }
            match &form {
                BuildForm::Canonical { name: n, explicit, written } => {
                    assert_eq!(n, name);
                    assert_eq!(*explicit, label, "{text}: the last step is the form the panel names");
                    assert!(written.contains(text), "{written}");
                }
                other => panic!("{text}: {other:?}"),
            }
            let s = form.sentence();
            assert!(s.contains(&format!("canonical form {name}")) && s.contains(form.explicit()) && s.contains(text), "{s}");
            // The same value, so the same thermograph as the game typed.
            assert_eq!(th, *e.thermograph(e.root()), "{text}");
        }
    }

    #[test]
    fn a_canonical_game_is_built_as_typed() {
        let (form, label, _) = built_root("{{-2|-4}|-7}");
        assert_eq!(form, BuildForm::CanonicalAsWritten { name: "{{-2|-4}|-7}".into(), explicit: label, written: "the game as typed, {{-2|-4}|-7}".into() });
        assert!(form.sentence().contains("that form already"));
        // Adding 0 leaves the game's tree as it was: built as it stands.
        let (form, _, _) = built_root("{{5|0}|-10} + 0");
        assert!(matches!(&form, BuildForm::CanonicalAsWritten { name, written, .. } if name == "{{5|0}|-10}" && written.ends_with("+ 0")), "{form:?}");
        // Built in the game's own tree: the lessons' step numbers hold.
        let e = Explored::parse("14|2|||-2||-14|-16").unwrap();
        let b = e.build_target(e.root());
        assert_eq!((b.node(), std::ptr::eq(b.arena(&e), e.arena())), (e.root(), true));
    }

    #[test]
    fn a_subgame_is_built_from_its_canonical_form_too() {
        let e = Explored::parse("{2|0} + {1|-1}").unwrap();
        let id = e.resolve(&parse_path("L0").unwrap()).unwrap();
        let b = e.build_target(id);
        let steps = cgt::construction::construction(b.arena(&e), b.node()).unwrap();
        assert_eq!(steps.last().unwrap().label, b.form.explicit());
        assert!(b.form.sentence().contains("the selected position"), "{}", b.form.sentence());
        assert_eq!(steps.last().unwrap().result.as_ref().unwrap(), &*e.thermograph(id));
    }

    #[test]
    fn without_a_canonical_form_the_tree_is_built_and_the_panel_says_why() {
        let e = Explored::parse("{1/3|0}").unwrap();
        let b = e.build_target(e.root());
        match &b.form {
            BuildForm::AsWritten { explicit, why, .. } => {
                assert_eq!(explicit, "{1/3|0}");
                assert!(!why.is_empty());
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(b.node(), e.root());
        assert!(b.form.sentence().contains("as the game tree shows it"), "{}", b.form.sentence());
    }
}
