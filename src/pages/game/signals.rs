#![cfg(target_arch = "wasm32")]
//! The board page's state as a signal: created by the shell, handed to the
//! board page as its only state (it reaches other pages only through the
//! shell's `Nav`, e.g. "Add to Sums").

use super::state::GameState;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct GameSignals {
    /// One value: the page's fields change together (a move updates the
    /// record and the turn at once).
    pub state: RwSignal<GameState>,
}

impl GameSignals {
    pub fn new(st: GameState) -> Self {
        GameSignals { state: RwSignal::new(st) }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> GameState {
        self.state.get()
    }
    /// Show `st`.
    pub fn set(&self, st: GameState) {
        self.state.set(st);
    }
}
