//! Batch mode (`-`): one JSON line for every input line, in order, each
//! with the line as `input`; a blank line, a broken line or one that is not
//! UTF-8 text gets `{"input": ..., "error": ...}` and the rest go on.

mod common;

use common::cgt;
use serde_json::Value;

/// Every subcommand that reads `-`, with a line it accepts and one it
/// refuses.
const BATCH: &[(&[&str], &str, &str)] = &[
    (&["eval", "-"], "{4|0}", "{1|"),
    (&["eval", "-", "--json"], "^*", "{1|"),
    (&["thermograph", "-"], "{4|0}", "{1|"),
    (&["taxed", "-", "--at", "1"], "{4|0}", "{1|"),
    (&["algebra", "-"], "^", "{1|"),
    (&["cool", "-", "--by", "1"], "{4|0}", "{1|"),
    (&["chill", "-"], "{2|0}", "{1|"),
    (&["warm", "-"], "1", "{1|"),
    (&["heat", "-", "--by", "1"], "*", "{1|"),
    (&["overheat", "-", "--from", "1", "--by", "1"], "*", "{1|"),
    (&["norton", "-", "--by", "1"], "*", "{1|"),
    (&["sum", "-"], "{4|0} + {2|1}", "{4|0} + {1|"),
    (&["hackenbush", "value", "-"], "stalk:brr", "0-1:z"),
    (&["hackenbush", "scale", "-", "--algo", "pure", "--playouts", "10", "--iterations", "10"], "stalk:br", "0-1:z"),
    (&["hackenbush", "outcome", "-", "--algo", "pure", "--playouts", "10", "--iterations", "10"], "stalk:b", "0-0:b"),
    (&["heapgo", "-"], "b3,r1/r2", "b5,q1"),
    (&["mt-search", "--heapgo", "-", "--budget", "10"], "b3,r1/r2", "b5,q1"),
    (&["tds", "--heapgo", "-"], "b3,r1/r2", "b5,q1"),
    (&["tds", "--game", "-"], "{4|0}", "{1|"),
    (&["game", "domineering", "-"], "..|..", ".|.."),
    (&["game", "clobber", "-", "--json"], "xxo", "xq"),
    (&["compare", "-", "0"], "{4|0}", "{1|"),
    (&["compare", "^", "-"], "*", "{1|"),
    (&["compare", "-"], "{4|0} ; 2", "{4|0}"),
];

fn lines(out: &str) -> Vec<Value> {
    out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:?}"))).collect()
}

/// The answer without its timings (`ms`, `seconds`).
fn untimed(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(m) = v.as_object_mut() {
        m.remove("ms");
        m.remove("seconds");
    }
    v
}

#[test]
fn every_input_line_gets_its_answer_with_its_input() {
    for (args, good, bad) in BATCH {
        // A blank line, a whitespace line, a refused line, and a good line
        // again (no line break after the last).
        let stdin = format!("{good}\n\n   \n{bad}\n{good}");
        let (code, out, err) = cgt(args, Some(&stdin));
        assert_eq!(code, 0, "{args:?}: {err}");
        let got = lines(&out);
        assert_eq!(got.len(), 5, "{args:?}: one line per input line: {out}");
        let inputs: Vec<&str> = got.iter().map(|v| v["input"].as_str().unwrap_or_else(|| panic!("{args:?}: no input in {v}"))).collect();
        assert_eq!(inputs, [*good, "", "   ", *bad, *good], "{args:?}");
        assert!(got[0].get("error").is_none(), "{args:?}: {}", got[0]);
        for blank in &got[1..3] {
            assert!(blank["error"].as_str().unwrap().contains("blank line"), "{args:?}: {blank}");
        }
        assert!(got[3]["error"].is_string(), "{args:?}: {}", got[3]);
        assert_eq!(untimed(&got[4]), untimed(&got[0]), "{args:?}: the same line, the same answer");
    }
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_and_the_rest_go_on() {
    // Written as bytes: the harness takes text, so the process is run here.
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child =
        Command::new(env!("CARGO_BIN_EXE_cgt")).args(["eval", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"1\r\n\xff\xfe\n^\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let got = lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(got.len(), 3);
    // A Windows line break is a line break.
    assert_eq!((got[0]["input"].as_str(), got[0]["canonical"].as_str()), (Some("1"), Some("1")));
    assert!(got[1]["error"].as_str().unwrap().contains("not UTF-8"), "{}", got[1]);
    assert_eq!(got[2]["canonical"], "^");
}

#[test]
fn compare_batch_forms() {
    let (code, out, _) = cgt(&["compare", "-"], Some("{4|0} ; 2\n^ ; *\n1;1\nnope\n{1| ; 0\n"));
    assert_eq!(code, 0);
    let got = lines(&out);
    assert_eq!(got.len(), 5);
    assert_eq!((got[0]["relation"].as_str(), got[0]["left"].as_str(), got[0]["right"].as_str()), (Some("||"), Some("{4|0}"), Some("2")));
    assert_eq!((got[1]["relation"].as_str(), got[1]["infinitesimally_close"].as_bool()), (Some("||"), Some(true)));
    assert_eq!(got[2]["relation"], "=");
    assert!(got[3]["error"].as_str().unwrap().contains("';'"), "{}", got[3]);
    assert!(got[4]["error"].as_str().unwrap().contains("column"), "{}", got[4]);
    // `- -` is the same as `-`; a fixed game on either side.
    let (_, same, _) = cgt(&["compare", "-", "-"], Some("{4|0} ; 2\n"));
    assert_eq!(lines(&same)[0], got[0]);
    let (_, out, _) = cgt(&["compare", "-", "0"], Some("1\n-1\n"));
    let rel: Vec<Value> = lines(&out).iter().map(|v| v["relation"].clone()).collect();
    assert_eq!(rel, [">", "<"]);
    let (_, out, _) = cgt(&["compare", "-1", "-"], Some("0\n-2\n"));
    let rel: Vec<Value> = lines(&out).iter().map(|v| v["relation"].clone()).collect();
    assert_eq!(rel, ["<", ">"]);
    // One game and no '-': a message, exit 2.
    let (code, _, err) = cgt(&["compare", "1"], None);
    assert_eq!(code, 2);
    assert!(err.contains("two games"), "{err}");
}
