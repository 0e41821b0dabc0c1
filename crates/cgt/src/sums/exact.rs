//! Exact play in a sum: `VL` and `VR` by minimax within a node budget.
//!
//! The search memoises on the sorted list of the components that are not
//! numbers yet (the numbers' total only adds to the result), so equal
//! components and transpositions are searched once. A node is one memo
//! entry; past the budget the answer is the best bracket known: the
//! static bounds met with what the finished root moves proved.

use super::{bounds, Bracket, Move, SumGames};
use crate::numbers::Q;
use crate::side::Side;
use std::collections::HashMap;

/// The search's memo: the value (without the numbers' total) of a sorted
/// list of non-number positions with Left or Right to move.
#[derive(Default)]
pub struct Memo {
    map: HashMap<(Vec<u32>, Side), Q>,
}

impl Memo {
    pub fn len(&self) -> usize {
        self.map.len()
    }
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// The budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget;

/// Minimax value of `key` (sorted non-number positions) with `side` to
/// move, numbers' total excluded.
pub fn value_of(g: &SumGames, key: &[u32], side: Side, memo: &mut Memo, budget: usize) -> Result<Q, OverBudget> {
    if key.is_empty() {
        return Ok(Q::zero());
    }
    if let Some(v) = memo.map.get(&(key.to_vec(), side)) {
        return Ok(v.clone());
    }
    if memo.map.len() >= budget {
        return Err(OverBudget);
    }
    let mut best: Option<Q> = None;
    for i in 0..key.len() {
        // Equal components give equal moves.
        if i > 0 && key[i] == key[i - 1] {
            continue;
        }
        for &o in g.position(key[i]).options(side) {
            let v = after(g, key, i, o, side, memo, budget)?;
            best = Some(match best {
                None => v,
                Some(b) if side.prefers(&v, &b) => v,
                Some(b) => b,
            });
        }
    }
    let v = best.expect("canonical non-numbers have options for both players");
    memo.map.insert((key.to_vec(), side), v.clone());
    Ok(v)
}

/// The value after the player moves component `i` of `key` to `o`.
fn after(g: &SumGames, key: &[u32], i: usize, o: u32, side: Side, memo: &mut Memo, budget: usize) -> Result<Q, OverBudget> {
    let mut next: Vec<u32> = Vec::with_capacity(key.len());
    next.extend_from_slice(&key[..i]);
    next.extend_from_slice(&key[i + 1..]);
    match &g.position(o).number {
        Some(x) => Ok(x + &value_of(g, &next, side.other(), memo, budget)?),
        None => {
            let at = next.partition_point(|&p| p < o);
            next.insert(at, o);
            value_of(g, &next, side.other(), memo, budget)
        }
    }
}

/// The value of a full state (numbers included) with `side` to move.
pub fn state_value(g: &SumGames, state: &[u32], side: Side, memo: &mut Memo, budget: usize) -> Result<Q, OverBudget> {
    let (total, key) = g.split(state);
    Ok(&total + &value_of(g, &key, side, memo, budget)?)
}

/// `VL` or `VR` of a sum, or the bracket known when the budget ran out,
/// with every best first move.
#[derive(Clone, Debug, PartialEq)]
pub struct SideValue {
    /// Exact when `lo == hi`.
    pub value: Bracket,
    pub exact: bool,
    /// The best first moves (all of them; empty unless exact, or when the
    /// sum is already a number).
    pub best: Vec<Move>,
    /// The value after each first move searched to the end.
    pub move_values: Vec<(Move, Q)>,
}

/// The whole answer for a sum.
#[derive(Clone, Debug, PartialEq)]
pub struct SumValue {
    pub vl: SideValue,
    pub vr: SideValue,
    /// Memo entries used (the nodes searched).
    pub nodes: usize,
    pub budget: usize,
}

impl SumValue {
    pub fn exact(&self) -> bool {
        self.vl.exact && self.vr.exact
    }
}

fn side_value(g: &SumGames, state: &[u32], side: Side, memo: &mut Memo, budget: usize) -> SideValue {
    let b = bounds::bounds(g, state).best(side);
    if let Some(x) = g.score(state) {
        return SideValue { value: Bracket::exact(x), exact: true, best: Vec::new(), move_values: Vec::new() };
    }
    let mut move_values = Vec::new();
    let mut complete = true;
    // Distinct moves only (equal components give equal values) for the
    // search; every component is still listed among the best moves.
    let mut cache: HashMap<(u32, u32), Q> = HashMap::new();
    for m in g.moves(state, side) {
        let from = state[m.component];
        if let Some(v) = cache.get(&(from, m.to)) {
            move_values.push((m, v.clone()));
            continue;
        }
        match state_value(g, &g.play(state, m), side.other(), memo, budget) {
            Ok(v) => {
                cache.insert((from, m.to), v.clone());
                move_values.push((m, v));
            }
            Err(OverBudget) => {
                complete = false;
                break;
            }
        }
    }
    let pick = |vals: &[(Move, Q)]| -> Option<Q> { vals.iter().map(|(_, v)| v.clone()).reduce(|a, b| if side.prefers(&b, &a) { b } else { a }) };
    if complete {
        let v = pick(&move_values).expect("a sum that is not a number has moves");
        let best = move_values.iter().filter(|(_, x)| *x == v).map(|(m, _)| *m).collect();
        return SideValue { value: Bracket::exact(v), exact: true, best, move_values };
    }
    // Over budget: a finished move is a guarantee for the mover.
    let mut value = b;
    if let Some(v) = pick(&move_values) {
        value = match side {
            Side::Left => Bracket::new(Q::max(&value.lo, &v), value.hi.clone()),
            Side::Right => Bracket::new(value.lo.clone(), Q::min(&value.hi, &v)),
        };
        if value.lo > value.hi {
            // Cannot happen with correct bounds; keep the proved end.
            value = Bracket::exact(v);
        }
    }
    SideValue { value, exact: false, best: Vec::new(), move_values }
}

/// `VL` and `VR` of the sum at `state` within `budget` memo entries
/// (shared by the two sides).
pub fn sum_value(g: &SumGames, state: &[u32], budget: usize) -> SumValue {
    let mut memo = Memo::default();
    let vl = side_value(g, state, Side::Left, &mut memo, budget);
    let vr = side_value(g, state, Side::Right, &mut memo, budget);
    SumValue { vl, vr, nodes: memo.len(), budget }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{games, q, random_game};
    use super::*;
    use crate::canonical::Canon;
    use crate::rng::SplitMix64;

    /// Müller's (2025) examples (vectors `slides-LSRS-sum`, `slides-greedy-bad`).
    #[test]
    fn the_slides_sums() {
        let g = games(&["2|0", "5|4"]);
        let v = sum_value(&g, g.components(), 10_000);
        assert_eq!((v.vl.value.lo.clone(), v.vr.value.lo.clone()), (q("6"), q("5")));
        assert!(v.exact());
        let g = games(&["4|0", "10|-3||-5"]);
        let v = sum_value(&g, g.components(), 10_000);
        assert_eq!(v.vl.value, Bracket::exact(q("1")));
        let best: Vec<String> = v.vl.best.iter().map(|&m| g.move_text(m)).collect();
        assert_eq!(best, ["[1, {10|-3}]"]);
        let greedy = v.vl.move_values.iter().find(|(m, _)| m.component == 0).unwrap();
        assert_eq!(greedy.1, q("-1"));
    }

    /// The sum's search against the stops of the canonical sum, on random
    /// sums: two independent routes to the same numbers.
    #[test]
    fn agrees_with_the_canonical_sum_stops() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..300 {
            let n = 1 + rng.below(4) as usize;
            let texts: Vec<String> = (0..n).map(|_| random_game(&mut rng, 3)).collect();
            let trees: Vec<crate::GameTree> = texts.iter().map(|t| t.parse().unwrap()).collect();
            let g = SumGames::from_trees(&trees, 10_000).unwrap();
            let v = sum_value(&g, g.components(), 1_000_000);
            let mut c = Canon::new();
            let mut s = c.zero();
            for t in &trees {
                let x = c.from_tree(t.arena(), t.root()).unwrap();
                s = c.add(s, x);
            }
            let (ls, rs) = c.stops(s);
            assert_eq!((v.vl.value.lo.clone(), v.vr.value.lo.clone()), (ls, rs), "{texts:?}");
        }
    }

    #[test]
    fn over_budget_gives_a_bracket_that_holds() {
        let mut rng = SplitMix64::new(5);
        let texts: Vec<String> = (0..8).map(|_| random_game(&mut rng, 3)).collect();
        let trees: Vec<crate::GameTree> = texts.iter().map(|t| t.parse().unwrap()).collect();
        let g = SumGames::from_trees(&trees, 10_000).unwrap();
        let full = sum_value(&g, g.components(), usize::MAX);
        assert!(full.exact());
        let cut = sum_value(&g, g.components(), 20);
        assert!(!cut.exact());
        assert!(cut.vl.value.contains(&full.vl.value.lo), "{} vs {}", cut.vl.value, full.vl.value);
        assert!(cut.vr.value.contains(&full.vr.value.lo));
    }
}
