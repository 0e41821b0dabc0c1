//! Cram (Martin Gardner, 1974; Winning Ways ch. 13): Domineering's board,
//! but both players may place a domino either way, so the game is
//! impartial and every position a nimber. Its values come from the generic
//! mex search ([`super::nimbers`]), never a partizan canonical form.
//!
//! Text: Domineering's (rows top to bottom separated by `|`, `.` empty,
//! `#` covered). A move names the domino's top or left square and its
//! direction: `b3v` covers b3 and b4, `b3h` covers b3 and c3. Components
//! are the regions of empty squares; a region is memoised under the least
//! of its eight images (turning and mirroring keep the value, as there is
//! no Left and Right to swap).

use super::domineering::{Domineering, DomineeringError, Place};
use super::heaps::IMPARTIAL_PLAYERS;
use super::{Preset, Ruleset, RulesetInfo};
use crate::side::Side;
use std::fmt;

/// `cgt game cram`, `?r=cram`.
pub const NAME: &str = "cram";

/// A Cram board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cram(Domineering);

/// A domino: its top (vertical) or left (horizontal) square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    pub at: Place,
    pub vertical: bool,
}

impl Domino {
    /// The Domineering side that places this domino (Left vertical).
    fn side(self) -> Side {
        if self.vertical {
            Side::Left
        } else {
            Side::Right
        }
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.at, if self.vertical { "v" } else { "h" })
    }
}

impl Cram {
    /// The board as Domineering's.
    pub fn board(&self) -> &Domineering {
        &self.0
    }
    /// An empty `width` x `height` board.
    pub fn empty(width: usize, height: usize) -> Result<Cram, DomineeringError> {
        Domineering::empty(width, height).map(Cram)
    }
}

impl fmt::Display for Cram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Ruleset for Cram {
    type Move = Domino;
    type Error = DomineeringError;
    const NAME: &'static str = NAME;
    const IMPARTIAL: bool = true;

    fn parse(text: &str) -> Result<Cram, DomineeringError> {
        text.parse().map(Cram)
    }
    fn moves(&self, _side: Side) -> Vec<Domino> {
        let mut out: Vec<Domino> = self.0.moves(Side::Left).into_iter().map(|at| Domino { at, vertical: true }).collect();
        out.extend(self.0.moves(Side::Right).into_iter().map(|at| Domino { at, vertical: false }));
        out
    }
    fn play(&self, _side: Side, m: Domino) -> Option<Cram> {
        self.0.play(m.side(), m.at).map(Cram)
    }
    fn move_words(&self, m: Domino) -> Option<String> {
        let [_, (r, c)] = Domineering::covers(m.side(), m.at);
        let other = Place { row: r as u8, col: c as u8 };
        Some(format!("a {} domino on {} and {other}", if m.vertical { "vertical" } else { "horizontal" }, m.at))
    }
    fn components(&self) -> Vec<Cram> {
        self.0.components().into_iter().map(Cram).collect()
    }
    fn size(&self) -> usize {
        self.0.size()
    }
    fn normalised(&self) -> Cram {
        // All eight images: the transposed board is the same game here.
        if let Some((s, bits)) = self.0.as_packed() {
            let (s, bits) = s.crop(bits);
            let (s, b, _) = super::domineering::packed_key(s, bits, true);
            return Cram(Domineering::packed(s, b));
        }
        Cram(self.0.normalised())
    }
}

/// Cram in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Cram",
    rules: "Players take turns placing dominoes on empty squares of a board, each in either direction (vertically or horizontally): both have the same moves. The player who cannot place a domino loses (normal play) or wins (misère play). By symmetry, a board with an even number of rows and columns is a loss for the first player, and one of even by odd a win.",
    source: "Gardner (1974), Mathematical Games (Scientific American, February); Berlekamp, Conway and Guy (2001), Winning Ways ch. 13",
    format: "Domineering's: rows top to bottom separated by `|`, `.` an empty square, `#` a covered one: `....|....|....`. A move is the domino's top or left square and `v` (down) or `h` (right): `b3v`, `a1h`",
    example: "....|....|....",
    players: IMPARTIAL_PLAYERS,
    presets: &[
        Preset { name: "A 1 x 3 strip", position: "...", value: "*", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 4 (a strip of n squares is Dawson's Kayles 0.07 on n: G(3) = 1)" },
        Preset { name: "2 x 2", position: "..|..", value: "0", source: "Gardner (1974) (the symmetry strategy: even by even boards are losses for the first player)" },
        Preset { name: "A 1 x 6 strip", position: "......", value: "*3", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 4 (a strip of n squares is Dawson's Kayles 0.07 on n: G(6) = 3; OEIS A002187)" },
        Preset { name: "2 x 4", position: "....|....", value: "0", source: "Gardner (1974) (even by even: the second player copies each move turned half a turn about the centre)" },
    ],
};
