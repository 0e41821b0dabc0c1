//! Kayles as a row of pins (Dudeney 1908; Winning Ways ch. 4): a move
//! knocks down one pin or two adjacent pins; the player who cannot move
//! loses (normal play) or wins (misère play). It is impartial, and the same
//! game as the take-and-break code `0.77` on the lengths of the rows of
//! standing pins; here it is played on the pins themselves, and its values
//! come from the generic mex search ([`super::nimbers`]), which the tests
//! hold to the code's nim sequence (OEIS A002186).
//!
//! Text: the pins left to right, `x` standing and `.` knocked down:
//! `xxx.xxxxx` (at most [`MAX_PINS`]). A move names the pin (from 1) or the
//! two pins: `3`, `4-5`. Components are the runs of standing pins, each
//! normalised to a row of its length.

use super::heaps::IMPARTIAL_PLAYERS;
use super::{snippet, Preset, Ruleset, RulesetInfo};
use crate::side::Side;
use std::fmt;

/// Most pins in a row.
pub const MAX_PINS: usize = 2_000;

/// `cgt game kayles`, `?r=kayles`.
pub const NAME: &str = "kayles";

/// A row of pins, standing or down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kayles {
    pins: Vec<bool>,
}

/// One pin or two adjacent ones (0-based; `second` is `first + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knock {
    pub first: u16,
    pub two: bool,
}

impl fmt::Display for Knock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.first as usize + 1;
        if self.two {
            write!(f, "{p}-{}", p + 1)
        } else {
            write!(f, "{p}")
        }
    }
}

/// Why a text is not a row of pins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KaylesError {
    /// Character `column` (1-based) is neither `x` nor `.`.
    Pin {
        column: usize,
        found: String,
    },
    TooLong {
        pins: usize,
    },
}

impl fmt::Display for KaylesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KaylesError::Pin { column, found } => write!(f, "column {column}: found `{found}`, expected `x` (a standing pin) or `.` (a knocked-down one)"),
            KaylesError::TooLong { pins } => write!(f, "{pins} pins; at most {MAX_PINS}"),
        }
    }
}

impl std::error::Error for KaylesError {}

impl Kayles {
    /// A row of `n` standing pins.
    pub fn row(n: usize) -> Result<Kayles, KaylesError> {
        if n > MAX_PINS {
            return Err(KaylesError::TooLong { pins: n });
        }
        Ok(Kayles { pins: vec![true; n] })
    }
    /// The pins, left to right (`true`: standing).
    pub fn pins(&self) -> &[bool] {
        &self.pins
    }
    /// The lengths of the runs of standing pins, left to right.
    pub fn runs(&self) -> Vec<usize> {
        self.pins.split(|&p| !p).map(<[bool]>::len).filter(|&n| n > 0).collect()
    }
}

impl fmt::Display for Kayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &p in &self.pins {
            f.write_str(if p { "x" } else { "." })?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Kayles {
    type Err = KaylesError;
    fn from_str(text: &str) -> Result<Kayles, KaylesError> {
        let text = text.trim();
        let n = text.chars().count();
        if n > MAX_PINS {
            return Err(KaylesError::TooLong { pins: n });
        }
        let mut pins = Vec::with_capacity(n);
        for (i, c) in text.chars().enumerate() {
            match c {
                'x' | 'X' | 'i' | 'I' | '|' => pins.push(true),
                '.' | '_' | ' ' => pins.push(false),
                other => return Err(KaylesError::Pin { column: i + 1, found: snippet(&other.to_string()) }),
            }
        }
        Ok(Kayles { pins })
    }
}

impl Ruleset for Kayles {
    type Move = Knock;
    type Error = KaylesError;
    const NAME: &'static str = NAME;
    const IMPARTIAL: bool = true;

    fn parse(text: &str) -> Result<Kayles, KaylesError> {
        text.parse()
    }
    fn moves(&self, _side: Side) -> Vec<Knock> {
        let mut out = Vec::new();
        for i in 0..self.pins.len() {
            if self.pins[i] {
                out.push(Knock { first: i as u16, two: false });
                if self.pins.get(i + 1) == Some(&true) {
                    out.push(Knock { first: i as u16, two: true });
                }
            }
        }
        out
    }
    fn play(&self, _side: Side, m: Knock) -> Option<Kayles> {
        let i = m.first as usize;
        let last = i + usize::from(m.two);
        if last >= self.pins.len() || !self.pins[i..=last].iter().all(|&p| p) {
            return None;
        }
        let mut pins = self.pins.clone();
        pins[i..=last].fill(false);
        Some(Kayles { pins })
    }
    fn move_words(&self, m: Knock) -> Option<String> {
        let p = m.first as usize + 1;
        Some(if m.two { format!("knock down pins {p} and {}", p + 1) } else { format!("knock down pin {p}") })
    }
    fn components(&self) -> Vec<Kayles> {
        self.runs().into_iter().map(|n| Kayles { pins: vec![true; n] }).collect()
    }
    fn size(&self) -> usize {
        self.pins.iter().filter(|&&p| p).count()
    }
    fn normalised(&self) -> Kayles {
        // A row is its runs in any order; sorted, with one gap between.
        let mut runs = self.runs();
        runs.sort_unstable();
        let mut pins = Vec::new();
        for (i, n) in runs.into_iter().enumerate() {
            if i > 0 {
                pins.push(false);
            }
            pins.extend(std::iter::repeat_n(true, n));
        }
        Kayles { pins }
    }
}

/// Kayles in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Kayles",
    rules: "A row of pins; a move knocks down one pin or two adjacent pins, which may split the row in two. Both players have the same moves. The player who cannot move loses (normal play) or wins (misère play). As heaps it is the take-and-break code 0.77; its nim-values are periodic with period 12 from a row of 71 pins on.",
    source: "Dudeney (1908), The Canterbury Puzzles; Berlekamp, Conway and Guy (2001), Winning Ways ch. 4; Guy and Smith (1956); OEIS A002186",
    format: "the pins left to right, `x` standing and `.` knocked down: `xxx.xxxxx`. A move is a pin's number (from 1) or two adjacent ones: `3`, `4-5`",
    example: "xxxxxxxx",
    players: IMPARTIAL_PLAYERS,
    presets: &[
        Preset { name: "A row of 8", position: "xxxxxxxx", value: "*", source: "Guy and Smith (1956); OEIS A002186 (Kayles: G(8) = 1)" },
        Preset { name: "Rows of 3 and 5", position: "xxx.xxxxx", value: "*7", source: "Guy and Smith (1956); OEIS A002186 (G(3) = 3, G(5) = 4)" },
        Preset { name: "A row of 12", position: "xxxxxxxxxxxx", value: "*4", source: "Guy and Smith (1956); OEIS A002186 (Kayles: G(12) = 4)" },
    ],
};
