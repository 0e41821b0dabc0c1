#![cfg(target_arch = "wasm32")]
//! The Leptos components of the page (wasm32 only).
//!
//! - [`app`]: the navigation shell and the URL <-> state synchronisation
//! - [`context`]: what the pages share through the shell (`Presenting`,
//!   `Theme` and the pictures' palette, the cross-page actions `Nav`) and
//!   the app's signals (`AppSignals`), of which each page gets its own
//!   part; pages import it, never the shell
//! - [`explorer`]: the Thermograph Explorer page
//! - [`heapgo`]: the heap-go board (edit, play, exact figures)
//! - [`mtsearch`]: MT-search animated (bounds closing in, Figure 7 replay)
//! - [`scale`]: the Scale Method panel on the Hackenbush board (Monte Carlo, in a worker)
//! - [`sums`]: the Sums page (exact play, bounds, strategies, B*)
//! - [`canvas`]: the thermograph canvas (plotters-canvas over `cgt-draw`)
//! - [`tree`]: the collapsible game tree
//! - [`dom`]: small browser helpers (URL, clipboard, downloads)
//! - [`solver`]: the background solver (a Web Worker) for long exact searches
//! - [`jobs`]: clock and yielding for long work in slices (see [`crate::slices`])

pub mod app;
pub mod canvas;
pub mod construct;
pub mod context;
pub mod dom;
pub mod explorer;
pub mod export;
pub mod heapgo;
pub mod mtsearch;
pub mod scale;
pub mod solver;
pub mod sums;
pub mod jobs;
pub mod tree;

pub use app::App;
pub use canvas::ThermographCanvas;
pub use explorer::Explorer;

/// Install the panic hook (a panic must show up readable in the console, not
/// as "unreachable executed") and mount the app on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
