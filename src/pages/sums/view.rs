//! The Sums page's Leptos components (wasm32 only). All logic is in
//! [`super::model`] and `cgt::sums`; this is the DOM around it.
//!
//! [`SumsPage`] builds one [`Ctl`] (the URL state, the figures of the sum,
//! the exact values from the worker, the game replayed from its record)
//! and lays out components named for what the user sees: [`SumField`] at
//! the top; [`ComponentList`] beside [`ExactCard`] and [`BoundsPanel`];
//! [`PlayPanel`] (with [`PlayBoard`]) and [`TournamentTable`] beside
//! [`BStarPanel`] (with [`BStarSteps`]).
//!
//! The figures (components, bounds, the thermostatic bracket) are computed
//! at once; the exact values in the background worker (a new sum replaces
//! the search for the old one; leaving the page stops it). A typed text
//! that is not a sum, or a component that would break it, is refused with
//! its error: the panels keep showing the last valid sum.

use super::jobs::{SumJob, SumUpdate as Msg};
use super::model::{
    bstar_tree, checked_edit, computer_reply, figures, move_key, move_label, mover_text, parse_sum, replay_game, root_range_text, search, tournament,
    turn_text, Exact, GameState, PlayRecord, SumFigures, TournamentRow, SUM_PRESETS, WORKER_BUDGET,
};
use super::signals::SumsSignals;
use super::state::BStarAt;
use crate::web::dom;
use crate::web::export::ExportButtons;
use crate::web::jobs::now_ms;
use crate::web::solver::Lane;
use cgt::side::Side;
use cgt::sums::bstar::{AlphaBeta, BStar, Ranges};
use cgt::sums::strategy::Strategy;
use cgt_draw::sums::{bounds_svg, thermostatic_svg, tree_svg};
use cgt_draw::{thermograph_svg, DrawOptions};
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// Typing pauses this long before the sum is read (as in the explorer).
const DEBOUNCE_MS: u64 = 300;

/// A game on the page: its record and where it stands, or why the record
/// does not replay on this sum.
type Played = Option<Result<(PlayRecord, GameState), String>>;

/// The page's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
struct Ctl {
    st: SumsSignals,
    /// The figures of the last valid sum (`None` until there is one).
    figs: RwSignal<Option<Arc<SumFigures>>>,
    /// That sum's text.
    shown: RwSignal<String>,
    /// Why the text typed or linked is not a sum (the sum on show stays).
    error: RwSignal<Option<String>>,
    /// The pending read of a typed sum.
    typing: StoredValue<Option<TimeoutHandle>>,
    exact: RwSignal<Exact>,
    /// The exact values' worker job (a new one drops the old).
    lane: Lane,
    /// The sum field's text.
    input: RwSignal<String>,
    tournament: RwSignal<Vec<TournamentRow>>,
    /// B* and alpha-beta as the link's `bs=` asks (its step is the URL's).
    search: RwSignal<Option<Arc<(BStar, AlphaBeta)>>>,
    played: Memo<Played>,
}

impl Ctl {
    fn new(st: SumsSignals) -> Ctl {
        let figs: RwSignal<Option<Arc<SumFigures>>> = RwSignal::new(None);
        // The record in the URL replayed on the sum.
        let played = Memo::new(move |_| {
            let text = st.play.get();
            if text.trim().is_empty() {
                return None;
            }
            let rec = match text.parse::<PlayRecord>() {
                Ok(r) => r,
                Err(e) => return Some(Err(e.to_string())),
            };
            figs.with(|x| x.as_deref().map(|f| replay_game(&f.games, &rec).map(|at| (rec, at))))
        });
        Ctl {
            st,
            figs,
            shown: RwSignal::new(String::new()),
            error: RwSignal::new(None),
            typing: StoredValue::new(None),
            exact: RwSignal::new(Exact::Idle),
            lane: Lane::new(),
            input: RwSignal::new(st.sum.get_untracked()),
            tournament: RwSignal::new(Vec::new()),
            search: RwSignal::new(None),
            played,
        }
    }

    /// `f` of the figures when the sum parses (tracked).
    fn with_figs<T>(self, f: impl FnOnce(&SumFigures) -> T) -> Option<T> {
        self.figs.with(|x| x.as_deref().map(f))
    }

    /// `f` of the figures when the sum parses (untracked: for handlers).
    fn with_figs_untracked<T>(self, f: impl FnOnce(&SumFigures) -> T) -> Option<T> {
        self.figs.with_untracked(|x| x.as_deref().map(f))
    }

    /// An edit of the sum: made when the result is a sum, else refused
    /// with its error (the sum stays).
    fn try_sum(self, edit: Result<String, String>) {
        match edit {
            Ok(t) => self.set_sum(t),
            Err(e) => self.error.set(Some(e)),
        }
    }

    fn stop_typing(self) {
        if let Some(h) = self.typing.try_get_value().flatten() {
            h.clear();
        }
        let _ = self.typing.try_set_value(None);
    }

    /// The typed text becomes the sum if it is one; else its error shows
    /// beside the last valid sum.
    fn read_typed(self, text: &str) {
        self.stop_typing();
        let text = text.trim();
        match parse_sum(text) {
            Ok(_) if self.st.sum.with_untracked(|s| s == text) => self.error.set(None),
            Ok(_) => self.set_sum(text.to_string()),
            Err(e) => self.error.set(Some(e)),
        }
    }

    /// A keystroke in the sum field: read it after a pause.
    fn typed(self, text: String) {
        self.input.set(text.clone());
        self.stop_typing();
        let h = set_timeout_with_handle(move || self.read_typed(&text), Duration::from_millis(DEBOUNCE_MS)).ok();
        self.typing.set_value(h);
    }

    /// A new sum (any game and B* search on it end).
    fn set_sum(self, t: String) {
        self.st.play.set(String::new());
        self.st.bstar.set(None);
        self.st.sum.set(t);
    }

    /// A new game record (the URL's `sp=`).
    fn set_play(self, rec: &PlayRecord) {
        self.st.play.set(rec.to_string());
    }

    /// Figures at once, the exact values in the worker, whenever the sum
    /// changes (the tournament and B* of the old sum are dropped).
    fn sum_effect(self) {
        Effect::new(move |_| {
            let text = self.st.sum.get();
            // A sum from elsewhere (a preset, Add, another page) replaces
            // what was being typed; the typed text itself stays as typed.
            self.stop_typing();
            if self.input.with_untracked(|i| i.trim() != text.trim()) {
                self.input.set(text.clone());
            }
            let f = match figures(&text) {
                Ok(f) => f,
                Err(e) => {
                    // A link's broken sum: its error, beside the last valid
                    // sum if there was one.
                    self.error.set(Some(e));
                    return;
                }
            };
            self.error.set(None);
            self.shown.set(text.clone());
            self.figs.set(Some(Arc::new(f)));
            self.tournament.set(Vec::new());
            self.exact.set(Exact::Running { of: text.clone(), since_ms: now_ms() });
            let (exact, of) = (self.exact, text.clone());
            let sent = self.lane.submit(
                |id| SumJob { id, budget: WORKER_BUDGET, sum: text },
                move |u| {
                    let reply = match u {
                        Msg::Sum(r) => Ok(r),
                        Msg::Error(e) => Err(e),
                    };
                    let _ = exact.try_update(|x| x.finish(reply, now_ms()));
                },
            );
            if let Err(message) = sent {
                self.exact.set(Exact::Failed { of, message });
            }
        });
    }

    /// B* and alpha-beta run again when the link's ranges or the sum
    /// change (not when only the step does).
    fn search_effect(self) {
        let ranges = Memo::new(move |_| self.st.bstar.with(|b| b.map(|b| b.ranges)));
        Effect::new(move |_| {
            let found = ranges.get().and_then(|r| self.with_figs(|f| search(&f.games, r)));
            if let Some((b, _)) = &found {
                // A link's step past the search's end shows (and says) its last.
                let last = b.steps.len().saturating_sub(1);
                if self.st.bstar.with_untracked(|x| x.is_some_and(|x| x.step > last)) {
                    self.st.bstar.update(|x| {
                        if let Some(x) = x {
                            x.step = last;
                        }
                    });
                }
            }
            self.search.set(found.map(Arc::new));
        });
    }

    /// The computer answers whenever it is its turn.
    fn computer_effect(self) {
        Effect::new(move |_| {
            // `try_get`: a lesson step replaces the page while this may be
            // queued; a page already gone plays nothing.
            let Some(Some(Ok((mut rec, at)))) = self.played.try_get() else { return };
            if let Some(m) = self.with_figs_untracked(|f| computer_reply(&f.games, &rec, &at)).flatten() {
                rec.moves.push(m);
                self.set_play(&rec);
            }
        });
    }
}

/// The Sums page.
#[component]
pub fn SumsPage(st: SumsSignals) -> impl IntoView {
    let ctl = Ctl::new(st);
    ctl.sum_effect();
    ctl.computer_effect();
    ctl.search_effect();
    on_cleanup(move || ctl.stop_typing());
    view! {
        <section class="sums" data-testid="page-sums">
            <SumField ctl=ctl />
            <div class="sums-grid">
                <ComponentList ctl=ctl />
                <div class="card">
                    <ExactCard ctl=ctl />
                    <BoundsPanel ctl=ctl />
                </div>
            </div>
            <OverlayCard ctl=ctl />
            <div class="sums-grid">
                <div class="card">
                    <PlayPanel ctl=ctl />
                    <TournamentTable ctl=ctl />
                </div>
                <BStarPanel ctl=ctl />
            </div>
        </section>
    }
}

/// The sum as text, the presets, and why a text is not a sum.
#[component]
fn SumField(ctl: Ctl) -> impl IntoView {
    let error = move || ctl.error.get().unwrap_or_default();
    let shown = move || {
        let stale = ctl.error.with(Option::is_some) && ctl.figs.with(Option::is_some);
        stale.then(|| view! { <p class="note small" data-testid="sum-shown">"Below: the last valid sum, " <code class="mono">{ctl.shown.get()}</code> "."</p> })
    };
    let presets = SUM_PRESETS.iter().enumerate().map(|(i, p)| view! { <option value=i.to_string()>{p.name}</option> }).collect_view();
    view! {
        <div class="card">
            <h1>"Sums of games"</h1>
            <p class="muted small">"Type a sum as G1 + G2 + … in the explorer's notation, or pick a preset. Left moves first unless said otherwise; play ends when every component is a number (as in Yedwab, 1985)."</p>
            <div class="toolbar">
                <label>"preset "<select data-testid="sum-preset" title="sums from Yedwab (1985) and Müller (2025)" on:change=move |ev| {
                    if let Some(p) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| SUM_PRESETS.get(i)) { ctl.set_sum(p.sum.to_string()); }
                }>
                    <option value="">"—"</option>
                    {presets}
                </select></label>
                <span class="spacer"></span>
                <ShareLink st=ctl.st />
            </div>
            <input type="text" class="mono wide" aria-label="the sum" data-testid="sum-input" spellcheck="false" autocomplete="off"
                aria-invalid=move || ctl.error.with(Option::is_some).to_string() prop:value=move || ctl.input.get()
                on:input=move |ev| ctl.typed(event_target_value(&ev))
                on:change=move |ev| ctl.read_typed(&event_target_value(&ev)) />
            <p class="error" role="alert" data-testid="sum-error">{error}</p>
            {shown}
        </div>
    }
}

/// Copy link: the address of exactly this view (sum, game, B* step), in a
/// box to copy by hand where the clipboard is not available.
#[component]
fn ShareLink(st: SumsSignals) -> impl IntoView {
    let share: RwSignal<Option<(String, String)>> = RwSignal::new(None);
    // A link shown is dropped once the page changes (it would be stale).
    Effect::new(move |_| {
        st.get();
        share.set(None);
    });
    let on_share = move |_| {
        let href = dom::current_href();
        share.set(Some((href.clone(), "Copying…".to_string())));
        leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&href).await;
            let msg = if ok { "Link copied to the clipboard." } else { "The clipboard is not available here: copy the link from the box." };
            let _ = share.try_set(Some((href, msg.to_string())));
        });
    };
    view! {
        <button class="btn" data-testid="share-link" title="copy a link to exactly this view: the sum, the game and the B* step" on:click=on_share>"Copy link"</button>
        {move || share.get().map(|(href, msg)| view! {
            <div class="share">
                <input class="share-url" data-testid="share-url" readonly aria-label="link to this view" prop:value=href />
                <span class="muted small" data-testid="share-status">{msg}</span>
            </div>
        })}
    }
}

/// Each component: its text (editable), a small thermograph, canonical
/// form, mean, temperature and stops; and a field to add one.
#[component]
fn ComponentList(ctl: Ctl) -> impl IntoView {
    let st = ctl.st;
    let add_text = RwSignal::new(String::new());
    // Why the text beside Add was refused (it stays there to be fixed).
    let add_error = RwSignal::new(None::<String>);
    let palette = crate::web::context::palette();
    // Rows are drawn a few per frame: each small thermograph measures its
    // labels in the page's layout, and 200 components drawn at once blocked
    // the page for 1.8 s (issue 43's hostile links).
    let shown = RwSignal::new(ROWS_PER_FRAME);
    let rows = move || {
        let palette = palette.get();
        let n = ctl.with_figs(|f| f.rows.len()).unwrap_or(0);
        // A new sum starts from its first rows (read by the memos below).
        shown.update_untracked(|s| *s = ROWS_PER_FRAME);
        (0..n.div_ceil(ROWS_PER_FRAME))
            .map(|k| {
                let visible = Memo::new(move |_| shown.get() > k * ROWS_PER_FRAME);
                move || {
                    visible.get().then(|| {
                        ctl.with_figs_untracked(|f| {
                            (k * ROWS_PER_FRAME..f.rows.len().min((k + 1) * ROWS_PER_FRAME)).map(|i| component_row(ctl, f, i, palette)).collect_view()
                        })
                    })
                }
            })
            .collect_view()
    };
    let seq = StoredValue::new(0u64);
    Effect::new(move |_| {
        // As `rows`: a new sum or palette starts the list from its top.
        palette.track();
        let n = ctl.with_figs(|f| f.rows.len()).unwrap_or(0);
        let Some(me) = seq.try_update_value(|s| {
            *s += 1;
            *s
        }) else {
            return;
        };
        if n <= ROWS_PER_FRAME {
            return;
        }
        leptos::task::spawn_local(async move {
            loop {
                crate::web::jobs::next_frame().await;
                if seq.try_get_value() != Some(me) {
                    return; // another sum by now
                }
                let Some(now) = shown.try_get_untracked() else { return };
                let _ = shown.try_set(now + ROWS_PER_FRAME);
                if now + ROWS_PER_FRAME >= n {
                    return;
                }
            }
        });
    });
    let add = move || {
        let t = add_text.get_untracked();
        if t.trim().is_empty() {
            return;
        }
        match checked_edit(&st.sum.get_untracked(), usize::MAX, &t) {
            Ok(sum) => {
                ctl.set_sum(sum);
                add_text.set(String::new());
                add_error.set(None);
            }
            Err(e) => add_error.set(Some(format!("Not added: {e}"))),
        }
    };
    view! {
        <div class="card">
            <h2>"Components"</h2>
            <ol class="sum-components" data-testid="sum-components">{rows}</ol>
            <div class="toolbar">
                <input type="text" class="mono" placeholder="add a component, e.g. 5|-5" aria-label="new component" data-testid="sum-add" spellcheck="false" autocomplete="off"
                    aria-invalid=move || add_error.with(Option::is_some).to_string() prop:value=move || add_text.get()
                    on:input=move |ev| add_text.set(event_target_value(&ev)) on:keydown=move |ev| if ev.key() == "Enter" { add() } />
                <button class="btn" data-testid="sum-add-btn" title="append the component typed beside" on:click=move |_| add()>"Add"</button>
            </div>
            {move || add_error.get().map(|e| view! { <p class="error" role="alert" data-testid="sum-add-error">{e}</p> })}
        </div>
    }
}

/// Components drawn per frame in the list (see `ComponentList`).
const ROWS_PER_FRAME: usize = 16;

/// Component `i` of the list: its text (editable), small thermograph and figures.
fn component_row(ctl: Ctl, f: &SumFigures, i: usize, palette: cgt_draw::Palette) -> impl IntoView {
    let st = ctl.st;
    let r = &f.rows[i];
    let th = &f.games.position(f.games.components()[i]).thermograph;
    let svg = thermograph_svg(th, 220, 140, &DrawOptions { legend: false, palette, ..DrawOptions::default() });
    let text = r.text.clone();
    view! {
        <li class="sum-row" data-testid=format!("sum-row-{i}")>
            <div class="sum-row-head">
                <input type="text" class="mono" aria-label=format!("component {}", i + 1) data-testid=format!("sum-component-{i}") prop:value=text
                    on:change=move |ev| ctl.try_sum(checked_edit(&st.sum.get_untracked(), i, &event_target_value(&ev))) />
                <button class="btn small" title="remove this component" data-testid=format!("sum-remove-{i}") on:click=move |_| ctl.try_sum(checked_edit(&st.sum.get_untracked(), i, ""))>"×"</button>
            </div>
            <div class="sum-row-body">
                <div class="sum-mini" inner_html=svg></div>
                <dl class="stats small">
                    <div><dt>"canonical"</dt><dd>{r.canonical.clone()}</dd></div>
                    <div><dt>"mean"</dt><dd>{r.mean.clone()}</dd></div>
                    <div><dt>"temperature"</dt><dd>{r.temperature.clone()}</dd></div>
                    <div><dt>"stops"</dt><dd>{format!("{} / {}", r.left_stop, r.right_stop)}</dd></div>
                </dl>
                {crate::web::gowords::of(th, crate::web::gowords::LEFT_RIGHT)}
            </div>
        </li>
    }
}

/// `VL`, `VR`, the mean and the best first moves, from the worker.
#[component]
fn ExactCard(ctl: Ctl) -> impl IntoView {
    let exact = ctl.exact;
    let mean = move || ctl.with_figs(|f| f.bounds.mean.to_string()).unwrap_or_default();
    view! {
        <h2>"Exact play"</h2>
        <dl class="stats">
            <div><dt>"VL (Left first)"</dt><dd data-testid="sum-vl">{move || exact.with(|e| e.value(Side::Left))}</dd></div>
            <div><dt>"VR (Right first)"</dt><dd data-testid="sum-vr">{move || exact.with(|e| e.value(Side::Right))}</dd></div>
            <div><dt>"mean"</dt><dd data-testid="sum-mean">{mean}</dd></div>
            <div><dt>"Left's best first moves"</dt><dd class="mono" data-testid="sum-best-left">{move || exact.with(|e| e.best(Side::Left))}</dd></div>
            <div><dt>"Right's best first moves"</dt><dd class="mono" data-testid="sum-best-right">{move || exact.with(|e| e.best(Side::Right))}</dd></div>
        </dl>
        <p class="muted small" data-testid="sum-status">{move || exact.with(Exact::status)}</p>
        <p class="muted small" data-testid="move-gloss">"A move reads “component 2 → {10|-3}”: the component played in, numbered as in the list, and the position it moves to."</p>
        {move || exact.with(|e| e.is_running()).then(|| view! { <button class="btn small" data-testid="sum-cancel" title="stop the exact search" on:click=move |_| { ctl.lane.cancel(); exact.update(|e| e.cancel()); }>"Cancel"</button> })}
    }
}

/// The components' thermographs on one picture, each in its own colour,
/// and the whole sum's thermograph beside them (bounded work: a sum too
/// large to build here says so).
#[component]
fn OverlayCard(ctl: Ctl) -> impl IntoView {
    let palette = crate::web::context::palette();
    let overlay = move |palette: cgt_draw::Palette| {
        ctl.with_figs(|f| {
            let items: Vec<cgt_draw::overlay::OverlayItem> = f
                .games
                .components()
                .iter()
                .enumerate()
                .map(|(i, &c)| cgt_draw::overlay::OverlayItem {
                    label: format!("{}: {}", i + 1, f.rows[i].text.trim()),
                    thermograph: &f.games.position(c).thermograph,
                    emphasis: false,
                    series: i,
                })
                .collect();
            cgt_draw::overlay::overlay_svg(&items, 640, 420, &DrawOptions { palette, ..DrawOptions::default() })
        })
        .unwrap_or_default()
    };
    let whole = Memo::new(move |_| super::model::sum_thermograph(&ctl.st.sum.get()).map(Arc::new));
    let whole_svg = move |palette: cgt_draw::Palette| {
        whole.with(|w| {
            w.as_ref().ok().map(|th| thermograph_svg(th, 640, 420, &DrawOptions { palette, caption: Some("the sum".into()), ..DrawOptions::default() }))
        })
    };
    view! {
        <div class="card overlay-card" data-testid="sum-overlay-card">
            <h2>"Components on one picture"</h2>
            <p class="muted small">"Each component's thermograph in its own colour (left walls solid, right walls dashed), so their temperatures and masts compare at a glance; the sum's own thermograph beside them. Means add; walls do not."</p>
            <div class="overlay-pair">
                <div>
                    <div class="overlay-plot" data-testid="sum-overlay" role="img" aria-label="the components' thermographs on one picture" inner_html=move || overlay(palette.get())></div>
                    <div class="toolbar"><span class="spacer"></span><ExportButtons of="sum-overlay" name="sum-components-overlay" svg=Callback::new(overlay) /></div>
                </div>
                <div>
                    {move || match whole_svg(palette.get()) {
                        Some(svg) => view! { <div class="overlay-plot" data-testid="sum-whole-thermograph" role="img" aria-label="the sum's thermograph" inner_html=svg></div> }.into_any(),
                        None => view! { <p class="note" data-testid="sum-whole-note">{whole.with(|w| w.as_ref().err().cloned().unwrap_or_default())}</p> }.into_any(),
                    }}
                    {move || whole.with(|w| w.as_ref().ok().map(|th| crate::web::gowords::of(th, crate::web::gowords::LEFT_RIGHT)))}
                </div>
            </div>
        </div>
    }
}

/// Every bound on `VL` and `VR` as a table, the `VL` brackets as bars
/// beside the exact value, and the thermostatic bracket against t.
#[component]
fn BoundsPanel(ctl: Ctl) -> impl IntoView {
    let palette = crate::web::context::palette();
    let exact_vl = move || ctl.exact.with(|e| e.exact_vl()).map(|q| q.to_f64());
    let bound_rows = move || {
        ctl.with_figs(|f| {
            let b = &f.bounds;
            let t = format!("thermostatic (t = {})", b.thermostatic_t.0);
            [("milnor", "Milnor".to_string(), &b.milnor), ("hanner", "Hanner".to_string(), &b.hanner), ("second_temperature", "second temperature".to_string(), &b.second_temperature), ("thermostatic", t, &b.thermostatic)]
                .into_iter()
                .map(|(key, name, p)| view! { <tr data-testid=format!("bound-{key}")><td>{name}</td><td class="mono">{p.vl.to_string()}</td><td class="mono">{p.vr.to_string()}</td></tr> })
                .collect_view()
        })
    };
    let bounds_plot = move || {
        let (pal, ex) = (palette.get(), exact_vl());
        ctl.with_figs(|f| {
            let b = &f.bounds;
            let bar = |n: &str, p: &cgt::sums::Bracket| (n.to_string(), p.lo.to_f64(), p.hi.to_f64());
            let bars = vec![
                bar("Milnor", &b.milnor.vl),
                bar("Hanner", &b.hanner.vl),
                bar("2nd temperature", &b.second_temperature.vl),
                bar("thermostatic", &b.thermostatic.vl),
            ];
            bounds_svg(&bars, ex, 640, 190, &pal)
        })
        .unwrap_or_default()
    };
    let thermo_plot = move || {
        let (pal, ex) = (palette.get(), exact_vl());
        ctl.with_figs(|f| {
            let c: Vec<(f64, f64, f64)> = f.curve.iter().map(|(t, vl, _)| (t.to_f64(), vl.lo.to_f64(), vl.hi.to_f64())).collect();
            thermostatic_svg(&c, ex, 640, 260, &pal)
        })
        .unwrap_or_default()
    };
    view! {
        <h2>"Bounds on VL and VR"</h2>
        <table class="sum-table" data-testid="sum-bounds">
            <thead><tr><th>"bound"</th><th>"VL in"</th><th>"VR in"</th></tr></thead>
            <tbody>{bound_rows}</tbody>
        </table>
        <div class="sum-plot" data-testid="sum-bounds-plot" role="img" aria-label="the VL brackets on one value axis, the exact VL as an orange line" inner_html=bounds_plot></div>
        <div class="toolbar"><span class="spacer"></span><ExportButtons of="sum-bounds-plot" name="sum-bounds" /></div>
        <div class="sum-plot" data-testid="sum-thermostatic-plot" role="img" aria-label="the thermostatic bracket on VL against t" inner_html=thermo_plot></div>
        <div class="toolbar"><span class="spacer"></span><ExportButtons of="sum-thermostatic-plot" name="sum-thermostatic" /></div>
    }
}

/// Who plays which side, who starts, the computer's strategy, New game
/// and Undo; the game itself below.
#[component]
fn PlayPanel(ctl: Ctl) -> impl IntoView {
    // The selects start from the game in the URL (`sp=`).
    let first_rec = ctl.st.play.get_untracked().parse::<PlayRecord>().ok();
    let computer = RwSignal::new(first_rec.as_ref().map_or(Strategy::Sentestrat, |r| r.computer));
    let you = RwSignal::new(first_rec.as_ref().map_or(Side::Left, |r| r.you));
    let first = RwSignal::new(first_rec.as_ref().map_or(Side::Left, |r| r.first));
    let start_game =
        move || ctl.set_play(&PlayRecord { you: you.get_untracked(), first: first.get_untracked(), computer: computer.get_untracked(), moves: Vec::new() });
    let undo = move || {
        if let Some(back) = ctl.played.with_untracked(|p| p.as_ref()?.as_ref().ok()?.0.undone()) {
            ctl.set_play(&back);
        }
    };
    let can_undo = move || ctl.played.with(|p| matches!(p, Some(Ok((rec, _))) if rec.record().can_undo()));
    let strategy_options =
        Strategy::ALL.into_iter().map(|s| view! { <option value=s.to_string() selected=s == computer.get_untracked()>{s.to_string()}</option> }).collect_view();
    view! {
        <h2>"Play against the computer"</h2>
        <p class="muted small">"Choose your side and who starts; the computer plays the other side by the strategy chosen: greedy takes the biggest immediate gain, hotstrat plays in the hottest component, sentestrat and thermostrat read the thermographs (Berlekamp, Conway and Guy, 2001; Yedwab, 1985), exact plays perfectly. Every move is in the address bar: a shared link replays the game."</p>
        <div class="toolbar">
            <label>"you play "<SideSelect testid="sum-you" title="the side you play" side=you /></label>
            <label>"first "<SideSelect testid="sum-first" title="who moves first" side=first /></label>
            <label>"computer "<select data-testid="sum-strategy" title="the computer's strategy" on:change=move |ev| { if let Ok(s) = event_target_value(&ev).parse() { computer.set(s); } }>{strategy_options}</select></label>
            <button class="btn" data-testid="sum-play" title="start a game with these settings" on:click=move |_| start_game()>"New game"</button>
            <button class="btn small" data-testid="sum-undo" title="take back your last move (and the computer's answer)" prop:disabled=move || !can_undo() on:click=move |_| undo()>"Undo"</button>
        </div>
        <PlayBoard ctl=ctl />
    }
}

/// A Left / Right menu.
#[component]
fn SideSelect(testid: &'static str, title: &'static str, side: RwSignal<Side>) -> impl IntoView {
    view! {
        <select data-testid=testid title=title on:change=move |ev| side.set(if event_target_value(&ev) == "R" { Side::Right } else { Side::Left })>
            <option value="L" selected=move || side.get() == Side::Left>"Left"</option>
            <option value="R" selected=move || side.get() == Side::Right>"Right"</option>
        </select>
    }
}

/// The game on the page: the position, whose turn, your moves as buttons,
/// the moves played and the score (or why the record does not replay).
#[component]
fn PlayBoard(ctl: Ctl) -> impl IntoView {
    // The Hint's answer, for the position it was asked at.
    let hint: RwSignal<Option<(usize, String)>> = RwSignal::new(None);
    let your_move = move |key: (usize, usize)| {
        if let Some(Ok((mut rec, _))) = ctl.played.get_untracked() {
            rec.moves.push(key);
            ctl.set_play(&rec);
        }
    };
    move || {
        let Some(p) = ctl.played.get() else { return ().into_any() };
        let (rec, at) = match p {
            Ok(x) => x,
            Err(e) => return view! { <p class="error" role="alert" data-testid="sum-play-error">{e}</p> }.into_any(),
        };
        ctl.with_figs(|f| {
            let g = &f.games;
            let buttons = at.your_turn(&rec).then(|| {
                g.moves(&at.state, rec.you)
                    .into_iter()
                    .enumerate()
                    .filter_map(|(k, m)| {
                        let key = move_key(g, &at.state, rec.you, m)?;
                        Some(view! { <button class="btn small" data-testid=format!("sum-move-{k}") title=format!("move in component {} to {}", m.component + 1, g.position(m.to).name) on:click=move |_| your_move(key)>{move_label(g, m)}</button> })
                    })
                    .collect_view()
            });
            let position: Vec<String> = at.state.iter().map(|&p| g.position(p).name.clone()).collect();
            let log = at
                .log
                .iter()
                .map(|m| view! { <li class=if m.side == Side::Left { "by-left" } else { "by-right" }>{format!("{}: {}", mover_text(&rec, m), move_label(g, m.mv))}</li> })
                .collect_view();
            // Feedback (issue 24): what your last move cost, a Hint on your
            // turn, the review at the end.
            // Bounded work on this thread (`REVIEW_BUDGET`): the last move's
            // cost while playing, the whole game once it is over.
            let feedback = super::model::last_move_text(g, &at);
            let lines = at.score.is_some().then(|| super::model::sum_review(g, &rec).map(|r| super::model::review_text(g, &at, &r))).flatten();
            let n = at.log.len();
            let your_turn = at.your_turn(&rec);
            let (state, you) = (at.state.clone(), rec.you);
            let ask_hint = move |_| {
                let h = ctl.with_figs_untracked(|f| super::model::sum_hint(&f.games, &state, you)).flatten();
                hint.set(h.map(|h| (n, h)));
            };
            view! {
                <p class="mono small" data-testid="sum-play-position">{position.join(" + ")}</p>
                <p class=if at.score.is_some() { "status game-over" } else { "status" } data-testid="sum-play-turn" aria-live="polite">{turn_text(&rec, &at)}</p>
                <div class="sum-moves">{buttons}</div>
                {your_turn.then(|| view! {
                    <p class="hint-row">
                        <button class="btn small" data-testid="sum-hint" title="show your best move, and why" on:click=ask_hint>"Hint"</button>
                        {move || hint.get().filter(|(k, _)| *k == n).map(|(_, h)| view! { <span class="hint" data-testid="sum-hint-text">{h}</span> })}
                    </p>
                })}
                {feedback.map(|f| view! { <p class="feedback" data-testid="sum-feedback" role="status">{f}</p> })}
                <ol class="small" data-testid="sum-play-log">{log}</ol>
                <p data-testid="sum-play-score">{at.score.map(|s| format!("score {s}")).unwrap_or_default()}</p>
                {lines.map(|ls| view! {
                    <div class="review" data-testid="sum-review"><h3>"Game review"</h3><ul>{ls.into_iter().map(|l| view! { <li data-testid="sum-review-line">{l}</li> }).collect_view()}</ul></div>
                })}
            }
            .into_any()
        })
        .unwrap_or_else(|| ().into_any())
    }
}

/// Every strategy against every other, each side starting once.
#[component]
fn TournamentTable(ctl: Ctl) -> impl IntoView {
    let run = move || {
        if let Some(rows) = ctl.with_figs_untracked(|f| tournament(&f.games)) {
            ctl.tournament.set(rows);
        }
    };
    let rows = move || {
        ctl.tournament
            .get()
            .into_iter()
            .map(|(l, cells)| view! { <tr><th>{l.to_string()}</th>{cells.into_iter().map(|(a, b)| view! { <td class="mono">{format!("{a} / {b}")}</td> }).collect_view()}</tr> })
            .collect_view()
    };
    view! {
        <h2>"Tournament"</h2>
        <button class="btn" data-testid="sum-tournament-run" title="play every strategy against every other, with each side starting" on:click=move |_| run()>"Play every strategy against every other"</button>
        <table class="sum-table" data-testid="sum-tournament">
            <thead><tr><th>"Left \\ Right"</th>{Strategy::ALL.into_iter().map(|s| view! { <th>{s.to_string()}</th> }).collect_view()}</tr></thead>
            <tbody>{rows}</tbody>
        </table>
        <p class="muted small">"Each cell: the score with Left first / Right first."</p>
    }
}

/// B* beside alpha-beta: the ranges' source, Run, and the search step by
/// step.
#[component]
fn BStarPanel(ctl: Ctl) -> impl IntoView {
    // The menu starts from the link's search and follows it.
    let ranges = RwSignal::new(ctl.st.bstar.get_untracked().map_or(Ranges::Hanner, |b| b.ranges));
    Effect::new(move |_| {
        if let Some(b) = ctl.st.bstar.get() {
            ranges.set(b.ranges);
        }
    });
    // The search itself runs in `Ctl::search_effect`, from the URL state.
    let run = move || ctl.st.bstar.set(Some(BStarAt { ranges: ranges.get_untracked(), step: 0 }));
    view! {
        <div class="card">
            <h2>"B* and alpha-beta"</h2>
            <p class="muted small">"B* (Yedwab, 1985, §5.2) gives every node a range from a bound and expands only what separates the best move from the rest: Prove-Best raises the best move's lower bound, Disprove-Rest lowers the runner-up's upper bound (chosen by Palay's rule with uniform ranges). Alpha-beta searches the same tree, moves in the same order, to the end."</p>
            <div class="toolbar">
                <label>"ranges "<select data-testid="bstar-ranges" title="where B* takes each node range from" on:change=move |ev| ranges.set(if event_target_value(&ev) == "tightest" { Ranges::Tightest } else { Ranges::Hanner })>
                    <option value="hanner" selected=move || ranges.get() == Ranges::Hanner>"Hanner (the thesis)"</option>
                    <option value="tightest" selected=move || ranges.get() == Ranges::Tightest>"all bounds met"</option>
                </select></label>
                <button class="btn primary" data-testid="bstar-run" title="run B* and alpha-beta from this sum with Left to move" on:click=move |_| run()>"Run B*"</button>
            </div>
            <BStarSteps ctl=ctl />
        </div>
    }
}

/// The search's result, the step on show with Left's moves and their
/// ranges, and the tree as it stands after that step.
#[component]
fn BStarSteps(ctl: Ctl) -> impl IntoView {
    let palette = crate::web::context::palette();
    let step = move || ctl.st.bstar.with(|b| b.map_or(0, |b| b.step));
    let go = move |forward: bool| {
        ctl.st.bstar.update(|b| {
            if let Some(b) = b {
                b.step = if forward { b.step + 1 } else { b.step.saturating_sub(1) };
            }
        })
    };
    move || {
        let Some(s) = ctl.search.get() else { return ().into_any() };
        let (b, a) = &*s;
        let Some(g) = ctl.with_figs(|f| f.games.clone()) else { return ().into_any() };
        let k = step().min(b.steps.len().saturating_sub(1));
        let st = b.steps.get(k).cloned();
        let n_steps = b.steps.len();
        let best = b.best.map(|m| move_label(&g, m)).unwrap_or_else(|| "—".into());
        let (tree, cut) = bstar_tree(&g, b, k);
        let ab_text = match &a.value {
            Some(v) => format!("value {v}, best {}", a.best.map(|m| move_label(&g, m)).unwrap_or_default()),
            None => "over its node budget".into(),
        };
        view! {
            <p>"B*: " <strong data-testid="bstar-result">{format!("{} {best}", if b.proved { "proved" } else { "did not prove" })}</strong>
               " with " <strong data-testid="bstar-nodes">{b.nodes}</strong> " nodes; alpha-beta: " {ab_text} " with " <strong data-testid="alphabeta-nodes">{a.nodes}</strong> " nodes."</p>
            <div class="toolbar">
                <button class="btn small" data-testid="bstar-prev" title="the previous B* step" prop:disabled=move || step() == 0 on:click=move |_| go(false)>"◀ step"</button>
                <span data-testid="bstar-step">{format!("step {} of {n_steps}: {}", k + 1, st.as_ref().map(|s| s.kind.to_string()).unwrap_or_default())}</span>
                <button class="btn small" data-testid="bstar-next" title="the next B* step" prop:disabled=move || { step() + 1 >= n_steps } on:click=move |_| go(true)>"step ▶"</button>
            </div>
            <table class="sum-table" data-testid="bstar-steps">
                <thead><tr><th>"Left's move"</th><th>"range after this step"</th></tr></thead>
                <tbody>{st.map(|s| s.moves.iter().map(|(m, r)| view! { <tr><td class="mono">{move_label(&g, *m)}</td><td class="mono">{r.to_string()}</td></tr> }).collect_view())}</tbody>
            </table>
            <p class="muted small">{root_range_text(b, k)}</p>
            <div class="bstar-tree" data-testid="bstar-tree" role="img" aria-label=format!("the B* tree after step {}: {} nodes, each with its range", k + 1, tree.len()) inner_html=tree_svg(&tree, &palette.get())></div>
            <div class="toolbar"><span class="spacer"></span><ExportButtons of="bstar-tree" name="bstar-tree" /></div>
            <p class="muted small">"Boxes hold each node's range; L (blue square) = Left to move there, R (red circle) = Right. Each edge: the component played in → the position it moves to. Thick orange frame: the leaf this step expanded; dashed orange: the nodes it generated."
                {cut.then_some(" The tree is large: only its top levels and the path to this step's leaf are drawn.")}</p>
        }
        .into_any()
    }
}
