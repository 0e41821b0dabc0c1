//! The text notation (CGSuite-compatible; also the URL and CLI format):
//! parser and printer.
//!
//! Grammar, loosest first:
//! ```text
//! seq     := item ((',' | SLASHES) item)*      -- the most slashes split first
//! item    := term (('+' | '-' | '+-') term)*
//! term    := '-' term | '±' term | '+-' term | postfix
//! postfix := atom (arrows)? ('*' digits?)?  |  atom ('Tiny' | 'Miny') '(' seq ')'
//! arrows  := '^'+ | '^' digits | 'v'+ | 'v' digits      -- ^3 = ^^^
//! atom    := number | '*' digits? | arrows | UP | DOWN | STAR
//!          | ('Tiny' | 'Miny') '(' seq ')'
//!          | '{' seq '}' | '(' seq ')'
//! ```
//! `-1/2^*` reads as `(-1/2) + ^*`, the way CGSuite prints it. Limits on input
//! length, nesting depth and tree size turn hostile input into errors.

use crate::build::BuildJob;
use crate::expr::{ExprId, Exprs};
use crate::game::{Arena, GameId, LimitError, Limits, Node};
use crate::numbers::Q;
use std::fmt;

// The parser's errors are defined beside its expressions (the builder
// reports them too); they are part of this module's interface.
pub use crate::expr::{ParseError, ParseErrorKind};

/// The interactive limit on building work (see `ParseLimits::max_build_work`).
/// Well under a second of building natively: two million steps take 0.01
/// to 0.14 s on every slow input the fuzzers found, since a sum counts
/// every option of every position it makes (`SumJob::moves_seen`); a few
/// seconds at most in the browser, in slices. The explorer's largest
/// tested game, `±1 + ... + ±11` (57,305 positions), takes about 1.5
/// million and builds in 0.27 s natively.
pub const INTERACTIVE_BUILD_WORK: u64 = 2_000_000;

/// From this many terms on, a sum is built pairwise instead of left to
/// right (see `Parser::item`): its tree differs from the left-leaning one
/// written, and it builds in a fraction of the time.
pub const BALANCED_SUM_TERMS: usize = 16;

/// Parser limits.
#[derive(Clone, Copy, Debug)]
pub struct ParseLimits {
    pub max_len: usize,
    /// Largest denominator of a fraction, in bits. A number `p/2^k` has a
    /// thermograph with about k breakpoints, so huge denominators would make
    /// every later step slow; huge integers are fine.
    pub max_denominator_bits: u64,
    pub max_depth: usize,
    pub max_nimber: usize,
    pub tree: Limits,
    /// Most work building the tree may take, in steps weighted by the size
    /// of the numbers involved (`build::BuildJob`): a bound on time, where
    /// `tree` bounds memory. Past it the text is refused at once instead of
    /// when the tree reaches its limits (which can take seconds).
    pub max_build_work: u64,
}

impl Default for ParseLimits {
    fn default() -> Self {
        ParseLimits { max_len: 1_000_000, max_denominator_bits: 1024, max_depth: 200, max_nimber: 4096, tree: Limits::DEFAULT, max_build_work: u64::MAX }
    }
}

impl ParseLimits {
    pub const INTERACTIVE: ParseLimits = ParseLimits {
        max_len: 20_000,
        max_denominator_bits: 128,
        max_depth: 200,
        max_nimber: 256,
        tree: Limits::INTERACTIVE,
        max_build_work: INTERACTIVE_BUILD_WORK,
    };
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(String),
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Slashes(usize),
    Plus,
    Minus,
    PlusMinus,
    Star(Option<String>),
    Ups(usize),
    Downs(usize),
    /// `^<n>` (up-nth; negative: `v<n>`, down-nth).
    UpNth(i64),
    /// `:`, the ordinal sum.
    Colon,
    /// `∧` (or the word `and`): the conjunctive compound; `∨` (or `or`):
    /// the selective compound.
    Compound(bool),
    Word(String),
    End,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Num(s) => format!("number '{s}'"),
            Tok::LBrace => "'{'".into(),
            Tok::RBrace => "'}'".into(),
            Tok::LParen => "'('".into(),
            Tok::RParen => "')'".into(),
            Tok::Comma => "','".into(),
            Tok::Slashes(n) => format!("'{}'", "|".repeat(*n)),
            Tok::Plus => "'+'".into(),
            Tok::Minus => "'-'".into(),
            Tok::PlusMinus => "'±'".into(),
            Tok::Star(None) => "'*'".into(),
            Tok::Star(Some(d)) => format!("'*{d}'"),
            // A count (`^3`) may be huge: written as a count past a few.
            Tok::Ups(n) if *n <= 8 => format!("'{}'", "^".repeat(*n)),
            Tok::Ups(n) => format!("'^{n}'"),
            Tok::Downs(n) if *n <= 8 => format!("'{}'", "v".repeat(*n)),
            Tok::Downs(n) => format!("'v{n}'"),
            Tok::UpNth(n) if *n >= 0 => format!("'^<{n}>'"),
            Tok::UpNth(n) => format!("'v<{}>'", n.unsigned_abs()),
            Tok::Colon => "':'".into(),
            Tok::Compound(true) => "'∧'".into(),
            Tok::Compound(false) => "'∨'".into(),
            Tok::Word(w) => format!("'{w}'"),
            Tok::End => "end of input".into(),
        }
    }
}

fn lex(src: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let tok = match c {
            '{' => Tok::LBrace,
            '}' => Tok::RBrace,
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            ',' => Tok::Comma,
            ':' => Tok::Colon,
            '∧' => Tok::Compound(true),
            '∨' => Tok::Compound(false),
            '±' => Tok::PlusMinus,
            '|' => {
                let mut n = 0;
                while i < chars.len() && chars[i] == '|' {
                    n += 1;
                    i += 1;
                }
                out.push((Tok::Slashes(n), col));
                continue;
            }
            '+' => {
                if i + 1 < chars.len() && chars[i + 1] == '-' {
                    i += 2;
                    out.push((Tok::PlusMinus, col));
                    continue;
                }
                Tok::Plus
            }
            '-' => Tok::Minus,
            '*' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let digits: String = chars[i + 1..j].iter().collect();
                i = j;
                out.push((Tok::Star(if digits.is_empty() { None } else { Some(digits) }), col));
                continue;
            }
            '^' | 'v' if chars.get(i + 1) == Some(&'<') => {
                // `^<n>` / `v<n>`: up-nth and down-nth, as CGSuite writes them.
                let mut j = i + 2;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let digits: String = chars[i + 2..j].iter().collect();
                if digits.is_empty() || chars.get(j) != Some(&'>') {
                    return Err(ParseError {
                        column: col,
                        kind: ParseErrorKind::Expected {
                            expected: format!("'{c}<n>' with a whole number n >= 1, e.g. {c}<2>"),
                            found: format!("'{}'", chars[i..j.min(chars.len())].iter().collect::<String>()),
                        },
                    });
                }
                let n: i64 = digits.parse().unwrap_or(i64::MAX);
                i = j + 1;
                out.push((Tok::UpNth(if c == '^' { n } else { -n }), col));
                continue;
            }
            '^' | '↑' => {
                let mut n = 0;
                while i < chars.len() && (chars[i] == '^' || chars[i] == '↑') {
                    n += 1;
                    i += 1;
                }
                // `^3` (CGSuite's way to write ^^^): a count right after one arrow.
                let mut j = i;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                if n == 1 && j > i {
                    let digits: String = chars[i..j].iter().collect();
                    n = digits.parse().unwrap_or(usize::MAX);
                    i = j;
                }
                out.push((Tok::Ups(n), col));
                continue;
            }
            '↓' => {
                let mut n = 0;
                while i < chars.len() && chars[i] == '↓' {
                    n += 1;
                    i += 1;
                }
                out.push((Tok::Downs(n), col));
                continue;
            }
            d if d.is_ascii_digit() || d == '.' => {
                let mut j = i;
                while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.' || chars[j] == '/') {
                    j += 1;
                }
                let s: String = chars[i..j].iter().collect();
                i = j;
                out.push((Tok::Num(s), col));
                continue;
            }
            a if a.is_alphabetic() => {
                let mut j = i;
                while j < chars.len() && chars[j].is_alphanumeric() {
                    j += 1;
                }
                let w: String = chars[i..j].iter().collect();
                i = j;
                if w.eq_ignore_ascii_case("and") || w.eq_ignore_ascii_case("or") {
                    out.push((Tok::Compound(w.eq_ignore_ascii_case("and")), col));
                } else if w.chars().all(|c| c == 'v') {
                    out.push((Tok::Downs(w.len()), col));
                } else if w.len() > 1 && w.starts_with('v') && w[1..].bytes().all(|b| b.is_ascii_digit()) {
                    out.push((Tok::Downs(w[1..].parse().unwrap_or(usize::MAX)), col));
                } else {
                    out.push((Tok::Word(w), col));
                }
                continue;
            }
            other => {
                return Err(ParseError {
                    column: col,
                    kind: ParseErrorKind::Expected { expected: "a number, '{', '(', '*', '^', 'v' or '±'".into(), found: format!("'{other}'") },
                })
            }
        };
        out.push((tok, col));
        i += 1;
    }
    out.push((Tok::End, chars.len() + 1));
    Ok(out)
}

enum Elem {
    Item(ExprId),
    Comma(usize),
    Slash(usize, usize),
}

struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    depth: usize,
    limits: ParseLimits,
    ex: &'a mut Exprs,
}

type PResult<T> = Result<T, ParseError>;

impl<'a> Parser<'a> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }
    fn col(&self) -> usize {
        self.toks[self.pos].1
    }
    fn next(&mut self) -> (Tok, usize) {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn err<T>(&self, expected: &str) -> PResult<T> {
        Err(ParseError { column: self.col(), kind: ParseErrorKind::Expected { expected: expected.into(), found: self.peek().describe() } })
    }
    fn lim<T>(&self, col: usize, r: Result<T, LimitError>) -> PResult<T> {
        r.map_err(|e| ParseError { column: col, kind: ParseErrorKind::TooLarge(e) })
    }
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.limits.max_depth {
            return Err(ParseError { column: self.col(), kind: ParseErrorKind::TooDeep { max: self.limits.max_depth } });
        }
        Ok(())
    }

    /// A sequence up to (not including) `close`; `braced` demands a separator.
    fn seq(&mut self, close: &Tok, braced: bool) -> PResult<ExprId> {
        self.enter()?;
        let start_col = self.col();
        let mut elems: Vec<Elem> = Vec::new();
        let mut expect_item = true;
        loop {
            let col = self.col();
            match self.peek().clone() {
                Tok::Comma => {
                    if expect_item && !matches!(elems.last(), Some(Elem::Slash(..)) | None) {
                        return self.err("an option");
                    }
                    self.next();
                    elems.push(Elem::Comma(col));
                    expect_item = true;
                }
                Tok::Slashes(n) => {
                    self.next();
                    elems.push(Elem::Slash(n, col));
                    expect_item = true;
                }
                t if &t == close => break,
                Tok::End | Tok::RBrace | Tok::RParen => {
                    let want = match close {
                        Tok::RBrace => "'}'",
                        Tok::RParen => "')'",
                        _ => "end of input",
                    };
                    return self.err(&format!("{want}, ',' or '|'"));
                }
                _ => {
                    if !expect_item {
                        return self.err("'+', '-', ',' or '|'");
                    }
                    let g = self.item()?;
                    elems.push(Elem::Item(g));
                    expect_item = false;
                }
            }
        }
        let has_slash = elems.iter().any(|e| matches!(e, Elem::Slash(..)));
        if !has_slash {
            if braced {
                return self.err("'|' between the Left and Right options");
            }
            match elems.as_slice() {
                [Elem::Item(g)] => {
                    self.depth -= 1;
                    return Ok(*g);
                }
                [] => {
                    return Err(ParseError { column: start_col, kind: ParseErrorKind::Expected { expected: "a game".into(), found: self.peek().describe() } })
                }
                _ => {
                    let c = elems.iter().find_map(|e| if let Elem::Comma(c) = e { Some(*c) } else { None });
                    return Err(ParseError {
                        column: c.unwrap_or(start_col),
                        kind: ParseErrorKind::Expected { expected: "'|' (options need braces or a slash)".into(), found: "','".into() },
                    });
                }
            }
        }
        let g = self.build(&elems)?;
        self.depth -= 1;
        Ok(g)
    }

    /// Split at the (unique) largest separator; commas bind tighter than it.
    fn build(&mut self, elems: &[Elem]) -> PResult<ExprId> {
        let m = elems.iter().filter_map(|e| if let Elem::Slash(n, _) = e { Some(*n) } else { None }).max();
        let Some(m) = m else {
            return match elems {
                [Elem::Item(g)] => Ok(*g),
                _ => unreachable!("callers split at commas first"),
            };
        };
        let at: Vec<usize> = elems.iter().enumerate().filter_map(|(i, e)| if matches!(e, Elem::Slash(n, _) if *n == m) { Some(i) } else { None }).collect();
        if at.len() > 1 {
            let col = if let Elem::Slash(_, c) = elems[at[1]] { c } else { 0 };
            return Err(ParseError { column: col, kind: ParseErrorKind::AmbiguousSlashes { slashes: m } });
        }
        let col = if let Elem::Slash(_, c) = elems[at[0]] { c } else { 0 };
        let left = self.side(&elems[..at[0]], col)?;
        let right = self.side(&elems[at[0] + 1..], col)?;
        let r = self.ex.options(left, right, col);
        self.lim(col, r)
    }

    fn side(&mut self, elems: &[Elem], sep_col: usize) -> PResult<Vec<ExprId>> {
        if elems.is_empty() {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for part in elems.split(|e| matches!(e, Elem::Comma(_))) {
            if part.is_empty() {
                let col = elems.iter().find_map(|e| if let Elem::Comma(c) = e { Some(*c) } else { None }).unwrap_or(sep_col);
                return Err(ParseError { column: col, kind: ParseErrorKind::Expected { expected: "an option".into(), found: "','".into() } });
            }
            if !part.iter().any(|e| matches!(e, Elem::Item(_))) || matches!(part.first(), Some(Elem::Slash(..))) && part.len() == 1 {
                let col = if let Some(Elem::Slash(_, c)) = part.first() { *c } else { sep_col };
                return Err(ParseError { column: col, kind: ParseErrorKind::Expected { expected: "an option".into(), found: "'|'".into() } });
            }
            out.push(self.build_part(part)?);
        }
        Ok(out)
    }

    /// A comma-free run of items and lower slashes; empty sides inside are allowed
    /// only between separators (`a||b|` is `{a | {b | }}`).
    fn build_part(&mut self, part: &[Elem]) -> PResult<ExprId> {
        if part.iter().any(|e| matches!(e, Elem::Slash(..))) {
            self.build(part)
        } else {
            match part {
                [Elem::Item(g)] => Ok(*g),
                _ => unreachable!("items alternate with separators"),
            }
        }
    }

    /// A sum or difference of terms, left to right (`((a+b)+c)+d`); from
    /// [`BALANCED_SUM_TERMS`] terms on, pairwise (`((a+b)+(c+d))+...`).
    /// Building `a + b` as a game tree walks every position of both, so a
    /// long left-leaning chain walks the growing partial sum once per term
    /// (cubic in the length for sums of switches: minutes for a thousand
    /// `±3`s with one other switch among them), while pairs of small terms
    /// stay small and collapse to numbers when they are numbers (`±3 + ±3`
    /// is 0). The game is the same; its tree, and so a path such as
    /// `L0.R1` into it, differs, which is why short sums keep the tree as
    /// written (and the links into it that were shared).
    fn item(&mut self) -> PResult<ExprId> {
        // (minus, term, column of the operator before it)
        let first = self.term()?;
        let mut terms: Vec<(bool, ExprId, usize)> = vec![(false, first, 0)];
        loop {
            let col = self.col();
            match self.peek() {
                Tok::Plus => {
                    self.next();
                    let t = self.term()?;
                    terms.push((false, t, col));
                }
                Tok::Minus => {
                    self.next();
                    let t = self.term()?;
                    terms.push((true, t, col));
                }
                Tok::PlusMinus => {
                    self.next();
                    let t = self.term()?;
                    let pm = self.plus_minus(t, col)?;
                    terms.push((false, pm, col));
                }
                _ => break,
            }
        }
        if terms.len() < BALANCED_SUM_TERMS {
            let mut acc = terms[0].1;
            for &(minus, t, col) in &terms[1..] {
                let r = if minus { self.ex.sub(acc, t, col) } else { self.ex.add(acc, t, col) };
                acc = self.lim(col, r)?;
            }
            return Ok(acc);
        }
        // Pair neighbours until one is left. A pair keeps its first term's
        // sign: -x - y = -(x + y), -x + y = -(x - y).
        while terms.len() > 1 {
            let mut next = Vec::with_capacity(terms.len().div_ceil(2));
            for pair in terms.chunks(2) {
                match *pair {
                    [(minus_x, x, col_x), (minus_y, y, col_y)] => {
                        let r = if minus_x == minus_y { self.ex.add(x, y, col_y) } else { self.ex.sub(x, y, col_y) };
                        next.push((minus_x, self.lim(col_y, r)?, col_x));
                    }
                    [one] => next.push(one),
                    _ => unreachable!("chunks of two"),
                }
            }
            terms = next;
        }
        Ok(terms[0].1)
    }

    fn plus_minus(&mut self, g: ExprId, col: usize) -> PResult<ExprId> {
        let r = self.ex.plus_minus(g, col);
        self.lim(col, r)
    }

    fn term(&mut self) -> PResult<ExprId> {
        let col = self.col();
        match self.peek().clone() {
            Tok::Minus => {
                self.next();
                if let Tok::Num(s) = self.peek().clone() {
                    // A signed literal: `-1/2^*` is (-1/2) + ^*.
                    let ncol = self.col();
                    self.next();
                    let q = parse_num(&s, ncol, &self.limits)?;
                    let n = -q;
                    let r = self.ex.number(n, ncol);
                    let g = self.lim(ncol, r)?;
                    let g = self.postfix(g)?;
                    return self.ordinal_tail(g);
                }
                self.enter()?;
                let t = self.term()?;
                self.depth -= 1;
                let r = self.ex.neg(t, col);
                self.lim(col, r)
            }
            Tok::PlusMinus => {
                self.next();
                self.enter()?;
                let t = self.term()?;
                self.depth -= 1;
                self.plus_minus(t, col)
            }
            _ => {
                let a = self.atom()?;
                let g = self.postfix(a)?;
                self.ordinal_tail(g)
            }
        }
    }

    /// `G` or, after `:`, the ordinal sum `G:H` (`G:H:K` is `G:(H:K)`: the
    /// ordinal sum is associative).
    ///
    /// The compounds `G ∧ H` (`G and H`) and `G ∨ H` (`G or H`) are parsed
    /// here too, binding as tightly (`G ∧ H + K` is `(G ∧ H) + K`).
    fn ordinal_tail(&mut self, g: ExprId) -> PResult<ExprId> {
        let compound = match self.peek() {
            Tok::Colon => None,
            Tok::Compound(c) => Some(*c),
            _ => return Ok(g),
        };
        let ccol = self.col();
        self.next();
        self.enter()?;
        let h = self.term()?;
        self.depth -= 1;
        let r = match compound {
            None => self.ex.ordinal(g, h, ccol),
            Some(c) => self.ex.compound(c, g, h, ccol),
        };
        self.lim(ccol, r)
    }

    /// Up to `max_nimber` arrows: each costs two nodes.
    fn arrows(&self, n: usize, col: usize) -> PResult<i64> {
        let max = self.limits.max_nimber;
        if n > max {
            return Err(ParseError { column: col, kind: ParseErrorKind::Expected { expected: format!("at most {max} arrows"), found: format!("{n}") } });
        }
        Ok(n as i64)
    }

    fn postfix(&mut self, base: ExprId) -> PResult<ExprId> {
        let col = self.col();
        let mut ups: i64 = 0;
        match self.peek().clone() {
            Tok::Ups(n) => {
                ups = self.arrows(n, col)?;
                self.next();
            }
            Tok::Downs(n) => {
                ups = -self.arrows(n, col)?;
                self.next();
            }
            _ => {}
        }
        let mut star = 0;
        if let Tok::Star(d) = self.peek().clone() {
            let scol = self.col();
            self.next();
            star = self.nimber_index(d.as_deref(), scol)?;
        }
        if ups == 0 && star == 0 {
            // `1Tiny(2)`: a number plus a tiny, as CGSuite prints it.
            if let Tok::Word(w) = self.peek().clone() {
                if let Some(miny) = tiny_word(&w) {
                    self.next();
                    let t = self.tiny(miny, col)?;
                    let r = self.ex.add(base, t, col);
                    return self.lim(col, r);
                }
            }
            return Ok(base);
        }
        let r = self.ex.ups_star(ups, star, col);
        let inf = self.lim(col, r)?;
        let r = self.ex.add(base, inf, col);
        self.lim(col, r)
    }

    /// `^<n>` (up-nth: `^<1> = ^`, `^<k+1> = {0 | v<->k *}` where `v<->k`
    /// is `-(^<1> + ... + ^<k>)`; Siegel 2013, II.4), negated for `v<n>`;
    /// `n` at most the nimber limit (each step is a few expressions).
    fn up_nth(&mut self, n: i64, col: usize) -> PResult<ExprId> {
        let k = n.unsigned_abs();
        if k == 0 || k > self.limits.max_nimber as u64 {
            return Err(ParseError {
                column: col,
                kind: ParseErrorKind::Expected { expected: format!("an up-nth ^<n> with 1 <= n <= {}", self.limits.max_nimber), found: format!("{n}") },
            });
        }
        let up = self.ex.ups_star(1, 0, col);
        let mut g = self.lim(col, up)?;
        // ^<1> + ... + ^<k> so far.
        let mut arrow = g;
        for _ in 1..k {
            let zero = self.ex.number(Q::zero(), col);
            let zero = self.lim(col, zero)?;
            let neg = self.ex.neg(arrow, col);
            let neg = self.lim(col, neg)?;
            let star = self.ex.nimber(1, col);
            let star = self.lim(col, star)?;
            let right = self.ex.add(neg, star, col);
            let right = self.lim(col, right)?;
            let next = self.ex.options(vec![zero], vec![right], col);
            g = self.lim(col, next)?;
            let sum = self.ex.add(arrow, g, col);
            arrow = self.lim(col, sum)?;
        }
        if n < 0 {
            let neg = self.ex.neg(g, col);
            return self.lim(col, neg);
        }
        Ok(g)
    }

    /// After `Tiny` / `Miny`: `(G)`, giving `{0 || 0 | -G}` / `{G | 0 || 0}`.
    fn tiny(&mut self, miny: bool, col: usize) -> PResult<ExprId> {
        if self.peek() != &Tok::LParen {
            return self.err(if miny { "'(' after Miny" } else { "'(' after Tiny" });
        }
        self.next();
        self.enter()?;
        let g = self.seq(&Tok::RParen, false)?;
        self.next();
        self.depth -= 1;
        let zero = self.ex.number(Q::zero(), col);
        let zero = self.lim(col, zero)?;
        let r = if miny {
            let inner = self.ex.options(vec![g], vec![zero], col);
            let inner = self.lim(col, inner)?;
            self.ex.options(vec![inner], vec![zero], col)
        } else {
            let ng = self.ex.neg(g, col);
            let ng = self.lim(col, ng)?;
            let inner = self.ex.options(vec![zero], vec![ng], col);
            let inner = self.lim(col, inner)?;
            self.ex.options(vec![zero], vec![inner], col)
        };
        self.lim(col, r)
    }

    fn nimber_index(&self, digits: Option<&str>, col: usize) -> PResult<usize> {
        let max = self.limits.max_nimber;
        match digits {
            None => Ok(1),
            Some(d) => match d.parse::<usize>() {
                Ok(n) if n <= max => Ok(n),
                _ => Err(ParseError { column: col, kind: ParseErrorKind::NimberTooLarge { max } }),
            },
        }
    }

    fn atom(&mut self) -> PResult<ExprId> {
        let col = self.col();
        let p0 = self.pos;
        let (tok, _) = self.next();
        let r = match tok {
            Tok::Num(s) => {
                let q = parse_num(&s, col, &self.limits)?;
                self.ex.number(q, col)
            }
            Tok::Star(d) => {
                let n = self.nimber_index(d.as_deref(), col)?;
                self.ex.nimber(n, col)
            }
            Tok::Ups(n) => {
                let n = self.arrows(n, col)? as usize;
                let mut star = 0;
                if let Tok::Star(d) = self.peek().clone() {
                    let scol = self.col();
                    self.next();
                    star = self.nimber_index(d.as_deref(), scol)?;
                }
                self.ex.ups_star(n as i64, star, col)
            }
            Tok::Downs(n) => {
                let n = self.arrows(n, col)? as usize;
                let mut star = 0;
                if let Tok::Star(d) = self.peek().clone() {
                    let scol = self.col();
                    self.next();
                    star = self.nimber_index(d.as_deref(), scol)?;
                }
                self.ex.ups_star(-(n as i64), star, col)
            }
            Tok::UpNth(n) => return self.up_nth(n, col),
            Tok::Word(w) => match w.to_ascii_uppercase().as_str() {
                "UP" => self.ex.ups_star(1, 0, col),
                "DOWN" => self.ex.ups_star(-1, 0, col),
                "STAR" => self.ex.nimber(1, col),
                "TINY" | "MINY" => return self.tiny(w.eq_ignore_ascii_case("miny"), col),
                _ => {
                    self.pos = p0;
                    return self.err("a number, a game in braces, '*', '^', 'v', UP, DOWN, STAR, Tiny(x) or Miny(x)");
                }
            },
            Tok::LBrace => {
                let g = self.seq(&Tok::RBrace, true)?;
                self.next();
                return Ok(g);
            }
            Tok::LParen => {
                let g = self.seq(&Tok::RParen, false)?;
                self.next();
                return Ok(g);
            }
            _ => {
                self.pos = p0;
                return self.err("a game (a number, '{', '(', '*', '^', 'v' or '±')");
            }
        };
        self.lim(col, r)
    }
}

/// `Some(is_miny)` for the words `Tiny` and `Miny` (any case).
fn tiny_word(w: &str) -> Option<bool> {
    match w.to_ascii_uppercase().as_str() {
        "TINY" => Some(false),
        "MINY" => Some(true),
        _ => None,
    }
}

fn parse_num(s: &str, col: usize, limits: &ParseLimits) -> PResult<Q> {
    let q = s.parse::<Q>().map_err(|e| ParseError { column: col, kind: ParseErrorKind::BadNumber(e) })?;
    if q.denom().bits() > limits.max_denominator_bits + 1 {
        return Err(ParseError { column: col, kind: ParseErrorKind::DenominatorTooLarge { max_bits: limits.max_denominator_bits } });
    }
    Ok(q)
}

/// Parse `src` into an expression (cheap: bounded by the input's length).
/// Building the game tree from it, which can be expensive for sums, is a
/// separate, resumable step ([`crate::build::BuildJob`]).
pub fn parse_expr(src: &str, limits: &ParseLimits) -> Result<(Exprs, ExprId), ParseError> {
    let len = src.chars().count();
    if len > limits.max_len {
        return Err(ParseError { column: 1, kind: ParseErrorKind::TooLong { len, max: limits.max_len } });
    }
    let toks = lex(src)?;
    let mut ex = Exprs::default();
    let mut p = Parser { toks, pos: 0, depth: 0, limits: *limits, ex: &mut ex };
    let g = p.seq(&Tok::End, false)?;
    Ok((ex, g))
}

/// Parse `src` into `arena`, returning the root (all at once; see
/// [`crate::build::BuildJob`] to do the work in slices).
pub fn parse_into(arena: &mut Arena, src: &str, limits: &ParseLimits) -> Result<GameId, ParseError> {
    let (ex, root) = parse_expr(src, limits)?;
    let mut job = BuildJob::new(ex, root).with_work_limit(limits.max_build_work);
    loop {
        if let Some(r) = job.step(arena, usize::MAX) {
            return r;
        }
    }
}

/// The explicit form: braces, commas and numbers only (`{2|0, {1|{-2|-4}}}`).
/// Iterative, so deep trees print without recursion. `None` if the text would
/// be longer than `max_len` (shared subtrees expand when printed).
pub fn to_explicit(arena: &Arena, root: GameId, max_len: usize) -> Option<String> {
    enum Step {
        Enter(GameId),
        Text(&'static str),
    }
    let mut out = String::new();
    let mut stack = vec![Step::Enter(root)];
    while let Some(s) = stack.pop() {
        match s {
            Step::Text(t) => out.push_str(t),
            Step::Enter(g) => match arena.node(g) {
                Node::Number(q) => out.push_str(&q.to_string()),
                Node::Options { left, right } => {
                    out.push('{');
                    stack.push(Step::Text("}"));
                    for (i, c) in right.iter().enumerate().rev() {
                        stack.push(Step::Enter(*c));
                        if i > 0 {
                            stack.push(Step::Text(", "));
                        }
                    }
                    stack.push(Step::Text("|"));
                    for (i, c) in left.iter().enumerate().rev() {
                        stack.push(Step::Enter(*c));
                        if i > 0 {
                            stack.push(Step::Text(", "));
                        }
                    }
                }
            },
        }
        if out.len() > max_len {
            return None;
        }
    }
    Some(out)
}

/// A game tree with its own arena: the owned, `FromStr`/`Display` value used
/// by the CLI, the web page and tests.
#[derive(Clone, Debug)]
pub struct GameTree {
    arena: Arena,
    root: GameId,
}

impl GameTree {
    pub fn parse_with(src: &str, limits: &ParseLimits) -> Result<GameTree, ParseError> {
        let mut arena = Arena::new(limits.tree);
        let root = parse_into(&mut arena, src, limits)?;
        Ok(GameTree { arena, root })
    }
    pub fn from_parts(arena: Arena, root: GameId) -> GameTree {
        GameTree { arena, root }
    }
    pub fn arena(&self) -> &Arena {
        &self.arena
    }
    pub fn arena_mut(&mut self) -> &mut Arena {
        &mut self.arena
    }
    pub fn root(&self) -> GameId {
        self.root
    }
    pub fn set_root(&mut self, root: GameId) {
        self.root = root;
    }
    /// The explicit form, or `None` if longer than `max_len`.
    pub fn explicit(&self, max_len: usize) -> Option<String> {
        to_explicit(&self.arena, self.root, max_len)
    }
    /// Same tree (structurally), whatever the arenas.
    pub fn same_tree(&self, other: &GameTree) -> bool {
        self.arena.same_tree(self.root, &other.arena, other.root)
    }
    pub fn thermograph(&self) -> crate::thermograph::Thermograph {
        crate::thermograph::thermograph(&self.arena, self.root)
    }
    /// The subtree at `id` as its own tree.
    pub fn subtree(&self, id: GameId) -> GameTree {
        GameTree { arena: self.arena.clone(), root: id }
    }
}

impl std::str::FromStr for GameTree {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<GameTree, ParseError> {
        GameTree::parse_with(s, &ParseLimits::default())
    }
}

impl fmt::Display for GameTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.explicit(usize::MAX) {
            Some(s) => f.write_str(&s),
            None => Err(fmt::Error),
        }
    }
}
