//! Cold sums: when no move can change the score, who moves last decides.
//!
//! In a sum whose components other than numbers all have temperature 0
//! (nimbers, ups, tinies: Nim is one), every move keeps the final score at
//! the sum's mean, so scoring cannot tell the moves apart (in Nim every move
//! scored 0 and so was "best"). Such a sum is decided by its outcome under
//! normal play (the player who cannot move loses): [`ColdSums`] values the
//! state's components as canonical forms, adds them (arithmetic for
//! nimbers and ups) and reads the outcome class.

use super::{Move, SumGames};
use crate::canonical::{Canon, CanonId};
use crate::outcome::Outcome;
use crate::side::Side;

/// Canonical forms of one sum's positions (of one [`SumGames`]: keep one
/// per sum), made on first use.
#[derive(Default)]
pub struct ColdSums {
    canon: Canon,
    forms: Vec<Option<CanonId>>,
}

impl ColdSums {
    /// Whether the sum at `state` is cold: some component is not a number
    /// yet, and every such component has temperature 0 (so no move changes
    /// the score).
    pub fn is_cold(g: &SumGames, state: &[u32]) -> bool {
        let live: Vec<u32> = state.iter().copied().filter(|&p| g.position(p).number.is_none()).collect();
        !live.is_empty() && live.iter().all(|&p| !g.position(p).temperature().is_positive())
    }
    fn form(&mut self, g: &SumGames, p: u32) -> Option<CanonId> {
        let i = p as usize;
        if self.forms.len() <= i {
            self.forms.resize(g.positions().max(i + 1), None);
        }
        if let Some(c) = self.forms[i] {
            return Some(c);
        }
        let (ex, root) = crate::notation::parse_expr(&g.position(p).name, &crate::notation::ParseLimits::default()).ok()?;
        let c = self.canon.from_exprs(&ex, root).ok()?;
        self.forms[i] = Some(c);
        Some(c)
    }
    /// The outcome class of the sum at `state` under normal play.
    pub fn outcome(&mut self, g: &SumGames, state: &[u32]) -> Option<Outcome> {
        let mut s = self.canon.zero();
        for &p in state {
            let c = self.form(g, p)?;
            s = self.canon.add(s, c);
        }
        Some(self.canon.outcome(s))
    }
    /// Whether `side`, moving first at `state`, wins under normal play.
    pub fn wins_moving(&mut self, g: &SumGames, state: &[u32], side: Side) -> Option<bool> {
        let o = self.outcome(g, state)?;
        Some(matches!((o, side), (Outcome::N, _) | (Outcome::L, Side::Left) | (Outcome::R, Side::Right)))
    }
    /// `side`'s moves at `state` that win under normal play (the opponent,
    /// moving next, loses).
    pub fn winning_moves(&mut self, g: &SumGames, state: &[u32], side: Side) -> Option<Vec<Move>> {
        let mut out = Vec::new();
        for m in g.moves(state, side) {
            if !self.wins_moving(g, &g.play(state, m), side.other())? {
                out.push(m);
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::games;
    use super::*;

    /// Nim 3, 5, 6 is a P-position: no move wins; 3, 5, 7 (nim-sum 1) is
    /// won only by taking one from a heap with the last bit set.
    #[test]
    fn nim_is_decided_by_who_moves_last() {
        let g = games(&["*3", "*5", "*6"]);
        let mut c = ColdSums::default();
        assert!(ColdSums::is_cold(&g, g.components()));
        assert_eq!(c.outcome(&g, g.components()), Some(Outcome::P));
        assert_eq!(c.winning_moves(&g, g.components(), Side::Left), Some(vec![]));
        let g = games(&["*3", "*5", "*7"]);
        let mut c = ColdSums::default();
        let wins = c.winning_moves(&g, g.components(), Side::Right).unwrap();
        let names: Vec<String> = wins.iter().map(|&m| g.position(m.to).name.clone()).collect();
        assert_eq!(wins.len(), 3, "{names:?}");
        for &m in &wins {
            assert_eq!(ColdSums::default().outcome(&g, &g.play(g.components(), m)), Some(Outcome::P));
        }
        // A hot component: not cold.
        let g = games(&["*3", "2|0"]);
        assert!(!ColdSums::is_cold(&g, g.components()));
    }
}
