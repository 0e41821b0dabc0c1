//! Rulesets: concrete games whose positions turn into game values, all
//! through one interface.
//!
//! A ruleset implements [`Ruleset`]: a position with a text form (the
//! formats `cgt game list` gives), each side's moves as named
//! moves and as the positions they lead to, its decomposition into
//! independent components, a size for budgets, and, for scored games, the
//! points a move earns. Everything else is generic ([`engine`]): canonical
//! values with a transposition table, thermographs straight from the
//! position, outcomes, rated moves for the board's computer, and the
//! adapters to the Monte Carlo players, MT-search and the Sums page. A
//! ruleset with a faster way to some values (a theorem, a special solver)
//! says so in [`Ruleset::known_value`]; tests hold it to the generic search.
//! [`registry`] lists every ruleset by name, behind one object-safe
//! interface, for the CLI (`cgt game NAME POS`) and the page
//! (`?page=game&r=NAME&p=POS`).
//!
//! - [`domineering`], Domineering (Winning Ways ch. 2, Lessons in Play)
//! - [`toads_and_frogs`], Toads and Frogs (Winning Ways ch. 1; rows, a sum)
//! - [`cutcake`], Cutcake (Winning Ways ch. 2; cakes, a sum; integers)
//! - [`snort`] and [`col`], colouring the vertices of a graph (Winning Ways
//!   ch. 2), on the shared graph text format of [`graph`]
//! - [`clobber`], [`konane`] and [`amazons`], stones on grids (the shared
//!   text and symmetries of [`stones`])
//! - [`hackenbush`], Blue-Red-Green Hackenbush (classical and Two-Move rules)
//! - [`heapgo`], heap-go (Kao et al. 2012): sums of heaps of weighted counters
//! - [`go`], Go endgames: regions between safe stones, valued as local
//!   games whose final positions are counts (Mathematical Go)
//! - impartial games, valued by nim-values ([`nimbers`]) and playable under
//!   normal or misère play ([`nim_session`]): [`heaps`] (Nim, every
//!   take-and-break code, subtraction games, Grundy's game, Dawson's
//!   Kayles), [`kayles`] (a row of pins) and [`cram`] (impartial
//!   Domineering)
//!
//! [`bitgrid`] packs boards of at most 128 squares into one `u128` for the
//! grid games.
//!
//! Adding a ruleset: see "How to add a ruleset" in `ARCHITECTURE.md`.

pub mod amazons;
pub mod bitgrid;
pub mod clobber;
pub mod col;
pub mod cram;
pub mod cutcake;
pub mod domineering;
pub mod engine;
pub mod go;
pub mod graph;
pub mod hackenbush;
pub mod heapgo;
pub mod heaps;
pub mod kayles;
pub mod konane;
pub mod nim_session;
pub mod nimbers;
pub mod registry;
pub mod session;
pub mod sgf;
pub mod snort;
pub mod stones;
pub mod toads_and_frogs;

use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use std::fmt;
use std::hash::Hash;

/// How a game is won: the play convention a ruleset states
/// ([`Ruleset::CONVENTION`]), which the engines read instead of assuming.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The side left without a move loses: positions are sums of their
    /// components, valued by canonical forms.
    Normal,
    /// The side left without a move wins. A misère position is not the sum
    /// of its components' values, so the normal-play engines refuse it
    /// (with a message) rather than give a normal-play value.
    Misere,
    /// The game ends when neither side can move; its value is the points
    /// scored on the way (heap-go).
    Scored,
}

impl Convention {
    pub const fn is_scored(self) -> bool {
        matches!(self, Convention::Scored)
    }
    /// The convention's name for users.
    pub const fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal play",
            Convention::Misere => "misère play",
            Convention::Scored => "scored play",
        }
    }
}

/// One game's rules: a position and the moves from it.
///
/// Normal play: a side with no move loses. A scored game ([`Convention::Scored`],
/// e.g. heap-go) instead ends when neither side can move, and its value is
/// the points scored on the way (Left's minus Right's): each move's points
/// are [`Ruleset::move_score`], and the engines carry the score so far with
/// the position (the simplest-number rule is not translation-invariant, so a
/// scored game is not its position's value plus the score).
pub trait Ruleset: Clone + Eq + Hash + fmt::Debug + fmt::Display + 'static {
    /// A move, named for the board, game records and the URL. Its `Display`
    /// is the move's text; [`Ruleset::parse_move`] reads it back.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display;
    /// Why a text is not a position: names the row and column (or the
    /// item) and what was expected.
    type Error: std::error::Error + Clone + PartialEq + 'static;

    /// The name in `cgt game NAME` and `?r=NAME`.
    const NAME: &'static str;
    /// How the game is won. Scored games ([`Convention::Scored`]) count
    /// [`Ruleset::move_score`] and are not decomposed for values; misère
    /// games are refused by the normal-play engines.
    const CONVENTION: Convention = Convention::Normal;
    /// Both sides have the same moves from every position (Nim, Kayles):
    /// every value is a nimber.
    const IMPARTIAL: bool = false;

    /// The position a text describes (`Display` prints it back).
    fn parse(text: &str) -> Result<Self, Self::Error>;
    /// The moves `side` may make, in a fixed order (option indices, paths
    /// like `L0.R2` and MT-search's children count in this order).
    fn moves(&self, side: Side) -> Vec<Self::Move>;
    /// The position after `side` plays `m`; `None` if `m` is not a legal
    /// move of `side` here.
    fn play(&self, side: Side, m: Self::Move) -> Option<Self>;
    /// The points `m` scores (Left's positive, Right's negative); zero in
    /// normal-play games.
    fn move_score(&self, _side: Side, _m: Self::Move) -> Q {
        Q::zero()
    }
    /// The independent parts whose sum is this position (normal play only;
    /// empty parts may be left out). The default: the position whole.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }
    /// A measure of the position's size for budgets and "too large"
    /// messages (squares, edges, counters).
    fn size(&self) -> usize;
    /// A faster way to this component's value, where the ruleset has one
    /// (Berlekamp's rule, the Blue-Red solver, the Redwood theorem): `None`
    /// lets the generic search do it. `max_positions` bounds the work.
    fn known_value(&self, _canon: &mut Canon, _max_positions: usize) -> Option<Result<CanonId, engine::EngineError>> {
        None
    }
    /// A move in words for the page's hints and records ("take 3 from heap
    /// 2"), where its name is terse; `None`: the name says it.
    fn move_words(&self, _m: Self::Move) -> Option<String> {
        None
    }
    /// An impartial ruleset's faster way to a position's nim-value (a heap
    /// game's nim sequence): `None` lets the mex search of [`nimbers`] do it.
    fn known_nim_value(&self) -> Option<Result<u32, engine::EngineError>> {
        None
    }
    /// The key positions are memoised under: a position equal in value to
    /// this one, e.g. with symmetric boards folded together. The default:
    /// the position itself.
    fn normalised(&self) -> Self {
        self.clone()
    }
    /// A key that may also fold a position with its negative: `(key,
    /// true)` says this position's value is minus the key's (Domineering's
    /// transposed boards swap Left and Right). The engine's table is keyed
    /// by this. The default: [`Ruleset::normalised`], never negated.
    fn normalised_signed(&self) -> (Self, bool) {
        (self.normalised(), false)
    }
    /// The move of `side` whose text is `text`, among the legal ones.
    fn parse_move(&self, side: Side, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        let moves = self.moves(side);
        moves.iter().copied().find(|m| m.to_string() == text).ok_or_else(|| MoveError {
            side,
            found: snippet(text),
            legal: moves.iter().take(12).map(|m| m.to_string()).collect(),
            more: moves.len().saturating_sub(12),
        })
    }
    /// Every move of `side` with the position it leads to, in move order
    /// (what the engine expands; a ruleset may do it faster than `moves`
    /// and `play` one by one).
    fn play_all(&self, side: Side) -> Vec<(Self::Move, Self)> {
        self.moves(side).into_iter().filter_map(|m| self.play(side, m).map(|p| (m, p))).collect()
    }
    /// The options of `side` as positions, in move order.
    fn options(&self, side: Side) -> Vec<Self> {
        self.moves(side).into_iter().filter_map(|m| self.play(side, m)).collect()
    }
}

/// A move's text that is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub side: Side,
    pub found: String,
    /// Some of the legal moves, to say what was expected.
    pub legal: Vec<String>,
    /// How many legal moves are not listed.
    pub more: usize,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.legal.is_empty() {
            return write!(f, "`{}` is not a move: {} has no move here", self.found, self.side);
        }
        write!(f, "`{}` is not a legal move of {}; expected one of {}", self.found, self.side, self.legal.join(", "))?;
        if self.more > 0 {
            write!(f, " (and {} more)", self.more)?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

pub(crate) use crate::quote::snippet;

/// A published value of a position, with where it is published.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub name: &'static str,
    pub position: &'static str,
    /// The canonical form as CGSuite names it.
    pub value: &'static str,
    pub source: &'static str,
}

/// Left and Right as the page names them, in the colours of every picture.
pub const LEFT_RIGHT: [&str; 2] = ["Left (blue)", "Right (red)"];

/// What the page and `cgt game list` say of a ruleset (each ruleset's file
/// holds its own, `INFO`; [`registry::RULESETS`] lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesetInfo {
    /// `cgt game NAME`, `?r=NAME`.
    pub name: &'static str,
    pub title: &'static str,
    /// The rules in one paragraph.
    pub rules: &'static str,
    /// Where the rules come from.
    pub source: &'static str,
    /// The text format in one sentence.
    pub format: &'static str,
    /// A position to start from.
    pub example: &'static str,
    /// What the page calls Left and Right ([`LEFT_RIGHT`] unless the game
    /// has names of its own: Go's Black and White).
    pub players: [&'static str; 2],
    /// Positions with published values.
    pub presets: &'static [Preset],
}
