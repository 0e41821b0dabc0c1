//! The Hackenbush board's wing: its URL state ([`state`]) and, on wasm32,
//! that state as signals ([`signals`]). The view is still
//! `web/hackenbush.rs`; the Scale Method panel on it is here: its logic in
//! [`scale_model`] (native, tested), its components in `scale.rs` (wasm32).

pub mod state;
pub mod signals;
pub mod scale_model;
#[cfg(target_arch = "wasm32")]
pub mod scale;
