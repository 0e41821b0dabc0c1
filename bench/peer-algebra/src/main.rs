//! Peer answers for `scripts/crosscheck-algebra.py`: the game algebra of the
//! crates.io crate `cgt` 0.11 (t4ccer/cgt-tools, an independent project that
//! happens to share our core lib's name), one line in, one line out.
//!
//! Input lines: `OP<TAB>GAME[<TAB>ARG]` with OP one of `cool` (ARG a
//! dyadic), `heat` (ARG a game), `reduced`, `atomic_weight`; GAME in
//! `{a,b|c}` notation. Output: the result as the crate prints it, or
//! `ERR <message>` (a parse error). Nothing of this crate is used by the
//! project: the script compares its answers with `cgt`'s.

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::short::partizan::canonical_form::CanonicalForm;
use std::io::{BufRead, Write};
use std::str::FromStr;

fn answer(line: &str) -> Result<String, String> {
    let f: Vec<&str> = line.split('\t').collect();
    let game = |s: &str| CanonicalForm::from_str(s).map_err(|e| format!("{e:?}"));
    let g = game(f.get(1).ok_or("no game")?)?;
    let r = match f[0] {
        "cool" => {
            let t = DyadicRationalNumber::from_str(f.get(2).ok_or("no t")?).map_err(|e| format!("{e:?}"))?;
            g.cool(t)
        }
        "heat" => g.heat(&game(f.get(2).ok_or("no t")?)?),
        "reduced" => g.reduced(),
        "atomic_weight" => g.atomic_weight(),
        other => return Err(format!("unknown operation {other}")),
    };
    Ok(r.to_string())
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        let a = answer(line.trim_end()).unwrap_or_else(|e| format!("ERR {e}"));
        writeln!(out, "{a}").expect("stdout");
    }
}
