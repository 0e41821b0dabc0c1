//! The algebra commands (`cgt cool`, `chill`, `warm`, `heat`, `overheat`,
//! `norton`, `algebra`) and the algebra fields of `cgt eval --json`, against
//! the contract (`spec/interfaces.md`) and known values.

mod common;

use common::{cgt, json};

#[test]
fn eval_gains_the_algebra_fields() {
    let v = json(&["eval", "^*6", "--json"]);
    assert_eq!(v["reduced_canonical"], "0");
    assert_eq!(v["left_incentives"], serde_json::json!(["v*6"]));
    assert_eq!(v["right_incentives"], serde_json::json!(["^*"]));
    assert_eq!(v["atomic_weight"], "1");
    // Not infinitesimal: null, with the reason.
    let v = json(&["eval", "{3||2*|1*}", "--json"]);
    assert_eq!(v["reduced_canonical"], "{3|{2|1}}");
    assert!(v["atomic_weight"].is_null());
    assert!(v["atomic_weight_reason"].as_str().unwrap().contains("infinitesimal"), "{v}");
    // Infinitesimal but not atomic (CGSuite's test).
    let v = json(&["eval", "{1|^^^||^}", "--json"]);
    assert!(v["atomic_weight"].is_null());
    assert!(v["atomic_weight_reason"].as_str().unwrap().contains("not atomic"), "{v}");
    assert_eq!(json(&["eval", "{1|^^||^}", "--json"])["atomic_weight"], "2");
    // Thermal dissociation: {3||2|0} = 2 + ∫^1 ^.
    let d = &json(&["eval", "{3||2|0}", "--json"])["thermal_dissociation"];
    assert_eq!(d["mean"], "2");
    assert_eq!(d["particles"], serde_json::json!([{ "t": "1", "particle": "^" }]));
}

#[test]
fn operations_give_canonical_and_explicit() {
    let v = json(&["cool", "{4|0}", "--by", "1", "--json"]);
    assert_eq!(v["canonical"], "{3|1}");
    assert_eq!(v["explicit"], "{3|1}");
    assert_eq!(json(&["cool", "{4|0}", "--by", "2", "--json"])["canonical"], "2*");
    assert_eq!(json(&["cool", "1/2", "--by", "-1/2", "--json"])["canonical"], "1/2*");
    assert_eq!(json(&["chill", "{3||2|0}", "--json"])["canonical"], "2^");
    assert_eq!(json(&["warm", "1*", "--json"])["canonical"], "{2|0}");
    assert_eq!(json(&["heat", "*", "--by", "3/2", "--json"])["canonical"], "±3/2");
    assert_eq!(json(&["overheat", "1/2", "--from", "1", "--by", "1", "--json"])["canonical"], "{1|0}");
    assert_eq!(json(&["norton", "1/2", "--by", "^", "--json"])["canonical"], "{^^*|v*}");
    // Text: the canonical form alone.
    let (code, out, _) = cgt(&["cool", "{2|-1}", "--by", "3/2"], None);
    assert_eq!((code, out.as_str()), (0, "1/2*\n"));
}

#[test]
fn games_and_values_may_begin_with_a_minus() {
    assert_eq!(json(&["cool", "-{4|0}", "--by", "1", "--json"])["canonical"], "{-1|-3}");
    assert_eq!(json(&["heat", "-*", "--by", "1", "--json"])["canonical"], "±1");
    // Heating by a negative game: {0 - 1 | 0 + 1} is a number, 0.
    assert_eq!(json(&["heat", "*", "--by", "-1", "--json"])["canonical"], "0");
    assert_eq!(json(&["norton", "-2", "--by", "^", "--json"])["canonical"], "vv");
    assert_eq!(json(&["algebra", "-^", "--json"])["atomic_weight"], "-1");
}

#[test]
fn bad_input_is_refused_by_name() {
    for (args, want) in [
        (vec!["cool", "{4|0}", "--by", "-1"], "t > -1"),
        (vec!["cool", "{4|0}", "--by", "x"], "--by"),
        (vec!["cool", "{4|", "--by", "1"], "game"),
        (vec!["norton", "1", "--by", "{1|0}"], "positive"),
        (vec!["overheat", "1", "--from", "0", "--by", "1"], "positive"),
        (vec!["heat", "1", "--by", "{1|"], "--by"),
    ] {
        let (code, out, err) = cgt(&args, None);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn batch_mode_reads_one_game_a_line() {
    let (code, out, _) = cgt(&["chill", "-"], Some("{2|0}\n{3|\n*\n"));
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["canonical"], "1*");
    assert!(lines[1]["error"].as_str().unwrap().contains("column"));
    assert_eq!(lines[2]["canonical"], "0");
}

#[test]
fn compare_says_whether_two_games_are_infinitesimally_close() {
    let v = json(&["compare", "{1|*}", "{1|0}", "--json"]);
    assert_eq!(v["infinitesimally_close"], true);
    assert_eq!(json(&["compare", "^", "0", "--json"])["infinitesimally_close"], true);
    assert_eq!(json(&["compare", "1/2", "0", "--json"])["infinitesimally_close"], false);
}
