//! Everything the Nim sequences page computes or decides, pure and tested
//! natively: reading a rule ([`parse_rule`], the core's error with its
//! column), the computation run in slices ([`Computation`] over the core's
//! `Sequencer`), and what is shown of its result ([`Report`]): the table in
//! rows with the preperiod, the first period and the exceptions marked,
//! the period and whether it is proven, the published source, the CSV and
//! the position a heap opens on the Games page.

use cgt::impartial::known::{known, KnownSequence};
use cgt::impartial::sequence::limit_for;
use cgt::impartial::{period, HeapRule, Periodicity, Proof, RuleError, SequenceOptions, Sequencer};
use cgt_draw::sequence::is_exception;

/// The Games page's ruleset of positions of heaps (`RULE: h1 h2 ...`).
pub const GAME_RULESET: &str = "heaps";
/// Values the table shows at a time (the rest a page away).
pub const TABLE_VALUES: usize = 1200;
/// Exceptions listed by number (the rest counted).
const LISTED_EXCEPTIONS: usize = 30;

/// A rule to try, with its usual name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    pub name: &'static str,
    pub rule: &'static str,
    /// The `N` it opens with.
    pub length: usize,
}

/// The rules offered as examples.
pub const EXAMPLES: &[Example] = &[
    Example { name: "Kayles", rule: "0.77", length: 200 },
    Example { name: "Dawson's Kayles", rule: "0.07", length: 200 },
    Example { name: "Dawson's Chess", rule: "0.137", length: 200 },
    Example { name: "Grundy's game", rule: "grundy", length: 1000 },
    Example { name: "Nim", rule: "nim", length: 100 },
    Example { name: "Subtraction game {1, 3, 4}", rule: "sub:1,3,4", length: 100 },
    Example { name: "All-but game: any but 1 or 2", rule: "allbut:1,2", length: 100 },
    Example { name: "0.16: period 149,459 (Gangolli and Plambeck, 1989)", rule: "0.16", length: 510_000 },
];

/// Why a typed rule is not one: the core's message (naming the column
/// and what was expected there) and that column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblem {
    pub message: String,
    /// 1-based, in characters (`None`: the text is empty).
    pub column: Option<usize>,
}

/// The rule in `text`, or why it is none.
pub fn parse_rule(text: &str) -> Result<HeapRule, RuleProblem> {
    text.parse::<HeapRule>().map_err(|e| {
        let column = match &e {
            RuleError::Empty => None,
            RuleError::Unexpected { column, .. }
            | RuleError::EndOfText { column, .. }
            | RuleError::UnknownName { column, .. }
            | RuleError::PassingDigit { column, .. }
            | RuleError::Unsupported { column, .. }
            | RuleError::PointlessUnequal { column }
            | RuleError::AdditiveDigits { column }
            | RuleError::TooLarge { column, .. }
            | RuleError::ZeroTake { column } => Some(*column),
        };
        RuleProblem { message: e.to_string(), column }
    })
}

/// The text split around the character at `column` (1-based): before, the
/// character (or empty past the end), after; for marking it.
pub fn split_at_column(text: &str, column: usize) -> (String, String, String) {
    let chars: Vec<char> = text.chars().collect();
    let at = column.saturating_sub(1).min(chars.len());
    let end = (at + 1).min(chars.len());
    (chars[..at].iter().collect(), chars[at..end].iter().collect(), chars[end..].iter().collect())
}

/// How far the engine goes to prove a period when `N` is small: up to
/// this heap (less for codes leaving three heaps, whose every triple is
/// enumerated), as `cgt nim-sequence` does.
pub fn search_to(rule: &HeapRule, length: usize) -> usize {
    let least = if rule.code().max_heaps() >= 3 { 500 } else { 10_000 };
    length.max(least)
}

/// A nim sequence being computed, a slice at a time.
#[derive(Debug)]
pub struct Computation {
    seq: Sequencer,
    length: usize,
}

impl Computation {
    /// `G(0)` to `G(length)` of `rule` (and on, while a period may still
    /// be proven: [`search_to`]); the error says when `length` is past the
    /// rule's limit.
    pub fn new(rule: &HeapRule, length: usize) -> Result<Computation, String> {
        let options = SequenceOptions { search_to: Some(search_to(rule, length)), ..SequenceOptions::default() };
        let seq = Sequencer::new(rule, length, options).map_err(|e| e.to_string())?;
        Ok(Computation { seq, length })
    }

    /// About `budget` units of work (options looked at); `true` when done.
    pub fn step(&mut self, budget: usize) -> bool {
        self.seq.step(budget as u64)
    }

    /// Values computed so far (past `N` while looking for a period).
    pub fn done(&self) -> usize {
        self.seq.progress().0
    }

    /// The last heap asked.
    pub fn length(&self) -> usize {
        self.length
    }

    /// What a progress display says, and the fraction of `G(0..=N)` done.
    pub fn progress(&self) -> (String, f64) {
        let (done, total) = self.seq.progress();
        let text = if done > total {
            format!("looking for a period past G({}): G({}) computed", crate::slices::thousands(total - 1), crate::slices::thousands(done - 1))
        } else {
            format!("G({}) of G({})", crate::slices::thousands(done.saturating_sub(1)), crate::slices::thousands(total - 1))
        };
        (text, (done as f64 / total.max(1) as f64).min(1.0))
    }

    /// The result: all of it once [`Self::step`] said done (`complete`),
    /// else what is computed so far (a cancelled computation).
    pub fn finish(self, complete: bool) -> Report {
        Report::new(self.seq.finish(), complete)
    }
}

/// Where a heap stands against the period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before the periodic part (`n < q`).
    Preperiod,
    /// The first period (`q <= n < q + p`).
    FirstPeriod,
    /// Later periods.
    Periodic,
    /// No period seen.
    Plain,
}

impl Phase {
    /// The cell's class in the table.
    pub fn class(self) -> &'static str {
        match self {
            Phase::Preperiod => "pre",
            Phase::FirstPeriod => "first",
            Phase::Periodic => "periodic",
            Phase::Plain => "plain",
        }
    }
}

/// One value of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub n: usize,
    pub value: u32,
    pub phase: Phase,
    /// A value of the preperiod the period does not give (Winning Ways'
    /// exceptions, emphasised).
    pub exception: bool,
    /// A period starts at this heap (`n = q + kp`).
    pub period_start: bool,
}

/// A row of the table: its first heap and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub start: usize,
    pub cells: Vec<Cell>,
}

/// The published values of a rule, and whether the computed ones agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Published {
    pub name: &'static str,
    pub source: &'static str,
    pub agrees: bool,
}

/// What the page shows of a computed sequence.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub rule: HeapRule,
    /// The last heap asked, `N`.
    pub asked: usize,
    /// `G(0)` on, as far as computed (past `N` when the engine looked for
    /// a period; short of it when cancelled).
    pub values: Vec<u32>,
    /// The period (saltus 0) or arithmetic period, proven or seen.
    pub periodicity: Option<Periodicity>,
    pub proof: Option<Proof>,
    /// Every value up to `N` is here (not cancelled).
    pub complete: bool,
    /// Values computed by mex (the rest read off a proven period).
    pub computed: usize,
}

impl Report {
    pub fn new(seq: cgt::impartial::NimSequence, complete: bool) -> Report {
        Report { rule: seq.rule, asked: seq.asked, values: seq.values, periodicity: seq.periodicity, proof: seq.proof, complete, computed: seq.stats.computed }
    }

    /// `G(0)` to `G(N)`, or as far as computed.
    pub fn shown(&self) -> &[u32] {
        &self.values[..self.values.len().min(self.asked + 1)]
    }

    /// The rule in its normal form (`0.77`, `sub:1,3,4`).
    pub fn rule_text(&self) -> String {
        self.rule.to_string()
    }

    /// The published sequence of this rule, if the lab knows one.
    pub fn known(&self) -> Option<&'static KnownSequence> {
        known(&self.rule_text())
    }

    /// "Kayles (0.77)", or the rule alone.
    pub fn name(&self) -> String {
        match self.known().map(|k| k.name).filter(|n| !n.is_empty()) {
            Some(n) => format!("{n} ({})", self.rule_text()),
            None => self.rule_text(),
        }
    }

    /// Where `n` stands against the period.
    pub fn phase(&self, n: usize) -> Phase {
        match self.periodicity {
            None => Phase::Plain,
            Some(p) if n < p.preperiod => Phase::Preperiod,
            Some(p) if n < p.preperiod + p.period => Phase::FirstPeriod,
            Some(_) => Phase::Periodic,
        }
    }

    /// Whether `G(n)` is an exception of the preperiod.
    pub fn is_exception(&self, n: usize) -> bool {
        self.periodicity.is_some_and(|p| is_exception(&self.values, &p, n))
    }

    /// Every exception among the values shown.
    pub fn exceptions(&self) -> Vec<usize> {
        let end = self.periodicity.map_or(0, |p| p.preperiod).min(self.shown().len());
        (0..end).filter(|&n| self.is_exception(n)).collect()
    }

    /// Values a row: the period's when `width` says so (`sw`).
    pub fn row_width(&self, width: super::state::RowWidth) -> usize {
        width.width(self.periodicity.map(|p| p.period))
    }

    /// The rows holding the values from about `from` (the row it falls in)
    /// on, at most [`TABLE_VALUES`] of them (rounded to whole rows).
    pub fn table(&self, from: usize, width: usize) -> Vec<Row> {
        let width = width.max(1);
        let shown = self.shown();
        let start = (from.min(shown.len().saturating_sub(1)) / width) * width;
        let count = (TABLE_VALUES / width).max(1) * width;
        let end = (start + count).min(shown.len());
        let per = self.periodicity;
        (start..end)
            .step_by(width)
            .map(|r| Row {
                start: r,
                cells: (r..(r + width).min(end))
                    .map(|n| Cell {
                        n,
                        value: shown[n],
                        phase: self.phase(n),
                        exception: self.is_exception(n),
                        period_start: per.is_some_and(|p| n >= p.preperiod && (n - p.preperiod) % p.period == 0),
                    })
                    .collect(),
            })
            .collect()
    }

    /// The first heap of the table page before and after the one starting
    /// at `start` (`None` at either end).
    pub fn pages(&self, start: usize, width: usize) -> (Option<usize>, Option<usize>) {
        let width = width.max(1);
        let count = (TABLE_VALUES / width).max(1) * width;
        let start = (start / width) * width;
        let prev = (start > 0).then(|| start.saturating_sub(count));
        let next = Some(start + count).filter(|&n| n < self.shown().len());
        (prev, next)
    }

    /// "period 12, preperiod 71", "arithmetic period 1, preperiod 0,
    /// saltus 1", or "no period seen".
    pub fn period_text(&self) -> String {
        match self.periodicity {
            Some(p) if p.saltus == 0 => format!("period {}, preperiod {}", thousands(p.period), thousands(p.preperiod)),
            Some(p) => format!("arithmetic period {}, preperiod {}, saltus {}", thousands(p.period), thousands(p.preperiod), p.saltus),
            None => "no period seen".to_string(),
        }
    }

    /// Proven (by what) or only observed (and why not proven), in a
    /// sentence; the flag says proven.
    pub fn proof_text(&self) -> (bool, String) {
        let last = self.values.len().saturating_sub(1);
        let computed = format!("G(0) to G({})", thousands(last));
        match (self.proof, self.periodicity) {
            (Some(Proof::GuySmith { heaps, last_digit, checked_below }), Some(p)) => (
                true,
                format!(
                    "Proven by the Guy-Smith periodicity theorem (Guy and Smith, 1956): G(n + {}) = G(n) holds for {} ≤ n < {}, which is enough for a code whose moves remove at most {last_digit} token{} (its last nonzero digit is d{last_digit}) and leave at most {heaps} heap{}: so it holds for every n ≥ {}.",
                    thousands(p.period),
                    thousands(p.preperiod),
                    thousands(checked_below),
                    plural(last_digit),
                    plural(heaps as usize),
                    thousands(p.preperiod)
                ),
            ),
            (Some(Proof::Nim), _) => (true, "Proven: G(n) = n, since a heap of n tokens has a move to every smaller heap (Nim's rule).".to_string()),
            (_, None) => (false, format!("No period is seen in {computed}.")),
            (_, Some(p)) => {
                let code = self.rule.code();
                let why = if !self.complete {
                    "the computation was cancelled".to_string()
                } else if p.saltus > 0 {
                    "an arithmetic period is only observed here".to_string()
                } else if code.has_unequal() {
                    "the Guy-Smith theorem needs the heaps a move leaves to be free, and this rule asks them to differ (the '!')".to_string()
                } else if !code.is_finite() {
                    "the Guy-Smith theorem applies to finite codes, and this one repeats a block for ever".to_string()
                } else {
                    match self.prove_length() {
                        Some(n) => format!("the Guy-Smith theorem needs G(0) to G({}) for this period: compute to N = {} to prove it", thousands(n), thousands(n)),
                        None => "the Guy-Smith theorem needs more values for this period than the page computes".to_string(),
                    }
                };
                (false, format!("Only observed in {computed}, not proven: {why}."))
            }
        }
    }

    /// The `N` that would prove the period seen, by the Guy-Smith theorem
    /// (a finite code without `!`, not yet proven), if the page can go
    /// that far.
    pub fn prove_length(&self) -> Option<usize> {
        let code = self.rule.code();
        let p = self.periodicity.filter(|p| p.saltus == 0 && self.proof.is_none())?;
        if !code.is_finite() || code.has_unequal() {
            return None;
        }
        let need = period::values_needed(code.max_heaps(), code.last_nonzero().unwrap_or(0), &p);
        let n = need.saturating_sub(1).max(self.asked + 1);
        let limit = limit_for(&code).0.min(super::state::MAX_LENGTH);
        (n <= limit).then_some(n)
    }

    /// The exceptions in words: "G(n) is exceptional at n = 0, 3, 6 (14
    /// in all)".
    pub fn exceptions_text(&self) -> Option<String> {
        let ex = self.exceptions();
        if ex.is_empty() {
            return None;
        }
        let listed: Vec<String> = ex.iter().take(LISTED_EXCEPTIONS).map(|n| n.to_string()).collect();
        let more = if ex.len() > LISTED_EXCEPTIONS { format!(", … ({} in all)", thousands(ex.len())) } else { format!(" ({} in all)", ex.len()) };
        Some(format!("Exceptions (values of the preperiod the period does not give): n = {}{more}.", listed.join(", ")))
    }

    /// The published sequence, if known, and whether the values (and the
    /// period, when proven here) agree with it.
    pub fn published(&self) -> Option<Published> {
        let k = self.known()?;
        let values = k.values.iter().enumerate().all(|(n, &v)| self.values.get(n).is_none_or(|&g| g == u32::from(v)));
        let period = match (self.periodicity, k.period, self.proof) {
            (Some(p), Some((kp, kq)), Some(_)) if p.saltus == 0 => p.period == kp as usize && p.preperiod == kq as usize,
            _ => true,
        };
        Some(Published { name: k.name, source: k.source, agrees: values && period })
    }

    /// The values shown as CSV: a header line, then `n,G(n)` a line.
    pub fn csv(&self) -> String {
        use std::fmt::Write;
        let mut out = String::with_capacity(self.shown().len() * 8 + 8);
        out.push_str("n,G(n)\n");
        for (n, v) in self.shown().iter().enumerate() {
            let _ = writeln!(out, "{n},{v}");
        }
        out
    }

    /// The CSV's file name: `nim-sequence-0.77-0-200.csv`.
    pub fn csv_name(&self) -> String {
        let rule: String = self.rule_text().chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c } else { '_' }).collect();
        format!("nim-sequence-{rule}-0-{}.csv", self.shown().len().saturating_sub(1))
    }

    /// The position of one heap of `n` tokens on the Games page (ruleset
    /// [`GAME_RULESET`]): `0.77: 5`.
    pub fn heap_position(&self, n: usize) -> String {
        heap_position(&self.rule, n)
    }
}

/// The position of one heap of `n` tokens under `rule` on the Games page.
pub fn heap_position(rule: &HeapRule, n: usize) -> String {
    format!("{rule}: {n}")
}

fn thousands(n: usize) -> String {
    crate::slices::thousands(n)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::RowWidth;
    use super::*;

    fn run(rule: &str, n: usize) -> Report {
        let rule = parse_rule(rule).unwrap();
        let mut c = Computation::new(&rule, n).unwrap();
        while !c.step(1000) {}
        c.finish(true)
    }

    #[test]
    fn kayles_is_proven_with_period_12_from_71() {
        let r = run("0.77", 200);
        assert_eq!(r.periodicity, Some(Periodicity { period: 12, preperiod: 71, saltus: 0 }));
        assert_eq!(r.period_text(), "period 12, preperiod 71");
        let (proven, text) = r.proof_text();
        assert!(proven, "{text}");
        assert!(text.starts_with("Proven by the Guy-Smith periodicity theorem (Guy and Smith, 1956): G(n + 12) = G(n) holds for 71 ≤ n < 156"), "{text}");
        assert_eq!(r.shown().len(), 201);
        assert_eq!(r.name(), "Kayles (0.77)");
        let p = r.published().unwrap();
        assert!(p.agrees && p.source.starts_with("OEIS A002186"), "{p:?}");
        assert_eq!(r.exceptions(), [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
        assert!(r.exceptions_text().unwrap().contains("n = 0, 3, 6, 9") && r.exceptions_text().unwrap().ends_with("(14 in all)."));
        assert_eq!(r.heap_position(5), "0.77: 5");
        assert_eq!(r.prove_length(), None);
    }

    #[test]
    fn the_table_marks_preperiod_first_period_and_exceptions() {
        let r = run("0.77", 200);
        let w = r.row_width(RowWidth::Auto);
        assert_eq!(w, 12);
        let rows = r.table(0, w);
        assert_eq!(rows.len(), 17);
        assert_eq!(rows[0].cells.iter().map(|c| c.value).collect::<Vec<_>>(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(rows[16].start, 192);
        assert_eq!(rows[16].cells.len(), 9, "G(192) to G(200)");
        let cell = |n: usize| rows[n / 12].cells[n % 12];
        assert_eq!((cell(70).phase, cell(70).exception, cell(70).period_start), (Phase::Preperiod, true, false));
        assert_eq!((cell(71).phase, cell(71).exception, cell(71).period_start), (Phase::FirstPeriod, false, true));
        assert_eq!((cell(82).phase, cell(83).phase, cell(83).period_start, cell(95).period_start), (Phase::FirstPeriod, Phase::Periodic, true, true));
        assert!(!cell(1).exception && cell(0).exception);
        // Rows of 10 on request; the table starts at the row a heap is in.
        let ten = r.table(57, r.row_width(RowWidth::Ten));
        assert_eq!((ten[0].start, ten[0].cells.len()), (50, 10));
        assert_eq!(r.pages(0, 12), (None, None));
        // Dawson's Kayles: rows of its period, 34.
        let d = run("0.07", 200);
        assert_eq!((d.row_width(RowWidth::Auto), d.period_text().as_str()), (34, "period 34, preperiod 53"));
        assert!(d.proof_text().0 && d.published().unwrap().agrees);
    }

    #[test]
    fn long_tables_come_in_pages() {
        let r = run("0.77", 5000);
        let rows = r.table(0, 12);
        assert_eq!(rows.len() * 12, TABLE_VALUES);
        assert_eq!(r.pages(0, 12), (None, Some(1200)));
        assert_eq!(r.pages(1200, 12), (Some(0), Some(2400)));
        assert_eq!(r.pages(4800, 12), (Some(3600), None));
        let last = r.table(4999, 12);
        assert_eq!(last.last().unwrap().cells.last().unwrap().n, 5000);
        // Past the end: the last row.
        assert_eq!(r.table(99_999, 12)[0].start, 4992);
        assert_eq!(r.computed, 168, "Kayles to 5000 computes 168 values and reads the rest off the period");
    }

    #[test]
    fn grundy_is_only_observed_or_unseen_and_says_why() {
        let g = run("grundy", 300);
        assert_eq!(g.periodicity, None);
        assert_eq!(g.proof_text(), (false, "No period is seen in G(0) to G(300).".to_string()));
        assert!(g.published().unwrap().agrees);
        assert!(g.exceptions().is_empty() && g.exceptions_text().is_none());
        // All-but: arithmetic, observed.
        let a = run("allbut:1,2", 100);
        assert_eq!(a.period_text(), "arithmetic period 3, preperiod 0, saltus 1");
        let (proven, why) = a.proof_text();
        assert!(!proven && why.contains("arithmetic period is only observed"), "{why}");
        // Nim: proven by its own rule.
        let nim = run("nim", 50);
        assert_eq!(nim.period_text(), "arithmetic period 1, preperiod 0, saltus 1");
        assert!(nim.proof_text().0 && nim.proof_text().1.contains("G(n) = n"));
        assert_eq!(nim.name(), "nim");
        // A subtraction game: proven (one heap left at most).
        let s = run("sub:1,3,4", 100);
        assert_eq!(s.period_text(), "period 7, preperiod 0");
        assert!(s.proof_text().0);
        assert_eq!(s.heap_position(5), "sub:1,3,4: 5");
    }

    #[test]
    fn a_period_too_long_to_prove_names_the_n_that_would() {
        // 0.16's period (149,459) is not seen at N = 200; with a small
        // search the period seen is not proven (Guy-Smith needs more).
        let r = parse_rule("0.16").unwrap();
        let mut c = Computation::new(&r, 200).unwrap();
        while !c.step(10_000) {}
        let rep = c.finish(true);
        assert_eq!(rep.shown().len(), 201);
        assert!(rep.values.len() > 201, "looked past N for a period");
        assert!(!rep.proof_text().0);
    }

    #[test]
    fn a_cancelled_computation_shows_what_it_has() {
        let rule = parse_rule("grundy").unwrap();
        let mut c = Computation::new(&rule, 200_000).unwrap();
        assert!(!c.step(200_000));
        let (text, f) = c.progress();
        assert!(text.starts_with("G(") && text.contains(" of G(200,000)") && f > 0.0 && f < 1.0, "{text} {f}");
        let done = c.done();
        let r = c.finish(false);
        assert!(!r.complete && r.shown().len() == done && done < 200_001);
        assert!(r.csv().starts_with("n,G(n)\n0,0\n1,0\n2,0\n3,1\n"));
        assert_eq!(r.csv().lines().count(), done + 1);
        assert_eq!(r.csv_name(), format!("nim-sequence-grundy-0-{}.csv", done - 1));
    }

    #[test]
    fn slices_give_the_one_shot_answer() {
        for rule in ["0.77", "0.137", "grundy", "4.7", "0.F", "allbut:2"] {
            let r = parse_rule(rule).unwrap();
            let sliced = run(rule, 300);
            let once =
                cgt::impartial::nim_sequence_with(&r, 300, SequenceOptions { search_to: Some(search_to(&r, 300)), ..SequenceOptions::default() }).unwrap();
            assert_eq!(sliced.values, once.values, "{rule}");
            assert_eq!(sliced.periodicity, once.periodicity, "{rule}");
        }
    }

    #[test]
    fn errors_name_the_column_and_what_was_expected() {
        let e = parse_rule("0.7x").unwrap_err();
        assert_eq!(e.column, Some(4));
        assert!(e.message.starts_with("column 4: expected a digit"), "{}", e.message);
        assert_eq!(split_at_column("0.7x", 4), ("0.7".to_string(), "x".to_string(), String::new()));
        assert_eq!(split_at_column("0.[3", 5), ("0.[3".to_string(), String::new(), String::new()));
        assert_eq!(parse_rule("  ").unwrap_err().column, None);
        assert!(parse_rule("kayles").unwrap_err().message.contains("unknown rule"));
        // Past a rule's own limit: the engine's message.
        let big = Computation::new(&parse_rule("0.[4]").unwrap(), 5000).unwrap_err();
        assert!(big.contains("past the limit of 2000"), "{big}");
        for ex in EXAMPLES {
            let r = parse_rule(ex.rule).unwrap();
            assert_eq!(r.to_string(), ex.rule, "examples are in normal form");
            assert!(ex.length <= super::super::state::MAX_LENGTH);
            assert_eq!(crate::references::unlookupable(ex.name), None);
        }
    }

    #[test]
    fn texts_name_works_a_user_can_look_up() {
        for rule in ["0.77", "0.07", "grundy", "0.16", "nim", "allbut:1,2", "4!.0"] {
            let r = run(rule, 120);
            assert_eq!(crate::references::unlookupable(&r.proof_text().1), None, "{rule}");
            if let Some(p) = r.published() {
                assert_eq!(crate::references::unlookupable(p.source), None, "{rule}");
            }
            for s in r.rule.describe() {
                assert_eq!(crate::references::unlookupable(&s), None, "{rule}");
            }
        }
    }
}
