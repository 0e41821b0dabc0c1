//! MT-search's worker job (tested natively): MT-search beside TDS on the
//! page's sum (`tds-vs-mt<TAB>id<TAB>source`), streamed a rung at a time
//! (`id<TAB>rung<TAB>...`) up to its end (`id<TAB>ladder<TAB>...`) or an
//! error. The protocol is [`crate::solver`]'s; the shell registers this
//! job with the worker.

use super::tds::{ladder, LadderEnd, LadderPoint, LadderSource};
use crate::solver::{decode_reply, error_message, unknown_job, Job, Reply, Worker};

/// MT-search beside TDS on the MT-search page's sum, streamed a rung at
/// a time.
#[derive(Clone, Debug, PartialEq)]
pub struct TdsVsMtJob {
    pub id: u64,
    pub source: LadderSource,
}

/// What the comparison reports.
#[derive(Clone, Debug, PartialEq)]
pub enum LadderUpdate {
    /// One rung of MT-search beside TDS.
    Rung(LadderPoint),
    /// The comparison's end.
    Ladder(LadderEnd),
    Error(String),
}

impl Job for TdsVsMtJob {
    type Reply = LadderUpdate;
    const KINDS: &'static [&'static str] = &["tds-vs-mt"];

    fn id(&self) -> u64 {
        self.id
    }

    fn worker(&self) -> Worker {
        Worker::MonteCarlo
    }

    fn encode(&self) -> String {
        format!("tds-vs-mt\t{}\t{}", self.id, self.source.encode().replace('\n', " "))
    }

    fn decode(s: &str) -> Result<TdsVsMtJob, String> {
        if !s.starts_with("tds-vs-mt\t") {
            return Err(unknown_job(s));
        }
        let f: Vec<&str> = s.split('\t').collect();
        let id = f.get(1).ok_or("a comparison job has an id")?;
        Ok(TdsVsMtJob { id: id.parse::<u64>().map_err(|_| format!("job id `{id}` is not a number"))?, source: LadderSource::decode(&f[2..])? })
    }

    fn run(self, post: &mut dyn FnMut(LadderUpdate)) {
        let u = match ladder(&self.source, &mut |p| post(LadderUpdate::Rung(p))) {
            Ok(end) => LadderUpdate::Ladder(end),
            Err(e) => LadderUpdate::Error(e),
        };
        post(u);
    }
}

impl Reply for LadderUpdate {
    fn error(message: String) -> Self {
        LadderUpdate::Error(message)
    }

    fn is_last(&self) -> bool {
        !matches!(self, LadderUpdate::Rung(_))
    }

    fn encode(&self, id: u64) -> String {
        match self {
            LadderUpdate::Rung(p) => format!("{id}\trung\t{}", p.encode()),
            LadderUpdate::Ladder(e) => format!("{id}\tladder\t{}", e.encode()),
            LadderUpdate::Error(e) => error_message(id, e),
        }
    }

    fn decode(s: &str) -> Option<(u64, LadderUpdate)> {
        decode_reply(s, |f| match f[1] {
            "rung" => Some(LadderUpdate::Rung(LadderPoint::decode(&f[2..])?)),
            "ladder" => Some(LadderUpdate::Ladder(LadderEnd::decode(&f[2..])?)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::run_job;

    #[test]
    fn the_comparison_streams_its_rungs_then_ends() {
        let job = TdsVsMtJob { id: 3, source: LadderSource::Game { game: "{{4|2}|-2} + {3|-1}".into(), seed: 0 } };
        assert_eq!(TdsVsMtJob::decode(&job.encode()), Ok(job.clone()));
        assert_eq!(job.worker(), Worker::MonteCarlo);
        let mut got = Vec::new();
        run_job::<TdsVsMtJob>(&job.encode(), &mut |m| got.push(LadderUpdate::decode(&m).unwrap()));
        assert!(got.iter().all(|(id, _)| *id == 3));
        let (last, rungs) = got.split_last().unwrap();
        assert!(!rungs.is_empty() && rungs.iter().all(|(_, u)| matches!(u, LadderUpdate::Rung(_)) && !u.is_last()));
        let LadderUpdate::Ladder(end) = &last.1 else { panic!("{last:?}") };
        assert_eq!(end.exact, end.tds_temperature);
        assert!(TdsVsMtJob::decode("tds-vs-mt\t1\tx").unwrap_err().contains("heap-go sum"));
        assert!(TdsVsMtJob::decode("tds-vs-mt").unwrap_err().contains("unknown job"));
    }
}
