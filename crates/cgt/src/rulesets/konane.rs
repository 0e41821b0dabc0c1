//! Konane (Hawaiian checkers; Ernst 1995, "Playing Konane mathematically";
//! Lessons in Play): a player jumps one of their stones over an
//! orthogonally adjacent stone of the other colour onto the empty square
//! beyond, capturing it; the same stone may go on jumping in the same
//! straight line, and each stop is a move of its own. The player who
//! cannot move loses.
//!
//! Text: [`super::stones`] (`x` Left, `o` Right, `.` empty, `#` a hole, a
//! square that is not on the board): `xo..|....`. A move is named by the
//! stone's square and where it stops: `a1-c1`, `a1-e1` (two captures).
//!
//! Stones move across empty squares, so only holes separate: the
//! components are the 4-connected regions of squares that are not holes,
//! each cut to its bounding box, and a region without stones of both
//! colours (nobody can jump) is 0 and left out.

use super::stones::{Step, StoneBoard, StonesError, DIRECTIONS};
use super::{Preset, Ruleset, RulesetInfo};
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// `cgt game konane`, `?r=konane`.
pub const NAME: &str = "konane";

const SYMBOLS: &str = "`x` (Left's stone), `o` (Right's), `.` (empty) or `#` (a hole)";

/// Konane in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Konane",
    rules: "A player jumps one of their stones over an orthogonally adjacent stone of the other colour onto the empty square just beyond, and takes the jumped stone off the board. The same stone may go on jumping in the same straight line; stopping after any jump is a move of its own. Holes are not part of the board. The player who cannot move loses.",
    source: "Ernst (1995), Playing Konane mathematically; Albert, Nowakowski and Wolfe (2019), Lessons in Play",
    format: "rows top to bottom separated by `|`, `x` a stone of Left, `o` one of Right, `.` an empty square, `#` a hole: `xo..|....`",
    example: "xo..|ox..|....",
    players: crate::rulesets::LEFT_RIGHT,
    presets: &[
        Preset { name: "One jump for Left", position: "..ox", value: "1", source: "cgt-tools (n.d.), its Konane tests" },
        Preset { name: "One jump each", position: ".ox.", value: "*", source: "cgt-tools (n.d.), its Konane tests" },
        Preset { name: "A hot corner", position: ".ox.|o..x|....", value: "±1", source: "cgt-tools (n.d.), its Konane tests ({1|-1})" },
    ],
};

/// A Konane position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Konane(StoneBoard);

impl Konane {
    pub fn board(&self) -> &StoneBoard {
        &self.0
    }
    /// An empty `width` x `height` board, if it has at most 128 squares.
    pub fn empty(width: usize, height: usize) -> Result<Konane, StonesError> {
        StoneBoard::empty_board(width, height).map(Konane)
    }
}

impl Ruleset for Konane {
    type Move = Step;
    type Error = StonesError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<Konane, StonesError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<Step> {
        let b = &self.0;
        let (mine, theirs) = match side {
            Side::Left => (b.x, b.o),
            Side::Right => (b.o, b.x),
        };
        let empty = b.empty();
        let mut out = Vec::new();
        for from in b.squares_of(mine) {
            for d in &DIRECTIONS[..4] {
                // Jump while there is an opposing stone and an empty square
                // beyond it; every landing square is a move.
                let mut at = from;
                while let Some(over) = b.step(at, *d) {
                    let Some(land) = b.step(over, *d) else { break };
                    if !b.holds(theirs, over) || !b.holds(empty, land) {
                        break;
                    }
                    out.push(Step { from: (from.0 as u8, from.1 as u8), to: (land.0 as u8, land.1 as u8) });
                    at = land;
                }
            }
        }
        out
    }
    fn play(&self, side: Side, m: Step) -> Option<Konane> {
        if !self.moves(side).contains(&m) {
            return None;
        }
        let s = self.0.shape;
        let (fr, fc) = (m.from.0 as usize, m.from.1 as usize);
        let (tr, tc) = (m.to.0 as usize, m.to.1 as usize);
        // Every other square of the line between is a captured stone.
        let (dr, dc) = ((tr as isize - fr as isize).signum(), (tc as isize - fc as isize).signum());
        let mut captured = 0u128;
        let (mut r, mut c) = (fr as isize + dr, fc as isize + dc);
        loop {
            captured |= s.bit(r as usize, c as usize);
            if (r + dr, c + dc) == (tr as isize, tc as isize) {
                break;
            }
            r += 2 * dr;
            c += 2 * dc;
        }
        let mut b = self.0;
        let (from, to) = (s.bit(fr, fc), s.bit(tr, tc));
        match side {
            Side::Left => {
                b.x = (b.x & !from) | to;
                b.o &= !captured;
            }
            Side::Right => {
                b.o = (b.o & !from) | to;
                b.x &= !captured;
            }
        }
        Some(Konane(b))
    }
    fn components(&self) -> Vec<Konane> {
        let b = &self.0;
        let board = b.shape.full() & !b.gone;
        b.shape.regions(board).filter(|&r| r & b.x != 0 && r & b.o != 0).map(|r| Konane(b.restricted(r))).collect()
    }
    fn size(&self) -> usize {
        (self.0.shape.full() & !self.0.gone).count_ones() as usize
    }
    fn normalised(&self) -> Konane {
        Konane(self.cropped().least_image())
    }
    fn normalised_signed(&self) -> (Konane, bool) {
        let (k, neg) = self.cropped().key();
        (Konane(k), neg)
    }
}

impl Konane {
    /// The board cut to the bounding box of its squares that are not holes.
    fn cropped(&self) -> StoneBoard {
        let b = &self.0;
        b.restricted(b.shape.full() & !b.gone)
    }
}

impl fmt::Display for Konane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Konane {
    type Err = StonesError;
    fn from_str(text: &str) -> Result<Konane, StonesError> {
        StoneBoard::parse(text, true, SYMBOLS).map(Konane)
    }
}
