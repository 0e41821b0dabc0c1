#![cfg(target_arch = "wasm32")]
//! Browser tests (wasm-bindgen-test in headless Chromium):
//! `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web`.
//!
//! They mount real components into the test page and look at what the
//! browser made of them: the canvas's pixels, the explorer's readouts.

use cgt::notation::{GameTree, ParseLimits};
use cgt_lab::web::{App, ThermographCanvas};
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

/// Wait for real time to pass (ResizeObserver callbacks, the input debounce).
async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().expect("window").set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).expect("setTimeout");
    });
    wasm_bindgen_futures::JsFuture::from(p).await.expect("timer");
}

/// The page's stylesheet is not loaded here: give the canvas box a size.
fn install_style() {
    let doc = document();
    if doc.get_element_by_id("test-style").is_some() {
        return;
    }
    let style = doc.create_element("style").unwrap();
    style.set_id("test-style");
    style.set_text_content(Some(
        ".canvas-wrap{position:relative;width:640px;height:420px}\
         .canvas-wrap canvas{position:absolute;inset:0;width:100%;height:100%}",
    ));
    doc.head().unwrap().append_child(&style).unwrap();
}

/// A fresh element to mount into.
fn host() -> web_sys::HtmlElement {
    install_style();
    let doc = document();
    let el: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&el).unwrap();
    el
}

fn by_testid(root: &web_sys::Element, id: &str) -> web_sys::Element {
    root.query_selector(&format!("[data-testid=\"{id}\"]")).unwrap().unwrap_or_else(|| panic!("no element with data-testid={id}"))
}

fn text(root: &web_sys::Element, id: &str) -> String {
    by_testid(root, id).text_content().unwrap_or_default()
}

/// (non-white pixels, blue-ish pixels, red-ish pixels) of a canvas.
fn pixel_census(canvas: &web_sys::HtmlCanvasElement) -> (usize, usize, usize) {
    let ctx: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let (w, h) = (canvas.width(), canvas.height());
    assert!(w > 0 && h > 0, "canvas has no size");
    let data = ctx.get_image_data(0.0, 0.0, w as f64, h as f64).unwrap().data();
    let (mut ink, mut blue, mut red) = (0, 0, 0);
    for px in data.chunks_exact(4) {
        let (r, g, b, a) = (px[0] as i32, px[1] as i32, px[2] as i32, px[3]);
        if a > 0 && (r < 240 || g < 240 || b < 240) {
            ink += 1;
        }
        if b > 150 && r < 90 && g < 140 {
            blue += 1;
        }
        if r > 170 && g < 90 && b < 90 {
            red += 1;
        }
    }
    (ink, blue, red)
}

fn thermograph(src: &str) -> Arc<cgt::Thermograph> {
    Arc::new(GameTree::parse_with(src, &ParseLimits::INTERACTIVE).unwrap().thermograph())
}

#[wasm_bindgen_test]
async fn canvas_component_draws_both_walls() {
    let el = host();
    let th = RwSignal::new(Some(thermograph("4|0")));
    let hover = RwSignal::new(None);
    let handle = leptos::mount::mount_to(el.clone(), move || {
        view! { <ThermographCanvas thermograph=th show_subzero=Signal::stored(true) hover=hover /> }
    });
    leptos::task::tick().await;
    sleep(100).await;
    leptos::task::tick().await;

    let canvas: web_sys::HtmlCanvasElement = by_testid(&el, "thermograph-canvas").unchecked_into();
    let dpr = web_sys::window().unwrap().device_pixel_ratio().max(1.0);
    assert_eq!(canvas.width(), (640.0 * dpr).round() as u32, "bitmap = CSS width x devicePixelRatio");
    let (ink, blue, red) = pixel_census(&canvas);
    assert!(ink > 2000, "canvas looks blank ({ink} inked pixels)");
    assert!(blue > 100, "no blue left wall ({blue})");
    assert!(red > 100, "no red right wall ({red})");

    // A different game redraws (the picture follows the signal).
    let before = ink;
    th.set(Some(thermograph("{{100002|4}|{0|-100000}}")));
    leptos::task::tick().await;
    sleep(50).await;
    let (after, _, _) = pixel_census(&canvas);
    assert_ne!(before, after);

    // Nothing to draw: blank, not a crash.
    th.set(None);
    leptos::task::tick().await;
    assert_eq!(pixel_census(&canvas).0, 0);
    drop(handle);
}

#[wasm_bindgen_test]
async fn explorer_reads_a_typed_game_and_keeps_the_picture_on_errors() {
    let el = host();
    let handle = leptos::mount::mount_to(el.clone(), App);
    leptos::task::tick().await;
    sleep(100).await;

    // The default page (no query string) shows a real example.
    assert_eq!(text(&el, "mean"), "-1/4");
    assert_eq!(text(&el, "temperature"), "33/4");

    let input: web_sys::HtmlInputElement = by_testid(&el, "game-input").unchecked_into();
    let type_in = |s: &str| {
        input.set_value(s);
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        let ev = web_sys::Event::new_with_event_init_dict("input", &init).unwrap();
        input.dispatch_event(&ev).unwrap();
    };

    type_in("13|4||0|-11");
    sleep(400).await; // past the debounce
    leptos::task::tick().await;
    assert_eq!(text(&el, "mean"), "3/2");
    assert_eq!(text(&el, "temperature"), "7");
    // The value card (computed in the task after the picture).
    assert_eq!(text(&el, "canonical"), "{{13|4}|{0|-11}}");
    assert_eq!(text(&el, "outcome"), "L");
    assert_eq!(text(&el, "badges"), "hot");
    assert!(el.query_selector("[data-testid=\"game-error\"]").unwrap().is_none());

    let canvas: web_sys::HtmlCanvasElement = by_testid(&el, "thermograph-canvas").unchecked_into();
    let (ink, _, _) = pixel_census(&canvas);
    assert!(ink > 2000);

    type_in("{1|2");
    sleep(400).await;
    leptos::task::tick().await;
    let err = text(&el, "game-error");
    assert!(err.contains("column"), "error should name the column: {err}");
    // The last good game stays.
    assert_eq!(text(&el, "mean"), "3/2");
    assert_eq!(pixel_census(&canvas).0, ink);

    // The URL follows the typed text.
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert!(search.contains("g="), "{search}");
    drop(handle);
}
