//! Rulesets: concrete games whose positions turn into game values.
//!
//! - [`hackenbush`]: Blue-Red-Green Hackenbush (classical and Two-Move rules)

pub mod hackenbush;
