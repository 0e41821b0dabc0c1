//! The Domineering board: an SVG grid with column letters and row numbers
//! (the names of moves: `b3` is the domino's top square for Left, its left
//! square for Right). Dominoes played are drawn in their player's colour
//! (Left blue and vertical, Right red and horizontal), squares covered in
//! the starting position in grey.
//!
//! Play: the pointer over a square shows the domino the side to move would
//! place there (the square and the one below for Left, to the right for
//! Right; at the bottom or right edge, or where that square is taken, the
//! one above or to the left), and a click places it. Edit: a click covers
//! or uncovers a square; width and height resize the board (new squares
//! empty).
//!
//! The geometry is pure and tested natively; the SVG is wasm32 only.

use cgt::rulesets::domineering::{Domineering, DomineeringError, Place};
use cgt::rulesets::Ruleset;
use cgt::side::Side;

/// The registry name this renderer draws.
pub const NAME: &str = cgt::rulesets::domineering::NAME;

/// Largest width and height the editor offers (the text format takes 64;
/// a larger board is typed).
pub const MAX_EDIT_SIDE: usize = 16;

/// The name of square (`row`, `col`), from 0: `a1` is the top left.
pub fn square_name(row: usize, col: usize) -> String {
    Place { row: row as u8, col: col as u8 }.to_string()
}

/// The square a name denotes (`b3` -> row 2, column 1): the inverse of
/// [`square_name`] (columns `a`..`z`, then `aa`, `ab`, ...).
pub fn parse_square(name: &str) -> Option<(usize, usize)> {
    let name = name.trim();
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = name.split_at(split);
    let l: Vec<u8> = letters.bytes().collect();
    if !l.iter().all(u8::is_ascii_lowercase) {
        return None;
    }
    let col = match l.as_slice() {
        [a] => (a - b'a') as usize,
        [a, b] => (*a - b'a' + 1) as usize * 26 + (b - b'a') as usize,
        _ => return None,
    };
    let row: usize = digits.parse().ok()?;
    (row >= 1).then(|| (row - 1, col))
}

/// The move of `side` a click on square (`row`, `col`) plays: the domino
/// anchored there, else the one that ends there; `None` if neither fits.
pub fn move_at(pos: &Domineering, side: Side, row: usize, col: usize) -> Option<String> {
    let here = (row, col);
    let before = match side {
        Side::Left => row.checked_sub(1).map(|r| (r, col)),
        Side::Right => col.checked_sub(1).map(|c| (row, c)),
    };
    [Some(here), before].into_iter().flatten().map(|(r, c)| Place { row: r as u8, col: c as u8 }).find(|&p| pos.play(side, p).is_some()).map(|p| p.to_string())
}

/// The two squares a named move covers, if the name is a square.
pub fn domino(side: Side, mv: &str) -> Option<[(usize, usize); 2]> {
    let (row, col) = parse_square(mv)?;
    Some(Domineering::covers(side, Place { row: row as u8, col: col as u8 }))
}

/// The board with square (`row`, `col`) covered if it was empty and empty
/// if it was covered (`None` off the board).
pub fn toggled(pos: &Domineering, row: usize, col: usize) -> Option<String> {
    pos.with_square(row, col, !pos.is_empty_at(row, col)).map(|d| d.to_string())
}

/// The board resized to `width` x `height` (at least 1 x 1): squares
/// inside both keep their state, new ones are empty.
pub fn resized(pos: &Domineering, width: usize, height: usize) -> Result<String, DomineeringError> {
    let mut d = Domineering::empty(width.max(1), height.max(1))?;
    for r in 0..d.height() {
        for c in 0..d.width() {
            if r < pos.height() && c < pos.width() && !pos.is_empty_at(r, c) {
                d = d.with_square(r, c, false).unwrap_or(d);
            }
        }
    }
    Ok(d.to_string())
}

#[cfg(target_arch = "wasm32")]
pub use svg::RENDERER;

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{BoardProps, Renderer};
    use leptos::prelude::*;

    /// Domineering in [`crate::pages::game::boards::RENDERERS`].
    pub const RENDERER: Renderer =
        Renderer { ruleset: NAME, board: |p| view! { <DomineeringBoard props=p /> }.into_any(), edit_tools: |p| view! { <SizeControls props=p /> }.into_any() };

    use crate::pages::game::boards::{cell_x as x, cell_y as y, grid_labels, CELL, LEFT, TOP};
    fn side_class(s: Side) -> &'static str {
        if s.is_left() {
            "left"
        } else {
            "right"
        }
    }

    /// The rectangle of a domino's two squares, inset a little.
    fn domino_rect(sq: [(usize, usize); 2]) -> (f64, f64, f64, f64) {
        let (r0, c0) = sq[0];
        let (r1, c1) = sq[1];
        let inset = 4.0;
        let w = (c1 - c0 + 1) as f64 * CELL - 2.0 * inset;
        let h = (r1 - r0 + 1) as f64 * CELL - 2.0 * inset;
        (x(c0) + inset, y(r0) + inset, w, h)
    }

    #[component]
    fn DomineeringBoard(props: BoardProps) -> impl IntoView {
        let board = Memo::new(move |_| props.position.with(|t| t.parse::<Domineering>().ok()));
        let hover: RwSignal<Option<(usize, usize)>> = RwSignal::new(None);
        // The domino the side to move would place at the hovered square.
        let preview = move || {
            if props.editing.get() {
                return None;
            }
            let (r, c) = hover.get()?;
            let side = props.to_move.get()?;
            let d = board.get()?;
            let mv = move_at(&d, side, r, c)?;
            let (px, py, w, h) = domino_rect(domino(side, &mv)?);
            Some(view! {
                <rect class=format!("dom-preview {}", side_class(side)) data-testid="dom-preview" data-move=mv
                    x=px y=py width=w height=h rx="6" pointer-events="none" />
            })
        };
        let click = move |r: usize, c: usize| {
            let Some(d) = board.get_untracked() else { return };
            if props.editing.get_untracked() {
                if let Some(t) = toggled(&d, r, c) {
                    props.on_edit.run(t);
                }
            } else if let Some(side) = props.to_move.get_untracked() {
                if let Some(mv) = move_at(&d, side, r, c) {
                    props.on_move.run(mv);
                }
            }
        };
        move || {
            let d = board.get()?;
            let (w, h) = (d.width(), d.height());
            let squares = (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .map(|(r, c)| {
                    let empty = d.is_empty_at(r, c);
                    let name = square_name(r, c);
                    view! {
                        <rect class="dom-sq" class:covered=!empty data-testid="dom-square" data-square=name.clone()
                            x=x(c) y=y(r) width=CELL height=CELL tabindex="0" role="button" aria-label=format!("{name}, {}", if empty { "empty" } else { "covered" })
                            on:pointerenter=move |_| hover.set(Some((r, c))) on:focus=move |_| hover.set(Some((r, c)))
                            on:keydown=move |ev| if crate::pages::game::boards::activates(&ev) { click(r, c) }
                            on:click=move |_| click(r, c)>
                            <title>{format!("{name}: {}", if empty { "empty" } else { "covered" })}</title>
                        </rect>
                    }
                })
                .collect_view();
            let dominoes = props.played.with(|p| {
                p.iter()
                    .filter_map(|(side, mv)| {
                        let (px, py, dw, dh) = domino_rect(domino(*side, mv)?);
                        Some(view! { <rect class=format!("dom-domino {}", side_class(*side)) data-testid="dom-domino" x=px y=py width=dw height=dh rx="6" pointer-events="none" /> })
                    })
                    .collect_view()
            });
            let (cols, rows) = grid_labels(w, h);
            let (vw, vh) = (LEFT + w as f64 * CELL + 4.0, TOP + h as f64 * CELL + 4.0);
            let label = format!("Domineering board, {w} columns by {h} rows, {} empty squares", d.size());
            Some(view! {
                <svg class="dom-board" class:editing=move || props.editing.get() data-testid="dom-board" viewBox=format!("0 0 {vw} {vh}")
                    style=format!("max-width: {}px", (vw * 1.8).min(720.0).round()) role="group" aria-label=label
                    on:pointerleave=move |_| hover.set(None)>
                    {cols}{rows}{squares}{dominoes}{preview}
                </svg>
            })
        }
    }

    /// Width and height of the board (edit mode), and clearing it.
    #[component]
    fn SizeControls(props: BoardProps) -> impl IntoView {
        let board = Memo::new(move |_| props.position.with(|t| t.parse::<Domineering>().ok()));
        let size = move |f: fn(&Domineering) -> usize| move || board.get().map_or(0, |d| f(&d)).to_string();
        let set = move |width: Option<usize>, height: Option<usize>| {
            let Some(d) = board.get_untracked() else { return };
            let (w, h) = (width.unwrap_or(d.width()).min(MAX_EDIT_SIDE), height.unwrap_or(d.height()).min(MAX_EDIT_SIDE));
            if let Ok(t) = resized(&d, w, h) {
                props.on_edit.run(t);
            }
        };
        let max = MAX_EDIT_SIDE.to_string();
        view! {
            <div class="size-controls">
                <label>"width "<input type="number" min="1" max=max.clone() class="seed" data-testid="dom-width" prop:value=size(Domineering::width)
                    on:change=move |ev| set(event_target_value(&ev).trim().parse().ok(), None) /></label>
                <label>"height "<input type="number" min="1" max=max class="seed" data-testid="dom-height" prop:value=size(Domineering::height)
                    on:change=move |ev| set(None, event_target_value(&ev).trim().parse().ok()) /></label>
                <button class="btn small" data-testid="dom-clear" title="uncover every square" on:click=move |_| {
                    if let Some(Ok(e)) = board.get_untracked().map(|d| Domineering::empty(d.width(), d.height())) {
                        props.on_edit.run(e.to_string());
                    }
                }>"all empty"</button>
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(t: &str) -> Domineering {
        t.parse().unwrap()
    }

    #[test]
    fn square_names_round_trip() {
        for row in 0..64 {
            for col in 0..64 {
                assert_eq!(parse_square(&square_name(row, col)), Some((row, col)));
            }
        }
        assert_eq!(square_name(2, 1), "b3");
        for bad in ["", "3", "b", "b0", "B3", "abc1", "b-1"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_click_plays_the_domino_there_or_the_one_ending_there() {
        let p = d("...|...|...");
        assert_eq!(move_at(&p, Side::Left, 0, 1).as_deref(), Some("b1"));
        // The bottom row: Left's domino ends there.
        assert_eq!(move_at(&p, Side::Left, 2, 1).as_deref(), Some("b2"));
        assert_eq!(move_at(&p, Side::Right, 1, 2).as_deref(), Some("b2"));
        let q = d(".#|..");
        assert_eq!(move_at(&q, Side::Right, 0, 0), None);
        assert_eq!(move_at(&q, Side::Left, 1, 0).as_deref(), Some("a1"));
        assert_eq!(move_at(&q, Side::Left, 1, 1), None);
        assert_eq!(domino(Side::Left, "b1"), Some([(0, 1), (1, 1)]));
        assert_eq!(domino(Side::Right, "b2"), Some([(1, 1), (1, 2)]));
    }

    #[test]
    fn editing_toggles_and_resizes() {
        let p = d("..|..");
        assert_eq!(toggled(&p, 1, 0).as_deref(), Some("..|#."));
        assert_eq!(toggled(&d("..|#."), 1, 0).as_deref(), Some("..|.."));
        assert_eq!(toggled(&p, 2, 0), None);
        assert_eq!(resized(&d("#.|.."), 3, 1).unwrap(), "#..");
        assert_eq!(resized(&d("#.|.."), 1, 3).unwrap(), "#|.|.");
        assert_eq!(resized(&p, 0, 0).unwrap(), ".");
        assert!(resized(&p, 65, 1).is_err());
    }
}
