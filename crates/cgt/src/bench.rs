//! Deterministic generators of large game trees for benchmarks and stress
//! tests (seeded; no global RNG).

use crate::game::{Arena, GameId, LimitError, Limits};

/// SplitMix64: tiny, seeded, reproducible on every platform.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// A random game tree with about `internal` option nodes: integer leaves in
/// `[-range, range]`, 1-3 options per side, built bottom-up so each internal
/// node is used once (a tree over shared numeric leaves).
pub fn random_tree(internal: usize, range: i64, seed: u64) -> Result<(Arena, GameId), LimitError> {
    let mut rng = SplitMix64::new(seed);
    let mut arena = Arena::new(Limits { max_nodes: internal + 2 * range as usize + 16, max_edges: internal * 8 + 16 });
    let mut pool: Vec<GameId> = Vec::new();
    let mut made = 0;
    let leaf = |rng: &mut SplitMix64, arena: &mut Arena| arena.int(rng.below(2 * range as u64 + 1) as i64 - range);
    while made < internal {
        let nl = 1 + rng.below(3) as usize;
        let nr = 1 + rng.below(3) as usize;
        let take = |rng: &mut SplitMix64, arena: &mut Arena, pool: &mut Vec<GameId>| -> Result<GameId, LimitError> {
            // Prefer finished subtrees so the result is one tree; else a leaf.
            if !pool.is_empty() && rng.below(3) != 0 {
                let i = rng.below(pool.len() as u64) as usize;
                Ok(pool.swap_remove(i))
            } else {
                leaf(rng, arena)
            }
        };
        let mut l = Vec::with_capacity(nl);
        for _ in 0..nl {
            l.push(take(&mut rng, &mut arena, &mut pool)?);
        }
        let mut r = Vec::with_capacity(nr);
        for _ in 0..nr {
            r.push(take(&mut rng, &mut arena, &mut pool)?);
        }
        let before = arena.len();
        let g = arena.options(&l, &r)?;
        if arena.len() > before {
            made += 1;
        }
        pool.push(g);
    }
    // Join what is left under one root.
    while pool.len() > 1 {
        let a = pool.pop().expect("len > 1");
        let b = pool.pop().expect("len > 1");
        let g = arena.options(&[a], &[b])?;
        pool.push(g);
    }
    let root = pool[0];
    Ok((arena, root))
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
