//! Property tests of the laws the core must obey, and brute-force
//! cross-checks on random small game trees.

use cgt::expr::ParseErrorKind;
use cgt::game::{Arena, GameId, Node};
use cgt::notation::{parse_into, GameTree, ParseLimits};
use cgt::numbers::Q;
use cgt::ops;
use cgt::outcome::{outcome, Outcome};
use cgt::side::Side;
use cgt::thermograph::{Thermograph, Wall};
use proptest::prelude::*;
use std::collections::HashMap;

/// A random game as text (explicit braces; leaves are small dyadics).
fn arb_game() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![(-4i64..=4).prop_map(|n| n.to_string()), (-8i64..=8).prop_map(|n| Q::frac(n, 4).to_string()),];
    let node = |inner: BoxedStrategy<String>| {
        (prop::collection::vec(inner.clone(), 0..4), prop::collection::vec(inner, 0..4)).prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    };
    // Mostly option nodes (a bare leaf is a dull case), up to 3 levels deep.
    let inner = leaf.prop_recursive(2, 24, 3, move |inner| node(inner.boxed()));
    prop_oneof![1 => inner.clone(), 6 => node(inner.boxed())]
}

fn th(src: &str) -> Thermograph {
    src.parse::<GameTree>().unwrap().thermograph()
}

fn sum_tree(a: &str, b: &str) -> GameTree {
    let mut arena = Arena::default();
    let lim = ParseLimits::default();
    let x = parse_into(&mut arena, a, &lim).unwrap();
    let y = parse_into(&mut arena, b, &lim).unwrap();
    let s = ops::add(&mut arena, x, y).unwrap();
    GameTree::from_parts(arena, s)
}

/// Brute-force game comparison, numbers expanded to their canonical forms.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum P {
    Num(Q),
    Id(GameId),
}

struct Brute<'a> {
    arena: &'a Arena,
    memo: HashMap<(P, P), bool>,
}

impl<'a> Brute<'a> {
    fn opts(&self, p: &P, side: Side) -> Vec<P> {
        match p {
            P::Id(g) => match self.arena.node(*g) {
                Node::Number(q) => self.opts(&P::Num(q.clone()), side),
                Node::Options { .. } => {
                    let opts = match side {
                        Side::Left => self.arena.left(*g),
                        Side::Right => self.arena.right(*g),
                    };
                    opts.iter().map(|&c| P::Id(c)).collect()
                }
            },
            P::Num(x) => {
                let k = x.dyadic_exponent().expect("dyadic leaves");
                if k == 0 {
                    let one = Q::one();
                    match (side, x.is_positive(), x.is_negative()) {
                        (Side::Left, true, _) => vec![P::Num(x - &one)],
                        (Side::Right, _, true) => vec![P::Num(x + &one)],
                        _ => vec![],
                    }
                } else {
                    let d = Q::pow2_neg(k);
                    vec![P::Num(match side {
                        Side::Left => x - &d,
                        Side::Right => x + &d,
                    })]
                }
            }
        }
    }
    fn as_num(&self, p: &P) -> Option<Q> {
        match p {
            P::Num(q) => Some(q.clone()),
            P::Id(g) => self.arena.as_number(*g).cloned(),
        }
    }
    /// a <= b iff no a^L >= b and no b^R <= a.
    fn le(&mut self, a: &P, b: &P) -> bool {
        if let (Some(x), Some(y)) = (self.as_num(a), self.as_num(b)) {
            return x <= y;
        }
        let key = (a.clone(), b.clone());
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut ok = true;
        for al in self.opts(a, Side::Left) {
            if self.le(b, &al) {
                ok = false;
                break;
            }
        }
        if ok {
            for br in self.opts(b, Side::Right) {
                if self.le(&br, a) {
                    ok = false;
                    break;
                }
            }
        }
        self.memo.insert(key, ok);
        ok
    }
    fn eq_num(&mut self, g: GameId, x: &Q) -> bool {
        let (a, b) = (P::Id(g), P::Num(x.clone()));
        self.le(&a, &b) && self.le(&b, &a)
    }
}

fn slopes_ok(w: &Wall) -> bool {
    w.segments_from(&Q::from_int(-1)).iter().all(|s| s.slope == Q::from_int(-1) || s.slope == Q::zero() || s.slope == Q::one())
}

proptest! {
    // 1000 cases by default; PROPTEST_CASES=N for a longer run.
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(1000), .. ProptestConfig::default() })]

    #[test]
    fn means_add(a in arb_game(), b in arb_game()) {
        let s = sum_tree(&a, &b).thermograph();
        prop_assert_eq!(s.mean().clone(), th(&a).mean() + th(&b).mean());
    }

    #[test]
    fn temperature_of_sum_at_most_max(a in arb_game(), b in arb_game()) {
        let s = sum_tree(&a, &b).thermograph();
        let m = Q::max(th(&a).temperature(), th(&b).temperature());
        prop_assert!(s.temperature() <= &m, "t(G+H) = {} > {}", s.temperature(), m);
    }

    #[test]
    fn walls_well_formed(a in arb_game()) {
        let t = th(&a);
        prop_assert!(slopes_ok(t.left_wall()) && slopes_ok(t.right_wall()));
        let mut ts: Vec<Q> = t.left_wall().points().iter().chain(t.right_wall().points()).map(|p| p.0.clone()).collect();
        ts.push(t.temperature().clone());
        for x in &ts {
            let (l, r) = t.taxed(x);
            prop_assert!(l >= r, "LW < RW at t = {}", x);
            if x >= t.temperature() {
                prop_assert_eq!(&l, t.mean());
                prop_assert_eq!(&r, t.mean());
            }
        }
        prop_assert!(t.temperature() >= &Q::from_int(-1));
    }

    #[test]
    fn print_then_parse_is_identity(a in arb_game()) {
        let g: GameTree = a.parse().unwrap();
        let printed = g.to_string();
        let again: GameTree = printed.parse().unwrap();
        prop_assert!(g.same_tree(&again));
        prop_assert_eq!(again.to_string(), printed);
    }

    #[test]
    fn number_detection_matches_brute_force(a in arb_game()) {
        let g: GameTree = a.parse().unwrap();
        let t = g.thermograph();
        let mut b = Brute { arena: g.arena(), memo: HashMap::new() };
        match t.number() {
            Some(x) => {
                prop_assert!(b.eq_num(g.root(), x), "{} claimed = {}", a, x);
                // A number has its canonical form's thermograph.
                prop_assert_eq!(&t, &Thermograph::of_number(x));
            }
            None => {
                prop_assert!(t.temperature() >= &Q::zero());
                for k in -48i64..=48 {
                    let x = Q::frac(k, 8);
                    prop_assert!(!b.eq_num(g.root(), &x), "{} equals {} but was not recognised", a, x);
                }
                prop_assert!(!b.eq_num(g.root(), t.mean()));
            }
        }
    }

    #[test]
    fn negation_mirrors(a in arb_game()) {
        let mut g: GameTree = a.parse().unwrap();
        let t = g.thermograph();
        let root = g.root();
        let n = ops::neg(g.arena_mut(), root).unwrap();
        let tn = g.subtree(n).thermograph();
        prop_assert_eq!(tn.mean().clone(), -t.mean());
        prop_assert_eq!(tn.temperature(), t.temperature());
        prop_assert_eq!(tn.left_stop(), -t.right_stop());
        let o = outcome(g.arena(), root);
        let on = outcome(g.arena(), n);
        let mirrored = match o { Outcome::L => Outcome::R, Outcome::R => Outcome::L, x => x };
        prop_assert_eq!(on, mirrored);
    }

    #[test]
    fn g_minus_g_is_zero(a in arb_game()) {
        let mut g: GameTree = a.parse().unwrap();
        let root = g.root();
        let d = ops::sub(g.arena_mut(), root, root).unwrap();
        prop_assert_eq!(outcome(g.arena(), d), Outcome::P);
        let t = g.subtree(d).thermograph();
        prop_assert!(t.mean().is_zero());
    }
}

#[test]
fn huge_integers_are_exact() {
    let t = th("{9223372036854775807|-9223372036854775807}");
    assert_eq!(t.mean(), &Q::zero());
    assert_eq!(t.temperature().to_string(), "9223372036854775807");
    let t = th("{123456789012345678901234567890123|1/1267650600228229401496703205376}");
    assert_eq!(t.left_stop().to_string(), "123456789012345678901234567890123");
    assert_eq!(t.right_stop().to_string(), "1/1267650600228229401496703205376");
    let a: Q = "123456789012345678901234567890123".parse().unwrap();
    let b: Q = "1/1267650600228229401496703205376".parse().unwrap();
    assert_eq!(t.mean(), &(&a + &b).half());
    assert_eq!(t.temperature(), &(&a - &b).half());
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = format!("{}0{}", "{".repeat(100_000), "|}".repeat(100_000));
    let e = deep.parse::<GameTree>().unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::TooDeep { .. }), "{e}");
    let minus = format!("{}1", "-".repeat(100_000));
    assert!(matches!(minus.parse::<GameTree>().unwrap_err().kind, ParseErrorKind::TooDeep { .. }));
    let parens = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(matches!(parens.parse::<GameTree>().unwrap_err().kind, ParseErrorKind::TooDeep { .. }));
}

#[test]
fn deep_trees_need_no_recursion() {
    // 200,000 levels would overflow any recursive walk on a 2 MB test thread.
    let (mut arena, root) = cgt::bench::deep_chain(200_000).unwrap();
    let t = cgt::thermograph::thermograph(&arena, root);
    assert!(t.temperature() >= &Q::from_int(-1));
    let n = ops::neg(&mut arena, root).unwrap();
    assert!(cgt::notation::to_explicit(&arena, n, 10_000_000).is_some());
    assert_eq!(arena.height(root), 200_001);
    let _ = outcome(&arena, root);
}

#[test]
fn limits_give_errors() {
    let lim = ParseLimits { max_len: 10, ..ParseLimits::default() };
    let e = GameTree::parse_with("{1|2} + {3|4}", &lim).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::TooLong { .. }));
    let lim = ParseLimits { tree: cgt::Limits { max_nodes: 50, max_edges: 1000 }, ..ParseLimits::default() };
    let e = GameTree::parse_with("{5|-5} + {4|-4} + {3|-3} + {2|-2} + {1|-1} + {6|-6}", &lim).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::TooLarge(_)), "{e}");
    let e = "*100000".parse::<GameTree>().unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::NimberTooLarge { .. }));
    let e = format!("1/{}", num_bigint::BigInt::from(1) << 1100usize).parse::<GameTree>().unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::DenominatorTooLarge { .. }), "{e}");
    assert!(format!("1/{}", num_bigint::BigInt::from(1) << 1024usize).parse::<GameTree>().is_ok());
    let e = "^100000".parse::<GameTree>().unwrap_err();
    assert!(e.to_string().contains("arrows"), "{e}");
}

#[test]
fn errors_name_the_column() {
    let cases = [
        ("{1|2", 5, "'}'"),
        ("{1 2|3}", 4, "expected"),
        ("1|2|3", 4, "ambiguous"),
        ("{1,2}", 5, "'|'"),
        ("{1|2}}", 6, "end of input"),
        ("{1|#}", 4, "'#'"),
        ("{1|1/0}", 4, "zero denominator"),
        ("", 1, "a game"),
        ("{1|2} +", 8, "a game"),
        ("foo", 1, "'foo'"),
    ];
    for (src, col, needle) in cases {
        let e = src.parse::<GameTree>().unwrap_err();
        assert_eq!(e.column, col, "{src:?}: {e}");
        assert!(e.to_string().contains(needle), "{src:?}: {e}");
    }
}

#[test]
fn notation_forms() {
    let same = |a: &str, b: &str| {
        let mut arena = Arena::default();
        let lim = ParseLimits::default();
        let x = parse_into(&mut arena, a, &lim).unwrap();
        let y = parse_into(&mut arena, b, &lim).unwrap();
        let d = ops::sub(&mut arena, x, y).unwrap();
        assert_eq!(outcome(&arena, d), Outcome::P, "{a} = {b}");
    };
    same("*", "{0|0}");
    same("^", "{0|*}");
    same("v", "{*|0}");
    same("^*", "{0,*|0}");
    same("v*", "{0|0,*}");
    same("*2", "{0,*|0,*}");
    same("±3", "{3|-3}");
    same("+-3", "{3|-3}");
    same("1.5", "3/2");
    same("-1/2^*", "-1/2 + ^*");
    same("1*", "{1|1}");
    same("^^", "^ + ^");
    same("^3", "^^^");
    same("v3*", "vvv*");
    same("1^2", "1 + ^^");
    same("^^*", "{0|^}");
    same("UP+STAR", "^*");
    same("-STAR", "*");
    same("2 - 1^", "1v");
    same("(4|0) + 1", "{5|1}");
    same("4|0 + 1", "{4|1}");
    same("a||b|c".replace('a', "1").replace('b', "0").replace('c', "-1").as_str(), "{1|{0|-1}}");
    same("1|0||-1", "{{1|0}|-1}");
    same("{|}", "0");
    same("{0|}", "1");
    same("{|0}", "-1");
    assert_eq!("a|b||c".replace('a', "1").replace('b', "2").replace('c', "3").parse::<GameTree>().unwrap().to_string(), "{{1|2}|3}");
    assert_eq!("{2 ||| 0, 1||-2|-4}".parse::<GameTree>().unwrap().to_string(), "{2|0, {1|{-2|-4}}}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// Work done in slices gives exactly the one-shot answers.
    #[test]
    fn sliced_job_matches_one_shot(a in arb_game(), b in arb_game(), c in arb_game(), budget in 1usize..9) {
        let text = format!("{a} + {b} - {c}");
        let one: GameTree = text.parse().unwrap();
        // The typed tree (the value's canonical form's is compared with it
        // in tests/sums_canonical.rs).
        let mut job = cgt::analysis::AnalysisJob::new(&text, &ParseLimits::default()).unwrap().with_typed_tree_limit(u128::MAX);
        let done = loop {
            if let Some(r) = job.step(budget) {
                break r.unwrap();
            }
        };
        prop_assert!(done.tree.same_tree(&one));
        // Every position of the built tree has its thermograph in the result.
        let all = cgt::thermograph::thermographs(done.tree.arena(), done.tree.root());
        prop_assert_eq!(done.positions, all.len());
        for (g, th) in &all {
            let mine = &done.thermographs[g];
            prop_assert_eq!(mine, th);
            // ... and its outcome class, as the one-shot recursion finds it.
            prop_assert_eq!(done.outcomes.get(*g), Some(cgt::outcome::outcome(done.tree.arena(), *g)));
        }
        prop_assert_eq!(done.outcomes.len(), all.len());
        prop_assert_eq!(&done.thermographs[&done.tree.root()], &one.thermograph());
    }
}

#[test]
fn big_sums_are_built_in_bounded_slices() {
    let text: Vec<String> = (1..=8).map(|i| format!("±{i}")).collect();
    // Its typed tree, built in slices (by default a sum this large shows
    // its value's canonical form instead).
    let mut job = cgt::analysis::AnalysisJob::new(&text.join(" + "), &ParseLimits::INTERACTIVE).unwrap().with_typed_tree_limit(u128::MAX);
    let mut steps = 0;
    let mut saw_thermographs = false;
    let done = loop {
        steps += 1;
        let p = job.progress();
        saw_thermographs |= p.stage == cgt::analysis::Stage::Thermographs;
        if let Some(r) = job.step(200) {
            break r.unwrap();
        }
    };
    // 3,750 positions (numbers merge): dozens of slices of 200 units each.
    let one: GameTree = text.join(" + ").parse().unwrap();
    let n = one.arena().reachable(one.root()).len();
    assert_eq!(done.tree.arena().reachable(done.tree.root()).len(), n);
    assert!(steps > 2 * n / 200, "only {steps} slices for {n} positions");
    assert!(saw_thermographs);
    assert_eq!(done.thermographs[&done.tree.root()].temperature(), &Q::from_int(8));
}

#[test]
fn limits_hit_while_building_name_the_operator() {
    // A non-dyadic sum has no canonical form, so its typed tree is built,
    // and that is refused at a '+' sign.
    let text: Vec<String> = (1..=14).map(|i| format!("{{{i}/3|-{i}/3}}")).collect();
    let src = text.join(" + ");
    let mut job = cgt::analysis::AnalysisJob::new(&src, &ParseLimits::INTERACTIVE).unwrap();
    let err = loop {
        if let Some(r) = job.step(1000) {
            break r.unwrap_err();
        }
    };
    assert!(matches!(err.kind, ParseErrorKind::TooLarge(_)), "{err}");
    // The error points at one of the '+' signs.
    assert_eq!(src.chars().nth(err.column - 1), Some('+'), "{err}");
}
