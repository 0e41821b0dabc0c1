//! `cgt loopy GAME [--compare H] [--json]`: a loopy game's outcome with
//! draws, whether it is a stopper, and the order of two stoppers; bad text
//! and comparisons the theory does not define are refused (exit code 2).

mod common;

use common::{cgt, json};

#[test]
fn loopy_json_has_outcome_stopper_and_order() {
    let v = json(&["loopy", "{0|pass}", "--json"]);
    assert_eq!(v["game"], "over");
    assert_eq!(v["stopper"], true);
    assert_eq!(v["short"], false);
    assert_eq!(v["outcome_class"], "L");
    assert_eq!(v["outcome"]["left_first"], "win");
    // Winning Ways ch. 11: over is below every positive number.
    let v = json(&["loopy", "over", "--compare", "1/1024", "--json"]);
    assert_eq!(v["compare"], serde_json::json!({ "with": "1/1024", "relation": "<" }));
    // on + off = dud, a draw whoever starts.
    let v = json(&["loopy", "on + off", "--json"]);
    assert_eq!(v["game"], "dud");
    assert_eq!(v["outcome_class"], "D");
    assert_eq!(v["outcome_text"], "a draw whoever starts");
    assert_eq!(v["stopper"], false);
    assert_eq!(v["simplest"], serde_json::Value::Null);
    // A stopper's simplest form (CGSuite's tests: over + 5 is 5 over).
    let v = json(&["loopy", "over + 5", "--json"]);
    assert_eq!(v["simplest"], "{5|pass}");
}

#[test]
fn loopy_text_and_refusals() {
    let (code, out, _) = cgt(&["loopy", "on", "--compare", "{100|-100}"], None);
    assert_eq!(code, 0);
    assert!(out.contains("on > {100|-100}"), "{out}");
    let (code, _, err) = cgt(&["loopy", "{0|"], None);
    assert_eq!(code, 2);
    assert!(err.contains("column 4"), "{err}");
    let (code, _, err) = cgt(&["loopy", "dud", "--compare", "0"], None);
    assert_eq!(code, 2);
    assert!(err.contains("not a stopper"), "{err}");
}
