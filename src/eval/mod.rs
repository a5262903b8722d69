//! Evaluators shared by games: a game provides the inputs and reads the outputs.
//!
//! - `network`: a small feed-forward network (one hidden layer, sigmoid outputs), its forward
//!   pass and gradient, and its weights file. Backgammon's TD-trained evaluator uses it
//!   (`games::backgammon::network`); `tune::td` trains it.

pub mod network;
