//! A background job as a page shows it: what it is about, where it stands
//! ([`JobState`]) and, while it runs, a clock ([`Ticker`], wasm32 only).
//!
//! The boards that send work to the worker (the Games page's value,
//! Hackenbush's value, the Sums page's exact search) show the same things:
//! nothing asked yet, running with a clock and Cancel, the answer and how
//! long it took, an error, or cancelled with a way to start again. One
//! type keeps them from each growing its own states, and one ticker from
//! each timing the clock its own way.
//!
//! A job is about one subject (a position's or a sum's text): a page asks
//! [`JobState::is_for`] before showing an answer, so an answer for a
//! position no longer on the board is never shown as this one's.

/// Where a background job stands, for the subject it is about.
#[derive(Clone, Debug, PartialEq)]
pub enum JobState<T> {
    /// Nothing asked.
    Idle,
    /// Asked at `since_ms` (the page's clock, milliseconds).
    Running {
        of: String,
        since_ms: f64,
    },
    /// The answer; `ms`: how long the worker took (`None`: answered on the
    /// page at once).
    Done {
        of: String,
        result: T,
        ms: Option<f64>,
    },
    Failed {
        of: String,
        message: String,
    },
    Cancelled {
        of: String,
    },
}

impl<T> JobState<T> {
    /// The subject, unless nothing was asked.
    pub fn of(&self) -> Option<&str> {
        match self {
            JobState::Idle => None,
            JobState::Running { of, .. } | JobState::Done { of, .. } | JobState::Failed { of, .. } | JobState::Cancelled { of } => Some(of),
        }
    }

    /// Whether this state is about `subject`.
    pub fn is_for(&self, subject: &str) -> bool {
        self.of() == Some(subject)
    }

    pub fn is_running(&self) -> bool {
        matches!(self, JobState::Running { .. })
    }

    /// The answer, once there is one.
    pub fn result(&self) -> Option<&T> {
        match self {
            JobState::Done { result, .. } => Some(result),
            _ => None,
        }
    }

    /// A running job stopped by the user (any other state stays).
    pub fn cancel(&mut self) {
        if let JobState::Running { of, .. } = self {
            *self = JobState::Cancelled { of: std::mem::take(of) };
        }
    }

    /// The worker's reply at `now_ms`: the answer with the time since the
    /// job started, or its error. A reply when nothing runs (cancelled
    /// meanwhile) changes nothing.
    pub fn finish(&mut self, reply: Result<T, String>, now_ms: f64) {
        let JobState::Running { of, since_ms } = self else { return };
        let (of, ms) = (std::mem::take(of), now_ms - *since_ms);
        *self = match reply {
            Ok(result) => JobState::Done { of, result, ms: Some(ms) },
            Err(message) => JobState::Failed { of, message },
        };
    }
}

#[cfg(target_arch = "wasm32")]
pub use ticker::Ticker;

#[cfg(target_arch = "wasm32")]
mod ticker {
    use crate::web::jobs::now_ms;
    use leptos::prelude::*;
    use std::time::Duration;

    /// The clock shown while a job runs: the time since it started, a
    /// tenth of a second at a time. Stopped when the job ends, when another
    /// starts and when the page goes.
    #[derive(Clone, Copy)]
    pub struct Ticker {
        elapsed_ms: RwSignal<f64>,
        handle: StoredValue<Option<IntervalHandle>>,
    }

    impl Ticker {
        /// A stopped clock, stopped for good with the component that makes
        /// it.
        // No `Default`: the clock registers its stop with the reactive
        // owner it is made under, which a default value would hide.
        #[allow(clippy::new_without_default)]
        pub fn new() -> Ticker {
            let t = Ticker { elapsed_ms: RwSignal::new(0.0), handle: StoredValue::new(None) };
            on_cleanup(move || t.stop());
            t
        }

        /// From 0, counting the time since `since_ms` (`now_ms`).
        pub fn start(self, since_ms: f64) {
            self.stop();
            self.elapsed_ms.set(0.0);
            let elapsed = self.elapsed_ms;
            let tick = move || {
                let _ = elapsed.try_set(now_ms() - since_ms);
            };
            self.handle.set_value(set_interval_with_handle(tick, Duration::from_millis(100)).ok());
        }

        pub fn stop(self) {
            if let Some(h) = self.handle.try_get_value().flatten() {
                h.clear();
            }
            let _ = self.handle.try_set_value(None);
        }

        /// Seconds on the clock (tracked).
        pub fn seconds(self) -> f64 {
            self.elapsed_ms.get() / 1000.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_runs_then_answers_fails_or_is_cancelled() {
        let mut j: JobState<u32> = JobState::Running { of: "p".into(), since_ms: 100.0 };
        assert!(j.is_running() && j.is_for("p") && !j.is_for("q") && j.result().is_none());
        j.finish(Ok(7), 350.0);
        assert_eq!(j, JobState::Done { of: "p".into(), result: 7, ms: Some(250.0) });
        assert_eq!(j.result(), Some(&7));
        j.cancel();
        assert!(matches!(j, JobState::Done { .. }), "only a running job is cancelled");
        let mut j: JobState<u32> = JobState::Running { of: "p".into(), since_ms: 0.0 };
        j.cancel();
        assert_eq!(j, JobState::Cancelled { of: "p".into() });
        j.finish(Ok(1), 5.0);
        assert_eq!(j, JobState::Cancelled { of: "p".into() }, "a late reply is dropped");
        let mut j: JobState<u32> = JobState::Running { of: "p".into(), since_ms: 0.0 };
        j.finish(Err("too large".into()), 5.0);
        assert_eq!(j, JobState::Failed { of: "p".into(), message: "too large".into() });
        assert_eq!(JobState::<u32>::Idle.of(), None);
    }
}
