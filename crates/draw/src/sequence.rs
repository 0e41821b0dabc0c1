//! A nim sequence `G(0), G(1), ...` as a plot of `G(n)` against `n`: a
//! pure function from the values (and their period, if any) to any
//! plotters backend, like the rest of this crate (the Nim sequences page
//! draws it on a canvas and exports it as SVG).
//!
//! Each value is a point. When there are more values than pixel columns,
//! each column shows every distinct value of the heaps it covers (a short
//! bar per value), so no value that occurs is lost however long the
//! sequence. The preperiod is shaded, the first period shaded in another
//! colour, a line marks where the period starts and thinner ones where each
//! later period starts (while they are a few pixels apart), and the
//! exceptional values of the preperiod — those the period does not give
//! ([`is_exception`]) — are drawn in the hover colour, as the page's table
//! emphasises them. A key above the plot names the marks.

use crate::Palette;
use cgt::impartial::Periodicity;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Type size at scale 1 (CSS px).
const FONT: f64 = 12.0;
/// Least pixels between two period lines drawn after the first.
const MIN_LINE_GAP: f64 = 6.0;

/// Whether `G(n)` is an exception of the preperiod, as Winning Ways
/// (ch. 4) lists them: `n < q` and `G(n)` differs from what the period
/// gives there, `G(n + kp) - ks` for the first `k` with `n + kp >= q`
/// (where that heap is in the table).
pub fn is_exception(values: &[u32], per: &Periodicity, n: usize) -> bool {
    if n >= per.preperiod || per.period == 0 || n >= values.len() {
        return false;
    }
    let k = (per.preperiod - n).div_ceil(per.period);
    values.get(n + k * per.period).is_some_and(|&later| u64::from(later) != u64::from(values[n]) + k as u64 * u64::from(per.saltus))
}

/// What one pixel column of a long sequence shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The first and last heap it covers.
    pub first: usize,
    pub last: usize,
    /// The distinct values among them (sorted), each with whether a heap
    /// with that value is an exception.
    pub values: Vec<(u32, bool)>,
}

/// What each pixel column shows; `columns` is the plot's width in pixels.
pub fn columns(values: &[u32], per: Option<&Periodicity>, columns: usize) -> Vec<Column> {
    let len = values.len();
    let cols = columns.max(1);
    let mut out = Vec::new();
    let mut start = 0;
    for c in 0..cols {
        let end = ((c + 1) * len).div_ceil(cols).min(len);
        if end <= start {
            continue;
        }
        let mut vs: Vec<(u32, bool)> = (start..end).map(|n| (values[n], per.is_some_and(|p| is_exception(values, p, n)))).collect();
        vs.sort_unstable();
        // Keep one entry a value, marked if any heap with it is an exception.
        let mut dedup: Vec<(u32, bool)> = Vec::with_capacity(vs.len().min(64));
        for (v, e) in vs {
            match dedup.last_mut() {
                Some(last) if last.0 == v => last.1 |= e,
                _ => dedup.push((v, e)),
            }
        }
        out.push(Column { first: start, last: end - 1, values: dedup });
        start = end;
    }
    out
}

/// Draws `G(0..values.len())` with its period marked (`per`, if any) on
/// `area`, in `pal`'s colours; `scale` is the device pixel ratio (type and
/// marks grow with it).
pub fn draw_sequence<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    values: &[u32],
    per: Option<&Periodicity>,
    scale: f64,
    pal: &Palette,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&pal.background)?;
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    let (w, h) = area.dim_in_pixel();
    let font_px = px(FONT);
    let line = (f64::from(font_px) * 1.3).ceil() as u32;
    if w < 8 * font_px || h < 6 * line {
        return Ok(());
    }
    let len = values.len().max(1);
    let top = values.iter().copied().max().unwrap_or(0);
    let y_max = f64::from(top) + 1.0;
    let font = ("sans-serif", font_px).into_font().color(&pal.text);
    // The key above the chart.
    let key_h = line + px(6.0);
    let chart_area = area.clone().shrink((0, key_h), (w, h.saturating_sub(key_h)));
    let y_label_w = (f64::from(font_px) * 0.62 * (top.to_string().len() as f64 + 1.0)).ceil() as u32 + line + px(12.0);
    let mut chart = ChartBuilder::on(&chart_area)
        .margin_top(px(6.0))
        .margin_left(px(8.0))
        .margin_right(px(14.0))
        .margin_bottom(px(6.0))
        .x_label_area_size(line * 2 + px(10.0))
        .y_label_area_size(y_label_w)
        .build_cartesian_2d(-0.5f64..len as f64 - 0.5, -0.5f64..y_max)?;
    let int_label = |x: &f64| if (x - x.round()).abs() < 1e-9 && *x >= 0.0 { format!("{}", x.round() as i64) } else { String::new() };
    chart
        .configure_mesh()
        .x_desc("n")
        .y_desc("G(n)")
        .x_labels(8)
        .y_labels((top as usize + 2).min(8))
        .x_label_formatter(&int_label)
        .y_label_formatter(&int_label)
        .set_all_tick_mark_size(px(4.0))
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .bold_line_style(pal.grid_bold.stroke_width(px(1.0)))
        .light_line_style(pal.background.mix(0.0))
        .axis_style(pal.axis.stroke_width(px(1.0)))
        .draw()?;
    let (plot_w, plot_h) = chart.plotting_area().dim_in_pixel();
    let x_per_px = len as f64 / f64::from(plot_w.max(1));
    let y_per_px = (y_max + 0.5) / f64::from(plot_h.max(1));
    let pre_fill = pal.subzero.mix(0.22);
    let first_fill = pal.mean.mix(0.16);
    if let Some(p) = per {
        let q = p.preperiod.min(len) as f64;
        if p.preperiod > 0 {
            chart.draw_series(std::iter::once(Rectangle::new([(-0.5, -0.5), (q - 0.5, y_max)], pre_fill.filled())))?;
        }
        let first_end = (p.preperiod + p.period).min(len) as f64;
        if p.preperiod < len {
            chart.draw_series(std::iter::once(Rectangle::new([(q - 0.5, -0.5), (first_end - 0.5, y_max)], first_fill.filled())))?;
            chart.draw_series(std::iter::once(PathElement::new([(q - 0.5, -0.5), (q - 0.5, y_max)], pal.temperature.stroke_width(px(2.0)))))?;
        }
        // Later periods' starts, while they stay apart.
        if p.period as f64 / x_per_px >= MIN_LINE_GAP * s {
            let mut n = p.preperiod + p.period;
            while n < len {
                let x = n as f64 - 0.5;
                chart.draw_series(std::iter::once(PathElement::new([(x, -0.5), (x, y_max)], pal.neutral.mix(0.7).stroke_width(px(1.0)))))?;
                n += p.period;
            }
        }
    }
    // The points: one per value, or per column every distinct value.
    let exc = pal.hover;
    let ink = pal.mast;
    let spacing_px = 1.0 / x_per_px;
    if spacing_px >= 3.0 * s {
        let r = (spacing_px / 2.6).clamp(1.5 * s, 4.0 * s).round() as u32;
        chart.draw_series(values.iter().enumerate().map(|(n, &v)| {
            let e = per.is_some_and(|p| is_exception(values, p, n));
            Circle::new((n as f64, f64::from(v)), if e { r + px(1.0) } else { r }, if e { exc.filled() } else { ink.filled() })
        }))?;
    } else {
        let half = (1.6 * s * y_per_px).max(0.0);
        let cols = columns(values, per, plot_w as usize);
        chart.draw_series(cols.iter().flat_map(|c| {
            let (x0, x1) = (c.first as f64 - 0.5, c.last as f64 + 0.5);
            c.values.iter().map(move |&(v, e)| {
                let y = f64::from(v);
                Rectangle::new([(x0, y - half), (x1, y + half)], if e { exc.filled() } else { ink.filled() })
            })
        }))?;
    }
    draw_key(area, per, font_px, line, s, pal, (pre_fill, first_fill))?;
    Ok(())
}

/// The key above the chart: what the shading, the line and the colours
/// mean, or "no period" when there is none.
fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    per: Option<&Periodicity>,
    font_px: u32,
    line: u32,
    s: f64,
    pal: &Palette,
    (pre_fill, first_fill): (RGBAColor, RGBAColor),
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let label = ("sans-serif", font_px).into_font().color(&pal.legend_text).pos(Pos::new(HPos::Left, VPos::Center));
    let y = (line / 2 + (3.0 * s) as u32) as i32;
    let sw = (10.0 * s) as i32;
    let gap = (6.0 * s) as i32;
    let mut x = (8.0 * s) as i32;
    let text = |x: &mut i32, t: &str| -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        area.draw_text(t, &label, (*x, y))?;
        *x += (t.chars().count() as f64 * f64::from(font_px) * 0.55).ceil() as i32 + 2 * gap;
        Ok(())
    };
    let Some(p) = per else {
        area.draw(&Circle::new((x + sw / 2, y), (3.0 * s) as u32, pal.mast.filled()))?;
        x += sw + gap;
        return text(&mut x, "G(n); no period seen");
    };
    if p.preperiod > 0 {
        area.draw(&Rectangle::new([(x, y - sw / 2), (x + sw, y + sw / 2)], pre_fill.filled()))?;
        area.draw(&Rectangle::new([(x, y - sw / 2), (x + sw, y + sw / 2)], pal.subzero.stroke_width(1)))?;
        x += sw + gap;
        text(&mut x, &format!("preperiod (n < {})", p.preperiod))?;
    }
    area.draw(&Rectangle::new([(x, y - sw / 2), (x + sw, y + sw / 2)], first_fill.filled()))?;
    area.draw(&PathElement::new([(x, y - sw / 2), (x, y + sw / 2)], pal.temperature.stroke_width((2.0 * s).round() as u32)))?;
    x += sw + gap;
    let saltus = if p.saltus > 0 { format!(", saltus {}", p.saltus) } else { String::new() };
    text(&mut x, &format!("first period ({}{saltus})", p.period))?;
    if p.preperiod > 0 {
        area.draw(&Circle::new((x + sw / 2, y), (4.0 * s) as u32, pal.hover.filled()))?;
        x += sw + gap;
        text(&mut x, "exception")?;
    }
    Ok(())
}

/// The plot as an SVG document (the page's "SVG" export).
pub fn sequence_svg(values: &[u32], per: Option<&Periodicity>, w: u32, h: u32, pal: &Palette) -> String {
    crate::svg_document(w, h, |a| draw_sequence(a, values, per, 1.0, pal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(c: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    }

    fn kayles(n: usize) -> (Vec<u32>, Periodicity) {
        let rule: cgt::impartial::HeapRule = "0.77".parse().unwrap();
        let seq = cgt::impartial::nim_sequence(&rule, n).unwrap();
        (seq.asked_values().to_vec(), seq.period().unwrap())
    }

    #[test]
    fn exceptions_are_the_preperiods_values_the_period_does_not_repeat() {
        let (v, per) = kayles(200);
        assert_eq!((per.period, per.preperiod), (12, 71));
        // G(70) = 6 while G(82) = 2: the last exception.
        assert!(is_exception(&v, &per, 70));
        assert!(!is_exception(&v, &per, 71) && !is_exception(&v, &per, 1));
        // Winning Ways' (ch. 4) list of Kayles' exceptions.
        let all: Vec<usize> = (0..v.len()).filter(|&n| is_exception(&v, &per, n)).collect();
        assert_eq!(all, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
    }

    #[test]
    fn columns_keep_every_distinct_value() {
        let v: Vec<u32> = (0..1000).map(|n| (n % 7) as u32).collect();
        let cols = columns(&v, None, 100);
        assert_eq!(cols.len(), 100);
        assert_eq!(cols[0], Column { first: 0, last: 9, values: (0..7).map(|x| (x, false)).collect() });
        assert_eq!(cols.last().unwrap().last, 999);
        // Fewer values than columns: one value a column.
        let few = columns(&[3, 1, 4], None, 10);
        let one = |n: usize, v: u32| Column { first: n, last: n, values: vec![(v, false)] };
        assert_eq!(few, vec![one(0, 3), one(1, 1), one(2, 4)]);
        assert!(columns(&[], None, 10).is_empty());
    }

    #[test]
    fn draws_points_shading_and_the_key_in_both_palettes() {
        let (v, per) = kayles(200);
        for pal in [Palette::LIGHT, Palette::DARK] {
            let svg = sequence_svg(&v, Some(&per), 900, 320, &pal);
            assert!(svg.starts_with("<svg") && svg.contains("first period (12)") && svg.contains("preperiod (n &lt; 71)"), "{}", &svg[..300]);
            assert!(svg.contains(&format!("fill=\"{}\"", hex(pal.background))));
            // Points in the ink colour and exceptions in the hover colour.
            assert!(svg.matches(&format!("fill=\"{}\"", hex(pal.mast))).count() > 50);
            assert!(svg.matches(&format!("fill=\"{}\"", hex(pal.hover))).count() > 5);
            // The period's first line.
            assert!(svg.contains(&format!("stroke=\"{}\"", hex(pal.temperature))));
        }
        let dark = sequence_svg(&v, Some(&per), 900, 320, &Palette::DARK);
        assert!(!dark.contains("#FFFFFF"), "the dark picture has no white");
    }

    #[test]
    fn long_sequences_and_small_areas_draw_without_panic() {
        let rule: cgt::impartial::HeapRule = "grundy".parse().unwrap();
        let seq = cgt::impartial::nim_sequence(&rule, 20_000).unwrap();
        let svg = sequence_svg(seq.asked_values(), None, 600, 300, &Palette::LIGHT);
        assert!(svg.contains("no period seen"));
        for (w, h) in [(1, 1), (40, 30), (200, 120)] {
            let _ = sequence_svg(&[0, 1, 2], None, w, h, &Palette::LIGHT);
        }
        let _ = sequence_svg(&[], None, 400, 200, &Palette::LIGHT);
        // Nim: arithmetic, no preperiod.
        let nim = Periodicity { period: 1, preperiod: 0, saltus: 1 };
        let v: Vec<u32> = (0..50).collect();
        let svg = sequence_svg(&v, Some(&nim), 500, 260, &Palette::LIGHT);
        assert!(svg.contains("saltus 1") && !svg.contains("exception"));
    }
}
