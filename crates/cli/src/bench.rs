//! `cgt bench ...`: timed runs of the core on generated inputs. Timing lives
//! here, in the shell, because the core has no clock.

use crate::Failure;
use clap::Subcommand;
use serde_json::json;
use std::time::Instant;

#[derive(Subcommand)]
pub enum Which {
    /// Typed sums valued through canonical forms, as `cgt eval` and `cgt
    /// algebra` value them: a five-part Domineering sum (targets: eval and
    /// algebra under 1 s), ±1 + ... + ±16 and ±1 + ... + ±20 (eval under
    /// 1 s), twelve seeded {a|b||c|d} games (the task the Rust crate `cgt`
    /// 0.11 is timed on beside it by scripts/bench_sums.sh), and 600 random
    /// depth-4 games asking canonical form, mean, temperature and stops
    /// (pycgt's figures beside it in the same script). Best of --reps.
    Sums {
        #[arg(long, default_value_t = 3)]
        reps: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        json: bool,
    },
    /// Canonical form + thermograph of the sum of switches ±2 + ±4 + ... + ±2n,
    /// folded one switch at a time (the project's first benchmark; the Rust
    /// crate `cgt` 0.11 was measured at 196 ms, 1.45 s and 12.3 s for n = 12, 14, 16).
    Switches {
        #[arg(long = "n", default_values_t = [12usize, 14, 16])]
        n: Vec<usize>,
    },
    /// Thermographs of large random game trees (integer leaves, 1-3 options a side).
    Thermograph {
        /// Sizes (option nodes); repeat the flag for several.
        #[arg(long = "nodes", default_values_t = [100_000usize, 1_000_000])]
        nodes: Vec<usize>,
        /// Leaves are integers in [-range, range].
        #[arg(long, default_value_t = 100)]
        range: i64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Timed repetitions per size (the best is reported too).
        #[arg(long, default_value_t = 3)]
        reps: usize,
    },
    /// Exact values of Hackenbush positions: Winning Ways' 30-edge Redwood
    /// bed (the target: under 1 s; the Rust crate `cgt` was measured
    /// at 118 s and 438 MB), the small bed and a long stalk. Peak memory is
    /// the process's (Linux `VmHWM`), after each position.
    Hackenbush {
        /// Timed repetitions per position (the best is reported too).
        #[arg(long, default_value_t = 1)]
        reps: usize,
    },
    /// Every field of the explorer's algebra card on random games of about
    /// `--nodes` positions (the target: each under 50 ms in the
    /// browser for 10,000 positions): hot trees with integer leaves, and
    /// all-small trees (infinitesimals with an atomic weight). Times in ms,
    /// the worst over the seeds, each field on a fresh store after the
    /// canonical form.
    Algebra {
        #[arg(long, default_value_t = 10_000)]
        nodes: usize,
        #[arg(long, default_value_t = 5)]
        seeds: u64,
    },
    /// Canonical forms of empty rulesets' boards by the generic engine
    /// (Domineering rectangles, against the Rust crate `cgt`
    /// 0.11 measured at 0.12 s, 1.8 s, 3.2 s and 100 s for 5x4, 6x4, 5x5
    /// and 6x5, and not finishing 6x6 in 120 s; `scripts/bench_rulesets.sh`
    /// times the peer beside this in one run). A board is WIDTHxHEIGHT
    /// (columns x rows); each runs on a fresh solver. Peak memory is the
    /// process's (Linux `VmHWM`), after each board.
    Rulesets {
        #[arg(long = "board", default_values_t = ["5x4".to_string(), "6x4".to_string(), "5x5".to_string(), "6x5".to_string()])]
        boards: Vec<String>,
        /// Most positions a board may value.
        #[arg(long, default_value_t = 200_000_000)]
        budget: usize,
        /// Also write each board's canonical form, in full (CGSuite names),
        /// to DIR/domineering-WxH.txt.
        #[arg(long, value_name = "DIR")]
        write_forms: Option<std::path::PathBuf>,
    },
    /// Go regions of growing size (the target: a region of 12 empty points
    /// under 1 s), valued through the registry's Go session as `cgt game
    /// go` values it (ko check included): an edge corridor (a line of
    /// POINTS empty points under a black wall, closed by White: Sensei's
    /// Library's corridors), and an open area two points deep between a
    /// black wall (above, left) and a white wall (below, right), whose play
    /// meets kos and is valued twice. POINTS are even.
    Go {
        #[arg(long = "points", default_values_t = [4usize, 6, 8, 10, 12])]
        points: Vec<usize>,
        /// Most positions a region may value.
        #[arg(long, default_value_t = 20_000_000)]
        budget: usize,
    },
    /// Peak memory of the web page's background jobs, run natively through
    /// the same core calls and budgets as the worker: the
    /// largest Hackenbush search the page finishes (Winning Ways' bed
    /// with a blue edge on a leg top, 31 edges), Hackenbush and Domineering
    /// positions that exhaust the worker's position budget (the largest
    /// board the page accepts, 64 x 64), and Domineering boards that
    /// finish. Peak bytes are counted by the tool's allocator
    /// (`cgt-memcap`), from the bytes in use before each job; the worker's
    /// memory cap must stay above them all.
    Memory {
        /// The worker's position budget (the web page's, by default).
        #[arg(long, default_value_t = 1_500_000)]
        budget: usize,
        #[arg(long)]
        json: bool,
    },
    /// Nim sequences (docs/impartial.md), against three targets: the value
    /// of a Kayles heap of 40,000 (under 10 ms: the period is proven from
    /// 168 values), octal codes of three digits to n = 100,000 (each under
    /// 2 s; --all-codes times all 448 codes 0.d1d2d3 and reports the
    /// slowest), and Grundy's game to 2^20 (under 60 s, by the rare-value
    /// method). Best of --reps for the first two.
    Impartial {
        #[arg(long, default_value_t = 3)]
        reps: usize,
        /// Codes to time to --octal-to (repeat the flag); default: a few
        /// without a known short period.
        #[arg(long = "code", value_name = "CODE")]
        codes: Vec<String>,
        /// Every three-digit octal code 0.d1d2d3 (d3 nonzero).
        #[arg(long)]
        all_codes: bool,
        #[arg(long, default_value_t = 100_000)]
        octal_to: usize,
        /// Grundy's game to this heap (0 to skip).
        #[arg(long, default_value_t = 1 << 20)]
        grundy_to: usize,
    },
    /// The Scale Method on Koene's (2024) Table 5 case: the 1/512 stalk at
    /// 100 playouts x 600 iterations (the thesis: UCT 65 s, Pure MC 139 s), UCT
    /// and Pure Monte Carlo, playouts drawn from exact odds and played out.
    Scale {
        #[arg(long, default_value_t = 1)]
        reps: usize,
        #[arg(long, default_value_t = 2)]
        seed: u64,
    },
}

pub fn run(w: Which) -> Result<(), Failure> {
    match w {
        Which::Sums { reps, seed, json } => crate::bench_sums::run(reps, seed, json),
        Which::Rulesets { boards, budget, write_forms } => rulesets(&boards, budget, write_forms.as_deref()),
        Which::Go { points, budget } => go(&points, budget),
        Which::Memory { budget, json } => memory(budget, json),
        Which::Impartial { reps, codes, all_codes, octal_to, grundy_to } => impartial(reps, &codes, all_codes, octal_to, grundy_to),
        Which::Switches { n } => {
            let mut rows = Vec::new();
            for n in n {
                let t0 = Instant::now();
                let mut c = cgt::canonical::Canon::new();
                let mut acc = c.zero();
                for i in 1..=n as i64 {
                    let a = c.num(cgt::Q::from_int(2 * i)).expect("integer");
                    let b = c.neg(a);
                    let sw = c.options(&[a], &[b]);
                    acc = c.add(acc, sw);
                }
                let canon_ms = t0.elapsed().as_secs_f64() * 1e3;
                let mut arena = cgt::Arena::new(cgt::Limits { max_nodes: usize::MAX, max_edges: usize::MAX });
                let root = c.to_tree(acc, &mut arena).map_err(|e| Failure::Other(e.to_string()))?;
                let th = cgt::thermograph::thermograph(&arena, root);
                let total_ms = t0.elapsed().as_secs_f64() * 1e3;
                rows.push(json!({
                    "n": n,
                    "canonical_ms": round(canon_ms),
                    "total_ms": round(total_ms),
                    "canonical_forms_stored": c.len(),
                    "mean": th.mean().to_string(),
                    "temperature": th.temperature().to_string(),
                }));
            }
            println!("{}", json!({ "bench": "switches", "runs": rows }));
            Ok(())
        }
        Which::Thermograph { nodes, range, seed, reps } => {
            let mut rows = Vec::new();
            for n in nodes {
                let t0 = Instant::now();
                let (arena, root) = cgt::bench::random_tree(n, range, seed).map_err(|e| Failure::Other(format!("generating {n} nodes: {e}")))?;
                let build_ms = t0.elapsed().as_secs_f64() * 1e3;
                let mut times = Vec::new();
                let mut th = None;
                for _ in 0..reps.max(1) {
                    let t1 = Instant::now();
                    th = Some(cgt::thermograph::thermograph(&arena, root));
                    times.push(t1.elapsed().as_secs_f64() * 1e3);
                }
                let th = th.expect("at least one repetition");
                let best = times.iter().cloned().fold(f64::INFINITY, f64::min);
                let mean_ms = times.iter().sum::<f64>() / times.len() as f64;
                let reachable = arena.reachable(root).len();
                rows.push(json!({
                    "requested_nodes": n,
                    "nodes": reachable,
                    "height": arena.height(root),
                    "build_ms": round(build_ms),
                    "thermograph_ms_best": round(best),
                    "thermograph_ms_mean": round(mean_ms),
                    "ns_per_node": round(best * 1e6 / reachable as f64),
                    "mean": th.mean().to_string(),
                    "temperature": th.temperature().to_string(),
                    "wall_points": th.left_wall().points().len() + th.right_wall().points().len(),
                }));
            }
            println!("{}", json!({ "bench": "thermograph", "seed": seed, "range": range, "reps": reps, "runs": rows }));
            Ok(())
        }
        Which::Algebra { nodes, seeds } => algebra(nodes, seeds),
        Which::Scale { reps, seed } => {
            use cgt::rulesets::hackenbush::scale::{scale, ScaleConfig};
            use cgt::search::montecarlo::Algo;
            let p: cgt::rulesets::hackenbush::Hackenbush = "stalk:brrrrrrrrr".parse().expect("a stalk");
            let mut rows = Vec::new();
            for (algo, simulate) in [(Algo::Uct, false), (Algo::Pure, false), (Algo::Uct, true), (Algo::Pure, true)] {
                let cfg = ScaleConfig { algo, playouts: 100, iterations: 600, seed, simulate, ..ScaleConfig::default() };
                let mut times = Vec::new();
                let mut out = None;
                for _ in 0..reps.max(1) {
                    let t0 = Instant::now();
                    let r = scale(&p, &cfg, &mut |_| {}, &mut |_| true).expect("not cancelled");
                    times.push(t0.elapsed().as_secs_f64() * 1e3);
                    out = Some(r);
                }
                let r = out.expect("one run");
                let best = times.iter().cloned().fold(f64::INFINITY, f64::min);
                rows.push(json!({
                    "algo": algo.to_string(),
                    "playouts": if simulate { "played out" } else { "exact odds" },
                    "estimate": r.estimate.map(|e| e.to_string()),
                    "failed": r.failed,
                    "weighings": r.steps.len(),
                    "ms_best": round(best),
                    "ms_mean": round(times.iter().sum::<f64>() / times.len() as f64),
                    "thesis_s": match algo { Algo::Uct => 65, Algo::Pure => 139 },
                }));
            }
            println!("{}", json!({ "bench": "scale", "position": p.to_string(), "value": "1/512", "reps": reps, "runs": rows, "peak_memory_mb": peak_mb() }));
            Ok(())
        }
        Which::Hackenbush { reps } => {
            use cgt::rulesets::hackenbush::{Hackenbush, Rules};
            let cases = [
                ("Redwood bed (30 edges)", "0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r", "1/128"),
                ("small Redwood bed (12 edges)", "0-4:b 4-1:r 0-5:b 5-2:r 0-6:b 6-3:r 1-7:r 7-2:r 2-8:r 8-3:r 1-9:r 9-3:r", "1/8"),
                ("stalk of 100 alternating edges", &format!("stalk:{}", "br".repeat(50)), ""),
            ];
            let mut rows = Vec::new();
            // The page's and CLI's path (theorems first) before the plain
            // search, so each row's peak memory is what that path needs.
            let runs = cases.iter().map(|c| (c, true)).chain(cases.iter().map(|c| (c, false)));
            for (&(name, text, want), theorems) in runs {
                let p: Hackenbush = text.parse().map_err(|e| Failure::Other(format!("{name}: {e}")))?;
                let mut times = Vec::new();
                let mut value = String::new();
                for _ in 0..reps.max(1) {
                    let mut canon = cgt::canonical::Canon::new();
                    let t0 = Instant::now();
                    let v =
                        if theorems { p.value(&mut canon, Rules::Classical, 50_000_000) } else { p.value_by_search(&mut canon, Rules::Classical, 50_000_000) };
                    let v = v.map_err(|e| Failure::Other(format!("{name}: {e}")))?;
                    times.push(t0.elapsed().as_secs_f64() * 1e3);
                    value = canon.name(v);
                }
                if !want.is_empty() && value != want {
                    return Err(Failure::Other(format!("{name}: got {value}, expected {want}")));
                }
                let best = times.iter().cloned().fold(f64::INFINITY, f64::min);
                rows.push(json!({
                    "position": name,
                    "method": if theorems { "value (theorems, then search)" } else { "search only" },
                    "edges": p.edges().len(),
                    "value": value,
                    "ms_best": round(best),
                    "ms_mean": round(times.iter().sum::<f64>() / times.len() as f64),
                    "peak_memory_mb": peak_mb(),
                }));
            }
            println!("{}", json!({ "bench": "hackenbush", "reps": reps, "runs": rows }));
            Ok(())
        }
    }
}

/// The process's peak resident memory in MB (Linux), if known.
/// `cgt bench rulesets`: each empty Domineering board's canonical form.
fn rulesets(boards: &[String], budget: usize, write_forms: Option<&std::path::Path>) -> Result<(), Failure> {
    use cgt::rulesets::domineering::Domineering;
    use cgt::rulesets::engine::Solver;
    let mut rows = Vec::new();
    for b in boards {
        let size = b.split_once('x').and_then(|(w, h)| Some((w.trim().parse::<usize>().ok()?, h.trim().parse::<usize>().ok()?)));
        let Some((w, h)) = size else {
            return Err(Failure::Other(format!("board `{}`: expected WIDTHxHEIGHT, e.g. 5x4", b)));
        };
        let board = Domineering::empty(w, h).map_err(|e| Failure::Other(e.to_string()))?;
        let t0 = Instant::now();
        let mut solver: Solver<Domineering> = Solver::new(budget);
        let v = solver.value(&board).map_err(|e| Failure::Other(format!("board {b}: {e}")))?;
        let seconds = t0.elapsed().as_secs_f64();
        let canon = solver.canon();
        let (ls, rs) = canon.stops(v);
        if let Some(dir) = write_forms {
            let file = dir.join(format!("domineering-{b}.txt"));
            std::fs::write(&file, format!("{}\n", canon.name(v))).map_err(|e| Failure::Other(format!("{}: {e}", file.display())))?;
        }
        rows.push(json!({
            "ruleset": "domineering",
            "board": b,
            "seconds": (seconds * 1e4).round() / 1e4,
            "positions": solver.positions(),
            "canonical_forms_stored": solver.canon().len(),
            "comparisons_memoised": solver.canon().sizes().1,
            "sums_memoised": solver.canon().sizes().2,
            "canonical": solver.canon().name_within(v, 4_000),
            "canonical_length": solver.canon().name_len(v),
            "left_stop": ls.to_string(),
            "right_stop": rs.to_string(),
            "peak_memory_mb": peak_mb(),
        }));
    }
    println!("{}", json!({ "bench": "rulesets", "runs": rows }));
    Ok(())
}

/// `cgt bench go`: regions of `points` empty points, two rows deep.
fn go(points: &[usize], budget: usize) -> Result<(), Failure> {
    let mut rows = Vec::new();
    for &n in points {
        if n < 2 || n % 2 != 0 || n > 40 {
            return Err(Failure::Other(format!("--points {n}: expected an even number of points from 2 to 40")));
        }
        let k = n / 2;
        let corridor = format!("O{}|O{}", "X".repeat(n), ".".repeat(n));
        let open = format!("{}|X{}O|X{}O|{}", "X".repeat(k + 2), ".".repeat(k), ".".repeat(k), "O".repeat(k + 2));
        for (shape, pos) in [("edge corridor", corridor), ("open area 2 deep", open)] {
            let t0 = Instant::now();
            let mut s = cgt::rulesets::registry::session("go", &pos, budget).map_err(|e| Failure::Other(e.to_string()))?;
            let r = s.report();
            let seconds = (t0.elapsed().as_secs_f64() * 1e4).round() / 1e4;
            rows.push(match r {
                Ok(r) => json!({
                    "points": n, "shape": shape, "position": pos, "seconds": seconds, "positions": r.positions,
                    "canonical": r.canonical, "mean": r.mean.to_string(), "temperature": r.temperature.to_string(),
                    "peak_memory_mb": peak_mb(),
                }),
                Err(e) => json!({ "points": n, "shape": shape, "position": pos, "seconds": seconds, "error": e.to_string(), "peak_memory_mb": peak_mb() }),
            });
        }
    }
    println!("{}", json!({ "bench": "go", "runs": rows }));
    Ok(())
}

fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(round(kb / 1024.0))
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// `cgt bench algebra`: the algebra card's fields, timed one by one.
fn algebra(nodes: usize, seeds: u64) -> Result<(), Failure> {
    use cgt::algebra::incentives::incentives;
    use cgt::algebra::Algebra;
    use cgt::canonical::{Canon, CanonId};
    use cgt::side::Side;
    type Field = (&'static str, fn(&mut Canon, &mut Algebra, CanonId));
    let fields: [Field; 11] = [
        ("name", |c, _, g| drop(c.name_within(g, 400))),
        ("birthday", |c, _, g| drop(c.birthday(g))),
        ("reduced", |c, a, g| drop(a.reduced(c, g))),
        ("incentives", |c, _, g| {
            drop(incentives(c, g, Side::Left));
            drop(incentives(c, g, Side::Right));
        }),
        ("atomic_weight", |c, a, g| drop(a.atomic_weight(c, g))),
        ("orthodox", |c, a, g| {
            drop(a.orthodox(c, g, Side::Left));
            drop(a.orthodox(c, g, Side::Right));
        }),
        ("cool_1/2", |c, a, g| drop(a.cool(c, g, &cgt::Q::frac(1, 2)))),
        ("chill", |c, a, g| drop(a.chill(c, g))),
        ("warm", |c, a, g| drop(a.warm(c, g))),
        ("critical_temperatures", |c, a, g| drop(a.critical_temperatures(c, g))),
        ("dissociate", |c, a, g| drop(a.dissociate(c, g))),
    ];
    let mut rows = Vec::new();
    for family in ["hot", "all-small", "switches"] {
        let mut worst: Vec<f64> = vec![0.0; fields.len()];
        let mut canon_worst = 0.0f64;
        let mut positions = 0;
        for seed in 1..=seeds {
            let (arena, root) = match family {
                "hot" => cgt::bench::random_tree(nodes, 20, seed),
                "all-small" => cgt::bench::random_all_small(nodes, seed),
                // A canonical form with many subforms: ±2 + ±4 + ... (a
                // tree of about `nodes` positions), plus a random switch.
                _ => {
                    let mut c = Canon::new();
                    let mut acc = c.zero();
                    let mut n = 0i64;
                    let mut rng = cgt::rng::SplitMix64::new(seed);
                    loop {
                        n += 1;
                        let a = c.num(cgt::Q::from_int(2 * n + rng.below(2) as i64)).expect("integer");
                        let b = c.neg(a);
                        let sw = c.options(&[a], &[b]);
                        let next = c.add(acc, sw);
                        let mut probe = cgt::Arena::new(cgt::Limits { max_nodes: nodes, max_edges: usize::MAX });
                        if c.to_tree(next, &mut probe).is_err() || n > 14 {
                            break;
                        }
                        acc = next;
                    }
                    let mut arena = cgt::Arena::new(cgt::Limits { max_nodes: usize::MAX, max_edges: usize::MAX });
                    let root = c.to_tree(acc, &mut arena).map_err(|e| Failure::Other(e.to_string()))?;
                    Ok((arena, root))
                }
            }
            .map_err(|e: cgt::game::LimitError| Failure::Other(e.to_string()))?;
            positions = positions.max(arena.reachable(root).len());
            for (k, (_, f)) in fields.iter().enumerate() {
                // A fresh store each field: nothing computed by another.
                let mut c = Canon::new();
                let t0 = Instant::now();
                let g = c.from_tree(&arena, root).map_err(|e| Failure::Other(e.to_string()))?;
                canon_worst = canon_worst.max(t0.elapsed().as_secs_f64() * 1e3);
                let mut a = Algebra::default();
                let t1 = Instant::now();
                f(&mut c, &mut a, g);
                worst[k] = worst[k].max(t1.elapsed().as_secs_f64() * 1e3);
            }
        }
        let mut ms = serde_json::Map::new();
        ms.insert("canonical".into(), json!(round(canon_worst)));
        for (k, (name, _)) in fields.iter().enumerate() {
            ms.insert((*name).into(), json!(round(worst[k])));
        }
        rows.push(json!({ "family": family, "positions": positions, "seeds": seeds, "worst_ms": ms }));
    }
    println!("{}", json!({ "bench": "algebra", "runs": rows }));
    Ok(())
}

/// The workloads of `cgt bench memory`: (what, ruleset, position).
pub const MEMORY_WORKLOADS: [(&str, &str, &str); 5] = [
    ("Hackenbush: Redwood bed + a blue edge (31 edges, the page's largest solved)", "hackenbush", NEAR_BED),
    ("Hackenbush: the bed + a blue foot and 5 red edges (37 edges; exhausts the budget)", "hackenbush", concat!("0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r 7-25:b", " 0-26:b 26-8:r 8-27:r 27-1:r 8-28:r 28-3:r")),
    ("Domineering 5 x 5 (finishes)", "domineering", "5x5"),
    ("Domineering 6 x 5 (finishes or exhausts)", "domineering", "6x5"),
    ("Domineering 64 x 64, the largest board the page accepts (exhausts the budget)", "domineering", "64x64"),
];

/// Winning Ways' 30-edge Redwood bed with a blue edge on a leg top: no bed
/// any more, the page's background worker solves it by search (1/64).
pub const NEAR_BED: &str = "0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r 0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r 22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r 7-25:b";

fn memory(budget: usize, as_json: bool) -> Result<(), Failure> {
    let worker_cap = cgt_memcap::WEB_WORKER_CAP;
    let mut rows = Vec::new();
    for (what, ruleset, pos) in MEMORY_WORKLOADS {
        let position = match pos.split_once('x') {
            Some((w, h)) if ruleset == "domineering" && w.parse::<usize>().is_ok() => {
                let (w, h): (usize, usize) = (w.parse().unwrap_or(1), h.parse().unwrap_or(1));
                vec![".".repeat(w); h].join("|")
            }
            _ => pos.to_string(),
        };
        let t0 = Instant::now();
        let (result, peak) = crate::memory::peak_of(|| {
            let mut s = cgt::rulesets::registry::session(ruleset, &position, budget).map_err(|e| e.to_string())?;
            let r = s.report().map_err(|e| e.to_string())?;
            Ok::<_, String>((r.canonical.clone(), r.positions))
        });
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        let (answer, positions) = match &result {
            Ok((c, n)) => (if c.chars().count() > 30 { format!("{}…", c.chars().take(30).collect::<String>()) } else { c.clone() }, Some(*n)),
            Err(e) => (e.clone(), None),
        };
        let fits = peak <= worker_cap;
        if !as_json {
            let verdict = if fits { "within the worker's cap" } else { "past the worker's cap: the page's worker stops it there" };
            println!("{what}\n    peak {:>10}   {:>9.0} ms   {verdict}   {}", cgt_memcap::human(peak), ms, answer);
        }
        rows.push(json!({ "workload": what, "ruleset": ruleset, "peak_bytes": peak, "ms": round(ms), "finished": result.is_ok(), "answer": answer, "positions": positions, "within_worker_cap": fits }));
    }
    let worst = rows.iter().filter_map(|r| r["peak_bytes"].as_u64()).max().unwrap_or(0);
    if as_json {
        println!("{}", json!({ "budget": budget, "worker_cap_bytes": worker_cap, "rows": rows, "worst_peak_bytes": worst }));
    } else {
        println!("worst peak: {} (budget {budget} positions; the worker's cap {})", cgt_memcap::human(worst as usize), cgt_memcap::human(worker_cap));
    }
    Ok(())
}

/// Codes timed by default: the slowest three-digit codes of an
/// `--all-codes` run (no period in sight, values growing, no rare-value
/// structure: the plain method's n^2/4 pairs), and codes the rare-value
/// method or a proven period makes fast (0.127: period 4 from 46,578).
const HARD_CODES: [&str; 9] = ["0.007", "0.266", "0.345", "0.564", "0.766", "0.6", "0.16", "0.106", "0.127"];

/// `cgt bench impartial`: the three targets of the nim-sequence engines.
fn impartial(reps: usize, codes: &[String], all_codes: bool, octal_to: usize, grundy_to: usize) -> Result<(), Failure> {
    use cgt::impartial::{nim_sequence, nim_value, HeapRule};
    let parse = |t: &str| t.parse::<HeapRule>().map_err(|e| Failure::Input(format!("rule {t:?}: {e}")));
    let ms = |t: Instant| round(t.elapsed().as_secs_f64() * 1e3);
    let mut runs = Vec::new();

    // 1. Kayles(40000).
    let kayles = parse("0.77")?;
    let mut best = f64::INFINITY;
    let mut value = 0;
    for _ in 0..reps.max(1) {
        let t0 = Instant::now();
        value = nim_value(&kayles, 40_000).map_err(|e| Failure::Other(e.to_string()))?;
        best = best.min(ms(t0));
    }
    runs.push(json!({ "task": "Kayles heap of 40000: nim-value", "value": value, "ms_best": best, "target_ms": 10, "met": best < 10.0 }));

    // 2. Three-digit octal codes to octal_to.
    let list: Vec<String> = if all_codes {
        (0..8).flat_map(|a| (0..8).flat_map(move |b| (1..8).map(move |c| format!("0.{a}{b}{c}")))).collect()
    } else if codes.is_empty() {
        HARD_CODES.iter().map(|c| c.to_string()).collect()
    } else {
        codes.to_vec()
    };
    let mut rows = Vec::new();
    let mut worst = (0.0f64, String::new());
    let t_all = Instant::now();
    for code in &list {
        let rule = parse(code)?;
        let mut best = f64::INFINITY;
        let mut seq = None;
        for _ in 0..if all_codes { 1 } else { reps.max(1) } {
            let t0 = Instant::now();
            seq = Some(nim_sequence(&rule, octal_to).map_err(|e| Failure::Other(format!("{code}: {e}")))?);
            best = best.min(ms(t0));
        }
        let seq = seq.expect("one run");
        if best > worst.0 {
            worst = (best, code.clone());
        }
        let per = seq.period();
        rows.push(json!({
            "code": code, "ms_best": best, "computed": seq.stats.computed, "sparse": seq.stats.sparse,
            "rare_heaps": seq.stats.rare_heaps, "full_scans": seq.stats.full_scans,
            "period": per.map(|p| p.period), "preperiod": per.map(|p| p.preperiod), "proven": seq.proven(),
        }));
    }
    if all_codes {
        // Only the slowest ten, and every code past the target.
        rows.sort_by(|a, b| b["ms_best"].as_f64().partial_cmp(&a["ms_best"].as_f64()).unwrap_or(std::cmp::Ordering::Equal));
        let over = rows.iter().filter(|r| r["ms_best"].as_f64().unwrap_or(0.0) >= 2000.0).count();
        rows.truncate(over.max(10));
    }
    runs.push(json!({
        "task": format!("three-digit octal codes to n = {octal_to}"), "codes": list.len(), "total_s": round(t_all.elapsed().as_secs_f64()),
        "slowest": worst.1, "slowest_ms": worst.0, "target_ms": 2000, "met": worst.0 < 2000.0, "runs": rows,
    }));

    // 3. Grundy's game to grundy_to.
    if grundy_to > 0 {
        let t0 = Instant::now();
        let seq = nim_sequence(&HeapRule::Grundy, grundy_to).map_err(|e| Failure::Other(e.to_string()))?;
        let s = t0.elapsed().as_secs_f64();
        runs.push(json!({
            "task": format!("Grundy's game to n = {grundy_to}"), "seconds": round(s), "target_s": 60, "met": s < 60.0,
            "max_value": seq.values.iter().max(), "sparse": seq.stats.sparse, "mask": seq.stats.mask.map(|(m, _)| m),
            "rare_heaps": seq.stats.rare_heaps, "full_scans": seq.stats.full_scans, "work": seq.stats.work,
            "peak_memory_mb": peak_mb(),
        }));
    }
    println!("{}", json!({ "bench": "impartial", "runs": runs }));
    Ok(())
}
