//! The Hackenbush page's Leptos components (wasm32 only). All logic is in
//! [`super::model`]; this is the DOM around it.
//!
//! [`HackenbushPage`] builds one [`Ctl`] (the URL state, the parsed
//! position, its value, Undo/Redo, the computer and the effects that keep
//! them in step) and lays out components named for what the user sees:
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
use super::model::{best_chop, can_chop, chop_preview, colour_class, coords_from_text, coords_to_text, delete_edge, keep_points, layout_with, turn, uct_chop, value_readout, By, Coords, End, Extent, History, ValueReadout, EXACT_PLAYER_MS, PRESETS, UCT_ITERATIONS};
use super::signals::HackenbushSignals;
use crate::solver::{Job, Update as Msg, WORKER_MAX_POSITIONS};
use crate::web::context::Nav;
use crate::web::dom;
use crate::web::export::ExportButtons;
use crate::web::jobs::now_ms;
use super::scale::ScalePanel;
use crate::web::solver::Lane;
use cgt::rulesets::hackenbush::{Colour, Hackenbush, HackenbushError};
use cgt::side::Side;
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
    Done { position: String, result: Result<ValueReadout, String>, ms: f64 },
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

/// An edge drawn falling for a moment: its segment (layout units) and
/// colour class.
pub(super) type Fallen = (f64, f64, f64, f64, &'static str);

/// A drag drawing an edge: the end it started on, where it started and
/// where the pointer is (layout units).
pub type Drag = (End, (f64, f64), (f64, f64));

/// The page's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
pub struct Ctl {
    pub st: HackenbushSignals,
    nav: Nav,
    /// The position field's text (the position follows it, debounced).
    input: RwSignal<String>,
    typing: StoredValue<Option<TimeoutHandle>>,
    /// Undo and redo: the state before each change, and who made it.
    history: RwSignal<History<Snapshot>>,
    /// After Undo or Redo the computer waits for the person's next move
    /// (else it would at once play again what was just taken back).
    paused: RwSignal<bool>,
    /// Editing: Draw (`drawing`), Move (`drawing` and `moving`).
    pub drawing: RwSignal<bool>,
    pub moving: RwSignal<bool>,
    /// While editing, the picture's frame as it was when editing began
    /// (grown only if the picture outgrows it): the ground stays under
    /// the pointer however many edges are drawn.
    pub draw_frame: RwSignal<Option<Extent>>,
    /// The selected edge (Draw) and the point being dragged (Move).
    pub selected: RwSignal<Option<usize>>,
    pub point_drag: RwSignal<Option<u32>>,
    /// The colour of new edges, the drag in progress (start end, where it
    /// started and the pointer, layout units) and the last hint.
    pub pen: RwSignal<Colour>,
    pub drag: RwSignal<Option<Drag>>,
    pub hint: RwSignal<String>,
    show_value: RwSignal<bool>,
    pub coords: Memo<Coords>,
    pub parsed: Memo<Result<Hackenbush, String>>,
    /// The value within the page's own budget, and how long it took.
    sync: Memo<Option<Result<ValueReadout, HackenbushError>>>,
    sync_ms: StoredValue<f64>,
    /// The value from the background worker, its job, clock and ticker.
    bg: RwSignal<Background>,
    value_job: Lane,
    clock: RwSignal<f64>,
    ticker: StoredValue<Option<IntervalHandle>>,
    /// The value on show: on the page, from the worker, or why not.
    readout: Memo<Option<Result<ValueReadout, String>>>,
    /// The edge under the pointer and what chopping it would leave.
    pub hovered: RwSignal<Option<usize>>,
    preview: Memo<Option<String>>,
    pub falling: RwSignal<Vec<Fallen>>,
    fall_timer: StoredValue<Option<TimeoutHandle>>,
    computer: RwSignal<Computer>,
    /// What the computer did, or what a button could not do.
    computer_note: RwSignal<String>,
    timer: StoredValue<Option<TimeoutHandle>>,
}

impl Ctl {
    fn new(st: HackenbushSignals) -> Ctl {
        let parsed = Memo::new(move |_| st.position.with(|t| t.parse::<Hackenbush>().map_err(|e| e.to_string())));
        let sync_ms = StoredValue::new(0.0f64);
        let sync = Memo::new(move |_| {
            let t0 = now_ms();
            let r = parsed.with(|p| p.as_ref().ok().map(value_readout));
            sync_ms.set_value(now_ms() - t0);
            r
        });
        let bg = RwSignal::new(Background::Idle);
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
        let hovered = RwSignal::new(None);
        let preview = Memo::new(move |_| {
            let i = hovered.get()?;
            // Only for positions solved within the budget: a preview of a part
            // of a position too large to solve would cost as much again, per hover.
            if !matches!(sync.get(), Some(Ok(_))) {
                return Some("too large to value each chop here".to_string());
            }
            parsed.with(|p| p.as_ref().ok().and_then(|h| chop_preview(h, i)))
        });
        Ctl {
            st,
            nav: Nav::from_context(),
            input: RwSignal::new(st.position.get_untracked()),
            typing: StoredValue::new(None),
            history: RwSignal::new(History::default()),
            paused: RwSignal::new(false),
            drawing: RwSignal::new(false),
            draw_frame: RwSignal::new(None),
            moving: RwSignal::new(false),
            selected: RwSignal::new(None),
            point_drag: RwSignal::new(None),
            pen: RwSignal::new(Colour::Blue),
            drag: RwSignal::new(None),
            hint: RwSignal::new(String::new()),
            show_value: RwSignal::new(true),
            coords: Memo::new(move |_| st.coords.with(|t| coords_from_text(t))),
            parsed,
            sync,
            sync_ms,
            bg,
            value_job: Lane::new(),
            clock: RwSignal::new(0.0),
            ticker: StoredValue::new(None),
            readout,
            hovered,
            preview,
            falling: RwSignal::new(vec![]),
            fall_timer: StoredValue::new(None),
            computer: RwSignal::new(Computer::Nobody),
            computer_note: RwSignal::new(String::new()),
            timer: StoredValue::new(None),
        }
    }

    fn snapshot(self) -> Snapshot {
        (self.st.position.get_untracked(), self.st.blue_to_move.get_untracked(), self.st.coords.get_untracked())
    }

    /// Remember the state before a change of the person's (for Undo); the
    /// computer may answer it.
    pub fn record(self) {
        self.record_by(By::Person);
    }

    fn record_by(self, by: By) {
        let now = self.snapshot();
        self.history.update(|h| h.record(now, by));
        if by == By::Person {
            self.paused.set(false);
        }
    }

    /// A new start (a preset, a typed position): nothing to undo.
    fn forget(self) {
        self.history.update(|h| h.clear());
        self.paused.set(false);
    }

    /// Show a new position (the field follows; the selection goes).
    pub fn set_text(self, text: String) {
        self.input.set(text.clone());
        self.selected.set(None);
        self.st.position.set(text);
    }

    fn restore(self, (text, blue, xy): Snapshot) {
        self.st.coords.set(xy);
        self.set_text(text);
        self.st.blue_to_move.set(blue);
    }

    /// Back to before the person's last move (with the computer's reply).
    fn undo(self) {
        let now = self.snapshot();
        if let Some(s) = self.history.try_update(|h| h.undo(now)).flatten() {
            self.after_time_travel();
            self.restore(s);
        }
    }

    /// The move undone last again (with the computer's reply).
    fn redo(self) {
        let now = self.snapshot();
        if let Some(s) = self.history.try_update(|h| h.redo(now)).flatten() {
            self.after_time_travel();
            self.restore(s);
        }
    }

    /// Undo and Redo stop the computer's pending answer; it waits for the
    /// person's next move.
    fn after_time_travel(self) {
        self.paused.set(true);
        if let Some(t) = self.timer.try_get_value().flatten() {
            t.clear();
        }
        self.computer_note.set(String::new());
    }

    fn delete_selected(self) {
        let (Some(i), Ok(h)) = (self.selected.get_untracked(), self.parsed.get_untracked()) else { return };
        if let Some(next) = delete_edge(&h, i) {
            self.record();
            self.set_text(next.to_string());
            self.hint.set(String::new());
        }
    }

    /// A click on edge `i`: in play, chop it for the side to move (if that
    /// side may); while editing, select it.
    pub fn chop(self, i: usize) {
        self.chop_by(i, By::Person);
    }

    fn chop_by(self, i: usize, by: By) {
        let Ok(h) = self.parsed.get_untracked() else { return };
        if self.drawing.get_untracked() {
            // Editing: a click selects (Delete or the button removes it).
            if !self.moving.get_untracked() && i < h.edges().len() {
                self.selected.update(|s| *s = if *s == Some(i) { None } else { Some(i) });
            }
            return;
        }
        let blue = self.st.blue_to_move.get_untracked();
        if !can_chop(&h, i, Side::from_left(blue)) {
            return;
        }
        let Some((next, gone)) = h.chop(i) else { return };
        // The chopped edge and every edge that loses the ground, where they were.
        let old = layout_with(&h, &self.coords.get_untracked());
        self.falling.set(
            gone.into_iter()
                .map(|j| {
                    let (x1, y1, x2, y2) = old.segments[j];
                    (x1, y1, x2, y2, colour_class(h.edges()[j].colour()))
                })
                .collect(),
        );
        if let Some(t) = self.fall_timer.try_get_value().flatten() {
            t.clear();
        }
        let falling = self.falling;
        self.fall_timer.set_value(set_timeout_with_handle(move || { let _ = falling.try_set(vec![]); }, Duration::from_millis(700)).ok());
        self.record_by(by);
        self.set_text(next.to_string());
        self.st.blue_to_move.set(!blue);
    }

    /// The typed position (after the debounce): points placed by hand
    /// stay only where they still fit the new picture.
    fn type_position(self, text: String) {
        if let (Some(Ok(old)), Ok(new)) = (self.parsed.try_get_untracked(), text.parse::<Hackenbush>()) {
            if let Some(c) = self.coords.try_get_untracked() {
                let kept = keep_points(&old, &new, &c);
                if kept.len() != c.len() {
                    let _ = self.st.coords.try_set(coords_to_text(&kept));
                }
            }
        }
        let _ = self.st.position.try_set(text);
    }

    /// Entering Draw or Move: the frame with room to draw, kept still from
    /// now on.
    fn keep_frame(self) {
        if self.draw_frame.get_untracked().is_none() {
            let e = self.parsed.with_untracked(|p| p.as_ref().ok().map(|h| self.coords.with_untracked(|c| Extent::of(h, c))));
            self.draw_frame.set(e.map(Extent::with_room));
        }
    }

    fn stop_ticker(self) {
        if let Some(t) = self.ticker.try_get_value().flatten() {
            t.clear();
        }
        self.ticker.set_value(None);
    }

    /// Values `h` in the worker, with a clock.
    fn start_background(self, h: Hackenbush) {
        self.stop_ticker();
        let position = h.to_string();
        let since = now_ms();
        let done_for = position.clone();
        let (bg, ticker) = (self.bg, self.ticker);
        let sent = self.value_job.submit(|id| Job::HackenbushValue { id, budget: WORKER_MAX_POSITIONS, position: h }, move |u| {
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
                self.bg.set(Background::Solving { position, since });
                self.clock.set(0.0);
                let clock = self.clock;
                self.ticker.set_value(set_interval_with_handle(move || { let _ = clock.try_set(now_ms() - since); }, Duration::from_millis(100)).ok());
            }
            Err(e) => self.bg.set(Background::Done { position, result: Err(e), ms: 0.0 }),
        }
    }

    fn cancel_background(self) {
        self.value_job.cancel();
        self.stop_ticker();
        self.bg.update(|b| {
            if let Background::Solving { position, .. } = b {
                *b = Background::Cancelled { position: std::mem::take(position) }
            }
        });
    }

    /// A position too large for the page goes to the worker (once).
    fn background_effect(self) {
        Effect::new(move |_| {
            let Some(Err(HackenbushError::TooLarge { .. })) = self.sync.get() else { return };
            let Ok(h) = self.parsed.get() else { return };
            let position = h.to_string();
            if self.bg.with_untracked(|b| b.position() != Some(position.as_str())) {
                self.start_background(h);
            }
        });
        let ticker = self.ticker;
        on_cleanup(move || {
            if let Some(t) = ticker.try_get_value().flatten() {
                t.clear();
            }
        });
    }

    /// Keys: Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo, Delete the
    /// selected edge; not while typing in a field (it has its own undo).
    fn key_listener(self) {
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
                    self.undo();
                }
                "z" | "Z" | "y" | "Y" if ctrl => {
                    ev.prevent_default();
                    self.redo();
                }
                "Delete" | "Backspace" if self.drawing.get_untracked() && self.selected.get_untracked().is_some() => {
                    ev.prevent_default();
                    self.delete_selected();
                }
                "Escape" => self.selected.set(None),
                _ => {}
            }
        });
        on_cleanup(move || keys.remove());
    }

    /// The computer answers when it is its turn (exact play within the
    /// page's budget; past it, the UCT player).
    fn computer_effect(self) {
        let timer = self.timer;
        Effect::new(move |_| {
            let blue = self.st.blue_to_move.get();
            let who = self.computer.get();
            // No computer moves while the picture is being edited, nor after
            // Undo or Redo until the person moves.
            if self.drawing.get() || self.paused.get() {
                return;
            }
            let Ok(h) = self.parsed.get() else { return };
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
            let too_large = matches!(self.sync.get_untracked(), Some(Err(_)));
            let slow = self.sync_ms.get_value() > EXACT_PLAYER_MS;
            let seed = self.history.with_untracked(|v| v.len() as u64);
            let side = Side::from_left(blue);
            let handle = set_timeout_with_handle(
                move || {
                    let (choice, how) = if slow {
                        (uct_chop(&h, side, seed), uct_note("exact play would pause the page"))
                    } else if too_large {
                        (uct_chop(&h, side, seed), uct_note("too large to play exactly"))
                    } else {
                        match best_chop(&h, side) {
                            Ok(choice) => (choice, String::new()),
                            // An option too large to value here: UCT after all.
                            Err(_) => (uct_chop(&h, side, seed), uct_note("a chop leaves a position too large to value here")),
                        }
                    };
                    self.computer_plays(&h, side, choice, &how);
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
    }

    /// Plays the computer's chop (with the note's reason), or says who won.
    fn computer_plays(self, h: &Hackenbush, side: Side, choice: Option<usize>, how: &str) {
        let blue = side == Side::Left;
        match choice {
            Some(i) => {
                let _ = self.computer_note.try_set(format!("The computer chopped {}{how}.", h.edges()[i]));
                self.chop_by(i, By::Computer);
            }
            None => {
                let _ = self.computer_note.try_set(format!("{} has no edge to chop: {} wins.", if blue { "Blue" } else { "Red" }, if blue { "Red" } else { "Blue" }));
            }
        }
    }
}

/// The computer note's reason for playing by UCT.
fn uct_note(why: &str) -> String {
    format!(" (UCT player, {UCT_ITERATIONS} playouts: {why})")
}

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
            <div class="workspace">
                <div class="card">
                    <PlayBar ctl=ctl />
                    <p class="muted small hb-hint" data-testid="hb-hint">{move || {
                        let h = ctl.hint.get();
                        if !h.is_empty() { h } else if ctl.moving.get() { "Drag a point to move it; the edges follow.".into() } else if ctl.drawing.get() { "Drag from the ground or a point to draw an edge; click an edge to select it, then Delete.".into() } else { String::new() }
                    }}</p>
                    <div class="hb-board"><BedPicture ctl=ctl /></div>
                    {move || ctl.parsed.with(|p| p.as_ref().ok().and_then(super::model::loose_note)).map(|n| view! { <p class="note hb-loose-note" data-testid="hb-ungrounded">{n}</p> })}
                    <div class="toolbar"><ShareLink /><span class="spacer"></span><ExportButtons of="hb-canvas" name="hackenbush" /></div>
                    <ChopPreview ctl=ctl />
                    <ScalePanel
                        position=Signal::derive(move || ctl.parsed.get().ok())
                        exact=Signal::derive(move || ctl.readout.get().and_then(|r| r.ok()).map(|r| r.value))
                        puzzle=Signal::derive(move || !show_value.get())
                    />
                </div>
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
            <button class="btn small" data-testid="hb-pass" title="let the other side chop next" on:click=move |_| { ctl.paused.set(false); st.blue_to_move.update(|b| *b = !*b) }>"Switch side"</button>
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
        let side = Side::from_left(ctl.st.blue_to_move.get());
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
                ctl.computer.set(match event_target_value(&ev).as_str() {
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
    }
}

/// The value, the outcome, each part's value, and Add to Sums.
#[component]
fn ValueCard(ctl: Ctl) -> impl IntoView {
    let readout = ctl.readout;
    let value_text = move |f: fn(&ValueReadout) -> String| {
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
    let parts = move || match readout.get() {
        Some(Ok(r)) if r.parts.len() > 1 => Some(
            r.parts
                .into_iter()
                .map(|(p, v)| view! { <li><code>{p}</code>" = "<code>{v}</code></li> })
                .collect_view(),
        ),
        _ => None,
    };
    view! {
        <dl class="stats">
            <div class="wide"><dt>"value"</dt><dd data-testid="hb-value">{value_text(|r| r.value.clone())}</dd></div>
            <div><dt>"outcome"</dt><dd data-testid="hb-outcome">{value_text(|r| r.outcome.clone())}</dd></div>
        </dl>
        {move || matches!(readout.get(), Some(Ok(_))).then(|| view! {
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
        if b.position() != Some(current.as_str()) || !matches!(ctl.sync.get(), Some(Err(HackenbushError::TooLarge { .. }))) {
            return None;
        }
        Some(match b {
            Background::Solving { .. } => view! {
                <div class="hb-background" data-testid="hb-solving" role="status">
                    <span class="spinner" aria-hidden="true"></span>
                    {move || format!("Too large to solve at once: solving in the background… {:.1} s", ctl.clock.get() / 1000.0)}
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
            Background::Done { ms, result: Ok(_), .. } => view! {
                <p class="muted small" data-testid="hb-solved-in">{format!("solved in the background in {:.2} s", ms / 1000.0)}</p>
            }
            .into_any(),
            _ => return None,
        })
    }
}

/// The presets, each with its value and source.
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
                        ctl.st.blue_to_move.set(true);
                        ctl.st.coords.set(String::new());
                        ctl.set_text(pos.clone());
                    }>
                        <span class="preset-name">{*name}</span>
                        <code>{format!("= {value}")}</code>
                    </button>
                    <div class="preset-meta"><span class="source">{format!("source: {source}")}</span></div>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="presets">{presets}</ul> }
}
