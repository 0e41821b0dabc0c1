#![cfg(target_arch = "wasm32")]
//! The Hackenbush page's state and handles ([`Ctl`]): the URL state, the
//! parsed position and its layout, the value (on the page or from the
//! worker), Undo/Redo, the computer and the effects that keep them in step.
//! Both the page's components ([`super::view`]) and the picture
//! ([`super::board`]) take it; it imports neither.

use super::jobs::{HackenbushJob as Job, HackenbushUpdate as Msg};
use super::model::{
    best_chop, can_chop, chop_preview, colour_class, coords_from_text, coords_to_text, delete_edge, judge_chop, keep_points, layout_with, record_change,
    redo_change, uct_chop, undo_change, value_readout, Changes, Coords, End, Extent, ValueReadout, EXACT_PLAYER_MS, UCT_ITERATIONS,
};
use super::signals::HackenbushSignals;
use crate::job::{JobState, Ticker};
use crate::play::Player;
use crate::record::{By, Record};
use crate::solver::WORKER_MAX_POSITIONS;
use crate::web::context::Nav;
use crate::web::jobs::now_ms;
use crate::web::solver::Lane;
use cgt::rulesets::hackenbush::{Colour, Hackenbush, HackenbushError};
use cgt::side::Side;
use leptos::prelude::*;
use std::time::Duration;

/// What undo and redo restore: the text, who is to move, and the points
/// as drawn (URL form).
pub(super) type Snapshot = (String, Side, String);

/// A value computed off the page, for one position (its printed form).
pub(super) type Background = JobState<ValueReadout>;

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
    pub(super) nav: Nav,
    /// The position field's text (the position follows it, debounced).
    pub(super) input: RwSignal<String>,
    pub(super) typing: StoredValue<Option<TimeoutHandle>>,
    /// The changes of the board for Undo and Redo (each with who made
    /// it), and whom the computer plays (`Player::Both`: nobody).
    pub(super) history: RwSignal<Changes<Snapshot>>,
    pub(super) player: Memo<Player>,
    /// After Undo or Redo the computer waits for the person's next move
    /// (else it would at once play again what was just taken back).
    pub(super) paused: RwSignal<bool>,
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
    pub(super) show_value: RwSignal<bool>,
    pub coords: Memo<Coords>,
    pub parsed: Memo<Result<Hackenbush, String>>,
    /// The value within the page's own budget, and how long it took.
    pub(super) sync: Memo<Option<Result<ValueReadout, HackenbushError>>>,
    pub(super) sync_ms: StoredValue<f64>,
    /// The value from the background worker, its job and clock.
    pub(super) bg: RwSignal<Background>,
    pub(super) value_job: Lane,
    pub(super) clock: Ticker,
    /// The value on show: on the page, from the worker, or why not.
    pub(super) readout: Memo<Option<Result<ValueReadout, String>>>,
    /// The edge under the pointer and what chopping it would leave.
    pub hovered: RwSignal<Option<usize>>,
    pub(super) preview: Memo<Option<String>>,
    pub falling: RwSignal<Vec<Fallen>>,
    pub(super) fall_timer: StoredValue<Option<TimeoutHandle>>,
    /// What the computer did, or what a button could not do.
    pub(super) computer_note: RwSignal<String>,
    /// What the person's last chop was worth (issue 24), and the Hint.
    pub(super) feedback: RwSignal<Option<String>>,
    pub(super) chop_hint: RwSignal<Option<String>>,
    pub(super) timer: StoredValue<Option<TimeoutHandle>>,
}

impl Ctl {
    pub(super) fn new(st: HackenbushSignals) -> Ctl {
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
                    Background::Done { result, .. } if b.is_for(&position) => Some(Ok(result.clone())),
                    Background::Failed { message, .. } if b.is_for(&position) => Some(Err(message.clone())),
                    Background::Cancelled { .. } if b.is_for(&position) => Some(Err("cancelled: too large to solve at once".into())),
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
        // Nobody plays against you until you choose a side for the computer.
        let history = RwSignal::new(Record::new(Side::Left, Player::Both));
        Ctl {
            st,
            nav: Nav::from_context(),
            input: RwSignal::new(st.position.get_untracked()),
            typing: StoredValue::new(None),
            history,
            player: Memo::new(move |_| history.with(|h| h.player())),
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
            clock: Ticker::new(),
            readout,
            hovered,
            preview,
            falling: RwSignal::new(vec![]),
            fall_timer: StoredValue::new(None),
            computer_note: RwSignal::new(String::new()),
            feedback: RwSignal::new(None),
            chop_hint: RwSignal::new(None),
            timer: StoredValue::new(None),
        }
    }

    pub(super) fn snapshot(self) -> Snapshot {
        (self.st.position.get_untracked(), self.st.to_move.get_untracked(), self.st.coords.get_untracked())
    }

    /// Remember the state before a change of the person's (for Undo); the
    /// computer may answer it.
    pub fn record(self) {
        self.record_by(By::You);
    }

    /// The state before a change by the side to move (a chop), or by the
    /// person editing.
    pub(super) fn record_by(self, by: By) {
        let now = self.snapshot();
        let side = self.st.to_move.get_untracked();
        self.history.update(|h| record_change(h, now, side, by));
        if by == By::You {
            self.paused.set(false);
        }
    }

    /// The side the computer plays from now on (`Player::Both`: nobody).
    pub(super) fn set_player(self, p: Player) {
        self.history.update(|h| h.set_player(p));
    }

    /// A new start (a preset, a typed position): nothing to undo.
    pub(super) fn forget(self) {
        self.history.update(|h| h.clear());
        self.paused.set(false);
    }

    /// Show a new position (the field follows; the selection goes).
    pub fn set_text(self, text: String) {
        self.input.set(text.clone());
        self.selected.set(None);
        self.st.position.set(text);
    }

    pub(super) fn restore(self, (text, to_move, xy): Snapshot) {
        self.st.coords.set(xy);
        self.set_text(text);
        self.st.to_move.set(to_move);
    }

    /// Back to before the person's last move (with the computer's reply).
    pub(super) fn undo(self) {
        let now = self.snapshot();
        if let Some(s) = self.history.try_update(|h| undo_change(h, now)).flatten() {
            self.after_time_travel();
            self.restore(s);
        }
    }

    /// The move undone last again (with the computer's reply).
    pub(super) fn redo(self) {
        if let Some(s) = self.history.try_update(redo_change).flatten() {
            self.after_time_travel();
            self.restore(s);
        }
    }

    /// Undo and Redo stop the computer's pending answer; it waits for the
    /// person's next move.
    pub(super) fn after_time_travel(self) {
        self.paused.set(true);
        if let Some(t) = self.timer.try_get_value().flatten() {
            t.clear();
        }
        self.computer_note.set(String::new());
    }

    pub(super) fn delete_selected(self) {
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
        self.chop_by(i, By::You);
    }

    pub(super) fn chop_by(self, i: usize, by: By) {
        let Ok(h) = self.parsed.get_untracked() else { return };
        if self.drawing.get_untracked() {
            // Editing: a click selects (Delete or the button removes it).
            if !self.moving.get_untracked() && i < h.edges().len() {
                self.selected.update(|s| *s = if *s == Some(i) { None } else { Some(i) });
            }
            return;
        }
        let side = self.st.to_move.get_untracked();
        if !can_chop(&h, i, side) {
            return;
        }
        let Some((next, gone)) = h.chop(i) else { return };
        self.chop_hint.set(None);
        if by == By::You {
            // Judged before the chop (silent when too large to value here).
            self.feedback.set(judge_chop(&h, i, side));
        }
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
        self.fall_timer.set_value(
            set_timeout_with_handle(
                move || {
                    let _ = falling.try_set(vec![]);
                },
                Duration::from_millis(700),
            )
            .ok(),
        );
        self.record_by(by);
        self.set_text(next.to_string());
        self.st.to_move.set(side.other());
    }

    /// The typed position (after the debounce): points placed by hand
    /// stay only where they still fit the new picture.
    pub(super) fn type_position(self, text: String) {
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
    pub(super) fn keep_frame(self) {
        if self.draw_frame.get_untracked().is_none() {
            let e = self.parsed.with_untracked(|p| p.as_ref().ok().map(|h| self.coords.with_untracked(|c| Extent::of(h, c))));
            self.draw_frame.set(e.map(Extent::with_room));
        }
    }

    /// Values `h` in the worker, with a clock.
    pub(super) fn start_background(self, h: Hackenbush) {
        self.clock.stop();
        let position = h.to_string();
        let since = now_ms();
        let (bg, clock) = (self.bg, self.clock);
        let sent = self.value_job.submit(
            |id| Job::Value { id, budget: WORKER_MAX_POSITIONS, position: h },
            move |u| {
                let reply = match u {
                    Msg::Value(r) => Ok(r),
                    Msg::Error(e) => Err(e),
                    _ => return,
                };
                let _ = bg.try_update(|b| b.finish(reply, now_ms()));
                clock.stop();
            },
        );
        match sent {
            Ok(_) => {
                self.bg.set(Background::Running { of: position, since_ms: since });
                self.clock.start(since);
            }
            Err(message) => self.bg.set(Background::Failed { of: position, message }),
        }
    }

    pub(super) fn cancel_background(self) {
        self.value_job.cancel();
        self.clock.stop();
        self.bg.update(|b| b.cancel());
    }

    /// A position too large for the page goes to the worker (once).
    pub(super) fn background_effect(self) {
        Effect::new(move |_| {
            let Some(Err(HackenbushError::TooLarge { .. })) = self.sync.get() else { return };
            let Ok(h) = self.parsed.get() else { return };
            let position = h.to_string();
            if !self.bg.with_untracked(|b| b.is_for(&position)) {
                self.start_background(h);
            }
        });
    }

    /// Keys: Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo, Delete the
    /// selected edge; not while typing in a field (it has its own undo).
    pub(super) fn key_listener(self) {
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
    pub(super) fn computer_effect(self) {
        let timer = self.timer;
        Effect::new(move |_| {
            let side = self.st.to_move.get();
            let player = self.player.get();
            // No computer moves while the picture is being edited, nor after
            // Undo or Redo until the person moves.
            if self.drawing.get() || self.paused.get() {
                return;
            }
            let Ok(h) = self.parsed.get() else { return };
            if let Some(t) = timer.try_get_value().flatten() {
                t.clear();
            }
            if player.plays(side) {
                return;
            }
            // Too large to play exactly here: the UCT player (seeded by the
            // number of moves so far, so a replay repeats it).
            // (The value first: it sets the time it took.)
            let too_large = matches!(self.sync.get_untracked(), Some(Err(_)));
            let slow = self.sync_ms.get_value() > EXACT_PLAYER_MS;
            let seed = self.history.with_untracked(|v| v.len() as u64);
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
    pub(super) fn computer_plays(self, h: &Hackenbush, side: Side, choice: Option<usize>, how: &str) {
        let blue = side == Side::Left;
        match choice {
            Some(i) => {
                let _ = self.computer_note.try_set(format!("The computer chopped {}{how}.", h.edges()[i]));
                self.chop_by(i, By::Computer);
            }
            None => {
                let _ = self.computer_note.try_set(format!(
                    "{} has no edge to chop: {} wins.",
                    if blue { "Blue" } else { "Red" },
                    if blue { "Red" } else { "Blue" }
                ));
            }
        }
    }
}

/// The computer note's reason for playing by UCT.
pub(super) fn uct_note(why: &str) -> String {
    format!(" (UCT player, {UCT_ITERATIONS} playouts: {why})")
}
