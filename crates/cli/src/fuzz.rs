//! `cgt fuzz`: the stable fuzzing harness. It feeds `cgt::fuzz::check` the
//! inputs of `cgt::fuzz::Mutator` for a fixed time, catches panics, and
//! prints each finding (target, input, what broke) as one JSON line. The
//! coverage-guided targets in `fuzz/` (cargo-fuzz, nightly) call the same
//! `check`; this harness runs on any toolchain, so CI and every machine
//! can use it. README: "Fuzzing".

use crate::Failure;
use cgt::fuzz::{check, Mutator, TARGETS};
use serde_json::json;
use std::cell::RefCell;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// One input taking longer than this is a finding, in the thread's CPU
/// time ([`cpu_time`]).
const SLOW: Duration = Duration::from_secs(1);

/// CPU time this thread has used. "Slow" is measured in it, not in wall
/// time: with a build running beside the fuzzer on a small machine, wall
/// time doubled or tripled and reported inputs of 0.2-0.4 s as 1.2-2.4 s.
/// Where the clock is not available (not Unix), wall time since `since`.
fn cpu_time(since: Instant) -> Duration {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
        }
    }
    since.elapsed()
}

thread_local! {
    /// The message of the panic being caught (the hook writes it here
    /// instead of printing it).
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs the harness; `Err` when there were findings (after printing them).
pub fn run(seconds: u64, iterations: Option<u64>, seed: u64, targets: &[String], verbose: bool) -> Result<(), Failure> {
    let targets: Vec<&'static str> = if targets.is_empty() {
        TARGETS.to_vec()
    } else {
        targets
            .iter()
            .map(|t| TARGETS.iter().copied().find(|k| k == t).ok_or_else(|| Failure::Input(format!("--target {t:?}: expected one of {}", TARGETS.join(", ")))))
            .collect::<Result<_, _>>()?
    };
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let msg = info.payload().downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| info.payload().downcast_ref::<String>().cloned()).unwrap_or_default();
        PANIC.with(|p| *p.borrow_mut() = Some(format!("panic{at}: {msg}")));
    }));
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let mut mutator = Mutator::new(seed);
    let mut seen: HashSet<String> = HashSet::new();
    let (mut n, mut findings) = (0u64, 0u64);
    let mut last_report = start;
    let mut slowest = Duration::ZERO;
    eprintln!("cgt fuzz: seed {seed}, targets {}, {seconds} s{}", targets.join(", "), iterations.map(|i| format!(" or {i} inputs")).unwrap_or_default());
    while iterations.is_none_or(|i| n < i) && (iterations.is_some() || Instant::now() < deadline) {
        let target = targets[(n % targets.len() as u64) as usize];
        let input = mutator.input(target);
        if verbose {
            eprintln!("{n} {target} {input:?}");
        }
        let began = Instant::now();
        let cpu_began = cpu_time(began);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(target, &input)));
        let took = cpu_time(began).saturating_sub(cpu_began);
        let problem = match outcome {
            // Parsing and printing back are linear work; a second on one
            // input is a frozen tab on the page.
            Ok(Ok(())) if took > SLOW => Some(format!("slow: {:.1} s of CPU time on one input", took.as_secs_f64())),
            Ok(Ok(())) => None,
            Ok(Err(broken)) => Some(format!("round trip: {broken}")),
            Err(_) => Some(PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "panic".into())),
        };
        if let Some(problem) = problem {
            // One line per distinct problem (a panic's place, a round
            // trip's first words), the shortest input first seen.
            let key = format!("{target} {}", kind(&problem));
            // Slow inputs: each one slower than every earlier one.
            let slower = problem.starts_with("slow") && took > slowest;
            if slower {
                slowest = took;
            }
            if seen.insert(key) || slower {
                findings += 1;
                println!("{}", json!({"target": target, "input": input, "problem": problem, "seed": seed, "index": n}));
            }
        }
        n += 1;
        if last_report.elapsed() >= Duration::from_secs(10) {
            last_report = Instant::now();
            eprintln!("  {n} inputs, {findings} findings, {} s", start.elapsed().as_secs());
        }
    }
    std::panic::set_hook(previous);
    eprintln!("cgt fuzz: {n} inputs in {:.1} s, {findings} findings", start.elapsed().as_secs_f64());
    if findings > 0 {
        return Err(Failure::Other(format!("{findings} findings (one JSON line each above)")));
    }
    Ok(())
}

/// What a problem is, without its input: a panic's place and message, a
/// slow input, or the way a round trip broke (digits dropped, so that
/// lengths and columns do not make every finding new).
fn kind(problem: &str) -> String {
    if problem.starts_with("slow") {
        return "slow".into();
    }
    let tail = problem.rsplit(", which ").next().unwrap_or(problem);
    tail.chars().filter(|c| !c.is_ascii_digit()).take(60).collect()
}
