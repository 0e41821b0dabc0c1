//! The heap-go board's URL state: the sum (`h`, always written), the moves
//! played (`mv=L0.R2`), who started (`first=R`), who the human plays
//! (`you=R` / `you=both`), and `sz=0` when the thermograph hides its
//! sub-zero band (the explorer's key, read here too: see [`crate::pages`]).
//! Unknown or malformed values fall back to defaults: a link is user input.

use crate::heaps::DEFAULT_HEAPS;
use crate::pages::{cut, cut_note, flag_on, is_flag, MAX_TEXT};
use crate::play::Player;
use cgt::side::Side;

/// What the heap-go board shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGoState {
    /// The sum in the text format (`b5,r3/r7`), as typed.
    pub heaps: String,
    /// Moves played (`L0.R2`), empty before the first.
    pub moves: String,
    /// Who moves first.
    pub first: Side,
    pub you: Player,
    /// The thermograph's sub-zero band.
    pub show_subzero: bool,
}

impl Default for HeapGoState {
    fn default() -> Self {
        HeapGoState { heaps: DEFAULT_HEAPS.to_string(), moves: String::new(), first: Side::Left, you: Player::Left, show_subzero: true }
    }
}

impl HeapGoState {
    /// The keys heap-go reads and writes (`h` is also MT-search's, `sz`
    /// the explorer's: see [`crate::pages`]).
    pub const KEYS: &'static [&'static str] = &["sz", "h", "mv", "first", "you"];

    /// From decoded query pairs; other pages' keys are ignored, anything
    /// missing or malformed keeps its default.
    pub fn from_pairs<I, K, V>(pairs: I) -> HeapGoState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = HeapGoState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "sz" => st.show_subzero = flag_on(v),
                "h" => st.heaps = cut(v, MAX_TEXT),
                "mv" => st.moves = cut(v, MAX_TEXT),
                "first" => st.first = if v.eq_ignore_ascii_case("R") { Side::Right } else { Side::Left },
                "you" => st.you = Player::from_key(v).unwrap_or_default(),
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `key` and what the page
    /// shows instead (see `ExplorerState::check`); a sum or a record
    /// that does not parse is named by the page itself.
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "sz" if !is_flag(v) => Some("is not 0 or 1: the sub-zero band is shown".into()),
            "h" => cut_note(v, MAX_TEXT),
            // Issue 43: a record that is not one was dropped without a word.
            "mv" => cut_note(v, MAX_TEXT).or_else(|| {
                (!v.trim().is_empty() && v.trim().parse::<cgt::side::MovePath>().is_err()).then(|| {
                    "is not a record of moves such as L0.R2 (a side, L or R, and a heap from 0, joined by dots): the game starts at the beginning".to_string()
                })
            }),
            "first" if !v.is_empty() && !v.eq_ignore_ascii_case("L") && !v.eq_ignore_ascii_case("R") => Some("is not L or R: Left starts".into()),
            "you" if !v.is_empty() && Player::from_key(v).is_none() => Some("is not L, R or both: you play Left".into()),
            _ => None,
        }
    }

    /// The query pairs: the sum always, the rest when not the default.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if !self.show_subzero {
            out.push(("sz", "0".to_string()));
        }
        out.push(("h", self.heaps.clone()));
        if !self.moves.is_empty() {
            out.push(("mv", self.moves.clone()));
        }
        if self.first == Side::Right {
            out.push(("first", "R".to_string()));
        }
        if self.you != Player::Left {
            out.push(("you", self.you.key().to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_only_its_own_keys() {
        let st = HeapGoState { heaps: "b1,r2/r3".into(), moves: "L0.R1".into(), first: Side::Right, you: Player::Both, show_subzero: false };
        let pairs = st.to_pairs();
        assert!(pairs.iter().all(|(k, _)| HeapGoState::KEYS.contains(k)), "{pairs:?}");
        assert_eq!(HeapGoState::from_pairs(pairs), st);
        assert_eq!(HeapGoState::default().to_pairs(), vec![("h", DEFAULT_HEAPS.to_string())]);
    }

    #[test]
    fn reads_only_its_own_keys() {
        let st = HeapGoState::from_pairs([("g", "*"), ("ord", "random"), ("s", "1"), ("n", "4"), ("h", "b1")]);
        assert_eq!(st, HeapGoState { heaps: "b1".into(), ..HeapGoState::default() });
    }

    #[test]
    fn malformed_values_fall_back() {
        let bad = HeapGoState::from_pairs([("you", "?"), ("first", "x"), ("h", &"b1/".repeat(5000)[..])]);
        assert_eq!((bad.you, bad.first), (Player::Left, Side::Left));
        assert_eq!(bad.heaps.len(), MAX_TEXT);
        assert_eq!(HeapGoState::from_pairs([("you", "BOTH"), ("first", "r")]).you, Player::Both);
    }
}
