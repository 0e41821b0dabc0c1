//! Go's words for a hot game: gote, sente, reverse sente, double sente, the
//! count and the miai value, read off the thermograph.
//!
//! **The rule** (Berlekamp's thermography, in the words of Sensei's Library
//! and Bill Spight's miai counting). A move is *sente* when the opponent
//! must answer it, so the mover keeps the initiative; *gote* when the
//! opponent may play elsewhere. Whether the answer is needed depends on
//! what else there is to play, the *ambient temperature* τ. The walls of
//! the thermograph record it: the left wall at τ is Left's result when
//! Left starts here and both sides stop once the local play is cooler than
//! τ, each move taxed τ. Where the wall is vertical (slope 0), Left's move
//! there was answered (as many Right moves as Left moves: Left keeps sente);
//! where it leans (slope −1), Left made one move more (gote). The right wall
//! is the same for Right. So at ambient τ:
//!
//! - both walls lean: **gote**;
//! - only the left wall is vertical: **Left's sente**, and Right's move
//!   there is **reverse sente** (it takes Left's sente away);
//! - only the right wall: **Right's sente** (Left's move is reverse sente);
//! - both vertical: **double sente**;
//! - a number or an infinitesimal (temperature ≤ 0): **cold**.
//!
//! The walls meet at the game's temperature t, above which nobody plays
//! here. The kind a Go player names (Spight's "is the play sente or gote")
//! is the one just below t, the ambient at which the play becomes the
//! biggest on the board; [`GoWords::kind`] is that one, and
//! [`GoWords::by_ambient`] lists every range of cooler ambients where the
//! answer differs. Both walls cannot be vertical just below t (they would
//! then meet lower), so double sente is always relative to a cooler
//! ambient: `13|4||0|-11` (Müller's slides, "double sente") is a 7-point
//! gote when it is the biggest play, and double sente below τ = 9/2.
//!
//! The **count** is the mean, the **miai value** the temperature: a gote
//! of miai value t gains t for whoever plays it (the swing is 2t); a sente
//! of miai value t is the t the reverse sente gains (Spight's convention).
//!
//! Why the walls and not "is the follow-up hotter than τ": a move to a
//! position that is itself Right's sente (`{{9||8|0} | x}` for Left) is
//! answered by Right's sente, which Left must answer in turn, so Left ends
//! in gote although the follow-up is hot. The walls count the tempo; the
//! follow-up's temperature does not.

use crate::numbers::Q;
use crate::thermograph::{Thermograph, Wall};
use std::fmt;

/// The kind of play at one ambient temperature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sente {
    /// A number or an infinitesimal: nothing to gain by moving first.
    Cold,
    Gote,
    /// Left's move is sente (Right's there is reverse sente).
    LeftSente,
    /// Right's move is sente (Left's there is reverse sente).
    RightSente,
    DoubleSente,
}

impl Sente {
    /// Every kind, in the order of [`Sente::key`]'s list.
    pub const ALL: [Sente; 5] = [Sente::Cold, Sente::Gote, Sente::LeftSente, Sente::RightSente, Sente::DoubleSente];
    /// The word the CLI's JSON and the page's test hooks use.
    pub fn key(self) -> &'static str {
        match self {
            Sente::Cold => "cold",
            Sente::Gote => "gote",
            Sente::LeftSente => "left_sente",
            Sente::RightSente => "right_sente",
            Sente::DoubleSente => "double_sente",
        }
    }
    /// The kind as words, with the players' names (`["Left", "Right"]`, or
    /// `["Black", "White"]` on a Go board).
    pub fn words(self, players: [&str; 2]) -> String {
        let [l, r] = players;
        match self {
            Sente::Cold => "cold".to_string(),
            Sente::Gote => "gote".to_string(),
            Sente::LeftSente => format!("{l}'s sente ({r}'s move is reverse sente)"),
            Sente::RightSente => format!("{r}'s sente ({l}'s move is reverse sente)"),
            Sente::DoubleSente => "double sente".to_string(),
        }
    }
}

impl fmt::Display for Sente {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text after `--ambient` or in a test table was not a kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSente(pub String);

impl fmt::Display for UnknownSente {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys: Vec<&str> = Sente::ALL.iter().map(|k| k.key()).collect();
        write!(f, "{:?}: expected one of {}", self.0, keys.join(", "))
    }
}

impl std::error::Error for UnknownSente {}

impl std::str::FromStr for Sente {
    type Err = UnknownSente;
    fn from_str(s: &str) -> Result<Sente, UnknownSente> {
        Sente::ALL.into_iter().find(|k| k.key() == s).ok_or_else(|| UnknownSente(s.to_string()))
    }
}

/// One range of ambient temperatures `[from, to)` and the kind there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmbientRange {
    pub from: Q,
    pub to: Q,
    pub kind: Sente,
}

/// What a Go player would say about a game (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoWords {
    /// The kind just below the game's temperature.
    pub kind: Sente,
    /// The ambient that kind assumes: the game's temperature (`None` when
    /// cold).
    pub ambient: Option<Q>,
    /// The count (the mean).
    pub count: Q,
    /// The miai value (the temperature; 0 when cold).
    pub miai: Q,
    /// From ambient 0 up to the temperature, each range where the kind is
    /// constant (one range when it never changes; empty when cold).
    pub by_ambient: Vec<AmbientRange>,
    /// Cold at temperature 0 (an infinitesimal such as `*`: a dame), not
    /// a number.
    pub cold_zero: bool,
}

/// `q` to the nearest quarter, when its denominator is over 8 (a player
/// reads 1/2, 1/4 and 3/8 at sight, not 2047/2048); `None` otherwise.
fn approx(q: &Q) -> Option<Q> {
    if q.denom() <= 8.into() {
        return None;
    }
    let quarters = (q * &Q::from_int(4) + Q::frac(1, 2)).floor();
    Some(&quarters * &Q::frac(1, 4))
}

/// The slope of the piece of `w` just above `t`.
fn slope_above(w: &Wall, t: &Q) -> Q {
    let pts = w.points();
    let i = pts.partition_point(|p| &p.0 <= t);
    if i < pts.len() {
        let (t0, v0) = &pts[i.saturating_sub(1)];
        let (t1, v1) = &pts[i];
        if i == 0 {
            // Before the first point (t < -1): the first piece extended.
            return (v1 - v0).checked_div(&(t1 - t0)).unwrap_or_else(Q::zero);
        }
        (v1 - v0).checked_div(&(t1 - t0)).expect("breakpoints strictly increase")
    } else {
        Q::from_int(w.tail_slope() as i64)
    }
}

/// The kind at ambient `tau` (a vertical wall just above `tau` is sente for
/// that side). Cold for games whose temperature is at most 0, and at
/// ambients at or above the temperature (nobody plays here then).
pub fn at_ambient(th: &Thermograph, tau: &Q) -> Sente {
    let t = th.temperature();
    if th.is_number() || !t.is_positive() || tau >= t {
        return Sente::Cold;
    }
    let tau = if tau.is_negative() { Q::zero() } else { tau.clone() };
    let left = slope_above(th.left_wall(), &tau).is_zero();
    let right = slope_above(th.right_wall(), &tau).is_zero();
    match (left, right) {
        (false, false) => Sente::Gote,
        (true, false) => Sente::LeftSente,
        (false, true) => Sente::RightSente,
        (true, true) => Sente::DoubleSente,
    }
}

/// Go's words for the game with thermograph `th`.
pub fn classify(th: &Thermograph) -> GoWords {
    let t = th.temperature().clone();
    let count = th.mean().clone();
    if th.is_number() || !t.is_positive() {
        let cold_zero = !th.is_number() && t.is_zero();
        return GoWords { kind: Sente::Cold, ambient: None, count, miai: Q::zero(), by_ambient: Vec::new(), cold_zero };
    }
    // The kind is constant between consecutive breakpoints of the walls.
    let zero = Q::zero();
    let mut cuts: Vec<Q> = vec![zero.clone(), t.clone()];
    for w in [th.left_wall(), th.right_wall()] {
        cuts.extend(w.points().iter().map(|p| p.0.clone()).filter(|x| x > &zero && x < &t));
    }
    cuts.sort();
    cuts.dedup();
    let mut by_ambient: Vec<AmbientRange> = Vec::new();
    for pair in cuts.windows(2) {
        let kind = at_ambient(th, &pair[0]);
        match by_ambient.last_mut() {
            Some(last) if last.kind == kind => last.to = pair[1].clone(),
            _ => by_ambient.push(AmbientRange { from: pair[0].clone(), to: pair[1].clone(), kind }),
        }
    }
    let kind = by_ambient.last().map_or(Sente::Gote, |r| r.kind);
    GoWords { kind, ambient: Some(t.clone()), count, miai: t, by_ambient, cold_zero: false }
}

impl GoWords {
    /// The sentence the pages show, with the players' names: "a 2-point
    /// gote, count -5; Left's sente at an ambient below 1".
    pub fn phrase(&self, players: [&str; 2]) -> String {
        let [l, r] = players;
        let (m, c) = (&self.miai, &self.count);
        // `m` and `c` as texts: exact (`2047/2048`) or rough (`about 1`).
        let said = |m: &str, c: &str| match self.kind {
            // A temperature of 0 (`*`, `2*`, `^`): a move here takes the
            // last move and no point, as filling a dame does.
            Sente::Cold if self.cold_zero => format!("dame: no move here gains a point (count {c})"),
            Sente::Cold => format!("cold: no move here gains anything (count {c})"),
            Sente::Gote => match (m.strip_prefix("about "), m.strip_prefix("less than ")) {
                (Some(rough), _) => format!("about a {rough}-point gote, count {c}"),
                (_, Some(bound)) => format!("a gote of less than {bound} point, count {c}"),
                _ => format!("a {m}-point gote, count {c}"),
            },
            Sente::LeftSente => format!("{l}'s {m}-point sente, count {c} ({r}'s move is a {m}-point reverse sente)"),
            Sente::RightSente => format!("{r}'s {m}-point sente, count {c} ({l}'s move is a {m}-point reverse sente)"),
            Sente::DoubleSente => format!("double sente, count {c}, miai value {m}"),
        };
        // Fractions a player does not read at sight (2047/2048) get the
        // approximation first, to the nearest quarter point, then the
        // exact numbers.
        let mut s = match (approx(m), approx(c)) {
            (None, None) => said(&m.to_string(), &c.to_string()),
            (am, ac) => {
                // A move's size rounded to 0 is "less than 1/8" (a count
                // of about 0 is one).
                let rough = |a: Option<Q>, q: &Q, size: bool| match a {
                    None => q.to_string(),
                    Some(a) if size && a.is_zero() && !q.is_zero() => "less than 1/8".to_string(),
                    Some(a) => format!("about {a}"),
                };
                let exact = match self.kind {
                    Sente::Gote => said(&m.to_string(), &c.to_string()),
                    Sente::Cold => format!("count {c}"),
                    _ => format!("count {c}, miai value {m}"),
                };
                format!("{} (exactly {exact})", said(&rough(am, m, true), &rough(ac, c, false)))
            }
        };
        let cooler: Vec<String> = self
            .by_ambient
            .iter()
            .filter(|r| r.kind != self.kind)
            .map(|a| {
                let range = if a.from.is_zero() { format!("below {}", a.to) } else { format!("from {} to {}", a.from, a.to) };
                let what = match a.kind {
                    Sente::LeftSente => format!("{l}'s sente"),
                    Sente::RightSente => format!("{r}'s sente"),
                    k => k.words(players),
                };
                format!("{what} {range}")
            })
            .collect();
        if !cooler.is_empty() {
            s.push_str(&format!("; at a cooler ambient: {}", cooler.join(", ")));
        }
        s
    }
}
