//! Work the page hands to its Web Worker, as plain text messages (tested
//! natively): the job, the reply, and [`run`], which the worker calls on
//! each message. The worker is a thin shell (`src/worker.rs`); the main
//! thread's half is `web::solver`.
//!
//! A job is `hb-value<TAB>id<TAB>budget<TAB>position`; the reply is
//! `id<TAB>ok<TAB>value<TAB>outcome(<TAB>part<TAB>value)*` or
//! `id<TAB>err<TAB>message`. Positions travel in their printed form, which
//! has no tabs.

use crate::hbview::{value_readout_within, ValueReadout};
use cgt::rulesets::hackenbush::Hackenbush;

/// Most positions (blocks and bounds) the worker stores for one value:
/// about 300 MB of wasm memory at the worst, and the 30-edge Redwood bed
/// needs under 300k.
pub const WORKER_MAX_POSITIONS: usize = 1_500_000;

/// The worker's first message: it has loaded and takes jobs.
pub const READY: &str = "ready";

/// A job for the worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// The exact value of a classical Hackenbush position.
    HackenbushValue { id: u64, budget: usize, position: Hackenbush },
}

impl Job {
    pub fn id(&self) -> u64 {
        match self {
            Job::HackenbushValue { id, .. } => *id,
        }
    }
    pub fn encode(&self) -> String {
        match self {
            Job::HackenbushValue { id, budget, position } => format!("hb-value\t{id}\t{budget}\t{position}"),
        }
    }
    pub fn decode(s: &str) -> Result<Job, String> {
        let f: Vec<&str> = s.splitn(4, '\t').collect();
        match f.as_slice() {
            ["hb-value", id, budget, position] => Ok(Job::HackenbushValue {
                id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?,
                budget: budget.parse().map_err(|_| format!("budget `{budget}` is not a number"))?,
                position: position.parse().map_err(|e| format!("{e}"))?,
            }),
            _ => Err(format!("unknown job `{}`", s.chars().take(40).collect::<String>())),
        }
    }
}

/// The worker's answer to a job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub id: u64,
    pub result: Result<ValueReadout, String>,
}

impl Reply {
    pub fn encode(&self) -> String {
        match &self.result {
            Ok(r) => {
                let mut s = format!("{}\tok\t{}\t{}", self.id, r.value, r.outcome);
                for (p, v) in &r.parts {
                    s.push_str(&format!("\t{p}\t{v}"));
                }
                s
            }
            Err(e) => format!("{}\terr\t{}", self.id, e.replace('\t', " ")),
        }
    }
    pub fn decode(s: &str) -> Option<Reply> {
        let f: Vec<&str> = s.split('\t').collect();
        let id = f.first()?.parse().ok()?;
        let result = match *f.get(1)? {
            "ok" if f.len() >= 4 && f.len().is_multiple_of(2) => Ok(ValueReadout {
                value: f[2].to_string(),
                outcome: f[3].to_string(),
                parts: f[4..].chunks(2).map(|c| (c[0].to_string(), c[1].to_string())).collect(),
            }),
            "err" => Err(f[2..].join(" ")),
            _ => return None,
        };
        Some(Reply { id, result })
    }
}

/// Runs one job message and returns the reply message.
pub fn run(message: &str) -> String {
    match Job::decode(message) {
        Ok(Job::HackenbushValue { id, budget, position }) => {
            let result = value_readout_within(&position, budget).map_err(|e| e.to_string());
            Reply { id, result }.encode()
        }
        // No id to answer to: the page ignores it (and never sends such).
        Err(e) => Reply { id: u64::MAX, result: Err(e) }.encode(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_and_replies_round_trip() {
        let job = Job::HackenbushValue { id: 7, budget: 1000, position: "stalk:brb 0-9:g".parse().unwrap() };
        assert_eq!(Job::decode(&job.encode()).unwrap(), job);
        let reply = Reply::decode(&run(&job.encode())).unwrap();
        assert_eq!(reply.id, 7);
        let r = reply.result.unwrap();
        assert_eq!((r.value.as_str(), r.outcome.as_str()), ("3/4*", "L"));
        assert_eq!(r.parts.len(), 2);
        let err = Reply { id: 3, result: Err("too\tlarge".into()) };
        assert_eq!(Reply::decode(&err.encode()).unwrap().result, Err("too large".into()));
        assert!(Job::decode("nonsense").unwrap_err().contains("unknown job"));
        assert!(Reply::decode("x\tok").is_none());
    }

    #[test]
    fn a_near_bed_is_solved_in_the_worker_budget() {
        // One blue edge more and the Redwood bed is no longer a bed: no
        // theorem, only the search, too long for the page itself.
        let preset = crate::hbview::PRESETS.iter().find(|p| p.0.contains("(31 edges)")).expect("the preset").1;
        let job = Job::HackenbushValue { id: 1, budget: WORKER_MAX_POSITIONS, position: preset.parse().unwrap() };
        let r = Reply::decode(&run(&job.encode())).unwrap().result.unwrap();
        assert_eq!(r.value, "1/64");
        assert!(crate::hbview::value_readout(&preset.parse().unwrap()).is_err());
        // The bed itself is valued at once by Winning Ways' theorem.
        let bed = crate::hbview::PRESETS.iter().find(|p| p.0.contains("Redwood bed (30")).expect("the preset").1;
        assert_eq!(crate::hbview::value_readout(&bed.parse().unwrap()).unwrap().value, "1/128");
    }
}
