//! NoGo drawn as a Go board: stones on the points, GTP coordinates (no `i`), the last stone
//! marked.

use crate::game::draw::{stones_svg, Draw};
use crate::game::grid::Files;
use crate::game::{Game, Turn};

use super::{NoGo, NoGoMove};

impl Draw for NoGo {
    fn svg(&self, last: Option<(&NoGo, NoGoMove)>) -> String {
        let size = self.size();
        let last = last
            .map(|(_, mv)| mv.0 as usize)
            .filter(|&p| p < size * size)
            .map(|p| (p % size, p / size));
        let status = match self.turn() {
            Turn::Terminal => "game over".to_string(),
            _ => format!(
                "{} to move",
                if self.side() == 0 { "black" } else { "white" }
            ),
        };
        stones_svg(
            size,
            Files::LettersWithoutI,
            |f, r| self.stone_at(r * size + f),
            last,
            &status,
        )
    }
}
