//! Canonical forms: the census, the laws, names, and agreement with the raw
//! tree computations (outcomes, thermographs).

use cgt::canonical::{Canon, CanonId, Relation};
use cgt::game::Arena;
use cgt::notation::{parse_into, GameTree, ParseLimits};
use cgt::ops;
use cgt::outcome::{outcome, Outcome};
use proptest::prelude::*;

fn canon(c: &mut Canon, s: &str) -> CanonId {
    let g: GameTree = s.parse().unwrap();
    c.from_tree(g.arena(), g.root()).unwrap()
}

/// All games born by day `n`, as canonical forms.
fn born_by(c: &mut Canon, n: usize) -> Vec<CanonId> {
    let mut day = vec![c.zero()];
    for _ in 0..n {
        let k = day.len();
        let mut next = Vec::new();
        for lm in 0u32..(1 << k) {
            for rm in 0u32..(1 << k) {
                let l: Vec<CanonId> = (0..k).filter(|i| lm >> i & 1 == 1).map(|i| day[i]).collect();
                let r: Vec<CanonId> = (0..k).filter(|i| rm >> i & 1 == 1).map(|i| day[i]).collect();
                next.push(c.options(&l, &r));
            }
        }
        // Equal games have equal ids: distinct ids are distinct games.
        let mut seen = std::collections::HashSet::new();
        next.retain(|g| seen.insert(*g));
        day = next;
    }
    day
}

#[test]
fn census() {
    let mut c = Canon::new();
    assert_eq!(born_by(&mut c, 1).len(), 4);
    let d2 = born_by(&mut c, 2);
    assert_eq!(d2.len(), 22);
    for &g in &d2 {
        assert!(c.birthday(g) <= cgt::Q::from_int(2), "{}", c.name(g));
    }
}

#[test]
fn names_as_cgsuite_prints_them() {
    let mut c = Canon::new();
    let cases = [
        ("{0,*|0}", "^*"),
        ("{1|1}", "1*"),
        ("{0|*}", "^"),
        ("{*|0}", "v"),
        ("{0|0}", "*"),
        ("{0,*|0,*}", "*2"),
        ("^ + ^", "^^"),
        ("^ + ^ + ^ + *", "^3*"),
        ("{3|-3}", "±3"),
        ("{4|0}", "{4|0}"),
        ("{1/2|3/4}", "5/8"),
        ("{*|*}", "0"),
        ("-1/2 + ^*", "-1/2^*"),
        ("{{2|1}|0}", "{{2|1}|0}"),
        ("1 + v", "1v"),
        ("{0||0|-2}", "Tiny(2)"),
        ("{1/2|0||0}", "Miny(1/2)"),
        ("{2|0||0}", "Miny(2)"),
        ("{1||1|-1}", "1Tiny(2)"),
        ("-1/2 + Miny(1/4)", "-1/2Miny(1/4)"),
        ("Tiny(3) + Miny(3)", "0"),
        ("{2|Tiny(1)}", "{2|Tiny(1)}"),
        ("{3 | 1 + Miny(1)}", "{3|1Miny(1)}"),
    ];
    for (src, want) in cases {
        let g = canon(&mut c, src);
        assert_eq!(c.name(g), want, "{src}");
        // Names parse back to the same game.
        let name = c.name(g);
        let again = canon(&mut c, &name);
        assert_eq!(again, g, "{src}: name {want} does not parse back");
    }
}

#[test]
fn the_order_is_partial() {
    use std::cmp::Ordering;
    let mut c = Canon::new();
    let (up, star, z) = (canon(&mut c, "^"), canon(&mut c, "*"), c.zero());
    assert_eq!(c.partial_cmp(up, z), Some(Ordering::Greater));
    assert_eq!(c.partial_cmp(z, up), Some(Ordering::Less));
    assert_eq!(c.partial_cmp(star, z), None);
    assert_eq!(c.partial_cmp(star, star), Some(Ordering::Equal));
    // Day 2 has games confused with each other (no total order exists).
    let d2 = born_by(&mut c, 2);
    let confused = d2.iter().flat_map(|&a| d2.iter().map(move |&b| (a, b))).filter(|&(a, b)| c.partial_cmp(a, b).is_none()).count();
    assert!(confused > 0);
}

#[test]
fn compare_examples() {
    let mut c = Canon::new();
    let up = canon(&mut c, "{0|*}");
    let z = c.zero();
    assert_eq!(c.relation(up, z), Relation::Greater);
    let s = canon(&mut c, "*");
    assert_eq!(c.relation(s, z), Relation::Confused);
    let a = canon(&mut c, "{0,{0|0}|0}");
    let b = canon(&mut c, "UP+STAR");
    assert_eq!(a, b);
}

fn arb_game() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-3i64..=3).prop_map(|n| n.to_string()),
        (-6i64..=6).prop_map(|n| cgt::Q::frac(n, 4).to_string()),
        Just("*".to_string()),
        Just("^".to_string()),
        Just("*2".to_string()),
        Just("v*".to_string()),
        Just("1/2^^*3".to_string()),
    ];
    let node = |inner: BoxedStrategy<String>| {
        (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3)).prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    };
    let inner = leaf.prop_recursive(2, 16, 3, move |inner| node(inner.boxed()));
    prop_oneof![1 => inner.clone(), 4 => node(inner.boxed())]
}

/// `x + ^m + *n` as a raw game tree (the parser's trees, no `Nus` code).
fn raw_nus_text(x: &cgt::Q, m: i64, n: u64) -> String {
    format!("{x} + ^{m} + *{n}").replace("^-", "v")
}

/// Birthday by the definition, walking options down to numbers.
fn structural_birthday(c: &mut Canon, g: CanonId) -> cgt::Q {
    if c.is_number(g) {
        return c.birthday(g);
    }
    let kids: Vec<CanonId> = c.left(g).into_iter().chain(c.right(g)).collect();
    let oldest = kids.into_iter().map(|k| structural_birthday(c, k)).max().unwrap();
    &oldest + &cgt::Q::one()
}

#[test]
fn number_up_star_forms() {
    let mut c = Canon::new();
    let xs = [cgt::Q::zero(), cgt::Q::from_int(1), cgt::Q::frac(-3, 4), cgt::Q::from_int(-2)];
    for x in &xs {
        for m in -5i64..=5 {
            for n in 0u64..=5 {
                let nus = cgt::canonical::Nus::new(x.clone(), m, n).unwrap();
                let g = c.from_nus(nus.clone());
                // The same game through the general canonicalisation of the raw tree.
                let text = raw_nus_text(x, m, n);
                assert_eq!(canon(&mut c, &text), g, "{text}");
                // Its options (made on demand) rebuild it.
                let mut arena = Arena::default();
                let t = c.to_tree(g, &mut arena).unwrap();
                assert_eq!(c.from_tree(&arena, t).unwrap(), g, "{text}");
                assert_eq!(c.as_nus(g), Some(nus.clone()), "{text}");
                assert_eq!(c.birthday(g), structural_birthday(&mut c, g), "{text}: birthday");
                assert_eq!(c.stops(g), (x.clone(), x.clone()), "{text}: stops");
                // Its name parses back (and is CGSuite's: 1/2^^*3, -2v3*4).
                let name = c.name(g);
                assert_eq!(name, nus.to_string());
                assert_eq!(canon(&mut c, &name), g, "{text}: name {name}");
                assert_eq!(c.name_len(g), name.len() as u64);
                // Sign by the raw tree.
                let raw: GameTree = text.parse().unwrap();
                assert_eq!(c.outcome(g), outcome(raw.arena(), raw.root()), "{text}: outcome");
            }
        }
    }
}

#[test]
fn tall_and_wide_forms_are_cheap() {
    let mut c = Canon::new();
    let up = c.ups_star(1, 0);
    let big = c.ups_star(1_000_000, 0);
    let s = c.add(big, up);
    assert_eq!(c.name(s), "^1000001");
    let n = c.nimber(1 << 40);
    let m = c.nimber(3);
    let s = c.add(n, m);
    assert_eq!(c.name(s), format!("*{}", (1u64 << 40) ^ 3));
    assert_eq!(c.birthday(s), cgt::Q::from_int((1 << 40) ^ 3));
    let five = c.num(cgt::Q::from_int(5)).unwrap();
    let t = c.add(s, five);
    assert_eq!(c.relation(t, five), Relation::Confused);
    assert!(c.len() < 20, "{} forms stored", c.len());
}

/// How `a` compares with `b`, from the outcome of the raw tree of `a - b`.
fn raw_relation(a: &str, b: &str) -> Relation {
    match raw_outcome_of_difference(a, b) {
        Outcome::P => Relation::Equal,
        Outcome::L => Relation::Greater,
        Outcome::R => Relation::Less,
        Outcome::N => Relation::Confused,
    }
}

fn raw_outcome_of_difference(a: &str, b: &str) -> Outcome {
    let mut arena = Arena::default();
    let lim = ParseLimits::default();
    let x = parse_into(&mut arena, a, &lim).unwrap();
    let y = parse_into(&mut arena, b, &lim).unwrap();
    let d = ops::sub(&mut arena, x, y).unwrap();
    outcome(&arena, d)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(400), .. ProptestConfig::default() })]

    #[test]
    fn laws(a in arb_game(), b in arb_game(), k in arb_game()) {
        let mut c = Canon::new();
        let (g, h, kk) = (canon(&mut c, &a), canon(&mut c, &b), canon(&mut c, &k));
        let z = c.zero();
        prop_assert_eq!(c.sub(g, g), z);
        prop_assert_eq!(c.add(g, h), c.add(h, g));
        // Canonical arithmetic on the expression = canonical form of the raw sum tree.
        let text = format!("{a} + {b} - ({k})");
        let (ex, root) = cgt::notation::parse_expr(&text, &ParseLimits::default()).unwrap();
        let via_exprs = c.from_exprs(&ex, root).unwrap();
        prop_assert_eq!(via_exprs, canon(&mut c, &text));
        let gh = c.add(g, h);
        let hk = c.add(h, kk);
        prop_assert_eq!(c.add(gh, kk), c.add(g, hk));
        // G <= H iff H - G >= 0
        let d = c.sub(h, g);
        prop_assert_eq!(c.le(g, h), c.le(z, d));
        // Canonical form is idempotent: rebuilding from its own tree gives it back.
        let mut arena = Arena::default();
        let t = c.to_tree(g, &mut arena).unwrap();
        prop_assert_eq!(c.from_tree(&arena, t).unwrap(), g);
        // Outcome of -G mirrors G.
        let ng = c.neg(g);
        let mirrored = match c.outcome(g) { Outcome::L => Outcome::R, Outcome::R => Outcome::L, o => o };
        prop_assert_eq!(c.outcome(ng), mirrored);
    }

    /// The canonical comparison agrees with the raw game trees' outcome of G - H.
    #[test]
    fn comparison_matches_raw_trees(a in arb_game(), b in arb_game()) {
        let mut c = Canon::new();
        let (g, h) = (canon(&mut c, &a), canon(&mut c, &b));
        prop_assert_eq!(c.relation(g, h), raw_relation(&a, &b));
        let raw: GameTree = a.parse().unwrap();
        prop_assert_eq!(c.outcome(g), outcome(raw.arena(), raw.root()));
    }

    /// Sums and comparisons of x + ^m + *n (arithmetic on the triple) agree
    /// with the raw game trees.
    #[test]
    fn number_up_star_arithmetic(x in -8i64..8, m in -4i64..4, n in 0u64..5, y in -8i64..8, k in -4i64..4, j in 0u64..5) {
        let mut c = Canon::new();
        let (a, b) = (raw_nus_text(&cgt::Q::frac(x, 4), m, n), raw_nus_text(&cgt::Q::frac(y, 2), k, j));
        let (g, h) = (canon(&mut c, &a), canon(&mut c, &b));
        prop_assert!(c.as_nus(g).is_some() && c.as_nus(h).is_some());
        prop_assert_eq!(c.add(g, h), canon(&mut c, &format!("{a} + {b}")));
        prop_assert_eq!(c.relation(g, h), raw_relation(&a, &b));
    }

    /// Adding a number translates (no re-simplification): same form as
    /// canonicalising the raw sum tree.
    #[test]
    fn number_translation(a in arb_game(), x in -12i64..12, k in 0u32..4) {
        let mut c = Canon::new();
        let q = cgt::Q::frac(x, 1 << k);
        let g = canon(&mut c, &a);
        let xq = c.num(q.clone()).unwrap();
        let fast = c.add(xq, g);
        prop_assert_eq!(fast, canon(&mut c, &format!("{q} + {a}")));
    }

    /// Same value, same thermograph: canonical form vs the raw tree.
    #[test]
    fn thermograph_of_canonical_form_matches(a in arb_game()) {
        let mut c = Canon::new();
        let raw: GameTree = a.parse().unwrap();
        let g = c.from_tree(raw.arena(), raw.root()).unwrap();
        let mut arena = Arena::default();
        let t = c.to_tree(g, &mut arena).unwrap();
        let ct = cgt::thermograph::thermograph(&arena, t);
        prop_assert_eq!(ct, raw.thermograph());
        prop_assert_eq!(c.stops(g), (raw.thermograph().left_stop(), raw.thermograph().right_stop()));
        // The name parses back to the same canonical form.
        let name = c.name(g);
        prop_assert_eq!(canon(&mut c, &name), g, "name {}", name);
        let explicit = c.explicit(g);
        prop_assert_eq!(c.explicit_len(g), explicit.len() as u64);
        prop_assert!(name.chars().count() <= explicit.len(), "{} longer than {}", name, explicit);
        prop_assert_eq!(canon(&mut c, &explicit), g);
    }
}
