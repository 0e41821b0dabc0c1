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
//! A link is opened by [`Link::open`], which also returns a [`LinkNote`]
//! for every field it could not read as written (naming the field, what it
//! expected and what the page shows instead): the page opens with those
//! notes on screen, never blank. Links from before versioning have no `v`
//! (format 0) and read exactly as format 1 (`tests/links.rs` holds a
//! corpus of them that must keep opening the same state). When a key
//! changes meaning, [`LINK_VERSION`] goes up and [`migrate`] rewrites an
//! older link's pairs into the new format before any page reads them, so
//! every link ever written keeps opening what it showed. Every page's keys belong to its
//! wing (`crate::pages`, which has the table of who owns which key): a
//! [`Link`] hands the pairs of a link to the shell and to every page, and
//! writes back the shell's keys and the current page's only.

use crate::pages::explorer::state::ExplorerState;
use crate::pages::game::state::GameState;
use crate::pages::hackenbush::state::HackenbushState;
use crate::pages::heapgo::state::HeapGoState;
use crate::pages::mtsearch::state::MtSearchState;
use crate::pages::sums::state::SumsState;
use crate::pages::cut;

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
            Page::HeapGo => "Play heap-go (Kao et al., 2012) against the exact computer; the sum's thermograph and each heap's.",
            Page::MtSearch => "Watch MT-search (Kao et al., 2012) narrow the bounds of mean and temperature path by path.",
            Page::Hackenbush => "Draw and play Hackenbush; exact values, and the Monte Carlo Scale Method (Koene, 2024).",
            Page::Sums => "Sums of games: exact VL/VR, every bound, play against strategies, B* against alpha-beta (Yedwab, 1985).",
            Page::Game => "Play Domineering (and every other ruleset) on a board: edit it, play the exact computer, read each component's value and thermograph.",
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
}

impl ShellState {
    /// The keys the shell reads and writes.
    pub const KEYS: &'static [&'static str] = &["v", "page", "lesson", "ls"];

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
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `key` (a shell key) and what
    /// the page shows instead; `None` when it reads as written. The version
    /// is [`Link::open`]'s.
    pub fn check(key: &str, v: &str, lesson: &str) -> Option<String> {
        match key {
            "page" if Page::from_key(v).is_none() && !v.is_empty() => {
                let pages: Vec<&str> = Page::ALL.iter().map(|p| p.key()).collect();
                Some(format!("is not a page ({}): the explorer is shown", pages.join(", ")))
            }
            "lesson" if !v.is_empty() && crate::lessons::find(v).is_none() => {
                let ids: Vec<&str> = crate::lessons::LESSONS.iter().map(|l| l.id).collect();
                Some(format!("is not a lesson ({}): no lesson is open", ids.join(", ")))
            }
            "ls" if !v.is_empty() => match (v.parse::<usize>(), crate::lessons::find(lesson)) {
                (Err(_), _) => Some("is not a step number: the lesson starts at step 1".into()),
                (Ok(k), Some(l)) if k >= l.steps.len() => Some(format!("is past the lesson's {} steps (they count from 0): its last step is shown", l.steps.len())),
                _ => None,
            },
            _ => None,
        }
    }

    /// The lesson (with its step) when there is one, then the page unless
    /// it is the explorer.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if !self.lesson.is_empty() {
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
pub const KEYS: [&str; 29] = [
    "v", "page", "g", "sz", "node", "h", "mv", "first", "you", "ord", "seed", "n", "mt", "hb", "turn", "hbxy", "s", "sp", "lesson", "ls", "build", //
    "r", "p", "gm", "gy", "gf", "ge", "bs", "cool",
];

/// The link format this version writes (`v=`). A link without `v` is
/// format 0 (from before versioning), which reads as format 1.
pub const LINK_VERSION: u32 = 1;

/// A field of a link that could not be read as written: shown on the page
/// that opens (`` `ls=x` is not a step number: the lesson starts at step
/// 1``), so an old or mistyped link says what it lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkNote {
    /// The URL key.
    pub key: String,
    /// The value as the link has it (at most 40 characters, then `…`).
    pub value: String,
    /// What was expected and what the page shows instead.
    pub problem: String,
}

impl std::fmt::Display for LinkNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}={}` {}", self.key, self.value, self.problem)
    }
}

impl LinkNote {
    fn new(key: &str, value: &str, problem: String) -> LinkNote {
        let mut shown: String = value.chars().take(40).collect();
        if value.chars().count() > 40 {
            shown.push('…');
        }
        LinkNote { key: key.to_string(), value: shown, problem }
    }
}

/// A link's pairs rewritten from format `from` into [`LINK_VERSION`]'s.
/// Formats 0 and 1 are the same; a later format that renames a key or
/// changes a value's meaning adds its step here (and keeps the older
/// steps), so that an old link opens what it opened when it was written.
pub fn migrate(from: u32, pairs: Vec<(String, String)>) -> Vec<(String, String)> {
    match from {
        0 | 1 => pairs,
        // A newer format: read what this version knows.
        _ => pairs,
    }
}

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
        }
    }

    /// Open a link from its decoded query pairs (the first of each key, as
    /// the browser's `URLSearchParams.get` gives them): its format version
    /// read and migrated, then every page's state, with a note for each
    /// field that could not be read as written. Never fails: whatever the
    /// link says, a page opens.
    pub fn open<I, K, V>(pairs: I) -> (Link, Vec<LinkNote>)
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut pairs: Vec<(String, String)> = pairs.into_iter().map(|(k, v)| (k.as_ref().to_string(), v.as_ref().to_string())).collect();
        let mut notes = Vec::new();
        let version = match pairs.iter().find(|(k, _)| k == "v") {
            None => 0,
            Some((_, v)) => match v.trim().parse::<u32>() {
                Ok(n) if n > LINK_VERSION => {
                    notes.push(LinkNote::new("v", v, format!("is a link format newer than this page's (format {LINK_VERSION}): it was made by a later version of the lab, and what this version does not know is left at its default")));
                    n
                }
                Ok(n) => n,
                Err(_) => {
                    notes.push(LinkNote::new("v", v, format!("is not a link format version (a whole number): read as format {LINK_VERSION}")));
                    LINK_VERSION
                }
            },
        };
        pairs.retain(|(k, _)| k != "v");
        let pairs = migrate(version, pairs);
        let lesson = pairs.iter().find(|(k, _)| k == "lesson").map(|(_, v)| v.as_str()).unwrap_or("");
        for (k, v) in &pairs {
            let problem = ShellState::check(k, v, lesson)
                .or_else(|| ExplorerState::check(k, v))
                .or_else(|| HeapGoState::check(k, v))
                .or_else(|| MtSearchState::check(k, v))
                .or_else(|| HackenbushState::check(k, v))
                .or_else(|| SumsState::check(k, v))
                .or_else(|| GameState::check(k, v));
            if let Some(p) = problem {
                notes.push(LinkNote::new(k, v, p));
            }
        }
        (Link::from_pairs(pairs), notes)
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
        assert_eq!(st.to_pairs(), vec![("v", "1".to_string()), ("g", crate::presets::DEFAULT_GAME.to_string())]);
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
        let mut link = Link::from_pairs([("g", "{4|0}"), ("sz", "0"), ("node", "L0"), ("h", "b1/r2"), ("mv", "L0"), ("mt", "tree"), ("seed", "3"), ("hb", "stalk:br"), ("s", "*"), ("sp", "LL_greedy_0-0"), ("lesson", "mt"), ("ls", "2")]);
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

    /// Each malformed field gets a note naming it (and only it); what the
    /// app writes gets none; the link still opens its page.
    #[test]
    fn malformed_fields_are_named() {
        let keys = |pairs: &[(&str, &str)]| -> Vec<String> { Link::open(pairs.iter().copied()).1.into_iter().map(|n| n.key).collect() };
        let none: &[&str] = &[];
        for (pairs, expected) in [
            (&[("page", "nope")][..], &["page"][..]),
            (&[("page", "sums"), ("bs", "best")], &["bs"]),
            (&[("page", "sums"), ("bs", "hanner.2")], none),
            (&[("lesson", "nope"), ("ls", "2")], &["lesson"]),
            (&[("lesson", "mt"), ("ls", "x")], &["ls"]),
            (&[("lesson", "mt"), ("ls", "999")], &["ls"]),
            (&[("sz", "2"), ("node", "X7"), ("build", "x"), ("cool", "1/3")], &["sz", "node", "build", "cool"]),
            (&[("sz", "0"), ("node", "L0.R1"), ("build", "3"), ("cool", "1/2")], none),
            (&[("page", "heapgo"), ("first", "x"), ("you", "me"), ("h", &"b1/".repeat(1500))], &["first", "you", "h"]),
            (&[("page", "mt-search"), ("mt", "bogus"), ("ord", "hot"), ("seed", "-1"), ("n", "x")], &["mt", "ord", "seed", "n"]),
            (&[("page", "mt-search"), ("mt", "tree"), ("ord", "random"), ("seed", "7"), ("n", "5")], none),
            (&[("page", "hackenbush"), ("turn", "x")], &["turn"]),
            (&[("g", "{4|"), ("hb", "0-1:q")], none),
            (&[("page", "game"), ("r", "chess"), ("gy", "x"), ("gf", "?"), ("ge", "2")], &["r", "gy", "gf", "ge"]),
            (&[("page", "game"), ("r", "clobber"), ("p", "xo"), ("gy", "both"), ("gf", "R"), ("ge", "1")], none),
        ] {
            assert_eq!(keys(pairs), expected, "{pairs:?}");
        }
        let (link, notes) = Link::open([("page", "hackenbush"), ("turn", "x")]);
        assert_eq!(link.shell.page, Page::Hackenbush);
        assert_eq!(notes[0].to_string(), "`turn=x` is not b or r: Blue chops next");
        // A long value is shown cut.
        let long = "x".repeat(100);
        let (_, notes) = Link::open([("page", long.as_str())]);
        assert_eq!(notes[0].value.chars().count(), 41);
    }

    /// Every link the app writes opens again without a note, on every page.
    #[test]
    fn written_links_open_without_notes() {
        let mut link = Link::from_pairs([("g", "{4|0}"), ("sz", "0"), ("node", "L0"), ("build", "2"), ("cool", "1/2"), ("h", "b1/r2"), ("mv", "L0"), ("first", "R"), ("you", "both"), ("mt", "tree"), ("ord", "random"), ("seed", "3"), ("n", "4"), ("hb", "stalk:br"), ("turn", "r"), ("hbxy", "1:0,1"), ("s", "*"), ("sp", "LL_greedy_0-0"), ("bs", "tightest.3"), ("lesson", "mt"), ("ls", "2")]);
        for page in Page::ALL {
            link.shell.page = page;
            let (again, notes) = Link::open(link.to_pairs());
            assert!(notes.is_empty(), "{page:?}: {notes:?}");
            assert_eq!(again.to_pairs(), link.to_pairs());
        }
    }

    /// The format version: absent (before versioning) and 1 read alike; a
    /// newer or malformed one is named, and the rest still opens.
    #[test]
    fn the_format_version() {
        let plain = Link::open([("page", "sums"), ("s", "*")]);
        assert!(plain.1.is_empty());
        assert_eq!(Link::open([("v", "1"), ("page", "sums"), ("s", "*")]), plain);
        assert_eq!(Link::open([("v", "0"), ("page", "sums"), ("s", "*")]), plain);
        assert_eq!(plain.0.to_pairs()[0], ("v", LINK_VERSION.to_string()));
        for v in ["2", "x", "-1", ""] {
            let (link, notes) = Link::open([("v", v), ("page", "sums"), ("s", "*")]);
            assert_eq!(link, plain.0, "v={v}");
            assert_eq!(notes.iter().map(|n| n.key.as_str()).collect::<Vec<_>>(), ["v"], "v={v}");
        }
    }

    #[test]
    fn the_shell_falls_back() {
        let st = ShellState::from_pairs([("page", "nope"), ("ls", "x"), ("lesson", &"x".repeat(50)[..])]);
        assert_eq!((st.page, st.lesson_step, st.lesson.len()), (Page::Explorer, 0, 40));
        assert!(ShellState { lesson: String::new(), lesson_step: 3, page: Page::Sums }.to_pairs().iter().all(|p| p.0 != "ls"));
    }
}
