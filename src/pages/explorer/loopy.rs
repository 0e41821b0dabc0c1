//! A loopy game typed into the explorer (`{0|pass}`, `on + off`,
//! `a:{0|{a|*}}`): the short-game parser refuses it, and instead of that
//! error the page shows what the core knows of it (`cgt::loopy`): the game
//! read, who wins with each player moving first (draws included), whether
//! it is a stopper and then its simplest form. Pure, tested natively.

use cgt::loopy::LoopyGame;

/// Positions up to which the simplest form is computed on the page's
/// thread (a round compares every pair of positions).
pub const SIMPLEST_MAX_POSITIONS: usize = 150;

/// Most positions a loopy game typed on the page may have (the work of
/// minimising grows with their square).
pub const PAGE_MAX_POSITIONS: usize = 2_000;

/// What the explorer shows of a loopy game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyReport {
    pub game: String,
    pub positions: usize,
    pub outcome: String,
    pub stopper: bool,
    /// The simplest form: `Ok` for a stopper small enough, `Err` why not.
    pub simplest: Result<String, String>,
}

/// The report of `text` when it is a loopy game with a cycle (a short
/// game's text goes to the explorer's own analysis, and its errors stay
/// the explorer's); `None` otherwise.
pub fn loopy_report(text: &str) -> Option<LoopyReport> {
    let g = is_loopy(text)?;
    let stopper = g.is_stopper();
    let simplest = if !stopper {
        Err("not a stopper: from some position play can alternate for ever, so it has no simplest form here (onsides and offsides are not built yet)"
            .to_string())
    } else if g.len() > SIMPLEST_MAX_POSITIONS {
        Err(format!("{} positions: the simplest form is computed here for at most {SIMPLEST_MAX_POSITIONS} (the command line goes to 1,000)", g.len()))
    } else {
        g.simplest().map(|s| s.to_string()).map_err(|e| e.to_string())
    };
    Some(LoopyReport { game: g.to_string(), positions: g.len(), outcome: g.outcome().to_string(), stopper, simplest })
}

/// `text` read as a loopy game with a cycle, within the page's limit.
pub fn is_loopy(text: &str) -> Option<LoopyGame> {
    cgt::loopy::notation::parse_with(text, PAGE_MAX_POSITIONS).ok().filter(|g| !g.is_short())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopy_texts_get_a_report_and_short_ones_do_not() {
        let r = loopy_report("{0|pass}").unwrap();
        assert_eq!((r.game.as_str(), r.stopper, r.simplest.as_deref()), ("over", true, Ok("over")));
        assert_eq!(r.outcome, "Left wins whoever starts");
        let r = loopy_report("on + off").unwrap();
        assert_eq!((r.game.as_str(), r.stopper), ("dud", false));
        assert_eq!(r.outcome, "a draw whoever starts");
        assert!(r.simplest.unwrap_err().contains("not a stopper"));
        let r = loopy_report("over + 3").unwrap();
        assert_eq!(r.simplest.as_deref(), Ok("{3|pass}"));
        // Short games and bad text are the explorer's own.
        assert_eq!(loopy_report("{1|-1}"), None);
        assert_eq!(loopy_report("{0|"), None);
        assert_eq!(loopy_report("pass"), None);
        // Past the page's limit: left to the command line.
        assert_eq!(loopy_report("on + 3000"), None);
    }
}
