//! Thermographs as TikZ, for papers and handouts: the same picture as the
//! SVG and the canvas (larger values to the left, the left wall blue and
//! solid, the right wall red and dashed, the mast going on upwards, the
//! sub-zero band shaded), written as a `tikzpicture` that `\usepackage{tikz}`
//! compiles with nothing else.
//!
//! Coordinates are the exact breakpoints: a dyadic value with a short
//! decimal form is written exactly (`0.375`), any other as a fraction
//! pgfmath evaluates (`{1/3}`), so the picture is as exact as the thermograph.
//! The axis is reversed by the picture's x unit, so every coordinate is the
//! value itself and can be read off the source.

use crate::{tick_label, ticks, DrawOptions, ViewBox};
use cgt::numbers::Q;
use cgt::thermograph::Thermograph;
use std::fmt::Write;

/// Width of the plot in centimetres (the height follows the data, capped).
const WIDTH_CM: f64 = 8.0;
const MAX_HEIGHT_CM: f64 = 9.0;

/// `q` as a TikZ coordinate: exact decimals for short dyadics, else a
/// braced fraction.
pub(crate) fn coord(q: &Q) -> String {
    let s = q.to_string();
    match s.split_once('/') {
        None => s,
        Some((n, d)) => match (n.parse::<i64>(), d.parse::<u32>()) {
            // 1/2^k has k decimals: exact for k <= 10.
            (Ok(n), Ok(d)) if d.is_power_of_two() && d <= 1024 => {
                let k = d.trailing_zeros() as usize;
                let x = n as f64 / d as f64;
                let text = format!("{x:.k$}");
                text.trim_end_matches('0').trim_end_matches('.').to_string()
            }
            _ => format!("{{{s}}}"),
        },
    }
}

/// A wall's visible breakpoints from `from` up to `to`, exact.
fn exact_points(wall: &cgt::thermograph::Wall, from: &Q, to: &Q) -> Vec<(Q, Q)> {
    let mut pts: Vec<(Q, Q)> = wall.points_from(from).into_iter().take_while(|(t, _)| t < to).collect();
    pts.push((to.clone(), wall.eval(to)));
    pts
}

/// The thermograph of `th` as a standalone `tikzpicture` (colours from
/// `opts.palette`, the sub-zero band as `opts.show_subzero` says, the
/// caption if any). `None` when a value is too large to place (the exact
/// walls are still in `cgt thermograph --json`).
pub fn thermograph_tikz(th: &Thermograph, opts: &DrawOptions) -> Option<String> {
    let vb = ViewBox::of(th, opts.show_subzero)?;
    let span = vb.value_left - vb.value_right;
    let sx = WIDTH_CM / span;
    let sy = (MAX_HEIGHT_CM / (vb.t_top - vb.t_bottom)).min(sx.max(0.2));
    let pal = &opts.palette;
    let mut s = String::new();
    let _ = writeln!(s, "% Thermograph: mean {}, temperature {} (cgt-draw).", th.mean(), th.temperature());
    let _ = writeln!(s, "% x is the value (larger to the left), y the temperature t.");
    let _ = writeln!(s, "\\begin{{tikzpicture}}[x={{({:.4}cm,0)}}, y={{(0,{:.4}cm)}}, >=stealth]", -sx, sy);
    let _ = writeln!(
        s,
        "  \\definecolor{{cgtleft}}{{RGB}}{{{},{},{}}}\\definecolor{{cgtright}}{{RGB}}{{{},{},{}}}\\definecolor{{cgtaxis}}{{RGB}}{{{},{},{}}}",
        pal.left.0, pal.left.1, pal.left.2, pal.right.0, pal.right.1, pal.right.2, pal.axis.0, pal.axis.1, pal.axis.2
    );
    let (l, r, b, t) = (vb.value_left, vb.value_right, vb.t_bottom, vb.t_top);
    if opts.show_subzero {
        let _ = writeln!(s, "  \\fill[cgtaxis, opacity=0.08] ({l:.4},-1) rectangle ({r:.4},0);");
    }
    // Axes: t = 0 and the value axis at the bottom; ticks on both.
    let _ = writeln!(s, "  \\draw[cgtaxis] ({l:.4},{b}) -- ({r:.4},{b});");
    let _ = writeln!(s, "  \\draw[cgtaxis] ({l:.4},{b}) -- ({l:.4},{t:.4});");
    if b < 0.0 {
        let _ = writeln!(s, "  \\draw[cgtaxis, densely dotted] ({l:.4},0) -- ({r:.4},0);");
    }
    for v in ticks(r, l, 6) {
        let _ = writeln!(s, "  \\draw[cgtaxis] ({v},{b}) -- ++(0,-1.5mm) node[below, font=\\scriptsize] {{${}$}};", tick_label(v));
    }
    // Tick marks in absolute lengths (a unit vector may be tiny or huge).
    for y in ticks(b, t, 6) {
        let _ = writeln!(s, "  \\draw[cgtaxis] ({l:.4},{y}) -- ++(-1.5mm,0) node[left, font=\\scriptsize] {{${}$}};", tick_label(y));
    }
    let _ = writeln!(s, "  \\node[below, font=\\small] at ({:.4},{b}) [yshift=-0.6cm] {{value}};", (l + r) / 2.0);
    let _ = writeln!(s, "  \\node[rotate=90, above, font=\\small] at ({l:.4},{:.4}) [xshift=-0.9cm] {{$t$}};", (b + t) / 2.0);
    // Walls, exact, from the bottom of the picture to the temperature.
    let from = Q::from_int(b as i64);
    let top = th.temperature().clone().max(from.clone());
    for (wall, style) in [(th.left_wall(), "cgtleft, thick"), (th.right_wall(), "cgtright, thick, dashed")] {
        let pts = exact_points(wall, &from, &top);
        let path: Vec<String> = pts.iter().map(|(t, v)| format!("({},{})", coord(v), coord(t))).collect();
        let _ = writeln!(s, "  \\draw[{style}] {};", path.join(" -- "));
    }
    // The mast: from the temperature upwards, "and so on".
    let m = coord(th.mean());
    let _ = writeln!(s, "  \\draw[cgtaxis, thick, ->] ({m},{}) -- ({m},{t:.4});", coord(&top));
    let _ = writeln!(s, "  \\node[right, font=\\scriptsize] at ({m},{t:.4}) {{mean ${}$, temperature ${}$}};", th.mean(), th.temperature());
    if let Some(c) = &opts.caption {
        let _ = writeln!(s, "  \\node[above, font=\\small] at ({:.4},{t:.4}) [yshift=0.3cm] {{{}}};", (l + r) / 2.0, escape(c));
    }
    s.push_str("\\end{tikzpicture}\n");
    Some(s)
}

/// TeX's special characters in a caption, escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '%' | '$' | '&' | '#' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '|' => out.push_str("\\textbar{}"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn th(src: &str) -> Thermograph {
        cgt::GameTree::parse_with(src, &cgt::ParseLimits::default()).unwrap().thermograph()
    }

    /// `{4|0}`: walls meet at (2, 2); the exact breakpoints are in the source.
    #[test]
    fn a_switch_as_tikz() {
        let text = thermograph_tikz(&th("{4|0}"), &DrawOptions::default()).unwrap();
        assert!(text.starts_with("% Thermograph: mean 2, temperature 2"), "{text}");
        assert!(text.trim_end().ends_with("\\end{tikzpicture}"), "{text}");
        assert_eq!(text.matches('{').count(), text.matches('}').count(), "{text}");
        // Left wall: 4 - t from t = -1 (the sub-zero band) to the mast at
        // (2, 2), one straight piece; the right wall 0 + t likewise.
        let left = text.lines().find(|l| l.contains("cgtleft, thick")).unwrap();
        assert_eq!(left.trim(), "\\draw[cgtleft, thick] (5,-1) -- (2,2);");
        let right = text.lines().find(|l| l.contains("cgtright, thick, dashed")).unwrap();
        assert_eq!(right.trim(), "\\draw[cgtright, thick, dashed] (-1,-1) -- (2,2);");
        assert!(text.contains("\\draw[cgtaxis, thick, ->] (2,2) --"), "{text}");
        assert!(text.contains("\\fill[cgtaxis, opacity=0.08]"), "the sub-zero band");
        let classical = thermograph_tikz(&th("{4|0}"), &DrawOptions { show_subzero: false, ..Default::default() }).unwrap();
        assert!(!classical.contains("\\fill"), "{classical}");
        let left = classical.lines().find(|l| l.contains("cgtleft, thick")).unwrap();
        assert_eq!(left.trim(), "\\draw[cgtleft, thick] (4,0) -- (2,2);", "the classical view starts at t = 0");
    }

    /// Fractions: dyadics exactly as decimals, others as pgfmath fractions.
    #[test]
    fn exact_coordinates() {
        assert_eq!(coord(&"3/8".parse().unwrap()), "0.375");
        assert_eq!(coord(&"-5/2".parse().unwrap()), "-2.5");
        assert_eq!(coord(&"1/3".parse().unwrap()), "{1/3}");
        assert_eq!(coord(&"7".parse().unwrap()), "7");
        let text = thermograph_tikz(&th("{1/3|0}"), &DrawOptions::default()).unwrap();
        assert!(text.contains("{1/3}") || text.contains("{1/6}"), "{text}");
        assert_eq!(escape("a_b {c} 50% ^"), "a\\_b \\{c\\} 50\\% \\^{}");
    }
}
