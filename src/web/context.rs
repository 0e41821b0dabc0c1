#![cfg(target_arch = "wasm32")]
//! What the pages share through the shell: the page state as signals
//! ([`AppState`]) and presentation mode ([`Presenting`]).
//!
//! The shell ([`crate::web::app`]) imports every page; the pages import
//! these types from here, never from the shell, so no page file and the
//! shell import each other (`scripts/check-import-cycles.py`).

use crate::state::{MtSource, NodePath, Page, PageState, Player};
use leptos::prelude::*;

/// Presentation mode is on: pictures draw with larger type and thicker
/// lines (read by the canvases through the context).
#[derive(Clone, Copy, Debug)]
pub struct Presenting(pub RwSignal<bool>);

/// The page state as signals; every field is mirrored in the URL.
#[derive(Clone, Copy, Debug)]
pub struct AppState {
    pub page: RwSignal<Page>,
    /// The game text as typed (even when it does not parse: copying the
    /// address bar reproduces exactly what is on screen).
    pub game: RwSignal<String>,
    pub show_subzero: RwSignal<bool>,
    pub node: RwSignal<NodePath>,
    pub heaps: RwSignal<String>,
    pub moves: RwSignal<String>,
    pub left_first: RwSignal<bool>,
    pub you: RwSignal<Player>,
    pub order: RwSignal<String>,
    pub seed: RwSignal<u64>,
    pub mt_nodes: RwSignal<usize>,
    pub mt_source: RwSignal<MtSource>,
    pub hackenbush: RwSignal<String>,
    pub blue_to_move: RwSignal<bool>,
    pub hb_coords: RwSignal<String>,
    pub sum: RwSignal<String>,
    pub sum_play: RwSignal<String>,
    pub lesson: RwSignal<String>,
    pub lesson_step: RwSignal<usize>,
    pub build: RwSignal<usize>,
    /// The board page's state: one value of its wing's type.
    pub board: RwSignal<crate::pages::game::state::GameState>,
}

impl AppState {
    pub fn new(st: PageState) -> AppState {
        AppState {
            page: RwSignal::new(st.page),
            game: RwSignal::new(st.game),
            show_subzero: RwSignal::new(st.show_subzero),
            node: RwSignal::new(st.node),
            heaps: RwSignal::new(st.heaps),
            moves: RwSignal::new(st.moves),
            left_first: RwSignal::new(st.left_first),
            you: RwSignal::new(st.you),
            order: RwSignal::new(st.order),
            seed: RwSignal::new(st.seed),
            mt_nodes: RwSignal::new(st.mt_nodes),
            mt_source: RwSignal::new(st.mt_source),
            hackenbush: RwSignal::new(st.hackenbush),
            blue_to_move: RwSignal::new(st.blue_to_move),
            hb_coords: RwSignal::new(st.hb_coords),
            sum: RwSignal::new(st.sum),
            sum_play: RwSignal::new(st.sum_play),
            lesson: RwSignal::new(st.lesson),
            lesson_step: RwSignal::new(st.lesson_step),
            build: RwSignal::new(st.build),
            board: RwSignal::new(st.board),
        }
    }
    /// The current state as plain data (tracked: use inside effects).
    pub fn snapshot(&self) -> PageState {
        PageState {
            page: self.page.get(),
            game: self.game.get(),
            show_subzero: self.show_subzero.get(),
            node: self.node.get(),
            heaps: self.heaps.get(),
            moves: self.moves.get(),
            left_first: self.left_first.get(),
            you: self.you.get(),
            order: self.order.get(),
            seed: self.seed.get(),
            mt_nodes: self.mt_nodes.get(),
            mt_source: self.mt_source.get(),
            hackenbush: self.hackenbush.get(),
            blue_to_move: self.blue_to_move.get(),
            hb_coords: self.hb_coords.get(),
            sum: self.sum.get(),
            sum_play: self.sum_play.get(),
            lesson: self.lesson.get(),
            lesson_step: self.lesson_step.get(),
            build: self.build.get(),
            board: self.board.get(),
        }
    }
}

impl AppState {
    /// Show `st` (a lesson step, a link): every field at once.
    pub fn apply(&self, st: PageState) {
        self.game.set(st.game);
        self.show_subzero.set(st.show_subzero);
        self.node.set(st.node);
        self.heaps.set(st.heaps);
        self.moves.set(st.moves);
        self.left_first.set(st.left_first);
        self.you.set(st.you);
        self.order.set(st.order);
        self.seed.set(st.seed);
        self.mt_nodes.set(st.mt_nodes);
        self.mt_source.set(st.mt_source);
        self.hackenbush.set(st.hackenbush);
        self.blue_to_move.set(st.blue_to_move);
        self.hb_coords.set(st.hb_coords);
        self.sum.set(st.sum);
        self.sum_play.set(st.sum_play);
        self.lesson.set(st.lesson);
        self.lesson_step.set(st.lesson_step);
        self.build.set(st.build);
        self.board.set(st.board);
        self.page.set(st.page);
    }
    /// Go to step `k` of the current lesson (nothing if out of range).
    pub fn lesson_go(&self, k: usize) {
        if let Some(st) = crate::lessons::find(&self.lesson.get_untracked()).and_then(|l| crate::lessons::step_state(l, k)) {
            self.apply(st);
        }
    }
    /// Append components (each in the explorer's notation) to the Sums
    /// page's sum and go there: how the explorer, heap-go and Hackenbush
    /// boards send a game over.
    pub fn send_to_sum(&self, parts: &[String]) -> Result<(), String> {
        let mut sum = self.sum.get_untracked();
        for p in parts {
            sum = crate::sumview::edit_component(&sum, usize::MAX, Some(p));
        }
        // A link longer than this would be cut when read back.
        if sum.chars().count() > crate::state::MAX_TEXT {
            return Err(format!("the sum would be {} characters long, more than a link holds ({}): remove components on the Sums page first", sum.chars().count(), crate::state::MAX_TEXT));
        }
        self.sum.set(sum);
        self.sum_play.set(String::new());
        self.page.set(Page::Sums);
        Ok(())
    }
    /// The current state without tracking (for event handlers and links).
    pub fn snapshot_untracked(&self) -> PageState {
        PageState {
            page: self.page.get_untracked(),
            game: self.game.get_untracked(),
            show_subzero: self.show_subzero.get_untracked(),
            node: self.node.get_untracked(),
            heaps: self.heaps.get_untracked(),
            moves: self.moves.get_untracked(),
            left_first: self.left_first.get_untracked(),
            you: self.you.get_untracked(),
            order: self.order.get_untracked(),
            seed: self.seed.get_untracked(),
            mt_nodes: self.mt_nodes.get_untracked(),
            mt_source: self.mt_source.get_untracked(),
            hackenbush: self.hackenbush.get_untracked(),
            blue_to_move: self.blue_to_move.get_untracked(),
            hb_coords: self.hb_coords.get_untracked(),
            sum: self.sum.get_untracked(),
            sum_play: self.sum_play.get_untracked(),
            lesson: self.lesson.get_untracked(),
            lesson_step: self.lesson_step.get_untracked(),
            build: self.build.get_untracked(),
            board: self.board.get_untracked(),
        }
    }
}
