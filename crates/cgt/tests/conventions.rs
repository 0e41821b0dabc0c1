//! A ruleset states its play convention and whether it is impartial; the
//! engines read it: normal play is valued, misère play is refused with its
//! reason (a misère position is not the sum of its parts), never given a
//! normal-play value.

use cgt::canonical::Canon;
use cgt::rulesets::engine::{EngineError, Solver};
use cgt::rulesets::{Convention, Ruleset};
use cgt::side::Side;
use std::fmt;

/// One Nim heap, under misère play when `MISERE`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Heap<const MISERE: bool>(u8);

#[derive(Clone, Debug, PartialEq)]
struct NotAHeap;

impl fmt::Display for NotAHeap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a heap size")
    }
}

impl std::error::Error for NotAHeap {}

impl<const MISERE: bool> fmt::Display for Heap<MISERE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl<const MISERE: bool> Ruleset for Heap<MISERE> {
    type Move = u8;
    type Error = NotAHeap;
    const NAME: &'static str = "nim heap";
    const CONVENTION: Convention = if MISERE { Convention::Misere } else { Convention::Normal };
    const IMPARTIAL: bool = true;
    fn parse(text: &str) -> Result<Self, NotAHeap> {
        text.parse().map(Heap).map_err(|_| NotAHeap)
    }
    /// Take 1..=n counters (the same for both sides: impartial).
    fn moves(&self, _side: Side) -> Vec<u8> {
        (1..=self.0).collect()
    }
    fn play(&self, _side: Side, m: u8) -> Option<Self> {
        (1..=self.0).contains(&m).then(|| Heap(self.0 - m))
    }
    fn size(&self) -> usize {
        self.0 as usize
    }
}

#[test]
fn a_normal_play_heap_is_its_nimber() {
    let mut s: Solver<Heap<false>> = Solver::new(1000);
    for n in 0..6u8 {
        let v = s.value(&Heap(n)).expect("normal play is valued");
        let mut c = Canon::new();
        let want = c.nimber(n as usize);
        assert_eq!(s.canon().name(v), c.name(want), "heap {n}");
    }
}

#[test]
fn misere_play_is_refused_with_its_reason() {
    let mut s: Solver<Heap<true>> = Solver::new(1000);
    for n in [0u8, 1, 3] {
        match s.value(&Heap(n)) {
            Err(EngineError::Refused { reason }) => assert!(reason.contains("misère play"), "{reason}"),
            other => panic!("heap {n} under misère play: expected a refusal, got {other:?}"),
        }
        assert!(matches!(s.thermograph_direct(&Heap(n)), Err(EngineError::Refused { .. })));
    }
    assert_eq!(Convention::Misere.name(), "misère play");
    assert!(Convention::Scored.is_scored() && !Convention::Normal.is_scored());
}
