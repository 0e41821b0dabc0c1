//! The Nim sequences page (`?page=sequences&sr=0.77&sn=200`): a heap rule
//! (a take-and-break code, Grundy's game, a subtraction game) explained in
//! words, its nim sequence `G(0)` to `G(N)` in a table and a plot with the
//! period and preperiod marked, whether the period is proven (the
//! Guy-Smith theorem) or only observed, and the published sequence's
//! source; each heap opens on the Games page (issue 46).
//!
//! - [`state`]: the page's URL keys (`sr`, `sn`, `sw`, `sq`)
//! - [`model`]: reading the rule, the computation in slices, the table,
//!   the texts and the CSV (pure, natively tested)
//! - [`quotient`]: the misère quotient card (`sq=`), Plambeck and Siegel
//!   (2008)
//! - [`jobs`]: the quotient's worker job
//! - `quotient_card` (wasm32 only): the quotient card
//! - [`signals`] (wasm32 only): the URL state as signals
//! - `view` (wasm32 only): the Leptos components

pub mod jobs;
pub mod model;
pub mod quotient;
pub mod signals;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod quotient_card;
#[cfg(target_arch = "wasm32")]
pub mod view;
