//! Operations on game trees: negation and disjunctive sums, built as game
//! trees in the arena (shared subtrees, no recursion).
//!
//! Sums use the number translation theorem: a number `x` plus a non-number
//! `G` is `{x + G^L | x + G^R}` (nobody moves in a number), and two numbers
//! add as numbers. That keeps sums with numeric leaves small and exact.

use crate::game::{Arena, GameId, LimitError, Node};
use crate::thermograph::{thermographs, Thermograph};
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

/// `G + H`, built with an explicit stack and a memo on pairs of positions.
pub fn add(arena: &mut Arena, a: GameId, b: GameId) -> Result<GameId, LimitError> {
    // Which Options nodes equal numbers: needed for the translation rule.
    let mut numeric: HashMap<GameId, Thermograph> = thermographs(arena, a);
    numeric.extend(thermographs(arena, b));
    let is_num = |g: GameId, arena: &Arena, th: &HashMap<GameId, Thermograph>| -> Option<crate::numbers::Q> {
        match arena.node(g) {
            Node::Number(q) => Some(q.clone()),
            Node::Options { .. } => th[&g].number().cloned(),
        }
    };
    let mut memo: HashMap<(GameId, GameId), GameId> = HashMap::new();
    let mut stack = vec![(a, b)];
    while let Some(&(x, y)) = stack.last() {
        if memo.contains_key(&(x, y)) {
            stack.pop();
            continue;
        }
        let nx = is_num(x, arena, &numeric);
        let ny = is_num(y, arena, &numeric);
        // Left options and right options of x + y, as pairs to sum.
        let (lp, rp): (Vec<(GameId, GameId)>, Vec<(GameId, GameId)>) = match (&nx, &ny) {
            (Some(p), Some(q)) => {
                let id = arena.number(p + q)?;
                memo.insert((x, y), id);
                stack.pop();
                continue;
            }
            (Some(_), None) => (
                arena.left(y).iter().map(|&c| (x, c)).collect(),
                arena.right(y).iter().map(|&c| (x, c)).collect(),
            ),
            (None, Some(_)) => (
                arena.left(x).iter().map(|&c| (c, y)).collect(),
                arena.right(x).iter().map(|&c| (c, y)).collect(),
            ),
            (None, None) => (
                arena.left(x).iter().map(|&c| (c, y)).chain(arena.left(y).iter().map(|&c| (x, c))).collect(),
                arena.right(x).iter().map(|&c| (c, y)).chain(arena.right(y).iter().map(|&c| (x, c))).collect(),
            ),
        };
        let missing: Vec<(GameId, GameId)> =
            lp.iter().chain(rp.iter()).filter(|p| !memo.contains_key(p)).copied().collect();
        if !missing.is_empty() {
            stack.extend(missing);
            continue;
        }
        // Sorted options: the same multiset of components gives the same node
        // however the sum was bracketed, so sums of many copies stay small.
        let mut l: Vec<GameId> = lp.iter().map(|p| memo[p]).collect();
        let mut r: Vec<GameId> = rp.iter().map(|p| memo[p]).collect();
        l.sort_unstable();
        r.sort_unstable();
        let id = arena.options(&l, &r)?;
        memo.insert((x, y), id);
        stack.pop();
    }
    Ok(memo[&(a, b)])
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
