#![cfg(target_arch = "wasm32")]
//! The browser half of slicing long work (the pure half, chunk sizing and
//! the slice loop, is [`crate::slices`]): a clock and a way to give the
//! browser back the thread between two slices.

use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

/// Milliseconds from `performance.now()` (0 where there is none: the slicer
/// then grows its chunks but every slice still ends after one chunk).
pub fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Let the browser run: resolve in a new task, after whatever input, timers
/// and painting are due. A `MessageChannel` message rather than
/// `setTimeout(0)`, which nested timers clamp to 4 ms (a third of the time
/// lost with 10 ms slices); a timer where there is no channel.
pub async fn next_task() {
    let channel = web_sys::MessageChannel::new().ok();
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let posted = channel.as_ref().is_some_and(|ch| {
            ch.port1().set_onmessage(Some(&resolve));
            ch.port2().post_message(&JsValue::UNDEFINED).is_ok()
        });
        if posted {
            return;
        }
        let timer = web_sys::window().and_then(|w| w.set_timeout_with_callback(&resolve).ok());
        if timer.is_none() {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        }
    });
    // `channel` is held until the message arrives (so it cannot be collected
    // before), then closed.
    let _ = JsFuture::from(promise).await;
    if let Some(ch) = channel {
        ch.port1().set_onmessage(None);
        ch.port1().close();
        ch.port2().close();
    }
}

/// Resolve at the next animation frame (an animation does one slice of work
/// per frame this way, and the frame is painted between two slices). Falls
/// back to [`next_task`] where there is no `requestAnimationFrame`.
pub async fn next_frame() {
    let mut scheduled = false;
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        scheduled = web_sys::window().is_some_and(|w| w.request_animation_frame(&resolve).is_ok());
        if !scheduled {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        }
    });
    let _ = JsFuture::from(promise).await;
    if !scheduled {
        next_task().await;
    }
}

/// Resolve after `ms` milliseconds (a timer; the page stays live meanwhile).
pub async fn sleep_ms(ms: u64) {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let ms = i32::try_from(ms).unwrap_or(i32::MAX);
        let set = web_sys::window().and_then(|w| w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).ok());
        if set.is_none() {
            let _ = resolve.call0(&JsValue::UNDEFINED);
        }
    });
    let _ = JsFuture::from(promise).await;
}
