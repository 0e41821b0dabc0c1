//! Generic engines over any [`Ruleset`]: canonical values with a
//! transposition table, thermographs, outcomes and rated moves, and the
//! adapters that let the Monte Carlo players ([`Playable`]: [`Board`], and
//! [`ScoredBoard`] for scored games), MT-search ([`MtGame`]) and the Sums
//! page ([`SumGames`]) use any ruleset.
//!
//! **Values.** A normal-play position is the sum of its components
//! ([`Ruleset::components`]), and every option is split again, so the
//! table holds components, not whole boards: a Domineering board that falls
//! into two regions costs the two regions, and a region met in many
//! positions is valued once. The table is keyed by
//! [`Ruleset::normalised_signed`] positions: a part whose key is its
//! negative's (a transposed Domineering board) is valued once, and added
//! negated. A scored game is not split (its value
//! is not the sum of its heaps' values: see [`Ruleset`]) and is keyed by
//! (position, score so far), as heap-go's own solver is.
//!
//! The search is depth first with an explicit stack (no recursion: a deep
//! game cannot overflow the stack, on the page or in the worker) and stops
//! with [`EngineError::TooLarge`] when one call would value more than
//! `max_positions` new positions. The table survives between calls, so a
//! board played move by move is valued incrementally.
//!
//! **Thermographs** come from the canonical value for normal play (the
//! thermograph of a game is that of its canonical form), and straight from
//! the position's tree for scored games ([`Solver::thermograph_direct`],
//! which also serves as a cross-check).

use super::Ruleset;
use crate::canonical::{Canon, CanonError, CanonId};
use crate::numbers::Q;
use crate::outcome::Outcome;
use crate::search::montecarlo::Playable;
use crate::search::mt::MtGame;
use crate::side::Side;
use crate::sums::{SumError, SumGames};
use crate::thermograph::Thermograph;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashMap;
use std::fmt;

/// Why a value was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// One call would value more than `max` new positions.
    TooLarge { max: usize },
    /// A score or leaf is not dyadic, so the game has no canonical form.
    Canon(CanonError),
    /// The ruleset refuses to value this position (a Go ko or seki): the
    /// reason says why, for the user.
    Refused { reason: String },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::TooLarge { max } => {
                write!(f, "the position needs more than {max} positions to value (the budget); try a smaller position or a larger --budget")
            }
            EngineError::Canon(e) => write!(f, "{e}"),
            EngineError::Refused { reason } => write!(f, "not valued: {reason}"),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<CanonError> for EngineError {
    fn from(e: CanonError) -> EngineError {
        EngineError::Canon(e)
    }
}

/// Most new canonical forms one call may make for a budget of `max`
/// positions. Boards make about one form for every two positions (6 x 6
/// Domineering: 2.2 million for 4.2 million); sums of many hot components
/// make thousands a position, and are stopped here.
fn max_forms(max: usize) -> usize {
    max.saturating_mul(8).saturating_add(20_000)
}

/// The engines value normal and scored play; a misère ruleset is refused
/// with the reason, never given a normal-play value.
fn normal_or_scored<R: Ruleset>() -> Result<(), EngineError> {
    if R::CONVENTION == super::Convention::Misere {
        return Err(EngineError::Refused {
            reason: format!("{} is played under misère play, where a position is not the sum of its parts' values: these values are for normal play", R::NAME),
        });
    }
    Ok(())
}

/// The hash a position and its score's index are filed under.
fn key_hash<R: std::hash::Hash>(pos: &R, score: u32) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one((pos, score))
}

/// One move with what it leads to, as the board's computer and hints see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedMove<M> {
    pub mv: M,
    /// The value after the move (with the move's points, in scored games).
    pub value: CanonId,
    /// The mover wins after it (the other side moving next): `value >= 0`
    /// for Left, `value <= 0` for Right.
    pub wins: bool,
    /// No other move leads to a strictly better value for the mover.
    pub undominated: bool,
}

/// A node of the search: a position and, in scored games, the score so far.
type Key<R> = (R, Q);

/// A part of a position: a key, and whether the part is its negative.
type Part<R> = (Key<R>, bool);

/// A part by its slot in the table, and whether it is its negative.
type Slot = (u32, bool);

/// The generic solver of one ruleset: its canonical forms, its table.
pub struct Solver<R: Ruleset> {
    canon: Canon,
    /// Each key met, to its slot: a key is hashed once per option, and the
    /// search then works with slots (no key cloned or hashed again). The
    /// table holds only slots, found by hash and compared against `keys`,
    /// so each position is stored once and compactly (6 x 6 Domineering
    /// meets 4.2 million: a map keyed by (position, score) took 800 MB).
    slots: hashbrown::HashTable<u32>,
    /// Each slot's position and its score's index in `scores`.
    keys: Vec<(R, u32)>,
    /// The scores met (only 0 in a normal-play game), each once.
    scores: Vec<Q>,
    score_ids: FxHashMap<Q, u32>,
    /// Each slot's value, once valued (a search stopped by its budget
    /// leaves slots without one, valued by a later call).
    values: Vec<Option<CanonId>>,
    /// Slots with a value.
    valued: usize,
    thermos: FxHashMap<Key<R>, Thermograph>,
    canon_thermos: HashMap<CanonId, Thermograph>,
    max_positions: usize,
}

/// A position being valued: its options as lists of parts, and the parts
/// not yet valued.
struct Frame<R> {
    key: Key<R>,
    slot: u32,
    options: [Vec<Vec<Slot>>; 2],
    pending: Vec<(u32, Key<R>)>,
    next: usize,
}

impl<R: Ruleset> Solver<R> {
    /// A solver that values at most `max_positions` new positions a call.
    pub fn new(max_positions: usize) -> Solver<R> {
        Solver {
            canon: Canon::new(),
            slots: Default::default(),
            keys: Vec::new(),
            scores: Vec::new(),
            score_ids: FxHashMap::default(),
            values: Vec::new(),
            valued: 0,
            thermos: FxHashMap::default(),
            canon_thermos: HashMap::new(),
            max_positions,
        }
    }
    pub fn max_positions(&self) -> usize {
        self.max_positions
    }
    pub fn set_max_positions(&mut self, max: usize) {
        self.max_positions = max;
    }
    /// The store the values' ids belong to.
    pub fn canon(&mut self) -> &mut Canon {
        &mut self.canon
    }
    /// Distinct positions (components) valued so far.
    pub fn positions(&self) -> usize {
        self.valued
    }

    /// The slot of `key`, made (without a value) if new: the key is
    /// cloned only then.
    fn slot(&mut self, key: &Key<R>) -> u32 {
        let score = match self.score_ids.get(&key.1) {
            Some(&s) => s,
            None => {
                let s = self.scores.len() as u32;
                self.scores.push(key.1.clone());
                self.score_ids.insert(key.1.clone(), s);
                s
            }
        };
        let hash = key_hash(&key.0, score);
        if let Some(&id) = self.slots.find(hash, |&k| {
            let (p, s) = &self.keys[k as usize];
            *s == score && *p == key.0
        }) {
            return id;
        }
        let id = self.values.len() as u32;
        self.keys.push((key.0.clone(), score));
        self.values.push(None);
        let keys = &self.keys;
        self.slots.insert_unique(hash, id, |&k| {
            let (p, s) = &keys[k as usize];
            key_hash(p, *s)
        });
        id
    }

    fn set_value(&mut self, slot: u32, v: CanonId) {
        let cell = &mut self.values[slot as usize];
        if cell.is_none() {
            self.valued += 1;
        }
        *cell = Some(v);
    }

    /// The parts a position (with its score so far) is the sum of.
    fn parts(pos: &R, score: &Q) -> Vec<Part<R>> {
        if R::CONVENTION.is_scored() {
            vec![((pos.normalised(), score.clone()), false)]
        } else {
            pos.components()
                .into_iter()
                .map(|c| {
                    let (k, neg) = c.normalised_signed();
                    ((k, Q::zero()), neg)
                })
                .collect()
        }
    }

    fn sum_of(&mut self, parts: &[Slot]) -> CanonId {
        let mut acc = None;
        for &(p, neg) in parts {
            // Parts are valued before their sums are made (a frame is
            // popped only once its pending parts are): a missing one would
            // be a wrong sum, so it is loud, not skipped.
            let mut v = self.values[p as usize].expect("parts are valued before their sums");
            if neg {
                v = self.canon.neg(v);
            }
            acc = Some(match acc {
                None => v,
                Some(a) => self.canon.add(a, v),
            });
        }
        acc.unwrap_or_else(|| self.canon.zero())
    }

    fn frame(&mut self, key: Key<R>, slot: u32) -> Frame<R> {
        let (pos, score) = &key;
        let mut options: [Vec<Vec<Slot>>; 2] = [Vec::new(), Vec::new()];
        let mut pending: Vec<(u32, Key<R>)> = Vec::new();
        for side in Side::BOTH {
            for (m, next) in pos.play_all(side) {
                let s = if R::CONVENTION.is_scored() { score + &pos.move_score(side, m) } else { Q::zero() };
                let parts = Self::parts(&next, &s);
                let mut slots = Vec::with_capacity(parts.len());
                for (p, neg) in parts {
                    let (len, id) = (self.values.len(), self.slot(&p));
                    // A slot without a value: new here, or left by a search
                    // that stopped; each is valued once.
                    if self.values[id as usize].is_none() && (id as usize >= len || !pending.iter().any(|(q, _)| *q == id)) {
                        pending.push((id, p));
                    }
                    slots.push((id, neg));
                }
                options[side.index()].push(slots);
            }
        }
        Frame { key, slot, options, pending, next: 0 }
    }

    /// Values `key` (and everything below it) into the table.
    fn solve_part(&mut self, key: Key<R>) -> Result<(), EngineError> {
        normal_or_scored::<R>()?;
        let slot = self.slot(&key);
        if self.values[slot as usize].is_some() {
            return Ok(());
        }
        let start = self.valued;
        let forms_at_start = self.canon.len();
        let max = self.max_positions;
        if let Some(v) = self.known(&key) {
            self.set_value(slot, v?);
            return Ok(());
        }
        // Slots on the stack: meeting one again is a cycle (a Go ko or
        // longer cycle), which a loopfree value cannot express.
        let mut on_stack: FxHashSet<u32> = FxHashSet::default();
        on_stack.insert(slot);
        let first = self.frame(key, slot);
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            if top.next < top.pending.len() {
                let (ps, p) = top.pending[top.next].clone();
                top.next += 1;
                if self.values[ps as usize].is_some() {
                    continue;
                }
                if let Some(v) = self.known(&p) {
                    self.set_value(ps, v?);
                    continue;
                }
                // The budget bounds the canonical forms made too: a few
                // positions whose options are sums of many hot components
                // can make forms without end (Snort on a long path).
                if self.valued - start + stack.len() >= max || self.canon.len() - forms_at_start > max_forms(max) {
                    return Err(EngineError::TooLarge { max });
                }
                if !on_stack.insert(ps) {
                    let chain: Vec<String> = stack.iter().map(|f| f.key.0.to_string()).collect();
                    return Err(EngineError::Refused { reason: format!("play can return to an earlier position (a ko or a longer cycle): `{}` comes back after {}; these values are for games that always end", p.0, chain.join(" -> ")) });
                }
                let f = self.frame(p, ps);
                stack.push(f);
                continue;
            }
            let top = stack.pop().expect("non-empty");
            on_stack.remove(&top.slot);
            let mut sides: [Vec<CanonId>; 2] = [Vec::new(), Vec::new()];
            for side in Side::BOTH {
                for parts in &top.options[side.index()] {
                    let v = self.sum_of(parts);
                    sides[side.index()].push(v);
                }
            }
            let id = if R::CONVENTION.is_scored() && sides[0].is_empty() && sides[1].is_empty() {
                self.canon.num(top.key.1.clone())?
            } else {
                self.canon.options(&sides[0], &sides[1])
            };
            self.set_value(top.slot, id);
        }
        Ok(())
    }

    fn known(&mut self, key: &Key<R>) -> Option<Result<CanonId, EngineError>> {
        if R::CONVENTION.is_scored() {
            return None;
        }
        key.0.known_value(&mut self.canon, self.max_positions)
    }

    /// The canonical value of `pos` (of the whole play from it, with scores
    /// counted from 0, in scored games).
    pub fn value(&mut self, pos: &R) -> Result<CanonId, EngineError> {
        self.value_scored(pos, &Q::zero())
    }

    /// As [`Solver::value`] with `score` already on the board.
    pub fn value_scored(&mut self, pos: &R, score: &Q) -> Result<CanonId, EngineError> {
        let parts = Self::parts(pos, score);
        let mut slots = Vec::with_capacity(parts.len());
        for (p, neg) in parts {
            self.solve_part(p.clone())?;
            slots.push((self.slot(&p), neg));
        }
        Ok(self.sum_of(&slots))
    }

    /// Each component with its canonical value. In a scored game each
    /// component is valued alone with scores from 0 (for show and for the
    /// Sums page: their sum is the CGT sum, not the whole game's value).
    pub fn component_values(&mut self, pos: &R) -> Result<Vec<(R, CanonId)>, EngineError> {
        pos.components().into_iter().map(|c| self.value(&c).map(|v| (c, v))).collect()
    }

    /// The thermograph of a canonical form of this solver's store.
    pub fn thermograph_of(&mut self, g: CanonId) -> Result<Thermograph, EngineError> {
        if let Some(t) = self.canon_thermos.get(&g) {
            return Ok(t.clone());
        }
        // The same walk as the algebra's (options first, on a stack).
        let max = self.max_positions;
        crate::algebra::thermographs_into(&mut self.canon_thermos, &mut self.canon, g, max).map_err(|_| EngineError::TooLarge { max })?;
        Ok(self.canon_thermos[&g].clone())
    }

    /// The thermograph of `pos`: of its canonical value (normal play), or
    /// straight from the position's tree (scored games).
    pub fn thermograph(&mut self, pos: &R) -> Result<Thermograph, EngineError> {
        if R::CONVENTION.is_scored() {
            return self.thermograph_direct(pos);
        }
        let v = self.value(pos)?;
        self.thermograph_of(v)
    }

    /// The thermograph of `pos`'s whole game tree, built from the positions
    /// (no canonical form, no decomposition: thermographs do not add),
    /// memoised by (position, score so far).
    pub fn thermograph_direct(&mut self, pos: &R) -> Result<Thermograph, EngineError> {
        normal_or_scored::<R>()?;
        let root: Key<R> = (pos.normalised(), Q::zero());
        if let Some(t) = self.thermos.get(&root) {
            return Ok(t.clone());
        }
        let max = self.max_positions;
        let start = self.thermos.len();
        type Opts<R> = [Vec<(R, Q)>; 2];
        let expand = |(p, s): &Key<R>| -> Opts<R> {
            let mut o: Opts<R> = [Vec::new(), Vec::new()];
            for side in Side::BOTH {
                for m in p.moves(side) {
                    if let Some(n) = p.play(side, m) {
                        let sc = if R::CONVENTION.is_scored() { s + &p.move_score(side, m) } else { Q::zero() };
                        o[side.index()].push((n.normalised(), sc));
                    }
                }
            }
            o
        };
        let mut stack: Vec<(Key<R>, Opts<R>, usize)> = Vec::new();
        let o = expand(&root);
        stack.push((root.clone(), o, 0));
        while let Some((key, opts, next)) = stack.last_mut() {
            // Left's options, then Right's, one at a time (no list built per
            // step: this loop runs once per option of every position).
            let n_left = opts[0].len();
            if *next < n_left + opts[1].len() {
                let k = if *next < n_left { opts[0][*next].clone() } else { opts[1][*next - n_left].clone() };
                *next += 1;
                if self.thermos.contains_key(&k) {
                    continue;
                }
                if self.thermos.len() - start + stack.len() >= max {
                    return Err(EngineError::TooLarge { max });
                }
                let o = expand(&k);
                stack.push((k, o, 0));
                continue;
            }
            let th = if opts[0].is_empty() && opts[1].is_empty() {
                Thermograph::of_number(&key.1)
            } else {
                let get = |k: &Key<R>| &self.thermos[k];
                Thermograph::from_options(opts[0].iter().map(get), opts[1].iter().map(get)).0
            };
            let key = key.clone();
            stack.pop();
            self.thermos.insert(key, th);
        }
        Ok(self.thermos[&root].clone())
    }

    /// Who wins `pos` (the outcome class of its value).
    pub fn outcome(&mut self, pos: &R) -> Result<Outcome, EngineError> {
        let v = self.value(pos)?;
        Ok(self.canon.outcome(v))
    }

    /// Every move of `side` with the value it leads to, whether it wins and
    /// whether it is undominated, in move order.
    pub fn rate_moves(&mut self, pos: &R, side: Side) -> Result<Vec<RatedMove<R::Move>>, EngineError> {
        let mut out = Vec::new();
        for m in pos.moves(side) {
            let Some(next) = pos.play(side, m) else { continue };
            let s = pos.move_score(side, m);
            let value = if R::CONVENTION.is_scored() { self.value_scored(&next, &s)? } else { self.value(&next)? };
            let zero = self.canon.zero();
            let wins = match side {
                Side::Left => self.canon.le(zero, value),
                Side::Right => self.canon.le(value, zero),
            };
            out.push(RatedMove { mv: m, value, wins, undominated: true });
        }
        for i in 0..out.len() {
            for j in 0..out.len() {
                if i == j || out[i].value == out[j].value {
                    continue;
                }
                let (a, b) = (out[i].value, out[j].value);
                // j strictly better for the mover than i.
                let better = match side {
                    Side::Left => self.canon.le(a, b) && !self.canon.le(b, a),
                    Side::Right => self.canon.le(b, a) && !self.canon.le(a, b),
                };
                if better {
                    out[i].undominated = false;
                    break;
                }
            }
        }
        Ok(out)
    }

    /// A best move of `side`: the first undominated winning move, else the
    /// first undominated one; `None` when `side` has no move.
    pub fn best_move(&mut self, pos: &R, side: Side) -> Result<Option<R::Move>, EngineError> {
        let rated = self.rate_moves(pos, side)?;
        let pick = rated.iter().find(|r| r.undominated && r.wins).or_else(|| rated.iter().find(|r| r.undominated));
        Ok(pick.map(|r| r.mv))
    }

    /// The components as a sum for the Sums page's engines (scored games:
    /// each component alone, scores from 0).
    pub fn sum_games(&mut self, pos: &R, max_positions: usize) -> Result<SumGames, SumOfRulesetError> {
        let ids: Vec<CanonId> = self.component_values(pos)?.into_iter().map(|(_, v)| v).collect();
        let ids = if ids.is_empty() { vec![self.canon.zero()] } else { ids };
        Ok(SumGames::from_canon(&mut self.canon, &ids, max_positions)?)
    }
}

/// Why a position did not become a Sums page sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SumOfRulesetError {
    Engine(EngineError),
    Sum(SumError),
}

impl fmt::Display for SumOfRulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumOfRulesetError::Engine(e) => write!(f, "{e}"),
            SumOfRulesetError::Sum(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SumOfRulesetError {}

impl From<EngineError> for SumOfRulesetError {
    fn from(e: EngineError) -> Self {
        SumOfRulesetError::Engine(e)
    }
}

impl From<SumError> for SumOfRulesetError {
    fn from(e: SumError) -> Self {
        SumOfRulesetError::Sum(e)
    }
}

/// Any ruleset's position as the Monte Carlo players see it (normal play:
/// the side left without a move loses). Scored games need [`ScoredBoard`]:
/// here their points would be ignored and the last mover would win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<R>(pub R);

impl<R: Ruleset> Playable for Board<R> {
    type Move = R::Move;
    fn moves_into(&self, side: Side, out: &mut Vec<R::Move>) {
        out.extend(self.0.moves(side));
    }
    fn play_mut(&mut self, m: R::Move, side: Side) {
        if let Some(next) = self.0.play(side, m) {
            self.0 = next;
        }
    }
}

/// A scored game's position with the points scored so far, as the Monte
/// Carlo players see it.
///
/// Their playouts are normal play (the side left without a move loses), so
/// the end of a scored game is put in those terms the way its value puts
/// it: a finished game is worth its score, a number, and a number `x > 0`
/// is a win for Left whoever moves, `x < 0` for Right, and `0 = { | }` a
/// win for the side not to move. So when neither side has a move left, the side
/// the score favours gets one more move, [`ScoredMove::Claim`], after which
/// the other side has none; on a score of 0 the side to move has none. A
/// side without a move before the end loses, as in the values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredBoard<R> {
    pub pos: R,
    /// Left's points minus Right's so far.
    pub score: Q,
    /// The end has been claimed: nobody moves any more.
    claimed: bool,
}

impl<R> ScoredBoard<R> {
    /// `pos` with `score` already on the board.
    pub fn new(pos: R, score: Q) -> ScoredBoard<R> {
        ScoredBoard { pos, score, claimed: false }
    }
}

/// A move of a [`ScoredBoard`]: a move of the game, or the winner's claim
/// at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoredMove<M> {
    Play(M),
    Claim,
}

impl<R: Ruleset> Playable for ScoredBoard<R> {
    type Move = ScoredMove<R::Move>;
    fn moves_into(&self, side: Side, out: &mut Vec<ScoredMove<R::Move>>) {
        if self.claimed {
            return;
        }
        let mine = self.pos.moves(side);
        if mine.is_empty() && self.pos.moves(side.other()).is_empty() {
            let favoured = match side {
                Side::Left => self.score.is_positive(),
                Side::Right => self.score.is_negative(),
            };
            if favoured {
                out.push(ScoredMove::Claim);
            }
            return;
        }
        out.extend(mine.into_iter().map(ScoredMove::Play));
    }
    fn play_mut(&mut self, m: ScoredMove<R::Move>, side: Side) {
        match m {
            ScoredMove::Claim => self.claimed = true,
            ScoredMove::Play(m) => {
                if let Some(next) = self.pos.play(side, m) {
                    self.score = &self.score + &self.pos.move_score(side, m);
                    self.pos = next;
                }
            }
        }
    }
}

/// Any ruleset's game tree as MT-search explores it: a node is a position
/// with the score so far, children are numbered from 1 in move order, and
/// a position where neither side can move is a terminal worth its score.
#[derive(Clone, Debug)]
pub struct Tree<R>(pub R);

impl<R: Ruleset> MtGame for Tree<R> {
    type Node = (R, Q);
    fn root(&self) -> (R, Q) {
        (self.0.clone(), Q::zero())
    }
    fn child(&self, node: &(R, Q), side: Side, k: u32) -> Option<(R, Q)> {
        let (p, s) = node;
        let m = *p.moves(side).get((k as usize).checked_sub(1)?)?;
        let next = p.play(side, m)?;
        Some((next, s + &p.move_score(side, m)))
    }
    fn value(&self, node: &(R, Q)) -> Option<Q> {
        let (p, s) = node;
        (p.moves(Side::Left).is_empty() && p.moves(Side::Right).is_empty()).then(|| s.clone())
    }
}
