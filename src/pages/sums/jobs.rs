//! The Sums page's worker job (tested natively): exact `VL` / `VR` of a
//! sum (`G1 + G2 + ...`) within a memo budget
//! (`sum<TAB>id<TAB>budget<TAB>sum`), answered by one
//! `id<TAB>sum<TAB>...` ([`ExactReadout`]) or an error. The protocol is
//! [`crate::solver`]'s; the shell registers this job with the worker.

use super::model::{exact_readout, ExactReadout};
use crate::solver::{decode_reply, error_message, unknown_job, Job, Reply, Worker};

/// Exact `VL` / `VR` of a sum within a memo budget.
#[derive(Clone, Debug, PartialEq)]
pub struct SumJob {
    pub id: u64,
    pub budget: usize,
    pub sum: String,
}

/// What the exact search answers.
#[derive(Clone, Debug, PartialEq)]
pub enum SumUpdate {
    Sum(ExactReadout),
    Error(String),
}

impl Job for SumJob {
    type Reply = SumUpdate;
    const KINDS: &'static [&'static str] = &["sum"];

    fn id(&self) -> u64 {
        self.id
    }

    /// Beside the Monte Carlo jobs: a long search never holds up a value.
    fn worker(&self) -> Worker {
        Worker::MonteCarlo
    }

    fn encode(&self) -> String {
        format!("sum\t{}\t{}\t{}", self.id, self.budget, self.sum.replace(['\t', '\n'], " "))
    }

    fn decode(s: &str) -> Result<SumJob, String> {
        match s.splitn(4, '\t').collect::<Vec<&str>>().as_slice() {
            ["sum", id, budget, sum] => Ok(SumJob {
                id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?,
                budget: budget.parse().map_err(|_| format!("budget `{budget}` is not a number"))?,
                sum: sum.to_string(),
            }),
            _ => Err(unknown_job(s)),
        }
    }

    fn run(self, post: &mut dyn FnMut(SumUpdate)) {
        post(match exact_readout(&self.sum, self.budget) {
            Ok(r) => SumUpdate::Sum(r),
            Err(e) => SumUpdate::Error(e),
        });
    }
}

impl Reply for SumUpdate {
    fn error(message: String) -> Self {
        SumUpdate::Error(message)
    }

    fn is_last(&self) -> bool {
        true
    }

    fn encode(&self, id: u64) -> String {
        match self {
            SumUpdate::Sum(r) => format!("{id}\tsum\t{}", r.encode()),
            SumUpdate::Error(e) => error_message(id, e),
        }
    }

    fn decode(s: &str) -> Option<(u64, SumUpdate)> {
        decode_reply(s, |f| match (f[1], f.len()) {
            ("sum", 8) => Some(SumUpdate::Sum(ExactReadout::decode(&f[2..])?)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::run;

    #[test]
    fn sum_jobs_answer_with_the_exact_readout() {
        let job = SumJob { id: 9, budget: 1000, sum: "{4|0} + {{10|-3}|-5}".into() };
        assert_eq!(SumJob::decode(&job.encode()).unwrap(), job);
        let (id, u) = SumUpdate::decode(&run::<SumJob>(&job.encode())).unwrap();
        assert_eq!(id, 9);
        let SumUpdate::Sum(r) = u else { panic!("{u:?}") };
        assert_eq!((r.vl.as_str(), r.vr.as_str(), r.best_left.clone()), ("1", "-3", vec!["component 2 → {10|-3}".to_string()]));
        assert_eq!(SumUpdate::decode(&SumUpdate::Sum(r.clone()).encode(9)), Some((9, SumUpdate::Sum(r))));
        let bad = SumJob { id: 2, budget: 10, sum: "4|0 + {".into() };
        assert!(matches!(SumUpdate::decode(&run::<SumJob>(&bad.encode())).unwrap().1, SumUpdate::Error(e) if e.starts_with("component 2")));
        assert!(SumJob::decode("sum\t1\t5").unwrap_err().contains("unknown job"));
        assert_eq!(job.worker(), Worker::MonteCarlo);
    }
}
