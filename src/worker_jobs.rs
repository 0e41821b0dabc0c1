//! Every page's worker jobs, registered with the worker (the shell's
//! list): the worker (`src/worker.rs`) runs each message through
//! [`run_streaming`]. A page defines its jobs in its own wing (`jobs.rs`,
//! over [`crate::solver`]'s protocol); adding one is a line here.

use crate::pages::explorer::jobs::AlgebraJob;
use crate::pages::game::jobs::GameJob;
use crate::pages::hackenbush::jobs::HackenbushJob;
use crate::pages::mtsearch::jobs::TdsVsMtJob;
use crate::pages::sequences::jobs::QuotientTask;
use crate::pages::sums::jobs::SumJob;
use crate::solver::{dispatch, register, Registered};

/// Every job the worker runs.
pub const JOBS: &[Registered] =
    &[register::<HackenbushJob>(), register::<SumJob>(), register::<GameJob>(), register::<AlgebraJob>(), register::<TdsVsMtJob>(), register::<QuotientTask>()];

/// Runs one job message, posting every message it has for the page (for
/// a value, the one answer; for the Monte Carlo jobs, updates too).
pub fn run_streaming(message: &str, post: &mut dyn FnMut(String)) {
    dispatch(JOBS, message, post);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::explorer::jobs::AlgebraUpdate;
    use crate::pages::game::jobs::GameUpdate;
    use crate::pages::hackenbush::jobs::HackenbushUpdate;
    use crate::pages::mtsearch::tds::LadderSource;
    use crate::pages::sequences::jobs::QuotientUpdate;
    use crate::pages::sums::jobs::SumUpdate;
    use crate::solver::{message_id, Job, Reply, Worker};
    use cgt::rulesets::hackenbush::scale::ScaleConfig;
    use cgt::rulesets::hackenbush::Hackenbush;

    /// No two pages read one kind of job.
    #[test]
    fn every_kind_is_registered_once() {
        let mut kinds: Vec<&str> = JOBS.iter().flat_map(|j| j.kinds.iter().copied()).collect();
        let n = kinds.len();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), n, "{kinds:?}");
        assert_eq!(n, 8);
    }

    /// Every page's job reaches its page's job through the worker's list,
    /// and the worker finds the id of any job it is sent (to answer it when
    /// the memory cap ends it).
    #[test]
    fn every_job_runs_through_the_list() {
        let h: Hackenbush = "stalk:br".parse().unwrap();
        let jobs: Vec<(String, u64, Worker)> = vec![
            (HackenbushJob::Value { id: 7, budget: 5, position: h.clone() }.encode(), 7, Worker::Value),
            (HackenbushJob::Scale { id: 8, cfg: ScaleConfig::default(), position: h.clone() }.encode(), 8, Worker::MonteCarlo),
            (HackenbushJob::Outcome { id: 9, two_move: true, cfg: ScaleConfig::default(), position: h }.encode(), 9, Worker::MonteCarlo),
            (SumJob { id: 10, budget: 5, sum: "*".into() }.encode(), 10, Worker::MonteCarlo),
            (GameJob { id: 11, ruleset: "domineering".into(), budget: 5, position: "..".into(), misere: false }.encode(), 11, Worker::Value),
            (AlgebraJob { id: 12, game: "^".into() }.encode(), 12, Worker::Value),
            (TdsVsMtJob { id: 13, source: LadderSource::Game { game: "{1|-1}".into(), seed: 0 } }.encode(), 13, Worker::MonteCarlo),
            (QuotientTask { id: 14, rule: "0.75".into(), max_heap: 6 }.encode(), 14, Worker::Value),
        ];
        for (msg, id, _) in &jobs {
            assert_eq!(message_id(msg), Some(*id));
        }
        let last = |msg: &str| {
            let mut last = String::new();
            run_streaming(msg, &mut |m| last = m);
            last
        };
        assert!(matches!(HackenbushUpdate::decode(&last(&jobs[0].0)), Some((7, HackenbushUpdate::Value(_)))));
        assert!(matches!(SumUpdate::decode(&last(&jobs[3].0)), Some((10, SumUpdate::Sum(_)))));
        assert!(matches!(GameUpdate::decode(&last(&jobs[4].0)), Some((11, GameUpdate::Game(_)))));
        assert!(matches!(AlgebraUpdate::decode(&last(&jobs[5].0)), Some((12, AlgebraUpdate::Algebra(_)))));
        assert!(crate::pages::mtsearch::jobs::LadderUpdate::decode(&last(&jobs[6].0)).is_some_and(|(id, u)| id == 13 && u.is_last()));
        assert!(matches!(QuotientUpdate::decode(&last(&jobs[7].0)), Some((14, QuotientUpdate::Done(_)))));
        // The workers as before the jobs moved into their pages.
        assert_eq!(HackenbushJob::decode(&jobs[1].0).unwrap().worker(), jobs[1].2);
        assert_eq!(SumJob::decode(&jobs[3].0).unwrap().worker(), jobs[3].2);
        assert_eq!(TdsVsMtJob::decode(&jobs[6].0).unwrap().worker(), jobs[6].2);
    }

    #[test]
    fn a_message_of_no_kind_is_answered_to_no_id() {
        let mut got = Vec::new();
        run_streaming("nonsense", &mut |m| got.push(m));
        assert_eq!(got, [format!("{}\terr\tunknown job `nonsense`", u64::MAX)]);
        assert_eq!(SumUpdate::decode(&got[0]).map(|(id, u)| (id, u.is_last())), Some((u64::MAX, true)));
    }
}
