//! The Sums page's URL state: the sum (`s`, `G1 + G2 + ...`, always
//! written) and a game against the computer (`sp`, see
//! [`super::model::PlayRecord`]; empty when none is running). Unknown or
//! malformed values fall back to defaults: a link is user input.

use crate::pages::{cut, MAX_RECORD, MAX_TEXT};
use super::model::DEFAULT_SUM;

/// What the Sums page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumsState {
    pub sum: String,
    pub play: String,
}

impl Default for SumsState {
    fn default() -> Self {
        SumsState { sum: DEFAULT_SUM.to_string(), play: String::new() }
    }
}

impl SumsState {
    /// The keys the Sums page reads and writes (no other page reads them).
    pub const KEYS: &'static [&'static str] = &["s", "sp"];

    /// From decoded query pairs; other pages' keys are ignored, anything
    /// missing or malformed keeps its default.
    pub fn from_pairs<I, K, V>(pairs: I) -> SumsState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = SumsState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "s" => st.sum = cut(v, MAX_TEXT),
                // A game record can be longer than a sum (1000 moves); its
                // own parser refuses more moves than that, by name.
                "sp" => st.play = cut(v, MAX_RECORD),
                _ => {}
            }
        }
        st
    }

    /// The query pairs: the sum always, the game record when there is one.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("s", self.sum.clone())];
        if !self.play.is_empty() {
            out.push(("sp", self.play.clone()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_only_its_own_keys() {
        let st = SumsState { sum: "{4|0} + *".into(), play: "RL_greedy_0-0".into() };
        let pairs = st.to_pairs();
        assert!(pairs.iter().all(|(k, _)| SumsState::KEYS.contains(k)), "{pairs:?}");
        assert_eq!(SumsState::from_pairs(pairs), st);
    }

    #[test]
    fn reads_only_its_own_keys() {
        assert_eq!(SumsState::from_pairs([("g", "*"), ("hb", "stalk:b"), ("page", "sums")]), SumsState::default());
        let long = SumsState::from_pairs([("sp", &"x".repeat(MAX_RECORD + 5)[..]), ("s", &"*".repeat(MAX_TEXT + 5)[..])]);
        assert_eq!((long.play.len(), long.sum.len()), (MAX_RECORD, MAX_TEXT));
    }
}
