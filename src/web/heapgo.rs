#![cfg(target_arch = "wasm32")]
//! The heap-go page: a sum of heaps drawn as stacks of weighted counters,
//! edited counter by counter or typed in the spec's text format, random sums
//! by the paper's classes, a game against the computer (exact play), and the
//! exact mean, temperature, stops, terminal count and thermographs.
//!
//! All logic is in [`crate::heapview`]; this is the DOM around it. The sum,
//! the moves played, who starts and who the human plays are in the URL.

use crate::heapview::{heaps_for_sum, 
    apply_edit, class_label, computer_move, figures, heap_alone, perfect_play_score, random_sum, replay, Edit,
    Figures, parse_moves, CLASSES, MAX_POSITIONS,
};
use crate::pages::heapgo::signals::HeapGoSignals;
use crate::pages::heapgo::state::Player;
use crate::web::context::Nav;
use crate::web::canvas::ThermographCanvas;
use crate::web::dom;
use cgt::numbers::Q;
use cgt::rulesets::heapgo::{CounterColour, HeapGo};
use cgt::side::Side;
use cgt::thermograph::Thermograph;
use crate::web::export::ExportButtons;
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// The computer waits this long before answering (so a move can be seen).
const COMPUTER_DELAY_MS: u64 = 350;

fn score_text(q: &Q) -> String {
    if q.is_positive() {
        format!("+{q}")
    } else {
        q.to_string()
    }
}

#[component]
pub fn HeapGoPage(st: HeapGoSignals) -> impl IntoView {
    let nav = Nav::from_context();
    let input = RwSignal::new(st.heaps.get_untracked());
    let edit_mode = RwSignal::new(false);
    let selected: RwSignal<Option<(usize, usize)>> = RwSignal::new(None);
    let class_ix = RwSignal::new(6usize);
    let seed_text = RwSignal::new("1".to_string());
    let shown_heap: RwSignal<Option<usize>> = RwSignal::new(None);
    let hover: RwSignal<Option<Q>> = RwSignal::new(None);
    let share_msg = RwSignal::new(String::new());
    let computer_note = RwSignal::new(String::new());

    // The sum as parsed (errors name the heap and counter).
    let parsed = Memo::new(move |_| st.heaps.with(|t| t.parse::<HeapGo>().map_err(|e| e.to_string())));
    let game = Memo::new(move |_| parsed.with(|p| p.as_ref().ok().cloned()));
    let figs: Memo<Option<Result<Figures, String>>> =
        Memo::new(move |_| game.with(|g| g.as_ref().map(|g| figures(g).map_err(|e| e.to_string()))));

    // Where the game stands after the moves in the URL.
    let position = Memo::new(move |_| {
        let g = game.get()?;
        let moves = st.moves.with(|m| parse_moves(m)).unwrap_or_default();
        let (p, applied) = replay(&g, &moves);
        let left_to_move = st.left_first.get() == (applied % 2 == 0);
        Some((p, applied, left_to_move))
    });
    let human_moves = move |left: bool| match st.you.get_untracked() {
        Player::Both => true,
        Player::Left => left,
        Player::Right => !left,
    };

    let set_heaps = move |text: String| {
        input.set(text.clone());
        st.heaps.set(text);
        st.moves.set(String::new());
        selected.set(None);
        shown_heap.set(None);
        computer_note.set(String::new());
    };
    let edit = move |e: Edit| {
        if let Some(g) = game.get_untracked() {
            if let Some(g2) = apply_edit(&g, e) {
                set_heaps(g2.to_string());
            }
        }
    };

    // Play `h` for the side to move (ignored if illegal or the game is over).
    let play = move |h: usize| {
        let Some(Some((p, applied, left))) = position.try_get_untracked() else { return };
        let Some(g) = game.get_untracked() else { return };
        if p.over || g.take(h, p.pos[h], Side::from_left(left)).is_none() {
            return;
        }
        let mut moves = st.moves.with_untracked(|m| parse_moves(m)).unwrap_or_default();
        moves.truncate(applied);
        moves.push(Side::from_left(left), h);
        st.moves.set(moves.to_string());
    };
    // The computer answers whenever it is its turn.
    let timer: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    Effect::new(move |_| {
        let Some((p, _, left)) = position.get() else { return };
        let you = st.you.get();
        if let Some(h) = timer.try_get_value().flatten() {
            h.clear();
        }
        let computers_turn = match you {
            Player::Both => false,
            Player::Left => !left,
            Player::Right => left,
        };
        if p.over || !computers_turn {
            return;
        }
        let handle = set_timeout_with_handle(
            move || {
                let Some(Some((p, _, left))) = position.try_get_untracked() else { return };
                let Some(Some(g)) = game.try_get_untracked() else { return };
                if let Some((h, how)) = computer_move(&g, &p.pos, Side::from_left(left)) {
                    let _ = computer_note.try_set(format!(
                        "The computer ({}) took from heap {} ({how}).",
                        if left { "Left" } else { "Right" },
                        h + 1
                    ));
                    play(h);
                }
            },
            Duration::from_millis(COMPUTER_DELAY_MS),
        )
        .ok();
        timer.set_value(handle);
    });
    on_cleanup(move || {
        if let Some(h) = timer.try_get_value().flatten() {
            h.clear();
        }
    });

    // Debounced: a big sum is solved once, not at every keystroke.
    let typing: StoredValue<Option<TimeoutHandle>> = StoredValue::new(None);
    let on_input = move |ev| {
        let text = event_target_value(&ev);
        input.set(text.clone());
        if let Some(t) = typing.try_get_value().flatten() {
            t.clear();
        }
        let apply = move || {
            let _ = st.heaps.try_set(text);
            let _ = st.moves.try_set(String::new());
            let _ = selected.try_set(None);
            let _ = shown_heap.try_set(None);
        };
        typing.set_value(set_timeout_with_handle(apply, Duration::from_millis(150)).ok());
    };
    let on_random = move |_| {
        let seed: u64 = seed_text.get_untracked().trim().parse().unwrap_or(0);
        set_heaps(random_sum(class_ix.get_untracked(), seed).to_string());
    };
    let on_share = move |_| {
        let href = dom::current_href();
        share_msg.set("Copying…".into());
        leptos::task::spawn_local(async move {
            let ok = dom::copy_to_clipboard(&href).await;
            let _ = share_msg.try_set(if ok { "Link copied.".into() } else { format!("Copy this link: {href}") });
        });
    };

    let fig = move |f: fn(&Figures) -> String| {
        move || match figs.get() {
            Some(Ok(x)) => f(&x),
            Some(Err(_)) => "—".to_string(),
            None => String::new(),
        }
    };
    let too_large = move || {
        figs.get().and_then(|r| r.err()).map(|m| view! { <p class="note" data-testid="heap-too-large">{m}</p> })
    };

    // The thermograph on show: the whole sum or one heap (from its top).
    let shown_th: Signal<Option<Arc<Thermograph>>> = Memo::new(move |_| {
        let g = game.get()?;
        match shown_heap.get() {
            None => figs.get()?.ok().map(|f| Arc::new(f.thermograph)),
            Some(h) => {
                let one = heap_alone(&g, h, 0)?;
                figures(&one).ok().map(|f| Arc::new(f.thermograph))
            }
        }
    })
    .into();
    let canvas_label = Signal::derive(move || {
        shown_th.with(|th| match th {
            Some(th) => format!("Thermograph: mean {}, temperature {}", th.mean(), th.temperature()),
            None => "No thermograph".into(),
        })
    });

    let error_view = move || {
        parsed.with(|p| p.as_ref().err().cloned()).map(|m| {
            view! {
                <div class="error" role="alert" data-testid="heap-error">
                    <strong>"Cannot read these heaps. "</strong>
                    <span>{m}</span>
                </div>
            }
        })
    };

    // The board: one column per heap, counters top first.
    let board = move || {
        let g = game.get()?;
        let (p, _, left) = position.get()?;
        let editing = edit_mode.get();
        let sel = selected.get();
        let heaps = g
            .heaps()
            .iter()
            .enumerate()
            .map(|(h, heap)| {
                let gone = p.pos[h];
                let can_take = !editing && !p.over && gone < heap.len() && human_moves(left);
                let counters = heap
                    .iter()
                    .enumerate()
                    .map(|(c, k)| {
                        let blue = k.colour() == CounterColour::Blue;
                        let taken = c < gone;
                        let is_sel = sel == Some((h, c));
                        let w = k.weight().to_string();
                        let label = format!(
                            "heap {} counter {}: {} {}{}",
                            h + 1,
                            c + 1,
                            if blue { "blue" } else { "red" },
                            w,
                            if taken { " (taken)" } else { "" }
                        );
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
                                    if edit_mode.get_untracked() {
                                        selected.set(if is_sel { None } else { Some((h, c)) });
                                    } else {
                                        play(h);
                                    }
                                }
                            >
                                {w}
                            </button>
                        }
                    })
                    .collect_view();
                let temp = if gone >= heap.len() {
                    "empty".to_string()
                } else {
                    g.remainder_temperature(h, gone, MAX_POSITIONS).map(|t| format!("t = {t}")).unwrap_or_default()
                };
                let take_label = if gone >= heap.len() {
                    "—"
                } else if left {
                    "Left takes"
                } else {
                    "Right takes"
                };
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
                            on:click=move |_| play(h)
                        >
                            {take_label}
                        </button>
                        <div class="stack">{counters}</div>
                        {editing.then(|| view! {
                            <div class="heap-edit">
                                <button class="btn small" data-testid=format!("heap-add-counter-{h}") title="add a counter at the bottom of this heap" on:click=move |_| edit(Edit::AddCounter { h })>"+ counter"</button>
                                <button class="btn small" title="remove this heap" on:click=move |_| edit(Edit::RemoveHeap { h })>"remove heap"</button>
                            </div>
                        })}
                    </div>
                }
            })
            .collect_view();
        Some(view! { <div class="heaps" data-testid="heap-board">{heaps}</div> })
    };

    let counter_tools = move || {
        let (h, c) = selected.get()?;
        edit_mode.get().then(|| {
            view! {
                <div class="counter-tools" data-testid="counter-tools">
                    <span class="muted small">{format!("heap {}, counter {}: ", h + 1, c + 1)}</span>
                    <button class="btn small" data-testid="counter-recolour" title="make this counter the other colour" on:click=move |_| edit(Edit::Recolour { h, c })>"recolour"</button>
                    <button class="btn small" data-testid="counter-heavier" title="add 1 to this counter's weight" on:click=move |_| { edit(Edit::Heavier { h, c }); selected.set(Some((h, c))); }>"weight +1"</button>
                    <button class="btn small" data-testid="counter-lighter" title="take 1 from this counter's weight" on:click=move |_| { edit(Edit::Lighter { h, c }); selected.set(Some((h, c))); }>"weight −1"</button>
                    <button class="btn small" data-testid="counter-remove" title="remove this counter" on:click=move |_| edit(Edit::RemoveCounter { h, c })>"remove"</button>
                </div>
            }
        })
    };

    let status = move || {
        let Some((p, applied, left)) = position.get() else { return String::new() };
        if p.over {
            let s = &p.score;
            let who = if s.is_positive() {
                format!("Left wins by {s}")
            } else if s.is_negative() {
                format!("Right wins by {}", -s)
            } else {
                "a draw".to_string()
            };
            format!("Game over after {applied} moves: final score {} ({who}).", score_text(s))
        } else {
            let you = if human_moves(left) { " (you)" } else { " (computer)" };
            format!("{} to move{you}. Score so far {}.", if left { "Left" } else { "Right" }, score_text(&p.score))
        }
    };
    let perfect = move || {
        let g = game.get()?;
        let (p, _, left) = position.get()?;
        let v = perfect_play_score(&g, &p, Side::from_left(left))?;
        Some(format!("With perfect play from here the final score is {}.", score_text(&v)))
    };
    let taken_log = move || {
        let (p, _, _) = position.get()?;
        let items = p
            .taken
            .iter()
            .map(|(side, k)| {
                let left = *side == Side::Left;
                let blue = k.colour() == CounterColour::Blue;
                view! {
                    <span class="taken-chip" class:by-left=left class:by-right=!left title=if left { "taken by Left" } else { "taken by Right" }>
                        <span class="mini" class:blue=blue class:red=!blue>{k.weight().to_string()}</span>
                    </span>
                }
            })
            .collect_view();
        Some(view! { <div class="taken-log" data-testid="heap-log">{items}</div> })
    };

    let heap_options = move || {
        let n = game.with(|g| g.as_ref().map_or(0, |g| g.heaps().len()));
        (0..n).map(|h| view! { <option value=h.to_string()>{format!("heap {} alone", h + 1)}</option> }).collect_view()
    };

    view! {
        <section class="heapgo" data-testid="page-heapgo">
            <div class="card input-card">
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
                        prop:value=move || input.get()
                        on:input=on_input
                    />
                    <button class="btn" data-testid="share-link" on:click=on_share title="Copy a link to this position">"Copy link"</button>
                </div>
                <p class="hint">
                    "Heaps separated by " <code>"/"</code> ", counters top first separated by " <code>","</code>
                    ", a counter is its colour (" <code>"b"</code> " Left's, " <code>"r"</code> " Right's) and weight: "
                    <code>"b5,r3/r7"</code> ". A player takes counters from the top of one heap up to and including the first of the other colour, and scores their weights."
                </p>
                {error_view}
                <div class="random-row">
                    <label>"Random sum of class "
                        <select data-testid="heap-class" title="a class of random sums from seed 000, Table 4" on:change=move |ev| class_ix.set(event_target_value(&ev).parse().unwrap_or(6))>
                            {CLASSES.iter().enumerate().map(|(i, _)| view! { <option value=i.to_string() selected=i == 6>{class_label(i)}</option> }).collect_view()}
                        </select>
                    </label>
                    <label>" seed "
                        <input type="number" min="0" class="seed" data-testid="heap-seed" prop:value=move || seed_text.get() on:input=move |ev| seed_text.set(event_target_value(&ev)) />
                    </label>
                    <button class="btn small" data-testid="heap-random" title="generate a random sum of this class and seed (seed 000, Table 4)" on:click=on_random>"Generate"</button>
                    <span class="muted small">{move || share_msg.get()}</span>
                </div>
            </div>

            <div class="workspace">
                <div class="main-col">
                <div class="card board-card">
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
                                st.left_first.set(event_target_value(&ev) != "R");
                                st.moves.set(String::new());
                            }>
                                <option value="L" selected=move || st.left_first.get()>"Left"</option>
                                <option value="R" selected=move || !st.left_first.get()>"Right"</option>
                            </select>
                        </label>
                        <button class="btn small" data-testid="heap-restart" title="start the game again from the full heaps" on:click=move |_| { st.moves.set(String::new()); computer_note.set(String::new()); }>"New game"</button>
                        <button class="btn small" data-testid="heap-undo" title="take back your last move (and the computer's answer)" on:click=move |_| {
                            let mut m = st.moves.with_untracked(|m| parse_moves(m)).unwrap_or_default();
                            // Undo back to the human's last turn.
                            m.pop();
                            if st.you.get_untracked() != Player::Both {
                                m.pop();
                            }
                            st.moves.set(m.to_string());
                        }>"Undo"</button>
                        <span class="spacer"></span>
                        <label class="toggle">
                            <input type="checkbox" data-testid="heap-edit" prop:checked=move || edit_mode.get() on:change=move |ev| { edit_mode.set(event_target_checked(&ev)); selected.set(None); } />
                            " edit counters"
                        </label>
                        {move || edit_mode.get().then(|| view! { <button class="btn small" data-testid="heap-add" title="add an empty heap" on:click=move |_| edit(Edit::AddHeap)>"+ heap"</button> })}
                    </div>
                    <p class="status" data-testid="heap-status" aria-live="polite">{status}</p>
                    {counter_tools}
                    {board}
                    <p class="muted small" data-testid="heap-computer">{move || computer_note.get()}</p>
                    <p class="muted small" data-testid="heap-perfect">{perfect}</p>
                    <div class="toolbar">
                        <button class="btn small" data-testid="send-to-sum" title="Append each heap still holding counters to the Sums page, as a game on its own (scores from 0 within the heap, canonical form)" on:click=move |_| {
                            let (Some(g), Some((p, _, _))) = (game.get_untracked(), position.get_untracked()) else { return };
                            match heaps_for_sum(&g, &p.pos) {
                                Ok(parts) => {
                                    if let Err(e) = nav.send_to_sum(&parts) {
                                        computer_note.set(e);
                                    }
                                }
                                Err(e) => computer_note.set(e),
                            }
                        }>"Add these heaps to Sums →"</button>
                    </div>
                    {taken_log}
                </div>
                    <div class="card plot-card">
                    <div class="toolbar">
                        <label>"Thermograph of "
                            <select data-testid="heap-thermograph-of" title="draw the thermograph of the whole sum or of one heap" on:change=move |ev| shown_heap.set(event_target_value(&ev).parse().ok())>
                                <option value="sum">"the whole sum"</option>
                                {heap_options}
                            </select>
                        </label>
                    </div>
                    <div data-testid="heap-thermograph"><ThermographCanvas thermograph=shown_th show_subzero=st.show_subzero hover=hover label=canvas_label /></div>
                    <div class="toolbar"><span class="spacer"></span><ExportButtons of="heap-thermograph" name="heapgo-thermograph" svg=Callback::new(move |palette: cgt_draw::Palette| {
                        shown_th.with_untracked(|th| th.as_ref().map(|th| cgt_draw::thermograph_svg(th, 720, 480, &cgt_draw::DrawOptions { show_subzero: st.show_subzero.get_untracked(), palette, ..cgt_draw::DrawOptions::default() })).unwrap_or_default())
                    }) /></div>
                </div>
                </div>

                <aside class="side">
                    <div class="card stats-card">
                        <dl class="stats">
                            <div><dt>"mean"</dt><dd data-testid="heap-mean">{fig(|f| f.thermograph.mean().to_string())}</dd></div>
                            <div><dt>"temperature"</dt><dd data-testid="heap-temperature">{fig(|f| f.thermograph.temperature().to_string())}</dd></div>
                            <div><dt>"left stop"</dt><dd data-testid="heap-left-stop">{fig(|f| f.thermograph.left_stop().to_string())}</dd></div>
                            <div><dt>"right stop"</dt><dd data-testid="heap-right-stop">{fig(|f| f.thermograph.right_stop().to_string())}</dd></div>
                            <div class="wide"><dt>"terminal nodes (complete games)"</dt><dd data-testid="heap-terminals">{fig(|f| f.terminals.clone())}</dd></div>
                        </dl>
                        {too_large}
                        <p class="small">
                            <a href="#" data-testid="heap-to-mt" on:click=move |ev| { ev.prevent_default(); nav.search_heaps(st.heaps.get_untracked()); }>
                                "Estimate it with MT-search →"
                            </a>
                        </p>
                    </div>

                </aside>
            </div>
        </section>
    }
}
