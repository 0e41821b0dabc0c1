//! The lab's other pictures as TikZ (the thermograph's is in
//! [`crate::tikz`]): a game tree, a Hackenbush board, a heap-go board and
//! MT-search's walls and bounds, each a standalone `tikzpicture` that
//! `\usepackage{tikz}` compiles with nothing else, in the colours of the
//! palette given (Left blue and solid, Right red and dashed, as everywhere).
//!
//! Values stay exact where the picture has them exactly (tree leaves are
//! the numbers of the game, MT walls their rational breakpoints); places
//! chosen only for drawing (a board's layout, the bounds sampled per path)
//! are decimals.

use crate::tikz::coord;
use crate::Palette;
use cgt::game::{Arena, GameId};
use cgt::numbers::Q;
use cgt::search::mt::{BoundWall, ModelWalls};
use cgt::thermograph::{Thermograph, Wall};
use std::fmt::Write;

/// `\definecolor` lines for Left, Right and the axis/ink.
fn colours(s: &mut String, pal: &Palette) {
    let c = |name: &str, c: plotters::style::RGBColor| format!("\\definecolor{{{name}}}{{RGB}}{{{},{},{}}}", c.0, c.1, c.2);
    let _ = writeln!(s, "  {}{}{}", c("cgtleft", pal.left), c("cgtright", pal.right), c("cgtaxis", pal.axis));
}

/// A number as LaTeX math: `3`, `-\frac{1}{2}`.
fn number_tex(q: &Q) -> String {
    let t = q.to_string();
    match t.split_once('/') {
        None => t,
        Some((n, d)) => match n.strip_prefix('-') {
            Some(n) => format!("-\\frac{{{n}}}{{{d}}}"),
            None => format!("\\frac{{{n}}}{{{d}}}"),
        },
    }
}

/// Most nodes a game tree picture draws (the tree is drawn out in full,
/// shared subgames repeated: past this it would not fit a page).
pub const TREE_MAX_NODES: usize = 400;

/// The game tree of `root` in the classical drawing (Winning Ways): each
/// position a dot, Left's options below to the left on blue solid edges,
/// Right's below to the right on red dashed edges, numbers written at the
/// leaves. `None` past [`TREE_MAX_NODES`] nodes.
pub fn game_tree_tikz(arena: &Arena, root: GameId, pal: &Palette) -> Option<String> {
    // Lay out the tree drawn out in full: leaves at consecutive x, each
    // parent above the middle of its children, one level per move.
    struct Placed {
        x: f64,
        depth: usize,
        label: Option<String>,
        parent: Option<(usize, bool)>,
    }
    fn place(arena: &Arena, id: GameId, depth: usize, parent: Option<(usize, bool)>, next_leaf: &mut f64, out: &mut Vec<Placed>, max: usize) -> Option<usize> {
        if out.len() >= max {
            return None;
        }
        let me = out.len();
        out.push(Placed { x: 0.0, depth, label: arena.as_number(id).map(number_tex), parent });
        let kids: Vec<(GameId, bool)> = arena.left(id).iter().map(|&g| (g, true)).chain(arena.right(id).iter().map(|&g| (g, false))).collect();
        if kids.is_empty() {
            out[me].x = *next_leaf;
            *next_leaf += 1.0;
        } else {
            let mut xs = Vec::with_capacity(kids.len());
            for (g, left) in kids {
                let k = place(arena, g, depth + 1, Some((me, left)), next_leaf, out, max)?;
                xs.push(out[k].x);
            }
            out[me].x = (xs[0] + xs[xs.len() - 1]) / 2.0;
        }
        Some(me)
    }
    let mut nodes = Vec::new();
    let mut next = 0.0;
    place(arena, root, 0, None, &mut next, &mut nodes, TREE_MAX_NODES)?;
    let width = (next - 1.0).max(1.0);
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0).max(1);
    // At most 14 cm wide and 18 cm tall; at least 0.5 cm between leaves.
    let sx = (14.0 / width).clamp(0.25, 1.0);
    let sy = (18.0 / depth as f64).min(1.2);
    let mut s = String::new();
    let _ = writeln!(s, "% Game tree: {} positions drawn, Left's options down-left (blue), Right's down-right (red, dashed) (cgt-draw).", nodes.len());
    let _ = writeln!(s, "\\begin{{tikzpicture}}[x={sx:.3}cm, y=-{sy:.3}cm, dot/.style={{circle, fill, inner sep=1.2pt}}]");
    colours(&mut s, pal);
    for (i, n) in nodes.iter().enumerate() {
        match &n.label {
            Some(l) => {
                let _ = writeln!(s, "  \\node[font=\\small, inner sep=1pt] (n{i}) at ({:.3},{}) {{${l}$}};", n.x, n.depth);
            }
            None => {
                let _ = writeln!(s, "  \\node[dot, cgtaxis] (n{i}) at ({:.3},{}) {{}};", n.x, n.depth);
            }
        }
    }
    for (i, n) in nodes.iter().enumerate() {
        if let Some((p, left)) = n.parent {
            let style = if left { "cgtleft, thick" } else { "cgtright, thick, dashed" };
            let _ = writeln!(s, "  \\draw[{style}] (n{p}) -- (n{i});");
        }
    }
    s.push_str("\\end{tikzpicture}\n");
    Some(s)
}

/// An edge of a Hackenbush picture: its ends (x right, y up from the
/// ground at 0) and colour, `b`, `r` or `g`.
pub type BoardEdge = (f64, f64, f64, f64, char);

/// A Hackenbush board as drawn on the page (the page's layout, ground at
/// y = 0): blue edges solid, red dashed, green dotted, the ground a thick
/// line under them all.
pub fn hackenbush_tikz(edges: &[BoardEdge], pal: &Palette) -> String {
    let (mut lo, mut hi, mut top) = (0.0f64, 0.0f64, 1.0f64);
    for &(x1, y1, x2, y2, _) in edges {
        lo = lo.min(x1).min(x2);
        hi = hi.max(x1).max(x2);
        top = top.max(y1).max(y2);
    }
    let unit = (12.0 / (hi - lo + 1.0)).min(10.0 / top).clamp(0.2, 1.5);
    let mut s = String::new();
    let _ = writeln!(s, "% Hackenbush: {} edges; blue (Left) solid, red (Right) dashed, green dotted (cgt-draw).", edges.len());
    let _ = writeln!(s, "\\begin{{tikzpicture}}[scale={unit:.3}, every path/.style={{line cap=round}}]");
    colours(&mut s, pal);
    let _ = writeln!(s, "  \\definecolor{{cgtgreen}}{{RGB}}{{46,139,87}}");
    let _ = writeln!(s, "  \\draw[cgtaxis, line width=2.5pt] ({:.3},0) -- ({:.3},0);", lo - 0.5, hi + 0.5);
    for &(x1, y1, x2, y2, c) in edges {
        let style = match c {
            'b' => "cgtleft, line width=1.6pt",
            'r' => "cgtright, line width=1.6pt, dashed",
            _ => "cgtgreen, line width=1.6pt, dotted",
        };
        let _ = writeln!(s, "  \\draw[{style}] ({x1:.3},{y1:.3}) -- ({x2:.3},{y2:.3});");
    }
    // The points where edges meet, on top.
    let mut points: Vec<(i64, i64)> = Vec::new();
    for &(x1, y1, x2, y2, _) in edges {
        for (x, y) in [(x1, y1), (x2, y2)] {
            if y > 1e-9 {
                let key = ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
                if !points.contains(&key) {
                    points.push(key);
                }
            }
        }
    }
    for (x, y) in points {
        let _ = writeln!(s, "  \\fill[cgtaxis] ({:.3},{:.3}) circle (2pt);", x as f64 / 1000.0, y as f64 / 1000.0);
    }
    s.push_str("\\end{tikzpicture}\n");
    s
}

/// A heap-go position as the page draws it: each heap a column of
/// counters (listed from the top down, as in the text format), its top
/// counter at the top, Left's (blue) filled, Right's (red) outlined and
/// dashed, each with its weight; heaps numbered below (an empty heap is
/// an empty column).
pub fn heapgo_tikz(heaps: &[&[cgt::rulesets::heapgo::Counter]], pal: &Palette) -> String {
    use cgt::rulesets::heapgo::CounterColour;
    let hs = heaps;
    let tallest = hs.iter().map(|h| h.len()).max().unwrap_or(0).max(1);
    let mut s = String::new();
    let _ = writeln!(s, "% Heap-go: {} heaps, each from its top counter down; blue Left's, red Right's (cgt-draw).", hs.len());
    let _ =
        writeln!(s, "\\begin{{tikzpicture}}[x=1.2cm, y=0.8cm, counter/.style={{circle, minimum size=0.65cm, inner sep=0pt, font=\\small, line width=1pt}}]");
    colours(&mut s, pal);
    for (i, heap) in hs.iter().enumerate() {
        let x = i as f64;
        // The top counter is the first: it sits highest, on the others.
        for (k, c) in heap.iter().enumerate() {
            let y = (heap.len() - 1 - k) as f64;
            let style = match c.colour() {
                CounterColour::Blue => "counter, draw=cgtleft, fill=cgtleft!25",
                CounterColour::Red => "counter, draw=cgtright, dashed, fill=cgtright!10",
            };
            let _ = writeln!(s, "  \\node[{style}] at ({x},{y}) {{${}$}};", number_tex(c.weight()));
        }
        let _ = writeln!(s, "  \\node[font=\\scriptsize, cgtaxis] at ({x},-0.9) {{heap {}}};", i + 1);
    }
    let _ = writeln!(s, "  \\draw[cgtaxis] (-0.5,-0.5) -- ({:.1},-0.5);", hs.len().max(1) as f64 - 0.5);
    let _ = writeln!(s, "  % {tallest} counters in the tallest heap.");
    s.push_str("\\end{tikzpicture}\n");
    s
}

/// `(t, value)` breakpoints of a wall from `from` up to `to`, exact.
fn wall_points(w: &Wall, from: &Q, to: &Q) -> Vec<(Q, Q)> {
    let mut pts: Vec<(Q, Q)> = w.points_from(from).into_iter().take_while(|(t, _)| t < to).collect();
    pts.push((to.clone(), w.eval(to)));
    pts
}

/// MT-search's picture of the root: the upper bound model's walls solid,
/// the lower model's dashed (Left blue, Right red), each with its mast, and
/// the exact thermograph thin and grey when given; every breakpoint exact,
/// larger values to the left. An infinite wall is named in a note.
pub fn mt_walls_tikz(upper: &ModelWalls, lower: &ModelWalls, exact: Option<&Thermograph>, pal: &Palette) -> String {
    let finite = |w: &BoundWall| match w {
        BoundWall::Finite(w) => Some(w.clone()),
        _ => None,
    };
    // The window: t from -1 to past the highest feature; every value seen.
    let mut top = Q::one();
    let (mut vmin, mut vmax) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut see = |t: &Q, v: &Q, top: &mut Q| {
        if t > top {
            *top = t.clone();
        }
        vmin = vmin.min(v.to_f64());
        vmax = vmax.max(v.to_f64());
    };
    for m in [upper, lower] {
        for w in [&m.left, &m.right].into_iter().filter_map(finite) {
            for (t, v) in w.points() {
                see(t, v, &mut top);
            }
        }
        if let Some((t, v)) = &m.mast {
            see(t, v, &mut top);
        }
    }
    if let Some(th) = exact {
        for w in [th.left_wall(), th.right_wall()] {
            for (t, v) in w.points() {
                see(t, v, &mut top);
            }
        }
        see(th.temperature(), th.mean(), &mut top);
    }
    if !vmin.is_finite() {
        (vmin, vmax) = (-1.0, 1.0);
    }
    let t_top = top.clone() + Q::one();
    let span = (vmax - vmin).max(1.0) + 2.0;
    let sx = 9.0 / span;
    let sy = (8.0 / (t_top.to_f64() + 1.0)).min(sx.max(0.25));
    let (l, r) = (vmax + 1.0, vmin - 1.0);
    let mut s = String::new();
    let _ = writeln!(s, "% MT-search: the root's walls in the upper bound model (solid) and the lower (dashed); exact thermograph thin and grey (cgt-draw).");
    let _ = writeln!(s, "\\begin{{tikzpicture}}[x={{({:.4}cm,0)}}, y={{(0,{:.4}cm)}}, >=stealth]", -sx, sy);
    colours(&mut s, pal);
    let b = -1.0;
    let t = t_top.to_f64();
    let _ = writeln!(s, "  \\draw[cgtaxis] ({l:.4},{b}) -- ({r:.4},{b});");
    let _ = writeln!(s, "  \\draw[cgtaxis] ({l:.4},{b}) -- ({l:.4},{t:.4});");
    let _ = writeln!(s, "  \\draw[cgtaxis, densely dotted] ({l:.4},0) -- ({r:.4},0);");
    for v in crate::ticks(r, l, 6) {
        let _ = writeln!(s, "  \\draw[cgtaxis] ({v},{b}) -- ++(0,-1.5mm) node[below, font=\\scriptsize] {{${}$}};", crate::tick_label(v));
    }
    for y in crate::ticks(b, t, 6) {
        let _ = writeln!(s, "  \\draw[cgtaxis] ({l:.4},{y}) -- ++(-1.5mm,0) node[left, font=\\scriptsize] {{${}$}};", crate::tick_label(y));
    }
    let from = Q::from_int(-1);
    if let Some(th) = exact {
        for w in [th.left_wall(), th.right_wall()] {
            let pts = wall_points(w, &from, th.temperature());
            let path: Vec<String> = pts.iter().map(|(t, v)| format!("({},{})", coord(v), coord(t))).collect();
            let _ = writeln!(s, "  \\draw[gray, thin] {};", path.join(" -- "));
        }
        let m = coord(th.mean());
        let _ = writeln!(s, "  \\draw[gray, thin] ({m},{}) -- ({m},{t:.4});", coord(th.temperature()));
    }
    let mut notes = Vec::new();
    for (model, dash, name) in [(upper, "", "upper"), (lower, ", dashed", "lower")] {
        let end = model.mast.as_ref().map(|(t, _)| t.clone()).unwrap_or_else(|| t_top.clone());
        for (w, side) in [(&model.left, "cgtleft"), (&model.right, "cgtright")] {
            match w {
                BoundWall::Finite(w) => {
                    let pts = wall_points(w, &from, &end);
                    let path: Vec<String> = pts.iter().map(|(t, v)| format!("({},{})", coord(v), coord(t))).collect();
                    let _ = writeln!(s, "  \\draw[{side}, thick{dash}] {};", path.join(" -- "));
                }
                BoundWall::PlusInf | BoundWall::MinusInf => {
                    let which = if side == "cgtleft" { "left" } else { "right" };
                    let inf = if matches!(w, BoundWall::PlusInf) { "+\\infty" } else { "-\\infty" };
                    notes.push(format!("{name} model: {which} wall ${inf}$"));
                }
            }
        }
        if let Some((mt, mv)) = &model.mast {
            let _ = writeln!(s, "  \\draw[cgtaxis, thick{dash}, ->] ({},{}) -- ({},{t:.4});", coord(mv), coord(mt), coord(mv));
        }
    }
    for (k, note) in notes.iter().enumerate() {
        let _ = writeln!(s, "  \\node[right, font=\\scriptsize] at ({r:.4},{:.4}) {{{}}};", t - 0.4 * (k as f64 + 1.0) / sy, note);
    }
    let _ = writeln!(s, "  \\node[below, font=\\small] at ({:.4},{b}) [yshift=-0.6cm] {{value}};", (l + r) / 2.0);
    s.push_str("\\end{tikzpicture}\n");
    s
}

/// MT-search's bounds against the paths added (the page's second
/// picture): the mean's lower and upper bounds and the temperature's, as
/// step lines (lower solid, upper dashed), the exact values dotted when
/// given. `rows` as [`crate::mt::HistoryRow`]: (paths, [m_LB, m_UB, t_LB,
/// t_UB]), an unknown bound `None`.
pub fn mt_bounds_tikz(rows: &[crate::mt::HistoryRow], exact: Option<(&Q, &Q)>, pal: &Palette) -> String {
    let (n_max, lo, hi) = crate::mt::bounds_window(rows, exact.map(|(m, t)| (m.to_f64(), t.to_f64())));
    let (sx, sy) = (10.0 / n_max, 6.0 / (hi - lo));
    let mut s = String::new();
    let _ = writeln!(s, "% MT-search: bounds of the mean (green) and the temperature (orange) against paths added; lower solid, upper dashed (cgt-draw).");
    let _ = writeln!(s, "\\begin{{tikzpicture}}[x={sx:.5}cm, y={sy:.5}cm]");
    colours(&mut s, pal);
    let (m, t) = (pal.mean, pal.temperature);
    let _ = writeln!(s, "  \\definecolor{{cgtmean}}{{RGB}}{{{},{},{}}}\\definecolor{{cgttemp}}{{RGB}}{{{},{},{}}}", m.0, m.1, m.2, t.0, t.1, t.2);
    let _ = writeln!(s, "  \\draw[cgtaxis] (0,{lo:.4}) -- ({n_max},{lo:.4});");
    let _ = writeln!(s, "  \\draw[cgtaxis] (0,{lo:.4}) -- (0,{hi:.4});");
    for x in crate::ticks(0.0, n_max, 6) {
        let _ = writeln!(s, "  \\draw[cgtaxis] ({x},{lo:.4}) -- ++(0,-1.5mm) node[below, font=\\scriptsize] {{${}$}};", crate::tick_label(x));
    }
    for y in crate::ticks(lo, hi, 6) {
        let _ = writeln!(s, "  \\draw[cgtaxis] (0,{y}) -- ++(-1.5mm,0) node[left, font=\\scriptsize] {{${}$}};", crate::tick_label(y));
    }
    let _ = writeln!(s, "  \\node[below, font=\\small] at ({:.4},{lo:.4}) [yshift=-0.6cm] {{paths added}};", n_max / 2.0);
    for (k, (colour, dash)) in [("cgtmean", ""), ("cgtmean", ", dashed"), ("cgttemp", ""), ("cgttemp", ", dashed")].into_iter().enumerate() {
        // A step line through the known values: each holds until the next row.
        let mut path: Vec<String> = Vec::new();
        let mut last: Option<f64> = None;
        for (n, b) in rows {
            match b[k] {
                Some(v) => {
                    if let Some(p) = last {
                        path.push(format!("({n},{p:.4})"));
                    }
                    path.push(format!("({n},{v:.4})"));
                    last = Some(v);
                }
                None => {
                    if path.len() > 1 {
                        let _ = writeln!(s, "  \\draw[{colour}, thick{dash}] {};", path.join(" -- "));
                    }
                    path.clear();
                    last = None;
                }
            }
        }
        if path.len() > 1 {
            let _ = writeln!(s, "  \\draw[{colour}, thick{dash}] {};", path.join(" -- "));
        }
    }
    if let Some((m, t)) = exact {
        let _ = writeln!(s, "  \\draw[cgtmean, densely dotted] (0,{}) -- ({n_max},{});", coord(m), coord(m));
        let _ = writeln!(s, "  \\draw[cgttemp, densely dotted] (0,{}) -- ({n_max},{});", coord(t), coord(t));
        let _ = writeln!(s, "  \\node[right, font=\\scriptsize] at ({n_max},{}) {{mean ${}$}};", coord(m), number_tex(m));
        let _ = writeln!(s, "  \\node[right, font=\\scriptsize] at ({n_max},{}) {{temperature ${}$}};", coord(t), number_tex(t));
    }
    s.push_str("\\end{tikzpicture}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn balanced(text: &str) {
        assert_eq!(text.matches('{').count(), text.matches('}').count(), "{text}");
        assert!(text.contains("\\begin{tikzpicture}") && text.trim_end().ends_with("\\end{tikzpicture}"), "{text}");
    }

    /// `{4|0}`: a dot with a blue edge down-left to 4 and a red dashed
    /// edge down-right to 0; the leaves are the numbers.
    #[test]
    fn a_switch_tree() {
        let t = cgt::GameTree::parse_with("{4|{1/2|-3}}", &cgt::ParseLimits::default()).unwrap();
        let text = game_tree_tikz(t.arena(), t.root(), &Palette::LIGHT).unwrap();
        balanced(&text);
        assert!(text.contains("{$4$}") && text.contains("{$\\frac{1}{2}$}") && text.contains("{$-3$}"), "{text}");
        assert_eq!(text.matches("\\draw[cgtleft, thick]").count(), 2, "{text}");
        assert_eq!(text.matches("\\draw[cgtright, thick, dashed]").count(), 2, "{text}");
        // The root (a dot) sits above the middle of its two children.
        assert!(text.contains("(n0) at (0.750,0) {}"), "{text}");
        // Too many nodes: no picture.
        let wide = format!("{{{}|}}", (0..500).map(|i| i.to_string()).collect::<Vec<_>>().join(","));
        let w = cgt::GameTree::parse_with(&wide, &cgt::ParseLimits::default()).unwrap();
        assert!(game_tree_tikz(w.arena(), w.root(), &Palette::LIGHT).is_none());
    }

    #[test]
    fn boards() {
        let hb = hackenbush_tikz(&[(0.0, 0.0, 0.0, 1.0, 'b'), (0.0, 1.0, 0.5, 2.0, 'r'), (0.0, 1.0, -0.5, 2.0, 'g')], &Palette::LIGHT);
        balanced(&hb);
        assert!(hb.contains("\\draw[cgtleft, line width=1.6pt] (0.000,0.000) -- (0.000,1.000);"), "{hb}");
        assert!(hb.contains("cgtright, line width=1.6pt, dashed") && hb.contains("cgtgreen"), "{hb}");
        assert_eq!(hb.matches("circle (2pt)").count(), 3, "three points above the ground: {hb}");
        let h: cgt::rulesets::heapgo::HeapGo = "b5,r3/r7".parse().unwrap();
        let heaps: Vec<&[cgt::rulesets::heapgo::Counter]> = h.heaps().iter().map(|x| x.as_slice()).collect();
        let hg = heapgo_tikz(&heaps, &Palette::LIGHT);
        balanced(&hg);
        // The top counter of heap 1 (b5) above r3.
        assert!(hg.contains("fill=cgtleft!25] at (0,1) {$5$}") && hg.contains("at (0,0) {$3$}") && hg.contains("at (1,0) {$7$}"), "{hg}");
        assert!(hg.contains("heap 2"), "{hg}");
    }

    #[test]
    fn mt_pictures() {
        use cgt::search::mt::BoundWall;
        let th = cgt::GameTree::parse_with("{4|0}", &cgt::ParseLimits::default()).unwrap().thermograph();
        let walls = |th: &Thermograph| ModelWalls {
            left: BoundWall::Finite(th.left_wall().clone()),
            right: BoundWall::Finite(th.right_wall().clone()),
            mast: Some((th.temperature().clone(), th.mean().clone())),
        };
        let inf = ModelWalls { left: BoundWall::PlusInf, right: BoundWall::Finite(th.right_wall().clone()), mast: None };
        let text = mt_walls_tikz(&walls(&th), &inf, Some(&th), &Palette::LIGHT);
        balanced(&text);
        assert!(text.contains("\\draw[cgtleft, thick] (5,-1) -- (2,2);"), "the upper model's left wall, exact: {text}");
        assert!(text.contains("lower model: left wall $+\\infty$"), "{text}");
        assert!(text.contains("\\draw[gray, thin]"), "{text}");
        let rows = vec![(1, [Some(1.0), Some(3.0), None, Some(4.0)]), (2, [Some(1.5), Some(2.5), Some(1.0), Some(3.0)])];
        let b = mt_bounds_tikz(&rows, Some((&Q::from_int(2), &Q::from_int(2))), &Palette::LIGHT);
        balanced(&b);
        assert!(b.contains("\\draw[cgtmean, thick] (1,1.0000) -- (2,1.0000) -- (2,1.5000);"), "{b}");
        assert!(b.contains("mean $2$"), "{b}");
    }
}
