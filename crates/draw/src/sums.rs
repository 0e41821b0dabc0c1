//! The Sums page's pictures: every bracket on `VL` as a bar on one value
//! axis beside the exact value, and the thermostatic bracket against `t`.
//! Pure functions from numbers to any plotters backend, like the rest of
//! this crate; `*_svg` wrap them for the page and the tests. Colours from
//! the [`Palette`] passed in: brackets in the mast's colour, the exact value
//! in the pointer's (it is what the brackets aim at).

use crate::{Palette, RIGHT_DASH};
use cgt::side::Side;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The mesh of a sums picture in `pal`'s colours.
fn mesh_styles<'a, 'b, DB: DrawingBackend, X: Ranged, Y: Ranged>(
    mesh: &'b mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>,
    pal: &Palette,
) -> &'b mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB> {
    let font = ("sans-serif", 13).into_font().color(&pal.text);
    mesh.label_style(font.clone()).axis_desc_style(font).bold_line_style(pal.grid_bold).light_line_style(pal.grid_light).axis_style(pal.axis)
}

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
pub fn draw_bounds<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    bars: &[(String, f64, f64)],
    exact: Option<f64>,
    pal: &Palette,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&pal.background)?;
    let (x0, x1) = span(bars.iter().flat_map(|b| [b.1, b.2]).chain(exact));
    let n = bars.len().max(1) as f64;
    let font = ("sans-serif", 13).into_font().color(&pal.text);
    let mut chart = ChartBuilder::on(area).margin(8).x_label_area_size(28).y_label_area_size(150).build_cartesian_2d(x0..x1, 0f64..n)?;
    mesh_styles(chart.configure_mesh().disable_y_mesh().y_labels(0).x_desc("value"), pal).draw()?;
    for (i, (name, lo, hi)) in bars.iter().enumerate() {
        let y = n - i as f64 - 0.5;
        chart.draw_series(std::iter::once(Rectangle::new([(*lo, y - 0.28), (*hi, y + 0.28)], pal.mast.mix(0.75).filled())))?;
        // A bracket of width 0 still shows.
        chart.draw_series(std::iter::once(PathElement::new([(*lo, y - 0.38), (*lo, y + 0.38)], pal.mast.stroke_width(2))))?;
        chart.draw_series(std::iter::once(PathElement::new([(*hi, y - 0.38), (*hi, y + 0.38)], pal.mast.stroke_width(2))))?;
        let (px, py) = chart.backend_coord(&(x0, y));
        area.draw(&Text::new(name.clone(), (px - 146, py - 7), font.clone()))?;
    }
    if let Some(x) = exact {
        chart.draw_series(std::iter::once(PathElement::new([(x, 0.0), (x, n)], pal.hover.stroke_width(3))))?;
    }
    Ok(())
}

/// `curve[i] = (t, lo, hi)`, linear between the points; `exact` the value
/// the bracket holds at every `t`.
/// The lower bound is drawn as Left's line (blue, solid) and the upper as
/// Right's (red, dashed), as before the palette.
pub fn draw_thermostatic<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    curve: &[(f64, f64, f64)],
    exact: Option<f64>,
    pal: &Palette,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&pal.background)?;
    let t1 = curve.iter().map(|c| c.0).fold(0.0f64, f64::max).max(1.0);
    let (v0, v1) = span(curve.iter().flat_map(|c| [c.1, c.2]).chain(exact));
    let mut chart = ChartBuilder::on(area).margin(8).x_label_area_size(30).y_label_area_size(44).build_cartesian_2d(0f64..t1, v0..v1)?;
    mesh_styles(chart.configure_mesh().x_desc("t").y_desc("VL bracket"), pal).draw()?;
    let (lo_c, hi_c, exact_c) = (pal.left, pal.right, pal.hover);
    chart
        .draw_series(LineSeries::new(curve.iter().map(|c| (c.0, c.1)), lo_c.stroke_width(2)))?
        .label("lower")
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], lo_c.stroke_width(2)));
    chart
        .draw_series(DashedLineSeries::new(curve.iter().map(|c| (c.0, c.2)), RIGHT_DASH.on as u32, RIGHT_DASH.off as u32, hi_c.stroke_width(2)))?
        .label("upper (dashed)")
        .legend(move |(x, y)| plotters::element::DashedPathElement::new([(x, y), (x + 16, y)], 5, 3, hi_c.stroke_width(2)));
    if let Some(x) = exact {
        chart
            .draw_series(std::iter::once(PathElement::new([(0.0, x), (t1, x)], exact_c.stroke_width(2))))?
            .label("VL")
            .legend(move |(px, py)| PathElement::new([(px, py), (px + 16, py)], exact_c.stroke_width(2)));
    }
    chart
        .configure_series_labels()
        .background_style(pal.background.mix(0.8))
        .border_style(pal.neutral)
        .label_font(("sans-serif", 13).into_font().color(&pal.legend_text))
        .draw()?;
    Ok(())
}

use crate::svg_document as svg;

pub fn bounds_svg(bars: &[(String, f64, f64)], exact: Option<f64>, w: u32, h: u32, pal: &Palette) -> String {
    svg(w, h, |a| draw_bounds(a, bars, exact, pal))
}

pub fn thermostatic_svg(curve: &[(f64, f64, f64)], exact: Option<f64>, w: u32, h: u32, pal: &Palette) -> String {
    svg(w, h, |a| draw_thermostatic(a, curve, exact, pal))
}

/// How a B* tree node is marked in a step's picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Plain,
    /// The leaf this step expanded.
    Expanded,
    /// Nodes this step generated.
    New,
}

/// One node of a search tree to draw: its parent (an earlier node), its
/// range, the move into it, who moves there, and its mark.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    pub parent: Option<usize>,
    pub range: String,
    pub edge: String,
    pub to_move: Side,
    pub mark: Mark,
}

/// Most nodes a tree picture draws (the page cuts the tree to its top
/// levels beyond this).
pub const MAX_TREE_NODES: usize = 160;
const SLOT: f64 = 112.0;
const LEVEL: f64 = 74.0;

/// `s` cut to `max` characters, with `…` when cut.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Leaves on consecutive slots in depth-first order, each parent centred
/// over its children: `(x in slots, depth)` per node. Parents come before
/// their children in `nodes` (as a search generates them).
pub fn tree_layout(parents: &[Option<usize>]) -> Vec<(f64, usize)> {
    let n = parents.len();
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut depth = vec![0usize; n];
    for (i, p) in parents.iter().enumerate() {
        if let Some(p) = *p {
            if p < i {
                kids[p].push(i);
                depth[i] = depth[p] + 1;
            }
        }
    }
    let mut x = vec![0.0f64; n];
    let mut next = 0.0;
    // Post-order without recursion (deep trees must not overflow).
    for root in (0..n).filter(|&i| parents[i].is_none_or(|p| p >= i)) {
        let mut stack = vec![(root, false)];
        while let Some((v, done)) = stack.pop() {
            if done || kids[v].is_empty() {
                if kids[v].is_empty() {
                    x[v] = next;
                    next += 1.0;
                } else {
                    x[v] = (x[kids[v][0]] + x[*kids[v].last().expect("children")]) / 2.0;
                }
                continue;
            }
            stack.push((v, true));
            for &c in kids[v].iter().rev() {
                stack.push((c, false));
            }
        }
    }
    x.into_iter().zip(depth).collect()
}

/// The size in pixels a tree picture needs.
pub fn tree_size(nodes: &[TreeNode]) -> (u32, u32) {
    let lay = tree_layout(&nodes.iter().map(|n| n.parent).collect::<Vec<_>>());
    let slots = lay.iter().map(|p| p.0).fold(0.0f64, f64::max) + 1.0;
    let levels = lay.iter().map(|p| p.1).max().unwrap_or(0) + 1;
    ((slots * SLOT + 16.0) as u32, (levels as f64 * LEVEL + 20.0) as u32)
}

/// A search tree: boxes holding each node's range, edges labelled with the
/// move. Left-to-move nodes are blue squares marked `L`, Right-to-move
/// nodes red with rounded marks `R` (told apart without colour too); the
/// expanded leaf has a thick orange frame, new nodes a dashed one.
pub fn draw_tree<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, nodes: &[TreeNode], pal: &Palette) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&pal.background)?;
    let lay = tree_layout(&nodes.iter().map(|n| n.parent).collect::<Vec<_>>());
    let at = |i: usize| (8.0 + lay[i].0 * SLOT + SLOT / 2.0, 14.0 + lay[i].1 as f64 * LEVEL);
    let font = ("sans-serif", 12).into_font().color(&pal.text);
    let small = ("sans-serif", 10).into_font().color(&pal.faint);
    let (bw, bh) = (100.0, 24.0);
    for (i, n) in nodes.iter().enumerate() {
        if let Some(p) = n.parent.filter(|&p| p < i) {
            let (x0, y0) = at(p);
            let (x1, y1) = at(i);
            area.draw(&PathElement::new([(x0 as i32, (y0 + bh) as i32), (x1 as i32, y1 as i32)], pal.faint.mix(0.7).stroke_width(1)))?;
            let label = clip(&n.edge, 16);
            let (mx, my) = ((x0 + x1) / 2.0, (y0 + bh + y1) / 2.0);
            area.draw(&Text::new(label, (mx as i32 - 30, my as i32 - 6), small.clone()))?;
        }
    }
    for (i, n) in nodes.iter().enumerate() {
        let (x, y) = at(i);
        let (x0, y0, x1, y1) = ((x - bw / 2.0) as i32, y as i32, (x + bw / 2.0) as i32, (y + bh) as i32);
        // Left's nodes in Left's colour with a heavier frame and a square,
        // Right's in Right's colour with a circle.
        let c = pal.side(n.to_move).color;
        let weight = match n.to_move {
            Side::Left => 2,
            Side::Right => 1,
        };
        area.draw(&Rectangle::new([(x0, y0), (x1, y1)], c.mix(0.08).filled()))?;
        let frame = match n.mark {
            Mark::Expanded => pal.hover.stroke_width(4),
            _ => c.stroke_width(weight),
        };
        area.draw(&Rectangle::new([(x0, y0), (x1, y1)], frame))?;
        if n.mark == Mark::New {
            // A dashed outer frame: new this step.
            let mut k = x0 + 2;
            while k < x1 - 2 {
                area.draw(&PathElement::new([(k, y0 - 4), ((k + 5).min(x1 - 2), y0 - 4)], pal.hover.stroke_width(2)))?;
                k += 9;
            }
        }
        match n.to_move {
            Side::Left => area.draw(&Rectangle::new([(x0 + 3, y0 + 6), (x0 + 13, y0 + 16)], c.filled()))?,
            Side::Right => area.draw(&Circle::new((x0 + 8, y0 + 11), 5, c.filled()))?,
        }
        area.draw(&Text::new(n.to_move.letter().to_string(), (x0 + 16, y0 + 5), small.clone()))?;
        let label = clip(&n.range, 14);
        area.draw(&Text::new(label, (x0 + 26, y0 + 5), font.clone()))?;
    }
    Ok(())
}

pub fn tree_svg(nodes: &[TreeNode], pal: &Palette) -> String {
    let (w, h) = tree_size(nodes);
    svg(w, h, |a| draw_tree(a, nodes, pal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(c: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    }

    #[test]
    fn pictures_draw_every_bar_and_both_curves() {
        let bars = vec![("Milnor".to_string(), -1.0, 1.0), ("Hanner".to_string(), -1.0, 1.0), ("exact".to_string(), 1.0, 1.0)];
        let s = bounds_svg(&bars, Some(1.0), 600, 200, &Palette::LIGHT);
        assert!(s.starts_with("<svg") && s.contains("Milnor") && s.contains("Hanner"), "{s}");
        let c = thermostatic_svg(&[(0.0, -5.0, 28.0), (18.0, 8.0, 26.0), (22.5, 3.5, 26.0)], Some(20.0), 600, 300, &Palette::LIGHT);
        assert!(c.contains("lower") && c.contains("upper") && !c.contains("drawing failed"));
        // Degenerate input still draws.
        assert!(!bounds_svg(&[], None, 10, 10, &Palette::LIGHT).contains("drawing failed"));
        assert!(!thermostatic_svg(&[], None, 10, 10, &Palette::LIGHT).contains("drawing failed"));
        // Dark: every picture on the dark background, no white, no black text.
        let dark = [
            bounds_svg(&bars, Some(1.0), 600, 200, &Palette::DARK),
            thermostatic_svg(&[(0.0, -5.0, 28.0), (18.0, 8.0, 26.0), (22.5, 3.5, 26.0)], Some(20.0), 600, 300, &Palette::DARK),
        ];
        for d in &dark {
            assert!(d.contains(&hex(Palette::DARK.background)) && d.contains(&hex(Palette::DARK.text)), "{d}");
            assert!(!d.contains("#FFFFFF") && !d.contains("#000000"), "{d}");
        }
    }

    #[test]
    fn trees_lay_out_without_crossing() {
        // A root with two children, the first with two of its own.
        let lay = tree_layout(&[None, Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(lay, [(1.25, 0), (0.5, 1), (2.0, 1), (0.0, 2), (1.0, 2)]);
        // Parents over their children; leaves on distinct slots.
        let deep: Vec<Option<usize>> = (0..5000usize).map(|i| i.checked_sub(1)).collect();
        assert_eq!(tree_layout(&deep).last(), Some(&(0.0, 4999)));
        let node = |parent, mark| TreeNode {
            parent,
            range: "[8, 26]".into(),
            edge: "[0, {10|-3}]".into(),
            to_move: if parent.is_none() { Side::Left } else { Side::Right },
            mark,
        };
        let s = tree_svg(&[node(None, Mark::Expanded), node(Some(0), Mark::New), node(Some(0), Mark::New)], &Palette::LIGHT);
        assert!(s.contains("[8, 26]") && s.contains("[0, {10|-3}]") && !s.contains("drawing failed"), "{s}");
        let d = tree_svg(&[node(None, Mark::Expanded), node(Some(0), Mark::New), node(Some(0), Mark::New)], &Palette::DARK);
        assert!(d.contains(&hex(Palette::DARK.background)) && !d.contains("#FFFFFF") && !d.contains("#000000"), "{d}");
        assert!(d.contains(&hex(Palette::DARK.left)) && d.contains(&hex(Palette::DARK.right)));
        assert_eq!(tree_size(&[node(None, Mark::Plain)]), (128, 94));
    }
}
