//! Clobber, Konane and Amazons held to an independent implementation
//! written here: the rules on a grid of characters (no bit boards, no
//! shared code with `cgt::rulesets::stones`), valued by plain recursion
//! (no components, no symmetry, no table). On seeded random boards the
//! rulesets' moves must lead to the same positions and the engine's values
//! must equal the brute force's; texts round-trip, errors name the square,
//! and the sixteen images of a board have its value up to sign.

use cgt::canonical::{Canon, CanonId};
use cgt::rng::SplitMix64;
use cgt::rulesets::amazons::Amazons;
use cgt::rulesets::clobber::Clobber;
use cgt::rulesets::engine::Solver;
use cgt::rulesets::konane::Konane;
use cgt::rulesets::registry::{session, GameError};
use cgt::rulesets::Ruleset;
use cgt::side::Side;
use std::collections::BTreeSet;

type Grid = Vec<Vec<u8>>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Game {
    Clobber,
    Konane,
    Amazons,
}

fn text(g: &Grid) -> String {
    g.iter().map(|r| String::from_utf8(r.clone()).unwrap()).collect::<Vec<_>>().join("|")
}

fn at(g: &Grid, r: isize, c: isize) -> Option<u8> {
    if r < 0 || c < 0 {
        return None;
    }
    g.get(r as usize)?.get(c as usize).copied()
}

const ORTHO: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const QUEEN: [(isize, isize); 8] = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Every position `side` can move to, by the rules as stated.
fn options(game: Game, g: &Grid, side: Side) -> Vec<Grid> {
    let (me, them) = if side == Side::Left { (b'x', b'o') } else { (b'o', b'x') };
    let mut out = Vec::new();
    for r in 0..g.len() as isize {
        for c in 0..g[r as usize].len() as isize {
            if at(g, r, c) != Some(me) {
                continue;
            }
            match game {
                Game::Clobber => {
                    for (dr, dc) in ORTHO {
                        if at(g, r + dr, c + dc) == Some(them) {
                            let mut n = g.clone();
                            n[r as usize][c as usize] = b'.';
                            n[(r + dr) as usize][(c + dc) as usize] = me;
                            out.push(n);
                        }
                    }
                }
                Game::Konane => {
                    for (dr, dc) in ORTHO {
                        let mut n = g.clone();
                        let (mut cr, mut cc) = (r, c);
                        while at(&n, cr + dr, cc + dc) == Some(them) && at(&n, cr + 2 * dr, cc + 2 * dc) == Some(b'.') {
                            n[cr as usize][cc as usize] = b'.';
                            n[(cr + dr) as usize][(cc + dc) as usize] = b'.';
                            cr += 2 * dr;
                            cc += 2 * dc;
                            n[cr as usize][cc as usize] = me;
                            out.push(n.clone());
                        }
                    }
                }
                Game::Amazons => {
                    for (dr, dc) in QUEEN {
                        let (mut tr, mut tc) = (r + dr, c + dc);
                        while at(g, tr, tc) == Some(b'.') {
                            let mut moved = g.clone();
                            moved[r as usize][c as usize] = b'.';
                            moved[tr as usize][tc as usize] = me;
                            for (ar, ac) in QUEEN {
                                let (mut xr, mut xc) = (tr + ar, tc + ac);
                                while at(&moved, xr, xc) == Some(b'.') {
                                    let mut n = moved.clone();
                                    n[xr as usize][xc as usize] = b'#';
                                    out.push(n);
                                    xr += ar;
                                    xc += ac;
                                }
                            }
                            tr += dr;
                            tc += dc;
                        }
                    }
                }
            }
        }
    }
    out
}

/// The value by plain recursion over the whole board.
fn brute(game: Game, g: &Grid, canon: &mut Canon) -> CanonId {
    let l: Vec<CanonId> = options(game, g, Side::Left).iter().map(|o| brute(game, o, canon)).collect();
    let r: Vec<CanonId> = options(game, g, Side::Right).iter().map(|o| brute(game, o, canon)).collect();
    canon.options(&l, &r)
}

fn random_board(rng: &mut SplitMix64, game: Game, max_squares: usize) -> Grid {
    loop {
        let w = 1 + rng.below(5) as usize;
        let h = 1 + rng.below(4) as usize;
        if w * h > max_squares {
            continue;
        }
        let g: Grid = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| match (game, rng.below(10)) {
                        (Game::Amazons, 0) => b'x',
                        (Game::Amazons, 1) => b'o',
                        (Game::Amazons, 2 | 3) => b'#',
                        (Game::Amazons, _) => b'.',
                        (Game::Konane, 0..=2) => b'x',
                        (Game::Konane, 3..=5) => b'o',
                        (Game::Konane, 6) => b'#',
                        (Game::Konane, _) => b'.',
                        (Game::Clobber, 0..=3) => b'x',
                        (Game::Clobber, 4..=7) => b'o',
                        _ => b'.',
                    })
                    .collect()
            })
            .collect();
        return g;
    }
}

/// A form of one store copied into another.
fn import(from: &mut Canon, g: CanonId, into: &mut Canon) -> CanonId {
    let mut arena = cgt::game::Arena::default();
    let root = from.to_tree(g, &mut arena).expect("small forms");
    into.from_tree(&arena, root).expect("dyadic forms")
}

fn check_game<R: Ruleset>(game: Game, seed: u64, cases: usize, max_squares: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut solver: Solver<R> = Solver::new(1 << 22);
    let mut canon = Canon::new();
    let mut nonzero = 0;
    for _ in 0..cases {
        let g = random_board(&mut rng, game, max_squares);
        let t = text(&g);
        let pos = R::parse(&t).unwrap_or_else(|_| panic!("{game:?} `{t}` parses"));
        assert_eq!(pos.to_string(), t, "{game:?} round trip");
        for side in Side::BOTH {
            let ours: BTreeSet<String> = pos.options(side).iter().map(|o| o.to_string()).collect();
            let theirs: BTreeSet<String> = options(game, &g, side).iter().map(text).collect();
            assert_eq!(ours, theirs, "{game:?} `{t}`: {side}'s options");
            // Every named move reads back and plays.
            for m in pos.moves(side) {
                assert_eq!(pos.parse_move(side, &m.to_string()), Ok(m));
            }
        }
        let want = brute(game, &g, &mut canon);
        let got = solver.value(&pos).unwrap_or_else(|e| panic!("{game:?} `{t}`: {e}"));
        let got = import(solver.canon(), got, &mut canon);
        assert_eq!(canon.name(got), canon.name(want), "{game:?} `{t}`");
        if canon.name(want) != "0" {
            nonzero += 1;
        }
        // The components add up to the whole.
        let mut sum = canon.zero();
        for c in pos.components() {
            let v = solver.value(&c).unwrap();
            let v = import(solver.canon(), v, &mut canon);
            sum = canon.add(sum, v);
        }
        assert_eq!(sum, want, "{game:?} `{t}`: components");
    }
    // The random boards are not all trivial (small Konane boards mostly
    // are: a jump needs a stone, an opposing one and a square beyond).
    assert!(nonzero * 8 > cases, "{game:?}: only {nonzero} of {cases} boards are not 0");
}

#[test]
fn clobber_against_brute_force() {
    check_game::<Clobber>(Game::Clobber, 0xC1_0B, 400, 12);
}

#[test]
fn konane_against_brute_force() {
    check_game::<Konane>(Game::Konane, 0x_C0A, 400, 14);
}

#[test]
fn amazons_against_brute_force() {
    check_game::<Amazons>(Game::Amazons, 0xA3A, 200, 8);
}

/// Turning, mirroring or transposing a board keeps its value; swapping the
/// colours negates it.
#[test]
fn images_keep_the_value_up_to_sign() {
    fn images(g: &Grid) -> Vec<(Grid, bool)> {
        let t = |g: &Grid| -> Grid {
            let w = g.first().map_or(0, Vec::len);
            (0..w).map(|c| g.iter().map(|row| row[c]).collect()).collect()
        };
        let m = |g: &Grid| -> Grid { g.iter().map(|r| r.iter().rev().copied().collect()).collect() };
        let f = |g: &Grid| -> Grid { g.iter().rev().cloned().collect() };
        let swap = |g: &Grid| -> Grid {
            g.iter()
                .map(|r| {
                    r.iter()
                        .map(|&ch| match ch {
                            b'x' => b'o',
                            b'o' => b'x',
                            o => o,
                        })
                        .collect()
                })
                .collect()
        };
        let mut out = Vec::new();
        for a in [g.clone(), t(g)] {
            for b in [a.clone(), m(&a), f(&a), m(&f(&a))] {
                out.push((swap(&b), true));
                out.push((b, false));
            }
        }
        out
    }
    let mut rng = SplitMix64::new(0x1AA6E);
    for game in [Game::Clobber, Game::Konane, Game::Amazons] {
        for _ in 0..40 {
            let g = random_board(&mut rng, game, if game == Game::Amazons { 7 } else { 10 });
            let mut canon = Canon::new();
            let v = brute(game, &g, &mut canon);
            for (im, neg) in images(&g) {
                let w = brute(game, &im, &mut canon);
                let want = if neg { canon.neg(v) } else { v };
                assert_eq!(w, want, "{game:?} `{}` and its image `{}`", text(&g), text(&im));
            }
        }
    }
}

#[test]
fn bad_boards_name_the_square() {
    for (name, bad, says) in [
        ("clobber", "xo|o#", "row 2, column 2: found `#`"),
        ("clobber", "xo|o", "row 2 has 1 squares, expected 2"),
        ("konane", "xoz", "row 1, column 3: found `z`"),
        ("amazons", "x.|.q", "row 2, column 2: found `q`"),
        ("amazons", &["............"; 11].join("|"), "at most 128 squares"),
    ] {
        match session(name, bad, 100).err().expect("refused") {
            GameError::Position { ruleset, message } => {
                assert_eq!(ruleset, name);
                assert!(message.contains(says), "{name} `{bad}`: {message}");
            }
            other => panic!("{name} `{bad}`: {other}"),
        }
    }
    // A move that is not legal says which are.
    let mut s = session("clobber", "xo", 100).unwrap();
    let e = s.play(Side::Left, "b1-a1").unwrap_err().to_string();
    assert!(e.contains("a1-b1"), "{e}");
    s.play(Side::Left, "a1-b1").unwrap();
    assert_eq!(s.position(), ".x");
}
