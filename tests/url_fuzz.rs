//! Fuzzing the URL state (issue 22): every page's state is read from the
//! address bar, so any query must open without a panic, and what it opens
//! must write back a query that opens the same state. The inputs are the
//! link corpus's queries (`tests/data/links.txt`) under seeded mutations of
//! keys and values. (Only the shell's and the open page's keys are
//! written back, by design, so "the same state" is the written query.)
//! `CGT_FUZZ_ITERATIONS=1000000 cargo test --release -p
//! cgt-lab --test url_fuzz` runs it longer (README, "Fuzzing").

use cgt::rng::SplitMix64;
use cgt_lab::state::{Link, KEYS};

/// The queries of the link corpus, as decoded (name, value) pairs.
fn corpus() -> Vec<Vec<(String, String)>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/links.txt")).expect("the link corpus");
    text.lines()
        .filter(|l| l.starts_with('?'))
        .map(|l| {
            l[1..]
                .split('&')
                .filter(|s| !s.is_empty())
                .map(|s| {
                    let (k, v) = s.split_once('=').unwrap_or((s, ""));
                    (k.to_string(), v.replace('+', " "))
                })
                .collect()
        })
        .collect()
}

fn below(rng: &mut SplitMix64, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (rng.next_u64() % n as u64) as usize
    }
}

fn mutate_value(rng: &mut SplitMix64, v: &str) -> String {
    let mut s: Vec<char> = v.chars().collect();
    let odd = ['{', '}', '|', ',', '-', '/', '.', '*', '^', 'v', '0', '9', 'L', 'R', 'x', 'o', ':', '%', '\u{0}', 'é', '∞', ' ', '\n'];
    for _ in 0..1 + below(rng, 4) {
        let at = below(rng, s.len() + 1);
        match below(rng, 6) {
            0 => s.insert(at, odd[below(rng, odd.len())]),
            1 if !s.is_empty() => {
                s.remove(at.min(s.len() - 1));
            }
            2 => {
                s.splice(at..at, "9".repeat([3, 30, 400][below(rng, 3)]).chars());
            }
            3 if !s.is_empty() => {
                let a = below(rng, s.len());
                let piece: Vec<char> = s[a..(a + 3).min(s.len())].to_vec();
                for _ in 0..[2, 50, 500][below(rng, 3)] {
                    s.splice(at..at, piece.iter().copied());
                }
            }
            4 => s.truncate(at),
            _ => s = "-1".chars().collect(),
        }
    }
    s.into_iter().collect()
}

#[test]
fn any_query_opens_and_writes_back_what_it_opened() {
    let corpus = corpus();
    assert!(corpus.len() > 100, "{}", corpus.len());
    let iterations: usize = std::env::var("CGT_FUZZ_ITERATIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(3_000);
    let mut rng = SplitMix64::new(22);
    for i in 0..iterations {
        let mut pairs = corpus[below(&mut rng, corpus.len())].clone();
        for _ in 0..1 + below(&mut rng, 3) {
            match below(&mut rng, 4) {
                0 if !pairs.is_empty() => {
                    let j = below(&mut rng, pairs.len());
                    pairs[j].1 = mutate_value(&mut rng, &pairs[j].1);
                }
                1 => {
                    let k = KEYS[below(&mut rng, KEYS.len())].to_string();
                    let v = mutate_value(&mut rng, "");
                    pairs.insert(below(&mut rng, pairs.len() + 1), (k, v));
                }
                2 if !pairs.is_empty() => {
                    let j = below(&mut rng, pairs.len());
                    pairs[j].0 = KEYS[below(&mut rng, KEYS.len())].to_string();
                }
                _ => {
                    let other = &corpus[below(&mut rng, corpus.len())];
                    if let Some(p) = other.get(below(&mut rng, other.len().max(1))) {
                        pairs.push(p.clone());
                    }
                }
            }
        }
        // `Link::open`, as the page opens a link: the notes on malformed
        // fields are made too.
        let opened = std::panic::catch_unwind(|| Link::open(pairs.clone()));
        let Ok((st, _notes)) = opened else { panic!("input {i}: {pairs:?} panics") };
        // The address bar holds the shell's keys and the open page's only
        // (other pages' fields are dropped by design), so the written query
        // must open a state that writes the same query again.
        let written = st.to_pairs();
        let again = Link::from_pairs(written.clone());
        assert_eq!(again.to_pairs(), written, "input {i}: {pairs:?} writes {written:?}, which writes another query");
        assert_eq!(Link::from_pairs(again.to_pairs()), again, "input {i}: {pairs:?}");
    }
}

/// The page parsers behind the URL fields (the Sums page's sum `s` and
/// play record `sp`, heap-go's moves `mv`, the explorer's node `node`):
/// fed the corpus's values under the same mutations, none panics, and a
/// play record that reads prints back to itself.
#[test]
fn the_page_parsers_behind_the_fields_never_panic() {
    use cgt_lab::pages::sums::model::{parse_sum, PlayRecord};
    let corpus = corpus();
    let values = |key: &str| -> Vec<String> { corpus.iter().flatten().filter(|(k, _)| k == key).map(|(_, v)| v.clone()).collect() };
    let fields: Vec<(&str, Vec<String>)> = ["s", "sp", "mv", "node"].iter().map(|k| (*k, values(k))).collect();
    let iterations: usize = std::env::var("CGT_FUZZ_ITERATIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(3_000) / 10;
    let mut rng = SplitMix64::new(2211);
    for i in 0..iterations {
        let (key, vals) = &fields[i % fields.len()];
        let seed = if vals.is_empty() { String::new() } else { vals[below(&mut rng, vals.len())].clone() };
        let v = mutate_value(&mut rng, &seed);
        let ran = std::panic::catch_unwind(|| match *key {
            "s" => {
                let _ = parse_sum(&v);
            }
            "sp" => {
                if let Ok(r) = v.parse::<PlayRecord>() {
                    let printed = r.to_string();
                    let back: PlayRecord = printed.parse().unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
                    assert_eq!(back.to_string(), printed);
                }
            }
            "mv" => {
                let _ = cgt_lab::pages::heapgo::model::parse_moves(&v);
            }
            _ => {
                let _ = cgt_lab::pages::explorer::state::parse_path(&v);
            }
        });
        assert!(ran.is_ok(), "input {i}: {key}={v:?} panics");
    }
}
