//! `cgt bench sums`: typed sums valued through canonical forms, as `cgt
//! eval` and `cgt algebra` value them (the same functions, in process):
//! a five-part Domineering sum, sums of switches, twelve games of two to
//! four switches, and 600 small random games asking only for what scripts
//! use. `scripts/bench_sums.sh` runs the peers (the Rust crate `cgt` 0.11,
//! pycgt) beside this in one run and prints the ratios.

use crate::Failure;
use serde_json::{json, Value};
use std::time::Instant;

/// The five components of a 3-row Domineering board a CGSuite user typed
/// (its canonical form has 4,335 characters).
pub const FIVE_PART_SUM: &str = "{1/2|-2} + ±3/2 + {±1|{-7/4|-4}} + {{2|-3/4}|{-1|-7/2}} + {-1/2, {{2|0}|-1/2, {-1/2|-5/2}}|{{-3/4|-11/4}|{-3|-5}}}";

/// `±1 + ±2 + ... + ±n`.
pub fn switches(n: usize) -> String {
    (1..=n).map(|i| format!("±{i}")).collect::<Vec<_>>().join(" + ")
}

/// `count` games `{a|b||c|d}` (three switches each: two inside one), with
/// integers from -6 to 6 (a > b, c > d, b >= c) drawn from `seed`: the
/// same list `scripts/bench_sums.sh` hands the peer. (With values from -20
/// to 20 the sum's canonical form is far larger: eight such games took the
/// peer 72 s, twelve ran for minutes here.)
pub fn switch_games(count: usize, seed: u64) -> Vec<[i64; 4]> {
    let mut rng = cgt::rng::SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let mut v: Vec<i64> = (0..4).map(|_| rng.below(13) as i64 - 6).collect();
            v.sort_unstable_by(|x, y| y.cmp(x));
            // Strict where a switch needs it: a > b and c > d.
            if v[0] == v[1] {
                v[0] += 1;
            }
            if v[2] == v[3] {
                v[3] -= 1;
            }
            [v[0], v[1], v[2], v[3]]
        })
        .collect()
}

pub fn switch_games_text(games: &[[i64; 4]]) -> String {
    games.iter().map(|[a, b, c, d]| format!("{{{a}|{b}||{c}|{d}}}")).collect::<Vec<_>>().join(" + ")
}

/// `count` random games of depth at most `depth` (numbers, fractions,
/// `*`, `^`, 0-3 options a side), as `scripts/crosscheck_pycgt.py` draws
/// them, from `seed`.
pub fn random_games(count: usize, depth: usize, seed: u64) -> Vec<String> {
    fn leaf(rng: &mut cgt::rng::SplitMix64) -> String {
        match rng.below(10) {
            0 => ["*", "^", "v", "*2"][rng.below(4) as usize].to_string(),
            1..=5 => (rng.below(7) as i64 - 3).to_string(),
            _ => {
                let q = cgt::Q::ratio((rng.below(17) as i64 - 8).into(), 4.into()).expect("a nonzero denominator");
                q.to_string()
            }
        }
    }
    fn game(rng: &mut cgt::rng::SplitMix64, depth: usize) -> String {
        if depth == 0 || rng.below(4) == 0 {
            return leaf(rng);
        }
        let l: Vec<String> = (0..rng.below(4)).map(|_| game(rng, depth - 1)).collect();
        let r: Vec<String> = (0..rng.below(4)).map(|_| game(rng, depth - 1)).collect();
        format!("{{{}|{}}}", l.join(", "), r.join(", "))
    }
    let mut rng = cgt::rng::SplitMix64::new(seed);
    (0..count).map(|_| game(&mut rng, depth)).collect()
}

fn ms(t: Instant) -> f64 {
    (t.elapsed().as_secs_f64() * 1e4).round() / 10.0
}

/// Best of `reps` runs of `f`, in ms, with the last answer.
fn best<T>(reps: usize, mut f: impl FnMut() -> Result<T, Failure>) -> Result<(f64, T), Failure> {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..reps.max(1) {
        let t = Instant::now();
        let v = f()?;
        best = best.min(ms(t));
        out = Some(v);
    }
    Ok((best, out.expect("one run")))
}

fn eval(src: &str, fields: &crate::json::Fields) -> Result<Value, Failure> {
    let mut a = crate::json::analyse_for(src, fields)?;
    Ok(crate::json::eval(&mut a, src, None, fields).0)
}

pub fn run(reps: usize, seed: u64, json_out: bool) -> Result<(), Failure> {
    let all = crate::json::Fields::all();
    let script = crate::json::Fields::parse("canonical,mean,temperature,stops").map_err(Failure::Other)?;
    let mut rows = Vec::new();
    let mut row = |name: &str, what: &str, target_ms: f64, ms: f64, v: &Value| {
        rows.push(json!({
            "case": name, "what": what, "ms": ms, "target_ms": target_ms,
            "mean": v.get("mean"), "temperature": v.get("temperature"),
            "canonical_chars": v.get("canonical").and_then(Value::as_str).map(str::len),
        }));
    };
    let (t, v) = best(reps, || eval(FIVE_PART_SUM, &all))?;
    row("five-part Domineering sum", "cgt eval (every field)", 1000.0, t, &v);
    let (t, (v, _)) = best(reps, || crate::algebra::algebra(FIVE_PART_SUM))?;
    row("five-part Domineering sum", "cgt algebra", 1000.0, t, &v);
    for n in [16, 20] {
        let src = switches(n);
        let (t, v) = best(reps, || eval(&src, &all))?;
        row(&format!("±1 + ... + ±{n}"), "cgt eval (every field)", 1000.0, t, &v);
        let (t, v) = best(reps, || eval(&src, &script))?;
        row(&format!("±1 + ... + ±{n}"), "cgt eval --fields canonical,mean,temperature,stops", 1000.0, t, &v);
    }
    let games = switch_games(12, seed);
    let src = switch_games_text(&games);
    let only = crate::json::Fields::parse("canonical").map_err(Failure::Other)?;
    let (t, v) = best(reps, || eval(&src, &only))?;
    row("twelve {a|b||c|d} games", "cgt eval --fields canonical (the peer's task)", f64::NAN, t, &v);
    let batch = random_games(600, 4, seed);
    let (t, n) = best(reps, || {
        let mut n = 0;
        for g in &batch {
            n += eval(g, &script).map(|_| 1).unwrap_or(0);
        }
        Ok(n)
    })?;
    rows.push(
        json!({ "case": "600 random games of depth 4", "what": "cgt eval - --fields canonical,mean,temperature,stops (in process)", "ms": t, "valued": n }),
    );
    if json_out {
        println!("{}", json!({ "bench": "sums", "seed": seed, "reps": reps, "switch_games": src, "runs": rows }));
    } else {
        for r in &rows {
            let target = r["target_ms"].as_f64().filter(|x| x.is_finite()).map_or(String::new(), |x| format!(" (target under {x} ms)"));
            println!("{:>10.1} ms  {}: {}{}", r["ms"].as_f64().unwrap_or(f64::NAN), r["case"].as_str().unwrap_or(""), r["what"].as_str().unwrap_or(""), target);
        }
        println!("twelve games: {src}");
    }
    Ok(())
}
