//! Big Cat (大貓棋, seed 000): a race of one piece a player along one long route over a cross of
//! 73 points, one die, no decisions. `board` derives the board and the route from the seed's
//! words, `game` is the contract, `solve` gives each seat's exact winning chance (an acyclic
//! Markov chain solved backwards). Rule readings: docs/rules/bigcat.md.

pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod rules;
pub mod solve;
#[cfg(test)]
mod tests;

pub use game::{BigCat, Roll};
pub use rules::{BigCatRules, Zigzag};
