//! What the lab shows in words, checked natively: no text a user cannot
//! look up (the repository's names for its sources, file paths, module
//! paths; see `references::unlookupable`) in any table of texts, every
//! citation names a known work, and the loading frame of `index.html`
//! shows the same tabs as the app.

use cgt_lab::references::unlookupable;
use cgt_lab::state::Page;

#[test]
fn page_help_and_presets_name_works_a_user_can_look_up() {
    for p in Page::ALL {
        assert_eq!(unlookupable(p.help()), None, "{:?}: {}", p, p.help());
        assert_eq!(unlookupable(p.title()), None, "{:?}", p);
    }
    for p in cgt_lab::presets::PRESETS {
        assert!(p.source.reference().is_some(), "{}", p.name);
        assert_eq!(unlookupable(&format!("{} {} {}", p.name, p.note, p.source)), None, "{}", p.name);
    }
}

#[test]
fn the_loading_frame_shows_the_apps_tabs() {
    let html = include_str!("../index.html");
    let frame = &html[html.find("id=\"boot\"").expect("index.html has the loading frame")..];
    let tabs: Vec<&str> = frame.split("<span class=\"tab\">").skip(1).map(|s| &s[..s.find("</span>").unwrap()]).collect();
    let titles: Vec<&str> = Page::ALL.iter().map(|p| p.title()).collect();
    assert_eq!(tabs, titles);
}

#[test]
fn the_sums_and_hackenbush_presets_name_works_a_user_can_look_up() {
    for p in cgt_lab::pages::sums::model::SUM_PRESETS {
        assert_eq!(unlookupable(&format!("{} {}", p.name, p.source)), None, "{}", p.name);
    }
    for (name, _, _, source) in cgt_lab::pages::hackenbush::model::PRESETS {
        assert_eq!(unlookupable(&format!("{name} {source}")), None, "{name}");
    }
}
