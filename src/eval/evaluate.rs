//! The static evaluation of a game, for search back ends and tuners: named linear features
//! seen by one player and their default weights, or a non-linear evaluator with its weights
//! file, and values known without searching. Called by `search::linear` (every back end that
//! evaluates a leaf), the tuners (`tune`, `learn`) and engine files (`EngineSpec::weights_for`);
//! each game implements it in its `eval.rs`.

use crate::engine_file::EngineSpec;
use crate::game::{Game, PlayerId};

/// The evaluation of a game: named linear features, seen by one player. The static evaluation
/// is `sum(weight_i * feature_i)`, so weights live in engine files and the tuner changes them
/// without code changes. Games without features yet keep the defaults (no features), and only
/// the game-agnostic back ends (random, MCTS with playouts) apply to them.
pub trait Evaluate: Game {
    /// The names of the features, in the order `features` writes them.
    fn feature_names() -> &'static [&'static str] {
        &[]
    }
    /// Default weights, one per feature.
    fn default_weights() -> Vec<f64> {
        vec![0.0; Self::feature_names().len()]
    }
    /// The features of this state from `player`'s point of view, written into `out`
    /// (cleared by the caller, one value per feature name).
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let _ = (player, out);
    }
    /// A static evaluation that is not a dot product (probabilities combined into an equity, a
    /// network), for `player`, in evaluation units, from the engine's `weights` (in
    /// `feature_names` order) or from anything else the game has. When it is Some, the back ends
    /// use it instead of `dot(weights, features)` (search/linear.rs consults it first). The
    /// default None keeps the linear evaluation.
    fn evaluate(&self, player: PlayerId, weights: &[f64]) -> Option<f64> {
        let _ = (player, weights);
        None
    }
    /// The weight vector of the evaluator file an engine file names (`evaluator = "file"`):
    /// the parameters `evaluate` reads from its `weights` argument (a network's, as
    /// `eval::network::Network::to_vector` lays them out). The back ends pass the vector on
    /// unchanged, so a non-linear evaluator needs no change in any of them. By default a game
    /// has no evaluator files.
    fn evaluator_weights(spec: &EngineSpec, file: &str) -> Result<Vec<f64>, String> {
        Err(format!(
            "engine {:?}: {} reads no evaluator files (evaluator = {file:?})",
            spec.name,
            Self::ID
        ))
    }
    /// A value known without searching, for `player`, in evaluation units: a finished game's
    /// result on the evaluation's scale, or a solved table's entry (backgammon: the match
    /// equity table at the start of the next game of a match). Expectimax returns it at any
    /// depth instead of searching on. The default None changes nothing.
    fn known_value(&self, player: PlayerId) -> Option<f64> {
        let _ = player;
        None
    }
}

/// Engine files meet the game's evaluation here (not in `engine_file`, which knows no game
/// trait), so the engine-file layer stays below the evaluation layer.
impl EngineSpec {
    /// The weight vector in `G::feature_names()` order: defaults overridden by the file. A name
    /// the game does not know is an error (a typo must not silently weigh nothing).
    pub fn weights_for<G: Evaluate>(&self) -> Result<Vec<f64>, String> {
        if let Some(file) = &self.evaluator {
            if !self.weights.is_empty() {
                return Err(format!(
                    "engine {:?}: [weights] and evaluator = {file:?} together: the evaluator \
                     file holds all its weights",
                    self.name
                ));
            }
            return G::evaluator_weights(self, file);
        }
        let names = G::feature_names();
        let mut w = G::default_weights();
        for (k, v) in &self.weights {
            match names.iter().position(|n| n == k) {
                Some(i) => w[i] = *v,
                None => {
                    return Err(format!(
                        "engine {:?}: unknown weight {k:?} for {} (known: {})",
                        self.name,
                        G::ID,
                        names.join(", ")
                    ))
                }
            }
        }
        Ok(w)
    }
}
