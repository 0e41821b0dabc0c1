//! Heap-go (Kao et al. 2012, sections 1 and 9): heaps of weighted blue and red
//! counters, and the exact mean, temperature, stops and terminal count of a
//! sum of heaps.
//!
//! Left (Blue) picks a heap and removes counters from its top until he has
//! removed a red counter or the heap is empty; Right (Red) the same until he
//! has removed a blue one. Each scores the weights he removed; a terminal's
//! value is the net score (Left's minus Right's) of the whole path from the
//! root, as in the paper's Figure 2.
//!
//! Because terminal values are absolute scores and the simplest-number rule
//! is not translation-invariant (`{-3|5}` is 0 but `{7|15}` is 8), a
//! position's thermograph depends on the score so far, not only on which
//! counters are left: thermographs are memoised by (positions, score), the
//! terminal count by positions alone.
//!
//! Text format: heaps separated by `/`,
//! counters top-first separated by `,`, a counter is its colour letter and
//! weight: `b5,r3,b2/r7/b4,b1`; weights are positive rationals (`b3/2`).

/// Exact play's memo: the best score still to come by (positions, mover).
type MinimaxMemo = HashMap<(Positions, Side), Q>;

use crate::numbers::Q;
use crate::side::Side;
use crate::thermograph::Thermograph;
use num_bigint::BigUint;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// Most counters in a position (the search is deep-first over them).
pub const MAX_COUNTERS: usize = 256;

/// A counter's colour: blue counters are Left's, red ones Right's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CounterColour {
    Blue,
    Red,
}

/// A counter: a colour and a positive weight.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    colour: CounterColour,
    weight: Q,
}

impl Counter {
    /// `None` unless the weight is positive.
    pub fn new(colour: CounterColour, weight: Q) -> Option<Counter> {
        weight.is_positive().then_some(Counter { colour, weight })
    }
    pub fn colour(&self) -> CounterColour {
        self.colour
    }
    pub fn weight(&self) -> &Q {
        &self.weight
    }
}

impl fmt::Display for Counter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self.colour {
            CounterColour::Blue => 'b',
            CounterColour::Red => 'r',
        };
        write!(f, "{c}{}", self.weight)
    }
}

/// Why a text is not a heap-go position, or an analysis was not done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapGoError {
    /// Counter `counter` of heap `heap` (both 1-based), written `text`.
    Counter { heap: usize, counter: usize, text: String, expected: String },
    /// More than [`MAX_COUNTERS`] counters.
    TooManyCounters { counters: usize, max: usize },
    /// The exact analysis met more than `max` positions.
    TooLarge { max: usize },
    /// Heap `heap` (1-based) has no canonical form here (a score that is
    /// not a dyadic rational: the canonical forms are over dyadics).
    NoCanonicalForm { heap: usize, why: String },
}

impl fmt::Display for HeapGoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapGoError::Counter { heap, counter, text, expected } => {
                write!(f, "heap {heap}, counter {counter} (`{}`): expected {expected}", super::snippet(text))
            }
            HeapGoError::TooManyCounters { counters, max } => {
                write!(f, "{counters} counters: at most {max} are allowed")
            }
            HeapGoError::NoCanonicalForm { heap, why } => write!(f, "heap {heap} has no canonical form: {why}"),
            HeapGoError::TooLarge { max } => {
                write!(f, "more than {max} positions to analyse: too large to solve exactly")
            }
        }
    }
}
impl std::error::Error for HeapGoError {}

/// A sum of heaps, each listed from its top counter down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct HeapGo {
    heaps: Vec<Vec<Counter>>,
}

/// Where play stands: how many counters are gone from the top of each heap.
pub type Positions = Vec<usize>;

impl HeapGo {
    pub fn new(heaps: Vec<Vec<Counter>>) -> Result<HeapGo, HeapGoError> {
        let counters = heaps.iter().map(Vec::len).sum();
        if counters > MAX_COUNTERS {
            return Err(HeapGoError::TooManyCounters { counters, max: MAX_COUNTERS });
        }
        Ok(HeapGo { heaps })
    }
    pub fn heaps(&self) -> &[Vec<Counter>] {
        &self.heaps
    }
    /// The start: nothing removed.
    pub fn start(&self) -> Positions {
        vec![0; self.heaps.len()]
    }

    /// `side`'s move in heap `h` from `pos`: the new position of that heap
    /// and the points scored (positive), or `None` if the heap is empty or
    /// there is no heap `h` (a move of the ruleset's text may name any
    /// heap).
    pub fn take(&self, h: usize, from: usize, side: Side) -> Option<(usize, Q)> {
        let heap = self.heaps.get(h)?;
        if from >= heap.len() {
            return None;
        }
        let stop_at = match side {
            Side::Left => CounterColour::Red,
            Side::Right => CounterColour::Blue,
        };
        let mut gained = Q::zero();
        let mut i = from;
        while i < heap.len() {
            gained = &gained + &heap[i].weight;
            i += 1;
            if heap[i - 1].colour == stop_at {
                break;
            }
        }
        Some((i, gained))
    }

    /// The moves of a player from `pos`: (heap, new positions, net score
    /// change: positive for Left's points, negative for Right's).
    pub fn moves(&self, pos: &[usize], side: Side) -> Vec<(usize, Positions, Q)> {
        (0..self.heaps.len())
            .filter_map(|h| {
                let (to, gained) = self.take(h, pos[h], side)?;
                let mut next = pos.to_vec();
                next[h] = to;
                Some((h, next, net(side, gained)))
            })
            .collect()
    }

    /// A random sum as in the paper's Table 4: heaps of the given sizes,
    /// colours uniform blue/red, weights uniform integers 1..=10.
    pub fn random(sizes: &[usize], rng: &mut crate::rng::SplitMix64) -> Result<HeapGo, HeapGoError> {
        let heaps = sizes
            .iter()
            .map(|&n| {
                (0..n)
                    .map(|_| {
                        let colour = if rng.below(2) == 0 { CounterColour::Blue } else { CounterColour::Red };
                        Counter { colour, weight: Q::from_int(1 + rng.below(10) as i64) }
                    })
                    .collect()
            })
            .collect();
        HeapGo::new(heaps)
    }

    /// The exact temperature of heap `h` alone from counter `from` on (what
    /// the ordered branch order and the computer's fallback rank heaps by).
    pub fn remainder_temperature(&self, h: usize, from: usize, max_positions: usize) -> Result<Q, HeapGoError> {
        let rest = self.heaps.get(h).and_then(|heap| heap.get(from..)).unwrap_or(&[]).to_vec();
        let one = HeapGo { heaps: vec![rest] };
        Ok(one.analyse(max_positions)?.thermograph.temperature().clone())
    }

    /// Heap `h` alone from counter `from` on, as a game in canonical form:
    /// terminal values are the net score within this heap (from 0), as in
    /// the paper's trees. This is how a heap is sent to the Sums page; note
    /// that the Sums page ends play when every component is a number, so a
    /// sum of heaps there is the CGT sum, not the board's minimax score.
    /// `TooLarge` past `max_positions` (from, score) nodes.
    pub fn heap_canon(
        &self,
        h: usize,
        from: usize,
        canon: &mut crate::canonical::Canon,
        max_positions: usize,
    ) -> Result<crate::canonical::CanonId, HeapGoError> {
        use crate::canonical::{Canon, CanonId};
        fn go(
            g: &HeapGo,
            h: usize,
            at: usize,
            score: Q,
            canon: &mut Canon,
            memo: &mut HashMap<(usize, Q), CanonId>,
            max: usize,
        ) -> Result<CanonId, HeapGoError> {
            if let Some(&c) = memo.get(&(at, score.clone())) {
                return Ok(c);
            }
            if memo.len() >= max {
                return Err(HeapGoError::TooLarge { max });
            }
            let c = match (g.take(h, at, Side::Left), g.take(h, at, Side::Right)) {
                (Some((l, gl)), Some((r, gr))) => {
                    let left = go(g, h, l, &score + &gl, canon, memo, max)?;
                    let right = go(g, h, r, &score - &gr, canon, memo, max)?;
                    canon.options(&[left], &[right])
                }
                _ => canon.num(score.clone()).map_err(|e| HeapGoError::NoCanonicalForm { heap: h + 1, why: e.to_string() })?,
            };
            memo.insert((at, score), c);
            Ok(c)
        }
        if h >= self.heaps.len() {
            return Err(HeapGoError::NoCanonicalForm { heap: h + 1, why: format!("there are {} heaps", self.heaps.len()) });
        }
        go(self, h, from, Q::zero(), canon, &mut HashMap::new(), max_positions)
    }

    /// Exact play: the best final net score (Left's points minus Right's)
    /// with `side` to move from `pos` and both sides playing perfectly, and
    /// the heaps of the best moves. `None` past `max_states` (positions x
    /// mover) states. Scores add, so the state is the positions alone.
    pub fn minimax(&self, pos: &[usize], side: Side, max_states: usize) -> Option<(Q, Vec<usize>)> {
        let mut memo: MinimaxMemo = HashMap::new();
        let pos = pos.to_vec();
        let moves = self.moves(&pos, side);
        let mut scored = Vec::with_capacity(moves.len());
        for (h, next, delta) in moves {
            scored.push((h, &delta + &self.minimax_value(&next, side.other(), &mut memo, max_states)?));
        }
        let best = match side {
            Side::Left => scored.iter().map(|x| &x.1).max(),
            Side::Right => scored.iter().map(|x| &x.1).min(),
        };
        match best.cloned() {
            None => Some((Q::zero(), vec![])),
            Some(b) => Some((b.clone(), scored.into_iter().filter(|x| x.1 == b).map(|x| x.0).collect())),
        }
    }

    /// The best final score still to come from `pos` with `side` to move
    /// (scores taken so far not included), memoised in `memo`; `None` once
    /// the memo holds `max` states.
    fn minimax_value(&self, pos: &Positions, side: Side, memo: &mut MinimaxMemo, max: usize) -> Option<Q> {
        if let Some(v) = memo.get(&(pos.clone(), side)) {
            return Some(v.clone());
        }
        if memo.len() >= max {
            return None;
        }
        let mut best: Option<Q> = None;
        for (_, next, delta) in self.moves(pos, side) {
            let v = &delta + &self.minimax_value(&next, side.other(), memo, max)?;
            if best.as_ref().is_none_or(|b| side.prefers(&v, b)) {
                best = Some(v);
            }
        }
        // No move for the mover: the game is over (heaps are shared, so
        // the other player has none either).
        let v = best.unwrap_or_else(Q::zero);
        memo.insert((pos.clone(), side), v.clone());
        Some(v)
    }

    /// Each move of a game from the start, `(mover, heap)`, measured
    /// against perfect play ([`crate::review`]): the mover's best final
    /// score before it and the final score after it under perfect play.
    /// Stops at the first illegal move; `None` past `max_states` states
    /// (one memo for the whole game).
    pub fn review(&self, moves: &[(Side, usize)], max_states: usize) -> Option<crate::review::Review> {
        let mut memo: MinimaxMemo = HashMap::new();
        let mut pos = self.start();
        let mut score = Q::zero();
        let mut out = Vec::with_capacity(moves.len());
        for &(side, h) in moves {
            let best = &score + &self.minimax_value(&pos, side, &mut memo, max_states)?;
            let Some((to, gained)) = pos.get(h).and_then(|&from| self.take(h, from, side)) else { break };
            pos[h] = to;
            score = match side {
                Side::Left => &score + &gained,
                Side::Right => &score - &gained,
            };
            let got = &score + &self.minimax_value(&pos, side.other(), &mut memo, max_states)?;
            out.push(crate::review::MoveCost::scored(side, best, got));
        }
        Some(crate::review::Review { moves: out })
    }

    /// The exact analysis of the whole sum's tree (at most `max_positions`
    /// distinct (positions, score) nodes).
    pub fn analyse(&self, max_positions: usize) -> Result<HeapGoAnalysis, HeapGoError> {
        self.analyse_from(&self.start(), &Q::zero(), max_positions)
    }

    /// The exact analysis of the node reached in play: `pos` with `score`
    /// (net) scored so far. Its terminal values are the final scores of the
    /// whole game, so this is not the analysis of the remaining counters
    /// from 0 (the simplest-number rule is not translation-invariant). A
    /// missing entry of `pos` counts as 0, one past its heap as empty.
    pub fn analyse_from(&self, pos: &[usize], score: &Q, max_positions: usize) -> Result<HeapGoAnalysis, HeapGoError> {
        let at: Positions = self.heaps.iter().enumerate().map(|(h, heap)| pos.get(h).copied().unwrap_or(0).min(heap.len())).collect();
        let mut s = Solver { game: self, max: max_positions, thermo: HashMap::new(), terminals: HashMap::new() };
        let th = s.thermograph(&at, score)?;
        let terminals = s.terminals(&at);
        // The root's scaffolds from its options' thermographs (memoised).
        let mut sides: [Vec<Thermograph>; 2] = [Vec::new(), Vec::new()];
        for side in Side::BOTH {
            for (_, next, delta) in self.moves(&at, side) {
                sides[side.index()].push(s.thermograph(&next, &(score + &delta))?);
            }
        }
        let greatest_temperature =
            if sides.iter().all(Vec::is_empty) { th.temperature().clone() } else { Thermograph::from_options(&sides[0], &sides[1]).1.greatest_solution() };
        Ok(HeapGoAnalysis { thermograph: th, terminals, greatest_temperature })
    }
}

/// Points `gained` by `side` as a net score (Left's minus Right's).
fn net(side: Side, gained: Q) -> Q {
    match side {
        Side::Left => gained,
        Side::Right => -gained,
    }
}

/// What [`HeapGo::analyse`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGoAnalysis {
    /// The thermograph of the sum's tree (terminal values = net scores).
    pub thermograph: Thermograph,
    /// Terminal nodes of the tree (complete move sequences).
    pub terminals: BigUint,
    /// The greatest solution of the min-max equation at the root
    /// ([`crate::thermograph::Scaffolds::greatest_solution`]): what the
    /// tables of Kao et al. (2012) count as the temperature.
    pub greatest_temperature: Q,
}

struct Solver<'a> {
    game: &'a HeapGo,
    max: usize,
    thermo: HashMap<(Positions, Q), Thermograph>,
    terminals: HashMap<Positions, BigUint>,
}

impl Solver<'_> {
    /// Depth-first with memos; the depth is at most the number of counters.
    fn thermograph(&mut self, pos: &Positions, score: &Q) -> Result<Thermograph, HeapGoError> {
        let key = (pos.clone(), score.clone());
        if let Some(t) = self.thermo.get(&key) {
            return Ok(t.clone());
        }
        if self.thermo.len() >= self.max {
            return Err(HeapGoError::TooLarge { max: self.max });
        }
        let mut sides: [Vec<Thermograph>; 2] = [Vec::new(), Vec::new()];
        for side in Side::BOTH {
            for (_, next, delta) in self.game.moves(pos, side) {
                let t = self.thermograph(&next, &(score + &delta))?;
                sides[side.index()].push(t);
            }
        }
        let th = if sides[0].is_empty() && sides[1].is_empty() { Thermograph::of_number(score) } else { Thermograph::from_options(&sides[0], &sides[1]).0 };
        self.thermo.insert(key, th.clone());
        Ok(th)
    }
    fn terminals(&mut self, pos: &Positions) -> BigUint {
        if let Some(n) = self.terminals.get(pos) {
            return n.clone();
        }
        let mut n = BigUint::default();
        let mut any = false;
        for side in Side::BOTH {
            for (_, next, _) in self.game.moves(pos, side) {
                any = true;
                n += self.terminals(&next);
            }
        }
        if !any {
            n = BigUint::from(1u8);
        }
        self.terminals.insert(pos.clone(), n.clone());
        n
    }
}

impl fmt::Display for HeapGo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, heap) in self.heaps.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for (j, c) in heap.iter().enumerate() {
                if j > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for HeapGo {
    type Err = HeapGoError;
    fn from_str(s: &str) -> Result<HeapGo, HeapGoError> {
        // A `/` followed by a colour letter starts a heap; any other `/` is
        // a fraction bar (`b3/2`).
        let chars: Vec<char> = s.chars().collect();
        let mut heaps_text: Vec<String> = vec![String::new()];
        for (i, &c) in chars.iter().enumerate() {
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if c == '/' && matches!(next, Some('b' | 'r' | 'B' | 'R') | None) {
                heaps_text.push(String::new());
            } else {
                heaps_text.last_mut().expect("one heap at least").push(c);
            }
        }
        if heaps_text.len() == 1 && heaps_text[0].trim().is_empty() {
            return Ok(HeapGo::default());
        }
        let mut heaps = Vec::with_capacity(heaps_text.len());
        let mut count = 0;
        for (h, text) in heaps_text.iter().enumerate() {
            let mut heap = Vec::new();
            for (k, item) in text.split(',').enumerate() {
                let bad = |expected: &str| HeapGoError::Counter { heap: h + 1, counter: k + 1, text: item.trim().to_string(), expected: expected.to_string() };
                let item = item.trim();
                let mut cs = item.chars();
                let colour = match cs.next().map(|c| c.to_ascii_lowercase()) {
                    Some('b') => CounterColour::Blue,
                    Some('r') => CounterColour::Red,
                    _ => return Err(bad("a counter: its colour b or r, then its weight, e.g. `b5` or `r3/2`")),
                };
                let w: Q = cs.as_str().trim().parse().map_err(|_| bad("a positive weight after the colour, e.g. `b5` or `r3/2`"))?;
                let c = Counter::new(colour, w).ok_or_else(|| bad("a positive weight"))?;
                heap.push(c);
                count += 1;
                if count > MAX_COUNTERS {
                    return Err(HeapGoError::TooManyCounters { counters: count, max: MAX_COUNTERS });
                }
            }
            heaps.push(heap);
        }
        HeapGo::new(heaps)
    }
}

/// `cgt game heapgo`, `?r=heapgo`.
pub const NAME: &str = "heapgo";

/// Heap-go in the ruleset registry.
pub const INFO: super::RulesetInfo = super::RulesetInfo {
    name: NAME,
    title: "Heap-go",
    rules: "Heaps of weighted blue and red counters. Left (Blue) picks a heap and removes counters from the top until he has removed a red counter or the heap is empty; Right (Red) likewise until she has removed a blue one. Each player scores the weight of every counter removed; the game ends when every heap is empty and its value is Left's points minus Right's.",
    source: "Kao et al. (2012), sections 1 and 9",
    format: "heaps separated by `/`, counters top first separated by `,`, a counter is its colour b or r and its weight: `b5,r3,b2/r7`",
    example: "b5,r3,b2/r7/b4,b1",
    players: crate::rulesets::LEFT_RIGHT,
    presets: &[],
};

/// A move of heap-go: the heap (0-based) a player takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove(pub u16);

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Heap-go as a ruleset: the position is the counters left, emptied heaps
/// dropped (so heaps are renumbered after a heap empties); a move scores
/// the weights it removes.
impl super::Ruleset for HeapGo {
    type Move = HeapMove;
    type Error = HeapGoError;
    const NAME: &'static str = NAME;
    const CONVENTION: super::Convention = super::Convention::Scored;

    fn parse(text: &str) -> Result<HeapGo, HeapGoError> {
        text.parse()
    }
    fn moves(&self, _side: Side) -> Vec<HeapMove> {
        (0..self.heaps.len()).filter(|&h| !self.heaps[h].is_empty()).map(|h| HeapMove(h as u16)).collect()
    }
    fn play(&self, side: Side, m: HeapMove) -> Option<HeapGo> {
        let h = m.0 as usize;
        let (to, _) = self.take(h, 0, side)?;
        let mut heaps = self.heaps.clone();
        heaps[h].drain(..to);
        heaps.retain(|heap| !heap.is_empty());
        Some(HeapGo { heaps })
    }
    fn move_score(&self, side: Side, m: HeapMove) -> Q {
        match self.take(m.0 as usize, 0, side) {
            Some((_, gained)) => net(side, gained),
            None => Q::zero(),
        }
    }
    /// Each heap alone (its value counts scores from 0 within the heap).
    fn components(&self) -> Vec<HeapGo> {
        self.heaps.iter().filter(|h| !h.is_empty()).map(|h| HeapGo { heaps: vec![h.clone()] }).collect()
    }
    fn size(&self) -> usize {
        self.heaps.iter().map(Vec::len).sum()
    }
    /// A sum does not depend on the order of its heaps.
    fn normalised(&self) -> HeapGo {
        let mut heaps: Vec<Vec<Counter>> = self.heaps.iter().filter(|h| !h.is_empty()).cloned().collect();
        heaps.sort_by_cached_key(|h| h.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(","));
        HeapGo { heaps }
    }
}

/// The order in which MT-search sees a node's children (Kao et al. 2012
/// compare random order, Table 5, with hottest heap first, Table 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BranchOrder {
    /// Hottest heap first at every node (Table 6).
    #[default]
    Temperature,
    /// A seeded shuffle of the heaps, fixed for the whole tree (Table 5).
    Random,
    /// The heaps as written.
    Heaps,
    /// A seeded shuffle drawn anew at every position: the other reading of
    /// the paper's "random branches" (each node's options in their own
    /// random order, so the first-child lines play random moves instead of
    /// emptying one heap after another).
    Shuffled,
}

impl BranchOrder {
    pub const ALL: [BranchOrder; 4] = [BranchOrder::Temperature, BranchOrder::Random, BranchOrder::Shuffled, BranchOrder::Heaps];
    /// The name in the text format, the CLI and the URL.
    pub fn key(self) -> &'static str {
        match self {
            BranchOrder::Temperature => "temperature",
            BranchOrder::Random => "random",
            BranchOrder::Heaps => "heaps",
            BranchOrder::Shuffled => "shuffled",
        }
    }
}

impl fmt::Display for BranchOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, so that tables can align it.
        f.pad(self.key())
    }
}

impl FromStr for BranchOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<BranchOrder, String> {
        BranchOrder::ALL.into_iter().find(|o| o.key() == s.trim()).ok_or_else(|| format!("branch order {s:?}: expected temperature, random, shuffled or heaps"))
    }
}

/// Heap-go as a tree for MT-search: a node is (positions, score so far);
/// a side's children are the non-empty heaps in `order` (a permutation of
/// the heaps: the branch order).
///
/// With [`HeapGoTree::by_temperature`] the order is the paper's "ordered"
/// variant instead: at every node the non-empty heaps sorted by the exact
/// temperature of their current remainder, hottest first (ties: the fixed
/// order).
#[derive(Clone, Debug)]
pub struct HeapGoTree<'a> {
    game: std::borrow::Cow<'a, HeapGo>,
    order: Vec<usize>,
    /// `temps[h][p]`: temperature of heap `h` from counter `p` on.
    temps: Option<Vec<Vec<Q>>>,
    /// Per-position shuffle (`BranchOrder::Shuffled`): the seed of the
    /// keys that order a position's heaps.
    shuffle: Option<u64>,
}

impl<'a> HeapGoTree<'a> {
    /// Children in heap order.
    pub fn new(game: &'a HeapGo) -> HeapGoTree<'a> {
        HeapGoTree { order: (0..game.heaps.len()).collect(), game: std::borrow::Cow::Borrowed(game), temps: None, shuffle: None }
    }
    /// Children in the order of `order` (a permutation of the heap indices).
    pub fn with_order(game: &'a HeapGo, order: Vec<usize>) -> Option<HeapGoTree<'a>> {
        let mut sorted = order.clone();
        sorted.sort_unstable();
        (sorted == (0..game.heaps.len()).collect::<Vec<_>>()).then_some(HeapGoTree {
            game: std::borrow::Cow::Borrowed(game),
            order,
            temps: None,
            shuffle: None,
        })
    }
    /// A seeded random branch order (the paper's "random" variant).
    pub fn shuffled(game: &'a HeapGo, rng: &mut crate::rng::SplitMix64) -> HeapGoTree<'a> {
        let mut order: Vec<usize> = (0..game.heaps.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        HeapGoTree { game: std::borrow::Cow::Borrowed(game), order, temps: None, shuffle: None }
    }
    /// The tree in branch order `order`; `seed` draws the random order (the
    /// same seed, the same order everywhere: CLI, experiments and page).
    pub fn ordered(game: &'a HeapGo, order: BranchOrder, seed: u64, max_positions: usize) -> Result<HeapGoTree<'a>, HeapGoError> {
        Ok(match order {
            BranchOrder::Temperature => HeapGoTree::by_temperature(game, max_positions)?,
            BranchOrder::Random => HeapGoTree::shuffled(game, &mut crate::rng::SplitMix64::new(seed ^ 0x5EED_0000)),
            BranchOrder::Heaps => HeapGoTree::new(game),
            BranchOrder::Shuffled => HeapGoTree { shuffle: Some(seed ^ 0x5EED_0001), ..HeapGoTree::new(game) },
        })
    }
    /// Children ordered by heap temperature at every node (Kao et al.'s
    /// (2012) Table 6 variant). Each heap remainder is solved exactly (a heap of
    /// n counters has n remainders, each a small tree).
    pub fn by_temperature(game: &'a HeapGo, max_positions: usize) -> Result<HeapGoTree<'a>, HeapGoError> {
        let mut temps = Vec::with_capacity(game.heaps.len());
        for (h, heap) in game.heaps.iter().enumerate() {
            let t = (0..heap.len()).map(|p| game.remainder_temperature(h, p, max_positions)).collect::<Result<Vec<_>, _>>()?;
            temps.push(t);
        }
        Ok(HeapGoTree { order: (0..game.heaps.len()).collect(), game: std::borrow::Cow::Borrowed(game), temps: Some(temps), shuffle: None })
    }
    pub fn order(&self) -> &[usize] {
        &self.order
    }
    /// The same tree owning a copy of its game (to keep it in a long-lived state).
    pub fn into_owned(self) -> HeapGoTree<'static> {
        HeapGoTree { game: std::borrow::Cow::Owned(self.game.into_owned()), order: self.order, temps: self.temps, shuffle: self.shuffle }
    }
    pub fn game(&self) -> &HeapGo {
        &self.game
    }
    /// The heaps that can be moved in at `pos`, in branch order.
    pub fn branches(&self, pos: &[usize]) -> Vec<usize> {
        let mut hs: Vec<usize> = self.order.iter().copied().filter(|&h| pos[h] < self.game.heaps[h].len()).collect();
        if let Some(t) = &self.temps {
            // Stable sort: equal temperatures keep the fixed order.
            hs.sort_by(|&a, &b| t[b][pos[b]].cmp(&t[a][pos[a]]));
        }
        if let Some(seed) = self.shuffle {
            // A key per (position, heap): the same position always lists
            // its heaps in the same order, wherever the tree reaches it.
            let mut rng = crate::rng::SplitMix64::new(pos.iter().fold(seed, |acc, &p| (acc ^ p as u64).wrapping_mul(0x100_0000_01B3)));
            let keys: Vec<u64> = (0..self.game.heaps.len()).map(|_| rng.next_u64()).collect();
            hs.sort_by_key(|&h| keys[h]);
        }
        hs
    }
}

impl crate::search::mt::MtGame for HeapGoTree<'_> {
    type Node = (Positions, Q);
    fn root(&self) -> Self::Node {
        (self.game.start(), Q::zero())
    }
    fn child(&self, node: &Self::Node, side: Side, k: u32) -> Option<Self::Node> {
        let (pos, score) = node;
        let h = if self.temps.is_some() || self.shuffle.is_some() {
            *self.branches(pos).get(k as usize - 1)?
        } else {
            self.order.iter().copied().filter(|&h| pos[h] < self.game.heaps[h].len()).nth(k as usize - 1)?
        };
        let (to, gained) = self.game.take(h, pos[h], side)?;
        let mut next = pos.clone();
        next[h] = to;
        Some((next, score + &net(side, gained)))
    }
    fn value(&self, node: &Self::Node) -> Option<Q> {
        let (pos, score) = node;
        pos.iter().zip(&self.game.heaps).all(|(&p, h)| p >= h.len()).then(|| score.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_format() {
        let g: HeapGo = "b5,r3,b2/r7/ b4, B1 /r3/2".parse().unwrap();
        assert_eq!(g.to_string(), "b5,r3,b2/r7/b4,b1/r3/2");
        assert_eq!(g.to_string().parse::<HeapGo>().unwrap(), g);
        assert_eq!("".parse::<HeapGo>().unwrap().heaps().len(), 0);
        for (bad, want) in [
            ("b5,x3", "heap 1, counter 2 (`x3`): expected a counter"),
            ("b5/r0", "heap 2, counter 1 (`r0`): expected a positive weight"),
            ("b5/r-2", "heap 2, counter 1 (`r-2`): expected a positive weight"),
            ("b5,,b1", "heap 1, counter 2 (``): expected a counter"),
            ("b", "heap 1, counter 1 (`b`): expected a positive weight after the colour"),
            ("b1/", "heap 2, counter 1 (``): expected a counter"),
            ("b1/2/3", "heap 1, counter 1 (`b1/2/3`): expected a positive weight"),
        ] {
            let e = bad.parse::<HeapGo>().unwrap_err().to_string();
            assert!(e.starts_with(want), "{bad}: {e}");
        }
    }

    #[test]
    fn moves_follow_the_rules() {
        let g: HeapGo = "b5,b5,r3,b2".parse().unwrap();
        // Left takes blue counters down to and including the first red one.
        assert_eq!(g.take(0, 0, Side::Left), Some((3, Q::from_int(13))));
        assert_eq!(g.take(0, 3, Side::Left), Some((4, Q::from_int(2))));
        // Right stops after the first blue counter.
        assert_eq!(g.take(0, 0, Side::Right), Some((1, Q::from_int(5))));
        assert_eq!(g.take(0, 2, Side::Right), Some((4, Q::from_int(5))));
        assert_eq!(g.take(0, 4, Side::Right), None);
    }

    #[test]
    fn minimax_matches_plain_recursion() {
        fn naive(g: &HeapGo, pos: &Positions, side: Side) -> Q {
            let vals: Vec<Q> = g.moves(pos, side).into_iter().map(|(_, n, d)| &d + &naive(g, &n, side.other())).collect();
            let best = if side == Side::Left { vals.iter().max() } else { vals.iter().min() };
            best.cloned().unwrap_or_else(Q::zero)
        }
        let mut rng = crate::rng::SplitMix64::new(5);
        for sizes in [&[2, 2, 1][..], &[3, 2][..], &[1, 1, 1, 1][..]] {
            for _ in 0..20 {
                let g = HeapGo::random(sizes, &mut rng).unwrap();
                for side in Side::BOTH {
                    let (v, best) = g.minimax(&g.start(), side, 1 << 20).unwrap();
                    assert_eq!(v, naive(&g, &g.start(), side), "{g}");
                    // Every listed best move achieves the value.
                    for h in best {
                        let (to, gained) = g.take(h, 0, side).unwrap();
                        let mut next = g.start();
                        next[h] = to;
                        let d = if side == Side::Left { gained } else { -gained };
                        assert_eq!(&d + &naive(&g, &next, side.other()), v);
                    }
                }
            }
        }
        let g: HeapGo = "b5,r3/r7".parse().unwrap();
        assert!(g.minimax(&g.start(), Side::Left, 1).is_none(), "the state budget is honoured");
    }

    /// A heap sent to the Sums page keeps the heap's own thermograph: its
    /// canonical form (scores from 0 within the heap) has the mean,
    /// temperature and stops of the heap analysed alone.
    #[test]
    fn a_heap_as_a_canonical_game_keeps_its_thermograph() {
        let mut rng = crate::rng::SplitMix64::new(11);
        for n in 1..=7 {
            for _ in 0..10 {
                let g = HeapGo::random(&[n, 2], &mut rng).unwrap();
                for (h, from) in [(0, 0), (0, 1), (1, 0)] {
                    let mut canon = crate::canonical::Canon::new();
                    let c = g.heap_canon(h, from, &mut canon, 10_000).unwrap();
                    let alone = HeapGo::new(vec![g.heaps()[h][from.min(g.heaps()[h].len())..].to_vec()]).unwrap();
                    let th = alone.analyse(10_000).unwrap().thermograph;
                    let sg = crate::sums::SumGames::from_canon(&mut canon, &[c], 10_000).unwrap();
                    let p = sg.position(sg.components()[0]);
                    assert_eq!((p.mean(), p.temperature()), (th.mean(), th.temperature()), "{g} heap {h} from {from}");
                    assert_eq!((p.left_stop(), p.right_stop()), (th.left_stop(), th.right_stop()), "{g} heap {h} from {from}");
                }
            }
        }
        let g: HeapGo = "b5,r3,b2/r1/3".parse().unwrap();
        let mut canon = crate::canonical::Canon::new();
        assert!(g.heap_canon(1, 0, &mut canon, 100).unwrap_err().to_string().starts_with("heap 2 has no canonical form"));
        assert!(g.heap_canon(2, 0, &mut canon, 100).is_err());
        assert!(matches!(g.heap_canon(0, 0, &mut canon, 1), Err(HeapGoError::TooLarge { .. })));
    }

    /// A node reached in play is analysed with the score so far: the root's
    /// thermograph is built from its children's, and the node differs from
    /// the remaining counters analysed from 0.
    #[test]
    fn a_node_in_play_is_its_subtree() {
        let g: HeapGo = "b2/r1".parse().unwrap();
        // Left took b2 (+2): r1 is left, {3 | 1}.
        let a = g.analyse_from(&[1, 0], &Q::from_int(2), 100).unwrap();
        let th = &a.thermograph;
        assert_eq!((th.mean(), th.temperature()), (&Q::from_int(2), &Q::from_int(1)));
        assert_eq!((th.left_stop(), th.right_stop()), (Q::from_int(3), Q::from_int(1)));
        assert_eq!(a.terminals, BigUint::from(2u8));
        // Over: the final score; a short or overlong position is clamped.
        let end = g.analyse_from(&[1], &Q::from_int(-2), 100).unwrap();
        assert_eq!(end.terminals, BigUint::from(2u8), "heap 2 still full");
        let over = g.analyse_from(&[5, 5], &Q::from_int(-2), 100).unwrap();
        assert_eq!((over.thermograph.mean(), over.terminals), (&Q::from_int(-2), BigUint::from(1u8)));
        let mut rng = crate::rng::SplitMix64::new(7);
        for _ in 0..20 {
            let g = HeapGo::random(&[3, 2, 1], &mut rng).unwrap();
            let root = g.analyse(10_000).unwrap();
            let child = |side: Side| -> Vec<Thermograph> {
                g.moves(&g.start(), side).into_iter().map(|(_, next, d)| g.analyse_from(&next, &d, 10_000).unwrap().thermograph).collect()
            };
            assert_eq!(Thermograph::from_options(&child(Side::Left), &child(Side::Right)).0, root.thermograph, "{g}");
            let n: BigUint =
                Side::BOTH.iter().flat_map(|&s| g.moves(&g.start(), s)).map(|(_, next, _)| g.analyse_from(&next, &Q::zero(), 10_000).unwrap().terminals).sum();
            assert_eq!(n, root.terminals, "{g}");
        }
    }
}
