//! The Scale Method panel's pure logic (compiled and tested natively; the
//! DOM is `scale.rs`): the settings the user types and the
//! [`ScaleConfig`] they make, the state of a run and the texts the panel
//! shows for it (estimate, the exact value beside it, progress), the
//! weighings as rows, the weighing stalk's picture as segments, and the
//! Two-Move outcome's line.
//!
//! Puzzle mode (the board's "show the value" off) hides the exact value and
//! the right/wrong verdict, which would give it away; the Monte Carlo
//! estimate itself stays, since the user asked for it.

use cgt::rulesets::hackenbush::scale::{ClassRule, ScaleConfig};
use cgt::search::montecarlo::Algo;
use cgt::side::Side;

/// Largest number of playouts per starter the panel accepts.
pub const MAX_PLAYOUTS: u32 = 5000;
/// Largest player budget per move the panel accepts.
pub const MAX_ITERATIONS: u32 = 20_000;
/// Largest margin: past 1/2 the two thresholds cross.
pub const MAX_MARGIN: f64 = 0.5;
/// The z of the z-test rule (three standard errors).
pub const TEST_Z: f64 = 3.0;

/// What the user set in the panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub algo: Algo,
    pub playouts: u32,
    pub iterations: u32,
    pub margin: f64,
    /// The z-test instead of the fixed margin.
    pub use_test: bool,
    pub seed: u64,
    pub prune: bool,
    pub bisect: bool,
}

impl Default for Settings {
    /// The thesis's Table 5 settings (UCT, 100 playouts x 600 iterations,
    /// margin 0.4) with the seed the e2e timings use.
    fn default() -> Settings {
        Settings { algo: Algo::Uct, playouts: 100, iterations: 600, margin: 0.4, use_test: false, seed: 2, prune: false, bisect: false }
    }
}

impl Settings {
    /// The estimate's configuration (the rest as [`ScaleConfig::default`]).
    pub fn config(&self) -> ScaleConfig {
        ScaleConfig {
            algo: self.algo,
            playouts: self.playouts.clamp(1, MAX_PLAYOUTS),
            iterations: self.iterations.clamp(1, MAX_ITERATIONS),
            rule: if self.use_test { ClassRule::Test(TEST_Z) } else { ClassRule::Margin(self.margin_value()) },
            seed: self.seed,
            prune: self.prune,
            bisect: self.bisect,
            ..ScaleConfig::default()
        }
    }

    /// The Two-Move outcome's configuration: always Pure Monte Carlo.
    pub fn two_move_config(&self) -> ScaleConfig {
        ScaleConfig { algo: Algo::Pure, ..self.config() }
    }

    /// The margin band the plot draws (none under the z-test).
    pub fn margin_line(&self) -> Option<f64> {
        (!self.use_test).then(|| self.margin_value())
    }

    /// Games per weighing: each starter plays `playouts` games.
    pub fn games_per_weighing(&self) -> u32 {
        2 * self.playouts.clamp(1, MAX_PLAYOUTS)
    }

    fn margin_value(&self) -> f64 {
        if self.margin.is_finite() {
            self.margin.clamp(0.0, MAX_MARGIN)
        } else {
            Settings::default().margin
        }
    }
}

/// A whole number typed in a field, clamped to `lo..=hi`; `None` (keep the
/// old value) for anything that is not a whole number.
pub fn parse_count(text: &str, lo: u32, hi: u32) -> Option<u32> {
    let v: u64 = text.trim().parse().ok()?;
    Some(v.clamp(u64::from(lo), u64::from(hi)) as u32)
}

/// A seed typed in a field (any whole number that fits 64 bits).
pub fn parse_seed(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// A margin typed in a field, clamped to `0..=1/2`; `None` for anything
/// that is not a finite number.
pub fn parse_margin(text: &str) -> Option<f64> {
    let v: f64 = text.trim().parse().ok()?;
    v.is_finite().then(|| v.clamp(0.0, MAX_MARGIN))
}

/// One weighing as the worker reported it.
#[derive(Clone, Debug, PartialEq)]
pub struct Weighing {
    /// The weighing stalk, ground first (`b` blue, `r` red).
    pub stalk: String,
    /// The outcome class read from the win rates (`L`, `R`, `P`, `N`).
    pub class: String,
    /// Blue's win rate when Blue starts.
    pub blue: f64,
    /// Red's win rate when Red starts.
    pub red: f64,
}

impl Weighing {
    /// The stalk as the table shows it.
    pub fn stalk_text(&self) -> String {
        if self.stalk.is_empty() {
            "(none)".to_string()
        } else {
            self.stalk.clone()
        }
    }
}

/// The two win rates per weighing, for the plot.
pub fn rates(rows: &[Weighing]) -> Vec<(f64, f64)> {
    rows.iter().map(|w| (w.blue, w.red)).collect()
}

/// Where the estimate is.
#[derive(Clone, Debug, PartialEq)]
pub enum Run {
    Idle,
    Running { position: String },
    Done { estimate: Option<String>, failed: bool, lower: Option<String>, upper: Option<String> },
    Cancelled,
    Error(String),
}

impl Run {
    pub fn is_running(&self) -> bool {
        matches!(self, Run::Running { .. })
    }

    /// The estimate's line.
    pub fn estimate_text(&self) -> String {
        match self {
            Run::Idle => "—".to_string(),
            Run::Running { .. } => "weighing…".to_string(),
            Run::Done { estimate: Some(e), .. } => e.clone(),
            Run::Done { estimate: None, lower, upper, .. } => {
                let bracket = match (lower, upper) {
                    (None, None) => String::new(),
                    (lo, hi) => format!("; the weighings put the value in ({}, {})", lo.as_deref().unwrap_or("−∞"), hi.as_deref().unwrap_or("+∞")),
                };
                format!("failed: the safeguard stopped the weighing stalk{bracket}")
            }
            Run::Cancelled => "cancelled".to_string(),
            Run::Error(e) => format!("stopped: {e}"),
        }
    }

    /// The exact value beside the estimate, and whether the estimate hit
    /// it; in puzzle mode (`hidden`) neither, only that it is hidden.
    pub fn verdict_text(&self, exact: Option<&str>, hidden: bool) -> String {
        if hidden {
            return "exact value hidden (puzzle mode)".to_string();
        }
        match (self, exact) {
            (Run::Done { estimate: Some(e), .. }, Some(x)) if e == x => format!("exact value {x}: right"),
            (Run::Done { estimate: Some(_), .. }, Some(x)) => format!("exact value {x}: wrong"),
            (_, Some(x)) => format!("exact value {x}"),
            (_, None) => "exact value: not computed here".to_string(),
        }
    }
}

/// How far the current weighing is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The weighing (from 0).
    pub step: usize,
    pub games: u32,
    /// Games in this weighing.
    pub per: u32,
}

impl Progress {
    /// Nothing played yet, `per` games to go.
    pub fn start(per: u32) -> Progress {
        Progress { step: 0, games: 0, per }
    }

    /// The line beside the progress bar (empty unless running).
    pub fn text(&self, run: &Run) -> String {
        if run.is_running() {
            format!("weighing {} — {} / {} games", self.step + 1, self.games, self.per)
        } else {
            String::new()
        }
    }

    /// The progress bar's fill, 0 to 1 (0 unless running).
    pub fn fraction(&self, run: &Run) -> f64 {
        if run.is_running() {
            (f64::from(self.games) / f64::from(self.per.max(1))).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// Height of one edge of the weighing stalk's picture (px).
pub const STALK_EDGE: f64 = 18.0;
/// Room above the top and below the ground (px).
const STALK_PAD: f64 = 6.0;

/// The weighing stalk's picture: its height and, ground first, each edge's
/// side (blue Left, red Right) and its two ends' heights.
#[derive(Clone, Debug, PartialEq)]
pub struct StalkPicture {
    pub height: f64,
    /// The ground line's height.
    pub ground: f64,
    pub edges: Vec<(Side, f64, f64)>,
    /// For screen readers.
    pub label: String,
}

/// The picture of `stalk` (`b` blue, anything else red, ground first).
pub fn stalk_picture(stalk: &str) -> StalkPicture {
    let n = stalk.chars().count();
    let height = STALK_EDGE * n as f64 + 2.0 * STALK_PAD;
    let ground = height - STALK_PAD;
    let edges = stalk
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let y1 = ground - STALK_EDGE * i as f64;
            (if c == 'b' { Side::Left } else { Side::Right }, y1, y1 - STALK_EDGE)
        })
        .collect();
    let label = format!("weighing stalk: {}", if stalk.is_empty() { "empty" } else { stalk });
    StalkPicture { height, ground, edges, label }
}

/// The Two-Move outcome's line once the games are played.
pub fn two_move_text(class: &str, blue: f64, red: f64, games: u32) -> String {
    format!("{class} (Blue starting wins {blue:.2}, Red starting wins {red:.2}; {games} games, Pure Monte Carlo)")
}

/// The Two-Move outcome's line while the games are played.
pub fn two_move_progress(games: u32, per: u32) -> String {
    format!("playing Two-Move games… {games} / {per}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_make_the_config() {
        let s = Settings::default();
        let c = s.config();
        assert_eq!((c.algo, c.playouts, c.iterations, c.seed, c.prune, c.bisect), (Algo::Uct, 100, 600, 2, false, false));
        assert_eq!(c.rule, ClassRule::Margin(0.4));
        assert_eq!(s.margin_line(), Some(0.4));
        assert_eq!(s.games_per_weighing(), 200);
        let t = Settings { use_test: true, algo: Algo::Uct, playouts: 0, iterations: 99_999, ..s };
        assert_eq!(t.config().rule, ClassRule::Test(TEST_Z));
        assert_eq!((t.config().playouts, t.config().iterations), (1, MAX_ITERATIONS));
        assert_eq!(t.margin_line(), None);
        assert_eq!(t.two_move_config().algo, Algo::Pure);
        // A margin that is not a number never reaches the worker.
        let nan = Settings { margin: f64::NAN, ..s };
        assert_eq!(nan.config().rule, ClassRule::Margin(0.4));
    }

    #[test]
    fn fields_parse_or_keep_the_old_value() {
        assert_eq!(parse_count(" 400 ", 1, MAX_PLAYOUTS), Some(400));
        assert_eq!(parse_count("0", 1, MAX_PLAYOUTS), Some(1));
        // Past u32: clamped, not wrapped around to a small number.
        assert_eq!(parse_count("4294967297", 1, MAX_PLAYOUTS), Some(MAX_PLAYOUTS));
        assert_eq!(parse_count("1.5", 1, 10), None);
        assert_eq!(parse_count("-3", 1, 10), None);
        assert_eq!(parse_seed("18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_seed("x"), None);
        assert_eq!(parse_margin("0.45"), Some(0.45));
        assert_eq!(parse_margin("2"), Some(MAX_MARGIN));
        assert_eq!(parse_margin("-1"), Some(0.0));
        assert_eq!(parse_margin("NaN"), None);
        assert_eq!(parse_margin("inf"), None);
    }

    #[test]
    fn estimate_and_verdict() {
        let done = |e: &str| Run::Done { estimate: Some(e.into()), failed: false, lower: None, upper: None };
        assert_eq!(Run::Idle.estimate_text(), "—");
        assert_eq!(done("1/32").estimate_text(), "1/32");
        assert_eq!(done("1/32").verdict_text(Some("1/32"), false), "exact value 1/32: right");
        assert_eq!(done("1/16").verdict_text(Some("1/32"), false), "exact value 1/32: wrong");
        assert_eq!(Run::Idle.verdict_text(Some("1/2"), false), "exact value 1/2");
        assert_eq!(Run::Idle.verdict_text(None, false), "exact value: not computed here");
        // Puzzle mode gives away neither the value nor whether the estimate
        // hit it.
        for run in [Run::Idle, done("1/2"), done("1")] {
            let t = run.verdict_text(Some("1/2"), true);
            assert!(!t.contains("1/2") && !t.contains("right") && !t.contains("wrong"), "{t}");
        }
        let failed = Run::Done { estimate: None, failed: true, lower: Some("1/4".into()), upper: None };
        assert_eq!(failed.estimate_text(), "failed: the safeguard stopped the weighing stalk; the weighings put the value in (1/4, +∞)");
        let bare = Run::Done { estimate: None, failed: true, lower: None, upper: None };
        assert_eq!(bare.estimate_text(), "failed: the safeguard stopped the weighing stalk");
        assert_eq!(Run::Error("boom".into()).estimate_text(), "stopped: boom");
    }

    #[test]
    fn progress_only_while_running() {
        let p = Progress { step: 2, games: 50, per: 200 };
        let running = Run::Running { position: "stalk:br".into() };
        assert_eq!(p.text(&running), "weighing 3 — 50 / 200 games");
        assert_eq!(p.fraction(&running), 0.25);
        assert_eq!(p.text(&Run::Cancelled), "");
        assert_eq!(p.fraction(&Run::Idle), 0.0);
        assert_eq!(Progress { step: 0, games: 9, per: 0 }.fraction(&running), 1.0);
        assert_eq!(Progress::start(200), Progress { step: 0, games: 0, per: 200 });
    }

    #[test]
    fn stalk_picture_grows_upward_from_the_ground() {
        let p = stalk_picture("rbb");
        assert_eq!(p.edges.iter().map(|e| e.0).collect::<Vec<_>>(), vec![Side::Right, Side::Left, Side::Left]);
        assert_eq!(p.edges[0].1, p.ground);
        for w in p.edges.windows(2) {
            assert_eq!(w[0].2, w[1].1, "edges meet");
        }
        assert!(p.edges.iter().all(|e| e.2 >= 0.0 && e.1 <= p.height));
        assert_eq!(p.label, "weighing stalk: rbb");
        let empty = stalk_picture("");
        assert!(empty.edges.is_empty() && empty.height > 0.0);
        assert_eq!(empty.label, "weighing stalk: empty");
        let w = Weighing { stalk: String::new(), class: "L".into(), blue: 0.9, red: 0.1 };
        assert_eq!(w.stalk_text(), "(none)");
        assert_eq!(rates(&[w]), vec![(0.9, 0.1)]);
    }

    #[test]
    fn two_move_lines() {
        assert_eq!(two_move_text("L", 1.0, 0.0, 200), "L (Blue starting wins 1.00, Red starting wins 0.00; 200 games, Pure Monte Carlo)");
        assert_eq!(two_move_progress(10, 200), "playing Two-Move games… 10 / 200");
    }
}
