//! B* search over a sum (Yedwab 1985, section 5.2), and alpha-beta with the
//! same move ordering, both counting nodes.
//!
//! Every node of the search is a position of the sum with a player to
//! move and a range `[lo, hi]` holding its minimax value: from a bound
//! (Hanner's, as the thesis does, or the tightest of all four), exact
//! once every component is a number, and after expansion backed up from
//! the children (Left: `[max lo, max hi]`, Right: `[min lo, min hi]`)
//! and met with the node's own range. The root's mover has found the best
//! move when its pessimistic value of one move reaches the optimistic
//! values of all the others.
//!
//! Each step either proves the best move (**Prove-Best**: raise its
//! pessimistic value) or disproves the runner-up (**Disprove-Rest**: lower
//! the optimistic value of the move with the best optimistic value among
//! the rest). The thesis names Palay's rule without fixing one; used here,
//! with uniform distributions over the ranges: Prove-Best succeeds with
//! chance `(opt(best) - opt(rival)) / width(best)`, Disprove-Rest with
//! `(pess(best) - pess(rival)) / width(rival)`; the larger chance wins, a
//! tie goes to Disprove-Rest. Below the root the search descends, to raise
//! a Left node's `lo` or lower its `hi`, into the child with the highest
//! `hi`; at a Right node into the child with the lowest `lo` (the child
//! that sets the bound or could move it most), skipping exact children,
//! and expands the leaf it reaches.

use super::bounds::bounds;
use super::{Bracket, Move, SumGames};
use crate::numbers::Q;
use crate::side::Side;

/// Where a node's range comes from before it is expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranges {
    /// Theorem 5.1 only, as Yedwab's (1985) B* example.
    Hanner,
    /// All four bounds met.
    Tightest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BStarConfig {
    pub ranges: Ranges,
    /// Most nodes generated before giving up.
    pub max_nodes: usize,
}

impl Default for BStarConfig {
    fn default() -> BStarConfig {
        BStarConfig { ranges: Ranges::Hanner, max_nodes: 100_000 }
    }
}

/// A node of the B* tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub state: Vec<u32>,
    /// Who moves here.
    pub to_move: Side,
    pub range: Bracket,
    /// The range when the node was generated (before any backing up).
    pub initial: Bracket,
    /// The move that led here (none at the root).
    pub mv: Option<Move>,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
}

impl Node {
    fn exact(&self) -> bool {
        self.range.lo == self.range.hi
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The root's children generated.
    Root,
    ProveBest,
    DisproveRest,
}

impl std::fmt::Display for StepKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StepKind::Root => "expand the root",
            StepKind::ProveBest => "Prove-Best",
            StepKind::DisproveRest => "Disprove-Rest",
        })
    }
}

/// One expansion: which strategy, which node, and the root's moves'
/// ranges after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub kind: StepKind,
    pub expanded: usize,
    pub root_range: Bracket,
    pub moves: Vec<(Move, Bracket)>,
    /// Nodes in the tree after this step.
    pub nodes_after: usize,
    /// The ranges this step's backing up changed (ancestors of the
    /// expanded node, itself included), to replay the tree step by step.
    pub changed: Vec<(usize, Bracket)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BStar {
    /// The move proved best (or the most promising when not proved).
    pub best: Option<Move>,
    pub proved: bool,
    /// Nodes generated, the root included.
    pub nodes: usize,
    pub tree: Vec<Node>,
    pub steps: Vec<Step>,
}

fn range_of(g: &SumGames, state: &[u32], side: Side, ranges: Ranges) -> Bracket {
    if let Some(x) = g.score(state) {
        return Bracket::exact(x);
    }
    let b = bounds(g, state);
    match ranges {
        Ranges::Hanner => b.hanner.side(side).clone(),
        Ranges::Tightest => b.best(side),
    }
}

/// Optimistic and pessimistic values of a range for a mover, as numbers
/// the mover wants large.
fn opt(r: &Bracket, side: Side) -> Q {
    match side {
        Side::Left => r.hi.clone(),
        Side::Right => -&r.lo,
    }
}
fn pess(r: &Bracket, side: Side) -> Q {
    match side {
        Side::Left => r.lo.clone(),
        Side::Right => -&r.hi,
    }
}

struct Search<'g> {
    g: &'g SumGames,
    cfg: BStarConfig,
    tree: Vec<Node>,
}

impl Search<'_> {
    /// Expand leaf `n` and back the ranges up; the ranges that changed.
    fn expand(&mut self, n: usize) -> Vec<(usize, Bracket)> {
        let mut changed = Vec::new();
        let (state, side) = (self.tree[n].state.clone(), self.tree[n].to_move);
        for m in self.g.moves(&state, side) {
            let s = self.g.play(&state, m);
            let range = range_of(self.g, &s, side.other(), self.cfg.ranges);
            self.tree.push(Node { state: s, to_move: side.other(), initial: range.clone(), range, mv: Some(m), parent: Some(n), children: Vec::new() });
            let id = self.tree.len() - 1;
            self.tree[n].children.push(id);
        }
        // Back up to the root.
        let mut at = Some(n);
        while let Some(k) = at {
            let kids = &self.tree[k].children;
            let side = self.tree[k].to_move;
            let pick = |f: &dyn Fn(&Bracket) -> Q| -> Q {
                kids.iter().map(|&c| f(&self.tree[c].range)).reduce(|a, b| if side.prefers(&b, &a) { b } else { a }).expect("children")
            };
            let backed = Bracket::new(pick(&|r| r.lo.clone()), pick(&|r| r.hi.clone()));
            let met = self.tree[k].range.meet(&backed);
            let new = if met.lo <= met.hi { met } else { backed };
            if new != self.tree[k].range {
                changed.push((k, new.clone()));
                self.tree[k].range = new;
            }
            at = self.tree[k].parent;
        }
        changed
    }

    /// Descend from `n` to a leaf whose expansion may raise `n`'s lo
    /// (`raise`) or lower its hi.
    fn leaf_for(&self, mut n: usize) -> usize {
        while !self.tree[n].children.is_empty() {
            let side = self.tree[n].to_move;
            let kids: Vec<usize> = self.tree[n].children.iter().copied().filter(|&c| !self.tree[c].exact()).collect();
            if kids.is_empty() {
                return n;
            }
            let key = |c: usize| {
                let r = &self.tree[c].range;
                (opt(r, side), r.width())
            };
            n = kids.into_iter().reduce(|a, b| if key(b) > key(a) { b } else { a }).expect("non-empty");
        }
        n
    }

    fn root_moves(&self) -> Vec<(Move, Bracket)> {
        self.tree[0].children.iter().map(|&c| (self.tree[c].mv.expect("a child has a move"), self.tree[c].range.clone())).collect()
    }
}

/// B* from `state` with `side` to move.
pub fn bstar(g: &SumGames, state: &[u32], side: Side, cfg: BStarConfig) -> BStar {
    let range = range_of(g, state, side, cfg.ranges);
    let mut s = Search {
        g,
        cfg,
        tree: vec![Node { state: state.to_vec(), to_move: side, initial: range.clone(), range, mv: None, parent: None, children: Vec::new() }],
    };
    let mut steps = Vec::new();
    if g.score(state).is_some() {
        return BStar { best: None, proved: true, nodes: 1, tree: s.tree, steps };
    }
    let changed = s.expand(0);
    steps.push(Step { kind: StepKind::Root, expanded: 0, root_range: s.tree[0].range.clone(), moves: s.root_moves(), nodes_after: s.tree.len(), changed });
    loop {
        let kids = s.tree[0].children.clone();
        // Best: highest optimistic value, then highest pessimistic.
        let key = |c: usize| (opt(&s.tree[c].range, side), pess(&s.tree[c].range, side));
        let best = kids.iter().copied().reduce(|a, b| if key(b) > key(a) { b } else { a }).expect("moves");
        let rival = kids.iter().copied().filter(|&c| c != best).reduce(|a, b| if key(b) > key(a) { b } else { a });
        let Some(rival) = rival else {
            return BStar { best: s.tree[best].mv, proved: true, nodes: s.tree.len(), tree: s.tree, steps };
        };
        let (rb, rr) = (s.tree[best].range.clone(), s.tree[rival].range.clone());
        if pess(&rb, side) >= opt(&rr, side) {
            return BStar { best: s.tree[best].mv, proved: true, nodes: s.tree.len(), tree: s.tree, steps };
        }
        if s.tree.len() >= cfg.max_nodes {
            return BStar { best: s.tree[best].mv, proved: false, nodes: s.tree.len(), tree: s.tree, steps };
        }
        let chance = |num: Q, r: &Bracket| if r.width().is_zero() { Q::zero() } else { num.checked_div(&r.width()).expect("width > 0") };
        let prove = chance(&opt(&rb, side) - &opt(&rr, side), &rb);
        let disprove = chance(&pess(&rb, side) - &pess(&rr, side), &rr);
        let (kind, target) = if prove > disprove && !s.tree[best].exact() { (StepKind::ProveBest, best) } else { (StepKind::DisproveRest, rival) };
        let leaf = s.leaf_for(target);
        if s.tree[leaf].exact() || s.g.score(&s.tree[leaf].state).is_some() {
            // Nothing left to expand under the target (cannot happen while
            // the ranges overlap, but never loop).
            return BStar { best: s.tree[best].mv, proved: false, nodes: s.tree.len(), tree: s.tree, steps };
        }
        let changed = s.expand(leaf);
        steps.push(Step { kind, expanded: leaf, root_range: s.tree[0].range.clone(), moves: s.root_moves(), nodes_after: s.tree.len(), changed });
    }
}

impl BStar {
    /// The tree as it stood after step `k` (clamped to the last step): how
    /// many nodes and every node's range then. A search that took no step
    /// (the sum was already over) is its root alone.
    pub fn ranges_at(&self, k: usize) -> Vec<Bracket> {
        let Some(last) = self.steps.len().checked_sub(1) else {
            return self.tree.iter().take(1).map(|n| n.range.clone()).collect();
        };
        let k = k.min(last);
        let mut out: Vec<Bracket> = self.tree[..self.steps[k].nodes_after].iter().map(|n| n.initial.clone()).collect();
        for st in &self.steps[..=k] {
            for (i, r) in &st.changed {
                out[*i] = r.clone();
            }
        }
        out
    }
}

/// Alpha-beta's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBeta {
    /// The root's value (`None` past the node budget).
    pub value: Option<Q>,
    pub best: Option<Move>,
    /// Nodes visited, the root included.
    pub nodes: usize,
}

struct Ab<'g> {
    g: &'g SumGames,
    ranges: Ranges,
    nodes: usize,
    max_nodes: usize,
}

impl Ab<'_> {
    /// Children in B*'s order: the mover's optimistic value first.
    fn ordered(&self, state: &[u32], side: Side) -> Vec<(Move, Vec<u32>)> {
        let mut kids: Vec<(Q, Move, Vec<u32>)> = self
            .g
            .moves(state, side)
            .into_iter()
            .map(|m| {
                let s = self.g.play(state, m);
                (opt(&range_of(self.g, &s, side.other(), self.ranges), side), m, s)
            })
            .collect();
        kids.sort_by(|a, b| b.0.cmp(&a.0));
        kids.into_iter().map(|(_, m, s)| (m, s)).collect()
    }

    fn search(&mut self, state: &[u32], side: Side, mut alpha: Q, mut beta: Q) -> Option<(Q, Option<Move>)> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        if let Some(x) = self.g.score(state) {
            return Some((x, None));
        }
        let mut best: Option<(Q, Move)> = None;
        for (m, s) in self.ordered(state, side) {
            let (v, _) = self.search(&s, side.other(), alpha.clone(), beta.clone())?;
            if best.as_ref().is_none_or(|b| side.prefers(&v, &b.0)) {
                best = Some((v.clone(), m));
            }
            match side {
                Side::Left => alpha = Q::max(&alpha, &v),
                Side::Right => beta = Q::min(&beta, &v),
            }
            if alpha >= beta {
                break;
            }
        }
        let (v, m) = best.expect("moves");
        Some((v, Some(m)))
    }
}

/// Alpha-beta from `state` with `side` to move, children ordered by their
/// `ranges` bound as B* ranks them; the window starts at the root's bound.
pub fn alphabeta(g: &SumGames, state: &[u32], side: Side, ranges: Ranges, max_nodes: usize) -> AlphaBeta {
    let r = range_of(g, state, side, ranges);
    let (lo, hi) = (&r.lo - &Q::one(), &r.hi + &Q::one());
    let mut ab = Ab { g, ranges, nodes: 0, max_nodes };
    match ab.search(state, side, lo, hi) {
        Some((v, m)) => AlphaBeta { value: Some(v), best: m, nodes: ab.nodes },
        None => AlphaBeta { value: None, best: None, nodes: ab.nodes },
    }
}

#[cfg(test)]
mod tests {
    use super::super::exact::sum_value;
    use super::super::testing::{games, q, random_sum};
    use super::*;
    use crate::rng::SplitMix64;

    /// Yedwab's (1985) example (Figs 5.11-5.13): after one level the root is
    /// [8, 26]; one Disprove-Rest expansion lowers the runner-up to [-1, 2]
    /// and proves Left's move in H33 best (exact value 20).
    #[test]
    fn yedwab_example() {
        let g = games(&["{{40|10}|-20}", "{{{31|21}|20}|-15}", "{{4|-2}|-5}"]);
        let r = bstar(&g, g.components(), Side::Left, BStarConfig::default());
        assert_eq!(r.steps[0].root_range, Bracket::new(q("8"), q("26")));
        let first: Vec<String> = r.steps[0].moves.iter().map(|(_, b)| b.to_string()).collect();
        assert_eq!(first, ["[8, 26]", "[-1, 43/2]", "[-16, 13/2]"]);
        assert_eq!(r.steps.len(), 2);
        assert_eq!(r.steps[1].kind, StepKind::DisproveRest);
        assert_eq!(r.steps[1].moves[1].1, Bracket::new(q("-1"), q("2")));
        assert!(r.proved);
        assert_eq!(r.best.unwrap().component, 0);
        assert_eq!(r.nodes, 7);
        // The tree replayed step by step: after the root's expansion the
        // runner-up (H34's move) still has its Hanner range; after step 2
        // every range is the search's final one.
        let at0 = r.ranges_at(0);
        assert_eq!(at0.len(), 4);
        assert_eq!(at0[0], Bracket::new(q("8"), q("26")));
        assert_eq!(at0[2].to_string(), "[-1, 43/2]");
        let at1 = r.ranges_at(1);
        assert_eq!(at1.len(), 7);
        assert_eq!(at1[2], Bracket::new(q("-1"), q("2")));
        assert_eq!(at1, r.tree.iter().map(|n| n.range.clone()).collect::<Vec<_>>());
        assert_eq!(r.ranges_at(99), at1);
        let ab = alphabeta(&g, g.components(), Side::Left, Ranges::Hanner, 1_000_000);
        assert_eq!(ab.value, Some(q("20")));
        assert_eq!(ab.best.unwrap().component, 0);
        assert!(ab.nodes > r.nodes, "alpha-beta {} vs B* {}", ab.nodes, r.nodes);
    }

    /// On random sums B* proves a move whose exact value is the optimum,
    /// and alpha-beta finds the exact value.
    #[test]
    fn bstar_and_alphabeta_agree_with_the_exact_search() {
        let mut rng = SplitMix64::new(33);
        for case in 0..300 {
            let (texts, g) = random_sum(&mut rng, 4, 3);
            let side = Side::from_left(case % 2 == 0);
            let v = sum_value(&g, g.components(), usize::MAX);
            let want = if side == Side::Left { &v.vl } else { &v.vr };
            for ranges in [Ranges::Hanner, Ranges::Tightest] {
                let ab = alphabeta(&g, g.components(), side, ranges, usize::MAX);
                assert_eq!(ab.value.as_ref(), Some(&want.value.lo), "{texts:?}");
                let b = bstar(&g, g.components(), side, BStarConfig { ranges, max_nodes: 1_000_000 });
                assert!(b.proved, "{texts:?}");
                assert_eq!(b.ranges_at(usize::MAX), b.tree.iter().map(|n| n.range.clone()).collect::<Vec<_>>(), "{texts:?}");
                if let Some(m) = b.best {
                    assert!(want.best.contains(&m) || want.move_values.iter().any(|(x, val)| *x == m && *val == want.value.lo), "{texts:?}: B* chose {m:?}");
                }
            }
        }
    }
}
