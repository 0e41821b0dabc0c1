//! Rulesets: concrete games whose positions turn into game values.
//!
//! - [`hackenbush`]: Blue-Red-Green Hackenbush (classical and Two-Move rules)
//! - [`heapgo`]: heap-go (seed 000): sums of heaps of weighted counters

pub mod hackenbush;
pub mod heapgo;

/// The offending item of a position's text as error messages quote it: at
/// most 40 characters, then `…`.
pub(crate) fn snippet(text: &str) -> String {
    let shown: String = text.chars().take(40).collect();
    if text.chars().count() > 40 { format!("{shown}…") } else { shown }
}
