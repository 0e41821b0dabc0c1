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
use std::ops::{Add, Div, Mul, Neg, Sub};
use std::str::FromStr;

/// An exact rational number of unbounded size.
///
/// Small values (numerator and denominator fit in `i64`, the overwhelming
/// majority in practice) live inline and use checked machine arithmetic;
/// anything larger falls back to `num_rational::BigRational`. The
/// representation is canonical (reduced, positive denominator, inline
/// whenever it fits), so derived equality and hashing are value equality.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Q(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    S(i64, i64),
    B(Box<BigRational>),
}

/// Binary (Stein's) gcd, for the native word sizes `Q`'s fast path uses.
macro_rules! binary_gcd {
    ($name:ident, $t:ty) => {
        fn $name(mut a: $t, mut b: $t) -> $t {
            if a == 0 {
                return b;
            }
            if b == 0 {
                return a;
            }
            let shift = (a | b).trailing_zeros();
            a >>= a.trailing_zeros();
            loop {
                b >>= b.trailing_zeros();
                if a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                b -= a;
                if b == 0 {
                    return a << shift;
                }
            }
        }
    };
}
binary_gcd!(gcd_u64, u64);
binary_gcd!(gcd_u128, u128);

impl Q {
    /// Reduce `n/d` (d != 0) computed in i128, inline if it fits.
    fn from_i128(n: i128, d: i128) -> Q {
        debug_assert!(d != 0);
        let (mut n, mut d) = if d < 0 { (-n, -d) } else { (n, d) };
        if let (Ok(a), Ok(b)) = (i64::try_from(n), i64::try_from(d)) {
            // Both fit in 64 bits (nearly always): reduce in native words.
            if b == 1 {
                return Q(Repr::S(a, 1));
            }
            if a == 0 {
                return Q(Repr::S(0, 1));
            }
            if b > 0 && b & (b - 1) == 0 {
                // Dyadic (thermographs are mostly): the gcd is a power of
                // two, so a shift instead of a gcd and two divisions.
                let tz = a.trailing_zeros().min(b.trailing_zeros());
                return Q(Repr::S(a >> tz, b >> tz));
            }
            if a > i64::MIN && b > 0 {
                let g = gcd_u64(a.unsigned_abs(), b as u64) as i64;
                return Q(Repr::S(a / g, b / g));
            }
        }
        if d != 1 {
            if (d as u128).is_power_of_two() {
                // Dyadic (the common case): the gcd is a power of two, a shift.
                let tz = if n == 0 { d.trailing_zeros() } else { n.trailing_zeros().min(d.trailing_zeros()) };
                n >>= tz;
                d >>= tz;
            } else {
                let g = gcd_u128(n.unsigned_abs(), d as u128) as i128;
                n /= g;
                d /= g;
            }
        }
        match (i64::try_from(n), i64::try_from(d)) {
            (Ok(a), Ok(b)) => Q(Repr::S(a, b)),
            _ => Q(Repr::B(Box::new(BigRational::new_raw(BigInt::from(n), BigInt::from(d))))),
        }
    }
    fn from_big(r: BigRational) -> Q {
        if let (Some(n), Some(d)) = (r.numer().to_i64(), r.denom().to_i64()) {
            Q(Repr::S(n, d))
        } else {
            Q(Repr::B(Box::new(r)))
        }
    }
    fn big(&self) -> std::borrow::Cow<'_, BigRational> {
        match &self.0 {
            Repr::S(n, d) => std::borrow::Cow::Owned(BigRational::new_raw(BigInt::from(*n), BigInt::from(*d))),
            Repr::B(b) => std::borrow::Cow::Borrowed(b),
        }
    }
    pub fn zero() -> Q {
        Q(Repr::S(0, 1))
    }
    pub fn one() -> Q {
        Q(Repr::S(1, 1))
    }
    pub fn from_int(n: i64) -> Q {
        Q(Repr::S(n, 1))
    }
    pub fn from_bigint(n: BigInt) -> Q {
        Q::from_big(BigRational::from_integer(n))
    }
    /// `num / den`; `None` when `den` is zero.
    pub fn ratio(num: BigInt, den: BigInt) -> Option<Q> {
        if den.is_zero() {
            None
        } else {
            Some(Q::from_big(BigRational::new(num, den)))
        }
    }
    pub fn frac(num: i64, den: i64) -> Q {
        assert!(den != 0, "zero denominator");
        Q::from_i128(num as i128, den as i128)
    }
    pub fn numer(&self) -> BigInt {
        match &self.0 {
            Repr::S(n, _) => BigInt::from(*n),
            Repr::B(b) => b.numer().clone(),
        }
    }
    pub fn denom(&self) -> BigInt {
        match &self.0 {
            Repr::S(_, d) => BigInt::from(*d),
            Repr::B(b) => b.denom().clone(),
        }
    }
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::S(0, _))
    }
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::S(_, d) => *d == 1,
            Repr::B(b) => b.is_integer(),
        }
    }
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::S(n, _) => *n < 0,
            Repr::B(b) => b.is_negative(),
        }
    }
    pub fn is_positive(&self) -> bool {
        match &self.0 {
            Repr::S(n, _) => *n > 0,
            Repr::B(b) => b.is_positive(),
        }
    }
    pub fn abs(&self) -> Q {
        if self.is_negative() {
            -self
        } else {
            self.clone()
        }
    }
    pub fn floor(&self) -> Q {
        match &self.0 {
            Repr::S(n, d) => Q::from_int(n.div_euclid(*d)),
            Repr::B(b) => Q::from_big(b.floor()),
        }
    }
    pub fn ceil(&self) -> Q {
        -(-self).floor()
    }
    /// Half of this number (exact).
    pub fn half(&self) -> Q {
        self * &Q::frac(1, 2)
    }
    /// `1 / self`; `None` for zero.
    pub fn recip(&self) -> Option<Q> {
        if self.is_zero() {
            return None;
        }
        Some(match &self.0 {
            Repr::S(n, d) => Q::from_i128(*d as i128, *n as i128),
            Repr::B(b) => Q::from_big(b.recip()),
        })
    }
    /// `self / o`; `None` when `o` is zero.
    pub fn checked_div(&self, o: &Q) -> Option<Q> {
        o.recip().map(|r| self * &r)
    }
    /// `Some(k)` when the number is `p / 2^k` in lowest terms (an integer has k = 0).
    pub fn dyadic_exponent(&self) -> Option<u64> {
        match &self.0 {
            Repr::S(_, d) => {
                if (*d as u64).is_power_of_two() {
                    Some(d.trailing_zeros() as u64)
                } else {
                    None
                }
            }
            Repr::B(b) => {
                let d = b.denom();
                let tz = d.trailing_zeros().unwrap_or(0);
                if (d >> tz as usize).is_one() {
                    Some(tz)
                } else {
                    None
                }
            }
        }
    }
    pub fn is_dyadic(&self) -> bool {
        self.dyadic_exponent().is_some()
    }
    /// `2^-k`.
    pub fn pow2_neg(k: u64) -> Q {
        if k < 62 {
            Q(Repr::S(1, 1i64 << k))
        } else {
            Q::from_big(BigRational::new_raw(BigInt::one(), BigInt::one() << k as usize))
        }
    }
    /// Lossy conversion, for drawing and statistics only.
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::S(n, d) => *n as f64 / *d as f64,
            Repr::B(b) => b.to_f64().unwrap_or_else(|| {
                // Enormous values: scale down through the bit lengths.
                let n = b.numer().bits() as i64;
                let d = b.denom().bits() as i64;
                let sign = if b.is_negative() { -1.0 } else { 1.0 };
                sign * 2f64.powi((n - d).clamp(-1100, 1100) as i32)
            }),
        }
    }
    /// A number close to `x` with a denominator of at most `2^k` (for turning a
    /// pointer position into an exact temperature).
    pub fn from_f64_dyadic(x: f64, k: u32) -> Q {
        let k = k.min(52);
        let scale = (1u64 << k) as f64;
        let n = (x * scale).round();
        let n = if n.is_finite() { n.clamp(-9.0e15, 9.0e15) as i64 } else { 0 };
        Q::frac(n, 1i64 << k)
    }
    pub fn max(a: &Q, b: &Q) -> Q {
        if a >= b {
            a.clone()
        } else {
            b.clone()
        }
    }
    pub fn min(a: &Q, b: &Q) -> Q {
        if a <= b {
            a.clone()
        } else {
            b.clone()
        }
    }
    /// Approximate size in bits (used by limits).
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::S(n, d) => (64 - n.unsigned_abs().leading_zeros() + 64 - (*d as u64).leading_zeros()) as u64,
            Repr::B(b) => b.numer().bits() + b.denom().bits(),
        }
    }
}

impl Default for Q {
    fn default() -> Q {
        Q::zero()
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Q {
    fn cmp(&self, o: &Q) -> Ordering {
        match (&self.0, &o.0) {
            (Repr::S(a, b), Repr::S(c, d)) => {
                if b == d {
                    a.cmp(c)
                } else {
                    (*a as i128 * *d as i128).cmp(&(*c as i128 * *b as i128))
                }
            }
            _ => self.big().as_ref().cmp(o.big().as_ref()),
        }
    }
}

fn add_q(x: &Q, y: &Q, sign: i128) -> Q {
    match (&x.0, &y.0) {
        (Repr::S(a, b), Repr::S(c, d)) => {
            if b == d {
                Q::from_i128(*a as i128 + sign * *c as i128, *b as i128)
            } else {
                let (b, d) = (*b as i128, *d as i128);
                // b, d < 2^63 so b*d < 2^126: no overflow in i128.
                Q::from_i128(*a as i128 * d + sign * *c as i128 * b, b * d)
            }
        }
        _ => Q::from_big(add_big(x.big().as_ref(), y.big().as_ref(), sign)),
    }
}

/// `x + sign * y` for big rationals. `Ratio`'s own addition reduces with a
/// binary gcd of the whole numerator and denominator, which takes time
/// quadratic in the numerator's length even when the denominator is 1 or
/// a small power of two (a 2,600-bit integer plus 1 took 60 µs, and
/// thermographs of games with huge numbers do that thousands of times).
/// Here one division brings the numerator down to the denominator's size
/// first, and an integer sum needs no gcd at all.
fn add_big(x: &BigRational, y: &BigRational, sign: i128) -> BigRational {
    let (a, b, c, d) = (x.numer(), x.denom(), y.numer(), y.denom());
    let combine = |p: BigInt, q: BigInt| if sign > 0 { p + q } else { p - q };
    if b == d {
        let n = combine(a.clone(), c.clone());
        if b.is_one() {
            return BigRational::from_integer(n);
        }
        return reduce_big(n, b.clone());
    }
    reduce_big(combine(a * d, c * b), b * d)
}

/// `n / den` in lowest terms, for a positive `den`: the gcd of `n mod den`
/// and `den` is the gcd of `n` and `den`, and costs the denominator's size.
fn reduce_big(n: BigInt, den: BigInt) -> BigRational {
    if den.is_one() {
        return BigRational::from_integer(n);
    }
    let g = (&n % &den).gcd(&den);
    if g.is_one() {
        BigRational::new_raw(n, den)
    } else {
        BigRational::new_raw(n / &g, den / &g)
    }
}

fn mul_q(x: &Q, y: &Q) -> Q {
    match (&x.0, &y.0) {
        (Repr::S(a, b), Repr::S(c, d)) => Q::from_i128(*a as i128 * *c as i128, *b as i128 * *d as i128),
        _ => Q::from_big(x.big().as_ref() * y.big().as_ref()),
    }
}

macro_rules! binop {
    ($tr:ident, $m:ident, $f:expr) => {
        impl $tr<&Q> for &Q {
            type Output = Q;
            fn $m(self, o: &Q) -> Q {
                $f(self, o)
            }
        }
        impl $tr<Q> for Q {
            type Output = Q;
            fn $m(self, o: Q) -> Q {
                $f(&self, &o)
            }
        }
        impl $tr<&Q> for Q {
            type Output = Q;
            fn $m(self, o: &Q) -> Q {
                $f(&self, o)
            }
        }
    };
}
binop!(Add, add, |x, y| add_q(x, y, 1));
binop!(Sub, sub, |x, y| add_q(x, y, -1));
binop!(Mul, mul, mul_q);

impl Div<&Q> for &Q {
    type Output = Q;
    /// Panics on division by zero, like integer division; use
    /// [`Q::checked_div`] where the divisor can be zero.
    fn div(self, o: &Q) -> Q {
        self.checked_div(o).expect("division by zero")
    }
}

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        -&self
    }
}
impl Neg for &Q {
    type Output = Q;
    fn neg(self) -> Q {
        match &self.0 {
            Repr::S(n, d) => match n.checked_neg() {
                Some(m) => Q(Repr::S(m, *d)),
                None => Q::from_i128(-(*n as i128), *d as i128),
            },
            Repr::B(b) => Q::from_big(-b.as_ref().clone()),
        }
    }
}

impl fmt::Display for Q {
    /// `7`, `-3/4`: the notation's number format (never a decimal).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::S(n, 1) => write!(f, "{n}"),
            Repr::S(n, d) => write!(f, "{n}/{d}"),
            Repr::B(b) if b.is_integer() => write!(f, "{}", b.numer()),
            Repr::B(b) => write!(f, "{}/{}", b.numer(), b.denom()),
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
            Q::from_big(BigRational::new(digits(a)?, d))
        } else if let Some((a, b)) = body.split_once('.') {
            let ip = if a.is_empty() { BigInt::zero() } else { digits(a)? };
            let fp = digits(b)?;
            let den = num_traits::pow(BigInt::from(10), b.len());
            Q::from_big(BigRational::new(ip * &den + fp, den))
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
    fn small_and_big_agree() {
        // Crossing the i64 boundary in both directions keeps values canonical.
        let m = Q::from_int(i64::MAX);
        let big = &m + &Q::one();
        assert_eq!(big.to_string(), "9223372036854775808");
        assert_eq!(&big - &Q::one(), m);
        assert_eq!(-Q::from_int(i64::MIN), &m + &Q::one());
        let x = Q::frac(3, 1 << 40);
        let y = &(&x * &x) * &(&x * &x);
        assert_eq!(&(&y / &x), &(&(&x * &x) * &x));
        assert!(Q::frac(1, 3) < Q::frac(1, 2));
        assert!(big > m && -&big < -&m);
        let h = |q: &Q| {
            use std::hash::{Hash, Hasher};
            let mut s = std::collections::hash_map::DefaultHasher::new();
            q.hash(&mut s);
            s.finish()
        };
        assert_eq!(h(&(&big - &Q::one())), h(&m));
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
