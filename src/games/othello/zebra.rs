//! Othello as the Zebra program reads it (`game::bindings::ZebraBoard`; running Zebra once a
//! move is `arena::adapters`).

use crate::game::bindings::ZebraBoard;
use crate::game::Game;

use super::Othello;

/// The game file Zebra reads with `-g`: the 64 squares a1..h8 (`X` black, `O` white, `-`
/// empty), then whose move it is.
pub fn zebra_game_file(state: &Othello) -> String {
    let text = state.format_position();
    let board = text.split_whitespace().next().unwrap_or("");
    let side = if state.side() == 0 { "Black" } else { "White" };
    format!("{board}\n{side} to move\n")
}

impl ZebraBoard for Othello {
    fn zebra_game_file(&self) -> String {
        zebra_game_file(self)
    }
    fn zebra_empties(&self) -> u32 {
        self.empties().count_ones()
    }
    fn zebra_black_to_move(&self) -> bool {
        self.side() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zebra_reads_the_position_from_the_board_text() {
        let s = Othello::new(&Default::default());
        let f = zebra_game_file(&s);
        assert_eq!(f.lines().count(), 2);
        assert_eq!(&f[27..29], "OX", "d4 white, e4 black: {f}");
        assert!(f.ends_with("Black to move\n"));
    }
}
