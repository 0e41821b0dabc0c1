//! The misère quotient card of the Nim sequences page (wasm32 only): a
//! heap bound and Compute; the worker computes the quotient heap by heap
//! ([`super::jobs`]) with progress and Cancel; the presentation, the
//! P-portion and each heap's element when done ([`super::quotient`]).

use super::quotient::{default_bound, QuotientView};
use crate::pages::sequences::jobs::{QuotientTask, QuotientUpdate};
use crate::pages::sequences::model::parse_rule;
use crate::pages::sequences::signals::SequencesSignals;
use crate::pages::sequences::state::MAX_QUOTIENT;
use crate::web::solver::Lane;
use leptos::prelude::*;

/// What the card is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    Running { heap: usize, of: usize, order: usize },
    Done(QuotientView, usize),
    Failed(String),
    Cancelled,
}

/// The quotient card: a heap bound and Compute; the presentation, the
/// P-portion and each heap's element when done. The worker computes
/// (a heap of a large bound can take seconds); Cancel stops it.
#[component]
pub fn QuotientCard(st: SequencesSignals) -> impl IntoView {
    let phase = RwSignal::new(Phase::Idle);
    let bound_input = RwSignal::new(String::new());
    let lane = Lane::new();
    // Compute whenever the link asks for a quotient (sq=) or the rule changes.
    Effect::new(move |_| {
        let text = st.rule.get();
        let n = st.quotient.get();
        bound_input.set(if n > 0 { n.to_string() } else { default_bound(st.length.get_untracked()).to_string() });
        lane.cancel();
        if n == 0 || parse_rule(&text).is_err() {
            phase.set(Phase::Idle);
            return;
        }
        phase.set(Phase::Running { heap: 0, of: n, order: 1 });
        let sent = lane.submit(
            |id| QuotientTask { id, rule: text.clone(), max_heap: n },
            move |u| {
                let _ = phase.try_set(match u {
                    QuotientUpdate::Progress { heap, of, order } => Phase::Running { heap, of, order },
                    QuotientUpdate::Done(v) => Phase::Done(v, n),
                    QuotientUpdate::Error(e) => Phase::Failed(e),
                });
            },
        );
        if let Err(e) = sent {
            phase.set(Phase::Failed(e));
        }
    });
    let compute = move || {
        let n = bound_input.get_untracked().trim().parse::<usize>().unwrap_or(0).clamp(1, MAX_QUOTIENT);
        bound_input.set(n.to_string());
        if st.quotient.get_untracked() == n {
            // The same bound again: recompute.
            st.quotient.set(0);
        }
        st.quotient.set(n);
    };
    let cancel = move |_| {
        lane.cancel();
        phase.set(Phase::Cancelled);
    };
    let body = move || {
        match phase.get() {
        Phase::Idle => view! { <p class="muted small">"Who wins a sum of heaps in misère play (the player who cannot move wins) is read from the product of the heaps' elements in this monoid (Plambeck and Siegel, 2008)."</p> }.into_any(),
        Phase::Running { heap, of, order } => view! {
            <p class="small" data-testid="quotient-progress">{format!("Heap {heap} of {of}: order {order} so far… ")}
                <button class="btn small" data-testid="quotient-cancel" on:click=cancel>"Cancel"</button></p>
        }
        .into_any(),
        Phase::Failed(e) => view! { <p class="error" role="alert" data-testid="quotient-error">{e}</p> }.into_any(),
        Phase::Cancelled => view! { <p class="muted small" data-testid="quotient-cancelled">"Cancelled."</p> }.into_any(),
        Phase::Done(v, max) => quotient_result(v, max).into_any(),
    }
    };
    view! {
        <div class="card seq-quotient" data-testid="seq-quotient">
            <div class="toolbar">
                <h2>"Misère quotient"</h2>
                <span class="spacer"></span>
                <label class="small">"heaps to "
                    <input type="number" min="1" max=MAX_QUOTIENT.to_string() class="mono narrow" data-testid="quotient-bound" aria-label="the largest heap of the quotient"
                        prop:value=move || bound_input.get() on:input=move |ev| bound_input.set(event_target_value(&ev))
                        on:keydown=move |ev| if ev.key() == "Enter" { compute() } /></label>
                <button class="btn small" data-testid="quotient-compute" on:click=move |_| compute()>"Compute"</button>
            </div>
            {body}
        </div>
    }
}

fn quotient_result(v: QuotientView, max: usize) -> impl IntoView {
    let heaps = v
        .heaps
        .iter()
        .map(|(n, e)| view! { <tr><td class="mono">{n.to_string()}</td><td class="mono" data-testid=format!("quotient-heap-{n}")>{e.clone()}</td></tr> })
        .collect_view();
    view! {
        <p class="small" data-testid="quotient-title">{v.title.clone()}</p>
        <dl class="seq-facts">
            <dt>"order"</dt><dd data-testid="quotient-order">{v.order.to_string()}</dd>
            <dt>"P-portion"</dt><dd class="mono" data-testid="quotient-p">{v.p_portion.clone()}</dd>
        </dl>
        <p class="mono quotient-presentation" data-testid="quotient-presentation">{v.presentation.clone()}</p>
        <p class="small">{v.settled_text(max)}</p>
        {v.source.map(|s| view! { <p class="small note met" data-testid="quotient-source"><strong>"Published: "</strong>{s}" — the quotient computed here agrees."</p> })}
        <p class="muted small">"Proven for every position of heaps up to the bound, with any number of heaps. A position is lost for the player to move exactly when the product of its heaps' elements is in the P-portion."</p>
        <details><summary>"each heap's element"</summary>
            <table class="sum-table quotient-heaps" data-testid="quotient-heaps"><thead><tr><th>"heap"</th><th>"element"</th></tr></thead><tbody>{heaps}</tbody></table>
        </details>
    }
}
