//! Operations on game trees: negation and disjunctive sums, built as game
//! trees in the arena (shared subtrees, no recursion).
//!
//! Sums use the number translation theorem: a number `x` plus a non-number
//! `G` is `{x + G^L | x + G^R}` (nobody moves in a number), and two numbers
//! add as numbers. That keeps sums with numeric leaves small and exact.

use crate::game::{Arena, GameId, LimitError, Node};
use crate::build::{SumJob, ThermoCache};
use std::collections::HashMap;

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
