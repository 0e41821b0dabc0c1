//! Go's session: how the board's position is valued when play in it meets
//! a ko.
//!
//! The engine values games that always end, and a ko can make play cycle,
//! so the generic session (`rulesets::session`) would refuse any position
//! with a ko in its future. Most such kos do not matter, so this session
//! values the position once with each side winning every ko and gives the
//! value when the two agree, and refuses in a Go player's words when they
//! do not. It also refuses, before any search, what the values never cover
//! (a ko just taken, a seki, a region too large) and adds to each region's
//! card what Mathematical Go reads from it (chilled value, kind of play).
//! Everything else is the generic session, wrapped.

use crate::numbers::Q;
use crate::rulesets::engine::{Board, EngineError, Solver};
use crate::rulesets::go;
use crate::rulesets::session::{
    parse, strategy_moves_of, GameError, GameReport, Generic, GoRegion, MoveReport, Session, StrategyMove, ATOMIC_MAX_FORMS, MAX_NAME, PASS,
};
use crate::rulesets::{Ruleset, RulesetInfo};
use crate::search::montecarlo::{uct_move, UctConfig};
use crate::side::Side;
use crate::thermograph::Thermograph;

/// How the registry's table opens a Go session (kos: see [`GoSession`]).
pub(crate) fn open(_info: &'static RulesetInfo, text: &str, max_positions: usize) -> Result<Box<dyn Session>, GameError> {
    Ok(Box::new(GoSession::new(parse::<go::Go>(text)?, max_positions)))
}

/// Go's session: the generic session over [`go::Go`], but a position whose
/// play meets a ko is valued twice, once with Black winning every ko and
/// once with White (each time the other side may take no ko, so play always
/// ends). Equal values say no ko matters, and that is the value; different
/// values are refused, with both. One solver serves every run: a position
/// with White winning the kos is the colour-swapped image of one with Black
/// winning them, so the second run reuses much of the first.
struct GoSession {
    pos: go::Go,
    g: Generic<go::Go>,
    /// Whether play in the current position meets a ko (`None`: not known
    /// yet).
    ko: Option<bool>,
}

impl GoSession {
    fn new(pos: go::Go, max_positions: usize) -> GoSession {
        let g = Generic { info: &go::INFO, pos: pos.clone(), solver: Solver::new(max_positions) };
        GoSession { pos, g, ko: None }
    }
    /// The generic session at `pos`.
    fn at(&mut self, pos: go::Go) -> &mut Generic<go::Go> {
        self.g.pos = pos;
        &mut self.g
    }
    /// Whether play in the position meets a ko (every move allowed, the
    /// engine refuses at the first ko).
    fn has_ko(&mut self) -> Result<bool, GameError> {
        if let Some(k) = self.ko {
            return Ok(k);
        }
        let pos = self.pos.clone();
        let k = match self.at(pos).report() {
            Ok(_) => false,
            Err(GameError::Engine(EngineError::Refused { .. })) => true,
            Err(e) => return Err(e),
        };
        self.ko = Some(k);
        Ok(k)
    }
    /// The report with each region's chilled and warmed values and kind of
    /// play (`valued`: the position as valued).
    fn with_regions(&mut self, mut r: GameReport, valued: &go::Go) -> GameReport {
        let Ok(parts) = self.g.solver.component_values(valued) else { return r };
        for (c, (_, v)) in r.components.iter_mut().zip(parts) {
            let mut alg = crate::algebra::Algebra::new(ATOMIC_MAX_FORMS);
            let canon = self.g.solver.canon();
            let chilled = alg.chill(canon, v).ok();
            // Warming undoes chilling only for even positions (Mathematical
            // Go's "even elementary"); elsewhere it gives another game (1*
            // for 1, {1*|-1*} for ±1), which would mislead beside the
            // value, so it is kept only where it gives the value back.
            let warmed = chilled.and_then(|ch| alg.warm(canon, ch).ok()).filter(|&w| w == v);
            let name = |canon: &mut crate::canonical::Canon, g| canon.name_within(g, MAX_NAME).unwrap_or_else(|| "(too long to print)".into());
            let chilled_name = chilled.map(|g| name(canon, g));
            let warmed_name = warmed.map(|g| name(canon, g));
            // The kind by the walls (`crate::sente`), in Black's and White's names.
            let play = crate::sente::classify(&c.thermograph).kind.words(["Black", "White"]);
            c.go = Some(GoRegion { chilled: chilled_name, warmed: warmed_name, play });
        }
        r
    }
    /// The position as valued: itself when no ko is met, else with `winner`
    /// winning every ko (or, if play can still cycle, with the other side
    /// taking nothing at all: a bound all the same, that side only lost
    /// options).
    fn valued_as(&mut self, winner: Side) -> Result<go::Go, GameError> {
        if !self.has_ko()? {
            return Ok(self.pos.clone());
        }
        let light = self.pos.kos_won_by(winner);
        match self.at(light.clone()).report() {
            Err(GameError::Engine(EngineError::Refused { .. })) => Ok(self.pos.captures_only_by(winner)),
            _ => Ok(light),
        }
    }
}

/// A refusal of the engine's, as the session's error.
fn refused(reason: String) -> GameError {
    GameError::Engine(EngineError::Refused { reason })
}

/// A ko that matters, in a Go player's words: the count and the size of
/// the move with each side winning the ko (`at`: where, or empty).
fn ko_words(at: &str, black: &Thermograph, white: &Thermograph) -> String {
    // The kind just below the temperature only (the cooler ambients'
    // list would bury the two sizes).
    let words = |th: &Thermograph| {
        let p = crate::sente::classify(th).phrase(["Black", "White"]);
        p.split("; at a cooler ambient").next().unwrap_or_default().to_string()
    };
    format!(
        "a ko matters{at}: if Black wins the ko, {}; if White wins it, {}. Who wins a ko depends on the ko threats elsewhere, and these values are for games that always end, so it is not valued",
        words(black),
        words(white)
    )
}

impl GoSession {
    /// The regions of the board's position that cannot be valued, refused
    /// before any search, each named and marked: too large, nobody can
    /// move, a seki. A position deep in a search where nobody can move is
    /// final (its count), not refused.
    fn check_regions(&self) -> Result<(), GameError> {
        let regions = self.pos.regions();
        for (c, pts) in self.pos.components().iter().zip(&regions) {
            let names = self.pos.names(pts);
            if pts.len() > go::MAX_REGION {
                // Named point by point (and marked) while the list is short;
                // a big one by its corners.
                let at = if pts.len() <= 2 * go::MAX_REGION {
                    format!("{names} {}", go::MARKED)
                } else {
                    let (r0, r1) = (pts.iter().map(|p| p.0).min().unwrap_or(0), pts.iter().map(|p| p.0).max().unwrap_or(0));
                    let (c0, c1) = (pts.iter().map(|p| p.1).min().unwrap_or(0), pts.iter().map(|p| p.1).max().unwrap_or(0));
                    format!("between {} and {}", self.pos.names(&[(r1, c0)]), self.pos.names(&[(r0, c1)]))
                };
                return Err(refused(format!(
                    "the region of {} points (open points and stones that can be captured) is too large to value exactly, at most {}: {at}. Mark the stones that live as safe (X, O), which cuts the board into regions, or value a corner (# marks points off the board)",
                    pts.len(),
                    go::MAX_REGION,
                )));
            }
            match c.trouble() {
                Some(go::Trouble::NoMoves) => {
                    return Err(refused(format!(
                        "nobody can move in the region of {names} {}, though its points are not all settled: a seki (under Japanese counting its points count 0 for both sides), or stones that cannot be captured. Mark the stones that live safe (X, O), and points nobody will fill off the board (#), to value the rest",
                        go::MARKED
                    )))
                }
                Some(go::Trouble::Seki) => {
                    return Err(refused(format!(
                        "the region of {names} {} is a seki: its stones live without eyes, and whoever plays there first puts its own stones in atari. Under Japanese counting a seki counts 0 for both sides (no territory); these values do not cover it. Mark the stones in seki safe (X, O) and the shared points off the board (#) to value the rest",
                        go::MARKED
                    )))
                }
                None => {}
            }
        }
        Ok(())
    }
}

impl Session for GoSession {
    fn info(&self) -> &'static RulesetInfo {
        &go::INFO
    }
    fn position(&self) -> String {
        self.pos.to_string()
    }
    fn set_position(&mut self, text: &str) -> Result<(), GameError> {
        self.pos = parse::<go::Go>(text)?;
        self.ko = None;
        Ok(())
    }
    fn moves(&self, side: Side) -> Vec<String> {
        self.pos.moves(side).iter().map(|m| m.to_string()).collect()
    }
    fn play(&mut self, side: Side, mv: &str) -> Result<(), GameError> {
        if mv.trim() == PASS {
            self.pos = self.pos.passed();
            self.ko = None;
            return Ok(());
        }
        let m = self.pos.parse_move(side, mv)?;
        self.pos = self.pos.play(side, m).expect("parse_move returns legal moves");
        self.ko = None;
        Ok(())
    }
    fn can_pass(&self) -> bool {
        true
    }
    fn final_count(&self) -> Option<Q> {
        Some(Q::from_int(self.pos.final_count()))
    }
    fn size(&self) -> usize {
        self.pos.size()
    }
    fn component_texts(&self) -> Vec<String> {
        self.pos.components().iter().map(|c| c.to_string()).collect()
    }
    fn set_budget(&mut self, max_positions: usize) {
        self.g.set_budget(max_positions);
        self.ko = None;
    }
    fn report(&mut self) -> Result<GameReport, GameError> {
        if let Some((r, c)) = self.pos.ko_point() {
            let at = self.pos.names(&[(r, c)]);
            return Err(refused(format!("a ko was just taken: the retake at {at} {} must wait a move; play in a ko is loopy, and these values do not cover it (play elsewhere, pass, or fill the ko, first)", go::MARKED)));
        }
        self.check_regions()?;
        let pos_b = self.valued_as(Side::Left)?;
        let b = self.at(pos_b.clone()).report()?;
        if !self.has_ko()? {
            return Ok(self.with_regions(GameReport { position: self.pos.to_string(), ..b }, &self.pos.clone()));
        }
        let pos_w = self.valued_as(Side::Right)?;
        let w = self.at(pos_w).report()?;
        let regions = self.pos.regions();
        for (i, (cb, cw)) in b.components.iter().zip(&w.components).enumerate() {
            if cb.canonical != cw.canonical {
                let at = regions.get(i).map(|pts| format!(" in the region of {} {}", self.pos.names(pts), go::MARKED)).unwrap_or_default();
                return Err(refused(ko_words(&at, &cb.thermograph, &cw.thermograph)));
            }
        }
        if b.canonical != w.canonical {
            return Err(refused(ko_words("", &b.thermograph, &w.thermograph)));
        }
        Ok(self.with_regions(GameReport { position: self.pos.to_string(), ..b }, &pos_b))
    }
    /// The mover's moves rated with the mover winning kos (all its moves
    /// are allowed then), once the position itself is valued.
    fn rate_moves(&mut self, side: Side) -> Result<Vec<MoveReport>, GameError> {
        self.report()?;
        let pos = self.valued_as(side)?;
        self.at(pos).rate_moves(side)
    }
    fn best_move(&mut self, side: Side) -> Result<Option<String>, GameError> {
        self.report()?;
        let pos = self.valued_as(side)?;
        self.at(pos).best_move(side)
    }
    /// On the board's position (the inner session's is whichever was
    /// valued last).
    fn uct_move(&self, side: Side, seed: u64, iterations: u32) -> Option<String> {
        let cfg = UctConfig { iterations, seed, ..UctConfig::default() };
        uct_move(&Board(self.pos.clone()), side, cfg).map(|c| c.mv.to_string())
    }
    fn sum_components(&mut self) -> Result<Vec<String>, GameError> {
        self.report()?;
        let pos = self.valued_as(Side::Left)?;
        self.at(pos).sum_components()
    }
    fn scored(&self) -> bool {
        false
    }
    fn move_score(&self, _side: Side, mv: &str) -> Result<Q, GameError> {
        self.pos.parse_move(Side::Left, mv).or_else(|_| self.pos.parse_move(Side::Right, mv))?;
        Ok(Q::zero())
    }
    fn strategy_moves(&mut self, side: Side) -> Result<Vec<StrategyMove>, GameError> {
        self.report()?;
        let pos = self.valued_as(side)?;
        let budget = self.g.solver.max_positions();
        strategy_moves_of(self.at(pos), side, budget)
    }
}
