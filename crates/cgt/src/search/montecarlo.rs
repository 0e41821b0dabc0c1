//! Monte Carlo players for games played to the end (Koene 2024, sections
//! 2.3 and 4.1). Normal play: a player with no
//! move loses. Seeded and reproducible: the same config on the same position
//! gives the same move. Win rates are statistics, so floats are fine here.
//!
//! - **Pure Monte Carlo**: every legal move gets `iterations` uniformly
//!   random games; the move with the best win rate is played. No tree.
//! - **UCT**: selection by `X_j + Cp * sqrt(2 ln n / n_j)` (`Cp = sqrt 2`),
//!   unvisited children first, expansion of one random untried child, a
//!   random playout, win/loss back-propagated; after `iterations` the most
//!   visited move is played.
//!
//! The Scale Method plays hundreds of thousands of such searches, so the
//! engine allocates nothing per playout: games implement [`Playable`] with
//! moves written into a reused buffer, a direct uniform random move, and
//! play in place; the UCT tree lives in a reusable [`UctScratch`].

use crate::rng::SplitMix64;
use crate::side::Side;

/// A game with alternating moves, from either side's point of view.
pub trait Playable: Clone {
    type Move: Copy + PartialEq;
    /// Appends `side`'s moves to `out`.
    fn moves_into(&self, side: Side, out: &mut Vec<Self::Move>);
    /// The position after `side` plays `m`, in place.
    fn play_mut(&mut self, m: Self::Move, side: Side);
    /// A uniformly random move of [`Playable::moves_into`]'s, `None` if
    /// there is none. Games override it to skip building the list.
    fn random_move(&self, side: Side, rng: &mut SplitMix64) -> Option<Self::Move> {
        let mut v = Vec::new();
        self.moves_into(side, &mut v);
        if v.is_empty() {
            return None;
        }
        Some(v[rng.below(v.len() as u64) as usize])
    }
    /// The probability that the mover (`side`) wins a uniformly random
    /// playout from here, where the game knows it exactly (then a playout
    /// is one draw from that distribution: the same statistics, far
    /// cheaper). `None`: play the playout out.
    fn playout_odds(&self, _side: Side) -> Option<f64> {
        None
    }
    /// The moves as a new vector.
    fn moves(&self, side: Side) -> Vec<Self::Move> {
        let mut v = Vec::new();
        self.moves_into(side, &mut v);
        v
    }
    /// The position after `side` plays `m`.
    fn play(&self, m: Self::Move, side: Side) -> Self {
        let mut p = self.clone();
        p.play_mut(m, side);
        p
    }
}

/// A uniformly random game from `pos` with `side` to move: the winner (the
/// side left without a move loses).
pub fn random_playout<P: Playable>(pos: &P, side: Side, rng: &mut SplitMix64) -> Side {
    let mut p = pos.clone();
    random_playout_mut(&mut p, side, rng)
}

/// One playout's winner: drawn from the exact odds where the game has them,
/// else played out on a copy.
pub fn playout<P: Playable>(pos: &P, side: Side, rng: &mut SplitMix64) -> Side {
    match pos.playout_odds(side) {
        Some(p) if bernoulli(p, rng) => side,
        Some(_) => side.other(),
        None => random_playout(pos, side, rng),
    }
}

/// `true` with probability `p`.
fn bernoulli(p: f64, rng: &mut SplitMix64) -> bool {
    // 53 random bits against p: exact for every double in [0, 1].
    ((rng.next_u64() >> 11) as f64) < p * (1u64 << 53) as f64
}

/// As [`random_playout`], playing on `p` itself.
pub fn random_playout_mut<P: Playable>(p: &mut P, mut side: Side, rng: &mut SplitMix64) -> Side {
    loop {
        match p.random_move(side, rng) {
            None => return side.other(),
            Some(m) => p.play_mut(m, side),
        }
        side = side.other();
    }
}

/// Which Monte Carlo player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    Pure,
    Uct,
}

impl std::fmt::Display for Algo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Algo::Pure => "pure",
            Algo::Uct => "uct",
        })
    }
}

impl std::str::FromStr for Algo {
    type Err = String;
    fn from_str(s: &str) -> Result<Algo, String> {
        match s.to_ascii_lowercase().as_str() {
            "pure" | "pure-mc" | "mc" => Ok(Algo::Pure),
            "uct" => Ok(Algo::Uct),
            _ => Err(format!("unknown algorithm `{s}`: expected `pure` or `uct`")),
        }
    }
}

/// A player's budget and seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctConfig {
    /// UCT: tree iterations (each a selection, expansion and playout).
    /// Pure Monte Carlo: random games per legal move.
    pub iterations: u32,
    /// Exploration constant `Cp` (UCT only).
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
    /// Visits (UCT) or playouts (Pure) of the chosen move, and the mover's
    /// wins through it.
    pub visits: u32,
    pub wins: u32,
}

struct Node<P> {
    pos: P,
    /// Who moves here.
    side: Side,
    /// This node's moves in the scratch arena: `first..first + count`, the
    /// expanded ones first (each with its child node).
    first: u32,
    count: u32,
    expanded: u32,
    visits: u32,
}

/// A move out of a node, with its child's statistics kept beside it so that
/// selection reads one contiguous run of memory.
#[derive(Clone, Copy)]
struct Arc<M> {
    mv: M,
    child: u32,
    visits: u32,
    /// Wins of the player who made this move.
    wins: u32,
    /// `wins / visits` and `1 / sqrt(visits)` (visits at least 1), kept
    /// up to date so that selection is one multiply-add per move.
    mean: f64,
    inv_sqrt: f64,
}

/// The UCT tree's storage, reused from one search to the next.
pub struct UctScratch<P: Playable> {
    nodes: Vec<Node<P>>,
    arena: Vec<Arc<P::Move>>,
    buf: Vec<P::Move>,
    /// The nodes and arcs of the current iteration's path.
    path: Vec<u32>,
    arcs: Vec<u32>,
    /// Per visit count k: 1/k, 1/sqrt(k), sqrt(2 ln k).
    inv: Vec<f64>,
    inv_sqrt: Vec<f64>,
    root2ln: Vec<f64>,
}

impl<P: Playable> Default for UctScratch<P> {
    fn default() -> Self {
        UctScratch {
            nodes: Vec::new(),
            arena: Vec::new(),
            buf: Vec::new(),
            path: Vec::new(),
            arcs: Vec::new(),
            inv: Vec::new(),
            inv_sqrt: Vec::new(),
            root2ln: Vec::new(),
        }
    }
}

impl<P: Playable> UctScratch<P> {
    fn tables(&mut self, n: usize) {
        if self.inv.len() < n + 1 {
            let k = |i: usize| i.max(1) as f64;
            self.inv = (0..=n).map(|i| 1.0 / k(i)).collect();
            self.inv_sqrt = (0..=n).map(|i| 1.0 / k(i).sqrt()).collect();
            self.root2ln = (0..=n).map(|i| (2.0 * k(i).ln()).sqrt()).collect();
        }
    }
    fn push_node(&mut self, pos: P, side: Side) -> u32 {
        self.buf.clear();
        pos.moves_into(side, &mut self.buf);
        let first = self.arena.len() as u32;
        let count = self.buf.len() as u32;
        self.arena.extend(self.buf.iter().map(|&mv| Arc { mv, child: u32::MAX, visits: 0, wins: 0, mean: 0.0, inv_sqrt: 1.0 }));
        self.nodes.push(Node { pos, side, first, count, expanded: 0, visits: 0 });
        self.nodes.len() as u32 - 1
    }
}

/// The UCT player's move for `side` from `pos`; `None` without a move.
pub fn uct_move<P: Playable>(pos: &P, side: Side, cfg: UctConfig) -> Option<UctChoice<P::Move>> {
    uct_move_with(&mut UctScratch::default(), pos, side, cfg)
}

/// As [`uct_move`], with the tree's storage reused.
pub fn uct_move_with<P: Playable>(s: &mut UctScratch<P>, pos: &P, side: Side, cfg: UctConfig) -> Option<UctChoice<P::Move>> {
    let mut rng = SplitMix64::new(cfg.seed);
    s.tables(cfg.iterations.max(1) as usize + 1);
    s.nodes.clear();
    s.arena.clear();
    s.push_node(pos.clone(), side);
    if s.nodes[0].count == 0 {
        return None;
    }
    for _ in 0..cfg.iterations.max(1) {
        // Selection: down through fully expanded nodes by UCB1.
        s.path.clear();
        s.arcs.clear();
        s.path.push(0);
        let mut at = 0usize;
        loop {
            let n = &s.nodes[at];
            if n.count == 0 || n.expanded < n.count {
                break;
            }
            // cp * sqrt(2 ln n / n_j) = cp * sqrt(2 ln n) * (1 / sqrt n_j),
            // both factors from tables (visits never pass the iterations).
            let explore = cfg.cp * s.root2ln[n.visits.max(1) as usize];
            let mut best = (f64::NEG_INFINITY, 0u32);
            for k in n.first..n.first + n.count {
                let a = &s.arena[k as usize];
                let u = a.mean + explore * a.inv_sqrt;
                if u > best.0 {
                    best = (u, k);
                }
            }
            s.arcs.push(best.1);
            at = s.arena[best.1 as usize].child as usize;
            s.path.push(at as u32);
        }
        // Expansion: one random untried move.
        let n = &s.nodes[at];
        if n.expanded < n.count {
            let (first, expanded, count, mover) = (n.first, n.expanded, n.count, n.side);
            let k = first + expanded + rng.below(u64::from(count - expanded)) as u32;
            let slot = (first + expanded) as usize;
            s.arena.swap(slot, k as usize);
            let m = s.arena[slot].mv;
            let p = s.nodes[at].pos.play(m, mover);
            let c = s.push_node(p, mover.other());
            s.arena[slot].child = c;
            s.nodes[at].expanded += 1;
            s.arcs.push(slot as u32);
            at = c as usize;
            s.path.push(c);
        }
        // Playout, then back-propagation (an arc's wins are its mover's).
        let winner = playout(&s.nodes[at].pos, s.nodes[at].side, &mut rng);
        for &i in &s.path {
            s.nodes[i as usize].visits += 1;
        }
        for (j, &k) in s.arcs.iter().enumerate() {
            let mover = s.nodes[s.path[j] as usize].side;
            let a = &mut s.arena[k as usize];
            a.visits += 1;
            if mover == winner {
                a.wins += 1;
            }
            a.mean = f64::from(a.wins) * s.inv[a.visits as usize];
            a.inv_sqrt = s.inv_sqrt[a.visits as usize];
        }
    }
    let root = &s.nodes[0];
    let mut best: Option<Arc<P::Move>> = None;
    for k in root.first..root.first + root.expanded {
        let a = s.arena[k as usize];
        if best.is_none_or(|b| a.visits > b.visits) {
            best = Some(a);
        }
    }
    let a = best?;
    Some(UctChoice { mv: a.mv, visits: a.visits, wins: a.wins })
}

/// The Pure Monte Carlo player's move: each legal move followed by
/// `cfg.iterations` random games; the best win rate (the first such in move
/// order) is played.
pub fn pure_mc_move<P: Playable>(pos: &P, side: Side, cfg: UctConfig) -> Option<UctChoice<P::Move>> {
    let mut rng = SplitMix64::new(cfg.seed);
    let moves = pos.moves(side);
    let mut best: Option<UctChoice<P::Move>> = None;
    let n = cfg.iterations.max(1);
    for m in moves {
        let after = pos.play(m, side);
        let mut wins = 0;
        match after.playout_odds(side.other()) {
            Some(p) => {
                for _ in 0..n {
                    if !bernoulli(p, &mut rng) {
                        wins += 1;
                    }
                }
            }
            None => {
                for _ in 0..n {
                    let mut p = after.clone();
                    if random_playout_mut(&mut p, side.other(), &mut rng) == side {
                        wins += 1;
                    }
                }
            }
        }
        if best.as_ref().is_none_or(|b| wins > b.wins) {
            best = Some(UctChoice { mv: m, visits: n, wins });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 from a heap; both may move (impartial).
    #[derive(Clone, Debug, PartialEq)]
    struct Take(u32);
    impl Playable for Take {
        type Move = u32;
        fn moves_into(&self, _side: Side, out: &mut Vec<u32>) {
            out.extend((1..=2).filter(|&k| k <= self.0));
        }
        fn play_mut(&mut self, m: u32, _side: Side) {
            self.0 -= m;
        }
    }

    #[test]
    fn finds_the_winning_move_and_is_reproducible() {
        // From 7 the winning move leaves a multiple of 3: take 1.
        let cfg = UctConfig { iterations: 2000, ..UctConfig::default() };
        let a = uct_move(&Take(7), Side::Left, cfg).unwrap();
        assert_eq!(a.mv, 1);
        assert_eq!(uct_move(&Take(7), Side::Left, cfg).unwrap(), a, "same seed, same search");
        assert!(uct_move(&Take(0), Side::Left, cfg).is_none());
        // Pure Monte Carlo sees one move deep: from 4, taking 1 leaves 3
        // (a loss for the mover under perfect play, and more often under
        // random play too than 2 left).
        let p = pure_mc_move(&Take(4), Side::Left, cfg).unwrap();
        assert_eq!(p.mv, 1);
        assert_eq!(pure_mc_move(&Take(4), Side::Left, cfg).unwrap(), p, "seeded");
        assert!(pure_mc_move(&Take(0), Side::Left, cfg).is_none());
        // Playouts: from 0 the mover loses.
        let mut rng = SplitMix64::new(1);
        assert_eq!(random_playout(&Take(0), Side::Left, &mut rng), Side::Right);
        assert_eq!("UCT".parse::<Algo>(), Ok(Algo::Uct));
        assert!("mcts".parse::<Algo>().unwrap_err().contains("pure"));
    }
}
