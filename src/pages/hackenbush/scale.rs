#![cfg(target_arch = "wasm32")]
//! The Scale Method panel on the Hackenbush board (Koene 2024, issue 6), as
//! Leptos components; the logic is [`super::scale_model`].
//!
//! [`ScalePanel`] builds one [`ScaleCtl`] (settings, the run, the weighings
//! and the two worker lanes) and lays out what the user sees:
//! [`ScaleSettings`] (player, playouts, iterations, margin or z-test,
//! seed, pruning, bisection), [`ScaleRunBar`] (Estimate, Cancel, progress),
//! [`ScaleEstimate`] (the estimate beside the exact value),
//! [`WeighingStalk`] (the stalk growing edge by edge), [`WinRatePlot`]
//! (the two win rates per weighing), [`WeighingsTable`] and
//! [`TwoMoveOutcome`] (the Two-Move outcome class by Pure Monte Carlo).
//! The estimate runs in the Monte Carlo Web Worker (`web::solver`),
//! streaming each weighing.

use super::jobs::{HackenbushJob as Job, HackenbushUpdate as Msg};
use super::scale_model::{
    parse_count, parse_margin, parse_seed, stalk_picture, two_move_progress, two_move_text, Progress, Run, Settings, Weighing, MAX_ITERATIONS, MAX_PLAYOUTS,
};
use crate::web::dom;
use crate::web::export::ExportButtons;
use crate::web::solver::Lane;
use cgt::rulesets::hackenbush::Hackenbush;
use cgt::search::montecarlo::Algo;
use cgt::side::Side;
use cgt_draw::scale::draw_win_rates;
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;

/// The panel's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
struct ScaleCtl {
    position: Signal<Option<Hackenbush>>,
    settings: RwSignal<Settings>,
    rows: RwSignal<Vec<Weighing>>,
    progress: RwSignal<Progress>,
    run: RwSignal<Run>,
    /// The Two-Move outcome's line.
    two_move: RwSignal<String>,
    /// The estimate and the Two-Move games, each its own lane on the one
    /// Monte Carlo worker (a job on it stops the other).
    scale_job: Lane,
    two_move_job: Lane,
}

impl ScaleCtl {
    fn new(position: Signal<Option<Hackenbush>>) -> ScaleCtl {
        ScaleCtl {
            position,
            settings: RwSignal::new(Settings::default()),
            rows: RwSignal::new(Vec::new()),
            progress: RwSignal::new(Progress::start(1)),
            run: RwSignal::new(Run::Idle),
            two_move: RwSignal::new(String::new()),
            scale_job: Lane::new(),
            two_move_job: Lane::new(),
        }
    }

    fn running(self) -> bool {
        self.run.with(Run::is_running)
    }

    /// Weigh the position on the board in the worker.
    fn start(self) {
        let Some(h) = self.position.get_untracked() else { return };
        let settings = self.settings.get_untracked();
        let (rows, progress, run) = (self.rows, self.progress, self.run);
        rows.set(Vec::new());
        progress.set(Progress::start(settings.games_per_weighing()));
        run.set(Run::Running { position: h.to_string() });
        let cfg = settings.config();
        let sent = self.scale_job.submit(
            |id| Job::Scale { id, cfg, position: h },
            move |u| match u {
                Msg::Progress { step, games, per } => {
                    let _ = progress.try_set(Progress { step, games, per });
                }
                Msg::Step { stalk, class, blue, red } => {
                    rows.update(|r| r.push(Weighing { stalk, class, blue, red }));
                }
                Msg::Scale { estimate, failed, lower, upper } => {
                    let _ = run.try_set(Run::Done { estimate, failed, lower, upper });
                }
                Msg::Error(e) => {
                    let _ = run.try_set(Run::Error(e));
                }
                Msg::Outcome { .. } | Msg::Value(_) => {}
            },
        );
        if let Err(e) = sent {
            run.set(Run::Error(e));
        }
    }

    fn cancel(self) {
        self.scale_job.cancel();
        self.run.set(Run::Cancelled);
    }

    /// Play Two-Move games on the position by Pure Monte Carlo.
    fn start_two_move(self) {
        let Some(h) = self.position.get_untracked() else { return };
        let tm = self.two_move;
        tm.set("playing Two-Move games…".into());
        // One Monte Carlo worker: a running estimate gives way.
        if self.running() {
            self.cancel();
        }
        let cfg = self.settings.get_untracked().two_move_config();
        let sent = self.two_move_job.submit(
            |id| Job::Outcome { id, two_move: true, cfg, position: h },
            move |u| match u {
                Msg::Outcome { class, blue, red, games } => {
                    let _ = tm.try_set(two_move_text(&class, blue, red, games));
                }
                Msg::Progress { games, per, .. } => {
                    let _ = tm.try_set(two_move_progress(games, per));
                }
                Msg::Error(e) => {
                    let _ = tm.try_set(format!("stopped: {e}"));
                }
                _ => {}
            },
        );
        if let Err(e) = sent {
            tm.set(e);
        }
    }
}

/// The Scale Method card: `position` is the board's position (none while
/// it does not parse), `exact` its exact value when the page has it;
/// `puzzle` (the board's puzzle mode, off when not given) hides the exact
/// value and whether the estimate hit it.
#[component]
pub fn ScalePanel(position: Signal<Option<Hackenbush>>, exact: Signal<Option<String>>, #[prop(optional, into)] puzzle: Option<Signal<bool>>) -> impl IntoView {
    let ctl = ScaleCtl::new(position);
    let puzzle = puzzle.unwrap_or_else(|| Signal::stored(false));
    // A new position ends a run about the old one.
    Effect::new(move |_| {
        let now = position.get().map(|h| h.to_string());
        if let Run::Running { position: p } = ctl.run.get_untracked() {
            if Some(p) != now {
                ctl.cancel();
            }
        }
    });
    view! {
        <div class="card scale-card" data-testid="scale-panel">
            <h2>"Estimate by the Scale Method"</h2>
            <p class="muted small">"The Scale Method (Koene, 2024): the position is weighed against a stalk; two Monte Carlo players play it out with each side starting, and the win rates say L, R, P or N. A red edge goes on the stalk for L, a blue one for R, until P: the estimate is minus the stalk's value."</p>
            <ScaleSettings ctl />
            <ScaleRunBar ctl />
            <ScaleEstimate ctl exact puzzle />
            <div class="scale-body">
                <WeighingStalk ctl />
                <WinRatePlot ctl />
            </div>
            <WeighingsTable ctl />
            <TwoMoveOutcome ctl />
        </div>
    }
}

/// The player, its budget, the classifying rule, the seed and the options.
#[component]
fn ScaleSettings(ctl: ScaleCtl) -> impl IntoView {
    let s = ctl.settings;
    let get = move |f: fn(&Settings) -> String| move || s.with(f);
    view! {
        <div class="scale-controls">
            <label>"player "<select data-testid="scale-algo" title="the Monte Carlo player judging each weighing" on:change=move |ev| { let a = if event_target_value(&ev) == "pure" { Algo::Pure } else { Algo::Uct }; s.update(|s| s.algo = a) }>
                <option value="uct" selected=true>"UCT"</option>
                <option value="pure">"Pure Monte Carlo"</option>
            </select></label>
            <label>"playouts "<input type="number" min="1" max=MAX_PLAYOUTS data-testid="scale-playouts" prop:value=get(|s| s.playouts.to_string()) on:change=move |ev| { if let Some(v) = parse_count(&event_target_value(&ev), 1, MAX_PLAYOUTS) { s.update(|s| s.playouts = v) } } /></label>
            <label>"iterations "<input type="number" min="1" max=MAX_ITERATIONS data-testid="scale-iterations" prop:value=get(|s| s.iterations.to_string()) on:change=move |ev| { if let Some(v) = parse_count(&event_target_value(&ev), 1, MAX_ITERATIONS) { s.update(|s| s.iterations = v) } } /></label>
            <label>"margin "<input type="number" min="0" max="0.5" step="0.05" data-testid="scale-margin" prop:value=get(|s| s.margin.to_string()) prop:disabled=move || s.with(|s| s.use_test) on:change=move |ev| { if let Some(v) = parse_margin(&event_target_value(&ev)) { s.update(|s| s.margin = v) } } /></label>
            <label>"seed "<input type="number" min="0" data-testid="scale-seed" prop:value=get(|s| s.seed.to_string()) on:change=move |ev| { if let Some(v) = parse_seed(&event_target_value(&ev)) { s.update(|s| s.seed = v) } } /></label>
            <label class="toggle" title="the author's suggestion: a z-test (z = 3) on the difference of the two win rates instead of the fixed margin"><input type="checkbox" data-testid="scale-test" prop:checked=move || s.with(|s| s.use_test) on:change=move |ev| { let on = event_target_checked(&ev); s.update(|s| s.use_test = on) } />" z-test instead of margin"</label>
            <label class="toggle" title="skip chops that make one's own edge fall (proved never better): the smart-move rule everywhere, not only in the weighing stalk"><input type="checkbox" data-testid="scale-prune" prop:checked=move || s.with(|s| s.prune) on:change=move |ev| { let on = event_target_checked(&ev); s.update(|s| s.prune = on) } />" prune dominated chops"</label>
            <label class="toggle" title="bisection on the value: probe 0, ±1, ±2, ±4, … then halve the bracket the weighings leave open (fewer weighings for a large integer part; the same stalks inside (−1, 1))"><input type="checkbox" data-testid="scale-bisect" prop:checked=move || s.with(|s| s.bisect) on:change=move |ev| { let on = event_target_checked(&ev); s.update(|s| s.bisect = on) } />" bisect"</label>
        </div>
    }
}

/// Estimate and Cancel, and the games played in the current weighing.
#[component]
fn ScaleRunBar(ctl: ScaleCtl) -> impl IntoView {
    let running = move || ctl.running();
    view! {
        <div class="scale-actions">
            <button class="btn primary" data-testid="scale-run" title="weigh the position against stalks until the win rates balance" prop:disabled=move || running() || ctl.position.with(Option::is_none) on:click=move |_| ctl.start()>"Estimate"</button>
            {move || running().then(|| view! { <button class="btn" data-testid="scale-cancel" title="stop the Monte Carlo games" on:click=move |_| ctl.cancel()>"Cancel"</button> })}
            <progress data-testid="scale-progress" max="1" prop:value=move || ctl.run.with(|r| ctl.progress.get().fraction(r)) aria-label="games played in this weighing"></progress>
            <span class="muted small" data-testid="scale-progress-text">{move || ctl.run.with(|r| ctl.progress.get().text(r))}</span>
        </div>
    }
}

/// The estimate, and beside it the exact value and whether it was hit
/// (in puzzle mode only that the value is hidden).
#[component]
fn ScaleEstimate(ctl: ScaleCtl, exact: Signal<Option<String>>, puzzle: Signal<bool>) -> impl IntoView {
    let verdict = move || exact.with(|x| ctl.run.with(|r| r.verdict_text(x.as_deref(), puzzle.get())));
    view! {
        <div class="scale-result">
            <div>
                <span class="muted">"estimate "</span>
                <strong data-testid="scale-estimate">{move || ctl.run.with(Run::estimate_text)}</strong>
                <span class="muted small" data-testid="scale-exact">" · "{verdict}</span>
            </div>
        </div>
    }
}

/// The weighing stalk of the latest weighing, ground first, drawn upward.
#[component]
fn WeighingStalk(ctl: ScaleCtl) -> impl IntoView {
    let svg = move || {
        let stalk = ctl.rows.with(|r| r.last().map(|w| w.stalk.clone()).unwrap_or_default());
        let p = stalk_picture(&stalk);
        let h = p.height;
        let edges = p
            .edges
            .iter()
            .map(|&(side, y1, y2)| {
                let cls = match side {
                    Side::Left => "hb-edge blue",
                    Side::Right => "hb-edge red",
                };
                view! { <g class=cls><line class="stroke" x1="20" y1=format!("{y1}") x2="20" y2=format!("{y2}")></line></g> }
            })
            .collect_view();
        view! {
            <svg class="scale-stalk" data-testid="scale-stalk" data-edges=p.edges.len() width="40" height=format!("{h}") viewBox=format!("0 0 40 {h}") role="img" aria-label=p.label>
                <line class="hb-ground" x1="0" y1=format!("{}", p.ground) x2="40" y2=format!("{}", p.ground)></line>
                {edges}
            </svg>
        }
    };
    view! { <div class="scale-stalk-wrap"><span class="muted small">"weighing stalk"</span>{svg}</div> }
}

/// The two win rates per weighing on a canvas as wide as the card (its
/// bitmap follows the container through a `ResizeObserver`, at the device
/// pixel ratio), in the theme's palette, with its PNG and SVG exports.
#[component]
fn WinRatePlot(ctl: ScaleCtl) -> impl IntoView {
    let wrap: NodeRef<html::Div> = NodeRef::new();
    let plot_ref: NodeRef<html::Canvas> = NodeRef::new();
    // CSS size of the container.
    let size = RwSignal::new((0.0f64, 0.0f64));
    wrap.on_load(move |el| {
        crate::web::dom::observe_size(el.into(), size);
    });
    let palette = crate::web::context::palette();
    // The plot follows the rows, the margin, the size and the theme.
    Effect::new(move |_| {
        let pal = palette.get();
        let rates = ctl.rows.with(|r| super::scale_model::rates(r));
        let m = ctl.settings.with(Settings::margin_line);
        let (w, h) = size.get();
        let Some(cv) = plot_ref.get() else { return };
        let Some(dpr) = dom::size_canvas(&cv, (w, h)) else { return };
        if let Some(b) = CanvasBackend::with_canvas_object(cv) {
            let area = b.into_drawing_area();
            let _ = draw_win_rates(&area, &rates, m, dpr, &pal);
            let _ = area.present();
        }
    });
    let svg = Callback::new(move |pal: cgt_draw::Palette| {
        let rates = ctl.rows.with_untracked(|r| super::scale_model::rates(r));
        cgt_draw::scale::win_rates_svg(&rates, ctl.settings.with_untracked(Settings::margin_line), 640, 320, &pal)
    });
    view! {
        <div class="scale-plot-col">
            <div class="canvas-wrap scale-plot" node_ref=wrap><canvas node_ref=plot_ref data-testid="scale-plot" role="img" aria-label="win rates per weighing: Blue's when Blue starts, Red's when Red starts"></canvas></div>
            <div class="toolbar"><span class="spacer"></span><ExportButtons of="scale-plot" name="scale-win-rates" svg /></div>
        </div>
    }
}

/// Each weighing: its stalk, the class read and the two win rates.
#[component]
fn WeighingsTable(ctl: ScaleCtl) -> impl IntoView {
    let rows = move || {
        ctl.rows
            .get()
            .into_iter()
            .map(|w| view! { <tr><td><code>{w.stalk_text()}</code></td><td>{w.class}</td><td>{format!("{:.2}", w.blue)}</td><td>{format!("{:.2}", w.red)}</td></tr> })
            .collect_view()
    };
    view! {
        <table class="scale-steps" data-testid="scale-steps">
            <thead><tr><th>"weighing stalk"</th><th>"class"</th><th>"Blue starts"</th><th>"Red starts"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// Two-Move Hackenbush's outcome class by Pure Monte Carlo.
#[component]
fn TwoMoveOutcome(ctl: ScaleCtl) -> impl IntoView {
    view! {
        <h3>"Two-Move Hackenbush"</h3>
        <p class="muted small">"Each turn removes two of one's own edges at once; fewer than two left and you lose. Its outcome class by Pure Monte Carlo (Koene, 2024, Table 4), with the playouts, iterations, margin and random seed above."</p>
        <button class="btn" data-testid="tm-run" title="the Two-Move Hackenbush outcome class by Pure Monte Carlo" prop:disabled=move || ctl.position.with(Option::is_none) on:click=move |_| ctl.start_two_move()>"Two-Move outcome"</button>
        <span data-testid="tm-outcome">" "{move || ctl.two_move.get()}</span>
    }
}
