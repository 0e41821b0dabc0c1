//! Games of colouring the vertices of a graph ([`snort`](super::snort) and
//! [`col`](super::col)): the one graph text format they share, the
//! position type, the moves, components and normalisation. The two games
//! differ only in which vertices a player may colour ([`Colouring`]).
//!
//! # The rules and the tints
//! Left colours an uncoloured vertex blue, Right colours one red. In Snort
//! a player may not colour a vertex next to a vertex of the *other*
//! player's colour; in Col not next to one of their *own* colour
//! (Winning Ways ch. 2). As in Winning Ways (and CGSuite), a coloured
//! vertex *tints* its uncoloured neighbours with its colour; a vertex's
//! tints say everything the coloured vertices do about it, so:
//!
//! - Snort: Left may colour an untinted or blue-tinted vertex, Right an
//!   untinted or red-tinted one;
//! - Col: Left may colour an untinted or red-tinted vertex, Right an
//!   untinted or blue-tinted one;
//! - a vertex tinted both ways can never be coloured, in either game.
//!
//! # Text format
//! One line, no spaces: `STATES`, then optionally `:EDGES`, then optionally
//! `:POINTS`.
//!
//! - `STATES`: one character per vertex, vertex 0 first:
//!   `.` uncoloured and untinted, `b` tinted blue (a neighbour is blue),
//!   `r` tinted red, `x` tinted both, `B` coloured blue (Left's), `R`
//!   coloured red (Right's). At most [`MAX_VERTICES`] vertices.
//! - `EDGES`: `u-v` pairs of vertex numbers (from 0) separated by `,`,
//!   e.g. `0-1,1-2`; an edge written twice counts once; no loops.
//! - `POINTS` (optional, for drawing only; values never depend on them):
//!   one `x,y` per vertex, in vertex order, separated by `/`, with at most
//!   two decimals, e.g. `0,0/1,0/0.5,1`; layout units as the Hackenbush
//!   page's (`y` up).
//!
//! Examples: `...:0-1,1-2` (a path of three), `b.r` (three lone vertices,
//! one tinted blue, one red), `B..:0-1,1-2:0,0/1,0/2,0` (a path whose first
//! vertex Left has coloured; the second is then tinted blue). Tints that
//! the coloured vertices imply are added when the text is read, so
//! `B..:0-1,1-2` prints back as `Bb.:0-1,1-2`. Shorthands for whole
//! uncoloured graphs, read but printed in full: `P5` (a path of 5
//! vertices), `C5` (a cycle), `K4` (complete), `S3` (a star: a centre,
//! vertex 0, and 3 leaves). `Display` prints edges as `u-v` with `u < v`,
//! sorted, so every position prints back as it parses.
//!
//! A move is named by the vertex coloured: `v3` colours vertex 3 (blue for
//! Left, red for Right).
//!
//! # Components and normalisation
//! A coloured vertex never changes again and acts only through the tints
//! it has already left on its neighbours, and a vertex tinted both ways is
//! never coloured: both can be deleted without changing the value. What is
//! left splits into the connected components of the vertices that can
//! still be coloured (each with its tints); those are the components.
//! Normalisation deletes the same vertices and the points, then renumbers
//! the vertices (an isomorphic graph with the same tints has the same
//! value): by colour refinement of (tint, degree, neighbours' classes), and
//! within the classes that are left, every order tried when there are at
//! most [`MAX_ORDERS`] of them, keeping the least text; past that, the
//! refined order (still a valid key, just not shared by every isomorphic
//! copy).

use super::{snippet, Ruleset};
use crate::side::Side;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::str::FromStr;

/// Most vertices (adjacency rows are bit masks).
pub const MAX_VERTICES: usize = 64;

/// Most vertex orders normalisation tries (see the module docs).
pub const MAX_ORDERS: usize = 720;

/// A vertex's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Vertex {
    /// Uncoloured, no coloured neighbour: `.`
    Free,
    /// Uncoloured, a neighbour is blue: `b`
    TintBlue,
    /// Uncoloured, a neighbour is red: `r`
    TintRed,
    /// Uncoloured, neighbours of both colours: `x`
    TintBoth,
    /// Coloured blue by Left: `B`
    Blue,
    /// Coloured red by Right: `R`
    Red,
}

impl Vertex {
    pub fn letter(self) -> char {
        match self {
            Vertex::Free => '.',
            Vertex::TintBlue => 'b',
            Vertex::TintRed => 'r',
            Vertex::TintBoth => 'x',
            Vertex::Blue => 'B',
            Vertex::Red => 'R',
        }
    }
    pub fn from_letter(c: char) -> Option<Vertex> {
        Some(match c {
            '.' => Vertex::Free,
            'b' => Vertex::TintBlue,
            'r' => Vertex::TintRed,
            'x' => Vertex::TintBoth,
            'B' => Vertex::Blue,
            'R' => Vertex::Red,
            _ => return None,
        })
    }
    pub fn is_coloured(self) -> bool {
        matches!(self, Vertex::Blue | Vertex::Red)
    }
    /// The state after a neighbour is coloured `colour` (Blue or Red).
    fn tinted(self, colour: Vertex) -> Vertex {
        match (self, colour) {
            (Vertex::Free, Vertex::Blue) => Vertex::TintBlue,
            (Vertex::Free, Vertex::Red) => Vertex::TintRed,
            (Vertex::TintBlue, Vertex::Red) | (Vertex::TintRed, Vertex::Blue) => Vertex::TintBoth,
            (s, _) => s,
        }
    }
    /// The colour `side` paints.
    pub fn colour_of(side: Side) -> Vertex {
        match side {
            Side::Left => Vertex::Blue,
            Side::Right => Vertex::Red,
        }
    }
}

/// The rule that tells Snort from Col: which vertices a side may colour.
pub trait Colouring: Clone + Copy + PartialEq + Eq + Hash + PartialOrd + Ord + fmt::Debug + Default + 'static {
    /// `cgt game NAME`.
    const NAME: &'static str;
    /// Whether `side` may colour a vertex in state `v` (never a coloured
    /// one, never one tinted both ways).
    fn may_colour(side: Side, v: Vertex) -> bool;
}

/// A graph with vertex states and optional drawing points (hundredths of a
/// layout unit).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    states: Vec<Vertex>,
    /// Bit `u` of `adj[v]`: an edge `v-u`.
    adj: Vec<u64>,
    points: Option<Vec<(i32, i32)>>,
}

/// Why a text is not a graph position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// Vertex `vertex` (0-based) has the state letter `found`.
    State { vertex: usize, found: String },
    /// Edge `item` (1-based, in the order written) is `found`, and `why`.
    Edge { item: usize, found: String, why: String },
    /// Point `item` (1-based) is `found`, not `x,y`.
    Point { item: usize, found: String },
    /// `found` points for `expected` vertices.
    PointCount { found: usize, expected: usize },
    /// More than [`MAX_VERTICES`] vertices.
    TooLarge { vertices: usize },
    /// More than three `:`-separated parts.
    Parts { found: usize },
    /// A shorthand (`P5`, `C5`, `K4`, `S3`) with a size it cannot have.
    Shorthand { found: String, why: String },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::State { vertex, found } => write!(
                f,
                "vertex {vertex}: found `{found}`, expected `.` (uncoloured), `b` or `r` (tinted blue or red: a neighbour has that colour), `x` (tinted both), `B` or `R` (coloured blue or red)"
            ),
            GraphError::Edge { item, found, why } => write!(f, "edge {item} (`{found}`): {why}"),
            GraphError::Point { item, found } => {
                write!(f, "point {item} (`{found}`): expected `x,y`, two numbers with at most two decimals between -10000 and 10000")
            }
            GraphError::PointCount { found, expected } => {
                write!(f, "{found} points for {expected} vertices; expected one `x,y` per vertex, separated by `/`")
            }
            GraphError::TooLarge { vertices } => write!(f, "{vertices} vertices; at most {MAX_VERTICES}"),
            GraphError::Parts { found } => {
                write!(f, "{found} parts separated by `:`; expected the vertex states, then optionally `:` and the edges, then optionally `:` and the points")
            }
            GraphError::Shorthand { found, why } => write!(f, "`{found}`: {why}"),
        }
    }
}

impl std::error::Error for GraphError {}

impl Graph {
    /// How many vertices.
    pub fn len(&self) -> usize {
        self.states.len()
    }
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }
    /// Vertex `v`'s state.
    pub fn state(&self, v: usize) -> Vertex {
        self.states[v]
    }
    /// Whether `u` and `v` are joined.
    pub fn adjacent(&self, u: usize, v: usize) -> bool {
        self.adj.get(u).is_some_and(|a| a >> v & 1 == 1)
    }
    /// The neighbours of `v`.
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let mut bits = self.adj[v];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let u = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(u)
        })
    }
    /// Every edge `(u, v)` with `u < v`, sorted.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.len()).flat_map(|u| self.neighbours(u).filter(move |&v| v > u).map(move |v| (u, v))).collect()
    }
    /// The drawing points in layout units (`None` when the text has none).
    pub fn points(&self) -> Option<Vec<(f64, f64)>> {
        self.points.as_ref().map(|p| p.iter().map(|&(x, y)| (x as f64 / 100.0, y as f64 / 100.0)).collect())
    }

    /// The graph of the vertices `keep` (in that order), their edges among
    /// themselves, and their points.
    fn induced(&self, keep: &[usize]) -> Graph {
        let mut adj = vec![0u64; keep.len()];
        for (i, &u) in keep.iter().enumerate() {
            for (j, &v) in keep.iter().enumerate() {
                if self.adjacent(u, v) {
                    adj[i] |= 1 << j;
                }
            }
        }
        Graph { states: keep.iter().map(|&v| self.states[v]).collect(), adj, points: self.points.as_ref().map(|p| keep.iter().map(|&v| p[v]).collect()) }
    }

    /// Vertices that may still be coloured by someone.
    fn live(&self) -> Vec<usize> {
        (0..self.len()).filter(|&v| matches!(self.states[v], Vertex::Free | Vertex::TintBlue | Vertex::TintRed)).collect()
    }

    /// The connected components of the live vertices, each in its vertices'
    /// order.
    pub fn live_components(&self) -> Vec<Graph> {
        let live = self.live();
        let mut mask: u64 = live.iter().fold(0, |m, &v| m | 1 << v);
        let mut out = Vec::new();
        while mask != 0 {
            let start = mask.trailing_zeros() as usize;
            let mut comp = 1u64 << start;
            let mut frontier = comp;
            while frontier != 0 {
                let v = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let new = self.adj[v] & mask & !comp;
                comp |= new;
                frontier |= new;
            }
            mask &= !comp;
            let keep: Vec<usize> = (0..64).filter(|&v| comp >> v & 1 == 1).collect();
            out.push(self.induced(&keep));
        }
        out
    }

    /// The live vertices only, no points, renumbered (module docs).
    pub fn normalised(&self) -> Graph {
        let live = self.live();
        let mut g = self.induced(&live);
        g.points = None;
        let order = canonical_order(&g);
        g.induced(&order)
    }

    /// `v` coloured `colour`, its uncoloured neighbours tinted.
    fn coloured(&self, v: usize, colour: Vertex) -> Graph {
        let mut g = self.clone();
        g.states[v] = colour;
        for u in self.neighbours(v) {
            g.states[u] = g.states[u].tinted(colour);
        }
        g
    }

    /// Tints implied by coloured vertices, added to the written ones.
    fn with_implied_tints(mut self) -> Graph {
        for v in 0..self.len() {
            let s = self.states[v];
            if s.is_coloured() {
                let ns: Vec<usize> = self.neighbours(v).collect();
                for u in ns {
                    self.states[u] = self.states[u].tinted(s);
                }
            }
        }
        self
    }

    /// A graph from its parts (states, edges); errors name the edge.
    pub fn new(states: Vec<Vertex>, edges: &[(usize, usize)]) -> Result<Graph, GraphError> {
        if states.len() > MAX_VERTICES {
            return Err(GraphError::TooLarge { vertices: states.len() });
        }
        let n = states.len();
        let mut adj = vec![0u64; n];
        for (i, &(u, v)) in edges.iter().enumerate() {
            check_edge(i + 1, &format!("{u}-{v}"), u, v, n)?;
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        Ok(Graph { states, adj, points: None }.with_implied_tints())
    }
}

fn check_edge(item: usize, found: &str, u: usize, v: usize, n: usize) -> Result<(), GraphError> {
    let err = |why: String| Err(GraphError::Edge { item, found: snippet(found), why });
    let range = if n == 0 { "the graph has no vertices".to_string() } else { format!("the vertices are 0 to {}", n - 1) };
    if u >= n {
        return err(format!("there is no vertex {u}; {range}"));
    }
    if v >= n {
        return err(format!("there is no vertex {v}; {range}"));
    }
    if u == v {
        return err(format!("joins vertex {u} to itself; expected two different vertices"));
    }
    Ok(())
}

/// A vertex order that puts isomorphic graphs (with equal states) in one
/// text where it can (module docs): `order[new] = old`.
fn canonical_order(g: &Graph) -> Vec<usize> {
    let n = g.len();
    // Colour refinement from (state, degree).
    let mut class: Vec<usize> = {
        let keys: Vec<(Vertex, u32)> = (0..n).map(|v| (g.states[v], g.adj[v].count_ones())).collect();
        rank(&keys)
    };
    loop {
        let keys: Vec<(usize, Vec<usize>)> = (0..n)
            .map(|v| {
                let mut ns: Vec<usize> = g.neighbours(v).map(|u| class[u]).collect();
                ns.sort_unstable();
                (class[v], ns)
            })
            .collect();
        let next = rank(&keys);
        let count = |c: &[usize]| c.iter().copied().max().map_or(0, |m| m + 1);
        let done = count(&next) == count(&class);
        class = next;
        if done {
            break;
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| (class[v], v));
    // The classes as runs of `order`.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j < n && class[order[j]] == class[order[i]] {
            j += 1;
        }
        runs.push((i, j));
        i = j;
    }
    let mut orders: usize = 1;
    for &(a, b) in &runs {
        for k in 2..=(b - a) {
            orders = orders.saturating_mul(k);
        }
    }
    if orders <= 1 || orders > MAX_ORDERS {
        return order;
    }
    // Every order within the classes; keep the least adjacency text.
    let mut best: Option<(Vec<u64>, Vec<usize>)> = None;
    let mut cur = order.clone();
    permute_runs(&runs, 0, &mut cur, &mut |o| {
        let key = adjacency_key(g, o);
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, o.to_vec()));
        }
    });
    best.map_or(order, |(_, o)| o)
}

/// Ranks of `keys` (equal keys, equal ranks; ranks in key order).
fn rank<K: Ord + Clone>(keys: &[K]) -> Vec<usize> {
    let mut sorted: Vec<K> = keys.to_vec();
    sorted.sort();
    sorted.dedup();
    keys.iter().map(|k| sorted.binary_search(k).expect("present")).collect()
}

/// Calls `f` with every order that permutes each run of `cur` within itself.
fn permute_runs(runs: &[(usize, usize)], r: usize, cur: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
    if r == runs.len() {
        f(cur);
        return;
    }
    let (a, b) = runs[r];
    permute(a, b, cur, &mut |c| permute_runs(runs, r + 1, c, f));
}

/// Heap-style permutations of `cur[a..b]` (each visited once).
fn permute(a: usize, b: usize, cur: &mut Vec<usize>, f: &mut dyn FnMut(&mut Vec<usize>)) {
    if b - a <= 1 {
        f(cur);
        return;
    }
    for i in a..b {
        cur.swap(a, i);
        permute(a + 1, b, cur, f);
        cur.swap(a, i);
    }
}

/// The adjacency rows of `g` renumbered by `order` (states are equal
/// within a class, so rows decide).
fn adjacency_key(g: &Graph, order: &[usize]) -> Vec<u64> {
    let mut pos = [0usize; MAX_VERTICES];
    for (new, &old) in order.iter().enumerate() {
        pos[old] = new;
    }
    order.iter().map(|&old| g.neighbours(old).fold(0u64, |m, u| m | 1 << pos[u])).collect()
}

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.states {
            write!(f, "{}", s.letter())?;
        }
        let edges = self.edges();
        if !edges.is_empty() || self.points.is_some() {
            f.write_str(":")?;
            for (i, (u, v)) in edges.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{u}-{v}")?;
            }
        }
        if let Some(p) = &self.points {
            f.write_str(":")?;
            for (i, &(x, y)) in p.iter().enumerate() {
                if i > 0 {
                    f.write_str("/")?;
                }
                write!(f, "{},{}", hundredths(x), hundredths(y))?;
            }
        }
        Ok(())
    }
}

/// `150` → `1.5`, `-5` → `-0.05`, `200` → `2`.
fn hundredths(v: i32) -> String {
    let sign = if v < 0 { "-" } else { "" };
    let a = v.unsigned_abs();
    let (i, frac) = (a / 100, a % 100);
    if frac == 0 {
        format!("{sign}{i}")
    } else if frac % 10 == 0 {
        format!("{sign}{i}.{}", frac / 10)
    } else {
        format!("{sign}{i}.{frac:02}")
    }
}

/// `1.5` → `150`; at most two decimals, |v| <= 10000.
fn parse_hundredths(s: &str) -> Option<i32> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || !digits(int) || !digits(frac) || frac.len() > 2 || int.len() > 5 || (body.contains('.') && frac.is_empty()) {
        return None;
    }
    let i: i32 = int.parse().ok()?;
    let fr: i32 = if frac.is_empty() { 0 } else { format!("{frac:0<2}").parse().ok()? };
    let v = i * 100 + fr;
    if v > 1_000_000 {
        return None;
    }
    Some(if neg { -v } else { v })
}

/// `P5`, `C5`, `K4`, `S3` (module docs).
fn shorthand(text: &str) -> Option<Result<Graph, GraphError>> {
    let kind = text.chars().next()?;
    // Past the first character, whatever its width (a text may start with
    // any character: `é` is two bytes).
    let num = &text[kind.len_utf8()..];
    if !"PCKS".contains(kind) || num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let bad = |why: &str| Some(Err(GraphError::Shorthand { found: snippet(text), why: why.to_string() }));
    let Ok(k) = num.parse::<usize>() else { return bad("the number is too large") };
    let n = if kind == 'S' { k + 1 } else { k };
    if n > MAX_VERTICES {
        return Some(Err(GraphError::TooLarge { vertices: n }));
    }
    let edges: Vec<(usize, usize)> = match kind {
        'P' if k >= 1 => (1..n).map(|v| (v - 1, v)).collect(),
        'P' => return bad("a path needs at least 1 vertex"),
        'C' if k >= 3 => (0..n).map(|v| (v, (v + 1) % n)).collect(),
        'C' => return bad("a cycle needs at least 3 vertices"),
        'K' if k >= 1 => (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect(),
        'K' => return bad("a complete graph needs at least 1 vertex"),
        _ if k >= 1 => (1..n).map(|v| (0, v)).collect(),
        _ => return bad("a star needs at least 1 leaf"),
    };
    Some(Graph::new(vec![Vertex::Free; n], &edges))
}

impl FromStr for Graph {
    type Err = GraphError;
    fn from_str(text: &str) -> Result<Graph, GraphError> {
        let text = text.trim();
        if let Some(g) = shorthand(text) {
            return g;
        }
        let parts: Vec<&str> = text.split(':').collect();
        if parts.len() > 3 {
            return Err(GraphError::Parts { found: parts.len() });
        }
        let n = parts[0].chars().count();
        if n > MAX_VERTICES {
            return Err(GraphError::TooLarge { vertices: n });
        }
        let mut states = Vec::with_capacity(n);
        for (v, c) in parts[0].chars().enumerate() {
            states.push(Vertex::from_letter(c).ok_or_else(|| GraphError::State { vertex: v, found: snippet(&c.to_string()) })?);
        }
        let mut adj = vec![0u64; n];
        if let Some(edges) = parts.get(1).map(|e| e.trim()).filter(|e| !e.is_empty()) {
            for (i, item) in edges.split(',').enumerate() {
                let item = item.trim();
                let num = |s: &str| -> Option<usize> {
                    let s = s.trim();
                    if s.is_empty() || s.len() > 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
                        None
                    } else {
                        s.parse().ok()
                    }
                };
                let Some((u, v)) = item.split_once('-').and_then(|(a, b)| Some((num(a)?, num(b)?))) else {
                    return Err(GraphError::Edge {
                        item: i + 1,
                        found: snippet(item),
                        why: "expected two vertex numbers joined by `-`, e.g. `0-1`".to_string(),
                    });
                };
                check_edge(i + 1, item, u, v, n)?;
                adj[u] |= 1 << v;
                adj[v] |= 1 << u;
            }
        }
        let points = match parts.get(2) {
            None => None,
            Some(p) => {
                let items: Vec<&str> = if p.trim().is_empty() { Vec::new() } else { p.split('/').collect() };
                if items.len() != n {
                    return Err(GraphError::PointCount { found: items.len(), expected: n });
                }
                let mut pts = Vec::with_capacity(n);
                for (i, item) in items.iter().enumerate() {
                    let xy = item.split_once(',').and_then(|(x, y)| Some((parse_hundredths(x.trim())?, parse_hundredths(y.trim())?)));
                    pts.push(xy.ok_or_else(|| GraphError::Point { item: i + 1, found: snippet(item) })?);
                }
                Some(pts)
            }
        };
        Ok(Graph { states, adj, points }.with_implied_tints())
    }
}

/// A position of a colouring game `K` (Snort or Col) on a graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement<K: Colouring> {
    graph: Graph,
    rule: PhantomData<K>,
}

/// A move: the vertex coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Paint(pub u8);

impl fmt::Display for Paint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl<K: Colouring> Placement<K> {
    pub fn new(graph: Graph) -> Placement<K> {
        Placement { graph, rule: PhantomData }
    }
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
}

impl<K: Colouring> Ruleset for Placement<K> {
    type Move = Paint;
    type Error = GraphError;
    const NAME: &'static str = K::NAME;

    fn parse(text: &str) -> Result<Self, GraphError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<Paint> {
        (0..self.graph.len()).filter(|&v| K::may_colour(side, self.graph.states[v])).map(|v| Paint(v as u8)).collect()
    }
    fn play(&self, side: Side, m: Paint) -> Option<Self> {
        let v = m.0 as usize;
        if v >= self.graph.len() || !K::may_colour(side, self.graph.states[v]) {
            return None;
        }
        Some(Placement::new(self.graph.coloured(v, Vertex::colour_of(side))))
    }
    fn components(&self) -> Vec<Self> {
        self.graph.live_components().into_iter().map(Placement::new).collect()
    }
    fn size(&self) -> usize {
        self.graph.len()
    }
    fn normalised(&self) -> Self {
        Placement::new(self.graph.normalised())
    }
}

impl<K: Colouring> fmt::Display for Placement<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.graph.fmt(f)
    }
}

impl<K: Colouring> FromStr for Placement<K> {
    type Err = GraphError;
    fn from_str(text: &str) -> Result<Self, GraphError> {
        Ok(Placement::new(text.parse()?))
    }
}
