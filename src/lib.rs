//! `cgt-lab`: the CGT laboratory in the browser.
//!
//! The pure parts (URL state, presets, the explored game and the pointer
//! readout) compile everywhere and are tested natively; the Leptos
//! components in [`web`] exist only on `wasm32`, so a native `cargo test`
//! never builds Leptos. All the mathematics is in `cgt-core` (crate `cgt`),
//! all the drawing in `cgt-draw`.

pub mod lesson_doc;
pub mod lessons;
pub mod link;
pub mod pages;
pub mod presets;
pub mod references;
pub mod solver;
pub mod slices;
pub mod state;


#[cfg(target_arch = "wasm32")]
pub mod web;
