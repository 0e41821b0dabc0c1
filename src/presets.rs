//! The explorer's preset games, each with the work it comes from (a
//! citation of [`crate::references`]).

use crate::references::{cite, Cite};

/// One preset: what the button says, the game in notation, where it is from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub name: &'static str,
    pub game: &'static str,
    pub source: Cite,
    /// What to look at (mean / temperature as the source gives them).
    pub note: &'static str,
}

/// The game shown when the page is opened without a query string: hot, with
/// both walls bending, sub-zero band visible and a non-integer mean.
pub const DEFAULT_GAME: &str = "14|2|||-2||-14|-16";

pub const PRESETS: &[Preset] = &[
    Preset { name: "gote", game: "4|0", source: cite("muller2025", "slides on mean and temperature by tax"), note: "mean 2, temperature 2" },
    Preset { name: "one-sided sente", game: "22|4||0", source: cite("muller2025", "sente examples"), note: "mean 4, temperature 4" },
    Preset { name: "double sente", game: "13|4||0|-11", source: cite("muller2025", "double sente"), note: "mean 3/2, temperature 7" },
    Preset { name: "sente for Right", game: "9||8|0", source: cite("muller2025", "examples for temperature"), note: "mean 8, temperature 1" },
    Preset {
        name: "big threats",
        game: "14|2|||-2||-14|-16",
        source: cite("muller2025", "thermograph construction"),
        note: "mean -1/4, temperature 33/4, stops 2 and -2",
    },
    Preset { name: "Sensei's example", game: "{{-2|-4}|-7}", source: cite("spight-sl", ""), note: "mean -5, temperature 2" },
    Preset { name: "switch", game: "{5|-5}", source: cite("yedwab1985", "switches"), note: "mean 0, temperature 5" },
    Preset {
        name: "greedy fails",
        game: "{4|0} + {{10|-3}|-5}",
        source: cite("muller2025", "why greedy play fails"),
        note: "a sum: the hotter-looking {4|0} is the wrong move",
    },
    Preset {
        name: "huge threats",
        game: "{{100002|4}|{0|-100000}}",
        source: cite("muller2025", "temperature can be arbitrarily high"),
        note: "mean 3/2, temperature 100003/2",
    },
    Preset {
        name: "a number",
        game: "{1/2|3/4}",
        source: cite("muller2025", "thermographs and the simplest-number rule"),
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
            assert!(GameTree::parse_with(p.game, &ParseLimits::INTERACTIVE).is_ok(), "{}", p.game);
        }
        assert!(PRESETS.iter().any(|p| p.game == DEFAULT_GAME));
        for p in PRESETS {
            assert!(p.source.reference().is_some(), "{}: {:?}", p.name, p.source);
        }
    }

    #[test]
    fn preset_notes_match_the_core() {
        let check = |game: &str, mean: &str, temp: &str| {
            let th = GameTree::parse_with(game, &ParseLimits::INTERACTIVE).unwrap().thermograph();
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
