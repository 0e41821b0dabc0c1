//! Cutcake (Winning Ways ch. 2): cakes scored into unit squares; Left cuts a
//! cake along a vertical (North-South) line into two cakes of integer
//! widths, Right along a horizontal (East-West) line into two of integer
//! heights. A 1 x 1 cake takes no cut. The player who cannot cut loses.
//!
//! **Convention.** We follow Winning Ways':
//! Left's cuts are vertical, so they split a cake's width (its East-West
//! extent), Right's horizontal ones split its height. A cake `w x h` is
//! written width first: `4x1` is a strip lying flat, which Left can cut
//! three times and Right never (value 3); `1x4` stands upright (value -3).
//! Swapping width and height negates the value.
//!
//! Text: cakes `WxH` separated by spaces (a sum), e.g. `3x2 4x1`; each side
//! from 1 to [`MAX_SIDE`], at most [`MAX_CAKES`] cakes. A move is named by
//! the cake (1-based, in the order written) and the cut: `2v1` cuts cake 2
//! vertically one column from its left edge (Left), `1h2` cuts cake 1
//! horizontally two rows from its top (Right). The two pieces take the
//! cake's place in the list, left (top) piece first.
//!
//! **Components** are the cakes (1 x 1 cakes, worth 0, left out).
//! **Normalisation** sorts the cakes (a sum does not depend on the order)
//! and drops 1 x 1 cakes; a cake is never turned (that negates it).
//!
//! **Known values.** Every Cutcake position is an integer (Winning Ways
//! ch. 2). For a single cake with `w >= h`: let `2^k` be the largest power
//! of two at most `h`; then the cake is worth `floor(w / 2^k) - 1`, and a
//! cake with `h > w` is the negative of the turned cake. This is the
//! formula behind Winning Ways' table of Cutcake values; it is
//! [`Ruleset::known_value`] for single cakes, and tests hold it to the
//! generic search (which does not use it) on every cake up to 14 x 14.

use super::engine::EngineError;
use super::{snippet, Preset, Ruleset, RulesetInfo};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// The longest side of a cake.
pub const MAX_SIDE: u32 = 4096;
/// Most cakes a text may hold (play may make more: every cut adds one).
pub const MAX_CAKES: usize = 4096;

/// `cgt game cutcake`, `?r=cutcake`.
pub const NAME: &str = "cutcake";

/// Cutcake in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Cutcake",
    rules: "Rectangular cakes are scored into unit squares. Left cuts one cake along a vertical (North-South) score line into two cakes, Right cuts one along a horizontal (East-West) score line; a 1 x 1 square cannot be cut. The player who cannot cut loses. Every position is an integer: a flat strip w x 1 is worth w - 1 (Left's free cuts), a tall one 1 x h is worth 1 - h.",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Cutcake and its table of values)",
    format: "cakes `WxH` (width x height) separated by spaces, a sum: `3x2 4x1`. Left's cuts split the width, Right's the height. A move is the cake's number, `v` or `h`, and where: `2v1` cuts cake 2 one column from its left edge",
    example: "4x3 2x2",
    players: crate::rulesets::LEFT_RIGHT,
    // Every value here is the table of Winning Ways ch. 2 (the formula in
    // the module docs); the tests check them against the plain search too.
    presets: &[
        Preset { name: "A single square", position: "1x1", value: "0", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Cutcake: a 1 x 1 cake cannot be cut)" },
        Preset { name: "Flat strip of four", position: "4x1", value: "3", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Cutcake's table of values)" },
        Preset { name: "Square of two", position: "2x2", value: "0", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Cutcake's table of values)" },
        Preset { name: "Four by two", position: "4x2", value: "1", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Cutcake's table of values)" },
        Preset { name: "Eight by three", position: "8x3", value: "3", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Cutcake's table of values)" },
        Preset { name: "Tall four by nine", position: "4x9", value: "-1", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Cutcake's table of values)" },
        Preset { name: "A sum of cakes", position: "3x2 4x1 1x3 5x5", value: "1", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (values 0, 3, -2, 0 from the table, added)" },
    ],
};

/// One cake: width x height unit squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cake {
    pub width: u32,
    pub height: u32,
}

impl Cake {
    /// The value of the cake by Winning Ways' table (module docs).
    pub fn table_value(self) -> i64 {
        fn f(long: u32, short: u32) -> i64 {
            let k = 31 - short.leading_zeros();
            (long >> k) as i64 - 1
        }
        if self.width >= self.height {
            f(self.width, self.height)
        } else {
            -f(self.height, self.width)
        }
    }
}

/// A Cutcake position: the cakes on the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cutcake {
    cakes: Vec<Cake>,
}

/// Why a text is not a Cutcake position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CutcakeError {
    /// Cake `item` (1-based) is `found`, not `WxH`.
    Cake { item: usize, found: String },
    /// Cake `item` has a side of 0 or more than [`MAX_SIDE`].
    Side { item: usize, found: String },
    /// More than [`MAX_CAKES`] cakes.
    TooMany { cakes: usize },
}

impl fmt::Display for CutcakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CutcakeError::Cake { item, found } => {
                write!(f, "cake {item}: found `{found}`, expected width x height as `WxH` with whole numbers (e.g. `3x2`)")
            }
            CutcakeError::Side { item, found } => {
                write!(f, "cake {item}: `{found}` has a side out of range; expected sides from 1 to {MAX_SIDE}")
            }
            CutcakeError::TooMany { cakes } => write!(f, "{cakes} cakes; at most {MAX_CAKES}"),
        }
    }
}

impl std::error::Error for CutcakeError {}

/// A cut: the cake (0-based here, 1-based in the text) and how many columns
/// (Left, vertical) or rows (Right, horizontal) the first piece keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    pub cake: u16,
    pub vertical: bool,
    pub at: u32,
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.cake as usize + 1, if self.vertical { 'v' } else { 'h' }, self.at)
    }
}

impl Cutcake {
    /// The cakes, in the order written.
    pub fn cakes(&self) -> &[Cake] {
        &self.cakes
    }
    /// A position of these cakes.
    pub fn new(cakes: Vec<Cake>) -> Result<Cutcake, CutcakeError> {
        if cakes.len() > MAX_CAKES {
            return Err(CutcakeError::TooMany { cakes: cakes.len() });
        }
        for (i, c) in cakes.iter().enumerate() {
            if c.width == 0 || c.height == 0 || c.width > MAX_SIDE || c.height > MAX_SIDE {
                return Err(CutcakeError::Side { item: i + 1, found: format!("{}x{}", c.width, c.height) });
            }
        }
        Ok(Cutcake { cakes })
    }
}

impl Ruleset for Cutcake {
    type Move = Cut;
    type Error = CutcakeError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<Cutcake, CutcakeError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<Cut> {
        let mut out = Vec::new();
        for (i, c) in self.cakes.iter().enumerate() {
            let (vertical, len) = match side {
                Side::Left => (true, c.width),
                Side::Right => (false, c.height),
            };
            for at in 1..len {
                out.push(Cut { cake: i as u16, vertical, at });
            }
        }
        out
    }
    fn play(&self, side: Side, m: Cut) -> Option<Cutcake> {
        let c = *self.cakes.get(m.cake as usize)?;
        if m.vertical != (side == Side::Left) {
            return None;
        }
        let (a, b) = if m.vertical {
            if m.at == 0 || m.at >= c.width {
                return None;
            }
            (Cake { width: m.at, height: c.height }, Cake { width: c.width - m.at, height: c.height })
        } else {
            if m.at == 0 || m.at >= c.height {
                return None;
            }
            (Cake { width: c.width, height: m.at }, Cake { width: c.width, height: c.height - m.at })
        };
        let mut cakes = self.cakes.clone();
        cakes.splice(m.cake as usize..=m.cake as usize, [a, b]);
        Some(Cutcake { cakes })
    }
    fn components(&self) -> Vec<Cutcake> {
        self.cakes.iter().filter(|c| c.width > 1 || c.height > 1).map(|&c| Cutcake { cakes: vec![c] }).collect()
    }
    fn size(&self) -> usize {
        self.cakes.iter().map(|c| (c.width - 1 + c.height - 1) as usize).sum()
    }
    fn normalised(&self) -> Cutcake {
        let mut cakes: Vec<Cake> = self.cakes.iter().copied().filter(|c| c.width > 1 || c.height > 1).collect();
        cakes.sort();
        Cutcake { cakes }
    }
    fn known_value(&self, canon: &mut Canon, _max_positions: usize) -> Option<Result<CanonId, EngineError>> {
        let total: i64 = self.cakes.iter().map(|c| c.table_value()).sum();
        Some(canon.num(Q::from_int(total)).map_err(EngineError::from))
    }
}

impl fmt::Display for Cutcake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cakes.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}x{}", c.width, c.height)?;
        }
        Ok(())
    }
}

impl FromStr for Cutcake {
    type Err = CutcakeError;
    fn from_str(text: &str) -> Result<Cutcake, CutcakeError> {
        let items: Vec<&str> = text.split_whitespace().collect();
        if items.len() > MAX_CAKES {
            return Err(CutcakeError::TooMany { cakes: items.len() });
        }
        let mut cakes = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let bad = || CutcakeError::Cake { item: i + 1, found: snippet(item) };
            let (w, h) = item.split_once(['x', 'X']).ok_or_else(bad)?;
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if !digits(w) || !digits(h) {
                return Err(bad());
            }
            let side = |s: &str| s.parse::<u32>().ok().filter(|&n| (1..=MAX_SIDE).contains(&n));
            match (side(w), side(h)) {
                (Some(width), Some(height)) => cakes.push(Cake { width, height }),
                _ => return Err(CutcakeError::Side { item: i + 1, found: snippet(item) }),
            }
        }
        Ok(Cutcake { cakes })
    }
}
