//! Parsed game expressions: the parser's output, before any tree is built.
//!
//! [`crate::notation::parse_expr`] yields either [`Exprs`] (a flat list,
//! operands before operators, each with its column) or a [`ParseError`]; both
//! are defined here, below the parser and below everything that consumes its
//! output: [`crate::build`] turns expressions into game trees in slices (and
//! reports a tree too large as a `ParseError` at the column of the expression
//! that made it), [`crate::canonical::Canon::from_exprs`] into canonical forms.
//! So the parser can run the builder without the builder importing the parser.

use crate::game::LimitError;
use crate::numbers::{NumberError, Q};
use std::fmt;

/// Index of an expression in its [`Exprs`]; operands come before operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExprId(pub(crate) u32);

/// A parsed game expression, before any tree is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Num(Q),
    Options(Vec<ExprId>, Vec<ExprId>),
    Add(ExprId, ExprId),
    Sub(ExprId, ExprId),
    Neg(ExprId),
    /// `±G = {G | -G}`
    PlusMinus(ExprId),
    Nimber(usize),
    /// `^` repeated (negative: `v`), plus `*k`.
    UpsStar(i64, usize),
    /// The ordinal sum `G:H` of the canonical forms of `G` and `H`:
    /// `{G^L, G:H^L | G^R, G:H^R}` (Conway, On Numbers and Games, ch. 15;
    /// Siegel 2013, II.4). It depends on `G`'s form, so `G`'s canonical
    /// form is used, as CGSuite does.
    Ordinal(ExprId, ExprId),
    /// The conjunctive compound `G ∧ H` (Winning Ways, ch. 14): a move is a
    /// move in every component; a player who cannot move in one cannot
    /// move. Of the components' canonical forms, as CGSuite computes it.
    Conjunctive(ExprId, ExprId),
    /// The selective compound `G ∨ H` (Winning Ways, ch. 14): a move is a
    /// move in any non-empty set of components.
    Selective(ExprId, ExprId),
}

/// Expressions with the column each was written at (for error messages).
#[derive(Clone, Debug, Default)]
pub struct Exprs {
    // The builder walks these by position and reports errors at their
    // columns, so it reads them directly.
    pub(crate) items: Vec<(Expr, usize)>,
}

impl Exprs {
    fn push(&mut self, e: Expr, col: usize) -> Result<ExprId, LimitError> {
        self.items.push((e, col));
        Ok(ExprId(self.items.len() as u32 - 1))
    }
    /// All expressions, operands before operators.
    pub fn ids(&self) -> impl Iterator<Item = ExprId> {
        (0..self.items.len() as u32).map(ExprId)
    }
    pub fn get(&self, id: ExprId) -> &Expr {
        &self.items[id.0 as usize].0
    }
    /// The 1-based column expression `id` was written at.
    pub fn column(&self, id: ExprId) -> usize {
        self.items.get(id.0 as usize).map_or(1, |x| x.1)
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    // The builder methods return `Result` so the parser treats every
    // construction alike; only building the tree can exceed a limit.
    pub(crate) fn number(&mut self, q: Q, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Num(q), col)
    }
    pub(crate) fn options(&mut self, l: Vec<ExprId>, r: Vec<ExprId>, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Options(l, r), col)
    }
    pub(crate) fn add(&mut self, a: ExprId, b: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Add(a, b), col)
    }
    pub(crate) fn sub(&mut self, a: ExprId, b: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Sub(a, b), col)
    }
    pub(crate) fn neg(&mut self, a: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Neg(a), col)
    }
    pub(crate) fn ordinal(&mut self, a: ExprId, b: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Ordinal(a, b), col)
    }
    pub(crate) fn compound(&mut self, conjunctive: bool, a: ExprId, b: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(if conjunctive { Expr::Conjunctive(a, b) } else { Expr::Selective(a, b) }, col)
    }
    pub(crate) fn plus_minus(&mut self, a: ExprId, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::PlusMinus(a), col)
    }
    pub(crate) fn nimber(&mut self, n: usize, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::Nimber(n), col)
    }
    pub(crate) fn ups_star(&mut self, ups: i64, star: usize, col: usize) -> Result<ExprId, LimitError> {
        self.push(Expr::UpsStar(ups, star), col)
    }
}

/// What went wrong, and where (1-based character column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub column: usize,
    pub kind: ParseErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    Expected { expected: String, found: String },
    BadNumber(NumberError),
    AmbiguousSlashes { slashes: usize },
    TooLong { len: usize, max: usize },
    TooDeep { max: usize },
    NimberTooLarge { max: usize },
    DenominatorTooLarge { max_bits: u64 },
    TooLarge(LimitError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            ParseErrorKind::Expected { expected, found } => write!(f, "expected {expected}, found {found}"),
            ParseErrorKind::BadNumber(e) => write!(f, "{e}"),
            ParseErrorKind::AmbiguousSlashes { slashes } => {
                write!(f, "two separators '{}' at the same level are ambiguous; use braces or more slashes", "|".repeat(*slashes))
            }
            ParseErrorKind::TooLong { len, max } => write!(f, "input too long ({len} characters; at most {max})"),
            ParseErrorKind::TooDeep { max } => write!(f, "nested too deeply (at most {max} levels)"),
            ParseErrorKind::NimberTooLarge { max } => write!(f, "nimber too large (at most *{max})"),
            ParseErrorKind::DenominatorTooLarge { max_bits } => {
                write!(f, "denominator too large (at most {max_bits} bits, about 2^{max_bits})")
            }
            ParseErrorKind::TooLarge(e) => write!(f, "{e}"),
        }
    }
}
impl std::error::Error for ParseError {}
