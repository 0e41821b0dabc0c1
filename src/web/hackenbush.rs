#![cfg(target_arch = "wasm32")]
//! The Hackenbush page (first step of issue 5): the position in the spec's
//! text format, drawn with the ground at the bottom; click an edge to chop
//! it for the side to move (what no longer touches the ground falls); the
//! exact value, outcome and each part's value (within a search budget:
//! larger positions say so instead of freezing the page); presets with their
//! sources; the position and the side to move in the URL.
//!
//! Logic in [`crate::hbview`]; the Scale Method panel is [`crate::web::scale`].

use crate::hbview::{
    add_edge, best_chop, can_chop, chop_preview, colour_class, coords_from_text, coords_to_text, delete_edge,
    layout_with, move_point, uct_chop, value_readout, EXACT_PLAYER_MS, UCT_ITERATIONS, vertex_positions, End, PRESETS,
};
use crate::solver::{Job, Update as Msg, WORKER_MAX_POSITIONS};
use crate::web::jobs::now_ms;
use crate::pages::hackenbush::scale::ScalePanel;
use crate::web::solver::Lane;
use cgt::rulesets::hackenbush::{Colour, HackenbushError};
use crate::pages::hackenbush::signals::HackenbushSignals;
use crate::web::context::Nav;
use cgt::rulesets::hackenbush::Hackenbush;
use cgt::side::Side;
use crate::web::export::ExportButtons;
use leptos::prelude::*;
use std::time::Duration;

/// What undo and redo restore: the text, whether Blue is to move, and the
/// points as drawn (URL form).
type Snapshot = (String, bool, String);

/// A value computed off the page, for one position (its printed form).
#[derive(Clone, Debug, PartialEq)]
enum Background {
    Idle,
    Solving { position: String, since: f64 },
    Done { position: String, result: Result<crate::hbview::ValueReadout, String>, ms: f64 },
    Cancelled { position: String },
}

impl Background {
    fn position(&self) -> Option<&str> {
        match self {
            Background::Idle => None,
            Background::Solving { position, .. } | Background::Done { position, .. } | Background::Cancelled { position } => Some(position),
        }
    }
}

/// Who the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Computer {
    Nobody,
    Blue,
    Red,
}

/// Drawing scale: pixels per layout unit.
const UNIT: f64 = 56.0;

#[component]
pub fn HackenbushPage(st: HackenbushSignals) -> impl IntoView {
    let nav = Nav::from_context();
    let input = RwSignal::new(st.position.get_untracked());
    // Undo and redo: (text, Blue to move, points as drawn) before each change.
    let history: RwSignal<Vec<Snapshot>> = RwSignal::new(vec![]);
    let future: RwSignal<Vec<Snapshot>> = RwSignal::new(vec![]);
    let snapshot = move || (st.position.get_untracked(), st.blue_to_move.get_untracked(), st.coords.get_untracked());
    let record = move || {
        history.update(|v| v.push(snapshot()));
        future.set(vec![]);
    };
    let forget = move || {
        history.set(vec![]);
        future.set(vec![]);
    };
    // Editing: the selected edge (Draw), moving points (Move) and the point
    // being dragged.
    let moving = RwSignal::new(false);
    let selected: RwSignal<Option<usize>> = RwSignal::new(None);
    let point_drag: RwSignal<Option<u32>> = RwSignal::new(None);
    let show_value = RwSignal::new(true);
    // Draw mode: the colour of new edges, the drag in progress (start end
    // and the pointer, layout units) and the last hint.
    let drawing = RwSignal::new(false);
    let pen = RwSignal::new(Colour::Blue);
    let drag: RwSignal<Option<(End, (f64, f64), (f64, f64))>> = RwSignal::new(None);
    let hint = RwSignal::new(String::new());
    let coords = Memo::new(move |_| st.coords.with(|t| coords_from_text(t)));

    let parsed = Memo::new(move |_| st.position.with(|t| t.parse::<Hackenbush>().map_err(|e| e.to_string())));
    // The value within the page's own budget, at once; past it, from the
    // background solver (a Web Worker), with a clock and a cancel button.
    let sync_ms = StoredValue::new(0.0f64);
    let sync = Memo::new(move |_| {
        let t0 = now_ms();
        let r = parsed.with(|p| p.as_ref().ok().map(value_readout));
        sync_ms.set_value(now_ms() - t0);
        r
    });
    let bg = RwSignal::new(Background::Idle);
    // The background value job (cancelled when the page goes).
    let value_job = Lane::new();
    let clock = RwSignal::new(0.0f64);
    let ticker: StoredValue<Option<IntervalHandle>> = StoredValue::new(None);
    let stop_ticker = move || {
        if let Some(t) = ticker.try_get_value().flatten() {
            t.clear();
        }
        ticker.set_value(None);
    };
    let start_background = move |h: Hackenbush| {
        stop_ticker();
        let position = h.to_string();
        let since = now_ms();
        let done_for = position.clone();
        let sent = value_job.submit(|id| Job::HackenbushValue { id, budget: WORKER_MAX_POSITIONS, position: h }, move |u| {
            let result = match u {
                Msg::Value(r) => Ok(r),
                Msg::Error(e) => Err(e),
                _ => return,
            };
            let _ = bg.try_set(Background::Done { position: done_for.clone(), result, ms: now_ms() - since });
            if let Some(t) = ticker.try_get_value().flatten() {
                t.clear();
            }
        });
        match sent {
            Ok(_) => {
                bg.set(Background::Solving { position, since });
                clock.set(0.0);
                ticker.set_value(set_interval_with_handle(move || { let _ = clock.try_set(now_ms() - since); }, Duration::from_millis(100)).ok());
            }
            Err(e) => bg.set(Background::Done { position, result: Err(e), ms: 0.0 }),
        }
    };
    Effect::new(move |_| {
        let Some(Err(HackenbushError::TooLarge { .. })) = sync.get() else { return };
        let Ok(h) = parsed.get() else { return };
        let position = h.to_string();
        if bg.with_untracked(|b| b.position() != Some(position.as_str())) {
            start_background(h);
        }
    });
    on_cleanup(move || {
        if let Some(t) = ticker.try_get_value().flatten() {
            t.clear();
        }
    });
    let readout = Memo::new(move |_| match sync.get()? {
        Ok(r) => Some(Ok(r)),
        Err(HackenbushError::TooLarge { .. }) => {
            let position = parsed.with(|p| p.as_ref().map(|h| h.to_string()).unwrap_or_default());
            bg.with(|b| match b {
                Background::Done { position: p, result, .. } if *p == position => Some(result.clone()),
                Background::Cancelled { position: p } if *p == position => Some(Err("cancelled: too large to solve at once".into())),
                _ => Some(Err("solving in the background…".into())),
            })
        }
        Err(e) => Some(Err(e.to_string())),
    });
    // The edge under the pointer and what chopping it would leave.
    let hovered: RwSignal<Option<usize>> = RwSignal::new(None);
    let preview = Memo::new(move |_| {
        let i = hovered.get()?;
        // Only for positions solved within the budget: a preview of a part
        // of a position too large to solve would cost as much again, per hover.
        if !matches!(sync.get(), Some(Ok(_))) {
            return Some("too large to value each chop here".to_string());
        }
        parsed.with(|p| p.as_ref().ok().and_then(|h| chop_preview(h, i)))
    });

    let typing: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    let set_text = move |text: String| {
        input.set(text.clone());
        selected.set(None);
        st.position.set(text);
    };
    let restore = move |(text, blue, xy): Snapshot| {
        st.coords.set(xy);
        set_text(text);
        st.blue_to_move.set(blue);
    };
    let undo = move || {
        if let Some(s) = history.try_update(|h| h.pop()).flatten() {
            future.update(|f| f.push(snapshot()));
            restore(s);
        }
    };
    let redo = move || {
        if let Some(s) = future.try_update(|f| f.pop()).flatten() {
            history.update(|h| h.push(snapshot()));
            restore(s);
        }
    };
    let delete_selected = move || {
        let (Some(i), Ok(h)) = (selected.get_untracked(), parsed.get_untracked()) else { return };
        if let Some(next) = delete_edge(&h, i) {
            record();
            set_text(next.to_string());
            hint.set(String::new());
        }
    };
    // Keys: Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo, Delete the
    // selected edge; not while typing in a field (it has its own undo).
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        use wasm_bindgen::JsCast;
        let typing_in_field = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if typing_in_field {
            return;
        }
        let ctrl = ev.ctrl_key() || ev.meta_key();
        match ev.key().as_str() {
            "z" | "Z" if ctrl && !ev.shift_key() => {
                ev.prevent_default();
                undo();
            }
            "z" | "Z" | "y" | "Y" if ctrl => {
                ev.prevent_default();
                redo();
            }
            "Delete" | "Backspace" if drawing.get_untracked() && selected.get_untracked().is_some() => {
                ev.prevent_default();
                delete_selected();
            }
            "Escape" => selected.set(None),
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());
    // Edges that just fell (layout units, colour class), drawn falling for a moment.
    let falling: RwSignal<Vec<(f64, f64, f64, f64, &'static str)>> = RwSignal::new(vec![]);
    let fall_timer: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    let chop = move |i: usize| {
        let Ok(h) = parsed.get_untracked() else { return };
        if drawing.get_untracked() {
            // Editing: a click selects (Delete or the button removes it).
            if !moving.get_untracked() && i < h.edges().len() {
                selected.update(|s| *s = if *s == Some(i) { None } else { Some(i) });
            }
            return;
        }
        let blue = st.blue_to_move.get_untracked();
        if !can_chop(&h, i, Side::from_left(blue)) {
            return;
        }
        let Some((next, gone)) = h.chop(i) else { return };
        // The chopped edge and every edge that loses the ground, where they were.
        let old = layout_with(&h, &coords.get_untracked());
        falling.set(
            gone.into_iter()
                .map(|j| {
                    let (x1, y1, x2, y2) = old.segments[j];
                    (x1, y1, x2, y2, colour_class(h.edges()[j].colour()))
                })
                .collect(),
        );
        if let Some(t) = fall_timer.try_get_value().flatten() {
            t.clear();
        }
        fall_timer.set_value(set_timeout_with_handle(move || { let _ = falling.try_set(vec![]); }, Duration::from_millis(700)).ok());
        record();
        set_text(next.to_string());
        st.blue_to_move.set(!blue);
    };

    // The computer answers when it is its turn (exact play within the
    // page's budget; past it, it says so and waits).
    let computer = RwSignal::new(Computer::Nobody);
    let computer_note = RwSignal::new(String::new());
    let timer: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |_| {
        let blue = st.blue_to_move.get();
        let who = computer.get();
        // No computer moves while the picture is being edited.
        if drawing.get() {
            return;
        }
        let Ok(h) = parsed.get() else { return };
        if let Some(t) = timer.try_get_value().flatten() {
            t.clear();
        }
        let its_turn = (who == Computer::Blue && blue) || (who == Computer::Red && !blue);
        if !its_turn {
            return;
        }
        // Too large to play exactly here: the UCT player (seeded by the
        // number of moves so far, so a replay repeats it).
        // (The value first: it sets the time it took.)
        let too_large = matches!(sync.get_untracked(), Some(Err(_)));
        let slow = sync_ms.get_value() > EXACT_PLAYER_MS;
        let seed = history.with_untracked(|v| v.len() as u64);
        // Plays the chosen edge (with the note's reason), or says who won.
        let play = move |h: &Hackenbush, choice: Option<usize>, how: &str| match choice {
            Some(i) => {
                let _ = computer_note.try_set(format!("The computer chopped {}{how}.", h.edges()[i]));
                chop(i);
            }
            None => {
                let _ = computer_note.try_set(format!("{} has no edge to chop: {} wins.", if blue { "Blue" } else { "Red" }, if blue { "Red" } else { "Blue" }));
            }
        };
        let uct = move |h: &Hackenbush, why: &str| play(h, uct_chop(h, Side::from_left(blue), seed), &format!(" (UCT player, {UCT_ITERATIONS} playouts: {why})"));
        let handle = set_timeout_with_handle(
            move || {
                if slow {
                    uct(&h, "exact play would pause the page");
                } else if too_large {
                    uct(&h, "too large to play exactly");
                } else {
                    match best_chop(&h, Side::from_left(blue)) {
                        Ok(choice) => play(&h, choice, ""),
                        // An option too large to value here: UCT after all.
                        Err(_) => uct(&h, "a chop leaves a position too large to value here"),
                    }
                }
            },
            Duration::from_millis(400),
        )
        .ok();
        timer.set_value(handle);
    });
    on_cleanup(move || {
        if let Some(t) = timer.try_get_value().flatten() {
            t.clear();
        }
    });

    let picture = move || {
        let h = parsed.get().ok()?;
        let c = coords.get();
        let l = layout_with(&h, &c);
        let blue = st.blue_to_move.get();
        let draw = drawing.get();
        // While drawing, room to draw beyond the picture.
        let (extra_w, extra_h) = if draw { (3.0, 1.5) } else { (0.0, 0.0) };
        let (w, ht) = ((l.width + 1.0 + extra_w) * UNIT, (l.height + 0.8 + extra_h) * UNIT);
        let px = move |x: f64| (x + 0.5) * UNIT + 10.0;
        let py = move |y: f64| ht - 20.0 - y * UNIT * 0.92;
        let edges = h
            .edges()
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let (x1, y1, x2, y2) = l.segments[i];
                let cls = colour_class(e.colour());
                let playable = can_chop(&h, i, Side::from_left(blue));
                let label = format!("edge {} ({}), {}", e, cls, if playable { "click to chop" } else { "not yours to chop" });
                let aria = label.clone();
                view! {
                    <g class=format!("hb-edge {cls}") class:playable=playable class:selected=move || selected.get() == Some(i) data-testid="hb-edge" on:click=move |_| { hovered.set(None); chop(i) }
                        role="button" tabindex=if playable || draw { "0" } else { "-1" } aria-label=aria
                        on:keydown=move |ev: web_sys::KeyboardEvent| if matches!(ev.key().as_str(), "Enter" | " ") { ev.prevent_default(); ev.stop_propagation(); hovered.set(None); chop(i) }
                        on:focus=move |_| hovered.set(Some(i)) on:blur=move |_| hovered.set(None)
                        on:pointerenter=move |_| hovered.set(Some(i)) on:pointerleave=move |_| hovered.set(None)>
                        <title>{label}</title>
                        <line class="hit" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line>
                        <line class="stroke" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line>
                    </g>
                }
            })
            .collect_view();
        let fallen = falling
            .get()
            .into_iter()
            .map(|(x1, y1, x2, y2, cls)| {
                view! { <g class=format!("hb-edge falling {cls}")><line class="stroke" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line></g> }
            })
            .collect_view();
        let dots = l
            .segments
            .iter()
            .flat_map(|&(x1, y1, x2, y2)| [(x1, y1), (x2, y2)])
            .filter(|&(_, y)| y > 0.0)
            .map(|(x, y)| view! { <circle cx=px(x) cy=py(y) r="4" class="hb-vertex"></circle> })
            .collect_view();
        // Pointer (client pixels) to layout units, through the SVG's box.
        let to_units = move |ev: &web_sys::PointerEvent| -> Option<(f64, f64)> {
            use wasm_bindgen::JsCast;
            let el = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
            let r = el.get_bounding_client_rect();
            if r.width() < 1.0 || r.height() < 1.0 {
                return None;
            }
            let sx = (ev.client_x() as f64 - r.left()) * w / r.width();
            let sy = (ev.client_y() as f64 - r.top()) * ht / r.height();
            Some(((sx - 10.0) / UNIT - 0.5, (ht - 20.0 - sy) / (UNIT * 0.92)))
        };
        let verts = std::sync::Arc::new(vertex_positions(&h, &c));
        let verts_down = verts.clone();
        let on_down = move |ev: web_sys::PointerEvent| {
            if !drawing.get_untracked() || ev.button() != 0 {
                return;
            }
            let Some(p) = to_units(&ev) else { return };
            if moving.get_untracked() {
                // Move: grab the point under the pointer (undo puts it back).
                match snap(&verts_down, p) {
                    End::Vertex(v) => {
                        record();
                        point_drag.set(Some(v));
                        hint.set(String::new());
                    }
                    _ => hint.set("grab a point (a dot) to move it".into()),
                }
                return;
            }
            drag.set(Some((snap(&verts_down, p), p, p)));
        };
        let on_move = move |ev: web_sys::PointerEvent| {
            if let (Some(v), Some(p)) = (point_drag.get_untracked(), to_units(&ev)) {
                if let Ok(h) = parsed.get_untracked() {
                    if let Ok(c2) = move_point(&h, &coords.get_untracked(), v, p) {
                        st.coords.set(coords_to_text(&c2));
                    }
                }
                return;
            }
            if let (Some((a, from, _)), Some(p)) = (drag.get_untracked(), to_units(&ev)) {
                drag.set(Some((a, from, p)));
            }
        };
        let on_up = move |ev: web_sys::PointerEvent| {
            if point_drag.get_untracked().is_some() {
                point_drag.set(None);
                return;
            }
            let Some((a, from, _)) = drag.get_untracked() else { return };
            drag.set(None);
            let Some(p) = to_units(&ev) else { return };
            if ((p.0 - from.0).powi(2) + (p.1 - from.1).powi(2)).sqrt() < 0.1 {
                return; // a click, not a drag (clicking an edge deletes it)
            }
            let Ok(h) = parsed.get_untracked() else { return };
            let c = coords.get_untracked();
            match add_edge(&h, &c, a, snap(&verts, p), pen.get_untracked()) {
                Ok((h2, c2)) => {
                    record();
                    st.coords.set(coords_to_text(&c2));
                    set_text(h2.to_string());
                    hint.set(String::new());
                }
                Err(e) => hint.set(e),
            }
        };
        let rubber = move || {
            drag.get().map(|(_, (x1, y1), (x2, y2))| {
                let cls = colour_class(pen.get_untracked());
                view! { <g class=format!("hb-edge rubber {cls}")><line class="stroke" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line></g> }
            })
        };
        Some(view! {
            <svg class="hb-svg" class:drawing=draw class:moving=move || moving.get() data-testid="hb-canvas" viewBox=format!("0 0 {w} {ht}") width=w height=ht role="group"
                aria-label=format!("Hackenbush position with {} edges", h.edges().len())
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointerleave=move |_| { drag.set(None); point_drag.set(None); }>
                <line class="hb-ground" x1="0" y1=py(0.0) x2=w y2=py(0.0)></line>
                {edges}
                {dots}
                {fallen}
                {rubber}
            </svg>
        })
    };

    let value_text = move |f: fn(&crate::hbview::ValueReadout) -> String| {
        move || match readout.get() {
            Some(Ok(r)) => f(&r),
            Some(Err(_)) => "—".into(),
            None => String::new(),
        }
    };
    let too_large = move || match readout.get() {
        Some(Err(e)) => Some(view! { <p class="note" data-testid="hb-too-large">{e}</p> }),
        _ => None,
    };
    // The background solve: its clock and cancel, or how long it took.
    let background = move || {
        let current = parsed.with(|p| p.as_ref().map(|h| h.to_string()).unwrap_or_default());
        let b = bg.get();
        if b.position() != Some(current.as_str()) || !matches!(sync.get(), Some(Err(HackenbushError::TooLarge { .. }))) {
            return None;
        }
        Some(match b {
            Background::Solving { .. } => view! {
                <div class="hb-background" data-testid="hb-solving" role="status">
                    <span class="spinner" aria-hidden="true"></span>
                    {move || format!("Too large to solve at once: solving in the background… {:.1} s", clock.get() / 1000.0)}
                    <button class="btn small" data-testid="hb-cancel" title="stop the background solve" on:click=move |_| {
                        value_job.cancel();
                        stop_ticker();
                        bg.update(|b| if let Background::Solving { position, .. } = b { *b = Background::Cancelled { position: std::mem::take(position) } });
                    }>"Cancel"</button>
                </div>
            }
            .into_any(),
            Background::Cancelled { .. } => view! {
                <div class="hb-background" data-testid="hb-solving">
                    "Cancelled. "
                    <button class="btn small" data-testid="hb-solve" title="solve this position in the background again" on:click=move |_| {
                        if let Ok(h) = parsed.get_untracked() {
                            start_background(h);
                        }
                    }>"Solve in the background"</button>
                </div>
            }
            .into_any(),
            Background::Done { ms, result: Ok(_), .. } => view! {
                <p class="muted small" data-testid="hb-solved-in">{format!("solved in the background in {:.2} s", ms / 1000.0)}</p>
            }
            .into_any(),
            _ => return None,
        })
    };
    let parts = move || match readout.get() {
        Some(Ok(r)) if r.parts.len() > 1 => Some(
            r.parts
                .into_iter()
                .map(|(p, v)| view! { <li><code>{p}</code>" = "<code>{v}</code></li> })
                .collect_view(),
        ),
        _ => None,
    };
    let error_view = move || {
        parsed.get().err().map(|m| view! { <div class="error" role="alert" data-testid="hb-error"><strong>"Cannot read this position. "</strong>{m}</div> })
    };
    let presets = PRESETS
        .iter()
        .map(|(name, pos, value, source)| {
            let pos = pos.to_string();
            view! {
                <li>
                    <button class="preset" data-testid="hb-preset" title=format!("source: {source}") on:click=move |_| {
                        forget();
                        st.blue_to_move.set(true);
                        st.coords.set(String::new());
                        set_text(pos.clone());
                    }>
                        <span class="preset-name">{*name}</span>
                        <code>{format!("= {value}")}</code>
                    </button>
                    <div class="preset-meta"><span class="source">{format!("source: {source}")}</span></div>
                </li>
            }
        })
        .collect_view();

    view! {
        <section class="hackenbush" data-testid="page-hackenbush">
            <div class="card input-card">
                <div class="input-head"><label for="hb-text" class="input-label">"Position"</label></div>
                <div class="input-row">
                    <input id="hb-text" type="text" data-testid="hb-text" spellcheck="false" autocomplete="off"
                        placeholder="e.g. 0-1:b 1-2:r  or  stalk:brr"
                        prop:value=move || input.get()
                        on:input=move |ev| {
                            // Debounced: a big position is solved once, not at every keystroke.
                            forget();
                            let text = event_target_value(&ev);
                            input.set(text.clone());
                            if let Some(t) = typing.try_get_value().flatten() {
                                t.clear();
                            }
                            typing.set_value(set_timeout_with_handle(move || { let _ = st.position.try_set(text); }, Duration::from_millis(150)).ok());
                        } />
                </div>
                <p class="hint">
                    "Edges " <code>"u-v:c"</code> " (vertex 0 is the ground; c is " <code>"b"</code> " Blue/Left, "
                    <code>"r"</code> " Red/Right, " <code>"g"</code> " green/either) and stalks " <code>"stalk:brr"</code>
                    " (from the ground up). Click an edge to chop it; whatever no longer touches the ground falls."
                </p>
                {error_view}
            </div>
            <div class="workspace">
                <div class="card">
                    <div class="play-bar">
                        <div class="segmented" role="group" aria-label="mode">
                            <button class="btn small" class:active=move || !drawing.get() data-testid="hb-mode-play" title="chop edges in turn" on:click=move |_| { drawing.set(false); moving.set(false); selected.set(None); }>"Play"</button>
                            <button class="btn small" class:active=move || drawing.get() && !moving.get() data-testid="hb-mode-draw" title="drag to draw edges; click one to select it" on:click=move |_| { drawing.set(true); moving.set(false); }>"Draw"</button>
                            <button class="btn small" class:active=move || moving.get() data-testid="hb-mode-move" title="drag points to move them" on:click=move |_| { drawing.set(true); moving.set(true); selected.set(None); }>"Move"</button>
                        </div>
                        {move || (drawing.get() && !moving.get()).then(|| view! {
                            <div class="segmented pens" role="group" aria-label="colour of new edges">
                                <button class="btn small pen blue" class:active=move || pen.get() == Colour::Blue data-testid="hb-pen-b" title="draw blue (Left) edges" on:click=move |_| pen.set(Colour::Blue)>"blue"</button>
                                <button class="btn small pen red" class:active=move || pen.get() == Colour::Red data-testid="hb-pen-r" title="draw red (Right) edges (dashed)" on:click=move |_| pen.set(Colour::Red)>"red"</button>
                                <button class="btn small pen green" class:active=move || pen.get() == Colour::Green data-testid="hb-pen-g" title="draw green edges (either player; dotted)" on:click=move |_| pen.set(Colour::Green)>"green"</button>
                                <button class="btn small" data-testid="hb-delete" title="delete the selected edge (Delete key)" prop:disabled=move || selected.get().is_none() on:click=move |_| delete_selected()>"delete edge"</button>
                                <button class="btn small" data-testid="hb-clear" title="remove every edge" on:click=move |_| {
                                    record();
                                    st.coords.set(String::new());
                                    set_text(String::new());
                                }>"clear"</button>
                            </div>
                        })}
                        <span class="status" data-testid="hb-turn">{move || if st.blue_to_move.get() { "Blue (Left) to chop" } else { "Red (Right) to chop" }}</span>
                        <button class="btn small" data-testid="hb-undo" title="undo (Ctrl+Z)" prop:disabled=move || history.with(|h| h.is_empty()) on:click=move |_| undo()>"Undo"</button>
                        <button class="btn small" data-testid="hb-redo" title="redo (Ctrl+Shift+Z)" prop:disabled=move || future.with(|f| f.is_empty()) on:click=move |_| redo()>"Redo"</button>
                        <button class="btn small" data-testid="hb-pass" title="let the other side chop next" on:click=move |_| st.blue_to_move.update(|b| *b = !*b)>"Switch side"</button>
                        <label>" computer plays "
                            <select data-testid="hb-computer" title="which side the computer plays" on:change=move |ev| {
                                computer_note.set(String::new());
                                computer.set(match event_target_value(&ev).as_str() {
                                    "blue" => Computer::Blue,
                                    "red" => Computer::Red,
                                    _ => Computer::Nobody,
                                });
                            }>
                                <option value="none" selected=true>"nobody (two players)"</option>
                                <option value="red">"Red"</option>
                                <option value="blue">"Blue"</option>
                            </select>
                        </label>
                        <span class="spacer"></span>
                        <label class="toggle"><input type="checkbox" data-testid="hb-show-value" prop:checked=move || show_value.get() on:change=move |ev| show_value.set(event_target_checked(&ev)) />" show the value (off: puzzle mode)"</label>
                    </div>
                    <p class="muted small hb-hint" data-testid="hb-hint">{move || {
                        let h = hint.get();
                        if !h.is_empty() { h } else if moving.get() { "Drag a point to move it; the edges follow.".into() } else if drawing.get() { "Drag from the ground or a point to draw an edge; click an edge to select it, then Delete.".into() } else { String::new() }
                    }}</p>
                    <div class="hb-board">{picture}</div>
                    <div class="toolbar"><span class="spacer"></span><ExportButtons of="hb-canvas" name="hackenbush" /></div>
                    <p class="hb-preview" data-testid="hb-preview" aria-live="polite">
                        {move || if show_value.get() { preview.get().unwrap_or_else(|| "Point at an edge to see what chopping it leaves.".into()) } else { String::new() }}
                    </p>
                    <p class="muted small" data-testid="hb-computer-note">{move || computer_note.get()}</p>
                    <ScalePanel
                        position=Signal::derive(move || parsed.get().ok())
                        exact=Signal::derive(move || readout.get().and_then(|r| r.ok()).map(|r| r.value))
                        puzzle=Signal::derive(move || !show_value.get())
                    />
                </div>
                <aside class="side">
                    <div class="card stats-card" class:hidden-values=move || !show_value.get()>
                        <dl class="stats">
                            <div class="wide"><dt>"value"</dt><dd data-testid="hb-value">{value_text(|r| r.value.clone())}</dd></div>
                            <div><dt>"outcome"</dt><dd data-testid="hb-outcome">{value_text(|r| r.outcome.clone())}</dd></div>
                        </dl>
                        {move || matches!(readout.get(), Some(Ok(_))).then(|| view! {
                            <button class="btn small" data-testid="send-to-sum" title="Append this position's value (its canonical form) to the Sums page as one component" on:click=move |_| {
                                if let Some(Ok(r)) = readout.get_untracked() { if let Err(e) = nav.send_to_sum(&[r.value]) { computer_note.set(e); } }
                            }>"Add to Sums →"</button>
                        })}
                        {too_large}
                        {background}
                        <ul class="hb-parts" data-testid="hb-parts">{parts}</ul>
                    </div>
                    <div class="card presets-card">
                        <h2>"Presets"</h2>
                        <ul class="presets">{presets}</ul>
                    </div>
                </aside>
            </div>
        </section>
    }
}

/// What a point (layout units) lands on: an existing point within reach,
/// the ground, or a new point.
fn snap(verts: &[(u32, f64, f64)], (x, y): (f64, f64)) -> End {
    let near = verts
        .iter()
        .map(|&(v, vx, vy)| (v, ((vx - x).powi(2) + (vy - y).powi(2)).sqrt()))
        .filter(|&(_, d)| d < 0.3)
        .min_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
    match near {
        Some((v, _)) => End::Vertex(v),
        None if y < 0.2 => End::Ground(x),
        None => End::New(x, y),
    }
}
