//! Game arguments that begin with `-` (`-3`, `-{4|0}`, `-*`, `-v`): the
//! contract reads them as games, clap as options.
//!
//! Before clap sees the command line, every argument of the chosen
//! subcommand that begins with `-` but is none of that subcommand's options
//! is moved, with the other positionals in their order, behind a `--`; the
//! options (with their values) stay in front, in their order. So
//! `cgt sum '{4|0}' -2 --json` reaches clap as `cgt sum --json -- '{4|0}' -2`.
//!
//! Why not clap's `allow_hyphen_values` on the positionals: on a positional
//! that takes several values (`sum`, `play-sum`, `bstar`) it makes clap read
//! every later argument as one more game, `--json` included (clap documents
//! this); and `allow_negative_numbers` covers `-3` but not `-{4|0}` or `-*`.
//! One rewrite for every subcommand keeps the rule the same everywhere.
//!
//! Left alone: `-` (stdin batch mode), `-h`, the subcommand's long options,
//! any `--name` starting with a letter (clap reports an unknown one with a
//! suggestion), the value after an option that takes one (`--at -1/2`:
//! options whose value may begin with `-` say so to clap themselves), and
//! everything after a `--` the user typed (already positional).

use clap::{Arg, Command};
use std::ffi::OsString;

/// `argv` (program name first) rewritten as above; unchanged when no game
/// argument begins with `-`, or when the subcommand takes no positionals.
pub fn negative_games_as_positionals(cmd: &mut Command, argv: Vec<OsString>) -> Vec<OsString> {
    cmd.build();
    // The leaf subcommand: `cgt eval ...`, `cgt hackenbush value ...`.
    let mut leaf: &Command = cmd;
    let mut at = 1;
    while leaf.has_subcommands() {
        match argv.get(at).and_then(|a| a.to_str()).and_then(|name| leaf.find_subcommand(name)) {
            Some(sub) => {
                leaf = sub;
                at += 1;
            }
            None => return argv,
        }
    }
    if leaf.get_positionals().next().is_none() {
        return argv;
    }
    let tail = &argv[at..];
    let (mut options, mut positionals) = (Vec::new(), Vec::new());
    let mut moved = false;
    let mut k = 0;
    while k < tail.len() {
        let a = &tail[k];
        k += 1;
        let Some(text) = a.to_str() else {
            positionals.push(a.clone());
            continue;
        };
        if text == "--" {
            positionals.extend(tail[k..].iter().cloned());
            break;
        }
        let option = if let Some(long) = text.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or_default();
            match leaf.get_arguments().find(|o| o.get_long() == Some(name)) {
                Some(o) => Some(takes_value(o) && !long.contains('=')),
                // An unknown `--name`: clap's error names it and suggests.
                None if name.starts_with(|c: char| c.is_ascii_alphabetic()) => Some(false),
                None => None,
            }
        } else if let Some(shorts) = text.strip_prefix('-').filter(|s| !s.is_empty()) {
            let known: Vec<&Arg> = shorts.chars().map_while(|c| leaf.get_arguments().find(|o| o.get_short() == Some(c))).collect();
            // An option only if every letter is one (`-h`); `-v` is a game (up).
            (known.len() == shorts.chars().count()).then(|| shorts.chars().count() == 1 && takes_value(known[0]))
        } else {
            None
        };
        match option {
            Some(with_value) => {
                options.push(a.clone());
                if with_value && k < tail.len() {
                    options.push(tail[k].clone());
                    k += 1;
                }
            }
            None => {
                moved |= text.len() > 1 && text.starts_with('-');
                positionals.push(a.clone());
            }
        }
    }
    if !moved {
        return argv;
    }
    let mut out = argv[..at].to_vec();
    out.extend(options);
    out.push("--".into());
    out.extend(positionals);
    out
}

fn takes_value(o: &Arg) -> bool {
    o.get_action().takes_values()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn rewrite(args: &[&str]) -> Vec<String> {
        let argv = std::iter::once("cgt").chain(args.iter().copied()).map(OsString::from).collect();
        negative_games_as_positionals(&mut crate::Cli::command(), argv).into_iter().skip(1).map(|a| a.into_string().unwrap()).collect()
    }

    #[test]
    fn negative_games_go_behind_a_separator() {
        assert_eq!(rewrite(&["eval", "-3"]), ["eval", "--", "-3"]);
        assert_eq!(rewrite(&["eval", "-{4|0}", "--json"]), ["eval", "--json", "--", "-{4|0}"]);
        assert_eq!(rewrite(&["eval", "--json", "-*"]), ["eval", "--json", "--", "-*"]);
        assert_eq!(rewrite(&["eval", "-v"]), ["eval", "--", "-v"]);
        assert_eq!(rewrite(&["compare", "-1", "{0|-2}"]), ["compare", "--", "-1", "{0|-2}"]);
        // Several games keep their order; options keep their values.
        assert_eq!(rewrite(&["sum", "{4|0}", "-2", "--budget", "5", "--json", "-*"]), ["sum", "--budget", "5", "--json", "--", "{4|0}", "-2", "-*"]);
        assert_eq!(rewrite(&["taxed", "-{1|0}", "--at", "-1/2", "--at=-1"]), ["taxed", "--at", "-1/2", "--at=-1", "--", "-{1|0}"]);
        assert_eq!(rewrite(&["hackenbush", "value", "-x", "--two-move"]), ["hackenbush", "value", "--two-move", "--", "-x"]);
        // A user's own `--`: what follows is positional already.
        assert_eq!(rewrite(&["sum", "-1", "--", "-2"]), ["sum", "--", "-1", "-2"]);
    }

    #[test]
    fn everything_else_is_left_alone() {
        for args in [
            &["eval", "3", "--json"][..],
            &["eval", "-"],
            &["eval", "-", "--json"],
            &["eval", "-h"],
            &["eval", "--help"],
            &["eval", "1", "--jsn"],
            &["eval", "--", "-3"],
            &["taxed", "1|0", "--at", "-1/2"],
            &["mt-search", "--heapgo", "-b5"],
            &["experiment", "table4", "-x"],
            &["-h"],
            &["help", "eval"],
            &["nonsense", "-3"],
        ] {
            assert_eq!(rewrite(args), args, "{args:?}");
        }
        // With a negative game beside them, help and unknown options stay options.
        assert_eq!(rewrite(&["eval", "-3", "-h"]), ["eval", "-h", "--", "-3"]);
        assert_eq!(rewrite(&["eval", "-3", "--jsn"]), ["eval", "--jsn", "--", "-3"]);
        // `--3` (minus minus 3) is no option name: a game.
        assert_eq!(rewrite(&["eval", "--3"]), ["eval", "--", "--3"]);
    }
}
