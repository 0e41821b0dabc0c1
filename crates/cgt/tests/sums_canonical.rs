//! The component path against the expanded one: a typed sum valued through
//! canonical forms, component by component (what `cgt eval`, the explorer
//! and the worker do), gives what its expanded game tree gives (what they
//! did before): the same canonical form, thermograph, stops, outcome class
//! and algebra, on random sums. And the work budget is of the work done.

use cgt::algebra::Algebra;
use cgt::analysis::{Analysed, AnalysisJob};
use cgt::canonical::Canon;
use cgt::expr::ParseErrorKind;
use cgt::notation::ParseLimits;
use cgt::numbers::Q;
use proptest::prelude::*;

fn arb_game() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-4i64..=4).prop_map(|n| n.to_string()),
        (-8i64..=8).prop_map(|n| Q::frac(n, 4).to_string()),
        Just("*".to_string()),
        Just("^".to_string()),
    ];
    let node = |inner: BoxedStrategy<String>| {
        (prop::collection::vec(inner.clone(), 0..4), prop::collection::vec(inner, 0..4)).prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    };
    let inner = leaf.prop_recursive(2, 24, 3, move |inner| node(inner.boxed()));
    prop_oneof![1 => inner.clone(), 6 => node(inner.boxed())]
}

/// A sum of 2 to 4 components, some subtracted.
fn arb_sum() -> impl Strategy<Value = String> {
    (prop::collection::vec((arb_game(), any::<bool>()), 2..5)).prop_map(|parts| {
        let mut s = String::new();
        for (i, (g, minus)) in parts.iter().enumerate() {
            if i > 0 {
                s.push_str(if *minus { " - " } else { " + " });
            }
            s.push_str(g);
        }
        s
    })
}

fn run(text: &str, typed_limit: u128) -> Analysed {
    AnalysisJob::new(text, &ParseLimits::default()).unwrap().with_typed_tree_limit(typed_limit).run().unwrap()
}

/// The name of the value and its algebra, in a store of its own (names,
/// not ids, since the two paths use different stores).
fn algebra_names(canon: &mut Canon, g: cgt::canonical::CanonId) -> Vec<String> {
    let mut alg = Algebra::default();
    let mut out = vec![canon.name(g)];
    out.push(alg.reduced(canon, g).map(|r| canon.name(r)).unwrap_or_else(|e| e.to_string()));
    out.push(alg.atomic_weight(canon, g).map(|r| canon.name(r)).unwrap_or_else(|e| e.to_string()));
    for side in [cgt::side::Side::Left, cgt::side::Side::Right] {
        let mut inc: Vec<String> = cgt::algebra::incentives::incentives(canon, g, side).into_iter().map(|i| canon.name(i.incentive)).collect();
        inc.sort();
        out.push(inc.join(";"));
    }
    out
}

/// Names printed by two stores list options in each store's order: compare
/// them as values, each text (or `;`-separated list of texts) read into one
/// store; a text that is not a game (a reason) as text.
fn as_values(canon: &mut Canon, names: &[String]) -> Vec<Vec<String>> {
    names
        .iter()
        .map(|n| {
            let mut ids: Vec<String> = n
                .split(';')
                .map(|t| match cgt::notation::parse_expr(t, &ParseLimits::default()) {
                    Ok((ex, r)) => match canon.from_exprs(&ex, r) {
                        Ok(c) => format!("#{c:?}"),
                        Err(_) => t.to_string(),
                    },
                    Err(_) => t.to_string(),
                })
                .collect();
            ids.sort();
            ids
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, .. ProptestConfig::default() })]

    #[test]
    fn component_path_agrees_with_the_expanded_tree(text in arb_sum()) {
        // The old path: the typed sum's tree, expanded, everything from it.
        let expanded = run(&text, u128::MAX);
        prop_assert!(!expanded.value_tree);
        let (arena, root) = (expanded.tree.arena(), expanded.tree.root());
        let mut canon = Canon::new();
        let from_tree = canon.from_tree(arena, root).unwrap();
        // The new path: components' canonical forms added, the value's tree.
        let mut valued = run(&text, 0);
        prop_assert!(valued.value_tree);
        let v = valued.value.as_mut().unwrap();
        // One store to read both sides' texts into (ids compare within it).
        let mut common = Canon::new();
        prop_assert_eq!(as_values(&mut common, &[canon.name(from_tree)]), as_values(&mut common, &[v.canon.name(v.root)]));
        let (vroot, eroot) = (valued.tree.root(), root);
        prop_assert_eq!(&valued.thermographs[&vroot], &expanded.thermographs[&eroot]);
        prop_assert_eq!(&valued.thermographs[&vroot], &cgt::thermograph::thermograph(arena, root));
        prop_assert_eq!(valued.outcomes.get(vroot), Some(cgt::outcome::outcome(arena, root)));
        prop_assert_eq!(v.canon.outcome(v.root), cgt::outcome::outcome(arena, root));
        let th = &expanded.thermographs[&eroot];
        prop_assert_eq!(v.canon.stops(v.root), (th.left_stop(), th.right_stop()));
        // The algebra of the value found both ways.
        let (vc, vr) = (&mut v.canon, v.root);
        prop_assert_eq!(as_values(&mut common, &algebra_names(&mut canon, from_tree)), as_values(&mut common, &algebra_names(vc, vr)));
        // The default job (typed tree when small) has the same value.
        let mut default = run(&text, cgt::build::TYPED_TREE_POSITIONS);
        let d = default.value.as_mut().unwrap();
        prop_assert_eq!(as_values(&mut common, &[d.canon.name(d.root)]), as_values(&mut common, &[canon.name(from_tree)]));
        prop_assert_eq!(&default.thermographs[&default.tree.root()], th);
    }
}

/// The researcher's five-part sum: valued at once, its tree the value's.
#[test]
fn the_five_part_domineering_sum_is_never_expanded() {
    let s = "{1/2|-2} + ±3/2 + {±1|{-7/4|-4}} + {{2|-3/4}|{-1|-7/2}} + {-1/2, {{2|0}|-1/2, {-1/2|-5/2}}|{{-3/4|-11/4}|{-3|-5}}}";
    let mut a = AnalysisJob::new(s, &ParseLimits::INTERACTIVE).unwrap().run().unwrap();
    assert!(a.value_tree);
    let th = &a.thermographs[&a.tree.root()];
    assert_eq!(th.mean(), &Q::frac(-73, 16));
    assert_eq!(th.temperature(), &Q::frac(3, 2));
    let v = a.value.as_mut().unwrap();
    assert_eq!(v.canon.name_len(v.root), 4335);
    // The canonical form's tree: every node's form known, far fewer
    // positions than the typed sum's (about 4 x 3 x 9 x 7 x 15).
    assert_eq!(v.forms.len(), a.positions);
    assert!(a.positions < 1000 && a.typed_positions > 4096, "{} positions, {} typed", a.positions, a.typed_positions);
}

/// ±1 + ... + ±16 within the page's budget; ±1 + ... + ±14 was refused
/// when the budget counted the moves of a tree nobody needs.
#[test]
fn sums_of_switches_fit_the_interactive_budget() {
    for n in [14, 16] {
        let src: Vec<String> = (1..=n).map(|i| format!("±{i}")).collect();
        let a = AnalysisJob::new(&src.join(" + "), &ParseLimits::INTERACTIVE).unwrap().run().unwrap();
        let th = &a.thermographs[&a.tree.root()];
        assert_eq!(th.temperature(), &Q::from_int(n));
        assert_eq!(th.mean(), &Q::zero());
    }
}

/// The budget is of canonical work: past it, an error at the operator
/// whose sum went over, naming the limit.
#[test]
fn the_budget_counts_canonical_work_and_names_the_operator() {
    let src: Vec<String> = (1..=14).map(|i| format!("±{i}")).collect();
    let src = src.join(" + ");
    let limits = ParseLimits { max_build_work: 2_000, ..ParseLimits::INTERACTIVE };
    let err = AnalysisJob::new(&src, &limits).unwrap().run().unwrap_err();
    assert!(matches!(err.kind, ParseErrorKind::TooLarge(cgt::game::LimitError::TooMuchWork { max: 2_000 })), "{err}");
    assert_eq!(src.chars().nth(err.column - 1), Some('+'), "{err}");
}

/// A non-dyadic number has no canonical form: the typed tree values it.
#[test]
fn non_dyadic_games_are_valued_on_their_tree() {
    let a = AnalysisJob::new("{1/3|0} + {1|0}", &ParseLimits::INTERACTIVE).unwrap().run().unwrap();
    assert!(a.value.is_none() && !a.value_tree);
    assert_eq!(a.thermographs[&a.tree.root()].mean(), &Q::frac(2, 3));
}

/// A store over its work limit stores nothing, so it stays sound: the
/// same sums computed again after the limit is lifted are right.
#[test]
fn a_store_over_its_limit_stays_sound() {
    let (ex, root) = cgt::notation::parse_expr("±1 + ±2 + ±3 + ±4 + ±5 + {2|0||-1} + ^", &ParseLimits::default()).unwrap();
    let mut fresh = Canon::new();
    let want = fresh.from_exprs(&ex, root).unwrap();
    let want = fresh.name(want);
    for limit in [1, 10, 100, 1000] {
        let mut canon = Canon::new();
        canon.set_work_limit(Some(limit));
        let _ = canon.from_exprs(&ex, root).unwrap();
        assert!(canon.over_limit(), "{limit}");
        canon.set_work_limit(None);
        let g = canon.from_exprs(&ex, root).unwrap();
        assert_eq!(canon.name(g), want, "{limit}");
    }
}

fn canonical_name(text: &str) -> String {
    let (ex, root) = cgt::notation::parse_expr(text, &ParseLimits::default()).unwrap();
    let mut canon = Canon::new();
    let g = canon.from_exprs(&ex, root).unwrap();
    canon.name(g)
}

/// Known values of the operations beside the disjunctive sum, each worked
/// out from its definition: the ordinal sum (Conway, On Numbers and Games,
/// ch. 15: `x:1` for a number x is the number just past it on x's side),
/// up-nth (Siegel 2013, II.4), and the conjunctive and selective compounds
/// (Winning Ways, ch. 14).
#[test]
fn operations_beside_the_sum_have_their_known_values() {
    for (text, want, why) in [
        ("1:1", "2", "{0, 1:0 |} = {0, 1 |}"),
        ("1/2:1", "3/4", "{0, 1/2 | 1}"),
        ("2:1/2", "5/2", "{1, 2 | 3}"),
        ("1:-1", "1/2", "{0 | 1}"),
        ("-1:1", "-1/2", "{-1 | 0}"),
        ("*:1", "^*", "{0, * | 0}"),
        ("{1|0}:0", "{1|0}", "G:0 = G"),
        ("^<1>", "^", "up-nth starts at up"),
        ("^<2>", "{0|v*}", "{0 | v*}"),
        ("v<2>", "{^*|0}", "the negative"),
        ("* ∧ *", "*", "both move to 0 ∧ 0 = 0"),
        ("1 and 1", "1", "Left to 0 ∧ 0; Right has no move in 1"),
        ("3 and *", "1", "Left to 2 ∧ 0 = 0; Right has no move in 3"),
        ("{1|-1} and {1|-1}", "±1", "{1 ∧ 1 | -1 ∧ -1}"),
        ("{2|1} and 0", "0", "no move in 0 ends the compound"),
        ("1 or 1", "2", "{0 ∨ 1, 1 ∨ 0, 0 ∨ 0 |} = {1, 1, 0 |}"),
        ("* or *", "*2", "{*, *, 0 | *, *, 0}"),
    ] {
        assert_eq!(canonical_name(text), want, "{text}: {why}");
    }
    // ^<3> lies strictly between 0 and ^<2>, and three copies stay below it.
    let (ex, root) = cgt::notation::parse_expr("^<3>", &ParseLimits::default()).unwrap();
    let mut canon = Canon::new();
    let u3 = canon.from_exprs(&ex, root).unwrap();
    let (ex, root) = cgt::notation::parse_expr("^<2>", &ParseLimits::default()).unwrap();
    let u2 = canon.from_exprs(&ex, root).unwrap();
    let zero = canon.zero();
    assert_eq!(canon.relation(u3, zero), cgt::canonical::Relation::Greater);
    let three = canon.add(u3, u3);
    let three = canon.add(three, u3);
    assert_eq!(canon.relation(three, u2), cgt::canonical::Relation::Less);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// The compounds are commutative and agree between the canonical path
    /// and the typed build; the ordinal sum with subordinate 0 is the base.
    #[test]
    fn compounds_commute_and_both_paths_agree(a in arb_game(), b in arb_game()) {
        for op in ["and", "or"] {
            let ab = format!("({a}) {op} ({b})");
            let ba = format!("({b}) {op} ({a})");
            let mut common = Canon::new();
            prop_assert_eq!(as_values(&mut common, &[canonical_name(&ab)]), as_values(&mut common, &[canonical_name(&ba)]));
            let mut typed = run(&ab, u128::MAX);
            let mut valued = run(&ab, 0);
            prop_assert_eq!(&typed.thermographs[&typed.tree.root()], &valued.thermographs[&valued.tree.root()]);
            let (t, v) = (typed.value.as_mut().unwrap(), valued.value.as_mut().unwrap());
            prop_assert_eq!(as_values(&mut common, &[t.canon.name(t.root)]), as_values(&mut common, &[v.canon.name(v.root)]));
        }
        let mut common = Canon::new();
        prop_assert_eq!(as_values(&mut common, &[canonical_name(&format!("({a}):0"))]), as_values(&mut common, &[canonical_name(&a)]));
    }
}
