//! Relations between games as typed: `G <= H`, `G < H`, `G == H`, `G >= H`,
//! `G > H`, `G <| H` (less than or confused with: not `>=`), `G |> H`. The
//! answer is the relation that holds (`<`, `=`, `>` or `||`, confused: game
//! order is partial) and whether the one asked for does. Both sides are
//! valued as canonical forms, sums added canonically, under a budget of
//! work ([`Canon::set_work_limit`]).

use crate::canonical::{Canon, Relation};
use crate::expr::{ParseError, ParseErrorKind};
use crate::notation::{parse_expr, ParseLimits};
use std::fmt;

/// A relation asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelOp {
    Le,
    Lt,
    Eq,
    Ge,
    Gt,
    /// `<|`: less than or confused with (not `>=`).
    LessOrConfused,
    /// `|>`: greater than or confused with (not `<=`).
    GreaterOrConfused,
}

impl RelOp {
    /// Whether the relation `r` between the games satisfies this.
    pub fn holds(self, r: Relation) -> bool {
        use Relation::*;
        match self {
            RelOp::Le => matches!(r, Less | Equal),
            RelOp::Lt => r == Less,
            RelOp::Eq => r == Equal,
            RelOp::Ge => matches!(r, Greater | Equal),
            RelOp::Gt => r == Greater,
            RelOp::LessOrConfused => matches!(r, Less | Confused),
            RelOp::GreaterOrConfused => matches!(r, Greater | Confused),
        }
    }
    pub fn symbol(self) -> &'static str {
        match self {
            RelOp::Le => "<=",
            RelOp::Lt => "<",
            RelOp::Eq => "==",
            RelOp::Ge => ">=",
            RelOp::Gt => ">",
            RelOp::LessOrConfused => "<|",
            RelOp::GreaterOrConfused => "|>",
        }
    }
}

impl fmt::Display for RelOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// `G op H` split at its operator (outside braces and parentheses), with
/// the 1-based column where `H` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question<'a> {
    pub lhs: &'a str,
    pub op: RelOp,
    pub rhs: &'a str,
    pub rhs_column: usize,
}

/// The question in `src`, if it has a relation operator at the top level
/// (`<`, `>`, `=` never occur in a game's notation, so there is no
/// ambiguity; `|` followed by `>` is `|>`).
pub fn question(src: &str) -> Option<Question<'_>> {
    let chars: Vec<(usize, char)> = src.char_indices().collect();
    let mut depth = 0i32;
    let mut k = 0;
    while k < chars.len() {
        let (at, c) = chars[k];
        k += 1;
        // `^<2>` and `v<3>` (up-nth) are not relations.
        if (c == '^' || c == 'v') && chars.get(k).map(|x| x.1) == Some('<') {
            while k < chars.len() && chars[k].1 != '>' {
                k += 1;
            }
            k += 1;
            continue;
        }
        let k = k - 1;
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth -= 1,
            _ => {}
        }
        if depth != 0 {
            continue;
        }
        let next = chars.get(k + 1).map(|x| x.1);
        let (op, len) = match (c, next) {
            ('<', Some('=')) => (RelOp::Le, 2),
            ('<', Some('|')) => (RelOp::LessOrConfused, 2),
            ('<', _) => (RelOp::Lt, 1),
            ('>', Some('=')) => (RelOp::Ge, 2),
            ('>', _) => (RelOp::Gt, 1),
            ('=', Some('=')) => (RelOp::Eq, 2),
            ('=', _) => (RelOp::Eq, 1),
            ('|', Some('>')) => (RelOp::GreaterOrConfused, 2),
            _ => continue,
        };
        let end = chars.get(k + len).map_or(src.len(), |x| x.0);
        return Some(Question { lhs: &src[..at], op, rhs: &src[end..], rhs_column: k + len + 1 });
    }
    None
}

/// The answer to `G op H`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub op: RelOp,
    /// The relation that holds between the two games.
    pub relation: Relation,
    /// Whether `op` holds.
    pub holds: bool,
}

impl Answer {
    /// `G <= H` is false: G || H (confused with each other).
    pub fn sentence(&self, lhs: &str, rhs: &str) -> String {
        let gloss = match self.relation {
            Relation::Less => "G is less than H",
            Relation::Equal => "G equals H",
            Relation::Greater => "G is greater than H",
            Relation::Confused => "G is confused with H: neither is at least the other",
        };
        format!(
            "{} {} {} is {}: {} {} {} ({gloss}).",
            lhs.trim(),
            self.op,
            rhs.trim(),
            if self.holds { "true" } else { "false" },
            lhs.trim(),
            self.relation,
            rhs.trim()
        )
    }
}

/// Answer `G op H`. A side that does not parse is an error at its own
/// column in the whole text; a side with a non-dyadic number has no
/// canonical form and is refused; past `limits.max_build_work` steps of
/// canonical work, refused as too large.
pub fn answer(q: &Question<'_>, limits: &ParseLimits) -> Result<Answer, ParseError> {
    let left = parse_expr(q.lhs, limits)?;
    let right = parse_expr(q.rhs, limits).map_err(|e| ParseError { column: e.column + q.rhs_column - 1, kind: e.kind })?;
    let mut canon = Canon::new();
    if limits.max_build_work != u64::MAX {
        canon.set_work_limit(Some(limits.max_build_work));
    }
    let not_short = |e: crate::canonical::CanonError, column: usize| ParseError {
        column,
        kind: ParseErrorKind::Expected { expected: "a short game (dyadic numbers) to compare".into(), found: e.to_string() },
    };
    let a = canon.from_exprs(&left.0, left.1).map_err(|e| not_short(e, 1))?;
    let b = canon.from_exprs(&right.0, right.1).map_err(|e| not_short(e, q.rhs_column))?;
    let relation = canon.relation(a, b);
    if canon.over_limit() {
        return Err(ParseError { column: 1, kind: ParseErrorKind::TooLarge(crate::game::LimitError::TooMuchWork { max: limits.max_build_work }) });
    }
    Ok(Answer { op: q.op, relation, holds: q.op.holds(relation) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(s: &str) -> Answer {
        answer(&question(s).unwrap(), &ParseLimits::INTERACTIVE).unwrap()
    }

    #[test]
    fn relations_of_known_games() {
        assert!(ask("^ > 0").holds);
        assert_eq!(ask("* <= 0").relation, Relation::Confused);
        assert!(!ask("* <= 0").holds);
        assert!(ask("* <| 0").holds && ask("* |> 0").holds);
        assert!(ask("{1|-1} + {1|-1} == 0").holds);
        assert!(ask("1/2 + 1/2 = 1").holds);
        assert!(ask("{0|v*} < ^").holds);
        assert!(ask("^<2> < ^").holds);
        assert!(ask("{2|1} >= 1/2").holds && !ask("{2|1} >= 1").holds);
        assert!(ask("{|0} < 0").holds);
    }

    #[test]
    fn the_operator_is_found_outside_braces_only() {
        let q = question("{1|0} <= {2||1|0}").unwrap();
        assert_eq!((q.lhs.trim(), q.op, q.rhs.trim()), ("{1|0}", RelOp::Le, "{2||1|0}"));
        assert_eq!(question("14|2|||-2||-14|-16"), None);
        assert_eq!(question("{1|0}|>0").unwrap().op, RelOp::GreaterOrConfused);
        assert_eq!(question("^<2> + v<3>"), None);
        assert_eq!(question("^<2> < ^").unwrap().lhs, "^<2> ");
    }

    #[test]
    fn errors_name_the_side_and_column() {
        let q = question("1 <= {2|").unwrap();
        let e = answer(&q, &ParseLimits::INTERACTIVE).unwrap_err();
        assert!(e.column >= 6, "{e}");
        let q = question("{1/3|0} < 1").unwrap();
        assert!(answer(&q, &ParseLimits::INTERACTIVE).unwrap_err().to_string().contains("dyadic"));
        let q = question(" <= 1").unwrap();
        assert!(answer(&q, &ParseLimits::INTERACTIVE).is_err());
    }
}
