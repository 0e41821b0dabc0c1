//! Hackenbush values against an independent brute force (raw game trees
//! built in this file, then canonicalised), Berlekamp's rule for stalks,
//! negation by swapping colours, the text format, and bad input.

use cgt::canonical::Canon;
use cgt::game::{Arena, GameId};
use cgt::outcome::outcome;
use cgt::rulesets::hackenbush::{stalk_value, Colour, Edge, Hackenbush, Rules};
use proptest::prelude::*;
use std::collections::HashMap;

/// The game tree of a position by the rules, written independently of the
/// module: an edge survives if a path of surviving edges reaches vertex 0.
fn brute(edges: &[(u32, u32, Colour)], rules: Rules, arena: &mut Arena) -> GameId {
    fn grounded(edges: &[(u32, u32, Colour)], set: u32) -> u32 {
        let mut reach = vec![0u32];
        let mut keep = 0u32;
        loop {
            let before = keep;
            for (i, &(a, b, _)) in edges.iter().enumerate() {
                if set >> i & 1 == 1 && (reach.contains(&a) || reach.contains(&b)) {
                    keep |= 1 << i;
                    for v in [a, b] {
                        if !reach.contains(&v) {
                            reach.push(v);
                        }
                    }
                }
            }
            if keep == before {
                return keep;
            }
        }
    }
    fn go(edges: &[(u32, u32, Colour)], rules: Rules, set: u32, arena: &mut Arena, memo: &mut HashMap<u32, GameId>) -> GameId {
        if let Some(&g) = memo.get(&set) {
            return g;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (k, left) in [(0, true), (1, false)] {
            let mine: Vec<usize> = (0..edges.len())
                .filter(|&i| set >> i & 1 == 1)
                .filter(|&i| match edges[i].2 {
                    Colour::Green => true,
                    Colour::Blue => left,
                    Colour::Red => !left,
                })
                .collect();
            let cuts: Vec<u32> = match rules {
                Rules::Classical => mine.iter().map(|&i| 1 << i).collect(),
                Rules::TwoMove => {
                    let mut v = Vec::new();
                    for a in 0..mine.len() {
                        for b in a + 1..mine.len() {
                            v.push(1 << mine[a] | 1 << mine[b]);
                        }
                    }
                    v
                }
            };
            for cut in cuts {
                let next = grounded(edges, set & !cut);
                let g = go(edges, rules, next, arena, memo);
                sides[k].push(g);
            }
        }
        let g = arena.options(&sides[0], &sides[1]).unwrap();
        memo.insert(set, g);
        g
    }
    let all = (1u32 << edges.len()) - 1;
    go(edges, rules, grounded(edges, all), arena, &mut HashMap::new())
}

fn colour() -> impl Strategy<Value = Colour> {
    prop_oneof![Just(Colour::Blue), Just(Colour::Red), Just(Colour::Green)]
}

/// Small random graphs on vertices 0..=5 (0 the ground), up to 8 edges.
fn graph() -> impl Strategy<Value = Vec<(u32, u32, Colour)>> {
    prop::collection::vec((0u32..6, 0u32..6, colour()), 0..9).prop_map(|v| v.into_iter().filter(|(a, b, _)| a != b).collect())
}

fn position(edges: &[(u32, u32, Colour)]) -> Hackenbush {
    Hackenbush::new(edges.iter().map(|&(a, b, c)| Edge::new(a, b, c).unwrap()).collect()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(300), .. ProptestConfig::default() })]

    #[test]
    fn values_match_brute_force(edges in graph()) {
        let p = position(&edges);
        let mut canon = Canon::new();
        for rules in [Rules::Classical, Rules::TwoMove] {
            let v = p.value(&mut canon, rules, 1 << 20).unwrap();
            let mut arena = Arena::default();
            let root = brute(&edges, rules, &mut arena);
            prop_assert_eq!(v, canon.from_tree(&arena, root).unwrap(), "{} under {:?}", p, rules);
            prop_assert_eq!(canon.outcome(v), outcome(&arena, root));
            // Swapping blue and red gives the negative.
            let n = p.swapped().value(&mut canon, rules, 1 << 20).unwrap();
            prop_assert_eq!(n, canon.neg(v));
        }
        // Classical values add over the parts that meet at the ground.
        let mut acc = canon.zero();
        for part in p.components() {
            let v = part.value(&mut canon, Rules::Classical, 1 << 20).unwrap();
            acc = canon.add(acc, v);
        }
        prop_assert_eq!(acc, p.value(&mut canon, Rules::Classical, 1 << 20).unwrap());
        // The text format round-trips.
        prop_assert_eq!(p.to_string().parse::<Hackenbush>().unwrap(), p);
    }

    #[test]
    fn stalks_follow_berlekamps_rule(s in "[br]{1,14}") {
        let p = Hackenbush::stalks(&[&s]).unwrap();
        let mut canon = Canon::new();
        let v = p.value(&mut canon, Rules::Classical, 1 << 20).unwrap();
        let rule = stalk_value(&s);
        prop_assert_eq!(canon.as_number(v), rule.as_ref(), "{}", s);
    }

    #[test]
    fn green_stalks_are_nimbers(n in 1usize..12) {
        let p = Hackenbush::stalks(&["g".repeat(n)]).unwrap();
        let mut canon = Canon::new();
        let v = p.value(&mut canon, Rules::Classical, 1 << 20).unwrap();
        prop_assert_eq!(canon.name(v), if n == 1 { "*".to_string() } else { format!("*{n}") });
    }

    #[test]
    fn any_text_is_a_position_or_an_error(s in "[-0-9:brgx ,stalk]{0,40}") {
        if let Ok(p) = s.parse::<Hackenbush>() {
            prop_assert_eq!(p.to_string().parse::<Hackenbush>().unwrap(), p);
        }
    }
}

#[test]
fn two_move_examples() {
    let mut canon = Canon::new();
    let name = |canon: &mut Canon, s: &str| {
        let p: Hackenbush = s.parse().unwrap();
        let v = p.value(canon, Rules::TwoMove, 1 << 20).unwrap();
        canon.name(v)
    };
    // Not additive: one blue edge is 0, two are 1 (Koene 2024, section 3).
    assert_eq!(name(&mut canon, "0-1:b"), "0");
    assert_eq!(name(&mut canon, "0-1:b 0-2:b"), "1");
    assert_eq!(name(&mut canon, "0-1:b 0-2:r"), "0");
    // Two blue edges on a stalk: cutting both at once is one move.
    assert_eq!(name(&mut canon, "stalk:bb"), "1");
}

#[test]
fn the_search_is_bounded() {
    // 40 green edges on the ground: 2^40 positions unsplit under Two-Move rules.
    let p = Hackenbush::stalks(&vec!["g"; 40]).unwrap();
    let mut canon = Canon::new();
    let e = p.value(&mut canon, Rules::TwoMove, 10_000).unwrap_err();
    assert_eq!(e.to_string(), "more than 10000 positions to search: too large to solve exactly");
    // Classical: 40 parts, each tiny.
    let v = p.value(&mut canon, Rules::Classical, 10_000).unwrap();
    assert_eq!(canon.name(v), "0");
}
