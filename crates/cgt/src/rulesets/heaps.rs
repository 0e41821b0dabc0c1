//! Heap games as rulesets: Nim, every take-and-break code, subtraction
//! games and Grundy's game, played on a row of heaps (Winning Ways ch. 4;
//! Siegel 2013, *Combinatorial Game Theory*, ch. IV). Both players have the
//! same moves, so these are impartial ([`Ruleset::IMPARTIAL`]): a heap of
//! `n` is worth the nimber `*G(n)` of the rule's nim sequence
//! ([`crate::impartial`]), and a position the nim-sum of its heaps.
//!
//! Four registry names share this one type, told apart by a [`Kind`]:
//! `heaps` takes any rule before a colon (`0.77: 3 5 7`, `grundy: 9`,
//! `sub:1,3,4: 10 12`: the heaps follow the *last* colon), while `nim`,
//! `grundy` and `dawson` (Dawson's Kayles, `0.07`) fix the rule and take the
//! heaps alone (`3 5 7`).
//!
//! **Moves** are named by the heap (1-based, in the order written), the
//! tokens taken and what is left when the rest is split: `2-3` takes 3
//! from heap 2, `1-1=2+4` takes 1 from heap 1 and leaves heaps of 2 and 4,
//! `1=2+5` splits heap 1 into 2 and 5 (Grundy's game) and `1-3=1+1+1`
//! leaves three. The heaps left take the heap's place in the list; a heap
//! taken whole leaves a heap of 0 in its place (so the other heaps keep
//! their numbers).
//!
//! **Values** come from the rule's nim sequence, computed once per rule
//! (and read off a proven period past it: Kayles' heap of 40,000 costs 168
//! values), never from partizan canonical forms.

use super::engine::EngineError;
use super::{snippet, Preset, Ruleset, RulesetInfo};
use crate::impartial::{nim_sequence_with, HeapRule, NimSequence, SequenceOptions};
use crate::side::Side;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

/// Most heaps a text may hold.
pub const MAX_HEAPS: usize = 1_000;
/// The largest heap a position may hold: every move of it is listed (a
/// splitting rule has a move for each way to split), so heaps stay far
/// below the nim sequences' own limits ([`crate::impartial::sequence::MAX_HEAP`]).
pub const MAX_HEAP: usize = 100_000;

/// Which registry entry a [`Heaps`] position belongs to: the name, and the
/// rule it fixes (none: the text names its rule).
pub trait Kind: Clone + Copy + fmt::Debug + Default + PartialEq + Eq + Hash + 'static {
    const NAME: &'static str;
    /// The rule every position of this kind plays, or `None` when the
    /// position's text begins with its rule (`0.77: 3 5`).
    fn rule() -> Option<HeapRule>;
}

/// `heaps`: any rule, named in the text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnyRule;
impl Kind for AnyRule {
    const NAME: &'static str = "heaps";
    fn rule() -> Option<HeapRule> {
        None
    }
}

/// `nim`: Nim's rule (take any number from one heap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NimKind;
impl Kind for NimKind {
    const NAME: &'static str = "nim";
    fn rule() -> Option<HeapRule> {
        Some(HeapRule::Nim)
    }
}

/// `grundy`: Grundy's game (split a heap into two unequal heaps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GrundyKind;
impl Kind for GrundyKind {
    const NAME: &'static str = "grundy";
    fn rule() -> Option<HeapRule> {
        Some(HeapRule::Grundy)
    }
}

/// `dawson`: Dawson's Kayles, `0.07` (take two adjacent pins, from an end or
/// the middle of a row).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DawsonKind;
impl Kind for DawsonKind {
    const NAME: &'static str = "dawson";
    fn rule() -> Option<HeapRule> {
        "0.07".parse().ok()
    }
}

/// A rule with its nim sequence, shared by every position of one game: the
/// sequence is computed once and grown (to twice the heap asked) when a
/// larger heap is met. The lock is never held across a call that could
/// take it again, and a poisoned one is recovered (the table is only ever
/// replaced whole).
#[derive(Debug)]
pub struct RuleTable {
    rule: HeapRule,
    /// The rule as a code (what a move's legality is read from).
    code: crate::impartial::TbCode,
    text: String,
    seq: Mutex<Option<NimSequence>>,
}

impl RuleTable {
    fn new(rule: HeapRule) -> RuleTable {
        RuleTable { text: rule.to_string(), code: rule.code(), rule, seq: Mutex::new(None) }
    }
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }
    /// `G(n)`; past [`MAX_HEAP`] or the rule's own limit, refused.
    pub fn value(&self, n: usize) -> Result<u32, EngineError> {
        let mut guard = self.seq.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(v) = guard.as_ref().and_then(|s| s.value(n)) {
            return Ok(v);
        }
        let asked = guard.as_ref().map_or(0, |s| s.asked);
        let to = n.max(asked.saturating_mul(2)).max(64).min(MAX_HEAP.max(n));
        let options = SequenceOptions { fill: false, ..SequenceOptions::default() };
        let seq = nim_sequence_with(&self.rule, to, options).map_err(|e| EngineError::Refused { reason: e.to_string() })?;
        let v = seq.value(n).ok_or_else(|| EngineError::Refused { reason: format!("G({n}) of {} was not computed", self.text) })?;
        *guard = Some(seq);
        Ok(v)
    }
    /// The period of the sequence as far as computed, with whether it is
    /// proven: `(period, preperiod, proven)`.
    pub fn period(&self) -> Option<(usize, usize, bool)> {
        let guard = self.seq.lock().unwrap_or_else(|p| p.into_inner());
        let s = guard.as_ref()?;
        s.period().map(|p| (p.period, p.preperiod, s.proven()))
    }
}

/// A row of heaps under one rule.
#[derive(Clone, Debug)]
pub struct Heaps<K: Kind = AnyRule> {
    table: Arc<RuleTable>,
    heaps: Vec<usize>,
    kind: PhantomData<K>,
}

/// A position of any rule (`cgt game heaps`).
pub type AnyHeaps = Heaps<AnyRule>;
/// A Nim position (`cgt game nim`).
pub type Nim = Heaps<NimKind>;
/// A position of Grundy's game (`cgt game grundy`).
pub type Grundy = Heaps<GrundyKind>;
/// A position of Dawson's Kayles (`cgt game dawson`).
pub type Dawson = Heaps<DawsonKind>;

impl<K: Kind> PartialEq for Heaps<K> {
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps && (Arc::ptr_eq(&self.table, &other.table) || self.table.text == other.table.text)
    }
}
impl<K: Kind> Eq for Heaps<K> {}
impl<K: Kind> Hash for Heaps<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.table.text.hash(state);
        self.heaps.hash(state);
    }
}

/// Why a text is not a position of heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapsError {
    /// No `:` between the rule and the heaps (`heaps` only).
    NoRule,
    /// The rule before the colon is not a rule.
    Rule(crate::impartial::RuleError),
    /// Item `item` (1-based) of the heaps is not a number of tokens.
    Heap {
        item: usize,
        found: String,
    },
    /// A heap past the largest allowed.
    HeapTooLarge {
        item: usize,
        size: usize,
        max: usize,
    },
    TooManyHeaps {
        count: usize,
    },
}

impl fmt::Display for HeapsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapsError::NoRule => write!(f, "expected a rule, a colon and the heaps, as in `0.77: 3 5 7` or `nim: 3 5 7`"),
            HeapsError::Rule(e) => write!(f, "the rule before the colon: {e}"),
            HeapsError::Heap { item, found } => write!(f, "heap {item}: found `{found}`, expected a number of tokens (0 or more)"),
            HeapsError::HeapTooLarge { item, size, max } => write!(f, "heap {item} has {size} tokens; at most {max} here"),
            HeapsError::TooManyHeaps { count } => write!(f, "{count} heaps; at most {MAX_HEAPS}"),
        }
    }
}

impl std::error::Error for HeapsError {}

/// A move on one heap: its index (0-based), the tokens taken and the heaps
/// left in its place (sorted; empty when it is taken whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapTake {
    pub heap: u16,
    pub take: u32,
    /// Up to three heaps left, the unused ones 0; `parts` says how many.
    pub left: [u32; 3],
    pub parts: u8,
}

impl HeapTake {
    /// The move in words: "take 3 from heap 2", "take 1 from heap 1,
    /// leaving 2 and 4", "split heap 1 into 2 and 5".
    pub fn words(&self) -> String {
        let h = self.heap as usize + 1;
        let parts = || {
            let p: Vec<String> = self.leaves().iter().map(|x| x.to_string()).collect();
            match p.len() {
                3 => format!("{}, {} and {}", p[0], p[1], p[2]),
                _ => p.join(" and "),
            }
        };
        match (self.take, self.parts) {
            (t, 0) => format!("take all {t} from heap {h}"),
            (t, 1) => format!("take {t} from heap {h}"),
            (0, _) => format!("split heap {h} into {}", parts()),
            (t, _) => format!("take {t} from heap {h}, leaving {}", parts()),
        }
    }
    /// The heaps left in the heap's place.
    pub fn leaves(&self) -> &[u32] {
        &self.left[..self.parts as usize]
    }
}

impl fmt::Display for HeapTake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.heap as usize + 1;
        if self.take > 0 {
            write!(f, "{h}-{}", self.take)?;
        } else {
            write!(f, "{h}")?;
        }
        if self.parts >= 2 {
            let parts: Vec<String> = self.leaves().iter().map(|p| p.to_string()).collect();
            write!(f, "={}", parts.join("+"))?;
        }
        Ok(())
    }
}

impl<K: Kind> Heaps<K> {
    /// Heaps under a rule (checked as a text would be).
    pub fn new(rule: HeapRule, heaps: Vec<usize>) -> Result<Heaps<K>, HeapsError> {
        Self::check(&heaps)?;
        Ok(Heaps { table: Arc::new(RuleTable::new(rule)), heaps, kind: PhantomData })
    }
    fn check(heaps: &[usize]) -> Result<(), HeapsError> {
        if heaps.len() > MAX_HEAPS {
            return Err(HeapsError::TooManyHeaps { count: heaps.len() });
        }
        if let Some(i) = heaps.iter().position(|&h| h > MAX_HEAP) {
            return Err(HeapsError::HeapTooLarge { item: i + 1, size: heaps[i], max: MAX_HEAP });
        }
        Ok(())
    }
    /// The rule played.
    pub fn rule(&self) -> &HeapRule {
        &self.table.rule
    }
    /// The shared rule and sequence.
    pub fn table(&self) -> &Arc<RuleTable> {
        &self.table
    }
    /// The heaps, in the order written (heaps of 0 included).
    pub fn heaps(&self) -> &[usize] {
        &self.heaps
    }
    /// The same rule on other heaps (sharing the rule's sequence).
    pub fn with_heaps(&self, heaps: Vec<usize>) -> Heaps<K> {
        Heaps { table: self.table.clone(), heaps, kind: PhantomData }
    }
    /// Whether `m` is a move of the rule on a heap of `h`: from the code's
    /// digit for the tokens taken, without listing the heap's moves (a
    /// heap of 40,000 has 40,000 of them, and the computer looks at each).
    fn legal(&self, h: usize, m: HeapTake) -> bool {
        let take = m.take as usize;
        let leaves = m.leaves();
        let left: usize = leaves.iter().map(|&l| l as usize).sum();
        if take > h || left + take != h || leaves.contains(&0) || !leaves.windows(2).all(|w| w[0] <= w[1]) {
            return false;
        }
        let d = self.table.code.digit(take);
        let unequal_ok = !d.unequal || leaves.windows(2).all(|w| w[0] != w[1]);
        match leaves.len() {
            0 => take > 0 && d.takes_all(),
            1 => take > 0 && d.leaves_one(),
            2 => d.leaves_two() && unequal_ok,
            3 => d.leaves_three() && unequal_ok,
            _ => false,
        }
    }
    /// `G(n)` of the rule.
    pub fn heap_value(&self, n: usize) -> Result<u32, EngineError> {
        self.table.value(n)
    }
    fn heaps_text(&self) -> String {
        self.heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ")
    }
}

impl<K: Kind> fmt::Display for Heaps<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match K::rule() {
            Some(_) => f.write_str(&self.heaps_text()),
            None if self.heaps.is_empty() => write!(f, "{}:", self.table.text),
            None => write!(f, "{}: {}", self.table.text, self.heaps_text()),
        }
    }
}

fn parse_heaps(text: &str) -> Result<Vec<usize>, HeapsError> {
    let items: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',' || c == '+').filter(|s| !s.is_empty()).collect();
    if items.len() > MAX_HEAPS {
        return Err(HeapsError::TooManyHeaps { count: items.len() });
    }
    let mut heaps = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if !item.bytes().all(|b| b.is_ascii_digit()) {
            return Err(HeapsError::Heap { item: i + 1, found: snippet(item) });
        }
        let size: usize = item.parse().map_err(|_| HeapsError::HeapTooLarge { item: i + 1, size: usize::MAX, max: MAX_HEAP })?;
        heaps.push(size);
    }
    Ok(heaps)
}

impl<K: Kind> std::str::FromStr for Heaps<K> {
    type Err = HeapsError;
    fn from_str(text: &str) -> Result<Heaps<K>, HeapsError> {
        let text = text.trim();
        let (rule, rest) = match K::rule() {
            Some(rule) => (rule, text),
            None => {
                let (r, rest) = text.rsplit_once(':').ok_or(HeapsError::NoRule)?;
                (r.trim().parse::<HeapRule>().map_err(HeapsError::Rule)?, rest)
            }
        };
        let heaps = parse_heaps(rest)?;
        Heaps::new(rule, heaps)
    }
}

impl<K: Kind> Ruleset for Heaps<K> {
    type Move = HeapTake;
    type Error = HeapsError;
    const NAME: &'static str = K::NAME;
    const IMPARTIAL: bool = true;

    fn parse(text: &str) -> Result<Self, HeapsError> {
        text.parse()
    }
    fn moves(&self, _side: Side) -> Vec<HeapTake> {
        let mut out = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            for (take, leave) in self.table.rule.options(h) {
                let mut left = [0u32; 3];
                for (slot, &l) in left.iter_mut().zip(&leave) {
                    *slot = l as u32;
                }
                out.push(HeapTake { heap: i as u16, take: take as u32, left, parts: leave.len().min(3) as u8 });
            }
        }
        out
    }
    fn play(&self, _side: Side, m: HeapTake) -> Option<Self> {
        let i = m.heap as usize;
        let &h = self.heaps.get(i)?;
        if !self.legal(h, m) {
            return None;
        }
        let leaves: Vec<usize> = m.leaves().iter().map(|&l| l as usize).collect();
        let mut heaps = self.heaps.clone();
        let fill: Vec<usize> = if leaves.is_empty() { vec![0] } else { leaves };
        heaps.splice(i..=i, fill);
        if heaps.len() > MAX_HEAPS {
            return None;
        }
        Some(self.with_heaps(heaps))
    }
    fn parse_move(&self, side: Side, text: &str) -> Result<HeapTake, super::MoveError> {
        // Every move is listed by `moves`; a Nim heap of 100,000 has as
        // many, so the text is read first and only its heap's moves looked at.
        let t = text.trim();
        let heap = t.split(['-', '=']).next().and_then(|h| h.parse::<usize>().ok()).filter(|&h| h >= 1 && h <= self.heaps.len());
        if let Some(h) = heap {
            let one = self.with_heaps(vec![self.heaps[h - 1]]);
            if let Some(m) = one.moves(side).into_iter().find(|m| HeapTake { heap: (h - 1) as u16, ..*m }.to_string() == t) {
                return Ok(HeapTake { heap: (h - 1) as u16, ..m });
            }
        }
        let moves = self.moves(side);
        Err(super::MoveError { side, found: snippet(t), legal: moves.iter().take(12).map(|m| m.to_string()).collect(), more: moves.len().saturating_sub(12) })
    }
    fn components(&self) -> Vec<Self> {
        self.heaps.iter().filter(|&&h| h > 0).map(|&h| self.with_heaps(vec![h])).collect()
    }
    fn size(&self) -> usize {
        self.heaps.iter().sum()
    }
    fn normalised(&self) -> Self {
        let mut heaps: Vec<usize> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        self.with_heaps(heaps)
    }
    fn move_words(&self, m: HeapTake) -> Option<String> {
        Some(m.words())
    }
    fn known_nim_value(&self) -> Option<Result<u32, EngineError>> {
        let mut x = 0;
        for &h in &self.heaps {
            match self.table.value(h) {
                Ok(v) => x ^= v,
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok(x))
    }
}

/// The registry entry of `heaps`.
pub const INFO: RulesetInfo = RulesetInfo {
    name: "heaps",
    title: "Heap games (take-and-break codes)",
    rules: "Heaps of tokens and a rule for a move on one heap, the same for both players: a take-and-break code as Winning Ways writes it (digit k of the code says what may be left after taking k tokens: 1 bit, nothing; 2 bit, one heap; 4 bit, two heaps), a subtraction set, or Grundy's game (split a heap into two unequal heaps). The player who cannot move loses (normal play) or wins (misère play). Every heap of n tokens is worth the nimber *G(n), and a position the nim-sum of its heaps.",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 4; Siegel (2013), Combinatorial Game Theory ch. IV",
    format: "the rule, a colon and the heaps: `0.77: 3 5 7` (Kayles), `0.07: 10` (Dawson's Kayles), `nim: 3 5 7`, `grundy: 9`, `sub:1,3,4: 10 12`. A move is the heap (from 1), `-` and the tokens taken, and `=` with the heaps left when it splits: `2-3`, `1-1=2+4`, `1=2+5`",
    example: "0.77: 3 5 7",
    players: IMPARTIAL_PLAYERS,
    presets: &[
        Preset { name: "Kayles: heaps of 1 to 4", position: "0.77: 1 2 3 4", value: "*", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 4 (Kayles: G(1..4) = 1, 2, 3, 1, whose nim-sum is 1)" },
        Preset { name: "Kayles' period begins", position: "0.77: 71 83", value: "0", source: "Guy and Smith (1956); OEIS A002186 (Kayles has period 12 from heap 71 on)" },
        Preset { name: "Dawson's Kayles", position: "0.07: 4 6", value: "*", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 4; OEIS A002187, shifted by one (G(4) = 2, G(6) = 3)" },
        Preset { name: "A subtraction game", position: "sub:1,3,4: 4 5 6", value: "*3", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 4 (S(1,3,4): 0,1,0,1,2,3,2,0,1,0,1,2,3,2,... period 7)" },
    ],
};

/// The registry entry of `nim`.
pub const NIM_INFO: RulesetInfo = RulesetInfo {
    name: "nim",
    title: "Nim",
    rules: "Heaps of tokens; a move takes any number of tokens (at least one) from one heap. The player who takes the last token wins (normal play), or loses (misère play). Bouton's rule: the player to move loses exactly when the nim-sum (binary addition without carries) of the heaps is 0; in misère play, the same unless every heap has at most one token, when the player to move loses exactly when the number of heaps of one is odd.",
    source: "Bouton (1902), Nim, a game with a complete mathematical theory; Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 and 13",
    format: "the heaps, separated by spaces: `3 5 7`. A move is the heap (from 1), `-` and the tokens taken: `2-3` takes 3 from heap 2",
    example: "3 5 7",
    players: IMPARTIAL_PLAYERS,
    presets: &[
        Preset { name: "Marienbad: 1 3 5 7", position: "1 3 5 7", value: "0", source: "Bouton (1902); Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (1 ^ 3 ^ 5 ^ 7 = 0)" },
        Preset { name: "3 5 7", position: "3 5 7", value: "*", source: "Albert, Nowakowski and Wolfe (2019), Lessons in Play ch. 7 (3 ^ 5 ^ 7 = 1)" },
        Preset { name: "Two equal heaps", position: "6 6", value: "0", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Tweedledum and Tweedledee)" },
    ],
};

/// The registry entry of `grundy`.
pub const GRUNDY_INFO: RulesetInfo = RulesetInfo {
    name: "grundy",
    title: "Grundy's game",
    rules: "Heaps of tokens; a move splits one heap into two heaps of different sizes (so heaps of 1 and 2 cannot be split). The player who cannot move loses (normal play) or wins (misère play).",
    source: "Grundy (1939), Mathematics and games; Berlekamp, Conway and Guy (2001), Winning Ways ch. 4; OEIS A002188",
    format: "the heaps, separated by spaces: `7 9`. A move is the heap (from 1), `=` and the two heaps it becomes: `1=2+5`",
    example: "7 9",
    players: IMPARTIAL_PLAYERS,
    presets: &[
        Preset { name: "A heap of 7", position: "7", value: "0", source: "Grundy (1939); OEIS A002188 (Grundy's game: G(7) = 0, a loss for the player to move)" },
        Preset { name: "Heaps of 5 and 13", position: "5 13", value: "*", source: "Grundy (1939); OEIS A002188 (G(5) = 2, G(13) = 3)" },
    ],
};

/// The registry entry of `dawson`.
pub const DAWSON_INFO: RulesetInfo = RulesetInfo {
    name: "dawson",
    title: "Dawson's Kayles",
    rules: "Rows of pins; a move knocks down two adjacent pins (from an end of a row, or from its middle, leaving two rows). As heaps: take two tokens from a heap, leaving nothing, one heap or two (the code 0.07). The player who cannot move loses (normal play) or wins (misère play).",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 4 (Dawson's Kayles, 0.07); OEIS A002187",
    format: "the heaps (rows of pins), separated by spaces: `5 9`. A move is the heap (from 1), `-2`, and `=` with the heaps left when it splits: `2-2=3+4`",
    example: "4 6 9",
    players: IMPARTIAL_PLAYERS,
    presets: &[Preset { name: "Heaps of 4 and 6", position: "4 6", value: "*", source: "Guy and Smith (1956); OEIS A002187, shifted by one (G(4) = 2, G(6) = 3)" }],
};

/// The players of an impartial game: both make the same moves, so they
/// are the first and second to move, not Left and Right.
pub const IMPARTIAL_PLAYERS: [&str; 2] = ["Blue", "Red"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_moves_splice() {
        let p: AnyHeaps = "0.77: 3 5 7".parse().unwrap();
        assert_eq!(p.to_string(), "0.77: 3 5 7");
        let sub: AnyHeaps = "sub:1,3,4: 10 12".parse().unwrap();
        assert_eq!(sub.to_string(), "sub:1,3,4: 10 12");
        let m = p.parse_move(Side::Left, "2-1=1+3").unwrap();
        assert_eq!(p.play(Side::Left, m).unwrap().to_string(), "0.77: 3 1 3 7");
        let n: Nim = "3 5 7".parse().unwrap();
        let m = n.parse_move(Side::Left, "1-3").unwrap();
        assert_eq!(n.play(Side::Left, m).unwrap().to_string(), "0 5 7");
        assert!(n.parse_move(Side::Left, "1-4").unwrap_err().to_string().contains("not a legal move"));
        let g: Grundy = "7".parse().unwrap();
        let names: Vec<String> = g.moves(Side::Left).iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["1=1+6", "1=2+5", "1=3+4"]);
    }

    /// `legal` (read from the code's digits) accepts exactly the moves
    /// `HeapRule::options` lists.
    #[test]
    fn legality_is_the_options() {
        for rule in ["0.77", "0.07", "0.137", "4.7", "0.[3]", "grundy", "sub:1,3,4", "allbut:2", "0.4!4", "0.8", "8.0", "0.F!"] {
            let p: AnyHeaps = format!("{rule}: 1").parse().unwrap();
            for h in 0..16u32 {
                let listed: std::collections::HashSet<HeapTake> = p.with_heaps(vec![h as usize]).moves(Side::Left).into_iter().collect();
                let mut found = std::collections::HashSet::new();
                for take in 0..=h {
                    let m = h - take;
                    let mut cands: Vec<Vec<u32>> = vec![vec![], vec![m], vec![0, m]];
                    for a in 0..=m {
                        cands.push(vec![a, m - a]);
                        for b in 0..=m - a {
                            cands.push(vec![a, b, m - a - b]);
                        }
                    }
                    for c in cands {
                        let mut left = [0u32; 3];
                        left[..c.len()].copy_from_slice(&c);
                        let mv = HeapTake { heap: 0, take, left, parts: c.len() as u8 };
                        if p.legal(h as usize, mv) {
                            found.insert(mv);
                        }
                    }
                }
                assert_eq!(found, listed, "{rule} on a heap of {h}");
            }
        }
    }

    #[test]
    fn bad_texts_say_where() {
        assert_eq!("3 x 7".parse::<Nim>().unwrap_err().to_string(), "heap 2: found `x`, expected a number of tokens (0 or more)");
        assert!("3 5".parse::<AnyHeaps>().unwrap_err().to_string().contains("expected a rule"));
        assert!("0.z: 3".parse::<AnyHeaps>().unwrap_err().to_string().starts_with("the rule before the colon"));
        assert!("99999999999999999999999".parse::<Nim>().is_err());
        assert!("100001".parse::<Nim>().unwrap_err().to_string().contains("at most 100000"));
    }

    #[test]
    fn values_come_from_the_sequence() {
        let k: AnyHeaps = "0.77: 40000".parse().unwrap();
        // Kayles' period 12 from 71 on: G(40000) = G(40000 - 12 * 3327) = G(76) = 2? checked against the sequence itself.
        let seq = crate::impartial::nim_sequence(&"0.77".parse().unwrap(), 200).unwrap();
        let back = 71 + (40000 - 71) % 12;
        assert_eq!(k.known_nim_value().unwrap().unwrap(), seq.values[back]);
    }
}
