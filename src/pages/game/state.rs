//! The board page's URL state: its own keys only, read and written by this
//! wing (the shell's [`crate::state::Link`] holds one [`GameState`]
//! and hands it the query pairs).
//!
//! Keys (none clashes with the shell's [`crate::state::KEYS`]):
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `r` | the ruleset's name (`domineering`, `hackenbush`, `heapgo`) | `domineering` |
//! | `p` | the starting position in the ruleset's text format, as typed | the ruleset's example |
//! | `gm` | the moves played from `p`, by name, joined by `.` (`b1.a2`), sides alternating from the starter | none |
//! | `gy` | who you play against the computer: `L`, `R`, or `both` (two players) | `L` |
//! | `gf` | who starts: `L` or `R` | `L` |
//! | `ge` | `1` while editing the position | off |
//! | `gp` | the play convention of an impartial game: `misere` (the player who cannot move wins) or `normal` | `normal` |
//!
//! A link is user input: malformed values fall back to the defaults, and
//! where the user would otherwise wonder (an unknown ruleset, a text cut
//! to fit) a note says what happened. A position that does not parse is
//! kept as typed (the page shows the ruleset's error), and a record's bad
//! move is named when it is replayed ([`super::model`]).

use crate::pages::{cut_note, MAX_RECORD, MAX_TEXT};
use crate::play::Player;
use cgt::rulesets::registry::{self, RULESETS};
use cgt::side::Side;

/// The keys this wing reads and writes.
pub const KEYS: [&str; 7] = ["r", "p", "gm", "gy", "gf", "ge", "gp"];

/// The ruleset a link without `r=` opens.
pub const DEFAULT_RULESET: &str = "domineering";

/// Longest move record accepted from a link.
pub const MAX_MOVES_TEXT: usize = MAX_RECORD;

/// Everything the board page keeps in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// A registered ruleset's name.
    pub ruleset: String,
    /// The starting position as typed (may not parse: the page says why).
    pub position: String,
    /// The moves played from `position`, by name, joined by `.`.
    pub moves: String,
    /// Who the human plays; the computer plays the other side.
    pub you: Player,
    /// Who moves first.
    pub first: Side,
    pub editing: bool,
    /// Misère play (impartial rulesets only; the others ignore it).
    pub misere: bool,
}

impl Default for GameState {
    fn default() -> Self {
        GameState::new(DEFAULT_RULESET)
    }
}

/// The example position of `ruleset` (empty for an unknown name).
pub fn example(ruleset: &str) -> &'static str {
    registry::info(ruleset).map_or("", |i| i.example)
}

impl GameState {
    /// The keys this page reads and writes.
    pub const KEYS: &'static [&'static str] = &KEYS;

    /// A fresh game of `ruleset` at its example position.
    pub fn new(ruleset: &str) -> GameState {
        GameState {
            ruleset: ruleset.to_string(),
            position: example(ruleset).to_string(),
            moves: String::new(),
            you: Player::Left,
            first: Side::Left,
            editing: false,
            misere: false,
        }
    }

    /// From decoded query pairs; keys that are not this wing's are ignored.
    pub fn from_pairs<I, K, V>(pairs: I) -> GameState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut ruleset = None;
        let mut st = GameState::new(DEFAULT_RULESET);
        let mut position = None;
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "r" => ruleset = Some(v.trim().to_string()),
                "p" => position = Some(v.chars().take(MAX_TEXT).collect()),
                "gm" => st.moves = v.chars().take(MAX_MOVES_TEXT).collect(),
                "gy" => st.you = Player::from_key(v.trim()).unwrap_or_default(),
                "gf" => st.first = if matches!(v.trim(), "R" | "r") { Side::Right } else { Side::Left },
                "ge" => st.editing = matches!(v.trim(), "1" | "true" | "on" | "yes"),
                "gp" => st.misere = matches!(v.trim(), "misere" | "misère" | "m"),
                _ => {}
            }
        }
        if let Some(name) = ruleset {
            if registry::info(&name).is_some() {
                st.ruleset = name;
            } else {
                // A position of another ruleset means nothing here.
                position = None;
                st.moves.clear();
            }
        }
        st.position = position.unwrap_or_else(|| example(&st.ruleset).to_string());
        st
    }

    /// What is wrong with `v` as the value of `key` and what the page
    /// shows instead (the link's note, [`crate::link_note::LinkNote`]); a
    /// position or move that does not parse is named by the page itself.
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "r" if registry::info(v.trim()).is_none() => {
                let known: Vec<&str> = RULESETS.iter().map(|r| r.name).collect();
                Some(format!("is not a ruleset ({}): {DEFAULT_RULESET} is shown, at its example", known.join(", ")))
            }
            "p" => cut_note(v, MAX_TEXT),
            "gm" => cut_note(v, MAX_MOVES_TEXT),
            "gy" if Player::from_key(v.trim()).is_none() => Some("is not L, R or both: you play Left".into()),
            "gf" if !matches!(v.trim(), "L" | "l" | "R" | "r") => Some("is not L or R: Left starts".into()),
            "ge" if !matches!(v.trim(), "" | "0" | "1" | "true" | "false" | "on" | "off" | "yes" | "no") => Some("is not 0 or 1: not editing".into()),
            "gp" if !matches!(v.trim(), "" | "normal" | "misere" | "misère" | "m") => Some("is not normal or misere: normal play".into()),
            _ => None,
        }
    }

    /// The query pairs (all of them: the shell writes them only while the
    /// board page is open). The ruleset and position are always written (a
    /// default may change one day; a shared link should not).
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("r", self.ruleset.clone()), ("p", self.position.clone())];
        if !self.moves.is_empty() {
            out.push(("gm", self.moves.clone()));
        }
        if self.you != Player::Left {
            out.push(("gy", self.you.key().to_string()));
        }
        if self.first == Side::Right {
            out.push(("gf", "R".to_string()));
        }
        if self.editing {
            out.push(("ge", "1".to_string()));
        }
        if self.misere {
            out.push(("gp", "misere".to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_round_trip() {
        let d = GameState::from_pairs(Vec::<(String, String)>::new());
        assert_eq!(d, GameState::default());
        assert_eq!((d.ruleset.as_str(), d.position.as_str()), ("domineering", example("domineering")));
        let st = GameState {
            ruleset: "hackenbush".into(),
            position: "0-1:b 1-2:r".into(),
            moves: "0-1:b".into(),
            you: Player::Both,
            first: Side::Right,
            editing: true,
            misere: true,
        };
        let pairs = st.to_pairs();
        assert!(pairs.iter().all(|(k, _)| KEYS.contains(k)));
        assert_eq!(GameState::from_pairs(pairs), st);
        // Only the wing's keys are read.
        let mixed = GameState::from_pairs([("g", "{1|0}"), ("r", "heapgo"), ("page", "game")]);
        assert_eq!((mixed.ruleset.as_str(), mixed.position.as_str()), ("heapgo", example("heapgo")));
    }

    #[test]
    fn malformed_values_fall_back_and_are_named() {
        let st = GameState::from_pairs([("r", "chess"), ("p", "e4"), ("gm", "e5"), ("gy", "x"), ("gf", "?")]);
        assert_eq!(st.ruleset, "domineering");
        assert_eq!(st.position, example("domineering"));
        assert!(st.moves.is_empty());
        assert_eq!((st.you, st.first), (Player::Left, Side::Left));
        let notes: Vec<_> = [("r", "chess"), ("p", "e4"), ("gm", "e5"), ("gy", "x"), ("gf", "?")]
            .into_iter()
            .filter_map(|(k, v)| GameState::check(k, v).map(|n| (k, n)))
            .collect();
        assert_eq!(notes.iter().map(|n| n.0).collect::<Vec<_>>(), ["r", "gy", "gf"], "{notes:?}");
        assert!(notes[0].1.contains("domineering"));
        // A position that does not parse is kept as typed: the page names the error.
        let bad = GameState::from_pairs([("p", "..|.x")]);
        assert_eq!(bad.position, "..|.x");
        assert_eq!(GameState::check("p", "..|.x"), None);
        let long = GameState::from_pairs([("p", ".".repeat(MAX_TEXT + 5))]);
        assert_eq!(long.position.len(), MAX_TEXT);
        assert!(GameState::check("p", &".".repeat(MAX_TEXT + 5)).unwrap().contains("longer"));
    }

    #[test]
    fn the_shell_reads_these_keys() {
        // `crate::state`'s test checks that no key is read twice.
        for k in KEYS {
            assert!(crate::state::KEYS.contains(&k), "the shell reads `{k}` from the address");
        }
    }
}
