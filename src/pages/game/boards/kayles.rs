//! The Kayles board: the row of pins as Dudeney drew it, standing pins
//! upright and knocked-down ones as faint outlines in their places, so
//! the gaps that cut the row into separate games (its components, the
//! nim-sum's parts) are seen, not counted. Pins are numbered from 1 as
//! move names number them (`3`, `4-5`); a long row wraps to more lines
//! ([`PINS_PER_LINE`]) and stays one row.
//!
//! Play: the pointer over the middle of a standing pin previews knocking
//! it alone; over its left or right third, when the neighbour on that side
//! stands, knocking both (the ball rolls between them), and a click plays
//! what is previewed. By keyboard a focused pin is knocked alone with Enter
//! or Space, and with its right neighbour (else its left) with Shift.
//! Edit: a click stands a pin up or knocks it down; beside the board pins
//! are added, removed or counted out.
//!
//! The geometry is pure and tested natively; the SVG is wasm32 only.

use cgt::rulesets::kayles::{Kayles, Knock, MAX_PINS};
use cgt::rulesets::Ruleset;

/// The registry name this renderer draws.
pub const NAME: &str = cgt::rulesets::kayles::NAME;

/// Pins on a line before the row wraps, and most pins drawn (the others
/// are played by name).
pub const PINS_PER_LINE: usize = 16;
pub const MAX_DRAWN_PINS: usize = 256;
/// Most pins the editor makes (a longer row is typed).
pub const MAX_EDIT_PINS: usize = 64;

/// The drawing's units: a pin's cell width, a pin's height, a line's
/// height (pin and number), the margin.
pub const PIN_W: f64 = 30.0;
pub const PIN_H: f64 = 50.0;
pub const LINE_H: f64 = 82.0;
pub const MARGIN: f64 = 8.0;

/// The pins of a text, left to right (`true` standing).
pub fn pins(text: &str) -> Option<Vec<bool>> {
    text.parse::<Kayles>().ok().map(|k| k.pins().to_vec())
}

fn text(pins: &[bool]) -> String {
    pins.iter().map(|&p| if p { 'x' } else { '.' }).collect()
}

/// The knock a pointer previews on pin `i` (from 0), `frac` of the way
/// across it (0 its left edge, 1 its right): the pin and its standing
/// neighbour when near that side (the outer thirds), else the pin alone;
/// `None` for a pin already down.
pub fn knock_at(pins: &[bool], i: usize, frac: f64) -> Option<Knock> {
    if !*pins.get(i)? {
        return None;
    }
    let stands = |j: usize| pins.get(j).copied().unwrap_or(false);
    let pair = if frac < 1.0 / 3.0 && i > 0 && stands(i - 1) {
        Some(i - 1)
    } else if frac > 2.0 / 3.0 && stands(i + 1) {
        Some(i)
    } else {
        None
    };
    Some(match pair {
        Some(first) => Knock { first: first as u16, two: true },
        None => Knock { first: i as u16, two: false },
    })
}

/// The knock Shift with Enter plays on pin `i`: the pin and its right
/// neighbour, else its left, else the pin alone.
pub fn pair_key(pins: &[bool], i: usize) -> Option<Knock> {
    knock_at(pins, i, 1.0).filter(|k| k.two).or_else(|| knock_at(pins, i, 0.0))
}

/// The pins (from 0) a knock knocks down.
pub fn knocked(k: Knock) -> std::ops::RangeInclusive<usize> {
    let i = k.first as usize;
    i..=i + usize::from(k.two)
}

/// The move in words ("knock down pins 3 and 4"), as the core says it.
pub fn words(k: Knock) -> String {
    Kayles::row(0).ok().and_then(|r| r.move_words(k)).unwrap_or_else(|| k.to_string())
}

/// The bottom centre of pin `i`'s place: lines of [`PINS_PER_LINE`].
pub fn pin_base(i: usize) -> (f64, f64) {
    let (line, j) = (i / PINS_PER_LINE, i % PINS_PER_LINE);
    (MARGIN + (j as f64 + 0.5) * PIN_W, MARGIN + PIN_H + line as f64 * LINE_H)
}

/// The drawing's width and height for `n` pins (drawn: at most
/// [`MAX_DRAWN_PINS`]).
pub fn extent(n: usize) -> (f64, f64) {
    let n = n.clamp(1, MAX_DRAWN_PINS);
    let lines = n.div_ceil(PINS_PER_LINE);
    (2.0 * MARGIN + n.min(PINS_PER_LINE) as f64 * PIN_W, MARGIN + lines as f64 * LINE_H)
}

/// The row with pin `i` stood up if it was down and knocked down if it
/// stood (`None` off the row).
pub fn toggled(t: &str, i: usize) -> Option<String> {
    let mut p = pins(t)?;
    let pin = p.get_mut(i)?;
    *pin = !*pin;
    Some(text(&p))
}

/// The row cut or lengthened (with standing pins) to `n` pins, at most
/// [`MAX_EDIT_PINS`] (or the core's limit when longer already).
pub fn resized(t: &str, n: usize) -> Option<String> {
    let mut p = pins(t)?;
    p.resize(n.min(MAX_EDIT_PINS.max(p.len())).min(MAX_PINS), true);
    Some(text(&p))
}

#[cfg(target_arch = "wasm32")]
pub use svg::RENDERER;

#[cfg(target_arch = "wasm32")]
mod svg {
    use super::*;
    use crate::pages::game::boards::{activates, BoardProps, Renderer};
    use leptos::prelude::*;

    /// Kayles in [`crate::pages::game::boards::RENDERERS`].
    pub const RENDERER: Renderer =
        Renderer { ruleset: NAME, board: |p| view! { <KaylesBoard props=p /> }.into_any(), edit_tools: |p| view! { <PinControls props=p /> }.into_any() };

    /// A bowling pin standing on (0, 0), [`PIN_H`] tall.
    const PIN_PATH: &str =
        "M -6 0 C -11 -6 -12 -18 -7 -26 C -4 -31 -4 -33 -5 -37 C -7 -41 -6 -48 0 -48 C 6 -48 7 -41 5 -37 C 4 -33 4 -31 7 -26 C 12 -18 11 -6 6 0 Z";

    /// Where the pointer is across the element it is over (0 left, 1 right).
    fn frac(ev: &web_sys::MouseEvent) -> f64 {
        use wasm_bindgen::JsCast;
        let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return 0.5 };
        let r = el.get_bounding_client_rect();
        if r.width() < 1.0 {
            return 0.5;
        }
        ((ev.client_x() as f64 - r.left()) / r.width()).clamp(0.0, 1.0)
    }

    /// One pin's place: the pin (or its outline), its number, the hit area.
    fn pin_view(i: usize, up: bool, live: bool, editing: bool, hover: RwSignal<Option<Knock>>, act: Callback<(usize, Option<f64>, bool)>) -> impl IntoView {
        let (x, base) = pin_base(i);
        let p = i + 1;
        let going = move || hover.get().is_some_and(|k| knocked(k).contains(&i));
        let label = match (editing, up) {
            (true, true) => format!("pin {p}, standing: click to knock it down"),
            (true, false) => format!("pin {p}, down: click to stand it up"),
            (false, false) => format!("pin {p}: down"),
            (false, true) if live => format!("knock down pin {p} (near an edge, or Shift with Enter: with its standing neighbour)"),
            (false, true) => format!("pin {p}, standing"),
        };
        view! {
            <g class="pin-place" class:down=!up class:live=live class:going=going data-testid="pin" data-pin=p data-up=up.to_string()>
                <ellipse class="pin-spot" cx=x cy=base - 1.0 rx="10" ry="3" />
                <path class="pin-body" d=PIN_PATH transform=format!("translate({x} {base})") />
                {up.then(|| view! { <path class="pin-stripe" d=format!("M {} {} h 9 M {} {} h 9", x - 4.5, base - 33.5, x - 4.5, base - 30.0) /> })}
                <text class="pin-num" x=x y=base + 17.0 text-anchor="middle">{p.to_string()}</text>
                <rect class="pin-hit" data-testid="pin-hit" data-pin=p x=x - PIN_W / 2.0 y=base - PIN_H - 2.0 width=PIN_W height=PIN_H + 4.0
                    tabindex="0" role="button" aria-label=label.clone() aria-disabled=(!live && !editing).to_string()
                    on:pointermove=move |ev: web_sys::PointerEvent| act.run((i, Some(frac(&ev)), false))
                    on:focus=move |_| act.run((i, Some(0.5), false))
                    on:click=move |ev: web_sys::MouseEvent| act.run((i, Some(frac(&ev)), true))
                    on:keydown=move |ev: web_sys::KeyboardEvent| {
                        let shift = ev.shift_key();
                        if activates(&ev) {
                            act.run((i, if shift { None } else { Some(0.5) }, true))
                        }
                    }>
                    <title>{label.clone()}</title>
                </rect>
            </g>
        }
    }

    #[component]
    fn KaylesBoard(props: BoardProps) -> impl IntoView {
        let row = Memo::new(move |_| props.position.with(|t| pins(t)));
        let hover: RwSignal<Option<Knock>> = RwSignal::new(None);
        Effect::new(move |_| {
            props.position.track();
            hover.set(None);
        });
        // The knock at pin `i` (`None` for the keyboard's pair), if legal.
        let knock = move |i: usize, at: Option<f64>| -> Option<Knock> {
            let p = row.get_untracked()?;
            let k = match at {
                Some(f) => knock_at(&p, i, f)?,
                None => pair_key(&p, i)?,
            };
            props.moves.with_untracked(|m| m.contains(&k.to_string())).then_some(k)
        };
        // Pointer over pin `i` (`play`: and clicked).
        let act = Callback::new(move |(i, at, play): (usize, Option<f64>, bool)| {
            if props.editing.get_untracked() {
                if play {
                    if let Some(t) = props.position.with_untracked(|t| toggled(t, i)) {
                        props.on_edit.run(t);
                    }
                }
                return;
            }
            let k = props.to_move.get_untracked().and_then(|_| knock(i, at));
            if !play {
                if hover.get_untracked() != k {
                    hover.set(k);
                }
            } else if let Some(k) = k {
                props.on_move.run(k.to_string());
            }
        });
        move || {
            let p = row.get()?;
            let editing = props.editing.get();
            let live = props.to_move.get().is_some() && !editing;
            let moves = props.moves.get();
            let places = p
                .iter()
                .enumerate()
                .take(MAX_DRAWN_PINS)
                .map(|(i, &up)| pin_view(i, up, live && up && moves.contains(&(i + 1).to_string()), editing, hover, act))
                .collect_view();
            let (vw, vh) = extent(p.len());
            let standing = p.iter().filter(|&&u| u).count();
            let more = (p.len() > MAX_DRAWN_PINS)
                .then(|| view! { <p class="muted small">{format!("Pins {} to {} are not drawn: play them by name below.", MAX_DRAWN_PINS + 1, p.len())}</p> });
            let empty = p.is_empty().then(|| view! { <text class="dom-label" x=MARGIN y=MARGIN + 30.0>"no pins (add some in edit mode)"</text> });
            let note = move || match hover.get() {
                Some(k) => words(k),
                None if editing => "Click a pin to knock it down or stand it up.".to_string(),
                None => "Point at a pin to knock it down; near its edge, with its neighbour.".to_string(),
            };
            Some(view! {
                <svg class="pin-board" class:editing=editing data-testid="pin-board" viewBox=format!("0 0 {vw} {vh}")
                    style=format!("max-width: {}px", (vw * 1.6).min(760.0).round()) role="group"
                    aria-label=format!("Kayles: a row of {} pins, {standing} standing", p.len()) on:pointerleave=move |_| hover.set(None)>
                    {places}{empty}
                </svg>
                {more}
                <p class="muted small pin-note" data-testid="pin-note" aria-live="polite">{note}</p>
            })
        }
    }

    /// Edit mode: the number of pins, a pin more or fewer at the end, and
    /// every pin stood up.
    #[component]
    fn PinControls(props: BoardProps) -> impl IntoView {
        let edit = move |f: &dyn Fn(&str) -> Option<String>| {
            if let Some(t) = props.position.with_untracked(|t| f(t)) {
                props.on_edit.run(t);
            }
        };
        let count = move || props.position.with(|t| pins(t).map_or(0, |p| p.len()));
        view! {
            <div class="size-controls pin-controls">
                <label>"pins "<input type="number" min="0" max=MAX_EDIT_PINS.to_string() class="seed" data-testid="pin-count" prop:value=move || count().to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).trim().parse::<usize>() {
                            edit(&|t| resized(t, n))
                        }
                    } /></label>
                <button class="btn small" data-testid="pin-add" title="a standing pin more at the right end"
                    on:click=move |_| edit(&|t| resized(t, pins(t)?.len() + 1))>"add a pin"</button>
                <button class="btn small" data-testid="pin-remove" title="take the last pin away"
                    on:click=move |_| edit(&|t| resized(t, pins(t)?.len().saturating_sub(1)))>"remove the last pin"</button>
                <button class="btn small" data-testid="pin-all" title="stand every pin up"
                    on:click=move |_| edit(&|t| Some(text(&vec![true; pins(t)?.len()])))>"all standing"</button>
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::rulesets::registry::session;
    use cgt::side::Side;

    fn p(t: &str) -> Vec<bool> {
        pins(t).unwrap()
    }
    fn name(k: Option<Knock>) -> Option<String> {
        k.map(|k| k.to_string())
    }

    #[test]
    fn the_pointer_across_a_pin_picks_one_or_two() {
        let row = p("xxx.x");
        assert_eq!(name(knock_at(&row, 1, 0.5)).as_deref(), Some("2"));
        assert_eq!(name(knock_at(&row, 1, 0.1)).as_deref(), Some("1-2"));
        assert_eq!(name(knock_at(&row, 1, 0.9)).as_deref(), Some("2-3"));
        // No standing neighbour on that side: the pin alone.
        assert_eq!(name(knock_at(&row, 0, 0.1)).as_deref(), Some("1"));
        assert_eq!(name(knock_at(&row, 2, 0.9)).as_deref(), Some("3"));
        assert_eq!(name(knock_at(&row, 4, 0.0)).as_deref(), Some("5"));
        assert_eq!(knock_at(&row, 3, 0.5), None);
        assert_eq!(knock_at(&row, 9, 0.5), None);
        assert_eq!(name(pair_key(&row, 2)).as_deref(), Some("2-3"));
        assert_eq!(name(pair_key(&row, 0)).as_deref(), Some("1-2"));
        assert_eq!(name(pair_key(&row, 4)).as_deref(), Some("5"));
        assert_eq!(knocked(Knock { first: 3, two: true }), 3..=4);
        assert_eq!(words(Knock { first: 3, two: true }), "knock down pins 4 and 5");
        // Every knock the pointer can pick is a legal move, and every legal
        // move can be picked.
        let t = "xx.xxx..x.xxxx";
        let legal = session(NAME, t, 10_000).unwrap().moves(Side::Left);
        let row = p(t);
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..row.len() {
            for f in [0.0, 0.2, 0.5, 0.8, 1.0] {
                if let Some(k) = knock_at(&row, i, f) {
                    assert!(legal.contains(&k.to_string()), "{k}");
                    seen.insert(k.to_string());
                }
            }
        }
        assert_eq!(seen.len(), legal.len());
    }

    #[test]
    fn pins_wrap_to_lines() {
        assert_eq!(pin_base(0), (MARGIN + PIN_W / 2.0, MARGIN + PIN_H));
        assert_eq!(pin_base(PINS_PER_LINE).0, pin_base(0).0);
        assert_eq!(pin_base(PINS_PER_LINE).1, pin_base(0).1 + LINE_H);
        assert_eq!(extent(3), (2.0 * MARGIN + 3.0 * PIN_W, MARGIN + LINE_H));
        assert_eq!(extent(17).1, MARGIN + 2.0 * LINE_H);
        assert_eq!(extent(2_000), extent(MAX_DRAWN_PINS));
        assert!(extent(0).0 > 0.0);
    }

    #[test]
    fn the_editor_toggles_and_resizes() {
        assert_eq!(toggled("xxx", 1).as_deref(), Some("x.x"));
        assert_eq!(toggled("x.x", 1).as_deref(), Some("xxx"));
        assert_eq!(toggled("xxx", 3), None);
        assert_eq!(resized("x.x", 5).as_deref(), Some("x.xxx"));
        assert_eq!(resized("x.x", 1).as_deref(), Some("x"));
        assert_eq!(resized("x.x", 0).as_deref(), Some(""));
        assert_eq!(resized("x", 500).unwrap().len(), MAX_EDIT_PINS);
        assert_eq!(resized("oops", 2), None);
        for t in ["", "x.x", "xxxxx"] {
            assert!(session(NAME, &resized(t, 4).unwrap(), 100).is_ok());
        }
    }
}
