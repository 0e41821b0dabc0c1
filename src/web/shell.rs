#![cfg(target_arch = "wasm32")]
//! The shell's wiring of the pages (wasm32 only): every page's signals
//! ([`AppSignals`], created once from the link; each page gets only its
//! own part, as its prop), the address bar (the link read at start and
//! written back), the lesson steps that set every page at once
//! ([`ShellNav`]) and the cross-page actions the pages ask for through
//! the shared `Nav` context ([`crate::web::context::Nav`]), implemented
//! here.
//!
//! Only the shell imports the pages (`scripts/check-layers.py`): a page
//! reaches another page only through `Nav`, whose implementation is here,
//! so no page, and no shared module, names a page.

use crate::link_note::LinkNote;
use crate::pages::explorer::signals::ExplorerSignals;
use crate::pages::game::signals::GameSignals;
use crate::pages::hackenbush::signals::HackenbushSignals;
use crate::pages::heapgo::signals::HeapGoSignals;
use crate::pages::mtsearch::signals::MtSearchSignals;
use crate::pages::mtsearch::state::MtSource;
use crate::pages::sequences::signals::SequencesSignals;
use crate::pages::sums::signals::SumsSignals;
use crate::state::{Link, Page, ShellState};
use crate::web::context::CrossPage;
use crate::web::dom;
use leptos::prelude::*;

/// The link the app was opened at (defaults for anything missing), with a
/// note for every field that could not be read as written.
pub fn read_state() -> (Link, Vec<LinkNote>) {
    let Some(pairs) = dom::query_pairs(&crate::state::KEYS) else {
        return (Link::default(), Vec::new());
    };
    let keys: Vec<&str> = pairs.iter().map(|(k, _)| *k).collect();
    let (link, notes) = Link::open(pairs.iter().map(|(k, v)| (*k, v.as_str())));
    // `?lesson=boards&ls=0` typed by hand opens the step's own page.
    (crate::lessons::open_step_link(&keys, link), notes)
}

/// The query string (with its `?`) of a link, percent-encoded by the
/// browser's own `URLSearchParams`.
pub fn query_of(state: &Link) -> String {
    dom::query_of_pairs(state.to_pairs())
}

/// Put the state in the address bar without adding a history entry (typing
/// a game should not fill the back button with every keystroke).
pub fn write_state(state: &Link) {
    dom::replace_query(&query_of(state));
}

/// The shell's own state as signals: the page shown and the lesson.
#[derive(Clone, Copy, Debug)]
pub struct ShellSignals {
    pub page: RwSignal<Page>,
    pub lesson: RwSignal<String>,
    pub lesson_step: RwSignal<usize>,
    /// A lesson a teacher wrote (its text; empty when none).
    pub lesson_doc: RwSignal<String>,
}

/// Every signal of the app, mirrored in the URL: the shell's and each
/// page's.
#[derive(Clone, Copy, Debug)]
pub struct AppSignals {
    pub shell: ShellSignals,
    pub explorer: ExplorerSignals,
    pub heapgo: HeapGoSignals,
    pub mtsearch: MtSearchSignals,
    pub hackenbush: HackenbushSignals,
    pub sums: SumsSignals,
    pub game: GameSignals,
    pub sequences: SequencesSignals,
}

impl AppSignals {
    pub fn new(link: Link) -> AppSignals {
        AppSignals {
            shell: ShellSignals {
                page: RwSignal::new(link.shell.page),
                lesson: RwSignal::new(link.shell.lesson),
                lesson_step: RwSignal::new(link.shell.lesson_step),
                lesson_doc: RwSignal::new(link.shell.lesson_doc),
            },
            explorer: ExplorerSignals::new(link.explorer),
            heapgo: HeapGoSignals::new(link.heapgo),
            mtsearch: MtSearchSignals::new(link.mtsearch),
            hackenbush: HackenbushSignals::new(link.hackenbush),
            sums: SumsSignals::new(link.sums),
            game: GameSignals::new(link.game),
            sequences: SequencesSignals::new(link.sequences),
        }
    }

    /// The link showing `page` (tracked): the shell's state and that page's
    /// only, the other pages at their defaults (a link does not write them).
    /// Tracking only these, the address bar follows the page on screen.
    pub fn link_on(&self, page: Page) -> Link {
        let shell = ShellState { page, lesson: self.shell.lesson.get(), lesson_step: self.shell.lesson_step.get(), lesson_doc: self.shell.lesson_doc.get() };
        let mut link = Link { shell, ..Link::default() };
        match page {
            Page::Explorer => link.explorer = self.explorer.get(),
            Page::HeapGo => link.heapgo = self.heapgo.get(),
            Page::MtSearch => link.mtsearch = self.mtsearch.get(),
            Page::Hackenbush => link.hackenbush = self.hackenbush.get(),
            Page::Sums => link.sums = self.sums.get(),
            Page::Game => link.game = self.game.get(),
            Page::Sequences => link.sequences = self.sequences.get(),
        }
        link
    }

    /// Show `link` (a lesson step): every page's state at once, the page
    /// last (the shell remounts it on the step).
    fn set(&self, link: Link) {
        self.explorer.set(link.explorer);
        self.heapgo.set(link.heapgo);
        self.mtsearch.set(link.mtsearch);
        self.hackenbush.set(link.hackenbush);
        self.sums.set(link.sums);
        self.game.set(link.game);
        self.sequences.set(link.sequences);
        self.shell.lesson.set(link.shell.lesson);
        self.shell.lesson_step.set(link.shell.lesson_step);
        self.shell.lesson_doc.set(link.shell.lesson_doc);
        self.shell.page.set(link.shell.page);
    }
}

/// The cross-page actions, over every page's signals: what a page asks of
/// another through `Nav` (the shell provides `Nav::new(all)`).
impl CrossPage for AppSignals {
    fn sum_is_example(&self) -> bool {
        crate::pages::sums::model::adding_replaces(&self.sums.sum.get())
    }

    fn send_to_sum(&self, parts: &[String]) -> Result<(), String> {
        let sum = crate::pages::sums::model::with_added(&self.sums.sum.get_untracked(), parts);
        // A link longer than this would be cut when read back.
        let max = crate::pages::MAX_TEXT;
        if sum.chars().count() > max {
            return Err(format!(
                "the sum would be {} characters long, more than a link holds ({max}): remove components on the Sums page first",
                sum.chars().count()
            ));
        }
        self.sums.sum.set(sum);
        self.sums.play.set(String::new());
        self.sums.bstar.set(None);
        self.shell.page.set(Page::Sums);
        Ok(())
    }

    fn search_heaps(&self, heaps: String) {
        self.mtsearch.heaps.set(heaps);
        self.mtsearch.source.set(MtSource::HeapGo);
        self.mtsearch.nodes.set(0);
        self.shell.page.set(Page::MtSearch);
    }

    fn game_href(&self, ruleset: &str, position: &str) -> String {
        let mut link = untrack(|| self.link_on(Page::Game));
        link.game = game_at(ruleset, position);
        query_of(&link)
    }

    fn open_game(&self, ruleset: &str, position: &str) {
        self.game.set(game_at(ruleset, position));
        self.shell.page.set(Page::Game);
    }

    fn edit_heaps(&self, heaps: String) {
        if self.heapgo.heaps.get_untracked() != heaps {
            self.heapgo.heaps.set(heaps);
            self.heapgo.moves.set(String::new());
        }
        self.shell.page.set(Page::HeapGo);
    }
}

/// A fresh game of `ruleset` at `position` on the Games page: no moves,
/// you play Left, Left starts.
fn game_at(ruleset: &str, position: &str) -> crate::pages::game::state::GameState {
    crate::pages::game::state::GameState { position: position.to_string(), ..crate::pages::game::state::GameState::new(ruleset) }
}

/// The shell's own navigation: lesson steps, each a link that sets every
/// page at once (the lesson bar, the lesson editor, the keys).
#[derive(Clone, Copy, Debug)]
pub struct ShellNav(AppSignals);

impl ShellNav {
    pub fn new(all: AppSignals) -> ShellNav {
        ShellNav(all)
    }

    /// Go to step `k` of the current lesson (nothing if out of range): the
    /// step's link, every page at once.
    pub fn lesson_go(&self, k: usize) {
        let all = self.0;
        let shell = ShellState {
            page: all.shell.page.get_untracked(),
            lesson: all.shell.lesson.get_untracked(),
            lesson_step: k,
            lesson_doc: all.shell.lesson_doc.get_untracked(),
        };
        if let Some(link) = crate::lessons::current(&shell).and_then(|(_, doc)| crate::lessons::doc_step_state(&shell, &doc, k)) {
            all.set(link);
        }
    }

    /// Start a teacher's lesson (its text) at step `k`; the error names
    /// the line when the text is not a lesson.
    pub fn start_lesson_doc(&self, text: &str, k: usize) -> Result<(), String> {
        let all = self.0;
        let doc: crate::lesson_doc::LessonDoc = text.parse().map_err(|e: crate::lesson_doc::DocError| e.to_string())?;
        let shell = ShellState { lesson_doc: text.to_string(), ..ShellState::default() };
        let link = crate::lessons::doc_step_state(&shell, &doc, k.min(doc.steps.len() - 1)).ok_or("the lesson has no steps")?;
        all.set(link);
        Ok(())
    }

    /// The page on screen as a lesson step's link: its own keys only
    /// (`k=v&k=v`, with `%`, `&`, `=` and line breaks in values escaped).
    pub fn page_query(&self) -> String {
        let all = self.0;
        let page = all.shell.page.get_untracked();
        let link = untrack(|| all.link_on(page));
        let esc = |v: &str| v.replace('%', "%25").replace('&', "%26").replace('=', "%3D").replace('\n', "%0A");
        link.to_pairs()
            .into_iter()
            .filter(|(k, _)| !matches!(*k, "v" | "lesson" | "ls" | "ld"))
            .map(|(k, v)| format!("{k}={}", esc(&v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// Leave the lesson (the page stays).
    pub fn end_lesson(&self) {
        let all = self.0;
        all.shell.lesson.set(String::new());
        all.shell.lesson_doc.set(String::new());
        all.shell.lesson_step.set(0);
    }

    /// Start the lesson `id` at its first step.
    pub fn open_lesson(&self, id: &str) {
        if let Some(link) = crate::lessons::find(id).and_then(|l| crate::lessons::step_state(l, 0)) {
            self.0.set(link);
        }
    }
}
