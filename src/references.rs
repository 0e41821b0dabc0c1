//! The works the lab cites, as data: every page, preset and lesson names
//! its source by a key of [`REFERENCES`] and a place in it ("Figure 7",
//! "ch. 5"), never by a file of the repository or a module name. The app
//! lists them in its References panel (each entry has an anchor
//! `ref-<key>`), and a citation reads "Kao et al. (2012), Figure 7".

/// A cited work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Short stable key (`kao2012`): the anchor and the key in the data.
    pub key: &'static str,
    /// Authors as cited in the text ("Kao et al."), and in full.
    pub short: &'static str,
    pub authors: &'static str,
    pub year: &'static str,
    pub title: &'static str,
    /// Journal, school, publisher or site.
    pub venue: &'static str,
    /// Where to find it, if it has a stable public address.
    pub url: Option<&'static str>,
    /// What the lab takes from it.
    pub used_for: &'static str,
}

/// A place in a cited work: the reference's key and the part ("Figure 7").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cite {
    pub key: &'static str,
    pub at: &'static str,
}

/// `Cite { key, at }` in a const context.
pub const fn cite(key: &'static str, at: &'static str) -> Cite {
    Cite { key, at }
}

pub const REFERENCES: &[Reference] = &[
    Reference {
        key: "kao2012",
        short: "Kao et al.",
        authors: "Kuo-Yuan Kao, I-Chen Wu, Yi-Chang Shan and Shi-Jim Yen",
        year: "2012",
        title: "Selection Search for Mean and Temperature of Multi-Branch Combinatorial Games",
        venue: "ICGA Journal 35(3)",
        url: None,
        used_for: "heap-go; MT-search (upper and lower walls, bounds of mean and temperature, branch ordering); the worked example of Figure 7; the random sums of Table 4",
    },
    Reference {
        key: "yedwab1985",
        short: "Yedwab",
        authors: "Laura J. Yedwab",
        year: "1985",
        title: "On Playing Well in a Sum of Games",
        venue: "M.S. thesis, Massachusetts Institute of Technology (MIT/LCS/TR-348)",
        url: None,
        used_for: "sums of games; the stops VL and VR; Hanner, second-temperature and thermostatic bounds; B* search guided by them; switches and coin stacks",
    },
    Reference {
        key: "koene2024",
        short: "Koene",
        authors: "Esther Koene (supervisors Walter Kosters and Luc Edixhoven)",
        year: "2024",
        title: "Determining Game Values of Hackenbush with Monte Carlo Tree Search",
        venue: "Bachelor thesis, LIACS, Leiden University",
        url: Some("https://theses.liacs.nl/"),
        used_for: "Hackenbush stalk values; the Pure Monte Carlo and UCT players; the Monte Carlo Scale Method; Two-Move Hackenbush",
    },
    Reference {
        key: "spight-sl",
        short: "Sensei's Library",
        authors: "Bill Spight, Robert Pauli and other contributors",
        year: "n.d.",
        title: "Calculating a Thermograph",
        venue: "Sensei's Library (Go wiki)",
        url: Some("https://senseis.xmp.net/?CalculatingAThermograph"),
        used_for: "the wall algebra of thermographs; the worked example {{-2|-4}|-7}; gote, sente and reversal",
    },
    Reference {
        key: "muller2025",
        short: "Müller",
        authors: "Martin Müller",
        year: "2025",
        title: "Approximation Algorithms for Combinatorial Games (lecture slides, CMPUT 657 Algorithms for Combinatorial Games)",
        venue: "University of Alberta",
        url: None,
        used_for: "stops, mean and temperature by taxation; thermograph construction; sub-zero thermography; gote, sente and double-sente examples; why greedy play fails",
    },
    Reference {
        key: "winningways",
        short: "Berlekamp, Conway and Guy",
        authors: "Elwyn R. Berlekamp, John H. Conway and Richard K. Guy",
        year: "2001",
        title: "Winning Ways for your Mathematical Plays (2nd edition; 1st edition 1982)",
        venue: "A K Peters",
        url: None,
        used_for: "Hackenbush (Redwood furniture and beds, green stalks); Domineering values; the simplest-number rule",
    },
    Reference {
        key: "lip2019",
        short: "Albert, Nowakowski and Wolfe",
        authors: "Michael H. Albert, Richard J. Nowakowski and David Wolfe",
        year: "2019",
        title: "Lessons in Play: An Introduction to Combinatorial Game Theory (2nd edition)",
        venue: "CRC Press",
        url: None,
        used_for: "canonical forms, Domineering positions and their values, thermographs",
    },
    Reference {
        key: "berlekampwolfe1994",
        short: "Berlekamp and Wolfe",
        authors: "Elwyn Berlekamp and David Wolfe",
        year: "1994",
        title: "Mathematical Go: Chilling Gets the Last Point",
        venue: "A K Peters",
        url: None,
        used_for: "chilling and warming Go endgame values; Go endgames as sums of numbers and infinitesimals",
    },
    Reference {
        key: "muller1995",
        short: "Müller",
        authors: "Martin Müller",
        year: "1995",
        title: "Computer Go as a Sum of Local Games: An Application of Combinatorial Game Theory (PhD thesis)",
        venue: "ETH Zürich",
        url: None,
        used_for: "Go endgames split into local games between safe stones, valued exactly and added",
    },
    Reference {
        key: "benson1976",
        short: "Benson",
        authors: "David B. Benson",
        year: "1976",
        title: "Life in the game of Go",
        venue: "Information Sciences 10(1)",
        url: None,
        used_for: "unconditional life: groups that live whatever the opponent does (Go regions' settled territory)",
    },
    Reference {
        key: "siegel2013",
        short: "Siegel",
        authors: "Aaron N. Siegel",
        year: "2013",
        title: "Combinatorial Game Theory (Graduate Studies in Mathematics 146)",
        venue: "American Mathematical Society",
        url: None,
        used_for: "cooling, heating and overheating; the reduced canonical form; Norton's product; atomic weight and its calculus",
    },
    Reference {
        key: "wikipedia-domineering",
        short: "Wikipedia",
        authors: "Wikipedia contributors",
        year: "n.d.",
        title: "Domineering",
        venue: "Wikipedia, the free encyclopedia",
        url: Some("https://en.wikipedia.org/wiki/Domineering"),
        used_for: "values of small Domineering boards (the 2 x 2 square, the 2 x 3 board)",
    },
    Reference {
        key: "mathlib2020",
        short: "the mathlib Community",
        authors: "The mathlib Community",
        year: "2020",
        title: "The Lean Mathematical Library (its formal proofs about Domineering)",
        venue: "Proceedings of CPP 2020, ACM",
        url: Some("https://leanprover-community.github.io/"),
        used_for: "Domineering values proved formally (the 2 x 2 square, the L position)",
    },
    Reference {
        key: "cgsuite",
        short: "Siegel",
        authors: "Aaron N. Siegel",
        year: "n.d.",
        title: "CGSuite, the Combinatorial Game Suite (program and its test suite)",
        venue: "software",
        url: Some("https://www.cgsuite.org/"),
        used_for: "the notation of values (CGSuite names); the 4 x 4 Domineering value from its tests",
    },
    Reference {
        key: "cgt-tools",
        short: "cgt-tools",
        authors: "the cgt-tools authors (the Rust crate cgt)",
        year: "n.d.",
        title: "cgt-tools: combinatorial game theory tools",
        venue: "software (Rust crate cgt 0.11)",
        url: Some("https://crates.io/crates/cgt"),
        used_for: "Domineering, Konane and Amazons values from its tests (confirmed there with CGSuite); a peer the lab's values and speed are checked against",
    },
    Reference {
        key: "clobber2005",
        short: "Albert, Grossman, Nowakowski and Wolfe",
        authors: "Michael H. Albert, J. P. Grossman, Richard J. Nowakowski and David Wolfe",
        year: "2005",
        title: "An Introduction to Clobber",
        venue: "INTEGERS: Electronic Journal of Combinatorial Number Theory 5(2)",
        url: None,
        used_for: "the rules of Clobber; Clobber positions as infinitesimals with atomic weights",
    },
    Reference {
        key: "ernst1995",
        short: "Ernst",
        authors: "Michael D. Ernst",
        year: "1995",
        title: "Playing Konane Mathematically: A Combinatorial Game-Theoretic Analysis",
        venue: "UMAP Journal 16(2)",
        url: None,
        used_for: "the rules of Konane (chained jumps in a straight line) and its small positions",
    },
    Reference {
        key: "berlekamp2000",
        short: "Berlekamp",
        authors: "Elwyn Berlekamp",
        year: "2000",
        title: "Sums of N x 2 Amazons",
        venue: "Game Theory, Optimal Stopping, Probability and Statistics, IMS Lecture Notes 35",
        url: None,
        used_for: "Amazons as a sum of separated areas, and their values",
    },
    Reference {
        key: "bouton1902",
        short: "Bouton",
        authors: "Charles L. Bouton",
        year: "1902",
        title: "Nim, a game with a complete mathematical theory",
        venue: "Annals of Mathematics 3(1/4)",
        url: None,
        used_for: "Nim and the nim-sum; the winning move; misère Nim's rule",
    },
    Reference {
        key: "sprague1935",
        short: "Sprague",
        authors: "Roland P. Sprague",
        year: "1935",
        title: "Über mathematische Kampfspiele",
        venue: "Tôhoku Mathematical Journal 41",
        url: None,
        used_for: "every impartial game equals a Nim heap (the Sprague-Grundy theorem)",
    },
    Reference {
        key: "grundy1939",
        short: "Grundy",
        authors: "Patrick M. Grundy",
        year: "1939",
        title: "Mathematics and games",
        venue: "Eureka 2",
        url: None,
        used_for: "nim-values of impartial games by the mex rule (the Sprague-Grundy theory); Grundy's game",
    },
    Reference {
        key: "guysmith1956",
        short: "Guy and Smith",
        authors: "Richard K. Guy and Cedric A. B. Smith",
        year: "1956",
        title: "The G-values of various games",
        venue: "Proceedings of the Cambridge Philosophical Society 52(3)",
        url: None,
        used_for: "octal codes of take-and-break games; the periodicity theorem that proves a nim sequence periodic; Kayles' period 12",
    },
    Reference {
        key: "conway1976",
        short: "Conway",
        authors: "John H. Conway",
        year: "1976",
        title: "On Numbers and Games (2nd edition 2001)",
        venue: "Academic Press (2nd edition A K Peters)",
        url: None,
        used_for: "misère canonical forms of impartial games, genus symbols, tame and wild games (ch. 12)",
    },
    Reference {
        key: "gangolliplambeck1989",
        short: "Gangolli and Plambeck",
        authors: "Anil Gangolli and Thane E. Plambeck",
        year: "1989",
        title: "A note on periodicity in some octal games",
        venue: "International Journal of Game Theory 18(3)",
        url: None,
        used_for: "the rare-value method for long nim sequences; the periods of 0.16 and other octal games",
    },
    Reference {
        key: "flammenkamp",
        short: "Flammenkamp",
        authors: "Achim Flammenkamp",
        year: "n.d.",
        title: "Sprague-Grundy values of octal games (tables of periods and preperiods)",
        venue: "web tables",
        url: Some("https://wwwhomes.uni-bielefeld.de/achim/octal.html"),
        used_for: "periods and preperiods of octal games, checked against the lab's sequences",
    },
    Reference {
        key: "plambecksiegel2008",
        short: "Plambeck and Siegel",
        authors: "Thane E. Plambeck and Aaron N. Siegel",
        year: "2008",
        title: "Misère quotients for impartial games",
        venue: "Journal of Combinatorial Theory, Series A 115(4)",
        url: None,
        used_for: "misère quotients of octal games (Kayles, Dawson's Kayles) and how they are computed",
    },
    Reference {
        key: "oeis",
        short: "OEIS",
        authors: "The OEIS Foundation",
        year: "n.d.",
        title: "The On-Line Encyclopedia of Integer Sequences",
        venue: "oeis.org",
        url: Some("https://oeis.org/"),
        used_for: "nim sequences of Kayles (A002186), Dawson's Kayles (A002187) and Grundy's game (A002188)",
    },
    Reference {
        key: "gardner1974",
        short: "Gardner",
        authors: "Martin Gardner",
        year: "1974",
        title: "Mathematical Games (Cram and the symmetry strategy)",
        venue: "Scientific American 230(2)",
        url: None,
        used_for: "the rules of Cram; the symmetry strategy on even boards",
    },
    Reference {
        key: "dudeney1908",
        short: "Dudeney",
        authors: "Henry E. Dudeney",
        year: "1908",
        title: "The Canterbury Puzzles",
        venue: "Thomas Nelson and Sons",
        url: None,
        used_for: "Kayles as a row of pins",
    },
];

/// The reference with this key.
pub fn find(key: &str) -> Option<&'static Reference> {
    REFERENCES.iter().find(|r| r.key == key)
}

impl Reference {
    /// "Kao et al. (2012)".
    pub fn author_year(&self) -> String {
        format!("{} ({})", self.short, self.year)
    }

    /// The full entry as one line of plain text.
    pub fn entry(&self) -> String {
        format!("{}. {}. {}. {}.", self.authors, self.year, self.title, self.venue)
    }

    /// The anchor of its entry in the References panel.
    pub fn anchor(&self) -> String {
        format!("ref-{}", self.key)
    }
}

impl Cite {
    /// The cited work (every key in the lab's data is checked by a test).
    pub fn reference(&self) -> Option<&'static Reference> {
        find(self.key)
    }

    /// "Kao et al. (2012), Figure 7" (or the key itself if unknown, so a
    /// typo shows rather than vanishes).
    pub fn text(&self) -> String {
        let who = self.reference().map_or_else(|| self.key.to_string(), Reference::author_year);
        if self.at.is_empty() {
            who
        } else {
            format!("{who}, {}", self.at)
        }
    }
}

impl std::fmt::Display for Cite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// Several citations as one line: "Müller (2025), slides on sente; Sensei's Library (n.d.)".
pub fn cites_text(cites: &[Cite]) -> String {
    cites.iter().map(Cite::text).collect::<Vec<_>>().join("; ")
}

/// Words a user cannot look up, which must never appear in text the lab
/// shows: the repository's names for its sources, file paths, module
/// paths. Returns the first one found.
pub fn unlookupable(text: &str) -> Option<&'static str> {
    const WORDS: &[&str] = &[
        "seed 00", "Seed 00", "seeds 00", "seeds/", ".lean", ".scala", "t4ccer/", "spec/", "shared/", ".md", "cgt::", "_d124", "_4e66", "_9c11", "_43a4",
        "_ed83",
    ];
    WORDS.iter().copied().find(|w| text.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_entries_complete() {
        for (i, r) in REFERENCES.iter().enumerate() {
            assert!(REFERENCES[..i].iter().all(|o| o.key != r.key), "duplicate key {}", r.key);
            assert!(!r.short.is_empty() && !r.authors.is_empty() && !r.title.is_empty() && !r.venue.is_empty() && !r.used_for.is_empty(), "{}", r.key);
            // A year, or "n.d." for an undated wiki page.
            assert!(r.year == "n.d." || (r.year.len() == 4 && r.year.chars().all(|c| c.is_ascii_digit())), "{}: year {}", r.key, r.year);
            assert_eq!(unlookupable(&r.entry()), None, "{}", r.key);
            assert!(r.url.is_none_or(|u| u.starts_with("https://")), "{}", r.key);
        }
    }

    #[test]
    fn a_citation_reads_as_author_year_and_place() {
        assert_eq!(cite("kao2012", "Figure 7").text(), "Kao et al. (2012), Figure 7");
        assert_eq!(cite("yedwab1985", "").text(), "Yedwab (1985)");
        assert_eq!(cites_text(&[cite("muller2025", "slides on sente"), cite("spight-sl", "")]), "Müller (2025), slides on sente; Sensei's Library (n.d.)");
        // An unknown key shows itself rather than vanishing (the data's
        // tests reject it).
        assert_eq!(cite("nope", "p. 1").text(), "nope, p. 1");
        assert_eq!(find("kao2012").unwrap().anchor(), "ref-kao2012");
    }

    #[test]
    fn unlookupable_words_are_found() {
        assert_eq!(unlookupable("seed 000's Figure 7"), Some("seed 00"));
        assert_eq!(unlookupable("see spec/thermography.md"), Some("spec/"));
        assert_eq!(unlookupable("definitions in cgt::sums::strategy"), Some("cgt::"));
        assert_eq!(unlookupable("Kao et al. (2012), Figure 7; the random seed 3"), None);
    }
}
