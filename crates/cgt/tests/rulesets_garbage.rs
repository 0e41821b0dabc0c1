//! Bad input never crashes: every registered ruleset is fed seeded random
//! texts (garbage from its own alphabet and mutations of its presets) and
//! must answer each with a position or an error, never a panic; what
//! parses prints back to a text that parses to the same position, and its
//! moves play. Values are asked for within a small budget, so a large
//! position answers "too large" rather than running long.

use cgt::rng::SplitMix64;
use cgt::rulesets::registry::{session, GameError, RULESETS};
use cgt::side::Side;

/// Characters the rulesets' formats use, and a few they do not.
const ALPHABET: &[char] = &[
    '.',
    '#',
    '|',
    'x',
    'o',
    'X',
    'O',
    'T',
    'F',
    'b',
    'r',
    'B',
    'R',
    ':',
    ',',
    '-',
    '/',
    '0',
    '1',
    '2',
    '3',
    '9',
    ' ',
    'P',
    'C',
    'K',
    'S',
    'v',
    'h',
    '(',
    '{',
    'é',
    '\u{1F600}',
];

fn garbage(rng: &mut SplitMix64, len: usize) -> String {
    (0..len).map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize]).collect()
}

fn mutated(rng: &mut SplitMix64, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() as u64 + 1) as usize;
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = ALPHABET[rng.below(ALPHABET.len() as u64) as usize],
            _ => chars.insert(at, ALPHABET[rng.below(ALPHABET.len() as u64) as usize]),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn random_texts_are_positions_or_errors() {
    let mut rng = SplitMix64::new(0x6A_12BA6E);
    let mut parsed = 0;
    let mut refused = 0;
    for info in RULESETS {
        let seeds: Vec<&str> = info.presets.iter().map(|p| p.position).chain([info.example]).collect();
        for k in 0..400 {
            let text = if k % 2 == 0 {
                let len = rng.below(24) as usize;
                garbage(&mut rng, len)
            } else {
                mutated(&mut rng, seeds[k / 2 % seeds.len()])
            };
            if std::env::var_os("GARBAGE_TRACE").is_some() {
                eprintln!("{} {text:?}", info.name);
            }
            match session(info.name, &text, 500) {
                Err(GameError::Position { ruleset, message }) => {
                    assert_eq!(ruleset, info.name);
                    assert!(!message.is_empty());
                    refused += 1;
                }
                Err(other) => panic!("{} `{text}`: {other}", info.name),
                Ok(mut s) => {
                    parsed += 1;
                    // The printed text reads back as the same position.
                    let printed = s.position();
                    let again = session(info.name, &printed, 500).unwrap_or_else(|e| panic!("{} `{text}` printed `{printed}`: {e}", info.name));
                    assert_eq!(again.position(), printed, "{} `{text}`", info.name);
                    // A value or a typed refusal (the budget), never a panic.
                    match s.report() {
                        Ok(_) | Err(GameError::Engine(_)) => {}
                        Err(e) => panic!("{} `{text}`: {e}", info.name),
                    }
                    // Every listed move plays.
                    for side in Side::BOTH {
                        for mv in s.moves(side).into_iter().take(3) {
                            let mut t = session(info.name, &printed, 500).unwrap();
                            t.play(side, &mv).unwrap_or_else(|e| panic!("{} `{printed}`: {side} {mv}: {e}", info.name));
                        }
                    }
                }
            }
        }
    }
    // Both kinds came up, for every ruleset taken together.
    assert!(parsed > 200 && refused > 200, "parsed {parsed}, refused {refused}");
}
