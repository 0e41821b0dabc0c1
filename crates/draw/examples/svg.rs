//! Write a thermograph SVG to stdout: `cargo run -p cgt-draw --example svg -- GAME [W H]`.
use cgt::notation::{GameTree, ParseLimits};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let src = args
        .get(1)
        .map(String::as_str)
        .unwrap_or("14|2|||-2||-14|-16");
    let w = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(800);
    let h = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(520);
    match GameTree::parse_with(src, &ParseLimits::INTERACTIVE) {
        Ok(g) => print!(
            "{}",
            cgt_draw::thermograph_svg(&g.thermograph(), w, h, &Default::default())
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
