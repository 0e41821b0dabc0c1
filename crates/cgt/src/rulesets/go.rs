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
//!   the ko's point; so is a region where nobody may move but points are
//!   still open (a seki-like shape). Regions too large for the budget are
//!   refused as every ruleset's are.
//!
//! **Components.** Safe stones cut the board into regions; the engine values
//! each region (cropped, with its safe neighbours) and adds them. Settled
//! territory and prisoners are a number, its own component: a prisoner is
//! a number added to the local game (so a capture's option is `k + G`,
//! not a game whose leaves were shifted by `k`: the simplest-number rule is
//! not shift-invariant).
//!
//! Text (`../shared/spec/rulesets.md`): rows top to bottom separated by
//! `|`; `x` black (Left), `o` white (Right), `.` empty, `X` / `O` safe
//! stones, `#` a point not on the board (to cut a corner out of a big
//! board). Then optionally a count already banked (`+3`, `-2`: prisoners)
//! and the point where a ko was just taken (`ko=C3`). A component that is
//! only a number prints as that number. Points are named as Go players do:
//! columns `A`-`Z` without `I`, rows numbered from 1 at the bottom (`C3`).

use super::engine::EngineError;
use super::{snippet, Ruleset, RulesetInfo};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// `cgt game go`, `?r=go`.
pub const NAME: &str = "go";

/// Most rows or columns (column letters `A`-`Z` without `I`).
pub const MAX_SIDE: usize = 25;

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
    fn symbol(self) -> char {
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
    fn stone(side: Side, safe: bool) -> Point {
        match (side, safe) {
            (Side::Left, false) => Point::Black,
            (Side::Right, false) => Point::White,
            (Side::Left, true) => Point::SafeBlack,
            (Side::Right, true) => Point::SafeWhite,
        }
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
    example: "XXXXXX|X....O|XOOOOO",
    presets: &[],
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
            GoError::Point { row, col, found } => write!(f, "row {row}, column {col}: found `{found}`, expected `x` (black), `o` (white), `X` or `O` (safe stones), `.` (empty) or `#` (off the board)"),
            GoError::Ragged { row, len, expected } => write!(f, "row {row} has {len} points, expected {expected} like the first row (rows are separated by `|`)"),
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
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// What placing a stone does.
struct Placed {
    points: Box<[Point]>,
    captured: i64,
    ko: Option<u16>,
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
        Ok(Go { width: width as u8, height: height as u8, points: vec![Point::Empty; width * height].into(), count: 0, ko: None, no_ko: None, no_capture: false })
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

    /// Liberties of the group `group` (distinct empty neighbours).
    fn liberties(&self, group: &[usize]) -> Vec<usize> {
        let mut libs = Vec::new();
        for &j in group {
            for n in self.neighbours(j) {
                if self.points[n] == Point::Empty && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        libs
    }

    /// Marks safe every stone that cannot be captured: stones joined to a
    /// safe stone of their colour, and groups that are alive whatever the
    /// opponent does by Benson's test (two eyes, each an area all of whose
    /// empty points touch the group), until nothing changes.
    fn settle_stones(&mut self) {
        loop {
            self.join_safe();
            if !self.benson(Side::Left) && !self.benson(Side::Right) {
                return;
            }
        }
    }

    fn join_safe(&mut self) {
        let mut stack: Vec<usize> = (0..self.points.len()).filter(|&i| self.points[i].is_safe()).collect();
        while let Some(i) = stack.pop() {
            let p = self.points[i];
            let ns: Vec<usize> = self.neighbours(i).collect();
            for n in ns {
                let q = self.points[n];
                if !q.is_safe() && q.colour().is_some() && q.colour() == p.colour() {
                    self.points[n] = p;
                    stack.push(n);
                }
            }
        }
    }

    /// Benson's unconditional life for `side`'s unsafe groups (safe stones
    /// count as alive walls); marks the living groups safe. Whether any was.
    fn benson(&mut self, side: Side) -> bool {
        let n = self.points.len();
        let own = |p: Point| p.colour() == Some(side);
        // Groups of unsafe stones of `side`, by index.
        let mut group_of = vec![usize::MAX; n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            if own(self.points[i]) && !self.points[i].is_safe() && group_of[i] == usize::MAX {
                let (g, _) = self.group_of(i);
                for &j in &g {
                    group_of[j] = groups.len();
                }
                groups.push(g);
            }
        }
        if groups.is_empty() {
            return false;
        }
        // Regions: maximal connected sets of points without `side`'s stones;
        // for each, the groups bordering it and those it is vital to.
        let mut region_of = vec![usize::MAX; n];
        let mut regions: Vec<(Vec<usize>, Vec<usize>)> = Vec::new(); // (bordering groups, vital to)
        for start in 0..n {
            let p = self.points[start];
            if own(p) || p == Point::Off || region_of[start] != usize::MAX {
                continue;
            }
            let mut pts = vec![start];
            region_of[start] = regions.len();
            let mut k = 0;
            let mut usable = true;
            while k < pts.len() {
                let j = pts[k];
                k += 1;
                if self.points[j].is_safe() {
                    usable = false;
                }
                for m in self.neighbours(j) {
                    let q = self.points[m];
                    if !own(q) && q != Point::Off && region_of[m] == usize::MAX {
                        region_of[m] = regions.len();
                        pts.push(m);
                    }
                }
            }
            let mut border: Vec<usize> = Vec::new();
            for &j in &pts {
                for m in self.neighbours(j) {
                    if group_of[m] != usize::MAX && !border.contains(&group_of[m]) {
                        border.push(group_of[m]);
                    }
                }
            }
            let vital: Vec<usize> = if usable {
                border.iter().copied().filter(|&g| pts.iter().filter(|&&j| self.points[j] == Point::Empty).all(|&j| self.neighbours(j).any(|m| group_of[m] == g))).collect()
            } else {
                Vec::new()
            };
            regions.push((border, vital));
        }
        let mut alive = vec![true; groups.len()];
        let mut healthy = vec![true; regions.len()];
        loop {
            let mut changed = false;
            for g in 0..groups.len() {
                if alive[g] && regions.iter().enumerate().filter(|(r, (_, v))| healthy[*r] && v.contains(&g)).count() < 2 {
                    alive[g] = false;
                    changed = true;
                }
            }
            for (r, (border, _)) in regions.iter().enumerate() {
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
        for (g, stones) in groups.iter().enumerate() {
            if alive[g] {
                any = true;
                for &j in stones {
                    self.points[j] = Point::stone(side, true);
                }
            }
        }
        any
    }

    /// Settled territory: for each colour, the maximal connected sets of
    /// points that hold no stone of that colour and no safe stone, bordered
    /// by its safe stones only, that are either empty or hold opposing
    /// stones that can never make an eye (every empty point touches the
    /// safe wall). Returns the open points (empty, not settled), the
    /// settled points, and the settled count: each point is territory and
    /// each opposing stone in it also a prisoner.
    fn settled(&self) -> (Vec<bool>, Vec<bool>, i64) {
        let n = self.points.len();
        let mut settled = vec![false; n];
        let mut count = 0i64;
        for side in Side::BOTH {
            let wall = Point::stone(side, true);
            let mut seen = vec![false; n];
            for start in 0..n {
                let p = self.points[start];
                if seen[start] || p != Point::Empty {
                    continue;
                }
                seen[start] = true;
                let mut pts = vec![start];
                let (mut walled, mut foreign, mut own_stone, mut dead) = (false, false, false, 0i64);
                let mut k = 0;
                while k < pts.len() {
                    let j = pts[k];
                    k += 1;
                    for m in self.neighbours(j) {
                        let q = self.points[m];
                        if q == wall {
                            walled = true;
                        } else if q == Point::Off {
                        } else if q.is_safe() {
                            foreign = true;
                        } else if q.colour() == Some(side) {
                            own_stone = true;
                        } else if !seen[m] {
                            seen[m] = true;
                            pts.push(m);
                        }
                    }
                }
                if !walled || foreign || own_stone {
                    continue;
                }
                for &j in &pts {
                    if self.points[j] != Point::Empty {
                        dead += 1;
                    }
                }
                let small = pts.iter().filter(|&&j| self.points[j] == Point::Empty).all(|&j| self.neighbours(j).any(|m| self.points[m] == wall));
                if dead > 0 && !small {
                    continue;
                }
                let points = pts.len() as i64 + dead;
                count += if side == Side::Left { points } else { -points };
                for &j in &pts {
                    settled[j] = true;
                }
            }
        }
        let open = (0..n).map(|i| self.points[i] == Point::Empty && !settled[i]).collect();
        (open, settled, count)
    }

    /// Which points are open (empty and not settled), and the settled
    /// count.
    fn open_points(&self) -> (Vec<bool>, i64) {
        let (open, _, count) = self.settled();
        (open, count)
    }

    /// Points still in play: open points and stones that may be captured.
    fn live_points(&self) -> (Vec<bool>, i64) {
        let (open, settled, count) = self.settled();
        let live = (0..self.points.len()).map(|i| open[i] || (matches!(self.points[i], Point::Black | Point::White) && !settled[i])).collect();
        (live, count)
    }

    /// The board after `side` puts a stone on `i` (an empty point), if
    /// legal: opposing groups left without liberties are captured first,
    /// then the stone's own group must live.
    fn place(&self, side: Side, i: usize) -> Option<Placed> {
        if self.points[i] != Point::Empty {
            return None;
        }
        let mut g = Go { width: self.width, height: self.height, points: self.points.clone(), count: 0, ko: None, no_ko: None, no_capture: false };
        g.points[i] = Point::stone(side, false);
        let mut captured: Vec<usize> = Vec::new();
        let ns: Vec<usize> = g.neighbours(i).collect();
        for n in ns {
            let p = g.points[n];
            if p.colour() == Some(side.other()) && !p.is_safe() && !captured.contains(&n) {
                let (group, alive) = g.group_of(n);
                if !alive {
                    captured.extend(group);
                }
            }
        }
        for &c in &captured {
            g.points[c] = Point::Empty;
        }
        let (own, alive) = g.group_of(i);
        if !alive {
            return None;
        }
        // Joined to a safe stone: safe (Benson's test waits for
        // `components`, which every valued position goes through).
        let safe = own.iter().any(|&j| g.points[j].is_safe());
        if safe {
            for &j in &own {
                g.points[j] = Point::stone(side, true);
            }
        }
        let ko = if captured.len() == 1 && own.len() == 1 && !safe && g.liberties(&own) == captured {
            Some(captured[0] as u16)
        } else {
            None
        };
        // A capture that leaves the capturer in atari can be answered by a
        // capture back: kos, and the longer cycles (sending two, returning
        // one) are made of these.
        let retakable = !captured.is_empty() && !safe && g.liberties(&own).len() == 1;
        let barred = self.no_ko == Some(side) && (retakable || (self.no_capture && !captured.is_empty()));
        if (self.ko == Some(i as u16) && captured.len() == 1) || barred {
            // The immediate retake of a ko, or a ko this side may not take.
            return None;
        }
        let ko = if self.no_ko.is_some() { None } else { ko };
        Some(Placed { points: g.points, captured: captured.len() as i64, ko })
    }

    fn stones_without_liberty(&self) -> Option<usize> {
        (0..self.points.len()).find(|&i| self.points[i].colour().is_some() && !self.group_of(i).1)
    }

    /// Whether anything is left to play: open points or stones that can
    /// still be captured.
    fn is_settled(&self) -> bool {
        self.live_points().0.iter().all(|l| !l)
    }
}

impl Ruleset for Go {
    type Move = GoMove;
    type Error = GoError;
    const NAME: &'static str = NAME;

    fn parse(text: &str) -> Result<Go, GoError> {
        text.parse()
    }
    fn moves(&self, side: Side) -> Vec<GoMove> {
        let (open, _) = self.open_points();
        (0..self.points.len())
            .filter(|&i| open[i] && self.place(side, i).is_some())
            .map(|i| GoMove { row: (i / self.width()) as u8, col: (i % self.width()) as u8, height: self.height })
            .collect()
    }
    fn play(&self, side: Side, m: GoMove) -> Option<Go> {
        let (r, c) = (m.row as usize, m.col as usize);
        if r >= self.height() || c >= self.width() || m.height != self.height {
            return None;
        }
        let i = r * self.width() + c;
        if !self.is_open(i) {
            return None;
        }
        let placed = self.place(side, i)?;
        let gain = match side {
            Side::Left => placed.captured,
            Side::Right => -placed.captured,
        };
        Some(Go { width: self.width, height: self.height, points: placed.points, count: self.count.saturating_add(gain), ko: placed.ko, no_ko: self.no_ko, no_capture: self.no_capture })
    }
    fn components(&self) -> Vec<Go> {
        if self.ko.is_some() || self.points.is_empty() {
            return vec![self.clone()];
        }
        let mut this = self.clone();
        this.settle_stones();
        this.split()
    }
    fn size(&self) -> usize {
        let (open, _) = self.open_points();
        open.iter().filter(|&&o| o).count()
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

impl Go {
    /// Whether the empty point `i` is open: its area is not settled.
    fn is_open(&self, i: usize) -> bool {
        if self.points[i] != Point::Empty {
            return false;
        }
        // The area's settlement, for the one area holding `i` (as in
        // `settled`, from each colour's side).
        for side in Side::BOTH {
            let wall = Point::stone(side, true);
            let mut pts = vec![i];
            let mut seen = vec![false; self.points.len()];
            seen[i] = true;
            let (mut walled, mut blocked, mut dead) = (false, false, false);
            let mut k = 0;
            while k < pts.len() {
                let j = pts[k];
                k += 1;
                for m in self.neighbours(j) {
                    let q = self.points[m];
                    if q == wall {
                        walled = true;
                    } else if q == Point::Off {
                    } else if q.is_safe() || q.colour() == Some(side) {
                        blocked = true;
                    } else if !seen[m] {
                        seen[m] = true;
                        dead |= q != Point::Empty;
                        pts.push(m);
                    }
                }
            }
            if walled && !blocked {
                let small = pts.iter().filter(|&&j| self.points[j] == Point::Empty).all(|&j| self.neighbours(j).any(|m| self.points[m] == wall));
                if !dead || small {
                    return false;
                }
            }
        }
        true
    }

    /// The live parts of a position whose stones are settled, and the
    /// number banked.
    fn split(&self) -> Vec<Go> {
        let (live, territory) = self.live_points();
        let mut seen = vec![false; self.points.len()];
        let mut out = Vec::new();
        let w = self.width();
        for start in 0..self.points.len() {
            if !live[start] || seen[start] {
                continue;
            }
            seen[start] = true;
            let mut part = vec![start];
            let mut k = 0;
            while k < part.len() {
                let j = part[k];
                k += 1;
                for n in self.neighbours(j) {
                    if live[n] && !seen[n] {
                        seen[n] = true;
                        part.push(n);
                    }
                }
            }
            // The part's box with a margin of one point (its safe
            // neighbours), clipped to the board; the rest is off the board.
            let r0 = part.iter().map(|&j| j / w).min().unwrap_or(0).saturating_sub(1);
            let c0 = part.iter().map(|&j| j % w).min().unwrap_or(0).saturating_sub(1);
            let r1 = (part.iter().map(|&j| j / w).max().unwrap_or(0) + 1).min(self.height() - 1);
            let c1 = (part.iter().map(|&j| j % w).max().unwrap_or(0) + 1).min(w - 1);
            let (pw, ph) = (c1 - c0 + 1, r1 - r0 + 1);
            let mut in_part = vec![false; self.points.len()];
            for &j in &part {
                in_part[j] = true;
            }
            let mut points = Vec::with_capacity(pw * ph);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    let j = r * w + c;
                    let p = self.points[j];
                    let adjacent = self.neighbours(j).any(|n| in_part[n]);
                    points.push(if in_part[j] || (p.is_safe() && adjacent) { p } else { Point::Off });
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
        if self.ko.is_some() {
            return Some(Err(EngineError::Refused { reason: "a ko arises in this region's play (one stone taken by one stone, which could be taken back at once); play in a ko is loopy, and these values do not cover it".into() }));
        }
        if self.points.is_empty() || self.is_settled() {
            let (_, territory) = self.open_points();
            return Some(canon.num(Q::from_int(self.count.saturating_add(territory))).map_err(EngineError::from));
        }
        if self.moves(Side::Left).is_empty() && self.moves(Side::Right).is_empty() {
            return Some(Err(EngineError::Refused { reason: "nobody can move in a region whose points are not all settled (a seki, or stones that cannot be captured: mark them safe or take them off)".into() }));
        }
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
        // Images are compared in one buffer; only the least is built.
        let (w, h) = (self.width(), self.height());
        let mut best: Vec<Point> = Vec::with_capacity(self.points.len());
        let mut buf: Vec<Point> = Vec::with_capacity(self.points.len());
        let mut best_tag: Option<(u8, bool, (usize, usize, i64, Option<Side>))> = None;
        for swap in [false, true] {
            for t in 0..8u8 {
                let (nw, nh) = if t & 4 != 0 { (h, w) } else { (w, h) };
                buf.clear();
                buf.resize(w * h, Point::Off);
                for r in 0..h {
                    for c in 0..w {
                        let (mut rr, mut cc) = (r, c);
                        if t & 1 != 0 {
                            cc = w - 1 - cc;
                        }
                        if t & 2 != 0 {
                            rr = h - 1 - rr;
                        }
                        if t & 4 != 0 {
                            std::mem::swap(&mut rr, &mut cc);
                        }
                        let p = self.points[r * w + c];
                        buf[rr * nw + cc] = if swap { p.swapped() } else { p };
                    }
                }
                let tail = (nw, nh, if swap { -self.count } else { self.count }, if swap { self.no_ko.map(Side::other) } else { self.no_ko });
                let better = match &best_tag {
                    None => true,
                    Some((_, _, bt)) => (tail.0, tail.1).cmp(&(bt.0, bt.1)).then_with(|| buf.as_slice().cmp(best.as_slice())).then_with(|| tail.2.cmp(&bt.2)).then_with(|| tail.3.cmp(&bt.3)).is_lt(),
                };
                if better {
                    std::mem::swap(&mut best, &mut buf);
                    best_tag = Some((t, swap, tail));
                }
            }
        }
        let (_, swap, (nw, nh, count, no_ko)) = best_tag.expect("sixteen images");
        (Go { width: nw as u8, height: nh as u8, points: best.into(), count, ko: None, no_ko, no_capture: self.no_capture }, swap)
    }
}

impl Go {
    /// The same position for valuing with `winner` winning every ko: the
    /// other side may take none (and the ko just taken, if any, is
    /// forgotten). A ko that matters gives different values for the two
    /// winners; one that does not (most kos in hopeless lines) gives the
    /// same, and that is the value ([`super::registry`] checks both).
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

/// Every point of `text`'s board where a stone may be put by `side` (the
/// page marks them); empty when none.
pub fn legal_points(g: &Go, side: Side) -> Vec<(usize, usize)> {
    g.moves(side).into_iter().map(|m| (m.row as usize, m.col as usize)).collect()
}
