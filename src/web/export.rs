#![cfg(target_arch = "wasm32")]
//! "PNG" and "SVG" for every picture: one small component beside each.
//!
//! The picture is found by its `data-testid`. A canvas gives its PNG at
//! once; an inline `<svg>` is saved as written and rasterised for the PNG
//! (through an `<img>` and a canvas at twice its size). Canvas pictures
//! get their SVG from a callback that draws the same data with plotters'
//! SVG backend, so every export is vector where the SVG is asked for.
//!
//! Theme: an export is the picture as the page shows it, in the current
//! theme's palette (dark pictures from the dark theme). Someone who
//! projects in the dark theme gets the picture they see; for print,
//! switch to the light theme first (the CLI's `--svg` is always light).
//! The callbacks are handed that palette ([`ExportButtons`] looks it up),
//! and a rasterised SVG is laid on its background, not on white.

use crate::web::context;
use crate::web::dom;
use cgt_draw::palette::css_hex;
use cgt_draw::Palette;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn find(testid: &str) -> Option<web_sys::Element> {
    let doc = web_sys::window()?.document()?;
    doc.query_selector(&format!("[data-testid=\"{testid}\"]")).ok().flatten()
}

fn inner(el: &web_sys::Element, tag: &str) -> Option<web_sys::Element> {
    if el.tag_name().eq_ignore_ascii_case(tag) {
        return Some(el.clone());
    }
    el.query_selector(tag).ok().flatten()
}

/// Style properties a picture may take from the stylesheet (the
/// Hackenbush board colours and dashes its edges by class): written onto
/// each element of the copy, so the file looks as the page does.
/// (The picture's own background comes along too, so a file opened alone
/// shows it on the colour it was drawn for.)
const STYLED: [&str; 13] = [
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-opacity",
    "fill",
    "fill-opacity",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "display",
    "background-color",
];

fn inline_styles(from: &web_sys::Element, to: &web_sys::Element) {
    let Some(w) = web_sys::window() else { return };
    let Some(cs) = w.get_computed_style(from).ok().flatten() else { return };
    let style: String = STYLED.iter().filter_map(|p| cs.get_property_value(p).ok().filter(|v| !v.is_empty()).map(|v| format!("{p}:{v};"))).collect();
    let _ = to.set_attribute("style", &style);
}

fn svg_text(el: &web_sys::Element) -> Option<String> {
    let svg = inner(el, "svg")?;
    let copy = svg.clone_node_with_deep(true).ok()?.dyn_into::<web_sys::Element>().ok()?;
    inline_styles(&svg, &copy);
    if let (Ok(a), Ok(b)) = (svg.query_selector_all("*"), copy.query_selector_all("*")) {
        for i in 0..a.length().min(b.length()) {
            if let (Some(x), Some(y)) =
                (a.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()), b.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()))
            {
                inline_styles(&x, &y);
            }
        }
    }
    let mut text = copy.outer_html();
    if !text.contains("xmlns=") {
        text = text.replacen("<svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"", 1);
    }
    Some(text)
}

fn save_png(name: &str, of: &str, svg_cb: Option<Callback<Palette, String>>, pal: Palette) {
    let Some(el) = find(of) else { return };
    if let Some(cv) = inner(&el, "canvas").and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok()) {
        if let Ok(url) = cv.to_data_url() {
            dom::download_href(&url, &format!("{name}.png"));
        }
        return;
    }
    let Some(svg) = svg_text(&el).or_else(|| svg_cb.map(|c| c.run(pal))) else { return };
    let (w, h) = inner(&el, "svg")
        .map(|s| {
            let r = s.get_bounding_client_rect();
            (r.width().max(1.0), r.height().max(1.0))
        })
        .unwrap_or((640.0, 400.0));
    let name = name.to_string();
    let Ok(img) = web_sys::HtmlImageElement::new() else { return };
    let src = format!("data:image/svg+xml;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&svg)));
    let img2 = img.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        let Some(cv) = doc.create_element("canvas").ok().and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok()) else { return };
        // Twice the size for a sharp picture, but no side past 16,000 px
        // (browsers give an empty canvas beyond about 32,000).
        let scale = (16_000.0 / w.max(h)).min(2.0);
        cv.set_width((w * scale) as u32);
        cv.set_height((h * scale) as u32);
        let Some(ctx) = cv.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok()) else { return };
        ctx.set_fill_style_str(&css_hex(pal.background));
        ctx.fill_rect(0.0, 0.0, w * scale, h * scale);
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(&img2, 0.0, 0.0, w * scale, h * scale);
        if let Ok(url) = cv.to_data_url() {
            dom::download_href(&url, &format!("{name}.png"));
        }
    });
    img.set_onload(Some(onload.unchecked_ref()));
    img.set_src(&src);
}

fn save_svg(name: &str, of: &str, svg_cb: Option<Callback<Palette, String>>, pal: Palette) {
    let text = svg_cb.map(|c| c.run(pal)).or_else(|| find(of).and_then(|el| svg_text(&el)));
    if let Some(t) = text.filter(|t| !t.is_empty()) {
        dom::download_text(&t, "image/svg+xml", &format!("{name}.svg"));
    }
}

/// Two buttons exporting the picture with `data-testid` `of` as
/// `name.png` / `name.svg`; `svg` draws the vector version of a canvas in
/// the palette it is given; `tikz`, when given, adds a third button
/// ([`TikzButton`]).
#[component]
pub fn ExportButtons(
    of: &'static str,
    name: &'static str,
    #[prop(optional)] svg: Option<Callback<Palette, String>>,
    #[prop(optional)] tikz: Option<Callback<Palette, Option<String>>>,
) -> impl IntoView {
    let palette = context::palette();
    view! {
        <span class="export" role="group" aria-label=format!("export the picture {name}")>
            <button class="btn small" data-testid=format!("{of}-png") title="download this picture as PNG" on:click=move |_| save_png(name, of, svg, palette.get_untracked())>"PNG"</button>
            <button class="btn small" data-testid=format!("{of}-svg") title="download this picture as SVG" on:click=move |_| save_svg(name, of, svg, palette.get_untracked())>"SVG"</button>
            {tikz.map(|t| view! { <TikzButton of=of name=name tikz=t /> })}
        </span>
    }
}

/// "TikZ": the picture as a `tikzpicture` for LaTeX (`name.tex`), always in
/// the light palette (TikZ is for paper). `tikz` returns `None` when the
/// picture is too large to write; the button then says so beside it.
#[component]
pub fn TikzButton(of: &'static str, name: &'static str, tikz: Callback<Palette, Option<String>>) -> impl IntoView {
    let note = RwSignal::new(false);
    let save = move |_| match tikz.run(Palette::LIGHT) {
        Some(text) => {
            note.set(false);
            dom::download_text(&text, "application/x-tex", &format!("{name}.tex"));
        }
        None => note.set(true),
    };
    view! {
        <button class="btn small" data-testid=format!("{of}-tikz") title="download this picture as TikZ for LaTeX" on:click=save>"TikZ"</button>
        {move || note.get().then(|| view! { <span class="muted small" data-testid=format!("{of}-tikz-note") role="status">"too large for a TikZ picture"</span> })}
    }
}
