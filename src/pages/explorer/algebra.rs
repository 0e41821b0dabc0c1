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
const MAX_NAME: u64 = 4_000;

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
    /// Cooled by 1, and overheated from 1* by 1* (or why not).
    pub chilled: Result<String, String>,
    pub warmed: Result<String, String>,
    /// Thermal dissociation: `m + ∫^(t) δ + ...` (or why not).
    pub dissociation: Result<String, String>,
}

/// `1/2 + ∫^(3/2) *`: a dissociation as text.
pub fn dissociation_text(canon: &mut Canon, d: &cgt::algebra::thermal::Dissociation) -> String {
    let mut s = d.mean.to_string();
    for (t, p) in &d.particles {
        let t = if t.is_integer() && !t.is_negative() { t.to_string() } else { format!("({t})") };
        let p = name(canon, *p);
        let p = if p.contains(' ') && !p.starts_with('{') { format!("({p})") } else { p };
        s.push_str(&format!(" + ∫^{t} {p}"));
    }
    s
}

/// Forms of at most this size (subforms plus moves:
/// [`cgt::algebra::size_within`]) get their card on the page's thread (well
/// under a frame natively); larger ones in the worker, where a difference
/// of two forms (an incentive) or warming may take seconds. By subforms
/// alone `*74` (75 of them) passed and blocked the page for 15 s
/// (issue 43's hostile links).
pub const MAIN_THREAD_SIZE: usize = 300;

/// Forms with at most this many subforms can be cooled as the slider moves.
pub const COOL_MAX_FORMS: usize = 3_000;

/// Separators inside one field of a worker message (names have none).
const ROW: char = '\u{1f}';
const CELL: char = '\u{1e}';

impl AlgebraReadout {
    /// Tab-separated, for the worker's answer.
    pub fn encode(&self) -> String {
        let rows = |v: &[MoveRow]| {
            v.iter()
                .map(|r| [r.option.as_str(), r.incentive.as_str(), if r.dominant { "1" } else { "0" }, r.orthodox.as_str()].join(&CELL.to_string()))
                .collect::<Vec<_>>()
                .join(&ROW.to_string())
        };
        let res = |r: &Result<String, String>| match r {
            Ok(v) => format!("ok{CELL}{v}"),
            Err(e) => format!("no{CELL}{}", e.replace(['\t', CELL, ROW], " ")),
        };
        let crit = self.critical.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(&ROW.to_string());
        [
            self.reduced.clone(),
            u8::from(self.reduced_differs).to_string(),
            rows(&self.left),
            rows(&self.right),
            res(&self.atomic_weight),
            self.temperature.to_string(),
            crit,
            res(&self.chilled),
            res(&self.warmed),
            res(&self.dissociation),
        ]
        .join("\t")
    }
    pub fn decode(f: &[&str]) -> Option<AlgebraReadout> {
        let [reduced, differs, left, right, aw, temp, crit, chilled, warmed, dissociation] = f else { return None };
        let rows = |s: &str| -> Option<Vec<MoveRow>> {
            if s.is_empty() {
                return Some(vec![]);
            }
            s.split(ROW)
                .map(|r| {
                    let c: Vec<&str> = r.split(CELL).collect();
                    let [o, i, d, orth] = c.as_slice() else { return None };
                    Some(MoveRow { option: o.to_string(), incentive: i.to_string(), dominant: *d == "1", orthodox: orth.to_string() })
                })
                .collect()
        };
        let res = |s: &str| -> Option<Result<String, String>> {
            let (tag, v) = s.split_once(CELL)?;
            Some(if tag == "ok" { Ok(v.to_string()) } else { Err(v.to_string()) })
        };
        let critical = if crit.is_empty() { vec![] } else { crit.split(ROW).map(|t| t.parse().ok()).collect::<Option<Vec<Q>>>()? };
        Some(AlgebraReadout {
            reduced: reduced.to_string(),
            reduced_differs: *differs == "1",
            left: rows(left)?,
            right: rows(right)?,
            atomic_weight: res(aw)?,
            temperature: temp.parse().ok()?,
            critical,
            chilled: res(chilled)?,
            warmed: res(warmed)?,
            dissociation: res(dissociation)?,
        })
    }
}

/// Closed intervals as text.
fn intervals(at: &[(Q, Q)]) -> String {
    if at.is_empty() {
        return "never".into();
    }
    at.iter().map(|(a, b)| if a == b { format!("t = {a}") } else { format!("{a} ≤ t ≤ {b}") }).collect::<Vec<_>>().join(", ")
}

fn rows(canon: &mut Canon, alg: &mut Algebra, g: CanonId, side: Side) -> Result<Vec<MoveRow>, AlgebraError> {
    let inc = incentives(canon, g, side);
    let orth = alg.orthodox(canon, g, side)?;
    let mut out = Vec::with_capacity(inc.len());
    for i in inc {
        let orthodox = orth.iter().find(|o| o.option == i.option).map(|o| intervals(&o.at)).unwrap_or_else(|| "—".into());
        out.push(MoveRow { option: name(canon, i.option), incentive: name(canon, i.incentive), dominant: i.dominant, orthodox });
    }
    // The store's order of options depends on what it computed before (the
    // page's and the worker's differ): by name, the same everywhere.
    out.sort_by(|a, b| (a.option.len(), &a.option).cmp(&(b.option.len(), &b.option)));
    Ok(out)
}

/// The card of the canonical form `g`.
pub fn readout_of(canon: &mut Canon, alg: &mut Algebra, g: CanonId) -> Result<AlgebraReadout, String> {
    let go = |canon: &mut Canon, alg: &mut Algebra| -> Result<AlgebraReadout, AlgebraError> {
        // Each answer within its budget of work (a five-part sum's
        // dissociation would run for minutes): past it, the card says so.
        let w = cgt::algebra::ANSWER_WORK;
        let r = alg.within_work(canon, w, |alg, canon| alg.reduced(canon, g))?;
        let atomic_weight = match alg.within_work(canon, w, |alg, canon| alg.atomic_weight(canon, g)) {
            Ok(w) => Ok(name(canon, w)),
            Err(AlgebraError::NoAtomicWeight { reason }) => Err(reason),
            Err(e @ AlgebraError::TooMuchWork { .. }) => Err(e.to_string()),
            Err(e) => return Err(e),
        };
        let chilled = alg.within_work(canon, w, |alg, canon| alg.chill(canon, g)).map(|c| name(canon, c)).map_err(|e| e.to_string());
        let warmed = alg.within_work(canon, w, |alg, canon| alg.warm(canon, g)).map(|c| name(canon, c)).map_err(|e| e.to_string());
        let dw = cgt::algebra::dissociation_work(canon, g);
        let dissociation = alg
            .within_work(canon, dw, |alg, canon| Ok(alg.dissociation_or_why(canon, g)))
            .unwrap_or_else(|e| Err(e.to_string()))
            .map(|d| dissociation_text(canon, &d));
        Ok(AlgebraReadout {
            reduced: name(canon, r),
            reduced_differs: r != g,
            left: alg.within_work(canon, cgt::algebra::CARD_MOVES_WORK, |alg, canon| rows(canon, alg, g, Side::Left))?,
            right: alg.within_work(canon, cgt::algebra::CARD_MOVES_WORK, |alg, canon| rows(canon, alg, g, Side::Right))?,
            atomic_weight,
            temperature: alg.temperature(canon, g)?,
            critical: alg.critical_temperatures(canon, g)?,
            chilled,
            warmed,
            dissociation,
        })
    };
    go(canon, alg).map_err(|e| e.to_string())
}

/// The card for node `id`: `None` without a canonical form, an error
/// when a bound was hit.
pub fn algebra(e: &Explored, id: GameId) -> Option<Result<AlgebraReadout, String>> {
    e.with_form(id, readout_of)
}

/// The card of a game typed as text (the worker's job: the page sends the
/// canonical form's name).
pub fn algebra_of_text(text: &str) -> Result<AlgebraReadout, String> {
    // The page sends names up to 4 MB (a sum of 17 switches has a 1 MB name).
    let limits = cgt::notation::ParseLimits { max_len: 5 << 20, ..cgt::notation::ParseLimits::default() };
    let (ex, root) = cgt::notation::parse_expr(text, &limits).map_err(|e| e.to_string())?;
    let mut canon = Canon::new();
    let g = canon.from_exprs(&ex, root).map_err(|e| e.to_string())?;
    readout_of(&mut canon, &mut Algebra::default(), g)
}

/// How many distinct subforms node `id`'s canonical form has, if at most
/// `max` (`None`: more, or no canonical form).
pub fn subforms_within(e: &Explored, id: GameId, max: usize) -> Option<usize> {
    e.with_form(id, |canon, _, g| cgt::algebra::subforms_within(canon, g, max)).flatten()
}

/// Whether node `id`'s card is small enough for the page's thread
/// ([`MAIN_THREAD_SIZE`]).
pub fn small_for_page(e: &Explored, id: GameId) -> bool {
    e.with_form(id, |canon, _, g| cgt::algebra::size_within(canon, g, MAIN_THREAD_SIZE)).flatten().is_some()
}

/// The canonical form's name for the worker (`None` past `max` bytes).
pub fn canonical_name(e: &Explored, id: GameId, max: u64) -> Option<String> {
    e.with_form(id, |canon, _, g| canon.name_within(g, max)).flatten()
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
        let note = if t.is_zero() {
            "Not cooled: G cooled by 0 is G. Move the slider, or step to the next temperature where the thermograph bends.".to_string()
        } else if canon.as_number(g).is_some() && *t >= Q::zero() {
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

/// The cooling slider's next stop from `now` (`critical` hottest first):
/// the next hotter one (`up`) or the next colder; `None` past the last, so
/// the button is disabled there (at the freezing point, nothing is above).
pub fn next_critical(critical: &[Q], now: &Q, up: bool) -> Option<Q> {
    if up {
        critical.iter().rev().find(|c| *c > now).cloned()
    } else {
        critical.iter().find(|c| *c < now).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43 item 24: at the freezing point there is no stop above.
    #[test]
    fn the_cooling_stops_end_at_the_freezing_point() {
        let crit = vec![Q::from_int(3), Q::from_int(1), Q::zero()];
        assert_eq!(next_critical(&crit, &Q::zero(), true), Some(Q::from_int(1)));
        assert_eq!(next_critical(&crit, &Q::from_int(1), true), Some(Q::from_int(3)));
        assert_eq!(next_critical(&crit, &Q::from_int(3), true), None);
        assert_eq!(next_critical(&crit, &Q::from_int(3), false), Some(Q::from_int(1)));
        assert_eq!(next_critical(&crit, &Q::zero(), false), None);
        assert_eq!(next_critical(&crit, &Q::frac(-1, 2), true), Some(Q::zero()));
    }

    fn explored(text: &str) -> Explored {
        Explored::parse(text).expect("parses")
    }

    /// The hostile link `?g=*100+*37+*8+*9+*10` (= *74, 75 forms but
    /// 2,775 moves): its card took 11 s natively (warming), 15 s on the
    /// page's thread. It goes to the worker; small games stay here.
    #[test]
    fn a_nimber_of_many_moves_has_its_card_in_the_worker() {
        let e = explored("*100+*37+*8+*9+*10");
        assert!(!small_for_page(&e, e.root()));
        assert_eq!(subforms_within(&e, e.root(), 150), Some(75), "the old gate let it through");
        // Eight switches (156 forms, 394 in all: 68 ms natively) go too.
        let e = explored("+-2 + +-4 + +-6 + +-8 + +-10 + +-12 + +-14 + +-16");
        assert!(!small_for_page(&e, e.root()));
        for small in ["{1|-1}", "{{2|1}|-1}", "*3", "^*", "{4|2||0}", "{1/2|-2} + ±3/2"] {
            let e = explored(small);
            assert!(small_for_page(&e, e.root()), "{small}");
        }
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
        let e2 = explored("{2|-1}");
        assert_eq!(algebra(&e2, e2.root()).unwrap().unwrap().dissociation.as_deref(), Ok("1/2 + ∫^(3/2) *"));
        let e2 = explored("{3||2|0}");
        assert_eq!(algebra(&e2, e2.root()).unwrap().unwrap().dissociation.as_deref(), Ok("2 + ∫^1 ^"));

        let e = explored("{0||0|v*}");
        let a = algebra(&e, e.root()).unwrap().unwrap();
        assert_eq!(a.reduced, "0");
        assert!(a.reduced_differs);
        assert_eq!(a.atomic_weight, Ok("1".to_string()));
        assert_eq!(a.right.len(), 1);
        assert_eq!(a.right[0].incentive, "{0, ^*|0}");
    }

    #[test]
    fn the_worker_gives_the_same_card() {
        for g in ["{3, {6|0} | -3}", "{0||0|v*}", "{1|^^^||^}", "0", "5/2", "*4", "{3||2|0} + {5|-5}"] {
            let e = explored(g);
            let here = algebra(&e, e.root()).unwrap().unwrap();
            let text = canonical_name(&e, e.root(), 10_000).unwrap();
            let there = algebra_of_text(&text).unwrap();
            assert_eq!(there, here, "{g}");
            let f = here.encode();
            let fields: Vec<&str> = f.split('\t').collect();
            assert_eq!(AlgebraReadout::decode(&fields), Some(here), "{g}");
        }
        let e = explored("{4|0} + {2|0}");
        assert!(subforms_within(&e, e.root(), 100).unwrap() >= 3);
        assert_eq!(subforms_within(&e, e.root(), 2), None);
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
        let a = algebra(&e, e.root()).unwrap().unwrap();
        assert_eq!(a.chilled.as_deref(), Ok("{3|1}"));
        assert!(a.warmed.is_ok());
        let e = explored("1*");
        assert_eq!(algebra(&e, e.root()).unwrap().unwrap().warmed.as_deref(), Ok("{2|0}"));
        // A non-dyadic game has no canonical form: no card.
        let e = explored("{1/3|0}");
        assert!(algebra(&e, e.root()).is_none());
    }
}
