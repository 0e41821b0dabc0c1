//! The Hackenbush board's wing (`?page=hackenbush`): draw or type a
//! position, chop edges in turn (against a friend or the computer), read
//! its exact value, outcome and each part's value.
//!
//! - [`state`]: the page's URL keys (`hb`, `turn`, `hbxy`)
//! - [`model`]: the layout of a position, the value readout within a
//!   budget, the computer's chops, drawing with the mouse, the changes
//!   Undo/Redo keeps (on the shared [`crate::record::Record`]) and the end
//!   of the game (pure, natively tested)
//! - [`jobs`]: the worker's jobs: the exact value past the page's budget,
//!   the Scale Method and Monte Carlo outcome classes
//! - [`signals`] (wasm32 only): the URL state as signals
//! - `ctl` (wasm32 only): the page's state and handles (`Ctl`), shared by
//!   the view and the picture
//! - `view` (wasm32 only): the page's Leptos components around one `Ctl`
//! - `board` (wasm32 only): the picture (the bed, chopping, drawing and
//!   moving points with the pointer)
//!
//! - [`scale_model`]: the Scale Method panel's logic (settings, run state,
//!   texts, the weighing stalk; pure, natively tested)
//! - `scale` (wasm32 only): the Scale Method panel's components

#[cfg(target_arch = "wasm32")]
pub mod board;
#[cfg(target_arch = "wasm32")]
pub mod ctl;
pub mod jobs;
pub mod model;
#[cfg(target_arch = "wasm32")]
pub mod scale;
pub mod scale_model;
pub mod signals;
pub mod state;
#[cfg(target_arch = "wasm32")]
pub mod view;
