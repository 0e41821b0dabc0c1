//! The game the explorer is looking at: parsed, built and analysed (by a
//! [`cgt::analysis::AnalysisJob`], which the page runs in slices), with the
//! thermographs of all its positions, tree navigation and the pointer
//! readout. Pure (no DOM), so it is tested natively; the page keeps one
//! [`Explored`] per successfully analysed input.

use crate::state::{NodePath, Side};
use cgt::analysis::{Analysed, AnalysisJob};
use cgt::game::{Arena, GameId};
use cgt::notation::{to_explicit, GameTree, ParseError, ParseLimits};
use cgt::numbers::Q;
use cgt::thermograph::{thermograph, Thermograph};
use std::collections::HashMap;
use std::sync::Arc;

/// An analysed game and what the page shows about it.
pub struct Explored {
    text: String,
    tree: GameTree,
    /// The thermograph of every position reachable from the root (so tree
    /// tooltips are instant whatever the size).
    /// Thermographs of every position (and maybe of a few partial sums).
    thermographs: HashMap<GameId, Thermograph>,
    positions: usize,
}

impl std::fmt::Debug for Explored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Explored")
            .field("text", &self.text)
            .field("positions", &self.positions())
            .finish()
    }
}

impl Explored {
    /// The result of a finished job for `text`. Cheap: no pass over the tree
    /// (the page calls this between frames).
    pub fn from_analysed(text: &str, analysed: Analysed) -> Explored {
        Explored {
            text: text.to_string(),
            tree: analysed.tree,
            thermographs: analysed.thermographs,
            positions: analysed.positions,
        }
    }
    /// Parse with the interactive limits (hostile or huge input is an error,
    /// never a hang or a crash) and analyse in one go: the job run to the
    /// end. For tests and tools; the page runs the job in slices.
    pub fn parse(text: &str) -> Result<Explored, ParseError> {
        let analysed = AnalysisJob::new(text, &ParseLimits::INTERACTIVE)?.run()?;
        Ok(Explored::from_analysed(text, analysed))
    }
    /// The text this was parsed from.
    pub fn text(&self) -> &str {
        &self.text
    }
    pub fn arena(&self) -> &Arena {
        self.tree.arena()
    }
    pub fn root(&self) -> GameId {
        self.tree.root()
    }
    /// Number of distinct positions reachable from the root.
    pub fn positions(&self) -> usize {
        self.positions
    }
    /// The thermograph of a node of this game, if it is reachable from the
    /// root (every node [`Explored::resolve`] returns is).
    pub fn thermograph_ref(&self, id: GameId) -> Option<&Thermograph> {
        self.thermographs.get(&id)
    }
    /// The thermograph of any node of this game, shared for the canvas.
    /// Reachable nodes are looked up; any other node of the arena is
    /// computed (never a panic).
    pub fn thermograph(&self, id: GameId) -> Arc<Thermograph> {
        Arc::new(match self.thermographs.get(&id) {
            Some(th) => th.clone(),
            None => thermograph(self.arena(), id),
        })
    }
    /// The node a path leads to, if it exists in this game.
    pub fn resolve(&self, path: &NodePath) -> Option<GameId> {
        let mut g = self.root();
        for step in &path.0 {
            let opts = match step.side {
                Side::Left => self.arena().left(g),
                Side::Right => self.arena().right(g),
            };
            g = *opts.get(step.index)?;
        }
        Some(g)
    }
    /// The longest prefix of `path` that exists here (a stale link still
    /// lands somewhere sensible).
    pub fn valid_prefix(&self, path: &NodePath) -> NodePath {
        let mut out = NodePath::root();
        for step in &path.0 {
            let next = out.child(step.side, step.index);
            if self.resolve(&next).is_none() {
                break;
            }
            out = next;
        }
        out
    }
    /// Short text for a node: its explicit form if at most `max` characters,
    /// else `{…}` with the number of options on each side.
    pub fn label(&self, id: GameId, max: usize) -> String {
        to_explicit(self.arena(), id, max).unwrap_or_else(|| {
            let (l, r) = (self.arena().left(id).len(), self.arena().right(id).len());
            format!(
                "{{{l} left option{} | {r} right option{}}}",
                plural(l),
                plural(r)
            )
        })
    }
    /// `mean m, temperature t` for tooltips.
    pub fn summary(&self, id: GameId) -> String {
        let computed;
        let th = match self.thermograph_ref(id) {
            Some(th) => th,
            None => {
                computed = self.thermograph(id);
                &*computed
            }
        };
        match th.number() {
            Some(x) => format!("the number {x} (temperature {})", th.temperature()),
            None => format!("mean {}, temperature {}", th.mean(), th.temperature()),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The exact readout under the pointer: `t`, `tVL(t)`, `tVR(t)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readout {
    pub t: Q,
    pub left: Q,
    pub right: Q,
}

impl Readout {
    pub fn at(th: &Thermograph, t: Q) -> Readout {
        let (left, right) = th.taxed(&t);
        Readout { t, left, right }
    }
}

/// Turn a pointer temperature `t` (a float, from pixels) into an exact one:
/// the nearest wall breakpoint or the temperature if one is within
/// `snap_px` pixels, else `t` rounded to a dyadic grid about 4 pixels fine.
/// `t_per_px` is the vertical scale. `None` for non-finite input.
pub fn snap_t(th: &Thermograph, t: f64, t_per_px: f64, snap_px: f64) -> Option<Q> {
    if !t.is_finite() || !t_per_px.is_finite() || t_per_px <= 0.0 {
        return None;
    }
    let t = t.max(-1.0);
    let near = snap_px * t_per_px;
    let zero = Q::zero();
    let candidates = th
        .left_wall()
        .points()
        .iter()
        .chain(th.right_wall().points())
        .map(|p| &p.0)
        .chain(std::iter::once(th.temperature()))
        .chain(std::iter::once(&zero));
    let mut best: Option<(f64, Q)> = None;
    for c in candidates {
        let d = (c.to_f64() - t).abs();
        if d <= near && best.as_ref().is_none_or(|(bd, _)| d < *bd) {
            best = Some((d, c.clone()));
        }
    }
    if let Some((_, q)) = best {
        return Some(q);
    }
    // Grid step: the power of two just below four pixels' worth of t.
    let e = (4.0 * t_per_px).log2().floor().clamp(-52.0, 60.0) as i32;
    let q = if e >= 0 {
        let step = 2f64.powi(e);
        let n = (t / step).round();
        if !n.is_finite() || n.abs() > 9.0e15 {
            return None;
        }
        &Q::from_int(n as i64) * &Q::from_int(1i64 << e.min(62))
    } else {
        Q::from_f64_dyadic(t, (-e) as u32)
    };
    Some(Q::max(&q, &Q::from_int(-1)))
}

/// The text around a 1-based error column, split as (before, the character
/// at the column, after): up to 24 characters either side, with `…` where
/// cut. Past the end the middle part is `⟨end⟩`.
pub fn error_snippet(text: &str, column: usize) -> (String, String, String) {
    const SIDE: usize = 24;
    let chars: Vec<char> = text.chars().collect();
    let at = column.saturating_sub(1).min(chars.len());
    let from = at.saturating_sub(SIDE);
    let to = (at + 1 + SIDE).min(chars.len());
    let before: String = chars[from..at].iter().collect();
    let here = chars
        .get(at)
        .map_or_else(|| "⟨end⟩".to_string(), |c| c.to_string());
    let after: String = chars
        .get(at + 1..to)
        .map(|s| s.iter().collect())
        .unwrap_or_default();
    let cut = |b: bool| if b { "…" } else { "" };
    (
        format!("{}{before}", cut(from > 0)),
        here,
        format!("{after}{}", cut(to < chars.len())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Q {
        s.parse().unwrap()
    }

    #[test]
    fn root_numbers_match_the_spec() {
        let e = Explored::parse("14|2|||-2||-14|-16").unwrap();
        let th = e.thermograph(e.root());
        assert_eq!(th.mean().to_string(), "-1/4");
        assert_eq!(th.temperature().to_string(), "33/4");
        assert_eq!(th.left_stop().to_string(), "2");
        assert_eq!(th.right_stop().to_string(), "-2");
        assert_eq!(e.positions(), 9); // root, {14|2}, 14, 2, {-2|{-14|-16}}, -2, {-14|-16}, -14, -16
    }

    #[test]
    fn paths_resolve_and_stale_paths_shrink() {
        let e = Explored::parse("{{-2|-4}|-7}").unwrap();
        let l0 = NodePath::parse("L0").unwrap();
        let h = e.resolve(&l0).unwrap();
        assert_eq!(e.label(h, 100), "{-2|-4}");
        assert_eq!(e.summary(h), "mean -3, temperature 1");
        assert_eq!(
            e.resolve(&NodePath::parse("L0.L0").unwrap())
                .map(|g| e.label(g, 10)),
            Some("-2".into())
        );
        assert!(e.resolve(&NodePath::parse("R1").unwrap()).is_none());
        assert_eq!(
            e.valid_prefix(&NodePath::parse("L0.R0.L5.L0").unwrap())
                .to_string(),
            "L0.R0"
        );
        assert!(e.label(e.root(), 5).contains("1 left option |"));
    }

    #[test]
    fn bad_input_is_an_error_with_a_column() {
        let err = Explored::parse("{1|2").unwrap_err();
        assert!(err.column >= 1);
        assert!(err.to_string().starts_with("column "));
        // Deep nesting is refused, not a stack overflow.
        let deep = format!("{}0{}", "{".repeat(5000), "|}".repeat(5000));
        assert!(Explored::parse(&deep).is_err());
    }

    #[test]
    fn error_snippets() {
        assert_eq!(
            error_snippet("{1|2", 5),
            ("{1|2".into(), "⟨end⟩".into(), "".into())
        );
        assert_eq!(
            error_snippet("{1|x}", 4),
            ("{1|".into(), "x".into(), "}".into())
        );
        let long = format!("{}x{}", "a".repeat(40), "b".repeat(40));
        let (b, h, a) = error_snippet(&long, 41);
        assert_eq!(
            (b.chars().count(), h.as_str(), a.chars().count()),
            (25, "x", 25)
        );
        assert!(b.starts_with('…') && a.ends_with('…'));
        // Columns count characters, not bytes.
        assert_eq!(error_snippet("±±x", 3).1, "x");
        assert_eq!(error_snippet("", 0), ("".into(), "⟨end⟩".into(), "".into()));
    }

    #[test]
    fn snapping() {
        let e = Explored::parse("14|2|||-2||-14|-16").unwrap();
        let th = e.thermograph(e.root());
        // Near the temperature: snaps to it exactly.
        assert_eq!(snap_t(&th, 8.26, 0.02, 5.0), Some(q("33/4")));
        // Elsewhere: a dyadic grid of about four pixels.
        let t = snap_t(&th, 3.1, 0.02, 5.0).unwrap();
        assert!(t.is_dyadic());
        assert!((t.to_f64() - 3.1).abs() <= 0.08);
        let r = Readout::at(&th, t.clone());
        assert_eq!(r.left, th.left_wall().eval(&t));
        // Coarse scales give integer grids, clamped at -1.
        assert_eq!(
            snap_t(&th, 3000.4, 100.0, 0.0).map(|t| t.is_integer()),
            Some(true)
        );
        assert_eq!(snap_t(&th, -7.0, 0.01, 0.0), Some(q("-1")));
        assert_eq!(snap_t(&th, f64::NAN, 0.01, 5.0), None);
    }

    /// Whatever is typed, the page's whole pipeline (parse, thermographs,
    /// tree labels, drawing, snapping) answers without panicking.
    #[test]
    fn random_input_never_panics() {
        let alphabet: Vec<char> = "{}{}||||,,0123456789/-+*^v. ±()".chars().collect();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut parsed = 0;
        for i in 0..3000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            let Ok(e) = Explored::parse(&text) else {
                continue;
            };
            parsed += 1;
            let th = e.thermograph(e.root());
            let _ = e.label(e.root(), 48);
            for id in e.arena().reachable(e.root()).into_iter().take(20) {
                let _ = e.summary(id);
            }
            let _ = snap_t(&th, (next() % 1000) as f64 / 37.0 - 1.0, 0.01, 5.0);
            if i % 5 == 0 {
                let _ = cgt_draw::thermograph_svg(&th, 200, 150, &Default::default());
            }
        }
        assert!(parsed > 100, "only {parsed} random strings parsed");
    }

    #[test]
    fn every_position_has_its_thermograph() {
        let g: Vec<String> = (1..=10).map(|k| format!("{{{}|-{}}}", 3 * k, k)).collect();
        let e = Explored::parse(&g.join(" + ")).unwrap();
        let reachable = e.arena().reachable(e.root());
        assert_eq!(e.positions(), reachable.len());
        assert!(e.positions() > 20_000, "{} positions", e.positions());
        for &id in reachable.iter().step_by(97) {
            let th = e.thermograph_ref(id).expect("precomputed");
            assert_eq!(*th, thermograph(e.arena(), id));
        }
        let first = e.resolve(&NodePath::parse("L0").unwrap()).unwrap();
        assert!(e.summary(first).starts_with("mean "));
        // The root's mean: means add, m({3k|-k}) = k.
        assert_eq!(e.thermograph(e.root()).mean().to_string(), "55");
    }

    #[test]
    fn from_analysed_equals_parse() {
        let text = "{4|0} + {{10|-3}|-5} - ^*";
        let mut job = AnalysisJob::new(text, &ParseLimits::INTERACTIVE).unwrap();
        let analysed = loop {
            if let Some(r) = job.step(3) {
                break r.unwrap();
            }
        };
        let a = Explored::from_analysed(text, analysed);
        let b = Explored::parse(text).unwrap();
        assert_eq!(a.text(), text);
        assert_eq!(a.positions(), b.positions());
        assert_eq!(a.summary(a.root()), b.summary(b.root()));
        assert_eq!(a.label(a.root(), 200), b.label(b.root(), 200));
    }

    #[test]
    fn too_large_is_an_error_with_a_column() {
        let g: Vec<String> = (1..=14).map(|k| format!("{{{k}|-{k}}}")).collect();
        let err = Explored::parse(&g.join(" + ")).unwrap_err();
        assert!(err.to_string().contains("too large"), "{err}");
        assert!(err.column >= 1);
    }
}
