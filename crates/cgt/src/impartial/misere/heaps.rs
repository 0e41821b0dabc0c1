//! The misère canonical form of each heap of a take-and-break rule.
//!
//! A move on one heap leaves a few heaps (see [`HeapRule::options`]), and
//! the option is their misère sum; heap `m`'s form is the simplest form of
//! the game with those options (Winning Ways, Berlekamp, Conway and Guy
//! 1982, ch. 13; Siegel 2013, ch. V). Heaps are worked out in order, so a
//! heap's options only need the forms of smaller heaps: no recursion.

use super::{MId, MisereCanon, MisereError};
use crate::impartial::rules::HeapRule;

/// An upper bound on the number of moves of a heap of `n` (what listing
/// them costs), from the rule's digits: one move takes all, one leaves a
/// heap, `m/2` splits in two, `m²/12 + 1` in three, for each number taken.
fn moves_bound(rule: &HeapRule, n: usize) -> u64 {
    let code = rule.code();
    // A finite code's digits end; an infinite one's cost at least one unit
    // per number taken, so the budget stops it.
    let last = if code.is_finite() { code.last_nonzero().unwrap_or(0).min(n) } else { n };
    let mut total: u64 = 0;
    for k in 0..=last {
        let d = code.digit(k);
        if d.bits == 0 {
            continue;
        }
        let m = (n - k) as u64;
        let mut c = 2;
        if d.leaves_two() {
            c += m / 2 + 1;
        }
        if d.leaves_three() {
            c += m * m / 12 + 1;
        }
        total = total.saturating_add(c);
    }
    total
}

/// The misère canonical forms of heaps `0, 1, ..., n` of `rule`, in the
/// table `canon`, within its budget: every move of every heap is a unit of
/// work (checked before the moves are listed) and every sum its own.
pub fn heap_forms(rule: &HeapRule, n: usize, canon: &mut MisereCanon) -> Result<Vec<MId>, MisereError> {
    let mut forms: Vec<MId> = Vec::with_capacity(n.min(1 << 16) + 1);
    let mut options: Vec<MId> = Vec::new();
    for m in 0..=n {
        canon.spend(moves_bound(rule, m))?;
        options.clear();
        for (_, leave) in rule.options(m) {
            let mut acc = canon.zero();
            for &h in &leave {
                acc = canon.add(acc, forms[h])?;
            }
            options.push(acc);
        }
        let form = canon.from_options_checked(&options)?;
        forms.push(form);
    }
    Ok(forms)
}
