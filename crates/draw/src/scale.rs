//! The Scale Method's live plot (Koene, 2024): per weighing, Blue's win rate
//! when Blue starts and Red's when Red starts, with the margin band that
//! reads them as a class. A pure function from the rates to any plotters
//! backend, like the rest of this crate.
//!
//! The layout ([`win_rates_layout`]) is computed from the type size before
//! anything is drawn: the label areas are as wide as the tick labels and
//! the axis names need (so the rotated y-axis name never runs into the
//! tick labels), and the legend sits in a strip below the chart, outside
//! the data, wrapping to one entry per line on a narrow canvas. On a small
//! canvas the type shrinks until the data area keeps a readable share.

use crate::{Palette, RIGHT_DASH};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The two legend entries, Blue's first.
pub const LEGEND: [&str; 2] = ["Blue starts: Blue's wins", "Red starts: Red's wins"];
const X_TITLE: &str = "weighing";
const Y_TITLE: &str = "win rate of the starter";
/// The widest y tick label ("0.0" ... "1.0").
const Y_TICK_SAMPLE: &str = "0.0";
/// Type size at scale 1 (CSS px).
const FONT: f64 = 13.0;
/// A generous width per character, in ems (sans-serif digits are 0.56 em;
/// mixed text less): estimates err on the roomy side.
const CHAR_EM: f64 = 0.6;
/// Line height of one row of text, in ems.
const LINE_EM: f64 = 1.25;

/// A box in pixels (left, top, width, height) on the drawing area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub fn right(&self) -> i32 {
        self.x + self.w
    }
    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }
    /// The two boxes share some area (touching edges do not count).
    pub fn intersects(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }
    /// `self` lies within `o`.
    pub fn within(&self, o: &Rect) -> bool {
        self.x >= o.x && self.y >= o.y && self.right() <= o.right() && self.bottom() <= o.bottom()
    }
}

/// Where everything of the plot goes on a `w` x `h` area.
#[derive(Clone, Debug, PartialEq)]
pub struct WinRateLayout {
    /// Type size (px).
    pub font: u32,
    /// Tick mark length (px); tick labels sit two tick lengths off the axis.
    pub tick: u32,
    /// Space around the chart (px).
    pub margin: u32,
    /// The chart (axes, labels, data): all but the legend strip.
    pub chart: Rect,
    /// The data area, inside the axes.
    pub plot: Rect,
    /// Width of the label area left of the plot; height of the one below.
    pub y_label_area: u32,
    pub x_label_area: u32,
    /// The (estimated) boxes of the texts around the plot.
    pub y_title: Rect,
    pub y_ticks: Rect,
    pub x_ticks: Rect,
    pub x_title: Rect,
    /// The legend strip and each entry's box (sample line, then its text).
    pub legend: Rect,
    pub entries: Vec<Rect>,
}

/// Estimated width of `text` at type size `font` (px).
fn text_w(text: &str, font: f64) -> i32 {
    (text.chars().count() as f64 * CHAR_EM * font).ceil() as i32
}

/// The plot's layout on a `w` x `h` area at device pixel ratio `scale`.
pub fn win_rates_layout(w: u32, h: u32, scale: f64) -> WinRateLayout {
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    // Shrink the type (at most to a third) until the data area keeps half
    // the width and a third of the height and the y-axis name fits beside it.
    let mut k = s;
    let mut layout = layout_at(w, h, k);
    while k > s / 3.0 && !roomy(&layout, w, h) {
        k *= 0.85;
        layout = layout_at(w, h, k);
    }
    layout
}

fn roomy(l: &WinRateLayout, w: u32, h: u32) -> bool {
    l.plot.w * 2 >= w as i32 && l.plot.h * 3 >= h as i32 && l.y_title.h <= l.plot.h
}

fn layout_at(w: u32, h: u32, s: f64) -> WinRateLayout {
    let px = |x: f64| (x * s).round().max(1.0) as i32;
    let (w, h) = (w as i32, h as i32);
    let f = FONT * s;
    let font = px(FONT);
    let line = (LINE_EM * f).ceil() as i32;
    let tick = px(5.0);
    let margin = px(10.0);
    let gap = px(6.0);
    // Legend: entries side by side when they fit under the plot, else one
    // per line.
    let sample = px(24.0);
    let entry_w: Vec<i32> = LEGEND.iter().map(|t| sample + gap + text_w(t, f)).collect();
    let spacing = px(18.0);
    let inner_w = (w - 2 * margin).max(1);
    let one_row = entry_w.iter().sum::<i32>() + spacing <= inner_w;
    let rows = if one_row { 1 } else { LEGEND.len() as i32 };
    let legend_h = rows * line + gap;
    let legend = Rect { x: margin, y: h - margin - legend_h, w: inner_w, h: legend_h };
    let chart = Rect { x: 0, y: 0, w, h: (legend.y).max(0) };
    // Left of the plot: the rotated y-axis name, a gap, the tick labels,
    // two tick lengths to the axis.
    let y_tick_w = text_w(Y_TICK_SAMPLE, f);
    let y_label_area = line + gap + y_tick_w + 2 * tick;
    // Below: the tick labels two tick lengths down, a gap, the x-axis name.
    let x_label_area = 2 * tick + line + gap + line;
    let plot = Rect { x: margin + y_label_area, y: margin, w: (w - 2 * margin - y_label_area).max(0), h: (chart.h - margin - x_label_area).max(0) };
    let y_title_w = text_w(Y_TITLE, f);
    let y_title = Rect { x: margin, y: plot.y + (plot.h - y_title_w) / 2, w: line, h: y_title_w };
    let y_ticks = Rect { x: plot.x - 2 * tick - y_tick_w, y: plot.y - line / 2, w: y_tick_w, h: plot.h + line };
    let x_ticks = Rect { x: plot.x - y_tick_w, y: plot.bottom() + 2 * tick, w: plot.w + 2 * y_tick_w, h: line };
    let x_title_w = text_w(X_TITLE, f);
    let x_title = Rect { x: plot.x + (plot.w - x_title_w) / 2, y: plot.bottom() + x_label_area - line, w: x_title_w, h: line };
    let entries = if one_row {
        let total = entry_w.iter().sum::<i32>() + spacing;
        let mut x = (plot.x + (plot.w - total) / 2).max(margin);
        entry_w
            .iter()
            .map(|&ew| {
                let r = Rect { x, y: legend.y + gap, w: ew, h: line };
                x += ew + spacing;
                r
            })
            .collect()
    } else {
        entry_w
            .iter()
            .enumerate()
            .map(|(i, &ew)| Rect { x: plot.x.min(w - margin - ew).max(margin), y: legend.y + gap + i as i32 * line, w: ew, h: line })
            .collect()
    };
    WinRateLayout {
        font: font as u32,
        tick: tick as u32,
        margin: margin as u32,
        chart,
        plot,
        y_label_area: y_label_area as u32,
        x_label_area: x_label_area as u32,
        y_title,
        y_ticks,
        x_ticks,
        x_title,
        legend,
        entries,
    }
}

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
    area.fill(&pal.background)?;
    let (w, h) = area.dim_in_pixel();
    let l = win_rates_layout(w, h, scale);
    if l.plot.w < 2 || l.plot.h < 2 {
        // Too small for a chart: the background alone.
        return Ok(());
    }
    // Line widths follow the type (which shrinks on a small area).
    let k = f64::from(l.font) / FONT;
    let px = |x: f64| (x * k).round().max(1.0) as u32;
    let n = rates.len().max(2) as f64 - 1.0;
    let font = ("sans-serif", l.font).into_font().color(&pal.text);
    let chart_area = area.clone().shrink((0, 0), (w, l.chart.h as u32));
    let mut chart = ChartBuilder::on(&chart_area)
        .margin_top(l.margin)
        .margin_left(l.margin)
        .margin_right(l.margin)
        .margin_bottom(0)
        .x_label_area_size(l.x_label_area)
        .y_label_area_size(l.y_label_area)
        .build_cartesian_2d(-0.2f64..n + 0.2, 0f64..1.0)?;
    chart
        .configure_mesh()
        .x_desc(X_TITLE)
        .y_desc(Y_TITLE)
        .x_labels(rates.len().clamp(2, 12))
        .y_labels(6)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.1}"))
        .set_all_tick_mark_size(l.tick)
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
    chart.draw_series(LineSeries::new(blue.clone(), bc.stroke_width(px(2.0))))?;
    chart.draw_series(blue.iter().map(|&p| Circle::new(p, px(3.5), bc.filled())))?;
    chart.draw_series(DashedLineSeries::new(red.clone(), dash, gap, rc.stroke_width(px(2.0))))?;
    chart.draw_series(red.iter().map(|&p| TriangleMarker::new(p, px(4.5), rc.filled())))?;
    // The legend, below the chart: a sample of each line, then its name.
    let label = ("sans-serif", l.font).into_font().color(&pal.legend_text).pos(Pos::new(HPos::Left, VPos::Center));
    let sample = px(24.0) as i32;
    for (i, (e, text)) in l.entries.iter().zip(LEGEND).enumerate() {
        let y = e.y + e.h / 2;
        let (x0, x1) = (e.x, e.x + sample);
        if i == 0 {
            area.draw(&PathElement::new(vec![(x0, y), (x1, y)], bc.stroke_width(px(2.0))))?;
            area.draw(&Circle::new(((x0 + x1) / 2, y), px(3.5), bc.filled()))?;
        } else {
            area.draw(&DashedPathElement::new(vec![(x0, y), (x1, y)], px(5.0), px(3.0), rc.stroke_width(px(2.0))))?;
            area.draw(&TriangleMarker::new(((x0 + x1) / 2, y), px(4.5), rc.filled()))?;
        }
        area.draw_text(text, &label, (x1 + px(6.0) as i32, y))?;
    }
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
        // Nothing to plot yet is still a picture, not a panic; nor is an
        // area too small for a chart.
        for (w, h) in [(200, 120), (40, 30), (1, 1)] {
            let mut empty = String::new();
            let area = SVGBackend::with_string(&mut empty, (w, h)).into_drawing_area();
            draw_win_rates(&area, &[], None, 2.0, &Palette::LIGHT).unwrap();
        }
        // Dark: on the dark background; Red's line dashed (many pieces).
        let dark = win_rates_svg(&[(0.9, 0.1), (0.2, 0.7), (0.3, 0.2)], Some(0.4), 480, 300, &Palette::DARK);
        let hex = |c: RGBColor| format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
        assert!(dark.contains(&format!("fill=\"{}\"", hex(Palette::DARK.background))));
        assert!(!dark.contains("#FFFFFF") && !dark.contains("#000000"), "{dark}");
        assert!(dark.matches(&format!("stroke=\"{}\"", hex(Palette::DARK.right))).count() > 3);
    }

    /// The sizes the panel draws at: a phone (340 CSS px wide) and a wide
    /// card, at device pixel ratios 1 and 2, and the SVG export's size.
    const SIZES: [(u32, u32, f64); 6] = [(340, 300, 1.0), (680, 600, 2.0), (900, 300, 1.0), (1800, 600, 2.0), (640, 320, 1.0), (260, 200, 1.0)];

    #[test]
    fn legend_stays_out_of_the_data() {
        for (w, h, s) in SIZES {
            let l = win_rates_layout(w, h, s);
            let all = Rect { x: 0, y: 0, w: w as i32, h: h as i32 };
            assert!(!l.legend.intersects(&l.plot), "{w}x{h}@{s}: {l:?}");
            for e in &l.entries {
                assert!(e.within(&l.legend) && e.within(&all), "{w}x{h}@{s}: entry {e:?} in {l:?}");
                assert!(!e.intersects(&l.plot) && !e.intersects(&l.x_title) && !e.intersects(&l.x_ticks), "{w}x{h}@{s}: {l:?}");
            }
            assert!(!l.entries[0].intersects(&l.entries[1]), "{w}x{h}@{s}: {l:?}");
        }
        // Side by side on a wide canvas, one under the other on a phone.
        let wide = win_rates_layout(900, 300, 1.0);
        assert_eq!(wide.entries[0].y, wide.entries[1].y);
        let phone = win_rates_layout(340, 300, 1.0);
        assert!(phone.entries[1].y >= phone.entries[0].bottom());
    }

    #[test]
    fn axis_names_clear_the_tick_labels() {
        for (w, h, s) in SIZES {
            let l = win_rates_layout(w, h, s);
            let all = Rect { x: 0, y: 0, w: w as i32, h: h as i32 };
            assert!(!l.y_title.intersects(&l.y_ticks), "{w}x{h}@{s}: {l:?}");
            assert!(!l.x_title.intersects(&l.x_ticks), "{w}x{h}@{s}: {l:?}");
            for t in [l.y_title, l.y_ticks, l.x_title] {
                assert!(!t.intersects(&l.plot), "{w}x{h}@{s}: {t:?} in {l:?}");
                assert!(t.within(&all), "{w}x{h}@{s}: {t:?} outside");
            }
            // The y-axis name fits beside the plot's height.
            assert!(l.y_title.h <= l.plot.h, "{w}x{h}@{s}: {l:?}");
            // Everything below the plot stays above the legend.
            assert!(l.x_title.bottom() <= l.legend.y, "{w}x{h}@{s}: {l:?}");
        }
    }

    #[test]
    fn data_area_keeps_a_readable_share() {
        for (w, h, s) in SIZES {
            let l = win_rates_layout(w, h, s);
            assert!(l.plot.w * 2 >= w as i32 && l.plot.h * 3 >= h as i32, "{w}x{h}@{s}: {l:?}");
        }
        // On a large canvas the type keeps its size (at the pixel ratio).
        assert_eq!(win_rates_layout(1800, 600, 2.0).font, 26);
        // A scale that is not a number is taken as 1.
        assert_eq!(win_rates_layout(900, 300, f64::NAN), win_rates_layout(900, 300, 1.0));
    }

    #[test]
    fn the_chart_is_drawn_where_the_layout_says() {
        // The data area's corners: the axis lines meet at (plot.x,
        // plot.bottom) in the SVG (plotters draws the axes on the plot's
        // edges, less one pixel).
        let l = win_rates_layout(640, 320, 1.0);
        let svg = win_rates_svg(&[(0.5, 0.5)], None, 640, 320, &Palette::LIGHT);
        let ys: Vec<i32> = svg
            .match_indices("<text")
            .filter_map(|(i, _)| {
                let t = &svg[i..];
                let end = t.find("</text>")?;
                let body = &t[..end];
                let txt = body[body.find('>')? + 1..].trim();
                (txt == X_TITLE).then(|| body.split("y=\"").nth(1)?.split('"').next()?.parse::<f64>().ok().map(|y| y as i32)).flatten()
            })
            .collect();
        assert_eq!(ys.len(), 1, "{svg}");
        assert!(ys[0] > l.plot.bottom() && ys[0] <= l.legend.y, "x title at {} vs {l:?}", ys[0]);
    }
}
