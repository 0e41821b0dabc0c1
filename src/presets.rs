//! The explorer's preset games, each with the source it comes from
//! (`shared/presets/README.md`, `shared/spec/thermography.md`).

/// One preset: what the button says, the game in notation, where it is from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub name: &'static str,
    pub game: &'static str,
    pub source: &'static str,
    /// What to look at (mean / temperature as the source gives them).
    pub note: &'static str,
}

/// The game shown when the page is opened without a query string: hot, with
/// both walls bending, sub-zero band visible and a non-integer mean.
pub const DEFAULT_GAME: &str = "14|2|||-2||-14|-16";

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "gote",
        game: "4|0",
        source: "seed 004 (slides: mean and temperature by tax)",
        note: "mean 2, temperature 2",
    },
    Preset {
        name: "one-sided sente",
        game: "22|4||0",
        source: "seed 004 (slides: sente examples)",
        note: "mean 4, temperature 4",
    },
    Preset {
        name: "double sente",
        game: "13|4||0|-11",
        source: "seed 004 (slides: double sente)",
        note: "mean 3/2, temperature 7",
    },
    Preset {
        name: "sente for Right",
        game: "9||8|0",
        source: "seed 004 (slides)",
        note: "mean 8, temperature 1",
    },
    Preset {
        name: "big threats",
        game: "14|2|||-2||-14|-16",
        source: "seed 004 (slides: thermograph construction)",
        note: "mean -1/4, temperature 33/4, stops 2 and -2",
    },
    Preset {
        name: "Sensei's example",
        game: "{{-2|-4}|-7}",
        source: "seed 003 (Sensei's Library: calculating a thermograph)",
        note: "mean -5, temperature 2",
    },
    Preset {
        name: "switch",
        game: "{5|-5}",
        source: "seed 001 (switches), seed 004",
        note: "mean 0, temperature 5",
    },
    Preset {
        name: "greedy fails",
        game: "{4|0} + {{10|-3}|-5}",
        source: "seed 004 (slides: why greedy play fails)",
        note: "a sum: the hotter-looking {4|0} is the wrong move",
    },
    Preset {
        name: "huge threats",
        game: "{{100002|4}|{0|-100000}}",
        source: "seed 004 (slides: temperature can be arbitrarily high)",
        note: "mean 3/2, temperature 100003/2",
    },
    Preset {
        name: "a number",
        game: "{1/2|3/4}",
        source: "spec/thermography.md (simplest-number rule)",
        note: "= 5/8; temperature -1/8 (sub-zero)",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::notation::{GameTree, ParseLimits};

    #[test]
    fn every_preset_parses_interactively() {
        for p in PRESETS {
            assert!(
                GameTree::parse_with(p.game, &ParseLimits::INTERACTIVE).is_ok(),
                "{}",
                p.game
            );
        }
        assert!(PRESETS.iter().any(|p| p.game == DEFAULT_GAME));
    }

    #[test]
    fn preset_notes_match_the_core() {
        let check = |game: &str, mean: &str, temp: &str| {
            let th = GameTree::parse_with(game, &ParseLimits::INTERACTIVE)
                .unwrap()
                .thermograph();
            assert_eq!(th.mean().to_string(), mean, "{game}");
            assert_eq!(th.temperature().to_string(), temp, "{game}");
        };
        check("4|0", "2", "2");
        check("22|4||0", "4", "4");
        check("13|4||0|-11", "3/2", "7");
        check("9||8|0", "8", "1");
        check("14|2|||-2||-14|-16", "-1/4", "33/4");
        check("{{-2|-4}|-7}", "-5", "2");
        check("{5|-5}", "0", "5");
        check("{{100002|4}|{0|-100000}}", "3/2", "100003/2");
        check("{1/2|3/4}", "5/8", "-1/8");
    }
}
