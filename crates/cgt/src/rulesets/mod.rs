//! Rulesets: concrete games whose positions turn into game values.
//!
//! - [`hackenbush`]: Blue-Red-Green Hackenbush (classical and Two-Move rules)
//! - [`heapgo`]: heap-go (seed 000): sums of heaps of weighted counters

pub mod hackenbush;
pub mod heapgo;
