//! The heap-go board's wing: its URL state ([`state`]) and, on wasm32,
//! that state as signals ([`signals`]). The view is still `web/heapgo.rs`.

pub mod state;
pub mod signals;
