//! Redwood beds by Winning Ways' theorem (chapter 7, "Redwood furniture"):
//! the value of a bed is `2^-(m+1)`, where `m` is the largest number of
//! red edges Red can chop without cutting the bed apart.
//!
//! Redwood furniture: every blue edge is a *foot* (one end on the ground,
//! the other end touching exactly one further edge, its red *leg*), and no
//! red edge touches the ground. A *bed* is furniture where every red edge
//! that is not a leg touches the top of a leg. Whatever Red chops outside a
//! tree joining the leg tops leaves the bed standing, so
//! `m = (bed edges) - (fewest bed edges joining all leg tops)`: a Steiner
//! tree, which is why finding `m` is NP-hard (Winning Ways; Garey and
//! Johnson GP12). Small terminal sets are cheap, though: Dreyfus-Wagner
//! takes `3^k` steps for `k` legs, and the 30-edge bed that costs a game
//! search seconds (and `cgt`-based solving minutes) has seven.
//!
//! Only beds: the same count over furniture in general (red edges away
//! from every leg top) disagreed with the search on about one random
//! picture in ten, and legs sharing a top are outside it too. This is a
//! fast path only: the caller falls back to the search when the
//! picture is not a bed or has too many legs, and the tests hold the
//! formula against the numbers-only search on random beds.

use super::{Colour, Edge};
use crate::numbers::Q;
use std::collections::HashMap;

/// Beds with more distinct leg tops than this go to the search
/// (Dreyfus-Wagner's table has `2^k` rows and `3^k` combining steps).
pub(crate) const MAX_LEG_TOPS: usize = 12;

/// The value of `edges` (one component: connected apart from the ground)
/// if it is a Redwood bed with at most [`MAX_LEG_TOPS`] leg tops.
pub(crate) fn bed_value(edges: &[Edge]) -> Option<Q> {
    bed_exponent(edges).map(|n| Q::pow2_neg(u64::from(n)))
}

/// `m + 1` of the module docs, or `None` if `edges` is not such a bed.
pub(crate) fn bed_exponent(edges: &[Edge]) -> Option<u32> {
    let mut at: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, e) in edges.iter().enumerate() {
        at.entry(e.a).or_default().push(i);
        at.entry(e.b).or_default().push(i);
    }
    let mut is_leg = vec![false; edges.len()];
    let mut foot_tops = Vec::new();
    let mut tops: Vec<u32> = Vec::new();
    for (i, e) in edges.iter().enumerate() {
        match e.colour {
            Colour::Green => return None,
            Colour::Red if e.a == 0 || e.b == 0 => return None,
            Colour::Red => {}
            Colour::Blue => {
                let t = match (e.a, e.b) {
                    (0, t) | (t, 0) => t,
                    _ => return None,
                };
                let here = &at[&t];
                if here.len() != 2 {
                    return None;
                }
                let leg = if here[0] == i { here[1] } else { here[0] };
                let l = edges[leg];
                if l.colour != Colour::Red {
                    return None;
                }
                is_leg[leg] = true;
                foot_tops.push(t);
                tops.push(if l.a == t { l.b } else { l.a });
            }
        }
    }
    if tops.is_empty() {
        return None;
    }
    // A leg from one foot to another foot's top is not furniture.
    if tops.iter().any(|t| foot_tops.contains(t)) {
        return None;
    }
    // Legs sharing a top are outside the theorem (three legs on one top
    // are worth 1, not 1/2): the search takes them.
    tops.sort_unstable();
    if tops.windows(2).any(|w| w[0] == w[1]) || tops.len() > MAX_LEG_TOPS {
        return None;
    }
    // The bed: red edges that are not legs, each touching a leg top.
    let bed: Vec<(u32, u32)> = edges.iter().enumerate().filter(|&(i, _)| !is_leg[i] && edges[i].colour == Colour::Red).map(|(_, e)| (e.a, e.b)).collect();
    if bed.iter().any(|&(a, b)| tops.binary_search(&a).is_err() && tops.binary_search(&b).is_err()) {
        return None;
    }
    let tree = steiner(&bed, &tops)?;
    u32::try_from(bed.len() - tree + 1).ok()
}

/// The fewest edges of `graph` joining all of `terminals` (sorted,
/// distinct), by Dreyfus-Wagner; `None` if they are not all joined.
fn steiner(graph: &[(u32, u32)], terminals: &[u32]) -> Option<usize> {
    // Dense vertex numbers: terminals first.
    let mut id: HashMap<u32, usize> = terminals.iter().enumerate().map(|(i, &t)| (t, i)).collect();
    for &(a, b) in graph {
        for v in [a, b] {
            let next = id.len();
            id.entry(v).or_insert(next);
        }
    }
    let n = id.len();
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in graph {
        let (a, b) = (id[&a], id[&b]);
        adj[a].push(b);
        adj[b].push(a);
    }
    let k = terminals.len();
    const INF: usize = usize::MAX / 4;
    let full = (1usize << k) - 1;
    let mut dp = vec![INF; (full + 1) * n];
    let mut queue: Vec<Vec<usize>> = Vec::new();
    for mask in 1..=full {
        let row = mask * n;
        if mask.is_power_of_two() {
            dp[row + mask.trailing_zeros() as usize] = 0;
        } else {
            // Split at a vertex: two subtrees meeting there. Halving on
            // the lowest terminal visits each unordered split once.
            let low = mask & mask.wrapping_neg();
            let rest = mask ^ low;
            let mut sub = rest;
            loop {
                let s = sub | low;
                if s != mask {
                    let (p, q) = (s * n, (mask ^ s) * n);
                    for v in 0..n {
                        let c = dp[p + v] + dp[q + v];
                        if c < dp[row + v] {
                            dp[row + v] = c;
                        }
                    }
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & rest;
            }
        }
        // Then grow along edges: unit weights, so a bucket queue.
        relax(&mut dp[row..row + n], &adj, &mut queue);
    }
    let best = dp[full * n];
    (best < INF).then_some(best)
}

/// Shortest-path relaxation of `dist` over unit-weight `adj` (Dijkstra
/// with buckets; `queue` is reused scratch).
fn relax(dist: &mut [usize], adj: &[Vec<usize>], queue: &mut Vec<Vec<usize>>) {
    let n = dist.len();
    queue.iter_mut().for_each(Vec::clear);
    if queue.len() < 2 * n + 1 {
        queue.resize(2 * n + 1, Vec::new());
    }
    // Finite entries are at most 2n (a tree has fewer than n edges, and
    // a split adds two such trees); anything larger is unreached.
    for (v, &d) in dist.iter().enumerate() {
        if d < queue.len() {
            queue[d].push(v);
        }
    }
    for d in 0..queue.len() {
        while let Some(v) = queue[d].pop() {
            if dist[v] != d {
                continue;
            }
            for &w in &adj[v] {
                if d + 1 < dist[w] && d + 1 < queue.len() {
                    dist[w] = d + 1;
                    queue[d + 1].push(w);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::bluered::BlueRed;
    use super::super::Hackenbush;
    use super::*;
    use crate::rng::SplitMix64;

    fn exponent(text: &str) -> Option<u32> {
        bed_exponent(text.parse::<Hackenbush>().unwrap().edges())
    }

    #[test]
    fn known_beds() {
        // Winning Ways' 30-edge bed (1/128) and the small preset (1/8).
        let ww = "0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r";
        assert_eq!(exponent(ww), Some(7));
        assert_eq!(exponent("0-4:b 4-1:r 0-5:b 5-2:r 0-6:b 6-3:r 1-7:r 7-2:r 2-8:r 8-3:r 1-9:r 9-3:r"), Some(3));
        // One foot and its leg is the stalk br = 1/2; a red edge on top 1/4.
        assert_eq!(exponent("0-1:b 1-2:r"), Some(1));
        assert_eq!(exponent("0-1:b 1-2:r 2-3:r"), Some(2));
    }

    #[test]
    fn not_beds() {
        for text in [
            "0-1:b",                   // a foot without a leg
            "0-1:b 1-2:b",             // blue off the ground
            "0-1:b 1-2:r 0-2:r",       // red on the ground
            "0-1:b 1-2:r 1-3:r",       // a foot top with two red edges
            "0-1:b 1-2:r 2-3:r 3-4:r", // a red edge away from every top
            "0-1:b 1-2:g",             // green
            "0-1:b 1-2:r 0-2:b",       // a leg ending on another foot
            "0-1:b 1-3:r 0-2:b 2-3:r", // two legs on one top
        ] {
            assert_eq!(exponent(text), None, "{text}");
        }
    }

    #[test]
    fn steiner_trees() {
        // A star through a Steiner vertex beats the path around.
        let g = [(1, 9), (2, 9), (3, 9), (1, 2), (2, 3)];
        assert_eq!(steiner(&g, &[1, 2, 3]), Some(2));
        assert_eq!(steiner(&[(1, 2)], &[1, 2, 3]), None);
        assert_eq!(steiner(&[], &[4]), Some(0));
    }

    /// Random beds (bed edges between tops and to extra vertices, parallel
    /// edges, red edges hanging from a top) against the numbers-only
    /// search: `cases` connected beds of up to `legs` legs, `extra`
    /// vertices off the legs and `bed` bed edges.
    fn random_beds(seed: u64, cases: usize, legs: u64, extra: u64, bed: u64) {
        let mut rng = SplitMix64::new(seed);
        let mut checked = 0;
        let mut seen = [0usize; 16];
        while checked < cases {
            let legs = 1 + rng.below(legs) as u32;
            let extra = rng.below(extra + 1) as u32;
            let mut edges = Vec::new();
            // Vertices: foot tops 100+i, leg tops 1..=legs, others 50+j.
            for i in 0..legs {
                edges.push(Edge::new(0, 100 + i, Colour::Blue).unwrap());
                edges.push(Edge::new(100 + i, 1 + i, Colour::Red).unwrap());
            }
            for _ in 0..rng.below(bed + 1) {
                let a = 1 + rng.below(u64::from(legs)) as u32;
                let r = rng.below(u64::from(legs + extra)) as u32;
                let b = if r < legs { 1 + r } else { 50 + (r - legs) };
                if let Some(e) = Edge::new(a, b, Colour::Red) {
                    edges.push(e);
                }
            }
            // Only connected pictures are one component.
            let h = Hackenbush { edges: edges.clone() };
            if h.components().len() != 1 {
                continue;
            }
            let got = bed_exponent(&edges).unwrap_or_else(|| panic!("a bed: {h}"));
            let want = BlueRed::solve(&edges, 1 << 22).unwrap().unwrap();
            assert_eq!(Q::pow2_neg(u64::from(got)), want, "{h}");
            seen[got.min(15) as usize] += 1;
            checked += 1;
        }
        // The cases reach well beyond the trivial values.
        assert!(seen[4..].iter().sum::<usize>() > cases / 10, "{seen:?}");
    }

    #[test]
    fn the_theorem_agrees_with_the_search_on_random_beds() {
        random_beds(7, 500, 5, 3, 9);
    }

    /// Larger beds (about 90 s in release mode): `cargo test --release --
    /// --ignored larger_random_beds`.
    #[test]
    #[ignore = "slow; run by hand after changing the solver or the theorem"]
    fn larger_random_beds() {
        random_beds(8, 600, 7, 5, 13);
    }
}
