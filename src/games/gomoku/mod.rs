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
//!
//! The three VCT searches are kept apart on purpose: they answer differently. `threats`' VCT
//! (threes as the only quiet attacks) is the cheap one alpha-beta asks at every node
//! (`SearchHints::proven_result`, so the bench signatures hang on its answers and node counts);
//! `vct` and `dfpn` share one set of moves (threats by VCF, defences read off the VCF) under a
//! depth-first and a proof-number search. What is the same in all is shared: `threats`' VCF is
//! the look-up under both others, its `AttackTables` (the proofs and refutations of a
//! depth-first search) serve `threats` and `vct`, and `Gomoku::fives_against` (the defender's
//! node facing fives) all three.

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
