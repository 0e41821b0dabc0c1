//! `cgt game NAME POS` (spec/rulesets.md): the generic contract's fields,
//! batch mode, errors, and agreement with the rulesets' own subcommands.

mod common;

use common::{cgt, json};
use serde_json::Value;

#[test]
fn domineering_has_every_contract_field() {
    let v = json(&["game", "domineering", "..|..|..", "--json"]);
    for key in ["position", "components", "canonical", "mean", "temperature", "left_stop", "right_stop", "outcome", "thermograph", "positions"] {
        assert!(!v[key].is_null(), "missing {key}: {v}");
    }
    // Three rows of two: Winning Ways ch. 2 (and the brute force in the core's tests).
    assert_eq!(v["position"], "..|..|..");
    assert_eq!(v["components"].as_array().unwrap().len(), 1);
    assert!(v["thermograph"]["left_wall"].is_array());
}

#[test]
fn regions_are_components() {
    // Two separate rooms: a vertical domino's (1) and a horizontal one's (-1).
    let v = json(&["game", "domineering", ".#..|.###", "--json"]);
    let comps = v["components"].as_array().unwrap();
    assert_eq!(comps.len(), 2);
    let values: Vec<&str> = comps.iter().map(|c| c["canonical"].as_str().unwrap()).collect();
    assert!(values.contains(&"1") && values.contains(&"-1"), "{values:?}");
    assert_eq!(v["canonical"], "0");
    assert_eq!(v["outcome"], "P");
}

#[test]
fn hackenbush_and_heapgo_agree_with_their_own_subcommands() {
    for pos in ["0-1:b 1-2:r 0-3:g 3-4:b", "stalk:brb stalk:rbr", "0-1:g 1-2:g 2-0:b"] {
        let own = json(&["hackenbush", "value", pos, "--json"]);
        let generic = json(&["game", "hackenbush", pos, "--json"]);
        assert_eq!(own["value"], generic["canonical"], "{pos}");
    }
    for heaps in ["b5,r3,b2/r7,b1/b4,r6", "b1,r2/r3"] {
        let own = json(&["heapgo", heaps, "--json"]);
        let generic = json(&["game", "heapgo", heaps, "--json"]);
        for key in ["mean", "temperature", "left_stop", "right_stop"] {
            assert_eq!(own[key], generic[key], "{heaps} {key}");
        }
    }
}

#[test]
fn batch_mode_and_errors() {
    let (code, out, _) = cgt(&["game", "domineering", "-"], Some("..\n.x\n.|.\n"));
    assert_eq!(code, 0);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["canonical"], "-1");
    assert!(lines[1]["error"].as_str().unwrap().contains("row 1, column 2"), "{}", lines[1]);
    assert_eq!(lines[2]["canonical"], "1");

    let (code, _, err) = cgt(&["game", "domineering", "..|."], None);
    assert_eq!(code, 2);
    assert!(err.contains("row 2"), "{err}");
    let (code, _, err) = cgt(&["game", "chess", "x"], None);
    assert_eq!(code, 2);
    assert!(err.contains("domineering"), "{err}");
    // Over the budget: a message naming the budget, exit 1, no hang.
    let (code, _, err) = cgt(&["game", "domineering", "......|......|......|......", "--budget", "50"], None);
    assert_eq!(code, 1);
    assert!(err.contains("50"), "{err}");
}

#[test]
fn rated_moves() {
    let v = json(&["game", "domineering", "...|...", "--moves", "right", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert!(moves.iter().all(|m| m["move"].is_string() && m["value"].is_string()));
    let (code, out, _) = cgt(&["game", "list", "--json"], None);
    assert_eq!(code, 0);
    let list: Value = serde_json::from_str(&out).unwrap();
    assert!(list.as_array().unwrap().iter().any(|r| r["name"] == "domineering"));
}

/// The memory cap (issue 22): work that would pass it stops with a message
/// naming the cap and how to raise it (exit code 1), lines already answered
/// in batch mode stay on stdout; a bad cap is bad input; under a generous
/// cap the same work finishes.
#[test]
fn the_memory_cap_stops_work_with_a_message() {
    let big = ["......"; 5].join("|");
    let (code, out, err) = cgt(&["game", "domineering", &big, "--json", "--max-memory", "8"], None);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(err.contains("more memory than the cap of 8 MiB") && err.contains("--max-memory"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // Batch mode: the small board's line is out before the big one stops.
    let (code, out, err) = cgt(&["game", "domineering", "-", "--json", "--max-memory", "8"], Some(&format!("..|..\n{big}\n")));
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("\"canonical\":\"±1\""), "{out}");
    // The environment variable, and its errors.
    let (code, _, err) = cgt_env(&["game", "domineering", "..|..", "--json"], "CGT_MAX_MEMORY", "lots");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("CGT_MAX_MEMORY"), "{err}");
    let (code, out, _) = cgt_env(&["game", "domineering", &["...."; 4].join("|"), "--json"], "CGT_MAX_MEMORY", "512");
    assert_eq!(code, 0);
    assert!(out.contains("\"canonical\""), "{out}");
}

fn cgt_env(args: &[&str], key: &str, value: &str) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cgt")).args(args).env(key, value).output().expect("cgt runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `atomic_weight` is never a bare `null`: 0 weighs 0 (as `cgt eval 0`
/// says), an infinitesimal its weight, anything else `null` beside the
/// algebra's reason, the same words `cgt eval` (and the explorer) use.
#[test]
fn atomic_weight_has_a_value_or_a_reason() {
    let v = json(&["game", "clobber", "x.o", "--json"]);
    assert_eq!((v["canonical"].as_str(), v["atomic_weight"].as_str()), (Some("0"), Some("0")));
    assert_eq!(json(&["eval", "0", "--json"])["atomic_weight"], "0");
    let v = json(&["game", "clobber", "xxo", "--json"]);
    assert_eq!((v["atomic_weight"].as_str(), v.get("atomic_weight_reason")), (Some("1"), None));
    let v = json(&["game", "domineering", "..|..", "--json"]);
    assert!(v["atomic_weight"].is_null(), "{v}");
    let why = v["atomic_weight_reason"].as_str().unwrap_or_else(|| panic!("no reason: {v}"));
    assert!(why.contains("only infinitesimal games have one"), "{why}");
    assert_eq!(why, json(&["eval", "{1|-1}", "--json"])["atomic_weight_reason"]);
    // Every ruleset's example: a weight, or null with a reason.
    for r in cgt::rulesets::registry::RULESETS {
        let v = json(&["game", r.name, r.example, "--json"]);
        assert!(v["atomic_weight"].is_string() || v["atomic_weight_reason"].is_string(), "{}: {v}", r.name);
    }
}
