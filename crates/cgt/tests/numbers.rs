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
