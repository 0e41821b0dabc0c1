//! MT-search's URL state: the source (`mt=fig7`, `mt=tree`, else a heap-go
//! sum), its own heap-go sum (`h`, heap-go's key read here too), branch
//! order (`ord`), seed, paths added (`n`), and its own game for `mt=tree`
//! (`g`, the explorer's key read here too; always written, as before the
//! split, so a link keeps the typed game however the source is set).
//! Unknown or malformed values fall back to defaults: a link is user input.

use crate::heaps::DEFAULT_HEAPS;
use crate::pages::{cut, cut_note, MAX_TEXT};
use crate::presets::DEFAULT_GAME;

/// What the MT-search page runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MtSource {
    #[default]
    HeapGo,
    Figure7,
    /// A game typed in the explorer's notation (`g=`).
    Tree,
}

impl MtSource {
    /// The value of `mt=` (`heapgo` is the default and never written).
    pub fn key(self) -> &'static str {
        match self {
            MtSource::HeapGo => "heapgo",
            MtSource::Figure7 => "fig7",
            MtSource::Tree => "tree",
        }
    }
}

/// What the MT-search page runs and how far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MtSearchState {
    pub source: MtSource,
    /// The heap-go sum searched (`MtSource::HeapGo`).
    pub heaps: String,
    /// The typed game searched (`MtSource::Tree`).
    pub game: String,
    /// Branch order (a `BranchOrder` key; an unknown one means the default).
    pub order: String,
    pub seed: u64,
    /// Paths added (a link replays the run to this point).
    pub nodes: usize,
}

impl Default for MtSearchState {
    fn default() -> Self {
        MtSearchState {
            source: MtSource::HeapGo,
            heaps: DEFAULT_HEAPS.to_string(),
            game: DEFAULT_GAME.to_string(),
            order: "temperature".to_string(),
            seed: 0,
            nodes: 0,
        }
    }
}

impl MtSearchState {
    /// The keys MT-search reads and writes (`g` is also the explorer's,
    /// `h` also heap-go's: see [`crate::pages`]).
    pub const KEYS: &'static [&'static str] = &["g", "mt", "h", "ord", "seed", "n"];

    /// From decoded query pairs; other pages' keys are ignored, anything
    /// missing or malformed keeps its default.
    pub fn from_pairs<I, K, V>(pairs: I) -> MtSearchState
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut st = MtSearchState::default();
        for (k, v) in pairs {
            let v = v.as_ref();
            match k.as_ref() {
                "g" => st.game = v.to_string(),
                "h" => st.heaps = cut(v, MAX_TEXT),
                "ord" => st.order = cut(v, 20),
                "seed" => st.seed = v.parse().unwrap_or(0),
                "n" => st.nodes = v.parse().unwrap_or(0),
                "mt" => {
                    st.source = match v {
                        "fig7" => MtSource::Figure7,
                        "tree" => MtSource::Tree,
                        _ => MtSource::HeapGo,
                    }
                }
                _ => {}
            }
        }
        st
    }

    /// What is wrong with `v` as the value of `key` and what the page
    /// shows instead (see `ExplorerState::check`).
    pub fn check(key: &str, v: &str) -> Option<String> {
        match key {
            "mt" if !matches!(v, "" | "heapgo" | "fig7" | "tree") => Some("is not heapgo, fig7 or tree: a heap-go sum is searched".into()),
            "h" => cut_note(v, MAX_TEXT),
            "ord" if !v.is_empty() && v.parse::<cgt::rulesets::heapgo::BranchOrder>().is_err() => {
                Some("is not a branch order (temperature, random, shuffled or heaps): hottest heap first".into())
            }
            "seed" if !v.is_empty() && v.parse::<u64>().is_err() => Some("is not a seed (a whole number from 0): seed 0".into()),
            "n" if !v.is_empty() && v.parse::<usize>().is_err() => Some("is not a number of paths: no path added".into()),
            _ => None,
        }
    }

    /// The query pairs: the game, then what the source needs (Figure 7
    /// has no sum, order or seed), then the paths added when any.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![("g", self.game.clone())];
        match self.source {
            MtSource::Figure7 => out.push(("mt", "fig7".to_string())),
            MtSource::Tree => {
                out.push(("mt", "tree".to_string()));
                out.push(("seed", self.seed.to_string()));
            }
            MtSource::HeapGo => {
                out.push(("h", self.heaps.clone()));
                out.push(("ord", self.order.clone()));
                out.push(("seed", self.seed.to_string()));
            }
        }
        if self.nodes > 0 {
            out.push(("n", self.nodes.to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_round_trips_with_only_its_own_keys() {
        let mt = MtSearchState { order: "random".into(), seed: 7, nodes: 40, ..MtSearchState::default() };
        let fig = MtSearchState { source: MtSource::Figure7, nodes: 3, ..MtSearchState::default() };
        let tree = MtSearchState { source: MtSource::Tree, game: "{4|0}".into(), seed: 2, ..MtSearchState::default() };
        for st in [&mt, &fig, &tree] {
            let pairs = st.to_pairs();
            assert!(pairs.iter().all(|(k, _)| MtSearchState::KEYS.contains(k)), "{pairs:?}");
            assert_eq!(&MtSearchState::from_pairs(pairs), st);
        }
        // Figure 7 writes neither sum nor order nor seed.
        assert_eq!(fig.to_pairs().iter().map(|p| p.0).collect::<Vec<_>>(), ["g", "mt", "n"]);
    }

    #[test]
    fn reads_only_its_own_keys() {
        let st = MtSearchState::from_pairs([("page", "heapgo"), ("mv", "L0"), ("node", "L0"), ("sz", "0"), ("h", "b2"), ("g", "*")]);
        assert_eq!(st, MtSearchState { heaps: "b2".into(), game: "*".into(), ..MtSearchState::default() });
    }

    #[test]
    fn malformed_values_fall_back() {
        let bad = MtSearchState::from_pairs([("seed", "x"), ("n", "-3"), ("mt", "fig8"), ("ord", &"o".repeat(50)[..])]);
        assert_eq!((bad.seed, bad.nodes, bad.source), (0, 0, MtSource::HeapGo));
        assert_eq!(bad.order.len(), 20);
    }
}
