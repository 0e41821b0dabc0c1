//! Work the page hands to its Web Worker, as plain text messages (tested
//! natively): the job, the reply, and [`run`], which the worker calls on
//! each message. The worker is a thin shell (`src/worker.rs`); the main
//! thread's half is `web::solver`.
//!
//! Every answer is an [`Update`] (`id<TAB>kind<TAB>...`), so the page has
//! one way to receive them. A value job is
//! `hb-value<TAB>id<TAB>budget<TAB>position`; its one answer is
//! `id<TAB>ok<TAB>value<TAB>outcome(<TAB>part<TAB>value)*`
//! ([`Update::Value`]) or `id<TAB>err<TAB>message` ([`Update::Error`]).
//! Positions travel in their printed form, which has no tabs.
//!
//! The Scale Method (`hb-scale`) and Monte Carlo outcome classes
//! (`hb-outcome`) stream more: progress, each weighing as it ends, then
//! the result ([`run_streaming`]). [`Update::is_last`] says which answer
//! ends a job. The board page's values (`game<TAB>id<TAB>budget<TAB>ruleset<TAB>position`)
//! are answered by one [`Update::Game`] or an error; the explorer's algebra
//! card of a large form (`algebra<TAB>id<TAB>game`) by one
//! [`Update::Algebra`] or an error.

use crate::pages::hackenbush::model::{value_readout_within, ValueReadout};
use cgt::rulesets::hackenbush::scale::{outcome_class, scale, ClassRule, Play, ScaleConfig, Table};
use cgt::rulesets::hackenbush::Hackenbush;
use cgt::search::montecarlo::Algo;

/// Most positions (blocks and bounds) the worker stores for one value:
/// about 300 MB of wasm memory at the worst, and the 30-edge Redwood bed
/// needs under 300k.
pub const WORKER_MAX_POSITIONS: usize = 1_500_000;

/// The worker's first message: it has loaded and takes jobs.
pub const READY: &str = "ready";

/// The worker's memory cap (each of the page's two workers): bytes in use
/// past it end the job with [`memory_cap_message`] instead of growing
/// until the browser kills the tab. The jobs the page sends stay far below
/// it within their position budgets, except where a position costs much
/// per node (`cgt bench memory`: the largest finishing jobs peak at about
/// 160 MiB natively; a 64 x 64 Domineering board would take 7.4 GiB
/// before its budget ran out).
pub const WORKER_MEMORY_CAP: usize = cgt_memcap::WEB_WORKER_CAP;

/// A message to the worker that sets its memory cap in bytes (the page
/// sends it only when the test hook `localStorage["cgt-worker-memory-cap"]`
/// is set: the end-to-end test of the cap).
pub const MEMORY_CAP_PREFIX: &str = "memory-cap\t";

/// The id of the job a message carries (every job is `kind<TAB>id<TAB>...`).
pub fn message_id(message: &str) -> Option<u64> {
    message.split('\t').nth(1)?.parse().ok()
}

/// What the page shows when a job reached the worker's memory cap.
pub fn memory_cap_message(cap: usize) -> String {
    format!(
        "this needs more memory than the background solver may use ({}): it stopped before the tab ran short; try a smaller position",
        cgt_memcap::human(cap)
    )
}

/// A job for the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// The exact value of a classical Hackenbush position.
    HackenbushValue { id: u64, budget: usize, position: Hackenbush },
    /// The Scale Method's estimate, streamed.
    Scale { id: u64, cfg: ScaleConfig, position: Hackenbush },
    /// The outcome class by Monte Carlo games (Two-Move or classical).
    Outcome { id: u64, two_move: bool, cfg: ScaleConfig, position: Hackenbush },
    /// Exact `VL` / `VR` of a sum (`G1 + G2 + ...`) within a memo budget.
    Sum { id: u64, budget: usize, sum: String },
    /// The value of a position of any registered ruleset (the board page),
    /// valuing at most `budget` positions.
    Game { id: u64, ruleset: String, budget: usize, position: String },
    /// The explorer's algebra card of a game (its canonical form's name)
    /// too large to compute between frames.
    Algebra { id: u64, game: String },
    /// MT-search beside TDS on the MT-search page's sum, streamed a rung
    /// at a time.
    TdsVsMt { id: u64, source: crate::pages::mtsearch::tds::LadderSource },
}

/// The settings that travel: algorithm, playouts, iterations, margin (or
/// `z<value>` for the test rule), seed, and flags (1 prune, 2 bisect).
fn encode_cfg(c: &ScaleConfig) -> String {
    let rule = match c.rule {
        ClassRule::Margin(m) => format!("{m}"),
        ClassRule::Test(z) => format!("z{z}"),
    };
    format!("{}\t{}\t{}\t{rule}\t{}\t{}", c.algo, c.playouts, c.iterations, c.seed, u8::from(c.prune) | u8::from(c.bisect) << 1)
}

fn decode_cfg(f: &[&str]) -> Result<ScaleConfig, String> {
    let [algo, playouts, iterations, rule, seed, flags] = f else { return Err("the settings are incomplete".into()) };
    let flags = flags.parse::<u8>().ok().filter(|&b| b < 4).ok_or_else(|| format!("flags `{flags}` are not 0-3"))?;
    let num = |t: &str, what: &str| t.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(|| format!("{what} `{t}` is not a whole number of at least 1"));
    let rule = match rule.strip_prefix('z') {
        Some(z) => ClassRule::Test(z.parse::<f64>().ok().filter(|z| z.is_finite() && *z > 0.0).ok_or_else(|| format!("z `{z}` is not a positive number"))?),
        None => ClassRule::Margin(rule.parse::<f64>().ok().filter(|m| (0.0..=0.5).contains(m)).ok_or_else(|| format!("margin `{rule}` is not between 0 and 0.5"))?),
    };
    Ok(ScaleConfig {
        algo: algo.parse::<Algo>()?,
        playouts: num(playouts, "playouts")?,
        iterations: num(iterations, "iterations")?,
        rule,
        seed: seed.parse().map_err(|_| format!("seed `{seed}` is not a number"))?,
        prune: flags & 1 == 1,
        bisect: flags & 2 == 2,
        ..ScaleConfig::default()
    })
}

impl Job {
    pub fn id(&self) -> u64 {
        match self {
            Job::HackenbushValue { id, .. } | Job::Scale { id, .. } | Job::Outcome { id, .. } | Job::Sum { id, .. } | Job::Game { id, .. } | Job::Algebra { id, .. } | Job::TdsVsMt { id, .. } => *id,
        }
    }
    pub fn encode(&self) -> String {
        match self {
            Job::HackenbushValue { id, budget, position } => format!("hb-value\t{id}\t{budget}\t{position}"),
            Job::Scale { id, cfg, position } => format!("hb-scale\t{id}\t{}\t{position}", encode_cfg(cfg)),
            Job::Outcome { id, two_move, cfg, position } => format!("hb-outcome\t{id}\t{}\t{}\t{position}", u8::from(*two_move), encode_cfg(cfg)),
            Job::Sum { id, budget, sum } => format!("sum\t{id}\t{budget}\t{}", sum.replace(['\t', '\n'], " ")),
            Job::Algebra { id, game } => format!("algebra\t{id}\t{}", game.replace(['\t', '\n'], " ")),
            Job::TdsVsMt { id, source } => format!("tds-vs-mt\t{id}\t{}", source.encode().replace('\n', " ")),
            Job::Game { id, ruleset, budget, position } => {
                format!("game\t{id}\t{budget}\t{}\t{}", ruleset.replace(['\t', '\n'], " "), position.replace(['\t', '\n'], " "))
            }
        }
    }
    pub fn decode(s: &str) -> Result<Job, String> {
        let id_of = |t: &str| t.parse::<u64>().map_err(|_| format!("job id `{t}` is not a number"));
        let pos_of = |t: &str| t.parse::<Hackenbush>().map_err(|e| format!("{e}"));
        if s.starts_with("hb-scale\t") {
            let f: Vec<&str> = s.splitn(9, '\t').collect();
            if f.len() != 9 {
                return Err("a scale job has 9 fields".into());
            }
            return Ok(Job::Scale { id: id_of(f[1])?, cfg: decode_cfg(&f[2..8])?, position: pos_of(f[8])? });
        }
        if s.starts_with("hb-outcome\t") {
            let f: Vec<&str> = s.splitn(10, '\t').collect();
            if f.len() != 10 {
                return Err("an outcome job has 10 fields".into());
            }
            return Ok(Job::Outcome { id: id_of(f[1])?, two_move: f[2] == "1", cfg: decode_cfg(&f[3..9])?, position: pos_of(f[9])? });
        }
        if s.starts_with("game\t") {
            let f: Vec<&str> = s.splitn(5, '\t').collect();
            let [_, id, budget, ruleset, position] = f.as_slice() else { return Err("a game job has 5 fields".into()) };
            return Ok(Job::Game {
                id: id_of(id)?,
                budget: budget.parse().map_err(|_| format!("budget `{budget}` is not a number"))?,
                ruleset: ruleset.to_string(),
                position: position.to_string(),
            });
        }
        if s.starts_with("tds-vs-mt\t") {
            let f: Vec<&str> = s.split('\t').collect();
            let id = f.get(1).ok_or("a comparison job has an id")?;
            return Ok(Job::TdsVsMt { id: id_of(id)?, source: crate::pages::mtsearch::tds::LadderSource::decode(&f[2..])? });
        }
        let f: Vec<&str> = s.splitn(4, '\t').collect();
        match f.as_slice() {
            ["algebra", id, game] => Ok(Job::Algebra { id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?, game: game.to_string() }),
            ["sum", id, budget, sum] => Ok(Job::Sum {
                id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?,
                budget: budget.parse().map_err(|_| format!("budget `{budget}` is not a number"))?,
                sum: sum.to_string(),
            }),
            ["hb-value", id, budget, position] => Ok(Job::HackenbushValue {
                id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?,
                budget: budget.parse().map_err(|_| format!("budget `{budget}` is not a number"))?,
                position: position.parse().map_err(|e| format!("{e}"))?,
            }),
            _ => Err(format!("unknown job `{}`", s.chars().take(40).collect::<String>())),
        }
    }
}

/// Runs one job message and returns the reply message (the last message
/// of [`run_streaming`]).
pub fn run(message: &str) -> String {
    let mut last = String::new();
    run_streaming(message, &mut |m| last = m);
    last
}

/// What a job reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// The exact value of a Hackenbush position (the answer to a value job).
    Value(ValueReadout),
    /// Weighing `step` (from 0): `games` of `per` played.
    Progress { step: usize, games: u32, per: u32 },
    /// A weighing ended: the stalk it used, the class and the two rates.
    Step { stalk: String, class: String, blue: f64, red: f64 },
    /// The Scale Method's result (no estimate: the safeguard stopped it)
    /// and the bracket its weighings put the value in (open ends `None`).
    Scale { estimate: Option<String>, failed: bool, lower: Option<String>, upper: Option<String> },
    Outcome { class: String, blue: f64, red: f64, games: u32 },
    Sum(crate::pages::sums::model::ExactReadout),
    /// The board page's value of a position.
    Game(crate::pages::game::model::Readout),
    /// The explorer's algebra card.
    Algebra(crate::pages::explorer::algebra::AlgebraReadout),
    /// One rung of MT-search beside TDS.
    Rung(crate::pages::mtsearch::tds::LadderPoint),
    /// The comparison's end.
    Ladder(crate::pages::mtsearch::tds::LadderEnd),
    Error(String),
}

impl Update {
    /// Whether this answer ends its job (a result or an error).
    pub fn is_last(&self) -> bool {
        !matches!(self, Update::Progress { .. } | Update::Step { .. } | Update::Rung(_))
    }
    pub fn encode(&self, id: u64) -> String {
        match self {
            Update::Value(r) => {
                let mut s = format!("{id}\tok\t{}\t{}", r.value, r.outcome);
                for (p, v) in &r.parts {
                    s.push_str(&format!("\t{p}\t{v}"));
                }
                s
            }
            Update::Progress { step, games, per } => format!("{id}\tprogress\t{step}\t{games}\t{per}"),
            Update::Step { stalk, class, blue, red } => format!("{id}\tstep\t{stalk}\t{class}\t{blue}\t{red}"),
            Update::Scale { estimate, failed, lower, upper } => {
                let t = |o: &Option<String>| o.clone().unwrap_or_else(|| "-".into());
                format!("{id}\tscale\t{}\t{}\t{}\t{}", t(estimate), u8::from(*failed), t(lower), t(upper))
            }
            Update::Outcome { class, blue, red, games } => format!("{id}\toutcome\t{class}\t{blue}\t{red}\t{games}"),
            Update::Sum(r) => format!("{id}\tsum\t{}", r.encode()),
            Update::Game(r) => format!("{id}\tgame\t{}", r.encode()),
            Update::Algebra(r) => format!("{id}\talgebra\t{}", r.encode()),
            Update::Rung(p) => format!("{id}\trung\t{}", p.encode()),
            Update::Ladder(e) => format!("{id}\tladder\t{}", e.encode()),
            Update::Error(e) => format!("{id}\terr\t{}", e.replace('\t', " ")),
        }
    }
    pub fn decode(s: &str) -> Option<(u64, Update)> {
        let f: Vec<&str> = s.split('\t').collect();
        let id = f.first()?.parse().ok()?;
        let x = |i: usize| f.get(i).and_then(|t| t.parse::<f64>().ok());
        let u = match (*f.get(1)?, f.len()) {
            ("ok", n) if n >= 4 && n.is_multiple_of(2) => Update::Value(ValueReadout {
                value: f[2].to_string(),
                outcome: f[3].to_string(),
                parts: f[4..].chunks(2).map(|c| (c[0].to_string(), c[1].to_string())).collect(),
            }),
            ("progress", 5) => Update::Progress { step: f[2].parse().ok()?, games: f[3].parse().ok()?, per: f[4].parse().ok()? },
            ("step", 6) => Update::Step { stalk: f[2].to_string(), class: f[3].to_string(), blue: x(4)?, red: x(5)? },
            ("scale", 6) => {
                let o = |t: &str| (t != "-").then(|| t.to_string());
                Update::Scale { estimate: o(f[2]), failed: f[3] == "1", lower: o(f[4]), upper: o(f[5]) }
            }
            ("outcome", 6) => Update::Outcome { class: f[2].to_string(), blue: x(3)?, red: x(4)?, games: f[5].parse().ok()? },
            ("sum", 8) => Update::Sum(crate::pages::sums::model::ExactReadout::decode(&f[2..])?),
            ("game", _) => Update::Game(crate::pages::game::model::Readout::decode(&f[2..])?),
            ("algebra", _) => Update::Algebra(crate::pages::explorer::algebra::AlgebraReadout::decode(&f[2..])?),
            ("rung", _) => Update::Rung(crate::pages::mtsearch::tds::LadderPoint::decode(&f[2..])?),
            ("ladder", _) => Update::Ladder(crate::pages::mtsearch::tds::LadderEnd::decode(&f[2..])?),
            ("err", _) => Update::Error(f[2..].join(" ")),
            _ => return None,
        };
        Some((id, u))
    }
}

/// Runs one job message, posting every message it has for the page (for a
/// value, the one answer; for the Monte Carlo jobs, updates too).
pub fn run_streaming(message: &str, post: &mut dyn FnMut(String)) {
    match Job::decode(message) {
        Ok(Job::HackenbushValue { id, budget, position }) => {
            let u = match value_readout_within(&position, budget) {
                Ok(r) => Update::Value(r),
                Err(e) => Update::Error(e.to_string()),
            };
            post(u.encode(id));
        }
        Ok(Job::Scale { id, cfg, position }) => {
            let post = std::cell::RefCell::new(post);
            // About 50 progress messages a weighing.
            let r = scale(
                &position,
                &cfg,
                &mut |s| {
                    let u = Update::Step { stalk: s.stalk.clone(), class: s.result.class.to_string(), blue: s.result.blue_rate, red: s.result.red_rate };
                    (post.borrow_mut())(u.encode(id));
                },
                &mut |p| {
                    if p.games % (p.games_per_step / 50).max(1) == 0 || p.games == p.games_per_step {
                        (post.borrow_mut())(Update::Progress { step: p.step, games: p.games, per: p.games_per_step }.encode(id));
                    }
                    true
                },
            );
            let u = match r {
                Ok(r) => {
                    let (lo, hi) = if r.parts.is_empty() { r.bounds() } else { (None, None) };
                    Update::Scale { estimate: r.estimate.map(|e| e.to_string()), failed: r.failed, lower: lo.map(|q| q.to_string()), upper: hi.map(|q| q.to_string()) }
                }
                Err(_) => Update::Error("cancelled".into()),
            };
            (post.borrow_mut())(u.encode(id));
        }
        Ok(Job::TdsVsMt { id, source }) => {
            let u = match crate::pages::mtsearch::tds::ladder(&source, &mut |p| post(Update::Rung(p).encode(id))) {
                Ok(end) => Update::Ladder(end),
                Err(e) => Update::Error(e),
            };
            post(u.encode(id));
        }
        Ok(Job::Algebra { id, game }) => {
            let u = match crate::pages::explorer::algebra::algebra_of_text(&game) {
                Ok(r) => Update::Algebra(r),
                Err(e) => Update::Error(e),
            };
            post(u.encode(id));
        }
        Ok(Job::Sum { id, budget, sum }) => {
            let u = match crate::pages::sums::model::exact_readout(&sum, budget) {
                Ok(r) => Update::Sum(r),
                Err(e) => Update::Error(e),
            };
            post(u.encode(id));
        }
        Ok(Job::Game { id, ruleset, budget, position }) => {
            let u = match crate::pages::game::model::value_within(&ruleset, &position, budget) {
                Ok(r) => Update::Game(r),
                Err(e) => Update::Error(e.to_string()),
            };
            post(u.encode(id));
        }
        Ok(Job::Outcome { id, two_move, cfg, position }) => {
            let play = if two_move { Play::TwoMove } else { Play::Classical };
            let table = Table::with_odds(&position, &[], play, false);
            let r = outcome_class(&table, &cfg, 0, &mut |g, per| {
                if g % (per / 50).max(1) == 0 {
                    post(Update::Progress { step: 0, games: g, per }.encode(id));
                }
                true
            });
            let u = match r {
                Some(r) => Update::Outcome { class: r.class.to_string(), blue: r.blue_rate, red: r.red_rate, games: r.games },
                None => Update::Error("cancelled".into()),
            };
            post(u.encode(id));
        }
        // No id to answer to: the page ignores it (and never sends such).
        Err(e) => post(Update::Error(e).encode(u64::MAX)),
    }
}

#[cfg(test)]
mod tests {
    /// The worker finds the id of any job it is sent (to answer it when the
    /// memory cap ends it).
    #[test]
    fn every_job_message_names_its_id() {
        let h: Hackenbush = "stalk:br".parse().unwrap();
        for job in [
            Job::HackenbushValue { id: 7, budget: 5, position: h.clone() },
            Job::Scale { id: 8, cfg: ScaleConfig::default(), position: h.clone() },
            Job::Outcome { id: 9, two_move: true, cfg: ScaleConfig::default(), position: h },
            Job::Sum { id: 10, budget: 5, sum: "*".into() },
            Job::Game { id: 11, ruleset: "domineering".into(), budget: 5, position: "..".into() },
            Job::Algebra { id: 12, game: "^".into() },
        ] {
            assert_eq!(message_id(&job.encode()), Some(job.id()));
        }
        assert!(memory_cap_message(1 << 30).contains("1 GiB"));
    }

    #[test]
    fn the_board_pages_worker_budget_is_the_workers_cap() {
        assert_eq!(crate::pages::game::model::WORKER_BUDGET, super::WORKER_MAX_POSITIONS);
    }

    use super::*;

    #[test]
    fn jobs_and_replies_round_trip() {
        let job = Job::HackenbushValue { id: 7, budget: 1000, position: "stalk:brb 0-9:g".parse().unwrap() };
        assert_eq!(Job::decode(&job.encode()).unwrap(), job);
        let (id, answer) = Update::decode(&run(&job.encode())).unwrap();
        assert_eq!(id, 7);
        let Update::Value(r) = answer else { panic!("{answer:?}") };
        assert_eq!((r.value.as_str(), r.outcome.as_str()), ("3/4*", "L"));
        assert_eq!(r.parts.len(), 2);
        assert_eq!(Update::decode(&Update::Value(r.clone()).encode(7)), Some((7, Update::Value(r))));
        let err = Update::Error("too\tlarge".into());
        assert_eq!(Update::decode(&err.encode(3)), Some((3, Update::Error("too large".into()))));
        assert!(Job::decode("nonsense").unwrap_err().contains("unknown job"));
        assert_eq!(Update::decode(&run("nonsense")).map(|(id, u)| (id, u.is_last())), Some((u64::MAX, true)));
        assert!(Update::decode("x\tok").is_none());
        assert!(Update::decode("1\tok\t1").is_none());
        assert!(!Update::Progress { step: 0, games: 1, per: 2 }.is_last());
    }

    #[test]
    fn scale_jobs_stream_progress_steps_and_the_estimate() {
        let cfg = ScaleConfig { playouts: 20, iterations: 100, ..ScaleConfig::default() };
        let job = Job::Scale { id: 4, cfg, position: "stalk:brr".parse().unwrap() };
        assert_eq!(Job::decode(&job.encode()).unwrap(), job);
        let mut got = Vec::new();
        run_streaming(&job.encode(), &mut |m| got.push(Update::decode(&m).unwrap()));
        assert!(got.iter().all(|(id, _)| *id == 4));
        let steps: Vec<&str> = got.iter().filter_map(|(_, u)| match u { Update::Step { stalk, .. } => Some(stalk.as_str()), _ => None }).collect();
        assert_eq!(steps, ["", "r", "rb", "rbb"]);
        assert!(got.iter().any(|(_, u)| matches!(u, Update::Progress { step: 3, games: 40, per: 40 })));
        assert_eq!(got.last().unwrap().1, Update::Scale { estimate: Some("1/4".into()), failed: false, lower: Some("0".into()), upper: Some("1/2".into()) });
        // Bisection travels in the flags: 0 1 2 4 8 6 5 11/2.
        let cfg = ScaleConfig { algo: Algo::Pure, playouts: 40, iterations: 40, prune: true, bisect: true, ..ScaleConfig::default() };
        let job = Job::Scale { id: 6, cfg, position: "stalk:bbbbbbr".parse().unwrap() };
        assert_eq!(Job::decode(&job.encode()).unwrap(), job);
        let last = Update::decode(&run(&job.encode())).unwrap();
        assert_eq!(last, (6, Update::Scale { estimate: Some("11/2".into()), failed: false, lower: Some("5".into()), upper: Some("6".into()) }));
        assert!(Job::decode("hb-scale\t1\tuct\t5\t10\t0.4\t2\t7\tstalk:b").unwrap_err().contains("flags"));
        // Two-Move outcome classes: two blue edges are 1 (L).
        let cfg = ScaleConfig { algo: Algo::Pure, playouts: 30, iterations: 30, rule: ClassRule::Test(3.0), seed: 5, prune: true, ..ScaleConfig::default() };
        let job = Job::Outcome { id: 5, two_move: true, cfg, position: "0-1:b 0-2:b".parse().unwrap() };
        assert_eq!(Job::decode(&job.encode()).unwrap(), job);
        let last = Update::decode(&run(&job.encode())).unwrap();
        assert_eq!(last, (5, Update::Outcome { class: "L".into(), blue: 1.0, red: 0.0, games: 60 }));
        // Bad settings are named.
        assert!(Job::decode("hb-scale\t1\tuct\t0\t10\t0.4\t2\t0\tstalk:b").unwrap_err().contains("playouts"));
        assert!(Job::decode("hb-scale\t1\tuct\t5\t10\t0.9\t2\t0\tstalk:b").unwrap_err().contains("margin"));
        assert!(Job::decode("hb-scale\t1\tmcts\t5\t10\t0.4\t2\t0\tstalk:b").unwrap_err().contains("algorithm"));
    }

    #[test]
    fn sum_jobs_answer_with_the_exact_readout() {
        // The explorer's algebra card, as the page computes it.
        let job = Job::Algebra { id: 4, game: "{0|{0|v*}}".into() };
        assert_eq!(Job::decode(&job.encode()), Ok(job.clone()));
        match Update::decode(&run(&job.encode())) {
            Some((4, Update::Algebra(a))) => {
                assert_eq!(a.atomic_weight.as_deref(), Ok("1"));
                assert_eq!(a.reduced, "0");
            }
            other => panic!("{other:?}"),
        }
        let bad = Job::Algebra { id: 5, game: "{0|".into() };
        assert!(matches!(Update::decode(&run(&bad.encode())), Some((5, Update::Error(_)))));
        let job = Job::Sum { id: 9, budget: 1000, sum: "{4|0} + {{10|-3}|-5}".into() };
        assert_eq!(Job::decode(&job.encode()).unwrap(), job);
        let (id, u) = Update::decode(&run(&job.encode())).unwrap();
        assert_eq!(id, 9);
        let Update::Sum(r) = u else { panic!("{u:?}") };
        assert_eq!((r.vl.as_str(), r.vr.as_str(), r.best_left.clone()), ("1", "-3", vec!["component 2 → {10|-3}".to_string()]));
        let bad = Job::Sum { id: 2, budget: 10, sum: "4|0 + {".into() };
        assert!(matches!(Update::decode(&run(&bad.encode())).unwrap().1, Update::Error(e) if e.starts_with("component 2")));
    }

    #[test]
    fn game_jobs_round_trip_and_answer_with_the_value() {
        let job = Job::Game { id: 11, ruleset: "domineering".into(), budget: 10_000, position: "..#|..#|...".into() };
        assert_eq!(Job::decode(&job.encode()).unwrap(), job);
        let (id, u) = Update::decode(&run(&job.encode())).unwrap();
        assert_eq!(id, 11);
        let Update::Game(r) = u else { panic!("{u:?}") };
        assert_eq!((r.canonical.as_str(), r.position.as_str(), r.outcome.as_str()), ("{1/2|-2}", "..#|..#|...", "N"));
        assert_eq!(r.components[0].explicit.as_deref(), Some("{1/2|-2}"));
        // Positions with spaces travel whole (Hackenbush).
        let hb = Job::Game { id: 12, ruleset: "hackenbush".into(), budget: 10_000, position: "0-1:b 1-2:r".into() };
        assert_eq!(Job::decode(&hb.encode()).unwrap(), hb);
        let Update::Game(r) = Update::decode(&run(&hb.encode())).unwrap().1 else { panic!() };
        assert_eq!(r.canonical, "1/2");
        // Over the budget, and bad positions: errors that say so.
        let big = Job::Game { id: 13, ruleset: "domineering".into(), budget: 50, position: ".....|.....|.....|.....".into() };
        assert!(matches!(Update::decode(&run(&big.encode())).unwrap().1, Update::Error(e) if e.contains("budget")));
        let bad = Job::Game { id: 14, ruleset: "domineering".into(), budget: 50, position: "..|x.".into() };
        assert!(matches!(Update::decode(&run(&bad.encode())).unwrap().1, Update::Error(e) if e.contains("row 2, column 1")));
        assert!(Job::decode("game\t1\tx\tdomineering\t..").unwrap_err().contains("budget"));
        assert!(Job::decode("game\t1\t5").unwrap_err().contains("5 fields"));
    }

    #[test]
    fn a_near_bed_is_solved_in_the_worker_budget() {
        // One blue edge more and the Redwood bed is no longer a bed: no
        // theorem, only the search, too long for the page itself.
        let preset = crate::pages::hackenbush::model::PRESETS.iter().find(|p| p.0.contains("(31 edges)")).expect("the preset").1;
        let job = Job::HackenbushValue { id: 1, budget: WORKER_MAX_POSITIONS, position: preset.parse().unwrap() };
        let Some((1, Update::Value(r))) = Update::decode(&run(&job.encode())) else { panic!("no value") };
        assert_eq!(r.value, "1/64");
        assert!(crate::pages::hackenbush::model::value_readout(&preset.parse().unwrap()).is_err());
        // The bed itself is valued at once by Winning Ways' theorem.
        let bed = crate::pages::hackenbush::model::PRESETS.iter().find(|p| p.0.contains("Redwood bed (30")).expect("the preset").1;
        assert_eq!(crate::pages::hackenbush::model::value_readout(&bed.parse().unwrap()).unwrap().value, "1/128");
    }
}
