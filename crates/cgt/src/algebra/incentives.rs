//! Incentives: what a move is worth to the mover.
//!
//! Left's incentive for the move to `G^L` is `G^L - G`, Right's for the move
//! to `G^R` is `G - G^R` (Winning Ways ch. 6, "incentives"; Siegel 2013,
//! II.5), both taken on the canonical form. A player prefers a larger
//! incentive, so a move whose incentive is below another's is dominated by
//! incentive; the rest are dominant. (In a sum, a player's options are the
//! components' options, and their incentives are the components'
//! incentives: which is why "move in the hottest component" is a heuristic
//! about incentives.)

use crate::canonical::{Canon, CanonId};
use crate::side::Side;

/// One move's incentive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incentive {
    /// The option moved to.
    pub option: CanonId,
    /// `G^L - G` (Left) or `G - G^R` (Right), canonical.
    pub incentive: CanonId,
    /// No other move of the same side has a strictly larger incentive.
    pub dominant: bool,
}

/// `side`'s incentives of the canonical form `g`, in the order of the
/// form's options.
pub fn incentives(canon: &mut Canon, g: CanonId, side: Side) -> Vec<Incentive> {
    let opts = canon.options_of(g, side);
    let values: Vec<CanonId> = opts
        .iter()
        .map(|&o| match side {
            Side::Left => canon.sub(o, g),
            Side::Right => canon.sub(g, o),
        })
        .collect();
    let mut out = Vec::with_capacity(opts.len());
    for (i, (&option, &incentive)) in opts.iter().zip(&values).enumerate() {
        let beaten = values.iter().enumerate().any(|(j, &b)| j != i && canon.le(incentive, b) && !canon.le(b, incentive));
        out.push(Incentive { option, incentive, dominant: !beaten });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::GameTree;

    fn canon_of(c: &mut Canon, s: &str) -> CanonId {
        let t: GameTree = s.parse().unwrap();
        c.from_tree(t.arena(), t.root()).unwrap()
    }

    #[test]
    fn switch_incentives_are_the_temperature_switch() {
        // 4 - {4|0} = 4 + {0|-4} = {4|0}, and {4|0} - 0 = {4|0}.
        let mut c = Canon::new();
        let g = canon_of(&mut c, "{4|0}");
        let l = incentives(&mut c, g, Side::Left);
        let r = incentives(&mut c, g, Side::Right);
        assert_eq!(c.name(l[0].incentive), "{4|0}");
        assert_eq!(c.name(r[0].incentive), "{4|0}");
        assert!(l[0].dominant && r[0].dominant);
    }
}
