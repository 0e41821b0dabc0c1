//! Deterministic generators of large game trees for benchmarks and stress
//! tests (seeded; no global RNG).

use crate::game::{Arena, GameId, LimitError, Limits};
use crate::rng::SplitMix64;

/// A random game tree with `internal` option nodes: a random recursive tree
/// (node i hangs under a uniformly chosen earlier node, so depth is about
/// ln n), each node's children split at random between Left and Right and
/// topped up with integer leaves in `[-range, range]` to 1-3 options a side.
pub fn random_tree(internal: usize, range: i64, seed: u64) -> Result<(Arena, GameId), LimitError> {
    let limits = Limits { max_nodes: internal.max(1) + 2 * range as usize + 16, max_edges: internal.max(1) * 8 + 16 };
    grow(internal, seed, limits, 3, |arena, rng| arena.int(rng.below(2 * range as u64 + 1) as i64 - range))
}

/// A random *all-small* game tree with `internal` option nodes (as
/// [`random_tree`], with every leaf 0 and 1-2 options a side): an
/// infinitesimal with an atomic weight, for the algebra's benchmark.
pub fn random_all_small(internal: usize, seed: u64) -> Result<(Arena, GameId), LimitError> {
    let limits = Limits { max_nodes: internal.max(1) + 16, max_edges: internal.max(1) * 6 + 16 };
    grow(internal, seed, limits, 2, |arena, _| arena.int(0))
}

/// The random recursive tree both generators share: `internal` option
/// nodes, each side topped up with `leaf`s to 1 to `most` options.
fn grow(
    internal: usize,
    seed: u64,
    limits: Limits,
    most: u64,
    mut leaf: impl FnMut(&mut Arena, &mut SplitMix64) -> Result<GameId, LimitError>,
) -> Result<(Arena, GameId), LimitError> {
    let internal = internal.max(1);
    let mut rng = SplitMix64::new(seed);
    let mut arena = Arena::new(limits);
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); internal];
    for i in 1..internal {
        let p = rng.below(i as u64) as usize;
        children[p].push(i as u32);
    }
    let mut ids: Vec<Option<GameId>> = vec![None; internal];
    // Children have larger indices than parents: build from the end.
    for i in (0..internal).rev() {
        let mut l = Vec::new();
        let mut r = Vec::new();
        for &c in &children[i] {
            let id = ids[c as usize].take().expect("child built");
            if rng.below(2) == 0 {
                l.push(id)
            } else {
                r.push(id)
            }
        }
        let want_l = 1 + rng.below(most) as usize;
        let want_r = 1 + rng.below(most) as usize;
        while l.len() < want_l {
            l.push(leaf(&mut arena, &mut rng)?);
        }
        while r.len() < want_r {
            r.push(leaf(&mut arena, &mut rng)?);
        }
        ids[i] = Some(arena.options(&l, &r)?);
    }
    Ok((arena, ids[0].expect("root built")))
}

/// A chain `{{{...{0|0}...|k}|k}|k}` of the given depth (stack-safety tests).
pub fn deep_chain(depth: usize) -> Result<(Arena, GameId), LimitError> {
    let mut arena = Arena::new(Limits { max_nodes: 4 * depth + 64, max_edges: 8 * depth + 64 });
    let z = arena.int(0)?;
    let mut g = arena.options(&[z], &[z])?;
    for i in 0..depth {
        let r = arena.int(-((i % 7) as i64))?;
        g = arena.options(&[g], &[r])?;
    }
    Ok((arena, g))
}
