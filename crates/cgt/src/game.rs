//! Game trees with shared subtrees: an arena of hash-consed nodes.
//!
//! A node is either a numeric leaf or `{L1, L2, ... | R1, R2, ...}`. Children
//! are always interned before their parent, so **every child id is smaller
//! than its parent's id**. Whole-tree passes (thermographs, negation, printing)
//! rely on this to run as loops in id order instead of recursion, which keeps
//! deep trees from overflowing the (small, in wasm) stack.

use crate::numbers::Q;
use std::collections::HashMap;
use std::fmt;

/// Index of a node in its [`Arena`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One node of a game tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// A number (the leaves of the notation). Its value is the number itself.
    Number(Q),
    /// `{left | right}`; either side may be empty.
    Options { left: Box<[GameId]>, right: Box<[GameId]> },
}

/// Size limits for an arena; exceeding one is an error, never a crash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Maximum number of distinct nodes.
    pub max_nodes: usize,
    /// Maximum total number of option references (edges).
    pub max_edges: usize,
}

impl Limits {
    pub const DEFAULT: Limits = Limits { max_nodes: 2_000_000, max_edges: 8_000_000 };
    /// Tighter limits for interactive use (the web page).
    /// For the page: big enough for real sums, small enough that a game
    /// finishes in seconds (the work runs in slices, see `analysis::AnalysisJob`).
    pub const INTERACTIVE: Limits = Limits { max_nodes: 250_000, max_edges: 1_000_000 };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// A limit was exceeded while building a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitError {
    TooManyNodes {
        max: usize,
    },
    TooManyEdges {
        max: usize,
    },
    /// Building would take more than `max` steps (`ParseLimits::max_build_work`).
    TooMuchWork {
        max: u64,
    },
    /// An operation defined on canonical forms (the ordinal sum `G:H`) met a
    /// game with a non-dyadic number, which has none.
    NotShort,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::TooManyNodes { max } => write!(f, "the game is too large (more than {max} distinct positions)"),
            LimitError::TooManyEdges { max } => write!(f, "the game is too large (more than {max} moves in its tree)"),
            LimitError::TooMuchWork { max } => write!(f, "the game is too large to build here (more than {max} steps, counting the size of its numbers)"),
            LimitError::NotShort => {
                write!(f, "an ordinal sum G:H and the compounds G ∧ H, G ∨ H are of canonical forms, and a game with a non-dyadic number has none")
            }
        }
    }
}
impl std::error::Error for LimitError {}

/// Hash-consed storage of game nodes.
///
/// Each node is stored once: the index maps a node's hash to the newest node
/// with that hash, and `chain` links older nodes with the same hash (so the
/// index holds 12 bytes a node instead of a second copy of it).
#[derive(Clone, Debug)]
pub struct Arena {
    nodes: Vec<Node>,
    index: rustc_hash::FxHashMap<u64, u32>,
    chain: Vec<u32>,
    edges: usize,
    limits: Limits,
}

const NO_NODE: u32 = u32::MAX;

fn node_hash(n: &Node) -> u64 {
    use std::hash::{Hash, Hasher};
    // Fixed keys: the arena behaves the same in every run. Fx, not SipHash:
    // hashing was a quarter of building a long sum (no adversary here can
    // do worse than a long chain, which the limits bound).
    let mut h = rustc_hash::FxHasher::default();
    n.hash(&mut h);
    h.finish()
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new(Limits::DEFAULT)
    }
}

impl Arena {
    pub fn new(limits: Limits) -> Arena {
        Arena { nodes: Vec::new(), index: Default::default(), chain: Vec::new(), edges: 0, limits }
    }
    pub fn limits(&self) -> Limits {
        self.limits
    }
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
    pub fn edges(&self) -> usize {
        self.edges
    }
    pub fn node(&self, id: GameId) -> &Node {
        &self.nodes[id.index()]
    }
    pub fn number(&mut self, q: Q) -> Result<GameId, LimitError> {
        self.intern(Node::Number(q))
    }
    pub fn int(&mut self, n: i64) -> Result<GameId, LimitError> {
        self.number(Q::from_int(n))
    }
    /// `{left | right}`. Duplicate options are dropped (first occurrence kept):
    /// they never change the value, and the display stays as typed.
    pub fn options(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, LimitError> {
        let dedup = |v: &[GameId]| -> Box<[GameId]> {
            debug_assert!(v.iter().all(|g| g.index() < self.nodes.len()), "option from another arena");
            // Few options: a scan. Many (sums of nimbers reach thousands a
            // position): a set, since the scan is quadratic and was most of
            // the time of the fuzzer's slowest input.
            if v.len() <= 16 {
                let mut out: Vec<GameId> = Vec::with_capacity(v.len());
                for &g in v {
                    if !out.contains(&g) {
                        out.push(g);
                    }
                }
                return out.into_boxed_slice();
            }
            let mut seen: rustc_hash::FxHashSet<GameId> = rustc_hash::FxHashSet::with_capacity_and_hasher(v.len(), Default::default());
            v.iter().copied().filter(|g| seen.insert(*g)).collect()
        };
        let node = Node::Options { left: dedup(left), right: dedup(right) };
        self.intern(node)
    }
    fn intern(&mut self, node: Node) -> Result<GameId, LimitError> {
        let h = node_hash(&node);
        let mut cur = self.index.get(&h).copied().unwrap_or(NO_NODE);
        while cur != NO_NODE {
            if self.nodes[cur as usize] == node {
                return Ok(GameId(cur));
            }
            cur = self.chain[cur as usize];
        }
        if self.nodes.len() >= self.limits.max_nodes {
            return Err(LimitError::TooManyNodes { max: self.limits.max_nodes });
        }
        let e = match &node {
            Node::Number(_) => 0,
            Node::Options { left, right } => left.len() + right.len(),
        };
        if self.edges + e > self.limits.max_edges {
            return Err(LimitError::TooManyEdges { max: self.limits.max_edges });
        }
        self.edges += e;
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        let older = self.index.insert(h, id).unwrap_or(NO_NODE);
        self.chain.push(older);
        Ok(GameId(id))
    }
    pub fn left(&self, id: GameId) -> &[GameId] {
        match self.node(id) {
            Node::Number(_) => &[],
            Node::Options { left, .. } => left,
        }
    }
    pub fn right(&self, id: GameId) -> &[GameId] {
        match self.node(id) {
            Node::Number(_) => &[],
            Node::Options { right, .. } => right,
        }
    }
    pub fn as_number(&self, id: GameId) -> Option<&Q> {
        match self.node(id) {
            Node::Number(q) => Some(q),
            Node::Options { .. } => None,
        }
    }
    /// Ids reachable from `root` (including it), in increasing order, so that
    /// children come before parents.
    pub fn reachable(&self, root: GameId) -> Vec<GameId> {
        let mut seen = vec![false; root.index() + 1];
        let mut stack = vec![root];
        seen[root.index()] = true;
        let mut out = Vec::new();
        while let Some(g) = stack.pop() {
            out.push(g);
            for &c in self.left(g).iter().chain(self.right(g)) {
                if !seen[c.index()] {
                    seen[c.index()] = true;
                    stack.push(c);
                }
            }
        }
        out.sort_unstable();
        out
    }
    /// Height of the tree under `root` (a leaf has height 0), without recursion.
    pub fn height(&self, root: GameId) -> usize {
        let ids = self.reachable(root);
        let mut h: HashMap<GameId, usize> = HashMap::with_capacity(ids.len());
        for &g in &ids {
            let v = self.left(g).iter().chain(self.right(g)).map(|c| h[c] + 1).max().unwrap_or(0);
            h.insert(g, v);
        }
        h[&root]
    }
    /// Copy the subtree under `root` of `other` into this arena.
    pub fn import(&mut self, other: &Arena, root: GameId) -> Result<GameId, LimitError> {
        let mut map: HashMap<GameId, GameId> = HashMap::new();
        for g in other.reachable(root) {
            let new = match other.node(g) {
                Node::Number(q) => self.number(q.clone())?,
                Node::Options { left, right } => {
                    let l: Vec<GameId> = left.iter().map(|c| map[c]).collect();
                    let r: Vec<GameId> = right.iter().map(|c| map[c]).collect();
                    self.options(&l, &r)?
                }
            };
            map.insert(g, new);
        }
        Ok(map[&root])
    }
    /// Structural equality of two subtrees, possibly in different arenas.
    pub fn same_tree(&self, a: GameId, other: &Arena, b: GameId) -> bool {
        let mut stack = vec![(a, b)];
        let mut done: std::collections::HashSet<(GameId, GameId)> = Default::default();
        while let Some((x, y)) = stack.pop() {
            if !done.insert((x, y)) {
                continue;
            }
            match (self.node(x), other.node(y)) {
                (Node::Number(p), Node::Number(q)) => {
                    if p != q {
                        return false;
                    }
                }
                (Node::Options { left: l1, right: r1 }, Node::Options { left: l2, right: r2 }) => {
                    if l1.len() != l2.len() || r1.len() != r2.len() {
                        return false;
                    }
                    stack.extend(l1.iter().copied().zip(l2.iter().copied()));
                    stack.extend(r1.iter().copied().zip(r2.iter().copied()));
                }
                _ => return false,
            }
        }
        true
    }
}
