//! Positions of several heaps: their nim-value and their winning moves.
//!
//! By the Sprague-Grundy theorem (Sprague 1935, Grundy 1939) a sum of
//! heaps is worth the nim-sum (XOR) of the heaps' values, and the player
//! to move wins exactly when it is not 0. The winning moves are the moves
//! to a position of nim-sum 0: on a heap of value `g` in a position of
//! nim-sum `x`, the moves whose heaps left are worth `x ^ g` together
//! (Winning Ways ch. 4; Siegel 2013, ch. IV.1).

use super::rules::HeapRule;
use std::fmt;

/// The nim-sum (XOR) of values.
pub fn nim_sum(values: impl IntoIterator<Item = u32>) -> u32 {
    values.into_iter().fold(0, |a, b| a ^ b)
}

/// A move on one heap of a position: remove `take` tokens from heap
/// `heap` (0-based) and leave `leave` in its place (sorted; empty when the
/// whole heap is removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    pub heap: usize,
    pub take: usize,
    pub leave: Vec<usize>,
}

impl fmt::Display for HeapMove {
    /// "take 3 from heap 2" (heaps numbered from 1), "take 1 from heap 2,
    /// leaving 3 + 4", "split heap 1 into 2 + 5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.heap + 1;
        let parts = || self.leave.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" + ");
        match (self.take, self.leave.len()) {
            (t, 0) => write!(f, "take {t} from heap {h} (all of it)"),
            (t, 1) => write!(f, "take {t} from heap {h}"),
            (0, _) => write!(f, "split heap {h} into {}", parts()),
            (t, _) => write!(f, "take {t} from heap {h}, leaving {}", parts()),
        }
    }
}

/// A heap larger than the table of values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BeyondTable {
    /// 0-based index of the heap.
    pub heap: usize,
    pub size: usize,
    /// The table holds `G(0)` to `G(known_to)`.
    pub known_to: usize,
}

impl fmt::Display for BeyondTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {} has {} tokens: the table of values stops at G({})", self.heap + 1, self.size, self.known_to)
    }
}

impl std::error::Error for BeyondTable {}

fn check(values: &[u32], heaps: &[usize]) -> Result<(), BeyondTable> {
    match heaps.iter().position(|&h| h >= values.len()) {
        Some(i) => Err(BeyondTable { heap: i, size: heaps[i], known_to: values.len().saturating_sub(1) }),
        None => Ok(()),
    }
}

/// The nim-value of a position of `heaps`, given `values[n] = G(n)`.
pub fn position_value(values: &[u32], heaps: &[usize]) -> Result<u32, BeyondTable> {
    check(values, heaps)?;
    Ok(nim_sum(heaps.iter().map(|&h| values[h])))
}

/// Every move of `rule` from the position `heaps` to a position of
/// nim-sum 0 (none when the position is already 0: the player to move
/// loses), heap by heap in order, given `values[n] = G(n)` for every heap.
pub fn winning_moves(rule: &HeapRule, values: &[u32], heaps: &[usize]) -> Result<Vec<HeapMove>, BeyondTable> {
    let x = position_value(values, heaps)?;
    let mut out = Vec::new();
    if x == 0 {
        return Ok(out);
    }
    for (i, &h) in heaps.iter().enumerate() {
        // Options may be worth more than the heap itself: every option is
        // looked at, not only those below its value.
        let want = x ^ values[h];
        for (take, leave) in rule.options(h) {
            if nim_sum(leave.iter().map(|&l| values[l])) == want {
                out.push(HeapMove { heap: i, take, leave });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_moves() {
        let values: Vec<u32> = (0..10).collect();
        let moves = winning_moves(&HeapRule::Nim, &values, &[3, 5, 7]).unwrap();
        // 3 ^ 5 ^ 7 = 1: take 1 from any odd heap.
        assert_eq!(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["take 1 from heap 1", "take 1 from heap 2", "take 1 from heap 3"]);
        assert!(winning_moves(&HeapRule::Nim, &values, &[1, 2, 3]).unwrap().is_empty());
        assert_eq!(position_value(&values, &[12]).unwrap_err().to_string(), "heap 1 has 12 tokens: the table of values stops at G(9)");
    }
}
