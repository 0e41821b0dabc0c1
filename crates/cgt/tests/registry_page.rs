//! What the board page (`?page=game`) asks of the registry: every preset has
//! the value it is listed with, each component's explicit form for the Sums
//! page, and the scores of scored rulesets.

use cgt::numbers::Q;
use cgt::rulesets::registry::{session, RULESETS};
use cgt::side::Side;

#[test]
fn every_preset_has_its_listed_value() {
    for info in RULESETS {
        for p in info.presets {
            let mut s = session(info.name, p.position, 1_000_000).unwrap();
            let r = s.report().unwrap();
            assert_eq!(r.canonical, p.value, "{} preset {}", info.name, p.name);
        }
    }
    let dom = RULESETS.iter().find(|r| r.name == "domineering").unwrap();
    assert!(dom.presets.len() >= 4, "the page shows Domineering presets");
}

#[test]
fn components_carry_their_explicit_forms() {
    let mut s = session("domineering", "..#|..#|...", 10_000).unwrap();
    let r = s.report().unwrap();
    assert_eq!(r.components.len(), 1);
    assert_eq!(r.components[0].explicit.as_deref(), Some("{1/2|-2}"));
    // Two regions: a vertical domino's room (1) and the 2x2 square (±1).
    let mut s = session("domineering", ".#..|.#..", 10_000).unwrap();
    let r = s.report().unwrap();
    let forms: Vec<_> = r.components.iter().map(|c| c.explicit.clone().unwrap()).collect();
    assert_eq!(forms, s.sum_components().unwrap());
    assert_eq!(forms.len(), 2);
}

#[test]
fn scored_rulesets_say_so_and_score_moves() {
    let s = session("heapgo", "b5,r3/r7", 10_000).unwrap();
    assert!(s.scored());
    // Left takes heap 0 from the top: b5 then r3 (up to the first red).
    assert_eq!(s.move_score(Side::Left, "0").unwrap(), Q::from_int(8));
    assert_eq!(s.move_score(Side::Right, "1").unwrap(), Q::from_int(-7));
    assert!(s.move_score(Side::Left, "5").is_err());
    let d = session("domineering", "..|..", 10_000).unwrap();
    assert!(!d.scored());
    assert_eq!(d.move_score(Side::Left, "a1").unwrap(), Q::zero());
}

/// A component whose explicit form is too long for a Sums link is refused
/// by name, not sent: a green stalk of 14 edges is *14, whose explicit form
/// lists every smaller nimber's form (far more than 4,000 characters).
#[test]
fn too_long_forms_are_refused_for_sums() {
    let mut s = session("hackenbush", "stalk:gggggggggggggg", 1_000_000).unwrap();
    let r = s.report().unwrap();
    assert_eq!(r.canonical, "*14");
    assert_eq!(r.components[0].explicit, None);
    let e = s.sum_components().unwrap_err();
    assert!(matches!(e, cgt::rulesets::registry::GameError::TooLong { max: 4_000, .. }), "{e}");
    assert!(e.to_string().contains("longer than 4000 characters"), "{e}");
}

/// One row registers a ruleset: names are unique, and each row's session
/// is of that row's ruleset (its example parses as it).
#[test]
fn each_row_opens_its_own_ruleset() {
    let mut names: Vec<&str> = RULESETS.iter().map(|r| r.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), RULESETS.len(), "a name registered twice");
    for info in RULESETS {
        let s = session(info.name, info.example, 10_000).unwrap_or_else(|e| panic!("{}: {e}", info.name));
        assert_eq!(s.info().name, info.name);
    }
    assert!(session("no-such-game", "", 10).is_err());
}
