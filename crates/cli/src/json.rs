//! JSON and text renderings of core results (exact rationals as strings).

use cgt::analysis::{Analysed, AnalysisJob};
use cgt::canonical::{Canon, CanonError};
use cgt::expr::{ExprId, Exprs};
use cgt::notation::GameTree;
use cgt::numbers::Q;
use cgt::outcome::outcome;
use cgt::rulesets::hackenbush::{Hackenbush, HackenbushError, Rules};
use cgt::rulesets::heapgo::{BranchOrder, HeapGo, HeapGoAnalysis};
use cgt::side::Side;
use cgt::thermograph::{Thermograph, Wall};
use serde_json::{json, Value};
use std::fmt::Write;

/// Longest explicit or canonical text printed (shared subtrees expand when
/// printed, so texts can be astronomically long: `*64`).
const MAX_TEXT: usize = 1 << 20;

/// A text length; lengths are counted with saturation, so the largest
/// `u64` means "at least that".
fn length(n: u64) -> Value {
    if n == u64::MAX {
        Value::String(format!("more than {n}"))
    } else {
        json!(n)
    }
}

fn s(q: &Q) -> Value {
    Value::String(q.to_string())
}

/// `[t, value]` breakpoints from t = -1 up to the mast (inclusive).
pub fn wall_points(w: &Wall, th: &Thermograph) -> Vec<(Q, Q)> {
    let top = th.temperature();
    let mut pts: Vec<(Q, Q)> = w.points().iter().filter(|p| &p.0 < top).cloned().collect();
    pts.push((top.clone(), th.mean().clone()));
    pts
}

fn pts_json(p: &[(Q, Q)]) -> Value {
    Value::Array(p.iter().map(|(t, v)| json!([s(t), s(v)])).collect())
}

pub fn thermograph(th: &Thermograph) -> Value {
    json!({
        "left_wall": pts_json(&wall_points(th.left_wall(), th)),
        "right_wall": pts_json(&wall_points(th.right_wall(), th)),
        "mast": { "t": s(th.temperature()), "value": s(th.mean()) },
        "mean": s(th.mean()),
        "temperature": s(th.temperature()),
    })
}

pub fn thermograph_text(th: &Thermograph) -> String {
    let mut out = String::new();
    let fmt = |p: &[(Q, Q)]| p.iter().map(|(t, v)| format!("({t}, {v})")).collect::<Vec<_>>().join(" ");
    let _ = writeln!(out, "left wall:  {}", fmt(&wall_points(th.left_wall(), th)));
    let _ = writeln!(out, "right wall: {}", fmt(&wall_points(th.right_wall(), th)));
    let _ = writeln!(out, "mast:       value {} from t = {}", th.mean(), th.temperature());
    out
}

/// Longest canonical form printed (see `cgt::canonical::FULL_TEXT`).
pub const MAX_CANONICAL: u64 = cgt::canonical::FULL_TEXT;

/// What `cgt eval` computes, by `--fields` (default: everything).
#[derive(Clone, Debug)]
pub struct Fields {
    names: Option<Vec<String>>,
}

/// Every name `--fields` takes, and what each gives.
pub const FIELD_NAMES: &[(&str, &str)] = &[
    ("canonical", "canonical, canonical_explicit, latex, birthday"),
    ("mean", "mean"),
    ("temperature", "temperature"),
    ("stops", "left_stop, right_stop"),
    ("outcome", "outcome"),
    ("number", "is_number, number"),
    ("thermograph", "thermograph"),
    ("tree", "explicit, nodes, height, tree"),
    ("sente", "sente, sente_ambient, sente_by_ambient, go_words"),
    ("algebra", "reduced_canonical, left/right_incentives, thermal_dissociation, atomic_weight"),
];

impl Fields {
    pub fn all() -> Fields {
        Fields { names: None }
    }
    /// `canonical,mean,temperature,stops`; an unknown name is an error
    /// naming the known ones.
    pub fn parse(list: &str) -> Result<Fields, String> {
        let mut names = Vec::new();
        for f in list.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            if !FIELD_NAMES.iter().any(|(n, _)| *n == f) {
                let known: Vec<&str> = FIELD_NAMES.iter().map(|(n, _)| *n).collect();
                return Err(format!("--fields: unknown field {f:?} (known: {})", known.join(", ")));
            }
            names.push(f.to_string());
        }
        if names.is_empty() {
            return Err("--fields: give at least one field, e.g. canonical,mean,temperature,stops".into());
        }
        Ok(Fields { names: Some(names) })
    }
    pub fn has(&self, f: &str) -> bool {
        self.names.as_ref().is_none_or(|n| n.iter().any(|x| x == f))
    }
    fn is_all(&self) -> bool {
        self.names.is_none()
    }
}

/// Analyse a game as `cgt eval` does: its value through canonical forms,
/// component by component; a tree only for the small typed game (or the
/// value's canonical form).
pub fn analyse(src: &str) -> Result<Analysed, crate::Failure> {
    analyse_for(src, &Fields::all())
}

/// [`analyse`] for the fields asked: without `tree`, the typed tree is
/// never built (the value's canonical form, smaller, gives the rest).
pub fn analyse_for(src: &str, fields: &Fields) -> Result<Analysed, crate::Failure> {
    let limit = if fields.has("tree") { cgt::build::TYPED_TREE_POSITIONS } else { 0 };
    AnalysisJob::new(src, &cgt::notation::ParseLimits::default())
        .map(|j| j.with_typed_tree_limit(limit))
        .and_then(AnalysisJob::run)
        .map_err(|e| crate::Failure::Input(format!("game {}: {e}", crate::quote_short(src))))
}

/// The root's thermograph of an analysis.
pub fn root_thermograph(a: &Analysed) -> Thermograph {
    let root = a.tree.root();
    a.thermographs.get(&root).cloned().unwrap_or_else(|| a.tree.thermograph())
}

/// `cgt eval`: `source` is the text as typed (shown as the game).
pub fn eval(a: &mut Analysed, source: &str, ambient: Option<&Q>, fields: &Fields) -> (Value, String) {
    let (arena, root) = (a.tree.arena(), a.tree.root());
    let th = root_thermograph(a);
    let oc = a.outcomes.get(root).unwrap_or_else(|| outcome(arena, root)).to_string();
    let mut v = json!({});
    let mut text = String::new();
    let mut canonical_line = None;
    if fields.has("canonical") || fields.has("algebra") {
        match a.value.as_mut() {
            Some(val) => {
                let (canon, c) = (&mut val.canon, val.root);
                if fields.has("canonical") {
                    let name = canon.name_within(c, MAX_CANONICAL);
                    v["canonical"] = name.clone().map_or(Value::Null, Value::String);
                    v["latex"] = name.as_deref().map_or(Value::Null, |n| Value::String(cgt::latex::latex(n)));
                    match canon.explicit_within(c, MAX_CANONICAL) {
                        Some(e) => v["canonical_explicit"] = Value::String(e),
                        None => {
                            v["canonical_explicit"] = Value::Null;
                            v["canonical_explicit_length"] = length(canon.explicit_len(c));
                        }
                    }
                    if name.is_none() {
                        v["canonical_length"] = length(canon.name_len(c));
                    }
                    v["birthday"] = s(&canon.birthday(c));
                    canonical_line = Some(name.unwrap_or_else(|| format!("(not printed: {} characters)", canon.name_len(c))));
                }
                if fields.has("algebra") {
                    // The algebra (reduced form, incentives, thermal
                    // dissociation, atomic weight).
                    for (k, x) in crate::algebra::fields(canon, c) {
                        v[k.as_str()] = x;
                    }
                }
            }
            None => {
                v["canonical_error"] = Value::String(match cgt::notation::parse_expr(source, &cgt::notation::ParseLimits::default()) {
                    Ok((ex, r)) => match Canon::new().from_exprs(&ex, r) {
                        Err(e) => e.to_string(),
                        Ok(_) => "no canonical form".to_string(),
                    },
                    Err(e) => e.to_string(),
                });
            }
        }
    }
    if fields.has("tree") {
        // The typed game's braces form when its tree was built (small
        // games); a big sum is never expanded, so it has none.
        let explicit = (!a.value_tree).then(|| cgt::notation::to_explicit(arena, root, MAX_TEXT)).flatten();
        v["explicit"] = explicit.map_or(Value::Null, Value::String);
        v["tree"] = Value::String(if a.value_tree { "canonical" } else { "typed" }.into());
        v["nodes"] = json!(a.positions);
        v["height"] = json!(arena.height(root));
    }
    if fields.has("number") {
        v["is_number"] = Value::Bool(th.is_number());
        if let Some(x) = th.number() {
            v["number"] = s(x);
        }
    }
    if fields.has("mean") {
        v["mean"] = s(th.mean());
    }
    if fields.has("temperature") {
        v["temperature"] = s(th.temperature());
    }
    if fields.has("stops") {
        v["left_stop"] = s(&th.left_stop());
        v["right_stop"] = s(&th.right_stop());
    }
    if fields.has("outcome") {
        v["outcome"] = Value::String(oc.clone());
    }
    if fields.has("thermograph") {
        v["thermograph"] = thermograph(&th);
    }
    if fields.has("sente") {
        // Go's words: the kind just below the game's temperature, or at
        // the ambient asked for, and every range of cooler ambients.
        let words = cgt::sente::classify(&th);
        let (kind, kind_ambient) = match ambient {
            Some(tau) => (cgt::sente::at_ambient(&th, tau), Some(tau.clone())),
            None => (words.kind, words.ambient.clone()),
        };
        v["sente"] = Value::String(kind.key().to_string());
        v["sente_ambient"] = kind_ambient.as_ref().map_or(Value::Null, s);
        v["sente_by_ambient"] =
            json!(words.by_ambient.iter().map(|r| json!({ "from": s(&r.from), "to": s(&r.to), "sente": r.kind.key() })).collect::<Vec<_>>());
        v["go_words"] = Value::String(words.phrase(["Left", "Right"]));
        if fields.is_all() {
            let _ = write_text(&mut text, canonical_line.as_deref(), source, &th, &oc, Some((&words, ambient.map(|t| (t, kind)))));
            return (v, text);
        }
    }
    let _ = write_text(&mut text, canonical_line.as_deref(), source, &th, &oc, None);
    (v, text)
}

type Words<'a> = (&'a cgt::sente::GoWords, Option<(&'a Q, cgt::sente::Sente)>);

/// `cgt eval`'s text: the canonical form, the game as typed, the figures.
fn write_text(text: &mut String, canonical: Option<&str>, source: &str, th: &Thermograph, oc: &str, words: Option<Words<'_>>) -> std::fmt::Result {
    if let Some(c) = canonical {
        writeln!(text, "canonical:   {c}")?;
    }
    writeln!(text, "game:        {}", source.trim())?;
    if let Some(x) = th.number() {
        writeln!(text, "number:      {x}")?;
    }
    writeln!(text, "mean:        {}", th.mean())?;
    writeln!(text, "temperature: {}", th.temperature())?;
    writeln!(text, "left stop:   {}", th.left_stop())?;
    writeln!(text, "right stop:  {}", th.right_stop())?;
    writeln!(text, "outcome:     {oc}")?;
    if let Some((w, at)) = words {
        writeln!(text, "go words:    {}", w.phrase(["Left", "Right"]))?;
        if let Some((tau, kind)) = at {
            writeln!(text, "at ambient {tau}: {}", kind.words(["Left", "Right"]))?;
        }
    }
    text.push_str(&thermograph_text(th));
    Ok(())
}

pub fn taxed(th: &Thermograph, ts: &[Q]) -> (Value, String) {
    let mut rows = Vec::new();
    let mut text = String::new();
    for t in ts {
        let (l, r) = th.taxed(t);
        let _ = writeln!(text, "t = {t}: tVL = {l}, tVR = {r}");
        rows.push(json!({ "t": s(t), "tVL": s(&l), "tVR": s(&r) }));
    }
    (json!({ "taxed": rows }), text)
}

/// `cgt compare G H`: the relation of two games (sums are added as
/// canonical forms, never expanded).
pub fn compare(g: &(Exprs, ExprId), h: &(Exprs, ExprId)) -> Result<(Value, String), CanonError> {
    let mut canon = Canon::new();
    let (a, b) = (canon.from_exprs(&g.0, g.1)?, canon.from_exprs(&h.0, h.1)?);
    let rel = canon.relation(a, b);
    let name = |canon: &mut Canon, g| canon.name_within(g, MAX_TEXT as u64).unwrap_or_else(|| "(too long to print)".into());
    let (na, nb) = (name(&mut canon, a), name(&mut canon, b));
    let text = format!("{na} {rel} {nb}\n");
    // Modulo infinitesimals too (issue 18): G - H has both stops 0. Equal
    // games are; games with other stops are not (adding an infinitesimal
    // keeps the stops); otherwise the difference decides, for forms small
    // enough to subtract (two sums of 24 switches would take minutes):
    // past that, null.
    let close = if a == b {
        Value::Bool(true)
    } else if canon.stops(a) != canon.stops(b) {
        Value::Bool(false)
    } else if [a, b].iter().all(|&g| cgt::algebra::subforms_within(&mut canon, g, 2_000).is_some()) {
        Value::Bool(cgt::algebra::reduced::inf_close(&mut canon, a, b))
    } else {
        Value::Null
    };
    Ok((json!({ "relation": rel.to_string(), "left": na, "right": nb, "infinitesimally_close": close }), text))
}

/// `cgt hackenbush value POS`: the value and the parts' values.
pub fn hackenbush_value(p: &Hackenbush, rules: Rules, max: usize) -> Result<(Value, String), HackenbushError> {
    let name = |canon: &mut Canon, g| canon.name_within(g, MAX_TEXT as u64).unwrap_or_else(|| "(too long to print)".into());
    // Classical values are the sum of the parts', each valued once through
    // the generic engine (whose Hackenbush paths are the fast ones, as on the
    // page and in `cgt game hackenbush`). Two-Move positions are not sums of
    // their parts: one part, the whole, by the Two-Move search.
    let (mut canon, rows) = match rules {
        Rules::Classical => {
            let mut solver: cgt::rulesets::engine::Solver<Hackenbush> = cgt::rulesets::engine::Solver::new(max);
            let rows = solver.component_values(p).map_err(|_| HackenbushError::TooLarge { max })?;
            (std::mem::take(solver.canon()), rows)
        }
        Rules::TwoMove => {
            let mut canon = Canon::new();
            let c = p.value(&mut canon, rules, max)?;
            (canon, vec![(p.clone(), c)])
        }
    };
    let mut v = canon.zero();
    for (_, c) in &rows {
        v = canon.add(v, *c);
    }
    let value = name(&mut canon, v);
    let mut text = format!("value:   {value}\noutcome: {}\n", canon.outcome(v));
    let mut comps = Vec::new();
    for (part, c) in rows {
        let n = name(&mut canon, c);
        let _ = writeln!(text, "  {part}  =  {n}");
        comps.push(json!({ "position": part.to_string(), "value": n }));
    }
    let v = json!({
        "value": value,
        "is_number": canon.is_number(v),
        "outcome": canon.outcome(v).to_string(),
        "rules": match rules { Rules::Classical => "classical", Rules::TwoMove => "two-move" },
        "components": comps,
    });
    Ok((v, text))
}

/// `cgt heapgo HEAPS`: the exact analysis of a sum of heaps.
pub fn heapgo(g: &HeapGo, a: &HeapGoAnalysis) -> (Value, String) {
    let th = &a.thermograph;
    let v = json!({
        "heaps": g.to_string(),
        "mean": s(th.mean()),
        "temperature": s(th.temperature()),
        "left_stop": s(&th.left_stop()),
        "right_stop": s(&th.right_stop()),
        "terminals": a.terminals.to_string(),
        "thermograph": thermograph(th),
    });
    let text = format!(
        "heaps:       {g}\nmean:        {}\ntemperature: {}\nstops:       {} / {}\nterminals:   {}\n",
        th.mean(),
        th.temperature(),
        th.left_stop(),
        th.right_stop(),
        a.terminals
    );
    (v, text)
}

/// `cgt mt-search --heapgo HEAPS`: run the engine, report bounds, estimates
/// and (unless `exact` is off) the exact values.
pub fn mt_search(
    g: &HeapGo,
    budget: usize,
    seed: u64,
    order: BranchOrder,
    trace: bool,
    exact: bool,
    model: cgt::search::mt::BoundsModel,
) -> Result<(Value, String), String> {
    use cgt::rulesets::heapgo::HeapGoTree;
    use cgt::search::mt::{MtConfig, MtEngine, Outcome};
    let tree = HeapGoTree::ordered(g, order, seed, 1 << 20).map_err(|e| e.to_string())?;
    let mut e = MtEngine::new(MtConfig::with_seed(seed));
    let mut steps = Vec::new();
    let mut text = String::new();
    while e.nodes() < budget {
        let Some(step) = e.step(&tree) else { break };
        let step = step.map_err(|err| err.to_string())?;
        if trace {
            let b = e.bounds_in(model);
            let (path, value) = match &step.outcome {
                Outcome::Terminal(p, v) => (p.to_string(), v.to_string()),
                Outcome::NotExists => (step.proposed.to_string(), "NOT_EXISTS".to_string()),
            };
            let _ = writeln!(text, "{path:<24} {value:>8}  m = [{}, {}]  t = [{}, {}]", b.mean.0, b.mean.1, b.temperature.0, b.temperature.1);
            steps.push(json!({
                "path": path, "value": value,
                "m": [b.mean.0.to_string(), b.mean.1.to_string()],
                "t": [b.temperature.0.to_string(), b.temperature.1.to_string()],
            }));
        }
    }
    let b = e.bounds_in(model);
    let est = e.estimate();
    let mut v = json!({
        "heaps": g.to_string(),
        "budget": budget,
        "seed": seed,
        "order": order.key(),
        "bounds": model.key(),
        "m": [b.mean.0.to_string(), b.mean.1.to_string()],
        "t": [b.temperature.0.to_string(), b.temperature.1.to_string()],
        "estimate": {"mean": s(&est.mean), "temperature": s(&est.temperature)},
        "nodes": e.nodes(),
        "probes": e.probes(),
        "solved": e.is_solved(),
    });
    let _ = writeln!(
        text,
        "heaps:       {g}\nnodes:       {} of budget {budget} ({} NOT_EXISTS probes){}",
        e.nodes(),
        e.probes(),
        if e.is_solved() { ", fully explored" } else { "" }
    );
    if model == cgt::search::mt::BoundsModel::Sound {
        let _ = writeln!(text, "bounds:      sound (hold under any branch order)");
    }
    let _ = writeln!(text, "mean:        [{}, {}]  estimate {}", b.mean.0, b.mean.1, est.mean);
    let _ = writeln!(text, "temperature: [{}, {}]  estimate {}", b.temperature.0, b.temperature.1, est.temperature);
    if exact {
        let a = g.analyse(5_000_000).map_err(|e| e.to_string())?;
        v["exact_mean"] = json!(s(a.thermograph.mean()));
        v["exact_temperature"] = json!(s(a.thermograph.temperature()));
        v["terminals"] = json!(a.terminals.to_string());
        let _ = writeln!(text, "exact:       mean {}  temperature {}  ({} terminals)", a.thermograph.mean(), a.thermograph.temperature(), a.terminals);
    }
    if trace {
        v["steps"] = json!(steps);
    }
    Ok((v, text))
}

/// `cgt tds --heapgo`: Temperature Discovery Search on the heap-go tree
/// (branch order as for `cgt mt-search`), beside the exact values.
pub fn tds_heapgo(g: &HeapGo, config: &cgt::search::tds::TdsConfig, order: BranchOrder, seed: u64, exact: bool) -> Result<(Value, String), crate::Failure> {
    use cgt::rulesets::heapgo::HeapGoTree;
    let tree = HeapGoTree::ordered(g, order, seed, 1 << 20).map_err(|e| crate::Failure::Other(e.to_string()))?;
    let (mut v, mut text) = tds_run(&tree, config)?;
    v["heaps"] = json!(g.to_string());
    v["order"] = json!(order.key());
    text = format!("heaps:       {g}\n{text}");
    if exact {
        let a = g.analyse(5_000_000).map_err(|e| crate::Failure::Other(e.to_string()))?;
        let th = &a.thermograph;
        v["exact_mean"] = json!(s(th.mean()));
        v["exact_temperature"] = json!(s(th.temperature()));
        let _ = writeln!(text, "exact:       mean {}  temperature {}", th.mean(), th.temperature());
    }
    Ok((v, text))
}

/// `cgt tds --game`: Temperature Discovery Search on a typed game, beside
/// its thermograph's mean and temperature.
pub fn tds_game(src: &str, g: &GameTree, config: &cgt::search::tds::TdsConfig) -> Result<(Value, String), crate::Failure> {
    let (mut v, mut text) = tds_run(g, config)?;
    v["game"] = json!(src.trim());
    text = format!("game:        {}\n{text}", src.trim());
    let th = cgt::thermograph::thermograph(g.arena(), g.root());
    v["exact_mean"] = json!(s(th.mean()));
    v["exact_temperature"] = json!(s(th.temperature()));
    let _ = writeln!(text, "exact:       mean {}  temperature {}", th.mean(), th.temperature());
    Ok((v, text))
}

/// One TDS run, timed (the core has no clock).
fn tds_run<G: cgt::search::mt::MtGame>(game: &G, config: &cgt::search::tds::TdsConfig) -> Result<(Value, String), crate::Failure>
where
    G::Node: Eq + std::hash::Hash,
{
    let t0 = std::time::Instant::now();
    let r = cgt::search::tds::tds(game, config).map_err(|e| crate::Failure::Input(e.to_string()))?;
    let seconds = t0.elapsed().as_secs_f64();
    let pair = |b: &(cgt::numbers::ExtQ, cgt::numbers::ExtQ)| json!([b.0.to_string(), b.1.to_string()]);
    let v = json!({
        "temperature": s(&r.temperature),
        "mean": s(&r.mean),
        "nodes": r.nodes,
        "exact": r.exact,
        "positions": r.positions,
        "m": pair(&r.mean_bounds),
        "t": pair(&r.temperature_bounds),
        "delta": s(&r.delta),
        "top": s(&r.top),
        "budget": config.budget,
        "verify": config.verify,
        "stopped": r.stopped.as_ref().map(|w| w.to_string()),
        "seconds": (seconds * 1e4).round() / 1e4,
    });
    let mut text = String::new();
    let budget = config.budget.map_or(String::new(), |b| format!(" of budget {b}"));
    let _ = writeln!(text, "coupons:     spacing {}, top {}{}", r.delta, r.top, if config.verify { ", verified with half the spacing" } else { "" });
    let _ = writeln!(text, "nodes:       {}{budget} ({} positions, {:.1} ms)", r.nodes, r.positions, seconds * 1e3);
    if r.exact {
        let _ = writeln!(text, "mean:        {}\ntemperature: {}", r.mean, r.temperature);
    } else {
        let _ = writeln!(text, "mean:        [{}, {}]  estimate {}", r.mean_bounds.0, r.mean_bounds.1, r.mean);
        let _ = writeln!(text, "temperature: [{}, {}]  estimate {}", r.temperature_bounds.0, r.temperature_bounds.1, r.temperature);
    }
    if let Some(why) = &r.stopped {
        let _ = writeln!(text, "not exact:   {why}");
    }
    Ok((v, text))
}

/// `cgt mt-replay PATH=VALUE ...`: the bounds after each addition.
pub fn mt_replay(steps: &[String]) -> Result<(Value, String), String> {
    use cgt::search::mt::{MtTree, Path};
    let mut tree = MtTree::default();
    let mut rows = Vec::new();
    let mut text = String::new();
    for (i, step) in steps.iter().enumerate() {
        let (p, val) = step.split_once('=').ok_or_else(|| format!("step {} `{step}`: expected PATH=VALUE, e.g. L1R2=-3", i + 1))?;
        let path: Path = p.trim().parse().map_err(|e| format!("step {}: {e}", i + 1))?;
        let val = val.trim();
        if val.eq_ignore_ascii_case("NOT_EXISTS") {
            // A missing first child: that side of the parent is empty.
            // A missing later child says nothing the bounds use.
            match path.steps().split_last() {
                Some((&(side, 1), parent)) => {
                    let parent = Path::new(parent.to_vec()).expect("child numbers from 1");
                    tree.mark_empty(&parent, side).map_err(|e| format!("step {}: {e}", i + 1))?;
                }
                Some(_) => {}
                None => return Err(format!("step {}: the root always exists", i + 1)),
            }
        } else {
            let v: Q = val.parse().map_err(|e| format!("step {} `{step}`: value: {e}", i + 1))?;
            tree.add_node(&path, v).map_err(|e| format!("step {}: {e}", i + 1))?;
        }
        let b = tree.bounds();
        let _ =
            writeln!(text, "{:>3}  {:<12} m = [{}, {}]  t = [{}, {}]", i + 1, format!("{path}={val}"), b.mean.0, b.mean.1, b.temperature.0, b.temperature.1);
        rows.push(json!({
            "path": path.to_string(),
            "value": val,
            "m": [b.mean.0.to_string(), b.mean.1.to_string()],
            "t": [b.temperature.0.to_string(), b.temperature.1.to_string()],
        }));
    }
    Ok((json!({ "steps": rows }), text))
}

/// `cgt hackenbush scale POS`: the Scale Method's estimate and its trace.
pub fn hackenbush_scale(p: &Hackenbush, cfg: &cgt::rulesets::hackenbush::scale::ScaleConfig) -> (Value, String) {
    use cgt::rulesets::hackenbush::scale::scale;
    let t0 = std::time::Instant::now();
    let r = scale(p, cfg, &mut |_| {}, &mut |_| true).expect("no cancel from the CLI");
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    let estimate = r.estimate.as_ref().map(|e| e.to_string());
    let mut text = match &estimate {
        Some(e) => format!("estimate: {e}\n"),
        None => "estimate: none (the safeguard stopped the weighing stalk)\n".to_string(),
    };
    let mut classes = Vec::new();
    let mut rates = Vec::new();
    let mut stalks = Vec::new();
    for s in &r.steps {
        let _ = writeln!(
            text,
            "  stalk {:<12} {}  Blue {:.2}  Red {:.2}",
            if s.stalk.is_empty() { "(none)" } else { &s.stalk },
            s.result.class,
            s.result.blue_rate,
            s.result.red_rate
        );
        classes.push(s.result.class.to_string());
        rates.push(json!([s.result.blue_rate, s.result.red_rate]));
        stalks.push(s.stalk.clone());
    }
    let (lo, hi) = if r.parts.is_empty() { r.bounds() } else { (None, None) };
    if r.estimate.is_none() && r.parts.is_empty() {
        let end = |q: &Option<cgt::numbers::Q>, inf: &str| q.as_ref().map_or(inf.to_string(), |q| q.to_string());
        let _ = writeln!(text, "the weighings bracket the value in ({}, {})", end(&lo, "-inf"), end(&hi, "+inf"));
    }
    let _ = writeln!(text, "{} weighings, {:.0} ms", r.steps.len(), ms);
    let last = r.steps.last().map(|s| s.stalk.clone()).unwrap_or_default();
    let v = json!({
        "position": p.to_string(),
        "estimate": estimate,
        "failed": r.failed,
        "classes": classes,
        "win_rates": rates,
        "stalks": stalks,
        "weighing_stalk": last,
        "bounds": if r.parts.is_empty() { json!([lo.map(|q| q.to_string()), hi.map(|q| q.to_string())]) } else { Value::Null },
        "parts": r.parts.iter().map(|(p, e)| json!({ "position": p, "estimate": e.as_ref().map(|e| e.to_string()) })).collect::<Vec<_>>(),
        "settings": {
            "algo": cfg.algo.to_string(), "playouts": cfg.playouts, "iterations": cfg.iterations, "seed": cfg.seed,
            "rule": format!("{:?}", cfg.rule), "max_stalk": cfg.max_stalk, "prune": cfg.prune, "components": cfg.components, "simulate": cfg.simulate, "bisect": cfg.bisect,
        },
        "ms": (ms * 100.0).round() / 100.0,
    });
    (v, text)
}

/// `cgt hackenbush outcome POS`: the outcome class by Monte Carlo games.
pub fn hackenbush_outcome(p: &Hackenbush, two_move: bool, cfg: &cgt::rulesets::hackenbush::scale::ScaleConfig) -> (Value, String) {
    use cgt::rulesets::hackenbush::scale::{outcome_class, Play, Table};
    let play = if two_move { Play::TwoMove } else { Play::Classical };
    let table = if cfg.simulate { Table::new(p, &[], play, false) } else { Table::with_odds(p, &[], play, false) };
    let r = outcome_class(&table, cfg, 0, &mut |_, _| true).expect("no cancel from the CLI");
    let text = format!("outcome: {}  (Blue starting wins {:.2}, Red starting wins {:.2}; {} games)\n", r.class, r.blue_rate, r.red_rate, r.games);
    let v = json!({
        "position": p.to_string(),
        "rules": if two_move { "two-move" } else { "classical" },
        "outcome": r.class.to_string(),
        "win_rates": [r.blue_rate, r.red_rate],
        "games": r.games,
        "settings": { "algo": cfg.algo.to_string(), "playouts": cfg.playouts, "iterations": cfg.iterations, "seed": cfg.seed, "rule": format!("{:?}", cfg.rule) },
    });
    (v, text)
}

fn bracket(b: &cgt::sums::Bracket) -> Value {
    json!([b.lo.to_string(), b.hi.to_string()])
}

/// `cgt sum`: exact values (or brackets past the budget), best first moves,
/// every bound, and the components.
pub fn sum(g: &cgt::sums::SumGames, budget: usize) -> (Value, String) {
    use cgt::sums::{bounds::bounds, exact::sum_value};
    let t0 = std::time::Instant::now();
    let v = sum_value(g, g.components(), budget);
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    let b = bounds(g, g.components());
    let moves = |ms: &[cgt::sums::Move]| ms.iter().map(|m| json!([m.component, g.position(m.to).name])).collect::<Vec<_>>();
    let val = |s: &cgt::sums::exact::SideValue| if s.exact { json!(s.value.lo.to_string()) } else { Value::Null };
    let pair = |p: &cgt::sums::bounds::Pair| json!({ "VL": bracket(&p.vl), "VR": bracket(&p.vr) });
    let comps: Vec<Value> = g
        .components()
        .iter()
        .map(|&c| {
            let p = g.position(c);
            json!({ "game": p.name, "mean": p.mean().to_string(), "temperature": p.temperature().to_string(), "left_stop": p.left_stop().to_string(), "right_stop": p.right_stop().to_string() })
        })
        .collect();
    let mut thermo = pair(&b.thermostatic);
    thermo["t"] = json!(b.thermostatic_t.0.to_string());
    thermo["t_VR"] = json!(b.thermostatic_t.1.to_string());
    let out = json!({
        "components": comps,
        "VL": val(&v.vl),
        "VR": val(&v.vr),
        "exact": v.exact(),
        "VL_bracket": bracket(&v.vl.value),
        "VR_bracket": bracket(&v.vr.value),
        "mean": b.mean.to_string(),
        "best_left_moves": moves(&v.vl.best),
        "best_right_moves": moves(&v.vr.best),
        "bounds": {
            "milnor": pair(&b.milnor),
            "hanner": pair(&b.hanner),
            "second_temperature": pair(&b.second_temperature),
            "thermostatic": thermo,
        },
        "nodes": v.nodes,
        "budget": budget,
        "ms": (ms * 100.0).round() / 100.0,
    });
    let mut text = String::new();
    let names: Vec<&str> = g.components().iter().map(|&c| g.position(c).name.as_str()).collect();
    let _ = writeln!(text, "sum: {}", names.join(" + "));
    let show = |s: &cgt::sums::exact::SideValue| if s.exact { s.value.lo.to_string() } else { format!("{} (budget exceeded: bracket)", s.value) };
    let _ = writeln!(text, "VL = {}   best: {}", show(&v.vl), v.vl.best.iter().map(|&m| g.move_text(m)).collect::<Vec<_>>().join(" "));
    let _ = writeln!(text, "VR = {}   best: {}", show(&v.vr), v.vr.best.iter().map(|&m| g.move_text(m)).collect::<Vec<_>>().join(" "));
    let _ = writeln!(text, "mean = {}", b.mean);
    for (name, p) in [("Milnor", &b.milnor), ("Hanner", &b.hanner), ("second temperature", &b.second_temperature), ("thermostatic", &b.thermostatic)] {
        let _ = writeln!(text, "{name:<19} VL in {}  VR in {}", p.vl, p.vr);
    }
    let _ = writeln!(text, "(thermostatic at t = {} for VL, t = {} for VR; {} nodes, {:.1} ms)", b.thermostatic_t.0, b.thermostatic_t.1, v.nodes, ms);
    (out, text)
}

fn played(g: &cgt::sums::SumGames, r: &cgt::sums::strategy::Played) -> Value {
    json!({
        "score": r.score.to_string(),
        "moves": r.moves.iter().map(|m| json!({ "player": m.side.letter().to_string(), "component": m.mv.component, "to": g.position(m.mv.to).name })).collect::<Vec<_>>(),
    })
}

/// `cgt play-sum`: one game between two strategies.
pub fn play_sum(
    g: &cgt::sums::SumGames,
    left: cgt::sums::strategy::Strategy,
    right: cgt::sums::strategy::Strategy,
    first: Side,
    budget: usize,
) -> (Value, String) {
    let r = cgt::sums::strategy::play(g, g.components(), left, right, first, budget);
    let mut v = played(g, &r);
    v["left"] = json!(left.to_string());
    v["right"] = json!(right.to_string());
    v["first"] = json!(first.name().to_ascii_lowercase());
    let mut text = String::new();
    for m in &r.moves {
        let _ = writeln!(text, "{} moves component {} to {}", m.side, m.mv.component, g.position(m.mv.to).name);
    }
    let _ = writeln!(text, "score {} (Left {left}, Right {right}, {first} first)", r.score);
    (v, text)
}

/// `cgt play-sum --tournament`: every strategy against every other.
pub fn tournament(g: &cgt::sums::SumGames, budget: usize) -> (Value, String) {
    use cgt::sums::strategy::{play, Strategy};
    let mut rows = Vec::new();
    let mut text = String::from("Left \\ Right: score with Left first / Right first\n");
    let _ = writeln!(text, "{:<12}{}", "", Strategy::ALL.iter().map(|s| format!("{:<16}", s.to_string())).collect::<String>());
    for l in Strategy::ALL {
        let _ = write!(text, "{:<12}", l.to_string());
        for r in Strategy::ALL {
            let a = play(g, g.components(), l, r, Side::Left, budget);
            let b = play(g, g.components(), l, r, Side::Right, budget);
            let _ = write!(text, "{:<16}", format!("{} / {}", a.score, b.score));
            rows.push(json!({ "left": l.to_string(), "right": r.to_string(), "left_first": a.score.to_string(), "right_first": b.score.to_string() }));
        }
        text.push('\n');
    }
    (json!({ "tournament": rows }), text)
}

/// `cgt bstar`: B* step by step and alpha-beta's node count.
pub fn bstar(g: &cgt::sums::SumGames, side: Side, ranges: cgt::sums::bstar::Ranges, max_nodes: usize) -> (Value, String) {
    use cgt::sums::bstar::{alphabeta, bstar, BStarConfig};
    let b = bstar(g, g.components(), side, BStarConfig { ranges, max_nodes });
    let ab = alphabeta(g, g.components(), side, ranges, max_nodes);
    let mv = |m: &Option<cgt::sums::Move>| m.map(|m| json!([m.component, g.position(m.to).name]));
    let steps: Vec<Value> = b
        .steps
        .iter()
        .map(|s| json!({ "kind": s.kind.to_string(), "expanded": s.expanded, "root": bracket(&s.root_range), "moves": s.moves.iter().map(|(m, r)| json!({ "move": [m.component, g.position(m.to).name], "range": bracket(r) })).collect::<Vec<_>>() }))
        .collect();
    let v = json!({
        "to_move": side.letter().to_string(),
        "ranges": format!("{ranges:?}").to_lowercase(),
        "bstar": { "best": mv(&b.best), "proved": b.proved, "nodes": b.nodes, "steps": steps },
        "alphabeta": { "best": mv(&ab.best), "value": ab.value.as_ref().map(|q| q.to_string()), "nodes": ab.nodes },
    });
    let mut text = String::new();
    for s in &b.steps {
        let _ = writeln!(
            text,
            "{:<14} root {}  moves: {}",
            s.kind.to_string(),
            s.root_range,
            s.moves.iter().map(|(m, r)| format!("{} {}", g.move_text(*m), r)).collect::<Vec<_>>().join(", ")
        );
    }
    let _ = writeln!(
        text,
        "B*: {} {} with {} nodes",
        if b.proved { "proved" } else { "did not prove" },
        b.best.map(|m| g.move_text(m)).unwrap_or_else(|| "(no move)".into()),
        b.nodes
    );
    let _ = writeln!(
        text,
        "alpha-beta: value {} by {} with {} nodes",
        ab.value.as_ref().map(|q| q.to_string()).unwrap_or_else(|| "over budget".into()),
        ab.best.map(|m| g.move_text(m)).unwrap_or_else(|| "-".into()),
        ab.nodes
    );
    (v, text)
}

/// `cgt game list`: every ruleset with its format and an example.
pub fn ruleset_list() -> (Value, String) {
    use cgt::rulesets::registry::RULESETS;
    let v = Value::Array(
        RULESETS
            .iter()
            .map(|r| json!({ "name": r.name, "title": r.title, "rules": r.rules, "source": r.source, "format": r.format, "example": r.example }))
            .collect(),
    );
    let mut text = String::new();
    for r in RULESETS {
        let _ = writeln!(text, "{:<12} {}: {}", r.name, r.title, r.format);
    }
    (v, text)
}

/// `cgt game NAME POS`: the generic engine's report (docs/rulesets.md).
pub fn game(name: &str, pos: &str, budget: usize, moves: Option<Side>, misere: bool) -> Result<(Value, String), crate::Failure> {
    use cgt::rulesets::registry::{session, GameError};
    let fail = |e: GameError| match e {
        GameError::Engine(_) => crate::Failure::Other(format!("{name} {}: {e}", crate::quote_short(pos))),
        _ => crate::Failure::Input(format!("{name} {}: {e}", crate::quote_short(pos))),
    };
    let mut sess = session(name, pos, budget).map_err(fail)?;
    sess.set_misere(misere).map_err(fail)?;
    let r = sess.report().map_err(fail)?;
    if let Some(imp) = &r.impartial {
        return Ok(impartial_game(&r, imp));
    }
    let players = cgt::rulesets::registry::info(name).map_or(["Left", "Right"], |i| i.players);
    let components: Vec<Value> = r
        .components
        .iter()
        .map(|c| {
            let words = cgt::sente::classify(&c.thermograph);
            let mut j = json!({ "position": c.position, "canonical": c.canonical, "mean": s(&c.mean), "temperature": s(&c.temperature),
                "sente": words.kind.key(), "go_words": words.phrase(players) });
            if let Some(g) = &c.go {
                j["chilled"] = json!(g.chilled);
                j["warmed"] = json!(g.warmed);
                j["play"] = json!(g.play);
            }
            j
        })
        .collect();
    let mut v = json!({
        "ruleset": r.ruleset,
        "position": r.position,
        "components": components,
        "canonical": r.canonical,
        "mean": s(&r.mean),
        "temperature": s(&r.temperature),
        "left_stop": s(&r.left_stop),
        "right_stop": s(&r.right_stop),
        "outcome": r.outcome.to_string(),
        "thermograph": thermograph(&r.thermograph),
        "sente": cgt::sente::classify(&r.thermograph).kind.key(),
        "go_words": cgt::sente::classify(&r.thermograph).phrase(players),
        "positions": r.positions,
        // JSON only: the recorded text outputs stay as they are. The value
        // 0 weighs 0 (as `cgt eval 0` and the explorer say; the page's card
        // leaves it off); where there is no weight, the algebra's reason.
        "atomic_weight": r.atomic_weight.clone().or_else(|| (r.canonical == "0").then(|| "0".to_string())),
    });
    if let Some(why) = &r.atomic_weight_reason {
        v["atomic_weight_reason"] = json!(why);
    }
    let mut text = String::new();
    let _ = writeln!(text, "position:    {}", r.position);
    let _ = writeln!(text, "canonical:   {}", r.canonical);
    let _ = writeln!(text, "mean:        {}", r.mean);
    let _ = writeln!(text, "temperature: {}", r.temperature);
    let _ = writeln!(text, "left stop:   {}", r.left_stop);
    let _ = writeln!(text, "right stop:  {}", r.right_stop);
    let _ = writeln!(text, "outcome:     {}", r.outcome);
    let _ = writeln!(text, "components:  {}", r.components.len());
    for c in &r.components {
        let _ = writeln!(text, "  {}  =  {}  (mean {}, temperature {})", c.position, c.canonical, c.mean, c.temperature);
        if let Some(g) = &c.go {
            let na = |o: &Option<String>| o.clone().unwrap_or_else(|| "-".into());
            // Warmed back only where it gives the value again (registry's GoRegion).
            let warmed = g.warmed.as_ref().map(|w| format!(", warmed back {w}")).unwrap_or_default();
            let _ = writeln!(text, "      chilled {}{warmed}, {}", na(&g.chilled), g.play);
        }
    }
    let _ = writeln!(text, "positions:   {}", r.positions);
    if let Some(side) = moves {
        let rated = sess.rate_moves(side).map_err(fail)?;
        v["moves"] = Value::Array(rated.iter().map(|m| json!({ "move": m.mv, "value": m.value, "wins": m.wins, "undominated": m.undominated })).collect());
        let _ = writeln!(text, "{side}'s moves:");
        for m in &rated {
            let tag = match (m.wins, m.undominated) {
                (true, true) => "wins",
                (true, false) => "wins, dominated",
                (false, true) => "",
                (false, false) => "dominated",
            };
            let _ = writeln!(text, "  {:<8} -> {}  {tag}", m.mv, m.value);
        }
        // The Sums page's strategies on the board (JSON; the text for Go
        // only, so the recorded texts of the other games stay as they are).
        let strategies = sess.strategy_moves(side).unwrap_or_default();
        v["strategies"] = Value::Array(
            strategies
                .iter()
                .map(|s| json!({ "strategy": s.strategy.to_string(), "move": s.mv, "mean_after": s.mean_after.as_ref().map(|q| q.to_string()) }))
                .collect(),
        );
        if name == "go" {
            for s in &strategies {
                let mv = s.mv.clone().unwrap_or_else(|| "-".into());
                let after = s.mean_after.as_ref().map(|q| q.to_string()).unwrap_or_else(|| "-".into());
                let _ = writeln!(text, "  {:<12} plays {mv}, count after {after}", s.strategy.to_string());
            }
        }
    }
    text.push_str(&thermograph_text(&r.thermograph));
    Ok((v, text))
}

/// `cgt game` of an impartial ruleset: the nim-value (normal play), the
/// outcome and winning moves under the play chosen, each component's
/// nim-value. `canonical` is the nimber `*g`, as in any sum.
fn impartial_game(r: &cgt::rulesets::registry::GameReport, imp: &cgt::rulesets::registry::ImpartialReport) -> (Value, String) {
    let play = if imp.misere { "misere" } else { "normal" };
    let components: Vec<Value> =
        r.components.iter().zip(&imp.component_values).map(|(c, g)| json!({ "position": c.position, "nim_value": g, "canonical": c.canonical })).collect();
    let v = json!({
        "ruleset": r.ruleset,
        "position": r.position,
        "play": play,
        "nim_value": imp.nim_value,
        "canonical": r.canonical,
        "outcome": r.outcome.to_string(),
        "first_player_wins": imp.first_player_wins,
        "winning_moves": imp.winning_moves,
        "components": components,
        "positions": r.positions,
        // What every ruleset's JSON has: a nimber's mean and stops are 0,
        // and so is its atomic weight.
        "mean": s(&r.mean),
        "temperature": s(&r.temperature),
        "left_stop": s(&r.left_stop),
        "right_stop": s(&r.right_stop),
        "thermograph": thermograph(&r.thermograph),
        "atomic_weight": r.atomic_weight,
    });
    let mut v = v;
    if imp.misere {
        v["misere_canonical"] = json!(imp.misere_form);
        v["genus"] = json!(imp.genus);
        v["tame"] = json!(imp.tame);
        if let Some(n) = &imp.misere_note {
            v["misere_note"] = json!(n);
        }
    }
    let mut text = String::new();
    let _ = writeln!(text, "position:      {}", r.position);
    let _ = writeln!(text, "nim-value:     {} (normal play: the position is {})", imp.nim_value, r.canonical);
    let who = if imp.first_player_wins { "the player to move wins" } else { "the player to move loses" };
    let _ = writeln!(text, "outcome:       {} ({who}, {} play)", r.outcome, if imp.misere { "misère" } else { "normal" });
    if imp.winning_moves.is_empty() {
        let _ = writeln!(text, "winning moves: none");
    } else {
        // A heap of thousands has thousands of winning splits: the text
        // lists the first twelve (the JSON has them all).
        let shown: Vec<&str> = imp.winning_moves.iter().take(12).map(String::as_str).collect();
        let more = imp.winning_moves.len() - shown.len();
        let tail = if more > 0 { format!(" (and {more} more)") } else { String::new() };
        let _ = writeln!(text, "winning moves: {}{tail}", shown.join(", "));
    }
    if imp.misere {
        match (&imp.misere_form, &imp.genus) {
            (Some(f), Some(g)) => {
                let tame = if imp.tame == Some(true) { "tame" } else { "wild" };
                let _ = writeln!(text, "misère form:   {f} (genus {g}, {tame})");
            }
            _ => {
                let _ = writeln!(text, "misère form:   not computed: {}", imp.misere_note.as_deref().unwrap_or("over the budget"));
            }
        }
    }
    let _ = writeln!(text, "components:    {}", r.components.len());
    for (c, g) in r.components.iter().zip(&imp.component_values) {
        let _ = writeln!(text, "  {}  =  *{g}", c.position);
    }
    (v, text)
}

/// `cgt nim-sequence --json`: the contract's fields (`rule`, `values`,
/// `period`, `preperiod`, `proven`) and more. Serialised straight to the
/// output: a table of 10^8 values is never a `Value` tree.
#[derive(serde::Serialize)]
pub struct NimSequenceJson<'a> {
    rule: String,
    values: &'a [u32],
    period: Option<usize>,
    preperiod: Option<usize>,
    proven: bool,
    /// Arithmetic periodicity: `{period, preperiod, saltus, proven}`.
    saltus: Option<Value>,
    /// How the period is proven, in words.
    proof: Option<String>,
    /// Values were computed (or read off the proven period) up to G(computed_to).
    computed_to: usize,
    max_value: u32,
    name: Option<&'static str>,
    source: Option<&'static str>,
    /// The values and period agree with the published ones.
    source_agrees: Option<bool>,
    engine: Value,
}

/// The proof in words.
fn proof_text(seq: &cgt::impartial::NimSequence) -> Option<String> {
    use cgt::impartial::Proof;
    let per = seq.periodicity?;
    Some(match seq.proof? {
        Proof::GuySmith { heaps, last_digit, checked_below } => format!(
            "Guy-Smith theorem: G(n + {p}) = G(n) checked for {q} <= n < {checked_below} ({heaps} heaps at most left by a move, last nonzero code digit d{last_digit})",
            p = per.period,
            q = per.preperiod
        ),
        Proof::Nim => "G(n) = n: a heap of n has an option of every smaller value".to_string(),
    })
}

/// Whether `seq` agrees with the published values (as far as both go)
/// and period (when proven here).
fn agrees(seq: &cgt::impartial::NimSequence, k: &cgt::impartial::known::KnownSequence) -> bool {
    let values = k.values.iter().enumerate().all(|(n, &v)| seq.value(n).is_none_or(|g| g == u32::from(v)));
    let period = match (seq.period(), k.period, seq.proven()) {
        (Some(p), Some((kp, kq)), true) => p.period == kp as usize && p.preperiod == kq as usize,
        _ => true,
    };
    values && period
}

pub fn nim_sequence(seq: &cgt::impartial::NimSequence) -> NimSequenceJson<'_> {
    let values = seq.asked_values();
    let rule = seq.rule.to_string();
    let known = cgt::impartial::known::known(&rule);
    let period = seq.period();
    let stats = &seq.stats;
    NimSequenceJson {
        values,
        period: period.map(|p| p.period),
        preperiod: period.map(|p| p.preperiod),
        proven: seq.proven(),
        saltus: seq.arithmetic().map(|p| json!({ "period": p.period, "preperiod": p.preperiod, "saltus": p.saltus, "proven": seq.proof.is_some() })),
        proof: proof_text(seq),
        computed_to: seq.computed_to(),
        max_value: values.iter().copied().max().unwrap_or(0),
        name: known.map(|k| k.name).filter(|n| !n.is_empty()),
        source: known.map(|k| k.source),
        source_agrees: known.map(|k| agrees(seq, k)),
        engine: json!({
            "computed": stats.computed,
            "sparse": stats.sparse,
            "mask": stats.mask.map(|(m, _)| m),
            "twisted": stats.mask.map(|(_, t)| t),
            "rare_heaps": stats.rare_heaps,
            "full_scans": stats.full_scans,
            "work": stats.work,
        }),
        rule,
    }
}

/// Most values the text table prints.
const TEXT_VALUES: usize = 10_000;

/// `cgt nim-sequence` without `--json`: the values in rows (of the period
/// when it is short, as published tables print them, else 12), then the
/// period and whether it is proven.
pub fn nim_sequence_text(seq: &cgt::impartial::NimSequence) -> String {
    let values = seq.asked_values();
    let rule = seq.rule.to_string();
    let known = cgt::impartial::known::known(&rule);
    let mut t = String::new();
    let name = known.map(|k| k.name).filter(|n| !n.is_empty()).map(|n| format!(" ({n})")).unwrap_or_default();
    let _ = writeln!(t, "{rule}{name}: G(0) to G({})", seq.asked);
    let width = match seq.periodicity {
        Some(p) if (4..=40).contains(&p.period) => p.period,
        _ => 12,
    };
    let shown = &values[..values.len().min(TEXT_VALUES)];
    let cell = shown.iter().copied().max().unwrap_or(0).to_string().len().max(format!("+{}", width - 1).len());
    let label = (shown.len().saturating_sub(1)).to_string().len().max(3);
    let _ = write!(t, "{:>label$} |", "n");
    for i in 0..width.min(shown.len()) {
        let _ = write!(t, " {:>cell$}", format!("+{i}"));
    }
    t.push('\n');
    for (r, row) in shown.chunks(width).enumerate() {
        let _ = write!(t, "{:>label$} |", r * width);
        for v in row {
            let _ = write!(t, " {v:>cell$}");
        }
        t.push('\n');
    }
    if values.len() > shown.len() {
        let _ = writeln!(t, "... G({}) to G({}) not shown (--json prints them all)", shown.len(), values.len() - 1);
    }
    match (seq.period(), seq.arithmetic()) {
        (Some(p), _) => {
            let how = match proof_text(seq) {
                Some(proof) => format!("proven by the {proof}"),
                None => format!("only observed in G(0) to G({}), not proven", seq.computed_to()),
            };
            let _ = writeln!(t, "period {}, preperiod {}: {how}", p.period, p.preperiod);
        }
        (None, Some(p)) => {
            let how = match proof_text(seq) {
                Some(proof) => format!("proven: {proof}"),
                None => format!("only observed in G(0) to G({}), not proven", seq.computed_to()),
            };
            let _ = writeln!(t, "arithmetic period {}, preperiod {}, saltus {}: {how}", p.period, p.preperiod, p.saltus);
        }
        (None, None) => {
            let _ = writeln!(t, "no period seen in G(0) to G({})", seq.computed_to());
        }
    }
    if let Some(k) = known {
        let verdict = if agrees(seq, k) { "agrees" } else { "DISAGREES" };
        let _ = writeln!(t, "published: {} ({verdict})", k.source);
    }
    let s = &seq.stats;
    match s.mask {
        Some((mask, twisted)) => {
            let _ = writeln!(
                t,
                "computed {} values, {} by the rare-value method (mask {mask:#b}{}; {} rare heaps)",
                s.computed,
                s.sparse,
                if twisted { ", twisted by the heap's parity" } else { "" },
                s.rare_heaps
            );
        }
        None => {
            let _ = writeln!(t, "computed {} values by mex", s.computed);
        }
    }
    t
}

/// `cgt misere-quotient --json`.
#[derive(serde::Serialize)]
pub struct MisereQuotientJson {
    pub rule: String,
    pub max_heap: usize,
    pub order: usize,
    /// `<a,b | a^2=1, b^3=b>` (ASCII) and as the papers print it.
    pub presentation: String,
    pub presentation_unicode: String,
    /// The heaps that are the generators `a, b, ...`.
    pub generators: Vec<usize>,
    /// Each element's name (`1`, `a`, `a*b^2`), numbered as in `table`.
    pub elements: Vec<String>,
    /// The elements whose positions the player to move loses.
    pub p_portion: Vec<String>,
    /// Heap n's element, n = 0..=max_heap.
    pub pretending: Vec<String>,
    /// The product of elements i and j is `table[i][j]`.
    pub table: Vec<Vec<u32>>,
    /// The order of the quotient of heaps 0..=h, for each h.
    pub orders: Vec<usize>,
    /// A published quotient of this rule and bound that agrees, if any.
    pub source: Option<&'static str>,
}

pub fn misere_quotient(q: &cgt::impartial::MisereQuotient) -> MisereQuotientJson {
    let rule = q.rule().to_string();
    let source = cgt::impartial::quotient::known::KNOWN
        .iter()
        .find(|k| k.max_heap == q.max_heap() && k.order == q.order() && k.rule.parse::<cgt::impartial::HeapRule>().ok().as_ref() == Some(q.rule()))
        .map(|k| k.source);
    MisereQuotientJson {
        rule,
        max_heap: q.max_heap(),
        order: q.order(),
        presentation: q.presentation_ascii(),
        presentation_unicode: q.to_string(),
        generators: q.generators().to_vec(),
        elements: (0..q.order() as u32).map(|x| q.element_ascii(x)).collect(),
        p_portion: q.p_portion().into_iter().map(|x| q.element_ascii(x)).collect(),
        pretending: q.pretending().iter().map(|&x| q.element_ascii(x)).collect(),
        table: q.table(),
        orders: q.orders().to_vec(),
        source,
    }
}

/// `cgt misere-quotient` as text: the presentation, the P-portion and the
/// pretending function.
pub fn misere_quotient_text(q: &cgt::impartial::MisereQuotient) -> String {
    let j = misere_quotient(q);
    let mut out = format!("misère quotient of {} with heaps 0..{}: order {}\n{}\n", j.rule, j.max_heap, j.order, j.presentation_unicode);
    out += &format!("P-portion (the player to move loses): {}\n", q.p_portion_text());
    let heaps: Vec<String> = (1..=q.max_heap()).map(|n| format!("{n}:{}", q.element_name(q.pretending()[n]))).collect();
    out += &format!("heaps' elements: {}\n", heaps.join(" "));
    if let Some(s) = j.source {
        out += &format!("as published: {s}\n");
    }
    out
}
