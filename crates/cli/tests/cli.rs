//! The `cgt` binary against its contract (`spec/interfaces.md`): JSON fields,
//! exact values, batch mode, exit codes.

mod common;

use common::{cgt, json};
use serde_json::Value;

#[test]
fn eval_double_sente_acceptance() {
    let v = json(&["eval", "14|2|||-2||-14|-16", "--json"]);
    assert_eq!(v["mean"], "-1/4");
    assert_eq!(v["temperature"], "33/4");
    assert_eq!(v["left_stop"], "2");
    assert_eq!(v["right_stop"], "-2");
    assert_eq!(v["is_number"], false);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["explicit"], "{{14|2}|{-2|{-14|-16}}}");
    assert_eq!(v["thermograph"]["mast"]["t"], "33/4");
    assert_eq!(v["thermograph"]["mast"]["value"], "-1/4");
}

/// Issue 24: `sente` in Go's words, with the ambient it assumes, and the
/// ranges of cooler ambients where the answer differs (Müller's (2025) double
/// sente is a gote at its own temperature, double sente below 6).
#[test]
fn eval_sente_fields() {
    let v = json(&["eval", "14|2|||-2||-14|-16", "--json"]);
    assert_eq!(v["sente"], "gote");
    assert_eq!(v["sente_ambient"], "33/4");
    let ranges: Vec<String> = v["sente_by_ambient"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{} {} {}", r["from"].as_str().unwrap(), r["to"].as_str().unwrap(), r["sente"].as_str().unwrap()))
        .collect();
    assert_eq!(ranges, ["0 6 double_sente", "6 13/2 right_sente", "13/2 33/4 gote"]);
    assert!(v["go_words"].as_str().unwrap().starts_with("a 33/4-point gote, count -1/4"));
    let at0 = json(&["eval", "14|2|||-2||-14|-16", "--ambient", "0", "--json"]);
    assert_eq!(at0["sente"], "double_sente");
    assert_eq!(at0["sente_ambient"], "0");
    assert_eq!(json(&["eval", "9||8|0", "--json"])["sente"], "right_sente");
    assert_eq!(json(&["eval", "22|4||0", "--json"])["sente"], "left_sente");
    let cold = json(&["eval", "^*", "--json"]);
    assert_eq!(cold["sente"], "cold");
    assert_eq!(cold["sente_ambient"], Value::Null);
    // Hotter than the game: nobody plays here.
    assert_eq!(json(&["eval", "4|0", "--ambient", "3", "--json"])["sente"], "cold");
    let (code, _, err) = cgt(&["eval", "4|0", "--ambient", "hot"], None);
    assert_eq!(code, 2);
    assert!(err.contains("\"hot\""), "{err}");
}

#[test]
fn canonical_and_compare_acceptance() {
    assert_eq!(json(&["eval", "{0,*|0}", "--json"])["canonical"], "^*");
    assert_eq!(json(&["eval", "{1|1}", "--json"])["canonical"], "1*");
    let v = json(&["eval", "{2 ||| 0, 1||-2|-4}", "--json"]);
    assert_eq!(v["canonical_explicit"], "{2|0, {1|{-2|-4}}}");
    assert_eq!(json(&["eval", "{{2|1}, 0|-1}", "--json"])["canonical_explicit"], "{{2|1}|-1}");
    assert_eq!(json(&["eval", "{5|-5} + {5|-5}", "--json"])["canonical"], "0");
    let v = json(&["compare", "{0|*}", "0", "--json"]);
    assert_eq!(v["relation"], ">");
    assert_eq!(json(&["compare", "*", "0", "--json"])["relation"], "||");
    assert_eq!(json(&["compare", "{*|*}", "0", "--json"])["relation"], "=");
    assert_eq!(json(&["compare", "v", "^", "--json"])["relation"], "<");
    let (code, _, err) = cgt(&["compare", "1/3", "0"], None);
    assert_eq!(code, 2);
    assert!(err.contains("dyadic"), "{err}");
    // Non-dyadic leaves still get a thermograph, with the reason there is no canonical form.
    let v = json(&["eval", "{1/3|0}", "--json"]);
    assert_eq!(v["mean"], "1/6");
    assert!(v["canonical_error"].as_str().unwrap().contains("dyadic"));
}

#[test]
fn huge_integers_exact() {
    let v = json(&["eval", "{9223372036854775807|-9223372036854775807}", "--json"]);
    assert_eq!(v["mean"], "0");
    assert_eq!(v["temperature"], "9223372036854775807");
    let big = "1".repeat(60);
    let v = json(&["eval", &format!("{{{big}|-{big}}} + {{{big}|-{big}}}"), "--json"]);
    assert_eq!(v["is_number"], true);
    assert_eq!(v["number"], "0");
    assert_eq!(v["temperature"], "-1");
    let v = json(&["eval", &format!("{{{big}0|1}}"), "--json"]);
    assert_eq!(v["left_stop"], format!("{big}0"));
    // ({big}0 + 1) / 2 = 111...1 (61 ones) / 2
    assert_eq!(v["mean"], format!("{}/2", "1".repeat(61)));
}

#[test]
fn thermograph_walls_from_minus_one_to_mast() {
    let v = json(&["thermograph", "{{-2|-4}|-7}", "--json"]);
    let lw: Vec<Vec<String>> = serde_json::from_value(v["left_wall"].clone()).unwrap();
    let rw: Vec<Vec<String>> = serde_json::from_value(v["right_wall"].clone()).unwrap();
    assert_eq!(lw, [["-1", "-4"], ["1", "-4"], ["2", "-5"]]);
    assert_eq!(rw, [["-1", "-8"], ["2", "-5"]]);
    assert_eq!(v["mast"]["t"], "2");
    assert_eq!(v["mast"]["value"], "-5");
    let v = json(&["thermograph", "5", "--json"]);
    assert_eq!(v["left_wall"], serde_json::json!([["-1", "5"]]));
}

#[test]
fn taxed_values() {
    let v = json(&["taxed", "{{5|-5}|-20}", "--at", "0", "--at", "6", "--at", "-1/2", "--json"]);
    let rows = v["taxed"].as_array().unwrap();
    assert_eq!(rows[1]["tVL"], "-6");
    assert_eq!(rows[1]["tVR"], "-14");
    assert_eq!(rows[2]["tVR"], "-41/2");
}

#[test]
fn bad_input_exit_2_with_column() {
    let (code, out, err) = cgt(&["eval", "{1|2", "--json"], None);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("column 5"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let (code, _, err) = cgt(&["eval", &format!("{}0{}", "{".repeat(20_000), "|}".repeat(20_000))], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("nested too deeply"), "{err}");
    let (code, _, err) = cgt(&["taxed", "1|0", "--at", "x"], None);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn batch_mode_json_lines() {
    let (code, out, err) = cgt(&["eval", "-"], Some("4|0\n{1|\n\n^*\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // One line per input line, the blank one too, each with its input.
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["mean"], "2");
    assert!(lines[1]["error"].as_str().unwrap().contains("column 4"));
    assert_eq!((lines[2]["input"].as_str(), lines[2]["error"].as_str()), (Some(""), Some("blank line: nothing to read")));
    assert_eq!(lines[3]["outcome"], "N");
    assert_eq!(lines[3]["explicit"], "{0, {0|0}|0}");
    assert_eq!(lines.iter().map(|v| v["input"].as_str().unwrap()).collect::<Vec<_>>(), ["4|0", "{1|", "", "^*"]);
}

#[test]
fn svg_export() {
    let dir = std::env::temp_dir().join(format!("cgt-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("g.svg");
    let (code, _, err) = cgt(&["thermograph", "4|0", "--svg", f.to_str().unwrap()], None);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&f).unwrap();
    assert!(svg.starts_with("<svg") || svg.contains("<svg"), "not an SVG");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_on_every_subcommand() {
    for sub in [
        "eval",
        "thermograph",
        "taxed",
        "compare",
        "sum",
        "play-sum",
        "bstar",
        "heapgo",
        "mt-replay",
        "mt-search",
        "tds",
        "hackenbush",
        "experiment",
        "bench",
        "game",
        "algebra",
    ] {
        let (code, out, _) = cgt(&[sub, "--help"], None);
        assert_eq!(code, 0);
        assert!(out.contains("Usage"), "{sub}");
    }
}

#[test]
fn huge_canonical_texts_are_not_printed() {
    // *64's explicit form is astronomically long; its name is three characters.
    let v = json(&["eval", "*64", "--json"]);
    assert_eq!(v["canonical"], "*64");
    assert!(v["canonical_explicit"].is_null());
    assert_eq!(v["canonical_explicit_length"], format!("more than {}", u64::MAX));
    assert_eq!(v["birthday"], "64");
    assert_eq!(json(&["eval", "*64 + ^3 + {1|1}", "--json"])["canonical"], "1^3*65");
    assert_eq!(json(&["compare", "^256", "^255 + ^", "--json"])["relation"], "=");
}

#[test]
fn hackenbush_value() {
    let v = json(&["hackenbush", "value", "stalk:br stalk:rb", "--json"]);
    assert_eq!(v["value"], "0");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["components"][0]["value"], "1/2");
    assert_eq!(v["components"][1]["value"], "-1/2");
    let v = json(&["hackenbush", "value", "0-1:b 1-2:r 1-3:g", "--json"]);
    assert_eq!(v["value"], "1/2*");
    // Two-Move Hackenbush is not additive: two blue edges are 1, one is 0.
    assert_eq!(json(&["hackenbush", "value", "0-1:b 0-2:b", "--two-move", "--json"])["value"], "1");
    assert_eq!(json(&["hackenbush", "value", "0-1:b", "--two-move", "--json"])["value"], "0");
    let (code, _, err) = cgt(&["hackenbush", "value", "0-1:b 2-2:r"], None);
    assert_eq!(code, 2);
    assert!(err.contains("edge 2 (`2-2:r`)"), "{err}");
    let (code, out, _) = cgt(&["hackenbush", "value", "-"], Some("stalk:brr\n0-1:z\nstalk:ggg\n"));
    assert_eq!(code, 0);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["value"], "1/4");
    assert!(lines[1]["error"].as_str().unwrap().contains("colour"));
    assert_eq!(lines[2]["value"], "*3");
}

#[test]
fn hackenbush_scale_and_outcome() {
    // interfaces.md: estimate, classes, win_rates, weighing_stalk, failed.
    let args = ["hackenbush", "scale", "stalk:brr", "--algo", "uct", "--playouts", "20", "--iterations", "100", "--seed", "3", "--json"];
    let v = json(&args);
    assert_eq!(v["estimate"], "1/4");
    assert_eq!(v["failed"], false);
    assert_eq!(v["classes"], serde_json::json!(["L", "R", "R", "P"]));
    assert_eq!(v["weighing_stalk"], "rbb");
    assert_eq!(v["win_rates"].as_array().unwrap().len(), 4);
    assert_eq!(json(&args)["classes"], v["classes"], "seeded");
    // outcome, win_rates (Two-Move: two blue edges are 1, an L position).
    let v = json(&["hackenbush", "outcome", "0-1:b 0-2:b", "--two-move", "--algo", "pure", "--playouts", "50", "--iterations", "50", "--seed", "1", "--json"]);
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["win_rates"], serde_json::json!([1.0, 0.0]));
    let (code, _, err) = cgt(&["hackenbush", "scale", "stalk:br", "--algo", "mcts"], None);
    assert_eq!(code, 2);
    assert!(err.contains("pure"), "{err}");
    let (code, _, err) = cgt(&["hackenbush", "scale", "stalk:br", "--margin", "0.7"], None);
    assert_eq!(code, 2);
    assert!(err.contains("margin"), "{err}");
}

#[test]
fn compare_adds_sums_canonically() {
    // 24 switches: the raw sum tree would have 3^24 positions.
    let sum: Vec<String> = (1..=24).map(|k| format!("+-{k}")).collect();
    let v = json(&["compare", &sum.join(" + "), &format!("{} + 0", sum.join(" + ")), "--json"]);
    assert_eq!(v["relation"], "=");
    let (code, _, err) = cgt(&["compare", "{0|*", "0"], None);
    assert_eq!(code, 2);
    assert!(err.contains("column 5"), "{err}");
}

#[test]
fn heapgo_exact_analysis() {
    // The spec's example: a blue heap [5, 5] is {10 | {0 | -10}}.
    let v = json(&["heapgo", "b5,b5", "--json"]);
    assert_eq!((v["mean"].as_str(), v["temperature"].as_str()), (Some("5/2"), Some("15/2")));
    assert_eq!((v["left_stop"].as_str(), v["right_stop"].as_str()), (Some("10"), Some("0")));
    assert_eq!(v["terminals"], "3");
    assert!(v["thermograph"]["left_wall"].is_array());
    // Table 4: any 2,2,2 sum has 1,158 terminal nodes.
    assert_eq!(json(&["heapgo", "b3,r1/r4,r2/b7,b1", "--json"])["terminals"], "1158");
    let (code, _, err) = cgt(&["heapgo", "b5/r3,q2"], None);
    assert_eq!(code, 2);
    assert!(err.contains("heap 2, counter 2 (`q2`)"), "{err}");
    let (code, out, _) = cgt(&["heapgo", "-"], Some("b1/r1\nb0\n"));
    assert_eq!(code, 0);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["terminals"], "8");
    assert!(lines[1]["error"].as_str().unwrap().contains("positive weight"));
}

#[test]
fn mt_replay_figure_7() {
    let steps = ["L1R1L1=8", "R1L1=-2", "R2L1=2", "R1R1L1=-10", "L2R1=-2", "L1L1=16", "R1R1R1=-16", "L1R1R1=2"];
    let mut args = vec!["mt-replay"];
    args.extend(steps);
    args.push("--json");
    let v = json(&args);
    let got: Vec<(String, String)> =
        v["steps"].as_array().unwrap().iter().map(|s| (format!("[{}, {}]", s["m"][0], s["m"][1]), format!("[{}, {}]", s["t"][0], s["t"][1]))).collect();
    let want = [
        ("-INF", "8", "0", "INF"),
        ("-2", "8", "5", "INF"),
        ("-2", "8", "5", "INF"),
        ("-1", "8", "7", "INF"),
        ("-1", "8", "7", "INF"),
        ("-1", "3", "7", "11"),
        ("1/4", "9/4", "31/4", "10"),
        ("3/2", "3/2", "9", "9"),
    ];
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.0, format!("[\"{}\", \"{}\"]", w.0, w.1), "row {}", i + 1);
        assert_eq!(g.1, format!("[\"{}\", \"{}\"]", w.2, w.3), "row {}", i + 1);
    }
    // A first child that does not exist: that side is empty, no phantom.
    let v = json(&["mt-replay", "L1=3", "R1=NOT_EXISTS", "--json"]);
    // {3 | } is the number 4.
    assert_eq!(v["steps"][1]["m"], serde_json::json!(["4", "4"]));
    let (code, _, err) = cgt(&["mt-replay", "L1=3", "L1R1=2"], None);
    assert_eq!(code, 2);
    assert!(err.contains("`L1` is a terminal"), "{err}");
}

#[test]
fn table_4_experiment() {
    let v = json(&["experiment", "table4", "--samples", "20", "--class", "2,2,2", "--class", "3,3", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows[0]["heaps"], "2,2,2");
    assert_eq!(rows[0]["T"], 1158.0);
    assert_eq!(rows[0]["T_paper"], 1158);
    assert!(rows[1]["t_avg"].as_f64().unwrap() > 5.0);
    // Same seed, same numbers.
    let again = json(&["experiment", "table4", "--samples", "20", "--class", "3,3", "--json"]);
    assert_eq!(again["rows"][0], rows[1]);
    let (code, _, err) = cgt(&["experiment", "table4", "--class", "9,9"], None);
    assert_eq!(code, 2);
    assert!(err.contains("expected one of"), "{err}");
}

#[test]
fn mt_search_contract() {
    let args = ["mt-search", "--heapgo", "b5,r3,b2/r7,b1/b4,r6", "--budget", "20", "--seed", "1", "--json"];
    let v = json(&args);
    for k in ["m", "t", "estimate", "nodes", "exact_mean", "exact_temperature"] {
        assert!(v.get(k).is_some(), "field {k} in {v}");
    }
    assert_eq!(v["nodes"], 20);
    assert_eq!((v["exact_mean"].as_str(), v["exact_temperature"].as_str()), (Some("7/2"), Some("15/2")));
    assert_eq!(json(&args), v, "same seed, same run");
    // Run to the end: the bounds are the exact values.
    let all = json(&["mt-search", "--heapgo", "b5,r3,b2/r7,b1/b4,r6", "--budget", "100000", "--json"]);
    assert_eq!(all["solved"], true);
    assert_eq!(all["m"], serde_json::json!(["7/2", "7/2"]));
    assert_eq!(all["t"], serde_json::json!(["15/2", "15/2"]));
    assert_eq!(all["estimate"]["temperature"], "15/2");
    let (code, _, err) = cgt(&["mt-search", "--heapgo", "b5,q1"], None);
    assert_eq!(code, 2);
    assert!(err.contains("heaps"), "{err}");
    let (code, _, err) = cgt(&["mt-search", "--heapgo", "b5", "--order", "sideways"], None);
    assert_eq!(code, 2);
    assert!(err.contains("order"), "{err}");
}

#[test]
fn tds_contract() {
    // TDS's temperature and mean are the exact ones (`cgt heapgo` solves
    // the sum independently); the JSON has the contract's keys.
    for heaps in ["b5,r3,b2/r7,b1/b4,r6", "b3,r1/r4,r2/b7,b1", "r9,b2,b6/b1,r8/r3,b10,b2"] {
        let v = json(&["tds", "--heapgo", heaps, "--json"]);
        for k in ["temperature", "mean", "nodes", "exact", "positions", "m", "t", "delta", "top", "seconds"] {
            assert!(v.get(k).is_some(), "field {k} in {v}");
        }
        let exact = json(&["heapgo", heaps, "--json"]);
        assert_eq!(v["exact"], true, "{v}");
        assert_eq!(v["temperature"], exact["temperature"], "{heaps}: {v}");
        assert_eq!(v["mean"], exact["mean"], "{heaps}: {v}");
        assert_eq!((&v["exact_temperature"], &v["exact_mean"]), (&exact["temperature"], &exact["mean"]));
        assert!(v["nodes"].as_u64().unwrap() > 0);
    }
    let v = json(&["tds", "--heapgo", "b5,r3,b2/r7,b1/b4,r6", "--json"]);
    assert_eq!((v["mean"].as_str(), v["temperature"].as_str()), (Some("7/2"), Some("15/2")));
    // Same input, same search (the time aside).
    let again = json(&["tds", "--heapgo", "b5,r3,b2/r7,b1/b4,r6", "--json"]);
    assert_eq!((&again["nodes"], &again["positions"]), (&v["nodes"], &v["positions"]));
    // A budget too small: not exact, at most the budget.
    let small = json(&["tds", "--heapgo", "b5,r3,b2/r7,b1/b4,r6", "--budget", "500", "--json"]);
    assert_eq!(small["exact"], false);
    assert!(small["nodes"].as_u64().unwrap() <= 500);
    assert_eq!(small["stopped"], "the node budget ran out");
    // A typed game (beside its thermograph), verified with half the spacing.
    let g = json(&["tds", "--game", "{4|0} + {{10|-3}|-5}", "--verify", "--json"]);
    assert_eq!((g["mean"].as_str(), g["temperature"].as_str(), &g["exact"]), (Some("-1"), Some("2"), &Value::Bool(true)));
    assert_eq!((g["exact_mean"].as_str(), g["exact_temperature"].as_str()), (Some("-1"), Some("2")));
    let (code, out, _) = cgt(&["tds", "--game", "{{4|2}|-2}"], None);
    assert_eq!(code, 0);
    assert!(out.contains("mean:        1/2\ntemperature: 5/2\n"), "{out}");
    // Bad input: exit 2 with the reason.
    for (args, want) in [
        (&["tds", "--heapgo", "b5,q1"][..], "heaps"),
        (&["tds", "--heapgo", "-b5"], "heaps \"-b5\""),
        (&["tds", "--heapgo", "b5", "--delta", "0"], "coupon spacing 0"),
        (&["tds", "--heapgo", "b5", "--delta", "x"], "delta"),
        (&["tds", "--game", "{3|"], "game"),
        (&["tds"], "--heapgo"),
    ] {
        let (code, _, err) = cgt(args, None);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn mt_error_experiment_runs_and_is_seeded() {
    let args = ["experiment", "mt-error", "--samples", "4", "--class", "3,3", "--order", "temperature", "--json"];
    let (code, out, err) = cgt(&args, None);
    assert_eq!(code, 0, "{err}");
    let row: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(row["heaps"], "3,3");
    assert_eq!(row["se"].as_array().unwrap().len(), 6);
    assert_eq!(row["se_paper"][0], 0.92);
    assert_eq!(cgt(&args, None).1, out, "same seed, same table");
}

/// Issue 21: `mt-error --shard K/N` run as N independent jobs and joined by
/// `experiment merge` prints what one run prints, byte for byte (JSON and
/// text), whatever the threads; a missing, repeated or foreign shard is
/// refused by name.
#[test]
fn sharded_mt_error_merges_to_the_single_run() {
    let base = ["experiment", "mt-error", "--samples", "7", "--class", "3,3", "--class", "2,2,1,1", "--order", "both"];
    let dir = std::env::temp_dir().join(format!("cgt-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for json_flag in [true, false] {
        let mut single: Vec<&str> = base.to_vec();
        single.extend(["--threads", "1"]);
        if json_flag {
            single.push("--json");
        }
        let (code, whole, err) = cgt(&single, None);
        assert_eq!(code, 0, "{err}");
        assert_eq!(whole.lines().count(), 6, "{whole}");
        let mut files = Vec::new();
        for k in 1..=4 {
            let shard = format!("{k}/4");
            let mut args: Vec<&str> = base.to_vec();
            args.extend(["--shard", &shard, "--threads", "2"]);
            let (code, out, err) = cgt(&args, None);
            assert_eq!(code, 0, "{err}");
            let f = dir.join(format!("shard-{k}.jsonl"));
            std::fs::write(&f, out).unwrap();
            files.push(f.to_string_lossy().to_string());
        }
        // Any order of the files.
        files.reverse();
        let mut merge: Vec<&str> = vec!["experiment", "merge"];
        merge.extend(files.iter().map(String::as_str));
        if json_flag {
            merge.push("--json");
        }
        let (code, merged, err) = cgt(&merge, None);
        assert_eq!(code, 0, "{err}");
        assert_eq!(merged, whole, "merged shards = one run");
        // Three of four shards: refused, naming the missing one.
        let (code, _, err) = cgt(&merge[..5], None);
        assert_eq!(code, 2);
        assert!(err.contains("shard 1/4 is missing") || err.contains("is missing"), "{err}");
        // With --partial: the tables over what is there. All four give the
        // single run's; shards 2-4 hold 5 of the 7 samples (1, 2, 3, 5, 6).
        let mut all = merge.clone();
        all.push("--partial");
        assert_eq!(cgt(&all, None).1, whole, "a partial merge of every shard = one run");
        if json_flag {
            let three: Vec<&str> = merge[..5].iter().copied().chain(["--json", "--partial"]).collect();
            let (code, out, err) = cgt(&three, None);
            assert_eq!(code, 0, "{err}");
            let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            assert_eq!(rows.len(), 6, "{out}");
            assert!(rows.iter().filter(|r| r["heaps"] != "average").all(|r| r["samples"] == 5), "{out}");
            assert_ne!(out, whole);
        }
        // A shard twice.
        let mut twice = merge.clone();
        twice[2] = files[1].as_str();
        let (code, _, err) = cgt(&twice, None);
        assert_eq!(code, 2);
        assert!(err.contains("twice"), "{err}");
    }
    // A shard of other settings.
    let (code, other, _) = cgt(&["experiment", "mt-error", "--samples", "7", "--class", "3,3", "--order", "both", "--shard", "1/2"], None);
    assert_eq!(code, 0);
    let f = dir.join("other.jsonl");
    std::fs::write(&f, other).unwrap();
    let g = dir.join("shard-2.jsonl");
    let (code, _, err) = cgt(&["experiment", "merge", &f.to_string_lossy(), &g.to_string_lossy()], None);
    assert_eq!(code, 2);
    assert!(err.contains("settings differ"), "{err}");
    // A shard of the same flags written by another engine (here: one from
    // before shard headers carried the engine's fingerprint) is refused.
    let text = std::fs::read_to_string(&g).unwrap();
    let (head, rest) = text.split_once('\n').unwrap();
    let mut h: serde_json::Value = serde_json::from_str(head).unwrap();
    let print = h["engine"].as_str().unwrap().to_string();
    assert_eq!(print.len(), 16, "{head}");
    h.as_object_mut().unwrap().remove("engine");
    let old = dir.join("old-engine.jsonl");
    std::fs::write(&old, format!("{h}\n{rest}")).unwrap();
    let mut args: Vec<String> = ["experiment", "merge"].map(String::from).to_vec();
    args.extend([1, 3, 4].map(|k| dir.join(format!("shard-{k}.jsonl")).to_string_lossy().to_string()));
    args.push(old.to_string_lossy().to_string());
    let (code, _, err) = cgt(&args.iter().map(String::as_str).collect::<Vec<_>>(), None);
    assert_eq!(code, 2);
    assert!(err.contains("another engine") && err.contains(&print) && err.contains("before 2026-11-28"), "{err}");
    // Flags that change the engine change its fingerprint too.
    let (_, stale_off, _) = cgt(&["experiment", "mt-error", "--samples", "1", "--class", "3,3", "--stale", "off", "--shard", "1/1"], None);
    let h2: serde_json::Value = serde_json::from_str(stale_off.lines().next().unwrap()).unwrap();
    assert_eq!(h2["variant"]["stale"], "off");
    let print2 = h2["engine"].as_str().unwrap();
    assert_eq!(print2.len(), 16, "{stale_off}");
    assert_ne!(print2, print, "{stale_off}");
    let (code, _, err) = cgt(&["experiment", "mt-error", "--shard", "5/4"], None);
    assert_eq!(code, 2);
    assert!(err.contains("K/N"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 21: TDS beside MT-search on the sums of Kao et al. (2012): TDS run to the end
/// finds every exact temperature and mean.
#[test]
fn tds_vs_mt_experiment() {
    let v = json(&["experiment", "tds-vs-mt", "--samples", "3", "--class", "3,3", "--json"]);
    assert_eq!(v["heaps"], "3,3");
    assert_eq!(v["tds_exact_right"], 3);
    assert_eq!(v["mt_se"].as_array().unwrap().len(), 6);
    assert!(v["tds_nodes_to_exact"].as_f64().unwrap() > 0.0);
    let (code, _, err) = cgt(&["experiment", "tds-vs-mt", "--order", "sideways"], None);
    assert_eq!(code, 2);
    assert!(err.contains("order"), "{err}");
}

/// `cgt sum` per interfaces.md (Müller's (2025) greedy counterexample and
/// Yedwab's (1985) B* example), `cgt play-sum` and `cgt bstar`.
#[test]
fn sums_of_games() {
    let v = json(&["sum", "{4|0}", "{{10|-3}|-5}", "--json"]);
    assert_eq!(v["VL"], "1");
    assert_eq!(v["VR"], "-3");
    assert_eq!(v["mean"], "-1");
    assert_eq!(v["best_left_moves"], serde_json::json!([[1, "{10|-3}"]]));
    for b in ["milnor", "hanner", "second_temperature", "thermostatic"] {
        let lo: cgt::numbers::Q = v["bounds"][b]["VL"][0].as_str().unwrap().parse().unwrap();
        let hi: cgt::numbers::Q = v["bounds"][b]["VL"][1].as_str().unwrap().parse().unwrap();
        assert!(lo <= cgt::numbers::Q::one() && cgt::numbers::Q::one() <= hi, "{b}");
    }
    assert!(v["bounds"]["thermostatic"]["t"].is_string());
    // One argument 'G1 + G2' is the same sum; '-' reads sums per line.
    assert_eq!(json(&["sum", "{4|0} + {{10|-3}|-5}", "--json"])["VL"], "1");
    let (code, out, _) = cgt(&["sum", "-"], Some("2|0 + 5|4\n{1|\n"));
    assert_eq!(code, 0);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!((lines[0]["VL"].as_str(), lines[0]["VR"].as_str()), (Some("6"), Some("5")));
    assert!(lines[1]["error"].as_str().unwrap().contains("component 1"));
    let (code, _, err) = cgt(&["sum", "4|0", "{1|"], None);
    assert_eq!(code, 2);
    assert!(err.contains("component 2"), "{err}");

    let p = json(&["play-sum", "{4|0} + {{10|-3}|-5}", "--left", "greedy", "--right", "exact", "--json"]);
    assert_eq!(p["score"], "-1");
    let p = json(&["play-sum", "{4|0} + {{10|-3}|-5}", "--left", "sentestrat", "--right", "exact", "--json"]);
    assert_eq!(p["score"], "1");
    assert_eq!(p["moves"][0]["to"], "{10|-3}");
    let (code, _, err) = cgt(&["play-sum", "4|0", "--left", "random"], None);
    assert_eq!(code, 2);
    assert!(err.contains("expected greedy"), "{err}");

    let b = json(&["bstar", "{{40|10}|-20} + {{{31|21}|20}|-15} + {{4|-2}|-5}", "--json"]);
    assert_eq!(b["bstar"]["best"], serde_json::json!([0, "{40|10}"]));
    assert_eq!(b["bstar"]["proved"], true);
    assert_eq!(b["bstar"]["steps"][1]["kind"], "Disprove-Rest");
    assert_eq!(b["alphabeta"]["value"], "20");
    assert!(b["alphabeta"]["nodes"].as_u64().unwrap() > b["bstar"]["nodes"].as_u64().unwrap());
}

/// Runs `cgt SUB... GAMES... FLAGS...` and `cgt SUB... FLAGS... GAMES...`:
/// both must succeed with the same answer (JSON compared without the `ms`
/// timing), whose stdout is returned.
fn flags_either_side(sub: &[&str], games: &[&str], flags: &[&str]) -> String {
    let after: Vec<&str> = sub.iter().chain(games).chain(flags).copied().collect();
    let before: Vec<&str> = sub.iter().chain(flags).chain(games).copied().collect();
    let (code, out, err) = cgt(&after, None);
    assert_eq!(code, 0, "{after:?}: {err}");
    let (code2, out2, err2) = cgt(&before, None);
    assert_eq!(code2, 0, "{before:?}: {err2}");
    let untimed = |s: &str| {
        serde_json::from_str::<Value>(s).map(|mut v| {
            v.as_object_mut().map(|o| o.remove("ms"));
            v.to_string()
        })
    };
    match (untimed(&out), untimed(&out2)) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{after:?} and {before:?}"),
        _ => assert_eq!(out, out2, "{after:?} and {before:?}"),
    }
    out
}

fn parsed(out: &str) -> Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// interfaces.md: an argument that begins with `-` (`-3`, `-{4|0}`, `-*`) is
/// a game, not an option; real flags work before or after it.
#[test]
fn negative_games_eval_thermograph_compare_taxed() {
    let v = parsed(&flags_either_side(&["eval"], &["-3"], &["--json"]));
    assert_eq!((v["canonical"].as_str(), v["is_number"].as_bool()), (Some("-3"), Some(true)));
    assert_eq!(parsed(&flags_either_side(&["eval"], &["-5/8"], &["--json"]))["mean"], "-5/8");
    // -* = *, -v = ^, -{4|0} = {0|-4}.
    assert_eq!(parsed(&flags_either_side(&["eval"], &["-*"], &["--json"]))["canonical"], "*");
    assert_eq!(parsed(&flags_either_side(&["eval"], &["-v"], &["--json"]))["canonical"], "^");
    let v = parsed(&flags_either_side(&["eval"], &["-{4|0}"], &["--json"]));
    assert_eq!((v["canonical"].as_str(), v["mean"].as_str(), v["temperature"].as_str()), (Some("{0|-4}"), Some("-2"), Some("2")));
    // Text output too (no flag at all).
    let (code, out, err) = cgt(&["eval", "-{4|0}"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mean:        -2"), "{out}");
    // A bad negative game is our parse error (exit 2, column), not clap's.
    let (code, out, err) = cgt(&["eval", "-{1|"], None);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("game \"-{1|\"") && err.contains("column"), "{err}");

    let v = parsed(&flags_either_side(&["thermograph"], &["-{4|0}"], &["--json"]));
    assert_eq!(v["mast"], serde_json::json!({"t": "2", "value": "-2"}));
    assert_eq!(v["left_wall"], serde_json::json!([["-1", "1"], ["2", "-2"]]));

    assert_eq!(flags_either_side(&["compare"], &["-1", "{0|-2}"], &[]), "-1 || {0|-2}\n");
    assert_eq!(parsed(&flags_either_side(&["compare"], &["-1", "{0|-2}"], &["--json"]))["relation"], "||");
    assert_eq!(parsed(&flags_either_side(&["compare"], &["-^", "-*"], &["--json"]))["relation"], "||");
    assert_eq!(parsed(&flags_either_side(&["compare"], &["{0|-4}", "-{4|0}"], &["--json"]))["relation"], "=");
    assert_eq!(parsed(&flags_either_side(&["compare"], &["-2", "-{1|0}"], &["--json"]))["relation"], "<");

    // -{{5|-5}|-20} = {20|{5|-5}}; --at keeps its own (negative) values.
    let v = parsed(&flags_either_side(&["taxed"], &["-{{5|-5}|-20}"], &["--at", "-1/2", "--at", "6", "--json"]));
    let rows = v["taxed"].as_array().unwrap();
    assert_eq!((rows[1]["tVL"].as_str(), rows[1]["tVR"].as_str()), (Some("14"), Some("6")));
    assert_eq!(rows[0]["tVL"], "41/2");
}

#[test]
fn negative_games_in_sums() {
    let v = parsed(&flags_either_side(&["sum"], &["{4|0}", "-2"], &["--json"]));
    assert_eq!((v["VL"].as_str(), v["VR"].as_str(), v["mean"].as_str()), (Some("2"), Some("-2"), Some("0")));
    // The negated sum: VL and VR swap sides and signs.
    let v = parsed(&flags_either_side(&["sum"], &["-{4|0}", "-{{10|-3}|-5}"], &["--budget", "1000", "--json"]));
    assert_eq!((v["VL"].as_str(), v["VR"].as_str(), v["mean"].as_str()), (Some("3"), Some("-1"), Some("1")));
    assert_eq!(v["components"][0]["game"], "{0|-4}");
    // The flags may also sit between the games.
    let (code, out, err) = cgt(&["sum", "-{4|0}", "--json", "-{{10|-3}|-5}"], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(parsed(&out)["VL"], "3");

    let p = parsed(&flags_either_side(&["play-sum"], &["-{4|0}", "{{10|-3}|-5}"], &["--left", "exact", "--first", "right", "--json"]));
    assert_eq!(p["first"], "right");
    assert!(p["score"].is_string());
    let t = parsed(&flags_either_side(&["play-sum"], &["-{4|0} + 2"], &["--tournament", "--json"]));
    assert_eq!(t["tournament"].as_array().unwrap().len(), 25);

    let b = parsed(&flags_either_side(&["bstar"], &["-{{40|10}|-20}", "-{4|-2}"], &["--right", "--json"]));
    assert_eq!(b["to_move"], "R");
    assert!(b["alphabeta"]["value"].is_string());
}

/// HEAPS and POS arguments beginning with `-` reach their parsers (which
/// refuse them, naming the item) instead of clap's "unexpected argument".
#[test]
fn negative_heaps_and_positions_reach_their_parsers() {
    let cases: [(&[&str], &[&str], &str); 5] = [
        (&["heapgo"], &["-b5"], "heaps \"-b5\""),
        (&["mt-search"], &["--heapgo", "-b5"], "heaps \"-b5\""),
        (&["hackenbush", "value"], &["-0-1:b"], "position \"-0-1:b\""),
        (&["hackenbush", "scale"], &["-x"], "position \"-x\""),
        (&["hackenbush", "outcome"], &["-x"], "position \"-x\""),
    ];
    for (sub, arg, want) in cases {
        for flags_first in [false, true] {
            let mut args: Vec<&str> = sub.to_vec();
            if flags_first {
                args.push("--json");
            }
            args.extend(arg);
            if !flags_first {
                args.push("--json");
            }
            let (code, out, err) = cgt(&args, None);
            assert_eq!(code, 2, "{args:?}");
            assert!(out.is_empty(), "{args:?}: {out}");
            assert!(err.contains(want) && !err.contains("unexpected argument"), "{args:?}: {err}");
        }
    }
}

/// `-` alone is still batch mode, `--help` still helps (beside a negative
/// game too), and a misspelt flag is still clap's error with a suggestion.
#[test]
fn dash_help_and_unknown_flags_beside_negative_games() {
    let (code, out, err) = cgt(&["eval", "-", "--json"], Some("-3\n-{4|0}\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Value> = out.lines().map(parsed).collect();
    assert_eq!(lines[0]["canonical"], "-3");
    assert_eq!(lines[1]["mean"], "-2");
    let (code, out, _) = cgt(&["sum", "-"], Some("{4|0} + -2\n"));
    assert_eq!(code, 0);
    assert_eq!(parsed(out.lines().next().unwrap())["VL"], "2");
    for args in [&["eval", "-3", "--help"][..], &["eval", "--help", "-3"], &["sum", "-1", "-2", "-h"], &["hackenbush", "value", "--help"]] {
        let (code, out, err) = cgt(args, None);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("Usage"), "{args:?}");
    }
    let (code, out, _) = cgt(&["--help"], None);
    assert_eq!(code, 0);
    assert!(out.contains("begins with '-'"), "{out}");
    let (code, _, err) = cgt(&["eval", "-3", "--jsn"], None);
    assert_eq!(code, 2);
    assert!(err.contains("'--jsn'") && err.contains("'--json'"), "{err}");
    // A user's own `--` still works.
    let (code, out, err) = cgt(&["eval", "--json", "--", "-3"], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(parsed(&out)["canonical"], "-3");
}

/// Issue 22: `cgt fuzz`, the stable fuzzing harness: a seeded run of a fixed
/// number of inputs over every parser finds nothing (exit 0, no finding
/// lines), and an unknown target is refused by name.
#[test]
fn fuzz_harness_runs_clean_and_refuses_unknown_targets() {
    let args = ["fuzz", "--iterations", "4000", "--seed", "11"];
    let (code, out, err) = cgt(&args, None);
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(out, "", "findings: {out}");
    assert!(err.contains("4000 inputs") && err.contains("0 findings"), "{err}");
    let (code, _, err) = cgt(&["fuzz", "--iterations", "10", "--target", "nope"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("nope") && err.contains("ruleset"), "{err}");
    let (code, _, err) = cgt(&["fuzz", "--iterations", "500", "--target", "ruleset", "--target", "sgf"], None);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("targets ruleset, sgf"), "{err}");
}

/// Issue 22: `cgt thermograph GAME --tikz FILE` writes the picture as a
/// `tikzpicture` with the exact breakpoints (compiled and looked at with
/// pdflatex when it was written; CI has no TeX).
#[test]
fn thermograph_writes_tikz() {
    let dir = std::env::temp_dir().join(format!("cgt-tikz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("t.tex");
    let (code, out, err) = cgt(&["thermograph", "14|2|||-2||-14|-16", "--tikz", &f.to_string_lossy()], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("33/4"), "{out}");
    let tex = std::fs::read_to_string(&f).unwrap();
    assert!(tex.contains("\\begin{tikzpicture}") && tex.trim_end().ends_with("\\end{tikzpicture}"), "{tex}");
    assert!(tex.contains("\\draw[cgtleft, thick] (2,-1) -- (2,6) -- (-0.25,8.25);"), "{tex}");
    assert!(tex.contains("\\draw[cgtright, thick, dashed] (-2,-1) -- (-2,6.5) -- (-0.25,8.25);"), "{tex}");
    let (code, _, _) = cgt(&["thermograph", "{1|0}", "--classical", "--tikz", &f.to_string_lossy()], None);
    assert_eq!(code, 0);
    let tex = std::fs::read_to_string(&f).unwrap();
    assert!(!tex.contains("\\fill"), "the classical picture has no sub-zero band: {tex}");
    // The game tree and the heap-go board too.
    let (code, _, err) = cgt(&["thermograph", "{4|{1/2|-3}}", "--tree-tikz", &f.to_string_lossy()], None);
    assert_eq!(code, 0, "{err}");
    let tex = std::fs::read_to_string(&f).unwrap();
    assert!(tex.contains("{$4$}") && tex.contains("{$\\frac{1}{2}$}") && tex.matches("\\draw[cgtright, thick, dashed]").count() == 2, "{tex}");
    let wide = format!("{{{}|}}", (0..500).map(|i| i.to_string()).collect::<Vec<_>>().join(","));
    let (code, _, err) = cgt(&["thermograph", &wide, "--tree-tikz", &f.to_string_lossy()], None);
    assert_eq!(code, 2, "too many positions for a picture: bad input");
    assert!(err.contains("too large for a picture"), "{err}");
    let (code, _, err) = cgt(&["heapgo", "b5,r3/r7", "--tikz", &f.to_string_lossy()], None);
    assert_eq!(code, 0, "{err}");
    let tex = std::fs::read_to_string(&f).unwrap();
    assert!(tex.contains("at (0,1) {$5$}") && tex.contains("heap 2"), "{tex}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 22: `cgt eval --json` gives the canonical name as LaTeX too
/// (compiled with pdflatex and looked at when it was written).
#[test]
fn eval_gives_latex() {
    for (game, want) in [("{1|0}", "\\{1 \\mid 0\\}"), ("^*", "\\uparrow*"), ("{3|-3}", "\\pm 3"), ("5/8", "\\frac{5}{8}")] {
        let v = json(&["eval", game, "--json"]);
        assert_eq!(v["latex"], want, "{game}: {v}");
    }
}

/// Issue 43 item 12: a sum of nimbers (and ups, stars, numbers) is valued
/// by arithmetic, never refused for the size of its expanded tree.
#[test]
fn nimber_sums_are_valued_by_arithmetic() {
    for (game, canonical, outcome) in [("*8+*9+*10", "*11", "N"), ("*100+*37", "*65", "N"), ("*1000+*999", "*15", "N"), ("*1000+*1000+^^+1/2", "1/2^^", "L")] {
        let v = json(&["eval", game, "--json"]);
        assert_eq!((v["canonical"].as_str(), v["outcome"].as_str()), (Some(canonical), Some(outcome)), "{game}");
    }
}
