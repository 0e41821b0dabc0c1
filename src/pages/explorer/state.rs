//! The explorer's URL state: the game as typed (`g`, always written: the
//! default game may change one day, a shared link should not), `sz=0` when
//! the sub-zero band is hidden, the selected subgame (`node`, a path of
//! options from the root such as `L0.R1`: Left's first option, then
//! Right's second option of that) and the construction's step (`build`).
//! Unknown or malformed values fall back to defaults: a link is user input.

use crate::pages::{flag_on, MAX_PATH};
use crate::presets::DEFAULT_GAME;
use std::fmt;

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

/// What the explorer shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerState {
    /// The game text as typed (even when it does not parse: copying the
    /// address bar reproduces exactly what is on screen).
    pub game: String,
    pub show_subzero: bool,
    pub node: NodePath,
    /// The step-by-step construction: 0 closed, k its step k (from 1).
    pub build: usize,
}

impl Default for ExplorerState {
    fn default() -> Self {
        ExplorerState { game: DEFAULT_GAME.to_string(), show_subzero: true, node: NodePath::root(), build: 0 }
    }
}

impl ExplorerState {
    /// The keys the explorer reads and writes (`g` is also MT-search's,
    /// `sz` also heap-go's: see [`crate::pages`]).
    pub const KEYS: &'static [&'static str] = &["g", "sz", "node", "build"];

    /// From decoded query pairs; other pages' keys are ignored, anything
    /// missing or malformed keeps its default.
    pub fn from_pairs<I, K, V>(pairs: I) -> ExplorerState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = ExplorerState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "g" => st.game = v.to_string(),
                "sz" => st.show_subzero = flag_on(v),
                "node" => st.node = NodePath::parse(v).unwrap_or_default(),
                "build" => st.build = v.parse().unwrap_or(0),
                _ => {}
            }
        }
        st
    }

    /// The query pairs, leaving out defaults that would only lengthen the
    /// link (the game is always written).
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("g", self.game.clone())];
        if !self.show_subzero {
            out.push(("sz", "0".to_string()));
        }
        if !self.node.is_root() {
            out.push(("node", self.node.to_string()));
        }
        if self.build > 0 {
            out.push(("build", self.build.to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_without_a_query() {
        let st = ExplorerState::from_pairs(Vec::<(String, String)>::new());
        assert_eq!(st, ExplorerState::default());
        assert_eq!(st.game, DEFAULT_GAME);
        assert_eq!(st.to_pairs(), vec![("g", DEFAULT_GAME.to_string())]);
    }

    #[test]
    fn round_trip() {
        let st = ExplorerState {
            game: "{4|0} + {{10|-3}|-5}".into(),
            show_subzero: false,
            node: NodePath::parse("L0.R1").unwrap(),
            build: 7,
        };
        let pairs = st.to_pairs();
        assert_eq!(pairs.iter().find(|p| p.0 == "node").unwrap().1, "L0.R1");
        assert!(pairs.iter().all(|(k, _)| ExplorerState::KEYS.contains(k)), "writes only its own keys");
        assert_eq!(ExplorerState::from_pairs(pairs), st);
    }

    #[test]
    fn reads_only_its_own_keys() {
        let st = ExplorerState::from_pairs([("page", "sums"), ("s", "*"), ("h", "b1"), ("n", "3"), ("g", "*")]);
        assert_eq!(st, ExplorerState { game: "*".into(), ..ExplorerState::default() });
    }

    #[test]
    fn malformed_values_fall_back() {
        let st = ExplorerState::from_pairs([("node", "X7"), ("sz", "1"), ("build", "-2"), ("zzz", "1")]);
        assert!(st.node.is_root());
        assert!(st.show_subzero);
        assert_eq!(st.build, 0);
        assert!(!ExplorerState::from_pairs([("sz", "off")]).show_subzero);
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
