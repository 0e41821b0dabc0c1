//! Col (Colin Vout; Winning Ways ch. 2): Left colours an uncoloured vertex
//! of a graph blue, Right colours one red, and no one may colour a vertex
//! next to a vertex of their *own* colour (so in the tint language of
//! [`graph`](super::graph), Left colours untinted or red-tinted vertices,
//! Right untinted or blue-tinted ones). The player who cannot colour a
//! vertex loses. Col is cold: every position is a number or a number plus
//! `*` (Winning Ways ch. 2).
//!
//! Text: the graph format of [`graph`](super::graph) (`...:0-1,1-2`,
//! `P5`); moves `v3`. Components are the connected parts of the vertices
//! that can still be coloured, with their tints; normalisation renumbers
//! isomorphic parts alike.

use super::graph::{Colouring, Placement, Vertex};
use super::{Preset, RulesetInfo};
use crate::side::Side;

/// `cgt game col`, `?r=col`.
pub const NAME: &str = "col";

/// The Col rule: not next to one's own colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ColRule;

impl Colouring for ColRule {
    const NAME: &'static str = NAME;
    fn may_colour(side: Side, v: Vertex) -> bool {
        match v {
            Vertex::Free => true,
            Vertex::TintRed => side == Side::Left,
            Vertex::TintBlue => side == Side::Right,
            _ => false,
        }
    }
}

/// A Col position.
pub type Col = Placement<ColRule>;

/// Col in the ruleset registry.
pub const INFO: RulesetInfo = RulesetInfo {
    name: NAME,
    title: "Col",
    rules: "Players take turns colouring an uncoloured vertex of a graph, Left blue and Right red; no one may colour a vertex next to a vertex of their own colour. A coloured vertex tints its neighbours with its colour: Left may colour untinted or red-tinted vertices, Right untinted or blue-tinted ones, and a vertex tinted both ways is out of play. The player who cannot colour a vertex loses. Every Col position is a number or a number plus star.",
    source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (Col, after Colin Vout)",
    format: "vertex states, then `:` and edges `u-v` (vertices from 0), optionally `:` and one drawing point `x,y` per vertex separated by `/`: `...:0-1,1-2`. States: `.` uncoloured, `b`/`r` tinted blue/red (a neighbour is blue/red), `x` tinted both, `B`/`R` coloured. Shorthands `P5` (path), `C5` (cycle), `K4` (complete), `S3` (star). A move is the vertex: `v2`",
    example: "P5",
    players: crate::rulesets::LEFT_RIGHT,
    presets: &[
        Preset { name: "A lone vertex", position: ".", value: "*", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (either player colours it, the other has no move)" },
        Preset { name: "Two joined vertices", position: "..:0-1", value: "0", source: "Berlekamp, Conway and Guy (2001), Winning Ways ch. 2 (whoever colours first leaves the other a vertex only the other may colour: {-1|1} = 0)" },
        Preset {
            name: "Tinted path of ten",
            position: "r.r.b.r.r.:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9",
            value: "7/8",
            source: "Siegel (n.d.), CGSuite's Col tests (`R-.-R-.-L-.-R-.-R-.`)",
        },
    ],
};
