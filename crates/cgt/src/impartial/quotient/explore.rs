//! The check behind every step: a candidate monoid model is proven to give
//! the outcome of every position, or a position where it fails is found.
//!
//! A *model* is a finite commutative monoid `M` with an image `Φ(h)` for
//! each heap. A position (a multiset of heaps) maps to the product of its
//! heaps' images. The model is *correct* when the misère outcome of every
//! position is a function of its image. We check this without bounding the
//! positions, on the *option automaton*: the state of a position `X` is
//! `(Φ(X), O(X))`, where `O(X)` is the set of images of its options. Since
//! the options of `X + h` are the options of `X` plus `h` and `X` plus the
//! options of `h`,
//!
//! ```text
//! Φ(X + h) = Φ(X) Φ(h),     O(X + h) = Φ(h) O(X)  ∪  Φ(X) L(h),
//! ```
//!
//! where `L(h)` is the set of images of the positions a heap `h` may be
//! moved to. The state of `X + h` depends on the state of `X` and `h`
//! only, and there are finitely many states, so all states of all
//! positions are found by a search from the empty position. A position is a
//! misère P-position exactly when it has an option and none of its options
//! is a P-position. Searching in order of the number of tokens (a
//! position's options have fewer), each state's outcome follows from the
//! outcomes already given to the images in `O`; the first state reaching
//! an image gives the image its outcome, and every later state with that
//! image must agree. If they all agree, induction on the number of tokens
//! proves the model correct for every position; if not, the search stops
//! at a position whose outcome the model gets wrong.
//!
//! The misère quotient is then the model's image divided by the
//! indistinguishability relation (`x ~ y` iff `xz ∈ P ⇔ yz ∈ P` for every
//! `z`), computed as a minimal automaton by partition refinement (Moore
//! 1956): two elements are told apart by some `z` iff they are by a
//! product of generators, one generator at a time.

use hashbrown::HashTable;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{BuildHasher, Hash, Hasher};

/// A finite commutative monoid as a multiplication table, with its
/// P-portion: element 0 is the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    pub order: usize,
    /// `mul[x * order + y]`.
    pub mul: Vec<u32>,
    pub p: Vec<bool>,
}

impl Table {
    /// The quotient of the empty set of heaps: the empty position alone,
    /// an N-position in misère play (whoever is to move has no move, and
    /// wins).
    pub fn trivial() -> Table {
        Table { order: 1, mul: vec![0], p: vec![false] }
    }

    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.mul[x as usize * self.order + y as usize]
    }
}

/// The model searched: the known quotient `Q` times a cyclic monoid
/// `⟨g | g^(index + period) = g^index⟩` for a new heap (`index = 0,
/// period = 1`: the trivial monoid, when the new heap is given an element of
/// `Q`). Element `(q, g^i)` is numbered `q * (index + period) + i`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Product<'a> {
    pub q: &'a Table,
    pub index: u32,
    pub period: u32,
}

impl Product<'_> {
    pub fn width(&self) -> u32 {
        self.index + self.period
    }
    pub fn size(&self) -> usize {
        self.q.order * self.width() as usize
    }
    /// The element `(q, g^i)`.
    pub fn elem(&self, q: u32, i: u32) -> u32 {
        q * self.width() + i
    }
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        let w = self.width();
        let (qx, ix) = (x / w, x % w);
        let (qy, iy) = (y / w, y % w);
        let mut i = ix + iy;
        if i >= w {
            i = self.index + (i - self.index) % self.period;
        }
        self.q.mul(qx, qy) * w + i
    }
}

/// Heaps that move alike: the same image and the same images of the
/// positions they may be moved to. `heap` is the smallest such heap.
#[derive(Clone, Debug)]
pub(crate) struct HeapType {
    pub heap: usize,
    pub elem: u32,
    /// Sorted, without repeats.
    pub leaves: Vec<u32>,
}

/// Why a model was not proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The model gives this position (its heaps, smallest first) the wrong
    /// outcome: another position with the same image has the other one.
    Wrong { position: Vec<usize> },
    /// The work budget ran out.
    Work,
    /// The states would take more than the memory allowed.
    Memory,
}

/// A correct model's image: each element reached (the identity first, then
/// in order of the fewest tokens of a position reaching it), whether it is
/// a P-position, and a position of fewest tokens reaching it.
#[derive(Clone, Debug)]
pub(crate) struct Image {
    pub elems: Vec<u32>,
    pub p: Vec<bool>,
    pub witness: Vec<Vec<usize>>,
    /// States searched.
    pub states: usize,
    /// The states themselves, when asked for (to refine the model).
    pub kept: Option<States>,
}

/// The states found: `(image, option images as bits)`, stored flat.
#[derive(Debug, Clone)]
pub(crate) struct States {
    words: usize,
    elem: Vec<u32>,
    bits: Vec<u64>,
    dist: Vec<u64>,
    /// The state and heap type it was first reached from with `dist`.
    parent: Vec<(u32, u32)>,
    done: Vec<bool>,
    index: HashTable<u32>,
}

fn hash_state(elem: u32, bits: &[u64]) -> u64 {
    let mut h = rustc_hash::FxBuildHasher.build_hasher();
    elem.hash(&mut h);
    bits.hash(&mut h);
    h.finish()
}

impl States {
    fn bits(&self, s: u32) -> &[u64] {
        let at = s as usize * self.words;
        &self.bits[at..at + self.words]
    }

    /// The state's number, and whether it is new.
    fn find_or_insert(&mut self, elem: u32, bits: &[u64], dist: u64, parent: (u32, u32)) -> (u32, bool) {
        let hash = hash_state(elem, bits);
        let (words, elems, store) = (self.words, &self.elem, &self.bits);
        if let Some(&s) = self.index.find(hash, |&s| elems[s as usize] == elem && &store[s as usize * words..(s as usize + 1) * words] == bits) {
            return (s, false);
        }
        let s = self.elem.len() as u32;
        self.elem.push(elem);
        self.bits.extend_from_slice(bits);
        self.dist.push(dist);
        self.parent.push(parent);
        self.done.push(false);
        let (words, elems, store) = (self.words, &self.elem, &self.bits);
        self.index.insert_unique(hash, s, |&t| hash_state(elems[t as usize], &store[t as usize * words..(t as usize + 1) * words]));
        (s, true)
    }

    /// The state `(elem, bits)`, if it was found.
    pub fn find(&self, elem: u32, bits: &[u64]) -> Option<u32> {
        let hash = hash_state(elem, bits);
        let words = self.words;
        self.index.find(hash, |&s| self.elem[s as usize] == elem && &self.bits[s as usize * words..(s as usize + 1) * words] == bits).copied()
    }

    fn position(&self, mut s: u32, types: &[HeapType]) -> Vec<usize> {
        let mut heaps = Vec::new();
        while s != 0 {
            let (from, t) = self.parent[s as usize];
            heaps.push(types[t as usize].heap);
            s = from;
        }
        heaps.sort_unstable();
        heaps
    }
}

fn set(bits: &mut [u64], x: u32) {
    bits[x as usize / 64] |= 1 << (x % 64);
}

fn ones(bits: &[u64]) -> impl Iterator<Item = u32> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            Some(w as u32 * 64 + b)
        })
    })
}

/// Searches every state of `model` under the heap types `types`, giving
/// each image its outcome and checking that every state agrees (see the
/// module docs). `work` is decreased by one per option image computed;
/// `max_words` bounds the memory of the states (in 64-bit words).
pub(crate) fn explore(model: &Product, types: &[HeapType], work: &mut u64, max_words: usize, keep: bool) -> Result<Image, Failure> {
    let size = model.size();
    let words = size.div_ceil(64).max(1);
    let mut states = States { words, elem: Vec::new(), bits: Vec::new(), dist: Vec::new(), parent: Vec::new(), done: Vec::new(), index: HashTable::new() };
    // Per element of the model: 0 not reached yet, 1 an N-position, 2 a P-position.
    let mut outcome = vec![0u8; size];
    let mut p_bits = vec![0u64; words];
    let mut reached = vec![0u64; words];
    let mut image = Image { elems: Vec::new(), p: Vec::new(), witness: Vec::new(), states: 0, kept: None };
    let mut first_state = Vec::new();
    let empty = vec![0u64; words];
    states.find_or_insert(0, &empty, 0, (0, 0));
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, 0u32)));
    let mut next = vec![0u64; words];
    let mut bits = vec![0u64; words];
    while let Some(Reverse((dist, s))) = queue.pop() {
        if states.done[s as usize] || dist > states.dist[s as usize] {
            continue;
        }
        states.done[s as usize] = true;
        let elem = states.elem[s as usize];
        bits.copy_from_slice(states.bits(s));
        // Every option has fewer tokens, so its state was searched first
        // and its image has its outcome.
        debug_assert!(bits.iter().zip(&reached).all(|(&b, &r)| b & !r == 0));
        let has_option = bits.iter().any(|&b| b != 0);
        let to_p = bits.iter().zip(&p_bits).any(|(&b, &p)| b & p != 0);
        let is_p = has_option && !to_p;
        match outcome[elem as usize] {
            0 => {
                outcome[elem as usize] = if is_p { 2 } else { 1 };
                set(&mut reached, elem);
                if is_p {
                    set(&mut p_bits, elem);
                }
                image.elems.push(elem);
                image.p.push(is_p);
                first_state.push(s);
            }
            o if (o == 2) != is_p => return Err(Failure::Wrong { position: states.position(s, types) }),
            _ => {}
        }
        for (t, ty) in types.iter().enumerate() {
            let cost = bits.iter().map(|w| u64::from(w.count_ones())).sum::<u64>() + ty.leaves.len() as u64 + 1;
            if *work < cost {
                return Err(Failure::Work);
            }
            *work -= cost;
            next.iter_mut().for_each(|w| *w = 0);
            for o in ones(&bits) {
                set(&mut next, model.mul(ty.elem, o));
            }
            for &l in &ty.leaves {
                set(&mut next, model.mul(elem, l));
            }
            let to = model.mul(elem, ty.elem);
            let d = dist + ty.heap as u64;
            let (u, new) = states.find_or_insert(to, &next, d, (s, t as u32));
            if new {
                if states.bits.len() > max_words {
                    return Err(Failure::Memory);
                }
                queue.push(Reverse((d, u)));
            } else if d < states.dist[u as usize] && !states.done[u as usize] {
                states.dist[u as usize] = d;
                states.parent[u as usize] = (s, t as u32);
                queue.push(Reverse((d, u)));
            }
        }
    }
    image.witness = first_state.iter().map(|&s| states.position(s, types)).collect();
    image.states = states.elem.len();
    if keep {
        image.kept = Some(states);
    }
    Ok(image)
}

/// The indistinguishability classes of a correct model's image: `class[i]`
/// for `image.elems[i]`, numbered in order of first appearance (so the
/// identity, `elems[0]`, is class 0), and their number. `gens` are the
/// images of the heaps, which generate the image.
pub(crate) fn classes(model: &Product, image: &Image, gens: &[u32]) -> (Vec<u32>, usize) {
    let mut at = vec![u32::MAX; model.size()];
    for (i, &e) in image.elems.iter().enumerate() {
        at[e as usize] = i as u32;
    }
    // Products by each generator, as image indices.
    let step: Vec<Vec<u32>> = image.elems.iter().map(|&e| gens.iter().map(|&g| at[model.mul(e, g) as usize]).collect()).collect();
    let mut class: Vec<u32> = image.p.iter().map(|&p| u32::from(p)).collect();
    let mut count = 0;
    loop {
        // Renumber by (class, classes of the products) in order of first appearance.
        let mut seen: rustc_hash::FxHashMap<Vec<u32>, u32> = rustc_hash::FxHashMap::default();
        let mut next = Vec::with_capacity(class.len());
        for (i, row) in step.iter().enumerate() {
            let mut key = Vec::with_capacity(row.len() + 1);
            key.push(class[i]);
            key.extend(row.iter().map(|&j| class[j as usize]));
            let n = seen.len() as u32;
            next.push(*seen.entry(key).or_insert(n));
        }
        let new_count = seen.len();
        class = next;
        if new_count == count {
            return (class, count);
        }
        count = new_count;
    }
}

/// The quotient's table from the classes: each class multiplied through
/// its first member.
pub(crate) fn quotient_table(model: &Product, image: &Image, class: &[u32], count: usize) -> Table {
    let mut at = vec![u32::MAX; model.size()];
    for (i, &e) in image.elems.iter().enumerate() {
        at[e as usize] = i as u32;
    }
    let mut first = vec![u32::MAX; count];
    let mut p = vec![false; count];
    for (i, &c) in class.iter().enumerate() {
        if first[c as usize] == u32::MAX {
            first[c as usize] = image.elems[i];
            p[c as usize] = image.p[i];
        }
    }
    let mut mul = vec![0u32; count * count];
    for x in 0..count {
        for y in x..count {
            let e = model.mul(first[x], first[y]);
            let c = class[at[e as usize] as usize];
            mul[x * count + y] = c;
            mul[y * count + x] = c;
        }
    }
    Table { order: count, mul, p }
}

/// The *option monoid* of a correct model's states: a position's state
/// `(Φ(X), O(X))` multiplies as
///
/// ```text
/// (Φ(X), O(X)) (Φ(Y), O(Y)) = (Φ(X) Φ(Y), O(X) Φ(Y) ∪ Φ(X) O(Y)),
/// ```
///
/// the state of `X + Y`, so the states found form a commutative monoid
/// finer than the model. A new heap may tell apart positions the quotient
/// so far identifies (heap 9 of Kayles tells `5 + 5` from `2 + 2`); a
/// model built on this finer monoid can follow it. `None` past `max`
/// elements. Each state's outcome is its image's.
pub(crate) fn option_monoid(model: &Product, image: &Image, max: usize) -> Option<Table> {
    let states = image.kept.as_ref()?;
    let order = states.elem.len();
    if order > max {
        return None;
    }
    let mut p_of = vec![false; model.size()];
    for (i, &e) in image.elems.iter().enumerate() {
        p_of[e as usize] = image.p[i];
    }
    let p = states.elem.iter().map(|&e| p_of[e as usize]).collect();
    let words = states.words;
    let mut mul = vec![0u32; order * order];
    let mut bits = vec![0u64; words];
    for x in 0..order {
        for y in x..order {
            let (ex, ey) = (states.elem[x], states.elem[y]);
            bits.iter_mut().for_each(|w| *w = 0);
            for o in ones(&states.bits[x * words..(x + 1) * words]) {
                set(&mut bits, model.mul(o, ey));
            }
            for o in ones(&states.bits[y * words..(y + 1) * words]) {
                set(&mut bits, model.mul(ex, o));
            }
            // The state of a sum of two positions is a state of a position.
            let z = states.find(model.mul(ex, ey), &bits)?;
            mul[x * order + y] = z;
            mul[y * order + x] = z;
        }
    }
    Some(Table { order, mul, p })
}

/// The bits of a set of elements.
pub(crate) fn bits_of(size: usize, elems: &[u32]) -> Vec<u64> {
    let mut bits = vec![0u64; size.div_ceil(64).max(1)];
    for &e in elems {
        set(&mut bits, e);
    }
    bits
}
