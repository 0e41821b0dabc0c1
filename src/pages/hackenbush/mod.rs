//! The Hackenbush board's wing: its URL state ([`state`]) and, on wasm32,
//! that state as signals ([`signals`]). The view is still
//! `web/hackenbush.rs` (with `web/scale.rs`).

pub mod state;
pub mod signals;
