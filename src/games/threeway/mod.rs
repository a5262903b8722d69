//! Three-way (三向棋, seed 000): three players, one shared piece on a 91-point triangle, one die.
//! Each player owns a lucky pair of numbers, and the owner of the rolled number moves the piece;
//! whoever brings it to their own corner wins. `board` is the triangle, `game` the contract,
//! `solve` the exact max^n solution and `perfect` its player. Rule readings:
//! docs/rules/threeway.md.

pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod perfect;
pub mod rules;
pub mod solve;
#[cfg(test)]
mod tests;

pub use game::{ThreeWay, TwMove, PAIRS};
pub use rules::{Movement, ThreeWayRules};
pub use solve::{Solution, TieRule};
