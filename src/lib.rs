//! boardlab: a game-AI engine and search laboratory.
//!
//! - `game`: the contract every game implements and what all games share.
//! - `games`: one module a game, and the registry of ids.
//! - `engine`: agents, limits, evaluator features and engine files.
//! - `eval`: evaluators games share (a small neural network).
//! - `search`: the back ends (alpha-beta, expectimax, MCTS, baselines).
//! - `arena`: tournaments, statistics, external engines; `protocol`: text protocols.
//! - `tune`: labelled positions, Texel (logistic) tuning, SPSA.

pub mod arena;
pub mod cli;
pub mod engine;
pub mod eval;
pub mod game;
pub mod games;
pub mod protocol;
pub mod search;
pub mod tune;
