//! Test helpers shared by the MT-search suites: random game trees as
//! nested option lists, as arena games and as an `MtGame` application.
#![allow(dead_code)]

use cgt::game::{Arena, GameId};
use cgt::numbers::ExtQ;
use cgt::rng::SplitMix64;
use cgt::search::mt::Side;
use cgt::Q;

/// A random tree as nested option lists (leaves integers), with every node
/// addressed by its path.
#[derive(Clone, Debug)]
pub enum T {
    Leaf(i64),
    Node(Vec<T>, Vec<T>),
}

pub fn random(rng: &mut SplitMix64, depth: u32) -> T {
    random_with(rng, depth, 2)
}

/// A random tree with up to `most` options a side.
pub fn random_with(rng: &mut SplitMix64, depth: u32, most: u64) -> T {
    if depth == 0 || rng.below(4) == 0 {
        return T::Leaf(rng.below(41) as i64 - 20);
    }
    let mut side = || (0..rng.below(most + 1)).map(|_| random_with(rng, depth - 1, most)).collect::<Vec<_>>();
    let (l, r) = (side(), side());
    if l.is_empty() && r.is_empty() {
        return T::Leaf(rng.below(41) as i64 - 20);
    }
    T::Node(l, r)
}

pub fn to_arena(t: &T, arena: &mut Arena) -> GameId {
    match t {
        T::Leaf(v) => arena.number(Q::from_int(*v)).unwrap(),
        T::Node(l, r) => {
            let l: Vec<GameId> = l.iter().map(|c| to_arena(c, arena)).collect();
            let r: Vec<GameId> = r.iter().map(|c| to_arena(c, arena)).collect();
            arena.options(&l, &r).unwrap()
        }
    }
}

/// A random tree `T` as an application for the engine.
pub struct TreeGame(pub T);

impl cgt::search::mt::MtGame for TreeGame {
    type Node = T;
    fn root(&self) -> T {
        self.0.clone()
    }
    fn child(&self, node: &T, side: Side, k: u32) -> Option<T> {
        match node {
            T::Leaf(_) => None,
            T::Node(l, r) => (if side == Side::Left { l } else { r }).get(k as usize - 1).cloned(),
        }
    }
    fn value(&self, node: &T) -> Option<Q> {
        match node {
            T::Leaf(v) => Some(Q::from_int(*v)),
            T::Node(..) => None,
        }
    }
}

/// `x` lies in the closed interval `b`.
pub fn contains(b: &(ExtQ, ExtQ), x: &Q) -> bool {
    let x = ExtQ::Finite(x.clone());
    b.0 <= x && x <= b.1
}
