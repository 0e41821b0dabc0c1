#![cfg(target_arch = "wasm32")]
//! The Thermograph Explorer's Leptos components (wasm32 only). All logic is
//! in [`super::model`]; this is the DOM around it.
//!
//! Type a game (or a sum): after a short debounce it is parsed at once
//! (syntax errors show immediately, naming the column) and then built and
//! analysed by a [`cgt::analysis::AnalysisJob`] run in time-bounded slices
//! between frames (chunk sizing in [`crate::slices`], yielding in
//! [`crate::web::jobs`]), so even the largest game the interactive limits
//! accept never freezes the page: a progress bar says how far it is and a
//! Cancel button drops the job. There is one job at most; a new input drops
//! the running one. Until the answer arrives, and after any error or cancel,
//! the last good picture and readouts stay. The game tree beside the picture
//! selects subgames; presets cite their sources; the state lives in the URL
//! (see `app.rs`). Beside the mean and temperature, the value card shows the
//! canonical form, outcome class, birthday and badges of the game or the
//! selected subgame ([`Explored::value`]: bounded work, computed once per
//! game and node, in the task after the new picture).
//!
//! [`Explorer`] builds one [`Ctl`] (the signals and the analysis job) and
//! lays out components named for what the user sees: [`GameField`] (with
//! [`JobStatus`], [`GameError`] and [`ShareBox`]) at the top; [`PlotCard`]
//! (with [`SubgameBar`], [`PlotToolbar`], [`PointerReadout`] and the
//! construction panel); beside it [`StatsCard`], [`ValueCard`] and
//! [`TreeCard`]; [`PresetList`] below.

use super::algebra_view::AlgebraCard;
use super::construct::ConstructionPanel;
use super::loopy::{loopy_report, LoopyReport};
use super::model::{badges, error_snippet, share_note, CanonicalForm, Explored, Readout, ValueReadout};
use super::signals::ExplorerSignals;
use super::state::NodePath;
use super::tree::GameTreeView;
use crate::presets::PRESETS;
use crate::slices::{progress_fraction, progress_text, thousands, Chunk, Slicer};
use crate::web::canvas::ThermographCanvas;
use crate::web::context::Nav;
use crate::web::dom;
use crate::web::export::ExportButtons;
use crate::web::jobs::{next_task, now_ms};
use cgt::analysis::{Analysed, AnalysisJob, JobProgress};
use cgt::game::GameId;
use cgt::notation::{ParseError, ParseLimits};
use cgt::numbers::Q;
use cgt::thermograph::Thermograph;
use cgt_draw::{thermograph_svg, DrawOptions};
use leptos::html;
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// Wait this long after the last keystroke before analysing: typing stays
/// smooth even when each intermediate game is large.
const DEBOUNCE_MS: u64 = 150;
/// Upper bound of one slice of analysis, in milliseconds: the page gets the
/// thread back at least this often (a frame is 16.7 ms).
const SLICE_MS: f64 = 10.0;
/// Size of the downloadable SVG.
const SVG_SIZE: (u32, u32) = (900, 600);

/// A parse error, with the text it came from (for the snippet).
#[derive(Clone, Debug, PartialEq)]
struct InputError {
    message: String,
    column: usize,
    text: String,
    /// The text read as a loopy game: its card shows instead of the error
    /// (read once, when the error is set).
    loopy: Option<Arc<LoopyReport>>,
}

impl InputError {
    fn new(err: &ParseError, text: String) -> InputError {
        InputError { message: err.to_string(), column: err.column, text, loopy: None }
    }
}

/// The one analysis in progress (there is never more than one: starting a
/// new one drops the old, and dropping a job cancels it).
struct Running {
    /// Which start this is: a slice loop whose id is no longer the running
    /// one stops.
    id: u64,
    text: String,
    /// The game the picture shows: the text, or G of a question `G <= H`.
    game_text: String,
    /// Keep the selected node (restoring a link) rather than go to the root.
    keep_node: bool,
    job: AnalysisJob,
}

/// The game on display: the analysed game, the path of the node shown (a
/// prefix of the selected one that exists) and that node.
type Shown = Option<(Arc<Explored>, NodePath, GameId)>;

/// The page's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
struct Ctl {
    st: ExplorerSignals,
    /// The field's text. The URL's `g` (`st.game`) is the last game that
    /// was read, so the address bar and Copy link always give the game on
    /// screen; a link whose `g` does not parse keeps it (there is no game
    /// to replace it with) and opens with that text in the field and its
    /// error.
    input: RwSignal<String>,
    /// The last game that was read, and the error of the text in the field.
    explored: RwSignal<Option<Arc<Explored>>>,
    error: RwSignal<Option<InputError>>,
    /// The temperature under the pointer.
    hover: RwSignal<Option<Q>>,
    shown: Signal<Shown>,
    /// Copied out of the game once per change of game or node, however many
    /// readouts look at it.
    shown_th: Signal<Option<Arc<Thermograph>>>,
    /// The debounced start of an analysis.
    pending: StoredValue<Option<TimeoutHandle>>,
    /// The analysis in progress, its progress for the display, whether the
    /// last one was cancelled, and a counter of starts.
    running: StoredValue<Option<Running>>,
    progress: RwSignal<Option<JobProgress>>,
    cancelled: RwSignal<bool>,
    starts: StoredValue<u64>,
    share_url: RwSignal<Option<String>>,
    share_msg: RwSignal<String>,
    /// The shell's link notes (a `node=` path not in the game is named).
    notes: Option<crate::web::context::LinkNotes>,
    /// For a question `G <= H` typed in the field: its answer (the
    /// picture shows G).
    comparison: RwSignal<Option<Comparison>>,
}

/// Steps of canonical work a question `G <= H` may take: it is answered in
/// one piece on the page's thread, so a few tenths of a second at most
/// (`cgt compare` has no such bound).
const COMPARE_WORK: u64 = 300_000;

/// A relation asked in the field and its answer.
#[derive(Clone, Debug, PartialEq)]
struct Comparison {
    sentence: String,
    holds: bool,
    relation: String,
}

impl Ctl {
    fn new(st: ExplorerSignals) -> Ctl {
        let explored: RwSignal<Option<Arc<Explored>>> = RwSignal::new(None);
        // The node on display: the selected one if it exists in this game.
        let shown = Signal::derive(move || {
            let path = st.node.get();
            explored.with(|e| {
                e.as_ref().map(|e| {
                    let path = e.valid_prefix(&path);
                    let id = e.resolve(&path).unwrap_or_else(|| e.root());
                    (e.clone(), path, id)
                })
            })
        });
        let shown_th = Memo::new(move |_| shown.with(|s| s.as_ref().map(|(e, _, id)| e.thermograph(*id)))).into();
        Ctl {
            st,
            input: RwSignal::new(st.game.get_untracked()),
            explored,
            error: RwSignal::new(None),
            hover: RwSignal::new(None),
            shown,
            shown_th,
            pending: StoredValue::new(None),
            running: StoredValue::new(None),
            progress: RwSignal::new(None),
            cancelled: RwSignal::new(false),
            starts: StoredValue::new(0),
            share_url: RwSignal::new(None),
            share_msg: RwSignal::new(String::new()),
            notes: use_context::<crate::web::context::LinkNotes>(),
            comparison: RwSignal::new(None),
        }
    }

    /// A finished analysis: on success replace the game (keeping the
    /// selected node when restoring a link), on failure ("too large") only
    /// set the error: the last good picture stays. `try_*` everywhere from
    /// here on: a slice may run after the page was left.
    fn finish(self, text: String, game_text: String, keep_node: bool, result: Result<Analysed, ParseError>) {
        let _ = self.progress.try_set(None);
        match result {
            Ok(a) => {
                let e = Arc::new(Explored::from_analysed(&game_text, a));
                if self.st.game.try_with_untracked(|g| *g != text).unwrap_or(false) {
                    let _ = self.st.game.try_set(text);
                }
                let node = if keep_node {
                    let asked = self.st.node.try_get_untracked().unwrap_or_default();
                    if let (Some(problem), Some(notes)) = (e.path_note(&asked), self.notes) {
                        let _ = notes.0.try_update(|n| n.push(crate::link_note::LinkNote::new("node", &asked.to_string(), problem)));
                    }
                    e.valid_prefix(&asked)
                } else {
                    NodePath::root()
                };
                let _ = self.st.node.try_set(node);
                let _ = self.hover.try_set(None);
                let _ = self.explored.try_set(Some(e));
                let _ = self.error.try_set(None);
            }
            Err(err) => {
                let _ = self.error.try_set(Some(InputError::new(&err, text)));
            }
        }
    }

    /// One slice of the running analysis `id`, bounded by time. While it is
    /// unfinished the progress display follows it.
    fn run_slice(self, id: u64, slicer: &mut Slicer) -> Chunk<Result<Analysed, ParseError>> {
        let running = self.running;
        let r = slicer.slice(now_ms, |units| {
            running
                .try_update_value(|r| match r {
                    Some(run) if run.id == id => match run.job.step(units) {
                        None => Chunk::Unfinished,
                        Some(result) => Chunk::Finished(result),
                    },
                    _ => Chunk::Gone,
                })
                .unwrap_or(Chunk::Gone)
        });
        if let Chunk::Unfinished = r {
            let p = running.try_with_value(|r| r.as_ref().map(|run| run.job.progress()));
            let _ = self.progress.try_set(p.flatten());
        }
        r
    }

    /// Hand the answer of analysis `id` to the page, unless it was cancelled
    /// or replaced in the meantime.
    fn deliver(self, id: u64, result: Result<Analysed, ParseError>) {
        let run = self.running.try_update_value(|r| if r.as_ref().is_some_and(|run| run.id == id) { r.take() } else { None });
        if let Some(Some(run)) = run {
            self.finish(run.text, run.game_text, run.keep_node, result);
        }
    }

    /// Stop the analysis in progress, if any (drops the job).
    fn stop(self) {
        let _ = self.running.try_set_value(None);
        let _ = self.progress.try_set(None);
    }

    /// Analyse `text`: syntax errors at once; otherwise a first slice now (a
    /// small game is done before the next paint, without a flash of the
    /// progress bar), then one slice per browser task until it is done,
    /// replaced or cancelled.
    fn start(self, text: String, keep_node: bool) {
        self.stop();
        let _ = self.cancelled.try_set(false);
        // A question `G <= H`: answered at once (canonical forms, within the
        // page's budget), and the picture is G's.
        let game_text = match cgt::compare::question(&text) {
            None => {
                let _ = self.comparison.try_set(None);
                text.clone()
            }
            Some(q) => match cgt::compare::answer(&q, &ParseLimits { max_build_work: COMPARE_WORK, ..ParseLimits::INTERACTIVE }) {
                Ok(a) => {
                    let _ = self.comparison.try_set(Some(Comparison { sentence: a.sentence(q.lhs, q.rhs), holds: a.holds, relation: a.relation.to_string() }));
                    q.lhs.to_string()
                }
                Err(err) => {
                    let _ = self.comparison.try_set(None);
                    let _ = self.error.try_set(Some(InputError::new(&err, text)));
                    return;
                }
            },
        };
        let job = match AnalysisJob::new(&game_text, &ParseLimits::INTERACTIVE) {
            Ok(job) => job,
            Err(err) => {
                // A loopy game is read (its card shows instead of the
                // error), so the link holds it.
                let loopy = loopy_report(&text).map(Arc::new);
                if loopy.is_some() && self.st.game.try_with_untracked(|g| *g != text).unwrap_or(false) {
                    let _ = self.st.game.try_set(text.clone());
                }
                let _ = self.error.try_set(Some(InputError { loopy, ..InputError::new(&err, text) }));
                return;
            }
        };
        let Some(id) = self.starts.try_update_value(|n| {
            *n += 1;
            *n
        }) else {
            return;
        };
        let _ = self.running.try_set_value(Some(Running { id, text, game_text, keep_node, job }));
        let mut slicer = Slicer::new(SLICE_MS);
        match self.run_slice(id, &mut slicer) {
            Chunk::Finished(result) => self.deliver(id, result),
            Chunk::Gone => {}
            Chunk::Unfinished => leptos::task::spawn_local(async move {
                loop {
                    next_task().await;
                    match self.run_slice(id, &mut slicer) {
                        Chunk::Unfinished => {}
                        Chunk::Gone => break,
                        Chunk::Finished(result) => {
                            // The last step of a big job is its longest;
                            // showing the answer (canvas, tree) waits for
                            // the next task so the two do not add up.
                            next_task().await;
                            self.deliver(id, result);
                            break;
                        }
                    }
                }
            }),
        }
    }

    fn cancel_pending(self) {
        if let Some(h) = self.pending.try_get_value().flatten() {
            h.clear();
        }
    }

    /// The user typed `text`: analyse it once typing pauses (the URL gets
    /// it once it is read).
    fn typed(self, text: String) {
        self.input.set(text.clone());
        self.share_url.set(None);
        self.cancel_pending();
        // What is being computed is for a game no longer typed: drop it now
        // (the last good picture stays until the new answer).
        self.stop();
        self.cancelled.set(false);
        let h = set_timeout_with_handle(move || self.start(text, false), Duration::from_millis(DEBOUNCE_MS)).ok();
        self.pending.set_value(h);
    }

    /// Show `game` (a preset) at once.
    fn load(self, game: &str) {
        self.cancel_pending();
        self.input.set(game.to_string());
        self.share_url.set(None);
        self.start(game.to_string(), false);
    }

    /// The node on display and its game, for the construction panel.
    fn target(self) -> Signal<Option<(Arc<Explored>, GameId)>> {
        let shown = self.shown;
        Signal::derive(move || shown.with(|s| s.as_ref().map(|(e, _, id)| (e.clone(), *id))))
    }
}

#[component]
pub fn Explorer(st: ExplorerSignals) -> impl IntoView {
    let ctl = Ctl::new(st);
    ctl.start(ctl.input.get_untracked(), true);
    on_cleanup(move || {
        ctl.cancel_pending();
        ctl.stop();
    });
    let canvas_ref: NodeRef<html::Canvas> = NodeRef::new();
    view! {
        <section class="explorer">
            <GameField ctl=ctl />
            <div class="workspace" aria-busy=move || ctl.progress.with(|p| p.is_some()).to_string()>
                <PlotCard ctl=ctl canvas_ref=canvas_ref />
                <aside class="side">
                    <ComparisonCard ctl=ctl />
                    <StatsCard ctl=ctl />
                    <ValueCard ctl=ctl />
                    <TreeCard ctl=ctl />
                </aside>
            </div>
            <OptionsOverlay ctl=ctl />
            <AlgebraCard target=ctl.target() cool=st.cool on_open=Callback::new(move |g: String| ctl.load(&g)) />
            <PresetList ctl=ctl />
        </section>
    }
}

/// The answer to a question `G <= H` typed in the field (the picture and
/// the cards below are G's).
#[component]
fn ComparisonCard(ctl: Ctl) -> impl IntoView {
    move || {
        ctl.comparison.get().map(|c| {
            let class = if c.holds { "card comparison holds" } else { "card comparison fails" };
            view! {
                <div class=class role="status" data-testid="comparison" data-holds=c.holds.to_string() data-relation=c.relation.clone()>
                    <strong data-testid="comparison-verdict">{if c.holds { "True. " } else { "False. " }}</strong>
                    <span data-testid="comparison-sentence">{c.sentence.clone()}</span>
                    <div class="muted small">"Compared as canonical forms. The picture and the cards below show the left game."</div>
                </div>
            }
        })
    }
}

/// Most options a side shows in the overlay (colours repeat past eight).
const OVERLAY_OPTIONS: usize = 8;

/// The node on display and its options' thermographs on one picture, each
/// option toggled on and off (untick all but two to compare two candidate
/// moves). Drawn only while open.
#[component]
fn OptionsOverlay(ctl: Ctl) -> impl IntoView {
    let open = RwSignal::new(false);
    // Keys of the hidden lines ("G", "L0", "R1"); a new node shows all again.
    let hidden: RwSignal<Vec<String>> = RwSignal::new(Vec::new());
    Effect::new(move |_| {
        ctl.shown.track();
        hidden.set(Vec::new());
    });
    let palette = crate::web::context::palette();
    // (key, label, thermograph, series) of the node and its options.
    let lines = Memo::new(move |_| {
        if !open.get() {
            return Vec::new();
        }
        ctl.shown.with(|s| {
            let Some((e, _, id)) = s else { return Vec::new() };
            let a = e.arena();
            let mut out = vec![("G".to_string(), format!("G = {}", e.label(*id, 40)), e.thermograph(*id), 0usize)];
            for (side, opts) in [('L', a.left(*id)), ('R', a.right(*id))] {
                for (k, &o) in opts.iter().take(OVERLAY_OPTIONS).enumerate() {
                    let series = out.len();
                    out.push((format!("{side}{k}"), format!("{side}{}: {}", k + 1, e.label(o, 40)), e.thermograph(o), series));
                }
            }
            out
        })
    });
    let svg = move |palette: cgt_draw::Palette| {
        lines.with(|ls| {
            hidden.with(|h| {
                let items: Vec<cgt_draw::overlay::OverlayItem> = ls
                    .iter()
                    .filter(|(k, ..)| !h.contains(k))
                    .map(|(k, label, th, series)| cgt_draw::overlay::OverlayItem { label: label.clone(), thermograph: th, emphasis: k == "G", series: *series })
                    .collect();
                cgt_draw::overlay::overlay_svg(&items, 720, 460, &cgt_draw::DrawOptions { palette, ..cgt_draw::DrawOptions::default() })
            })
        })
    };
    let chips = move || {
        lines.with(|ls| {
            ls.iter()
                .map(|(k, label, ..)| {
                    let key = k.clone();
                    let key2 = k.clone();
                    view! {
                        <label class="chip" title="show or hide this thermograph">
                            <input type="checkbox" data-testid=format!("overlay-toggle-{k}") prop:checked=move || hidden.with(|h| !h.contains(&key))
                                on:change=move |ev| { let on = event_target_checked(&ev); let k = key2.clone(); hidden.update(|h| { h.retain(|x| *x != k); if !on { h.push(k); } }); } />
                            <span class="mono">{label.clone()}</span>
                        </label>
                    }
                })
                .collect_view()
        })
    };
    let more = move || {
        ctl.shown.with(|s| {
            let (e, _, id) = s.as_ref()?;
            let n = e.arena().left(*id).len().max(e.arena().right(*id).len());
            (n > OVERLAY_OPTIONS).then(|| view! { <p class="muted small">{format!("The first {OVERLAY_OPTIONS} options of each side are drawn.")}</p> })
        })
    };
    view! {
        <details class="card options-overlay" data-testid="options-overlay-card" on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
            <summary><h2 class="inline">"Options on one picture"</h2></summary>
            <p class="muted small">"The game on display (black, thick) and its options' thermographs (Left's L1, L2…, Right's R1, R2…), each in its own colour; left walls solid, right walls dashed. Untick all but two options to compare two candidate moves."</p>
            <div class="chips" data-testid="overlay-toggles">{chips}</div>
            {more}
            <div class="overlay-plot" data-testid="options-overlay" role="img" aria-label="the game and its options' thermographs on one picture" inner_html=move || if open.get() { svg(palette.get()) } else { String::new() }></div>
            <div class="toolbar"><span class="spacer"></span><ExportButtons of="options-overlay" name="options-overlay" svg=Callback::new(svg) /></div>
        </details>
    }
}

/// The game field: its label, the job status, Copy link, the notation
/// hint, the parse error and the link to share.
#[component]
fn GameField(ctl: Ctl) -> impl IntoView {
    let on_share = move |_| {
        let href = dom::current_href();
        ctl.share_url.set(Some(href.clone()));
        ctl.share_msg.set("Copying…".to_string());
        // The link is to the game on screen, which the field's text may not be.
        let note = ctl.input.with_untracked(|t| ctl.explored.with_untracked(|e| share_note(t, e.as_ref().map(|e| e.text()))));
        leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&href).await;
            let said = if ok { "Link copied to the clipboard." } else { "The clipboard is not available here: copy the link from the box." };
            let _ = ctl.share_msg.try_set(note.map_or_else(|| said.to_string(), |n| format!("{said} {n}")));
        });
    };
    view! {
        <div class="card input-card">
            <div class="input-head">
                <label for="game-input" class="input-label">"Game"</label>
                <div class="job-status" aria-live="polite"><JobStatus ctl=ctl /></div>
            </div>
            <div class="input-row">
                <input
                    id="game-input"
                    type="text"
                    data-testid="game-input"
                    spellcheck="false"
                    autocomplete="off"
                    placeholder="e.g. 14|2|||-2||-14|-16  or  {4|0} + {{10|-3}|-5}"
                    aria-invalid=move || ctl.error.with(|e| e.as_ref().is_some_and(|e| e.loopy.is_none())).to_string()
                    prop:value=move || ctl.input.get()
                    on:input=move |ev| ctl.typed(event_target_value(&ev))
                />
                <button class="btn" data-testid="share-link" on:click=on_share title="Copy a link to exactly this view">
                    "Copy link"
                </button>
            </div>
            <p class="hint">
                "Notation: " <code>"{a, b | c}"</code> ", slashes " <code>"4||2|0"</code> ", "
                <code>"*"</code> ", " <code>"*2"</code> ", " <code>"^"</code> ", " <code>"v"</code> ", "
                <code>"±3"</code> ", fractions " <code>"3/4"</code> ", sums " <code>"G + H"</code> ", " <code>"G - H"</code> ", " <code>"-G"</code> ", ordinal sums " <code>"G:H"</code> ", up-nth " <code>"^<2>"</code> "; ask " <code>"G <= H"</code> "."
            </p>
            <GameError ctl=ctl />
            <ShareBox ctl=ctl />
        </div>
    }
}

/// While an analysis runs: a bar, what it is doing, and a way to stop.
#[component]
fn JobStatus(ctl: Ctl) -> impl IntoView {
    let on_cancel = move |_| {
        ctl.stop();
        ctl.cancelled.set(true);
    };
    move || {
        if let Some(p) = ctl.progress.get() {
            let fraction = progress_fraction(&p);
            let text = progress_text(&p);
            Some(
                view! {
                    <span class="progress" role="status" data-testid="progress">
                        <progress
                            data-testid="progress-bar"
                            max="1"
                            value=fraction.map(|f| format!("{f:.4}"))
                            aria-label="analysis progress"
                        ></progress>
                        <span class="progress-text" data-testid="progress-text">{text}</span>
                        <button class="btn small" data-testid="cancel" on:click=on_cancel title="Stop computing; keep the last picture">
                            "Cancel"
                        </button>
                    </span>
                }
                .into_any(),
            )
        } else if ctl.cancelled.get() {
            Some(
                view! {
                    <span class="cancelled" data-testid="cancelled">
                        "cancelled"
                        {move || ctl.explored.with(|e| e.is_some()).then_some(" · the picture still shows the last game that was read")}
                    </span>
                }
                .into_any(),
            )
        } else {
            None
        }
    }
}

/// The parse error of the text in the field, with the text around it; or,
/// for a loopy game (which the explorer's pictures do not take), what the
/// core knows of it.
#[component]
fn GameError(ctl: Ctl) -> impl IntoView {
    move || {
        ctl.error.get().map(|err| {
            if let Some(r) = &err.loopy {
                return loopy_card(r, ctl.explored.with(|e| e.is_some())).into_any();
            }
            let (before, here, after) = error_snippet(&err.text, err.column);
            view! {
                <div class="error" role="alert" data-testid="game-error">
                    <div>
                        <strong>"Cannot read this game. "</strong>
                        <span data-testid="game-error-message">{err.message.clone()}</span>
                    </div>
                    <code class="snippet">{before}<mark>{here}</mark>{after}</code>
                    {move || {
                        if ctl.explored.with(|e| e.is_some()) {
                            view! { <div class="muted">"The picture and the link (address bar, Copy link) still show the last game that was read."</div> }
                        } else {
                            view! { <div class="muted">"No game was read yet: correct the text, or pick a preset below."</div> }
                        }
                    }}
                </div>
            }
            .into_any()
        })
    }
}

/// A loopy game's card in place of the parse error.
fn loopy_card(r: &LoopyReport, has_picture: bool) -> impl IntoView {
    let (simplest, why) = match &r.simplest {
        Ok(s) => (s.clone(), None),
        Err(why) => ("none".to_string(), Some(why.clone())),
    };
    view! {
        <div class="card" role="status" data-testid="loopy-card">
            <h2>"A loopy game"</h2>
            <p class="small">"Its positions can repeat, so it has no thermograph or game tree here; what the lab knows of it (Winning Ways ch. 11; Siegel 2013, ch. VI):"</p>
            <dl class="seq-facts">
                <dt>"game"</dt><dd class="mono" data-testid="loopy-game">{r.game.clone()}</dd>
                <dt>"positions"</dt><dd>{r.positions.to_string()}</dd>
                <dt>"outcome"</dt><dd data-testid="loopy-outcome">{r.outcome.clone()}</dd>
                <dt>"stopper"</dt><dd data-testid="loopy-stopper">{if r.stopper { "yes" } else { "no" }}</dd>
                <dt>"simplest form"</dt><dd class="mono" data-testid="loopy-simplest">{simplest}</dd>
            </dl>
            {why.map(|w| view! { <p class="small" data-testid="loopy-simplest-why">"No simplest form: "{w}"."</p> })}
            <p class="muted small">{if has_picture { "The picture below is still the last short game that was read. " } else { "" }}"Compare two stoppers and more: cgt loopy on the command line."</p>
        </div>
    }
}

/// The link that Copy link copied, selectable, and whether that worked.
#[component]
fn ShareBox(ctl: Ctl) -> impl IntoView {
    move || {
        ctl.share_url.get().map(|u| {
            view! {
                <div class="share">
                    <input
                        class="share-url"
                        data-testid="share-url"
                        readonly
                        prop:value=u
                        on:focus=move |ev| {
                            use wasm_bindgen::JsCast;
                            if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                i.select();
                            }
                        }
                    />
                    <span class="muted small" data-testid="share-status">{move || ctl.share_msg.get()}</span>
                </div>
            }
        })
    }
}

/// The picture: which subgame it shows, the thermograph, its toolbar, the
/// exact readout under the pointer and the step-by-step construction.
#[component]
fn PlotCard(ctl: Ctl, canvas_ref: NodeRef<html::Canvas>) -> impl IntoView {
    let shown_th = ctl.shown_th;
    let canvas_label = Signal::derive(move || {
        shown_th.with(|th| match th {
            Some(th) => format!("Thermograph: mean {}, temperature {}", th.mean(), th.temperature()),
            None => "No thermograph yet".to_string(),
        })
    });
    view! {
        <div class="card plot-card">
            <SubgameBar ctl=ctl />
            <ThermographCanvas
                thermograph=shown_th
                show_subzero=ctl.st.show_subzero
                hover=ctl.hover
                canvas_ref=canvas_ref
                label=canvas_label
            />
            <PlotToolbar ctl=ctl canvas_ref=canvas_ref />
            <PointerReadout ctl=ctl />
            <ConstructionPanel target=ctl.target() step=ctl.st.build />
        </div>
    }
}

/// "Showing the subgame L0.R1 = …" and the way back to the whole game.
#[component]
fn SubgameBar(ctl: Ctl) -> impl IntoView {
    move || {
        ctl.shown.with(|s| {
            s.as_ref().filter(|(_, p, _)| !p.is_root()).map(|(e, p, id)| {
                let label = e.label(*id, 120);
                view! {
                    <div class="subgame-bar" data-testid="subgame-bar">
                        <span>"Showing the subgame "</span>
                        <code data-testid="node-path">{p.to_string()}</code>
                        <span>" = "</span>
                        <code class="sub-label">{label}</code>
                        <button class="btn small" data-testid="back-to-root" title="show the whole game again" on:click=move |_| ctl.st.node.set(NodePath::root())>
                            "← whole game"
                        </button>
                    </div>
                }
            })
        })
    }
}

/// The sub-zero toggle and the downloads.
#[component]
fn PlotToolbar(ctl: Ctl, canvas_ref: NodeRef<html::Canvas>) -> impl IntoView {
    let palette = crate::web::context::palette();
    let download_png = move |_| {
        if let Some(cv) = canvas_ref.get_untracked() {
            if let Ok(url) = cv.to_data_url() {
                dom::download_href(&url, "thermograph.png");
            }
        }
    };
    let download_svg = move |_| {
        if let Some(th) = ctl.shown_th.get_untracked() {
            let opts = DrawOptions {
                show_subzero: ctl.st.show_subzero.get_untracked(),
                // As on the page (see `web::export`).
                palette: palette.get_untracked(),
                ..DrawOptions::default()
            };
            let svg = thermograph_svg(&th, SVG_SIZE.0, SVG_SIZE.1, &opts);
            dom::download_text(&svg, "image/svg+xml", "thermograph.svg");
        }
    };
    // For LaTeX: always on white paper, whatever the page's theme.
    // (A value too large to place gets no picture: the button says so.)
    let tikz = Callback::new(move |pal: cgt_draw::Palette| {
        let th = ctl.shown_th.get_untracked()?;
        let opts = DrawOptions { show_subzero: ctl.st.show_subzero.get_untracked(), palette: pal, ..DrawOptions::default() };
        cgt_draw::tikz::thermograph_tikz(&th, &opts)
    });
    view! {
        <div class="toolbar">
            <label class="toggle">
                <input
                    type="checkbox"
                    data-testid="subzero-toggle"
                    prop:checked=move || ctl.st.show_subzero.get()
                    on:change=move |ev| ctl.st.show_subzero.set(event_target_checked(&ev))
                />
                " sub-zero band (t < 0)"
            </label>
            <span class="spacer"></span>
            <button class="btn small" data-testid="download-png" title="download the thermograph as PNG" on:click=download_png>"Download PNG"</button>
            <button class="btn small" data-testid="download-svg" title="download the thermograph as SVG" on:click=download_svg>"Download SVG"</button>
            <crate::web::export::TikzButton of="download" name="thermograph" tikz=tikz />
        </div>
    }
}

/// The exact `t`, `tVL(t)`, `tVR(t)` under the pointer.
#[component]
fn PointerReadout(ctl: Ctl) -> impl IntoView {
    let (shown_th, hover) = (ctl.shown_th, ctl.hover);
    // Memoised: three readout fields share one exact evaluation per move.
    let readout = Memo::new(move |_| match (shown_th.get(), hover.get()) {
        (Some(th), Some(t)) => Some(Readout::at(&th, t)),
        _ => None,
    });
    let rd = move |f: fn(&Readout) -> String| move || readout.with(|r| r.as_ref().map(f).unwrap_or_else(|| "—".to_string()));
    view! {
        <div class="readout" data-testid="readout" aria-live="polite">
            <span class="rd"><span class="k">"t = "</span><span class="v" data-testid="readout-t">{rd(|r| r.t.to_string())}</span></span>
            <span class="rd left"><span class="k">"tVL(t) = "</span><span class="v" data-testid="readout-vl">{rd(|r| r.left.to_string())}</span></span>
            <span class="rd right"><span class="k">"tVR(t) = "</span><span class="v" data-testid="readout-vr">{rd(|r| r.right.to_string())}</span></span>
            <span class="muted small">{move || if hover.with(|h| h.is_none()) { "move the pointer over the picture" } else { "" }}</span>
        </div>
    }
}

/// Mean, temperature and stops of the node on display, the note when it is
/// a number, and "Add to Sums".
#[component]
fn StatsCard(ctl: Ctl) -> impl IntoView {
    let nav = Nav::from_context();
    let shown_th = ctl.shown_th;
    let stat = move |f: fn(&Thermograph) -> String| move || shown_th.with(|th| th.as_deref().map(f).unwrap_or_default());
    let number_note = move || {
        shown_th.with(|th| {
            th.as_ref().and_then(|th| th.number().cloned().map(|x| (x, th.temperature().clone()))).map(|(x, t)| {
                view! {
                    <p class="note" data-testid="number-note">
                        "This position is the number " <code>{x.to_string()}</code>
                        ": its walls meet below zero, at t = " <code>{t.to_string()}</code> "."
                    </p>
                }
            })
        })
    };
    let send_error = RwSignal::new(String::new());
    let send = move |_| {
        let text = ctl.shown.with_untracked(|s| s.as_ref().and_then(|(e, p, id)| e.sum_text(p, *id)));
        let sent = match text {
            Some(t) => nav.send_to_sum(&[t]),
            None => Err("this game is too long to send as text".to_string()),
        };
        send_error.set(sent.err().unwrap_or_default());
    };
    view! {
        <div class="card stats-card">
            <dl class="stats">
                <div><dt>"mean"</dt><dd data-testid="mean">{stat(|th| th.mean().to_string())}</dd></div>
                <div><dt>"temperature"</dt><dd data-testid="temperature">{stat(|th| th.temperature().to_string())}</dd></div>
                <div><dt>"left stop"</dt><dd data-testid="left-stop">{stat(|th| th.left_stop().to_string())}</dd></div>
                <div><dt>"right stop"</dt><dd data-testid="right-stop">{stat(|th| th.right_stop().to_string())}</dd></div>
            </dl>
            {move || shown_th.with(|th| th.as_deref().map(|th| crate::web::gowords::of(th, crate::web::gowords::LEFT_RIGHT)))}
            {number_note}
            <p class="send-row">
                <button class="btn small" data-testid="send-to-sum" title="Append this game (or the selected subgame) to the Sums page as a component; a typed sum G + H becomes its components" on:click=send>"Add to Sums →"</button>
            </p>
            <p class="error small" role="alert" data-testid="send-error" class:hidden=move || send_error.with(|e| e.is_empty())>{move || send_error.get()}</p>
        </div>
    }
}

/// Canonical form, outcome class, birthday and badges of the node on
/// display: a lookup when known, else computed in the next task (bounded
/// work, see `model::CANON_MAX_POSITIONS`) so the new picture is painted
/// first; the card's `data-compute-ms` says how long that took.
#[component]
fn ValueCard(ctl: Ctl) -> impl IntoView {
    let (shown, explored) = (ctl.shown, ctl.explored);
    let value: RwSignal<Option<ValueReadout>> = RwSignal::new(None);
    let value_ms: RwSignal<Option<f64>> = RwSignal::new(None);
    let value_seq = StoredValue::new(0u64);
    Effect::new(move |_| {
        let target = shown.with(|s| s.as_ref().map(|(e, _, id)| (e.clone(), *id)));
        let Some(seq) = value_seq.try_update_value(|n| {
            *n += 1;
            *n
        }) else {
            return;
        };
        let Some((e, id)) = target else {
            value.set(None);
            return;
        };
        if let Some(v) = e.value_cached(id) {
            value.set(Some(v));
            return;
        }
        value.set(None);
        leptos::task::spawn_local(async move {
            next_task().await;
            if value_seq.try_get_value() != Some(seq) {
                return; // another game or node by now
            }
            let t0 = now_ms();
            let v = e.value(id);
            let _ = value_ms.try_set(Some(now_ms() - t0));
            let _ = value.try_set(Some(v));
        });
    });
    let val = move |f: fn(&ValueReadout) -> String| {
        move || {
            value.with(|v| match v {
                Some(v) => f(v),
                None if explored.with(|e| e.is_some()) => "…".to_string(),
                None => String::new(),
            })
        }
    };
    // Long forms in smaller type (they scroll inside their box).
    let canonical_class = move || {
        value.with(|v| match v {
            Some(ValueReadout { canonical: CanonicalForm::Shown { name, .. }, .. }) if name.chars().count() > 40 => "canon long",
            Some(ValueReadout { canonical: CanonicalForm::Shown { .. }, .. }) => "canon",
            _ => "canon msg",
        })
    };
    let explicit_view = move || {
        value.with(|v| {
            v.as_ref().and_then(|v| v.explicit()).map(|x| {
                let x = x.to_string();
                view! {
                    <details class="explicit">
                        <summary>"explicit form"</summary>
                        <code data-testid="canonical-explicit">{x}</code>
                    </details>
                }
            })
        })
    };
    // A form too long to show in the card: folded, with Copy and Download.
    let long_view = move || {
        value.with(|v| match v {
            Some(ValueReadout { canonical: CanonicalForm::TooLong { chars }, .. }) => Some(view! { <LongForm shown=shown chars=*chars /> }),
            _ => None,
        })
    };
    // The name as LaTeX, for papers and handouts (issue 22).
    let latex_view = move || {
        value.with(|v| match v {
            Some(ValueReadout { canonical: CanonicalForm::Shown { name, .. }, .. }) => Some(view! { <LatexOf name=name.clone() /> }),
            _ => None,
        })
    };
    let badge_view = move || {
        ctl.shown_th.with(|th| {
            th.as_deref()
                .map(badges)
                .unwrap_or_default()
                .into_iter()
                .map(|b| {
                    let class = format!("badge badge-{}", b.label().replace(" + ", "-"));
                    view! { <li class=class title=b.description()>{b.label()}</li> }
                })
                .collect_view()
        })
    };
    view! {
        <div
            class="card value-card"
            role="group"
            aria-label="value of the game"
            data-testid="value-card"
            data-compute-ms=move || value_ms.get().map(|ms| format!("{ms:.1}"))
        >
            <dl class="stats value">
                <div class="wide">
                    <dt>"canonical form"</dt>
                    <dd>
                        <code class=canonical_class data-testid="canonical" title="canonical form, as CGSuite prints it">
                            {val(|v| v.canonical_text())}
                        </code>
                        {explicit_view}
                        {latex_view}
                        {long_view}
                    </dd>
                </div>
                <div>
                    <dt>"outcome"</dt>
                    <dd class="outcome-dd">
                        <span data-testid="outcome" title=val(|v| v.outcome_gloss().to_string())>{val(|v| v.outcome_text())}</span>
                        <span class="gloss" data-testid="outcome-gloss">{val(|v| v.outcome_gloss().to_string())}</span>
                    </dd>
                </div>
                <div>
                    <dt>"birthday"</dt>
                    <dd data-testid="birthday">{val(|v| v.birthday_text())}</dd>
                </div>
            </dl>
            <ul class="badges" data-testid="badges" aria-label="properties">{badge_view}</ul>
        </div>
    }
}

/// Longest canonical form the page copies or downloads (past it, `cgt eval
/// --json` gives it whole).
const LONG_FORM_MAX: u64 = 64 << 20;
/// Characters of a long form shown folded.
const LONG_FORM_PREVIEW: usize = 4_000;

/// A canonical form too long for the card: its beginning folded, and the
/// whole form copied or downloaded on request (made then, not before).
#[component]
fn LongForm(shown: Signal<Shown>, chars: u64) -> impl IntoView {
    let said = RwSignal::new(String::new());
    let whole = move || shown.with_untracked(|s| s.as_ref().and_then(|(e, _, id)| e.canonical_name(*id, LONG_FORM_MAX)));
    let preview = move || {
        shown.with_untracked(|s| s.as_ref().and_then(|(e, _, id)| e.canonical_preview(*id, LONG_FORM_PREVIEW))).map(|p| {
            if (p.len() as u64) < chars {
                format!("{p} …")
            } else {
                p
            }
        })
    };
    let too_long = move || said.set(format!("This form is longer than the page copies ({} MB): `cgt eval --json` gives it whole.", LONG_FORM_MAX >> 20));
    let on_copy = move |_| match whole() {
        Some(t) => leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&t).await;
            let _ = said.try_set(if ok { format!("Copied {} characters.", t.len()) } else { "The clipboard is not available here: use Download.".to_string() });
        }),
        None => too_long(),
    };
    let on_download = move |_| match whole() {
        Some(t) => {
            dom::download_text(&t, "text/plain", "canonical-form.txt");
            said.set(format!("Downloaded {} characters.", t.len()));
        }
        None => too_long(),
    };
    view! {
        <details class="explicit long-form" data-testid="long-form">
            <summary>"the whole form"</summary>
            <code data-testid="long-form-text">{preview}</code>
        </details>
        <p class="send-row">
            <button class="btn small" data-testid="copy-canonical" on:click=on_copy title="Copy the whole canonical form (CGSuite's notation)">"Copy"</button>
            " "
            <button class="btn small" data-testid="download-canonical" on:click=on_download title="Download the whole canonical form as a text file">"Download"</button>
            " "
            <span class="muted small" data-testid="copy-canonical-said" aria-live="polite">{move || said.get()}</span>
        </p>
    }
}

/// A canonical form's name as LaTeX math (`cgt::latex`), selectable, and a
/// button that copies it.
#[component]
fn LatexOf(name: String) -> impl IntoView {
    let tex = cgt::latex::latex(&name);
    let said = RwSignal::new(String::new());
    let copy = tex.clone();
    let on_copy = move |_| {
        let t = copy.clone();
        leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&t).await;
            let _ = said.try_set(if ok { "Copied." } else { "The clipboard is not available here: select the text." }.to_string());
        });
    };
    view! {
        <details class="explicit latex">
            <summary>"LaTeX"</summary>
            <code data-testid="canonical-latex">{tex}</code>
            " "
            <button class="btn" data-testid="copy-latex" on:click=on_copy title="Copy the canonical form as LaTeX (math mode)">
                "Copy"
            </button>
            " "
            <span class="muted small" data-testid="copy-latex-said" aria-live="polite">
                {move || said.get()}
            </span>
        </details>
    }
}

/// The game tree: how many positions, and the tree that selects subgames.
#[component]
fn TreeCard(ctl: Ctl) -> impl IntoView {
    let tree_view = move || {
        ctl.explored.get().map(|e| {
            let positions = e.positions();
            let value_note = e.value_tree_note().map(|n| view! { <p class="note" data-testid="value-tree-note">{n}</p> });
            view! {
                {value_note}
                <p class="muted small" data-testid="positions">
                    {format!("{} distinct position{}", thousands(positions), if positions == 1 { "" } else { "s" })}
                    " · click a node to see its thermograph; hover for its mean and temperature"
                </p>
                <GameTreeView explored=e selected=ctl.st.node />
            }
        })
    };
    let tikz = Callback::new(move |pal: cgt_draw::Palette| {
        ctl.explored.get_untracked().and_then(|e| cgt_draw::tikz_pictures::game_tree_tikz(e.arena(), e.root(), &pal))
    });
    // A typed sum: its components first, each with its thermograph (the
    // tree below is the sum's own, every position of it). Worked out after
    // the answer is painted: a dozen small pictures are a few thousand
    // elements to parse and lay out, and a big sum's answer should not wait
    // for them.
    let palette = crate::web::context::palette();
    let parts: RwSignal<Option<Arc<SumParts>>> = RwSignal::new(None);
    let parts_seq = StoredValue::new(0u64);
    Effect::new(move |_| {
        let e = ctl.explored.get();
        let pal = palette.get();
        let Some(seq) = parts_seq.try_update_value(|n| {
            *n += 1;
            *n
        }) else {
            return;
        };
        parts.set(None);
        let Some(e) = e else { return };
        leptos::task::spawn_local(async move {
            // After the next paint: the frame's callback, then a task.
            crate::web::jobs::next_frame().await;
            next_task().await;
            if parts_seq.try_get_value() != Some(seq) {
                return; // another game by now
            }
            let _ = parts.try_set(SumParts::of(e.text(), pal, e.value_tree_note().is_some()).map(Arc::new));
        });
    });
    let components = move || {
        let p = parts.get()?;
        let n = p.count;
        let rows = p
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let open = row.text.clone();
                view! {
                    <li class="sum-part" data-testid="sum-part">
                        <div class="sum-mini" inner_html=row.svg.clone()></div>
                        <div>
                            <code data-testid="sum-part-text">{row.text.clone()}</code>
                            <div class="small muted">{row.figures.clone()}</div>
                            <button class="btn small" data-testid=format!("sum-part-open-{i}") title="open this component on its own" on:click=move |_| ctl.load(&open)>"open"</button>
                        </div>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <div class="sum-parts" data-testid="sum-parts">
                <p class="small">{if p.value_tree {
                    format!("A sum of {n} components, valued part by part; the tree below is its value's canonical form (the sum's own tree is never expanded).")
                } else {
                    format!("A sum of {n} components; the tree below is the sum's own (every position of it).")
                }}</p>
                <ul class="sum-part-list">{rows}</ul>
            </div>
        })
    };
    view! {
        <div class="card tree-card">
            <div class="toolbar"><h2>"Game tree"</h2><span class="spacer"></span><crate::web::export::TikzButton of="game-tree" name="game-tree" tikz=tikz /></div>
            {components}
            {tree_view}
        </div>
    }
}

/// Most components of a typed sum listed above its tree.
const SUM_PARTS_SHOWN: usize = 12;

/// The components of a typed sum, each with its thermograph drawn small.
struct SumParts {
    /// How many components the sum has (only the first
    /// [`SUM_PARTS_SHOWN`] are listed).
    count: usize,
    rows: Vec<SumPart>,
    /// The tree shown is the value's, not the typed sum's.
    value_tree: bool,
}

struct SumPart {
    text: String,
    svg: String,
    figures: String,
}

impl SumParts {
    /// `None` unless `text` is a sum of at least two components; `value_tree`: the tree shown is its value's.
    fn of(text: &str, palette: cgt_draw::Palette, value_tree: bool) -> Option<SumParts> {
        let parts = cgt::sums::split_components(text);
        if parts.len() < 2 {
            return None;
        }
        let count = parts.len();
        let rows = parts
            .into_iter()
            .take(SUM_PARTS_SHOWN)
            .map(|text| {
                let th = cgt::notation::GameTree::parse_with(&text, &ParseLimits::INTERACTIVE).ok().map(|t| t.thermograph());
                let svg =
                    th.as_ref().map(|th| thermograph_svg(th, 200, 120, &DrawOptions { legend: false, palette, ..DrawOptions::default() })).unwrap_or_default();
                let figures = th.as_ref().map(|th| format!("mean {}, temperature {}", th.mean(), th.temperature())).unwrap_or_default();
                SumPart { text, svg, figures }
            })
            .collect();
        Some(SumParts { count, rows, value_tree })
    }
}

/// The presets, each with its note and source.
#[component]
fn PresetList(ctl: Ctl) -> impl IntoView {
    let presets = PRESETS
        .iter()
        .map(|p| {
            let game = p.game;
            view! {
                <li>
                    <button class="preset" data-testid="preset" data-game=game title=format!("source: {}", p.source) on:click=move |_| ctl.load(game)>
                        <span class="preset-name">{p.name}</span>
                        <code>{game}</code>
                    </button>
                    <div class="preset-meta">
                        <span>{p.note}</span>
                        <span class="source">{format!("source: {}", p.source)}</span>
                    </div>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="card presets-card">
            <h2>"Presets"</h2>
            <ul class="presets">{presets}</ul>
        </div>
    }
}
