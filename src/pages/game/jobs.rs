//! The Games page's worker job (tested natively): the value of a position
//! of any registered ruleset too large for the page
//! (`game<TAB>id<TAB>budget<TAB>ruleset<TAB>position`), answered by one
//! `id<TAB>game<TAB>...` ([`Readout`]) or an error. The protocol is
//! [`crate::solver`]'s; the shell registers this job with the worker.

use super::model::{value_within, Readout};
use crate::solver::{decode_reply, error_message, unknown_job, Job, Reply, Worker};

/// The value of a position of any registered ruleset (the board page),
/// valuing at most `budget` positions.
#[derive(Clone, Debug, PartialEq)]
pub struct GameJob {
    pub id: u64,
    pub ruleset: String,
    pub budget: usize,
    pub position: String,
    /// Misère play (impartial games).
    pub misere: bool,
}

/// What a value job answers.
// One value of it is alive at a time (a command, a job's answer): its
// size does not matter, and boxing would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum GameUpdate {
    /// The board page's value of a position.
    Game(Readout),
    Error(String),
}

impl Job for GameJob {
    type Reply = GameUpdate;
    const KINDS: &'static [&'static str] = &["game"];

    fn id(&self) -> u64 {
        self.id
    }

    fn worker(&self) -> Worker {
        Worker::Value
    }

    fn encode(&self) -> String {
        let play = if self.misere { "misere" } else { "normal" };
        format!("game\t{}\t{}\t{}\t{play}\t{}", self.id, self.budget, self.ruleset.replace(['\t', '\n'], " "), self.position.replace(['\t', '\n'], " "))
    }

    fn decode(s: &str) -> Result<GameJob, String> {
        if !s.starts_with("game\t") {
            return Err(unknown_job(s));
        }
        let f: Vec<&str> = s.splitn(6, '\t').collect();
        let [_, id, budget, ruleset, play, position] = f.as_slice() else { return Err("a game job has 6 fields".into()) };
        Ok(GameJob {
            id: id.parse::<u64>().map_err(|_| format!("job id `{id}` is not a number"))?,
            budget: budget.parse().map_err(|_| format!("budget `{budget}` is not a number"))?,
            ruleset: ruleset.to_string(),
            position: position.to_string(),
            misere: *play == "misere",
        })
    }

    fn run(self, post: &mut dyn FnMut(GameUpdate)) {
        post(match value_within(&self.ruleset, &self.position, self.budget, self.misere) {
            Ok(r) => GameUpdate::Game(r),
            Err(e) => GameUpdate::Error(e.to_string()),
        });
    }
}

impl Reply for GameUpdate {
    fn error(message: String) -> Self {
        GameUpdate::Error(message)
    }

    fn is_last(&self) -> bool {
        true
    }

    fn encode(&self, id: u64) -> String {
        match self {
            GameUpdate::Game(r) => format!("{id}\tgame\t{}", r.encode()),
            GameUpdate::Error(e) => error_message(id, e),
        }
    }

    fn decode(s: &str) -> Option<(u64, GameUpdate)> {
        decode_reply(s, |f| match f[1] {
            "game" => Some(GameUpdate::Game(Readout::decode(&f[2..])?)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::run;

    #[test]
    fn the_board_pages_worker_budget_is_the_workers_cap() {
        assert_eq!(super::super::model::WORKER_BUDGET, crate::solver::WORKER_MAX_POSITIONS);
    }

    #[test]
    fn game_jobs_round_trip_and_answer_with_the_value() {
        let job = GameJob { id: 11, ruleset: "domineering".into(), budget: 10_000, position: "..#|..#|...".into(), misere: false };
        assert_eq!(GameJob::decode(&job.encode()).unwrap(), job);
        assert_eq!(job.worker(), Worker::Value);
        let (id, u) = GameUpdate::decode(&run::<GameJob>(&job.encode())).unwrap();
        assert_eq!(id, 11);
        let GameUpdate::Game(r) = u else { panic!("{u:?}") };
        assert_eq!((r.canonical.as_str(), r.position.as_str(), r.outcome.as_str()), ("{1/2|-2}", "..#|..#|...", "N"));
        assert_eq!(r.components[0].explicit.as_deref(), Some("{1/2|-2}"));
        // Positions with spaces travel whole (Hackenbush).
        let hb = GameJob { id: 12, ruleset: "hackenbush".into(), budget: 10_000, position: "0-1:b 1-2:r".into(), misere: false };
        assert_eq!(GameJob::decode(&hb.encode()).unwrap(), hb);
        let GameUpdate::Game(r) = GameUpdate::decode(&run::<GameJob>(&hb.encode())).unwrap().1 else { panic!() };
        assert_eq!(r.canonical, "1/2");
        // Over the budget, and bad positions: errors that say so.
        let big = GameJob { id: 13, ruleset: "domineering".into(), budget: 50, position: ".....|.....|.....|.....".into(), misere: false };
        assert!(matches!(GameUpdate::decode(&run::<GameJob>(&big.encode())).unwrap().1, GameUpdate::Error(e) if e.contains("budget")));
        let bad = GameJob { id: 14, ruleset: "domineering".into(), budget: 50, position: "..|x.".into(), misere: false };
        assert!(matches!(GameUpdate::decode(&run::<GameJob>(&bad.encode())).unwrap().1, GameUpdate::Error(e) if e.contains("row 2, column 1")));
        assert!(GameJob::decode("game\t1\tx\tdomineering\tnormal\t..").unwrap_err().contains("budget"));
        assert!(GameJob::decode("game\t1\t5").unwrap_err().contains("6 fields"));
        assert!(GameJob::decode("game").unwrap_err().contains("unknown job"));
    }
}
