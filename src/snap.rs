//! The pointer on a thermograph picture as an exact temperature: what
//! every thermograph canvas ([`crate::web::canvas`]) writes to its `hover`
//! signal, for the readout beside it and the highlight line.

use cgt::numbers::Q;
use cgt::thermograph::Thermograph;

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
    let candidates =
        th.left_wall().points().iter().chain(th.right_wall().points()).map(|p| &p.0).chain(std::iter::once(th.temperature())).chain(std::iter::once(&zero));
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

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::notation::{GameTree, ParseLimits};

    fn q(s: &str) -> Q {
        s.parse().unwrap()
    }

    #[test]
    fn snapping() {
        let th = GameTree::parse_with("14|2|||-2||-14|-16", &ParseLimits::INTERACTIVE).unwrap().thermograph();
        // Near the temperature: snaps to it exactly.
        assert_eq!(snap_t(&th, 8.26, 0.02, 5.0), Some(q("33/4")));
        // Elsewhere: a dyadic grid of about four pixels.
        let t = snap_t(&th, 3.1, 0.02, 5.0).unwrap();
        assert!(t.is_dyadic());
        assert!((t.to_f64() - 3.1).abs() <= 0.08);
        // Coarse scales give integer grids, clamped at -1.
        assert_eq!(snap_t(&th, 3000.4, 100.0, 0.0).map(|t| t.is_integer()), Some(true));
        assert_eq!(snap_t(&th, -7.0, 0.01, 0.0), Some(q("-1")));
        assert_eq!(snap_t(&th, f64::NAN, 0.01, 5.0), None);
    }
}
