//! The Hackenbush page's logic, as plain data (tested natively): an
//! automatic layout of a position (ground at the bottom; a tidy tree, its
//! chords untangled) and the picture's frame (layout units to pixels and
//! back, shrunk to fit a tall picture, kept still while drawing), where a
//! pointer snaps to, which edges are off the ground (no part of the
//! position), the exact value readout within a budget, chopping edges in
//! play, the computer's chops, what Undo/Redo keeps of a change of the
//! board (on the shared [`Record`], which takes the computer's reply back
//! with the move it answered, as on every board), and the presets with
//! their sources.

use crate::record::{By, Record};
use cgt::canonical::Canon;
use cgt::rulesets::engine::{EngineError, Solver};
use cgt::rulesets::hackenbush::{Colour, Hackenbush, HackenbushError};
use cgt::side::Side;
use std::collections::HashMap;

/// Most positions the page searches per part before saying "too large".
pub const MAX_POSITIONS: usize = 60_000;

/// Most positions searched per option for a hover preview or the exact
/// player's look at each chop (tens of milliseconds at most): a position
/// valued at once by a theorem can have options that need the full search
/// (every chop of a Redwood bed's foot or leg leaves a picture that is no
/// bed), and a hover must not pause the page.
pub const OPTION_MAX_POSITIONS: usize = 4_000;

/// Presets: (name, position, value as checked, source).
pub const PRESETS: [(&str, &str, &str, &str); 11] = [
    ("stalk BRBRRBBR", "0-1:b 1-2:r 2-3:b 3-4:r 4-5:r 5-6:b 6-7:b 7-8:r", "77/128", "Berlekamp's rule; two solvers"),
    ("blue edge, 3 red on top", "stalk:brrr", "1/8", "Koene (2024), section 2.1.2"),
    ("one green edge", "0-1:g", "*", "Koene (2024), Figure 4"),
    ("two green edges stacked", "0-1:g 1-2:g", "*2", "Koene (2024), section 2.1.1"),
    (
        "Red-Blue-Green tree (9 edges)",
        "0-1:b 1-2:r 2-3:g 1-4:g 4-5:b 0-6:r 6-7:b 7-8:g 6-9:r",
        "-1/2^*",
        "checked by two independent solvers",
    ),
    (
        "Red-Blue-Green (14 edges)",
        "0-1:b 1-2:r 2-3:g 1-4:g 4-5:b 0-6:r 6-7:b 7-8:g 6-9:r 0-10:g 10-11:b 11-12:r 10-13:r 13-14:b",
        "-1/2^",
        "checked by two independent solvers",
    ),
    (
        "Red-Blue-Green (20 edges)",
        "0-1:b 1-2:r 2-3:g 1-4:g 4-5:b 0-6:r 6-7:b 7-8:g 6-9:r 0-10:g 10-11:b 11-12:r 10-13:r 13-14:b 0-15:b 15-16:g 16-0:r 15-17:r 17-18:b 18-19:g",
        "-3/4^",
        "checked by two independent solvers",
    ),
    ("three stalks", "stalk:br stalk:rb stalk:bbr", "3/2", "Berlekamp's rule per stalk"),
    (
        "small Redwood bed (12 edges)",
        "0-4:b 4-1:r 0-5:b 5-2:r 0-6:b 6-3:r 1-7:r 7-2:r 2-8:r 8-3:r 1-9:r 9-3:r",
        "1/8",
        "the numbers-only solver and the general search",
    ),
    (
        "Redwood bed (30 edges)",
        "0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r",
        "1/128",
        "Berlekamp, Conway and Guy (2001), Winning Ways ch. 7; valued at once by its theorem on beds",
    ),
    (
        "Redwood bed and a blue edge on a leg (31 edges)",
        "0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r 7-25:b",
        "1/64",
        "no longer a bed: the numbers-only search, in the background",
    ),
];

/// Where each vertex is drawn (x, y with the ground at y = 0, up is +y)
/// and where each edge touching the ground meets it.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Edge endpoints as points: `(x1, y1, x2, y2)` per edge, in edge order.
    pub segments: Vec<(f64, f64, f64, f64)>,
    pub width: f64,
    pub height: f64,
}

/// A readable layout: a vertex's height is its distance from the ground
/// (in edges), and the breadth-first tree from the ground is laid out tidily
/// (each part in its own band), so stalks stand straight and trees branch.
pub fn layout(h: &Hackenbush) -> Layout {
    layout_with(h, &Coords::new())
}

/// Vertex positions the user chose (layout units: x, and y = height above
/// the ground); they override the automatic layout.
pub type Coords = std::collections::BTreeMap<u32, (f64, f64)>;

/// `1:0.5,1;2:0.5,2` (the URL's `hbxy=`).
pub fn coords_to_text(c: &Coords) -> String {
    let f = |x: f64| {
        let t = format!("{x:.2}");
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    c.iter().map(|(v, (x, y))| format!("{v}:{},{}", f(*x), f(*y))).collect::<Vec<_>>().join(";")
}

/// Read `coords_to_text`'s format; malformed or out-of-range entries are
/// skipped (a link is user input).
pub fn coords_from_text(s: &str) -> Coords {
    s.split(';').take(cgt::rulesets::hackenbush::MAX_EDGES * 2).filter_map(coord_entry).collect()
}

/// One `v:x,y` entry of `hbxy=`, if it is one.
fn coord_entry(item: &str) -> Option<(u32, (f64, f64))> {
    let (v, xy) = item.split_once(':')?;
    let (x, y) = xy.split_once(',')?;
    let (Ok(v), Ok(x), Ok(y)) = (v.trim().parse::<u32>(), x.trim().parse::<f64>(), y.trim().parse::<f64>()) else { return None };
    (v > 0 && x.is_finite() && y.is_finite() && (-50.0..=500.0).contains(&x) && (0.0..=200.0).contains(&y)).then_some((v, (x, y)))
}

/// What a link's `hbxy=` is told about the entries [`coords_from_text`]
/// skips (issue 43: they were dropped without a word): `None` when every
/// entry is read.
pub fn coords_problem(s: &str) -> Option<String> {
    let max = cgt::rulesets::hackenbush::MAX_EDGES * 2;
    let items: Vec<&str> = s.split(';').filter(|i| !i.trim().is_empty()).collect();
    let bad: Vec<(usize, &str)> = items.iter().take(max).enumerate().filter(|(_, i)| coord_entry(i).is_none()).map(|(k, i)| (k + 1, *i)).collect();
    let mut out = Vec::new();
    if let Some((k, item)) = bad.first() {
        let shown: String = item.chars().take(20).collect();
        let more = if bad.len() > 1 { format!(" and {} more", bad.len() - 1) } else { String::new() };
        out.push(format!("has entries that are not `point:x,y` (a point numbered from 1, x from -50 to 500, y from 0 to 200): entry {k} (`{shown}`){more}; those points are placed automatically"));
    }
    if items.len() > max {
        out.push(format!("has {} entries; the first {max} are read", items.len()));
    }
    (!out.is_empty()).then(|| out.join("; "))
}

/// The user's placed points that still fit a retyped position: a point
/// keeps its place only while the edges at it and at its neighbours join
/// the same points as before (a colour may change); a point of a different picture that
/// happens to reuse its number goes back to the automatic layout.
pub fn keep_points(old: &Hackenbush, new: &Hackenbush, coords: &Coords) -> Coords {
    let ends_at = |h: &Hackenbush, v: u32| {
        let mut n: Vec<u32> = h
            .edges()
            .iter()
            .filter_map(|e| match e.ends() {
                (a, b) if a == v => Some(b),
                (a, b) if b == v => Some(a),
                _ => None,
            })
            .collect();
        n.sort_unstable();
        n
    };
    let same = |v: u32| v == 0 || ends_at(old, v) == ends_at(new, v);
    // The point and its neighbours: a stalk retyped over a picture keeps
    // no stray point that happens to have the same one neighbour.
    coords.iter().filter(|(&v, _)| same(v) && ends_at(new, v).into_iter().all(same)).map(|(&v, &p)| (v, p)).collect()
}

/// Every vertex off the ground and where it is drawn.
pub fn vertex_positions(h: &Hackenbush, coords: &Coords) -> Vec<(u32, f64, f64)> {
    let (at, _, _) = positions(h, coords, UNTANGLE_MAX_EDGES);
    let mut vs: Vec<(u32, f64, f64)> = at.into_iter().filter(|&(v, _)| v != 0).map(|(v, (x, y))| (v, x, y)).collect();
    vs.sort_by_key(|p| p.0);
    vs
}

/// The automatic layout with the user's positions laid over it.
pub fn layout_with(h: &Hackenbush, coords: &Coords) -> Layout {
    layout_within(h, coords, UNTANGLE_MAX_EDGES)
}

/// As [`layout_with`], untangling chords in pictures of at most
/// `untangle_max` edges.
fn layout_within(h: &Hackenbush, coords: &Coords, untangle_max: usize) -> Layout {
    let (at, width, height) = positions(h, coords, untangle_max);
    let edges = h.edges();
    // Ground contacts: straight below the other end; several edges from
    // the ground to one vertex fan out.
    let mut fan: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
    let segments = edges
        .iter()
        .map(|e| {
            let (a, b) = e.ends();
            let pt = |v: u32| at.get(&v).copied().unwrap_or((0.0, 0.0));
            match (a, b) {
                (0, 0) => (0.0, 0.0, 0.0, 0.0),
                (0, v) | (v, 0) => {
                    let k = fan.entry(v).or_insert(0);
                    let off = match *k {
                        0 => 0.0,
                        k if k % 2 == 1 => -0.3 * k.div_ceil(2) as f64,
                        k => 0.3 * (k / 2) as f64,
                    };
                    *k += 1;
                    let (vx, vy) = pt(v);
                    (vx + off, 0.0, vx, vy)
                }
                (a, b) => {
                    let ((x1, y1), (x2, y2)) = (pt(a), pt(b));
                    (x1, y1, x2, y2)
                }
            }
        })
        .collect();
    Layout { segments, width, height }
}

/// Where every vertex is drawn (by vertex number; the ground is 0), the
/// width and the height. Vertex numbers are mapped to dense indices first:
/// a link may name vertex 4000000000.
fn positions(h: &Hackenbush, coords: &Coords, untangle_max: usize) -> (HashMap<u32, (f64, f64)>, f64, f64) {
    let mut index: HashMap<u32, usize> = HashMap::from([(0, 0)]);
    let mut ids = vec![0u32];
    let mut dense = |v: u32| {
        *index.entry(v).or_insert_with(|| {
            ids.push(v);
            ids.len() - 1
        })
    };
    let ends: Vec<(usize, usize)> = h.edges().iter().map(|e| (dense(e.ends().0), dense(e.ends().1))).collect();
    let n = ids.len();
    let mut adj: Vec<Vec<usize>> = vec![vec![]; n];
    for &(a, b) in &ends {
        adj[a].push(b);
        adj[b].push(a);
    }
    // Breadth-first from the ground: a vertex's height is its distance from
    // the ground, and the search tree is what the tidy layout below spreads.
    let mut depth = vec![usize::MAX; n];
    let mut parent = vec![usize::MAX; n];
    depth[0] = 0;
    let mut order = vec![0usize];
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &w in &adj[v] {
            if depth[w] == usize::MAX {
                depth[w] = depth[v] + 1;
                parent[w] = v;
                order.push(w);
            }
        }
    }
    // Vertices not connected to the ground (they would fall) stand on top,
    // each hung from the ground as its own tree.
    let top = depth.iter().filter(|&&d| d != usize::MAX).max().copied().unwrap_or(0) + 1;
    for v in 1..n {
        if depth[v] == usize::MAX {
            depth[v] = top;
            parent[v] = 0;
            order.push(v);
        }
    }
    // A tidy tree: each vertex gets a band as wide as its number of leaves,
    // children side by side inside it, so parts never overlap (a tree is
    // drawn without crossings); edges off the tree are drawn as chords,
    // and the children are reordered while that removes crossings.
    let mut children: Vec<Vec<usize>> = vec![vec![]; n];
    for &v in order.iter().skip(1) {
        children[parent[v]].push(v);
    }
    let (mut x, leaves) = untangle(&order, &mut children, &ends, &depth, untangle_max);
    let mut y: Vec<f64> = depth.iter().map(|&d| d as f64).collect();
    lift_twigs(&children, &ends, &depth, &mut x, &mut y, untangle_max);
    let mut width = leaves[0].max(1.0);
    let mut height = y.iter().skip(1).copied().fold(0.0, f64::max).max(1.0);
    let mut out: HashMap<u32, (f64, f64)> = ids.iter().enumerate().map(|(i, &v)| (v, (x[i], y[i]))).collect();
    for (&v, &(cx, cy)) in coords {
        if let Some(p) = out.get_mut(&v).filter(|_| v != 0) {
            *p = (cx, cy);
            width = width.max(cx + 1.0);
            height = height.max(cy);
        }
    }
    (out, width, height)
}

/// The tidy tree's x of every vertex and the width of its band (in
/// leaves), children in the order of `children`.
fn tidy_x(order: &[usize], children: &[Vec<usize>]) -> (Vec<f64>, Vec<f64>) {
    let n = children.len();
    let mut leaves = vec![1.0f64; n];
    for &v in order.iter().rev() {
        if !children[v].is_empty() {
            leaves[v] = children[v].iter().map(|&c| leaves[c]).sum();
        }
    }
    let mut x = vec![0.0f64; n];
    let mut start = vec![0.0f64; n];
    for &v in order {
        let mut at = start[v];
        for &c in &children[v] {
            start[c] = at;
            x[c] = at + (leaves[c] - 1.0) / 2.0;
            at += leaves[c];
        }
    }
    (x, leaves)
}

/// How many pairs of edges cross (edges sharing an end do not count): an
/// edge from the ground stands straight under its other end.
fn crossings(ends: &[(usize, usize)], x: &[f64], depth: &[usize]) -> usize {
    let y: Vec<f64> = depth.iter().map(|&d| d as f64).collect();
    crossings_at(ends, x, &y)
}

/// [`crossings`] with every point's height given.
fn crossings_at(ends: &[(usize, usize)], x: &[f64], y: &[f64]) -> usize {
    let seg = |&(a, b): &(usize, usize)| {
        let p = |v: usize, foot: usize| if v == 0 { (x[foot], 0.0) } else { (x[v], y[v]) };
        (p(a, b), p(b, a))
    };
    let segs: Vec<_> = ends.iter().map(seg).collect();
    let orient = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        let v = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
        if v.abs() < 1e-9 {
            0
        } else if v > 0.0 {
            1
        } else {
            -1
        }
    };
    let mut n = 0;
    for i in 0..segs.len() {
        for j in i + 1..segs.len() {
            let ((a, b), (c, d)) = (ends[i], ends[j]);
            if a == c || a == d || b == c || b == d {
                continue;
            }
            let ((p1, p2), (q1, q2)) = (segs[i], segs[j]);
            if orient(p1, p2, q1) * orient(p1, p2, q2) < 0 && orient(q1, q2, p1) * orient(q1, q2, p2) < 0 {
                n += 1;
            }
        }
    }
    n
}

/// Largest picture (edges) whose children are reordered to remove
/// crossings (a search of about edges² checks per swap tried).
const UNTANGLE_MAX_EDGES: usize = 64;

/// The tidy layout, with neighbouring children swapped while a swap
/// removes crossings (a bed's chords); a tree has none and is left as it
/// is. Returns the x of every vertex and its band's width.
fn untangle(order: &[usize], children: &mut [Vec<usize>], ends: &[(usize, usize)], depth: &[usize], max_edges: usize) -> (Vec<f64>, Vec<f64>) {
    let (mut x, mut leaves) = tidy_x(order, children);
    if ends.len() > max_edges {
        return (x, leaves);
    }
    let mut best = crossings(ends, &x, depth);
    let mut rounds = 0;
    while best > 0 && rounds < 6 {
        rounds += 1;
        let mut better = false;
        for v in 0..children.len() {
            for k in 1..children[v].len() {
                children[v].swap(k - 1, k);
                let (x2, l2) = tidy_x(order, children);
                let c = crossings(ends, &x2, depth);
                if c < best {
                    (best, x, leaves, better) = (c, x2, l2, true);
                } else {
                    children[v].swap(k - 1, k);
                }
            }
        }
        if !better {
            break;
        }
    }
    (x, leaves)
}

/// Points lying on (or within a few pixels of) an edge they are not an end
/// of: drawn, they would look joined to it.
fn touches(ends: &[(usize, usize)], x: &[f64], y: &[f64]) -> usize {
    let mut n = 0;
    for &(a, b) in ends {
        let p = |v: usize, foot: usize| if v == 0 { (x[foot], 0.0) } else { (x[v], y[v]) };
        let ((x1, y1), (x2, y2)) = (p(a, b), p(b, a));
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len2 = dx * dx + dy * dy;
        for v in 1..x.len() {
            if v == a || v == b || len2 == 0.0 {
                continue;
            }
            let t = (((x[v] - x1) * dx + (y[v] - y1) * dy) / len2).clamp(0.0, 1.0);
            let (cx, cy) = (x1 + t * dx - x[v], y1 + t * dy - y[v]);
            if cx * cx + cy * cy < 0.15 * 0.15 {
                n += 1;
            }
        }
    }
    n
}

/// Heights a twig may be lifted by (layout units) to arch over others.
const LIFTS: [f64; 7] = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0];

/// Twigs (points with no children in the tidy tree, at least two above the
/// ground, joined to two or more points below: a bed's red twigs between
/// legs) move over the middle of what they join and rise, while that
/// removes crossings or points lying on edges. The tidy layout keeps every
/// point at its distance from the ground, so a twig joining the first and
/// last legs must cross the middle one's; lifted, it arches over them.
fn lift_twigs(children: &[Vec<usize>], ends: &[(usize, usize)], depth: &[usize], x: &mut [f64], y: &mut [f64], max_edges: usize) {
    if ends.len() > max_edges {
        return;
    }
    let n = x.len();
    let mut nbrs: Vec<Vec<usize>> = vec![vec![]; n];
    for &(a, b) in ends {
        nbrs[a].push(b);
        nbrs[b].push(a);
    }
    let twigs: Vec<usize> =
        (1..n).filter(|&v| children[v].is_empty() && depth[v] >= 2 && nbrs[v].len() >= 2 && nbrs[v].iter().all(|&w| w != 0 && depth[w] < depth[v])).collect();
    if twigs.is_empty() {
        return;
    }
    let badness = |x: &[f64], y: &[f64]| crossings_at(ends, x, y) + touches(ends, x, y);
    let mut best = badness(x, y);
    // Widest twigs first: they arch over the narrow ones.
    let span = |x: &[f64], v: usize| {
        let xs = nbrs[v].iter().map(|&w| x[w]);
        xs.clone().fold(f64::MIN, f64::max) - xs.fold(f64::MAX, f64::min)
    };
    let mut order = twigs.clone();
    order.sort_by(|&a, &b| span(x, b).total_cmp(&span(x, a)));
    for _round in 0..3 {
        if best == 0 {
            break;
        }
        let mut better = false;
        for &v in &order {
            let mid = nbrs[v].iter().map(|&w| x[w]).sum::<f64>() / nbrs[v].len() as f64;
            let (x0, y0) = (x[v], y[v]);
            let mut pick = (best, x0, y0);
            for cx in [x0, mid] {
                for lift in LIFTS {
                    x[v] = cx;
                    y[v] = depth[v] as f64 + lift;
                    let b = badness(x, y);
                    if b < pick.0 {
                        pick = (b, cx, y[v]);
                    }
                }
            }
            (best, x[v], y[v]) = pick;
            better |= pick.1 != x0 || pick.2 != y0;
        }
        if !better {
            break;
        }
    }
}

/// How far the drawn points reach (layout units): the leftmost and
/// rightmost x and the highest y (the ground is y = 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    pub min_x: f64,
    pub max_x: f64,
    pub max_y: f64,
}

impl Extent {
    /// Every point and ground contact of `h` as drawn with `coords` (at
    /// least one unit wide and high, so an empty bed has a frame too).
    pub fn of(h: &Hackenbush, coords: &Coords) -> Extent {
        let l = layout_with(h, coords);
        let mut e = Extent { min_x: 0.0, max_x: 0.0, max_y: 1.0 };
        for &(x1, y1, x2, y2) in &l.segments {
            e.min_x = e.min_x.min(x1).min(x2);
            e.max_x = e.max_x.max(x1).max(x2);
            e.max_y = e.max_y.max(y1).max(y2);
        }
        // At least one unit wide, widened evenly so that a lone stalk
        // stands in the middle.
        let pad = ((1.0 - (e.max_x - e.min_x)) / 2.0).max(0.0);
        Extent { min_x: e.min_x - pad, max_x: e.max_x + pad, ..e }
    }

    /// Both extents at once.
    pub fn union(self, o: Extent) -> Extent {
        Extent { min_x: self.min_x.min(o.min_x), max_x: self.max_x.max(o.max_x), max_y: self.max_y.max(o.max_y) }
    }

    /// With room to draw beside and above the picture (at least
    /// [`DRAW_ROOM`] units wide and high): the frame the editor keeps
    /// while drawing, so that the ground stays under the pointer.
    pub fn with_room(self) -> Extent {
        Extent { min_x: self.min_x - 0.5, max_x: (self.max_x + 3.0).max(self.min_x - 0.5 + DRAW_ROOM.0), max_y: (self.max_y + 1.5).max(DRAW_ROOM.1) }
    }
}

/// Least room the editor offers (layout units, wide and high).
pub const DRAW_ROOM: (f64, f64) = (8.0, 5.0);

/// Tallest picture (pixels) before the units shrink to fit: a 41-edge
/// stalk fits in about this height instead of needing 2,000 px of scrolling.
pub const MAX_PICTURE_HEIGHT: f64 = 560.0;

/// Where the picture's layout units land in the SVG (pixels): the size of
/// the picture, pixels per unit, where x = 0 is and where the ground is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub width: f64,
    pub height: f64,
    pub unit: f64,
    /// The pixel column of x = 0.
    pub left: f64,
    /// The pixel row of the ground (y = 0).
    pub ground: f64,
}

/// Vertical squash of the drawing (a bed reads better a little flatter).
const Y_SQUASH: f64 = 0.92;

impl Frame {
    /// Pixels per layout unit (at most).
    pub const UNIT: f64 = 56.0;
    /// Pixels per layout unit (at least, however tall the picture).
    pub const MIN_UNIT: f64 = 14.0;

    /// The frame showing `e`: [`Frame::UNIT`] pixels per unit, fewer for a
    /// picture taller than [`MAX_PICTURE_HEIGHT`]; half a unit and 10 px
    /// of margin beside, 20 px below the ground for its line.
    pub fn fit(e: Extent) -> Frame {
        let margin = |unit: f64| 0.5 * unit + 10.0;
        let tall = e.max_y * Y_SQUASH;
        let unit = ((MAX_PICTURE_HEIGHT - 30.0) / (tall + 0.5)).clamp(Frame::MIN_UNIT, Frame::UNIT);
        let ground = margin(unit) + tall * unit;
        Frame { width: (e.max_x - e.min_x) * unit + 2.0 * margin(unit), height: ground + 20.0, unit, left: margin(unit) - e.min_x * unit, ground }
    }

    /// Pixel column of layout x.
    pub fn px(&self, x: f64) -> f64 {
        self.left + x * self.unit
    }

    /// Pixel row of layout y (height above the ground).
    pub fn py(&self, y: f64) -> f64 {
        self.ground - y * self.unit * Y_SQUASH
    }

    /// Layout units of a pixel.
    pub fn units(&self, sx: f64, sy: f64) -> (f64, f64) {
        ((sx - self.left) / self.unit, (self.ground - sy) / (self.unit * Y_SQUASH))
    }

    /// Line width and point radius (pixels), thinner when the units shrink.
    pub fn pen(&self) -> (f64, f64) {
        let k = self.unit / Frame::UNIT;
        ((5.0 * k).max(2.5), (4.0 * k).max(2.5))
    }
}

/// The picture's own CSS variables on the theme's palette: its background,
/// green edges (the palette's green), the mark of the selected edge and
/// of points being moved (the palette's hover colour, solid: a pale
/// translucent halo all but vanished on white), and the line width.
pub fn picture_style(pal: &cgt_draw::Palette, stroke: f64) -> String {
    use cgt_draw::palette::css_hex;
    format!("--hb-bg: {}; --hb-green: {}; --hb-mark: {}; --hb-stroke: {stroke:.1}px", css_hex(pal.background), css_hex(pal.mean), css_hex(pal.hover))
}

/// Below this height (layout units) a drag's end lands on the ground: a
/// press a few pixels above the ground line means the ground, never a
/// point hanging just above it (the old editor made `3-4:g` out of it).
pub const GROUND_SNAP: f64 = 0.3;

/// How near (layout units) a drag's end must come to a point to join it.
pub const POINT_SNAP: f64 = 0.35;

/// What a point (layout units) lands on: an existing point within reach,
/// the ground, or a new point.
pub fn snap(verts: &[(u32, f64, f64)], (x, y): (f64, f64)) -> End {
    let near =
        verts.iter().map(|&(v, vx, vy)| (v, ((vx - x).powi(2) + (vy - y).powi(2)).sqrt())).filter(|&(_, d)| d < POINT_SNAP).min_by(|a, b| a.1.total_cmp(&b.1));
    match near {
        Some((v, _)) => End::Vertex(v),
        None if y < GROUND_SNAP => End::Ground(x),
        None => End::New(x, y),
    }
}

/// One end of an edge drawn with the mouse.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum End {
    /// The ground (at this x).
    Ground(f64),
    Vertex(u32),
    /// A new point at (x, y).
    New(f64, f64),
}

/// Shortest edge the editor accepts, in layout units.
pub const MIN_EDGE: f64 = 0.35;

/// Add an edge of `colour` from `a` to `b`, giving new points the next free
/// numbers; a degenerate edge is refused with a hint.
pub fn add_edge(h: &Hackenbush, coords: &Coords, a: End, b: End, colour: Colour) -> Result<(Hackenbush, Coords), String> {
    let pos = vertex_positions(h, coords);
    let at = |e: End| -> (f64, f64) {
        match e {
            End::Ground(x) => (x, 0.0),
            End::New(x, y) => (x, y),
            End::Vertex(v) => pos.iter().find(|p| p.0 == v).map_or((0.0, 0.0), |p| (p.1, p.2)),
        }
    };
    if let (End::Ground(_), End::Ground(_)) = (a, b) {
        return Err("an edge needs an end off the ground: draw up from the ground".into());
    }
    if let (End::Vertex(u), End::Vertex(v)) = (a, b) {
        if u == v {
            return Err("an edge needs two different ends".into());
        }
    }
    let ((x1, y1), (x2, y2)) = (at(a), at(b));
    if ((x1 - x2).powi(2) + (y1 - y2).powi(2)).sqrt() < MIN_EDGE {
        return Err("too short: drag further to draw an edge".into());
    }
    let mut next = h
        .edges()
        .iter()
        .flat_map(|e| [e.ends().0, e.ends().1])
        .max()
        .unwrap_or(0)
        .checked_add(1)
        .filter(|n| n.checked_add(1).is_some())
        .ok_or("no vertex numbers left: renumber the points")?;
    let mut coords = coords.clone();
    let mut id = |e: End, coords: &mut Coords| -> u32 {
        match e {
            End::Ground(_) => 0,
            End::Vertex(v) => v,
            End::New(x, y) => {
                let v = next;
                next += 1;
                coords.insert(v, (x, y));
                v
            }
        }
    };
    let (u, v) = (id(a, &mut coords), id(b, &mut coords));
    let edge = cgt::rulesets::hackenbush::Edge::new(u, v, colour).ok_or("an edge needs two different ends")?;
    let mut edges = h.edges().to_vec();
    edges.push(edge);
    let h2 = Hackenbush::new(edges).map_err(|e| e.to_string())?;
    Ok((h2, coords))
}

/// Lowest a point may be moved to (layout units above the ground).
pub const MIN_HEIGHT: f64 = 0.3;

/// Moves point `v` to `to` (layout units, kept above the ground), pinning
/// every other point where it is drawn now, so that nothing else jumps.
pub fn move_point(h: &Hackenbush, coords: &Coords, v: u32, to: (f64, f64)) -> Result<Coords, String> {
    if v == 0 {
        return Err("the ground stays where it is: move the points above it".into());
    }
    let pos = vertex_positions(h, coords);
    if !pos.iter().any(|p| p.0 == v) {
        return Err(format!("there is no point {v} in this picture"));
    }
    let mut out: Coords = pos.iter().map(|&(w, x, y)| (w, (x, y))).collect();
    out.insert(v, (to.0, to.1.max(MIN_HEIGHT)));
    Ok(out)
}

/// The position without edge `i` (nothing falls: this is editing, not play).
pub fn delete_edge(h: &Hackenbush, i: usize) -> Option<Hackenbush> {
    let mut edges = h.edges().to_vec();
    if i >= edges.len() {
        return None;
    }
    edges.remove(i);
    Hackenbush::new(edges).ok()
}

/// The exact value readout of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueReadout {
    pub value: String,
    pub outcome: String,
    pub parts: Vec<(String, String)>,
}

/// The value, outcome and per-part values within the page's own budget,
/// or why not (too large: the page then asks its worker, see
/// [`crate::solver`]).
pub fn value_readout(h: &Hackenbush) -> Result<ValueReadout, HackenbushError> {
    value_readout_within(h, MAX_POSITIONS)
}

/// As [`value_readout`] with a budget of `max` positions per part.
///
/// Valued through the generic engine ([`Solver`]), as the board page and
/// `cgt game hackenbush` value it: Hackenbush's fast paths are its
/// `known_value`, so this is one value path, not a second one.
pub fn value_readout_within(h: &Hackenbush, max: usize) -> Result<ValueReadout, HackenbushError> {
    let mut solver: Solver<Hackenbush> = Solver::new(max);
    let parts = solver.component_values(h).map_err(|e| engine_error(e, max))?;
    let canon = solver.canon();
    let name = |canon: &mut Canon, g| canon.name_within(g, 2_000).unwrap_or_else(|| "(too long to print)".into());
    let mut v = canon.zero();
    let mut named = Vec::with_capacity(parts.len());
    for (part, c) in parts {
        v = canon.add(v, c);
        named.push((part.to_string(), name(canon, c)));
    }
    let value = name(canon, v);
    let outcome = canon.outcome(v).to_string();
    Ok(ValueReadout { value, outcome, parts: named })
}

/// The engine's refusal in Hackenbush's words (the page's messages name
/// Hackenbush's budget; a Hackenbush value is always dyadic, so the
/// engine's only refusal here is the budget).
fn engine_error(e: EngineError, max: usize) -> HackenbushError {
    match e {
        EngineError::TooLarge { max } => HackenbushError::TooLarge { max },
        EngineError::Canon(_) | EngineError::Refused { .. } => HackenbushError::TooLarge { max },
    }
}

/// The computer's chop for `side` (Left Blue, Right Red), played exactly: a
/// move to a position the mover wins from as the second player (value >= 0
/// for Blue, <= 0 for Red), the best such by value where values compare; if
/// there is none, the move to the best value for the mover. `Err` when the
/// position is too large to solve within the page's budget.
pub fn best_chop(h: &Hackenbush, side: Side) -> Result<Option<usize>, String> {
    let (mut solver, rated) = rate_chops(h, side)?;
    Ok(best_of(&mut solver, &rated, side))
}

/// A chop (edge index), the value after it, and whether it wins.
type RatedChop = (usize, cgt::canonical::CanonId, bool);

/// The best chop, each chop with its value's text and whether it wins,
/// and whether the values are told apart by winning only.
type RatedChops = (Option<usize>, Vec<(usize, String, bool)>, bool);

/// Every chop of `side` with the value it leaves and whether it wins (the
/// opponent then moves and loses), valued by one solver (the options share
/// most components), which is returned to compare the values.
fn rate_chops(h: &Hackenbush, side: Side) -> Result<(Solver<Hackenbush>, Vec<RatedChop>), String> {
    use std::cmp::Ordering;
    let mut solver: Solver<Hackenbush> = Solver::new(OPTION_MAX_POSITIONS);
    let zero = solver.canon().zero();
    let mut out = Vec::new();
    for i in 0..h.edges().len() {
        if !can_chop(h, i, side) {
            continue;
        }
        let next = h.remove(i).expect("edge exists");
        let v = solver.value(&next).map_err(|e| engine_error(e, OPTION_MAX_POSITIONS).to_string())?;
        // The mover wins as the second player from what it leaves: 0 for
        // either side (issue 43: Red's chops to 0 counted as losses, so in
        // green pictures Red chopped at random), else > 0 for Blue, < 0
        // for Red.
        let wins = match solver.canon().partial_cmp(v, zero) {
            Some(Ordering::Equal) => true,
            Some(Ordering::Greater) => side == Side::Left,
            Some(Ordering::Less) => side == Side::Right,
            None => false,
        };
        out.push((i, v, wins));
    }
    Ok((solver, out))
}

/// The best of rated chops: a winning one first, then the best value for
/// the mover where values compare.
fn best_of(solver: &mut Solver<Hackenbush>, rated: &[(usize, cgt::canonical::CanonId, bool)], side: Side) -> Option<usize> {
    use std::cmp::Ordering;
    let canon = solver.canon();
    let mut best: Option<(usize, cgt::canonical::CanonId, bool)> = None;
    for &(i, v, wins) in rated {
        let better = match &best {
            None => true,
            Some((_, b, b_wins)) => {
                if wins != *b_wins {
                    wins
                } else {
                    let c = canon.partial_cmp(v, *b);
                    c == Some(match side {
                        Side::Left => Ordering::Greater,
                        Side::Right => Ordering::Less,
                    })
                }
            }
        };
        if better {
            best = Some((i, v, wins));
        }
    }
    best.map(|(i, _, _)| i)
}

/// Every chop of `side` with the value it leaves and whether it wins
/// (the opponent then moves and loses), one solver for all.
/// Also whether every chop leaves a nimber (an impartial choice, as in
/// green pictures: then chops are told apart by winning and losing only,
/// never by "more").
fn rated_chops(h: &Hackenbush, side: Side) -> Result<RatedChops, String> {
    let (mut solver, rated) = rate_chops(h, side)?;
    let best = best_of(&mut solver, &rated, side);
    let canon = solver.canon();
    let impartial = rated.iter().all(|&(_, v, _)| canon.nimber_index(v).is_some());
    let named = rated.into_iter().map(|(i, v, wins)| (i, canon.name_within(v, 200).unwrap_or_else(|| "(a long value)".into()), wins)).collect();
    Ok((best, named, impartial))
}

/// What chopping edge `i` is worth for `side` against the best chop
/// (issue 24's feedback): a best chop, a worse one (and the better), or one
/// that changed the outcome. `None` when it cannot be said (too large, or
/// not a chop of `side`).
pub fn judge_chop(h: &Hackenbush, i: usize, side: Side) -> Option<String> {
    let (best, rated, impartial) = rated_chops(h, side).ok()?;
    let best = best?;
    let (_, best_v, best_wins) = rated.iter().find(|r| r.0 == best)?.clone();
    let (_, v, wins) = rated.iter().find(|r| r.0 == i)?.clone();
    let who = short_side(side);
    let (e, b) = (h.edges()[i], h.edges()[best]);
    Some(if impartial && !best_wins {
        format!("{who}'s chop of {e} leaves {v}: no chop wins here (the picture was worth 0, a P-position), so every chop loses against best play.")
    } else if best_wins && !wins {
        format!("{who}'s chop of {e} changed the outcome: {who} could win (chopping {b}), and now loses against best play (it leaves {v}).")
    } else if v != best_v {
        format!("{who}'s chop of {e} is not the best: chopping {b} leaves {best_v} instead of {v}.")
    } else {
        format!("{who}'s chop of {e}: a best chop (it leaves {v}{}).", if wins { ", a win with best play" } else { "" })
    })
}

/// Blue or Red, as the feedback names them.
fn short_side(side: Side) -> &'static str {
    match side {
        Side::Left => "Blue",
        Side::Right => "Red",
    }
}

/// The best chop for `side` and why (the Hint button).
pub fn chop_hint(h: &Hackenbush, side: Side) -> Option<String> {
    let who = short_side(side);
    let (best, rated, impartial) = match rated_chops(h, side) {
        Ok((Some(b), rated, impartial)) => (b, rated, impartial),
        Ok((None, _, _)) => return Some(format!("{who} has no edge to chop.")),
        Err(_) => return Some("This picture is too large to solve exactly here.".to_string()),
    };
    let (_, v, wins) = rated.iter().find(|r| r.0 == best)?.clone();
    let e = h.edges()[best];
    let other = short_side(side.other());
    Some(if wins {
        format!("Best for {who}: chop {e}: it wins against any defence (it leaves {v}).")
    } else if impartial {
        format!("No chop wins for {who} here: the picture is worth 0 (a P-position), so whoever moves loses against best play. Every chop leaves a nimber other than 0, from which {other} wins by chopping back to 0 (chopping {e}, for one, leaves {v}).")
    } else {
        format!("Best for {who}: chop {e}: no chop wins here, and this one leaves the most (it leaves {v}).")
    })
}

/// Above this time for the position's own value (ms), the page's computer
/// plays by UCT: the exact player values every option, which costs several
/// times as much (a second or more on mixed 25-edge pictures).
pub const EXACT_PLAYER_MS: f64 = 40.0;

/// Playouts of the page's UCT player (positions too large to play exactly).
pub const UCT_ITERATIONS: u32 = 3_000;

/// The UCT player's chop for `side` (seeded), for positions too large for
/// [`best_chop`]; `None` without a move.
pub fn uct_chop(h: &Hackenbush, side: Side, seed: u64) -> Option<usize> {
    use cgt::rulesets::hackenbush::PlayBoard;
    use cgt::search::montecarlo::{uct_move, UctConfig};
    let cfg = UctConfig { iterations: UCT_ITERATIONS, seed, ..UctConfig::default() };
    uct_move(&PlayBoard::new(h), side, cfg).map(|c| c.mv)
}

/// What chopping edge `i` leaves, as a sentence ("chopping 1-2:r leaves
/// 3/8"), or why it cannot be said.
pub fn chop_preview(h: &Hackenbush, i: usize) -> Option<String> {
    let e = *h.edges().get(i)?;
    let (next, gone) = h.chop(i)?;
    let fall = gone.len() - 1;
    let falls = match fall {
        0 => String::new(),
        1 => " (1 more edge falls)".to_string(),
        n => format!(" ({n} more edges fall)"),
    };
    Some(match value_readout_within(&next, OPTION_MAX_POSITIONS) {
        Ok(r) => format!("chopping {e} leaves {}{falls}", r.value),
        Err(_) => format!("chopping {e}{falls}: too large to value here"),
    })
}

/// Can `side` (Left Blue, Right Red) chop edge `i`? Only an edge of its
/// colour (or green) that is part of the position: joined to the ground.
pub fn can_chop(h: &Hackenbush, i: usize, side: Side) -> bool {
    h.edges().get(i).is_some_and(|e| e.colour().playable_by(side)) && grounded(h).get(i).copied().unwrap_or(false)
}

/// Which edges are joined to the ground (through other edges): the
/// others are no part of the position (they would fall at once), and the
/// page draws them faded.
pub fn grounded(h: &Hackenbush) -> Vec<bool> {
    let edges = h.edges();
    let mut reached: std::collections::HashSet<u32> = std::collections::HashSet::from([0]);
    let mut on = vec![false; edges.len()];
    // Edges are few (at most MAX_EDGES): sweep until nothing changes.
    let mut changed = true;
    while changed {
        changed = false;
        for (i, e) in edges.iter().enumerate() {
            let (a, b) = e.ends();
            if !on[i] && (reached.contains(&a) || reached.contains(&b)) {
                on[i] = true;
                reached.insert(a);
                reached.insert(b);
                changed = true;
            }
        }
    }
    on
}

/// The note under the picture when some edges are not joined to the
/// ground, or `None`.
pub fn loose_note(h: &Hackenbush) -> Option<String> {
    let n = grounded(h).iter().filter(|g| !**g).count();
    match n {
        0 => None,
        1 => Some("The faded edge does not touch the ground (even through other edges): it is not part of the position. Join it to the ground or to an edge on it.".into()),
        n => Some(format!("The {n} faded edges do not touch the ground (even through other edges): they are not part of the position. Join them to the ground or to an edge on it.")),
    }
}

/// Whose turn it is, or who has won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    ToChop(Side),
    /// The side to move has no edge to chop: in normal play it loses.
    Won(Side),
}

/// The turn in `h` with `to_move` to move.
pub fn turn(h: &Hackenbush, to_move: Side) -> Turn {
    if (0..h.edges().len()).any(|i| can_chop(h, i, to_move)) {
        Turn::ToChop(to_move)
    } else {
        Turn::Won(to_move.other())
    }
}

/// "Blue (Left)" or "Red (Right)".
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "Blue (Left)",
        Side::Right => "Red (Right)",
    }
}

impl Turn {
    /// The status line above the picture.
    pub fn text(self) -> String {
        match self {
            Turn::ToChop(s) => format!("{} to chop", side_name(s)),
            Turn::Won(w) => format!("{} has no edge to chop: {} wins", side_name(w.other()), side_name(w)),
        }
    }
}

/// One change of the board as Undo and Redo keep it: a chop (yours or
/// the computer's) or an edit of the picture (drawing, deleting, moving a
/// point), with the states before and after it. The board's turn is not
/// the record's alternation (Switch side changes it by hand), so the
/// states carry it.
#[derive(Clone, Debug, PartialEq)]
pub struct Change<T> {
    pub before: T,
    /// The state the change led to as it stood when the next change came
    /// (or Undo): what happened in between without a change of its own
    /// (Switch side, a point dragged after it was grabbed) is redone too.
    pub after: T,
}

/// The changes of the board, in the order made.
pub type Changes<T> = Record<Change<T>>;

/// A change from `before`, by `side`, made `by` you or the computer (what
/// was undone can no longer be redone).
pub fn record_change<T: Clone>(rec: &mut Changes<T>, before: T, side: Side, by: By) {
    if let Some(last) = rec.last_mut() {
        last.mv.after = before.clone();
    }
    rec.push_as(Change { after: before.clone(), before }, side, by);
}

/// Undo from the state `now`: the state to show (before your last change,
/// the computer's replies undone with it), `None` with nothing of yours
/// to undo.
pub fn undo_change<T: Clone>(rec: &mut Changes<T>, now: T) -> Option<T> {
    if !rec.can_undo() {
        return None;
    }
    if let Some(last) = rec.last_mut() {
        last.mv.after = now;
    }
    rec.undo().map(|p| p.mv.before.clone())
}

/// Redo: the state after the change undone last and the computer's
/// replies to it.
pub fn redo_change<T: Clone>(rec: &mut Changes<T>) -> Option<T> {
    rec.redo().map(|p| p.mv.after.clone())
}

/// The colour's CSS class.
/// The board as TikZ for LaTeX: the page's layout (points where the page
/// has them), the edges on the ground (a loose edge is not part of the
/// position and is left out).
pub fn board_tikz(h: &Hackenbush, coords: &Coords, pal: &cgt_draw::Palette) -> String {
    let l = layout_with(h, coords);
    let on = grounded(h);
    let edges: Vec<cgt_draw::tikz_pictures::BoardEdge> = h
        .edges()
        .iter()
        .enumerate()
        .filter(|(i, _)| on[*i])
        .map(|(i, e)| {
            let (x1, y1, x2, y2) = l.segments[i];
            (
                x1,
                y1,
                x2,
                y2,
                match e.colour() {
                    Colour::Blue => 'b',
                    Colour::Red => 'r',
                    Colour::Green => 'g',
                },
            )
        })
        .collect();
    cgt_draw::tikz_pictures::hackenbush_tikz(&edges, pal)
}

pub fn colour_class(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blue",
        Colour::Red => "red",
        Colour::Green => "green",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Who wins with `side` to move, by brute force over the positions
    /// (memoised): independent of the solver and of `best_chop`.
    fn wins_moving(h: &Hackenbush, side: Side, memo: &mut HashMap<(Hackenbush, bool), bool>) -> bool {
        let key = (h.clone(), side == Side::Left);
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let w = (0..h.edges().len()).filter(|&i| can_chop(h, i, side)).any(|i| !wins_moving(&h.remove(i).unwrap(), side.other(), memo));
        memo.insert(key, w);
        w
    }

    /// The nim-value of a green picture by brute force (mex over chops).
    fn grundy(h: &Hackenbush, memo: &mut HashMap<Hackenbush, usize>) -> usize {
        if let Some(&g) = memo.get(h) {
            return g;
        }
        let mut seen: Vec<usize> = (0..h.edges().len()).filter(|&i| can_chop(h, i, Side::Left)).map(|i| grundy(&h.remove(i).unwrap(), memo)).collect();
        seen.sort_unstable();
        seen.dedup();
        let g = seen.iter().enumerate().find(|&(i, &x)| i != x).map_or(seen.len(), |(i, _)| i);
        memo.insert(h.clone(), g);
        g
    }

    /// Plays `best_chop` (what the page's computer plays within its
    /// budget) for both sides to the end from `h`, `first` moving first;
    /// `check` sees each position, the mover and the computer's chop.
    fn play_out(h: &Hackenbush, first: Side, mut check: impl FnMut(&Hackenbush, Side, usize)) {
        let (mut h, mut side) = (h.clone(), first);
        while let Some(i) = best_chop(&h, side).unwrap() {
            check(&h, side, i);
            h = h.remove(i).unwrap();
            side = side.other();
        }
    }

    /// Issue 43 item 10: as Red in green pictures the computer chopped at
    /// random (a chop to 0 did not count as a win for Red). Now, on both
    /// sides, from every position it can win it chops to one it still wins
    /// from, on every preset small enough to check by brute force and on
    /// random green pictures (checked against nim-values by brute force).
    #[test]
    fn the_computer_wins_every_position_it_can_on_both_sides() {
        let h: Hackenbush = "stalk:ggg stalk:ggggg stalk:g".parse().unwrap();
        let i = best_chop(&h, Side::Right).unwrap().unwrap();
        let mut gm = HashMap::new();
        assert_eq!(grundy(&h.remove(i).unwrap(), &mut gm), 0, "Red chopped {}", h.edges()[i]);
        let mut checked = 0;
        for (name, text, _, _) in PRESETS {
            let h: Hackenbush = text.parse().unwrap();
            if h.edges().len() > 14 {
                continue;
            }
            let mut memo = HashMap::new();
            for first in [Side::Left, Side::Right] {
                play_out(&h, first, |p, side, i| {
                    if wins_moving(p, side, &mut memo) {
                        checked += 1;
                        assert!(
                            !wins_moving(&p.remove(i).unwrap(), side.other(), &mut memo),
                            "{name}: {side:?} chopped {} in {p} and lost its win",
                            p.edges()[i]
                        );
                    }
                });
            }
        }
        // Random green pictures: up to 9 edges among 6 points (0 the ground).
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut n_positions = 0;
        for _ in 0..300 {
            let edges = 2 + next(8);
            let text: Vec<String> = (0..edges)
                .map(|_| {
                    let a = next(6);
                    let b = (a + 1 + next(5)) % 6;
                    format!("{a}-{b}:g")
                })
                .collect();
            let h: Hackenbush = text.join(" ").parse().unwrap();
            for first in [Side::Left, Side::Right] {
                play_out(&h, first, |p, side, i| {
                    if grundy(p, &mut gm) != 0 {
                        n_positions += 1;
                        assert_eq!(grundy(&p.remove(i).unwrap(), &mut gm), 0, "{side:?} chopped {} in {p} (nim-value {})", p.edges()[i], grundy(p, &mut gm));
                    }
                });
            }
        }
        assert!(checked > 20 && n_positions > 500, "{checked} preset positions, {n_positions} green ones");
    }

    /// Issue 43 item 11: in a green P-position every chop loses; the Hint
    /// and the feedback say so in words of winning and losing, never that
    /// one nimber "leaves the most".
    #[test]
    fn impartial_chops_are_told_apart_by_winning_only() {
        let h: Hackenbush = "stalk:ggg stalk:ggggg stalk:gggggg".parse().unwrap();
        for side in [Side::Left, Side::Right] {
            let hint = chop_hint(&h, side).unwrap();
            assert!(!hint.contains("the most"), "{hint}");
            assert!(hint.contains("No chop wins") && hint.contains("P-position") && hint.contains("loses against best play"), "{hint}");
            for i in 0..h.edges().len() {
                let j = judge_chop(&h, i, side).unwrap();
                assert!(j.contains("every chop loses against best play") && !j.contains("not the best"), "{j}");
            }
        }
        // An N-position: the winning chop is named, a losing one changed
        // the outcome (stalks of 1 and 3 green edges: *1 + *3 = *2).
        let h: Hackenbush = "stalk:g stalk:ggg".parse().unwrap();
        assert!(chop_hint(&h, Side::Right).unwrap().contains("it wins against any defence (it leaves 0)"), "{:?}", chop_hint(&h, Side::Right));
        let lone = h.edges().iter().position(|e| e.to_string() == "0-1:g").unwrap();
        assert!(judge_chop(&h, lone, Side::Right).unwrap().contains("changed the outcome"));
    }

    /// Issue 24: a blue edge beside a red-blue stalk (1 - 1/2 = 1/2), Blue
    /// to move. Chopping the stalk's blue top leaves 0 (Blue wins);
    /// chopping the lone blue edge leaves -1/2 (Red wins).
    #[test]
    fn chops_are_judged_against_the_best() {
        let h: Hackenbush = "0-1:b 0-2:r 2-3:b".parse().unwrap();
        let lone = h.edges().iter().position(|e| e.to_string() == "0-1:b").unwrap();
        let top = h.edges().iter().position(|e| e.to_string() == "2-3:b").unwrap();
        assert_eq!(judge_chop(&h, top, Side::Left).unwrap(), "Blue's chop of 2-3:b: a best chop (it leaves 0, a win with best play).");
        assert_eq!(
            judge_chop(&h, lone, Side::Left).unwrap(),
            "Blue's chop of 0-1:b changed the outcome: Blue could win (chopping 2-3:b), and now loses against best play (it leaves -1/2)."
        );
        assert_eq!(chop_hint(&h, Side::Left).unwrap(), "Best for Blue: chop 2-3:b: it wins against any defence (it leaves 0).");
        // Both win, one leaves more: stalk b b r.
        let s: Hackenbush = "stalk:bbr".parse().unwrap();
        let low = s.edges().iter().position(|e| e.to_string() == "0-1:b").unwrap();
        assert!(judge_chop(&s, low, Side::Left).unwrap().contains("is not the best"), "{:?}", judge_chop(&s, low, Side::Left));
        assert!(judge_chop(&s, low, Side::Right).is_none(), "not Red's edge");
    }

    /// The board's TikZ: a blue-red stalk stands on the ground, blue first;
    /// a loose edge is left out.
    #[test]
    fn the_board_as_tikz() {
        let h: Hackenbush = "0-1:b 1-2:r 5-6:g".parse().unwrap();
        let t = board_tikz(&h, &Coords::new(), &cgt_draw::Palette::LIGHT);
        let blue = t.lines().find(|l| l.contains("\\draw[cgtleft")).unwrap();
        let red = t.lines().find(|l| l.contains("\\draw[cgtright")).unwrap();
        assert!(blue.contains(",0.000) --"), "blue stands on the ground: {t}");
        assert!(!t.contains("cgtgreen, line width"), "the loose green edge is not drawn: {t}");
        // The red edge starts where the blue one ends, higher up.
        let end_of = |l: &str| l.rsplit("-- (").next().unwrap().trim_end_matches(");").to_string();
        assert!(red.contains(&format!("({}) --", end_of(blue))), "{blue}\n{red}");
    }

    #[test]
    fn presets_have_their_values() {
        for (name, pos, want, _) in PRESETS {
            let h: Hackenbush = pos.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            // The large bed within the worker's budget (see solver.rs).
            let r = value_readout(&h).or_else(|_| value_readout_within(&h, crate::solver::WORKER_MAX_POSITIONS));
            assert_eq!(r.unwrap().value, want, "{name}");
        }
    }

    #[test]
    fn layout_stands_stalks_up_and_puts_feet_on_the_ground() {
        let h: Hackenbush = "stalk:brb stalk:r".parse().unwrap();
        let l = layout(&h);
        assert_eq!(l.segments.len(), 4);
        // Every edge touching the ground starts at y = 0; the stalk is vertical.
        for (x1, y1, x2, y2) in &l.segments {
            assert!(*y1 >= 0.0 && *y2 > *y1 || (*y1 > *y2 && *y2 >= 0.0));
            assert!((x1 - x2).abs() < 1e-9, "stalks stand straight");
        }
        assert_eq!(l.height, 3.0);
        assert!(l.width >= 2.0);
        // Vertex numbers from a link can be huge: laid out by rank, not number.
        let far: Hackenbush = "0-4000000000:b 4000000000-7:r".parse().unwrap();
        assert_eq!(layout(&far).segments, vec![(0.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 2.0)]);
        let max: Hackenbush = format!("0-{}:b", u32::MAX).parse().unwrap();
        assert!(add_edge(&max, &Coords::new(), End::Vertex(u32::MAX), End::New(0.0, 3.0), Colour::Red).is_err());
        // Two edges from the ground to one vertex fan out.
        let two: Hackenbush = "0-1:b 0-1:r".parse().unwrap();
        let s = layout(&two).segments;
        assert!(s[0].0 != s[1].0);
    }

    #[test]
    fn the_computer_chops_winning_moves() {
        // stalk br = 1/2: Blue's only chop takes both edges and leaves 0,
        // where Red, to move, loses.
        let h: Hackenbush = "stalk:br".parse().unwrap();
        assert_eq!(best_chop(&h, Side::Left).unwrap(), Some(0));
        // Red's only move.
        assert_eq!(best_chop(&h, Side::Right).unwrap(), Some(1));
        // Two stalks b and r plus a green edge (value *): the mover takes the green.
        let g: Hackenbush = "stalk:b stalk:r stalk:g".parse().unwrap();
        assert_eq!(best_chop(&g, Side::Left).unwrap(), Some(2));
        assert_eq!(best_chop(&g, Side::Right).unwrap(), Some(2));
        // No move at all.
        assert_eq!(best_chop(&"stalk:r".parse().unwrap(), Side::Left).unwrap(), None);
        // Blue, on the 77/128 stalk, keeps a non-negative position.
        let s: Hackenbush = PRESETS[0].1.parse().unwrap();
        let i = best_chop(&s, Side::Left).unwrap().unwrap();
        let after = s.remove(i).unwrap();
        let v = value_readout(&after).unwrap().value;
        assert!(!v.starts_with('-'), "{v}");
    }

    #[test]
    fn previews_say_what_a_chop_leaves() {
        let h: Hackenbush = "stalk:brr".parse().unwrap();
        assert_eq!(chop_preview(&h, 1).unwrap(), "chopping 1-2:r leaves 1 (1 more edge falls)");
        assert_eq!(chop_preview(&h, 0).unwrap(), "chopping 0-1:b leaves 0 (2 more edges fall)");
        assert_eq!(chop_preview(&h, 2).unwrap(), "chopping 2-3:r leaves 1/2");
        assert!(chop_preview(&h, 3).is_none());
    }

    #[test]
    fn the_beds_previews_and_exact_player_stay_within_a_small_budget() {
        let bed: Hackenbush = PRESETS.iter().find(|p| p.0.contains("Redwood bed (30")).unwrap().1.parse().unwrap();
        // A bed edge leaves a bed (Winning Ways' theorem again): 16 bed
        // edges less one, the same Steiner tree of 10, so 2^-(5+1).
        assert_eq!(bed.edges()[14].to_string(), "1-18:r");
        assert_eq!(chop_preview(&bed, 14).unwrap(), "chopping 1-18:r leaves 1/64");
        // A foot leaves a hanging leg: no bed, and too large for a hover.
        assert_eq!(chop_preview(&bed, 0).unwrap(), "chopping 0-11:b: too large to value here");
        // So the exact player declines (the page then plays by UCT).
        assert!(best_chop(&bed, Side::Left).is_err());
    }

    #[test]
    fn drawing_edges_with_the_mouse() {
        let h = Hackenbush::default();
        let c = Coords::new();
        // Up from the ground to a new point: a blue foot, then a red edge on it.
        let (h, c) = add_edge(&h, &c, End::Ground(0.0), End::New(0.0, 1.0), Colour::Blue).unwrap();
        let (h, c) = add_edge(&h, &c, End::Vertex(1), End::New(0.5, 2.0), Colour::Red).unwrap();
        assert_eq!(h.to_string(), "0-1:b 1-2:r");
        assert_eq!(value_readout(&h).unwrap().value, "1/2");
        assert_eq!(coords_to_text(&c), "1:0,1;2:0.5,2");
        assert_eq!(coords_from_text(&coords_to_text(&c)), c);
        let l = layout_with(&h, &c);
        assert_eq!(l.segments[1], (0.0, 1.0, 0.5, 2.0));
        // Degenerate edges are refused with a hint.
        assert!(add_edge(&h, &c, End::Ground(0.0), End::Ground(2.0), Colour::Red).unwrap_err().contains("ground"));
        assert!(add_edge(&h, &c, End::Vertex(1), End::Vertex(1), Colour::Red).is_err());
        assert!(add_edge(&h, &c, End::Vertex(1), End::New(0.1, 1.1), Colour::Red).unwrap_err().contains("too short"));
        // Deleting is editing: nothing falls.
        assert_eq!(delete_edge(&h, 0).unwrap().to_string(), "1-2:r");
        // Bad coordinates in a link are skipped.
        assert_eq!(coords_from_text("x;1:a,b;0:1,1;3:1,-5;4:2,3"), Coords::from([(4, (2.0, 3.0))]));
    }

    #[test]
    fn the_frame_maps_units_to_pixels_and_back_and_the_pointer_snaps() {
        let h: Hackenbush = "stalk:brr".parse().unwrap();
        let f = Frame::fit(Extent::of(&h, &Coords::new()));
        let (sx, sy) = (f.px(0.3), f.py(1.7));
        let (x, y) = f.units(sx, sy);
        assert!((x - 0.3).abs() < 1e-9 && (y - 1.7).abs() < 1e-9, "{x} {y}");
        assert!(f.py(0.0) < f.height && f.px(0.0) > 0.0, "the ground and the stalk are inside");
        let verts = vertex_positions(&h, &Coords::new());
        assert_eq!(snap(&verts, (0.1, 1.1)), End::Vertex(1));
        assert_eq!(snap(&verts, (1.5, 0.1)), End::Ground(1.5));
        assert_eq!(snap(&verts, (1.5, 1.0)), End::New(1.5, 1.0));
        // A press just above the ground line is the ground, not a point
        // hanging in the air.
        assert_eq!(snap(&verts, (2.0, 0.25)), End::Ground(2.0));
        assert_eq!(snap(&verts, (2.0, -0.2)), End::Ground(2.0));
    }

    #[test]
    fn a_tall_stalk_fits_and_the_editor_keeps_its_frame() {
        let tall: Hackenbush = format!("stalk:{}", "br".repeat(20) + "b").parse().unwrap();
        assert_eq!(tall.edges().len(), 41);
        let f = Frame::fit(Extent::of(&tall, &Coords::new()));
        assert!(f.height <= MAX_PICTURE_HEIGHT + 40.0, "{f:?}");
        assert!(f.py(41.0) > 0.0 && f.py(0.0) < f.height, "the whole stalk is inside: {f:?}");
        // The default stalk keeps the full size.
        let small = Frame::fit(Extent::of(&"stalk:brr".parse().unwrap(), &Coords::new()));
        assert_eq!(small.unit, Frame::UNIT);
        // Drawing: the frame with room does not move when an edge is added
        // inside it (the ground stays under the pointer).
        let empty = Hackenbush::default();
        let room = Extent::of(&empty, &Coords::new()).with_room();
        let before = Frame::fit(room);
        let (h, c) = add_edge(&empty, &Coords::new(), End::Ground(0.0), End::New(0.0, 1.0), Colour::Blue).unwrap();
        let (h, c) = add_edge(&h, &c, End::Vertex(1), End::New(3.0, 3.5), Colour::Red).unwrap();
        assert_eq!(Frame::fit(room.union(Extent::of(&h, &c))), before);
        // A picture off to the left is framed, not cut off.
        let left = Extent { min_x: -2.0, max_x: 1.0, max_y: 2.0 };
        assert!(Frame::fit(left).px(-2.0) > 0.0);
    }

    #[test]
    fn the_picture_is_drawn_on_the_themes_palette_with_contrast() {
        use cgt_draw::palette::contrast_ratio;
        use cgt_draw::Palette;
        for pal in [Palette::LIGHT, Palette::DARK] {
            let style = picture_style(&pal, 5.0);
            assert!(style.contains(&cgt_draw::palette::css_hex(pal.background)), "{style}");
            for c in [pal.left, pal.right, pal.mean, pal.hover] {
                assert!(contrast_ratio(c, pal.background) >= 3.0, "{c:?} on {:?}", pal.background);
            }
        }
        assert_ne!(picture_style(&Palette::LIGHT, 5.0), picture_style(&Palette::DARK, 5.0));
    }

    #[test]
    fn chords_are_untangled_and_trees_keep_their_tidy_layout() {
        // 4 stands on 1 and is joined to 3: in edge order the chord 4-3
        // crosses 2-5; a swap of 2 and 3 removes the crossing.
        let h: Hackenbush = "0-1:b 0-2:b 0-3:b 1-4:r 2-5:r 4-3:r".parse().unwrap();
        let count_within = |h: &Hackenbush, untangle_max: usize| {
            let s = layout_within(h, &Coords::new(), untangle_max).segments;
            let mut n = 0;
            for i in 0..s.len() {
                for j in i + 1..s.len() {
                    let (a, b) = (h.edges()[i].ends(), h.edges()[j].ends());
                    if [a.0, a.1].iter().any(|v| [b.0, b.1].contains(v)) {
                        continue;
                    }
                    let ((p1, p2), (q1, q2)) = (((s[i].0, s[i].1), (s[i].2, s[i].3)), ((s[j].0, s[j].1), (s[j].2, s[j].3)));
                    let o = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| ((q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)).signum();
                    if o(p1, p2, q1) * o(p1, p2, q2) < 0.0 && o(q1, q2, p1) * o(q1, q2, p2) < 0.0 {
                        n += 1;
                    }
                }
            }
            n
        };
        let count = |h: &Hackenbush| count_within(h, UNTANGLE_MAX_EDGES);
        assert_eq!(count_within(&h, 0), 1, "in edge order");
        assert_eq!(count(&h), 0, "{:?}", layout(&h).segments);
        // The Redwood beds: never more crossings than in edge order (with
        // every point at its distance from the ground, a twig joining the
        // first and last legs must cross the middle one's).
        for bed in [PRESETS[8].1, PRESETS[9].1] {
            let bed: Hackenbush = bed.parse().unwrap();
            let (naive, untangled) = (count_within(&bed, 0), count(&bed));
            eprintln!("{} edges: {untangled} crossings, {naive} in edge order", bed.edges().len());
            assert!(untangled <= naive, "{untangled} crossings, {naive} in edge order");
            // No point lies on an edge it is not an end of (it would look
            // joined to it).
            let s = layout(&bed).segments;
            for (i, e) in bed.edges().iter().enumerate() {
                let (x1, y1, x2, y2) = s[i];
                for (j, f) in bed.edges().iter().enumerate() {
                    let (a, b) = (e.ends(), f.ends());
                    for (k, v) in [(0, b.0), (1, b.1)] {
                        if j == i || v == 0 || v == a.0 || v == a.1 {
                            continue;
                        }
                        let (px, py) = if k == 0 { (s[j].0, s[j].1) } else { (s[j].2, s[j].3) };
                        let (dx, dy) = (x2 - x1, y2 - y1);
                        let t = (((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
                        let d = ((x1 + t * dx - px).powi(2) + (y1 + t * dy - py).powi(2)).sqrt();
                        assert!(d >= 0.15, "point {v} lies on edge {e}");
                    }
                }
            }
        }
        // Lifted twigs arch over the others: the small bed has no crossing
        // at all, and the 30-edge bed a quarter of edge order's (the tidy
        // layout alone left half).
        let small: Hackenbush = PRESETS[8].1.parse().unwrap();
        assert_eq!(count(&small), 0, "{:?}", layout(&small).segments);
        let big: Hackenbush = PRESETS[9].1.parse().unwrap();
        assert!(count(&big) <= 5, "{} crossings", count(&big));
        // A tree: as before (a stalk stands straight, feet side by side).
        assert_eq!(layout(&"stalk:br stalk:r".parse().unwrap()).segments, vec![(0.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 2.0), (1.0, 0.0, 1.0, 1.0)]);
    }

    #[test]
    fn the_uct_player_chops_its_own_colour_on_the_big_bed() {
        let bed: Hackenbush = PRESETS[9].1.parse().unwrap();
        for side in Side::BOTH {
            let i = uct_chop(&bed, side, 1).expect("a move");
            assert!(can_chop(&bed, i, side));
            assert_eq!(uct_chop(&bed, side, 1), Some(i), "seeded");
        }
        assert_eq!(uct_chop(&"0-1:r".parse().unwrap(), Side::Left, 1), None);
    }

    #[test]
    fn retyping_keeps_only_the_points_that_still_fit() {
        let old: Hackenbush = "0-1:b 1-2:r 3-4:g".parse().unwrap();
        let c = Coords::from([(1, (0.0, 1.0)), (2, (0.5, 2.0)), (4, (3.0, 3.0))]);
        // A colour changed: every point keeps its place.
        assert_eq!(keep_points(&old, &"0-1:r 1-2:r 3-4:g".parse().unwrap(), &c), c);
        // A new picture reusing the numbers: the points that no longer fit go.
        let tall: Hackenbush = "stalk:brbr".parse().unwrap();
        assert_eq!(keep_points(&old, &tall, &c), Coords::new());
        // Another part removed: this part's points stay.
        let part: Hackenbush = "0-1:b 1-2:r".parse().unwrap();
        assert_eq!(keep_points(&old, &part, &c), Coords::from([(1, (0.0, 1.0)), (2, (0.5, 2.0))]));
    }

    #[test]
    fn moving_a_point_pins_the_others() {
        let h: Hackenbush = "0-1:b 1-2:r 0-3:r".parse().unwrap();
        let before = vertex_positions(&h, &Coords::new());
        let c = move_point(&h, &Coords::new(), 2, (5.0, -1.0)).unwrap();
        let after = vertex_positions(&h, &c);
        for (&(v, x, y), &(w, x2, y2)) in before.iter().zip(&after) {
            assert_eq!(v, w);
            if v == 2 {
                assert_eq!((x2, y2), (5.0, MIN_HEIGHT), "moved, and kept above the ground");
            } else {
                assert_eq!((x, y), (x2, y2), "point {v} stays put");
            }
        }
        // The layout follows, and the text form is untouched by moving.
        assert!(layout_with(&h, &c).segments.iter().any(|s| (s.2, s.3) == (5.0, MIN_HEIGHT) || (s.0, s.1) == (5.0, MIN_HEIGHT)));
        assert!(move_point(&h, &c, 0, (1.0, 1.0)).unwrap_err().contains("ground"));
        assert!(move_point(&h, &c, 9, (1.0, 1.0)).unwrap_err().contains("no point 9"));
        // Round trip through the URL form.
        assert_eq!(coords_from_text(&coords_to_text(&c)).len(), c.len());
    }

    #[test]
    fn undo_takes_back_the_computers_reply_with_the_move_it_answered() {
        use crate::play::Player;
        // The computer plays Red: you are Blue (Left).
        let mut h: Changes<&str> = Record::new(Side::Left, Player::Left);
        assert_eq!(undo_change(&mut h, "start"), None);
        record_change(&mut h, "start", Side::Left, By::You); // you: start -> a
        record_change(&mut h, "a", Side::Right, By::Computer); // the computer: a -> b
        assert_eq!(undo_change(&mut h, "b"), Some("start"));
        assert!(!h.can_undo() && h.can_redo());
        assert_eq!(redo_change(&mut h), Some("b"), "the move and its reply again");
        assert!(!h.can_redo() && h.len() == 2);
        // Two moves each: undo goes back one move of yours at a time.
        record_change(&mut h, "b", Side::Left, By::You);
        record_change(&mut h, "c", Side::Right, By::Computer);
        assert_eq!(undo_change(&mut h, "d"), Some("b"));
        assert_eq!(undo_change(&mut h, "b"), Some("start"));
        assert_eq!(redo_change(&mut h), Some("b"));
        assert_eq!(redo_change(&mut h), Some("d"));
        // The computer moved first: undo takes your move and its reply
        // back, and stops at its opening (the record's rule on every
        // board: nothing of yours is left to take back, and the computer
        // would play the same again).
        let mut g: Changes<u8> = Record::new(Side::Right, Player::Left);
        record_change(&mut g, 0, Side::Right, By::Computer);
        record_change(&mut g, 1, Side::Left, By::You);
        record_change(&mut g, 2, Side::Right, By::Computer);
        assert_eq!(undo_change(&mut g, 3), Some(1));
        assert_eq!(undo_change(&mut g, 1), None);
        // A new change drops what was undone.
        record_change(&mut g, 1, Side::Left, By::You);
        assert!(!g.can_redo());
        // What changed after the last change without one of its own (the
        // side to move switched by hand) is redone with it.
        let mut s: Changes<&str> = Record::new(Side::Left, Player::Both);
        record_change(&mut s, "start", Side::Left, By::You);
        assert_eq!(undo_change(&mut s, "chopped, then Blue again"), Some("start"));
        assert_eq!(redo_change(&mut s), Some("chopped, then Blue again"));
    }

    #[test]
    fn the_game_ends_when_the_side_to_move_has_no_edge() {
        let h: Hackenbush = "stalk:b".parse().unwrap();
        assert_eq!(turn(&h, Side::Left), Turn::ToChop(Side::Left));
        assert_eq!(turn(&h, Side::Right), Turn::Won(Side::Left));
        assert_eq!(turn(&h, Side::Right).text(), "Red (Right) has no edge to chop: Blue (Left) wins");
        assert_eq!(turn(&Hackenbush::default(), Side::Left).text(), "Blue (Left) has no edge to chop: Red (Right) wins");
        assert_eq!(turn(&h, Side::Left).text(), "Blue (Left) to chop");
        // A blue edge in the air is no move for Blue.
        let loose: Hackenbush = "0-1:r 2-3:b".parse().unwrap();
        assert_eq!(turn(&loose, Side::Left), Turn::Won(Side::Right));
    }

    #[test]
    fn edges_off_the_ground_are_no_part_of_the_position() {
        let h: Hackenbush = "0-1:r 1-2:b 3-4:g 4-5:b".parse().unwrap();
        assert_eq!(grounded(&h), vec![true, true, false, false]);
        assert!(!can_chop(&h, 2, Side::Left) && can_chop(&h, 1, Side::Left));
        assert!(loose_note(&h).unwrap().contains("2 faded edges"));
        assert_eq!(loose_note(&"stalk:br".parse().unwrap()), None);
        // Joined through an edge drawn later (edge order does not matter).
        assert_eq!(grounded(&"1-2:b 0-1:r".parse().unwrap()), vec![true, true]);
        // The value leaves them out, and the computer never chops them.
        assert_eq!(value_readout(&h).unwrap().value, "-1/2");
        assert_eq!(best_chop(&"3-4:g 0-1:b".parse().unwrap(), Side::Left).unwrap(), Some(1));
    }

    #[test]
    fn chopping_follows_the_colours() {
        let h: Hackenbush = "0-1:b 1-2:r 2-3:g".parse().unwrap();
        assert!(can_chop(&h, 0, Side::Left) && !can_chop(&h, 0, Side::Right));
        assert!(can_chop(&h, 2, Side::Left) && can_chop(&h, 2, Side::Right));
        assert_eq!(h.remove(0).unwrap().edges().len(), 0, "everything above falls");
        let r = value_readout(&h).unwrap();
        assert_eq!(r.parts.len(), 1);
        // The Redwood bed with a blue edge on a leg (no longer a bed).
        let big: Hackenbush = "0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r 7-25:b".parse().unwrap();
        assert!(value_readout(&big).unwrap_err().to_string().contains("too large"), "refused within the budget, not frozen");
    }
}
