//! Tuning: fitting an engine's numbers from games (`boardlab tune <method>`); docs/tuning.md has
//! the commands.
//!
//! - `positions`: labelled position sets from arena game records (the file format).
//! - `texel`: logistic (Texel) tuning of any evaluation linear in its weights.
//! - `texel_samples`: the Texel tuner's rows read from self-play position files (`.blpos`).
//! - `optimizer`: Adam and AdaGrad.
//! - `spsa`: SPSA as Fishtest and OpenBench run it, its games played by the arena.
//! - `engine_file`: tuned weights written back as an engine file.
//! - `probcut`: ProbCut's regressions of deep on shallow search values (docs/search.md).
//! - `patterns`: the Othello pattern tables, least squares on final disc differences and exact
//!   endgame scores.
//! - `draughts_patterns`: the draughts box tables and hand-set weights, one Texel fit.
//! - `td`: TD(lambda) self-play training of a network evaluator (backgammon), resumable.

pub mod draughts_patterns;
pub mod engine_file;
pub mod optimizer;
pub mod pattern_samples;
pub mod patterns;
pub mod positions;
pub mod probcut;
pub mod spsa;
pub mod td;
pub mod texel;
pub mod texel_samples;
