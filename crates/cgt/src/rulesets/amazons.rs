//! Amazons (Walter Zamkauskas 1988; Berlekamp 2000, "Sums of N x 2
//! Amazons"; Lessons in Play): a player moves one of their amazons like a
//! chess queen, any distance in one of eight directions over empty squares,
//! then shoots an arrow from where it landed, again like a queen, burning
//! the empty square where the arrow stops. The player who cannot move
//! loses.
//!
//! Text: [`super::stones`] (`x` Left's amazon, `o` Right's, `.` empty,
//! `#` a burnt square): `x...|..o.|.#..`. A move is named by the amazon's
//! square, where it lands and where the arrow burns: `a1-c3/c1`.
//!
//! Nothing crosses a burnt square or leaves a region of empty squares
//! joined by queen steps, so the components are the 8-connected regions of
//! squares that are not burnt, each cut to its bounding box; a region
//! without amazons is 0 and left out.

use super::stones::{square_name, StoneBoard, StonesError, DIRECTIONS};
use super::{Preset, Ruleset, RulesetInfo};
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// `cgt game amazons`, `?r=amazons`.
pub const NAME: &str = "amazons";

const SYMBOLS: &str = "`x` (Left's amazon), `o` (Right's), `.` (empty) or `#` (a burnt square)";

/// Amazons in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Amazons",
    rules: "A player moves one of their amazons like a chess queen (any distance in one of eight directions, over empty squares only), then shoots an arrow from the square it landed on, also like a queen; the arrow burns the empty square where it stops. Burnt squares block amazons and arrows for the rest of the game. The player who cannot move loses. Late in the game the board falls into separate areas, each a game of its own.",
    source: "Berlekamp (2000), Sums of N x 2 Amazons; Albert, Nowakowski and Wolfe (2019), Lessons in Play",
    format: "rows top to bottom separated by `|`, `x` an amazon of Left, `o` one of Right, `.` an empty square, `#` a burnt one: `x...|..o.|.#..`",
    example: "x..#|....|.#.o",
    players: crate::rulesets::LEFT_RIGHT,
    presets: &[
        Preset { name: "Alone in two squares", position: "x.", value: "1", source: "derived here from the rules of Berlekamp (2000): Left moves into the empty square and burns the one she left; then nobody can move" },
        Preset { name: "Facing across one square", position: "x.o", value: "*", source: "derived here from the rules of Berlekamp (2000): whoever moves first takes the middle square and burns the square left behind, leaving the other without a move" },
        Preset {
            name: "Three by four",
            position: "x..#|....|.#.o",
            value: "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {3|0}|0, {0, {0, ^*|0}|-1}}, {2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {{3|1, {2|0}}, {3|0}, {3, {3|1}|1, {1|0, *}}|{*|-1}, {0|-1}, -1/16}, {{2|0}, {2|{2|0}, {1|1/4}}|v*, {1/2|{{*|-1}, {0|-1}|-1}}, {{0, ^*|0}|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{{1|{1|*}, {1|0}}|-1/2}, {1/2|{{*|-1}, -1/4, {0|-1}|-1}}, {{1|1/4}|{-1/4|-1}}|-5}}}",
            source: "cgt-tools (n.d.), its Amazons tests (values confirmed with CGSuite; the same game, its options listed there in another order)",
        },
    ],
};

/// An amazon's move: from, to, and the arrow's square ((row, column) from
/// 0 at the top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AmazonMove {
    pub from: (u8, u8),
    pub to: (u8, u8),
    pub arrow: (u8, u8),
}

impl fmt::Display for AmazonMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = |(r, c): (u8, u8)| square_name(r as usize, c as usize);
        write!(f, "{}-{}/{}", n(self.from), n(self.to), n(self.arrow))
    }
}

/// An Amazons position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Amazons(StoneBoard);

impl Amazons {
    pub fn board(&self) -> &StoneBoard {
        &self.0
    }
    /// An empty `width` x `height` board, if it has at most 128 squares.
    pub fn empty(width: usize, height: usize) -> Result<Amazons, StonesError> {
        StoneBoard::empty_board(width, height).map(Amazons)
    }
    /// The squares a queen at `from` reaches over the squares of `open`.
    fn reach(&self, from: (usize, usize), open: u128) -> Vec<(usize, usize)> {
        let b = &self.0;
        let mut out = Vec::new();
        for d in DIRECTIONS {
            let mut at = from;
            while let Some(next) = b.step(at, d) {
                if !b.holds(open, next) {
                    break;
                }
                out.push(next);
                at = next;
            }
        }
        out
    }
}

impl Ruleset for Amazons {
    type Move = AmazonMove;
    type Error = StonesError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<Amazons, StonesError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<AmazonMove> {
        let b = &self.0;
        let mine = b.stones(side);
        let empty = b.empty();
        let mut out = Vec::new();
        let sq = |(r, c): (usize, usize)| (r as u8, c as u8);
        for from in b.squares_of(mine) {
            // The square left behind is open to the arrow.
            let open = empty | b.shape.bit(from.0, from.1);
            for to in self.reach(from, empty) {
                for arrow in self.reach(to, open & !b.shape.bit(to.0, to.1)) {
                    out.push(AmazonMove { from: sq(from), to: sq(to), arrow: sq(arrow) });
                }
            }
        }
        out
    }
    fn play(&self, side: Side, m: AmazonMove) -> Option<Amazons> {
        if !self.moves(side).contains(&m) {
            return None;
        }
        let s = self.0.shape;
        let bit = |(r, c): (u8, u8)| s.bit(r as usize, c as usize);
        let mut b = self.0;
        let moved = match side {
            Side::Left => &mut b.x,
            Side::Right => &mut b.o,
        };
        *moved = (*moved & !bit(m.from)) | bit(m.to);
        b.gone |= bit(m.arrow);
        Some(Amazons(b))
    }
    fn components(&self) -> Vec<Amazons> {
        let b = &self.0;
        let board = b.shape.full() & !b.gone;
        b.regions8(board).into_iter().filter(|&r| r & (b.x | b.o) != 0).map(|r| Amazons(b.restricted(r))).collect()
    }
    fn size(&self) -> usize {
        (self.0.shape.full() & !self.0.gone).count_ones() as usize
    }
    fn normalised(&self) -> Amazons {
        Amazons(self.cropped().least_image())
    }
    fn normalised_signed(&self) -> (Amazons, bool) {
        let (k, neg) = self.cropped().key();
        (Amazons(k), neg)
    }
}

impl Amazons {
    /// The board cut to the bounding box of its squares that are not burnt.
    fn cropped(&self) -> StoneBoard {
        let b = &self.0;
        b.restricted(b.shape.full() & !b.gone)
    }
}

impl fmt::Display for Amazons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Amazons {
    type Err = StonesError;
    fn from_str(text: &str) -> Result<Amazons, StonesError> {
        StoneBoard::parse(text, true, SYMBOLS).map(Amazons)
    }
}
