#![cfg(target_arch = "wasm32")]
//! Small browser helpers: the query string, the clipboard, downloads.
//!
//! Every call that can fail in a browser (missing API, denied permission)
//! returns a value the caller can show instead of throwing: a failure here
//! must never become a panic or an uncaught exception.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The values the address bar's query string holds for `keys` (decoded
/// by the browser's `URLSearchParams`), in the order of `keys`; `None`
/// when the query cannot be read at all. The shell reads the link from
/// them (`web::shell::read_state`).
pub fn query_pairs(keys: &[&'static str]) -> Option<Vec<(&'static str, String)>> {
    let search = window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    Some(keys.iter().filter_map(|&k| params.get(k).map(|v| (k, v))).collect())
}

/// The query string (with its `?`) of `pairs`, percent-encoded by the
/// browser's own `URLSearchParams`.
pub fn query_of_pairs(pairs: Vec<(&'static str, String)>) -> String {
    let Ok(params) = web_sys::UrlSearchParams::new() else {
        return String::new();
    };
    for (k, v) in pairs {
        params.append(k, &v);
    }
    format!("?{}", String::from(params.to_string()))
}

/// Put `query` (with its `?`) in the address bar without adding a history
/// entry (typing a game should not fill the back button with every
/// keystroke).
pub fn replace_query(query: &str) {
    let Some(w) = window() else { return };
    let path = w.location().pathname().unwrap_or_default();
    let url = format!("{path}{query}");
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The full current address.
pub fn current_href() -> String {
    window().and_then(|w| w.location().href().ok()).unwrap_or_default()
}

/// Copy `text` to the clipboard; `false` when the clipboard is missing
/// (insecure context) or the browser refuses.
pub async fn copy_to_clipboard(text: &str) -> bool {
    let Some(w) = window() else { return false };
    let nav = w.navigator();
    // `navigator.clipboard` is undefined outside secure contexts: calling a
    // method on it would throw, so look before touching it.
    let has = js_sys::Reflect::get(&nav, &JsValue::from_str("clipboard")).map(|v| !v.is_undefined()).unwrap_or(false);
    if !has {
        return false;
    }
    JsFuture::from(nav.clipboard().write_text(text)).await.is_ok()
}

/// Make the browser download `href` as `filename`.
pub fn download_href(href: &str, filename: &str) {
    let Some(doc) = window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = doc.create_element("a") else {
        return;
    };
    let Ok(a) = a.dyn_into::<web_sys::HtmlAnchorElement>() else {
        return;
    };
    a.set_href(href);
    a.set_download(filename);
    a.click();
}

/// Download a text document (the SVG) through a temporary object URL.
pub fn download_text(text: &str, mime: &str, filename: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    download_href(&url, filename);
    // Revoke later: the download starts asynchronously.
    let _ = leptos::prelude::set_timeout_with_handle(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(30),
    );
}

/// `window.devicePixelRatio`, at least 1 (crisp drawing on high-DPI screens).
pub fn device_pixel_ratio() -> f64 {
    window().map(|w| w.device_pixel_ratio()).filter(|r| r.is_finite() && *r > 0.0).unwrap_or(1.0).max(1.0)
}

/// Sizes a canvas's bitmap to its CSS box `(w, h)` times the pixel ratio
/// (which clears it) and gives that ratio, or `None` while the box has no
/// size: the plots drawn on a canvas share this.
pub fn size_canvas(cv: &web_sys::HtmlCanvasElement, (w, h): (f64, f64)) -> Option<f64> {
    let dpr = device_pixel_ratio();
    let (pw, ph) = ((w * dpr).round() as u32, (h * dpr).round() as u32);
    if pw < 2 || ph < 2 {
        return None;
    }
    cv.set_width(pw);
    cv.set_height(ph);
    Some(dpr)
}

fn document() -> Option<web_sys::Document> {
    window().and_then(|w| w.document())
}

/// A value from `localStorage` (none when storage is missing or denied).
pub fn local_get(key: &str) -> Option<String> {
    window().and_then(|w| w.local_storage().ok().flatten()).and_then(|s| s.get_item(key).ok().flatten())
}

/// Keep a value in `localStorage` (nothing when storage is missing or denied).
pub fn local_set(key: &str, value: &str) {
    if let Some(s) = window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item(key, value);
    }
}

/// The theme chosen last time (`localStorage`), else the system's.
pub fn stored_theme() -> String {
    let stored = window().and_then(|w| w.local_storage().ok().flatten()).and_then(|s| s.get_item("cgt-theme").ok().flatten());
    if let Some(t) = stored.filter(|t| t == "dark" || t == "light") {
        return t;
    }
    let dark = window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()).is_some_and(|m| m.matches());
    if dark { "dark" } else { "light" }.to_string()
}

/// Show and remember the theme (`data-theme` on `<html>`).
pub fn set_theme(theme: &str) {
    if let Some(el) = document().and_then(|d| d.document_element()) {
        let _ = el.set_attribute("data-theme", theme);
    }
    if let Some(s) = window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item("cgt-theme", theme);
    }
}

/// Scroll the first element matching one of `selectors` into view (its
/// top at the top of the screen).
pub fn scroll_to_first(selectors: &[&str]) {
    let Some(d) = document() else { return };
    for sel in selectors {
        if let Ok(Some(el)) = d.query_selector(sel) {
            el.scroll_into_view_with_bool(true);
            return;
        }
    }
}

/// Add or remove a class on `<body>`.
pub fn set_body_class(class: &str, on: bool) {
    if let Some(b) = document().and_then(|d| d.body()) {
        let list = b.class_list();
        let _ = if on { list.add_1(class) } else { list.remove_1(class) };
    }
}

/// Click the first element matching `selector` that is on screen and
/// enabled (the stepper the arrow keys drive);
/// `false` when there is none (the key then keeps its own meaning).
pub fn click_first(selector: &str) -> bool {
    let Some(list) = document().and_then(|d| d.query_selector_all(selector).ok()) else { return false };
    for i in 0..list.length() {
        let Some(el) = list.item(i).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) else { continue };
        let disabled = el.has_attribute("disabled");
        if el.offset_parent().is_some() && !disabled {
            el.click();
            return true;
        }
    }
    false
}

/// Enter or leave fullscreen (ignored where the browser refuses).
pub fn toggle_fullscreen() {
    let Some(doc) = document() else { return };
    let full = js_sys::Reflect::get(&doc, &JsValue::from_str("fullscreenElement")).map(|v| !v.is_null() && !v.is_undefined()).unwrap_or(false);
    let call = |target: &JsValue, name: &str| {
        if let Ok(f) = js_sys::Reflect::get(target, &JsValue::from_str(name)).and_then(|f| f.dyn_into::<js_sys::Function>()) {
            // A promise the browser may reject (no user gesture, iframe):
            // nothing to do about it here.
            let _ = f.call0(target);
        }
    };
    if full {
        call(&doc, "exitFullscreen");
    } else if let Some(el) = doc.document_element() {
        call(&el, "requestFullscreen");
    }
}

/// Close a `<details>` menu by id.
pub fn close_details(id: &str) {
    if let Some(d) = document().and_then(|d| d.get_element_by_id(id)).and_then(|e| e.dyn_into::<web_sys::HtmlDetailsElement>().ok()) {
        d.set_open(false);
    }
}

/// Focus the element with this `data-testid` once it exists (after the
/// next render).
pub fn focus_testid(testid: &str) {
    let sel = format!("[data-testid=\"{testid}\"]");
    let _ = leptos::prelude::set_timeout_with_handle(
        move || {
            if let Some(el) = document().and_then(|d| d.query_selector(&sel).ok().flatten()).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = el.focus();
            }
        },
        std::time::Duration::from_millis(30),
    );
}

/// Keep `size` equal to the CSS size (width, height) of `el`: measured now
/// and again whenever it changes (window resizes, sidebars wrapping below,
/// zoom). Call it where the element is mounted (`NodeRef::on_load`): the
/// observer is disconnected when that owner is cleaned up.
pub fn observe_size(el: web_sys::Element, size: leptos::prelude::RwSignal<(f64, f64)>) {
    use leptos::prelude::{on_cleanup, Set};
    use wasm_bindgen::closure::Closure;
    let measure = {
        let el = el.clone();
        move || {
            let r = el.get_bounding_client_rect();
            size.set((r.width(), r.height()));
        }
    };
    measure();
    let cb = Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries| measure());
    if let Ok(obs) = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref()) {
        obs.observe(&el);
        let keep = send_wrapper::SendWrapper::new((obs, cb));
        on_cleanup(move || {
            let (obs, cb) = keep.take();
            obs.disconnect();
            drop(cb);
        });
    }
}
