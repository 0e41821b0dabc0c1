//! Fuzzing: every text parser and decoder of the core behind one function,
//! [`check`], so that the coverage-guided targets (`fuzz/`, cargo-fuzz on a
//! nightly toolchain), the stable harness (`cgt fuzz`, any toolchain) and
//! the regression tests feed the same code with the same rules.
//!
//! A parser must answer every input with a value or an error, never panic,
//! and whatever it accepts must print back to a text it reads as the same
//! thing (the one-notation rule of `ARCHITECTURE.md`). A panic is a finding;
//! so is an `Err` from [`check`], which names the broken round trip.
//!
//! [`Mutator`] makes inputs for the stable harness: a seed corpus of valid
//! texts per target, mutated by edits that tend to reach the corners of
//! these grammars (deep nesting, huge numbers, splices of two texts, bytes
//! outside the alphabet). It is deterministic in its seed: a finding is
//! reproduced by its input, which the harness prints.

use crate::notation::{GameTree, ParseLimits};
use crate::numbers::Q;
use crate::rng::SplitMix64;
use crate::rulesets::{heapgo::HeapGo, registry, sgf};
use crate::search::mt::Path;
use crate::side::{MovePath, Side};
use std::fmt::Display;
use std::str::FromStr;

/// The targets, by name (`cgt fuzz --target NAME`, `fuzz/fuzz_targets/NAME.rs`).
pub const TARGETS: &[&str] = &["game", "number", "heapgo", "hackenbush", "ruleset", "sgf", "mt-path", "move-path", "heap-rule", "misere", "loopy"];

/// Most positions a ruleset session may value while the fuzzer plays moves
/// (it lists moves and plays them; it never asks for values).
const SESSION_BUDGET: usize = 1_000;
/// Longest explicit form printed back for the round trip of a game (a
/// shared tree such as `*64` is exponentially long written out; the page
/// and the CLI refuse those by the same limit).
const MAX_EXPLICIT: usize = 100_000;

/// Most misère forms the fuzzer's table may hold: a text such as `*[8]`
/// names a game of many forms, and the parser refuses past this.
const MISERE_FORMS: usize = 20_000;

/// A misère game read, printed and read again is the same game (its forms
/// are kept canonical, so the same `MId` in one table).
fn misere(input: &str) -> Result<(), String> {
    let mut canon = crate::impartial::MisereCanon::with_budget(MISERE_FORMS);
    let Ok(g) = canon.parse(input) else { return Ok(()) };
    // A form whose name is longer than this is described, not named, as
    // the page and the CLI do; the description is not meant to be read.
    let Some(printed) = canon.name_within(g, MAX_EXPLICIT) else { return Ok(()) };
    match canon.parse(&printed) {
        Ok(h) if h == g => Ok(()),
        Ok(h) => Err(format!("{input:?} prints as {printed:?}, which reads back as {:?}", canon.name(h))),
        Err(e) => Err(format!("{input:?} prints as {printed:?}, which does not read back: {e}")),
    }
}

/// A loopy game read, printed and read again is the same graph.
fn loopy(input: &str) -> Result<(), String> {
    let Ok(g) = input.parse::<crate::loopy::LoopyGame>() else { return Ok(()) };
    let printed = g.to_string();
    match printed.parse::<crate::loopy::LoopyGame>() {
        Ok(h) if h == g => Ok(()),
        Ok(h) => Err(format!("{input:?} prints as {printed:?}, which reads back as {h}")),
        Err(e) => Err(format!("{input:?} prints as {printed:?}, which does not read back: {e}")),
    }
}

/// Runs `target` on `input`. `Ok` when the parsers behaved: an error, or a
/// value that prints back to itself; `Err` names what broke. Panics are
/// left to the caller (the harness catches them).
pub fn check(target: &str, input: &str) -> Result<(), String> {
    match target {
        "game" => game(input),
        "number" => round_trip::<Q>(input),
        "heapgo" => round_trip::<HeapGo>(input),
        "hackenbush" => round_trip::<crate::rulesets::hackenbush::Hackenbush>(input),
        "ruleset" => ruleset(input),
        "sgf" => sgf_text(input),
        "mt-path" => round_trip::<Path>(input),
        "move-path" => round_trip::<MovePath>(input),
        "heap-rule" => round_trip::<crate::impartial::HeapRule>(input),
        "misere" => misere(input),
        "loopy" => loopy(input),
        other => Err(format!("no fuzz target {other:?} (targets: {})", TARGETS.join(", "))),
    }
}

/// Whether `target`'s parser takes `input` (the corpus must be inside the
/// grammar, or its mutations explore only the error paths).
#[cfg(test)]
fn accepted(target: &str, input: &str) -> bool {
    match target {
        "game" => GameTree::parse_with(input, &ParseLimits::INTERACTIVE).is_ok(),
        "number" => input.parse::<Q>().is_ok(),
        "heapgo" => input.parse::<HeapGo>().is_ok(),
        "hackenbush" => input.parse::<crate::rulesets::hackenbush::Hackenbush>().is_ok(),
        "ruleset" => {
            let mut lines = input.split('\n');
            let (name, text) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
            registry::session(name, text, SESSION_BUDGET).is_ok()
        }
        "sgf" => sgf::board_from_sgf(input).is_ok(),
        "mt-path" => input.parse::<Path>().is_ok(),
        "move-path" => input.parse::<MovePath>().is_ok(),
        "heap-rule" => input.parse::<crate::impartial::HeapRule>().is_ok(),
        "misere" => crate::impartial::MisereCanon::with_budget(MISERE_FORMS).parse(input).is_ok(),
        "loopy" => input.parse::<crate::loopy::LoopyGame>().is_ok(),
        _ => false,
    }
}

/// Parsed, printed, parsed again: the second print must equal the first.
fn round_trip<T: FromStr + Display>(input: &str) -> Result<(), String> {
    let Ok(x) = input.parse::<T>() else { return Ok(()) };
    let printed = x.to_string();
    match printed.parse::<T>() {
        Ok(y) if y.to_string() == printed => Ok(()),
        Ok(y) => Err(format!("{input:?} prints as {printed:?}, which reads back as {:?}", y.to_string())),
        Err(_) => Err(format!("{input:?} prints as {printed:?}, which does not read back")),
    }
}

fn game(input: &str) -> Result<(), String> {
    let Ok(g) = GameTree::parse_with(input, &ParseLimits::INTERACTIVE) else { return Ok(()) };
    let Some(printed) = g.explicit(MAX_EXPLICIT) else { return Ok(()) };
    // The explicit form of a short text can be longer and deeper than the
    // page lets one type (`^150`, `*9`): it is read back under limits that
    // guard resources, not the grammar.
    let back = ParseLimits { max_len: MAX_EXPLICIT, max_depth: 2 * MAX_EXPLICIT_DEPTH, ..ParseLimits::default() };
    match GameTree::parse_with(&printed, &back) {
        Ok(h) if h.explicit(MAX_EXPLICIT).as_deref() == Some(printed.as_str()) => Ok(()),
        Ok(h) => Err(format!("{input:?} prints as {printed:?}, which reads back as {:?}", h.explicit(MAX_EXPLICIT))),
        // Deeper than the read-back allows: not checked.
        Err(_) if depth(&printed) > MAX_EXPLICIT_DEPTH => Ok(()),
        Err(e) => Err(format!("{input:?} prints as {printed:?}, which does not read back: {e}")),
    }
}

/// Deepest explicit form read back (the parser recurses once a level).
const MAX_EXPLICIT_DEPTH: usize = 1_000;

/// How deeply braces nest in an explicit form.
fn depth(text: &str) -> usize {
    let (mut d, mut most) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '{' => {
                d += 1;
                most = most.max(d);
            }
            '}' => d = d.saturating_sub(1),
            _ => {}
        }
    }
    most
}

/// `NAME` on the first line, the position on the second, then moves (one a
/// line, Left and Right in turn) played as far as they are legal.
fn ruleset(input: &str) -> Result<(), String> {
    let mut lines = input.split('\n');
    let name = lines.next().unwrap_or("");
    let text = lines.next().unwrap_or("");
    let Ok(mut s) = registry::session(name, text, SESSION_BUDGET) else { return Ok(()) };
    let printed = s.position();
    match registry::session(name, &printed, SESSION_BUDGET) {
        Ok(t) if t.position() == printed => {}
        Ok(t) => return Err(format!("{name} {text:?} prints as {printed:?}, which reads back as {:?}", t.position())),
        Err(e) => return Err(format!("{name} {text:?} prints as {printed:?}, which does not read back: {e}")),
    }
    let mut side = Side::Left;
    for mv in lines.take(8) {
        let legal = s.moves(side);
        let _ = s.move_score(side, mv);
        if s.play(side, mv).is_err() {
            if let Some(first) = legal.first() {
                s.play(side, first).map_err(|e| format!("{name} {:?}: its own move {first:?} is refused: {e}", s.position()))?;
            }
        } else {
            let _ = s.size();
            let _ = s.component_texts();
        }
        side = side.other();
    }
    Ok(())
}

fn sgf_text(input: &str) -> Result<(), String> {
    let Ok(board) = sgf::board_from_sgf(input) else { return Ok(()) };
    let written = sgf::sgf_from_board(&board).map_err(|e| format!("{input:?} reads as the board {board:?}, which does not write as SGF: {e}"))?;
    match sgf::board_from_sgf(&written) {
        Ok(again) if again == board => Ok(()),
        Ok(again) => Err(format!("{input:?} reads as {board:?}, written back as {written:?}, which reads as {again:?}")),
        Err(e) => Err(format!("{input:?} reads as {board:?}, written back as {written:?}, which does not read: {e}")),
    }
}

/// Valid texts each target's inputs grow from.
pub fn corpus(target: &str) -> &'static [&'static str] {
    match target {
        "game" => &[
            "0",
            "5/8",
            "{1/2|3/4}",
            "{10|-3}",
            "+-3",
            "4||-4|-20",
            "14|2|||-2||-14|-16",
            "{{-2|-4}|-7}",
            "*",
            "*3",
            "^",
            "v*",
            "^3*",
            "{0,*|0}",
            "Tiny(2)",
            "{4|0} + {{10|-3}|-5}",
            "2 - {4|0}",
            "(^ + *) + v",
            "{2 ||| 0, 1||-2|-4}",
            "{1/3|0}",
            "-{4|0}",
            "1.5",
        ],
        "number" => &["0", "3", "-7", "5/8", "-3/2", "1.5", "1/3", "123456789012345678901234567890/7"],
        "heapgo" => &["b5,b5", "b3,r1/r4,r2/b7,b1", "b5,r3,b2/r7/b4,b1", "r7", "b3/2,r1"],
        "hackenbush" => &["stalk:br stalk:rb", "0-1:b 1-2:r 1-3:g stalk:rb", "0-1:g 1-2:g 2-0:g", "0-1:b,1-2:b,2-0:r", "stalk:brr"],
        "ruleset" => &[
            "domineering\n....|....|.#..\na1\nb2",
            "hackenbush\n0-1:b 1-2:r\n0-1\n1-2",
            "heapgo\nb5,r3,b2/r7\n1\n2",
            "toads-and-frogs\nTT..FF\na1\nf1",
            "cutcake\n3x2 4x1\n1v1\n2h1",
            "clobber\nxo.|ox.\na1b1\nb1a1",
            "konane\nxo..|....\na1c1\n",
            "amazons\nx...|..o.|.#..\na1b1c1\n",
            "snort\n...:0-1,1-2\nv0\nv2",
            "col\nP5\nv1\nv3",
            "go\nxxo.|x.o.|xxoo\nb2\nd1",
            "go\n.xo.|xxoo|.... +2\nd2",
            "nim\n3 5 7\n1-1\n2-5",
            "heaps\n0.77: 3 5\n1-1=1+1\n2-2",
            "heaps\nsub:1,3,4: 6 2\n1-3",
            "grundy\n7 4\n1=3+4",
            "kayles\nxxx.xxxx\n2\n4-5",
            "dawson\n5 6\n1-2",
            "cram\n...|...\na1v\nb2h",
        ],
        "heap-rule" => &["0.77", "0.07", "0.137", "4.7", "0.[3]", "0.3f", "grundy", "nim", "sub:1,3,4", "allbut:1,2", "0.6", "0.1337"],
        "misere" => &["0", "*", "*2", "*[32]", "*[(32)321]", "*[2[2]]", "*[2#1]", "{0, *2}", "* + *2", "{0, *, {*2}}"],
        "loopy" => {
            &["on", "{0|pass}", "a:{0|{a|*}}", "{pass|pass}", "on + off", "-over", "{0||0|off}", "{pass,0|0}", "upon + *", "x:{1|{x|-1}}", "(over) + 1/2"]
        }
        "sgf" => &[
            "(;GM[1]FF[4]SZ[3]AB[aa][ab]AW[ba])",
            "(;GM[1]FF[4]SZ[3]AB[aa][ba]AW[ab][cc]TR[cc]SQ[bb])",
            "(;GM[1]FF[4]SZ[3:2]AB[aa][bb]AW[ca][cb])",
            "(;SZ[2])",
        ],
        "mt-path" => &["", "L1", "L1R2", "R3L1R1"],
        "move-path" => &["", "L1", "L1.R2", "R3.L1.R1"],
        _ => &[""],
    }
}

/// Characters the edits insert: each grammar's own, and some that are not.
fn alphabet(target: &str) -> &'static str {
    match target {
        "game" => "0123456789{}|,+-*^v/.()<>Tinyupdown ",
        "number" => "0123456789-/. e",
        "heapgo" => "0123456789brq,/ ",
        "hackenbush" => "0123456789-:bgr stalk,",
        "ruleset" => "0123456789.#xoXOTF|:/-,abcdefghvhPCKS+=ko \n",
        "sgf" => "();[]ABWGMFSZTRQadz0123456789:\\ ",
        "heap-rule" => "0123456789.[]abcdef:,subalgrndyim ",
        "misere" => "0123456789*[](){},+#_ ",
        "loopy" => "0123456789{}|,:()+-*^v/ onfvrudpasb",
        _ => "LR0123456789. ",
    }
}

/// The stable harness's inputs: seeded, so a run is reproducible.
pub struct Mutator {
    rng: SplitMix64,
}

impl Mutator {
    pub fn new(seed: u64) -> Mutator {
        Mutator { rng: SplitMix64::new(seed) }
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.rng.next_u64() % n as u64) as usize
        }
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }

    /// A new input for `target`: a corpus text (sometimes two spliced)
    /// under one to eight edits.
    pub fn input(&mut self, target: &str) -> String {
        let corpus = corpus(target);
        let mut s: Vec<char> = self.pick(corpus).chars().collect();
        let alphabet: Vec<char> = alphabet(target).chars().collect();
        for _ in 0..1 + self.below(8) {
            let at = self.below(s.len() + 1);
            match self.below(10) {
                0 | 1 => s.insert(at, alphabet[self.below(alphabet.len())]),
                2 if !s.is_empty() => {
                    let end = (at + 1 + self.below(4)).min(s.len());
                    s.drain(at.min(end)..end);
                }
                3 if !s.is_empty() => {
                    let i = self.below(s.len());
                    s[i] = alphabet[self.below(alphabet.len())];
                }
                4 if !s.is_empty() => {
                    // Repeat a piece: long inputs, deep nesting.
                    let a = self.below(s.len());
                    let b = (a + 1 + self.below(6)).min(s.len());
                    let piece: Vec<char> = s[a..b].to_vec();
                    let times = [2, 10, 100, 1_000][self.below(4)];
                    for _ in 0..times {
                        s.splice(at..at, piece.iter().copied());
                    }
                }
                5 => {
                    let other: Vec<char> = self.pick(corpus).chars().collect();
                    let cut = self.below(other.len() + 1);
                    s.splice(at.., other[cut..].iter().copied());
                }
                6 => {
                    // A huge number.
                    let digits = [20, 100, 400][self.below(3)];
                    let n: String = (0..digits).map(|i| char::from(b'1' + ((i * 7) % 9) as u8)).collect();
                    s.splice(at..at, n.chars());
                }
                7 => {
                    // Nesting around the whole text.
                    let depth = [5, 50, 300][self.below(3)];
                    let (open, close) = match target {
                        "game" => ("{", "|0}"),
                        "sgf" => ("(;", ")"),
                        _ => ("(", ")"),
                    };
                    let mut t: Vec<char> = open.repeat(depth).chars().collect();
                    t.extend(s.iter());
                    t.extend(close.repeat(depth).chars());
                    s = t;
                }
                8 => {
                    // A character from outside any alphabet.
                    let odd = ['\u{0}', '\u{7f}', 'é', '∞', '\u{200b}', '½', '\u{10ffff}', '\t', '\r'];
                    s.insert(at, odd[self.below(odd.len())]);
                }
                _ => {
                    if s.len() > 1 {
                        let cut = self.below(s.len());
                        s.truncate(cut);
                    }
                }
            }
        }
        s.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every corpus text is accepted by its parser and round-trips, so the
    /// mutations start from the grammar's inside.
    #[test]
    fn the_corpora_round_trip() {
        for t in TARGETS {
            for text in corpus(t) {
                assert!(accepted(t, text), "{t}: {text:?} is not accepted");
                assert_eq!(check(t, text), Ok(()), "{t}: {text:?}");
            }
        }
        assert!(check("no-such-target", "").is_err());
    }

    #[test]
    fn the_mutator_is_reproducible() {
        let a: Vec<String> = (0..50)
            .map({
                let mut m = Mutator::new(9);
                move |i| m.input(TARGETS[i % TARGETS.len()])
            })
            .collect();
        let b: Vec<String> = (0..50)
            .map({
                let mut m = Mutator::new(9);
                move |i| m.input(TARGETS[i % TARGETS.len()])
            })
            .collect();
        assert_eq!(a, b);
        assert!(a.iter().collect::<std::collections::HashSet<_>>().len() > 40, "the inputs vary");
    }
}
