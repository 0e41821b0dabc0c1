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
//! second option of that). The board page's keys (`r`, `p`, `gm`, `gy`,
//! `gf`, `ge`) belong to its wing: [`crate::pages::game::state`].

use crate::pages::game::state::GameState;
use crate::presets::DEFAULT_GAME;
pub use crate::pages::{Player, MAX_RECORD, MAX_TEXT};

/// The pages of the navigation shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Page {
    #[default]
    Explorer,
    HeapGo,
    MtSearch,
    Hackenbush,
    Sums,
    /// Any registered ruleset on a board ([`crate::pages::game`]).
    Game,
}

impl Page {
    pub const ALL: [Page; 6] = [
        Page::Explorer,
        Page::HeapGo,
        Page::MtSearch,
        Page::Hackenbush,
        Page::Game,
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
            Page::Game => "game",
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
            Page::Game => "Games",
        }
    }
    /// One sentence on what the page is for (tooltips, the help panel).
    pub fn help(self) -> &'static str {
        match self {
            Page::Explorer => "Type any game in CGSuite-style notation: its thermograph, mean, temperature, stops, canonical form and game tree; build the thermograph step by step.",
            Page::HeapGo => "Play heap-go (seed 000) against the exact computer; the sum's thermograph and each heap's.",
            Page::MtSearch => "Watch MT-search narrow the bounds of mean and temperature path by path (seed 000).",
            Page::Hackenbush => "Draw and play Hackenbush; exact values, and the Monte Carlo Scale Method (seed 002).",
            Page::Sums => "Sums of games: exact VL/VR, every bound, play against strategies, B* against alpha-beta (seed 001).",
            Page::Game => "Play Domineering (and every other ruleset) on a board: edit it, play the exact computer, read each component's value and thermograph.",
        }
    }
    pub fn from_key(key: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// Which player's option a tree edge is, and one edge from a node to one of
/// its options (0-based index on that side): the core's, as everywhere.
pub use cgt::side::{Side, Step};



/// Longest path accepted from a URL (deeper than any tree the page accepts).
pub const MAX_PATH: usize = 1000;

/// A path from the root to a subgame; empty = the root. The core's move
/// path, whose text (`L0.R1`) is the URL's `node=`.
pub type NodePath = cgt::side::MovePath;

/// Parse `node=` (`L0.R1`; the empty string is the root). `None` if
/// malformed or longer than [`MAX_PATH`] steps (a link is user input).
pub fn parse_path(s: &str) -> Option<NodePath> {
    s.parse::<NodePath>().ok().filter(|p| p.len() <= MAX_PATH)
}

/// The heap-go sum the heap-go and MT-search pages start with (class B
/// 3-2-2 of seed 000's Table 4).
pub const DEFAULT_HEAPS: &str = "b5,r3,b2/r7,b1/b4,r6";

/// The Hackenbush page's starting position (seed 002's stalk example).
pub const DEFAULT_HACKENBUSH: &str = "0-1:b 1-2:r 2-3:b 3-4:r 4-5:r 5-6:b 6-7:b 7-8:r";


/// Every key the URL may hold (what the page reads back): the shell's,
/// then the board page's ([`crate::pages::game::state::KEYS`]).
pub const KEYS: [&str; 26] = [
    "page", "g", "sz", "node", "h", "mv", "first", "you", "ord", "seed", "n", "mt", "hb", "turn", "hbxy", "s", "sp", "lesson", "ls", "build", //
    "r", "p", "gm", "gy", "gf", "ge",
];

/// Everything the URL holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageState {
    pub page: Page,
    pub game: String,
    pub show_subzero: bool,
    pub node: NodePath,
    /// Heap-go sum (`h=`), shared by the heap-go and MT-search pages.
    pub heaps: String,
    /// Heap-go moves played (`mv=L0.R2`), who started (`first=R`) and who
    /// the human plays (`you=R` / `you=both`).
    pub moves: String,
    pub left_first: bool,
    pub you: Player,
    /// MT-search: branch order (`ord=`), seed, paths added (`n=`) and the
    /// source: a heap-go sum (default), seed 000's Figure 7 (`mt=fig7`) or
    /// the typed game `g` (`mt=tree`).
    pub order: String,
    pub seed: u64,
    pub mt_nodes: usize,
    pub mt_source: MtSource,
    /// Hackenbush: the position (`hb=`) and who chops next (`turn=r`).
    pub hackenbush: String,
    pub blue_to_move: bool,
    /// Positions of points the user placed (`hbxy=1:0,1;2:0.5,2`).
    pub hb_coords: String,
    /// The Sums page's sum (`s=`), `G1 + G2 + ...`.
    pub sum: String,
    /// A game against the computer on the Sums page (`sp=`, see
    /// [`crate::sumview::PlayRecord`]); empty when none is running.
    pub sum_play: String,
    /// A guided lesson (`lesson=` its id, `ls=` the step from 0; see
    /// [`crate::lessons`]); empty when none.
    pub lesson: String,
    pub lesson_step: usize,
    /// The explorer's step-by-step construction: 0 closed, k its step k
    /// (from 1) (`build=`).
    pub build: usize,
    /// The board page's own state (its keys, its wing).
    pub board: GameState,
}

/// What the MT-search page runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MtSource {
    #[default]
    HeapGo,
    Figure7,
    /// The game typed in the explorer's notation (`g=`).
    Tree,
}

impl Default for PageState {
    fn default() -> Self {
        PageState {
            page: Page::Explorer,
            game: DEFAULT_GAME.to_string(),
            show_subzero: true,
            node: NodePath::root(),
            heaps: DEFAULT_HEAPS.to_string(),
            moves: String::new(),
            left_first: true,
            you: Player::Left,
            order: "temperature".to_string(),
            seed: 0,
            mt_nodes: 0,
            mt_source: MtSource::HeapGo,
            hackenbush: DEFAULT_HACKENBUSH.to_string(),
            blue_to_move: true,
            hb_coords: String::new(),
            sum: crate::sumview::DEFAULT_SUM.to_string(),
            sum_play: String::new(),
            lesson: String::new(),
            lesson_step: 0,
            build: 0,
            board: GameState::default(),
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
        // Read twice: here, and by the board page's wing for its own keys.
        let pairs: Vec<(K, V)> = pairs.into_iter().collect();
        st.board = GameState::from_pairs(pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref())));
        for (k, v) in &pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "page" => st.page = Page::from_key(v).unwrap_or_default(),
                "g" => st.game = v.to_string(),
                "sz" => st.show_subzero = !matches!(v, "0" | "false" | "off" | "no"),
                "node" => st.node = parse_path(v).unwrap_or_default(),
                "h" => st.heaps = v.chars().take(MAX_TEXT).collect(),
                "mv" => st.moves = v.chars().take(MAX_TEXT).collect(),
                "first" => st.left_first = !v.eq_ignore_ascii_case("R"),
                "you" => st.you = Player::from_key(v).unwrap_or_default(),
                "ord" => st.order = v.chars().take(20).collect(),
                "seed" => st.seed = v.parse().unwrap_or(0),
                "n" => st.mt_nodes = v.parse().unwrap_or(0),
                "hb" => st.hackenbush = v.chars().take(MAX_TEXT).collect(),
                "turn" => st.blue_to_move = !v.eq_ignore_ascii_case("r"),
                "hbxy" => st.hb_coords = v.chars().take(MAX_TEXT).collect(),
                "s" => st.sum = v.chars().take(MAX_TEXT).collect(),
                // A game record can be longer than a sum (1000 moves); its
                // own parser refuses more moves than that, by name.
                "sp" => st.sum_play = v.chars().take(MAX_RECORD).collect(),
                "lesson" => st.lesson = v.chars().take(40).collect(),
                "ls" => st.lesson_step = v.parse().unwrap_or(0),
                "build" => st.build = v.parse().unwrap_or(0),
                "mt" => {
                    st.mt_source = match v {
                        "fig7" => MtSource::Figure7,
                        "tree" => MtSource::Tree,
                        _ => MtSource::HeapGo,
                    }
                }
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
        if !self.lesson.is_empty() {
            out.push(("lesson", self.lesson.clone()));
            out.push(("ls", self.lesson_step.to_string()));
        }
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
        if self.page == Page::Explorer && self.build > 0 {
            out.push(("build", self.build.to_string()));
        }
        // The heap-go and MT-search fields only on their pages (an explorer
        // link stays short); on them, the sum always.
        match self.page {
            Page::HeapGo => {
                out.push(("h", self.heaps.clone()));
                if !self.moves.is_empty() {
                    out.push(("mv", self.moves.clone()));
                }
                if !self.left_first {
                    out.push(("first", "R".to_string()));
                }
                if self.you != Player::Left {
                    out.push(("you", self.you.key().to_string()));
                }
            }
            Page::MtSearch => {
                match self.mt_source {
                    MtSource::Figure7 => out.push(("mt", "fig7".to_string())),
                    MtSource::Tree => {
                        out.push(("mt", "tree".to_string()));
                        out.push(("seed", self.seed.to_string()));
                    }
                    MtSource::HeapGo => {
                        out.push(("h", self.heaps.clone()));
                        out.push(("ord", self.order.clone()));
                        out.push(("seed", self.seed.to_string()));
                    }
                }
                if self.mt_nodes > 0 {
                    out.push(("n", self.mt_nodes.to_string()));
                }
            }
            Page::Sums => {
                out.push(("s", self.sum.clone()));
                if !self.sum_play.is_empty() {
                    out.push(("sp", self.sum_play.clone()));
                }
            }
            Page::Hackenbush => {
                out.push(("hb", self.hackenbush.clone()));
                if !self.blue_to_move {
                    out.push(("turn", "r".to_string()));
                }
                if !self.hb_coords.is_empty() {
                    out.push(("hbxy", self.hb_coords.clone()));
                }
            }
            // Like every page's keys: only on its page, so other links keep
            // their meaning and length.
            Page::Game => out.extend(self.board.to_pairs()),
            _ => {}
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
            node: parse_path("L0.R1").unwrap(),
            ..PageState::default()
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
    fn heapgo_and_mt_fields_round_trip() {
        let st = PageState {
            page: Page::HeapGo,
            heaps: "b1,r2/r3".into(),
            moves: "L0.R1".into(),
            left_first: false,
            you: Player::Both,
            ..PageState::default()
        };
        assert_eq!(PageState::from_pairs(st.to_pairs()), st);
        assert!(st.to_pairs().iter().all(|(k, _)| KEYS.contains(k)), "every written key is read back");
        let mt = PageState { page: Page::MtSearch, order: "random".into(), seed: 7, mt_nodes: 40, ..PageState::default() };
        assert_eq!(PageState::from_pairs(mt.to_pairs()), mt);
        let fig = PageState { page: Page::MtSearch, mt_source: MtSource::Figure7, mt_nodes: 3, ..PageState::default() };
        let tree = PageState { page: Page::MtSearch, mt_source: MtSource::Tree, game: "{4|0}".into(), ..PageState::default() };
        assert_eq!(PageState::from_pairs(tree.to_pairs()), tree);
        assert_eq!(PageState::from_pairs(fig.to_pairs()), fig);
        assert!(mt.to_pairs().iter().chain(fig.to_pairs().iter()).all(|(k, _)| KEYS.contains(k)));
        let built = PageState { build: 7, ..PageState::default() };
        assert_eq!(PageState::from_pairs(built.to_pairs()), built);
        let sums = PageState { page: Page::Sums, sum: "{4|0} + *".into(), sum_play: "RL_greedy_0-0".into(), ..PageState::default() };
        assert_eq!(PageState::from_pairs(sums.to_pairs()), sums);
        assert!(sums.to_pairs().iter().all(|(k, _)| KEYS.contains(k)));
        let hb = PageState { page: Page::Hackenbush, hackenbush: "stalk:br".into(), blue_to_move: false, hb_coords: "1:0,1".into(), ..PageState::default() };
        assert_eq!(PageState::from_pairs(hb.to_pairs()), hb);
        assert!(hb.to_pairs().iter().all(|(k, _)| KEYS.contains(k)));
        let bad = PageState::from_pairs([("seed", "x"), ("n", "-3"), ("you", "?"), ("h", &"b1/".repeat(5000)[..])]);
        assert_eq!((bad.seed, bad.mt_nodes, bad.you), (0, 0, Player::Left));
        assert_eq!(bad.heaps.len(), MAX_TEXT);
    }

    #[test]
    fn the_board_page_keeps_its_state_in_its_own_keys() {
        let board = GameState { ruleset: "domineering".into(), position: "..|..".into(), moves: "a1".into(), left_first: false, ..GameState::default() };
        let st = PageState { page: Page::Game, board: board.clone(), ..PageState::default() };
        let pairs = st.to_pairs();
        assert!(pairs.iter().all(|(k, _)| KEYS.contains(k)), "every written key is read back");
        assert_eq!(PageState::from_pairs(pairs), st);
        // Off its page the board's keys are not written (an explorer link
        // stays as it was), and links without them open the default board.
        let off = PageState { page: Page::Sums, ..st.clone() };
        assert!(off.to_pairs().iter().all(|(k, _)| !crate::pages::game::state::KEYS.contains(k)));
        assert_eq!(PageState::from_pairs([("page", "game")]).board, GameState::default());
        assert_eq!(Page::from_key("game"), Some(Page::Game));
        let mut keys = KEYS.to_vec();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), KEYS.len(), "no key is read twice");
    }

    #[test]
    fn malformed_values_fall_back() {
        let st =
            PageState::from_pairs([("page", "nope"), ("node", "X7"), ("sz", "1"), ("zzz", "1")]);
        assert_eq!(st.page, Page::Explorer);
        assert!(st.node.is_root());
        assert!(st.show_subzero);
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
}
