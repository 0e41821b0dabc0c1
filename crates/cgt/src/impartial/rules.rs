//! Heap rules: which moves a heap of `n` tokens has, as text.
//!
//! **Take-and-break codes** (Winning Ways ch. 4; Siegel 2013, ch. IV.2),
//! written as CGSuite writes them: `d0.d1d2d3...`. Digit `d_k` says what
//! may be left after removing `k` tokens from one heap, as a sum of bits:
//! 1 — nothing (only when the heap had exactly `k` tokens), 2 — one
//! nonempty heap, 4 — two nonempty heaps, 8 — three nonempty heaps (a
//! hexadecimal digit, `8` to `F`). `d0`, before the point, concerns
//! removing no token, so it may only split (`4`, `8` or `C`): `4.7` may
//! split a heap in two without taking anything. `.77` is read as `0.77`.
//! A `!` after a digit asks the heaps left to be pairwise unequal
//! (CGSuite's constraint; Grundy's game is `4!.0`). Brackets close the code
//! with a block repeated for ever: `0.[3]` is Nim (take any number),
//! `0.0[3]` takes at least two.
//!
//! Examples: `0.77` Kayles, `0.07` Dawson's Kayles, `0.137` Dawson's Chess,
//! `0.6`, `0.16`, `4.7`, `0.F` (hexadecimal: remove one, leave up to three
//! heaps).
//!
//! **Named rules**: `nim`; `grundy` (split a heap into two unequal heaps;
//! Grundy 1939); `sub:1,3,4`, a subtraction game (take 1, 3 or 4 tokens;
//! the code `0.3033`); `allbut:1,2`, an all-but subtraction game (take any
//! number except 1 and 2; the code `0.00[3]`). Names are case-insensitive.
//!
//! [`HeapRule`]'s `Display` is its normal form and reads back as the same
//! rule: codes lose trailing zeros, an all-zero repeated block, and digits
//! the repeated block already says (`0.3[3]` prints `0.[3]`); lists of
//! `sub:` and `allbut:` are sorted without repeats.
//!
//! Errors ([`RuleError`]) name the column (1-based, in characters) and what
//! was expected there.

use std::fmt;
use std::str::FromStr;

/// The largest number a `sub:` or `allbut:` list may hold, and the most
/// digits a code may have (a code longer than this is almost all zeros).
pub const MAX_TAKE: usize = 1_000_000;

/// One digit of a take-and-break code: which numbers of heaps may be left
/// (bit 1: none, 2: one, 4: two, 8: three), and whether the heaps left must
/// be pairwise unequal (`!`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Digit {
    /// 0 to 15.
    pub bits: u8,
    /// CGSuite's `!`: the two or three heaps left must differ pairwise.
    pub unequal: bool,
}

impl Digit {
    /// The digit with these bits and no constraint.
    pub const fn new(bits: u8) -> Digit {
        Digit { bits, unequal: false }
    }
    pub const ZERO: Digit = Digit::new(0);
    /// May remove the whole heap (bit 1).
    pub const fn takes_all(self) -> bool {
        self.bits & 1 != 0
    }
    /// May leave one heap (bit 2).
    pub const fn leaves_one(self) -> bool {
        self.bits & 2 != 0
    }
    /// May leave two heaps (bit 4).
    pub const fn leaves_two(self) -> bool {
        self.bits & 4 != 0
    }
    /// May leave three heaps (bit 8).
    pub const fn leaves_three(self) -> bool {
        self.bits & 8 != 0
    }
    /// The most heaps a move by this digit leaves (0 for the zero digit).
    pub const fn max_heaps(self) -> u32 {
        if self.bits & 8 != 0 {
            3
        } else if self.bits & 4 != 0 {
            2
        } else if self.bits != 0 {
            1
        } else {
            0
        }
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = char::from_digit(u32::from(self.bits), 16).unwrap_or('?').to_ascii_uppercase();
        if self.unequal {
            write!(f, "{c}!")
        } else {
            write!(f, "{c}")
        }
    }
}

/// A take-and-break code `d0.d1...dK[r1...rR]`, in normal form (see the
/// module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TbCode {
    d0: Digit,
    digits: Vec<Digit>,
    repeat: Vec<Digit>,
}

impl TbCode {
    /// The code with digit `d0` before the point, `digits` (d1, d2, ...)
    /// after it, and `repeat` repeated for ever after those (empty: a finite
    /// code), in normal form; `None` if `d0` may leave fewer than two heaps,
    /// a `!` is on a digit that never leaves two heaps, or there are more
    /// than [`MAX_TAKE`] digits.
    pub fn new(d0: Digit, digits: Vec<Digit>, repeat: Vec<Digit>) -> Option<TbCode> {
        if d0.bits & 3 != 0 || d0.bits > 15 {
            return None;
        }
        let ok = |d: &Digit| d.bits <= 15 && (!d.unequal || d.bits & 12 != 0);
        if !ok(&d0) || !digits.iter().all(ok) || !repeat.iter().all(ok) || digits.len() + repeat.len() > MAX_TAKE {
            return None;
        }
        let mut code = TbCode { d0, digits, repeat };
        code.normalise();
        Some(code)
    }

    fn normalise(&mut self) {
        if self.repeat.iter().all(|d| d.bits == 0) {
            self.repeat.clear();
        }
        if self.repeat.is_empty() {
            while self.digits.last().is_some_and(|d| d.bits == 0) {
                self.digits.pop();
            }
            return;
        }
        // The shortest block that repeats to the same digits.
        let r = self.repeat.len();
        if let Some(p) = (1..r).find(|&p| r.is_multiple_of(p) && (p..r).all(|i| self.repeat[i] == self.repeat[i - p])) {
            self.repeat.truncate(p);
        }
        // Digits the block already says: `0.3[3]` is `0.[3]`.
        while let (Some(&last), Some(&tail)) = (self.digits.last(), self.repeat.last()) {
            if last != tail {
                break;
            }
            self.digits.pop();
            self.repeat.rotate_right(1);
        }
    }

    /// Digit `d_k` (`d0` for `k = 0`).
    pub fn digit(&self, k: usize) -> Digit {
        if k == 0 {
            self.d0
        } else if k <= self.digits.len() {
            self.digits[k - 1]
        } else if self.repeat.is_empty() {
            Digit::ZERO
        } else {
            self.repeat[(k - self.digits.len() - 1) % self.repeat.len()]
        }
    }

    /// The digits d1..dK written before any repeated block.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// The block repeated for ever (empty for a finite code).
    pub fn repeat(&self) -> &[Digit] {
        &self.repeat
    }

    /// The first `k` of the repeated block (`digits().len() + 1`).
    pub fn repeat_start(&self) -> usize {
        self.digits.len() + 1
    }

    /// No repeated block: every move removes at most [`Self::last_nonzero`] tokens.
    pub fn is_finite(&self) -> bool {
        self.repeat.is_empty()
    }

    /// The index of the last nonzero digit of a finite code (`None` when no
    /// digit is nonzero, or the code is infinite).
    pub fn last_nonzero(&self) -> Option<usize> {
        if !self.is_finite() {
            None
        } else if !self.digits.is_empty() {
            Some(self.digits.len())
        } else if self.d0.bits != 0 {
            Some(0)
        } else {
            None
        }
    }

    /// The most heaps one move may leave (0 when there is no move).
    pub fn max_heaps(&self) -> u32 {
        std::iter::once(&self.d0).chain(&self.digits).chain(&self.repeat).map(|d| d.max_heaps()).max().unwrap_or(0)
    }

    /// Some digit carries `!`.
    pub fn has_unequal(&self) -> bool {
        std::iter::once(&self.d0).chain(&self.digits).chain(&self.repeat).any(|d| d.unequal)
    }

    /// Every digit is octal (0-7): at most two heaps left.
    pub fn is_octal(&self) -> bool {
        self.max_heaps() <= 2
    }
}

impl fmt::Display for TbCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.d0)?;
        if self.digits.is_empty() && self.repeat.is_empty() {
            return write!(f, "0");
        }
        for d in &self.digits {
            write!(f, "{d}")?;
        }
        if !self.repeat.is_empty() {
            write!(f, "[")?;
            for d in &self.repeat {
                write!(f, "{d}")?;
            }
            write!(f, "]")?;
        }
        Ok(())
    }
}

/// A rule for play on heaps of tokens: what a move on one heap may do.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRule {
    /// Take any number of tokens from one heap (`0.[3]`).
    Nim,
    /// Split one heap into two unequal heaps (Grundy 1939; `4!.0`).
    Grundy,
    /// Take a number in the set (sorted, distinct, at least 1).
    Subtraction(Vec<usize>),
    /// Take any number except those in the set (sorted, distinct, nonempty).
    AllBut(Vec<usize>),
    /// A take-and-break code.
    Code(TbCode),
}

impl HeapRule {
    /// The rule as a take-and-break code: what the engines compute on.
    pub fn code(&self) -> TbCode {
        let three = Digit::new(3);
        let built = match self {
            HeapRule::Nim => TbCode::new(Digit::ZERO, Vec::new(), vec![three]),
            HeapRule::Grundy => TbCode::new(Digit { bits: 4, unequal: true }, Vec::new(), Vec::new()),
            HeapRule::Subtraction(set) => {
                let set: Vec<usize> = set.iter().copied().filter(|k| (1..=MAX_TAKE).contains(k)).collect();
                let mut digits = vec![Digit::ZERO; set.iter().copied().max().unwrap_or(0)];
                for &k in &set {
                    digits[k - 1] = three;
                }
                TbCode::new(Digit::ZERO, digits, Vec::new())
            }
            HeapRule::AllBut(set) => {
                let set: Vec<usize> = set.iter().copied().filter(|k| (1..=MAX_TAKE).contains(k)).collect();
                let mut digits = vec![three; set.iter().copied().max().unwrap_or(0)];
                for &k in &set {
                    digits[k - 1] = Digit::ZERO;
                }
                TbCode::new(Digit::ZERO, digits, vec![three])
            }
            HeapRule::Code(c) => Some(c.clone()),
        };
        // Every rule's parts were checked when it was made.
        built.unwrap_or_else(|| TbCode { d0: Digit::ZERO, digits: Vec::new(), repeat: Vec::new() })
    }

    /// Every move from a heap of `n` tokens, as the heaps it leaves
    /// (sorted, smallest first), each with the number of tokens removed:
    /// the plain definition, for small heaps (brute force, winning moves).
    pub fn options(&self, n: usize) -> Vec<(usize, Vec<usize>)> {
        let code = self.code();
        let mut out = Vec::new();
        for k in 0..=n {
            let d = code.digit(k);
            if d.bits == 0 {
                continue;
            }
            let m = n - k;
            if d.takes_all() && k == n && k > 0 {
                out.push((k, Vec::new()));
            }
            if d.leaves_one() && k < n && k > 0 {
                out.push((k, vec![m]));
            }
            if d.leaves_two() {
                for a in 1..=m / 2 {
                    if !(d.unequal && a == m - a) {
                        out.push((k, vec![a, m - a]));
                    }
                }
            }
            if d.leaves_three() {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        let c = m - a - b;
                        if c >= b && !(d.unequal && (a == b || b == c)) {
                            out.push((k, vec![a, b, c]));
                        }
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for HeapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, set: &[usize]| {
            for (i, k) in set.iter().enumerate() {
                if i > 0 {
                    write!(f, ",")?;
                }
                write!(f, "{k}")?;
            }
            Ok(())
        };
        match self {
            HeapRule::Nim => write!(f, "nim"),
            HeapRule::Grundy => write!(f, "grundy"),
            HeapRule::Subtraction(s) => {
                write!(f, "sub:")?;
                list(f, s)
            }
            HeapRule::AllBut(s) => {
                write!(f, "allbut:")?;
                list(f, s)
            }
            HeapRule::Code(c) => write!(f, "{c}"),
        }
    }
}

/// Why a rule's text could not be read. Columns are 1-based, in characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// Nothing but whitespace.
    Empty,
    /// Something else was expected at `column`.
    Unexpected { column: usize, found: char, expected: &'static str },
    /// The text ended where `expected` was needed.
    EndOfText { column: usize, expected: &'static str },
    /// A word that names no rule.
    UnknownName { column: usize, name: String },
    /// `d0` (before the point) with bit 1 or 2: removing nothing and
    /// leaving the heap as it was would be a pass, not a move.
    PassingDigit { column: usize, digit: char },
    /// A base-32 digit `G`-`V` (four or more heaps), CGSuite's `&n;`, `{...}`,
    /// `*` or a constraint other than `!`: not supported here.
    Unsupported { column: usize, what: &'static str },
    /// `!` after a digit that never leaves two or more heaps.
    PointlessUnequal { column: usize },
    /// Several digits before the point (CGSuite's additive digits).
    AdditiveDigits { column: usize },
    /// A number past [`MAX_TAKE`], or a code with more digits than that.
    TooLarge { column: usize, limit: usize },
    /// 0 in a `sub:` or `allbut:` list.
    ZeroTake { column: usize },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const RULES: &str = "a code such as 0.77, 4.7 or 0.[3], or nim, grundy, sub:1,3,4, allbut:1,2";
        match self {
            RuleError::Empty => write!(f, "empty rule: expected {RULES}"),
            RuleError::Unexpected { column, found, expected } => write!(f, "column {column}: expected {expected}, found {found:?}"),
            RuleError::EndOfText { column, expected } => write!(f, "column {column}: expected {expected}, found the end of the text"),
            RuleError::UnknownName { column, name } => write!(f, "column {column}: unknown rule {name:?}: expected {RULES}"),
            RuleError::PassingDigit { column, digit } => write!(
                f,
                "column {column}: digit {digit} before the point would let a move take nothing and leave the heap as it was (or take nothing from nothing); d0 may be 0, 4, 8 or C (split without removing)"
            ),
            RuleError::Unsupported { column, what } => write!(f, "column {column}: {what} is not supported"),
            RuleError::PointlessUnequal { column } => {
                write!(f, "column {column}: '!' (heaps left pairwise unequal) follows a digit that never leaves two or more heaps")
            }
            RuleError::AdditiveDigits { column } => {
                write!(f, "column {column}: expected '.' after the one digit before the point (several digits there, CGSuite's additive moves, are not supported)")
            }
            RuleError::TooLarge { column, limit } => write!(f, "column {column}: too large (at most {limit})"),
            RuleError::ZeroTake { column } => write!(f, "column {column}: 0 is no number of tokens to take (expected 1 or more)"),
        }
    }
}

impl std::error::Error for RuleError {}

/// A cursor over the text's characters, with 1-based columns.
struct Cursor {
    chars: Vec<(usize, char)>,
    at: usize,
}

impl Cursor {
    fn new(text: &str) -> Self {
        // Columns count characters of the whole text; surrounding
        // whitespace is skipped but still counted.
        let all: Vec<char> = text.chars().collect();
        let first = all.iter().position(|c| !c.is_whitespace()).unwrap_or(all.len());
        let last = all.iter().rposition(|c| !c.is_whitespace()).map_or(first, |i| i + 1);
        let chars = (first..last).map(|i| (i + 1, all[i])).collect();
        Cursor { chars, at: 0 }
    }
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }
    fn column(&self) -> usize {
        match self.chars.get(self.at) {
            Some(&(col, _)) => col,
            None => self.chars.last().map_or(1, |&(col, _)| col + 1),
        }
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek();
        self.at += 1;
        c
    }
    fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }
    fn unexpected(&self, expected: &'static str) -> RuleError {
        match self.peek() {
            Some(found) => RuleError::Unexpected { column: self.column(), found, expected },
            None => RuleError::EndOfText { column: self.column(), expected },
        }
    }
}

impl FromStr for HeapRule {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<HeapRule, RuleError> {
        let mut cur = Cursor::new(text);
        if cur.is_empty() {
            return Err(RuleError::Empty);
        }
        match cur.peek() {
            Some(c) if c.is_ascii_alphabetic() && !(c.is_ascii_hexdigit() && matches!(cur.chars.get(1), Some((_, '.' | '!')))) => named(&mut cur),
            _ => parse_code(&mut cur).map(HeapRule::Code),
        }
    }
}

fn named(cur: &mut Cursor) -> Result<HeapRule, RuleError> {
    let column = cur.column();
    let mut word = String::new();
    while let Some(c) = cur.peek().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_') {
        word.push(c.to_ascii_lowercase());
        cur.bump();
    }
    let rule = match word.as_str() {
        "nim" => HeapRule::Nim,
        "grundy" => HeapRule::Grundy,
        "sub" | "allbut" => {
            if cur.peek() != Some(':') {
                return Err(cur.unexpected("':' and a list of numbers, e.g. sub:1,3,4"));
            }
            cur.bump();
            let set = number_list(cur)?;
            return Ok(if word == "sub" { HeapRule::Subtraction(set) } else { HeapRule::AllBut(set) });
        }
        _ => return Err(RuleError::UnknownName { column, name: word }),
    };
    if cur.peek().is_some() {
        return Err(cur.unexpected("the end of the rule"));
    }
    Ok(rule)
}

/// `1,3,4` (spaces allowed around the numbers): sorted, without repeats.
fn number_list(cur: &mut Cursor) -> Result<Vec<usize>, RuleError> {
    let mut set = Vec::new();
    loop {
        while cur.peek().is_some_and(char::is_whitespace) {
            cur.bump();
        }
        let column = cur.column();
        if !cur.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(cur.unexpected("a number of tokens (1 or more)"));
        }
        let mut value: usize = 0;
        while let Some(d) = cur.peek().and_then(|c| c.to_digit(10)) {
            cur.bump();
            value = value.saturating_mul(10).saturating_add(d as usize);
        }
        if value == 0 {
            return Err(RuleError::ZeroTake { column });
        }
        if value > MAX_TAKE {
            return Err(RuleError::TooLarge { column, limit: MAX_TAKE });
        }
        set.push(value);
        while cur.peek().is_some_and(char::is_whitespace) {
            cur.bump();
        }
        match cur.peek() {
            None => break,
            Some(',') => {
                cur.bump();
            }
            Some(_) => return Err(cur.unexpected("',' or the end of the list")),
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// A digit and its optional `!`.
fn code_digit(cur: &mut Cursor) -> Result<Digit, RuleError> {
    let column = cur.column();
    let c = cur.peek().ok_or_else(|| cur.unexpected("a digit 0-9 or A-F"))?;
    let bits = match c.to_digit(32) {
        Some(b) if b < 16 => b as u8,
        Some(_) => return Err(RuleError::Unsupported { column, what: "a digit G-V (leaving four or more heaps; hexadecimal digits 0-F leave at most three)" }),
        None => return Err(cur.unexpected("a digit 0-9 or A-F")),
    };
    cur.bump();
    let mut digit = Digit::new(bits);
    match cur.peek() {
        Some('!') => {
            if bits & 12 == 0 {
                return Err(RuleError::PointlessUnequal { column: cur.column() });
            }
            cur.bump();
            digit.unequal = true;
        }
        Some('?') | Some('=') => {
            return Err(RuleError::Unsupported { column: cur.column(), what: "CGSuite's constraints '?' and '=' (only '!', pairwise unequal heaps, is)" })
        }
        _ => {}
    }
    Ok(digit)
}

fn unsupported_at(cur: &Cursor) -> Option<RuleError> {
    let what = match cur.peek()? {
        '&' => "CGSuite's '&n;' digit",
        '{' => "CGSuite's '{...}' digit",
        '*' => "CGSuite's '*' digit (any number of heaps)",
        _ => return None,
    };
    Some(RuleError::Unsupported { column: cur.column(), what })
}

fn parse_code(cur: &mut Cursor) -> Result<TbCode, RuleError> {
    let mut d0 = Digit::ZERO;
    let d0_column = cur.column();
    if cur.peek() != Some('.') {
        if let Some(e) = unsupported_at(cur) {
            return Err(e);
        }
        if !cur.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
            return Err(cur.unexpected("a code such as 0.77 (a digit or '.')"));
        }
        d0 = code_digit(cur)?;
        if d0.bits & 3 != 0 {
            let digit = char::from_digit(u32::from(d0.bits), 16).unwrap_or('?').to_ascii_uppercase();
            return Err(RuleError::PassingDigit { column: d0_column, digit });
        }
        match cur.peek() {
            Some('.') => {}
            Some(c) if c.is_ascii_hexdigit() => return Err(RuleError::AdditiveDigits { column: cur.column() }),
            _ => return Err(cur.unexpected("'.' after the digit before the point")),
        }
    }
    cur.bump(); // the point
    let mut digits = Vec::new();
    let mut repeat = Vec::new();
    let mut in_repeat = false;
    loop {
        let column = cur.column();
        match cur.peek() {
            None if in_repeat => return Err(cur.unexpected("']' closing the repeated block")),
            None => break,
            Some('[') if !in_repeat => {
                cur.bump();
                in_repeat = true;
                if cur.peek() == Some(']') {
                    return Err(cur.unexpected("a digit inside '[ ]'"));
                }
            }
            Some(']') if in_repeat => {
                cur.bump();
                if cur.peek().is_some() {
                    return Err(cur.unexpected("the end of the code after ']'"));
                }
                break;
            }
            Some(_) => {
                if let Some(e) = unsupported_at(cur) {
                    return Err(e);
                }
                if !cur.peek().is_some_and(|c| c.is_ascii() && c.is_digit(32)) {
                    let expected = if in_repeat { "a digit 0-9 or A-F, or ']'" } else { "a digit 0-9 or A-F, '[' or the end of the code" };
                    return Err(cur.unexpected(expected));
                }
                let d = code_digit(cur)?;
                if digits.len() + repeat.len() >= MAX_TAKE {
                    return Err(RuleError::TooLarge { column, limit: MAX_TAKE });
                }
                if in_repeat {
                    repeat.push(d);
                } else {
                    digits.push(d);
                }
            }
        }
    }
    TbCode::new(d0, digits, repeat).ok_or(RuleError::TooLarge { column: cur.column(), limit: MAX_TAKE })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        text.parse::<HeapRule>().unwrap_or_else(|e| panic!("{text}: {e}")).to_string()
    }

    #[test]
    fn normal_forms() {
        assert_eq!(round("0.77"), "0.77");
        assert_eq!(round(".77"), "0.77");
        assert_eq!(round("0.770"), "0.77");
        assert_eq!(round("4.7"), "4.7");
        assert_eq!(round("0.3[3]"), "0.[3]");
        assert_eq!(round("0.12[12]"), "0.[12]");
        assert_eq!(round("0.[33]"), "0.[3]");
        assert_eq!(round("0.7[0]"), "0.7");
        assert_eq!(round("0.0"), "0.0");
        assert_eq!(round("0.f"), "0.F");
        assert_eq!(round("4!.0"), "4!.0");
        assert_eq!(round(" sub:4, 1,3,1 "), "sub:1,3,4");
        assert_eq!(round("ALLBUT:2,1"), "allbut:1,2");
        assert_eq!(round("Grundy"), "grundy");
        assert_eq!(round("nim"), "nim");
    }

    #[test]
    fn codes_of_named_rules() {
        assert_eq!(HeapRule::Nim.code().to_string(), "0.[3]");
        assert_eq!(HeapRule::Grundy.code().to_string(), "4!.0");
        assert_eq!(HeapRule::Subtraction(vec![1, 3, 4]).code().to_string(), "0.3033");
        assert_eq!(HeapRule::AllBut(vec![1, 2]).code().to_string(), "0.00[3]");
        assert_eq!(HeapRule::AllBut(vec![2]).code().to_string(), "0.30[3]");
    }

    #[test]
    fn errors_name_the_column() {
        let err = |t: &str| t.parse::<HeapRule>().unwrap_err();
        assert_eq!(err("0.7x"), RuleError::Unexpected { column: 4, found: 'x', expected: "a digit 0-9 or A-F, '[' or the end of the code" });
        assert!(matches!(err("3.7"), RuleError::PassingDigit { column: 1, .. }));
        assert!(matches!(err("0.7G"), RuleError::Unsupported { column: 4, .. }));
        assert!(matches!(err("0.[3"), RuleError::EndOfText { column: 5, .. }));
        assert!(matches!(err("0.3!"), RuleError::PointlessUnequal { column: 4 }));
        assert!(matches!(err("sub:1,0"), RuleError::ZeroTake { column: 7 }));
        assert!(matches!(err("sub:"), RuleError::EndOfText { column: 5, .. }));
        assert!(matches!(err("kayles"), RuleError::UnknownName { column: 1, .. }));
        assert!(matches!(err("04.7"), RuleError::AdditiveDigits { column: 2 }));
        assert!(matches!(err("  "), RuleError::Empty));
        assert!(err("0.7x").to_string().starts_with("column 4: expected"));
    }

    #[test]
    fn options_of_kayles() {
        let r: HeapRule = "0.77".parse().unwrap();
        let o = r.options(3);
        assert!(o.contains(&(1, vec![2])) && o.contains(&(1, vec![1, 1])) && o.contains(&(2, vec![1])));
        assert_eq!(o.len(), 3);
        assert_eq!(HeapRule::Grundy.options(4), vec![(0, vec![1, 3])]);
    }
}
