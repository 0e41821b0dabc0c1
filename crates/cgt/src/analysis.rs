//! One-call summary of a game: what the CLI prints and the page shows.

use crate::game::{Arena, GameId};
use crate::notation::to_explicit;
use crate::numbers::Q;
use crate::thermograph::{thermograph_with_scaffolds, Scaffolds, Thermograph};

/// Everything the explorer reports about a game (all exact).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Explicit braces form, `None` when longer than the requested limit.
    pub explicit: Option<String>,
    pub thermograph: Thermograph,
    pub scaffolds: Option<Scaffolds>,
    pub nodes: usize,
    pub height: usize,
}

impl Analysis {
    pub fn of(arena: &Arena, root: GameId, max_text: usize) -> Analysis {
        let (thermograph, scaffolds) = thermograph_with_scaffolds(arena, root);
        Analysis {
            explicit: to_explicit(arena, root, max_text),
            thermograph,
            scaffolds,
            nodes: arena.reachable(root).len(),
            height: arena.height(root),
        }
    }
    pub fn mean(&self) -> &Q {
        self.thermograph.mean()
    }
    pub fn temperature(&self) -> &Q {
        self.thermograph.temperature()
    }
    pub fn left_stop(&self) -> Q {
        self.thermograph.left_stop()
    }
    pub fn right_stop(&self) -> Q {
        self.thermograph.right_stop()
    }
    pub fn is_number(&self) -> bool {
        self.thermograph.is_number()
    }
}
