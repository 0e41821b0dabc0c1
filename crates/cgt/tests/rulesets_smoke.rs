//! First checks of the generic engine through the registry (the full
//! tables live in `tests/rulesets.rs`).

use cgt::rulesets::registry::session;
use cgt::side::Side;

fn canonical(name: &str, pos: &str) -> String {
    let mut s = session(name, pos, 1_000_000).unwrap();
    s.report().unwrap().canonical
}

#[test]
fn small_domineering_boards() {
    // Winning Ways ch. 2: a vertical domino's room is 1, a horizontal one's -1,
    // the 2x2 square is ±1, the L-tromino-free 2x3 ...
    assert_eq!(canonical("domineering", ".|."), "1");
    assert_eq!(canonical("domineering", ".."), "-1");
    assert_eq!(canonical("domineering", "..|.."), "±1");
    assert_eq!(canonical("domineering", ".|.|.|."), "2");
    assert_eq!(canonical("domineering", ".#|.."), "*");
}

#[test]
fn heapgo_matches_its_own_solver() {
    for text in ["b5,r3,b2/r7", "b1,r1/b2,r2/r3,b1", "b4,b1/r2,b3,r1"] {
        let g: cgt::rulesets::heapgo::HeapGo = text.parse().unwrap();
        let own = g.analyse(1_000_000).unwrap().thermograph;
        let mut s = session("heapgo", text, 1_000_000).unwrap();
        let r = s.report().unwrap();
        assert_eq!(r.thermograph, own, "{text}");
    }
}

#[test]
fn moves_by_name() {
    let mut s = session("domineering", "...|...", 10_000).unwrap();
    assert_eq!(s.moves(Side::Left), vec!["a1", "b1", "c1"]);
    s.play(Side::Left, "b1").unwrap();
    assert_eq!(s.position(), ".#.|.#.");
    assert!(s.play(Side::Right, "a1").is_err());
    assert_eq!(s.component_texts().len(), 2);
}

/// The report says why there is no atomic weight, in the algebra's words
/// (the explorer's "not defined: ..."), and only then.
#[test]
fn atomic_weight_or_its_reason() {
    let report = |name: &str, pos: &str| session(name, pos, 100_000).unwrap().report().unwrap();
    let r = report("clobber", "xxo");
    assert_eq!((r.atomic_weight.as_deref(), r.atomic_weight_reason.as_deref()), (Some("1"), None));
    let r = report("domineering", "..|..");
    assert_eq!(r.atomic_weight, None);
    let mut c = cgt::canonical::Canon::new();
    let one = c.num(cgt::numbers::Q::from_int(1)).unwrap();
    let minus_one = c.neg(one);
    let pm1 = c.options(&[one], &[minus_one]);
    let Err(cgt::algebra::AlgebraError::NoAtomicWeight { reason }) = cgt::algebra::Algebra::default().atomic_weight(&mut c, pm1) else {
        panic!("±1 has no atomic weight")
    };
    assert_eq!(r.atomic_weight_reason, Some(reason));
    // 0: no weight shown and nothing to explain (its weight is 0).
    let r = report("clobber", "x.o");
    assert_eq!((r.canonical.as_str(), r.atomic_weight.as_deref(), r.atomic_weight_reason.as_deref()), ("0", None, None));
}
