//! Searches over game trees too big to expand.
//!
//! - [`mt`]: MT-search's explored tree and its bounds of mean and temperature
//!   (seed 000)

pub mod mt;
