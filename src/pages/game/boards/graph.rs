//! The board of the graph colouring games, Snort and Col: vertices at the
//! drawing points of the text (`...:0-1,1-2:0,0/1,0/2,0`; on a circle when
//! the text has none), edges as lines. A vertex coloured blue (Left's, `B`)
//! or red (Right's, `R`) is filled, a tinted one ringed in the tint's
//! colour (`b`, `r`; half and half for `x`, tinted both ways), each with
//! its number (moves are `v3`).
//!
//! Play: the vertices the side to move may colour are live; a click
//! colours one. Edit, in one of three modes: *draw* (a click on empty
//! space adds a vertex there, a click on one vertex and then another joins
//! them or, if joined, parts them; shift-click deletes a vertex), *colour*
//! (a click cycles a vertex through `.` `b` `r` `x` `B` `R`), *delete* (a
//! click deletes a vertex or an edge). Every edited text is written with
//! its points, so the drawing survives the link; tints implied by coloured
//! neighbours are added when the text is read.
//!
//! The geometry is pure and tested natively; the SVG is wasm32 only.

use cgt::rulesets::graph::{Graph, MAX_VERTICES};

/// The two rulesets this renderer draws.
pub const SNORT: &str = cgt::rulesets::snort::NAME;
pub const COL: &str = cgt::rulesets::col::NAME;

/// A graph position as drawn: states, edges (`u < v`) and a point per
/// vertex (layout units, `y` up).
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    pub states: Vec<char>,
    pub edges: Vec<(usize, usize)>,
    pub points: Vec<(f64, f64)>,
}

/// Points on a circle for `n` vertices: vertex 0 at the top, then
/// clockwise, a unit or more apart (hundredths).
pub fn circle(n: usize) -> Vec<(f64, f64)> {
    if n <= 1 {
        return vec![(0.0, 0.0); n];
    }
    let r = (n as f64 / std::f64::consts::TAU * 1.4).max(0.75);
    (0..n)
        .map(|i| {
            let a = std::f64::consts::FRAC_PI_2 - i as f64 * std::f64::consts::TAU / n as f64;
            (hundredths(r * a.cos()), hundredths(r * a.sin()))
        })
        .collect()
}

fn hundredths(v: f64) -> f64 {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// The drawing of a text (`None` if it is not a graph position).
pub fn drawing(text: &str) -> Option<Drawing> {
    let g: Graph = text.parse().ok()?;
    let n = g.len();
    Some(Drawing { states: (0..n).map(|v| g.state(v).letter()).collect(), edges: g.edges(), points: g.points().unwrap_or_else(|| circle(n)) })
}

fn num(v: f64) -> String {
    let s = format!("{:.2}", hundredths(v));
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The text of a drawing, points included (no vertices: the empty text).
pub fn text_of(d: &Drawing) -> String {
    if d.states.is_empty() {
        return String::new();
    }
    let states: String = d.states.iter().collect();
    let edges: Vec<String> = d.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
    let points: Vec<String> = d.points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
    format!("{states}:{}:{}", edges.join(","), points.join("/"))
}

/// The move a click on vertex `v` plays, if the side to move may colour it.
pub fn move_at(moves: &[String], v: usize) -> Option<String> {
    let name = format!("v{v}");
    moves.contains(&name).then_some(name)
}

/// The vertex within `radius` of point `p` (the nearest).
pub fn vertex_near(d: &Drawing, p: (f64, f64), radius: f64) -> Option<usize> {
    let dist = |q: &(f64, f64)| ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
    (0..d.points.len()).filter(|&v| dist(&d.points[v]) <= radius).min_by(|&a, &b| dist(&d.points[a]).total_cmp(&dist(&d.points[b])))
}

/// A new uncoloured vertex at `p` (snapped to quarters); `None` at
/// [`MAX_VERTICES`] or on top of another vertex.
pub fn with_vertex(d: &Drawing, p: (f64, f64)) -> Option<Drawing> {
    let p = ((p.0 * 4.0).round() / 4.0, (p.1 * 4.0).round() / 4.0);
    if d.states.len() >= MAX_VERTICES || vertex_near(d, p, 0.3).is_some() || p.0.abs() > 9999.0 || p.1.abs() > 9999.0 {
        return None;
    }
    let mut e = d.clone();
    e.states.push('.');
    e.points.push((hundredths(p.0), hundredths(p.1)));
    Some(e)
}

/// `u` and `v` joined, or parted if they were (`None` for a loop or a
/// vertex that is not there).
pub fn toggled_edge(d: &Drawing, u: usize, v: usize) -> Option<Drawing> {
    let n = d.states.len();
    if u == v || u >= n || v >= n {
        return None;
    }
    let edge = (u.min(v), u.max(v));
    let mut e = d.clone();
    match e.edges.iter().position(|&x| x == edge) {
        Some(i) => {
            e.edges.remove(i);
        }
        None => {
            e.edges.push(edge);
            e.edges.sort_unstable();
        }
    }
    Some(e)
}

/// Vertex `v` and its edges deleted, the later vertices renumbered.
pub fn without_vertex(d: &Drawing, v: usize) -> Option<Drawing> {
    if v >= d.states.len() {
        return None;
    }
    let mut e = d.clone();
    e.states.remove(v);
    e.points.remove(v);
    let renum = |x: usize| if x > v { x - 1 } else { x };
    e.edges = d.edges.iter().filter(|&&(a, b)| a != v && b != v).map(|&(a, b)| (renum(a), renum(b))).collect();
    Some(e)
}

/// Vertex `v`'s state turned to the next of `.` `b` `r` `x` `B` `R`.
pub fn recoloured(d: &Drawing, v: usize) -> Option<Drawing> {
    let mut e = d.clone();
    let s = e.states.get_mut(v)?;
    *s = match *s {
        '.' => 'b',
        'b' => 'r',
        'r' => 'x',
        'x' => 'B',
        'B' => 'R',
        _ => '.',
    };
    Some(e)
}

/// Where layout units go on the SVG (pixels, `y` down): the points' box
/// with a margin, at least `min_w` x `min_h` units, centred.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub left: f64,
    pub top: f64,
    pub unit: f64,
    pub width: f64,
    pub height: f64,
}

impl Frame {
    pub fn fit(points: &[(f64, f64)], margin: f64, unit: f64) -> Frame {
        let (min_w, min_h) = (4.0, 2.5);
        let xs = points.iter().map(|p| p.0);
        let ys = points.iter().map(|p| p.1);
        let (x0, x1) = (xs.clone().fold(f64::INFINITY, f64::min), xs.fold(f64::NEG_INFINITY, f64::max));
        let (y0, y1) = (ys.clone().fold(f64::INFINITY, f64::min), ys.fold(f64::NEG_INFINITY, f64::max));
        let (x0, x1, y0, y1) = if points.is_empty() { (0.0, 0.0, 0.0, 0.0) } else { (x0, x1, y0, y1) };
        let w = (x1 - x0 + 2.0 * margin).max(min_w);
        let h = (y1 - y0 + 2.0 * margin).max(min_h);
        Frame { left: (x0 + x1) / 2.0 - w / 2.0, top: (y0 + y1) / 2.0 + h / 2.0, unit, width: w * unit, height: h * unit }
    }
    pub fn px(&self, x: f64) -> f64 {
        (x - self.left) * self.unit
    }
    pub fn py(&self, y: f64) -> f64 {
        (self.top - y) * self.unit
    }
    /// The layout point at SVG pixel (`sx`, `sy`).
    pub fn units(&self, sx: f64, sy: f64) -> (f64, f64) {
        (self.left + sx / self.unit, self.top - sy / self.unit)
    }
}

#[cfg(target_arch = "wasm32")]
pub use svg::{COL_RENDERER, SNORT_RENDERER};

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{BoardProps, Renderer};
    use cgt::side::Side;
    use leptos::prelude::*;

    /// Snort and Col in [`crate::pages::game::boards::RENDERERS`].
    pub const SNORT_RENDERER: Renderer =
        Renderer { ruleset: SNORT, board: |p| view! { <GraphBoard props=p /> }.into_any(), edit_tools: |p| view! { <GraphControls props=p /> }.into_any() };
    pub const COL_RENDERER: Renderer =
        Renderer { ruleset: COL, board: |p| view! { <GraphBoard props=p /> }.into_any(), edit_tools: |p| view! { <GraphControls props=p /> }.into_any() };

    const UNIT: f64 = 60.0;
    const R: f64 = 15.0;

    /// What a click does in edit mode.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Mode {
        Draw,
        Colour,
        Delete,
    }

    fn describe(ch: char) -> &'static str {
        match ch {
            'b' => "tinted blue",
            'r' => "tinted red",
            'x' => "tinted both ways (out of play)",
            'B' => "blue (Left's)",
            'R' => "red (Right's)",
            _ => "uncoloured",
        }
    }

    /// A vertex: its disc, a ring (or two half rings) for its tints, its
    /// number.
    fn vertex(v: usize, ch: char, (cx, cy): (f64, f64), live: bool, picked: bool, click: impl Fn(bool) + Copy + 'static) -> impl IntoView {
        let ring = match ch {
            'b' | 'r' => Some(
                view! { <circle class=format!("gv-ring {}", if ch == 'b' { "left" } else { "right" }) cx=cx cy=cy r=R + 4.0 pointer-events="none" /> }
                    .into_any(),
            ),
            'x' => Some(
                view! {
                    <path class="gv-ring left" d=format!("M {cx} {} A {r} {r} 0 0 0 {cx} {}", cy - R - 4.0, cy + R + 4.0, r = R + 4.0) pointer-events="none" />
                    <path class="gv-ring right" d=format!("M {cx} {} A {r} {r} 0 0 1 {cx} {}", cy - R - 4.0, cy + R + 4.0, r = R + 4.0) pointer-events="none" />
                }
                .into_any(),
            ),
            _ => None,
        };
        let fill = match ch {
            'B' => "gv-dot left",
            'R' => "gv-dot right",
            'x' => "gv-dot dead",
            _ => "gv-dot",
        };
        view! {
            <g class="gv" data-testid="graph-vertex" data-vertex=v.to_string() data-state=ch.to_string()>
                {ring}
                <circle class=fill class:movable=live class:picked=picked cx=cx cy=cy r=R tabindex="0" role="button" aria-label=format!("v{v}: {}", describe(ch))
                    on:keydown=move |ev| if crate::pages::game::boards::activates(&ev) { click(ev.shift_key()) }
                    on:click=move |ev| click(ev.shift_key())>
                    <title>{format!("v{v}: {}{}", describe(ch), if live { ", click to colour it" } else { "" })}</title>
                </circle>
                <text class="gv-label" class:on-colour=ch == 'B' || ch == 'R' x=cx y=cy + 4.5 text-anchor="middle" pointer-events="none">{v.to_string()}</text>
            </g>
        }
    }

    /// Pointer (client pixels) to layout units, through the box of the
    /// element clicked (the background, which covers the whole picture).
    fn to_units(frame: Frame, ev: &web_sys::MouseEvent) -> Option<(f64, f64)> {
        use wasm_bindgen::JsCast;
        let el = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
        let r = el.get_bounding_client_rect();
        if r.width() < 1.0 || r.height() < 1.0 {
            return None;
        }
        Some(frame.units((ev.client_x() as f64 - r.left()) * frame.width / r.width(), (ev.client_y() as f64 - r.top()) * frame.height / r.height()))
    }

    #[component]
    fn GraphBoard(props: BoardProps) -> impl IntoView {
        let mode = RwSignal::new(Mode::Draw);
        let picked: RwSignal<Option<usize>> = RwSignal::new(None);
        let hint = RwSignal::new(String::new());
        let d = Memo::new(move |_| props.position.with(|t| drawing(t)));
        Effect::new(move |_| {
            props.position.track();
            props.editing.track();
            picked.set(None);
        });
        let edit = move |e: Option<Drawing>| {
            if let Some(e) = e {
                hint.set(String::new());
                props.on_edit.run(text_of(&e));
            }
        };
        // `shift`: the shift key was down (a click or Enter).
        let on_vertex = move |v: usize, shift: bool| {
            let Some(g) = d.get_untracked() else { return };
            if !props.editing.get_untracked() {
                if props.to_move.get_untracked().is_some() {
                    if let Some(mv) = props.moves.with_untracked(|m| move_at(m, v)) {
                        props.on_move.run(mv);
                    }
                }
                return;
            }
            match (mode.get_untracked(), picked.get_untracked()) {
                (Mode::Delete, _) => edit(without_vertex(&g, v)),
                (Mode::Draw, _) if shift => edit(without_vertex(&g, v)),
                (Mode::Colour, _) => edit(recoloured(&g, v)),
                (Mode::Draw, Some(u)) if u == v => picked.set(None),
                (Mode::Draw, Some(u)) => edit(toggled_edge(&g, u, v)),
                (Mode::Draw, None) => {
                    picked.set(Some(v));
                    hint.set(format!("v{v} picked: click another vertex to join them (or part them)"));
                }
            }
        };
        let tabs = move || {
            props.editing.get().then(|| {
                let tab = move |m: Mode, label: &'static str, id: &'static str| view! {
                    <button class="btn small" class:active=move || mode.get() == m data-testid=id aria-pressed=move || (mode.get() == m).to_string()
                        on:click=move |_| { mode.set(m); picked.set(None); hint.set(String::new()) }>{label}</button>
                };
                view! {
                    <div class="graph-modes" role="group" aria-label="what a click does">
                        {tab(Mode::Draw, "draw", "graph-mode-draw")}{tab(Mode::Colour, "colour", "graph-mode-colour")}{tab(Mode::Delete, "delete", "graph-mode-delete")}
                        <span class="muted small">{move || match mode.get() {
                            Mode::Draw => "click empty space: a vertex; a vertex, then another: an edge (again: no edge); shift-click: delete",
                            Mode::Colour => "click a vertex: . b r x B R (tints of coloured neighbours are added)",
                            Mode::Delete => "click a vertex or an edge to delete it",
                        }}</span>
                    </div>
                }
            })
        };
        let picture = move || {
            let g = d.get()?;
            let editing = props.editing.get();
            let side = props.to_move.get().filter(|_| !editing);
            let moves = props.moves.get();
            let frame = Frame::fit(&g.points, if editing { 1.5 } else { 0.8 }, UNIT);
            let at = |v: usize| (frame.px(g.points[v].0), frame.py(g.points[v].1));
            let deleting = editing && mode.get() == Mode::Delete;
            let edges = g
                .edges
                .iter()
                .map(|&(u, v)| {
                    let ((x1, y1), (x2, y2)) = (at(u), at(v));
                    let gd = g.clone();
                    view! {
                        <g class="ge" class:deletable=deleting data-testid="graph-edge" data-edge=format!("{u}-{v}")>
                            <line class="ge-line" x1=x1 y1=y1 x2=x2 y2=y2 />
                            <line class="ge-hit" x1=x1 y1=y1 x2=x2 y2=y2 on:click=move |_| {
                                if deleting {
                                    edit(toggled_edge(&gd, u, v))
                                }
                            }><title>{format!("edge {u}-{v}")}</title></line>
                        </g>
                    }
                })
                .collect_view();
            let pick = picked.get();
            let verts = (0..g.states.len())
                .map(|v| {
                    let live = side.is_some() && move_at(&moves, v).is_some();
                    vertex(v, g.states[v], at(v), live, pick == Some(v), move |shift| on_vertex(v, shift))
                })
                .collect_view();
            let bg_click = move |ev: web_sys::MouseEvent| {
                if !props.editing.get_untracked() || mode.get_untracked() != Mode::Draw {
                    return;
                }
                let Some(g) = d.get_untracked() else { return };
                let Some(p) = to_units(frame, &ev) else { return };
                match with_vertex(&g, p) {
                    Some(e) => edit(Some(e)),
                    None => hint.set(format!("no room for a vertex there (at most {MAX_VERTICES}, not on top of another)")),
                }
            };
            let turn = side.map_or("", |s| if s == Side::Left { "by-left" } else { "by-right" });
            let label = format!("graph of {} vertices and {} edges", g.states.len(), g.edges.len());
            Some(view! {
                <svg class=format!("graph-board {turn}") class:editing=editing data-testid="graph-board" viewBox=format!("0 0 {} {}", frame.width, frame.height)
                    style=format!("max-width: {}px", (frame.width * 1.2).min(720.0).round()) role="group" aria-label=label>
                    <rect class="graph-bg" data-testid="graph-bg" x="0" y="0" width=frame.width height=frame.height on:click=bg_click />
                    {edges}{verts}
                </svg>
            })
        };
        view! {
            {tabs}
            {picture}
            <p class="muted small" data-testid="graph-hint">{move || hint.get()}</p>
        }
    }

    /// Edit mode: lay the graph out on a circle again, or start afresh.
    #[component]
    fn GraphControls(props: BoardProps) -> impl IntoView {
        let edit = move |f: fn(Drawing) -> Drawing| {
            if let Some(g) = props.position.with_untracked(|t| drawing(t)) {
                props.on_edit.run(text_of(&f(g)));
            }
        };
        view! {
            <div class="size-controls">
                <button class="btn small" data-testid="graph-circle" title="put the vertices on a circle"
                    on:click=move |_| edit(|mut g| { g.points = circle(g.states.len()); g })>"lay out on a circle"</button>
                <button class="btn small" data-testid="graph-clear" title="one uncoloured vertex"
                    on:click=move |_| edit(|_| Drawing { states: vec!['.'], edges: Vec::new(), points: vec![(0.0, 0.0)] })>"start afresh"</button>
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
    fn a_click_colours_a_vertex_the_side_may_colour() {
        // Snort: Left may not colour next to red; Col: not next to blue.
        let t = "B..R:0-1,2-3";
        let snort_left = session(SNORT, t, 100).unwrap().moves(Side::Left);
        assert_eq!(move_at(&snort_left, 1).as_deref(), Some("v1"));
        assert_eq!(move_at(&snort_left, 2), None);
        assert_eq!(move_at(&snort_left, 0), None);
        let col_left = session(COL, t, 100).unwrap().moves(Side::Left);
        assert_eq!(move_at(&col_left, 1), None);
        assert_eq!(move_at(&col_left, 2).as_deref(), Some("v2"));
    }

    #[test]
    fn texts_without_points_go_on_a_circle_and_keep_them() {
        let d = drawing("P3").unwrap();
        assert_eq!(d.states, vec!['.'; 3]);
        assert_eq!(d.edges, vec![(0, 1), (1, 2)]);
        assert_eq!(d.points[0], (0.0, 0.75));
        let t = text_of(&d);
        assert_eq!(t, "...:0-1,1-2:0,0.75/0.65,-0.37/-0.65,-0.38");
        assert_eq!(drawing(&t).unwrap(), d);
        let d = drawing("B.:0-1:0,0/1.5,-2").unwrap();
        assert_eq!(d.states, vec!['B', 'b']);
        assert_eq!(d.points, vec![(0.0, 0.0), (1.5, -2.0)]);
        assert_eq!(text_of(&d), "Bb:0-1:0,0/1.5,-2");
        assert_eq!(circle(1), vec![(0.0, 0.0)]);
        assert_eq!(text_of(&drawing("").unwrap()), "");
    }

    #[test]
    fn the_editor_adds_joins_colours_and_deletes() {
        let d = drawing("..:0-1:0,0/1,0").unwrap();
        let e = with_vertex(&d, (2.1, 0.9)).unwrap();
        assert_eq!(text_of(&e), "...:0-1:0,0/1,0/2,1");
        assert_eq!(with_vertex(&d, (1.1, 0.1)), None);
        let e = toggled_edge(&e, 2, 1).unwrap();
        assert_eq!(e.edges, vec![(0, 1), (1, 2)]);
        assert_eq!(toggled_edge(&e, 1, 0).unwrap().edges, vec![(1, 2)]);
        assert_eq!(toggled_edge(&e, 1, 1), None);
        assert_eq!(toggled_edge(&e, 1, 3), None);
        let f = without_vertex(&e, 0).unwrap();
        assert_eq!(text_of(&f), "..:0-1:1,0/2,1");
        let g = recoloured(&f, 1).unwrap();
        assert_eq!(g.states, vec!['.', 'b']);
        assert_eq!(vertex_near(&g, (1.9, 1.2), 0.4), Some(1));
        assert_eq!(vertex_near(&g, (1.5, 0.5), 0.4), None);
        // Every edited text is a position of both games, and reads back.
        let mut d = drawing("P4").unwrap();
        for step in 0..24 {
            d = match step % 4 {
                0 => with_vertex(&d, (step as f64 * 0.7, -2.0)).unwrap(),
                1 => toggled_edge(&d, step % d.states.len(), d.states.len() - 1).unwrap_or(d),
                2 => recoloured(&d, step % d.states.len()).unwrap(),
                _ => without_vertex(&d, (step / 4) % d.states.len()).unwrap(),
            };
            let t = text_of(&d);
            for game in [SNORT, COL] {
                let s = session(game, &t, 100).unwrap_or_else(|e| panic!("{game} `{t}`: {e}"));
                assert_eq!(drawing(&s.position()).unwrap().points, d.points, "{t}");
            }
            d = drawing(&t).unwrap();
        }
    }

    #[test]
    fn the_frame_maps_units_to_pixels_and_back() {
        let f = Frame::fit(&[(0.0, 0.0), (6.0, 2.0)], 1.0, 50.0);
        assert_eq!((f.width, f.height), (400.0, 200.0));
        assert_eq!((f.px(0.0), f.py(2.0)), (50.0, 50.0));
        assert_eq!(f.units(350.0, 150.0), (6.0, 0.0));
        let g = Frame::fit(&[], 1.0, 50.0);
        assert_eq!((g.width, g.height), (200.0, 125.0));
        assert_eq!(g.units(100.0, 62.5), (0.0, 0.0));
    }
}
