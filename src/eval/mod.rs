//! Evaluation: what a game tells the search, and evaluators shared by games.
//!
//! - `evaluate`: the `Evaluate` trait each game implements (features, search hints, playout
//!   policy, its own back ends), endgame values (`ExactValues`) and proven results.
//! - `hidden`: hidden-information games (`HiddenGame`), reached through `Evaluate::as_hidden`.
//! - `network`: a small feed-forward network (one hidden layer, sigmoid outputs), its forward
//!   pass and gradient, and its weights file. Backgammon's TD-trained evaluator uses it
//!   (`games::backgammon::network`); `tune::td` trains it.

pub mod evaluate;
pub mod hidden;
pub mod network;

pub use evaluate::{Evaluate, ExactValues, Proven};
