#![cfg(target_arch = "wasm32")]
//! The navigation shell: header, tabs, the current page, and the one effect
//! that keeps the address bar equal to the page state.

use crate::state::{MtSource, NodePath, Page, PageState, Player};
use crate::web::dom;
use crate::web::explorer::Explorer;
use crate::web::hackenbush::HackenbushPage;
use crate::web::heapgo::HeapGoPage;
use crate::web::mtsearch::MtSearchPage;
use crate::web::sums::SumsPage;
use leptos::prelude::*;

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
        }
    }
}

/// The whole app, state taken from the address bar.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new(dom::read_state());
    Effect::new(move |_| dom::write_state(&state.snapshot()));

    let tab = move |p: Page| {
        // A real link (open in a new tab works), kept current with the state.
        let href = move || {
            dom::query_of(&PageState {
                page: p,
                ..state.snapshot()
            })
        };
        view! {
            <a
                href=href
                class="tab"
                class:active=move || state.page.get() == p
                data-testid=format!("tab-{}", p.key())
                aria-current=move || (state.page.get() == p).then_some("page")
                on:click=move |ev| {
                    // Stay on this document: the state is in the query string.
                    ev.prevent_default();
                    state.page.set(p);
                }
            >
                {p.title()}
            </a>
        }
    };

    view! {
        <header class="top">
            <div class="brand">
                <span class="logo" aria-hidden="true">"⊢"</span>
                <span class="name">"CGT Lab"</span>
                <span class="tagline">"combinatorial games, exactly"</span>
            </div>
            <nav class="tabs" aria-label="pages">
                {Page::ALL.into_iter().map(tab).collect_view()}
            </nav>
        </header>
        <main>
            {move || match state.page.get() {
                Page::Explorer => view! { <Explorer state=state /> }.into_any(),
                Page::HeapGo => view! { <HeapGoPage state=state /> }.into_any(),
                Page::MtSearch => view! { <MtSearchPage state=state /> }.into_any(),
                Page::Hackenbush => view! { <HackenbushPage state=state /> }.into_any(),
                Page::Sums => view! { <SumsPage state=state /> }.into_any(),
            }}
        </main>
        <footer class="foot">
            "Exact rational arithmetic throughout; values print as in the "
            <code>"cgt"</code>
            " command-line tool."
        </footer>
    }
}

impl AppState {
    /// Append components (each in the explorer's notation) to the Sums
    /// page's sum and go there: how the explorer, heap-go and Hackenbush
    /// boards send a game over.
    pub fn send_to_sum(&self, parts: &[String]) {
        let mut sum = self.sum.get_untracked();
        for p in parts {
            sum = crate::sumview::edit_component(&sum, usize::MAX, Some(p));
        }
        self.sum.set(sum);
        self.sum_play.set(String::new());
        self.page.set(Page::Sums);
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
        }
    }
}
