//! One wing per page: each page's URL state as plain data
//! (`<page>/state.rs`, tested natively) and, on wasm32, the same state as
//! signals (`<page>/signals.rs`) that the shell creates and hands to that
//! page alone. A page parses and writes only its own URL keys, so one page
//! cannot change what another shows; cross-page actions (send a game to
//! the Sums page, search heap-go's sum with MT-search, a lesson step) go
//! through the shell's `Nav` context (`web::context`).
//!
//! The shell ([`crate::state`]) composes the wings into a `Link`: it hands
//! every pair of a link to every page (each picks its own keys) and writes
//! back its own keys (`page`, `lesson`, `ls`) and the current page's only.
//!
//! # Who owns which key
//!
//! | key      | owner      | also read by | what                                        |
//! |----------|------------|--------------|---------------------------------------------|
//! | `page`, `lesson`, `ls` | shell | —   | page shown, guided lesson and its step      |
//! | `g`      | explorer   | MT-search    | the game; MT-search's own game (`mt=tree`)  |
//! | `sz`     | explorer   | heap-go      | `sz=0`: hide the sub-zero band (heap-go's thermograph too) |
//! | `node`   | explorer   | —            | the selected subgame (`L0.R1`)              |
//! | `build`  | explorer   | —            | the construction's step (0 closed)          |
//! | `h`      | heap-go    | MT-search    | the heap-go sum; MT-search's own sum        |
//! | `mv`, `first`, `you` | heap-go | —   | moves played, who starts, who the human is  |
//! | `mt`, `ord`, `seed`, `n` | MT-search | — | source, branch order, seed, paths added  |
//! | `hb`, `turn`, `hbxy` | Hackenbush | — | position, who chops next, placed points     |
//! | `s`, `sp` | Sums      | —            | the sum and a game record                   |
//! | `bs`     | Sums       | —            | the B* search shown: ranges and step (`hanner.2`) |
//! | `r`, `p`, `gm`, `gy`, `gf`, `ge` | Games | — | ruleset, position, moves, who you play, who starts, editing |
//! | `sr`, `sn`, `sw` | Nim sequences | — | heap rule, last heap `N`, values a row of the table |
//!
//! A key read by two pages is read by each into its own field when a link
//! opens (so both show what the link says), and from then on each page
//! changes only its own copy; each writes it back on its own links. Every
//! page writes exactly what it wrote before the split among its keys (the
//! explorer and MT-search always write `g`, heap-go always `h`, MT-search
//! `h` with its heap-go source), and nothing of another page's: a Sums
//! link no longer carries the explorer's game (`tests/links.rs`).

pub mod explorer;
pub mod game;
pub mod hackenbush;
pub mod heapgo;
pub mod mtsearch;
pub mod sequences;
pub mod sums;

/// Longest text field accepted from a URL (longer input is cut; the page's
/// parser then names what is wrong).
pub const MAX_TEXT: usize = 4000;

/// Longest game record (`sp=`) accepted from a URL: room for
/// `MAX_PLAY_LENGTH` moves of up to 15 characters.
pub const MAX_RECORD: usize = 16_000;

/// Longest path accepted from a URL (deeper than any tree the page accepts).
pub const MAX_PATH: usize = 1000;

/// At most `max` characters of a URL value (a link is user input: a huge
/// value must not cost the page more than its parser's error message).
pub fn cut(v: &str, max: usize) -> String {
    v.chars().take(max).collect()
}

/// What a link's note says about a text value [`cut`] shortens (`None`
/// when it fits).
pub fn cut_note(v: &str, max: usize) -> Option<String> {
    (v.chars().count() > max).then(|| format!("is longer than {max} characters: only the first {max} were read"))
}

/// Whether `v` is a value [`flag_on`] reads as written (anything else
/// reads as on, and a link's note says so).
pub fn is_flag(v: &str) -> bool {
    matches!(v, "0" | "false" | "off" | "no" | "1" | "true" | "on" | "yes" | "")
}

/// The verdict of a finished scored game: "Left wins by 3/2", or "a
/// draw" (the score is Left's points minus Right's).
pub fn score_verdict(score: &cgt::numbers::Q) -> String {
    match cgt::side::Side::by_score(score) {
        Some(w) => format!("{w} wins by {}", score.abs()),
        None => "a draw".to_string(),
    }
}

/// A flag that is on unless the link says otherwise (`sz=0`, `false`,
/// `off`, `no`): a link from before the flag existed keeps its default.
pub fn flag_on(v: &str) -> bool {
    !matches!(v, "0" | "false" | "off" | "no")
}
