//! The Scale Method's live plot (seed 002): per weighing, Blue's win rate
//! when Blue starts and Red's when Red starts, with the margin band that
//! reads them as a class. A pure function from the rates to any plotters
//! backend, like the rest of this crate.

use plotters::coord::Shift;
use plotters::prelude::*;

const BLUE_C: RGBColor = RGBColor(0x1f, 0x5f, 0xbf);
const RED_C: RGBColor = RGBColor(0xc0, 0x39, 0x2b);
const BAND_C: RGBColor = RGBColor(0x88, 0x88, 0x88);

/// `rates[i]` = (Blue's rate, Red's rate) at weighing `i`; `margin` draws
/// the thesis's two thresholds; `scale` is the device pixel ratio.
pub fn draw_win_rates<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    rates: &[(f64, f64)],
    margin: Option<f64>,
    scale: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    area.fill(&WHITE)?;
    let n = rates.len().max(2) as f64 - 1.0;
    let font = ("sans-serif", px(13.0)).into_font();
    let mut chart = ChartBuilder::on(area)
        .margin(px(10.0))
        .x_label_area_size(px(34.0))
        .y_label_area_size(px(40.0))
        .build_cartesian_2d(-0.2f64..n + 0.2, 0f64..1.0)?;
    chart
        .configure_mesh()
        .x_desc("weighing")
        .y_desc("win rate of the starter")
        .x_labels(rates.len().clamp(2, 12))
        .y_labels(6)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .light_line_style(WHITE.mix(0.0))
        .draw()?;
    if let Some(m) = margin {
        for y in [m, 1.0 - m] {
            chart.draw_series(std::iter::once(PathElement::new(vec![(-0.2, y), (n + 0.2, y)], BAND_C.mix(0.6).stroke_width(px(1.0)))))?;
        }
    }
    for (k, colour, label) in [(0usize, BLUE_C, "Blue starts: Blue's wins"), (1, RED_C, "Red starts: Red's wins")] {
        let pts: Vec<(f64, f64)> = rates.iter().enumerate().map(|(i, r)| (i as f64, if k == 0 { r.0 } else { r.1 })).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(px(2.0))))?
            .label(label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + px(16.0) as i32, y)], colour.stroke_width(px(2.0))));
        if k == 0 {
            chart.draw_series(pts.iter().map(|&p| Circle::new(p, px(3.5), colour.filled())))?;
        } else {
            chart.draw_series(pts.iter().map(|&p| TriangleMarker::new(p, px(4.5), colour.filled())))?;
        }
    }
    chart.configure_series_labels().label_font(font).background_style(WHITE.mix(0.85)).border_style(BAND_C).position(SeriesLabelPosition::UpperRight).draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_to_svg() {
        let mut out = String::new();
        {
            let area = SVGBackend::with_string(&mut out, (480, 300)).into_drawing_area();
            draw_win_rates(&area, &[(0.9, 0.1), (0.2, 0.7), (0.3, 0.2)], Some(0.4), 1.0).unwrap();
            area.present().unwrap();
        }
        assert!(out.contains("<svg"));
        assert!(out.contains("Blue starts"));
        // Nothing to plot yet is still a picture, not a panic.
        let mut empty = String::new();
        let area = SVGBackend::with_string(&mut empty, (200, 120)).into_drawing_area();
        draw_win_rates(&area, &[], None, 2.0).unwrap();
    }
}

/// The win-rate plot as an SVG document (the page's "SVG" export).
pub fn win_rates_svg(rates: &[(f64, f64)], margin: Option<f64>, w: u32, h: u32) -> String {
    crate::svg_document(w, h, |a| draw_win_rates(a, rates, margin, 1.0))
}
