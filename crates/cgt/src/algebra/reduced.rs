//! The order modulo infinitesimals and the reduced canonical form.
//!
//! `G <=_Inf H` when `G <= H + x` for every positive number `x`; `G` and `H`
//! are *infinitesimally close* (`G ≡_Inf H`) when `G - H` is infinitesimal.
//! For short games both are questions about stops: `G <=_Inf H` exactly
//! when the Right stop of `H - G` is at least 0 (if `R(D) >= 0` then
//! `R(D + x) > 0`, so `D + x > 0`; if `R(D) < 0`, Right moving first wins
//! `D + x` for small `x`), and `D` is infinitesimal exactly when both its
//! stops are 0.
//!
//! The *reduced canonical form* (Grossman and Siegel 2009; Siegel 2013,
//! II.6) is the simplest game infinitesimally close to `G`: a number stays
//! itself; a game whose stops are equal (infinitesimally close to the number
//! `x`) becomes `x`; otherwise the options are reduced, then options that
//! are *Inf-dominated* (`G^L1 <=_Inf G^L2`) are removed and options that are
//! *Inf-reversible* (`G^L1R1 <=_Inf G`) are bypassed (replaced by
//! `G^L1R1`'s Left options), as the canonical form does with `<=`. Two games
//! are infinitesimally close exactly when their reduced forms are equal.

use super::{map_forms, Algebra, AlgebraError};
use crate::canonical::{Canon, CanonId};
use crate::side::Side;
use std::collections::HashSet;

/// `a <=_Inf b`: `a <= b + x` for every positive number `x`.
pub fn inf_le(canon: &mut Canon, a: CanonId, b: CanonId) -> bool {
    let d = canon.sub(b, a);
    let (_, right) = canon.stops(d);
    !right.is_negative()
}

/// `a - b` is infinitesimal (both stops 0).
pub fn inf_close(canon: &mut Canon, a: CanonId, b: CanonId) -> bool {
    let d = canon.sub(a, b);
    let (l, r) = canon.stops(d);
    l.is_zero() && r.is_zero()
}

/// Whether `g` is infinitesimal (both stops 0; numbers other than 0 are not).
pub fn is_infinitesimal(canon: &mut Canon, g: CanonId) -> bool {
    let (l, r) = canon.stops(g);
    l.is_zero() && r.is_zero()
}

impl Algebra {
    /// The reduced canonical form of `g`, by heating: `∫^* G` turns every
    /// infinitesimal part into a star-like one, and the *star projection*
    /// (`x* -> x` for numbers `x`, other forms option by option) drops
    /// them (Calistrate 1996; Grossman and Siegel 2009; how CGSuite
    /// computes it). Linear in the form, where [`Algebra::reduced_by_definition`]
    /// subtracts forms from each other; property tests hold the two equal.
    pub fn reduced(&mut self, canon: &mut Canon, g: CanonId) -> Result<CanonId, AlgebraError> {
        if canon.is_number(g) {
            return Ok(g);
        }
        let star = canon.nimber(1);
        let heated = self.heat(canon, g, star)?;
        let max = self.max_forms;
        map_forms(
            canon,
            heated,
            &mut self.reduced,
            max,
            |canon, x| {
                Ok(match canon.as_nus(x) {
                    // A number, or a number and a star: the number.
                    Some(v) if v.ups() == 0 && v.nim() <= 1 => Some(canon.num(v.number().clone())?),
                    _ => None,
                })
            },
            |canon, _, l, r| Ok(canon.options(l, r)),
        )
    }

    /// The reduced canonical form by its definition: options reduced, then
    /// Inf-dominated options removed and Inf-reversible ones bypassed (a
    /// check on [`Algebra::reduced`]; quadratic in the options, with a
    /// difference of forms per comparison).
    pub fn reduced_by_definition(&mut self, canon: &mut Canon, g: CanonId) -> Result<CanonId, AlgebraError> {
        let mut memo = std::collections::HashMap::new();
        self.reduced_definition_into(canon, g, &mut memo)
    }

    fn reduced_definition_into(
        &mut self,
        canon: &mut Canon,
        g: CanonId,
        memo: &mut std::collections::HashMap<CanonId, CanonId>,
    ) -> Result<CanonId, AlgebraError> {
        let max = self.max_forms;
        map_forms(
            canon,
            g,
            memo,
            max,
            |canon, x| {
                if canon.is_number(x) {
                    return Ok(Some(x));
                }
                let (l, r) = canon.stops(x);
                Ok(if l == r { Some(canon.num(l)?) } else { None })
            },
            |canon, x, l, r| Ok(reduce_options(canon, x, l.to_vec(), r.to_vec())),
        )
    }

    /// Whether `a` and `b` have the same reduced canonical form (the
    /// theorem's test, beside [`inf_close`]'s stops).
    pub fn same_reduced(&mut self, canon: &mut Canon, a: CanonId, b: CanonId) -> Result<bool, AlgebraError> {
        Ok(self.reduced(canon, a)? == self.reduced(canon, b)?)
    }
}

/// `{l | r}` (reduced options of `g`, which is not infinitesimally close to a
/// number) without Inf-dominated or Inf-reversible options.
fn reduce_options(canon: &mut Canon, g: CanonId, mut l: Vec<CanonId>, mut r: Vec<CanonId>) -> CanonId {
    loop {
        l = inf_undominated(canon, l, Side::Left);
        r = inf_undominated(canon, r, Side::Right);
        // Every candidate is infinitesimally close to `g`, so reversibility
        // may be tested against `g` itself.
        if let Some((i, repl)) = first_reversible(canon, g, &l, Side::Left) {
            l.remove(i);
            l.extend(repl);
            continue;
        }
        if let Some((i, repl)) = first_reversible(canon, g, &r, Side::Right) {
            r.remove(i);
            r.extend(repl);
            continue;
        }
        break;
    }
    // No option is dominated or reversible in the ordinary sense either (that
    // would be so modulo Inf too), so this keeps the options as they are.
    canon.options(&l, &r)
}

/// Keep the options no other option beats modulo Inf (of two options close
/// to each other, the first).
fn inf_undominated(canon: &mut Canon, mut v: Vec<CanonId>, side: Side) -> Vec<CanonId> {
    let mut seen = HashSet::new();
    v.retain(|c| seen.insert(*c));
    let better = |canon: &mut Canon, a: CanonId, b: CanonId| match side {
        Side::Left => inf_le(canon, a, b),
        Side::Right => inf_le(canon, b, a),
    };
    let mut keep: Vec<CanonId> = Vec::with_capacity(v.len());
    for i in 0..v.len() {
        let a = v[i];
        let mut dominated = false;
        for (j, &b) in v.iter().enumerate() {
            if j == i || !better(canon, a, b) {
                continue;
            }
            // `a <=_Inf b`: drop `a` unless they are close and `a` comes first.
            if !better(canon, b, a) || j < i {
                dominated = true;
                break;
            }
        }
        if !dominated {
            keep.push(a);
        }
    }
    keep
}

/// The first option of `side` that reverses modulo Inf through one of its
/// replies, with what replaces it.
fn first_reversible(canon: &mut Canon, g: CanonId, opts: &[CanonId], side: Side) -> Option<(usize, Vec<CanonId>)> {
    for (i, &a) in opts.iter().enumerate() {
        for reply in canon.options_of(a, side.other()) {
            let reverses = match side {
                Side::Left => inf_le(canon, reply, g),
                Side::Right => inf_le(canon, g, reply),
            };
            if reverses {
                return Some((i, canon.options_of(reply, side)));
            }
        }
    }
    None
}
