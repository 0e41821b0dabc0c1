//! Published misère quotients, as data with their sources: the tests
//! compute each one and compare its order, presentation and P-portion.

/// One published quotient of the heaps `0..=max_heap` of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownQuotient {
    /// The rule as [`crate::impartial::HeapRule`] reads it.
    pub rule: &'static str,
    pub max_heap: usize,
    pub order: usize,
    /// The presentation as [`super::MisereQuotient`] prints it (generators
    /// named in the order their heaps appear), or empty when the source
    /// gives only the order.
    pub presentation: &'static str,
    /// The P-portion, or empty.
    pub p_portion: &'static str,
    /// Author, year and place.
    pub source: &'static str,
}

pub const KNOWN: &[KnownQuotient] = &[
    KnownQuotient {
        rule: "0.[3]",
        max_heap: 1,
        order: 2,
        presentation: "⟨a | a² = 1⟩",
        p_portion: "{a}",
        source: "Plambeck and Siegel (2008), Misère quotients for impartial games, section 2 (heaps of one: an odd number loses)",
    },
    KnownQuotient {
        rule: "0.[3]",
        max_heap: 3,
        order: 6,
        presentation: "⟨a, b | a² = 1, b³ = b⟩",
        p_portion: "{a, b²}",
        source: "Plambeck and Siegel (2008), Misère quotients for impartial games (the quotient T of misère Nim with heaps to 3; Bouton's rule)",
    },
    KnownQuotient {
        rule: "0.75",
        max_heap: 30,
        order: 8,
        presentation: "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩",
        p_portion: "{a, b²}",
        source: "Plambeck (2005), Taming the wild in impartial combinatorial games, INTEGERS 5 (the quotient of 0.75 of order 8)",
    },
];
