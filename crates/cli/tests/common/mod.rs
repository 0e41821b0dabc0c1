//! What the CLI's test files share: running the built `cgt` binary.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `cgt ARGS` with `stdin`: (exit code, stdout, stderr).
pub fn cgt(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child =
        Command::new(env!("CARGO_BIN_EXE_cgt")).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("run cgt");
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    } else {
        drop(child.stdin.take());
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Runs `cgt ARGS`, which must succeed, and parses its JSON.
pub fn json(args: &[&str]) -> Value {
    let (code, out, err) = cgt(args, None);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}
