//! Snort (Simon Norton; Winning Ways ch. 2): Left colours an uncoloured
//! vertex of a graph blue, Right colours one red, and no one may colour a
//! vertex next to a vertex of the *other* player's colour (so in the
//! tint language of [`graph`](super::graph), Left colours untinted or
//! blue-tinted vertices, Right untinted or red-tinted ones). The player who
//! cannot colour a vertex loses. Snort is hot: a move gains the mover
//! territory.
//!
//! Text: the graph format of [`graph`](super::graph) (`...:0-1,1-2`,
//! `b...b:0-1,1-2,2-3,3-4`, `P5`); moves `v3`. Components are the
//! connected parts of the vertices that can still be coloured, with their
//! tints; normalisation renumbers isomorphic parts alike.

use super::graph::{Colouring, Placement, Vertex};
use super::{Preset, RulesetInfo};
use crate::side::Side;

/// `cgt game snort`, `?r=snort`.
pub const NAME: &str = "snort";

/// The Snort rule: not next to the other player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SnortRule;

impl Colouring for SnortRule {
    const NAME: &'static str = NAME;
    fn may_colour(side: Side, v: Vertex) -> bool {
        match v {
            Vertex::Free => true,
            Vertex::TintBlue => side == Side::Left,
            Vertex::TintRed => side == Side::Right,
            _ => false,
        }
    }
}

/// A Snort position.
pub type Snort = Placement<SnortRule>;

/// Snort in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Snort",
    rules: "Players take turns colouring an uncoloured vertex of a graph, Left blue and Right red; no one may colour a vertex next to a vertex of the other player's colour. A coloured vertex tints its neighbours with its colour: Left may colour untinted or blue-tinted vertices, Right untinted or red-tinted ones, and a vertex tinted both ways is out of play. The player who cannot colour a vertex loses.",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Snort, after Simon Norton)",
    format: "vertex states, then `:` and edges `u-v` (vertices from 0), optionally `:` and one drawing point `x,y` per vertex separated by `/`: `...:0-1,1-2`. States: `.` uncoloured, `b`/`r` tinted blue/red (a neighbour is blue/red), `x` tinted both, `B`/`R` coloured. Shorthands `P5` (path), `C5` (cycle), `K4` (complete), `S3` (star). A move is the vertex: `v2`",
    example: "P5",
    players: crate::rulesets::LEFT_RIGHT,
    presets: &[
        Preset { name: "A lone vertex", position: ".", value: "*", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (either player colours it, the other has no move)" },
        Preset { name: "Path of five, ends tinted blue", position: "b...b:0-1,1-2,2-3,3-4", value: "{4|0, ±1}", source: "Siegel (n.d.), CGSuite's Snort tests (`L-.-.-.-L`, printed {4|0,+-1})" },
        Preset { name: "A small tree", position: ".....:0-1,1-2,2-3,2-4", value: "{{3|2}|{-2|-3}}", source: "Siegel (n.d.), CGSuite's Snort tests (`.-.-.(-.;-.)`, printed +-{3|2}: {{3|2}|{-2|-3}})" },
        Preset {
            name: "Caterpillar C(3,2,3)",
            position: "...........:0-1,0-2,1-3,1-4,1-5,0-6,0-7,2-8,2-9,2-10",
            value: "{5, {{8|6*}|0}|-5, {0|{-6*|-8}}}",
            source: "cgt-tools (n.d.), its Snort tests (the caterpillar C(n+1, n, n+1) with n = 2)",
        },
    ],
};
