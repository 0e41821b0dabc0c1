#![cfg(target_arch = "wasm32")]
//! "Build it step by step" on the explorer: the selected game's
//! thermograph constructed from the leaves up (`cgt::construction`), one
//! picture and one sentence per step, with back / forward / play. The
//! arrow keys and space step it while the panel has focus; outside a
//! lesson the app's own keys reach it too, through `data-key-next` /
//! `data-key-prev`.

use crate::explore::Explored;
use crate::web::jobs::sleep_ms;
use cgt::construction::{construction, ConstructionStep};
use cgt::game::GameId;
use cgt_draw::construction::{construction_svg, construction_view, ConstructionView};
use crate::web::export::ExportButtons;
use leptos::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

struct Built {
    steps: Vec<ConstructionStep>,
    views: HashMap<GameId, ConstructionView>,
}

const PLAY_MS: u64 = 1400;

/// The key went to a button, link or menu (which has its own meaning for it).
fn on_control(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"))
}

#[component]
pub fn ConstructionPanel(
    target: Signal<Option<(Arc<Explored>, GameId)>>,
    /// The URL's `build=` (named `step` here: `build` is the props
    /// builder's own method): 0 closed, k shows step k (from 1), so a link or a
    /// lesson step can open the construction at any step.
    step: RwSignal<usize>,
) -> impl IntoView {
    let build = step;
    let built: RwSignal<Option<Arc<Result<Built, String>>>> = RwSignal::new(None);
    let open = Signal::derive(move || build.get() > 0);
    // The step shown (from 0), kept in the URL.
    let k = Signal::derive(move || build.get().saturating_sub(1));
    let set_k = move |x: usize| build.set(x + 1);
    let playing = RwSignal::new(false);
    // Each Play gets a number; a loop whose number is no longer current
    // stops (pause then play again must not leave two loops stepping).
    let play_id = StoredValue::new(0u64);

    let compute = move || {
        let Some((e, id)) = target.get_untracked() else {
            built.set(None);
            return;
        };
        let r = construction(e.arena(), id).map_err(|err| err.to_string()).map(|steps| {
            let mut groups: HashMap<GameId, Vec<&ConstructionStep>> = HashMap::new();
            for s in &steps {
                groups.entry(s.node).or_default().push(s);
            }
            let views = groups.into_iter().map(|(g, v)| (g, construction_view(&v))).collect();
            Built { steps, views }
        });
        built.set(Some(Arc::new(r)));
    };
    // The panel follows the game and subgame shown: a new one is built
    // afresh (from its first step unless the link says otherwise).
    Effect::new(move |prev: Option<Option<GameId>>| {
        let now = target.with(|t| t.as_ref().map(|(_, id)| *id));
        playing.set(false);
        if build.get_untracked() > 0 {
            compute();
            if prev.is_some_and(|p| p.is_some() && p != now) {
                set_k(0);
            }
        } else {
            built.set(None);
        }
        now
    });
    let start = move || {
        compute();
        set_k(0);
    };
    let len = move || built.with(|b| b.as_deref().and_then(|r| r.as_ref().ok()).map_or(0, |b| b.steps.len()));
    let forward = move || {
        let n = len();
        set_k((k.get_untracked() + 1).min(n.saturating_sub(1)));
    };
    let back = move || set_k(k.get_untracked().saturating_sub(1));
    let play = move || {
        if playing.get_untracked() {
            playing.set(false);
            return;
        }
        if k.get_untracked() + 1 >= len() {
            set_k(0);
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
                let n = len();
                let at = k.get_untracked();
                if at + 1 >= n {
                    let _ = playing.try_set(false);
                    break;
                }
                set_k(at + 1);
            }
        });
    };

    // The step on screen and what to show of it (the picture, its caption,
    // the counter) from one place; the caption alone says an error.
    let shown = move |f: &dyn Fn(&Built, usize) -> String, say_error: bool| {
        built.with(|b| match b.as_deref() {
            Some(Ok(b)) => f(b, k.get().min(b.steps.len() - 1)),
            Some(Err(e)) if say_error => e.clone(),
            _ => String::new(),
        })
    };
    let palette = crate::web::context::palette();
    let picture = move || {
        let pal = palette.get();
        shown(&|b, i| {
            let s = &b.steps[i];
            construction_svg(s, &b.views[&s.node], 640, 400, &pal)
        }, false)
    };
    let caption = move || shown(&|b, i| b.steps[i].caption.clone(), true);
    let counter = move || {
        shown(&|b, i| {
            let s = &b.steps[i];
            format!("step {} of {} · {}: {}", i + 1, b.steps.len(), s.label, s.phase.label())
        }, false)
    };
    let keys = move |ev: web_sys::KeyboardEvent| match ev.key().as_str() {
        // Space on one of the panel's own buttons presses that button.
        " " if on_control(&ev) => {}
        "ArrowRight" | " " | "PageDown" => {
            ev.prevent_default();
            ev.stop_propagation();
            forward();
        }
        "ArrowLeft" | "PageUp" => {
            ev.prevent_default();
            ev.stop_propagation();
            back();
        }
        "Home" => set_k(0),
        "End" => set_k(len().saturating_sub(1)),
        _ => {}
    };

    view! {
        <div class="construct-bar">
            <button class="btn" data-testid="build-steps" title="Construct the thermograph from the leaves up: the options' walls, taxed, the scaffolds, the mast" on:click=move |_| start()>"Build it step by step"</button>
        </div>
        {move || open.get().then(|| view! {
            <div class="card construct" data-testid="construction" tabindex="0" role="group" aria-label="thermograph construction, step by step (arrow keys step)" on:keydown=keys>
                <div class="toolbar">
                    <button class="btn small" data-testid="construction-first" title="first step (Home)" on:click=move |_| set_k(0)>"first"</button>
                    <button class="btn small" data-testid="construction-back" data-key-prev="" title="previous step (←)" on:click=move |_| back()>"◀ back"</button>
                    <button class="btn small" data-testid="construction-forward" data-key-next="" title="next step (→ or space)" on:click=move |_| forward()>"forward ▶"</button>
                    <button class="btn small" data-testid="construction-play" title="play every step" on:click=move |_| play()>{move || if playing.get() { "pause" } else { "play" }}</button>
                    <span class="muted small" data-testid="construction-step" aria-live="polite">{counter}</span>
                    <span class="spacer"></span>
                    <ExportButtons of="construction-plot" name="construction-step" />
                    <button class="btn small" data-testid="construction-close" title="close the construction" on:click=move |_| { playing.set(false); build.set(0); }>"×"</button>
                </div>
                <p class="caption" data-testid="construction-caption" aria-live="polite">{caption}</p>
                <div class="construct-plot" data-testid="construction-plot" role="img" aria-label=caption inner_html=picture></div>
                <p class="muted small">"Blue solid: Left's walls (each Left option's right wall); red dashed: Right's. Faint lines: where the walls were before this step. Purple: the mast."</p>
            </div>
        })}
    }
}
