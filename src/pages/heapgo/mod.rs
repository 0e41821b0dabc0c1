//! The heap-go board (`?page=heapgo&h=b5,r3/r7`): a sum of heaps drawn as
//! stacks of weighted counters, edited counter by counter or typed in the
//! spec's text format, random sums by the paper's classes, a game against
//! the computer (exact play), and the exact figures and thermograph of the
//! sum or of one heap.
//!
//! - [`state`]: the page's URL keys (`h`, `mv`, `first`, `you`; `sz` read)
//! - [`model`]: editing, random classes, replaying and scoring a game
//!   (its record the shared [`crate::record::Record`]: whose turn, Undo,
//!   the `mv=` text; the status line here), the computer's move, and the
//!   figures of the whole sum or one heap at the position on the board
//!   (pure, natively tested)
//! - `signals` (wasm32 only): the URL state as signals, made by the shell
//! - `view` (wasm32 only): the Leptos components

pub mod model;
pub mod signals;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod view;
