#![cfg(target_arch = "wasm32")]
//! The navigation shell: header, tabs, the current page, and the one effect
//! that keeps the address bar equal to the link of the page on screen. The
//! shell creates every page's signals ([`AppSignals`], in
//! [`crate::web::shell`] with the rest of the pages' wiring) and hands each
//! page its own; what pages share (presentation mode, the theme, the
//! cross-page actions [`Nav`]) is context, from [`crate::web::context`].

use crate::pages::explorer::view::Explorer;
use crate::pages::game::view::GamePage;
use crate::pages::hackenbush::view::HackenbushPage;
use crate::pages::heapgo::view::HeapGoPage;
use crate::pages::mtsearch::view::MtSearchPage;
use crate::pages::sequences::view::SequencesPage;
use crate::pages::sums::view::SumsPage;
use crate::state::Page;
use crate::web::context::{Nav, Presenting, Theme};
use crate::web::dom;
use crate::web::shell::{AppSignals, ShellNav};
use leptos::prelude::*;

/// The whole app, state taken from the address bar.
#[component]
pub fn App() -> impl IntoView {
    let (link, notes) = crate::web::shell::read_state();
    let all = AppSignals::new(link);
    let link_notes = RwSignal::new(notes);
    provide_context(crate::web::context::LinkNotes(link_notes));
    let shell = all.shell;
    let nav = ShellNav::new(all);
    Effect::new(move |_| crate::web::shell::write_state(&all.link_on(shell.page.get())));
    let present = RwSignal::new(false);
    provide_context(Presenting(present));
    provide_context(crate::web::context::HideAnswers(RwSignal::new(false)));
    provide_context(Nav::new(all));
    let help = RwSignal::new(false);
    // Bumped when a page's code arrives (see `page_view`).
    let pages_loaded = RwSignal::new(0u32);
    let lesson_ui = crate::web::lesson::LessonUi::new();
    let theme = RwSignal::new(dom::stored_theme());
    provide_context(Theme(theme));
    Effect::new(move |_| dom::set_body_class("present", present.get()));
    Effect::new(move |_| dom::set_theme(&theme.get()));

    // Keys for the classroom: arrows / space / PageUp-Down step the lesson
    // (or else the stepper on screen), p presentation, f fullscreen, ?
    // help, Escape closes. Never while typing in a field; space and Enter
    // on a focused button or link keep their own meaning.
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        use wasm_bindgen::JsCast;
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || ev.default_prevented() {
            return;
        }
        let tag = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).map(|el| el.tag_name()).unwrap_or_default();
        if matches!(tag.as_str(), "INPUT" | "TEXTAREA" | "SELECT") {
            return;
        }
        let on_control = matches!(tag.as_str(), "BUTTON" | "A" | "SUMMARY");
        let st = crate::state::ShellState {
            page: shell.page.get_untracked(),
            lesson: shell.lesson.get_untracked(),
            lesson_step: shell.lesson_step.get_untracked(),
            lesson_doc: shell.lesson_doc.get_untracked(),
        };
        let lesson = crate::lessons::current(&st).map(|(_, d)| d.steps.len());
        // Whether the key stepped something (else it keeps its meaning:
        // space scrolls, arrows scroll a wide table).
        let step = |d: i64| -> bool {
            if let Some(n) = lesson {
                // As the lesson bar shows it: a step past the end is the last.
                let at = shell.lesson_step.get_untracked().min(n - 1) as i64;
                let k = at + d;
                if k >= 0 && (k as usize) < n {
                    nav.lesson_go(k as usize);
                }
                true
            } else {
                dom::click_first(if d > 0 { "[data-key-next]" } else { "[data-key-prev]" })
            }
        };
        match ev.key().as_str() {
            "ArrowRight" | "PageDown" if step(1) => ev.prevent_default(),
            " " if !on_control && step(1) => ev.prevent_default(),
            "ArrowLeft" | "PageUp" if step(-1) => ev.prevent_default(),
            "p" | "P" => present.update(|p| *p = !*p),
            "f" | "F" => dom::toggle_fullscreen(),
            "?" => help.update(|h| *h = !*h),
            "Escape" => {
                help.set(false);
                present.set(false);
            }
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());

    let tab = move |p: Page| {
        // A real link (open in a new tab works), kept current with the state.
        let href = move || crate::web::shell::query_of(&all.link_on(p));
        view! {
            <a
                href=href
                class="tab"
                class:active=move || shell.page.get() == p
                data-testid=format!("tab-{}", p.key())
                aria-current=move || (shell.page.get() == p).then_some("page")
                title=p.help()
                on:click=move |ev| {
                    // Stay on this document: the state is in the query string.
                    ev.prevent_default();
                    shell.page.set(p);
                }
            >
                {p.title()}
            </a>
        }
    };
    let lesson_links = crate::lessons::LESSONS
        .iter()
        .map(|l| {
            let id = l.id;
            let href = crate::lessons::step_state(l, 0).map(|st| crate::web::shell::query_of(&st)).unwrap_or_default();
            view! {
                <li><a href=href data-testid=format!("lesson-{id}") title=format!("{} steps; sources: {}", l.steps.len(), crate::references::cites_text(l.sources)) on:click=move |ev| {
                    ev.prevent_default();
                    nav.open_lesson(id);
                    dom::close_details("lessons-menu");
                    dom::focus_testid("lesson-next");
                }>{l.title}</a></li>
            }
        })
        .collect_view();

    view! {
        <a class="skip" href="#main">"Skip to the page"</a>
        <header class="top">
            <div class="brand">
                <span class="logo" aria-hidden="true">"⊢"</span>
                <span class="name">"CGT Lab"</span>
                <span class="tagline">"combinatorial games, exactly"</span>
            </div>
            <nav class="tabs" aria-label="pages">
                {Page::ALL.into_iter().map(tab).collect_view()}
            </nav>
            <div class="top-tools">
                <details class="menu" id="lessons-menu">
                    <summary data-testid="lessons" title="Guided lessons: each step is a link">"Lessons"</summary>
                    <ul class="menu-list">
                        {lesson_links}
                        <li class="menu-sep"><a href="#" data-testid="write-lesson" title="write your own lesson: steps, links, questions the engine checks" on:click=move |ev| {
                            ev.prevent_default();
                            // The draft kept in this browser, else the template.
                            lesson_ui.editor.set(Some(crate::web::lesson::draft().unwrap_or_else(|| crate::web::lesson::TEMPLATE.to_string())));
                            dom::close_details("lessons-menu");
                            dom::focus_testid("lesson-editor-text");
                        }>"Write a lesson…"</a></li>
                    </ul>
                </details>
                <button class="btn small" data-testid="present-toggle" aria-pressed=move || present.get().to_string() title="Presentation mode: large type, thick lines, no chrome (key p)" on:click=move |_| present.update(|p| *p = !*p)>"Present"</button>
                <button class="btn small" data-testid="theme-toggle" title="Switch between the light and dark theme" on:click=move |_| theme.update(|t| *t = if t == "dark" { "light".into() } else { "dark".into() })>
                    {move || if theme.get() == "dark" { "Light theme" } else { "Dark theme" }}
                </button>
                <button class="btn small" data-testid="help-toggle" aria-expanded=move || help.get().to_string() title="Keyboard keys and help (key ?)" on:click=move |_| help.update(|h| *h = !*h)>"?"</button>
            </div>
        </header>
        {move || help.get().then(|| view! { <HelpPanel close=move || help.set(false) /> })}
        <crate::web::lesson::LessonBar shell=shell nav=nav ui=lesson_ui />
        <crate::web::lesson::LessonEditor nav=nav ui=lesson_ui />
        <crate::web::lesson::PrintedLesson shell=shell ui=lesson_ui />
        <main id="main" tabindex="-1">
            {move || {
                // What the opening link said that could not be read: named
                // field by field until dismissed (the page itself is open).
                let n = link_notes.get();
                (!n.is_empty()).then(|| view! {
                    <section class="note link-notes" data-testid="link-notes" role="status" aria-label="what the link said">
                        <p>{if n.len() == 1 { "One field of this link could not be read:" } else { "Some fields of this link could not be read:" }}</p>
                        <ul>{n.iter().map(|x| view! { <li data-testid="link-note" data-key=x.key.clone()><code>{format!("{}={}", x.key, x.value)}</code>" "{x.problem.clone()}</li> }).collect_view()}</ul>
                        <button class="btn small" data-testid="link-notes-close" on:click=move |_| link_notes.set(Vec::new())>"Dismiss"</button>
                    </section>
                })
            }}
            {move || {
                // A lesson step remounts the page: every page then starts from
                // the step's state, as a freshly opened link does.
                shell.lesson_step.track();
                let page = shell.page.get();
                // A page whose code has not arrived yet: say so, fetch it,
                // and come back here when it has.
                pages_loaded.track();
                page_view(page, all).unwrap_or_else(|| {
                    leptos::task::spawn_local(async move {
                        preload(page).await;
                        let _ = pages_loaded.try_update(|n| *n += 1);
                    });
                    view! { <p class="muted page-loading" data-testid="page-loading" role="status">"Loading the " {page.title()} " page…"</p> }.into_any()
                })
            }}
        </main>
        <footer class="foot">
            "Exact rational arithmetic throughout; values print as in the "
            <code>"cgt"</code>
            " command-line tool. Keys: p presentation, f fullscreen, ← → step, ? help."
            <crate::web::references::ReferencesPanel />
        </footer>
    }
}

/// A page whose code is its own wasm file, downloaded when the page first
/// opens: with feature `split` (the site build) a `#[lazy]` function that
/// the build's wasm-bindgen cuts out (scripts/bin/wasm-bindgen), with its
/// preload; without it (the browser tests, `cargo check`) a plain one, so
/// the same calls work in both.
macro_rules! lazy_page {
    ($name:ident, $preload:ident, $signals:ty, $page:ident) => {
        #[cfg(feature = "split")]
        #[lazy]
        fn $name(st: $signals) -> AnyView {
            view! { <$page st=st /> }.into_any()
        }
        #[cfg(not(feature = "split"))]
        async fn $name(st: $signals) -> AnyView {
            view! { <$page st=st /> }.into_any()
        }
        #[cfg(not(feature = "split"))]
        async fn $preload() {}
    };
}

lazy_page!(heapgo_page, __preload_heapgo_page, crate::pages::heapgo::signals::HeapGoSignals, HeapGoPage);
lazy_page!(mtsearch_page, __preload_mtsearch_page, crate::pages::mtsearch::signals::MtSearchSignals, MtSearchPage);
lazy_page!(hackenbush_page, __preload_hackenbush_page, crate::pages::hackenbush::signals::HackenbushSignals, HackenbushPage);
lazy_page!(sums_page, __preload_sums_page, crate::pages::sums::signals::SumsSignals, SumsPage);
lazy_page!(game_page, __preload_game_page, crate::pages::game::signals::GameSignals, GamePage);
lazy_page!(sequences_page, __preload_sequences_page, crate::pages::sequences::signals::SequencesSignals, SequencesPage);

/// The page, made here and now if its code is loaded (`None`: it is not
/// yet). A split page's function is async only until its code has arrived;
/// after that its future is ready at the first poll. Made synchronously, the
/// page belongs to the shell's page slot exactly as when every page was in
/// one wasm file (its signals and its view go together when a lesson step
/// or another page replaces it).
fn page_view(page: Page, all: AppSignals) -> Option<AnyView> {
    fn now(fut: impl std::future::Future<Output = AnyView>) -> Option<AnyView> {
        let mut fut = std::pin::pin!(fut);
        match fut.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) {
            std::task::Poll::Ready(v) => Some(v),
            std::task::Poll::Pending => None,
        }
    }
    match page {
        Page::Explorer => Some(view! { <Explorer st=all.explorer /> }.into_any()),
        Page::HeapGo => now(heapgo_page(all.heapgo)),
        Page::MtSearch => now(mtsearch_page(all.mtsearch)),
        Page::Hackenbush => now(hackenbush_page(all.hackenbush)),
        Page::Sums => now(sums_page(all.sums)),
        Page::Game => now(game_page(all.game)),
        Page::Sequences => now(sequences_page(all.sequences)),
    }
}

/// Fetches a page's code (nothing for the explorer, which is in the first
/// download).
async fn preload(page: Page) {
    match page {
        Page::Explorer => {}
        Page::HeapGo => __preload_heapgo_page().await,
        Page::MtSearch => __preload_mtsearch_page().await,
        Page::Hackenbush => __preload_hackenbush_page().await,
        Page::Sums => __preload_sums_page().await,
        Page::Game => __preload_game_page().await,
        Page::Sequences => __preload_sequences_page().await,
    }
}

/// Keys and what each page is for.
#[component]
fn HelpPanel(close: impl Fn() + 'static + Copy) -> impl IntoView {
    view! {
        <section class="card help" data-testid="help" role="dialog" aria-label="help">
            <div class="toolbar"><h2>"Help"</h2><span class="spacer"></span><button class="btn small" data-testid="help-close" title="close (Escape)" on:click=move |_| close()>"×"</button></div>
            <dl class="help-keys">
                <dt><kbd>"→"</kbd> " " <kbd>"space"</kbd></dt><dd>"next lesson step, or the next step of the stepper on screen"</dd>
                <dt><kbd>"←"</kbd></dt><dd>"previous step"</dd>
                <dt><kbd>"p"</kbd></dt><dd>"presentation mode: large type, thick lines, no chrome"</dd>
                <dt><kbd>"f"</kbd></dt><dd>"fullscreen"</dd>
                <dt><kbd>"?"</kbd></dt><dd>"this help"; " " <kbd>"Esc"</kbd> " closes it and leaves presentation mode"</dd>
            </dl>
            <ul class="small">
                {Page::ALL.into_iter().map(|p| view! { <li><strong>{p.title()}</strong>": "{p.help()}</li> }).collect_view()}
            </ul>
            <p class="small muted">"Every page is a link: copy the address bar to share exactly what is on screen. Blue / solid is Left, red / dashed is Right in every picture."</p>
        </section>
    }
}
