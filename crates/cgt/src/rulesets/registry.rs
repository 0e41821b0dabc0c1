//! Every ruleset by name, behind one object-safe interface.
//!
//! The CLI (`cgt game NAME POS`) and the page (`?page=game&r=NAME&p=POS`)
//! do not know the rulesets' types: they ask [`session`] for a
//! [`Session`] by name and talk text to it (positions, moves) and get a
//! [`GameReport`] back. A session keeps its solver's table between calls,
//! so a game played move by move is valued incrementally.
//!
//! Registering a ruleset is one [`RulesetInfo`] in its own file, one entry
//! in [`RULESETS`] and one arm in [`session`].

use super::engine::{Board, EngineError, ScoredBoard, ScoredMove, Solver};
use super::{amazons, clobber, col, cutcake, domineering, go, hackenbush, heapgo, konane, snort, toads_and_frogs, MoveError, Ruleset};
pub use super::{Preset, RulesetInfo};
use crate::numbers::Q;
use crate::outcome::Outcome;
use crate::search::montecarlo::{uct_move, UctConfig};
use crate::side::Side;
use crate::thermograph::Thermograph;
use std::fmt;

/// Opens a session of one ruleset at a position's text.
type Open = fn(&'static RulesetInfo, &str, usize) -> Result<Box<dyn Session>, GameError>;

/// The registration of every ruleset, one row each, in the order the page
/// lists them: its description and how a session of it opens. Adding a
/// ruleset is one row here (and its module).
const TABLE: &[(&RulesetInfo, Open)] = &[
    (&domineering::INFO, generic::<domineering::Domineering>),
    (&hackenbush::INFO, generic::<hackenbush::Hackenbush>),
    (&heapgo::INFO, generic::<heapgo::HeapGo>),
    (&toads_and_frogs::INFO, generic::<toads_and_frogs::ToadsAndFrogs>),
    (&cutcake::INFO, generic::<cutcake::Cutcake>),
    (&clobber::INFO, generic::<clobber::Clobber>),
    (&konane::INFO, generic::<konane::Konane>),
    (&amazons::INFO, generic::<amazons::Amazons>),
    (&snort::INFO, generic::<snort::Snort>),
    (&col::INFO, generic::<col::Col>),
    (&go::INFO, go_session),
];

/// Every registered ruleset (the table's first column).
pub const RULESETS: &[&RulesetInfo] = &{
    let mut infos: [&RulesetInfo; TABLE.len()] = [TABLE[0].0; TABLE.len()];
    let mut i = 0;
    while i < TABLE.len() {
        infos[i] = TABLE[i].0;
        i += 1;
    }
    infos
};

/// The ruleset called `name`.
pub fn info(name: &str) -> Option<&'static RulesetInfo> {
    RULESETS.iter().copied().find(|r| r.name == name)
}

/// Why a session could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// No ruleset has this name.
    UnknownRuleset { name: String },
    /// The text is not a position of the ruleset (the ruleset's message
    /// names the row and column or the item).
    Position { ruleset: &'static str, message: String },
    /// Not a legal move.
    Move(MoveError),
    /// The value was not computed (the budget, a non-dyadic score).
    Engine(EngineError),
    /// A component's explicit canonical form is longer than `max`
    /// characters (too long to send to the Sums page).
    TooLong { component: String, max: u64 },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::UnknownRuleset { name } => {
                let known: Vec<&str> = RULESETS.iter().map(|r| r.name).collect();
                write!(f, "no ruleset is called `{}`; the rulesets are {}", super::snippet(name), known.join(", "))
            }
            GameError::Position { ruleset, message } => write!(f, "not a {ruleset} position: {message}"),
            GameError::Move(e) => write!(f, "{e}"),
            GameError::Engine(e) => write!(f, "{e}"),
            GameError::TooLong { component, max } => {
                write!(f, "the canonical form of component `{}` is longer than {max} characters", super::snippet(component))
            }
        }
    }
}

impl std::error::Error for GameError {}

impl From<EngineError> for GameError {
    fn from(e: EngineError) -> Self {
        GameError::Engine(e)
    }
}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> Self {
        GameError::Move(e)
    }
}

/// Longest canonical name a report prints (names of shared subforms can be
/// astronomically long).
pub const MAX_NAME: u64 = 2_000;
/// Longest canonical name a report gives whole (`cgt game --json`'s
/// `canonical` and components').
pub const FULL_NAME: u64 = crate::canonical::FULL_TEXT;

/// Longest explicit canonical form a report carries (what the Sums page
/// adds as a game; its link holds 4,000 characters).
pub const MAX_EXPLICIT: u64 = 4_000;

/// One component of a position with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentReport {
    pub position: String,
    /// CGSuite's name of the canonical form (or a note that it is too long).
    pub canonical: String,
    pub mean: Q,
    pub temperature: Q,
    pub thermograph: Thermograph,
    /// The canonical form in explicit notation ([`Canon::explicit`]), or
    /// `None` when longer than [`MAX_EXPLICIT`] bytes.
    ///
    /// [`Canon::explicit`]: crate::canonical::Canon::explicit
    pub explicit: Option<String>,
    /// Go regions: the chilled value, the kind of play.
    pub go: Option<GoRegion>,
}

/// What a Go region's card shows beyond the value (Mathematical Go).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoRegion {
    /// The value chilled (cooled by 1, the count's tax removed).
    pub chilled: Option<String>,
    /// The chilled value warmed back, kept only where it is the value again
    /// (Go positions of even parity, Mathematical Go's "even elementary");
    /// `None` where warming gives another game (1* for 1).
    pub warmed: Option<String>,
    /// Gote, sente, or cold.
    pub play: String,
}

/// Everything `cgt game` and the board page show of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    pub ruleset: &'static str,
    /// The position's text as the ruleset prints it.
    pub position: String,
    pub components: Vec<ComponentReport>,
    pub canonical: String,
    pub mean: Q,
    pub temperature: Q,
    pub left_stop: Q,
    pub right_stop: Q,
    pub outcome: Outcome,
    pub thermograph: Thermograph,
    /// Distinct positions (components) the solver has valued.
    pub positions: usize,
    /// The atomic weight (named) of an infinitesimal value that has one
    /// (Clobber's positions, all-small games): who is ahead by how many
    /// ups. `None` for other values, and where the weight is not defined.
    pub atomic_weight: Option<String>,
    /// Why `atomic_weight` is `None`, in the words of the algebra (the
    /// explorer's "not defined: ..." text): a value that is not
    /// infinitesimal, one that is not atomic, or one too large to weigh.
    /// `None` when there is a weight, and for the value 0 (whose atomic
    /// weight is 0; the page's value card leaves it off).
    pub atomic_weight_reason: Option<String>,
}

/// Most subforms the atomic weight of a report may work through.
pub const ATOMIC_MAX_FORMS: usize = 20_000;

/// One move with its text and what it is worth to the mover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    pub mv: String,
    /// The value after the move, named.
    pub value: String,
    pub wins: bool,
    pub undominated: bool,
}

/// A position of some ruleset, with a solver, driven by text.
pub trait Session {
    fn info(&self) -> &'static RulesetInfo;
    /// The current position's text.
    fn position(&self) -> String;
    /// Replace the position (the editor); the solver's table is kept.
    fn set_position(&mut self, text: &str) -> Result<(), GameError>;
    /// The moves `side` may make, as texts, in move order.
    fn moves(&self, side: Side) -> Vec<String>;
    /// The position after `side` plays the move named `mv` (the session
    /// moves on to it).
    fn play(&mut self, side: Side, mv: &str) -> Result<(), GameError>;
    /// The position's size (squares, edges, counters).
    fn size(&self) -> usize;
    /// The components' texts (normal play: the independent parts).
    fn component_texts(&self) -> Vec<String>;
    /// Most new positions one call may value.
    fn set_budget(&mut self, max_positions: usize);
    /// The values of the position and of each component.
    fn report(&mut self) -> Result<GameReport, GameError>;
    /// Every move of `side` rated exactly.
    fn rate_moves(&mut self, side: Side) -> Result<Vec<MoveReport>, GameError>;
    /// The exact computer's move (a winning undominated move where there
    /// is one); `None` when `side` has no move.
    fn best_move(&mut self, side: Side) -> Result<Option<String>, GameError>;
    /// A UCT player's move (for positions beyond the exact budget); in a
    /// scored game its playouts are won on points
    /// ([`super::engine::ScoredBoard`]).
    fn uct_move(&self, side: Side, seed: u64, iterations: u32) -> Option<String>;
    /// The components' canonical forms in explicit notation (what the Sums
    /// page adds as games).
    fn sum_components(&mut self) -> Result<Vec<String>, GameError>;
    /// The move each strategy of the Sums page (hotstrat, sentestrat,
    /// thermostrat, exact) makes for `side` on this board, read back from
    /// the components' sum onto the board's moves, with the count (mean)
    /// after it. Empty when the position has no value.
    fn strategy_moves(&mut self, _side: Side) -> Result<Vec<StrategyMove>, GameError> {
        Ok(Vec::new())
    }
    /// Whether a player may pass instead of moving ([`PASS`]; Go): then
    /// the game ends when both pass in turn or nobody can move, and is won
    /// on [`Session::final_count`].
    fn can_pass(&self) -> bool {
        false
    }
    /// The count of the position if play ended here (Go: territory and
    /// prisoners, Black's minus White's); `None` for games won by the last
    /// move or on the points of their moves.
    fn final_count(&self) -> Option<Q> {
        None
    }
    /// Whether moves score points (heap-go): then the game ends when
    /// neither side can move and is won on points, not by the last move.
    fn scored(&self) -> bool;
    /// The points the move named `mv` of `side` scores here (Left's
    /// positive, Right's negative; zero in normal-play games).
    fn move_score(&self, side: Side, mv: &str) -> Result<Q, GameError>;
}

/// The move name of a pass, where the rules allow one ([`Session::can_pass`]).
pub const PASS: &str = "pass";

/// A strategy's move on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyMove {
    pub strategy: crate::sums::strategy::Strategy,
    /// The board move (`None`: the strategy's choice is in a component no
    /// board move reaches alone, which does not happen for Go).
    pub mv: Option<String>,
    /// The value's mean after the move: the count, for Go.
    pub mean_after: Option<Q>,
}

/// What each strategy plays for `side` in `g`'s position: the sum of its
/// components on the Sums page's engines, and the board move whose value
/// changes the sum as the strategy's move does.
fn strategy_moves_of<R: Ruleset>(g: &mut Generic<R>, side: Side, budget: usize) -> Result<Vec<StrategyMove>, GameError> {
    use crate::sums::strategy::{choose, Context, Strategy};
    let pos = g.pos.clone();
    let parts = g.solver.component_values(&pos)?;
    let ids: Vec<crate::canonical::CanonId> = parts.iter().map(|(_, v)| *v).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let total = g.solver.value(&pos)?;
    let sum = crate::sums::SumGames::from_canon(g.solver.canon(), &ids, budget).map_err(|_| GameError::Engine(EngineError::TooLarge { max: budget }))?;
    let state = sum.components().to_vec();
    // Every board move with the change it makes to the value's sum.
    let mut after = Vec::new();
    for m in pos.moves(side) {
        let Some(next) = pos.play(side, m) else { continue };
        let w = g.solver.value(&next)?;
        after.push((m.to_string(), w));
    }
    let mut out = Vec::new();
    for strategy in [Strategy::Hotstrat, Strategy::Sentestrat, Strategy::Thermostrat, Strategy::Exact] {
        let mut ctx = Context::default();
        let Some(choice) = choose(&sum, &state, side, strategy, &mut ctx, budget) else { continue };
        let want = sum.position(choice.to).name.clone();
        let canon = g.solver.canon();
        let minus_part = canon.neg(ids[choice.component]);
        let rest = canon.add(total, minus_part);
        let neg_rest = canon.neg(rest);
        let mut found = None;
        for (mv, w) in &after {
            let d = canon.add(*w, neg_rest);
            if canon.name_within(d, MAX_NAME).as_deref() == Some(want.as_str()) {
                found = Some((mv.clone(), *w));
                break;
            }
        }
        let mean_after = match found {
            Some((_, w)) => Some(g.solver.thermograph_of(w)?.mean().clone()),
            None => None,
        };
        out.push(StrategyMove { strategy, mv: found.map(|f| f.0), mean_after });
    }
    Ok(out)
}

/// A session over one ruleset's type.
struct Generic<R: Ruleset> {
    info: &'static RulesetInfo,
    pos: R,
    solver: Solver<R>,
}

fn parse<R: Ruleset>(text: &str) -> Result<R, GameError> {
    R::parse(text).map_err(|e| GameError::Position { ruleset: R::NAME, message: e.to_string() })
}

impl<R: Ruleset> Generic<R> {
    fn named(&mut self, g: crate::canonical::CanonId) -> String {
        // Whole, however long (a script asked for it; the page folds it):
        // past 64 MiB, the length instead.
        self.solver.canon().name_within(g, FULL_NAME).unwrap_or_else(|| format!("(a canonical form of {} characters)", self.solver.canon().name_len(g)))
    }
}

impl<R: Ruleset> Session for Generic<R> {
    fn info(&self) -> &'static RulesetInfo {
        self.info
    }
    fn position(&self) -> String {
        self.pos.to_string()
    }
    fn set_position(&mut self, text: &str) -> Result<(), GameError> {
        self.pos = parse(text)?;
        Ok(())
    }
    fn moves(&self, side: Side) -> Vec<String> {
        self.pos.moves(side).iter().map(|m| m.to_string()).collect()
    }
    fn play(&mut self, side: Side, mv: &str) -> Result<(), GameError> {
        let m = self.pos.parse_move(side, mv)?;
        self.pos = self.pos.play(side, m).expect("parse_move returns legal moves");
        Ok(())
    }
    fn size(&self) -> usize {
        self.pos.size()
    }
    fn component_texts(&self) -> Vec<String> {
        self.pos.components().iter().map(|c| c.to_string()).collect()
    }
    fn set_budget(&mut self, max_positions: usize) {
        self.solver.set_max_positions(max_positions);
    }
    fn report(&mut self) -> Result<GameReport, GameError> {
        let pos = self.pos.clone();
        let mut components = Vec::new();
        for (c, v) in self.solver.component_values(&pos)? {
            let th = self.solver.thermograph_of(v)?;
            components.push(ComponentReport {
                position: c.to_string(),
                canonical: self.named(v),
                mean: th.mean().clone(),
                temperature: th.temperature().clone(),
                thermograph: th,
                explicit: self.solver.canon().explicit_within(v, MAX_EXPLICIT),
                go: None,
            });
        }
        let v = self.solver.value(&pos)?;
        let thermograph = self.solver.thermograph(&pos)?;
        let (left_stop, right_stop) = self.solver.canon().stops(v);
        let outcome = self.solver.canon().outcome(v);
        let zero = self.solver.canon().zero();
        // Not infinitesimal: the algebra says so from the stops, at once.
        let (atomic_weight, atomic_weight_reason) = if v == zero {
            (None, None)
        } else {
            let mut alg = crate::algebra::Algebra::new(ATOMIC_MAX_FORMS);
            match alg.atomic_weight(self.solver.canon(), v) {
                Ok(w) => (Some(self.named(w)), None),
                Err(crate::algebra::AlgebraError::NoAtomicWeight { reason }) => (None, Some(reason)),
                Err(e) => (None, Some(e.to_string())),
            }
        };
        Ok(GameReport {
            ruleset: R::NAME,
            position: pos.to_string(),
            components,
            canonical: self.named(v),
            mean: thermograph.mean().clone(),
            temperature: thermograph.temperature().clone(),
            left_stop,
            right_stop,
            outcome,
            thermograph,
            positions: self.solver.positions(),
            atomic_weight,
            atomic_weight_reason,
        })
    }
    fn rate_moves(&mut self, side: Side) -> Result<Vec<MoveReport>, GameError> {
        let pos = self.pos.clone();
        let rated = self.solver.rate_moves(&pos, side)?;
        Ok(rated.into_iter().map(|r| MoveReport { mv: r.mv.to_string(), value: self.named(r.value), wins: r.wins, undominated: r.undominated }).collect())
    }
    fn best_move(&mut self, side: Side) -> Result<Option<String>, GameError> {
        let pos = self.pos.clone();
        Ok(self.solver.best_move(&pos, side)?.map(|m| m.to_string()))
    }
    fn uct_move(&self, side: Side, seed: u64, iterations: u32) -> Option<String> {
        let cfg = UctConfig { iterations, seed, ..UctConfig::default() };
        if R::CONVENTION.is_scored() {
            // Playouts decided by the points, not by who moves last.
            let board = ScoredBoard::new(self.pos.clone(), Q::zero());
            return match uct_move(&board, side, cfg)?.mv {
                ScoredMove::Play(m) => Some(m.to_string()),
                ScoredMove::Claim => None,
            };
        }
        uct_move(&Board(self.pos.clone()), side, cfg).map(|c| c.mv.to_string())
    }
    fn strategy_moves(&mut self, side: Side) -> Result<Vec<StrategyMove>, GameError> {
        if R::CONVENTION.is_scored() {
            return Ok(Vec::new());
        }
        let budget = self.solver.max_positions();
        strategy_moves_of(self, side, budget)
    }
    fn sum_components(&mut self) -> Result<Vec<String>, GameError> {
        let pos = self.pos.clone();
        let mut out = Vec::new();
        // The same capped form as the report's: an explicit form can be
        // astronomically long, and a Sums link holds MAX_EXPLICIT characters.
        for (c, v) in self.solver.component_values(&pos)? {
            let form = self.solver.canon().explicit_within(v, MAX_EXPLICIT);
            out.push(form.ok_or(GameError::TooLong { component: c.to_string(), max: MAX_EXPLICIT })?);
        }
        Ok(out)
    }
    fn scored(&self) -> bool {
        R::CONVENTION.is_scored()
    }
    fn move_score(&self, side: Side, mv: &str) -> Result<Q, GameError> {
        let m = self.pos.parse_move(side, mv)?;
        Ok(self.pos.move_score(side, m))
    }
}

fn generic<R: Ruleset>(info: &'static RulesetInfo, text: &str, max_positions: usize) -> Result<Box<dyn Session>, GameError> {
    Ok(Box::new(Generic { info, pos: parse::<R>(text)?, solver: Solver::new(max_positions) }))
}

/// A session of the ruleset `name` at the position `text`, valuing at most
/// `max_positions` new positions a call.
pub fn session(name: &str, text: &str, max_positions: usize) -> Result<Box<dyn Session>, GameError> {
    match TABLE.iter().find(|(info, _)| info.name == name) {
        Some((info, open)) => open(info, text, max_positions),
        None => Err(GameError::UnknownRuleset { name: name.to_string() }),
    }
}

/// Go opens its own session (kos: see [`GoSession`]).
fn go_session(_info: &'static RulesetInfo, text: &str, max_positions: usize) -> Result<Box<dyn Session>, GameError> {
    Ok(Box::new(GoSession::new(parse::<go::Go>(text)?, max_positions)))
}

/// Go's session: the generic session over [`go::Go`], but a position whose
/// play meets a ko is valued twice, once with Black winning every ko and
/// once with White (each time the other side may take no ko, so play always
/// ends). Equal values say no ko matters, and that is the value; different
/// values are refused, with both. One solver serves every run: a position
/// with White winning the kos is the colour-swapped image of one with Black
/// winning them, so the second run reuses much of the first.
struct GoSession {
    pos: go::Go,
    g: Generic<go::Go>,
    /// Whether play in the current position meets a ko (`None`: not known
    /// yet).
    ko: Option<bool>,
}

impl GoSession {
    fn new(pos: go::Go, max_positions: usize) -> GoSession {
        let g = Generic { info: &go::INFO, pos: pos.clone(), solver: Solver::new(max_positions) };
        GoSession { pos, g, ko: None }
    }
    /// The generic session at `pos`.
    fn at(&mut self, pos: go::Go) -> &mut Generic<go::Go> {
        self.g.pos = pos;
        &mut self.g
    }
    /// Whether play in the position meets a ko (every move allowed, the
    /// engine refuses at the first ko).
    fn has_ko(&mut self) -> Result<bool, GameError> {
        if let Some(k) = self.ko {
            return Ok(k);
        }
        let pos = self.pos.clone();
        let k = match self.at(pos).report() {
            Ok(_) => false,
            Err(GameError::Engine(EngineError::Refused { .. })) => true,
            Err(e) => return Err(e),
        };
        self.ko = Some(k);
        Ok(k)
    }
    /// The report with each region's chilled and warmed values and kind of
    /// play (`valued`: the position as valued).
    fn with_regions(&mut self, mut r: GameReport, valued: &go::Go) -> GameReport {
        let Ok(parts) = self.g.solver.component_values(valued) else { return r };
        for (c, (_, v)) in r.components.iter_mut().zip(parts) {
            let mut alg = crate::algebra::Algebra::new(ATOMIC_MAX_FORMS);
            let canon = self.g.solver.canon();
            let chilled = alg.chill(canon, v).ok();
            // Warming undoes chilling only for even positions (Mathematical
            // Go's "even elementary"); elsewhere it gives another game (1*
            // for 1, {1*|-1*} for ±1), which would mislead beside the
            // value, so it is kept only where it gives the value back.
            let warmed = chilled.and_then(|ch| alg.warm(canon, ch).ok()).filter(|&w| w == v);
            let name = |canon: &mut crate::canonical::Canon, g| canon.name_within(g, MAX_NAME).unwrap_or_else(|| "(too long to print)".into());
            let chilled_name = chilled.map(|g| name(canon, g));
            let warmed_name = warmed.map(|g| name(canon, g));
            // The kind by the walls (`crate::sente`), in Black's and White's names.
            let play = crate::sente::classify(&c.thermograph).kind.words(["Black", "White"]);
            c.go = Some(GoRegion { chilled: chilled_name, warmed: warmed_name, play });
        }
        r
    }
    /// The position as valued: itself when no ko is met, else with `winner`
    /// winning every ko (or, if play can still cycle, with the other side
    /// taking nothing at all: a bound all the same, that side only lost
    /// options).
    fn valued_as(&mut self, winner: Side) -> Result<go::Go, GameError> {
        if !self.has_ko()? {
            return Ok(self.pos.clone());
        }
        let light = self.pos.kos_won_by(winner);
        match self.at(light.clone()).report() {
            Err(GameError::Engine(EngineError::Refused { .. })) => Ok(self.pos.captures_only_by(winner)),
            _ => Ok(light),
        }
    }
}

/// A refusal of the engine's, as the session's error.
fn refused(reason: String) -> GameError {
    GameError::Engine(EngineError::Refused { reason })
}

/// A ko that matters, in a Go player's words: the count and the size of
/// the move with each side winning the ko (`at`: where, or empty).
fn ko_words(at: &str, black: &Thermograph, white: &Thermograph) -> String {
    // The kind just below the temperature only (the cooler ambients'
    // list would bury the two sizes).
    let words = |th: &Thermograph| {
        let p = crate::sente::classify(th).phrase(["Black", "White"]);
        p.split("; at a cooler ambient").next().unwrap_or_default().to_string()
    };
    format!(
        "a ko matters{at}: if Black wins the ko, {}; if White wins it, {}. Who wins a ko depends on the ko threats elsewhere, and these values are for games that always end, so it is not valued",
        words(black),
        words(white)
    )
}

impl GoSession {
    /// The regions of the board's position that cannot be valued, refused
    /// before any search, each named and marked: too large, nobody can
    /// move, a seki. A position deep in a search where nobody can move is
    /// final (its count), not refused.
    fn check_regions(&self) -> Result<(), GameError> {
        let regions = self.pos.regions();
        for (c, pts) in self.pos.components().iter().zip(&regions) {
            let names = self.pos.names(pts);
            if pts.len() > go::MAX_REGION {
                // Named point by point (and marked) while the list is short;
                // a big one by its corners.
                let at = if pts.len() <= 2 * go::MAX_REGION {
                    format!("{names} {}", go::MARKED)
                } else {
                    let (r0, r1) = (pts.iter().map(|p| p.0).min().unwrap_or(0), pts.iter().map(|p| p.0).max().unwrap_or(0));
                    let (c0, c1) = (pts.iter().map(|p| p.1).min().unwrap_or(0), pts.iter().map(|p| p.1).max().unwrap_or(0));
                    format!("between {} and {}", self.pos.names(&[(r1, c0)]), self.pos.names(&[(r0, c1)]))
                };
                return Err(refused(format!(
                    "the region of {} points (open points and stones that can be captured) is too large to value exactly, at most {}: {at}. Mark the stones that live as safe (X, O), which cuts the board into regions, or value a corner (# marks points off the board)",
                    pts.len(),
                    go::MAX_REGION,
                )));
            }
            match c.trouble() {
                Some(go::Trouble::NoMoves) => {
                    return Err(refused(format!(
                        "nobody can move in the region of {names} {}, though its points are not all settled: a seki (under Japanese counting its points count 0 for both sides), or stones that cannot be captured. Mark the stones that live safe (X, O), and points nobody will fill off the board (#), to value the rest",
                        go::MARKED
                    )))
                }
                Some(go::Trouble::Seki) => {
                    return Err(refused(format!(
                        "the region of {names} {} is a seki: its stones live without eyes, and whoever plays there first puts its own stones in atari. Under Japanese counting a seki counts 0 for both sides (no territory); these values do not cover it. Mark the stones in seki safe (X, O) and the shared points off the board (#) to value the rest",
                        go::MARKED
                    )))
                }
                None => {}
            }
        }
        Ok(())
    }
}

impl Session for GoSession {
    fn info(&self) -> &'static RulesetInfo {
        &go::INFO
    }
    fn position(&self) -> String {
        self.pos.to_string()
    }
    fn set_position(&mut self, text: &str) -> Result<(), GameError> {
        self.pos = parse::<go::Go>(text)?;
        self.ko = None;
        Ok(())
    }
    fn moves(&self, side: Side) -> Vec<String> {
        self.pos.moves(side).iter().map(|m| m.to_string()).collect()
    }
    fn play(&mut self, side: Side, mv: &str) -> Result<(), GameError> {
        if mv.trim() == PASS {
            self.pos = self.pos.passed();
            self.ko = None;
            return Ok(());
        }
        let m = self.pos.parse_move(side, mv)?;
        self.pos = self.pos.play(side, m).expect("parse_move returns legal moves");
        self.ko = None;
        Ok(())
    }
    fn can_pass(&self) -> bool {
        true
    }
    fn final_count(&self) -> Option<Q> {
        Some(Q::from_int(self.pos.final_count()))
    }
    fn size(&self) -> usize {
        self.pos.size()
    }
    fn component_texts(&self) -> Vec<String> {
        self.pos.components().iter().map(|c| c.to_string()).collect()
    }
    fn set_budget(&mut self, max_positions: usize) {
        self.g.set_budget(max_positions);
        self.ko = None;
    }
    fn report(&mut self) -> Result<GameReport, GameError> {
        if let Some((r, c)) = self.pos.ko_point() {
            let at = self.pos.names(&[(r, c)]);
            return Err(refused(format!("a ko was just taken: the retake at {at} {} must wait a move; play in a ko is loopy, and these values do not cover it (play elsewhere, pass, or fill the ko, first)", go::MARKED)));
        }
        self.check_regions()?;
        let pos_b = self.valued_as(Side::Left)?;
        let b = self.at(pos_b.clone()).report()?;
        if !self.has_ko()? {
            return Ok(self.with_regions(GameReport { position: self.pos.to_string(), ..b }, &self.pos.clone()));
        }
        let pos_w = self.valued_as(Side::Right)?;
        let w = self.at(pos_w).report()?;
        let regions = self.pos.regions();
        for (i, (cb, cw)) in b.components.iter().zip(&w.components).enumerate() {
            if cb.canonical != cw.canonical {
                let at = regions.get(i).map(|pts| format!(" in the region of {} {}", self.pos.names(pts), go::MARKED)).unwrap_or_default();
                return Err(refused(ko_words(&at, &cb.thermograph, &cw.thermograph)));
            }
        }
        if b.canonical != w.canonical {
            return Err(refused(ko_words("", &b.thermograph, &w.thermograph)));
        }
        Ok(self.with_regions(GameReport { position: self.pos.to_string(), ..b }, &pos_b))
    }
    /// The mover's moves rated with the mover winning kos (all its moves
    /// are allowed then), once the position itself is valued.
    fn rate_moves(&mut self, side: Side) -> Result<Vec<MoveReport>, GameError> {
        self.report()?;
        let pos = self.valued_as(side)?;
        self.at(pos).rate_moves(side)
    }
    fn best_move(&mut self, side: Side) -> Result<Option<String>, GameError> {
        self.report()?;
        let pos = self.valued_as(side)?;
        self.at(pos).best_move(side)
    }
    /// On the board's position (the inner session's is whichever was
    /// valued last).
    fn uct_move(&self, side: Side, seed: u64, iterations: u32) -> Option<String> {
        let cfg = UctConfig { iterations, seed, ..UctConfig::default() };
        uct_move(&Board(self.pos.clone()), side, cfg).map(|c| c.mv.to_string())
    }
    fn sum_components(&mut self) -> Result<Vec<String>, GameError> {
        self.report()?;
        let pos = self.valued_as(Side::Left)?;
        self.at(pos).sum_components()
    }
    fn scored(&self) -> bool {
        false
    }
    fn move_score(&self, _side: Side, mv: &str) -> Result<Q, GameError> {
        self.pos.parse_move(Side::Left, mv).or_else(|_| self.pos.parse_move(Side::Right, mv))?;
        Ok(Q::zero())
    }
    fn strategy_moves(&mut self, side: Side) -> Result<Vec<StrategyMove>, GameError> {
        self.report()?;
        let pos = self.valued_as(side)?;
        let budget = self.g.solver.max_positions();
        strategy_moves_of(self.at(pos), side, budget)
    }
}
