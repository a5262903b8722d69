//! Tic-tac-toe: the lab's example game, the one docs/adding-a-game.md builds. It is here for
//! what OpenSpiel keeps its own tic-tac-toe for: the smallest complete game a newcomer reads
//! in one sitting, and a game whose every number is known (255,168 games, 5,478 positions),
//! so the shared layers (conformance, perft, protocols, arena, bench) are tested on a game
//! small enough to search to the end. Rules and options: docs/rules/tictactoe.md.
//!
//! The same file names as every game folder: `game` (state, moves, the contract), `rules`
//! (options), `text` (notation), `eval` (what the search knows), `draw` (the picture).

pub mod draw;
pub mod eval;
pub mod game;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod text;

pub use game::{Cell, TicTacToe};
pub use rules::TicTacToeRules;
