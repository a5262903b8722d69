//! The Royal Game of Ur (烏爾王朝棋, seed 000): a race game with four binary lots. The seed's
//! rules and Finkel's are options (`rules`); `board` holds the move rule on route masks that
//! both the game (`game`) and the exact solver (`index`, `solve`) use; `perfect` plays from the
//! solved table. Rule readings: docs/rules/ur.md.

pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod index;
pub mod perfect;
pub mod rules;
pub mod solve;
#[cfg(test)]
mod tests;

pub use game::{Ur, UrMove};
pub use rules::{Hit, Ruleset, UrRules};
pub use solve::{Solution, SolveStats};
