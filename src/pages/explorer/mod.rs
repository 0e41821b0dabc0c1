//! The Thermograph Explorer's wing: its URL state ([`state`]) and, on
//! wasm32, that state as signals ([`signals`]). The view is still
//! `web/explorer.rs`.

pub mod state;
pub mod signals;
