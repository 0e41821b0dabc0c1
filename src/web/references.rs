#![cfg(target_arch = "wasm32")]
//! The References panel (every work the lab cites, from
//! [`crate::references`]) and [`CiteLink`], a citation on a page that opens
//! the panel at its entry. Citations never change the URL: the page's state
//! is the query string, and the anchor is scrolled to by hand.

use crate::references::{Cite, REFERENCES};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The id of the panel's `<details>`.
pub const PANEL_ID: &str = "references";

/// Open the References panel and bring the entry of `key` into view,
/// marked for a moment.
pub fn show(key: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(d) = doc.get_element_by_id(PANEL_ID).and_then(|e| e.dyn_into::<web_sys::HtmlDetailsElement>().ok()) {
        d.set_open(true);
    }
    for e in REFERENCES.iter().filter(|r| r.key == key).filter_map(|r| doc.get_element_by_id(&r.anchor())) {
        e.scroll_into_view();
        let _ = e.class_list().add_1("flash");
        let _ = leptos::prelude::set_timeout_with_handle(
            move || {
                let _ = e.class_list().remove_1("flash");
            },
            std::time::Duration::from_millis(1600),
        );
    }
}

/// A citation ("Kao et al. (2012), Figure 7") that opens its entry in
/// the References panel.
#[component]
pub fn CiteLink(cite: Cite) -> impl IntoView {
    let href = cite.reference().map(|r| format!("#{}", r.anchor())).unwrap_or_default();
    let title = cite.reference().map(|r| r.entry()).unwrap_or_default();
    view! {
        <a class="cite" href=href title=title data-cite=cite.key on:click=move |ev| {
            ev.prevent_default();
            show(cite.key);
        }>{cite.text()}</a>
    }
}

/// Several citations separated by semicolons.
#[component]
pub fn CiteList(cites: &'static [Cite]) -> impl IntoView {
    cites.iter().enumerate().map(|(i, c)| view! { {(i > 0).then_some("; ")}<CiteLink cite=*c /> }).collect_view()
}

/// Every cited work: authors, year, title, venue, a link where one is
/// stable, and what the lab takes from it.
#[component]
pub fn ReferencesPanel() -> impl IntoView {
    let entries = REFERENCES
        .iter()
        .map(|r| {
            view! {
                <li id=r.anchor() data-testid=format!("ref-{}", r.key)>
                    <span class="ref-authors">{r.authors}</span>" ("{r.year}"). "
                    {match r.url {
                        Some(u) => view! { <a href=u rel="noopener" target="_blank"><cite>{r.title}</cite></a> }.into_any(),
                        None => view! { <cite>{r.title}</cite> }.into_any(),
                    }}
                    ". "{r.venue}". "
                    <span class="muted">"Used for: "{r.used_for}"."</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <details class="references" id=PANEL_ID data-testid="references">
            <summary>"References"</summary>
            <ol class="ref-list">{entries}</ol>
        </details>
    }
}
