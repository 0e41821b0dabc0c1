//! Monte Carlo players for games played to the end (seed 002 section 2.3,
//! `../shared/spec/hackenbush.md`): the UCT player — selection by
//! `X_j + Cp * sqrt(2 ln n / n_j)` (`Cp = sqrt 2` by default), unvisited
//! children first, expansion of one random untried child, a uniformly random
//! playout, win/loss back-propagated; after `iterations` the most visited
//! move is played. Seeded and reproducible: the same config on the same
//! position gives the same move. Normal play: a player with no move loses.
//! Win rates are statistics, so floats are fine here.

use crate::bench::SplitMix64;

/// A game with alternating moves, from either side's point of view.
pub trait Playable: Clone {
    type Move: Copy + PartialEq;
    /// The moves of Left (`left`) or Right.
    fn moves(&self, left: bool) -> Vec<Self::Move>;
    /// The position after `left` plays `m`.
    fn play(&self, m: Self::Move, left: bool) -> Self;
}

/// The UCT player's budget and seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctConfig {
    /// Tree iterations (each one a selection, expansion and playout).
    pub iterations: u32,
    /// Exploration constant `Cp`.
    pub cp: f64,
    pub seed: u64,
}

impl Default for UctConfig {
    fn default() -> UctConfig {
        UctConfig { iterations: 1000, cp: std::f64::consts::SQRT_2, seed: 2 }
    }
}

/// The chosen move and what the search saw of it.
#[derive(Clone, Debug, PartialEq)]
pub struct UctChoice<M> {
    pub mv: M,
    /// Visits of the chosen move and the mover's wins through it.
    pub visits: u32,
    pub wins: u32,
}

struct Node<P: Playable> {
    pos: P,
    /// Who moves here.
    left: bool,
    untried: Vec<P::Move>,
    children: Vec<(P::Move, usize)>,
    visits: u32,
    /// Wins of the player who moved INTO this node.
    wins: u32,
}

/// A uniformly random game from `pos` with `left` to move: `true` if Left
/// wins (the side left without a move loses).
pub fn random_playout<P: Playable>(pos: &P, mut left: bool, rng: &mut SplitMix64) -> bool {
    let mut p = pos.clone();
    loop {
        let ms = p.moves(left);
        if ms.is_empty() {
            return !left;
        }
        let m = ms[rng.below(ms.len() as u64) as usize];
        p = p.play(m, left);
        left = !left;
    }
}

/// The UCT player's move for `left` (Left) or Right from `pos`; `None`
/// without a move.
pub fn uct_move<P: Playable>(pos: &P, left: bool, cfg: UctConfig) -> Option<UctChoice<P::Move>> {
    let mut rng = SplitMix64::new(cfg.seed);
    let root_moves = pos.moves(left);
    if root_moves.is_empty() {
        return None;
    }
    let mut nodes: Vec<Node<P>> = vec![Node { pos: pos.clone(), left, untried: root_moves, children: vec![], visits: 0, wins: 0 }];
    for _ in 0..cfg.iterations.max(1) {
        // Selection: down through fully expanded nodes by UCB1.
        let mut path = vec![0usize];
        let mut at = 0usize;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let n = f64::from(nodes[at].visits.max(1));
            let (_, next) = nodes[at]
                .children
                .iter()
                .map(|&(_, c)| {
                    let ch = &nodes[c];
                    let nj = f64::from(ch.visits.max(1));
                    (f64::from(ch.wins) / nj + cfg.cp * (2.0 * n.ln() / nj).sqrt(), c)
                })
                .fold((f64::NEG_INFINITY, 0), |best, x| if x.0 > best.0 { x } else { best });
            at = next;
            path.push(at);
        }
        // Expansion: one random untried move.
        if !nodes[at].untried.is_empty() {
            let k = rng.below(nodes[at].untried.len() as u64) as usize;
            let m = nodes[at].untried.swap_remove(k);
            let (p, l) = (nodes[at].pos.play(m, nodes[at].left), !nodes[at].left);
            let untried = p.moves(l);
            nodes.push(Node { pos: p, left: l, untried, children: vec![], visits: 0, wins: 0 });
            let c = nodes.len() - 1;
            nodes[at].children.push((m, c));
            at = c;
            path.push(at);
        }
        // Playout, then back-propagation (a node's wins are its mover's).
        let left_won = random_playout(&nodes[at].pos, nodes[at].left, &mut rng);
        for &i in &path {
            let node = &mut nodes[i];
            node.visits += 1;
            let mover_was_left = !node.left;
            if mover_was_left == left_won {
                node.wins += 1;
            }
        }
    }
    let &(mv, c) = nodes[0].children.iter().max_by_key(|&&(_, c)| nodes[c].visits)?;
    Some(UctChoice { mv, visits: nodes[c].visits, wins: nodes[c].wins })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 from a heap; both may move (impartial).
    #[derive(Clone, Debug, PartialEq)]
    struct Take(u32);
    impl Playable for Take {
        type Move = u32;
        fn moves(&self, _left: bool) -> Vec<u32> {
            (1..=2).filter(|&k| k <= self.0).collect()
        }
        fn play(&self, m: u32, _left: bool) -> Take {
            Take(self.0 - m)
        }
    }

    #[test]
    fn finds_the_winning_move_and_is_reproducible() {
        // From 7 the winning move leaves a multiple of 3: take 1.
        let cfg = UctConfig { iterations: 2000, ..UctConfig::default() };
        let a = uct_move(&Take(7), true, cfg).unwrap();
        assert_eq!(a.mv, 1);
        assert_eq!(uct_move(&Take(7), true, cfg).unwrap(), a, "same seed, same search");
        assert!(uct_move(&Take(0), true, cfg).is_none());
        // Playouts: from 0 the mover loses.
        let mut rng = SplitMix64::new(1);
        assert!(!random_playout(&Take(0), true, &mut rng));
    }
}
