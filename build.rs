//! Link the browser app with its relocations kept (`--emit-relocs`):
//! `wasm-split-cli` needs them to cut the pages into their own wasm files
//! (scripts/bin/wasm-bindgen). Only the app's wasm binary: the worker, the
//! tests and native builds link as before.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bin=cgt-lab=--emit-relocs");
    }
}
