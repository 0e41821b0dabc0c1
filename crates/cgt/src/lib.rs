//! `cgt-core`: the pure, exact mathematics of the CGT laboratory.
//!
//! No web, no UI, no clock, no global random number generator: everything
//! here is a deterministic function of its inputs, so the web app, the CLI and
//! the tests all see the same answers. See `ARCHITECTURE.md` at the repo root.
//!
//! - [`numbers`]: exact rationals, dyadics, the simplest-number rule
//! - [`side`]: Left and Right, and move paths like `L0.R2`
//! - [`game`]: hash-consed game trees (an arena; children before parents)
//! - [`expr`]: parsed expressions and parse errors (the parser's output)
//! - [`notation`]: the text notation, parser and printer
//! - [`canonical`]: canonical forms, the partial order, names (`^*`, `1*`)
//! - [`build`]: parsed expressions to game trees, in resumable slices
//! - [`ops`]: negation and sums as game trees
//! - [`outcome`]: outcome classes L, R, P, N
//! - [`loopy`]: loopy games (graphs with cycles): `on`, `off`, `over`, outcomes
//!   with draws, stoppers and their order
//! - [`rulesets`]: the game interface (`Ruleset`), its generic engines and
//!   registry, and the games (Domineering, Hackenbush, heap-go)
//! - [`search`]: searches over trees too big to expand (MT-search bounds)
//! - [`sums`]: sums of games: exact play, bounds, strategies, B* search
//! - [`thermograph`]: exact sub-zero thermographs, stops, taxed values
//! - [`sente`]: gote, sente and double sente, count and miai value, from the walls
//! - [`review`]: what a move cost against perfect play, and the review of a game
//! - [`analysis`]: one-call summary of a game (what the CLI and page show)
//! - [`bench`](mod@bench): deterministic generators of large trees for benchmarks
//! - [`rng`]: the seeded random number generator every search takes

pub mod algebra;
pub mod analysis;
pub mod bench;
pub mod build;
pub mod canonical;
pub mod compare;
pub mod construction;
pub mod expr;
pub mod fuzz;
pub mod game;
pub mod impartial;
pub mod latex;
pub mod loopy;
pub mod notation;
pub mod numbers;
pub mod ops;
pub mod outcome;
mod quote;
pub mod review;
pub mod rng;
pub mod rulesets;
pub mod search;
pub mod sente;
pub mod side;
pub mod sums;
pub mod thermograph;

pub use expr::ParseError;
pub use game::{Arena, GameId, Limits, Node};
pub use notation::{GameTree, ParseLimits};
pub use numbers::{ExtQ, Q};
pub use thermograph::{Thermograph, Wall};
