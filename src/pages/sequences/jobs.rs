//! The Nim sequences page's worker job (tested natively): the misère
//! quotient of a rule to a heap bound (`quotient<TAB>id<TAB>rule<TAB>bound`),
//! computed heap by heap in the worker, answered by a progress line after
//! each heap (`id<TAB>progress<TAB>heap<TAB>of<TAB>order`) and then the card
//! (`id<TAB>quotient<TAB>...`, [`QuotientView::encode`]) or an error. A
//! single heap of a large bound can take a second or more, and the page's
//! slices could not cut inside one; the worker also runs the engine at full
//! optimisation. The protocol is [`crate::solver`]'s; the shell registers
//! this job with the worker.

use super::quotient::QuotientView;
use crate::solver::{decode_reply, error_message, unknown_job, Job, Reply, Worker};
use cgt::impartial::{HeapRule, QuotientJob};

/// Work units a quotient may take in the browser.
pub const QUOTIENT_BUDGET: u64 = 2_000_000_000;

/// The misère quotient of `rule` with heaps to `max_heap`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientTask {
    pub id: u64,
    pub rule: String,
    pub max_heap: usize,
}

/// What the quotient job answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientUpdate {
    /// Heaps added so far, of all, and the order so far.
    Progress {
        heap: usize,
        of: usize,
        order: usize,
    },
    Done(QuotientView),
    Error(String),
}

impl Job for QuotientTask {
    type Reply = QuotientUpdate;
    const KINDS: &'static [&'static str] = &["quotient"];

    fn id(&self) -> u64 {
        self.id
    }

    fn worker(&self) -> Worker {
        Worker::Value
    }

    fn encode(&self) -> String {
        format!("quotient\t{}\t{}\t{}", self.id, self.rule.replace(['\t', '\n'], " "), self.max_heap)
    }

    fn decode(s: &str) -> Result<QuotientTask, String> {
        match s.split('\t').collect::<Vec<&str>>().as_slice() {
            ["quotient", id, rule, max_heap] => Ok(QuotientTask {
                id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?,
                rule: rule.to_string(),
                max_heap: max_heap.parse().map_err(|_| format!("heap bound `{max_heap}` is not a whole number"))?,
            }),
            _ => Err(unknown_job(s)),
        }
    }

    fn run(self, post: &mut dyn FnMut(QuotientUpdate)) {
        let rule = match self.rule.parse::<HeapRule>() {
            Ok(r) => r,
            Err(e) => return post(QuotientUpdate::Error(format!("rule {:?}: {e}", self.rule))),
        };
        let mut job = match QuotientJob::new(&rule, self.max_heap, QUOTIENT_BUDGET) {
            Ok(j) => j,
            Err(e) => return post(QuotientUpdate::Error(e.to_string())),
        };
        loop {
            // A slice of one unit: the job returns after each heap.
            match job.step(1) {
                Ok(Some(q)) => return post(QuotientUpdate::Done(QuotientView::of(&q))),
                Ok(None) => {
                    let (heap, of) = job.progress();
                    post(QuotientUpdate::Progress { heap, of, order: job.order() });
                }
                Err(e) => return post(QuotientUpdate::Error(e.to_string())),
            }
        }
    }
}

impl Reply for QuotientUpdate {
    fn error(message: String) -> Self {
        QuotientUpdate::Error(message)
    }

    fn is_last(&self) -> bool {
        !matches!(self, QuotientUpdate::Progress { .. })
    }

    fn encode(&self, id: u64) -> String {
        match self {
            QuotientUpdate::Progress { heap, of, order } => format!("{id}\tprogress\t{heap}\t{of}\t{order}"),
            QuotientUpdate::Done(v) => format!("{id}\tquotient\t{}", v.encode()),
            QuotientUpdate::Error(e) => error_message(id, e),
        }
    }

    fn decode(s: &str) -> Option<(u64, QuotientUpdate)> {
        decode_reply(s, |f| match f[1] {
            "progress" if f.len() == 5 => Some(QuotientUpdate::Progress { heap: f[2].parse().ok()?, of: f[3].parse().ok()?, order: f[4].parse().ok()? }),
            "quotient" => Some(QuotientUpdate::Done(QuotientView::decode(&f[2..])?)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::run_job;

    #[test]
    fn the_worker_computes_the_card_heap_by_heap() {
        let job = QuotientTask { id: 7, rule: "0.75".into(), max_heap: 12 };
        assert_eq!(QuotientTask::decode(&job.encode()), Ok(job.clone()));
        let mut answers = Vec::new();
        run_job::<QuotientTask>(&job.encode(), &mut |m| answers.push(QuotientUpdate::decode(&m).expect("an answer")));
        // One progress line a heap but the last, then the card.
        assert_eq!(answers.len(), 12);
        assert_eq!(answers[0], (7, QuotientUpdate::Progress { heap: 1, of: 12, order: 2 }));
        assert!(answers[..11].iter().all(|(id, u)| *id == 7 && !u.is_last()));
        let rule: HeapRule = "0.75".parse().unwrap();
        let want = QuotientView::of(&cgt::impartial::misere_quotient(&rule, 12, QUOTIENT_BUDGET).unwrap());
        assert_eq!(answers[11], (7, QuotientUpdate::Done(want)));
    }

    #[test]
    fn bad_jobs_end_with_their_error() {
        for (rule, bound, says) in [("0.7x", 5, "column 4"), ("0.75", 5_000, "past the limit")] {
            let job = QuotientTask { id: 3, rule: rule.into(), max_heap: bound };
            let mut answers = Vec::new();
            run_job::<QuotientTask>(&job.encode(), &mut |m| answers.push(QuotientUpdate::decode(&m).expect("an answer")));
            match answers.as_slice() {
                [(3, QuotientUpdate::Error(e))] => assert!(e.contains(says), "{e}"),
                other => panic!("{other:?}"),
            }
        }
        assert!(QuotientTask::decode("quotient\t1\t0.75\tmany").unwrap_err().contains("not a whole number"));
    }
}
