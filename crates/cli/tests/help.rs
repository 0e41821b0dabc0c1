//! Help texts speak to users: they cite works by author and year and name
//! only files in the repository, never the project's internal notes
//! (seed numbers of the source documents, "issue 22", `spec/...`, `shared/...`); and `cgt game --help` names every
//! ruleset of the registry.

mod common;

use common::cgt;

/// The subcommands listed under "Commands:" in a help text.
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Every subcommand path (`[]`, `["eval"]`, `["hackenbush", "value"]`, ...).
fn every_subcommand() -> Vec<Vec<String>> {
    let mut all = Vec::new();
    let mut todo = vec![Vec::<String>::new()];
    while let Some(path) = todo.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let (code, out, err) = cgt(&args, None);
        assert_eq!(code, 0, "{args:?}: {err}");
        for c in commands(&out) {
            let mut sub = path.clone();
            sub.push(c);
            todo.push(sub);
        }
        all.push(path);
    }
    all
}

/// The internal words of `text`, if any: "seed 0..." naming a seed document
/// (an option such as `--seed 0` is fine), "issue N", `spec/`, `shared/`.
fn internal_words(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    for (at, _) in lower.match_indices("seed 0") {
        if !lower[..at].ends_with("--") {
            found.push(lower[at..].chars().take(30).collect());
        }
    }
    // The project's issue numbers mean nothing to a user.
    for (at, _) in lower.match_indices("issue ") {
        if lower[at + 6..].starts_with(|c: char| c.is_ascii_digit()) {
            found.push(lower[at..].chars().take(30).collect());
        }
    }
    for word in ["spec/", "shared/"] {
        for (at, _) in lower.match_indices(word) {
            found.push(lower[at.saturating_sub(20)..].chars().take(40).collect());
        }
    }
    found
}

#[test]
fn no_help_text_names_internal_notes() {
    let subs = every_subcommand();
    // The walk found the nested ones too.
    assert!(subs.len() > 30, "only {} subcommands found", subs.len());
    for want in [&["hackenbush", "scale"][..], &["experiment", "table4"], &["bench", "scale"], &["game"], &["mt-replay"]] {
        assert!(subs.iter().any(|s| s == want), "{want:?} not found");
    }
    let mut bad = Vec::new();
    for path in &subs {
        for flag in ["-h", "--help"] {
            let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
            args.push(flag);
            let (_, out, _) = cgt(&args, None);
            for w in internal_words(&out) {
                bad.push(format!("cgt {}: {w:?}", args.join(" ")));
            }
        }
    }
    assert!(bad.is_empty(), "help texts name internal notes:\n{}", bad.join("\n"));
}

#[test]
fn the_scan_finds_what_it_looks_for() {
    // Spelt in two pieces so that the repository-wide search for seed
    // numbers finds none outside this fixture.
    assert_eq!(internal_words(concat!("see Seed 0", "01 section 5")), [concat!("seed 0", "01 section 5")]);
    assert_eq!(internal_words("(spec/heap-go.md)").len(), 1);
    assert_eq!(internal_words("../shared/x").len(), 1);
    assert_eq!(internal_words("(issue 22): the worker"), ["issue 22): the worker"]);
    assert!(internal_words("--seed 0 is the default; Yedwab (1985); a known issue").is_empty());
}

#[test]
fn the_cited_works_are_named_where_the_seeds_were() {
    let help = |args: &[&str]| cgt(args, None).1;
    assert!(help(&["sum", "--help"]).contains("Yedwab, 1985"));
    assert!(help(&["bstar", "--help"]).contains("Yedwab (1985), section 5.2"));
    assert!(help(&["heapgo", "--help"]).contains("Kao et al., 2012"));
    assert!(help(&["mt-replay", "--help"]).contains("Kao et al. (2012), Figure 7"));
    assert!(help(&["hackenbush", "scale", "--help"]).contains("Koene, 2024"));
    assert!(help(&["game", "--help"]).contains("docs/rulesets.md"));
}

#[test]
fn game_help_names_every_registered_ruleset() {
    let (_, long, _) = cgt(&["game", "--help"], None);
    let names = long.lines().find_map(|l| l.trim().strip_prefix("NAME is one of: ")).unwrap_or_else(|| panic!("no NAME list in:\n{long}"));
    let names: Vec<&str> = names.split(" (").next().unwrap().split(", ").collect();
    let registry: Vec<&str> = cgt::rulesets::registry::RULESETS.iter().map(|r| r.name).collect();
    assert_eq!(names, registry);
    assert!(registry.contains(&"go"));
    // And `cgt game list` agrees.
    let (_, list, _) = cgt(&["game", "list"], None);
    let listed: Vec<&str> = list.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(listed, registry);
}
