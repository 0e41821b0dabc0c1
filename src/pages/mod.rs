//! Pages built as wings: each page in its own directory with its URL state
//! (only its keys), its pure model (natively tested) and its view (wasm32
//! only). The shell (`crate::state`, `crate::web::app`) holds one value of
//! the page's state and one match arm.
//!
//! - [`game`]: the generic board page (`?page=game`): any registered
//!   ruleset on a board, Domineering with its own renderer

pub mod game;
