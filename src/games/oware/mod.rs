//! Oware (宝石棋, seed 003): sowing on 2x6 houses with captures of 2 and 3. The move rule lives
//! in `board` and is shared by the game (`game`, text in `notation`) and the exact endgame
//! database (`index`, `database`, probed by the search through `probe`). `rules` holds the seed's
//! rules and the Abapa preset of OpenSpiel. Rule readings: docs/rules/oware.md.

pub mod board;
pub mod database;
pub mod draw;
pub mod eval;
pub mod game;
pub mod index;
pub mod probe;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod text;

pub use database::{BuildStats, Database};
pub use game::{Oware, OwareMove, NORTH, SOUTH};
pub use rules::{Cycle, End, GrandSlam, Leftover, OwareRules};
