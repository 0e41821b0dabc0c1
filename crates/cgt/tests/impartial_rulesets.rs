//! Impartial rulesets through the game interface (issue 46): their
//! nim-values are the nimbers the partizan engine finds, a Nim position is
//! the nimber of its nim-sum, the generic mex search agrees with the heap
//! codes' sequences, and misère play is searched whole (checked against a
//! plain minimax that memoises nothing and splits nothing).

use cgt::canonical::Canon;
use cgt::rng::SplitMix64;
use cgt::rulesets::cram::Cram;
use cgt::rulesets::engine::Solver;
use cgt::rulesets::heaps::{AnyHeaps, Dawson, Grundy, Nim};
use cgt::rulesets::kayles::Kayles;
use cgt::rulesets::nimbers::NimSolver;
use cgt::rulesets::registry::session;
use cgt::rulesets::Ruleset;
use cgt::side::Side;

/// The partizan engine, which knows nothing of nimbers, values every
/// position of an impartial ruleset as the nimber of its nim-value.
fn partizan_agrees<R: Ruleset>(positions: &[&str]) {
    let mut partizan = Solver::<R>::new(2_000_000);
    let mut nim = NimSolver::<R>::new(2_000_000);
    let mut canon = Canon::new();
    for text in positions {
        let p = R::parse(text).unwrap();
        let g = nim.value(&p).unwrap();
        let v = partizan.value(&p).unwrap();
        let want = canon.nimber(g as usize);
        assert_eq!(partizan.canon().name_within(v, 100), canon.name_within(want, 100), "{} {text}: nim-value {g}", R::NAME);
    }
}

#[test]
fn nim_values_are_the_partizan_engines_nimbers() {
    partizan_agrees::<Nim>(&["3 5 7", "1 2 3", "6 6", "4 9 2 11", "0 0 7"]);
    partizan_agrees::<Kayles>(&["xxxxxxx", "xxx.xxxx.x", "xxxxxxxxxxx", "x.x.x"]);
    partizan_agrees::<Cram>(&["...|...|...", "....|....", "..#|...|.#.", "......"]);
    partizan_agrees::<Grundy>(&["7 9", "12", "5 6 7"]);
    partizan_agrees::<AnyHeaps>(&["0.137: 9 4", "sub:1,3,4: 9 4 6", "4.7: 6 8"]);
}

/// Lessons in Play ch. 7, Winning Ways ch. 2: a Nim position is the nimber
/// of the nim-sum (binary addition without carry) of its heaps.
#[test]
fn a_nim_position_is_the_nimber_of_its_nim_sum() {
    let mut rng = SplitMix64::new(46);
    for _ in 0..300 {
        let k = 1 + rng.below(5) as usize;
        let heaps: Vec<usize> = (0..k).map(|_| rng.below(40) as usize).collect();
        let text = heaps.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ");
        let x = heaps.iter().fold(0, |a, &h| a ^ h);
        let mut s = session("nim", &text, 100_000).unwrap();
        let r = s.report().unwrap();
        let want = match x {
            0 => "0".to_string(),
            1 => "*".to_string(),
            x => format!("*{x}"),
        };
        assert_eq!(r.canonical, want, "{text}");
        let imp = r.impartial.unwrap();
        assert_eq!(imp.nim_value as usize, x);
        // Every winning move leaves nim-sum 0, and there is one exactly when x != 0.
        assert_eq!(imp.winning_moves.is_empty(), x == 0, "{text}");
        for mv in &imp.winning_moves {
            let mut t = session("nim", &text, 100_000).unwrap();
            t.play(Side::Left, mv).unwrap();
            assert_eq!(t.report().unwrap().canonical, "0", "{text} then {mv}");
        }
    }
}

/// The components' explicit forms go to the Sums page and add to partizan
/// games: Nim 3 5 plus {3|-1} is {3|-1} + *6.
#[test]
fn impartial_components_add_to_partizan_games() {
    let mut s = session("nim", "3 5", 10_000).unwrap();
    let forms = s.sum_components().unwrap();
    assert_eq!(forms.len(), 2);
    let mut canon = Canon::new();
    let parse = |canon: &mut Canon, s: &str| {
        let (ex, root) = cgt::notation::parse_expr(s, &cgt::notation::ParseLimits::default()).unwrap();
        canon.from_exprs(&ex, root).unwrap()
    };
    let mut total = parse(&mut canon, "{3|-1}");
    for f in &forms {
        let g = parse(&mut canon, f);
        total = canon.add(total, g);
    }
    let want = parse(&mut canon, "{3|-1} + *6");
    assert_eq!(total, want);
}

#[test]
fn kayles_pins_cram_strips_and_dawson_heaps_are_their_codes() {
    let kayles = cgt::impartial::nim_sequence(&"0.77".parse().unwrap(), 120).unwrap();
    let dawson = cgt::impartial::nim_sequence(&"0.07".parse().unwrap(), 40).unwrap();
    let mut ks = NimSolver::<Kayles>::new(1_000_000);
    let mut cs = NimSolver::<Cram>::new(1_000_000);
    let mut ds = NimSolver::<Dawson>::new(1_000_000);
    for n in 0..=120 {
        assert_eq!(ks.value(&Kayles::row(n).unwrap()).unwrap(), kayles.values[n], "Kayles row of {n}");
    }
    for n in 1..=40 {
        let strip = Cram::parse(&".".repeat(n)).unwrap();
        assert_eq!(cs.value(&strip).unwrap(), dawson.values[n], "Cram strip of {n}");
        assert_eq!(ds.value(&n.to_string().parse::<Dawson>().unwrap()).unwrap(), dawson.values[n], "Dawson heap of {n}");
    }
}

/// Misère outcome by plain minimax: no memo, no splitting, no normalising.
fn minimax_misere<R: Ruleset>(p: &R) -> bool {
    let options = p.options(Side::Left);
    options.is_empty() || options.iter().any(|o| !minimax_misere(o))
}

fn misere_agrees<R: Ruleset>(positions: &[String]) {
    let mut s = NimSolver::<R>::new(5_000_000);
    for text in positions {
        let p = R::parse(text).unwrap();
        assert_eq!(s.misere_wins(&p).unwrap(), minimax_misere(&p), "{} {text}", R::NAME);
    }
}

#[test]
fn misere_search_agrees_with_plain_minimax() {
    let mut rng = SplitMix64::new(1946);
    let mut kayles = Vec::new();
    let mut cram = Vec::new();
    let mut grundy = Vec::new();
    for _ in 0..60 {
        let n = 1 + rng.below(11) as usize;
        kayles.push((0..n).map(|_| if rng.below(4) == 0 { '.' } else { 'x' }).collect::<String>());
        let (w, h) = (1 + rng.below(4) as usize, 1 + rng.below(3) as usize);
        let rows: Vec<String> = (0..h).map(|_| (0..w).map(|_| if rng.below(5) == 0 { '#' } else { '.' }).collect()).collect();
        cram.push(rows.join("|"));
        let k = 1 + rng.below(3) as usize;
        grundy.push((0..k).map(|_| (1 + rng.below(9)).to_string()).collect::<Vec<_>>().join(" "));
    }
    misere_agrees::<Kayles>(&kayles);
    misere_agrees::<Cram>(&cram);
    misere_agrees::<Grundy>(&grundy);
}

#[test]
fn misere_sessions_report_and_play_to_win() {
    // Misère Nim (Bouton 1902): with a heap of 2 or more, play as in normal
    // play unless the move would leave only heaps of 1; then leave an odd
    // number of them. 1 1 2: take the 2 whole (leaving 1 1? no: leave
    // three heaps of 1 by taking one from the 2).
    let mut s = session("nim", "1 1 2", 10_000).unwrap();
    s.set_misere(true).unwrap();
    let r = s.report().unwrap();
    let imp = r.impartial.unwrap();
    assert!(imp.misere && imp.first_player_wins);
    assert_eq!(imp.winning_moves, ["3-1"]);
    assert_eq!(r.outcome.to_string(), "N");
    // Normal play wins by taking the 2 whole.
    s.set_misere(false).unwrap();
    assert_eq!(s.report().unwrap().impartial.unwrap().winning_moves, ["3-2"]);
    // The computer, moving in a lost position, still moves.
    let mut lost = session("nim", "1 1 1", 10_000).unwrap();
    lost.set_misere(true).unwrap();
    assert!(!lost.report().unwrap().impartial.unwrap().first_player_wins);
    assert!(lost.best_move(Side::Left).unwrap().is_some());
    // Partizan games refuse misère play with a reason.
    let mut dom = session("domineering", "..", 100).unwrap();
    assert!(dom.set_misere(true).unwrap_err().to_string().contains("partizan"));
    assert!(!dom.impartial());
}
