//! The Cutcake board: each cake a grid of unit squares, laid out left to
//! right in the order written (the order of move names: `2v1` cuts the
//! second cake), wrapping to a new line when wide.
//!
//! Play: the score lines the side to move may cut along are live (Left's
//! vertical, Right's horizontal); the pointer over one previews the cut in
//! the player's colour, and a click plays it. Edit: a cake of the width and
//! height given is added after the others; each cake can be removed.
//!
//! The geometry is pure and tested natively; the SVG is wasm32 only.

use cgt::side::Side;

/// The registry name this renderer draws.
pub const NAME: &str = cgt::rulesets::cutcake::NAME;

/// Largest side the editor offers, and the largest cake drawn with its
/// score lines (a larger one is a plain block, cut by name).
pub const MAX_EDIT_SIDE: u32 = 16;
pub const MAX_DRAWN_SIDE: u32 = 64;
/// Most unit squares and score lines drawn in all (the cakes past them are
/// plain blocks, cut by name): the board's drawing cost is bounded
/// whatever the position.
pub const MAX_DRAWN_SQUARES: u32 = 4_096;
pub const MAX_DRAWN_CUTS: u32 = 512;
/// Most cakes the editor adds.
pub const MAX_EDIT_CAKES: usize = 16;

/// The cakes of a text: (width, height) in order (`None` if it does not
/// parse).
pub fn cakes(text: &str) -> Option<Vec<(u32, u32)>> {
    let c: cgt::rulesets::cutcake::Cutcake = text.parse().ok()?;
    Some(c.cakes().iter().map(|k| (k.width, k.height)).collect())
}

fn join(cakes: &[(u32, u32)]) -> String {
    cakes.iter().map(|(w, h)| format!("{w}x{h}")).collect::<Vec<_>>().join(" ")
}

/// The name of the cut of cake `index` (from 0) `at` squares from its left
/// (Left, vertical) or top (Right, horizontal) edge.
pub fn cut_name(index: usize, side: Side, at: u32) -> String {
    format!("{}{}{at}", index + 1, if side.is_left() { 'v' } else { 'h' })
}

/// The cuts `side` may make in a `w x h` cake: the positions of its score
/// lines across the cut direction (1 to w - 1, or 1 to h - 1).
pub fn cut_positions(w: u32, h: u32, side: Side) -> std::ops::Range<u32> {
    1..if side.is_left() { w } else { h }
}

/// Where each cake's top left corner goes, in unit squares, with one
/// square between cakes and a new line when a line would pass `line_width`
/// squares; and the whole picture's width and height.
pub fn layout(cakes: &[(u32, u32)], line_width: u32) -> (Vec<(u32, u32)>, u32, u32) {
    let (mut x, mut y, mut line_h, mut width) = (0u32, 0u32, 0u32, 0u32);
    let mut out = Vec::with_capacity(cakes.len());
    for &(w, h) in cakes {
        let (w, h) = (w.min(MAX_DRAWN_SIDE), h.min(MAX_DRAWN_SIDE));
        if x > 0 && x + w > line_width {
            x = 0;
            y += line_h + 1;
            line_h = 0;
        }
        out.push((x, y));
        x += w + 1;
        line_h = line_h.max(h);
        width = width.max(x - 1);
    }
    (out, width, y + line_h)
}

/// Which cakes are drawn square by square with their score lines: each
/// of sides at most [`MAX_DRAWN_SIDE`], in order while the squares and
/// cuts drawn stay within [`MAX_DRAWN_SQUARES`] and [`MAX_DRAWN_CUTS`].
pub fn drawn(cakes: &[(u32, u32)]) -> Vec<bool> {
    let (mut squares, mut cuts) = (0u32, 0u32);
    cakes
        .iter()
        .map(|&(w, h)| {
            if w > MAX_DRAWN_SIDE || h > MAX_DRAWN_SIDE {
                return false;
            }
            let (s, c) = (w * h, w + h - 2);
            if squares + s > MAX_DRAWN_SQUARES || cuts + c > MAX_DRAWN_CUTS {
                return false;
            }
            squares += s;
            cuts += c;
            true
        })
        .collect()
}

/// The cakes with a `w x h` cake added last (`None` past the editor's
/// limits).
pub fn with_cake(text: &str, w: u32, h: u32) -> Option<String> {
    let mut c = cakes(text)?;
    if c.len() >= MAX_EDIT_CAKES || !(1..=MAX_EDIT_SIDE).contains(&w) || !(1..=MAX_EDIT_SIDE).contains(&h) {
        return None;
    }
    c.push((w, h));
    Some(join(&c))
}

/// The cakes without cake `index` (from 0).
pub fn without_cake(text: &str, index: usize) -> Option<String> {
    let mut c = cakes(text)?;
    (index < c.len()).then(|| {
        c.remove(index);
        join(&c)
    })
}

#[cfg(target_arch = "wasm32")]
pub use svg::RENDERER;

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{BoardProps, Renderer};
    use leptos::prelude::*;

    /// Cutcake in [`crate::pages::game::boards::RENDERERS`].
    pub const RENDERER: Renderer =
        Renderer { ruleset: NAME, board: |p| view! { <CutcakeBoard props=p /> }.into_any(), edit_tools: |p| view! { <CakeControls props=p /> }.into_any() };

    const CELL: f64 = 30.0;
    const PAD: f64 = 12.0;
    /// Squares in a line of cakes before the next line.
    const LINE: u32 = 20;

    fn side_class(s: Side) -> &'static str {
        if s.is_left() {
            "left"
        } else {
            "right"
        }
    }

    /// One cake: its squares, and the live score lines of the side to move.
    fn cake_view(
        i: usize,
        (w, h): (u32, u32),
        (ox, oy): (f64, f64),
        drawn: bool,
        side: Option<Side>,
        hover: RwSignal<Option<String>>,
        play: Callback<String>,
    ) -> impl IntoView {
        let (dw, dh) = (w.min(MAX_DRAWN_SIDE) as f64 * CELL, h.min(MAX_DRAWN_SIDE) as f64 * CELL);
        let squares = drawn.then(|| {
            (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .map(|(r, c)| view! { <rect class="dom-sq cake-sq" x=ox + c as f64 * CELL y=oy + r as f64 * CELL width=CELL height=CELL pointer-events="none" /> })
                .collect_view()
        });
        let cuts = side.filter(|_| drawn).map(|s| {
            cut_positions(w, h, s)
                .map(|at| {
                    let name = cut_name(i, s, at);
                    let (n1, n2, n3) = (name.clone(), name.clone(), name.clone());
                    let (n4, n5) = (name.clone(), name.clone());
                    let k = at as f64 * CELL;
                    // A band around the line takes the pointer; the line shows the cut.
                    let (bx, by, bw, bh, x1, y1, x2, y2) = if s.is_left() {
                        (ox + k - 7.0, oy, 14.0, dh, ox + k, oy, ox + k, oy + dh)
                    } else {
                        (ox, oy + k - 7.0, dw, 14.0, ox, oy + k, ox + dw, oy + k)
                    };
                    view! {
                        <g class=format!("cake-cut {}", side_class(s)) class:hover=move || hover.get().as_deref() == Some(n1.as_str())>
                            <line class="cut-line" x1=x1 y1=y1 x2=x2 y2=y2 pointer-events="none" />
                            <rect class="cut-hit" data-testid="cake-cut" data-move=name.clone() x=bx y=by width=bw height=bh fill="transparent"
                                tabindex="0" role="button" aria-label=format!("cut {name}")
                                on:pointerenter=move |_| hover.set(Some(n2.clone())) on:pointerleave=move |_| hover.set(None)
                                on:focus=move |_| hover.set(Some(n4.clone())) on:blur=move |_| hover.set(None)
                                on:keydown=move |ev| if crate::pages::game::boards::activates(&ev) { play.run(n5.clone()) }
                                on:click=move |_| play.run(n3.clone())>
                                <title>{format!("cut {name}")}</title>
                            </rect>
                        </g>
                    }
                })
                .collect_view()
        });
        view! {
            <g class="cake" data-testid="cake" data-cake=(i + 1).to_string() data-size=format!("{w}x{h}")>
                <rect class="cake-body" x=ox y=oy width=dw height=dh />
                {squares}
                <rect class="cake-edge" x=ox y=oy width=dw height=dh pointer-events="none" />
                {(!drawn).then(|| view! { <text class="dom-label" x=ox + 8.0 y=oy + 20.0>{format!("{w} x {h} (cut by name)")}</text> })}
                {cuts}
            </g>
        }
    }

    #[component]
    fn CutcakeBoard(props: BoardProps) -> impl IntoView {
        let hover: RwSignal<Option<String>> = RwSignal::new(None);
        let play = Callback::new(move |mv: String| {
            if !props.editing.get_untracked() && props.moves.with_untracked(|m| m.contains(&mv)) {
                hover.set(None);
                props.on_move.run(mv);
            }
        });
        move || {
            let cs = props.position.with(|t| cakes(t)).unwrap_or_default();
            let side = props.to_move.get().filter(|_| !props.editing.get());
            let (at, w, h) = layout(&cs, LINE);
            let full = drawn(&cs);
            let views = cs
                .iter()
                .zip(&at)
                .enumerate()
                .map(|(i, (&c, &(x, y)))| cake_view(i, c, (PAD + x as f64 * CELL, PAD + y as f64 * CELL), full[i], side, hover, play))
                .collect_view();
            let (vw, vh) = (2.0 * PAD + w.max(4) as f64 * CELL, 2.0 * PAD + h.max(1) as f64 * CELL);
            let empty = cs.is_empty().then(|| view! { <text class="dom-label" x=PAD y=PAD + 20.0>"no cakes (add one in edit mode)"</text> });
            let hint = side.map(|s| {
                if s.is_left() {
                    "Left cuts along a vertical line: point at one, click to cut."
                } else {
                    "Right cuts along a horizontal line: point at one, click to cut."
                }
            });
            view! {
                <svg class="dom-board cake-board" class:editing=props.editing.get() data-testid="cake-board" viewBox=format!("0 0 {vw} {vh}")
                    style=format!("max-width: {}px", (vw * 1.5).min(720.0).round()) role="group" aria-label=format!("Cutcake, {} cakes", cs.len())>
                    {views}{empty}
                </svg>
                <p class="muted small" data-testid="cake-hint">{hint}</p>
            }
        }
    }

    /// Edit mode: add a cake of a given size, remove a cake.
    #[component]
    fn CakeControls(props: BoardProps) -> impl IntoView {
        // The page remounts these tools after each edit: a new cake starts
        // as the last one (so "add" again adds another like it).
        let (lw, lh) = props.position.with_untracked(|t| cakes(t)).and_then(|c| c.last().copied()).unwrap_or((3, 2));
        let (w, h) = (RwSignal::new(lw.min(MAX_EDIT_SIDE)), RwSignal::new(lh.min(MAX_EDIT_SIDE)));
        let edit = move |t: Option<String>| {
            if let Some(t) = t {
                props.on_edit.run(t);
            }
        };
        let list = move || {
            let cs = props.position.with(|t| cakes(t)).unwrap_or_default();
            cs.into_iter()
                .enumerate()
                .map(|(i, (cw, ch))| {
                    view! {
                        <li>{format!("cake {}: {cw} x {ch} ", i + 1)}
                            <button class="btn small" data-testid="cake-remove" data-cake=(i + 1).to_string() title=format!("remove cake {}", i + 1)
                                on:click=move |_| edit(props.position.with_untracked(|t| without_cake(t, i)))>"remove"</button>
                        </li>
                    }
                })
                .collect_view()
        };
        let num = move |ev: &web_sys::Event| event_target_value(ev).trim().parse::<u32>().ok().map(|n| n.clamp(1, MAX_EDIT_SIDE));
        let max = MAX_EDIT_SIDE.to_string();
        view! {
            <div class="size-controls cake-controls">
                <ul class="tf-rows">{list}</ul>
                <label>"width "<input type="number" min="1" max=max.clone() class="seed" data-testid="cake-width" prop:value=move || w.get().to_string()
                    on:change=move |ev| w.set(num(&ev).unwrap_or(w.get_untracked())) /></label>
                <label>"height "<input type="number" min="1" max=max class="seed" data-testid="cake-height" prop:value=move || h.get().to_string()
                    on:change=move |ev| h.set(num(&ev).unwrap_or(h.get_untracked())) /></label>
                <button class="btn small" data-testid="cake-add" title="add a cake of this width and height after the others"
                    on:click=move |_| edit(props.position.with_untracked(|t| with_cake(t, w.get_untracked(), h.get_untracked())))>"add a cake"</button>
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::rulesets::registry::session;

    #[test]
    fn the_cuts_drawn_are_the_moves() {
        let t = "3x2 4x1 1x3";
        let mut s = session(NAME, t, 1000).unwrap();
        for side in [Side::Left, Side::Right] {
            let mut drawn: Vec<String> =
                cakes(t).unwrap().iter().enumerate().flat_map(|(i, &(w, h))| cut_positions(w, h, side).map(move |at| cut_name(i, side, at))).collect();
            let mut m = s.moves(side);
            drawn.sort();
            m.sort();
            assert_eq!(drawn, m, "{side:?}");
        }
        assert_eq!(cut_name(1, Side::Left, 1), "2v1");
        assert_eq!(cut_name(0, Side::Right, 2), "1h2");
        // Playing a drawn cut leaves the two pieces in the cake's place.
        s.play(Side::Left, "1v1").unwrap();
        assert_eq!(cakes(&s.position()).unwrap(), vec![(1, 2), (2, 2), (4, 1), (1, 3)]);
    }

    /// Issue 43: 400 cakes of 64 x 64 drew 1,638,400 squares on the
    /// page's thread; the squares and score lines drawn are bounded.
    #[test]
    fn the_drawing_is_bounded() {
        let many = vec![(64, 64); 400];
        let d = drawn(&many);
        let squares: u32 = many.iter().zip(&d).filter(|(_, &on)| on).map(|((w, h), _)| w * h).sum();
        assert!(squares <= MAX_DRAWN_SQUARES, "{squares}");
        assert!(d.iter().filter(|&&on| on).count() <= 1);
        assert_eq!(drawn(&[(3, 2), (4, 1), (65, 1)]), vec![true, true, false]);
        let small = vec![(4, 4); 200];
        let cuts: u32 = small.iter().zip(drawn(&small)).filter(|(_, on)| *on).map(|((w, h), _)| w + h - 2).sum();
        assert!(cuts <= MAX_DRAWN_CUTS, "{cuts}");
    }

    #[test]
    fn cakes_are_laid_out_in_lines() {
        let (at, w, h) = layout(&[(3, 2), (4, 1), (1, 3)], 9);
        assert_eq!(at, vec![(0, 0), (4, 0), (0, 3)]);
        assert_eq!((w, h), (8, 6));
        let (at, w, h) = layout(&[(12, 2), (2, 2)], 10);
        assert_eq!(at, vec![(0, 0), (0, 3)]);
        assert_eq!((w, h), (12, 5));
        assert_eq!(layout(&[], 10), (vec![], 0, 0));
    }

    #[test]
    fn the_editor_adds_and_removes_cakes() {
        assert_eq!(with_cake("3x2", 4, 1).as_deref(), Some("3x2 4x1"));
        assert_eq!(with_cake("", 2, 5).as_deref(), Some("2x5"));
        assert_eq!(with_cake("3x2", 0, 1), None);
        assert_eq!(with_cake("3x2", 17, 1), None);
        assert_eq!(without_cake("3x2 4x1", 0).as_deref(), Some("4x1"));
        assert_eq!(without_cake("3x2", 0).as_deref(), Some(""));
        assert_eq!(without_cake("3x2", 1), None);
        for t in [with_cake("3x2 4x1", 5, 5).unwrap(), without_cake("3x2 4x1", 1).unwrap(), String::new()] {
            assert!(session(NAME, &t, 100).is_ok(), "`{t}`");
        }
    }
}
