//! The text of loopy games, as CGSuite writes it: `{0|pass}` (`pass` is
//! the position whose braces enclose it), named positions `a:{0|{a|*}}`
//! (a name may be used inside its own braces and anywhere after them),
//! the keywords `on`, `off`, `over`, `under`, `upon`, `dud`, short games as
//! the explorer writes them (`1/2`, `*`, `^`, `{1|-1}`), slashes
//! (`{0||0|off}` splits at the longest bar), parentheses, sums and
//! negation (`on + off`, `-over`; a sum's parts must be whole games, not
//! positions still being written).
//!
//! The printer names exactly the positions on cycles (and large shared
//! ones), writes `pass` for a position's own braces, keywords and numbers
//! where the graph is exactly theirs, and is read back to the same graph:
//! `s.parse::<LoopyGame>()?.to_string()` is a fixed point.

use super::{minimise, Builder, LoopyError, LoopyGame};
use crate::notation::{GameTree, ParseLimits};
use crate::numbers::Q;
use std::collections::HashMap;
use std::fmt;

/// The longest text read.
pub const MAX_TEXT: usize = 100_000;
/// The deepest nesting of braces and parentheses read.
pub const MAX_DEPTH: usize = 200;

/// What is wrong with a loopy game's text, and where (a column from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyParseError {
    pub column: usize,
    pub kind: LoopyParseErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyParseErrorKind {
    Expected {
        expected: &'static str,
        found: String,
    },
    UnknownName(String),
    PassOutside,
    ReservedName(String),
    /// A sum or negation of a position whose braces are still open.
    Unfinished(String),
    Ambiguous {
        bars: usize,
    },
    TooLong {
        len: usize,
    },
    TooDeep,
    Short(String),
    Game(LoopyError),
}

impl fmt::Display for LoopyParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            LoopyParseErrorKind::Expected { expected, found } => write!(f, "expected {expected}, found {found}"),
            LoopyParseErrorKind::UnknownName(n) => write!(f, "`{n}` is no game, keyword or name defined before it (names are defined as `{n}:{{...}}`)"),
            LoopyParseErrorKind::PassOutside => f.write_str("`pass` means the position whose braces enclose it, and it is outside any braces"),
            LoopyParseErrorKind::ReservedName(n) => write!(f, "`{n}` is a keyword and cannot name a position"),
            LoopyParseErrorKind::Unfinished(what) => {
                write!(f, "{what} of a position whose braces are still open (`pass` or a name being defined): write the sum as the position's options instead")
            }
            LoopyParseErrorKind::Ambiguous { bars } => write!(f, "two separators '{}' at one level are ambiguous; use braces or more bars", "|".repeat(*bars)),
            LoopyParseErrorKind::TooLong { len } => write!(f, "text too long ({len} characters; at most {MAX_TEXT})"),
            LoopyParseErrorKind::TooDeep => write!(f, "nested too deeply (at most {MAX_DEPTH} levels)"),
            LoopyParseErrorKind::Short(e) => write!(f, "{e}"),
            LoopyParseErrorKind::Game(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LoopyParseError {}

const KEYWORDS: [&str; 7] = ["on", "off", "over", "under", "upon", "dud", "pass"];

/// The most positions a text may make by default (`FromStr`): minimising
/// refines positions on cycles in rounds, so a graph of `n` such positions
/// may cost `n` rounds of `n`; 20,000 keeps the worst case to seconds.
pub const PARSE_MAX_NODES: usize = 20_000;

/// Reads a loopy game (at most [`PARSE_MAX_NODES`] positions).
pub fn parse(text: &str) -> Result<LoopyGame, LoopyParseError> {
    parse_with(text, PARSE_MAX_NODES)
}

/// Reads a loopy game of at most `max_nodes` positions as written (a sum
/// is refused when the product of its parts' positions passes it, before
/// it is made), so the work of reading is bounded: the page's limit.
pub fn parse_with(text: &str, max_nodes: usize) -> Result<LoopyGame, LoopyParseError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > MAX_TEXT {
        return Err(LoopyParseError { column: 1, kind: LoopyParseErrorKind::TooLong { len: chars.len() } });
    }
    let mut p = Parser { s: chars, i: 0, b: Builder::default(), names: HashMap::new(), open: Vec::new(), depth: 0, limit: max_nodes.min(super::MAX_NODES) };
    let root = p.expr()?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.expected("the end of the game, '+' or '-'"));
    }
    Ok(minimise(&p.b.left, &p.b.right, root as usize))
}

struct Parser {
    s: Vec<char>,
    i: usize,
    b: Builder,
    names: HashMap<String, u32>,
    /// Positions whose braces are open, innermost last.
    open: Vec<u32>,
    depth: usize,
    /// Most positions written.
    limit: usize,
}

impl Parser {
    fn err(&self, column: usize, kind: LoopyParseErrorKind) -> LoopyParseError {
        LoopyParseError { column: column + 1, kind }
    }
    fn expected(&self, expected: &'static str) -> LoopyParseError {
        let found = match self.s.get(self.i) {
            Some(c) => format!("'{c}'"),
            None => "the end of the text".to_string(),
        };
        self.err(self.i, LoopyParseErrorKind::Expected { expected, found })
    }
    fn ws(&mut self) {
        while self.s.get(self.i).is_some_and(|c| c.is_whitespace()) {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<char> {
        self.ws();
        self.s.get(self.i).copied()
    }
    fn game_err(&self, at: usize, e: LoopyError) -> LoopyParseError {
        self.err(at, LoopyParseErrorKind::Game(e))
    }
    fn push(&mut self, at: usize, l: Vec<u32>, r: Vec<u32>) -> Result<u32, LoopyParseError> {
        if self.b.left.len() >= self.limit {
            return Err(self.game_err(at, LoopyError::TooLarge { nodes: self.b.left.len() + 1, limit: self.limit }));
        }
        self.b.push(l, r).map_err(|e| self.game_err(at, e))
    }

    /// `['-'] term (('+' | '-') term)*`.
    fn expr(&mut self) -> Result<u32, LoopyParseError> {
        let start = self.i;
        let negate = self.peek() == Some('-') && !self.s.get(self.i + 1).is_some_and(|c| c.is_ascii_digit());
        if negate {
            self.i += 1;
        }
        let mut node = self.term()?;
        if negate {
            let g = self.whole(start, node, "a negation")?;
            node = self.embed(start, &g.neg())?;
        }
        loop {
            let at = self.i;
            match self.peek() {
                Some(op @ ('+' | '-')) => {
                    self.i += 1;
                    let rhs = self.term()?;
                    let a = self.whole(at, node, "a sum")?;
                    let mut bb = self.whole(at, rhs, "a sum")?;
                    if op == '-' {
                        bb = bb.neg();
                    }
                    if a.len().saturating_mul(bb.len()) > self.limit {
                        return Err(self.game_err(at, LoopyError::TooLarge { nodes: a.len().saturating_mul(bb.len()), limit: self.limit }));
                    }
                    let sum = a.add(&bb).map_err(|e| self.game_err(at, e))?;
                    node = self.embed(at, &sum)?;
                }
                _ => return Ok(node),
            }
        }
    }

    /// The game at `node`, which must not reach a position still open.
    fn whole(&self, at: usize, node: u32, what: &'static str) -> Result<LoopyGame, LoopyParseError> {
        let g = minimise(&self.b.left, &self.b.right, node as usize);
        // A position still open has no options yet; reaching one means the
        // game is not finished.
        let mut seen = vec![false; self.b.left.len()];
        let mut stack = vec![node];
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut seen[v as usize], true) {
                continue;
            }
            if self.open.contains(&v) {
                return Err(self.err(at, LoopyParseErrorKind::Unfinished(what.to_string())));
            }
            stack.extend(self.b.left[v as usize].iter().chain(&self.b.right[v as usize]));
        }
        Ok(g)
    }

    /// Copies a whole game into the graph being built; its start's id.
    fn embed(&mut self, at: usize, g: &LoopyGame) -> Result<u32, LoopyParseError> {
        let base = self.b.left.len() as u32;
        for i in 0..g.len() {
            let l = g.left_of(i).iter().map(|o| o + base).collect();
            let r = g.right_of(i).iter().map(|o| o + base).collect();
            self.push(at, l, r)?;
        }
        Ok(base)
    }

    fn term(&mut self) -> Result<u32, LoopyParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err(self.i, LoopyParseErrorKind::TooDeep));
        }
        let r = self.term_inner();
        self.depth -= 1;
        r
    }

    fn term_inner(&mut self) -> Result<u32, LoopyParseError> {
        let at = self.i;
        match self.peek() {
            Some('{') => self.braces(None),
            Some('(') => {
                self.i += 1;
                let v = self.expr()?;
                if self.peek() != Some(')') {
                    return Err(self.expected("')'"));
                }
                self.i += 1;
                Ok(v)
            }
            None => Err(self.expected("a game")),
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let start = self.i;
                while self.s.get(self.i).is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_') {
                    self.i += 1;
                }
                let word: String = self.s[start..self.i].iter().collect();
                if self.peek() == Some(':') {
                    self.i += 1;
                    if KEYWORDS.contains(&word.as_str()) {
                        return Err(self.err(start, LoopyParseErrorKind::ReservedName(word)));
                    }
                    if self.peek() == Some('{') {
                        return self.braces(Some(word));
                    }
                    let v = self.term()?;
                    self.names.insert(word, v);
                    return Ok(v);
                }
                if let Some(&v) = self.names.get(&word) {
                    return Ok(v);
                }
                let keyword = match word.as_str() {
                    "pass" => return self.open.last().copied().ok_or_else(|| self.err(start, LoopyParseErrorKind::PassOutside)),
                    "on" => Some(LoopyGame::on()),
                    "off" => Some(LoopyGame::off()),
                    "over" => Some(LoopyGame::over()),
                    "under" => Some(LoopyGame::under()),
                    "upon" => Some(LoopyGame::upon()),
                    "dud" => Some(LoopyGame::dud()),
                    _ => None,
                };
                match keyword {
                    Some(g) => self.embed(at, &g),
                    None => {
                        // A short game's atom (`v`, `vv`, `^3`...), else a name never defined.
                        self.i = start;
                        let end = self.s[start..].iter().position(|c| !(c.is_ascii_alphanumeric() || *c == '_')).map_or(self.s.len(), |k| start + k);
                        self.atom().map_err(|e| if self.i == end { self.err(start, LoopyParseErrorKind::UnknownName(word)) } else { e })
                    }
                }
            }
            Some(_) => self.atom(),
        }
    }

    /// A short game without braces (`1/2`, `*3`, `^*`, `-2`), read by the
    /// explorer's parser.
    fn atom(&mut self) -> Result<u32, LoopyParseError> {
        self.ws();
        let start = self.i;
        while let Some(&c) = self.s.get(self.i) {
            let stop = matches!(c, '{' | '}' | '|' | ',' | ':' | '(' | ')' | '+') || c.is_whitespace() || (c == '-' && self.i > start);
            if stop {
                break;
            }
            self.i += 1;
        }
        if self.i == start {
            return Err(self.expected("a game"));
        }
        let text: String = self.s[start..self.i].iter().collect();
        let limits = ParseLimits { max_len: 1_000, max_depth: 50, ..ParseLimits::INTERACTIVE };
        let tree = GameTree::parse_with(&text, &limits).map_err(|e| self.err(start, LoopyParseErrorKind::Short(format!("`{text}`: {e}"))))?;
        let g = LoopyGame::from_short(tree.arena(), tree.root()).map_err(|e| self.game_err(start, e))?;
        self.embed(start, &g)
    }

    /// `{ ... }`: the position is made first, so `pass` and its name can be
    /// used inside.
    fn braces(&mut self, name: Option<String>) -> Result<u32, LoopyParseError> {
        let at = self.i;
        self.i += 1; // '{'
        let v = self.push(at, vec![], vec![])?;
        if let Some(n) = name {
            self.names.insert(n, v);
        }
        self.open.push(v);
        // Lists of games separated by runs of bars.
        let mut lists: Vec<Vec<u32>> = vec![Vec::new()];
        let mut bars: Vec<(usize, usize)> = Vec::new();
        // 0: after '{' or a bar (a game, a bar or '}'); 1: after a comma (a
        // game); 2: after a game (',', a bar or '}').
        let mut state = 0;
        loop {
            match (self.peek(), state) {
                (Some('}'), 0 | 2) => {
                    self.i += 1;
                    break;
                }
                (Some('|'), 0 | 2) => {
                    let b = self.i;
                    while self.s.get(self.i) == Some(&'|') {
                        self.i += 1;
                    }
                    bars.push((self.i - b, b));
                    lists.push(Vec::new());
                    state = 0;
                }
                (Some(','), 2) => {
                    self.i += 1;
                    state = 1;
                }
                (_, 2) => return Err(self.expected("',', '|' or '}'")),
                (Some('}' | ',' | '|') | None, _) => return Err(self.expected("a game")),
                _ => {
                    let g = self.expr()?;
                    lists.last_mut().expect("one list").push(g);
                    state = 2;
                }
            }
        }
        self.open.pop();
        if bars.is_empty() {
            return Err(self.err(at, LoopyParseErrorKind::Expected { expected: "'|' between the Left and Right options", found: "none".to_string() }));
        }
        let (l, r) = self.split(&lists, &bars)?;
        self.b.left[v as usize] = l;
        self.b.right[v as usize] = r;
        Ok(v)
    }

    /// Splits lists separated by bars at the longest bar; each side with
    /// bars of its own is a position of its own.
    fn split(&mut self, lists: &[Vec<u32>], bars: &[(usize, usize)]) -> Result<(Vec<u32>, Vec<u32>), LoopyParseError> {
        let longest = bars.iter().map(|b| b.0).max().expect("a bar");
        let at: Vec<usize> = (0..bars.len()).filter(|&k| bars[k].0 == longest).collect();
        if at.len() > 1 {
            return Err(self.err(bars[at[1]].1, LoopyParseErrorKind::Ambiguous { bars: longest }));
        }
        let k = at[0];
        let side = |p: &mut Parser, lists: &[Vec<u32>], bars: &[(usize, usize)]| -> Result<Vec<u32>, LoopyParseError> {
            if bars.is_empty() {
                Ok(lists[0].clone())
            } else {
                let (l, r) = p.split(lists, bars)?;
                let pos = bars[0].1;
                Ok(vec![p.push(pos, l, r)?])
            }
        };
        let l = side(self, &lists[..=k], &bars[..k])?;
        let r = side(self, &lists[k + 1..], &bars[k + 1..])?;
        Ok((l, r))
    }
}

/// The text of a game (module docs).
pub fn print(g: &LoopyGame) -> String {
    let n = g.len();
    let special = specials(g);
    // Nodes on cycles (not keywords, whose cycles are their own) and
    // large shared nodes are named.
    let on_cycle = on_cycles(g);
    let mut parents = vec![0u32; n];
    for i in 0..n {
        for &o in g.left_of(i).iter().chain(g.right_of(i)) {
            parents[o as usize] += 1;
        }
    }
    let named: Vec<bool> = (0..n).map(|i| special[i].is_none() && (on_cycle[i] || (parents[i] >= 2 && reach_size(g, i, 5) > 4))).collect();
    // Two passes: the first finds which names are used by name (not as
    // `pass`), the second writes a name's prefix only where it is.
    let run = |write_prefix: Option<&[bool]>| {
        let mut used = vec![false; n];
        let mut p = Printer { g, special: &special, named: &named, used: &mut used, names: vec![None; n], next: 0, out: String::new(), write_prefix };
        p.node(0);
        (p.out, used)
    };
    let (_, used) = run(None);
    run(Some(&used)).0
}

struct Printer<'a> {
    g: &'a LoopyGame,
    special: &'a [Option<String>],
    named: &'a [bool],
    used: &'a mut Vec<bool>,
    names: Vec<Option<String>>,
    next: usize,
    out: String,
    write_prefix: Option<&'a [bool]>,
}

impl Printer<'_> {
    fn node(&mut self, v: usize) {
        if let Some(s) = &self.special[v] {
            self.out.push_str(s);
            return;
        }
        if let Some(name) = &self.names[v] {
            // Defined before (or enclosing): its name.
            self.used[v] = true;
            self.out.push_str(name);
            return;
        }
        if self.named[v] {
            let name = name_of(self.next);
            self.next += 1;
            if self.write_prefix.is_some_and(|w| w[v]) {
                self.out.push_str(&name);
                self.out.push(':');
            }
            self.names[v] = Some(name);
        }
        self.out.push('{');
        for (side, opts) in [self.g.left_of(v), self.g.right_of(v)].into_iter().enumerate() {
            if side == 1 {
                self.out.push('|');
            }
            for (k, &o) in opts.iter().enumerate() {
                if k > 0 {
                    self.out.push(',');
                }
                self.option(v, o as usize);
            }
        }
        self.out.push('}');
    }

    fn option(&mut self, v: usize, o: usize) {
        if o == v && self.special[v].is_none() {
            self.out.push_str("pass");
        } else {
            self.node(o);
        }
    }
}

/// Names `a`, `b`, ... (not `v`, the explorer's down), then `a1`, ...
fn name_of(k: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
    let letter = LETTERS[k % LETTERS.len()] as char;
    match k / LETTERS.len() {
        0 => letter.to_string(),
        r => format!("{letter}{r}"),
    }
}

/// Nodes in a cycle (of any moves).
fn on_cycles(g: &LoopyGame) -> Vec<bool> {
    // Iteratively strip nodes with no remaining successors... instead,
    // Tarjan's strongly connected components without recursion.
    let n = g.len();
    let succ = |v: usize| g.left_of(v).iter().chain(g.right_of(v)).map(|&o| o as usize).collect::<Vec<usize>>();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut result = vec![false; n];
    let mut counter = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, Vec<usize>, usize)> = vec![(root, succ(root), 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((v, ss, k)) = call.last_mut() {
            let v = *v;
            if *k < ss.len() {
                let w = ss[*k];
                *k += 1;
                if index[w] == usize::MAX {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, succ(w), 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some((u, _, _)) = call.last() {
                    low[*u] = low[*u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().expect("on the stack");
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    let cyclic = comp.len() > 1 || succ(v).contains(&v);
                    for w in comp {
                        result[w] = cyclic;
                    }
                }
            }
        }
    }
    result
}

/// How many nodes `v` reaches, counting to `cap`.
fn reach_size(g: &LoopyGame, v: usize, cap: usize) -> usize {
    let mut seen = vec![v];
    let mut i = 0;
    while i < seen.len() && seen.len() < cap {
        let w = seen[i];
        for &o in g.left_of(w).iter().chain(g.right_of(w)) {
            if !seen.contains(&(o as usize)) {
                seen.push(o as usize);
            }
        }
        i += 1;
    }
    seen.len()
}

/// Keywords and numbers: nodes whose graph is exactly theirs.
fn specials(g: &LoopyGame) -> Vec<Option<String>> {
    let n = g.len();
    let l = |v: usize| g.left_of(v);
    let r = |v: usize| g.right_of(v);
    // Numbers, from the leaves up (the graph's short part, in rounds).
    let mut num: Vec<Option<Q>> = vec![None; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if num[v].is_some() {
                continue;
            }
            let q = match (l(v), r(v)) {
                ([], []) => Some(Q::zero()),
                ([a], []) => num[*a as usize].as_ref().filter(|q| q.is_integer() && !q.is_negative()).map(|q| q + &Q::one()),
                ([], [b]) => num[*b as usize].as_ref().filter(|q| q.is_integer() && (q.is_negative() || q.is_zero())).map(|q| q - &Q::one()),
                ([a], [b]) => match (&num[*a as usize], &num[*b as usize]) {
                    (Some(x), Some(y)) if x < y => {
                        let mid = (x + y) * Q::frac(1, 2);
                        let half = (y - x) * Q::frac(1, 2);
                        match (mid.dyadic_exponent(), half.dyadic_exponent()) {
                            (Some(k), Some(h)) if k >= 1 && h == k && half == Q::pow2_neg(k) => Some(mid),
                            _ => None,
                        }
                    }
                    _ => None,
                },
                _ => None,
            };
            if q.is_some() {
                num[v] = q;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let zero = (0..n).find(|&v| l(v).is_empty() && r(v).is_empty());
    let star = zero.and_then(|z| (0..n).find(|&v| l(v) == [z as u32] && r(v) == [z as u32]));
    (0..n)
        .map(|v| {
            let me = [v as u32];
            if let Some(q) = &num[v] {
                return Some(q.to_string());
            }
            if Some(v) == star {
                return Some("*".to_string());
            }
            // ^ = {0|*} and v = {*|0}, as the explorer writes them.
            if let (Some(z), Some(st)) = (zero, star) {
                let (z, st) = ([z as u32], [st as u32]);
                if l(v) == z && r(v) == st {
                    return Some("^".to_string());
                }
                if l(v) == st && r(v) == z {
                    return Some("v".to_string());
                }
            }
            let (a, b) = (l(v), r(v));
            let z = zero.map(|z| [z as u32]);
            let s = star.map(|s| [s as u32]);
            Some(
                match () {
                    _ if a == me && b.is_empty() => "on",
                    _ if a.is_empty() && b == me => "off",
                    _ if a == me && b == me => "dud",
                    _ if z.is_some_and(|z| a == z) && b == me => "over",
                    _ if a == me && z.is_some_and(|z| b == z) => "under",
                    _ if a == me && s.is_some_and(|s| b == s) => "upon",
                    _ => return None,
                }
                .to_string(),
            )
        })
        .collect()
}
