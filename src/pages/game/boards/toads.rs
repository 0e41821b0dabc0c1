//! The Toads and Frogs board: each row of the text a strip of squares
//! (rows are the sum's components and may differ in length), toads (Left's)
//! blue discs marked `T`, frogs (Right's) red squares marked `F`, with
//! column letters and row numbers (the names of moves: `c1` is the piece
//! on the third square of the first row).
//!
//! Play: the pieces of the side to move that can move are ringed; the
//! pointer over one marks the square it would land on, and a click plays
//! its move. Edit: a click turns a square empty, then a toad, then a frog,
//! then empty again; rows are added, removed and lengthened beside the
//! board.
//!
//! The geometry is pure and tested natively; the SVG is wasm32 only.

use cgt::rulesets::stones::square_name;
use cgt::side::Side;

/// The registry name this renderer draws.
pub const NAME: &str = cgt::rulesets::toads_and_frogs::NAME;

/// Longest row and most rows the editor offers (the text takes 64 each).
pub const MAX_EDIT_WIDTH: usize = 24;
pub const MAX_EDIT_ROWS: usize = 12;

/// The rows of a position's text as characters (none for an empty text).
pub fn rows(text: &str) -> Vec<Vec<char>> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    text.split('|').map(|r| r.trim().chars().collect()).collect()
}

fn join(rows: &[Vec<char>]) -> String {
    rows.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("|")
}

/// The square the piece on `col` of `row` lands on when `side` moves it
/// (a toad steps or jumps one frog to the right, a frog to the left).
pub fn target(row: &[char], side: Side, col: usize) -> Option<usize> {
    let (me, other) = if side.is_left() { ('T', 'F') } else { ('F', 'T') };
    if row.get(col) != Some(&me) {
        return None;
    }
    let at = |k: isize| -> Option<(usize, char)> {
        let c = if side.is_left() { col as isize + k } else { col as isize - k };
        usize::try_from(c).ok().and_then(|c| row.get(c).map(|&ch| (c, ch)))
    };
    match (at(1), at(2)) {
        (Some((c, '.')), _) => Some(c),
        (Some((_, o)), Some((c, '.'))) if o == other => Some(c),
        _ => None,
    }
}

/// The move a click on square (`row`, `col`) plays: the piece there, when
/// its name is among the `moves` of the side to move.
pub fn move_at(moves: &[String], row: usize, col: usize) -> Option<String> {
    let name = square_name(row, col);
    moves.contains(&name).then_some(name)
}

/// The text with square (`row`, `col`) turned `.` -> `T` -> `F` -> `.`;
/// `None` off the board.
pub fn cycled(text: &str, row: usize, col: usize) -> Option<String> {
    let mut rs = rows(text);
    let ch = rs.get_mut(row)?.get_mut(col)?;
    *ch = match *ch {
        '.' => 'T',
        'T' => 'F',
        _ => '.',
    };
    Some(join(&rs))
}

/// A new empty row of `width` squares below the others (`None` past
/// [`MAX_EDIT_ROWS`]).
pub fn with_row(text: &str, width: usize) -> Option<String> {
    let mut rs = rows(text);
    if rs.len() >= MAX_EDIT_ROWS {
        return None;
    }
    rs.push(vec!['.'; width.clamp(1, MAX_EDIT_WIDTH)]);
    Some(join(&rs))
}

/// The text without row `row` (the last row gone leaves no rows: worth 0).
pub fn without_row(text: &str, row: usize) -> Option<String> {
    let mut rs = rows(text);
    (row < rs.len()).then(|| {
        rs.remove(row);
        join(&rs)
    })
}

/// Row `row` cut or lengthened (with empty squares) to `width` squares,
/// from 1 to [`MAX_EDIT_WIDTH`].
pub fn row_resized(text: &str, row: usize, width: usize) -> Option<String> {
    let mut rs = rows(text);
    let r = rs.get_mut(row)?;
    r.resize(width.clamp(1, MAX_EDIT_WIDTH), '.');
    Some(join(&rs))
}

#[cfg(target_arch = "wasm32")]
pub use svg::RENDERER;

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{BoardProps, Renderer};
    use leptos::prelude::*;

    /// Toads and Frogs in [`crate::pages::game::boards::RENDERERS`].
    pub const RENDERER: Renderer =
        Renderer { ruleset: NAME, board: |p| view! { <ToadsBoard props=p /> }.into_any(), edit_tools: |p| view! { <RowControls props=p /> }.into_any() };

    use crate::pages::game::boards::{cell_x as x, cell_y as y, grid_labels, CELL, LEFT, TOP};

    fn describe(ch: char) -> &'static str {
        match ch {
            'T' => "a toad (Left's)",
            'F' => "a frog (Right's)",
            _ => "empty",
        }
    }

    /// A piece: a toad a blue disc, a frog a red rounded square, each with
    /// its letter (the shape tells them apart without colour).
    fn piece(r: usize, c: usize, ch: char, movable: bool) -> impl IntoView {
        let (cx, cy) = (x(c) + CELL / 2.0, y(r) + CELL / 2.0);
        let toad = ch == 'T';
        let shape = if toad {
            view! { <circle class="stone left tf-piece" class:movable=movable cx=cx cy=cy r=CELL * 0.36 /> }.into_any()
        } else {
            let s = CELL * 0.66;
            view! { <rect class="stone right tf-piece" class:movable=movable x=cx - s / 2.0 y=cy - s / 2.0 width=s height=s rx="7" /> }.into_any()
        };
        view! {
            <g pointer-events="none" data-testid=if toad { "toad" } else { "frog" } data-square=square_name(r, c)>
                {shape}
                <text class="tf-letter" x=cx y=cy + 5.0 text-anchor="middle">{ch.to_string()}</text>
            </g>
        }
    }

    #[component]
    fn ToadsBoard(props: BoardProps) -> impl IntoView {
        let hover: RwSignal<Option<(usize, usize)>> = RwSignal::new(None);
        let click = move |r: usize, c: usize| {
            if props.editing.get_untracked() {
                if let Some(t) = props.position.with_untracked(|t| cycled(t, r, c)) {
                    props.on_edit.run(t);
                }
            } else if props.to_move.get_untracked().is_some() {
                if let Some(mv) = props.moves.with_untracked(|m| move_at(m, r, c)) {
                    props.on_move.run(mv);
                }
            }
        };
        move || {
            let rs = rows(&props.position.get());
            let editing = props.editing.get();
            let side = props.to_move.get().filter(|_| !editing);
            let moves = props.moves.get();
            // The square the hovered piece would land on.
            let landing = hover.get().and_then(|(r, c)| {
                let s = side?;
                move_at(&moves, r, c)?;
                Some((r, target(rs.get(r)?, s, c)?))
            });
            let w = rs.iter().map(Vec::len).max().unwrap_or(0);
            let h = rs.len();
            let cells = rs
                .iter()
                .enumerate()
                .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &ch)| (r, c, ch)))
                .map(|(r, c, ch)| {
                    let name = square_name(r, c);
                    let movable = side.is_some() && moves.contains(&name);
                    let is_landing = landing == Some((r, c));
                    let pc = (ch != '.').then(|| piece(r, c, ch, movable));
                    view! {
                        <rect class="dom-sq tf-sq" class:next=is_landing class:movable=movable data-testid="tf-square" data-square=name.clone()
                            data-state=ch.to_string() x=x(c) y=y(r) width=CELL height=CELL
                            tabindex="0" role="button" aria-label=format!("{name}: {}", describe(ch))
                            on:pointerenter=move |_| hover.set(Some((r, c))) on:focus=move |_| hover.set(Some((r, c)))
                            on:keydown=move |ev| if crate::pages::game::boards::activates(&ev) { click(r, c) }
                            on:click=move |_| click(r, c)>
                            <title>{format!("{name}: {}{}", describe(ch), if movable { ", click to move it" } else { "" })}</title>
                        </rect>
                        {pc}
                    }
                })
                .collect_view();
            let (cols, rws) = grid_labels(w, h);
            let (vw, vh) = (LEFT + w.max(1) as f64 * CELL + 4.0, TOP + h.max(1) as f64 * CELL + 4.0);
            let empty = (h == 0).then(|| view! { <text class="dom-label" x=LEFT y=TOP + 24.0>"no rows (add one in edit mode)"</text> });
            view! {
                <svg class="dom-board tf-board" class:editing=editing data-testid="tf-board" viewBox=format!("0 0 {vw} {vh}")
                    style=format!("max-width: {}px", (vw * 1.8).min(720.0).round()) role="group"
                    aria-label=format!("Toads and Frogs, {h} rows") on:pointerleave=move |_| hover.set(None)>
                    {cols}{rws}{cells}{empty}
                </svg>
            }
        }
    }

    /// Edit mode: each row's length and removal, and a new row.
    #[component]
    fn RowControls(props: BoardProps) -> impl IntoView {
        let edit = move |f: &dyn Fn(&str) -> Option<String>| {
            if let Some(t) = props.position.with_untracked(|t| f(t)) {
                props.on_edit.run(t);
            }
        };
        let list = move || {
            rows(&props.position.get())
                .iter()
                .enumerate()
                .map(|(r, row)| {
                    let len = row.len();
                    view! {
                        <li>
                            <label>{format!("row {} length ", r + 1)}
                                <input type="number" min="1" max=MAX_EDIT_WIDTH.to_string() class="seed" data-testid="tf-row-width" data-row=r.to_string()
                                    prop:value=len.to_string()
                                    on:change=move |ev| {
                                        if let Ok(n) = event_target_value(&ev).trim().parse::<usize>() {
                                            edit(&|t| row_resized(t, r, n))
                                        }
                                    } /></label>
                            <button class="btn small" data-testid="tf-remove-row" data-row=r.to_string() title=format!("remove row {}", r + 1)
                                on:click=move |_| edit(&|t| without_row(t, r))>"remove"</button>
                        </li>
                    }
                })
                .collect_view()
        };
        view! {
            <div class="size-controls tf-controls">
                <ul class="tf-rows">{list}</ul>
                <button class="btn small" data-testid="tf-add-row" title="a new empty row below the others"
                    on:click=move |_| edit(&|t| with_row(t, rows(t).last().map_or(6, Vec::len)))>"add a row"</button>
                <span class="muted small">"click a square: empty, toad (T), frog (F)"</span>
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::rulesets::registry::session;

    fn moves(text: &str, side: Side) -> Vec<String> {
        session(NAME, text, 1000).unwrap().moves(side)
    }

    #[test]
    fn a_click_on_a_movable_piece_plays_it() {
        let t = "TF.T.|.FTF";
        let left = moves(t, Side::Left);
        let right = moves(t, Side::Right);
        assert_eq!(move_at(&left, 0, 3).as_deref(), Some("d1"));
        // The toad on a1 faces a frog with an empty square beyond: a jump.
        assert_eq!(move_at(&left, 0, 0).as_deref(), Some("a1"));
        assert_eq!(move_at(&left, 0, 1), None);
        assert_eq!(move_at(&right, 1, 1).as_deref(), Some("b2"));
        assert_eq!(move_at(&right, 1, 3), None);
        // The landing squares agree with the core: each named move is a
        // piece with a landing square, and no other piece has one.
        let rs = rows(t);
        for side in [Side::Left, Side::Right] {
            let m = moves(t, side);
            for (r, row) in rs.iter().enumerate() {
                for c in 0..row.len() {
                    assert_eq!(target(row, side, c).is_some(), m.contains(&square_name(r, c)), "{side:?} {r} {c}");
                }
            }
        }
        assert_eq!(target(&rs[0], Side::Left, 0), Some(2));
        assert_eq!(target(&rs[0], Side::Left, 3), Some(4));
        assert_eq!(target(&rs[1], Side::Right, 1), Some(0));
    }

    #[test]
    fn the_editor_cycles_squares_and_edits_rows() {
        assert_eq!(cycled("..|...", 1, 2).as_deref(), Some("..|..T"));
        assert_eq!(cycled("..|..T", 1, 2).as_deref(), Some("..|..F"));
        assert_eq!(cycled("..|..F", 1, 2).as_deref(), Some("..|..."));
        assert_eq!(cycled("..", 1, 0), None);
        assert_eq!(with_row("TF", 3).as_deref(), Some("TF|..."));
        assert_eq!(with_row("", 3).as_deref(), Some("..."));
        assert_eq!(without_row("TF|..", 0).as_deref(), Some(".."));
        assert_eq!(without_row("TF", 0).as_deref(), Some(""));
        assert_eq!(without_row("TF", 1), None);
        assert_eq!(row_resized("TF|T.F", 1, 5).as_deref(), Some("TF|T.F.."));
        assert_eq!(row_resized("TF|T.F", 1, 1).as_deref(), Some("TF|T"));
        assert_eq!(row_resized("TF|T.F", 0, 0).as_deref(), Some("T|T.F"));
        let full = (0..MAX_EDIT_ROWS).fold(String::new(), |t, _| with_row(&t, 2).unwrap());
        assert_eq!(with_row(&full, 2), None);
        // Every edited text is a Toads and Frogs position.
        let mut t = "TT..FF".to_string();
        for step in 0..8 {
            t = match step % 4 {
                0 => with_row(&t, 4).unwrap(),
                1 => cycled(&t, 1, step % 3).unwrap(),
                2 => row_resized(&t, 0, 3 + step).unwrap(),
                _ => without_row(&t, 0).unwrap(),
            };
            assert!(session(NAME, &t, 100).is_ok(), "`{t}`");
        }
        assert!(session(NAME, "", 100).is_ok());
    }
}
