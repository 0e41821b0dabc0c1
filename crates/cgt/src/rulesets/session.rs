//! The text-driven session every ruleset is played and valued through, and
//! the generic one that serves any [`Ruleset`].
//!
//! The CLI and the page hold a boxed [`Session`] and never a ruleset's
//! type, so everything they show is in the report types here.
//! `Generic` is the whole session for a ruleset whose values the engine
//! gives straight from its positions. A ruleset with a policy of its own on
//! top (Go's kos, in `go::session`) wraps a `Generic` and reuses its
//! solver, its report and `strategy_moves_of`, which is why those are
//! open to the crate; this module knows no ruleset by name, and the
//! registry's table knows which session each one opens.

use super::engine::{Board, EngineError, ScoredBoard, ScoredMove, Solver};
use super::{MoveError, Ruleset, RulesetInfo};
use crate::numbers::Q;
use crate::outcome::Outcome;
use crate::search::montecarlo::{uct_move, UctConfig};
use crate::side::Side;
use crate::thermograph::Thermograph;

/// Why a session could not do what was asked.
///
/// Its `Display` is in the registry, beside the table: the message for an
/// unknown name lists every ruleset, which this module does not know.
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
    /// Misère play asked of a game that does not offer it.
    NoMisere { ruleset: &'static str },
    /// A component's explicit canonical form is longer than `max`
    /// characters (too long to send to the Sums page).
    TooLong { component: String, max: u64 },
}

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
    /// An impartial game's nim-values and its play under the session's
    /// convention (`None` for partizan games).
    pub impartial: Option<ImpartialReport>,
}

/// What the report of an impartial game adds ([`super::nim_session`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImpartialReport {
    /// The nim-value `g` (normal play): the position is `*g`.
    pub nim_value: u32,
    /// Each component's nim-value, in the order of the report's components.
    pub component_values: Vec<u32>,
    /// The play the outcome and moves below are for: misère (the player
    /// who cannot move wins) or normal.
    pub misere: bool,
    /// The player to move wins, under that play.
    pub first_player_wins: bool,
    /// The moves that win under that play (none when the player to move
    /// loses).
    pub winning_moves: Vec<String>,
    /// Under misère play: the position's misère canonical form (Conway's
    /// simplest form, in Siegel's notation; a long one is described by
    /// its length), its genus and whether it is tame, when they were
    /// computed within the budget; `misere_note` says why not otherwise.
    pub misere_form: Option<String>,
    pub genus: Option<String>,
    pub tame: Option<bool>,
    pub misere_note: Option<String>,
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
    /// The move named `mv` of `side` in words ("take 3 from heap 2"), for
    /// rulesets whose move names are terse; `None` otherwise.
    fn move_words(&self, _side: Side, _mv: &str) -> Option<String> {
        None
    }
    /// Both players have the same moves: values are nim-values (the
    /// report's [`GameReport::impartial`]), and misère play is offered.
    fn impartial(&self) -> bool {
        false
    }
    /// The game is played misère: the player who cannot move wins.
    fn misere(&self) -> bool {
        false
    }
    /// Play misère (`true`) or normal (`false`). Only impartial games
    /// offer misère play here; the others refuse it.
    fn set_misere(&mut self, on: bool) -> Result<(), GameError> {
        if on {
            return Err(GameError::NoMisere { ruleset: self.info().name });
        }
        Ok(())
    }
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
pub(crate) fn strategy_moves_of<R: Ruleset>(g: &mut Generic<R>, side: Side, budget: usize) -> Result<Vec<StrategyMove>, GameError> {
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
pub(crate) struct Generic<R: Ruleset> {
    pub(crate) info: &'static RulesetInfo,
    pub(crate) pos: R,
    pub(crate) solver: Solver<R>,
}

/// `text` as a position of `R`, the error naming the ruleset.
pub(crate) fn parse<R: Ruleset>(text: &str) -> Result<R, GameError> {
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
            impartial: None,
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

/// How the registry's table opens a session of a ruleset that needs no
/// policy of its own.
pub(crate) fn generic<R: Ruleset>(info: &'static RulesetInfo, text: &str, max_positions: usize) -> Result<Box<dyn Session>, GameError> {
    Ok(Box::new(Generic { info, pos: parse::<R>(text)?, solver: Solver::new(max_positions) }))
}
