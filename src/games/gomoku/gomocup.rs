//! Gomoku in the Gomocup protocol's terms (`game::bindings::GomocupBoard`; the protocol, both
//! sides, is `protocol::gomocup`): points row by row from rank 1, stones by colour, and `INFO
//! rule`'s bitmask (1 exactly five, 4 renju: 0 freestyle, 1 standard, 4 renju).

use crate::game::bindings::GomocupBoard;
use crate::game::Game;

use super::opening::Step;
use super::{Gomoku, Rule};

impl GomocupBoard for Gomoku {
    fn gomocup_size(&self) -> usize {
        self.board().size()
    }
    fn gomocup_stone(&self, point: usize) -> Option<usize> {
        self.board().at(point)
    }
    fn gomocup_side(&self) -> usize {
        self.side()
    }
    fn gomocup_rule(&self) -> Result<u32, String> {
        match self.rules().rule {
            Rule::Freestyle => Ok(0),
            Rule::Standard => Ok(1),
            Rule::Renju => Ok(4),
            Rule::Replace => Err("the Gomocup protocol has no replacement game".into()),
        }
    }
    fn gomocup_decides(&self) -> Result<(), String> {
        if self.step() != Step::Play {
            return Err(format!(
                "a Gomocup engine cannot decide the opening step {:?} (use opening=free or centre)",
                self.step()
            ));
        }
        Ok(())
    }
    fn gomocup_move(&self, point: usize) -> String {
        self.format_move(point as u16)
    }
}
