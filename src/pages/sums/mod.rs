//! The Sums page (`?page=sums&s=G1 + G2 + ...`): a sum of games, its
//! components with their thermographs, the exact `VL` / `VR` and best
//! moves (in the background worker), every bound beside the exact value,
//! play against the computer by a chosen strategy, a tournament of the
//! strategies, and B* beside alpha-beta step by step.
//!
//! - [`state`]: the page's URL keys (`s`, `sp`)
//! - [`model`]: parsing and editing the sum, the figures shown without
//!   searching, the worker's readout (a [`crate::job::JobState`]), game
//!   records (the `sp=` text around the shared [`crate::record::Record`])
//!   and their replay, the
//!   tournament, the B* tree as drawn (pure, natively tested)
//! - [`jobs`]: the exact `VL` / `VR` search as a worker job
//! - [`signals`] (wasm32 only): the URL state as signals
//! - `view` (wasm32 only): the Leptos components

pub mod jobs;
pub mod model;
pub mod signals;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod view;
