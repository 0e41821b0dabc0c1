//! Every input the fuzzers (`cgt fuzz`, `fuzz/`) found a fault with, kept
//! as a regression test: each row must now run through `cgt::fuzz::check`
//! without a panic and with every accepted text reading back as itself.
//! A row names the target, the input and what it did before the fix.

use cgt::fuzz::check;

/// (target, input, what it did before the fix).
const FINDINGS: &[(&str, &str, &str)] = &[
    // `cgt fuzz --seed 1`, 2026-11-28: the error message spelled a count
    // of arrows out in full ("^" repeated 18,642,975,318,642,975,318 times).
    ("game", "**^18642975318642975318***", "panic: capacity overflow while describing the token"),
    ("game", "^100000000000 +", "allocated a 100 GB message"),
    ("game", "1 v99999999999999 *", "allocated the message in full"),
];

#[test]
fn every_finding_is_fixed() {
    for (target, input, before) in FINDINGS {
        let got = std::panic::catch_unwind(|| check(target, input));
        match got {
            Ok(Ok(())) => {}
            Ok(Err(broken)) => panic!("{target} {input:?} (before: {before}): {broken}"),
            Err(_) => panic!("{target} {input:?} still panics (before: {before})"),
        }
    }
}

/// The message of a refused count names it compactly.
#[test]
fn a_huge_arrow_count_is_refused_by_name() {
    let limits = cgt::ParseLimits::INTERACTIVE;
    let e = cgt::GameTree::parse_with("**^18642975318642975318***", &limits).expect_err("refused");
    let text = e.to_string();
    assert!(text.len() < 300, "{text}");
    let e = cgt::GameTree::parse_with("^5000", &limits).expect_err("refused: more arrows than the limit");
    assert!(e.to_string().contains("arrows"), "{e}");
}

/// A short seeded run of the stable harness's inputs, in every test run:
/// a parser change that panics or breaks a round trip on the inputs the
/// fuzzers start from shows up here first. (Long game sums are left to the
/// harness: within the interactive limits some take seconds to build.)
#[test]
fn a_short_seeded_fuzz_run_finds_nothing() {
    let mut m = cgt::fuzz::Mutator::new(20261128);
    let mut ran = 0;
    for i in 0..6_000 {
        let target = cgt::fuzz::TARGETS[i % cgt::fuzz::TARGETS.len()];
        let input = m.input(target);
        if target == "game" && input.len() > 200 {
            continue;
        }
        ran += 1;
        match std::panic::catch_unwind(|| check(target, &input)) {
            Ok(Ok(())) => {}
            Ok(Err(broken)) => panic!("{target} {input:?}: {broken}"),
            Err(_) => panic!("{target} {input:?} panics"),
        }
    }
    assert!(ran > 5_000, "{ran}");
}

/// `cgt fuzz --seconds 3600 --seed 5` (2026-11-28): long sums of switches
/// with one that differs (`+-3` a thousand times with `+-+-3` or one big
/// switch among them) took 68 to 651 s to build, term after term walking
/// the whole partial sum. A long sum is now built pairwise
/// (`notation::BALANCED_SUM_TERMS`): the same game, built from small
/// pieces. The work is the arena: every position made on the way is kept
/// in it, so its size is what the build cost (the old way made some
/// hundred thousand positions for these; now a handful).
#[test]
fn long_sums_of_switches_build_from_small_pieces() {
    let big = "+-318642975318642975318";
    for (text, canonical) in [
        // 1,000 copies of ±3 are 0.
        (format!("{}{big}{}", "+-3".repeat(500), "+-3".repeat(500)), Some("±318642975318642975318")),
        (format!("{}+-+-3{}", "+-3".repeat(600), "+-3".repeat(401)), None),
        (format!("{}\t{}", "+-3".repeat(700), "+-3".repeat(301)), Some("±3")),
    ] {
        let t = cgt::GameTree::parse_with(&text, &cgt::ParseLimits::INTERACTIVE).unwrap_or_else(|e| panic!("{}…: {e}", &text[..40]));
        assert!(t.arena().len() < 2_000, "{}…: {} positions made", &text[..40], t.arena().len());
        // The tree's value is the sum's, added as canonical forms (no tree).
        let mut c = cgt::canonical::Canon::new();
        let g = c.from_tree(t.arena(), t.root()).unwrap();
        let (ex, root) = cgt::notation::parse_expr(&text, &cgt::ParseLimits::INTERACTIVE).unwrap();
        let sum = c.from_exprs(&ex, root).unwrap();
        assert_eq!(g, sum, "{}…", &text[..40]);
        if let Some(name) = canonical {
            assert_eq!(c.name(g), name, "{}…", &text[..40]);
        }
    }
    // Short sums keep the tree as written, left to right: the option order
    // of a three-term sum is the terms'.
    let t = cgt::GameTree::parse_with("{1|-1} + {2|-2} + {3|-3}", &cgt::ParseLimits::INTERACTIVE).unwrap();
    assert_eq!(t.to_string(), cgt::GameTree::parse_with("({1|-1} + {2|-2}) + {3|-3}", &cgt::ParseLimits::INTERACTIVE).unwrap().to_string());
}

/// `cgt fuzz --target game --seconds 1200 --seed 5` (after the fix above):
/// sums that end refused at the tree limit took 1-11 s to get there, the
/// longest a sum of downs with a 400-digit number (every position carries
/// it, and big-integer steps are slow). Building now counts its work,
/// each step weighted by the size of the input's numbers
/// (`ParseLimits::max_build_work`), and refuses such a sum at once.
#[test]
fn a_sum_with_a_huge_number_is_refused_early() {
    let huge = "18642975318642975318".repeat(20);
    // (A switch in it: a sum of only numbers, ups and stars is now valued
    // by arithmetic and built as its value's tree, as below.)
    let text = format!("({{1|-1}} + ^ + *) + {huge}{}", " + v".repeat(200));
    let err = cgt::GameTree::parse_with(&text, &cgt::ParseLimits::INTERACTIVE).unwrap_err();
    assert!(matches!(err.kind, cgt::expr::ParseErrorKind::TooLarge(cgt::game::LimitError::TooMuchWork { .. })), "{err}");
    assert!(err.to_string().contains("too large to build here"), "{err}");
    // Issue 43: the same sum without the switch is `huge v199*` by
    // arithmetic, and the tree built is that value's canonical form.
    let text = format!("(^ + *) + {huge}{}", " + v".repeat(200));
    let t = cgt::GameTree::parse_with(&text, &cgt::ParseLimits::INTERACTIVE).unwrap();
    let mut c = cgt::canonical::Canon::new();
    let v = c.from_tree(t.arena(), t.root()).unwrap();
    assert_eq!(c.name(v), format!("{}v199*", huge.trim_start_matches('0')));
    // Without the interactive limit (the CLI's), the same text is only
    // bounded by the tree's size; small numbers weigh nothing extra.
    let small = format!("(^ + *) + 5{}", " + v".repeat(8));
    assert!(cgt::GameTree::parse_with(&small, &cgt::ParseLimits::INTERACTIVE).is_ok());
}

/// The second hour's slowest input (3.7 s of CPU time): `+-*63-*63-...`,
/// a long sum of big nimbers. Its positions have hundreds of options, and
/// the sum met the same nodes again and again: each time through all
/// their options, which the work count missed (it counted new edges only),
/// and the options' duplicates were dropped by a quadratic scan. Now every
/// option pair looked at counts (`SumJob::moves_seen`), duplicates go
/// through a set past 16 options, and the text is refused within its
/// first terms (column 38 of 4,005).
#[test]
fn a_long_sum_of_big_nimbers_is_refused_early() {
    let text = format!("+-*63{}", "-*63".repeat(1000));
    let err = cgt::GameTree::parse_with(&text, &cgt::ParseLimits::INTERACTIVE).unwrap_err();
    assert!(matches!(err.kind, cgt::expr::ParseErrorKind::TooLarge(cgt::game::LimitError::TooMuchWork { .. })), "{err}");
    assert!(err.column < 100, "refused at column {} of {}", err.column, text.len());
    // A few big nimbers still build (the nim sum is read off the tree).
    let g = cgt::GameTree::parse_with("*63 + *63", &cgt::ParseLimits::INTERACTIVE).unwrap();
    assert!(g.thermograph().is_number() || g.thermograph().temperature() <= &cgt::Q::zero());
    // Options given twice are kept once, in the order written, on both paths.
    let mut a = cgt::game::Arena::default();
    let ids: Vec<cgt::game::GameId> = (0..40).map(|k| a.int(k % 20).unwrap()).collect();
    let g = a.options(&ids, &ids[..3]).unwrap();
    assert_eq!(a.left(g).len(), 20);
    assert_eq!(a.left(g), &ids[..20]);
    assert_eq!(a.right(g), &ids[..3]);
}

/// The last run's finding (1.4 s of CPU): a sum of ±3's with one switch of
/// a 21-digit number. Its steps ran on big rationals, ten times slower than
/// the machine-word steps the limit was measured on; a number past 62 bits
/// now weighs 8 a step and more, and the sum is refused within its first
/// terms. A sum of small switches builds as before.
#[test]
fn a_sum_with_a_big_switch_is_refused_early() {
    let text = "+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-186429753186429753183+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+--3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-^3+-3+-3+-35+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-^3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3+-3";
    let err = cgt::GameTree::parse_with(text, &cgt::ParseLimits::INTERACTIVE).unwrap_err();
    assert!(matches!(err.kind, cgt::expr::ParseErrorKind::TooLarge(cgt::game::LimitError::TooMuchWork { .. })), "{err}");
    assert!(err.column < text.len() / 2, "refused at column {} of {}", err.column, text.len());
    assert!(cgt::GameTree::parse_with(&"+-3".repeat(12), &cgt::ParseLimits::INTERACTIVE).is_ok());
    assert!(cgt::GameTree::parse_with("{100002|4} + {0|-100000}", &cgt::ParseLimits::INTERACTIVE).is_ok());
}
