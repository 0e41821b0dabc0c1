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
//! accepted), `outcome` (L, R, N or P), `sente` (gote, left_sente, ...,
//! as `cgt eval` says), `left` and `right` (a best move for that side: an
//! option whose stop is the best; the answer is the option, e.g.
//! `{10|-3}`). Lines starting with `#` are comments.

use cgt::notation::{GameTree, ParseLimits};
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
            Ask::Sente => format!("In Go's words, what is {game}: gote, left_sente, right_sente, double_sente or cold?"),
            Ask::Left => format!("Find Left's best move in {game} (type the option, e.g. {{10|-3}})."),
            Ask::Right => format!("Find Right's best move in {game} (type the option)."),
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
    TooLong { chars: usize },
    TooManySteps { steps: usize },
    NoTitle,
    NoSteps,
    /// A `link:` or `ask:` before the first `step:`.
    BeforeStep { line: usize, key: String },
    /// A second `link:` or `ask:` in one step.
    Twice { line: usize, key: String },
    UnknownAsk { line: usize, found: String },
    BadGame { line: usize, message: String },
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
    if s.chars().count() > 30 { format!("{t}…") } else { t }
}

/// The game of a question, under the page's limits.
fn game_of(text: &str) -> Result<GameTree, String> {
    GameTree::parse_with(text, &ParseLimits::INTERACTIVE).map_err(|e| e.to_string())
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
        let g = game_of(&self.game)?;
        let th = g.thermograph();
        Ok(match self.ask {
            Ask::Mean => th.mean().to_string(),
            Ask::Temperature => th.temperature().to_string(),
            Ask::Value => canonical_name(&g)?,
            Ask::Outcome => cgt::outcome::outcome(g.arena(), g.root()).to_string(),
            Ask::Sente => cgt::sente::classify(&th).kind.key().to_string(),
            Ask::Left | Ask::Right => best_moves(&g, self.ask)?.join(" or "),
        })
    }
    /// Check `answer`: numbers compared exactly (`1/2`, `0.5`), games as
    /// games (any equal form), words by their key.
    pub fn check(&self, answer: &str) -> Result<Checked, String> {
        let answer = answer.trim();
        if answer.is_empty() {
            return Ok(Checked { right: false, comment: "Type an answer first.".into() });
        }
        let g = game_of(&self.game)?;
        let th = g.thermograph();
        let wrong = |why: String| Ok(Checked { right: false, comment: why });
        let right = |why: String| Ok(Checked { right: true, comment: why });
        match self.ask {
            Ask::Mean | Ask::Temperature => {
                let want = if self.ask == Ask::Mean { th.mean() } else { th.temperature() };
                match answer.parse::<Q>() {
                    Ok(x) if &x == want => right(format!("Right: the {} is {want}.", self.ask.key())),
                    Ok(x) => wrong(format!("Not quite: {x} is not the {}. Look where the walls meet.", self.ask.key())),
                    Err(_) => wrong(format!("{answer:?} is not a number (write 3/2 or 1.5).")),
                }
            }
            Ask::Value => {
                let Ok(a) = game_of(answer) else { return wrong(format!("{answer:?} is not a game in the notation.")) };
                if equal(&g, &a)? {
                    right(format!("Right: {} (canonical form {}).", answer, canonical_name(&g)?))
                } else {
                    wrong(format!("Not quite: {answer} is a different game."))
                }
            }
            Ask::Outcome => {
                let want = cgt::outcome::outcome(g.arena(), g.root()).to_string();
                if answer.eq_ignore_ascii_case(&want) {
                    right(format!("Right: {want}."))
                } else {
                    wrong(format!("Not quite: the outcome is not {answer}."))
                }
            }
            Ask::Sente => {
                let want = cgt::sente::classify(&th);
                let said = answer.to_ascii_lowercase().replace([' ', '-'], "_");
                match said.parse::<cgt::sente::Sente>() {
                    Ok(k) if k == want.kind => right(format!("Right: {}.", want.phrase(["Left", "Right"]))),
                    Ok(_) => wrong("Not quite: look at which wall is vertical just below the temperature.".to_string()),
                    Err(e) => wrong(e.to_string()),
                }
            }
            Ask::Left | Ask::Right => {
                let Ok(a) = game_of(answer) else { return wrong(format!("{answer:?} is not a game in the notation.")) };
                let side = if self.ask == Ask::Left { cgt::side::Side::Left } else { cgt::side::Side::Right };
                let opts = match side {
                    cgt::side::Side::Left => g.arena().left(g.root()),
                    cgt::side::Side::Right => g.arena().right(g.root()),
                };
                let best = best_option_ids(&g, side);
                let mut is_option = false;
                for &o in opts {
                    if equal_nodes(&g, o, &a)? {
                        is_option = true;
                        if best.contains(&o) {
                            return right(format!("Right: {answer} is a best move for {}.", side.name()));
                        }
                    }
                }
                if is_option {
                    wrong(format!("Not the best: {answer} is one of {}'s moves, but another gets more.", side.name()))
                } else {
                    wrong(format!("{answer} is not one of {}'s moves here.", side.name()))
                }
            }
        }
    }
}

fn canonical_name(g: &GameTree) -> Result<String, String> {
    let mut c = cgt::canonical::Canon::new();
    let id = c.from_tree(g.arena(), g.root()).map_err(|e| e.to_string())?;
    Ok(c.name_within(id, 400).unwrap_or_else(|| "(too long to print)".into()))
}

/// Whether two games are equal (both as canonical forms).
fn equal(a: &GameTree, b: &GameTree) -> Result<bool, String> {
    let mut c = cgt::canonical::Canon::new();
    let x = c.from_tree(a.arena(), a.root()).map_err(|e| e.to_string())?;
    let y = c.from_tree(b.arena(), b.root()).map_err(|e| e.to_string())?;
    Ok(c.le(x, y) && c.le(y, x))
}

fn equal_nodes(g: &GameTree, node: cgt::game::GameId, b: &GameTree) -> Result<bool, String> {
    let mut c = cgt::canonical::Canon::new();
    let x = c.from_tree(g.arena(), node).map_err(|e| e.to_string())?;
    let y = c.from_tree(b.arena(), b.root()).map_err(|e| e.to_string())?;
    Ok(c.le(x, y) && c.le(y, x))
}

/// The options of the root that are best for `side`: those whose stop
/// with the opponent to move is the mover's best (Left's largest right
/// stop, Right's smallest left stop).
fn best_option_ids(g: &GameTree, side: cgt::side::Side) -> Vec<cgt::game::GameId> {
    let opts: Vec<cgt::game::GameId> = match side {
        cgt::side::Side::Left => g.arena().left(g.root()).to_vec(),
        cgt::side::Side::Right => g.arena().right(g.root()).to_vec(),
    };
    let stop = |o: cgt::game::GameId| {
        let th = cgt::thermograph::thermograph(g.arena(), o);
        match side {
            cgt::side::Side::Left => th.right_stop(),
            cgt::side::Side::Right => -th.left_stop(),
        }
    };
    let stops: Vec<Q> = opts.iter().map(|&o| stop(o)).collect();
    let Some(best) = stops.iter().max().cloned() else { return Vec::new() };
    opts.into_iter().zip(stops).filter(|(_, s)| *s == best).map(|(o, _)| o).collect()
}

fn best_moves(g: &GameTree, ask: Ask) -> Result<Vec<String>, String> {
    let side = if ask == Ask::Left { cgt::side::Side::Left } else { cgt::side::Side::Right };
    let ids = best_option_ids(g, side);
    if ids.is_empty() {
        return Ok(vec![format!("none: {} has no move", side.name())]);
    }
    Ok(ids.into_iter().map(|o| cgt::notation::to_explicit(g.arena(), o, 200).unwrap_or_else(|| "(a long option)".into())).collect())
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
        assert!(q(Ask::Value, "{0,*|0}").check("{0|0,*}").unwrap().right == false);
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
        assert_eq!(left.answer().unwrap(), "{4|1}");
        assert!(q(Ask::Right, "{4|0}").check("0").unwrap().right);
    }

    #[test]
    fn notation_is_rendered() {
        assert_eq!(spans("A gote `{-2|-4}` here"), [(false, "A gote ".to_string()), (true, "{-2|-4}".to_string()), (false, " here".to_string())]);
        assert_eq!(rendered("^* + v + +-1 + Tiny(2)"), "↑* + ↓ + ±1 + Tiny(2)");
    }
}
