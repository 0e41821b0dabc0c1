//! The board page (`?page=game&r=NAME&p=POSITION`): any ruleset of
//! `cgt::rulesets::registry` on one page. Pick a ruleset and a preset or
//! type a position; play it against the exact computer or a friend; edit
//! it; read the value of the whole and of each component, with
//! thermographs; send the components to the Sums page.
//!
//! - [`state`]: the page's URL keys (`r`, `p`, `gm`, `gy`, `gf`, `ge`, `gp`)
//! - [`model`]: the game and its record (on the shared
//!   [`crate::record::Record`]: whose turn, Undo, the `gm=` text), the
//!   computer, the value readout (pure, natively tested)
//! - [`impartial`]: what the page shows of an impartial game (the
//!   nim-sum in binary, the outcome in words, misère play's rule)
//! - [`jobs`]: the value of a position too large for the page, as a
//!   worker job
//! - [`boards`]: the board renderers (Domineering) and the plain text view
//!   every other ruleset gets
//! - `view` (wasm32 only): the Leptos components

pub mod boards;
pub mod impartial;
pub mod jobs;
pub mod model;
pub mod signals;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod view;
