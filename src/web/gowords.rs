//! The line of Go's words a card shows under a value ("a 2-point gote,
//! count -5; at a cooler ambient: Left's sente below 1"), from
//! `cgt::sente`; the words' rule is in that module's docs.

use leptos::prelude::*;

/// The players' names in the sentence where the game has no names of its
/// own (the colours are said elsewhere on the page).
pub const LEFT_RIGHT: [&str; 2] = ["Left", "Right"];

/// The line for a kind (`cgt::sente::Sente::key`) and its sentence; the
/// kind rides in `data-sente` for tests and styles.
pub fn line(sente: &str, words: &str) -> impl IntoView {
    let title = "Go's words, read off the thermograph's walls: a vertical wall just below the temperature means that side's move is answered (sente); count = mean, miai value = temperature. Below a cooler ambient the answer can change.";
    view! {
        <p class="go-words small" data-testid="go-words" data-sente=sente.to_string() title=title>{words.to_string()}</p>
    }
}

/// Go's words for a thermograph, with the players' names.
pub fn of(th: &cgt::thermograph::Thermograph, players: [&str; 2]) -> impl IntoView {
    let w = cgt::sente::classify(th);
    line(w.kind.key(), &w.phrase(players))
}
