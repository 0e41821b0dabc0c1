//! Lessons as documents (issue 24): a title and steps, each step a text
//! (game notation between backticks is shown rendered), the page state as
//! a link, and optionally a question whose answer the engine checks. A
//! teacher writes one on the page and shares it as one link (`ld=` holds
//! the text) or a file; the built-in lessons ([`crate::lessons`]) are shown
//! through the same type.
//!
//! The text format, one field a line (`Display` writes it, `FromStr` reads
//! it back):
//!
//! ```text
//! title: Sente and gote
//! step: A gote position `{-2|-4}`: either player gains by moving.
//! link: g={-2|-4}
//! ask: mean {-2|-4}
//! step: Lines that start with no key continue the step's text,
//!   like this one.
//! link: page=sums&s={4|0} + {{10|-3}|-5}
//! ```
//!
//! Questions (`ask: KIND GAME`, the game in the explorer's notation):
//! `mean`, `temperature`, `value` (the canonical form, any equal game
//! accepted), `outcome` (L, R, N or P), `sente` (gote, Left's sente, ...; `left_sente`,
//! as `cgt eval` says, is read too), `left` and `right` (a best move for that side: an
//! option whose stop is the best; the answer is the option, e.g.
//! `{10|-3}`). Lines starting with `#` are comments.

use cgt::notation::ParseLimits;
use cgt::numbers::Q;
use std::fmt;
use std::str::FromStr;

/// Most characters a lesson document may have (a link holds it).
pub const MAX_DOC_CHARS: usize = 20_000;
/// Most steps.
pub const MAX_STEPS: usize = 60;

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LessonDoc {
    pub title: String,
    pub steps: Vec<DocStep>,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DocStep {
    pub text: String,
    /// The page state, as a query string without `?`.
    pub link: String,
    pub ask: Option<Question>,
}

/// What a question asks about its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Mean,
    Temperature,
    Value,
    Outcome,
    Sente,
    /// A best move for Left.
    Left,
    Right,
}

impl Ask {
    pub const ALL: [Ask; 7] = [Ask::Mean, Ask::Temperature, Ask::Value, Ask::Outcome, Ask::Sente, Ask::Left, Ask::Right];
    pub fn key(self) -> &'static str {
        match self {
            Ask::Mean => "mean",
            Ask::Temperature => "temperature",
            Ask::Value => "value",
            Ask::Outcome => "outcome",
            Ask::Sente => "sente",
            Ask::Left => "left",
            Ask::Right => "right",
        }
    }
    /// The question as the lesson bar asks it.
    pub fn prompt(self, game: &str) -> String {
        match self {
            Ask::Mean => format!("What is the mean of {game}?"),
            Ask::Temperature => format!("What is the temperature of {game}?"),
            Ask::Value => format!("What is the value (canonical form) of {game}?"),
            Ask::Outcome => format!("Who wins {game}: L (Left), R (Right), N (whoever moves first) or P (whoever moves second)?"),
            Ask::Sente => format!("In Go's words, what is {game}: gote, Left's sente, Right's sente, double sente or cold?"),
            Ask::Left => format!("Find Left's best move in {game}: type the option it leaves in its component, e.g. {{10|-3}} (or \"component 2\" in a sum)."),
            Ask::Right => format!("Find Right's best move in {game}: type the option it leaves in its component (or \"component 2\" in a sum)."),
        }
    }
}

/// A question the engine checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub ask: Ask,
    pub game: String,
}

/// Why a text is not a lesson, naming the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocError {
    TooLong {
        chars: usize,
    },
    TooManySteps {
        steps: usize,
    },
    NoTitle,
    NoSteps,
    /// A `link:` or `ask:` before the first `step:`.
    BeforeStep {
        line: usize,
        key: String,
    },
    /// A second `link:` or `ask:` in one step.
    Twice {
        line: usize,
        key: String,
    },
    UnknownAsk {
        line: usize,
        found: String,
    },
    BadGame {
        line: usize,
        message: String,
    },
}

impl fmt::Display for DocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocError::TooLong { chars } => write!(f, "the lesson has {chars} characters, more than a link holds ({MAX_DOC_CHARS})"),
            DocError::TooManySteps { steps } => write!(f, "the lesson has {steps} steps, more than {MAX_STEPS}"),
            DocError::NoTitle => f.write_str("line 1: expected `title: ...`"),
            DocError::NoSteps => f.write_str("expected at least one `step: ...` line"),
            DocError::BeforeStep { line, key } => write!(f, "line {line}: `{key}:` before the first `step:`"),
            DocError::Twice { line, key } => write!(f, "line {line}: a second `{key}:` in one step"),
            DocError::UnknownAsk { line, found } => {
                let keys: Vec<&str> = Ask::ALL.iter().map(|a| a.key()).collect();
                write!(f, "line {line}: `ask: {found}`: expected `ask: KIND GAME`, KIND one of {}", keys.join(", "))
            }
            DocError::BadGame { line, message } => write!(f, "line {line}: the question's game: {message}"),
        }
    }
}

impl std::error::Error for DocError {}

fn snippet(s: &str) -> String {
    let t: String = s.chars().take(30).collect();
    if s.chars().count() > 30 {
        format!("{t}…")
    } else {
        t
    }
}

/// Whether a question's game reads, under the page's limits: only the
/// expression is parsed (bounded by the text's length); the game is valued
/// when its step is shown and the answer checked (a long lesson of big sums
/// opens at once).
fn game_of(text: &str) -> Result<(), String> {
    cgt::notation::parse_expr(text, &ParseLimits::INTERACTIVE).map(|_| ()).map_err(|e| e.to_string())
}

impl FromStr for LessonDoc {
    type Err = DocError;
    fn from_str(src: &str) -> Result<LessonDoc, DocError> {
        let chars = src.chars().count();
        if chars > MAX_DOC_CHARS {
            return Err(DocError::TooLong { chars });
        }
        let mut doc = LessonDoc::default();
        let mut title: Option<String> = None;
        for (i, raw) in src.lines().enumerate() {
            let line = i + 1;
            let l = raw.trim_end();
            if l.trim_start().starts_with('#') || l.trim().is_empty() && doc.steps.is_empty() {
                continue;
            }
            let field = |k: &str| l.strip_prefix(k).and_then(|r| r.strip_prefix(':')).map(|r| r.trim().to_string());
            if let Some(t) = field("title") {
                title = Some(t);
            } else if let Some(t) = field("step") {
                doc.steps.push(DocStep { text: t, ..DocStep::default() });
                if doc.steps.len() > MAX_STEPS {
                    return Err(DocError::TooManySteps { steps: doc.steps.len() });
                }
            } else if let Some(q) = field("link") {
                let s = doc.steps.last_mut().ok_or(DocError::BeforeStep { line, key: "link".into() })?;
                if !s.link.is_empty() {
                    return Err(DocError::Twice { line, key: "link".into() });
                }
                s.link = q.trim_start_matches('?').to_string();
            } else if let Some(q) = field("ask") {
                let s = doc.steps.last_mut().ok_or(DocError::BeforeStep { line, key: "ask".into() })?;
                if s.ask.is_some() {
                    return Err(DocError::Twice { line, key: "ask".into() });
                }
                let (kind, game) = q.split_once(' ').map(|(k, g)| (k, g.trim())).unwrap_or((q.as_str(), ""));
                let ask = Ask::ALL.into_iter().find(|a| a.key() == kind).ok_or_else(|| DocError::UnknownAsk { line, found: snippet(&q) })?;
                game_of(game).map_err(|message| DocError::BadGame { line, message })?;
                s.ask = Some(Question { ask, game: game.to_string() });
            } else if let Some(s) = doc.steps.last_mut() {
                // A continuation of the step's text (blank lines included).
                s.text.push('\n');
                s.text.push_str(l.trim());
            } else if title.is_none() {
                return Err(DocError::NoTitle);
            }
        }
        for s in &mut doc.steps {
            s.text = s.text.trim_end().to_string();
        }
        doc.title = title.ok_or(DocError::NoTitle)?;
        if doc.steps.is_empty() {
            return Err(DocError::NoSteps);
        }
        Ok(doc)
    }
}

impl fmt::Display for LessonDoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "title: {}", self.title)?;
        for s in &self.steps {
            let mut lines = s.text.lines();
            writeln!(f, "step: {}", lines.next().unwrap_or(""))?;
            for l in lines {
                // A continuation line must not read as a field.
                writeln!(f, "  {l}")?;
            }
            if !s.link.is_empty() {
                writeln!(f, "link: {}", s.link)?;
            }
            if let Some(q) = &s.ask {
                writeln!(f, "ask: {} {}", q.ask.key(), q.game)?;
            }
        }
        Ok(())
    }
}

/// The engine's verdict on an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub right: bool,
    /// What to say: why it is right, or the answer expected.
    pub comment: String,
}

impl Question {
    pub fn prompt(&self) -> String {
        self.ask.prompt(&self.game)
    }
    /// The answer the engine gives, in words (shown after a wrong try).
    pub fn answer(&self) -> Result<String, String> {
        let mut s = Solved::of(&self.game)?;
        let th = s.thermograph()?;
        Ok(match self.ask {
            Ask::Mean => th.mean().to_string(),
            Ask::Temperature => th.temperature().to_string(),
            Ask::Value => s.canon.name_within(s.root, 400).unwrap_or_else(|| "(too long to print)".into()),
            Ask::Outcome => s.canon.outcome(s.root).to_string(),
            Ask::Sente => cgt::sente::classify(&th).kind.words(["Left", "Right"]),
            Ask::Left | Ask::Right => {
                let side = side_of(self.ask);
                let moves = s.moves(side);
                let best = best_of(&moves);
                if moves.is_empty() {
                    format!("none: {} has no move", side.name())
                } else {
                    let many = s.components.len() > 1;
                    let words: Vec<String> = moves
                        .iter()
                        .filter(|m| m.stop == best)
                        .map(|m| {
                            let o = s.canon.name_within(m.option, 200).unwrap_or_else(|| "(a long option)".into());
                            if many {
                                format!("{o} in component {}", m.component + 1)
                            } else {
                                o
                            }
                        })
                        .collect();
                    words.join(" or ")
                }
            }
        })
    }
    /// Check `answer`: numbers compared exactly (`1/2`, `0.5`), games as
    /// games (any equal form), words by their key.
    pub fn check(&self, answer: &str) -> Result<Checked, String> {
        let answer = answer.trim();
        if answer.is_empty() {
            return Ok(Checked { right: false, comment: "Type an answer first.".into() });
        }
        let mut s = Solved::of(&self.game)?;
        let wrong = |why: String| Ok(Checked { right: false, comment: why });
        let right = |why: String| Ok(Checked { right: true, comment: why });
        match self.ask {
            Ask::Mean | Ask::Temperature => {
                let th = s.thermograph()?;
                let want = if self.ask == Ask::Mean { th.mean() } else { th.temperature() };
                match answer.parse::<Q>() {
                    Ok(x) if &x == want => right(format!("Right: the {} is {want}.", self.ask.key())),
                    Ok(x) if !is_dyadic(&x) => wrong(not_short(&x.to_string())),
                    Ok(x) => wrong(format!("Not quite: {x} is not the {}. Look where the walls meet.", self.ask.key())),
                    Err(_) => wrong(format!("{answer:?} is not a number (write 3/2 or 1.5).")),
                }
            }
            Ask::Value => {
                let a = match s.answer_game(answer) {
                    Ok(a) => a,
                    Err(why) => return wrong(why),
                };
                if s.canon.le(a, s.root) && s.canon.le(s.root, a) {
                    let name = s.canon.name_within(s.root, 400).unwrap_or_else(|| "(too long to print)".into());
                    right(format!("Right: {answer} (canonical form {name})."))
                } else {
                    wrong(format!("Not quite: {answer} is a different game."))
                }
            }
            Ask::Outcome => {
                let want = s.canon.outcome(s.root).to_string();
                if answer.eq_ignore_ascii_case(&want) {
                    right(format!("Right: {want}."))
                } else {
                    wrong(format!("Not quite: the outcome is not {answer}."))
                }
            }
            Ask::Sente => {
                let th = s.thermograph()?;
                let want = cgt::sente::classify(&th);
                match sente_of_words(answer) {
                    Some(k) if k == want.kind => right(format!("Right: {}.", want.phrase(["Left", "Right"]))),
                    Some(_) => wrong("Not quite: look at which wall is vertical just below the temperature.".to_string()),
                    None => wrong(format!("{answer:?}: answer gote, Left's sente, Right's sente, double sente or cold.")),
                }
            }
            Ask::Left | Ask::Right => {
                let side = side_of(self.ask);
                let moves = s.moves(side);
                let best = best_of(&moves);
                let who = side.name();
                if moves.is_empty() {
                    return wrong(format!("{who} has no move here."));
                }
                // "component 2" (or "2"): a move in that component.
                let n = s.components.len();
                let comp = component_number(answer);
                let picked: Vec<&Move> = if let Some(k) = comp {
                    if k == 0 || k > n {
                        return wrong(format!(
                            "There {} {n} component{} here: component 1{}.",
                            if n == 1 { "is" } else { "are" },
                            if n == 1 { "" } else { "s" },
                            if n > 1 { format!(" to {n}") } else { String::new() }
                        ));
                    }
                    let m: Vec<&Move> = moves.iter().filter(|m| m.component + 1 == k).collect();
                    if m.is_empty() {
                        return wrong(format!("{who} has no move in component {k}."));
                    }
                    m
                } else {
                    let a = match s.answer_game(answer) {
                        Ok(a) => a,
                        Err(why) => return wrong(why),
                    };
                    // The option of a component, or the whole position after the move.
                    let mut m = Vec::new();
                    for mv in &moves {
                        let eq = |c: &mut cgt::canonical::Canon, x| c.le(x, a) && c.le(a, x);
                        if eq(&mut s.canon, mv.option) || eq(&mut s.canon, mv.position) {
                            m.push(mv);
                        }
                    }
                    m
                };
                if picked.iter().any(|m| m.stop == best) {
                    right(format!("Right: {answer} is a best move for {who}."))
                } else if !picked.is_empty() {
                    wrong(format!("Not the best: {answer} is one of {who}'s moves, but another gets more."))
                } else {
                    wrong(format!(
                        "{answer} is not one of {who}'s moves here: type the option a move leaves in its component (e.g. {}){}.",
                        s.example(side, &moves),
                        if n > 1 { ", or the component's number (\"component 2\")" } else { "" }
                    ))
                }
            }
        }
    }
}

fn side_of(ask: Ask) -> cgt::side::Side {
    if ask == Ask::Right {
        cgt::side::Side::Right
    } else {
        cgt::side::Side::Left
    }
}

/// What a non-dyadic answer is told: it is no short game's value.
fn not_short(x: &str) -> String {
    format!("Not quite: {x} is not a value any short game has (their numbers are dyadic: halves, quarters, eighths, ...).")
}

fn is_dyadic(q: &Q) -> bool {
    let mut c = cgt::canonical::Canon::new();
    c.num(q.clone()).is_ok()
}

/// "component 2", "comp 2", "#2" or "2" -> 2 (only with a word or a `#`,
/// or a bare number when it cannot be a game: it always can, so a bare
/// number is read as a game).
fn component_number(answer: &str) -> Option<usize> {
    let a = answer.trim().to_ascii_lowercase();
    let rest = a.strip_prefix("component").or_else(|| a.strip_prefix("comp")).or_else(|| a.strip_prefix('#'))?;
    rest.trim().trim_start_matches('#').trim().parse().ok()
}

/// "Left's sente", "left sente", "left_sente", "double-sente", "gote", ...
fn sente_of_words(answer: &str) -> Option<cgt::sente::Sente> {
    let a = answer.trim().to_ascii_lowercase().replace('\u{2019}', "'").replace("'s", "").replace([' ', '-', '\''], "_");
    let a = a.trim_matches('_').replace("__", "_");
    a.parse::<cgt::sente::Sente>().ok()
}

/// One move of a side: in which component, the option it leaves there,
/// the whole position after it, and its stop for the mover (Left: the
/// position's right stop; Right: minus its left stop: larger is better).
struct Move {
    component: usize,
    option: cgt::canonical::CanonId,
    position: cgt::canonical::CanonId,
    stop: Q,
}

fn best_of(moves: &[Move]) -> Q {
    moves.iter().map(|m| m.stop.clone()).max().unwrap_or_else(Q::zero)
}

/// A question's game, valued on canonical forms (a sum is added
/// canonically, never expanded as a tree), with its components.
struct Solved {
    canon: cgt::canonical::Canon,
    exprs: cgt::expr::Exprs,
    root: cgt::canonical::CanonId,
    /// The sum's terms in order: (the term, whether it is subtracted).
    components: Vec<(cgt::expr::ExprId, bool)>,
}

impl Solved {
    fn of(game: &str) -> Result<Solved, String> {
        let (exprs, top) = cgt::notation::parse_expr(game, &ParseLimits::INTERACTIVE).map_err(|e| e.to_string())?;
        let mut canon = cgt::canonical::Canon::new();
        let root = canon.from_exprs(&exprs, top).map_err(|e| e.to_string())?;
        use cgt::expr::Expr;
        let mut components = Vec::new();
        let mut stack = vec![(top, false)];
        while let Some((id, neg)) = stack.pop() {
            match exprs.get(id) {
                Expr::Add(a, b) => stack.extend([(*b, neg), (*a, neg)]),
                Expr::Sub(a, b) => stack.extend([(*b, !neg), (*a, neg)]),
                _ => components.push((id, neg)),
            }
        }
        Ok(Solved { canon, exprs, root, components })
    }
    fn thermograph(&mut self) -> Result<cgt::Thermograph, String> {
        cgt::algebra::Algebra::default().thermograph(&mut self.canon, self.root).map_err(|e| e.to_string())
    }
    /// An answer typed as a game; a value no short game has is a wrong
    /// answer that says so.
    fn answer_game(&mut self, answer: &str) -> Result<cgt::canonical::CanonId, String> {
        let (ex, top) = cgt::notation::parse_expr(answer, &ParseLimits::INTERACTIVE).map_err(|_| format!("{answer:?} is not a game in the notation."))?;
        self.canon.from_exprs(&ex, top).map_err(|e| match e {
            cgt::canonical::CanonError::NotDyadic(q) => {
                not_short(&if answer.contains(['{', '|']) { format!("{answer} (it holds {q})") } else { q.to_string() })
            }
        })
    }
    /// Every move of `side`, component by component: the options written
    /// in the text (a dominated one too) and the canonical form's.
    fn moves(&mut self, side: cgt::side::Side) -> Vec<Move> {
        use cgt::expr::Expr;
        use cgt::side::Side;
        let c = &mut self.canon;
        let vals: Vec<cgt::canonical::CanonId> = self
            .components
            .iter()
            .map(|&(id, neg)| {
                let v = c.from_exprs(&self.exprs, id).unwrap_or_else(|_| c.zero());
                if neg {
                    c.neg(v)
                } else {
                    v
                }
            })
            .collect();
        let mut out = Vec::new();
        for (i, &(id, neg)) in self.components.iter().enumerate() {
            // Left's moves in -G are the negatives of Right's in G.
            let in_g = if neg { side.other() } else { side };
            let mut opts: Vec<cgt::canonical::CanonId> = Vec::new();
            if let Expr::Options(l, r) = self.exprs.get(id) {
                for &e in if in_g == Side::Left { l } else { r } {
                    if let Ok(v) = c.from_exprs(&self.exprs, e) {
                        opts.push(if neg { c.neg(v) } else { v });
                    }
                }
            }
            for o in c.options_of(vals[i], side) {
                if !opts.contains(&o) {
                    opts.push(o);
                }
            }
            let mut others = c.zero();
            for (j, &v) in vals.iter().enumerate() {
                if j != i {
                    others = c.add(others, v);
                }
            }
            for o in opts {
                let position = c.add(others, o);
                let (ls, rs) = c.stops(position);
                let stop = if side == Side::Left { rs } else { -ls };
                out.push(Move { component: i, option: o, position, stop });
            }
        }
        out
    }
    /// An option to show in the hint: a move of the first component that has one.
    fn example(&mut self, _side: cgt::side::Side, moves: &[Move]) -> String {
        moves.first().and_then(|m| self.canon.name_within(m.option, 60)).unwrap_or_else(|| "{10|-3}".into())
    }
}

/// Game notation between backticks, for the page to render: text and
/// code spans in turn (`(false, text)`, `(true, game)`).
pub fn spans(text: &str) -> Vec<(bool, String)> {
    text.split('`').enumerate().filter(|(_, s)| !s.is_empty()).map(|(i, s)| (i % 2 == 1, s.to_string())).collect()
}

/// A game's text as the page shows it: ↑ for `^`, ↓ for `v`, ± for `+-`.
pub fn rendered(game: &str) -> String {
    let mut out = String::with_capacity(game.len());
    let chars: Vec<char> = game.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let prev_alnum = i > 0 && chars[i - 1].is_ascii_alphanumeric();
        let next_alnum = chars.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic());
        match c {
            '^' => out.push('↑'),
            // `v` alone is down; inside a word (Tiny, v in "value") it is a letter.
            'v' if !prev_alnum && !next_alnum => out.push('↓'),
            '+' if chars.get(i + 1) == Some(&'-') => {
                out.push('±');
                i += 1;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "title: Sente and gote\n\
        # a comment\n\
        step: A gote `{-2|-4}`: mean -3.\n\
        link: g={-2|-4}\n\
        ask: mean {-2|-4}\n\
        step: The greedy example,\n\
        \x20 on two lines.\n\
        link: page=sums&s={4|0} + {{10|-3}|-5}\n\
        step: Left's best move?\n\
        link: g={{10|-3},{4|1}|-5}\n\
        ask: left {{10|-3},{4|1}|-5}\n";

    #[test]
    fn the_format_round_trips() {
        let d: LessonDoc = DOC.parse().unwrap();
        assert_eq!(d.title, "Sente and gote");
        assert_eq!(d.steps.len(), 3);
        assert_eq!(d.steps[1].text, "The greedy example,\non two lines.");
        assert_eq!(d.steps[1].link, "page=sums&s={4|0} + {{10|-3}|-5}");
        assert_eq!(d.steps[0].ask, Some(Question { ask: Ask::Mean, game: "{-2|-4}".into() }));
        let again: LessonDoc = d.to_string().parse().unwrap();
        assert_eq!(again, d);
        assert_eq!(again.to_string(), d.to_string());
    }

    #[test]
    fn bad_documents_name_the_line() {
        let e = |s: &str| s.parse::<LessonDoc>().unwrap_err().to_string();
        assert_eq!(e("step: x"), "line 1: expected `title: ...`");
        assert_eq!(e("title: t"), "expected at least one `step: ...` line");
        assert_eq!(e("title: t\nlink: g=1"), "line 2: `link:` before the first `step:`");
        assert_eq!(e("title: t\nstep: a\nask: mean 1\nask: mean 2"), "line 4: a second `ask:` in one step");
        assert!(e("title: t\nstep: a\nask: colour 1").starts_with("line 3: `ask: colour 1`: expected `ask: KIND GAME`, KIND one of mean, temperature"));
        assert!(e("title: t\nstep: a\nask: mean {1|").starts_with("line 3: the question's game: "));
        assert!(e(&format!("title: t\nstep: {}", "x".repeat(MAX_DOC_CHARS))).contains("more than a link holds"));
        let many: String = (0..=MAX_STEPS).map(|k| format!("step: {k}\n")).collect();
        assert_eq!(e(&format!("title: t\n{many}")), format!("the lesson has {} steps, more than {MAX_STEPS}", MAX_STEPS + 1));
    }

    #[test]
    fn answers_are_checked_by_the_engine() {
        let q = |ask, g: &str| Question { ask, game: g.into() };
        let mean = q(Ask::Mean, "{{-2|-4}|-7}");
        assert!(mean.check("-5").unwrap().right);
        assert!(!mean.check("-3.5").unwrap().right);
        assert!(!mean.check("five").unwrap().right);
        assert_eq!(mean.answer().unwrap(), "-5");
        assert!(q(Ask::Temperature, "{4|0}").check("2").unwrap().right);
        assert!(q(Ask::Value, "{0,*|0}").check("^*").unwrap().right);
        assert!(!q(Ask::Value, "{0,*|0}").check("{0|0,*}").unwrap().right);
        assert!(q(Ask::Outcome, "*").check("n").unwrap().right);
        assert!(q(Ask::Sente, "9||8|0").check("right sente").unwrap().right);
        assert!(!q(Ask::Sente, "9||8|0").check("gote").unwrap().right);
        // Left's best move in {{10|-3},{4|1}|-5}: {10|-3} (its right stop -3)
        // is worse than {4|1} (right stop 1).
        let left = q(Ask::Left, "{{10|-3},{4|1}|-5}");
        assert!(left.check("{4|1}").unwrap().right);
        let not_best = left.check("{10|-3}").unwrap();
        assert!(!not_best.right && not_best.comment.starts_with("Not the best"), "{}", not_best.comment);
        assert!(left.check("{3|2}").unwrap().comment.contains("is not one of Left's moves"));
        assert!(left.check("1/3").unwrap().comment.contains("not a value any short game has"));
        assert_eq!(left.answer().unwrap(), "{4|1}");
        assert!(q(Ask::Right, "{4|0}").check("0").unwrap().right);
    }

    #[test]
    fn a_non_dyadic_answer_is_wrong_and_says_why() {
        // Issue 43 item 17: 1/3 was "The engine could not check this question".
        let q = |ask, g: &str| Question { ask, game: g.into() };
        for (ask, g) in [(Ask::Value, "{1|0}"), (Ask::Mean, "{1|0}"), (Ask::Left, "{1|0}")] {
            let v = q(ask, g).check("1/3").expect("checked");
            assert!(!v.right);
            assert!(v.comment.contains("not a value any short game has"), "{ask:?}: {}", v.comment);
        }
        assert!(q(Ask::Value, "{1|0}").check("{1/3|0}").unwrap().comment.contains("not a value any short game has"));
    }

    #[test]
    fn the_sente_question_speaks_words() {
        // Issue 43 item 18.
        let q = Question { ask: Ask::Sente, game: "9||8|0".into() };
        assert!(!q.prompt().contains('_'), "{}", q.prompt());
        assert!(q.prompt().contains("Right's sente"));
        assert!(q.check("Right's sente").unwrap().right);
        assert!(q.check("right sente").unwrap().right);
        assert!(q.check("right_sente").unwrap().right);
        assert!(!q.answer().unwrap().contains('_'), "{}", q.answer().unwrap());
        let bad = q.check("sente-ish").unwrap();
        assert!(!bad.right && !bad.comment.contains('_'), "{}", bad.comment);
    }

    #[test]
    fn a_best_move_is_read_in_the_forms_the_prompt_offers() {
        // Issue 43 item 16: in a sum, {10|-3} (the option of component 2) was
        // "not one of Left's moves".
        let q = Question { ask: Ask::Left, game: "{4|0} + {{10|-3}|-5}".into() };
        // Left's moves: to 4 + {{10|-3}|-5} (right stop 4 - 5 = -1) or to
        // {4|0} + {10|-3} (Right's best reply leaves {4|0} - 3, left stop 1):
        // the second is best, as in the sums lesson.
        let best = q.check("{10|-3}").unwrap();
        assert!(best.right, "{}", best.comment);
        assert!(q.check("component 2").unwrap().right);
        let other = q.check("4").unwrap();
        assert!(!other.right && other.comment.starts_with("Not the best"), "{}", other.comment);
        let other = q.check("component 1").unwrap();
        assert!(!other.right && other.comment.starts_with("Not the best"), "{}", other.comment);
        // The whole position after the move is read too.
        assert!(q.check("{4|0} + {10|-3}").unwrap().right);
        assert!(q.check("component 3").unwrap().comment.contains("2 components"));
        assert!(q.answer().unwrap().contains("component 2"), "{}", q.answer().unwrap());
        assert!(!q.check("{3|2}").unwrap().right);
        // Where {10|-3} is the best: it is accepted as the prompt says.
        let g = Question { ask: Ask::Left, game: "{1|0} + {{10|-3}|-5}".into() };
        assert!(g.check("{10|-3}").unwrap().right, "{}", g.check("{10|-3}").unwrap().comment);
        // A dominated option written in the text is still one of the moves.
        let d = Question { ask: Ask::Left, game: "{0,1|-1}".into() };
        assert!(d.check("0").unwrap().comment.starts_with("Not the best"), "{}", d.check("0").unwrap().comment);
        // A subtracted component: Left's moves in -{2|1} are -1 ... i.e. to -(1).
        let n = Question { ask: Ask::Left, game: "3 - {2|1}".into() };
        assert!(n.check("-1").unwrap().right, "{}", n.check("-1").unwrap().comment);
    }

    #[test]
    fn a_long_lesson_of_big_sums_reads_at_once() {
        // Issue 43 item 26: 60 steps asking the mean of ±1 + ... + ±11 was
        // built (as a tree) three times on opening; reading it now only
        // parses the expressions, and one question is valued when asked.
        let sum: Vec<String> = (1..=11).map(|k| format!("+-{k}")).collect();
        let sum = sum.join(" + ");
        let doc: String = std::iter::once("title: big\n".to_string()).chain((0..60).map(|k| format!("step: {k}\nask: mean {sum}\n"))).collect();
        let d: LessonDoc = doc.parse().unwrap();
        assert_eq!(d.steps.len(), 60);
        let q = d.steps[0].ask.clone().unwrap();
        assert!(q.check("0").unwrap().right);
    }

    #[test]
    fn notation_is_rendered() {
        assert_eq!(spans("A gote `{-2|-4}` here"), [(false, "A gote ".to_string()), (true, "{-2|-4}".to_string()), (false, " here".to_string())]);
        assert_eq!(rendered("^* + v + +-1 + Tiny(2)"), "↑* + ↓ + ±1 + Tiny(2)");
    }
}
