//! The MT-search page's "beside TDS" card: runs MT-search and Temperature
//! Discovery Search on the page's sum in the worker ([`super::tds`]) and
//! plots each one's temperature error against the nodes it used.

use super::jobs::{LadderUpdate as Msg, TdsVsMtJob};
use super::signals::MtSearchSignals;
use super::state::MtSource;
use super::tds::{LadderEnd, LadderPoint, LadderSource};
use crate::job::JobState;
use crate::web::dom::device_pixel_ratio;
use crate::web::export::ExportButtons;
use crate::web::jobs::now_ms;
use crate::web::solver::Lane;
use cgt::rulesets::heapgo::BranchOrder;
use cgt_draw::mt::{draw_error_ladder, error_ladder_svg};
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;

/// The comparison's source from the page's state (Figure 7 has no game).
fn source_of(st: MtSearchSignals) -> Option<LadderSource> {
    let seed = st.seed.get_untracked();
    match st.source.get_untracked() {
        MtSource::HeapGo => {
            Some(LadderSource::HeapGo { heaps: st.heaps.get_untracked(), order: st.order.get_untracked().parse::<BranchOrder>().unwrap_or_default(), seed })
        }
        MtSource::Tree => Some(LadderSource::Game { game: st.game.get_untracked(), seed }),
        MtSource::Figure7 => None,
    }
}

/// What the comparison is about: the sum on the page (the state is cleared
/// when it changes).
const SUBJECT: &str = "the sum on the page";

fn points(rungs: &[LadderPoint]) -> Vec<(f64, f64, f64)> {
    rungs.iter().map(|p| (p.nodes as f64, p.mt_error, p.tds_error)).collect()
}

#[component]
pub fn TdsCard(st: MtSearchSignals) -> impl IntoView {
    let lane = Lane::new();
    let rungs: RwSignal<Vec<LadderPoint>> = RwSignal::new(vec![]);
    // The comparison is about the sum on the page; it is cleared when the
    // sum changes, so its subject is always this sum.
    let status: RwSignal<JobState<LadderEnd>> = RwSignal::new(JobState::Idle);
    // A new sum makes the last comparison stale.
    Effect::new(move |_| {
        st.source.track();
        st.heaps.track();
        st.game.track();
        st.order.track();
        st.seed.track();
        lane.cancel();
        rungs.set(vec![]);
        status.set(JobState::Idle);
    });
    let start = move |_| {
        let Some(source) = source_of(st) else { return };
        rungs.set(vec![]);
        status.set(JobState::Running { of: SUBJECT.to_string(), since_ms: now_ms() });
        let sent = lane.submit(
            |id| TdsVsMtJob { id, source },
            move |u| match u {
                Msg::Rung(p) => rungs.update(|r| r.push(p)),
                Msg::Ladder(end) => status.update(|s| s.finish(Ok(end), now_ms())),
                Msg::Error(e) => status.update(|s| s.finish(Err(e), now_ms())),
            },
        );
        if let Err(e) = sent {
            status.update(|s| s.finish(Err(e), now_ms()));
        }
    };
    let canvas: NodeRef<html::Canvas> = NodeRef::new();
    let palette = crate::web::context::palette();
    let exact_at = move || status.with(|s| s.result().filter(|e| e.tds_exact).map(|e| e.tds_nodes as f64));
    Effect::new(move |_| {
        let pts = points(&rungs.get());
        let at = exact_at();
        let pal = palette.get();
        let Some(cv) = canvas.get() else { return };
        let dpr = device_pixel_ratio();
        let r = cv.get_bounding_client_rect();
        if r.width() < 2.0 || r.height() < 2.0 {
            return;
        }
        cv.set_width((r.width() * dpr).round() as u32);
        cv.set_height((r.height() * dpr).round() as u32);
        if let Some(b) = CanvasBackend::with_canvas_object(cv) {
            let area = b.into_drawing_area();
            let _ = draw_error_ladder(&area, &pts, at, dpr, &pal);
            let _ = area.present();
        }
    });
    let svg = Callback::new(move |pal: cgt_draw::Palette| error_ladder_svg(&points(&rungs.get_untracked()), exact_at(), &pal));
    let figure7 = move || st.source.get() == MtSource::Figure7;
    let status_text = move || {
        match status.get() {
        JobState::Idle | JobState::Cancelled { .. } => "Runs both searches on this sum in the background: MT-search after 1, 2, 4, ... paths, and TDS given as many nodes as MT-search's explored tree; then TDS to the end.".to_string(),
        JobState::Running { .. } => format!("running ... {} rungs", rungs.with(Vec::len)),
        JobState::Done { result, .. } => result.text(),
        JobState::Failed { message, .. } => format!("not compared: {message}"),
    }
    };
    view! {
        <div class="card" data-testid="tds-card">
            <div class="toolbar">
                <h2>"Beside TDS"</h2>
                <span class="spacer"></span>
                <button class="btn small" data-testid="tds-run" disabled=move || figure7() || status.with(JobState::is_running) on:click=start
                    title="Temperature Discovery Search (Müller, Enzenberger and Schaeffer 2004) on the same sum, and MT-search's error at equal nodes">"Compare"</button>
                <button class="btn small" data-testid="tds-cancel" disabled=move || !status.with(JobState::is_running)
                    on:click=move |_| { lane.cancel(); status.update(JobState::cancel); }>"Cancel"</button>
                <ExportButtons of="tds-canvas" name="mt-vs-tds" svg=svg />
            </div>
            <div class="canvas-wrap tds-plot"><canvas node_ref=canvas data-testid="tds-canvas" role="img" aria-label="temperature error against nodes, MT-search and TDS"></canvas></div>
            <p class="small" data-testid="tds-status" aria-live="polite">{move || if figure7() { "Figure 7 is a replay of paths, not a game: pick a heap-go sum or a typed game to compare.".to_string() } else { status_text() }}</p>
            <table class="small" data-testid="tds-table">
                <thead><tr><th>"paths"</th><th>"nodes"</th><th>"MT-search error"</th><th>"TDS error"</th></tr></thead>
                <tbody>
                    {move || rungs.get().into_iter().map(|p| view! {
                        <tr><td>{p.paths}</td><td>{p.nodes}</td><td>{format!("{:.3}", p.mt_error)}</td><td>{format!("{:.3}{}", p.tds_error, if p.tds_exact { " (exact)" } else { "" })}</td></tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}
