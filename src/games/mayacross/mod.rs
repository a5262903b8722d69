//! Maya cross (瑪雅十字棋, seed 000): a race of four (two players) or two (four players) pieces
//! on a cross of 68 squares, moved by two-sided dice whose values the player hands to the
//! pieces. `board` derives the board and the T-shaped routes from the seed's words, `game` is
//! the contract and the move rules, `text` the notation and drawing, `eval` the features. Rule
//! readings: docs/rules/mayacross.md.

pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod text;

pub use game::{Maya, MayaMove};
pub use rules::{Attack, MayaRules};
