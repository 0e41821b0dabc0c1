//! Opening a link: its format version, older formats migrated, and a note
//! for every field that could not be read as written.
//!
//! A link is opened by [`Link::open`], which returns the state and a
//! [`LinkNote`] for every field it could not read (naming the field, what
//! it expected and what the page shows instead): the page opens with those
//! notes on screen, never blank. Links from before versioning have no `v`
//! (format 0) and read exactly as format 1 (`tests/links.rs` holds a
//! corpus of them that must keep opening the same state). When a key
//! changes meaning, [`LINK_VERSION`] goes up and [`migrate`] rewrites an
//! older link's pairs into the new format before any page reads them, so
//! every link ever written keeps opening what it showed, or says where it
//! cannot.
//!
//! Each page's wing checks its own keys (`check` beside its `from_pairs`);
//! the lesson keys are checked here, where both the shell's state and the
//! lessons are known.

pub use crate::link_note::LinkNote;
use crate::pages::explorer::state::ExplorerState;
use crate::pages::game::state::GameState;
use crate::pages::hackenbush::state::HackenbushState;
use crate::pages::heapgo::state::HeapGoState;
use crate::pages::mtsearch::state::MtSearchState;
use crate::pages::sequences::state::SequencesState;
use crate::pages::sums::state::SumsState;
pub use crate::state::LINK_VERSION;
use crate::state::{Link, ShellState};

/// A link's pairs rewritten from format `from` into [`LINK_VERSION`]'s,
/// with a note for what cannot be carried over. A format that renames a
/// key or changes a value's meaning adds its step here (and keeps the
/// older steps), so that an old link opens what it opened when it was
/// written, or says where it cannot.
///
/// - 0 and 1 are the same (1 only says so).
/// - 1 to 2: the keys are the same. A typed sum of
///   `cgt::notation::BALANCED_SUM_TERMS` or more terms is now built
///   pairwise, so its tree differs: a subgame path (`node`) into such a
///   sum is kept, and named, since it may now lead to another position of
///   the same game.
pub fn migrate(from: u32, pairs: Vec<(String, String)>, notes: &mut Vec<LinkNote>) -> Vec<(String, String)> {
    if from < 2 {
        let get = |k: &str| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        if let (Some(node), Some(g)) = (get("node"), get("g")) {
            if !node.trim().is_empty() && top_level_terms(g) >= cgt::notation::BALANCED_SUM_TERMS {
                notes.push(LinkNote::new(
                    "node",
                    node,
                    format!("was written for a sum of {} or more terms built one term at a time; this version builds such sums pairwise, so the path may lead to another position of the same game", cgt::notation::BALANCED_SUM_TERMS),
                ));
            }
        }
    }
    pairs
}

/// How many terms the sum at the top of `game` has (1 for anything else,
/// or text that does not parse).
fn top_level_terms(game: &str) -> usize {
    use cgt::expr::Expr;
    let Ok((ex, root)) = cgt::notation::parse_expr(game, &cgt::ParseLimits::INTERACTIVE) else { return 1 };
    let mut stack = vec![root];
    let mut terms = 0;
    while let Some(id) = stack.pop() {
        match ex.get(id) {
            Expr::Add(a, b) | Expr::Sub(a, b) => stack.extend([*a, *b]),
            _ => terms += 1,
        }
    }
    terms
}

/// What is wrong with the lesson keys (`lesson`, and `ls` given the
/// link's lesson).
fn check_lesson(key: &str, v: &str, lesson: &str, doc: &str) -> Option<String> {
    // A teacher's lesson counts its own steps.
    let steps = if doc.is_empty() {
        crate::lessons::find(lesson).map(|l| l.steps.len())
    } else {
        doc.parse::<crate::lesson_doc::LessonDoc>().ok().map(|d| d.steps.len())
    };
    match key {
        "ld" if !v.is_empty() => v.parse::<crate::lesson_doc::LessonDoc>().err().map(|e| format!("is not a lesson ({e}): no lesson is open")),
        "lesson" if !v.is_empty() && crate::lessons::find(v).is_none() => {
            let ids: Vec<&str> = crate::lessons::LESSONS.iter().map(|l| l.id).collect();
            Some(format!("is not a lesson ({}): no lesson is open", ids.join(", ")))
        }
        "ls" if !v.is_empty() => match (v.parse::<usize>(), steps) {
            (Err(_), _) => Some("is not a step number: the lesson starts at step 1".into()),
            (Ok(k), Some(n)) if k >= n => Some(format!("is past the lesson's {n} steps (they count from 0): its last step is shown")),
            _ => None,
        },
        _ => None,
    }
}

impl Link {
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
        let pairs = migrate(version, pairs, &mut notes);
        let lesson = pairs.iter().find(|(k, _)| k == "lesson").map(|(_, v)| v.as_str()).unwrap_or("");
        let doc = pairs.iter().find(|(k, _)| k == "ld").map(|(_, v)| v.as_str()).unwrap_or("");
        for (k, v) in &pairs {
            let problem = ShellState::check(k, v)
                .or_else(|| check_lesson(k, v, lesson, doc))
                .or_else(|| ExplorerState::check(k, v))
                .or_else(|| HeapGoState::check(k, v))
                .or_else(|| MtSearchState::check(k, v))
                .or_else(|| HackenbushState::check(k, v))
                .or_else(|| SumsState::check(k, v))
                .or_else(|| GameState::check(k, v))
                .or_else(|| SequencesState::check(k, v));
            if let Some(p) = problem {
                notes.push(LinkNote::new(k, v, p));
            }
        }
        (Link::from_pairs(pairs), notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Page;

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
            (&[("page", "heapgo"), ("mv", "Q9.Z")], &["mv"]),
            (&[("page", "heapgo"), ("mv", "L0.R1")], none),
            (&[("page", "mt-search"), ("mt", "bogus"), ("ord", "hot"), ("seed", "-1"), ("n", "x")], &["mt", "ord", "seed", "n"]),
            (&[("page", "mt-search"), ("mt", "tree"), ("ord", "random"), ("seed", "7"), ("n", "5")], none),
            (&[("page", "hackenbush"), ("turn", "x")], &["turn"]),
            // Issue 43: malformed placed points were dropped without a note.
            (&[("page", "hackenbush"), ("hbxy", "1:0,1;x:y;2:0,999")], &["hbxy"]),
            (&[("page", "hackenbush"), ("hbxy", "1:0,1;2:0.5,2")], none),
            (&[("g", "{4|"), ("hb", "0-1:q")], none),
            (&[("page", "game"), ("r", "chess"), ("gy", "x"), ("gf", "?"), ("ge", "2")], &["r", "gy", "gf", "ge"]),
            (&[("page", "game"), ("r", "clobber"), ("p", "xo"), ("gy", "both"), ("gf", "R"), ("ge", "1")], none),
            (&[("page", "sequences"), ("sr", "0.7x"), ("sn", "many"), ("sw", "9")], &["sn", "sw"]),
            (&[("page", "sequences"), ("sn", "99999999")], &["sn"]),
            (&[("page", "sequences"), ("sr", "grundy"), ("sn", "200000"), ("sw", "10")], none),
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

    /// A link from before format 2 with a subgame path into a long sum
    /// says the path may lead elsewhere; a short sum, or a format 2 link,
    /// opens without a note.
    #[test]
    fn a_path_into_a_long_sum_from_format_1_is_named() {
        let long = ["{1|-1}"; 16].join(" + ");
        let short = ["{1|-1}"; 15].join(" + ");
        let keys = |pairs: &[(&str, &str)]| -> Vec<String> { Link::open(pairs.iter().copied()).1.into_iter().map(|n| n.key).collect() };
        assert_eq!(keys(&[("g", &long), ("node", "L0")]), ["node"]);
        assert_eq!(keys(&[("v", "1"), ("g", &long), ("node", "L0.R0")]), ["node"]);
        assert!(keys(&[("v", "2"), ("g", &long), ("node", "L0")]).is_empty());
        assert!(keys(&[("g", &short), ("node", "L0")]).is_empty());
        assert!(keys(&[("g", &long)]).is_empty());
        assert_eq!(top_level_terms(&long), 16);
        assert_eq!(top_level_terms("{4|0} - {1|2} + 3"), 3);
        assert_eq!(top_level_terms("{1+2|0}"), 1);
    }

    /// Every link the app writes opens again without a note, on every page.
    #[test]
    fn written_links_open_without_notes() {
        let mut link = Link::from_pairs([
            ("g", "{4|0}"),
            ("sz", "0"),
            ("node", "L0"),
            ("build", "2"),
            ("cool", "1/2"),
            ("h", "b1/r2"),
            ("mv", "L0"),
            ("first", "R"),
            ("you", "both"),
            ("mt", "tree"),
            ("ord", "random"),
            ("seed", "3"),
            ("n", "4"),
            ("hb", "stalk:br"),
            ("turn", "r"),
            ("hbxy", "1:0,1"),
            ("s", "*"),
            ("sp", "LL_greedy_0-0"),
            ("bs", "tightest.3"),
            ("sr", "sub:1,3,4"),
            ("sn", "1000"),
            ("sw", "12"),
            ("lesson", "mt"),
            ("ls", "2"),
        ]);
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
        assert_eq!(Link::open([("v", "2"), ("page", "sums"), ("s", "*")]), plain);
        assert_eq!(Link::open([("v", "0"), ("page", "sums"), ("s", "*")]), plain);
        assert_eq!(plain.0.to_pairs()[0], ("v", LINK_VERSION.to_string()));
        for v in ["3", "x", "-1", ""] {
            let (link, notes) = Link::open([("v", v), ("page", "sums"), ("s", "*")]);
            assert_eq!(link, plain.0, "v={v}");
            assert_eq!(notes.iter().map(|n| n.key.as_str()).collect::<Vec<_>>(), ["v"], "v={v}");
        }
    }
}
