//! LaTeX for the names of values, for papers and handouts: the canonical
//! form's name as `Canon::name_within` prints it (CGSuite's notation),
//! written for math mode. `{1|0}` is `\{1 \mid 0\}`, `^*` is `\uparrow*`,
//! `±3` is `\pm 3`, `5/8` is `\frac{5}{8}`.
//!
//! Arrows: one up is `\uparrow`, two `\Uparrow` (Winning Ways' double up),
//! three and four are made of those (`\Uparrow\uparrow`); more are written
//! as a count, `5\cdot\uparrow`, after a `+` when a number comes first
//! (`1^7` is `1+7\cdot\uparrow`). `Tiny(x)` and `Miny(x)` are Winning Ways'
//! `+_x` and `-_x`.

/// `name` (a canonical form's name) as LaTeX math.
pub fn latex(name: &str) -> String {
    let c: Vec<char> = name.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    // Whether the last thing written was a number (for `1+7\cdot\uparrow`).
    let mut after_number = false;
    while i < c.len() {
        let ch = c[i];
        match ch {
            '{' => {
                out.push_str("\\{");
                i += 1;
                after_number = false;
            }
            '}' => {
                out.push_str("\\}");
                i += 1;
                after_number = false;
            }
            '|' => {
                let mut n = 0;
                while i < c.len() && c[i] == '|' {
                    n += 1;
                    i += 1;
                }
                // `||` is the bar of the next level up: written doubled, as in print.
                out.push_str(if n == 1 { " \\mid " } else { " \\mid\\mid " });
                if n > 2 {
                    out.push_str(&"\\mid ".repeat(n - 2));
                }
                after_number = false;
            }
            ',' => {
                out.push_str(", ");
                i += 1;
                while i < c.len() && c[i] == ' ' {
                    i += 1;
                }
                after_number = false;
            }
            '±' => {
                out.push_str("\\pm ");
                i += 1;
                after_number = false;
            }
            '^' | 'v' | '↑' | '↓' => {
                let up = ch == '^' || ch == '↑';
                let mut n = 0usize;
                while i < c.len() && c[i] == ch {
                    n += 1;
                    i += 1;
                }
                let start = i;
                while i < c.len() && c[i].is_ascii_digit() {
                    i += 1;
                }
                if n == 1 && i > start {
                    n = c[start..i].iter().collect::<String>().parse().unwrap_or(usize::MAX);
                }
                out.push_str(&arrows(n, up, after_number));
                after_number = false;
            }
            '*' => {
                out.push('*');
                i += 1;
                while i < c.len() && c[i].is_ascii_digit() {
                    out.push(c[i]);
                    i += 1;
                }
                after_number = false;
            }
            '-' | '0'..='9' => {
                let start = i;
                i += 1;
                while i < c.len() && (c[i].is_ascii_digit() || c[i] == '/' || c[i] == '.') {
                    i += 1;
                }
                out.push_str(&number(&c[start..i].iter().collect::<String>()));
                after_number = true;
            }
            _ if starts_with(&c[i..], "Tiny(") || starts_with(&c[i..], "Miny(") => {
                let sign = if ch == 'T' { '+' } else { '-' };
                let open = i + 5;
                let mut depth = 1;
                let mut j = open;
                while j < c.len() && depth > 0 {
                    match c[j] {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    j += 1;
                }
                let inner: String = c[open..j.saturating_sub(1).max(open)].iter().collect();
                out.push_str(&format!("{{{sign}_{{{}}}}}", latex(&inner)));
                i = j;
                after_number = false;
            }
            ' ' => {
                out.push(' ');
                i += 1;
            }
            _ => {
                // Anything else (a name this function does not know) as roman text.
                let start = i;
                while i < c.len() && c[i].is_alphabetic() {
                    i += 1;
                }
                if i == start {
                    i += 1;
                }
                out.push_str(&format!("\\mathrm{{{}}}", c[start..i].iter().collect::<String>()));
                after_number = false;
            }
        }
    }
    out
}

/// Whether the chars `c` begin with `word`.
fn starts_with(c: &[char], word: &str) -> bool {
    word.chars().count() <= c.len() && word.chars().zip(c).all(|(w, &x)| w == x)
}

/// `3`, `-5/8` as `-\frac{5}{8}`.
fn number(text: &str) -> String {
    let (sign, body) = match text.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", text),
    };
    match body.split_once('/') {
        Some((n, d)) => format!("{sign}\\frac{{{n}}}{{{d}}}"),
        None => format!("{sign}{body}"),
    }
}

fn arrows(n: usize, up: bool, after_number: bool) -> String {
    let (one, two) = if up { ("\\uparrow", "\\Uparrow") } else { ("\\downarrow", "\\Downarrow") };
    match n {
        0 => String::new(),
        1..=4 => format!("{}{}", two.repeat(n / 2), if n % 2 == 1 { one } else { "" }),
        _ => format!("{}{n}\\cdot{one}", if after_number { "+" } else { "" }),
    }
}

#[cfg(test)]
mod tests {
    use super::latex;

    #[test]
    fn names_as_latex() {
        // (name, LaTeX): the examples first.
        let rows = [
            ("{1|0}", "\\{1 \\mid 0\\}"),
            ("^*", "\\uparrow*"),
            ("0", "0"),
            ("-3", "-3"),
            ("5/8", "\\frac{5}{8}"),
            ("-5/8", "-\\frac{5}{8}"),
            ("±3", "\\pm 3"),
            ("*", "*"),
            ("*64", "*64"),
            ("v*", "\\downarrow*"),
            ("^", "\\uparrow"),
            ("^^", "\\Uparrow"),
            ("^3*", "\\Uparrow\\uparrow*"),
            ("v4", "\\Downarrow\\Downarrow"),
            ("1^3*65", "1\\Uparrow\\uparrow*65"),
            ("1^7", "1+7\\cdot\\uparrow"),
            ("^9", "9\\cdot\\uparrow"),
            ("1*", "1*"),
            ("Tiny(2)", "{+_{2}}"),
            ("Miny(1/2)", "{-_{\\frac{1}{2}}}"),
            ("{2|0, {1|{-2|-4}}}", "\\{2 \\mid 0, \\{1 \\mid \\{-2 \\mid -4\\}\\}\\}"),
            ("{{13|4}|{0|-11}}", "\\{\\{13 \\mid 4\\} \\mid \\{0 \\mid -11\\}\\}"),
            ("±9223372036854775807", "\\pm 9223372036854775807"),
        ];
        for (name, want) in rows {
            assert_eq!(latex(name), want, "{name}");
        }
    }

    /// Braces balance in every output (LaTeX would stop at the first
    /// unbalanced one), whatever the name.
    #[test]
    fn braces_balance() {
        for name in ["{{{3|2}|1}|0}", "Tiny({1|0})", "±{4|0}", "{0,*|0}", "Tiny(", "x y"] {
            let t = latex(name);
            let opens = t.matches('{').count() - t.matches("\\{").count();
            let closes = t.matches('}').count() - t.matches("\\}").count();
            assert_eq!(opens, closes, "{name} -> {t}");
        }
    }
}
