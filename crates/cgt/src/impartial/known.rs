//! Published nim sequences, as data, each with its source: the first
//! values and, where one is known, the period and preperiod.
//!
//! Values are transcribed from the On-Line Encyclopedia of Integer
//! Sequences (OEIS), whose entries for octal games cite Winning Ways
//! (Berlekamp, Conway and Guy 1982, ch. 4), Guy and Smith (1956), Gangolli
//! and Plambeck (1989) and Flammenkamp's tables. OEIS entries of octal
//! games mostly start at `n = 1` ("offset 1"); [`KnownSequence::values`]
//! always starts at `G(0) = 0`. A preperiod here is the least `q` with
//! `G(n + p) = G(n)` for all `n >= q`: one more than the "last exception"
//! the OEIS states. The tests hold the engines to every row.

/// A rule's published values.
#[derive(Clone, Copy, Debug)]
pub struct KnownSequence {
    /// The rule, as `HeapRule` prints it.
    pub rule: &'static str,
    /// Its usual name ("" if none).
    pub name: &'static str,
    /// Where the values and the period are published.
    pub source: &'static str,
    /// `G(0), G(1), ...` as published (a prefix).
    pub values: &'static [u8],
    /// The period and preperiod, if known.
    pub period: Option<(u32, u32)>,
}

/// Every published sequence the lab knows.
pub const KNOWN: &[KnownSequence] = &[
    KnownSequence {
        rule: "0.77",
        name: "Kayles",
        source: "OEIS A002186 (Winning Ways ch. 4, p. 91; Guy and Smith 1956): periodic with period 12 from n = 71",
        values: &[
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4,
            1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1,
            2, 8, 1, 4, 7, 2, 1,
        ],
        period: Some((12, 71)),
    },
    KnownSequence {
        rule: "0.07",
        name: "Dawson's Kayles",
        source: "OEIS A002187, shifted by one as its comment says (Winning Ways ch. 4; Guy and Smith 1956): period 34, last exception at n = 52",
        values: &[
            0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4,
            4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
            4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        ],
        period: Some((34, 53)),
    },
    KnownSequence {
        rule: "0.137",
        name: "Dawson's Chess",
        source: "OEIS A002187 (Winning Ways ch. 4, pp. 89 and 102; Guy and Smith 1956): period 34, exceptions at n = 0, 14, 16, 17, 31, 34 and 51",
        values: &[
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4,
            5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
            5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        ],
        period: Some((34, 52)),
    },
    KnownSequence {
        rule: "grundy",
        name: "Grundy's game",
        source: "OEIS A002188 (Grundy 1939; Guy and Smith 1956, Table 4): no period known",
        values: &[
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4,
            1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2,
            3, 5, 2, 3, 5, 2, 3,
        ],
        period: None,
    },
    KnownSequence {
        rule: "0.16",
        name: "",
        source: "OEIS A071430 (Winning Ways ch. 4, p. 102; Gangolli and Plambeck 1989): period 149459, last exception at n = 105350",
        values: &[
            0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4, 2, 1, 4, 0, 1, 4, 2, 1, 4, 2, 1, 0, 2, 1, 4, 2, 1, 4, 5, 1, 4, 2, 1, 4, 2, 1, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2,
            3, 4, 2, 3, 4, 2, 1, 4, 2, 3, 3, 2, 5, 4, 2, 5, 4, 2, 3, 1, 2, 5, 4, 2, 3, 4, 2, 5, 4, 2, 3, 3, 2, 5, 4, 2, 5, 3, 2, 5, 3, 2, 1, 4, 2, 5, 3, 2, 5,
            4, 2, 5, 3, 2,
        ],
        period: Some((149_459, 105_351)),
    },
    KnownSequence {
        rule: "0.127",
        name: "",
        source: "OEIS A071464 (Gangolli and Plambeck 1989): period 4, last exception at n = 46577",
        values: &[
            0, 1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1, 2, 7, 8, 1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4,
            6, 2, 1, 8, 9, 0, 1, 6, 2, 2, 7, 0, 1, 8, 3, 2, 1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4,
        ],
        period: Some((4, 46_578)),
    },
    KnownSequence {
        rule: "0.177",
        name: "",
        source: "OEIS A071435 (Winning Ways ch. 4, p. 102): period 20, last exception at n = 496",
        values: &[
            0, 1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4, 1, 1, 2, 2, 7, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 8, 2, 7, 4, 4, 1, 1, 2, 2, 7, 8, 1, 4,
            4, 7, 2, 2, 1, 1, 4, 4, 2, 7, 7, 4, 1, 1, 2, 2, 7, 7, 1, 1, 4, 7, 2, 2, 1, 1, 4, 4, 6, 2, 7, 4, 1, 1, 2, 2, 8, 8, 5, 1, 4, 7, 2, 2, 1, 1, 8, 8, 6,
            7, 7, 4, 1, 1,
        ],
        period: Some((20, 497)),
    },
    KnownSequence {
        rule: "0.11377",
        name: "",
        source: "OEIS A071452 (Winning Ways ch. 4, p. 104): period 32, last exception at n = 186",
        values: &[
            0, 1, 1, 1, 2, 2, 2, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 2, 2, 2, 6, 6, 4, 4, 4, 1, 1, 1, 2, 2, 2, 7, 7, 1, 1, 1, 4, 4, 4, 3, 3,
            2, 2, 2, 1, 1, 1, 4, 4, 8, 6, 2, 7, 7, 4, 4, 4, 1, 1, 1, 2, 2, 2, 8, 8, 8, 5, 1, 4, 4, 4, 7, 7, 2, 2, 2, 1, 1, 1, 8, 8, 8, 6, 2, 7, 7, 4, 4, 4, 1,
            1, 1, 2, 2, 2, 3, 8, 1,
        ],
        period: Some((32, 187)),
    },
    KnownSequence {
        rule: "0.176",
        name: "",
        source: "OEIS A125920 (Winning Ways ch. 4, p. 104): period 8, last exception at n = 23",
        values: &[
            0, 1, 1, 0, 2, 2, 3, 4, 4, 1, 1, 6, 2, 2, 3, 4, 4, 1, 1, 6, 6, 3, 3, 2, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4,
            1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1, 1, 6, 6, 3, 3, 4, 4, 1,
            1, 6, 6, 3, 3, 4,
        ],
        period: Some((8, 24)),
    },
    KnownSequence {
        rule: "0.115",
        name: "",
        source: "OEIS A125829 (Winning Ways ch. 4, p. 104): period 14, the only exception at n = 0",
        values: &[
            0, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 0, 1, 1,
            1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2,
            2,
        ],
        period: Some((14, 1)),
    },
    KnownSequence {
        rule: "0.1777",
        name: "",
        source: "OEIS A071509 (after Flammenkamp's tables): period 60620715, last exception at n = 160949017",
        values: &[
            0, 1, 1, 2, 2, 3, 4, 1, 1, 6, 6, 3, 2, 2, 1, 1, 6, 6, 8, 4, 4, 5, 10, 1, 1, 8, 3, 3, 4, 4, 7, 6, 6, 8, 8, 4, 1, 1, 6, 7, 8, 4, 4, 5, 10, 8, 1, 1,
            15, 5, 4, 4, 7, 6, 6, 1, 1, 4, 3, 3, 6, 1, 1, 4, 4, 3, 8, 8, 1, 1, 10, 14, 8, 4, 13, 6, 6, 1, 1, 8, 3, 3, 13, 1, 1, 6,
        ],
        period: Some((60_620_715, 160_949_018)),
    },
];

/// Grundy's game: every heap up to 231 whose value is rare (the parity of
/// the bits of `G(n)` above the lowest is even), with its value, as
/// Flammenkamp's table of the known rare values lists them (1,287 are
/// known in all).
pub const GRUNDY_RARE: &[(u32, u8)] = &[
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 1),
    (4, 0),
    (6, 1),
    (7, 0),
    (9, 1),
    (10, 0),
    (12, 1),
    (15, 1),
    (20, 0),
    (23, 0),
    (26, 0),
    (28, 1),
    (31, 1),
    (34, 1),
    (37, 1),
    (40, 1),
    (43, 1),
    (46, 1),
    (49, 1),
    (50, 0),
    (52, 1),
    (53, 0),
    (55, 1),
    (58, 1),
    (61, 1),
    (87, 7),
    (90, 7),
    (93, 7),
    (146, 6),
    (149, 6),
    (152, 6),
    (158, 11),
    (161, 11),
    (164, 11),
    (167, 11),
    (176, 7),
    (179, 7),
    (181, 12),
    (182, 7),
    (185, 7),
    (188, 7),
    (190, 12),
    (193, 12),
    (196, 10),
    (231, 10),
];

/// The published sequence of a rule (by its printed form), if any.
pub fn known(rule: &str) -> Option<&'static KnownSequence> {
    KNOWN.iter().find(|k| k.rule == rule)
}
