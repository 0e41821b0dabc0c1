//! The explorer's algebra card, as data (pure, natively tested): the
//! reduced canonical form, each move's incentive and the temperatures at
//! which it is orthodox, the atomic weight (or why there is none), the game
//! cooled by a temperature with its thermograph, and the chilled and warmed
//! values for Go players. All from `cgt::algebra`, on the canonical form
//! of the game or subgame on display ([`Explored::with_form`]).

use super::model::Explored;
use cgt::algebra::incentives::incentives;
use cgt::algebra::{Algebra, AlgebraError};
use cgt::canonical::{Canon, CanonId};
use cgt::game::GameId;
use cgt::numbers::Q;
use cgt::side::Side;
use cgt::thermograph::Thermograph;

/// Longest name shown in the card (longer forms say their length).
const MAX_NAME: u64 = 400;

fn name(canon: &mut Canon, g: CanonId) -> String {
    canon.name_within(g, MAX_NAME).unwrap_or_else(|| format!("(a form of {} characters)", crate::slices::thousands(canon.name_len(g) as usize)))
}

/// One move: where it goes, its incentive, whether the incentive is
/// dominant, and when the move is orthodox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub option: String,
    pub incentive: String,
    pub dominant: bool,
    /// `0 ≤ t ≤ 1/2`, `t = 3`, `never` ...
    pub orthodox: String,
}

/// The algebra card's facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgebraReadout {
    pub reduced: String,
    /// Whether the reduced form differs from the canonical form.
    pub reduced_differs: bool,
    pub left: Vec<MoveRow>,
    pub right: Vec<MoveRow>,
    /// The weight, or why there is none.
    pub atomic_weight: Result<String, String>,
    pub temperature: Q,
    /// Where the thermograph bends, its temperature and 0 (hottest first):
    /// the cooling slider's stops.
    pub critical: Vec<Q>,
}

/// Closed intervals as text.
fn intervals(at: &[(Q, Q)]) -> String {
    if at.is_empty() {
        return "never".into();
    }
    at.iter()
        .map(|(a, b)| if a == b { format!("t = {a}") } else { format!("{a} ≤ t ≤ {b}") })
        .collect::<Vec<_>>()
        .join(", ")
}

fn rows(canon: &mut Canon, alg: &mut Algebra, g: CanonId, side: Side) -> Result<Vec<MoveRow>, AlgebraError> {
    let inc = incentives(canon, g, side);
    let orth = alg.orthodox(canon, g, side)?;
    let mut out = Vec::with_capacity(inc.len());
    for i in inc {
        let orthodox = orth.iter().find(|o| o.option == i.option).map(|o| intervals(&o.at)).unwrap_or_else(|| "—".into());
        out.push(MoveRow { option: name(canon, i.option), incentive: name(canon, i.incentive), dominant: i.dominant, orthodox });
    }
    Ok(out)
}

/// The card for node `id`: `None` without a canonical form, an error
/// when a bound was hit.
pub fn algebra(e: &Explored, id: GameId) -> Option<Result<AlgebraReadout, String>> {
    e.with_form(id, |canon, alg, g| {
        let go = |canon: &mut Canon, alg: &mut Algebra| -> Result<AlgebraReadout, AlgebraError> {
            let r = alg.reduced(canon, g)?;
            let atomic_weight = match alg.atomic_weight(canon, g) {
                Ok(w) => Ok(name(canon, w)),
                Err(AlgebraError::NoAtomicWeight { reason }) => Err(reason),
                Err(e) => return Err(e),
            };
            Ok(AlgebraReadout {
                reduced: name(canon, r),
                reduced_differs: r != g,
                left: rows(canon, alg, g, Side::Left)?,
                right: rows(canon, alg, g, Side::Right)?,
                atomic_weight,
                temperature: alg.temperature(canon, g)?,
                critical: alg.critical_temperatures(canon, g)?,
            })
        };
        go(canon, alg).map_err(|e| e.to_string())
    })
}

/// The game cooled by `t`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cooled {
    pub t: Q,
    pub name: String,
    pub thermograph: Thermograph,
    /// What happened, in a sentence (frozen, past the temperature ...).
    pub note: String,
}

/// `G_t` for node `id` (`None` without a canonical form).
pub fn cooled(e: &Explored, id: GameId, t: &Q) -> Option<Result<Cooled, String>> {
    e.with_form(id, |canon, alg, g| {
        let c = alg.cool(canon, g, t).map_err(|e| e.to_string())?;
        let th = alg.thermograph(canon, c).map_err(|e| e.to_string())?;
        let temp = alg.temperature(canon, g).map_err(|e| e.to_string())?;
        let note = if canon.as_number(g).is_some() && *t >= Q::zero() {
            "A number is not cooled.".to_string()
        } else if *t > temp {
            format!("Past its temperature {temp} the game has cooled to its mean.")
        } else if *t == temp {
            format!("At its temperature {temp} the game freezes: its mean plus an infinitesimal.")
        } else {
            format!("Every move is taxed {t}: above 0 the thermograph is G's above t = {t}, moved down by {t}; its stops are G's walls at t = {t}.")
        };
        Ok(Cooled { t: t.clone(), name: name(canon, c), thermograph: th, note })
    })
}

/// Chilled (cooled by 1) and warmed values of node `id`, as names to open.
pub fn chilled_and_warmed(e: &Explored, id: GameId) -> Option<(Result<String, String>, Result<String, String>)> {
    e.with_form(id, |canon, alg, g| {
        let chilled = alg.chill(canon, g).map(|c| name(canon, c)).map_err(|e| e.to_string());
        let warmed = alg.warm(canon, g).map(|c| name(canon, c)).map_err(|e| e.to_string());
        (chilled, warmed)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explored(text: &str) -> Explored {
        Explored::parse(text).expect("parses")
    }

    #[test]
    fn the_card_of_a_switch_and_of_an_infinitesimal() {
        let e = explored("{3, {6|0} | -3}");
        let a = algebra(&e, e.root()).unwrap().unwrap();
        assert_eq!(a.reduced, "{3, {6|0}|-3}");
        assert!(!a.reduced_differs);
        assert_eq!(a.temperature, Q::from_int(3));
        let by = |rows: &[MoveRow], o: &str| rows.iter().find(|r| r.option == o).cloned().unwrap();
        assert_eq!(by(&a.left, "3").orthodox, "0 ≤ t ≤ 3");
        assert_eq!(by(&a.left, "{6|0}").orthodox, "t = 3");
        assert_eq!(by(&a.right, "-3").orthodox, "0 ≤ t ≤ 3");
        assert!(a.atomic_weight.as_ref().unwrap_err().contains("infinitesimal"));

        let e = explored("{0||0|v*}");
        let a = algebra(&e, e.root()).unwrap().unwrap();
        assert_eq!(a.reduced, "0");
        assert!(a.reduced_differs);
        assert_eq!(a.atomic_weight, Ok("1".to_string()));
        assert_eq!(a.right.len(), 1);
        assert_eq!(a.right[0].incentive, "{0, ^*|0}");
    }

    #[test]
    fn cooling_chilling_and_warming() {
        let e = explored("{4|0}");
        let c = cooled(&e, e.root(), &Q::one()).unwrap().unwrap();
        assert_eq!(c.name, "{3|1}");
        assert_eq!(c.thermograph.temperature(), &Q::one());
        assert!(c.note.contains("taxed"));
        let c = cooled(&e, e.root(), &Q::from_int(2)).unwrap().unwrap();
        assert_eq!(c.name, "2*");
        assert!(c.note.contains("freezes"));
        assert!(cooled(&e, e.root(), &Q::from_int(3)).unwrap().unwrap().note.contains("mean"));
        let (chilled, warmed) = chilled_and_warmed(&e, e.root()).unwrap();
        assert_eq!(chilled.unwrap(), "{3|1}");
        assert!(warmed.is_ok());
        let e = explored("1*");
        assert_eq!(chilled_and_warmed(&e, e.root()).unwrap().1.unwrap(), "{2|0}");
        // A non-dyadic game has no canonical form: no card.
        let e = explored("{1/3|0}");
        assert!(algebra(&e, e.root()).is_none());
    }
}
