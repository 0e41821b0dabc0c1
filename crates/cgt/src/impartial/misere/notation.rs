//! Names of misère canonical forms, and the parser that reads them back.
//!
//! **The notation** is Siegel's (*Combinatorial Game Theory*, 2013,
//! ch. V) as CGSuite prints it in plain text. Nim-heaps are `0`, `*`,
//! `*2`, `*3`, ...; any other form is written `*[...]`, where inside the
//! brackets
//!
//! - a digit is a nim-heap (`&12;` for a heap of 10 or more);
//! - `X#` is the game whose only option is `X` (`2#` is `{*2}`; `2##` is
//!   `{{*2}}`);
//! - a run of two or more games is the game with those options (`2#0` is
//!   `{{*2}, 0}`, `32` is `{*3, *2}`), and parentheses make such a game one
//!   item of a longer run (`(2#1)2##`);
//! - a subscript `X[...]` reads left to right from `X`: a digit (or `&n;`,
//!   or a parenthesised game) adds that game, `#` takes the game so far as
//!   the only option of a new one: `2[2]` is `*2 + *2`, `2[#1]` is
//!   `{*2} + *`, `2[#2#]` is `{{*2} + *2}`.
//!
//! The printer writes only nim-heaps, `#` and runs of options — never a
//! subscript sum — so a name is read without arithmetic and every form has
//! exactly one name; options are listed latest-born first (then by number
//! of options, `G⁺`, `G⁻`, and a hash of their structure), as CGSuite
//! does. `*2 + *2` prints `*[32]`; CGSuite, which looks for sums, prints
//! `*[2[2]]`; both read as the same form.
//!
//! **The parser** also takes explicit options, `{0, *, *2}` (any games,
//! nested), sums `G + H` (misère sums, simplified) and parentheses. Errors
//! ([`MisereParseError`]) name the 1-based column, in characters, and what
//! was expected there; text longer than [`MAX_PARSE_LEN`] characters,
//! nesting of braces and parentheses outside `*[...]` deeper than
//! [`MAX_PARSE_DEPTH`], and nim-heaps past [`MAX_PARSE_NIMBER`] are
//! refused. Brackets inside `*[...]` are read with an explicit stack, so
//! any name the printer writes reads back, however deep.

use super::{MId, MisereCanon, MisereError};
use rustc_hash::FxHashMap;
use std::fmt;

/// The longest name [`MisereCanon::name`] writes (longer ones are
/// replaced by a description).
pub const MAX_NAME_LEN: usize = 1 << 20;
/// The longest text [`MisereCanon::parse`] reads, in characters.
pub const MAX_PARSE_LEN: usize = 1 << 20;
/// The deepest nesting of `{...}` and `(...)` outside `*[...]`.
pub const MAX_PARSE_DEPTH: usize = 200;
/// The largest nim-heap the parser makes (the budget may refuse smaller).
pub const MAX_PARSE_NIMBER: u32 = 1 << 20;

/// Why a text is not a misère game: at `column` (1-based, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereParseError {
    pub column: usize,
    pub kind: MisereParseErrorKind,
}

/// What went wrong (see [`MisereParseError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MisereParseErrorKind {
    /// Nothing but whitespace.
    Empty,
    /// Something else was expected.
    Expected { expected: &'static str, found: String },
    /// More than `max` characters.
    TooLong { len: usize, max: usize },
    /// Braces and parentheses nested deeper than `max`.
    TooDeep { max: usize },
    /// A nim-heap past `max`.
    NimberTooLarge { max: u32 },
    /// The table's budget refused the work (sums, large nim-heaps).
    Budget(MisereError),
}

impl fmt::Display for MisereParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            MisereParseErrorKind::Empty => f.write_str("expected a misère game, found nothing"),
            MisereParseErrorKind::Expected { expected, found } => write!(f, "expected {expected}, found {found}"),
            MisereParseErrorKind::TooLong { len, max } => write!(f, "input too long ({len} characters; at most {max})"),
            MisereParseErrorKind::TooDeep { max } => write!(f, "braces and parentheses nested too deeply (at most {max} levels)"),
            MisereParseErrorKind::NimberTooLarge { max } => write!(f, "nim-heap too large (at most {max})"),
            MisereParseErrorKind::Budget(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MisereParseError {}

/// A nim-heap inside `*[...]`: a digit, or `&n;`.
fn push_heap(out: &mut String, n: u32) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
    } else {
        out.push('&');
        out.push_str(&n.to_string());
        out.push(';');
    }
}

fn heap_len(n: u32) -> u64 {
    if n < 10 {
        1
    } else {
        2 + n.to_string().len() as u64
    }
}

/// Structure-only facts for printing a form: the length of its text as an
/// item of a run, and a hash of its structure (independent of ids, so
/// names do not depend on the order forms were made in).
#[derive(Clone, Copy)]
struct Shape {
    atom_len: u64,
    hash: u64,
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What the printer still has to write, last first.
enum Emit {
    Char(char),
    /// The form as an item of a run.
    Atom(MId),
}

impl MisereCanon {
    /// The name of `a` in the notation of the module docs: `0`, `*`,
    /// `*2`, `*[2#]`, `*[2#0]`, `*[(2#1)2##]`. Names longer than
    /// [`MAX_NAME_LEN`] are replaced by a description (which does not
    /// parse); see [`Self::name_within`].
    pub fn name(&self, a: MId) -> String {
        self.name_within(a, MAX_NAME_LEN)
            .unwrap_or_else(|| format!("<misère form born on day {}: its name is longer than {MAX_NAME_LEN} characters>", self.birthday(a)))
    }

    /// The name of `a`, or `None` if it is longer than `max_len` characters
    /// (found from the lengths alone, before writing).
    pub fn name_within(&self, a: MId, max_len: usize) -> Option<String> {
        if let Some(n) = self.nim_heap(a) {
            let s = match n {
                0 => "0".to_string(),
                1 => "*".to_string(),
                _ => format!("*{n}"),
            };
            return (s.len() <= max_len).then_some(s);
        }
        let shapes = self.shapes(a);
        let shape = |x: MId| -> Shape {
            match self.nim_heap(x) {
                Some(n) => Shape { atom_len: heap_len(n), hash: mix(u64::from(n) ^ 0x6e69_6d00) },
                None => shapes[&x],
            }
        };
        // The body is the atom without its parentheses.
        let opts = self.options(a);
        let body_len = if opts.len() == 1 { shape(a).atom_len } else { shape(a).atom_len - 2 };
        if body_len.saturating_add(3) > max_len as u64 {
            return None;
        }
        let mut out = String::with_capacity(body_len as usize + 3);
        out.push_str("*[");
        let mut stack: Vec<Emit> = vec![Emit::Char(']')];
        if opts.len() == 1 {
            stack.push(Emit::Atom(a));
        } else {
            self.push_options(a, &shape, &mut stack);
        }
        while let Some(e) = stack.pop() {
            match e {
                Emit::Char(c) => out.push(c),
                Emit::Atom(x) => {
                    if let Some(n) = self.nim_heap(x) {
                        push_heap(&mut out, n);
                    } else if self.options(x).len() == 1 {
                        stack.push(Emit::Char('#'));
                        stack.push(Emit::Atom(self.options(x)[0]));
                    } else {
                        out.push('(');
                        stack.push(Emit::Char(')'));
                        self.push_options(x, &shape, &mut stack);
                    }
                }
            }
        }
        Some(out)
    }

    /// Pushes the options of `x` to be written latest-born first.
    fn push_options(&self, x: MId, shape: &impl Fn(MId) -> Shape, stack: &mut Vec<Emit>) {
        let mut opts: Vec<MId> = self.options(x).to_vec();
        let key = |o: MId| (self.birthday(o), self.options(o).len(), self.normal_value(o), self.misere_grundy(o), shape(o).hash);
        // Descending; the stack reverses it, so push ascending.
        opts.sort_by_key(|&o| key(o));
        stack.extend(opts.into_iter().map(Emit::Atom));
    }

    /// [`Shape`] of every subposition of `a` that is not a nim-heap, by an
    /// explicit post-order walk.
    fn shapes(&self, a: MId) -> FxHashMap<MId, Shape> {
        let mut shapes: FxHashMap<MId, Shape> = FxHashMap::default();
        let mut stack: Vec<(MId, bool)> = vec![(a, false)];
        let mut child_hashes: Vec<u64> = Vec::new();
        while let Some((x, expanded)) = stack.pop() {
            if shapes.contains_key(&x) {
                continue;
            }
            if !expanded {
                stack.push((x, true));
                for &o in self.options(x) {
                    if self.nim_heap(o).is_none() && !shapes.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let opts = self.options(x);
            let mut len: u64 = 0;
            child_hashes.clear();
            for &o in opts {
                let s = match self.nim_heap(o) {
                    Some(n) => Shape { atom_len: heap_len(n), hash: mix(u64::from(n) ^ 0x6e69_6d00) },
                    None => shapes[&o],
                };
                len = len.saturating_add(s.atom_len);
                child_hashes.push(s.hash);
            }
            child_hashes.sort_unstable();
            let hash = child_hashes.iter().fold(0x6d69_7365_7265u64, |h, &c| mix(h.wrapping_add(c)));
            // One option: `X#`; several: `(...)` as an item.
            let atom_len = if opts.len() == 1 { len.saturating_add(1) } else { len.saturating_add(2) };
            shapes.insert(x, Shape { atom_len, hash });
        }
        shapes
    }

    /// Reads a misère game (see the module docs): a name this table
    /// printed, CGSuite's subscripted sums, `{...}` options, `+` sums.
    pub fn parse(&mut self, text: &str) -> Result<MId, MisereParseError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > MAX_PARSE_LEN {
            return Err(MisereParseError { column: 1, kind: MisereParseErrorKind::TooLong { len: chars.len(), max: MAX_PARSE_LEN } });
        }
        let mut p = Parser { chars, pos: 0, canon: self, depth: 0 };
        p.skip_ws();
        if p.pos == p.chars.len() {
            return Err(MisereParseError { column: p.pos + 1, kind: MisereParseErrorKind::Empty });
        }
        let g = p.expr()?;
        p.skip_ws();
        if p.pos < p.chars.len() {
            return Err(p.expected("'+' or the end of the text"));
        }
        Ok(g)
    }
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    canon: &'a mut MisereCanon,
    depth: usize,
}

/// An open bracket of a `*[...]` body.
enum Ctx {
    /// A run of items (the body itself, or `(...)`).
    Run { items: Vec<MId>, open: usize },
    /// A subscript `[...]`: the game so far.
    Sub { acc: MId },
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("'{c}'"),
            None => "the end of the text".to_string(),
        }
    }

    fn expected(&self, expected: &'static str) -> MisereParseError {
        MisereParseError { column: self.pos + 1, kind: MisereParseErrorKind::Expected { expected, found: self.found() } }
    }

    fn budget(&self, column: usize, e: MisereError) -> MisereParseError {
        MisereParseError { column, kind: MisereParseErrorKind::Budget(e) }
    }

    /// Digits at the cursor as a nim-heap size.
    fn number(&mut self) -> Result<u32, MisereParseError> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value * 10 + u64::from(d);
            if value > u64::from(MAX_PARSE_NIMBER) {
                return Err(MisereParseError { column: start + 1, kind: MisereParseErrorKind::NimberTooLarge { max: MAX_PARSE_NIMBER } });
            }
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.expected("a number"));
        }
        Ok(value as u32)
    }

    fn nimber(&mut self, n: u32, column: usize) -> Result<MId, MisereParseError> {
        self.canon.nimber(n).map_err(|e| self.budget(column, e))
    }

    fn add(&mut self, a: MId, b: MId, column: usize) -> Result<MId, MisereParseError> {
        self.canon.add(a, b).map_err(|e| self.budget(column, e))
    }

    fn game(&mut self, options: &[MId], column: usize) -> Result<MId, MisereParseError> {
        self.canon.from_options_checked(options).map_err(|e| self.budget(column, e))
    }

    /// `term ('+' term)*`.
    fn expr(&mut self) -> Result<MId, MisereParseError> {
        let mut acc = self.term()?;
        loop {
            self.skip_ws();
            if self.peek() != Some('+') {
                return Ok(acc);
            }
            let column = self.pos + 1;
            self.pos += 1;
            let t = self.term()?;
            acc = self.add(acc, t, column)?;
        }
    }

    fn term(&mut self) -> Result<MId, MisereParseError> {
        self.skip_ws();
        let column = self.pos + 1;
        match self.peek() {
            Some('0') => {
                let n = self.number()?;
                if n != 0 {
                    return Err(MisereParseError {
                        column,
                        kind: MisereParseErrorKind::Expected { expected: "0 or a nim-heap written *n", found: format!("{n}") },
                    });
                }
                Ok(self.canon.zero())
            }
            Some('*') => {
                self.pos += 1;
                match self.peek() {
                    Some('[') => {
                        self.pos += 1;
                        self.body(column)
                    }
                    Some(c) if c.is_ascii_digit() => {
                        let n = self.number()?;
                        self.nimber(n, column)
                    }
                    _ => self.nimber(1, column),
                }
            }
            Some('{') => {
                self.pos += 1;
                self.nest(column)?;
                let mut options = Vec::new();
                self.skip_ws();
                if self.peek() == Some('}') {
                    self.pos += 1;
                } else {
                    loop {
                        options.push(self.expr()?);
                        self.skip_ws();
                        match self.peek() {
                            Some(',') => self.pos += 1,
                            Some('}') => {
                                self.pos += 1;
                                break;
                            }
                            _ => return Err(self.expected("',' or '}'")),
                        }
                    }
                }
                self.depth -= 1;
                self.game(&options, column)
            }
            Some('(') => {
                self.pos += 1;
                self.nest(column)?;
                let g = self.expr()?;
                self.skip_ws();
                if self.peek() != Some(')') {
                    return Err(self.expected("')'"));
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(g)
            }
            _ => Err(self.expected("a game: 0, *, *n, *[...], {...} or (...)")),
        }
    }

    fn nest(&mut self, column: usize) -> Result<(), MisereParseError> {
        self.depth += 1;
        if self.depth > MAX_PARSE_DEPTH {
            return Err(MisereParseError { column, kind: MisereParseErrorKind::TooDeep { max: MAX_PARSE_DEPTH } });
        }
        Ok(())
    }

    /// A nim-heap inside `*[...]`: one digit, or `&n;`.
    fn heap(&mut self) -> Result<MId, MisereParseError> {
        let column = self.pos + 1;
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.pos += 1;
                self.nimber(c.to_digit(10).unwrap_or(0), column)
            }
            Some('&') => {
                self.pos += 1;
                let n = self.number()?;
                if self.peek() != Some(';') {
                    return Err(self.expected("';' closing '&n;'"));
                }
                self.pos += 1;
                self.nimber(n, column)
            }
            _ => Err(self.expected("a nim-heap")),
        }
    }

    /// The body of `*[...]` after the `[`, through the closing `]`, with
    /// an explicit stack of open brackets.
    fn body(&mut self, open: usize) -> Result<MId, MisereParseError> {
        let mut stack: Vec<Ctx> = vec![Ctx::Run { items: Vec::new(), open }];
        loop {
            self.skip_ws();
            let column = self.pos + 1;
            let c = self.peek();
            let top = stack.len() - 1;
            match &mut stack[top] {
                Ctx::Run { items, .. } => match c {
                    Some(d) if d.is_ascii_digit() || d == '&' => {
                        let h = self.heap()?;
                        if let Ctx::Run { items, .. } = &mut stack[top] {
                            items.push(h);
                        }
                    }
                    Some('(') => {
                        self.pos += 1;
                        stack.push(Ctx::Run { items: Vec::new(), open: column });
                    }
                    Some('#') => {
                        let Some(last) = items.pop() else {
                            return Err(self.expected("a game before '#'"));
                        };
                        self.pos += 1;
                        let g = self.game(&[last], column)?;
                        if let Ctx::Run { items, .. } = &mut stack[top] {
                            items.push(g);
                        }
                    }
                    Some('[') => {
                        let Some(last) = items.pop() else {
                            return Err(self.expected("a game before a subscript '['"));
                        };
                        self.pos += 1;
                        stack.push(Ctx::Sub { acc: last });
                    }
                    Some(close @ (')' | ']')) => {
                        let want = if top == 0 { ']' } else { ')' };
                        if close != want {
                            return Err(self.expected(if top == 0 { "']' closing '*['" } else { "')'" }));
                        }
                        let Some(Ctx::Run { items, open }) = stack.pop() else {
                            return Err(self.expected("a game"));
                        };
                        let g = match items.len() {
                            0 => {
                                return Err(self.expected("a game (a digit, '&n;' or '(')"));
                            }
                            1 => items[0],
                            _ => self.game(&items, open)?,
                        };
                        self.pos += 1;
                        match stack.last_mut() {
                            None => return Ok(g),
                            Some(Ctx::Run { items, .. }) => items.push(g),
                            Some(Ctx::Sub { acc }) => {
                                let a = *acc;
                                let s = self.add(a, g, column)?;
                                if let Some(Ctx::Sub { acc }) = stack.last_mut() {
                                    *acc = s;
                                }
                            }
                        }
                    }
                    _ => return Err(self.expected("a nim-heap digit, '&n;', '(', '#', '[' or a closing bracket")),
                },
                Ctx::Sub { acc } => {
                    let a = *acc;
                    match c {
                        Some('#') => {
                            self.pos += 1;
                            let g = self.game(&[a], column)?;
                            stack[top] = Ctx::Sub { acc: g };
                        }
                        Some(d) if d.is_ascii_digit() || d == '&' => {
                            let h = self.heap()?;
                            let s = self.add(a, h, column)?;
                            stack[top] = Ctx::Sub { acc: s };
                        }
                        Some('(') => {
                            self.pos += 1;
                            stack.push(Ctx::Run { items: Vec::new(), open: column });
                        }
                        Some(']') => {
                            self.pos += 1;
                            stack.pop();
                            // A subscript is only opened inside a run.
                            if let Some(Ctx::Run { items, .. }) = stack.last_mut() {
                                items.push(a);
                            }
                        }
                        _ => return Err(self.expected("'#', a nim-heap digit, '&n;', '(' or ']' in a subscript")),
                    }
                }
            }
        }
    }
}
