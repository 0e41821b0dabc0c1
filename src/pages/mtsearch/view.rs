//! The MT-search page's Leptos components (wasm32 only). The run and what
//! is shown of it are in [`super::model`]; this is the DOM around it.
//!
//! [`MtSearchPage`] builds one [`Ctl`] (the URL state, the run, and the
//! Step / Play / Pause / Reset actions) and lays out components named for
//! what the user sees: [`SourcePicker`] and [`SourceInputs`] at the top,
//! [`RunControls`] and [`MtPictures`] (the walls of both bound models with
//! the exact thermograph as an optional overlay; the bounds against paths
//! added) in the main column, [`BoundsCard`], [`ExploredTree`] and
//! [`PathList`] beside it.
//!
//! Play runs in time-bounded slices (at most [`SLICE_MS`] of engine work
//! between two frames), so the page stays responsive and Pause (or leaving
//! the page) stops it at once. The state (sum, order, seed, paths added)
//! is in the URL; a link replays the same run to the same point.

use super::model::{
    exact_line, node_label, node_title, order_label, path_gloss, path_legend, ExactLine, MtRun, Summary, TreeLayout, TreeNode, BOUNDS_TITLE, MAX_PAGE_NODES,
    PROBES_TITLE, SOUND_TITLE, TREE_FONT,
};
use super::signals::MtSearchSignals;
use super::state::MtSource;
use crate::web::context::Nav;
use crate::web::dom::{self, device_pixel_ratio};
use crate::web::export::ExportButtons;
use crate::web::jobs::{next_frame, next_task, now_ms, sleep_ms};
use cgt::rulesets::heapgo::BranchOrder;
use cgt::side::Side;
use cgt_draw::mt::{draw_bounds_history, draw_mt_walls_since};
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;

/// Most engine work between two frames while playing, in milliseconds; less
/// when drawing the pictures takes long, so that a frame (work + drawing)
/// stays under about [`FRAME_MS`].
const SLICE_MS: f64 = 8.0;
const FRAME_MS: f64 = 24.0;
/// Most paths a link's `n=` replays at load before showing the page (the
/// rest follow in slices).
const LOAD_SLICE_STEPS: usize = 200;

/// About this many nodes of the explored tree are drawn (deeper levels
/// are cut and counted).
const TREE_NODES: usize = 160;
/// While playing, the tree view follows only trees up to this size (its
/// layout is a pass over the whole tree); larger ones update on pause.
const TREE_LIVE_MAX: usize = 4000;
/// While playing, the estimate is recomputed about this often (ms).
const ESTIMATE_MS: f64 = 400.0;
/// Paths listed under "Paths added".
const LAST_PATHS: usize = 12;

/// Play speeds: (label, milliseconds between paths; 0 = as fast as frames allow).
const SPEEDS: [(&str, u64); 4] = [("slow (2/s)", 500), ("medium (10/s)", 100), ("fast (60/s)", 16), ("flat out", 0)];

/// The page's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
struct Ctl {
    st: MtSearchSignals,
    run: StoredValue<Option<MtRun>>,
    /// Bumped after every change of the run (the pictures redraw).
    version: RwSignal<u64>,
    shown: RwSignal<Summary>,
    tree_nodes: RwSignal<Vec<TreeNode>>,
    error: RwSignal<Option<String>>,
    playing: RwSignal<bool>,
    /// Play pauses where the bounds meet (on by default).
    stop_when_met: RwSignal<bool>,
    /// Index into [`SPEEDS`].
    speed: RwSignal<usize>,
    overlay: RwSignal<bool>,
    /// A new Play bumps it; a running Play loop whose id differs stops.
    play_id: StoredValue<u64>,
    last_url_write: StoredValue<f64>,
    last_tree: StoredValue<f64>,
    last_estimate: StoredValue<f64>,
    /// How long the last redraw of both pictures took (ms).
    draw_ms: RwSignal<f64>,
}

impl Ctl {
    fn new(st: MtSearchSignals) -> Ctl {
        Ctl {
            st,
            run: StoredValue::new(None),
            version: RwSignal::new(0),
            shown: RwSignal::new(Summary::default()),
            tree_nodes: RwSignal::new(vec![]),
            error: RwSignal::new(None),
            playing: RwSignal::new(false),
            stop_when_met: RwSignal::new(true),
            speed: RwSignal::new(2),
            overlay: RwSignal::new(true),
            play_id: StoredValue::new(0),
            last_url_write: StoredValue::new(0.0),
            last_tree: StoredValue::new(0.0),
            last_estimate: StoredValue::new(0.0),
            draw_ms: RwSignal::new(0.0),
        }
    }

    /// Copy the run's figures out for the view (`tree`: also lay out the
    /// explored tree, a pass over all of it) with a fresh estimate.
    fn refresh(self, tree: bool) {
        self.refresh_with(tree, true);
    }

    /// `refresh`, the estimate recomputed only if `estimate` (else the one
    /// last shown stays).
    fn refresh_with(self, tree: bool, estimate: bool) {
        let s = self.run.try_update_value(|r| r.as_mut().map(|r| r.summary(LAST_PATHS, estimate)));
        if tree {
            if let Some(Some(t)) = self.run.try_with_value(|r| r.as_ref().map(|r| r.tree_view(TREE_NODES))) {
                let _ = self.tree_nodes.try_set(t);
            }
        }
        if let Some(Some(s)) = s {
            let _ = self.shown.try_set(s);
        }
        let _ = self.version.try_update(|v| *v += 1);
    }

    /// A fresh run from the current state (not replaying `n`).
    fn rebuild(self) {
        self.playing.set(false);
        let r = MtRun::from_state(&self.st.get_untracked());
        self.error.set(r.as_ref().err().cloned());
        self.run.set_value(r.ok());
        self.refresh(true);
    }

    /// The state changed by the user: paths added back to 0, a fresh run.
    fn restart(self) {
        self.st.nodes.set(0);
        self.rebuild();
    }

    /// Replay the link's `n` in slices (the page shows meanwhile).
    fn replay_link(self) {
        let target = self.st.nodes.get_untracked().min(MAX_PAGE_NODES);
        if target == 0 {
            return;
        }
        leptos::task::spawn_local(async move {
            loop {
                let done = self
                    .run
                    .try_update_value(|r| {
                        r.as_mut().is_none_or(|r| {
                            r.advance_to(target, LOAD_SLICE_STEPS);
                            r.nodes() >= target || r.finished()
                        })
                    })
                    .unwrap_or(true);
                self.refresh(done);
                if done {
                    break;
                }
                next_task().await;
            }
        });
    }

    fn write_nodes(self) {
        let n = self.shown.with_untracked(|s| s.nodes);
        let _ = self.st.nodes.try_set(n);
    }

    /// One step (a path added), from a button or the keyboard, with the
    /// walls before it kept for the picture.
    fn step_once(self) {
        let stepped = self.run.try_update_value(|r| r.as_mut().and_then(|r| r.step_explained())).flatten();
        if stepped.is_some() {
            self.refresh(true);
            self.write_nodes();
        }
    }

    fn pause(self) {
        self.playing.set(false);
        self.play_id.update_value(|n| *n += 1);
        self.refresh(true);
        self.write_nodes();
    }

    fn play(self) {
        if self.playing.get_untracked() {
            return;
        }
        self.playing.set(true);
        let id = self.play_id.with_value(|n| *n + 1);
        self.play_id.set_value(id);
        leptos::task::spawn_local(async move {
            while self.play_id.try_get_value() == Some(id) && self.playing.try_get_untracked().unwrap_or(false) {
                let delay = SPEEDS[self.speed.try_get_untracked().unwrap_or(2).min(SPEEDS.len() - 1)].1;
                let more = self.play_slice(delay);
                if !more {
                    let _ = self.playing.try_set(false);
                    self.write_nodes();
                    break;
                }
                if delay > 0 {
                    sleep_ms(delay).await;
                } else {
                    // One slice per frame: the picture is painted between two.
                    next_frame().await;
                }
            }
        });
    }

    /// One slice of Play: at speed 0 as many paths as fit in the frame's
    /// budget, else one; then the figures (the tree and the address bar
    /// about once a second). `false` when the run has ended.
    fn play_slice(self, delay: u64) -> bool {
        let t0 = now_ms();
        let budget = (FRAME_MS - self.draw_ms.try_get_untracked().unwrap_or(0.0)).clamp(2.0, SLICE_MS);
        let stop_when_met = self.stop_when_met.try_get_untracked().unwrap_or(true);
        let mut more;
        loop {
            // Play pauses on the path where either model's bounds meet
            // (Play again goes on).
            let (stepped, met) = self
                .run
                .try_update_value(|r| {
                    r.as_mut().map_or((false, false), |r| {
                        let s = r.step();
                        (s, s && (r.met_just_now(0) || r.met_just_now(1)))
                    })
                })
                .unwrap_or((false, false));
            more = stepped && !(met && stop_when_met);
            if !more || delay > 0 || now_ms() - t0 > budget {
                break;
            }
        }
        let now = now_ms();
        // The tree view (a layout of the whole explored tree) follows
        // only while small.
        let tree_due =
            now - self.last_tree.get_value() > 1000.0 && self.run.try_with_value(|r| r.as_ref().map_or(0, |r| r.tree_size())).unwrap_or(0) <= TREE_LIVE_MAX;
        if tree_due {
            self.last_tree.set_value(now);
        }
        // The estimate (a pass over the tree when the root's temperature
        // moves) a few times a second, never in the tree layout's frame.
        let estimate_due = !more || (!tree_due && now - self.last_estimate.get_value() > ESTIMATE_MS);
        if estimate_due {
            self.last_estimate.set_value(now);
        }
        self.refresh_with(tree_due || !more, estimate_due);
        if now - self.last_url_write.get_value() > 1000.0 {
            self.last_url_write.set_value(now);
            self.write_nodes();
        }
        more
    }
}

/// The MT-search page.
#[component]
pub fn MtSearchPage(st: MtSearchSignals) -> impl IntoView {
    let ctl = Ctl::new(st);
    ctl.rebuild();
    ctl.replay_link();
    on_cleanup(move || {
        ctl.play_id.try_update_value(|n| *n += 1);
    });
    view! {
        <section class="mtsearch" data-testid="page-mt-search">
            <div class="card input-card">
                <SourcePicker ctl=ctl />
                <SourceInputs ctl=ctl />
            </div>
            <div class="workspace">
                <div class="card plot-card">
                    <RunControls ctl=ctl />
                    <MtPictures ctl=ctl />
                </div>
                <aside class="side">
                    <BoundsCard ctl=ctl />
                    <ExploredTree ctl=ctl />
                    <PathList ctl=ctl />
                </aside>
            </div>
            <super::tds_view::TdsCard st=ctl.st />
        </section>
    }
}

/// What to search: a heap-go sum, a typed game, or Figure 7.
#[component]
fn SourcePicker(ctl: Ctl) -> impl IntoView {
    let source_is = move |x: MtSource| move || ctl.st.source.get() == x;
    let set_source = move |x: MtSource| {
        move |_| {
            ctl.st.source.set(x);
            ctl.restart();
        }
    };
    view! {
        <div class="source-row" role="radiogroup" aria-label="what to search">
            <label class="radio"><input type="radio" name="mt-source" data-testid="mt-source-heapgo" prop:checked=source_is(MtSource::HeapGo) on:change=set_source(MtSource::HeapGo) />" heap-go sum"</label>
            <label class="radio"><input type="radio" name="mt-source" data-testid="mt-source-tree" prop:checked=source_is(MtSource::Tree) on:change=set_source(MtSource::Tree) />" a game tree (notation)"</label>
            <label class="radio"><input type="radio" name="mt-source" data-testid="mt-fig7" prop:checked=source_is(MtSource::Figure7) on:change=set_source(MtSource::Figure7) />" Figure 7 of Kao et al. (2012) (8 paths)"</label>
        </div>
    }
}

/// The source's fields (sum, order and seed; game and seed; nothing for
/// Figure 7), its error, and how the engine works.
#[component]
fn SourceInputs(ctl: Ctl) -> impl IntoView {
    let st = ctl.st;
    let nav = Nav::from_context();
    let heaps_input = RwSignal::new(st.heaps.get_untracked());
    let on_heaps = move |ev| {
        let text = event_target_value(&ev);
        heaps_input.set(text.clone());
        st.heaps.set(text);
        ctl.restart();
    };
    let on_game = move |ev| {
        st.game.set(event_target_value(&ev));
        ctl.restart();
    };
    let on_order = move |ev| {
        st.order.set(event_target_value(&ev));
        ctl.restart();
    };
    let on_seed = move |ev| {
        st.seed.set(event_target_value(&ev).trim().parse().unwrap_or(0));
        ctl.restart();
    };
    let seed = move || {
        view! {
            <label>" seed "
                <input type="number" min="0" class="seed" data-testid="mt-seed" prop:value=move || st.seed.get().to_string() on:change=on_seed />
            </label>
        }
    };
    view! {
        {move || match st.source.get() {
            MtSource::HeapGo => view! {
                <div class="input-row">
                    <input type="text" data-testid="mt-heaps" aria-label="heap-go sum" spellcheck="false"
                        prop:value=move || heaps_input.get() on:change=on_heaps />
                    <label>"branch order "
                        <select data-testid="mt-order" title="the order in which the engine tries branches" on:change=on_order>
                            {BranchOrder::ALL.into_iter().map(|o| view! { <option value=o.key() selected=move || st.order.get() == o.key()>{order_label(o)}</option> }).collect_view()}
                        </select>
                    </label>
                    {seed()}
                </div>
            }.into_any(),
            MtSource::Tree => view! {
                <div class="input-row">
                    <input type="text" data-testid="mt-game" aria-label="game in CGSuite notation" spellcheck="false"
                        placeholder="e.g. 14|2|||-2||-14|-16" prop:value=move || st.game.get() on:change=on_game />
                    {seed()}
                </div>
            }.into_any(),
            MtSource::Figure7 => view! { <p class="muted small">"The paper's worked example: 8 paths with their values, replayed one per step."</p> }.into_any(),
        }}
        {move || ctl.error.get().map(|e| view! { <div class="error" role="alert" data-testid="mt-error">{e}</div> })}
        <p class="hint">
            "The engine sees the game only through paths: it proposes one, the application extends it to the end of the game and reports the value. "
            "Walls of the " <strong>"upper"</strong> " model (solid) assume the best unexplored options for Left, the " <strong>"lower"</strong> " model (dashed) for Right. "
            "Like the paper, the bounds assume that a side with a known option has no other: until every side on the way is listed they can miss the truth (watch it happen with random order), and they meet at the exact values once the tree is explored. "
            <a href="#" on:click=move |ev| { ev.prevent_default(); nav.edit_heaps(st.heaps.get_untracked()); }>"Edit the sum on the heap-go board"</a> "."
        </p>
    }
}

/// Step, Play / Pause, speed, Reset, the overlay, Copy link; the progress
/// bar and the caption.
#[component]
fn RunControls(ctl: Ctl) -> impl IntoView {
    let (playing, shown) = (ctl.playing, ctl.shown);
    let on_reset = move |_| {
        ctl.pause();
        ctl.restart();
    };
    let on_share = move |_| {
        ctl.write_nodes();
        let href = dom::current_href();
        leptos::task::spawn_local(async move {
            let _ = dom::copy_to_clipboard(&href).await;
        });
    };
    view! {
        <div class="controls" role="group" aria-label="run controls">
            <button class="btn" data-testid="mt-step" data-key-next="" title="add one path and say what it changed (→)" on:click=move |_| ctl.step_once() prop:disabled=move || playing.get() || shown.with(|s| s.finished)>"Step"</button>
            <button class="btn" data-testid="mt-play" title="add paths one after another (Pause stops)" on:click=move |_| if playing.get_untracked() { ctl.pause() } else { ctl.play() } prop:disabled=move || shown.with(|s| s.finished)>
                {move || if playing.get() { "Pause" } else { "Play" }}
            </button>
            <label>"speed "
                <select data-testid="mt-speed" title="how fast Play adds paths" on:change=move |ev| ctl.speed.set(event_target_value(&ev).parse().unwrap_or(2))>
                    {SPEEDS.iter().enumerate().map(|(i, (l, _))| view! { <option value=i.to_string() selected=i == 2>{*l}</option> }).collect_view()}
                </select>
            </label>
            <button class="btn small" data-testid="mt-reset" title="start the search again from no paths" on:click=on_reset>"Reset"</button>
            <label class="toggle"><input type="checkbox" data-testid="mt-overlay" prop:checked=move || ctl.overlay.get() on:change=move |ev| ctl.overlay.set(event_target_checked(&ev)) />" exact overlay"</label>
            <label class="toggle" title="Play pauses on the path where the bounds meet (the paper's or the sound ones); Play again goes on"><input type="checkbox" data-testid="mt-stop-when-met" prop:checked=move || ctl.stop_when_met.get() on:change=move |ev| ctl.stop_when_met.set(event_target_checked(&ev)) />" stop when the bounds meet"</label>
            <span class="spacer"></span>
            <button class="btn small" data-testid="share-link" title="copy a link to exactly this view" on:click=on_share>"Copy link"</button>
        </div>
        <progress class="mt-progress" data-testid="mt-progress" max="1" value=move || shown.with(|s| s.progress()).to_string() aria-label="paths added"></progress>
        // Derived from the run, so it says what is shown however it got
        // there; quiet for screen readers while Play changes it every frame.
        <p class="caption" data-testid="mt-caption" aria-live=move || if playing.get() { "off" } else { "polite" }>{move || shown.with(|s| s.caption.clone())}</p>
        {move || shown.with(|s| s.met.clone()).map(|m| view! { <p class="note met" data-testid="mt-met" role="status">{m}</p> })}
        {move || shown.with(|s| s.excluded.clone()).map(|m| view! { <p class="note warn" data-testid="mt-excluded" role="alert">{m}</p> })}
    }
}

/// The walls of the root (both models, the exact thermograph laid over)
/// and the bounds against paths added, on canvases, with their exports.
#[component]
fn MtPictures(ctl: Ctl) -> impl IntoView {
    let (run, overlay) = (ctl.run, ctl.overlay);
    let walls_ref: NodeRef<html::Canvas> = NodeRef::new();
    let history_ref: NodeRef<html::Canvas> = NodeRef::new();
    // Both pictures as one SVG (the exports of either canvas).
    let mt_vector = Callback::new(move |pal: cgt_draw::Palette| {
        let show_exact = overlay.get_untracked();
        run.try_update_value(|r| {
            r.as_mut().map(|r| {
                let (u, d) = r.walls();
                let exact = if show_exact { r.exact().cloned() } else { None };
                cgt_draw::mt::mt_svg(&u, &d, exact.as_ref(), &r.history_sampled(1500), &pal)
            })
        })
        .flatten()
        .unwrap_or_default()
    });
    // TikZ of each picture: the walls exact, the bounds as sampled.
    let walls_tikz = Callback::new(move |pal: cgt_draw::Palette| {
        let show_exact = overlay.get_untracked();
        run.try_update_value(|r| {
            r.as_mut().map(|r| {
                let (u, d) = r.walls();
                let exact = if show_exact { r.exact().cloned() } else { None };
                cgt_draw::tikz_pictures::mt_walls_tikz(&u, &d, exact.as_ref(), &pal)
            })
        })
        .flatten()
    });
    let bounds_tikz = Callback::new(move |pal: cgt_draw::Palette| {
        run.try_update_value(|r| {
            r.as_mut().map(|r| {
                let exact = r.exact().map(|t| (t.mean().clone(), t.temperature().clone()));
                cgt_draw::tikz_pictures::mt_bounds_tikz(&r.history_sampled(1500), exact.as_ref().map(|(m, t)| (m, t)), &pal)
            })
        })
        .flatten()
    });
    // The canvases' CSS size: a resize (a phone turned, the window
    // narrowed) redraws them at the new size instead of stretching.
    let size = RwSignal::new((0.0f64, 0.0f64));
    walls_ref.on_load(move |el| crate::web::dom::observe_size(el.into(), size));
    // Redraw both pictures whenever the run, the overlay, the size or the
    // theme changes.
    let palette = crate::web::context::palette();
    Effect::new(move |_| {
        ctl.version.track();
        size.track();
        let pal = palette.get();
        let show_exact = overlay.get();
        let dpr = device_pixel_ratio();
        let pictures = run.try_update_value(|r| {
            r.as_mut().map(|r| {
                let (u, d) = r.walls();
                let exact = if show_exact { r.exact().cloned() } else { None };
                let ex = r.exact().map(|t| (t.mean().to_f64(), t.temperature().to_f64()));
                (u, d, exact, r.history_sampled(1500), ex, r.previous_walls().cloned())
            })
        });
        let Some(Some((u, d, exact, rows, ex, prev))) = pictures else { return };
        let t0 = now_ms();
        if let Some(area) = walls_ref.get().and_then(|cv| sized(&cv, dpr)) {
            let _ = draw_mt_walls_since(&area, &u, &d, prev.as_ref().map(|(a, b)| (a, b)), exact.as_ref(), dpr, &pal);
            let _ = area.present();
        }
        if let Some(area) = history_ref.get().and_then(|cv| sized(&cv, dpr)) {
            let _ = draw_bounds_history(&area, &rows, if show_exact { ex } else { None }, dpr, &pal);
            let _ = area.present();
        }
        ctl.draw_ms.set(now_ms() - t0);
    });
    view! {
        <div class="toolbar"><span class="spacer"></span>
            <span class="muted small">"walls"</span><ExportButtons of="mt-walls-canvas" name="mt-walls" svg=mt_vector tikz=walls_tikz />
            <span class="muted small">"bounds"</span><ExportButtons of="mt-history-canvas" name="mt-bounds" svg=mt_vector tikz=bounds_tikz />
        </div>
        <div class="mt-canvases">
            <div class="canvas-wrap mt-walls"><canvas node_ref=walls_ref data-testid="mt-walls-canvas" data-draw-ms=move || format!("{:.1}", ctl.draw_ms.get()) role="img" aria-label="upper and lower walls of the root"></canvas></div>
            <div class="canvas-wrap mt-history"><canvas node_ref=history_ref data-testid="mt-history-canvas" role="img" aria-label="bounds against paths added"></canvas></div>
        </div>
    }
}

/// The bounds, paths added, tree size, estimate, exact figures and the
/// run's status.
#[component]
fn BoundsCard(ctl: Ctl) -> impl IntoView {
    let (st, shown) = (ctl.st, ctl.shown);
    // Only what the figures depend on (not `n`, which Play moves).
    let exact = Memo::new(move |_| exact_line(st.source.get(), &st.heaps.get(), &st.game.get()));
    let exact_view = move || match exact.get() {
        ExactLine::Exact(t) => view! { <span data-testid="mt-exact">{t}</span> }.into_any(),
        ExactLine::Note(t) => view! { <span class="muted small">{t}</span> }.into_any(),
        ExactLine::Nothing => view! { <span></span> }.into_any(),
    };
    view! {
        <div class="card stats-card">
            <dl class="stats">
                <div class="wide"><dt>"mean bounds [m_LB, m_UB], paper's model"</dt><dd data-testid="mt-mean-bounds" title=BOUNDS_TITLE>{move || shown.with(|s| s.mean.clone())}</dd></div>
                <div class="wide"><dt>"temperature bounds [t_LB, t_UB], paper's model"</dt><dd data-testid="mt-temp-bounds" title=BOUNDS_TITLE>{move || shown.with(|s| s.temperature.clone())}</dd></div>
                <div class="wide"><dt>"mean bounds, sound (any branch order)"</dt><dd data-testid="mt-sound-mean-bounds" title=SOUND_TITLE>{move || shown.with(|s| s.sound_mean.clone())}</dd></div>
                <div class="wide"><dt>"temperature bounds, sound (any branch order)"</dt><dd data-testid="mt-sound-temp-bounds" title=SOUND_TITLE>{move || shown.with(|s| s.sound_temperature.clone())}</dd></div>
                <div><dt>"paths added"</dt><dd data-testid="mt-nodes">{move || shown.with(|s| s.nodes.to_string())}</dd></div>
                <div><dt>"tree nodes"</dt><dd data-testid="mt-tree-size">{move || shown.with(|s| s.tree.to_string())}</dd></div>
                <div class="wide"><dt>"estimate (mean, temperature)"</dt><dd data-testid="mt-estimate">{move || shown.with(|s| s.estimate_text())}</dd></div>
            </dl>
            <p class="small">{exact_view}</p>
            <p class="muted small">
                <span data-testid="mt-probes" class="explained" title=PROBES_TITLE>{move || shown.with(|s| s.probes_text())}</span>
                {move || shown.with(|s| s.end_text())}
            </p>
        </div>
    }
}

/// The explored tree, cut to about [`TREE_NODES`] nodes.
#[component]
fn ExploredTree(ctl: Ctl) -> impl IntoView {
    view! {
        <div class="card">
            <div class="toolbar"><h2>"Explored tree"</h2><span class="spacer"></span><ExportButtons of="mt-tree" name="mt-explored-tree" /></div>
            {move || ctl.tree_nodes.with(|t| tree_svg(t))}
            <p class="muted small">"Blue: Left's options, red dashed: Right's; bold: the path added last; +n: nodes below the cut. Hover a node for its path."</p>
        </div>
    }
}

/// The paths added last, latest first, with their values.
#[component]
fn PathList(ctl: Ctl) -> impl IntoView {
    let items = move || {
        ctl.shown.with(|s| {
            s.last
                .iter()
                .enumerate()
                .map(|(i, (p, v))| {
                    view! {
                        <li class:latest=i == 0 data-testid=if i == 0 { "mt-last-path" } else { "mt-path" }>
                            <code class="explained" title=path_gloss(p)>{p.clone()}</code>" = "<code>{v.clone()}</code>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="card">
            <h2>"Paths added (latest first)"</h2>
            <ol class="paths" data-testid="mt-paths">{items}</ol>
            <p class="muted small" data-testid="mt-notation">{move || path_legend(ctl.st.source.get(), &ctl.st.order.get())}</p>
        </div>
    }
}

/// Size the canvas's bitmap to its CSS box times the pixel ratio and give a
/// drawing area (None while it has no size).
fn sized(cv: &web_sys::HtmlCanvasElement, dpr: f64) -> Option<plotters::drawing::DrawingArea<CanvasBackend, plotters::coord::Shift>> {
    let r = cv.get_bounding_client_rect();
    let (w, h) = (r.width(), r.height());
    if w < 2.0 || h < 2.0 {
        return None;
    }
    let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
    if cv.width() != pw {
        cv.set_width(pw);
    }
    if cv.height() != ph {
        cv.set_height(ph);
    }
    CanvasBackend::with_canvas_object(cv.clone()).map(|b| b.into_drawing_area())
}

/// The explored tree as SVG (nodes from [`MtRun::tree_view`], spacing
/// from [`TreeLayout`]); every node has its path on hover.
fn tree_svg(nodes: &[TreeNode]) -> impl IntoView {
    let l = TreeLayout::of(nodes);
    let (w, h) = (l.width, l.height);
    let edges = nodes
        .iter()
        .filter_map(|n| {
            let p = &nodes[n.parent?];
            let ((x1, y1), (x2, y2)) = (l.pos(p), l.pos(n));
            // Colours and dashes by class from the stylesheet (the palette's variables).
            let class = format!("edge {}{}", if n.side == Side::Left { "left" } else { "right" }, if n.on_last { " last" } else { "" });
            Some(view! { <line x1=x1 y1=y1 x2=x2 y2=y2 class=class></line> })
        })
        .collect_view();
    let dots = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let (x, y) = l.pos(n);
            let class = if n.on_last {
                "dot last"
            } else if n.value.is_some() {
                "dot valued"
            } else {
                "dot"
            };
            let label_class = if n.value.is_some() { "value" } else { "hidden-count" };
            let label = node_label(n)
                .filter(|_| l.labels)
                .map(|v| view! { <text x=x y=y + 16.0 font-size=TREE_FONT text-anchor="middle" class=label_class>{v}</text> });
            view! {
                <circle cx=x cy=y r="4.5" class=class><title>{node_title(nodes, i)}</title></circle>
                {label}
            }
        })
        .collect_view();
    // With a path marked, the other edges step back (see the stylesheet).
    let marked = nodes.iter().any(|n| n.on_last);
    view! {
        <div class="tree-svg" class:has-last=marked>
            <svg data-testid="mt-tree" viewBox=format!("0 0 {w} {h}") width=w height=h role="img"
                aria-label=format!("explored tree: {} nodes drawn", nodes.len())>
                {edges}
                {dots}
            </svg>
        </div>
    }
}
