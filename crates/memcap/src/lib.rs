//! A global allocator that counts the bytes in use and refuses to go past a
//! cap: the shells' guard against work that would exhaust memory (the `cgt`
//! tool, and the web app's background solver, whose memory is the tab's).
//!
//! The core crate stays pure (no global state): this allocator lives only
//! in the binaries that install it (`#[global_allocator]`). Searches are
//! bounded by their position budgets first; the cap is the last line, for
//! what a budget does not foresee (a huge canonical form, a position that
//! is expensive per node).
//!
//! When an allocation would take the bytes in use past the cap, the
//! allocator calls the shell's `on_cap` once, with the cap lifted so that
//! reporting can allocate: the CLI prints a message and exits, the worker
//! tells the page. If `on_cap` returns, the allocation fails (null), which
//! ends the program (`handle_alloc_error`).

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// The memory cap of each of the web app's background solvers (its Web
/// Workers): here, so that `cgt bench memory` measures against the same
/// figure. 1 GiB: each worker's memory is the tab's, and two run.
pub const WEB_WORKER_CAP: usize = 1 << 30;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static CAP: AtomicUsize = AtomicUsize::new(0);
static HIT: AtomicBool = AtomicBool::new(false);

/// What the shell does when the cap is reached: `requested` is the size of
/// the allocation that would have passed it, `cap` the cap (bytes).
pub type OnCap = fn(requested: usize, cap: usize);

/// The allocator: `inner` does the work (`std::alloc::System`).
pub struct CappedAlloc<A> {
    inner: A,
    on_cap: OnCap,
}

impl<A> CappedAlloc<A> {
    pub const fn new(inner: A, on_cap: OnCap) -> Self {
        CappedAlloc { inner, on_cap }
    }

    /// Whether `extra` more bytes fit under the cap; calls `on_cap` (once)
    /// when they do not.
    #[inline]
    fn admit(&self, extra: usize) -> bool {
        let cap = CAP.load(Relaxed);
        cap == 0 || IN_USE.load(Relaxed).saturating_add(extra) <= cap || self.refuse(extra, cap)
    }

    /// Past the cap: report once (the slow path, kept out of line so that
    /// every allocation site stays small).
    #[cold]
    #[inline(never)]
    fn refuse(&self, extra: usize, cap: usize) -> bool {
        if !HIT.swap(true, Relaxed) {
            CAP.store(0, Relaxed);
            (self.on_cap)(extra, cap);
        }
        false
    }

    fn grew(&self, by: usize) {
        let now = IN_USE.fetch_add(by, Relaxed) + by;
        PEAK.fetch_max(now, Relaxed);
    }
}

unsafe impl<A: GlobalAlloc> GlobalAlloc for CappedAlloc<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !self.admit(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = self.inner.alloc(layout);
        if !p.is_null() {
            self.grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !self.admit(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = self.inner.alloc_zeroed(layout);
        if !p.is_null() {
            self.grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        self.inner.dealloc(ptr, layout);
        IN_USE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old && !self.admit(new_size - old) {
            return std::ptr::null_mut();
        }
        let p = self.inner.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= old {
                self.grew(new_size - old);
            } else {
                IN_USE.fetch_sub(old - new_size, Relaxed);
            }
        }
        p
    }
}

/// Bytes in use now (through the installed allocator).
pub fn in_use() -> usize {
    IN_USE.load(Relaxed)
}

/// The most bytes in use at once since the start or [`reset_peak`].
pub fn peak() -> usize {
    PEAK.load(Relaxed)
}

/// Start measuring a peak from the bytes in use now.
pub fn reset_peak() {
    PEAK.store(IN_USE.load(Relaxed), Relaxed);
}

/// Set the cap in bytes (0: none), and re-arm `on_cap`.
pub fn set_cap(bytes: usize) {
    CAP.store(bytes, Relaxed);
    HIT.store(false, Relaxed);
}

/// The cap in bytes (0: none).
pub fn cap() -> usize {
    CAP.load(Relaxed)
}

/// Whether the cap was reached since it was last set.
pub fn cap_was_hit() -> bool {
    HIT.load(Relaxed)
}

/// A size in bytes as people read it: `1.5 MiB`, `3 GiB` (tenths, rounded
/// to nearest, in integers: the same text on every platform).
pub fn human(bytes: usize) -> String {
    const UNITS: [&str; 3] = ["KiB", "MiB", "GiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut unit = 1024u128;
    let mut u = 0;
    while u + 1 < UNITS.len() && bytes as u128 >= unit * 1024 {
        unit *= 1024;
        u += 1;
    }
    // Tenths, rounded to nearest; whole numbers from 100 on.
    let tenths = (bytes as u128 * 10 + unit / 2) / unit;
    if tenths >= 1000 || tenths.is_multiple_of(10) {
        format!("{} {}", (tenths + 5) / 10, UNITS[u])
    } else {
        format!("{}.{} {}", tenths / 10, tenths % 10, UNITS[u])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::System;
    use std::sync::atomic::AtomicUsize;

    static CALLS: AtomicUsize = AtomicUsize::new(0);
    fn note(_: usize, _: usize) {
        CALLS.fetch_add(1, Relaxed);
    }

    /// One test drives the allocator directly (not installed: the counters
    /// are the process's, so nothing else here allocates through it).
    #[test]
    fn counts_caps_and_reports_once() {
        let a = CappedAlloc::new(System, note);
        let base = in_use();
        set_cap(base + 1000);
        unsafe {
            let l = Layout::from_size_align(600, 8).unwrap();
            let p = a.alloc(l);
            assert!(!p.is_null());
            assert_eq!(in_use(), base + 600);
            assert!(peak() >= base + 600);
            // 600 + 600 > 1000: refused, reported once.
            let q = a.alloc(l);
            assert!(q.is_null());
            assert_eq!(CALLS.load(Relaxed), 1);
            assert!(cap_was_hit());
            // The cap is lifted after the report, so reporting can allocate.
            assert_eq!(cap(), 0);
            let r = a.realloc(p, l, 2000);
            assert!(!r.is_null());
            assert_eq!(in_use(), base + 2000);
            a.dealloc(r, Layout::from_size_align(2000, 8).unwrap());
            assert_eq!(in_use(), base);
            // Re-armed by set_cap.
            set_cap(base + 100);
            assert!(a.alloc(l).is_null());
            assert_eq!(CALLS.load(Relaxed), 2);
            set_cap(0);
        }
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(1536), "1.5 KiB");
        assert_eq!(human(1 << 30), "1 GiB");
        assert_eq!(human(300 << 20), "300 MiB");
        assert_eq!(human(24 << 20), "24 MiB");
        assert_eq!(human((155 << 20) + (1 << 19)), "156 MiB");
        assert_eq!(human((7 << 30) + (2 << 30) / 5), "7.4 GiB");
        assert_eq!(human(1023), "1023 bytes");
    }
}
