//! The recorded corpus of `cgt` answers (`tests/data/corpus.json`, written by
//! `scripts/record-cli-corpus.py`) replayed against the binary: every row's
//! exit code, stdout (and, where recorded, stderr and written files) must be
//! what was recorded, so a refactor of the CLI can be shown not to change its
//! answers.
//!
//! Text is compared exactly. Output that was recorded as JSON (one object, or
//! JSON Lines in batch mode) is compared parsed, under the contract's rule that
//! fields may be added but none changed or removed: every recorded key must be
//! present with the same value, recursively; arrays element by element under
//! the same rule. Timings are not compared (`mask_number_before`,
//! `ignore_keys`). Every mismatching row is reported, not only the first.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

struct Row {
    args: Vec<String>,
    stdin: Option<String>,
    exit: i32,
    stdout: String,
    stderr: Option<String>,
    files: Vec<(String, String)>,
    mask_number_before: Vec<String>,
    ignore_keys: Vec<String>,
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v.get(key).and_then(Value::as_array).map(|a| a.iter().map(|s| s.as_str().expect("a string").to_string()).collect()).unwrap_or_default()
}

fn load() -> Vec<Row> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rows: Vec<Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    rows.iter()
        .map(|r| Row {
            args: strings(r, "args"),
            stdin: r.get("stdin").and_then(Value::as_str).map(str::to_string),
            exit: r["exit"].as_i64().expect("exit") as i32,
            stdout: r["stdout"].as_str().expect("stdout").to_string(),
            stderr: r.get("stderr").and_then(Value::as_str).map(str::to_string),
            files: r
                .get("files")
                .and_then(Value::as_object)
                .map(|m| m.iter().map(|(k, v)| (k.clone(), v.as_str().expect("file text").to_string())).collect())
                .unwrap_or_default(),
            mask_number_before: strings(r, "mask_number_before"),
            ignore_keys: strings(r, "ignore_keys"),
        })
        .collect()
}

struct Outcome {
    exit: i32,
    stdout: String,
    stderr: String,
    files: Vec<(String, Option<String>)>,
}

/// Runs one row in its own empty directory (rows may write files there).
fn run(row: &Row, dir: &Path) -> Outcome {
    std::fs::create_dir_all(dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(&row.args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cgt");
    // The recorder fed an empty stdin when the row has none: the same here.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(row.stdin.as_deref().unwrap_or("").as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let files = row.files.iter().map(|(name, _)| (name.clone(), std::fs::read_to_string(dir.join(name)).ok())).collect();
    Outcome {
        exit: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        files,
    }
}

/// The text with the number just before each literal replaced by `#` (the
/// recorder's masking of timings, e.g. `0.03 ms)` -> `# ms)`).
fn mask(text: &str, literals: &[String]) -> String {
    let mut text = text.to_string();
    for lit in literals {
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find(lit.as_str()) {
            let head = &rest[..at];
            let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.').len();
            out.push_str(&head[..head.len() - digits]);
            if digits > 0 {
                out.push('#');
            }
            out.push_str(lit);
            rest = &rest[at + lit.len()..];
        }
        out.push_str(rest);
        text = out;
    }
    text
}

/// The recorded output as JSON values, one per line, when every non-empty
/// line is a JSON object; otherwise `None` (text).
fn json_lines(text: &str) -> Option<Vec<Value>> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return None;
    }
    lines.iter().map(|l| serde_json::from_str::<Value>(l).ok().filter(Value::is_object)).collect()
}

/// The first place where `got` breaks "every recorded key present with the
/// same value" (arrays element-wise under the same rule), ignoring `ignore`d
/// keys: `Some(path: expected ..., got ...)`, or `None` when it holds.
fn json_mismatch(want: &Value, got: &Value, ignore: &[String], path: &str) -> Option<String> {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => w.iter().filter(|(k, _)| !ignore.contains(k)).find_map(|(k, wv)| {
            let p = format!("{path}.{k}");
            match g.get(k) {
                None => Some(format!("{p}: missing (expected {wv})")),
                Some(gv) => json_mismatch(wv, gv, ignore, &p),
            }
        }),
        (Value::Array(w), Value::Array(g)) => {
            if w.len() != g.len() {
                return Some(format!("{path}: expected {} elements, got {}", w.len(), g.len()));
            }
            w.iter().zip(g).enumerate().find_map(|(i, (wv, gv))| json_mismatch(wv, gv, ignore, &format!("{path}[{i}]")))
        }
        _ if want == got => None,
        _ => Some(format!("{}: expected {want}, got {got}", if path.is_empty() { "(top)" } else { path })),
    }
}

/// The first differing line of two texts, numbered from 1.
fn first_text_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.split('\n').collect(), got.split('\n').collect());
    for i in 0..w.len().max(g.len()) {
        let (a, b) = (w.get(i), g.get(i));
        if a != b {
            let show = |l: Option<&&str>| l.map_or("(no line)".to_string(), |l| format!("{l:?}"));
            return format!("line {}: expected {}, got {}", i + 1, show(a), show(b));
        }
    }
    "no line differs".to_string()
}

/// Why `got` is not what `row` recorded (empty when it is).
fn check(row: &Row, got: &Outcome) -> Vec<String> {
    let mut why = Vec::new();
    if got.exit != row.exit {
        why.push(format!("exit: expected {}, got {} (stderr: {:?})", row.exit, got.exit, got.stderr));
    }
    let stdout = mask(&got.stdout, &row.mask_number_before);
    match json_lines(&row.stdout) {
        Some(want) => {
            let lines: Vec<&str> = stdout.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() != want.len() {
                why.push(format!("stdout: expected {} JSON lines, got {}: {}", want.len(), lines.len(), first_text_difference(&row.stdout, &stdout)));
            } else {
                for (i, (w, l)) in want.iter().zip(lines).enumerate() {
                    match serde_json::from_str::<Value>(l) {
                        Err(e) => why.push(format!("stdout line {}: not JSON ({e}): {l:?}", i + 1)),
                        Ok(g) => {
                            if let Some(m) = json_mismatch(w, &g, &row.ignore_keys, "") {
                                why.push(format!("stdout line {}: {m}", i + 1));
                            }
                        }
                    }
                }
            }
        }
        None => {
            if stdout != row.stdout {
                why.push(format!("stdout: {}", first_text_difference(&row.stdout, &stdout)));
            }
        }
    }
    if let Some(want) = &row.stderr {
        if &got.stderr != want {
            why.push(format!("stderr: {}", first_text_difference(want, &got.stderr)));
        }
    }
    for ((name, want), (_, got)) in row.files.iter().zip(&got.files) {
        match got {
            None => why.push(format!("file {name}: not written")),
            Some(g) if g != want => why.push(format!("file {name}: {}", first_text_difference(want, g))),
            Some(_) => {}
        }
    }
    why
}

fn scratch() -> PathBuf {
    std::env::temp_dir().join(format!("cgt-cli-corpus-{}", std::process::id()))
}

#[test]
fn corpus_answers_unchanged() {
    let rows = load();
    assert!(rows.len() >= 100, "the corpus has only {} rows", rows.len());
    let base = scratch();
    let mut failures = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let got = run(row, &base.join(i.to_string()));
        let why = check(row, &got);
        if !why.is_empty() {
            failures.push(format!("row {i}: cgt {:?}\n    {}", row.args, why.join("\n    ")));
        }
    }
    std::fs::remove_dir_all(&base).ok();
    assert!(
        failures.is_empty(),
        "{} of {} corpus rows differ from the recording (tests/data/corpus.json):\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// The comparison rules themselves: a field may be added, none changed or
/// removed; text must match exactly; timings are masked.
#[test]
fn comparison_rules() {
    let w: Value = serde_json::from_str(r#"{"a":"1","b":{"c":[1,{"d":2}]},"ms":null}"#).unwrap();
    let ms = ["ms".to_string()];
    let added: Value = serde_json::from_str(r#"{"a":"1","b":{"c":[1,{"d":2,"e":3}],"f":0},"ms":4.5}"#).unwrap();
    assert_eq!(json_mismatch(&w, &added, &ms, ""), None);
    let changed: Value = serde_json::from_str(r#"{"a":"1","b":{"c":[1,{"d":3}]},"ms":0}"#).unwrap();
    assert_eq!(json_mismatch(&w, &changed, &ms, "").as_deref(), Some(".b.c[1].d: expected 2, got 3"));
    let removed: Value = serde_json::from_str(r#"{"b":{"c":[1,{"d":2}]}}"#).unwrap();
    assert_eq!(json_mismatch(&w, &removed, &ms, "").as_deref(), Some(".a: missing (expected \"1\")"));
    let longer: Value = serde_json::from_str(r#"{"a":"1","b":{"c":[1,{"d":2},3]}}"#).unwrap();
    assert!(json_mismatch(&w, &longer, &ms, "").unwrap().contains("expected 2 elements, got 3"));
    assert_eq!(mask("6 nodes, 0.03 ms)\n4 weighings, 12 ms\n", &[" ms)".into(), " ms\n".into()]), "6 nodes, # ms)\n4 weighings, # ms\n");
    assert_eq!(first_text_difference("a\nb\n", "a\nc\n"), "line 2: expected \"b\", got \"c\"");
    assert!(json_lines("^ || *\n").is_none());
    assert!(json_lines("3\n").is_none(), "a bare number is text, not a JSON object");
    assert_eq!(json_lines("{\"a\":1}\n{\"error\":\"x\"}\n").map(|v| v.len()), Some(2));
}
