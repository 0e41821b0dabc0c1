//! cargo-fuzz target `loopy`: `cgt::fuzz::check("loopy", ...)` on every input
//! that is UTF-8 (the parsers take text); a panic or a broken round trip is
//! a crash.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(broken) = cgt::fuzz::check("loopy", text) {
            panic!("{broken}");
        }
    }
});
