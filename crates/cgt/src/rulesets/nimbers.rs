//! The impartial engine: nim-values of any impartial ruleset by the mex
//! rule with a table, and misère outcomes by a search of whole positions.
//!
//! **Normal play.** In an impartial game every position is worth a nimber
//! `*g`, and a sum is worth the nim-sum (XOR) of its parts (Sprague 1935,
//! Grundy 1939). So a position's value is the XOR of its components'
//! ([`Ruleset::components`]), and a component's is the mex (least number
//! not among) of its options' values. The table holds components under
//! [`Ruleset::normalised`]; a ruleset with a faster way (a heap game's nim
//! sequence) answers [`Ruleset::known_nim_value`] instead. No partizan
//! canonical form is built: a row of 40 Kayles pins costs 40 table entries.
//!
//! **Misère play** (the player who cannot move wins). A misère position
//! is not decided by its components' nim-values: `*1` alone is lost by the
//! player to move, `*1 + *1` won (Winning Ways ch. 13). So the search here
//! never adds values: it looks at the whole position, a multiset of
//! normalised components (components with no move, worth 0 in either play,
//! left out), and asks whether some move leads to a position lost for the
//! player then to move; the empty multiset is won by the player to move,
//! who cannot move. Positions are memoised as sorted multisets, so `3 5`
//! and `5 3` are one entry.
//!
//! Both searches use an explicit stack (no recursion) and stop with
//! [`EngineError::TooLarge`] past `max_positions` new positions a call.

use super::engine::EngineError;
use super::Ruleset;
use crate::side::Side;
use rustc_hash::FxHashMap;

/// The nim-values and misère outcomes of one impartial ruleset's positions.
pub struct NimSolver<R: Ruleset> {
    values: FxHashMap<R, u32>,
    /// Sorted multisets of normalised components: is it won by the player
    /// to move, in misère play?
    misere: FxHashMap<Vec<R>, bool>,
    max_positions: usize,
}

impl<R: Ruleset> NimSolver<R> {
    pub fn new(max_positions: usize) -> NimSolver<R> {
        NimSolver { values: FxHashMap::default(), misere: FxHashMap::default(), max_positions }
    }
    pub fn set_max_positions(&mut self, max: usize) {
        self.max_positions = max;
    }
    pub fn max_positions(&self) -> usize {
        self.max_positions
    }
    /// Positions valued so far (normal-play components and misère multisets).
    pub fn positions(&self) -> usize {
        self.values.len() + self.misere.len()
    }

    /// The nim-value of a position: the nim-sum of its components'.
    pub fn value(&mut self, pos: &R) -> Result<u32, EngineError> {
        if let Some(known) = pos.known_nim_value() {
            return known;
        }
        let mut x = 0;
        for c in pos.components() {
            x ^= self.component(c)?;
        }
        Ok(x)
    }

    /// Each component with its nim-value.
    pub fn component_values(&mut self, pos: &R) -> Result<Vec<(R, u32)>, EngineError> {
        pos.components().into_iter().map(|c| self.component(c.clone()).map(|v| (c, v))).collect()
    }

    /// The nim-value of one component, by the mex of its options' values.
    fn component(&mut self, c: R) -> Result<u32, EngineError> {
        if let Some(known) = c.known_nim_value() {
            return known;
        }
        let key = c.normalised();
        if let Some(&v) = self.values.get(&key) {
            return Ok(v);
        }
        let mut fresh = 0usize;
        // A frame: a component, its options' components, and how far the
        // options have been looked at.
        struct Frame<R> {
            key: R,
            options: Vec<Vec<R>>,
            next: usize,
            seen: Vec<u32>,
        }
        let frame = |key: R| {
            let options = key.options(Side::Left).into_iter().map(|o| o.components().into_iter().map(|c| c.normalised()).collect()).collect();
            Frame { key, options, next: 0, seen: Vec::new() }
        };
        let mut stack = vec![frame(key.clone())];
        while let Some(top) = stack.last_mut() {
            if top.next == top.options.len() {
                let done = stack.pop().expect("a frame");
                let v = mex(done.seen);
                self.values.insert(done.key, v);
                continue;
            }
            // Value the option's components that are not in the table yet,
            // one at a time; the option is summed once all are.
            let option = &top.options[top.next];
            let missing = option.iter().find(|part| part.known_nim_value().is_none() && !self.values.contains_key(*part)).cloned();
            match missing {
                Some(part) => {
                    fresh += 1;
                    if fresh > self.max_positions {
                        return Err(EngineError::TooLarge { max: self.max_positions });
                    }
                    stack.push(frame(part));
                }
                None => {
                    let mut x = 0;
                    for part in option {
                        x ^= match part.known_nim_value() {
                            Some(v) => v?,
                            None => self.values[part],
                        };
                    }
                    top.seen.push(x);
                    top.next += 1;
                }
            }
        }
        Ok(self.values[&key])
    }

    /// Every move with the nim-value after it; the moves to 0 win in
    /// normal play.
    pub fn rate_moves(&mut self, pos: &R) -> Result<Vec<(R::Move, u32)>, EngineError> {
        let mut out = Vec::new();
        for (m, next) in pos.play_all(Side::Left) {
            out.push((m, self.value(&next)?));
        }
        Ok(out)
    }

    /// The multiset a misère position is memoised under.
    fn misere_key(pos: &R) -> Vec<R> {
        let mut parts: Vec<R> = pos.components().into_iter().map(|c| c.normalised()).filter(|c| !c.moves(Side::Left).is_empty()).collect();
        parts.sort_by_cached_key(|p| p.to_string());
        parts
    }

    /// The options of a misère multiset: each move in one part, the part
    /// replaced by what it leaves.
    fn misere_options(key: &[R]) -> Vec<Vec<R>> {
        let mut out = Vec::new();
        for (i, part) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == *part {
                continue; // the same moves as the equal part before
            }
            for option in part.options(Side::Left) {
                let mut next: Vec<R> = key[..i].iter().chain(&key[i + 1..]).cloned().collect();
                next.extend(option.components().into_iter().map(|c| c.normalised()).filter(|c| !c.moves(Side::Left).is_empty()));
                next.sort_by_cached_key(|p| p.to_string());
                out.push(next);
            }
        }
        out
    }

    /// Whether the player to move wins `pos` in misère play.
    pub fn misere_wins(&mut self, pos: &R) -> Result<bool, EngineError> {
        let key = Self::misere_key(pos);
        self.misere_key_wins(key)
    }

    fn misere_key_wins(&mut self, key: Vec<R>) -> Result<bool, EngineError> {
        if key.is_empty() {
            return Ok(true);
        }
        if let Some(&w) = self.misere.get(&key) {
            return Ok(w);
        }
        let mut fresh = 0usize;
        struct Frame<R> {
            key: Vec<R>,
            options: Vec<Vec<R>>,
            next: usize,
        }
        let frame = |key: Vec<R>| Frame { options: Self::misere_options(&key), key, next: 0 };
        let mut stack = vec![frame(key.clone())];
        while let Some(top) = stack.last_mut() {
            if top.next == top.options.len() {
                // Every option is won by the opponent: lost.
                let done = stack.pop().expect("a frame");
                self.misere.insert(done.key, false);
                continue;
            }
            let option = &top.options[top.next];
            let known = if option.is_empty() { Some(true) } else { self.misere.get(option).copied() };
            match known {
                Some(false) => {
                    // A move to a position lost for the opponent: won.
                    let done = stack.pop().expect("a frame");
                    self.misere.insert(done.key, true);
                }
                Some(true) => top.next += 1,
                None => {
                    fresh += 1;
                    if fresh > self.max_positions {
                        return Err(EngineError::TooLarge { max: self.max_positions });
                    }
                    let option = option.clone();
                    stack.push(frame(option));
                }
            }
        }
        Ok(self.misere[&key])
    }

    /// Every move with whether the player then to move wins, in misère play.
    pub fn misere_moves(&mut self, pos: &R) -> Result<Vec<(R::Move, bool)>, EngineError> {
        let mut out = Vec::new();
        for (m, next) in pos.play_all(Side::Left) {
            out.push((m, self.misere_wins(&next)?));
        }
        Ok(out)
    }
}

/// Misère canonical forms of an impartial ruleset's positions (Conway
/// 1976, ONAG ch. 12; Siegel 2013, ch. V), built from the positions'
/// trees through [`crate::impartial::misere::MisereCanon`]: a component's
/// form is the simplest game whose options are the forms of its options
/// (each the misère sum of the option's components), and a position's the
/// sum of its components'. Components are memoised under
/// [`Ruleset::normalised`]; the walk uses an explicit stack.
pub struct MisereForms<R: Ruleset> {
    canon: crate::impartial::misere::MisereCanon,
    forms: FxHashMap<R, crate::impartial::misere::MId>,
}

impl<R: Ruleset> MisereForms<R> {
    /// A table that makes at most `max_forms` forms.
    pub fn new(max_forms: usize) -> MisereForms<R> {
        MisereForms { canon: crate::impartial::misere::MisereCanon::with_budget(max_forms), forms: FxHashMap::default() }
    }
    pub fn canon(&self) -> &crate::impartial::misere::MisereCanon {
        &self.canon
    }

    /// The misère canonical form of `pos`, walking at most `max_positions`
    /// new components.
    pub fn form(&mut self, pos: &R, max_positions: usize) -> Result<crate::impartial::misere::MId, EngineError> {
        let refused = |e: crate::impartial::misere::MisereError| EngineError::Refused { reason: format!("the misère canonical form is too large: {e}") };
        let mut parts = Vec::new();
        for c in pos.components() {
            parts.push(self.component(c.normalised(), max_positions)?);
        }
        self.canon.sum(&parts).map_err(refused)
    }

    fn component(&mut self, key: R, max_positions: usize) -> Result<crate::impartial::misere::MId, EngineError> {
        use crate::impartial::misere::MId;
        let refused = |e: crate::impartial::misere::MisereError| EngineError::Refused { reason: format!("the misère canonical form is too large: {e}") };
        if let Some(&f) = self.forms.get(&key) {
            return Ok(f);
        }
        struct Frame<R> {
            key: R,
            options: Vec<Vec<R>>,
            next: usize,
            done: Vec<MId>,
        }
        let frame = |key: R| {
            let options = key.options(Side::Left).into_iter().map(|o| o.components().into_iter().map(|c| c.normalised()).collect()).collect();
            Frame { key, options, next: 0, done: Vec::new() }
        };
        let mut fresh = 0usize;
        let mut stack = vec![frame(key.clone())];
        while let Some(top) = stack.last_mut() {
            if top.next == top.options.len() {
                let f = stack.pop().expect("a frame");
                let form = self.canon.from_options_checked(&f.done).map_err(refused)?;
                self.forms.insert(f.key, form);
                continue;
            }
            let option = &top.options[top.next];
            match option.iter().find(|p| !self.forms.contains_key(*p)).cloned() {
                Some(part) => {
                    fresh += 1;
                    if fresh > max_positions {
                        return Err(EngineError::TooLarge { max: max_positions });
                    }
                    stack.push(frame(part));
                }
                None => {
                    let parts: Vec<MId> = option.iter().map(|p| self.forms[p]).collect();
                    let sum = self.canon.sum(&parts).map_err(refused)?;
                    top.done.push(sum);
                    top.next += 1;
                }
            }
        }
        Ok(self.forms[&key])
    }
}

/// The least number not among `seen`.
pub fn mex(mut seen: Vec<u32>) -> u32 {
    seen.sort_unstable();
    seen.dedup();
    seen.iter().enumerate().find(|&(i, &v)| v != i as u32).map_or(seen.len() as u32, |(i, _)| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::heaps::Nim;
    use crate::rulesets::kayles::Kayles;

    #[test]
    fn mex_of_sets() {
        assert_eq!(mex(vec![]), 0);
        assert_eq!(mex(vec![0, 1, 3]), 2);
        assert_eq!(mex(vec![2, 1, 0, 1]), 3);
    }

    #[test]
    fn kayles_rows_follow_the_code() {
        let seq = crate::impartial::nim_sequence(&"0.77".parse().unwrap(), 90).unwrap();
        let mut s = NimSolver::<Kayles>::new(1_000_000);
        for n in 0..=90 {
            assert_eq!(s.value(&Kayles::row(n).unwrap()).unwrap(), seq.values[n], "row of {n}");
        }
    }

    #[test]
    fn misere_forms_of_positions() {
        // *2 + *2 is the P-position {*2, *3}, not 0 (Siegel 2013, ch. V).
        let mut f = MisereForms::<Nim>::new(10_000);
        let p: Nim = "2 2".parse().unwrap();
        let g = f.form(&p, 10_000).unwrap();
        assert_eq!(f.canon().name(g), "*[32]");
        // A misère P-position with G+ = 0: genus 0^02 (0^120 is the genus of 0 itself).
        assert_eq!(f.canon().genus(g).to_string(), "0^02");
        let k = MisereForms::<Kayles>::new(100_000).form(&Kayles::row(5).unwrap(), 10_000).map(|_| ());
        assert!(k.is_ok());
    }

    #[test]
    fn misere_nim_is_boutons_rule() {
        let mut s = NimSolver::<Nim>::new(1_000_000);
        for a in 0..6usize {
            for b in 0..6usize {
                for c in 0..6usize {
                    let p: Nim = format!("{a} {b} {c}").parse().unwrap();
                    let big = a.max(b).max(c) >= 2;
                    let wins = if big { a ^ b ^ c != 0 } else { (a + b + c) % 2 == 0 };
                    assert_eq!(s.misere_wins(&p).unwrap(), wins, "{a} {b} {c}");
                }
            }
        }
    }
}
