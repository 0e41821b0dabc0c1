//! The heap games' board (Nim, any take-and-break code or subtraction game
//! under `heaps`, Grundy's game, Dawson's Kayles): each heap a pile of
//! counters, so that a move is a hand taking counters off the top, as the
//! game is played at a table. Under each pile stand its size and its
//! nim-value, the numbers Bouton's rule adds; the page's value card adds
//! them up.
//!
//! Play: a click on counter `k` (counted from the top) of heap `i` takes
//! `k` counters: the clicked one and every one above it ("take 3 from heap
//! 2"); the pointer over a counter tints the counters that would go. Where
//! the rule then lets the rest of the heap split in more than one way
//! (Kayles, `0.77`, taking 1 from 7 may leave 6, 1 + 5, 2 + 4 or 3 + 3), a
//! small chooser lists those moves in words. A rule that only splits
//! (Grundy's game) takes nothing: a click on counter `k` splits the heap
//! below it, into the `k` counters above the cut and the rest (not legal
//! when the two are equal); a rule with both kinds of move splits at the
//! thin gaps between counters. A heap past [`MAX_DRAWN_COUNTERS`] is a bar
//! with its number, and a click asks how many to take. Only legal moves
//! are live, so the board never offers a move the rules refuse.
//!
//! Edit: a click on counter `k` removes it and those above it; beside the
//! board each heap has −, + and a size, heaps are added and removed. The
//! text keeps the ruleset's form (`heaps` keeps its `RULE:` prefix).
//!
//! The geometry is pure and tested natively; the SVG is wasm32 only.

use cgt::impartial::HeapRule;
use cgt::rulesets::heaps::{AnyHeaps, DawsonKind, GrundyKind, HeapTake, Heaps, Kind, NimKind};
use cgt::rulesets::Ruleset;
use cgt::side::Side;
use std::collections::HashSet;

/// The registry names this file draws.
pub const HEAPS: &str = cgt::rulesets::heaps::INFO.name;
pub const NIM: &str = cgt::rulesets::heaps::NIM_INFO.name;
pub const GRUNDY: &str = cgt::rulesets::heaps::GRUNDY_INFO.name;
pub const DAWSON: &str = cgt::rulesets::heaps::DAWSON_INFO.name;

/// A heap of more counters is drawn as a bar with its number.
pub const MAX_DRAWN_COUNTERS: usize = 30;
/// The height of that bar, in counters.
pub const BAR_COUNTERS: usize = 12;
/// Most heaps drawn (the others are played by name).
pub const MAX_DRAWN_HEAPS: usize = 64;
/// Heaps side by side before the next line.
pub const HEAPS_PER_LINE: usize = 8;
/// Largest heap whose nim-value the board works out (Nim's are free):
/// the board runs on the page's thread, and Grundy's game has no period
/// to read large heaps off.
pub const MAX_VALUED_HEAP: usize = 2_048;
/// The editor's largest heap and most heaps (a larger one is typed).
pub const MAX_EDIT_HEAP: usize = 1_000;
pub const MAX_EDIT_HEAPS: usize = 24;

/// The drawing's units: the distance between counters, a column's width,
/// the margin, the space for the labels under a line of heaps and the
/// heap numbers above it.
pub const PITCH: f64 = 24.0;
pub const COL: f64 = 56.0;
pub const MARGIN: f64 = 8.0;
pub const BELOW: f64 = 42.0;
pub const ABOVE: f64 = 20.0;

/// A position of any of the four rulesets as a position of `heaps` (its
/// rule spelt out), so one board serves them all: move names do not
/// depend on the ruleset.
pub fn position(ruleset: &str, text: &str) -> Option<AnyHeaps> {
    fn any<K: Kind>(text: &str) -> Option<AnyHeaps> {
        let p: Heaps<K> = text.parse().ok()?;
        AnyHeaps::new(p.rule().clone(), p.heaps().to_vec()).ok()
    }
    match ruleset {
        NIM => any::<NimKind>(text),
        GRUNDY => any::<GrundyKind>(text),
        DAWSON => any::<DawsonKind>(text),
        _ => text.parse().ok(),
    }
}

/// The text of `pos` in `ruleset`'s form: `heaps` with its rule, the
/// others the heaps alone.
pub fn text_of(ruleset: &str, pos: &AnyHeaps) -> String {
    fn plain<K: Kind>(pos: &AnyHeaps) -> String {
        Heaps::<K>::new(pos.rule().clone(), pos.heaps().to_vec()).map_or_else(|_| String::new(), |p| p.to_string())
    }
    match ruleset {
        NIM => plain::<NimKind>(pos),
        GRUNDY => plain::<GrundyKind>(pos),
        DAWSON => plain::<DawsonKind>(pos),
        _ => pos.to_string(),
    }
}

/// Each heap's legal moves (those of `pos` whose names are in `legal`),
/// heap by heap, in the core's order.
pub fn legal_by_heap(pos: &AnyHeaps, legal: &[String]) -> Vec<Vec<HeapTake>> {
    let mut out = vec![Vec::new(); pos.heaps().len()];
    if legal.is_empty() {
        return out;
    }
    let set: HashSet<&str> = legal.iter().map(String::as_str).collect();
    for m in pos.moves(Side::Left) {
        if set.contains(m.to_string().as_str()) {
            out[m.heap as usize].push(m);
        }
    }
    out
}

/// What the pointer is on in a heap: counter `k` from the top (1 the top
/// one), or the gap below counter `k` (between it and counter `k + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Counter(usize),
    Gap(usize),
}

/// Whether the rule only splits heaps, taking nothing (Grundy's game,
/// `4!.0`): then a click on a counter splits below it.
pub fn splits_only(rule: &HeapRule) -> bool {
    let code = rule.code();
    let none = |ds: &[cgt::impartial::Digit]| ds.iter().all(|d| d.bits == 0);
    code.digit(0).bits != 0 && none(code.digits()) && none(code.repeat())
}

/// Whether the heap's gaps are live: the rule (which also takes) splits
/// a heap without taking (`so`: [`splits_only`]).
pub fn gaps_live(moves: &[HeapTake], so: bool) -> bool {
    !so && moves.iter().any(|m| m.take == 0)
}

/// The legal moves a click on `t` in a heap of `n` with legal `moves`
/// may mean: at counter `k`, those taking `k` (or, for a rule that only
/// splits, the splits below counter `k`); at the gap below counter `k`,
/// the splits leaving a heap of `k` (the counters above the cut).
pub fn candidates(moves: &[HeapTake], n: usize, t: Target, so: bool) -> Vec<HeapTake> {
    let t = match t {
        Target::Counter(k) if so => Target::Gap(k),
        t => t,
    };
    match t {
        Target::Counter(k) => moves.iter().filter(|m| m.take as usize == k).copied().collect(),
        Target::Gap(k) if k >= 1 && k < n => moves.iter().filter(|m| m.take == 0 && m.leaves().contains(&(k as u32))).copied().collect(),
        Target::Gap(_) => Vec::new(),
    }
}

/// The counters a target's move touches, from the top: `k` of them, and
/// whether they are split off (kept) rather than taken.
pub fn tinted(t: Target, so: bool) -> (usize, bool) {
    match t {
        Target::Counter(k) => (k, so),
        Target::Gap(k) => (k, true),
    }
}

/// What a click on `t` says, before it is made ("take 3 from heap 2").
pub fn describe(moves: &[HeapTake], heap: usize, n: usize, t: Target, so: bool) -> String {
    let c = candidates(moves, n, t, so);
    let (k, split) = tinted(t, so);
    let h = heap + 1;
    match c.as_slice() {
        [] if split && k >= n => format!("heap {h}: nothing below counter {k} to split off"),
        [] if split => format!("heap {h}: no move splits it into {k} and {}", n - k),
        [] => format!("heap {h}: no move takes {k}"),
        [m] => m.words(),
        [_, ..] if split => format!("split heap {h} below counter {k} (choose how)"),
        [_, ..] => format!("take {k} from heap {h} (choose what is left)"),
    }
}

/// Each heap's nim-value under the rule (`None` past [`MAX_VALUED_HEAP`]
/// but for Nim, or where the rule's sequence is refused).
pub fn values(pos: &AnyHeaps) -> Vec<Option<u32>> {
    let nim = *pos.rule() == HeapRule::Nim;
    pos.heaps().iter().map(|&h| if nim { Some(h as u32) } else { (h <= MAX_VALUED_HEAP).then(|| pos.heap_value(h).ok()).flatten() }).collect()
}

/// The drawn height of a heap's pile: its counters, or a bar for a heap
/// past [`MAX_DRAWN_COUNTERS`], drawn off scale with a break across it
/// (at full scale it would stretch the board until its labels were too
/// small to read); a heap of 0 keeps one counter's room.
pub fn pile_height(n: usize) -> f64 {
    if n > MAX_DRAWN_COUNTERS {
        BAR_COUNTERS as f64 * PITCH
    } else {
        n.max(1) as f64 * PITCH
    }
}

/// Where the heaps go: each drawn heap's column centre and the bottom of
/// its pile, in lines of [`HEAPS_PER_LINE`] (piles stand on one line, so
/// heights compare at a glance); and the drawing's width and height.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub columns: Vec<(f64, f64)>,
    pub width: f64,
    pub height: f64,
}

pub fn layout(heaps: &[usize]) -> Layout {
    let drawn = &heaps[..heaps.len().min(MAX_DRAWN_HEAPS)];
    let mut columns = Vec::with_capacity(drawn.len());
    let mut top = 0.0;
    for line in drawn.chunks(HEAPS_PER_LINE) {
        let base = top + ABOVE + line.iter().map(|&n| pile_height(n)).fold(PITCH, f64::max);
        for j in 0..line.len() {
            columns.push((MARGIN + (j as f64 + 0.5) * COL, base));
        }
        top = base + BELOW;
    }
    let per_line = drawn.len().clamp(1, HEAPS_PER_LINE);
    Layout { columns, width: 2.0 * MARGIN + per_line as f64 * COL, height: top.max(ABOVE + PITCH + BELOW) }
}

/// The centre height of counter `k` (from the top, from 1) of a heap of
/// `n` whose pile stands on `base`.
pub fn counter_y(base: f64, n: usize, k: usize) -> f64 {
    base - (n - k) as f64 * PITCH - PITCH / 2.0
}

/// The text with heap `i` (from 0) at `n` counters (at most
/// [`MAX_EDIT_HEAP`]).
pub fn resized_heap(ruleset: &str, text: &str, i: usize, n: usize) -> Option<String> {
    edited(ruleset, text, |h| {
        *h.get_mut(i)? = n.min(MAX_EDIT_HEAP);
        Some(())
    })
}

/// The text with a heap of `n` after the others (`None` past
/// [`MAX_EDIT_HEAPS`]).
pub fn with_heap(ruleset: &str, text: &str, n: usize) -> Option<String> {
    edited(ruleset, text, |h| (h.len() < MAX_EDIT_HEAPS).then(|| h.push(n.min(MAX_EDIT_HEAP))))
}

/// The text without heap `i` (the later heaps renumbered).
pub fn without_heap(ruleset: &str, text: &str, i: usize) -> Option<String> {
    edited(ruleset, text, |h| {
        (i < h.len()).then(|| {
            h.remove(i);
        })
    })
}

fn edited(ruleset: &str, text: &str, f: impl FnOnce(&mut Vec<usize>) -> Option<()>) -> Option<String> {
    let p = position(ruleset, text)?;
    let mut heaps = p.heaps().to_vec();
    f(&mut heaps)?;
    Some(text_of(ruleset, &p.with_heaps(heaps)))
}

#[cfg(target_arch = "wasm32")]
pub use svg::{DAWSON_RENDERER, GRUNDY_RENDERER, HEAPS_RENDERER, NIM_RENDERER};

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{activates, BoardProps, Renderer};
    use crate::pages::game::impartial::nimber;
    use leptos::prelude::*;

    /// The four heap rulesets in [`crate::pages::game::boards::RENDERERS`].
    pub const NIM_RENDERER: Renderer = Renderer {
        ruleset: NIM,
        board: |p| view! { <HeapBoard ruleset=NIM props=p /> }.into_any(),
        edit_tools: |p| view! { <HeapControls ruleset=NIM props=p /> }.into_any(),
    };
    pub const HEAPS_RENDERER: Renderer = Renderer {
        ruleset: HEAPS,
        board: |p| view! { <HeapBoard ruleset=HEAPS props=p /> }.into_any(),
        edit_tools: |p| view! { <HeapControls ruleset=HEAPS props=p /> }.into_any(),
    };
    pub const GRUNDY_RENDERER: Renderer = Renderer {
        ruleset: GRUNDY,
        board: |p| view! { <HeapBoard ruleset=GRUNDY props=p /> }.into_any(),
        edit_tools: |p| view! { <HeapControls ruleset=GRUNDY props=p /> }.into_any(),
    };
    pub const DAWSON_RENDERER: Renderer = Renderer {
        ruleset: DAWSON,
        board: |p| view! { <HeapBoard ruleset=DAWSON props=p /> }.into_any(),
        edit_tools: |p| view! { <HeapControls ruleset=DAWSON props=p /> }.into_any(),
    };

    /// A chooser open on a heap: the moves a click may mean, or (a heap
    /// drawn as a bar) the number of counters to take.
    #[derive(Clone, Debug, PartialEq)]
    enum Choice {
        Moves(usize, Vec<HeapTake>),
        Count(usize),
    }

    /// The board's state, shared by its parts.
    #[derive(Clone, Copy)]
    struct Ctx {
        ruleset: &'static str,
        props: BoardProps,
        pos: Memo<Option<AnyHeaps>>,
        legal: Memo<Vec<Vec<HeapTake>>>,
        /// The heap, the counters from the top the pointer's move touches,
        /// and whether they are split off (kept) rather than taken.
        hover: RwSignal<Option<(usize, usize, bool)>>,
        choice: RwSignal<Option<Choice>>,
    }

    impl Ctx {
        fn size(self, i: usize) -> usize {
            self.pos.with_untracked(|p| p.as_ref().and_then(|p| p.heaps().get(i).copied()).unwrap_or(0))
        }
        /// Whether the rule only splits ([`splits_only`]).
        fn so(self) -> bool {
            self.pos.with_untracked(|p| p.as_ref().is_some_and(|p| splits_only(p.rule())))
        }
        fn moves(self, i: usize) -> Vec<HeapTake> {
            self.legal.with_untracked(|l| l.get(i).cloned().unwrap_or_default())
        }
        /// A click on `t` of heap `i`: in edit mode the counters go; in
        /// play its one move is played, or the chooser lists its moves.
        fn act(self, i: usize, t: Target) {
            let props = self.props;
            if props.editing.get_untracked() {
                if let Target::Counter(k) = t {
                    let n = self.size(i);
                    if let Some(text) = props.position.with_untracked(|x| resized_heap(self.ruleset, x, i, n.saturating_sub(k))) {
                        props.on_edit.run(text);
                    }
                }
            } else if props.to_move.get_untracked().is_some() {
                self.resolve(i, candidates(&self.moves(i), self.size(i), t, self.so()));
            }
        }
        fn resolve(self, i: usize, c: Vec<HeapTake>) {
            match c.as_slice() {
                [] => {}
                [m] => {
                    self.choice.set(None);
                    self.props.on_move.run(m.to_string());
                }
                _ => self.choice.set(Some(Choice::Moves(i, c))),
            }
        }
    }

    /// One counter: a disc on a hit area the height of its row.
    fn counter_view(ctx: Ctx, i: usize, n: usize, k: usize, (x, base): (f64, f64), moves: &[HeapTake], editing: bool) -> impl IntoView {
        let (h, hover) = (i + 1, ctx.hover);
        let cy = counter_y(base, n, k);
        let t = Target::Counter(k);
        let so = ctx.so();
        let live = editing || !candidates(moves, n, t, so).is_empty();
        let words = if editing { format!("heap {h}: remove counter {k} and those above it (leaves {})", n - k) } else { describe(moves, i, n, t, so) };
        let (tk, split) = if editing { (k, false) } else { tinted(t, so) };
        let enter = move || hover.set(live.then_some((i, tk, split)));
        view! {
            <g class="heap-counter" class:live=live data-testid="counter" data-heap=h data-k=k tabindex="0" role="button" aria-label=words.clone()
                aria-disabled=(!live).to_string()
                class:going=move || hover.get().is_some_and(|(hh, kk, sp)| hh == i && !sp && k <= kk)
                class:kept=move || hover.get().is_some_and(|(hh, kk, sp)| hh == i && sp && k <= kk)
                on:pointerenter=move |_| enter() on:focus=move |_| enter()
                on:click=move |_| ctx.act(i, t) on:keydown=move |ev| if activates(&ev) { ctx.act(i, t) }>
                <title>{words.clone()}</title>
                <rect class="heap-hit" x=x - COL / 2.0 + 2.0 y=cy - PITCH / 2.0 width=COL - 4.0 height=PITCH />
                <circle class="heap-token" cx=x cy=cy r=PITCH * 0.42 />
            </g>
        }
    }

    /// The thin gap below counter `k`, where a rule that also splits
    /// without taking splits.
    fn gap_view(ctx: Ctx, i: usize, n: usize, k: usize, (x, base): (f64, f64), moves: &[HeapTake]) -> impl IntoView {
        let t = Target::Gap(k);
        let live = !candidates(moves, n, t, false).is_empty();
        let words = describe(moves, i, n, t, false);
        let y = counter_y(base, n, k) + PITCH / 2.0;
        let enter = move || ctx.hover.set(live.then_some((i, k, true)));
        view! {
            <rect class="heap-gap" class:live=live data-testid="heap-gap" data-heap=i + 1 data-k=k x=x - COL / 2.0 + 4.0 y=y - 4.0 width=COL - 8.0 height="8"
                tabindex="0" role="button" aria-label=words.clone() on:pointerenter=move |_| enter() on:focus=move |_| enter()
                on:click=move |_| ctx.act(i, t) on:keydown=move |ev| if activates(&ev) { ctx.act(i, t) }>
                <title>{words.clone()}</title>
            </rect>
        }
    }

    /// A heap: its pile (counters, a bar, or an empty place), its number
    /// above, its size and nim-value below.
    fn heap_view(ctx: Ctx, i: usize, n: usize, at: (f64, f64), moves: Vec<HeapTake>, value: Option<u32>, editing: bool) -> impl IntoView {
        let (x, base) = at;
        let h = i + 1;
        let pile = if n == 0 {
            view! { <rect class="heap-empty" x=x - COL / 2.0 + 10.0 y=base - PITCH + 3.0 width=COL - 20.0 height=PITCH - 6.0 rx="6" /> }.into_any()
        } else if n > MAX_DRAWN_COUNTERS {
            let live = !editing && !moves.is_empty();
            let top = base - pile_height(n);
            let cy = top + pile_height(n) / 2.0;
            let words = if live { format!("heap {h} of {n}: choose how many to take") } else { format!("heap {h} of {n}") };
            let open = move || {
                if live {
                    ctx.choice.set(Some(Choice::Count(i)));
                }
            };
            view! {
                <rect class="heap-bar" class:live=live data-testid="heap-bar" data-heap=h x=x - COL / 2.0 + 9.0 y=top width=COL - 18.0 height=pile_height(n) rx="8"
                    tabindex="0" role="button" aria-label=words.clone() on:click=move |_| open() on:keydown=move |ev| if activates(&ev) { open() }>
                    <title>{words.clone()}</title>
                </rect>
                <path class="heap-bar-break" d=format!("M {} {} l {} -8 M {} {} l {} -8", x - COL / 2.0 + 7.0, cy - 26.0, COL - 14.0, x - COL / 2.0 + 7.0, cy - 19.0, COL - 14.0)
                    pointer-events="none" />
                <text class="heap-bar-n" x=x y=cy + 40.0 transform=format!("rotate(-90 {x} {})", cy + 40.0) text-anchor="middle" dominant-baseline="central" pointer-events="none">{n.to_string()}</text>
            }
            .into_any()
        } else {
            let counters = (1..=n).map(|k| counter_view(ctx, i, n, k, at, &moves, editing)).collect_view();
            let gaps = (!editing && gaps_live(&moves, ctx.so())).then(|| (1..n).map(|k| gap_view(ctx, i, n, k, at, &moves)).collect_view());
            let cut = move || {
                let (_, k, _) = ctx.hover.get().filter(|&(hh, kk, sp)| hh == i && sp && kk < n)?;
                let y = counter_y(base, n, k) + PITCH / 2.0;
                Some(view! { <line class="heap-cut" x1=x - COL / 2.0 + 3.0 x2=x + COL / 2.0 - 3.0 y1=y y2=y pointer-events="none" /> })
            };
            view! { {counters}{gaps}{cut} }.into_any()
        };
        let value_text = value.map_or_else(|| "?".to_string(), nimber);
        let value_title = match value {
            Some(g) => format!("heap {h}: nim-value G({n}) = {}", nimber(g)),
            None => format!("heap {h}: the nim-value of a heap of {n} is not worked out here (see the value card)"),
        };
        view! {
            <g class="heap-col" data-testid="heap" data-heap=h data-size=n>
                <text class="heap-num" x=x y=base - pile_height(n) - 7.0 text-anchor="middle">{format!("heap {h}")}</text>
                {pile}
                <text class="heap-size" data-testid="heap-size" data-heap=h x=x y=base + 17.0 text-anchor="middle">{n.to_string()}</text>
                <g><title>{value_title}</title><text class="heap-value" data-testid="heap-value" data-heap=h x=x y=base + 35.0 text-anchor="middle">{value_text}</text></g>
            </g>
        }
    }

    /// What a click does here, in a line under the board.
    fn legend(p: &AnyHeaps, legal: &[Vec<HeapTake>], editing: bool) -> String {
        let under = "Under each heap: its size and its nim-value.";
        if editing {
            return format!("Click a counter to remove it and every counter above it; change the heaps beside the board. {under}");
        }
        let splits = splits_only(p.rule());
        let gaps = legal.iter().any(|m| gaps_live(m, splits));
        let click = if splits {
            "Click a counter to split its heap just below it: the counters above the cut become one heap, the rest another."
        } else if gaps {
            "Click a counter to take it and every counter above it, or a gap between counters to split the heap there."
        } else {
            "Click a counter to take it and every counter above it."
        };
        let bar = if p.heaps().iter().any(|&n| n > MAX_DRAWN_COUNTERS) { " A bar is a heap too large to draw: click it to give the number." } else { "" };
        format!("{click}{bar} {under}")
    }

    #[component]
    fn HeapBoard(ruleset: &'static str, props: BoardProps) -> impl IntoView {
        // The last position's rule table, shared with the next position of
        // the same rule (its nim sequence is then worked out once).
        let last: StoredValue<Option<AnyHeaps>> = StoredValue::new(None);
        let pos = Memo::new(move |_| {
            let p = props.position.with(|t| position(ruleset, t))?;
            let p = last.with_value(|l| l.as_ref().filter(|l| l.rule() == p.rule()).map(|l| l.with_heaps(p.heaps().to_vec()))).unwrap_or(p);
            last.set_value(Some(p.clone()));
            Some(p)
        });
        let legal = Memo::new(move |_| pos.with(|p| p.as_ref().map(|p| props.moves.with(|m| legal_by_heap(p, m)))).unwrap_or_default());
        let vals = Memo::new(move |_| pos.with(|p| p.as_ref().map(values)).unwrap_or_default());
        let ctx = Ctx { ruleset, props, pos, legal, hover: RwSignal::new(None), choice: RwSignal::new(None) };
        Effect::new(move |_| {
            props.position.track();
            props.editing.track();
            ctx.choice.set(None);
            ctx.hover.set(None);
        });
        let board = move || {
            let p = pos.get()?;
            let heaps = p.heaps();
            let lay = layout(heaps);
            let (legal, vals) = (legal.get(), vals.get());
            let editing = props.editing.get();
            let live = props.to_move.get().is_some() && !editing;
            let columns = lay
                .columns
                .iter()
                .enumerate()
                .map(|(i, &at)| heap_view(ctx, i, heaps[i], at, if live { legal[i].clone() } else { Vec::new() }, vals.get(i).copied().flatten(), editing))
                .collect_view();
            let (vw, vh) = (lay.width, lay.height);
            // Tall piles shrink the board to fit the screen's height, but
            // never below 0.9 of the units, where the labels stay readable.
            let shown = (vw * 560.0 / vh).min((vw * 1.5).min(720.0)).max(vw * 0.9).round();
            let label = format!("{} heaps: {}", heaps.len(), heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", "));
            let more = (heaps.len() > MAX_DRAWN_HEAPS).then(|| {
                view! { <p class="muted small">{format!("Heaps {} to {} are not drawn: play them by name below.", MAX_DRAWN_HEAPS + 1, heaps.len())}</p> }
            });
            Some(view! {
                <svg class="heap-board" class:editing=editing data-testid="heap-board" viewBox=format!("0 0 {vw} {vh}") style=format!("max-width: {shown}px")
                    role="group" aria-label=label on:pointerleave=move |_| ctx.hover.set(None)>
                    {columns}
                </svg>
                {more}
                <p class="muted small heap-legend" data-testid="heap-legend">{legend(&p, &legal, editing)}</p>
            })
        };
        view! {
            <div class="heap-wrap">
                {board}
                <HeapChooser ctx=ctx />
            </div>
        }
    }

    /// The moves a click may mean, in words, or the number to take from a
    /// heap drawn as a bar; Escape or "cancel" closes it.
    #[component]
    fn HeapChooser(ctx: Ctx) -> impl IntoView {
        let count = RwSignal::new(1usize);
        let note = RwSignal::new(String::new());
        let panel: NodeRef<leptos::html::Div> = NodeRef::new();
        // The chooser takes the focus, so the keyboard goes on from there.
        Effect::new(move |_| {
            use wasm_bindgen::JsCast;
            if ctx.choice.with(Option::is_some) {
                if let Some(el) =
                    panel.get().and_then(|d| d.query_selector("button, input").ok().flatten()).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = el.focus();
                }
            }
        });
        let count_go = move |i: usize| {
            let (n, k) = (ctx.size(i), count.get_untracked());
            let c = candidates(&ctx.moves(i), n, Target::Counter(k), ctx.so());
            if c.is_empty() {
                note.set(describe(&ctx.moves(i), i, n, Target::Counter(k), ctx.so()));
            } else {
                note.set(String::new());
                ctx.resolve(i, c);
            }
        };
        move || {
            let (i, body) = match ctx.choice.get()? {
                Choice::Moves(i, ms) => {
                    let items = ms
                        .into_iter()
                        .map(|m| {
                            let name = m.to_string();
                            view! { <li><button class="btn small" data-testid="heap-choice" data-move=name.clone() title=format!("play {name}")
                            on:click=move |_| ctx.resolve(i, vec![m])>{m.words()}</button></li> }
                        })
                        .collect_view();
                    (i, view! { <p class="small">"Which move?"</p><ul class="heap-choices">{items}</ul> }.into_any())
                }
                Choice::Count(i) => {
                    let n = ctx.size(i);
                    let split = ctx.so();
                    count.set(1);
                    let verb = if split { "split" } else { "take" };
                    (
                        i,
                        view! {
                            <label class="small">{if split { "counters above the cut " } else { "counters to take " }}
                                <input type="number" class="seed" min="1" max=n.to_string() data-testid="heap-count" prop:value=move || count.get().to_string()
                                    on:input=move |ev| count.set(event_target_value(&ev).trim().parse().unwrap_or(0)) /></label>
                            <button class="btn small" data-testid="heap-count-go" on:click=move |_| count_go(i)>{verb}</button>
                            <span class="muted small" data-testid="heap-count-note">{move || note.get()}</span>
                        }
                        .into_any(),
                    )
                }
            };
            Some(view! {
                <div class="heap-chooser" data-testid="heap-chooser" role="group" aria-label=format!("moves on heap {}", i + 1) node_ref=panel
                    on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Escape" { ctx.choice.set(None) }>
                    <strong class="small">{format!("Heap {}", i + 1)}</strong>
                    {body}
                    <button class="btn small" data-testid="heap-choice-cancel" on:click=move |_| ctx.choice.set(None)>"cancel"</button>
                </div>
            })
        }
    }

    /// Edit mode: each heap's size (−, a number, +) and removal, and a new
    /// heap; `heaps` shows its rule (typed in the position field).
    #[component]
    fn HeapControls(ruleset: &'static str, props: BoardProps) -> impl IntoView {
        let edit = move |f: &dyn Fn(&str) -> Option<String>| {
            if let Some(t) = props.position.with_untracked(|t| f(t)) {
                props.on_edit.run(t);
            }
        };
        let list = move || {
            let p = props.position.with(|t| position(ruleset, t))?;
            let rule = (ruleset == HEAPS).then(|| view! { <span class="muted small">"rule "<code data-testid="heap-rule">{p.rule().to_string()}</code>" (change it in the field above)"</span> });
            let items = p
                .heaps()
                .iter()
                .take(MAX_DRAWN_HEAPS)
                .enumerate()
                .map(|(i, &n)| {
                    let h = i + 1;
                    view! {
                        <li>
                            <span class="small">{format!("heap {h}")}</span>
                            <button class="btn small" data-testid="heap-minus" data-heap=h title=format!("one counter fewer in heap {h}") prop:disabled=n == 0
                                on:click=move |_| edit(&|t| resized_heap(ruleset, t, i, n.saturating_sub(1)))>"−"</button>
                            <input type="number" min="0" max=MAX_EDIT_HEAP.to_string() class="seed" data-testid="heap-size-input" data-heap=h prop:value=n.to_string()
                                aria-label=format!("size of heap {h}")
                                on:change=move |ev| {
                                    if let Ok(m) = event_target_value(&ev).trim().parse::<usize>() {
                                        edit(&|t| resized_heap(ruleset, t, i, m))
                                    }
                                } />
                            <button class="btn small" data-testid="heap-plus" data-heap=h title=format!("one counter more in heap {h}")
                                on:click=move |_| edit(&|t| resized_heap(ruleset, t, i, n + 1))>"+"</button>
                            <button class="btn small" data-testid="heap-remove" data-heap=h title=format!("remove heap {h} (the later heaps are renumbered)")
                                on:click=move |_| edit(&|t| without_heap(ruleset, t, i))>"remove"</button>
                        </li>
                    }
                })
                .collect_view();
            Some(view! { {rule}<ul class="heap-edit-list">{items}</ul> })
        };
        view! {
            <div class="size-controls heap-controls">
                {list}
                <button class="btn small" data-testid="heap-add" title="a new heap after the others"
                    on:click=move |_| edit(&|t| with_heap(ruleset, t, position(ruleset, t).and_then(|p| p.heaps().last().copied()).filter(|&n| n > 0).unwrap_or(3)))>"add a heap"</button>
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::rulesets::registry::session;

    /// The position and its legal moves by heap, as the page has them.
    fn board(ruleset: &str, text: &str) -> (bool, Vec<Vec<HeapTake>>) {
        let legal = session(ruleset, text, 10_000).unwrap().moves(Side::Left);
        let p = position(ruleset, text).unwrap();
        let by = legal_by_heap(&p, &legal);
        assert_eq!(by.iter().map(Vec::len).sum::<usize>(), legal.len(), "{ruleset} {text}: every legal move is on a heap");
        (splits_only(p.rule()), by)
    }
    fn names(ms: &[HeapTake]) -> Vec<String> {
        ms.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn the_four_rulesets_read_and_write_their_own_texts() {
        for (r, t) in [(NIM, "3 5 7"), (GRUNDY, "7 9"), (DAWSON, "4 6"), (HEAPS, "0.77: 3 5 7"), (HEAPS, "sub:1,3,4: 4 5"), (NIM, "")] {
            let p = position(r, t).unwrap();
            assert_eq!(text_of(r, &p), t, "{r}");
        }
        assert_eq!(position(HEAPS, "3 5"), None);
        assert_eq!(position(NIM, "3 x"), None);
        assert_eq!(*position(DAWSON, "4").unwrap().rule(), "0.07".parse().unwrap());
        assert_eq!(text_of(HEAPS, &position(HEAPS, "0.77:").unwrap()), "0.77:");
    }

    #[test]
    fn a_counter_takes_it_and_those_above() {
        let (so, by) = board(NIM, "3 5 7");
        assert_eq!(names(&candidates(&by[1], 5, Target::Counter(3), so)), ["2-3"]);
        assert_eq!(names(&candidates(&by[0], 3, Target::Counter(3), so)), ["1-3"]);
        assert_eq!(describe(&by[1], 1, 5, Target::Counter(3), so), "take 3 from heap 2");
        assert_eq!(describe(&by[0], 0, 3, Target::Counter(3), so), "take all 3 from heap 1");
        assert_eq!(tinted(Target::Counter(3), so), (3, false));
        assert!(!gaps_live(&by[1], so) && !so);
        // No legal moves (not the side's turn): nothing is live.
        assert!(candidates(&[], 5, Target::Counter(1), false).is_empty());
        assert_eq!(describe(&[], 1, 5, Target::Counter(2), false), "heap 2: no move takes 2");
    }

    #[test]
    fn a_take_that_may_split_asks_which() {
        // Kayles: taking 1 from 7 leaves 6, 1 + 5, 2 + 4 or 3 + 3.
        let (so, by) = board(HEAPS, "0.77: 1 2 7");
        let c = candidates(&by[2], 7, Target::Counter(1), so);
        assert_eq!(names(&c), ["3-1", "3-1=1+5", "3-1=2+4", "3-1=3+3"]);
        assert_eq!(c[2].words(), "take 1 from heap 3, leaving 2 and 4");
        assert_eq!(describe(&by[2], 2, 7, Target::Counter(1), so), "take 1 from heap 3 (choose what is left)");
        assert!(candidates(&by[2], 7, Target::Counter(3), so).is_empty());
        // A subtraction game: only the set's numbers are live.
        let (so, by) = board(HEAPS, "sub:1,3,4: 5");
        let live: Vec<usize> = (1..=5).filter(|&k| !candidates(&by[0], 5, Target::Counter(k), so).is_empty()).collect();
        assert_eq!(live, [1, 3, 4]);
    }

    #[test]
    fn grundy_splits_below_the_counter_clicked() {
        let (so, by) = board(GRUNDY, "7 4");
        assert!(so && !gaps_live(&by[0], so));
        assert_eq!(names(&candidates(&by[0], 7, Target::Counter(2), so)), ["1=2+5"]);
        assert_eq!(names(&candidates(&by[0], 7, Target::Counter(5), so)), ["1=2+5"]);
        assert_eq!(describe(&by[0], 0, 7, Target::Counter(2), so), "split heap 1 into 2 and 5");
        assert_eq!(tinted(Target::Counter(2), so), (2, true));
        // Equal halves are not a move, nor is the bottom counter.
        assert!(candidates(&by[1], 4, Target::Counter(2), so).is_empty());
        assert!(candidates(&by[1], 4, Target::Counter(4), so).is_empty());
        assert_eq!(describe(&by[1], 1, 4, Target::Counter(2), so), "heap 2: no move splits it into 2 and 2");
        assert_eq!(describe(&by[1], 1, 4, Target::Counter(4), so), "heap 2: nothing below counter 4 to split off");
        // No legal move at all (a heap of 2): still a split, never a take.
        assert_eq!(describe(&[], 0, 2, Target::Counter(1), so), "heap 1: no move splits it into 1 and 1");
        assert!(splits_only(&HeapRule::Grundy) && splits_only(&"4.0".parse().unwrap()));
        assert!(!splits_only(&HeapRule::Nim) && !splits_only(&"4.3".parse().unwrap()) && !splits_only(&"0.77".parse().unwrap()));
        assert_eq!(names(&candidates(&by[1], 4, Target::Counter(1), so)), ["2=1+3"]);
        // A rule that takes and splits without taking splits at the gaps.
        let (so, by) = board(HEAPS, "4.3: 5");
        assert!(!so && gaps_live(&by[0], so));
        assert_eq!(names(&candidates(&by[0], 5, Target::Gap(2), so)), ["1=2+3"]);
        assert_eq!(names(&candidates(&by[0], 5, Target::Counter(1), so)), ["1-1"]);
        assert!(candidates(&by[0], 5, Target::Gap(5), so).is_empty());
    }

    #[test]
    fn values_are_the_rules_nim_sequence() {
        assert_eq!(values(&position(NIM, "3 5 7 100000").unwrap()), [Some(3), Some(5), Some(7), Some(100_000)]);
        assert_eq!(values(&position(HEAPS, "0.77: 1 2 3 4").unwrap()), [Some(1), Some(2), Some(3), Some(1)]);
        assert_eq!(values(&position(GRUNDY, "5 13 7").unwrap()), [Some(2), Some(3), Some(0)]);
        assert_eq!(values(&position(GRUNDY, "5000").unwrap()), [None]);
    }

    #[test]
    fn piles_stand_on_lines() {
        let l = layout(&[3, 5, 7]);
        assert_eq!(l.columns.len(), 3);
        assert!(l.columns.iter().all(|&(_, b)| b == l.columns[0].1));
        assert_eq!(l.width, 2.0 * MARGIN + 3.0 * COL);
        assert_eq!(l.columns[0].1, ABOVE + 7.0 * PITCH);
        // The top counter of the tallest heap is just under the heap numbers.
        assert_eq!(counter_y(l.columns[2].1, 7, 1), ABOVE + PITCH / 2.0);
        assert_eq!(counter_y(l.columns[0].1, 3, 3), l.columns[0].1 - PITCH / 2.0);
        // Past a line's heaps, a new line; a big heap is a bar of bounded height.
        let l = layout(&[1; 10]);
        assert_eq!(l.columns[8].0, l.columns[0].0);
        assert!(l.columns[8].1 > l.columns[0].1);
        assert_eq!(pile_height(40_000), pile_height(31));
        assert!(pile_height(31) < pile_height(MAX_DRAWN_COUNTERS));
        assert_eq!(layout(&vec![2; 500]).columns.len(), MAX_DRAWN_HEAPS);
        assert!(layout(&[]).height > 0.0);
    }

    #[test]
    fn the_editor_keeps_the_rulesets_form() {
        assert_eq!(resized_heap(NIM, "3 5 7", 1, 2).as_deref(), Some("3 2 7"));
        assert_eq!(resized_heap(NIM, "3 5 7", 3, 2), None);
        assert_eq!(resized_heap(HEAPS, "0.77: 3 5", 0, 5000).as_deref(), Some("0.77: 1000 5"));
        assert_eq!(with_heap(HEAPS, "sub:1,3,4: 4", 6).as_deref(), Some("sub:1,3,4: 4 6"));
        assert_eq!(with_heap(GRUNDY, "", 7).as_deref(), Some("7"));
        assert_eq!(without_heap(HEAPS, "0.77: 3", 0).as_deref(), Some("0.77:"));
        assert_eq!(without_heap(DAWSON, "4 6", 0).as_deref(), Some("6"));
        assert_eq!(without_heap(DAWSON, "4 6", 2), None);
        let full = (0..MAX_EDIT_HEAPS).fold(String::new(), |t, _| with_heap(NIM, &t, 1).unwrap());
        assert_eq!(with_heap(NIM, &full, 1), None);
        // Every edited text opens as a position of its ruleset.
        for (r, t) in [(NIM, "3 5 7"), (HEAPS, "0.77: 3 5 7"), (GRUNDY, "7"), (DAWSON, "4 6")] {
            let t = with_heap(r, t, 9).unwrap();
            let t = resized_heap(r, &t, 0, 0).unwrap();
            let t = without_heap(r, &t, 1).unwrap();
            assert!(session(r, &t, 100).is_ok(), "{r} `{t}`");
        }
    }
}
