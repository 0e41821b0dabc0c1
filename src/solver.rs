//! The protocol of the page's Web Worker, as plain text messages (tested
//! natively), without any page's jobs: each page defines its own jobs and
//! what they answer ([`Job`] and [`Reply`], in its wing: `jobs.rs`), the
//! shell registers them with the worker (`crate::worker_jobs`), and the
//! worker hands each message to its job's [`run_job`] ([`dispatch`]). The
//! worker is a thin shell (`src/worker.rs`); the main thread's half is
//! `web::solver`, which sends a page's job and hands its answers back to
//! that page alone.
//!
//! A job travels as `kind<TAB>id<TAB>...` (the kinds: `hb-value`,
//! `hb-scale`, `hb-outcome` of the Hackenbush page, `sum` of the Sums
//! page, `game` of the Games page, `algebra` of the explorer, `tds-vs-mt`
//! of MT-search, `quotient` of the Nim sequences page). Every answer is
//! `id<TAB>tag<TAB>...`, so the page has one way to receive them; any job
//! may end with an error,
//! `id<TAB>err<TAB>message` ([`error_message`]), the one answer every
//! [`Reply`] reads the same way. Positions travel in their printed form,
//! which has no tabs. A job may stream answers (progress, steps) before
//! the one that ends it ([`Reply::is_last`]).

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

/// Which of the page's two workers runs a job: exact values on one, the
/// Monte Carlo jobs (and the Sums page's exact search) on the other, so a
/// long estimate never holds up a value and cancelling one never kills
/// the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worker {
    /// Exact values.
    Value,
    /// Monte Carlo estimates, the Sums page's exact search, MT-search
    /// beside TDS.
    MonteCarlo,
}

impl Worker {
    /// The worker's index (0 or 1).
    pub fn index(self) -> usize {
        match self {
            Worker::Value => 0,
            Worker::MonteCarlo => 1,
        }
    }
}

/// A job a page sends to the worker: defined in the page's wing, with the
/// answers it gets ([`Job::Reply`]).
pub trait Job: Sized {
    /// What the job answers.
    type Reply: Reply;
    /// The kinds (first field of a message) this type reads: the worker
    /// hands it every message of these kinds.
    const KINDS: &'static [&'static str];
    /// The id the job's answers carry.
    fn id(&self) -> u64;
    /// The worker that runs it.
    fn worker(&self) -> Worker;
    /// The job as it travels (`kind<TAB>id<TAB>...`).
    fn encode(&self) -> String;
    /// A job from its message; the error names what is wrong.
    fn decode(message: &str) -> Result<Self, String>;
    /// Runs the job (in the worker), posting every answer it has for the
    /// page, the last one last.
    fn run(self, post: &mut dyn FnMut(Self::Reply));
}

/// What a page's job answers: its results, and an error.
pub trait Reply: Sized {
    /// The answer that ends a job with an error (`id<TAB>err<TAB>message`,
    /// whatever the job: a bad message, the memory cap, a worker that
    /// died).
    fn error(message: String) -> Self;
    /// Whether this answer ends its job (a result or an error).
    fn is_last(&self) -> bool;
    /// The answer as it travels (`id<TAB>tag<TAB>...`; an error as
    /// [`error_message`]).
    fn encode(&self, id: u64) -> String;
    /// The id and the answer of a message (through [`decode_reply`]);
    /// `None` when it is not one of this job's.
    fn decode(message: &str) -> Option<(u64, Self)>;
}

/// The error answer `id<TAB>err<TAB>message` (tabs in the message become
/// spaces).
pub fn error_message(id: u64, message: &str) -> String {
    format!("{id}\terr\t{}", message.replace('\t', " "))
}

/// Reads an answer `id<TAB>tag<TAB>...`: its id, and the answer `body`
/// makes of its fields (all of them, the id first), or for the tag `err`
/// the error ([`Reply::error`]). `None` without an id and a tag, or when
/// `body` says so.
pub fn decode_reply<R: Reply>(message: &str, body: impl FnOnce(&[&str]) -> Option<R>) -> Option<(u64, R)> {
    let f: Vec<&str> = message.split('\t').collect();
    let id = f.first()?.parse().ok()?;
    let u = match *f.get(1)? {
        "err" => R::error(f[2..].join(" ")),
        _ => body(&f)?,
    };
    Some((id, u))
}

/// The error for a message that is no job of the kinds asked.
pub fn unknown_job(message: &str) -> String {
    format!("unknown job `{}`", message.chars().take(40).collect::<String>())
}

/// Runs one message of job `J`, posting every message it has for the page
/// (for a value, the one answer; for the Monte Carlo jobs, updates too). A
/// message that is not a job is answered with its error, to no id (the
/// page ignores it, and never sends such).
pub fn run_job<J: Job>(message: &str, post: &mut dyn FnMut(String)) {
    match J::decode(message) {
        Ok(job) => {
            let id = job.id();
            job.run(&mut |u| post(u.encode(id)));
        }
        Err(e) => post(error_message(u64::MAX, &e)),
    }
}

/// Runs one message of job `J` and returns the last message it posted
/// (the answer that ends it).
pub fn run<J: Job>(message: &str) -> String {
    let mut last = String::new();
    run_job::<J>(message, &mut |m| last = m);
    last
}

/// A page's job as the worker knows it: its kinds and how to run one of
/// their messages. The shell lists every page's (`crate::worker_jobs`).
#[derive(Clone, Copy)]
pub struct Registered {
    pub kinds: &'static [&'static str],
    pub run: fn(&str, &mut dyn FnMut(String)),
}

/// Job `J` as the worker knows it.
pub const fn register<J: Job>() -> Registered {
    Registered { kinds: J::KINDS, run: run_job::<J> }
}

/// Runs one message with the job of `jobs` that reads its kind, posting
/// every message it has for the page; a message of no kind there is
/// answered with its error, to no id.
pub fn dispatch(jobs: &[Registered], message: &str, post: &mut dyn FnMut(String)) {
    let kind = message.split('\t').next().unwrap_or_default();
    match jobs.iter().find(|j| j.kinds.contains(&kind)) {
        Some(j) => (j.run)(message, post),
        None => post(error_message(u64::MAX, &unknown_job(message))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job of two kinds, one streaming: what every page's job does.
    #[derive(Debug, PartialEq)]
    struct Echo {
        id: u64,
        text: String,
    }

    #[derive(Debug, PartialEq)]
    enum EchoUpdate {
        Part(String),
        Done(usize),
        Error(String),
    }

    impl Reply for EchoUpdate {
        fn error(message: String) -> Self {
            EchoUpdate::Error(message)
        }
        fn is_last(&self) -> bool {
            !matches!(self, EchoUpdate::Part(_))
        }
        fn encode(&self, id: u64) -> String {
            match self {
                EchoUpdate::Part(p) => format!("{id}\tpart\t{p}"),
                EchoUpdate::Done(n) => format!("{id}\tdone\t{n}"),
                EchoUpdate::Error(e) => error_message(id, e),
            }
        }
        fn decode(message: &str) -> Option<(u64, Self)> {
            decode_reply(message, |f| match (f[1], f.len()) {
                ("part", 3) => Some(EchoUpdate::Part(f[2].to_string())),
                ("done", 3) => Some(EchoUpdate::Done(f[2].parse().ok()?)),
                _ => None,
            })
        }
    }

    impl Job for Echo {
        type Reply = EchoUpdate;
        const KINDS: &'static [&'static str] = &["echo"];
        fn id(&self) -> u64 {
            self.id
        }
        fn worker(&self) -> Worker {
            Worker::Value
        }
        fn encode(&self) -> String {
            format!("echo\t{}\t{}", self.id, self.text)
        }
        fn decode(message: &str) -> Result<Self, String> {
            match message.splitn(3, '\t').collect::<Vec<_>>().as_slice() {
                ["echo", id, text] => Ok(Echo { id: id.parse().map_err(|_| format!("job id `{id}` is not a number"))?, text: text.to_string() }),
                _ => Err(unknown_job(message)),
            }
        }
        fn run(self, post: &mut dyn FnMut(EchoUpdate)) {
            if self.text.is_empty() {
                return post(EchoUpdate::Error("nothing\tto echo".into()));
            }
            for w in self.text.split(' ') {
                post(EchoUpdate::Part(w.to_string()));
            }
            post(EchoUpdate::Done(self.text.split(' ').count()));
        }
    }

    #[test]
    fn jobs_run_stream_and_end_with_their_last_answer() {
        let job = Echo { id: 7, text: "a b".into() };
        assert_eq!(message_id(&job.encode()), Some(7));
        let mut got = Vec::new();
        dispatch(&[register::<Echo>()], &job.encode(), &mut |m| got.push(EchoUpdate::decode(&m).unwrap()));
        assert_eq!(got, [(7, EchoUpdate::Part("a".into())), (7, EchoUpdate::Part("b".into())), (7, EchoUpdate::Done(2))]);
        assert_eq!(got.iter().map(|(_, u)| u.is_last()).collect::<Vec<_>>(), [false, false, true]);
        // Errors travel the same for every job, tabs as spaces.
        let err = run::<Echo>(&Echo { id: 3, text: String::new() }.encode());
        assert_eq!(err, "3\terr\tnothing to echo");
        assert_eq!(EchoUpdate::decode(&err), Some((3, EchoUpdate::Error("nothing to echo".into()))));
        assert_eq!(EchoUpdate::decode("3\terr"), Some((3, EchoUpdate::Error(String::new()))));
        assert!(EchoUpdate::decode("x\tdone\t1").is_none());
        assert!(EchoUpdate::decode("1\tdone").is_none());
        assert!(EchoUpdate::decode("1").is_none());
    }

    #[test]
    fn a_message_of_no_registered_kind_is_answered_to_no_id() {
        let mut got = Vec::new();
        dispatch(&[register::<Echo>()], "nonsense\t1", &mut |m| got.push(m));
        assert_eq!(got, [format!("{}\terr\tunknown job `nonsense 1`", u64::MAX)]);
        // A registered kind whose message is not a job: its own error.
        assert_eq!(run::<Echo>("echo\tx\ty"), format!("{}\terr\tjob id `x` is not a number", u64::MAX));
        assert!(memory_cap_message(1 << 30).contains("1 GiB"));
        assert_eq!((Worker::Value.index(), Worker::MonteCarlo.index()), (0, 1));
    }
}
