//! Tuning evaluation weights from games (`boardlab tune <method>`).
//!
//! - `patterns`: the Othello pattern tables, least squares on final disc differences and exact
//!   endgame scores.

pub mod patterns;
