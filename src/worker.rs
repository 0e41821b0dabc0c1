//! The Web Worker: a thin shell that runs [`cgt_lab::solver::run_streaming`]
//! on each text message and posts what it reports, so long exact searches never block the
//! page. Trunk builds it as a separate `no-modules` wasm (`index.html`);
//! `web::solver` starts it. Natively it only explains itself.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        if let Some(msg) = ev.data().as_string() {
            cgt_lab::solver::run_streaming(&msg, &mut |m| {
                let _ = reply_to.post_message(&JsValue::from_str(&m));
            });
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the wasm has loaded are lost: say when ready.
    let _ = scope.post_message(&JsValue::from_str(cgt_lab::solver::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("cgt-worker is the web app's background solver; it runs in the browser only");
}
