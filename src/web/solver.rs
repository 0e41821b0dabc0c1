//! The main thread's half of the background solver: starts the Web Workers
//! (`src/worker.rs`) on first use, queues the latest job until its worker
//! says it is ready, hands answers to the page, and cancels by terminating
//! the worker (the next job starts a fresh one). Messages are the text of
//! [`crate::solver`]; a page sends its own [`Job`] (defined in its wing)
//! and gets its own answers ([`Job::Reply`]), decoded here.
//!
//! Two workers: exact values, and the Monte Carlo jobs (the Scale Method,
//! outcome classes) with the Sums page's exact search, so a long estimate
//! never holds up a value and cancelling one never kills the other.
//!
//! **One way to send work and drop stale answers.** [`submit`] is the only
//! way in: it takes the job with an id from this module's one counter and
//! returns a [`Ticket`]. Each worker runs one job at a time, the latest: a
//! job still running on it is stopped when another is submitted. An answer
//! reaches the page only while its ticket is its worker's current one
//! ([`Ticket::is_current`]); any other answer (a job replaced, cancelled or
//! finished) is dropped here, so pages never compare ids. A [`Lane`] keeps
//! a page's latest ticket of one purpose (the Sums page's exact search, a
//! Scale Method run) and cancels it when the page goes.

use crate::solver::{error_message, Job, Reply, READY};
use leptos::prelude::{on_cleanup, set_timeout, GetValue, SetValue, StoredValue};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
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

/// A job's answer, decoded: whether it ends the job, and the call that
/// hands it to the page.
type Delivery = (bool, Box<dyn FnOnce()>);

/// Reads a message as a job's answer (`None` when it is not one).
type OnMessage = Rc<dyn Fn(&str) -> Option<Delivery>>;

/// The job a worker runs: its id and who gets its answers (reading a
/// message as this job's answer; `None` when it is not one).
struct Current {
    id: u64,
    on_message: OnMessage,
}

thread_local! {
    /// The one source of job ids (never reused: an id names one job).
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
    static HANDLES: RefCell<[Option<Handle>; 2]> = const { RefCell::new([None, None]) };
    static CURRENT: RefCell<[Option<Current>; 2]> = const { RefCell::new([None, None]) };
}

/// One submitted job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket {
    id: u64,
    worker: usize,
}

impl Ticket {
    /// The job's id (as it travels in its messages).
    pub fn id(self) -> u64 {
        self.id
    }
    /// The job is under way and its answers are delivered: not finished,
    /// not cancelled, and no later job on its worker.
    pub fn is_current(self) -> bool {
        CURRENT.with(|c| c.borrow()[self.worker].as_ref().is_some_and(|j| j.id == self.id))
    }
    /// Stops the job if it is still current (its worker is terminated); a
    /// stale ticket leaves the worker to the job that replaced it.
    pub fn cancel(self) {
        if self.is_current() {
            stop(self.worker);
        }
    }
}

/// Sends a job to its worker (the one [`Job::worker`] names): `job` is
/// made with the ticket's id; `on_update` gets every answer of this job
/// until the last ([`Reply::is_last`]: the result or an error) and nothing
/// of any other. A job still running on the same worker is stopped first.
/// Starting the worker can fail (no workers): the error is returned.
pub fn submit<J: Job>(job: impl FnOnce(u64) -> J, on_update: impl Fn(J::Reply) + 'static) -> Result<Ticket, String>
where
    J::Reply: 'static,
{
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    let job = job(id);
    let worker = job.worker().index();
    // One job per worker: a worker busy with a job nobody waits for would
    // hold up this one until it ends.
    if CURRENT.with(|c| c.borrow()[worker].is_some()) {
        stop(worker);
    }
    let on_update = Rc::new(on_update);
    let on_message = move |text: &str| -> Option<Delivery> {
        let (_, update) = J::Reply::decode(text)?;
        let last = update.is_last();
        let to = on_update.clone();
        Some((last, Box::new(move || to(update))))
    };
    CURRENT.with(|c| c.borrow_mut()[worker] = Some(Current { id, on_message: Rc::new(on_message) }));
    let sent = post(worker, job.encode());
    if sent.is_err() {
        CURRENT.with(|c| c.borrow_mut()[worker] = None);
    }
    sent.map(|()| Ticket { id, worker })
}

fn post(worker: usize, msg: String) -> Result<(), String> {
    HANDLES.with(|h| {
        let mut h = h.borrow_mut();
        if h[worker].as_ref().is_none_or(|x| x.dead) {
            if let Some(old) = h[worker].replace(spawn(worker)?) {
                retire(old);
            }
        }
        let Some(handle) = h[worker].as_mut() else { return Err("the background solver could not start".to_string()) };
        if handle.ready {
            handle.worker.post_message(&JsValue::from_str(&msg)).map_err(|_| "the background solver refused the job".to_string())
        } else {
            handle.queued = Some(msg);
            Ok(())
        }
    })
}

/// Terminates a worker and forgets its job.
fn stop(worker: usize) {
    if let Some(h) = HANDLES.with(|h| h.borrow_mut()[worker].take()) {
        retire(h);
    }
    CURRENT.with(|c| c.borrow_mut()[worker] = None);
}

/// Retires a worker: its handlers are detached first (a message it posted
/// before `terminate` may still be queued, and must find no handler rather
/// than a dropped closure), then the handle is dropped in a later task (we
/// may be inside one of its own callbacks now).
fn retire(h: Handle) {
    h.worker.set_onmessage(None);
    h.worker.set_onerror(None);
    h.worker.terminate();
    set_timeout(move || drop(h), std::time::Duration::ZERO);
}

/// Hands an answer to its job's page, if the job is still current (else
/// it is stale: dropped). The job ends with its last answer, before the
/// page sees it (the page may submit the next job from there).
fn deliver(worker: usize, text: &str) {
    let Some(id) = text.split('\t').next().and_then(|t| t.parse::<u64>().ok()) else { return };
    let to = CURRENT.with(|c| {
        let mut c = c.borrow_mut();
        let read = c[worker].as_ref().filter(|j| j.id == id).map(|j| j.on_message.clone())?;
        let (last, hand_over) = read(text)?;
        if last {
            c[worker] = None;
        }
        Some(hand_over)
    });
    if let Some(hand_over) = to {
        hand_over();
    }
}

/// A page's latest ticket of one purpose: submitting through it replaces
/// the job before, [`Lane::cancel`] stops it, and leaving the page (the
/// owner that made the lane is cleaned up) cancels it.
#[derive(Clone, Copy, Debug)]
pub struct Lane(StoredValue<Option<Ticket>>);

impl Lane {
    // No `Default`: a lane registers its cancel with the reactive owner it
    // is made under, which a default value would hide.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Lane {
        let lane = Lane(StoredValue::new(None));
        on_cleanup(move || lane.cancel());
        lane
    }
    /// [`submit`], remembering the ticket.
    pub fn submit<J: Job>(self, job: impl FnOnce(u64) -> J, on_update: impl Fn(J::Reply) + 'static) -> Result<Ticket, String>
    where
        J::Reply: 'static,
    {
        self.cancel();
        let t = submit(job, on_update)?;
        self.0.set_value(Some(t));
        Ok(t)
    }
    /// Stops this lane's job if it is still under way.
    pub fn cancel(self) {
        if let Some(Some(t)) = self.0.try_get_value() {
            t.cancel();
        }
    }
    /// This lane's job is under way.
    pub fn busy(self) -> bool {
        self.0.try_get_value().flatten().is_some_and(Ticket::is_current)
    }
}

fn spawn(which: usize) -> Result<Handle, String> {
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
            // The test hook for the memory cap: a smaller cap, sent before
            // any job.
            if let Some(cap) = crate::web::dom::local_get("cgt-worker-memory-cap").and_then(|v| v.trim().parse::<usize>().ok()) {
                HANDLES.with(|h| {
                    if let Some(handle) = h.borrow().get(which).and_then(|x| x.as_ref()) {
                        let _ = handle.worker.post_message(&JsValue::from_str(&format!("{}{cap}", crate::solver::MEMORY_CAP_PREFIX)));
                    }
                });
            }
            let queued = HANDLES.with(|h| {
                let mut h = h.borrow_mut();
                let handle = h[which].as_mut()?;
                handle.ready = true;
                handle.queued.take().map(|m| (handle.worker.clone(), m))
            });
            if let Some((w, m)) = queued {
                let _ = w.post_message(&JsValue::from_str(&m));
            }
        } else {
            deliver(which, &text);
        }
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |ev: ErrorEvent| {
        ev.prevent_default();
        // A dead worker (out of memory, a failed load): drop it, and tell
        // whoever waits.
        HANDLES.with(|h| {
            if let Ok(mut h) = h.try_borrow_mut() {
                if let Some(handle) = h[which].as_mut() {
                    handle.worker.terminate();
                    handle.dead = true;
                }
            }
        });
        let id = CURRENT.with(|c| c.borrow()[which].as_ref().map(|j| j.id));
        if let Some(id) = id {
            deliver(which, &error_message(id, &format!("the background solver stopped: {}", ev.message())));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Handle { worker, ready: false, dead: false, queued: None, _on_message: on_message, _on_error: on_error })
}
