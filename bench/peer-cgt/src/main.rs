//! Peer benchmark for `cgt bench switches`: the same task done with the
//! crates.io crate `cgt` 0.11 (t4ccer/cgt-tools, an independent project that
//! happens to share our core lib's name).
//!
//! Task, per n: acc = 0; for i in 1..=n { acc = acc + {2i | -2i} } with
//! canonical-form addition at every step, then the thermograph of the final
//! canonical form. Timed with `Instant` exactly like crates/cli/src/bench.rs:
//! `canonical_ms` covers building the switches and the folded sum,
//! `total_ms` additionally covers the thermograph. Mean and temperature are
//! read off the finished thermograph after the clock stops.
//!
//! Usage: peer-cgt-bench [N ...]   (default: 12 14 16)
//! Prints one JSON object shaped like ours:
//! {"bench":"switches","impl":"cgt 0.11.0 (crates.io)","runs":[{"n":..,"canonical_ms":..,"total_ms":..,"mean":"0","temperature":"24"},...]}

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::short::partizan::canonical_form::CanonicalForm;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

/// `peer-cgt-bench games a,b,c,d ...`: the canonical form of the sum of
/// the games `{a|b||c|d}` (integers), as `cgt bench sums` values the same
/// list (`scripts/bench_sums.sh`); prints `{"bench":"switch-games","ms":..,
/// "mean":..,"temperature":..}`.
fn games(args: &[String]) -> ExitCode {
    let mut parts = Vec::new();
    for a in args {
        let v: Vec<i64> = match a.split(',').map(str::parse).collect() {
            Ok(v) => v,
            Err(_) => {
                eprintln!("peer-cgt-bench games: expected a,b,c,d integers, got {a:?}");
                return ExitCode::from(2);
            }
        };
        if v.len() != 4 {
            eprintln!("peer-cgt-bench games: expected four integers, got {a:?}");
            return ExitCode::from(2);
        }
        parts.push([v[0], v[1], v[2], v[3]]);
    }
    let t0 = Instant::now();
    let mut acc = CanonicalForm::new_integer(0);
    for [a, b, c, d] in parts {
        let sw = |x: i64, y: i64| CanonicalForm::new_from_moves(vec![CanonicalForm::new_integer(x)], vec![CanonicalForm::new_integer(y)]);
        let g = CanonicalForm::new_from_moves(vec![sw(a, b)], vec![sw(c, d)]);
        acc = &acc + &g;
    }
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    let th = acc.thermograph();
    let mean = DyadicRationalNumber::from_rational(th.get_mast()).map_or_else(|| "non-dyadic".to_string(), |m| m.to_string());
    println!("{}", json!({ "bench": "switch-games", "impl": "cgt 0.11.0 (crates.io)", "ms": round(ms), "mean": mean, "temperature": th.temperature().to_string() }));
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().map(String::as_str) == Some("games") {
        return games(&all[1..]);
    }
    let mut ns = Vec::new();
    for a in std::env::args().skip(1) {
        match a.trim_start_matches("--n=").parse::<i64>() {
            Ok(n) if n >= 1 => ns.push(n),
            _ if a == "--n" => continue,
            _ => {
                eprintln!("peer-cgt-bench: expected positive integers n, got {a:?}");
                return ExitCode::from(2);
            }
        }
    }
    if ns.is_empty() {
        ns = vec![12, 14, 16];
    }

    let mut rows = Vec::new();
    let mut ok = true;
    for n in ns {
        let t0 = Instant::now();
        let mut acc = CanonicalForm::new_integer(0);
        for i in 1..=n {
            let sw = CanonicalForm::new_from_moves(
                vec![CanonicalForm::new_integer(2 * i)],
                vec![CanonicalForm::new_integer(-2 * i)],
            );
            // `+` on &CanonicalForm is CanonicalForm::construct_sum: the
            // canonical form of the sum.
            acc = &acc + &sw;
        }
        let canon_ms = t0.elapsed().as_secs_f64() * 1e3;
        let th = acc.thermograph();
        let total_ms = t0.elapsed().as_secs_f64() * 1e3;

        let temperature = th.temperature();
        let mean = DyadicRationalNumber::from_rational(th.get_mast());
        let mean_s = mean.map_or_else(|| "non-dyadic".to_string(), |m| m.to_string());
        let expect_t = DyadicRationalNumber::from(2 * n);
        let expect_m = DyadicRationalNumber::from(0);
        if temperature != expect_t || mean != Some(expect_m) {
            eprintln!(
                "peer-cgt-bench: n={n}: got mean {mean_s}, temperature {temperature}; expected mean 0, temperature {}",
                2 * n
            );
            ok = false;
        }
        rows.push(json!({
            "n": n,
            "canonical_ms": round(canon_ms),
            "total_ms": round(total_ms),
            "mean": mean_s,
            "temperature": temperature.to_string(),
        }));
    }
    println!(
        "{}",
        json!({ "bench": "switches", "impl": "cgt 0.11.0 (crates.io)", "runs": rows })
    );
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
