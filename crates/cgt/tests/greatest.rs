//! The greatest solution of the min-max equation `LW(t) = RW(t)` (Kao et
//! al. 2012, eq. 7): the temperature reading their tables fit. Checked against
//! hand-worked games, against the scaffolds themselves on random trees, and
//! through MT-search (same paths under either reading; exact once solved).

use cgt::game::Arena;
use cgt::numbers::ExtQ;
use cgt::rng::SplitMix64;
use cgt::rulesets::heapgo::{HeapGo, HeapGoTree};
use cgt::search::mt::{MtConfig, MtEngine, Selection, Solution};
use cgt::thermograph::Thermograph;
use cgt::Q;
use proptest::prelude::*;

mod common;
use common::{contains as in_bounds, random, to_arena, TreeGame, T};

fn q(s: &str) -> Q {
    s.parse().unwrap()
}

fn num(s: &str) -> Thermograph {
    Thermograph::of_number(&q(s))
}

#[test]
fn hand_worked_games() {
    // {20|0} and {0|-20}: the switches ±10 moved by ±10.
    let a = Thermograph::from_options(&[num("20")], &[num("0")]).0;
    let b = Thermograph::from_options(&[num("0")], &[num("-20")]).0;
    // ±10 + ±10 = {{20|0}|{0|-20}} = 0: the scaffolds run together at 0
    // from t = -1 to t = 10, then part.
    let (th, sc) = Thermograph::from_options(std::slice::from_ref(&a), std::slice::from_ref(&b));
    assert_eq!(th.temperature(), &q("-1"));
    assert_eq!(th.mean(), &q("0"));
    assert_eq!(sc.greatest_solution(), q("10"));
    // A switch: the scaffolds cross once, both readings agree.
    let (th, sc) = Thermograph::from_options(&[num("10")], &[num("-10")]);
    assert_eq!((th.temperature(), sc.greatest_solution()), (&q("10"), q("10")));
    // {{20|0}|-4}: Left's scaffold is 0 up to t = 10, Right's -4 + t: they
    // cross at t = 4 and never touch again.
    let (th, sc) = Thermograph::from_options(std::slice::from_ref(&a), &[num("-4")]);
    assert_eq!((th.temperature(), sc.greatest_solution()), (&q("4"), q("4")));
    // A number {1|3} = 2: the scaffolds never touch.
    let (th, sc) = Thermograph::from_options(&[num("1")], &[num("3")]);
    assert!(th.is_number());
    assert_eq!(sc.greatest_solution(), q("-1"));
    // One side empty: never touch.
    let (_, sc) = Thermograph::from_options(&[a], &[]);
    assert_eq!(sc.greatest_solution(), q("-1"));
}

#[test]
fn heapgo_sums_with_cancelling_heaps() {
    // Two single counters of weight 10 (±10 each) cancel: the sum's
    // temperature is the next hottest heap's, the greatest solution 10.
    let g: HeapGo = "r8,r1/r3/r4/b10/r10".parse().unwrap();
    let a = g.analyse(1 << 20).unwrap();
    assert_eq!(a.thermograph.temperature(), &q("17/2"));
    assert_eq!(a.greatest_temperature, q("10"));
    // Without the pair both readings agree.
    let g: HeapGo = "r8,r1/r3/r4/b10".parse().unwrap();
    let a = g.analyse(1 << 20).unwrap();
    assert_eq!(a.thermograph.temperature(), &a.greatest_temperature);
}

/// The thermograph and scaffolds of a random tree (depth 5), or `None`
/// when the tree is a number leaf.
fn random_scaffolded(seed: u64) -> Option<(Thermograph, cgt::thermograph::Scaffolds)> {
    let mut rng = SplitMix64::new(seed);
    let t = random(&mut rng, 5);
    let mut arena = Arena::default();
    let id = to_arena(&t, &mut arena);
    let (th, sc) = cgt::thermograph::thermograph_with_scaffolds(&arena, id);
    sc.map(|sc| (th, sc))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// On the scaffolds of random trees: the greatest solution is at least
    /// the temperature, the scaffolds touch there and have parted just
    /// above it; where they part right after the temperature, the two
    /// readings agree.
    #[test]
    fn greatest_solution_is_where_the_scaffolds_part(seed in any::<u64>()) {
        let Some((th, sc)) = random_scaffolded(seed) else { return Ok(()) };
        let (Some(l), Some(r)) = (&sc.left, &sc.right) else { return Ok(()) };
        let g = sc.greatest_solution();
        let least = th.temperature().clone();
        let eps = Q::pow2_neg(20);
        if th.is_number() {
            // No crossing at or above -1, or a crossing at -1 exactly.
            prop_assert!(g == q("-1") || l.eval(&q("-1")) >= r.eval(&q("-1")));
        } else {
            prop_assert!(g >= least);
            prop_assert!(l.eval(&g) >= r.eval(&g));
            let above = &g + &eps;
            prop_assert!(l.eval(&above) < r.eval(&above));
            let just = &least + &eps;
            if l.eval(&just) < r.eval(&just) {
                prop_assert_eq!(&g, &least);
            }
        }
    }

    /// The wall reading MT-search's bound search moves walls by
    /// (`MtEngine::move_wall`): a wall at t is on one side of tau iff both
    /// scaffolds are at t or at the temperature where they first meet (if
    /// below t); the wall its owner pushes (Left's up, Right's down) also
    /// iff its own scaffold is at t. Exact on games that are not numbers;
    /// on numbers the "if" half holds.
    #[test]
    fn walls_move_as_both_scaffolds_do(seed in any::<u64>()) {
        let Some((th, sc)) = random_scaffolded(seed) else { return Ok(()) };
        let (Some(l), Some(r)) = (&sc.left, &sc.right) else { return Ok(()) };
        let tm = th.temperature().clone();
        let exact = !th.is_number();
        for k in 0..=100 {
            let t = Q::frac(k, 4);
            let (lw, rw) = (th.left_wall().eval(&t), th.right_wall().eval(&t));
            let mut at = vec![t.clone()];
            if tm < t {
                at.push(tm.clone());
            }
            for base in [&lw, &rw, &l.eval(&t), &r.eval(&t)] {
                for tau in [base.clone(), base + &Q::frac(1, 8), base - &Q::frac(1, 8)] {
                    let both = |up: bool| at.iter().any(|s| {
                        let (ls, rs) = (l.eval(s), r.eval(s));
                        if up { ls >= tau && rs >= tau } else { ls <= tau && rs <= tau }
                    });
                    let claims = [
                        ("Left's wall up", lw >= tau, l.eval(&t) >= tau || both(true)),
                        ("Left's wall down", lw <= tau, both(false)),
                        ("Right's wall up", rw >= tau, both(true)),
                        ("Right's wall down", rw <= tau, r.eval(&t) <= tau || both(false)),
                    ];
                    for (what, truth, rule) in claims {
                        prop_assert!(!rule || truth, "{} to {} at t = {}: the rule says yes, the wall is not", what, tau, t);
                        if exact {
                            prop_assert!(!truth || rule, "{} to {} at t = {}: the wall is, the rule says no", what, tau, t);
                        }
                    }
                }
            }
        }
    }

    /// MT-search reads the root either way from the same search: the same
    /// paths under both readings while the aim stays at the least solution
    /// (`settle_aim` off), estimates inside the bounds of their reading,
    /// and once the tree is explored the greatest-reading bounds and
    /// estimate are the exact greatest solution, whichever it aimed at
    /// (the least, the greatest, or the greatest once the least settled:
    /// the default).
    #[test]
    fn engine_reads_the_greatest_solution(seed in any::<u64>(), cfg_seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let t = random(&mut rng, 5);
        let mut arena = Arena::default();
        let id = to_arena(&t, &mut arena);
        let (th, sc) = cgt::thermograph::thermograph_with_scaffolds(&arena, id);
        let game = TreeGame(t);
        let mut least = MtEngine::new(MtConfig::with_seed(cfg_seed));
        let mut greatest = MtEngine::new(MtConfig { solution: Solution::Greatest, selection: Selection { settle_aim: None, ..Selection::default() }, ..MtConfig::with_seed(cfg_seed) });
        loop {
            let (a, b) = (least.step(&game), greatest.step(&game));
            match (a, b) {
                (None, None) => break,
                (Some(a), Some(b)) => prop_assert_eq!(a.unwrap(), b.unwrap()),
                _ => prop_assert!(false, "one run ended before the other"),
            }
            let bounds = greatest.bounds();
            let est = greatest.estimate();
            prop_assert!(in_bounds(&bounds.temperature, &est.temperature), "{:?} {:?} least {:?} {}", bounds, est, least.bounds(), game_text(&game.0));
            prop_assert_eq!(&bounds.mean, &least.bounds().mean);
        }
        prop_assert!(greatest.is_solved());
        // A search aimed at the greatest solution takes its own paths and
        // ends at the same exact answer.
        let mut aimed = MtEngine::new(MtConfig { solution: Solution::Greatest, selection: Selection { aim: Solution::Greatest, ..Selection::default() }, ..MtConfig::with_seed(cfg_seed) });
        let mut settling = MtEngine::new(MtConfig { solution: Solution::Greatest, ..MtConfig::with_seed(cfg_seed) });
        for e in [&mut aimed, &mut settling] {
            let mut steps = 0;
            while let Some(s) = e.step(&game) {
                s.unwrap();
                steps += 1;
                prop_assert!(steps < 10_000);
                let bounds = e.bounds();
                prop_assert!(in_bounds(&bounds.temperature, &e.estimate().temperature));
            }
        }
        if let Some(sc) = sc.filter(|_| !th.is_number()) {
            let g = ExtQ::Finite(sc.greatest_solution());
            for e in [&mut greatest, &mut aimed, &mut settling] {
                prop_assert_eq!(&e.bounds().temperature, &(g.clone(), g.clone()));
                prop_assert_eq!(ExtQ::Finite(e.estimate().temperature), g.clone());
            }
        }
    }
}

/// The same on heap-go sums whose heaps cancel (the cases where the
/// readings differ), run to the end.
#[test]
fn engine_solves_heapgo_under_the_greatest_reading() {
    for text in ["r8,r1/r3/r4/b10/r10", "b9,b2,r8/r10,r1,r10", "b1,r1/b1/r2/r9/r9"] {
        let g: HeapGo = text.parse().unwrap();
        let a = g.analyse(1 << 20).unwrap();
        assert_ne!(a.thermograph.temperature(), &a.greatest_temperature, "{text}: the readings differ");
        let tree = HeapGoTree::new(&g);
        let mut e = MtEngine::new(MtConfig { solution: Solution::Greatest, ..MtConfig::with_seed(1) });
        e.run(&tree, usize::MAX).unwrap();
        assert!(e.is_solved());
        let x = ExtQ::Finite(a.greatest_temperature.clone());
        assert_eq!(e.bounds().temperature, (x.clone(), x), "{text}");
        assert_eq!(e.estimate().temperature, a.greatest_temperature, "{text}");
        assert_eq!(e.estimate_read(Solution::Least).temperature, *a.thermograph.temperature(), "{text}");
    }
}

/// Aiming at the reading once the least solution has settled
/// (`Selection::settle_aim`): under the greatest reading, ordered runs whose
/// least solution is pinned down go on to find where the root's scaffolds
/// part, and the error at large budgets drops (research/mt-selection-notebook.md
/// section 16).
#[test]
fn settled_aim_lowers_the_greatest_reading_error() {
    let mut rng = SplitMix64::new(77);
    let mut sums = vec![];
    for sizes in [&[3, 3][..], &[4, 4], &[2, 2, 2]] {
        for _ in 0..60 {
            let g = HeapGo::random(sizes, &mut rng).unwrap();
            let a = g.analyse(1 << 22).unwrap();
            let t: f64 = a.terminals.to_string().parse().unwrap();
            sums.push((g, a.greatest_temperature.to_f64().max(0.0), t));
        }
    }
    let sq_error = |settle: Option<u64>| {
        let mut total = 0.0;
        for (i, (g, exact, t)) in sums.iter().enumerate() {
            let tree = HeapGoTree::by_temperature(g, 1 << 16).unwrap();
            let mut e = MtEngine::new(MtConfig {
                solution: Solution::Greatest,
                selection: Selection { settle_aim: settle, ..Selection::default() },
                ..MtConfig::with_seed(i as u64)
            });
            for d in [0.65, 0.70, 0.75] {
                let budget = (g.heaps().len() as f64 * t.powf(d)).ceil() as usize;
                e.run(&tree, budget).unwrap();
                total += (e.estimate().temperature.to_f64().max(0.0) - exact).powi(2);
            }
        }
        total
    };
    let default = Selection::default().settle_aim;
    assert!(default.is_some(), "on by default");
    let (on, off) = (sq_error(default), sq_error(None));
    eprintln!("ordered, greatest reading, squared error: {on} with the settled aim, {off} without");
    assert!(on < off, "settled aim: {on} against {off} without");
}

/// Searching the greatest reading's bounds first (`Selection::bound_search`)
/// on the sum that showed the need (4,4 sample 837 of the Tables 5/6 run,
/// `research/mt-selection-notebook.md` section 19): least solution 2, greatest 9. Without
/// it the ordered search went on down Right's first option, whose wall is
/// the best at the lower bound, and the estimate stayed at 2 to d = 0.65.
#[test]
fn bound_search_finds_where_the_scaffolds_part() {
    let g: HeapGo = "b1,b9,r9,r9/b1,r9,b1,b6".parse().unwrap();
    let a = g.analyse(1 << 22).unwrap();
    assert_eq!((a.thermograph.temperature().clone(), a.greatest_temperature.clone()), (q("2"), q("9")));
    let t: f64 = a.terminals.to_string().parse().unwrap();
    let budget = (2.0 * t.powf(0.60)).ceil() as usize;
    let tree = HeapGoTree::by_temperature(&g, 1 << 16).unwrap();
    let run = |on: bool, seed: u64| {
        let mut e = MtEngine::new(MtConfig {
            solution: Solution::Greatest,
            selection: Selection { bound_search: on, ..Selection::default() },
            ..MtConfig::with_seed(seed)
        });
        e.run(&tree, budget).unwrap();
        e.estimate().temperature
    };
    let (on, off): (Vec<Q>, Vec<Q>) = (0..4).map(|seed| (run(true, seed), run(false, seed))).unzip();
    eprintln!("4,4 sample 837 at {budget} paths: {on:?} with the bound search, {off:?} without");
    assert!(on.iter().all(|x| *x == q("9")), "{on:?}");
    assert!(off.iter().any(|x| *x != q("9")), "the sum no longer tells the rule apart: {off:?}");
}

/// Cold sums (`research/mt-selection-notebook.md` section 21): the least solution
/// settles, the greatest reading's bounds stay apart, and the estimate
/// sat on their lower bound to the last budget while the bound search
/// moved walls through their masts by one scaffold. Moving walls as both
/// scaffolds do (`walls_move_as_both_scaffolds_do`), each is exact by
/// h T^0.70 paths ordered, whatever the engine's seed.
#[test]
fn bound_search_settles_cold_sums() {
    // (sum, its class's sample in `cgt experiment mt-error --seed 0`,
    // least and greatest solutions; the errors the engine had at d = 0.70)
    let cases = [
        ("b4,b6,r8,r1,b8/r4,b9,b4,r7,r6", "5,5 sample 491", "8", "21/2"), // 5/2
        ("r4,r5,b8,r6/b4,r7,r6,r4", "4,4 sample 989", "8", "10"),         // 2
        ("b5,r10,b6,r7,r2/r4,r7,r5,b7,r6", "5,5 sample 287", "10", "12"), // 1/2
    ];
    for (text, name, least, greatest) in cases {
        let g: HeapGo = text.parse().unwrap();
        let a = g.analyse(1 << 22).unwrap();
        assert_eq!((a.thermograph.temperature().clone(), a.greatest_temperature.clone()), (q(least), q(greatest)), "{name}");
        let t: f64 = a.terminals.to_string().parse().unwrap();
        let budget = (2.0 * t.powf(0.70)).ceil() as usize;
        let tree = HeapGoTree::by_temperature(&g, 1 << 16).unwrap();
        let got: Vec<Q> = (0..4)
            .map(|seed| {
                let mut e = MtEngine::new(MtConfig { solution: Solution::Greatest, ..MtConfig::with_seed(seed) });
                e.run(&tree, budget).unwrap();
                e.estimate().temperature
            })
            .collect();
        eprintln!("{name} at {budget} paths: {got:?}");
        assert!(got.iter().all(|x| *x == q(greatest)), "{name}: {got:?}, exact {greatest}");
    }
}

/// The bound search lowers the ordered, greatest-reading error of two-heap
/// sums at the middle budgets, where it was above the paper's.
#[test]
fn bound_search_lowers_the_greatest_reading_error() {
    let mut rng = SplitMix64::new(78);
    let mut sums = vec![];
    for sizes in [&[3, 3][..], &[4, 4], &[5, 5]] {
        for _ in 0..60 {
            let g = HeapGo::random(sizes, &mut rng).unwrap();
            let a = g.analyse(1 << 22).unwrap();
            let t: f64 = a.terminals.to_string().parse().unwrap();
            sums.push((g, a.greatest_temperature.to_f64().max(0.0), t));
        }
    }
    let sq_error = |on: bool| {
        let mut total = 0.0;
        for (i, (g, exact, t)) in sums.iter().enumerate() {
            let tree = HeapGoTree::by_temperature(g, 1 << 16).unwrap();
            let mut e = MtEngine::new(MtConfig {
                solution: Solution::Greatest,
                selection: Selection { bound_search: on, ..Selection::default() },
                ..MtConfig::with_seed(i as u64)
            });
            for d in [0.55, 0.60, 0.65, 0.70] {
                let budget = (g.heaps().len() as f64 * t.powf(d)).ceil() as usize;
                e.run(&tree, budget).unwrap();
                total += (e.estimate().temperature.to_f64().max(0.0) - exact).powi(2);
            }
        }
        total
    };
    assert!(Selection::default().bound_search, "on by default");
    let (on, off) = (sq_error(true), sq_error(false));
    eprintln!("ordered two-heap sums, greatest reading, squared error: {on} with the bound search, {off} without");
    assert!(on < off, "bound search: {on} against {off} without");
}

fn game_text(t: &T) -> String {
    match t {
        T::Leaf(v) => v.to_string(),
        T::Node(l, r) => format!("{{{}|{}}}", l.iter().map(game_text).collect::<Vec<_>>().join(","), r.iter().map(game_text).collect::<Vec<_>>().join(",")),
    }
}
