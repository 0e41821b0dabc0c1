//! The MT-search page's logic, as plain data (tested natively): a run of
//! the engine on a heap-go sum, a typed game or the replay of Kao et al.'s (2012)
//! Figure 7, one path at a time, with the history of the bounds for the
//! plot; what the page shows of it ([`Summary`], [`exact_line`]) and the
//! explored tree's layout ([`MtRun::tree_view`]).

use super::state::{MtSearchState, MtSource};
use cgt::notation::{GameTree, ParseLimits};
use cgt::numbers::{ExtQ, Q};
use cgt::rulesets::heapgo::{BranchOrder, HeapGo, HeapGoTree};
use cgt::search::mt::watch::BoundsWatch;
use cgt::search::mt::{Bounds, Estimate, ModelWalls, MtConfig, MtEngine, MtTree, Outcome, Path};
use cgt::side::Side;
use cgt::thermograph::Thermograph;
use cgt_draw::mt::HistoryRow;

/// Figure 7 of Kao et al. (2012): the 8 paths and values, in order.
pub const FIGURE_7: [(&str, i64); 8] = [("L1R1L1", 8), ("R1L1", -2), ("R2L1", 2), ("R1R1L1", -10), ("L2R1", -2), ("L1L1", 16), ("R1R1R1", -16), ("L1R1R1", 2)];

/// Most paths a page run adds (the URL's `n` is capped to it).
pub const MAX_PAGE_NODES: usize = 20_000;

/// The page's label for a branch order.
pub fn order_label(o: BranchOrder) -> &'static str {
    match o {
        BranchOrder::Temperature => "hottest heap first (Table 6)",
        BranchOrder::Random => "random (Table 5)",
        BranchOrder::Heaps => "as written",
        BranchOrder::Shuffled => "random at every position",
    }
}

/// The application the engine explores.
enum App {
    Heap(HeapGoTree<'static>),
    Tree(GameTree),
}

enum Driver {
    Engine { engine: Box<MtEngine>, app: App },
    Replay { tree: MtTree, next: usize },
}

/// One added path as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    pub path: String,
    pub value: String,
}

/// A run in progress.
pub struct MtRun {
    driver: Driver,
    exact: Option<Thermograph>,
    history: Vec<HistoryRow>,
    added: Vec<Added>,
    /// The walls before the last explained step (upper, lower).
    previous: Option<(ModelWalls, ModelWalls)>,
    /// The bounds before and after the last path added (the caption's
    /// change): `[None, Some(now)]` before the first.
    recent: [Option<Bounds>; 2],
    /// The estimate last computed (`summary` with `fresh_estimate` off
    /// shows it again, moved into the current bounds).
    last_estimate: Option<Estimate>,
    /// The paper's bounds and the sound ones watched path by path: when
    /// they met, and where the paper's left the exact values out.
    watch: [BoundsWatch; 2],
}

fn f(x: &ExtQ) -> Option<f64> {
    x.finite().map(|q| q.to_f64())
}

impl MtRun {
    /// The engine on `g` (exact figures too when `g` is small enough).
    pub fn heapgo(g: &HeapGo, order: BranchOrder, seed: u64) -> MtRun {
        // A heap too large to rank exactly keeps the written order.
        let tree = HeapGoTree::ordered(g, order, seed, crate::heaps::MAX_POSITIONS).unwrap_or_else(|_| HeapGoTree::new(g)).into_owned();
        let exact = g.analyse(crate::heaps::MAX_POSITIONS).ok().map(|a| a.thermograph);
        let engine = Box::new(MtEngine::new(MtConfig::with_seed(seed)));
        let mut r = MtRun {
            driver: Driver::Engine { engine, app: App::Heap(tree) },
            exact,
            history: vec![],
            added: vec![],
            previous: None,
            recent: [None, None],
            last_estimate: None,
            watch: Default::default(),
        };
        r.record();
        r
    }

    /// The engine on a typed game tree (numbers are its terminals).
    pub fn game(g: GameTree, seed: u64) -> MtRun {
        let exact = Some(g.thermograph());
        let engine = Box::new(MtEngine::new(MtConfig::with_seed(seed)));
        let mut r = MtRun {
            driver: Driver::Engine { engine, app: App::Tree(g) },
            exact,
            history: vec![],
            added: vec![],
            previous: None,
            recent: [None, None],
            last_estimate: None,
            watch: Default::default(),
        };
        r.record();
        r
    }

    /// Figure 7's replay (no exact figures: the paper does not give the game).
    pub fn figure_7() -> MtRun {
        let mut r = MtRun {
            driver: Driver::Replay { tree: MtTree::default(), next: 0 },
            exact: None,
            history: vec![],
            added: vec![],
            previous: None,
            recent: [None, None],
            last_estimate: None,
            watch: Default::default(),
        };
        r.record();
        r
    }

    fn tree(&self) -> &MtTree {
        match &self.driver {
            Driver::Engine { engine, .. } => engine.tree(),
            Driver::Replay { tree, .. } => tree,
        }
    }

    fn record(&mut self) {
        let b = self.bounds();
        let n = self.nodes();
        if n == 0 {
            let fresh = || self.exact.as_ref().map_or_else(BoundsWatch::default, |th| BoundsWatch::with_exact(th.mean().clone(), th.temperature().clone()));
            self.watch = [fresh(), fresh()];
        }
        let sound = self.sound_bounds();
        self.watch[0].observe(n, &b);
        self.watch[1].observe(n, &sound);
        self.history.push((n, [f(&b.mean.0), f(&b.mean.1), f(&b.temperature.0), f(&b.temperature.1)]));
        self.recent = [self.recent[1].take(), Some(b)];
    }

    /// What the run shows now, in words: the last path added and what it
    /// changed in the bounds (whether Step, Play or a link added it), or
    /// that no path is added yet.
    pub fn caption(&self) -> String {
        match (self.added.last(), &self.recent) {
            (Some(a), [Some(before), Some(after)]) => {
                let mut c = step_caption(self.nodes(), a, before, after);
                if self.previous.is_some() {
                    c.push_str(" Faint lines: the walls before this path.");
                }
                c
            }
            (_, [_, Some(now)]) => format!(
                "No path yet: the mean lies in {}, the temperature in {}. Step adds one path and says what it changed.",
                interval(&now.mean),
                interval(&now.temperature)
            ),
            _ => String::new(),
        }
    }

    /// Add one path (NOT_EXISTS answers on the way are taken in the same
    /// step). `false` when there is nothing more to add.
    pub fn step(&mut self) -> bool {
        self.previous = None;
        // "No such option" answers change the bounds too (the last one can
        // close the tree): the watch sees them even when no path follows.
        let mut probed = false;
        let added = match &mut self.driver {
            Driver::Engine { engine, app } => loop {
                let step = match app {
                    App::Heap(t) => engine.step(t),
                    App::Tree(t) => engine.step(t),
                };
                match step {
                    None => break None,
                    Some(Err(_)) => break None,
                    Some(Ok(s)) => {
                        if let Outcome::Terminal(p, v) = s.outcome {
                            break Some(Added { path: p.to_string(), value: v.to_string() });
                        }
                        probed = true;
                    }
                }
            },
            Driver::Replay { tree, next } => {
                let Some((p, v)) = FIGURE_7.get(*next) else { return false };
                let path: Path = p.parse().expect("Figure 7 paths are well formed");
                if tree.add_node(&path, Q::from_int(*v)).is_err() {
                    return false;
                }
                *next += 1;
                Some(Added { path: p.to_string(), value: v.to_string() })
            }
        };
        match added {
            Some(a) => {
                self.added.push(a);
                self.record();
                true
            }
            None => {
                if probed {
                    let (n, b, sound) = (self.nodes(), self.bounds(), self.sound_bounds());
                    self.watch[0].observe(n, &b);
                    self.watch[1].observe(n, &sound);
                }
                false
            }
        }
    }

    /// One step that keeps the walls before it for the picture (the page's
    /// Step button), and the [`MtRun::caption`] after it (`None` at the end).
    pub fn step_explained(&mut self) -> Option<String> {
        let walls = self.walls();
        if !self.step() {
            return None;
        }
        self.previous = Some(walls);
        Some(self.caption())
    }

    /// Steps until `n` paths are added, the run ends, or `max_steps` steps.
    pub fn advance_to(&mut self, n: usize, max_steps: usize) {
        let mut k = 0;
        while self.nodes() < n.min(MAX_PAGE_NODES) && k < max_steps && self.step() {
            k += 1;
        }
    }

    pub fn nodes(&self) -> usize {
        match &self.driver {
            Driver::Engine { engine, .. } => engine.nodes(),
            Driver::Replay { next, .. } => *next,
        }
    }
    pub fn probes(&self) -> usize {
        match &self.driver {
            Driver::Engine { engine, .. } => engine.probes(),
            Driver::Replay { .. } => 0,
        }
    }
    pub fn finished(&self) -> bool {
        match &self.driver {
            Driver::Engine { engine, .. } => engine.is_solved() || engine.nodes() >= MAX_PAGE_NODES,
            Driver::Replay { next, .. } => *next >= FIGURE_7.len(),
        }
    }
    /// The bounds now (the engine recomputes only what the last path changed).
    pub fn bounds(&mut self) -> cgt::search::mt::Bounds {
        match &mut self.driver {
            Driver::Engine { engine, .. } => engine.bounds(),
            Driver::Replay { tree, .. } => tree.bounds(),
        }
    }
    /// The sound bounds (no assumption on the unexplored options: they
    /// hold under any branch order).
    pub fn sound_bounds(&mut self) -> cgt::search::mt::Bounds {
        match &mut self.driver {
            Driver::Engine { engine, .. } => engine.bounds_in(cgt::search::mt::BoundsModel::Sound),
            Driver::Replay { tree, .. } => tree.bounds_in(cgt::search::mt::BoundsModel::Sound),
        }
    }
    /// The engine's point estimates (a pass over the explored tree).
    pub fn estimate(&mut self) -> Option<Estimate> {
        match &mut self.driver {
            Driver::Engine { engine, .. } if engine.nodes() > 0 => Some(engine.estimate()),
            _ => None,
        }
    }
    pub fn walls(&mut self) -> (ModelWalls, ModelWalls) {
        match &mut self.driver {
            Driver::Engine { engine, .. } => engine.walls(),
            Driver::Replay { tree, .. } => tree.walls(),
        }
    }
    /// The walls before the last step, when it was an explained one.
    pub fn previous_walls(&self) -> Option<&(ModelWalls, ModelWalls)> {
        self.previous.as_ref()
    }
    pub fn exact(&self) -> Option<&Thermograph> {
        self.exact.as_ref()
    }
    pub fn history(&self) -> &[HistoryRow] {
        &self.history
    }
    /// At most about `max` rows of the history, evenly spaced, the last
    /// included (what a plot needs; drawing 20,000 rows per frame is not).
    pub fn history_sampled(&self, max: usize) -> Vec<HistoryRow> {
        let n = self.history.len();
        let step = n.div_ceil(max.max(1)).max(1);
        let mut out: Vec<HistoryRow> = self.history.iter().step_by(step).cloned().collect();
        if step > 1 {
            if let Some(last) = self.history.last() {
                out.push(*last);
            }
        }
        out
    }
    /// The paper's bounds' watch and the sound bounds' (`[paper, sound]`).
    pub fn watch(&self) -> &[BoundsWatch; 2] {
        &self.watch
    }
    /// Whether the bounds of `model` (0 the paper's, 1 sound) met just now,
    /// with the last path: where Play stops.
    pub fn met_just_now(&self, model: usize) -> bool {
        self.watch[model].met.as_ref().is_some_and(|m| m.at == self.nodes())
    }
    /// Every node explored (not only the page's limit reached).
    pub fn solved(&self) -> bool {
        match &self.driver {
            Driver::Engine { engine, .. } => engine.is_solved(),
            Driver::Replay { next, .. } => *next >= FIGURE_7.len(),
        }
    }
    /// Paths added, oldest first.
    pub fn added(&self) -> &[Added] {
        &self.added
    }
    /// Nodes in the explored tree (the root included).
    pub fn tree_size(&self) -> usize {
        self.tree().len()
    }

    /// A fresh run of what `st` names (its `nodes` not replayed), or why
    /// there is none: the parser's message, or an empty sum.
    pub fn from_state(st: &MtSearchState) -> Result<MtRun, String> {
        match st.source {
            MtSource::Figure7 => Ok(MtRun::figure_7()),
            MtSource::Tree => GameTree::parse_with(&st.game, &ParseLimits::INTERACTIVE).map(|g| MtRun::game(g, st.seed)).map_err(|e| format!("game: {e}")),
            MtSource::HeapGo => {
                let g = parse_heaps(&st.heaps)?;
                if g.heaps().is_empty() {
                    return Err("no heaps: type a sum or go back to the heap-go page".into());
                }
                let order = st.order.parse::<BranchOrder>().unwrap_or_default();
                Ok(MtRun::heapgo(&g, order, st.seed))
            }
        }
    }

    /// What the page shows of the run now, with the `last` paths added
    /// (latest first). `fresh_estimate` off keeps the estimate last shown:
    /// the heated temperature estimate is a pass over the whole explored
    /// tree whenever the root's neutral temperature moves, too slow for
    /// every frame of Play once the tree has thousands of nodes.
    pub fn summary(&mut self, last: usize, fresh_estimate: bool) -> Summary {
        let b = self.bounds();
        let sound = self.sound_bounds();
        if fresh_estimate || self.last_estimate.is_none() {
            self.last_estimate = self.estimate();
        }
        let estimate = self.last_estimate.as_ref().map(|e| {
            let e = e.within(&b);
            (e.mean.to_string(), e.temperature.to_string())
        });
        Summary {
            nodes: self.nodes(),
            probes: self.probes(),
            tree: self.tree_size(),
            mean: interval(&b.mean),
            temperature: interval(&b.temperature),
            sound_mean: interval(&sound.mean),
            sound_temperature: interval(&sound.temperature),
            estimate,
            finished: self.finished(),
            solved: self.solved(),
            caption: self.caption(),
            met: met_text(&self.watch),
            excluded: excluded_text(&self.watch),
            last: self.added.iter().rev().take(last).map(|a| (a.path.clone(), a.value.clone())).collect(),
        }
    }
}

/// A heap-go sum as typed, or the parser's message.
pub fn parse_heaps(text: &str) -> Result<HeapGo, String> {
    text.parse::<HeapGo>().map_err(|e| e.to_string())
}

/// What the page shows of a run (copied out after each change).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Summary {
    pub nodes: usize,
    pub probes: usize,
    pub tree: usize,
    pub mean: String,
    pub temperature: String,
    /// The sound model's bounds ([`MtRun::sound_bounds`]).
    pub sound_mean: String,
    pub sound_temperature: String,
    /// The engine's point estimates (mean, temperature), once a path is in.
    pub estimate: Option<(String, String)>,
    pub finished: bool,
    pub solved: bool,
    /// The paths added last, latest first: (path, value).
    pub last: Vec<(String, String)>,
    /// What the last path changed ([`MtRun::caption`]).
    pub caption: String,
    /// Whether the bounds met ([`met_text`]) and where the paper's were
    /// caught out ([`excluded_text`]).
    pub met: Option<String>,
    pub excluded: Option<String>,
}

impl Summary {
    /// The progress bar's value in `[0, 1]` (a finished run is full).
    pub fn progress(&self) -> f64 {
        if self.finished {
            1.0
        } else {
            (self.nodes as f64 / MAX_PAGE_NODES as f64).min(1.0)
        }
    }

    /// The count of NOT_EXISTS answers, in words ([`PROBES_TITLE`] says
    /// the paper's name on hover).
    pub fn probes_text(&self) -> String {
        format!("{} “no such option” answers so far", self.probes)
    }

    /// Why the run ended, after the count (empty while it goes on).
    pub fn end_text(&self) -> String {
        match (self.finished, self.solved) {
            (_, true) => " · run complete (tree fully explored)".to_string(),
            (true, false) => format!(" · run complete (the page's limit of {MAX_PAGE_NODES} paths)"),
            _ => String::new(),
        }
    }

    /// The estimate as shown (`—` before the first path).
    pub fn estimate_text(&self) -> String {
        self.estimate.as_ref().map(|(m, t)| format!("{m}, {t}")).unwrap_or_else(|| "—".into())
    }
}

/// The exact figures beside the bounds, by source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExactLine {
    /// Nothing to say (the input does not parse: its error is shown above).
    Nothing,
    /// Why there are no exact figures.
    Note(String),
    /// The exact mean and temperature.
    Exact(String),
}

/// The exact figures of what the page searches (heap-go's analysis or the
/// typed game's thermograph; Figure 7 has none).
pub fn exact_line(source: MtSource, heaps: &str, game: &str) -> ExactLine {
    match source {
        MtSource::Figure7 => ExactLine::Note("Figure 7 gives paths and values only: no exact figures.".into()),
        MtSource::Tree => match GameTree::parse_with(game, &ParseLimits::INTERACTIVE) {
            Ok(g) => {
                let th = g.thermograph();
                ExactLine::Exact(format!("exact mean {}, temperature {} ", th.mean(), th.temperature()))
            }
            Err(_) => ExactLine::Nothing,
        },
        MtSource::HeapGo => match parse_heaps(heaps).map(|g| crate::heaps::figures(&g)) {
            Ok(Ok(f)) => {
                ExactLine::Exact(format!("exact mean {}, temperature {} ({} terminal nodes)", f.thermograph.mean(), f.thermograph.temperature(), f.terminals))
            }
            Ok(Err(e)) => ExactLine::Note(e.to_string()),
            Err(_) => ExactLine::Nothing,
        },
    }
}

/// One node of the explored tree as the page draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    /// Horizontal position in leaf slots (leaves at 0, 1, 2, ...).
    pub x: f64,
    pub depth: usize,
    /// Index of the parent in the returned list.
    pub parent: Option<usize>,
    /// The edge from the parent: whose option (Left at the root), and its
    /// number.
    pub side: Side,
    pub k: u32,
    /// A terminal's value.
    pub value: Option<String>,
    /// On the path added last.
    pub on_last: bool,
    /// Nodes below this one that are not drawn (deeper than the cut).
    pub hidden: usize,
}

impl MtRun {
    /// The explored tree to draw: as deep as fits in about `max_nodes`
    /// nodes (at least the root's children), laid out tidily (each leaf its
    /// own slot, a parent above the middle of its children), the last path
    /// added marked.
    pub fn tree_view(&self, max_nodes: usize) -> Vec<TreeNode> {
        let tree = self.tree();
        let edges = tree.edges();
        let n = edges.len() + 1;
        let mut kids: Vec<Vec<usize>> = vec![vec![]; n];
        for (i, (p, _, _, _)) in edges.iter().enumerate() {
            kids[*p].push(i + 1);
        }
        // Left options first, then by number (the paper's drawing order).
        for list in &mut kids {
            list.sort_by_key(|&c| (edges[c - 1].1 == Side::Right, edges[c - 1].2));
        }
        let mut depth_of = vec![0usize; n];
        let mut per_depth: Vec<usize> = vec![1];
        for c in 1..n {
            // Parents come before children in `edges`.
            depth_of[c] = depth_of[edges[c - 1].0] + 1;
            if per_depth.len() <= depth_of[c] {
                per_depth.push(0);
            }
            per_depth[depth_of[c]] += 1;
        }
        let mut cut = 1;
        let mut shown = 1 + per_depth.get(1).copied().unwrap_or(0);
        while cut + 1 < per_depth.len() && shown + per_depth[cut + 1] <= max_nodes {
            cut += 1;
            shown += per_depth[cut];
        }
        let mut below = vec![0usize; n];
        for c in (1..n).rev() {
            below[edges[c - 1].0] += below[c] + 1;
        }
        // The last path's nodes.
        let mut last = vec![false; n];
        last[0] = !self.added.is_empty();
        if let Some(a) = self.added.last() {
            if let Ok(p) = a.path.parse::<Path>() {
                let mut at = 0;
                for &(side, k) in p.steps() {
                    match kids[at].iter().find(|&&c| edges[c - 1].1 == side && edges[c - 1].2 == k) {
                        Some(&c) => {
                            at = c;
                            last[c] = true;
                        }
                        None => break,
                    }
                }
            }
        }
        let mut out: Vec<TreeNode> = Vec::new();
        let mut slot = 0.0;
        // Iterative post-order: place leaves, then parents over their children.
        let mut stack: Vec<(usize, Option<usize>, bool)> = vec![(0, None, false)];
        let mut index_of = vec![usize::MAX; n];
        let mut pending: Vec<Option<usize>> = vec![None; n];
        while let Some((x, parent, done)) = stack.pop() {
            let d = depth_of[x];
            let visible: Vec<usize> = if d < cut { kids[x].clone() } else { vec![] };
            if !done {
                let (side, k, value) = if x == 0 {
                    (Side::Left, 0, None)
                } else {
                    let e = &edges[x - 1];
                    (e.1, e.2, e.3.as_ref().map(|q| q.to_string()))
                };
                index_of[x] = out.len();
                pending[x] = parent;
                out.push(TreeNode {
                    x: 0.0,
                    depth: d,
                    parent: parent.map(|p| index_of[p]),
                    side,
                    k,
                    value,
                    on_last: last[x],
                    hidden: if d < cut { 0 } else { below[x] },
                });
                stack.push((x, parent, true));
                for &c in visible.iter().rev() {
                    stack.push((c, Some(x), false));
                }
            } else if visible.is_empty() {
                out[index_of[x]].x = slot;
                slot += 1.0;
            } else {
                let xs: Vec<f64> = visible.iter().map(|&c| out[index_of[c]].x).collect();
                out[index_of[x]].x = (xs[0] + xs[xs.len() - 1]) / 2.0;
            }
        }
        out
    }
}

/// Font size of the tree's labels, in SVG units (pixels).
pub const TREE_FONT: f64 = 10.0;
/// Widest glyph of a label, in font sizes: digits, `+`, `-` and `/` are at
/// most about 0.64 em in the common sans-serif fonts (DejaVu Sans's digits).
const GLYPH_EM: f64 = 0.66;
/// Least room between two labels side by side.
const LABEL_GAP: f64 = 6.0;
/// Narrowest slot of a leaf (room for its dot and edges).
const MIN_SLOT: f64 = 18.0;
/// Widest tree picture with labels; past it the labels are hidden (each
/// node keeps its hover title) and the leaves packed as tight as dots allow.
pub const MAX_TREE_WIDTH: f64 = 4000.0;

/// The label under a node: a terminal's value, or `+n` for the nodes cut
/// below it.
pub fn node_label(n: &TreeNode) -> Option<String> {
    n.value.clone().or_else(|| (n.hidden > 0).then(|| format!("+{}", n.hidden)))
}

/// Where the explored tree's nodes go: leaves in slots wide enough that
/// no two labels meet, levels [`TreeLayout::dy`] apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeLayout {
    /// Width of a leaf's slot.
    pub dx: f64,
    pub dy: f64,
    pub width: f64,
    pub height: f64,
    /// Labels are drawn (false: too many for [`MAX_TREE_WIDTH`]).
    pub labels: bool,
}

impl TreeLayout {
    pub fn of(nodes: &[TreeNode]) -> TreeLayout {
        let slots = nodes.iter().map(|n| n.x).fold(0.0, f64::max) + 1.0;
        let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0) as f64;
        let widest = nodes.iter().filter_map(node_label).map(|l| label_width(&l)).fold(0.0, f64::max);
        let mut dx = MIN_SLOT.max(widest + LABEL_GAP);
        let mut labels = true;
        if slots * dx + 24.0 > MAX_TREE_WIDTH {
            labels = false;
            dx = MIN_SLOT;
        }
        let dy = 46.0;
        TreeLayout { dx, dy, width: (slots * dx + 24.0).max(120.0), height: depth * dy + 44.0, labels }
    }

    /// The centre of a node's dot.
    pub fn pos(&self, n: &TreeNode) -> (f64, f64) {
        (12.0 + n.x * self.dx + self.dx / 2.0, 14.0 + n.depth as f64 * self.dy)
    }
}

/// An upper bound on a label's width at [`TREE_FONT`].
pub fn label_width(label: &str) -> f64 {
    label.chars().count() as f64 * GLYPH_EM * TREE_FONT
}

/// A node's hover title: its path, its value or what is cut below it, and
/// whether it is on the path added last.
pub fn node_title(nodes: &[TreeNode], i: usize) -> String {
    let mut steps = Vec::new();
    let mut at = i;
    while let Some(p) = nodes[at].parent {
        let n = &nodes[at];
        steps.push(format!("{}{}", if n.side == Side::Left { 'L' } else { 'R' }, n.k));
        at = p;
    }
    steps.reverse();
    let path = steps.concat();
    let n = &nodes[i];
    let mut t = if path.is_empty() { "the root".to_string() } else { format!("{path}: {}", path_gloss(&path)) };
    if let Some(v) = &n.value {
        t.push_str(&format!("; value {v}"));
    }
    if n.hidden > 0 {
        t.push_str(&format!("; {} explored nodes below, not drawn", n.hidden));
    }
    if n.on_last {
        t.push_str("; on the path added last");
    }
    t
}

/// What one added path did to the bounds, in words: which end of each
/// interval moved and from where to where.
pub fn step_caption(n: usize, added: &Added, before: &Bounds, after: &Bounds) -> String {
    let part = |name: &str, b: &(ExtQ, ExtQ), a: &(ExtQ, ExtQ)| {
        let mut moves = Vec::new();
        if a.0 != b.0 {
            moves.push(format!("its lower bound rose from {} to {}", bound_end(&b.0), bound_end(&a.0)));
        }
        if a.1 != b.1 {
            moves.push(format!("its upper bound fell from {} to {}", bound_end(&b.1), bound_end(&a.1)));
        }
        if a.0 == a.1 && b.0 == b.1 {
            format!("the {name} stays exact: {}", bound_end(&a.0))
        } else if a.0 == a.1 {
            format!("the {name} is now exact: {}", bound_end(&a.0))
        } else if moves.is_empty() {
            format!("the {name} stays in {}", interval(a))
        } else {
            format!("the {name}: {} (now {})", moves.join(" and "), interval(a))
        }
    };
    format!(
        "Path {n}, {} (value {}): {}; {}.",
        if added.path.is_empty() { "the root" } else { added.path.as_str() },
        added.value,
        part("mean", &before.mean, &after.mean),
        part("temperature", &before.temperature, &after.temperature)
    )
}

/// `[lo, hi]` as the page prints a bound (`∞` where nothing bounds it yet).
pub fn interval(b: &(ExtQ, ExtQ)) -> String {
    format!("[{}, {}]", bound_end(&b.0), bound_end(&b.1))
}

/// One end of a bound: the exact rational, or `∞` / `-∞` (the CLI's and
/// the paper's `INF`) while no path bounds that side.
pub fn bound_end(x: &ExtQ) -> String {
    match x {
        ExtQ::NegInf => "-∞".to_string(),
        ExtQ::PosInf => "∞".to_string(),
        ExtQ::Finite(q) => q.to_string(),
    }
}

/// The bounds' tooltip: what `∞` means there.
pub const BOUNDS_TITLE: &str = "the paper's bounds: exact, under its assumption that a side with a known option has no other (true when each side's best option comes first, as ordered by temperature; not always with random order); ∞ or -∞: no bound yet on that side (the paper writes INF)";

/// The tooltip of the sound bounds.
pub const SOUND_TITLE: &str = "sound bounds: they assume nothing about the options not yet seen, so they hold under any branch order; wider, until the sides that matter are fully listed (every option seen, and the answer that there is no next one)";

/// The tooltip of the count of "no such option" answers.
pub const PROBES_TITLE: &str = "the application's NOT_EXISTS answers (the paper's name): the engine asked for an option the position does not have, and learnt that the side has no more options there";

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `21st`.
fn ordinal(k: u32) -> String {
    let suffix = match (k % 10, k % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

/// A path in words: `L1R2` is "Left's 1st option, then Right's 2nd
/// option" (the text itself when it is not a path).
pub fn path_gloss(path: &str) -> String {
    match path.parse::<Path>() {
        Ok(p) if p.steps().is_empty() => "the root (no move yet)".to_string(),
        Ok(p) => p.steps().iter().map(|&(side, k)| format!("{side}'s {} option", ordinal(k))).collect::<Vec<_>>().join(", then "),
        Err(_) => path.to_string(),
    }
}

/// The legend under the paths: how a path reads, and what its numbers
/// count for this source (ranks in the branch order for heap-go, not
/// heaps).
pub fn path_legend(source: MtSource, order: &str) -> String {
    let numbers = match source {
        MtSource::HeapGo => {
            let order = order.parse::<BranchOrder>().unwrap_or_default();
            format!("Options are numbered by their rank in the branch order ({}), not by heap.", order_label(order))
        }
        MtSource::Tree => "Options are numbered in the order the game is written.".to_string(),
        MtSource::Figure7 => "Options are numbered as in the paper's figure.".to_string(),
    };
    format!("A path reads move by move: L1R1L1 is {}. {numbers} The value after = is where the application's playout of the path ended.", path_gloss("L1R1L1"))
}

/// Whether the bounds met, in words: proved when the sound ones met, a
/// claim of the paper's model while only its bounds did.
pub fn met_text(w: &[BoundsWatch; 2]) -> Option<String> {
    let [paper, sound] = w;
    if let Some(m) = &sound.met {
        return Some(format!(
            "The bounds met after {} path{}: mean {}, temperature {}, proved (the sound bounds hold whatever the branch order). The search is done; going on only shows more of the tree.",
            m.at,
            if m.at == 1 { "" } else { "s" },
            m.mean,
            m.temperature
        ));
    }
    let m = paper.met.as_ref()?;
    Some(if paper.met_now {
        format!(
            "The paper's bounds met after {} paths: mean {}, temperature {}. The sound bounds are still apart: the paper's model assumes a side with a known option has no other, which later paths may disprove. Play goes on to check.",
            m.at, m.mean, m.temperature
        )
    } else {
        format!("The paper's bounds met after {} paths (mean {}, temperature {}) and later paths moved them apart again.", m.at, m.mean, m.temperature)
    })
}

/// Where the paper's bounds were caught out: the runs of paths whose
/// bounds left the exact value out (when it is known), else the paths that
/// moved them outside the bounds before.
pub fn excluded_text(w: &[BoundsWatch; 2]) -> Option<String> {
    let paper = &w[0];
    if !paper.excluded.is_empty() {
        let runs: Vec<String> = paper
            .excluded
            .iter()
            .map(|e| match e.to {
                Some(to) if to == e.from => format!("the exact {} {} at path {}", e.what.name(), e.exact, e.from),
                Some(to) => format!("the exact {} {} from path {} to path {to}", e.what.name(), e.exact, e.from),
                None => format!("the exact {} {} from path {} on", e.what.name(), e.exact, e.from),
            })
            .collect();
        return Some(format!(
            "The paper's bounds left out {}: a later path showed the earlier bounds had excluded the exact value (the sound bounds never do).",
            runs.join("; ")
        ));
    }
    if paper.knows_exact() {
        return None;
    }
    // Without the exact values: only moves after the bounds had met say
    // something was excluded for sure.
    let met_at = paper.met.as_ref()?.at;
    let after: Vec<_> = paper.moved_out.iter().filter(|m| m.at > met_at).collect();
    let last = after.last()?;
    Some(format!(
        "After the paper's bounds met, path {} moved its {} bounds to {}, outside {}: the earlier bounds had excluded values a later path allows.",
        last.at,
        last.what.name(),
        interval(&last.now),
        interval(&last.before)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 24: a run on random sums until the sound bounds meet. Their
    /// meeting is "proved" at the exact values; the paper's bounds are
    /// caught leaving the exact value out in some of these runs.
    #[test]
    fn the_run_says_when_the_bounds_met_and_flags_the_papers() {
        let mut flagged = 0;
        for seed in 0..60u64 {
            let g = HeapGo::random(&[3, 3], &mut cgt::rng::SplitMix64::new(seed)).unwrap();
            let mut r = MtRun::heapgo(&g, BranchOrder::Random, seed);
            while !r.watch()[1].met_now && r.step() {}
            let exact = r.exact().cloned().unwrap();
            let met = r.watch()[1].met.clone().unwrap();
            assert_eq!(met.mean, *exact.mean(), "seed {seed}");
            let s = r.summary(1, false);
            let text = s.met.unwrap();
            assert!(text.starts_with(&format!("The bounds met after {} path", met.at)), "{text}");
            assert!(text.contains(&format!("mean {}, temperature {}, proved", exact.mean(), met.temperature)), "{text}");
            if let Some(x) = s.excluded {
                assert!(x.starts_with("The paper's bounds left out the exact "), "{x}");
                flagged += 1;
            }
        }
        assert!(flagged > 0, "some random-order runs catch the paper's bounds out");
    }

    #[test]
    fn figure_7_replay_ends_at_the_papers_bounds() {
        let mut r = MtRun::figure_7();
        assert_eq!(interval(&r.bounds().mean), "[-∞, ∞]");
        while r.step() {}
        assert_eq!(r.nodes(), 8);
        assert!(r.finished());
        // Figure 7's last row: the walls meet.
        assert_eq!(r.history().len(), 9);
        let b = r.bounds();
        assert_eq!((interval(&b.mean), interval(&b.temperature)), ("[3/2, 3/2]".into(), "[9, 9]".into()));
        assert_eq!(r.history()[7].1, [Some(0.25), Some(2.25), Some(7.75), Some(10.0)]);
        assert!(!r.step(), "nothing after the 8th path");
        // Step by step, each path explained; the last one closes both.
        let mut r = MtRun::figure_7();
        let first = r.step_explained().unwrap();
        assert!(first.starts_with("Path 1, "), "{first}");
        let mut last = first;
        while let Some(c) = r.step_explained() {
            last = c;
        }
        assert!(last.starts_with("Path 8, ") && last.contains("the mean is now exact: 3/2") && last.contains("the temperature is now exact: 9"), "{last}");
        assert!(r.step_explained().is_none());
        // The walls before an explained step are kept for the picture.
        let mut r = MtRun::figure_7();
        r.step_explained().unwrap();
        assert!(r.previous_walls().is_some());
        r.step();
        assert!(r.previous_walls().is_none());
    }

    #[test]
    fn tree_view_lays_out_the_explored_tree() {
        let mut r = MtRun::figure_7();
        while r.step() {}
        let t = r.tree_view(100);
        // Figure 7's tree: 15 nodes, all drawn; the last path L1R1R1 marked.
        assert_eq!(t.len(), r.tree_size());
        assert_eq!(t.iter().filter(|n| n.on_last).count(), 4);
        let leaves: Vec<&TreeNode> = t.iter().filter(|n| n.value.is_some()).collect();
        assert_eq!(leaves.len(), 8);
        // Parents sit between their first and last child, children one level down.
        for (i, n) in t.iter().enumerate() {
            if let Some(p) = n.parent {
                assert_eq!(t[p].depth + 1, n.depth);
                assert!(p < i);
            }
        }
        // A cut keeps the root's children and counts what it hides.
        let small = r.tree_view(3);
        assert!(small.len() < t.len());
        assert_eq!(small.iter().map(|n| n.hidden + 1).sum::<usize>(), t.len());
    }

    #[test]
    fn engine_runs_are_reproducible_and_end_exact() {
        let g: HeapGo = "b5,r3/r7,b1/b4,r6".parse().unwrap();
        let mut a = MtRun::heapgo(&g, BranchOrder::Temperature, 3);
        let mut b = MtRun::heapgo(&g, BranchOrder::Temperature, 3);
        a.advance_to(15, 1000);
        b.advance_to(15, 1000);
        assert_eq!(a.added(), b.added());
        assert_eq!(a.nodes(), 15);
        a.advance_to(usize::MAX, 100_000);
        assert!(a.finished());
        let ex = a.exact().unwrap().clone();
        let m = ExtQ::Finite(ex.mean().clone());
        assert_eq!(a.bounds().mean, (m.clone(), m));
        assert_eq!(a.estimate().unwrap().temperature, ex.temperature().clone());
        assert_eq!("random".parse::<BranchOrder>(), Ok(BranchOrder::Random));
        let g = GameTree::parse_with("14|2|||-2||-14|-16", &cgt::notation::ParseLimits::default()).unwrap();
        let mut t = MtRun::game(g, 1);
        t.advance_to(usize::MAX, 10_000);
        assert!(t.solved());
        assert_eq!(interval(&t.bounds().temperature), "[33/4, 33/4]");
        assert!(a.solved());
        let h = a.history_sampled(10);
        assert!(h.len() <= 12 && h.last() == a.history().last());
    }

    #[test]
    fn play_frames_may_keep_the_estimate_last_shown() {
        // While playing, the page asks for a fresh estimate only a few
        // times a second (it is a pass over the whole tree).
        let st = MtSearchState { heaps: "b5,r3,b2/r7,b1,r4/b4,r6".into(), ..MtSearchState::default() };
        let mut r = MtRun::from_state(&st).unwrap();
        r.advance_to(5, 100);
        let first = r.summary(1, true).estimate;
        assert!(first.is_some());
        let mut moved = false;
        for n in (10..400).step_by(5) {
            r.advance_to(n, 100);
            let kept = r.summary(1, false);
            // Kept until asked, moved into the bounds shown beside it.
            let b = r.bounds();
            let inside = |x: &str, (lo, hi): &(ExtQ, ExtQ)| {
                let x = ExtQ::Finite(x.parse::<Q>().unwrap());
                lo <= &x && &x <= hi
            };
            let (m, t) = kept.estimate.clone().unwrap();
            assert!(inside(&m, &b.mean) && inside(&t, &b.temperature), "{m}, {t} inside {b:?}");
            if inside(&first.as_ref().unwrap().0, &b.mean) && inside(&first.as_ref().unwrap().1, &b.temperature) {
                assert_eq!(kept.estimate, first, "kept until asked");
            }
            assert_eq!(kept.nodes, r.nodes(), "the rest of the summary is current");
            let fresh = r.estimate().map(|e| (e.mean.to_string(), e.temperature.to_string()));
            if fresh != first {
                assert_eq!(r.summary(1, true).estimate, fresh, "a fresh one when asked");
                moved = true;
                break;
            }
        }
        assert!(moved, "the estimate moved at some point of the run");
    }

    #[test]
    fn a_state_starts_its_run_or_names_the_problem() {
        let st = MtSearchState { heaps: "b5,r3/r7".into(), nodes: 9, ..MtSearchState::default() };
        let mut r = MtRun::from_state(&st).unwrap();
        assert_eq!(r.nodes(), 0, "the state's paths are not replayed");
        let s = r.summary(12, true);
        assert_eq!((s.mean.as_str(), s.estimate_text().as_str(), s.progress()), ("[-∞, ∞]", "—", 0.0));
        r.advance_to(3, 100);
        let s = r.summary(2, true);
        assert_eq!((s.nodes, s.last.len()), (3, 2));
        assert_eq!(s.last[0].0, r.added()[2].path, "latest first");
        assert!(s.probes_text().ends_with("“no such option” answers so far") && s.end_text().is_empty(), "{}", s.probes_text());
        let bad = MtRun::from_state(&MtSearchState { heaps: "b1,x2".into(), ..MtSearchState::default() });
        assert!(bad.is_err_and(|e| e.contains("heap 1")));
        let empty = MtRun::from_state(&MtSearchState { heaps: "".into(), ..MtSearchState::default() });
        assert!(empty.is_err_and(|e| e.starts_with("no heaps")));
        let game = MtRun::from_state(&MtSearchState { source: MtSource::Tree, game: "{4|".into(), ..MtSearchState::default() });
        assert!(game.is_err_and(|e| e.starts_with("game: ")));
        let mut fig = MtRun::from_state(&MtSearchState { source: MtSource::Figure7, ..MtSearchState::default() }).unwrap();
        while fig.step() {}
        let s = fig.summary(12, true);
        assert_eq!(
            (s.progress(), s.probes_text() + &s.end_text()),
            (1.0, "0 “no such option” answers so far · run complete (tree fully explored)".to_string())
        );
    }

    #[test]
    fn the_caption_says_the_state_however_it_was_reached() {
        let mut r = MtRun::figure_7();
        assert_eq!(r.caption(), "No path yet: the mean lies in [-∞, ∞], the temperature in [-1, ∞]. Step adds one path and says what it changed.");
        // Added without words (Play, a link): the caption still names the
        // last path and what it changed, without the faint walls.
        r.advance_to(5, 100);
        let c = r.caption();
        assert!(c.starts_with("Path 5, L2R1 (value -2): ") && !c.contains("Faint"), "{c}");
        let mut s = MtRun::figure_7();
        for _ in 0..4 {
            s.step();
        }
        assert_eq!(s.step_explained().unwrap(), format!("{c} Faint lines: the walls before this path."));
        assert_eq!(s.summary(1, true).caption, s.caption());
        while r.step() {}
        assert!(r.caption().contains("the mean is now exact: 3/2"), "{}", r.caption());
    }

    #[test]
    fn notation_is_said_in_words() {
        assert_eq!(path_gloss("L1R1L1"), "Left's 1st option, then Right's 1st option, then Left's 1st option");
        assert_eq!(
            path_gloss("R2L11R3L22R12"),
            "Right's 2nd option, then Left's 11th option, then Right's 3rd option, then Left's 22nd option, then Right's 12th option"
        );
        assert_eq!(path_gloss(""), "the root (no move yet)");
        assert_eq!(path_gloss("X1"), "X1", "not a path: shown as it is");
        let heap = path_legend(MtSource::HeapGo, "temperature");
        assert!(
            heap.contains("L1R1L1 is Left's 1st option, then Right's 1st") && heap.contains("hottest heap first") && heap.contains("not by heap"),
            "{heap}"
        );
        assert!(path_legend(MtSource::Tree, "").contains("order the game is written"));
        let inf = (ExtQ::NegInf, ExtQ::PosInf);
        assert_eq!(interval(&inf), "[-∞, ∞]");
        assert_eq!(interval(&(ExtQ::Finite(Q::frac(-1, 4)), ExtQ::PosInf)), "[-1/4, ∞]");
        // A caption never says INF.
        let mut r = MtRun::figure_7();
        while let Some(c) = r.step_explained() {
            assert!(!c.contains("INF"), "{c}");
        }
    }

    #[test]
    fn the_tree_layout_keeps_labels_apart_after_a_long_run() {
        // The case: the full search on the default sum.
        let g: HeapGo = crate::heaps::DEFAULT_HEAPS.parse().unwrap();
        let mut r = MtRun::heapgo(&g, BranchOrder::Temperature, 0);
        r.advance_to(usize::MAX, 100_000);
        assert!(r.solved());
        let t = r.tree_view(160);
        let l = TreeLayout::of(&t);
        assert!(l.labels && l.width <= MAX_TREE_WIDTH, "{l:?}");
        let labelled: Vec<(f64, f64, String)> = t.iter().filter_map(|n| node_label(n).map(|s| (l.pos(n).0, l.pos(n).1, s))).collect();
        assert!(labelled.len() > 20);
        for (i, a) in labelled.iter().enumerate() {
            for b in &labelled[i + 1..] {
                // Labels on one line are apart by more than half of each.
                if a.1 == b.1 {
                    let room = (a.0 - b.0).abs() - (label_width(&a.2) + label_width(&b.2)) / 2.0;
                    assert!(room >= LABEL_GAP - 1e-9, "{} and {} overlap", a.2, b.2);
                }
            }
        }
        // Too many leaves for labels: hidden, the picture bounded.
        let wide: Vec<TreeNode> = (0..400)
            .map(|i| TreeNode { x: i as f64, depth: 1, parent: None, side: Side::Left, k: 1, value: Some("-1234/5".into()), on_last: false, hidden: 0 })
            .collect();
        let w = TreeLayout::of(&wide);
        assert!(!w.labels && w.dx == MIN_SLOT, "{w:?}");
        // Every node says what it is on hover.
        let mut f = MtRun::figure_7();
        while f.step() {}
        let t = f.tree_view(100);
        assert_eq!(node_title(&t, 0), "the root; on the path added last");
        let leaf = t.iter().position(|n| n.value.as_deref() == Some("8")).unwrap();
        assert_eq!(node_title(&t, leaf), "L1R1L1: Left's 1st option, then Right's 1st option, then Left's 1st option; value 8");
        let cut = f.tree_view(3);
        let i = cut.iter().position(|n| n.hidden > 0).unwrap();
        assert!(node_title(&cut, i).contains("explored nodes below, not drawn"));
    }

    #[test]
    fn exact_figures_by_source() {
        assert_eq!(exact_line(MtSource::Tree, "", "14|2|||-2||-14|-16"), ExactLine::Exact("exact mean -1/4, temperature 33/4 ".into()));
        // `cgt heapgo 'b5,r3'`: mean 3/2.
        assert!(matches!(exact_line(MtSource::HeapGo, "b5,r3", ""), ExactLine::Exact(t) if t.starts_with("exact mean 3/2, ")));
        assert_eq!(exact_line(MtSource::HeapGo, "b1,x2", ""), ExactLine::Nothing);
        assert!(matches!(exact_line(MtSource::HeapGo, "", ""), ExactLine::Note(_)));
        assert!(matches!(exact_line(MtSource::Figure7, "", ""), ExactLine::Note(_)));
    }
}
