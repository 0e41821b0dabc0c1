//! A note on a field of a link that could not be read as written: the
//! shell makes them as it opens a link ([`crate::link`]), a page adds one
//! for a field it can only check once its content is known, and the shell
//! shows them ([`crate::web::context::LinkNotes`]).

/// A field of a link that could not be read as written: shown on the page
/// that opens (`` `ls=x` is not a step number: the lesson starts at step
/// 1``), so an old or mistyped link says what it lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkNote {
    /// The URL key.
    pub key: String,
    /// The value as the link has it (at most 40 characters, then `…`).
    pub value: String,
    /// What was expected and what the page shows instead.
    pub problem: String,
}

impl std::fmt::Display for LinkNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}={}` {}", self.key, self.value, self.problem)
    }
}

impl LinkNote {
    /// A note on `key=value` (the value cut to 40 characters).
    pub fn new(key: &str, value: &str, problem: String) -> LinkNote {
        let mut shown: String = value.chars().take(40).collect();
        if value.chars().count() > 40 {
            shown.push('…');
        }
        LinkNote { key: key.to_string(), value: shown, problem }
    }
}
