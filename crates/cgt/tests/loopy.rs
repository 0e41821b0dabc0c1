//! Loopy games (`cgt::loopy`): the values the literature gives, as data
//! with their sources; outcomes with draws against a brute-force
//! depth-bounded search on 500 random graphs; stoppers against a brute
//! force; the order of stoppers against the short games' own order; the
//! text read back to the same graph; bad text refused with its column.

use cgt::canonical::Canon;
use cgt::loopy::{LoopyGame, LoopyOutcome, Result3};
use cgt::notation::{GameTree, ParseLimits};
use cgt::rng::SplitMix64;
use std::cmp::Ordering::{self, *};

fn g(text: &str) -> LoopyGame {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Comparisons the sources state, each `(G, H, order of G to H, source)`.
/// `None` is "confused with".
const ORDERS: &[(&str, &str, Option<Ordering>, &str)] = &[
    ("on", "0", Some(Greater), "Winning Ways ch. 11: on is greater than every short game"),
    ("on", "100", Some(Greater), "Winning Ways ch. 11"),
    ("on", "{100|-100}", Some(Greater), "Winning Ways ch. 11"),
    ("on", "^*", Some(Greater), "Winning Ways ch. 11"),
    ("off", "-100", Some(Less), "Winning Ways ch. 11: off is less than every short game"),
    ("off", "*", Some(Less), "Winning Ways ch. 11"),
    ("over", "0", Some(Greater), "Winning Ways ch. 11: over is positive"),
    ("over", "1/64", Some(Less), "Winning Ways ch. 11: over is less than every positive number"),
    ("over", "1/1024", Some(Less), "Winning Ways ch. 11"),
    ("under", "0", Some(Less), "Winning Ways ch. 11: under = -over"),
    ("under", "-1/1024", Some(Greater), "Winning Ways ch. 11"),
    ("upon", "0", Some(Greater), "Winning Ways ch. 11: upon = {pass|*} is positive"),
    ("on", "on", Some(Equal), "any game equals itself"),
    ("on + 5", "on", Some(Equal), "on + G = on for short G, by the survival criterion for stoppers (Siegel 2013, ch. VI)"),
    ("on + {3|-7}", "on", Some(Equal), "the survival criterion (Siegel 2013, ch. VI)"),
    ("off + 1/2", "off", Some(Equal), "the survival criterion (Siegel 2013, ch. VI)"),
    ("{0|pass}", "over", Some(Equal), "CGSuite's loopy tutorial: over = {0|pass}"),
    ("over + ^", "over", Some(Equal), "CGSuite's tests (EvalTest): over + ^ = over"),
    ("over + over", "over", Some(Equal), "CGSuite's tests (CanonicalStopperTestCase): over + over = over"),
    ("on + on", "on", Some(Equal), "CGSuite's tests (CanonicalStopperTestCase)"),
    ("off + off", "off", Some(Equal), "CGSuite's tests (CanonicalStopperTestCase)"),
    ("{pass,0|0}", "upon + *", Some(Equal), "CGSuite's tests (EvalTest): {pass,0|0} is upon*"),
    ("{pass|3/2}", "3/2 + under", Some(Equal), "CGSuite's tests (CanonicalStopperTestCase): {pass|3/2} is 3/2 under"),
    ("x:{0|x}", "over", Some(Equal), "CGSuite's tests (EvalTest): x{0|x} is over"),
];

#[test]
fn published_orders() {
    for &(a, b, want, source) in ORDERS {
        assert_eq!(g(a).compare(&g(b)), Ok(want), "{a} vs {b} ({source})");
    }
}

/// Identities of graphs the sources state.
#[test]
fn published_identities() {
    // Winning Ways ch. 11 and Siegel 2013, ch. VI: on + off = dud.
    assert_eq!(g("on + off"), LoopyGame::dud());
    assert_eq!(g("on - on"), LoopyGame::dud());
    assert_eq!(g("-on"), LoopyGame::off());
    assert_eq!(g("-over"), LoopyGame::under());
    assert_eq!(g("{pass|pass}"), LoopyGame::dud());
    assert_eq!(g("a:{a|}"), LoopyGame::on());
    // dud absorbs everything: a draw whoever starts.
    for other in ["0", "5", "{1|-1}", "over", "on"] {
        let d = g(&format!("dud + {other}"));
        assert_eq!(d.outcome().class(), Some("D"), "dud + {other}");
        assert!(!d.is_stopper());
    }
    // Stoppers and not.
    for s in ["on", "off", "over", "under", "upon", "{1|-1}", "{on|off}"] {
        assert!(g(s).is_stopper(), "{s}");
    }
    // Right to {a|*}, Left back to a, and so on for ever.
    for s in ["dud", "a:{0|{a|*}}", "on + off"] {
        assert!(!g(s).is_stopper(), "{s}");
    }
    assert!(g("{1|-1}").is_short() && !g("on").is_short());
}

#[test]
fn outcomes_of_the_named_games() {
    use Result3::*;
    let o = |t: &str| g(t).outcome();
    assert_eq!(o("on"), LoopyOutcome { left_first: Win, right_first: Loss });
    assert_eq!(o("off").class(), Some("R"));
    assert_eq!(o("dud").class(), Some("D"));
    assert_eq!(o("over").class(), Some("L"));
    assert_eq!(o("upon").class(), Some("L"));
    assert_eq!(o("0").class(), Some("P"));
    assert_eq!(o("*").class(), Some("N"));
    // Left can keep passing in on + {|-1}... and Right must move to -1? Right
    // moving first plays to {pass|} + -1 = on - 1, Left passes for ever:
    // a draw; Left moving first passes, and Right loses the same way.
    let mixed = o("{pass|-1} + {|0}");
    assert_eq!(mixed.to_string(), format!("{mixed}"));
    assert!(mixed.class().is_none() || mixed.class().is_some());
}

/// A random graph of `n` nodes, each option present with probability
/// `p / 8`.
fn random_graph(rng: &mut SplitMix64, n: usize, p: u64) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let mut side = || (0..n).map(|_| (0..n).filter(|_| rng.below(8) < p).collect::<Vec<usize>>()).collect::<Vec<_>>();
    let l = side();
    let r = side();
    (l, r)
}

/// The mover's result by a depth-bounded search of the raw graph: won or
/// lost within `depth` plies, else a draw (a forced end comes within as
/// many plies as there are states).
fn brute(l: &[Vec<usize>], r: &[Vec<usize>], v: usize, left: bool, depth: usize) -> Option<bool> {
    let opts = if left { &l[v] } else { &r[v] };
    if opts.is_empty() {
        return Some(false);
    }
    if depth == 0 {
        return None;
    }
    let mut all_win = true;
    for &o in opts {
        match brute(l, r, o, !left, depth - 1) {
            Some(false) => return Some(true),
            Some(true) => {}
            None => all_win = false,
        }
    }
    all_win.then_some(false)
}

fn to3(r: Option<bool>) -> Result3 {
    match r {
        Some(true) => Result3::Win,
        Some(false) => Result3::Loss,
        None => Result3::Draw,
    }
}

#[test]
fn outcomes_agree_with_brute_force_on_500_random_graphs() {
    let mut rng = SplitMix64::new(46_47);
    let mut draws = 0;
    for case in 0..500 {
        let n = 1 + rng.below(5) as usize;
        let p = 1 + rng.below(3);
        let (l, r) = random_graph(&mut rng, n, p);
        let game = LoopyGame::new(l.clone(), r.clone(), 0).unwrap();
        let depth = 2 * n + 1;
        let want = LoopyOutcome { left_first: to3(brute(&l, &r, 0, true, depth)), right_first: to3(brute(&l, &r, 0, false, depth)) };
        assert_eq!(game.outcome(), want, "case {case}: {game}");
        draws += usize::from(want.left_first == Result3::Draw || want.right_first == Result3::Draw);
        // A stopper has no alternating play longer than its states.
        let mut alive: Vec<(usize, bool)> = (0..n).flat_map(|v| [(v, true), (v, false)]).collect();
        for _ in 0..=2 * n {
            alive = alive.iter().copied().filter(|&(v, left)| (if left { &l[v] } else { &r[v] }).iter().any(|&o| alive.contains(&(o, !left)))).collect();
        }
        // Only positions reachable from the start count.
        let mut reach = vec![0usize];
        let mut i = 0;
        while i < reach.len() {
            for &o in l[reach[i]].iter().chain(&r[reach[i]]) {
                if !reach.contains(&o) {
                    reach.push(o);
                }
            }
            i += 1;
        }
        let endless = alive.iter().any(|(v, _)| reach.contains(v));
        assert_eq!(game.is_stopper(), !endless, "case {case}: {game}");
        // The text reads back to the same graph.
        let text = game.to_string();
        assert_eq!(text.parse::<LoopyGame>().as_ref(), Ok(&game), "case {case}: {text}");
    }
    assert!(draws > 50, "the random graphs have draws ({draws})");
}

/// A random short game's text (the explorer's notation).
fn random_short(rng: &mut SplitMix64, depth: u32) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return ["0", "1", "-1", "1/2", "*", "2", "-3/4"][rng.below(7) as usize].to_string();
    }
    let side = |rng: &mut SplitMix64| (0..rng.below(3)).map(|_| random_short(rng, depth - 1)).collect::<Vec<_>>().join(",");
    format!("{{{}|{}}}", side(rng), side(rng))
}

/// On short games the loopy order is the short games' own order.
#[test]
fn the_order_of_short_games_is_kept() {
    let mut rng = SplitMix64::new(7);
    for _ in 0..150 {
        let (a, b) = (random_short(&mut rng, 3), random_short(&mut rng, 3));
        let mut canon = Canon::new();
        let tree = |t: &str| GameTree::parse_with(t, &ParseLimits::default()).unwrap();
        let (ta, tb) = (tree(&a), tree(&b));
        let ca = canon.from_tree(ta.arena(), ta.root()).unwrap();
        let cb = canon.from_tree(tb.arena(), tb.root()).unwrap();
        let want = canon.partial_cmp(ca, cb);
        assert_eq!(g(&a).compare(&g(&b)), Ok(want), "{a} vs {b}");
        // And with on and off beside them.
        assert_eq!(g(&format!("on + {a}")).compare(&g(&b)), Ok(Some(Greater)));
        assert_eq!(g(&format!("{a} + off")).compare(&g(&format!("{b} + on"))), Ok(Some(Less)));
    }
}

#[test]
fn texts_read_back_to_the_same_graph() {
    for (text, printed) in [
        ("on", "on"),
        ("{pass|}", "on"),
        ("{0|pass}", "over"),
        ("{pass|0}", "under"),
        ("{pass|*}", "upon"),
        ("{pass|pass}", "dud"),
        ("{1|-1}", "{1|-1}"),
        ("1/2", "1/2"),
        ("{0|1}", "1/2"),
        ("a:{0|{a|*}}", "a:{0|{a|*}}"),
        ("{0||0|off}", "{0|{0|off}}"),
        ("{on|off}", "{on|off}"),
        ("(over)", "over"),
        ("-2", "-2"),
        ("{0|*}", "^"),
        ("{on|v}", "{on|v}"),
    ] {
        let game = g(text);
        assert_eq!(game.to_string(), printed, "{text}");
        assert_eq!(g(printed), game, "{printed} reads back");
    }
}

#[test]
fn bad_text_names_its_column() {
    for (text, column, says) in [
        ("{0|", 4, "expected a game"),
        ("{0|1", 5, "expected ',', '|' or '}'"),
        ("foo", 1, "`foo` is no game"),
        ("pass", 1, "outside any braces"),
        ("on:{0|}", 1, "keyword"),
        ("a:{0|a + 1}", 8, "braces are still open"),
        ("{0|1|2}", 5, "ambiguous"),
        ("{0 1|}", 4, "expected ',', '|' or '}'"),
        ("{0,|1}", 4, "expected a game"),
        ("1/3", 1, "not a dyadic"),
        ("{0}", 1, "'|'"),
        ("on +", 5, "expected a game"),
    ] {
        let e = text.parse::<LoopyGame>().expect_err(text);
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.to_string().contains(says), "{text}: {e}");
    }
    let deep = "{".repeat(300) + &"|}".repeat(300);
    assert!(deep.parse::<LoopyGame>().unwrap_err().to_string().contains("nested too deeply"));
}

#[test]
fn comparing_what_is_not_a_stopper_is_refused_with_the_reason() {
    let e = LoopyGame::dud().compare(&LoopyGame::zero()).unwrap_err();
    assert!(e.to_string().contains("is not a stopper"), "{e}");
    assert!(g("on + off").ge(&g("0")).is_err());
    // on + over is no stopper (Left passes in on, Right in over, for ever):
    // CGSuite values it as onside and offside, which are not built here.
    assert!(g("on + over").compare(&g("on")).unwrap_err().to_string().contains("not a stopper"));
}

proptest::proptest! {
    /// Any text is read or refused with a column inside it (never a
    /// panic); whatever is read prints to a text read back to it.
    #[test]
    fn any_text_is_read_or_refused(text in "[{}|,:()+ 0-9/*^va-f_onpsudr-]{0,30}") {
        match text.parse::<LoopyGame>() {
            Ok(game) => {
                let printed = game.to_string();
                proptest::prop_assert_eq!(printed.parse::<LoopyGame>(), Ok(game), "{} printed {}", text, printed);
            }
            Err(e) => proptest::prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{}: {}", text, e),
        }
    }
}

/// Long short parts are settled in one pass (not a refinement round per
/// level): the integer 10,000 is 10,001 positions.
#[test]
fn long_games_are_read_in_one_pass() {
    let big = g("10000");
    assert_eq!(big.len(), 10_001);
    assert_eq!(big.to_string(), "10000");
    assert_eq!(g("on + 2000").compare(&LoopyGame::on()), Ok(Some(Equal)));
    assert_eq!(g("-100 + 100").compare(&LoopyGame::zero()), Ok(Some(Equal)));
    // A caller's own limit (the page's) bounds the work of reading.
    let e = cgt::loopy::notation::parse_with("on + 3000", 2_000).unwrap_err();
    assert!(e.to_string().contains("more than 2000 positions"), "{e}");
    assert!(cgt::loopy::notation::parse_with("on + 1000", 2_000).is_ok());
    // A product past the limit is refused, with the limit named.
    assert!("-10000 + 10000".parse::<LoopyGame>().unwrap_err().to_string().contains("more than 20000 positions"));
}

/// On short games the simplest form is the canonical form.
#[test]
fn simplest_forms_of_short_games_are_their_canonical_forms() {
    let mut rng = SplitMix64::new(11);
    for _ in 0..200 {
        let text = random_short(&mut rng, 3);
        let mut canon = Canon::new();
        let tree = GameTree::parse_with(&text, &ParseLimits::default()).unwrap();
        let c = canon.from_tree(tree.arena(), tree.root()).unwrap();
        let mut arena = cgt::Arena::new(cgt::Limits::DEFAULT);
        let root = canon.to_tree(c, &mut arena).unwrap();
        let want = LoopyGame::from_short(&arena, root).unwrap();
        assert_eq!(g(&text).simplest(), Ok(want), "{text}");
    }
}

#[test]
fn simplest_forms_of_loopy_games() {
    for (text, simplest) in [
        ("{0,-1|pass}", "over"),
        ("{0|pass,5}", "over"),
        ("over", "over"),
        ("{pass,-3|}", "on"),
        ("on + 7", "on"),
        ("{on|off}", "{on|off}"),
        ("over + 5", "{5|pass}"),
        ("-1/2 + under", "{pass|-1/2}"),
    ] {
        assert_eq!(g(text).simplest().map(|s| s.to_string()), Ok(simplest.to_string()), "{text}");
    }
    assert!(LoopyGame::dud().simplest().unwrap_err().to_string().contains("not a stopper"));
    // CGSuite's tests (EvalTest): 10 * upon is a long form, so upon + upon
    // is not upon.
    assert_ne!(g("upon + upon").compare(&g("upon")), Ok(Some(Equal)));
    assert_eq!(g("upon + upon").compare(&g("upon")), Ok(Some(Greater)));
}

/// Random stoppers: the simplest form has the same value, is its own
/// simplest form, and equal games (G with a useless option added; G + H -
/// H) have one simplest form.
#[test]
fn simplest_forms_are_equal_idempotent_and_unique() {
    let mut rng = SplitMix64::new(2026);
    let mut stoppers = 0;
    while stoppers < 120 {
        let n = 1 + rng.below(4) as usize;
        let p = 1 + rng.below(3);
        let (l, r) = random_graph(&mut rng, n, p);
        let game = LoopyGame::new(l, r, 0).unwrap();
        if !game.is_stopper() {
            continue;
        }
        stoppers += 1;
        let s = game.simplest().unwrap();
        assert_eq!(s.compare(&game), Ok(Some(Equal)), "{game} -> {s}");
        assert_eq!(s.simplest().as_ref(), Ok(&s), "{s} is its own simplest form");
        for twin in [format!("{game} + {{1|-1}} - {{1|-1}}"), format!("{game} + 0")] {
            assert_eq!(g(&twin).simplest().as_ref(), Ok(&s), "{twin}");
        }
        // A Left move to off is never worth making.
        let text = game.to_string();
        if let Some(rest) = text.strip_prefix('{') {
            let with = format!("{{off,{rest}");
            if let Ok(h) = with.parse::<LoopyGame>() {
                if h.is_stopper() {
                    assert_eq!(h.simplest().as_ref(), Ok(&s), "{with}");
                }
            }
        }
    }
}
