//! Operations on game trees: negation and disjunctive sums, built as game
//! trees in the arena (shared subtrees, no recursion).
//!
//! Sums use the number translation theorem: a number `x` plus a non-number
//! `G` is `{x + G^L | x + G^R}` (nobody moves in a number), and two numbers
//! add as numbers. That keeps sums with numeric leaves small and exact.
//!
//! A sum is built by a [`SumJob`], resumable so that a big one can run in
//! slices between frames (see [`crate::build::BuildJob`]); [`add`] runs one
//! to completion.

use crate::game::{Arena, GameId, LimitError, Node};
use crate::numbers::Q;
use crate::thermograph::ThermoCache;
use std::collections::HashMap;

/// Two games whose sum is wanted.
type Pair = (GameId, GameId);

/// `-G`: left and right swapped all the way down.
pub fn neg(arena: &mut Arena, root: GameId) -> Result<GameId, LimitError> {
    let mut map: HashMap<GameId, GameId> = HashMap::new();
    for g in arena.reachable(root) {
        let new = match arena.node(g).clone() {
            Node::Number(q) => arena.number(-q)?,
            Node::Options { left, right } => {
                let l: Vec<GameId> = right.iter().map(|c| map[c]).collect();
                let r: Vec<GameId> = left.iter().map(|c| map[c]).collect();
                arena.options(&l, &r)?
            }
        };
        map.insert(g, new);
    }
    Ok(map[&root])
}

/// `G + H`, all at once (a [`SumJob`] run to completion; use the job
/// directly to build big sums in slices).
pub fn add(arena: &mut Arena, a: GameId, b: GameId) -> Result<GameId, LimitError> {
    let mut cache = ThermoCache::default();
    let ids = cache.missing(arena, &[a, b]);
    cache.fill(arena, &ids, &mut 0, usize::MAX);
    let mut job = SumJob::new(a, b);
    loop {
        if let Some(g) = job.step(arena, &cache, usize::MAX)? {
            return Ok(g);
        }
    }
}

/// `a + b` as a game tree, built in slices with an explicit stack and a memo
/// on pairs of positions. Needs the thermographs of every node under `a` and
/// `b` in the cache (to know which are numbers: number translation).
#[derive(Clone, Debug)]
pub struct SumJob {
    a: GameId,
    b: GameId,
    stack: Vec<(GameId, GameId)>,
    memo: rustc_hash::FxHashMap<(GameId, GameId), GameId>,
    /// Option pairs looked at so far: the work, whether or not the arena
    /// already had the node they make (sums of nimbers meet the same node
    /// again and again, each time through all its options).
    moves_seen: u64,
}

impl SumJob {
    pub fn new(a: GameId, b: GameId) -> SumJob {
        SumJob { a, b, stack: vec![(a, b)], memo: Default::default(), moves_seen: 0 }
    }
    /// Number of sum positions built so far.
    pub fn done(&self) -> usize {
        self.memo.len()
    }
    /// Options of the positions made so far, counted for each position the
    /// sum makes, whether or not the arena already had its node.
    pub fn moves_seen(&self) -> u64 {
        self.moves_seen
    }
    fn number_of(arena: &Arena, cache: &ThermoCache, g: GameId) -> Option<Q> {
        match arena.node(g) {
            Node::Number(q) => Some(q.clone()),
            Node::Options { .. } => cache.get(g).expect("thermographs filled before summing").number().cloned(),
        }
    }
    /// Up to `budget` steps; `Ok(Some(root))` when finished.
    pub fn step(&mut self, arena: &mut Arena, cache: &ThermoCache, budget: usize) -> Result<Option<GameId>, LimitError> {
        let mut left_budget = budget;
        while let Some(&(x, y)) = self.stack.last() {
            if left_budget == 0 {
                return Ok(None);
            }
            left_budget -= 1;
            if self.memo.contains_key(&(x, y)) {
                self.stack.pop();
                continue;
            }
            let nx = Self::number_of(arena, cache, x);
            let ny = Self::number_of(arena, cache, y);
            let (lp, rp): (Vec<Pair>, Vec<Pair>) = match (&nx, &ny) {
                (Some(p), Some(q)) => {
                    let id = arena.number(p + q)?;
                    self.memo.insert((x, y), id);
                    self.stack.pop();
                    continue;
                }
                (Some(_), None) => (arena.left(y).iter().map(|&c| (x, c)).collect(), arena.right(y).iter().map(|&c| (x, c)).collect()),
                (None, Some(_)) => (arena.left(x).iter().map(|&c| (c, y)).collect(), arena.right(x).iter().map(|&c| (c, y)).collect()),
                (None, None) => (
                    arena.left(x).iter().map(|&c| (c, y)).chain(arena.left(y).iter().map(|&c| (x, c))).collect(),
                    arena.right(x).iter().map(|&c| (c, y)).chain(arena.right(y).iter().map(|&c| (x, c))).collect(),
                ),
            };
            let before = self.stack.len();
            for p in lp.iter().chain(rp.iter()) {
                if !self.memo.contains_key(p) {
                    self.stack.push(*p);
                }
            }
            if self.stack.len() > before {
                continue;
            }
            // Sorted options: the same multiset of components gives the same
            // node however the sum was bracketed, so sums of copies stay small.
            let mut l: Vec<GameId> = lp.iter().map(|p| self.memo[p]).collect();
            let mut r: Vec<GameId> = rp.iter().map(|p| self.memo[p]).collect();
            l.sort_unstable();
            r.sort_unstable();
            // Counted whether or not the arena already has the node.
            self.moves_seen += (l.len() + r.len()) as u64;
            let id = arena.options(&l, &r)?;
            self.memo.insert((x, y), id);
            self.stack.pop();
        }
        Ok(Some(self.memo[&(self.a, self.b)]))
    }
}

/// `G - H`.
pub fn sub(arena: &mut Arena, a: GameId, b: GameId) -> Result<GameId, LimitError> {
    let nb = neg(arena, b)?;
    add(arena, a, nb)
}

/// The nimber `*n` as `{0, *, ..., *(n-1) | 0, *, ..., *(n-1)}`.
pub fn nimber(arena: &mut Arena, n: usize) -> Result<GameId, LimitError> {
    let mut stars = vec![arena.int(0)?];
    for _ in 0..n {
        let s = arena.options(&stars.clone(), &stars.clone())?;
        stars.push(s);
    }
    Ok(stars[n])
}

/// `^` repeated `|ups|` times (negative: `v`), plus `*k`. For `*0` and `*` the
/// canonical forms are built directly (`^n = {0 | ^(n-1)*}`, `^* = {0,*|0}`,
/// `^n* = {0 | ^(n-1)}` for n >= 2), so `^*` prints as `{0, {0|0}|0}`.
pub fn ups_star(arena: &mut Arena, ups: i64, star: usize) -> Result<GameId, LimitError> {
    if ups < 0 {
        let g = ups_star(arena, -ups, star)?;
        return neg(arena, g);
    }
    let zero = arena.int(0)?;
    let s1 = nimber(arena, 1)?;
    // plain[n] = ^n, starred[n] = ^n*
    let mut plain = zero;
    let mut starred = s1;
    for n in 1..=ups {
        let p = arena.options(&[zero], &[starred])?;
        let s = if n == 1 { arena.options(&[zero, s1], &[zero])? } else { arena.options(&[zero], &[plain])? };
        plain = p;
        starred = s;
    }
    match star {
        0 => Ok(plain),
        1 => Ok(starred),
        k => {
            let sk = nimber(arena, k)?;
            add(arena, plain, sk)
        }
    }
}
