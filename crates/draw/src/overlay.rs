//! Several thermographs on one picture: a sum's components (with the sum
//! itself emphasised), a game and its options, two candidate moves
//! compared. Each thermograph gets a colour of its own ([`series_color`]);
//! left walls are solid and right walls dashed, as everywhere, so the sides
//! still read without colour. The legend names each thermograph.

use crate::{draw_mesh, side_line, ticks, visible_points, wrap_rows, DrawError, DrawOptions, Palette, PlotFrame, TickedAxis, ViewBox};
use cgt::numbers::Q;
use cgt::thermograph::Thermograph;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One thermograph of an overlay.
#[derive(Clone, Debug)]
pub struct OverlayItem<'a> {
    /// What the legend calls it ("component 1: {4|0}").
    pub label: String,
    pub thermograph: &'a Thermograph,
    /// Drawn thicker, in the text colour (the sum over its components).
    pub emphasis: bool,
    /// Which colour ([`series_color`]): kept by the caller, so that an item
    /// keeps its colour when others are hidden.
    pub series: usize,
}

/// Colours of the series, distinct from Left's blue and Right's red and
/// each at least 3:1 against its palette's background (tested below).
const LIGHT_SERIES: [RGBColor; 8] = [
    RGBColor(0x00, 0x72, 0xB2),
    RGBColor(0xB8, 0x4A, 0x00),
    RGBColor(0x00, 0x78, 0x5A),
    RGBColor(0xA4, 0x40, 0x7E),
    RGBColor(0x6B, 0x6B, 0x00),
    RGBColor(0x5B, 0x3F, 0xA8),
    RGBColor(0x8B, 0x5A, 0x2B),
    RGBColor(0x3D, 0x5A, 0x6C),
];
const DARK_SERIES: [RGBColor; 8] = [
    RGBColor(0x56, 0xB4, 0xE9),
    RGBColor(0xF0, 0xA0, 0x50),
    RGBColor(0x3F, 0xD0, 0xA0),
    RGBColor(0xE0, 0x8A, 0xC0),
    RGBColor(0xD0, 0xD0, 0x60),
    RGBColor(0xB0, 0xA0, 0xFF),
    RGBColor(0xD8, 0xA8, 0x78),
    RGBColor(0xA8, 0xC8, 0xD8),
];

/// The colour of the `i`-th thermograph (cycling past eight).
pub fn series_color(pal: &Palette, i: usize) -> RGBColor {
    let dark = crate::palette::relative_luminance(pal.background) < 0.2;
    let set = if dark { &DARK_SERIES } else { &LIGHT_SERIES };
    set[i % set.len()]
}

/// The window that shows every item.
fn union_view(items: &[OverlayItem<'_>], show_subzero: bool) -> Option<ViewBox> {
    let mut out: Option<ViewBox> = None;
    for it in items {
        let v = ViewBox::of(it.thermograph, show_subzero)?;
        out = Some(match out {
            None => v,
            Some(o) => ViewBox {
                t_bottom: o.t_bottom,
                t_top: o.t_top.max(v.t_top),
                value_left: o.value_left.max(v.value_left),
                value_right: o.value_right.min(v.value_right),
            },
        });
    }
    out
}

/// Draw the items filling `area`; `Ok(None)` (and a note) when there is
/// nothing to draw or a value is too large for `f64`.
pub fn draw_overlay<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    items: &[OverlayItem<'_>],
    opts: &DrawOptions,
) -> Result<Option<PlotFrame>, DrawError<DB>> {
    let s = if opts.scale.is_finite() && opts.scale > 0.0 { opts.scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    let pal = &opts.palette;
    area.fill(&pal.background)?;
    let font = |size: f64| ("sans-serif", size * s).into_font();
    let Some(view) = union_view(items, opts.show_subzero) else {
        let note = if items.is_empty() { "nothing to draw" } else { "values too large to draw; the exact figures are shown beside" };
        area.draw(&Text::new(note, (px(12.0) as i32, px(24.0) as i32), font(14.0).color(&pal.text)))?;
        return Ok(None);
    };

    // The legend: a sample of each thermograph's colour and its label.
    let width = area.dim_in_pixel().0 as i32;
    let widths: Vec<i32> = items.iter().map(|it| (px(28.0) as f64 + it.label.chars().count() as f64 * 6.3 * s) as i32).collect();
    let (places, rows) = wrap_rows(&widths, width, px(12.0) as i32, px(18.0) as i32);
    let legend_h = ((10.0 + 20.0 * rows as f64) * s).round() as u32;
    let (legend, plot) = area.split_vertically(legend_h);
    for (it, (x, row)) in items.iter().zip(places) {
        let c = if it.emphasis { pal.text } else { series_color(pal, it.series) };
        let y = px(16.0) as i32 + row * px(20.0) as i32;
        legend.draw(&PathElement::new([(x, y), (x + px(22.0) as i32, y)], c.stroke_width(px(if it.emphasis { 4.0 } else { 3.0 }))))?;
        legend.draw(&Text::new(it.label.clone(), (x + px(28.0) as i32, y - px(6.0) as i32), font(12.0).color(&pal.legend_text)))?;
    }

    let mut chart = ChartBuilder::on(&plot).margin(px(14.0)).margin_left(px(8.0)).x_label_area_size(px(46.0)).y_label_area_size(px(48.0)).build_cartesian_2d(
        TickedAxis { from: view.value_left, to: view.value_right, ticks: ticks(view.value_right, view.value_left, 9) },
        TickedAxis { from: view.t_bottom, to: view.t_top, ticks: ticks(view.t_bottom, view.t_top, 9) },
    )?;
    draw_mesh(&mut chart, "value (larger to the left)", "temperature t", s, pal)?;
    let (vl, vr) = (view.value_left, view.value_right);
    if opts.show_subzero {
        chart.draw_series(std::iter::once(Rectangle::new([(vl, view.t_bottom), (vr, 0.0)], pal.subzero.mix(0.18).filled())))?;
    }
    chart.draw_series(LineSeries::new([(vl, 0.0), (vr, 0.0)], pal.neutral.stroke_width(px(1.0))))?;
    let t_from = Q::from_int(view.t_bottom as i64);
    let as_xy = |pts: Vec<(f64, f64)>| pts.into_iter().map(|(t, v)| (v, t)).collect::<Vec<_>>();
    // The emphasised items last, on top.
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| items[i].emphasis);
    for i in order {
        let it = &items[i];
        let th = it.thermograph;
        let c = if it.emphasis { pal.text } else { series_color(pal, it.series) };
        let w = px(if it.emphasis { 3.5 } else { 2.5 });
        let temp = th.temperature();
        side_line(&mut chart, as_xy(visible_points(th.left_wall(), &t_from, temp)), None, c.stroke_width(w), s)?;
        side_line(&mut chart, as_xy(visible_points(th.right_wall(), &t_from, temp)), Some(crate::RIGHT_DASH), c.stroke_width(w), s)?;
        let mean = th.mean().to_f64();
        let foot = temp.to_f64().max(view.t_bottom);
        chart.draw_series(LineSeries::new([(mean, foot), (mean, view.t_top)], c.stroke_width(px(if it.emphasis { 3.5 } else { 2.0 }))))?;
        if temp.to_f64() >= view.t_bottom {
            chart.draw_series(std::iter::once(Circle::new((mean, foot), px(3.5), c.filled())))?;
        }
    }
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    Ok(Some(PlotFrame { px_left: xr.start, px_top: yr.start, px_right: xr.end, px_bottom: yr.end, view }))
}

/// The overlay as an SVG document of `w` x `h` pixels.
pub fn overlay_svg(items: &[OverlayItem<'_>], w: u32, h: u32, opts: &DrawOptions) -> String {
    crate::svg_document(w, h, |area| draw_overlay(area, items, opts).map(|_| ()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::contrast_ratio;

    fn th(s: &str) -> Thermograph {
        s.parse::<cgt::notation::GameTree>().unwrap().thermograph()
    }

    #[test]
    fn series_colours_are_distinct_and_readable() {
        for pal in [Palette::LIGHT, Palette::DARK] {
            for i in 0..8 {
                let c = series_color(&pal, i);
                assert!(contrast_ratio(c, pal.background) >= 3.0, "series {i} on {:?}", pal.background);
                assert_ne!(c, pal.left);
                assert_ne!(c, pal.right);
                for j in 0..i {
                    assert_ne!(c, series_color(&pal, j));
                }
            }
        }
    }

    /// Every item is drawn (its colour appears), the sum in the text colour,
    /// and the legend names each.
    #[test]
    fn every_item_is_drawn_and_named() {
        let (a, b) = (th("{4|0}"), th("{{10|-3}|-5}"));
        let sum = th("{4|0} + {{10|-3}|-5}");
        let items = [
            OverlayItem { label: "component 1: {4|0}".into(), thermograph: &a, emphasis: false, series: 0 },
            OverlayItem { label: "component 2: {{10|-3}|-5}".into(), thermograph: &b, emphasis: false, series: 1 },
            OverlayItem { label: "the sum".into(), thermograph: &sum, emphasis: true, series: 2 },
        ];
        let svg = overlay_svg(&items, 640, 420, &DrawOptions::default());
        for i in 0..2 {
            let c = series_color(&Palette::LIGHT, i);
            assert!(svg.to_uppercase().contains(&format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)), "colour of item {i}");
        }
        for label in ["component 1: {4|0}", "component 2: {{10|-3}|-5}", "the sum"] {
            assert!(svg.contains(label), "{label}");
        }
        assert!(overlay_svg(&[], 300, 200, &DrawOptions::default()).contains("nothing to draw"));
    }
}
