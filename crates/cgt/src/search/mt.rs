//! MT-search (Kao et al. 2012, sections 4-9): the partly explored game tree and the
//! bounds of mean and temperature it implies.
//!
//! The application reports terminal paths with their values
//! ([`MtTree::add_node`]) and sides seen to be empty
//! ([`MtTree::mark_empty`]); [`MtTree::bounds`] gives `m_LB <= mean <= m_UB`
//! and `t_LB <= temperature <= t_UB` under the paper's assumptions
//! (`docs/mt-search.md`):
//!
//! - (a) a side with no known option has one phantom option, a number;
//! - (b) a side with a known option has no others;
//! - (c) a side seen to be empty has no phantom.
//!
//! The upper model U is the best case for Left: a phantom Left option is
//! +INF and a phantom Right option the number `S_L^U(0)` (+INF if no Left
//! option is known either). The lower model D mirrors it: a phantom Right
//! option is -INF and a phantom Left option the number `S_R^D(0)`. Every
//! other node gets ordinary thermography on its children's masted walls,
//! except that walls may be infinite and then have no mast. `m_UB` / `m_LB`
//! are the masts of U / D at the root; `t_LB` is the first t with
//! `S_L^D(t) <= S_R^U(t)` and `t_UB` the first with `S_L^U(t) <= S_R^D(t)`,
//! on the root's own (unmasted) scaffolds.
//!
//! **Sound bounds** ([`BoundsModel::Sound`], [`MtTree::bounds_in`]) drop
//! assumption (b): they hold whatever the order of the children and
//! however little of a side is known. A side is *complete* once the
//! application answered NOT_EXISTS for the child after its last
//! ([`MtTree::mark_closed`]) and every child before is known. The upper
//! model U gives every incomplete Left side a phantom Left option +INF and
//! keeps only the known Right options (fewer Right options, better for
//! Left; none known: Right has no move); D mirrors it. Then D <= G <= U in
//! the game order at every node, thermograph walls are monotone in that
//! order, so `S_L^D <= S_L <= S_L^U` and `S_R^D <= S_R <= S_R^U` at the root,
//! and the mean and temperature bounds follow as above. They are wide until
//! the sides that matter are complete, and equal the exact values once the
//! tree is (`tests/mt.rs` checks 10,000 random runs).

use crate::numbers::{simplest_in, ExtQ, Q};
use crate::thermograph::{Thermograph, Wall};
use std::fmt;
use std::str::FromStr;

mod select;
pub mod watch;
pub use select::{k_factor, Estimate, MtConfig, MtEngine, Selection, Step};

/// Left or Right: the one side type of the crate.
pub use crate::side::Side;

/// A path from the root: `L3R2` is the 2nd Right child of the 3rd Left
/// child of the root (children count from 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path {
    steps: Vec<(Side, u32)>,
}

impl Path {
    /// `None` if a child number is 0.
    pub fn new(steps: Vec<(Side, u32)>) -> Option<Path> {
        steps.iter().all(|&(_, k)| k >= 1).then_some(Path { steps })
    }
    pub fn steps(&self) -> &[(Side, u32)] {
        &self.steps
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &(s, k) in &self.steps {
            write!(f, "{}{k}", s.letter())?;
        }
        Ok(())
    }
}

/// Why a path or an addition was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MtError {
    /// The path text is malformed at this 1-based column.
    BadPath { column: usize, path: String, expected: String },
    /// The path goes through (or re-adds with another value) a terminal.
    Conflict { path: String, why: String },
    /// The tree would exceed its node limit.
    TooLarge { max: usize },
}

impl fmt::Display for MtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MtError::BadPath { column, path, expected } => {
                write!(f, "path `{path}`, column {column}: expected {expected}")
            }
            MtError::Conflict { path, why } => write!(f, "path `{path}`: {why}"),
            MtError::TooLarge { max } => write!(f, "more than {max} nodes in the explored tree"),
        }
    }
}
impl std::error::Error for MtError {}

impl FromStr for Path {
    type Err = MtError;
    fn from_str(s: &str) -> Result<Path, MtError> {
        let bad = |column: usize, expected: &str| MtError::BadPath { column, path: s.to_string(), expected: expected.to_string() };
        let chars: Vec<char> = s.chars().collect();
        let mut steps = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let side = match chars[i] {
                'L' | 'l' => Side::Left,
                'R' | 'r' => Side::Right,
                _ => return Err(bad(i + 1, "L or R")),
            };
            let start = i + 1;
            let mut j = start;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let digits: String = chars[start..j].iter().collect();
            match digits.parse::<u32>() {
                Ok(k) if k >= 1 => steps.push((side, k)),
                _ => return Err(bad(start + 1, "a child number from 1 (e.g. L1R2)")),
            }
            i = j;
        }
        Ok(Path { steps })
    }
}

#[derive(Clone, Debug, Default)]
struct Node {
    /// A terminal's value.
    value: Option<Q>,
    /// Known children by number (index k-1), per side.
    kids: [Vec<Option<usize>>; 2],
    /// The side was seen to be empty (NOT_EXISTS on its first child).
    empty: [bool; 2],
    /// `Some(k)`: NOT_EXISTS answered for child k+1, so the side has k
    /// children.
    closed: [Option<usize>; 2],
}

impl Node {
    /// Every option of the side is known (its count, and each child).
    fn complete(&self, side: Side) -> bool {
        let s = side.index();
        self.closed[s].is_some_and(|k| (0..k).all(|i| self.kids[s].get(i).is_some_and(Option::is_some)))
    }
    fn known(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.kids[side.index()].iter().flatten().copied()
    }
    fn has_known(&self, side: Side) -> bool {
        self.kids[side.index()].iter().any(Option::is_some)
    }
}

/// The explored part of a game tree (the root exists from the start).
#[derive(Clone, Debug)]
pub struct MtTree {
    nodes: Vec<Node>,
    max_nodes: usize,
}

impl Default for MtTree {
    fn default() -> Self {
        MtTree::new(1 << 22)
    }
}

/// Which bounds: the paper's (assumptions (a) to (c)) or sound ones
/// (none of them: they hold under any branch order). The text is the
/// CLI's `--bounds` and the page's URL field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoundsModel {
    #[default]
    Paper,
    Sound,
}

impl BoundsModel {
    pub const ALL: [BoundsModel; 2] = [BoundsModel::Paper, BoundsModel::Sound];
    pub fn key(self) -> &'static str {
        match self {
            BoundsModel::Paper => "paper",
            BoundsModel::Sound => "sound",
        }
    }
}

impl fmt::Display for BoundsModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.key())
    }
}

/// An unknown bounds model's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundsModelError(pub String);

impl fmt::Display for BoundsModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bounds {:?}: expected paper or sound", self.0)
    }
}

impl std::error::Error for BoundsModelError {}

impl FromStr for BoundsModel {
    type Err = BoundsModelError;
    fn from_str(s: &str) -> Result<BoundsModel, BoundsModelError> {
        BoundsModel::ALL.into_iter().find(|m| m.key() == s).ok_or_else(|| BoundsModelError(s.to_string()))
    }
}

/// Which solution of the min-max equation `LW(t) = RW(t)` (Kao et al. 2012, eq. 7)
/// is read as the root's temperature. The paper's text says the least
/// (the definition, and the default); its Table 4 figures fit the greatest
/// (`research/table4.md`), which `cgt experiment mt-error --temperature
/// greatest` uses to compare with its Tables 5 and 6. The two differ only
/// where the root's scaffolds run together before they part (`±10 + ±10`:
/// -1 and 10); walls and means are the same under both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Solution {
    #[default]
    Least,
    Greatest,
}

impl Solution {
    pub const ALL: [Solution; 2] = [Solution::Least, Solution::Greatest];
    pub fn key(self) -> &'static str {
        match self {
            Solution::Least => "least",
            Solution::Greatest => "greatest",
        }
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.key())
    }
}

impl FromStr for Solution {
    type Err = String;
    fn from_str(s: &str) -> Result<Solution, String> {
        Solution::ALL.into_iter().find(|m| m.key() == s.trim()).ok_or_else(|| format!("temperature {s:?}: expected least or greatest"))
    }
}

/// Bounds of the root's mean and temperature (`INF` where unbounded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub mean: (ExtQ, ExtQ),
    pub temperature: (ExtQ, ExtQ),
}

impl MtTree {
    pub fn new(max_nodes: usize) -> MtTree {
        MtTree { nodes: vec![Node::default()], max_nodes }
    }
    /// Nodes in the explored tree (the root included).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The node at `path`, creating the missing ones on the way.
    fn walk(&mut self, path: &Path) -> Result<usize, MtError> {
        let mut at = 0;
        for (depth, &(side, k)) in path.steps.iter().enumerate() {
            if self.nodes[at].value.is_some() {
                let prefix = Path { steps: path.steps[..depth].to_vec() };
                return Err(MtError::Conflict { path: path.to_string(), why: format!("`{prefix}` is a terminal") });
            }
            let s = side.index();
            if self.nodes[at].empty[s] {
                return Err(MtError::Conflict {
                    path: path.to_string(),
                    why: format!("that side of `{}` was reported empty", Path { steps: path.steps[..depth].to_vec() }),
                });
            }
            let k = k as usize - 1;
            if self.nodes[at].kids[s].len() <= k {
                self.nodes[at].kids[s].resize(k + 1, None);
            }
            at = match self.nodes[at].kids[s][k] {
                Some(c) => c,
                None => {
                    if self.nodes.len() >= self.max_nodes {
                        return Err(MtError::TooLarge { max: self.max_nodes });
                    }
                    self.nodes.push(Node::default());
                    let c = self.nodes.len() - 1;
                    self.nodes[at].kids[s][k] = Some(c);
                    c
                }
            };
        }
        Ok(at)
    }

    /// Record that `path` ends in a terminal worth `value`.
    pub fn add_node(&mut self, path: &Path, value: Q) -> Result<(), MtError> {
        let at = self.walk(path)?;
        let node = &mut self.nodes[at];
        if Side::BOTH.into_iter().any(|s| node.has_known(s)) {
            return Err(MtError::Conflict { path: path.to_string(), why: "it has children already".into() });
        }
        match &node.value {
            Some(v) if *v != value => Err(MtError::Conflict { path: path.to_string(), why: format!("it was reported as {v} before") }),
            _ => {
                node.value = Some(value);
                Ok(())
            }
        }
    }

    /// Record that the node at `path` has no options on `side`.
    pub fn mark_empty(&mut self, path: &Path, side: Side) -> Result<(), MtError> {
        self.mark_closed(path, side, 0)
    }

    /// Record that the node at `path` has exactly `count` options on
    /// `side` (NOT_EXISTS was answered for option `count + 1`).
    pub fn mark_closed(&mut self, path: &Path, side: Side, count: usize) -> Result<(), MtError> {
        let at = self.walk(path)?;
        let s = side.index();
        let node = &mut self.nodes[at];
        if node.kids[s].iter().enumerate().any(|(i, c)| c.is_some() && i >= count) {
            let why = if count == 0 { "that side has known options".to_string() } else { format!("that side has a known option after its {count}th") };
            return Err(MtError::Conflict { path: path.to_string(), why });
        }
        if node.closed[s].is_some_and(|k| k != count) {
            return Err(MtError::Conflict { path: path.to_string(), why: format!("that side was reported to have {} options", node.closed[s].unwrap_or(0)) });
        }
        node.closed[s] = Some(count);
        if count == 0 {
            node.empty[s] = true;
        }
        Ok(())
    }

    /// The bounds of the root's mean and temperature (the paper's model).
    pub fn bounds(&self) -> Bounds {
        bounds_of(&self.model(0, true), &self.model(0, false))
    }

    /// The bounds in either model.
    pub fn bounds_in(&self, model: BoundsModel) -> Bounds {
        match model {
            BoundsModel::Paper => self.bounds(),
            BoundsModel::Sound => bounds_of(&self.sound_model(0, true), &self.sound_model(0, false)),
        }
    }

    /// The root's walls in the upper and lower sound models.
    pub fn sound_walls(&self) -> (ModelWalls, ModelWalls) {
        walls_of(self.sound_model(0, true), self.sound_model(0, false))
    }

    /// A node's walls in the upper or lower sound model (see the module's
    /// docs): a phantom +INF Left option (upper) or -INF Right option
    /// (lower) for each incomplete side, and otherwise the known options
    /// only. The walk is on an explicit stack: a deep explored line cannot
    /// overflow it.
    fn sound_model(&self, root: usize, upper: bool) -> Model {
        let mut done: Vec<Option<Model>> = vec![None; self.nodes.len()];
        let mut stack = vec![(root, false)];
        while let Some((at, expanded)) = stack.pop() {
            if done[at].is_some() {
                continue;
            }
            let node = &self.nodes[at];
            if !expanded && node.value.is_none() {
                stack.push((at, true));
                for s in Side::BOTH {
                    stack.extend(node.known(s).filter(|&c| done[c].is_none()).map(|c| (c, false)));
                }
                continue;
            }
            let m = {
                let d = &done;
                self.sound_node_with(at, upper, &|c| d[c].as_ref().expect("children are modelled first"))
            };
            done[at] = Some(m);
        }
        done[root].take().expect("the root was modelled")
    }

    /// A node's sound model from its known children's (`child`).
    fn sound_node_with<'m>(&self, at: usize, upper: bool, child: &dyn Fn(usize) -> &'m Model) -> Model {
        let node = &self.nodes[at];
        if let Some(v) = &node.value {
            let th = Thermograph::of_number(v);
            return Model::masted(EWall::Fin(th.left_wall().clone()), EWall::Fin(th.right_wall().clone()), (th.temperature().clone(), v.clone()));
        }
        let model = child;
        let known_sl = node.known(Side::Left).map(|c| model(c).right.shear(-1)).reduce(|a, b| a.envelope(&b, true));
        let known_sr = node.known(Side::Right).map(|c| model(c).left.shear(1)).reduce(|a, b| a.envelope(&b, false));
        // No option on a side: its scaffold is infinite the side's own way
        // (Left: -INF, Right: +INF), as for an empty side.
        let sl = if upper && !node.complete(Side::Left) { EWall::Inf(true) } else { known_sl.unwrap_or(EWall::Inf(false)) };
        let sr = if !upper && !node.complete(Side::Right) { EWall::Inf(false) } else { known_sr.unwrap_or(EWall::Inf(true)) };
        Model::from_scaffolds(sl, sr)
    }

    /// The root's walls in the upper and lower models (for drawing them).
    pub fn walls(&self) -> (ModelWalls, ModelWalls) {
        walls_of(self.model(0, true), self.model(0, false))
    }

    /// Every node but the root as (parent, side, child number, value if a
    /// terminal), parents before children: the explored tree's shape.
    pub fn edges(&self) -> Vec<(usize, Side, u32, Option<Q>)> {
        let mut out = vec![(0, Side::Left, 0, None); self.nodes.len()];
        for (p, n) in self.nodes.iter().enumerate() {
            for side in Side::BOTH {
                for (k, c) in n.kids[side.index()].iter().enumerate() {
                    if let Some(c) = c {
                        out[*c] = (p, side, k as u32 + 1, self.nodes[*c].value.clone());
                    }
                }
            }
        }
        out.remove(0);
        out
    }

    /// A node's walls in the upper (`upper`) or lower model.
    fn model(&self, at: usize, upper: bool) -> Model {
        self.model_with(at, upper, &|c| std::borrow::Cow::Owned(self.model(c, upper)))
    }

    /// A node's model from its children's (`child` gives a child's model).
    fn model_with<'m>(&self, at: usize, upper: bool, child: &dyn Fn(usize) -> std::borrow::Cow<'m, Model>) -> Model {
        let node = &self.nodes[at];
        if let Some(v) = &node.value {
            let th = Thermograph::of_number(v);
            return Model::masted(EWall::Fin(th.left_wall().clone()), EWall::Fin(th.right_wall().clone()), (th.temperature().clone(), v.clone()));
        }
        let [left_kids, right_kids]: [Vec<std::borrow::Cow<'m, Model>>; 2] = Side::BOTH.map(|s| node.known(s).map(child).collect());
        // Known options' scaffolds: max RW - t on the left, min LW + t on the right.
        let known_sl = left_kids.iter().map(|m| m.right.shear(-1)).reduce(|a, b| a.envelope(&b, true));
        let known_sr = right_kids.iter().map(|m| m.left.shear(1)).reduce(|a, b| a.envelope(&b, false));
        let phantom = |side: Side| !node.has_known(side) && !node.empty[side.index()];
        let number_wall = |x: &Q, left_of_it: bool| {
            let th = Thermograph::of_number(x);
            if left_of_it {
                th.left_wall().shear(1)
            } else {
                th.right_wall().shear(-1)
            }
        };
        let (sl, sr) = if upper {
            // Phantom Left = +INF; phantom Right = the number S_L^U(0).
            let sl = if phantom(Side::Left) { EWall::Inf(true) } else { known_sl.unwrap_or(EWall::Inf(false)) };
            let sr = if phantom(Side::Right) {
                match sl.eval(&Q::zero()) {
                    ExtQ::Finite(x) => EWall::Fin(number_wall(&x, true)),
                    _ => EWall::Inf(true),
                }
            } else {
                known_sr.unwrap_or(EWall::Inf(true))
            };
            (sl, sr)
        } else {
            // Phantom Right = -INF; phantom Left = the number S_R^D(0).
            let sr = if phantom(Side::Right) { EWall::Inf(false) } else { known_sr.unwrap_or(EWall::Inf(true)) };
            let sl = if phantom(Side::Left) {
                match sr.eval(&Q::zero()) {
                    ExtQ::Finite(x) => EWall::Fin(number_wall(&x, false)),
                    _ => EWall::Inf(false),
                }
            } else {
                known_sl.unwrap_or(EWall::Inf(false))
            };
            (sl, sr)
        };
        Model::from_scaffolds(sl, sr)
    }
}

/// Bounds from the root's upper and lower models.
fn bounds_of(up: &Model, down: &Model) -> Bounds {
    bounds_read(up, down, Solution::Least)
}

/// The bounds with the temperature read as `solution`: the greatest
/// solution is monotone in the scaffolds as the least is (a higher left
/// or lower right scaffold never lowers either), so the same pairing
/// bounds it.
fn bounds_read(up: &Model, down: &Model, solution: Solution) -> Bounds {
    let mean =
        (down.mast.as_ref().map_or(ExtQ::NegInf, |(_, v)| ExtQ::Finite(v.clone())), up.mast.as_ref().map_or(ExtQ::PosInf, |(_, v)| ExtQ::Finite(v.clone())));
    Bounds { mean, temperature: temperature_bounds(up, down, solution) }
}

/// The temperature's bounds, read as `solution`.
fn temperature_bounds(up: &Model, down: &Model, solution: Solution) -> (ExtQ, ExtQ) {
    match solution {
        Solution::Least => (first_at_or_below(&down.sl, &up.sr), first_at_or_below(&up.sl, &down.sr)),
        Solution::Greatest => {
            // Ordered as they come where the models are (the lower at or
            // below the upper); the paper's can cross where its assumption
            // (b) is false, and the bounds are then their hull.
            let (a, b) = (last_at_or_above(&down.sl, &up.sr), last_at_or_above(&up.sl, &down.sr));
            if a <= b {
                (a, b)
            } else {
                (b, a)
            }
        }
    }
}

/// A model's mast `(t, value)` with `t` read as `solution` (the value is
/// the same: the scaffolds run together between the two readings).
fn mast_read(m: &Model, solution: Solution) -> Option<(Q, Q)> {
    let (t, v) = m.mast.clone()?;
    match solution {
        Solution::Least => Some((t, v)),
        Solution::Greatest => Some((last_at_or_above(&m.sl, &m.sr).finite().cloned().unwrap_or(t), v)),
    }
}

fn walls_of(up: Model, down: Model) -> (ModelWalls, ModelWalls) {
    let view = |m: Model| ModelWalls { left: m.left.into(), right: m.right.into(), mast: m.mast };
    (view(up), view(down))
}

/// A bound model's wall as the page draws it: finite, or infinite everywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundWall {
    Finite(Wall),
    PlusInf,
    MinusInf,
}

impl From<EWall> for BoundWall {
    fn from(w: EWall) -> BoundWall {
        match w {
            EWall::Fin(w) => BoundWall::Finite(w),
            EWall::Inf(true) => BoundWall::PlusInf,
            EWall::Inf(false) => BoundWall::MinusInf,
        }
    }
}

/// The root's walls in one bound model; `mast` = (temperature, value) where
/// the walls meet, if they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelWalls {
    pub left: BoundWall,
    pub right: BoundWall,
    pub mast: Option<(Q, Q)>,
}

/// A wall that may be infinite.
#[derive(Clone, Debug, PartialEq, Eq)]
enum EWall {
    Fin(Wall),
    /// `+INF` (true) or `-INF` everywhere.
    Inf(bool),
}

impl EWall {
    fn shear(&self, s: i32) -> EWall {
        match self {
            EWall::Fin(w) => EWall::Fin(w.shear(s)),
            inf => inf.clone(),
        }
    }
    fn envelope(&self, o: &EWall, upper: bool) -> EWall {
        match (self, o) {
            (EWall::Fin(a), EWall::Fin(b)) => EWall::Fin(a.envelope(b, upper)),
            // The infinity in the envelope's direction wins, the other loses.
            (EWall::Inf(p), other) | (other, EWall::Inf(p)) => {
                if *p == upper {
                    EWall::Inf(*p)
                } else {
                    other.clone()
                }
            }
        }
    }
    fn eval(&self, t: &Q) -> ExtQ {
        match self {
            EWall::Fin(w) => ExtQ::Finite(w.eval(t)),
            EWall::Inf(true) => ExtQ::PosInf,
            EWall::Inf(false) => ExtQ::NegInf,
        }
    }
}

/// The first `t >= -1` with `a(t) <= b(t)`; `INF` if never.
fn first_at_or_below(a: &EWall, b: &EWall) -> ExtQ {
    match (a, b) {
        (EWall::Inf(false), _) | (_, EWall::Inf(true)) => ExtQ::Finite(Q::from_int(-1)),
        (EWall::Inf(true), _) | (_, EWall::Inf(false)) => ExtQ::PosInf,
        (EWall::Fin(x), EWall::Fin(y)) => x.first_at_or_below(y).map_or(ExtQ::PosInf, ExtQ::Finite),
    }
}

/// The last `t >= -1` with `a(t) >= b(t)` (-1 if none; `INF` if for ever).
fn last_at_or_above(a: &EWall, b: &EWall) -> ExtQ {
    match (a, b) {
        (EWall::Inf(false), _) | (_, EWall::Inf(true)) => ExtQ::Finite(Q::from_int(-1)),
        (EWall::Inf(true), _) | (_, EWall::Inf(false)) => ExtQ::PosInf,
        (EWall::Fin(x), EWall::Fin(y)) => {
            let at_m1 = Q::from_int(-1);
            if x.eval(&at_m1) < y.eval(&at_m1) {
                ExtQ::Finite(at_m1)
            } else {
                // `None` here: walls that never part, a masted model's
                // (a terminal's number): its mast is where they met.
                x.last_at_or_above(y).map_or_else(|| first_at_or_below(a, b), ExtQ::Finite)
            }
        }
    }
}

/// A node's walls in one model: its scaffolds, the masted walls its parent
/// uses, and the mast `(t, value)` if the walls meet.
#[derive(Clone, Debug)]
struct Model {
    sl: EWall,
    sr: EWall,
    left: EWall,
    right: EWall,
    mast: Option<(Q, Q)>,
}

impl Model {
    fn masted(left: EWall, right: EWall, mast: (Q, Q)) -> Model {
        Model { sl: left.clone(), sr: right.clone(), left, right, mast: Some(mast) }
    }
    /// Ordinary thermography on (possibly infinite) scaffolds.
    fn from_scaffolds(sl: EWall, sr: EWall) -> Model {
        let m1 = Q::from_int(-1);
        let (lo, hi) = (sl.eval(&m1), sr.eval(&m1));
        if lo < hi {
            // A number: the simplest between the scaffolds at t = -1.
            let x = simplest_in(&lo, &hi);
            let th = Thermograph::of_number(&x);
            let mut m = Model::masted(EWall::Fin(th.left_wall().clone()), EWall::Fin(th.right_wall().clone()), (th.temperature().clone(), x));
            m.sl = sl;
            m.sr = sr;
            return m;
        }
        if let (EWall::Fin(a), EWall::Fin(b)) = (&sl, &sr) {
            if let Some(t) = a.first_at_or_below(b) {
                let (left, right) = (a.with_mast_at(&t), b.with_mast_at(&t));
                let v = left.eval(&t);
                return Model { left: EWall::Fin(left), right: EWall::Fin(right), mast: Some((t, v)), sl, sr };
            }
        }
        // The walls never meet: no mast, the scaffolds are the walls.
        Model { left: sl.clone(), right: sr.clone(), mast: None, sl, sr }
    }
}

/// A game tree MT-search can explore without being told its structure:
/// children are numbered from 1 per side, terminals carry their value.
pub trait MtGame {
    type Node: Clone;
    fn root(&self) -> Self::Node;
    /// The `k`-th child (from 1) on `side`, if it exists.
    fn child(&self, node: &Self::Node, side: Side, k: u32) -> Option<Self::Node>;
    /// `Some(value)` at a terminal.
    fn value(&self, node: &Self::Node) -> Option<Q>;
}

/// A typed game tree as an application: a node is a subgame, numbers are
/// terminals (their value), options are numbered as written.
impl MtGame for crate::notation::GameTree {
    type Node = crate::game::GameId;
    fn root(&self) -> Self::Node {
        crate::notation::GameTree::root(self)
    }
    fn child(&self, node: &Self::Node, side: Side, k: u32) -> Option<Self::Node> {
        let opts = match side {
            Side::Left => self.arena().left(*node),
            Side::Right => self.arena().right(*node),
        };
        opts.get(k as usize - 1).copied()
    }
    fn value(&self, node: &Self::Node) -> Option<Q> {
        self.arena().as_number(*node).cloned()
    }
}

/// What the application answers for a proposed path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The path leaves the game (a child that does not exist).
    NotExists,
    /// The path, extended by first children in alternating directions to a
    /// terminal, and the terminal's value.
    Terminal(Path, Q),
}

/// The application's `outcome(path)` of the paper: NOT_EXISTS if the path
/// leaves the game; else extend it with FIRST children, alternating sides
/// (after a Left step a Right child, and so on; Left first from the root),
/// until a terminal; a side with no children gives way to the other.
pub fn outcome<G: MtGame>(game: &G, path: &Path) -> Outcome {
    let mut node = game.root();
    for &(side, k) in &path.steps {
        match game.child(&node, side, k) {
            Some(c) => node = c,
            None => return Outcome::NotExists,
        }
    }
    let mut steps = path.steps.clone();
    let mut next = match steps.last() {
        Some((Side::Left, _)) => Side::Right,
        _ => Side::Left,
    };
    loop {
        if let Some(v) = game.value(&node) {
            return Outcome::Terminal(Path { steps }, v);
        }
        let (side, c) = match game.child(&node, next, 1) {
            Some(c) => (next, c),
            None => match game.child(&node, next.other(), 1) {
                Some(c) => (next.other(), c),
                // Neither side has a child and no value: treat as 0 (a game
                // with no moves). Applications give terminals a value.
                None => return Outcome::Terminal(Path { steps }, Q::zero()),
            },
        };
        steps.push((side, 1));
        node = c;
        next = side.other();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        let p: Path = "L1R12l3".parse().unwrap();
        assert_eq!(p.to_string(), "L1R12L3");
        assert_eq!("".parse::<Path>().unwrap().steps().len(), 0);
        assert_eq!("L0".parse::<Path>().unwrap_err().to_string(), "path `L0`, column 2: expected a child number from 1 (e.g. L1R2)");
        assert_eq!("L1X2".parse::<Path>().unwrap_err().to_string(), "path `L1X2`, column 3: expected L or R");
        assert!("L99999999999".parse::<Path>().is_err());
    }

    #[test]
    fn conflicts_are_errors() {
        let mut t = MtTree::default();
        t.add_node(&"L1".parse().unwrap(), Q::from_int(3)).unwrap();
        assert!(t.add_node(&"L1".parse().unwrap(), Q::from_int(3)).is_ok());
        let e = t.add_node(&"L1".parse().unwrap(), Q::from_int(4)).unwrap_err();
        assert_eq!(e.to_string(), "path `L1`: it was reported as 3 before");
        let e = t.add_node(&"L1R1".parse().unwrap(), Q::zero()).unwrap_err();
        assert_eq!(e.to_string(), "path `L1R1`: `L1` is a terminal");
        t.mark_empty(&"".parse().unwrap(), Side::Right).unwrap();
        assert!(t.add_node(&"R1".parse().unwrap(), Q::zero()).is_err());
    }
}
