//! The Sums page's pictures: every bracket on `VL` as a bar on one value
//! axis beside the exact value, and the thermostatic bracket against `t`.
//! Pure functions from numbers to any plotters backend, like the rest of
//! this crate; `*_svg` wrap them for the page and the tests.

use plotters::coord::Shift;
use plotters::prelude::*;

const BAR_C: RGBColor = RGBColor(0x3A, 0x2D, 0x5C);
const EXACT_C: RGBColor = RGBColor(0xE0, 0x8A, 0x00);
const LO_C: RGBColor = RGBColor(0x1F, 0x5A, 0xC8);
const HI_C: RGBColor = RGBColor(0xD1, 0x2A, 0x2A);

fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return (-1.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(0.5);
    (lo - pad, hi + pad)
}

/// `bars[i] = (name, lo, hi)`, drawn top to bottom; `exact` a vertical line.
pub fn draw_bounds<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, bars: &[(String, f64, f64)], exact: Option<f64>) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let (x0, x1) = span(bars.iter().flat_map(|b| [b.1, b.2]).chain(exact));
    let n = bars.len().max(1) as f64;
    let font = ("sans-serif", 13).into_font();
    let mut chart = ChartBuilder::on(area).margin(8).x_label_area_size(28).y_label_area_size(150).build_cartesian_2d(x0..x1, 0f64..n)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc("value")
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .draw()?;
    for (i, (name, lo, hi)) in bars.iter().enumerate() {
        let y = n - i as f64 - 0.5;
        chart.draw_series(std::iter::once(Rectangle::new([(*lo, y - 0.28), (*hi, y + 0.28)], BAR_C.mix(0.75).filled())))?;
        // A bracket of width 0 still shows.
        chart.draw_series(std::iter::once(PathElement::new([(*lo, y - 0.38), (*lo, y + 0.38)], BAR_C.stroke_width(2))))?;
        chart.draw_series(std::iter::once(PathElement::new([(*hi, y - 0.38), (*hi, y + 0.38)], BAR_C.stroke_width(2))))?;
        let (px, py) = chart.backend_coord(&(x0, y));
        area.draw(&Text::new(name.clone(), (px - 146, py - 7), font.clone()))?;
    }
    if let Some(x) = exact {
        chart.draw_series(std::iter::once(PathElement::new([(x, 0.0), (x, n)], EXACT_C.stroke_width(3))))?;
    }
    Ok(())
}

/// `curve[i] = (t, lo, hi)`, linear between the points; `exact` the value
/// the bracket holds at every `t`.
pub fn draw_thermostatic<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, curve: &[(f64, f64, f64)], exact: Option<f64>) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let t1 = curve.iter().map(|c| c.0).fold(0.0f64, f64::max).max(1.0);
    let (v0, v1) = span(curve.iter().flat_map(|c| [c.1, c.2]).chain(exact));
    let font = ("sans-serif", 13).into_font();
    let mut chart = ChartBuilder::on(area).margin(8).x_label_area_size(30).y_label_area_size(44).build_cartesian_2d(0f64..t1, v0..v1)?;
    chart.configure_mesh().x_desc("t").y_desc("VL bracket").label_style(font.clone()).axis_desc_style(font.clone()).draw()?;
    chart
        .draw_series(LineSeries::new(curve.iter().map(|c| (c.0, c.1)), LO_C.stroke_width(2)))?
        .label("lower")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], LO_C.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(curve.iter().map(|c| (c.0, c.2)), HI_C.stroke_width(2)))?
        .label("upper")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 16, y)], HI_C.stroke_width(2)));
    if let Some(x) = exact {
        chart
            .draw_series(std::iter::once(PathElement::new([(0.0, x), (t1, x)], EXACT_C.stroke_width(2))))?
            .label("VL")
            .legend(|(px, py)| PathElement::new([(px, py), (px + 16, py)], EXACT_C.stroke_width(2)));
    }
    chart.configure_series_labels().background_style(WHITE.mix(0.8)).border_style(BLACK.mix(0.3)).label_font(font).draw()?;
    Ok(())
}

fn svg(w: u32, h: u32, f: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), DrawingAreaErrorKind<std::io::Error>>) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (w.max(1), h.max(1))).into_drawing_area();
        if f(&area).and_then(|_| area.present()).is_err() {
            drop(area);
            return format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\"><text x=\"10\" y=\"20\">drawing failed</text></svg>");
        }
    }
    out
}

pub fn bounds_svg(bars: &[(String, f64, f64)], exact: Option<f64>, w: u32, h: u32) -> String {
    svg(w, h, |a| draw_bounds(a, bars, exact))
}

pub fn thermostatic_svg(curve: &[(f64, f64, f64)], exact: Option<f64>, w: u32, h: u32) -> String {
    svg(w, h, |a| draw_thermostatic(a, curve, exact))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_draw_every_bar_and_both_curves() {
        let bars = vec![("Milnor".to_string(), -1.0, 1.0), ("Hanner".to_string(), -1.0, 1.0), ("exact".to_string(), 1.0, 1.0)];
        let s = bounds_svg(&bars, Some(1.0), 600, 200);
        assert!(s.starts_with("<svg") && s.contains("Milnor") && s.contains("Hanner"), "{s}");
        let c = thermostatic_svg(&[(0.0, -5.0, 28.0), (18.0, 8.0, 26.0), (22.5, 3.5, 26.0)], Some(20.0), 600, 300);
        assert!(c.contains("lower") && c.contains("upper") && !c.contains("drawing failed"));
        // Degenerate input still draws.
        assert!(!bounds_svg(&[], None, 10, 10).contains("drawing failed"));
        assert!(!thermostatic_svg(&[], None, 10, 10).contains("drawing failed"));
    }
}
