//! Strategies for playing a sum (Müller 2025, "why greedy play can be bad";
//! Yedwab 1985, chapters 3 and 5), and a referee that plays two of them.
//!
//! The seeds name hotstrat, sentestrat and thermostrat without defining
//! them; the rules chosen here (each a move in one component, never in a
//! number, ties to the earlier component):
//! - **greedy**: the component with the largest `LS - RS`; there the locally
//!   best option by stops (Left: the largest right stop of the option).
//! - **hotstrat**: the hottest component; there the option that is optimal
//!   when every move is taxed the component's temperature `t` (Left: the
//!   largest `RW(G^L)(t)`, then the largest right stop).
//! - **sentestrat** (Sensei's Library's rule, Berlekamp's idea): the ambient
//!   temperature is the running minimum of the board's highest temperature
//!   over the game so far. If the opponent's last move left its component
//!   hotter than the ambient temperature, answer there; otherwise play as
//!   hotstrat, preferring among equally hot components a move that is
//!   *sente* (leaves that component hotter than the ambient temperature, so
//!   the opponent must answer).
//! - **thermostrat**: the thermostatic strategy behind Theorem 5.3's lower
//!   bound: take the `t` in `[0, T]` where `sum RWj(t) + max_i Wi(t)` (Left;
//!   `Wi = LWi - RWi`, the width) is largest, play in the widest component
//!   at that `t`, with the move optimal at tax `t` there.
//! - **exact**: a minimax-best move (memoised across the game; past the
//!   budget it plays thermostrat).

use super::exact::{state_value, Memo};
use super::{Move, SumGames};
use crate::numbers::Q;
use crate::side::Side;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    Greedy,
    Hotstrat,
    Sentestrat,
    Thermostrat,
    Exact,
}

impl Strategy {
    pub const ALL: [Strategy; 5] = [Strategy::Greedy, Strategy::Hotstrat, Strategy::Sentestrat, Strategy::Thermostrat, Strategy::Exact];
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Strategy::Greedy => "greedy",
            Strategy::Hotstrat => "hotstrat",
            Strategy::Sentestrat => "sentestrat",
            Strategy::Thermostrat => "thermostrat",
            Strategy::Exact => "exact",
        })
    }
}

/// An unknown strategy name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy(pub String);

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "strategy {:?}: expected greedy, hotstrat, sentestrat, thermostrat or exact", self.0)
    }
}
impl std::error::Error for UnknownStrategy {}

impl std::str::FromStr for Strategy {
    type Err = UnknownStrategy;
    fn from_str(s: &str) -> Result<Strategy, UnknownStrategy> {
        Strategy::ALL.into_iter().find(|x| x.to_string() == s.trim().to_ascii_lowercase()).ok_or_else(|| UnknownStrategy(s.to_string()))
    }
}

/// One move of a played game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    pub side: Side,
    pub mv: Move,
}

/// A played game: the final score (the numbers' sum) and every move.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub score: Q,
    pub moves: Vec<PlayedMove>,
}

/// What a strategy may know besides the position: the opponent's last move
/// and the ambient temperature (sentestrat), the exact search's memo.
#[derive(Default)]
pub struct Context {
    pub last: Option<Move>,
    pub ambient: Option<Q>,
    pub memo: Memo,
}

fn hottest(g: &SumGames, state: &[u32]) -> Option<Q> {
    state.iter().filter(|&&p| g.position(p).number.is_none()).map(|&p| g.position(p).temperature().clone()).max()
}

/// The ambient temperature once play reaches `state`: the running minimum
/// of the board's highest temperature (`previous`: the ambient before;
/// `None` at the start). What sentestrat compares against.
pub fn ambient(g: &SumGames, state: &[u32], previous: Option<Q>) -> Option<Q> {
    match (previous, hottest(g, state)) {
        (Some(a), Some(h)) => Some(if h < a { h } else { a }),
        (a, h) => a.or(h),
    }
}

/// The option of position `p` that is best when moves are taxed `t`
/// (Left: largest `RW(o)(t)`, then largest right stop; Right mirrored).
fn local_move_at(g: &SumGames, p: u32, side: Side, t: &Q) -> u32 {
    let score = |o: u32| {
        let th = &g.position(o).thermograph;
        let (lw, rw) = th.taxed(t);
        match side {
            Side::Left => (rw, th.right_stop()),
            Side::Right => (-lw, -th.left_stop()),
        }
    };
    *g.position(p).options(side).iter().reduce(|a, b| if score(*b) > score(*a) { b } else { a }).expect("a non-number has options")
}

fn live(g: &SumGames, state: &[u32]) -> Vec<usize> {
    (0..state.len()).filter(|&i| g.position(state[i]).number.is_none()).collect()
}

fn greedy(g: &SumGames, state: &[u32], side: Side) -> Move {
    let i = live(g, state).into_iter().reduce(|a, b| {
        let w = |i: usize| g.position(state[i]).left_stop() - g.position(state[i]).right_stop();
        if w(b) > w(a) {
            b
        } else {
            a
        }
    });
    let i = i.expect("a live component");
    let stop = |o: u32| match side {
        Side::Left => g.position(o).right_stop(),
        Side::Right => g.position(o).left_stop(),
    };
    let to = *g.position(state[i]).options(side).iter().reduce(|a, b| if side.prefers(&stop(*b), &stop(*a)) { b } else { a }).expect("options");
    Move { component: i, to }
}

fn hot_moves(g: &SumGames, state: &[u32], side: Side) -> Vec<Move> {
    let live = live(g, state);
    let Some(top) = live.iter().map(|&i| g.position(state[i]).temperature().clone()).max() else { return Vec::new() };
    live.into_iter()
        .filter(|&i| g.position(state[i]).temperature() == &top)
        .map(|i| Move { component: i, to: local_move_at(g, state[i], side, &top) })
        .collect()
}

fn sentestrat(g: &SumGames, state: &[u32], side: Side, ctx: &Context) -> Move {
    let ambient = ctx.ambient.clone().or_else(|| hottest(g, state)).unwrap_or_else(Q::zero);
    if let Some(last) = ctx.last {
        let p = state[last.component];
        let pos = g.position(p);
        if pos.number.is_none() && pos.temperature() > &ambient {
            return Move { component: last.component, to: local_move_at(g, p, side, pos.temperature()) };
        }
    }
    let hot = hot_moves(g, state, side);
    let sente = hot.iter().find(|m| g.position(m.to).number.is_none() && g.position(m.to).temperature() > &ambient);
    *sente.or(hot.first()).expect("a live component")
}

fn thermostrat(g: &SumGames, state: &[u32], side: Side) -> Move {
    let live = live(g, state);
    let positions: Vec<u32> = live.iter().map(|&i| state[i]).collect();
    let (_, ts) = super::bounds::candidate_temperatures(g, &positions);
    // Left: maximise sum RW + max W; Right: minimise sum LW - max W.
    let mut best: Option<(Q, Q, usize)> = None;
    for t in ts {
        let walls: Vec<(Q, Q)> = live.iter().map(|&i| g.position(state[i]).thermograph.taxed(&t)).collect();
        let (k, w) = walls.iter().enumerate().map(|(k, w)| (k, &w.0 - &w.1)).reduce(|a, b| if b.1 > a.1 { b } else { a }).expect("live");
        let base = walls.iter().fold(Q::zero(), |s, x| {
            &s + match side {
                Side::Left => &x.1,
                Side::Right => &x.0,
            }
        });
        let guaranteed = match side {
            Side::Left => &base + &w,
            Side::Right => &base - &w,
        };
        if best.as_ref().is_none_or(|b| side.prefers(&guaranteed, &b.0)) {
            best = Some((guaranteed, t, live[k]));
        }
    }
    let (_, t, i) = best.expect("t = 0 is a candidate");
    Move { component: i, to: local_move_at(g, state[i], side, &t) }
}

fn exact(g: &SumGames, state: &[u32], side: Side, memo: &mut Memo, budget: usize) -> Option<Move> {
    // A cold sum: every move keeps the score, so play to move last (in
    // Nim, to a nim-sum of 0) where that wins (issue 43).
    if super::cold::ColdSums::is_cold(g, state) {
        if let Some(&m) = super::cold::ColdSums::default().winning_moves(g, state, side).and_then(|w| w.first().copied()).as_ref() {
            return Some(m);
        }
    }
    let mut best: Option<(Q, Move)> = None;
    for m in g.moves(state, side) {
        let v = state_value(g, &g.play(state, m), side.other(), memo, budget).ok()?;
        if best.as_ref().is_none_or(|b| side.prefers(&v, &b.0)) {
            best = Some((v, m));
        }
    }
    best.map(|b| b.1)
}

/// The move `s` makes for `side` at `state` (`None` once every
/// component is a number).
pub fn choose(g: &SumGames, state: &[u32], side: Side, s: Strategy, ctx: &mut Context, budget: usize) -> Option<Move> {
    if g.score(state).is_some() {
        return None;
    }
    Some(match s {
        Strategy::Greedy => greedy(g, state, side),
        Strategy::Hotstrat => hot_moves(g, state, side)[0],
        Strategy::Sentestrat => sentestrat(g, state, side, ctx),
        Strategy::Thermostrat => thermostrat(g, state, side),
        Strategy::Exact => match exact(g, state, side, &mut ctx.memo, budget) {
            Some(m) => m,
            None => thermostrat(g, state, side),
        },
    })
}

/// Play `left` against `right` from `start`, `first` moving first, until
/// every component is a number.
pub fn play(g: &SumGames, start: &[u32], left: Strategy, right: Strategy, first: Side, budget: usize) -> Played {
    let mut state = start.to_vec();
    let mut ctx = [Context::default(), Context::default()];
    let mut mover = first;
    let mut moves = Vec::new();
    let mut ambient = None;
    loop {
        ambient = self::ambient(g, &state, ambient);
        let k = mover.index();
        ctx[k].ambient = ambient.clone();
        let strat = match mover {
            Side::Left => left,
            Side::Right => right,
        };
        let Some(m) = choose(g, &state, mover, strat, &mut ctx[k], budget) else { break };
        state = g.play(&state, m);
        moves.push(PlayedMove { side: mover, mv: m });
        ctx[mover.other().index()].last = Some(m);
        mover = mover.other();
    }
    Played { score: g.score(&state).expect("play ended"), moves }
}

#[cfg(test)]
mod tests {
    use super::super::exact::sum_value;
    use super::super::testing::{games, random_sum};
    use super::*;
    use crate::rng::SplitMix64;

    /// Müller's (2025) counterexample (acceptance 3 of issue 7).
    #[test]
    fn greedy_play_can_be_bad() {
        let g = games(&["4|0", "10|-3||-5"]);
        let score = |s: Strategy| play(&g, g.components(), s, Strategy::Exact, Side::Left, 100_000).score;
        assert_eq!(score(Strategy::Greedy), Q::from_int(-1));
        assert_eq!(score(Strategy::Exact), Q::from_int(1));
        assert_eq!(score(Strategy::Sentestrat), Q::from_int(1));
        let p = play(&g, g.components(), Strategy::Sentestrat, Strategy::Sentestrat, Side::Left, 0);
        assert_eq!(p.score, Q::from_int(1));
        let text: Vec<String> = p.moves.iter().map(|m| format!("{}{}", m.side.letter(), g.move_text(m.mv))).collect();
        assert_eq!(text, ["L[1, {10|-3}]", "R[1, -3]", "L[0, 4]"]);
        assert_eq!("Thermostrat".parse::<Strategy>(), Ok(Strategy::Thermostrat));
        assert!("minimax".parse::<Strategy>().unwrap_err().to_string().contains("expected greedy"));
    }

    /// Exact play gets VL against itself and at least VL against anything
    /// (at most, for Right); every strategy plays legal games to the end.
    #[test]
    fn exact_play_guarantees_the_stops() {
        let mut rng = SplitMix64::new(21);
        for _ in 0..150 {
            let (texts, g) = random_sum(&mut rng, 4, 3);
            let v = sum_value(&g, g.components(), usize::MAX);
            let (vl, vr) = (v.vl.value.lo, v.vr.value.lo);
            assert_eq!(play(&g, g.components(), Strategy::Exact, Strategy::Exact, Side::Left, usize::MAX).score, vl, "{texts:?}");
            assert_eq!(play(&g, g.components(), Strategy::Exact, Strategy::Exact, Side::Right, usize::MAX).score, vr, "{texts:?}");
            for s in Strategy::ALL {
                assert!(play(&g, g.components(), Strategy::Exact, s, Side::Left, usize::MAX).score >= vl, "{texts:?} {s}");
                assert!(play(&g, g.components(), s, Strategy::Exact, Side::Right, usize::MAX).score <= vr, "{texts:?} {s}");
                let p = play(&g, g.components(), s, s, Side::Left, usize::MAX);
                assert!(p.moves.iter().enumerate().all(|(k, m)| m.side == Side::from_left(k % 2 == 0)));
            }
        }
    }
}
