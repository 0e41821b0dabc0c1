#![cfg(target_arch = "wasm32")]
//! What the pages share through the shell: presentation mode
//! ([`Presenting`]), the theme ([`Theme`], whose [`palette`] every picture
//! is drawn in) and the cross-page actions ([`Nav`]), all provided as
//! context; and the app's signals ([`AppSignals`]), which the shell creates
//! once and of which each page gets only its own part, as its prop.
//!
//! A page writes its own state and nothing else: what it does to another
//! page (send components to the Sums page, search heap-go's sum with
//! MT-search, edit MT-search's sum on the heap-go board, a lesson step)
//! is a [`Nav`] method, whose signals are private.
//!
//! The shell ([`crate::web::app`]) imports every page; the pages import
//! these types from here, never from the shell, so no page file and the
//! shell import each other (`scripts/check-import-cycles.py`).

use crate::pages::explorer::signals::ExplorerSignals;
use crate::pages::game::signals::GameSignals;
use crate::pages::hackenbush::signals::HackenbushSignals;
use crate::pages::heapgo::signals::HeapGoSignals;
use crate::pages::mtsearch::signals::MtSearchSignals;
use crate::pages::mtsearch::state::MtSource;
use crate::pages::sums::signals::SumsSignals;
use crate::state::{Link, Page, ShellState};
use cgt_draw::Palette;
use leptos::prelude::*;

/// The notes of the opening link ([`crate::link::LinkNote`]), shown by the
/// shell until dismissed: a page adds one for a field it can only check
/// once its content is known (the explorer's `node=` path into a game it
/// has just analysed).
#[derive(Clone, Copy, Debug)]
pub struct LinkNotes(pub RwSignal<Vec<crate::link::LinkNote>>);

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
}

impl AppSignals {
    pub fn new(link: Link) -> AppSignals {
        AppSignals {
            shell: ShellSignals { page: RwSignal::new(link.shell.page), lesson: RwSignal::new(link.shell.lesson), lesson_step: RwSignal::new(link.shell.lesson_step), lesson_doc: RwSignal::new(link.shell.lesson_doc) },
            explorer: ExplorerSignals::new(link.explorer),
            heapgo: HeapGoSignals::new(link.heapgo),
            mtsearch: MtSearchSignals::new(link.mtsearch),
            hackenbush: HackenbushSignals::new(link.hackenbush),
            sums: SumsSignals::new(link.sums),
            game: GameSignals::new(link.game),
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
        self.shell.lesson.set(link.shell.lesson);
        self.shell.lesson_step.set(link.shell.lesson_step);
        self.shell.lesson_doc.set(link.shell.lesson_doc);
        self.shell.page.set(link.shell.page);
    }
}

/// The cross-page actions (context): the only way a page changes what
/// another page shows. Outside the shell (a page mounted on its own) it
/// does nothing and says so.
#[derive(Clone, Copy, Debug)]
pub struct Nav(Option<AppSignals>);

impl Nav {
    pub fn new(all: AppSignals) -> Nav {
        Nav(Some(all))
    }

    /// The shell's `Nav` from the context.
    pub fn from_context() -> Nav {
        use_context::<Nav>().unwrap_or(Nav(None))
    }

    /// Go to step `k` of the current lesson (nothing if out of range): the
    /// step's link, every page at once.
    pub fn lesson_go(&self, k: usize) {
        let Some(all) = self.0 else { return };
        let shell = ShellState { page: all.shell.page.get_untracked(), lesson: all.shell.lesson.get_untracked(), lesson_step: k, lesson_doc: all.shell.lesson_doc.get_untracked() };
        if let Some(link) = crate::lessons::current(&shell).and_then(|(_, doc)| crate::lessons::doc_step_state(&shell, &doc, k)) {
            all.set(link);
        }
    }

    /// Start a teacher's lesson (its text) at step `k`; the error names
    /// the line when the text is not a lesson.
    pub fn start_lesson_doc(&self, text: &str, k: usize) -> Result<(), String> {
        let Some(all) = self.0 else { return Err("there is no lesson bar here".to_string()) };
        let doc: crate::lesson_doc::LessonDoc = text.parse().map_err(|e: crate::lesson_doc::DocError| e.to_string())?;
        let shell = ShellState { lesson_doc: text.to_string(), ..ShellState::default() };
        let link = crate::lessons::doc_step_state(&shell, &doc, k.min(doc.steps.len() - 1)).ok_or("the lesson has no steps")?;
        all.set(link);
        Ok(())
    }

    /// The page on screen as a lesson step's link: its own keys only
    /// (`k=v&k=v`, with `%`, `&`, `=` and line breaks in values escaped).
    pub fn page_query(&self) -> String {
        let Some(all) = self.0 else { return String::new() };
        let page = all.shell.page.get_untracked();
        let link = untrack(|| all.link_on(page));
        let esc = |v: &str| v.replace('%', "%25").replace('&', "%26").replace('=', "%3D").replace('\n', "%0A");
        link.to_pairs().into_iter().filter(|(k, _)| !matches!(*k, "v" | "lesson" | "ls" | "ld")).map(|(k, v)| format!("{k}={}", esc(&v))).collect::<Vec<_>>().join("&")
    }

    /// Leave the lesson (the page stays).
    pub fn end_lesson(&self) {
        if let Some(all) = self.0 {
            all.shell.lesson.set(String::new());
            all.shell.lesson_doc.set(String::new());
            all.shell.lesson_step.set(0);
        }
    }

    /// Start the lesson `id` at its first step.
    pub fn open_lesson(&self, id: &str) {
        if let Some(link) = crate::lessons::find(id).and_then(|l| crate::lessons::step_state(l, 0)) {
            if let Some(all) = self.0 {
                all.set(link);
            }
        }
    }

    /// Whether "Add to Sums" replaces the Sums page's sum (still its
    /// example) rather than appending (tracked: a button's label says it).
    pub fn sum_is_example(&self) -> bool {
        self.0.is_some_and(|all| crate::pages::sums::model::adding_replaces(&all.sums.sum.get()))
    }

    /// Add components (each in the explorer's notation) to the Sums page's
    /// sum and go there: how the explorer, heap-go and Hackenbush boards
    /// send a game over. They replace the example sum the first time
    /// (a fresh browser's, never typed), and are appended after.
    pub fn send_to_sum(&self, parts: &[String]) -> Result<(), String> {
        let Some(all) = self.0 else { return Err("there is no Sums page here".to_string()) };
        let sum = crate::pages::sums::model::with_added(&all.sums.sum.get_untracked(), parts);
        // A link longer than this would be cut when read back.
        let max = crate::pages::MAX_TEXT;
        if sum.chars().count() > max {
            return Err(format!("the sum would be {} characters long, more than a link holds ({max}): remove components on the Sums page first", sum.chars().count()));
        }
        all.sums.sum.set(sum);
        all.sums.play.set(String::new());
        all.sums.bstar.set(None);
        all.shell.page.set(Page::Sums);
        Ok(())
    }

    /// Estimate a heap-go sum with MT-search: its heap-go source, from no
    /// paths.
    pub fn search_heaps(&self, heaps: String) {
        let Some(all) = self.0 else { return };
        all.mtsearch.heaps.set(heaps);
        all.mtsearch.source.set(MtSource::HeapGo);
        all.mtsearch.nodes.set(0);
        all.shell.page.set(Page::MtSearch);
    }

    /// Edit a heap-go sum on the heap-go board (a new game unless it is the
    /// board's sum already).
    pub fn edit_heaps(&self, heaps: String) {
        let Some(all) = self.0 else { return };
        if all.heapgo.heaps.get_untracked() != heaps {
            all.heapgo.heaps.set(heaps);
            all.heapgo.moves.set(String::new());
        }
        all.shell.page.set(Page::HeapGo);
    }
}
