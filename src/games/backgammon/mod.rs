//! Backgammon (seed 003) with the doubling cube and match play. The checkers on each side's own
//! point numbers (`board`), whole plays (`movegen`), the game with its cube and match state
//! (`game`), the rule options (`rules`), position and move text (`text`), GNU Backgammon's
//! position and match ids (`gnubg_id`), the FIBS board lines of gnubg's external player
//! (`fibs`), and the engine's knowledge: the evaluator (`eval`) or a trained network (`network`),
//! the one-sided bearoff database
//! (`bearoff`), cube equities (`cube`) and the match equity table (`met`). Rule readings:
//! docs/rules/backgammon.md.

pub mod bearoff;
pub mod board;
pub mod cube;
pub mod draw;
pub mod eval;
pub mod fibs;
pub mod fit;
pub mod game;
pub mod gnubg_id;
pub mod met;
pub mod movegen;
pub mod network;
pub mod rollout;
pub mod rules;
pub mod text;
pub mod value;

#[cfg(test)]
mod tests;

pub use game::{Backgammon, BgMove, GameResult, Phase};
pub use movegen::{Play, Step};
pub use rules::BgRules;
