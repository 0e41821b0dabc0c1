//! The heap-go page's Leptos components (wasm32 only). All logic is in
//! [`super::model`]; this is the DOM around it. The sum, the moves played,
//! who starts and who the human plays are in the URL ([`super::state`]).
//!
//! [`HeapGoPage`] builds one [`Ctl`] (the URL state, the parsed sum, the
//! game on the board and the computer's effect) and lays out components
//! named for what the user sees: [`HeapsField`] and [`RandomSum`] at the
//! top; [`PlayControls`], [`GameStatus`], [`CounterTools`], [`HeapBoard`]
//! (one [`HeapColumn`] per heap), [`SendToSums`] and [`TakenLog`] in the
//! board card; [`ThermographCard`] below it and [`FiguresCard`] beside.

use super::model::{
    apply_edit, class_label, computer_move, counter_label, heaps_for_sum, perfect_play_score, random_sum, score_text, shown, status, take_label, turn, undo,
    with_move, Edit, Figures, Shown, Subject, Turn, CLASSES, MAX_POSITIONS,
};
use super::signals::HeapGoSignals;
use crate::play::Player;
use crate::web::canvas::ThermographCanvas;
use crate::web::context::Nav;
use crate::web::dom;
use crate::web::export::{ExportButtons, TikzButton};
use cgt::numbers::Q;
use cgt::rulesets::heapgo::{Counter, CounterColour, HeapGo};
use cgt::side::Side;
use cgt::thermograph::Thermograph;
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The computer waits this long before answering (so a move can be seen).
const COMPUTER_DELAY_MS: u64 = 350;

/// The page's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
struct Ctl {
    st: HeapGoSignals,
    nav: Nav,
    /// The text field (the URL's `h` follows it after a short pause).
    input: RwSignal<String>,
    edit_mode: RwSignal<bool>,
    /// The counter being edited: (heap, counter).
    selected: RwSignal<Option<(usize, usize)>>,
    /// What the thermograph and the figures describe: the whole sum, or
    /// one heap.
    subject: RwSignal<Subject>,
    /// What the computer did, or what a button could not do.
    computer_note: RwSignal<String>,
    /// What Copy link did.
    share_msg: RwSignal<String>,
    /// The sum as parsed (errors name the heap and counter).
    parsed: Memo<Result<HeapGo, String>>,
    game: Memo<Option<HeapGo>>,
    /// Where the game stands after the moves in the URL.
    turn: Memo<Option<Turn>>,
    /// The subject's figures at that position (the cards and the picture).
    shown: Memo<Option<Shown>>,
}

impl Ctl {
    fn new(st: HeapGoSignals) -> Ctl {
        let parsed = Memo::new(move |_| st.heaps.with(|t| t.parse::<HeapGo>().map_err(|e| e.to_string())));
        let game = Memo::new(move |_| parsed.with(|p| p.as_ref().ok().cloned()));
        let turn = Memo::new(move |_| {
            let g = game.get()?;
            Some(st.moves.with(|m| turn(&g, m, st.first.get(), st.you.get())))
        });
        let subject = RwSignal::new(Subject::Sum);
        Ctl {
            st,
            nav: Nav::from_context(),
            input: RwSignal::new(st.heaps.get_untracked()),
            edit_mode: RwSignal::new(false),
            selected: RwSignal::new(None),
            subject,
            computer_note: RwSignal::new(String::new()),
            share_msg: RwSignal::new(String::new()),
            parsed,
            game,
            turn,
            shown: Memo::new(move |_| {
                let t = turn.get()?;
                game.with(|g| g.as_ref().map(|g| shown(g, &t, subject.get())))
            }),
        }
    }

    /// A new sum (from an edit or a random class): a new game.
    fn set_heaps(self, text: String) {
        self.input.set(text.clone());
        self.st.heaps.set(text);
        self.st.moves.set(String::new());
        self.selected.set(None);
        self.subject.set(Subject::Sum);
        self.computer_note.set(String::new());
    }

    fn edit(self, e: Edit) {
        if let Some(g2) = self.game.get_untracked().and_then(|g| apply_edit(&g, e)) {
            self.set_heaps(g2.to_string());
        }
    }

    /// Take from heap `h` for the side to move (ignored if illegal or the
    /// game is over).
    fn play(self, h: usize) {
        let (Some(Some(t)), Some(Some(g))) = (self.turn.try_get_untracked(), self.game.try_get_untracked()) else { return };
        if let Some(mv) = with_move(&g, &t, h) {
            self.st.moves.set(mv);
        }
    }

    /// The computer answers whenever it is its turn.
    fn computer_effect(self) {
        let timer: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
        Effect::new(move |_| {
            let Some(t) = self.turn.get() else { return };
            if let Some(h) = timer.try_get_value().flatten() {
                h.clear();
            }
            if !t.rec.computers_turn(t.p.over) {
                return;
            }
            let answer = move || {
                let (Some(Some(t)), Some(Some(g))) = (self.turn.try_get_untracked(), self.game.try_get_untracked()) else { return };
                if let Some((h, how)) = computer_move(&g, &t.p.pos, t.to_move()) {
                    let _ = self.computer_note.try_set(format!("The computer ({}) took from heap {} ({how}).", t.to_move().name(), h + 1));
                    self.play(h);
                }
            };
            timer.set_value(set_timeout_with_handle(answer, Duration::from_millis(COMPUTER_DELAY_MS)).ok());
        });
        on_cleanup(move || {
            if let Some(h) = timer.try_get_value().flatten() {
                h.clear();
            }
        });
    }
}

/// The heap-go page.
#[component]
pub fn HeapGoPage(st: HeapGoSignals) -> impl IntoView {
    let ctl = Ctl::new(st);
    ctl.computer_effect();
    view! {
        <section class="heapgo" data-testid="page-heapgo">
            <div class="card input-card">
                <HeapsField ctl=ctl />
                <RandomSum ctl=ctl />
            </div>
            <div class="workspace">
                <div class="main-col">
                    <div class="card board-card">
                        <PlayControls ctl=ctl />
                        <GameStatus ctl=ctl />
                        <CounterTools ctl=ctl />
                        <HeapBoard ctl=ctl />
                        <div class="toolbar"><span class="spacer"></span><TikzButton of="heap-board" name="heapgo-board" tikz=Callback::new(move |pal: cgt_draw::Palette| {
                            // The position on the board: what is left of each heap.
                            let (g, t) = (ctl.game.get_untracked()?, ctl.turn.get_untracked()?);
                            let left: Vec<&[cgt::rulesets::heapgo::Counter]> = g.heaps().iter().enumerate().map(|(h, heap)| &heap[t.p.pos[h].min(heap.len())..]).collect();
                            Some(cgt_draw::tikz_pictures::heapgo_tikz(&left, &pal))
                        }) /></div>
                        <p class="muted small" data-testid="heap-computer">{move || ctl.computer_note.get()}</p>
                        <p class="muted small" data-testid="heap-perfect">{move || perfect(ctl)}</p>
                        <Feedback ctl=ctl />
                        <SendToSums ctl=ctl />
                        <TakenLog ctl=ctl />
                    </div>
                    <ThermographCard ctl=ctl />
                </div>
                <aside class="side">
                    <FiguresCard ctl=ctl />
                </aside>
            </div>
        </section>
    }
}

/// Feedback while playing (issue 24): what the last move cost against
/// perfect play and the temperature now; a Hint button (the best move and
/// why); at the end, the review of each side's moves.
#[component]
fn Feedback(ctl: Ctl) -> impl IntoView {
    let review = Memo::new(move |_| {
        let g = ctl.game.get()?;
        let rec = ctl.turn.with(|t| t.as_ref().map(|t| t.rec.clone()))?;
        Some(super::model::game_review(&g, &rec))
    });
    let hint_text: RwSignal<Option<String>> = RwSignal::new(None);
    // A new position hides the old hint.
    Effect::new(move |_| {
        ctl.turn.track();
        hint_text.set(None);
    });
    let feedback = move || {
        let (g, t) = (ctl.game.get()?, ctl.turn.get()?);
        let r = review.get()?;
        super::model::last_move_feedback(&g, &t, r.as_ref())
    };
    let show_hint = move |_| {
        let text = (|| {
            let (g, t) = (ctl.game.get_untracked()?, ctl.turn.get_untracked()?);
            super::model::hint(&g, &t.p, t.to_move())
        })();
        hint_text.set(text);
    };
    let over = move || ctl.turn.with(|t| t.as_ref().is_some_and(|t| t.p.over && t.applied() > 0));
    let review_view = move || {
        if !over() {
            return None;
        }
        let lines = review.with(|r| r.clone().flatten()).and_then(|r| ctl.turn.with(|t| t.as_ref().map(|t| super::model::review_lines(&r, &t.rec))));
        Some(view! {
            <div class="review" data-testid="game-review" role="region" aria-label="game review">
                <h3>"Game review"</h3>
                {match lines {
                    Some(lines) => view! { <ul>{lines.into_iter().map(|l| view! { <li class:sub=l.starts_with("  ") data-testid="review-line">{l.trim().to_string()}</li> }).collect_view()}</ul> }.into_any(),
                    None => view! { <p class="muted small">"This sum is too large to review exactly here."</p> }.into_any(),
                }}
            </div>
        })
    };
    view! {
        <p class="feedback" data-testid="move-feedback" role="status" aria-live="polite">{feedback}</p>
        <p class="hint-row">
            <button class="btn small" data-testid="heap-hint" title="show the best move for the side to move, and why" disabled=over on:click=show_hint>"Hint"</button>
            {move || hint_text.get().map(|h| view! { <span class="hint" data-testid="heap-hint-text">{h}</span> })}
        </p>
        {review_view}
    }
}

/// The best final score from here, when small enough to solve (nothing
/// once the game is over: the status says the final score).
fn perfect(ctl: Ctl) -> Option<String> {
    let g = ctl.game.get()?;
    let t = ctl.turn.get().filter(|t| !t.p.over)?;
    let v = perfect_play_score(&g, &t.p, t.to_move())?;
    Some(format!("With perfect play from here the final score is {}.", score_text(&v)))
}

/// The sum as text (debounced: a big sum is solved once, not at every
/// keystroke), Copy link, the format and the parse error.
#[component]
fn HeapsField(ctl: Ctl) -> impl IntoView {
    let st = ctl.st;
    let typing: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        ctl.input.set(text.clone());
        if let Some(t) = typing.try_get_value().flatten() {
            t.clear();
        }
        let apply = move || {
            let _ = st.heaps.try_set(text);
            let _ = st.moves.try_set(String::new());
            let _ = ctl.selected.try_set(None);
            let _ = ctl.subject.try_set(Subject::Sum);
        };
        typing.set_value(set_timeout_with_handle(apply, Duration::from_millis(150)).ok());
    };
    let error_view = move || {
        ctl.parsed.with(|p| p.as_ref().err().cloned()).map(|m| {
            view! {
                <div class="error" role="alert" data-testid="heap-error">
                    <strong>"Cannot read these heaps. "</strong>
                    <span>{m}</span>
                </div>
            }
        })
    };
    view! {
        <div class="input-head">
            <label for="heap-input" class="input-label">"Heaps"</label>
        </div>
        <div class="input-row">
            <input
                id="heap-input"
                type="text"
                data-testid="heap-input"
                spellcheck="false"
                autocomplete="off"
                placeholder="e.g. b5,r3,b2/r7,b1/b4,r6"
                prop:value=move || ctl.input.get()
                on:input=on_input
            />
            <CopyLink ctl=ctl />
        </div>
        <p class="hint">
            "Heaps separated by " <code>"/"</code> ", counters top first separated by " <code>","</code>
            ", a counter is its colour (" <code>"b"</code> " Left's, " <code>"r"</code> " Right's) and weight: "
            <code>"b5,r3/r7"</code> ". A player takes counters from the top of one heap up to and including the first of the other colour, and scores their weights."
        </p>
        {error_view}
    }
}

/// The Copy link button; its message shows in [`RandomSum`]'s row.
#[component]
fn CopyLink(ctl: Ctl) -> impl IntoView {
    let msg = ctl.share_msg;
    let on_share = move |_| {
        let href = dom::current_href();
        msg.set("Copying…".into());
        leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&href).await;
            let _ = msg.try_set(if ok { "Link copied.".into() } else { format!("Copy this link: {href}") });
        });
    };
    view! { <button class="btn" data-testid="share-link" on:click=on_share title="Copy a link to this position">"Copy link"</button> }
}

/// A random sum of one of the paper's classes, from a seed.
#[component]
fn RandomSum(ctl: Ctl) -> impl IntoView {
    let class_ix = RwSignal::new(6usize);
    let seed_text = RwSignal::new("1".to_string());
    let on_random = move |_| {
        let seed: u64 = seed_text.get_untracked().trim().parse().unwrap_or(0);
        ctl.set_heaps(random_sum(class_ix.get_untracked(), seed).to_string());
    };
    view! {
        <div class="random-row">
            <label>"Random sum of class "
                <select data-testid="heap-class" title="a class of random sums from Table 4 of Kao et al. (2012)" on:change=move |ev| class_ix.set(event_target_value(&ev).parse().unwrap_or(6))>
                    {CLASSES.iter().enumerate().map(|(i, _)| view! { <option value=i.to_string() selected=i == 6>{class_label(i)}</option> }).collect_view()}
                </select>
            </label>
            <label>" seed "
                <input type="number" min="0" class="seed" data-testid="heap-seed" prop:value=move || seed_text.get() on:input=move |ev| seed_text.set(event_target_value(&ev)) />
            </label>
            <button class="btn small" data-testid="heap-random" title="generate a random sum of this class from the random seed (Kao et al. (2012), Table 4)" on:click=on_random>"Generate"</button>
            <span class="muted small">{move || ctl.share_msg.get()}</span>
        </div>
    }
}

/// Who the human plays, who starts, New game, Undo, edit mode.
#[component]
fn PlayControls(ctl: Ctl) -> impl IntoView {
    let st = ctl.st;
    view! {
        <div class="play-bar">
            <label>"You play "
                <select data-testid="heap-you" title="the side you play" on:change=move |ev| {
                    st.you.set(Player::from_key(&event_target_value(&ev)).unwrap_or_default());
                }>
                    <option value="L" selected=move || st.you.get() == Player::Left>"Left (blue)"</option>
                    <option value="R" selected=move || st.you.get() == Player::Right>"Right (red)"</option>
                    <option value="both" selected=move || st.you.get() == Player::Both>"both sides"</option>
                </select>
            </label>
            <label>" first: "
                <select data-testid="heap-first" title="who moves first" on:change=move |ev| {
                    st.first.set(if event_target_value(&ev) == "R" { Side::Right } else { Side::Left });
                    st.moves.set(String::new());
                }>
                    <option value="L" selected=move || st.first.get() == Side::Left>"Left"</option>
                    <option value="R" selected=move || st.first.get() == Side::Right>"Right"</option>
                </select>
            </label>
            <button class="btn small" data-testid="heap-restart" title="start the game again from the full heaps" on:click=move |_| { st.moves.set(String::new()); ctl.computer_note.set(String::new()); }>"New game"</button>
            <button class="btn small" data-testid="heap-undo" title="take back your last move (and the computer's answer)" on:click=move |_| {
                if let Some(back) = ctl.turn.with_untracked(|t| t.as_ref().and_then(undo)) {
                    st.moves.set(back);
                }
            }>"Undo"</button>
            <span class="spacer"></span>
            <label class="toggle">
                <input type="checkbox" data-testid="heap-edit" prop:checked=move || ctl.edit_mode.get() on:change=move |ev| { ctl.edit_mode.set(event_target_checked(&ev)); ctl.selected.set(None); } />
                " edit counters"
            </label>
            {move || ctl.edit_mode.get().then(|| view! { <button class="btn small" data-testid="heap-add" title="add an empty heap" on:click=move |_| ctl.edit(Edit::AddHeap)>"+ heap"</button> })}
        </div>
    }
}

/// Whose turn it is and the score, or the final score, who won and each
/// side's points (a live region: a screen reader announces the end).
#[component]
fn GameStatus(ctl: Ctl) -> impl IntoView {
    let text = move || ctl.turn.get().map(|t| status(&t)).unwrap_or_default();
    view! { <p class="status" data-testid="heap-status" role="status" aria-live="polite">{text}</p> }
}

/// The selected counter's editing buttons (edit mode only).
#[component]
fn CounterTools(ctl: Ctl) -> impl IntoView {
    let edit = move |e: Edit| ctl.edit(e);
    let keep = move |h: usize, c: usize| ctl.selected.set(Some((h, c)));
    move || {
        let (h, c) = ctl.selected.get()?;
        ctl.edit_mode.get().then(|| {
            view! {
                <div class="counter-tools" data-testid="counter-tools">
                    <span class="muted small">{format!("heap {}, counter {}: ", h + 1, c + 1)}</span>
                    <button class="btn small" data-testid="counter-recolour" title="make this counter the other colour" on:click=move |_| edit(Edit::Recolour { h, c })>"recolour"</button>
                    <button class="btn small" data-testid="counter-heavier" title="add 1 to this counter's weight" on:click=move |_| { edit(Edit::Heavier { h, c }); keep(h, c); }>"weight +1"</button>
                    <button class="btn small" data-testid="counter-lighter" title="take 1 from this counter's weight" on:click=move |_| { edit(Edit::Lighter { h, c }); keep(h, c); }>"weight −1"</button>
                    <button class="btn small" data-testid="counter-remove" title="remove this counter" on:click=move |_| edit(Edit::RemoveCounter { h, c })>"remove"</button>
                </div>
            }
        })
    }
}

/// The board: one column per heap, counters top first.
#[component]
fn HeapBoard(ctl: Ctl) -> impl IntoView {
    move || {
        let g = ctl.game.get()?;
        let t = ctl.turn.get()?;
        let human = t.rec.your_turn();
        let (editing, sel) = (ctl.edit_mode.get(), ctl.selected.get());
        let heaps = g
            .heaps()
            .iter()
            .enumerate()
            .map(|(h, heap)| {
                let temp = if t.p.pos[h] >= heap.len() {
                    "empty".to_string()
                } else {
                    g.remainder_temperature(h, t.p.pos[h], MAX_POSITIONS).map(|t| format!("t = {t}")).unwrap_or_default()
                };
                view! { <HeapColumn ctl=ctl h=h heap=heap.clone() gone=t.p.pos[h] can_take=!editing && !t.p.over && human to_move=t.to_move() editing=editing sel=sel temp=temp /> }
            })
            .collect_view();
        Some(view! { <div class="heaps" data-testid="heap-board">{heaps}</div> })
    }
}

/// One heap: its name and temperature, the take button (enabled when
/// `can_take` and the heap is not empty), its counters (those `gone` from
/// the top shown taken, `sel` the one being edited) and, in edit mode, its
/// tools.
#[allow(clippy::too_many_arguments)]
#[component]
fn HeapColumn(
    ctl: Ctl,
    h: usize,
    heap: Vec<Counter>,
    gone: usize,
    can_take: bool,
    to_move: Side,
    editing: bool,
    sel: Option<(usize, usize)>,
    temp: String,
) -> impl IntoView {
    let empty = gone >= heap.len();
    let can_take = can_take && !empty;
    let counters = heap
        .iter()
        .enumerate()
        .map(|(c, k)| {
            let blue = k.colour() == CounterColour::Blue;
            let taken = c < gone;
            let is_sel = sel == Some((h, c));
            let label = counter_label(h, c, k, taken);
            view! {
                <button
                    class="counter"
                    class:blue=blue
                    class:red=!blue
                    class:taken=taken
                    class:selected=is_sel
                    data-testid="heap-counter"
                    aria-label=label.clone()
                    title=label
                    on:click=move |_| {
                        if ctl.edit_mode.get_untracked() {
                            ctl.selected.set(if is_sel { None } else { Some((h, c)) });
                        } else {
                            ctl.play(h);
                        }
                    }
                >
                    {k.weight().to_string()}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="heap" data-testid="heap">
            <div class="heap-head">
                <span class="heap-name">{format!("heap {}", h + 1)}</span>
                <span class="muted small">{temp}</span>
            </div>
            <button
                class="btn small take"
                data-testid=format!("heap-take-{h}")
                disabled=!can_take
                title="take from the top of this heap (up to and including the first counter of the other colour)"
                on:click=move |_| ctl.play(h)
            >
                {take_label(to_move, empty)}
            </button>
            <div class="stack">{counters}</div>
            {editing.then(|| view! {
                <div class="heap-edit">
                    <button class="btn small" data-testid=format!("heap-add-counter-{h}") title="add a counter at the bottom of this heap" on:click=move |_| ctl.edit(Edit::AddCounter { h })>"+ counter"</button>
                    <button class="btn small" title="remove this heap" on:click=move |_| ctl.edit(Edit::RemoveHeap { h })>"remove heap"</button>
                </div>
            })}
        </div>
    }
}

/// Sends each heap still holding counters to the Sums page.
#[component]
fn SendToSums(ctl: Ctl) -> impl IntoView {
    let on_click = move |_| {
        let (Some(g), Some(t)) = (ctl.game.get_untracked(), ctl.turn.get_untracked()) else { return };
        match heaps_for_sum(&g, &t.p.pos) {
            Ok(parts) => {
                if let Err(e) = ctl.nav.send_to_sum(&parts) {
                    ctl.computer_note.set(e);
                }
            }
            Err(e) => ctl.computer_note.set(e),
        }
    };
    view! {
        <div class="toolbar">
            <button class="btn small" data-testid="send-to-sum" title="Append each heap still holding counters to the Sums page, as a game on its own (scores from 0 within the heap, canonical form)" on:click=on_click>"Add these heaps to Sums →"</button>
        </div>
    }
}

/// The counters taken so far, in order, marked by who took them.
#[component]
fn TakenLog(ctl: Ctl) -> impl IntoView {
    move || {
        let t = ctl.turn.get()?;
        let items =
            t.p.taken
                .iter()
                .map(|(side, k)| {
                    let left = *side == Side::Left;
                    let blue = k.colour() == CounterColour::Blue;
                    view! {
                        <span class="taken-chip" class:by-left=left class:by-right=!left title=format!("taken by {}", side.name())>
                            <span class="mini" class:blue=blue class:red=!blue>{k.weight().to_string()}</span>
                        </span>
                    }
                })
                .collect_view();
        Some(view! { <div class="taken-log" data-testid="heap-log">{items}</div> })
    }
}

/// The thermograph of the whole sum or of one heap, at the position on
/// the board (as the figures beside it), with its export buttons.
#[component]
fn ThermographCard(ctl: Ctl) -> impl IntoView {
    let st = ctl.st;
    let hover: RwSignal<Option<Q>> = RwSignal::new(None);
    let shown_th: Signal<Option<Arc<Thermograph>>> =
        Memo::new(move |_| ctl.shown.with(|s| s.as_ref()?.figures.as_ref().ok().map(|f| Arc::new(f.thermograph.clone())))).into();
    let caption = move || ctl.shown.with(|s| s.as_ref().map(|s| s.caption.clone()).unwrap_or_default());
    let canvas_label = Signal::derive(move || {
        shown_th.with(|th| match th {
            Some(th) => format!("Thermograph: mean {}, temperature {}", th.mean(), th.temperature()),
            None => "No thermograph".into(),
        })
    });
    let is = move |s: Subject| ctl.subject.get() == s;
    let heap_options = move || {
        let n = ctl.game.with(|g| g.as_ref().map_or(0, |g| g.heaps().len()));
        (0..n).map(|h| view! { <option value=h.to_string() selected=move || is(Subject::Heap(h))>{format!("heap {} alone", h + 1)}</option> }).collect_view()
    };
    let on_pick = move |ev| ctl.subject.set(event_target_value(&ev).parse().map_or(Subject::Sum, Subject::Heap));
    let svg = Callback::new(move |palette: cgt_draw::Palette| {
        let opts = cgt_draw::DrawOptions { show_subzero: st.show_subzero.get_untracked(), palette, ..cgt_draw::DrawOptions::default() };
        shown_th.with_untracked(|th| th.as_ref().map(|th| cgt_draw::thermograph_svg(th, 720, 480, &opts)).unwrap_or_default())
    });
    view! {
        <div class="card plot-card">
            <div class="toolbar">
                <label>"Thermograph of "
                    <select data-testid="heap-thermograph-of" title="draw the thermograph of the whole sum or of one heap, at the position on the board" on:change=on_pick>
                        <option value="sum" selected=move || is(Subject::Sum)>"the whole sum"</option>
                        {heap_options}
                    </select>
                </label>
            </div>
            <p class="muted small" data-testid="heap-thermograph-caption">{caption}</p>
            <div data-testid="heap-thermograph"><ThermographCanvas thermograph=shown_th show_subzero=st.show_subzero hover=hover label=canvas_label /></div>
            <div class="toolbar"><span class="spacer"></span><ExportButtons of="heap-thermograph" name="heapgo-thermograph" svg=svg /></div>
        </div>
    }
}

/// The exact figures of what the thermograph shows (the sum or one heap,
/// at the position on the board), said in a caption; the way to MT-search.
#[component]
fn FiguresCard(ctl: Ctl) -> impl IntoView {
    let fig = move |f: fn(&Figures) -> String| {
        move || {
            ctl.shown.with(|s| match s.as_ref().map(|s| &s.figures) {
                Some(Ok(x)) => f(x),
                Some(Err(_)) => "—".to_string(),
                None => String::new(),
            })
        }
    };
    let caption = move || ctl.shown.with(|s| s.as_ref().map(|s| s.caption.clone()).unwrap_or_default());
    let too_large = move || {
        ctl.shown.with(|s| s.as_ref()?.figures.as_ref().err().map(|e| e.to_string())).map(|m| view! { <p class="note" data-testid="heap-too-large">{m}</p> })
    };
    view! {
        <div class="card stats-card">
            <p class="small" data-testid="heap-figures-of">{caption}</p>
            <dl class="stats">
                <div><dt>"mean"</dt><dd data-testid="heap-mean">{fig(|f| f.thermograph.mean().to_string())}</dd></div>
                <div><dt>"temperature"</dt><dd data-testid="heap-temperature">{fig(|f| f.thermograph.temperature().to_string())}</dd></div>
                <div><dt>"left stop"</dt><dd data-testid="heap-left-stop">{fig(|f| f.thermograph.left_stop().to_string())}</dd></div>
                <div><dt>"right stop"</dt><dd data-testid="heap-right-stop">{fig(|f| f.thermograph.right_stop().to_string())}</dd></div>
                <div class="wide"><dt>"terminal nodes (complete games)"</dt><dd data-testid="heap-terminals">{fig(|f| f.terminals.clone())}</dd></div>
            </dl>
            {move || ctl.shown.with(|s| s.as_ref()?.figures.as_ref().ok().map(|f| crate::web::gowords::of(&f.thermograph, crate::web::gowords::LEFT_RIGHT)))}
            {too_large}
            <p class="small">
                <a href="#" data-testid="heap-to-mt" on:click=move |ev| { ev.prevent_default(); ctl.nav.search_heaps(ctl.st.heaps.get_untracked()); }>
                    "Estimate it with MT-search →"
                </a>
            </p>
        </div>
    }
}
