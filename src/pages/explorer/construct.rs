#![cfg(target_arch = "wasm32")]
//! "Build it step by step" on the explorer: the selected game's
//! thermograph constructed from the leaves up (`cgt::construction`), one
//! picture and one sentence per step, with back / forward / play. The
//! arrow keys and space step it while the panel has focus; outside a
//! lesson the app's own keys reach it too, through `data-key-next` /
//! `data-key-prev`.
//!
//! [`ConstructionPanel`] holds one [`Steps`] (the built steps and the step
//! shown, which is the URL's `build=`) and shows [`ConstructionToolbar`]
//! and [`ConstructionStepView`] (the caption and the picture).

use super::model::{BuildForm, Explored};
use super::stepper::Stepper;
use crate::web::export::ExportButtons;
use crate::web::jobs::sleep_ms;
use cgt::construction::{construction, ConstructionStep};
use cgt::game::GameId;
use cgt_draw::construction::{construction_svg, construction_view, ConstructionView};
use leptos::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

struct Built {
    /// What is built (the canonical form, see [`Explored::build_target`]).
    form: BuildForm,
    steps: Result<Vec<ConstructionStep>, String>,
    views: HashMap<GameId, ConstructionView>,
}

const PLAY_MS: u64 = 1400;

/// The key went to a button, link or menu (which has its own meaning for it).
fn on_control(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"))
}

/// The construction's state and moves, shared by its components (`Copy`).
#[derive(Clone, Copy)]
struct Steps {
    target: Signal<Option<(Arc<Explored>, GameId)>>,
    /// The URL's `build=`: 0 closed, k shows step k (from 1).
    build: RwSignal<usize>,
    built: RwSignal<Option<Arc<Built>>>,
    playing: RwSignal<bool>,
    /// Each Play gets a number; a loop whose number is no longer current
    /// stops (pause then play again must not leave two loops stepping).
    play_id: StoredValue<u64>,
}

impl Steps {
    /// Where the construction is (tracked).
    fn stepper(self) -> Stepper {
        Stepper { build: self.build.get(), len: self.len() }
    }
    fn stepper_untracked(self) -> Stepper {
        Stepper { build: self.build.get_untracked(), len: untrack(|| self.len()) }
    }
    fn set_k(self, x: usize) {
        self.build.set(x + 1);
    }
    fn len(self) -> usize {
        self.built.with(|b| b.as_deref().and_then(|b| b.steps.as_ref().ok()).map_or(0, |s| s.len()))
    }
    fn compute(self) {
        let Some((e, id)) = self.target.get_untracked() else {
            self.built.set(None);
            return;
        };
        let target = e.build_target(id);
        let steps = construction(target.arena(&e), target.node()).map_err(|err| err.to_string());
        let mut groups: HashMap<GameId, Vec<&ConstructionStep>> = HashMap::new();
        for s in steps.iter().flatten() {
            groups.entry(s.node).or_default().push(s);
        }
        let views = groups.into_iter().map(|(g, v)| (g, construction_view(&v))).collect();
        let n = steps.as_ref().map_or(0, |s| s.len());
        self.built.set(Some(Arc::new(Built { form: target.form, steps, views })));
        // A link past the end shows the last step: say so in the URL too,
        // so back goes to the step before it.
        if n > 0 && self.build.get_untracked() > n {
            self.build.set(n);
        }
    }
    fn start(self) {
        self.compute();
        self.set_k(0);
    }
    fn forward(self) {
        self.build.set(self.stepper_untracked().forward());
    }
    fn back(self) {
        self.build.set(self.stepper_untracked().back());
    }
    fn play(self) {
        let (playing, play_id) = (self.playing, self.play_id);
        if playing.get_untracked() {
            playing.set(false);
            return;
        }
        if self.stepper_untracked().at_last() {
            self.set_k(0);
        }
        playing.set(true);
        let id = play_id.with_value(|n| n + 1);
        play_id.set_value(id);
        leptos::task::spawn_local(async move {
            loop {
                sleep_ms(PLAY_MS).await;
                if play_id.try_get_value() != Some(id) || !playing.try_get_untracked().unwrap_or(false) {
                    break;
                }
                let Some(at) = self.build.try_get_untracked().map(|build| Stepper { build, len: untrack(|| self.len()) }) else { break };
                if at.at_last() {
                    let _ = playing.try_set(false);
                    break;
                }
                self.build.set(at.forward());
            }
        });
    }
    fn keys(self, ev: web_sys::KeyboardEvent) {
        match ev.key().as_str() {
            // Space on one of the panel's own buttons presses that button.
            " " if on_control(&ev) => {}
            "ArrowRight" | " " | "PageDown" => {
                ev.prevent_default();
                ev.stop_propagation();
                self.forward();
            }
            "ArrowLeft" | "PageUp" => {
                ev.prevent_default();
                ev.stop_propagation();
                self.back();
            }
            "Home" => self.set_k(0),
            "End" => self.build.set(self.stepper_untracked().last()),
            _ => {}
        }
    }
    /// `f` of the built steps and the step on screen; the error text when
    /// `say_error` and the construction failed.
    fn shown(self, f: &dyn Fn(&[ConstructionStep], &Built, usize) -> String, say_error: bool) -> String {
        let k = self.stepper().at();
        self.built.with(|b| match b.as_deref().map(|b| (b, &b.steps)) {
            Some((b, Ok(steps))) if !steps.is_empty() => f(steps, b, k),
            Some((_, Err(e))) if say_error => e.clone(),
            _ => String::new(),
        })
    }
}

#[component]
pub fn ConstructionPanel(
    target: Signal<Option<(Arc<Explored>, GameId)>>,
    /// The URL's `build=` (named `step` here: `build` is the props
    /// builder's own method): 0 closed, k shows step k (from 1), so a link or a
    /// lesson step can open the construction at any step.
    step: RwSignal<usize>,
) -> impl IntoView {
    let s = Steps { target, build: step, built: RwSignal::new(None), playing: RwSignal::new(false), play_id: StoredValue::new(0) };
    // The panel follows the game and subgame shown: a new one is built
    // afresh (from its first step unless the link says otherwise).
    Effect::new(move |prev: Option<Option<GameId>>| {
        let now = target.with(|t| t.as_ref().map(|(_, id)| *id));
        s.playing.set(false);
        if s.build.get_untracked() > 0 {
            s.compute();
            if prev.is_some_and(|p| p.is_some() && p != now) {
                s.set_k(0);
            }
        } else {
            s.built.set(None);
        }
        now
    });
    let open = move || s.build.get() > 0;
    view! {
        <div class="construct-bar">
            <button class="btn" data-testid="build-steps" title="Construct the thermograph from the leaves up: the options' walls, taxed, the scaffolds, the mast" on:click=move |_| s.start()>"Build it step by step"</button>
        </div>
        {move || open().then(|| view! {
            <div class="card construct" data-testid="construction" tabindex="0" role="group" aria-label="thermograph construction, step by step (arrow keys step)" on:keydown=move |ev| s.keys(ev)>
                <ConstructionToolbar s=s />
                <ConstructionStepView s=s />
            </div>
        })}
    }
}

/// First / back / forward / play, the step counter, export and close.
/// First and back disable at the first step, forward at the last (the
/// app's keys then skip it: `dom::click_first`).
#[component]
fn ConstructionToolbar(s: Steps) -> impl IntoView {
    let at_first = move || s.stepper().at_first();
    let at_last = move || s.stepper().at_last();
    let counter = move || {
        s.shown(
            &|steps, _, i| {
                let st = &steps[i];
                format!("step {} of {} · {}: {}", i + 1, steps.len(), st.label, st.phase.label())
            },
            false,
        )
    };
    view! {
        <div class="toolbar">
            <button class="btn small" data-testid="construction-first" title="first step (Home)" prop:disabled=at_first on:click=move |_| s.set_k(0)>"first"</button>
            <button class="btn small" data-testid="construction-back" data-key-prev="" title="previous step (←)" prop:disabled=at_first on:click=move |_| s.back()>"◀ back"</button>
            <button class="btn small" data-testid="construction-forward" data-key-next="" title="next step (→ or space)" prop:disabled=at_last on:click=move |_| s.forward()>"forward ▶"</button>
            <button class="btn small" data-testid="construction-play" title="play every step" on:click=move |_| s.play()>{move || if s.playing.get() { "pause" } else { "play" }}</button>
            <span class="muted small" data-testid="construction-step" aria-live="polite">{counter}</span>
            <span class="spacer"></span>
            <ExportButtons of="construction-plot" name="construction-step" />
            <button class="btn small" data-testid="construction-close" title="close the construction" on:click=move |_| { s.playing.set(false); s.build.set(0); }>"×"</button>
        </div>
    }
}

/// The step's caption and picture.
#[component]
fn ConstructionStepView(s: Steps) -> impl IntoView {
    let palette = crate::web::context::palette();
    let presenting = use_context::<crate::web::context::Presenting>();
    let picture = move || {
        let pal = palette.get();
        // Presentation mode: larger type and lines (issue 43 item 22). The
        // picture is shrunk there to fit a 720 px screen under its caption
        // (to about 450 px wide), so it is drawn on a smaller sheet with
        // type 1.75 times as large: tick labels of about 17 px on screen.
        let (w, h, scale) = if presenting.is_some_and(|p| p.0.get()) { (480, 300, 1.75) } else { (640, 400, 1.0) };
        s.shown(
            &|steps, b, i| {
                let st = &steps[i];
                construction_svg(st, &b.views[&st.node], w, h, scale, &pal)
            },
            false,
        )
    };
    let caption = move || s.shown(&|steps, _, i| steps[i].caption.clone(), true);
    // What is built: the canonical form (or why not), named as the last
    // step names it.
    let form = move || s.built.with(|b| b.as_deref().map(|b| (b.form.sentence(), b.form.explicit().to_string())));
    view! {
        {move || form().map(|(sentence, explicit)| view! {
            <p class="muted small construct-form" data-testid="construction-form" data-form=explicit>{sentence}</p>
        })}
        <p class="caption" data-testid="construction-caption" aria-live="polite">{caption}</p>
        <div class="construct-plot" data-testid="construction-plot" role="img" aria-label=caption inner_html=picture></div>
        <p class="muted small">"Blue solid: Left's walls (each Left option's right wall); red dashed: Right's. Faint lines: where the walls were before this step. Purple: the mast."</p>
    }
}
