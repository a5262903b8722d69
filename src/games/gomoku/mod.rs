//! Gomoku and renju (五子棋, seed 002): five in a row on an n x n board (15 by default) under
//! freestyle, standard (exactly five) or renju rules (black's double three, double four and
//! overline are forbidden), with the seed's RIF opening, Swap2, and the seed's replacement game.
//!
//! - `board`: stones as line bitboards in four directions;
//! - `patterns`: what a stone makes along one line (five, four, three points, ...), by table;
//! - `threat_map`: every empty point's line shapes and class, kept up to date move by move;
//! - `forbidden`: the RIF forbidden-point checker (recursive threes);
//! - `rules`, `opening`, `state`: rule options, the opening steps, the position and the contract;
//! - `text`: position and move text; `sgf`: game records as SGF;
//! - `eval`: the evaluator (named line-pattern weights) and the search hooks;
//! - `threats`: threat-space search (VCF by fours, VCT by threes and fours);
//! - `vct`: VCT by VCF threats (any move after which a VCF would win): its moves and a
//!   depth-first search;
//! - `dfpn`: VCT by df-pn over `vct`'s moves, the puzzle solver.

pub mod board;
pub mod dfpn;
pub mod draw;
pub mod eval;
pub mod forbidden;
pub mod game;
pub mod gomocup;
pub mod opening;
pub mod patterns;
pub mod rules;
pub mod sgf;
pub mod text;
pub mod threat_map;
pub mod threats;
pub mod vct;

#[cfg(test)]
mod tests;

pub use forbidden::Foul;
pub use game::{Gomoku, GomokuMove, View};
pub use rules::{Forbidden, GomokuRules, Opening, Replaced, Rule};
