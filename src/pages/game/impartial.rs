//! What the board page shows of an impartial game (Nim, heap codes,
//! Kayles, Cram), pure and natively tested: the nim-sum in binary as
//! Bouton (1902) and Winning Ways ch. 2 teach it (each component's
//! nim-value in binary, one column per power of two, and their sum without
//! carries), the outcome in words under the play chosen, and the rule of
//! misère play where there is one to state.

use super::model::ImpartialReadout;

/// One row of the nim-sum table: a label, the value, its binary digits
/// (most significant first, padded to the table's width).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryRow {
    pub label: String,
    pub value: u32,
    pub bits: Vec<bool>,
}

/// The components' rows and the nim-sum's, all of one width (at least one
/// digit). `labels` names the components (their positions).
pub fn nim_sum_table(labels: &[String], values: &[u32]) -> (Vec<BinaryRow>, BinaryRow) {
    let sum = values.iter().fold(0, |a, v| a ^ v);
    let top = values.iter().copied().max().unwrap_or(0).max(sum);
    let width = (u32::BITS - top.leading_zeros()).max(1) as usize;
    let bits = |v: u32| (0..width).rev().map(|i| v >> i & 1 == 1).collect::<Vec<bool>>();
    let rows = labels.iter().zip(values).map(|(l, &v)| BinaryRow { label: l.clone(), value: v, bits: bits(v) }).collect();
    (rows, BinaryRow { label: "nim-sum".to_string(), value: sum, bits: bits(sum) })
}

/// The powers of two heading the table's columns (`4 2 1`).
pub fn column_heads(width: usize) -> Vec<u64> {
    (0..width).rev().map(|i| 1u64 << i).collect()
}

/// `*g` as the page writes a nimber: `0`, `*`, `*2`.
pub fn nimber(g: u32) -> String {
    match g {
        0 => "0".to_string(),
        1 => "*".to_string(),
        g => format!("*{g}"),
    }
}

/// The outcome in words: who wins with best play, and why.
pub fn outcome_words(r: &ImpartialReadout, to_move: &str) -> String {
    match (r.misere, r.first_player_wins) {
        (false, true) => format!("{to_move}, to move, wins: the nim-sum is {} (not 0), and a move to nim-sum 0 wins.", r.nim_value),
        (false, false) => {
            format!("{to_move}, to move, loses against best play: the nim-sum is 0 (a P-position), and every move leaves a nim-sum other than 0.")
        }
        (true, true) => format!("{to_move}, to move, wins in misère play (the player who cannot move wins)."),
        (true, false) => format!("{to_move}, to move, loses in misère play against best play (the player who cannot move wins)."),
    }
}

/// The misère rule stated for the page, where the theory has one this
/// short: Nim's (Bouton 1902), for the rulesets whose heaps are Nim's.
/// Elsewhere misère play has no nim-sum rule, and the page says the
/// outcome comes from a search of the whole position.
pub fn misere_rule(ruleset: &str, position: &str) -> &'static str {
    let nim = ruleset == "nim" || (ruleset == "heaps" && (position.starts_with("nim:") || position.starts_with("0.[3]:")));
    if nim {
        "Misère Nim (Bouton 1902): play as in normal play, to nim-sum 0, until your move would leave only heaps of one token (or none); then leave an odd number of heaps of one. With every heap at most one, the player to move loses exactly when the number of heaps of one is odd."
    } else {
        "In misère play a position is not the nim-sum of its parts: the outcome and the winning moves come from a search of the whole position, and the nim-values above are those of normal play (Conway 1976, On Numbers and Games ch. 12; Berlekamp, Conway and Guy 1982, Winning Ways ch. 13)."
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_five_seven_in_binary() {
        let labels: Vec<String> = ["3", "5", "7"].iter().map(|s| s.to_string()).collect();
        let (rows, sum) = nim_sum_table(&labels, &[3, 5, 7]);
        assert_eq!(rows[0].bits, [false, true, true]);
        assert_eq!(rows[1].bits, [true, false, true]);
        assert_eq!(rows[2].bits, [true, true, true]);
        assert_eq!((sum.value, sum.bits.clone()), (1, vec![false, false, true]));
        assert_eq!(column_heads(3), [4, 2, 1]);
        let (_, zero) = nim_sum_table(&[], &[]);
        assert_eq!(zero.bits, [false]);
    }

    #[test]
    fn words_under_both_plays() {
        let mut r = ImpartialReadout {
            nim_value: 1,
            component_values: vec![3, 5, 7],
            misere: false,
            first_player_wins: true,
            winning: vec![],
            winning_total: 3,
            misere_form: String::new(),
            genus: String::new(),
            tame: None,
            misere_note: String::new(),
        };
        assert!(outcome_words(&r, "Blue").starts_with("Blue, to move, wins: the nim-sum is 1"));
        r.misere = true;
        r.first_player_wins = false;
        assert!(outcome_words(&r, "Red").contains("loses in misère play"));
        assert!(misere_rule("nim", "3 5 7").starts_with("Misère Nim"));
        assert!(misere_rule("heaps", "nim: 3").starts_with("Misère Nim"));
        assert!(misere_rule("kayles", "xxx").contains("search of the whole position"));
        assert_eq!((nimber(0), nimber(1), nimber(6)), ("0".into(), "*".into(), "*6".into()));
    }
}
