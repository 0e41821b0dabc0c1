//! Builds the link corpus and writes `tests/data/links.txt`.
//!
//! Links come from the app's own data where there is some (the explorer's,
//! the Sums page's and the Hackenbush page's presets, the Table 4 classes,
//! every step of every lesson), from today's engines (every subgame path of
//! a game, every construction step, a heap-go game and games on the Sums
//! page played by the computer on both sides) and from a list of edge cases
//! written here (malformed values, repeated and unknown keys, encodings).
//! Expectations come only from [`open_link`].

use super::{check, encode_query, open_link, read_corpus, render, CORPUS};
use cgt::notation::{GameTree, ParseLimits};
use cgt::side::Side;

struct Rec {
    section: String,
    note: String,
    link: String,
}

#[derive(Default)]
struct Builder {
    recs: Vec<Rec>,
    section: String,
}

fn own(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

impl Builder {
    fn section(&mut self, s: &str) {
        self.section = s.to_string();
    }
    /// A link exactly as typed (after the path).
    fn raw(&mut self, note: &str, link: &str) {
        self.recs.push(Rec { section: self.section.clone(), note: note.to_string(), link: link.to_string() });
    }
    /// A link with these pairs, encoded as the app encodes them.
    fn q(&mut self, note: &str, pairs: &[(&str, &str)]) {
        let link = encode_query(&own(pairs));
        self.raw(note, &link);
    }
}

/// The value of `key` in what the app writes for `link`.
fn written(link: &str, key: &str) -> String {
    open_link(link).writes.into_iter().find(|(k, _)| k == key).map(|(_, v)| v).unwrap_or_else(|| panic!("{link} writes no {key}"))
}

/// Every subgame path (`L0.R1`) of `game`, breadth-first, at most `max`.
fn node_paths(game: &str, max: usize) -> Vec<String> {
    let t = GameTree::parse_with(game, &ParseLimits::INTERACTIVE).unwrap();
    let a = t.arena();
    let mut out = Vec::new();
    let mut queue = std::collections::VecDeque::from([(t.root(), String::new())]);
    while let Some((id, path)) = queue.pop_front() {
        for (side, opts) in [('L', a.left(id)), ('R', a.right(id))] {
            for (i, &o) in opts.iter().enumerate() {
                let p = if path.is_empty() { format!("{side}{i}") } else { format!("{path}.{side}{i}") };
                if out.len() < max {
                    out.push(p.clone());
                    queue.push_back((o, p));
                }
            }
        }
    }
    out
}

fn construction_steps(game: &str) -> usize {
    let t = GameTree::parse_with(game, &ParseLimits::INTERACTIVE).unwrap();
    cgt::construction::construction(t.arena(), t.root()).unwrap().len()
}

/// A heap-go game on `heaps` played by the computer on both sides: the
/// moves text after each move.
fn heapgo_game(heaps: &str, first: Side) -> Vec<String> {
    use cgt_lab::pages::heapgo::model::{computer_move, replay, Moves};
    let g: cgt::rulesets::heapgo::HeapGo = heaps.parse().unwrap();
    let mut moves = Moves::default();
    let mut side = first;
    let mut out = Vec::new();
    loop {
        let (p, applied) = replay(&g, &moves);
        assert_eq!(applied, moves.len());
        if p.over {
            break;
        }
        let (h, _) = computer_move(&g, &p.pos, side).unwrap();
        moves.push(side, h);
        out.push(moves.to_string());
        side = side.other();
    }
    out
}

/// A game on the Sums page with the computer on both sides (your moves
/// chosen by the same strategy): the record after each move.
fn sums_game(sum: &str, sides: &str, strategy: &str) -> Vec<String> {
    use cgt_lab::pages::sums::model::{computer_reply, parse_sum, replay_game, PlayRecord};
    let g = parse_sum(sum).unwrap();
    let mut rec: PlayRecord = format!("{sides}_{strategy}_").parse().unwrap();
    let mut out = Vec::new();
    for _ in 0..200 {
        let at = replay_game(&g, &rec).unwrap();
        if at.score.is_some() {
            return out;
        }
        let mv = if at.your_turn(&rec) {
            let mut other = rec.clone();
            other.you = other.you.other();
            computer_reply(&g, &other, &at)
        } else {
            computer_reply(&g, &rec, &at)
        };
        rec.moves.push(mv.expect("a move"));
        out.push(rec.to_string());
    }
    panic!("{sum}: no end");
}

fn build() -> Vec<Rec> {
    let mut b = Builder::default();
    let default_game = written("?", "g");
    let default_heaps = written("?page=heapgo", "h");
    let default_hb = written("?page=hackenbush", "hb");
    let default_sum = written("?page=sums", "s");

    // ---------------------------------------------------------------- pages
    b.section("pages: the page key");
    b.raw("the bare address", "?");
    b.raw("key without `=`: explorer", "?page");
    for p in ["explorer", "heapgo", "mt-search", "hackenbush", "sums"] {
        b.q("", &[("page", p)]);
    }
    b.raw("empty page: explorer", "?page=");
    b.raw("page names are case-sensitive", "?page=Sums");
    b.raw("", "?page=EXPLORER");
    b.raw("unknown page", "?page=nope");
    b.raw("underscore is not the page's key", "?page=mt_search");
    b.raw("trailing space (+) is not trimmed", "?page=sums+");
    b.raw("a repeated key: the first wins", "?page=sums&page=heapgo");
    b.raw("keys are case-sensitive", "?PAGE=sums");
    b.raw("an unknown key is ignored", "?zzz=1&page=hackenbush");
    b.raw("empty sequences and an empty key", "?&&=x&page=heapgo&&");
    b.raw("the fragment is not part of the query", "?page=sums#page=heapgo");
    b.raw("an encoded key", "?pa%67e=sums");

    // ------------------------------------------------------------- explorer
    b.section("explorer: the explorer's presets");
    for p in cgt_lab::presets::PRESETS {
        b.q(p.name, &[("g", p.game)]);
    }
    b.section("explorer: game text");
    b.raw("empty game", "?g=");
    b.raw("key without `=`: empty game", "?g");
    b.raw("a game that does not parse is kept as typed", "?g=%7B4%7C");
    b.raw("unencoded braces and bar, as typed by hand", "?g={4|0}");
    b.raw("a raw `+` is a space", "?g={4|0}+*");
    b.raw("an encoded `+` is a plus", "?g=%7B4%7C0%7D%2B*");
    b.raw("spaces as %20", "?g={4|0}%20%2B%20{{10|-3}|-5}");
    b.raw("a malformed escape is kept", "?g=%ZZ");
    b.raw("a cut escape is kept", "?g=*%7");
    b.raw("invalid UTF-8 becomes U+FFFD", "?g=%FF*");
    b.raw("non-ASCII text", "?g=%E2%86%91*");
    b.raw("`=` in a value", "?g==*");
    b.raw("an encoded `&` in a value", "?g=*%26page%3Dsums");
    b.raw("a repeated game: the first wins", "?g=*&g=%5E");
    b.raw("uppercase key is another key", "?G=*");
    b.q("a game longer than MAX_TEXT (4000) is not cut", &[("g", &format!("{{{}|0}}", "1".repeat(4100)))]);
    for (g, note) in [
        ("^", "up"),
        ("v*", "down star"),
        ("*256", "a large nimber"),
        ("^3*2", ""),
        ("{1/2|3/4}", "a number by the simplest-number rule"),
        ("-3/4", "a negative number"),
        ("{5|-5} + {5|-5} + {5|-5}", "a sum of three"),
    ] {
        b.q(note, &[("g", g)]);
    }

    b.section("explorer: sub-zero band (sz)");
    for v in ["0", "false", "off", "no", "1", "true", "", "OFF", "No", "2"] {
        b.q("", &[("sz", v)]);
    }
    b.raw("key without `=`", "?sz");
    b.raw("repeated: the first wins", "?sz=1&sz=0");
    b.raw("repeated: the first wins", "?sz=0&sz=1");

    b.section("explorer: node paths");
    for p in node_paths(&default_game, 40) {
        b.q("", &[("node", &p)]);
    }
    let greedy = "{4|0} + {{10|-3}|-5}";
    for p in node_paths(greedy, 12) {
        b.q(greedy, &[("g", greedy), ("node", &p)]);
    }
    for (v, note) in [
        ("", "empty: the root"),
        ("l0.r0", "lowercase sides are read, written uppercase"),
        ("L00", "leading zeros"),
        ("L%2B0", "an encoded plus sign before the index"),
        ("L+0", "a raw `+` is a space: malformed, the root"),
        ("+L0+", "surrounding spaces are trimmed"),
        ("X7", "no side: the root"),
        ("L", "no index: the root"),
        ("L-1", "negative index: the root"),
        ("L0.", "trailing dot: the root"),
        (".L0", "leading dot: the root"),
        ("L0..R0", "empty step: the root"),
        ("L0,R0", "wrong separator: the root"),
        ("L99", "a path the game does not have is kept (the page shows its longest valid prefix)"),
        ("R0.R0.R0.R0.R0", "deeper than the game"),
        ("L4294967295", "the largest index on a 32-bit page"),
        ("L18446744073709551616", "an index past any integer: the root"),
    ] {
        if v.contains('%') || v.contains('+') {
            b.raw(note, &format!("?node={v}"));
        } else {
            b.q(note, &[("node", v)]);
        }
    }
    let deep = vec!["L0"; 1000].join(".");
    b.q("1000 steps (MAX_PATH) are kept", &[("node", &deep)]);
    let deeper = vec!["L0"; 1001].join(".");
    b.q("1001 steps: the root", &[("node", &deeper)]);

    b.section("explorer: build steps (build=k)");
    let sensei = "{{-2|-4}|-7}";
    let n = construction_steps(sensei);
    for k in 0..=n + 1 {
        b.q(&format!("step {k} of {n}"), &[("g", sensei), ("build", &k.to_string())]);
    }
    let n = construction_steps(&default_game);
    for k in [1, 2, 20, n, n + 1] {
        b.q(&format!("step {k} of {n}"), &[("build", &k.to_string())]);
    }
    for (v, note) in [
        ("-1", "negative: closed"),
        ("x", "not a number: closed"),
        ("", "empty: closed"),
        ("4294967295", "the largest step on a 32-bit page"),
        ("18446744073709551616", "past any integer: closed"),
    ] {
        b.q(note, &[("build", v)]);
    }
    b.raw("an encoded plus sign", "?build=%2B3");
    b.raw("a raw `+` is a space: closed", "?build=+3");

    b.section("explorer: combined, and other pages' keys");
    b.q("", &[("g", "{4|0}"), ("sz", "0"), ("node", "L0"), ("build", "2")]);
    b.q("keys in another order", &[("build", "3"), ("node", "R0"), ("g", "14|2|||-2||-14|-16"), ("sz", "off")]);
    b.q("the other pages' keys are held, not written", &[("g", "*"), ("h", "b1,r2"), ("mv", "L0"), ("first", "R"), ("you", "both")]);
    b.q("", &[("ord", "random"), ("seed", "5"), ("n", "7"), ("mt", "fig7")]);
    b.q("", &[("hb", "stalk:br"), ("turn", "r"), ("hbxy", "1:0,1")]);
    b.q("", &[("s", "{4|0} + *"), ("sp", "LL_greedy_0-0")]);
    b.q(
        "every key at once",
        &[
            ("page", "explorer"),
            ("g", "{5|-5}"),
            ("sz", "0"),
            ("node", "L0"),
            ("h", "b2/r2"),
            ("mv", "L0"),
            ("first", "R"),
            ("you", "R"),
            ("ord", "heaps"),
            ("seed", "9"),
            ("n", "4"),
            ("mt", "tree"),
            ("hb", "stalk:b"),
            ("turn", "r"),
            ("hbxy", "1:1,1"),
            ("s", "*"),
            ("sp", "RR_exact_"),
            ("lesson", "switches"),
            ("ls", "1"),
            ("build", "1"),
        ],
    );

    // -------------------------------------------------------------- heap-go
    b.section("heapgo: sums of Table 4's classes");
    for (i, (class, sizes)) in cgt_lab::pages::heapgo::model::CLASSES.iter().enumerate() {
        let g = cgt_lab::pages::heapgo::model::random_sum(i, 1 + i as u64);
        let label = format!("class {class} {sizes:?}, seed {}", 1 + i);
        b.q(&label, &[("page", "heapgo"), ("h", &g.to_string())]);
    }
    b.section("heapgo: heaps text");
    b.q("empty sum", &[("page", "heapgo"), ("h", "")]);
    b.q("one heap", &[("page", "heapgo"), ("h", "b5")]);
    b.q("not heap-go text: kept as typed", &[("page", "heapgo"), ("h", "x")]);
    b.q("an empty heap at the end", &[("page", "heapgo"), ("h", "b1,r2/")]);
    b.raw("unencoded, as typed by hand", &format!("?page=heapgo&h={default_heaps}"));
    b.raw("a raw `+` is a space", "?page=heapgo&h=b5,r3+b2");
    b.q("longer than MAX_TEXT (4000): cut", &[("page", "heapgo"), ("h", &"b1/".repeat(1500))]);

    b.section("heapgo: game records (mv)");
    let game = heapgo_game(&default_heaps, Side::Left);
    for m in &game {
        b.q("Left first, both sides the computer", &[("page", "heapgo"), ("mv", m)]);
    }
    let game_r = heapgo_game(&default_heaps, Side::Right);
    let last_r = game_r.last().unwrap().clone();
    for m in [&game_r[0], &game_r[1], &last_r] {
        b.q("Right first", &[("page", "heapgo"), ("mv", m), ("first", "R")]);
    }
    let class = cgt_lab::pages::heapgo::model::random_sum(6, 42).to_string();
    let g6 = heapgo_game(&class, Side::Left);
    b.q("a whole game on a class B sum, you play Right", &[("page", "heapgo"), ("h", &class), ("mv", g6.last().unwrap()), ("you", "R")]);
    b.q("half a game, two players", &[("page", "heapgo"), ("h", &class), ("mv", &g6[g6.len() / 2]), ("you", "both")]);

    b.section("heapgo: mv, first and you edge values");
    for (k, v, note) in [
        ("mv", "X1", "malformed: kept as typed (the page replays what it can)"),
        ("mv", "L9", "a heap the sum does not have: kept"),
        ("mv", "l0.r1", "lowercase: kept as typed"),
        ("mv", "L0..R1", ""),
        ("mv", "", "empty"),
        ("first", "R", ""),
        ("first", "r", "case-insensitive"),
        ("first", "L", ""),
        ("first", "x", "anything but R: Left first"),
        ("first", "", ""),
        ("you", "R", ""),
        ("you", "r", "case-insensitive"),
        ("you", "both", ""),
        ("you", "BOTH", ""),
        ("you", "L", ""),
        ("you", "x", "unknown: Left"),
        ("you", "", ""),
    ] {
        b.q(note, &[("page", "heapgo"), (k, v)]);
    }
    b.q("longer than MAX_TEXT (4000): cut", &[("page", "heapgo"), ("mv", &"L0.".repeat(1400))]);
    b.q("with the explorer's keys", &[("page", "heapgo"), ("g", "*"), ("sz", "0"), ("node", "L0"), ("build", "2")]);
    b.q("with MT-search's keys (held, not written)", &[("page", "heapgo"), ("ord", "random"), ("seed", "3"), ("n", "5"), ("mt", "fig7")]);

    // ------------------------------------------------------------ MT-search
    b.section("mt-search: runs on heap-go sums");
    for n in ["0", "1", "3", "5", "40", "20000"] {
        b.q("", &[("page", "mt-search"), ("n", n)]);
    }
    for ord in ["temperature", "random", "heaps"] {
        for seed in ["0", "7"] {
            b.q("", &[("page", "mt-search"), ("h", &default_heaps), ("ord", ord), ("seed", seed), ("n", "5")]);
        }
    }
    for i in [0, 5, 10, 15] {
        let g = cgt_lab::pages::heapgo::model::random_sum(i, 100 + i as u64).to_string();
        b.q(&cgt_lab::pages::heapgo::model::class_label(i), &[("page", "mt-search"), ("h", &g), ("ord", "random"), ("seed", "3"), ("n", "12")]);
    }
    b.section("mt-search: Figure 7 and typed games");
    for n in ["0", "1", "3", "8", "100"] {
        b.q("", &[("page", "mt-search"), ("mt", "fig7"), ("n", n)]);
    }
    b.q(
        "Figure 7 holds the heap-go settings without writing them",
        &[("page", "mt-search"), ("mt", "fig7"), ("h", "b1"), ("ord", "random"), ("seed", "5"), ("n", "2")],
    );
    b.q("the explorer's default game", &[("page", "mt-search"), ("mt", "tree")]);
    for (g, n, seed) in [("{4|0}", "3", "0"), ("14|2|||-2||-14|-16", "5", "3"), ("{{-2|-4}|-7}", "10", "1")] {
        b.q("", &[("page", "mt-search"), ("mt", "tree"), ("g", g), ("seed", seed), ("n", n)]);
    }
    b.q("a typed game holds the heap-go settings without writing them", &[("page", "mt-search"), ("mt", "tree"), ("g", "*"), ("h", "b1"), ("ord", "heaps")]);
    b.section("mt-search: edge values");
    for (k, v, note) in [
        ("n", "-3", "negative: 0"),
        ("n", "x", ""),
        ("n", "", ""),
        ("n", "4294967295", "the largest on a 32-bit page"),
        ("n", "18446744073709551616", "past any integer: 0"),
        ("ord", "bogus", "an unknown order is kept as typed"),
        ("ord", "temperature-and-then-some", "cut at 20 characters"),
        ("ord", "", "empty"),
        ("seed", "-1", "negative: 0"),
        ("seed", "x", ""),
        ("seed", "18446744073709551615", "the largest seed"),
        ("seed", "18446744073709551616", "past it: 0"),
        ("mt", "FIG7", "case-sensitive: heap-go"),
        ("mt", "Tree", ""),
        ("mt", "bogus", ""),
        ("mt", "", ""),
        ("mt", "heapgo", "not a key value, but heap-go anyway"),
    ] {
        b.q(note, &[("page", "mt-search"), (k, v)]);
    }
    b.raw("an encoded plus sign", "?page=mt-search&n=%2B5");
    b.raw("a raw `+` is a space: 0", "?page=mt-search&n=+5");
    b.q("with the heap-go page's keys", &[("page", "mt-search"), ("mv", "L0"), ("first", "R"), ("you", "both")]);

    // ----------------------------------------------------------- Hackenbush
    b.section("hackenbush: the page's presets");
    for (name, pos, _, _) in cgt_lab::pages::hackenbush::model::PRESETS {
        b.q(name, &[("page", "hackenbush"), ("hb", pos)]);
    }
    b.section("hackenbush: positions with coordinates (hbxy)");
    for (name, pos, _, _) in cgt_lab::pages::hackenbush::model::PRESETS.iter().take(5) {
        let h: cgt::rulesets::hackenbush::Hackenbush = pos.parse().unwrap();
        let mut c = cgt_lab::pages::hackenbush::model::Coords::new();
        for (i, (v, x, y)) in cgt_lab::pages::hackenbush::model::vertex_positions(&h, &c.clone()).into_iter().enumerate() {
            // Every other vertex moved half a unit right: as if dragged.
            c.insert(v, if i % 2 == 0 { (x + 0.5, y) } else { (x, y) });
        }
        let xy = cgt_lab::pages::hackenbush::model::coords_to_text(&c);
        b.q(name, &[("page", "hackenbush"), ("hb", pos), ("hbxy", &xy)]);
    }
    b.q("one point", &[("page", "hackenbush"), ("hbxy", "1:0,1")]);
    b.q("two points", &[("page", "hackenbush"), ("hbxy", "1:0,1;2:0.5,2")]);
    b.q("malformed coordinates are kept as typed (the page skips them)", &[("page", "hackenbush"), ("hbxy", "garbage")]);
    b.q("", &[("page", "hackenbush"), ("hbxy", "1:0,1;x;2:0.5;0:1,1;3:999,1;4:NaN,1")]);
    b.q("longer than MAX_TEXT (4000): cut", &[("page", "hackenbush"), ("hbxy", &(1..600).map(|v| format!("{v}:0,1")).collect::<Vec<_>>().join(";"))]);
    b.section("hackenbush: position text and turn");
    b.q("empty position", &[("page", "hackenbush"), ("hb", "")]);
    b.q("not Hackenbush text: kept as typed", &[("page", "hackenbush"), ("hb", "0-1:q")]);
    b.raw("spaces written as `+`, the natural form", "?page=hackenbush&hb=0-1:b+1-2:r+2-3:g");
    b.raw("unencoded, spaces as %20", "?page=hackenbush&hb=0-1:b%201-2:r");
    b.q("longer than MAX_TEXT (4000): cut", &[("page", "hackenbush"), ("hb", &(0..500).map(|v| format!("{v}-{}:b", v + 1)).collect::<Vec<_>>().join(" "))]);
    for (v, note) in [("r", ""), ("R", "case-insensitive"), ("b", ""), ("x", "anything but r: Blue"), ("", "")] {
        b.q(note, &[("page", "hackenbush"), ("turn", v)]);
    }
    b.q("Red to move on a tree with coordinates", &[("page", "hackenbush"), ("hb", "0-1:b 1-2:r 1-3:g"), ("turn", "r"), ("hbxy", "2:-0.5,2;3:0.5,2")]);
    b.q("with other pages' keys", &[("page", "hackenbush"), ("build", "2"), ("s", "*"), ("h", "b1")]);
    assert_eq!(written("?page=hackenbush", "hb"), default_hb);

    // ----------------------------------------------------------------- Sums
    b.section("sums: the page's presets");
    for p in cgt_lab::pages::sums::model::SUM_PRESETS {
        b.q(p.name, &[("page", "sums"), ("s", p.sum)]);
    }
    b.section("sums: game records (sp), the computer on both sides");
    for strategy in ["greedy", "hotstrat", "sentestrat", "thermostrat", "exact"] {
        for sides in ["LL", "LR", "RL", "RR"] {
            let game = sums_game(&default_sum, sides, strategy);
            b.q("the whole game", &[("page", "sums"), ("s", &default_sum), ("sp", game.last().unwrap())]);
        }
    }
    let game = sums_game(&default_sum, "LL", "sentestrat");
    b.q("no move yet", &[("page", "sums"), ("sp", "LL_sentestrat_")]);
    for m in &game[..game.len() - 1] {
        b.q("part of a game", &[("page", "sums"), ("sp", m)]);
    }
    for p in &cgt_lab::pages::sums::model::SUM_PRESETS[1..4] {
        let game = sums_game(p.sum, "LL", "sentestrat");
        b.q(p.name, &[("page", "sums"), ("s", p.sum), ("sp", game.last().unwrap())]);
        b.q(p.name, &[("page", "sums"), ("s", p.sum), ("sp", &game[0])]);
    }
    b.section("sums: edge values");
    for (k, v, note) in [
        ("sp", "", "no game"),
        ("sp", "XX_greedy_0-0", "not a record: kept as typed (the page names the error)"),
        ("sp", "LL_bogus_0-0", ""),
        ("sp", "LL_greedy_9-9", "a move the sum does not have: kept"),
        ("sp", "ll_greedy_0-0", "lowercase sides: kept as typed"),
        ("sp", "LL_greedy", "no moves field"),
        ("s", "", "empty sum"),
        ("s", "{4|", "does not parse: kept as typed"),
        ("s", "*", "one component"),
        ("s", "{4|0} + + *", "an empty component"),
    ] {
        b.q(note, &[("page", "sums"), (k, v)]);
    }
    b.raw("a raw `+` is a space, not a plus", "?page=sums&s={4|0}+*");
    b.raw("a lesson's query text pasted as a link: `+` becomes a space", "?page=sums&s={8|2}%20+%20{5|-5}");
    b.q("a sum longer than MAX_TEXT (4000): cut", &[("page", "sums"), ("s", &vec!["{4|0}"; 800].join(" + "))]);
    let long = format!("LL_greedy_{}", vec!["0-0"; 4100].join("."));
    b.q("a record longer than MAX_RECORD (16000): cut", &[("page", "sums"), ("sp", &long)]);
    b.q("with other pages' keys", &[("page", "sums"), ("build", "2"), ("node", "R0"), ("sz", "0"), ("hb", "stalk:b"), ("n", "3")]);

    // -------------------------------------------------------------- lessons
    // Each step's link as the app writes it (`query_of(step_state)`: the
    // lesson's query text read as `step_state` reads it, pair by pair
    // without decoding, then written back), and the same step from its
    // query text encoded pair by pair when that differs.
    b.section("lesson steps (as the app writes them)");
    let mut from_text = Vec::new();
    for l in cgt_lab::lessons::LESSONS {
        for (k, s) in l.steps.iter().enumerate() {
            let mut pairs = own(&[("lesson", l.id), ("ls", &k.to_string())]);
            pairs.extend(s.query.split('&').filter_map(|kv| kv.split_once('=')).map(|(a, b)| (a.to_string(), b.to_string())));
            let typed = encode_query(&pairs);
            let app = encode_query(&open_link(&typed).writes);
            let note = format!("{} step {} of {}", l.id, k + 1, l.steps.len());
            b.raw(&note, &app);
            if typed != app {
                from_text.push((note, typed));
            }
        }
    }
    b.section("lesson steps (from the lesson's query text)");
    for (note, link) in from_text {
        b.raw(&note, &link);
    }
    b.section("lessons: edge values");
    b.q("a step past the end is held (the bar shows the last step)", &[("lesson", "sente"), ("ls", "99"), ("g", "{-2|-4}")]);
    b.q("an unknown lesson is held and written", &[("lesson", "nope"), ("ls", "1")]);
    b.q("no lesson: the step is not written", &[("lesson", ""), ("ls", "3")]);
    b.q("a step without a lesson", &[("ls", "2")]);
    b.q("a lesson id longer than 40 characters: cut", &[("lesson", &"x".repeat(50))]);
    b.q("negative step: 0", &[("lesson", "mt"), ("ls", "-1"), ("page", "mt-search"), ("mt", "fig7")]);
    b.q("step not a number: 0", &[("lesson", "greedy"), ("ls", "x"), ("page", "sums")]);
    b.q("a lesson key on another page", &[("page", "hackenbush"), ("lesson", "hackenbush"), ("ls", "1"), ("hb", "stalk:brrr")]);

    // ---------------------------------------------------------------- Games
    b.section("games: every ruleset's presets");
    for info in cgt::rulesets::registry::RULESETS {
        b.q(&format!("{}: its example", info.name), &[("page", "game"), ("r", info.name)]);
        for p in info.presets.iter().take(4) {
            b.q(&format!("{}: {} ({})", info.name, p.name, p.value), &[("page", "game"), ("r", info.name), ("p", p.position)]);
        }
    }
    b.section("games: moves played (gm), who you play and who starts");
    for info in cgt::rulesets::registry::RULESETS {
        // Two moves into the example, Left then Right, the first legal
        // move each time.
        let mut s = cgt::rulesets::registry::session(info.name, info.example, 10_000).unwrap();
        let mut moves = Vec::new();
        for side in [Side::Left, Side::Right] {
            if let Some(m) = s.moves(side).into_iter().next() {
                s.play(side, &m).unwrap();
                moves.push(m);
            } else {
                break;
            }
        }
        if !moves.is_empty() {
            b.q(&format!("{}: {} moves", info.name, moves.len()), &[("page", "game"), ("r", info.name), ("gm", &moves.join("."))]);
        }
    }
    b.q("Right starts, you play both", &[("page", "game"), ("r", "clobber"), ("p", "xoxo"), ("gf", "R"), ("gy", "both")]);
    b.q("editing", &[("page", "game"), ("r", "domineering"), ("p", "...|...|..."), ("ge", "1")]);
    b.section("games: edge values");
    for (k, v, note) in [
        ("r", "chess", "an unknown ruleset: the default, at its example"),
        ("r", "", ""),
        ("r", "Domineering", "ruleset names are case-sensitive"),
        ("p", "..|.x", "a position that does not parse is kept (the page names the error)"),
        ("gm", "zz", "a move that is not legal is kept (the page replays what it can)"),
        ("gy", "x", "unknown: you play Left"),
        ("gy", "R", ""),
        ("gf", "?", "not L or R: Left starts"),
        ("gf", "r", "case-insensitive"),
        ("ge", "2", "not a flag: not editing"),
        ("ge", "yes", ""),
    ] {
        b.q(note, &[("page", "game"), (k, v)]);
    }
    b.q("an unknown ruleset drops the position and moves", &[("page", "game"), ("r", "chess"), ("p", "e4"), ("gm", "e5")]);
    b.q("a position longer than MAX_TEXT (4000): cut", &[("page", "game"), ("r", "domineering"), ("p", &vec!["...."; 1000].join("|"))]);

    // ------------------------------------- keys added later: cool and bs
    b.section("explorer: cooling (cool)");
    for (v, note) in
        [("1", ""), ("1/2", ""), ("-1/2", ""), ("0", ""), ("3/4", ""), ("1/3", "not dyadic: no cooling"), ("-1", "not above -1: no cooling"), ("x", "")]
    {
        b.q(note, &[("g", "{4|0}"), ("cool", v)]);
    }
    b.section("sums: B* search shown (bs)");
    for (v, note) in [
        ("hanner", "step 1"),
        ("hanner.2", ""),
        ("tightest.3", ""),
        ("tightest.0", "step 0 is read as 1"),
        ("best", "not a B* search: none"),
        ("hanner.x", "a step that is not a number: step 1"),
    ] {
        b.q(note, &[("page", "sums"), ("bs", v)]);
    }

    b.section("sequences: rules, lengths and row widths");
    for ex in cgt_lab::pages::sequences::model::EXAMPLES {
        b.q(ex.name, &[("page", "sequences"), ("sr", ex.rule), ("sn", &ex.length.to_string())]);
    }
    for (k, v, note) in [
        ("sr", "0.7x", "a rule that does not parse is kept: the page names its column"),
        ("sr", " 4.7 ", ""),
        ("sr", "0.[3", ""),
        ("sr", "SUB:4,1,3", "kept as typed"),
        ("sn", "0", ""),
        ("sn", "5000000", "the page's limit"),
        ("sn", "5000001", "past the limit: the limit"),
        ("sn", "99999999999999999999999", "past what a number holds: the limit"),
        ("sn", "x", "not a number: 200"),
        ("sn", "-5", "not a number: 200"),
        ("sw", "10", ""),
        ("sw", "12", ""),
        ("sw", "auto", "the default, not written"),
        ("sw", "7", "not a row width: the default"),
        ("sq", "30", "the misère quotient to heap 30"),
        ("sq", "0", "not a heap bound: none"),
        ("sq", "5000", "past the limit: the limit"),
    ] {
        b.q(note, &[("page", "sequences"), (k, v)]);
    }
    b.q("another page's keys are held, not written", &[("page", "sequences"), ("sr", "grundy"), ("g", "{4|0}"), ("s", "*")]);

    // ------------------------------------------------------ format versions
    b.section("format versions (v)");
    b.q("format 1", &[("v", "1"), ("page", "sums"), ("s", "{4|0} + *")]);
    b.q("format 2, as every link is written now", &[("v", "2"), ("page", "sums"), ("s", "{4|0} + *")]);
    let long = ["{1|-1}"; 16].join(" + ");
    b.q("format 1: a path into a sum of 16 terms (built pairwise since format 2) is named", &[("v", "1"), ("g", &long), ("node", "L0.R0")]);
    b.q("format 2: the same link says nothing", &[("v", "2"), ("g", &long), ("node", "L0.R0")]);
    b.q("format 0: a link from before versions said so", &[("v", "0"), ("g", "{4|0}")]);
    b.q("a newer format: named, and what is known opens", &[("v", "99"), ("page", "hackenbush"), ("hb", "stalk:br")]);
    b.q("format 2 was newer than format 1 when this link was recorded; now it is current", &[("v", "2"), ("page", "hackenbush"), ("hb", "stalk:br")]);
    b.q("a version that is not a number", &[("v", "x"), ("g", "*")]);
    b.q(
        "every page's malformed fields at once",
        &[
            ("v", "9"),
            ("page", "nope"),
            ("sz", "2"),
            ("node", "X"),
            ("build", "x"),
            ("cool", "1/3"),
            ("first", "x"),
            ("you", "x"),
            ("ord", "x"),
            ("seed", "x"),
            ("n", "x"),
            ("mt", "x"),
            ("turn", "x"),
            ("bs", "x"),
            ("ls", "x"),
            ("lesson", "x"),
            ("r", "x"),
            ("gy", "x"),
            ("gf", "x"),
            ("ge", "x"),
        ],
    );

    b.recs
}

/// Write the corpus (see [`super::record_links`]). A link already
/// recorded keeps its recorded lines while it passes [`check`] (the
/// recording made before the URL state was split stays the reference); a
/// recorded link the builder no longer makes (a lesson step's link as the
/// app writes it changes when the app writes less) is kept, at the end.
pub fn record() {
    let mode = std::env::var("CGT_RECORD_LINKS").unwrap_or_default();
    let old = std::fs::read_to_string(CORPUS).map(|t| read_corpus(&t)).unwrap_or_default();
    let mut recs = build();
    let mut seen = std::collections::HashSet::new();
    recs.retain(|r| seen.insert(r.link.clone()));
    let mut text = String::from(HEADER);
    let mut section = String::new();
    let mut fresh = Vec::new();
    let mut changed = Vec::new();
    for r in &recs {
        assert!(r.link.starts_with('?') && !r.link.chars().any(|c| c.is_whitespace() || !c.is_ascii()), "{:?}", r.link);
        if r.section != section {
            section = r.section.clone();
            text.push_str(&format!("\n## {section}\n"));
        }
        if !r.note.is_empty() {
            text.push_str(&format!("# {}\n", r.note));
        }
        let lines = match old.iter().find(|e| e.link == r.link) {
            Some(e) => match check(&e.link, &e.expected) {
                Ok(()) => e.expected.clone(),
                Err(why) => {
                    // A link recorded before pages named unreadable fields
                    // gains its notes line and keeps its recorded lines.
                    let mut noted = e.expected.clone();
                    noted.extend(render(&r.link).get(2).cloned());
                    if e.expected.len() == 2 && check(&e.link, &noted).is_ok() {
                        noted
                    } else {
                        changed.push(format!("{}\n{why}", e.link));
                        render(&r.link)
                    }
                }
            },
            None => render(&r.link),
        };
        text.push_str(&format!("{}\n{}\n", r.link, lines.join("\n")));
        fresh.push(r.link.clone());
    }
    let kept: Vec<_> = old.iter().filter(|e| !fresh.contains(&e.link)).collect();
    if !kept.is_empty() {
        text.push_str("\n## kept from earlier recordings\n");
        for e in &kept {
            if let Err(why) = check(&e.link, &e.expected) {
                changed.push(format!("{}\n{why}", e.link));
            }
            text.push_str(&format!("{}\n{}\n", e.link, e.expected.join("\n")));
        }
    }
    let added = fresh.iter().filter(|l| !old.iter().any(|e| e.link == **l)).count();
    eprintln!("{} links: {added} new, {} kept from earlier recordings, {} changed", fresh.len() + kept.len(), kept.len(), changed.len());
    if !changed.is_empty() && mode != "overwrite" {
        panic!("recorded links would open differently (CGT_RECORD_LINKS=overwrite to accept):\n{}", changed.join("\n"));
    }
    if mode.is_empty() {
        eprintln!("dry run: set CGT_RECORD_LINKS=1 to write {CORPUS}");
        return;
    }
    std::fs::create_dir_all(std::path::Path::new(CORPUS).parent().unwrap()).unwrap();
    std::fs::write(CORPUS, text).unwrap();
}

const HEADER: &str = "\
# Links and the state each opens, recorded from the app before the URL
# state was split into one state per page. Checked by tests/links.rs;
# written by its recorder (tests/links/recorder.rs):
#   CGT_RECORD_LINKS=1 cargo test -p cgt-lab --test links -- --ignored record_links
#
# Each entry is three lines, and a fourth when the page names fields it
# could not read:
#   ?query                the link, after the page's path, as in the address bar
#     writes PAGE | k=\"v\" ...   the page it opens and the pairs the app writes
#                         back (the normalised query, in order; the address
#                         bar then shows them encoded as URLSearchParams does)
#     holds  k=\"v\" ...    every field of the opened state, by URL key, that
#                         differs from the bare address `?` (or `(defaults)`);
#                         it includes fields held but not written (another
#                         page's keys, kept until its tab is clicked)
#     notes  k ...        the keys of the fields the page names as unreadable
#                         (the message above the page; no line, no message)
# Every link the app writes starts with the format version (`v=2`); a
# link without it (recorded before versions) is format 0, read as format
# 1. The writes lines leave the version out.
# Values are in double quotes, `\\` and `\"` escaped, any character outside
# printable ASCII as \\u{hex}. `## ` starts a section, `# ` is a note on the
# next link.
";
