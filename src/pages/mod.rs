//! Pages built as wings: each page in its own directory with its URL state
//! (only its keys), its pure model (natively tested) and its view (wasm32
//! only). The shell (`crate::state`, `crate::web::app`) holds one value of
//! the page's state and one match arm.
//!
//! - [`game`]: the generic board page (`?page=game`): any registered
//!   ruleset on a board, Domineering with its own renderer

pub mod game;

/// Longest text field accepted from a URL (longer input is cut; the page's
/// parser then names what is wrong).
pub const MAX_TEXT: usize = 4000;

/// Longest game record (`sp=`) accepted from a URL: room for
/// `MAX_PLAY_LENGTH` moves of up to 15 characters.
pub const MAX_RECORD: usize = 16_000;

/// Who the human plays on the heap-go board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Player {
    /// Left (blue) against the computer.
    #[default]
    Left,
    /// Right (red) against the computer.
    Right,
    /// Both sides (two people at one screen).
    Both,
}

impl Player {
    pub fn key(self) -> &'static str {
        match self {
            Player::Left => "L",
            Player::Right => "R",
            Player::Both => "both",
        }
    }
    pub fn from_key(s: &str) -> Option<Player> {
        [Player::Left, Player::Right, Player::Both].into_iter().find(|p| p.key().eq_ignore_ascii_case(s))
    }
}

