//! Loopy games: positions that can repeat (Winning Ways ch. 11-12; Siegel,
//! *Combinatorial Game Theory*, 2013, ch. VI).
//!
//! **A loopy game is a finite graph** of positions, each with its Left and
//! Right options, and a start ([`LoopyGame`]). Play alternates; a player
//! with no move loses (normal play), and play that goes on for ever is a
//! draw. Short games are the graphs with no cycle; `on = {pass|}` is the
//! one-node graph whose Left option is itself.
//!
//! **Identity.** A game is kept *minimised*: positions with the same
//! options (up to the same identification, a bisimulation) are one node,
//! numbered canonically, so two texts of one graph give equal values
//! (`Eq`, `Hash`) and one printed text. This is the identity of graphs, not
//! the equality of game values (`{1|}` and `2` are different graphs of
//! equal value); values are compared with [`LoopyGame::ge`].
//!
//! **Outcomes with draws** ([`LoopyGame::outcome`]): retrograde analysis
//! of the positions with each player to move: a position where the mover
//! has no move is lost; one with a move to a lost position is won; one
//! whose every move reaches a won position is lost; what is left is drawn.
//!
//! **Stoppers** ([`LoopyGame::is_stopper`]) are the games with no infinite
//! alternating play from any position. For stoppers `G >= H` exactly when
//! Left, moving second, survives (wins or draws) `G - H` (Siegel 2013,
//! ch. VI): so `on` exceeds every short game, `off` is below every one, and
//! `over = {0|pass}` lies strictly between 0 and every positive number.
//! Sums of stoppers need not be stoppers (`on + off = dud`, where either
//! player may move for ever); comparing games that are not stoppers is
//! refused with the reason, as the theory of onsides and offsides is not
//! built yet.
//!
//! Text ([`notation`]): CGSuite's, `{0|pass}`, `a:{0|{a|*}}`, `on`, `off`,
//! `over`, `under`, `upon`, `dud`, short games as the explorer writes them,
//! sums and negation.

pub mod notation;
mod outcome;
mod simplify;

pub use notation::LoopyParseError;
pub use outcome::{LoopyOutcome, Result3};
pub use simplify::MAX_SIMPLIFY;

use crate::game::{Arena, GameId, Node};
use crate::numbers::Q;
use std::collections::HashMap;
use std::fmt;

/// The most nodes a loopy game (a sum's product graph included) may have.
pub const MAX_NODES: usize = 200_000;

/// Why a loopy game could not be made or compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// An option names a node that does not exist.
    NoSuchNode { node: usize, option: usize, nodes: usize },
    /// The graph (a sum's product, a short game's tree) passes the limit.
    TooLarge { nodes: usize, limit: usize },
    /// A number that is not a short game (`1/3`).
    NotDyadic { number: String },
    /// Comparison needs both games to be stoppers.
    NotStopper { which: &'static str, game: String },
}

impl fmt::Display for LoopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyError::NoSuchNode { node, option, nodes } => write!(f, "node {node} has option {option}, but there are only {nodes} nodes"),
            LoopyError::TooLarge { nodes, limit } => write!(f, "the game needs more than {limit} positions (at least {nodes})"),
            LoopyError::NotDyadic { number } => write!(f, "{number} is not a dyadic rational, so it is no game (only numbers m/2^k are)"),
            LoopyError::NotStopper { which, game } => write!(
                f,
                "{which} game, {game}, is not a stopper (from some position play can alternate for ever), and comparison is defined here only for stoppers (Siegel 2013, ch. VI)"
            ),
        }
    }
}

impl std::error::Error for LoopyError {}

/// A loopy game: a finite graph of positions and its start, minimised and
/// canonically numbered (module docs). The start is node 0.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl fmt::Debug for LoopyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LoopyGame({self})")
    }
}

impl LoopyGame {
    /// The game of graph `left`/`right` (node `i`'s options) from `start`;
    /// unreachable nodes are dropped and the rest minimised.
    pub fn new(left: Vec<Vec<usize>>, right: Vec<Vec<usize>>, start: usize) -> Result<LoopyGame, LoopyError> {
        let n = left.len();
        if right.len() != n || start >= n.max(1) {
            return Err(LoopyError::NoSuchNode { node: start, option: start, nodes: n.min(right.len()) });
        }
        if n > MAX_NODES {
            return Err(LoopyError::TooLarge { nodes: n, limit: MAX_NODES });
        }
        for (i, opts) in left.iter().chain(right.iter()).enumerate() {
            if let Some(&o) = opts.iter().find(|&&o| o >= n) {
                return Err(LoopyError::NoSuchNode { node: i % n, option: o, nodes: n });
            }
        }
        let l: Vec<Vec<u32>> = left.into_iter().map(|v| v.into_iter().map(|o| o as u32).collect()).collect();
        let r: Vec<Vec<u32>> = right.into_iter().map(|v| v.into_iter().map(|o| o as u32).collect()).collect();
        Ok(minimise(&l, &r, start))
    }

    /// `0 = {|}`.
    pub fn zero() -> LoopyGame {
        LoopyGame { left: vec![vec![]], right: vec![vec![]] }
    }
    /// `on = {pass|}`: Left may always move.
    pub fn on() -> LoopyGame {
        LoopyGame { left: vec![vec![0]], right: vec![vec![]] }
    }
    /// `off = {|pass}`.
    pub fn off() -> LoopyGame {
        LoopyGame::on().neg()
    }
    /// `dud = {pass|pass}`: a draw whoever moves (the deathless universal draw).
    pub fn dud() -> LoopyGame {
        LoopyGame { left: vec![vec![0]], right: vec![vec![0]] }
    }
    /// `over = {0|pass}`.
    pub fn over() -> LoopyGame {
        LoopyGame::new(vec![vec![1], vec![]], vec![vec![0], vec![]], 0).expect("a two-node graph")
    }
    /// `under = {pass|0}`.
    pub fn under() -> LoopyGame {
        LoopyGame::over().neg()
    }
    /// `upon = {pass|*}`.
    pub fn upon() -> LoopyGame {
        // 0: upon, 1: *, 2: 0.
        LoopyGame::new(vec![vec![0], vec![2], vec![]], vec![vec![1], vec![2], vec![]], 0).expect("a three-node graph")
    }

    /// The number of positions (after minimising).
    pub fn len(&self) -> usize {
        self.left.len()
    }
    /// Never: a game has at least its start.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }
    /// Node `i`'s Left options.
    pub fn left_of(&self, i: usize) -> &[u32] {
        &self.left[i]
    }
    /// Node `i`'s Right options.
    pub fn right_of(&self, i: usize) -> &[u32] {
        &self.right[i]
    }

    /// `-G`: the players' options swapped.
    pub fn neg(&self) -> LoopyGame {
        // Swapping keeps the graph minimal; renumber canonically.
        minimise(&self.right, &self.left, 0)
    }

    /// `G + H`: the product graph of the positions reachable from both
    /// starts.
    pub fn add(&self, other: &LoopyGame) -> Result<LoopyGame, LoopyError> {
        let mut index: HashMap<(u32, u32), u32> = HashMap::new();
        let mut pairs: Vec<(u32, u32)> = vec![(0, 0)];
        index.insert((0, 0), 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < pairs.len() {
            let (a, b) = pairs[i];
            let mut id = |p: (u32, u32)| -> Result<u32, LoopyError> {
                if let Some(&k) = index.get(&p) {
                    return Ok(k);
                }
                if pairs.len() >= MAX_NODES {
                    return Err(LoopyError::TooLarge { nodes: pairs.len() + 1, limit: MAX_NODES });
                }
                let k = pairs.len() as u32;
                index.insert(p, k);
                pairs.push(p);
                Ok(k)
            };
            let mut l = Vec::new();
            for &x in &self.left[a as usize] {
                l.push(id((x, b))?);
            }
            for &y in &other.left[b as usize] {
                l.push(id((a, y))?);
            }
            let mut r = Vec::new();
            for &x in &self.right[a as usize] {
                r.push(id((x, b))?);
            }
            for &y in &other.right[b as usize] {
                r.push(id((a, y))?);
            }
            left.push(l);
            right.push(r);
            i += 1;
        }
        Ok(minimise(&left, &right, 0))
    }

    /// `G - H`.
    pub fn sub(&self, other: &LoopyGame) -> Result<LoopyGame, LoopyError> {
        self.add(&other.neg())
    }

    /// The short game `root` of `arena` as a graph (numbers by their
    /// canonical forms; a number that is not dyadic is refused).
    pub fn from_short(arena: &Arena, root: GameId) -> Result<LoopyGame, LoopyError> {
        let mut b = Builder::default();
        let mut ids: HashMap<GameId, u32> = HashMap::new();
        for id in arena.reachable(root) {
            let node = match arena.node(id) {
                Node::Number(q) => b.number(q)?,
                Node::Options { left, right } => {
                    let l = left.iter().map(|c| ids[c]).collect();
                    let r = right.iter().map(|c| ids[c]).collect();
                    b.push(l, r)?
                }
            };
            ids.insert(id, node);
        }
        Ok(minimise(&b.left, &b.right, ids[&root] as usize))
    }

    /// Whether the graph has no cycle at all (a short game).
    pub fn is_short(&self) -> bool {
        acyclic(self.len(), |i, out: &mut Vec<usize>| {
            out.extend(self.left[i].iter().chain(&self.right[i]).map(|&o| o as usize));
        })
    }

    /// Whether no play alternating from any position goes on for ever.
    pub fn is_stopper(&self) -> bool {
        // States 2i (Left to move at i) and 2i + 1 (Right to move).
        acyclic(2 * self.len(), |s, out: &mut Vec<usize>| {
            let (i, side) = (s / 2, s % 2);
            let opts = if side == 0 { &self.left[i] } else { &self.right[i] };
            out.extend(opts.iter().map(|&o| 2 * o as usize + (1 - side)));
        })
    }

    /// Who wins with each player moving first, draws included.
    pub fn outcome(&self) -> LoopyOutcome {
        outcome::outcome(self)
    }

    /// `G >= H` for stoppers: Left, moving second, survives `G - H`.
    pub fn ge(&self, other: &LoopyGame) -> Result<bool, LoopyError> {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper { which: "the first", game: self.to_string() });
        }
        if !other.is_stopper() {
            return Err(LoopyError::NotStopper { which: "the second", game: other.to_string() });
        }
        Ok(self.sub(other)?.outcome().right_first != Result3::Win)
    }

    /// The order of two stoppers: `Some(Less | Equal | Greater)`, or `None`
    /// when they are confused.
    pub fn compare(&self, other: &LoopyGame) -> Result<Option<std::cmp::Ordering>, LoopyError> {
        use std::cmp::Ordering::*;
        Ok(match (self.ge(other)?, other.ge(self)?) {
            (true, true) => Some(Equal),
            (true, false) => Some(Greater),
            (false, true) => Some(Less),
            (false, false) => None,
        })
    }
}

/// Nodes being collected for a graph.
#[derive(Default)]
struct Builder {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    numbers: HashMap<Q, u32>,
}

impl Builder {
    fn push(&mut self, l: Vec<u32>, r: Vec<u32>) -> Result<u32, LoopyError> {
        if self.left.len() >= MAX_NODES {
            return Err(LoopyError::TooLarge { nodes: self.left.len() + 1, limit: MAX_NODES });
        }
        self.left.push(l);
        self.right.push(r);
        Ok(self.left.len() as u32 - 1)
    }

    /// A number's canonical form: `n = {n-1|}`, `-n = {|-n+1}`, and
    /// `m/2^k = {(m-1)/2^k | (m+1)/2^k}`.
    fn number(&mut self, q: &Q) -> Result<u32, LoopyError> {
        if let Some(&id) = self.numbers.get(q) {
            return Ok(id);
        }
        let Some(k) = q.dyadic_exponent() else { return Err(LoopyError::NotDyadic { number: q.to_string() }) };
        // Integers build up from 0 one step at a time (a loop, not recursion).
        let id = if k == 0 {
            let n = q.numer();
            let (step, mut at) = if q.is_negative() { (Q::from_int(-1), Q::zero()) } else { (Q::one(), Q::zero()) };
            let mut id = match self.numbers.get(&at) {
                Some(&z) => z,
                None => {
                    let z = self.push(vec![], vec![])?;
                    self.numbers.insert(Q::zero(), z);
                    z
                }
            };
            while at.numer() != n {
                let next = &at + &step;
                id = match self.numbers.get(&next) {
                    Some(&x) => x,
                    None => {
                        let x = if q.is_negative() { self.push(vec![], vec![id])? } else { self.push(vec![id], vec![])? };
                        self.numbers.insert(next.clone(), x);
                        x
                    }
                };
                at = next;
            }
            id
        } else {
            let half = Q::pow2_neg(k);
            let lo = self.number(&(q - &half))?;
            let hi = self.number(&(q + &half))?;
            self.push(vec![lo], vec![hi])?
        };
        self.numbers.insert(q.clone(), id);
        Ok(id)
    }
}

/// Whether the graph of `n` nodes whose successors `succ` lists has no
/// cycle (Kahn's algorithm: no recursion, so no stack to overflow).
fn acyclic(n: usize, succ: impl Fn(usize, &mut Vec<usize>)) -> bool {
    let mut indeg = vec![0u32; n];
    let mut out = Vec::new();
    for i in 0..n {
        out.clear();
        succ(i, &mut out);
        for &o in &out {
            indeg[o] += 1;
        }
    }
    let mut queue: Vec<usize> = (0..n).filter(|&i| indeg[i] == 0).collect();
    let mut seen = 0;
    while let Some(i) = queue.pop() {
        seen += 1;
        out.clear();
        succ(i, &mut out);
        for &o in &out {
            indeg[o] -= 1;
            if indeg[o] == 0 {
                queue.push(o);
            }
        }
    }
    seen == n
}

/// The reachable part of a graph, minimised (nodes with the same options
/// up to identification are one) and numbered canonically: classes are
/// refined by their sorted option classes, each round numbering the
/// distinct signatures in sorted order, so the numbering depends only on
/// the game, not on how the graph was written.
fn minimise(left: &[Vec<u32>], right: &[Vec<u32>], start: usize) -> LoopyGame {
    // Reachable nodes, renumbered in order of discovery.
    let mut order = vec![start as u32];
    let mut at: HashMap<u32, u32> = HashMap::from([(start as u32, 0)]);
    let mut i = 0;
    while i < order.len() {
        let v = order[i] as usize;
        for &o in left[v].iter().chain(&right[v]) {
            if let std::collections::hash_map::Entry::Vacant(e) = at.entry(o) {
                e.insert(order.len() as u32);
                order.push(o);
            }
        }
        i += 1;
    }
    let n = order.len();
    let l: Vec<Vec<u32>> = order.iter().map(|&v| left[v as usize].iter().map(|o| at[o]).collect()).collect();
    let r: Vec<Vec<u32>> = order.iter().map(|&v| right[v as usize].iter().map(|o| at[o]).collect()).collect();
    // Partition refinement with canonical class numbers. The positions
    // that reach no cycle (short games) are settled first, in one pass by
    // height, so a long short part (the integer 10,000) does not cost a
    // round per level; the rest start as one class and are refined.
    let mut class = short_classes(&l, &r);
    let mut classes = {
        let mut c = class.clone();
        c.sort_unstable();
        c.dedup();
        c.len()
    };
    loop {
        let sig: Vec<(u32, Vec<u32>, Vec<u32>)> = (0..n).map(|v| (class[v], classes_of(&l[v], |o| class[o]), classes_of(&r[v], |o| class[o]))).collect();
        let mut distinct: Vec<&(u32, Vec<u32>, Vec<u32>)> = sig.iter().collect();
        distinct.sort();
        distinct.dedup();
        let rank: HashMap<&(u32, Vec<u32>, Vec<u32>), u32> = distinct.iter().enumerate().map(|(k, s)| (*s, k as u32)).collect();
        let next: Vec<u32> = sig.iter().map(|s| rank[s]).collect();
        let count = distinct.len();
        class = next;
        if count == classes {
            break;
        }
        classes = count;
    }
    // Renumber so that the start is node 0, the rest in class order.
    let s = class[0];
    let renum = |c: u32| -> u32 {
        if c == s {
            0
        } else if c < s {
            c + 1
        } else {
            c
        }
    };
    let mut gl = vec![Vec::new(); classes];
    let mut gr = vec![Vec::new(); classes];
    let mut done = vec![false; classes];
    for v in 0..n {
        let c = renum(class[v]) as usize;
        if done[c] {
            continue;
        }
        done[c] = true;
        gl[c] = classes_of(&l[v], |o| renum(class[o]));
        gr[c] = classes_of(&r[v], |o| renum(class[o]));
    }
    LoopyGame { left: gl, right: gr }
}

/// The classes of options `opts`, sorted, each once: a position's
/// signature on one side.
fn classes_of(opts: &[u32], class: impl Fn(usize) -> u32) -> Vec<u32> {
    let mut c: Vec<u32> = opts.iter().map(|&o| class(o as usize)).collect();
    c.sort_unstable();
    c.dedup();
    c
}

/// Canonical classes of the positions that reach no cycle, numbered by
/// height and then by their sorted option classes; every other position
/// gets the class after them all.
fn short_classes(l: &[Vec<u32>], r: &[Vec<u32>]) -> Vec<u32> {
    let n = l.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut waiting: Vec<usize> = vec![0; n];
    for v in 0..n {
        for &o in l[v].iter().chain(&r[v]) {
            parents[o as usize].push(v as u32);
        }
        waiting[v] = l[v].len() + r[v].len();
    }
    // Kahn's order from the leaves: a position is short once all its
    // options are; its height is one more than theirs.
    let mut height: Vec<Option<u32>> = vec![None; n];
    let mut queue: Vec<usize> = (0..n).filter(|&v| waiting[v] == 0).collect();
    let mut order = Vec::new();
    while let Some(v) = queue.pop() {
        height[v] = Some(l[v].iter().chain(&r[v]).map(|&o| height[o as usize].expect("settled") + 1).max().unwrap_or(0));
        order.push(v);
        for &p in &parents[v] {
            waiting[p as usize] -= 1;
            if waiting[p as usize] == 0 {
                queue.push(p as usize);
            }
        }
    }
    order.sort_by_key(|&v| height[v]);
    let mut class = vec![u32::MAX; n];
    let mut next = 0u32;
    let mut k = 0;
    while k < order.len() {
        let h = height[order[k]];
        let end = order[k..].iter().position(|&v| height[v] != h).map_or(order.len(), |e| k + e);
        let mut sigs: Vec<(Vec<u32>, Vec<u32>, usize)> =
            order[k..end].iter().map(|&v| (classes_of(&l[v], |o| class[o]), classes_of(&r[v], |o| class[o]), v)).collect();
        sigs.sort();
        for (j, (a, b, v)) in sigs.iter().enumerate() {
            if j > 0 && (&sigs[j - 1].0, &sigs[j - 1].1) != (a, b) {
                next += 1;
            }
            class[*v] = next;
        }
        next += 1;
        k = end;
    }
    for c in class.iter_mut() {
        if *c == u32::MAX {
            *c = next;
        }
    }
    class
}

impl fmt::Display for LoopyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::print(self))
    }
}

impl std::str::FromStr for LoopyGame {
    type Err = LoopyParseError;
    fn from_str(s: &str) -> Result<LoopyGame, LoopyParseError> {
        notation::parse(s)
    }
}
