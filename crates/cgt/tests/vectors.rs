//! The public known-value table (`tests/data/public.json`), run as data: every
//! case of a kind the core covers is checked, and the test fails if a case of
//! such a kind is skipped.

use cgt::game::Arena;
use cgt::notation::{parse_into, GameTree, ParseLimits};
use cgt::numbers::Q;
use cgt::ops;
use cgt::rulesets::hackenbush::{stalk_value, Hackenbush, Rules};
use cgt::thermograph::{thermograph_with_scaffolds, Wall};
use serde_json::Value;

/// A list of stalks (`["BR", "RB"]`) as a Hackenbush position.
fn stalks(v: &Value) -> Hackenbush {
    let s: Vec<&str> = v.as_array().expect("list of stalks").iter().map(|s| s.as_str().unwrap()).collect();
    Hackenbush::stalks(&s).unwrap()
}

fn q(v: &Value) -> Q {
    v.as_str().expect("rational as string").parse().expect("rational")
}

fn tree(s: &str) -> GameTree {
    s.parse().unwrap_or_else(|e| panic!("parse {s:?}: {e}"))
}

/// A list of `[t_from, t_to|null, intercept, slope]` against a wall from `from`.
fn check_segments(id: &str, what: &str, wall: &Wall, from: &Q, expected: &Value) {
    let segs = wall.segments_from(from);
    let exp = expected.as_array().expect("segments");
    let got: Vec<String> = segs
        .iter()
        .map(|s| format!("[{}, {}, {}, {}]", s.t_from, s.t_to.as_ref().map_or("null".to_string(), |t| t.to_string()), s.intercept, s.slope))
        .collect();
    let want: Vec<String> = exp
        .iter()
        .map(|s| {
            let a = s.as_array().unwrap();
            format!("[{}, {}, {}, {}]", q(&a[0]), if a[1].is_null() { "null".to_string() } else { q(&a[1]).to_string() }, q(&a[2]), q(&a[3]))
        })
        .collect();
    assert_eq!(got, want, "{id}: {what}");
}

/// Temperature as the case's convention reports it (classical: numbers at 0).
fn conv_temp(t: &Q, convention: &str) -> Q {
    if convention == "classical" && t.is_negative() {
        Q::zero()
    } else {
        t.clone()
    }
}

fn sum_of(inputs: &[&str]) -> GameTree {
    let mut arena = Arena::default();
    let lim = ParseLimits::default();
    let mut acc = parse_into(&mut arena, inputs[0], &lim).unwrap();
    for s in &inputs[1..] {
        let g = parse_into(&mut arena, s, &lim).unwrap();
        acc = ops::add(&mut arena, acc, g).unwrap();
    }
    GameTree::from_parts(arena, acc)
}

fn run_case(c: &Value) -> bool {
    let id = c["id"].as_str().unwrap();
    let kind = c["kind"].as_str().unwrap();
    let conv = c["convention"].as_str().unwrap_or("subzero");
    let exp = &c["expected"];
    let der = &c["derived"];
    let from = if conv == "classical" { Q::zero() } else { Q::from_int(-1) };
    match kind {
        "mean_temp" | "thermograph_walls" | "stops" | "number_value" | "taxed_values" => {
            let g = tree(c["input"].as_str().unwrap());
            let (th, sc) = thermograph_with_scaffolds(g.arena(), g.root());
            for src in [exp, der] {
                if let Some(m) = src.get("mean") {
                    assert_eq!(th.mean(), &q(m), "{id}: mean");
                }
                if let Some(t) = src.get("temperature") {
                    assert_eq!(conv_temp(th.temperature(), conv), q(t), "{id}: temperature");
                }
                if let Some(v) = src.get("VL") {
                    assert_eq!(th.left_stop(), q(v), "{id}: VL");
                }
                if let Some(v) = src.get("VR") {
                    assert_eq!(th.right_stop(), q(v), "{id}: VR");
                }
                if let Some(w) = src.get("LW") {
                    check_segments(id, "LW", th.left_wall(), &from, w);
                }
                if let Some(w) = src.get("RW") {
                    check_segments(id, "RW", th.right_wall(), &from, w);
                }
                if let Some(w) = src.get("raw_LW") {
                    let s = sc.as_ref().and_then(|s| s.left.as_ref()).expect("left scaffold");
                    check_segments(id, "raw_LW", s, &from, w);
                }
                if let Some(w) = src.get("raw_RW") {
                    let s = sc.as_ref().and_then(|s| s.right.as_ref()).expect("right scaffold");
                    check_segments(id, "raw_RW", s, &from, w);
                }
                if let Some(v) = src.get("value") {
                    assert_eq!(th.number(), Some(&q(v)), "{id}: number value");
                }
                if let Some(t) = src.get("temperature_subzero") {
                    assert_eq!(th.temperature(), &q(t), "{id}: sub-zero temperature");
                }
                if let Some(tab) = src.get("table") {
                    for row in tab.as_array().unwrap() {
                        let r = row.as_array().unwrap();
                        let (l, rr) = th.taxed(&q(&r[0]));
                        assert_eq!((l, rr), (q(&r[1]), q(&r[2])), "{id}: taxed values at t = {}", q(&r[0]));
                    }
                }
                if let Some(e) = src.get("explicit") {
                    assert_eq!(g.to_string(), e.as_str().unwrap(), "{id}: explicit form");
                }
                if let Some(ls) = src.get("right_option_LS") {
                    let right = g.arena().right(g.root());
                    let got: Vec<Q> = right.iter().map(|&r| g.subtree(r).thermograph().left_stop()).collect();
                    let want: Vec<Q> = ls.as_array().unwrap().iter().map(q).collect();
                    assert_eq!(got, want, "{id}: LS of right options");
                }
            }
            true
        }
        "parse" => {
            let g = tree(c["input"].as_str().unwrap());
            assert_eq!(g.to_string(), exp["explicit"].as_str().unwrap(), "{id}");
            true
        }
        "negation" => {
            let mut g = tree(c["input"].as_str().unwrap());
            let root = g.root();
            let n = ops::neg(g.arena_mut(), root).unwrap();
            g.set_root(n);
            assert_eq!(g.to_string(), exp["negative"].as_str().unwrap(), "{id}");
            true
        }
        "sum_value" => {
            let inputs: Vec<&str> = c["input"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            let s = sum_of(&inputs);
            let th = s.thermograph();
            assert_eq!(th.left_stop(), q(&exp["VL"]), "{id}: VL");
            if let Some(v) = der.get("VR") {
                assert_eq!(th.right_stop(), q(v), "{id}: VR");
            }
            if let Some(comps) = exp.get("components") {
                for (i, src) in inputs.iter().enumerate() {
                    let t = tree(src).thermograph();
                    assert_eq!(t.left_stop(), q(&comps[format!("LS(G{})", i + 1)]), "{id}: LS(G{})", i + 1);
                    assert_eq!(t.right_stop(), q(&comps[format!("RS(G{})", i + 1)]), "{id}: RS(G{})", i + 1);
                }
            }
            true
        }
        "sum_temperature" => {
            let inp = &c["input"];
            let get = |k: &str| inp[k].as_str().unwrap();
            for (key, val) in exp.as_object().unwrap().iter().chain(der.as_object().unwrap()) {
                let inner = key.trim_start_matches("t(").trim_start_matches("mean(");
                let inner = inner.split(')').next().unwrap();
                let parts: Vec<&str> = inner.split('+').map(get).collect();
                let th = sum_of(&parts).thermograph();
                if key.starts_with("mean(") {
                    assert_eq!(th.mean(), &q(val), "{id}: {key}");
                } else if key.ends_with("subzero") {
                    assert_eq!(th.temperature(), &q(val), "{id}: {key}");
                } else {
                    assert_eq!(conv_temp(th.temperature(), conv), q(val), "{id}: {key}");
                }
            }
            true
        }
        "multiple_value" => {
            let s = c["input"].as_str().unwrap();
            let vl_n = der["VL_n"].as_array().unwrap();
            let mut c = cgt::canonical::Canon::new();
            let one: GameTree = s.parse().unwrap();
            let g = c.from_tree(one.arena(), one.root()).unwrap();
            let mut acc = g;
            for (i, v) in vl_n.iter().enumerate() {
                let copies = vec![s; i + 1];
                assert_eq!(sum_of(&copies).thermograph().left_stop(), q(v), "{id}: VL of {} copies", i + 1);
                // The same through canonical sums.
                assert_eq!(c.stops(acc).0, q(v), "{id}: canonical VL of {} copies", i + 1);
                acc = c.add(acc, g);
            }
            assert_eq!(sum_of(&[s, s, s]).thermograph().left_stop(), q(&exp["VL(3*G)"]), "{id}");
            true
        }
        "outcome" if c["input"].is_array() => {
            // A Hackenbush picture: stalks side by side.
            let p = stalks(&c["input"]);
            let mut canon = cgt::canonical::Canon::new();
            let v = p.value(&mut canon, Rules::Classical, 100_000).unwrap();
            assert_eq!(canon.outcome(v).to_string(), exp["outcome"].as_str().unwrap(), "{id}");
            true
        }
        "hackenbush_value" => {
            let p = stalks(&c["input"]);
            let mut canon = cgt::canonical::Canon::new();
            let v = p.value(&mut canon, Rules::Classical, 100_000).unwrap();
            assert_eq!(canon.name(v), exp["value"].as_str().unwrap(), "{id}");
            // Berlekamp's rule for each stalk adds up to the same number.
            let rule = c["input"].as_array().unwrap().iter().map(|s| stalk_value(s.as_str().unwrap()).unwrap());
            let total = rule.fold(Q::zero(), |a, b| &a + &b);
            assert_eq!(canon.as_number(v), Some(&total), "{id}: Berlekamp's rule");
            true
        }
        "two_move_hackenbush" => {
            // Edges standing on the ground.
            let count = |k: &str| c["input"][k].as_u64().unwrap() as usize;
            let mut letters = vec!["b"; count("blue")];
            letters.extend(vec!["r"; count("red")]);
            let p = Hackenbush::stalks(&letters).unwrap();
            let mut canon = cgt::canonical::Canon::new();
            let v = p.value(&mut canon, Rules::TwoMove, 100_000).unwrap();
            assert_eq!(canon.name(v), exp["value"].as_str().unwrap(), "{id}");
            if let Some(o) = exp.get("outcome") {
                assert_eq!(canon.outcome(v).to_string(), o.as_str().unwrap(), "{id}: outcome");
            }
            true
        }
        "outcome" => {
            let src = c["input"].as_str().unwrap();
            let g = tree(src);
            let got = cgt::outcome::outcome(g.arena(), g.root()).to_string();
            assert_eq!(got, exp["outcome"].as_str().unwrap(), "{id}");
            let mut c = cgt::canonical::Canon::new();
            let cg = c.from_tree(g.arena(), g.root()).unwrap();
            assert_eq!(c.outcome(cg).to_string(), got, "{id}: canonical outcome");
            true
        }
        "equality" => {
            let inputs: Vec<&str> = c["input"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            let mut arena = Arena::default();
            let lim = ParseLimits::default();
            let a = parse_into(&mut arena, inputs[0], &lim).unwrap();
            let b = parse_into(&mut arena, inputs[1], &lim).unwrap();
            let d = ops::sub(&mut arena, a, b).unwrap();
            let equal = cgt::outcome::outcome(&arena, d) == cgt::outcome::Outcome::P;
            assert_eq!(equal, exp["equal"].as_bool().unwrap(), "{id}");
            // Canonical forms are unique: equal games have the same id.
            let mut c = cgt::canonical::Canon::new();
            let (ca, cb) = (c.from_tree(&arena, a).unwrap(), c.from_tree(&arena, b).unwrap());
            assert_eq!(ca == cb, equal, "{id}: canonical ids");
            true
        }
        _ => false,
    }
}

#[test]
fn public_vectors() {
    let text = include_str!("data/public.json");
    let cases: Vec<Value> = serde_json::from_str(text).unwrap();
    let covered = [
        "mean_temp",
        "thermograph_walls",
        "taxed_values",
        "stops",
        "number_value",
        "parse",
        "negation",
        "sum_value",
        "sum_temperature",
        "multiple_value",
        "outcome",
        "equality",
        "hackenbush_value",
        "two_move_hackenbush",
    ];
    let mut ran = 0;
    for c in &cases {
        let kind = c["kind"].as_str().unwrap();
        let done = run_case(c);
        assert_eq!(done, covered.contains(&kind), "case {} of kind {kind}", c["id"]);
        if done {
            ran += 1;
        }
    }
    assert!(ran >= 40, "only {ran} cases ran");
}
