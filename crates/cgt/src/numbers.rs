//! Exact numbers: unbounded rationals ([`Q`]), dyadic recognition, the
//! simplest-number rule, and the ±∞ extension used by empty option sets.
//!
//! Every value the core reports (game values, walls, means, temperatures) is a
//! [`Q`]. There is no float anywhere in this module: overflow is impossible
//! because the representation is `num_rational::BigRational`.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};
use std::str::FromStr;

/// An exact rational number of unbounded size.
///
/// Wrapped in a newtype so the representation can change (for example a
/// small-integer fast path) without touching the rest of the core.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Q(BigRational);

impl Q {
    pub fn zero() -> Q {
        Q(BigRational::zero())
    }
    pub fn one() -> Q {
        Q(BigRational::one())
    }
    pub fn from_int(n: i64) -> Q {
        Q(BigRational::from_integer(BigInt::from(n)))
    }
    pub fn from_bigint(n: BigInt) -> Q {
        Q(BigRational::from_integer(n))
    }
    /// `num / den`; `None` when `den` is zero.
    pub fn ratio(num: BigInt, den: BigInt) -> Option<Q> {
        if den.is_zero() {
            None
        } else {
            Some(Q(BigRational::new(num, den)))
        }
    }
    pub fn frac(num: i64, den: i64) -> Q {
        Q::ratio(BigInt::from(num), BigInt::from(den)).expect("nonzero denominator")
    }
    pub fn numer(&self) -> &BigInt {
        self.0.numer()
    }
    pub fn denom(&self) -> &BigInt {
        self.0.denom()
    }
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
    pub fn is_integer(&self) -> bool {
        self.0.is_integer()
    }
    pub fn is_negative(&self) -> bool {
        self.0.is_negative()
    }
    pub fn is_positive(&self) -> bool {
        self.0.is_positive()
    }
    pub fn abs(&self) -> Q {
        Q(self.0.abs())
    }
    pub fn floor(&self) -> Q {
        Q(self.0.floor())
    }
    pub fn ceil(&self) -> Q {
        Q(self.0.ceil())
    }
    /// Half of this number (exact).
    pub fn half(&self) -> Q {
        Q(&self.0 / BigRational::from_integer(BigInt::from(2)))
    }
    /// `Some(k)` when the number is `p / 2^k` in lowest terms (an integer has k = 0).
    pub fn dyadic_exponent(&self) -> Option<u64> {
        let d = self.0.denom();
        let tz = d.trailing_zeros().unwrap_or(0);
        if (d >> tz as usize).is_one() {
            Some(tz)
        } else {
            None
        }
    }
    pub fn is_dyadic(&self) -> bool {
        self.dyadic_exponent().is_some()
    }
    /// `2^-k`.
    pub fn pow2_neg(k: u64) -> Q {
        Q(BigRational::new(BigInt::one(), BigInt::one() << k as usize))
    }
    /// Lossy conversion, for drawing and statistics only.
    pub fn to_f64(&self) -> f64 {
        self.0.to_f64().unwrap_or_else(|| {
            // Enormous values: scale down through the bit lengths.
            let n = self.0.numer().bits() as i64;
            let d = self.0.denom().bits() as i64;
            let sign = if self.is_negative() { -1.0 } else { 1.0 };
            sign * 2f64.powi((n - d).clamp(-1100, 1100) as i32)
        })
    }
    /// A number close to `x` with a denominator of at most `2^k` (for turning a
    /// pointer position into an exact temperature).
    pub fn from_f64_dyadic(x: f64, k: u32) -> Q {
        let scale = (1u64 << k) as f64;
        let n = (x * scale).round();
        let n = if n.is_finite() { n.clamp(-9.0e15, 9.0e15) as i64 } else { 0 };
        Q::ratio(BigInt::from(n), BigInt::one() << k as usize).expect("power of two")
    }
    pub fn max(a: &Q, b: &Q) -> Q {
        if a >= b { a.clone() } else { b.clone() }
    }
    pub fn min(a: &Q, b: &Q) -> Q {
        if a <= b { a.clone() } else { b.clone() }
    }
    /// Approximate size in bits (used by limits).
    pub fn bits(&self) -> u64 {
        self.0.numer().bits() + self.0.denom().bits()
    }
}

macro_rules! binop {
    ($tr:ident, $m:ident) => {
        impl $tr<&Q> for &Q {
            type Output = Q;
            fn $m(self, o: &Q) -> Q {
                Q((&self.0).$m(&o.0))
            }
        }
        impl $tr<Q> for Q {
            type Output = Q;
            fn $m(self, o: Q) -> Q {
                Q(self.0.$m(o.0))
            }
        }
        impl $tr<&Q> for Q {
            type Output = Q;
            fn $m(self, o: &Q) -> Q {
                Q(self.0.$m(&o.0))
            }
        }
    };
}
binop!(Add, add);
binop!(Sub, sub);
binop!(Mul, mul);

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q(-self.0)
    }
}
impl Neg for &Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q(-&self.0)
    }
}

impl fmt::Display for Q {
    /// `7`, `-3/4`: the notation's number format (never a decimal).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_integer() {
            write!(f, "{}", self.0.numer())
        } else {
            write!(f, "{}/{}", self.0.numer(), self.0.denom())
        }
    }
}
impl fmt::Debug for Q {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a number could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    Empty,
    BadDigits(String),
    ZeroDenominator,
}
impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::Empty => write!(f, "expected a number"),
            NumberError::BadDigits(s) => write!(f, "'{s}' is not a number (expected digits, a/b or a decimal)"),
            NumberError::ZeroDenominator => write!(f, "zero denominator"),
        }
    }
}
impl std::error::Error for NumberError {}

impl FromStr for Q {
    type Err = NumberError;
    /// Integers, `a/b`, and decimals (`1.5` = 3/2), with an optional sign.
    fn from_str(s: &str) -> Result<Q, NumberError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(NumberError::Empty);
        }
        let (neg, body) = match s.as_bytes()[0] {
            b'-' => (true, &s[1..]),
            b'+' => (false, &s[1..]),
            _ => (false, s),
        };
        let digits = |t: &str| -> Result<BigInt, NumberError> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(NumberError::BadDigits(s.to_string()));
            }
            BigInt::from_str(t).map_err(|_| NumberError::BadDigits(s.to_string()))
        };
        let q = if let Some((a, b)) = body.split_once('/') {
            let d = digits(b)?;
            if d.is_zero() {
                return Err(NumberError::ZeroDenominator);
            }
            Q(BigRational::new(digits(a)?, d))
        } else if let Some((a, b)) = body.split_once('.') {
            let ip = if a.is_empty() { BigInt::zero() } else { digits(a)? };
            let fp = digits(b)?;
            let den = num_traits::pow(BigInt::from(10), b.len());
            Q(BigRational::new(ip * &den + fp, den))
        } else {
            Q::from_bigint(digits(body)?)
        };
        Ok(if neg { -q } else { q })
    }
}

/// A rational extended by ±∞: the value of an empty scaffold.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExtQ {
    NegInf,
    Finite(Q),
    PosInf,
}

impl ExtQ {
    pub fn finite(&self) -> Option<&Q> {
        match self {
            ExtQ::Finite(q) => Some(q),
            _ => None,
        }
    }
}
impl PartialOrd for ExtQ {
    fn partial_cmp(&self, o: &ExtQ) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for ExtQ {
    fn cmp(&self, o: &ExtQ) -> Ordering {
        use ExtQ::*;
        match (self, o) {
            (NegInf, NegInf) | (PosInf, PosInf) => Ordering::Equal,
            (NegInf, _) | (_, PosInf) => Ordering::Less,
            (_, NegInf) | (PosInf, _) => Ordering::Greater,
            (Finite(a), Finite(b)) => a.cmp(b),
        }
    }
}
impl fmt::Display for ExtQ {
    /// `INF` / `-INF` as in the CLI contract.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtQ::NegInf => write!(f, "-INF"),
            ExtQ::PosInf => write!(f, "INF"),
            ExtQ::Finite(q) => write!(f, "{q}"),
        }
    }
}

/// The simplest number in the closed interval `[lo, hi]` (`lo <= hi`; either end
/// may be infinite): 0 if it lies inside, else the integer closest to 0, else
/// the dyadic with the smallest denominator. When `lo == hi` is not dyadic the
/// answer is that number itself.
pub fn simplest_in(lo: &ExtQ, hi: &ExtQ) -> Q {
    debug_assert!(lo <= hi);
    let zero = ExtQ::Finite(Q::zero());
    if lo <= &zero && &zero <= hi {
        return Q::zero();
    }
    if hi < &zero {
        // Mirror the interval to the positive side.
        let nlo = neg_ext(hi);
        let nhi = neg_ext(lo);
        return -simplest_in(&nlo, &nhi);
    }
    // Here 0 < lo, and lo is finite.
    let lo = lo.finite().expect("lo > 0 is finite");
    let c = lo.ceil();
    if ExtQ::Finite(c.clone()) <= *hi {
        return c;
    }
    let hi = hi.finite().expect("hi < ceil(lo) is finite");
    if lo == hi && !lo.is_dyadic() {
        return lo.clone();
    }
    // Both ends lie strictly between two consecutive integers: search by
    // denominator 2^k. Terminates because hi - lo > 0 or lo is dyadic.
    let mut k: u64 = 1;
    loop {
        let scale = Q::from_bigint(BigInt::one() << k as usize);
        let m = (lo * &scale).ceil();
        let cand = &m * &Q::pow2_neg(k);
        if &cand <= hi {
            return cand;
        }
        k += 1;
    }
}

fn neg_ext(x: &ExtQ) -> ExtQ {
    match x {
        ExtQ::NegInf => ExtQ::PosInf,
        ExtQ::PosInf => ExtQ::NegInf,
        ExtQ::Finite(q) => ExtQ::Finite(-q),
    }
}

/// Greatest common divisor helper re-exported for the printer.
pub fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    a.gcd(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    fn q(s: &str) -> Q {
        s.parse().unwrap()
    }
    fn f(s: &str) -> ExtQ {
        ExtQ::Finite(q(s))
    }
    #[test]
    fn parse_forms() {
        assert_eq!(q("1.5"), Q::frac(3, 2));
        assert_eq!(q("-0.25"), Q::frac(-1, 4));
        assert_eq!(q("6/4").to_string(), "3/2");
        assert!("1/0".parse::<Q>().is_err());
        assert!("x".parse::<Q>().is_err());
        let big = q("123456789012345678901234567890");
        assert_eq!((&big + &big).to_string(), "246913578024691357802469135780");
    }
    #[test]
    fn dyadic() {
        assert_eq!(q("5/8").dyadic_exponent(), Some(3));
        assert_eq!(q("3").dyadic_exponent(), Some(0));
        assert_eq!(q("1/3").dyadic_exponent(), None);
    }
    #[test]
    fn simplest() {
        assert_eq!(simplest_in(&f("-4"), &f("2")), q("0"));
        assert_eq!(simplest_in(&f("4"), &f("13/2")), q("4"));
        assert_eq!(simplest_in(&f("5/4"), &f("3/2")), q("3/2"));
        assert_eq!(simplest_in(&f("1/3"), &f("2/5")), q("3/8"));
        assert_eq!(simplest_in(&ExtQ::NegInf, &f("-1/2")), q("-1"));
        assert_eq!(simplest_in(&ExtQ::NegInf, &f("-1")), q("-1"));
        assert_eq!(simplest_in(&f("1/2"), &ExtQ::PosInf), q("1"));
        assert_eq!(simplest_in(&f("-7/2"), &f("-13/4")), q("-7/2"));
    }
}
