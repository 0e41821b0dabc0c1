//! Operations that move a game along the temperature scale: cooling,
//! chilling and warming, heating and overheating, and Norton's product.
//!
//! **Cooling** by `t > -1` (Conway, *On Numbers and Games*, ch. 9; Winning
//! Ways ch. 6; Siegel 2013, II.5): `G_t = {G^L_t - t | G^R_t + t}`, unless
//! `G` is already infinitesimally close to a number `x` at some `t' < t`, in
//! which case `G_t = x`. The least such `t'` is the temperature of `G`, and
//! `x` its mean, so past its temperature a game cools to its mean, and at
//! its temperature to its mean plus an infinitesimal (`(±1)_1 = *`). Numbers
//! have negative temperatures (`-1` for integers, `-1/2^k` for `m/2^k`), so
//! for `t >= 0` a number is not cooled; below zero an integer is not either,
//! while `1/2 = {0|1}` cools by `-1/2` to `{1/2|1/2} = 1/2*`: this is the
//! sub-zero thermography the explorer draws, and CGSuite's `Cool`. The stops
//! of `G_t` are then the thermograph's walls at `t`, and cooling is
//! additive, `(G + H)_t = G_t + H_t`, for every `t > -1` (both are property
//! tests). At `t = -1` the rule would be heating by 1, which is not
//! additive, so `t = -1` is refused as CGSuite refuses it.
//!
//! **Chilling** is cooling by 1 (Berlekamp and Wolfe, *Mathematical Go*,
//! ch. 2): a Go endgame's chilled value is what the "chilling gets the last
//! point" arguments add up.
//!
//! **Heating** by a game `t` (Winning Ways ch. 6, "heating"; Siegel 2013,
//! II.5): `∫^t G = G` for a number `G`, else
//! `{∫^t G^L + t | ∫^t G^R - t}`, on the canonical form (heating depends on
//! the form, not only the value; it is the inverse of cooling on games that
//! are "hot enough"). **Overheating** from `s` by `t` and **Norton's
//! product** `G.U` are in the same family: see [`Algebra::overheat`] and
//! [`Algebra::norton`] for their definitions.

use super::{map_forms, Algebra, AlgebraError};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;

/// `{L + t | R - t}`: the step heating and overheating share.
fn heated_node(canon: &mut Canon, l: &[CanonId], r: &[CanonId], t: CanonId) -> CanonId {
    let l: Vec<CanonId> = l.iter().map(|&a| canon.add(a, t)).collect();
    let r: Vec<CanonId> = r.iter().map(|&b| canon.sub(b, t)).collect();
    canon.options(&l, &r)
}

impl Algebra {
    /// `G_t`, cooling by the number `t > -1`.
    pub fn cool(&mut self, canon: &mut Canon, g: CanonId, t: &Q) -> Result<CanonId, AlgebraError> {
        if *t <= -Q::one() {
            return Err(AlgebraError::CoolBelowMinusOne { t: t.clone() });
        }
        if !t.is_dyadic() {
            // `G^L_t - t` must be a short game.
            return Err(AlgebraError::Canon(crate::canonical::CanonError::NotDyadic(t.clone())));
        }
        let max = self.max_forms;
        // The temperatures first (one walk), then the cooled forms.
        super::thermographs_into(&mut self.thermos, canon, g, max)?;
        let thermos = &mut self.thermos;
        let memo = self.cooled.entry(t.clone()).or_default();
        let tc = canon.num(t.clone())?;
        map_forms(
            canon,
            g,
            memo,
            max,
            |canon, x| {
                if canon.as_number(x).is_some_and(Q::is_integer) {
                    return Ok(Some(x));
                }
                super::thermographs_into(thermos, canon, x, max)?;
                let th = &thermos[&x];
                // Past its temperature a game has cooled to its mean.
                Ok(if t > th.temperature() { Some(canon.num(th.mean().clone())?) } else { None })
            },
            |canon, _, l, r| {
                let l: Vec<CanonId> = l.iter().map(|&a| canon.sub(a, tc)).collect();
                let r: Vec<CanonId> = r.iter().map(|&b| canon.add(b, tc)).collect();
                Ok(canon.options(&l, &r))
            },
        )
    }

    /// Chilling: cooling by 1.
    pub fn chill(&mut self, canon: &mut Canon, g: CanonId) -> Result<CanonId, AlgebraError> {
        self.cool(canon, g, &Q::one())
    }

    /// `∫^t G`, heating the canonical form of `G` by the game `t`.
    pub fn heat(&mut self, canon: &mut Canon, g: CanonId, t: CanonId) -> Result<CanonId, AlgebraError> {
        let max = self.max_forms;
        let memo = self.heated.entry(t).or_default();
        map_forms(canon, g, memo, max, |canon, x| Ok(canon.is_number(x).then_some(x)), |canon, _, l, r| Ok(heated_node(canon, l, r, t)))
    }
}

impl Algebra {
    /// `n.U` for an integer `n`: `n` copies of `U` (`-n` copies of `-U`),
    /// by doubling.
    fn copies(canon: &mut Canon, n: &Q, u: CanonId) -> CanonId {
        let (mut k, unit) = if n.is_negative() { (-n.numer(), canon.neg(u)) } else { (n.numer(), u) };
        let mut acc = canon.zero();
        let mut base = unit;
        let two = num_bigint::BigInt::from(2);
        while k > num_bigint::BigInt::from(0) {
            if &k % &two == num_bigint::BigInt::from(1) {
                acc = canon.add(acc, base);
            }
            k /= &two;
            if k > num_bigint::BigInt::from(0) {
                base = canon.add(base, base);
            }
        }
        acc
    }

    /// Refuses a unit that is not positive (Norton's product and
    /// overheating are additive only for `U > 0`).
    fn positive(canon: &mut Canon, u: CanonId, what: &'static str) -> Result<(), AlgebraError> {
        let zero = canon.zero();
        if canon.partial_cmp(u, zero) == Some(std::cmp::Ordering::Greater) {
            Ok(())
        } else {
            let found = canon.name_within(u, 200).unwrap_or_else(|| "(a long game)".into());
            Err(AlgebraError::NotPositive { what, found })
        }
    }

    /// Norton's product `G.U` by a positive `U` (Winning Ways ch. 8; Siegel
    /// 2013, II.7): `n` copies of `U` for an integer `G = n`, otherwise
    /// `{G^L.U + U + I | G^R.U - U - I}` with `I` over `U`'s incentives
    /// (the undominated ones, Left's and Right's together: smaller ones
    /// only add dominated options). `G.1 = G`, `2.^ = ^^`,
    /// `1/2.^ = {^^*|v*}`; `(G + H).U = G.U + H.U`.
    pub fn norton(&mut self, canon: &mut Canon, g: CanonId, u: CanonId) -> Result<CanonId, AlgebraError> {
        Self::positive(canon, u, "the unit of Norton's product")?;
        let mut incentives: Vec<CanonId> = Vec::new();
        for side in crate::side::Side::BOTH {
            for i in super::incentives::incentives(canon, u, side) {
                if !incentives.contains(&i.incentive) {
                    incentives.push(i.incentive);
                }
            }
        }
        // The undominated incentives of both sides together.
        let all = incentives.clone();
        incentives.retain(|&a| !all.iter().any(|&b| b != a && canon.le(a, b)));
        let shifts: Vec<CanonId> = incentives.iter().map(|&i| canon.add(u, i)).collect();
        let max = self.max_forms;
        let memo = self.norton.entry(u).or_default();
        map_forms(
            canon,
            g,
            memo,
            max,
            |canon, x| Ok(canon.as_number(x).filter(|q| q.is_integer()).cloned().map(|n| Self::copies(canon, &n, u))),
            |canon, _, l, r| {
                let mut lo = Vec::with_capacity(l.len() * shifts.len());
                let mut ro = Vec::with_capacity(r.len() * shifts.len());
                for &s in &shifts {
                    lo.extend(l.iter().map(|&a| canon.add(a, s)));
                    ro.extend(r.iter().map(|&b| canon.sub(b, s)));
                }
                Ok(canon.options(&lo, &ro))
            },
        )
    }

    /// Overheating `∫_s^t G` from `s > 0` by `t` (Berlekamp's, for
    /// Blockbusting; Winning Ways ch. 6): `n.s` (`n` copies of `s`) for an
    /// integer `G = n`, otherwise `{∫_s^t G^L + t | ∫_s^t G^R - t}`. Unlike
    /// heating, non-integer numbers are overheated too:
    /// `∫_1^1 1/2 = {1|0}` while `∫^1 1/2 = 1/2`.
    pub fn overheat(&mut self, canon: &mut Canon, g: CanonId, s: CanonId, t: CanonId) -> Result<CanonId, AlgebraError> {
        Self::positive(canon, s, "overheating's lower limit s")?;
        let max = self.max_forms;
        let memo = self.overheated.entry((s, t)).or_default();
        map_forms(
            canon,
            g,
            memo,
            max,
            |canon, x| Ok(canon.as_number(x).filter(|q| q.is_integer()).cloned().map(|n| Self::copies(canon, &n, s))),
            |canon, _, l, r| Ok(heated_node(canon, l, r, t)),
        )
    }

    /// Warming, the inverse of chilling on Go values (Berlekamp and Wolfe,
    /// *Mathematical Go*, ch. 3): overheating from `1*` by `1*`, so an even
    /// integer stays, an odd integer `n` becomes `n*`, and every other form
    /// is `{∫G^L + 1* | ∫G^R - 1*}`. `chill(warm(G)) = G` for every `G`;
    /// `warm(chill(G)) = G` for Go positions whose stops are even integers
    /// or odd integers with a star, such as `{2|0}` and `{4|2||0}` (the
    /// parity Mathematical Go's "even elementary" positions have). Where
    /// warming does not recover a chilled position (`{1|-1}` chills to `*`,
    /// which warms to `{1*|-1*}`), the two differ by a star.
    pub fn warm(&mut self, canon: &mut Canon, g: CanonId) -> Result<CanonId, AlgebraError> {
        let one_star = canon.from_nus(crate::canonical::Nus::new(Q::one(), 0, 1).expect("1 is dyadic"));
        self.overheat(canon, g, one_star, one_star)
    }
}
