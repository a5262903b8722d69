//! Othello: rules on bitboards (`bitboard`, `rules`). The evaluator and the endgame solver
//! live beside them (`eval`, `solve`) when the search issue adds them.

pub mod bitboard;
pub mod draw;
pub mod eval;
pub mod game;
pub mod ggf;
pub mod nboard;
pub mod patterns;
pub mod perft;
pub mod rules;
pub mod solve;
pub mod zebra;

pub use game::{Othello, OthelloMove, PASS};
pub use rules::{OthelloRules, StartSetup};
