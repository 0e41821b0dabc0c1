//! `cgt experiment ...`: reproducible experiments from the seeds (floats
//! only for statistics; every game value is exact).

use crate::Failure;
use cgt::bench::SplitMix64;
use cgt::rulesets::heapgo::HeapGo;
use clap::Subcommand;
use serde_json::json;

#[derive(Subcommand)]
pub enum Which {
    /// Seed 000's Table 4: per class of heap-go sums, the average number of
    /// terminal nodes T, the average exact temperature and its standard
    /// deviation, beside the paper's numbers.
    Table4 {
        /// Random sums per class (the paper used 1,000).
        #[arg(long, default_value_t = 1000)]
        samples: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Only these classes, e.g. `--class 3,3 --class 2,2,2` (default: all 16).
        #[arg(long = "class", value_name = "SIZES")]
        classes: Vec<String>,
        #[arg(long)]
        json: bool,
    },
}

/// The paper's Table 4: (class letter, heap sizes, T, t_avg, t_stddev).
const TABLE_4: [(&str, &[usize], u64, f64, f64); 16] = [
    ("A", &[3, 3], 198, 11.29, 3.00),
    ("A", &[4, 4], 1_092, 11.77, 3.28),
    ("A", &[5, 5], 6_215, 12.02, 3.48),
    ("A", &[6, 6], 35_720, 12.18, 3.38),
    ("A", &[7, 7], 205_590, 12.23, 3.53),
    ("B", &[2, 2, 2], 1_158, 11.00, 2.24),
    ("B", &[3, 2, 2], 3_281, 11.53, 2.41),
    ("B", &[3, 3, 2], 10_166, 11.99, 2.50),
    ("B", &[3, 3, 3], 34_533, 12.42, 2.51),
    ("B", &[4, 3, 3], 103_745, 12.63, 2.59),
    ("C", &[2, 2, 1, 1], 3_936, 10.49, 2.18),
    // Printed as "2 2 2 1"; 65,304 is the exact count for 2,2,2,2.
    ("C", &[2, 2, 2, 1], 65_304, 11.17, 2.13),
    ("C", &[3, 3, 2, 1], 167_055, 12.02, 2.47),
    ("D", &[2, 1, 1, 1, 1], 13_440, 9.85, 1.96),
    ("D", &[2, 2, 1, 1, 1], 52_800, 10.63, 2.08),
    ("D", &[2, 2, 2, 1, 1], 230_880, 11.12, 1.98),
];

fn sizes_text(s: &[usize]) -> String {
    s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")
}

pub fn run(w: Which) -> Result<(), Failure> {
    match w {
        Which::Table4 { samples, seed, classes, json } => {
            if samples == 0 {
                return Err(Failure::Input("--samples must be at least 1".into()));
            }
            let rows: Vec<_> = if classes.is_empty() {
                TABLE_4.iter().collect()
            } else {
                let mut v = Vec::new();
                for c in &classes {
                    let row = TABLE_4.iter().find(|r| sizes_text(r.1) == c.replace(' ', "")).ok_or_else(|| {
                        let known: Vec<String> = TABLE_4.iter().map(|r| sizes_text(r.1)).collect();
                        Failure::Input(format!("class {c:?}: expected one of {}", known.join(" ")))
                    })?;
                    v.push(row);
                }
                v
            };
            let mut out = Vec::new();
            let mut text = format!(
                "Table 4 ({samples} samples a class, seed {seed}; paper beside)\nclass  heaps        T measured   T paper   t_avg   paper   t_sd   paper\n"
            );
            for (letter, sizes, t_paper, avg_paper, sd_paper) in rows {
                // One generator per class, so a class's samples do not depend
                // on which other classes were asked for.
                let mut rng = SplitMix64::new(seed ^ hash_sizes(sizes));
                let (mut t_sum, mut temps) = (0f64, Vec::with_capacity(samples));
                for _ in 0..samples {
                    let g = HeapGo::random(sizes, &mut rng).map_err(|e| Failure::Other(e.to_string()))?;
                    let a = g.analyse(50_000_000).map_err(|e| Failure::Other(format!("{g}: {e}")))?;
                    t_sum += a.terminals.to_string().parse::<f64>().unwrap_or(f64::INFINITY);
                    // Classical temperature: a number counts as 0.
                    let t = a.thermograph.temperature();
                    temps.push(if t.is_negative() { 0.0 } else { t.to_f64() });
                }
                let n = samples as f64;
                let t_avg_nodes = t_sum / n;
                let avg = temps.iter().sum::<f64>() / n;
                let sd = if samples > 1 {
                    (temps.iter().map(|x| (x - avg) * (x - avg)).sum::<f64>() / (n - 1.0)).sqrt()
                } else {
                    0.0
                };
                text.push_str(&format!(
                    "{letter:<6} {:<12} {:>10.1} {:>9} {:>7.2} {:>7.2} {:>6.2} {:>7.2}\n",
                    sizes_text(sizes),
                    t_avg_nodes,
                    t_paper,
                    avg,
                    avg_paper,
                    sd,
                    sd_paper
                ));
                out.push(json!({
                    "class": letter, "heaps": sizes_text(sizes),
                    "T": t_avg_nodes, "T_paper": t_paper,
                    "t_avg": avg, "t_avg_paper": avg_paper,
                    "t_sd": sd, "t_sd_paper": sd_paper,
                }));
            }
            if json {
                println!("{}", json!({ "experiment": "table4", "samples": samples, "seed": seed, "rows": out }));
            } else {
                print!("{text}");
            }
            Ok(())
        }
    }
}

fn hash_sizes(s: &[usize]) -> u64 {
    s.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| (h ^ x as u64).wrapping_mul(0x100_0000_01b3))
}
