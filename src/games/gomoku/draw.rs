//! Gomoku and renju drawn as a Go-like board: stones on the points, coordinates a.. across and
//! 1.. up, the last stone marked.

use crate::game::draw::{stones_svg, Draw};
use crate::game::grid::Files;
use crate::game::{Game, Turn};

use super::{Gomoku, GomokuMove};

impl Draw for Gomoku {
    fn svg(&self, last: Option<(&Gomoku, GomokuMove)>) -> String {
        let board = self.board();
        let size = board.size();
        let last = last
            .map(|(_, mv)| mv as usize)
            .filter(|&p| p < board.cells())
            .map(|p| board.file_rank(p));
        let status = match self.turn() {
            Turn::Terminal => "game over".to_string(),
            _ => format!(
                "{} to move",
                if self.side() == 0 { "black" } else { "white" }
            ),
        };
        stones_svg(
            size,
            Files::Letters,
            |f, r| board.at(board.point(f, r)),
            last,
            &status,
        )
    }
}
