//! The Web Worker: a thin shell that runs [`cgt_lab::worker_jobs::run_streaming`]
//! (every page's registered jobs) on each text message and posts what it reports, so long exact searches never block the
//! page. Trunk builds it as a separate `no-modules` wasm (`index.html`);
//! `web::solver` starts it. Natively it only explains itself.
//!
//! Its allocator counts the bytes in use and stops a job at the memory cap
//! (`solver::WORKER_MEMORY_CAP`), answering it with an error the page shows,
//! before the tab runs short of memory; the worker then ends (the page
//! starts a fresh one for the next job).

#[cfg(target_arch = "wasm32")]
mod cap {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[global_allocator]
    static ALLOC: cgt_memcap::CappedAlloc<std::alloc::System> = cgt_memcap::CappedAlloc::new(std::alloc::System, at_cap);

    /// The job under way (its answer goes to this id).
    pub static JOB: AtomicU64 = AtomicU64::new(u64::MAX);

    /// The allocator reached the cap (it has lifted it, so this may
    /// allocate): answer the job under way with the reason. The allocation
    /// then fails and the worker stops; the page drops it.
    fn at_cap(_requested: usize, cap: usize) {
        use wasm_bindgen::{JsCast, JsValue};
        let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let msg = cgt_lab::solver::error_message(JOB.load(Relaxed), &cgt_lab::solver::memory_cap_message(cap));
        let _ = scope.post_message(&JsValue::from_str(&msg));
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    cgt_memcap::set_cap(cgt_lab::solver::WORKER_MEMORY_CAP);
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        if let Some(msg) = ev.data().as_string() {
            if let Some(bytes) = msg.strip_prefix(cgt_lab::solver::MEMORY_CAP_PREFIX) {
                if let Ok(b) = bytes.trim().parse::<usize>() {
                    cgt_memcap::set_cap(b);
                }
                return;
            }
            cap::JOB.store(cgt_lab::solver::message_id(&msg).unwrap_or(u64::MAX), std::sync::atomic::Ordering::Relaxed);
            cgt_lab::worker_jobs::run_streaming(&msg, &mut |m| {
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
