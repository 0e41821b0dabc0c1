//! The tool's memory cap: a counting allocator (`cgt-memcap`) installed for
//! the whole process, and what happens when work would pass the cap (a
//! message naming the cap and how to raise it, exit code 1), instead of the
//! machine swapping or the kernel killing the process without a word.

use cgt_memcap::CappedAlloc;
use std::alloc::System;
use std::io::Write;

#[global_allocator]
static ALLOC: CappedAlloc<System> = CappedAlloc::new(System, at_cap);

/// Called by the allocator (once, with the cap lifted, so it may allocate)
/// when an allocation would pass the cap: say so and stop. Output already
/// written stays (stdout is line-buffered: in batch mode every finished
/// line is out).
fn at_cap(requested: usize, cap: usize) {
    let _ = writeln!(
        std::io::stderr(),
        "error: this needs more memory than the cap of {} (an allocation of {} more did not fit); raise it with --max-memory MIB or CGT_MAX_MEMORY, 0 for no cap",
        cgt_memcap::human(cap),
        cgt_memcap::human(requested)
    );
    let _ = std::io::stdout().flush();
    std::process::exit(1);
}

/// The cap in MiB: `--max-memory`, else `CGT_MAX_MEMORY`, else three
/// quarters of the machine's memory (`/proc/meminfo`; 8 GiB where that
/// cannot be read). 0 means no cap.
pub fn cap_mib(flag: Option<u64>) -> Result<u64, String> {
    if let Some(m) = flag {
        return Ok(m);
    }
    if let Ok(v) = std::env::var("CGT_MAX_MEMORY") {
        return v.trim().parse::<u64>().map_err(|_| format!("CGT_MAX_MEMORY={v:?} is not a number of MiB (0 for no cap)"));
    }
    Ok(machine_mib().map_or(8192, |m| m / 4 * 3))
}

/// The machine's memory in MiB (Linux).
fn machine_mib() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Peak bytes of `work` (from the bytes in use when it starts), for
/// `cgt bench memory`.
pub fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = cgt_memcap::in_use();
    cgt_memcap::reset_peak();
    let out = work();
    (out, cgt_memcap::peak().saturating_sub(before))
}
