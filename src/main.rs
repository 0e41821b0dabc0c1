//! Entry point of the web app: Trunk builds this binary to wasm and the page
//! mounts the app on `<body>`. Natively it only explains itself.

#[cfg(target_arch = "wasm32")]
fn main() {
    cgt_lab::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("cgt-lab is a web app: run `scripts/serve.sh` (or `trunk serve`) and open http://127.0.0.1:8080");
}
