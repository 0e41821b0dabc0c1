//! `cgt`: the command-line tool over `cgt-core` (the contract users see:
//! README, "Command line"). A thin shell: parse arguments, call the
//! core, print text or one JSON object. Exit codes: 0 ok, 2 bad input, 1 other.

mod algebra;
mod args;
mod bench;
mod bench_sums;
mod experiment;
mod fuzz;
mod json;
mod memory;

use cgt::notation::{GameTree, ParseLimits};
use cgt::numbers::Q;
use cgt::rulesets::hackenbush::{Hackenbush, Rules};
use cgt::rulesets::heapgo::{BranchOrder, HeapGo};
use cgt::side::Side;
use clap::{CommandFactory, Parser, Subcommand};
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cgt",
    version,
    about = "Combinatorial game theory laboratory: exact values, thermographs, searches",
    after_help = "A game, heap or position that begins with '-' (-3, -{4|0}, -*) is read as one, not as an option; '-' alone reads one item per line from stdin and answers every line with one JSON line, in order, carrying the line as `input` (a blank or unreadable line gets an `error`)."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
    /// Stop with a message (exit code 1) before the work holds more than
    /// this many MiB; 0 for no cap. Default: CGT_MAX_MEMORY if set, else
    /// three quarters of the machine's memory.
    #[arg(long, global = true, value_name = "MIB")]
    max_memory: Option<u64>,
}

// One value of it is alive at a time (a command, a job's answer): its
// size does not matter, and boxing would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Cmd {
    /// A sum of games: exact VL and VR (Left / Right moving first) with every
    /// best first move, and the Milnor, Hanner, second-temperature and
    /// thermostatic brackets from the components alone (Yedwab, 1985).
    ///
    /// Components as separate arguments or as one 'G1 + G2 + ...'; '-' reads
    /// one sum per line from stdin (JSON Lines out).
    Sum {
        #[arg(required = true)]
        games: Vec<String>,
        /// Most positions the exact search may memoise (then brackets).
        #[arg(long, default_value_t = 2_000_000)]
        budget: usize,
        #[arg(long)]
        json: bool,
    },
    /// Play a sum with one strategy for each side (greedy, hotstrat,
    /// sentestrat, thermostrat, exact) and print the score and the moves;
    /// with --tournament, every strategy against every other.
    PlaySum {
        #[arg(required = true)]
        games: Vec<String>,
        #[arg(long, default_value = "exact")]
        left: String,
        #[arg(long, default_value = "exact")]
        right: String,
        /// Who moves first: left or right.
        #[arg(long, default_value = "left")]
        first: String,
        /// Every strategy against every other, both starters.
        #[arg(long)]
        tournament: bool,
        /// Memo budget of the exact strategy.
        #[arg(long, default_value_t = 2_000_000)]
        budget: usize,
        #[arg(long)]
        json: bool,
    },
    /// B* search for the best first move of a sum (Yedwab (1985), section 5.2),
    /// step by step, beside alpha-beta with the same move ordering: node
    /// counts of both.
    Bstar {
        #[arg(required = true)]
        games: Vec<String>,
        /// Right moves first (default Left).
        #[arg(long)]
        right: bool,
        /// Node ranges from `hanner` (Yedwab's thesis) or `tightest` (all bounds).
        #[arg(long, default_value = "hanner")]
        ranges: String,
        /// Most nodes for either search.
        #[arg(long, default_value_t = 1_000_000)]
        max_nodes: usize,
        #[arg(long)]
        json: bool,
    },
    /// Mean, temperature, stops, outcome and thermograph of a game.
    ///
    /// GAME uses the explorer's notation (CGSuite's), e.g. '14|2|||-2||-14|-16',
    /// '{4|0} + {{10|-3}|-5}', '^*', '+-3'; one beginning with '-' ('-3',
    /// '-{4|0}') is a game, not an option. Use '-' to read one game per line
    /// from stdin (JSON Lines out).
    Eval {
        game: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Classify gote and sente at this ambient temperature instead of
        /// just below the game's own (e.g. 0 for the last moves of a game).
        #[arg(long, value_name = "T", allow_hyphen_values = true)]
        ambient: Option<String>,
        /// Compute only these, comma-separated: canonical, mean,
        /// temperature, stops, outcome, number, thermograph, tree, sente,
        /// algebra (default: all). Scripts valuing many games are faster
        /// asking for what they use: --fields canonical,mean,temperature,stops
        #[arg(long, value_name = "LIST")]
        fields: Option<String>,
    },
    /// The thermograph's walls as exact breakpoints from t = -1 to the mast.
    Thermograph {
        game: String,
        #[arg(long)]
        json: bool,
        /// Also write the picture as SVG to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
        /// Also write the picture as TikZ (a `tikzpicture` for LaTeX, exact
        /// breakpoints) to this file.
        #[arg(long, value_name = "FILE")]
        tikz: Option<std::path::PathBuf>,
        /// Also write the game tree as TikZ (Winning Ways' drawing: Left's
        /// options down-left, Right's down-right, numbers at the leaves; up
        /// to 400 positions) to this file.
        #[arg(long, value_name = "FILE")]
        tree_tikz: Option<std::path::PathBuf>,
        /// Hide the sub-zero part (t < 0) in the SVG and TikZ pictures.
        #[arg(long)]
        classical: bool,
    },
    /// Compare two games: `<`, `>`, `=` or `||` (confused).
    ///
    /// Batch mode (JSON Lines out, one line per input line, with the line as
    /// `input`): `cgt compare - H` compares each line of stdin with H, `cgt
    /// compare G -` G with each line, and `cgt compare -` reads two games a
    /// line, separated by ';' ('{4|0} ; 2').
    Compare {
        g: String,
        /// The second game (optional only with `cgt compare -`).
        h: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Taxed values tVL(t), tVR(t): the walls at the given temperatures.
    Taxed {
        game: String,
        /// A temperature (exact: 1/2, 3, -1/4 ...); repeat for several.
        #[arg(long = "at", value_name = "T", required = true, allow_hyphen_values = true)]
        t: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Heap-go (Kao et al., 2012): exact mean, temperature, stops and the
    /// number of terminal nodes of a sum of heaps.
    ///
    /// HEAPS: heaps separated by '/', counters top-first separated by ',',
    /// a counter is its colour (b or r) and weight: 'b5,r3,b2/r7/b4,b1'.
    /// Use '-' to read one position per line from stdin (JSON Lines out).
    Heapgo {
        heaps: String,
        /// Give up past this many (positions, score) nodes.
        #[arg(long, default_value_t = 5_000_000)]
        max_positions: usize,
        #[arg(long)]
        json: bool,
        /// Also write the heaps as TikZ (each heap a column of counters, its
        /// top counter at the top) to this file.
        #[arg(long, value_name = "FILE")]
        tikz: Option<std::path::PathBuf>,
    },
    /// Replay MT-search additions: after each PATH=VALUE, the bounds of the
    /// mean and temperature (Kao et al. (2012); docs/mt-search.md).
    ///
    /// PATH is like L1R2 (the 2nd Right child of the root's 1st Left
    /// child); VALUE an exact number, or NOT_EXISTS (on a first child: that
    /// side is empty). Kao et al. (2012), Figure 7:
    /// cgt mt-replay L1R1L1=8 R1L1=-2 R2L1=2 R1R1L1=-10 L2R1=-2 L1L1=16 R1R1R1=-16 L1R1R1=2
    MtReplay {
        #[arg(required = true, value_name = "PATH=VALUE")]
        steps: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// MT-search (Kao et al., 2012) on a heap-go sum: bounds and point estimates of
    /// the mean and temperature after at most BUDGET added paths, beside
    /// the exact values.
    ///
    /// Selection rules: research/mt-selection-notebook.md. Same seed, same run.
    /// Example: cgt mt-search --heapgo 'b5,r3,b2/r7,b1/b4,r6' --budget 100 --seed 1
    MtSearch {
        /// The heap-go sum (as for `cgt heapgo`); '-' reads one per line.
        #[arg(long, value_name = "HEAPS", allow_hyphen_values = true)]
        heapgo: String,
        /// Most paths (terminal nodes) to add.
        #[arg(long, default_value_t = 100)]
        budget: usize,
        /// Seed of the selection noise (and of the branch order with --order random or shuffled).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Branch order: `heaps` (as written), `temperature` (hottest heap
        /// first at every node: Kao et al.'s Table 6), `random` (a seeded
        /// shuffle of the heaps: their Table 5) or `shuffled` (a seeded
        /// shuffle at every position, the other reading of Table 5).
        #[arg(long, default_value = "temperature")]
        order: BranchOrder,
        /// Also list every step: the path added and the bounds after it.
        #[arg(long)]
        trace: bool,
        /// Skip the exact solution (for sums too large to solve).
        #[arg(long)]
        no_exact: bool,
        /// The bounds reported as `m` and `t`: `paper` (Kao et al.'s model,
        /// which assumes a side with a known option has no other) or
        /// `sound` (no assumption: they hold under any branch order, and
        /// are wider until sides are fully listed).
        #[arg(long, default_value = "paper")]
        bounds: cgt::search::mt::BoundsModel,
        #[arg(long)]
        json: bool,
    },
    /// Temperature Discovery Search (Müller, Enzenberger and Schaeffer,
    /// AAAI 2004) on a heap-go sum or a typed game: the mean and
    /// temperature from alpha-beta searches of the game beside a coupon
    /// stack (Left first and Right first), the nodes they visited, and
    /// (for heap-go) the exact values beside.
    ///
    /// Exact when every subposition's temperature is a multiple of twice
    /// the coupon spacing; it is checked with half the spacing unless
    /// --no-verify. The
    /// reading and the proof: the docs of `cgt::search::tds`.
    /// Example: cgt tds --heapgo 'b5,r3,b2/r7,b1/b4,r6' --json
    Tds {
        /// The heap-go sum (as for `cgt heapgo`); '-' reads one per line.
        #[arg(long, value_name = "HEAPS", allow_hyphen_values = true, required_unless_present = "game", conflicts_with = "game")]
        heapgo: Option<String>,
        /// A typed game instead (as for `cgt eval`: '{3|-1} + {4|0}'); '-'
        /// reads one per line.
        #[arg(long, value_name = "GAME", allow_hyphen_values = true)]
        game: Option<String>,
        /// Most search nodes (visits of a game position with a stack
        /// height and a mover); no limit if not given.
        #[arg(long)]
        budget: Option<usize>,
        /// Coupon spacing (an exact positive number).
        #[arg(long, default_value = "1/64")]
        delta: Q,
        /// Top coupon of the first stack (doubled until Left first and
        /// Right first agree); default 1.
        #[arg(long)]
        top: Option<Q>,
        /// Search again with half the spacing; exact only if both agree
        /// (the default; kept for older scripts).
        #[arg(long, conflicts_with = "no_verify")]
        verify: bool,
        /// Skip that check (faster, but a too coarse spacing can then give
        /// a wrong answer marked exact).
        #[arg(long)]
        no_verify: bool,
        /// Branch order of the heap-go tree (as for `cgt mt-search`).
        #[arg(long, default_value = "temperature")]
        order: BranchOrder,
        /// Seed of the branch order with --order random.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Skip the exact solution of a heap-go sum.
        #[arg(long)]
        no_exact: bool,
        #[arg(long)]
        json: bool,
    },
    /// A position of any ruleset (docs/rulesets.md): the value of the whole
    /// and of each independent component (canonical form, mean,
    /// temperature, stops, outcome, thermograph), by the generic engine.
    // The longer help (`--help`) is `game_long_about`: its list of NAMEs is
    // the registry's, so it cannot leave a ruleset out.
    #[command(long_about = game_long_about())]
    Game {
        name: String,
        /// The position (required unless NAME is `list`).
        #[arg(allow_hyphen_values = true)]
        pos: Option<String>,
        /// Most positions (components) one position may need valued.
        #[arg(long, default_value_t = 2_000_000)]
        budget: usize,
        /// Also rate every move of this side (left or right): the value it
        /// leads to, whether it wins, whether it is dominated.
        #[arg(long, value_name = "SIDE")]
        moves: Option<String>,
        /// Misère play (impartial games: nim, heaps, kayles, dawson, grundy,
        /// cram): the player who cannot move wins. The outcome and winning
        /// moves are for misère play; `nim_value` stays the normal-play one.
        #[arg(long)]
        misere: bool,
        #[arg(long)]
        json: bool,
    },
    /// The game algebra of a game (or sum): its reduced canonical form
    /// (modulo infinitesimals), Left's and Right's undominated incentives
    /// (G^L - G, G - G^R) and its atomic weight, or why it has none.
    Algebra {
        game: String,
        #[arg(long)]
        json: bool,
    },
    /// Cooling G_t by a number T > -1: past its temperature a game cools
    /// to its mean; integers are never cooled (Conway, ONAG ch. 9).
    Cool {
        game: String,
        /// The temperature T (exact: 1, 1/2, -1/4 ...).
        #[arg(long, value_name = "T", allow_hyphen_values = true)]
        by: String,
        #[arg(long)]
        json: bool,
    },
    /// Chilling: cooling by 1 (Berlekamp and Wolfe, Mathematical Go).
    Chill {
        game: String,
        #[arg(long)]
        json: bool,
    },
    /// Warming: the inverse of chilling on Go values (overheating from 1*
    /// by 1*).
    Warm {
        game: String,
        #[arg(long)]
        json: bool,
    },
    /// Heating by a game T: numbers stay, every other form becomes
    /// {heated G^L + T | heated G^R - T} (on the canonical form).
    Heat {
        game: String,
        #[arg(long, value_name = "T", allow_hyphen_values = true)]
        by: String,
        #[arg(long)]
        json: bool,
    },
    /// Overheating from S > 0 by T: an integer n becomes n copies of S,
    /// every other form {G^L + T | G^R - T}, overheated.
    Overheat {
        game: String,
        #[arg(long, value_name = "S", allow_hyphen_values = true)]
        from: String,
        #[arg(long, value_name = "T", allow_hyphen_values = true)]
        by: String,
        #[arg(long)]
        json: bool,
    },
    /// Norton's product G.U by a positive game U: an integer n is n copies
    /// of U, any other G is {G^L.U + U + I | G^R.U - U - I} over U's
    /// incentives I.
    Norton {
        game: String,
        #[arg(long, value_name = "U", allow_hyphen_values = true)]
        by: String,
        #[arg(long)]
        json: bool,
    },
    /// The nim sequence G(0), G(1), ..., G(N) of a game played on heaps
    /// (Winning Ways ch. 4), with its period and preperiod: proven by the
    /// Guy-Smith periodicity theorem (Guy and Smith, 1956) for finite
    /// codes, else only observed; the saltus of an arithmetic period.
    ///
    /// RULE is a take-and-break code as CGSuite writes it: digit d_k says
    /// what removing k tokens from a heap may leave (1: nothing, when the
    /// heap had k; 2: one heap; 4: two heaps; 8: three, a hexadecimal
    /// digit), d0 before the point concerns removing none (4: split). E.g.
    /// 0.77 (Kayles), 0.07 (Dawson's Kayles), 0.137 (Dawson's Chess), 4.7,
    /// 0.F; brackets close a code with a block repeated for ever, 0.[3]
    /// (Nim); '!' after a digit asks unequal heaps (4!.0 is Grundy's game).
    /// Or a name: nim, grundy (split a heap into two unequal heaps),
    /// sub:1,3,4 (take 1, 3 or 4), allbut:1,2 (take any number but 1 or 2).
    /// '-' reads one rule per line from stdin (JSON Lines out). Methods and
    /// sources: docs/impartial.md.
    #[command(name = "nim-sequence")]
    NimSequence {
        rule: String,
        /// The last heap: G(0) to G(N) (at most 10^8; less for codes that
        /// leave three heaps or split with every k).
        #[arg(long, value_name = "N", default_value_t = 100)]
        to: u64,
        /// Compute up to G(M) (past N) while a period may still be proven
        /// (default: N or 10000, whichever is larger); values past N are
        /// not printed.
        #[arg(long, value_name = "M")]
        search_to: Option<u64>,
        /// The engine: auto (the plain bitset mex, then the rare-value
        /// method where it pays), plain or sparse. Same values either way.
        #[arg(long, default_value = "auto")]
        method: cgt::impartial::Method,
        #[arg(long)]
        json: bool,
    },
    /// The misère quotient (Plambeck and Siegel, 2008) of a heap game's
    /// positions with heaps up to N: the commutative monoid whose product
    /// of the heaps' elements tells the misère outcome of any sum of them,
    /// its presentation, P-portion and pretending function (heap n's
    /// element). Proven for every position of heaps up to N, however many
    /// heaps; RULE as for nim-sequence (0.77, 0.75, 0.137, sub:1,2, ...).
    #[command(name = "misere-quotient")]
    MisereQuotient {
        rule: String,
        /// The largest heap (at most 1000; 200 for codes that leave three
        /// heaps or split after taking any number).
        #[arg(long, value_name = "N", default_value_t = 20)]
        to: usize,
        /// Work units allowed (one per option class computed).
        #[arg(long, default_value_t = 2_000_000_000)]
        budget: u64,
        #[arg(long)]
        json: bool,
    },
    /// A loopy game (positions that can repeat; Winning Ways ch. 11-12,
    /// Siegel 2013 ch. VI), as CGSuite writes it: {0|pass}, a:{0|{a|*}},
    /// on, off, over, under, upon, dud, short games, sums and negation
    /// (on + off). Prints the game read (minimised), its outcome with draws
    /// (who wins with each player moving first, or a draw), whether it is
    /// a stopper and then its simplest form, and with --compare its order
    /// against another (defined for stoppers: G >= H when Left, moving
    /// second, survives G - H).
    Loopy {
        game: String,
        /// A second game to compare with (both must be stoppers).
        #[arg(long, value_name = "H")]
        compare: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Hackenbush positions: exact values and Monte Carlo estimates (Koene, 2024).
    Hackenbush {
        #[command(subcommand)]
        which: HackenbushCmd,
    },
    /// Reproducible experiments: the tables of Kao et al. (2012) and Koene
    /// (2024), computed again beside theirs.
    Experiment {
        #[command(subcommand)]
        which: experiment::Which,
    },
    /// Benchmarks (figures as JSON).
    Bench {
        #[command(subcommand)]
        which: bench::Which,
    },
    /// Fuzz every parser of the core (game notation, numbers, heap-go,
    /// Hackenbush, every ruleset's positions and moves, SGF, search paths)
    /// for a fixed time: each finding (a panic, or a text that does not
    /// read back as itself) prints as one JSON line with its input, and the
    /// exit code is 1 if there was any. Deterministic in --seed. The
    /// coverage-guided targets are in fuzz/ (README, "Fuzzing").
    Fuzz {
        /// How long to run.
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        /// Stop after this many inputs instead (a reproducible run).
        #[arg(long)]
        iterations: Option<u64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only these targets (default: all).
        #[arg(long = "target", value_name = "NAME")]
        targets: Vec<String>,
        /// Print every input before it runs (to find one that crashes the
        /// process, such as a stack overflow).
        #[arg(long)]
        verbose: bool,
    },
}

/// `cgt game --help`: the summary, then every ruleset of the core's
/// registry by name (in the registry's order).
fn game_long_about() -> String {
    let names: Vec<&str> = cgt::rulesets::registry::RULESETS.iter().map(|r| r.name).collect();
    format!(
        "A position of any ruleset (docs/rulesets.md): the value of the whole and of each independent component \
         (canonical form, mean, temperature, stops, outcome, thermograph), by the generic engine.\n\n\
         NAME is one of: {} (`cgt game list` lists them with their text formats and sources). POS is the \
         position's text, e.g. `cgt game domineering '...|...|...'`; '-' reads one position per line from stdin \
         (JSON Lines out: one line per input line, with the line as `input`).",
        names.join(", ")
    )
}

#[derive(Subcommand)]
enum HackenbushCmd {
    /// The exact value (canonical form) of a position, and of each part
    /// standing separately on the ground.
    ///
    /// POS is edges `u-v:c` (0 is the ground; c is b, r or g) and stalks
    /// `stalk:brr`, e.g. '0-1:b 1-2:r 1-3:g stalk:rb'. Use '-' to read one
    /// position per line from stdin (JSON Lines out).
    Value {
        pos: String,
        /// Two-Move Hackenbush: each turn removes two edges at once.
        #[arg(long)]
        two_move: bool,
        /// Give up past this many positions (per part under the usual rules).
        #[arg(long, default_value_t = 2_000_000)]
        max_positions: usize,
        #[arg(long)]
        json: bool,
    },
    /// Estimate a value by the Monte Carlo Scale Method (Koene, 2024): weigh
    /// the position against a growing stalk until the players' games say P.
    Scale {
        pos: String,
        #[command(flatten)]
        mc: McArgs,
        /// Safeguard: the longest weighing stalk before giving up.
        #[arg(long, default_value_t = 40)]
        max_stalk: usize,
        /// Skip dominated chops everywhere (a chop that drops one's own
        /// edge), not only in the weighing stalk (Blue-Red positions).
        #[arg(long)]
        prune: bool,
        /// Weigh each part on the ground separately (each distinct part once).
        #[arg(long)]
        components: bool,
        /// Play every random playout out instead of drawing it from its exact
        /// odds (same statistics; for checking and timing).
        #[arg(long)]
        simulate: bool,
        /// Bisect on the value (galloping over the integer part) instead of
        /// growing the stalk an edge per weighing.
        #[arg(long)]
        bisect: bool,
        #[arg(long)]
        json: bool,
    },
    /// The outcome class by Monte Carlo games with each side starting.
    Outcome {
        pos: String,
        /// Two-Move Hackenbush: each turn removes two edges at once.
        #[arg(long)]
        two_move: bool,
        #[command(flatten)]
        mc: McArgs,
        #[arg(long)]
        json: bool,
    },
}

/// The Monte Carlo players' settings shared by `scale` and `outcome`.
#[derive(clap::Args, Clone)]
struct McArgs {
    /// `uct` or `pure` (Pure Monte Carlo).
    #[arg(long, default_value = "uct")]
    algo: String,
    /// Games per starting side for each outcome class.
    #[arg(long, default_value_t = 100)]
    playouts: u32,
    /// The players' budget per move (UCT iterations; Pure MC games per move).
    #[arg(long, default_value_t = 600)]
    iterations: u32,
    #[arg(long, default_value_t = 2)]
    seed: u64,
    /// Koene's (2024) margin rule.
    #[arg(long, default_value_t = 0.4)]
    margin: f64,
    /// Instead of the margin: a z-test on the difference of the win rates
    /// at this z (e.g. 3).
    #[arg(long)]
    test: Option<f64>,
}

impl McArgs {
    fn config(&self) -> Result<cgt::rulesets::hackenbush::scale::ScaleConfig, Failure> {
        use cgt::rulesets::hackenbush::scale::{ClassRule, ScaleConfig};
        let algo = self.algo.parse().map_err(Failure::Input)?;
        if self.playouts == 0 || self.iterations == 0 {
            return Err(Failure::Input("--playouts and --iterations must be at least 1".into()));
        }
        if !(0.0..=0.5).contains(&self.margin) {
            return Err(Failure::Input(format!("--margin {} is not between 0 and 0.5", self.margin)));
        }
        let rule = match self.test {
            Some(z) if z.is_finite() && z > 0.0 => ClassRule::Test(z),
            Some(z) => return Err(Failure::Input(format!("--test {z} is not a positive z"))),
            None => ClassRule::Margin(self.margin),
        };
        Ok(ScaleConfig { algo, playouts: self.playouts, iterations: self.iterations, rule, seed: self.seed, ..ScaleConfig::default() })
    }
}

/// A sum's components, parsed and indexed (errors name the component).
fn sum_games<S: AsRef<str>>(parts: &[S]) -> Result<cgt::sums::SumGames, Failure> {
    let trees = cgt::sums::parse_components(parts, &ParseLimits::default()).map_err(|e| Failure::Input(format!("sum: {e}")))?;
    cgt::sums::SumGames::from_trees(&trees, cgt::sums::MAX_POSITIONS * 10).map_err(|e| Failure::Input(format!("sum: {e}")))
}

fn print_one((v, text): (Value, String), as_json: bool) -> Result<(), Failure> {
    if as_json {
        println!("{v}");
    } else {
        print!("{text}");
    }
    Ok(())
}

/// Bad input (exit 2) or another failure (exit 1).
pub enum Failure {
    Input(String),
    Other(String),
}

fn parse_game(src: &str) -> Result<GameTree, Failure> {
    GameTree::parse_with(src, &ParseLimits::default()).map_err(|e| Failure::Input(format!("game {}: {e}", quote_short(src))))
}

/// The input, quoted, shortened to about 60 characters (the column says where).
pub(crate) fn quote_short(src: &str) -> String {
    let n = src.chars().count();
    if n <= 60 {
        format!("{src:?}")
    } else {
        let head: String = src.chars().take(57).collect();
        format!("{head:?}… ({n} characters)")
    }
}

fn parse_q(s: &str) -> Result<Q, Failure> {
    s.parse::<Q>().map_err(|e| Failure::Input(format!("temperature {s:?}: {e}")))
}

/// Run `f` on ARG, or on every line of stdin when ARG is `-` (as `each_game`).
fn each_line(arg: &str, as_json: bool, f: impl Fn(&str) -> Result<(Value, String), Failure>) -> Result<(), Failure> {
    if arg == "-" {
        return batch(f);
    }
    let out = std::io::stdout();
    let mut out = out.lock();
    let io = |e: std::io::Error| Failure::Other(format!("writing output: {e}"));
    let (v, text) = f(arg)?;
    if as_json {
        writeln!(out, "{v}").map_err(io)?;
    } else {
        write!(out, "{text}").map_err(io)?;
    }
    Ok(())
}

/// Batch mode: one JSON line for every line of stdin, in order, each with
/// the line as `input` (so a script can realign answers with questions).
/// A blank line, a line that is not UTF-8 text, or one `f` refuses gets
/// `{"input": ..., "error": ...}`, and the rest go on.
fn batch(f: impl Fn(&str) -> Result<(Value, String), Failure>) -> Result<(), Failure> {
    let out = std::io::stdout();
    let mut out = out.lock();
    let io = |e: std::io::Error| Failure::Other(format!("writing output: {e}"));
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let n = input.read_until(b'\n', &mut bytes).map_err(|e| Failure::Other(format!("reading stdin: {e}")))?;
        if n == 0 {
            return Ok(());
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        writeln!(out, "{}", batch_answer(&bytes, &f)).map_err(io)?;
    }
}

/// The JSON line answering one line of batch input (its bytes, without the
/// line break).
fn batch_answer(bytes: &[u8], f: impl Fn(&str) -> Result<(Value, String), Failure>) -> Value {
    let line = match std::str::from_utf8(bytes) {
        Ok(line) => line,
        Err(e) => {
            let text = String::from_utf8_lossy(bytes);
            return json!({ "input": text, "error": format!("the line is not UTF-8 text (byte {} is not)", e.valid_up_to() + 1) });
        }
    };
    if line.trim().is_empty() {
        return json!({ "input": line, "error": "blank line: nothing to read" });
    }
    match f(line) {
        Ok((Value::Object(mut m), _)) => {
            m.insert("input".into(), Value::String(line.to_string()));
            Value::Object(m)
        }
        Ok((v, _)) => json!({ "input": line, "answer": v }),
        Err(Failure::Input(m)) | Err(Failure::Other(m)) => json!({ "input": line, "error": m }),
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.cmd {
        Cmd::Sum { games, budget, json } => {
            if games.len() == 1 {
                each_line(&games[0], json, |line| sum_games(&cgt::sums::split_components(line)).map(|g| json::sum(&g, budget)))
            } else {
                let g = sum_games(&games)?;
                print_one(json::sum(&g, budget), json)
            }
        }
        Cmd::PlaySum { games, left, right, first, tournament, budget, json } => {
            let parts = if games.len() == 1 { cgt::sums::split_components(&games[0]) } else { games };
            let g = sum_games(&parts)?;
            let first = match first.as_str() {
                "left" | "l" | "L" => Side::Left,
                "right" | "r" | "R" => Side::Right,
                other => return Err(Failure::Input(format!("--first {other:?}: expected left or right"))),
            };
            if tournament {
                print_one(json::tournament(&g, budget), json)
            } else {
                let strat = |s: &str| s.parse::<cgt::sums::strategy::Strategy>().map_err(|e| Failure::Input(e.to_string()));
                print_one(json::play_sum(&g, strat(&left)?, strat(&right)?, first, budget), json)
            }
        }
        Cmd::Bstar { games, right, ranges, max_nodes, json } => {
            let parts = if games.len() == 1 { cgt::sums::split_components(&games[0]) } else { games };
            let g = sum_games(&parts)?;
            let ranges = match ranges.as_str() {
                "hanner" => cgt::sums::bstar::Ranges::Hanner,
                "tightest" => cgt::sums::bstar::Ranges::Tightest,
                other => return Err(Failure::Input(format!("--ranges {other:?}: expected hanner or tightest"))),
            };
            let side = if right { Side::Right } else { Side::Left };
            print_one(json::bstar(&g, side, ranges, max_nodes), json)
        }
        Cmd::Eval { game, json, ambient, fields } => {
            let ambient = ambient.as_deref().map(parse_q).transpose()?;
            let fields = match fields.as_deref() {
                None => json::Fields::all(),
                Some(list) => json::Fields::parse(list).map_err(Failure::Input)?,
            };
            // Valued through canonical forms, component by component: a
            // sum's own tree is never built.
            each_line(&game, json, |line| {
                let mut a = json::analyse_for(line, &fields)?;
                Ok(json::eval(&mut a, line, ambient.as_ref(), &fields))
            })
        }
        Cmd::Algebra { game, json } => each_line(&game, json, algebra::algebra),
        Cmd::Cool { game, by, json } => each_line(&game, json, |g| algebra::transform(g, &algebra::Op::Cool(&by))),
        Cmd::Chill { game, json } => each_line(&game, json, |g| algebra::transform(g, &algebra::Op::Chill)),
        Cmd::Warm { game, json } => each_line(&game, json, |g| algebra::transform(g, &algebra::Op::Warm)),
        Cmd::Heat { game, by, json } => each_line(&game, json, |g| algebra::transform(g, &algebra::Op::Heat(&by))),
        Cmd::Overheat { game, from, by, json } => each_line(&game, json, |g| algebra::transform(g, &algebra::Op::Overheat { from: &from, by: &by })),
        Cmd::Norton { game, by, json } => each_line(&game, json, |g| algebra::transform(g, &algebra::Op::Norton(&by))),
        Cmd::Thermograph { game, json, svg, tikz, tree_tikz, classical } => each_line(&game, json, |line| {
            let a = json::analyse(line)?;
            let g = &a.tree;
            let th = json::root_thermograph(&a);
            let opts = cgt_draw::DrawOptions { show_subzero: !classical, ..Default::default() };
            if let Some(path) = &svg {
                let text = cgt_draw::thermograph_svg(&th, 800, 500, &opts);
                std::fs::write(path, text).map_err(|e| Failure::Other(format!("writing {}: {e}", path.display())))?;
            }
            if let Some(path) = &tikz {
                let text = cgt_draw::tikz::thermograph_tikz(&th, &opts)
                    .ok_or_else(|| Failure::Input("a value is too large to place in a picture (the exact walls are in --json)".into()))?;
                std::fs::write(path, text).map_err(|e| Failure::Other(format!("writing {}: {e}", path.display())))?;
            }
            if let Some(path) = &tree_tikz {
                let text = cgt_draw::tikz_pictures::game_tree_tikz(g.arena(), g.root(), &cgt_draw::Palette::LIGHT).ok_or_else(|| {
                    Failure::Input(format!(
                        "the game tree has more than {} positions drawn out: too large for a picture",
                        cgt_draw::tikz_pictures::TREE_MAX_NODES
                    ))
                })?;
                std::fs::write(path, text).map_err(|e| Failure::Other(format!("writing {}: {e}", path.display())))?;
            }
            Ok((json::thermograph(&th), json::thermograph_text(&th)))
        }),
        Cmd::Compare { g, h, json } => {
            // Compared as canonical sums: no game tree is built.
            let compare = |g: &str, h: &str| {
                let expr =
                    |src: &str| cgt::notation::parse_expr(src, &ParseLimits::default()).map_err(|e| Failure::Input(format!("game {}: {e}", quote_short(src))));
                json::compare(&expr(g)?, &expr(h)?).map_err(|e| Failure::Input(e.to_string()))
            };
            match (g.as_str(), h.as_deref()) {
                ("-", None | Some("-")) => batch(|line| {
                    let parts: Vec<&str> = line.split(';').collect();
                    match parts.as_slice() {
                        [a, b] => compare(a.trim(), b.trim()),
                        _ => Err(Failure::Input(format!("{}: expected two games separated by one ';', e.g. '{{4|0}} ; 2'", quote_short(line)))),
                    }
                }),
                ("-", Some(h)) => batch(|line| compare(line, h)),
                (g, Some("-")) => batch(|line| compare(g, line)),
                (g, Some(h)) => print_one(compare(g, h)?, json),
                (_, None) => Err(Failure::Input("compare: give two games G H (or '-' for either, or 'cgt compare -' with 'G ; H' lines on stdin)".into())),
            }
        }
        Cmd::Taxed { game, t, json } => {
            let ts: Vec<Q> = t.iter().map(|s| parse_q(s)).collect::<Result<_, _>>()?;
            each_line(&game, json, |line| Ok(json::taxed(&json::root_thermograph(&json::analyse(line)?), &ts)))
        }
        Cmd::Hackenbush { which: HackenbushCmd::Value { pos, two_move, max_positions, json } } => {
            let rules = if two_move { Rules::TwoMove } else { Rules::Classical };
            each_line(&pos, json, |line| {
                let p: Hackenbush = line.parse().map_err(|e| Failure::Input(format!("position {}: {e}", quote_short(line))))?;
                json::hackenbush_value(&p, rules, max_positions).map_err(|e| Failure::Other(e.to_string()))
            })
        }
        Cmd::Hackenbush { which: HackenbushCmd::Scale { pos, mc, max_stalk, prune, components, simulate, bisect, json } } => {
            let cfg = cgt::rulesets::hackenbush::scale::ScaleConfig { max_stalk, prune, components, simulate, bisect, ..mc.config()? };
            if max_stalk > cgt::rulesets::hackenbush::scale::MAX_STALK {
                return Err(Failure::Input(format!("--max-stalk {max_stalk} is over {}", cgt::rulesets::hackenbush::scale::MAX_STALK)));
            }
            each_line(&pos, json, |line| {
                let p: Hackenbush = line.parse().map_err(|e| Failure::Input(format!("position {}: {e}", quote_short(line))))?;
                Ok(json::hackenbush_scale(&p, &cfg))
            })
        }
        Cmd::Hackenbush { which: HackenbushCmd::Outcome { pos, two_move, mc, json } } => {
            let cfg = mc.config()?;
            each_line(&pos, json, |line| {
                let p: Hackenbush = line.parse().map_err(|e| Failure::Input(format!("position {}: {e}", quote_short(line))))?;
                Ok(json::hackenbush_outcome(&p, two_move, &cfg))
            })
        }
        Cmd::Heapgo { heaps, max_positions, json, tikz } => each_line(&heaps, json, |line| {
            let g: HeapGo = line.parse().map_err(|e| Failure::Input(format!("heaps {}: {e}", quote_short(line))))?;
            if let Some(path) = &tikz {
                let heaps: Vec<&[cgt::rulesets::heapgo::Counter]> = g.heaps().iter().map(|h| h.as_slice()).collect();
                let text = cgt_draw::tikz_pictures::heapgo_tikz(&heaps, &cgt_draw::Palette::LIGHT);
                std::fs::write(path, text).map_err(|e| Failure::Other(format!("writing {}: {e}", path.display())))?;
            }
            let a = g.analyse(max_positions).map_err(|e| Failure::Other(e.to_string()))?;
            Ok(json::heapgo(&g, &a))
        }),
        Cmd::MtReplay { steps, json } => {
            let (v, text) = json::mt_replay(&steps).map_err(Failure::Input)?;
            if json {
                println!("{v}");
            } else {
                print!("{text}");
            }
            Ok(())
        }
        Cmd::MtSearch { heapgo, budget, seed, order, trace, no_exact, bounds, json } => each_line(&heapgo, json, |line| {
            let g: HeapGo = line.parse().map_err(|e| Failure::Input(format!("heaps {}: {e}", quote_short(line))))?;
            json::mt_search(&g, budget, seed, order, trace, !no_exact, bounds).map_err(Failure::Other)
        }),
        Cmd::Tds { heapgo, game, budget, delta, top, verify: _, no_verify, order, seed, no_exact, json } => {
            let config = cgt::search::tds::TdsConfig { budget, delta, top, verify: !no_verify };
            if let Some(heaps) = heapgo {
                each_line(&heaps, json, |line| {
                    let g: HeapGo = line.parse().map_err(|e| Failure::Input(format!("heaps {}: {e}", quote_short(line))))?;
                    json::tds_heapgo(&g, &config, order, seed, !no_exact)
                })
            } else {
                let src = game.unwrap_or_default();
                each_line(&src, json, |line| json::tds_game(line, &parse_game(line)?, &config))
            }
        }
        Cmd::Game { name, pos, budget, moves, misere, json } => {
            if name == "list" {
                return print_one(json::ruleset_list(), json);
            }
            let side = match moves.as_deref() {
                None => None,
                Some(s) => Some(s.parse::<Side>().map_err(|_| Failure::Input(format!("--moves {s:?}: expected left or right")))?),
            };
            if cgt::rulesets::registry::info(&name).is_none() {
                return Err(Failure::Input(cgt::rulesets::registry::GameError::UnknownRuleset { name }.to_string()));
            }
            let Some(pos) = pos else {
                return Err(Failure::Input(format!("cgt game {name}: give a position (POS), or - to read them from stdin")));
            };
            each_line(&pos, json, |line| json::game(&name, line, budget, side, misere))
        }
        Cmd::NimSequence { rule, to, search_to, method, json } => nim_sequence(&rule, to, search_to, method, json),
        Cmd::MisereQuotient { rule, to, budget, json } => misere_quotient(&rule, to, budget, json),
        Cmd::Loopy { game, compare, json } => loopy(&game, compare.as_deref(), json),
        Cmd::Experiment { which } => experiment::run(which),
        Cmd::Bench { which } => bench::run(which),
        Cmd::Fuzz { seconds, iterations, seed, targets, verbose } => fuzz::run(seconds, iterations, seed, &targets, verbose),
    }
}

/// `cgt nim-sequence`: one rule (one JSON object, written as it is
/// serialised) or, with `-`, one per line of stdin.
fn nim_sequence(rule: &str, to: u64, search_to: Option<u64>, method: cgt::impartial::Method, as_json: bool) -> Result<(), Failure> {
    use cgt::impartial::{nim_sequence_with, HeapRule, SequenceOptions};
    let max = cgt::impartial::sequence::MAX_HEAP;
    let too_large = |flag: &str, n: u64| Failure::Input(format!("{flag} {n}: at most {max} (10^8) heaps"));
    if to > max as u64 {
        return Err(too_large("--to", to));
    }
    let to = to as usize;
    let search_to = match search_to {
        Some(m) if m > max as u64 => return Err(too_large("--search-to", m)),
        Some(m) => m as usize,
        None => to.max(10_000),
    };
    let compute = |line: &str| {
        let r: HeapRule = line.parse().map_err(|e| Failure::Input(format!("rule {}: {e}", quote_short(line))))?;
        let options = SequenceOptions { method, search_to: Some(search_to), ..SequenceOptions::default() };
        nim_sequence_with(&r, to, options).map_err(|e| Failure::Input(format!("--to {to}: {e}")))
    };
    if rule == "-" {
        return batch(|line| {
            let seq = compute(line)?;
            let v = serde_json::to_value(json::nim_sequence(&seq)).map_err(|e| Failure::Other(e.to_string()))?;
            Ok((v, String::new()))
        });
    }
    let seq = compute(rule)?;
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let io = |e: std::io::Error| Failure::Other(format!("writing output: {e}"));
    if as_json {
        serde_json::to_writer(&mut out, &json::nim_sequence(&seq)).map_err(|e| Failure::Other(format!("writing output: {e}")))?;
        writeln!(out).map_err(io)?;
    } else {
        write!(out, "{}", json::nim_sequence_text(&seq)).map_err(io)?;
    }
    out.flush().map_err(io)
}

/// `cgt misere-quotient`: one rule's quotient, as JSON or as text.
fn misere_quotient(rule: &str, to: usize, budget: u64, as_json: bool) -> Result<(), Failure> {
    let r: cgt::impartial::HeapRule = rule.parse().map_err(|e| Failure::Input(format!("rule {}: {e}", quote_short(rule))))?;
    let q = cgt::impartial::misere_quotient(&r, to, budget).map_err(|e| Failure::Input(format!("{rule} to heap {to}: {e}")))?;
    let out = if as_json {
        serde_json::to_string(&json::misere_quotient(&q)).map_err(|e| Failure::Other(e.to_string()))? + "\n"
    } else {
        json::misere_quotient_text(&q)
    };
    let mut o = std::io::stdout().lock();
    o.write_all(out.as_bytes()).and_then(|()| o.flush()).map_err(|e| Failure::Other(format!("writing output: {e}")))
}

/// `cgt loopy`: a loopy game's outcome with draws, whether it is a
/// stopper, and its order against another.
fn loopy(game: &str, compare: Option<&str>, as_json: bool) -> Result<(), Failure> {
    use cgt::loopy::LoopyGame;
    let read = |t: &str| t.parse::<LoopyGame>().map_err(|e| Failure::Input(format!("game {}: {e}", quote_short(t))));
    let g = read(game)?;
    let relation = match compare {
        Some(h) => {
            let hg = read(h)?;
            let rel = g.compare(&hg).map_err(|e| Failure::Input(e.to_string()))?;
            let sign = match rel {
                Some(std::cmp::Ordering::Greater) => ">",
                Some(std::cmp::Ordering::Less) => "<",
                Some(std::cmp::Ordering::Equal) => "=",
                None => "||",
            };
            Some((hg.to_string(), sign))
        }
        None => None,
    };
    let o = g.outcome();
    let out = if as_json {
        let mut v = serde_json::json!({
            "game": g.to_string(),
            "positions": g.len(),
            "short": g.is_short(),
            "stopper": g.is_stopper(),
            "outcome": { "left_first": o.left_first.as_str(), "right_first": o.right_first.as_str() },
            "outcome_class": o.class(),
            "outcome_text": o.to_string(),
            "simplest": g.simplest().ok().map(|s| s.to_string()),
        });
        if let Some((h, sign)) = &relation {
            v["compare"] = serde_json::json!({ "with": h, "relation": sign });
        }
        v.to_string() + "\n"
    } else {
        let mut t =
            format!("game: {g}\noutcome: {o}\nstopper: {}\n", if g.is_stopper() { "yes" } else { "no (play can alternate for ever from some position)" });
        if let Ok(s) = g.simplest() {
            t += &format!("simplest form: {s}\n");
        }
        if let Some((h, sign)) = &relation {
            t += &format!("{g} {sign} {h}\n");
        }
        t
    };
    let mut w = std::io::stdout().lock();
    w.write_all(out.as_bytes()).and_then(|()| w.flush()).map_err(|e| Failure::Other(format!("writing output: {e}")))
}

fn main() -> ExitCode {
    // Games such as -3 or -{4|0} begin with '-': see `args` for why they are
    // moved behind a `--` before clap parses.
    let argv = args::negative_games_as_positionals(&mut Cli::command(), std::env::args_os().collect());
    let cli = Cli::parse_from(argv);
    match memory::cap_mib(cli.max_memory) {
        Ok(mib) => cgt_memcap::set_cap((mib as usize).saturating_mul(1 << 20)),
        Err(m) => {
            eprintln!("error: {m}");
            return ExitCode::from(2);
        }
    }
    // Canonical forms do not recurse, but some searches do (the Hackenbush
    // solver's, over the game's height): give them a generous stack.
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || run(cli));
    let result = match worker {
        Ok(h) => h.join().unwrap_or_else(|_| Err(Failure::Other("internal error (see the message above)".into()))),
        Err(e) => Err(Failure::Other(format!("cannot start the worker thread: {e}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(m)) => {
            eprintln!("error: {m}");
            ExitCode::from(2)
        }
        Err(Failure::Other(m)) => {
            eprintln!("error: {m}");
            ExitCode::from(1)
        }
    }
}
