//! Who the human plays on a board against the computer: the setting every
//! page with a game against the computer shares (heap-go's `you=`, the
//! Games page's `gy=`, the side in the Sums page's `sp=`, whom Hackenbush's
//! computer plays), so no page borrows it from another. The game itself
//! is [`crate::record::Record`].

use cgt::side::Side;

/// Who the human plays: one side against the computer, or both.
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
    /// The value in a link (`L`, `R`, `both`).
    pub fn key(self) -> &'static str {
        match self {
            Player::Left => "L",
            Player::Right => "R",
            Player::Both => "both",
        }
    }
    /// From a link's value, in any case.
    pub fn from_key(s: &str) -> Option<Player> {
        [Player::Left, Player::Right, Player::Both].into_iter().find(|p| p.key().eq_ignore_ascii_case(s))
    }
    /// Whether the human makes `side`'s moves (else the computer does).
    pub fn plays(self, side: Side) -> bool {
        match self {
            Player::Both => true,
            Player::Left => side == Side::Left,
            Player::Right => side == Side::Right,
        }
    }
}

impl From<Side> for Player {
    /// One side against the computer (a page where you cannot play both).
    fn from(side: Side) -> Player {
        match side {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_the_human_plays() {
        assert!(Player::Left.plays(Side::Left) && !Player::Left.plays(Side::Right));
        assert!(Player::Right.plays(Side::Right) && !Player::Right.plays(Side::Left));
        assert!(Player::Both.plays(Side::Left) && Player::Both.plays(Side::Right));
        assert_eq!((Player::from(Side::Left), Player::from(Side::Right)), (Player::Left, Player::Right));
    }

    #[test]
    fn keys_round_trip_in_any_case() {
        for p in [Player::Left, Player::Right, Player::Both] {
            assert_eq!(Player::from_key(p.key()), Some(p));
        }
        assert_eq!(Player::from_key("BOTH"), Some(Player::Both));
        assert_eq!(Player::from_key("r"), Some(Player::Right));
        assert_eq!(Player::from_key("?"), None);
    }
}
