//! A game in progress against the computer, the same on every board:
//! the moves played (each with its side and whether you or the computer
//! made it), who started, who you play ([`Player`]), and what Undo took
//! back for Redo.
//!
//! Every board that plays against the computer needs the same answers:
//! whose turn it is, whether the computer should answer now, what Undo
//! takes back (your last move, with the computer's replies to it, else the
//! computer would at once play them again) and what Redo brings back. They
//! are answered here once, so the boards cannot drift apart; a board keeps
//! only what is its own: how a move changes its position and what the
//! computer plays.
//!
//! A board that keeps its game in the URL (heap-go's `mv=L0.R1`, the Games
//! page's `gm=a1.a3`, the Sums page's `sp=LL_exact_0-0.1-0`) writes and
//! reads the moves through [`MoveText`], which each board implements for
//! its move so that its links stay exactly as they were. Such a record is
//! rebuilt from the URL at every change, and who made a move follows from
//! who you play ([`Record::from_moves`]); a board that keeps its game on
//! the page (Hackenbush, where you may also move for the computer's side)
//! says who made each move ([`Record::push_as`]).

use crate::play::Player;
use cgt::side::Side;
use std::fmt;

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum By {
    You,
    Computer,
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<M> {
    pub mv: M,
    pub side: Side,
    pub by: By,
}

/// A game in progress (see the module's docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<M> {
    first: Side,
    player: Player,
    played: Vec<Played<M>>,
    /// What Undo took back, the earliest move last (Redo's next).
    undone: Vec<Played<M>>,
}

impl<M> Record<M> {
    /// No move yet: `first` to move, you playing `player`.
    pub fn new(first: Side, player: Player) -> Record<M> {
        Record { first, player, played: Vec::new(), undone: Vec::new() }
    }

    /// `moves` played in turn from `first`, each made by whoever plays its
    /// side under `player` (a record kept in a link says no more).
    pub fn from_moves(first: Side, player: Player, moves: impl IntoIterator<Item = M>) -> Record<M> {
        let mut r = Record::new(first, player);
        for mv in moves {
            r.play(mv);
        }
        r
    }

    pub fn first(&self) -> Side {
        self.first
    }

    pub fn player(&self) -> Player {
        self.player
    }

    /// Who you play from now on; the moves already made keep who made
    /// them (Undo still takes back what the computer answered then).
    pub fn set_player(&mut self, player: Player) {
        self.player = player;
    }

    pub fn played(&self) -> &[Played<M>] {
        &self.played
    }

    pub fn moves(&self) -> impl Iterator<Item = &M> {
        self.played.iter().map(|p| &p.mv)
    }

    pub fn last(&self) -> Option<&Played<M>> {
        self.played.last()
    }

    /// The last move, to bring up to date what a board keeps of it (see
    /// Hackenbush's states, which follow the board until the next move).
    pub fn last_mut(&mut self) -> Option<&mut Played<M>> {
        self.played.last_mut()
    }

    pub fn len(&self) -> usize {
        self.played.len()
    }

    pub fn is_empty(&self) -> bool {
        self.played.is_empty()
    }

    /// Whose turn it is: the sides alternate from the first.
    pub fn to_move(&self) -> Side {
        if self.played.len().is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Who makes `side`'s moves.
    pub fn by(&self, side: Side) -> By {
        if self.player.plays(side) {
            By::You
        } else {
            By::Computer
        }
    }

    /// Whether the side to move is yours (over or not).
    pub fn your_turn(&self) -> bool {
        self.player.plays(self.to_move())
    }

    /// Whether the computer should move now: the game is not `over` and
    /// the side to move is not yours.
    pub fn computers_turn(&self, over: bool) -> bool {
        !over && !self.your_turn()
    }

    /// The side to move plays `mv`, made `by` you or the computer. What
    /// was undone can no longer be redone.
    pub fn push(&mut self, mv: M, by: By) {
        let side = self.to_move();
        self.push_as(mv, side, by);
    }

    /// `mv` for `side`, whoever is to move: on a board where the turn is
    /// also changed by hand (Hackenbush's Switch side, an edit of the
    /// board), the board says whose move it was.
    pub fn push_as(&mut self, mv: M, side: Side, by: By) {
        self.played.push(Played { mv, side, by });
        self.undone.clear();
    }

    /// The side to move plays `mv`, made by whoever plays that side.
    pub fn play(&mut self, mv: M) {
        let by = self.by(self.to_move());
        self.push(mv, by);
    }

    /// Keep the first `len` moves (a record whose later moves are not
    /// legal on the board goes on from the last legal one).
    pub fn truncate(&mut self, len: usize) {
        if len < self.played.len() {
            self.played.truncate(len);
            self.undone.clear();
        }
    }

    /// A new game: no move to undo or redo (who starts and who you play
    /// stay).
    pub fn clear(&mut self) {
        self.played.clear();
        self.undone.clear();
    }

    /// Whether Undo has a move of yours to take back.
    pub fn can_undo(&self) -> bool {
        self.played.iter().any(|p| p.by == By::You)
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Back to before your last move, the computer's replies to it going
    /// with it (one move when you play both sides). Returns the earliest
    /// move taken back (a board that keeps states restores what was before
    /// it); `None`, and nothing changes, when no move is yours: taking back
    /// only the computer's would have it play the same again.
    pub fn undo(&mut self) -> Option<&Played<M>> {
        let yours = self.played.iter().rposition(|p| p.by == By::You)?;
        self.undone.extend(self.played.drain(yours..).rev());
        self.undone.last()
    }

    /// The move undone last again, with the computer's replies to it.
    /// Returns the last move brought back.
    pub fn redo(&mut self) -> Option<&Played<M>> {
        let next = self.undone.pop()?;
        self.played.push(next);
        while self.undone.last().is_some_and(|p| p.by == By::Computer) {
            self.played.extend(self.undone.pop());
        }
        self.played.last()
    }
}

/// Why a record's text is not one, naming the move (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Move `index` (from 1) does not read: its text (cut to a snippet)
    /// and what was expected.
    Move { index: usize, text: String, why: String },
    /// More moves (`moves` parts) than the board's game can have (`max`).
    TooLong { moves: usize, max: usize },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Move { index, text, why } => write!(f, "move {index} (`{text}`): {why}"),
            RecordError::TooLong { moves, max } => write!(f, "{moves} moves, more than a game here has ({max})"),
        }
    }
}

impl std::error::Error for RecordError {}

/// How a board writes its moves in a link: one move's text and the
/// separator between two. The whole text is the moves joined by
/// [`MoveText::SEP`]; a board whose links were read another way before
/// (heap-go's, by the core's move-path codec) overrides
/// [`MoveText::read_all`] so that every link it ever wrote still opens
/// the same.
pub trait MoveText: Sized {
    /// Between two moves.
    const SEP: char = '.';

    /// This move's text (never containing [`MoveText::SEP`]).
    fn write(&self, out: &mut String);

    /// One move from its text, or what was expected instead.
    fn read(part: &str) -> Result<Self, String>;

    /// Whether a part between two separators holds no move and is skipped
    /// (`a1..b2`, a trailing separator); an empty one by default.
    fn blank(part: &str) -> bool {
        part.is_empty()
    }

    /// The text of `moves`.
    fn write_all<'a>(moves: impl IntoIterator<Item = &'a Self>) -> String
    where
        Self: 'a,
    {
        let mut out = String::new();
        for (i, m) in moves.into_iter().enumerate() {
            if i > 0 {
                out.push(Self::SEP);
            }
            m.write(&mut out);
        }
        out
    }

    /// The moves of a text, at most `max` of them; an error names the
    /// move (from 1, blank parts not counted).
    fn read_all(text: &str, max: usize) -> Result<Vec<Self>, RecordError> {
        let mut out = Vec::new();
        for (i, part) in text.split(Self::SEP).filter(|p| !Self::blank(p)).enumerate() {
            if i >= max {
                return Err(RecordError::TooLong { moves: text.split(Self::SEP).count(), max });
            }
            out.push(Self::read(part).map_err(|why| RecordError::Move { index: i + 1, text: snippet(part), why })?);
        }
        Ok(out)
    }
}

impl<M: MoveText> Record<M> {
    /// The moves as the board's link writes them.
    pub fn text(&self) -> String {
        M::write_all(self.moves())
    }

    /// A link's moves (at most `max`), played in turn from `first`, you
    /// playing `player`.
    pub fn parse(text: &str, first: Side, player: Player, max: usize) -> Result<Record<M>, RecordError> {
        Ok(Record::from_moves(first, player, M::read_all(text, max)?))
    }
}

/// A text as an error quotes it: its first 40 characters, `…` if cut.
pub fn snippet(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square `a1`..`z9`, as a board might name its moves.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Sq(char, u8);

    impl MoveText for Sq {
        fn write(&self, out: &mut String) {
            out.push(self.0);
            out.push_str(&self.1.to_string());
        }
        fn read(part: &str) -> Result<Sq, String> {
            let mut c = part.chars();
            match (c.next(), c.as_str().parse::<u8>()) {
                (Some(col @ 'a'..='z'), Ok(row)) if (1..=9).contains(&row) => Ok(Sq(col, row)),
                _ => Err("a square such as a1".to_string()),
            }
        }
    }

    fn sq(t: &str) -> Sq {
        Sq::read(t).unwrap()
    }

    fn text(r: &Record<Sq>) -> String {
        r.text()
    }

    #[test]
    fn undo_takes_back_your_move_with_the_computers_reply_and_redo_brings_both() {
        // You are Left and move first: a1 (you), a2 (computer), b1 (you), b2 (computer).
        let mut r = Record::parse("a1.a2.b1.b2", Side::Left, Player::Left, 99).unwrap();
        assert_eq!(r.played().iter().map(|p| p.by).collect::<Vec<_>>(), [By::You, By::Computer, By::You, By::Computer]);
        assert!(r.your_turn() && !r.computers_turn(false));
        assert_eq!(r.undo().map(|p| p.mv), Some(sq("b1")), "the earliest move taken back");
        assert_eq!(text(&r), "a1.a2");
        assert_eq!(r.undo().map(|p| p.mv), Some(sq("a1")));
        assert_eq!(text(&r), "");
        assert!(!r.can_undo() && r.undo().is_none());
        assert_eq!(r.redo().map(|p| p.mv), Some(sq("a2")), "the move and its reply, the reply last");
        assert_eq!(text(&r), "a1.a2");
        assert_eq!(r.redo().map(|p| p.mv), Some(sq("b2")));
        assert_eq!(text(&r), "a1.a2.b1.b2");
        assert!(!r.can_redo() && r.redo().is_none());
        // A new move drops what was undone.
        r.undo();
        r.play(sq("c1"));
        assert_eq!((text(&r), r.can_redo()), ("a1.a2.c1".to_string(), false));
        assert_eq!(r.last().map(|p| (p.side, p.by)), Some((Side::Left, By::You)));
        // While the computer's reply is pending, Undo takes your move back.
        assert!(r.computers_turn(false) && !r.computers_turn(true));
        r.undo();
        assert_eq!(text(&r), "a1.a2");
    }

    #[test]
    fn the_computer_moving_first_keeps_its_opening() {
        // You are Right; the computer (Left) opens with a1.
        let mut r = Record::parse("a1", Side::Left, Player::Right, 99).unwrap();
        assert_eq!(r.to_move(), Side::Right);
        assert!(!r.can_undo() && r.undo().is_none(), "nothing of yours to take back");
        assert_eq!(text(&r), "a1");
        r.play(sq("b1"));
        r.play(sq("c1"));
        assert_eq!(r.played()[2].by, By::Computer);
        assert_eq!(r.undo().map(|p| p.mv), Some(sq("b1")));
        assert_eq!(text(&r), "a1", "back to your turn after the opening");
        assert_eq!(r.redo().map(|p| p.mv), Some(sq("c1")));
        assert_eq!(text(&r), "a1.b1.c1");
        // Right first, you Left: the computer is to move at once.
        let r: Record<Sq> = Record::new(Side::Right, Player::Left);
        assert!(r.computers_turn(false));
    }

    #[test]
    fn one_person_playing_both_sides_undoes_one_move_at_a_time() {
        let mut r = Record::parse("a1.a2.a3", Side::Right, Player::Both, 99).unwrap();
        assert_eq!(r.played().iter().map(|p| p.side).collect::<Vec<_>>(), [Side::Right, Side::Left, Side::Right]);
        assert!(r.played().iter().all(|p| p.by == By::You));
        r.undo();
        assert_eq!(text(&r), "a1.a2");
        r.undo();
        assert_eq!(text(&r), "a1");
        r.redo();
        assert_eq!(text(&r), "a1.a2", "one move again");
        assert!(!r.computers_turn(false));
    }

    #[test]
    fn a_board_that_says_who_moved_and_changes_turns_by_hand() {
        // You move for both sides while the computer plays Red (Right).
        let mut r: Record<u8> = Record::new(Side::Left, Player::Left);
        r.push_as(0, Side::Left, By::You);
        r.push_as(1, Side::Right, By::Computer);
        r.push_as(2, Side::Right, By::You);
        assert_eq!(r.undo().map(|p| p.mv), Some(2));
        assert_eq!(r.undo().map(|p| p.mv), Some(0));
        assert_eq!(r.redo().map(|p| p.mv), Some(1));
        // Who you play changes; the moves made keep who made them.
        r.set_player(Player::Both);
        assert_eq!(r.played()[1].by, By::Computer);
        r.truncate(5);
        assert!(r.can_redo(), "nothing cut, nothing dropped");
        r.truncate(1);
        assert!(!r.can_redo() && r.len() == 1);
        r.clear();
        assert!(r.is_empty() && r.player() == Player::Both);
    }

    #[test]
    fn the_text_round_trips_and_errors_name_the_move() {
        let r = Record::parse("a1.b2..c3.", Side::Left, Player::Left, 99).unwrap();
        assert_eq!(r.text(), "a1.b2.c3", "blank parts are skipped");
        assert_eq!(Record::<Sq>::parse(&r.text(), Side::Left, Player::Left, 99).unwrap(), r);
        assert_eq!(Record::<Sq>::parse("", Side::Left, Player::Left, 99).unwrap().len(), 0);
        let e = Record::<Sq>::parse("a1..b2.zz9", Side::Left, Player::Left, 99).unwrap_err();
        assert_eq!(e, RecordError::Move { index: 3, text: "zz9".into(), why: "a square such as a1".into() });
        assert_eq!(e.to_string(), "move 3 (`zz9`): a square such as a1");
        let long = format!("a1.{}", "q".repeat(50));
        let RecordError::Move { index: 2, text, .. } = Record::<Sq>::parse(&long, Side::Left, Player::Left, 99).unwrap_err() else { panic!("move 2") };
        assert_eq!(text.chars().count(), 41, "a snippet: {text}");
        assert_eq!(Record::<Sq>::parse("a1.a2.a3", Side::Left, Player::Left, 2).unwrap_err(), RecordError::TooLong { moves: 3, max: 2 });
        assert_eq!(snippet("short"), "short");
    }
}
