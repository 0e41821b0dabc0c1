//! The Go board: stones on the intersections of a wooden board, with the
//! coordinates Go players use (column letters without `I` above and below,
//! row numbers from 1 at the bottom on both sides, so `C3` is the third
//! line from the left and from the bottom). Black is Left, White is Right.
//! Safe stones (`X`, `O`) carry a dot in the other colour; the last move a
//! ring; the point of a ko just taken a square. Points off the board (`#`)
//! are not drawn, and no line leads to them. Star points on boards of 7 and
//! more lines.
//!
//! Play: the pointer over a point where the side to move may play shows a
//! translucent stone there, and a click plays it (`C3`). Edit: a tool bar
//! chooses what a click puts on a point (black, white, safe black, safe
//! white, empty, off the board), set with [`Go::with_point`] (groups left
//! without liberties are taken off); the editor's tools set the board's
//! size (9 x 9, 13 x 13, 19 x 19 or any width and height up to 25), the
//! prisoners, and read or write an SGF record
//! ([`cgt::rulesets::sgf`]).
//!
//! All of it works on texts and point names, so the geometry is pure and
//! tested natively; the SVG is wasm32 only.

use cgt::rulesets::go::{point_name, Go, Point, MAX_SIDE};
use cgt::rulesets::sgf::{board_from_sgf, sgf_from_board};

/// The registry name this renderer draws.
pub const NAME: &str = cgt::rulesets::go::NAME;

/// Distance between two lines, in SVG units.
pub const STEP: f64 = 32.0;
/// From the edge of the picture to the first line (the coordinates sit in
/// it, outside the wood).
pub const MARGIN: f64 = 38.0;

/// Where the intersection (`row`, `col`) is drawn.
pub fn centre(row: usize, col: usize) -> (f64, f64) {
    (MARGIN + col as f64 * STEP, MARGIN + row as f64 * STEP)
}

/// The picture's width and height for a board of `w` x `h` lines.
pub fn view_size(w: usize, h: usize) -> (f64, f64) {
    (2.0 * MARGIN + w.saturating_sub(1) as f64 * STEP, 2.0 * MARGIN + h.saturating_sub(1) as f64 * STEP)
}

/// The position of a text, if it is one (the page only shows valid ones).
pub fn parse(text: &str) -> Option<Go> {
    text.parse().ok()
}

/// The letter of column `col` (`A`.., no `I`).
pub fn column_label(col: usize) -> String {
    point_name(0, col, 1).trim_end_matches(|c: char| c.is_ascii_digit()).to_string()
}

/// The number of row `row` (from 0 at the top) on a board `height` high.
pub fn row_label(row: usize, height: usize) -> String {
    (height - row).to_string()
}

/// The point a name denotes on a `width` x `height` board (`C3` -> the
/// third column, the third row from the bottom), as (row, column) from the
/// top left: the inverse of [`point_name`].
pub fn parse_point(name: &str, width: usize, height: usize) -> Option<(usize, usize)> {
    let name = name.trim();
    let letter = name.chars().next()?;
    let col = (0..width).find(|&c| column_label(c).starts_with(letter))?;
    let number: usize = name[letter.len_utf8()..].parse().ok()?;
    (1..=height).contains(&number).then(|| (height - number, col))
}

/// The move a click on (`row`, `col`) plays: the point's name, if it is
/// among the `moves` of the side to move.
pub fn move_at(moves: &[String], row: usize, col: usize, height: usize) -> Option<String> {
    let name = point_name(row, col, height);
    moves.contains(&name).then_some(name)
}

/// What a click puts on a point in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Black,
    White,
    SafeBlack,
    SafeWhite,
    Empty,
    Off,
}

impl Tool {
    pub const ALL: [Tool; 6] = [Tool::Black, Tool::White, Tool::SafeBlack, Tool::SafeWhite, Tool::Empty, Tool::Off];

    /// The point the tool puts down.
    pub fn point(self) -> Point {
        match self {
            Tool::Black => Point::Black,
            Tool::White => Point::White,
            Tool::SafeBlack => Point::SafeBlack,
            Tool::SafeWhite => Point::SafeWhite,
            Tool::Empty => Point::Empty,
            Tool::Off => Point::Off,
        }
    }
    /// The tool's button's test id.
    pub fn testid(self) -> &'static str {
        match self {
            Tool::Black => "go-tool-black",
            Tool::White => "go-tool-white",
            Tool::SafeBlack => "go-tool-safe-black",
            Tool::SafeWhite => "go-tool-safe-white",
            Tool::Empty => "go-tool-empty",
            Tool::Off => "go-tool-off",
        }
    }
    /// The button's text.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Black => "black",
            Tool::White => "white",
            Tool::SafeBlack => "safe black",
            Tool::SafeWhite => "safe white",
            Tool::Empty => "empty",
            Tool::Off => "off the board",
        }
    }
}

/// The symbol of a point in the text format.
pub fn symbol(p: Point) -> char {
    p.symbol()
}

/// What is on a point, in words.
pub fn describe(p: Point) -> &'static str {
    match p {
        Point::Empty => "empty",
        Point::Black => "black stone",
        Point::White => "white stone",
        Point::SafeBlack => "safe black stone",
        Point::SafeWhite => "safe white stone",
        Point::Off => "not on the board",
    }
}

/// The text with (`row`, `col`) set by `tool` ([`Go::with_point`]: groups
/// left without liberties are taken off, a ko is forgotten, prisoners
/// kept); `None` off the board or for a text that is not a position.
pub fn edited(text: &str, row: usize, col: usize, tool: Tool) -> Option<String> {
    parse(text)?.with_point(row, col, tool.point()).map(|g| g.to_string())
}

/// Which part of the board a resize keeps (and where a larger board
/// grows from): a corner, or the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
    Centre,
}

impl Anchor {
    pub const ALL: [Anchor; 5] = [Anchor::TopLeft, Anchor::TopRight, Anchor::BottomLeft, Anchor::BottomRight, Anchor::Centre];
    /// The menu's words and value.
    pub fn label(self) -> &'static str {
        match self {
            Anchor::TopLeft => "top left",
            Anchor::TopRight => "top right",
            Anchor::BottomLeft => "bottom left",
            Anchor::BottomRight => "bottom right",
            Anchor::Centre => "centre",
        }
    }
    pub fn from_label(s: &str) -> Option<Anchor> {
        Anchor::ALL.into_iter().find(|a| a.label() == s)
    }
    /// The old board's row and column at the new board's (0, 0), going
    /// from `old` to `new` points a side (negative: the board grows there).
    fn offset(self, old: (usize, usize), new: (usize, usize)) -> (isize, isize) {
        let d = |o: usize, n: usize| o as isize - n as isize;
        let (dw, dh) = (d(old.0, new.0), d(old.1, new.1));
        match self {
            Anchor::TopLeft => (0, 0),
            Anchor::TopRight => (0, dw),
            Anchor::BottomLeft => (dh, 0),
            Anchor::BottomRight => (dh, dw),
            Anchor::Centre => (dh / 2, dw / 2),
        }
    }
}

/// The board resized to `width` x `height` (1 to 25 each), keeping its
/// top-left corner ([`resized_at`]).
pub fn resized(text: &str, width: usize, height: usize) -> Result<String, String> {
    resized_at(text, width, height, Anchor::TopLeft)
}

/// The board resized to `width` x `height` (1 to 25 each), keeping the
/// part `anchor` names (a corner of a 19 x 19 cut to 9 x 9, say): points
/// inside both keep their contents, new ones are empty, prisoners are
/// kept, a ko is forgotten; groups the cut leaves without liberties are
/// taken off.
pub fn resized_at(text: &str, width: usize, height: usize, anchor: Anchor) -> Result<String, String> {
    let (w, h) = (width.max(1), height.max(1));
    let mut g = Go::empty(w, h).map_err(|e| e.to_string())?;
    let Some(old) = parse(text) else { return Ok(g.to_string()) };
    let (dr, dc) = anchor.offset((old.width(), old.height()), (w, h));
    let at = |r: usize, c: usize| -> Option<Point> {
        let (r, c) = (r as isize + dr, c as isize + dc);
        if r < 0 || c < 0 {
            return None;
        }
        old.point(r as usize, c as usize)
    };
    let rows: Vec<String> = (0..h).map(|r| (0..w).map(|c| at(r, c).map_or('.', symbol)).collect()).collect();
    if let Ok(cut) = rows.join("|").parse::<Go>() {
        return Ok(cut.with_count(old.count()).to_string());
    }
    // Some group lost its last liberty: put the stones down one by one,
    // as the editor does, which takes such groups off.
    for r in 0..h {
        for c in 0..w {
            match at(r, c) {
                Some(Point::Empty) | None => {}
                Some(p) => g = g.with_point(r, c, p).unwrap_or(g),
            }
        }
    }
    Ok(g.with_count(old.count()).to_string())
}

/// The text with `count` prisoners (Black's minus White's).
pub fn with_prisoners(text: &str, count: i64) -> Option<String> {
    parse(text).map(|g| g.with_count(count).to_string())
}

/// The prisoners in words.
pub fn prisoners_text(count: i64) -> String {
    match count {
        0 => "Prisoners: none yet (or even).".to_string(),
        n if n > 0 => format!("Prisoners: Black is {n} ahead (+{n})."),
        n => format!("Prisoners: White is {} ahead ({n}).", -n),
    }
}

/// Whether (`row`, `col`) is a point of the board (not `#`, not outside).
fn on_board(g: &Go, row: usize, col: usize) -> bool {
    matches!(g.point(row, col), Some(p) if p != Point::Off)
}

/// The board's lines: each maximal run of points of the board along a row
/// or a column, as its two ends ((row, col), (row, col)). Points off the
/// board break the lines.
pub fn lines(g: &Go) -> Vec<((usize, usize), (usize, usize))> {
    let (w, h) = (g.width(), g.height());
    let mut out = Vec::new();
    let mut runs = |len: usize, n: usize, at: &dyn Fn(usize, usize) -> (usize, usize)| {
        for i in 0..n {
            let mut start = None;
            for j in 0..=len {
                let on = j < len && {
                    let (r, c) = at(i, j);
                    on_board(g, r, c)
                };
                match (on, start) {
                    (true, None) => start = Some(j),
                    (false, Some(s)) => {
                        if j - 1 > s {
                            out.push((at(i, s), at(i, j - 1)));
                        }
                        start = None;
                    }
                    _ => {}
                }
            }
        }
    };
    runs(w, h, &|i, j| (i, j));
    runs(h, w, &|i, j| (j, i));
    out
}

/// Points of the board with no neighbour on the board (no line reaches
/// them; the picture marks them with a small cross).
pub fn lone_points(g: &Go) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..g.height() {
        for c in 0..g.width() {
            let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
            if on_board(g, r, c) && !near.iter().any(|&(nr, nc)| on_board(g, nr, nc)) {
                out.push((r, c));
            }
        }
    }
    out
}

/// The star points (hoshi) of a `w` x `h` board: on boards of 7 lines and
/// more, the third line from each edge (the fourth from 12 lines on) in the
/// corners, the centre of an odd board, and on odd boards of 15 lines and
/// more the middles of the sides (19 x 19: nine points).
pub fn hoshi(w: usize, h: usize) -> Vec<(usize, usize)> {
    if w.min(h) < 7 {
        return Vec::new();
    }
    let edge = |n: usize| if n < 12 { 2 } else { 3 };
    let (dr, dc) = (edge(h), edge(w));
    let mut rows = vec![dr, h - 1 - dr];
    let mut cols = vec![dc, w - 1 - dc];
    let odd = w % 2 == 1 && h % 2 == 1;
    let mut out: Vec<(usize, usize)> = rows.iter().flat_map(|&r| cols.iter().map(move |&c| (r, c))).collect();
    if odd {
        out.push((h / 2, w / 2));
    }
    if odd && w.min(h) >= 15 {
        rows.push(h / 2);
        cols.push(w / 2);
        out = rows.iter().flat_map(|&r| cols.iter().map(move |&c| (r, c))).collect();
    }
    out.sort();
    out
}

/// A point's accessible label: its name, what is on it and what marks it.
pub fn point_label(name: &str, p: Point, legal: bool, last: bool, ko: bool) -> String {
    let mut s = format!("{name}: {}", describe(p));
    if last {
        s.push_str(", the last move");
    }
    if ko {
        s.push_str(", ko: no immediate retake");
    }
    if legal {
        s.push_str(", a legal move");
    }
    s
}

/// The position an SGF record ends in, as a Go position text, or why not
/// (the SGF reader's message, or the ruleset's if the board is no
/// position here, e.g. wider than 25).
pub fn load_sgf(sgf: &str) -> Result<String, String> {
    let board = board_from_sgf(sgf).map_err(|e| format!("SGF: {e}"))?;
    board.parse::<Go>().map(|g| g.to_string()).map_err(|e| format!("not a Go position here: {e}"))
}

/// The SGF record of a position text (its board: prisoners and a ko have
/// no SGF setup property and are left out).
pub fn export_sgf(text: &str) -> Result<String, String> {
    let board = text.split_whitespace().next().unwrap_or("");
    sgf_from_board(board).map_err(|e| e.to_string())
}

/// Largest side the editor offers.
pub const MAX_EDIT_SIDE: usize = MAX_SIDE;

#[cfg(target_arch = "wasm32")]
pub use svg::RENDERER;

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{BoardProps, Renderer};
    use crate::web::dom;
    use cgt::side::Side;
    use leptos::prelude::*;

    /// Go in [`crate::pages::game::boards::RENDERERS`].
    pub const RENDERER: Renderer = Renderer {
        ruleset: NAME,
        board: |p| view! { <GoBoard props=p /> }.into_any(),
        edit_tools: |p| view! { <GoEditTools props=p /> <SgfBox props=p /> }.into_any(),
    };

    const STONE_R: f64 = STEP * 0.47;

    fn stone_class(p: Point) -> Option<&'static str> {
        match p {
            Point::Black | Point::SafeBlack => Some("black"),
            Point::White | Point::SafeWhite => Some("white"),
            _ => None,
        }
    }

    /// A small picture of a stone (the tool bar, the legend).
    fn icon(class: &'static str, safe: bool) -> impl IntoView {
        let on = if class == "black" { "on-black" } else { "on-white" };
        view! {
            <svg class="go-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                <circle class=format!("go-stone {class}") cx="10" cy="10" r="8.5" />
                {safe.then(|| view! { <circle class=format!("go-safe {on}") cx="10" cy="10" r="3" /> })}
            </svg>
        }
    }

    /// The board, the edit tool bar above it (edit mode) and the legend.
    #[component]
    fn GoBoard(props: BoardProps) -> impl IntoView {
        let board = Memo::new(move |_| props.position.with(|t| parse(t)));
        let tool = RwSignal::new(Tool::Black);
        let click = move |r: usize, c: usize| {
            if props.editing.get_untracked() {
                if let Some(t) = props.position.with_untracked(|t| edited(t, r, c, tool.get_untracked())) {
                    props.on_edit.run(t);
                }
            } else if props.to_move.get_untracked().is_some() {
                let h = board.with_untracked(|g| g.as_ref().map_or(0, Go::height));
                if let Some(mv) = props.moves.with_untracked(|m| move_at(m, r, c, h)) {
                    props.on_move.run(mv);
                }
            }
        };
        view! {
            {move || props.editing.get().then(|| view! { <ToolBar tool=tool /> })}
            {move || {
                let g = board.get()?;
                if g.width() == 0 {
                    return Some(view! { <p class="muted" data-testid="go-number">{format!("No board: only a count, {g}.")}</p> }.into_any());
                }
                Some(board_svg(props, &g, tool, click).into_any())
            }}
            <Legend props=props board=board />
        }
    }

    /// The SVG of the board `g`.
    fn board_svg(props: BoardProps, g: &Go, tool: RwSignal<Tool>, click: impl Fn(usize, usize) + Copy + 'static) -> impl IntoView {
        let (w, h) = (g.width(), g.height());
        let (vw, vh) = view_size(w, h);
        let editing = props.editing.get();
        let to_move = if editing { None } else { props.to_move.get() };
        let moves = props.moves.get();
        let last = props.played.with(|p| p.last().and_then(|(_, mv)| parse_point(mv, w, h)));
        let ko = g.ko_point();
        // The translucent stone a hover shows: the side to move's, or the
        // editor's tool's.
        // (A class of its own, so a new tool does not redraw the board.)
        let class = move || {
            let ghost = match (editing, to_move) {
                (true, _) => match tool.get() {
                    Tool::Black | Tool::SafeBlack => "ghost-black",
                    Tool::White | Tool::SafeWhite => "ghost-white",
                    _ => "ghost-none",
                },
                (false, Some(Side::Left)) => "ghost-black",
                (false, Some(Side::Right)) => "ghost-white",
                (false, None) => "ghost-none",
            };
            format!("go-board {ghost}{}", if editing { " editing" } else { "" })
        };
        let cells = (0..h).flat_map(|r| (0..w).map(move |c| (r, c)));
        let wood = cells
            .clone()
            .filter(|&(r, c)| on_board(g, r, c))
            .map(|(r, c)| {
                let (x, y) = centre(r, c);
                view! { <rect class="go-wood" x=x - STEP / 2.0 - 0.5 y=y - STEP / 2.0 - 0.5 width=STEP + 1.0 height=STEP + 1.0 /> }
            })
            .collect_view();
        let grid = lines(g)
            .into_iter()
            .map(|(a, b)| {
                let ((x1, y1), (x2, y2)) = (centre(a.0, a.1), centre(b.0, b.1));
                view! { <line class="go-line" x1=x1 y1=y1 x2=x2 y2=y2 /> }
            })
            .collect_view();
        let lone = lone_points(g)
            .into_iter()
            .map(|(r, c)| {
                let (x, y) = centre(r, c);
                view! { <path class="go-line" d=format!("M{} {y}H{}M{x} {}V{}", x - 6.0, x + 6.0, y - 6.0, y + 6.0) /> }
            })
            .collect_view();
        let stars = hoshi(w, h)
            .into_iter()
            .filter(|&(r, c)| on_board(g, r, c))
            .map(|(r, c)| {
                let (x, y) = centre(r, c);
                view! { <circle class="go-hoshi" data-testid="go-hoshi" cx=x cy=y r="3.2" /> }
            })
            .collect_view();
        let points = cells
            .map(|(r, c)| {
                let p = g.point(r, c).unwrap_or(Point::Off);
                let name = point_name(r, c, h);
                let legal = to_move.is_some() && moves.contains(&name);
                point_view(r, c, p, name, legal, editing, last == Some((r, c)), ko == Some((r, c)), click)
            })
            .collect_view();
        let labels = (0..w)
            .flat_map(|c| {
                let x = centre(0, c).0;
                [MARGIN - STEP * 0.62, vh - MARGIN + STEP * 0.62 + 9.0]
                    .map(|y| view! { <text class="go-label" x=x y=y text-anchor="middle">{column_label(c)}</text> })
            })
            .collect_view();
        let numbers = (0..h)
            .flat_map(|r| {
                let y = centre(r, 0).1 + 4.5;
                [(MARGIN - STEP * 0.62, "end"), (vw - MARGIN + STEP * 0.62, "start")]
                    .map(|(x, anchor)| view! { <text class="go-label" x=x y=y text-anchor=anchor>{row_label(r, h)}</text> })
            })
            .collect_view();
        let label = format!(
            "Go board, {w} by {h} lines; {}",
            if editing {
                "editing"
            } else if to_move.is_some() {
                "click a point to play"
            } else {
                "not your move"
            }
        );
        view! {
            <svg class=class data-testid="go-board" viewBox=format!("0 0 {vw} {vh}")
                style=format!("max-width: {}px", (vw * 1.6).min(720.0).round()) role="group" aria-label=label>
                {wood}{grid}{lone}{stars}{labels}{numbers}{points}
                // The region a refusal names (a seki, a ko that matters).
                {move || props.marked.get().into_iter().filter_map(|n| parse_point(&n, w, h)).map(|(r, c)| {
                    let (x, y) = centre(r, c);
                    view! { <rect class="go-marked" data-testid="go-marked" data-name=n_of(r, c, h) x=x - STEP / 2.0 + 1.5 y=y - STEP / 2.0 + 1.5 width=STEP - 3.0 height=STEP - 3.0 rx="4" /> }
                }).collect_view()}
                // A strategy's move, while its row is pointed at.
                {move || props.hint.get().and_then(|n| parse_point(&n, w, h)).map(|(r, c)| {
                    let (x, y) = centre(r, c);
                    view! { <circle class="go-hint" data-testid="go-hint" data-name=n_of(r, c, h) cx=x cy=y r=STONE_R * 0.92 /> }
                })}
            </svg>
        }
    }

    fn n_of(r: usize, c: usize, h: usize) -> String {
        point_name(r, c, h)
    }

    /// One intersection: its click target, its stone and its marks.
    #[allow(clippy::too_many_arguments)]
    fn point_view(
        r: usize,
        c: usize,
        p: Point,
        name: String,
        legal: bool,
        editing: bool,
        last: bool,
        ko: bool,
        click: impl Fn(usize, usize) + Copy + 'static,
    ) -> impl IntoView {
        let (x, y) = centre(r, c);
        let off = p == Point::Off;
        let stone = stone_class(p).map(|class| view! { <circle class=format!("go-stone {class}") cx=x cy=y r=STONE_R /> });
        let on = if matches!(p, Point::Black | Point::SafeBlack) { "on-black" } else { "on-white" };
        let safe = matches!(p, Point::SafeBlack | Point::SafeWhite).then(|| view! { <circle class=format!("go-safe {on}") cx=x cy=y r=STEP * 0.13 /> });
        let last_mark =
            (last && stone_class(p).is_some()).then(|| view! { <circle class=format!("go-last {on}") data-testid="go-last" cx=x cy=y r=STEP * 0.27 /> });
        let ko_mark = ko.then(|| view! { <rect class="go-ko" data-testid="go-ko" x=x - STEP * 0.22 y=y - STEP * 0.22 width=STEP * 0.44 height=STEP * 0.44 /> });
        let ghost = (legal || (editing && p == Point::Empty)).then(|| view! { <circle class="go-ghost" cx=x cy=y r=STONE_R /> });
        let clickable = legal || editing;
        let role = if clickable { "button" } else { "img" };
        view! {
            <g class="go-point" class:legal=legal class:off=off class:clickable=clickable data-testid="go-point" data-name=name.clone() data-state=symbol(p).to_string()
                role=role aria-label=point_label(&name, p, legal, last, ko) tabindex=clickable.then_some("0")
                on:keydown=move |ev| if crate::pages::game::boards::activates(&ev) { click(r, c) } on:click=move |_| click(r, c)>
                <rect class="go-hit" x=x - STEP / 2.0 y=y - STEP / 2.0 width=STEP height=STEP />
                {stone}{safe}{last_mark}{ko_mark}{ghost}
            </g>
        }
    }

    /// The editor's tools: what a click puts on a point.
    #[component]
    fn ToolBar(tool: RwSignal<Tool>) -> impl IntoView {
        let buttons = Tool::ALL
            .into_iter()
            .map(|t| {
                let pic = match t {
                    Tool::Black => icon("black", false).into_any(),
                    Tool::White => icon("white", false).into_any(),
                    Tool::SafeBlack => icon("black", true).into_any(),
                    Tool::SafeWhite => icon("white", true).into_any(),
                    Tool::Empty => view! { <svg class="go-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><path class="go-icon-cross" d="M2 10H18M10 2V18" /></svg> }.into_any(),
                    Tool::Off => view! { <svg class="go-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><rect class="go-icon-off" x="2" y="2" width="16" height="16" /></svg> }.into_any(),
                };
                view! {
                    <button class="btn small go-tool" class:active=move || tool.get() == t data-testid=t.testid() aria-pressed=move || (tool.get() == t).to_string()
                        title=format!("a click puts: {}", t.label()) on:click=move |_| tool.set(t)>{pic}" "{t.label()}</button>
                }
            })
            .collect_view();
        view! {
            <div class="go-tools" role="group" aria-label="what a click puts on a point" data-testid="go-tools">
                {buttons}
                <span class="muted small">"Safe stones live whatever happens; groups left without liberties are taken off."</span>
            </div>
        }
    }

    /// What the marks mean, whose stones are whose, and the prisoners.
    #[component]
    fn Legend(props: BoardProps, board: Memo<Option<Go>>) -> impl IntoView {
        let ko = move || board.with(|g| g.as_ref().and_then(|g| g.ko_point().map(|(r, c)| point_name(r, c, g.height()))));
        view! {
            <div class="go-legend small" data-testid="go-legend">
                <span>{icon("black", false)}" Black (Left)"</span>
                <span>{icon("white", false)}" White (Right)"</span>
                <span>{icon("black", true)}{icon("white", true)}" safe: never captured"</span>
                <span><svg class="go-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><circle class="go-stone black" cx="10" cy="10" r="8.5" /><circle class="go-last on-black" cx="10" cy="10" r="5" /></svg>" last move"</span>
                <span><svg class="go-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><rect class="go-icon-ko" x="5" y="5" width="10" height="10" /></svg>
                    {move || match ko() { Some(p) => format!(" ko at {p}: no immediate retake"), None => " ko (none now)".to_string() }}</span>
                {move || (!props.marked.with(|m| m.is_empty())).then(|| view! {
                    <span data-testid="go-marked-legend"><svg class="go-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><rect class="go-marked" x="2" y="2" width="16" height="16" rx="3" /></svg>
                        " marked: the region the value card names, not valued"</span>
                })}
            </div>
            <p class="muted small" data-testid="go-prisoners">{move || board.with(|g| g.as_ref().map(|g| prisoners_text(g.count())))}</p>
            <p class="muted small">{move || match (props.editing.get(), props.to_move.get()) {
                (true, _) => "Choose a tool, then click points to set them.",
                (false, Some(Side::Left)) => "Black to play: the pointer shows where Black may play; click to play there.",
                (false, Some(Side::Right)) => "White to play: the pointer shows where White may play; click to play there.",
                (false, None) => "",
            }}</p>
        }
    }

    /// Board size (presets and fields) and prisoners (edit mode).
    #[component]
    fn GoEditTools(props: BoardProps) -> impl IntoView {
        let board = Memo::new(move |_| props.position.with(|t| parse(t)));
        let dims = move || board.with(|g| g.as_ref().map_or((0, 0), |g| (g.width(), g.height())));
        let error = RwSignal::new(None::<String>);
        // The part of the board a resize keeps.
        let anchor = RwSignal::new(Anchor::TopLeft);
        let set = move |width: Option<usize>, height: Option<usize>| {
            let (w, h) = dims();
            let (w, h) = (width.unwrap_or(w).clamp(1, MAX_EDIT_SIDE), height.unwrap_or(h).clamp(1, MAX_EDIT_SIDE));
            match props.position.with_untracked(|t| resized_at(t, w, h, anchor.get_untracked())) {
                Ok(t) => props.on_edit.run(t),
                Err(e) => error.set(Some(e)),
            }
        };
        let preset = move |n: usize| {
            view! { <button class="btn small" data-testid=format!("go-size-{n}") title=format!("resize to {n} x {n} (the part chosen under \"keep\" is kept)") on:click=move |_| set(Some(n), Some(n))>{format!("{n}×{n}")}</button> }
        };
        let max = MAX_EDIT_SIDE.to_string();
        let anchors = Anchor::ALL.map(|a| view! { <option value=a.label() selected=move || anchor.get() == a>{a.label()}</option> }).collect_view();
        view! {
            <div class="size-controls go-size" data-testid="go-size">
                <label title="which part of the board a resize keeps (a larger board grows away from it)">"keep "
                    <select data-testid="go-anchor" on:change=move |ev| anchor.set(Anchor::from_label(&event_target_value(&ev)).unwrap_or(Anchor::TopLeft))>{anchors}</select></label>
                {preset(9)}{preset(13)}{preset(19)}
                <label>"width "<input type="number" min="1" max=max.clone() class="seed" data-testid="go-width" prop:value=move || dims().0.to_string()
                    on:change=move |ev| set(event_target_value(&ev).trim().parse().ok(), None) /></label>
                <label>"height "<input type="number" min="1" max=max class="seed" data-testid="go-height" prop:value=move || dims().1.to_string()
                    on:change=move |ev| set(None, event_target_value(&ev).trim().parse().ok()) /></label>
                <label title="prisoners taken so far, Black's minus White's">"prisoners (Black − White) "<input type="number" class="seed" data-testid="go-prisoners-input"
                    prop:value=move || board.with(|g| g.as_ref().map_or(0, Go::count)).to_string()
                    on:change=move |ev| {
                        if let Some(t) = event_target_value(&ev).trim().parse().ok().and_then(|n| props.position.with_untracked(|t| with_prisoners(t, n))) {
                            props.on_edit.run(t);
                        }
                    } /></label>
                <button class="btn small" data-testid="go-clear" title="take every stone off (the size stays)" on:click=move |_| {
                    let (w, h) = dims();
                    if let Ok(g) = Go::empty(w.max(1), h.max(1)) {
                        props.on_edit.run(g.to_string());
                    }
                }>"clear"</button>
                {move || error.get().map(|e| view! { <span class="error small" role="alert">{e}</span> })}
            </div>
        }
    }

    /// SGF in and out: a record pasted and loaded, the position written.
    #[component]
    fn SgfBox(props: BoardProps) -> impl IntoView {
        let input = RwSignal::new(String::new());
        let error = RwSignal::new(None::<String>);
        let shown = RwSignal::new(false);
        let copied = RwSignal::new(false);
        let sgf = move || props.position.with(|t| export_sgf(t).unwrap_or_else(|e| format!("no SGF: {e}")));
        let load = move |_| match load_sgf(&input.get_untracked()) {
            Ok(t) => {
                error.set(None);
                props.on_edit.run(t);
            }
            Err(e) => error.set(Some(e)),
        };
        let export = move |_| {
            shown.set(true);
            let text = sgf();
            leptos::task::spawn_local(async move {
                let ok = dom::copy_to_clipboard(&text).await;
                let _ = copied.try_set(ok);
            });
        };
        view! {
            <div class="go-sgf-box" data-testid="go-sgf-box">
                <label class="small" for="go-sgf-input">"SGF record (setup stones and the main line's moves are read):"</label>
                <textarea id="go-sgf-input" class="go-sgf-text" rows="3" data-testid="go-sgf-input" placeholder="(;GM[1]FF[4]SZ[9]AB[cc]AW[dd])"
                    prop:value=move || input.get() on:input=move |ev| input.set(event_target_value(&ev))></textarea>
                <div class="go-sgf-buttons">
                    <button class="btn small" data-testid="go-sgf-load" title="put the record's final position on the board" on:click=load>"Load SGF"</button>
                    <button class="btn small" data-testid="go-sgf-export" title="this position as an SGF record (copied)" on:click=export>"SGF"</button>
                    {move || shown.get().then(|| view! { <span class="muted small">{move || if copied.get() { "Copied. Prisoners and a ko are not in SGF." } else { "Copy it from here. Prisoners and a ko are not in SGF." }}</span> })}
                </div>
                {move || error.get().map(|e| view! { <div class="error small" role="alert" data-testid="go-sgf-error">{e}</div> })}
                {move || shown.get().then(|| view! { <textarea class="go-sgf-text mono" rows="3" readonly data-testid="go-sgf" aria-label="this position as SGF" prop:value=sgf></textarea> })}
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::rulesets::registry::session;
    use cgt::side::Side;

    #[test]
    fn names_and_coordinates() {
        let labels: String = (0..25).map(column_label).collect();
        assert_eq!(labels, "ABCDEFGHJKLMNOPQRSTUVWXYZ");
        assert_eq!(row_label(0, 19), "19");
        assert_eq!(row_label(18, 19), "1");
        for (w, h) in [(1, 1), (6, 3), (19, 19), (25, 25), (3, 7)] {
            for r in 0..h {
                for c in 0..w {
                    assert_eq!(parse_point(&point_name(r, c, h), w, h), Some((r, c)), "{w}x{h} {r},{c}");
                }
            }
        }
        assert_eq!(parse_point("C3", 6, 3), Some((0, 2)));
        assert_eq!(parse_point("J1", 9, 9), Some((8, 8)));
        for bad in ["", "C", "C0", "C4", "I1", "c3", "G1", "3C", "C-1"] {
            assert_eq!(parse_point(bad, 6, 3), None, "{bad}");
        }
        // Lines: the corners' centres and the picture's size.
        assert_eq!(centre(0, 0), (MARGIN, MARGIN));
        assert_eq!(view_size(9, 9), (2.0 * MARGIN + 8.0 * STEP, 2.0 * MARGIN + 8.0 * STEP));
        assert_eq!(view_size(1, 1), (2.0 * MARGIN, 2.0 * MARGIN));
    }

    #[test]
    fn a_click_plays_the_point_if_legal() {
        let text = "XXXXXX|X....O|XXOOOO";
        let s = session(NAME, text, 10_000).unwrap();
        let black = s.moves(Side::Left);
        assert!(black.contains(&"C2".to_string()), "{black:?}");
        // (row 1, column 2) is C2 on a board three rows high.
        assert_eq!(move_at(&black, 1, 2, 3).as_deref(), Some("C2"));
        // A stone or a wall is no move.
        assert_eq!(move_at(&black, 0, 2, 3), None);
        assert_eq!(move_at(&black, 2, 1, 3), None);
        // Every move's point is on the board and empty.
        let g = parse(text).unwrap();
        for mv in &black {
            let (r, c) = parse_point(mv, 6, 3).unwrap();
            assert_eq!(g.point(r, c), Some(Point::Empty), "{mv}");
            assert_eq!(move_at(&black, r, c, 3).as_deref(), Some(mv.as_str()));
        }
    }

    #[test]
    fn the_editor_sets_points() {
        let t = "XXXXXX|X....O|XOOOOO";
        // A safe black stone at B1 (row 2, column 1).
        assert_eq!(edited(t, 2, 1, Tool::SafeBlack).as_deref(), Some("XXXXXX|X....O|XXOOOO"));
        assert_eq!(edited(t, 2, 0, Tool::Off).as_deref(), Some("XXXXXX|X....O|#OOOOO"));
        assert_eq!(edited(t, 1, 1, Tool::Empty).as_deref(), Some(t));
        // A plain stone joined to safe stones of its colour is safe too.
        assert_eq!(edited(t, 1, 4, Tool::White).as_deref(), Some("XXXXXX|X...OO|XOOOOO"));
        assert_eq!(edited(t, 3, 0, Tool::Black), None);
        // A stone that takes a group's last liberty takes it off.
        assert_eq!(edited(".x...|xo...|.x...", 1, 2, Tool::Black).as_deref(), Some(".x...|x.x..|.x..."));
        // Prisoners stay; a ko is forgotten.
        let g = edited(".xo.|xo.o|.xo. +2 ko=C2", 0, 0, Tool::Black).unwrap();
        assert_eq!(g, "xxo.|xo.o|.xo. +2");
        // Every tool gives a position of the ruleset.
        for tool in Tool::ALL {
            let e = edited(t, 1, 2, tool).unwrap();
            assert!(session(NAME, &e, 10).is_ok(), "{tool:?}: {e}");
            // C2 touches both walls: a plain stone there joins one and is safe.
            let want = match tool {
                Tool::Black => Point::SafeBlack,
                Tool::White => Point::SafeWhite,
                t => t.point(),
            };
            assert_eq!(parse(&e).unwrap().point(1, 2), Some(want), "{tool:?}: {e}");
        }
        assert_eq!(with_prisoners(t, -3).as_deref(), Some("XXXXXX|X....O|XOOOOO -3"));
        assert_eq!(with_prisoners(t, 0).as_deref(), Some(t));
        assert_eq!(prisoners_text(2), "Prisoners: Black is 2 ahead (+2).");
        assert_eq!(prisoners_text(-1), "Prisoners: White is 1 ahead (-1).");
    }

    #[test]
    fn resizing_keeps_what_fits() {
        assert_eq!(resized("XXXXXX|X....O|XOOOOO +1", 3, 2).unwrap(), "XXX|X.. +1");
        assert_eq!(resized("x.|..", 3, 3).unwrap(), "x..|...|...");
        assert_eq!(resized("x.|..", 1, 2).unwrap(), "x|.");
        // A 1 x 1 board has no liberty for a stone.
        assert_eq!(resized("x.|..", 0, 0).unwrap(), ".");
        let nine = resized(".", 9, 9).unwrap();
        assert_eq!(nine, vec![".........".to_string(); 9].join("|"));
        assert_eq!(resized(".", 19, 19).unwrap().len(), 19 * 20 - 1);
        assert!(resized(".", 26, 2).is_err());
        // A cut that leaves a group without liberties takes it off.
        assert_eq!(resized("x.|o.", 1, 2).unwrap(), ".|o");
    }

    /// Issue 43: a corner of a big board kept, not only the top left.
    #[test]
    fn resizing_keeps_the_chosen_corner() {
        // A 19 x 19 with one black stone near each corner.
        let mut rows = vec![vec!['.'; 19]; 19];
        for (r, c) in [(2, 2), (2, 16), (16, 2), (16, 16)] {
            rows[r][c] = 'x';
        }
        let text: String = rows.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("|");
        let stones = |t: &str| -> Vec<(usize, usize)> {
            let g = parse(t).unwrap();
            (0..g.height()).flat_map(|r| (0..g.width()).map(move |c| (r, c))).filter(|&(r, c)| g.point(r, c) == Some(Point::Black)).collect()
        };
        assert_eq!(stones(&resized_at(&text, 9, 9, Anchor::TopLeft).unwrap()), [(2, 2)]);
        assert_eq!(stones(&resized_at(&text, 9, 9, Anchor::TopRight).unwrap()), [(2, 6)]);
        assert_eq!(stones(&resized_at(&text, 9, 9, Anchor::BottomLeft).unwrap()), [(6, 2)]);
        assert_eq!(stones(&resized_at(&text, 9, 9, Anchor::BottomRight).unwrap()), [(6, 6)]);
        // The centre of the 19 x 19 (rows and columns 5 to 13): none.
        assert!(stones(&resized_at(&text, 9, 9, Anchor::Centre).unwrap()).is_empty());
        assert_eq!(stones(&resized_at(&text, 15, 15, Anchor::Centre).unwrap()), [(0, 0), (0, 14), (14, 0), (14, 14)]);
        // Growing from the bottom right puts the old board there.
        assert_eq!(resized_at("x.|..", 3, 3, Anchor::BottomRight).unwrap(), "...|.x.|...");
        assert_eq!(resized("x.|..", 3, 3).unwrap(), resized_at("x.|..", 3, 3, Anchor::TopLeft).unwrap());
        for a in Anchor::ALL {
            assert_eq!(Anchor::from_label(a.label()), Some(a));
        }
    }

    #[test]
    fn lines_skip_points_off_the_board() {
        let g = parse("...|...").unwrap();
        assert_eq!(lines(&g), vec![((0, 0), (0, 2)), ((1, 0), (1, 2)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 2), (1, 2))]);
        // The corner cut out: no line reaches it.
        let g = parse("#..|...").unwrap();
        let l = lines(&g);
        assert!(l.iter().all(|&(a, b)| a != (0, 0) && b != (0, 0)), "{l:?}");
        assert!(l.contains(&((0, 1), (0, 2))) && l.contains(&((1, 0), (1, 2))));
        assert!(!l.contains(&((0, 0), (1, 0))));
        // A point between two holes breaks a row in two.
        let g = parse("..#..").unwrap();
        assert_eq!(lines(&g), vec![((0, 0), (0, 1)), ((0, 3), (0, 4))]);
        assert_eq!(lone_points(&parse(".#.|#.#").unwrap()), vec![(0, 0), (0, 2), (1, 1)]);
        assert_eq!(lone_points(&parse(".").unwrap()), vec![(0, 0)]);
        assert!(lone_points(&parse("..").unwrap()).is_empty());
    }

    #[test]
    fn star_points() {
        assert_eq!(hoshi(19, 19).len(), 9);
        assert!(hoshi(19, 19).contains(&(3, 3)) && hoshi(19, 19).contains(&(9, 9)) && hoshi(19, 19).contains(&(15, 9)));
        assert_eq!(hoshi(13, 13), vec![(3, 3), (3, 9), (6, 6), (9, 3), (9, 9)]);
        assert_eq!(hoshi(9, 9), vec![(2, 2), (2, 6), (4, 4), (6, 2), (6, 6)]);
        assert!(hoshi(6, 6).is_empty());
        assert_eq!(hoshi(8, 10).len(), 4);
        let names: Vec<String> = hoshi(19, 19).iter().map(|&(r, c)| point_name(r, c, 19)).collect();
        assert!(names.contains(&"D4".to_string()) && names.contains(&"Q16".to_string()) && names.contains(&"K10".to_string()));
    }

    #[test]
    fn labels_say_what_is_there() {
        assert_eq!(point_label("C3", Point::SafeBlack, false, true, false), "C3: safe black stone, the last move");
        assert_eq!(point_label("D4", Point::Empty, true, false, true), "D4: empty, ko: no immediate retake, a legal move");
        assert_eq!(point_label("A1", Point::Off, false, false, false), "A1: not on the board");
        let all = [Point::Empty, Point::Black, Point::White, Point::SafeBlack, Point::SafeWhite, Point::Off];
        let s: String = all.iter().map(|&p| symbol(p)).collect();
        assert_eq!(s, ".xoXO#");
    }

    #[test]
    fn sgf_in_and_out() {
        let t = load_sgf("(;GM[1]FF[4]SZ[5]AB[aa][ba]AW[ab][bb])").unwrap();
        assert_eq!(t, "xx...|oo...|.....|.....|.....");
        let out = export_sgf(&t).unwrap();
        assert!(out.contains("AB[aa][ba]") && out.contains("AW[ab][bb]") && out.contains("SZ[5]"), "{out}");
        assert_eq!(load_sgf(&out).unwrap(), t);
        // Safe stones, holes, prisoners: the board travels, the count not.
        let out = export_sgf("XXXXXX|X....O|#OOOOO +2 ").unwrap();
        assert_eq!(load_sgf(&out).unwrap(), "XXXXXX|X....O|#OOOOO");
        // Errors are messages, never panics.
        for bad in ["", "(;GM[2])", "(;SZ[30])", "(;SZ[5]AB[zz])", "(;SZ[2]AB[aa]AW[ba][ab])", "((((", "(;B[", "\u{1F600}"] {
            let e = load_sgf(bad).unwrap_err();
            assert!(!e.is_empty(), "{bad}");
        }
        assert!(load_sgf("(;SZ[30])").unwrap_err().contains("not a Go position here"));
    }
}
