//! Temperature Discovery Search against the exact thermographs: random
//! heap-go sums of the paper's small classes (`HeapGo::analyse`), typed
//! games (`thermograph`), and budget-stopped runs (never "exact", bounds
//! that hold).

use cgt::notation::GameTree;
use cgt::numbers::ExtQ;
use cgt::rng::SplitMix64;
use cgt::rulesets::heapgo::{HeapGo, HeapGoTree};
use cgt::search::mt::MtGame;
use cgt::search::tds::{tds, TdsConfig, TdsError, TdsResult, TdsStop};
use cgt::thermograph::thermograph;
use cgt::Q;
use std::hash::Hash;

fn q(s: &str) -> Q {
    s.parse().unwrap()
}

fn with_delta(delta: Q) -> TdsConfig {
    TdsConfig { delta, ..TdsConfig::default() }
}

fn inside(b: &(ExtQ, ExtQ), x: &Q) -> bool {
    b.0 <= ExtQ::Finite(x.clone()) && ExtQ::Finite(x.clone()) <= b.1
}

/// TDS's answer for a game of exact mean `m` and temperature `t`: the
/// thermograph's for a hot game, temperature 0 for equal stops (module docs).
fn check(r: &TdsResult, m: &Q, t: &Q, what: &str) {
    assert!(r.exact, "{what}: not exact ({:?})", r.stopped);
    assert_eq!(&r.mean, m, "{what}: mean");
    if t.is_positive() {
        assert_eq!(&r.temperature, t, "{what}: temperature");
    } else {
        assert_eq!(r.temperature, Q::zero(), "{what}: a game with equal stops (temperature {t}) is reported at 0");
    }
    assert!(inside(&r.mean_bounds, m), "{what}: mean bounds {:?}", r.mean_bounds);
}

/// Every hot sum of each class: TDS's mean and temperature are the exact
/// ones. δ = 1/8 on 150 sums a class (the temperatures of these classes'
/// subpositions are quarters), the default δ = 1/64 on the first 20; both
/// branch orders of the MT tree (the order changes the search, not the
/// answer).
#[test]
fn heapgo_sums_match_the_exact_analysis() {
    let mut hot = 0;
    let mut cold = 0;
    let mut runs = 0;
    for (c, sizes) in [&[3, 3][..], &[2, 2, 2], &[2, 2, 1, 1], &[3, 2, 2]].into_iter().enumerate() {
        let mut rng = SplitMix64::new(100 + c as u64);
        for i in 0..150 {
            let g = HeapGo::random(sizes, &mut rng).unwrap();
            let a = g.analyse(1 << 20).unwrap();
            let (m, t) = (a.thermograph.mean(), a.thermograph.temperature());
            let by_temp = HeapGoTree::by_temperature(&g, 1 << 16).unwrap();
            let plain = HeapGoTree::new(&g);
            let tree = if i % 2 == 0 { &by_temp } else { &plain };
            let r = tds(tree, &with_delta(Q::frac(1, 8))).unwrap();
            check(&r, m, t, &format!("{g} (delta 1/8)"));
            runs += 1;
            if i < 20 {
                let r = tds(tree, &TdsConfig::default()).unwrap();
                check(&r, m, t, &format!("{g} (delta 1/64)"));
                runs += 1;
            }
            if t.is_positive() {
                hot += 1;
            } else {
                cold += 1;
            }
        }
    }
    eprintln!("heap-go: {hot} hot sums and {cold} with equal stops checked, {runs} TDS runs");
    assert!(hot >= 500, "only {hot} hot sums");
}

/// Typed games through `GameTree` (its `MtGame`): hot games, sums, tepid
/// games and numbers, against the thermograph module.
#[test]
fn typed_games_match_their_thermographs() {
    for text in [
        "{3|-1}",
        "{{4|2}|-2}",
        "{10|{5|-5}}",
        "{4|0} + {{10|-3}|-5}",
        "{{40|10}|-20} + {{{31|21}|20}|-15} + {{4|-2}|-5}",
        "14|2|||-2||-14|-16",
        "+-1 + +-2 + +-3",
        "{2|-1} + {1|-1/2}",
        "*",
        "^",
        "{1|1}",
        "7",
        "-3/4",
    ] {
        let g: GameTree = text.parse().unwrap();
        let th = thermograph(g.arena(), g.root());
        let r = tds(&g, &TdsConfig::default()).unwrap();
        if g.arena().as_number(g.root()).is_some() {
            // A terminal: the number's own thermograph.
            assert_eq!((&r.mean, &r.temperature), (th.mean(), th.temperature()), "{text}");
            assert!(r.exact && r.nodes == 1, "{text}");
        } else {
            check(&r, th.mean(), th.temperature(), text);
        }
    }
    // The examples' values, spelled out.
    let r = tds(&"{{4|2}|-2}".parse::<GameTree>().unwrap(), &TdsConfig::default()).unwrap();
    assert_eq!((r.mean, r.temperature), (q("1/2"), q("5/2")));
    let r = tds(&"14|2|||-2||-14|-16".parse::<GameTree>().unwrap(), &TdsConfig::default()).unwrap();
    assert_eq!((r.mean, r.temperature), (q("-1/4"), q("33/4")));
}

/// Outside the theorem's hypotheses the answer says so: in a number with a
/// gap between its stops, `{0|1}` (= 1/2), Right first scores more than
/// Left first, against the walls' shape.
#[test]
fn a_gap_between_the_stops_is_not_exact() {
    let g: GameTree = "{0|1}".parse().unwrap();
    let r = tds(&g, &TdsConfig::default()).unwrap();
    assert!(!r.exact, "{r:?}");
    assert!(matches!(r.stopped, Some(TdsStop::NoMast { .. } | TdsStop::Inconsistent)), "{:?}", r.stopped);
    let g: GameTree = "{3|-1}".parse().unwrap();
    assert!(matches!(tds(&g, &with_delta(Q::zero())), Err(TdsError::BadDelta { .. })));
}

/// Coupons too coarse for a game break (C1) and can give a wrong answer
/// with no contradiction showing; `verify` (half the spacing must agree)
/// catches it. These 4,4,4 sums have subpositions at eighths, beyond
/// δ = 1/8's grid of quarters; the default δ = 1/64 is exact on them.
#[test]
fn verify_catches_too_coarse_coupons() {
    for text in ["b4,r4,b10,b7/r8,b4,b8,b9/b6,r9,r2,b3", "r1,r1,b6,r3/b10,b9,b7,r5/b6,r9,r1,b10"] {
        let g: HeapGo = text.parse().unwrap();
        let a = g.analyse(1 << 20).unwrap();
        let tree = HeapGoTree::new(&g);
        let r = tds(&tree, &TdsConfig { verify: true, ..with_delta(Q::frac(1, 8)) }).unwrap();
        assert!(!r.exact, "{text}: {r:?}");
        match &r.stopped {
            Some(TdsStop::Unverified { mean, temperature }) => {
                assert_ne!((mean, temperature), (&r.mean, &r.temperature), "{text}");
            }
            Some(TdsStop::Inconsistent | TdsStop::NoMast { .. }) => {}
            other => panic!("{text}: {other:?}"),
        }
        let r = tds(&tree, &TdsConfig { verify: true, ..TdsConfig::default() }).unwrap();
        check(&r, a.thermograph.mean(), a.thermograph.temperature(), text);
    }
    // At a spacing whose grid holds every temperature, verified and exact.
    for (text, d) in [("{1|0}", "1/4"), ("{3|-1}", "1/2"), ("{{4|2}|-2}", "1/4"), ("{2|-1} + {1|-1/2}", "1/8"), ("14|2|||-2||-14|-16", "1/8")] {
        let g: GameTree = text.parse().unwrap();
        let th = thermograph(g.arena(), g.root());
        let r = tds(&g, &TdsConfig { verify: true, ..with_delta(q(d)) }).unwrap();
        check(&r, th.mean(), th.temperature(), &format!("{text}, delta {d}"));
    }
    // One step too coarse, verify sees it: 14|2|||-2||-14|-16 has
    // temperature 33/4; δ = 1/4 answers 17/2, δ = 1/8 the truth.
    let g: GameTree = "14|2|||-2||-14|-16".parse().unwrap();
    let r = tds(&g, &TdsConfig { verify: true, ..with_delta(q("1/4")) }).unwrap();
    assert_eq!(r.stopped, Some(TdsStop::Unverified { mean: q("-1/4"), temperature: q("33/4") }));
}

/// With a budget below what the search needs, the answer is never "exact",
/// stays within its budget, and its bounds hold the exact values; with the
/// whole budget it is the unbudgeted answer. Same config, same result.
fn budgets_hold<G: MtGame>(game: &G, m: &Q, t: &Q, what: &str)
where
    G::Node: Eq + Hash,
{
    let config = with_delta(Q::frac(1, 8));
    let full = tds(game, &config).unwrap();
    check(&full, m, t, what);
    assert_eq!(tds(game, &config).unwrap(), full, "{what}: reproducible");
    let n = full.nodes;
    let mut budgets = vec![0, 1, 2, 3, 5, 10, 30, 100, 1000, n / 4, n / 2, n - 1];
    budgets.retain(|&b| b < n);
    for b in budgets {
        let r = tds(game, &TdsConfig { budget: Some(b), ..config.clone() }).unwrap();
        assert!(!r.exact, "{what}: budget {b} of {n} said exact");
        assert_eq!(r.stopped, Some(TdsStop::Budget), "{what}: budget {b}");
        assert!(r.nodes <= b, "{what}: {} nodes for budget {b}", r.nodes);
        assert!(inside(&r.mean_bounds, m), "{what}: budget {b}: mean {m} outside {:?}", r.mean_bounds);
        if t.is_positive() {
            assert!(inside(&r.temperature_bounds, t), "{what}: budget {b}: temperature {t} outside {:?}", r.temperature_bounds);
        }
    }
    let r = tds(game, &TdsConfig { budget: Some(n), ..config }).unwrap();
    assert_eq!(r, full, "{what}: the whole budget");
}

#[test]
fn budget_stops_are_never_exact() {
    let mut rng = SplitMix64::new(7);
    let mut done = 0;
    for sizes in [&[3, 3][..], &[2, 2, 1, 1], &[3, 2, 2]] {
        for _ in 0..4 {
            let g = HeapGo::random(sizes, &mut rng).unwrap();
            let a = g.analyse(1 << 20).unwrap();
            budgets_hold(&HeapGoTree::new(&g), a.thermograph.mean(), a.thermograph.temperature(), &g.to_string());
            done += 1;
        }
    }
    for text in ["{4|0} + {{10|-3}|-5}", "{{4|2}|-2}"] {
        let g: GameTree = text.parse().unwrap();
        let th = thermograph(g.arena(), g.root());
        budgets_hold(&g, th.mean(), th.temperature(), text);
        done += 1;
    }
    assert_eq!(done, 14);
}

/// A temperature on no dyadic grid (`{1/3|0}`: 1/6) is never reported
/// exact with the default check; without it, δ = 1/64 gives 3/16 marked
/// exact (why the check is the default).
#[test]
fn the_default_check_refuses_an_off_grid_temperature() {
    let g: GameTree = "{1/3|0}".parse().unwrap();
    let r = tds(&g, &TdsConfig::default()).unwrap();
    assert!(!r.exact, "{r:?}");
    let unchecked = tds(&g, &TdsConfig { verify: false, ..TdsConfig::default() }).unwrap();
    assert!(unchecked.exact && unchecked.temperature != Q::frac(1, 6), "{unchecked:?}");
}
