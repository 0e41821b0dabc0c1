//! The board page's logic, pure and natively tested: the game on the board
//! (a ruleset's session at a starting position, the moves played from it),
//! replaying a record with errors that name the move, the editor's
//! operations on the URL state, what the computer plays, and the value
//! readout that both the page and the background worker produce. Whose
//! turn it is, what Undo takes back and how the moves are written in the
//! URL (`gm=a1.a3`) are the shared [`Record`]'s, as on every board.
//!
//! The page never knows a ruleset's types: it talks text to a
//! [`Session`] from [`registry::session`]. One session lives as long as the
//! ruleset stays the same, so its solver's table is kept while a game is
//! played and edited (each position is valued once).

use super::state::GameState;
use crate::play::Player;
use crate::record::{snippet, MoveText, Record};
use cgt::numbers::Q;
use cgt::rulesets::engine::EngineError;
use cgt::rulesets::registry::{self, GameError, GameReport, RulesetInfo, Session, PASS};
use cgt::side::Side;
use cgt::thermograph::Thermograph;

/// Most new positions the page values in one call on the main thread
/// (Domineering: about 35 µs a position natively, so at most a few tenths
/// of a second in the browser); past it, the value goes to the background
/// worker.
pub const PAGE_BUDGET: usize = 5_000;
/// Most positions the background worker values for one position: the
/// worker's memory cap, [`crate::solver::WORKER_MAX_POSITIONS`].
pub const WORKER_BUDGET: usize = crate::solver::WORKER_MAX_POSITIONS;
/// The UCT player's seed and iterations, fixed so that the computer's move
/// in a position too large to value exactly is the same on every replay.
pub const UCT_SEED: u64 = 7;
pub const UCT_ITERATIONS: u32 = 3_000;
/// Longest record replayed (a link may hold more text; the rest is named).
pub const MAX_MOVES: usize = 1_000;
/// Largest position the Games page opens, by the ruleset's size (squares,
/// cuts, points, edges, counters): past it the page lists, draws and
/// replays too much on its own thread, so it refuses the position with a
/// message (the CLI's `cgt game` values larger ones).
pub const PAGE_MAX_SIZE: usize = 4_096;
/// Most work the page's own thread does on a position: the moves of both
/// sides times its size (what one step of the search costs). The budget
/// in positions does not bound it (a 61x61 Domineering board makes 7,320
/// options of 3,721 squares at every step), so a position past it is
/// valued in the worker only, and the computer plays it with fewer UCT
/// iterations ([`Game::uct_iterations`]).
pub const PAGE_MAX_WORK: usize = 20_000;
/// What one UCT iteration on the page may cost at most in total, in
/// squares times playout length: an 8x8 board's 3,000 iterations.
pub const PAGE_UCT_WORK: usize = UCT_ITERATIONS as usize * 64 * 64;

/// A move in the URL's record (`b1.a2`): its name as the ruleset writes
/// it (move names never contain a `.`), spaces around it and empty parts
/// skipped.
impl MoveText for String {
    fn write(&self, out: &mut String) {
        out.push_str(self);
    }
    fn read(part: &str) -> Result<String, String> {
        Ok(part.trim().to_string())
    }
    fn blank(part: &str) -> bool {
        part.trim().is_empty()
    }
}

/// A game on the board: a session at the current position, the starting
/// position and the moves played.
pub struct Game {
    session: Box<dyn Session>,
    pub info: &'static RulesetInfo,
    /// The starting position, as the ruleset prints it.
    start: String,
    /// The moves played, from who moved first. Who plays which side is the
    /// page's (its URL state), not the session's: see [`record`].
    rec: Record<String>,
    /// Points so far, Left's minus Right's (scored rulesets).
    score: Q,
    record_error: Option<String>,
}

/// What the view shows of a game: plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub ruleset: &'static str,
    pub start: String,
    /// Who moved first.
    pub first: Side,
    pub current: String,
    pub to_move: Side,
    pub played: Vec<(Side, String)>,
    /// The legal moves of the side to move.
    pub moves: Vec<String>,
    /// The record's first move that could not be played, named.
    pub record_error: Option<String>,
    /// The game-over message, naming the winner.
    pub over: Option<String>,
    /// Points so far in a scored game (`None` in normal play).
    pub score: Option<Q>,
    /// Both players have the same moves (nim-values, a choice of play).
    pub impartial: bool,
    /// Misère play: the player who cannot move wins.
    pub misere: bool,
}

/// The computer's move and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerMove {
    pub mv: String,
    /// `true`: a best move by the exact value; `false`: UCT (the exact value
    /// was over the page's budget).
    pub exact: bool,
    /// The UCT iterations run (0 for an exact move).
    pub iterations: u32,
}

impl Game {
    /// A new game of `ruleset` at `start` (a fresh session).
    pub fn open(ruleset: &str, start: &str, first: Side) -> Result<Game, GameError> {
        let session = registry::session(ruleset, start, PAGE_BUDGET)?;
        let info = session.info();
        let start = session.position();
        Ok(Game { session, info, start, rec: Record::new(first, Player::Both), score: Q::zero(), record_error: None })
    }

    /// Start again at `start` (same session: its table is kept).
    pub fn restart(&mut self, start: &str, first: Side) -> Result<(), GameError> {
        self.session.set_position(start)?;
        self.start = self.session.position();
        self.rec = Record::new(first, Player::Both);
        self.score = Q::zero();
        self.record_error = None;
        Ok(())
    }

    /// Misère or normal play, for an impartial game (a partizan one stays
    /// in normal play: its session refuses misère).
    pub fn set_misere(&mut self, on: bool) {
        let _ = self.session.set_misere(on && self.session.impartial());
    }

    /// Play the record's moves from the start, alternating from the
    /// starter; the first move that is not legal stops the replay and is
    /// named in [`Snapshot::record_error`].
    pub fn replay(&mut self, record: &str) {
        // A name always reads: nothing to refuse before the replay.
        let moves = String::read_all(record, usize::MAX).unwrap_or_default();
        for (i, mv) in moves.iter().enumerate() {
            if i >= MAX_MOVES {
                self.record_error = Some(format!("the record has {} moves; only the first {MAX_MOVES} are played", moves.len()));
                return;
            }
            if let Err(e) = self.play(mv) {
                self.record_error = Some(format!("move {} (`{}`) of the record was not played: {e}", i + 1, snippet(mv)));
                return;
            }
        }
    }

    pub fn to_move(&self) -> Side {
        self.rec.to_move()
    }
    pub fn current(&self) -> String {
        self.session.position()
    }
    pub fn start(&self) -> &str {
        &self.start
    }
    /// The legal moves of the side to move, and a pass where the rules
    /// allow one (Go) while the game goes on.
    pub fn moves(&self) -> Vec<String> {
        let mut m = self.session.moves(self.to_move());
        if self.session.can_pass() && !self.finished() {
            m.push(PASS.to_string());
        }
        m
    }

    /// Whether play has ended: nobody can move, or (where a pass is
    /// allowed) both sides passed in turn; in normal play the side to
    /// move cannot move.
    fn finished(&self) -> bool {
        let side = self.to_move();
        let none = |s: Side| self.session.moves(s).is_empty();
        if !self.session.can_pass() {
            return none(side);
        }
        let passes = self.passes_at_the_end();
        passes == 2 || (none(side) && none(side.other()))
    }

    /// The side to move plays `mv`.
    pub fn play(&mut self, mv: &str) -> Result<(), GameError> {
        let side = self.to_move();
        let points = if self.session.scored() { self.session.move_score(side, mv)? } else { Q::zero() };
        self.session.play(side, mv)?;
        self.score = &self.score + &points;
        self.rec.play(mv.trim().to_string());
        Ok(())
    }

    /// How many of the last two moves were passes.
    fn passes_at_the_end(&self) -> usize {
        self.rec.played().iter().rev().take(2).filter(|p| p.mv == PASS).count()
    }

    /// The record of the moves played.
    pub fn record(&self) -> String {
        self.rec.text()
    }

    /// The game-over message when the side to move cannot move: in normal
    /// play that side loses; a scored game is won on points.
    pub fn over(&self) -> Option<String> {
        if !self.finished() {
            return None;
        }
        let side = self.to_move();
        // Go: the count of the final position (territory and prisoners).
        if let Some(count) = self.session.final_count() {
            let how = if self.passes_at_the_end() == 2 { "both passed" } else { "nobody can move" };
            return Some(format!("Game over: {}.", self.verdict(&count, how, "count")));
        }
        if self.session.scored() {
            return Some(format!("Game over: {}.", self.verdict(&self.score, "no moves left", "score")));
        }
        if self.session.impartial() {
            let (p, q) = (self.player(side), self.player(side.other()));
            return Some(if self.session.misere() {
                format!("Game over: {p} cannot move, so {p} wins (misère play: the player who cannot move wins).")
            } else {
                format!("Game over: {p} cannot move, so {q} wins (normal play: the player who cannot move loses).")
            });
        }
        Some(format!("Game over: {side} cannot move, so {} wins.", side.other()))
    }

    /// A scored game's result in the players' words: "Black wins by 3",
    /// "jigo" for a tie; then `how` it ended and the `what` (count or
    /// score) it comes from.
    fn verdict(&self, points: &Q, how: &str, what: &str) -> String {
        match Side::by_score(points) {
            Some(w) => format!("{} wins by {} ({how}; the {what} is {points})", self.player(w), points.abs()),
            None => format!("jigo, a tie ({how}; the {what} is 0)"),
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            ruleset: self.info.name,
            start: self.start.clone(),
            first: self.rec.first(),
            current: self.current(),
            to_move: self.to_move(),
            played: self.rec.played().iter().map(|p| (p.side, p.mv.clone())).collect(),
            moves: self.moves(),
            record_error: self.record_error.clone(),
            over: self.over(),
            score: self.session.scored().then(|| self.score.clone()),
            impartial: self.session.impartial(),
            misere: self.session.misere(),
        }
    }

    /// The value of the current position, valuing at most `budget` new
    /// positions (the budget error says the worker should do it).
    pub fn report(&mut self, budget: usize) -> Result<Readout, GameError> {
        self.page_thread(budget)?;
        self.session.set_budget(budget);
        let r = self.session.report()?;
        Ok(Readout::of(&r, self.session.as_ref()))
    }

    /// What each strategy of the Sums page plays for the side to move:
    /// (strategy, board move, count after), within `budget` new positions;
    /// empty when the position has no value within it.
    pub fn strategy_moves(&mut self, budget: usize) -> Vec<(String, Option<String>, Option<String>)> {
        if self.page_thread(budget).is_err() {
            return Vec::new();
        }
        let side = self.to_move();
        self.session.set_budget(budget);
        self.session
            .strategy_moves(side)
            .map(|v| v.into_iter().map(|m| (m.strategy.to_string(), m.mv, m.mean_after.map(|q| q.to_string()))).collect())
            .unwrap_or_default()
    }

    /// What `mv` of the side to move is worth against its best, before it
    /// is played (issue 24's feedback): a best move, a dominated one (and
    /// the better move), or one that changed the outcome. `None` past
    /// `budget` new positions or for a move that is not legal.
    pub fn judge(&mut self, mv: &str, budget: usize) -> Option<String> {
        self.page_thread(budget).ok()?;
        let side = self.to_move();
        self.session.set_budget(budget);
        let rated = self.session.rate_moves(side).ok()?;
        let chosen = rated.iter().find(|r| r.mv == mv.trim())?;
        let best = best_of(&rated)?;
        let who = self.player(side);
        if self.session.impartial() {
            return Some(self.judge_impartial(side, mv.trim(), &rated));
        }
        Some(if impartial_choice(&rated) && !rated.iter().any(|r| r.wins) {
            format!(
                "{who}'s {mv}: no move wins here (the position was worth 0, a P-position), so every move loses against best play (the position after is {}).",
                chosen.value
            )
        } else if rated.iter().any(|r| r.wins) && !chosen.wins {
            format!(
                "{who}'s {mv} changed the outcome: {who} could win (with {}), and now loses against best play (the position after is {}).",
                best.mv, chosen.value
            )
        } else if !chosen.undominated {
            format!("{who}'s {mv} is not the best: {} leaves {} instead of {}.", best.mv, best.value, chosen.value)
        } else {
            format!("{who}'s {mv}: a best move (the position after is {}{}).", chosen.value, if chosen.wins { ", a win with best play" } else { "" })
        })
    }

    /// [`Game::judge`] for an impartial game: winning and losing only,
    /// under the play chosen, with the move in words; in normal play the
    /// nimber left (a win leaves 0).
    fn judge_impartial(&self, side: Side, mv: &str, rated: &[cgt::rulesets::registry::MoveReport]) -> String {
        let who = self.player(side);
        let words = |m: &str| self.session.move_words(side, m).map(|w| format!(" ({w})")).unwrap_or_default();
        let misere = self.session.misere();
        let Some(chosen) = rated.iter().find(|r| r.mv == mv) else { return String::new() };
        let after = if misere { String::new() } else { format!(" (the position after is {})", chosen.value) };
        let play = if misere { " in misère play" } else { "" };
        match rated.iter().find(|r| r.wins) {
            None => format!("{who}'s {mv}{}: no move wins here{play}, so every move loses against best play{after}.", words(mv)),
            Some(best) if !chosen.wins => format!(
                "{who}'s {mv}{} changed the outcome: {who} could win{play} (with {}{}), and now loses against best play{after}.",
                words(mv),
                best.mv,
                words(&best.mv)
            ),
            Some(_) => format!("{who}'s {mv}{}: a best move, a win with best play{play}{after}.", words(mv)),
        }
    }

    /// A side as the feedback names it: Go's Black and White, else Left
    /// and Right (the colours are said on the board).
    fn player(&self, side: Side) -> &'static str {
        if self.info.players == cgt::rulesets::LEFT_RIGHT {
            ["Left", "Right"][side.index()]
        } else {
            self.info.players[side.index()]
        }
    }

    /// The game reviewed from the start (issue 24): each move judged as
    /// [`Game::judge`] judges it, and the lines of the moves that were not
    /// best, each side's in turn, then the move that changed the outcome
    /// last. `None` past `budget` new positions.
    pub fn review(&self, budget: usize) -> Option<Vec<String>> {
        self.page_thread(budget).ok()?;
        let mut g = Game::open(self.info.name, &self.start, self.rec.first()).ok()?;
        let mut judged: Vec<(Side, usize, String)> = Vec::new();
        for (i, p) in self.rec.played().iter().enumerate() {
            if p.mv == PASS {
                g.play(&p.mv).ok()?;
                continue;
            }
            let j = g.judge(&p.mv, budget)?;
            if !j.contains(": a best move") {
                judged.push((p.side, i + 1, j));
            }
            g.play(&p.mv).ok()?;
        }
        let mut out = Vec::new();
        for side in [Side::Left, Side::Right] {
            let who = g.player(side);
            let mine: Vec<&(Side, usize, String)> = judged.iter().filter(|(s, _, _)| *s == side).collect();
            if mine.is_empty() {
                out.push(format!("{who}: no mistakes, every move was a best move."));
            }
            for (_, n, j) in mine {
                out.push(format!("Move {n}: {j}"));
            }
        }
        match judged.iter().rev().find(|(_, _, j)| j.contains("changed the outcome")) {
            Some((s, n, _)) => out.push(format!("The losing move: move {n}, {}'s.", g.player(*s))),
            None => out.push("No move changed the outcome.".to_string()),
        }
        Some(out)
    }

    /// The best move for the side to move and why (the Hint button).
    pub fn hint(&mut self, budget: usize) -> Option<String> {
        let side = self.to_move();
        self.session.set_budget(budget);
        let rated = match self.page_thread(budget).and_then(|()| self.session.rate_moves(side)) {
            Ok(r) => r,
            Err(_) => return Some("This position is too large to solve exactly here.".to_string()),
        };
        let best = best_of(&rated)?;
        let who = self.player(side);
        if self.session.impartial() {
            return Some(self.hint_impartial(side, &rated));
        }
        Some(if best.wins {
            format!("Best for {who}: {}: it wins against any defence (the position after is {}).", best.mv, best.value)
        } else if impartial_choice(&rated) {
            format!(
                "No move wins for {who} here: the position is worth 0 (a P-position), so whoever moves loses against best play. Every move leaves a nimber other than 0, from which {} wins by moving back to 0 ({}, for one, leaves {}).",
                self.player(side.other()),
                best.mv,
                best.value
            )
        } else {
            format!("Best for {who}: {}: no move wins here, and this one leaves the most (the position after is {}).", best.mv, best.value)
        })
    }

    /// [`Game::hint`] for an impartial game, under the play chosen.
    fn hint_impartial(&self, side: Side, rated: &[cgt::rulesets::registry::MoveReport]) -> String {
        let who = self.player(side);
        let other = self.player(side.other());
        let words = |m: &str| self.session.move_words(side, m).map(|w| format!(" ({w})")).unwrap_or_default();
        let wins: Vec<&cgt::rulesets::registry::MoveReport> = rated.iter().filter(|r| r.wins).collect();
        let more = match wins.len() {
            0 | 1 => String::new(),
            2 => " One other move wins too.".to_string(),
            n => format!(" {} other moves win too.", n - 1),
        };
        match (wins.first(), self.session.misere()) {
            (Some(w), false) => format!(
                "Best for {who}: {}{}: it leaves nim-sum 0 (a P-position), so it wins against any defence: whatever {other} does leaves a nim-sum other than 0, and {who} moves back to 0.{more}",
                w.mv,
                words(&w.mv)
            ),
            (Some(w), true) => format!(
                "Best for {who}: {}{}: it wins in misère play (the player who cannot move wins) against any defence; the position after is lost for {other}.{more}",
                w.mv,
                words(&w.mv)
            ),
            (None, false) => format!(
                "No move wins for {who} here: the nim-sum is 0 (a P-position), so whoever moves loses against best play. Every move leaves a nim-sum other than 0, from which {other} wins by moving back to 0."
            ),
            (None, true) => format!("No move wins for {who} here in misère play: whoever moves loses against best play, so any move will do; {other} has a winning answer to each."),
        }
    }

    /// The computer's move for the side to move: a winning undominated move
    /// by the exact value within `budget` new positions, else the seeded
    /// UCT player's. `None` when the side to move has no move.
    pub fn computer_move(&mut self, budget: usize) -> Option<ComputerMove> {
        let side = self.to_move();
        self.session.set_budget(budget);
        if self.finished() {
            return None;
        }
        let found = match self.page_thread(budget).and_then(|()| self.session.best_move(side)) {
            Ok(Some(mv)) => Some(ComputerMove { mv, exact: true, iterations: 0 }),
            Ok(None) => None,
            Err(_) => {
                let iterations = self.uct_iterations();
                self.session.uct_move(side, UCT_SEED, iterations).map(|mv| ComputerMove { mv, exact: false, iterations })
            }
        };
        let found = found.filter(|m| self.session.moves(side).contains(&m.mv));
        // With no move of its own (a ko it may not retake yet), it passes.
        found.or_else(|| self.session.can_pass().then(|| ComputerMove { mv: PASS.to_string(), exact: true, iterations: 0 }))
    }

    /// The work of one step of the search here: the moves of both sides
    /// times the position's size (see [`PAGE_MAX_WORK`]).
    pub fn work(&self) -> usize {
        let moves = self.session.moves(Side::Left).len() + self.session.moves(Side::Right).len();
        moves.saturating_mul(self.session.size().max(1))
    }

    /// `Err` (the budget error, so the value goes to the worker) when a
    /// call within the page's `budget` would do more than
    /// [`PAGE_MAX_WORK`] on the page's thread.
    fn page_thread(&self, budget: usize) -> Result<(), GameError> {
        if budget <= PAGE_BUDGET && (self.work() > PAGE_MAX_WORK || self.surely_over(budget)) {
            return Err(GameError::Engine(EngineError::TooLarge { max: budget }));
        }
        Ok(())
    }

    /// Is the search surely over `budget` positions? Heap-go's sum is
    /// searched whole (a scored game does not split): each heap with a
    /// counter has at least two tops, so `n` of them reach at least 2^n
    /// positions (issue 43: 60 heaps searched on the page for seconds).
    fn surely_over(&self, budget: usize) -> bool {
        if self.info.name != cgt::rulesets::heapgo::NAME {
            return false;
        }
        let Ok(h) = self.current().parse::<cgt::rulesets::heapgo::HeapGo>() else { return false };
        let n = h.heaps().iter().filter(|x| !x.is_empty()).count();
        n >= usize::BITS as usize || (1usize << n) > budget
    }

    /// The UCT iterations the page runs for the computer's move: the usual
    /// [`UCT_ITERATIONS`], fewer on a large board (each playout there
    /// costs about its size squared), at least 1; the same for the same
    /// position, so a replay plays the same move.
    pub fn uct_iterations(&self) -> u32 {
        let size = self.session.size().max(1);
        let per = size.saturating_mul(size);
        (PAGE_UCT_WORK / per).clamp(1, UCT_ITERATIONS as usize) as u32
    }
}

/// Whether every move leaves a nimber (`0`, `*`, `*n`: an impartial
/// choice, as in Nim): moves are then told apart by winning and losing
/// only, never by "more" (nimbers other than 0 do not compare).
fn impartial_choice(rated: &[cgt::rulesets::registry::MoveReport]) -> bool {
    let nimber = |v: &str| v == "0" || v.strip_prefix('*').is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()));
    !rated.is_empty() && rated.iter().all(|r| nimber(&r.value))
}

/// The best of rated moves: the first undominated winning move, else the
/// first undominated one.
fn best_of(rated: &[cgt::rulesets::registry::MoveReport]) -> Option<&cgt::rulesets::registry::MoveReport> {
    rated.iter().find(|r| r.undominated && r.wins).or_else(|| rated.iter().find(|r| r.undominated))
}

/// Is `e` the budget error (then the worker should value the position)?
pub fn over_budget(e: &GameError) -> bool {
    matches!(e, GameError::Engine(EngineError::TooLarge { .. }))
}

/// Brings `game` to the state's position and record: reuses the session
/// when the ruleset is the same (its table survives), opens one otherwise.
/// `Err` is the position's parse error (the page keeps what it showed).
pub fn load(game: &mut Option<Game>, st: &GameState) -> Result<Snapshot, String> {
    too_large_for_page(&st.ruleset, &st.position)?;
    match game {
        Some(g) if g.info.name == st.ruleset => g.restart(&st.position, st.first).map_err(|e| e.to_string())?,
        _ => *game = Some(Game::open(&st.ruleset, &st.position, st.first).map_err(|e| e.to_string())?),
    }
    let g = game.as_mut().expect("just opened");
    g.set_misere(st.misere);
    g.replay(&st.moves);
    Ok(g.snapshot())
}

/// `Err` naming the size when `position` is past [`PAGE_MAX_SIZE`] (a
/// position that does not parse passes: the page names its error).
pub fn too_large_for_page(ruleset: &str, position: &str) -> Result<(), String> {
    let Ok(s) = registry::session(ruleset, position, 1) else { return Ok(()) };
    let size = s.size();
    if size <= PAGE_MAX_SIZE {
        return Ok(());
    }
    let what = match ruleset {
        "cutcake" => "cuts",
        "domineering" | "clobber" | "konane" | "amazons" | "toads-and-frogs" => "squares",
        "go" => "points in play",
        "snort" | "col" => "vertices",
        "hackenbush" => "edges",
        _ => "parts",
    };
    Err(format!("the position has {size} {what}; the Games page plays positions of at most {PAGE_MAX_SIZE} {what} (larger ones are too many to list and draw here): make it smaller, or value it with the command line's `cgt game {ruleset}`"))
}

/// The game on the board as `st`'s player plays it: the moves that were
/// played (a record's bad move and what follows it are not).
pub fn record(st: &GameState, snap: &Snapshot) -> Record<String> {
    Record::from_moves(snap.first, st.you, snap.played.iter().map(|(_, m)| m.clone()))
}

/// Is it the computer's turn (not editing, not over, not the human's side,
/// and no bad move in the record: the user should read that first)?
pub fn computers_turn(st: &GameState, snap: &Snapshot) -> bool {
    !st.editing && snap.record_error.is_none() && record(st, snap).computers_turn(snap.over.is_some())
}

/// The state after the side to move plays `mv` (no check: the page plays
/// legal moves only, and a replay names a bad one).
pub fn with_move(st: &GameState, snap: &Snapshot, mv: &str) -> GameState {
    let mut rec = record(st, snap);
    rec.play(mv.to_string());
    GameState { moves: rec.text(), ..st.clone() }
}

/// Undo: the state before the human's last move (the computer's reply
/// goes with it); `None` when the human has no move to take back.
pub fn undo(st: &GameState, snap: &Snapshot) -> Option<GameState> {
    let mut rec = record(st, snap);
    rec.undo()?;
    Some(GameState { moves: rec.text(), ..st.clone() })
}

/// The state for a new starting position (typed, a preset, the editor):
/// the record starts again. `to_move` keeps the turn when the board was
/// edited in the middle of a game.
pub fn with_position(st: &GameState, position: &str, to_move: Option<Side>) -> GameState {
    GameState { position: position.to_string(), moves: String::new(), first: to_move.unwrap_or(st.first), ..st.clone() }
}

/// The state for another ruleset: its example position, a new game.
pub fn with_ruleset(st: &GameState, ruleset: &str) -> GameState {
    GameState { you: st.you, ..GameState::new(ruleset) }
}

/// One component's row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentRow {
    pub position: String,
    pub canonical: String,
    pub mean: String,
    pub temperature: String,
    /// The explicit canonical form (what "Add to Sums" sends), if short enough.
    pub explicit: Option<String>,
    /// Known on the main thread; from the worker it is rebuilt from
    /// `explicit` ([`ComponentRow::thermograph`]).
    thermograph: Option<Thermograph>,
    /// Go regions: (chilled, warmed back, kind of play); empty texts where
    /// not known.
    pub go: Option<(String, String, String)>,
    /// Go's words for the component (`cgt::sente`): the kind's key and the
    /// sentence in the ruleset's players' names.
    pub sente: String,
    pub words: String,
}

impl ComponentRow {
    /// The component's thermograph: as computed, or from its explicit form.
    pub fn thermograph(&self) -> Option<Thermograph> {
        if let Some(t) = &self.thermograph {
            return Some(t.clone());
        }
        let e = self.explicit.as_deref()?;
        let tree = cgt::notation::GameTree::parse_with(e, &cgt::notation::ParseLimits::INTERACTIVE).ok()?;
        Some(tree.thermograph())
    }
}

/// Longest canonical name the page prints in full (the CLI gives it whole).
const PAGE_NAME_CHARS: usize = 2_000;

/// A canonical name for the page: whole when short, else its beginning and
/// its length (`cgt game --json` gives the whole form).
fn fold(name: &str) -> String {
    if name.len() <= PAGE_NAME_CHARS {
        return name.to_string();
    }
    let mut end = PAGE_NAME_CHARS;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} characters in all; `cgt game --json` gives the whole form)", &name[..end], crate::slices::thousands(name.len()))
}

/// The value card and the components table: texts as the CLI prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readout {
    pub position: String,
    pub canonical: String,
    pub mean: String,
    pub temperature: String,
    pub left_stop: String,
    pub right_stop: String,
    pub outcome: String,
    pub positions: usize,
    /// The atomic weight of an infinitesimal value, named; empty when the
    /// value has none (see `GameReport::atomic_weight`).
    pub atomic_weight: String,
    /// Go's words for the whole position (key and sentence).
    pub sente: String,
    pub words: String,
    pub components: Vec<ComponentRow>,
    /// An impartial game's nim-values and winning moves.
    pub impartial: Option<ImpartialReadout>,
}

/// What the page shows of an impartial game beyond the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImpartialReadout {
    /// The nim-value (normal play): the position is `*g`.
    pub nim_value: u32,
    /// The components' nim-values, in order.
    pub component_values: Vec<u32>,
    /// The play the outcome and moves are for.
    pub misere: bool,
    pub first_player_wins: bool,
    /// The first [`MAX_WINNING_SHOWN`] winning moves, each with its words.
    pub winning: Vec<(String, String)>,
    /// How many winning moves there are in all.
    pub winning_total: usize,
    /// Under misère play: the misère canonical form, its genus and
    /// whether it is tame, or why they are not known (empty texts: not
    /// asked, normal play).
    pub misere_form: String,
    pub genus: String,
    pub tame: Option<bool>,
    pub misere_note: String,
}

/// Most winning moves a readout carries (a heap of thousands has thousands).
pub const MAX_WINNING_SHOWN: usize = 8;

impl ImpartialReadout {
    fn of(r: &cgt::rulesets::registry::ImpartialReport, words: impl Fn(&str) -> Option<String>) -> ImpartialReadout {
        ImpartialReadout {
            nim_value: r.nim_value,
            component_values: r.component_values.clone(),
            misere: r.misere,
            first_player_wins: r.first_player_wins,
            winning: r.winning_moves.iter().take(MAX_WINNING_SHOWN).map(|m| (m.clone(), words(m).unwrap_or_default())).collect(),
            winning_total: r.winning_moves.len(),
            misere_form: r.misere_form.clone().unwrap_or_default(),
            genus: r.genus.clone().unwrap_or_default(),
            tame: r.tame,
            misere_note: r.misere_note.clone().unwrap_or_default(),
        }
    }
    /// One tab-free field: values and moves between control characters
    /// (no move name or its words holds them).
    fn encode(&self) -> String {
        let values: Vec<String> = self.component_values.iter().map(|v| v.to_string()).collect();
        let moves: Vec<String> = self.winning.iter().map(|(m, w)| format!("{}\u{1e}{}", clean(m), clean(w))).collect();
        let tame = match self.tame {
            Some(true) => "1",
            Some(false) => "0",
            None => "",
        };
        [
            self.nim_value.to_string(),
            u8::from(self.misere).to_string(),
            u8::from(self.first_player_wins).to_string(),
            self.winning_total.to_string(),
            values.join(","),
            moves.join("\u{1d}"),
            clean(&self.misere_form),
            clean(&self.genus),
            tame.to_string(),
            clean(&self.misere_note),
        ]
        .join("\u{1f}")
    }
    fn decode(f: &str) -> Option<Option<ImpartialReadout>> {
        if f.is_empty() {
            return Some(None);
        }
        let p: Vec<&str> = f.split('\u{1f}').collect();
        let [g, m, w, total, values, moves, form, genus, tame, note] = p.as_slice() else { return None };
        let component_values = if values.is_empty() { Vec::new() } else { values.split(',').map(|v| v.parse().ok()).collect::<Option<Vec<u32>>>()? };
        let winning = if moves.is_empty() {
            Vec::new()
        } else {
            moves.split('\u{1d}').map(|mw| mw.split_once('\u{1e}').map(|(a, b)| (a.to_string(), b.to_string()))).collect::<Option<Vec<_>>>()?
        };
        Some(Some(ImpartialReadout {
            nim_value: g.parse().ok()?,
            misere: *m == "1",
            first_player_wins: *w == "1",
            winning_total: total.parse().ok()?,
            component_values,
            winning,
            misere_form: form.to_string(),
            genus: genus.to_string(),
            tame: match *tame {
                "1" => Some(true),
                "0" => Some(false),
                _ => None,
            },
            misere_note: note.to_string(),
        }))
    }
}

/// Fields of a readout before its components.
const HEAD: usize = 13;
/// Fields of a component.
const ROW: usize = 11;

fn clean(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

impl Readout {
    /// The readout of `r`, the winning moves put in words by `session`.
    pub fn of(r: &GameReport, session: &dyn Session) -> Readout {
        let mut out = Readout::from_report(r);
        out.impartial = r.impartial.as_ref().map(|i| ImpartialReadout::of(i, |m| session.move_words(Side::Left, m)));
        out
    }

    pub fn from_report(r: &GameReport) -> Readout {
        // Go's Black and White; "Left" and "Right" (without the colours) else.
        let players = registry::info(r.ruleset).map(|i| i.players).filter(|p| *p != cgt::rulesets::LEFT_RIGHT).unwrap_or(["Left", "Right"]);
        let words = |th: &Thermograph| {
            let w = cgt::sente::classify(th);
            (w.kind.key().to_string(), w.phrase(players))
        };
        let (sente, whole) = words(&r.thermograph);
        Readout {
            sente,
            words: whole,
            position: r.position.clone(),
            canonical: fold(&r.canonical),
            mean: r.mean.to_string(),
            temperature: r.temperature.to_string(),
            left_stop: r.left_stop.to_string(),
            right_stop: r.right_stop.to_string(),
            outcome: r.outcome.to_string(),
            positions: r.positions,
            atomic_weight: r.atomic_weight.clone().unwrap_or_default(),
            impartial: r.impartial.as_ref().map(|i| ImpartialReadout::of(i, |_| None)),
            components: r
                .components
                .iter()
                .map(|c| ComponentRow {
                    sente: words(&c.thermograph).0,
                    words: words(&c.thermograph).1,
                    position: c.position.clone(),
                    canonical: fold(&c.canonical),
                    mean: c.mean.to_string(),
                    temperature: c.temperature.to_string(),
                    explicit: c.explicit.clone(),
                    thermograph: Some(c.thermograph.clone()),
                    go: c.go.as_ref().map(|g| (g.chilled.clone().unwrap_or_default(), g.warmed.clone().unwrap_or_default(), g.play.clone())),
                })
                .collect(),
        }
    }

    /// Tab-separated fields (the worker's reply): the head (Go's words
    /// last), the number of components, then eleven fields a component (an
    /// empty explicit form: too long; then a Go region's chilled and warmed
    /// values and kind of play, empty for other games; then Go's words;
    /// then the thermograph's breakpoints, [`Thermograph::to_text`]).
    pub fn encode(&self) -> String {
        let mut f = vec![
            clean(&self.position),
            clean(&self.canonical),
            self.mean.clone(),
            self.temperature.clone(),
            self.left_stop.clone(),
            self.right_stop.clone(),
            self.outcome.clone(),
            self.positions.to_string(),
            clean(&self.atomic_weight),
            clean(&self.sente),
            clean(&self.words),
            self.impartial.as_ref().map(ImpartialReadout::encode).unwrap_or_default(),
            self.components.len().to_string(),
        ];
        for c in &self.components {
            f.extend([clean(&c.position), clean(&c.canonical), c.mean.clone(), c.temperature.clone(), c.explicit.as_deref().map(clean).unwrap_or_default()]);
            // Go's three fields; a play text is never empty, so empty says none.
            let (ch, wa, pl) = c.go.clone().unwrap_or_default();
            f.extend([clean(&ch), clean(&wa), clean(&pl)]);
            f.extend([clean(&c.sente), clean(&c.words)]);
            // The thermograph by its breakpoints: drawn whatever the size of
            // the form (it used to be rebuilt from the explicit form, and a
            // form too long to send had no picture).
            f.push(c.thermograph().map(|t| t.to_text()).unwrap_or_default());
        }
        f.join("\t")
    }

    pub fn decode(f: &[&str]) -> Option<Readout> {
        if f.len() < HEAD {
            return None;
        }
        let n: usize = f[HEAD - 1].parse().ok()?;
        if f.len() != HEAD + n.checked_mul(ROW)? {
            return None;
        }
        let s = |i: usize| f[i].to_string();
        let components = f[HEAD..]
            .chunks(ROW)
            .map(|c| ComponentRow {
                position: c[0].to_string(),
                canonical: c[1].to_string(),
                mean: c[2].to_string(),
                temperature: c[3].to_string(),
                explicit: (!c[4].is_empty()).then(|| c[4].to_string()),
                thermograph: Thermograph::from_text(c[10]),
                go: (!c[7].is_empty()).then(|| (c[5].to_string(), c[6].to_string(), c[7].to_string())),
                sente: c[8].to_string(),
                words: c[9].to_string(),
            })
            .collect();
        Some(Readout {
            position: s(0),
            canonical: s(1),
            mean: s(2),
            temperature: s(3),
            left_stop: s(4),
            right_stop: s(5),
            outcome: s(6),
            positions: f[7].parse().ok()?,
            atomic_weight: s(8),
            sente: s(9),
            words: s(10),
            impartial: ImpartialReadout::decode(f[11])?,
            components,
        })
    }

    /// The components as games for the Sums page; an error says why not.
    pub fn sum_parts(&self) -> Result<Vec<String>, String> {
        if self.components.is_empty() {
            return Err("the position is 0 (neither side has a move): nothing to add to the sum".into());
        }
        self.components
            .iter()
            .enumerate()
            .map(|(i, c)| c.explicit.clone().ok_or_else(|| format!("component {}'s canonical form is longer than a link holds", i + 1)))
            .collect()
    }
}

/// The value of `position` of `ruleset` within `budget` positions: what the
/// worker runs for [`super::jobs::GameJob`].
pub fn value_within(ruleset: &str, position: &str, budget: usize, misere: bool) -> Result<Readout, GameError> {
    let mut s = registry::session(ruleset, position, budget)?;
    s.set_misere(misere && s.impartial())?;
    let r = s.report()?;
    Ok(Readout::of(&r, s.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43: a 61x61 Domineering board searched on the page's thread
    /// for minutes (the budget counts positions, and each of its steps
    /// makes 7,320 options of 3,721 squares); it goes to the worker at
    /// once, and the computer plays it with few UCT iterations. Every
    /// ruleset's example stays on the page.
    #[test]
    fn a_large_board_is_not_searched_on_the_page() {
        use cgt::rulesets::registry::RULESETS;
        let big = vec![".".repeat(61); 61].join("|");
        let mut g = Game::open("domineering", &big, Side::Left).unwrap();
        assert!(g.work() > PAGE_MAX_WORK);
        assert!(matches!(g.report(PAGE_BUDGET), Err(ref e) if over_budget(e)));
        assert!(g.judge("a1-a2", PAGE_BUDGET).is_none());
        assert_eq!(g.hint(PAGE_BUDGET).as_deref(), Some("This position is too large to solve exactly here."));
        assert!(g.strategy_moves(PAGE_BUDGET).is_empty());
        assert_eq!(g.uct_iterations(), 1);
        // Sixty heaps of heap-go: at least 2^60 positions.
        let mut h = Game::open("heapgo", &["b1"; 60].join("/"), Side::Left).unwrap();
        assert!(matches!(h.report(PAGE_BUDGET), Err(ref e) if over_budget(e)));
        let mut small = Game::open("heapgo", &["b1"; 12].join("/"), Side::Left).unwrap();
        assert!(small.report(PAGE_BUDGET).is_ok());
        for r in RULESETS {
            let g = Game::open(r.name, r.example, Side::Left).unwrap();
            assert!(g.work() <= PAGE_MAX_WORK, "{}: {}", r.name, g.work());
            assert!(too_large_for_page(r.name, r.example).is_ok());
        }
    }

    /// Issue 43: 400 cakes of 4096 x 4096 listed 1,638,000 moves and died;
    /// a position past the page's size is refused, naming its size.
    #[test]
    fn a_position_past_the_page_size_is_refused() {
        let st = GameState { ruleset: "cutcake".into(), position: "4096x4096 ".repeat(400), ..GameState::new("cutcake") };
        let e = load(&mut None, &st).unwrap_err();
        assert!(e.starts_with("the position has 3276000 cuts; the Games page plays positions of at most 4096 cuts"), "{e}");
        let ok = GameState { position: "64x64 ".repeat(32), ..st };
        assert!(load(&mut None, &ok).is_ok());
    }

    /// Issue 24's feedback on the board: Domineering `...|...`, Left to
    /// move. b1 wins (value 2); a1 leaves ±1, which Right wins moving
    /// first.
    #[test]
    fn moves_are_judged_against_the_best() {
        let mut g = Game::open("domineering", "...|...", Side::Left).unwrap();
        assert_eq!(g.judge("b1", PAGE_BUDGET).unwrap(), "Left's b1: a best move (the position after is 2, a win with best play).");
        assert_eq!(
            g.judge("a1", PAGE_BUDGET).unwrap(),
            "Left's a1 changed the outcome: Left could win (with b1), and now loses against best play (the position after is ±1)."
        );
        assert_eq!(g.hint(PAGE_BUDGET).unwrap(), "Best for Left: b1: it wins against any defence (the position after is 2).");
        // Dominated without a change of outcome: c1 in .....|..... wins
        // too, but {3|1/2} is better than 0.
        let mut g = Game::open("domineering", ".....|.....", Side::Left).unwrap();
        assert_eq!(g.judge("c1", PAGE_BUDGET).unwrap(), "Left's c1 is not the best: b1 leaves {3|1/2} instead of 0.");
        assert!(g.judge("z9", PAGE_BUDGET).is_none());
        // A whole game reviewed: Left's a1, then Right's and Left's best.
        let mut g = Game::open("domineering", "...|...", Side::Left).unwrap();
        g.play("a1").unwrap();
        let r = g.moves()[0].clone();
        g.play(&r).unwrap();
        let lines = g.review(PAGE_BUDGET).unwrap();
        assert_eq!(lines[0], "Move 1: Left's a1 changed the outcome: Left could win (with b1), and now loses against best play (the position after is ±1).");
        assert_eq!(lines.last().unwrap(), "The losing move: move 1, Left's.");
    }

    /// Issue 43 item 11: in an impartial P-position (green stalks 3, 5, 6)
    /// every move loses; the Hint and the feedback say that, never that a
    /// nimber "leaves the most".
    #[test]
    fn impartial_moves_are_told_apart_by_winning_only() {
        let mut g = Game::open("hackenbush", "stalk:ggg stalk:ggggg stalk:gggggg", Side::Left).unwrap();
        let hint = g.hint(PAGE_BUDGET).unwrap();
        assert!(!hint.contains("the most"), "{hint}");
        assert!(hint.starts_with("No move wins for Left here: the position is worth 0 (a P-position)"), "{hint}");
        for mv in g.moves() {
            let j = g.judge(&mv, PAGE_BUDGET).unwrap();
            assert!(j.contains("every move loses against best play") && !j.contains("a best move"), "{j}");
        }
    }

    fn st(ruleset: &str, position: &str, moves: &str) -> GameState {
        GameState { ruleset: ruleset.into(), position: position.into(), moves: moves.into(), ..GameState::default() }
    }

    fn loaded(s: &GameState) -> (Option<Game>, Snapshot) {
        let mut g = None;
        let snap = load(&mut g, s).unwrap();
        (g, snap)
    }

    #[test]
    fn records_replay_and_name_a_bad_move() {
        let (_, snap) = loaded(&st("domineering", "...|...", "a1.b1"));
        assert_eq!(snap.played, vec![(Side::Left, "a1".to_string()), (Side::Right, "b1".to_string())]);
        assert_eq!(snap.current, "###|#..");
        assert_eq!(snap.to_move, Side::Left);
        assert_eq!(snap.moves, Vec::<String>::new());
        assert_eq!(snap.over.as_deref(), Some("Game over: Left cannot move, so Right wins."));
        // Right cannot play a1 after Left's a1: the replay stops there.
        let (_, bad) = loaded(&st("domineering", "...|...", "a1.a1.c1"));
        assert_eq!(bad.played.len(), 1);
        let e = bad.record_error.clone().unwrap();
        assert!(e.starts_with("move 2 (`a1`)") && e.contains("Right"), "{e}");
        // The computer (Right) waits while the record's error is on show.
        assert!(!computers_turn(&st("domineering", "...|...", "a1.a1.c1"), &bad));
        assert_eq!(String::read_all(" b1. .c2 ", usize::MAX).unwrap(), vec!["b1", "c2"]);
        assert_eq!(String::write_all(&["b1".to_string(), "c2".to_string()]), "b1.c2");
        // Right first.
        let (_, r) = loaded(&GameState { first: Side::Right, ..st("domineering", "..|..", "a1") });
        assert_eq!(r.played[0].0, Side::Right);
        assert_eq!(r.current, "##|..");
    }

    #[test]
    fn a_bad_position_is_an_error_naming_the_square_and_the_session_survives() {
        let mut g = None;
        assert!(load(&mut g, &st("domineering", "..|..", "")).is_ok());
        let e = load(&mut g, &st("domineering", "..|.x", "")).unwrap_err();
        assert!(e.contains("row 2, column 2"), "{e}");
        // The game is still there, at its last good position.
        assert_eq!(g.as_ref().unwrap().current(), "..|..");
        // Another ruleset opens another session.
        let snap = load(&mut g, &st("hackenbush", "stalk:br", "")).unwrap();
        assert_eq!(snap.ruleset, "hackenbush");
        assert!(load(&mut g, &st("chess", "e4", "")).unwrap_err().contains("no ruleset"));
    }

    #[test]
    fn values_and_components() {
        let (mut g, _) = loaded(&st("domineering", ".#..|.#..", ""));
        let r = g.as_mut().unwrap().report(PAGE_BUDGET).unwrap();
        assert_eq!((r.canonical.as_str(), r.outcome.as_str()), ("{2|0}", "N"));
        assert_eq!((r.mean.as_str(), r.temperature.as_str(), r.left_stop.as_str(), r.right_stop.as_str()), ("1", "1", "2", "0"));
        assert_eq!(r.components.len(), 2);
        assert!(r.components.iter().all(|c| c.thermograph().is_some()));
        assert_eq!(r.sum_parts().unwrap().len(), 2);
        // The worker's text carries everything but the thermographs, which
        // are rebuilt from the explicit forms.
        let text = r.encode();
        let back = Readout::decode(&text.split('\t').collect::<Vec<_>>()).unwrap();
        assert_eq!(back.encode(), text);
        for (a, b) in back.components.iter().zip(&r.components) {
            assert_eq!(a.thermograph(), b.thermograph());
        }
        assert!(Readout::decode(&["x"; 10]).is_none());
        assert_eq!(r.atomic_weight, "", "a hot game has no atomic weight");
        // Clobber's xxo is up, of atomic weight 1, and it travels too.
        let (mut c, _) = loaded(&st("clobber", "xxo", ""));
        let r = c.as_mut().unwrap().report(PAGE_BUDGET).unwrap();
        assert_eq!((r.canonical.as_str(), r.atomic_weight.as_str()), ("^", "1"));
        let back = Readout::decode(&r.encode().split('\t').collect::<Vec<_>>()).unwrap();
        assert_eq!(back.atomic_weight, "1");
        // An empty board has no component: nothing to add.
        let (mut e, _) = loaded(&st("domineering", "#.|.#", ""));
        let r = e.as_mut().unwrap().report(PAGE_BUDGET).unwrap();
        assert_eq!(r.canonical, "0");
        assert!(r.sum_parts().is_err());
    }

    #[test]
    fn the_budget_error_sends_the_value_away_and_the_computer_still_moves() {
        let (mut g, _) = loaded(&st("domineering", "......|......|......|......|......", ""));
        let g = g.as_mut().unwrap();
        let e = g.report(500).unwrap_err();
        assert!(over_budget(&e), "{e}");
        // Past the budget the computer plays UCT, the same move every time.
        let m = g.computer_move(500).unwrap();
        assert!(!m.exact);
        assert_eq!(g.computer_move(500), Some(m));
        // Within it, the exact player: the 2x2 square, Left takes it.
        let (mut sq, _) = loaded(&st("domineering", "..|..", ""));
        let m = sq.as_mut().unwrap().computer_move(PAGE_BUDGET).unwrap();
        assert!(m.exact);
        assert!(["a1", "b1"].contains(&m.mv.as_str()));
    }

    #[test]
    fn undo_takes_back_the_humans_move_and_the_reply() {
        let s = st("domineering", "....|....|....", "a1.a3.d1");
        let (_, snap) = loaded(&s);
        assert_eq!(snap.played.len(), 3);
        // You are Left: a1 (you), a3 (computer), d1 (you): back to before d1.
        assert_eq!(undo(&s, &snap).unwrap().moves, "a1.a3");
        let two = GameState { moves: "a1.a3".into(), ..s.clone() };
        let (_, snap2) = loaded(&two);
        assert_eq!(undo(&two, &snap2).unwrap().moves, "");
        // You are Right and the computer opened: nothing of yours to take back.
        let right = GameState { you: Player::Right, moves: "a1".into(), ..s.clone() };
        let (_, snap3) = loaded(&right);
        assert!(undo(&right, &snap3).is_none());
        // Two players: one move back.
        let both = GameState { you: Player::Both, ..s.clone() };
        assert_eq!(undo(&both, &snap).unwrap().moves, "a1.a3");
    }

    #[test]
    fn editing_and_turns() {
        let s = st("domineering", "...|...", "");
        let (_, snap) = loaded(&s);
        assert!(!computers_turn(&s, &snap));
        let after = with_move(&s, &snap, "a1");
        let (_, snap2) = loaded(&after);
        assert_eq!(snap2.to_move, Side::Right);
        assert!(computers_turn(&after, &snap2));
        assert!(!computers_turn(&GameState { editing: true, ..after.clone() }, &snap2));
        // Editing mid-game keeps the turn: Right is to move on the new board.
        let edited = with_position(&after, "#.|#.", Some(Side::Right));
        assert_eq!((edited.moves.as_str(), edited.first), ("", Side::Right));
        let (_, snap3) = loaded(&edited);
        assert_eq!(snap3.to_move, Side::Right);
        assert!(snap3.over.unwrap().contains("Right cannot move, so Left wins"));
        let other = with_ruleset(&GameState { you: Player::Right, ..after }, "heapgo");
        assert_eq!((other.ruleset.as_str(), other.you, other.moves.as_str()), ("heapgo", Player::Right, ""));
    }

    #[test]
    fn scored_games_end_on_points() {
        let (_, snap) = loaded(&st("heapgo", "b5,r3/r7", "0.0"));
        assert_eq!(snap.score, Some(Q::from_int(1)));
        assert_eq!(snap.over.as_deref(), Some("Game over: Left wins by 1 (no moves left; the score is 1)."));
    }

    /// Issue 43: a finished Go game names its winner by the count, in
    /// Black's and White's words, not by who moved last.
    #[test]
    fn go_games_end_on_the_count() {
        // Nobody can move: Black's one point of territory.
        let (_, snap) = loaded(&st("go", "XXX|X.X|XXX", ""));
        assert_eq!(snap.over.as_deref(), Some("Game over: Black wins by 1 (nobody can move; the count is 1)."));
        // White first plays the dame G2; Black's corner is 2 points of
        // territory and a dead stone: 3.
        let s = GameState { first: Side::Right, you: Player::Right, ..st("go", "XXXX#XXO|X.oX#X.O|XXXX#XOO", "") };
        let (_, before) = loaded(&s);
        assert!(before.over.is_none());
        assert!(before.moves.contains(&"G2".to_string()) && before.moves.contains(&PASS.to_string()), "{:?}", before.moves);
        let (_, snap) = loaded(&GameState { moves: "G2".into(), ..s.clone() });
        assert_eq!(snap.over.as_deref(), Some("Game over: Black wins by 3 (nobody can move; the count is 3)."));
        // Both pass at once: the dame stays open; still 3.
        let (_, snap) = loaded(&GameState { moves: "pass.pass".into(), ..s.clone() });
        assert_eq!(snap.over.as_deref(), Some("Game over: Black wins by 3 (both passed; the count is 3)."));
        // A tie is jigo.
        let (_, snap) = loaded(&st("go", "XXXO|X.XO|XXOO|XO.O|XOOO", ""));
        assert_eq!(snap.over.as_deref(), Some("Game over: jigo, a tie (nobody can move; the count is 0)."));
    }

    /// Issue 43: a ko capture does not end the game: the side that may not
    /// retake at once passes (or plays elsewhere), and play goes on.
    #[test]
    fn a_ko_capture_does_not_end_the_game() {
        // Black's C2 takes the white stone at B2 (a ko): White may not
        // take back at B2 at once and has no other move, so passes.
        let s = GameState { you: Player::Both, ..st("go", "XXOO|Xo.O|XXOO", "C2") };
        let (mut g, snap) = loaded(&s);
        assert_eq!(snap.current, "XXOO|X.xO|XXOO +1 ko=B2");
        assert!(snap.over.is_none(), "{:?}", snap.over);
        assert_eq!(snap.moves, vec![PASS.to_string()]);
        // The computer (White here) passes too rather than stop.
        assert_eq!(g.as_mut().unwrap().computer_move(PAGE_BUDGET).map(|m| m.mv).as_deref(), Some(PASS));
        // After the pass the ko may be taken back: Black fills it or passes.
        let (_, snap) = loaded(&GameState { moves: "C2.pass".into(), ..s.clone() });
        assert!(snap.over.is_none());
        assert!(snap.moves.contains(&"B2".to_string()), "{:?}", snap.moves);
        let (_, snap) = loaded(&GameState { moves: "C2.pass.pass.B2".into(), ..s.clone() });
        assert!(snap.over.is_none(), "the ko retaken: {}", snap.current);
        let (_, snap) = loaded(&GameState { moves: "C2.pass.B2".into(), ..s.clone() });
        assert_eq!(snap.over.as_deref(), Some("Game over: Black wins by 1 (nobody can move; the count is 1)."), "{}", snap.current);
    }

    #[test]
    fn the_worker_values_the_same() {
        let r = value_within("domineering", "..#|..#|...", 10_000, false).unwrap();
        assert_eq!(r.canonical, "{1/2|-2}");
        assert!(value_within("domineering", "..|.x", 10, false).is_err());
    }

    /// Issue 46: impartial games on the board under both plays: the game
    /// ends with the right winner, the hint and the feedback speak of
    /// winning and losing with the move in words, and the readout carries
    /// the nim-values through the worker's text.
    #[test]
    fn impartial_games_under_normal_and_misere_play() {
        let mut st = st("nim", "1 1 2", "");
        let (mut g, snap) = loaded(&st);
        assert!(snap.impartial && !snap.misere);
        let game = g.as_mut().unwrap();
        let hint = game.hint(PAGE_BUDGET).unwrap();
        assert!(hint.starts_with("Best for Blue: 3-2 (take all 2 from heap 3): it leaves nim-sum 0"), "{hint}");
        let r = game.report(PAGE_BUDGET).unwrap();
        let imp = r.impartial.clone().unwrap();
        assert_eq!((imp.nim_value, imp.first_player_wins, imp.winning.clone()), (2, true, vec![("3-2".to_string(), "take all 2 from heap 3".to_string())]));
        let back = Readout::decode(&r.encode().split('\t').collect::<Vec<_>>()).unwrap();
        assert_eq!(back, r);
        // Misère: leave an odd number of heaps of one.
        st.misere = true;
        let (mut g, snap) = loaded(&st);
        assert!(snap.misere);
        let game = g.as_mut().unwrap();
        assert!(game.hint(PAGE_BUDGET).unwrap().starts_with("Best for Blue: 3-1 (take 1 from heap 3): it wins in misère play"));
        let j = game.judge("3-2", PAGE_BUDGET).unwrap();
        assert!(j.contains("changed the outcome") && j.contains("in misère play"), "{j}");
        let r = game.report(PAGE_BUDGET).unwrap();
        assert_eq!(r.outcome, "N");
        let back = Readout::decode(&r.encode().split('\t').collect::<Vec<_>>()).unwrap();
        assert_eq!(back, r);
        let imp = r.impartial.unwrap();
        assert!(imp.misere && !imp.misere_form.is_empty() && !imp.genus.is_empty(), "{imp:?}");
        // The last move: in misère play the player left without a move wins.
        let (g, snap) = loaded(&GameState { moves: "1-1.2-1.3-2".into(), ..st.clone() });
        assert_eq!(snap.over.as_deref(), Some("Game over: Red cannot move, so Red wins (misère play: the player who cannot move wins)."));
        drop(g);
        let (_, snap) = loaded(&GameState { moves: "1-1.2-1.3-2".into(), misere: false, ..st.clone() });
        assert_eq!(snap.over.as_deref(), Some("Game over: Red cannot move, so Blue wins (normal play: the player who cannot move loses)."));
        // A partizan ruleset ignores the switch.
        let (_, snap) = loaded(&GameState { misere: true, ..super::super::state::GameState::new("domineering") });
        assert!(!snap.misere && !snap.impartial);
        // The worker gives the misère outcome too.
        let w = value_within("nim", "1 1 1", 1_000, true).unwrap();
        assert_eq!((w.outcome.as_str(), w.impartial.unwrap().first_player_wins), ("P", false));
    }
}
