//! Hackenbush positions (Koene 2024): graphs of blue, red and green edges on
//! the ground, their text format, and their exact values under the classical
//! rules and the Two-Move rules.
//!
//! The text format is edges `u-v:c`
//! separated by spaces or commas, vertex `0` the ground, colour `b`, `r` or
//! `g`; `stalk:brr` is a stalk standing on the ground (ground end first) on
//! fresh vertices. `Display` prints the edge form, which parses back to the
//! same position.
//!
//! Classical Hackenbush splits at the ground into independent components
//! and adds their values. A Blue-Red component is a number and goes the
//! numbers-only way (`bluered`: dyadics, dominated chops dropped, parts
//! hanging from one vertex replaced by their values, tests against numbers
//! with cut-offs). Components with green edges, and Two-Move Hackenbush
//! (not additive, so searched whole), come from a search over the positions
//! reachable by play (edges that lose their path to the ground fall at
//! once), memoised on the set of remaining edges and made canonical in a
//! [`Canon`] store. Every search stops with [`HackenbushError::TooLarge`]
//! past a position budget instead of running without end.

mod bluered;
mod redwood;
pub mod scale;

use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Most edges a position may have (positions are sets of edges as `u128`).
pub const MAX_EDGES: usize = 128;

/// Edge colours: Blue is Left's, Red is Right's, Green is both players'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Blue,
    Red,
    Green,
}

impl Colour {
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'b',
            Colour::Red => 'r',
            Colour::Green => 'g',
        }
    }
    pub fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_lowercase() {
            'b' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'g' => Some(Colour::Green),
            _ => None,
        }
    }
    /// Whether `side` may cut an edge of this colour.
    pub fn playable_by(self, side: Side) -> bool {
        match self {
            Colour::Green => true,
            Colour::Blue => side == Side::Left,
            Colour::Red => side == Side::Right,
        }
    }
    fn swapped(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Green => Colour::Green,
        }
    }
}

/// An edge between two different vertices (vertex 0 is the ground).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    a: u32,
    b: u32,
    colour: Colour,
}

impl Edge {
    /// `None` if both ends are the same vertex.
    pub fn new(a: u32, b: u32, colour: Colour) -> Option<Edge> {
        (a != b).then_some(Edge { a, b, colour })
    }
    pub fn ends(&self) -> (u32, u32) {
        (self.a, self.b)
    }
    pub fn colour(&self) -> Colour {
        self.colour
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}:{}", self.a, self.b, self.colour.letter())
    }
}

/// The rules a position is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Cut one edge of your colour (or green) a turn.
    Classical,
    /// Cut two edges of your colour (or green), chosen together, a turn;
    /// with fewer than two you cannot move.
    TwoMove,
}

/// Why a text is not a position, or a value was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HackenbushError {
    /// The `index`-th item (1-based) of the text, `item`, is malformed.
    Item { index: usize, item: String, expected: String },
    /// More than [`MAX_EDGES`] edges.
    TooManyEdges { edges: usize, max: usize },
    /// The search met more than `max` positions.
    TooLarge { max: usize },
}

impl fmt::Display for HackenbushError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HackenbushError::Item { index, item, expected } => {
                write!(f, "edge {index} (`{}`): expected {expected}", super::snippet(item))
            }
            HackenbushError::TooManyEdges { edges, max } => {
                write!(f, "{edges} edges: at most {max} are allowed")
            }
            HackenbushError::TooLarge { max } => {
                write!(f, "more than {max} positions to search: too large to solve exactly")
            }
        }
    }
}
impl std::error::Error for HackenbushError {}

/// A Hackenbush position: a list of edges (order kept, for printing).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush {
    edges: Vec<Edge>,
}

impl Hackenbush {
    /// `None` with more than [`MAX_EDGES`] edges.
    pub fn new(edges: Vec<Edge>) -> Result<Hackenbush, HackenbushError> {
        if edges.len() > MAX_EDGES {
            return Err(HackenbushError::TooManyEdges { edges: edges.len(), max: MAX_EDGES });
        }
        Ok(Hackenbush { edges })
    }
    /// Stalks on the ground side by side, each a string of `b`/`r`/`g`
    /// letters from the ground up (`["br", "rb"]`).
    pub fn stalks<S: AsRef<str>>(stalks: &[S]) -> Result<Hackenbush, HackenbushError> {
        let text: Vec<String> = stalks.iter().map(|s| format!("stalk:{}", s.as_ref())).collect();
        text.join(" ").parse()
    }
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }
    /// The same picture with blue and red swapped: the negative.
    pub fn swapped(&self) -> Hackenbush {
        let edges = self.edges.iter().map(|e| Edge { colour: e.colour.swapped(), ..*e }).collect();
        Hackenbush { edges }
    }

    /// The position after edge `i` is chopped: every edge no longer
    /// connected to the ground falls with it. `None` if there is no edge `i`.
    pub fn remove(&self, i: usize) -> Option<Hackenbush> {
        self.chop(i).map(|(next, _)| next)
    }

    /// As [`Hackenbush::remove`], also naming the edges that go (indices
    /// into this position's edges, `i` included), e.g. to draw them falling.
    pub fn chop(&self, i: usize) -> Option<(Hackenbush, Vec<usize>)> {
        if i >= self.edges.len() {
            return None;
        }
        let g = Graph::new(&self.edges);
        let alive = g.grounded(g.all() & !(1u128 << i));
        let (kept, gone): (Vec<usize>, Vec<usize>) = (0..self.edges.len()).partition(|j| alive >> j & 1 == 1);
        Some((Hackenbush { edges: kept.into_iter().map(|j| self.edges[j]).collect() }, gone))
    }

    /// The parts that meet only at the ground (edges not connected to the
    /// ground at all are dropped: they fall at once).
    pub fn components(&self) -> Vec<Hackenbush> {
        let g = Graph::new(&self.edges);
        let alive = g.grounded(g.all());
        // Union the edges that share a vertex other than the ground.
        let mut comp: Vec<usize> = (0..g.edges.len()).collect();
        fn find(c: &mut [usize], x: usize) -> usize {
            let mut r = x;
            while c[r] != r {
                r = c[r];
            }
            let mut y = x;
            while c[y] != r {
                let next = c[y];
                c[y] = r;
                y = next;
            }
            r
        }
        for v in 1..g.adj.len() {
            let es: Vec<usize> = g.adj[v].iter().map(|&(e, _)| e).filter(|&e| alive >> e & 1 == 1).collect();
            for w in es.windows(2) {
                let (x, y) = (find(&mut comp, w[0]), find(&mut comp, w[1]));
                comp[x] = y;
            }
        }
        let mut groups: Vec<(usize, Vec<Edge>)> = Vec::new();
        for (i, e) in self.edges.iter().enumerate() {
            if alive >> i & 1 == 0 {
                continue;
            }
            let r = find(&mut comp, i);
            match groups.iter_mut().find(|(k, _)| *k == r) {
                Some((_, v)) => v.push(*e),
                None => groups.push((r, vec![*e])),
            }
        }
        groups.into_iter().map(|(_, edges)| Hackenbush { edges }).collect()
    }

    /// The exact value under `rules`, searching at most `max_positions`
    /// positions (per component under the classical rules).
    ///
    /// A component that is a Redwood bed (with at most a dozen legs) is
    /// valued by Winning Ways' theorem (`redwood`) instead of a search.
    pub fn value(&self, canon: &mut Canon, rules: Rules, max_positions: usize) -> Result<CanonId, HackenbushError> {
        self.value_with(canon, rules, max_positions, true)
    }

    /// As [`Hackenbush::value`], but searching every component, theorems
    /// aside: the benchmark's measure of the search, and a cross-check.
    pub fn value_by_search(&self, canon: &mut Canon, rules: Rules, max_positions: usize) -> Result<CanonId, HackenbushError> {
        self.value_with(canon, rules, max_positions, false)
    }

    fn value_with(&self, canon: &mut Canon, rules: Rules, max_positions: usize, theorems: bool) -> Result<CanonId, HackenbushError> {
        match rules {
            Rules::Classical => {
                let mut acc = canon.zero();
                for part in self.components() {
                    let bed = if theorems { redwood::bed_value(&part.edges) } else { None };
                    let numbers = match bed {
                        Some(q) => Some(Ok(q)),
                        None => bluered::BlueRed::solve(&part.edges, max_positions),
                    };
                    let v = match numbers {
                        Some(q) => canon.num(q?).expect("Blue-Red values are dyadic"),
                        None => Search::new(&part.edges, rules, max_positions).run(canon)?,
                    };
                    acc = canon.add(acc, v);
                }
                Ok(acc)
            }
            Rules::TwoMove => Search::new(&self.edges, rules, max_positions).run(canon),
        }
    }
}

impl fmt::Display for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.edges.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl FromStr for Hackenbush {
    type Err = HackenbushError;
    fn from_str(s: &str) -> Result<Hackenbush, HackenbushError> {
        let items: Vec<&str> = s.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).collect();
        let bad = |index: usize, item: &str, expected: &str| HackenbushError::Item { index: index + 1, item: item.to_string(), expected: expected.to_string() };
        // Explicit edges first (stalks take fresh vertices above theirs).
        enum Item<'s> {
            Edge(Edge),
            /// The colours, and the item's index and text (for errors).
            Stalk(Vec<Colour>, usize, &'s str),
        }
        let mut parsed = Vec::with_capacity(items.len());
        let mut count = 0usize;
        for (i, &item) in items.iter().enumerate() {
            if let Some(body) = item.strip_prefix("stalk:") {
                let cols: Option<Vec<Colour>> = body.chars().map(Colour::from_letter).collect();
                match cols {
                    Some(c) if !c.is_empty() => {
                        count += c.len();
                        parsed.push(Item::Stalk(c, i, item));
                    }
                    _ => return Err(bad(i, item, "a stalk of the letters b, r, g from the ground up, e.g. `stalk:brr`")),
                }
            } else {
                let form = "an edge `u-v:c` (vertices are numbers, 0 is the ground; c is b, r or g), e.g. `0-1:b`";
                let (ends, col) = item.split_once(':').ok_or_else(|| bad(i, item, form))?;
                let (a, b) = ends.split_once('-').ok_or_else(|| bad(i, item, form))?;
                let vertex = |t: &str| t.parse::<u32>().ok().filter(|_| t.bytes().all(|c| c.is_ascii_digit()));
                let (Some(a), Some(b)) = (vertex(a), vertex(b)) else {
                    return Err(bad(i, item, &format!("vertex numbers from 0 to {} in {form}", u32::MAX)));
                };
                let mut cs = col.chars();
                let colour = match (cs.next().and_then(Colour::from_letter), cs.next()) {
                    (Some(c), None) => c,
                    _ => return Err(bad(i, item, "a colour b, r or g after the `:`")),
                };
                let e = Edge::new(a, b, colour).ok_or_else(|| bad(i, item, "two different vertices (an edge cannot join a vertex to itself)"))?;
                count += 1;
                parsed.push(Item::Edge(e));
            }
            if count > MAX_EDGES {
                return Err(HackenbushError::TooManyEdges { edges: count, max: MAX_EDGES });
            }
        }
        let mut next = parsed
            .iter()
            .filter_map(|p| match p {
                Item::Edge(e) => Some(e.a.max(e.b)),
                Item::Stalk(..) => None,
            })
            .max()
            .map_or(1, |m| u64::from(m) + 1);
        let mut edges = Vec::with_capacity(count);
        for p in parsed {
            match p {
                Item::Edge(e) => edges.push(e),
                Item::Stalk(cols, i, item) => {
                    let mut below = 0;
                    for c in cols {
                        // Stalks number their points above every vertex named.
                        let v =
                            u32::try_from(next).map_err(|_| bad(i, item, &format!("room for its points above the largest vertex (at most {})", u32::MAX)))?;
                        edges.push(Edge { a: below, b: v, colour: c });
                        below = v;
                        next += 1;
                    }
                }
            }
        }
        Hackenbush::new(edges)
    }
}

/// `cgt game hackenbush`, `?r=hackenbush`.
pub const NAME: &str = "hackenbush";

/// Hackenbush in the ruleset registry.
pub const INFO: super::RulesetInfo = super::RulesetInfo {
    name: NAME,
    title: "Hackenbush",
    rules: "A picture of blue, red and green edges standing on the ground. Left (Blue) chops a blue or green edge, Right (Red) a red or green one; every edge no longer joined to the ground falls. The player who cannot chop loses.",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 1-2; Koene (2024)",
    format: "edges `u-v:c` separated by spaces, vertex 0 the ground, colour b, r or g (`0-1:b 1-2:r`); `stalk:brr` is a stalk from the ground",
    example: "0-1:b 1-2:r 0-3:g 3-4:b",
    players: crate::rulesets::LEFT_RIGHT,
    // Values as the sources print them; `tests/rulesets.rs` holds each to
    // its source through the registry.
    presets: &[
        Preset {
            name: "Blue edge, five red on top",
            position: "stalk:brrrrr",
            value: "1/32",
            source: "Koene (2024), section 2.1.2 and Table 2 (a blue edge with i red edges on top is worth 1/2^i)",
        },
        Preset {
            name: "Green stalk of 3",
            position: "stalk:ggg",
            value: "*3",
            source: "Koene (2024), section 2.1.1 (a stack of n green edges has value *n, after Winning Ways)",
        },
        Preset {
            name: "Redwood bed (30 edges)",
            position: "0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r",
            value: "1/128",
            source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 7 (valued at once by the theorem on beds)",
        },
    ],
};

use super::Preset;

/// Classical Hackenbush as a ruleset (the Two-Move rules are not additive
/// and keep their own search, [`Hackenbush::value`] with [`Rules::TwoMove`]).
/// A move is the edge chopped, named by its text (`0-1:b`); identical
/// parallel edges are one move. Every component is valued by the same
/// paths as [`Hackenbush::value`] ([`super::Ruleset::known_value`]): the Redwood
/// theorem, the Blue-Red solver, else Hackenbush's own search over edge
/// sets (bitsets, much faster than the generic search over positions), so
/// the page, the CLI and the board reach one value path through the engine.
/// Tests hold these paths to the generic search (`tests/rulesets.rs`).
impl super::Ruleset for Hackenbush {
    type Move = Edge;
    type Error = HackenbushError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<Hackenbush, HackenbushError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<Edge> {
        let g = Graph::new(&self.edges);
        let alive = g.grounded(g.all());
        let mut out: Vec<Edge> = Vec::new();
        for (i, e) in self.edges.iter().enumerate() {
            if alive >> i & 1 == 1 && e.colour.playable_by(side) && !out.contains(e) {
                out.push(*e);
            }
        }
        out
    }
    fn play(&self, side: Side, m: Edge) -> Option<Hackenbush> {
        if !m.colour.playable_by(side) {
            return None;
        }
        let g = Graph::new(&self.edges);
        let alive = g.grounded(g.all());
        let i = (0..self.edges.len()).find(|&i| alive >> i & 1 == 1 && self.edges[i] == m)?;
        self.remove(i)
    }
    fn components(&self) -> Vec<Hackenbush> {
        Hackenbush::components(self)
    }
    fn size(&self) -> usize {
        self.edges.len()
    }
    fn known_value(&self, canon: &mut Canon, max_positions: usize) -> Option<Result<CanonId, super::engine::EngineError>> {
        let too_large = |_| super::engine::EngineError::TooLarge { max: max_positions };
        let numbers = match redwood::bed_value(&self.edges) {
            Some(q) => Some(Ok(q)),
            None => bluered::BlueRed::solve(&self.edges, max_positions),
        };
        // Both searches fail only on their budget.
        Some(match numbers {
            Some(q) => q.map_err(too_large).and_then(|q| canon.num(q).map_err(Into::into)),
            None => Search::new(&self.edges, Rules::Classical, max_positions).run(canon).map_err(too_large),
        })
    }
}

/// A position for fast play (the Monte Carlo players): the set of edges
/// still standing over a fixed picture, which the clones share.
#[derive(Clone)]
pub struct PlayBoard {
    graph: std::rc::Rc<Graph>,
    set: u128,
}

impl PlayBoard {
    pub fn new(h: &Hackenbush) -> PlayBoard {
        let graph = Graph::new(&h.edges);
        let set = graph.grounded(graph.all());
        PlayBoard { graph: std::rc::Rc::new(graph), set }
    }
}

impl crate::search::montecarlo::Playable for PlayBoard {
    /// An edge, by its index in the position it was made from.
    type Move = usize;
    fn moves_into(&self, side: Side, out: &mut Vec<usize>) {
        out.extend((0..self.graph.edges.len()).filter(|&e| self.set >> e & 1 == 1 && self.graph.edges[e].2.playable_by(side)));
    }
    fn play_mut(&mut self, e: usize, _side: Side) {
        self.set = self.graph.grounded(self.set & !(1u128 << e));
    }
}

/// The value of a Blue-Red stalk by Berlekamp's rule (`None` if it has a
/// green edge): ±1 an edge until the colour first changes, then each edge
/// half the one below, signed by its colour.
pub fn stalk_value(stalk: &str) -> Option<Q> {
    let cols: Vec<Colour> = stalk.chars().map(Colour::from_letter).collect::<Option<_>>()?;
    let sign = |c: Colour| match c {
        Colour::Blue => Some(1),
        Colour::Red => Some(-1),
        Colour::Green => None,
    };
    let mut v = Q::zero();
    let mut step: Option<Q> = None;
    for (i, &c) in cols.iter().enumerate() {
        let s = sign(c)?;
        match &mut step {
            None if i == 0 || c == cols[0] => v = &v + &Q::from_int(s),
            None => {
                let h = Q::frac(1, 2);
                v = &v + &(&h * &Q::from_int(s));
                step = Some(h);
            }
            Some(h) => {
                *h = h.half();
                v = &v + &(&*h * &Q::from_int(s));
            }
        }
    }
    Some(v)
}

/// The Blue-Red stalk of a dyadic rational `q` (Berlekamp's rule read
/// backwards: its sign expansion), `None` for a non-dyadic `q` or one
/// needing more than `max_len` edges.
pub fn stalk_for(q: &Q, max_len: usize) -> Option<Vec<Colour>> {
    if !q.is_dyadic() {
        return None;
    }
    let mut v = Q::zero();
    let mut cols: Vec<Colour> = Vec::new();
    let mut step: Option<Q> = None;
    while &v != q {
        if cols.len() >= max_len {
            return None;
        }
        let c = if q > &v { Colour::Blue } else { Colour::Red };
        let s = Q::from_int(if c == Colour::Blue { 1 } else { -1 });
        match &mut step {
            None if cols.first().is_none_or(|&c0| c0 == c) => v = &v + &s,
            None => {
                let h = Q::frac(1, 2);
                v = &v + &(&h * &s);
                step = Some(h);
            }
            Some(h) => {
                *h = h.half();
                v = &v + &(&*h * &s);
            }
        }
        cols.push(c);
    }
    Some(cols)
}

/// Edges and incidences, vertices renumbered densely (the ground is 0).
struct Graph {
    edges: Vec<(usize, usize, Colour)>,
    /// Per vertex: (edge, other end).
    adj: Vec<Vec<(usize, usize)>>,
    /// Per vertex: the edges at it, as a set.
    inc: Vec<u128>,
}

impl Graph {
    fn new(edges: &[Edge]) -> Graph {
        let mut ids: HashMap<u32, usize> = HashMap::new();
        ids.insert(0, 0);
        let mut id = |v: u32| {
            let n = ids.len();
            *ids.entry(v).or_insert(n)
        };
        let es: Vec<(usize, usize, Colour)> = edges.iter().map(|e| (id(e.a), id(e.b), e.colour)).collect();
        let mut adj = vec![Vec::new(); ids.len()];
        let mut inc = vec![0u128; ids.len()];
        for (i, &(a, b, _)) in es.iter().enumerate() {
            adj[a].push((i, b));
            adj[b].push((i, a));
            inc[a] |= 1 << i;
            inc[b] |= 1 << i;
        }
        Graph { edges: es, adj, inc }
    }
    fn all(&self) -> u128 {
        if self.edges.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.edges.len()) - 1
        }
    }
    /// The edges of `set` still joined to the ground through edges of `set`.
    fn grounded(&self, set: u128) -> u128 {
        self.grounded_at(0, set)
    }
    /// The edges of `set` still joined to vertex `root` within `set`
    /// (breadth-first over edge sets: no allocation, as the searches and
    /// playouts call it at every move).
    fn grounded_at(&self, root: usize, set: u128) -> u128 {
        let mut reached = set & self.inc[root];
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0;
            let mut f = frontier;
            while f != 0 {
                let e = f.trailing_zeros() as usize;
                f &= f - 1;
                let (a, b, _) = self.edges[e];
                next |= self.inc[a] | self.inc[b];
            }
            frontier = next & set & !reached;
            reached |= frontier;
        }
        reached
    }
}

/// A memoised search over the positions (edge sets) reachable by play.
struct Search {
    graph: Graph,
    rules: Rules,
    max: usize,
    memo: HashMap<u128, CanonId>,
}

impl Search {
    fn new(edges: &[Edge], rules: Rules, max: usize) -> Search {
        Search { graph: Graph::new(edges), rules, max, memo: HashMap::new() }
    }
    fn run(mut self, canon: &mut Canon) -> Result<CanonId, HackenbushError> {
        let start = self.graph.grounded(self.graph.all());
        self.value(canon, start)
    }
    /// The positions a player can move to from `set`.
    fn moves(&self, set: u128, side: Side) -> Vec<u128> {
        let mine: Vec<usize> = (0..self.graph.edges.len()).filter(|&e| set >> e & 1 == 1 && self.graph.edges[e].2.playable_by(side)).collect();
        let mut out: Vec<u128> = match self.rules {
            Rules::Classical => mine.iter().map(|&e| self.graph.grounded(set & !(1 << e))).collect(),
            Rules::TwoMove => {
                let mut v = Vec::new();
                for (i, &e) in mine.iter().enumerate() {
                    for &f in &mine[i + 1..] {
                        v.push(self.graph.grounded(set & !(1 << e) & !(1 << f)));
                    }
                }
                v
            }
        };
        out.sort_unstable();
        out.dedup();
        out
    }
    /// Depth-first with a memo; the depth is at most the number of edges.
    fn value(&mut self, canon: &mut Canon, set: u128) -> Result<CanonId, HackenbushError> {
        if let Some(&v) = self.memo.get(&set) {
            return Ok(v);
        }
        if self.memo.len() >= self.max {
            return Err(HackenbushError::TooLarge { max: self.max });
        }
        let mut sides = [Vec::new(), Vec::new()];
        for side in Side::BOTH {
            for next in self.moves(set, side) {
                let v = self.value(canon, next)?;
                sides[side.index()].push(v);
            }
        }
        let v = canon.options(&sides[0], &sides[1]);
        self.memo.insert(set, v);
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_format() {
        let p: Hackenbush = "0-1:b 1-2:r, 1-3:G stalk:br".parse().unwrap();
        assert_eq!(p.to_string(), "0-1:b 1-2:r 1-3:g 0-4:b 4-5:r");
        assert_eq!(p.to_string().parse::<Hackenbush>().unwrap(), p);
        assert_eq!("".parse::<Hackenbush>().unwrap().edges().len(), 0);
        for (bad, want) in [
            ("0-1:b 1-1:r", "edge 2 (`1-1:r`): expected two different vertices"),
            ("0-1:x", "edge 1 (`0-1:x`): expected a colour b, r or g"),
            ("0-1:bb", "edge 1 (`0-1:bb`): expected a colour"),
            ("0-:b", "edge 1 (`0-:b`): expected vertex numbers"),
            ("0-99999999999:b", "edge 1 (`0-99999999999:b`): expected vertex numbers"),
            ("0+1:b", "edge 1 (`0+1:b`): expected an edge `u-v:c`"),
            ("01b", "edge 1 (`01b`): expected an edge `u-v:c`"),
            ("stalk:", "edge 1 (`stalk:`): expected a stalk"),
            ("stalk:bq", "edge 1 (`stalk:bq`): expected a stalk"),
        ] {
            let e = bad.parse::<Hackenbush>().unwrap_err().to_string();
            assert!(e.starts_with(want), "{bad}: {e}");
        }
        let long = format!("stalk:{}", "b".repeat(129));
        assert_eq!(long.parse::<Hackenbush>().unwrap_err(), HackenbushError::TooManyEdges { edges: 129, max: 128 });
    }

    #[test]
    fn components_split_at_the_ground() {
        let p: Hackenbush = "0-1:b 1-2:r 0-2:g 0-3:r 5-6:b".parse().unwrap();
        let parts: Vec<String> = p.components().iter().map(|c| c.to_string()).collect();
        // The floating edge 5-6 falls; the triangle on the ground is one part.
        assert_eq!(parts, ["0-1:b 1-2:r 0-2:g", "0-3:r"]);
    }

    #[test]
    fn stalks_for_dyadics_read_back() {
        for n in -40i64..=40 {
            for k in 0..6u32 {
                let q = Q::frac(n, 1 << k);
                let st = stalk_for(&q, 200).unwrap();
                let text: String = st.iter().map(|c| c.letter()).collect();
                assert_eq!(stalk_value(&text).unwrap(), q, "{q} -> {text}");
            }
        }
        assert_eq!(stalk_for(&Q::frac(1, 3), 100), None);
        assert_eq!(stalk_for(&Q::from_int(9), 5), None);
        assert!(stalk_for(&Q::zero(), 0).unwrap().is_empty());
    }

    #[test]
    fn berlekamps_rule() {
        for (s, v) in [("b", "1"), ("br", "1/2"), ("bbr", "3/2"), ("rbbbbb", "-1/32"), ("brbr", "5/8"), ("", "0")] {
            assert_eq!(stalk_value(s), Some(v.parse().unwrap()), "{s}");
        }
        assert_eq!(stalk_value("bg"), None);
    }

    /// Acceptance 1 of issue 5: Berlekamp's rule, the numbers-only solver
    /// and the general canonical-form search agree on 1,000 random stalks.
    #[test]
    fn a_thousand_random_stalks() {
        let mut rng = crate::rng::SplitMix64::new(1000);
        let mut canon = Canon::new();
        for _ in 0..1000 {
            let len = 1 + rng.below(20) as usize;
            let s: String = (0..len).map(|_| if rng.below(2) == 0 { 'b' } else { 'r' }).collect();
            let rule = stalk_value(&s).unwrap();
            let h = Hackenbush::stalks(&[&s]).unwrap();
            let numbers = bluered::BlueRed::solve(h.edges(), 1 << 20).unwrap().unwrap();
            let general = Search::new(h.edges(), Rules::Classical, 1 << 20).run(&mut canon).unwrap();
            assert_eq!(numbers, rule, "{s}");
            assert_eq!(canon.as_number(general), Some(&rule), "{s}");
        }
    }

    #[test]
    fn the_uct_player_takes_the_winning_chop() {
        use crate::search::montecarlo::{uct_move, UctConfig};
        // 1/4 + 1/2 - 1 = -1/4. Red to move wins only by a chop that keeps
        // the value <= 0 (not the lone red edge on the ground): checked
        // against the exact values.
        let h: Hackenbush = "stalk:brr stalk:br 0-9:r".parse().unwrap();
        let board = PlayBoard::new(&h);
        let cfg = UctConfig { iterations: 3000, ..UctConfig::default() };
        let red = uct_move(&board, Side::Right, cfg).unwrap().mv;
        let mut canon = Canon::new();
        let v = h.remove(red).unwrap().value(&mut canon, Rules::Classical, 1 << 16).unwrap();
        let zero = canon.zero();
        assert!(canon.le(v, zero), "Red's chop {} leaves {}", h.edges()[red], canon.name(v));
        assert_eq!(uct_move(&board, Side::Right, cfg).unwrap().mv, red, "seeded");
    }

    #[test]
    fn chopping_drops_what_falls() {
        let h: Hackenbush = "0-1:b 1-2:r 2-3:g 0-4:r 4-2:b".parse().unwrap();
        // Chopping 0-1 leaves 1-2 hanging from 2 (held by 0-4, 4-2).
        assert_eq!(h.remove(0).unwrap().to_string(), "1-2:r 2-3:g 0-4:r 4-2:b");
        // Chopping 0-4 then 0-1 drops everything.
        assert_eq!(h.remove(3).unwrap().remove(0).unwrap().to_string(), "");
        assert!(h.remove(9).is_none());
        assert_eq!(h.chop(3).unwrap().1, vec![3], "1-2 still hangs from 0-1");
        // The largest vertex number parses; a stalk has no room above it.
        assert!(format!("0-{}:b", u32::MAX).parse::<Hackenbush>().is_ok());
        let e = format!("0-{}:b stalk:r", u32::MAX).parse::<Hackenbush>().unwrap_err().to_string();
        assert!(e.contains("2 (`stalk:r`)") && e.contains("room for its points"), "{e}");
        assert_eq!(h.remove(3).unwrap().chop(0).unwrap().1, vec![0, 1, 2, 3]);
    }
}
