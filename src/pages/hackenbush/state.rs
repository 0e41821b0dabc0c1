//! The Hackenbush board's URL state: the position (`hb`, always written),
//! who chops next (`turn=r`) and the points the user placed
//! (`hbxy=1:0,1;2:0.5,2`). Unknown or malformed values fall back to
//! defaults: a link is user input.

use crate::pages::{cut, cut_note, MAX_TEXT};
use cgt::side::Side;

/// The Hackenbush page's starting position (Koene's (2024) stalk example).
pub const DEFAULT_HACKENBUSH: &str = "0-1:b 1-2:r 2-3:b 3-4:r 4-5:r 5-6:b 6-7:b 7-8:r";

/// What the Hackenbush board shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushState {
    /// The position in the text format, as typed.
    pub position: String,
    /// Who chops next (Left is Blue).
    pub to_move: Side,
    /// Positions of points the user placed (`model::coords_to_text`).
    pub coords: String,
}

impl Default for HackenbushState {
    fn default() -> Self {
        HackenbushState { position: DEFAULT_HACKENBUSH.to_string(), to_move: Side::Left, coords: String::new() }
    }
}

impl HackenbushState {
    /// The keys the Hackenbush board reads and writes (no other page
    /// reads them).
    pub const KEYS: &'static [&'static str] = &["hb", "turn", "hbxy"];

    /// From decoded query pairs; other pages' keys are ignored, anything
    /// missing or malformed keeps its default.
    pub fn from_pairs<I, K, V>(pairs: I) -> HackenbushState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = HackenbushState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "hb" => st.position = cut(v, MAX_TEXT),
                "turn" => st.to_move = if v.eq_ignore_ascii_case("r") { Side::Right } else { Side::Left },
                "hbxy" => st.coords = cut(v, MAX_TEXT),
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `key` and what the page
    /// shows instead (see `ExplorerState::check`).
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "hb" => cut_note(v, MAX_TEXT),
            "hbxy" => cut_note(v, MAX_TEXT).or_else(|| super::model::coords_problem(v)),
            "turn" if !v.is_empty() && !v.eq_ignore_ascii_case("b") && !v.eq_ignore_ascii_case("r") => Some("is not b or r: Blue chops next".into()),
            _ => None,
        }
    }

    /// The query pairs: the position always, the rest when not the default.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("hb", self.position.clone())];
        if self.to_move == Side::Right {
            out.push(("turn", "r".to_string()));
        }
        if !self.coords.is_empty() {
            out.push(("hbxy", self.coords.clone()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_only_its_own_keys() {
        let st = HackenbushState { position: "stalk:br".into(), to_move: Side::Right, coords: "1:0,1".into() };
        let pairs = st.to_pairs();
        assert!(pairs.iter().all(|(k, _)| HackenbushState::KEYS.contains(k)), "{pairs:?}");
        assert_eq!(HackenbushState::from_pairs(pairs), st);
        assert_eq!(HackenbushState::from_pairs(HackenbushState::default().to_pairs()), HackenbushState::default());
    }

    #[test]
    fn reads_only_its_own_keys() {
        let st = HackenbushState::from_pairs([("g", "*"), ("h", "b1"), ("turn", "R"), ("hb", "")]);
        assert_eq!(st, HackenbushState { position: String::new(), to_move: Side::Right, ..HackenbushState::default() });
        assert_eq!(HackenbushState::from_pairs([("hb", &"0-1:b ".repeat(2000)[..])]).position.len(), MAX_TEXT);
    }
}
