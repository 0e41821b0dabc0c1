//! The Hackenbush page's worker jobs and their answers (tested natively):
//! the exact value of a position too large for the page
//! (`hb-value<TAB>id<TAB>budget<TAB>position`, answered by one
//! `id<TAB>ok<TAB>value<TAB>outcome(<TAB>part<TAB>value)*`), the Scale
//! Method (`hb-scale`) and Monte Carlo outcome classes (`hb-outcome`),
//! which stream progress and each weighing before the result. The
//! protocol is [`crate::solver`]'s; the shell registers these jobs with
//! the worker.

use super::model::{value_readout_within, ValueReadout};
use crate::solver::{decode_reply, error_message, unknown_job, Job, Reply, Worker};
use cgt::rulesets::hackenbush::scale::{outcome_class, scale, ClassRule, Play, ScaleConfig, Table};
use cgt::rulesets::hackenbush::Hackenbush;
use cgt::search::montecarlo::Algo;

/// A Hackenbush job for the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum HackenbushJob {
    /// The exact value of a classical Hackenbush position.
    Value { id: u64, budget: usize, position: Hackenbush },
    /// The Scale Method's estimate, streamed.
    Scale { id: u64, cfg: ScaleConfig, position: Hackenbush },
    /// The outcome class by Monte Carlo games (Two-Move or classical).
    Outcome { id: u64, two_move: bool, cfg: ScaleConfig, position: Hackenbush },
}

/// What a Hackenbush job reports.
#[derive(Clone, Debug, PartialEq)]
pub enum HackenbushUpdate {
    /// The exact value of a Hackenbush position (the answer to a value job).
    Value(ValueReadout),
    /// Weighing `step` (from 0): `games` of `per` played.
    Progress {
        step: usize,
        games: u32,
        per: u32,
    },
    /// A weighing ended: the stalk it used, the class and the two rates.
    Step {
        stalk: String,
        class: String,
        blue: f64,
        red: f64,
    },
    /// The Scale Method's result (no estimate: the safeguard stopped it)
    /// and the bracket its weighings put the value in (open ends `None`).
    Scale {
        estimate: Option<String>,
        failed: bool,
        lower: Option<String>,
        upper: Option<String>,
    },
    Outcome {
        class: String,
        blue: f64,
        red: f64,
        games: u32,
    },
    Error(String),
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
        None => {
            ClassRule::Margin(rule.parse::<f64>().ok().filter(|m| (0.0..=0.5).contains(m)).ok_or_else(|| format!("margin `{rule}` is not between 0 and 0.5"))?)
        }
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

impl Job for HackenbushJob {
    type Reply = HackenbushUpdate;
    const KINDS: &'static [&'static str] = &["hb-value", "hb-scale", "hb-outcome"];

    fn id(&self) -> u64 {
        match self {
            HackenbushJob::Value { id, .. } | HackenbushJob::Scale { id, .. } | HackenbushJob::Outcome { id, .. } => *id,
        }
    }

    fn worker(&self) -> Worker {
        match self {
            HackenbushJob::Value { .. } => Worker::Value,
            HackenbushJob::Scale { .. } | HackenbushJob::Outcome { .. } => Worker::MonteCarlo,
        }
    }

    fn encode(&self) -> String {
        match self {
            HackenbushJob::Value { id, budget, position } => format!("hb-value\t{id}\t{budget}\t{position}"),
            HackenbushJob::Scale { id, cfg, position } => format!("hb-scale\t{id}\t{}\t{position}", encode_cfg(cfg)),
            HackenbushJob::Outcome { id, two_move, cfg, position } => format!("hb-outcome\t{id}\t{}\t{}\t{position}", u8::from(*two_move), encode_cfg(cfg)),
        }
    }

    fn decode(s: &str) -> Result<HackenbushJob, String> {
        let id_of = |t: &str| t.parse::<u64>().map_err(|_| format!("job id `{t}` is not a number"));
        let pos_of = |t: &str| t.parse::<Hackenbush>().map_err(|e| format!("{e}"));
        if s.starts_with("hb-scale\t") {
            let f: Vec<&str> = s.splitn(9, '\t').collect();
            if f.len() != 9 {
                return Err("a scale job has 9 fields".into());
            }
            return Ok(HackenbushJob::Scale { id: id_of(f[1])?, cfg: decode_cfg(&f[2..8])?, position: pos_of(f[8])? });
        }
        if s.starts_with("hb-outcome\t") {
            let f: Vec<&str> = s.splitn(10, '\t').collect();
            if f.len() != 10 {
                return Err("an outcome job has 10 fields".into());
            }
            return Ok(HackenbushJob::Outcome { id: id_of(f[1])?, two_move: f[2] == "1", cfg: decode_cfg(&f[3..9])?, position: pos_of(f[9])? });
        }
        let f: Vec<&str> = s.splitn(4, '\t').collect();
        match f.as_slice() {
            ["hb-value", id, budget, position] => Ok(HackenbushJob::Value {
                id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?,
                budget: budget.parse().map_err(|_| format!("budget `{budget}` is not a number"))?,
                position: position.parse().map_err(|e| format!("{e}"))?,
            }),
            _ => Err(unknown_job(s)),
        }
    }

    fn run(self, post: &mut dyn FnMut(HackenbushUpdate)) {
        match self {
            HackenbushJob::Value { budget, position, .. } => {
                let u = match value_readout_within(&position, budget) {
                    Ok(r) => HackenbushUpdate::Value(r),
                    Err(e) => HackenbushUpdate::Error(e.to_string()),
                };
                post(u);
            }
            HackenbushJob::Scale { cfg, position, .. } => {
                let post = std::cell::RefCell::new(post);
                // About 50 progress messages a weighing.
                let r = scale(
                    &position,
                    &cfg,
                    &mut |s| {
                        let u = HackenbushUpdate::Step {
                            stalk: s.stalk.clone(),
                            class: s.result.class.to_string(),
                            blue: s.result.blue_rate,
                            red: s.result.red_rate,
                        };
                        (post.borrow_mut())(u);
                    },
                    &mut |p| {
                        if p.games % (p.games_per_step / 50).max(1) == 0 || p.games == p.games_per_step {
                            (post.borrow_mut())(HackenbushUpdate::Progress { step: p.step, games: p.games, per: p.games_per_step });
                        }
                        true
                    },
                );
                let u = match r {
                    Ok(r) => {
                        let (lo, hi) = if r.parts.is_empty() { r.bounds() } else { (None, None) };
                        HackenbushUpdate::Scale {
                            estimate: r.estimate.map(|e| e.to_string()),
                            failed: r.failed,
                            lower: lo.map(|q| q.to_string()),
                            upper: hi.map(|q| q.to_string()),
                        }
                    }
                    Err(_) => HackenbushUpdate::Error("cancelled".into()),
                };
                (post.borrow_mut())(u);
            }
            HackenbushJob::Outcome { two_move, cfg, position, .. } => {
                let play = if two_move { Play::TwoMove } else { Play::Classical };
                let table = Table::with_odds(&position, &[], play, false);
                let r = outcome_class(&table, &cfg, 0, &mut |g, per| {
                    if g % (per / 50).max(1) == 0 {
                        post(HackenbushUpdate::Progress { step: 0, games: g, per });
                    }
                    true
                });
                let u = match r {
                    Some(r) => HackenbushUpdate::Outcome { class: r.class.to_string(), blue: r.blue_rate, red: r.red_rate, games: r.games },
                    None => HackenbushUpdate::Error("cancelled".into()),
                };
                post(u);
            }
        }
    }
}

impl Reply for HackenbushUpdate {
    fn error(message: String) -> Self {
        HackenbushUpdate::Error(message)
    }

    fn is_last(&self) -> bool {
        !matches!(self, HackenbushUpdate::Progress { .. } | HackenbushUpdate::Step { .. })
    }

    fn encode(&self, id: u64) -> String {
        match self {
            HackenbushUpdate::Value(r) => {
                let mut s = format!("{id}\tok\t{}\t{}", r.value, r.outcome);
                for (p, v) in &r.parts {
                    s.push_str(&format!("\t{p}\t{v}"));
                }
                s
            }
            HackenbushUpdate::Progress { step, games, per } => format!("{id}\tprogress\t{step}\t{games}\t{per}"),
            HackenbushUpdate::Step { stalk, class, blue, red } => format!("{id}\tstep\t{stalk}\t{class}\t{blue}\t{red}"),
            HackenbushUpdate::Scale { estimate, failed, lower, upper } => {
                let t = |o: &Option<String>| o.clone().unwrap_or_else(|| "-".into());
                format!("{id}\tscale\t{}\t{}\t{}\t{}", t(estimate), u8::from(*failed), t(lower), t(upper))
            }
            HackenbushUpdate::Outcome { class, blue, red, games } => format!("{id}\toutcome\t{class}\t{blue}\t{red}\t{games}"),
            HackenbushUpdate::Error(e) => error_message(id, e),
        }
    }

    fn decode(s: &str) -> Option<(u64, HackenbushUpdate)> {
        decode_reply(s, |f| {
            let x = |i: usize| f.get(i).and_then(|t| t.parse::<f64>().ok());
            Some(match (f[1], f.len()) {
                ("ok", n) if n >= 4 && n.is_multiple_of(2) => HackenbushUpdate::Value(ValueReadout {
                    value: f[2].to_string(),
                    outcome: f[3].to_string(),
                    parts: f[4..].chunks(2).map(|c| (c[0].to_string(), c[1].to_string())).collect(),
                }),
                ("progress", 5) => HackenbushUpdate::Progress { step: f[2].parse().ok()?, games: f[3].parse().ok()?, per: f[4].parse().ok()? },
                ("step", 6) => HackenbushUpdate::Step { stalk: f[2].to_string(), class: f[3].to_string(), blue: x(4)?, red: x(5)? },
                ("scale", 6) => {
                    let o = |t: &str| (t != "-").then(|| t.to_string());
                    HackenbushUpdate::Scale { estimate: o(f[2]), failed: f[3] == "1", lower: o(f[4]), upper: o(f[5]) }
                }
                ("outcome", 6) => HackenbushUpdate::Outcome { class: f[2].to_string(), blue: x(3)?, red: x(4)?, games: f[5].parse().ok()? },
                _ => return None,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{run, run_job, WORKER_MAX_POSITIONS};

    #[test]
    fn jobs_and_replies_round_trip() {
        let job = HackenbushJob::Value { id: 7, budget: 1000, position: "stalk:brb 0-9:g".parse().unwrap() };
        assert_eq!(HackenbushJob::decode(&job.encode()).unwrap(), job);
        let (id, answer) = HackenbushUpdate::decode(&run::<HackenbushJob>(&job.encode())).unwrap();
        assert_eq!(id, 7);
        let HackenbushUpdate::Value(r) = answer else { panic!("{answer:?}") };
        assert_eq!((r.value.as_str(), r.outcome.as_str()), ("3/4*", "L"));
        assert_eq!(r.parts.len(), 2);
        assert_eq!(HackenbushUpdate::decode(&HackenbushUpdate::Value(r.clone()).encode(7)), Some((7, HackenbushUpdate::Value(r))));
        let err = HackenbushUpdate::Error("too\tlarge".into());
        assert_eq!(HackenbushUpdate::decode(&err.encode(3)), Some((3, HackenbushUpdate::Error("too large".into()))));
        assert!(HackenbushJob::decode("nonsense").unwrap_err().contains("unknown job"));
        assert!(HackenbushJob::decode("hb-value\t1\t5").unwrap_err().contains("unknown job"));
        assert_eq!(HackenbushUpdate::decode(&run::<HackenbushJob>("nonsense")).map(|(id, u)| (id, u.is_last())), Some((u64::MAX, true)));
        assert!(HackenbushUpdate::decode("x\tok").is_none());
        assert!(HackenbushUpdate::decode("1\tok\t1").is_none());
        assert!(!HackenbushUpdate::Progress { step: 0, games: 1, per: 2 }.is_last());
        assert_eq!(job.worker(), Worker::Value);
    }

    #[test]
    fn scale_jobs_stream_progress_steps_and_the_estimate() {
        let cfg = ScaleConfig { playouts: 20, iterations: 100, ..ScaleConfig::default() };
        let job = HackenbushJob::Scale { id: 4, cfg, position: "stalk:brr".parse().unwrap() };
        assert_eq!(HackenbushJob::decode(&job.encode()).unwrap(), job);
        assert_eq!(job.worker(), Worker::MonteCarlo);
        let mut got = Vec::new();
        run_job::<HackenbushJob>(&job.encode(), &mut |m| got.push(HackenbushUpdate::decode(&m).unwrap()));
        assert!(got.iter().all(|(id, _)| *id == 4));
        let steps: Vec<&str> = got
            .iter()
            .filter_map(|(_, u)| match u {
                HackenbushUpdate::Step { stalk, .. } => Some(stalk.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(steps, ["", "r", "rb", "rbb"]);
        assert!(got.iter().any(|(_, u)| matches!(u, HackenbushUpdate::Progress { step: 3, games: 40, per: 40 })));
        assert_eq!(
            got.last().unwrap().1,
            HackenbushUpdate::Scale { estimate: Some("1/4".into()), failed: false, lower: Some("0".into()), upper: Some("1/2".into()) }
        );
        // Bisection travels in the flags: 0 1 2 4 8 6 5 11/2.
        let cfg = ScaleConfig { algo: Algo::Pure, playouts: 40, iterations: 40, prune: true, bisect: true, ..ScaleConfig::default() };
        let job = HackenbushJob::Scale { id: 6, cfg, position: "stalk:bbbbbbr".parse().unwrap() };
        assert_eq!(HackenbushJob::decode(&job.encode()).unwrap(), job);
        let last = HackenbushUpdate::decode(&run::<HackenbushJob>(&job.encode())).unwrap();
        assert_eq!(last, (6, HackenbushUpdate::Scale { estimate: Some("11/2".into()), failed: false, lower: Some("5".into()), upper: Some("6".into()) }));
        assert!(HackenbushJob::decode("hb-scale\t1\tuct\t5\t10\t0.4\t2\t7\tstalk:b").unwrap_err().contains("flags"));
        // Two-Move outcome classes: two blue edges are 1 (L).
        let cfg = ScaleConfig { algo: Algo::Pure, playouts: 30, iterations: 30, rule: ClassRule::Test(3.0), seed: 5, prune: true, ..ScaleConfig::default() };
        let job = HackenbushJob::Outcome { id: 5, two_move: true, cfg, position: "0-1:b 0-2:b".parse().unwrap() };
        assert_eq!(HackenbushJob::decode(&job.encode()).unwrap(), job);
        let last = HackenbushUpdate::decode(&run::<HackenbushJob>(&job.encode())).unwrap();
        assert_eq!(last, (5, HackenbushUpdate::Outcome { class: "L".into(), blue: 1.0, red: 0.0, games: 60 }));
        // Bad settings are named.
        assert!(HackenbushJob::decode("hb-scale\t1\tuct\t0\t10\t0.4\t2\t0\tstalk:b").unwrap_err().contains("playouts"));
        assert!(HackenbushJob::decode("hb-scale\t1\tuct\t5\t10\t0.9\t2\t0\tstalk:b").unwrap_err().contains("margin"));
        assert!(HackenbushJob::decode("hb-scale\t1\tmcts\t5\t10\t0.4\t2\t0\tstalk:b").unwrap_err().contains("algorithm"));
    }

    #[test]
    fn a_near_bed_is_solved_in_the_worker_budget() {
        // One blue edge more and the Redwood bed is no longer a bed: no
        // theorem, only the search, too long for the page itself.
        let preset = super::super::model::PRESETS.iter().find(|p| p.0.contains("(31 edges)")).expect("the preset").1;
        let job = HackenbushJob::Value { id: 1, budget: WORKER_MAX_POSITIONS, position: preset.parse().unwrap() };
        let Some((1, HackenbushUpdate::Value(r))) = HackenbushUpdate::decode(&run::<HackenbushJob>(&job.encode())) else { panic!("no value") };
        assert_eq!(r.value, "1/64");
        assert!(super::super::model::value_readout(&preset.parse().unwrap()).is_err());
        // The bed itself is valued at once by Winning Ways' theorem.
        let bed = super::super::model::PRESETS.iter().find(|p| p.0.contains("Redwood bed (30")).expect("the preset").1;
        assert_eq!(super::super::model::value_readout(&bed.parse().unwrap()).unwrap().value, "1/128");
    }
}
