//! Nim sequences (`cgt::impartial`): published values as data, a brute
//! force against the fast engines on many rules, the rare-value method
//! against the plain bitset mex, periods proven by the Guy-Smith theorem,
//! rule texts that round-trip and garbage that is refused with a column,
//! and the winning moves of several heaps.

use cgt::impartial::known::{GRUNDY_RARE, KNOWN};
use cgt::impartial::period::{self, guy_smith_bound, Periodicity};
use cgt::impartial::sequence::{limit_for, MAX_HEAP};
use cgt::impartial::*;
use proptest::prelude::*;
use std::collections::HashMap;

fn rule(text: &str) -> HeapRule {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn with(method: Method, use_proof: bool) -> SequenceOptions {
    SequenceOptions { method, use_proof, ..SequenceOptions::default() }
}

/// G(0..=n) by the definition alone: memoised recursion over the rule's
/// moves, each worth the XOR of the heaps it leaves.
fn brute(r: &HeapRule, n: usize) -> Vec<u32> {
    fn g(r: &HeapRule, n: usize, memo: &mut HashMap<usize, u32>) -> u32 {
        if let Some(&v) = memo.get(&n) {
            return v;
        }
        let mut seen = Vec::new();
        for (_, leave) in r.options(n) {
            seen.push(leave.iter().fold(0, |x, &h| x ^ g(r, h, memo)));
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(n, v);
        v
    }
    let mut memo = HashMap::new();
    (0..=n).map(|m| g(r, m, &mut memo)).collect()
}

/// Thirty-odd rules of every kind: octal codes with and without known
/// periods, `d0 = 4` and `C`, hexadecimal digits, `!`, infinite codes,
/// subtraction and all-but games, Nim and Grundy's game.
const RULES: [&str; 32] = [
    "0.77",
    "0.07",
    "0.137",
    "0.6",
    "0.51",
    "4.7",
    "0.16",
    "0.34",
    "0.52",
    "0.007",
    "0.106",
    "0.127",
    "0.177",
    "0.4",
    "4.07",
    "0.777",
    "0.F",
    "0.8",
    "0.B7",
    "0.1F",
    "C.1",
    "4!.07",
    "0.37!",
    "grundy",
    "nim",
    "sub:1,3,4",
    "sub:2,5,7",
    "allbut:1,2",
    "allbut:2,4",
    "0.[7]",
    "0.2[13]",
    "0.0[3]",
];

#[test]
fn brute_force_agrees_with_the_engines() {
    for text in RULES {
        let r = rule(text);
        let want = brute(&r, 500);
        for method in [Method::Auto, Method::Plain, Method::Sparse] {
            let got = nim_sequence_with(&r, 500, with(method, false)).unwrap();
            assert_eq!(got.values[..=500], want[..], "{text} by {method}");
        }
        // With proofs on, values past a proven period are read off it.
        let proved = nim_sequence(&r, 500).unwrap();
        assert_eq!(proved.asked_values(), &want[..], "{text} with proofs");
    }
}

/// Codes whose values keep growing past 2^10: their splits are read from
/// 16-bit copies of the table, one of them reversed and regrown at 1,024
/// and 2,048 values; the definition agrees past both.
#[test]
fn growing_values_agree_with_brute_force_past_the_copies_regrowth() {
    for text in ["0.007", "0.766", "0.564"] {
        let r = rule(text);
        let want = brute(&r, 2_200);
        assert!(want.iter().any(|&v| v >= 64), "{text} grows");
        let got = nim_sequence_with(&r, 2_200, with(Method::Plain, false)).unwrap();
        assert_eq!(got.values[..=2_200], want[..], "{text}");
    }
}

#[test]
fn published_sequences() {
    for k in KNOWN {
        let r = rule(k.rule);
        assert_eq!(r.to_string(), k.rule, "rows name rules in normal form");
        let n = k.values.len() - 1;
        let seq = nim_sequence_with(&r, n, with(Method::Auto, false)).unwrap();
        let want: Vec<u32> = k.values.iter().map(|&v| u32::from(v)).collect();
        assert_eq!(seq.values[..=n], want[..], "{} ({})", k.rule, k.source);
    }
}

#[test]
fn published_periods_are_proven() {
    // Every known period small enough to prove here (0.1777's needs
    // 4.5 * 10^8 values).
    let mut proved = 0;
    for k in KNOWN {
        let Some((p, q)) = k.period else { continue };
        let r = rule(k.rule);
        let c = r.code();
        let need = period::values_needed(c.max_heaps(), c.last_nonzero().unwrap(), &Periodicity { period: p as usize, preperiod: q as usize, saltus: 0 });
        if need > 600_000 {
            continue;
        }
        let seq = nim_sequence(&r, need - 1).unwrap();
        assert_eq!(seq.period(), Some(Periodicity { period: p as usize, preperiod: q as usize, saltus: 0 }), "{}", k.rule);
        assert!(seq.proven(), "{}", k.rule);
        proved += 1;
    }
    assert_eq!(proved, 9);
}

#[test]
fn grundy_rare_values_are_flammenkamps() {
    let seq = nim_sequence(&HeapRule::Grundy, 231).unwrap();
    let rare: Vec<(u32, u8)> = (0..=231).filter(|&n| (seq.values[n] >> 1).count_ones().is_multiple_of(2)).map(|n| (n as u32, seq.values[n] as u8)).collect();
    assert_eq!(rare, GRUNDY_RARE);
}

#[test]
fn sparse_agrees_with_plain_and_is_used() {
    for (text, n) in
        [("grundy", 40_000), ("0.16", 40_000), ("0.106", 40_000), ("0.6", 30_000), ("0.777", 20_000), ("0.007", 12_000), ("0.376", 20_000), ("4.7", 3_000)]
    {
        let r = rule(text);
        let plain = nim_sequence_with(&r, n, with(Method::Plain, false)).unwrap();
        for method in [Method::Sparse, Method::Auto] {
            let fast = nim_sequence_with(&r, n, with(method, false)).unwrap();
            assert_eq!(fast.values, plain.values, "{text} by {method}");
            if method == Method::Sparse {
                assert!(fast.stats.sparse > n / 2, "{text}: {:?}", fast.stats);
            }
        }
        assert_eq!(plain.stats.sparse, 0);
    }
    // Where the rare heaps are rare enough to pay, Auto uses the method
    // too (Grundy's game: from 2^16 on; below, the plain method's four
    // pairs to a word are faster).
    let auto = nim_sequence_with(&HeapRule::Grundy, 100_000, with(Method::Auto, false)).unwrap();
    assert!(auto.stats.sparse > 20_000 && auto.stats.rare_heaps < 2_000, "{:?}", auto.stats);
}

#[test]
fn kayles_period_is_proven_by_the_guy_smith_bound() {
    let kayles = rule("0.77");
    // The bound: 2q + p + k = 2*71 + 12 + 2 = 156, so G(0..=167) prove it.
    assert_eq!(guy_smith_bound(2, 2, 12, 71), 156);
    let values = nim_sequence_with(&kayles, 400, with(Method::Auto, false)).unwrap().values;
    let want = Periodicity { period: 12, preperiod: 71, saltus: 0 };
    assert_eq!(period::prove(&values[..168], 2, 2), Ok(want));
    assert_eq!(period::prove(&values[..167], 2, 2), Err(Some((want, 168))));
    assert_eq!(period::observed(&values, false), Some(want));
    // The last exceptional value is at n = 70.
    assert_ne!(values[70], values[82]);
    assert!((71..389).all(|n| values[n] == values[n + 12]));
    // The engine stops computing there and reads the rest off the period.
    let seq = nim_sequence(&kayles, 100_000).unwrap();
    assert!(seq.proven() && seq.period() == Some(want));
    assert_eq!(seq.stats.computed, 168);
    assert_eq!(seq.values.len(), 100_001);
    assert_eq!(seq.proof, Some(Proof::GuySmith { heaps: 2, last_digit: 2, checked_below: 156 }));
    for n in [0, 70, 71, 1_000, 40_000, 99_999] {
        assert_eq!(seq.values[n], values[if n < 400 { n } else { 71 + (n - 71) % 12 }], "G({n})");
    }
    assert_eq!(nim_value(&kayles, 40_000).unwrap(), seq.values[40_000]);
    assert_eq!(nim_value(&kayles, MAX_HEAP).unwrap(), values[71 + (MAX_HEAP - 71) % 12]);
}

#[test]
fn dawsons_kayles_period_is_proven() {
    let d = rule("0.07");
    assert_eq!(guy_smith_bound(2, 2, 34, 53), 142);
    let values = nim_sequence_with(&d, 300, with(Method::Auto, false)).unwrap().values;
    let want = Periodicity { period: 34, preperiod: 53, saltus: 0 };
    assert_eq!(period::prove(&values[..176], 2, 2), Ok(want));
    assert!(period::prove(&values[..175], 2, 2).is_err());
    // Asked for 11 values, looking up to 10,000 for a proof: 176 do.
    let seq = nim_sequence_with(&d, 10, SequenceOptions { search_to: Some(10_000), ..SequenceOptions::default() }).unwrap();
    assert_eq!(seq.period(), Some(want));
    assert!(seq.proven());
    assert_eq!(seq.computed_to(), 175);
    assert_eq!(seq.asked_values(), &values[..=10]);
}

#[test]
fn what_is_and_is_not_proven() {
    // A subtraction game: one heap left, so the window is q' + k.
    let s = nim_sequence(&rule("sub:1,3,4"), 50).unwrap();
    assert_eq!(s.period(), Some(Periodicity { period: 7, preperiod: 0, saltus: 0 }));
    assert!(s.proven());
    assert_eq!(s.asked_values()[..7], [0, 1, 0, 1, 2, 3, 2]);
    // Grundy's game, a '!' code and infinite codes are never proven.
    for text in ["grundy", "4!.07", "0.0[3]"] {
        let s = nim_sequence(&rule(text), 3000).unwrap();
        assert!(!s.proven() && s.proof.is_none(), "{text}");
    }
    // Nim: G(n) = n, an arithmetic period with saltus 1, proven.
    let nim = nim_sequence(&HeapRule::Nim, 100).unwrap();
    assert_eq!(nim.asked_values(), (0..=100).collect::<Vec<u32>>());
    assert_eq!(nim.arithmetic(), Some(Periodicity { period: 1, preperiod: 0, saltus: 1 }));
    assert_eq!(nim.proof, Some(Proof::Nim));
    assert!(nim.period().is_none() && !nim.proven());
    // An all-but game: arithmetic-periodic, only observed.
    let ab = nim_sequence(&rule("allbut:1,2"), 100).unwrap();
    assert_eq!(ab.arithmetic(), Some(Periodicity { period: 3, preperiod: 0, saltus: 1 }));
    assert!(ab.proof.is_none());
    // Too short a table shows no period.
    assert_eq!(nim_sequence_with(&rule("0.77"), 60, with(Method::Auto, false)).unwrap().periodicity, None);
}

#[test]
fn sliced_work_gives_the_same_sequence() {
    for text in ["grundy", "0.16", "0.77", "allbut:3"] {
        let r = rule(text);
        let whole = nim_sequence(&r, 5_000).unwrap();
        let mut job = Sequencer::new(&r, 5_000, SequenceOptions::default()).unwrap();
        let mut slices = 0;
        while !job.step(10_000) {
            slices += 1;
            assert!(slices < 1_000_000);
        }
        let sliced = job.finish();
        assert_eq!(sliced.values, whole.values, "{text}");
        assert_eq!(sliced.periodicity, whole.periodicity, "{text}");
    }
}

#[test]
fn limits_are_errors() {
    assert!(matches!(nim_sequence(&HeapRule::Nim, MAX_HEAP + 1), Err(SequenceError::TooLarge { limit: MAX_HEAP, .. })));
    let hex = rule("0.F");
    let (limit, _) = limit_for(&hex.code());
    let e = nim_sequence(&hex, limit + 1).unwrap_err();
    assert!(e.to_string().contains(&format!("limit of {limit}")), "{e}");
    assert!(nim_sequence(&rule("0.[7]"), 10_000).is_err());
}

#[test]
fn rule_texts_round_trip() {
    for text in RULES.iter().copied().chain(KNOWN.iter().map(|k| k.rule)).chain(["0.0", "8.0", "0.[12]", "4.0[7]", "allbut:7", "sub:100"]) {
        let r = rule(text);
        let printed = r.to_string();
        assert_eq!(rule(&printed), r, "{text} printed {printed}");
        assert_eq!(rule(&printed).to_string(), printed);
    }
}

#[test]
fn garbage_is_refused_with_its_column() {
    for (text, column) in [
        ("0.7x", 4),
        ("0.77 ", 0),
        ("x", 1),
        ("0..7", 3),
        ("1.7", 1),
        ("2.0", 1),
        ("0.7G", 4),
        ("0.&3;", 3),
        ("0.{2,3}", 3),
        ("0.*", 3),
        ("0.[", 4),
        ("0.[]", 4),
        ("0.[3", 5),
        ("0.[3]4", 6),
        ("0.3!", 4),
        ("0.7?", 4),
        ("44.7", 2),
        ("sub", 4),
        ("sub:", 5),
        ("sub:1,,2", 7),
        ("sub:1,x", 7),
        ("sub:0", 5),
        ("sub:99999999999", 5),
        ("allbut:3;", 9),
        ("nim:3", 4),
        ("kayles", 1),
        ("0.7\u{e9}", 4),
    ] {
        match text.parse::<HeapRule>() {
            Ok(r) => assert_eq!(column, 0, "{text:?} read as {r}"),
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.starts_with(&format!("column {column}:")), "{text:?}: {msg}");
            }
        }
    }
    assert_eq!("".parse::<HeapRule>(), Err(RuleError::Empty));
}

#[test]
fn winning_moves_reach_nim_sum_zero() {
    for text in ["0.77", "0.07", "grundy", "sub:1,3,4", "4.7", "nim"] {
        let r = rule(text);
        let values = nim_sequence(&r, 40).unwrap().values;
        for heaps in [vec![3, 5], vec![7], vec![1, 2, 3], vec![10, 11, 12], vec![20, 4, 9]] {
            let x = position_value(&values, &heaps).unwrap();
            let moves = winning_moves(&r, &values, &heaps).unwrap();
            // Every move to nim-sum 0, by brute force over all moves.
            let mut all = Vec::new();
            for (i, &h) in heaps.iter().enumerate() {
                for (take, leave) in r.options(h) {
                    let rest = heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &o)| values[o]);
                    if nim_sum(rest.chain(leave.iter().map(|&l| values[l]))) == 0 {
                        all.push(HeapMove { heap: i, take, leave });
                    }
                }
            }
            assert_eq!(moves, all, "{text} {heaps:?}");
            // The player to move wins exactly when the nim-sum is not 0.
            assert_eq!(moves.is_empty(), x == 0, "{text} {heaps:?}");
        }
    }
    let values: Vec<u32> = (0..20).collect();
    let moves = winning_moves(&HeapRule::Nim, &values, &[3, 4, 5]).unwrap();
    assert_eq!(moves.iter().map(ToString::to_string).collect::<Vec<_>>(), ["take 2 from heap 1"]);
    let kayles: Vec<u32> = nim_sequence(&rule("0.77"), 20).unwrap().values;
    let m = winning_moves(&rule("0.77"), &kayles, &[5]).unwrap();
    assert!(m.iter().any(|m| m.to_string() == "take 1 from heap 1, leaving 2 + 2"), "{m:?}");
    assert!(position_value(&kayles, &[3, 50]).is_err());
}

fn digit() -> impl Strategy<Value = String> {
    (0u8..16, any::<bool>()).prop_map(|(d, bang)| format!("{:X}{}", d, if bang && d & 12 != 0 { "!" } else { "" }))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_codes_round_trip(d0 in prop::sample::select(vec!["0", "4", "8", "C", "4!", ""]), body in prop::collection::vec(digit(), 0..6), block in prop::collection::vec(digit(), 0..3)) {
        let text = format!("{d0}.{}{}", body.concat(), if block.is_empty() { String::new() } else { format!("[{}]", block.concat()) });
        let r: HeapRule = text.parse().unwrap();
        let printed = r.to_string();
        prop_assert_eq!(printed.parse::<HeapRule>().unwrap(), r.clone());
        // The normal form plays the same game.
        let n = if r.code().max_heaps() >= 3 || !r.code().is_finite() { 40 } else { 120 };
        prop_assert_eq!(nim_sequence(&r, n).unwrap().values[..=n].to_vec(), brute(&r, n));
    }

    #[test]
    fn garbage_never_panics(text in "[0-9A-Za-z.\\[\\]!,:&{}* -]{0,12}") {
        if let Err(e) = text.parse::<HeapRule>() {
            let msg = e.to_string();
            prop_assert!(msg.starts_with("column ") || msg.starts_with("empty rule"), "{}", msg);
        }
    }
}
