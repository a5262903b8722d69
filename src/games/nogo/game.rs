//! NoGo (不围棋, seed 001) and the game contract. Black (seat 0) moves first; a move places a
//! stone of the side to move on an empty point; stones never move or leave. A move that
//! captures (takes an enemy group's last liberty) or is suicide (leaves its own group without a
//! liberty) loses, so the lab treats both as illegal; passing loses too, so there is no pass.
//! The player to move with no legal move has lost; there are no draws. See docs/rules/nogo.md.
//!
//! The board is a `Board<u128>` up to 11x11 and a boxed `Board<Wide>` up to 19x19: one rules
//! code, two widths, chosen by the `size` option.

use crate::game::grid::{format_square, parse_square, Files};
use crate::game::{Game, MoveList, ParseError, Returns, Turn};

use super::bits::{Bits, Wide};
use super::board::{Board, BLACK};
use super::geometry::MAX_SMALL_SIZE;
use super::rules::{CentreFirst, NoGoRules};
use super::text;

/// A move: the point `rank * size + file` (a1 is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoGoMove(pub u16);

/// The board in the width its size needs.
#[derive(Clone, Debug, PartialEq)]
pub enum Boards {
    Small(Board<u128>),
    Large(Box<Board<Wide>>),
}

/// A NoGo position.
#[derive(Clone, Debug, PartialEq)]
pub struct NoGo {
    rules: NoGoRules,
    board: Boards,
}

/// Runs `$body` with `$b` bound to the board, whatever its width (`&Board<u128>` or
/// `&Board<Wide>`): how code generic over the width is called from `NoGo`.
#[macro_export]
macro_rules! nogo_board {
    ($state:expr, |$b:ident| $body:expr) => {
        match $state.boards() {
            $crate::games::nogo::Boards::Small($b) => $body,
            $crate::games::nogo::Boards::Large($b) => {
                let $b = &**$b;
                $body
            }
        }
    };
}

impl NoGo {
    /// The position with stones on these points (`rank * size + file`) and this side to move,
    /// checked like a parsed position.
    pub fn from_parts(
        rules: NoGoRules,
        black: &[usize],
        white: &[usize],
        side: usize,
    ) -> Result<NoGo, String> {
        let forbidden = rules.centre_first == CentreFirst::Forbidden;
        let size = rules.size as usize;
        let points = size * size;
        if let Some(&p) = black.iter().chain(white).find(|&&p| p >= points) {
            return Err(format!("point {p} is off the {size}x{size} board"));
        }
        let board = if size <= MAX_SMALL_SIZE {
            let set = |ps: &[usize]| ps.iter().fold(0u128, |s, &p| s | u128::bit(p));
            Boards::Small(Board::from_stones(
                size,
                forbidden,
                set(black),
                set(white),
                side,
            )?)
        } else {
            let set = |ps: &[usize]| ps.iter().fold(Wide::EMPTY, |s, &p| s.or(Wide::bit(p)));
            Boards::Large(Box::new(Board::from_stones(
                size,
                forbidden,
                set(black),
                set(white),
                side,
            )?))
        };
        Ok(NoGo { rules, board })
    }

    pub fn boards(&self) -> &Boards {
        &self.board
    }
    pub fn size(&self) -> usize {
        self.rules.size as usize
    }
    /// The colour to move (`BLACK` = 0 or `WHITE` = 1), also when it has no move left.
    pub fn side(&self) -> usize {
        nogo_board!(self, |b| b.side())
    }
    /// The colour of the stone on `point`.
    pub fn stone_at(&self, point: usize) -> Option<usize> {
        nogo_board!(self, |b| b.stone_at(point))
    }
    /// Number of legal moves `colour` would have if it were to move.
    pub fn legal_count(&self, colour: usize) -> u32 {
        nogo_board!(self, |b| b.legal(colour).count())
    }
    /// Whether `colour` could play `point` if it were to move.
    pub fn is_legal_for(&self, colour: usize, point: usize) -> bool {
        nogo_board!(self, |b| b.legal(colour).has(point))
    }
    /// Number of stones of `colour`.
    pub fn stone_count(&self, colour: usize) -> u32 {
        nogo_board!(self, |b| b.stones(colour).count())
    }
    /// The stones in an order that replays this position from the empty board, colours
    /// alternating from black. Any order of one colour's stones works: stones never leave, so a
    /// subset of a position's stones is a position where every group has a liberty, and every
    /// placement on the way is legal. Black's first stone avoids a forbidden centre.
    pub fn replay_order(&self) -> Vec<NoGoMove> {
        let mut black: Vec<usize> = Vec::new();
        let mut white: Vec<usize> = Vec::new();
        for p in 0..self.size() * self.size() {
            match self.stone_at(p) {
                Some(BLACK) => black.push(p),
                Some(_) => white.push(p),
                None => {}
            }
        }
        let centre = (self.size() % 2 == 1).then(|| self.size() / 2 * (self.size() + 1));
        if let Some(i) = black.iter().position(|&p| Some(p) == centre) {
            // The centre is never first while another black stone can be.
            let c = black.remove(i);
            black.push(c);
        }
        let mut out = Vec::with_capacity(black.len() + white.len());
        for i in 0..black.len() {
            out.push(NoGoMove(black[i] as u16));
            if let Some(&w) = white.get(i) {
                out.push(NoGoMove(w as u16));
            }
        }
        out
    }
    /// Checks the incremental groups and legal points against flood fill (tests).
    pub fn check_groups(&self) -> Result<(), String> {
        nogo_board!(self, |b| b.check_groups())
    }
}

impl Game for NoGo {
    type Move = NoGoMove;
    type Rules = NoGoRules;
    const ID: &'static str = "nogo";
    const NAME: &'static str = "NoGo (不围棋)";

    fn new(rules: &NoGoRules) -> Self {
        let size = rules.size as usize;
        let forbidden = rules.centre_first == CentreFirst::Forbidden;
        let board = if size <= MAX_SMALL_SIZE {
            Boards::Small(Board::empty(size, forbidden))
        } else {
            Boards::Large(Box::new(Board::empty(size, forbidden)))
        };
        NoGo {
            rules: *rules,
            board,
        }
    }
    fn rules(&self) -> &NoGoRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    #[inline]
    fn turn(&self) -> Turn {
        nogo_board!(self, |b| {
            let side = b.side();
            if b.legal(side).is_empty() {
                Turn::Terminal
            } else {
                Turn::Player(side)
            }
        })
    }
    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<NoGoMove>) {
        nogo_board!(self, |b| moves
            .extend(b.legal(b.side()).points().map(|p| NoGoMove(p as u16))))
    }
    #[inline]
    fn count_legal_moves(&self) -> usize {
        nogo_board!(self, |b| b.legal(b.side()).count() as usize)
    }
    #[inline]
    fn is_legal(&self, mv: NoGoMove) -> bool {
        nogo_board!(self, |b| (mv.0 as usize) < b.geometry().points
            && b.legal(b.side()).has(mv.0 as usize))
    }
    #[inline]
    fn play(&mut self, mv: NoGoMove) {
        match &mut self.board {
            Boards::Small(b) => b.play(mv.0 as usize),
            Boards::Large(b) => b.play(mv.0 as usize),
        }
    }
    fn returns(&self) -> Returns {
        if self.is_terminal() {
            // The side to move has no legal move and loses.
            Returns::two_player(if self.side() == BLACK { -1.0 } else { 1.0 })
        } else {
            Returns::new(2)
        }
    }
    fn hash(&self) -> u64 {
        nogo_board!(self, |b| b.hash())
    }
    fn hash_from_scratch(&self) -> u64 {
        nogo_board!(self, |b| b.hash_from_scratch())
    }
    fn format_position(&self) -> String {
        text::format_position(self)
    }
    fn parse_position(rules: &NoGoRules, text: &str) -> Result<Self, ParseError> {
        text::parse_position(rules, text)
    }
    fn format_move(&self, mv: NoGoMove) -> String {
        let size = self.size();
        let p = mv.0 as usize;
        format_square(Files::LettersWithoutI, (p % size, p / size))
    }
    fn parse_move(&self, text: &str) -> Result<NoGoMove, ParseError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Err(ParseError::mv(
                text,
                "passing is not allowed in NoGo (a pass loses)",
            ));
        }
        let size = self.size();
        let (file, rank) = parse_square(Files::LettersWithoutI, size, size, t)
            .map_err(|e| ParseError::mv(text, e.reason))?;
        let point = rank * size + file;
        match nogo_board!(self, |b| b.why_illegal(point)) {
            None => Ok(NoGoMove(point as u16)),
            Some(why) if self.is_terminal() => Err(ParseError::mv(
                text,
                format!("the game is over ({})", why.reason()),
            )),
            Some(why) => Err(ParseError::mv(text, why.reason())),
        }
    }
    fn render(&self) -> String {
        text::render(self)
    }
    /// GTP (`gtp.rs`).
    fn bindings<V: crate::game::bindings::Bindings<Self>>(visit: &mut V) {
        visit.gtp();
    }
}
