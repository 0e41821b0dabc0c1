//! The Sums page's URL state: the sum (`s`, `G1 + G2 + ...`, always
//! written), a game against the computer (`sp`, see
//! [`super::model::PlayRecord`]; empty when none is running) and the B*
//! search on show (`bs`, see [`BStarAt`]; absent when none is). Unknown or
//! malformed values fall back to defaults: a link is user input.

use super::model::{BSTAR_MAX_NODES, DEFAULT_SUM};
use crate::pages::{cut, cut_note, MAX_RECORD, MAX_TEXT};
use cgt::sums::bstar::Ranges;

/// The B* search on show, as a link holds it: `bs=RANGES.STEP`, the node
/// ranges' source (`hanner` or `tightest`, the page's menu) and the step
/// shown, counted from 1 as the page counts it (`hanner.2`). The search
/// itself is run again when the link opens (it is deterministic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BStarAt {
    pub ranges: Ranges,
    /// The step shown, from 0 (a link's step past the search's last is
    /// shown as the last).
    pub step: usize,
}

impl BStarAt {
    /// From a `bs=` value: `None` unless the ranges are named; a missing or
    /// malformed step is the first.
    pub fn parse(v: &str) -> Option<BStarAt> {
        let v = cut(v, 40);
        let (r, step) = v.trim().split_once('.').unwrap_or((v.trim(), "1"));
        let ranges = match r {
            "hanner" => Ranges::Hanner,
            "tightest" => Ranges::Tightest,
            _ => return None,
        };
        // A search has fewer steps than nodes: more is cut, not believed.
        let step = step.parse::<usize>().ok().filter(|&s| s >= 1).map_or(0, |s| s.min(BSTAR_MAX_NODES) - 1);
        Some(BStarAt { ranges, step })
    }

    /// The `bs=` value.
    pub fn key(&self) -> String {
        let r = match self.ranges {
            Ranges::Hanner => "hanner",
            Ranges::Tightest => "tightest",
        };
        format!("{r}.{}", self.step + 1)
    }
}

/// What the Sums page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumsState {
    pub sum: String,
    pub play: String,
    pub bstar: Option<BStarAt>,
}

impl Default for SumsState {
    fn default() -> Self {
        SumsState { sum: DEFAULT_SUM.to_string(), play: String::new(), bstar: None }
    }
}

impl SumsState {
    /// The keys the Sums page reads and writes (no other page reads them).
    pub const KEYS: &'static [&'static str] = &["s", "sp", "bs"];

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
                "bs" => st.bstar = BStarAt::parse(v),
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `key` and what the page
    /// shows instead (see `ExplorerState::check`).
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "s" => cut_note(v, MAX_TEXT),
            "sp" => cut_note(v, MAX_RECORD),
            "bs" if !v.is_empty() && BStarAt::parse(v).is_none() => {
                Some("is not a B* search (hanner or tightest, with a step such as hanner.2): no B* search is shown".into())
            }
            "bs" => match v.trim().split_once('.') {
                Some((_, step)) if !step.parse::<usize>().is_ok_and(|s| s >= 1) => Some("has a step that is not a number from 1: step 1 is shown".into()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The query pairs: the sum always, the game record and the B* search
    /// when there are (a link from before `bs` existed writes back as it was).
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("s", self.sum.clone())];
        if !self.play.is_empty() {
            out.push(("sp", self.play.clone()));
        }
        if let Some(b) = self.bstar {
            out.push(("bs", b.key()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_only_its_own_keys() {
        let st = SumsState { sum: "{4|0} + *".into(), play: "RL_greedy_0-0".into(), bstar: Some(BStarAt { ranges: Ranges::Tightest, step: 4 }) };
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

    /// `bs=hanner.2` is the second step of B* with Hanner ranges; the step
    /// is cut or defaulted, unknown ranges drop the key.
    #[test]
    fn the_bstar_step_is_read_and_validated() {
        let at = |v: &str| SumsState::from_pairs([("bs", v)]).bstar;
        assert_eq!(at("hanner.2"), Some(BStarAt { ranges: Ranges::Hanner, step: 1 }));
        assert_eq!(at("tightest.1"), Some(BStarAt { ranges: Ranges::Tightest, step: 0 }));
        for first in ["hanner", "hanner.", "hanner.0", "hanner.-1", "hanner.x", "hanner.99999999999999999999999"] {
            assert_eq!(at(first), Some(BStarAt { ranges: Ranges::Hanner, step: 0 }), "{first}");
        }
        assert_eq!(at("tightest.1000000"), Some(BStarAt { ranges: Ranges::Tightest, step: BSTAR_MAX_NODES - 1 }));
        for none in ["", "Hanner.2", "<x>.-1", "2", ".2", &"hanner".repeat(1000)] {
            assert_eq!(at(none), None, "{none}");
        }
        let b = BStarAt { ranges: Ranges::Hanner, step: 1 };
        assert_eq!(b.key(), "hanner.2");
        assert_eq!(BStarAt::parse(&b.key()), Some(b));
        // A link without the key (every link before it existed) has no search.
        let old = SumsState::from_pairs([("s", "*"), ("sp", "LL_greedy_")]);
        assert_eq!(old.bstar, None);
        assert_eq!(old.to_pairs().iter().map(|p| p.0).collect::<Vec<_>>(), ["s", "sp"]);
    }
}
