//! Jungle (斗兽棋, seed 002): eight animals a side on 7x9 squares with rivers, traps and dens, and
//! the seed's drop variant (exchanges, hands, drops). `board` holds the geometry and the capture
//! rule, `movegen` the moves, `game` the state and the contract, `notation` the text. Rule
//! readings: docs/rules/jungle.md.

pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod rules;
pub mod text;

pub use board::{Animal, Piece, GREEN, RED};
pub use game::Jungle;
pub use movegen::JungleMove;
pub use rules::{EqualMeet, Exchange, JumpCapture, JungleRules};
