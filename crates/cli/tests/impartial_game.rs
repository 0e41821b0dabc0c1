//! `cgt game heaps 'RULE: h1 h2 ...' [--misere] [--json]` and the named
//! impartial rulesets (`nim`, `kayles`, `dawson`, `grundy`, `cram`): the
//! contract's fields (`nim_value`, `outcome`, `canonical`, the winning
//! moves) under normal and misère play.

mod common;

use common::{cgt, json};

#[test]
fn heaps_json_has_the_contract_fields() {
    let v = json(&["game", "heaps", "0.77: 3 5 7", "--json"]);
    for key in ["nim_value", "outcome", "canonical", "winning_moves", "play"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    // Kayles: G(3) = 3, G(5) = 4, G(7) = 2; 3 ^ 4 ^ 2 = 5.
    assert_eq!(v["nim_value"], 5);
    assert_eq!(v["canonical"], "*5");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["play"], "normal");
    assert_eq!(v["winning_moves"], serde_json::json!(["2-1"]));
}

#[test]
fn misere_changes_the_outcome_not_the_nim_value() {
    // Misère Nim (Bouton 1902): heaps of one only, an odd number: lost.
    let v = json(&["game", "nim", "1 1 1", "--misere", "--json"]);
    assert_eq!(v["nim_value"], 1);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["play"], "misere");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    let normal = json(&["game", "nim", "1 1 1", "--json"]);
    assert_eq!(normal["outcome"], "N");
    // With a heap of two or more, the winner leaves an odd number of ones.
    let v = json(&["game", "heaps", "nim: 1 1 2", "--misere", "--json"]);
    assert_eq!(v["winning_moves"], serde_json::json!(["3-1"]));
}

/// Misère canonical forms and genera (Siegel 2013, ch. V): *2 + *2 is the
/// P-position {*2, *3}, not 0, of genus 0^02; *2 alone has genus 2^20.
#[test]
fn misere_forms_and_genus() {
    let v = json(&["game", "nim", "2 2", "--misere", "--json"]);
    assert_eq!((v["misere_canonical"].as_str(), v["genus"].as_str(), v["outcome"].as_str()), (Some("*[32]"), Some("0^02"), Some("P")));
    let v = json(&["game", "nim", "2", "--misere", "--json"]);
    assert_eq!((v["misere_canonical"].as_str(), v["genus"].as_str(), v["tame"].as_bool()), (Some("*2"), Some("2^20"), Some(true)));
    // Kayles is wild from a row of 5 (genus 4^146).
    let v = json(&["game", "kayles", "xxxxx", "--misere", "--json"]);
    assert_eq!((v["genus"].as_str(), v["tame"].as_bool()), (Some("4^146"), Some(false)));
}

#[test]
fn named_impartial_rulesets_answer() {
    assert_eq!(json(&["game", "kayles", "xxx.xxxxx", "--json"])["canonical"], "*7");
    assert_eq!(json(&["game", "cram", "..|..", "--json"])["outcome"], "P");
    assert_eq!(json(&["game", "grundy", "5 13", "--json"])["nim_value"], 1);
    assert_eq!(json(&["game", "dawson", "4 6", "--json"])["nim_value"], 1);
    // CGSuite's own benchmark, Kayles(40000), through the heaps.
    assert_eq!(json(&["game", "heaps", "0.77: 40000", "--json"])["nim_value"], 1);
}

#[test]
fn misere_is_refused_for_partizan_games_and_bad_heaps_named() {
    let (code, _, err) = cgt(&["game", "domineering", "..|..", "--misere"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("partizan"), "{err}");
    let (code, _, err) = cgt(&["game", "nim", "3 x 5"], None);
    assert_eq!(code, 2);
    assert!(err.contains("heap 2: found `x`"), "{err}");
}

/// `cgt misere-quotient RULE --to N`: misère Nim with heaps to 3 is the
/// quotient Plambeck and Siegel (2008) call T, and 0.75's is Plambeck's
/// (2005) order-8 quotient; the JSON names the source, the pretending
/// function reads the outcomes, and bad bounds are errors naming the limit.
#[test]
fn misere_quotients_from_the_command_line() {
    let v = json(&["misere-quotient", "0.[3]", "--to", "3", "--json"]);
    assert_eq!(v["order"], 6);
    assert_eq!(v["presentation"], "<a,b | a^2=1, b^3=b>");
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["pretending"], serde_json::json!(["1", "a", "b", "a*b"]));
    assert!(v["source"].as_str().unwrap().starts_with("Plambeck and Siegel (2008)"));
    let v = json(&["misere-quotient", "0.75", "--to", "30", "--json"]);
    assert_eq!(v["order"], 8);
    assert_eq!(v["table"].as_array().unwrap().len(), 8);
    // Heaps 1 and 1 and 2 and 2: a·a·b·b = b², in the P-portion; misère
    // search says the same.
    let g = json(&["game", "heaps", "0.75: 1 1 2 2", "--misere", "--json"]);
    assert_eq!(g["outcome"], "P");
    let (code, _, err) = cgt(&["misere-quotient", "0.77", "--to", "5000"], None);
    assert_ne!(code, 0);
    assert!(err.contains("past the limit of 1000"), "{err}");
}
