//! The board of the stone games, Clobber, Konane and Amazons: an SVG grid
//! with column letters and row numbers, Left's stones blue (`x`), Right's
//! red (`o`), holes and burnt squares dark (`#`).
//!
//! Play: a move is a path of squares (`b2-c2`, Konane's `a1-e1`, Amazons'
//! `a1-c3/c1`), and a click adds a square to the path being built. The
//! squares that can come next are marked; when the path is a whole legal
//! move it is played. A click elsewhere starts again from that square, so
//! a misclick costs one click. Edit: a click turns a square empty, then
//! Left's, then Right's, then (Konane, Amazons) a hole, then empty again;
//! width and height resize the board.
//!
//! All of it works on texts and move names, so the geometry is pure and
//! tested natively; the SVG is wasm32 only.

use cgt::rulesets::stones::square_name;

/// Largest number of squares the editor offers (the packed boards' limit).
pub const MAX_SQUARES: usize = 128;

/// The squares of a move's name: `a1-c3/c1` -> `["a1", "c3", "c1"]`.
pub fn path_of(mv: &str) -> Vec<&str> {
    mv.split(['-', '/']).collect()
}

/// What a click on a square does while playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// The path so far (to be marked on the board).
    Path(Vec<String>),
    /// This legal move.
    Play(String),
}

/// A click on `square` with the path `path` built so far, among the
/// `moves` of the side to move.
pub fn click(moves: &[String], path: &[String], square: &str) -> Click {
    let extend = |base: &[String]| -> Option<Click> {
        let mut want: Vec<&str> = base.iter().map(String::as_str).collect();
        want.push(square);
        if let Some(m) = moves.iter().find(|m| path_of(m) == want) {
            return Some(Click::Play(m.clone()));
        }
        moves.iter().any(|m| path_of(m).starts_with(&want)).then(|| Click::Path(want.iter().map(|s| s.to_string()).collect()))
    };
    extend(path).or_else(|| extend(&[])).unwrap_or(Click::Path(Vec::new()))
}

/// The squares that may come next after `path`.
pub fn next_squares(moves: &[String], path: &[String]) -> Vec<String> {
    let want: Vec<&str> = path.iter().map(String::as_str).collect();
    let mut out: Vec<String> = moves
        .iter()
        .filter_map(|m| {
            let p = path_of(m);
            (p.len() > want.len() && p.starts_with(&want)).then(|| p[want.len()].to_string())
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The rows of a board's text as characters.
fn rows(text: &str) -> Vec<Vec<char>> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    text.split('|').map(|r| r.trim().chars().collect()).collect()
}

fn join(rows: &[Vec<char>]) -> String {
    rows.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("|")
}

/// The text with square (`row`, `col`) turned to its next state: `.`, `x`,
/// `o`, then `#` where the game has holes; `None` off the board.
pub fn cycled(text: &str, row: usize, col: usize, holes: bool) -> Option<String> {
    let mut rs = rows(text);
    let ch = rs.get_mut(row)?.get_mut(col)?;
    *ch = match *ch {
        '.' => 'x',
        'x' => 'o',
        'o' if holes => '#',
        _ => '.',
    };
    Some(join(&rs))
}

/// The board resized to `width` x `height` (at least 1 x 1, at most
/// [`MAX_SQUARES`] squares): squares inside both keep their contents, new
/// ones are empty. `None` if too large.
pub fn resized(text: &str, width: usize, height: usize) -> Option<String> {
    let (w, h) = (width.max(1), height.max(1));
    if w * h > MAX_SQUARES || w > 64 {
        return None;
    }
    let old = rows(text);
    let rs: Vec<Vec<char>> = (0..h).map(|r| (0..w).map(|c| old.get(r).and_then(|row| row.get(c)).copied().unwrap_or('.')).collect()).collect();
    Some(join(&rs))
}

/// Each square of the text: (row, column, name, symbol).
pub fn squares(text: &str) -> Vec<(usize, usize, String, char)> {
    rows(text).iter().enumerate().flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &ch)| (r, c, square_name(r, c), ch))).collect()
}

#[cfg(target_arch = "wasm32")]
pub use svg::{AMAZONS, CLOBBER, KONANE};

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{BoardProps, Renderer};
    use leptos::prelude::*;

    /// Clobber, Konane and Amazons in [`crate::pages::game::boards::RENDERERS`].
    pub const CLOBBER: Renderer = Renderer {
        ruleset: cgt::rulesets::clobber::NAME,
        board: |p| view! { <StoneBoardView props=p holes=false /> }.into_any(),
        edit_tools: |p| view! { <SizeControls props=p /> }.into_any(),
    };
    pub const KONANE: Renderer = Renderer {
        ruleset: cgt::rulesets::konane::NAME,
        board: |p| view! { <StoneBoardView props=p holes=true /> }.into_any(),
        edit_tools: |p| view! { <SizeControls props=p /> }.into_any(),
    };
    pub const AMAZONS: Renderer = Renderer {
        ruleset: cgt::rulesets::amazons::NAME,
        board: |p| view! { <StoneBoardView props=p holes=true /> }.into_any(),
        edit_tools: |p| view! { <SizeControls props=p /> }.into_any(),
    };

    use crate::pages::game::boards::{cell_x as x, cell_y as y, grid_labels, CELL, LEFT, TOP};

    fn describe(ch: char) -> &'static str {
        match ch {
            'x' => "Left's stone",
            'o' => "Right's stone",
            '#' => "not on the board",
            _ => "empty",
        }
    }

    #[component]
    fn StoneBoardView(props: BoardProps, holes: bool) -> impl IntoView {
        let path: RwSignal<Vec<String>> = RwSignal::new(Vec::new());
        // A new position or a new side to move starts a new path.
        Effect::new(move |_| {
            props.position.track();
            props.to_move.track();
            path.set(Vec::new());
        });
        let on_square = move |r: usize, c: usize, name: String| {
            if props.editing.get_untracked() {
                if let Some(t) = props.position.with_untracked(|t| cycled(t, r, c, holes)) {
                    props.on_edit.run(t);
                }
                return;
            }
            if props.to_move.get_untracked().is_none() {
                return;
            }
            let moves = props.moves.get_untracked();
            match click(&moves, &path.get_untracked(), &name) {
                Click::Play(mv) => {
                    path.set(Vec::new());
                    props.on_move.run(mv);
                }
                Click::Path(p) => path.set(p),
            }
        };
        move || {
            let text = props.position.get();
            let cells = squares(&text);
            let (h, w) = cells.last().map_or((0, 0), |&(r, c, _, _)| (r + 1, c + 1));
            let chosen = path.get();
            let next = if props.editing.get() { Vec::new() } else { next_squares(&props.moves.get(), &chosen) };
            let view_cells = cells
                .into_iter()
                .map(|(r, c, name, ch)| {
                    let in_path = chosen.contains(&name);
                    let is_next = next.contains(&name);
                    let (n2, n3) = (name.clone(), name.clone());
                    let stone = match ch {
                        'x' | 'o' => Some(view! {
                            <circle class="stone" class:left=ch == 'x' class:right=ch == 'o' data-testid="stone" data-square=name.clone()
                                cx=x(c) + CELL / 2.0 cy=y(r) + CELL / 2.0 r=CELL * 0.36 pointer-events="none" />
                        }),
                        _ => None,
                    };
                    view! {
                        <rect class="dom-sq" class:covered=ch == '#' class:chosen=in_path class:next=is_next
                            data-testid="stone-square" data-square=name.clone() data-state=ch.to_string()
                            x=x(c) y=y(r) width=CELL height=CELL tabindex="0" role="button" aria-label=format!("{name}: {}", describe(ch))
                            on:keydown=move |ev| if crate::pages::game::boards::activates(&ev) { on_square(r, c, n3.clone()) }
                            on:click=move |_| on_square(r, c, n2.clone())>
                            <title>{format!("{name}: {}", describe(ch))}</title>
                        </rect>
                        {stone}
                    }
                })
                .collect_view();
            let (cols, rws) = grid_labels(w, h);
            let (vw, vh) = (LEFT + w as f64 * CELL + 4.0, TOP + h as f64 * CELL + 4.0);
            let hint = if chosen.is_empty() { String::new() } else { format!("path so far: {} (click a marked square to go on)", chosen.join(" ")) };
            view! {
                <svg class="dom-board stone-board" class:editing=move || props.editing.get() data-testid="stone-board" viewBox=format!("0 0 {vw} {vh}")
                    style=format!("max-width: {}px", (vw * 1.8).min(720.0).round()) role="group" aria-label=format!("board of {w} columns by {h} rows")>
                    {cols}{rws}{view_cells}
                </svg>
                <p class="muted small" data-testid="stone-path">{hint}</p>
            }
        }
    }

    /// Width and height of the board (edit mode), and clearing it.
    #[component]
    fn SizeControls(props: BoardProps) -> impl IntoView {
        let dims = move || {
            props.position.with(|t| {
                let cells = squares(t);
                cells.last().map_or((1, 1), |&(r, c, _, _)| (c + 1, r + 1))
            })
        };
        let set = move |width: Option<usize>, height: Option<usize>| {
            let (w, h) = dims();
            if let Some(t) = props.position.with_untracked(|t| resized(t, width.unwrap_or(w), height.unwrap_or(h))) {
                props.on_edit.run(t);
            }
        };
        view! {
            <div class="size-controls">
                <label>"width "<input type="number" min="1" max="16" class="seed" data-testid="stone-width" prop:value=move || dims().0.to_string()
                    on:change=move |ev| set(event_target_value(&ev).trim().parse().ok(), None) /></label>
                <label>"height "<input type="number" min="1" max="16" class="seed" data-testid="stone-height" prop:value=move || dims().1.to_string()
                    on:change=move |ev| set(None, event_target_value(&ev).trim().parse().ok()) /></label>
                <span class="muted small">"at most 128 squares; click a square: empty, Left, Right, hole"</span>
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::rulesets::registry::session;
    use cgt::side::Side;

    fn moves(game: &str, text: &str, side: Side) -> Vec<String> {
        session(game, text, 1000).unwrap().moves(side)
    }

    #[test]
    fn clicks_build_a_move() {
        let m = moves("clobber", "xo.|ox.", Side::Left);
        // The stone, then its capture.
        assert_eq!(click(&m, &[], "a1"), Click::Path(vec!["a1".into()]));
        assert_eq!(next_squares(&m, &["a1".into()]), vec!["a2", "b1"]);
        assert_eq!(click(&m, &["a1".into()], "b1"), Click::Play("a1-b1".into()));
        // A click that goes nowhere starts again from the square clicked.
        assert_eq!(click(&m, &["a1".into()], "b2"), Click::Path(vec!["b2".into()]));
        assert_eq!(click(&m, &["a1".into()], "c1"), Click::Path(vec![]));
        // Amazons: three squares.
        let m = moves("amazons", "x.|..", Side::Left);
        let p = match click(&m, &[], "a1") {
            Click::Path(p) => p,
            other => panic!("{other:?}"),
        };
        let p = match click(&m, &p, "b2") {
            Click::Path(p) => p,
            other => panic!("{other:?}"),
        };
        assert_eq!(next_squares(&m, &p), vec!["a1", "a2", "b1"]);
        assert_eq!(click(&m, &p, "a1"), Click::Play("a1-b2/a1".into()));
        // Konane: one stop of a double jump.
        let m = moves("konane", "xo.o.", Side::Left);
        assert_eq!(next_squares(&m, &["a1".into()]), vec!["c1", "e1"]);
        assert_eq!(click(&m, &["a1".into()], "e1"), Click::Play("a1-e1".into()));
    }

    #[test]
    fn the_editor_cycles_and_resizes() {
        assert_eq!(cycled("..|..", 1, 0, true).as_deref(), Some("..|x."));
        assert_eq!(cycled("..|x.", 1, 0, true).as_deref(), Some("..|o."));
        assert_eq!(cycled("..|o.", 1, 0, true).as_deref(), Some("..|#."));
        assert_eq!(cycled("..|o.", 1, 0, false).as_deref(), Some("..|.."));
        assert_eq!(cycled("..|#.", 1, 0, true).as_deref(), Some("..|.."));
        assert_eq!(cycled("..", 1, 0, true), None);
        assert_eq!(resized("xo|ox", 3, 1).as_deref(), Some("xo."));
        assert_eq!(resized("xo", 1, 3).as_deref(), Some("x|.|."));
        assert_eq!(resized("xo", 12, 11), None);
        // Every edited text is a position of each game.
        for game in ["clobber", "konane", "amazons"] {
            let t = resized("xo", 4, 3).unwrap();
            let holes = game != "clobber";
            let t = cycled(&t, 2, 3, holes).and_then(|t| cycled(&t, 2, 3, holes)).unwrap();
            assert!(session(game, &t, 10).is_ok(), "{game} `{t}`");
        }
        assert_eq!(squares("xo|.#")[3], (1, 1, "b2".to_string(), '#'));
    }
}
