//! Go endgames: the regions' values against a plain full-board minimax.
//!
//! The minimax here is written from the rules in `docs/go.md` alone, on a
//! grid of characters, with none of the ruleset's code: players alternate,
//! either may pass, two passes in a row end the game, and the result is
//! the final count (territory plus prisoners, Black's minus White's). With
//! Black to play first it must equal the left stop of the sum of the
//! regions' values, with White first the right stop.

use cgt::numbers::Q;
use cgt::rulesets::go::Go;
use cgt::rulesets::registry::session;
use cgt::rulesets::Ruleset;
use std::collections::HashMap;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Grid {
    w: usize,
    h: usize,
    p: Vec<u8>,
}

impl Grid {
    fn parse(text: &str) -> Grid {
        let rows: Vec<&str> = text.split('|').collect();
        let mut g = Grid { w: rows[0].len(), h: rows.len(), p: rows.concat().into_bytes() };
        g.join_safe();
        g
    }
    fn nbrs(&self, i: usize) -> Vec<usize> {
        let (r, c) = (i / self.w, i % self.w);
        let mut v = Vec::new();
        if r > 0 {
            v.push(i - self.w);
        }
        if r + 1 < self.h {
            v.push(i + self.w);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < self.w {
            v.push(i + 1);
        }
        v
    }
    fn colour(ch: u8) -> u8 {
        ch.to_ascii_lowercase()
    }
    fn is_stone(ch: u8) -> bool {
        matches!(ch, b'x' | b'o' | b'X' | b'O')
    }
    /// Stones joined to a safe stone of their colour are safe, and so are
    /// groups alive by Benson's test; repeated until nothing changes.
    fn join_safe(&mut self) {
        loop {
            let mut changed = false;
            for i in 0..self.p.len() {
                if matches!(self.p[i], b'x' | b'o') && self.nbrs(i).iter().any(|&n| self.p[n] == self.p[i].to_ascii_uppercase()) {
                    self.p[i] = self.p[i].to_ascii_uppercase();
                    changed = true;
                }
            }
            if !changed && !self.benson(b'x') && !self.benson(b'o') {
                return;
            }
        }
    }
    /// Benson: the unsafe groups of colour `c` each with two vital
    /// regions among regions bordered by surviving groups only.
    fn benson(&mut self, c: u8) -> bool {
        let n = self.p.len();
        let mut alive: Vec<usize> = (0..n).filter(|&i| self.p[i] == c).collect();
        loop {
            // Regions: connected sets of points that are not stones of c.
            let mut done = vec![false; n];
            let mut vital_count: HashMap<usize, usize> = HashMap::new();
            for s in 0..n {
                if done[s] || self.p[s] == b'#' || Self::colour(self.p[s]) == c && Self::is_stone(self.p[s]) {
                    continue;
                }
                let mut reg = vec![s];
                done[s] = true;
                let mut k = 0;
                while k < reg.len() {
                    let j = reg[k];
                    k += 1;
                    for m in self.nbrs(j) {
                        let q = self.p[m];
                        if !done[m] && q != b'#' && !(Self::is_stone(q) && Self::colour(q) == c) {
                            done[m] = true;
                            reg.push(m);
                        }
                    }
                }
                if reg.iter().any(|&j| self.p[j].is_ascii_uppercase()) {
                    continue;
                }
                // Bordering unsafe stones of c, all still alive?
                let border: Vec<usize> = reg.iter().flat_map(|&j| self.nbrs(j)).filter(|&m| self.p[m] == c).collect();
                if border.iter().any(|m| !alive.contains(m)) {
                    continue;
                }
                // Vital to the groups (by a representative) all of whose
                // empty points it touches.
                let mut reps: Vec<usize> = border.iter().map(|&m| *self.group(m).0.iter().min().unwrap()).collect();
                reps.sort();
                reps.dedup();
                for r in reps {
                    let grp = self.group(r).0;
                    if reg.iter().filter(|&&j| self.p[j] == b'.').all(|&j| self.nbrs(j).iter().any(|m| grp.contains(m))) {
                        *vital_count.entry(r).or_default() += 1;
                    }
                }
            }
            let before = alive.len();
            let keep: Vec<usize> =
                alive.iter().copied().filter(|&i| vital_count.get(self.group(i).0.iter().min().unwrap()).copied().unwrap_or(0) >= 2).collect();
            alive = keep;
            if alive.len() == before {
                break;
            }
        }
        for &i in &alive {
            self.p[i] = c.to_ascii_uppercase();
        }
        !alive.is_empty()
    }
    /// The group at `i` and whether it has a liberty or a safe stone.
    fn group(&self, i: usize) -> (Vec<usize>, bool) {
        let col = Self::colour(self.p[i]);
        let mut seen = vec![i];
        let mut alive = false;
        let mut k = 0;
        while k < seen.len() {
            let j = seen[k];
            k += 1;
            if self.p[j].is_ascii_uppercase() {
                alive = true;
            }
            for n in self.nbrs(j) {
                if self.p[n] == b'.' {
                    alive = true;
                } else if Self::is_stone(self.p[n]) && Self::colour(self.p[n]) == col && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        (seen, alive)
    }
    /// Settled territory: (points settled, count). For each colour, the
    /// connected sets of empty points and opposing unsafe stones bordered
    /// by that colour's safe stones only; settled if there is no opposing
    /// stone, or if every empty point touches the wall.
    fn settled(&self) -> (Vec<bool>, i64) {
        let mut settled = vec![false; self.p.len()];
        let mut count = 0;
        for (wall, enemy, sign) in [(b'X', b'o', 1i64), (b'O', b'x', -1)] {
            let mut done = vec![false; self.p.len()];
            for s in 0..self.p.len() {
                if self.p[s] != b'.' || done[s] {
                    continue;
                }
                let mut area = vec![s];
                done[s] = true;
                let mut ok = true;
                let mut walled = false;
                let mut k = 0;
                while k < area.len() {
                    let j = area[k];
                    k += 1;
                    for n in self.nbrs(j) {
                        let q = self.p[n];
                        if q == wall {
                            walled = true;
                        } else if (q == b'.' || q == enemy) && !done[n] {
                            done[n] = true;
                            area.push(n);
                        } else if q != b'.' && q != enemy && q != b'#' {
                            ok = false;
                        }
                    }
                }
                let dead = area.iter().filter(|&&j| self.p[j] == enemy).count() as i64;
                let small = area.iter().filter(|&&j| self.p[j] == b'.').all(|&j| self.nbrs(j).iter().any(|&n| self.p[n] == wall));
                if ok && walled && (dead == 0 || small) {
                    count += sign * (area.len() as i64 + dead);
                    for &j in &area {
                        settled[j] = true;
                    }
                }
            }
        }
        (settled, count)
    }
    fn territory(&self) -> i64 {
        self.settled().1
    }
    /// Every legal move of `side` (b'x' or b'o'): (next grid, stones
    /// captured, whether it was a ko capture).
    fn moves(&self, side: u8) -> Vec<(Grid, i64, bool, bool)> {
        let other = if side == b'x' { b'o' } else { b'x' };
        let mut out = Vec::new();
        let settled = self.settled().0;
        for (i, (&cell, &done)) in self.p.iter().zip(&settled).enumerate() {
            if cell == b'.' && !done {
                let mut g = self.clone();
                g.p[i] = side;
                let mut captured: Vec<usize> = Vec::new();
                for n in g.nbrs(i) {
                    if g.p[n] == other && !captured.contains(&n) {
                        let (grp, alive) = g.group(n);
                        if !alive {
                            captured.extend(grp);
                        }
                    }
                }
                for &c in &captured {
                    g.p[c] = b'.';
                }
                let (own, alive) = g.group(i);
                if !alive {
                    continue;
                }
                let mut libs: Vec<usize> = own.iter().flat_map(|&j| g.nbrs(j)).filter(|&n| g.p[n] == b'.').collect();
                libs.sort();
                libs.dedup();
                let safe = own.iter().any(|&j| g.p[j].is_ascii_uppercase());
                // A capture the other side could answer by capturing back.
                // A ko: one stone taken by one stone, which could take it back.
                let ko = captured.len() == 1 && own.len() == 1 && libs == captured;
                let retakable = !captured.is_empty() && !safe && libs.len() == 1;
                g.join_safe();
                out.push((g, captured.len() as i64, ko, retakable));
            }
        }
        out
    }
}

/// Which captures one side may not make, as the ruleset values a position
/// twice (each side winning every ko): `side` may not make a capture that
/// leaves its stones in atari, or with `all` no capture at all.
#[derive(Clone, Copy)]
struct Bar {
    side: u8,
    all: bool,
}

/// The minimax of the final count with `black` to move; `passed`: the
/// last move was a pass. `None` if play can cycle.
fn minimax(g: &Grid, black: bool, passed: bool, bar: Bar, memo: &mut HashMap<(Grid, bool, bool), Option<i64>>) -> Option<i64> {
    if let Some(v) = memo.get(&(g.clone(), black, passed)) {
        return *v;
    }
    // A state met again on its own line: play can cycle (the ruleset
    // refuses such regions; so does this check).
    memo.insert((g.clone(), black, passed), None);
    let side = if black { b'x' } else { b'o' };
    let pass = if passed { Some(g.territory()) } else { minimax(g, !black, true, bar, memo) };
    let mut best = pass;
    for (next, caps, ko, retakable) in g.moves(side) {
        // Every move allowed (bar.side 0): a ko ends the check (`None`).
        if bar.side == 0 && ko {
            best = None;
            break;
        }
        if side == bar.side && (retakable || (bar.all && caps > 0)) {
            continue;
        }
        let v = minimax(&next, !black, false, bar, memo).map(|v| if black { v + caps } else { v - caps });
        best = match (best, v) {
            (Some(b), Some(v)) => Some(if black { b.max(v) } else { b.min(v) }),
            _ => None,
        };
        if best.is_none() {
            break;
        }
    }
    memo.insert((g.clone(), black, passed), best);
    best
}

/// A small deterministic generator (no global RNG).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn random_board(rng: &mut Lcg) -> String {
    let w = 3 + (rng.next() % 3) as usize;
    let h = 2 + (rng.next() % 3) as usize;
    let mut rows = Vec::new();
    for _ in 0..h {
        let row: String = (0..w)
            .map(|_| match rng.next() % 20 {
                0..=4 => 'X',
                5..=9 => 'O',
                10..=17 => '.',
                _ => '#',
            })
            .collect();
        rows.push(row);
    }
    rows.join("|")
}

#[test]
fn regions_sum_agrees_with_full_board_minimax() {
    // The minimax recurses once a move or pass.
    std::thread::Builder::new().stack_size(256 << 20).spawn(check_random_positions).expect("thread").join().expect("the check");
}

fn check_random_positions() {
    let mut rng = Lcg(20261125);
    let (mut agreed, mut refused, mut skipped) = (0, 0, 0);
    let mut tried = 0;
    while agreed < 200 {
        tried += 1;
        assert!(tried < 20_000, "too few valid positions: {agreed} agreed, {refused} refused, {skipped} skipped");
        let text = random_board(&mut rng);
        let Ok(pos) = Go::parse(&text) else {
            skipped += 1;
            continue;
        };
        let grid = Grid::parse(&text);
        let empty = grid.p.iter().filter(|&&c| c == b'.').count();
        if empty > 20 || pos.size() > 10 {
            skipped += 1;
            continue;
        }
        let mut s = session("go", &text, 200_000).expect("a position");
        // The stops with each side winning every ko: the other barred from
        // retakes, and (where play still cycles) from all captures. Which
        // of the two the ruleset used depends on where its search meets a
        // cycle, so both are kept.
        let stops = |loser: u8| {
            let run = |all: bool| {
                let mut memo = HashMap::new();
                let bar = Bar { side: loser, all };
                Some((minimax(&grid, true, false, bar, &mut memo)?, minimax(&grid, false, false, bar, &mut memo)?))
            };
            [run(false), run(true)]
        };
        let (black_wins, white_wins) = (stops(b'o'), stops(b'x'));
        // Every move allowed, as the ruleset values a position whose play
        // meets no ko.
        let plain = {
            let mut memo = HashMap::new();
            let bar = Bar { side: 0, all: false };
            minimax(&grid, true, false, bar, &mut memo).zip(minimax(&grid, false, false, bar, &mut memo))
        };
        match s.report() {
            Ok(r) => {
                let stops = (r.left_stop.clone(), r.right_stop.clone());
                if let Some((b, w)) = plain {
                    assert_eq!(stops, (Q::from_int(b), Q::from_int(w)), "{text} (no ko): value {}", r.canonical);
                    agreed += 1;
                    continue;
                }
                for (who, runs) in [("Black", black_wins), ("White", white_wins)] {
                    let found: Vec<(Q, Q)> = runs.iter().flatten().map(|&(b, w)| (Q::from_int(b), Q::from_int(w))).collect();
                    assert!(
                        found.contains(&stops),
                        "{text} ({who} winning kos): value {} with stops {stops:?}, the minimax {found:?} (components {:?})",
                        r.canonical,
                        r.components.iter().map(|c| (&c.position, &c.canonical)).collect::<Vec<_>>()
                    );
                }
                agreed += 1;
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.contains("ko") || msg.contains("nobody can move") || msg.contains("earlier position"), "{text}: {msg}");
                refused += 1;
            }
        }
    }
    eprintln!("{agreed} positions agreed, {refused} refused (ko, seki), {skipped} skipped");
}

/// A game, a sum of games or a name, into the store.
fn parsed(c: &mut cgt::canonical::Canon, s: &str) -> cgt::canonical::CanonId {
    let (ex, root) = cgt::notation::parse_expr(s, &cgt::notation::ParseLimits::default()).unwrap_or_else(|e| panic!("{s}: {e}"));
    c.from_exprs(&ex, root).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Every row of `tests/data/go_published.json`: a position rebuilt from a
/// published diagram or description (each row says how faithfully), with
/// the values its source gives: canonical value, count (mean), miai value
/// (temperature), chilled value. Compared as games, so any name will do.
/// The row marked `ko` must be refused, not valued.
#[test]
fn published_positions() {
    use cgt::algebra::Algebra;
    use cgt::rulesets::engine::Solver;
    let data: serde_json::Value = serde_json::from_str(include_str!("data/go_published.json")).unwrap();
    let rows = data["rows"].as_array().unwrap();
    assert!(rows.len() >= 20, "at least 20 published positions");
    let mut checked = 0;
    for row in rows {
        let name = row["name"].as_str().unwrap();
        let text = row["position"].as_str().unwrap();
        assert!(!row["source"].as_str().unwrap_or("").is_empty(), "{name}: a source");
        let mut s = session("go", text, 2_000_000).unwrap_or_else(|e| panic!("{name}: {e}"));
        if row["ko"].as_bool() == Some(true) {
            assert!(s.report().is_err(), "{name}: refused (a ko or capture cycle)");
            continue;
        }
        let r = s.report().unwrap_or_else(|e| panic!("{name} `{text}`: {e}"));
        let q = |k: &str| row[k].as_str().map(|v| v.parse::<Q>().unwrap_or_else(|e| panic!("{name}: {k} {v}: {e}")));
        if let Some(m) = q("mean") {
            assert_eq!(r.mean, m, "{name} `{text}`: mean (value {})", r.canonical);
        }
        if let Some(t) = q("temperature") {
            assert_eq!(r.temperature, t, "{name} `{text}`: temperature (value {})", r.canonical);
        }
        if let Some(kind) = row["sente"].as_str() {
            let want = match kind {
                "gote" => "gote",
                "white_sente" => "White's sente",
                "black_sente" => "Black's sente",
                other => panic!("{name}: sente `{other}`"),
            };
            let region = r.components.iter().filter(|c| c.go.as_ref().is_some_and(|g| g.play != "cold")).collect::<Vec<_>>();
            assert!(!region.is_empty(), "{name}: a hot region");
            for c in region {
                let play = &c.go.as_ref().unwrap().play;
                assert!(play.starts_with(want), "{name} `{text}`: {play}, published {kind}");
            }
        }
        let mut solver: Solver<Go> = Solver::new(2_000_000);
        let v = solver.value(&Go::parse(text).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let canon = solver.canon();
        if let Some(want) = row["value"].as_str() {
            let w = parsed(canon, want);
            assert!(canon.le(v, w) && canon.le(w, v), "{name} `{text}`: value {} , published {want}", canon.name(v));
        }
        if let Some(want) = row["chilled"].as_str() {
            let w = parsed(canon, want);
            let c = Algebra::new(200_000).chill(canon, v).unwrap_or_else(|e| panic!("{name}: chill: {e}"));
            assert!(canon.le(c, w) && canon.le(w, c), "{name} `{text}`: chilled {} , published {want}", canon.name(c));
        }
        checked += 1;
    }
    assert!(checked >= 20);
}

/// The Sums page's strategies read back onto the board: with a stone to
/// take or save ({2|0}, temperature 1) beside a half-point corridor ({1|*},
/// 1/2), every strategy plays the hotter region (Black takes the stone at
/// B1), and the count after is 2 + 1/2.
#[test]
fn strategies_play_on_the_board() {
    let mut s = session("go", "XXX#OXX|O.o#O..", 100_000).unwrap();
    let moves = s.strategy_moves(cgt::side::Side::Left).unwrap();
    assert_eq!(moves.len(), 4);
    for m in &moves {
        assert_eq!(m.mv.as_deref(), Some("B1"), "{}", m.strategy);
        assert_eq!(m.mean_after, Some("5/2".parse::<Q>().unwrap()), "{}", m.strategy);
    }
    // White's answer in the same place saves the stone: count 0 + 1/2.
    let white = s.strategy_moves(cgt::side::Side::Right).unwrap();
    assert!(white.iter().all(|m| m.mv.as_deref() == Some("B1") && m.mean_after == Some("1/2".parse::<Q>().unwrap())), "{white:?}");
}

/// Issue 43, item 2: a stone of a side inside that side's own walled
/// territory needs no defence (invasions are not considered): it is safe,
/// and the empty points are territory.
#[test]
fn a_lone_stone_in_its_own_territory_is_valued() {
    let value = |text: &str| {
        let mut s = session("go", text, 200_000).unwrap();
        s.report().map(|r| r.canonical).map_err(|e| e.to_string())
    };
    assert_eq!(value("XXXXX|X...X|X.x.X|X...X|XXXXX").as_deref(), Ok("8"));
    // A white stone there is dead: 9 points and a prisoner.
    assert_eq!(value("XXXXX|X...X|X.o.X|X...X|XXXXX").as_deref(), Ok("10"));
    // On a 9 x 9: one such stone in Black's half, White's half empty.
    let mut rows = vec!["XXXXXXXXX".to_string(); 1];
    for r in 1..4 {
        rows.push(if r == 2 { "X..x....X".into() } else { "X.......X".into() });
    }
    rows.push("XXXXXXXXX".into());
    rows.push("OOOOOOOOO".into());
    rows.extend(vec!["O.......O".to_string(); 2]);
    rows.push("OOOOOOOOO".into());
    let nine = rows.join("|");
    // 21 points less the stone's, against White's 14.
    assert_eq!(value(&nine).as_deref(), Ok("6"), "{nine}");
    // The stone shows as safe once read.
    assert_eq!(Go::parse("XXXXX|X...X|X.x.X|X...X|XXXXX").unwrap().to_string(), "XXXXX|X...X|X.X.X|X...X|XXXXX");
}

/// Issue 43, items 3 to 5: a refusal names its region, in words a player
/// reads, and is decided on the board's position (a position deep in the
/// search where nobody can move is final, not a reason to refuse).
#[test]
fn refusals_name_their_region_in_a_players_words() {
    use cgt::rulesets::go::marked_points;
    let refusal = |text: &str| session("go", text, 1_500_000).unwrap().report().unwrap_err().to_string();
    // Open, with moves for both: not "nobody can move" (a ko matters there).
    let open = refusal("#XXXXO|XX...O|X....O");
    assert!(!open.contains("nobody can move"), "{open}");
    assert!(open.contains("if Black wins the ko, ") && open.contains("if White wins it, ") && open.contains("count"), "{open}");
    assert_eq!(marked_points(&open), ["C2", "D2", "E2", "B1", "C1", "D1", "E1"], "{open}");
    // Item 5: the words, not thousands of characters of canonical forms.
    let big = refusal("XXXXXO|X....O|X....O|X....O|XOOOOO");
    assert!(big.len() < 700 && !big.contains('{'), "{} characters: {big}", big.len());
    assert!(big.contains("if Black wins the ko, a 11/8-point gote, count 3/4"), "{big}");
    assert_eq!(marked_points(&big).len(), 12);
    // Item 4: a seki says so, with its count under Japanese rules.
    let seki = refusal("XXX#OOO|Xoo.xxO|Xoo.xxO");
    assert!(seki.contains("is a seki") && seki.contains("counts 0") && !seki.contains(" ko "), "{seki}");
    assert_eq!(marked_points(&seki), ["B2", "C2", "D2", "E2", "F2", "B1", "C1", "D1", "E1", "F1"]);
    // A ko just taken names its point.
    let ko = refusal("XXOO|X.xO|XXOO +1 ko=B2");
    assert_eq!(marked_points(&ko), ["B2"], "{ko}");
    assert!(marked_points("no points here (marked on the board)").is_empty());
}

/// A region too large to value is named: point by point (and marked)
/// when short, by its corners when long.
#[test]
fn a_region_too_large_is_named() {
    use cgt::rulesets::go::marked_points;
    let refusal = |text: &str| session("go", text, 1_000).unwrap().report().unwrap_err().to_string();
    let five = ["....."; 5].join("|");
    let e = refusal(&five);
    assert!(e.contains("the region of 25 points") && e.contains("too large"), "{e}");
    assert_eq!(marked_points(&e).len(), 25, "{e}");
    let big = ["..........."; 11].join("|");
    let e = refusal(&big);
    assert!(e.contains("the region of 121 points") && e.contains("between A1 and L11"), "{e}");
    assert!(marked_points(&e).is_empty() && e.len() < 400, "{e}");
}
