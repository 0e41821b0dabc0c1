#![cfg(target_arch = "wasm32")]
//! The explorer's algebra card (the data is [`super::algebra`]'s): the
//! reduced canonical form and atomic weight ([`AlgebraFacts`]), every
//! move's incentive and the temperatures at which it is orthodox
//! ([`MoveTable`]), a cooling slider showing `G_t` and its thermograph
//! beside the original's cut at `t` ([`CoolingPanel`]), and chill / warm
//! for Go values ([`ChillWarm`]). Each readout is computed in the task after
//! the picture (bounded by the algebra's budget), for the game or the
//! subgame selected in the tree.

use super::algebra::{algebra, canonical_name, cooled, small_for_page, subforms_within, AlgebraReadout, Cooled, MoveRow, COOL_MAX_FORMS};
use super::jobs::{AlgebraJob, AlgebraUpdate as Update};
use super::model::Explored;
use super::state::parse_cool;
use crate::web::jobs::next_task;
use crate::web::solver::Lane;
use cgt::game::GameId;
use cgt::numbers::Q;
use cgt_draw::{thermograph_svg, DrawOptions};
use leptos::prelude::*;
use std::sync::Arc;

type Target = Signal<Option<(Arc<Explored>, GameId)>>;

/// Steps of the slider per unit of temperature (t = k/8).
const SLIDER_STEPS: i64 = 8;

/// Computes `f` for the target in the next task, dropping an answer for a
/// target that is no longer shown.
fn follow<T: Send + Sync + 'static>(target: Target, f: impl Fn(&Explored, GameId) -> Option<T> + Copy + 'static) -> RwSignal<Option<T>> {
    let out: RwSignal<Option<T>> = RwSignal::new(None);
    let seq = StoredValue::new(0u64);
    Effect::new(move |_| {
        let t = target.get();
        let Some(n) = seq.try_update_value(|n| {
            *n += 1;
            *n
        }) else {
            return;
        };
        out.set(None);
        let Some((e, id)) = t else { return };
        leptos::task::spawn_local(async move {
            next_task().await;
            if seq.try_get_value() != Some(n) {
                return;
            }
            let _ = out.try_set(f(&e, id));
        });
    });
    out
}

/// What the card has for the target.
#[derive(Clone, Debug)]
enum Card {
    Pending,
    /// Computed in the worker (a large form): its clock runs.
    Background,
    Ready(Arc<AlgebraReadout>),
    Failed(String),
    /// No canonical form (too large to compute, or not dyadic): the value
    /// card says why.
    NoForm,
}

/// Where the card is computed: here (small forms), in the worker (the
/// form's name), or nowhere.
enum Plan {
    Here(Result<AlgebraReadout, String>),
    Worker(String),
    NoForm,
}

fn plan(e: &Explored, id: GameId) -> Option<Plan> {
    Some(match small_for_page(e, id) {
        true => match algebra(e, id) {
            Some(r) => Plan::Here(r),
            None => Plan::NoForm,
        },
        false => match canonical_name(e, id, WORKER_NAME_MAX) {
            Some(name) => Plan::Worker(name),
            None if algebra_has_form(e, id) => Plan::Here(Err("the canonical form is too long to hand to the background worker".into())),
            None => Plan::NoForm,
        },
    })
}

fn algebra_has_form(e: &Explored, id: GameId) -> bool {
    e.with_form(id, |_, _, _| ()).is_some()
}

/// Longest canonical name sent to the worker.
const WORKER_NAME_MAX: u64 = 4 << 20;

/// The algebra card of the game or subgame on display.
#[component]
pub fn AlgebraCard(target: Target, cool: RwSignal<Option<Q>>, on_open: Callback<String>) -> impl IntoView {
    let card: RwSignal<Card> = RwSignal::new(Card::Pending);
    // Where the card shown was computed (a test hook): `page` or `worker`.
    let computed_in = RwSignal::new("page");
    let lane = Lane::new();
    let planned = follow(target, |e, id| plan(e, id).map(Arc::new));
    Effect::new(move |_| {
        let p = planned.get();
        lane.cancel();
        computed_in.set(if matches!(p.as_deref(), Some(Plan::Worker(_))) { "worker" } else { "page" });
        card.set(match p.as_deref() {
            None => Card::Pending,
            Some(Plan::Here(Ok(a))) => Card::Ready(Arc::new(a.clone())),
            Some(Plan::Here(Err(e))) => Card::Failed(e.clone()),
            Some(Plan::NoForm) => Card::NoForm,
            Some(Plan::Worker(name)) => {
                let name = name.clone();
                let sent = lane.submit(
                    move |id| AlgebraJob { id, game: name },
                    move |u| {
                        let _ = card.try_set(match u {
                            Update::Algebra(a) => Card::Ready(Arc::new(a)),
                            Update::Error(e) => Card::Failed(e),
                        });
                    },
                );
                match sent {
                    Ok(_) => Card::Background,
                    Err(e) => Card::Failed(e),
                }
            }
        });
    });
    let body = move || {
        match card.get() {
        Card::Pending => view! { <p class="muted small" data-testid="algebra-pending">"…"</p> }.into_any(),
        Card::Background => view! {
            <p class="muted small" data-testid="algebra-background" role="status">
                <span class="spinner" aria-hidden="true"></span>
                "A large canonical form: the algebra is computed in the background (an incentive is a difference of two such forms). "
                <button class="btn small" data-testid="algebra-cancel" title="stop the background computation" on:click=move |_| { lane.cancel(); card.set(Card::Failed("cancelled".into())); }>"Cancel"</button>
            </p>
        }
        .into_any(),
        Card::Failed(e) => view! { <p class="note" data-testid="algebra-error">{e}</p> }.into_any(),
        Card::NoForm => view! { <p class="muted small" data-testid="algebra-none">"No canonical form here, so no algebra: see the value card for why."</p> }.into_any(),
        Card::Ready(a) => view! {
            <AlgebraFacts a=a.clone() />
            <MoveTable a=a.clone() />
            <CoolingPanel target=target cool=cool a=a.clone() />
            <ChillWarm a=a on_open=on_open />
        }
        .into_any(),
    }
    };
    view! {
        <section class="card algebra-card" data-testid="algebra-card" aria-label="game algebra" data-computed-in=move || computed_in.get()>
            <h2>"Algebra"</h2>
            <p class="muted small">
                "On the canonical form (Berlekamp, Conway and Guy, 2001, ch. 6 and 8; Siegel, 2013, II.5-II.7): what each move is worth to its mover, the game modulo infinitesimals, how many ups an infinitesimal is worth, and the game cooled."
            </p>
            {body}
        </section>
    }
}

/// Reduced canonical form, atomic weight, temperature.
#[component]
fn AlgebraFacts(a: Arc<AlgebraReadout>) -> impl IntoView {
    let aw = match &a.atomic_weight {
        Ok(w) => view! { <code class="canon" data-testid="algebra-atomic-weight">{w.clone()}</code> }.into_any(),
        Err(why) => view! { <span data-testid="algebra-atomic-weight" class="muted small">"not defined: " {why.clone()}</span> }.into_any(),
    };
    let reduced_note = if a.reduced_differs { "the game modulo infinitesimals" } else { "the canonical form itself: nothing infinitesimal to drop" };
    view! {
        <dl class="algebra-facts">
            <dt title="the simplest game infinitesimally close to this one (Grossman and Siegel)">"reduced canonical form"</dt>
            <dd><code class="canon" data-testid="algebra-reduced">{a.reduced.clone()}</code>" "<span class="muted small">{reduced_note}</span></dd>
            <dt title="G ~ aw(G).↑: the atomic weight calculus, with the two-ahead rule">"atomic weight"</dt>
            <dd>{aw}</dd>
            <dt title="the mean plus infinitesimals heated by decreasing temperatures (Conway, 1976, ch. 9)">"thermal dissociation"</dt>
            <dd>{match &a.dissociation {
                Ok(d) => view! { <code data-testid="algebra-dissociation">{d.clone()}</code> }.into_any(),
                Err(e) => view! { <span data-testid="algebra-dissociation" class="muted small">{e.clone()}</span> }.into_any(),
            }}</dd>
        </dl>
    }
}

fn move_rows(rows: &[MoveRow], side: &'static str) -> impl IntoView {
    rows.iter()
        .map(|r| {
            let star = if r.dominant { "★" } else { "" };
            let title = if r.dominant {
                "dominant by incentive: no other move of this side has a larger one"
            } else {
                "dominated by incentive: another move gains more"
            };
            view! {
                <tr data-testid=format!("algebra-{side}-row")>
                    <td><code>{r.option.clone()}</code></td>
                    <td title=title><code data-testid=format!("algebra-{side}-incentive")>{r.incentive.clone()}</code>" "{star}</td>
                    <td data-testid=format!("algebra-{side}-orthodox")>{r.orthodox.clone()}</td>
                </tr>
            }
        })
        .collect_view()
}

/// Each side's moves: the option, its incentive (★ dominant) and when it
/// is orthodox.
#[component]
fn MoveTable(a: Arc<AlgebraReadout>) -> impl IntoView {
    let none = a.left.is_empty() && a.right.is_empty();
    view! {
        <div class="table-wrap">
            <table class="algebra-moves" data-testid="algebra-moves">
                <thead><tr><th>"move to"</th><th title="Left: G^L - G; Right: G - G^R">"incentive"</th><th title="the ambient temperatures t at which the move keeps the thermograph's wall">"orthodox at"</th></tr></thead>
                <tbody>
                    <tr class="side-head"><th colspan="3">"Left (blue)"</th></tr>
                    {move_rows(&a.left, "left")}
                    <tr class="side-head"><th colspan="3">"Right (red)"</th></tr>
                    {move_rows(&a.right, "right")}
                </tbody>
            </table>
        </div>
        {none.then(|| view! { <p class="muted small">"No moves: the game is 0."</p> })}
    }
}

/// The slider's `k` for `t` (nearest step).
fn slider_k(t: &Q) -> i64 {
    (t * &Q::from_int(SLIDER_STEPS)).floor().to_string().parse().unwrap_or(0)
}

/// Cooling by `t`: a slider in steps of 1/8, an exact field, and steps
/// between the critical temperatures; `G_t`, what happened, and two
/// pictures: the game's thermograph with the line at `t`, and `G_t`'s
/// (the part above the line, moved down by `t`).
#[component]
fn CoolingPanel(target: Target, cool: RwSignal<Option<Q>>, a: Arc<AlgebraReadout>) -> impl IntoView {
    let palette = crate::web::context::palette();
    let t = Signal::derive(move || cool.get().unwrap_or_else(Q::zero));
    let top = (&a.temperature + &Q::one()).ceil().max(Q::one());
    let max_k = slider_k(&top);
    let result: RwSignal<Option<Result<Cooled, String>>> = RwSignal::new(None);
    Effect::new(move |_| {
        let tv = t.get();
        let Some((e, id)) = target.get() else { return };
        // Cooling walks the whole form at every move of the slider.
        result.set(if subforms_within(&e, id, COOL_MAX_FORMS).is_some() {
            cooled(&e, id, &tv)
        } else {
            Some(Err(format!(
                "too large to cool as the slider moves (more than {} subforms); the command line's `cgt cool` does it",
                crate::slices::thousands(COOL_MAX_FORMS)
            )))
        });
    });
    let text = RwSignal::new(String::new());
    let field_error = RwSignal::new(None::<String>);
    let set_t = move |v: Q| {
        field_error.set(None);
        cool.set(Some(v));
    };
    let critical = StoredValue::new(a.critical.clone());
    let next = move |up: bool| critical.with_value(|c| super::algebra::next_critical(c, &t.get(), up));
    let step = move |up: bool| {
        if let Some(n) = critical.with_value(|c| super::algebra::next_critical(c, &t.get_untracked(), up)) {
            set_t(n);
        }
    };
    let step_up = step;
    let original = move || {
        target
            .with(|tg| tg.as_ref().map(|(e, id)| e.thermograph(*id)))
            .map(|th| {
                let opts = DrawOptions { legend: false, hover_t: Some(t.get()), palette: palette.get(), ..DrawOptions::default() };
                thermograph_svg(&th, 260, 170, &opts)
            })
            .unwrap_or_default()
    };
    let cooled_pic = move || {
        result
            .with(|r| match r {
                Some(Ok(c)) => {
                    Some(thermograph_svg(&c.thermograph, 260, 170, &DrawOptions { legend: false, palette: palette.get(), ..DrawOptions::default() }))
                }
                _ => None,
            })
            .unwrap_or_default()
    };
    view! {
        <div class="cooling" data-testid="cooling">
            <h3>"Cooling"</h3>
            <div class="cooling-controls">
                <label>"t = " <b data-testid="cool-t">{move || t.get().to_string()}</b></label>
                <input type="range" data-testid="cool-slider" aria-label="cooling temperature t, in steps of 1/8" title="the temperature t to cool by (steps of 1/8)" min=-(SLIDER_STEPS - 1) max=max_k step="1" prop:value=move || slider_k(&t.get()).to_string()
                    on:input=move |ev| { if let Ok(k) = event_target_value(&ev).parse::<i64>() { set_t(Q::frac(k, SLIDER_STEPS)); } } />
                <button class="btn small" data-testid="cool-down" title="down to the next temperature where the thermograph bends" prop:disabled=move || next(false).is_none() on:click=move |_| step(false)>"◀"</button>
                <button class="btn small" data-testid="cool-up" title="up to the next temperature where the thermograph bends (none above the freezing point)" prop:disabled=move || next(true).is_none() on:click=move |_| step_up(true)>"▶"</button>
                <input class="mono small-field" data-testid="cool-input" aria-label="exact cooling temperature t" placeholder="exact t, e.g. 3/4" title="an exact temperature t > -1" prop:value=move || text.get()
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        text.set(v.clone());
                        match parse_cool(&v) { Some(q) => set_t(q), None => field_error.set(Some(format!("`{v}` is not a dyadic number above -1"))) }
                    } />
            </div>
            {move || field_error.get().map(|e| view! { <p class="note" data-testid="cool-error">{e}</p> })}
            <p>
                "G" <sub>"t"</sub> " = " <code data-testid="cooled-canonical">{move || result.with(|r| match r { Some(Ok(c)) => c.name.clone(), Some(Err(e)) => e.clone(), None => "…".into() })}</code>
            </p>
            <p class="muted small" data-testid="cooled-note">{move || result.with(|r| r.as_ref().and_then(|r| r.as_ref().ok()).map(|c| c.note.clone()).unwrap_or_default())}</p>
            <div class="cooling-pictures">
                <figure><div class="mini" role="img" aria-label="the game's thermograph with the line at t" inner_html=original></div><figcaption class="small muted">"G, with the line at t"</figcaption></figure>
                <figure><div class="mini" data-testid="cooled-thermograph" role="img" aria-label="the cooled game's thermograph" inner_html=cooled_pic></div><figcaption class="small muted">"G" <sub>"t"</sub> ": above 0, G's thermograph above the line, moved down by t (its stops are G's walls at t)"</figcaption></figure>
            </div>
        </div>
    }
}

/// Chilled and warmed values, each with a button that opens it.
#[component]
fn ChillWarm(a: Arc<AlgebraReadout>, on_open: Callback<String>) -> impl IntoView {
    let line = |r: &Result<String, String>, label: &'static str, title: &'static str, id: &'static str| match r.clone() {
        Ok(v) => {
            let open = v.clone();
            view! {
                <li title=title>{label}": "<code data-testid=id>{v}</code>" "
                    <button class="btn small" data-testid=format!("open-{id}") title="show this value in the explorer" on:click=move |_| on_open.run(open.clone())>"Open"</button>
                </li>
            }
            .into_any()
        }
        Err(e) => view! { <li data-testid=id class="muted">{label}": "{e}</li> }.into_any(),
    };
    view! {
        <div class="chill-warm">
            <h3>"For Go players"</h3>
            <ul class="plain">
                {line(&a.chilled, "chilled (cooled by 1)", "Berlekamp and Wolfe (1994): chilling turns a Go endgame into a sum of infinitesimals and numbers, so that chilling gets the last point", "chilled-value")}
                {line(&a.warmed, "warmed (overheated from 1* by 1*)", "the inverse of chilling on Go values: an even integer stays, an odd one gets a star", "warmed-value")}
            </ul>
        </div>
    }
}
