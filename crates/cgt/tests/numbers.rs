//! `Q`'s inline fast path against plain `BigRational` arithmetic, with
//! operands near the i64 boundary so both representations are exercised.

use cgt::numbers::Q;
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;

fn arb_i64() -> impl Strategy<Value = i64> {
    prop_oneof![
        -50i64..50,
        any::<i64>(),
        Just(i64::MAX),
        Just(i64::MIN),
        Just(i64::MIN + 1),
        (0u32..63).prop_map(|k| 1i64 << k),
        (0u32..63).prop_map(|k| -(1i64 << k)),
    ]
}

fn arb_q() -> impl Strategy<Value = (Q, BigRational)> {
    (arb_i64(), arb_i64().prop_filter("nonzero", |d| *d != 0), any::<bool>()).prop_map(|(n, d, big)| {
        let r = BigRational::new(BigInt::from(n), BigInt::from(d));
        // Sometimes push the value beyond i64 first, to test the big side.
        let r = if big { &r * BigRational::from_integer(BigInt::from(1u64 << 40)) } else { r };
        let q = Q::ratio(r.numer().clone(), r.denom().clone()).unwrap();
        (q, r)
    })
}

fn to_big(q: &Q) -> BigRational {
    BigRational::new(q.numer(), q.denom())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]
    #[test]
    fn arithmetic_agrees((a, ra) in arb_q(), (b, rb) in arb_q()) {
        prop_assert_eq!(to_big(&(&a + &b)), &ra + &rb);
        prop_assert_eq!(to_big(&(&a - &b)), &ra - &rb);
        prop_assert_eq!(to_big(&(&a * &b)), &ra * &rb);
        prop_assert_eq!(to_big(&-&a), -ra.clone());
        prop_assert_eq!(a.cmp(&b), ra.cmp(&rb));
        prop_assert_eq!(a == b, ra == rb);
        if let Some(d) = a.checked_div(&b) {
            prop_assert_eq!(to_big(&d), &ra / &rb);
        }
        prop_assert_eq!(to_big(&a.floor()), ra.floor());
        prop_assert_eq!(to_big(&a.ceil()), ra.ceil());
        prop_assert_eq!(a.to_string().parse::<Q>().unwrap(), a.clone());
        // Canonical: the same value always has the same representation.
        let round_trip = Q::ratio(ra.numer().clone(), ra.denom().clone()).unwrap();
        prop_assert_eq!(&round_trip, &a);
    }
}

/// Big numerators over denominators that share factors (powers of two,
/// small odd numbers, a big common factor): the cases where a sum must be
/// reduced, and where big integers meet small ones.
fn arb_big_q() -> impl Strategy<Value = (Q, BigRational)> {
    let words = proptest::collection::vec(any::<u32>(), 0..12);
    let den = prop_oneof![
        Just(BigInt::from(1)),
        (0u32..70).prop_map(|k| BigInt::from(1) << k),
        (1u64..1000, 0u32..20).prop_map(|(o, k)| BigInt::from(2 * o + 1) << k),
        proptest::collection::vec(any::<u32>(), 1..6).prop_map(|w| BigInt::from(num_bigint::BigUint::new(w)) * 3 + 3u32),
    ];
    (words, any::<bool>(), den).prop_map(|(w, neg, d)| {
        let n = BigInt::from(num_bigint::BigUint::new(w));
        let n = if neg { -n } else { n };
        let r = BigRational::new(n, d);
        (Q::ratio(r.numer().clone(), r.denom().clone()).unwrap(), r)
    })
}

/// The representation itself is in lowest terms with a positive denominator
/// (`to_big` would hide a sum left unreduced).
fn reduced(q: &Q) -> bool {
    use num_integer::Integer;
    q.denom() > BigInt::from(0) && q.numer().gcd(&q.denom()) == BigInt::from(1) || q.numer() == BigInt::from(0) && q.denom() == BigInt::from(1)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]
    #[test]
    fn big_sums_agree_and_are_reduced((a, ra) in arb_big_q(), (b, rb) in arb_big_q()) {
        let (s, d) = (&a + &b, &a - &b);
        prop_assert_eq!(to_big(&s), &ra + &rb);
        prop_assert_eq!(to_big(&d), &ra - &rb);
        prop_assert!(reduced(&s), "{} + {} = {}/{} is not in lowest terms", a, b, s.numer(), s.denom());
        prop_assert!(reduced(&d), "{} - {} = {}/{} is not in lowest terms", a, b, d.numer(), d.denom());
        // Equal values, equal representations (what `==` and hashing rely on).
        prop_assert_eq!(&(&s - &b), &a);
    }
}
