//! Wa shogi (和將棋, seed 004): 11x11, 27 pieces a side of 17 types, promotion in the far three
//! ranks, and the seed's optional drops (rule `drops=true`, CrazyWa's game).
//!
//! - `pieces`: kinds, letters, names, the movement table, promotion, default values;
//! - `geometry`: squares, directions and the tables computed from the movement table;
//! - `position`: the position, moves, `make` (hash, check, repetition history);
//! - `movegen`: legal moves and attack detection;
//! - `rules`: the rule options; `text`: XBoard FEN, moves and the terminal drawing;
//! - `game`: the `Game` contract; `eval`: evaluation features for the search back ends.
//!
//! docs/rules/washogi.md is the rules as implemented.

pub mod draw;
pub mod eval;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod pieces;
pub mod position;
pub mod rules;
pub mod text;
pub mod xboard;

#[cfg(test)]
mod tests;

pub use position::{Ending, WaMove, WaShogi};
pub use rules::{BareKings, Repetition, Stalemate, WaRules, DEFAULT_MAX_PLIES};
