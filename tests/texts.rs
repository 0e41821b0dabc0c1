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

/// The board page shows each ruleset's rules, sources and presets as the
/// core's registry has them: they too cite works by author and year, each
/// one listed in the References panel.
#[test]
fn the_rulesets_cite_works_a_user_can_look_up() {
    use cgt::rulesets::registry::RULESETS;
    use cgt_lab::references::REFERENCES;
    let cited = |text: &str| REFERENCES.iter().any(|r| text.contains(&r.author_year()));
    for info in RULESETS {
        for text in [info.title, info.rules, info.source, info.format] {
            assert_eq!(unlookupable(text), None, "{}: {text}", info.name);
        }
        assert!(cited(info.source), "{}: the source `{}` names no work of the References panel", info.name, info.source);
        for p in info.presets {
            assert_eq!(unlookupable(&format!("{} {}", p.name, p.source)), None, "{}: {}", info.name, p.name);
            assert!(cited(p.source), "{}: preset {}'s source `{}` names no work of the References panel", info.name, p.name, p.source);
        }
    }
}
