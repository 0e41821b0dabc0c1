#![cfg(target_arch = "wasm32")]
//! What the pages share through the shell, all provided as context:
//! presentation mode ([`Presenting`]), the theme ([`Theme`], whose
//! [`palette`] every picture is drawn in), the opening link's notes
//! ([`LinkNotes`]) and the cross-page actions ([`Nav`]).
//!
//! A page writes its own state and nothing else: what it does to another
//! page (send components to the Sums page, search heap-go's sum with
//! MT-search, edit MT-search's sum on the heap-go board) is a [`Nav`]
//! method. This module names no page: [`Nav`] calls the [`CrossPage`]
//! actions the shell implements over every page's signals
//! (`web::shell`), so pages import this module, never the shell or each
//! other (`scripts/check-layers.py`).

use cgt_draw::Palette;
use leptos::prelude::*;
use std::sync::Arc;

/// The notes of the opening link ([`crate::link_note::LinkNote`]), shown
/// by the shell until dismissed: a page adds one for a field it can only
/// check once its content is known (the explorer's `node=` path into a
/// game it has just analysed).
#[derive(Clone, Copy, Debug)]
pub struct LinkNotes(pub RwSignal<Vec<crate::link_note::LinkNote>>);

/// The page's theme, `"light"` or `"dark"` (the shell's toggle writes it).
#[derive(Clone, Copy, Debug)]
pub struct Theme(pub RwSignal<String>);

/// The current theme's palette for pictures, as a signal: read it in the
/// effect or view that draws, so the picture is redrawn when the theme
/// changes. Call it while a component is set up (it looks up the
/// context); light when there is no shell (component tests).
pub fn palette() -> Signal<Palette> {
    let theme = use_context::<Theme>();
    Signal::derive(move || theme.map_or(Palette::LIGHT, |t| t.0.with(|s| Palette::for_theme(s))))
}

/// Presentation mode is on: pictures draw with larger type and thicker
/// lines (read by the canvases through the context).
#[derive(Clone, Copy, Debug)]
pub struct Presenting(pub RwSignal<bool>);

/// A lesson's question is open and unanswered: pictures leave out what
/// would answer it (the thermograph's "mean 5, temperature 3" label).
#[derive(Clone, Copy, Debug)]
pub struct HideAnswers(pub RwSignal<bool>);

/// What a page may do to another page: the shell implements these over
/// every page's signals (`web::shell`), and a page reaches them through
/// [`Nav`].
pub trait CrossPage {
    /// Whether "Add to Sums" replaces the Sums page's sum (still its
    /// example) rather than appending (tracked: a button's label says it).
    fn sum_is_example(&self) -> bool;
    /// Add components (each in the explorer's notation) to the Sums page's
    /// sum and go there: how the explorer, heap-go and Hackenbush boards
    /// send a game over. They replace the example sum the first time
    /// (a fresh browser's, never typed), and are appended after.
    fn send_to_sum(&self, parts: &[String]) -> Result<(), String>;
    /// Estimate a heap-go sum with MT-search: its heap-go source, from no
    /// paths.
    fn search_heaps(&self, heaps: String);
    /// Edit a heap-go sum on the heap-go board (a new game unless it is the
    /// board's sum already).
    fn edit_heaps(&self, heaps: String);
    /// The address (query string) of the Games page showing a new game of
    /// `ruleset` at `position` (for a link's `href`).
    fn game_href(&self, ruleset: &str, position: &str) -> String;
    /// Show a new game of `ruleset` at `position` on the Games page.
    fn open_game(&self, ruleset: &str, position: &str);
}

/// The cross-page actions (context): the only way a page changes what
/// another page shows. Outside the shell (a page mounted on its own) it
/// does nothing and says so.
#[derive(Clone, Copy)]
pub struct Nav(Option<StoredValue<Arc<dyn CrossPage + Send + Sync>>>);

impl std::fmt::Debug for Nav {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Nav(shell)" } else { "Nav(none)" })
    }
}

impl Nav {
    /// The shell's actions, to provide as context.
    pub fn new(actions: impl CrossPage + Send + Sync + 'static) -> Nav {
        let actions: Arc<dyn CrossPage + Send + Sync> = Arc::new(actions);
        Nav(Some(StoredValue::new(actions)))
    }

    /// The shell's `Nav` from the context.
    pub fn from_context() -> Nav {
        use_context::<Nav>().unwrap_or(Nav(None))
    }

    fn actions(&self) -> Option<Arc<dyn CrossPage + Send + Sync>> {
        self.0.and_then(|a| a.try_get_value())
    }

    /// Whether "Add to Sums" replaces the Sums page's sum (still its
    /// example) rather than appending (tracked: a button's label says it).
    pub fn sum_is_example(&self) -> bool {
        self.actions().is_some_and(|a| a.sum_is_example())
    }

    /// Add components (each in the explorer's notation) to the Sums page's
    /// sum and go there ([`CrossPage::send_to_sum`]).
    pub fn send_to_sum(&self, parts: &[String]) -> Result<(), String> {
        let Some(a) = self.actions() else { return Err("there is no Sums page here".to_string()) };
        a.send_to_sum(parts)
    }

    /// Estimate a heap-go sum with MT-search: its heap-go source, from no
    /// paths.
    pub fn search_heaps(&self, heaps: String) {
        if let Some(a) = self.actions() {
            a.search_heaps(heaps);
        }
    }

    /// Edit a heap-go sum on the heap-go board (a new game unless it is the
    /// board's sum already).
    pub fn edit_heaps(&self, heaps: String) {
        if let Some(a) = self.actions() {
            a.edit_heaps(heaps);
        }
    }

    /// The address of the Games page at a new game of `ruleset` at
    /// `position` ([`CrossPage::game_href`]); empty outside the shell.
    pub fn game_href(&self, ruleset: &str, position: &str) -> String {
        self.actions().map(|a| a.game_href(ruleset, position)).unwrap_or_default()
    }

    /// Show a new game of `ruleset` at `position` on the Games page
    /// ([`CrossPage::open_game`]).
    pub fn open_game(&self, ruleset: &str, position: &str) {
        if let Some(a) = self.actions() {
            a.open_game(ruleset, position);
        }
    }
}
