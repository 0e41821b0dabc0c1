//! Toads and Frogs, Cutcake, Snort and Col held to answers that do not come
//! from the engine:
//!
//! - a brute force per ruleset written here from the rules alone (plain
//!   recursion over the game tree: no components, no normalisation, no
//!   tints for the graph games; Toads and Frogs and Cutcake remember the
//!   exact positions they have met, as written), valued into a [`Canon`] by
//!   `canon.options(&lefts, &rights)`, against the engine's [`Solver`] on a
//!   few hundred seeded random small positions each;
//! - the text formats (round trips, error messages that name the row and
//!   column, the cake, the vertex or the edge);
//! - components (their brute-force values add up to the whole's) and
//!   normalisation (the normalised position has the same brute-force value;
//!   relabelled small graphs share one key);
//! - the fast paths (`known_value`: Cutcake's table, Toads and Frogs once
//!   the pieces have passed each other) against the generic search with the
//!   fast paths off;
//! - theorems of Winning Ways ch. 2: Col positions are numbers or numbers
//!   plus star; swapping the colours negates Snort and Col, turning a cake
//!   negates it.
//!
//! Random cases come from seeded [`SplitMix64`] generators, so a failure
//! names a case that reproduces.

use cgt::canonical::{Canon, CanonId};
use cgt::notation::{parse_expr, ParseLimits};
use cgt::rng::SplitMix64;
use cgt::rulesets::col::Col;
use cgt::rulesets::cutcake::{Cake, Cut, Cutcake, CutcakeError};
use cgt::rulesets::engine::Solver;
use cgt::rulesets::graph::{GraphError, Paint, MAX_VERTICES};
use cgt::rulesets::registry::{session, GameError};
use cgt::rulesets::snort::Snort;
use cgt::rulesets::toads_and_frogs::{Hop, ToadsAndFrogs, ToadsAndFrogsError};
use cgt::rulesets::Ruleset;
use cgt::side::Side;
use std::collections::HashMap;
use std::fmt;

// ---------------------------------------------------------------- helpers

fn value_of(canon: &mut Canon, text: &str) -> CanonId {
    let (ex, root) = parse_expr(text, &ParseLimits::default()).unwrap_or_else(|e| panic!("`{text}` is not a game: {e}"));
    canon.from_exprs(&ex, root).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// The engine's value of `text`, named, in a fresh solver.
fn engine_name<R: Ruleset>(text: &str) -> String {
    let pos = R::parse(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    let mut s = Solver::<R>::new(1 << 22);
    let v = s.value(&pos).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    s.canon().name(v)
}

/// A ruleset with its fast path switched off: everything delegates except
/// `known_value` (the trait's default), so the generic search values it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct SearchOnly<R>(R);

impl<R: fmt::Display> fmt::Display for SearchOnly<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<R: Ruleset> Ruleset for SearchOnly<R> {
    type Move = R::Move;
    type Error = R::Error;
    const NAME: &'static str = "search-only";
    fn parse(text: &str) -> Result<Self, R::Error> {
        R::parse(text).map(SearchOnly)
    }
    fn moves(&self, side: Side) -> Vec<R::Move> {
        self.0.moves(side)
    }
    fn play(&self, side: Side, m: R::Move) -> Option<Self> {
        self.0.play(side, m).map(SearchOnly)
    }
    fn components(&self) -> Vec<Self> {
        self.0.components().into_iter().map(SearchOnly).collect()
    }
    fn size(&self) -> usize {
        self.0.size()
    }
    fn normalised(&self) -> Self {
        SearchOnly(self.0.normalised())
    }
}

/// `pos`'s value by the engine, copied into `canon` through its name.
fn engine_value<R: Ruleset>(pos: &R, canon: &mut Canon) -> CanonId {
    let mut s = Solver::<R>::new(1 << 22);
    let v = s.value(pos).unwrap_or_else(|e| panic!("`{pos}`: {e}"));
    let name = s.canon().name(v);
    value_of(canon, &name)
}

// ------------------------------------------------- Toads and Frogs oracle

/// Rows as the rules see them: bytes `T`, `F`, `.`.
type Strip = Vec<Vec<u8>>;

fn strip_of(text: &str) -> Strip {
    if text.is_empty() {
        return Vec::new();
    }
    text.split('|').map(|r| r.bytes().collect()).collect()
}

fn strip_text(s: &Strip) -> String {
    s.iter().map(|r| String::from_utf8(r.clone()).unwrap()).collect::<Vec<_>>().join("|")
}

/// Every position `side` can move to: a toad one square right onto `.`, or
/// over one `F` onto `.`; a frog the same to the left.
fn strip_options(s: &Strip, side: Side) -> Vec<Strip> {
    let (me, them, dir): (u8, u8, isize) = if side == Side::Left { (b'T', b'F', 1) } else { (b'F', b'T', -1) };
    let mut out = Vec::new();
    for (r, row) in s.iter().enumerate() {
        for c in 0..row.len() {
            if row[c] != me {
                continue;
            }
            let at = |k: isize| -> Option<u8> { row.get(usize::try_from(c as isize + k).ok()?).copied() };
            let land = if at(dir) == Some(b'.') {
                Some(c as isize + dir)
            } else if at(dir) == Some(them) && at(2 * dir) == Some(b'.') {
                Some(c as isize + 2 * dir)
            } else {
                None
            };
            if let Some(to) = land {
                let mut n = s.clone();
                n[r][c] = b'.';
                n[r][to as usize] = me;
                out.push(n);
            }
        }
    }
    out
}

/// The value by the rules alone, remembering the exact strips it has
/// valued (rows as written: no components, no trimming, no sorting).
fn strip_brute(s: &Strip, canon: &mut Canon) -> CanonId {
    strip_brute_memo(s, canon, &mut HashMap::new())
}

fn strip_brute_memo(s: &Strip, canon: &mut Canon, memo: &mut HashMap<Strip, CanonId>) -> CanonId {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let l: Vec<CanonId> = strip_options(s, Side::Left).iter().map(|o| strip_brute_memo(o, canon, memo)).collect();
    let r: Vec<CanonId> = strip_options(s, Side::Right).iter().map(|o| strip_brute_memo(o, canon, memo)).collect();
    let v = canon.options(&l, &r);
    memo.insert(s.clone(), v);
    v
}

/// One or two rows of up to `max_w` squares with at most `max_pieces`
/// pieces in all.
fn random_strip(rng: &mut SplitMix64, max_w: u64, max_pieces: usize) -> Strip {
    let rows = 1 + rng.below(2) as usize;
    let mut s: Strip = (0..rows).map(|_| (0..1 + rng.below(max_w)).map(|_| b"TF..TF."[rng.below(7) as usize]).collect()).collect();
    loop {
        let pieces: Vec<(usize, usize)> =
            s.iter().enumerate().flat_map(|(r, row)| row.iter().enumerate().filter(|(_, &b)| b != b'.').map(move |(c, _)| (r, c))).collect();
        if pieces.len() <= max_pieces {
            return s;
        }
        let (r, c) = pieces[rng.below(pieces.len() as u64) as usize];
        s[r][c] = b'.';
    }
}

fn tf(text: &str) -> ToadsAndFrogs {
    text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

#[test]
fn toads_and_frogs_engine_matches_brute_force() {
    let mut rng = SplitMix64::new(0x7F_0001);
    let mut nonzero = 0;
    for i in 0..400 {
        let s = random_strip(&mut rng, 9, 6);
        let text = strip_text(&s);
        let pos = tf(&text);
        let mut canon = Canon::new();
        let want = strip_brute(&s, &mut canon);
        let got = engine_value(&pos, &mut canon);
        assert_eq!(got, want, "case {i}: `{text}`: engine {}, brute force {}", canon.name(got), canon.name(want));
        // Components add up to the whole; the normalised position keeps it.
        let mut sum = canon.zero();
        for c in pos.components() {
            let v = strip_brute(&strip_of(&c.to_string()), &mut canon);
            sum = canon.add(sum, v);
        }
        assert_eq!(sum, want, "case {i}: the components of `{text}` add up to it");
        let n = strip_brute(&strip_of(&pos.normalised().to_string()), &mut canon);
        assert_eq!(n, want, "case {i}: `{text}` normalised to `{}`", pos.normalised());
        // The fast path off: the search alone agrees.
        let search = engine_value(&SearchOnly(pos.clone()), &mut canon);
        assert_eq!(search, want, "case {i}: `{text}` without the fast path");
        if want != canon.zero() {
            nonzero += 1;
        }
    }
    assert!(nonzero > 150, "the random positions are not all trivial ({nonzero})");
}

/// Blocks `TTFF` cut rows, dead ends are trimmed, rows are components.
#[test]
fn toads_and_frogs_components_and_walls() {
    let names = |t: &str| tf(t).components().iter().map(|c| c.to_string()).collect::<Vec<_>>();
    assert_eq!(names("T.F|.TF."), ["T.F", ".TF."]);
    assert_eq!(names("T.TTFF.F"), ["T.", ".F"], "cut at the wall, its pieces dropped");
    assert_eq!(names("FFT.F.TT"), ["T.F."], "frogs at the left end, toads at the right end");
    assert_eq!(names("TTFF|F..T|TF"), Vec::<String>::new(), "nothing can move");
    assert_eq!(names("T.F.TTFFT.F"), ["T.F.", "T.F"]);
    // The wall is needed whole: `TFF`, `TTF` do not cut.
    assert_eq!(names("T.TFF.F"), ["T.TFF.F"]);
    assert_eq!(names(".TTF.F"), [".TTF.F"]);
    // Normalised: trimmed rows, sorted, rows without moves gone.
    assert_eq!(tf("T.F|FT.|TTTT").normalised().to_string(), "T.|T.F");
    // The value of a wall-cut row against the brute force of the whole row.
    let mut canon = Canon::new();
    for t in ["T.TTFF.F", "T.F.TTFFT.F", "TT.FTTFF.TF.", ".T.TTFFT.F.F"] {
        let want = strip_brute(&strip_of(t), &mut canon);
        assert_eq!(engine_value(&tf(t), &mut canon), want, "`{t}`");
    }
}

#[test]
fn toads_and_frogs_text_moves_and_errors() {
    let mut rng = SplitMix64::new(0x7F_0002);
    for _ in 0..300 {
        let rows = 1 + rng.below(5) as usize;
        let s: Strip = (0..rows).map(|_| (0..rng.below(65)).map(|_| b"TF."[rng.below(3) as usize]).collect()).collect();
        let text = strip_text(&s);
        let p = tf(&text);
        assert_eq!(p.to_string(), text);
        assert_eq!(tf(&p.to_string()), p);
        assert_eq!(p.size(), s.iter().map(Vec::len).sum::<usize>());
        // Every move lands where the rules say.
        for side in Side::BOTH {
            let mut got: Vec<String> = p.moves(side).iter().map(|&m| p.play(side, m).unwrap().to_string()).collect();
            let mut want: Vec<String> = strip_options(&s, side).iter().map(strip_text).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "`{text}`");
        }
    }
    // Moves are named by the piece's square, as Domineering names squares.
    let p = tf("TF.T.|.FT.F");
    let names = |side| p.moves(side).iter().map(|m: &Hop| m.to_string()).collect::<Vec<_>>();
    assert_eq!(names(Side::Left), ["a1", "d1", "c2"]);
    assert_eq!(names(Side::Right), ["b2", "e2"]);
    let m = p.parse_move(Side::Left, "a1").unwrap();
    assert_eq!(p.target(Side::Left, m), Some(2), "a jump over the frog");
    assert_eq!(p.play(Side::Left, m).unwrap().to_string(), ".FTT.|.FT.F");
    assert_eq!(p.target(Side::Right, p.parse_move(Side::Right, "e2").unwrap()), Some(3));
    assert!(p.parse_move(Side::Left, "b1").unwrap_err().to_string().contains("`b1` is not a legal move of Left"));
    let mut s = session("toads-and-frogs", "T.F|TF.", 1000).unwrap();
    s.play(Side::Left, "a2").unwrap();
    assert_eq!(s.position(), "T.F|.FT");
    // Errors name the row and column.
    let wide = "T".repeat(65);
    let tall = vec!["T"; 65].join("|");
    let cases: Vec<(&str, ToadsAndFrogsError, &str)> = vec![
        ("T.x", ToadsAndFrogsError::Square { row: 1, col: 3, found: "x".into() }, "row 1, column 3: found `x`, expected `T`"),
        ("T.F|.t", ToadsAndFrogsError::Square { row: 2, col: 2, found: "t".into() }, "row 2, column 2"),
        (&wide, ToadsAndFrogsError::TooWide { row: 1, len: 65 }, "row 1 has 65 squares; at most 64"),
        (&tall, ToadsAndFrogsError::TooManyRows { rows: 65 }, "65 rows; at most 64"),
    ];
    for (text, want, says) in cases {
        let e = text.parse::<ToadsAndFrogs>().unwrap_err();
        assert_eq!(e, want, "`{text}`");
        assert!(e.to_string().contains(says), "`{text}`: {e}");
        match session("toads-and-frogs", text, 10).err().expect("refused") {
            GameError::Position { ruleset, message } => assert_eq!((ruleset, message), ("toads-and-frogs", e.to_string())),
            other => panic!("{other}"),
        }
    }
    assert_eq!(tf("").to_string(), "");
    assert_eq!(tf(" T.F ").to_string(), "T.F");
}

// ------------------------------------------------------- Cutcake oracle

/// The value of some cakes by the rules alone: Left splits a width, Right
/// a height, every cut of every cake (a memo of the exact lists met, in the
/// order written: no sorting, no components, no table of values).
fn cake_brute(cakes: &[(u32, u32)], canon: &mut Canon, memo: &mut HashMap<Vec<(u32, u32)>, CanonId>) -> CanonId {
    if let Some(&v) = memo.get(cakes) {
        return v;
    }
    let mut sides: [Vec<CanonId>; 2] = [Vec::new(), Vec::new()];
    for (i, &(w, h)) in cakes.iter().enumerate() {
        for a in 1..w {
            let mut n = cakes.to_vec();
            n[i] = (a, h);
            n.push((w - a, h));
            sides[0].push(cake_brute(&n, canon, memo));
        }
        for a in 1..h {
            let mut n = cakes.to_vec();
            n[i] = (w, a);
            n.push((w, h - a));
            sides[1].push(cake_brute(&n, canon, memo));
        }
    }
    let v = canon.options(&sides[0], &sides[1]);
    memo.insert(cakes.to_vec(), v);
    v
}

fn cakes_text(cakes: &[(u32, u32)]) -> String {
    cakes.iter().map(|(w, h)| format!("{w}x{h}")).collect::<Vec<_>>().join(" ")
}

#[test]
fn cutcake_engine_matches_brute_force() {
    let mut rng = SplitMix64::new(0xCA_0001);
    for i in 0..300 {
        let n = 1 + rng.below(3) as usize;
        let mut cakes: Vec<(u32, u32)> = (0..n).map(|_| (1 + rng.below(4) as u32, 1 + rng.below(4) as u32)).collect();
        // Keep the tree small: at most 9 unit squares in all.
        while cakes.iter().map(|(w, h)| w * h).sum::<u32>() > 9 {
            cakes.pop();
        }
        let text = cakes_text(&cakes);
        let pos: Cutcake = text.parse().unwrap();
        let mut canon = Canon::new();
        let mut memo = HashMap::new();
        let want = cake_brute(&cakes, &mut canon, &mut memo);
        assert_eq!(engine_value(&pos, &mut canon), want, "case {i}: `{text}`");
        assert_eq!(engine_value(&SearchOnly(pos.clone()), &mut canon), want, "case {i}: `{text}` by the search");
        let mut sum = canon.zero();
        for c in pos.components() {
            let cs: Vec<(u32, u32)> = c.cakes().iter().map(|k| (k.width, k.height)).collect();
            let v = cake_brute(&cs, &mut canon, &mut memo);
            sum = canon.add(sum, v);
        }
        assert_eq!(sum, want, "case {i}: components of `{text}`");
        let norm: Vec<(u32, u32)> = pos.normalised().cakes().iter().map(|k| (k.width, k.height)).collect();
        assert_eq!(cake_brute(&norm, &mut canon, &mut memo), want, "case {i}: `{text}` normalised");
        // Every Cutcake position is an integer.
        assert!(canon.name(want).parse::<i64>().is_ok(), "case {i}: `{text}` is {}", canon.name(want));
    }
}

/// Winning Ways' table (the formula of the fast path) against the generic
/// search, which never uses it, on every cake up to 14 x 14; turning a cake
/// negates it.
#[test]
fn cutcake_table_against_search() {
    let mut s = Solver::<SearchOnly<Cutcake>>::new(1 << 22);
    for w in 1..=14u32 {
        for h in 1..=14u32 {
            let pos = SearchOnly(Cutcake::new(vec![Cake { width: w, height: h }]).unwrap());
            let v = s.value(&pos).unwrap();
            let name = s.canon().name(v);
            let table = Cake { width: w, height: h }.table_value();
            assert_eq!(name, table.to_string(), "{w}x{h}");
            assert_eq!(Cake { width: h, height: w }.table_value(), -table, "{w}x{h} turned");
        }
    }
    // Rows of the table as printed (height 1, 2, 3: w - 1, then halving).
    let row = |h: u32| (1..=16u32).map(|w| Cake { width: w, height: h }.table_value()).collect::<Vec<_>>();
    assert_eq!(row(1), (0..16).collect::<Vec<i64>>());
    assert_eq!(row(2), [-1, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    assert_eq!(row(3), [-2, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    assert_eq!(row(4), [-3, -1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]);
    // Large cakes are instant through the table.
    assert_eq!(engine_name::<Cutcake>("4096x4096 4096x3"), "2047");
}

#[test]
fn cutcake_text_moves_and_errors() {
    let c: Cutcake = "3x2 1x1  4x1".parse().unwrap();
    assert_eq!(c.to_string(), "3x2 1x1 4x1");
    assert_eq!(c.size(), 3 + 3);
    let names = |side| c.moves(side).iter().map(|m: &Cut| m.to_string()).collect::<Vec<_>>();
    assert_eq!(names(Side::Left), ["1v1", "1v2", "3v1", "3v2", "3v3"]);
    assert_eq!(names(Side::Right), ["1h1"]);
    let m = c.parse_move(Side::Left, "3v1").unwrap();
    assert_eq!(c.play(Side::Left, m).unwrap().to_string(), "3x2 1x1 1x1 3x1");
    let m = c.parse_move(Side::Right, "1h1").unwrap();
    assert_eq!(c.play(Side::Right, m).unwrap().to_string(), "3x1 3x1 1x1 4x1");
    assert!(c.parse_move(Side::Right, "1v1").is_err(), "Right cuts horizontally only");
    assert_eq!(c.play(Side::Left, Cut { cake: 0, vertical: true, at: 3 }), None, "no cut on the edge");
    assert_eq!(c.play(Side::Left, Cut { cake: 0, vertical: false, at: 1 }), None, "Left's cuts are vertical");
    assert_eq!(c.components().iter().map(|k| k.to_string()).collect::<Vec<_>>(), ["3x2", "4x1"]);
    assert_eq!(c.normalised().to_string(), "3x2 4x1");
    let mut rng = SplitMix64::new(0xCA_0002);
    for _ in 0..200 {
        let cakes: Vec<(u32, u32)> = (0..rng.below(6)).map(|_| (1 + rng.below(4096) as u32, 1 + rng.below(30) as u32)).collect();
        let t = cakes_text(&cakes);
        let p: Cutcake = t.parse().unwrap();
        assert_eq!(p.to_string(), t);
    }
    let cases: Vec<(&str, CutcakeError, &str)> = vec![
        ("3x2 4y1", CutcakeError::Cake { item: 2, found: "4y1".into() }, "cake 2: found `4y1`, expected width x height"),
        ("3x", CutcakeError::Cake { item: 1, found: "3x".into() }, "cake 1"),
        ("3x2 1x1 -1x2", CutcakeError::Cake { item: 3, found: "-1x2".into() }, "cake 3"),
        ("0x2", CutcakeError::Side { item: 1, found: "0x2".into() }, "sides from 1 to 4096"),
        ("2x4097", CutcakeError::Side { item: 1, found: "2x4097".into() }, "cake 1: `2x4097` has a side out of range"),
    ];
    for (text, want, says) in cases {
        let e = text.parse::<Cutcake>().unwrap_err();
        assert_eq!(e, want, "`{text}`");
        assert!(e.to_string().contains(says), "`{text}`: {e}");
        assert!(matches!(session("cutcake", text, 10).err(), Some(GameError::Position { ruleset: "cutcake", .. })));
    }
    let many = vec!["1x1"; 4097].join(" ");
    assert_eq!(many.parse::<Cutcake>().unwrap_err(), CutcakeError::TooMany { cakes: 4097 });
}

// ------------------------------------------------- Snort and Col oracle

/// A graph as the rules see it: colours only (0 uncoloured, 1 blue, 2 red)
/// and edges; a written tint becomes a coloured neighbour of its own.
#[derive(Clone, Debug)]
struct Plain {
    colour: Vec<u8>,
    adj: Vec<Vec<usize>>,
}

fn plain_of(text: &str) -> Plain {
    let mut parts = text.split(':');
    let states: Vec<char> = parts.next().unwrap().chars().collect();
    let mut colour: Vec<u8> = states
        .iter()
        .map(|&c| {
            if c == 'B' {
                1
            } else if c == 'R' {
                2
            } else {
                0
            }
        })
        .collect();
    let mut adj = vec![Vec::new(); states.len()];
    for e in parts.next().unwrap_or("").split(',').filter(|e| !e.is_empty()) {
        let (a, b) = e.split_once('-').unwrap();
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        adj[a].push(b);
        adj[b].push(a);
    }
    for (v, &c) in states.iter().enumerate() {
        let hidden: &[u8] = match c {
            'b' => &[1],
            'r' => &[2],
            'x' => &[1, 2],
            _ => &[],
        };
        for &h in hidden {
            colour.push(h);
            adj.push(vec![v]);
            let u = colour.len() - 1;
            adj[v].push(u);
        }
    }
    Plain { colour, adj }
}

/// `snort`: may not colour next to the other colour; else (Col) next to
/// one's own.
fn plain_brute(g: &mut Plain, snort: bool, canon: &mut Canon) -> CanonId {
    let mut sides: [Vec<CanonId>; 2] = [Vec::new(), Vec::new()];
    for (k, mine) in [(0, 1u8), (1, 2u8)] {
        let banned = if snort { 3 - mine } else { mine };
        for v in 0..g.colour.len() {
            if g.colour[v] != 0 || g.adj[v].iter().any(|&u| g.colour[u] == banned) {
                continue;
            }
            g.colour[v] = mine;
            let x = plain_brute(g, snort, canon);
            g.colour[v] = 0;
            sides[k].push(x);
        }
    }
    canon.options(&sides[0], &sides[1])
}

fn brute_graph(text: &str, snort: bool, canon: &mut Canon) -> CanonId {
    plain_brute(&mut plain_of(text), snort, canon)
}

/// A random graph text: `n` vertices in states drawn from `states`, each
/// pair joined with probability `p`/10.
fn random_graph(rng: &mut SplitMix64, n: usize, states: &[u8], p: u64) -> String {
    let s: String = (0..n).map(|_| states[rng.below(states.len() as u64) as usize] as char).collect();
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(10) < p {
                edges.push(format!("{u}-{v}"));
            }
        }
    }
    if edges.is_empty() {
        s
    } else {
        format!("{s}:{}", edges.join(","))
    }
}

/// Colours swapped: `B`/`R`, `b`/`r`.
fn swapped(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'B' => 'R',
            'R' => 'B',
            'b' => 'r',
            'r' => 'b',
            c => c,
        })
        .collect()
}

fn graph_engine_vs_brute<R: Ruleset>(seed: u64, snort: bool) {
    let mut rng = SplitMix64::new(seed);
    let mut hot = 0;
    for i in 0..300 {
        let n = 1 + rng.below(6) as usize;
        let p = 2 + rng.below(6);
        // Mostly uncoloured, some tinted and coloured vertices.
        let text = random_graph(&mut rng, n, b"......bbrrxBR", p);
        let pos = R::parse(&text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        let mut canon = Canon::new();
        let want = brute_graph(&text, snort, &mut canon);
        let got = engine_value(&pos, &mut canon);
        assert_eq!(got, want, "case {i}: `{text}`: engine {}, brute force {}", canon.name(got), canon.name(want));
        // The text as the engine prints it (implied tints added) is the same game.
        assert_eq!(brute_graph(&pos.to_string(), snort, &mut canon), want, "case {i}: `{text}` printed `{pos}`");
        let mut sum = canon.zero();
        for c in pos.components() {
            let v = brute_graph(&c.to_string(), snort, &mut canon);
            sum = canon.add(sum, v);
        }
        assert_eq!(sum, want, "case {i}: the components of `{text}` add up to it");
        assert_eq!(brute_graph(&pos.normalised().to_string(), snort, &mut canon), want, "case {i}: `{text}` normalised `{}`", pos.normalised());
        // Swapping the colours negates.
        let neg = brute_graph(&swapped(&text), snort, &mut canon);
        assert_eq!(canon.neg(want), neg, "case {i}: `{text}` with colours swapped");
        let name = canon.name(want);
        if snort && name.contains('|') {
            hot += 1;
        }
        if !snort {
            // Winning Ways: every Col position is a number or a number plus star.
            let num = name.trim_end_matches('*');
            let ok = num.is_empty()
                || parse_expr(num, &ParseLimits::default()).ok().is_some_and(|(ex, r)| {
                    let g = canon.from_exprs(&ex, r).unwrap();
                    !canon.name(g).contains(['{', '^', 'v', '*'])
                });
            assert!(ok, "case {i}: Col `{text}` is {name}");
        }
    }
    if snort {
        assert!(hot > 50, "Snort positions are often hot ({hot})");
    }
}

#[test]
fn snort_engine_matches_brute_force() {
    graph_engine_vs_brute::<Snort>(0x5E_0001, true);
}

#[test]
fn col_engine_matches_brute_force() {
    graph_engine_vs_brute::<Col>(0xC0_0001, false);
}

/// Relabelled copies of a small graph share one normalised key (at most 6
/// live vertices: every order is tried), and larger ones keep the value.
#[test]
fn relabelled_graphs_share_a_key() {
    let mut rng = SplitMix64::new(0x5E_0002);
    for i in 0..300 {
        let n = 1 + rng.below(6) as usize;
        let p = 2 + rng.below(6);
        let text = random_graph(&mut rng, n, b"...br", p);
        let g: Snort = text.parse().unwrap();
        let mut perm: Vec<usize> = (0..n).collect();
        for k in (1..n).rev() {
            perm.swap(k, rng.below(k as u64 + 1) as usize);
        }
        // Vertex v of `g` is vertex perm[v] of the copy.
        let mut states = vec!['.'; n];
        for (v, c) in text.split(':').next().unwrap().chars().enumerate() {
            states[perm[v]] = c;
        }
        let edges: Vec<String> = g.graph().edges().iter().map(|&(a, b)| format!("{}-{}", perm[a], perm[b])).collect();
        let copy_text = format!("{}:{}", states.iter().collect::<String>(), edges.join(","));
        let copy: Snort = copy_text.parse().unwrap();
        assert_eq!(g.normalised(), copy.normalised(), "case {i}: `{text}` and `{copy_text}`");
    }
    // A larger symmetric graph: the value survives normalisation.
    let mut canon = Canon::new();
    for t in ["C6", "K4", "S5", "P7"] {
        let g: Col = t.parse().unwrap();
        let want = brute_graph(&g.to_string(), false, &mut canon);
        assert_eq!(brute_graph(&g.normalised().to_string(), false, &mut canon), want, "`{t}`");
        assert_eq!(engine_value(&g, &mut canon), want, "`{t}`");
    }
}

#[test]
fn graph_text_moves_and_errors() {
    // Implied tints are added; edges print sorted; points round trip.
    let g: Snort = "B..:1-2,0-1,1-0".parse().unwrap();
    assert_eq!(g.to_string(), "Bb.:0-1,1-2");
    let g: Col = "B..R:0-1,1-2,2-3:0,0/1.5,0/-2.25,1/3,-0.5".parse().unwrap();
    assert_eq!(g.to_string(), "Bbr R:0-1,1-2,2-3:0,0/1.5,0/-2.25,1/3,-0.5".replace(' ', ""));
    assert_eq!(g.graph().points().unwrap()[2], (-2.25, 1.0));
    assert_eq!("..::0,0/1,1".parse::<Col>().unwrap().to_string(), "..::0,0/1,1");
    assert_eq!("P3".parse::<Col>().unwrap().to_string(), "...:0-1,1-2");
    assert_eq!("C3".parse::<Col>().unwrap().to_string(), "...:0-1,0-2,1-2");
    assert_eq!("K3".parse::<Col>().unwrap().to_string(), "...:0-1,0-2,1-2");
    assert_eq!("S2".parse::<Col>().unwrap().to_string(), "...:0-1,0-2");
    assert_eq!("".parse::<Col>().unwrap().to_string(), "");
    // Random texts round trip, with and without points.
    let mut rng = SplitMix64::new(0x5E_0003);
    for _ in 0..300 {
        let n = rng.below(12) as usize;
        let mut t = random_graph(&mut rng, n, b".brxBR", 3);
        if rng.below(2) == 0 && n > 0 {
            if !t.contains(':') {
                t.push(':');
            }
            let pts: Vec<String> = (0..n).map(|_| format!("{},{}", rng.below(2000) as i64 - 1000, rng.below(500) as f64 / 100.0)).collect();
            t = format!("{t}:{}", pts.join("/"));
        }
        let g: Snort = t.parse().unwrap_or_else(|e| panic!("`{t}`: {e}"));
        let printed = g.to_string();
        assert_eq!(printed.parse::<Snort>().unwrap(), g, "`{t}` printed `{printed}`");
        assert_eq!(printed.parse::<Snort>().unwrap().to_string(), printed);
    }
    // Moves: the vertex, by the game's rule.
    let s: Snort = "b.r:0-1".parse().unwrap();
    let c: Col = "b.r:0-1".parse().unwrap();
    let names = |v: Vec<Paint>| v.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    assert_eq!(names(s.moves(Side::Left)), ["v0", "v1"]);
    assert_eq!(names(s.moves(Side::Right)), ["v1", "v2"]);
    assert_eq!(names(c.moves(Side::Left)), ["v1", "v2"]);
    assert_eq!(names(c.moves(Side::Right)), ["v0", "v1"]);
    let m = s.parse_move(Side::Left, "v1").unwrap();
    assert_eq!(s.play(Side::Left, m).unwrap().to_string(), "bBr:0-1");
    assert_eq!(s.play(Side::Right, Paint(0)), None);
    assert_eq!(s.play(Side::Left, Paint(7)), None);
    let mut sess = session("col", "P3", 1000).unwrap();
    sess.play(Side::Left, "v1").unwrap();
    assert_eq!(sess.position(), "bBb:0-1,1-2");
    assert_eq!(sess.moves(Side::Left), Vec::<String>::new());
    assert_eq!(sess.moves(Side::Right), ["v0", "v2"]);
    // Errors name the vertex, the edge or the point.
    let big = ".".repeat(MAX_VERTICES + 1);
    let cases: Vec<(&str, GraphError, &str)> = vec![
        ("..q", GraphError::State { vertex: 2, found: "q".into() }, "vertex 2: found `q`, expected `.`"),
        (
            "...:0-1,1-5",
            GraphError::Edge { item: 2, found: "1-5".into(), why: "there is no vertex 5; the vertices are 0 to 2".into() },
            "edge 2 (`1-5`): there is no vertex 5",
        ),
        (
            "...:0-1,2-2",
            GraphError::Edge { item: 2, found: "2-2".into(), why: "joins vertex 2 to itself; expected two different vertices".into() },
            "joins vertex 2 to itself",
        ),
        (
            "...:0-1,a-b",
            GraphError::Edge { item: 2, found: "a-b".into(), why: "expected two vertex numbers joined by `-`, e.g. `0-1`".into() },
            "edge 2 (`a-b`): expected two vertex numbers",
        ),
        ("...:0-1:0,0/1,1", GraphError::PointCount { found: 2, expected: 3 }, "2 points for 3 vertices"),
        ("..::0,0/1,x", GraphError::Point { item: 2, found: "1,x".into() }, "point 2 (`1,x`): expected `x,y`"),
        ("..::0,0/1,0.125", GraphError::Point { item: 2, found: "1,0.125".into() }, "point 2"),
        (&big, GraphError::TooLarge { vertices: 65 }, "65 vertices; at most 64"),
        ("..:0-1:0,0/1,1:x", GraphError::Parts { found: 4 }, "4 parts separated by `:`"),
        ("C2", GraphError::Shorthand { found: "C2".into(), why: "a cycle needs at least 3 vertices".into() }, "`C2`: a cycle needs at least 3 vertices"),
        ("P65", GraphError::TooLarge { vertices: 65 }, "at most 64"),
    ];
    for (text, want, says) in cases {
        let e = text.parse::<Snort>().unwrap_err();
        assert_eq!(e, want, "`{text}`");
        assert!(e.to_string().contains(says), "`{text}`: {e}");
        for name in ["snort", "col"] {
            match session(name, text, 10).err().expect("refused") {
                GameError::Position { ruleset, message } => assert_eq!((ruleset, message), (name, e.to_string())),
                other => panic!("{other}"),
            }
        }
    }
}

/// The sessions of the new rulesets agree with the solver and report their
/// components (what the Sums page is sent) adding up to the whole.
#[test]
fn sessions_report_components_that_add_up() {
    for (name, pos) in
        [("toads-and-frogs", "TT.F.F|T.TTFF.F"), ("cutcake", "3x2 4x1 1x1 2x5"), ("snort", "B....:0-1,1-2,0-3,3-4"), ("col", ".b..r.:0-1,1-2,3-4,4-5")]
    {
        let mut s = session(name, pos, 1 << 20).unwrap();
        let report = s.report().unwrap();
        let mut canon = Canon::new();
        let whole = value_of(&mut canon, &report.canonical);
        let mut sum = canon.zero();
        for c in s.sum_components().unwrap() {
            let v = value_of(&mut canon, &c);
            sum = canon.add(sum, v);
        }
        assert_eq!(sum, whole, "{name} `{pos}`");
        assert!(report.components.len() >= 2, "{name} `{pos}` splits");
    }
    // The engine's name of a position, as `cgt game` prints it.
    assert_eq!(engine_name::<ToadsAndFrogs>("TFT.TFF"), "^");
    assert_eq!(engine_name::<Col>("r.r.b.r.r.:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9"), "7/8");
}
