#![cfg(target_arch = "wasm32")]
//! The Nim sequences page's state as signals: created by the shell, handed
//! to the page as its only state (it reaches the Games page only through
//! the shell's `Nav`).

use super::state::{RowWidth, SequencesState};
use leptos::prelude::*;

#[derive(Clone, Copy, Debug)]
pub struct SequencesSignals {
    pub rule: RwSignal<String>,
    pub length: RwSignal<usize>,
    pub width: RwSignal<RowWidth>,
    pub quotient: RwSignal<usize>,
}

impl SequencesSignals {
    pub fn new(st: SequencesState) -> Self {
        SequencesSignals {
            rule: RwSignal::new(st.rule),
            length: RwSignal::new(st.length),
            width: RwSignal::new(st.width),
            quotient: RwSignal::new(st.quotient),
        }
    }
    /// The state as plain data (tracked: use inside effects).
    pub fn get(&self) -> SequencesState {
        SequencesState { rule: self.rule.get(), length: self.length.get(), width: self.width.get(), quotient: self.quotient.get() }
    }
    /// Show `st`: every field at once.
    pub fn set(&self, st: SequencesState) {
        self.rule.set(st.rule);
        self.length.set(st.length);
        self.width.set(st.width);
        self.quotient.set(st.quotient);
    }
}
