//! The explorer's URL state: the game on screen (`g`, always written: the
//! default game may change one day, a shared link should not), `sz=0` when
//! the sub-zero band is hidden, the selected subgame (`node`, a path of
//! options from the root such as `L0.R1`: Left's first option, then
//! Right's second option of that), the construction's step (`build`) and
//! the algebra card's cooling temperature (`cool`, exact: `1/2`).
//! Unknown or malformed values fall back to defaults: a link is user input.

use crate::pages::{flag_on, is_flag, MAX_PATH};
use crate::presets::DEFAULT_GAME;

/// Which player's option a tree edge is, and one edge from a node to one of
/// its options (0-based index on that side): the core's, as everywhere.
pub use cgt::side::{Side, Step};

/// A path from the root to a subgame; empty = the root. The core's move
/// path, whose text (`L0.R1`) is the URL's `node=`.
pub type NodePath = cgt::side::MovePath;

/// Parse `node=` (`L0.R1`; the empty string is the root). `None` if
/// malformed or longer than [`MAX_PATH`] steps (a link is user input).
pub fn parse_path(s: &str) -> Option<NodePath> {
    s.parse::<NodePath>().ok().filter(|p| p.len() <= MAX_PATH)
}

/// The cooling temperature in a link (`cool=1/2`): a dyadic above -1;
/// anything else is no cooling (a link is user input).
pub fn parse_cool(s: &str) -> Option<cgt::numbers::Q> {
    let t: cgt::numbers::Q = s.trim().parse().ok()?;
    (t > -cgt::numbers::Q::one() && t.is_dyadic() && t.abs() <= cgt::numbers::Q::from_int(1 << 20)).then_some(t)
}

/// What the explorer shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerState {
    /// The text of the game on screen: the last one that was read (while
    /// the field holds text that does not parse, the address bar and Copy
    /// link keep the game the picture shows). A link's `g` is kept as it
    /// is until a game is read, even when it does not parse: the page then
    /// shows that text and its error.
    pub game: String,
    pub show_subzero: bool,
    pub node: NodePath,
    /// The step-by-step construction: 0 closed, k its step k (from 1).
    pub build: usize,
    /// The algebra card's cooling slider: `G_t` shown for this `t > -1`.
    pub cool: Option<cgt::numbers::Q>,
}

impl Default for ExplorerState {
    fn default() -> Self {
        ExplorerState { game: DEFAULT_GAME.to_string(), show_subzero: true, node: NodePath::root(), build: 0, cool: None }
    }
}

impl ExplorerState {
    /// The keys the explorer reads and writes (`g` is also MT-search's,
    /// `sz` also heap-go's: see [`crate::pages`]).
    pub const KEYS: &'static [&'static str] = &["g", "sz", "node", "build", "cool"];

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
                "node" => st.node = parse_path(v).unwrap_or_default(),
                "build" => st.build = v.parse().unwrap_or(0),
                "cool" => st.cool = parse_cool(v),
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `key` (one of this page's
    /// keys), and what the page shows instead: the link's note
    /// ([`crate::link_note::LinkNote`]). `None` when [`Self::from_pairs`] reads
    /// it as written. The game is not checked here: the page shows its
    /// parse error, with the position.
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "sz" if !is_flag(v) => Some("is not 0 or 1: the sub-zero band is shown".into()),
            "node" if !v.trim().is_empty() && parse_path(v).is_none() => {
                Some(format!("is not a path of moves such as L0.R1 (at most {MAX_PATH}): the whole game is selected"))
            }
            "build" if !v.is_empty() && v.parse::<usize>().is_err() => Some("is not a step number: the construction is closed".into()),
            "cool" if !v.trim().is_empty() && parse_cool(v).is_none() => {
                Some("is not a dyadic temperature above -1 (such as 1/2): the game is not cooled".into())
            }
            _ => None,
        }
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
        if let Some(t) = &self.cool {
            out.push(("cool", t.to_string()));
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
            node: parse_path("L0.R1").unwrap(),
            build: 7,
            cool: Some(cgt::numbers::Q::frac(-1, 2)),
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
        let st = ExplorerState::from_pairs([("node", "X7"), ("sz", "1"), ("build", "-2"), ("zzz", "1"), ("cool", "-1")]);
        assert_eq!(st.cool, None);
        assert!(st.node.is_root());
        assert!(st.show_subzero);
        assert_eq!(st.build, 0);
        assert!(!ExplorerState::from_pairs([("sz", "off")]).show_subzero);
        assert!(parse_path("L").is_none());
        assert!(parse_path("L-1").is_none());
        assert!(parse_path(&vec!["L0"; MAX_PATH + 1].join(".")).is_none());
    }

    #[test]
    fn prefixes() {
        let a = parse_path("L0").unwrap();
        let b = parse_path("L0.R2").unwrap();
        assert!(a.is_prefix_of(&b) && NodePath::root().is_prefix_of(&a) && !b.is_prefix_of(&a));
        assert_eq!(b.to_string(), "L0.R2");
        assert_eq!(NodePath::root().child(Side::Right, 3).to_string(), "R3");
    }

    #[test]
    fn cooling_temperatures_in_links() {
        assert_eq!(parse_cool("1/2"), Some(cgt::numbers::Q::frac(1, 2)));
        assert_eq!(parse_cool("-3/4"), Some(cgt::numbers::Q::frac(-3, 4)));
        for bad in ["-1", "1/3", "x", "", "99999999999"] {
            assert_eq!(parse_cool(bad), None, "{bad}");
        }
    }
}
