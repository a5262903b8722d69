//! The state, its moves and the contract. Nine cells, `x` moves first; a move is the index of
//! an empty cell (0 = a1 bottom-left, 8 = c3 top-right, row by row from the bottom).

use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PerftConvention, Returns, Turn};

use super::rules::TicTacToeRules;
use super::text;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    /// Placed by the first player (seat 0).
    X,
    /// Placed by the second player (seat 1).
    O,
}

/// The eight lines of three, as cell indices.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// One key per (cell, seat), and one for the second player to move.
const KEYS: [u64; 19] = zobrist::keys::<19>(0x7137_7AC7_0E);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    pub(super) rules: TicTacToeRules,
    pub(super) cells: [Cell; 9],
    /// The seat to move (0 plays `x`).
    pub(super) to_move: usize,
    hash: u64,
}

impl TicTacToe {
    /// A position from its cells and the seat to move, or an error naming what no game of
    /// tic-tac-toe reaches (counts that do not alternate, two winners).
    pub(super) fn from_cells(
        rules: &TicTacToeRules,
        cells: [Cell; 9],
        to_move: usize,
        text: &str,
    ) -> Result<Self, ParseError> {
        let count = |c| cells.iter().filter(|&&x| x == c).count();
        let (xs, os) = (count(Cell::X), count(Cell::O));
        let expected_to_move = usize::from(xs > os);
        if !(xs == os || xs == os + 1) {
            return Err(ParseError::position(
                text,
                format!("{xs} x and {os} o: x moves first, so x has as many or one more"),
            ));
        }
        if to_move != expected_to_move {
            return Err(ParseError::position(
                text,
                format!(
                    "with {xs} x and {os} o it is {} to move",
                    text::SEATS[expected_to_move]
                ),
            ));
        }
        let state = TicTacToe {
            rules: *rules,
            cells,
            to_move,
            hash: 0,
        };
        if state.line_of(Cell::X) && state.line_of(Cell::O) {
            return Err(ParseError::position(
                text,
                "both x and o have three in a row",
            ));
        }
        let hash = state.hash_from_scratch();
        Ok(TicTacToe { hash, ..state })
    }

    pub fn cell(&self, index: usize) -> Cell {
        self.cells[index]
    }

    fn line_of(&self, c: Cell) -> bool {
        LINES.iter().any(|l| l.iter().all(|&i| self.cells[i] == c))
    }

    /// The seat that made three in a row, if any.
    fn line_maker(&self) -> Option<usize> {
        [Cell::X, Cell::O].iter().position(|&c| self.line_of(c))
    }

    fn is_full(&self) -> bool {
        self.cells.iter().all(|&c| c != Cell::Empty)
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Rules = TicTacToeRules;
    const ID: &'static str = "tictactoe";
    const NAME: &'static str = "Tic-tac-toe (the example game)";
    const PERFT_CONVENTION: PerftConvention = PerftConvention::TerminalIsLeaf;

    fn new(rules: &Self::Rules) -> Self {
        let state = TicTacToe {
            rules: *rules,
            cells: [Cell::Empty; 9],
            to_move: 0,
            hash: 0,
        };
        let hash = state.hash_from_scratch();
        TicTacToe { hash, ..state }
    }
    fn rules(&self) -> &Self::Rules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.line_maker().is_some() || self.is_full() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>) {
        moves.clear();
        if self.turn() == Turn::Terminal {
            return;
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if c == Cell::Empty {
                moves.push(i as u8);
            }
        }
    }
    fn play(&mut self, mv: Self::Move) {
        let i = mv as usize;
        debug_assert_eq!(self.cells[i], Cell::Empty, "play on a taken cell");
        self.cells[i] = [Cell::X, Cell::O][self.to_move];
        self.hash ^= KEYS[i * 2 + self.to_move] ^ KEYS[18];
        self.to_move ^= 1;
    }
    fn returns(&self) -> Returns {
        match self.line_maker() {
            None => Returns::two_player(0.0),
            Some(maker) => {
                let winner = if self.rules.misere { 1 - maker } else { maker };
                Returns::single_winner(2, winner)
            }
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.to_move == 1 { KEYS[18] } else { 0 };
        for (i, &c) in self.cells.iter().enumerate() {
            match c {
                Cell::Empty => {}
                Cell::X => h ^= KEYS[i * 2],
                Cell::O => h ^= KEYS[i * 2 + 1],
            }
        }
        h
    }
    fn format_position(&self) -> String {
        text::format_position(self)
    }
    fn parse_position(rules: &Self::Rules, text: &str) -> Result<Self, ParseError> {
        text::parse_position(rules, text)
    }
    fn format_move(&self, mv: Self::Move) -> String {
        text::format_cell(mv as usize)
    }
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError> {
        let index = text::parse_cell(text)?;
        if self.cells[index] != Cell::Empty {
            return Err(ParseError::mv(text, "that cell is taken"));
        }
        Ok(index as u8)
    }
}
