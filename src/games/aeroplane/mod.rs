//! Aeroplane chess (飞行棋, seed 002): 2-4 players or two teams, four planes each, one die. The
//! common board (`board`: 52 coloured track squares, home columns, shortcuts), the turn and the
//! contract (`game`), how a piece moves (`moves`: stacks, jumps, flights, hits, the finish),
//! the notation and drawing (`text`), the features (`eval`). Rule readings and the optional
//! weather and items modules: docs/rules/aeroplane.md.

pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod moves;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod text;

pub use game::{Aero, AeroMove};
pub use rules::{AeroRules, Launch, Scoring, TeamEnd};
