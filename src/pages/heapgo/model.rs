//! The heap-go page's logic, as plain data (tested natively): editing a sum
//! counter by counter, the paper's random classes, playing a game against
//! the computer, and the exact figures of a sum and of each heap.
//!
//! The view (`super::view`) only wires these to the DOM. The game in
//! progress (whose turn, what Undo takes back, the URL's `mv=`) is the
//! shared [`Record`]; what is heap-go's own is here: how a move takes
//! counters, what the status line says and what the computer plays.
//!
//! Every edit goes through the spec's text format (`b5,r3/r7`): the text is
//! the page's state, the URL's `h=` and what the CLI reads.

use crate::heaps::within;
pub use crate::heaps::{figures, reachable_positions, Figures, FiguresError, MAX_POSITIONS};
use crate::play::Player;
use crate::record::{MoveText, Record, RecordError};
use cgt::numbers::Q;
use cgt::rng::SplitMix64;
use cgt::rulesets::heapgo::{Counter, CounterColour, HeapGo, HeapGoError, Positions};
use cgt::side::{MovePath, PathError, Side, Step};

/// Most (positions, mover) states the computer player solves exactly; past
/// it, it plays in the hottest heap.
pub const MAX_PLAY_STATES: usize = 200_000;
/// Heaviest weight the editor's buttons go to.
pub const MAX_WEIGHT: i64 = 99;

/// The Table 4 classes of Kao et al. (2012): (class letter, heap sizes).
pub const CLASSES: [(&str, &[usize]); 16] = [
    ("A", &[3, 3]),
    ("A", &[4, 4]),
    ("A", &[5, 5]),
    ("A", &[6, 6]),
    ("A", &[7, 7]),
    ("B", &[2, 2, 2]),
    ("B", &[3, 2, 2]),
    ("B", &[3, 3, 2]),
    ("B", &[3, 3, 3]),
    ("B", &[4, 3, 3]),
    ("C", &[2, 2, 1, 1]),
    ("C", &[2, 2, 2, 1]),
    ("C", &[3, 3, 2, 1]),
    ("D", &[2, 1, 1, 1, 1]),
    ("D", &[2, 2, 1, 1, 1]),
    ("D", &[2, 2, 2, 1, 1]),
];

/// A class's label, e.g. `B 3-2-2`.
pub fn class_label(i: usize) -> String {
    let (c, sizes) = CLASSES[i.min(CLASSES.len() - 1)];
    format!("{c} {}", sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join("-"))
}

/// A random sum of class `i` from `seed` (weights 1-10, colours uniform).
pub fn random_sum(i: usize, seed: u64) -> HeapGo {
    let (_, sizes) = CLASSES[i.min(CLASSES.len() - 1)];
    HeapGo::random(sizes, &mut SplitMix64::new(seed)).unwrap_or_default()
}

/// One editing action on counter `c` of heap `h` (or on heap `h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    Recolour {
        h: usize,
        c: usize,
    },
    Heavier {
        h: usize,
        c: usize,
    },
    Lighter {
        h: usize,
        c: usize,
    },
    RemoveCounter {
        h: usize,
        c: usize,
    },
    /// A new counter at the bottom of heap `h` (blue, weight 1 if empty,
    /// else the opposite colour of the last counter).
    AddCounter {
        h: usize,
    },
    RemoveHeap {
        h: usize,
    },
    AddHeap,
}

/// Apply `e`; `None` if it does not apply (bad index, weight out of range,
/// too many counters).
pub fn apply_edit(g: &HeapGo, e: Edit) -> Option<HeapGo> {
    let mut heaps: Vec<Vec<Counter>> = g.heaps().to_vec();
    let one = Q::from_int(1);
    match e {
        Edit::Recolour { h, c } => {
            let k = heaps.get_mut(h)?.get_mut(c)?;
            let col = match k.colour() {
                CounterColour::Blue => CounterColour::Red,
                CounterColour::Red => CounterColour::Blue,
            };
            *k = Counter::new(col, k.weight().clone())?;
        }
        Edit::Heavier { h, c } | Edit::Lighter { h, c } => {
            let k = heaps.get_mut(h)?.get_mut(c)?;
            let w = if matches!(e, Edit::Heavier { .. }) { k.weight() + &one } else { k.weight() - &one };
            if !w.is_positive() || w > Q::from_int(MAX_WEIGHT) {
                return None;
            }
            *k = Counter::new(k.colour(), w)?;
        }
        Edit::RemoveCounter { h, c } => {
            let heap = heaps.get_mut(h)?;
            if c >= heap.len() {
                return None;
            }
            heap.remove(c);
            if heap.is_empty() {
                heaps.remove(h);
            }
        }
        Edit::AddCounter { h } => {
            let heap = heaps.get_mut(h)?;
            let col = match heap.last().map(|k| k.colour()) {
                Some(CounterColour::Blue) => CounterColour::Red,
                _ => CounterColour::Blue,
            };
            heap.push(Counter::new(col, one)?);
        }
        Edit::RemoveHeap { h } => {
            if h >= heaps.len() {
                return None;
            }
            heaps.remove(h);
        }
        Edit::AddHeap => heaps.push(vec![Counter::new(CounterColour::Blue, one)?]),
    }
    HeapGo::new(heaps).ok()
}

/// What the figures and the thermograph describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Subject {
    /// The whole sum, at the position on the board.
    #[default]
    Sum,
    /// Heap `h` (from 0) alone, from its current top.
    Heap(usize),
}

/// The figures on show and a sentence saying what they describe.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub caption: String,
    pub figures: Result<Figures, FiguresError>,
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// The figures of `subject` at the game's position: the whole sum is the
/// node reached in play (its values are final scores, the score so far
/// included), a heap is what is left of it as a game on its own (scores
/// from 0 within the heap: its `t =` on the board and what goes to the
/// Sums page). A heap that is not there means the sum.
pub fn shown(g: &HeapGo, t: &Turn, subject: Subject) -> Shown {
    match subject {
        Subject::Heap(h) if h < g.heaps().len() => {
            let from = t.p.pos.get(h).copied().unwrap_or(0);
            let left = g.heaps()[h].len().saturating_sub(from);
            let caption = if left == 0 {
                format!("Heap {} alone: empty, no moves left (value 0).", h + 1)
            } else if from == 0 {
                format!("Heap {} alone, as a game on its own (its scores from 0).", h + 1)
            } else {
                format!("Heap {} alone, from its current top ({} left), as a game on its own (its scores from 0).", h + 1, plural(left, "counter"))
            };
            let figures = heap_alone(g, h, from).ok_or(FiguresError::Empty).and_then(|one| figures(&one));
            Shown { caption, figures }
        }
        _ => {
            let caption = if t.p.over && t.applied() > 0 {
                format!("The whole sum after the last move: the final score {}.", score_text(&t.p.score))
            } else if t.applied() == 0 {
                "The whole sum at the start (values are final scores: Left's points minus Right's).".to_string()
            } else {
                format!("The whole sum after {}, score so far {} (values are final scores).", plural(t.applied(), "move"), score_text(&t.p.score))
            };
            let figures = if g.heaps().is_empty() {
                Err(FiguresError::Empty)
            } else if let Err(e) = within(g, &t.p.pos, MAX_POSITIONS) {
                Err(e)
            } else {
                g.analyse_from(&t.p.pos, &t.p.score, MAX_POSITIONS)
                    .map(|a| Figures { thermograph: a.thermograph, terminals: a.terminals.to_string() })
                    .map_err(|e| FiguresError::TooLarge(e.to_string()))
            };
            Shown { caption, figures }
        }
    }
}

/// Each heap alone (from its current top) as a one-heap sum.
pub fn heap_alone(g: &HeapGo, h: usize, from: usize) -> Option<HeapGo> {
    let heap = g.heaps().get(h)?;
    HeapGo::new(vec![heap.get(from..)?.to_vec()]).ok()
}

/// A game in progress: the moves so far, each the mover and the heap taken
/// from (from 0), in the core's move-path text: `L0.R2` is Left took from
/// heap 0, then Right from heap 2 (the URL's `mv=`).
pub type Moves = MovePath;

/// The moves of a `mv=` text; `None` if malformed or longer than any game
/// (a game takes at least one counter a move).
pub fn parse_moves(s: &str) -> Option<Moves> {
    Step::read_all(s, cgt::rulesets::heapgo::MAX_COUNTERS).ok().map(MovePath::new)
}

/// A move in the URL: the mover and the heap, `L0`.
impl MoveText for Step {
    fn write(&self, out: &mut String) {
        out.push_str(&self.to_string());
    }
    fn read(part: &str) -> Result<Step, String> {
        match part.parse::<MovePath>().map_err(|e| e.expected.to_string())?.steps() {
            [one] => Ok(*one),
            _ => Err("one move: L or R and a heap from 0, e.g. L0".to_string()),
        }
    }
    /// The whole text by the core's move-path codec, as heap-go's links
    /// were always read (`L+0` too, and no part left blank).
    fn read_all(text: &str, max: usize) -> Result<Vec<Step>, RecordError> {
        let path: MovePath = text.parse().map_err(|e: PathError| RecordError::Move { index: e.step, text: e.found, why: e.expected.to_string() })?;
        if path.len() > max {
            return Err(RecordError::TooLong { moves: path.len(), max });
        }
        Ok(path.steps().to_vec())
    }
}

/// Where a game stands after some moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub pos: Positions,
    /// Net score so far: Left's points minus Right's.
    pub score: Q,
    /// Counters each player has taken, in order (for the display).
    pub taken: Vec<(Side, Counter)>,
    pub over: bool,
}

/// The heaps still holding counters at `pos`, each as a game in canonical
/// form (scores from 0 within the heap), for the Sums page. Errors name the
/// heap.
pub fn heaps_for_sum(g: &HeapGo, pos: &[usize]) -> Result<Vec<String>, String> {
    let mut canon = cgt::canonical::Canon::new();
    let mut out = Vec::new();
    for (h, heap) in g.heaps().iter().enumerate() {
        let from = pos.get(h).copied().unwrap_or(0);
        if from >= heap.len() {
            continue;
        }
        let c = g.heap_canon(h, from, &mut canon, MAX_POSITIONS).map_err(|e| e.to_string())?;
        let name = canon.name_within(c, crate::pages::MAX_TEXT as u64).ok_or_else(|| format!("heap {}: its canonical form is too long to send", h + 1))?;
        out.push(name);
    }
    if out.is_empty() {
        return Err("every heap is empty: nothing to send".to_string());
    }
    Ok(out)
}

/// Replay `moves` from the start; the first move that is illegal (an empty
/// or missing heap) ends the replay: the result says how many were applied.
pub fn replay(g: &HeapGo, moves: &Moves) -> (Position, usize) {
    replay_steps(g, moves.steps())
}

fn replay_steps<'a>(g: &HeapGo, steps: impl IntoIterator<Item = &'a Step>) -> (Position, usize) {
    let mut p = Position { pos: g.start(), score: Q::zero(), taken: Vec::new(), over: false };
    let mut applied = 0;
    for step in steps {
        let (side, h) = (step.side, step.index);
        if h >= g.heaps().len() {
            break;
        }
        let Some((to, gained)) = g.take(h, p.pos[h], side) else { break };
        for c in &g.heaps()[h][p.pos[h]..to] {
            p.taken.push((side, c.clone()));
        }
        p.pos[h] = to;
        p.score = match side {
            Side::Left => &p.score + &gained,
            Side::Right => &p.score - &gained,
        };
        applied += 1;
    }
    p.over = p.pos.iter().zip(g.heaps()).all(|(&i, h)| i >= h.len());
    (p, applied)
}

/// The computer's move for `side` at `pos`: exact (minimax) when the state
/// space is small enough, else the heap whose remainder is hottest.
pub fn computer_move(g: &HeapGo, pos: &[usize], side: Side) -> Option<(usize, &'static str)> {
    if let Some((_, best)) = within(g, pos, MAX_PLAY_STATES).ok().and_then(|()| g.minimax(pos, side, MAX_PLAY_STATES)) {
        return best.first().map(|&h| (h, "exact"));
    }
    let mut best: Option<(Q, usize)> = None;
    for (h, heap) in g.heaps().iter().enumerate() {
        if pos[h] >= heap.len() {
            continue;
        }
        let t = g.remainder_temperature(h, pos[h], MAX_POSITIONS).unwrap_or_else(|_| Q::zero());
        if best.as_ref().is_none_or(|(b, _)| t > *b) {
            best = Some((t, h));
        }
    }
    best.map(|(_, h)| (h, "hottest heap"))
}

/// The best final score from here (exact play) with `to_move` to move, if
/// small enough to solve.
pub fn perfect_play_score(g: &HeapGo, p: &Position, to_move: Side) -> Option<Q> {
    within(g, &p.pos, MAX_PLAY_STATES).ok()?;
    g.minimax(&p.pos, to_move, MAX_PLAY_STATES).map(|(v, _)| &p.score + &v)
}

/// The game on the board: where it stands and the record of its legal
/// moves (a record's moves past the first illegal one are not in it, so
/// the next move drops them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub p: Position,
    pub rec: Record<Step>,
}

impl Turn {
    /// How many moves of the URL's record were played.
    pub fn applied(&self) -> usize {
        self.rec.len()
    }
    pub fn to_move(&self) -> Side {
        self.rec.to_move()
    }
}

/// The game after the URL's record `mv`, `first` to move at the start and
/// `you` playing (a malformed record is an empty one).
pub fn turn(g: &HeapGo, mv: &str, first: Side, you: Player) -> Turn {
    let mut rec = Record::parse(mv, first, you, cgt::rulesets::heapgo::MAX_COUNTERS).unwrap_or_else(|_| Record::new(first, you));
    let (p, applied) = replay_steps(g, rec.moves());
    rec.truncate(applied);
    Turn { p, rec }
}

/// The URL's record after the side to move takes from heap `h`, or `None`
/// if that is not a legal move (the game is over, or the heap is empty or
/// missing).
pub fn with_move(g: &HeapGo, t: &Turn, h: usize) -> Option<String> {
    if t.p.over {
        return None;
    }
    let side = t.to_move();
    g.take(h, *t.p.pos.get(h)?, side)?;
    let mut rec = t.rec.clone();
    rec.play(Step { side, index: h });
    Some(rec.text())
}

/// The URL's record after Undo, or `None` with no move of yours to take
/// back.
pub fn undo(t: &Turn) -> Option<String> {
    let mut rec = t.rec.clone();
    rec.undo()?;
    Some(rec.text())
}

/// A net score as shown: `+3`, `0`, `-5/2` (the sign says whose points
/// lead).
pub fn score_text(q: &Q) -> String {
    if q.is_positive() {
        format!("+{q}")
    } else {
        q.to_string()
    }
}

/// The points `side` has taken so far (the weights of its counters).
pub fn points(p: &Position, side: Side) -> Q {
    p.taken.iter().filter(|(s, _)| *s == side).fold(Q::zero(), |acc, (_, k)| &acc + k.weight())
}

/// `1 point`, `3 points`, `3/2 points`.
fn points_text(q: &Q) -> String {
    if *q == Q::from_int(1) {
        "1 point".to_string()
    } else {
        format!("{q} points")
    }
}

/// The status line above the board: whose turn (and whether the human or
/// the computer plays it) and the score, or, when no move is left, the
/// final score, who won (the net score's sign: Left's points minus
/// Right's) and each side's points.
pub fn status(t: &Turn) -> String {
    let p = &t.p;
    let tally = format!("Left {}, Right {}", points_text(&points(p, Side::Left)), points_text(&points(p, Side::Right)));
    if p.over {
        let s = &p.score;
        let who = crate::pages::score_verdict(s);
        format!("Game over after {} moves: final score {} ({who}): {tally}.", t.applied(), score_text(s))
    } else {
        let by = if t.rec.your_turn() { "you" } else { "computer" };
        format!("{} to move ({by}). Score so far {} ({tally}).", t.to_move().name(), score_text(&p.score))
    }
}

/// The take button's text on a heap: who would take, or a dash when the
/// heap is empty.
pub fn take_label(to_move: Side, empty: bool) -> &'static str {
    match (empty, to_move) {
        (true, _) => "—",
        (false, Side::Left) => "Left takes",
        (false, Side::Right) => "Right takes",
    }
}

/// A counter's accessible name: `heap 1 counter 2: red 3 (taken)`.
pub fn counter_label(h: usize, c: usize, k: &Counter, taken: bool) -> String {
    let colour = match k.colour() {
        CounterColour::Blue => "blue",
        CounterColour::Red => "red",
    };
    format!("heap {} counter {}: {colour} {}{}", h + 1, c + 1, k.weight(), if taken { " (taken)" } else { "" })
}

/// Each move of the game so far against perfect play (`cgt::review`), or
/// `None` when the sum is too large to solve exactly here.
pub fn game_review(g: &HeapGo, rec: &Record<Step>) -> Option<cgt::review::Review> {
    let steps: Vec<(Side, usize)> = rec.moves().map(|s| (s.side, s.index)).collect();
    within(g, &g.start(), MAX_PLAY_STATES).ok()?;
    g.review(&steps, MAX_PLAY_STATES)
}

/// The players as the feedback names them.
const PLAYERS: [&str; 2] = ["Left", "Right"];

/// "Move 3, Left took from heap 2: lost 2 points: …" for move `n` (from 1)
/// of the record.
pub fn move_sentence(rec: &Record<Step>, n: usize, cost: &cgt::review::MoveCost) -> String {
    let heap = rec.played().get(n - 1).map_or(0, |p| p.mv.index + 1);
    format!("Move {n}, {} took from heap {heap}: {}", PLAYERS[cost.side.index()], cost.describe(PLAYERS, score_text))
}

/// What the last move cost, and the temperature of the position now (the
/// whole sum's, at the score so far).
pub fn last_move_feedback(g: &HeapGo, t: &Turn, review: Option<&cgt::review::Review>) -> Option<String> {
    if t.applied() == 0 {
        return None;
    }
    let Some(r) = review else { return Some("This sum is too large to judge moves exactly here.".to_string()) };
    let cost = r.moves.get(t.applied() - 1)?;
    let mut s = move_sentence(&t.rec, t.applied(), cost);
    s.push('.');
    if !t.p.over {
        if let Ok(a) = within(g, &t.p.pos, MAX_POSITIONS)
            .map_err(|_| HeapGoError::TooLarge { max: MAX_POSITIONS })
            .and_then(|()| g.analyse_from(&t.p.pos, &t.p.score, MAX_POSITIONS))
        {
            let temp = a.thermograph.temperature();
            if temp.is_positive() {
                s.push_str(&format!(" Temperature now {temp}."));
            } else {
                s.push_str(" The position is cold now (temperature at most 0): nothing left to fight over.");
            }
        }
    }
    Some(s)
}

/// The best move for `side` and why: the hottest heap, a sente, or what
/// the exact search sees beyond temperature.
pub fn hint(g: &HeapGo, p: &Position, side: Side) -> Option<String> {
    if p.over {
        return None;
    }
    let Some((value, best)) = within(g, &p.pos, MAX_PLAY_STATES).ok().and_then(|()| g.minimax(&p.pos, side, MAX_PLAY_STATES)) else {
        return Some("This sum is too large to solve exactly here: play in the hottest heap (its t = on the board).".to_string());
    };
    let value = &p.score + &value;
    let temps: Vec<(usize, Q)> = (0..g.heaps().len())
        .filter(|&h| p.pos[h] < g.heaps()[h].len())
        .filter_map(|h| g.remainder_temperature(h, p.pos[h], MAX_POSITIONS).ok().map(|t| (h, t)))
        .collect();
    let hottest = temps.iter().map(|(_, t)| t.clone()).max()?;
    let heaps = best.iter().map(|h| (h + 1).to_string()).collect::<Vec<_>>().join(" or ");
    let who = PLAYERS[side.index()];
    let head = format!("Best for {who}: heap {heaps} (perfect play keeps {})", score_text(&value));
    let temp_of = |h: usize| temps.iter().find(|(k, _)| *k == h).map(|(_, t)| t.clone());
    if let Some(&h) = best.iter().find(|&&h| temp_of(h).as_ref() == Some(&hottest)) {
        return Some(format!("{head}: the hottest heap, temperature {}.", temp_of(h).unwrap_or_default()));
    }
    let h = best[0];
    let hot = temps.iter().find(|(_, t)| *t == hottest).map(|(k, _)| k + 1).unwrap_or(0);
    let sente = heap_alone(g, h, p.pos[h]).and_then(|one| one.analyse(MAX_POSITIONS).ok()).map(|a| cgt::sente::classify(&a.thermograph).kind).filter(|k| {
        matches!((k, side), (cgt::sente::Sente::LeftSente, Side::Left) | (cgt::sente::Sente::RightSente, Side::Right) | (cgt::sente::Sente::DoubleSente, _))
    });
    Some(match sente {
        Some(_) => format!("{head}: {who}'s sente there (the opponent must answer), so it comes before heap {hot}, the hottest (temperature {hottest})."),
        None => format!("{head}, although heap {hot} is hotter (temperature {hottest}): the exact search sees further than temperature."),
    })
}

/// The review at the end: each side's mistakes (or none), and the move
/// that decided the game.
pub fn review_lines(review: &cgt::review::Review, rec: &Record<Step>) -> Vec<String> {
    let mut out = Vec::new();
    for side in [Side::Left, Side::Right] {
        let m = review.mistakes(side);
        let who = PLAYERS[side.index()];
        if m.is_empty() {
            out.push(format!("{who}: no mistakes, every move was a best move."));
        } else {
            let lost = &review.total_lost()[side.index()];
            out.push(format!(
                "{who}: {} lost {} point{} in all.",
                if m.len() == 1 { "one move".to_string() } else { format!("{} moves", m.len()) },
                lost,
                if *lost == Q::one() { "" } else { "s" }
            ));
            for (n, c) in m {
                out.push(format!("  {}.", move_sentence(rec, n, c)));
            }
        }
    }
    match review.losing_move() {
        Some((n, c)) => out.push(format!(
            "The losing move: move {n} ({}, heap {}), which changed the outcome.",
            PLAYERS[c.side.index()],
            rec.played().get(n - 1).map_or(0, |p| p.mv.index + 1)
        )),
        None => out.push("No move changed the outcome: the result is what perfect play gives from the start.".to_string()),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43: 60 heaps searched up to the limits (10 s on the page)
    /// before "too large"; the positions reachable are counted first and
    /// the refusal says how many.
    #[test]
    fn a_sum_past_the_limits_is_refused_by_its_count() {
        let sixty: HeapGo = vec!["b1"; 60].join("/").parse().unwrap();
        assert_eq!(reachable_positions(&sixty, &sixty.start()), 1usize << 60);
        let FiguresError::TooLarge(m) = figures(&sixty).unwrap_err() else { panic!("not too large") };
        assert!(m.contains("60 heaps reach 1152921504606846976 positions; the page solves at most 300000"), "{m}");
        assert_eq!(computer_move(&sixty, &sixty.start(), Side::Left).map(|m| m.1), Some("hottest heap"));
        let t = turn(&sixty, "", Side::Left, Player::Left);
        assert_eq!(perfect_play_score(&sixty, &t.p, Side::Left), None);
        assert!(game_review(&sixty, &t.rec).is_none());
        assert!(hint(&sixty, &t.p, Side::Left).unwrap().contains("too large"));
        // A small sum: the count is the product of each heap's reachable tops.
        let g: HeapGo = "b2/r1".parse().unwrap();
        let n = reachable_positions(&g, &g.start());
        assert!((2..=6).contains(&n), "{n}");
        assert!(figures(&g).is_ok());
    }

    /// Issue 24: b2 / r1, Left first. Heap 1 keeps +1 (Left wins); heap 2
    /// gets +1 but gives Right the 2: final -1, a move that lost 2 points
    /// and changed the outcome.
    #[test]
    fn review_names_the_losing_move() {
        let g: HeapGo = "b2/r1".parse().unwrap();
        let t = turn(&g, "L1.R0", Side::Left, Player::Left);
        assert!(t.p.over);
        let r = game_review(&g, &t.rec).unwrap();
        assert_eq!(r.moves.len(), 2);
        let lines = review_lines(&r, &t.rec);
        assert_eq!(lines, [
            "Left: one move lost 2 points in all.",
            "  Move 1, Left took from heap 2: lost 2 points: perfect play kept +1, now -1 at best, and changed the outcome: Left wins before, Right wins now.",
            "Right: no mistakes, every move was a best move.",
            "The losing move: move 1 (Left, heap 2), which changed the outcome.",
        ]);
        let after_one = turn(&g, "L1", Side::Left, Player::Left);
        let r1 = game_review(&g, &after_one.rec).unwrap();
        assert_eq!(
            last_move_feedback(&g, &after_one, Some(&r1)).unwrap(),
            "Move 1, Left took from heap 2: lost 2 points: perfect play kept +1, now -1 at best, and changed the outcome: Left wins before, Right wins now. Temperature now 2."
        );
        let start = turn(&g, "", Side::Left, Player::Left);
        assert_eq!(hint(&g, &start.p, Side::Left).unwrap(), "Best for Left: heap 1 (perfect play keeps +1): the hottest heap, temperature 2.");
        // Best moves that are not in the hottest heap: a sente first, or
        // what exact play sees (sums found by search over random classes).
        let sente: HeapGo = "r3,r6/r2,b8/b6".parse().unwrap();
        let h = hint(&sente, &turn(&sente, "", Side::Left, Player::Left).p, Side::Left).unwrap();
        assert!(h.starts_with("Best for Left: heap 2 (perfect play keeps "), "{h}");
        assert!(h.ends_with("): Left's sente there (the opponent must answer), so it comes before heap 1, the hottest (temperature 6)."), "{h}");
        let deep: HeapGo = "b1,r6/b2,r5/r3".parse().unwrap();
        let h = hint(&deep, &turn(&deep, "", Side::Left, Player::Left).p, Side::Left).unwrap();
        assert!(h.starts_with("Best for Left: heap 3 (perfect play keeps "), "{h}");
        assert!(h.ends_with(", although heap 2 is hotter (temperature 4): the exact search sees further than temperature."), "{h}");
        // A best move.
        let good = turn(&g, "L0", Side::Left, Player::Left);
        let rg = game_review(&g, &good.rec).unwrap();
        assert!(last_move_feedback(&g, &good, Some(&rg)).unwrap().starts_with("Move 1, Left took from heap 1: a best move: perfect play keeps +1."));
    }

    #[test]
    fn edits_round_trip_through_the_text() {
        let g: HeapGo = "b5,r3/r7".parse().unwrap();
        let g2 = apply_edit(&g, Edit::Recolour { h: 0, c: 1 }).unwrap();
        assert_eq!(g2.to_string(), "b5,b3/r7");
        let g3 = apply_edit(&g2, Edit::Heavier { h: 1, c: 0 }).unwrap();
        assert_eq!(g3.to_string(), "b5,b3/r8");
        assert!(apply_edit(&"b1".parse().unwrap(), Edit::Lighter { h: 0, c: 0 }).is_none(), "weights stay positive");
        let g4 = apply_edit(&g3, Edit::AddCounter { h: 1 }).unwrap();
        assert_eq!(g4.to_string(), "b5,b3/r8,b1");
        let g5 = apply_edit(&g4, Edit::AddHeap).unwrap();
        assert_eq!(g5.to_string(), "b5,b3/r8,b1/b1");
        let g6 = apply_edit(&g5, Edit::RemoveCounter { h: 2, c: 0 }).unwrap();
        assert_eq!(g6.to_string(), "b5,b3/r8,b1", "an emptied heap goes");
        assert_eq!(apply_edit(&g6, Edit::RemoveHeap { h: 0 }).unwrap().to_string(), "r8,b1");
        assert!(apply_edit(&g6, Edit::RemoveHeap { h: 9 }).is_none());
        assert!(apply_edit(&g6, Edit::Recolour { h: 0, c: 9 }).is_none());
    }

    #[test]
    fn classes_and_figures() {
        assert_eq!(class_label(6), "B 3-2-2");
        let g = random_sum(15, 1);
        assert_eq!(g.heaps().iter().map(|h| h.len()).collect::<Vec<_>>(), vec![2, 2, 2, 1, 1]);
        assert_eq!(random_sum(15, 1), g, "seeded");
        let f = figures(&g).unwrap();
        assert!(f.terminals.parse::<u64>().unwrap() > 1000);
        assert_eq!(figures(&HeapGo::default()), Err(FiguresError::Empty));
    }

    #[test]
    fn play_replays_and_the_computer_plays_exactly() {
        let g: HeapGo = "b5,r3,b2/r7,b1/b4,r6".parse().unwrap();
        let m = parse_moves("L0.R1").unwrap();
        assert_eq!(m.to_string(), "L0.R1");
        let (p, n) = replay(&g, &m);
        assert_eq!(n, 2);
        // Left takes b5 then r3 (stops after Right's counter): +8; Right
        // takes r7 then b1: -8.
        assert_eq!(p.score, Q::zero());
        assert_eq!(p.pos, vec![2, 2, 0]);
        assert!(!p.over);
        // An illegal move stops the replay.
        assert_eq!(replay(&g, &parse_moves("L0.L0.L0.L0").unwrap()).1, 2);
        assert!(parse_moves("X1").is_none() && parse_moves("L").is_none());
        assert!(parse_moves(&vec!["L0"; cgt::rulesets::heapgo::MAX_COUNTERS + 1].join(".")).is_none());
        // The computer's exact move achieves the minimax value.
        let (h, how) = computer_move(&g, &p.pos, Side::Left).unwrap();
        assert_eq!(how, "exact");
        let (v, best) = g.minimax(&p.pos, Side::Left, 1 << 20).unwrap();
        assert!(best.contains(&h));
        assert_eq!(perfect_play_score(&g, &p, Side::Left).unwrap(), &p.score + &v);
    }

    #[test]
    fn heaps_go_to_the_sums_page_in_canonical_form() {
        let g: HeapGo = "b5,r3,b2/r7,b1/b4,r6".parse().unwrap();
        // After L0.R1: heap 1 holds b2, heap 2 is empty, heap 3 untouched.
        let sent = heaps_for_sum(&g, &[2, 2, 0]).unwrap();
        assert_eq!(sent, ["±2", "{10|{2|-10}}"]);
        let f = crate::pages::sums::model::figures(&sent.join(" + ")).unwrap();
        assert_eq!(f.rows.len(), 2);
        assert_eq!(heaps_for_sum(&g, &[3, 2, 2]).unwrap_err(), "every heap is empty: nothing to send");
        let odd: HeapGo = "b1/3".parse().unwrap();
        assert!(heaps_for_sum(&odd, &[0]).unwrap_err().starts_with("heap 1 has no canonical form"));
    }

    #[test]
    fn turns_records_and_undo() {
        let g: HeapGo = "b5,r3,b2/r7,b1/b4,r6".parse().unwrap();
        let to_move = |first, mv| turn(&g, mv, first, Player::Left).to_move();
        assert_eq!(
            (to_move(Side::Left, ""), to_move(Side::Left, "L0"), to_move(Side::Right, ""), to_move(Side::Right, "R0.L1.R2")),
            (Side::Left, Side::Right, Side::Right, Side::Left)
        );
        let t = turn(&g, "L0.R1", Side::Left, Player::Left);
        assert_eq!((t.applied(), t.to_move()), (2, Side::Left));
        assert_eq!(with_move(&g, &t, 2).as_deref(), Some("L0.R1.L2"));
        assert_eq!(with_move(&g, &t, 9), None, "no heap 10");
        // Heap 2 is empty after R1 (r7, b1 gone): no move there.
        assert_eq!(with_move(&g, &t, 1), None);
        // An illegal tail of the record is dropped by the next move.
        let bad = turn(&g, "L0.R1.L1", Side::Left, Player::Left);
        assert_eq!(bad.applied(), 2);
        assert_eq!(with_move(&g, &bad, 0).as_deref(), Some("L0.R1.L0"));
        // Right first: Right moves, and a malformed record is no record.
        let t = turn(&g, "nonsense", Side::Right, Player::Left);
        assert_eq!((t.applied(), t.to_move()), (0, Side::Right));
        let undo_as = |mv, you| undo(&turn(&g, mv, Side::Left, you));
        assert_eq!(undo_as("L0.R1.L2", Player::Both).as_deref(), Some("L0.R1"));
        // Undo is the record's, the same on every board: back to before
        // your last move, here while the computer's reply is pending (it
        // took two moves back, and the computer played the same reply
        // again), ...
        assert_eq!(undo_as("L0.R1.L2", Player::Left).as_deref(), Some("L0.R1"));
        assert_eq!(undo_as("L0.R1.L2.R0", Player::Left).as_deref(), Some("L0.R1"));
        // ... and the computer's opening is not yours to take back (it
        // would play it again).
        assert_eq!(undo_as("L0", Player::Right), None);
    }

    #[test]
    fn status_and_labels() {
        let g: HeapGo = "b5,r3/r2".parse().unwrap();
        assert_eq!(status(&turn(&g, "", Side::Left, Player::Left)), "Left to move (you). Score so far 0 (Left 0 points, Right 0 points).");
        assert_eq!(status(&turn(&g, "L0", Side::Left, Player::Left)), "Right to move (computer). Score so far +8 (Left 8 points, Right 0 points).");
        // L0 takes b5, r3 (+8); R1 takes r2 (-2): over, +6.
        let over = turn(&g, "L0.R1", Side::Left, Player::Left);
        assert!(over.p.over);
        assert_eq!(status(&over), "Game over after 2 moves: final score +6 (Left wins by 6): Left 8 points, Right 2 points.");
        // Right wins; a draw; rational weights.
        let g2: HeapGo = "b3/r1".parse().unwrap();
        assert_eq!(
            status(&turn(&g2, "L1.R0", Side::Left, Player::Both)),
            "Game over after 2 moves: final score -2 (Right wins by 2): Left 1 point, Right 3 points."
        );
        let g2: HeapGo = "b1/r1".parse().unwrap();
        assert_eq!(status(&turn(&g2, "R0.L1", Side::Right, Player::Right)), "Game over after 2 moves: final score 0 (a draw): Left 1 point, Right 1 point.");
        let g2: HeapGo = "b3/2/r1/2".parse().unwrap();
        let t = turn(&g2, "L0.R1", Side::Left, Player::Both);
        assert_eq!((points(&t.p, Side::Left), points(&t.p, Side::Right)), ("3/2".parse().unwrap(), "1/2".parse().unwrap()));
        assert!(status(&t).ends_with("final score +1 (Left wins by 1): Left 3/2 points, Right 1/2 points."));
        assert_eq!(score_text(&Q::from_int(-3)), "-3");
        assert_eq!(take_label(Side::Right, false), "Right takes");
        assert_eq!(take_label(Side::Left, true), "—");
        let k = &g.heaps()[0][1];
        assert_eq!(counter_label(0, 1, k, true), "heap 1 counter 2: red 3 (taken)");
    }

    #[test]
    fn the_figures_follow_the_subject_and_the_position() {
        let g: HeapGo = "b5,r3,b2/r7,b1/b4,r6".parse().unwrap();
        let start = turn(&g, "", Side::Left, Player::Left);
        let sum = shown(&g, &start, Subject::Sum);
        assert_eq!(sum.figures, figures(&g), "at the start, the sum's own figures");
        assert!(sum.caption.starts_with("The whole sum at the start"));
        // Heap 1 alone is `cgt heapgo 'b5,r3,b2'`.
        let h1 = shown(&g, &start, Subject::Heap(0));
        assert_eq!(h1.figures, figures(&"b5,r3,b2".parse().unwrap()));
        assert_eq!(h1.caption, "Heap 1 alone, as a game on its own (its scores from 0).");
        // After L0 (+8): the sum is the node with the score so far, heap 1
        // is b2 from 0.
        let t = turn(&g, "L0", Side::Left, Player::Left);
        let sum = shown(&g, &t, Subject::Sum);
        assert_eq!(sum.figures.as_ref().unwrap().thermograph, g.analyse_from(&[2, 0, 0], &Q::from_int(8), MAX_POSITIONS).unwrap().thermograph);
        assert_eq!(sum.caption, "The whole sum after 1 move, score so far +8 (values are final scores).");
        let h1 = shown(&g, &t, Subject::Heap(0));
        assert_eq!(h1.figures, figures(&"b2".parse().unwrap()));
        assert!(h1.caption.contains("from its current top (1 counter left)"), "{}", h1.caption);
        // A missing heap is the sum; an emptied one is 0.
        assert_eq!(shown(&g, &t, Subject::Heap(7)), sum);
        let t = turn(&g, "L0.R1", Side::Left, Player::Left);
        let h2 = shown(&g, &t, Subject::Heap(1));
        assert_eq!(h2.figures.unwrap().thermograph.mean(), &Q::zero());
        assert_eq!(h2.caption, "Heap 2 alone: empty, no moves left (value 0).");
        // Over: the figures are the final score.
        let small: HeapGo = "b3/r1".parse().unwrap();
        let over = turn(&small, "L1.R0", Side::Left, Player::Left);
        let end = shown(&small, &over, Subject::Sum);
        assert_eq!(end.figures.unwrap().thermograph.mean(), &Q::from_int(-2));
        assert_eq!(end.caption, "The whole sum after the last move: the final score -2.");
        assert_eq!(shown(&HeapGo::default(), &turn(&HeapGo::default(), "", Side::Left, Player::Left), Subject::Sum).figures, Err(FiguresError::Empty));
    }
}
