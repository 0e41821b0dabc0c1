//! B* search over a sum (seed 001 section 5.2).
