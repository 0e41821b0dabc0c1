#![cfg(target_arch = "wasm32")]
//! The thermograph canvas: `cgt-draw` onto plotters-canvas, sized to its box.
//!
//! The canvas's bitmap is its CSS size times `devicePixelRatio` (crisp on
//! high-DPI screens) and follows its container through a `ResizeObserver`
//! (the picture scales with the window). The pointer position is turned back
//! into a temperature through the [`PlotFrame`] the last drawing returned,
//! snapped to an exact dyadic (or to a nearby breakpoint), and written to the
//! `hover` signal, which the readout and the highlight line both follow.

use crate::snap::snap_t;
use crate::web::dom::device_pixel_ratio;
use cgt::numbers::Q;
use cgt::thermograph::Thermograph;
use cgt_draw::{draw_thermograph, DrawOptions, PlotFrame};
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// Pixels (CSS) within which the pointer snaps to a breakpoint.
const SNAP_CSS_PX: f64 = 5.0;

/// A thermograph drawn on a canvas that fills its container.
///
/// `thermograph = None` leaves the canvas blank (nothing parsed yet).
#[component]
pub fn ThermographCanvas(
    #[prop(into)] thermograph: Signal<Option<Arc<Thermograph>>>,
    #[prop(into)] show_subzero: Signal<bool>,
    /// The exact temperature under the pointer (written here, read here for
    /// the highlight line, and by whoever shows the readout).
    hover: RwSignal<Option<Q>>,
    /// Lets the owner reach the `<canvas>` (for "download PNG").
    #[prop(optional)]
    canvas_ref: Option<NodeRef<html::Canvas>>,
    /// Text for screen readers.
    #[prop(into, optional)]
    label: Signal<String>,
) -> impl IntoView {
    let wrap: NodeRef<html::Div> = NodeRef::new();
    let canvas: NodeRef<html::Canvas> = canvas_ref.unwrap_or_default();
    // CSS size of the container.
    let size = RwSignal::new((0.0f64, 0.0f64));
    let frame: RwSignal<Option<PlotFrame>> = RwSignal::new(None);

    wrap.on_load(move |el| {
        crate::web::dom::observe_size(el.into(), size);
    });

    let presenting = use_context::<crate::web::context::Presenting>();
    let hide_answers = use_context::<crate::web::context::HideAnswers>();
    let palette = crate::web::context::palette();
    // Redraw whenever the game, a toggle, the pointer, the size or the
    // theme changes.
    Effect::new(move |_| {
        // Presentation mode: half as large again, type and lines alike.
        let boost = if presenting.is_some_and(|p| p.0.get()) { 1.5 } else { 1.0 };
        let th = thermograph.get();
        let pal = palette.get();
        let subzero = show_subzero.get();
        let hover_t = hover.get();
        let (w, h) = size.get();
        let Some(cv) = canvas.get() else { return };
        if w < 2.0 || h < 2.0 {
            return;
        }
        let dpr = device_pixel_ratio();
        let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
        if cv.width() != pw {
            cv.set_width(pw);
        }
        if cv.height() != ph {
            cv.set_height(ph);
        }
        let Some(th) = th else {
            clear(&cv);
            frame.set(None);
            return;
        };
        let Some(backend) = CanvasBackend::with_canvas_object(cv) else {
            return;
        };
        let area = backend.into_drawing_area();
        let opts = DrawOptions {
            show_subzero: subzero,
            hover_t,
            scale: dpr * boost,
            caption: None,
            // The legend carries the "mean, temperature" label: not while a
            // lesson's question about them is open.
            legend: !hide_answers.is_some_and(|h| h.0.get()),
            palette: pal,
        };
        match draw_thermograph(&area, &th, &opts).and_then(|f| area.present().map(|_| f)) {
            Ok(f) => frame.set(f),
            Err(e) => leptos::logging::warn!("drawing the thermograph failed: {e}"),
        }
    });

    let on_move = move |ev: web_sys::PointerEvent| {
        let dpr = device_pixel_ratio();
        let (x, y) = (ev.offset_x() as f64 * dpr, ev.offset_y() as f64 * dpr);
        let t = match (frame.get_untracked(), thermograph.get_untracked()) {
            (Some(f), Some(th)) if f.contains(x, y) => snap_t(&th, f.t_at(y), f.t_per_pixel(), SNAP_CSS_PX * dpr),
            _ => None,
        };
        if hover.get_untracked() != t {
            hover.set(t);
        }
    };

    view! {
        <div class="canvas-wrap" node_ref=wrap>
            <canvas
                node_ref=canvas
                data-testid="thermograph-canvas"
                role="img"
                aria-label=move || label.get()
                on:pointermove=on_move
                on:pointerleave=move |_| hover.set(None)
            ></canvas>
        </div>
    }
}

fn clear(cv: &web_sys::HtmlCanvasElement) {
    if let Ok(Some(ctx)) = cv.get_context("2d") {
        if let Ok(ctx) = ctx.dyn_into::<web_sys::CanvasRenderingContext2d>() {
            ctx.clear_rect(0.0, 0.0, cv.width() as f64, cv.height() as f64);
        }
    }
}
