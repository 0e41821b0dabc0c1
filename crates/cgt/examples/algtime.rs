use cgt::canonical::Canon;
use cgt::side::Side;
use std::time::Instant;
fn main() {
    let src = std::env::args().nth(1).unwrap();
    let (ex, root) = cgt::notation::parse_expr(&src, &Default::default()).unwrap();
    let mut canon = Canon::new();
    let t = Instant::now();
    let g = canon.from_exprs(&ex, root).unwrap();
    eprintln!("value {:?} forms {}", t.elapsed(), canon.len());
    let mut alg = cgt::algebra::Algebra::default();
    let t = Instant::now();
    let r = alg.reduced(&mut canon, g).is_ok();
    eprintln!("reduced {r} {:?}", t.elapsed());
    let t = Instant::now();
    let n = cgt::algebra::incentives::incentives(&mut canon, g, Side::Left).len();
    eprintln!("incentives {n} {:?} work {}", t.elapsed(), canon.work());
    let t = Instant::now();
    let w0 = canon.work();
    canon.set_work_limit(Some(w0 + std::env::args().nth(2).map_or(2_000_000, |s| s.parse().unwrap())));
    let d = alg.dissociation_or_why(&mut canon, g).is_ok();
    eprintln!("work {} over {}", canon.work() - w0, canon.over_limit());
    canon.set_work_limit(None);
    let mut alg = cgt::algebra::Algebra::default();
    eprintln!("dissociation {d} {:?}", t.elapsed());
    let t = Instant::now();
    let w = alg.atomic_weight(&mut canon, g).is_ok();
    eprintln!("atomic {w} {:?}", t.elapsed());
}
