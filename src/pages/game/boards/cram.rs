//! The Cram board: Domineering's grid and square names, since Cram is
//! Domineering with the players' directions taken away. Either player may
//! lay a domino either way, so the board cannot know the direction from
//! whose turn it is, as Domineering's does: the pointer says it. Dominoes
//! are drawn in one neutral colour (neither player owns a direction), and
//! squares covered in the starting position in grey.
//!
//! Play: the pointer inside an empty square picks the neighbour whose
//! shared edge is nearest (pointer low in the square: the square below,
//! a vertical domino; right: the square to the right, a horizontal one;
//! and so up and left), falling back to the next nearest edge whose
//! domino is legal; the domino is previewed and a click lays it. By
//! keyboard Enter or Space on a focused square lays a vertical domino
//! (else a horizontal one), Shift with it a horizontal one first. Edit: a
//! click covers or uncovers a square; width and height are Domineering's
//! controls.
//!
//! The geometry is pure and tested natively (the square names and edits
//! are Domineering's); the SVG is wasm32 only.

use super::domineering::{parse_square, square_name};

/// The registry name this renderer draws.
pub const NAME: &str = cgt::rulesets::cram::NAME;

/// The domino a pointer at (`fx`, `fy`) inside square (`row`, `col`)
/// lays (0..1 across and down the square): the one through the nearest
/// edge whose move is among `legal`, ties going below, above, right,
/// left.
pub fn move_toward(legal: &[String], row: usize, col: usize, fx: f64, fy: f64) -> Option<String> {
    let mut ways = [
        (1.0 - fy, Some((row, col)), 'v'),
        (fy, row.checked_sub(1).map(|r| (r, col)), 'v'),
        (1.0 - fx, Some((row, col)), 'h'),
        (fx, col.checked_sub(1).map(|c| (row, c)), 'h'),
    ];
    ways.sort_by(|a, b| a.0.total_cmp(&b.0));
    ways.iter().filter_map(|&(_, at, dir)| at.map(|(r, c)| format!("{}{dir}", square_name(r, c)))).find(|name| legal.contains(name))
}

/// The domino a keyboard press lays on square (`row`, `col`): vertical
/// first, or horizontal first with Shift.
pub fn keyed(legal: &[String], row: usize, col: usize, shift: bool) -> Option<String> {
    if shift {
        move_toward(legal, row, col, 0.9, 0.5)
    } else {
        move_toward(legal, row, col, 0.5, 0.9)
    }
}

/// The two squares (row, col) a move name (`b3v`, `b3h`) covers.
pub fn domino(name: &str) -> Option<[(usize, usize); 2]> {
    let name = name.trim();
    let (sq, dir) = name.split_at(name.char_indices().last()?.0);
    let (r, c) = parse_square(sq)?;
    match dir {
        "v" => Some([(r, c), (r + 1, c)]),
        "h" => Some([(r, c), (r, c + 1)]),
        _ => None,
    }
}

#[cfg(target_arch = "wasm32")]
pub use svg::RENDERER;

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{activates, cell_x as x, cell_y as y, grid_labels, BoardProps, Renderer, CELL, LEFT, TOP};
    use cgt::rulesets::cram::Cram;
    use cgt::rulesets::Ruleset;
    use leptos::prelude::*;

    /// Cram in [`crate::pages::game::boards::RENDERERS`]; its editor is
    /// Domineering's (the same text).
    pub const RENDERER: Renderer = Renderer {
        ruleset: NAME,
        board: |p| view! { <CramBoard props=p /> }.into_any(),
        edit_tools: crate::pages::game::boards::domineering::RENDERER.edit_tools,
    };

    /// Where the pointer is inside the element it is over (0..1 across
    /// and down).
    fn within(ev: &web_sys::MouseEvent) -> (f64, f64) {
        use wasm_bindgen::JsCast;
        let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return (0.5, 0.9) };
        let r = el.get_bounding_client_rect();
        if r.width() < 1.0 || r.height() < 1.0 {
            return (0.5, 0.9);
        }
        (((ev.client_x() as f64 - r.left()) / r.width()).clamp(0.0, 1.0), ((ev.client_y() as f64 - r.top()) / r.height()).clamp(0.0, 1.0))
    }

    /// A domino's rectangle, inset a little.
    fn domino_rect(sq: [(usize, usize); 2]) -> (f64, f64, f64, f64) {
        let ((r0, c0), (r1, c1)) = (sq[0], sq[1]);
        let inset = 4.0;
        (x(c0) + inset, y(r0) + inset, (c1 - c0 + 1) as f64 * CELL - 2.0 * inset, (r1 - r0 + 1) as f64 * CELL - 2.0 * inset)
    }

    /// The words of a move ("a vertical domino on b3 and b4"), the core's.
    fn words(board: &Cram, name: &str) -> String {
        board.parse_move(cgt::side::Side::Left, name).ok().and_then(|m| board.move_words(m)).unwrap_or_else(|| name.to_string())
    }

    #[component]
    fn CramBoard(props: BoardProps) -> impl IntoView {
        let board = Memo::new(move |_| props.position.with(|t| Cram::parse(t).ok()));
        let hover: RwSignal<Option<String>> = RwSignal::new(None);
        Effect::new(move |_| {
            props.position.track();
            hover.set(None);
        });
        // The domino at square (r, c) for a pointer at `at` (`None`: the
        // keyboard, `Some(shift)`... see `keyed`), if a click plays now.
        let pick = move |r: usize, c: usize, at: Result<(f64, f64), bool>| -> Option<String> {
            if props.editing.get_untracked() || props.to_move.get_untracked().is_none() {
                return None;
            }
            props.moves.with_untracked(|m| match at {
                Ok((fx, fy)) => move_toward(m, r, c, fx, fy),
                Err(shift) => keyed(m, r, c, shift),
            })
        };
        let click = move |r: usize, c: usize, at: Result<(f64, f64), bool>| {
            if props.editing.get_untracked() {
                if let Some(t) = board.get_untracked().and_then(|d| super::super::domineering::toggled(d.board(), r, c)) {
                    props.on_edit.run(t);
                }
            } else if let Some(mv) = pick(r, c, at) {
                props.on_move.run(mv);
            }
        };
        let preview = move || {
            let mv = hover.get()?;
            let (px, py, w, h) = domino_rect(domino(&mv)?);
            let title = board.with(|b| b.as_ref().map(|b| words(b, &mv)))?;
            Some(view! {
                <rect class="cram-preview" data-testid="cram-preview" data-move=mv x=px y=py width=w height=h rx="6" pointer-events="none"><title>{title}</title></rect>
            })
        };
        move || {
            let d = board.get()?;
            let b = d.board();
            let (w, h) = (b.width(), b.height());
            let squares = (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .map(|(r, c)| {
                    let empty = b.is_empty_at(r, c);
                    let name = square_name(r, c);
                    let state = if empty { "empty" } else { "covered" };
                    let label = if empty { format!("{name}, empty: Enter lays a vertical domino, Shift+Enter a horizontal one") } else { format!("{name}, covered") };
                    view! {
                        <rect class="dom-sq cram-sq" class:covered=!empty data-testid="cram-square" data-square=name.clone() x=x(c) y=y(r) width=CELL height=CELL
                            tabindex="0" role="button" aria-label=label
                            on:pointermove=move |ev: web_sys::PointerEvent| {
                                let mv = pick(r, c, Ok(within(&ev)));
                                if hover.with_untracked(|h| *h != mv) {
                                    hover.set(mv)
                                }
                            }
                            on:focus=move |_| hover.set(pick(r, c, Err(false)))
                            on:keydown=move |ev: web_sys::KeyboardEvent| { let shift = ev.shift_key(); if activates(&ev) { click(r, c, Err(shift)) } }
                            on:click=move |ev: web_sys::MouseEvent| click(r, c, Ok(within(&ev)))>
                            <title>{format!("{name}: {state}")}</title>
                        </rect>
                    }
                })
                .collect_view();
            let dominoes = props.played.with(|p| {
                p.iter()
                    .filter_map(|(_, mv)| {
                        let (px, py, dw, dh) = domino_rect(domino(mv)?);
                        Some(view! { <rect class="cram-domino" data-testid="cram-domino" data-move=mv.clone() x=px y=py width=dw height=dh rx="6" pointer-events="none" /> })
                    })
                    .collect_view()
            });
            let (cols, rows) = grid_labels(w, h);
            let (vw, vh) = (LEFT + w as f64 * CELL + 4.0, TOP + h as f64 * CELL + 4.0);
            let label = format!("Cram board, {w} columns by {h} rows, {} empty squares", d.size());
            Some(view! {
                <svg class="dom-board cram-board" class:editing=move || props.editing.get() data-testid="cram-board" viewBox=format!("0 0 {vw} {vh}")
                    style=format!("max-width: {}px", (vw * 1.8).min(720.0).round()) role="group" aria-label=label
                    on:pointerleave=move |_| hover.set(None)>
                    {cols}{rows}{squares}{dominoes}{preview}
                </svg>
                <p class="muted small" data-testid="cram-note">{move || match hover.get() {
                    Some(mv) => board.with(|b| b.as_ref().map(|b| words(b, &mv))).unwrap_or_default(),
                    None if props.editing.get() => "Click a square to cover or uncover it.".to_string(),
                    None => "Point inside a square towards the neighbour to cover with it: low for a vertical domino, right for a horizontal one.".to_string(),
                }}</p>
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::rulesets::registry::session;
    use cgt::side::Side;

    fn legal(t: &str) -> Vec<String> {
        session(NAME, t, 10_000).unwrap().moves(Side::Left)
    }

    #[test]
    fn the_nearest_edge_picks_the_direction() {
        let m = legal("...|...|...");
        // Low in b2: down; right: across; high: up; left: across to the left.
        assert_eq!(move_toward(&m, 1, 1, 0.5, 0.9).as_deref(), Some("b2v"));
        assert_eq!(move_toward(&m, 1, 1, 0.9, 0.5).as_deref(), Some("b2h"));
        assert_eq!(move_toward(&m, 1, 1, 0.5, 0.1).as_deref(), Some("b1v"));
        assert_eq!(move_toward(&m, 1, 1, 0.1, 0.5).as_deref(), Some("a2h"));
        // In the bottom right corner square, no square is below or to the
        // right: the nearer of the edges left is taken.
        assert_eq!(move_toward(&m, 2, 2, 0.5, 0.9).as_deref(), Some("b3h"));
        assert_eq!(move_toward(&m, 2, 2, 0.9, 0.3).as_deref(), Some("c2v"));
        assert_eq!(keyed(&m, 0, 0, false).as_deref(), Some("a1v"));
        assert_eq!(keyed(&m, 0, 0, true).as_deref(), Some("a1h"));
        // A covered neighbour is passed over; a square with none free has no move.
        let m = legal(".#|..");
        assert_eq!(move_toward(&m, 0, 0, 0.9, 0.5).as_deref(), Some("a1v"));
        assert_eq!(move_toward(&m, 1, 1, 0.5, 0.1).as_deref(), Some("a2h"));
        assert_eq!(move_toward(&m, 0, 1, 0.5, 0.5), None);
        assert_eq!(move_toward(&[], 0, 0, 0.5, 0.5), None);
    }

    #[test]
    fn move_names_cover_two_squares() {
        assert_eq!(domino("b3v"), Some([(2, 1), (3, 1)]));
        assert_eq!(domino("b3h"), Some([(2, 1), (2, 2)]));
        assert_eq!(domino("b3"), None);
        assert_eq!(domino("v"), None);
        assert_eq!(domino(""), None);
        assert_eq!(domino("b3é"), None);
        // Every legal move's name is a domino of two empty squares.
        for mv in legal("..#|...") {
            let [a, b] = domino(&mv).unwrap();
            assert!(a != b && (a.0 == b.0 || a.1 == b.1), "{mv}");
        }
    }
}
