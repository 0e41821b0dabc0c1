//! The lesson bar, the lesson editor and the printed lesson (issue 24).
//!
//! A lesson is a [`LessonDoc`]: a built-in one (`lesson=`) or a teacher's
//! (`ld=` holds its text). The bar walks its steps, renders the game
//! notation in their text, asks a step's question and checks the answer
//! with the engine, and keeps the score (first tries) while the lesson is
//! open. The editor writes a lesson on the page: its text, "add this page
//! as a step", start, share as a link or a file, open a file. Print lays
//! every step out on paper with the thermograph of its game.

use crate::lesson_doc::{rendered, spans, LessonDoc};
use crate::state::ShellState;
use crate::web::dom;
use crate::web::shell::{ShellNav, ShellSignals};
use leptos::prelude::*;
use std::collections::BTreeMap;

/// What the lesson bar keeps while a lesson is open: the score (each
/// question's first try: right or not) and the lesson it belongs to.
#[derive(Clone, Copy)]
pub struct LessonUi {
    /// Step -> whether the first answer was right.
    score: RwSignal<BTreeMap<usize, bool>>,
    /// The lesson the score is for (its title and text).
    scored: StoredValue<String>,
    /// The editor's text; `Some` while the editor is open.
    pub editor: RwSignal<Option<String>>,
    /// The printed lesson is laid out (for `window.print()`).
    printing: RwSignal<bool>,
}

impl LessonUi {
    pub fn new() -> LessonUi {
        // A draft open in the editor at a reload comes back (issue 43 item 20).
        let editor = (dom::local_get(EDITOR_OPEN_KEY).as_deref() == Some("1")).then(draft).flatten();
        LessonUi {
            score: RwSignal::new(BTreeMap::new()),
            scored: StoredValue::new(String::new()),
            editor: RwSignal::new(editor),
            printing: RwSignal::new(false),
        }
    }
}

/// Where the editor's text is kept in the browser (`localStorage`), so a
/// reload or a closed tab loses no draft.
const DRAFT_KEY: &str = "cgt-lesson-draft";
/// "1" while the editor is open.
const EDITOR_OPEN_KEY: &str = "cgt-lesson-editor-open";

/// The lesson draft kept in the browser, if any.
pub fn draft() -> Option<String> {
    dom::local_get(DRAFT_KEY).filter(|t| !t.trim().is_empty())
}

impl Default for LessonUi {
    fn default() -> Self {
        LessonUi::new()
    }
}

fn shell_state(shell: ShellSignals) -> ShellState {
    ShellState { page: shell.page.get(), lesson: shell.lesson.get(), lesson_step: shell.lesson_step.get(), lesson_doc: shell.lesson_doc.get() }
}

/// Text with the notation between backticks rendered (↑, ↓, ±) as code.
pub fn rich_text(text: &str) -> impl IntoView {
    text.split('\n')
        .enumerate()
        .map(|(i, line)| {
            let parts = spans(line)
                .into_iter()
                .map(|(code, s)| if code { view! { <code class="game">{rendered(&s)}</code> }.into_any() } else { view! { <span>{s}</span> }.into_any() })
                .collect_view();
            view! { {(i > 0).then(|| view! { <br/> })}{parts} }
        })
        .collect_view()
}

/// The lesson in progress: its text, where we are, back / next, the
/// question and the score.
#[component]
pub fn LessonBar(shell: ShellSignals, nav: ShellNav, ui: LessonUi) -> impl IntoView {
    move || {
        let st = shell_state(shell);
        let (id, doc) = crate::lessons::current(&st)?;
        // A new lesson starts a new score.
        let key = format!("{id}\u{1f}{}", doc);
        if ui.scored.with_value(|k| *k != key) {
            ui.scored.set_value(key);
            ui.score.set(BTreeMap::new());
        }
        let n = doc.steps.len();
        let k = st.lesson_step.min(n - 1);
        let last = k + 1 == n;
        let step = doc.steps[k].clone();
        // In presentation mode a step brings the panel it talks about (the
        // page's picture or board) into view (issue 43 item 22).
        if use_context::<crate::web::context::Presenting>().is_some_and(|p| p.0.get_untracked()) {
            leptos::task::spawn_local(async move {
                crate::web::jobs::next_task().await;
                dom::scroll_to_first(&[".plot-card", "[data-testid=\"board-panel\"]", ".sums-grid", ".hackenbush svg", ".heapgo .card"]);
            });
        }
        let questions = doc.steps.iter().filter(|s| s.ask.is_some()).count();
        let sources = crate::lessons::find(id).filter(|_| st.lesson_doc.is_empty()).map(|l| l.sources);
        let title = doc.title.clone();
        let edit_text = doc.to_string();
        Some(view! {
            <section class="lesson-bar" data-testid="lesson-bar" aria-label=format!("lesson: {title}")>
                <div class="lesson-head">
                    <strong data-testid="lesson-title">{title.clone()}</strong>
                    <span class="muted small" data-testid="lesson-step">{format!("step {} of {n}", k + 1)}</span>
                    {(questions > 0).then(|| view! {
                        <span class="small lesson-score" data-testid="lesson-score" title="questions answered right at the first try">
                            {move || { let s = ui.score.get(); format!("score {} of {questions}", s.values().filter(|r| **r).count()) }}
                        </span>
                    })}
                    <span class="spacer"></span>
                    <button class="btn small" data-testid="lesson-prev" title="previous step (←)" prop:disabled=k == 0 on:click=move |_| { nav.lesson_go(k.saturating_sub(1)); dom::focus_testid("lesson-prev"); }>"◀ back"</button>
                    <button class="btn small primary" data-testid="lesson-next" title="next step (→ or space)" prop:disabled=last on:click=move |_| { nav.lesson_go(k + 1); dom::focus_testid("lesson-next"); }>"next ▶"</button>
                    <button class="btn small" data-testid="lesson-edit" title="open this lesson in the editor: change it, add steps, share it" on:click=move |_| ui.editor.set(Some(edit_text.clone()))>"edit"</button>
                    <button class="btn small" data-testid="lesson-print" title="print this lesson as a handout (every step, with its picture)" on:click=move |_| print_lesson(ui)>"print"</button>
                    <button class="btn small" data-testid="lesson-exit" title="leave the lesson (the page stays)" on:click=move |_| nav.end_lesson()>"end lesson"</button>
                </div>
                <p class="lesson-text" data-testid="lesson-text" aria-live="polite">{rich_text(&step.text)}</p>
                {step.ask.clone().map(|q| view! { <Question q=q step=k ui=ui /> })}
                {sources.map(|s| view! { <p class="muted small lesson-sources" data-testid="lesson-sources">"Sources: "<crate::web::references::CiteList cites=s /></p> })}
                {last.then(|| view! { <p class="lesson-done" data-testid="lesson-done">"✔ End of the lesson. Every step was a link: copy the address bar to share this one."</p> })}
            </section>
        })
    }
}

/// A step's question: the answer field, Check, the engine's verdict.
#[component]
fn Question(q: crate::lesson_doc::Question, step: usize, ui: LessonUi) -> impl IntoView {
    let answer = RwSignal::new(String::new());
    let verdict: RwSignal<Option<crate::lesson_doc::Checked>> = RwSignal::new(None);
    let tries = RwSignal::new(0u32);
    // Until the question is answered right (or its answer shown), every page
    // hides what would answer it (the value and outcome, mean and
    // temperature, the Go words): `body.hide-answers` in style/main.css. The
    // step is in the link, so a link to a question step opens in this mode.
    let solved = RwSignal::new(false);
    let hide = use_context::<crate::web::context::HideAnswers>();
    Effect::new(move |_| {
        let h = !solved.get();
        dom::set_body_class("hide-answers", h);
        if let Some(s) = hide {
            s.0.set(h);
        }
    });
    on_cleanup(move || {
        dom::set_body_class("hide-answers", false);
        if let Some(s) = hide {
            let _ = s.0.try_set(false);
        }
    });
    let q2 = q.clone();
    let check = move || {
        let v = match q2.check(&answer.get_untracked()) {
            Ok(v) => v,
            Err(e) => crate::lesson_doc::Checked { right: false, comment: format!("The engine could not check this question: {e}") },
        };
        // The first real try counts for the score.
        if !answer.get_untracked().trim().is_empty() {
            tries.update(|t| *t += 1);
            ui.score.update(|s| {
                s.entry(step).or_insert(v.right);
            });
        }
        if v.right {
            solved.set(true);
        }
        verdict.set(Some(v));
    };
    let q3 = StoredValue::new(q.clone());
    let show_answer = move |_| {
        let a = q3.with_value(|q| q.answer().unwrap_or_else(|e| e));
        verdict.set(Some(crate::lesson_doc::Checked { right: false, comment: format!("The engine's answer: {a}.") }));
        ui.score.update(|s| {
            s.entry(step).or_insert(false);
        });
        solved.set(true);
    };
    view! {
        <form class="lesson-question" data-testid="lesson-question" on:submit=move |ev| { ev.prevent_default(); check(); }>
            <label for="lesson-answer">{q.prompt()}</label>
            <div class="row">
                <input id="lesson-answer" type="text" class="mono" data-testid="lesson-answer" autocomplete="off" spellcheck="false" prop:value=move || answer.get() on:input=move |ev| answer.set(event_target_value(&ev)) />
                <button class="btn small primary" type="submit" data-testid="lesson-check">"Check"</button>
                {move || (tries.get() > 0 && !verdict.with(|v| v.as_ref().is_some_and(|v| v.right))).then(|| view! { <button class="btn small" type="button" data-testid="lesson-show-answer" on:click=show_answer>"Show the answer"</button> })}
            </div>
            {move || (!solved.get()).then(|| view! { <p class="muted small" data-testid="answers-hidden">"The panels that would give the answer away are hidden until you answer."</p> })}
            {move || verdict.get().map(|v| view! {
                <p class="verdict" class:right=v.right class:wrong=!v.right data-testid="lesson-verdict" data-right=v.right.to_string() role="status">{if v.right { "✔ " } else { "✘ " }}{v.comment}</p>
            })}
        </form>
    }
}

/// Lay the printed lesson out, then print.
fn print_lesson(ui: LessonUi) {
    ui.printing.set(true);
    dom::set_body_class("printing-lesson", true);
    // After the layout is in the page.
    leptos::task::spawn_local(async move {
        crate::web::jobs::next_task().await;
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
}

/// Every step of the lesson on paper: its text, its link, its question
/// with room for the answer, and the thermograph of a step's game (not
/// on a step that asks a question about it).
#[component]
pub fn PrintedLesson(shell: ShellSignals, ui: LessonUi) -> impl IntoView {
    // Printing done (or cancelled): back to the page.
    let after = window_event_listener(leptos::ev::Custom::<leptos::ev::Event>::new("afterprint"), move |_| {
        ui.printing.set(false);
        dom::set_body_class("printing-lesson", false);
    });
    on_cleanup(move || after.remove());
    move || {
        if !ui.printing.get() {
            return None;
        }
        let st = shell_state(shell);
        let (_, doc) = crate::lessons::current(&st)?;
        Some(printed(&st, &doc))
    }
}

/// The printed layout of `doc` (also what the print test reads).
fn printed(shell: &ShellState, doc: &LessonDoc) -> impl IntoView {
    let origin = web_sys::window().and_then(|w| w.location().href().ok()).map(|h| h.split('?').next().unwrap_or("").to_string()).unwrap_or_default();
    let steps = doc
        .steps
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let game = s.link.split('&').filter_map(|kv| kv.split_once('=')).find(|(k, _)| *k == "g").map(|(_, v)| crate::lessons::percent_decoded(v));
            // A question's step prints no figures: they would give the answer away.
            let picture = game.filter(|_| s.ask.is_none()).and_then(|g| {
                let t = cgt::notation::GameTree::parse_with(&g, &cgt::notation::ParseLimits::INTERACTIVE).ok()?;
                let th = t.thermograph();
                let svg = cgt_draw::thermograph_svg(&th, 520, 320, &cgt_draw::DrawOptions { palette: cgt_draw::Palette::LIGHT, ..cgt_draw::DrawOptions::default() });
                let words = cgt::sente::classify(&th).phrase(["Left", "Right"]);
                Some(view! {
                    <figure class="print-figure">
                        <div inner_html=svg></div>
                        <figcaption><code class="game">{rendered(&g)}</code>": mean "{th.mean().to_string()}", temperature "{th.temperature().to_string()}"; "{words}</figcaption>
                    </figure>
                })
            });
            // Percent-encoded by the browser (a `+` in a sum is `%2B`), so the
            // link works when typed from the paper (issue 43 item 21).
            // The step's own page (a built-in lesson's step link names the
            // lesson too; a teacher's would carry the whole text, so not).
            let link = crate::lessons::doc_step_state(shell, doc, k)
                .map(|mut st| {
                    st.shell.lesson_doc.clear();
                    if shell.lesson.is_empty() || !shell.lesson_doc.is_empty() {
                        st.shell.lesson.clear();
                        st.shell.lesson_step = 0;
                    }
                    format!("{origin}{}", crate::web::shell::query_of(&st))
                })
                .unwrap_or_default();
            view! {
                <li class="print-step" data-testid="print-step">
                    <p>{rich_text(&s.text)}</p>
                    {picture}
                    {s.ask.as_ref().map(|q| view! { <p class="print-question"><strong>"Question: "</strong>{q.prompt()}</p><p class="print-answer-line">"Answer: "</p> })}
                    {(!s.link.is_empty()).then(|| view! { <p class="print-link small">"On screen: "<span class="mono" data-testid="print-link">{link}</span></p> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="printed-lesson" data-testid="printed-lesson">
            <h1>{doc.title.clone()}</h1>
            <ol>{steps}</ol>
            <p class="small">"Printed from the CGT Lab. Every step is a link: open it to see the position on screen."</p>
        </section>
    }
}

/// The lesson editor: the lesson's text, its errors (by line), add the
/// page on screen as a step, start it, share it as a link or a file, open a
/// file.
#[component]
pub fn LessonEditor(nav: ShellNav, ui: LessonUi) -> impl IntoView {
    let msg = RwSignal::new(String::new());
    // Every change is kept in the browser's storage at once.
    Effect::new(move |_| {
        ui.editor.with(|t| match t {
            Some(t) => {
                dom::local_set(DRAFT_KEY, t);
                dom::local_set(EDITOR_OPEN_KEY, "1");
            }
            None => dom::local_set(EDITOR_OPEN_KEY, "0"),
        })
    });
    let text = move || ui.editor.get().unwrap_or_default();
    let parsed = Memo::new(move |_| ui.editor.with(|t| t.as_deref().map(|t| t.parse::<LessonDoc>().map_err(|e| e.to_string()))));
    let add_step = move |_| {
        let q = nav.page_query();
        ui.editor.update(|t| {
            if let Some(t) = t {
                if !t.ends_with('\n') && !t.is_empty() {
                    t.push('\n');
                }
                t.push_str(&format!("step: (what to say about this page)\nlink: {q}\n"));
            }
        });
        msg.set("The page on screen is the lesson's last step now: write what to say about it.".into());
    };
    let start = move |_| match nav.start_lesson_doc(&text(), 0) {
        Ok(()) => {
            msg.set(String::new());
            ui.editor.set(None);
        }
        Err(e) => msg.set(e),
    };
    // The link of the lesson's first step: its page state and the lesson.
    let link_of = move || -> Result<String, String> {
        let t = text();
        let doc = t.parse::<LessonDoc>().map_err(|e| e.to_string())?;
        let shell = ShellState { lesson_doc: t, ..ShellState::default() };
        let link = crate::lessons::doc_step_state(&shell, &doc, 0).ok_or("the lesson has no steps")?;
        let origin = web_sys::window().and_then(|w| w.location().href().ok()).map(|h| h.split('?').next().unwrap_or("").to_string()).unwrap_or_default();
        Ok(format!("{origin}{}", crate::web::shell::query_of(&link)))
    };
    let copy_link = move |_| match link_of() {
        Ok(href) => {
            msg.set(format!("Link ({} characters) copied: {href}", href.chars().count()));
            leptos::task::spawn_local(async move {
                if !dom::copy_to_clipboard(&href).await {
                    msg.set(format!("The clipboard is not available here: copy the link: {href}"));
                }
            });
        }
        Err(e) => msg.set(e),
    };
    let download = move |_| match text().parse::<LessonDoc>() {
        Ok(d) => {
            let name: String = d.title.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
            dom::download_text(&d.to_string(), "text/plain", &format!("{}.cgtlesson.txt", name.trim_matches('-')));
        }
        Err(e) => msg.set(e.to_string()),
    };
    let open_file = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        if file.size() > (4 * crate::lesson_doc::MAX_DOC_CHARS) as f64 {
            msg.set(format!("{} is too large to be a lesson ({} bytes)", file.name(), file.size()));
            return;
        }
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(v) => {
                    ui.editor.set(Some(v.as_string().unwrap_or_default()));
                    msg.set(format!("Opened {}.", file.name()));
                }
                Err(_) => msg.set(format!("{} could not be read", file.name())),
            }
        });
    };
    move || {
        ui.editor.get().is_some().then(|| view! {
            <section class="card lesson-editor" data-testid="lesson-editor" aria-label="lesson editor">
                <div class="toolbar"><h2>"Write a lesson"</h2><span class="spacer"></span><button class="btn small" data-testid="lesson-editor-close" title="close the editor (the draft is kept in this browser: Write a lesson… opens it again)" on:click=move |_| ui.editor.set(None)>"×"</button></div>
                <p class="muted small">"One field a line: " <code>"title:"</code>", then for each step " <code>"step:"</code>" (the text; game notation between backticks is shown rendered), " <code>"link:"</code>" (the page state) and optionally " <code>"ask: mean GAME"</code>" (or temperature, value, outcome, sente, left, right): the engine checks the answer. Browse to a position and press “Add this page as a step”."</p>
                <textarea class="mono" rows="14" data-testid="lesson-editor-text" aria-label="the lesson's text" spellcheck="false" prop:value=text on:input=move |ev| ui.editor.set(Some(event_target_value(&ev)))></textarea>
                <p class="small" data-testid="lesson-editor-status" class:error=move || parsed.with(|p| matches!(p, Some(Err(_))))>
                    {move || parsed.with(|p| match p {
                        Some(Ok(d)) => format!("✔ {} step{}, {} question{}", d.steps.len(), if d.steps.len() == 1 { "" } else { "s" }, d.steps.iter().filter(|s| s.ask.is_some()).count(), if d.steps.iter().filter(|s| s.ask.is_some()).count() == 1 { "" } else { "s" }),
                        Some(Err(e)) => e.clone(),
                        None => String::new(),
                    })}
                </p>
                <div class="toolbar">
                    <button class="btn small" data-testid="lesson-add-step" title="add the page on screen as the lesson's last step" on:click=add_step>"Add this page as a step"</button>
                    <button class="btn small primary" data-testid="lesson-start" title="start this lesson at its first step" on:click=start>"Start"</button>
                    <button class="btn small" data-testid="lesson-copy-link" title="copy a link that opens this lesson" on:click=copy_link>"Copy link"</button>
                    <button class="btn small" data-testid="lesson-download" title="save the lesson as a text file" on:click=download>"Download"</button>
                    <label class="btn small file-btn" title="open a lesson file">"Open a file…"<input type="file" accept=".txt,text/plain" data-testid="lesson-open-file" on:change=open_file /></label>
                </div>
                <p class="small" data-testid="lesson-editor-msg" role="status">{move || msg.get()}</p>
            </section>
        })
    }
}

/// A new lesson's text, to start from.
pub const TEMPLATE: &str = "title: My lesson\nstep: A switch `{5|-5}`: whoever moves first takes 5.\nlink: g={5|-5}\nask: temperature {5|-5}\n";
