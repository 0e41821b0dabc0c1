//! The session of an impartial ruleset: nim-values instead of partizan
//! canonical forms, and a choice of normal or misère play.
//!
//! A position's value is the nimber of its nim-value ([`NimSolver`]), so
//! the report's canonical form is `*g` and the components' explicit forms
//! add to any partizan game on the Sums page (a nim-value `g` is `*g` in
//! every sum). Under misère play ([`Session::set_misere`]) the player who
//! cannot move wins: the outcome, the winning moves and the computer's
//! play come from the misère search of the whole position, and the report
//! adds the misère canonical form and genus where they are computed.

use super::engine::EngineError;
use super::nimbers::{MisereForms, NimSolver};
use super::session::{parse, ComponentReport, GameError, GameReport, ImpartialReport, MoveReport, Session, MAX_EXPLICIT};
use super::{Ruleset, RulesetInfo};
use crate::canonical::{Canon, CanonId};
use crate::numbers::Q;
use crate::outcome::Outcome;
use crate::side::Side;
use crate::thermograph::Thermograph;

/// A session of an impartial ruleset.
pub(crate) struct NimSession<R: Ruleset> {
    info: &'static RulesetInfo,
    pos: R,
    solver: NimSolver<R>,
    misere: bool,
    canon: Canon,
    /// Misère canonical forms, made when misère play is asked for.
    forms: Option<MisereForms<R>>,
}

/// Most misère forms a session makes (wild games' forms multiply fast).
const MAX_MISERE_FORMS: usize = 200_000;
/// Longest misère form name a report carries.
const MAX_MISERE_NAME: usize = 400;

/// How the registry's table opens a session of an impartial ruleset.
pub(crate) fn open<R: Ruleset>(info: &'static RulesetInfo, text: &str, max_positions: usize) -> Result<Box<dyn Session>, GameError> {
    Ok(Box::new(NimSession { info, pos: parse::<R>(text)?, solver: NimSolver::<R>::new(max_positions), misere: false, canon: Canon::new(), forms: None }))
}

/// `*g` as CGSuite names it: `0`, `*`, `*2`, ...
pub fn nimber_name(g: u32) -> String {
    match g {
        0 => "0".to_string(),
        1 => "*".to_string(),
        g => format!("*{g}"),
    }
}

impl<R: Ruleset> NimSession<R> {
    fn nimber(&mut self, g: u32) -> CanonId {
        self.canon.nimber(g as usize)
    }
    fn thermograph(&mut self, g: u32) -> Result<Thermograph, GameError> {
        // Every nonzero nimber has the thermograph of `*` (stops 0, a mast
        // from temperature 0): no need to walk `*g`'s g options.
        let id = self.nimber(g.min(1));
        let mut thermos = Default::default();
        crate::algebra::thermographs_into(&mut thermos, &mut self.canon, id, 1_000).map_err(|_| GameError::Engine(EngineError::TooLarge { max: 1_000 }))?;
        Ok(thermos[&id].clone())
    }
    /// Whether the player to move wins, under the session's play.
    fn wins(&mut self, pos: &R) -> Result<bool, GameError> {
        Ok(if self.misere { self.solver.misere_wins(pos)? } else { self.solver.value(pos)? != 0 })
    }
    /// Every move with its position after and whether it wins (the player
    /// then to move loses), under the session's play.
    fn rated(&mut self) -> Result<Vec<(R::Move, R, bool)>, GameError> {
        let pos = self.pos.clone();
        let mut out = Vec::new();
        for (m, next) in pos.play_all(Side::Left) {
            let wins = !self.wins(&next)?;
            out.push((m, next, wins));
        }
        Ok(out)
    }
}

impl<R: Ruleset> Session for NimSession<R> {
    fn info(&self) -> &'static RulesetInfo {
        self.info
    }
    fn position(&self) -> String {
        self.pos.to_string()
    }
    fn set_position(&mut self, text: &str) -> Result<(), GameError> {
        self.pos = parse(text)?;
        Ok(())
    }
    fn moves(&self, side: Side) -> Vec<String> {
        self.pos.moves(side).iter().map(|m| m.to_string()).collect()
    }
    fn play(&mut self, side: Side, mv: &str) -> Result<(), GameError> {
        let m = self.pos.parse_move(side, mv)?;
        self.pos = self.pos.play(side, m).expect("parse_move returns legal moves");
        Ok(())
    }
    fn size(&self) -> usize {
        self.pos.size()
    }
    fn component_texts(&self) -> Vec<String> {
        self.pos.components().iter().map(|c| c.to_string()).collect()
    }
    fn set_budget(&mut self, max_positions: usize) {
        self.solver.set_max_positions(max_positions);
    }
    fn report(&mut self) -> Result<GameReport, GameError> {
        let pos = self.pos.clone();
        let parts = self.solver.component_values(&pos)?;
        let mut components = Vec::new();
        let mut component_values = Vec::new();
        for (c, g) in parts {
            let th = self.thermograph(g)?;
            let id = self.nimber(g);
            components.push(ComponentReport {
                position: c.to_string(),
                canonical: nimber_name(g),
                mean: th.mean().clone(),
                temperature: th.temperature().clone(),
                thermograph: th,
                explicit: self.canon.explicit_within(id, MAX_EXPLICIT),
                go: None,
            });
            component_values.push(g);
        }
        let g = self.solver.value(&pos)?;
        let thermograph = self.thermograph(g)?;
        let first_player_wins = self.wins(&pos)?;
        let outcome = if first_player_wins { Outcome::N } else { Outcome::P };
        let winning_moves = self.rated()?.into_iter().filter(|r| r.2).map(|r| r.0.to_string()).collect();
        let (mut misere_form, mut genus, mut tame, mut misere_note) = (None, None, None, None);
        if self.misere {
            let budget = self.solver.max_positions();
            let forms = self.forms.get_or_insert_with(|| MisereForms::new(MAX_MISERE_FORMS));
            match forms.form(&pos, budget) {
                Ok(f) => {
                    let c = forms.canon();
                    misere_form =
                        Some(c.name_within(f, MAX_MISERE_NAME).unwrap_or_else(|| format!("(a form whose name is longer than {MAX_MISERE_NAME} characters)")));
                    genus = Some(c.genus(f).to_string());
                    tame = Some(c.is_tame(f));
                }
                Err(e) => misere_note = Some(e.to_string()),
            }
        }
        Ok(GameReport {
            ruleset: self.info.name,
            position: pos.to_string(),
            components,
            canonical: nimber_name(g),
            mean: Q::zero(),
            temperature: thermograph.temperature().clone(),
            left_stop: Q::zero(),
            right_stop: Q::zero(),
            outcome,
            thermograph,
            positions: self.solver.positions(),
            // Every nimber is infinitesimal with atomic weight 0.
            atomic_weight: Some("0".to_string()),
            atomic_weight_reason: None,
            impartial: Some(ImpartialReport {
                nim_value: g,
                component_values,
                misere: self.misere,
                first_player_wins,
                winning_moves,
                misere_form,
                genus,
                tame,
                misere_note,
            }),
        })
    }
    fn rate_moves(&mut self, _side: Side) -> Result<Vec<MoveReport>, GameError> {
        let mut out = Vec::new();
        for (m, next, wins) in self.rated()? {
            let g = self.solver.value(&next)?;
            out.push(MoveReport { mv: m.to_string(), value: nimber_name(g), wins, undominated: true });
        }
        Ok(out)
    }
    fn best_move(&mut self, _side: Side) -> Result<Option<String>, GameError> {
        let rated = self.rated()?;
        if let Some(w) = rated.iter().find(|r| r.2) {
            return Ok(Some(w.0.to_string()));
        }
        // Lost against best play: the move that leaves most to play, so
        // the opponent has the most chances to go wrong.
        Ok(rated.iter().max_by_key(|r| r.1.size()).map(|r| r.0.to_string()))
    }
    fn uct_move(&self, side: Side, seed: u64, _iterations: u32) -> Option<String> {
        // Past the exact budget: a legal move picked by the seed (Monte
        // Carlo playouts decide normal-play games by the last move, which
        // misère play turns round).
        let moves = self.pos.moves(side);
        if moves.is_empty() {
            return None;
        }
        let mut rng = crate::rng::SplitMix64::new(seed);
        Some(moves[rng.below(moves.len() as u64) as usize].to_string())
    }
    fn sum_components(&mut self) -> Result<Vec<String>, GameError> {
        let pos = self.pos.clone();
        let mut out = Vec::new();
        for (c, g) in self.solver.component_values(&pos)? {
            let id = self.nimber(g);
            out.push(self.canon.explicit_within(id, MAX_EXPLICIT).ok_or(GameError::TooLong { component: c.to_string(), max: MAX_EXPLICIT })?);
        }
        Ok(out)
    }
    fn scored(&self) -> bool {
        false
    }
    fn move_score(&self, side: Side, mv: &str) -> Result<Q, GameError> {
        self.pos.parse_move(side, mv)?;
        Ok(Q::zero())
    }
    fn impartial(&self) -> bool {
        true
    }
    fn move_words(&self, side: Side, mv: &str) -> Option<String> {
        let m = self.pos.parse_move(side, mv).ok()?;
        self.pos.move_words(m)
    }
    fn misere(&self) -> bool {
        self.misere
    }
    fn set_misere(&mut self, on: bool) -> Result<(), GameError> {
        self.misere = on;
        Ok(())
    }
}
