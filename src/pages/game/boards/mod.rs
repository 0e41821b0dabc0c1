//! Board renderers: how a ruleset's position is drawn and clicked.
//!
//! The page knows positions and moves only as text. A renderer gets the
//! position on show (always a valid text of its ruleset), the moves played
//! so far, the legal moves of the side whose move a click plays, and edit
//! mode, all as signals; it sends out the name of a move to play
//! (`on_move`) or the text of an edited position (`on_edit`). That is the
//! whole interface ([`BoardProps`], [`Renderer`]), so adding a ruleset's
//! board is one renderer file in this directory and one line in
//! [`RENDERERS`]. A ruleset without a renderer gets [`TextBoard`]: the
//! position as text and its moves as buttons, so every registered ruleset
//! opens on the page.
//!
//! The renderers' geometry (which move a click plays, what an edit does) is
//! pure and tested natively; only the drawing is wasm32.
//!
//! - [`domineering`]: an SVG grid; a hover shows the domino of the side to
//!   move, a click plays it; in edit mode a click covers or uncovers a
//!   square, and width and height change the board.
//! - [`stones`]: Clobber, Konane and Amazons: stones on an SVG grid; a
//!   move is built by clicking its squares in turn.
//! - [`toads`]: Toads and Frogs: rows of squares, toads and frogs; a
//!   click on a piece that can move moves it; the editor cycles a square
//!   empty / toad / frog and adds, removes and resizes rows.
//! - [`cutcake`]: cakes as grids of unit squares; the pointer on a score
//!   line of the side to move previews the cut, a click makes it; the
//!   editor adds and removes cakes.
//! - [`graph`]: Snort and Col: vertices at their drawing points, edges as
//!   lines, colours and tints; a click colours a vertex; the editor draws
//!   vertices and edges, recolours and deletes, writing the points.
//! - [`go`]: Go endgames: stones on the intersections of a wooden board
//!   with Go coordinates (`C3`), safe stones dotted, the last move ringed,
//!   a ko marked; a hover shows the stone a click plays; the editor puts
//!   black, white, safe or no stones and cuts points off the board, sets
//!   the size (9, 13, 19 or any up to 25) and prisoners, and reads and
//!   writes SGF.
//! - [`heaps`]: Nim, `heaps` (any take-and-break code or subtraction
//!   game), Grundy's game and Dawson's Kayles: piles of counters with
//!   each heap's size and nim-value; a click on a counter takes it and
//!   those above (Grundy's game: splits below it), a chooser lists the
//!   ways the rest may split; the editor changes, adds and removes heaps.
//! - [`kayles`]: a row of bowling pins; the pointer across a pin picks it
//!   alone or with its standing neighbour, a click knocks them down; the
//!   editor stands pins up, knocks them down, adds and removes them.
//! - [`cram`]: Domineering's grid with neutral dominoes; the edge of the
//!   square nearest the pointer picks the direction, a click lays it; the
//!   editor is Domineering's.

pub mod cram;
pub mod cutcake;
pub mod domineering;
pub mod go;
pub mod graph;
pub mod heaps;
pub mod kayles;
pub mod stones;
pub mod toads;

/// Most move buttons listed ([`MoveButtons`]): a large board has thousands
/// of moves, and a button for each would block the page while it is drawn;
/// the rest are played on the board.
pub const MAX_MOVE_BUTTONS: usize = 200;

#[cfg(target_arch = "wasm32")]
pub use web::*;

#[cfg(target_arch = "wasm32")]
mod web {
    use cgt::side::Side;
    use leptos::prelude::*;

    /// Enter or Space on a focused square, point, vertex or cut does what
    /// a click does (issue 43: boards took no keyboard focus): `true` when
    /// the key is one of them, whose default (scrolling, the lesson's
    /// stepping keys) is then prevented.
    pub fn activates(ev: &web_sys::KeyboardEvent) -> bool {
        let hit = matches!(ev.key().as_str(), "Enter" | " ");
        if hit {
            ev.prevent_default();
            ev.stop_propagation();
        }
        hit
    }

    /// What a renderer is given (all `Copy`: signals and callbacks).
    #[derive(Clone, Copy)]
    pub struct BoardProps {
        /// The position on show: a valid text of the renderer's ruleset.
        pub position: Signal<String>,
        /// The moves played since the starting position, with their sides.
        pub played: Signal<Vec<(Side, String)>>,
        /// The side whose move a click plays; `None` when clicks do not
        /// play (the game is over, or it is the computer's turn).
        pub to_move: Signal<Option<Side>>,
        /// The legal moves of the side to move (the board may mark them).
        pub moves: Signal<Vec<String>>,
        /// Edit mode: clicks change the position instead of playing.
        pub editing: Signal<bool>,
        /// Play the move with this name.
        pub on_move: Callback<String>,
        /// Replace the position by this text (the editor).
        pub on_edit: Callback<String>,
        /// A move to mark on the board (a strategy's, while its row is
        /// pointed at); renderers that cannot mark one ignore it.
        pub hint: Signal<Option<String>>,
        /// Points a refusal of the value names (a Go region that cannot be
        /// valued, a ko), by move name; renderers that cannot mark them
        /// ignore them.
        pub marked: Signal<Vec<String>>,
    }

    /// One ruleset's board.
    pub struct Renderer {
        /// The ruleset's registry name.
        pub ruleset: &'static str,
        /// The board itself.
        pub board: fn(BoardProps) -> AnyView,
        /// Controls shown beside the board in edit mode (board size, ...).
        pub edit_tools: fn(BoardProps) -> AnyView,
    }

    /// The square grids' geometry (Domineering, the stone games, Toads
    /// and Frogs): a square's side and the margins for the labels, in SVG
    /// units.
    pub const CELL: f64 = 40.0;
    pub const LEFT: f64 = 26.0;
    pub const TOP: f64 = 22.0;

    /// The left edge of column `c`.
    pub fn cell_x(c: usize) -> f64 {
        LEFT + c as f64 * CELL
    }
    /// The top edge of row `r`.
    pub fn cell_y(r: usize) -> f64 {
        TOP + r as f64 * CELL
    }

    /// Column letters above and row numbers beside a `w` x `h` grid: the
    /// parts of the squares' names (`b3`).
    pub fn grid_labels(w: usize, h: usize) -> (impl IntoView, impl IntoView) {
        let name = |c: usize| cgt::rulesets::stones::square_name(0, c).trim_end_matches('1').to_string();
        let cols = (0..w).map(|c| view! { <text class="dom-label" x=cell_x(c) + CELL / 2.0 y=TOP - 6.0 text-anchor="middle">{name(c)}</text> }).collect_view();
        let rows = (0..h)
            .map(|r| view! { <text class="dom-label" x=LEFT - 8.0 y=cell_y(r) + CELL / 2.0 + 5.0 text-anchor="end">{(r + 1).to_string()}</text> })
            .collect_view();
        (cols, rows)
    }

    /// Every ruleset with its own board; the others get [`TextBoard`].
    pub const RENDERERS: &[Renderer] = &[
        super::domineering::RENDERER,
        super::stones::CLOBBER,
        super::stones::KONANE,
        super::stones::AMAZONS,
        super::toads::RENDERER,
        super::cutcake::RENDERER,
        super::graph::SNORT_RENDERER,
        super::graph::COL_RENDERER,
        super::go::RENDERER,
        super::heaps::NIM_RENDERER,
        super::heaps::HEAPS_RENDERER,
        super::heaps::GRUNDY_RENDERER,
        super::heaps::DAWSON_RENDERER,
        super::kayles::RENDERER,
        super::cram::RENDERER,
    ];

    /// The renderer of `ruleset`, if it has one.
    pub fn renderer(ruleset: &str) -> Option<&'static Renderer> {
        RENDERERS.iter().find(|r| r.ruleset == ruleset)
    }

    /// The legal moves of the side to move as buttons (clickable when a
    /// click plays): the text board's moves, and every board's keyboard way
    /// to play.
    #[component]
    pub fn MoveButtons(props: BoardProps) -> impl IntoView {
        let more = move || {
            let n = props.moves.with(Vec::len);
            (n > super::MAX_MOVE_BUTTONS).then(|| view! { <p class="muted small" data-testid="move-list-more">{format!("The first {} of {n} moves are listed here.", super::MAX_MOVE_BUTTONS)}</p> })
        };
        let buttons = move || {
            let playable = props.to_move.get().is_some() && !props.editing.get();
            props
                .moves
                .get()
                .into_iter()
                .take(super::MAX_MOVE_BUTTONS)
                .map(|mv| {
                    let label = mv.clone();
                    view! {
                        <li><button class="btn small mono" data-testid="move-button" data-move=mv.clone() prop:disabled=!playable
                            title=format!("play {mv}") on:click=move |_| props.on_move.run(mv.clone())>{label}</button></li>
                    }
                })
                .collect_view()
        };
        view! {
            <p class="muted small">{move || match props.to_move.get() {
                Some(side) => format!("{side}'s moves, by name (click one to play it):"),
                None => "Moves of the side to move (not yours to play now):".to_string(),
            }}</p>
            <ul class="move-list" data-testid="move-list">{buttons}</ul>
            {more}
        }
    }

    /// The board of a ruleset without a renderer: the position as text and
    /// the legal moves of the side to move as buttons.
    #[component]
    pub fn TextBoard(props: BoardProps) -> impl IntoView {
        view! {
            <div class="text-board" data-testid="text-board">
                <pre class="position-text" data-testid="position-text">{move || props.position.get()}</pre>
                {move || props.editing.get().then(|| view! { <p class="muted small">"Edit the position in the text field above."</p> })}
                <MoveButtons props=props />
            </div>
        }
    }
}
