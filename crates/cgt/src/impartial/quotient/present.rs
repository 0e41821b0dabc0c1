//! A presentation of a finite commutative monoid by its generators, in
//! the papers' form `⟨a, b | a² = 1, b³ = b⟩`.
//!
//! Each element is written as its least word in the generators (its
//! *normal form*) under the graded order: fewer letters first, then the
//! word with the smaller power of the latest generator, then of the one
//! before, and so on (`ab < b²`, `bc > ab`). This order is compatible with
//! multiplication, so a divisor of a normal form is a normal form, and the
//! relations `w = nf(w)` for the *minimal* words `w` that are not normal
//! forms (every proper divisor is one) rewrite any word to its normal form:
//! they present the monoid. They are what Plambeck and Siegel (2008) print,
//! e.g. `a² = 1, b³ = b, bc = ab, c² = b²` for 0.75.

use super::explore::Table;
use std::cmp::Ordering;

/// The graded order on exponent vectors (see the module docs).
pub(crate) fn word_cmp(x: &[u32], y: &[u32]) -> Ordering {
    let dx: u32 = x.iter().sum();
    let dy: u32 = y.iter().sum();
    dx.cmp(&dy).then_with(|| x.iter().rev().cmp(y.iter().rev()))
}

/// Normal forms of every element (exponent vectors, one entry per
/// generator) and the relations `lhs = rhs`, sorted by `lhs`. `gens` are
/// the generators' elements; `None` if they do not generate the table.
#[allow(clippy::type_complexity)]
pub(crate) fn present(table: &Table, gens: &[u32]) -> Option<(Vec<Vec<u32>>, Vec<(Vec<u32>, Vec<u32>)>)> {
    let k = gens.len();
    let mut nf: Vec<Option<Vec<u32>>> = vec![None; table.order];
    nf[0] = Some(vec![0; k]);
    let mut level: Vec<u32> = vec![0];
    let mut relations: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    let mut normal: rustc_hash::FxHashSet<Vec<u32>> = rustc_hash::FxHashSet::default();
    normal.insert(vec![0; k]);
    while !level.is_empty() {
        // Every word of this degree with a normal form of the previous
        // degree as a divisor: the candidates for new normal forms.
        let mut words: Vec<(Vec<u32>, u32)> = Vec::new();
        for &x in &level {
            let base = nf[x as usize].clone().unwrap_or_default();
            for (i, &g) in gens.iter().enumerate() {
                let mut w = base.clone();
                w[i] += 1;
                words.push((w, table.mul(x, g)));
            }
        }
        words.sort_by(|a, b| word_cmp(&a.0, &b.0));
        words.dedup_by(|a, b| a.0 == b.0);
        let mut next = Vec::new();
        for (w, e) in &words {
            if nf[*e as usize].is_none() {
                nf[*e as usize] = Some(w.clone());
                normal.insert(w.clone());
                next.push(*e);
            }
        }
        // The words of this degree that are not normal forms, but whose
        // divisors all are: the left sides of the relations.
        for (w, e) in &words {
            if nf[*e as usize].as_ref() == Some(w) {
                continue;
            }
            let minimal = (0..k).filter(|&j| w[j] > 0).all(|j| {
                let mut d = w.clone();
                d[j] -= 1;
                normal.contains(&d)
            });
            if minimal {
                relations.push((w.clone(), nf[*e as usize].clone().unwrap_or_default()));
            }
        }
        level = next;
    }
    let nf: Option<Vec<Vec<u32>>> = nf.into_iter().collect();
    relations.sort_by(|a, b| word_cmp(&a.0, &b.0));
    Some((nf?, relations))
}

/// The name of generator `i`: `a` to `z`, then `g₂₇`, `g₂₈`, ...
pub(crate) fn generator_name(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else {
        format!("g{}", subscript(i + 1))
    }
}

fn subscript(n: usize) -> String {
    n.to_string().chars().map(|c| char::from_u32(0x2080 + c.to_digit(10).unwrap_or(0)).unwrap_or('?')).collect()
}

fn superscript(n: u32) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string().chars().map(|c| SUP[c.to_digit(10).unwrap_or(0) as usize]).collect()
}

/// A word as the papers write it: `1`, `a`, `ab²`.
pub(crate) fn word_text(w: &[u32]) -> String {
    if w.iter().all(|&e| e == 0) {
        return "1".to_string();
    }
    let mut s = String::new();
    for (i, &e) in w.iter().enumerate() {
        if e > 0 {
            s.push_str(&generator_name(i));
            if e > 1 {
                s.push_str(&superscript(e));
            }
        }
    }
    s
}

/// A word in ASCII: `1`, `a`, `a*b^2`.
pub(crate) fn word_ascii(w: &[u32]) -> String {
    let parts: Vec<String> = w
        .iter()
        .enumerate()
        .filter(|(_, &e)| e > 0)
        .map(|(i, &e)| {
            let name = if i < 26 { generator_name(i) } else { format!("g{}", i + 1) };
            if e > 1 {
                format!("{name}^{e}")
            } else {
                name
            }
        })
        .collect();
    if parts.is_empty() {
        "1".to_string()
    } else {
        parts.join("*")
    }
}
