#![cfg(target_arch = "wasm32")]
//! Heap-go's state as signals: created by the shell, handed to the heap-go
//! page as its only state (MT-search's "edit on the board" reaches it only
//! through the shell's `Nav`).

use super::state::HeapGoState;
use crate::play::Player;
use cgt::side::Side;
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct HeapGoSignals {
    pub heaps: RwSignal<String>,
    pub moves: RwSignal<String>,
    pub first: RwSignal<Side>,
    pub you: RwSignal<Player>,
    pub show_subzero: RwSignal<bool>,
}

impl HeapGoSignals {
    pub fn new(st: HeapGoState) -> Self {
        HeapGoSignals {
            heaps: RwSignal::new(st.heaps),
            moves: RwSignal::new(st.moves),
            first: RwSignal::new(st.first),
            you: RwSignal::new(st.you),
            show_subzero: RwSignal::new(st.show_subzero),
        }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> HeapGoState {
        HeapGoState { heaps: self.heaps.get(), moves: self.moves.get(), first: self.first.get(), you: self.you.get(), show_subzero: self.show_subzero.get() }
    }
    /// Show `st`: every field at once.
    pub fn set(&self, st: HeapGoState) {
        self.heaps.set(st.heaps);
        self.moves.set(st.moves);
        self.first.set(st.first);
        self.you.set(st.you);
        self.show_subzero.set(st.show_subzero);
    }
}
