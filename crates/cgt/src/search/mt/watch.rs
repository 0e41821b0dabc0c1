//! Watching a run's bounds path by path (issue 24): when they met, and where
//! a later path showed that earlier bounds had been wrong.
//!
//! Sound bounds only shrink: each path's interval lies inside the one
//! before, so once they meet the search is done. The paper's bounds rest
//! on assumption (b) (a side with a known option has no other), and a later
//! path can prove it false: the new interval then reaches outside the old
//! one ([`BoundsWatch::moved_out`]), and where the exact value is known, the
//! runs of paths whose bounds left it out are listed
//! ([`BoundsWatch::excluded`]).

use super::Bounds;
use crate::numbers::{ExtQ, Q};

/// Mean or temperature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantity {
    Mean,
    Temperature,
}

impl Quantity {
    pub fn name(self) -> &'static str {
        match self {
            Quantity::Mean => "mean",
            Quantity::Temperature => "temperature",
        }
    }
    fn of(self, b: &Bounds) -> &(ExtQ, ExtQ) {
        match self {
            Quantity::Mean => &b.mean,
            Quantity::Temperature => &b.temperature,
        }
    }
}

/// The bounds met: both intervals are one number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Met {
    /// Paths added when they first met.
    pub at: usize,
    pub mean: Q,
    pub temperature: Q,
}

/// A path after which an interval reached outside the one before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovedOut {
    pub at: usize,
    pub what: Quantity,
    pub before: (ExtQ, ExtQ),
    pub now: (ExtQ, ExtQ),
}

/// A run of paths whose bounds left the exact value out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exclusion {
    pub what: Quantity,
    pub exact: Q,
    /// The first path whose bounds left it out.
    pub from: usize,
    /// The last such path; `None` while the bounds still leave it out.
    pub to: Option<usize>,
}

/// The watch over one model's bounds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoundsWatch {
    previous: Option<Bounds>,
    /// The exact (mean, temperature), when known.
    exact: Option<(Q, Q)>,
    /// When the bounds first met (`None` while they never have).
    pub met: Option<Met>,
    /// Whether they are met after the latest path.
    pub met_now: bool,
    pub moved_out: Vec<MovedOut>,
    pub excluded: Vec<Exclusion>,
}

fn point(x: &(ExtQ, ExtQ)) -> Option<&Q> {
    match (x.0.finite(), x.1.finite()) {
        (Some(a), Some(b)) if a == b => Some(a),
        _ => None,
    }
}

fn contains(x: &(ExtQ, ExtQ), v: &Q) -> bool {
    let v = ExtQ::Finite(v.clone());
    x.0 <= v && v <= x.1
}

impl BoundsWatch {
    /// A watch that also checks the bounds against the exact values.
    pub fn with_exact(mean: Q, temperature: Q) -> BoundsWatch {
        BoundsWatch { exact: Some((mean, temperature)), ..BoundsWatch::default() }
    }
    /// Whether the exact values are known (and so [`BoundsWatch::excluded`]
    /// is kept).
    pub fn knows_exact(&self) -> bool {
        self.exact.is_some()
    }
    /// The bounds after `at` paths.
    pub fn observe(&mut self, at: usize, b: &Bounds) {
        for what in [Quantity::Mean, Quantity::Temperature] {
            let now = what.of(b);
            if let Some(prev) = &self.previous {
                let before = what.of(prev);
                if now.0 < before.0 || now.1 > before.1 {
                    self.moved_out.push(MovedOut { at, what, before: before.clone(), now: now.clone() });
                }
            }
            if let Some((m, t)) = &self.exact {
                let exact = if what == Quantity::Mean { m } else { t };
                let open = self.excluded.iter_mut().rev().find(|e| e.what == what && e.to.is_none());
                match (contains(now, exact), open) {
                    (false, None) => self.excluded.push(Exclusion { what, exact: exact.clone(), from: at, to: None }),
                    (true, Some(e)) => e.to = Some(at.saturating_sub(1).max(e.from)),
                    _ => {}
                }
            }
        }
        self.met_now = false;
        if let (Some(m), Some(t)) = (point(&b.mean), point(&b.temperature)) {
            self.met_now = true;
            if self.met.is_none() {
                self.met = Some(Met { at, mean: m.clone(), temperature: t.clone() });
            }
        }
        self.previous = Some(b.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(a: &str, b: &str) -> (ExtQ, ExtQ) {
        let e = |s: &str| match s {
            "-inf" => ExtQ::NegInf,
            "inf" => ExtQ::PosInf,
            x => ExtQ::Finite(x.parse().unwrap()),
        };
        (e(a), e(b))
    }
    fn b(m: (&str, &str), t: (&str, &str)) -> Bounds {
        Bounds { mean: iv(m.0, m.1), temperature: iv(t.0, t.1) }
    }

    #[test]
    fn met_moved_out_and_excluded() {
        let mut w = BoundsWatch::with_exact("8".parse().unwrap(), "9".parse().unwrap());
        w.observe(1, &b(("-inf", "inf"), ("0", "inf")));
        w.observe(2, &b(("2", "10"), ("2", "10")));
        assert!(w.met.is_none() && w.moved_out.is_empty() && w.excluded.is_empty());
        // The paper's bounds meet at the wrong temperature...
        w.observe(3, &b(("8", "8"), ("5", "5")));
        assert_eq!(w.met, Some(Met { at: 3, mean: "8".parse().unwrap(), temperature: "5".parse().unwrap() }));
        assert!(w.met_now);
        assert_eq!(w.excluded, vec![Exclusion { what: Quantity::Temperature, exact: "9".parse().unwrap(), from: 3, to: None }]);
        w.observe(4, &b(("8", "8"), ("5", "5")));
        // ...and a later path moves them out again, to include 9.
        w.observe(5, &b(("8", "8"), ("5", "10")));
        assert!(!w.met_now);
        assert_eq!(w.moved_out.len(), 1);
        assert_eq!((w.moved_out[0].at, w.moved_out[0].what), (5, Quantity::Temperature));
        assert_eq!(w.excluded[0].to, Some(4));
        // The first meeting stays recorded.
        assert_eq!(w.met.as_ref().map(|m| m.at), Some(3));
    }
}
