//! What the thermograph says about a game's parts and moves: thermal
//! dissociation, critical temperatures and orthodox moves.
//!
//! **Thermal dissociation** (Conway, *On Numbers and Games*, ch. 9; Winning
//! Ways ch. 6): every game is its mean plus infinitesimals heated by
//! decreasing temperatures, `G = m + ∫^{t1} δ1 + ∫^{t2} δ2 + ...`
//! ([`Algebra::dissociate`]).
//!
//! **Orthodox moves** (Berlekamp; Siegel 2013, II.5): at an ambient
//! temperature `t` between 0 and the game's temperature, Left's move to
//! `G^L` is orthodox when it reaches the thermograph's left wall, i.e. its
//! right wall at `t` is the largest among Left's options (Right's, the
//! smallest left wall). Orthodox play keeps the taxed stops; each option is
//! given with the temperatures at which it is orthodox, as closed
//! intervals.

use super::{Algebra, AlgebraError};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::side::Side;
use crate::thermograph::Wall;

/// `G = mean + Σ ∫^t particle` ([`Algebra::dissociate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dissociation {
    pub mean: Q,
    /// `(t, δ_t)` from the hottest down; each particle infinitesimal.
    pub particles: Vec<(Q, CanonId)>,
    /// The sum gives the game back (checked; false only if the peeling
    /// stopped at its cap of particles).
    pub exact: bool,
}

/// Most particles peeled off one game.
const MAX_PARTICLES: usize = 64;

/// Largest form (subforms) [`Algebra::dissociate`] takes, and largest
/// remainder its peeling works on.
pub const PEEL_MAX_FORMS: usize = 400;

/// A move with the temperatures at which it is orthodox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orthodox {
    pub option: CanonId,
    /// Closed intervals `[a, b]` of `t` in `[0, temperature]`.
    pub at: Vec<(Q, Q)>,
}

impl Algebra {
    /// The temperatures `t >= 0` where `g`'s walls bend, its own
    /// temperature and 0, from the hottest down (none for a number).
    pub fn critical_temperatures(&mut self, canon: &mut Canon, g: CanonId) -> Result<Vec<Q>, AlgebraError> {
        let th = self.thermograph(canon, g)?;
        let top = th.temperature().clone();
        let mut ts: Vec<Q> =
            th.left_wall().points().iter().chain(th.right_wall().points()).map(|p| p.0.clone()).filter(|t| !t.is_negative() && *t <= top).collect();
        if !top.is_negative() {
            // Temperature 0 always: what is left there is infinitesimal.
            ts.push(Q::zero());
            ts.push(top);
        }
        ts.sort();
        ts.dedup();
        ts.reverse();
        Ok(ts)
    }

    /// Thermal dissociation: `g` as its mean plus infinitesimals heated by
    /// decreasing temperatures, `G = m + ∫^{t1} δ1 + ∫^{t2} δ2 + ...`.
    ///
    /// First from the thermograph's corners: at each critical temperature
    /// `t` (hottest first), `δ_t = G_t - ∫^ε G_{t+ε}` with `ε` half way to
    /// the next corner up (at the top, `G_t - m`). That is cheap and gives
    /// the published particles, but where cooling drops an option that is
    /// never orthodox the particles need not be infinitesimal or add up;
    /// then the game is peeled from the top instead: at the temperature
    /// `t` of what is left `R`, `δ = R_t - m` is infinitesimal, and
    /// `R - ∫^t δ` is cooler (cooling it by `t` gives `m`, as cooling
    /// undoes heating). Peeling always works but its remainders can grow
    /// fast, so it stops past [`PEEL_MAX_FORMS`] subforms with
    /// [`AlgebraError::TooLarge`]. Whatever is returned is checked: the
    /// particles are infinitesimal, their temperatures decrease, and the
    /// sum is the game.
    pub fn dissociate(&mut self, canon: &mut Canon, g: CanonId) -> Result<Dissociation, AlgebraError> {
        let th = self.thermograph(canon, g)?;
        let mean = th.mean().clone();
        let m = canon.num(mean.clone())?;
        if canon.is_number(g) {
            return Ok(Dissociation { mean, particles: vec![], exact: true });
        }
        // Both ways cool and heat the whole form at every step (a sum of
        // 13 switches took 21 s): only forms up to the peeling's size.
        if super::subforms_within(canon, g, PEEL_MAX_FORMS).is_none() {
            return Err(AlgebraError::TooLarge { max: PEEL_MAX_FORMS });
        }
        if let Some(d) = self.dissociate_by_corners(canon, g, m)? {
            return Ok(Dissociation { mean, particles: d, exact: true });
        }
        let mut rest = g;
        let mut particles = Vec::new();
        while !canon.is_number(rest) && particles.len() < MAX_PARTICLES {
            if super::subforms_within(canon, rest, PEEL_MAX_FORMS).is_none() {
                return Err(AlgebraError::TooLarge { max: PEEL_MAX_FORMS });
            }
            let t = self.temperature(canon, rest)?;
            let at = self.cool(canon, rest, &t)?;
            let delta = canon.sub(at, m);
            let tc = canon.num(t.clone())?;
            let heated = self.heat(canon, delta, tc)?;
            rest = canon.sub(rest, heated);
            particles.push((t, delta));
        }
        Ok(Dissociation { mean, particles, exact: rest == m })
    }

    /// [`Algebra::dissociate`] for a reader: the dissociation when it adds
    /// up, else why none is shown (the same words on the page and in
    /// `cgt`).
    pub fn dissociation_or_why(&mut self, canon: &mut Canon, g: CanonId) -> Result<Dissociation, String> {
        match self.dissociate(canon, g) {
            Ok(d) if d.exact => Ok(d),
            Ok(d) => Err(format!("not found: {} particles peeled and the rest is not yet a number", d.particles.len())),
            Err(AlgebraError::TooLarge { max }) if super::subforms_within(canon, g, PEEL_MAX_FORMS).is_none() => {
                Err(format!("not computed: the form has more than {max} subforms (each step cools and heats all of it)"))
            }
            Err(AlgebraError::TooLarge { max }) => Err(format!(
                "not found within the budget: the thermograph's corners do not give infinitesimal particles here, and peeling them off one by one grows the rest past {max} subforms"
            )),
            Err(e) => Err(e.to_string()),
        }
    }

    /// The particles from the thermograph's corners, if they are
    /// infinitesimal and add up to `g` (else `None`).
    fn dissociate_by_corners(&mut self, canon: &mut Canon, g: CanonId, m: CanonId) -> Result<Option<Vec<(Q, CanonId)>>, AlgebraError> {
        let ts = self.critical_temperatures(canon, g)?;
        let mut particles = Vec::new();
        let mut sum = m;
        for (i, t) in ts.iter().enumerate() {
            let at = self.cool(canon, g, t)?;
            let above = if i == 0 {
                m
            } else {
                let eps = (&ts[i - 1] - t).half();
                let up = self.cool(canon, g, &(t + &eps))?;
                let e = canon.num(eps)?;
                self.heat(canon, up, e)?
            };
            let delta = canon.sub(at, above);
            if delta == canon.zero() {
                continue;
            }
            if !super::reduced::is_infinitesimal(canon, delta) {
                return Ok(None);
            }
            let tc = canon.num(t.clone())?;
            let heated = self.heat(canon, delta, tc)?;
            sum = canon.add(sum, heated);
            particles.push((t.clone(), delta));
        }
        Ok((sum == g).then_some(particles))
    }

    /// `side`'s options of `g` with the temperatures (between 0 and `g`'s
    /// temperature) at which each is orthodox. Empty for numbers.
    pub fn orthodox(&mut self, canon: &mut Canon, g: CanonId, side: Side) -> Result<Vec<Orthodox>, AlgebraError> {
        if canon.is_number(g) {
            return Ok(vec![]);
        }
        let top = self.temperature(canon, g)?;
        let opts = canon.options_of(g, side);
        // Left compares its options' right walls (larger is better);
        // Right its options' left walls, negated so larger is better too.
        let mut walls: Vec<Wall> = Vec::with_capacity(opts.len());
        for &o in &opts {
            let th = self.thermograph(canon, o)?;
            walls.push(match side {
                Side::Left => th.right_wall().clone(),
                Side::Right => th.left_wall().negate(),
            });
        }
        let zero = Q::zero();
        if top.is_negative() {
            return Ok(opts.into_iter().map(|option| Orthodox { option, at: vec![] }).collect());
        }
        // Between consecutive candidate points the walls are lines that do
        // not cross, so which is largest is decided at one point inside.
        let mut cand: Vec<Q> = vec![zero.clone(), top.clone()];
        for w in &walls {
            cand.extend(w.points().iter().map(|p| p.0.clone()).filter(|t| *t > zero && *t < top));
        }
        cand.sort();
        cand.dedup();
        let mut more = Vec::new();
        for i in 0..walls.len() {
            for j in i + 1..walls.len() {
                for k in 0..cand.len().saturating_sub(1) {
                    let (a, b) = (&cand[k], &cand[k + 1]);
                    let (da, db) = (&walls[i].eval(a) - &walls[j].eval(a), &walls[i].eval(b) - &walls[j].eval(b));
                    if (da.is_negative() && db.is_positive()) || (da.is_positive() && db.is_negative()) {
                        // The zero of a line between a and b.
                        let frac = da.checked_div(&(&da - &db)).expect("da != db");
                        more.push(a + &(&frac * &(b - a)));
                    }
                }
            }
        }
        cand.extend(more);
        cand.sort();
        cand.dedup();
        let best_at = |t: &Q| -> Vec<bool> {
            let vals: Vec<Q> = walls.iter().map(|w| w.eval(t)).collect();
            let m = vals.iter().max().cloned().unwrap_or_default();
            vals.iter().map(|v| *v == m).collect()
        };
        let mut out: Vec<Orthodox> = opts.iter().map(|&option| Orthodox { option, at: vec![] }).collect();
        // The points and the open pieces between them, in order. Where an
        // option is best inside a piece (no two walls cross there) it is
        // best at the piece's ends too (the walls are continuous), so every
        // run of probes where it is best starts and ends at a point: the
        // closed interval between them.
        let mut probes: Vec<Q> = Vec::new();
        for k in 0..cand.len() {
            probes.push(cand[k].clone());
            if k + 1 < cand.len() {
                probes.push((&cand[k] + &cand[k + 1]).half());
            }
        }
        let best: Vec<Vec<bool>> = probes.iter().map(best_at).collect();
        for (idx, o) in out.iter_mut().enumerate() {
            let mut run: Option<(Q, Q)> = None;
            for (p, b) in probes.iter().zip(&best) {
                if b[idx] {
                    run = Some(match run {
                        None => (p.clone(), p.clone()),
                        Some((s, _)) => (s, p.clone()),
                    });
                } else if let Some(iv) = run.take() {
                    o.at.push(iv);
                }
            }
            if let Some(iv) = run {
                o.at.push(iv);
            }
        }
        Ok(out)
    }
}
