//! Strategies for playing a sum (seed 004).
