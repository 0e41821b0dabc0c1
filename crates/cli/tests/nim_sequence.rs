//! `cgt nim-sequence RULE --to N [--json]` (docs/impartial.md): the JSON
//! contract's fields, published values and periods, the text table,
//! batch mode and errors.

mod common;

use common::{cgt, json};
use serde_json::Value;

const KAYLES: [u64; 24] = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7];

fn values(v: &Value) -> Vec<u64> {
    v["values"].as_array().unwrap_or_else(|| panic!("no values: {v}")).iter().map(|x| x.as_u64().unwrap()).collect()
}

#[test]
fn kayles_json_has_the_contract_fields() {
    let v = json(&["nim-sequence", "0.77", "--to", "200", "--json"]);
    for key in ["rule", "values", "period", "preperiod", "proven"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["rule"], "0.77");
    let g = values(&v);
    assert_eq!(g.len(), 201);
    assert_eq!(g[..24], KAYLES);
    assert_eq!(v["period"], 12);
    assert_eq!(v["preperiod"], 71);
    assert_eq!(v["proven"], true);
    // The preperiod's meaning: G(n + 12) = G(n) from 71 on, not from 70.
    assert!((71..=188).all(|n| g[n] == g[n + 12]));
    assert_ne!(g[70], g[82]);
    assert_eq!(v["name"], "Kayles");
    assert_eq!(v["source_agrees"], true);
    assert!(v["source"].as_str().unwrap().contains("A002186"));
    assert!(v["saltus"].is_null());
}

#[test]
fn small_tables_still_get_the_proven_period() {
    // The engine computes past N (to 10,000 by default) to find and prove
    // the period; only G(0..=N) is printed.
    let v = json(&["nim-sequence", "0.77", "--to", "10", "--json"]);
    assert_eq!(values(&v), KAYLES[..11]);
    assert_eq!((v["period"].as_u64(), v["preperiod"].as_u64(), v["proven"].as_bool()), (Some(12), Some(71), Some(true)));
    assert_eq!(v["computed_to"], 167);
    // Without looking further, the period is not even seen in 11 values.
    let v = json(&["nim-sequence", "0.77", "--to", "10", "--search-to", "10", "--json"]);
    assert!(v["period"].is_null() && v["preperiod"].is_null());
    assert_eq!(v["proven"], false);
    // Seen but not yet proven: observed only.
    let v = json(&["nim-sequence", "0.77", "--to", "120", "--search-to", "120", "--json"]);
    assert_eq!((v["period"].as_u64(), v["preperiod"].as_u64(), v["proven"].as_bool()), (Some(12), Some(71), Some(false)));
}

#[test]
fn dawsons_kayles_and_others() {
    let v = json(&["nim-sequence", "0.07", "--to", "200", "--json"]);
    assert_eq!((v["period"].as_u64(), v["preperiod"].as_u64(), v["proven"].as_bool()), (Some(34), Some(53), Some(true)));
    assert_eq!(values(&v)[..12], [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
    let v = json(&["nim-sequence", "sub:1,3,4", "--to", "20", "--json"]);
    assert_eq!(values(&v)[..8], [0, 1, 0, 1, 2, 3, 2, 0]);
    assert_eq!((v["period"].as_u64(), v["preperiod"].as_u64(), v["proven"].as_bool()), (Some(7), Some(0), Some(true)));
    // Grundy's game: OEIS A002188, no period.
    let v = json(&["nim-sequence", "grundy", "--to", "20", "--json"]);
    assert_eq!(values(&v), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]);
    assert!(v["period"].is_null());
    assert_eq!(v["proven"], false);
    // Nim: no period, an arithmetic one, proven.
    let v = json(&["nim-sequence", "nim", "--to", "30", "--json"]);
    assert_eq!(values(&v), (0..=30).collect::<Vec<u64>>());
    assert!(v["period"].is_null());
    assert_eq!(v["saltus"]["saltus"], 1);
    assert_eq!(v["saltus"]["proven"], true);
    let v = json(&["nim-sequence", "allbut:1,2", "--to", "60", "--json"]);
    assert_eq!((v["saltus"]["period"].as_u64(), v["saltus"]["saltus"].as_u64()), (Some(3), Some(1)));
    assert_eq!(v["saltus"]["proven"], false);
    // Codes in other spellings print in normal form.
    assert_eq!(json(&["nim-sequence", ".770", "--to", "3", "--json"])["rule"], "0.77");
    assert_eq!(json(&["nim-sequence", "0.[3]", "--to", "3", "--json"])["rule"], "0.[3]");
    assert_eq!(json(&["nim-sequence", "0.f", "--to", "3", "--json"])["rule"], "0.F");
}

#[test]
fn the_methods_agree() {
    let plain = json(&["nim-sequence", "grundy", "--to", "5000", "--method", "plain", "--json"]);
    let sparse = json(&["nim-sequence", "grundy", "--to", "5000", "--method", "sparse", "--json"]);
    assert_eq!(values(&plain), values(&sparse));
    assert!(sparse["engine"]["sparse"].as_u64().unwrap() > 4000);
    assert_eq!(plain["engine"]["sparse"], 0);
}

#[test]
fn text_table_and_summary() {
    let (code, out, err) = cgt(&["nim-sequence", "0.77", "--to", "100"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("0.77 (Kayles): G(0) to G(100)"), "{out}");
    assert!(out.contains("period 12, preperiod 71: proven by the Guy-Smith theorem"), "{out}");
    // Rows of the period, as published tables print them.
    assert!(out.lines().any(|l| l.trim_start().starts_with("12 |")), "{out}");
    let (_, out, _) = cgt(&["nim-sequence", "0.77", "--to", "120", "--search-to", "120"], None);
    assert!(out.contains("only observed in G(0) to G(120), not proven"), "{out}");
    let (_, out, _) = cgt(&["nim-sequence", "grundy", "--to", "50"], None);
    assert!(out.contains("no period seen"), "{out}");
}

#[test]
fn errors_name_the_position_and_the_limit() {
    let (code, out, err) = cgt(&["nim-sequence", "0.7x", "--json"], None);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("column 4") && err.contains("expected"), "{err}");
    for (rule, column) in [("3.7", 1), ("0.[3", 5), ("sub:1,0", 7), ("kayles", 1), ("0.7G", 4)] {
        let (code, _, err) = cgt(&["nim-sequence", rule], None);
        assert_eq!(code, 2, "{rule}");
        assert!(err.contains(&format!("column {column}")), "{rule}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let (code, _, err) = cgt(&["nim-sequence", "0.77", "--to", "100000001"], None);
    assert_eq!(code, 2);
    assert!(err.contains("100000000"), "{err}");
    let (code, _, err) = cgt(&["nim-sequence", "0.F", "--to", "100000"], None);
    assert_eq!(code, 2);
    assert!(err.contains("limit of 3000"), "{err}");
    let (code, _, _) = cgt(&["nim-sequence", "0.77", "--to", "-5"], None);
    assert_eq!(code, 2);
    let (code, _, _) = cgt(&["nim-sequence", "0.77", "--method", "fast"], None);
    assert_eq!(code, 2);
}

#[test]
fn batch_mode() {
    let (code, out, err) = cgt(&["nim-sequence", "-", "--to", "30"], Some("0.77\n0.7x\n\ngrundy\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["input"], "0.77");
    assert_eq!(lines[0]["period"], 12);
    assert!(lines[1]["error"].as_str().unwrap().contains("column 4"));
    assert!(lines[2]["error"].is_string());
    assert_eq!(values(&lines[3])[..6], [0, 0, 0, 1, 0, 2]);
}

#[test]
fn help_says_the_syntax() {
    let (code, out, _) = cgt(&["nim-sequence", "--help"], None);
    assert_eq!(code, 0);
    for word in ["0.77", "grundy", "sub:1,3,4", "allbut:1,2", "0.[3]", "--to", "Guy and Smith, 1956"] {
        assert!(out.contains(word), "{word}: {out}");
    }
}
