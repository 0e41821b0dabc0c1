//! The board page's Leptos components (wasm32 only). All logic is in
//! [`super::model`]; this is the DOM around it.
//!
//! [`GamePage`] builds one [`Ctl`] (the URL state, the game, the value and
//! the effects that keep them in step) and lays out components named for
//! what the user sees: [`RulesetPicker`] and [`PositionField`] at the top,
//! [`PlayControls`], [`BoardPanel`] (with [`EditorControls`],
//! [`MoveRecord`] and [`ShareControls`]) and [`ComponentsTable`] in the
//! main column, [`ValueCard`], [`RulesCard`] and [`PresetList`] beside it.
//!
//! The value is computed on the main thread within [`PAGE_BUDGET`]
//! positions; past it the position goes to the background worker (a
//! [`GameJob`]) with a clock and Cancel, and a reply for a position no
//! longer on the board is dropped. The computer answers a human move after
//! a short pause, with the exact player or, past the budget, seeded UCT.

use super::boards::{renderer, BoardProps, MoveButtons, TextBoard};
use super::jobs::{GameJob, GameUpdate as Worker};
use super::model::{
    computers_turn, load, over_budget, record, undo, with_move, with_position, with_ruleset, Game, Readout, Snapshot, PAGE_BUDGET, WORKER_BUDGET,
};
use super::signals::GameSignals;
use super::state::{example, GameState};
use crate::job::{JobState, Ticker};
use crate::play::Player;
use crate::web::context::Nav;
use crate::web::dom;
use crate::web::jobs::now_ms;
use crate::web::solver::Lane;
use cgt::rulesets::registry::{self, PASS, RULESETS};
use cgt::side::Side;
use leptos::prelude::*;
use std::time::Duration;

mod impartial_card;
use impartial_card::{ImpartialCard, PlaySwitch};

/// What a value on show is of: the position, and the play for an
/// impartial game under misère play (the same position has another
/// outcome there).
fn value_key(position: &str, misere: bool) -> String {
    if misere {
        format!("{position}\u{1f}misère")
    } else {
        position.to_string()
    }
}

/// The computer waits this long before answering (so a move can be seen).
const COMPUTER_DELAY_MS: u64 = 400;

/// The value on show, for the position it is of: computed on the page
/// (`ms: None`) or, over the page's budget, by the worker.
type Value = JobState<Readout>;

/// The page's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
struct Ctl {
    nav: Nav,
    gs: RwSignal<GameState>,
    game: StoredValue<Option<Game>, LocalStorage>,
    /// The game on the board (the last good one while a typed position
    /// does not parse) and the position's parse error.
    snap: Memo<Option<Snapshot>>,
    error: Memo<Option<String>>,
    value: RwSignal<Value>,
    clock: Ticker,
    /// The background value's worker job (a new one drops the old).
    lane: Lane,
    /// What the computer did, or what a button could not do.
    message: RwSignal<String>,
    share: RwSignal<Option<(String, bool)>>,
    /// The move a strategy row points at, marked on the board.
    hint: RwSignal<Option<String>>,
    /// What the last move of a human cost against the best (issue 24),
    /// and the Hint button's answer.
    feedback: RwSignal<Option<String>>,
    hint_text: RwSignal<Option<String>>,
    /// The starting positions before each edit of the board (Undo edit).
    edits: RwSignal<Vec<String>>,
}

impl Ctl {
    fn new(st: GameSignals) -> Ctl {
        let gs = st.state;
        let game = StoredValue::new_local(None::<Game>);
        let loaded = Memo::new(move |prev: Option<&(Option<Snapshot>, Option<String>)>| {
            let st = gs.get();
            match game.try_update_value(|g| load(g, &st)) {
                Some(Ok(s)) => (Some(s), None),
                Some(Err(e)) => {
                    // Keep the board on show; with none of this ruleset yet,
                    // show its example (the field keeps the text and error).
                    let kept = prev.and_then(|p| p.0.clone()).filter(|s| s.ruleset == st.ruleset);
                    let shown = kept.or_else(|| game.try_update_value(|g| load(g, &with_position(&st, example(&st.ruleset), None)).ok()).flatten());
                    (shown, Some(e))
                }
                None => (None, None),
            }
        });
        Ctl {
            nav: Nav::from_context(),
            gs,
            game,
            snap: Memo::new(move |_| loaded.with(|l| l.0.clone())),
            error: Memo::new(move |_| loaded.with(|l| l.1.clone())),
            value: RwSignal::new(Value::Idle),
            clock: Ticker::new(),
            lane: Lane::new(),
            message: RwSignal::new(String::new()),
            share: RwSignal::new(None),
            hint: RwSignal::new(None),
            feedback: RwSignal::new(None),
            hint_text: RwSignal::new(None),
            edits: RwSignal::new(Vec::new()),
        }
    }

    /// A new state (clears the last message).
    fn set(self, st: GameState) {
        self.message.set(String::new());
        self.gs.set(st);
    }

    /// The human plays `mv` (ignored unless it is a legal move of theirs).
    fn play(self, mv: String) {
        let (Some(s), st) = (self.snap.get_untracked(), self.gs.get_untracked()) else { return };
        if st.editing || s.over.is_some() || !record(&st, &s).your_turn() || !s.moves.contains(&mv) {
            return;
        }
        self.hint.set(None);
        self.hint_text.set(None);
        // Judged before it is played, within the page's budget (silent past it).
        let judged = self.game.try_update_value(|g| g.as_mut().and_then(|g| g.judge(&mv, PAGE_BUDGET))).flatten();
        self.feedback.set(judged);
        self.set(with_move(&st, &s, &mv));
    }

    /// The editor replaced the position: a new start, the turn kept.
    fn edit(self, text: String) {
        let to_move = self.snap.get_untracked().map(|s| s.to_move);
        let st = self.gs.get_untracked();
        if st.position != text {
            self.edits.update(|e| e.push(st.position.clone()));
        }
        self.set(with_position(&st, &text, to_move));
    }

    /// Takes the last edit of the board back.
    fn undo_edit(self) {
        let Some(before) = self.edits.try_update(|e| e.pop()).flatten() else { return };
        let to_move = self.snap.get_untracked().map(|s| s.to_move);
        self.set(with_position(&self.gs.get_untracked(), &before, to_move));
    }

    /// Values `position` in the worker, with a clock.
    fn start_background(self, ruleset: &'static str, position: String, misere: bool) {
        let since = now_ms();
        let asked = position.clone();
        let job_position = position.clone();
        let key = value_key(&position, misere);
        let job = move |id| GameJob { id, ruleset: ruleset.to_string(), budget: WORKER_BUDGET, position: job_position, misere };
        let sent = self.lane.submit(job, move |u| {
            self.clock.stop();
            // A stale reply (the board moved on meanwhile) is dropped.
            let current = self.snap.try_get_untracked().flatten().map(|s| (s.current, s.misere));
            if current != Some((asked.clone(), misere)) {
                return;
            }
            let reply = match u {
                Worker::Game(r) if r.position == asked => Ok(r),
                Worker::Error(message) => Err(message),
                _ => return,
            };
            let _ = self.value.try_update(|v| v.finish(reply, now_ms()));
        });
        match sent {
            Ok(_) => {
                self.value.set(Value::Running { of: key, since_ms: since });
                self.clock.start(since);
            }
            Err(message) => self.value.set(Value::Failed { of: key, message }),
        }
    }

    fn cancel_background(self) {
        self.lane.cancel();
        self.clock.stop();
        self.value.update(|v| v.cancel());
    }

    /// Keeps the value equal to the board's position: on the page within
    /// its budget, else in the worker.
    fn value_effect(self) {
        Effect::new(move |_| {
            let Some(s) = self.snap.get() else { return };
            let key = value_key(&s.current, s.misere);
            if self.value.with_untracked(|v| v.is_for(&key)) {
                return;
            }
            if self.value.with_untracked(|v| v.is_running()) {
                self.cancel_background();
            }
            match self.game.try_update_value(|g| g.as_mut().map(|g| g.report(PAGE_BUDGET))).flatten() {
                Some(Ok(readout)) => self.value.set(Value::Done { of: key, result: readout, ms: None }),
                Some(Err(e)) if over_budget(&e) => self.start_background(s.ruleset, s.current, s.misere),
                Some(Err(e)) => self.value.set(Value::Failed { of: key, message: e.to_string() }),
                None => {}
            }
        });
    }

    /// The computer answers whenever it is its turn (not while editing).
    fn computer_effect(self) {
        let timer: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
        Effect::new(move |_| {
            let (Some(s), st) = (self.snap.get(), self.gs.get()) else { return };
            if let Some(t) = timer.try_get_value().flatten() {
                t.clear();
            }
            if !computers_turn(&st, &s) {
                return;
            }
            let answer = move || {
                // Read the board first: it brings the game to the state.
                let (Some(Some(s)), Some(st)) = (self.snap.try_get_untracked(), self.gs.try_get_untracked()) else { return };
                if !computers_turn(&st, &s) {
                    return;
                }
                let Some(m) = self.game.try_update_value(|g| g.as_mut().and_then(|g| g.computer_move(PAGE_BUDGET))).flatten() else { return };
                let how =
                    if m.exact { "exact play".to_string() } else { format!("UCT, {} iterations: the exact value is over the page's budget", m.iterations) };
                self.gs.set(with_move(&st, &s, &m.mv));
                // "Right (red)" reads "Right" inside the message's own parentheses.
                let who = side_words(s.ruleset, s.to_move).split(" (").next().unwrap_or_default();
                self.message.set(format!("The computer ({who}) played {} ({how}).", m.mv));
            };
            timer.set_value(set_timeout_with_handle(answer, Duration::from_millis(COMPUTER_DELAY_MS)).ok());
        });
        on_cleanup(move || {
            if let Some(t) = timer.try_get_value().flatten() {
                t.clear();
            }
        });
    }
}

/// The board page.
#[component]
pub fn GamePage(st: GameSignals) -> impl IntoView {
    let ctl = Ctl::new(st);
    ctl.value_effect();
    ctl.computer_effect();
    // Impartial games get their own value card (nim-values, the nim-sum in
    // binary) and no thermographs (every nimber's is the same mast).
    let impartial = Memo::new(move |_| ctl.snap.with(|s| s.as_ref().is_some_and(|s| s.impartial)));
    // The lane cancels its own job when the page goes, the clock stops itself.
    view! {
        <section class="game-page" data-testid="page-game">
            <div class="card input-card">
                <RulesetPicker ctl=ctl />
                <PositionField ctl=ctl />
            </div>
            <div class="workspace">
                <div class="main-col">
                    <div class="card board-card" data-testid="board-panel">
                        <PlayControls ctl=ctl />
                        <PlaySwitch ctl=ctl />
                        <BoardPanel ctl=ctl />
                    </div>
                    {move || (!impartial.get()).then(|| view! { <ComponentsTable ctl=ctl /> })}
                    <StrategiesCard ctl=ctl />
                </div>
                <aside class="side">
                    {move || if impartial.get() { view! { <ImpartialCard ctl=ctl /> }.into_any() } else { view! { <ValueCard ctl=ctl /> }.into_any() }}
                    <RulesCard ctl=ctl />
                    <PresetList ctl=ctl />
                </aside>
            </div>
        </section>
    }
}

/// The ruleset menu.
#[component]
fn RulesetPicker(ctl: Ctl) -> impl IntoView {
    let options =
        RULESETS.iter().map(|r| view! { <option value=r.name selected=move || ctl.gs.with(|s| s.ruleset == r.name)>{r.title}</option> }).collect_view();
    view! {
        <div class="input-head">
            <label class="input-label" for="ruleset-picker">"Game"</label>
            <select id="ruleset-picker" data-testid="ruleset-picker" title="the ruleset on the board" on:change=move |ev| {
                let name = event_target_value(&ev);
                ctl.set(with_ruleset(&ctl.gs.get_untracked(), &name));
            }>{options}</select>
        </div>
    }
}

/// The starting position as text: typed edits parse at once, with the
/// ruleset's error (row and column, or the item); the board keeps the
/// last good position meanwhile.
#[component]
fn PositionField(ctl: Ctl) -> impl IntoView {
    let format = move || ctl.gs.with(|s| registry::info(&s.ruleset).map(|i| with_code(i.format)));
    view! {
        <label class="input-label" for="position-input">"Starting position"</label>
        <div class="input-row">
            <input id="position-input" type="text" data-testid="position-input" spellcheck="false" autocomplete="off"
                prop:value=move || ctl.gs.with(|s| s.position.clone())
                on:input=move |ev| ctl.set(with_position(&ctl.gs.get_untracked(), &event_target_value(&ev), None)) />
        </div>
        <p class="hint">"Format: " {format} ". The moves played are in the record below the board."</p>
        {move || ctl.error.get().map(|e| view! {
            <div class="error" role="alert" data-testid="position-error"><strong>"Cannot read this position. "</strong><span>{e}</span></div>
        })}
    }
}

/// Who plays, who starts, new game, Undo, edit mode.
#[component]
fn PlayControls(ctl: Ctl) -> impl IntoView {
    let gs = ctl.gs;
    let can_undo = move || match (ctl.snap.get(), gs.get()) {
        (Some(s), st) => record(&st, &s).can_undo(),
        _ => false,
    };
    view! {
        <div class="play-bar">
            <label>"You play "
                <select data-testid="game-you" title="the side you play; the computer plays the other" on:change=move |ev| {
                    let you = Player::from_key(&event_target_value(&ev)).unwrap_or_default();
                    ctl.set(GameState { you, ..gs.get_untracked() });
                }>
                    <option value="L" selected=move || gs.with(|s| s.you == Player::Left)>{move || side_words(&gs.with(|s| s.ruleset.clone()), Side::Left)}" vs the computer"</option>
                    <option value="R" selected=move || gs.with(|s| s.you == Player::Right)>{move || side_words(&gs.with(|s| s.ruleset.clone()), Side::Right)}" vs the computer"</option>
                    <option value="both" selected=move || gs.with(|s| s.you == Player::Both)>"both sides (two players)"</option>
                </select>
            </label>
            <label>" first: "
                <select data-testid="game-first" title="who moves first (starts the game again)" on:change=move |ev| {
                    let first = if event_target_value(&ev) == "R" { Side::Right } else { Side::Left };
                    ctl.set(GameState { first, moves: String::new(), ..gs.get_untracked() });
                }>
                    <option value="L" selected=move || gs.with(|s| s.first == Side::Left)>{move || side_words(&gs.with(|s| s.ruleset.clone()), Side::Left)}</option>
                    <option value="R" selected=move || gs.with(|s| s.first == Side::Right)>{move || side_words(&gs.with(|s| s.ruleset.clone()), Side::Right)}</option>
                </select>
            </label>
            <button class="btn small" data-testid="game-restart" title="start again from the starting position" on:click=move |_| ctl.set(GameState { moves: String::new(), ..gs.get_untracked() })>"New game"</button>
            <button class="btn small" data-testid="game-undo" title="take back your last move (and the computer's answer)" prop:disabled=move || !can_undo() on:click=move |_| {
                if let (Some(s), st) = (ctl.snap.get_untracked(), gs.get_untracked()) {
                    if let Some(back) = undo(&st, &s) {
                        ctl.set(back);
                    }
                }
            }>"Undo"</button>
            <button class="btn small" data-testid="game-edit" aria-pressed=move || gs.with(|s| s.editing).to_string()
                title="edit the position on the board (the edited board starts a new game)"
                on:click=move |_| ctl.set(GameState { editing: !gs.with_untracked(|s| s.editing), ..gs.get_untracked() })>
                {move || if gs.with(|s| s.editing) { "Done editing" } else { "Edit board" }}
            </button>
        </div>
    }
}

/// Copy link and Add to Sums, under the board.
#[component]
fn ShareControls(ctl: Ctl) -> impl IntoView {
    let on_share = move |_| {
        let href = dom::current_href();
        ctl.share.set(Some((href.clone(), false)));
        leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&href).await;
            let _ = ctl.share.try_set(Some((href, ok)));
        });
    };
    let on_sum = move |_| {
        let parts = ctl.value.with_untracked(|v| match v {
            Value::Done { result: readout, .. } => readout.sum_parts(),
            _ => Err("the value is not known yet".to_string()),
        });
        if let Err(e) = parts.and_then(|p| ctl.nav.send_to_sum(&p)) {
            ctl.message.set(format!("Not added to Sums: {e}."));
        }
    };
    view! {
        <div class="toolbar">
            <button class="btn small" data-testid="share-link" title="copy a link to this game (position, moves, sides)" on:click=on_share>"Copy link"</button>
            <button class="btn small" data-testid="send-to-sum"
                title=move || if ctl.nav.sum_is_example() { "put each component's canonical form in the Sums page's sum, in place of its example" } else { "append each component's canonical form to the Sums page's sum" }
                on:click=on_sum>{move || if ctl.nav.sum_is_example() { "Add to Sums → (replaces the example sum)" } else { "Add to Sums → (appends to the sum)" }}</button>
        </div>
        {move || ctl.share.get().map(|(href, ok)| view! {
            <div class="share">
                <input class="share-url" readonly data-testid="share-url" aria-label="link to this game" prop:value=href />
                <span class="muted small">{if ok { "Link copied." } else { "Copy this link." }}</span>
            </div>
        })}
    }
}

/// The board (the ruleset's renderer, or the text view), whose move it
/// is, the game-over message and the record.
#[component]
fn BoardPanel(ctl: Ctl) -> impl IntoView {
    let (gs, snap) = (ctl.gs, ctl.snap);
    let props = BoardProps {
        position: Signal::derive(move || snap.with(|s| s.as_ref().map(|s| s.current.clone()).unwrap_or_default())),
        played: Signal::derive(move || snap.with(|s| s.as_ref().map(|s| s.played.clone()).unwrap_or_default())),
        to_move: Signal::derive(move || {
            let you = gs.with(|s| s.you);
            snap.with(|s| s.as_ref().filter(|s| s.over.is_none() && you.plays(s.to_move)).map(|s| s.to_move))
        }),
        moves: Signal::derive(move || snap.with(|s| s.as_ref().map(|s| s.moves.clone()).unwrap_or_default())),
        editing: Signal::derive(move || gs.with(|s| s.editing)),
        on_move: Callback::new(move |mv: String| ctl.play(mv)),
        on_edit: Callback::new(move |t: String| ctl.edit(t)),
        hint: ctl.hint.into(),
        // The points a refusal names (a Go region, a ko), marked.
        marked: Signal::derive(move || {
            ctl.value.with(|v| match v {
                Value::Failed { message, .. } => cgt::rulesets::go::marked_points(message),
                _ => Vec::new(),
            })
        }),
    };
    // Remount the board only when the ruleset changes (a hover survives moves).
    let ruleset = Memo::new(move |_| gs.with(|s| s.ruleset.clone()));
    let board = move || match renderer(&ruleset.get()) {
        Some(r) => view! {
            {(r.board)(props)}
            <details class="moves-by-name"><summary class="small">"Play by name (keyboard)"</summary><MoveButtons props=props /></details>
        }
        .into_any(),
        None => view! { <TextBoard props=props /> }.into_any(),
    };
    let status = move || {
        let s = snap.get()?;
        if s.over.is_some() {
            return None;
        }
        let st = gs.get();
        let who = if st.editing {
            "editing: the game continues when you are done"
        } else if st.you.plays(s.to_move) {
            "your move"
        } else {
            "the computer is thinking…"
        };
        Some(format!("{} to move: {who}.", side_words(&ruleset.get(), s.to_move)))
    };
    view! {
        <p class="status" data-testid="to-move" aria-live="polite">{status}</p>
        {move || snap.get().and_then(|s| s.over).map(|m| view! { <p class="status game-over" data-testid="game-over" role="status">{m}</p> })}
        <EditorControls ctl=ctl props=props />
        <div class="board-wrap">{board}</div>
        // The text under a drawn board (a text board shows it already).
        {move || renderer(&ruleset.get()).map(|_| view! {
            <p class="muted small mono" data-testid="current-position" title="the position on the board, as text">{move || snap.get().map(|s| s.current).unwrap_or_default()}</p>
        })}
        {move || snap.get().and_then(|s| s.record_error).map(|e| view! { <div class="error" role="alert" data-testid="record-error">{e}</div> })}
        <p class="muted small" data-testid="computer-note" aria-live="polite">{move || ctl.message.get()}</p>
        {move || ctl.feedback.get().map(|f| view! { <p class="feedback" data-testid="board-feedback" role="status">{f}</p> })}
        {move || {
            // The review once the game is over (every move judged from the start).
            snap.get().and_then(|s| s.over)?;
            let lines = ctl.game.try_with_value(|g| g.as_ref().and_then(|g| g.review(PAGE_BUDGET))).flatten()?;
            Some(view! {
                <div class="review" data-testid="board-review"><h3>"Game review"</h3><ul>{lines.into_iter().map(|l| view! { <li data-testid="board-review-line">{l}</li> }).collect_view()}</ul></div>
            })
        }}
        <p class="hint-row">
            {move || {
                // A pass, where the rules allow one (Go), on the human's turn.
                let you = gs.with(|s| s.you);
                snap.with(|s| s.as_ref().is_some_and(|s| s.over.is_none() && you.plays(s.to_move) && s.moves.iter().any(|m| m == PASS)))
                    .then(|| view! { <button class="btn small" data-testid="board-pass" title="pass: play no stone (two passes in turn end the game)" on:click=move |_| ctl.play(PASS.to_string())>"Pass"</button> })
            }}
            <button class="btn small" data-testid="board-hint" title="show the best move for the side to move, and why"
                prop:disabled=move || snap.with(|s| s.as_ref().is_none_or(|s| s.over.is_some()))
                on:click=move |_| { let h = ctl.game.try_update_value(|g| g.as_mut().and_then(|g| g.hint(PAGE_BUDGET))).flatten(); ctl.hint_text.set(h); }>"Hint"</button>
            {move || ctl.hint_text.get().map(|h| view! { <span class="hint" data-testid="board-hint-text">{h}</span> })}
        </p>
        <MoveRecord ctl=ctl />
        <ShareControls ctl=ctl />
    }
}

/// The moves played, numbered, in their sides' colours.
#[component]
fn MoveRecord(ctl: Ctl) -> impl IntoView {
    move || {
        let s = ctl.snap.get()?;
        (!s.played.is_empty()).then(|| {
            let items = s
                .played
                .iter()
                .enumerate()
                .map(|(i, (side, mv))| {
                    let cls = if side.is_left() { "rec by-left" } else { "rec by-right" };
                    view! { <li class=cls title=format!("move {} by {side}", i + 1)>{format!("{}. {mv}", i + 1)}</li> }
                })
                .collect_view();
            view! { <ol class="game-record" data-testid="game-record" aria-label="moves played">{items}</ol> }
        })
    }
}

/// Edit mode: the renderer's own tools (board size) and a reminder.
#[component]
fn EditorControls(ctl: Ctl, props: BoardProps) -> impl IntoView {
    move || {
        if !ctl.gs.with(|s| s.editing) {
            return None;
        }
        let tools = renderer(&ctl.gs.with(|s| s.ruleset.clone())).map(|r| (r.edit_tools)(props));
        // Each board's tools say what a click does there.
        let hint =
            if tools.is_some() { "Click the board to change it, or type the position in the field above." } else { "Type the position in the field above." };
        Some(view! {
            <div class="editor-controls" data-testid="editor-controls">
                <span class="muted small">{hint}" The edited board starts a new game with the same side to move."</span>
                <button class="btn small" data-testid="edit-undo" title="take the last edit of the board back"
                    prop:disabled=move || ctl.edits.with(|e| e.is_empty()) on:click=move |_| ctl.undo_edit()>"Undo edit"</button>
                {tools}
            </div>
        })
    }
}

/// The atomic weight of the value on show, where it has one.
fn readout_atomic(ctl: Ctl) -> Option<String> {
    ctl.value.with(|v| match v {
        Value::Done { result: readout, .. } if !readout.atomic_weight.is_empty() => Some(readout.atomic_weight.clone()),
        _ => None,
    })
}

/// The value of the whole position: canonical form, mean, temperature,
/// stops, outcome, positions valued (and an infinitesimal's atomic
/// weight); the background job's state.
#[component]
fn ValueCard(ctl: Ctl) -> impl IntoView {
    let field = move |f: fn(&Readout) -> String| {
        move || {
            ctl.value.with(|v| match v {
                Value::Done { result: readout, .. } => f(readout),
                _ => "—".to_string(),
            })
        }
    };
    view! {
        <div class="card stats-card value">
            <h2>"Value of the position"</h2>
            <dl class="stats">
                <div class="wide"><dt>"canonical form"</dt><dd class="canon" data-testid="canonical">{field(|r| r.canonical.clone())}</dd></div>
                <div><dt>"mean"</dt><dd data-testid="mean">{field(|r| r.mean.clone())}</dd></div>
                <div><dt>"temperature"</dt><dd data-testid="temperature">{field(|r| r.temperature.clone())}</dd></div>
                <div><dt>"left stop"</dt><dd data-testid="left-stop">{field(|r| r.left_stop.clone())}</dd></div>
                <div><dt>"right stop"</dt><dd data-testid="right-stop">{field(|r| r.right_stop.clone())}</dd></div>
                <div><dt>"outcome"</dt><dd data-testid="outcome">{field(|r| r.outcome.clone())}</dd></div>
                <div><dt>"positions valued"</dt><dd data-testid="positions">{field(|r| r.positions.to_string())}</dd></div>
                {move || readout_atomic(ctl).map(|w| view! {
                    <div title="an infinitesimal's atomic weight: roughly how many ups (↑) Left is ahead"><dt>"atomic weight"</dt><dd data-testid="atomic-weight">{w}</dd></div>
                })}
            </dl>
            {move || ctl.value.with(|v| match v {
                Value::Done { result: readout, .. } if !readout.words.is_empty() => Some(crate::web::gowords::line(&readout.sente, &readout.words)),
                _ => None,
            })}
            <p class="muted small">"Outcome: L Left wins, R Right wins, P the second player wins, N the first player wins. The value is of the position on the board, whoever is to move."</p>
            <BackgroundState ctl=ctl />
        </div>
    }
}

/// The background job's state under a value card: the clock and Cancel,
/// Compute again, the refusal, or how long the worker took.
#[component]
fn BackgroundState(ctl: Ctl) -> impl IntoView {
    move || {
        let v = ctl.value.get();
        Some(match v {
            Value::Running { .. } => view! {
                <div class="game-background" data-testid="game-background" role="status">
                    <span class="spinner" aria-hidden="true"></span>
                    {move || format!("The value needs more than {PAGE_BUDGET} positions (or a board too large to search on the page): computing in the background… {:.1} s", ctl.clock.seconds())}
                    " "<button class="btn small" data-testid="game-cancel" title="stop the background computation" on:click=move |_| ctl.cancel_background()>"Cancel"</button>
                </div>
            }
            .into_any(),
            Value::Cancelled { of: position } => view! {
                <div class="game-background" data-testid="game-background">
                    "Cancelled. "
                    <button class="btn small" data-testid="game-solve" title="compute the value in the background again" on:click=move |_| {
                        let snap = ctl.snap.get_untracked();
                        if let Some(s) = snap {
                            ctl.start_background(s.ruleset, s.current.clone(), s.misere);
                        }
                        let _ = &position;
                    }>"Compute in the background"</button>
                </div>
            }
            .into_any(),
            Value::Failed { message, .. } => view! { <p class="note" data-testid="value-error" role="alert">{message}</p> }.into_any(),
            Value::Done { ms: Some(ms), .. } => view! { <p class="muted small" data-testid="solved-in">{format!("computed in the background in {:.2} s", ms / 1000.0)}</p> }.into_any(),
            _ => return None,
        })
    }
}

/// A side as the page names it: the ruleset's own names for its players
/// (Go's Black and White), else Left in blue and Right in red.
fn side_words(ruleset: &str, side: Side) -> &'static str {
    let players = registry::info(ruleset).map_or(cgt::rulesets::LEFT_RIGHT, |i| i.players);
    players[side.index()]
}

/// A Go region's chilled value and warmed back (its kind of play is the
/// line of Go's words under it, as on every board).
fn go_region(c: &super::model::ComponentRow) -> Option<impl IntoView> {
    let (chilled, warmed, _) = c.go.clone()?;
    // Warmed back only where it gives the value again (an even position);
    // elsewhere warming gives another game, which would mislead.
    let warmed = (!warmed.is_empty()).then(|| {
        view! {
            <span title="warming the chilled value gives the value back: Mathematical Go's even positions">
                ", warmed back " <span data-testid="component-warmed">{warmed}</span>" (the value again)"
            </span>
        }
    });
    Some(view! {
        <div class="small muted go-region">
            <span title="the value cooled by 1 point: Mathematical Go's chilled value">"chilled "</span><span data-testid="component-chilled">{chilled}</span>
            {warmed}
        </div>
    })
}

/// The move each strategy of the Sums page makes here for the side to move
/// (Go boards): read back from the regions' sum onto the board, with the
/// count after it, and a button that plays it.
#[component]
fn StrategiesCard(ctl: Ctl) -> impl IntoView {
    let rows = move || {
        if ctl.gs.with(|s| s.ruleset != cgt::rulesets::go::NAME) {
            return None;
        }
        // Once the value is on show: the session has the position's table.
        if !ctl.value.with(|v| matches!(v, Value::Done { .. })) {
            return None;
        }
        let s = ctl.snap.get()?;
        if s.over.is_some() {
            return None;
        }
        let list = ctl.game.try_update_value(|g| g.as_mut().map(|g| g.strategy_moves(PAGE_BUDGET))).flatten()?;
        (!list.is_empty()).then_some((s.to_move, list))
    };
    move || {
        rows().map(|(side, list)| {
            let who = side_words(cgt::rulesets::go::NAME, side);
            let items = list
                .into_iter()
                .map(|(name, mv, after)| {
                    let play = mv.clone().map(|m| view! { <button class="btn small" data-testid="strategy-play" title="play this move" on:click=move |_| ctl.play(m.clone())>"Play"</button> });
                    let (shown, shown2) = (mv.clone(), mv.clone());
                    view! {
                        <tr data-testid="strategy-row" title="point here to see the move on the board"
                            on:mouseenter=move |_| ctl.hint.set(shown.clone()) on:mouseleave=move |_| ctl.hint.set(None)
                            on:focusin=move |_| ctl.hint.set(shown2.clone()) on:focusout=move |_| ctl.hint.set(None)>
                            <td data-testid="strategy-name">{name}</td>
                            <td class="mono" data-testid="strategy-move">{mv.unwrap_or_else(|| "-".into())}</td>
                            <td class="mono" data-testid="strategy-count">{after.unwrap_or_else(|| "-".into())}</td>
                            <td>{play}</td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <div class="card" data-testid="go-strategies">
                    <h2>"Strategies"</h2>
                    <p class="muted small">{format!("The move each strategy of the Sums page makes here for {who}, and the count after it: hotstrat plays in the hottest region, sentestrat answers a sente first, thermostrat reads the thermographs, exact plays perfectly.")}</p>
                    <table class="sum-table">
                        <thead><tr><th>"strategy"</th><th>"move"</th><th>"count after"</th><th></th></tr></thead>
                        <tbody>{items}</tbody>
                    </table>
                </div>
            }
        })
    }
}

/// Each component of the position with its value and a small thermograph.
#[component]
fn ComponentsTable(ctl: Ctl) -> impl IntoView {
    let palette = crate::web::context::palette();
    let rows = move || {
        let palette = palette.get();
        ctl.value.with(|v| {
            let Value::Done { result: readout, .. } = v else { return None };
            let rows = readout
                .components
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let picture = c.thermograph().map(|th| {
                        cgt_draw::thermograph_svg(&th, 220, 140, &cgt_draw::DrawOptions { legend: false, palette, ..cgt_draw::DrawOptions::default() })
                    });
                    let label = format!("thermograph of component {}: mean {}, temperature {}", i + 1, c.mean, c.temperature);
                    view! {
                        <tr data-testid="component-row">
                            <td class="mono comp-pos" data-label="position" data-testid="component-position">{c.position.clone()}</td>
                            <td class="mono" data-label="canonical"><span data-testid="component-canonical">{c.canonical.clone()}</span>{go_region(c)}
                                {(!c.words.is_empty()).then(|| crate::web::gowords::line(&c.sente, &c.words))}</td>
                            <td class="mono" data-label="mean" data-testid="component-mean">{c.mean.clone()}</td>
                            <td class="mono" data-label="temperature" data-testid="component-temperature">{c.temperature.clone()}</td>
                            <td class="comp-thermo">{match picture {
                                Some(svg) => view! { <div class="sum-mini" role="img" aria-label=label inner_html=svg></div> }.into_any(),
                                None => view! { <span class="muted small">"too large to draw"</span> }.into_any(),
                            }}</td>
                        </tr>
                    }
                })
                .collect_view();
            Some((readout.components.len(), rows))
        })
    };
    view! {
        <div class="card" data-testid="components-table">
            <h2>"Components"</h2>
            <p class="muted small">"The parts no move joins; the position is their sum, so values, means and the thermograph's walls add."</p>
            {move || match rows() {
                Some((0, _)) => view! { <p class="muted small" data-testid="no-components">"No component: neither side has a move (the value is 0)."</p> }.into_any(),
                Some((_, rows)) => view! {
                    <div class="comp-scroll">
                        <table class="sum-table comp-table">
                            <thead><tr><th>"position"</th><th>"canonical"</th><th>"mean"</th><th>"temp."</th><th>"thermograph"</th></tr></thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                }.into_any(),
                None => view! { <p class="muted small" data-testid="components-waiting">{move || components_waiting(ctl)}</p> }.into_any(),
            }}
        </div>
    }
}

/// What the components card says while it has no rows: why, when the
/// value was refused or cancelled (it never comes then).
fn components_waiting(ctl: Ctl) -> String {
    ctl.value.with(|v| match v {
        Value::Failed { .. } => {
            "Not valued: the value card says why (on a Go board the region is marked), so the components have no values either.".to_string()
        }
        Value::Cancelled { .. } => "Cancelled: the components are valued with the position (Compute in the background, in the value card).".to_string(),
        Value::Running { .. } => "Computing in the background with the value…".to_string(),
        _ => "Waiting for the value.".to_string(),
    })
}

/// The rules, where they come from, and the text format.
#[component]
fn RulesCard(ctl: Ctl) -> impl IntoView {
    move || {
        let info = registry::info(&ctl.gs.with(|s| s.ruleset.clone()))?;
        Some(view! {
            <div class="card rules-card" data-testid="rules-card">
                <h2>{info.title}</h2>
                <p data-testid="rules">{info.rules}</p>
                <p class="small"><strong>"Left"</strong>" is blue, "<strong>"Right"</strong>" red, in every picture."</p>
                <p class="small muted">"Source: " <span class="source">{info.source}</span></p>
                <p class="small muted">"Format: " {with_code(info.format)}</p>
            </div>
        })
    }
}

/// Positions with published values, each with its source.
#[component]
fn PresetList(ctl: Ctl) -> impl IntoView {
    move || {
        let info = registry::info(&ctl.gs.with(|s| s.ruleset.clone()))?;
        let items = info
            .presets
            .iter()
            .map(|p| {
                view! {
                    <li>
                        <button class="preset" data-testid="preset" data-position=p.position title=format!("load {}", p.position)
                            on:click=move |_| ctl.set(with_position(&ctl.gs.get_untracked(), p.position, None))>
                            <span class="preset-name">{p.name}</span>
                            <code>{format!("= {}", p.value)}</code>
                        </button>
                        <span class="preset-meta"><code class="mono">{p.position}</code><span class="source">{p.source}</span></span>
                    </li>
                }
            })
            .collect_view();
        (!info.presets.is_empty()).then(|| {
            view! {
                <div class="card presets-card">
                    <h2>"Presets"</h2>
                    <ul class="presets game-presets">{items}</ul>
                </div>
            }
        })
    }
}

/// A registry text with `code` in backquotes, the code set as code.
fn with_code(text: &'static str) -> impl IntoView {
    text.split('`').enumerate().map(|(i, part)| if i % 2 == 1 { view! { <code>{part}</code> }.into_any() } else { part.into_any() }).collect_view()
}
