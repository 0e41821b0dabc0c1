//! The one palette of every picture: plotters' canvases and SVGs drawn here,
//! and (through [`Palette::css_variables`]) the page's inline SVG pictures
//! and Left/Right marks, which read the same colours as CSS custom
//! properties.
//!
//! Left is blue and its lines solid, Right red and its lines dashed
//! ([`Palette::side`]): the dash tells the sides apart for colour-blind
//! readers and in greyscale prints. There are two palettes, [`Palette::LIGHT`]
//! (white paper: the CLI's SVG, and the page's light theme) and
//! [`Palette::DARK`] (the page's dark theme: pictures on the dark card, not
//! on white). In both, every line colour keeps a contrast ratio of at least
//! 3:1 against the picture's background and text at least 4.5:1 (WCAG 2's
//! thresholds for graphics and for text; held by the tests below).
//!
//! The stylesheet holds copies of these values in its `:root` blocks (CSS
//! cannot import Rust); a test here reads `style/main.css` and fails when a
//! copy differs, so the two cannot drift.

use cgt::side::Side;
use plotters::style::RGBColor;

/// Every colour a picture uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// The picture's background (the whole area is filled with it).
    pub background: RGBColor,
    /// Tick labels, axis names, captions, node labels.
    pub text: RGBColor,
    /// Legend entries and notes beside the plot (a little softer).
    pub legend_text: RGBColor,
    /// The axis lines.
    pub axis: RGBColor,
    /// Grid lines at the ticks.
    pub grid_bold: RGBColor,
    /// Grid lines between the ticks.
    pub grid_light: RGBColor,
    /// Left (blue): the left wall, Left's options and counters.
    pub left: RGBColor,
    /// Right (red): the right wall, Right's options and counters.
    pub right: RGBColor,
    /// The mast, and neutral marks of the game itself (bars, points).
    pub mast: RGBColor,
    /// What the pointer or the last step points at.
    pub hover: RGBColor,
    /// The sub-zero band `-1 <= t < 0` (drawn translucent).
    pub subzero: RGBColor,
    /// The exact thermograph laid over an estimate.
    pub exact: RGBColor,
    /// Bounds of the mean.
    pub mean: RGBColor,
    /// Bounds of the temperature.
    pub temperature: RGBColor,
    /// Reference lines: the axis `t = 0`, thresholds, frames.
    pub neutral: RGBColor,
    /// Secondary marks: tree edges, their labels, counts of hidden nodes.
    pub faint: RGBColor,
}

/// Opacity of a tree's other edges while one path is marked in the text
/// colour (the MT explored tree: `.tree-svg.has-last` in the stylesheet):
/// the marked path then keeps at least 3:1 against every other edge, and
/// they keep 3:1 against the background, in both palettes (tested below).
pub const DIMMED_EDGE_OPACITY: f64 = 0.7;

/// `c` drawn at `alpha` over `bg`, as the browser composites it.
pub fn over(c: RGBColor, alpha: f64, bg: RGBColor) -> RGBColor {
    let mix = |a: u8, b: u8| (alpha * a as f64 + (1.0 - alpha) * b as f64).round() as u8;
    RGBColor(mix(c.0, bg.0), mix(c.1, bg.1), mix(c.2, bg.2))
}

/// A dash pattern in unscaled pixels: `on` drawn, `off` skipped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dash {
    pub on: f64,
    pub off: f64,
}

/// Right's dash (Left's lines are solid).
pub const RIGHT_DASH: Dash = Dash { on: 7.0, off: 4.0 };

/// How one side's lines are drawn: colour, and a dash for Right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideStyle {
    pub color: RGBColor,
    /// `None`: solid.
    pub dash: Option<Dash>,
}

const fn rgb(hex: u32) -> RGBColor {
    RGBColor((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

impl Palette {
    /// On white: the light theme, the CLI's SVG and print.
    pub const LIGHT: Palette = Palette {
        background: rgb(0xFFFFFF),
        text: rgb(0x000000),
        legend_text: rgb(0x30343C),
        axis: rgb(0x555B66),
        grid_bold: rgb(0xD8DCE4),
        grid_light: rgb(0xF0F2F6),
        left: rgb(0x1F5AC8),
        right: rgb(0xD12A2A),
        mast: rgb(0x3A2D5C),
        // Darker than the old #E08A00, which had 2.7:1 on white.
        hover: rgb(0xC87800),
        subzero: rgb(0x8E9AB0),
        exact: rgb(0x707680),
        mean: rgb(0x1B8A5A),
        temperature: rgb(0xC06A00),
        neutral: rgb(0x808690),
        faint: rgb(0x5D6676),
    };

    /// On the dark theme's card colour: light text, lighter Left/Right.
    pub const DARK: Palette = Palette {
        background: rgb(0x1B2030),
        text: rgb(0xE6E9F0),
        legend_text: rgb(0xCDD3DF),
        axis: rgb(0x8B94A7),
        grid_bold: rgb(0x343B4D),
        grid_light: rgb(0x252B3C),
        left: rgb(0x6F9CFF),
        right: rgb(0xFF7A7A),
        mast: rgb(0xB9A6FF),
        hover: rgb(0xF0A030),
        subzero: rgb(0x8E9AB0),
        exact: rgb(0x9AA2B1),
        mean: rgb(0x4CC38A),
        temperature: rgb(0xE8A050),
        neutral: rgb(0x7D8699),
        faint: rgb(0xA3ACBD),
    };

    /// The palette of a page theme (`"dark"`, else light).
    pub fn for_theme(theme: &str) -> Palette {
        if theme == "dark" {
            Palette::DARK
        } else {
            Palette::LIGHT
        }
    }

    /// Left solid, Right dashed, each in its colour.
    pub fn side(&self, side: Side) -> SideStyle {
        match side {
            Side::Left => SideStyle { color: self.left, dash: None },
            Side::Right => SideStyle { color: self.right, dash: Some(RIGHT_DASH) },
        }
    }

    /// Every colour with its CSS custom property name, in one order.
    pub fn variables(&self) -> [(&'static str, RGBColor); 16] {
        [
            ("--plot-bg", self.background),
            ("--plot-ink", self.text),
            ("--plot-ink-soft", self.legend_text),
            ("--plot-axis", self.axis),
            ("--plot-grid", self.grid_bold),
            ("--plot-grid-light", self.grid_light),
            ("--left", self.left),
            ("--right", self.right),
            ("--mast", self.mast),
            ("--hover", self.hover),
            ("--subzero", self.subzero),
            ("--exact", self.exact),
            ("--mean", self.mean),
            ("--temperature", self.temperature),
            ("--neutral", self.neutral),
            ("--faint", self.faint),
        ]
    }

    /// The palette as CSS declarations (`--left: #1f5ac8; ...`), one a
    /// line: what the stylesheet's theme blocks hold.
    pub fn css_variables(&self) -> String {
        self.variables().iter().map(|(name, c)| format!("{name}: {};\n", css_hex(*c))).collect()
    }
}

impl Default for Palette {
    fn default() -> Self {
        Palette::LIGHT
    }
}

/// `#rrggbb`, lower case (as the stylesheet writes colours).
pub fn css_hex(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// WCAG 2's relative luminance of an sRGB colour.
pub fn relative_luminance(c: RGBColor) -> f64 {
    let lin = |x: u8| {
        let x = x as f64 / 255.0;
        if x <= 0.04045 {
            x / 12.92
        } else {
            ((x + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// WCAG 2's contrast ratio of two colours, from 1 to 21.
pub fn contrast_ratio(a: RGBColor, b: RGBColor) -> f64 {
    let (x, y) = (relative_luminance(a), relative_luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The stylesheet without its comments (which may hold any text).
    fn css() -> String {
        let mut text = include_str!("../../../style/main.css");
        let mut out = String::new();
        while let Some(at) = text.find("/*") {
            out.push_str(&text[..at]);
            text = text[at..].find("*/").map_or("", |end| &text[at + end + 2..]);
        }
        out.push_str(text);
        out
    }

    /// The custom properties declared in the block opened by `selector {`.
    fn block(selector: &str) -> BTreeMap<String, String> {
        let css = css();
        let open = format!("{selector} {{");
        let start = css.find(&open).unwrap_or_else(|| panic!("no `{open}` in style/main.css")) + open.len();
        let body = &css[start..start + css[start..].find('}').expect("block closed")];
        body.split(';')
            .filter_map(|decl| {
                let (name, value) = decl.split_once(':')?;
                let name = name.trim();
                name.starts_with("--").then(|| (name.to_string(), value.trim().to_string()))
            })
            .collect()
    }

    fn assert_css_holds(p: &Palette, selector: &str) {
        let vars = block(selector);
        for line in p.css_variables().lines() {
            let (name, value) = line.trim_end_matches(';').split_once(": ").expect("name: value");
            assert_eq!(vars.get(name).map(String::as_str), Some(value), "{selector} {{ {name} }} in style/main.css differs from the palette");
        }
    }

    #[test]
    fn the_stylesheet_holds_the_palettes() {
        assert_css_holds(&Palette::LIGHT, ":root");
        assert_css_holds(&Palette::DARK, ":root[data-theme=\"dark\"]");
    }

    #[test]
    fn the_stylesheet_writes_no_palette_colour_outside_its_blocks() {
        // A copy of a palette colour in a rule would not follow the theme:
        // rules use the variables.
        let light = block(":root");
        let dark = block(":root[data-theme=\"dark\"]");
        let skip_blocks = {
            let mut s = css();
            for sel in [":root {", ":root[data-theme=\"dark\"] {"] {
                let at = s.find(sel).expect("block");
                let end = at + s[at..].find('}').expect("closed");
                s.replace_range(at..=end, "");
            }
            s.to_lowercase()
        };
        for p in [Palette::LIGHT, Palette::DARK] {
            for (name, c) in p.variables() {
                if matches!(name, "--plot-bg" | "--plot-ink") {
                    // White and black are everyone's colours.
                    continue;
                }
                assert!(!skip_blocks.contains(&css_hex(c)), "style/main.css writes {} ({name}) outside the theme blocks: use var({name})", css_hex(c));
            }
        }
        assert!(!light.is_empty() && !dark.is_empty());
    }

    #[test]
    fn css_variables_name_every_colour_once() {
        let text = Palette::DARK.css_variables();
        assert!(text.starts_with("--plot-bg: #1b2030;\n"), "{text}");
        assert!(text.contains("--left: #6f9cff;\n") && text.contains("--right: #ff7a7a;\n"));
        let names: std::collections::BTreeSet<&str> = Palette::LIGHT.variables().iter().map(|v| v.0).collect();
        assert_eq!(names.len(), 16);
    }

    #[test]
    fn lines_and_text_keep_their_contrast_in_both_themes() {
        assert!((contrast_ratio(rgb(0xFFFFFF), rgb(0x000000)) - 21.0).abs() < 1e-9);
        assert!((contrast_ratio(rgb(0x777777), rgb(0x777777)) - 1.0).abs() < 1e-9);
        for (theme, p) in [("light", Palette::LIGHT), ("dark", Palette::DARK)] {
            let lines = [
                ("left", p.left),
                ("right", p.right),
                ("mast", p.mast),
                ("hover", p.hover),
                ("exact", p.exact),
                ("mean", p.mean),
                ("temperature", p.temperature),
                ("neutral", p.neutral),
                ("axis", p.axis),
                ("faint", p.faint),
            ];
            for (name, c) in lines {
                let r = contrast_ratio(c, p.background);
                assert!(r >= 3.0, "{theme} {name} {}: {r:.2}:1 against the background", css_hex(c));
            }
            for (name, c) in [("text", p.text), ("legend text", p.legend_text)] {
                let r = contrast_ratio(c, p.background);
                assert!(r >= 4.5, "{theme} {name}: {r:.2}:1");
            }
        }
        // The dark theme paints on dark, not on white.
        assert!(relative_luminance(Palette::DARK.background) < 0.05);
        assert!(relative_luminance(Palette::DARK.text) > 0.6);
    }

    #[test]
    fn a_path_marked_in_the_text_colour_stands_out_from_dimmed_edges() {
        assert!(
            css().contains(&format!(".tree-svg.has-last .edge:not(.last) {{ opacity: {DIMMED_EDGE_OPACITY}; }}")),
            "the stylesheet dims with DIMMED_EDGE_OPACITY"
        );
        for (theme, p) in [("light", Palette::LIGHT), ("dark", Palette::DARK)] {
            for (name, c) in [("left", p.left), ("right", p.right)] {
                let dimmed = over(c, DIMMED_EDGE_OPACITY, p.background);
                let (path, seen) = (contrast_ratio(p.text, dimmed), contrast_ratio(dimmed, p.background));
                assert!(path >= 3.0 && seen >= 3.0, "{theme} {name}: path {path:.2}:1, edge on background {seen:.2}:1");
            }
        }
    }

    #[test]
    fn left_is_solid_and_right_dashed() {
        for p in [Palette::LIGHT, Palette::DARK] {
            assert_eq!(p.side(Side::Left), SideStyle { color: p.left, dash: None });
            assert_eq!(p.side(Side::Right), SideStyle { color: p.right, dash: Some(RIGHT_DASH) });
        }
        assert_eq!(Palette::for_theme("dark"), Palette::DARK);
        assert_eq!(Palette::for_theme("light"), Palette::LIGHT);
        assert_eq!(Palette::for_theme(""), Palette::LIGHT);
    }
}
