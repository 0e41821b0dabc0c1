//! The Hackenbush page's Leptos components (wasm32 only). All logic is in
//! [`super::model`]; this is the DOM around it.
//!
//! [`HackenbushPage`] builds one [`Ctl`] (`super::ctl`: the URL state, the
//! parsed position, its value, Undo/Redo, the computer and the effects
//! that keep them in step) and lays out components named for what the user sees:
//! [`PositionField`] at the top; in the main column [`PlayBar`] (with
//! [`ModeSwitch`], [`PenPicker`] and [`ComputerPicker`]), the picture
//! ([`super::board::BedPicture`]), [`ChopPreview`] and the Scale Method
//! panel; beside it [`ValueCard`] (with [`BackgroundSolve`]) and
//! [`PresetList`].
//!
//! The value is computed on the page within the model's budget; past it
//! the position goes to the background worker with a clock and Cancel.
//! The computer answers a move after a short pause, exactly within the
//! budget, else by seeded UCT.

use super::board::BedPicture;
use super::ctl::{Background, Ctl};
use super::model::{turn, ValueReadout, PRESETS};
use super::scale::ScalePanel;
use super::signals::HackenbushSignals;
use crate::play::Player;
use crate::web::dom;
use crate::web::export::ExportButtons;
use cgt::rulesets::hackenbush::{Colour, HackenbushError};
use cgt::side::Side;
use leptos::prelude::*;
use std::time::Duration;

/// The Hackenbush page.
#[component]
pub fn HackenbushPage(st: HackenbushSignals) -> impl IntoView {
    let ctl = Ctl::new(st);
    ctl.background_effect();
    ctl.key_listener();
    ctl.computer_effect();
    let show_value = ctl.show_value;
    view! {
        <section class="hackenbush" data-testid="page-hackenbush">
            <PositionField ctl=ctl />
            <div class="workspace hb-workspace">
                <div class="card hb-main">
                    <PlayBar ctl=ctl />
                    <p class="muted small hb-hint" data-testid="hb-hint">{move || {
                        let h = ctl.hint.get();
                        if !h.is_empty() { h } else if ctl.moving.get() { "Drag a point to move it; the edges follow.".into() } else if ctl.drawing.get() { "Drag from the ground or a point to draw an edge; click an edge to select it, then Delete.".into() } else { String::new() }
                    }}</p>
                    <div class="hb-board"><BedPicture ctl=ctl /></div>
                    {move || ctl.parsed.with(|p| p.as_ref().ok().and_then(super::model::loose_note)).map(|n| view! { <p class="note hb-loose-note" data-testid="hb-ungrounded">{n}</p> })}
                    <div class="toolbar"><ShareLink /><span class="spacer"></span><ExportButtons of="hb-canvas" name="hackenbush" tikz=Callback::new(move |pal: cgt_draw::Palette| ctl.parsed.get_untracked().ok().map(|h| super::model::board_tikz(&h, &ctl.coords.get_untracked(), &pal))) /></div>
                    <ChopPreview ctl=ctl />
                </div>
                // Its own grid cell: below the board on a wide screen, after
                // the value card on a narrow one (style/main.css).
                <ScalePanel
                    position=Signal::derive(move || ctl.parsed.get().ok())
                    exact=Signal::derive(move || ctl.readout.get().and_then(|r| r.ok()).map(|r| r.value))
                    puzzle=Signal::derive(move || !show_value.get())
                />
                <aside class="side">
                    <div class="card stats-card" class:hidden-values=move || !show_value.get()>
                        <ValueCard ctl=ctl />
                    </div>
                    <div class="card presets-card">
                        <h2>"Presets"</h2>
                        <PresetList ctl=ctl />
                    </div>
                </aside>
            </div>
        </section>
    }
}

/// The position as text, with its format and any parse error.
#[component]
fn PositionField(ctl: Ctl) -> impl IntoView {
    let on_input = move |ev| {
        // Debounced: a big position is solved once, not at every keystroke.
        ctl.forget();
        ctl.hint.set(String::new());
        let text = event_target_value(&ev);
        ctl.input.set(text.clone());
        if let Some(t) = ctl.typing.try_get_value().flatten() {
            t.clear();
        }
        ctl.typing.set_value(set_timeout_with_handle(move || ctl.type_position(text), Duration::from_millis(150)).ok());
    };
    let error_view = move || {
        ctl.parsed.get().err().map(|m| view! { <div class="error" role="alert" data-testid="hb-error"><strong>"Cannot read this position. "</strong>{m}</div> })
    };
    view! {
        <div class="card input-card">
            <div class="input-head"><label for="hb-text" class="input-label">"Position"</label></div>
            <div class="input-row">
                <input id="hb-text" type="text" data-testid="hb-text" spellcheck="false" autocomplete="off"
                    placeholder="e.g. 0-1:b 1-2:r  or  stalk:brr"
                    prop:value=move || ctl.input.get()
                    on:input=on_input />
            </div>
            <p class="hint">
                "Edges " <code>"u-v:c"</code> " (vertex 0 is the ground; c is " <code>"b"</code> " Blue/Left, "
                <code>"r"</code> " Red/Right, " <code>"g"</code> " green/either) and stalks " <code>"stalk:brr"</code>
                " (from the ground up). Click an edge to chop it; whatever no longer touches the ground falls."
            </p>
            {error_view}
        </div>
    }
}

/// Above the picture: the mode, the pens, whose turn, Undo/Redo, the
/// computer and the puzzle-mode switch.
#[component]
fn PlayBar(ctl: Ctl) -> impl IntoView {
    let st = ctl.st;
    view! {
        <div class="play-bar">
            <ModeSwitch ctl=ctl />
            {move || (ctl.drawing.get() && !ctl.moving.get()).then(|| view! { <PenPicker ctl=ctl /> })}
            <TurnStatus ctl=ctl />
            <button class="btn small" data-testid="hb-undo" title="undo your last move (and the computer's reply) (Ctrl+Z)" prop:disabled=move || !ctl.history.with(|h| h.can_undo()) on:click=move |_| ctl.undo()>"Undo"</button>
            <button class="btn small" data-testid="hb-redo" title="redo (Ctrl+Shift+Z)" prop:disabled=move || !ctl.history.with(|h| h.can_redo()) on:click=move |_| ctl.redo()>"Redo"</button>
            <button class="btn small" data-testid="hb-pass" title="let the other side chop next" on:click=move |_| { ctl.paused.set(false); st.to_move.update(|s| *s = s.other()) }>"Switch side"</button>
            <ComputerPicker ctl=ctl />
            <span class="spacer"></span>
            <label class="toggle"><input type="checkbox" data-testid="hb-show-value" prop:checked=move || ctl.show_value.get() on:change=move |ev| ctl.show_value.set(event_target_checked(&ev)) />" show the value (off: puzzle mode)"</label>
        </div>
    }
}

/// Whose turn it is, or, in play, who has won (normal play: the side to
/// move with no edge of its own left loses).
#[component]
fn TurnStatus(ctl: Ctl) -> impl IntoView {
    let text = move || {
        let side = ctl.st.to_move.get();
        let playing = !ctl.drawing.get();
        ctl.parsed.with(|p| match p {
            Ok(h) if playing => turn(h, side),
            _ => super::model::Turn::ToChop(side),
        })
    };
    view! {
        <span class="status" class:over=move || matches!(text(), super::model::Turn::Won(_)) data-testid="hb-turn" role="status">{move || text().text()}</span>
    }
}

/// Play, Draw or Move.
#[component]
fn ModeSwitch(ctl: Ctl) -> impl IntoView {
    let (drawing, moving) = (ctl.drawing, ctl.moving);
    view! {
        <div class="segmented" role="group" aria-label="mode">
            <button class="btn small" class:active=move || !drawing.get() data-testid="hb-mode-play" title="chop edges in turn" on:click=move |_| { drawing.set(false); moving.set(false); ctl.selected.set(None); ctl.draw_frame.set(None); ctl.hint.set(String::new()); }>"Play"</button>
            <button class="btn small" class:active=move || drawing.get() && !moving.get() data-testid="hb-mode-draw" title="drag to draw edges; click one to select it" on:click=move |_| { ctl.keep_frame(); drawing.set(true); moving.set(false); }>"Draw"</button>
            <button class="btn small" class:active=move || moving.get() data-testid="hb-mode-move" title="drag points to move them" on:click=move |_| { ctl.keep_frame(); drawing.set(true); moving.set(true); ctl.selected.set(None); }>"Move"</button>
        </div>
    }
}

/// Draw mode: the colour of new edges, delete and clear.
#[component]
fn PenPicker(ctl: Ctl) -> impl IntoView {
    let pen = ctl.pen;
    view! {
        <div class="segmented pens" role="group" aria-label="colour of new edges">
            <button class="btn small pen blue" class:active=move || pen.get() == Colour::Blue data-testid="hb-pen-b" title="draw blue (Left) edges" on:click=move |_| pen.set(Colour::Blue)>"blue"</button>
            <button class="btn small pen red" class:active=move || pen.get() == Colour::Red data-testid="hb-pen-r" title="draw red (Right) edges (dashed)" on:click=move |_| pen.set(Colour::Red)>"red"</button>
            <button class="btn small pen green" class:active=move || pen.get() == Colour::Green data-testid="hb-pen-g" title="draw green edges (either player; dotted)" on:click=move |_| pen.set(Colour::Green)>"green"</button>
            <button class="btn small" data-testid="hb-delete" title="delete the selected edge (Delete key)" prop:disabled=move || ctl.selected.get().is_none() on:click=move |_| ctl.delete_selected()>"delete edge"</button>
            <button class="btn small" data-testid="hb-clear" title="remove every edge" on:click=move |_| {
                ctl.record();
                ctl.st.coords.set(String::new());
                ctl.set_text(String::new());
            }>"clear"</button>
        </div>
    }
}

/// Which side the computer plays.
#[component]
fn ComputerPicker(ctl: Ctl) -> impl IntoView {
    view! {
        <label>" computer plays "
            <select data-testid="hb-computer" title="which side the computer plays" on:change=move |ev| {
                ctl.computer_note.set(String::new());
                ctl.paused.set(false);
                // You play the side the computer does not.
                ctl.set_player(match event_target_value(&ev).as_str() {
                    "blue" => Player::Right,
                    "red" => Player::Left,
                    _ => Player::Both,
                });
            }>
                <option value="none" selected=true>"nobody (two players)"</option>
                <option value="red">"Red"</option>
                <option value="blue">"Blue"</option>
            </select>
        </label>
    }
}

/// Copy link: the address of this position, turn and points (the URL
/// follows the page), copied and shown to copy by hand.
#[component]
fn ShareLink() -> impl IntoView {
    let share: RwSignal<Option<(String, bool)>> = RwSignal::new(None);
    let on_share = move |_| {
        let href = dom::current_href();
        share.set(Some((href.clone(), false)));
        leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&href).await;
            let _ = share.try_set(Some((href, ok)));
        });
    };
    view! {
        <button class="btn small" data-testid="share-link" title="copy a link to this position (edges, points as drawn, who chops next)" on:click=on_share>"Copy link"</button>
        {move || share.get().map(|(href, ok)| view! {
            <div class="share">
                <input class="share-url" readonly data-testid="share-url" aria-label="link to this position" prop:value=href />
                <span class="muted small">{if ok { "Link copied." } else { "Copy this link." }}</span>
            </div>
        })}
    }
}

/// Under the picture: what chopping the edge under the pointer leaves, and
/// what the computer did.
#[component]
fn ChopPreview(ctl: Ctl) -> impl IntoView {
    view! {
        <p class="hb-preview" data-testid="hb-preview" aria-live="polite">
            {move || if ctl.show_value.get() { ctl.preview.get().unwrap_or_else(|| "Point at an edge to see what chopping it leaves.".into()) } else { String::new() }}
        </p>
        <p class="muted small" data-testid="hb-computer-note">{move || ctl.computer_note.get()}</p>
        {move || ctl.feedback.get().map(|f| view! { <p class="feedback" data-testid="hb-feedback" role="status">{f}</p> })}
        <p class="hint-row">
            <button class="btn small" data-testid="hb-best" title="show the best chop for the side to move, and why"
                on:click=move |_| { if let Ok(h) = ctl.parsed.get_untracked() { ctl.chop_hint.set(super::model::chop_hint(&h, ctl.st.to_move.get_untracked())); } }>"Hint"</button>
            {move || ctl.chop_hint.get().map(|h| view! { <span class="hint" data-testid="hb-best-text">{h}</span> })}
        </p>
    }
}

/// The value, the outcome, each part's value, and Add to Sums.
#[component]
fn ValueCard(ctl: Ctl) -> impl IntoView {
    let readout = ctl.readout;
    // Puzzle mode hides the values from the page itself, not only from
    // the eye (a blur can be selected and copied).
    let show = ctl.show_value;
    let value_text = move |f: fn(&ValueReadout) -> String| {
        move || match readout.get() {
            Some(Ok(_)) if !show.get() => "hidden (puzzle mode)".into(),
            Some(Ok(r)) => f(&r),
            Some(Err(_)) => "—".into(),
            None => String::new(),
        }
    };
    let too_large = move || match readout.get() {
        Some(Err(e)) => Some(view! { <p class="note" data-testid="hb-too-large">{e}</p> }),
        _ => None,
    };
    let parts = move || match readout.get() {
        Some(Ok(r)) if r.parts.len() > 1 && show.get() => {
            Some(r.parts.into_iter().map(|(p, v)| view! { <li><code>{p}</code>" = "<code>{v}</code></li> }).collect_view())
        }
        _ => None,
    };
    view! {
        <dl class="stats">
            <div class="wide"><dt>"value"</dt><dd data-testid="hb-value">{value_text(|r| r.value.clone())}</dd></div>
            <div><dt>"outcome"</dt><dd data-testid="hb-outcome">{value_text(|r| r.outcome.clone())}</dd></div>
        </dl>
        // Sending the value to Sums would show it there: not in puzzle mode.
        {move || (matches!(readout.get(), Some(Ok(_))) && show.get()).then(|| view! {
            <button class="btn small" data-testid="send-to-sum" title="Append this position's value (its canonical form) to the Sums page as one component" on:click=move |_| {
                if let Some(Ok(r)) = readout.get_untracked() { if let Err(e) = ctl.nav.send_to_sum(&[r.value]) { ctl.computer_note.set(e); } }
            }>"Add to Sums →"</button>
        })}
        {too_large}
        <BackgroundSolve ctl=ctl />
        <ul class="hb-parts" data-testid="hb-parts">{parts}</ul>
    }
}

/// The background solve: its clock and Cancel, Solve again, or how long it
/// took.
#[component]
fn BackgroundSolve(ctl: Ctl) -> impl IntoView {
    move || {
        let current = ctl.parsed.with(|p| p.as_ref().map(|h| h.to_string()).unwrap_or_default());
        let b = ctl.bg.get();
        if !b.is_for(&current) || !matches!(ctl.sync.get(), Some(Err(HackenbushError::TooLarge { .. }))) {
            return None;
        }
        Some(match b {
            Background::Running { .. } => view! {
                <div class="hb-background" data-testid="hb-solving" role="status">
                    <span class="spinner" aria-hidden="true"></span>
                    {move || format!("Too large to solve at once: solving in the background… {:.1} s", ctl.clock.seconds())}
                    <button class="btn small" data-testid="hb-cancel" title="stop the background solve" on:click=move |_| ctl.cancel_background()>"Cancel"</button>
                </div>
            }
            .into_any(),
            Background::Cancelled { .. } => view! {
                <div class="hb-background" data-testid="hb-solving">
                    "Cancelled. "
                    <button class="btn small" data-testid="hb-solve" title="solve this position in the background again" on:click=move |_| {
                        if let Ok(h) = ctl.parsed.get_untracked() {
                            ctl.start_background(h);
                        }
                    }>"Solve in the background"</button>
                </div>
            }
            .into_any(),
            Background::Done { ms: Some(ms), .. } => view! {
                <p class="muted small" data-testid="hb-solved-in">{format!("solved in the background in {:.2} s", ms / 1000.0)}</p>
            }
            .into_any(),
            _ => return None,
        })
    }
}

/// The presets, each with its value (hidden in puzzle mode) and source.
#[component]
fn PresetList(ctl: Ctl) -> impl IntoView {
    let presets = PRESETS
        .iter()
        .map(|(name, pos, value, source)| {
            let pos = pos.to_string();
            view! {
                <li>
                    <button class="preset" data-testid="hb-preset" title=format!("source: {source}") on:click=move |_| {
                        ctl.forget();
                        ctl.st.to_move.set(Side::Left);
                        ctl.st.coords.set(String::new());
                        ctl.set_text(pos.clone());
                    }>
                        <span class="preset-name">{*name}</span>
                        // Puzzle mode: loading a preset must not give its answer away.
                        {move || ctl.show_value.get().then(|| view! { <code data-testid="hb-preset-value">{format!("= {value}")}</code> })}
                    </button>
                    <div class="preset-meta"><span class="source">{format!("source: {source}")}</span></div>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="presets">{presets}</ul> }
}
