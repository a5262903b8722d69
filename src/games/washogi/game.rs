//! The game contract for Wa shogi.

use crate::game::{Game, MoveList, ParseError, PerftConvention, PlayerId, Returns, Turn};

use super::movegen::{Collect, Count};
use super::position::{Ending, WaMove, WaShogi};
use super::rules::{Stalemate, WaRules};
use super::text;

impl WaShogi {
    /// The legal moves (empty when the game is over by repetition).
    pub fn legal(&self, moves: &mut MoveList<WaMove>) {
        if self.ending.is_none() {
            self.generate(&mut Collect(moves));
        }
    }

    pub(super) fn turn_of(&self) -> Turn {
        if self.ending.is_some() || !self.has_legal_move() {
            Turn::Terminal
        } else {
            Turn::Player(self.side as PlayerId)
        }
    }

    /// The winner of a finished game (None for a draw or a game still going).
    pub fn winner(&self) -> Option<PlayerId> {
        match self.ending {
            Some(Ending::PerpetualCheck(p)) => Some(1 - p),
            Some(Ending::KingCaptured(p)) => Some(1 - p),
            Some(Ending::Repetition | Ending::BareKings | Ending::MoveLimit) => None,
            None if self.has_legal_move() => None,
            None if !self.in_check && self.rules.stalemate == Stalemate::Draw => None,
            None => Some(1 - self.side as usize),
        }
    }
}

impl Game for WaShogi {
    type Move = WaMove;
    type Rules = WaRules;
    const ID: &'static str = "washogi";
    const NAME: &'static str = "Wa shogi (和將棋) 11x11";
    /// As in chess perft: a mated side has no moves and adds no leaves below it.
    const PERFT_CONVENTION: PerftConvention = PerftConvention::DropTerminal;

    fn new(rules: &WaRules) -> Self {
        text::parse_position(rules, text::START).expect("the start position is valid")
    }
    fn rules(&self) -> &WaRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        self.turn_of()
    }
    fn legal_moves(&self, moves: &mut MoveList<WaMove>) {
        self.legal(moves);
    }
    fn count_legal_moves(&self) -> usize {
        if self.ending.is_some() {
            return 0;
        }
        let mut n = Count(0);
        self.generate(&mut n);
        n.0
    }
    fn play(&mut self, mv: WaMove) {
        debug_assert!(self.is_legal(mv), "{mv:?} in {self:?}");
        self.make(mv);
    }
    fn returns(&self) -> Returns {
        match (self.turn_of(), self.winner()) {
            (Turn::Terminal, Some(w)) => Returns::two_player(if w == 0 { 1.0 } else { -1.0 }),
            _ => Returns::two_player(0.0),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        self.hash_from_pieces()
    }
    fn format_position(&self) -> String {
        text::format_position(self)
    }
    fn parse_position(rules: &WaRules, text: &str) -> Result<Self, ParseError> {
        text::parse_position(rules, text)
    }
    fn format_move(&self, mv: WaMove) -> String {
        text::format_move(mv)
    }
    fn parse_move(&self, text: &str) -> Result<WaMove, ParseError> {
        text::parse_move(self, text)
    }
    fn render(&self) -> String {
        text::render(self)
    }
    fn history(&self) -> Option<(Self, Vec<WaMove>)> {
        Some(self.line_from_root())
    }
    /// XBoard (`xboard.rs`).
    fn bindings<V: crate::game::bindings::Bindings<Self>>(visit: &mut V) {
        visit.xboard();
    }
}
