//! The page state that lives in the URL query string, as plain data.
//!
//! `interfaces.md` asks that copying the address bar reproduces a page, and
//! that a shared link works on any static server: so all state is in the
//! query string (never in a server route). This module only turns the state
//! into key/value pairs and back; the browser side does the percent-encoding
//! with `URLSearchParams`. Unknown or malformed values fall back to defaults
//! instead of failing: a link is user input.
//!
//! Keys: `page` (omitted for the explorer), `g` (the game text), `sz=0` when
//! the sub-zero band is hidden, `node` (the selected subgame as a path of
//! options from the root, e.g. `L0.R1`: Left's first option, then Right's
//! second option of that).

use crate::presets::DEFAULT_GAME;
use std::fmt;

/// The pages of the navigation shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Page {
    #[default]
    Explorer,
    HeapGo,
    MtSearch,
    Hackenbush,
    Sums,
}

impl Page {
    pub const ALL: [Page; 5] = [
        Page::Explorer,
        Page::HeapGo,
        Page::MtSearch,
        Page::Hackenbush,
        Page::Sums,
    ];
    /// The value of `page=` in the URL.
    pub fn key(self) -> &'static str {
        match self {
            Page::Explorer => "explorer",
            Page::HeapGo => "heapgo",
            Page::MtSearch => "mt-search",
            Page::Hackenbush => "hackenbush",
            Page::Sums => "sums",
        }
    }
    /// The tab's label.
    pub fn title(self) -> &'static str {
        match self {
            Page::Explorer => "Thermograph Explorer",
            Page::HeapGo => "Heap-go",
            Page::MtSearch => "MT-search",
            Page::Hackenbush => "Hackenbush",
            Page::Sums => "Sums",
        }
    }
    pub fn from_key(key: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// Which player's option a tree edge is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Right => 'R',
        }
    }
}

/// One edge from a node to one of its options (0-based index on that side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub side: Side,
    pub index: usize,
}

/// Longest path accepted from a URL (deeper than any tree the page accepts).
pub const MAX_PATH: usize = 1000;

/// A path from the root to a subgame; empty = the root.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct NodePath(pub Vec<Step>);

impl NodePath {
    pub fn root() -> NodePath {
        NodePath(Vec::new())
    }
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }
    pub fn child(&self, side: Side, index: usize) -> NodePath {
        let mut v = self.0.clone();
        v.push(Step { side, index });
        NodePath(v)
    }
    /// Is `self` a (non-strict) prefix of `other`?
    pub fn is_prefix_of(&self, other: &NodePath) -> bool {
        other.0.len() >= self.0.len() && other.0[..self.0.len()] == self.0[..]
    }
    /// Parse `L0.R1`; the empty string is the root. `None` if malformed.
    pub fn parse(s: &str) -> Option<NodePath> {
        let s = s.trim();
        if s.is_empty() {
            return Some(NodePath::root());
        }
        let mut steps = Vec::new();
        for part in s.split('.') {
            let side = match part.chars().next()? {
                'L' | 'l' => Side::Left,
                'R' | 'r' => Side::Right,
                _ => return None,
            };
            let index: usize = part[1..].parse().ok()?;
            steps.push(Step { side, index });
            if steps.len() > MAX_PATH {
                return None;
            }
        }
        Some(NodePath(steps))
    }
}

impl fmt::Display for NodePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{}{}", s.side.letter(), s.index)?;
        }
        Ok(())
    }
}

/// Everything the URL holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageState {
    pub page: Page,
    pub game: String,
    pub show_subzero: bool,
    pub node: NodePath,
}

impl Default for PageState {
    fn default() -> Self {
        PageState {
            page: Page::Explorer,
            game: DEFAULT_GAME.to_string(),
            show_subzero: true,
            node: NodePath::root(),
        }
    }
}

impl PageState {
    /// From decoded query pairs; anything missing or malformed keeps its default.
    pub fn from_pairs<I, K, V>(pairs: I) -> PageState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = PageState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "page" => st.page = Page::from_key(v).unwrap_or_default(),
                "g" => st.game = v.to_string(),
                "sz" => st.show_subzero = !matches!(v, "0" | "false" | "off" | "no"),
                "node" => st.node = NodePath::parse(v).unwrap_or_default(),
                _ => {}
            }
        }
        st
    }
    /// The query pairs, in a fixed order, leaving out defaults that would
    /// only lengthen the link (the game is always written: the default game
    /// may change one day, a shared link should not).
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.page != Page::Explorer {
            out.push(("page", self.page.key().to_string()));
        }
        out.push(("g", self.game.clone()));
        if !self.show_subzero {
            out.push(("sz", "0".to_string()));
        }
        if !self.node.is_root() {
            out.push(("node", self.node.to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_without_a_query() {
        let st = PageState::from_pairs(Vec::<(String, String)>::new());
        assert_eq!(st, PageState::default());
        assert_eq!(st.game, DEFAULT_GAME);
    }

    #[test]
    fn round_trip() {
        let st = PageState {
            page: Page::Explorer,
            game: "{4|0} + {{10|-3}|-5}".into(),
            show_subzero: false,
            node: NodePath::parse("L0.R1").unwrap(),
        };
        let pairs = st.to_pairs();
        assert_eq!(pairs.iter().find(|p| p.0 == "node").unwrap().1, "L0.R1");
        assert_eq!(PageState::from_pairs(pairs), st);
        let other = PageState {
            page: Page::Hackenbush,
            ..PageState::default()
        };
        assert_eq!(PageState::from_pairs(other.to_pairs()), other);
    }

    #[test]
    fn malformed_values_fall_back() {
        let st =
            PageState::from_pairs([("page", "nope"), ("node", "X7"), ("sz", "1"), ("zzz", "1")]);
        assert_eq!(st.page, Page::Explorer);
        assert!(st.node.is_root());
        assert!(st.show_subzero);
        assert!(NodePath::parse("L").is_none());
        assert!(NodePath::parse("L-1").is_none());
        assert!(NodePath::parse(&vec!["L0"; MAX_PATH + 1].join(".")).is_none());
    }

    #[test]
    fn prefixes() {
        let a = NodePath::parse("L0").unwrap();
        let b = NodePath::parse("L0.R2").unwrap();
        assert!(a.is_prefix_of(&b) && NodePath::root().is_prefix_of(&a) && !b.is_prefix_of(&a));
        assert_eq!(b.to_string(), "L0.R2");
        assert_eq!(NodePath::root().child(Side::Right, 3).to_string(), "R3");
    }
}
