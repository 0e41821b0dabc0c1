#![cfg(target_arch = "wasm32")]
//! The Hackenbush board's state as signals: created by the shell, handed
//! to the Hackenbush page as its only state.

use super::state::HackenbushState;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct HackenbushSignals {
    pub position: RwSignal<String>,
    pub blue_to_move: RwSignal<bool>,
    pub coords: RwSignal<String>,
}

impl HackenbushSignals {
    pub fn new(st: HackenbushState) -> Self {
        HackenbushSignals { position: RwSignal::new(st.position), blue_to_move: RwSignal::new(st.blue_to_move), coords: RwSignal::new(st.coords) }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> HackenbushState {
        HackenbushState { position: self.position.get(), blue_to_move: self.blue_to_move.get(), coords: self.coords.get() }
    }
    /// Show `st`: every field at once.
    pub fn set(&self, st: HackenbushState) {
        self.position.set(st.position);
        self.blue_to_move.set(st.blue_to_move);
        self.coords.set(st.coords);
    }
}
