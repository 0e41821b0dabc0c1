use cgt::bench::SplitMix64;
use cgt::numbers::ExtQ;
use cgt::rulesets::heapgo::{HeapGo, HeapGoTree};
use cgt::search::mt::{MtConfig, MtEngine};

#[test]
#[ignore]
fn tune() {
    let sizes: Vec<usize> = std::env::var("SIZES").unwrap_or("3,2,2".into()).split(',').map(|x| x.parse().unwrap()).collect();
    let games: usize = std::env::var("GAMES").unwrap_or("60".into()).parse().unwrap();
    let random = std::env::var("RANDOM").is_ok();
    let verb = std::env::var("VERB").is_ok();
    let ds = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75];
    let mut se = [0.0; 6];
    let mut rng = SplitMix64::new(777);
    for gi in 0..games {
        let g = HeapGo::random(&sizes, &mut rng).unwrap();
        let a = g.analyse(1 << 22).unwrap();
        let exact = a.thermograph.temperature().to_f64().max(0.0);
        let t: f64 = a.terminals.to_string().parse().unwrap();
        let tree = if random { HeapGoTree::shuffled(&g, &mut SplitMix64::new(gi as u64)) } else { HeapGoTree::by_temperature(&g, 1 << 20).unwrap() };
        let mut cfg = MtConfig::with_seed(gi as u64);
        if let Ok(v) = std::env::var("NOISE") { cfg.noise = v.parse().unwrap(); }
        if std::env::var("NOSTAB").is_ok() { cfg.stability = false; }
        if std::env::var("NOWEIGHT").is_ok() { cfg.weighted = false; }
        if std::env::var("ANCLB").is_ok() { cfg.ancestors_by_lower = true; }
        if std::env::var("COMPLETE").is_ok() { cfg.complete_sides = true; }
        let mut e = MtEngine::new(cfg);
        let mut line = format!("g{gi} T{t} exact {exact:.2}:");
        for (j, d) in ds.iter().enumerate() {
            let budget = (sizes.len() as f64 * t.powf(*d)).ceil() as usize;
            e.run(&tree, budget).unwrap();
            let est = e.estimate().temperature.to_f64().max(0.0);
            se[j] += (est - exact).powi(2);
            let b = e.bounds();
            let f = |x: &ExtQ| match x { ExtQ::Finite(q) => format!("{:.2}", q.to_f64()), ExtQ::PosInf => "INF".into(), ExtQ::NegInf => "-INF".into() };
            line += &format!(" [{} {} {:.2}]", f(&b.temperature.0), f(&b.temperature.1), est);
        }
        if verb { println!("{line} nodes {} solved {}", e.nodes(), e.is_solved()); }
    }
    println!("SE {:?}", se.iter().map(|s| ((s / games as f64).sqrt() * 100.0).round() / 100.0).collect::<Vec<_>>());
}

#[test]
#[ignore]
fn trace_one() {
    use cgt::search::mt::Outcome;
    let sizes = [3usize, 2, 2];
    let want: usize = std::env::var("G").unwrap_or("13".into()).parse().unwrap();
    let mut rng = SplitMix64::new(777);
    for gi in 0..=want {
        let g = HeapGo::random(&sizes, &mut rng).unwrap();
        if gi != want { g.analyse(1 << 22).unwrap(); continue; }
        let a = g.analyse(1 << 22).unwrap();
        println!("{g} exact mean {} t {}", a.thermograph.mean(), a.thermograph.temperature());
        let tree = HeapGoTree::by_temperature(&g, 1 << 20).unwrap();
        let mut e = MtEngine::new(MtConfig::with_seed(gi as u64));
        let from: usize = std::env::var("FROM").unwrap_or("150".into()).parse().unwrap();
        let n: usize = std::env::var("N").unwrap_or("60".into()).parse().unwrap();
        e.run(&tree, from).unwrap();
        for _ in 0..n {
            let s = e.step(&tree).unwrap().unwrap();
            let b = e.bounds();
            let o = match &s.outcome { Outcome::Terminal(p, v) => format!("{p}={v}"), Outcome::NotExists => format!("{} NX", s.proposed) };
            println!("{o:<28} m[{} {}] t[{} {}]", b.mean.0, b.mean.1, b.temperature.0, b.temperature.1);
        }
    }
}
