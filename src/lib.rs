//! `cgt-lab`: the CGT laboratory in the browser.
//!
//! The pure parts (URL state, presets, the explored game and the pointer
//! readout) compile everywhere and are tested natively; the Leptos
//! components in [`web`] exist only on `wasm32`, so a native `cargo test`
//! never builds Leptos. All the mathematics is in `cgt-core` (crate `cgt`),
//! all the drawing in `cgt-draw`.
//!
//! The app's files run one way (`scripts/check-layers.py`): the shell
//! (routing and the header, [`state`] and [`link`] composing every page's
//! URL state, [`lessons`], [`worker_jobs`], `web::app`, `web::shell`,
//! `web::lesson`) above the page wings ([`pages`]`::<page>`), the wings
//! above the shared modules (everything else: `web::*`, [`solver`],
//! [`play`], [`heaps`], ...), and those above the core. No page imports
//! another page, no shared module imports a page, and nothing below the
//! shell imports it.

pub mod heaps;
pub mod job;
pub mod lesson_doc;
pub mod lessons;
pub mod link;
pub mod link_note;
pub mod pages;
pub mod play;
pub mod presets;
pub mod record;
pub mod references;
pub mod slices;
pub mod snap;
pub mod solver;
pub mod state;
pub mod worker_jobs;

#[cfg(target_arch = "wasm32")]
pub mod web;
