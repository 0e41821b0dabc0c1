//! The construction's stepper, pure: which step the URL's `build=` shows
//! and where back / forward / first / last go, so the ends (where the
//! buttons disable and the keys stop) are tested natively.

/// `build` is the URL's `build=` (0 closed, k shows step k, from 1) and
/// `len` the number of steps built (0 while none are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stepper {
    pub build: usize,
    pub len: usize,
}

impl Stepper {
    /// The step shown, from 0: a link past the end shows the last step.
    pub fn at(self) -> usize {
        self.build.saturating_sub(1).min(self.len.saturating_sub(1))
    }
    /// No step before this one (back and first disable).
    pub fn at_first(self) -> bool {
        self.at() == 0
    }
    /// No step after this one (forward disables, the keys stop).
    pub fn at_last(self) -> bool {
        self.at() + 1 >= self.len
    }
    /// `build=` after one step forward: unchanged at the last step.
    pub fn forward(self) -> usize {
        if self.at_last() {
            self.at() + 1
        } else {
            self.at() + 2
        }
    }
    /// `build=` after one step back: unchanged at the first step.
    pub fn back(self) -> usize {
        self.at().saturating_sub(1) + 1
    }
    /// `build=` of the last step.
    pub fn last(self) -> usize {
        self.len.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(build: usize, len: usize) -> Stepper {
        Stepper { build, len }
    }

    #[test]
    fn the_ends_stop() {
        // 11 steps: the first and the last.
        assert!(s(1, 11).at_first() && !s(1, 11).at_last());
        assert_eq!((s(1, 11).back(), s(1, 11).forward()), (1, 2));
        assert!(s(11, 11).at_last() && !s(11, 11).at_first());
        assert_eq!((s(11, 11).forward(), s(11, 11).back()), (11, 10));
        assert_eq!(s(5, 11).forward(), 6);
        assert_eq!(s(5, 11).back(), 4);
        assert_eq!(s(5, 11).last(), 11);
    }

    #[test]
    fn a_link_past_the_end_shows_the_last_step() {
        let p = s(99, 11);
        assert_eq!(p.at(), 10);
        assert!(p.at_last());
        assert_eq!((p.forward(), p.back()), (11, 10));
    }

    #[test]
    fn one_step_or_none_is_both_ends() {
        for p in [s(1, 1), s(3, 1), s(1, 0)] {
            assert!(p.at_first() && p.at_last(), "{p:?}");
            assert_eq!((p.forward(), p.back()), (1, 1), "{p:?}");
        }
    }
}
