//! Long work in small slices: the pure half of the explorer's scheduler.
//!
//! The page runs a resumable [`cgt::analysis::AnalysisJob`] between frames
//! (`src/pages/explorer/view.rs` owns the job and the browser timers). Each slice
//! is bounded by time, not by work: the cost of a unit (one position built,
//! one thermograph) varies by orders of magnitude between games and between
//! stages of one game. So a slice is a few short *chunks*; after each chunk
//! the [`Slicer`] learns how long a unit took and sizes the next chunk to
//! about [`Slicer::chunk_ms`], and the slice stops when one more chunk would
//! not fit in [`Slicer::slice_ms`]. A wrong guess costs at most one chunk.
//!
//! No clock here: the caller measures (`performance.now()` in the page) and
//! passes milliseconds in, so all of this is tested natively.

use cgt::analysis::{JobProgress, Stage};

/// Sizes the chunks of work so that each slice stays under a time bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Slicer {
    slice_ms: f64,
    chunk_ms: f64,
    units: usize,
    /// Smoothed cost of one unit, once measured.
    ms_per_unit: Option<f64>,
}

impl Slicer {
    /// Budget of the very first chunk (small: nothing is known yet).
    pub const FIRST_UNITS: usize = 32;
    /// Never more than this in one chunk, whatever the measurements say.
    pub const MAX_UNITS: usize = 1 << 20;
    /// Below this, a measurement is mostly timer resolution (browsers round
    /// `performance.now()` to 0.1 ms or coarser): grow instead of dividing.
    pub const RESOLUTION_MS: f64 = 0.2;

    /// Slices of at most about `slice_ms`, in chunks of about a fifth of it.
    pub fn new(slice_ms: f64) -> Slicer {
        let slice_ms = if slice_ms.is_finite() && slice_ms > 0.0 { slice_ms } else { 10.0 };
        Slicer { slice_ms, chunk_ms: slice_ms / 5.0, units: Self::FIRST_UNITS, ms_per_unit: None }
    }
    pub fn slice_ms(&self) -> f64 {
        self.slice_ms
    }
    pub fn chunk_ms(&self) -> f64 {
        self.chunk_ms
    }
    /// The budget for the next chunk (at least 1).
    pub fn units(&self) -> usize {
        self.units
    }
    /// The learned cost of a unit, if any.
    pub fn ms_per_unit(&self) -> Option<f64> {
        self.ms_per_unit
    }
    /// A chunk of `units` units took `ms` milliseconds: adapt the next budget.
    /// Growth is at most 2x per chunk (a lucky fast chunk must not make the
    /// next one huge); shrinking is immediate (a slow chunk means the cost
    /// per unit went up, and the next chunk must fit).
    pub fn record(&mut self, units: usize, ms: f64) {
        let units = units.max(1);
        let ms = if ms.is_finite() { ms.max(0.0) } else { self.chunk_ms };
        let current = self.units;
        if ms < Self::RESOLUTION_MS {
            // Too fast to measure: double (if the chunk really used its budget).
            if units >= current {
                self.units = current.saturating_mul(2).min(Self::MAX_UNITS);
            }
            return;
        }
        let measured = ms / units as f64;
        // Smooth upwards slowly, downwards at once.
        let cost = match self.ms_per_unit {
            Some(old) if measured < old => 0.5 * old + 0.5 * measured,
            _ => measured,
        };
        self.ms_per_unit = Some(cost);
        let want = (self.chunk_ms / cost).floor();
        let want = if want.is_finite() { want.max(1.0).min(Self::MAX_UNITS as f64) as usize } else { 1 };
        self.units = want.min(current.saturating_mul(2)).clamp(1, Self::MAX_UNITS);
    }
    /// Whether another chunk fits in a slice that has run `elapsed_ms`.
    pub fn another(&self, elapsed_ms: f64) -> bool {
        if !elapsed_ms.is_finite() {
            return false;
        }
        let next = self.ms_per_unit.map_or(self.chunk_ms, |c| c * self.units as f64);
        elapsed_ms + next <= self.slice_ms
    }
}

/// What a chunk (or a whole slice) of a job came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chunk<T> {
    /// More to do.
    Unfinished,
    /// The job's answer.
    Finished(T),
    /// The job is no longer there (cancelled, or its page was left).
    Gone,
}

impl Slicer {
    /// Run one slice: `step(units)` in chunks, timed by `now` (milliseconds),
    /// until the job finishes or goes, or one more chunk would not fit.
    /// Always runs at least one chunk.
    pub fn slice<T>(&mut self, mut now: impl FnMut() -> f64, mut step: impl FnMut(usize) -> Chunk<T>) -> Chunk<T> {
        let start = now();
        loop {
            let units = self.units();
            let before = now();
            let r = step(units);
            let after = now();
            if !matches!(r, Chunk::Unfinished) {
                return r;
            }
            self.record(units, after - before);
            if !self.another(after - start) {
                return Chunk::Unfinished;
            }
        }
    }
}

/// `41200` → `"41,200"`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What the progress display says about a running job.
pub fn progress_text(p: &JobProgress) -> String {
    match p.stage {
        Stage::Valuing => {
            format!("canonical forms of the parts: {} of {} terms ({} forms)", thousands(p.done), thousands(p.total.unwrap_or(0)), thousands(p.nodes))
        }
        Stage::Building => format!("building the game: {} position{}", thousands(p.nodes), if p.nodes == 1 { "" } else { "s" }),
        Stage::Thermographs => match p.total {
            Some(total) => format!("thermographs: {} of {}", thousands(p.done), thousands(total)),
            None => format!("thermographs: {}", thousands(p.done)),
        },
    }
}

/// The fraction done, for a `<progress>` bar: `None` while the total is
/// unknown (building: the bar is indeterminate).
pub fn progress_fraction(p: &JobProgress) -> Option<f64> {
    match (p.stage, p.total) {
        (Stage::Thermographs, Some(total)) if total > 0 => Some((p.done as f64 / total as f64).clamp(0.0, 1.0)),
        (Stage::Thermographs, Some(_)) => Some(1.0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Simulate a job whose units cost `cost(i)` ms each (i: the unit's
    /// index), cut into slices by [`Slicer::slice`] on a fake clock, and
    /// return the lengths of the slices.
    fn simulate(slice_ms: f64, total: usize, cost: impl Fn(usize) -> f64) -> Vec<f64> {
        let clock = std::cell::Cell::new(0.0);
        let mut s = Slicer::new(slice_ms);
        let mut done = 0;
        let mut slices = Vec::new();
        loop {
            let t0 = clock.get();
            let r = s.slice(
                || clock.get(),
                |units| {
                    let n = units.min(total - done);
                    clock.set(clock.get() + (done..done + n).map(&cost).sum::<f64>());
                    done += n;
                    if done == total {
                        Chunk::Finished(())
                    } else {
                        Chunk::Unfinished
                    }
                },
            );
            slices.push(clock.get() - t0);
            if r != Chunk::Unfinished {
                return slices;
            }
        }
    }

    #[test]
    fn uniform_work_fills_slices_without_passing_the_bound() {
        let slices = simulate(10.0, 200_000, |_| 0.004);
        let max = slices.iter().cloned().fold(0.0, f64::max);
        assert!(max <= 10.0 + 1e-9, "a slice took {max} ms");
        // After the warm-up, slices are well used (not 1 ms crumbs).
        let tail = &slices[slices.len() / 2..slices.len() - 1];
        let mean = tail.iter().sum::<f64>() / tail.len() as f64;
        assert!(mean > 6.0, "slices average {mean} ms");
    }

    #[test]
    fn a_sudden_rise_in_cost_overshoots_by_at_most_one_chunk() {
        // Cheap building, then thermographs 200x dearer.
        let slices = simulate(10.0, 100_000, |i| if i < 50_000 { 0.001 } else { 0.2 });
        let max = slices.iter().cloned().fold(0.0, f64::max);
        // One chunk was sized for the cheap units (≤ 2 ms of them, so at most
        // 2000 units at the new price): the bound is the worst case, once.
        let over: Vec<_> = slices.iter().filter(|&&s| s > 12.0).collect();
        assert!(over.len() <= 1, "slices over the bound: {over:?}");
        assert!(max < 10.0 + 2000.0 * 0.2, "{max}");
        // And it recovers at once.
        let late = &slices[slices.len() - 20..];
        assert!(late.iter().all(|&s| s <= 10.0 + 1e-9), "{late:?}");
    }

    #[test]
    fn growth_is_gradual_and_bounded() {
        let mut s = Slicer::new(10.0);
        assert_eq!(s.units(), Slicer::FIRST_UNITS);
        // Unmeasurably fast: doubles each time, up to the cap.
        s.record(s.units(), 0.0);
        assert_eq!(s.units(), 2 * Slicer::FIRST_UNITS);
        for _ in 0..64 {
            s.record(s.units(), 0.0);
        }
        assert_eq!(s.units(), Slicer::MAX_UNITS);
        // A chunk that ended early (the job finished a stage) does not grow it.
        let mut s = Slicer::new(10.0);
        s.record(3, 0.0);
        assert_eq!(s.units(), Slicer::FIRST_UNITS);
        // Measured: grows towards a chunk's worth of units, but at most 2x a step.
        s.record(32, 0.032 * 10.0); // 10 µs a unit → 200 units wanted, 64 allowed
        assert_eq!(s.units(), 64);
    }

    #[test]
    fn slow_units_shrink_the_budget_to_one_but_never_zero() {
        let mut s = Slicer::new(10.0);
        s.record(32, 320.0); // 10 ms a unit
        assert_eq!(s.units(), 1);
        assert!(!s.another(0.5), "a 10 ms unit does not fit after 0.5 ms");
        s.record(1, 1e9);
        assert_eq!(s.units(), 1);
    }

    #[test]
    fn nonsense_measurements_are_harmless() {
        let mut s = Slicer::new(10.0);
        for ms in [f64::NAN, f64::INFINITY, -5.0, f64::NEG_INFINITY, 0.0] {
            s.record(0, ms);
            assert!(s.units() >= 1 && s.units() <= Slicer::MAX_UNITS);
        }
        assert!(!s.another(f64::NAN));
        let s = Slicer::new(f64::NAN);
        assert_eq!(s.slice_ms(), 10.0);
        assert!(Slicer::new(-1.0).another(0.0));
    }

    #[test]
    fn progress_texts() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(41_200), "41,200");
        assert_eq!(thousands(1_234_567), "1,234,567");
        let b = JobProgress { stage: Stage::Building, done: 41_200, total: None, nodes: 41_200 };
        assert_eq!(progress_text(&b), "building the game: 41,200 positions");
        assert_eq!(progress_fraction(&b), None);
        let t = JobProgress { stage: Stage::Thermographs, done: 12_000, total: Some(48_000), nodes: 60_000 };
        assert_eq!(progress_text(&t), "thermographs: 12,000 of 48,000");
        assert_eq!(progress_fraction(&t), Some(0.25));
        let empty = JobProgress { stage: Stage::Thermographs, done: 0, total: Some(0), nodes: 1 };
        assert_eq!(progress_fraction(&empty), Some(1.0));
    }

    /// The real job, driven the way the page drives it, gives the one-shot answer.
    #[test]
    fn slicing_a_real_job_gives_the_same_answer() {
        let text = "±1 + ±2 + ±3 + ±4 + ±5 + ±6 + {3|-1}";
        let mut job = cgt::analysis::AnalysisJob::new(text, &cgt::notation::ParseLimits::INTERACTIVE).unwrap();
        let mut s = Slicer::new(10.0);
        let mut steps = 0;
        let mut stages = Vec::new();
        let analysed = loop {
            steps += 1;
            let n = s.units();
            if let Some(r) = job.step(n) {
                break r.unwrap();
            }
            let p = job.progress();
            if stages.last() != Some(&p.stage) {
                stages.push(p.stage);
            }
            assert!(!progress_text(&p).is_empty());
            // Pretend each unit costs 5 µs.
            s.record(n, n as f64 * 0.005);
        };
        assert!(steps > 3, "{steps} steps: the job was not sliced");
        // Valuing by canonical forms comes first (it may end within the
        // first slice), then the typed tree's build and thermographs.
        let tail: Vec<Stage> = stages.iter().copied().filter(|s| *s != Stage::Valuing).collect();
        assert_eq!(tail, [Stage::Building, Stage::Thermographs]);
        assert!(stages.len() == 2 || stages[0] == Stage::Valuing, "{stages:?}");
        let th = &analysed.thermographs[&analysed.tree.root()];
        assert_eq!(th.mean().to_string(), "1");
        let once = cgt::analysis::AnalysisJob::new(text, &cgt::notation::ParseLimits::INTERACTIVE).unwrap().run().unwrap();
        assert_eq!(once.thermographs[&once.tree.root()], *th);
    }

    #[test]
    fn a_slice_stops_before_its_bound_and_passes_the_answer_on() {
        use std::cell::Cell;
        // A fake clock that each unit of work advances by 0.01 ms.
        let clock = Cell::new(0.0);
        let mut left = 10_000usize;
        let mut s = Slicer::new(10.0);
        let mut slices = Vec::new();
        let answer = loop {
            let t0 = clock.get();
            let r = s.slice(
                || clock.get(),
                |units| {
                    let n = units.min(left);
                    left -= n;
                    clock.set(clock.get() + n as f64 * 0.01);
                    if left == 0 {
                        Chunk::Finished(42)
                    } else {
                        Chunk::Unfinished
                    }
                },
            );
            slices.push(clock.get() - t0);
            match r {
                Chunk::Unfinished => continue,
                other => break other,
            }
        };
        assert_eq!(answer, Chunk::Finished(42));
        assert!(slices.len() > 8, "{slices:?}");
        assert!(slices.iter().all(|&ms| ms <= 10.0 + 1e-9), "{slices:?}");
        // A job that goes away ends the slice at once.
        let mut calls = 0;
        let r: Chunk<()> = s.slice(
            || 0.0,
            |_| {
                calls += 1;
                Chunk::Gone
            },
        );
        assert_eq!((r, calls), (Chunk::Gone, 1));
    }
}
