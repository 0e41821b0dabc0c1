//! Searches over game trees too big to expand.
//!
//! - [`mt`]: MT-search's explored tree and its bounds of mean and temperature
//!   (Kao et al. 2012)
//! - [`montecarlo`]: Monte Carlo players (Pure Monte Carlo, UCT, random
//!   playouts) for games played to the end (Koene 2024)
//! - [`tds`]: Temperature Discovery Search (Müller, Enzenberger and
//!   Schaeffer 2004): mean and temperature by minimax beside a coupon stack

pub mod montecarlo;
pub mod mt;
pub mod tds;
