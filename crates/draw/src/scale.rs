//! The Scale Method's live plot (seed 002): per weighing, Blue's win rate
//! when Blue starts and Red's when Red starts, with the margin band that
//! reads them as a class. A pure function from the rates to any plotters
//! backend, like the rest of this crate.

use crate::{Palette, RIGHT_DASH};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// `rates[i]` = (Blue's rate, Red's rate) at weighing `i`; `margin` draws
/// the thesis's two thresholds; `scale` is the device pixel ratio. Blue's
/// line solid with round marks, Red's dashed with triangles (Left and
/// Right as everywhere), in `pal`'s colours.
pub fn draw_win_rates<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    rates: &[(f64, f64)],
    margin: Option<f64>,
    scale: f64,
    pal: &Palette,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    area.fill(&pal.background)?;
    let n = rates.len().max(2) as f64 - 1.0;
    let font = ("sans-serif", px(13.0)).into_font().color(&pal.text);
    let mut chart = ChartBuilder::on(area)
        .margin(px(10.0))
        .x_label_area_size(px(34.0))
        // Room for the axis name beside the tick labels (0.0 ... 1.0).
        .y_label_area_size(px(54.0))
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
        .bold_line_style(pal.grid_bold.stroke_width(px(1.0)))
        .light_line_style(pal.background.mix(0.0))
        .axis_style(pal.axis.stroke_width(px(1.0)))
        .draw()?;
    if let Some(m) = margin {
        for y in [m, 1.0 - m] {
            chart.draw_series(std::iter::once(PathElement::new(vec![(-0.2, y), (n + 0.2, y)], pal.neutral.mix(0.6).stroke_width(px(1.0)))))?;
        }
    }
    let (dash, gap) = (px(RIGHT_DASH.on), px(RIGHT_DASH.off));
    let blue: Vec<(f64, f64)> = rates.iter().enumerate().map(|(i, r)| (i as f64, r.0)).collect();
    let red: Vec<(f64, f64)> = rates.iter().enumerate().map(|(i, r)| (i as f64, r.1)).collect();
    let (bc, rc) = (pal.left, pal.right);
    chart
        .draw_series(LineSeries::new(blue.clone(), bc.stroke_width(px(2.0))))?
        .label("Blue starts: Blue's wins")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + px(16.0) as i32, y)], bc.stroke_width(px(2.0))));
    chart.draw_series(blue.iter().map(|&p| Circle::new(p, px(3.5), bc.filled())))?;
    chart
        .draw_series(DashedLineSeries::new(red.clone(), dash, gap, rc.stroke_width(px(2.0))))?
        .label("Red starts: Red's wins")
        .legend(move |(x, y)| DashedPathElement::new(vec![(x, y), (x + px(16.0) as i32, y)], px(5.0), px(3.0), rc.stroke_width(px(2.0))));
    chart.draw_series(red.iter().map(|&p| TriangleMarker::new(p, px(4.5), rc.filled())))?;
    chart
        .configure_series_labels()
        .label_font(("sans-serif", px(13.0)).into_font().color(&pal.legend_text))
        .background_style(pal.background.mix(0.85))
        .border_style(pal.neutral)
        .position(SeriesLabelPosition::UpperRight)
        .draw()?;
    Ok(())
}

/// The win-rate plot as an SVG document (the page's "SVG" export).
pub fn win_rates_svg(rates: &[(f64, f64)], margin: Option<f64>, w: u32, h: u32, pal: &Palette) -> String {
    crate::svg_document(w, h, |a| draw_win_rates(a, rates, margin, 1.0, pal))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_to_svg() {
        let mut out = String::new();
        {
            let area = SVGBackend::with_string(&mut out, (480, 300)).into_drawing_area();
            draw_win_rates(&area, &[(0.9, 0.1), (0.2, 0.7), (0.3, 0.2)], Some(0.4), 1.0, &Palette::LIGHT).unwrap();
            area.present().unwrap();
        }
        assert!(out.contains("<svg"));
        assert!(out.contains("Blue starts"));
        // Nothing to plot yet is still a picture, not a panic.
        let mut empty = String::new();
        let area = SVGBackend::with_string(&mut empty, (200, 120)).into_drawing_area();
        draw_win_rates(&area, &[], None, 2.0, &Palette::LIGHT).unwrap();
        drop(area);
        // Dark: on the dark background; Red's line dashed (many pieces).
        let dark = win_rates_svg(&[(0.9, 0.1), (0.2, 0.7), (0.3, 0.2)], Some(0.4), 480, 300, &Palette::DARK);
        let hex = |c: RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        assert!(dark.contains(&format!("fill=\"{}\"", hex(Palette::DARK.background))));
        assert!(!dark.contains("#FFFFFF") && !dark.contains("#000000"), "{dark}");
        assert!(dark.matches(&format!("stroke=\"{}\"", hex(Palette::DARK.right))).count() > 3);
    }
}
