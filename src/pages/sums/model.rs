//! The Sums page's logic as plain data (tested natively): the sum's text
//! (`G1 + G2 + ...`, the same as the CLI and the URL), its presets, the
//! figures the page shows without searching (components, bounds, the
//! thermostatic bracket against t), the exact search's readout that the
//! worker sends back, and play against the computer (its record the
//! shared [`Record`]: whose turn, Undo, the moves' text; what is the
//! Sums page's own is the `sp=` text around it and how a move is named
//! and played on the sum).

use crate::job::JobState;
use crate::pages::MAX_TEXT;
use crate::play::Player;
use crate::record::{snippet, By, MoveText, Played, Record, RecordError};
use cgt::numbers::Q;
use cgt::side::Side;
use cgt::sums::bounds::{bounds, thermostatic_curve, Bounds};
use cgt::sums::bstar::{alphabeta, bstar, AlphaBeta, BStar, BStarConfig, Ranges};
use cgt::sums::cold::ColdSums;
use cgt::sums::exact::sum_value;
use cgt::sums::strategy::play;
use cgt::sums::strategy::{ambient, choose, Context, Strategy};
use cgt::sums::{parse_components, split_components, Bracket, Move, SumError, SumGames, MAX_PLAY_LENGTH};
use cgt::ParseLimits;
use cgt_draw::sums::{Mark, TreeNode, MAX_TREE_NODES};
use std::fmt;
use std::str::FromStr;

/// The default of the page (Müller's (2025) greedy counterexample).
pub const DEFAULT_SUM: &str = "{4|0} + {{10|-3}|-5}";
/// Positions the page indexes at most.
pub const PAGE_MAX_POSITIONS: usize = 20_000;
/// The worker's memo budget for the exact values.
pub const WORKER_BUDGET: usize = 3_000_000;

/// One preset sum with its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumPreset {
    pub name: &'static str,
    pub sum: &'static str,
    pub source: &'static str,
}

pub const SUM_PRESETS: &[SumPreset] = &[
    SumPreset { name: "Greedy fails", sum: "{4|0} + {{10|-3}|-5}", source: "Müller (2025), 'Why greedy play can be bad': Left to move, greedy -1, best +1" },
    SumPreset { name: "B* example H33 + H34 + H35", sum: "{{40|10}|-20} + {{{31|21}|20}|-15} + {{4|-2}|-5}", source: "Yedwab (1985), Figs 5.11-5.13: Left's move in H33 is best (VL 20)" },
    SumPreset { name: "Figure 5.1: H18 + H19", sum: "{{40|30}|-25} + {{30|20}|{-20|-30}}", source: "Yedwab (1985), Fig 5.1 (VL 10)" },
    SumPreset { name: "Figure 5.1: H18 + H19 + H20", sum: "{{40|30}|-25} + {{30|20}|{-20|-30}} + {35|{0|-10}}", source: "Yedwab (1985), Fig 5.1 (VL 45)" },
    SumPreset { name: "Figure 5.1: H18 + ... + H21", sum: "{{40|30}|-25} + {{30|20}|{-20|-30}} + {35|{0|-10}} + {{25|15}|-10}", source: "Yedwab (1985), Fig 5.1 (VL 35; its Hanner upper bound 65 is a misprint for 55)" },
    SumPreset { name: "Coin stacks 15/10, 25/30, 20/10", sum: "{15+{10|-10}|-15+{10|-10}} + {25+{30|-30}|-25+{30|-30}} + {20+{10|-10}|-20+{10|-10}}", source: "Yedwab (1985), Fig 3.1: coin x on coin y is {x+{y|-y} | -x+{y|-y}}; take the 20 (VL 5)" },
    SumPreset { name: "Figure 5.7: H23 + H24 + H25", sum: "{{-30|-40}|-50} + {{0|-4}|-8} + {-20|-30}", source: "Yedwab (1985), Fig 5.7: second temperature and thermostatic [-70, -65], Hanner [-72.5, -65] (VL -68)" },
    SumPreset { name: "Figure 5.8: H26 + H27", sum: "{{150|50}|-10} + {{130|30}|{10|-90}}", source: "Yedwab (1985), Fig 5.8: thermostatic at t = 0 gives [60, 80] (VL 80)" },
    SumPreset { name: "LS and RS of a sum", sum: "{2|0} + {5|4}", source: "Müller (2025), 'LS and RS for subgames vs sum' (VL 6, VR 5)" },
    SumPreset {
        name: "8 random depth-3 components",
        sum: "{{{15|7},{4|-3,-1}|{6|-4},{-2|-6}},{{18,14|4}|{7|-10}}|{{9,7|3,2},{6|-3,1}|{-6|-9,-15},{-6,-5|-12,-13}}} + {{{12|8},{21,23|11,10}|{6,7|0,-5},{8|-1,-2}},{{18,15|7,2},{10|0}|{4|-2}}|{{5|-8,-11},{-1,-1|-7,-4}|{-4|-11}},{{12|-2}|{-6,-3|-13,-14},{0|-12,-6}}} + {{{14,12|5,9}|{2,6|-9,-3},{4|-6,-7}}|{{2,3|-4,-10}|{-6|-10,-9},{-3|-16,-9}},{{1|-8,-9}|{-8,-7|-18},{0,-6|-18,-12}}} + {{{18|8}|{-5|-9}}|{{2,0|-7,-7},{7,2|-7}|{-10,-13|-21}}} + {{{18|7,11}|{4|-3}},{{18|6}|{4,8|-8,-8},{5,7|-6}}|{{10,11|1,2}|{-4|-13}},{{10,8|-1}|{-9,-4|-20,-16}}} + {{{7|1,-2}|{6|-9,-7},{6,1|-6}},{{9,10|4,-5},{10,7|-1,2}|{1|-3,-3}}|{{6,0|-13,-9}|{-2|-16}},{{9,6|-9,-4},{0|-14}|{-6,-10|-16,-17}}} + {{{10,13|4},{11,13|5,7}|{10,3|-1}}|{{5|1,-3},{12|-6,-4}|{-2|-12,-14}}} + {{{13|13}|{12,7|-2},{3|-3}}|{{9|-1,1}|{-5|-12,-18},{-7,-4|-13}}}",
        source: "issue 7's performance case: 8 random depth-3 games (Python random.Random(7); Left's options shifted up, Right's down, so they are hot)",
    },
];

/// One component as the page lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ComponentRow {
    pub text: String,
    pub canonical: String,
    pub mean: String,
    pub temperature: String,
    pub left_stop: String,
    pub right_stop: String,
}

/// What the page shows at once (no search): the components, the bounds
/// and the thermostatic bracket against t.
#[derive(Clone, Debug)]
pub struct SumFigures {
    pub games: SumGames,
    pub rows: Vec<ComponentRow>,
    pub bounds: Bounds,
    pub curve: Vec<(Q, Bracket, Bracket)>,
}

/// Parse and index the sum, with errors naming the component.
pub fn parse_sum(text: &str) -> Result<SumGames, String> {
    let parts = split_components(text);
    let trees = parse_components(&parts, &ParseLimits::INTERACTIVE).map_err(|e| e.to_string())?;
    SumGames::from_trees(&trees, PAGE_MAX_POSITIONS).map_err(|e| e.to_string())
}

pub fn figures(text: &str) -> Result<SumFigures, String> {
    let games = parse_sum(text)?;
    let parts = split_components(text);
    let rows = games
        .components()
        .iter()
        .zip(parts)
        .map(|(&c, text)| {
            let p = games.position(c);
            ComponentRow {
                text,
                canonical: p.name.clone(),
                mean: p.mean().to_string(),
                temperature: p.temperature().to_string(),
                left_stop: p.left_stop().to_string(),
                right_stop: p.right_stop().to_string(),
            }
        })
        .collect();
    let b = bounds(&games, games.components());
    let curve = thermostatic_curve(&games, games.components());
    Ok(SumFigures { games, rows, bounds: b, curve })
}

/// Most building work for the sum's own thermograph beside the overlay
/// of its components (about a tenth of a second; the page is not blocked
/// longer for a picture).
pub const SUM_PICTURE_WORK: u64 = 150_000;

/// The thermograph of the whole sum (its components summed as a game
/// tree), or why it is not drawn.
pub fn sum_thermograph(text: &str) -> Result<cgt::thermograph::Thermograph, String> {
    let limits = ParseLimits { max_build_work: SUM_PICTURE_WORK, ..ParseLimits::INTERACTIVE };
    match cgt::notation::GameTree::parse_with(text, &limits) {
        Ok(t) => Ok(t.thermograph()),
        Err(e) if matches!(e.kind, cgt::expr::ParseErrorKind::TooLarge(_)) => Err("the sum is too large to draw here: open it in the explorer".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// The exact search's answer as the worker sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactReadout {
    /// `VL` (or its bracket `[lo, hi]` past the budget).
    pub vl: String,
    pub vr: String,
    pub exact: bool,
    pub nodes: usize,
    pub best_left: Vec<String>,
    pub best_right: Vec<String>,
}

const SEP: char = '\u{1f}';

impl ExactReadout {
    pub fn encode(&self) -> String {
        let j = |v: &[String]| v.join(&SEP.to_string());
        format!("{}\t{}\t{}\t{}\t{}\t{}", self.vl, self.vr, u8::from(self.exact), self.nodes, j(&self.best_left), j(&self.best_right))
    }
    pub fn decode(f: &[&str]) -> Option<ExactReadout> {
        let [vl, vr, exact, nodes, bl, br] = f else { return None };
        let split = |s: &str| if s.is_empty() { Vec::new() } else { s.split(SEP).map(str::to_string).collect() };
        Some(ExactReadout {
            vl: vl.to_string(),
            vr: vr.to_string(),
            exact: *exact == "1",
            nodes: nodes.parse().ok()?,
            best_left: split(bl),
            best_right: split(br),
        })
    }
}

/// `VL`, `VR` and the best first moves within `budget` memo entries.
pub fn exact_readout(text: &str, budget: usize) -> Result<ExactReadout, String> {
    let g = parse_sum(text)?;
    let v = sum_value(&g, g.components(), budget);
    let show = |s: &cgt::sums::exact::SideValue| if s.exact { s.value.lo.to_string() } else { s.value.to_string() };
    let moves = |ms: &[Move]| ms.iter().map(|&m| move_label(&g, m)).collect();
    Ok(ExactReadout { vl: show(&v.vl), vr: show(&v.vr), exact: v.exact(), nodes: v.nodes, best_left: moves(&v.vl.best), best_right: moves(&v.vr.best) })
}

/// A move as the page writes it: the component moved in, counted from 1
/// as the page lists the components, and the position it moves to
/// (`component 2 → {10|-3}`; the core's `[1, {10|-3}]` counts from 0).
pub fn move_label(g: &SumGames, m: Move) -> String {
    format!("component {} → {}", m.component + 1, g.position(m.to).name)
}

/// The same, short, for the B* tree's edges (`2 → {10|-3}`).
pub fn edge_label(g: &SumGames, m: Move) -> String {
    format!("{} → {}", m.component + 1, g.position(m.to).name)
}

/// Whether games sent from another page replace the sum rather than join
/// it: the sum is still the page's example, which the user never typed.
pub fn adding_replaces(sum: &str) -> bool {
    sum.trim() == DEFAULT_SUM
}

/// The sum after games are sent here from another page (each in the
/// explorer's notation): they replace the example sum the first time,
/// and are appended to a sum of the user's.
pub fn with_added(sum: &str, parts: &[String]) -> String {
    let mut sum = if adding_replaces(sum) { String::new() } else { sum.to_string() };
    for p in parts {
        sum = edit_component(&sum, usize::MAX, Some(p));
    }
    sum
}

/// Replace component `i` of the sum's text (or drop it with `None`).
pub fn edit_component(text: &str, i: usize, new: Option<&str>) -> String {
    let mut parts = split_components(text);
    match new {
        Some(t) if i < parts.len() => parts[i] = t.trim().to_string(),
        Some(t) => parts.push(t.trim().to_string()),
        None if i < parts.len() => {
            parts.remove(i);
        }
        None => {}
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" + ")
}

/// Component `i` of the sum's text replaced by `new` (appended when `i`
/// is past the end, dropped when `new` is blank), or why not: the result
/// must be a sum the page can show and a link can hold. The error names
/// the component by its place in the sum (from 1, as the page lists
/// them) and what was expected there; the caller keeps the sum as it was.
pub fn checked_edit(text: &str, i: usize, new: &str) -> Result<String, String> {
    let at = i.min(split_components(text).len());
    // The new text alone first, so that an unclosed brace is blamed on it
    // and not on the components it would swallow.
    let parts = split_components(new);
    if !parts.is_empty() {
        if let Err(e) = parse_components(&parts, &ParseLimits::INTERACTIVE) {
            return Err(match e {
                SumError::Parse { component, error } => format!("component {}: {error}", at + component + 1),
                e => e.to_string(),
            });
        }
    }
    let out = edit_component(text, i, (!parts.is_empty()).then_some(new));
    parse_sum(&out)?;
    let n = out.chars().count();
    if n > MAX_TEXT {
        return Err(format!("the sum would be {n} characters long, more than a link holds ({MAX_TEXT}): remove components first"));
    }
    Ok(out)
}

/// A game against the computer on the Sums page, as the URL holds it
/// (`sp=`): which side you play, who moved first, the computer's strategy
/// and every move so far (both sides') as `component-option`, the option
/// counted among the mover's options of that component's current position
/// (from 0). Written `LR_sentestrat_0-0.1-0`: you are Left, Right moved
/// first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRecord {
    /// The side you play.
    pub you: Side,
    /// Who moved first.
    pub first: Side,
    pub computer: Strategy,
    pub moves: Vec<(usize, usize)>,
}

/// Why a `sp=` text is not a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayRecordError {
    /// Not `SIDES_STRATEGY_MOVES`.
    Shape(String),
    /// The first field is not two letters L/R.
    Sides(String),
    Strategy(String),
    /// Move `index` (from 1) is not `component-option`.
    Move {
        index: usize,
        text: String,
    },
    TooLong {
        moves: usize,
    },
}

impl fmt::Display for PlayRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayRecordError::Shape(t) => write!(f, "game record `{t}`: expected SIDES_STRATEGY_MOVES, e.g. LL_sentestrat_0-0.1-0"),
            PlayRecordError::Sides(t) => write!(f, "game record: `{t}` should be two letters L/R (your side, who moved first)"),
            PlayRecordError::Strategy(t) => {
                write!(f, "game record: `{t}` is not a strategy (expected one of greedy, hotstrat, sentestrat, thermostrat, exact)")
            }
            PlayRecordError::Move { index, text } => write!(f, "game record, move {index} (`{text}`): expected component-option, e.g. 0-1"),
            PlayRecordError::TooLong { moves } => write!(f, "game record: {moves} moves, more than a sum's play allows ({MAX_PLAY_LENGTH})"),
        }
    }
}

/// A move in `sp=`: `component-option`, `1-0`.
impl MoveText for (usize, usize) {
    fn write(&self, out: &mut String) {
        out.push_str(&format!("{}-{}", self.0, self.1));
    }
    fn read(part: &str) -> Result<(usize, usize), String> {
        let bad = || "expected component-option, e.g. 0-1".to_string();
        let (c, k) = part.split_once('-').ok_or_else(bad)?;
        Ok((c.parse().map_err(|_| bad())?, k.parse().map_err(|_| bad())?))
    }
}

impl PlayRecord {
    /// The game as every board keeps it: you play one side, the computer
    /// the other.
    pub fn record(&self) -> Record<(usize, usize)> {
        Record::from_moves(self.first, Player::from(self.you), self.moves.iter().copied())
    }

    /// The record after Undo (your last move and the computer's answer
    /// taken back), or `None` with no move of yours.
    pub fn undone(&self) -> Option<PlayRecord> {
        let mut r = self.record();
        r.undo()?;
        Some(PlayRecord { moves: r.moves().copied().collect(), ..self.clone() })
    }
}

impl fmt::Display for PlayRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}_{}_{}", self.you.letter(), self.first.letter(), self.computer, <(usize, usize)>::write_all(&self.moves))
    }
}

impl FromStr for PlayRecord {
    type Err = PlayRecordError;
    fn from_str(s: &str) -> Result<PlayRecord, PlayRecordError> {
        let s = s.trim();
        let parts: Vec<&str> = s.splitn(3, '_').collect();
        let [sides, strategy, rest] = parts[..] else {
            return Err(PlayRecordError::Shape(snippet(s)));
        };
        let mut cs = sides.chars();
        let (Some(you), Some(first), None) = (cs.next().and_then(Side::from_letter), cs.next().and_then(Side::from_letter), cs.next()) else {
            return Err(PlayRecordError::Sides(snippet(sides)));
        };
        let computer = strategy.parse().map_err(|_| PlayRecordError::Strategy(snippet(strategy)))?;
        let moves = <(usize, usize)>::read_all(rest, MAX_PLAY_LENGTH).map_err(|e| match e {
            RecordError::Move { index, text, .. } => PlayRecordError::Move { index, text },
            RecordError::TooLong { moves, .. } => PlayRecordError::TooLong { moves },
        })?;
        Ok(PlayRecord { you, first, computer, moves })
    }
}

/// Where a recorded game stands.
#[derive(Clone, Debug, PartialEq)]
pub struct GameState {
    pub state: Vec<u32>,
    /// The moves played, each with who made it, on the sum.
    pub log: Vec<Played<Move>>,
    /// The ambient temperature (sentestrat's), as the referee keeps it.
    pub ambient: Option<Q>,
    pub to_move: Side,
    /// The final score once every component is a number.
    pub score: Option<Q>,
}

impl GameState {
    /// It is your move (the game is not over and your side is to move).
    pub fn your_turn(&self, rec: &PlayRecord) -> bool {
        self.score.is_none() && Player::from(rec.you).plays(self.to_move)
    }
}

/// `(component, option index)` of a move for `side` at `state`.
pub fn move_key(g: &SumGames, state: &[u32], side: Side, m: Move) -> Option<(usize, usize)> {
    let k = g.position(*state.get(m.component)?).options(side).iter().position(|&o| o == m.to)?;
    Some((m.component, k))
}

/// Replay a record on the sum; errors name the move that does not fit.
pub fn replay_game(g: &SumGames, rec: &PlayRecord) -> Result<GameState, String> {
    let record = rec.record();
    let mut state = g.components().to_vec();
    let mut amb = ambient(g, &state, None);
    let mut log = Vec::new();
    for (i, &Played { mv: (c, k), side, by }) in record.played().iter().enumerate() {
        let who = side.name();
        let err = |why: String| format!("game record, move {} (`{c}-{k}`): {why}", i + 1);
        if g.score(&state).is_some() {
            return Err(err("the game was already over".into()));
        }
        let p = *state.get(c).ok_or_else(|| err(format!("the sum has {} components", state.len())))?;
        let pos = g.position(p);
        if pos.number.is_some() {
            return Err(err(format!("component {} is the number {} (no moves)", c + 1, pos.name)));
        }
        let to = *pos.options(side).get(k).ok_or_else(|| err(format!("component {} has {} {who} options", c + 1, pos.options(side).len())))?;
        let mv = Move { component: c, to };
        log.push(Played { mv, side, by });
        state = g.play(&state, mv);
        amb = ambient(g, &state, amb);
    }
    let score = g.score(&state);
    Ok(GameState { state, log, ambient: amb, to_move: record.to_move(), score })
}

/// The computer's answer when it is its turn (`None` on yours or at the
/// end): its strategy with the ambient temperature and your last move.
pub fn computer_reply(g: &SumGames, rec: &PlayRecord, at: &GameState) -> Option<(usize, usize)> {
    if !rec.record().computers_turn(at.score.is_some()) {
        return None;
    }
    let mut ctx = Context { last: at.log.last().map(|m| m.mv), ambient: at.ambient.clone(), ..Context::default() };
    let m = choose(g, &at.state, at.to_move, rec.computer, &mut ctx, PLAY_BUDGET)?;
    move_key(g, &at.state, at.to_move, m)
}

/// The exact strategy's memo budget when the computer plays on the page.
pub const PLAY_BUDGET: usize = 200_000;

/// The exact values as the page shows them, for the sum they are of: not
/// asked (the sum does not parse), asked of the worker, its answer, or why
/// there is none.
pub type Exact = JobState<ExactReadout>;

impl Exact {
    /// `VL` (Left first) or `VR` (Right first), or where the search is.
    pub fn value(&self, first: Side) -> String {
        match self {
            Exact::Idle => "—".to_string(),
            Exact::Running { .. } => "computing…".to_string(),
            Exact::Done { result: r, .. } => {
                if first == Side::Left {
                    r.vl.clone()
                } else {
                    r.vr.clone()
                }
            }
            Exact::Cancelled { .. } => "cancelled".to_string(),
            Exact::Failed { message, .. } => format!("failed: {message}"),
        }
    }

    /// The best first moves of `side` (empty until the search is done).
    pub fn best(&self, side: Side) -> String {
        match self {
            Exact::Done { result: r, .. } => {
                let m = if side == Side::Left { &r.best_left } else { &r.best_right };
                if m.is_empty() {
                    "—".to_string()
                } else {
                    m.join(" ")
                }
            }
            _ => String::new(),
        }
    }

    /// How the values were found.
    pub fn status(&self) -> String {
        match self {
            Exact::Done { result: r, .. } if r.exact => format!("exact, {} positions searched", r.nodes),
            Exact::Done { result: r, .. } => format!("budget of {} positions exceeded: the brackets known so far", r.nodes),
            Exact::Running { .. } => "the worker is searching…".to_string(),
            _ => String::new(),
        }
    }

    /// The exact `VL` (not a bracket), for the plots' orange line.
    pub fn exact_vl(&self) -> Option<Q> {
        match self {
            Exact::Done { result: r, .. } if r.exact => r.vl.parse().ok(),
            _ => None,
        }
    }
}

/// Most positions each game of the tournament may remember (the exact
/// strategy's memo).
pub const TOURNAMENT_BUDGET: usize = 200_000;

/// One row of the tournament: Left's strategy and, against each of
/// [`Strategy::ALL`] playing Right, the score with Left first and with
/// Right first.
pub type TournamentRow = (Strategy, Vec<(String, String)>);

/// Every strategy against every other, each side starting once.
pub fn tournament(g: &SumGames) -> Vec<TournamentRow> {
    let score = |l, r, first| play(g, g.components(), l, r, first, TOURNAMENT_BUDGET).score.to_string();
    Strategy::ALL.into_iter().map(|l| (l, Strategy::ALL.into_iter().map(|r| (score(l, r, Side::Left), score(l, r, Side::Right))).collect())).collect()
}

/// Most nodes B* generates on the page (alpha-beta gets ten times more).
pub const BSTAR_MAX_NODES: usize = 20_000;

/// B* and alpha-beta from the whole sum with Left to move.
pub fn search(g: &SumGames, ranges: Ranges) -> (BStar, AlphaBeta) {
    let b = bstar(g, g.components(), Side::Left, BStarConfig { ranges, max_nodes: BSTAR_MAX_NODES });
    let a = alphabeta(g, g.components(), Side::Left, ranges, 10 * BSTAR_MAX_NODES);
    (b, a)
}

/// The root's range after step `k` (0-based) of a B* search.
pub fn root_range_text(b: &BStar, k: usize) -> String {
    b.steps.get(k).map(|s| format!("root range {} after this step", s.root_range)).unwrap_or_default()
}

/// Whose turn it is in a game on the page, or, at its end, that the side
/// to move has no move left and who won.
pub fn turn_text(rec: &PlayRecord, at: &GameState) -> String {
    match &at.score {
        Some(s) => format!(
            "Game over: {}, to move, has no move left (every component is a number). Score {s} (positive is good for Left): {}.",
            at.to_move.name(),
            result_text(rec, s)
        ),
        None if at.your_turn(rec) => format!("your move ({})", rec.you.name()),
        None => "the computer is thinking…".to_string(),
    }
}

/// Who won a finished game with this score: Left when it is positive,
/// Right when negative, nobody at 0; you or the computer.
pub fn result_text(rec: &PlayRecord, score: &Q) -> String {
    let Some(winner) = Side::by_score(score) else { return "a draw".to_string() };
    let who = if winner == rec.you { "you" } else { "the computer" };
    format!("{} ({who}) wins by {}", winner.name(), score.abs())
}

/// Who made a move of the log: you or the computer (with its strategy).
pub fn mover_text(rec: &PlayRecord, m: &Played<Move>) -> String {
    if m.by == By::You {
        format!("you ({})", m.side.name())
    } else {
        format!("computer ({}, {})", m.side.name(), rec.computer)
    }
}

/// The B* tree after step `k` as the page draws it, and whether it was cut:
/// beyond [`MAX_TREE_NODES`] only the top levels are kept, plus the path to
/// the node this step expanded and what it generated.
pub fn bstar_tree(g: &SumGames, b: &BStar, k: usize) -> (Vec<TreeNode>, bool) {
    let ranges = b.ranges_at(k);
    let n = ranges.len();
    let k = k.min(b.steps.len().saturating_sub(1));
    let (expanded, new_from) = match b.steps.get(k) {
        Some(st) => (Some(st.expanded), if k == 0 { 1 } else { b.steps[k - 1].nodes_after }),
        None => (None, n),
    };
    let mut depth = vec![0usize; n];
    for i in 1..n {
        depth[i] = b.tree[i].parent.map_or(0, |p| depth[p] + 1);
    }
    let mut keep = vec![true; n];
    let cut = n > MAX_TREE_NODES;
    if cut {
        let mut d = 0;
        while depth.iter().filter(|&&x| x <= d + 1).count() <= MAX_TREE_NODES / 2 {
            d += 1;
        }
        for i in 0..n {
            keep[i] = depth[i] <= d;
        }
        let mut at = expanded;
        while let Some(v) = at {
            keep[v] = true;
            at = b.tree[v].parent;
        }
        if let Some(e) = expanded {
            for &c in &b.tree[e].children {
                if c < n {
                    keep[c] = true;
                }
            }
        }
    }
    let mut index = vec![usize::MAX; n];
    let mut out = Vec::new();
    for i in (0..n).filter(|&i| keep[i]) {
        index[i] = out.len();
        let node = &b.tree[i];
        let mark = if Some(i) == expanded {
            Mark::Expanded
        } else if i >= new_from {
            Mark::New
        } else {
            Mark::Plain
        };
        out.push(TreeNode {
            parent: node.parent.map(|p| index[p]).filter(|&p| p != usize::MAX),
            range: ranges[i].to_string(),
            edge: node.mv.map(|m| edge_label(g, m)).unwrap_or_default(),
            to_move: node.to_move,
            mark,
        });
    }
    (out, cut)
}

/// The exact value of the sum at `state` with `side` to move (its final
/// score under perfect play), within the play budget.
fn exact_value(g: &SumGames, state: &[u32], side: Side) -> Option<Q> {
    if let Some(s) = g.score(state) {
        return Some(s);
    }
    let v = sum_value(g, state, REVIEW_BUDGET);
    let sv = match side {
        Side::Left => v.vl,
        Side::Right => v.vr,
    };
    sv.exact.then_some(sv.value.lo)
}

/// The memo budget of each exact value the feedback needs: it runs on the
/// page's thread, so a sum too large for it gets no verdict rather than a
/// frozen tab (the worker's exact values are for the start only).
pub const REVIEW_BUDGET: usize = 20_000;

/// The cost of move `i` (from 0) of the game: the state before it is
/// replayed, then two exact values.
pub fn move_cost(g: &SumGames, at: &GameState, i: usize) -> Option<cgt::review::MoveCost> {
    let state = state_before(g, at, i);
    let m = at.log.get(i)?;
    cost_of(g, &state, m.side, m.mv, &mut ColdSums::default())
}

/// The state before move `i` (from 0) of the game.
fn state_before(g: &SumGames, at: &GameState, i: usize) -> Vec<u32> {
    let mut state = g.components().to_vec();
    for m in at.log.iter().take(i) {
        state = g.play(&state, m.mv);
    }
    state
}

/// What `side`'s move `mv` at `state` cost. In a cold sum (issue 43: Nim
/// scores 0 whatever is played, so every move was "best") the outcome is
/// normal play's, who moves last, and a move that hands the win over
/// changed it.
fn cost_of(g: &SumGames, state: &[u32], side: Side, mv: Move, cold: &mut ColdSums) -> Option<cgt::review::MoveCost> {
    use cgt::review::{MoveCost, Verdict};
    let best = exact_value(g, state, side)?;
    let next = g.play(state, mv);
    let got = exact_value(g, &next, side.other())?;
    if !ColdSums::is_cold(g, state) {
        return Some(MoveCost::scored(side, best, got));
    }
    let winner = |mover: Side, wins: bool| Verdict::Wins(if wins { mover } else { mover.other() });
    let before = winner(side, cold.wins_moving(g, state, side)?);
    let after = winner(side.other(), cold.wins_moving(g, &next, side.other())?);
    Some(MoveCost::with_outcomes(side, best, got, before, after))
}

/// A move of a cold sum in words: decided by who moves last.
fn cold_words(c: &cgt::review::MoveCost) -> String {
    use cgt::review::Verdict;
    let players = ["Left", "Right"];
    let why = format!("the sum is cold (no move changes the score, {}), so it is decided by who moves last", signed(&c.got));
    if c.changed_outcome() {
        format!("lost the game: {why}: {} before, {} now", c.before.words(players), c.after.words(players))
    } else if c.before == Verdict::Wins(c.side) {
        format!("a winning move: {why}, and {} still does with best play", c.side.name())
    } else {
        format!("no move wins here: {why}, and every move loses against best play")
    }
}

/// A move's cost in words: by score, or by who moves last in a cold sum.
fn cost_words(g: &SumGames, state: &[u32], c: &cgt::review::MoveCost) -> String {
    if ColdSums::is_cold(g, state) {
        cold_words(c)
    } else {
        c.describe(["Left", "Right"], signed)
    }
}

/// Each move of a recorded game against perfect play (issue 24): the
/// mover's best final score before it and the score after it with the
/// opponent to move. `None` when a position is past the play budget.
pub fn sum_review(g: &SumGames, rec: &PlayRecord) -> Option<cgt::review::Review> {
    let at = replay_game(g, rec).ok()?;
    let mut state = g.components().to_vec();
    let mut moves = Vec::with_capacity(at.log.len());
    let mut cold = ColdSums::default();
    for m in &at.log {
        moves.push(cost_of(g, &state, m.side, m.mv, &mut cold)?);
        state = g.play(&state, m.mv);
    }
    Some(cgt::review::Review { moves })
}

fn signed(q: &Q) -> String {
    if q.is_positive() {
        format!("+{q}")
    } else {
        q.to_string()
    }
}

/// What your last move cost, in a sentence.
pub fn last_move_text(g: &SumGames, at: &GameState) -> Option<String> {
    let (i, m) = at.log.iter().enumerate().rev().find(|(_, m)| m.by == By::You)?;
    let cost = move_cost(g, at, i)?;
    let mut s = format!("Your move {} ({}): {}.", i + 1, move_label(g, m.mv), cost_words(g, &state_before(g, at, i), &cost));
    // The temperature now: the hottest component's (a sum is no hotter).
    if at.score.is_none() {
        if let Some(t) = at.state.iter().map(|&p| g.position(p)).filter(|p| p.number.is_none()).map(|p| p.temperature().clone()).max() {
            s.push_str(&format!(" The hottest component now has temperature {t}."));
        }
    }
    Some(s)
}

/// The review at the end: each side's mistakes and the losing move.
pub fn review_text(g: &SumGames, at: &GameState, review: &cgt::review::Review) -> Vec<String> {
    let mut out = Vec::new();
    for side in [Side::Left, Side::Right] {
        let m = review.mistakes(side);
        if m.is_empty() {
            out.push(format!("{}: no mistakes, every move was a best move.", side.name()));
        }
        for (n, c) in m {
            let mv = at.log.get(n - 1).map(|l| move_label(g, l.mv)).unwrap_or_default();
            out.push(format!("{}'s move {n} ({mv}): {}.", side.name(), cost_words(g, &state_before(g, at, n - 1), c)));
        }
    }
    match review.losing_move() {
        Some((n, c)) => out.push(format!("The losing move: move {n}, {}'s.", c.side.name())),
        None => out.push("No move changed the outcome.".to_string()),
    }
    out
}

/// The best move for `side` at `state` and why: the hottest component, or
/// a sente that comes first, or what exact play sees.
pub fn sum_hint(g: &SumGames, state: &[u32], side: Side) -> Option<String> {
    g.score(state).is_none().then_some(())?;
    let v = sum_value(g, state, REVIEW_BUDGET);
    let sv = match side {
        Side::Left => &v.vl,
        Side::Right => &v.vr,
    };
    if !sv.exact {
        return Some("This sum is too large to solve exactly here: play in the hottest component.".to_string());
    }
    if ColdSums::is_cold(g, state) {
        let why = format!("the sum is cold (no move changes the score, {}), so it is decided by who moves last", signed(&sv.value.lo));
        let mut cold = ColdSums::default();
        return Some(match cold.winning_moves(g, state, side)?.first() {
            Some(&m) => format!("Best for {}: {}: {why}, and this move leaves {} a position it loses.", side.name(), move_label(g, m), side.other().name()),
            None => format!("No move wins for {} here: {why}, and whoever moves now loses against best play (a P-position).", side.name()),
        });
    }
    let m = *sv.best.first()?;
    let keeps = signed(&sv.value.lo);
    let temp = |c: usize| g.position(state[c]).temperature().clone();
    let hottest = (0..state.len()).filter(|&c| g.position(state[c]).number.is_none()).max_by(|&a, &b| temp(a).cmp(&temp(b)))?;
    let head = format!("Best for {}: {} (perfect play keeps {keeps})", side.name(), move_label(g, m));
    if temp(m.component) == temp(hottest) {
        return Some(format!("{head}: the hottest component, temperature {}.", temp(m.component)));
    }
    let kind = cgt::sente::classify(&g.position(state[m.component]).thermograph).kind;
    let sente = matches!((kind, side), (cgt::sente::Sente::LeftSente, Side::Left) | (cgt::sente::Sente::RightSente, Side::Right));
    Some(if sente {
        format!(
            "{head}: {}'s sente there (the opponent must answer), so it comes before component {}, the hottest (temperature {}).",
            side.name(),
            hottest + 1,
            temp(hottest)
        )
    } else {
        format!("{head}, although component {} is hotter (temperature {}): the exact search sees further than temperature.", hottest + 1, temp(hottest))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43: the first games sent from a board replace the example sum
    /// (a fresh browser's), later ones are appended.
    #[test]
    fn sent_games_replace_the_example_then_append() {
        assert!(adding_replaces(DEFAULT_SUM));
        let first = with_added(DEFAULT_SUM, &["{2|0}".to_string(), "*".to_string()]);
        assert_eq!(first, "{2|0} + *");
        assert!(!adding_replaces(&first));
        assert_eq!(with_added(&first, &["1".to_string()]), "{2|0} + * + 1");
        assert_eq!(with_added("", &["1".to_string()]), "1");
    }

    /// Issue 24: Müller's (2025) greedy game reviewed. Left's greedy {4|0}
    /// first loses 2 points and the game; the sente move first keeps +1.
    #[test]
    fn the_greedy_game_is_reviewed() {
        let g = parse_sum("{4|0} + {{10|-3}|-5}").unwrap();
        let rec: PlayRecord = "LL_exact_0-0.1-0".parse().unwrap();
        let at = replay_game(&g, &rec).unwrap();
        assert_eq!(at.score, Some(Q::from_int(-1)));
        let r = sum_review(&g, &rec).unwrap();
        assert_eq!(
            last_move_text(&g, &at).unwrap(),
            "Your move 1 (component 1 → 4): lost 2 points: perfect play kept +1, now -1 at best, and changed the outcome: Left wins before, Right wins now."
        );
        let lines = review_text(&g, &at, &r);
        assert_eq!(lines.last().unwrap(), "The losing move: move 1, Left's.");
        assert_eq!(lines[1], "Right: no mistakes, every move was a best move.");
        let hint = sum_hint(&g, g.components(), Side::Left).unwrap();
        assert!(hint.starts_with("Best for Left: component 2 → {10|-3} (perfect play keeps +1)"), "{hint}");
        // Mid-game: the temperature now follows the cost.
        let rec: PlayRecord = "LL_exact_1-0".parse().unwrap();
        let at = replay_game(&g, &rec).unwrap();
        assert_eq!(
            last_move_text(&g, &at).unwrap(),
            "Your move 1 (component 2 → {10|-3}): a best move: perfect play keeps +1. The hottest component now has temperature 13/2."
        );
    }

    /// Issue 43 item 13: Nim scores 0 whatever is played, so every move was
    /// "a best move". A cold sum is judged by who moves last, and the page
    /// says so.
    #[test]
    fn cold_sums_are_decided_by_who_moves_last() {
        // *3 + *5 + *6 is a P-position: Left, moving first, loses anyway.
        let g = parse_sum("*3 + *5 + *6").unwrap();
        let hint = sum_hint(&g, g.components(), Side::Left).unwrap();
        assert!(hint.starts_with("No move wins for Left here: the sum is cold"), "{hint}");
        let rec: PlayRecord = "LL_exact_0-0".parse().unwrap();
        let at = replay_game(&g, &rec).unwrap();
        let t = last_move_text(&g, &at).unwrap();
        assert!(t.contains("no move wins here: the sum is cold") && !t.contains("a best move"), "{t}");
        // *3 + *5 + *7 (nim-sum 1): Left wins by moving a heap to its
        // nim-sum with the others; emptying heap 1 hands Right the win.
        let g = parse_sum("*3 + *5 + *7").unwrap();
        let hint = sum_hint(&g, g.components(), Side::Left).unwrap();
        assert!(hint.starts_with("Best for Left: ") && hint.contains("decided by who moves last"), "{hint}");
        let opt = (0..g.position(g.components()[0]).left.len()).find(|&k| g.position(g.position(g.components()[0]).left[k]).name == "0").unwrap();
        let rec: PlayRecord = format!("LL_exact_0-{opt}").parse().unwrap();
        let at = replay_game(&g, &rec).unwrap();
        let t = last_move_text(&g, &at).unwrap();
        assert!(t.contains("lost the game: the sum is cold") && t.contains("Left wins before, Right wins now"), "{t}");
        let r = sum_review(&g, &rec).unwrap();
        assert_eq!(r.losing_move().map(|(n, _)| n), Some(1));
        // And the exact strategy, as Right, now plays to move last: every
        // reply leaves Left a P-position, and Right makes the last move.
        let mut ctx = Context::default();
        let mut state = g.play(g.components(), rec_move(&g, &rec));
        let mut side = Side::Right;
        let mut last = None;
        while let Some(m) = choose(&g, &state, side, Strategy::Exact, &mut ctx, REVIEW_BUDGET) {
            state = g.play(&state, m);
            last = Some(side);
            side = side.other();
            if side == Side::Left {
                // Left plays anything (the first move listed).
                let Some(&m) = g.moves(&state, Side::Left).first() else { break };
                state = g.play(&state, m);
                last = Some(Side::Left);
                side = Side::Right;
            }
        }
        assert_eq!(last, Some(Side::Right), "the exact strategy should move last");
    }

    fn rec_move(g: &SumGames, rec: &PlayRecord) -> Move {
        replay_game(g, rec).unwrap().log[0].mv
    }

    /// The presets' values from the seeds (each checked by the exact
    /// search; the helper's reconstructions in the preset notes).
    #[test]
    fn presets_have_their_seed_values() {
        let want = [
            ("Greedy fails", "1"),
            ("B* example H33 + H34 + H35", "20"),
            ("Figure 5.1: H18 + H19", "10"),
            ("Figure 5.1: H18 + H19 + H20", "45"),
            ("Figure 5.1: H18 + ... + H21", "35"),
            ("Coin stacks 15/10, 25/30, 20/10", "5"),
            ("Figure 5.7: H23 + H24 + H25", "-68"),
            ("Figure 5.8: H26 + H27", "80"),
            ("LS and RS of a sum", "6"),
        ];
        for (name, vl) in want {
            let p = SUM_PRESETS.iter().find(|p| p.name == name).unwrap();
            let r = exact_readout(p.sum, WORKER_BUDGET).unwrap();
            assert_eq!(r.vl, vl, "{name}");
        }
        // Fig 5.1's Hanner upper bound for H18 + ... + H21 is 55 (printed 65).
        let f = figures(SUM_PRESETS[4].sum).unwrap();
        assert_eq!(f.bounds.hanner.vl.hi.to_string(), "55");
        // Fig 5.7: the second-temperature bracket is [-70, -65].
        let f = figures(SUM_PRESETS[6].sum).unwrap();
        assert_eq!(f.bounds.second_temperature.vl.to_string(), "[-70, -65]");
        assert_eq!(f.bounds.hanner.vl.to_string(), "[-145/2, -65]");
        // The coin stacks: Left's best first move takes the 20.
        let r = exact_readout(SUM_PRESETS[5].sum, WORKER_BUDGET).unwrap();
        assert!(r.best_left.iter().all(|m| m.starts_with("component 3 → ")), "{:?}", r.best_left);
        // Every preset parses, and the big one is exact within the worker budget.
        for p in SUM_PRESETS {
            assert!(figures(p.sum).is_ok(), "{}", p.name);
        }
        let big = exact_readout(SUM_PRESETS.last().unwrap().sum, WORKER_BUDGET).unwrap();
        assert!(big.exact, "{big:?}");
        // B* on the big sum ends with a proved move (ranges from all bounds).
        let g = parse_sum(SUM_PRESETS.last().unwrap().sum).unwrap();
        let b = bstar(&g, g.components(), Side::Left, BStarConfig { ranges: Ranges::Tightest, max_nodes: 200_000 });
        assert!(b.proved);
    }

    #[test]
    fn exact_readouts_are_shown_by_side() {
        let r = exact_readout(DEFAULT_SUM, 1000).unwrap();
        let done = Exact::Done { of: DEFAULT_SUM.into(), result: r, ms: None };
        assert_eq!((done.value(Side::Left), done.value(Side::Right)), ("1".to_string(), "-3".to_string()));
        assert_eq!(done.exact_vl(), Some(Q::from_int(1)));
        assert!(done.status().starts_with("exact, "));
        assert_eq!(done.best(Side::Left), "component 2 → {10|-3}");
        assert_eq!(done.best(Side::Right), "component 1 → 0");
        assert_eq!(Exact::Running { of: DEFAULT_SUM.into(), since_ms: 0.0 }.value(Side::Left), "computing…");
        assert_eq!(Exact::Failed { of: DEFAULT_SUM.into(), message: "x".into() }.value(Side::Right), "failed: x");
        assert_eq!((Exact::Idle.best(Side::Left), Exact::Idle.exact_vl()), (String::new(), None));
        let cut = Exact::Done { of: SUM_PRESETS.last().unwrap().sum.into(), result: exact_readout(SUM_PRESETS.last().unwrap().sum, 10).unwrap(), ms: None };
        assert_eq!(cut.exact_vl(), None);
        assert!(cut.status().starts_with("budget of"));
    }

    /// Müller's (2025) sum: greedy as Left scores -1 against greedy with Left
    /// first, -3 with Right first; every pairing is played both ways.
    #[test]
    fn the_tournament_plays_every_pairing_both_ways() {
        let g = parse_sum(DEFAULT_SUM).unwrap();
        let t = tournament(&g);
        assert_eq!(t.len(), Strategy::ALL.len());
        assert!(t.iter().all(|(_, cells)| cells.len() == Strategy::ALL.len()));
        assert_eq!((t[0].0, t[0].1[0].clone()), (Strategy::Greedy, ("-1".to_string(), "-3".to_string())));
        // The exact player as Left reaches VL = 1 against any Right.
        let exact = t.iter().find(|(s, _)| *s == Strategy::Exact).unwrap();
        assert!(exact.1.iter().all(|(l, _)| l.parse::<Q>().unwrap() >= Q::from_int(1)), "{exact:?}");
    }

    #[test]
    fn the_page_search_proves_the_bstar_example() {
        let g = parse_sum(SUM_PRESETS[1].sum).unwrap();
        let (b, a) = search(&g, Ranges::Hanner);
        assert!(b.proved && b.nodes == 7 && a.nodes > 7, "{} {}", b.nodes, a.nodes);
        assert_eq!(root_range_text(&b, 0), "root range [8, 26] after this step");
        assert_eq!(root_range_text(&b, 99), "");
    }

    #[test]
    fn turns_and_movers_are_named() {
        let g = parse_sum(DEFAULT_SUM).unwrap();
        let rec: PlayRecord = "RL_greedy_0-0".parse().unwrap();
        let at = replay_game(&g, &rec).unwrap();
        assert_eq!(turn_text(&rec, &at), "your move (Right)");
        assert_eq!(mover_text(&rec, &at.log[0]), "computer (Left, greedy)");
        let rec: PlayRecord = "LL_greedy_0-0.1-0".parse().unwrap();
        let at = replay_game(&g, &rec).unwrap();
        assert_eq!(
            turn_text(&rec, &at),
            "Game over: Left, to move, has no move left (every component is a number). Score -1 (positive is good for Left): Right (the computer) wins by 1."
        );
        assert_eq!(mover_text(&rec, &at.log[0]), "you (Left)");
        // Issue 23 (2): the sente move first wins for Left by 1 (VL).
        let rec: PlayRecord = "LL_sentestrat_1-0.1-0.0-0".parse().unwrap();
        let at = replay_game(&g, &rec).unwrap();
        assert!(turn_text(&rec, &at).starts_with("Game over: Right, to move, has no move left"));
        assert!(turn_text(&rec, &at).ends_with("Left (you) wins by 1."));
        let rec: PlayRecord = "RL_exact_".parse().unwrap();
        assert_eq!(result_text(&rec, &Q::frac(-3, 2)), "Right (you) wins by 3/2");
        assert_eq!(result_text(&rec, &Q::frac(1, 4)), "Left (the computer) wins by 1/4");
        assert_eq!(result_text(&rec, &Q::zero()), "a draw");
        let rec: PlayRecord = "LR_greedy_".parse().unwrap();
        assert_eq!(turn_text(&rec, &replay_game(&g, &rec).unwrap()), "the computer is thinking…");
    }

    #[test]
    fn readouts_round_trip_and_edits_keep_the_notation() {
        let r = exact_readout(DEFAULT_SUM, 1000).unwrap();
        assert_eq!((r.vl.as_str(), r.vr.as_str()), ("1", "-3"));
        let e = r.encode();
        let f: Vec<&str> = e.split('\t').collect();
        assert_eq!(ExactReadout::decode(&f), Some(r));
        let cut = exact_readout(SUM_PRESETS.last().unwrap().sum, 10).unwrap();
        assert!(!cut.exact && cut.vl.starts_with('['), "{cut:?}");
        assert_eq!(edit_component(DEFAULT_SUM, 0, Some("2|1")), "2|1 + {{10|-3}|-5}");
        assert_eq!(edit_component(DEFAULT_SUM, 5, Some("*")), "{4|0} + {{10|-3}|-5} + *");
        assert_eq!(edit_component(DEFAULT_SUM, 0, None), "{{10|-3}|-5}");
        assert!(figures("4|0 + {1|").unwrap_err().starts_with("component 2"));
        assert!(figures("").unwrap_err().contains("no components"));
    }

    /// Issue 23 (5): `{3|` is refused by its place in the sum and what
    /// was expected; good edits go through, in the sum's notation.
    #[test]
    fn bad_components_are_refused_by_place() {
        let e = checked_edit(DEFAULT_SUM, usize::MAX, "{3|").unwrap_err();
        assert!(e.starts_with("component 3: column 4: expected"), "{e}");
        let e = checked_edit("2|0 + 5|4", 0, "{1").unwrap_err();
        assert!(e.starts_with("component 1: column 3: expected"), "{e}");
        let e = checked_edit("2|0 + 5|4", 1, "* + {1|").unwrap_err();
        assert!(e.starts_with("component 3: "), "{e}");
        assert_eq!(checked_edit(DEFAULT_SUM, usize::MAX, "{3|1}").unwrap(), "{4|0} + {{10|-3}|-5} + {3|1}");
        assert_eq!(checked_edit(DEFAULT_SUM, 1, " 2|1 ").unwrap(), "{4|0} + 2|1");
        assert_eq!(checked_edit(DEFAULT_SUM, 0, " ").unwrap(), "{{10|-3}|-5}");
        assert!(checked_edit("*", 0, "").unwrap_err().contains("no components"));
        // A broken sum is blamed where it is broken, even on a good edit.
        assert!(checked_edit("{1| + *", 1, "*2").unwrap_err().starts_with("component 1: "));
        let e = checked_edit("*", usize::MAX, &"0 + ".repeat(1000)).unwrap_err();
        assert!(e.contains("more than a link holds"), "{e}");
    }

    /// Müller's (2025) greedy example played on the page's record: you are
    /// Left and play greedily into {4|0}; sentestrat (Right) answers and
    /// the record replays to the same score the referee gives (-1).
    #[test]
    fn game_records_round_trip_and_replay() {
        let g = parse_sum(DEFAULT_SUM).unwrap();
        let mut rec: PlayRecord = "LL_sentestrat_".parse().unwrap();
        assert_eq!(rec.to_string(), "LL_sentestrat_");
        let mut at = replay_game(&g, &rec).unwrap();
        assert!(at.your_turn(&rec));
        assert_eq!(computer_reply(&g, &rec, &at), None);
        // Left's greedy move: to 4 in {4|0}.
        rec.moves.push((0, 0));
        loop {
            at = replay_game(&g, &rec).unwrap();
            if at.score.is_some() {
                break;
            }
            if at.your_turn(&rec) {
                // The only Left move left is in the other component.
                let m = g.moves(&at.state, Side::Left)[0];
                rec.moves.push(move_key(&g, &at.state, Side::Left, m).unwrap());
            } else {
                rec.moves.push(computer_reply(&g, &rec, &at).unwrap());
            }
        }
        assert_eq!(at.score, Some(Q::from_int(-1)));
        assert_eq!(rec.to_string(), "LL_sentestrat_0-0.1-0");
        assert_eq!(rec.to_string().parse::<PlayRecord>().unwrap(), rec);
        // Right first, you play Right: the computer (Left) opens.
        let r: PlayRecord = "RR_exact_".parse().unwrap();
        let at = replay_game(&g, &r).unwrap();
        assert!(at.your_turn(&r));
        let r2: PlayRecord = "rl_exact_".parse().unwrap();
        let at2 = replay_game(&g, &r2).unwrap();
        assert!(!at2.your_turn(&r2));
        assert!(computer_reply(&g, &r2, &at2).is_some());
        // Bad records name what is wrong.
        for (bad, want) in [
            ("LL", "expected SIDES_STRATEGY_MOVES"),
            ("LX_exact_", "`LX` should be two letters"),
            ("LLL_exact_", "`LLL` should be two letters"),
            ("LL_minimax_", "`minimax` is not a strategy"),
            ("LL_exact_0-0.x", "move 2 (`x`)"),
        ] {
            assert!(bad.parse::<PlayRecord>().unwrap_err().to_string().contains(want), "{bad}");
        }
        for (bad, want) in [
            ("LL_exact_5-0", "move 1 (`5-0`): the sum has 2 components"),
            ("LL_exact_0-3", "component 1 has 1 Left options"),
            ("LL_exact_0-0.0-0", "component 1 is the number 4"),
            ("LL_exact_0-0.1-0.1-0", "already over"),
        ] {
            let e = replay_game(&g, &bad.parse().unwrap()).unwrap_err();
            assert!(e.contains(want), "{bad}: {e}");
        }
        assert!(matches!(format!("LL_exact_{}", "0-0.".repeat(MAX_PLAY_LENGTH + 1)).parse::<PlayRecord>(), Err(PlayRecordError::TooLong { .. })));
    }

    /// The B* example's tree as the page draws it, step by step.
    #[test]
    fn the_bstar_tree_grows_step_by_step() {
        let g = parse_sum(SUM_PRESETS[1].sum).unwrap();
        let b = bstar(&g, g.components(), Side::Left, BStarConfig::default());
        let (t0, cut) = bstar_tree(&g, &b, 0);
        assert!(!cut);
        assert_eq!(t0.len(), 4);
        assert_eq!((t0[0].range.as_str(), t0[0].mark), ("[8, 26]", Mark::Expanded));
        assert!(t0[1..].iter().all(|n| n.mark == Mark::New && n.parent == Some(0) && n.to_move == Side::Right));
        assert_eq!(t0[2].range, "[-1, 43/2]");
        assert_eq!(t0[1].edge, "1 → {40|10}");
        let (t1, _) = bstar_tree(&g, &b, 1);
        assert_eq!(t1.len(), 7);
        assert_eq!(t1[2].range, "[-1, 2]");
        assert_eq!(t1[2].mark, Mark::Expanded);
        assert!(t1[4..].iter().all(|n| n.mark == Mark::New && n.parent == Some(2) && n.to_move == Side::Left));
        assert_eq!(t1[0].mark, Mark::Plain);
        // A big search is cut to its top levels plus the expanded path.
        let big = parse_sum(SUM_PRESETS.last().unwrap().sum).unwrap();
        let b = bstar(&big, big.components(), Side::Left, BStarConfig { ranges: Ranges::Hanner, max_nodes: 20_000 });
        let last = b.steps.len() - 1;
        let (t, cut) = bstar_tree(&big, &b, last);
        assert!(cut && t.len() <= MAX_TREE_NODES + 64, "{} nodes", t.len());
        assert_eq!(t.iter().filter(|n| n.mark == Mark::Expanded).count(), 1);
        assert!(t.iter().enumerate().all(|(i, n)| n.parent.is_none_or(|p| p < i)));
        assert_eq!(t.iter().filter(|n| n.parent.is_none()).count(), 1);
    }
}
