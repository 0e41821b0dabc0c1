#![cfg(target_arch = "wasm32")]
//! The Sums page (issue 7): a sum typed as `G1 + G2 + ...` (in the URL as
//! `s=`), its components with their thermographs, the exact `VL` / `VR` and
//! best moves from the background worker, every bound as a bar beside the
//! exact value and the thermostatic bracket against t, play against the
//! computer by a chosen strategy, a tournament of the strategies, and B*
//! beside alpha-beta step by step. Logic in [`crate::sumview`] and
//! `cgt::sums`; this is the DOM around it.

use crate::solver::{Job, Update as Msg};
use crate::sumview::{bstar_tree, computer_reply, edit_component, figures, move_key, replay_game, ExactReadout, PlayRecord, SumFigures, SUM_PRESETS, WORKER_BUDGET};
use crate::pages::sums::signals::SumsSignals;
use crate::web::solver::Lane;
use cgt::numbers::Q;
use cgt::side::Side;
use cgt::sums::bstar::{alphabeta, bstar, AlphaBeta, BStar, BStarConfig, Ranges};
use cgt::sums::strategy::{play, Strategy};
use cgt_draw::sums::{bounds_svg, thermostatic_svg, tree_svg};
use cgt_draw::{thermograph_svg, DrawOptions};
use crate::web::export::ExportButtons;
use leptos::prelude::*;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
enum Exact {
    Idle,
    Running,
    Done(ExactReadout),
    Cancelled,
    Failed(String),
}

#[component]
pub fn SumsPage(st: SumsSignals) -> impl IntoView {
    let figs: RwSignal<Option<Arc<Result<SumFigures, String>>>> = RwSignal::new(None);
    let exact = RwSignal::new(Exact::Idle);
    let input = RwSignal::new(st.sum.get_untracked());
    let add_text = RwSignal::new(String::new());
    // The game against the computer lives in the URL (`sp=`); the
    // selects start from it.
    let first_rec = st.play.get_untracked().parse::<PlayRecord>().ok();
    let computer = RwSignal::new(first_rec.as_ref().map_or(Strategy::Sentestrat, |r| r.computer));
    let you_left = RwSignal::new(first_rec.as_ref().is_none_or(|r| r.you == Side::Left));
    let left_first = RwSignal::new(first_rec.as_ref().is_none_or(|r| r.first == Side::Left));
    let tournament: RwSignal<Vec<(Strategy, Vec<(String, String)>)>> = RwSignal::new(Vec::new());
    let ranges = RwSignal::new(Ranges::Hanner);
    let search: RwSignal<Option<Arc<(BStar, AlphaBeta)>>> = RwSignal::new(None);
    let step = RwSignal::new(0usize);

    // Figures at once; the exact values in the worker (a new sum replaces
    // the search for the old one; leaving the page stops it).
    let exact_job = Lane::new();
    Effect::new(move |_| {
        let text = st.sum.get();
        input.set(text.clone());
        let f = figures(&text);
        let ok = f.is_ok();
        figs.set(Some(Arc::new(f)));
        tournament.set(Vec::new());
        search.set(None);
        step.set(0);
        if !ok {
            exact_job.cancel();
            exact.set(Exact::Idle);
            return;
        }
        exact.set(Exact::Running);
        let sent = exact_job.submit(|id| Job::Sum { id, budget: WORKER_BUDGET, sum: text }, move |u| match u {
            Msg::Sum(r) => {
                let _ = exact.try_set(Exact::Done(r));
            }
            Msg::Error(e) => {
                let _ = exact.try_set(Exact::Failed(e));
            }
            _ => {}
        });
        if let Err(e) = sent {
            exact.set(Exact::Failed(e));
        }
    });

    let with_figs = move |f: &dyn Fn(&SumFigures) -> String| figs.with(|x| match x.as_deref() {
        Some(Ok(fig)) => f(fig),
        _ => String::new(),
    });
    let error = move || figs.with(|x| match x.as_deref() {
        Some(Err(e)) => e.clone(),
        _ => String::new(),
    });
    let exact_q = move || match exact.get() {
        Exact::Done(r) if r.exact => r.vl.parse::<Q>().ok(),
        _ => None,
    };
    let side = move |left: bool| match exact.get() {
        Exact::Idle => "—".to_string(),
        Exact::Running => "computing…".to_string(),
        Exact::Done(r) => if left { r.vl } else { r.vr },
        Exact::Cancelled => "cancelled".to_string(),
        Exact::Failed(e) => format!("failed: {e}"),
    };
    let best = move |left: bool| match exact.get() {
        Exact::Done(r) => {
            let m = if left { r.best_left } else { r.best_right };
            if m.is_empty() { "—".to_string() } else { m.join(" ") }
        }
        _ => String::new(),
    };
    let status = move || match exact.get() {
        Exact::Done(r) if r.exact => format!("exact, {} positions searched", r.nodes),
        Exact::Done(r) => format!("budget of {} positions exceeded: the brackets known so far", r.nodes),
        Exact::Running => "the worker is searching…".to_string(),
        _ => String::new(),
    };

    let set_sum = move |t: String| {
        st.play.set(String::new());
        st.sum.set(t);
    };
    let palette = crate::web::context::palette();
    let rows = move || {
        let palette = palette.get();
        figs.with(|x| match x.as_deref() {
            Some(Ok(f)) => f
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let th = &f.games.position(f.games.components()[i]).thermograph;
                    let svg = thermograph_svg(th, 220, 140, &DrawOptions { legend: false, palette, ..DrawOptions::default() });
                    let text = r.text.clone();
                    view! {
                        <li class="sum-row" data-testid=format!("sum-row-{i}")>
                            <div class="sum-row-head">
                                <input type="text" class="mono" aria-label=format!("component {}", i + 1) data-testid=format!("sum-component-{i}") prop:value=text
                                    on:change=move |ev| set_sum(edit_component(&st.sum.get_untracked(), i, Some(&event_target_value(&ev)))) />
                                <button class="btn small" title="remove this component" data-testid=format!("sum-remove-{i}") on:click=move |_| set_sum(edit_component(&st.sum.get_untracked(), i, None))>"×"</button>
                            </div>
                            <div class="sum-row-body">
                                <div class="sum-mini" inner_html=svg></div>
                                <dl class="stats small">
                                    <div><dt>"canonical"</dt><dd>{r.canonical.clone()}</dd></div>
                                    <div><dt>"mean"</dt><dd>{r.mean.clone()}</dd></div>
                                    <div><dt>"temperature"</dt><dd>{r.temperature.clone()}</dd></div>
                                    <div><dt>"stops"</dt><dd>{format!("{} / {}", r.left_stop, r.right_stop)}</dd></div>
                                </dl>
                            </div>
                        </li>
                    }
                })
                .collect_view()
                .into_any(),
            _ => ().into_any(),
        })
    };

    let bound_rows = move || {
        figs.with(|x| match x.as_deref() {
            Some(Ok(f)) => {
                let b = &f.bounds;
                let t = format!("thermostatic (t = {})", b.thermostatic_t.0);
                [("milnor", "Milnor".to_string(), &b.milnor), ("hanner", "Hanner".to_string(), &b.hanner), ("second_temperature", "second temperature".to_string(), &b.second_temperature), ("thermostatic", t, &b.thermostatic)]
                    .into_iter()
                    .map(|(key, name, p)| view! { <tr data-testid=format!("bound-{key}")><td>{name}</td><td class="mono">{p.vl.to_string()}</td><td class="mono">{p.vr.to_string()}</td></tr> })
                    .collect_view()
                    .into_any()
            }
            _ => ().into_any(),
        })
    };
    let bounds_plot = move || {
        let pal = palette.get();
        let ex = exact_q().map(|q| q.to_f64());
        figs.with(|x| match x.as_deref() {
            Some(Ok(f)) => {
                let b = &f.bounds;
                let bar = |n: &str, p: &cgt::sums::Bracket| (n.to_string(), p.lo.to_f64(), p.hi.to_f64());
                let bars = vec![bar("Milnor", &b.milnor.vl), bar("Hanner", &b.hanner.vl), bar("2nd temperature", &b.second_temperature.vl), bar("thermostatic", &b.thermostatic.vl)];
                bounds_svg(&bars, ex, 640, 190, &pal)
            }
            _ => String::new(),
        })
    };
    let thermo_plot = move || {
        let pal = palette.get();
        let ex = exact_q().map(|q| q.to_f64());
        figs.with(|x| match x.as_deref() {
            Some(Ok(f)) => {
                let c: Vec<(f64, f64, f64)> = f.curve.iter().map(|(t, vl, _)| (t.to_f64(), vl.lo.to_f64(), vl.hi.to_f64())).collect();
                thermostatic_svg(&c, ex, 640, 260, &pal)
            }
            _ => String::new(),
        })
    };

    // Play: the record in the URL replayed on the sum; the computer
    // answers whenever it is its turn.
    let played = Memo::new(move |_| {
        let text = st.play.get();
        if text.trim().is_empty() {
            return None;
        }
        let rec = match text.parse::<PlayRecord>() {
            Ok(r) => r,
            Err(e) => return Some(Err(e.to_string())),
        };
        figs.with(|x| match x.as_deref() {
            Some(Ok(f)) => Some(replay_game(&f.games, &rec).map(|at| (rec, at))),
            _ => None,
        })
    });
    Effect::new(move |_| {
        let Some(Ok((mut rec, at))) = played.get() else { return };
        let reply = figs.with_untracked(|x| match x.as_deref() {
            Some(Ok(f)) => computer_reply(&f.games, &rec, &at),
            _ => None,
        });
        if let Some(m) = reply {
            rec.moves.push(m);
            st.play.set(rec.to_string());
        }
    });
    let start_game = move || {
        let rec = PlayRecord { you: Side::from_left(you_left.get_untracked()), first: Side::from_left(left_first.get_untracked()), computer: computer.get_untracked(), moves: Vec::new() };
        st.play.set(rec.to_string());
    };
    let your_move = move |key: (usize, usize)| {
        if let Some(Ok((mut rec, _))) = played.get_untracked() {
            rec.moves.push(key);
            st.play.set(rec.to_string());
        }
    };
    let undo = move || {
        if let Some(Ok((mut rec, at))) = played.get_untracked() {
            let keep = at.log.iter().rposition(|m| m.by_you).unwrap_or(0);
            rec.moves.truncate(keep);
            st.play.set(rec.to_string());
        }
    };
    let play_view = move || {
        let Some(p) = played.get() else { return ().into_any() };
        let (rec, at) = match p {
            Ok(x) => x,
            Err(e) => return view! { <p class="error" role="alert" data-testid="sum-play-error">{e}</p> }.into_any(),
        };
        figs.with(|x| {
            let Some(Ok(f)) = x.as_deref() else { return ().into_any() };
            let g = &f.games;
            let buttons = if at.your_turn(&rec) {
                g.moves(&at.state, rec.you)
                    .into_iter()
                    .enumerate()
                    .filter_map(|(k, m)| {
                        let key = move_key(g, &at.state, rec.you, m)?;
                        Some(view! { <button class="btn small" data-testid=format!("sum-move-{k}") title=format!("move in component {} to {}", m.component + 1, g.position(m.to).name) on:click=move |_| your_move(key)>{g.move_text(m)}</button> })
                    })
                    .collect_view()
                    .into_any()
            } else {
                ().into_any()
            };
            let position: Vec<String> = at.state.iter().map(|&p| g.position(p).name.clone()).collect();
            let log = at
                .log
                .iter()
                .map(|m| {
                    let who = if m.by_you { format!("you ({})", m.side.name()) } else { format!("computer ({}, {})", m.side.name(), rec.computer) };
                    view! { <li class=if m.side == Side::Left { "by-left" } else { "by-right" }>{format!("{who}: {}", g.move_text(m.mv))}</li> }
                })
                .collect_view();
            let turn = match &at.score {
                Some(s) => format!("game over: score {s} (positive is good for Left)"),
                None if at.your_turn(&rec) => format!("your move ({})", rec.you.name()),
                None => "the computer is thinking…".to_string(),
            };
            view! {
                <p class="mono small" data-testid="sum-play-position">{position.join(" + ")}</p>
                <p data-testid="sum-play-turn">{turn}</p>
                <div class="sum-moves">{buttons}</div>
                <ol class="small" data-testid="sum-play-log">{log}</ol>
                <p data-testid="sum-play-score">{at.score.map(|s| format!("score {s}")).unwrap_or_default()}</p>
            }
            .into_any()
        })
    };
    let run_tournament = move || {
        figs.with_untracked(|x| {
            let Some(Ok(f)) = x.as_deref() else { return };
            let g = &f.games;
            let rows = Strategy::ALL
                .into_iter()
                .map(|l| (l, Strategy::ALL.into_iter().map(|r| (play(g, g.components(), l, r, Side::Left, 200_000).score.to_string(), play(g, g.components(), l, r, Side::Right, 200_000).score.to_string())).collect()))
                .collect();
            tournament.set(rows);
        })
    };
    let run_bstar = move || {
        figs.with_untracked(|x| {
            let Some(Ok(f)) = x.as_deref() else { return };
            let g = &f.games;
            let r = ranges.get_untracked();
            let b = bstar(g, g.components(), Side::Left, BStarConfig { ranges: r, max_nodes: 20_000 });
            let a = alphabeta(g, g.components(), Side::Left, r, 200_000);
            step.set(0);
            search.set(Some(Arc::new((b, a))));
        })
    };
    let bstar_view = move || {
        let Some(s) = search.get() else { return ().into_any() };
        let (b, a) = &*s;
        let names = figs.with(|x| match x.as_deref() {
            Some(Ok(f)) => Some(f.games.clone()),
            _ => None,
        });
        let Some(g) = names else { return ().into_any() };
        let k = step.get().min(b.steps.len().saturating_sub(1));
        let st = b.steps.get(k).cloned();
        let n_steps = b.steps.len();
        let best = b.best.map(|m| g.move_text(m)).unwrap_or_else(|| "—".into());
        let (tree, cut) = bstar_tree(&g, b, k);
        let ab_text = match &a.value {
            Some(v) => format!("value {v}, best {}", a.best.map(|m| g.move_text(m)).unwrap_or_default()),
            None => "over its node budget".into(),
        };
        view! {
            <p>"B*: " <strong data-testid="bstar-result">{format!("{} {best}", if b.proved { "proved" } else { "did not prove" })}</strong>
               " with " <strong data-testid="bstar-nodes">{b.nodes}</strong> " nodes; alpha-beta: " {ab_text} " with " <strong data-testid="alphabeta-nodes">{a.nodes}</strong> " nodes."</p>
            <div class="toolbar">
                <button class="btn small" data-testid="bstar-prev" title="the previous B* step" prop:disabled=move || step.get() == 0 on:click=move |_| step.update(|s| *s = s.saturating_sub(1))>"◀ step"</button>
                <span data-testid="bstar-step">{format!("step {} of {n_steps}: {}", k + 1, st.as_ref().map(|s| s.kind.to_string()).unwrap_or_default())}</span>
                <button class="btn small" data-testid="bstar-next" title="the next B* step" prop:disabled=move || { step.get() + 1 >= n_steps } on:click=move |_| step.update(|s| *s += 1)>"step ▶"</button>
            </div>
            <table class="sum-table" data-testid="bstar-steps">
                <thead><tr><th>"Left's move"</th><th>"range after this step"</th></tr></thead>
                <tbody>{st.map(|s| s.moves.iter().map(|(m, r)| view! { <tr><td class="mono">{g.move_text(*m)}</td><td class="mono">{r.to_string()}</td></tr> }).collect_view())}</tbody>
            </table>
            <p class="muted small">{st_root(b, k)}</p>
            <div class="bstar-tree" data-testid="bstar-tree" role="img" aria-label=format!("the B* tree after step {}: {} nodes, each with its range", k + 1, tree.len()) inner_html=tree_svg(&tree, &palette.get())></div>
            <div class="toolbar"><span class="spacer"></span><ExportButtons of="bstar-tree" name="bstar-tree" /></div>
            <p class="muted small">"Boxes hold each node's range; L (blue square) = Left to move there, R (red circle) = Right. Thick orange frame: the leaf this step expanded; dashed orange: the nodes it generated."
                {cut.then_some(" The tree is large: only its top levels and the path to this step's leaf are drawn.")}</p>
        }
        .into_any()
    };

    let presets = SUM_PRESETS.iter().enumerate().map(|(i, p)| view! { <option value=i.to_string()>{p.name}</option> }).collect_view();
    let strategy_options = Strategy::ALL.into_iter().map(|s| view! { <option value=s.to_string() selected=s == computer.get_untracked()>{s.to_string()}</option> }).collect_view();

    view! {
        <section class="sums" data-testid="page-sums">
            <div class="card">
                <h1>"Sums of games"</h1>
                <p class="muted small">"Type a sum as G1 + G2 + … in the explorer's notation, or pick a preset. Left moves first unless said otherwise; play ends when every component is a number (seed 001)."</p>
                <div class="toolbar">
                    <label>"preset "<select data-testid="sum-preset" title="sums from seeds 001 and 004" on:change=move |ev| {
                        if let Some(p) = event_target_value(&ev).parse::<usize>().ok().and_then(|i| SUM_PRESETS.get(i)) { set_sum(p.sum.to_string()); }
                    }>
                        <option value="">"—"</option>
                        {presets}
                    </select></label>
                </div>
                <input type="text" class="mono wide" aria-label="the sum" data-testid="sum-input" prop:value=move || input.get()
                    on:change=move |ev| set_sum(event_target_value(&ev).trim().to_string()) />
                <p class="error" role="alert" data-testid="sum-error">{error}</p>
            </div>
            <div class="sums-grid">
                <div class="card">
                    <h2>"Components"</h2>
                    <ol class="sum-components" data-testid="sum-components">{rows}</ol>
                    <div class="toolbar">
                        <input type="text" class="mono" placeholder="add a component, e.g. 5|-5" aria-label="new component" data-testid="sum-add" prop:value=move || add_text.get() on:input=move |ev| add_text.set(event_target_value(&ev)) />
                        <button class="btn" data-testid="sum-add-btn" title="append the component typed beside" on:click=move |_| {
                            let t = add_text.get_untracked();
                            if !t.trim().is_empty() { set_sum(edit_component(&st.sum.get_untracked(), usize::MAX, Some(&t))); add_text.set(String::new()); }
                        }>"Add"</button>
                    </div>
                </div>
                <div class="card">
                    <h2>"Exact play"</h2>
                    <dl class="stats">
                        <div><dt>"VL (Left first)"</dt><dd data-testid="sum-vl">{move || side(true)}</dd></div>
                        <div><dt>"VR (Right first)"</dt><dd data-testid="sum-vr">{move || side(false)}</dd></div>
                        <div><dt>"mean"</dt><dd data-testid="sum-mean">{move || with_figs(&|f| f.bounds.mean.to_string())}</dd></div>
                        <div><dt>"Left's best first moves"</dt><dd class="mono" data-testid="sum-best-left">{move || best(true)}</dd></div>
                        <div><dt>"Right's best first moves"</dt><dd class="mono" data-testid="sum-best-right">{move || best(false)}</dd></div>
                    </dl>
                    <p class="muted small" data-testid="sum-status">{status}</p>
                    {move || matches!(exact.get(), Exact::Running).then(|| view! { <button class="btn small" data-testid="sum-cancel" title="stop the exact search" on:click=move |_| { exact_job.cancel(); exact.set(Exact::Cancelled); }>"Cancel"</button> })}
                    <h2>"Bounds on VL and VR"</h2>
                    <table class="sum-table" data-testid="sum-bounds">
                        <thead><tr><th>"bound"</th><th>"VL in"</th><th>"VR in"</th></tr></thead>
                        <tbody>{bound_rows}</tbody>
                    </table>
                    <div class="sum-plot" data-testid="sum-bounds-plot" role="img" aria-label="the VL brackets on one value axis, the exact VL as an orange line" inner_html=bounds_plot></div>
                    <div class="toolbar"><span class="spacer"></span><ExportButtons of="sum-bounds-plot" name="sum-bounds" /></div>
                    <div class="sum-plot" data-testid="sum-thermostatic-plot" role="img" aria-label="the thermostatic bracket on VL against t" inner_html=thermo_plot></div>
                    <div class="toolbar"><span class="spacer"></span><ExportButtons of="sum-thermostatic-plot" name="sum-thermostatic" /></div>
                </div>
            </div>
            <div class="sums-grid">
                <div class="card">
                    <h2>"Play against the computer"</h2>
                    <p class="muted small">"Choose your side and who starts; the computer plays the other side by the strategy chosen (definitions in cgt::sums::strategy). Every move is in the address bar: a shared link replays the game."</p>
                    <div class="toolbar">
                        <label>"you play "<select data-testid="sum-you" title="the side you play" on:change=move |ev| you_left.set(event_target_value(&ev) == "L")>
                            <option value="L" selected=move || you_left.get()>"Left"</option>
                            <option value="R" selected=move || !you_left.get()>"Right"</option>
                        </select></label>
                        <label>"first "<select data-testid="sum-first" title="who moves first" on:change=move |ev| left_first.set(event_target_value(&ev) == "L")>
                            <option value="L" selected=move || left_first.get()>"Left"</option>
                            <option value="R" selected=move || !left_first.get()>"Right"</option>
                        </select></label>
                        <label>"computer "<select data-testid="sum-strategy" title="the computer's strategy" on:change=move |ev| { if let Ok(s) = event_target_value(&ev).parse() { computer.set(s); } }>{strategy_options}</select></label>
                        <button class="btn" data-testid="sum-play" title="start a game with these settings" on:click=move |_| start_game()>"New game"</button>
                        <button class="btn small" data-testid="sum-undo" title="take back your last move (and the computer's answer)" prop:disabled=move || { !matches!(played.get(), Some(Ok((_, ref at))) if at.log.iter().any(|m| m.by_you)) } on:click=move |_| undo()>"Undo"</button>
                    </div>
                    {play_view}
                    <h2>"Tournament"</h2>
                    <button class="btn" data-testid="sum-tournament-run" title="play every strategy against every other, with each side starting" on:click=move |_| run_tournament()>"Play every strategy against every other"</button>
                    <table class="sum-table" data-testid="sum-tournament">
                        <thead><tr><th>"Left \\ Right"</th>{Strategy::ALL.into_iter().map(|s| view! { <th>{s.to_string()}</th> }).collect_view()}</tr></thead>
                        <tbody>{move || tournament.get().into_iter().map(|(l, cells)| view! { <tr><th>{l.to_string()}</th>{cells.into_iter().map(|(a, b)| view! { <td class="mono">{format!("{a} / {b}")}</td> }).collect_view()}</tr> }).collect_view()}</tbody>
                    </table>
                    <p class="muted small">"Each cell: the score with Left first / Right first."</p>
                </div>
                <div class="card">
                    <h2>"B* and alpha-beta"</h2>
                    <p class="muted small">"B* (seed 001 §5.2) gives every node a range from a bound and expands only what separates the best move from the rest: Prove-Best raises the best move's lower bound, Disprove-Rest lowers the runner-up's upper bound (chosen by Palay's rule with uniform ranges). Alpha-beta searches the same tree, moves in the same order, to the end."</p>
                    <div class="toolbar">
                        <label>"ranges "<select data-testid="bstar-ranges" title="where B* takes each node range from" on:change=move |ev| ranges.set(if event_target_value(&ev) == "tightest" { Ranges::Tightest } else { Ranges::Hanner })>
                            <option value="hanner">"Hanner (the thesis)"</option>
                            <option value="tightest">"all bounds met"</option>
                        </select></label>
                        <button class="btn primary" data-testid="bstar-run" title="run B* and alpha-beta from this sum with Left to move" on:click=move |_| run_bstar()>"Run B*"</button>
                    </div>
                    {bstar_view}
                </div>
            </div>
        </section>
    }
}

fn st_root(b: &BStar, k: usize) -> String {
    b.steps.get(k).map(|s| format!("root range {} after this step", s.root_range)).unwrap_or_default()
}
