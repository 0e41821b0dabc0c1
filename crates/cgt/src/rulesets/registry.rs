//! Every ruleset by name, behind one object-safe interface.
//!
//! The CLI (`cgt game NAME POS`) and the page (`?page=game&r=NAME&p=POS`)
//! do not know the rulesets' types: they ask [`session`] for a
//! [`Session`] by name and talk text to it (positions, moves) and get a
//! [`GameReport`] back. A session keeps its solver's table between calls,
//! so a game played move by move is valued incrementally.
//!
//! Registering a ruleset is one [`RulesetInfo`] in its own file and one
//! row in the table here. The sessions themselves are elsewhere (the
//! generic one in [`super::session`], Go's ko policy in `go::session`);
//! this file only says which one each ruleset opens, and re-exports the
//! session's types under the paths the CLI and the page use.

use super::session::generic;
pub use super::session::{
    ComponentReport, GameError, GameReport, GoRegion, ImpartialReport, MoveReport, Session, StrategyMove, ATOMIC_MAX_FORMS, FULL_NAME, MAX_EXPLICIT, MAX_NAME,
    PASS,
};
use super::{amazons, clobber, col, cram, cutcake, domineering, go, hackenbush, heapgo, heaps, kayles, konane, nim_session, snort, toads_and_frogs};
pub use super::{Preset, RulesetInfo};
use std::fmt;

/// Opens a session of one ruleset at a position's text.
type Open = fn(&'static RulesetInfo, &str, usize) -> Result<Box<dyn Session>, GameError>;

/// The registration of every ruleset, one row each, in the order the page
/// lists them: its description and how a session of it opens (`generic`,
/// unless the ruleset brings a session of its own, as Go does for kos).
/// Adding a ruleset is one row here (and its module).
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
    (&go::INFO, go::session::open),
    (&heaps::NIM_INFO, nim_session::open::<heaps::Nim>),
    (&heaps::INFO, nim_session::open::<heaps::AnyHeaps>),
    (&kayles::INFO, nim_session::open::<kayles::Kayles>),
    (&heaps::DAWSON_INFO, nim_session::open::<heaps::Dawson>),
    (&heaps::GRUNDY_INFO, nim_session::open::<heaps::Grundy>),
    (&cram::INFO, nim_session::open::<cram::Cram>),
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

// Here rather than beside `GameError`: the unknown-name message lists the
// table.
impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::UnknownRuleset { name } => {
                let known: Vec<&str> = RULESETS.iter().map(|r| r.name).collect();
                write!(f, "no ruleset is called `{}`; the rulesets are {}", super::snippet(name), known.join(", "))
            }
            GameError::Position { ruleset, message } => write!(f, "not a {ruleset} position: {message}"),
            GameError::Move(e) => write!(f, "{e}"),
            GameError::NoMisere { ruleset } => {
                write!(f, "{ruleset} is a partizan game: misère play is offered for impartial games (nim, heaps, kayles, dawson, grundy, cram)")
            }
            GameError::Engine(e) => write!(f, "{e}"),
            GameError::TooLong { component, max } => {
                write!(f, "the canonical form of component `{}` is longer than {max} characters", super::snippet(component))
            }
        }
    }
}

impl std::error::Error for GameError {}

/// A session of the ruleset `name` at the position `text`, valuing at most
/// `max_positions` new positions a call.
pub fn session(name: &str, text: &str, max_positions: usize) -> Result<Box<dyn Session>, GameError> {
    match TABLE.iter().find(|(info, _)| info.name == name) {
        Some((info, open)) => open(info, text, max_positions),
        None => Err(GameError::UnknownRuleset { name: name.to_string() }),
    }
}
