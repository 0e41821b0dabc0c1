#![cfg(target_arch = "wasm32")]
//! The Scale Method panel on the Hackenbush board (seed 002, issue 6):
//! choose Pure Monte Carlo or UCT, playouts, iterations, margin (or the
//! z-test), seed and the dominance pruning; the estimate runs in the Monte
//! Carlo Web Worker (`web::solver`), streaming each weighing: the weighing
//! stalk grows beside the position edge by edge, the two win rates are
//! plotted per step, a progress bar counts the games, Cancel stops it. The
//! exact value (when the page has it) stands beside the estimate. Also the
//! Two-Move outcome class by Pure Monte Carlo.

use crate::solver::{Job, Update as Msg};
use crate::web::dom::device_pixel_ratio;
use crate::web::solver::Lane;
use cgt::rulesets::hackenbush::scale::{ClassRule, ScaleConfig};
use cgt::rulesets::hackenbush::Hackenbush;
use cgt::search::montecarlo::Algo;
use cgt_draw::scale::draw_win_rates;
use leptos::html;
use crate::web::export::ExportButtons;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;

/// One weighing as shown: stalk, class, Blue's rate, Red's rate.
type Row = (String, String, f64, f64);

#[derive(Clone, Debug, PartialEq)]
enum Run {
    Idle,
    Running { position: String },
    Done { estimate: Option<String>, failed: bool, lower: Option<String>, upper: Option<String> },
    Cancelled,
    Error(String),
}

#[component]
pub fn ScalePanel(position: Signal<Option<Hackenbush>>, exact: Signal<Option<String>>) -> impl IntoView {
    let algo = RwSignal::new(Algo::Uct);
    let playouts = RwSignal::new(100u32);
    let iterations = RwSignal::new(600u32);
    let margin = RwSignal::new(0.4f64);
    let use_test = RwSignal::new(false);
    let seed = RwSignal::new(2u64);
    let prune = RwSignal::new(false);
    let bisect = RwSignal::new(false);
    let rows: RwSignal<Vec<Row>> = RwSignal::new(Vec::new());
    let progress: RwSignal<(usize, u32, u32)> = RwSignal::new((0, 0, 1));
    let run = RwSignal::new(Run::Idle);
    let tm = RwSignal::new(String::new());
    let plot_ref: NodeRef<html::Canvas> = NodeRef::new();

    let config = move || ScaleConfig {
        algo: algo.get_untracked(),
        playouts: playouts.get_untracked().max(1),
        iterations: iterations.get_untracked().max(1),
        rule: if use_test.get_untracked() { ClassRule::Test(3.0) } else { ClassRule::Margin(margin.get_untracked().clamp(0.0, 0.5)) },
        seed: seed.get_untracked(),
        prune: prune.get_untracked(),
        bisect: bisect.get_untracked(),
        ..ScaleConfig::default()
    };
    // The estimate and the Two-Move games, each its own lane on the one
    // Monte Carlo worker (a job on it stops the other).
    let scale_job = Lane::new();
    let two_move_job = Lane::new();
    let start = move || {
        let Some(h) = position.get_untracked() else { return };
        rows.set(Vec::new());
        progress.set((0, 0, 2 * playouts.get_untracked().max(1)));
        run.set(Run::Running { position: h.to_string() });
        let cfg = config();
        let sent = scale_job.submit(|id| Job::Scale { id, cfg, position: h }, move |u| match u {
            Msg::Progress { step, games, per } => {
                let _ = progress.try_set((step, games, per));
            }
            Msg::Step { stalk, class, blue, red } => {
                rows.update(|r| r.push((stalk, class, blue, red)));
            }
            Msg::Scale { estimate, failed, lower, upper } => {
                let _ = run.try_set(Run::Done { estimate, failed, lower, upper });
            }
            Msg::Error(e) => {
                let _ = run.try_set(Run::Error(e));
            }
            Msg::Outcome { .. } | Msg::Sum(_) | Msg::Value(_) | Msg::Game(_) => {}
        });
        if let Err(e) = sent {
            run.set(Run::Error(e));
        }
    };
    let cancel = move || {
        scale_job.cancel();
        run.set(Run::Cancelled);
    };
    let two_move = move || {
        let Some(h) = position.get_untracked() else { return };
        tm.set("playing Two-Move games…".into());
        // One Monte Carlo worker: a running estimate gives way.
        if matches!(run.get_untracked(), Run::Running { .. }) {
            scale_job.cancel();
            run.set(Run::Cancelled);
        }
        let cfg = ScaleConfig { algo: Algo::Pure, ..config() };
        let sent = two_move_job.submit(|id| Job::Outcome { id, two_move: true, cfg, position: h }, move |u| match u {
            Msg::Outcome { class, blue, red, games } => {
                let _ = tm.try_set(format!("{class} (Blue starting wins {blue:.2}, Red starting wins {red:.2}; {games} games, Pure Monte Carlo)"));
            }
            Msg::Progress { games, per, .. } => {
                let _ = tm.try_set(format!("playing Two-Move games… {games} / {per}"));
            }
            Msg::Error(e) => {
                let _ = tm.try_set(format!("stopped: {e}"));
            }
            _ => {}
        });
        if let Err(e) = sent {
            tm.set(e);
        }
    };
    // A new position ends a run about the old one.
    Effect::new(move |_| {
        let now = position.get().map(|h| h.to_string());
        if let Run::Running { position: p } = run.get_untracked() {
            if Some(p) != now {
                scale_job.cancel();
                run.set(Run::Cancelled);
            }
        }
    });
    // The plot follows the rows (and the theme).
    let palette = crate::web::context::palette();
    Effect::new(move |_| {
        let pal = palette.get();
        let rates: Vec<(f64, f64)> = rows.with(|r| r.iter().map(|x| (x.2, x.3)).collect());
        let m = (!use_test.get()).then(|| margin.get());
        if let Some(cv) = plot_ref.get() {
            let dpr = device_pixel_ratio();
            let r = cv.get_bounding_client_rect();
            let (w, h) = ((r.width() * dpr).round() as u32, (r.height() * dpr).round() as u32);
            if w < 2 || h < 2 {
                return;
            }
            cv.set_width(w);
            cv.set_height(h);
            if let Some(b) = CanvasBackend::with_canvas_object(cv) {
                let area = b.into_drawing_area();
                let _ = draw_win_rates(&area, &rates, m, dpr, &pal);
                let _ = area.present();
            }
        }
    });

    let running = move || matches!(run.get(), Run::Running { .. });
    let estimate = move || match run.get() {
        Run::Idle => "—".to_string(),
        Run::Running { .. } => "weighing…".to_string(),
        Run::Done { estimate: Some(e), .. } => e,
        Run::Done { estimate: None, lower, upper, .. } => {
            let bracket = match (lower, upper) {
                (None, None) => String::new(),
                (lo, hi) => format!("; the weighings put the value in ({}, {})", lo.unwrap_or("−∞".into()), hi.unwrap_or("+∞".into())),
            };
            format!("failed: the safeguard stopped the weighing stalk{bracket}")
        }
        Run::Cancelled => "cancelled".to_string(),
        Run::Error(e) => format!("stopped: {e}"),
    };
    let verdict = move || match (run.get(), exact.get()) {
        (Run::Done { estimate: Some(e), .. }, Some(x)) if e == x => format!("exact value {x}: right"),
        (Run::Done { estimate: Some(_), .. }, Some(x)) => format!("exact value {x}: wrong"),
        (_, Some(x)) => format!("exact value {x}"),
        (_, None) => "exact value: not computed here".to_string(),
    };
    let progress_text = move || {
        let (step, games, per) = progress.get();
        match run.get() {
            Run::Running { .. } => format!("weighing {} — {games} / {per} games", step + 1),
            _ => String::new(),
        }
    };
    let fraction = move || {
        let (_, games, per) = progress.get();
        if running() { f64::from(games) / f64::from(per.max(1)) } else { 0.0 }
    };
    // The weighing stalk of the latest weighing, ground first, drawn upward.
    let stalk_svg = move || {
        let stalk = rows.with(|r| r.last().map(|x| x.0.clone()).unwrap_or_default());
        let n = stalk.len();
        let h = 18.0 * n as f64 + 12.0;
        let edges = stalk
            .chars()
            .enumerate()
            .map(|(i, c)| {
                let y1 = h - 6.0 - 18.0 * i as f64;
                let cls = if c == 'b' { "hb-edge blue" } else { "hb-edge red" };
                view! { <g class=cls><line class="stroke" x1="20" y1=format!("{y1}") x2="20" y2=format!("{}", y1 - 18.0)></line></g> }
            })
            .collect_view();
        view! {
            <svg class="scale-stalk" data-testid="scale-stalk" data-edges=n width="40" height=format!("{h}") viewBox=format!("0 0 40 {h}") role="img" aria-label=format!("weighing stalk: {}", if stalk.is_empty() { "empty".to_string() } else { stalk.clone() })>
                <line class="hb-ground" x1="0" y1=format!("{}", h - 6.0) x2="40" y2=format!("{}", h - 6.0)></line>
                {edges}
            </svg>
        }
    };
    let table = move || {
        rows.get()
            .into_iter()
            .map(|(stalk, class, b, r)| view! { <tr><td><code>{if stalk.is_empty() { "(none)".to_string() } else { stalk }}</code></td><td>{class}</td><td>{format!("{b:.2}")}</td><td>{format!("{r:.2}")}</td></tr> })
            .collect_view()
    };
    let num = |ev: &leptos::ev::Event| event_target_value(ev).trim().parse::<u64>().ok();

    view! {
        <div class="card scale-card" data-testid="scale-panel">
            <h2>"Estimate by the Scale Method"</h2>
            <p class="muted small">"Seed 002: the position is weighed against a stalk; two Monte Carlo players play it out with each side starting, and the win rates say L, R, P or N. A red edge goes on the stalk for L, a blue one for R, until P: the estimate is minus the stalk's value."</p>
            <div class="scale-controls">
                <label>"player "<select data-testid="scale-algo" title="the Monte Carlo player judging each weighing" on:change=move |ev| algo.set(if event_target_value(&ev) == "pure" { Algo::Pure } else { Algo::Uct })>
                    <option value="uct" selected=true>"UCT"</option>
                    <option value="pure">"Pure Monte Carlo"</option>
                </select></label>
                <label>"playouts "<input type="number" min="1" max="5000" data-testid="scale-playouts" prop:value=move || playouts.get().to_string() on:change=move |ev| { if let Some(v) = num(&ev) { playouts.set((v as u32).clamp(1, 5000)); } } /></label>
                <label>"iterations "<input type="number" min="1" max="20000" data-testid="scale-iterations" prop:value=move || iterations.get().to_string() on:change=move |ev| { if let Some(v) = num(&ev) { iterations.set((v as u32).clamp(1, 20000)); } } /></label>
                <label>"margin "<input type="number" min="0" max="0.5" step="0.05" data-testid="scale-margin" prop:value=move || margin.get().to_string() prop:disabled=move || use_test.get() on:change=move |ev| { if let Ok(v) = event_target_value(&ev).trim().parse::<f64>() { margin.set(v.clamp(0.0, 0.5)); } } /></label>
                <label>"seed "<input type="number" min="0" data-testid="scale-seed" prop:value=move || seed.get().to_string() on:change=move |ev| { if let Some(v) = num(&ev) { seed.set(v); } } /></label>
                <label class="toggle" title="the author's suggestion: a z-test (z = 3) on the difference of the two win rates instead of the fixed margin"><input type="checkbox" data-testid="scale-test" prop:checked=move || use_test.get() on:change=move |ev| use_test.set(event_target_checked(&ev)) />" z-test instead of margin"</label>
                <label class="toggle" title="skip chops that make one's own edge fall (proved never better): the smart-move rule everywhere, not only in the weighing stalk"><input type="checkbox" data-testid="scale-prune" prop:checked=move || prune.get() on:change=move |ev| prune.set(event_target_checked(&ev)) />" prune dominated chops"</label>
                <label class="toggle" title="bisection on the value: probe 0, ±1, ±2, ±4, … then halve the bracket the weighings leave open (fewer weighings for a large integer part; the same stalks inside (−1, 1))"><input type="checkbox" data-testid="scale-bisect" prop:checked=move || bisect.get() on:change=move |ev| bisect.set(event_target_checked(&ev)) />" bisect"</label>
            </div>
            <div class="scale-actions">
                <button class="btn primary" data-testid="scale-run" title="weigh the position against stalks until the win rates balance" prop:disabled=move || running() || position.get().is_none() on:click=move |_| start()>"Estimate"</button>
                {move || running().then(|| view! { <button class="btn" data-testid="scale-cancel" title="stop the Monte Carlo games" on:click=move |_| cancel()>"Cancel"</button> })}
                <progress data-testid="scale-progress" max="1" prop:value=fraction aria-label="games played in this weighing"></progress>
                <span class="muted small" data-testid="scale-progress-text">{progress_text}</span>
            </div>
            <div class="scale-result">
                <div>
                    <span class="muted">"estimate "</span>
                    <strong data-testid="scale-estimate">{estimate}</strong>
                    <span class="muted small" data-testid="scale-exact">" · "{verdict}</span>
                </div>
            </div>
            <div class="scale-body">
                <div class="scale-stalk-wrap"><span class="muted small">"weighing stalk"</span>{stalk_svg}</div>
                <div class="canvas-wrap scale-plot"><canvas node_ref=plot_ref data-testid="scale-plot" role="img" aria-label="win rates per weighing"></canvas></div>
                <ExportButtons of="scale-plot" name="scale-win-rates" svg=Callback::new(move |pal: cgt_draw::Palette| {
                    let rates: Vec<(f64, f64)> = rows.with_untracked(|r| r.iter().map(|x| (x.2, x.3)).collect());
                    cgt_draw::scale::win_rates_svg(&rates, (!use_test.get_untracked()).then(|| margin.get_untracked()), 640, 320, &pal)
                }) />
            </div>
            <table class="scale-steps" data-testid="scale-steps">
                <thead><tr><th>"weighing stalk"</th><th>"class"</th><th>"Blue starts"</th><th>"Red starts"</th></tr></thead>
                <tbody>{table}</tbody>
            </table>
            <h3>"Two-Move Hackenbush"</h3>
            <p class="muted small">"Each turn removes two of one's own edges at once; fewer than two left and you lose. Its outcome class by Pure Monte Carlo (seed 002, Table 4), with the playouts, iterations, margin and seed above."</p>
            <button class="btn" data-testid="tm-run" title="the Two-Move Hackenbush outcome class by Pure Monte Carlo" prop:disabled=move || position.get().is_none() on:click=move |_| two_move()>"Two-Move outcome"</button>
            <span data-testid="tm-outcome">" "{move || tm.get()}</span>
        </div>
    }
}
