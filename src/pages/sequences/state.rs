//! The Nim sequences page's URL state: its own keys only, read and written
//! by this wing (the shell's `Link` holds one [`SequencesState`] and hands
//! it the query pairs).
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `sr` | the heap rule, as typed (`0.77`, `grundy`, `sub:1,3,4`) | `0.77` |
//! | `sn` | the last heap `N`: the page shows `G(0)` to `G(N)` | 200 |
//! | `sw` | values a row of the table: `10`, `12`, or the period's (`auto`, not written) | auto |
//! | `sq` | the heap bound of the misère quotient shown (none when absent) | none |
//!
//! None clashes with another page's keys (`crate::pages` has the table).
//! A link is user input: a length that is not a number, or past
//! [`MAX_LENGTH`], and a row width that is none of the three fall back (and
//! the link's note says so); a rule that does not parse is kept as typed,
//! and the page shows its error.

use crate::pages::{cut, cut_note, MAX_TEXT};

/// The rule a link without `sr=` shows: Kayles.
pub const DEFAULT_RULE: &str = "0.77";
/// The last heap a link without `sn=` shows.
pub const DEFAULT_LENGTH: usize = 200;
/// The largest `N` the page computes to (a few million values: the fast
/// rules get there in seconds, the table and the plot stay light).
pub const MAX_LENGTH: usize = 5_000_000;

/// How many values a row of the table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RowWidth {
    /// The period when it is from 4 to 40 (as published tables print a
    /// periodic sequence), else 12.
    #[default]
    Auto,
    Ten,
    Twelve,
}

impl RowWidth {
    /// The `sw=` value.
    pub fn key(self) -> &'static str {
        match self {
            RowWidth::Auto => "auto",
            RowWidth::Ten => "10",
            RowWidth::Twelve => "12",
        }
    }

    pub fn from_key(v: &str) -> Option<RowWidth> {
        match v.trim() {
            "auto" | "" => Some(RowWidth::Auto),
            "10" => Some(RowWidth::Ten),
            "12" => Some(RowWidth::Twelve),
            _ => None,
        }
    }

    /// Values a row, given the sequence's period (if any).
    pub fn width(self, period: Option<usize>) -> usize {
        match self {
            RowWidth::Ten => 10,
            RowWidth::Twelve => 12,
            RowWidth::Auto => period.filter(|p| (4..=40).contains(p)).unwrap_or(12),
        }
    }
}

/// What the Nim sequences page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequencesState {
    /// The rule as typed (may not parse: the page says why).
    pub rule: String,
    /// The last heap `N`.
    pub length: usize,
    pub width: RowWidth,
    /// The heap bound of the misère quotient computed beside the sequence
    /// (0: none asked).
    pub quotient: usize,
}

impl Default for SequencesState {
    fn default() -> Self {
        SequencesState { rule: DEFAULT_RULE.to_string(), length: DEFAULT_LENGTH, width: RowWidth::Auto, quotient: 0 }
    }
}

/// The largest heap bound of a misère quotient the page computes (the
/// core's limit for rules that leave at most two heaps).
pub const MAX_QUOTIENT: usize = cgt::impartial::quotient::MAX_QUOTIENT_HEAP;

/// `sq=`'s value: a whole number from 1 to [`MAX_QUOTIENT`].
fn read_quotient(v: &str) -> Option<usize> {
    let v = v.trim();
    (!v.is_empty() && v.chars().all(|c| c.is_ascii_digit())).then(|| v.parse::<usize>().unwrap_or(usize::MAX).min(MAX_QUOTIENT)).filter(|&n| n > 0)
}

/// `sn=`'s value as the page reads it: a whole number, at most
/// [`MAX_LENGTH`] (`None`: not a whole number).
fn read_length(v: &str) -> Option<usize> {
    let v = v.trim();
    if v.is_empty() || !v.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    // Digits past what a usize holds are past the limit too.
    Some(v.parse::<usize>().unwrap_or(usize::MAX).min(MAX_LENGTH))
}

impl SequencesState {
    /// The keys the Nim sequences page reads and writes (no other page
    /// reads them).
    pub const KEYS: &'static [&'static str] = &["sr", "sn", "sw", "sq"];

    /// From decoded query pairs; other pages' keys are ignored, anything
    /// missing or malformed keeps its default.
    pub fn from_pairs<I, K, V>(pairs: I) -> SequencesState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = SequencesState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "sr" => st.rule = cut(v, MAX_TEXT),
                "sn" => st.length = read_length(v).unwrap_or(DEFAULT_LENGTH),
                "sw" => st.width = RowWidth::from_key(v).unwrap_or_default(),
                "sq" => st.quotient = read_quotient(v).unwrap_or(0),
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `key` and what the page
    /// shows instead (the link's note); a rule that does not parse is
    /// named by the page itself.
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "sr" => cut_note(v, MAX_TEXT),
            "sn" => match read_length(v) {
                None => Some(format!("is not a heap size (a whole number from 0): G(0) to G({DEFAULT_LENGTH}) are shown")),
                // All digits: only a number past what a usize holds fails to parse.
                Some(_) if v.trim().parse::<usize>().map_or(true, |n| n > MAX_LENGTH) => {
                    Some(format!("is past the page's limit of {}: G(0) to G({MAX_LENGTH}) are shown", crate::slices::thousands(MAX_LENGTH)))
                }
                Some(_) => None,
            },
            "sw" if RowWidth::from_key(v).is_none() => Some("is not 10, 12 or auto: rows as long as the period (or 12)".into()),
            "sq" => match read_quotient(v) {
                None => Some("is not a heap bound (a whole number from 1): no misère quotient is computed".into()),
                Some(_) if v.trim().parse::<usize>().map_or(true, |n| n > MAX_QUOTIENT) => {
                    Some(format!("is past the page's limit of {MAX_QUOTIENT}: the quotient to heap {MAX_QUOTIENT} is computed"))
                }
                Some(_) => None,
            },
            _ => None,
        }
    }

    /// The query pairs: the rule and the length always (a default may
    /// change one day; a shared link should not), the row width when it
    /// is not automatic.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("sr", self.rule.clone()), ("sn", self.length.to_string())];
        if self.width != RowWidth::Auto {
            out.push(("sw", self.width.key().to_string()));
        }
        if self.quotient > 0 {
            out.push(("sq", self.quotient.to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_only_its_own_keys() {
        for st in [
            SequencesState::default(),
            SequencesState { rule: "sub:1,3,4".into(), length: 5_000, width: RowWidth::Ten, quotient: 0 },
            SequencesState { rule: "0.[3".into(), length: 0, width: RowWidth::Twelve, quotient: 12 },
        ] {
            let pairs = st.to_pairs();
            assert!(pairs.iter().all(|(k, _)| SequencesState::KEYS.contains(k)), "{pairs:?}");
            assert_eq!(SequencesState::from_pairs(pairs), st);
        }
        assert_eq!(SequencesState::default().to_pairs(), vec![("sr", "0.77".to_string()), ("sn", "200".to_string())]);
    }

    #[test]
    fn reads_only_its_own_keys_and_falls_back() {
        assert_eq!(SequencesState::from_pairs([("g", "*"), ("s", "x"), ("n", "5"), ("page", "sequences")]), SequencesState::default());
        let st = SequencesState::from_pairs([("sn", "x"), ("sw", "11"), ("sr", &"7".repeat(MAX_TEXT + 5)[..])]);
        assert_eq!((st.length, st.width, st.rule.len()), (DEFAULT_LENGTH, RowWidth::Auto, MAX_TEXT));
        assert_eq!(SequencesState::from_pairs([("sn", "99999999999999999999999")]).length, MAX_LENGTH);
        assert_eq!(SequencesState::from_pairs([("sn", " 12 ")]).length, 12);
        assert_eq!(SequencesState::from_pairs([("sn", "-1")]).length, DEFAULT_LENGTH);
    }

    #[test]
    fn malformed_values_are_named() {
        assert!(SequencesState::check("sn", "x").unwrap().contains("not a heap size"));
        assert!(SequencesState::check("sn", "-3").is_some());
        assert!(SequencesState::check("sn", "6000000").unwrap().contains("5,000,000"));
        assert!(SequencesState::check("sn", "99999999999999999999999").unwrap().contains("limit"));
        assert_eq!(SequencesState::check("sn", "5000000"), None);
        assert_eq!(SequencesState::check("sn", "0"), None);
        assert_eq!(SequencesState::check("sn", "0005"), None);
        assert!(SequencesState::check("sw", "7").is_some());
        assert!(SequencesState::check("sq", "0").unwrap().contains("not a heap bound"));
        assert!(SequencesState::check("sq", "5000").unwrap().contains("limit of 1000"));
        assert_eq!(SequencesState::check("sq", "30"), None);
        assert_eq!(SequencesState::from_pairs([("sq", "5000")]).quotient, MAX_QUOTIENT);
        assert_eq!(SequencesState::from_pairs([("sq", "x")]).quotient, 0);
        assert_eq!(SequencesState::check("sw", "12"), None);
        assert_eq!(SequencesState::check("sr", "0.7x"), None, "the page names a rule's error itself");
        assert!(SequencesState::check("sr", &"7".repeat(MAX_TEXT + 1)).is_some());
    }

    #[test]
    fn row_widths() {
        assert_eq!(RowWidth::Auto.width(Some(12)), 12);
        assert_eq!(RowWidth::Auto.width(Some(34)), 34);
        assert_eq!(RowWidth::Auto.width(Some(1)), 12);
        assert_eq!(RowWidth::Auto.width(Some(149_459)), 12);
        assert_eq!(RowWidth::Auto.width(None), 12);
        assert_eq!(RowWidth::Ten.width(Some(12)), 10);
        for w in [RowWidth::Auto, RowWidth::Ten, RowWidth::Twelve] {
            assert_eq!(RowWidth::from_key(w.key()), Some(w));
        }
    }
}
