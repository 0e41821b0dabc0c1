//! The Hackenbush picture (wasm32 only): the bed as an SVG on the theme's
//! palette, edges to chop (or select while editing; edges off the ground
//! faded, no part of the position), drawing edges and moving points with
//! the pointer. Where things go is [`super::model`]'s (`layout_with`,
//! `Frame`, `snap`); this is the DOM and the pointer around it.

use super::ctl::Ctl;
use super::model::{
    add_edge, can_chop, colour_class, coords_to_text, grounded, layout_with, move_point, picture_style, snap, vertex_positions, End, Extent, Frame,
};
use crate::web::context::palette;
use leptos::prelude::*;
use std::sync::Arc;

/// Pointer (client pixels) to layout units, through the SVG's box.
fn to_units(frame: Frame, ev: &web_sys::PointerEvent) -> Option<(f64, f64)> {
    use wasm_bindgen::JsCast;
    let el = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
    let r = el.get_bounding_client_rect();
    if r.width() < 1.0 || r.height() < 1.0 {
        return None;
    }
    let sx = (ev.client_x() as f64 - r.left()) * frame.width / r.width();
    let sy = (ev.client_y() as f64 - r.top()) * frame.height / r.height();
    Some(frame.units(sx, sy))
}

/// Pointer down: Draw starts an edge at what the pointer snaps to; Move
/// grabs the point under it.
fn pointer_down(ctl: Ctl, frame: Frame, verts: &[(u32, f64, f64)], ev: &web_sys::PointerEvent) {
    if !ctl.drawing.get_untracked() || ev.button() != 0 {
        return;
    }
    let Some(p) = to_units(frame, ev) else { return };
    if ctl.moving.get_untracked() {
        // Move: grab the point under the pointer (undo puts it back).
        match snap(verts, p) {
            End::Vertex(v) => {
                ctl.record();
                ctl.point_drag.set(Some(v));
                ctl.hint.set(String::new());
            }
            _ => ctl.hint.set("grab a point (a dot) to move it".into()),
        }
        return;
    }
    ctl.drag.set(Some((snap(verts, p), p, p)));
}

/// Pointer move: the dragged point follows, or the rubber band.
fn pointer_move(ctl: Ctl, frame: Frame, ev: &web_sys::PointerEvent) {
    if let (Some(v), Some(p)) = (ctl.point_drag.get_untracked(), to_units(frame, ev)) {
        if let Ok(h) = ctl.parsed.get_untracked() {
            if let Ok(c2) = move_point(&h, &ctl.coords.get_untracked(), v, p) {
                ctl.st.coords.set(coords_to_text(&c2));
            }
        }
        return;
    }
    if let (Some((a, from, _)), Some(p)) = (ctl.drag.get_untracked(), to_units(frame, ev)) {
        ctl.drag.set(Some((a, from, p)));
    }
}

/// Pointer up: a point drops, or the drag becomes an edge (or a hint why
/// not).
fn pointer_up(ctl: Ctl, frame: Frame, verts: &[(u32, f64, f64)], ev: &web_sys::PointerEvent) {
    if ctl.point_drag.get_untracked().is_some() {
        ctl.point_drag.set(None);
        return;
    }
    let Some((a, from, _)) = ctl.drag.get_untracked() else { return };
    ctl.drag.set(None);
    let Some(p) = to_units(frame, ev) else { return };
    if ((p.0 - from.0).powi(2) + (p.1 - from.1).powi(2)).sqrt() < 0.1 {
        return; // a click, not a drag (clicking an edge selects it)
    }
    let Ok(h) = ctl.parsed.get_untracked() else { return };
    let c = ctl.coords.get_untracked();
    match add_edge(&h, &c, a, snap(verts, p), ctl.pen.get_untracked()) {
        Ok((h2, c2)) => {
            ctl.record();
            let loose = grounded(&h2).last() == Some(&false);
            ctl.st.coords.set(coords_to_text(&c2));
            ctl.set_text(h2.to_string());
            ctl.hint.set(if loose {
                "This edge does not touch the ground: it is drawn faded and is not part of the position until it is joined to the ground.".into()
            } else {
                String::new()
            });
        }
        Err(e) => ctl.hint.set(e),
    }
}

/// The picture: ground, edges (click to chop), points, edges falling and
/// the edge being drawn.
#[component]
pub(super) fn BedPicture(ctl: Ctl) -> impl IntoView {
    let pal = palette();
    move || {
        let h = ctl.parsed.get().ok()?;
        let c = ctl.coords.get();
        let to_move = ctl.st.to_move.get();
        let draw = ctl.drawing.get();
        // While editing, the frame kept since editing began (the ground
        // stays under the pointer); in play, the picture's own, centred.
        let here = Extent::of(&h, &c);
        let frame = Frame::fit(match ctl.draw_frame.get() {
            Some(kept) if draw => kept.union(here),
            _ => here,
        });
        let l = layout_with(&h, &c);
        let on_ground = grounded(&h);
        let (w, ht) = (frame.width, frame.height);
        let (stroke, dot) = frame.pen();
        let (px, py) = (move |x| frame.px(x), move |y| frame.py(y));
        let edges = h
            .edges()
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let (x1, y1, x2, y2) = l.segments[i];
                let cls = colour_class(e.colour());
                let loose = !on_ground[i];
                let playable = can_chop(&h, i, to_move);
                let label = format!(
                    "edge {} ({}), {}",
                    e,
                    cls,
                    if loose { "not on the ground: not part of the position" } else if playable { "click to chop" } else { "not yours to chop" }
                );
                let aria = label.clone();
                let hovered = ctl.hovered;
                view! {
                    <g class=format!("hb-edge {cls}") class:playable=playable class:loose=loose class:selected=move || ctl.selected.get() == Some(i)
                        data-testid=if loose { "hb-loose-edge" } else { "hb-edge" } on:click=move |_| { hovered.set(None); ctl.chop(i) }
                        role="button" tabindex=if playable || draw { "0" } else { "-1" } aria-label=aria
                        on:keydown=move |ev: web_sys::KeyboardEvent| if matches!(ev.key().as_str(), "Enter" | " ") { ev.prevent_default(); ev.stop_propagation(); hovered.set(None); ctl.chop(i) }
                        on:focus=move |_| hovered.set(Some(i)) on:blur=move |_| hovered.set(None)
                        on:pointerenter=move |_| hovered.set(Some(i)) on:pointerleave=move |_| hovered.set(None)>
                        <title>{label}</title>
                        <line class="hit" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line>
                        <line class="stroke" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line>
                    </g>
                }
            })
            .collect_view();
        let fallen = ctl
            .falling
            .get()
            .into_iter()
            .map(|(x1, y1, x2, y2, cls)| {
                view! { <g class=format!("hb-edge falling {cls}")><line class="stroke" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line></g> }
            })
            .collect_view();
        let dots = l
            .segments
            .iter()
            .flat_map(|&(x1, y1, x2, y2)| [(x1, y1), (x2, y2)])
            .filter(|&(_, y)| y > 0.0)
            .map(|(x, y)| view! { <circle cx=px(x) cy=py(y) r=dot class="hb-vertex"></circle> })
            .collect_view();
        let verts = Arc::new(vertex_positions(&h, &c));
        let verts_up = verts.clone();
        let rubber = move || {
            ctl.drag.get().map(|(_, (x1, y1), (x2, y2))| {
                let cls = colour_class(ctl.pen.get_untracked());
                view! { <g class=format!("hb-edge rubber {cls}")><line class="stroke" x1=px(x1) y1=py(y1) x2=px(x2) y2=py(y2)></line></g> }
            })
        };
        Some(view! {
            <svg class="hb-svg" class:drawing=draw class:moving=move || ctl.moving.get() data-testid="hb-canvas" viewBox=format!("0 0 {w} {ht}") width=w height=ht role="group"
                style=move || picture_style(&pal.get(), stroke) data-unit=frame.unit data-left=frame.left data-ground=frame.ground
                aria-label=format!("Hackenbush position with {} edges", h.edges().len())
                on:pointerdown=move |ev| pointer_down(ctl, frame, &verts, &ev)
                on:pointermove=move |ev| pointer_move(ctl, frame, &ev)
                on:pointerup=move |ev| pointer_up(ctl, frame, &verts_up, &ev)
                on:pointerleave=move |_| { ctl.drag.set(None); ctl.point_drag.set(None); }>
                <line class="hb-ground" x1="0" y1=py(0.0) x2=w y2=py(0.0)></line>
                {edges}
                {dots}
                {fallen}
                {rubber}
            </svg>
        })
    }
}
