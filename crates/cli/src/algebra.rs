//! `cgt cool / chill / warm / heat / overheat / norton / algebra`, and the
//! algebra fields of `cgt eval --json`: thin renderings of `cgt::algebra`.

use crate::{quote_short, Failure};
use cgt::algebra::incentives::incentives;
use cgt::algebra::{Algebra, AlgebraError};
use cgt::canonical::{Canon, CanonId};
use cgt::notation::ParseLimits;
use cgt::side::Side;
use serde_json::{json, Map, Value};
use std::fmt::Write;

/// Longest canonical name printed (as `cgt eval`'s).
const MAX_TEXT: u64 = cgt::canonical::FULL_TEXT;

/// A game or a sum of games (`{4|0} + *`), as a canonical form; `what`
/// names the argument in the error (`game`, `--by`).
pub fn canonical(canon: &mut Canon, src: &str, what: &str) -> Result<CanonId, Failure> {
    let (ex, root) = cgt::notation::parse_expr(src, &ParseLimits::default()).map_err(|e| Failure::Input(format!("{what} {}: {e}", quote_short(src))))?;
    canon.from_exprs(&ex, root).map_err(|e| Failure::Input(format!("{what} {}: {e}", quote_short(src))))
}

/// The name CGSuite would print, or a note with its length past the cap.
fn name(canon: &mut Canon, g: CanonId) -> String {
    canon.name_within(g, MAX_TEXT).unwrap_or_else(|| format!("(not printed: {} characters)", canon.name_len(g)))
}

fn refused(e: AlgebraError) -> Failure {
    match e {
        AlgebraError::TooLarge { .. } => Failure::Other(e.to_string()),
        _ => Failure::Input(e.to_string()),
    }
}

/// The undominated incentives of `side`, without repeats, by name (as
/// CGSuite lists them).
fn incentive_names(canon: &mut Canon, g: CanonId, side: Side) -> Vec<String> {
    let mut seen: Vec<CanonId> = Vec::new();
    for i in incentives(canon, g, side) {
        if i.dominant && !seen.contains(&i.incentive) {
            seen.push(i.incentive);
        }
    }
    seen.into_iter().map(|x| name(canon, x)).collect()
}

/// `reduced_canonical`, `left_incentives`, `right_incentives`,
/// `thermal_dissociation` (`{mean, particles: [{t, particle}]}`) and
/// `atomic_weight` (with `atomic_weight_reason` where it is `null`) of a
/// canonical form, for `cgt eval` and `cgt algebra`.
pub fn fields(canon: &mut Canon, g: CanonId) -> Map<String, Value> {
    let mut alg = Algebra::default();
    let mut m = Map::new();
    // Each answer within its budget of work: past it, null and why.
    let w = cgt::algebra::ANSWER_WORK;
    match alg.within_work(canon, w, |alg, canon| alg.reduced(canon, g)) {
        Ok(r) => {
            m.insert("reduced_canonical".into(), Value::String(name(canon, r)));
        }
        Err(e) => {
            m.insert("reduced_canonical".into(), Value::Null);
            m.insert("reduced_canonical_reason".into(), Value::String(e.to_string()));
        }
    }
    for (key, side) in [("left_incentives", Side::Left), ("right_incentives", Side::Right)] {
        match alg.within_work(canon, w, |_, canon| Ok(incentive_names(canon, g, side))) {
            Ok(v) => {
                m.insert(key.into(), json!(v));
            }
            Err(e) => {
                m.insert(key.into(), Value::Null);
                m.insert(format!("{key}_reason"), Value::String(e.to_string()));
            }
        }
    }
    // Thermal dissociation: the mean and the particles, hottest first.
    match {
        let dw = cgt::algebra::dissociation_work(canon, g);
        alg.within_work(canon, dw, |alg, canon| Ok(alg.dissociation_or_why(canon, g)))
    }
    .unwrap_or_else(|e| Err(e.to_string()))
    {
        Ok(d) => {
            let parts: Vec<Value> = d.particles.iter().map(|(t, p)| json!({ "t": t.to_string(), "particle": name(canon, *p) })).collect();
            m.insert("thermal_dissociation".into(), json!({ "mean": d.mean.to_string(), "particles": parts }));
        }
        Err(why) => {
            m.insert("thermal_dissociation".into(), Value::Null);
            m.insert("thermal_dissociation_reason".into(), Value::String(why));
        }
    }
    match alg.within_work(canon, w, |alg, canon| alg.atomic_weight(canon, g)) {
        Ok(w) => {
            m.insert("atomic_weight".into(), Value::String(name(canon, w)));
        }
        Err(e) => {
            m.insert("atomic_weight".into(), Value::Null);
            let reason = match e {
                AlgebraError::NoAtomicWeight { reason } => reason,
                other => other.to_string(),
            };
            m.insert("atomic_weight_reason".into(), Value::String(reason));
        }
    }
    m
}

/// `cgt algebra GAME`: the fields above, in text too.
pub fn algebra(src: &str) -> Result<(Value, String), Failure> {
    let mut canon = Canon::new();
    let g = canonical(&mut canon, src, "game")?;
    let m = fields(&mut canon, g);
    let mut text = String::new();
    let _ = writeln!(text, "canonical:         {}", name(&mut canon, g));
    let show = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Array(a) => a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
        _ => "—".into(),
    };
    let _ = writeln!(text, "reduced canonical: {}", show(&m["reduced_canonical"]));
    let _ = writeln!(text, "Left incentives:   {}", show(&m["left_incentives"]));
    let _ = writeln!(text, "Right incentives:  {}", show(&m["right_incentives"]));
    if let Some(d) = m["thermal_dissociation"].as_object() {
        let mut line = d["mean"].as_str().unwrap_or_default().to_string();
        for p in d["particles"].as_array().into_iter().flatten() {
            let _ = write!(line, " + ∫^({}) {}", p["t"].as_str().unwrap_or_default(), p["particle"].as_str().unwrap_or_default());
        }
        let _ = writeln!(text, "dissociation:      {line}");
    }
    match m.get("atomic_weight_reason") {
        Some(r) => {
            let _ = writeln!(text, "atomic weight:     not defined: {}", show(r));
        }
        None => {
            let _ = writeln!(text, "atomic weight:     {}", show(&m["atomic_weight"]));
        }
    }
    let mut v = Map::new();
    v.insert("canonical".into(), Value::String(name(&mut canon, g)));
    v.extend(m);
    Ok((Value::Object(v), text))
}

/// An operation's result as `canonical` and `explicit` (what the contract
/// asks of `cgt cool`, `heat`, `overheat`), with the operation said.
fn result(canon: &mut Canon, op: &str, g: CanonId, r: CanonId) -> (Value, String) {
    let c = name(canon, r);
    let explicit = canon.explicit_within(r, MAX_TEXT);
    let text = format!("{c}\n");
    let v = json!({
        "operation": op,
        "game": name(canon, g),
        "canonical": c,
        "explicit": explicit.map_or(Value::Null, Value::String),
    });
    (v, text)
}

/// Which transformation `cgt` was asked for, with its arguments' texts.
pub enum Op<'a> {
    Cool(&'a str),
    Chill,
    Warm,
    Heat(&'a str),
    Overheat { from: &'a str, by: &'a str },
    Norton(&'a str),
}

/// `cgt cool GAME --by T` and the others, on one game (or sum).
pub fn transform(src: &str, op: &Op) -> Result<(Value, String), Failure> {
    let mut canon = Canon::new();
    let mut alg = Algebra::default();
    let g = canonical(&mut canon, src, "game")?;
    let (label, r) = match op {
        Op::Cool(t) => {
            let tq = t.parse::<cgt::numbers::Q>().map_err(|e| Failure::Input(format!("--by {}: {e} (cooling is by a number, e.g. 1/2)", quote_short(t))))?;
            ("cool", alg.cool(&mut canon, g, &tq))
        }
        Op::Chill => ("chill", alg.chill(&mut canon, g)),
        Op::Warm => ("warm", alg.warm(&mut canon, g)),
        Op::Heat(t) => {
            let t = canonical(&mut canon, t, "--by")?;
            ("heat", alg.heat(&mut canon, g, t))
        }
        Op::Overheat { from, by } => {
            let s = canonical(&mut canon, from, "--from")?;
            let t = canonical(&mut canon, by, "--by")?;
            ("overheat", alg.overheat(&mut canon, g, s, t))
        }
        Op::Norton(u) => {
            let u = canonical(&mut canon, u, "--by")?;
            ("norton", alg.norton(&mut canon, g, u))
        }
    };
    let r = r.map_err(refused)?;
    Ok(result(&mut canon, label, g, r))
}
