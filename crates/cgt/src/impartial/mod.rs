//! Impartial games on heaps: nim sequences of take-and-break games,
//! subtraction games and Grundy's game, their periods, and the winning
//! moves of positions of several heaps.
//!
//! In an impartial game both players have the same moves, so every
//! position is worth a nimber `*G`, and a sum is worth the nim-sum of its
//! parts (Sprague 1935, Grundy 1939). For games played on heaps, one
//! heap's values `G(0), G(1), ...` — its *nim sequence* — say everything:
//! this module computes them exactly, fast, and finds their periods
//! (Winning Ways, Berlekamp, Conway and Guy 1982, ch. 4; Siegel 2013,
//! *Combinatorial Game Theory*, ch. IV).
//!
//! - [`rules`]: [`HeapRule`], the rule's text (`0.77`, `4.7`, `0.[3]`,
//!   `grundy`, `nim`, `sub:1,3,4`, `allbut:1,2`) and [`RuleError`];
//! - [`sequence`]: [`nim_sequence`], [`nim_value`] and the resumable
//!   [`Sequencer`]: the bitset mex, the rare-value (sparse space) method
//!   of Winning Ways and Gangolli and Plambeck (1989), infinite codes;
//! - [`period`]: periods and arithmetic periods seen in a table, and the
//!   Guy-Smith periodicity theorem (Guy and Smith 1956) with the exact bound
//!   checked;
//! - [`position`]: the nim-value of several heaps and their winning moves;
//! - [`known`]: published sequences (OEIS, Flammenkamp's tables) as data.
//!
//! Everything is exact and deterministic; values are `u32` nimbers.

pub mod describe;
pub mod known;
pub mod misere;
pub mod period;
pub mod position;
pub mod quotient;
pub mod rules;
pub mod sequence;

pub use misere::{heap_forms, Genus, MId, MisereBudget, MisereCanon, MisereError, MisereOutcome, MisereParseError};
pub use period::Periodicity;
pub use position::{nim_sum, position_value, winning_moves, BeyondTable, HeapMove};
pub use quotient::{misere_quotient, MisereQuotient, QuotientError, QuotientJob};
pub use rules::{Digit, HeapRule, RuleError, TbCode};
pub use sequence::{nim_sequence, nim_sequence_with, nim_value, Method, NimSequence, Proof, SequenceError, SequenceOptions, Sequencer};
