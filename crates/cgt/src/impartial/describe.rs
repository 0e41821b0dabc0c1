//! A heap rule in words: what a move is, sentence by sentence, for a page
//! or a help text to show beside the code (Winning Ways ch. 4 reads codes
//! the same way).
//!
//! A take-and-break code `d0.d1d2...` says, digit by digit, what removing
//! `k` tokens from one heap may leave (see [`super::rules`]): each distinct
//! digit becomes one sentence naming the numbers of tokens it applies to
//! ("Remove 1 or 2 tokens from one heap, leaving nothing, one heap or two
//! heaps."), the digit before the point a sentence on splitting without
//! removing, and a repeated block the numbers it repeats for ("any number
//! of tokens, 3 or more"; "2, 4, 6, … tokens"). Named rules (`nim`,
//! `grundy`, `sub:`, `allbut:`) get their usual one-line statement.
//!
//! The sentences are plain text, exact and deterministic: the same rule
//! always reads the same.

use super::rules::{Digit, HeapRule, TbCode};

/// The most numbers of tokens a sentence lists one by one before it
/// writes runs as ranges ("1 to 5").
const LIST_ONE_BY_ONE: usize = 6;

impl HeapRule {
    /// What a move is, in sentences: one for each kind of move (for codes,
    /// one per distinct digit), then what every rule shares. Never empty.
    ///
    /// ```
    /// use cgt::impartial::HeapRule;
    /// let kayles: HeapRule = "0.77".parse().unwrap();
    /// assert_eq!(kayles.describe()[0], "Remove 1 or 2 tokens from one heap, leaving nothing (the heap had exactly that many), one heap, or two heaps.");
    /// ```
    pub fn describe(&self) -> Vec<String> {
        let mut out = match self {
            HeapRule::Nim => vec!["Remove any number of tokens (at least one) from one heap.".to_string()],
            HeapRule::Grundy => vec![
                "Split one heap into two nonempty heaps of different sizes; no token is removed.".to_string(),
                "Heaps of 1 and 2 tokens cannot be split: the game ends when every heap is that small.".to_string(),
            ],
            HeapRule::Subtraction(set) if set.is_empty() => vec![no_move()],
            HeapRule::Subtraction(set) => vec![format!("Remove {} from one heap (a subtraction game).", tokens(set))],
            HeapRule::AllBut(set) => vec![format!("Remove any number of tokens from one heap except {} (an all-but subtraction game).", numbers(set, "or"))],
            HeapRule::Code(code) => code_sentences(code),
        };
        let code = self.code();
        if !matches!(self, HeapRule::Code(_)) {
            out.push(format!("Its take-and-break code is {code}."));
        }
        if code.max_heaps() >= 2 {
            out.push("Heaps left by a move are never empty, and each is a heap of its own from then on.".to_string());
        }
        out.push("A move changes one heap; the player who cannot move loses (normal play).".to_string());
        out
    }
}

fn no_move() -> String {
    "No move at all: every position is a loss for the player to move.".to_string()
}

/// The sentences of a code: the digit before the point, then each distinct
/// digit of the finite part, then the repeated block's.
fn code_sentences(code: &TbCode) -> Vec<String> {
    let mut out = Vec::new();
    let d0 = code.digit(0);
    if d0.bits != 0 {
        out.push(split_sentence(d0));
    }
    // Distinct digits of d1..dK, in order of first appearance.
    let finite = code.digits();
    let mut seen: Vec<Digit> = Vec::new();
    for d in finite.iter().filter(|d| d.bits != 0) {
        if !seen.contains(d) {
            seen.push(*d);
        }
    }
    for d in seen {
        let ks: Vec<usize> = (1..=finite.len()).filter(|&k| code.digit(k) == d).collect();
        out.push(move_sentence(&tokens(&ks), d));
    }
    let block = code.repeat();
    if !block.is_empty() {
        let start = code.repeat_start();
        let r = block.len();
        let mut seen: Vec<Digit> = Vec::new();
        for d in block.iter().filter(|d| d.bits != 0) {
            if !seen.contains(d) {
                seen.push(*d);
            }
        }
        for d in seen {
            let what = if r == 1 {
                if start == 1 {
                    "any number of tokens".to_string()
                } else {
                    format!("any number of tokens, {start} or more,")
                }
            } else {
                // Two rounds of the block, then "…".
                let ks: Vec<String> = (start..start + 2 * r).filter(|&k| code.digit(k) == d).map(|k| k.to_string()).collect();
                format!("{}, … tokens", ks.join(", "))
            };
            out.push(move_sentence(&what, d));
        }
    }
    if out.is_empty() {
        out.push(no_move());
    }
    out
}

/// The digit before the point: split without removing.
fn split_sentence(d: Digit) -> String {
    let into = match (d.leaves_two(), d.leaves_three()) {
        (true, true) => "two or three nonempty heaps",
        (false, true) => "three nonempty heaps",
        _ => "two nonempty heaps",
    };
    let unequal = if d.unequal { unequal_clause(d) } else { "" };
    format!("Split one heap into {into}{unequal} without removing any token.")
}

fn unequal_clause(d: Digit) -> &'static str {
    if d.leaves_three() {
        ", all of different sizes"
    } else {
        " of different sizes"
    }
}

/// One digit's moves: remove `what` ("1 or 2 tokens") from one heap and
/// leave what its bits allow.
fn move_sentence(what: &str, d: Digit) -> String {
    match d.bits {
        1 => format!("Remove a whole heap of exactly {what}."),
        2 => format!("Remove {what} from one heap that has more, leaving one heap."),
        3 => format!("Remove {what} from one heap (that has at least that many)."),
        _ => {
            let mut left = Vec::new();
            if d.takes_all() {
                left.push("nothing (the heap had exactly that many)");
            }
            if d.leaves_one() {
                left.push("one heap");
            }
            if d.leaves_two() {
                left.push("two heaps");
            }
            if d.leaves_three() {
                left.push("three heaps");
            }
            let list = match left.len() {
                1 => left[0].to_string(),
                2 => format!("{} or {}", left[0], left[1]),
                n => format!("{}, or {}", left[..n - 1].join(", "), left[n - 1]),
            };
            let unequal = if d.unequal {
                if d.leaves_three() {
                    " (heaps left all of different sizes)"
                } else {
                    " (of different sizes)"
                }
            } else {
                ""
            };
            format!("Remove {what} from one heap, leaving {list}{unequal}.")
        }
    }
}

/// `1 token`, `1 or 2 tokens`, `1, 3 or 4 tokens`, `1 to 5 or 7 tokens`.
fn tokens(ks: &[usize]) -> String {
    let noun = if ks == [1] { "token" } else { "tokens" };
    format!("{} {noun}", numbers(ks, "or"))
}

/// Sorted numbers joined with commas and `word` before the last; runs of
/// three or more written `a to b` when the list is long.
fn numbers(ks: &[usize], word: &str) -> String {
    let parts: Vec<String> = if ks.len() <= LIST_ONE_BY_ONE {
        ks.iter().map(usize::to_string).collect()
    } else {
        let mut parts = Vec::new();
        let mut i = 0;
        while i < ks.len() {
            let mut j = i;
            while j + 1 < ks.len() && ks[j + 1] == ks[j] + 1 {
                j += 1;
            }
            if j >= i + 2 {
                parts.push(format!("{} to {}", ks[i], ks[j]));
                i = j + 1;
            } else {
                parts.push(ks[i].to_string());
                i += 1;
            }
        }
        parts
    };
    match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        n => format!("{} {word} {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn says(rule: &str) -> Vec<String> {
        rule.parse::<HeapRule>().unwrap_or_else(|e| panic!("{rule}: {e}")).describe()
    }

    #[test]
    fn octal_codes_read_digit_by_digit() {
        let k = says("0.77");
        assert_eq!(k[0], "Remove 1 or 2 tokens from one heap, leaving nothing (the heap had exactly that many), one heap, or two heaps.");
        assert!(k.iter().any(|s| s.contains("never empty")));
        assert!(k.last().unwrap().contains("cannot move loses"));
        // Dawson's Kayles: only 2 tokens.
        assert_eq!(says("0.07")[0], "Remove 2 tokens from one heap, leaving nothing (the heap had exactly that many), one heap, or two heaps.");
        // Dawson's Chess: three digits, three sentences.
        let c = says("0.137");
        assert_eq!(c[0], "Remove a whole heap of exactly 1 token.");
        assert_eq!(c[1], "Remove 2 tokens from one heap (that has at least that many).");
        assert!(c[2].starts_with("Remove 3 tokens from one heap, leaving nothing"));
        // The same digit at several places: one sentence.
        assert_eq!(says("0.3033")[0], "Remove 1, 3 or 4 tokens from one heap (that has at least that many).");
        assert_eq!(says("0.6")[0], "Remove 1 token from one heap, leaving one heap or two heaps.");
        assert_eq!(says("0.2")[0], "Remove 1 token from one heap that has more, leaving one heap.");
    }

    #[test]
    fn splits_blocks_and_hexadecimal() {
        let s = says("4.7");
        assert_eq!(s[0], "Split one heap into two nonempty heaps without removing any token.");
        assert!(s[1].starts_with("Remove 1 token from one heap, leaving nothing"));
        assert_eq!(says("4!.0")[0], "Split one heap into two nonempty heaps of different sizes without removing any token.");
        assert_eq!(says("0.[3]")[0], "Remove any number of tokens from one heap (that has at least that many).");
        assert_eq!(says("0.00[3]")[0], "Remove any number of tokens, 3 or more, from one heap (that has at least that many).");
        assert_eq!(says("0.[30]")[0], "Remove 1, 3, … tokens from one heap (that has at least that many).");
        assert!(says("0.F")[0].ends_with("one heap, two heaps, or three heaps."), "{:?}", says("0.F"));
        assert_eq!(says("0.C!")[0], "Remove 1 token from one heap, leaving two heaps or three heaps (heaps left all of different sizes).");
        assert_eq!(says("0.0")[0], no_move());
        // Long lists are written as runs.
        let long = says("0.333333303");
        assert_eq!(long[0], "Remove 1 to 7 or 9 tokens from one heap (that has at least that many).");
    }

    #[test]
    fn named_rules() {
        assert_eq!(says("nim")[0], "Remove any number of tokens (at least one) from one heap.");
        assert!(says("nim").contains(&"Its take-and-break code is 0.[3].".to_string()));
        let g = says("grundy");
        assert!(g[0].starts_with("Split one heap into two nonempty heaps of different sizes"));
        assert!(g.contains(&"Its take-and-break code is 4!.0.".to_string()));
        assert_eq!(says("sub:1,3,4")[0], "Remove 1, 3 or 4 tokens from one heap (a subtraction game).");
        assert_eq!(says("sub:2")[0], "Remove 2 tokens from one heap (a subtraction game).");
        assert_eq!(says("allbut:1,2")[0], "Remove any number of tokens from one heap except 1 or 2 (an all-but subtraction game).");
        assert!(says("allbut:1,2").contains(&"Its take-and-break code is 0.00[3].".to_string()));
        assert!(!says("sub:1").iter().any(|s| s.contains("never empty")));
    }

    #[test]
    fn number_lists() {
        assert_eq!(numbers(&[1], "or"), "1");
        assert_eq!(numbers(&[1, 2], "or"), "1 or 2");
        assert_eq!(numbers(&[1, 2, 3, 4, 5, 6, 7, 10, 11, 20], "or"), "1 to 7, 10, 11 or 20");
        assert_eq!(tokens(&[1]), "1 token");
    }
}
