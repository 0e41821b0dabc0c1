//! Go endgames as sums of local games (Berlekamp and Wolfe, Mathematical Go,
//! 1994): a board whose stones the user has marked safe or not falls into
//! regions, and each region is a combinatorial game whose final positions
//! are counts. The rules are documented for players in `docs/go.md`; in
//! short:
//!
//! - **Safe stones** (`X`, `O`) are alive whatever happens and are never
//!   captured; a stone joined to a safe stone of its colour is safe too.
//!   Other stones (`x`, `o`) can be captured.
//! - **The count** is Japanese-style: territory plus prisoners, Black's
//!   minus White's. A captured stone is one point for the capturer.
//! - **Settled territory**: an empty area (4-connected empty points) whose
//!   bordering stones are all safe stones of one colour is that colour's
//!   territory; nobody plays inside it (invasions are not considered, and
//!   filling one's own territory only loses points). Every other empty point
//!   is open: dame between both colours' safe stones is worth nothing but a
//!   move (`*`).
//! - **Moves**: a stone on an open point, legal in Go (captures first; no
//!   suicide).
//! - **Refused, never guessed**: a ko (a capture of one stone by one stone
//!   that could be taken back at once) makes play loopy, which these values
//!   cannot express, so a position reached by a ko capture is refused with
//!   the ko's point; so is a region of the board's position where nobody
//!   may move but points are still open, or a seki ([`Trouble`]; deep in
//!   a search such a position is final, its value its count). Each
//!   refusal names its region's points ([`marked_points`]). Regions too
//!   large for the budget are refused as every ruleset's are.
//! - **Own stones in own territory**: a side's unsafe stones in an area
//!   bordered only by its safe stones, with no opposing stone, are safe.
//!
//! **Components.** Safe stones cut the board into regions; the engine values
//! each region (cropped, with its safe neighbours) and adds them. Settled
//! territory and prisoners are a number, its own component: a prisoner is
//! a number added to the local game (so a capture's option is `k + G`,
//! not a game whose leaves were shifted by `k`: the simplest-number rule is
//! not shift-invariant).
//!
//! Text (the format `cgt game list` gives): rows top to bottom separated by
//! `|`; `x` black (Left), `o` white (Right), `.` empty, `X` / `O` safe
//! stones, `#` a point not on the board (to cut a corner out of a big
//! board). Then optionally a count already banked (`+3`, `-2`: prisoners)
//! and the point where a ko was just taken (`ko=C3`). A component that is
//! only a number prints as that number. Points are named as Go players do:
//! columns `A`-`Z` without `I`, rows numbered from 1 at the bottom (`C3`).

mod planes;
pub(crate) mod session;

use super::engine::EngineError;
use super::{snippet, Preset, Ruleset, RulesetInfo};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use planes::{Plane, Planes};
use std::fmt;
use std::str::FromStr;

/// `cgt game go`, `?r=go`.
pub const NAME: &str = "go";

/// Most rows or columns (column letters `A`-`Z` without `I`).
pub const MAX_SIDE: usize = 25;

/// Most points (open points and stones that can be captured) a region may
/// have to be valued: play in a region grows about sevenfold with every two
/// points (an open area of 12 takes about a second), and a big region would
/// only run into the budget after a long time. Larger regions are refused
/// at once, saying how to make them smaller.
pub const MAX_REGION: usize = 24;

/// Largest count a text may carry (prisoners are counted in `i64`).
const MAX_COUNT: i64 = 1_000_000_000;

const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A point's content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Point {
    Empty = 0,
    Black = 1,
    White = 2,
    SafeBlack = 3,
    SafeWhite = 4,
    /// Not on the board (`#`).
    Off = 5,
}

impl Point {
    /// The point's symbol in the text format.
    pub fn symbol(self) -> char {
        match self {
            Point::Empty => '.',
            Point::Black => 'x',
            Point::White => 'o',
            Point::SafeBlack => 'X',
            Point::SafeWhite => 'O',
            Point::Off => '#',
        }
    }
    fn colour(self) -> Option<Side> {
        match self {
            Point::Black | Point::SafeBlack => Some(Side::Left),
            Point::White | Point::SafeWhite => Some(Side::Right),
            _ => None,
        }
    }
    fn is_safe(self) -> bool {
        matches!(self, Point::SafeBlack | Point::SafeWhite)
    }
    /// The same point with the colours swapped.
    fn swapped(self) -> Point {
        match self {
            Point::Black => Point::White,
            Point::White => Point::Black,
            Point::SafeBlack => Point::SafeWhite,
            Point::SafeWhite => Point::SafeBlack,
            p => p,
        }
    }
}

/// Go in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Go endgames",
    rules: "Black (Left) and White (Right) place stones on empty points; a group without liberties is captured, one point a stone, and a move may not leave its own group without liberties. Stones marked safe (X, O) live whatever happens; an empty area bordered only by one colour's safe stones is that colour's territory, and nobody plays inside it. The count is territory plus prisoners (Japanese style), Black's minus White's, and each region between safe stones is a game whose final positions are counts (Berlekamp and Wolfe's Mathematical Go). A ko that matters is refused rather than guessed, and so is a seki.",
    source: "Berlekamp and Wolfe (1994), Mathematical Go: Chilling Gets the Last Point; Müller (1995), Computer Go as a Sum of Local Games; Benson (1976), Life in the game of Go",
    format: "rows top to bottom separated by `|`: `x` black, `o` white, `.` empty, `X`/`O` safe stones, `#` off the board; then optionally the prisoners already taken (`+2`) and a ko just taken (`ko=C3`)",
    example: "XXX#OXX|O.o#O..",
    players: ["Black", "White"],
    presets: &[
        Preset { name: "Dame", position: "XXO|X.O|XOO", value: "*", source: "Sensei's Library (n.d.), Tinies and Minies (Spight): an unchilled * is a dame" },
        Preset { name: "A stone to take or save", position: "XXX|O.o", value: "{2|0}", source: "Sensei's Library (n.d.), Infinitesimals (Spight): {2|0}, chilled *" },
        Preset { name: "Corridor: up", position: "XXXX|O..o", value: "{3|{2|0}}", source: "Sensei's Library (n.d.), Infinitesimals (Spight): {3||2|0}, chilled 2^" },
        Preset { name: "Half-point corridor", position: "OXX|O..", value: "{1|*}", source: "Sensei's Library (n.d.), Practical Endgame Test 8 (Spight): count 1/2" },
        Preset { name: "Three-quarter corridor", position: "OXXX|O...", value: "{2|{1|*}}", source: "Sensei's Library (n.d.), Practical Endgame Test 8 (Spight): count 1 1/4, miai value 3/4" },
        Preset { name: "Tiny", position: "OXXXX|O..oo", value: "{5|{4|0}}", source: "Sensei's Library (n.d.), Tinies and Minies (Spight): 4 + tiny-2, White's sente" },
        Preset { name: "Two stones to take or save", position: "OXXX|O.oo", value: "{4|0}", source: "Müller (2025), slides on gote: 4|0, a 2-point gote" },
        Preset { name: "White's sente", position: "OXXXXXX|O..oooo", value: "{9|{8|0}}", source: "Müller (2025), slides on sente: 9||8|0" },
    ],
};

/// Why a text is not a Go position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoError {
    /// Row `row`, column `col` (1-based, from the top left) holds `found`.
    Point { row: usize, col: usize, found: String },
    /// Row `row` has `len` points where the first row has `expected`.
    Ragged { row: usize, len: usize, expected: usize },
    /// More than [`MAX_SIDE`] rows or columns.
    TooLarge { rows: usize, cols: usize },
    /// No rows.
    Empty,
    /// A word after the rows that is neither a count nor `ko=POINT`.
    Suffix { found: String },
    /// `ko=POINT` names no point of the board, or no ko can be taken back
    /// there.
    Ko { point: String },
    /// A group without liberties (it would have been captured).
    NoLiberty { point: String },
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoError::Point { row, col, found } => write!(
                f,
                "row {row}, column {col}: found `{found}`, expected `x` (black), `o` (white), `X` or `O` (safe stones), `.` (empty) or `#` (off the board)"
            ),
            GoError::Ragged { row, len, expected } => {
                write!(f, "row {row} has {len} points, expected {expected} like the first row (rows are separated by `|`)")
            }
            GoError::TooLarge { rows, cols } => write!(f, "the board is {cols} x {rows}; at most {MAX_SIDE} x {MAX_SIDE}"),
            GoError::Empty => write!(f, "no rows: expected rows of `x`, `o`, `X`, `O`, `.` and `#` separated by `|`"),
            GoError::Suffix { found } => write!(f, "after the rows: found `{found}`, expected a count such as `+2` or `-1` (prisoners), or `ko=C3`"),
            GoError::Ko { point } => write!(f, "`ko={point}`: expected an empty point of the board where one stone can be taken back"),
            GoError::NoLiberty { point } => write!(f, "the stones at {point} have no liberty (a group without liberties is captured)"),
        }
    }
}

impl std::error::Error for GoError {}

/// A move: a stone on a point, named as Go players do (`C3`: column
/// letter without `I`, row from 1 at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoMove {
    /// Row from 0 at the top, column from 0 at the left.
    pub row: u8,
    pub col: u8,
    /// The board's height (for the name's row number).
    pub height: u8,
}

impl fmt::Display for GoMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", point_name(self.row as usize, self.col as usize, self.height as usize))
    }
}

/// A point's name on a board `height` rows high: `C3`.
pub fn point_name(row: usize, col: usize, height: usize) -> String {
    let c = COLUMNS.get(col).map(|&b| b as char).unwrap_or('?');
    format!("{c}{}", height - row)
}

/// A Go position: a board (or a cropped region of one) and the count
/// already banked.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Go {
    width: u8,
    height: u8,
    points: Box<[Point]>,
    /// Prisoners (and, in a number component, settled territory): Black's
    /// minus White's.
    count: i64,
    /// The point where one stone was just captured by one stone: a move
    /// there that captures exactly one stone is the forbidden immediate
    /// retake, and the position is refused for values (play is loopy).
    ko: Option<u16>,
    /// Valuing only ([`Go::kos_won_by`]): the side that may take no ko
    /// (a capture of one stone by one stone that could be taken back at
    /// once), so that the other side wins every ko and play always ends.
    no_ko: Option<Side>,
    /// With `no_ko`: that side may capture nothing at all (the fallback when
    /// even without its retakes play can cycle, as when each side in turn
    /// plays twice to take two stones).
    no_capture: bool,
}

/// Eight points to a word: the engine hashes a position for every option
/// of every position it values.
impl std::hash::Hash for Go {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u16((self.width as u16) << 8 | self.height as u16);
        for chunk in self.points.chunks(8) {
            state.write_u64(chunk.iter().fold(0u64, |a, &p| a << 8 | p as u64));
        }
        self.count.hash(state);
        self.ko.hash(state);
        self.no_ko.hash(state);
        self.no_capture.hash(state);
    }
}

impl Go {
    pub fn width(&self) -> usize {
        self.width as usize
    }
    pub fn height(&self) -> usize {
        self.height as usize
    }
    /// Prisoners already taken (Black's minus White's).
    pub fn count(&self) -> i64 {
        self.count
    }
    /// The point at (`row`, `col`), from 0 at the top left.
    pub fn point(&self, row: usize, col: usize) -> Option<Point> {
        (row < self.height() && col < self.width()).then(|| self.points[row * self.width() + col])
    }
    /// The ko point, if a ko was just taken.
    pub fn ko_point(&self) -> Option<(usize, usize)> {
        self.ko.map(|k| (k as usize / self.width(), k as usize % self.width()))
    }
    /// An empty `width` x `height` board.
    pub fn empty(width: usize, height: usize) -> Result<Go, GoError> {
        if width == 0 || height == 0 {
            return Err(GoError::Empty);
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(GoError::TooLarge { rows: height, cols: width });
        }
        Ok(Go {
            width: width as u8,
            height: height as u8,
            points: vec![Point::Empty; width * height].into(),
            count: 0,
            ko: None,
            no_ko: None,
            no_capture: false,
        })
    }
    /// The board with (`row`, `col`) set to `p` (the editor): groups left
    /// without liberties are taken off, and the ko is forgotten. `None` off
    /// the board.
    pub fn with_point(&self, row: usize, col: usize, p: Point) -> Option<Go> {
        if row >= self.height() || col >= self.width() {
            return None;
        }
        let mut points = self.points.clone();
        points[row * self.width() + col] = p;
        let mut g = Go { points, ko: None, ..self.clone() };
        g.settle_stones();
        // The edited stone survives; groups it leaves without liberties go.
        let i = row * g.width() + col;
        for j in 0..g.points.len() {
            if j != i && g.points[j].colour().is_some() && !g.points[j].is_safe() && !g.group_of(j).1 {
                let (group, _) = g.group_of(j);
                for k in group {
                    g.points[k] = Point::Empty;
                }
            }
        }
        if g.points[i].colour().is_some() && !g.group_of(i).1 {
            for k in g.group_of(i).0 {
                g.points[k] = Point::Empty;
            }
        }
        Some(g)
    }
    /// The same position with `count` banked.
    pub fn with_count(&self, count: i64) -> Go {
        Go { count, ..self.clone() }
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (w, h) = (self.width(), self.height());
        let (r, c) = (i / w, i % w);
        let up = (r > 0).then(|| i - w);
        let down = (r + 1 < h).then(|| i + w);
        let left = (c > 0).then(|| i - 1);
        let right = (c + 1 < w).then(|| i + 1);
        [up, left, right, down].into_iter().flatten()
    }

    /// The group of the stone at `i` and whether it lives on: it has a
    /// liberty or is safe (a safe stone in it).
    fn group_of(&self, i: usize) -> (Vec<usize>, bool) {
        let colour = self.points[i].colour();
        let mut group = vec![i];
        let mut seen = vec![false; self.points.len()];
        seen[i] = true;
        let mut alive = self.points[i].is_safe();
        let mut k = 0;
        while k < group.len() {
            let j = group[k];
            k += 1;
            for n in self.neighbours(j) {
                let p = self.points[n];
                if p == Point::Empty {
                    alive = true;
                } else if p.colour() == colour && !seen[n] {
                    seen[n] = true;
                    alive |= p.is_safe();
                    group.push(n);
                }
            }
        }
        (group, alive)
    }

    fn planes<const N: usize>(&self) -> Planes<N> {
        Planes::new(self.width(), self.height(), &self.points)
    }

    /// Marks safe every stone that cannot be captured: stones joined to a
    /// safe stone of their colour, and groups that are alive whatever the
    /// opponent does by Benson's test (two eyes, each an area all of whose
    /// empty points touch the group), until nothing changes.
    fn settle_stones(&mut self) {
        let mut p = self.planes::<MAX_SIDE>();
        settle(&mut p);
        p.write(self.width(), &mut self.points);
    }

    /// Settled territory (see `docs/go.md`): for each colour, the connected
    /// sets of empty points and opposing unsafe stones bordered by that
    /// colour's safe stones only, that are either empty or can never hold
    /// an eye (every empty point touches the wall). Returns the open points
    /// (empty, not settled), the settled points, and the settled count:
    /// each point is territory and each dead stone also a prisoner.
    fn settled_planes<const N: usize>(p: &Planes<N>) -> (Plane<N>, Plane<N>, i64) {
        let empty = p.empty();
        let mut settled = Plane::default();
        let mut count = 0i64;
        // Each empty area once; a side's territory grows from it through
        // opposing stones that are not safe. An area touching a safe stone
        // of the other colour is not that side's (and most areas, touching
        // both colours' safe stones, are nobody's: one flood, not three).
        let mut seen = [Plane::default(), Plane::default()];
        let mut left = empty;
        while let Some((r, c)) = left.first() {
            let e = p.flood(Plane::single(r, c), empty);
            left = left.minus(e);
            let rim = p.nbrs(e).minus(e);
            for side in Side::BOTH {
                let (own, opp) = match side {
                    Side::Left => (p.black, p.white),
                    Side::Right => (p.white, p.black),
                };
                let i = side.index();
                if !rim.and(opp).and(p.safe).is_empty() || e.minus(seen[i]).is_empty() {
                    continue;
                }
                let wall = own.and(p.safe);
                let area = p.flood(e, empty.or(opp.minus(p.safe)));
                seen[i] = seen[i].or(area);
                let border = p.nbrs(area).minus(area);
                if border.is_empty() || !border.minus(wall).is_empty() {
                    continue;
                }
                let dead = area.and(opp);
                let small = area.and(empty).minus(p.nbrs(wall)).is_empty();
                if !dead.is_empty() && !small {
                    continue;
                }
                let points = (area.count() + dead.count()) as i64;
                count += if side == Side::Left { points } else { -points };
                settled = settled.or(area);
            }
        }
        (empty.minus(settled), settled, count)
    }

    /// The board after `side` puts a stone on (`r`, `c`) (an empty point),
    /// if legal: opposing groups left without liberties are captured first,
    /// then the stone's own group must live. Returns the planes after, the
    /// stones captured, and the ko point (one stone taken by one stone).
    #[allow(clippy::type_complexity)]
    fn place_planes<const N: usize>(&self, p: &Planes<N>, side: Side, r: usize, c: usize) -> Option<(Planes<N>, u32, Option<(usize, usize)>)> {
        let at = Plane::single(r, c);
        if p.empty().and(at).is_empty() {
            return None;
        }
        let mut q = *p;
        let (own, opp) = match side {
            Side::Left => (&mut q.black, &mut q.white),
            Side::Right => (&mut q.white, &mut q.black),
        };
        *own = own.or(at);
        let (own_now, opp_now) = (*own, *opp);
        let empty_after = q.on.minus(own_now.or(opp_now));
        let mut captured = Plane::default();
        for (nr, nc) in p.nbrs(at).and(opp_now.minus(q.safe)).points() {
            if captured.has(nr, nc) {
                continue;
            }
            let grp = p.flood(Plane::single(nr, nc), opp_now);
            if grp.and(q.safe).is_empty() && p.nbrs(grp).and(empty_after).is_empty() {
                captured = captured.or(grp);
            }
        }
        match side {
            Side::Left => q.white = q.white.minus(captured),
            Side::Right => q.black = q.black.minus(captured),
        }
        let own_now = if side == Side::Left { q.black } else { q.white };
        let grp = p.flood(at, own_now);
        let safe = !grp.and(q.safe).is_empty();
        let libs = p.nbrs(grp).and(q.empty());
        if !safe && libs.is_empty() {
            return None;
        }
        if safe {
            q.safe = q.safe.or(grp);
        }
        let n = captured.count();
        let ko = (n == 1 && grp.count() == 1 && !safe && libs == captured).then(|| captured.first()).flatten();
        // A capture that leaves the capturer in atari can be answered by a
        // capture back: kos, and the longer cycles (sending two, returning
        // one) are made of these.
        let retakable = n > 0 && !safe && libs.count() == 1;
        let barred = self.no_ko == Some(side) && (retakable || (self.no_capture && n > 0));
        let i = (r * self.width() + c) as u16;
        if (self.ko == Some(i) && n == 1) || barred {
            // The immediate retake of a ko, or a ko this side may not take.
            return None;
        }
        let ko = if self.no_ko.is_some() { None } else { ko };
        Some((q, n, ko))
    }

    /// The position after a placement by `side` that took `n` stones.
    fn placed<const N: usize>(&self, p: &Planes<N>, q: &Planes<N>, n: u32, ko: Option<(usize, usize)>, side: Side) -> Go {
        let mut points = self.points.clone();
        // Only the points the move changed: its stone, the captured
        // stones, a group made safe.
        let changed = p.black.minus(q.black).or(q.black.minus(p.black)).or(p.white.minus(q.white)).or(q.white.minus(p.white)).or(q.safe.minus(p.safe));
        for (r, c) in changed.points() {
            points[r * self.width() + c] = q.point(r, c);
        }
        let gain = if side == Side::Left { n as i64 } else { -(n as i64) };
        let ko = ko.map(|(kr, kc)| (kr * self.width() + kc) as u16);
        Go { width: self.width, height: self.height, points, count: self.count.saturating_add(gain), ko, no_ko: self.no_ko, no_capture: self.no_capture }
    }

    fn stones_without_liberty(&self) -> Option<usize> {
        (0..self.points.len()).find(|&i| self.points[i].colour().is_some() && !self.group_of(i).1)
    }
}

/// Marks safe what can never be captured (see [`Go::settle_stones`]).
fn settle<const N: usize>(p: &mut Planes<N>) {
    loop {
        // Joined to a safe stone.
        for colour in [p.black, p.white] {
            let safe = p.flood(colour.and(p.safe), colour);
            p.safe = p.safe.or(safe);
        }
        let walled = walled_own(p);
        if !benson(p, Side::Left) && !benson(p, Side::Right) && !walled {
            return;
        }
    }
}

/// Stones of a side inside that side's own walled territory are safe: a
/// connected set of empty points and the side's unsafe stones bordered
/// only by the side's safe stones holds no opposing stone, and nobody
/// plays inside settled territory (invasions are not considered), so the
/// stones need no defence; the empty points are then territory. Whether
/// any was.
fn walled_own<const N: usize>(p: &mut Planes<N>) -> bool {
    let mut any = false;
    for side in Side::BOTH {
        let own = match side {
            Side::Left => p.black,
            Side::Right => p.white,
        };
        let loose = own.minus(p.safe);
        if loose.is_empty() {
            continue;
        }
        let wall = own.and(p.safe);
        let within = p.empty().or(loose);
        let mut left = loose;
        while let Some((r, c)) = left.first() {
            let area = p.flood(Plane::single(r, c), within);
            left = left.minus(area);
            let border = p.nbrs(area).minus(area);
            if border.is_empty() || !border.minus(wall).is_empty() {
                continue;
            }
            p.safe = p.safe.or(area.and(loose));
            any = true;
        }
    }
    any
}

/// Benson's unconditional life for `side`'s unsafe groups (safe stones
/// count as alive walls); marks the living groups safe. Whether any was.
fn benson<const N: usize>(p: &mut Planes<N>, side: Side) -> bool {
    let (own, opp) = match side {
        Side::Left => (p.black, p.white),
        Side::Right => (p.white, p.black),
    };
    let unsafe_own = own.minus(p.safe);
    if unsafe_own.is_empty() {
        return false;
    }
    let empty = p.empty();
    // Regions: connected sets of points without `side`'s stones. Only those
    // without a safe opposing stone can be eyes: those with one go in one
    // flood, and most positions of a region's search stop here (two eyes
    // need two points at least).
    let free = p.on.minus(own);
    let mut left = free.minus(p.flood(opp.and(p.safe), free));
    if left.count() < 2 {
        return false;
    }
    let mut regions: Vec<Plane<N>> = Vec::new();
    while let Some((r, c)) = left.first() {
        let reg = p.flood(Plane::single(r, c), free);
        left = left.minus(reg);
        regions.push(reg);
    }
    if regions.len() < 2 {
        return false;
    }
    let mut groups: Vec<Plane<N>> = Vec::new();
    let mut rest = unsafe_own;
    while let Some((r, c)) = rest.first() {
        let g = p.flood(Plane::single(r, c), unsafe_own);
        rest = rest.minus(g);
        groups.push(g);
    }
    // For each region: the groups bordering it, and those it is vital to
    // (every empty point of it touches the group).
    let info: Vec<(Vec<usize>, Vec<usize>)> = regions
        .iter()
        .map(|reg| {
            let around = p.nbrs(*reg);
            let border: Vec<usize> = (0..groups.len()).filter(|&g| !groups[g].and(around).is_empty()).collect();
            let holes = reg.and(empty);
            let vital = border.iter().copied().filter(|&g| holes.minus(p.nbrs(groups[g])).is_empty()).collect();
            (border, vital)
        })
        .collect();
    let mut alive = vec![true; groups.len()];
    let mut healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (g, live) in alive.iter_mut().enumerate() {
            if *live && info.iter().enumerate().filter(|(r, (_, v))| healthy[*r] && v.contains(&g)).count() < 2 {
                *live = false;
                changed = true;
            }
        }
        for (r, (border, _)) in info.iter().enumerate() {
            if healthy[r] && border.iter().any(|&g| !alive[g]) {
                healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut any = false;
    for (g, plane) in groups.iter().enumerate() {
        if alive[g] {
            any = true;
            p.safe = p.safe.or(*plane);
        }
    }
    any
}

impl Ruleset for Go {
    type Move = GoMove;
    type Error = GoError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<Go, GoError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<GoMove> {
        by_rows!(self, moves_n(side))
    }
    fn play_all(&self, side: Side) -> Vec<(GoMove, Go)> {
        by_rows!(self, play_all_n(side))
    }
    fn play(&self, side: Side, m: GoMove) -> Option<Go> {
        let (r, c) = (m.row as usize, m.col as usize);
        if r >= self.height() || c >= self.width() || m.height != self.height {
            return None;
        }
        by_rows!(self, play_n(side, r, c))
    }
    fn components(&self) -> Vec<Go> {
        if self.ko.is_some() || self.points.is_empty() {
            return vec![self.clone()];
        }
        by_rows!(self, components_n())
    }
    fn size(&self) -> usize {
        by_rows!(self, size_n())
    }
    fn known_value(&self, canon: &mut Canon, _max_positions: usize) -> Option<Result<CanonId, EngineError>> {
        self.known(canon)
    }
    fn normalised_signed(&self) -> (Go, bool) {
        self.key()
    }
    fn normalised(&self) -> Go {
        self.clone()
    }
}

/// Calls `self.$f::<N>(...)` with `N` the fewest rows the board needs,
/// among a few sizes: the searches' boards (regions cut out with a margin)
/// are mostly a few rows high, and every plane operation touches every row.
macro_rules! by_rows {
    ($go:expr, $f:ident($($arg:expr),*)) => {{
        let go = $go;
        if go.height() <= 4 {
            go.$f::<4>($($arg),*)
        } else if go.height() <= 8 {
            go.$f::<8>($($arg),*)
        } else {
            go.$f::<MAX_SIDE>($($arg),*)
        }
    }};
}
use by_rows;

/// The rules of [`Ruleset`] for a board of at most `N` rows.
impl Go {
    fn moves_n<const N: usize>(&self, side: Side) -> Vec<GoMove> {
        let p = self.planes::<N>();
        let (open, _, _) = Go::settled_planes(&p);
        open.points()
            .filter(|&(r, c)| self.place_planes(&p, side, r, c).is_some())
            .map(|(r, c)| GoMove { row: r as u8, col: c as u8, height: self.height })
            .collect()
    }
    fn play_all_n<const N: usize>(&self, side: Side) -> Vec<(GoMove, Go)> {
        let p = self.planes::<N>();
        let (open, _, _) = Go::settled_planes(&p);
        open.points()
            .filter_map(|(r, c)| {
                let (q, n, ko) = self.place_planes(&p, side, r, c)?;
                Some((GoMove { row: r as u8, col: c as u8, height: self.height }, self.placed(&p, &q, n, ko, side)))
            })
            .collect()
    }
    fn play_n<const N: usize>(&self, side: Side, r: usize, c: usize) -> Option<Go> {
        let p = self.planes::<N>();
        if !Go::settled_planes(&p).0.has(r, c) {
            return None;
        }
        let (q, n, ko) = self.place_planes(&p, side, r, c)?;
        Some(self.placed(&p, &q, n, ko, side))
    }
    fn components_n<const N: usize>(&self) -> Vec<Go> {
        let mut p = self.planes::<N>();
        settle(&mut p);
        self.split(&p)
    }
    fn size_n<const N: usize>(&self) -> usize {
        Go::settled_planes(&self.planes::<N>()).0.count() as usize
    }
}

impl Go {
    /// The live parts of this position with its stones settled as `p`
    /// says, and the number banked.
    fn split<const N: usize>(&self, p: &Planes<N>) -> Vec<Go> {
        let (open, settled, territory) = Go::settled_planes(p);
        let live = open.or(p.black.or(p.white).minus(p.safe).minus(settled));
        let w = self.width();
        let mut out = Vec::new();
        let mut left = live;
        while let Some((r, c)) = left.first() {
            let part = p.flood(Plane::single(r, c), live);
            left = left.minus(part);
            // The part's box with a margin of one point (its safe
            // neighbours), clipped to the board; the rest is off the board.
            let (r0, r1, c0, c1) = part.bounds().expect("a part has a point");
            let (r0, c0) = (r0.saturating_sub(1), c0.saturating_sub(1));
            let (r1, c1) = ((r1 + 1).min(self.height() - 1), (c1 + 1).min(w - 1));
            let keep = part.or(p.nbrs(part).and(p.safe));
            let (pw, ph) = (c1 - c0 + 1, r1 - r0 + 1);
            let mut points = Vec::with_capacity(pw * ph);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    points.push(if keep.has(r, c) { p.point(r, c) } else { Point::Off });
                }
            }
            out.push(Go { width: pw as u8, height: ph as u8, points: points.into(), count: 0, ko: None, no_ko: self.no_ko, no_capture: self.no_capture });
        }
        let banked = self.count.saturating_add(territory);
        if banked != 0 {
            out.push(Go::number(banked));
        }
        out
    }
    fn known(&self, canon: &mut Canon) -> Option<Result<CanonId, EngineError>> {
        by_rows!(self, known_n(canon))
    }
    fn known_n<const N: usize>(&self, canon: &mut Canon) -> Option<Result<CanonId, EngineError>> {
        if self.ko.is_some() {
            return Some(Err(EngineError::Refused { reason: "a ko arises in this region's play (one stone taken by one stone, which could be taken back at once); play in a ko is loopy, and these values do not cover it".into() }));
        }
        if self.points.is_empty() {
            return Some(canon.num(Q::from_int(self.count)).map_err(EngineError::from));
        }
        let p = self.planes::<N>();
        let (open, settled, territory) = Go::settled_planes(&p);
        let live = open.or(p.black.or(p.white).minus(p.safe).minus(settled));
        if live.is_empty() {
            return Some(canon.num(Q::from_int(self.count.saturating_add(territory))).map_err(EngineError::from));
        }
        let n = live.count() as usize;
        if n > MAX_REGION {
            return Some(Err(EngineError::Refused {
                reason: format!("a region of {n} points (open points and stones that can be captured) is too large to value exactly, at most {MAX_REGION}: mark the stones that live as safe (X, O), which cuts the board into regions, or value a corner (# marks points off the board)"),
            }));
        }
        // A position of the search where nobody can move is final: its
        // value is its count (the engine's 0 here, the banked count being
        // its own component), as in a seki under Japanese counting. Only
        // the position on the board is refused then ([`Go::check_regions`]).
        None
    }
    /// The least of the sixteen images (turns, mirrors, colours swapped),
    /// and whether it swapped the colours (then it is the negative).
    fn key(&self) -> (Go, bool) {
        if self.ko.is_some() {
            return (self.clone(), false);
        }
        if self.points.is_empty() {
            return if self.count < 0 { (Go::number(-self.count), true) } else { (self.clone(), false) };
        }
        // The least image: the widest shape first (a board's images are
        // w x h or h x w; few rows make the search's planes small), then
        // the points in row order, compared as they are made, a candidate
        // dropped at its first larger point. An image's point (rr, cc) is
        // the board's point base + rr * drow + cc * dcol.
        let (w, h) = (self.width(), self.height());
        let (nw, nh) = if w < h { (h, w) } else { (w, h) };
        let n = w * h;
        let (wi, hi) = (w as isize, h as isize);
        let walk = |t: u8| -> (isize, isize, isize) {
            let base = if t & 2 != 0 { (hi - 1) * wi } else { 0 } + if t & 1 != 0 { wi - 1 } else { 0 };
            let (dr, dc) = (if t & 2 != 0 { -wi } else { wi }, if t & 1 != 0 { -1 } else { 1 });
            // Transposed, the image's rows run along the board's columns.
            if t & 4 != 0 {
                (base, dc, dr)
            } else {
                (base, dr, dc)
            }
        };
        let image = |t: u8, swap: bool, from: usize, out: &mut Vec<Point>| {
            let (base, drow, dcol) = walk(t);
            for (k, o) in out.iter_mut().enumerate().skip(from) {
                let (rr, cc) = ((k / nw) as isize, (k % nw) as isize);
                let p = self.points[(base + rr * drow + cc * dcol) as usize];
                *o = if swap { p.swapped() } else { p };
            }
        };
        let first = if nw == w { 0 } else { 4 };
        let mut best: Vec<Point> = vec![Point::Off; n];
        image(first, false, 0, &mut best);
        let mut best_tag = (first, false);
        let tail = |swap: bool| (if swap { -self.count } else { self.count }, if swap { self.no_ko.map(Side::other) } else { self.no_ko });
        for swap in [false, true] {
            for t in 0..8u8 {
                let dims = if t & 4 != 0 { (h, w) } else { (w, h) };
                if dims != (nw, nh) || (t, swap) == best_tag {
                    continue;
                }
                let (base, drow, dcol) = walk(t);
                let mut order = std::cmp::Ordering::Equal;
                let mut k = 0;
                'rows: for rr in 0..nh as isize {
                    let mut i = base + rr * drow;
                    for _ in 0..nw {
                        let p = self.points[i as usize];
                        let p = if swap { p.swapped() } else { p };
                        order = p.cmp(&best[k]);
                        if order != std::cmp::Ordering::Equal {
                            break 'rows;
                        }
                        i += dcol;
                        k += 1;
                    }
                }
                let order = order.then_with(|| tail(swap).cmp(&tail(best_tag.1)));
                if order.is_lt() {
                    image(t, swap, k, &mut best);
                    best_tag = (t, swap);
                }
            }
        }
        let swap = best_tag.1;
        let (count, no_ko) = tail(swap);
        (Go { width: nw as u8, height: nh as u8, points: best.into(), count, ko: None, no_ko, no_capture: self.no_capture }, swap)
    }
}

/// What makes a region of the board's position unfit for valuing, found
/// before any search ([`Go::trouble`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// Points are open but neither side has a legal move there.
    NoMoves,
    /// Unsafe stones of both colours, and every legal move of either side
    /// captures nothing and leaves the mover's stones in atari: a seki.
    Seki,
}

/// The words a refusal ends its list of points with; the page marks the
/// points named just before them ([`marked_points`]).
pub const MARKED: &str = "(marked on the board)";

/// The point names listed just before each [`MARKED`] in a refusal's text
/// (`... the region of D1, D2 (marked on the board)` gives `D1`, `D2`).
pub fn marked_points(message: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = message;
    while let Some(i) = rest.find(MARKED) {
        let before = &rest[..i];
        let mut names: Vec<String> = Vec::new();
        for word in before.split_whitespace().rev() {
            let w = word.trim_end_matches(',');
            let mut chars = w.chars();
            let is_point = matches!(chars.next(), Some(c) if COLUMNS.contains(&(c as u8)))
                && !chars.as_str().is_empty()
                && chars.as_str().chars().all(|d| d.is_ascii_digit());
            if !is_point {
                break;
            }
            names.push(w.to_string());
        }
        names.reverse();
        out.extend(names);
        rest = &rest[i + MARKED.len()..];
    }
    out
}

impl Go {
    /// The live regions of the position (open points and stones that can
    /// be captured), each as its points (row, column from the top left),
    /// in the order of [`Ruleset::components`] (the banked number, last
    /// there, has no region).
    pub fn regions(&self) -> Vec<Vec<(usize, usize)>> {
        if self.points.is_empty() {
            return Vec::new();
        }
        by_rows!(self, regions_n())
    }
    fn regions_n<const N: usize>(&self) -> Vec<Vec<(usize, usize)>> {
        let mut p = self.planes::<N>();
        settle(&mut p);
        let (open, settled, _) = Go::settled_planes(&p);
        let live = open.or(p.black.or(p.white).minus(p.safe).minus(settled));
        let mut out = Vec::new();
        let mut left = live;
        while let Some((r, c)) = left.first() {
            let part = p.flood(Plane::single(r, c), live);
            left = left.minus(part);
            out.push(part.points().collect());
        }
        out
    }
    /// Points' names, joined by commas (`D1, D2`).
    pub fn names(&self, points: &[(usize, usize)]) -> String {
        points.iter().map(|&(r, c)| point_name(r, c, self.height())).collect::<Vec<_>>().join(", ")
    }
    /// What makes this region (a component) unfit for valuing, if
    /// anything: checked on the board's position only, since a position
    /// deep in a search where nobody can move is simply final.
    pub fn trouble(&self) -> Option<Trouble> {
        if self.points.is_empty() || self.ko.is_some() {
            return None;
        }
        by_rows!(self, trouble_n())
    }
    fn trouble_n<const N: usize>(&self) -> Option<Trouble> {
        let p = self.planes::<N>();
        let (open, settled, _) = Go::settled_planes(&p);
        let live = open.or(p.black.or(p.white).minus(p.safe).minus(settled));
        if live.is_empty() {
            return None;
        }
        let mut any = false;
        let mut all_self_atari = true;
        for (r, c) in open.points() {
            for side in Side::BOTH {
                let Some((q, n, _)) = self.place_planes(&p, side, r, c) else { continue };
                any = true;
                let own = if side == Side::Left { q.black } else { q.white };
                let grp = p.flood(Plane::single(r, c), own);
                let libs = p.nbrs(grp).and(q.empty()).count();
                if n > 0 || !grp.and(q.safe).is_empty() || libs != 1 {
                    all_self_atari = false;
                }
            }
        }
        if !any {
            return Some(Trouble::NoMoves);
        }
        let loose = |c: Plane<N>| !c.minus(p.safe).minus(settled).is_empty();
        (all_self_atari && loose(p.black) && loose(p.white)).then_some(Trouble::Seki)
    }
    /// The count when play has ended: prisoners, and the settled
    /// territory (each point, and each dead stone in it as a prisoner too).
    /// Open points (dame, a seki's shared points) count nothing.
    pub fn final_count(&self) -> i64 {
        if self.points.is_empty() {
            return self.count;
        }
        by_rows!(self, final_count_n())
    }
    fn final_count_n<const N: usize>(&self) -> i64 {
        let mut p = self.planes::<N>();
        settle(&mut p);
        self.count.saturating_add(Go::settled_planes(&p).2)
    }
    /// The position after a pass: the same stones, and the ko (if one was
    /// just taken) may be taken back now.
    pub fn passed(&self) -> Go {
        Go { ko: None, ..self.clone() }
    }
}

impl Go {
    /// The same position for valuing with `winner` winning every ko: the
    /// other side may take none (and the ko just taken, if any, is
    /// forgotten). A ko that matters gives different values for the two
    /// winners; one that does not (most kos in hopeless lines) gives the
    /// same, and that is the value (Go's session, `go/session.rs`, checks both).
    pub fn kos_won_by(&self, winner: Side) -> Go {
        Go { ko: None, no_ko: Some(winner.other()), no_capture: false, ..self.clone() }
    }
    /// As [`Go::kos_won_by`], but the other side may capture nothing: play
    /// then always ends (the loser's stones are only ever taken, the
    /// winner's only ever added). Still a bound: the loser only lost
    /// options.
    pub fn captures_only_by(&self, winner: Side) -> Go {
        Go { ko: None, no_ko: Some(winner.other()), no_capture: true, ..self.clone() }
    }
    /// A component that is only a number: `count` points banked.
    pub fn number(count: i64) -> Go {
        Go { width: 0, height: 0, points: Box::new([]), count, ko: None, no_ko: None, no_capture: false }
    }
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.points.is_empty() {
            return write!(f, "{}", self.count);
        }
        for r in 0..self.height() {
            if r > 0 {
                write!(f, "|")?;
            }
            for c in 0..self.width() {
                write!(f, "{}", self.points[r * self.width() + c].symbol())?;
            }
        }
        if self.count != 0 {
            write!(f, " {:+}", self.count)?;
        }
        if let Some((r, c)) = self.ko_point() {
            write!(f, " ko={}", point_name(r, c, self.height()))?;
        }
        Ok(())
    }
}

/// A count word: `+3`, `-2`, `0`.
fn parse_count(word: &str) -> Option<i64> {
    let digits = word.strip_prefix('+').unwrap_or(word);
    let n: i64 = digits.parse().ok()?;
    (n.abs() <= MAX_COUNT && !digits.starts_with('+')).then_some(n)
}

impl FromStr for Go {
    type Err = GoError;
    fn from_str(text: &str) -> Result<Go, GoError> {
        let text = text.trim();
        let mut words = text.split_whitespace();
        let Some(board) = words.next() else { return Err(GoError::Empty) };
        if let Some(n) = parse_count(board) {
            if let Some(w) = words.next() {
                return Err(GoError::Suffix { found: snippet(w) });
            }
            return Ok(Go::number(n));
        }
        let rows: Vec<&str> = board.split('|').collect();
        let width = rows[0].chars().count();
        if rows.len() > MAX_SIDE || width > MAX_SIDE {
            return Err(GoError::TooLarge { rows: rows.len(), cols: width });
        }
        let mut points = Vec::with_capacity(rows.len() * width);
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != width || len == 0 {
                return Err(GoError::Ragged { row: r + 1, len, expected: width });
            }
            for (c, ch) in row.chars().enumerate() {
                points.push(match ch {
                    '.' => Point::Empty,
                    'x' => Point::Black,
                    'o' => Point::White,
                    'X' => Point::SafeBlack,
                    'O' => Point::SafeWhite,
                    '#' => Point::Off,
                    _ => return Err(GoError::Point { row: r + 1, col: c + 1, found: ch.to_string() }),
                });
            }
        }
        let mut g = Go { width: width as u8, height: rows.len() as u8, points: points.into(), count: 0, ko: None, no_ko: None, no_capture: false };
        g.settle_stones();
        if let Some(i) = g.stones_without_liberty() {
            return Err(GoError::NoLiberty { point: point_name(i / g.width(), i % g.width(), g.height()) });
        }
        let mut count_seen = false;
        for w in words {
            if let (Some(n), false) = (parse_count(w), count_seen) {
                g.count = n;
                count_seen = true;
            } else if let Some(p) = w.strip_prefix("ko=") {
                let i = (0..g.points.len()).find(|&i| point_name(i / g.width(), i % g.width(), g.height()) == p);
                let Some(i) = i.filter(|&i| g.points[i] == Point::Empty) else { return Err(GoError::Ko { point: snippet(p) }) };
                g.ko = Some(i as u16);
            } else {
                return Err(GoError::Suffix { found: snippet(w) });
            }
        }
        Ok(g)
    }
}
