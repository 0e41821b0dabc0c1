//! The main thread's half of the background solver: starts the Web Worker
//! (`src/worker.rs`) on first use, queues the latest job until the worker
//! says it is ready, hands replies to the page, and cancels by terminating
//! the worker (the next job starts a fresh one). Messages are the text of
//! [`crate::solver`].
//!
//! Two lanes, each its own worker: exact values, and the Monte Carlo jobs
//! (the Scale Method, outcome classes), so a long estimate never holds up a
//! value and cancelling one never kills the other.

use crate::solver::{Job, Reply, Update, READY};
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

/// A lane's listener: gets every message for the current job's id, and
/// says whether to keep listening.
type Listener = Box<dyn Fn(&str) -> bool>;

/// Exact values on lane 0, Monte Carlo jobs on lane 1.
const VALUE: usize = 0;
const MONTE_CARLO: usize = 1;

thread_local! {
    static HANDLES: RefCell<[Option<Handle>; 2]> = const { RefCell::new([None, None]) };
    static LISTENERS: RefCell<[Option<(u64, Listener)>; 2]> = const { RefCell::new([None, None]) };
}

/// Sends `job` to the value worker; `on_reply` gets its reply (and only the
/// latest job's listener is kept). Starting the worker can fail (no
/// workers): the error is returned.
pub fn submit(job: &Job, on_reply: impl Fn(Reply) + 'static) -> Result<(), String> {
    let id = job.id();
    let listener: Listener = Box::new(move |text| match Reply::decode(text) {
        Some(r) if r.id == id => {
            on_reply(r);
            false
        }
        _ => true,
    });
    send(VALUE, job, listener)
}

/// Sends a Monte Carlo `job` to its worker; `on_update` gets each update
/// until the result (or an error).
pub fn submit_stream(job: &Job, on_update: impl Fn(Update) + 'static) -> Result<(), String> {
    send(MONTE_CARLO, job, update_listener(job.id(), on_update))
}

/// Sends an exact job whose answer is an [`Update`] (the board page's
/// value) to the value worker; `on_update` gets it.
pub fn submit_update(job: &Job, on_update: impl Fn(Update) + 'static) -> Result<(), String> {
    send(VALUE, job, update_listener(job.id(), on_update))
}

/// Hands the updates of job `id` to `on_update` until the last one.
fn update_listener(id: u64, on_update: impl Fn(Update) + 'static) -> Listener {
    Box::new(move |text| match Update::decode(text) {
        Some((i, u)) if i == id => {
            let last = matches!(u, Update::Scale { .. } | Update::Outcome { .. } | Update::Sum(_) | Update::Game(_) | Update::Error(_));
            on_update(u);
            !last
        }
        // (A dead worker's error reply, `id<TAB>err<TAB>...`, reads as an
        // `Update::Error` too.)
        _ => true,
    })
}

fn send(lane: usize, job: &Job, listener: Listener) -> Result<(), String> {
    LISTENERS.with(|l| l.borrow_mut()[lane] = Some((job.id(), listener)));
    let msg = job.encode();
    HANDLES.with(|h| {
        let mut h = h.borrow_mut();
        if h[lane].as_ref().is_none_or(|x| x.dead) {
            h[lane] = Some(spawn(lane)?);
        }
        let handle = h[lane].as_mut().expect("just started");
        if handle.ready {
            handle.worker.post_message(&JsValue::from_str(&msg)).map_err(|_| "the background solver refused the job".to_string())
        } else {
            handle.queued = Some(msg);
            Ok(())
        }
    })
}

/// Stops the value job under way (its worker is terminated).
pub fn cancel() {
    stop(VALUE);
}

/// Stops the Monte Carlo job under way.
pub fn cancel_stream() {
    stop(MONTE_CARLO);
}

fn stop(lane: usize) {
    if let Some(h) = HANDLES.with(|h| h.borrow_mut()[lane].take()) {
        h.worker.terminate();
    }
    LISTENERS.with(|l| l.borrow_mut()[lane] = None);
}

fn deliver(lane: usize, text: &str) {
    // Taken out while it runs: a listener may submit the next job.
    let Some((id, f)) = LISTENERS.with(|l| l.borrow_mut()[lane].take()) else { return };
    let keep = f(text);
    if keep {
        LISTENERS.with(|l| {
            let mut l = l.borrow_mut();
            if l[lane].is_none() {
                l[lane] = Some((id, f));
            }
        });
    }
}

fn spawn(lane: usize) -> Result<Handle, String> {
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
            let queued = HANDLES.with(|h| {
                let mut h = h.borrow_mut();
                let handle = h[lane].as_mut()?;
                handle.ready = true;
                handle.queued.take().map(|m| (handle.worker.clone(), m))
            });
            if let Some((w, m)) = queued {
                let _ = w.post_message(&JsValue::from_str(&m));
            }
        } else {
            deliver(lane, &text);
        }
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |ev: ErrorEvent| {
        ev.prevent_default();
        // A dead worker (out of memory, a failed load): drop it, and tell
        // whoever waits.
        HANDLES.with(|h| {
            if let Ok(mut h) = h.try_borrow_mut() {
                if let Some(handle) = h[lane].as_mut() {
                    handle.worker.terminate();
                    handle.dead = true;
                }
            }
        });
        let id = LISTENERS.with(|l| l.borrow()[lane].as_ref().map(|(id, _)| *id));
        if let Some(id) = id {
            deliver(lane, &Reply { id, result: Err(format!("the background solver stopped: {}", ev.message())) }.encode());
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Handle { worker, ready: false, dead: false, queued: None, _on_message: on_message, _on_error: on_error })
}
