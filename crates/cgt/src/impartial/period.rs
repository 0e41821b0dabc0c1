//! Periods of nim sequences: found in the computed values, and proven by
//! the Guy-Smith periodicity theorem.
//!
//! **Observed.** A sequence is *periodic* with period `p` and preperiod `q`
//! when `G(n + p) = G(n)` for every `n >= q`, and *arithmetic-periodic*
//! with saltus `s > 0` when `G(n + p) = G(n) + s` for every `n >= q`
//! (Winning Ways ch. 4; Siegel 2013, ch. IV.2). In a finite table the
//! preperiod of `p` is the least `q` for which that holds up to the end of
//! the table; [`observed`] reports the least `p` whose periodic part (from
//! `q` to the end) holds at least two whole periods and at least
//! [`MIN_CHECKS`] equalities, so a short coincidence is not taken for a
//! period.
//!
//! **Proven.** Guy and Smith (1956) showed that a finite octal game whose
//! last nonzero code digit is `d_k` is periodic for ever once enough values
//! repeat. The exact bound implemented here, for a code whose moves leave
//! at most `h` heaps (`h = 2` for octal codes, 3 with hexadecimal digits 8
//! to F, 1 for subtraction games), with `q' = max(q, 1)`:
//!
//! > if `G(n + p) = G(n)` for all `n` with `q <= n < h*q' + (h-1)*p + k`,
//! > then `G(n + p) = G(n)` for all `n >= q`.
//!
//! Proof (induction on `n` past the bound, as in Siegel 2013, ch. IV):
//! a move from `n + p` removing `j <= k` tokens leaves heaps
//! summing to `n + p - j >= h*(q' + p)`, so the largest, `b`, has
//! `b - p >= q' >= 1`, and `G(b) = G(b - p)` by induction: the same move
//! with `b - p` in place of `b` is a move from `n` of the same value.
//! Conversely a move from `n` leaves a largest heap `b >= q`, and `b + p`
//! in its place is a move from `n + p`. A single heap `n - j >= q` is
//! matched the same way, and no move removes a whole heap, as `n > k`. So
//! the two option sets have the same values. For `h = 2` this is the
//! theorem's usual `2q + p + k` (with `q' = 1` when `q = 0`, which keeps a
//! heap of `b - p = 0` out of the pairing); CGSuite's checker asks two
//! values more. The theorem needs the heaps left to be free (a `!` code,
//! like Grundy's game, is never proven) and the code finite.
//!
//! Kayles (`0.77`): `p = 12`, `q = 71`, `k = 2`, so the bound is
//! `2*71 + 12 + 2 = 156` and `G(0..=167)` prove the period. Dawson's
//! Kayles (`0.07`): `p = 34`, `q = 53`, bound 142, `G(0..=175)`.

/// The least number of equalities `G(n + p) = G(n) + s` a periodic part
/// must show before [`observed`] reports it.
pub const MIN_CHECKS: usize = 24;

/// A period, its preperiod, and the saltus (0 for an ordinary period).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    pub period: usize,
    pub preperiod: usize,
    pub saltus: u32,
}

/// The least `q` with `values[n + p] = values[n] + saltus` for every `n`
/// from `q` to the end of the table (`values.len() - p` when even the last
/// one differs). `p` must be at least 1 and below `values.len()`.
pub fn preperiod(values: &[u32], p: usize, saltus: u32) -> usize {
    let len = values.len();
    if p == 0 || p >= len {
        return len.saturating_sub(p);
    }
    let s = u64::from(saltus);
    let mut n = len - p;
    while n > 0 && u64::from(values[n - 1 + p]) == u64::from(values[n - 1]) + s {
        n -= 1;
    }
    n
}

/// The least period (with `arithmetic`: the least period with a positive
/// saltus) that the table shows, with its preperiod (see the module docs).
pub fn observed(values: &[u32], arithmetic: bool) -> Option<Periodicity> {
    let len = values.len();
    let mut p = 1;
    // The periodic part needs 2p values and MIN_CHECKS + p of them.
    while 2 * p <= len && p + MIN_CHECKS <= len {
        let saltus = if arithmetic {
            match values[len - 1].checked_sub(values[len - 1 - p]) {
                Some(s) if s > 0 => s,
                _ => {
                    p += 1;
                    continue;
                }
            }
        } else {
            0
        };
        let q = preperiod(values, p, saltus);
        let tail = len - q;
        if tail >= 2 * p && tail - p >= MIN_CHECKS {
            return Some(Periodicity { period: p, preperiod: q, saltus });
        }
        p += 1;
    }
    None
}

/// The end of the range the Guy-Smith theorem asks to check: with `h`
/// heaps at most left by a move and last nonzero digit `d_k`, a period `p`
/// with preperiod `q` is proven once `G(n + p) = G(n)` for all
/// `q <= n < h*max(q, 1) + (h - 1)*p + k` (module docs).
pub fn guy_smith_bound(heaps: u32, last_digit: usize, period: usize, preperiod: usize) -> usize {
    let h = heaps.max(1) as usize;
    h.saturating_mul(preperiod.max(1)).saturating_add((h - 1).saturating_mul(period)).saturating_add(last_digit)
}

/// How many values (`G(0)` to `G(len - 1)`) prove `per` by the theorem.
pub fn values_needed(heaps: u32, last_digit: usize, per: &Periodicity) -> usize {
    guy_smith_bound(heaps, last_digit, per.period, per.preperiod).saturating_add(per.period)
}

/// The ordinary period the table proves by the Guy-Smith theorem, for a
/// finite code without `!` whose moves leave at most `heaps` heaps and
/// whose last nonzero digit is `d_last_digit`: the least `p` whose
/// preperiod `q` leaves the whole window of the theorem inside the table
/// (then `p` is the least period of the infinite sequence: every period
/// is a multiple of it, and a multiple needs a longer window). `Err`
/// carries the least period the table shows (as [`observed`]) with the
/// number of values that would prove it, if there is one.
pub fn prove(values: &[u32], heaps: u32, last_digit: usize) -> Result<Periodicity, Option<(Periodicity, usize)>> {
    let len = values.len();
    for p in 1..len {
        let q = preperiod(values, p, 0);
        let per = Periodicity { period: p, preperiod: q, saltus: 0 };
        let need = values_needed(heaps, last_digit, &per);
        // `preperiod` checked G(n + p) = G(n) for q <= n < len - p, which
        // holds the window [q, need - p) when need <= len.
        if need <= len {
            return Ok(per);
        }
        let tail = len - q;
        if tail >= 2 * p && tail - p >= MIN_CHECKS {
            return Err(Some((per, need)));
        }
    }
    Err(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preperiods() {
        let v = [5, 0, 1, 2, 0, 1, 2, 0, 1, 2];
        assert_eq!(preperiod(&v, 3, 0), 1);
        assert_eq!(preperiod(&v, 1, 0), 9);
        let nim: Vec<u32> = (0..40).collect();
        assert_eq!(preperiod(&nim, 1, 1), 0);
        assert_eq!(observed(&nim, false), None);
        assert_eq!(observed(&nim, true), Some(Periodicity { period: 1, preperiod: 0, saltus: 1 }));
    }

    #[test]
    fn bounds() {
        assert_eq!(guy_smith_bound(2, 2, 12, 71), 156);
        assert_eq!(guy_smith_bound(2, 2, 34, 53), 142);
        assert_eq!(guy_smith_bound(1, 4, 7, 0), 5);
        assert_eq!(guy_smith_bound(3, 1, 5, 2), 17);
    }
}
