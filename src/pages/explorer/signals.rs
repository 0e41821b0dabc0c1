#![cfg(target_arch = "wasm32")]
//! The explorer's state as signals: created by the shell, handed to the
//! explorer page as its only state (no other page gets them; the shell's
//! `Nav` sets them all at once for a lesson step).

use super::state::{ExplorerState, NodePath};
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct ExplorerSignals {
    pub game: RwSignal<String>,
    pub show_subzero: RwSignal<bool>,
    pub node: RwSignal<NodePath>,
    pub build: RwSignal<usize>,
    pub cool: RwSignal<Option<cgt::numbers::Q>>,
}

impl ExplorerSignals {
    pub fn new(st: ExplorerState) -> Self {
        ExplorerSignals {
            game: RwSignal::new(st.game),
            show_subzero: RwSignal::new(st.show_subzero),
            node: RwSignal::new(st.node),
            build: RwSignal::new(st.build),
            cool: RwSignal::new(st.cool),
        }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> ExplorerState {
        ExplorerState { game: self.game.get(), show_subzero: self.show_subzero.get(), node: self.node.get(), build: self.build.get(), cool: self.cool.get() }
    }
    /// Show `st`: every field at once.
    pub fn set(&self, st: ExplorerState) {
        self.game.set(st.game);
        self.show_subzero.set(st.show_subzero);
        self.node.set(st.node);
        self.build.set(st.build);
        self.cool.set(st.cool);
    }
}
