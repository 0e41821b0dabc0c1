//! Misère play (`cgt::impartial::misere`): canonical forms against brute
//! force on heap positions and on unsimplified game trees, misère Nim
//! (Bouton 1902), published values as data (Conway 1976; Winning Ways
//! 1982; Siegel 2013; CGSuite's test suite), laws of the sum, and the
//! notation: names that read back, and garbage refused with a column.

use cgt::impartial::misere::{
    heap_forms, Genus, MId, MisereBudget, MisereCanon, MisereError, MisereOutcome, MisereParseErrorKind, MAX_PARSE_DEPTH, MAX_PARSE_LEN,
};
use cgt::impartial::HeapRule;
use cgt::rng::SplitMix64;
use std::collections::{HashMap, HashSet};

fn rule(text: &str) -> HeapRule {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn parse(c: &mut MisereCanon, text: &str) -> MId {
    c.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---------------------------------------------------------------------
// Brute force on heap positions, written from `HeapRule::options` alone.

/// Misère P-position? Positions are sorted multisets of nonempty heaps;
/// the player who cannot move wins, so a position without moves is N.
fn brute_p(r: &HeapRule, pos: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&p) = memo.get(pos) {
        return p;
    }
    let mut any_move = false;
    let mut p = true;
    'all: for i in 0..pos.len() {
        if i > 0 && pos[i] == pos[i - 1] {
            continue;
        }
        for (_, leave) in r.options(pos[i]) {
            any_move = true;
            let mut next: Vec<usize> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
            next.extend(leave.iter().copied().filter(|&h| h > 0));
            next.sort_unstable();
            if brute_p(r, &next, memo) {
                p = false;
                break 'all;
            }
        }
    }
    let p = any_move && p;
    memo.insert(pos.to_vec(), p);
    p
}

#[test]
fn heap_positions_agree_with_brute_force() {
    // (rule, largest heap): small enough that the sums of five heaps stay quick.
    for (text, max_heap) in [("nim", 7), ("0.77", 8), ("0.07", 10), ("grundy", 13)] {
        let r = rule(text);
        let mut c = MisereCanon::new();
        let forms = heap_forms(&r, max_heap, &mut c).unwrap();
        let mut memo = HashMap::new();
        let mut rng = SplitMix64::new(0x6d15_e4e5 ^ max_heap as u64);
        let (mut ps, mut ns) = (0, 0);
        for _ in 0..1000 {
            let k = 1 + rng.below(5) as usize;
            let mut pos: Vec<usize> = (0..k).map(|_| rng.below(max_heap as u64 + 1) as usize).filter(|&h| h > 0).collect();
            pos.sort_unstable();
            let parts: Vec<MId> = pos.iter().map(|&h| forms[h]).collect();
            let g = c.sum(&parts).unwrap();
            let p = brute_p(&r, &pos, &mut memo);
            assert_eq!(c.outcome(g) == MisereOutcome::P, p, "{text} {pos:?}: form {}", c.name(g));
            assert_eq!(c.first_player_wins(g), !p);
            if p {
                ps += 1;
            } else {
                ns += 1;
            }
        }
        // Both outcomes are exercised.
        assert!(ps > 50 && ns > 50, "{text}: {ps} P, {ns} N");
    }
}

/// Bouton (1902): a Nim position is a misère P-position iff either every
/// heap is at most 1 and the number of 1-heaps is odd, or some heap is at
/// least 2 and the nim-sum is 0.
#[test]
fn misere_nim_is_bouton() {
    let mut c = MisereCanon::new();
    let forms = heap_forms(&rule("nim"), 7, &mut c).unwrap();
    for (h, &f) in forms.iter().enumerate() {
        assert_eq!(c.nim_heap(f), Some(h as u32));
        assert_eq!(f, c.nimber(h as u32).unwrap());
    }
    let mut count = 0;
    for k in 0..=4usize {
        let mut pos = vec![0usize; k];
        loop {
            let parts: Vec<MId> = pos.iter().map(|&h| forms[h]).collect();
            let g = c.sum(&parts).unwrap();
            let small = pos.iter().all(|&h| h <= 1);
            let ones = pos.iter().filter(|&&h| h == 1).count();
            let xor = pos.iter().fold(0, |x, &h| x ^ h);
            let bouton_p = if small { ones % 2 == 1 } else { xor == 0 };
            assert_eq!(c.outcome(g) == MisereOutcome::P, bouton_p, "{pos:?}");
            // The misère nim value of a Nim position (Winning Ways ch. 13):
            // the nim-sum, but with 0 and 1 swapped when all heaps are small.
            let expect = if small { xor ^ 1 } else { xor };
            assert_eq!(c.misere_grundy(g), expect as u32, "{pos:?}");
            assert_eq!(c.normal_value(g), xor as u32);
            assert!(c.is_tame(g), "sums of nim-heaps are tame: {pos:?}");
            count += 1;
            // Next multiset (non-decreasing sequences of 0..=7).
            let Some(i) = (0..k).rev().find(|&i| pos[i] < 7) else { break };
            let v = pos[i] + 1;
            pos[i..].iter_mut().for_each(|x| *x = v);
        }
    }
    assert_eq!(count, 1 + 8 + 36 + 120 + 330);
}

// ---------------------------------------------------------------------
// Unsimplified game trees and brute force on their sums.

/// Game trees in an arena, children first.
#[derive(Default)]
struct Trees {
    children: Vec<Vec<usize>>,
}

impl Trees {
    fn node(&mut self, children: Vec<usize>) -> usize {
        self.children.push(children);
        self.children.len() - 1
    }

    /// A random tree of this height at most.
    fn random(&mut self, rng: &mut SplitMix64, height: u32) -> usize {
        if height == 0 {
            return self.node(Vec::new());
        }
        let k = rng.below(4) as usize;
        let kids = (0..k)
            .map(|_| {
                let h = height - 1 - rng.below(2) as u32 * u32::from(height > 1);
                self.random(rng, h)
            })
            .collect();
        self.node(kids)
    }

    /// The tree of a canonical form (its own structure).
    fn of_form(&mut self, c: &MisereCanon, g: MId, memo: &mut HashMap<MId, usize>) -> usize {
        if let Some(&t) = memo.get(&g) {
            return t;
        }
        let kids = c.options(g).iter().map(|&o| self.of_form(c, o, memo)).collect();
        let t = self.node(kids);
        memo.insert(g, t);
        t
    }

    fn canon(&self, c: &mut MisereCanon, t: usize) -> MId {
        let opts: Vec<MId> = self.children[t].iter().map(|&k| self.canon(c, k)).collect();
        c.from_options(&opts)
    }

    /// Misère P-position, for the sum of the trees `parts` (sorted).
    fn brute_p(&self, parts: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
        if let Some(&p) = memo.get(parts) {
            return p;
        }
        let mut any_move = false;
        let mut p = true;
        'all: for i in 0..parts.len() {
            for &k in &self.children[parts[i]] {
                any_move = true;
                let mut next = parts.to_vec();
                next[i] = k;
                next.sort_unstable();
                if self.brute_p(&next, memo) {
                    p = false;
                    break 'all;
                }
            }
        }
        let p = any_move && p;
        memo.insert(parts.to_vec(), p);
        p
    }
}

#[test]
fn sums_of_trees_agree_with_brute_force() {
    let mut rng = SplitMix64::new(77);
    let mut c = MisereCanon::new();
    let mut trees = Trees::default();
    let mut memo = HashMap::new();
    let (mut ps, mut checked) = (0, 0);
    for round in 0..400 {
        let k = 1 + rng.below(3) as usize;
        let mut parts: Vec<usize> = (0..k)
            .map(|_| {
                let h = 2 + rng.below(3) as u32;
                trees.random(&mut rng, h)
            })
            .collect();
        parts.sort_unstable();
        let forms: Vec<MId> = parts.iter().map(|&t| trees.canon(&mut c, t)).collect();
        let g = c.sum(&forms).unwrap();
        let p = trees.brute_p(&parts, &mut memo);
        assert_eq!(c.outcome(g) == MisereOutcome::P, p, "round {round}: {}", c.name(g));
        // G⁻ decides the outcome of G + *n for every n.
        for n in 0..4u32 {
            let heap = c.nimber(n).unwrap();
            let star = trees.of_form(&c, heap, &mut HashMap::new());
            let mut with = parts.clone();
            with.push(star);
            with.sort_unstable();
            assert_eq!(trees.brute_p(&with, &mut memo), c.misere_grundy(g) == n, "round {round} + *{n}");
        }
        ps += usize::from(p);
        checked += 1;
    }
    assert!(ps > 20 && ps < checked - 20, "{ps} P of {checked}");
}

/// Every form born by day `d`, for `d = 0..=days`.
fn born_by(c: &mut MisereCanon, days: usize) -> Vec<Vec<MId>> {
    let mut out = vec![vec![c.zero()]];
    for _ in 0..days {
        let prev = out.last().unwrap().clone();
        let mut next: Vec<MId> = Vec::new();
        for mask in 0u64..(1 << prev.len()) {
            let opts: Vec<MId> = (0..prev.len()).filter(|i| mask >> i & 1 == 1).map(|i| prev[i]).collect();
            next.push(c.from_options(&opts));
        }
        next.sort_unstable();
        next.dedup();
        out.push(next);
    }
    out
}

/// Conway (ONAG, 1976, ch. 12); Siegel (2013, ch. V): 1, 2, 3, 5, 22
/// misère games born by days 0 to 4 (and 4,171,780 by day 5, not tried).
#[test]
fn games_born_by_day_four() {
    let mut c = MisereCanon::new();
    let days = born_by(&mut c, 4);
    let counts: Vec<usize> = days.iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
    assert_eq!(c.len(), 22, "nothing else was made");
    for (d, forms) in days.iter().enumerate() {
        for &g in forms {
            assert!(c.birthday(g) as usize <= d);
        }
    }
    let names: Vec<String> = days[3].iter().map(|&g| c.name(g)).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["*", "*2", "*3", "*[2#]", "0"]);
}

/// The 22 forms born by day 4 are pairwise distinct in misère play: for
/// each pair some X — one of them, or a sum of two — gives different
/// outcomes, by brute force on their trees (Conway's theorem says simplest
/// forms that differ can be told apart; X born by day 4 alone tells only
/// 17 classes apart).
#[test]
fn day_four_forms_are_distinguished_by_brute_force() {
    let mut c = MisereCanon::new();
    let forms = born_by(&mut c, 4).pop().unwrap();
    let mut trees = Trees::default();
    let mut tmemo = HashMap::new();
    let t: Vec<usize> = forms.iter().map(|&g| trees.of_form(&c, g, &mut tmemo)).collect();
    let mut xs: Vec<Vec<usize>> = t.iter().map(|&x| vec![x]).collect();
    for i in 0..t.len() {
        for j in i..t.len() {
            xs.push(vec![t[i], t[j]]);
        }
    }
    let mut memo = HashMap::new();
    let rows: Vec<Vec<bool>> = t
        .iter()
        .map(|&g| {
            xs.iter()
                .map(|x| {
                    let mut v = x.clone();
                    v.push(g);
                    v.sort_unstable();
                    trees.brute_p(&v, &mut memo)
                })
                .collect()
        })
        .collect();
    let distinct: HashSet<&Vec<bool>> = rows.iter().collect();
    assert_eq!(distinct.len(), forms.len());
    let singles: HashSet<&[bool]> = rows.iter().map(|r| &r[..t.len()]).collect();
    assert_eq!(singles.len(), 17);
}

// ---------------------------------------------------------------------
// Published values.

/// A genus as CGSuite prints it, expanded to `G⁺` and `γ0..γ(n-1)`.
/// CGSuite abbreviates: a nim-heap `*g` prints `g`; a tame or restive
/// form with a one-digit superscript prints `g^γ0` and continues as tame
/// (`γi = g ⊕ 2` for odd `i`, `g` for even `i ≥ 2`) or restive
/// (`γi = γ0 ⊕ 2·(i odd)`); any other genus is printed up to where it
/// repeats with period 2 (Hoey's `Genus` class in CGSuite).
fn cgsuite_genus(text: &str, n: usize) -> (u32, Vec<u32>) {
    let (base, sup) = match text.split_once('^') {
        Some((b, s)) => (b.parse::<u32>().unwrap(), Some(s)),
        None => (text.parse::<u32>().unwrap(), None),
    };
    let digits: Vec<u32> = match sup {
        None => match base {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            g => vec![g, g ^ 2],
        },
        Some(s) if s.starts_with('(') => s.trim_matches(|c| c == '(' || c == ')').split(',').map(|x| x.parse().unwrap()).collect(),
        Some(s) => s.chars().map(|ch| ch.to_digit(10).unwrap()).collect(),
    };
    let seq: Vec<u32> = if digits.len() == 1 {
        let a = digits[0];
        let tame = a == base || (a <= 1 && base <= 1);
        let cont = if tame {
            base
        } else if a < 4 {
            a
        } else {
            base
        };
        (0..n)
            .map(|i| {
                if i == 0 {
                    a
                } else if i % 2 == 1 {
                    cont ^ 2
                } else {
                    cont
                }
            })
            .collect()
    } else {
        let g = Genus { normal: base, gammas: digits };
        (0..n).map(|i| g.gamma(i)).collect()
    };
    (base, seq)
}

fn expand(g: &Genus, n: usize) -> Vec<u32> {
    (0..n).map(|i| g.gamma(i)).collect()
}

/// Winning Ways (1982, ch. 13) and ONAG (1976, ch. 12): the genus of a
/// nim-heap: `0^120`, `1^031`, and `a^{a, a⊕2}` for `a ≥ 2` (tame
/// genera are often abbreviated to their first term, `a^a`; the second
/// term is `G⁻(*a + *2) = a ⊕ 2`, not `a`).
#[test]
fn genus_of_nim_heaps() {
    let mut c = MisereCanon::new();
    let expect = ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75", "8^(8,10)", "9^(9,11)", "10^(10,8)"];
    for (n, e) in expect.iter().enumerate() {
        let g = c.nimber(n as u32).unwrap();
        let genus = c.genus(g);
        assert_eq!(genus.to_string(), *e);
        assert!(genus.is_tame() && c.is_tame(g));
        assert_eq!(c.misere_grundy(g), genus.misere());
        assert_eq!(c.birthday(g), n as u32);
    }
    // The tail of every genus is the normal value, then it ⊕ 2.
    for n in 0..12 {
        let g = c.nimber(n).unwrap();
        let genus = c.genus(g);
        assert_eq!(genus.gamma(40), n);
        assert_eq!(genus.gamma(41), n ^ 2);
    }
}

/// One row of CGSuite's `MisereCanonicalGameTestCase` (Siegel, Hoey,
/// CGSuite 2.x): the game in our `{...}` syntax, CGSuite's name of its
/// canonical form, birthday, genus (CGSuite's abbreviation), `G⁻`,
/// outcome, `G⁺`, tame (CGSuite's `IsTame`, hereditarily tame), restive
/// (`IsRestive`), restless (`IsRestless`).
struct Row {
    game: &'static str,
    cgsuite: &'static str,
    birthday: u32,
    genus: &'static str,
    misere: u32,
    outcome: MisereOutcome,
    normal: u32,
    tame: bool,
    restive: bool,
    restless: bool,
}

#[rustfmt::skip]
const CGSUITE_ROWS: &[Row] = &[
    Row { game: "0", cgsuite: "*[0]", birthday: 0, genus: "0", misere: 1, outcome: MisereOutcome::N, normal: 0, tame: true, restive: false, restless: false },
    Row { game: "*", cgsuite: "*[1]", birthday: 1, genus: "1", misere: 0, outcome: MisereOutcome::P, normal: 1, tame: true, restive: false, restless: false },
    Row { game: "*2", cgsuite: "*[2]", birthday: 2, genus: "2", misere: 2, outcome: MisereOutcome::N, normal: 2, tame: true, restive: false, restless: false },
    Row { game: "{*2}", cgsuite: "*[2#]", birthday: 3, genus: "0^0", misere: 0, outcome: MisereOutcome::P, normal: 0, tame: true, restive: false, restless: false },
    Row { game: "{{*2}}", cgsuite: "*[2##]", birthday: 4, genus: "1^1", misere: 1, outcome: MisereOutcome::N, normal: 1, tame: true, restive: false, restless: false },
    Row { game: "*2 + *2", cgsuite: "*[2[2]]", birthday: 4, genus: "0^0", misere: 0, outcome: MisereOutcome::P, normal: 0, tame: true, restive: false, restless: false },
    Row { game: "{*2 + {*2}}", cgsuite: "*[2[#2#]]", birthday: 6, genus: "0^0", misere: 0, outcome: MisereOutcome::P, normal: 0, tame: true, restive: false, restless: false },
    Row { game: "{{*2}, 0}", cgsuite: "*[2#0]", birthday: 4, genus: "1^2", misere: 2, outcome: MisereOutcome::N, normal: 1, tame: false, restive: true, restless: false },
    Row { game: "{{*2}, *}", cgsuite: "*[2#1]", birthday: 4, genus: "2^1420", misere: 1, outcome: MisereOutcome::N, normal: 2, tame: false, restive: false, restless: true },
    Row { game: "{*4 + *2}", cgsuite: "*[4[2#]]", birthday: 7, genus: "0^0", misere: 0, outcome: MisereOutcome::P, normal: 0, tame: true, restive: false, restless: false },
    Row { game: "{{{*2}}, {{*2}, *}}", cgsuite: "*[(2#1)2##]", birthday: 5, genus: "0^0", misere: 0, outcome: MisereOutcome::P, normal: 0, tame: false, restive: false, restless: false },
    Row { game: "{{{*2}}, {{{*2}, 0}, 0, *}}", cgsuite: "*[((2#0)10)2##]", birthday: 6, genus: "0^0", misere: 0, outcome: MisereOutcome::P, normal: 0, tame: false, restive: false, restless: false },
    Row { game: "{{{*2}, *} + *, {{*2}, {*2} + *, {{*2}, 0}}}", cgsuite: "*[((2#0)2[#1]2#)(2#1)[1]]", birthday: 6, genus: "0^120", misere: 1, outcome: MisereOutcome::N, normal: 0, tame: false, restive: false, restless: false },
    Row { game: "{{{*2}, *2, 0}, {{*2}, *3}, *}", cgsuite: "*[(2#20)2[#1]1]", birthday: 5, genus: "0^2", misere: 2, outcome: MisereOutcome::N, normal: 0, tame: false, restive: false, restless: false },
];

#[test]
fn cgsuite_canonical_form_rows() {
    let mut c = MisereCanon::new();
    for row in CGSUITE_ROWS {
        let g = parse(&mut c, row.game);
        let h = parse(&mut c, row.cgsuite);
        assert_eq!(g, h, "{}: ours {} vs CGSuite {}", row.game, c.name(g), row.cgsuite);
        assert_eq!(c.birthday(g), row.birthday, "{}", row.game);
        assert_eq!(c.misere_grundy(g), row.misere, "{}", row.game);
        assert_eq!(c.outcome(g), row.outcome, "{}", row.game);
        assert_eq!(c.normal_value(g), row.normal, "{}", row.game);
        assert_eq!(c.is_tame(g), row.tame, "{}", row.game);
        assert_eq!(c.is_restive(g), row.restive, "{}", row.game);
        assert_eq!(c.is_restless(g), row.restless, "{}", row.game);
        let (base, seq) = cgsuite_genus(row.genus, 12);
        let genus = c.genus(g);
        assert_eq!((genus.normal, expand(&genus, 12)), (base, seq), "{}: ours {genus}, CGSuite {}", row.game, row.genus);
        // Our name reads back as the same form.
        let name = c.name(g);
        assert_eq!(parse(&mut c, &name), g, "{name}");
    }
    // The names we print for a few of them.
    let mut c = MisereCanon::new();
    for (game, name) in [("{*2}", "*[2#]"), ("{{*2}}", "*[2##]"), ("*2+*2", "*[32]"), ("{{*2},0}", "*[2#0]"), ("{{{*2}}, {{*2}, *}}", "*[(2#1)2##]")] {
        let g = parse(&mut c, game);
        assert_eq!(c.name(g), name);
    }
    let g = parse(&mut c, "*2+*2");
    let three = c.nimber(3).unwrap();
    let two = c.nimber(2).unwrap();
    assert_eq!(c.options(g), &sorted(vec![two, three])[..], "*2 + *2 = {{*2, *3}}");
    assert_ne!(g, c.zero(), "in misère play *2 + *2 is not 0");
    let star = c.nimber(1).unwrap();
    assert_eq!(c.add(star, star).unwrap(), c.zero(), "* + * = 0 (by the proviso)");
}

fn sorted(mut v: Vec<MId>) -> Vec<MId> {
    v.sort_unstable();
    v
}

/// CGSuite's `GameHeapTest` (Siegel, CGSuite 2.x): misère nim values and
/// genera of heaps 0 to 20 of seven rules. CGSuite's rule names: `Nim`,
/// `GrundysGame`, `Kayles`, `DawsonsKayles`, `Subtraction([2,3,7])`,
/// the same with `allbut`, and `0.3F`.
#[rustfmt::skip]
const CGSUITE_HEAPS: &[(&str, [u32; 21], &str)] = &[
    ("nim", [1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],
        "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"),
    ("grundy", [1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2],
        "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20"),
    ("0.77", [1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0],
        "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031"),
    ("0.07", [1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3],
        "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3"),
    ("sub:2,3,7", [1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1],
        "0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0"),
    ("allbut:2,3,7", [1,0,1,0,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10],
        "0,1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10"),
    ("0.3F", [1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6],
        "0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)"),
];

/// Splits a comma list at the top level (not inside `(...)`).
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in s.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

#[test]
fn cgsuite_heap_rows() {
    for (text, misere, genera) in CGSUITE_HEAPS {
        let mut c = MisereCanon::new();
        let forms = heap_forms(&rule(text), 20, &mut c).unwrap();
        let genera = split_top(genera);
        assert_eq!(genera.len(), 21);
        for n in 0..=20 {
            let g = forms[n];
            assert_eq!(c.misere_grundy(g), misere[n], "{text} heap {n}");
            let (base, seq) = cgsuite_genus(genera[n], 12);
            let genus = c.genus(g);
            assert_eq!((genus.normal, expand(&genus, 12)), (base, seq), "{text} heap {n}: ours {genus}, CGSuite {}", genera[n]);
        }
    }
}

/// CGSuite's `GameHeapTest`: the misère canonical form of a heap of 22 in
/// Grundy's game, as CGSuite names it (with subscripted sums).
#[test]
fn grundy_heap_22() {
    let mut c = MisereCanon::new();
    let forms = heap_forms(&rule("grundy"), 22, &mut c).unwrap();
    let cgsuite = parse(&mut c, "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]");
    assert_eq!(forms[22], cgsuite, "ours: {}", c.name(forms[22]));
}

/// Where Kayles and Dawson's Kayles turn wild (our computation, which
/// agrees with CGSuite's genera above): Kayles heaps 0 to 4 are the
/// nim-heaps `0, *, *2, *3, *`, heap 5 is wild, of genus `4^146`;
/// Dawson's Kayles is tame to heap 9 and wild at 10.
#[test]
fn kayles_tameness() {
    let mut c = MisereCanon::new();
    let forms = heap_forms(&rule("0.77"), 12, &mut c).unwrap();
    let heaps: Vec<Option<u32>> = forms.iter().map(|&g| c.nim_heap(g)).collect();
    assert_eq!(heaps[..5], [Some(0), Some(1), Some(2), Some(3), Some(1)]);
    assert!(forms[..5].iter().all(|&g| c.is_tame(g)));
    assert!(c.is_wild(forms[5]));
    assert_eq!(c.genus(forms[5]).to_string(), "4^146");
    // Dawson's Kayles (0.07): heaps 0 to 9 are tame.
    let dk = heap_forms(&rule("0.07"), 12, &mut c).unwrap();
    assert!(dk[..10].iter().all(|&g| c.is_tame(g)));
    assert!(c.is_wild(dk[10]));
}

// ---------------------------------------------------------------------
// Laws.

#[test]
fn laws_of_forms_and_sums() {
    let mut c = MisereCanon::new();
    let mut rng = SplitMix64::new(2024);
    let mut trees = Trees::default();
    let mut forms: Vec<MId> = (0..60)
        .map(|_| {
            let h = 3 + rng.below(2) as u32;
            let t = trees.random(&mut rng, h);
            trees.canon(&mut c, t)
        })
        .collect();
    forms.extend((0..5).map(|n| c.nimber(n).unwrap()));
    let zero = c.zero();
    for &g in &forms {
        // Idempotent: the options of a form give the form back.
        let opts = c.options(g).to_vec();
        assert_eq!(c.from_options(&opts), g);
        let mut shuffled = opts.clone();
        shuffled.reverse();
        shuffled.extend(opts.iter().copied());
        assert_eq!(c.from_options(&shuffled), g, "order and repeats do not matter");
        // Simplest: no option is a reduction target (from_options of a
        // subset with the rest reversing through it would have found it).
        assert_eq!(c.add(g, zero).unwrap(), g);
        assert_eq!(c.add(zero, g).unwrap(), g);
        assert_eq!(c.birthday(g), c.options(g).iter().map(|&o| c.birthday(o) + 1).max().unwrap_or(0));
        let genus = c.genus(g);
        assert_eq!(genus.misere(), c.misere_grundy(g));
        assert_eq!(genus.normal, c.normal_value(g));
        // Far out, the genus is the normal value, then it ⊕ 2.
        assert_eq!(genus.gamma(100), c.normal_value(g));
        assert_eq!(genus.gamma(101), c.normal_value(g) ^ 2);
        if c.is_tame(g) {
            assert!(genus.is_tame(), "{}: {genus}", c.name(g));
        }
    }
    for i in 0..forms.len() {
        for j in 0..forms.len() {
            let (a, b) = (forms[i], forms[j]);
            let ab = c.add(a, b).unwrap();
            assert_eq!(ab, c.add(b, a).unwrap());
            // G⁺ is additive by nim-sum.
            assert_eq!(c.normal_value(ab), c.normal_value(a) ^ c.normal_value(b));
        }
    }
    // Associativity on a sample.
    for _ in 0..200 {
        let pick = |rng: &mut SplitMix64| forms[rng.below(forms.len() as u64) as usize];
        let (a, b, d) = (pick(&mut rng), pick(&mut rng), pick(&mut rng));
        let ab = c.add(a, b).unwrap();
        let bd = c.add(b, d).unwrap();
        assert_eq!(c.add(ab, d).unwrap(), c.add(a, bd).unwrap());
    }
    // The sum of a form and its options' sums is what from_options says.
    for &a in &forms[..10] {
        for &b in &forms[..10] {
            let mut opts: Vec<MId> = Vec::new();
            for &o in c.options(a).to_vec().iter() {
                opts.push(c.add(o, b).unwrap());
            }
            for &o in c.options(b).to_vec().iter() {
                opts.push(c.add(a, o).unwrap());
            }
            assert_eq!(c.from_options(&opts), c.add(a, b).unwrap());
        }
    }
}

#[test]
fn proviso_and_reductions() {
    let mut c = MisereCanon::new();
    let zero = c.zero();
    let star = c.nimber(1).unwrap();
    let two = c.nimber(2).unwrap();
    // {*} = 0: * reverses through 0, and * is a P-position.
    assert_eq!(c.from_options(&[star]), zero);
    // {*, *2} = 0 as well.
    assert_eq!(c.from_options(&[star, two]), zero);
    // {*2} is not 0: the proviso fails (*2 is an N-position).
    let sharp = c.from_options(&[two]);
    assert_ne!(sharp, zero);
    assert_eq!(c.outcome(sharp), MisereOutcome::P);
    assert_eq!(c.outcome(zero), MisereOutcome::N);
    // {0, *2} = *: *2 reverses through *.
    assert_eq!(c.from_options(&[zero, two]), star);
    // *3 stays.
    let three = c.from_options(&[zero, star, two]);
    assert_eq!(c.nim_heap(three), Some(3));
}

// ---------------------------------------------------------------------
// Budgets and depth.

#[test]
fn budgets_refuse_with_typed_errors() {
    let mut c = MisereCanon::with_budget(40);
    let err = heap_forms(&rule("0.77"), 40, &mut c).unwrap_err();
    assert!(matches!(err, MisereError::Forms { max_forms: 40 } | MisereError::Work { .. }), "{err}");
    assert!(err.to_string().contains("budget"));
    assert!(c.len() <= 40);
    // The table is still usable.
    let z = c.zero();
    assert_eq!(c.add(z, z).unwrap(), z);

    let mut c = MisereCanon::with_limits(MisereBudget { max_forms: 1 << 20, max_options: 1000, max_work: 1 << 20 });
    assert_eq!(c.nimber(100).unwrap_err(), MisereError::Options { max_options: 1000 });
    assert!(c.nimber(40).is_ok());

    let mut c = MisereCanon::with_limits(MisereBudget { max_forms: 1 << 20, max_options: 1 << 24, max_work: 50 });
    assert_eq!(heap_forms(&rule("0.77"), 30, &mut c).unwrap_err(), MisereError::Work { max_work: 50 });
    // Huge heaps are refused by the budget, not by memory.
    let mut c = MisereCanon::with_budget(10_000);
    assert!(heap_forms(&rule("nim"), 1 << 30, &mut c).is_err());
    assert!(heap_forms(&rule("0.F"), 1 << 30, &mut c).is_err());
    assert!(c.parse("*999999").is_err());
}

#[test]
fn deep_forms_do_not_overflow() {
    let mut c = MisereCanon::new();
    // {{{...{*2}...}}}, 20,000 levels, with a run (X3) every third.
    let mut g = c.nimber(2).unwrap();
    let three = c.nimber(3).unwrap();
    for i in 0..20_000 {
        g = if i % 3 == 2 { c.from_options(&[g, three]) } else { c.from_options(&[g]) };
    }
    assert_eq!(c.birthday(g), 20_002);
    let name = c.name(g);
    assert!(name.len() > 20_000);
    assert_eq!(parse(&mut c, &name), g);
    let mut fresh = MisereCanon::new();
    let h = parse(&mut fresh, &name);
    assert_eq!(fresh.name(h), name);
    let star = c.nimber(1).unwrap();
    let s = c.add(g, star).unwrap();
    assert_eq!(c.normal_value(s), c.normal_value(g) ^ 1);
    // Nim heaps to 1,000 (nim-heaps 1,000 deep) and a subtraction game to 20,000.
    let nim = heap_forms(&rule("nim"), 1000, &mut c).unwrap();
    assert_eq!(c.nim_heap(nim[1000]), Some(1000));
    let sub = heap_forms(&rule("sub:1,2"), 20_000, &mut c).unwrap();
    assert_eq!(c.nim_heap(sub[20_000]), Some(20_000 % 3));
}

// ---------------------------------------------------------------------
// Notation.

#[test]
fn names_round_trip() {
    let mut c = MisereCanon::new();
    let mut rng = SplitMix64::new(99);
    let mut trees = Trees::default();
    let mut all: Vec<MId> = born_by(&mut c, 4).pop().unwrap();
    for _ in 0..300 {
        let h = 2 + rng.below(4) as u32;
        let t = trees.random(&mut rng, h);
        all.push(trees.canon(&mut c, t));
    }
    for _ in 0..100 {
        let a = all[rng.below(all.len() as u64) as usize];
        let b = all[rng.below(all.len() as u64) as usize];
        all.push(c.add(a, b).unwrap());
    }
    for n in [9, 10, 11, 12, 25] {
        let h = c.nimber(n).unwrap();
        let x = c.from_options(&[h, all[30]]);
        all.push(x);
        all.push(h);
    }
    let mut fresh = MisereCanon::new();
    for &g in &all {
        let name = c.name(g);
        assert_eq!(parse(&mut c, &name), g, "{name}");
        let h = parse(&mut fresh, &name);
        assert_eq!(fresh.name(h), name, "names do not depend on the table");
        // The explicit-options form reads as the same game.
        let explicit = format!("{{{}}}", c.options(g).iter().map(|&o| c.name(o)).collect::<Vec<_>>().join(", "));
        assert_eq!(parse(&mut c, &explicit), g, "{explicit}");
    }
    for (text, name) in [
        ("*[&12;]", "*12"),
        ("*[2]", "*2"),
        ("*[0]", "0"),
        ("*[1]", "*"),
        ("{}", "0"),
        ("{0}", "*"),
        ("{0, *}", "*2"),
        ("( *2 )", "*2"),
        ("*[2[1]]", "*3"),
        ("{*12, 0}", "*"),
        ("{*12, *5}", "*[&12;5]"),
        ("*[&12;5]+0", "*[&12;5]"),
    ] {
        let g = parse(&mut c, text);
        assert_eq!(c.name(g), name, "{text}");
    }
    let long = parse(&mut c, "*[(2#1)2##]");
    assert_eq!(c.name_within(long, 11).as_deref(), Some("*[(2#1)2##]"));
    assert_eq!(c.name_within(long, 10), None);
}

#[test]
fn garbage_is_refused_with_a_column() {
    let mut c = MisereCanon::new();
    let cases: &[(&str, usize)] = &[
        ("", 1),
        ("   ", 4),
        ("*[", 3),
        ("*[]", 3),
        ("*[2", 4),
        ("*[2)", 4),
        ("*[(2]", 5),
        ("*[#]", 3),
        ("*[[2]]", 3),
        ("*[2[x]]", 5),
        ("*[&;]", 4),
        ("*[&12]", 6),
        ("{0,", 4),
        ("{0 0}", 4),
        ("(0", 3),
        ("0 1", 3),
        ("7", 1),
        ("07", 1),
        ("+", 1),
        ("0 +", 4),
        ("*x", 2),
        ("*[2]]", 5),
        ("*[2#0] *", 8),
    ];
    for &(text, column) in cases {
        let e = c.parse(text).unwrap_err();
        assert_eq!(e.column, column, "{text:?}: {e}");
        assert!(!e.to_string().is_empty());
    }
    let deep = "{".repeat(MAX_PARSE_DEPTH + 5);
    assert!(matches!(c.parse(&deep).unwrap_err().kind, MisereParseErrorKind::TooDeep { .. }));
    let long = "0+".repeat(MAX_PARSE_LEN);
    assert!(matches!(c.parse(&long).unwrap_err().kind, MisereParseErrorKind::TooLong { .. }));
    assert!(matches!(c.parse("*[&99999999999;]").unwrap_err().kind, MisereParseErrorKind::NimberTooLarge { .. }));
    // Deep brackets inside *[...] are read without recursion.
    let many = format!("*[{}2{}]", "(".repeat(100_000), ")".repeat(100_000));
    let g = parse(&mut c, &many);
    assert_eq!(c.nim_heap(g), Some(2));
    // Random garbage from the alphabet of the notation: never a panic.
    let alphabet: Vec<char> = "*[]()#{}&;,+0123456789 x".chars().collect();
    let mut rng = SplitMix64::new(5);
    // A small budget: a random `*9999` is refused rather than built.
    let mut c = MisereCanon::with_budget(10_000);
    let mut ok = 0;
    for _ in 0..20_000 {
        let len = rng.below(14) as usize;
        let text: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect();
        match c.parse(&text) {
            Ok(g) => {
                ok += 1;
                let name = c.name(g);
                assert_eq!(c.parse(&name), Ok(g), "{text:?} -> {name}");
            }
            Err(e) => assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "{text:?}: {e}"),
        }
    }
    assert!(ok > 100, "{ok}");
}
