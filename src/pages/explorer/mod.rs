//! The Thermograph Explorer (`?page=explorer`, the default page): type a
//! game or a sum; read its thermograph, exact readouts, value and game
//! tree; build the thermograph step by step.
//!
//! - [`state`]: the page's URL keys (`g`, `sz`, `node`, `build`, `cool`)
//! - [`model`]: the analysed game ([`model::Explored`]), the value and
//!   pointer readouts, the error snippet, what the construction builds
//!   (pure, natively tested)
//! - [`jobs`]: the algebra card of a large form, as a worker job
//! - [`loopy`]: what the page shows of a loopy game typed in (`{0|pass}`)
//! - [`stepper`]: the construction's step controls and their ends (pure)
//! - [`algebra`]: the algebra card's data: reduced form, incentives,
//!   orthodox moves, atomic weight, cooling, chill and warm (pure)
//! - [`signals`] (wasm32 only): the state as signals, from the shell
//! - `view` (wasm32 only): the page's Leptos components
//! - `construct` (wasm32 only): "Build it step by step", the construction
//!   panel under the picture
//! - `algebra_view` (wasm32 only): the algebra card with the cooling slider
//! - `tree` (wasm32 only): the collapsible game tree beside the picture

pub mod algebra;
pub mod jobs;
pub mod loopy;
pub mod model;
pub mod signals;
pub mod state;
pub mod stepper;

#[cfg(target_arch = "wasm32")]
pub mod algebra_view;
#[cfg(target_arch = "wasm32")]
pub mod construct;
#[cfg(target_arch = "wasm32")]
pub mod tree;
#[cfg(target_arch = "wasm32")]
pub mod view;
