//! Draughts (西洋跳棋): international draughts on 10x10 (seed 001, FMJD rules) and 8x8 checkers
//! with the seed 003 switches and national presets (English by default), one rules engine on
//! bitboards for both boards. Rules as implemented: docs/rules/draughts.md, docs/rules/checkers.md.

pub mod draw;
pub mod endgame;
pub mod endgame_index;
pub mod endgame_probe;
pub mod eval;
pub mod game;
pub mod geometry;
pub mod guinn;
pub mod hub;
pub mod movegen;
pub mod patterns;
pub mod pdn;
pub mod perft;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod text;

pub use game::Position;
pub use geometry::{Eight, Geometry, Ten};
pub use movegen::DraughtsMove;
pub use rules::{FirstName, Promotion, Rules, VariantRules};

/// International draughts, 10x10 (`draughts`).
pub type Draughts = Position<Ten>;
/// Checkers, 8x8 (`checkers`).
pub type Checkers = Position<Eight>;
