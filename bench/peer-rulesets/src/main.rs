//! Peer answers for `scripts/crosscheck-rulesets.py`: canonical forms of
//! ruleset positions by the crates.io crate `cgt` 0.11 (t4ccer/cgt-tools,
//! an independent project that happens to share our core lib's name).
//!
//! Lines in: `RULESET<TAB>POSITION` in our text formats
//! (`../shared/spec/rulesets.md`; the graph format of
//! `crates/cgt/src/rulesets/graph.rs`). Lines out: the canonical form as the
//! crate prints it, or `ERR <message>`. Rulesets: `domineering`,
//! `toads-and-frogs` (rows separated by `|` are added), `snort`, `col`,
//! `konane`, `amazons` (the grid formats are the crate's own).
//!
//! `peer-rulesets bench domineering 5x4` times the canonical form of the
//! empty Domineering board of 5 columns and 4 rows (a fresh transposition
//! table) and prints `{"board":"5x4","seconds":..,"canonical":"..."}`.
//! Nothing of this crate is used by the project.

use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::amazons::Amazons;
use cgt::short::partizan::games::col::{self, Col};
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::games::konane::Konane;
use cgt::short::partizan::games::snort::{self, Snort};
use cgt::short::partizan::games::toads_and_frogs::ToadsAndFrogs;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::io::{BufRead, Write};
use std::str::FromStr;
use std::time::Instant;

fn cf<G>(g: &G) -> CanonicalForm
where
    G: PartizanGame,
{
    let tt = ParallelTranspositionTable::new();
    g.canonical_form(&tt)
}

/// Our graph text, reduced: the vertices that can still be coloured, each
/// with its tints (blue, red), and the edges among them. Coloured vertices
/// tint their neighbours; vertices tinted both ways are dropped.
fn graph_of(text: &str) -> Result<(Vec<(bool, bool)>, Vec<(usize, usize)>), String> {
    let mut parts = text.split(':');
    let states: Vec<char> = parts.next().unwrap_or("").chars().collect();
    let mut edges = Vec::new();
    for e in parts.next().unwrap_or("").split(',').filter(|e| !e.is_empty()) {
        let (a, b) = e.split_once('-').ok_or(format!("bad edge {e}"))?;
        let a: usize = a.parse().map_err(|_| format!("bad edge {e}"))?;
        let b: usize = b.parse().map_err(|_| format!("bad edge {e}"))?;
        if a >= states.len() || b >= states.len() || a == b {
            return Err(format!("bad edge {e}"));
        }
        edges.push((a, b));
    }
    let mut tint: Vec<(bool, bool)> = Vec::new();
    for &c in &states {
        tint.push(match c {
            '.' | 'B' | 'R' => (false, false),
            'b' => (true, false),
            'r' => (false, true),
            'x' => (true, true),
            other => return Err(format!("bad state {other}")),
        });
    }
    for &(a, b) in &edges {
        for (u, v) in [(a, b), (b, a)] {
            match states[u] {
                'B' => tint[v].0 = true,
                'R' => tint[v].1 = true,
                _ => {}
            }
        }
    }
    let live: Vec<usize> = (0..states.len()).filter(|&v| !matches!(states[v], 'B' | 'R') && !(tint[v].0 && tint[v].1)).collect();
    let index = |v: usize| live.iter().position(|&u| u == v);
    let kept: Vec<(usize, usize)> = edges.iter().filter_map(|&(a, b)| Some((index(a)?, index(b)?))).collect();
    Ok((live.iter().map(|&v| tint[v]).collect(), kept))
}

fn vi(index: usize) -> VertexIndex {
    VertexIndex { index }
}

fn snort_of(text: &str) -> Result<Snort<snort::VertexKind, UndirectedGraph<snort::VertexKind>>, String> {
    let (tints, edges) = graph_of(text)?;
    // The crate's tint is the colour of a coloured neighbour (who alone may
    // colour the vertex in Snort).
    let vs: Vec<snort::VertexKind> = tints
        .iter()
        .map(|t| {
            snort::VertexKind::Single(match t {
                (false, false) => snort::VertexColor::Empty,
                (true, _) => snort::VertexColor::TintLeft,
                (_, true) => snort::VertexColor::TintRight,
            })
        })
        .collect();
    let es: Vec<(VertexIndex, VertexIndex)> = edges.iter().map(|&(a, b)| (vi(a), vi(b))).collect();
    Ok(Snort::new(UndirectedGraph::from_edges(&es, &vs)))
}

fn col_of(text: &str) -> Result<Col<col::VertexColor, UndirectedGraph<col::VertexColor>>, String> {
    let (tints, edges) = graph_of(text)?;
    // The crate's Col tint names who alone may colour the vertex: a blue
    // neighbour leaves it to Right.
    let vs: Vec<col::VertexColor> = tints
        .iter()
        .map(|t| match t {
            (false, false) => col::VertexColor::Empty,
            (true, _) => col::VertexColor::TintRight,
            (_, true) => col::VertexColor::TintLeft,
        })
        .collect();
    let es: Vec<(VertexIndex, VertexIndex)> = edges.iter().map(|&(a, b)| (vi(a), vi(b))).collect();
    Ok(Col::new(UndirectedGraph::from_edges(&es, &vs)))
}

fn answer(line: &str) -> Result<String, String> {
    let (ruleset, pos) = line.split_once('\t').ok_or("expected RULESET<TAB>POSITION")?;
    let v = match ruleset {
        "domineering" => {
            let g = Domineering::<cgt::grid::vec_grid::VecGrid<_>>::from_str(pos).map_err(|e| format!("{e:?}"))?;
            cf(&g)
        }
        "toads-and-frogs" => {
            let mut acc = CanonicalForm::new_integer(0);
            for row in pos.split('|') {
                let g = ToadsAndFrogs::from_str(row).map_err(|_| format!("bad row {row}"))?;
                acc = &acc + &cf(&g);
            }
            acc
        }
        "snort" => cf(&snort_of(pos)?),
        "col" => cf(&col_of(pos)?),
        // Grids as the crate reads them (`x` Left, `o` Right, `.`, `#`):
        // for when our core has these rulesets.
        "konane" => cf(&Konane::<cgt::grid::vec_grid::VecGrid<_>>::from_str(pos).map_err(|e| format!("{e:?}"))?),
        "amazons" => cf(&Amazons::<cgt::grid::vec_grid::VecGrid<_>>::from_str(pos).map_err(|e| format!("{e:?}"))?),
        other => return Err(format!("unknown ruleset {other}")),
    };
    Ok(v.to_string())
}

fn bench(args: &[String]) -> Result<(), String> {
    let [game, board] = args else { return Err("usage: peer-rulesets bench domineering WxH".into()) };
    if game != "domineering" {
        return Err(format!("no bench for {game}"));
    }
    let (w, h) = board.split_once('x').ok_or("board WxH")?;
    let (w, h): (usize, usize) = (w.parse().map_err(|_| "width")?, h.parse().map_err(|_| "height")?);
    let text = vec![".".repeat(w); h].join("|");
    let g = Domineering::<cgt::grid::vec_grid::VecGrid<_>>::from_str(&text).map_err(|e| format!("{e:?}"))?;
    let t0 = Instant::now();
    let v = cf(&g);
    let secs = t0.elapsed().as_secs_f64();
    let canonical = v.to_string().replace('\\', "\\\\").replace('"', "\\\"");
    println!("{{\"board\":\"{board}\",\"seconds\":{secs:.3},\"canonical\":\"{canonical}\"}}");
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        if let Err(e) = bench(&args[1..]) {
            eprintln!("peer-rulesets: {e}");
            std::process::exit(2);
        }
        return;
    }
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        let a = answer(line.trim_end_matches(['\r', '\n'])).unwrap_or_else(|e| format!("ERR {e}"));
        writeln!(out, "{a}").expect("stdout");
    }
}
