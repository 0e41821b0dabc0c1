//! The MT-search page (`?page=mt-search`): the engine on a heap-go sum, a
//! typed game tree or Figure 7 of Kao et al. (2012) replayed, path by path, so a
//! class can watch the upper and lower walls close in.
//!
//! - [`state`]: the page's URL keys (`mt`, `h`, `g`, `ord`, `seed`, `n`)
//! - [`model`]: the run (engine or replay), what the page shows of it, the
//!   explored tree's layout (pure, natively tested)
//! - [`tds`]: MT-search beside Temperature Discovery Search on the same
//!   sum, rung by rung (the worker runs it)
//! - [`jobs`]: the comparison as a worker job, streamed rung by rung
//! - [`signals`] (wasm32 only): the state as signals, handed by the shell
//! - `view` (wasm32 only): the Leptos components

pub mod jobs;
pub mod model;
pub mod signals;
pub mod state;
pub mod tds;

#[cfg(target_arch = "wasm32")]
pub mod tds_view;
#[cfg(target_arch = "wasm32")]
pub mod view;
