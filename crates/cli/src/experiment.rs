//! `cgt experiment ...`: reproducible experiments from the papers (floats
//! only for statistics; every game value is exact).

use crate::Failure;
use cgt::rng::SplitMix64;
use cgt::rulesets::heapgo::{BranchOrder, HeapGo};
use clap::Subcommand;
use serde_json::json;

// One value of it is alive at a time (a command, a job's answer): its
// size does not matter, and boxing would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
pub enum Which {
    /// Koene (2024), Tables 2, 3 and 8: the Scale Method on the stalks
    /// b r^k (value 1/2^k) over a grid of playouts x iterations; each cell
    /// the two win rates at the balance when the value came out right, the
    /// wrong value returned, or F when the safeguard stopped it. Markdown
    /// tables in the thesis's shape (or JSON).
    ScaleTables {
        /// Exponents k (value 1/2^k); repeat or comma-separate.
        #[arg(long = "k", value_delimiter = ',', default_values_t = [5u32, 6, 7, 8, 9, 10])]
        k: Vec<u32>,
        #[arg(long, value_delimiter = ',', default_values_t = [100u32, 200, 400, 800])]
        playouts: Vec<u32>,
        #[arg(long, value_delimiter = ',', default_values_t = [100u32, 200, 400, 600, 1200])]
        iterations: Vec<u32>,
        /// `uct` or `pure`.
        #[arg(long, default_value = "uct")]
        algo: String,
        #[arg(long, default_value_t = 2)]
        seed: u64,
        /// Skip dominated chops everywhere (the improved method).
        #[arg(long)]
        prune: bool,
        /// A z-test on the win-rate difference instead of the margin.
        #[arg(long)]
        test: Option<f64>,
        #[arg(long, default_value_t = 40)]
        max_stalk: usize,
        #[arg(long)]
        json: bool,
    },
    /// The Scale Method's two walks side by side: Koene's (2024) (an edge
    /// per weighing) and bisection on the value (galloping over the integer
    /// part), on positions with integer parts, over several seeds: how often
    /// each is right, its weighings and its time.
    ScaleWalks {
        /// Positions (Hackenbush notation); repeat the flag for several.
        #[arg(long = "pos", default_values_t = ["stalk:bbbrb".to_string(), "stalk:bbbbbbbrr".to_string(), "stalk:bbbbbbbb stalk:bbbbbr stalk:brr".to_string(), "stalk:rrrrrrrrrrrrrrrrbr".to_string(), format!("stalk:{}rbr", "b".repeat(30))])]
        pos: Vec<String>,
        /// Seeds 1..=seeds.
        #[arg(long, default_value_t = 5)]
        seeds: u64,
        #[arg(long, default_value_t = 100)]
        playouts: u32,
        #[arg(long, default_value_t = 100)]
        iterations: u32,
        #[arg(long, default_value = "pure")]
        algo: String,
        #[arg(long)]
        prune: bool,
        #[arg(long, default_value_t = 40)]
        max_stalk: usize,
        #[arg(long)]
        json: bool,
    },
    /// Kao et al. (2012), Table 4: per class of heap-go sums, the average number of
    /// terminal nodes T, the average exact temperature and its standard
    /// deviation, beside the paper's numbers; and the same read as the
    /// greatest solution of LW(t) = RW(t), which the paper's figures fit
    /// (docs/mt-search.md).
    Table4 {
        /// Random sums per class (Kao et al. used 1,000).
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
    /// Kao et al. (2012), Tables 5 and 6: MT-search's standard error of the
    /// temperature per class of heap-go sums, for budgets N = h * T^d
    /// (h heaps, T the sum's terminal count, d = 0.50 ... 0.75), with random
    /// branch order (Table 5) and ordered by heap temperature (Table 6),
    /// beside the paper's numbers.
    MtError {
        /// Random sums per class (Kao et al. used 1,000).
        #[arg(long, default_value_t = 200)]
        samples: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Only these classes, e.g. `--class 3,3 --class 2,2,2` (default: all 16).
        #[arg(long = "class", value_name = "SIZES")]
        classes: Vec<String>,
        /// `random`, `temperature` or `both` (the two); `shuffled` (a
        /// shuffle at every position: another reading of Table 5's random
        /// branches, measured worse).
        #[arg(long, default_value = "both")]
        order: String,
        /// Worker threads, 0 for every core (results do not depend on it).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Run only shard K of N (`--shard 2/4`: samples 1, 5, 9, ... counting
        /// from 0) and print each run's raw figures as JSON lines; `cgt
        /// experiment merge` joins the N outputs into the tables a single run
        /// prints (byte for byte). For batch systems: docs/mt-search.md.
        #[arg(long, value_name = "K/N")]
        shard: Option<String>,
        /// Ablation: stability off (1 everywhere).
        #[arg(long)]
        no_stability: bool,
        /// Ablation: plain least-visited child instead of weighted frequency.
        #[arg(long)]
        no_weights: bool,
        /// Variant: ancestors' temperature from their lower bounds.
        #[arg(long)]
        ancestors_lower: bool,
        /// Variant: noise amplitude of the direction rules (default 1).
        #[arg(long)]
        noise: Option<f64>,
        /// Variant: the temperature reported: `neutral` (the engine's
        /// estimate), `midpoint` of [t_LB, t_UB] (neutral while t_UB is
        /// INF) or `lower` (t_LB).
        #[arg(long, default_value = "neutral")]
        estimator: String,
        /// Variant: budgets N = T^d instead of h * T^d (the paper's formula
        /// (36) is blank in the copy we have; h * T^d fits its numbers).
        #[arg(long)]
        budget_without_h: bool,
        /// Variant: K fixed at the paper's defaults (m = 9, n = 6) instead of
        /// the tables at each node's branching and height.
        #[arg(long)]
        fixed_k: bool,
        /// Variant: the trust in the branch order at which a descent passes
        /// over children whose walls are settled (default 0.8; `off`: never).
        #[arg(long, value_name = "SHARE|off")]
        order_trust: Option<String>,
        /// Variant: how far the temperature estimate's phantoms are moved,
        /// as a share of the neutral root temperature (default 1/2; 0 is the
        /// plain neutral model).
        #[arg(long, value_name = "Q")]
        phantom_heat: Option<String>,
        /// Variant: diminishing returns, a child's run of paths that left
        /// its parent as it was weighs its visits (1 + run/SCALE) times,
        /// while the branch order is not trusted (default 10; `off`: never).
        #[arg(long, value_name = "SCALE|off")]
        stale: Option<String>,
        /// Which solution of the min-max equation LW(t) = RW(t) counts as the
        /// temperature, of the exact value and of MT-search's estimate and
        /// bounds alike: `least` (the definition, the paper's text) or
        /// `greatest` (the top of the stretch where the root's scaffolds
        /// touch: what the paper's Table 4 figures fit; docs/mt-search.md).
        #[arg(long, value_name = "least|greatest", default_value = "least")]
        temperature: String,
        /// Variant: the solution selection aims at (reads nodes' masts and
        /// temperatures as), whatever the reading of the result; `trusted`:
        /// the greatest once the branch order is trusted, else the least.
        #[arg(long, value_name = "least|greatest|trusted", default_value = "least")]
        aim: String,
        /// Variant: `off` turns off completing sides on the way down while
        /// the branch order is not trusted (the side a node's parent reads
        /// first; default on).
        #[arg(long, value_name = "on|off")]
        complete_sides: Option<String>,
        /// Variant: the reports in a row (paths and NOT_EXISTS answers) the
        /// root's least-solution bounds must stay met before selection aims
        /// at the reading's solution
        /// (default 30; `off`: never; only `--temperature greatest` reads
        /// another solution).
        #[arg(long, value_name = "N|off")]
        settle_aim: Option<String>,
        /// Variant: `off` turns off proving first while the branch order is
        /// not trusted (each path to the first side the minimal proof of
        /// the root's scaffolds needs and the tree has not closed; default on).
        #[arg(long, value_name = "on|off")]
        prove_first: Option<String>,
        /// Variant: `off` turns off searching the greatest reading's bounds
        /// first once the selection aims at the greatest solution (each
        /// path to a node that can move the root's temperature bounds past
        /// the middle of their range; default on).
        #[arg(long, value_name = "on|off")]
        bound_search: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Temperature Discovery Search beside MT-search on the random heap-go
    /// sums of Kao et al. (2012):
    /// for each class and d, MT-search's error after N = h * T^d paths and
    /// TDS's error when given as many search nodes as MT-search's explored
    /// tree has; and TDS run to the end: its nodes, and whether its
    /// temperature equals the exact one (docs/mt-search.md).
    TdsVsMt {
        /// Random sums per class.
        #[arg(long, default_value_t = 50)]
        samples: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Only these classes (default: all 16).
        #[arg(long = "class", value_name = "SIZES")]
        classes: Vec<String>,
        /// MT-search's branch order: `random` or `temperature`.
        #[arg(long, default_value = "temperature")]
        order: String,
        /// Worker threads, 0 for every core.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long)]
        json: bool,
    },
    /// Join the outputs of `mt-error --shard K/N` (every K from 1 to N, the
    /// same settings) into the tables one unsharded run prints.
    Merge {
        /// The shards' outputs, in any order.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Tables over the samples the given shards hold (a run still in
        /// progress: shards may be missing); each class row says how many.
        #[arg(long)]
        partial: bool,
        #[arg(long)]
        json: bool,
    },
}

/// The engine settings of an `mt-error` run (defaults unless an ablation flag says otherwise).
fn engine_config(seed: u64, v: &Variant) -> cgt::search::mt::MtConfig {
    let mut c = cgt::search::mt::MtConfig::with_seed(seed);
    c.selection.stability = !v.no_stability;
    c.selection.weighted = !v.no_weights;
    c.selection.ancestors_by_lower = v.ancestors_lower;
    if let Some(n) = v.noise {
        c.selection.noise = n;
    }
    if v.fixed_k {
        use cgt::search::mt::k_factor;
        c.selection.fixed_k = Some((k_factor(9, 6, true), k_factor(9, 6, false)));
    }
    match v.order_trust.as_deref() {
        None => {}
        Some("off") => c.selection.order_trust = None,
        Some(x) => c.selection.order_trust = x.parse().ok(),
    }
    if let Some(h) = v.phantom_heat.as_deref().and_then(|h| h.parse().ok()) {
        c.selection.phantom_heat = h;
    }
    match v.stale.as_deref() {
        None => {}
        Some("off") => c.selection.stale_scale = None,
        Some(x) => c.selection.stale_scale = x.parse().ok(),
    }
    if let Some(s) = v.temperature.as_deref().and_then(|s| s.parse().ok()) {
        c.solution = s;
    }
    if v.complete_sides.as_deref() == Some("off") {
        c.selection.complete_sides = false;
    }
    if v.prove_first.as_deref() == Some("off") {
        c.selection.prove_first = false;
    }
    if v.bound_search.as_deref() == Some("off") {
        c.selection.bound_search = false;
    }
    match v.settle_aim.as_deref() {
        None => {}
        Some("off") => c.selection.settle_aim = None,
        Some(x) => c.selection.settle_aim = x.parse().ok(),
    }
    match v.aim.as_deref() {
        Some("greatest") => c.selection.aim = cgt::search::mt::Solution::Greatest,
        Some("trusted") => c.selection.aim_trusted = Some(cgt::search::mt::Solution::Greatest),
        _ => {}
    }
    c
}

/// Ablations and variants of the selection rules (research/mt-selection-notebook.md).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Variant {
    pub no_stability: bool,
    pub no_weights: bool,
    pub ancestors_lower: bool,
    pub noise: Option<f64>,
    pub estimator: String,
    pub budget_without_h: bool,
    pub fixed_k: bool,
    /// `--order-trust` as given (a share or `off`); absent in older shards.
    #[serde(default)]
    pub order_trust: Option<String>,
    /// `--phantom-heat` as given; absent in older shards.
    #[serde(default)]
    pub phantom_heat: Option<String>,
    /// `--stale` as given; absent in older shards.
    #[serde(default)]
    pub stale: Option<String>,
    /// `--temperature greatest`; absent (least) in older shards and
    /// left out of the header when least, so their headers read the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<String>,
    /// `--aim greatest`; absent (least) otherwise, as `temperature`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aim: Option<String>,
    /// `--complete-sides off`; absent (on) otherwise and in older shards
    /// (run before the rule existed: their engine had it off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete_sides: Option<String>,
    /// `--settle-aim` as given; absent in older shards, as above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settle_aim: Option<String>,
    /// `--prove-first off`; absent (on) otherwise and in older shards
    /// (whose engine had no such rule: their fingerprints tell them apart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prove_first: Option<String>,
    /// `--bound-search off`; absent (on) otherwise and in older shards, as
    /// `prove_first`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound_search: Option<String>,
}

/// An `on|off` variant flag as the `Variant` keeps it: `Some("off")` when
/// turned off, `None` when on or absent (so older shards' headers read the
/// same).
fn off_switch(flag: &str, value: Option<String>) -> Result<Option<String>, Failure> {
    match value.as_deref() {
        None | Some("on") => Ok(None),
        Some("off") => Ok(value),
        Some(x) => Err(Failure::Input(format!("{flag} {x:?}: expected on or off"))),
    }
}

/// The budget exponents of Tables 5 and 6.
const DS: [f64; 6] = [0.50, 0.55, 0.60, 0.65, 0.70, 0.75];

/// Kao et al. (2012), Tables 5 (random branches) and 6 (ordered by heap
/// temperature): standard error of the temperature by class and d.
const TABLE_5_6: [(&[usize], [f64; 6], [f64; 6]); 16] = [
    (&[3, 3], [1.08, 0.88, 0.56, 0.43, 0.30, 0.08], [0.92, 0.55, 0.32, 0.15, 0.05, 0.01]),
    (&[4, 4], [0.95, 0.83, 0.50, 0.47, 0.25, 0.23], [0.58, 0.39, 0.30, 0.14, 0.04, 0.00]),
    (&[5, 5], [0.81, 0.74, 0.42, 0.25, 0.18, 0.10], [0.45, 0.26, 0.15, 0.09, 0.02, 0.00]),
    (&[6, 6], [0.76, 0.63, 0.46, 0.34, 0.18, 0.18], [0.39, 0.17, 0.16, 0.03, 0.01, 0.00]),
    (&[7, 7], [0.68, 0.64, 0.22, 0.12, 0.11, 0.07], [0.24, 0.12, 0.03, 0.01, 0.00, 0.00]),
    (&[2, 2, 2], [1.05, 0.67, 0.46, 0.39, 0.16, 0.14], [0.58, 0.47, 0.20, 0.09, 0.02, 0.00]),
    (&[3, 2, 2], [0.93, 0.81, 0.53, 0.30, 0.20, 0.18], [0.58, 0.31, 0.21, 0.06, 0.04, 0.00]),
    (&[3, 3, 2], [0.99, 0.69, 0.47, 0.26, 0.25, 0.07], [0.43, 0.29, 0.15, 0.08, 0.01, 0.00]),
    (&[3, 3, 3], [0.77, 0.66, 0.28, 0.23, 0.20, 0.19], [0.50, 0.23, 0.11, 0.03, 0.04, 0.00]),
    (&[4, 3, 3], [0.89, 0.70, 0.45, 0.24, 0.19, 0.13], [0.35, 0.20, 0.07, 0.07, 0.02, 0.00]),
    (&[2, 2, 1, 1], [1.06, 0.84, 0.68, 0.38, 0.21, 0.21], [0.63, 0.38, 0.19, 0.10, 0.04, 0.00]),
    // Printed as "2 2 2 1" (see TABLE_4).
    (&[2, 2, 2, 1], [0.90, 0.62, 0.54, 0.35, 0.29, 0.17], [0.44, 0.26, 0.18, 0.06, 0.05, 0.00]),
    (&[3, 3, 2, 1], [1.18, 0.75, 0.44, 0.34, 0.24, 0.19], [0.34, 0.19, 0.05, 0.04, 0.02, 0.00]),
    (&[2, 1, 1, 1, 1], [1.04, 0.58, 0.32, 0.33, 0.20, 0.08], [0.48, 0.29, 0.24, 0.16, 0.09, 0.00]),
    (&[2, 2, 1, 1, 1], [0.97, 0.66, 0.49, 0.31, 0.26, 0.08], [0.31, 0.24, 0.16, 0.09, 0.06, 0.00]),
    (&[2, 2, 2, 1, 1], [0.78, 0.59, 0.42, 0.27, 0.22, 0.17], [0.30, 0.20, 0.11, 0.07, 0.04, 0.00]),
];
const PAPER_AVG_5: [f64; 6] = [0.93, 0.71, 0.45, 0.31, 0.22, 0.14];
const PAPER_AVG_6: [f64; 6] = [0.47, 0.28, 0.16, 0.08, 0.03, 0.00];

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

/// The rows of `table` named by `--class` (all of them when none is named),
/// in the order asked; an unknown class is an input error listing the known ones.
fn pick_classes<'t, R>(table: &'t [R], sizes: impl Fn(&R) -> &[usize], classes: &[String]) -> Result<Vec<&'t R>, Failure> {
    if classes.is_empty() {
        return Ok(table.iter().collect());
    }
    classes
        .iter()
        .map(|c| {
            table.iter().find(|r| sizes_text(sizes(r)) == c.replace(' ', "")).ok_or_else(|| {
                let known: Vec<String> = table.iter().map(|r| sizes_text(sizes(r))).collect();
                Failure::Input(format!("class {c:?}: expected one of {}", known.join(" ")))
            })
        })
        .collect()
}

fn sizes_text(s: &[usize]) -> String {
    s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")
}

pub fn run(w: Which) -> Result<(), Failure> {
    match w {
        Which::ScaleWalks { pos, seeds, playouts, iterations, algo, prune, max_stalk, json } => {
            scale_walks(&pos, seeds, playouts, iterations, &algo, prune, max_stalk, json)
        }
        Which::ScaleTables { k, playouts, iterations, algo, seed, prune, test, max_stalk, json } => {
            scale_tables(&k, &playouts, &iterations, &algo, seed, prune, test, max_stalk, json)
        }
        Which::MtError {
            samples,
            seed,
            classes,
            order,
            threads,
            shard,
            no_stability,
            no_weights,
            ancestors_lower,
            noise,
            estimator,
            budget_without_h,
            fixed_k,
            order_trust,
            phantom_heat,
            stale,
            temperature,
            aim,
            complete_sides,
            settle_aim,
            prove_first,
            bound_search,
            json,
        } => {
            let solution: cgt::search::mt::Solution = temperature.parse().map_err(Failure::Input)?;
            let temperature = (solution != cgt::search::mt::Solution::Least).then(|| solution.key().to_string());
            if !["least", "greatest", "trusted"].contains(&aim.as_str()) {
                return Err(Failure::Input(format!("--aim {aim:?}: expected least, greatest or trusted")));
            }
            let aim = (aim != "least").then_some(aim);
            if !["neutral", "midpoint", "lower"].contains(&estimator.as_str()) {
                return Err(Failure::Input(format!("estimator {estimator:?}: expected neutral, midpoint or lower")));
            }
            if let Some(t) = order_trust.as_deref() {
                if t != "off" && !t.parse::<f64>().is_ok_and(|x| (0.0..=1.0).contains(&x)) {
                    return Err(Failure::Input(format!("--order-trust {t:?}: expected a share from 0 to 1, or off")));
                }
            }
            if let Some(h) = phantom_heat.as_deref() {
                if !h.parse::<cgt::Q>().is_ok_and(|q| !q.is_negative()) {
                    return Err(Failure::Input(format!("--phantom-heat {h:?}: expected a rational at least 0, e.g. 1/2")));
                }
            }
            if let Some(x) = stale.as_deref() {
                if x != "off" && !x.parse::<f64>().is_ok_and(|x| x > 0.0 && x.is_finite()) {
                    return Err(Failure::Input(format!("--stale {x:?}: expected a scale above 0, e.g. 10, or off")));
                }
            }
            if let Some(x) = settle_aim.as_deref() {
                if x != "off" && x.parse::<u64>().is_err() {
                    return Err(Failure::Input(format!("--settle-aim {x:?}: expected a number of reports, e.g. 30, or off")));
                }
            }
            let complete_sides = off_switch("--complete-sides", complete_sides)?;
            let prove_first = off_switch("--prove-first", prove_first)?;
            let bound_search = off_switch("--bound-search", bound_search)?;
            let v = Variant {
                no_stability,
                no_weights,
                ancestors_lower,
                noise,
                estimator,
                budget_without_h,
                fixed_k,
                order_trust,
                phantom_heat,
                stale,
                temperature,
                aim,
                complete_sides,
                settle_aim,
                prove_first,
                bound_search,
            };
            let shard = shard.as_deref().map(parse_shard).transpose()?;
            let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
            mt_error(samples, seed, &classes, &order, threads, shard, &v, json)
        }
        Which::Merge { files, partial, json } => merge(&files, partial, json),
        Which::TdsVsMt { samples, seed, classes, order, threads, json } => {
            if samples == 0 {
                return Err(Failure::Input("--samples must be at least 1".into()));
            }
            let order = match order.as_str() {
                "random" => BranchOrder::Random,
                "temperature" => BranchOrder::Temperature,
                other => return Err(Failure::Input(format!("order {other:?}: expected random or temperature"))),
            };
            let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
            tds_vs_mt(samples, seed, &classes, order, threads, json)
        }
        Which::Table4 { samples, seed, classes, json } => {
            if samples == 0 {
                return Err(Failure::Input("--samples must be at least 1".into()));
            }
            let rows = pick_classes(&TABLE_4, |r| r.1, &classes)?;
            let mut out = Vec::new();
            let mut text = format!(
                "Table 4 ({samples} samples a class, seed {seed}; paper beside)\nclass  heaps        T measured   T paper   t_avg   paper   t_sd   paper   greatest: t_avg   t_sd\n"
            );
            for (letter, sizes, t_paper, avg_paper, sd_paper) in rows {
                // One generator per class, so a class's samples do not depend
                // on which other classes were asked for.
                let mut rng = SplitMix64::new(seed ^ hash_sizes(sizes));
                let (mut t_sum, mut temps, mut greatest) = (0f64, Vec::with_capacity(samples), Vec::with_capacity(samples));
                for _ in 0..samples {
                    let g = HeapGo::random(sizes, &mut rng).map_err(|e| Failure::Other(e.to_string()))?;
                    let a = g.analyse(50_000_000).map_err(|e| Failure::Other(format!("{g}: {e}")))?;
                    t_sum += a.terminals.to_string().parse::<f64>().unwrap_or(f64::INFINITY);
                    // Classical temperature: a number counts as 0.
                    let t = a.thermograph.temperature();
                    temps.push(if t.is_negative() { 0.0 } else { t.to_f64() });
                    let t = &a.greatest_temperature;
                    greatest.push(if t.is_negative() { 0.0 } else { t.to_f64() });
                }
                let n = samples as f64;
                let t_avg_nodes = t_sum / n;
                let stats = |xs: &[f64]| {
                    let avg = xs.iter().sum::<f64>() / n;
                    let sd = if samples > 1 { (xs.iter().map(|x| (x - avg) * (x - avg)).sum::<f64>() / (n - 1.0)).sqrt() } else { 0.0 };
                    (avg, sd)
                };
                let (avg, sd) = stats(&temps);
                let (g_avg, g_sd) = stats(&greatest);
                text.push_str(&format!(
                    "{letter:<6} {:<12} {:>10.1} {:>9} {:>7.2} {:>7.2} {:>6.2} {:>7.2}   {:>15.2} {:>6.2}\n",
                    sizes_text(sizes),
                    t_avg_nodes,
                    t_paper,
                    avg,
                    avg_paper,
                    sd,
                    sd_paper,
                    g_avg,
                    g_sd
                ));
                out.push(json!({
                    "class": letter, "heaps": sizes_text(sizes),
                    "T": t_avg_nodes, "T_paper": t_paper,
                    "t_avg": avg, "t_avg_paper": avg_paper,
                    "t_sd": sd, "t_sd_paper": sd_paper,
                    "t_avg_greatest": g_avg, "t_sd_greatest": g_sd,
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

/// One sample's runs, one per branch order (or why it failed).
type SampleRuns = Result<Vec<RunResult>, String>;

/// What one engine run gives at each budget checkpoint (a shard's output
/// line: floats print as the shortest text that reads back to the same
/// number, so a merge sums exactly what a single run sums).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct RunResult {
    /// Squared error of the temperature estimate at each d.
    sq_err: [f64; 6],
    /// The exact temperature lies in [t_LB, t_UB] at each d.
    inside: [bool; 6],
    /// t_UB is still INF at each d.
    unbounded: [bool; 6],
    /// Paths added when the run ended (budget spent or solved).
    nodes: usize,
    /// With `--temperature greatest`: the same runs' squared errors read
    /// the usual way (least solution, of the estimate and the exact value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sq_err_least: Option<[f64; 6]>,
}

/// Classical temperature (a number counts as 0), as a float for statistics.
fn classical(t: &cgt::Q) -> f64 {
    if t.is_negative() {
        0.0
    } else {
        t.to_f64()
    }
}

fn mt_run(g: &HeapGo, order: BranchOrder, sample_seed: u64, exact: &cgt::Q, exact_least: &cgt::Q, terminals: f64, v: &Variant) -> Result<RunResult, String> {
    use cgt::numbers::ExtQ;
    use cgt::rulesets::heapgo::HeapGoTree;
    use cgt::search::mt::MtEngine;
    let tree = HeapGoTree::ordered(g, order, sample_seed, 1 << 20).map_err(|e| e.to_string())?;
    let h = if v.budget_without_h { 1.0 } else { g.heaps().len() as f64 };
    let mut e = MtEngine::new(engine_config(sample_seed, v));
    let mut r = RunResult { sq_err: [0.0; 6], inside: [false; 6], unbounded: [false; 6], nodes: 0, sq_err_least: None };
    let exact_f = classical(exact);
    let both = v.temperature.is_some();
    let mut least = [0.0; 6];
    for (j, d) in DS.iter().enumerate() {
        let budget = (h * terminals.powf(*d)).ceil() as usize;
        e.run(&tree, budget).map_err(|err| err.to_string())?;
        let b = e.bounds();
        let neutral = e.estimate().temperature;
        let t = match (v.estimator.as_str(), &b.temperature) {
            ("midpoint", (ExtQ::Finite(lo), ExtQ::Finite(hi))) => classical(lo) / 2.0 + classical(hi) / 2.0,
            ("lower", (ExtQ::Finite(lo), _)) => classical(lo),
            _ => classical(&neutral),
        };
        r.sq_err[j] = (t - exact_f).powi(2);
        if both {
            let t = classical(&e.estimate_read(cgt::search::mt::Solution::Least).temperature);
            least[j] = (t - classical(exact_least)).powi(2);
        }
        let x = ExtQ::Finite(exact.clone());
        r.inside[j] = exact.is_negative() || (b.temperature.0 <= x && x <= b.temperature.1);
        r.unbounded[j] = b.temperature.1 == ExtQ::PosInf;
    }
    r.nodes = e.nodes();
    r.sq_err_least = both.then_some(least);
    Ok(r)
}

/// The Tables 5/6 protocol of Kao et al. (2012) on one class: `samples` random sums (the
/// same ones `table4` draws with this seed), one run per sum and ordering
/// that stops at each d's budget to read the estimate (runs never stop
/// early except when solved, so this equals separate runs per budget).
fn mt_error_class(
    sizes: &[usize],
    samples: usize,
    seed: u64,
    orders: &[BranchOrder],
    threads: usize,
    shard: Option<(usize, usize)>,
    v: &Variant,
) -> Result<Vec<Vec<RunResult>>, Failure> {
    // A shard runs the samples i with i mod N = K - 1; every sum is drawn
    // all the same, so sample i is the same sum in every shard.
    let mine = |i: usize| shard.is_none_or(|(k, n)| i % n == k - 1);
    let mut rng = SplitMix64::new(seed ^ hash_sizes(sizes));
    let mut games = Vec::with_capacity(samples);
    for _ in 0..samples {
        let g = HeapGo::random(sizes, &mut rng).map_err(|e| Failure::Other(e.to_string()))?;
        games.push(g);
    }
    let results: Vec<Option<SampleRuns>> = on_threads(samples, threads, |i| {
        if !mine(i) {
            return None;
        }
        let g = &games[i];
        Some(g.analyse(50_000_000).map_err(|e| format!("{g}: {e}")).and_then(|a| {
            let t: f64 = a.terminals.to_string().parse().unwrap_or(f64::INFINITY);
            let exact = if v.temperature.is_some() { a.greatest_temperature.clone() } else { a.thermograph.temperature().clone() };
            orders.iter().map(|&o| mt_run(g, o, sample_seed(seed, sizes, i), &exact, a.thermograph.temperature(), t, v)).collect::<Result<Vec<_>, _>>()
        }))
    });
    let mut by_order: Vec<Vec<RunResult>> = orders.iter().map(|_| Vec::with_capacity(samples)).collect();
    for r in results.into_iter().flatten() {
        let runs = r.map_err(Failure::Other)?;
        for (k, run) in runs.into_iter().enumerate() {
            by_order[k].push(run);
        }
    }
    Ok(by_order)
}

/// A fingerprint of the MT engine as `v` sets it up: a hash of every path
/// it proposes, every answer and the final estimates on a few fixed sums in
/// both branch orders. The flags name a variant, not the code behind it; a
/// change to any selection rule changes these paths, so shards of two
/// engines carry two fingerprints and `merge` refuses to join them.
fn engine_fingerprint(v: &Variant) -> Result<String, Failure> {
    use cgt::rulesets::heapgo::HeapGoTree;
    use cgt::search::mt::{MtEngine, Outcome};
    const SUMS: [&str; 3] = ["r4,r10,r2/b2,r9,r4", "b5,r3,b2/r7,b4,r1/b1,r9", "b2,r1/r3/b4,r2/b1/r5"];
    const STEPS: usize = 200;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    };
    for text in SUMS {
        let g: HeapGo = text.parse().map_err(|e: cgt::rulesets::heapgo::HeapGoError| Failure::Other(e.to_string()))?;
        for order in [BranchOrder::Random, BranchOrder::Temperature] {
            let tree = HeapGoTree::ordered(&g, order, 7, 1 << 16).map_err(|e| Failure::Other(e.to_string()))?;
            let mut e = MtEngine::new(engine_config(7, v));
            for _ in 0..STEPS {
                let Some(step) = e.step(&tree) else { break };
                let step = step.map_err(|err| Failure::Other(err.to_string()))?;
                for (side, k) in step.proposed.steps() {
                    eat(&[u8::from(*side == cgt::side::Side::Right)]);
                    eat(&k.to_le_bytes());
                }
                match &step.outcome {
                    Outcome::NotExists => eat(b"x"),
                    Outcome::Terminal(_, value) => eat(value.to_string().as_bytes()),
                }
            }
            let est = e.estimate();
            eat(format!("{}|{}", est.mean, est.temperature).as_bytes());
        }
    }
    Ok(format!("{h:016x}"))
}

/// What a run of `mt-error` was asked: a shard's header line, and what a
/// merge checks its shards agree on.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct MtErrorRun {
    experiment: String,
    samples: usize,
    seed: u64,
    classes: Vec<String>,
    orders: Vec<String>,
    variant: Variant,
    /// The engine's fingerprint (`engine_fingerprint`): shards of engines
    /// whose rules differ, even at the same flags, do not merge. Missing in
    /// shards written before 2026-11-28, which then merge only with each
    /// other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    engine: Option<String>,
    /// (K, N): this output is shard K of N.
    shard: (usize, usize),
}

/// One run's figures in a shard's output.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct ShardLine {
    heaps: String,
    order: String,
    sample: usize,
    run: RunResult,
}

fn parse_shard(text: &str) -> Result<(usize, usize), Failure> {
    let bad = || Failure::Input(format!("--shard {text:?}: expected K/N with 1 <= K <= N, e.g. 2/4"));
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

fn parse_orders(order: &str) -> Result<Vec<BranchOrder>, Failure> {
    match order {
        "both" => Ok(vec![BranchOrder::Random, BranchOrder::Temperature]),
        "random" => Ok(vec![BranchOrder::Random]),
        "temperature" => Ok(vec![BranchOrder::Temperature]),
        "shuffled" => Ok(vec![BranchOrder::Shuffled]),
        other => Err(Failure::Input(format!("order {other:?}: expected random, shuffled, temperature or both"))),
    }
}

/// The paper's rows for these classes (names as `--class` takes them).
type Table56Row = (&'static [usize], [f64; 6], [f64; 6]);

#[allow(clippy::too_many_arguments)]
fn mt_error(
    samples: usize,
    seed: u64,
    classes: &[String],
    order: &str,
    threads: usize,
    shard: Option<(usize, usize)>,
    v: &Variant,
    as_json: bool,
) -> Result<(), Failure> {
    if samples == 0 {
        return Err(Failure::Input("--samples must be at least 1".into()));
    }
    let orders = parse_orders(order)?;
    let rows: Vec<&Table56Row> = pick_classes(&TABLE_5_6, |r| r.0, classes)?;
    let stdout = std::io::stdout();
    let print = |line: String| {
        // One line at a time as soon as it is known (long runs).
        let mut lock = stdout.lock();
        let _ = std::io::Write::write_all(&mut lock, format!("{line}\n").as_bytes());
    };
    if let Some((k, n)) = shard {
        let head = MtErrorRun {
            experiment: "mt-error".into(),
            samples,
            seed,
            classes: rows.iter().map(|r| sizes_text(r.0)).collect(),
            orders: orders.iter().map(|o| o.key().to_string()).collect(),
            variant: v.clone(),
            engine: Some(engine_fingerprint(v)?),
            shard: (k, n),
        };
        print(serde_json::to_string(&head).map_err(|e| Failure::Other(e.to_string()))?);
        for (sizes, _, _) in &rows {
            let res = mt_error_class(sizes, samples, seed, &orders, threads, shard, v)?;
            for (o, runs) in orders.iter().zip(res) {
                let ids = (0..samples).filter(|i| i % n == k - 1);
                for (sample, run) in ids.zip(runs) {
                    let line = ShardLine { heaps: sizes_text(sizes), order: o.key().to_string(), sample, run };
                    print(serde_json::to_string(&line).map_err(|e| Failure::Other(e.to_string()))?);
                }
            }
        }
        return Ok(());
    }
    let mut report = TableReport::new(&orders, as_json);
    for row in &rows {
        let res = mt_error_class(row.0, samples, seed, &orders, threads, None, v)?;
        report.class(row, &res, &print);
    }
    report.average(rows.len(), &print);
    Ok(())
}

/// Prints Tables 5 and 6 class by class, the same for a single run and a
/// merge of shards.
struct TableReport<'o> {
    orders: &'o [BranchOrder],
    as_json: bool,
    sums: Vec<[f64; 6]>,
}

impl<'o> TableReport<'o> {
    fn new(orders: &'o [BranchOrder], as_json: bool) -> TableReport<'o> {
        TableReport { orders, as_json, sums: vec![[0.0; 6]; orders.len()] }
    }
    /// One class's rows from its runs (per order, in sample order).
    fn class(&mut self, (sizes, p5, p6): &Table56Row, res: &[Vec<RunResult>], print: &dyn Fn(String)) {
        for (k, o) in self.orders.iter().enumerate() {
            let runs = &res[k];
            let n = runs.len() as f64;
            let se: Vec<f64> = (0..6).map(|j| (runs.iter().map(|r| r.sq_err[j]).sum::<f64>() / n).sqrt()).collect();
            let inside: Vec<f64> = (0..6).map(|j| runs.iter().filter(|r| r.inside[j]).count() as f64 / n).collect();
            let unb: Vec<f64> = (0..6).map(|j| runs.iter().filter(|r| r.unbounded[j]).count() as f64 / n).collect();
            let nodes = runs.iter().map(|r| r.nodes as f64).sum::<f64>() / n;
            for (sum, e) in self.sums[k].iter_mut().zip(&se) {
                *sum += e;
            }
            let paper = if *o == BranchOrder::Temperature { p6 } else { p5 };
            if self.as_json {
                let mut row = json!({
                    "heaps": sizes_text(sizes), "order": o.key(), "samples": runs.len(),
                    "se": se, "se_paper": paper.to_vec(),
                    "bounds_contain_exact": inside, "t_ub_infinite": unb, "avg_nodes_at_d075": nodes,
                });
                if runs.iter().all(|r| r.sq_err_least.is_some()) {
                    let least: Vec<f64> = (0..6).map(|j| (runs.iter().filter_map(|r| r.sq_err_least).map(|e| e[j]).sum::<f64>() / n).sqrt()).collect();
                    row["se_least"] = json!(least);
                }
                print(row.to_string());
            } else {
                let f = |v: &[f64]| v.iter().map(|x| format!("{x:>5.2}")).collect::<Vec<_>>().join(" ");
                print(format!("{:<10} {:<11} ours  {}   paper {}", sizes_text(sizes), o, f(&se), f(paper)));
            }
        }
    }
    /// The average rows, when there was more than one class.
    fn average(&self, classes: usize, print: &dyn Fn(String)) {
        if classes <= 1 {
            return;
        }
        for (k, o) in self.orders.iter().enumerate() {
            let avg: Vec<f64> = self.sums[k].iter().map(|s| s / classes as f64).collect();
            let paper = if *o == BranchOrder::Temperature { PAPER_AVG_6 } else { PAPER_AVG_5 };
            if self.as_json {
                print(json!({"heaps": "average", "order": o.key(), "se": avg, "se_paper": paper.to_vec()}).to_string());
            } else {
                let f = |v: &[f64]| v.iter().map(|x| format!("{x:>5.2}")).collect::<Vec<_>>().join(" ");
                print(format!("{:<10} {:<11} ours  {}   paper {}", "average", o, f(&avg), f(&paper)));
            }
        }
    }
}

/// `cgt experiment merge`: the shards' lines back into one run's tables.
fn merge(files: &[std::path::PathBuf], partial: bool, as_json: bool) -> Result<(), Failure> {
    let mut head: Option<MtErrorRun> = None;
    let mut seen_shards: Vec<usize> = Vec::new();
    // (heaps, order) -> runs by sample.
    let mut runs: std::collections::HashMap<(String, String), Vec<Option<RunResult>>> = std::collections::HashMap::new();
    for path in files {
        let name = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines.next().ok_or_else(|| Failure::Input(format!("{name}: empty (expected the output of `cgt experiment mt-error --shard K/N`)")))?;
        let h: MtErrorRun = serde_json::from_str(first)
            .map_err(|e| Failure::Input(format!("{name}, line 1: not a shard's header ({e}); expected the output of `cgt experiment mt-error --shard K/N`")))?;
        match &head {
            None => head = Some(h.clone()),
            Some(h0) => {
                let same = MtErrorRun { shard: h.shard, ..h0.clone() };
                if same != h {
                    if same.engine != h.engine {
                        let show = |e: &Option<String>| e.clone().unwrap_or_else(|| "none (written before 2026-11-28)".into());
                        return Err(Failure::Input(format!(
                            "{name}: written by another engine (fingerprint {}) than the first file (fingerprint {}); shards of different selection rules cannot merge",
                            show(&h.engine),
                            show(&h0.engine)
                        )));
                    }
                    return Err(Failure::Input(format!(
                        "{name}: its settings differ from the first file's (samples, seed, classes, orders and variant must be the same)"
                    )));
                }
            }
        }
        let h0 = head.as_ref().expect("set above");
        let (k, n) = h.shard;
        if n != h0.shard.1 || k == 0 || k > n {
            return Err(Failure::Input(format!("{name}: shard {k}/{n}, but the first file is one of {} shards", h0.shard.1)));
        }
        if seen_shards.contains(&k) {
            return Err(Failure::Input(format!("{name}: shard {k}/{n} is given twice")));
        }
        seen_shards.push(k);
        for (i, line) in lines {
            let l: ShardLine = serde_json::from_str(line).map_err(|e| Failure::Input(format!("{name}, line {}: {e}", i + 1)))?;
            if l.sample >= h0.samples || l.sample % n != k - 1 {
                return Err(Failure::Input(format!("{name}, line {}: sample {} does not belong to shard {k}/{n} of {} samples", i + 1, l.sample, h0.samples)));
            }
            let slot = runs.entry((l.heaps.clone(), l.order.clone())).or_insert_with(|| vec![None; h0.samples]);
            if slot[l.sample].replace(l.run).is_some() {
                return Err(Failure::Input(format!("{name}, line {}: class {} order {} sample {} is given twice", i + 1, l.heaps, l.order, l.sample)));
            }
        }
    }
    let head = head.ok_or_else(|| Failure::Input("no files".into()))?;
    let n = head.shard.1;
    if let Some(k) = (1..=n).find(|k| !seen_shards.contains(k) && !partial) {
        return Err(Failure::Input(format!("shard {k}/{n} is missing (--partial for the tables over the shards given)")));
    }
    let orders = head.orders.iter().map(|o| parse_orders(o).map(|v| v[0])).collect::<Result<Vec<_>, _>>()?;
    let rows: Vec<&Table56Row> = pick_classes(&TABLE_5_6, |r| r.0, &head.classes)?;
    let print = |line: String| println!("{line}");
    let mut report = TableReport::new(&orders, as_json);
    let mut classes = 0;
    for row in &rows {
        let mut res = Vec::new();
        for o in &orders {
            let key = (sizes_text(row.0), o.key().to_string());
            let got = runs.remove(&key).unwrap_or_else(|| vec![None; head.samples]);
            let present: Vec<RunResult> = if partial {
                got.into_iter().flatten().collect()
            } else {
                let all: Option<Vec<RunResult>> = got.into_iter().collect();
                all.ok_or_else(|| Failure::Input(format!("class {} order {}: some samples are missing from the shards", key.0, key.1)))?
            };
            res.push(present);
        }
        // A partial merge leaves out the classes no shard has reached.
        if res.iter().any(Vec::is_empty) {
            continue;
        }
        report.class(row, &res, &print);
        classes += 1;
    }
    report.average(classes, &print);
    Ok(())
}

/// One sum's figures for `tds-vs-mt`.
struct TdsSample {
    /// MT-search's squared error and explored-tree size at each d.
    mt: [(f64, usize); 6],
    /// TDS's squared error with MT-search's tree size as its node budget.
    tds: [f64; 6],
    /// TDS run to the end: nodes, positions generated, exact and equal to
    /// the exact temperature and mean.
    full_nodes: usize,
    full_positions: usize,
    full_right: bool,
}

fn tds_sample(g: &HeapGo, order: BranchOrder, sample_seed: u64) -> Result<TdsSample, String> {
    use cgt::rulesets::heapgo::HeapGoTree;
    use cgt::search::mt::{MtConfig, MtEngine};
    use cgt::search::tds::{tds, TdsConfig};
    let a = g.analyse(50_000_000).map_err(|e| format!("{g}: {e}"))?;
    let terminals: f64 = a.terminals.to_string().parse().unwrap_or(f64::INFINITY);
    let exact = a.thermograph.temperature().clone();
    let exact_f = classical(&exact);
    let tree = HeapGoTree::ordered(g, order, sample_seed, 1 << 20).map_err(|e| e.to_string())?;
    let h = g.heaps().len() as f64;
    let mut e = MtEngine::new(MtConfig::with_seed(sample_seed));
    let mut out = TdsSample { mt: [(0.0, 0); 6], tds: [0.0; 6], full_nodes: 0, full_positions: 0, full_right: false };
    for (j, d) in DS.iter().enumerate() {
        let budget = (h * terminals.powf(*d)).ceil() as usize;
        e.run(&tree, budget).map_err(|err| err.to_string())?;
        let t = classical(&e.estimate().temperature);
        let nodes = e.tree().len();
        out.mt[j] = ((t - exact_f).powi(2), nodes);
        let r = tds(&tree, &TdsConfig::with_budget(nodes)).map_err(|err| err.to_string())?;
        out.tds[j] = (classical(&r.temperature) - exact_f).powi(2);
    }
    // Unverified: each answer is checked against the exact one here (the
    // node counts in research/mt-search-notebook.md are of single runs).
    let full = tds(&tree, &TdsConfig { verify: false, ..TdsConfig::default() }).map_err(|err| err.to_string())?;
    out.full_nodes = full.nodes;
    out.full_positions = full.positions;
    // A number's thermograph temperature is negative; TDS reports the
    // classical temperature there (0) from minimax.
    out.full_right = full.exact && &full.mean == a.thermograph.mean() && (full.temperature == exact || (exact.is_negative() && full.temperature.is_zero()));
    Ok(out)
}

fn tds_vs_mt(samples: usize, seed: u64, classes: &[String], order: BranchOrder, threads: usize, as_json: bool) -> Result<(), Failure> {
    let rows: Vec<&Table56Row> = pick_classes(&TABLE_5_6, |r| r.0, classes)?;
    if !as_json {
        println!("TDS beside MT-search ({samples} sums a class, seed {seed}, MT-search order {order}): standard error of the temperature at d = 0.50 ... 0.75, TDS given as many nodes as MT-search's explored tree");
    }
    for (sizes, _, _) in &rows {
        let mut rng = SplitMix64::new(seed ^ hash_sizes(sizes));
        let mut games = Vec::with_capacity(samples);
        for _ in 0..samples {
            games.push(HeapGo::random(sizes, &mut rng).map_err(|e| Failure::Other(e.to_string()))?);
        }
        let results = on_threads(samples, threads, |i| tds_sample(&games[i], order, sample_seed(seed, sizes, i)));
        let runs: Vec<TdsSample> = results.into_iter().collect::<Result<_, _>>().map_err(Failure::Other)?;
        let n = runs.len() as f64;
        let se = |f: &dyn Fn(&TdsSample) -> f64| (runs.iter().map(f).sum::<f64>() / n).sqrt();
        let mt_se: Vec<f64> = (0..6).map(|j| se(&|r| r.mt[j].0)).collect();
        let tds_se: Vec<f64> = (0..6).map(|j| se(&|r| r.tds[j])).collect();
        let mt_nodes: Vec<f64> = (0..6).map(|j| runs.iter().map(|r| r.mt[j].1 as f64).sum::<f64>() / n).collect();
        let full_nodes = runs.iter().map(|r| r.full_nodes as f64).sum::<f64>() / n;
        let full_positions = runs.iter().map(|r| r.full_positions as f64).sum::<f64>() / n;
        let right = runs.iter().filter(|r| r.full_right).count();
        if as_json {
            println!(
                "{}",
                json!({"heaps": sizes_text(sizes), "order": order.key(), "samples": samples, "mt_se": mt_se, "tds_se": tds_se, "mt_tree_nodes": mt_nodes,
                    "tds_nodes_to_exact": full_nodes, "tds_positions_to_exact": full_positions, "tds_exact_right": right})
            );
        } else {
            let f = |v: &[f64]| v.iter().map(|x| format!("{x:>5.2}")).collect::<Vec<_>>().join(" ");
            let g = |v: &[f64]| v.iter().map(|x| format!("{x:>7.0}")).collect::<Vec<_>>().join(" ");
            println!("{:<10} MT  {}   nodes {}", sizes_text(sizes), f(&mt_se), g(&mt_nodes));
            println!("{:<10} TDS {}   to exact: {full_nodes:.0} nodes, {full_positions:.0} positions; exact and right in {right} of {samples}", "", f(&tds_se));
        }
    }
    Ok(())
}

/// `f(0) ... f(n - 1)` on `threads` threads, each taking the next index
/// as it is free; the results in index order (they do not depend on the
/// threads).
fn on_threads<T: Send>(n: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<Option<T>>> = std::sync::Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|sc| {
        for _ in 0..threads.max(1) {
            sc.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let r = f(i);
                results.lock().expect("no worker panics")[i] = Some(r);
            });
        }
    });
    results.into_inner().expect("no worker panics").into_iter().map(|r| r.expect("every index ran")).collect()
}

/// The seed of sample `i` of a class (its branch order and the engine's noise).
fn sample_seed(seed: u64, sizes: &[usize], i: usize) -> u64 {
    seed ^ hash_sizes(sizes) ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn hash_sizes(s: &[usize]) -> u64 {
    s.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| (h ^ x as u64).wrapping_mul(0x100_0000_01b3))
}

#[allow(clippy::too_many_arguments)]
fn scale_tables(
    ks: &[u32],
    playouts: &[u32],
    iterations: &[u32],
    algo: &str,
    seed: u64,
    prune: bool,
    test: Option<f64>,
    max_stalk: usize,
    as_json: bool,
) -> Result<(), Failure> {
    use cgt::numbers::Q;
    use cgt::rulesets::hackenbush::scale::{scale, ClassRule, ScaleConfig, MAX_STALK};
    use cgt::rulesets::hackenbush::Hackenbush;
    let algo = algo.parse().map_err(Failure::Input)?;
    if ks.iter().any(|&k| k == 0 || k > 100) || max_stalk > MAX_STALK || playouts.contains(&0) || iterations.contains(&0) {
        return Err(Failure::Input(format!("k in 1..=100, playouts and iterations at least 1, --max-stalk at most {MAX_STALK}")));
    }
    let rule = match test {
        Some(z) if z > 0.0 => ClassRule::Test(z),
        Some(z) => return Err(Failure::Input(format!("--test {z} is not a positive z"))),
        None => ClassRule::Margin(0.4),
    };
    let mut tables = Vec::new();
    let mut md = String::new();
    let t_all = std::time::Instant::now();
    for &k in ks {
        let pos: Hackenbush = format!("stalk:b{}", "r".repeat(k as usize)).parse().map_err(|e| Failure::Other(format!("{e}")))?;
        let want = Q::pow2_neg(u64::from(k));
        md.push_str(&format!(
            "\n| 1/{} | {} |\n|---|{}\n",
            1u128 << k,
            iterations.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(" | "),
            "---|".repeat(iterations.len())
        ));
        let mut rows = Vec::new();
        for &p in playouts {
            let mut cells = Vec::new();
            let mut line = format!("| {p} |");
            for &it in iterations {
                let cfg = ScaleConfig { algo, playouts: p, iterations: it, seed, rule, prune, max_stalk, ..ScaleConfig::default() };
                let t0 = std::time::Instant::now();
                let r = scale(&pos, &cfg, &mut |_| {}, &mut |_| true).expect("not cancelled");
                let ms = t0.elapsed().as_secs_f64() * 1e3;
                let last = r.steps.last().map(|s| (s.result.blue_rate, s.result.red_rate)).unwrap_or((0.0, 0.0));
                let est = r.estimate.as_ref().map(|e| e.to_string());
                let right = est.as_deref() == Some(want.to_string().as_str());
                let cell = match (&est, right) {
                    (_, true) => format!("{:.2}, {:.2}", last.0, last.1),
                    (Some(e), false) => format!("**{e}**"),
                    (None, _) => "**F**".to_string(),
                };
                line.push_str(&format!(" {cell} |"));
                cells.push(json!({ "iterations": it, "estimate": est, "right": right, "failed": r.failed, "rates_at_end": [last.0, last.1], "weighings": r.steps.len(), "ms": (ms * 10.0).round() / 10.0 }));
            }
            md.push_str(&line);
            md.push('\n');
            rows.push(json!({ "playouts": p, "cells": cells }));
        }
        tables.push(json!({ "value": want.to_string(), "rows": rows }));
    }
    let secs = t_all.elapsed().as_secs_f64();
    if as_json {
        println!(
            "{}",
            json!({ "experiment": "scale-tables", "algo": algo.to_string(), "seed": seed, "prune": prune, "rule": format!("{rule:?}"), "tables": tables, "seconds": (secs * 10.0).round() / 10.0 })
        );
    } else {
        println!("Scale Method, {algo}, seed {seed}, rule {rule:?}, prune {prune}: rows are playouts, columns iterations; a cell is the win rates (Blue starting, Red starting) at the balance when the value is right, the wrong value in bold, or **F** (safeguard).");
        print!("{md}");
        println!("\n({secs:.1} s in all)");
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn scale_walks(
    positions: &[String],
    seeds: u64,
    playouts: u32,
    iterations: u32,
    algo: &str,
    prune: bool,
    max_stalk: usize,
    as_json: bool,
) -> Result<(), Failure> {
    use cgt::canonical::Canon;
    use cgt::rulesets::hackenbush::scale::{scale, ScaleConfig, MAX_STALK};
    use cgt::rulesets::hackenbush::{Hackenbush, Rules};
    let algo = algo.parse().map_err(Failure::Input)?;
    if seeds == 0 || playouts == 0 || iterations == 0 || max_stalk > MAX_STALK {
        return Err(Failure::Input(format!("--seeds, --playouts and --iterations at least 1, --max-stalk at most {MAX_STALK}")));
    }
    let mut rows = Vec::new();
    let mut md = String::from("| position | value | walk | right | wrong | failed | weighings (mean) | ms (mean) |\n|---|---|---|---|---|---|---|---|\n");
    let t_all = std::time::Instant::now();
    for text in positions {
        let pos: Hackenbush = text.parse().map_err(|e| Failure::Input(format!("{e}")))?;
        let mut canon = Canon::new();
        let id = pos.value(&mut canon, Rules::Classical, 2_000_000).map_err(|e| Failure::Input(format!("{text}: {e}")))?;
        let value = canon.as_number(id).cloned().ok_or_else(|| Failure::Input(format!("{text}: not a number")))?;
        for bisect in [false, true] {
            let (mut right, mut wrong, mut failed, mut weighings, mut ms) = (0u64, 0u64, 0u64, 0usize, 0.0f64);
            for seed in 1..=seeds {
                let cfg = ScaleConfig { algo, playouts, iterations, seed, prune, max_stalk, bisect, ..ScaleConfig::default() };
                let t0 = std::time::Instant::now();
                let r = scale(&pos, &cfg, &mut |_| {}, &mut |_| true).expect("not cancelled");
                ms += t0.elapsed().as_secs_f64() * 1e3;
                weighings += r.steps.len();
                match r.estimate.map(|e| e.to_string()) {
                    None => failed += 1,
                    Some(e) if e == value.to_string() => right += 1,
                    Some(_) => wrong += 1,
                }
            }
            let walk = if bisect { "bisection" } else { "thesis" };
            let mw = weighings as f64 / seeds as f64;
            let mms = ms / seeds as f64;
            md.push_str(&format!("| `{text}` | {value} | {walk} | {right} | {wrong} | {failed} | {mw:.1} | {mms:.0} |\n"));
            rows.push(json!({ "position": text, "value": value.to_string(), "walk": walk, "right": right, "wrong": wrong, "failed": failed, "mean_weighings": mw, "mean_ms": (mms * 10.0).round() / 10.0 }));
        }
    }
    let secs = t_all.elapsed().as_secs_f64();
    if as_json {
        println!(
            "{}",
            json!({ "experiment": "scale-walks", "algo": algo.to_string(), "playouts": playouts, "iterations": iterations, "seeds": seeds, "prune": prune, "rows": rows, "seconds": (secs * 10.0).round() / 10.0 })
        );
    } else {
        println!("Scale Method walks, {algo}, {playouts} playouts x {iterations} iterations, seeds 1..={seeds}, prune {prune}:");
        print!("{md}");
        println!("\n({secs:.1} s in all)");
    }
    Ok(())
}
