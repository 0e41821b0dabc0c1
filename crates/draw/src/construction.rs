//! One step of a thermograph's construction (`cgt::construction`) as a
//! picture: the options' facing walls, their taxed slide, the scaffolds,
//! the mast. The axes stay fixed for all steps of one position, so the
//! walls visibly move between steps. Left's walls are blue and solid,
//! Right's red and dashed (told apart without colour: [`Palette::side`]);
//! what the step replaces is drawn faint.

use crate::{draw_mesh, side_line, ticks, visible_points, DrawError, Palette, TickedAxis};
use cgt::construction::{ConstructionStep, Phase};
use cgt::numbers::Q;
use cgt::side::Side;
use cgt::thermograph::Wall;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The window of one position's steps: `t` from -1 to `t_top`, values
/// from `value_left` (larger) to `value_right`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConstructionView {
    pub t_top: f64,
    pub value_left: f64,
    pub value_right: f64,
}

fn walls_of(s: &ConstructionStep) -> Vec<Wall> {
    let mut out: Vec<Wall> = s.left_walls.iter().chain(&s.right_walls).cloned().collect();
    out.extend(s.left_walls.iter().map(|w| w.shear(1)));
    out.extend(s.right_walls.iter().map(|w| w.shear(-1)));
    out.extend(s.left_scaffold.iter().chain(&s.right_scaffold).cloned());
    if let Some(th) = &s.result {
        out.push(th.left_wall().clone());
        out.push(th.right_wall().clone());
    }
    out
}

/// The common window of `steps` (the steps of one position).
pub fn construction_view(steps: &[&ConstructionStep]) -> ConstructionView {
    let mut hot = 1.0f64;
    for s in steps {
        if let Some(th) = &s.result {
            hot = hot.max(th.temperature().to_f64());
        }
        for w in walls_of(s) {
            if let Some((t, _)) = w.points().last() {
                hot = hot.max(t.to_f64());
            }
        }
    }
    let t_top = hot * 1.2 + 0.5;
    let top = Q::from_f64_dyadic(t_top, 8);
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for s in steps {
        for w in walls_of(s) {
            for (_, v) in visible_points(&w, &Q::from_int(-1), &top) {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
    }
    if !lo.is_finite() {
        (lo, hi) = (-1.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(0.5);
    ConstructionView { t_top, value_left: hi + pad, value_right: lo - pad }
}

/// Draw `step` in `view`, in `pal`'s colours.
pub fn draw_construction<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    step: &ConstructionStep,
    view: &ConstructionView,
    scale: f64,
    pal: &Palette,
) -> Result<(), DrawError<DB>> {
    let s = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    let px = |x: f64| (x * s).round().max(1.0) as u32;
    area.fill(&pal.background)?;
    let mut chart = ChartBuilder::on(area).margin(px(12.0)).x_label_area_size(px(44.0)).y_label_area_size(px(52.0)).build_cartesian_2d(
        TickedAxis { from: view.value_left, to: view.value_right, ticks: ticks(view.value_right, view.value_left, 8) },
        TickedAxis { from: -1.0, to: view.t_top, ticks: ticks(-1.0, view.t_top, 8) },
    )?;
    draw_mesh(&mut chart, "value (larger to the left)", "temperature t", s, pal)?;
    let (vl, vr) = (view.value_left, view.value_right);
    chart.draw_series(std::iter::once(Rectangle::new([(vl, -1.0), (vr, 0.0)], pal.subzero.mix(0.15).filled())))?;
    chart.draw_series(LineSeries::new([(vl, 0.0), (vr, 0.0)], pal.neutral.stroke_width(px(1.0))))?;
    let top = Q::from_f64_dyadic(view.t_top, 8);
    let pts = |w: &Wall| -> Vec<(f64, f64)> { visible_points(w, &Q::from_int(-1), &top).into_iter().map(|(t, v)| (v, t)).collect() };
    // Left's lines solid, Right's dashed, in every phase; no width: faint
    // (where a wall was).
    let mut line = |xy: Vec<(f64, f64)>, side: Side, width: Option<f64>| -> Result<(), DrawError<DB>> {
        let st = pal.side(side);
        let style = match width {
            Some(w) => st.color.stroke_width(px(w)),
            None => st.color.mix(0.3).stroke_width(px(1.5)),
        };
        side_line(&mut chart, xy, st.dash, style, s)
    };
    match step.phase {
        Phase::OptionWalls => {
            for w in &step.left_walls {
                line(pts(w), Side::Left, Some(2.0))?;
            }
            for w in &step.right_walls {
                line(pts(w), Side::Right, Some(2.0))?;
            }
        }
        Phase::Taxed => {
            // Where each wall was, faint, and where taxing slides it.
            for w in &step.left_walls {
                line(pts(&w.shear(1)), Side::Left, None)?;
                line(pts(w), Side::Left, Some(2.0))?;
            }
            for w in &step.right_walls {
                line(pts(&w.shear(-1)), Side::Right, None)?;
                line(pts(w), Side::Right, Some(2.0))?;
            }
        }
        Phase::Scaffolds => {
            for w in &step.left_walls {
                line(pts(w), Side::Left, None)?;
            }
            for w in &step.right_walls {
                line(pts(w), Side::Right, None)?;
            }
            if let Some(w) = &step.left_scaffold {
                line(pts(w), Side::Left, Some(3.5))?;
            }
            if let Some(w) = &step.right_scaffold {
                line(pts(w), Side::Right, Some(3.5))?;
            }
        }
        Phase::Mast | Phase::SimplestNumber | Phase::Number => {
            if let Some(w) = &step.left_scaffold {
                line(pts(w), Side::Left, None)?;
            }
            if let Some(w) = &step.right_scaffold {
                line(pts(w), Side::Right, None)?;
            }
            if let Some(th) = &step.result {
                let t = th.temperature();
                let to = if t > &top { top.clone() } else { t.clone() };
                let clip = |w: &Wall| -> Vec<(f64, f64)> { visible_points(w, &Q::from_int(-1), &to).into_iter().map(|(t, v)| (v, t)).collect() };
                line(clip(th.left_wall()), Side::Left, Some(3.5))?;
                line(clip(th.right_wall()), Side::Right, Some(3.5))?;
                let m = th.mean().to_f64();
                let from = t.to_f64().max(-1.0);
                chart.draw_series(LineSeries::new([(m, from), (m, view.t_top)], pal.mast.stroke_width(px(4.0))))?;
                chart.draw_series(std::iter::once(Circle::new((m, from), px(5.0), pal.mast.filled())))?;
            }
        }
    }
    Ok(())
}

/// The step as an SVG document (the page's picture and its download).
/// `scale` sizes type and lines (larger in presentation mode).
pub fn construction_svg(step: &ConstructionStep, view: &ConstructionView, w: u32, h: u32, scale: f64, pal: &Palette) -> String {
    crate::svg_document(w, h, |a| draw_construction(a, step, view, scale, pal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::construction::construction;
    use cgt::notation::{GameTree, ParseLimits};

    #[test]
    fn every_step_of_the_worked_example_draws_in_one_window_per_position() {
        let t = GameTree::parse_with("{{-2|-4}|-7}", &ParseLimits::INTERACTIVE).unwrap();
        let steps = construction(t.arena(), t.root()).unwrap();
        let root: Vec<&ConstructionStep> = steps.iter().filter(|s| s.node == t.root()).collect();
        let v = construction_view(&root);
        // The mast at -5 from t = 2 and the option walls from -7 to -2 fit.
        assert!(v.t_top > 2.0 && v.value_left > -3.0 && v.value_right < -7.0, "{v:?}");
        for s in &steps {
            let svg = construction_svg(s, &v, 480, 320, 1.0, &Palette::LIGHT);
            assert!(svg.starts_with("<svg") && !svg.contains("drawing failed"), "{:?}", s.phase);
        }
        // The Taxed step draws each wall twice (where it was, where it slid).
        let taxed = construction_svg(root[1], &v, 480, 320, 1.0, &Palette::DARK);
        let option_walls = construction_svg(root[0], &v, 480, 320, 1.0, &Palette::DARK);
        assert!(taxed.matches("<polyline").count() > option_walls.matches("<polyline").count());
        // A projector's picture has larger type (issue 43 item 22).
        let font = |svg: &str| -> f64 {
            let i = svg.find("font-size=\"").expect("a label") + 11;
            svg[i..].split(|c: char| c != '.' && !c.is_ascii_digit()).next().unwrap().parse().unwrap()
        };
        let big = construction_svg(root[0], &v, 480, 320, 1.5, &Palette::DARK);
        assert!(font(&big) > font(&option_walls) * 1.4, "{} vs {}", font(&big), font(&option_walls));
    }
}
