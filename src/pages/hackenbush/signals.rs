#![cfg(target_arch = "wasm32")]
//! The Hackenbush board's state as signals: created by the shell, handed
//! to the Hackenbush page as its only state.

use super::state::HackenbushState;
use cgt::side::Side;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct HackenbushSignals {
    pub position: RwSignal<String>,
    pub to_move: RwSignal<Side>,
    pub coords: RwSignal<String>,
}

impl HackenbushSignals {
    pub fn new(st: HackenbushState) -> Self {
        HackenbushSignals { position: RwSignal::new(st.position), to_move: RwSignal::new(st.to_move), coords: RwSignal::new(st.coords) }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> HackenbushState {
        HackenbushState { position: self.position.get(), to_move: self.to_move.get(), coords: self.coords.get() }
    }
    /// Show `st`: every field at once.
    pub fn set(&self, st: HackenbushState) {
        self.position.set(st.position);
        self.to_move.set(st.to_move);
        self.coords.set(st.coords);
    }
}
