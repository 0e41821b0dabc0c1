//! Atomic weight: how many ups an infinitesimal game is worth.
//!
//! `aw(G)` is the game `W` with `G ~ W.↑`, where `G ~ H` when
//! `o(G + X + *m) = o(H + X + *m)` for every `X` and every large enough `m`
//! (Winning Ways ch. 8, "It's a small, small, small, small world"; Albert,
//! Nowakowski and Wolfe, *Lessons in Play*, ch. 9; Siegel 2013, II.7). It
//! is computed by the *atomic weight calculus* (Norton's):
//!
//! - `x + ^n + *m` (with `x = 0`, as `G` is infinitesimal) has weight `n`;
//! - otherwise let `G0 = {aw(G^L) - 2 | aw(G^R) + 2}`; if `G0` is not an
//!   integer, `aw(G) = G0`;
//! - if `G0` is an integer, the *two-ahead rule* decides, by comparing `G`
//!   with a *remote star* `✶ = *N` (`N` larger than every nimber among
//!   `G`'s followers): if `G < ✶`, `aw(G)` is the least integer `n` with
//!   `n |> aw(G^L) - 2` for every Left option; if `G > ✶`, the greatest
//!   `n` with `n <| aw(G^R) + 2` for every Right option; otherwise `G0`.
//!   (So `aw({0|*}) = 1`: `G0 = {0 - 2 | 0 + 2} = 0`, but `{0|*} > *2`,
//!   and the greatest `n <| 2` is 1.)
//!
//! The calculus is exact for *all-small* games (every follower that is a
//! number is 0), and `aw(G + H) = aw(G) + aw(H)` there. A game that is not
//! infinitesimal has no atomic weight. For an infinitesimal game that is not
//! all-small the calculus may give a weight the game does not have; CGSuite
//! checks it, and so does this module, by its test: with `A` the
//! calculus's answer, `G - A.↑` must lie between `-ε` and `ε` for
//! `ε = ↑* + *P : -1` (a remote "red kite", `P` the least power of two at
//! least `max(2, N)`). `{1|^^^||^}` fails it (the calculus says `5/2`);
//! `{1|^^||^}` passes (weight 2).

use super::reduced::is_infinitesimal;
use super::{walk_followers, Algebra, AlgebraError, Visit};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use std::collections::HashMap;

impl Algebra {
    /// The atomic weight of `g`, or why it has none.
    pub fn atomic_weight(&mut self, canon: &mut Canon, g: CanonId) -> Result<CanonId, AlgebraError> {
        if let Some(r) = self.atomic.get(&g) {
            return r.clone();
        }
        let r = self.atomic_weight_uncached(canon, g);
        self.atomic.insert(g, r.clone());
        r
    }

    fn atomic_weight_uncached(&mut self, canon: &mut Canon, g: CanonId) -> Result<CanonId, AlgebraError> {
        if !is_infinitesimal(canon, g) {
            let (l, r) = canon.stops(g);
            return Err(AlgebraError::NoAtomicWeight {
                reason: format!("only infinitesimal games have one, and this game's stops are {l} and {r}, not both 0"),
            });
        }
        let naive = naive_weight(canon, g, self.max_forms)?;
        if is_all_small(canon, g, self.max_forms)? {
            return Ok(naive);
        }
        // Not all-small: the calculus's answer must pass the test.
        let up = canon.ups_star(1, 0);
        let weighted = self.norton(canon, naive, up)?;
        let d = canon.sub(g, weighted);
        let n = far_star(canon, g, self.max_forms)?;
        let p = (n.max(2)).next_power_of_two();
        let stars: Vec<CanonId> = (0..p).map(|k| canon.nimber(k)).collect();
        let mut right = stars.clone();
        right.push(canon.nimber(p));
        let kite = canon.options(&stars, &right);
        let up_star = canon.ups_star(1, 1);
        let eps = canon.add(up_star, kite);
        let neg_eps = canon.neg(eps);
        if canon.le(neg_eps, d) && canon.le(d, eps) {
            Ok(naive)
        } else {
            let w = canon.name_within(naive, 200).unwrap_or_else(|| "(a long game)".into());
            Err(AlgebraError::NoAtomicWeight {
                reason: format!("the game is infinitesimal but not all-small, and it is not atomic: the calculus gives {w}, but G - {w}.↑ is not within ↑* plus a remote kite of 0 (CGSuite's test)"),
            })
        }
    }
}

/// The atomic weight calculus (no check that the game is atomic).
fn naive_weight(canon: &mut Canon, g: CanonId, max: usize) -> Result<CanonId, AlgebraError> {
    let mut memo: HashMap<CanonId, CanonId> = HashMap::new();
    let two = canon.num(Q::from_int(2))?;
    super::map_forms(
        canon,
        g,
        &mut memo,
        max,
        |canon, x| {
            Ok(canon.as_nus(x).map(|v| {
                let ups = Q::from_int(v.ups());
                canon.num(ups).expect("an integer is dyadic")
            }))
        },
        |canon, x, l, r| {
            let lo: Vec<CanonId> = l.iter().map(|&a| canon.sub(a, two)).collect();
            let ro: Vec<CanonId> = r.iter().map(|&b| canon.add(b, two)).collect();
            let g0 = canon.options(&lo, &ro);
            if !canon.as_number(g0).is_some_and(Q::is_integer) {
                return Ok(g0);
            }
            // The two-ahead rule, against a remote star.
            let n = far_star(canon, x, usize::MAX)?;
            let star = canon.nimber(n);
            let (le, ge) = (canon.le(x, star), canon.le(star, x));
            Ok(if le && !ge {
                // The least integer n with n |> every aw(G^L) - 2.
                let mut best: Option<Q> = None;
                for &a in &lo {
                    let mut k = canon.stops(a).1.ceil();
                    let kc = canon.num(k.clone())?;
                    if canon.le(kc, a) {
                        k = &k + &Q::one();
                    }
                    if best.as_ref().is_none_or(|b| k > *b) {
                        best = Some(k);
                    }
                }
                canon.num(best.unwrap_or_else(Q::zero))?
            } else if ge && !le {
                // The greatest integer n with n <| every aw(G^R) + 2.
                let mut best: Option<Q> = None;
                for &b in &ro {
                    let mut k = canon.stops(b).0.floor();
                    let kc = canon.num(k.clone())?;
                    if canon.le(b, kc) {
                        k = &k - &Q::one();
                    }
                    if best.as_ref().is_none_or(|c| k < *c) {
                        best = Some(k);
                    }
                }
                canon.num(best.unwrap_or_else(Q::zero))?
            } else {
                g0
            })
        },
    )
}

/// `N`: one more than the largest `k` with `*k` among `g`'s followers
/// (itself included), at least 1.
fn far_star(canon: &mut Canon, g: CanonId, max: usize) -> Result<usize, AlgebraError> {
    let mut top: u64 = 0;
    walk_followers(canon, g, max, |canon, x| match canon.nimber_index(x) {
        // `*k`'s followers are the smaller nimbers.
        Some(k) => {
            top = top.max(k);
            Visit::Skip
        }
        None => Visit::Enter,
    })?;
    Ok(usize::try_from(top + 1).unwrap_or(usize::MAX))
}

/// Every follower that is a number is 0 (and a follower with a move for
/// one side has one for the other).
fn is_all_small(canon: &mut Canon, g: CanonId, max: usize) -> Result<bool, AlgebraError> {
    let w = walk_followers(canon, g, max, |canon, x| match canon.as_nus(x) {
        // x + ^m + *n (a number included) is all-small exactly when x = 0.
        Some(v) if !v.number().is_zero() => Visit::Stop,
        Some(_) => Visit::Skip,
        None => Visit::Enter,
    })?;
    Ok(!w.stopped)
}
