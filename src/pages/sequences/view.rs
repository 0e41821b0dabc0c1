//! The Nim sequences page's Leptos components (wasm32 only). All logic is
//! in [`super::model`] and `cgt::impartial`; this is the DOM around it.
//!
//! [`SequencesPage`] builds one [`Ctl`] (the URL state, the computation and
//! its result) and lays out components named for what the user sees:
//! [`RuleCard`] at the top (the examples, the rule and `N`, the rule in
//! words, [`JobStatus`] and the error), then [`SummaryCard`] (period,
//! proof, source, CSV), [`PlotCard`] and [`TableCard`].
//!
//! A rule is read once typing pauses; when it (or `N`) changes, the
//! sequence is computed in time-bounded slices between browser tasks
//! ([`crate::slices::Slicer`] over the core's `Sequencer`), with a progress
//! bar and Cancel: a cancelled computation shows the values it had. The
//! last result stays on screen while a new one is computed. Each value of
//! the table opens its heap on the Games page (through the shell's `Nav`).

use super::model::{parse_rule, split_at_column, Computation, Phase, Report, RuleProblem, EXAMPLES, GAME_RULESET};
use super::signals::SequencesSignals;
use super::state::{RowWidth, MAX_LENGTH};
use crate::job::{JobState, Ticker};
use crate::slices::{thousands, Chunk, Slicer};
use crate::web::context::Nav;
use crate::web::dom;
use crate::web::export::ExportButtons;
use crate::web::jobs::{next_task, now_ms};
use cgt::impartial::HeapRule;
use cgt_draw::sequence::{draw_sequence, sequence_svg};
use leptos::html;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use std::sync::Arc;
use std::time::Duration;

/// Typing pauses this long before the rule (or `N`) is read.
const DEBOUNCE_MS: u64 = 300;
/// Upper bound of one slice of computing, in milliseconds.
const SLICE_MS: f64 = 12.0;

/// The page's state and handles, shared by its components (all `Copy`).
#[derive(Clone, Copy)]
struct Ctl {
    st: SequencesSignals,
    /// The rule field's and the `N` field's text.
    input: RwSignal<String>,
    length_input: RwSignal<String>,
    /// Why the rule typed is not one (with the text), or why `N` is not a
    /// length.
    error: RwSignal<Option<(String, RuleProblem)>>,
    length_error: RwSignal<Option<String>>,
    /// The result on screen (the last finished, or a cancelled one's
    /// values so far).
    report: RwSignal<Option<Arc<Report>>>,
    /// The computation's state, its progress and clock.
    job: RwSignal<JobState<()>>,
    progress: RwSignal<Option<(String, f64)>>,
    clock: Ticker,
    running: StoredValue<Option<(u64, Computation)>>,
    starts: StoredValue<u64>,
    typing: StoredValue<Option<TimeoutHandle>>,
    /// The first heap of the table's page.
    table_from: RwSignal<usize>,
    nav: Nav,
}

/// The subject of a computation (`JobState::of`).
fn subject(rule: &HeapRule, length: usize) -> String {
    format!("{rule} to {length}")
}

impl Ctl {
    fn new(st: SequencesSignals) -> Ctl {
        Ctl {
            st,
            input: RwSignal::new(st.rule.get_untracked()),
            length_input: RwSignal::new(st.length.get_untracked().to_string()),
            error: RwSignal::new(None),
            length_error: RwSignal::new(None),
            report: RwSignal::new(None),
            job: RwSignal::new(JobState::Idle),
            progress: RwSignal::new(None),
            clock: Ticker::new(),
            running: StoredValue::new(None),
            starts: StoredValue::new(0),
            typing: StoredValue::new(None),
            table_from: RwSignal::new(0),
            nav: Nav::from_context(),
        }
    }

    /// Compute whenever the URL's rule or `N` changes (the link's at
    /// first): a rule that does not parse shows its error instead.
    fn compute_effect(self) {
        Effect::new(move |_| {
            let text = self.st.rule.get();
            let length = self.st.length.get();
            match parse_rule(&text) {
                Ok(rule) => {
                    self.error.set(None);
                    untrack(|| self.start(rule, length));
                }
                Err(p) => {
                    self.stop();
                    self.error.set(Some((text, p)));
                }
            }
        });
    }

    /// One slice of computation `id`, bounded by time; the progress follows.
    fn run_slice(self, id: u64, slicer: &mut Slicer) -> Chunk<()> {
        let running = self.running;
        let r = slicer.slice(now_ms, |units| {
            running
                .try_update_value(|r| match r {
                    Some((rid, c)) if *rid == id => {
                        if c.step(units) {
                            Chunk::Finished(())
                        } else {
                            Chunk::Unfinished
                        }
                    }
                    _ => Chunk::Gone,
                })
                .unwrap_or(Chunk::Gone)
        });
        if let Chunk::Unfinished = r {
            let p = running.try_with_value(|r| r.as_ref().map(|(_, c)| c.progress())).flatten();
            let _ = self.progress.try_set(p);
        }
        r
    }

    /// The computation `id` is done: its report on screen.
    fn deliver(self, id: u64) {
        let taken = self.running.try_update_value(|r| if r.as_ref().is_some_and(|(rid, _)| *rid == id) { r.take() } else { None }).flatten();
        if let Some((_, c)) = taken {
            let report = c.finish(true);
            let _ = self.report.try_set(Some(Arc::new(report)));
            let _ = self.job.try_update(|j| j.finish(Ok(()), now_ms()));
        }
        let _ = self.progress.try_set(None);
        self.clock.stop();
    }

    /// Drop the computation in progress, if any (nothing shown changes).
    fn stop(self) {
        let _ = self.running.try_set_value(None);
        let _ = self.progress.try_set(None);
        self.clock.stop();
    }

    /// The user's Cancel: stop, and show the values computed so far.
    fn cancel(self) {
        let taken = self.running.try_update_value(|r| r.take()).flatten();
        if let Some((_, c)) = taken {
            let _ = self.report.try_set(Some(Arc::new(c.finish(false))));
        }
        let _ = self.job.try_update(|j| j.cancel());
        let _ = self.progress.try_set(None);
        self.clock.stop();
    }

    /// Compute `G(0..=length)` of `rule`: a first slice now (a short
    /// sequence is on screen before the next paint), then one slice a
    /// browser task until done, replaced or cancelled.
    fn start(self, rule: HeapRule, length: usize) {
        self.stop();
        let of = subject(&rule, length);
        if self.report.with_untracked(|r| r.as_ref().is_none_or(|r| r.rule != rule)) {
            self.table_from.set(0);
        }
        let comp = match Computation::new(&rule, length) {
            Ok(c) => c,
            Err(message) => {
                self.job.set(JobState::Failed { of, message });
                return;
            }
        };
        let Some(id) = self.starts.try_update_value(|n| {
            *n += 1;
            *n
        }) else {
            return;
        };
        let since = now_ms();
        self.running.set_value(Some((id, comp)));
        self.job.set(JobState::Running { of, since_ms: since });
        self.clock.start(since);
        let mut slicer = Slicer::new(SLICE_MS);
        match self.run_slice(id, &mut slicer) {
            Chunk::Finished(()) => self.deliver(id),
            Chunk::Gone => {}
            Chunk::Unfinished => leptos::task::spawn_local(async move {
                loop {
                    next_task().await;
                    match self.run_slice(id, &mut slicer) {
                        Chunk::Unfinished => {}
                        Chunk::Gone => break,
                        Chunk::Finished(()) => {
                            self.deliver(id);
                            break;
                        }
                    }
                }
            }),
        }
    }

    /// Compute again what the URL says (after a cancel or an error).
    fn restart(self) {
        if let Ok(rule) = parse_rule(&self.st.rule.get_untracked()) {
            self.start(rule, self.st.length.get_untracked());
        }
    }

    fn stop_typing(self) {
        if let Some(h) = self.typing.try_get_value().flatten() {
            h.clear();
        }
        let _ = self.typing.try_set_value(None);
    }

    /// Read the fields: a rule that parses and a valid `N` go to the URL
    /// (which starts the computation); else the error shows.
    fn read_fields(self) {
        self.stop_typing();
        let text = self.input.get_untracked().trim().to_string();
        let length = self.length_input.get_untracked();
        let n = match length.trim().parse::<usize>() {
            Ok(n) if n <= MAX_LENGTH => {
                self.length_error.set(None);
                Some(n)
            }
            _ => {
                self.length_error.set(Some(format!("N must be a whole number from 0 to {}.", thousands(MAX_LENGTH))));
                None
            }
        };
        match parse_rule(&text) {
            Err(p) => {
                self.stop();
                self.error.set(Some((text, p)));
            }
            Ok(_) => {
                self.error.set(None);
                let same = self.st.rule.get_untracked() == text && n.is_none_or(|n| self.st.length.get_untracked() == n);
                if same && !self.job.with_untracked(|j| matches!(j, JobState::Done { .. }) || j.is_running()) {
                    // Nothing changed but nothing is shown: compute again.
                    self.restart();
                }
                if self.st.rule.get_untracked() != text {
                    self.st.rule.set(text);
                }
                if let Some(n) = n.filter(|&n| self.st.length.get_untracked() != n) {
                    self.st.length.set(n);
                }
            }
        }
    }

    /// A keystroke in a field: read the fields after a pause.
    fn typed(self) {
        self.stop_typing();
        let h = set_timeout_with_handle(move || self.read_fields(), Duration::from_millis(DEBOUNCE_MS)).ok();
        self.typing.set_value(h);
    }

    /// Show an example (or any rule and `N`) at once.
    fn load(self, rule: &str, length: usize) {
        self.stop_typing();
        self.input.set(rule.to_string());
        self.length_input.set(length.to_string());
        self.length_error.set(None);
        self.st.rule.set(rule.to_string());
        self.st.length.set(length);
    }
}

#[component]
pub fn SequencesPage(st: SequencesSignals) -> impl IntoView {
    let ctl = Ctl::new(st);
    ctl.compute_effect();
    on_cleanup(move || {
        ctl.stop_typing();
        ctl.stop();
    });
    view! {
        <section class="sequences" data-testid="page-sequences">
            <RuleCard ctl=ctl />
            <SummaryCard ctl=ctl />
            <super::quotient_card::QuotientCard st=st />
            <PlotCard ctl=ctl />
            <TableCard ctl=ctl />
        </section>
    }
}

/// The examples, the rule and `N`, the rule in words, the computation's
/// status and the error.
#[component]
fn RuleCard(ctl: Ctl) -> impl IntoView {
    let examples = EXAMPLES
        .iter()
        .map(|ex| {
            let (rule, length) = (ex.rule, ex.length);
            view! {
                <button class="btn small" data-testid=format!("seq-example-{rule}") title=format!("{rule}, G(0) to G({})", thousands(length))
                    on:click=move |_| ctl.load(rule, length)>{ex.name}</button>
            }
        })
        .collect_view();
    let words = move || {
        let rule = parse_rule(&ctl.st.rule.get()).ok()?;
        let items = rule.describe().into_iter().map(|s| view! { <li>{s}</li> }).collect_view();
        Some(view! { <ul class="seq-words" data-testid="seq-describe" aria-label="the rule in words">{items}</ul> })
    };
    let on_width = move |ev| {
        let w = RowWidth::from_key(&event_target_value(&ev)).unwrap_or_default();
        ctl.st.width.set(w);
    };
    view! {
        <div class="card">
            <h1>"Nim sequences"</h1>
            <p class="muted small">
                "In an impartial game both players have the same moves, so every position is worth a nimber, and a position of several heaps is worth the nim-sum of its heaps (Sprague 1935, Grundy 1939). "
                "One heap's values G(0), G(1), … say everything: G(n) is the least number that is not the value of a move from a heap of n (Winning Ways, Berlekamp, Conway and Guy 1982, ch. 4). "
                "Type a take-and-break code (0.77, 4.7, 0.[3]; digit k says what removing k tokens may leave: 1 nothing, 2 one heap, 4 two heaps, 8 three heaps), or grundy, nim, sub:1,3,4, allbut:1,2."
            </p>
            <div class="toolbar seq-examples" role="group" aria-label="examples">{examples}</div>
            <div class="toolbar seq-fields">
                <label class="seq-rule-label">"rule "
                    <input type="text" class="mono" data-testid="seq-rule" spellcheck="false" autocomplete="off" aria-label="the heap rule"
                        aria-invalid=move || ctl.error.with(Option::is_some).to_string() prop:value=move || ctl.input.get()
                        on:input=move |ev| { ctl.input.set(event_target_value(&ev)); ctl.typed(); }
                        on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { ctl.read_fields(); } />
                </label>
                <label>"N "
                    <input type="text" inputmode="numeric" class="mono seq-n" data-testid="seq-length" autocomplete="off" aria-label="the last heap N"
                        aria-invalid=move || ctl.length_error.with(Option::is_some).to_string() prop:value=move || ctl.length_input.get()
                        on:input=move |ev| { ctl.length_input.set(event_target_value(&ev)); ctl.typed(); }
                        on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { ctl.read_fields(); } />
                </label>
                <label>"row of "
                    <select data-testid="seq-width" title="values a row of the table" on:change=on_width prop:value=move || ctl.st.width.get().key()>
                        <option value="auto">"the period (or 12)"</option>
                        <option value="10">"10"</option>
                        <option value="12">"12"</option>
                    </select>
                </label>
                <button class="btn" data-testid="seq-run" title="read the rule and N and compute (Enter)" on:click=move |_| ctl.read_fields()>"Compute"</button>
            </div>
            <RuleError ctl=ctl />
            <JobStatus ctl=ctl />
            {words}
        </div>
    }
}

/// Why the rule or `N` typed is not one: the core's message, and the text
/// with the column marked.
#[component]
fn RuleError(ctl: Ctl) -> impl IntoView {
    let rule = move || {
        ctl.error.get().map(|(text, p)| {
            let snippet = p.column.map(|c| {
                let (before, at, after) = split_at_column(&text, c);
                let at = if at.is_empty() { " ".to_string() } else { at };
                view! { <code class="snippet">{before}<mark>{at}</mark>{after}</code> }
            });
            view! { <span>{p.message}</span>" "{snippet} }
        })
    };
    view! {
        <p class="error" role="alert" data-testid="seq-error">{rule}{move || ctl.length_error.get()}</p>
        {move || {
            let stale = ctl.error.with(Option::is_some) && ctl.report.with(Option::is_some);
            stale.then(|| view! { <p class="note small" data-testid="seq-stale">"Below: the last rule that was read, " <code class="mono">{move || ctl.report.with(|r| r.as_ref().map(|r| r.rule_text()))}</code> "."</p> })
        }}
    }
}

/// Progress and Cancel while computing; the time it took, the engine's
/// refusal (past a rule's limit), or that it was cancelled.
#[component]
fn JobStatus(ctl: Ctl) -> impl IntoView {
    move || match ctl.job.get() {
        JobState::Running { .. } => {
            let p = ctl.progress.get();
            let (text, f) = p.unwrap_or_else(|| ("starting".to_string(), 0.0));
            Some(
                view! {
                    <p class="progress" role="status" data-testid="seq-progress">
                        <progress max="1" value=format!("{f:.4}") aria-label="values computed"></progress>
                        <span class="progress-text" data-testid="seq-progress-text">{text}</span>
                        <span class="muted small">{move || format!(" {:.1} s ", ctl.clock.seconds())}</span>
                        <button class="btn small" data-testid="seq-cancel" title="stop computing; show the values computed so far" on:click=move |_| ctl.cancel()>"Cancel"</button>
                    </p>
                }
                .into_any(),
            )
        }
        JobState::Done { ms, .. } => {
            let ms = ms.unwrap_or(0.0);
            Some(view! { <p class="muted small" data-testid="seq-time" role="status">{format!("computed in {:.2} s", ms / 1000.0)}</p> }.into_any())
        }
        JobState::Failed { message, .. } => Some(view! { <p class="error" role="alert" data-testid="seq-limit">{message}</p> }.into_any()),
        JobState::Cancelled { .. } => {
            let at = ctl.report.with(|r| r.as_ref().map(|r| r.shown().len().saturating_sub(1)));
            Some(
                view! {
                    <p class="note warn" data-testid="seq-cancelled" role="status">
                        {format!("Cancelled at G({}): below are the values computed so far. ", thousands(at.unwrap_or(0)))}
                        <button class="btn small" data-testid="seq-resume" on:click=move |_| ctl.restart()>"Compute again"</button>
                    </p>
                }
                .into_any(),
            )
        }
        JobState::Idle => None,
    }
}

/// The sequence's period, whether it is proven, its exceptions, the
/// published source and the CSV.
#[component]
fn SummaryCard(ctl: Ctl) -> impl IntoView {
    move || {
        let r = ctl.report.get()?;
        let per = r.periodicity;
        let field = |v: Option<usize>| v.map_or("—".to_string(), thousands);
        let (proven, proof) = r.proof_text();
        let proof_class = if proven { "note met" } else { "note" };
        let computed = format!(
            "{} value{} computed by mex{}",
            thousands(r.computed),
            if r.computed == 1 { "" } else { "s" },
            if r.computed < r.values.len() { format!(", {} read off the proven period", thousands(r.values.len() - r.computed)) } else { String::new() }
        );
        let published = r.published().map(|p| {
            let verdict = if p.agrees { "the values computed here agree" } else { "the values computed here DISAGREE" };
            view! { <p class="small" data-testid="seq-source"><strong>"Published: "</strong>{p.source}" — "{verdict}"."</p> }
        });
        let prove = r.prove_length().map(|n| {
            let rule = r.rule_text();
            view! { <button class="btn small" data-testid="seq-prove" on:click=move |_| ctl.load(&rule, n)>{format!("Compute to N = {} to prove it", thousands(n))}</button> }
        });
        let csv = {
            let r = r.clone();
            move |_| dom::download_text(&r.csv(), "text/csv", &r.csv_name())
        };
        Some(view! {
            <div class="card seq-summary" data-testid="seq-summary">
                <div class="toolbar">
                    <h2 data-testid="seq-title">{format!("{}: G(0) to G({})", r.name(), thousands(r.shown().len().saturating_sub(1)))}</h2>
                    <span class="spacer"></span>
                    <button class="btn small" data-testid="seq-csv" title="download n, G(n) for every value shown, as CSV" on:click=csv>"CSV"</button>
                </div>
                <dl class="seq-facts">
                    <dt>"period"</dt><dd data-testid="seq-period">{field(per.map(|p| p.period))}</dd>
                    <dt>"preperiod"</dt><dd data-testid="seq-preperiod">{field(per.map(|p| p.preperiod))}</dd>
                    <dt>"saltus"</dt><dd data-testid="seq-saltus">{field(per.map(|p| p.saltus as usize))}</dd>
                    <dt>"status"</dt><dd data-testid="seq-status">{if proven { "proven" } else if per.is_some() { "observed" } else { "no period seen" }}</dd>
                </dl>
                <p class=proof_class data-testid="seq-proof">{proof}" "{prove}</p>
                {r.exceptions_text().map(|t| view! { <p class="small" data-testid="seq-exceptions">{t}</p> })}
                {published}
                <p class="muted small">{computed}</p>
            </div>
        })
    }
}

/// `G(n)` against `n` on a canvas as wide as the card, in the theme's
/// palette, with its PNG and SVG exports.
#[component]
fn PlotCard(ctl: Ctl) -> impl IntoView {
    let wrap: NodeRef<html::Div> = NodeRef::new();
    let canvas: NodeRef<html::Canvas> = NodeRef::new();
    let size = RwSignal::new((0.0f64, 0.0f64));
    wrap.on_load(move |el| dom::observe_size(el.into(), size));
    let palette = crate::web::context::palette();
    Effect::new(move |_| {
        let pal = palette.get();
        let report = ctl.report.get();
        let (w, h) = size.get();
        let Some(cv) = canvas.get() else { return };
        let Some(dpr) = dom::size_canvas(&cv, (w, h)) else { return };
        let Some(r) = report else { return };
        if let Some(b) = CanvasBackend::with_canvas_object(cv) {
            let area = b.into_drawing_area();
            let _ = draw_sequence(&area, r.shown(), r.periodicity.as_ref(), dpr, &pal);
            let _ = area.present();
        }
    });
    let svg = Callback::new(move |pal: cgt_draw::Palette| {
        ctl.report.with_untracked(|r| r.as_ref().map(|r| sequence_svg(r.shown(), r.periodicity.as_ref(), 900, 340, &pal)).unwrap_or_default())
    });
    let label = move || ctl.report.with(|r| r.as_ref().map(|r| format!("G(n) against n for {}, {}", r.name(), r.period_text())).unwrap_or_default());
    view! {
        <div class="card" hidden=move || ctl.report.with(Option::is_none)>
            <div class="toolbar"><h2>"G(n) against n"</h2><span class="spacer"></span><ExportButtons of="seq-plot" name="nim-sequence" svg /></div>
            <div class="canvas-wrap seq-plot" node_ref=wrap><canvas node_ref=canvas data-testid="seq-plot" role="img" aria-label=label></canvas></div>
        </div>
    }
}

/// The values in rows, the preperiod and the first period shaded, the
/// exceptions outlined; each value opens its heap on the Games page. A long
/// sequence is shown a page at a time.
#[component]
fn TableCard(ctl: Ctl) -> impl IntoView {
    let goto = RwSignal::new(String::new());
    let width = move || ctl.report.with(|r| r.as_ref().map_or(12, |r| r.row_width(ctl.st.width.get())));
    let pages = move || ctl.report.with(|r| r.as_ref().map_or((None, None), |r| r.pages(ctl.table_from.get(), width())));
    let jump = move || {
        if let Ok(n) = goto.get_untracked().trim().parse::<usize>() {
            ctl.table_from.set(n);
        }
    };
    view! {
        <div class="card" hidden=move || ctl.report.with(Option::is_none)>
            <div class="toolbar">
                <h2>"The values"</h2>
                <span class="spacer"></span>
                <button class="btn small" data-testid="seq-prev" prop:disabled=move || pages().0.is_none() on:click=move |_| if let Some(n) = pages().0 { ctl.table_from.set(n) }>"← earlier"</button>
                <button class="btn small" data-testid="seq-next" prop:disabled=move || pages().1.is_none() on:click=move |_| if let Some(n) = pages().1 { ctl.table_from.set(n) }>"later →"</button>
                <label class="small">"from n = "<input type="text" inputmode="numeric" class="mono seq-n" data-testid="seq-goto" aria-label="show the table from heap n"
                    prop:value=move || goto.get() on:input=move |ev| goto.set(event_target_value(&ev))
                    on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { jump() } /></label>
                <button class="btn small" data-testid="seq-goto-run" on:click=move |_| jump()>"Show"</button>
            </div>
            <p class="muted small seq-key">
                <span class="seq-swatch pre"></span>" preperiod "
                <span class="seq-swatch first"></span>" first period "
                <span class="seq-swatch exc"></span>" exception (a value the period does not give) · a thick left edge starts a period · each value opens its heap on the Games page"
            </p>
            <div class="seq-table-wrap">{move || ctl.report.get().map(|r| view! { <ValueTable ctl=ctl report=r from=ctl.table_from.get() width=width() /> })}</div>
        </div>
    }
}

/// The table of the current page: a header of offsets, a row per `width`
/// heaps.
#[component]
fn ValueTable(ctl: Ctl, report: Arc<Report>, from: usize, width: usize) -> impl IntoView {
    let rows = report.table(from, width);
    let head = (0..width).map(|i| view! { <th scope="col">{format!("+{i}")}</th> }).collect_view();
    let rule = report.rule.clone();
    let nav = ctl.nav;
    let body = rows
        .into_iter()
        .map(|row| {
            let cells = row
                .cells
                .into_iter()
                .map(|c| {
                    let position = super::model::heap_position(&rule, c.n);
                    let href = nav.game_href(GAME_RULESET, &position);
                    let phase = match c.phase {
                        Phase::Preperiod => "preperiod, ",
                        Phase::FirstPeriod => "first period, ",
                        Phase::Periodic | Phase::Plain => "",
                    };
                    let exc = if c.exception { "an exception, " } else { "" };
                    let title = format!("G({}) = {}: {phase}{exc}open a heap of {} on the Games page", c.n, c.value, c.n);
                    let class = format!("{}{}{}", c.phase.class(), if c.exception { " exc" } else { "" }, if c.period_start { " pstart" } else { "" });
                    view! {
                        <td class=class>
                            <a href=href data-testid=format!("seq-n-{}", c.n) title=title on:click=move |ev| {
                                ev.prevent_default();
                                nav.open_game(GAME_RULESET, &position);
                            }>{c.value}</a>
                        </td>
                    }
                })
                .collect_view();
            view! { <tr><th scope="row">{row.start}</th>{cells}</tr> }
        })
        .collect_view();
    view! {
        <table class="seq-table" data-testid="seq-table" aria-label="G(n): row n, column +k holds G(n + k)">
            <thead><tr><th scope="col">"n"</th>{head}</tr></thead>
            <tbody>{body}</tbody>
        </table>
    }
}
