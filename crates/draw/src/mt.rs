//! MT-search pictures: the root's walls in the upper and lower bound models
//! (with the exact thermograph as an optional overlay), and the bounds of
//! mean and temperature against the number of paths added.
//!
//! Styles: the upper model's walls are solid, the lower model's dashed (Left
//! blue, Right red in both: here the dash tells the two models apart, which
//! matters more than the side, and a wall's side is where it stands), the
//! exact thermograph thin and grey; an infinite wall is named in the legend
//! strip instead of drawn. Colours from the [`Palette`] passed in.

use crate::{ticks, DrawError, Palette, TickedAxis};
use cgt::search::mt::{BoundWall, ModelWalls};
use cgt::side::Side;
use cgt::thermograph::{Thermograph, Wall};
use plotters::coord::Shift;
use plotters::prelude::*;

/// `(t, value)` points of a wall from t = -1 up to `t_top`.
fn wall_xy(w: &Wall, t_top: f64) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    for (t, v) in w.points() {
        let (t, v) = (t.to_f64(), v.to_f64());
        if t > t_top {
            break;
        }
        out.push((t, v));
    }
    if let Some(&(t, v)) = out.last() {
        // Past the last breakpoint the wall goes on with its tail slope; a
        // masted wall's tail is 0 (vertical).
        let last = w.points().last().map(|p| p.0.to_f64()).unwrap_or(t);
        let slope = if (last - t).abs() < 1e-12 { w.tail_slope() as f64 } else { 0.0 };
        if t < t_top {
            // Interpolate towards the next breakpoint if there is one.
            let next = w.points().iter().find(|p| p.0.to_f64() > t_top);
            let v_top = match next {
                Some((tn, vn)) => v + (vn.to_f64() - v) * (t_top - t) / (tn.to_f64() - t),
                None => v + slope * (t_top - t),
            };
            out.push((t_top, v_top));
        }
    }
    out
}

fn finite(w: &BoundWall) -> Option<&Wall> {
    match w {
        BoundWall::Finite(w) => Some(w),
        _ => None,
    }
}

fn inf_name(w: &BoundWall) -> Option<&'static str> {
    match w {
        BoundWall::PlusInf => Some("+INF"),
        BoundWall::MinusInf => Some("-INF"),
        BoundWall::Finite(_) => None,
    }
}

/// Draw the root's upper (solid) and lower (dashed) walls and, if given, the
/// exact thermograph (thin grey), filling `area`. `scale` as in
/// [`crate::DrawOptions::scale`].
pub fn draw_mt_walls<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    upper: &ModelWalls,
    lower: &ModelWalls,
    exact: Option<&Thermograph>,
    scale: f64,
    pal: &Palette,
) -> Result<(), DrawError<DB>> {
    draw_mt_walls_since(area, upper, lower, None, exact, scale, pal)
}

/// As [`draw_mt_walls`], with the walls before the last path (`previous`:
/// upper, lower) drawn faint underneath: what one added path changed.
pub fn draw_mt_walls_since<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    upper: &ModelWalls,
    lower: &ModelWalls,
    previous: Option<(&ModelWalls, &ModelWalls)>,
    exact: Option<&Thermograph>,
    scale: f64,
    pal: &Palette,
) -> Result<(), DrawError<DB>> {
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    let font = |size: f64| ("sans-serif", size * s).into_font();
    area.fill(&pal.background)?;

    // The window: every finite breakpoint, mast and exact feature.
    let mut t_top: f64 = 1.0;
    let (mut vmin, mut vmax) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut see = |t: f64, v: f64| {
        if t.is_finite() && v.is_finite() {
            t_top = t_top.max(t);
            vmin = vmin.min(v);
            vmax = vmax.max(v);
        }
    };
    for m in [upper, lower] {
        for w in [&m.left, &m.right].into_iter().filter_map(finite) {
            for (t, v) in w.points() {
                see(t.to_f64(), v.to_f64());
            }
        }
        if let Some((t, v)) = &m.mast {
            see(t.to_f64(), v.to_f64());
        }
    }
    if let Some(th) = exact {
        for w in [th.left_wall(), th.right_wall()] {
            for (t, v) in w.points() {
                see(t.to_f64(), v.to_f64());
            }
        }
        see(th.temperature().to_f64(), th.mean().to_f64());
    }
    if !vmin.is_finite() {
        vmin = -1.0;
        vmax = 1.0;
    }
    let t_top = t_top * 1.15 + 0.5;
    let pad = ((vmax - vmin) * 0.08).max(0.5);
    let (vl, vr) = (vmax + pad, vmin - pad);

    // Legend strip (names the styles and any infinite wall), wrapped to the width.
    let mut notes = Vec::new();
    for (name, m) in [("upper", upper), ("lower", lower)] {
        for (side, w) in [("left", &m.left), ("right", &m.right)] {
            if let Some(x) = inf_name(w) {
                notes.push(format!("{name} {side} wall {x}"));
            }
        }
    }
    let mut samples: Vec<Sample> = vec![("upper model (solid)", pal.mast, false), ("lower model (dashed)", pal.mast, true)];
    if exact.is_some() {
        samples.push(("exact (grey)", pal.exact, false));
    }
    let width = area.dim_in_pixel().0 as i32;
    let (places, rows) = sample_layout(&samples, width, s);
    let note_text = (!notes.is_empty()).then(|| format!("not drawn: {}", notes.join(", ")));
    let note_lines: Vec<String> = match &note_text {
        Some(t) if (t.len() as f64 * 6.6 * s) as i32 > width - px(20.0) as i32 => notes.iter().map(|n| format!("not drawn: {n}")).collect(),
        Some(t) => vec![t.clone()],
        None => vec![],
    };
    let strip = px(10.0 + 20.0 * rows as f64 + 16.0 * note_lines.len() as f64);
    let (legend, plot) = area.split_vertically(strip);
    draw_samples(&legend, &samples, &places, s, pal)?;
    let lf = font(12.0).color(&pal.legend_text);
    for (i, line) in note_lines.into_iter().enumerate() {
        let y = px(6.0 + 20.0 * rows as f64 + 16.0 * i as f64) as i32;
        legend.draw(&Text::new(line, (px(10.0) as i32, y), lf.clone()))?;
    }

    let mut chart = ChartBuilder::on(&plot)
        .margin(px(12.0))
        .x_label_area_size(px(40.0))
        .y_label_area_size(px(52.0))
        .build_cartesian_2d(TickedAxis { from: vl, to: vr, ticks: ticks(vr, vl, 9) }, TickedAxis { from: -1.0, to: t_top, ticks: ticks(-1.0, t_top, 8) })?;
    crate::draw_mesh(&mut chart, "value (larger to the left)", "temperature t", s, pal)?;
    chart.draw_series(LineSeries::new([(vl, 0.0), (vr, 0.0)], pal.neutral.stroke_width(px(1.0))))?;

    let xy = |w: &Wall| wall_xy(w, t_top).into_iter().map(|(t, v)| (v, t)).collect::<Vec<_>>();
    if let Some(th) = exact {
        for w in [th.left_wall(), th.right_wall()] {
            chart.draw_series(LineSeries::new(xy(w), pal.exact.mix(0.8).stroke_width(px(1.5))))?;
        }
    }
    if let Some((pu, pl)) = previous {
        for (m, dashed) in [(pu, false), (pl, true)] {
            for (w, side) in [(&m.left, Side::Left), (&m.right, Side::Right)] {
                let Some(w) = finite(w) else { continue };
                let st = pal.side(side).color.mix(0.25).stroke_width(px(2.0));
                if dashed {
                    chart.draw_series(DashedLineSeries::new(xy(w), px(7.0), px(4.0), st))?;
                } else {
                    chart.draw_series(LineSeries::new(xy(w), st))?;
                }
            }
        }
    }
    for (m, dashed) in [(upper, false), (lower, true)] {
        for (w, side) in [(&m.left, Side::Left), (&m.right, Side::Right)] {
            let Some(w) = finite(w) else { continue };
            let st = pal.side(side).color.stroke_width(px(2.5));
            if dashed {
                chart.draw_series(DashedLineSeries::new(xy(w), px(7.0), px(4.0), st))?;
            } else {
                chart.draw_series(LineSeries::new(xy(w), st))?;
            }
        }
        if let Some((t, v)) = &m.mast {
            chart.draw_series(std::iter::once(Circle::new((v.to_f64(), t.to_f64()), px(3.5), pal.mast.filled())))?;
        }
    }
    Ok(())
}

/// A legend entry: label, colour, dashed.
type Sample = (&'static str, RGBColor, bool);

/// Where each legend sample goes, `(x, row)`, wrapping at `width`, and the rows used.
fn sample_layout(samples: &[Sample], width: i32, s: f64) -> (Vec<(i32, i32)>, i32) {
    let px = |x: f64| (x * s).round() as i32;
    let widths: Vec<i32> = samples.iter().map(|(label, _, _)| px(34.0) + (label.len() as f64 * 6.6 * s) as i32).collect();
    crate::wrap_rows(&widths, width, px(10.0), px(8.0))
}

/// A short line in each sample's style, then its label.
fn draw_samples<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    samples: &[Sample],
    places: &[(i32, i32)],
    s: f64,
    pal: &Palette,
) -> Result<(), DrawError<DB>> {
    let px = |x: f64| (x * s).round().max(1.0) as i32;
    let lf = ("sans-serif", 12.0 * s).into_font().color(&pal.legend_text);
    for ((label, c, dashed), (x, row)) in samples.iter().zip(places) {
        let y = px(14.0) + row * px(20.0);
        let st = c.stroke_width(px(2.0) as u32);
        let seg = [(*x, y), (x + px(22.0), y)];
        if *dashed {
            area.draw(&plotters::element::DashedPathElement::new(seg, px(6.0) as u32, px(4.0) as u32, st))?;
        } else {
            area.draw(&PathElement::new(seg, st))?;
        }
        area.draw(&Text::new(*label, (x + px(28.0), y - px(6.0)), lf.clone()))?;
    }
    Ok(())
}

/// One row of the bounds history: paths added, then m_LB, m_UB, t_LB, t_UB
/// (`None` = infinite).
pub type HistoryRow = (usize, [Option<f64>; 4]);

/// The window of the bounds picture: the last path count, and the values
/// from the lowest bound (or exact value) to the highest, padded.
pub(crate) fn bounds_window(rows: &[HistoryRow], exact: Option<(f64, f64)>) -> (f64, f64, f64) {
    let n_max = rows.last().map_or(1, |r| r.0.max(1)) as f64;
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for x in rows.iter().flat_map(|(_, b)| b.iter().flatten()).copied().chain(exact.into_iter().flat_map(|(m, t)| [m, t])) {
        lo = lo.min(x);
        hi = hi.max(x);
    }
    if !lo.is_finite() {
        (lo, hi) = (-1.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(0.5);
    (n_max, lo - pad, hi + pad)
}

/// The bounds of mean (green) and temperature (orange) against paths added;
/// lower bounds solid, upper dashed; the exact values, if given, dotted.
pub fn draw_bounds_history<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    rows: &[HistoryRow],
    exact: Option<(f64, f64)>,
    scale: f64,
    pal: &Palette,
) -> Result<(), DrawError<DB>> {
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    area.fill(&pal.background)?;
    let (n_max, lo, hi) = bounds_window(rows, exact);
    let entries: [Sample; 4] = [("m_LB", pal.mean, false), ("m_UB", pal.mean, true), ("t_LB", pal.temperature, false), ("t_UB", pal.temperature, true)];
    let mut samples = entries.to_vec();
    if exact.is_some() {
        samples.push(("exact (dotted)", pal.exact, true));
    }
    let (places, legend_rows) = sample_layout(&samples, area.dim_in_pixel().0 as i32, s);
    let (legend, plot) = area.split_vertically(px(10.0 + 20.0 * legend_rows as f64));
    draw_samples(&legend, &samples, &places, s, pal)?;
    let mut chart = ChartBuilder::on(&plot).margin(px(12.0)).x_label_area_size(px(40.0)).y_label_area_size(px(52.0)).build_cartesian_2d(
        // Paths are counted: whole-number ticks only.
        TickedAxis { from: 0.0, to: n_max, ticks: ticks(0.0, n_max, 8).into_iter().filter(|x| x.fract() == 0.0).collect() },
        TickedAxis { from: lo, to: hi, ticks: ticks(lo, hi, 8) },
    )?;
    crate::draw_mesh(&mut chart, "paths added", "bound", s, pal)?;
    if let Some((m, t)) = exact {
        for (v, c) in [(m, pal.mean), (t, pal.temperature)] {
            chart.draw_series(DashedLineSeries::new([(0.0, v), (n_max, v)], px(2.0), px(4.0), c.mix(0.7).stroke_width(px(1.0))))?;
        }
    }
    for (k, (_, c, dashed)) in entries.iter().enumerate() {
        // Split the series where a bound is infinite (not drawn there).
        let mut runs: Vec<Vec<(f64, f64)>> = vec![vec![]];
        for (n, b) in rows {
            match b[k] {
                Some(v) => runs.last_mut().expect("non-empty").push((*n as f64, v)),
                None => runs.push(vec![]),
            }
        }
        for run in runs.into_iter().filter(|r| !r.is_empty()) {
            let st = c.stroke_width(px(2.0));
            if *dashed {
                chart.draw_series(DashedLineSeries::new(run, px(6.0), px(4.0), st))?;
            } else {
                chart.draw_series(LineSeries::new(run, st))?;
            }
        }
    }
    Ok(())
}

/// MT-search beside TDS: each search's temperature error (|estimate -
/// exact|) against the nodes it used, on a log scale (`points`: nodes,
/// MT-search's error, TDS's error with that many nodes). MT-search solid,
/// TDS dashed; `tds_exact_at`: a marker where TDS finished exactly.
pub fn draw_error_ladder<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: &[(f64, f64, f64)],
    tds_exact_at: Option<f64>,
    scale: f64,
    pal: &Palette,
) -> Result<(), DrawError<DB>> {
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    area.fill(&pal.background)?;
    let lg = |n: f64| n.max(1.0).log10();
    let mut x_hi = points.iter().map(|p| lg(p.0)).fold(1.0f64, f64::max);
    if let Some(n) = tds_exact_at {
        x_hi = x_hi.max(lg(n));
    }
    let y_hi = points.iter().flat_map(|p| [p.1, p.2]).filter(|e| e.is_finite()).fold(1.0f64, f64::max) * 1.08;
    let mut samples: Vec<Sample> = vec![("MT-search", pal.mean, false), ("TDS, same nodes", pal.temperature, true)];
    if tds_exact_at.is_some() {
        samples.push(("ring: TDS exact, run to the end", pal.temperature, false));
    }
    let (places, legend_rows) = sample_layout(&samples, area.dim_in_pixel().0 as i32, s);
    let (legend, plot) = area.split_vertically(px(10.0 + 20.0 * legend_rows as f64));
    draw_samples(&legend, &samples, &places, s, pal)?;
    let x_hi = x_hi.ceil();
    let mut chart = ChartBuilder::on(&plot).margin(px(12.0)).x_label_area_size(px(40.0)).y_label_area_size(px(52.0)).build_cartesian_2d(
        TickedAxis { from: 0.0, to: x_hi, ticks: (0..=x_hi as i32).map(f64::from).collect() },
        TickedAxis { from: 0.0, to: y_hi, ticks: ticks(0.0, y_hi, 6) },
    )?;
    crate::draw_mesh(&mut chart, "nodes (powers of 10)", "temperature error", s, pal)?;
    let mt: Vec<(f64, f64)> = points.iter().map(|p| (lg(p.0), p.1)).collect();
    let td: Vec<(f64, f64)> = points.iter().map(|p| (lg(p.0), p.2)).collect();
    chart.draw_series(LineSeries::new(mt.clone(), pal.mean.stroke_width(px(2.0))))?;
    chart.draw_series(mt.iter().map(|&q| Circle::new(q, px(3.0), pal.mean.filled())))?;
    chart.draw_series(DashedLineSeries::new(td.clone(), px(6.0), px(4.0), pal.temperature.stroke_width(px(2.0))))?;
    chart.draw_series(td.iter().map(|&q| Circle::new(q, px(3.0), pal.temperature.filled())))?;
    if let Some(n) = tds_exact_at {
        chart.draw_series(std::iter::once(Circle::new((lg(n), 0.0), px(5.0), pal.temperature.stroke_width(px(2.0)))))?;
    }
    Ok(())
}

/// The two MT pictures side by side as SVG (tests and the CLI look at these).
pub fn mt_svg(upper: &ModelWalls, lower: &ModelWalls, exact: Option<&Thermograph>, rows: &[HistoryRow], pal: &Palette) -> String {
    crate::svg_document(1200, 480, |root| {
        let (a, b) = root.split_horizontally(640);
        draw_mt_walls(&a, upper, lower, exact, 1.0, pal)?;
        let ex = exact.map(|t| (t.mean().to_f64(), t.temperature().to_f64()));
        draw_bounds_history(&b, rows, ex, 1.0, pal)
    })
}

/// MT-search beside TDS as SVG (the page's export).
pub fn error_ladder_svg(points: &[(f64, f64, f64)], tds_exact_at: Option<f64>, pal: &Palette) -> String {
    crate::svg_document(800, 420, |root| draw_error_ladder(root, points, tds_exact_at, 1.0, pal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::notation::{GameTree, ParseLimits};

    #[test]
    fn the_error_ladder_draws() {
        let pts = [(3.0, 4.5, 6.0), (40.0, 1.25, 2.0), (900.0, 0.0, 0.0)];
        let svg = error_ladder_svg(&pts, Some(1500.0), &Palette::LIGHT);
        assert!(svg.contains("MT-search") && svg.contains("TDS, same nodes") && svg.contains("nodes (powers of 10)"));
        // No point is lost to a log of 0 or an empty list.
        assert!(error_ladder_svg(&[], None, &Palette::DARK).contains("temperature error"));
    }
    use cgt::search::mt::MtTree;
    use cgt::Q;

    #[test]
    fn figure_7_pictures_draw() {
        let mut t = MtTree::default();
        let mut rows = vec![];
        for (i, (p, v)) in
            [("L1R1L1", 8), ("R1L1", -2), ("R2L1", 2), ("R1R1L1", -10), ("L2R1", -2), ("L1L1", 16), ("R1R1R1", -16), ("L1R1R1", 2)].iter().enumerate()
        {
            t.add_node(&p.parse().unwrap(), Q::from_int(*v)).unwrap();
            let b = t.bounds();
            let f = |x: &cgt::numbers::ExtQ| x.finite().map(|q| q.to_f64());
            rows.push((i + 1, [f(&b.mean.0), f(&b.mean.1), f(&b.temperature.0), f(&b.temperature.1)]));
        }
        let (u, d) = t.walls();
        let svg = mt_svg(&u, &d, None, &rows, &Palette::LIGHT);
        assert!(svg.contains("upper model (solid)") && svg.contains("m_LB") && svg.contains("paths added"));
        // After the first path only, a wall is infinite and named, not drawn.
        let mut t1 = MtTree::default();
        t1.add_node(&"L1R1L1".parse().unwrap(), Q::from_int(8)).unwrap();
        let (u, d) = t1.walls();
        let svg = mt_svg(&u, &d, None, &rows[..1], &Palette::LIGHT);
        assert!(svg.contains("not drawn:"), "{}", &svg[..300.min(svg.len())]);
        // In the dark palette: on the dark background, nothing white.
        let (u, d) = t.walls();
        let exact = GameTree::parse_with("{{16|2}|{-2|-10}}", &ParseLimits::INTERACTIVE).unwrap().thermograph();
        let dark = mt_svg(&u, &d, Some(&exact), &rows, &Palette::DARK);
        let hex = |c: RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        let p = Palette::DARK;
        assert!(dark.contains(&format!("fill=\"{}\"", hex(p.background))) && !dark.contains("#FFFFFF") && !dark.contains("fill=\"#000000\""));
        for c in [p.left, p.right, p.mean, p.temperature, p.exact, p.legend_text, p.text] {
            assert!(dark.contains(&hex(c)), "{}", hex(c));
        }
    }
}
