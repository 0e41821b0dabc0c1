#![cfg(target_arch = "wasm32")]
//! MT-search's state as signals: created by the shell, handed to the
//! MT-search page as its only state (heap-go's "estimate it with
//! MT-search" reaches it only through the shell's `Nav`).

use super::state::{MtSearchState, MtSource};
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct MtSearchSignals {
    pub source: RwSignal<MtSource>,
    pub heaps: RwSignal<String>,
    pub game: RwSignal<String>,
    pub order: RwSignal<String>,
    pub seed: RwSignal<u64>,
    pub nodes: RwSignal<usize>,
}

impl MtSearchSignals {
    pub fn new(st: MtSearchState) -> Self {
        MtSearchSignals {
            source: RwSignal::new(st.source),
            heaps: RwSignal::new(st.heaps),
            game: RwSignal::new(st.game),
            order: RwSignal::new(st.order),
            seed: RwSignal::new(st.seed),
            nodes: RwSignal::new(st.nodes),
        }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> MtSearchState {
        MtSearchState {
            source: self.source.get(),
            heaps: self.heaps.get(),
            game: self.game.get(),
            order: self.order.get(),
            seed: self.seed.get(),
            nodes: self.nodes.get(),
        }
    }
    /// The state as plain data, untracked (for event handlers).
    pub fn get_untracked(&self) -> MtSearchState {
        MtSearchState {
            source: self.source.get_untracked(),
            heaps: self.heaps.get_untracked(),
            game: self.game.get_untracked(),
            order: self.order.get_untracked(),
            seed: self.seed.get_untracked(),
            nodes: self.nodes.get_untracked(),
        }
    }
    /// Show `st`: every field at once.
    pub fn set(&self, st: MtSearchState) {
        self.source.set(st.source);
        self.heaps.set(st.heaps);
        self.game.set(st.game);
        self.order.set(st.order);
        self.seed.set(st.seed);
        self.nodes.set(st.nodes);
    }
}
