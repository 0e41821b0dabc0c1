//! The rulesets through the generic interface (`cgt::rulesets`), held to
//! independent answers:
//!
//! - published values (`tests/data/rulesets.json`, each row with its
//!   source) and every registered preset, through the registry's sessions;
//! - Domineering against a brute force written here (plain recursion over
//!   the board: no decomposition, no normalisation, no table), against the
//!   negation law (the transposed board is the negative), its own text
//!   format, moves, components and mirror images;
//! - Hackenbush and heap-go through the interface against their own
//!   solvers (the answers the app gave before the interface), and the
//!   Monte Carlo and MT-search adapters against the dedicated ones.
//!
//! Random cases come from seeded [`SplitMix64`] generators, so a failure
//! names a case that reproduces.

use cgt::canonical::{Canon, CanonId};
use cgt::game::Arena;
use cgt::notation::{parse_expr, ParseLimits};
use cgt::outcome::Outcome;
use cgt::rng::SplitMix64;
use cgt::rulesets::domineering::{Domineering, DomineeringError, Place};
use cgt::rulesets::engine::{Board, EngineError, Solver, Tree};
use cgt::rulesets::hackenbush::{Colour, Edge, Hackenbush, HackenbushError, PlayBoard, Rules};
use cgt::rulesets::heapgo::{HeapGo, HeapGoTree};
use cgt::rulesets::registry::{session, GameError, RULESETS};
use cgt::rulesets::Ruleset;
use cgt::search::montecarlo::Playable;
use cgt::search::mt::{self, MtConfig, MtEngine, Path};
use cgt::side::Side;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;

// ---------------------------------------------------------------- helpers

/// The canonical form a text in the notation (`{1|-1}`, `±1`, `1*`,
/// `2Tiny(2)` ...) stands for, in `canon`: values compare as forms, not as
/// spellings.
fn value_of(canon: &mut Canon, text: &str) -> CanonId {
    let (ex, root) = parse_expr(text, &ParseLimits::default()).unwrap_or_else(|e| panic!("`{text}` is not a game: {e}"));
    canon.from_exprs(&ex, root).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// A form of one store copied into another (each solver has its own).
fn import(from: &mut Canon, g: CanonId, into: &mut Canon) -> CanonId {
    let mut arena = Arena::default();
    let root = from.to_tree(g, &mut arena).expect("small forms");
    into.from_tree(&arena, root).expect("dyadic forms")
}

// ------------------------------------------------------ Domineering oracle

/// A board as the rules see it: `grid[r][c]` holds when the square is empty.
type Grid = Vec<Vec<bool>>;

fn grid_of(text: &str) -> Grid {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('|').map(|row| row.chars().map(|c| c == '.').collect()).collect()
}

fn text_of(grid: &Grid) -> String {
    grid.iter().map(|row| row.iter().map(|&e| if e { '.' } else { '#' }).collect::<String>()).collect::<Vec<_>>().join("|")
}

/// The value of the board by the rules alone: Left covers a square and the
/// one below it, Right a square and the one to its right, and the game is
/// `{ Left's options | Right's options }`, every option expanded again.
fn brute(grid: &mut Grid, canon: &mut Canon) -> CanonId {
    let h = grid.len();
    let w = grid.first().map_or(0, Vec::len);
    let mut sides: [Vec<CanonId>; 2] = [Vec::new(), Vec::new()];
    for r in 0..h {
        for c in 0..w {
            for (k, (r2, c2)) in [(r + 1, c), (r, c + 1)].into_iter().enumerate() {
                if grid[r][c] && r2 < h && c2 < w && grid[r2][c2] {
                    grid[r][c] = false;
                    grid[r2][c2] = false;
                    let g = brute(grid, canon);
                    grid[r][c] = true;
                    grid[r2][c2] = true;
                    sides[k].push(g);
                }
            }
        }
    }
    canon.options(&sides[0], &sides[1])
}

/// [`brute`] remembering the exact boards it has valued (no mirror images,
/// no regions): for the published boards of 13 to 16 squares, whose raw
/// trees are too large to walk whole.
fn brute_memo(grid: &mut Grid, canon: &mut Canon, memo: &mut HashMap<Grid, CanonId>) -> CanonId {
    if let Some(&v) = memo.get(grid) {
        return v;
    }
    let h = grid.len();
    let w = grid.first().map_or(0, Vec::len);
    let mut sides: [Vec<CanonId>; 2] = [Vec::new(), Vec::new()];
    for r in 0..h {
        for c in 0..w {
            for (k, (r2, c2)) in [(r + 1, c), (r, c + 1)].into_iter().enumerate() {
                if grid[r][c] && r2 < h && c2 < w && grid[r2][c2] {
                    grid[r][c] = false;
                    grid[r2][c2] = false;
                    let g = brute_memo(grid, canon, memo);
                    grid[r][c] = true;
                    grid[r2][c2] = true;
                    sides[k].push(g);
                }
            }
        }
    }
    let v = canon.options(&sides[0], &sides[1]);
    memo.insert(grid.clone(), v);
    v
}

/// Whether `side`, to move, wins, by plain minimax over the board (no game
/// values at all; Left places vertical dominoes).
fn mover_wins(grid: &mut Grid, side: Side) -> bool {
    let h = grid.len();
    let w = grid.first().map_or(0, Vec::len);
    for r in 0..h {
        for c in 0..w {
            let (r2, c2) = match side {
                Side::Left => (r + 1, c),
                Side::Right => (r, c + 1),
            };
            if grid[r][c] && r2 < h && c2 < w && grid[r2][c2] {
                grid[r][c] = false;
                grid[r2][c2] = false;
                let they_win = mover_wins(grid, side.other());
                grid[r][c] = true;
                grid[r2][c2] = true;
                if !they_win {
                    return true;
                }
            }
        }
    }
    false
}

fn brute_outcome(grid: &mut Grid) -> Outcome {
    match (mover_wins(grid, Side::Left), mover_wins(grid, Side::Right)) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// A random board of `1..=max_w` x `1..=max_h` squares with at most
/// `max_empty` empty squares (covered squares at random until it fits).
/// Boards too small to reach `max_empty` are drawn again three times in
/// four, so that most boards are near the limit.
fn random_grid(rng: &mut SplitMix64, max_w: u64, max_h: u64, max_empty: usize) -> Grid {
    let (mut w, mut h);
    loop {
        w = 1 + rng.below(max_w) as usize;
        h = 1 + rng.below(max_h) as usize;
        if w * h >= max_empty || rng.below(4) == 0 {
            break;
        }
    }
    // Between half and all of the squares empty, so that both open boards
    // and scattered ones come up.
    let fill = 5 + rng.below(6);
    let mut g: Grid = (0..h).map(|_| (0..w).map(|_| rng.below(10) < fill).collect()).collect();
    loop {
        let empty: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| g[r][c]).collect();
        if empty.len() <= max_empty {
            return g;
        }
        let (r, c) = empty[rng.below(empty.len() as u64) as usize];
        g[r][c] = false;
    }
}

fn transposed(g: &Grid) -> Grid {
    let w = g.first().map_or(0, Vec::len);
    (0..w).map(|c| g.iter().map(|row| row[c]).collect()).collect()
}

fn mirrored(g: &Grid) -> Grid {
    g.iter().map(|row| row.iter().rev().copied().collect()).collect()
}

fn flipped(g: &Grid) -> Grid {
    g.iter().rev().cloned().collect()
}

/// The bounding box of the empty squares (nothing if there are none).
fn cropped(g: &Grid) -> Grid {
    let rows: Vec<usize> = (0..g.len()).filter(|&r| g[r].iter().any(|&e| e)).collect();
    let w = g.first().map_or(0, Vec::len);
    let cols: Vec<usize> = (0..w).filter(|&c| g.iter().any(|row| row[c])).collect();
    let (Some(&top), Some(&bottom), Some(&left), Some(&right)) = (rows.first(), rows.last(), cols.first(), cols.last()) else {
        return Vec::new();
    };
    (top..=bottom).map(|r| g[r][left..=right].to_vec()).collect()
}

fn dom(text: &str) -> Domineering {
    text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

// ------------------------------------------------- published values, presets

/// Every row of `tests/data/rulesets.json` through the registry: the whole
/// position's canonical form, and the sum of its components (what the Sums
/// page is sent), are the published value.
#[test]
fn published_values() {
    let rows: Vec<Value> = serde_json::from_str(include_str!("data/rulesets.json")).expect("rulesets.json parses");
    assert!(rows.len() >= 20, "the table is all there");
    let (mut domineering, mut brute_checked) = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let field = |k: &str| row[k].as_str().unwrap_or_else(|| panic!("row {i} has no `{k}`"));
        let (ruleset, pos, want, source) = (field("ruleset"), field("position"), field("canonical"), field("source"));
        assert!(source.len() > 10, "row {i} names its source");
        let mut s = session(ruleset, pos, 1 << 22).unwrap_or_else(|e| panic!("row {i}: {e}"));
        let report = s.report().unwrap_or_else(|e| panic!("row {i}: {e}"));
        let mut canon = Canon::new();
        let w = value_of(&mut canon, want);
        let got = value_of(&mut canon, &report.canonical);
        assert_eq!(got, w, "row {i}: {ruleset} `{pos}` came out {}, published {want} ({source})", report.canonical);
        let mut sum = canon.zero();
        for c in s.sum_components().unwrap() {
            let v = value_of(&mut canon, &c);
            sum = canon.add(sum, v);
        }
        assert_eq!(sum, w, "row {i}: the components of `{pos}` add up to the whole");
        if ruleset == "domineering" {
            domineering += 1;
            // Boards up to 4 x 4 are also valued by the rules alone.
            let squares = pos.chars().filter(|&c| c == '.').count();
            if squares <= 16 {
                let b = if squares <= 12 { brute(&mut grid_of(pos), &mut canon) } else { brute_memo(&mut grid_of(pos), &mut canon, &mut HashMap::new()) };
                assert_eq!(b, w, "row {i}: the brute force of `{pos}` agrees with the source");
                brute_checked += 1;
            }
        }
    }
    assert!(domineering >= 15 && brute_checked >= 15);
}

/// Every preset of every registered ruleset gives its published value
/// through the registry, and says where it is published.
#[test]
fn every_preset_gives_its_published_value() {
    let mut checked = 0;
    for info in RULESETS {
        for p in info.presets {
            assert!(p.source.len() > 10, "{} preset {:?} names its source", info.name, p.name);
            let mut s = session(info.name, p.position, 1 << 22).unwrap_or_else(|e| panic!("{} preset {:?}: {e}", info.name, p.name));
            let report = s.report().unwrap_or_else(|e| panic!("{} preset {:?}: {e}", info.name, p.name));
            let mut canon = Canon::new();
            let got = value_of(&mut canon, &report.canonical);
            let want = value_of(&mut canon, p.value);
            assert_eq!(got, want, "{} preset {:?} (`{}`) came out {}, published {} ({})", info.name, p.name, p.position, report.canonical, p.value, p.source);
            checked += 1;
        }
    }
    let domineering = RULESETS.iter().find(|r| r.name == "domineering").unwrap();
    assert!(domineering.presets.len() >= 4, "Domineering ships presets");
    assert!(checked >= 6);
}

// ------------------------------------------------------ Domineering: format

#[test]
fn parse_errors_name_the_row_and_column() {
    let long_row = ".".repeat(65);
    let tall = vec!["."; 65].join("|");
    let cases: Vec<(&str, DomineeringError, &str)> = vec![
        ("..|.x", DomineeringError::Square { row: 2, col: 2, found: "x".into() }, "row 2, column 2: found `x`"),
        ("x", DomineeringError::Square { row: 1, col: 1, found: "x".into() }, "row 1, column 1"),
        ("...|.é.", DomineeringError::Square { row: 2, col: 2, found: "é".into() }, "row 2, column 2: found `é`"),
        ("...|..", DomineeringError::Ragged { row: 2, len: 2, expected: 3 }, "row 2 has 2 squares, expected 3"),
        ("..|..|...", DomineeringError::Ragged { row: 3, len: 3, expected: 2 }, "row 3 has 3 squares"),
        ("..|..|", DomineeringError::Ragged { row: 3, len: 0, expected: 2 }, "row 3 has 0 squares"),
        (&long_row, DomineeringError::TooLarge { rows: 1, cols: 65 }, "at most 64 x 64"),
        (&tall, DomineeringError::TooLarge { rows: 65, cols: 1 }, "at most 64 x 64"),
    ];
    for (text, want, says) in cases {
        let e = text.parse::<Domineering>().unwrap_err();
        assert_eq!(e, want, "`{text}`");
        assert!(e.to_string().contains(says), "`{text}`: {e}");
        // The registry passes the message on, naming the ruleset.
        match session("domineering", text, 1000).err().expect("refused") {
            GameError::Position { ruleset, message } => {
                assert_eq!(ruleset, "domineering");
                assert_eq!(message, e.to_string());
            }
            other => panic!("`{text}`: {other}"),
        }
    }
    // A long bad square is quoted short.
    let e = "..|.\u{1F600}".parse::<Domineering>().unwrap_err();
    assert!(e.to_string().contains("row 2, column 2"), "{e}");
    let e = session("chess", "....", 10).err().unwrap().to_string();
    assert!(e.contains("`chess`") && e.contains("domineering") && e.contains("hackenbush") && e.contains("heapgo"), "{e}");
}

#[test]
fn text_round_trips_on_random_boards() {
    let mut rng = SplitMix64::new(0xD0_1111);
    for _ in 0..500 {
        let g = random_grid(&mut rng, 12, 12, 200);
        let text = text_of(&g);
        let b = dom(&text);
        assert_eq!(b.to_string(), text);
        assert_eq!((b.width(), b.height()), (g[0].len(), g.len()));
        for (r, row) in g.iter().enumerate() {
            for (c, &e) in row.iter().enumerate() {
                assert_eq!(b.is_empty_at(r, c), e, "`{text}` at ({r}, {c})");
            }
        }
        assert_eq!(b.size(), g.iter().flatten().filter(|&&e| e).count());
    }
    // The largest boards, blanks around the rows, and the empty board.
    let wide = format!("{}|{}", ".".repeat(64), "#".repeat(64));
    assert_eq!(dom(&wide).to_string(), wide);
    assert_eq!(Domineering::empty(64, 64).unwrap().to_string(), vec![".".repeat(64); 64].join("|"));
    assert_eq!(dom(" ..| .# ").to_string(), "..|.#");
    assert_eq!(dom("").to_string(), "");
    assert_eq!(dom("").size(), 0);
    assert_eq!(Domineering::empty(65, 1), Err(DomineeringError::TooLarge { rows: 1, cols: 65 }));
}

// ------------------------------------------------------- Domineering: moves

#[test]
fn left_plays_vertically_and_right_horizontally() {
    let b = dom("....|....|....");
    let names = |side| b.moves(side).iter().map(|m: &Place| m.to_string()).collect::<Vec<_>>();
    // A move is named by the domino's top (Left) or left (Right) square:
    // column letter, row number from 1 at the top.
    assert_eq!(names(Side::Left), ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]);
    assert_eq!(names(Side::Right), ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]);
    let m = b.parse_move(Side::Left, "b2").unwrap();
    assert_eq!(m, Place { row: 1, col: 1 });
    assert_eq!(Domineering::covers(Side::Left, m), [(1, 1), (2, 1)]);
    assert_eq!(b.play(Side::Left, m).unwrap().to_string(), "....|.#..|.#..");
    let m = b.parse_move(Side::Right, "c3").unwrap();
    assert_eq!(b.play(Side::Right, m).unwrap().to_string(), "....|....|..##");
    // Off the board, or onto a covered square: not a move.
    let e = b.parse_move(Side::Left, "a3").unwrap_err();
    assert_eq!(e.side, Side::Left);
    assert_eq!(e.legal.len(), 8);
    assert!(e.to_string().contains("`a3` is not a legal move of Left"), "{e}");
    assert!(b.parse_move(Side::Right, "d1").is_err());
    assert_eq!(b.play(Side::Left, Place { row: 2, col: 0 }), None);
    assert_eq!(b.play(Side::Right, Place { row: 0, col: 3 }), None);
    let after = b.play(Side::Left, Place { row: 0, col: 0 }).unwrap();
    assert_eq!(after.play(Side::Right, Place { row: 0, col: 0 }), None, "a1 is covered");
    assert_eq!(after.play(Side::Left, Place { row: 1, col: 0 }), None, "a2 is covered");
    // Columns past z are aa, ab, ...
    let row = dom(&".".repeat(30));
    let right = row.moves(Side::Right);
    assert_eq!(right.len(), 29);
    assert_eq!(right[25].to_string(), "z1");
    assert_eq!(right[28].to_string(), "ac1");
    let m = row.parse_move(Side::Right, "ab1").unwrap();
    assert_eq!(row.play(Side::Right, m).unwrap().to_string(), format!("{}##.", ".".repeat(27)));
    assert!(row.moves(Side::Left).is_empty());
    // The registry plays by name and refuses bad names.
    let mut s = session("domineering", "...|...", 1000).unwrap();
    s.play(Side::Right, "b2").unwrap();
    assert_eq!(s.position(), "...|.##");
    assert!(matches!(s.play(Side::Left, "c1"), Err(GameError::Move(_))));
    assert!(s.play(Side::Left, "a1").is_ok());
    assert_eq!(s.position(), "#..|###");
}

/// Every move by name lands where the rules say, on random boards: the two
/// covered squares, nothing else changed.
#[test]
fn moves_cover_two_squares_on_random_boards() {
    let mut rng = SplitMix64::new(0xD0_2222);
    for _ in 0..200 {
        let g = random_grid(&mut rng, 9, 9, 81);
        let b = dom(&text_of(&g));
        for side in Side::BOTH {
            let mut want = Vec::new();
            for r in 0..g.len() {
                for c in 0..g[0].len() {
                    let (r2, c2) = if side == Side::Left { (r + 1, c) } else { (r, c + 1) };
                    if g[r][c] && r2 < g.len() && c2 < g[0].len() && g[r2][c2] {
                        let mut next = g.clone();
                        next[r][c] = false;
                        next[r2][c2] = false;
                        want.push(text_of(&next));
                    }
                }
            }
            let got: Vec<String> = b
                .moves(side)
                .into_iter()
                .map(|m| {
                    let by_name = b.parse_move(side, &m.to_string()).unwrap();
                    assert_eq!(by_name, m);
                    b.play(side, m).unwrap().to_string()
                })
                .collect();
            assert_eq!(got, want, "{side} on `{b}`");
            assert_eq!(b.options(side).len(), want.len());
        }
    }
}

// -------------------------------------------------- Domineering: components

#[test]
fn components_are_regions_cropped_without_lone_squares() {
    let parts = |t: &str| dom(t).components().iter().map(|c| c.to_string()).collect::<Vec<_>>();
    assert_eq!(parts("..#..|..#..|#####|.#..."), ["..|..", "..|..", "..."]);
    // Squares touching at a corner are apart; lone squares are worth 0.
    assert!(parts(".#|#.").is_empty());
    assert!(parts("").is_empty());
    assert!(parts("#.#|###|.#.").is_empty());
    // A region keeps its holes, cut to its bounding box.
    assert_eq!(parts("###|#..|#.#"), ["..|.#"]);
    assert_eq!(parts("####|#..#|#.##|####"), ["..|.#"]);
    assert_eq!(parts(".##.|.##.|....|####"), [".##.|.##.|...."]);
    // On random boards: the parts' squares are the board's squares in
    // regions of two or more, and the parts add up to the board's value.
    let mut rng = SplitMix64::new(0xD0_3333);
    let mut solver: Solver<Domineering> = Solver::new(1 << 20);
    for _ in 0..150 {
        let g = random_grid(&mut rng, 6, 6, 12);
        let b = dom(&text_of(&g));
        let ps = b.components();
        let in_pairs = (0..g.len())
            .flat_map(|r| (0..g[0].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| {
                g[r][c]
                    && [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)]
                        .iter()
                        .any(|&(a, d)| g.get(a).and_then(|row| row.get(d)) == Some(&true))
            })
            .count();
        assert_eq!(ps.iter().map(|p| p.size()).sum::<usize>(), in_pairs, "`{b}`");
        let whole = brute(&mut g.clone(), solver.canon());
        let mut sum = solver.canon().zero();
        for p in &ps {
            assert!(p.size() >= 2);
            let v = brute(&mut grid_of(&p.to_string()), solver.canon());
            sum = solver.canon().add(sum, v);
            // Cropped: an empty square on every edge of the box.
            let pg = grid_of(&p.to_string());
            assert_eq!(cropped(&pg), pg, "`{p}` is cropped");
        }
        assert_eq!(sum, whole, "the parts of `{b}` add up to it");
        let through_registry = session("domineering", &b.to_string(), 1 << 20).unwrap().component_texts();
        assert_eq!(through_registry, ps.iter().map(|p| p.to_string()).collect::<Vec<_>>());
    }
}

/// `normalised` picks one of the four mirror images of the cropped board,
/// the same one from each image, and mirror images have equal values (by
/// the brute force, which knows nothing of the images).
#[test]
fn mirror_images_share_a_key_and_a_value() {
    let mut rng = SplitMix64::new(0xD0_4444);
    let mut canon = Canon::new();
    for _ in 0..150 {
        let g = random_grid(&mut rng, 5, 5, 11);
        let b = dom(&text_of(&g));
        let n = b.normalised();
        let c = cropped(&g);
        let images: Vec<String> = [c.clone(), mirrored(&c), flipped(&c), flipped(&mirrored(&c))].iter().map(text_of).collect();
        assert!(images.contains(&n.to_string()), "`{b}` normalised to `{n}`, not one of {images:?}");
        assert_eq!(n.normalised(), n);
        for img in &images {
            assert_eq!(dom(img).normalised(), n, "`{img}`, an image of `{b}`");
        }
        let v = brute(&mut g.clone(), &mut canon);
        for img in [mirrored(&g), flipped(&g), flipped(&mirrored(&g)), grid_of(&n.to_string())] {
            assert_eq!(brute(&mut img.clone(), &mut canon), v, "`{}` vs `{b}`", text_of(&img));
        }
    }
}

// ------------------------------------------ Domineering: values, independently

/// The engine (decomposition at every node, mirror images folded, a
/// transposition table) against the plain recursion, on 300 random
/// boards of up to 14 empty squares; outcomes against plain minimax.
#[test]
fn engine_matches_brute_force_on_random_boards() {
    let mut rng = SplitMix64::new(0xD0_5555);
    // One solver for all: its table carries over between boards, as the
    // page's does.
    let mut shared: Solver<Domineering> = Solver::new(1 << 20);
    let (mut hot, mut names, mut squares) = (0, std::collections::HashSet::new(), 0);
    for i in 0..300 {
        let max_empty = if i < 200 { 12 } else { 14 };
        let g = random_grid(&mut rng, 6, 6, max_empty);
        let b = dom(&text_of(&g));
        let want = brute(&mut g.clone(), shared.canon());
        let got = shared.value(&b).unwrap();
        assert_eq!(got, want, "`{b}`: engine {} vs brute force {}", shared.canon().name(got), shared.canon().name(want));
        // A fresh solver (nothing in its table) agrees too.
        let mut fresh: Solver<Domineering> = Solver::new(1 << 20);
        let v = fresh.value(&b).unwrap();
        let v = import(fresh.canon(), v, shared.canon());
        assert_eq!(v, want, "`{b}` from an empty table");
        assert_eq!(shared.outcome(&b).unwrap(), brute_outcome(&mut g.clone()), "`{b}`");
        if !shared.canon().is_number(want) {
            hot += 1;
        }
        names.insert(shared.canon().name(want));
        squares += b.size();
    }
    // The boards are not all trivial: many values that are not numbers,
    // many different values, most boards near the size limit.
    assert!(hot >= 150 && names.len() >= 100 && squares >= 300 * 9, "{hot} hot, {} values, {squares} squares", names.len());
}

/// Transposing a board swaps the players: its value is the negative.
/// Nothing in the engine folds a board onto its transpose, so this checks
/// the values of larger boards than the brute force reaches.
#[test]
fn the_transposed_board_is_the_negative() {
    let mut rng = SplitMix64::new(0xD0_6666);
    let mut s: Solver<Domineering> = Solver::new(1 << 22);
    for _ in 0..120 {
        let g = random_grid(&mut rng, 6, 6, 18);
        let b = dom(&text_of(&g));
        let t = dom(&text_of(&transposed(&g)));
        let v = s.value(&b).unwrap();
        let w = s.value(&t).unwrap();
        let sum = s.canon().add(v, w);
        let zero = s.canon().zero();
        assert_eq!(sum, zero, "`{b}` is {} but its transpose `{t}` is {}", s.canon().name(v), s.canon().name(w));
    }
}

/// The thermograph straight from the board's tree equals the thermograph
/// of its canonical value, and the outcome is the value's.
#[test]
fn thermographs_two_ways_and_outcomes() {
    let mut rng = SplitMix64::new(0xD0_7777);
    let mut s: Solver<Domineering> = Solver::new(1 << 20);
    for _ in 0..150 {
        let g = random_grid(&mut rng, 5, 5, 10);
        let b = dom(&text_of(&g));
        let direct = s.thermograph_direct(&b).unwrap();
        let of_value = s.thermograph(&b).unwrap();
        assert_eq!(direct, of_value, "`{b}`");
        let v = s.value(&b).unwrap();
        let from_canon = s.canon().outcome(v);
        assert_eq!(s.outcome(&b).unwrap(), from_canon, "`{b}`");
        let (ls, rs) = s.canon().stops(v);
        assert_eq!((direct.left_stop(), direct.right_stop()), (ls, rs), "`{b}`");
    }
}

/// Rated moves agree with the values of the positions they lead to, and the
/// computer's move wins whenever some move does.
#[test]
fn rated_moves_and_the_computers_choice() {
    let mut rng = SplitMix64::new(0xD0_8888);
    let mut s: Solver<Domineering> = Solver::new(1 << 20);
    for _ in 0..80 {
        let g = random_grid(&mut rng, 5, 5, 11);
        let b = dom(&text_of(&g));
        for side in Side::BOTH {
            let rated = s.rate_moves(&b, side).unwrap();
            assert_eq!(rated.iter().map(|r| r.mv).collect::<Vec<_>>(), b.moves(side));
            for r in &rated {
                let next = b.play(side, r.mv).unwrap();
                let mut grid = grid_of(&next.to_string());
                let want = brute(&mut grid, s.canon());
                assert_eq!(r.value, want, "{side} {} on `{b}`", r.mv);
                // The mover wins after the move iff the other side, to move,
                // loses.
                assert_eq!(r.wins, !mover_wins(&mut grid, side.other()), "{side} {} on `{b}`", r.mv);
            }
            let best = s.best_move(&b, side).unwrap();
            assert_eq!(best.is_none(), rated.is_empty());
            if rated.iter().any(|r| r.wins) {
                let best = best.unwrap();
                assert!(rated.iter().any(|r| r.mv == best && r.wins), "{side} on `{b}` picks {best}");
            }
        }
    }
}

#[test]
fn budgets_are_typed_errors() {
    let mut s: Solver<Domineering> = Solver::new(50);
    // 5 x 5 takes about 33,000 component positions.
    let big = Domineering::empty(5, 5).unwrap();
    assert_eq!(s.value(&big), Err(EngineError::TooLarge { max: 50 }));
    let mut sess = session("domineering", &big.to_string(), 50).unwrap();
    let e = sess.report().unwrap_err();
    assert!(matches!(e, GameError::Engine(EngineError::TooLarge { max: 50 })), "{e}");
    assert!(e.to_string().contains("50"), "{e}");
    // The table survives a refusal: a larger budget then finishes.
    sess.set_budget(1 << 20);
    let r = sess.report().unwrap();
    assert!(r.positions > 50);
    assert_eq!(r.canonical, "0");
}

/// A whole row of 64 squares (the widest board) is -32, and the column of
/// 64 is 32: bit masks at full width.
#[test]
fn the_widest_boards() {
    let mut s: Solver<Domineering> = Solver::new(1 << 20);
    let row = Domineering::empty(64, 1).unwrap();
    let col = Domineering::empty(1, 64).unwrap();
    let v = s.value(&row).unwrap();
    assert_eq!(s.canon().as_number(v), Some(&cgt::Q::from_int(-32)));
    let v = s.value(&col).unwrap();
    assert_eq!(s.canon().as_number(v), Some(&cgt::Q::from_int(32)));
    assert_eq!(row.moves(Side::Right).len(), 63);
    assert_eq!(row.moves(Side::Right)[62].to_string(), "bk1");
    let two = Domineering::empty(64, 2).unwrap();
    assert_eq!(two.components().len(), 1);
    assert_eq!(two.normalised(), two);
}

// ------------------------------------------------------------- Hackenbush

/// Hackenbush with the fast paths switched off: every ruleset method
/// delegates, but `known_value` is the trait's default, so the generic
/// search values every component.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct SearchOnly(Hackenbush);

impl fmt::Display for SearchOnly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Ruleset for SearchOnly {
    type Move = Edge;
    type Error = HackenbushError;
    const NAME: &'static str = "hackenbush-search";
    fn parse(text: &str) -> Result<SearchOnly, HackenbushError> {
        Hackenbush::parse(text).map(SearchOnly)
    }
    fn moves(&self, side: Side) -> Vec<Edge> {
        self.0.moves(side)
    }
    fn play(&self, side: Side, m: Edge) -> Option<SearchOnly> {
        self.0.play(side, m).map(SearchOnly)
    }
    fn components(&self) -> Vec<SearchOnly> {
        Ruleset::components(&self.0).into_iter().map(SearchOnly).collect()
    }
    fn size(&self) -> usize {
        self.0.size()
    }
}

/// A random picture: a tree grown from the ground, then (`cycles`) extra
/// edges between any two points, which make cycles, parallel edges and
/// edges hanging in the air; colours blue and red, and green when `green`.
fn random_hackenbush(rng: &mut SplitMix64, max_edges: u64, cycles: bool, green: bool) -> Hackenbush {
    let n = 1 + rng.below(max_edges) as u32;
    let colour = |rng: &mut SplitMix64| match rng.below(if green { 3 } else { 2 }) {
        0 => Colour::Blue,
        1 => Colour::Red,
        _ => Colour::Green,
    };
    let extra = if cycles { rng.below(u64::from(n) / 2 + 1) as u32 } else { 0 };
    let mut edges = Vec::new();
    for v in 1..=n - extra {
        let below = rng.below(u64::from(v)) as u32;
        let c = colour(rng);
        edges.push(Edge::new(below, v, c).unwrap());
    }
    let points = n - extra + 2;
    while (edges.len() as u32) < n {
        let (a, b) = (rng.below(u64::from(points)) as u32, rng.below(u64::from(points)) as u32);
        let c = colour(rng);
        if let Some(e) = Edge::new(a, b, c) {
            edges.push(e);
        }
    }
    Hackenbush::new(edges).unwrap()
}

/// Through the interface (fast paths on), the old entry point
/// (`Hackenbush::value`), the old search without theorems, and the generic
/// search with the fast paths off: one value, compared in one store.
#[test]
fn hackenbush_through_the_interface_gives_todays_values() {
    let mut rng = SplitMix64::new(0x4AC_0001);
    let mut canon = Canon::new();
    let mut fast: Solver<Hackenbush> = Solver::new(1 << 20);
    let mut slow: Solver<SearchOnly> = Solver::new(1 << 20);
    for i in 0..400 {
        let (cycles, green) = (i % 2 == 1, i % 4 >= 2);
        let h = random_hackenbush(&mut rng, 12, cycles, green);
        let today = h.value(&mut canon, Rules::Classical, 1 << 20).unwrap();
        let searched = h.value_by_search(&mut canon, Rules::Classical, 1 << 20).unwrap();
        assert_eq!(today, searched, "{h}");
        let v = fast.value(&h).unwrap();
        let v = import(fast.canon(), v, &mut canon);
        assert_eq!(v, today, "{h}: interface {} vs Hackenbush::value {}", canon.name(v), canon.name(today));
        let w = slow.value(&SearchOnly(h.clone())).unwrap();
        let w = import(slow.canon(), w, &mut canon);
        assert_eq!(w, today, "{h}: generic search {} vs Hackenbush::value {}", canon.name(w), canon.name(today));
        // Text through the registry: the same name.
        let mut s = session("hackenbush", &h.to_string(), 1 << 20).unwrap();
        let r = s.report().unwrap();
        assert_eq!(value_of(&mut canon, &r.canonical), today, "{h}");
    }
}

/// A random Redwood bed: `legs` blue feet on the ground, each with a red
/// leg to its own top, and red edges between leg tops (some through a
/// middle point), joined up so the bed is one piece.
fn random_bed(rng: &mut SplitMix64, legs: u32, extra: u32) -> Hackenbush {
    let mut edges = Vec::new();
    // Foot i: 0 - (100 + i), leg: (100 + i) - (1 + i); tops are 1..=legs.
    for i in 0..legs {
        edges.push(Edge::new(0, 100 + i, Colour::Blue).unwrap());
        edges.push(Edge::new(100 + i, 1 + i, Colour::Red).unwrap());
    }
    let mut mid = 200;
    // A spanning tree over the tops first (one piece), then extra edges.
    for i in 1..legs {
        let j = rng.below(u64::from(i)) as u32;
        if rng.below(3) == 0 {
            edges.push(Edge::new(1 + i, mid, Colour::Red).unwrap());
            edges.push(Edge::new(mid, 1 + j, Colour::Red).unwrap());
            mid += 1;
        } else {
            edges.push(Edge::new(1 + i, 1 + j, Colour::Red).unwrap());
        }
    }
    for _ in 0..extra {
        let (a, b) = (1 + rng.below(u64::from(legs)) as u32, 1 + rng.below(u64::from(legs)) as u32);
        if a == b {
            edges.push(Edge::new(a, mid, Colour::Red).unwrap());
            mid += 1;
        } else {
            edges.push(Edge::new(a, b, Colour::Red).unwrap());
        }
    }
    Hackenbush::new(edges).unwrap()
}

/// Redwood beds: the theorem (taken through `known_value`) against the
/// generic search with the fast paths off.
#[test]
fn redwood_beds_theorem_against_search() {
    let mut rng = SplitMix64::new(0x4AC_0002);
    let mut canon = Canon::new();
    let mut fast: Solver<Hackenbush> = Solver::new(1 << 20);
    let mut slow: Solver<SearchOnly> = Solver::new(1 << 22);
    for _ in 0..60 {
        let legs = 2 + rng.below(3) as u32;
        let extra = rng.below(3) as u32;
        let bed = random_bed(&mut rng, legs, extra);
        assert_eq!(Ruleset::components(&bed).len(), 1, "{bed} is one piece");
        let theorem = bed.known_value(&mut canon, 1 << 20).expect("a bed has a known value").unwrap();
        assert!(canon.is_number(theorem));
        let v = fast.value(&bed).unwrap();
        assert_eq!(import(fast.canon(), v, &mut canon), theorem, "{bed}");
        let w = slow.value(&SearchOnly(bed.clone())).unwrap();
        let w = import(slow.canon(), w, &mut canon);
        assert_eq!(w, theorem, "{bed}: search {} vs theorem {}", canon.name(w), canon.name(theorem));
    }
}

/// The Monte Carlo adapter over the ruleset and the dedicated play board
/// offer the same moves at every position along random games (the
/// dedicated board lists identical parallel edges once each, the ruleset
/// once in all, so they are compared as edges with their counts), and the
/// same chop leaves the same picture.
#[test]
fn the_playable_adapter_plays_like_the_play_board() {
    let mut rng = SplitMix64::new(0x4AC_0003);
    let mut positions = 0;
    for i in 0..150 {
        let h0 = random_hackenbush(&mut rng, 12, i % 2 == 1, i % 3 == 0);
        let mut board = Board(h0.clone());
        let mut fast = PlayBoard::new(&h0);
        let mut mover = if rng.below(2) == 0 { Side::Left } else { Side::Right };
        loop {
            positions += 1;
            for side in Side::BOTH {
                // The play board's moves as edges, with repeats.
                let mut a: Vec<String> = fast.moves(side).iter().map(|&e| h0.edges()[e].to_string()).collect();
                a.sort();
                let offered = board.moves(side);
                let mut b: Vec<String> = board.0.edges().iter().filter(|e| offered.contains(e)).map(|e| e.to_string()).collect();
                b.sort();
                assert_eq!(a, b, "{side} moves of {}, game {i} from {h0}", board.0);
                let mut distinct = b.clone();
                distinct.dedup();
                assert_eq!(distinct.len(), offered.len());
            }
            let ms = fast.moves(mover);
            if ms.is_empty() {
                assert!(board.moves(mover).is_empty());
                break;
            }
            let e = ms[rng.below(ms.len() as u64) as usize];
            fast.play_mut(e, mover);
            board.play_mut(h0.edges()[e], mover);
            mover = mover.other();
        }
    }
    assert!(positions > 500);
}

// ----------------------------------------------------------------- heap-go

/// The paper's classes (Table 4), small enough to solve whole.
const CLASSES: [&[usize]; 6] = [&[3, 3], &[4, 4], &[2, 2, 2], &[3, 2, 2], &[2, 2, 1, 1], &[2, 1, 1, 1, 1]];

/// The generic solver's thermograph (straight from the scored tree) equals
/// heap-go's own analysis, and each heap alone is the heap's canonical
/// game (scores from 0 within the heap).
#[test]
fn heapgo_through_the_interface_gives_todays_answers() {
    let mut rng = SplitMix64::new(0x4EA9_0001);
    for sizes in CLASSES {
        for _ in 0..8 {
            let g = HeapGo::random(sizes, &mut rng).unwrap();
            let own = g.analyse(1 << 20).unwrap().thermograph;
            let mut s: Solver<HeapGo> = Solver::new(1 << 20);
            assert_eq!(s.thermograph(&g).unwrap(), own, "{g}");
            // The same again from the (now warm) table, and via the registry.
            assert_eq!(s.thermograph_direct(&g).unwrap(), own, "{g}");
            let r = session("heapgo", &g.to_string(), 1 << 20).unwrap().report().unwrap();
            assert_eq!(r.thermograph, own, "{g}");
            let parts = s.component_values(&g).unwrap();
            assert_eq!(parts.len(), g.heaps().len());
            for (h, (part, v)) in parts.into_iter().enumerate() {
                assert_eq!(part.heaps(), &g.heaps()[h..=h]);
                let want = g.heap_canon(h, 0, s.canon(), 1 << 20).unwrap();
                assert_eq!(v, want, "{g}, heap {}", h + 1);
            }
        }
    }
}

/// A random path of MT-search steps: mostly existing children, sometimes
/// one past the last (which must not exist in either tree).
fn random_path(rng: &mut SplitMix64, heaps: usize, max_len: u64) -> Path {
    let len = rng.below(max_len + 1);
    let steps = (0..len)
        .map(|_| {
            let side = if rng.below(2) == 0 { Side::Left } else { Side::Right };
            (side, 1 + rng.below(heaps as u64 + 1) as u32)
        })
        .collect();
    Path::new(steps).unwrap()
}

/// MT-search sees the same tree through the generic adapter as through
/// heap-go's own (branches in heap order): the ruleset drops emptied
/// heaps, but the k-th non-empty heap is the same heap in both, so child
/// numbers agree and every outcome does.
#[test]
fn the_mt_adapter_matches_heapgo_tree() {
    let mut rng = SplitMix64::new(0x4EA9_0002);
    let mut solved = 0;
    for sizes in CLASSES {
        for _ in 0..6 {
            let g = HeapGo::random(sizes, &mut rng).unwrap();
            let generic = Tree(g.clone());
            let own = HeapGoTree::new(&g);
            let counters: usize = sizes.iter().sum();
            let mut terminals = 0;
            for _ in 0..300 {
                let p = random_path(&mut rng, sizes.len(), counters as u64 + 1);
                let (a, b) = (mt::outcome(&generic, &p), mt::outcome(&own, &p));
                assert_eq!(a, b, "{g}, path {p}");
                terminals += usize::from(matches!(a, mt::Outcome::Terminal(..)));
            }
            assert!(terminals > 0);
            // Runs side by side: the same proposals and answers, step by
            // step (whole runs for the smallest class, whose trees have
            // about 200 terminals; 150 steps of the others).
            let exact = g.analyse(1 << 20).unwrap().thermograph;
            let mut e1 = MtEngine::new(MtConfig::with_seed(3));
            let mut e2 = MtEngine::new(MtConfig::with_seed(3));
            let steps = if sizes == [3, 3] { usize::MAX } else { 150 };
            for _ in 0..steps {
                match (e1.step(&generic), e2.step(&own)) {
                    (None, None) => break,
                    (Some(a), Some(b)) => assert_eq!(a.unwrap(), b.unwrap(), "{g}"),
                    (a, b) => panic!("{g}: one run ended first ({:?} / {:?})", a.is_some(), b.is_some()),
                }
            }
            assert_eq!((e1.estimate(), e1.bounds()), (e2.estimate(), e2.bounds()), "{g}");
            if e1.is_solved() {
                solved += 1;
                assert_eq!(&e1.estimate().mean, exact.mean(), "{g}");
                if !exact.temperature().is_negative() {
                    assert_eq!(&e1.estimate().temperature, exact.temperature(), "{g}");
                }
            }
        }
    }
    assert!(solved >= 6, "the [3, 3] runs finish");
}

/// Who wins heap-go played as a normal-play game (the last mover wins,
/// points ignored): what a player that forgets the points aims for.
fn last_mover_wins(g: &HeapGo, side: Side) -> bool {
    // (`Ruleset::` spelt out: `HeapGo` has inherent `moves` of its own.)
    Ruleset::moves(g, side).into_iter().any(|m| !last_mover_wins(&Ruleset::play(g, side, m).unwrap(), side.other()))
}

/// The computer's Monte Carlo move in heap-go plays for points: on small
/// positions where making the last move and winning on points call for
/// different moves, the UCT move (with iterations enough to search the
/// whole tree) is one that wins on points.
#[test]
fn heapgo_monte_carlo_plays_for_points() {
    let mut rng = SplitMix64::new(0x4EA9_0003);
    let mut found = 0;
    for _ in 0..2000 {
        let g = HeapGo::random(&[2, 1, 1], &mut rng).unwrap();
        let mut s: Solver<HeapGo> = Solver::new(1 << 16);
        for side in Side::BOTH {
            let rated = s.rate_moves(&g, side).unwrap();
            let on_points: Vec<String> = rated.iter().filter(|r| r.wins).map(|r| r.mv.to_string()).collect();
            let last_move: Vec<String> = Ruleset::moves(&g, side)
                .into_iter()
                .filter(|&m| !last_mover_wins(&Ruleset::play(&g, side, m).unwrap(), side.other()))
                .map(|m| m.to_string())
                .collect();
            if on_points.is_empty() || last_move.is_empty() || on_points.iter().any(|m| last_move.contains(m)) {
                continue;
            }
            found += 1;
            let sess = session("heapgo", &g.to_string(), 1 << 16).unwrap();
            let mv = sess.uct_move(side, 7, 4000).expect("a move");
            assert!(on_points.contains(&mv), "{side} in {g}: UCT plays heap {mv}; on points {on_points:?} win, {last_move:?} only make the last move");
        }
        if found >= 12 {
            break;
        }
    }
    assert!(found >= 12, "only {found} positions where points and the last move disagree");

    // The end of a scored game in normal-play terms: the side the score
    // favours has one more move (the claim), a score of 0 leaves the side
    // to move without one.
    use cgt::rulesets::engine::{ScoredBoard, ScoredMove};
    use cgt::rulesets::heapgo::HeapMove;
    let over = |score: i64| ScoredBoard::new(HeapGo::default(), cgt::Q::from_int(score));
    assert_eq!(over(3).moves(Side::Left), [ScoredMove::Claim]);
    assert!(over(3).moves(Side::Right).is_empty());
    assert_eq!(over(-1).moves(Side::Right), [ScoredMove::Claim]);
    assert!(over(-1).moves(Side::Left).is_empty());
    assert!(over(0).moves(Side::Left).is_empty() && over(0).moves(Side::Right).is_empty());
    let claimed = over(3).play(ScoredMove::Claim, Side::Left);
    assert!(claimed.moves(Side::Left).is_empty() && claimed.moves(Side::Right).is_empty());
    // Moves carry their points.
    let g: HeapGo = "b5,r1/r10".parse().unwrap();
    let b = ScoredBoard::new(g, cgt::Q::zero());
    assert_eq!(b.moves(Side::Left), [ScoredMove::Play(HeapMove(0)), ScoredMove::Play(HeapMove(1))]);
    let after = b.play(ScoredMove::Play(HeapMove(1)), Side::Left).play(ScoredMove::Play(HeapMove(0)), Side::Right);
    assert_eq!((after.pos.to_string(), after.score.clone()), ("r1".to_string(), cgt::Q::from_int(5)));
}

/// A move that is not legal here is refused with `None` (the trait's
/// contract), in every ruleset: a heap that is not there, a domino off the
/// board, an edge that is not standing.
#[test]
fn moves_that_are_not_there_are_refused() {
    use cgt::rulesets::heapgo::HeapMove;
    let g: HeapGo = "b5,r3/r7".parse().unwrap();
    for side in Side::BOTH {
        assert_eq!(Ruleset::play(&g, side, HeapMove(2)), None);
        assert_eq!(Ruleset::play(&g, side, HeapMove(u16::MAX)), None);
        assert_eq!(g.move_score(side, HeapMove(2)), cgt::Q::zero());
        assert!(g.parse_move(side, "2").is_err());
        assert_eq!(g.take(5, 0, side), None);
    }
    let empty = HeapGo::default();
    assert_eq!(Ruleset::play(&empty, Side::Left, HeapMove(0)), None);
    let b = dom("..|..");
    assert_eq!(b.play(Side::Left, Place { row: 63, col: 63 }), None);
    assert_eq!(b.play(Side::Right, Place { row: 0, col: 200 }), None);
    let h: Hackenbush = "0-1:b 1-2:r 5-6:b".parse().unwrap();
    let floating = Edge::new(5, 6, Colour::Blue).unwrap();
    assert_eq!(h.play(Side::Left, floating), None, "a falling edge is no move");
    assert_eq!(h.play(Side::Right, Edge::new(0, 1, Colour::Blue).unwrap()), None, "Right cannot chop blue");
    assert_eq!(h.play(Side::Left, Edge::new(0, 9, Colour::Blue).unwrap()), None);
}

/// Every session call on random positions of every ruleset: the moves the
/// session lists are the ones it rates, its computers pick among them, and
/// playing any of them by name works.
#[test]
fn sessions_answer_consistently_on_random_positions() {
    let mut rng = SplitMix64::new(0x5E55_0001);
    let mut positions: Vec<(&str, String)> = Vec::new();
    for i in 0..40 {
        positions.push(("domineering", text_of(&random_grid(&mut rng, 5, 5, 10))));
        positions.push(("hackenbush", random_hackenbush(&mut rng, 8, i % 2 == 0, i % 3 == 0).to_string()));
        positions.push(("heapgo", HeapGo::random(&[2, 2, 1], &mut rng).unwrap().to_string()));
    }
    for (name, text) in positions {
        let mut s = session(name, &text, 1 << 18).unwrap();
        assert_eq!(s.position(), text, "{name}: the text is kept as written");
        let report = s.report().unwrap();
        assert_eq!(report.ruleset, name);
        assert_eq!(report.components.len(), s.component_texts().len());
        for side in Side::BOTH {
            let moves = s.moves(side);
            let rated = s.rate_moves(side).unwrap();
            assert_eq!(rated.iter().map(|r| r.mv.clone()).collect::<Vec<_>>(), moves, "{name} `{text}`");
            let best = s.best_move(side).unwrap();
            assert_eq!(best.is_none(), moves.is_empty(), "{name} `{text}`");
            if let Some(b) = &best {
                assert!(moves.contains(b));
                if rated.iter().any(|r| r.wins) {
                    assert!(rated.iter().any(|r| &r.mv == b && r.wins), "{name} `{text}`: {side} picks {b}");
                }
            }
            let uct = s.uct_move(side, 1, 200);
            assert_eq!(uct.is_none(), moves.is_empty(), "{name} `{text}`");
            assert!(uct.is_none_or(|m| moves.contains(&m)));
            for m in &moves {
                let mut t = session(name, &text, 1 << 18).unwrap();
                t.play(side, m).unwrap_or_else(|e| panic!("{name} `{text}`: {side} {m}: {e}"));
                assert!(t.size() < s.size(), "{name} `{text}`: {side} {m}");
            }
        }
    }
}
