//! Clobber (Albert, Grossman, Nowakowski and Wolfe 2005; Lessons in Play
//! §2): stones of both colours on a grid; a player moves one of their
//! stones onto an orthogonally adjacent stone of the other colour, which
//! is removed. The player who cannot move loses.
//!
//! Text: [`super::stones`] (`x` Left, `o` Right, `.` empty): `xo.|ox.`.
//! A move is named `b2-c2` (the stone's square, then the captured one's).
//!
//! Every move keeps a stone where one was, so a group of stones that no
//! orthogonal neighbour joins stays apart for ever: the 4-connected groups
//! are the components, and a group of one colour (no move for anyone) is
//! 0 and left out. Clobber is all-small (a side with a move has an
//! opponent with one), so every value is an infinitesimal.

use super::stones::{Step, StoneBoard, StonesError, DIRECTIONS};
use super::{Preset, Ruleset, RulesetInfo};
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// `cgt game clobber`, `?r=clobber`.
pub const NAME: &str = "clobber";

const SYMBOLS: &str = "`x` (Left's stone), `o` (Right's) or `.` (empty)";

/// Clobber in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Clobber",
    rules: "Stones of both colours stand on a grid. A player moves one of their own stones onto an orthogonally adjacent stone of the other colour, which is taken off the board (clobbered). The player who cannot move loses. Every position is infinitesimal, so its atomic weight says who is ahead.",
    source: "Albert, Grossman, Nowakowski and Wolfe (2005), An introduction to Clobber; Albert, Nowakowski and Wolfe (2019), Lessons in Play",
    format: "rows top to bottom separated by `|`, `x` a stone of Left, `o` one of Right, `.` an empty square: `xo.|ox.`",
    example: "xoxo|oxox|xoxo",
    players: crate::rulesets::LEFT_RIGHT,
    presets: &[
        Preset { name: "Two stones", position: "xo", value: "*", source: "derived here from the rules of Albert, Grossman, Nowakowski and Wolfe (2005): each side's only move leaves the other without one, {0|0} = *" },
        Preset { name: "Two against one", position: "xxo", value: "^", source: "derived here from the rules of Albert, Grossman, Nowakowski and Wolfe (2005): Left's capture leaves no Right stone (0), Right's leaves xo (*), so {0|*} = ^" },
    ],
};

/// A Clobber position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clobber(StoneBoard);

impl Clobber {
    /// The board.
    pub fn board(&self) -> &StoneBoard {
        &self.0
    }
    /// The same board with square (`row`, `col`) holding Left's stone
    /// (`Some(Side::Left)`), Right's, or nothing (the editor); `None` off
    /// the board.
    pub fn with_square(&self, row: usize, col: usize, stone: Option<Side>) -> Option<Clobber> {
        let s = self.0.shape;
        if row >= s.height() || col >= s.width() {
            return None;
        }
        let bit = s.bit(row, col);
        let mut b = self.0;
        b.x &= !bit;
        b.o &= !bit;
        match stone {
            Some(Side::Left) => b.x |= bit,
            Some(Side::Right) => b.o |= bit,
            None => {}
        }
        Some(Clobber(b))
    }
    /// An empty `width` x `height` board, if it has at most 128 squares.
    pub fn empty(width: usize, height: usize) -> Result<Clobber, StonesError> {
        StoneBoard::empty_board(width, height).map(Clobber)
    }
}

impl Ruleset for Clobber {
    type Move = Step;
    type Error = StonesError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<Clobber, StonesError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<Step> {
        let b = &self.0;
        let (mine, theirs) = match side {
            Side::Left => (b.x, b.o),
            Side::Right => (b.o, b.x),
        };
        let mut out = Vec::new();
        for from in b.squares_of(mine) {
            for d in &DIRECTIONS[..4] {
                if let Some(to) = b.step(from, *d) {
                    if b.holds(theirs, to) {
                        out.push(Step { from: (from.0 as u8, from.1 as u8), to: (to.0 as u8, to.1 as u8) });
                    }
                }
            }
        }
        out
    }
    fn play(&self, side: Side, m: Step) -> Option<Clobber> {
        if !self.moves(side).contains(&m) {
            return None;
        }
        let s = self.0.shape;
        let (from, to) = (s.bit(m.from.0 as usize, m.from.1 as usize), s.bit(m.to.0 as usize, m.to.1 as usize));
        let mut b = self.0;
        match side {
            Side::Left => {
                b.x = (b.x & !from) | to;
                b.o &= !to;
            }
            Side::Right => {
                b.o = (b.o & !from) | to;
                b.x &= !to;
            }
        }
        Some(Clobber(b))
    }
    fn components(&self) -> Vec<Clobber> {
        let b = &self.0;
        b.shape
            .regions(b.x | b.o)
            .filter(|&r| r & b.x != 0 && r & b.o != 0)
            .map(|r| {
                // Empty squares and squares off the group are alike here.
                let mut part = b.restricted(r);
                part.gone = 0;
                Clobber(part)
            })
            .collect()
    }
    fn size(&self) -> usize {
        (self.0.x | self.0.o).count_ones() as usize
    }
    fn normalised(&self) -> Clobber {
        Clobber(self.cropped().least_image())
    }
    fn normalised_signed(&self) -> (Clobber, bool) {
        let (k, neg) = self.cropped().key();
        (Clobber(k), neg)
    }
}

impl Clobber {
    /// The board cut to its stones' bounding box.
    fn cropped(&self) -> StoneBoard {
        let b = &self.0;
        let mut c = b.restricted(b.x | b.o);
        c.gone = 0;
        c
    }
}

impl fmt::Display for Clobber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Clobber {
    type Err = StonesError;
    fn from_str(text: &str) -> Result<Clobber, StonesError> {
        StoneBoard::parse(text, false, SYMBOLS).map(Clobber)
    }
}
