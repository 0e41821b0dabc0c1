//! The shell's URL state and the link that composes every page's.
//!
//! `interfaces.md` asks that copying the address bar reproduces a page, and
//! that a shared link works on any static server: so all state is in the
//! query string (never in a server route). This module only turns the state
//! into key/value pairs and back; the browser side does the
//! percent-encoding with `URLSearchParams`. Unknown or malformed values
//! fall back to defaults instead of failing: a link is user input.
//!
//! The shell's own keys are `v` (the link format's version, written first
//! in every link), `page` (omitted for the explorer), `lesson` and `ls` (a
//! guided lesson and its step).
//!
//! # Links that last
//!
//! Every link is written with its format version, [`LINK_VERSION`]; the
//! page opens a link with `Link::open` ([`crate::link`]), which reads the
//! version, migrates older formats and names every field it could not read. Every page's keys belong to its
//! wing (`crate::pages`, which has the table of who owns which key): a
//! [`Link`] hands the pairs of a link to the shell and to every page, and
//! writes back the shell's keys and the current page's only.

use crate::pages::cut;
use crate::pages::explorer::state::ExplorerState;
use crate::pages::game::state::GameState;
use crate::pages::hackenbush::state::HackenbushState;
use crate::pages::heapgo::state::HeapGoState;
use crate::pages::mtsearch::state::MtSearchState;
use crate::pages::sequences::state::SequencesState;
use crate::pages::sums::state::SumsState;

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
    /// Nim sequences of heap games ([`crate::pages::sequences`]).
    Sequences,
}

impl Page {
    pub const ALL: [Page; 7] = [Page::Explorer, Page::HeapGo, Page::MtSearch, Page::Hackenbush, Page::Game, Page::Sums, Page::Sequences];
    /// The value of `page=` in the URL.
    pub fn key(self) -> &'static str {
        match self {
            Page::Explorer => "explorer",
            Page::HeapGo => "heapgo",
            Page::MtSearch => "mt-search",
            Page::Hackenbush => "hackenbush",
            Page::Sums => "sums",
            Page::Game => "game",
            Page::Sequences => "sequences",
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
            Page::Sequences => "Nim sequences",
        }
    }
    /// One sentence on what the page is for (tooltips, the help panel).
    pub fn help(self) -> &'static str {
        match self {
            Page::Explorer => "Type any game in CGSuite-style notation: its thermograph, mean, temperature, stops, canonical form and game tree; build the thermograph step by step.",
            Page::HeapGo => "Play heap-go (Kao et al., 2012) against the exact computer; the sum's thermograph and each heap's.",
            Page::MtSearch => "Watch MT-search (Kao et al., 2012) narrow the bounds of mean and temperature path by path.",
            Page::Hackenbush => "Draw and play Hackenbush; exact values, and the Monte Carlo Scale Method (Koene, 2024).",
            Page::Sums => "Sums of games: exact VL/VR, every bound, play against strategies, B* against alpha-beta (Yedwab, 1985).",
            Page::Game => "Play Domineering (and every other ruleset) on a board: edit it, play the exact computer, read each component's value and thermograph.",
            Page::Sequences => "Nim sequences of impartial heap games (Kayles, Dawson's Kayles, Grundy's game, any take-and-break code): the values, their period and whether it is proven (Guy and Smith, 1956).",
        }
    }
    pub fn from_key(key: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// The shell's state: which page is shown and the guided lesson.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ShellState {
    pub page: Page,
    /// A guided lesson (`lesson=` its id, `ls=` the step from 0; see
    /// [`crate::lessons`]); empty when none.
    pub lesson: String,
    pub lesson_step: usize,
    /// A lesson a teacher wrote (`ld=` its text, [`crate::lesson_doc`]);
    /// when set it is the lesson shown, whatever `lesson` says.
    pub lesson_doc: String,
}

impl ShellState {
    /// The keys the shell reads and writes.
    pub const KEYS: &'static [&'static str] = &["v", "page", "lesson", "ls", "ld"];

    /// From decoded query pairs; the pages' keys are ignored.
    pub fn from_pairs<I, K, V>(pairs: I) -> ShellState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = ShellState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "page" => st.page = Page::from_key(v).unwrap_or_default(),
                "lesson" => st.lesson = cut(v, 40),
                "ls" => st.lesson_step = v.parse().unwrap_or(0),
                "ld" => st.lesson_doc = cut(v, crate::lesson_doc::MAX_DOC_CHARS),
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `page` and what is shown
    /// instead (the lesson keys are checked by [`crate::link`], which
    /// knows the lessons).
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "page" if Page::from_key(v).is_none() && !v.is_empty() => {
                let pages: Vec<&str> = Page::ALL.iter().map(|p| p.key()).collect();
                Some(format!("is not a page ({}): the explorer is shown", pages.join(", ")))
            }
            _ => None,
        }
    }

    /// The lesson (with its step) when there is one, then the page unless
    /// it is the explorer.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if !self.lesson_doc.is_empty() {
            out.push(("ld", self.lesson_doc.clone()));
            out.push(("ls", self.lesson_step.to_string()));
        } else if !self.lesson.is_empty() {
            out.push(("lesson", self.lesson.clone()));
            out.push(("ls", self.lesson_step.to_string()));
        }
        if self.page != Page::Explorer {
            out.push(("page", self.page.key().to_string()));
        }
        out
    }
}

/// Every key a link may hold (what the app reads from the address bar):
/// the shell's and every page's, each once.
pub const KEYS: [&str; 35] = [
    "v", "page", "g", "sz", "node", "h", "mv", "first", "you", "ord", "seed", "n", "mt", "hb", "turn", "hbxy", "s", "sp", "lesson", "ls", "build", //
    "r", "p", "gm", "gy", "gf", "ge", "gp", "bs", "cool", "ld", "sr", "sn", "sw", "sq",
];

/// The link format this version writes (`v=`). A link without `v` is
/// format 0 (from before versioning), which reads as format 1. Format 2:
/// a typed sum of 16 or more terms is built pairwise
/// (`cgt::notation::BALANCED_SUM_TERMS`), so a subgame path (`node=`) into
/// one leads elsewhere than in format 1 ([`crate::link`] says so).
pub const LINK_VERSION: u32 = 2;

/// What a link opens: the shell's state and every page's (each read from
/// the same link; the pages not shown keep theirs until their tab is
/// clicked).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Link {
    pub shell: ShellState,
    pub explorer: ExplorerState,
    pub heapgo: HeapGoState,
    pub mtsearch: MtSearchState,
    pub hackenbush: HackenbushState,
    pub sums: SumsState,
    pub game: GameState,
    pub sequences: SequencesState,
}

impl Link {
    /// From decoded query pairs: every page reads its own keys from the
    /// same pairs (a key two pages read gives both the same value).
    pub fn from_pairs<I, K, V>(pairs: I) -> Link
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let pairs: Vec<(K, V)> = pairs.into_iter().collect();
        let each = || pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref()));
        Link {
            shell: ShellState::from_pairs(each()),
            explorer: ExplorerState::from_pairs(each()),
            heapgo: HeapGoState::from_pairs(each()),
            mtsearch: MtSearchState::from_pairs(each()),
            hackenbush: HackenbushState::from_pairs(each()),
            sums: SumsState::from_pairs(each()),
            game: GameState::from_pairs(each()),
            sequences: SequencesState::from_pairs(each()),
        }
    }

    /// The query pairs, in a fixed order: the format version, the shell's,
    /// then the current page's only (a Sums link does not carry the
    /// explorer's game).
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("v", LINK_VERSION.to_string())];
        out.extend(self.shell.to_pairs());
        out.extend(match self.shell.page {
            Page::Explorer => self.explorer.to_pairs(),
            Page::HeapGo => self.heapgo.to_pairs(),
            Page::MtSearch => self.mtsearch.to_pairs(),
            Page::Hackenbush => self.hackenbush.to_pairs(),
            Page::Sums => self.sums.to_pairs(),
            Page::Game => self.game.to_pairs(),
            Page::Sequences => self.sequences.to_pairs(),
        });
        out
    }

    /// The same link showing `page` (a tab's address).
    pub fn on(&self, page: Page) -> Link {
        let mut l = self.clone();
        l.shell.page = page;
        l
    }
}

impl Page {
    /// The keys this page reads and writes (besides the shell's).
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Page::Explorer => ExplorerState::KEYS,
            Page::HeapGo => HeapGoState::KEYS,
            Page::MtSearch => MtSearchState::KEYS,
            Page::Hackenbush => HackenbushState::KEYS,
            Page::Sums => SumsState::KEYS,
            Page::Game => GameState::KEYS,
            Page::Sequences => SequencesState::KEYS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::mtsearch::state::MtSource;

    #[test]
    fn defaults_without_a_query() {
        let st = Link::from_pairs(Vec::<(String, String)>::new());
        assert_eq!(st, Link::default());
        assert_eq!(st.to_pairs(), vec![("v", LINK_VERSION.to_string()), ("g", crate::presets::DEFAULT_GAME.to_string())]);
    }

    /// `KEYS` is exactly the shell's keys and every page's.
    #[test]
    fn keys_are_the_shells_and_every_pages() {
        let mut all: Vec<&str> = ShellState::KEYS.to_vec();
        for p in Page::ALL {
            all.extend(p.keys());
        }
        all.sort_unstable();
        all.dedup();
        let mut keys = KEYS.to_vec();
        keys.sort_unstable();
        assert_eq!(keys, all);
    }

    /// A link writes the shell's keys and the current page's, nothing of
    /// another page's, and reads back as the same link; the page state
    /// too (MT-search writes only what its source needs, as before the
    /// split: with `mt=tree` its heap-go sum is not kept).
    #[test]
    fn a_link_writes_only_the_current_pages_keys() {
        let mut link = Link::from_pairs([
            ("g", "{4|0}"),
            ("sz", "0"),
            ("node", "L0"),
            ("h", "b1/r2"),
            ("mv", "L0"),
            ("mt", "tree"),
            ("seed", "3"),
            ("hb", "stalk:br"),
            ("s", "*"),
            ("sp", "LL_greedy_0-0"),
            ("sr", "0.07"),
            ("sn", "300"),
            ("sw", "10"),
            ("lesson", "mt"),
            ("ls", "2"),
        ]);
        for page in Page::ALL {
            link.shell.page = page;
            let pairs = link.to_pairs();
            for (k, _) in &pairs {
                assert!(ShellState::KEYS.contains(k) || page.keys().contains(k), "{page:?} writes {k}");
            }
            let again = Link::from_pairs(pairs.clone());
            assert_eq!(again.to_pairs(), pairs);
            assert_eq!(again.shell, link.shell);
            match page {
                Page::Explorer => assert_eq!(again.explorer, link.explorer),
                Page::HeapGo => assert_eq!(again.heapgo, link.heapgo),
                Page::MtSearch => assert_eq!(again.mtsearch, MtSearchState { heaps: again.mtsearch.heaps.clone(), ..link.mtsearch.clone() }),
                Page::Hackenbush => assert_eq!(again.hackenbush, link.hackenbush),
                Page::Sums => assert_eq!(again.sums, link.sums),
                Page::Game => assert_eq!(again.game, link.game),
                Page::Sequences => assert_eq!(again.sequences, link.sequences),
            }
        }
        assert_eq!(link.on(Page::Sums).to_pairs().iter().map(|p| p.0).collect::<Vec<_>>(), ["v", "lesson", "ls", "page", "s", "sp"]);
    }

    /// A key two pages read gives both the same value when a link opens.
    #[test]
    fn shared_keys_reach_every_reader() {
        let link = Link::from_pairs([("g", "{4|0}"), ("sz", "0"), ("h", "b1/r2"), ("mt", "tree")]);
        assert_eq!((link.explorer.game.as_str(), link.mtsearch.game.as_str()), ("{4|0}", "{4|0}"));
        assert!(!link.explorer.show_subzero && !link.heapgo.show_subzero);
        assert_eq!((link.heapgo.heaps.as_str(), link.mtsearch.heaps.as_str()), ("b1/r2", "b1/r2"));
        assert_eq!(link.mtsearch.source, MtSource::Tree);
    }

    #[test]
    fn the_shell_falls_back() {
        let st = ShellState::from_pairs([("page", "nope"), ("ls", "x"), ("lesson", &"x".repeat(50)[..])]);
        assert_eq!((st.page, st.lesson_step, st.lesson.len()), (Page::Explorer, 0, 40));
        assert!(ShellState { lesson: String::new(), lesson_step: 3, page: Page::Sums, lesson_doc: String::new() }.to_pairs().iter().all(|p| p.0 != "ls"));
    }
}
