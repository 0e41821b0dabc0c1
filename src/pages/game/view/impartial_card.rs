//! The impartial games' part of the board page (wasm32 only): the switch
//! between normal and misère play, and the card that replaces the value
//! card for them: the nim-value, the nim-sum in binary, the outcome and
//! the winning moves in words, misère play's rule. The texts and the table
//! are [`crate::pages::game::impartial`]'s.

use super::{side_words, BackgroundState, Ctl, Value};
use crate::pages::game::impartial::{column_heads, misere_rule, nim_sum_table, nimber, outcome_words};
use crate::pages::game::state::GameState;
use leptos::prelude::*;

/// Normal or misère play (impartial games only): the link's `gp=`.
#[component]
pub(super) fn PlaySwitch(ctl: Ctl) -> impl IntoView {
    let gs = ctl.gs;
    let set = move |misere: bool| {
        if gs.with_untracked(|s| s.misere) != misere {
            ctl.set(GameState { misere, ..gs.get_untracked() });
        }
    };
    move || {
        ctl.snap.with(|s| s.as_ref().is_some_and(|s| s.impartial)).then(|| {
            view! {
                <div class="play-switch" role="group" aria-label="play convention" data-testid="play-switch">
                    <span class="muted small">"Play: "</span>
                    <button class="btn small" data-testid="play-normal" aria-pressed=move || (!gs.with(|s| s.misere)).to_string()
                        title="normal play: the player who cannot move loses" on:click=move |_| set(false)>"Normal (last move wins)"</button>
                    <button class="btn small" data-testid="play-misere" aria-pressed=move || gs.with(|s| s.misere).to_string()
                        title="misère play: the player who cannot move wins" on:click=move |_| set(true)>"Misère (last move loses)"</button>
                </div>
            }
        })
    }
}

/// The value card of an impartial game.
#[component]
pub(super) fn ImpartialCard(ctl: Ctl) -> impl IntoView {
    let body = move || {
        let snap = ctl.snap.get()?;
        ctl.value.with(|v| {
            let Value::Done { result: r, .. } = v else { return None };
            let imp = r.impartial.clone()?;
            let to_move = side_words(snap.ruleset, snap.to_move);
            let labels: Vec<String> = r.components.iter().map(|c| c.position.clone()).collect();
            let (rows, sum) = nim_sum_table(&labels, &imp.component_values);
            let heads = column_heads(sum.bits.len());
            let bit_cells = |bits: &[bool]| bits.iter().map(|&b| view! { <td class="bit">{if b { "1" } else { "0" }}</td> }).collect_view();
            let body_rows = rows
                .iter()
                .map(|row| {
                    view! {
                        <tr data-testid="nim-row"><td class="mono comp-pos">{row.label.clone()}</td><td class="mono">{nimber(row.value)}</td>{bit_cells(&row.bits)}</tr>
                    }
                })
                .collect_view();
            let winning = imp
                .winning
                .iter()
                .map(|(mv, words)| {
                    let mv2 = mv.clone();
                    let label = if words.is_empty() { mv.clone() } else { format!("{mv}: {words}") };
                    view! { <li><button class="btn small link-like" data-testid="winning-move" data-move=mv.clone() title="play this move" on:click=move |_| ctl.play(mv2.clone())>{label}</button></li> }
                })
                .collect_view();
            let more = (imp.winning_total > imp.winning.len()).then(|| format!("and {} more", imp.winning_total - imp.winning.len()));
            let play = if imp.misere { "misère play" } else { "normal play" };
            Some(view! {
                <dl class="stats">
                    <div class="wide"><dt>"nim-value (normal play)"</dt><dd class="canon" data-testid="nim-value">{nimber(imp.nim_value)}</dd></div>
                    <div><dt>"outcome"</dt><dd data-testid="outcome">{r.outcome.clone()}</dd></div>
                    <div><dt>"play"</dt><dd data-testid="play-convention">{play}</dd></div>
                </dl>
                <p data-testid="impartial-outcome">{outcome_words(&imp, to_move)}</p>
                {(!imp.component_values.is_empty()).then(|| view! {
                    <div class="comp-scroll">
                        <table class="sum-table nim-table" data-testid="nim-sum-table" aria-label="the nim-sum in binary">
                            <thead><tr><th>"part"</th><th>"value"</th>{heads.iter().map(|h| view! { <th class="bit">{h.to_string()}</th> }).collect_view()}</tr></thead>
                            <tbody>{body_rows}</tbody>
                            <tfoot><tr data-testid="nim-sum-binary"><th>"nim-sum"</th><td class="mono">{nimber(sum.value)}</td>{bit_cells(&sum.bits)}</tr></tfoot>
                        </table>
                    </div>
                    <p class="muted small">"Each column adds without carry: a 1 where an odd number of parts have a 1. The nim-sum is 0 exactly when the player to move loses (normal play)."</p>
                })}
                {if imp.winning.is_empty() {
                    view! { <p class="muted small" data-testid="no-winning-move">{format!("No winning move for {to_move} ({play}).")}</p> }.into_any()
                } else {
                    view! {
                        <p class="small">{format!("Winning moves for {to_move} ({play}):")}</p>
                        <ul class="move-list winning-moves" data-testid="winning-moves">{winning}</ul>
                        {more.map(|m| view! { <p class="muted small">{m}</p> })}
                    }.into_any()
                }}
                {imp.misere.then(|| view! {
                    <dl class="stats">
                        <div class="wide" title="Conway's misère canonical form: the simplest game equal to this one in every misère sum (Siegel's notation)">
                            <dt>"misère canonical form"</dt><dd class="canon mono" data-testid="misere-form">{if imp.misere_form.is_empty() { imp.misere_note.clone() } else { imp.misere_form.clone() }}</dd>
                        </div>
                        <div title="the genus g^(g0 g1 ...): the normal-play value, then the misère values of the game plus 0, 1, 2, ... copies of *2 (Winning Ways ch. 13)">
                            <dt>"genus"</dt><dd class="mono" data-testid="misere-genus">{imp.genus.clone()}</dd>
                        </div>
                        <div title="a tame game plays in misère like a Nim position; a wild one does not"><dt>"kind"</dt><dd data-testid="misere-tame">{match imp.tame { Some(true) => "tame", Some(false) => "wild", None => "—" }}</dd></div>
                    </dl>
                    <p class="note small" data-testid="misere-rule">{misere_rule(snap.ruleset, &snap.current)}</p>
                })}
            }.into_any())
        })
    };
    view! {
        <div class="card stats-card value" data-testid="impartial-card">
            <h2>"Value of the position"</h2>
            {move || body().unwrap_or_else(|| view! { <p class="muted small">"—"</p> }.into_any())}
            <BackgroundState ctl=ctl />
        </div>
    }
}
