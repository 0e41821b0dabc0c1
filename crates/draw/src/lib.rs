//! `cgt-draw`: pure drawing of thermographs onto any plotters backend.
//!
//! The same function draws the picture on the web page (through
//! `plotters-canvas`), into the downloadable SVG, and into the SVG strings the
//! native tests inspect. Nothing here touches the DOM, so the drawing code is
//! tested natively.
//!
//! Conventions (`spec/thermography.md`): temperature `t` on the vertical axis
//! going up; value on the horizontal axis with LARGER values to the LEFT (the
//! axis is reversed); the left wall is blue and solid, the right wall red and
//! dashed (so the two stay apart for colour-blind readers and in greyscale
//! prints); the mast rises where the walls meet and is drawn a little above
//! the top of the walls, to show that it goes on for ever. The sub-zero band
//! `-1 <= t < 0` is shaded and can be hidden, in which case the picture starts
//! at `t = 0` (the classical view).
//!
//! Values are exact ([`Q`]); they become `f64` only here, for pixels.

use cgt::numbers::Q;
use cgt::side::Side;
use cgt::thermograph::{Thermograph, Wall};
use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, KeyPointWeight};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::{CoordTranslate, Shift};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use std::ops::Range;

pub mod construction;
pub mod mt;
pub mod overlay;
pub mod palette;
pub mod scale;
pub mod sequence;
pub mod sums;
pub mod tikz;
pub mod tikz_pictures;

pub use palette::{Dash, Palette, SideStyle, RIGHT_DASH};

/// What to draw besides the walls.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawOptions {
    /// Show `-1 <= t < 0` (shaded). When false the temperature axis starts at 0.
    pub show_subzero: bool,
    /// Highlight this temperature: a horizontal line and the two taxed values.
    pub hover_t: Option<Q>,
    /// Multiplier for line widths, fonts and margins: the page passes
    /// `devicePixelRatio`, so a picture drawn at device resolution looks the
    /// same size as at 1x, only sharper.
    pub scale: f64,
    /// Optional caption above the plot.
    pub caption: Option<String>,
    /// Draw the legend (left wall / right wall / mast).
    pub legend: bool,
    /// Every colour, the background included ([`Palette::LIGHT`] unless
    /// the page's theme is dark).
    pub palette: Palette,
}

impl Default for DrawOptions {
    fn default() -> Self {
        DrawOptions { show_subzero: true, hover_t: None, scale: 1.0, caption: None, legend: true, palette: Palette::LIGHT }
    }
}

/// The data window of a picture: which temperatures and values are visible.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    /// Bottom of the temperature axis (-1 with the sub-zero band, else 0).
    pub t_bottom: f64,
    /// Top of the temperature axis (a little above the temperature).
    pub t_top: f64,
    /// Value at the left edge (the LARGER end: the axis is reversed).
    pub value_left: f64,
    /// Value at the right edge (the smaller end).
    pub value_right: f64,
}

impl ViewBox {
    /// The visible window for `th`; `None` when some value is too large for
    /// `f64` (the exact numbers are still shown as text by the caller).
    pub fn of(th: &Thermograph, show_subzero: bool) -> Option<ViewBox> {
        let t_bottom = if show_subzero { -1.0 } else { 0.0 };
        let temp = th.temperature().to_f64();
        let hot = temp.max(0.0);
        // The mast continues above the walls: extend by a fraction of the
        // height so that it reads as "and so on upwards".
        let t_top = hot + (0.15 * (hot - t_bottom)).max(0.5);
        let mut lo = th.mean().to_f64();
        let mut hi = lo;
        let t_from = Q::from_int(t_bottom as i64);
        for wall in [th.left_wall(), th.right_wall()] {
            for (t, v) in visible_points(wall, &t_from, th.temperature()) {
                let _ = t;
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
        let span = hi - lo;
        let pad = if span > 0.0 { 0.08 * span } else { 1.0 };
        let vb = ViewBox { t_bottom, t_top, value_left: hi + pad, value_right: lo - pad };
        let finite = [vb.t_top, vb.value_left, vb.value_right].iter().all(|x| x.is_finite()) && vb.value_left > vb.value_right && vb.t_top > vb.t_bottom;
        finite.then_some(vb)
    }
}

/// Where the plotting area landed on the backend, and its data window: enough
/// for the page to turn a pointer position back into a temperature.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotFrame {
    /// Backend pixels of the plotting area (left, top, right, bottom).
    pub px_left: i32,
    pub px_top: i32,
    pub px_right: i32,
    pub px_bottom: i32,
    pub view: ViewBox,
}

impl PlotFrame {
    /// Is the backend pixel inside the plotting area?
    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.px_left as f64 && x <= self.px_right as f64 && y >= self.px_top as f64 && y <= self.px_bottom as f64
    }
    /// The temperature at backend pixel row `y` (clamped to the axis).
    pub fn t_at(&self, y: f64) -> f64 {
        let h = (self.px_bottom - self.px_top).max(1) as f64;
        let f = ((self.px_bottom as f64 - y) / h).clamp(0.0, 1.0);
        self.view.t_bottom + f * (self.view.t_top - self.view.t_bottom)
    }
    /// The value at backend pixel column `x` (larger values to the left).
    pub fn value_at(&self, x: f64) -> f64 {
        let w = (self.px_right - self.px_left).max(1) as f64;
        let f = ((x - self.px_left as f64) / w).clamp(0.0, 1.0);
        self.view.value_left + f * (self.view.value_right - self.view.value_left)
    }
    /// Temperature units per backend pixel (for snapping the pointer).
    pub fn t_per_pixel(&self) -> f64 {
        (self.view.t_top - self.view.t_bottom) / (self.px_bottom - self.px_top).max(1) as f64
    }
}

/// Errors of the backend the picture is drawn on.
pub type DrawError<DB> = DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>;

/// The breakpoints of `wall` between `from` and `to` (both ends included) as
/// `f64` pairs `(t, value)`; empty when `to < from`.
pub(crate) fn visible_points(wall: &Wall, from: &Q, to: &Q) -> Vec<(f64, f64)> {
    if to < from {
        return Vec::new();
    }
    let mut pts: Vec<(f64, f64)> = wall.points_from(from).into_iter().take_while(|(t, _)| t < to).map(|(t, v)| (t.to_f64(), v.to_f64())).collect();
    pts.push((to.to_f64(), wall.eval(to).to_f64()));
    pts
}

/// Tick positions in `[lo, hi]`: about `max` of them, at integer steps of
/// 1, 2, 5 x 10^k for wide ranges and at dyadic steps (1/2, 1/4, ...) for
/// narrow ones, so that fractional ticks print exactly (`3/4`, not `0.75`).
pub fn ticks(lo: f64, hi: f64, max: usize) -> Vec<f64> {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) || max == 0 {
        return Vec::new();
    }
    let raw = span / max as f64;
    let step = if raw >= 1.0 {
        let mag = 10f64.powf(raw.log10().floor());
        [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|st| *st >= raw).unwrap_or(10.0 * mag)
    } else {
        // Smallest power of two >= raw, at least 2^-20 to stay finite.
        2f64.powi((raw.log2().ceil() as i32).max(-20))
    };
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).take(4 * max + 1).map(|i| i as f64 * step).collect()
}

/// A linear `f64` axis with our own tick positions ([`ticks`]); `from > to`
/// gives a reversed axis. (plotters' own `with_key_points` wrapper loses the
/// label formatter, hence this small type.)
#[derive(Clone, Debug)]
pub(crate) struct TickedAxis {
    from: f64,
    to: f64,
    ticks: Vec<f64>,
}

impl Ranged for TickedAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;
    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        RangedCoordf64::from(self.from..self.to).map(v, limit)
    }
    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        match hint.weight() {
            KeyPointWeight::Bold => self.ticks.clone(),
            // Light grid lines halfway between the ticks.
            KeyPointWeight::Any => {
                let mut pts = self.ticks.clone();
                pts.extend(self.ticks.windows(2).map(|w| (w[0] + w[1]) / 2.0));
                pts
            }
        }
    }
    fn range(&self) -> Range<f64> {
        self.from..self.to
    }
}

/// Tick label: integers as integers, small dyadic fractions as `p/q` (the way
/// the rest of the app prints exact values), anything else in decimals.
pub fn tick_label(x: f64) -> String {
    if !x.is_finite() {
        return String::new();
    }
    if x.abs() >= 1e7 {
        return format!("{x:.2e}");
    }
    for den in [1i64, 2, 4, 8] {
        let n = x * den as f64;
        if (n - n.round()).abs() < 1e-9 * den as f64 {
            let n = n.round() as i64;
            let n = if n == 0 { 0 } else { n }; // no "-0"
            return if den == 1 { n.to_string() } else { format!("{n}/{den}") };
        }
    }
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Draw `th` filling `area` and return where the plot landed.
///
/// When a value is too large for `f64` the area shows a note instead of the
/// picture and the result is `Ok(None)`.
pub fn draw_thermograph<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, th: &Thermograph, opts: &DrawOptions) -> Result<Option<PlotFrame>, DrawError<DB>> {
    let s = if opts.scale.is_finite() && opts.scale > 0.0 { opts.scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    let pal = &opts.palette;
    area.fill(&pal.background)?;
    let font = |size: f64| ("sans-serif", size * s).into_font();

    let Some(view) = ViewBox::of(th, opts.show_subzero) else {
        area.draw(&Text::new("values too large to draw; the exact figures are shown beside", (px(12.0) as i32, px(24.0) as i32), font(14.0).color(&pal.text)))?;
        return Ok(None);
    };

    // Room for the longest tick label on the temperature axis.
    // (Tick marks are "nice" numbers: the integer part of the top and short
    // fractions like -1/2 are the longest labels.)
    let widest = [view.t_bottom, view.t_top.floor(), -0.5].iter().map(|t| tick_label(*t).len()).max().unwrap_or(1);
    let y_label_area = (widest as f64 * 7.0 + 34.0) * s;

    // The legend gets its own strip above the plot, so it never hides a wall.
    let (legend_area, plot_area) = if opts.legend {
        let width = area.dim_in_pixel().0 as i32;
        area.split_vertically(legend_height(opts.show_subzero, width, s))
    } else {
        area.split_vertically(0)
    };
    if opts.legend {
        draw_legend(&legend_area, opts.show_subzero, s, pal)?;
    }

    let mut builder = ChartBuilder::on(&plot_area);
    builder.margin(px(14.0)).margin_left(px(8.0)).x_label_area_size(px(46.0)).y_label_area_size(y_label_area.round() as u32);
    if let Some(c) = &opts.caption {
        builder.caption(c, font(15.0).color(&pal.text));
    }
    // A reversed range (start > end) maps larger values to the left.
    let x_ticks = ticks(view.value_right, view.value_left, 9);
    let t_ticks = ticks(view.t_bottom, view.t_top, 9);
    let mut chart = builder.build_cartesian_2d(
        TickedAxis { from: view.value_left, to: view.value_right, ticks: x_ticks },
        TickedAxis { from: view.t_bottom, to: view.t_top, ticks: t_ticks },
    )?;

    draw_mesh(&mut chart, "value (larger to the left)", "temperature t", s, pal)?;

    let (vl, vr) = (view.value_left, view.value_right);
    if opts.show_subzero {
        // Named in the legend rather than inside the band, where a label
        // would collide with the walls.
        chart.draw_series(std::iter::once(Rectangle::new([(vl, view.t_bottom), (vr, 0.0)], pal.subzero.mix(0.18).filled())))?;
    }
    // The classical axis t = 0.
    chart.draw_series(LineSeries::new([(vl, 0.0), (vr, 0.0)], pal.neutral.stroke_width(px(1.0))))?;

    let temp = th.temperature();
    let t_from = Q::from_int(view.t_bottom as i64);
    let as_xy = |pts: Vec<(f64, f64)>| pts.into_iter().map(|(t, v)| (v, t)).collect::<Vec<_>>();
    let left = as_xy(visible_points(th.left_wall(), &t_from, temp));
    let right = as_xy(visible_points(th.right_wall(), &t_from, temp));

    let wall_w = px(2.5);
    for (side, pts) in [(Side::Left, left), (Side::Right, right)] {
        let st = pal.side(side);
        side_line(&mut chart, pts, st.dash, st.color.stroke_width(wall_w), s)?;
    }

    // The mast: from where the walls meet (or the bottom, for numbers whose
    // temperature is below the visible range) to above the top of the walls.
    let mean = th.mean().to_f64();
    let mast_from = temp.to_f64().max(view.t_bottom);
    chart.draw_series(LineSeries::new([(mean, mast_from), (mean, view.t_top)], pal.mast.stroke_width(px(3.0))))?;
    if temp.to_f64() >= view.t_bottom {
        chart.draw_series(std::iter::once(Circle::new((mean, mast_from), px(3.5), pal.mast.filled())))?;
        // Name the point where the mast starts (above the foot only the
        // mast is drawn).
        use plotters::style::text_anchor::{HPos, Pos, VPos};
        // The label goes on the side with more room; where even that side
        // is too narrow for one line, mean and temperature take two.
        let (x_px, _) = chart.backend_coord(&(mean, mast_from));
        let (left_px, right_px) = {
            let (a, _) = chart.backend_coord(&(view.value_left, mast_from));
            let (b, _) = chart.backend_coord(&(view.value_right, mast_from));
            (x_px - a, b - x_px)
        };
        let one_line = format!("mean {}, temperature {}", th.mean(), temp);
        let char_px = 6.6 * s;
        let (h, dx, room) = if right_px >= left_px { (HPos::Left, px(8.0) as i32, right_px) } else { (HPos::Right, -(px(8.0) as i32), left_px) };
        let lines: Vec<String> = if (one_line.chars().count() as f64) * char_px + 10.0 * s <= room as f64 {
            vec![one_line]
        } else {
            vec![format!("mean {}", th.mean()), format!("temperature {temp}")]
        };
        let style = font(12.0).color(&pal.mast).pos(Pos::new(h, VPos::Bottom));
        // Small pictures without a legend sit beside their own figures:
        // the label would only be cut off there.
        if opts.legend {
            let n = lines.len() as i32;
            for (i, line) in lines.into_iter().enumerate() {
                let dy = -(px(6.0) as i32) - (n - 1 - i as i32) * px(15.0) as i32;
                chart.draw_series(std::iter::once(EmptyElement::at((mean, mast_from)) + Text::new(line, (dx, dy), style.clone())))?;
            }
        }
    }

    if let Some(t) = &opts.hover_t {
        let tf = t.to_f64();
        if tf >= view.t_bottom && tf <= view.t_top {
            let (a, b) = th.taxed(t);
            chart.draw_series(LineSeries::new([(vl, tf), (vr, tf)], pal.hover.stroke_width(px(1.5))))?;
            chart.draw_series([Circle::new((a.to_f64(), tf), px(4.5), pal.left.filled()), Circle::new((b.to_f64(), tf), px(4.5), pal.right.filled())])?;
        }
    }

    let (xr, yr) = chart.plotting_area().get_pixel_range();
    Ok(Some(PlotFrame { px_left: xr.start, px_top: yr.start, px_right: xr.end, px_bottom: yr.end, view }))
}

/// The grid, ticks and axis names every chart here shares.
pub(crate) fn draw_mesh<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<TickedAxis, TickedAxis>>,
    x_desc: &str,
    y_desc: &str,
    s: f64,
    pal: &Palette,
) -> Result<(), DrawError<DB>> {
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    let font = |size: f64| ("sans-serif", size * s).into_font().color(&pal.text);
    let fmt = |x: &f64| tick_label(*x);
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_label_formatter(&fmt)
        .y_label_formatter(&fmt)
        .label_style(font(12.0))
        .axis_desc_style(font(13.0))
        .bold_line_style(pal.grid_bold.stroke_width(px(1.0)))
        .light_line_style(pal.grid_light.stroke_width(px(1.0)))
        .axis_style(pal.axis.stroke_width(px(1.0)))
        .draw()
}

/// A polyline in `style`, dashed when `dash` is given (pixels scaled by
/// `s`): how every picture draws a side's line, so Right's dash is the
/// same everywhere.
pub(crate) fn side_line<DB: DrawingBackend, CT: CoordTranslate<From = (f64, f64)>>(
    chart: &mut ChartContext<'_, DB, CT>,
    pts: Vec<(f64, f64)>,
    dash: Option<Dash>,
    style: ShapeStyle,
    s: f64,
) -> Result<(), DrawError<DB>> {
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    match dash {
        Some(d) => chart.draw_series(DashedLineSeries::new(pts, px(d.on), px(d.off), style))?,
        None => chart.draw_series(LineSeries::new(pts, style))?,
    };
    Ok(())
}

/// One legend entry: its label, the style of its sample, dashed or not.
type LegendEntry = (&'static str, ShapeStyle, bool);

fn legend_entries(subzero: bool, s: f64, pal: &Palette) -> Vec<LegendEntry> {
    let w = |x: f64| (x * s).round() as u32;
    let (l, r) = (pal.side(Side::Left), pal.side(Side::Right));
    let mut entries: Vec<LegendEntry> = vec![
        ("left wall (Left, tVL)", l.color.stroke_width(w(2.5)), l.dash.is_some()),
        ("right wall (Right, tVR)", r.color.stroke_width(w(2.5)), r.dash.is_some()),
        ("mast", pal.mast.stroke_width(w(3.0)), false),
    ];
    if subzero {
        entries.push(("sub-zero band (t < 0)", pal.subzero.mix(0.35).filled(), false));
    }
    entries
}

/// Where each legend entry goes, `(x, row)`, wrapping onto more rows when
/// the picture is narrow, and the number of rows.
fn legend_layout(entries: &[LegendEntry], width: i32, s: f64) -> (Vec<(i32, i32)>, i32) {
    let px = |x: f64| (x * s).round() as i32;
    // Sample, gap, and an estimate of the text width (good enough here).
    let widths: Vec<i32> = entries.iter().map(|(label, _, _)| px(28.0) + (label.len() as f64 * 6.3 * s) as i32).collect();
    wrap_rows(&widths, width, px(12.0), px(18.0))
}

/// Lay items of the given widths out left to right from `left`, `gap`
/// apart, starting a new row when the next would pass `width`: each item's
/// `(x, row)` and the number of rows.
pub(crate) fn wrap_rows(widths: &[i32], width: i32, left: i32, gap: i32) -> (Vec<(i32, i32)>, i32) {
    let (mut x, mut row) = (left, 0);
    let mut out = Vec::with_capacity(widths.len());
    for &w in widths {
        if x + w > width && x > left {
            row += 1;
            x = left;
        }
        out.push((x, row));
        x += w + gap;
    }
    (out, row + 1)
}

/// Height of the legend strip for a picture `width` backend pixels wide.
fn legend_height(subzero: bool, width: i32, s: f64) -> u32 {
    // The layout does not depend on the colours.
    let (_, rows) = legend_layout(&legend_entries(subzero, s, &Palette::LIGHT), width, s);
    ((10.0 + 20.0 * rows as f64) * s).round() as u32
}

/// The legend: a sample of each line and its name, in as many rows as needed.
fn draw_legend<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, subzero: bool, s: f64, pal: &Palette) -> Result<(), DrawError<DB>> {
    let px = |x: f64| (x * s).round() as i32;
    let font = ("sans-serif", 12.0 * s).into_font().color(&pal.legend_text);
    let sample = px(22.0);
    let entries = legend_entries(subzero, s, pal);
    let width = area.dim_in_pixel().0 as i32;
    let (places, _) = legend_layout(&entries, width, s);
    for ((label, style, dashed), (x, row)) in entries.into_iter().zip(places) {
        let y = px(16.0) + row * px(20.0);
        if style.filled {
            area.draw(&Rectangle::new([(x, y - px(6.0)), (x + sample, y + px(6.0))], style))?;
        } else if dashed {
            area.draw(&DashedPathElement::new([(x, y), (x + sample, y)], px(RIGHT_DASH.on), px(RIGHT_DASH.off), style))?;
        } else {
            area.draw(&PathElement::new([(x, y), (x + sample, y)], style))?;
        }
        area.draw(&Text::new(label, (x + sample + px(6.0), y - px(6.0)), font.clone()))?;
    }
    Ok(())
}

/// The picture as an SVG document of `w` x `h` pixels (the page's "download
/// SVG", and what the native tests look at).
pub fn thermograph_svg(th: &Thermograph, w: u32, h: u32, opts: &DrawOptions) -> String {
    svg_document(w, h, |area| draw_thermograph(area, th, opts).map(|_| ()))
}

/// Draw `f` onto an SVG document of `w` x `h` pixels. The SVG backend
/// writes into a String and cannot fail; an error here would be a bug in
/// the drawing code, reported in the picture's place.
pub(crate) fn svg_document(w: u32, h: u32, f: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), DrawingAreaErrorKind<std::io::Error>>) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (w.max(1), h.max(1))).into_drawing_area();
        if let Err(e) = f(&area).and_then(|_| area.present()) {
            drop(area);
            return format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\"><text x=\"10\" y=\"20\">drawing failed: {}</text></svg>",
                escape(&e.to_string())
            );
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::notation::{GameTree, ParseLimits};

    fn th(src: &str) -> Thermograph {
        GameTree::parse_with(src, &ParseLimits::INTERACTIVE).expect("valid game").thermograph()
    }
    fn hex(c: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    }

    #[test]
    fn svg_has_both_walls_the_mast_and_labels() {
        let svg = thermograph_svg(&th("14|2|||-2||-14|-16"), 640, 480, &DrawOptions::default());
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.contains(&format!("stroke=\"{}\"", hex(Palette::LIGHT.left))), "no blue wall");
        assert!(svg.contains(&format!("stroke=\"{}\"", hex(Palette::LIGHT.right))), "no red wall");
        assert!(svg.contains(&format!("stroke=\"{}\"", hex(Palette::LIGHT.mast))), "no mast");
        assert!(svg.contains("value (larger to the left)"));
        assert!(svg.contains("temperature t"));
        assert!(svg.contains("sub-zero"));
    }

    #[test]
    fn right_wall_is_dashed_left_is_not() {
        let svg = thermograph_svg(&th("{5|-5}"), 400, 300, &DrawOptions { legend: false, ..Default::default() });
        let count = |c: RGBColor| svg.matches(&format!("stroke=\"{}\"", hex(c))).count();
        // One polyline for the solid left wall; a dashed wall is many pieces.
        assert_eq!(count(Palette::LIGHT.left), 1);
        assert!(count(Palette::LIGHT.right) > 3, "right wall should be dashed");
    }

    #[test]
    fn hiding_subzero_starts_the_axis_at_zero() {
        let g = th("{{-2|-4}|-7}");
        let with = ViewBox::of(&g, true).unwrap();
        let without = ViewBox::of(&g, false).unwrap();
        assert_eq!(with.t_bottom, -1.0);
        assert_eq!(without.t_bottom, 0.0);
        let svg_with = thermograph_svg(&g, 500, 400, &DrawOptions::default());
        let svg_without = thermograph_svg(&g, 500, 400, &DrawOptions { show_subzero: false, ..Default::default() });
        assert!(svg_with.contains("sub-zero"));
        assert!(!svg_without.contains("sub-zero"));
        assert_ne!(svg_with, svg_without);
    }

    #[test]
    fn larger_values_are_on_the_left() {
        let g = th("{10|-3}");
        let v = ViewBox::of(&g, true).unwrap();
        assert!(v.value_left > 10.0 && v.value_right < -3.0);
        // The mast at 7/2 and temperature 13/2, with room above.
        assert!(v.t_top > 6.5);
    }

    #[test]
    fn frame_inverts_pixels() {
        let g = th("4|0");
        let mut out = String::new();
        let frame = {
            let area = SVGBackend::with_string(&mut out, (600, 400)).into_drawing_area();
            draw_thermograph(&area, &g, &DrawOptions::default()).unwrap().unwrap()
        };
        assert!(frame.px_left < frame.px_right && frame.px_top < frame.px_bottom);
        assert!((frame.t_at(frame.px_bottom as f64) - -1.0).abs() < 1e-9);
        assert!((frame.t_at(frame.px_top as f64) - frame.view.t_top).abs() < 1e-9);
        assert!(frame.value_at(frame.px_left as f64) > frame.value_at(frame.px_right as f64));
        assert!(frame.contains(((frame.px_left + frame.px_right) / 2) as f64, frame.px_top as f64 + 1.0));
    }

    #[test]
    fn hover_line_and_markers() {
        let g = th("4|0");
        let opts = DrawOptions { hover_t: Some(Q::frac(1, 2)), ..Default::default() };
        let svg = thermograph_svg(&g, 500, 400, &opts);
        assert!(svg.contains(&hex(Palette::LIGHT.hover)));
        assert!(!thermograph_svg(&g, 500, 400, &DrawOptions::default()).contains(&hex(Palette::LIGHT.hover)));
    }

    #[test]
    fn numbers_and_integers_draw() {
        for src in ["5", "{1/2|3/4}", "0", "{|}", "-3/4"] {
            let g = th(src);
            for sz in [true, false] {
                let svg = thermograph_svg(&g, 300, 200, &DrawOptions { show_subzero: sz, ..Default::default() });
                assert!(svg.contains(&hex(Palette::LIGHT.mast)), "{src}");
            }
        }
    }

    #[test]
    fn huge_values_do_not_panic() {
        let g = th("{9223372036854775807|-9223372036854775807}");
        assert!(thermograph_svg(&g, 300, 200, &DrawOptions::default()).contains(&hex(Palette::LIGHT.mast)));
        // Far beyond f64: a note instead of a picture.
        let big = format!("{{{}|0}}", "9".repeat(400));
        let g = th(&big);
        let svg = thermograph_svg(&g, 300, 200, &DrawOptions::default());
        assert!(svg.contains("too large"));
    }

    #[test]
    fn tiny_and_degenerate_sizes() {
        let g = th("13|4||0|-11");
        for (w, h) in [(1, 1), (10, 10), (0, 0), (2000, 50)] {
            let _ = thermograph_svg(&g, w, h, &DrawOptions { scale: 2.0, ..Default::default() });
        }
    }

    #[test]
    fn legend_wraps_when_narrow() {
        let e = legend_entries(true, 1.0, &Palette::LIGHT);
        assert_eq!(legend_layout(&e, 1200, 1.0).1, 1);
        let (places, rows) = legend_layout(&e, 300, 1.0);
        assert!(rows >= 2);
        assert!(places.iter().all(|(x, _)| *x < 300));
        assert!(legend_height(true, 300, 1.0) > legend_height(true, 1200, 1.0));
        // Scaled for high-DPI: same layout at twice the pixels.
        assert_eq!(legend_layout(&legend_entries(true, 2.0, &Palette::DARK), 600, 2.0).1, rows);
    }

    #[test]
    fn the_dark_palette_paints_on_dark() {
        let dark = DrawOptions { palette: Palette::DARK, hover_t: Some(Q::from_int(1)), ..Default::default() };
        let svg = thermograph_svg(&th("14|2|||-2||-14|-16"), 640, 480, &dark);
        let p = Palette::DARK;
        // The background is the dark card, and nothing is filled white.
        assert!(svg.contains(&format!("fill=\"{}\"", hex(p.background))), "no dark background");
        assert!(!svg.contains("fill=\"#FFFFFF\""), "something painted white");
        for c in [p.left, p.right, p.mast, p.hover, p.axis, p.grid_bold, p.neutral] {
            assert!(svg.contains(&format!("stroke=\"{}\"", hex(c))), "no {}", hex(c));
        }
        // Text in the dark palette's colours, none in the light one's black.
        assert!(svg.contains(&format!("fill=\"{}\"", hex(p.text))));
        assert!(svg.contains(&format!("fill=\"{}\"", hex(p.legend_text))));
        assert!(!svg.contains("fill=\"#000000\""));
        // No colour of the light palette is left (each differs from DARK's).
        let l = Palette::LIGHT;
        for c in [l.background, l.text, l.legend_text, l.axis, l.grid_bold, l.grid_light, l.left, l.right, l.mast, l.hover, l.neutral] {
            assert!(!svg.contains(&hex(c)), "light colour {} in a dark picture", hex(c));
        }
        // Too large to draw: the note is in the dark palette too.
        let big = format!("{{{}|0}}", "9".repeat(400));
        let note = thermograph_svg(&th(&big), 300, 200, &dark);
        assert!(note.contains("too large") && note.contains(&hex(p.background)) && !note.contains("#FFFFFF"));
    }

    #[test]
    fn the_light_palette_draws_as_before() {
        // The CLI's recorded SVGs hold the light picture byte for byte
        // (crates/cli/tests/corpus.rs); these are its colours.
        let svg = thermograph_svg(&th("4|0"), 800, 500, &DrawOptions::default());
        for c in ["#FFFFFF", "#000000", "#30343C", "#555B66", "#D8DCE4", "#F0F2F6", "#1F5AC8", "#D12A2A", "#3A2D5C", "#8E9AB0", "#808690"] {
            assert!(svg.contains(c), "{c}");
        }
    }

    #[test]
    fn tick_labels_are_exact_looking() {
        assert_eq!(tick_label(2.0), "2");
        assert_eq!(tick_label(-0.0), "0");
        assert_eq!(tick_label(1.5), "3/2");
        assert_eq!(tick_label(-0.25), "-1/4");
        assert_eq!(tick_label(0.2), "0.2");
        assert_eq!(tick_label(1e9), "1.00e9");
    }
}
