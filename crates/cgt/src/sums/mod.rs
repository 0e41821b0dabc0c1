//! Sums of games (Yedwab 1985; Müller 2025): playing
//! well in `G1 + ... + Gn` where each `Gi` is small but the sum is not.
//!
//! - [`SumGames`]: the components' canonical forms and every position
//!   reachable in them, each with its thermograph, indexed once so that
//!   every search below is a pure function of small integers.
//! - [`exact`]: `VL` / `VR` by minimax, memoised on the multiset of the
//!   components that are not numbers yet (numbers only add, and play ends
//!   when every component is a number), within a node budget.
//! - [`bounds`]: Milnor, Hanner, second-highest temperature and
//!   thermostatic brackets from the components alone.
//! - [`strategy`]: greedy, hotstrat, sentestrat, thermostrat and exact
//!   play, and a referee that plays two strategies against each other.
//! - [`bstar`]: B* over the sum with ranges from the bounds, and
//!   alpha-beta with the same move ordering, both counting nodes.
//!
//! Components are played in canonical form: equal games have equal stops,
//! so `VL` and `VR` do not change, and a canonical non-number always has
//! options for both players (only numbers lack one side), so play can
//! only end with every component a number.

pub mod bounds;
pub mod bstar;
pub mod cold;
pub mod exact;
pub mod strategy;

use crate::canonical::{Canon, CanonError, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use crate::thermograph::Thermograph;
use std::collections::HashMap;
use std::fmt;

/// Most positions indexed over all components (the page's default).
pub const MAX_POSITIONS: usize = 20_000;
/// Longest possible play in a sum (moves), so the searches' recursion
/// stays shallow.
pub const MAX_PLAY_LENGTH: usize = 1_000;

/// Why a sum cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumError {
    /// No components.
    Empty,
    /// Component `component` (from 0) does not parse.
    Parse { component: usize, error: crate::ParseError },
    /// Component `component` (from 0) has no canonical form.
    Canon { component: usize, error: CanonError },
    /// The components have more than `limit` positions between them.
    TooManyPositions { limit: usize },
    /// The longest play in the sum has more than `limit` moves.
    TooLong { moves: usize, limit: usize },
}

impl fmt::Display for SumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumError::Empty => f.write_str("the sum has no components"),
            SumError::Parse { component, error } => write!(f, "component {}: {error}", component + 1),
            SumError::Canon { component, error } => write!(f, "component {}: {error}", component + 1),
            SumError::TooManyPositions { limit } => write!(f, "the components have more than {limit} positions between them; use smaller components"),
            SumError::TooLong { moves, limit } => {
                write!(f, "a play of the sum can last {moves} moves, more than the {limit} allowed; use fewer or shallower components")
            }
        }
    }
}
impl std::error::Error for SumError {}

/// The components of a sum written `G1 + G2 + ...`: split at the `+`
/// signs outside braces (a `+-` is the switch sign, not a split). This is
/// the one text format of a sum: CLI, URL and tests.
pub fn split_components(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '+' if depth == 0 && chars.peek() != Some(&'-') && !cur.trim().is_empty() => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Parse a sum's components (each in the game notation) within `limits`.
pub fn parse_components<S: AsRef<str>>(parts: &[S], limits: &crate::ParseLimits) -> Result<Vec<crate::GameTree>, SumError> {
    if parts.is_empty() {
        return Err(SumError::Empty);
    }
    parts.iter().enumerate().map(|(i, p)| crate::GameTree::parse_with(p.as_ref(), limits).map_err(|error| SumError::Parse { component: i, error })).collect()
}

/// One position of a component, in canonical form.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The canonical form as CGSuite prints it.
    pub name: String,
    /// `Some(x)` when the position is the number x (play there has ended).
    pub number: Option<Q>,
    /// Options as indices into [`SumGames::position`].
    pub left: Vec<u32>,
    pub right: Vec<u32>,
    pub thermograph: Thermograph,
    /// The longest play inside this position before it is a number.
    pub depth: usize,
}

impl Position {
    pub fn left_stop(&self) -> Q {
        self.thermograph.left_stop()
    }
    pub fn right_stop(&self) -> Q {
        self.thermograph.right_stop()
    }
    pub fn mean(&self) -> &Q {
        self.thermograph.mean()
    }
    pub fn temperature(&self) -> &Q {
        self.thermograph.temperature()
    }
    /// `side`'s options.
    pub fn options(&self, side: Side) -> &[u32] {
        match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        }
    }
}

/// The components of a sum and every position reachable in them.
#[derive(Clone, Debug)]
pub struct SumGames {
    positions: Vec<Position>,
    components: Vec<u32>,
}

/// A move: in component `component` (from 0, in the order given) to the
/// position `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub component: usize,
    pub to: u32,
}

impl SumGames {
    /// Index the canonical forms `components` of `canon`.
    pub fn from_canon(canon: &mut Canon, components: &[CanonId], max_positions: usize) -> Result<SumGames, SumError> {
        if components.is_empty() {
            return Err(SumError::Empty);
        }
        let mut index: HashMap<CanonId, u32> = HashMap::new();
        let mut ids: Vec<CanonId> = Vec::new();
        let mut opts: Vec<(Vec<CanonId>, Vec<CanonId>)> = Vec::new();
        // Breadth first from every component; numbers are leaves.
        let mut queue: Vec<CanonId> = Vec::new();
        for &c in components {
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(c) {
                e.insert(ids.len() as u32);
                ids.push(c);
                queue.push(c);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let g = queue[head];
            head += 1;
            let (l, r) = if canon.is_number(g) { (Vec::new(), Vec::new()) } else { (canon.left(g), canon.right(g)) };
            for &k in l.iter().chain(&r) {
                if let std::collections::hash_map::Entry::Vacant(e) = index.entry(k) {
                    if ids.len() >= max_positions {
                        return Err(SumError::TooManyPositions { limit: max_positions });
                    }
                    e.insert(ids.len() as u32);
                    ids.push(k);
                    queue.push(k);
                }
            }
            opts.push((l, r));
        }
        // Children before parents for the thermographs: options are found
        // later in breadth-first order except along shared positions, so
        // order by a post-order walk.
        let n = ids.len();
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        for root in 0..n {
            if seen[root] {
                continue;
            }
            let mut stack = vec![(root, false)];
            while let Some((v, done)) = stack.pop() {
                if done {
                    order.push(v);
                    continue;
                }
                if seen[v] {
                    continue;
                }
                seen[v] = true;
                stack.push((v, true));
                for k in opts[v].0.iter().chain(&opts[v].1) {
                    let ki = index[k] as usize;
                    if !seen[ki] {
                        stack.push((ki, false));
                    }
                }
            }
        }
        let mut built: Vec<Option<Position>> = vec![None; n];
        for v in order {
            let g = ids[v];
            let left: Vec<u32> = opts[v].0.iter().map(|k| index[k]).collect();
            let right: Vec<u32> = opts[v].1.iter().map(|k| index[k]).collect();
            let number = canon.as_number(g).cloned();
            let (thermograph, depth) = match &number {
                Some(x) => (Thermograph::of_number(x), 0),
                None => {
                    let pos = |i: &u32| built[*i as usize].as_ref().expect("options first");
                    let th = Thermograph::from_options(left.iter().map(|i| &pos(i).thermograph), right.iter().map(|i| &pos(i).thermograph)).0;
                    let d = 1 + left.iter().chain(&right).map(|i| pos(i).depth).max().unwrap_or(0);
                    (th, d)
                }
            };
            let name = canon.name_within(g, 200).unwrap_or_else(|| "(a long form)".to_string());
            built[v] = Some(Position { name, number, left, right, thermograph, depth });
        }
        let positions: Vec<Position> = built.into_iter().map(|p| p.expect("every position built")).collect();
        let components: Vec<u32> = components.iter().map(|c| index[c]).collect();
        let moves: usize = components.iter().map(|&c| positions[c as usize].depth).sum();
        if moves > MAX_PLAY_LENGTH {
            return Err(SumError::TooLong { moves, limit: MAX_PLAY_LENGTH });
        }
        Ok(SumGames { positions, components })
    }

    /// Parse-free entry: component game trees (their canonical forms are
    /// taken).
    pub fn from_trees(trees: &[crate::GameTree], max_positions: usize) -> Result<SumGames, SumError> {
        let mut canon = Canon::new();
        let mut ids = Vec::with_capacity(trees.len());
        for (i, t) in trees.iter().enumerate() {
            ids.push(canon.from_tree(t.arena(), t.root()).map_err(|error| SumError::Canon { component: i, error })?);
        }
        SumGames::from_canon(&mut canon, &ids, max_positions)
    }

    pub fn position(&self, i: u32) -> &Position {
        &self.positions[i as usize]
    }
    pub fn positions(&self) -> usize {
        self.positions.len()
    }
    /// The starting position of each component.
    pub fn components(&self) -> &[u32] {
        &self.components
    }
    /// The mean of the sum (means add).
    pub fn mean_of(&self, state: &[u32]) -> Q {
        state.iter().fold(Q::zero(), |s, &p| &s + self.position(p).mean())
    }
    /// The sum of the numbers among `state`, and the others (sorted): the
    /// key the exact search memoises on.
    pub fn split(&self, state: &[u32]) -> (Q, Vec<u32>) {
        let mut total = Q::zero();
        let mut rest = Vec::new();
        for &p in state {
            match &self.position(p).number {
                Some(x) => total = &total + x,
                None => rest.push(p),
            }
        }
        rest.sort_unstable();
        (total, rest)
    }
    /// Every move for one side from `state` (one per component and option;
    /// numbers have none).
    pub fn moves(&self, state: &[u32], side: Side) -> Vec<Move> {
        let mut out = Vec::new();
        for (component, &p) in state.iter().enumerate() {
            let pos = self.position(p);
            if pos.number.is_none() {
                out.extend(pos.options(side).iter().map(|&to| Move { component, to }));
            }
        }
        out
    }
    /// `state` after `m`.
    pub fn play(&self, state: &[u32], m: Move) -> Vec<u32> {
        let mut s = state.to_vec();
        s[m.component] = m.to;
        s
    }
    /// Play has ended: every component is a number; the score.
    pub fn score(&self, state: &[u32]) -> Option<Q> {
        let (total, rest) = self.split(state);
        rest.is_empty().then_some(total)
    }
    /// `[component, option]` as the CLI prints a move.
    pub fn move_text(&self, m: Move) -> String {
        format!("[{}, {}]", m.component, self.position(m.to).name)
    }
}

/// A closed interval `[lo, hi]` of values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bracket {
    pub lo: Q,
    pub hi: Q,
}

impl Bracket {
    pub fn new(lo: Q, hi: Q) -> Bracket {
        Bracket { lo, hi }
    }
    pub fn exact(x: Q) -> Bracket {
        Bracket { lo: x.clone(), hi: x }
    }
    pub fn contains(&self, x: &Q) -> bool {
        &self.lo <= x && x <= &self.hi
    }
    pub fn width(&self) -> Q {
        &self.hi - &self.lo
    }
    /// Both brackets hold: their intersection (if they are both right it is
    /// not empty).
    pub fn meet(&self, o: &Bracket) -> Bracket {
        Bracket { lo: Q::max(&self.lo, &o.lo), hi: Q::min(&self.hi, &o.hi) }
    }
}

impl fmt::Display for Bracket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.lo, self.hi)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::rng::SplitMix64;

    /// A rational from its text.
    pub fn q(s: &str) -> Q {
        s.parse().unwrap()
    }

    pub fn games(texts: &[&str]) -> SumGames {
        let trees: Vec<crate::GameTree> = texts.iter().map(|t| t.parse().unwrap()).collect();
        SumGames::from_trees(&trees, MAX_POSITIONS).unwrap()
    }

    /// A random game of the given depth with small integer leaves: the
    /// property tests' components.
    pub fn random_game(rng: &mut SplitMix64, depth: u32) -> String {
        if depth == 0 || rng.below(4) == 0 {
            return (rng.below(13) as i64 - 6).to_string();
        }
        let side = |rng: &mut SplitMix64| -> String {
            let k = 1 + rng.below(2);
            (0..k).map(|_| random_game(rng, depth - 1)).collect::<Vec<_>>().join(",")
        };
        let l = side(rng);
        let r = side(rng);
        format!("{{{l}|{r}}}")
    }

    /// A random sum of 1..=`max_components` components of depth <= `depth`
    /// (the texts, for failure messages, and the indexed sum).
    pub fn random_sum(rng: &mut SplitMix64, max_components: u64, depth: u32) -> (Vec<String>, SumGames) {
        let n = 1 + rng.below(max_components) as usize;
        let texts: Vec<String> = (0..n).map(|_| random_game(rng, depth)).collect();
        let trees: Vec<crate::GameTree> = texts.iter().map(|t| t.parse().unwrap()).collect();
        let g = SumGames::from_trees(&trees, MAX_POSITIONS).unwrap();
        (texts, g)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::games;
    use super::*;

    #[test]
    fn sums_split_at_top_level_plus_signs() {
        assert_eq!(split_components("{4|0} + {{10|-3}|-5}"), ["{4|0}", "{{10|-3}|-5}"]);
        assert_eq!(split_components("+-3 + {1+1|0}+*"), ["+-3", "{1+1|0}", "*"]);
        assert_eq!(split_components(" 4|0 + 2|1 "), ["4|0", "2|1"]);
        assert!(split_components("  ").is_empty());
        let e = parse_components(&split_components("4|0 + {1|"), &crate::ParseLimits::default()).unwrap_err();
        assert!(e.to_string().starts_with("component 2:"), "{e}");
    }

    #[test]
    fn components_are_indexed_with_their_positions() {
        let g = games(&["{4|0}", "{{10|-3}|-5}", "3"]);
        let c = g.components().to_vec();
        assert_eq!(c.len(), 3);
        assert_eq!(g.position(c[0]).name, "{4|0}");
        assert_eq!(g.position(c[2]).number, Some(Q::from_int(3)));
        assert_eq!(g.position(c[1]).depth, 2);
        let (total, rest) = g.split(&c);
        assert_eq!(total, Q::from_int(3));
        assert_eq!(rest.len(), 2);
        assert_eq!(g.moves(&c, Side::Left).len(), 2);
        assert!(matches!(SumGames::from_trees(&[], 10), Err(SumError::Empty)));
        let big: Vec<crate::GameTree> = vec!["*40".parse().unwrap()];
        assert!(matches!(SumGames::from_trees(&big, 10), Err(SumError::TooManyPositions { limit: 10 })));
        let long: Vec<crate::GameTree> = (0..30).map(|_| "*40".parse().unwrap()).collect();
        let e = SumGames::from_trees(&long, 100_000).unwrap_err();
        assert!(matches!(e, SumError::TooLong { .. }), "{e}");
        let bad: Vec<crate::GameTree> = vec!["1".parse().unwrap(), "{1/3|0}".parse().unwrap()];
        assert!(SumGames::from_trees(&bad, 10).unwrap_err().to_string().starts_with("component 2:"));
    }
}
