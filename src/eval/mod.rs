//! Evaluation: what a game tells the search, and evaluators shared by games.
//!
//! A game's knowledge for search comes in four small traits, each implemented in the game's
//! `eval.rs` and each with defaults throughout (`impl Evaluate for MyGame {}` and the three like
//! it are enough for random and MCTS players):
//! - `evaluate`: `Evaluate`, the static evaluation (named features, default weights, a
//!   non-linear evaluator, values known without searching).
//! - `search_hints`: `SearchHints`, what alpha-beta is told about moves and positions (search
//!   and noisy moves, move order, null moves, forcing moves, proven results).
//! - `playout_policy`: `PlayoutPolicy`, how Monte Carlo playouts draw moves.
//! - `backends`: `Backends`, what an engine file can ask of the game itself (its own back ends,
//!   an endgame database as `ExactValues`, game params, observing engines when it hides
//!   information).
//!
//! `GameKnowledge` is all four together: the one bound the upper layers (arena, protocol, cli,
//! learn, tune) and the registry use.
//! - `hidden`: hidden-information games (`HiddenGame`), reached through `Backends::as_hidden`.
//! - `network`: a small feed-forward network (one hidden layer, sigmoid outputs), its forward
//!   pass and gradient, and its weights file. Backgammon's TD-trained evaluator uses it
//!   (`games::backgammon::network`); `tune::td` trains it.

pub mod backends;
pub mod evaluate;
pub mod hidden;
pub mod network;
pub mod playout_policy;
pub mod search_hints;

pub use backends::{Backends, ExactValues};
pub use evaluate::Evaluate;
pub use playout_policy::PlayoutPolicy;
pub use search_hints::{Proven, SearchHints};

/// Everything a game tells the shared layers: its evaluation, search hints, playout policy and
/// back ends. Implemented for every game that implements the four, so no game names it; upper
/// layers bound their games by it alone.
pub trait GameKnowledge: Evaluate + SearchHints + PlayoutPolicy + Backends {}

impl<G: Evaluate + SearchHints + PlayoutPolicy + Backends> GameKnowledge for G {}
