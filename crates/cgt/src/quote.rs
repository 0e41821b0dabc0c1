//! Quoting user input in error messages.

/// The offending item of a text as error messages quote it: at most 40
/// characters, then `…` (a message must stay readable whatever was typed).
pub(crate) fn snippet(text: &str) -> String {
    let shown: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        format!("{shown}…")
    } else {
        shown
    }
}
