//! boardlab: a game-AI engine and search laboratory.
//!
//! - `game`: the contract every game implements and what all games share.
//! - `games`: one module a game, and the registry of ids.
//! - `agent`: the agent interface (limits, reports, clocks, what an agent says with its move).
//! - `engine_file`: engine files (`engines/**/*.toml`) and their `base` chains.
//! - `eval`: what a game tells the search (`GameKnowledge`: `Evaluate`, `SearchHints`,
//!   `PlayoutPolicy`, `Backends`) and evaluators games share (a network).
//! - `search`: the back ends (alpha-beta, expectimax, MCTS, baselines).
//! - `arena`: tournaments, statistics, external engines; `protocol`: text protocols.
//! - `tune`: labelled positions, Texel (logistic) tuning, SPSA.
//! - `learn`: learning at scale: the position file format, self-play generation.
//! - `progress`: a bar on a terminal, a line every 10 s in a log, for any long work.

pub mod agent;
pub mod arena;
pub mod cli;
pub mod engine_file;
pub mod eval;
pub mod game;
pub mod games;
pub mod learn;
pub mod progress;
pub mod protocol;
pub mod search;
pub mod tune;
