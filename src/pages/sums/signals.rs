#![cfg(target_arch = "wasm32")]
//! The Sums page's state as signals: created by the shell, handed to the
//! Sums page as its only state (the other boards add components only
//! through the shell's `Nav::send_to_sum`).

use super::state::{BStarAt, SumsState};
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct SumsSignals {
    pub sum: RwSignal<String>,
    pub play: RwSignal<String>,
    pub bstar: RwSignal<Option<BStarAt>>,
}

impl SumsSignals {
    pub fn new(st: SumsState) -> Self {
        SumsSignals { sum: RwSignal::new(st.sum), play: RwSignal::new(st.play), bstar: RwSignal::new(st.bstar) }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> SumsState {
        SumsState { sum: self.sum.get(), play: self.play.get(), bstar: self.bstar.get() }
    }
    /// Show `st`: every field at once.
    pub fn set(&self, st: SumsState) {
        self.sum.set(st.sum);
        self.play.set(st.play);
        self.bstar.set(st.bstar);
    }
}
