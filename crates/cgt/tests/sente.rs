//! Go's words (`cgt::sente`) against the published examples in
//! `tests/data/sente.json` (each row with its source and the ambient the
//! source assumes), and against Spight's closed form for `{a || b | c}`
//! on random games.

use cgt::notation::GameTree;
use cgt::numbers::Q;
use cgt::sente::{at_ambient, classify, Sente};
use cgt::thermograph::thermograph;
use proptest::prelude::*;

fn th(s: &str) -> cgt::thermograph::Thermograph {
    let g: GameTree = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
    thermograph(g.arena(), g.root())
}

fn q(s: &str) -> Q {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"))
}

#[test]
fn published_examples() {
    let rows: Vec<serde_json::Value> = serde_json::from_str(include_str!("data/sente.json")).unwrap();
    let mut named = 0;
    for row in &rows {
        let game = row["game"].as_str().unwrap();
        assert!(!row["source"].as_str().unwrap().is_empty(), "{game}: a source");
        let t = th(game);
        let w = classify(&t);
        let kind: Sente = row["kind"].as_str().unwrap().parse().unwrap();
        assert_eq!(w.kind, kind, "{game}: kind");
        assert_eq!(w.count, q(row["count"].as_str().unwrap()), "{game}: count");
        assert_eq!(w.miai, q(row["miai"].as_str().unwrap()), "{game}: miai value");
        let ranges: Vec<String> = w.by_ambient.iter().map(|r| format!("{} {} {}", r.from, r.to, r.kind)).collect();
        assert_eq!(ranges.join("; "), row["ranges"].as_str().unwrap(), "{game}: ranges of ambient");
        for says in row["source_says"].as_array().unwrap() {
            let ambient = match says["ambient"].as_str().unwrap() {
                // Just below the game's own temperature.
                "t" => t.temperature() - &Q::frac(1, 1 << 20),
                a => q(a),
            };
            let want: Sente = says["kind"].as_str().unwrap().parse().unwrap();
            assert_eq!(at_ambient(&t, &ambient), want, "{game} at ambient {ambient}");
            named += 1;
        }
    }
    assert!(named >= 15, "at least 15 published classifications ({named})");
}

#[test]
fn the_words() {
    let players = ["Left", "Right"];
    assert_eq!(classify(&th("{{-2|-4}|-7}")).phrase(players), "a 2-point gote, count -5; at a cooler ambient: Left's sente below 1");
    assert_eq!(classify(&th("9||8|0")).phrase(["Black", "White"]), "White's 1-point sente, count 8 (Black's move is a 1-point reverse sente)");
    assert_eq!(
        classify(&th("13|4||0|-11")).phrase(players),
        "a 7-point gote, count 3/2; at a cooler ambient: double sente below 9/2, Right's sente from 9/2 to 11/2"
    );
    assert_eq!(classify(&th("3/2")).phrase(players), "cold: no move here gains anything (count 3/2)");
    // Issue 43: a temperature of 0 is a dame, and fractions a player does
    // not read at sight come rounded first.
    assert_eq!(classify(&th("*")).phrase(players), "dame: no move here gains a point (count 0)");
    assert_eq!(classify(&th("2*")).phrase(players), "dame: no move here gains a point (count 2)");
    assert_eq!(classify(&th("{11|9217/1024}")).phrase(players), "about a 1-point gote, count about 10 (exactly a 2047/2048-point gote, count 20481/2048)");
    assert_eq!(classify(&th("{1/16|-1/16}")).phrase(players), "a gote of less than 1/8 point, count 0 (exactly a 1/16-point gote, count 0)");
    assert_eq!(classify(&th("{1|0}")).phrase(players), "a 1/2-point gote, count 1/2");
    assert_eq!("double_sente".parse::<Sente>(), Ok(Sente::DoubleSente));
    assert!("sente".parse::<Sente>().unwrap_err().to_string().contains("left_sente"));
}

/// Above the temperature nobody plays here: cold at any hotter ambient.
#[test]
fn hotter_ambients_are_cold() {
    let t = th("22|4||0");
    assert_eq!(at_ambient(&t, &q("4")), Sente::Cold);
    assert_eq!(at_ambient(&t, &q("100")), Sente::Cold);
    assert_eq!(at_ambient(&t, &q("-3")), Sente::LeftSente, "a negative ambient reads as 0");
}

proptest! {
    /// Spight (Life In 19x19, viewtopic.php?p=177988): for `{a || b | c}`
    /// with a > b > c, solve `a - t = max(b, (b+c)/2 + t)`. The solution on
    /// `b` is White's sente (count b, temperature a - b), the other gote
    /// (count (2a+b+c)/4, temperature (2a-b-c)/4): sente exactly when the
    /// follow-up (b-c)/2 is at least the gain a - b.
    #[test]
    fn spights_closed_form(c in -40i64..40, db in 1i64..40, da in 1i64..40, halves in any::<bool>()) {
        let k = if halves { 2 } else { 1 };
        let (a, b, c) = (Q::frac(c + db + da, k), Q::frac(c + db, k), Q::frac(c, k));
        let game = format!("{a}||{b}|{c}");
        let w = classify(&th(&game));
        let two = Q::from_int(2);
        let four = Q::from_int(4);
        let follow_up = (&b - &c).checked_div(&two).unwrap();
        if &a - &b <= follow_up {
            prop_assert_eq!(w.kind, Sente::RightSente, "{}", game);
            prop_assert_eq!(&w.count, &b);
            prop_assert_eq!(&w.miai, &(&a - &b));
        } else {
            prop_assert_eq!(w.kind, Sente::Gote, "{}", game);
            prop_assert_eq!(&w.count, &(&(&(&a + &a) + &b) + &c).checked_div(&four).unwrap());
            prop_assert_eq!(&w.miai, &(&(&(&a + &a) - &b) - &c).checked_div(&four).unwrap());
            // Below the follow-up's temperature, Right's move is sente.
            prop_assert_eq!(w.by_ambient.first().map(|r| r.kind), Some(Sente::RightSente), "{}", game);
        }
    }

    /// Negating a game swaps Left's and Right's words.
    #[test]
    fn negation_swaps_sides(a in -20i64..20, b in -20i64..20, c in -20i64..20, d in -20i64..20) {
        let g = format!("{{{a}|{b}}}||{{{c}|{d}}}");
        let (w, n) = (classify(&th(&g)), classify(&th(&format!("-({g})"))));
        let swap = |k: Sente| match k {
            Sente::LeftSente => Sente::RightSente,
            Sente::RightSente => Sente::LeftSente,
            k => k,
        };
        prop_assert_eq!(swap(w.kind), n.kind);
        prop_assert_eq!(&w.count, &-&n.count);
        prop_assert_eq!(w.by_ambient.len(), n.by_ambient.len());
    }
}
