//! The explorer's worker job (tested natively): the algebra card of a
//! form too large to compute between frames (`algebra<TAB>id<TAB>game`),
//! answered by one `id<TAB>algebra<TAB>...` ([`AlgebraReadout`]) or an
//! error. The protocol is [`crate::solver`]'s; the shell registers this
//! job with the worker.

use super::algebra::{algebra_of_text, AlgebraReadout};
use crate::solver::{decode_reply, error_message, unknown_job, Job, Reply, Worker};

/// The explorer's algebra card of a game (its canonical form's name).
#[derive(Clone, Debug, PartialEq)]
pub struct AlgebraJob {
    pub id: u64,
    pub game: String,
}

/// What the algebra job answers.
// One value of it is alive at a time (a command, a job's answer): its
// size does not matter, and boxing would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum AlgebraUpdate {
    Algebra(AlgebraReadout),
    Error(String),
}

impl Job for AlgebraJob {
    type Reply = AlgebraUpdate;
    const KINDS: &'static [&'static str] = &["algebra"];

    fn id(&self) -> u64 {
        self.id
    }

    fn worker(&self) -> Worker {
        Worker::Value
    }

    fn encode(&self) -> String {
        format!("algebra\t{}\t{}", self.id, self.game.replace(['\t', '\n'], " "))
    }

    fn decode(s: &str) -> Result<AlgebraJob, String> {
        match s.splitn(4, '\t').collect::<Vec<&str>>().as_slice() {
            ["algebra", id, game] => Ok(AlgebraJob { id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?, game: game.to_string() }),
            _ => Err(unknown_job(s)),
        }
    }

    fn run(self, post: &mut dyn FnMut(AlgebraUpdate)) {
        post(match algebra_of_text(&self.game) {
            Ok(r) => AlgebraUpdate::Algebra(r),
            Err(e) => AlgebraUpdate::Error(e),
        });
    }
}

impl Reply for AlgebraUpdate {
    fn error(message: String) -> Self {
        AlgebraUpdate::Error(message)
    }

    fn is_last(&self) -> bool {
        true
    }

    fn encode(&self, id: u64) -> String {
        match self {
            AlgebraUpdate::Algebra(r) => format!("{id}\talgebra\t{}", r.encode()),
            AlgebraUpdate::Error(e) => error_message(id, e),
        }
    }

    fn decode(s: &str) -> Option<(u64, AlgebraUpdate)> {
        decode_reply(s, |f| match f[1] {
            "algebra" => Some(AlgebraUpdate::Algebra(AlgebraReadout::decode(&f[2..])?)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::run;

    #[test]
    fn algebra_jobs_answer_with_the_card() {
        // The explorer's algebra card, as the page computes it.
        let job = AlgebraJob { id: 4, game: "{0|{0|v*}}".into() };
        assert_eq!(AlgebraJob::decode(&job.encode()), Ok(job.clone()));
        assert_eq!(job.worker(), Worker::Value);
        match AlgebraUpdate::decode(&run::<AlgebraJob>(&job.encode())) {
            Some((4, AlgebraUpdate::Algebra(a))) => {
                assert_eq!(a.atomic_weight.as_deref(), Ok("1"));
                assert_eq!(a.reduced, "0");
            }
            other => panic!("{other:?}"),
        }
        let bad = AlgebraJob { id: 5, game: "{0|".into() };
        assert!(matches!(AlgebraUpdate::decode(&run::<AlgebraJob>(&bad.encode())), Some((5, AlgebraUpdate::Error(_)))));
        assert!(AlgebraJob::decode("algebra\t1").unwrap_err().contains("unknown job"));
    }
}
