//! NoGo (不围棋, seed 001): Go where capturing and suicide lose and passing is not allowed, so the
//! player to move with no legal point loses. Bit sets over two widths (`bits`), board geometry
//! (`geometry`), the board with incremental groups and liberties (`board`), the rules and the
//! contract (`rules`), position text (`text`), and evaluation features and the playout policy
//! (`eval`). GTP lives in `protocol::gtp`, which any Go-board game can use.

pub mod bits;
pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod geometry;
pub mod gtp;
pub mod rules;
pub mod text;

#[cfg(test)]
mod tests;

pub use board::{Board, Illegal, BLACK, WHITE};
pub use game::{Boards, NoGo, NoGoMove};
pub use geometry::MAX_SIZE;
pub use rules::{CentreFirst, NoGoRules};
