//! The main thread's half of the background solver: starts the Web Worker
//! (`src/worker.rs`) on first use, queues the latest job until the worker
//! says it is ready, hands replies to the page, and cancels by terminating
//! the worker (the next job starts a fresh one). Messages are the text of
//! [`crate::solver`].

use crate::solver::{Job, Reply, READY};
use std::cell::RefCell;
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, ErrorEvent, MessageEvent, Url, Worker};

struct Handle {
    worker: Worker,
    ready: bool,
    /// Failed and terminated: replaced on the next job (not dropped inside
    /// its own callback).
    dead: bool,
    /// The job waiting for the worker to load (only the latest counts).
    queued: Option<String>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

type Listener = Box<dyn Fn(Reply)>;

thread_local! {
    static HANDLE: RefCell<Option<Handle>> = const { RefCell::new(None) };
    static LISTENER: RefCell<Option<(u64, Listener)>> = const { RefCell::new(None) };
}

/// Sends `job` to the worker; `on_reply` gets its reply (and only the
/// latest job's listener is kept). Starting the worker can fail (no
/// workers): the error is returned.
pub fn submit(job: &Job, on_reply: impl Fn(Reply) + 'static) -> Result<(), String> {
    LISTENER.with(|l| *l.borrow_mut() = Some((job.id(), Box::new(on_reply))));
    let msg = job.encode();
    HANDLE.with(|h| {
        let mut h = h.borrow_mut();
        if h.as_ref().is_none_or(|x| x.dead) {
            *h = Some(spawn()?);
        }
        let handle = h.as_mut().expect("just started");
        if handle.ready {
            handle.worker.post_message(&JsValue::from_str(&msg)).map_err(|_| "the background solver refused the job".to_string())
        } else {
            handle.queued = Some(msg);
            Ok(())
        }
    })
}

/// Stops the job under way (the worker is terminated).
pub fn cancel() {
    if let Some(h) = HANDLE.with(|h| h.borrow_mut().take()) {
        h.worker.terminate();
    }
    LISTENER.with(|l| *l.borrow_mut() = None);
}

fn deliver(reply: Reply) {
    let listener = LISTENER.with(|l| {
        let mut l = l.borrow_mut();
        match l.as_ref() {
            Some((id, _)) if *id == reply.id => l.take(),
            _ => None,
        }
    });
    if let Some((_, f)) = listener {
        f(reply);
    }
}

fn spawn() -> Result<Handle, String> {
    let fail = |what: &str| format!("the background solver could not start ({what})");
    let doc = web_sys::window().and_then(|w| w.document()).ok_or_else(|| fail("no document"))?;
    let base = doc.base_uri().ok().flatten().ok_or_else(|| fail("no base URL"))?;
    let url = |file: &str| Url::new_with_base(file, &base).map(|u| u.href()).map_err(|_| fail("bad URL"));
    // Trunk's worker output: a no-modules script and its wasm beside the page.
    let script = format!("importScripts({:?});wasm_bindgen({{ module_or_path: {:?} }});", url("cgt-worker.js")?, url("cgt-worker_bg.wasm")?);
    let parts = js_sys::Array::of1(&JsValue::from_str(&script));
    let options = BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|_| fail("blob"))?;
    let blob_url = Url::create_object_url_with_blob(&blob).map_err(|_| fail("blob URL"))?;
    let worker = Worker::new(&blob_url).map_err(|_| fail("Worker"))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let Some(text) = ev.data().as_string() else { return };
        if text == READY {
            let queued = HANDLE.with(|h| {
                let mut h = h.borrow_mut();
                let handle = h.as_mut()?;
                handle.ready = true;
                handle.queued.take().map(|m| (handle.worker.clone(), m))
            });
            if let Some((w, m)) = queued {
                let _ = w.post_message(&JsValue::from_str(&m));
            }
        } else if let Some(reply) = Reply::decode(&text) {
            deliver(reply);
        }
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |ev: ErrorEvent| {
        ev.prevent_default();
        // A dead worker (out of memory, a failed load): drop it, and tell
        // whoever waits.
        HANDLE.with(|h| {
            if let Ok(mut h) = h.try_borrow_mut() {
                if let Some(handle) = h.as_mut() {
                    handle.worker.terminate();
                    handle.dead = true;
                }
            }
        });
        let id = LISTENER.with(|l| l.borrow().as_ref().map(|(id, _)| *id));
        if let Some(id) = id {
            deliver(Reply { id, result: Err(format!("the background solver stopped: {}", ev.message())) });
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Handle { worker, ready: false, dead: false, queued: None, _on_message: on_message, _on_error: on_error })
}
