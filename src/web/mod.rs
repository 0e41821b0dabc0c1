#![cfg(target_arch = "wasm32")]
//! The Leptos components of the page (wasm32 only).
//!
//! - [`app`]: the navigation shell and the URL <-> state synchronisation
//! - [`shell`]: the pages' wiring: every page's signals (`AppSignals`),
//!   of which each page gets its own part, the address bar, lesson steps,
//!   and the cross-page actions behind `Nav`
//! - [`context`]: what the pages share through the shell (`Presenting`,
//!   `Theme` and the pictures' palette, the link's notes, the cross-page
//!   actions `Nav`); it names no page, and pages import it, never the shell
//! - [`references`]: the References panel and citations that open it
//! - [`canvas`]: the thermograph canvas (plotters-canvas over `cgt-draw`)
//! - [`lesson`]: the lesson bar (questions, score), the lesson editor and the printed lesson
//! - [`gowords`]: the line of Go's words under a value (gote, sente, count, miai value)
//! - [`dom`]: small browser helpers (URL, clipboard, downloads)
//! - [`solver`]: the background solver (a Web Worker) for long exact searches
//! - [`jobs`]: clock and yielding for long work in slices (see [`crate::slices`])

pub mod app;
pub mod canvas;
pub mod context;
pub mod dom;
pub mod export;
pub mod gowords;
pub mod jobs;
pub mod lesson;
pub mod references;
pub mod shell;
pub mod solver;

pub use app::App;
pub use canvas::ThermographCanvas;

/// Install the panic hook (a panic must show up readable in the console, not
/// as "unreachable executed"), take down the loading frame and mount the
/// app on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    // The plain-HTML frame shown while the wasm loaded (index.html).
    if let Some(boot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
    leptos::mount::mount_to_body(App);
}
