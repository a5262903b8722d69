//! What a game tells the search back ends and tuners: named linear features, search hints
//! (quiet and noisy moves, move order, null moves, proven results), the playout policy, and the
//! factories for back ends only the game has. Each game implements it in its folder (`eval.rs`).

use std::sync::Arc;

use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::game::{Game, MoveList, PlayerId};

use super::hidden::HiddenVisitor;

/// Game knowledge for search back ends and tuners: named linear features, seen by one player.
/// The static evaluation is `sum(weight_i * feature_i)`, so weights live in engine files and the
/// tuner changes them without code changes. Games without features yet keep the defaults (no
/// features), and only the game-agnostic back ends (random, MCTS with playouts) apply to them.
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
    /// False while the position is in the middle of an exchange (a capture is pending or
    /// forced), so a static evaluation would be misleading; alpha-beta's quiescence search then
    /// keeps searching the noisy moves. Games without captures keep the default.
    fn is_quiet(&self) -> bool {
        true
    }
    /// True for moves quiescence search should still try (captures, promotions).
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The moves quiescence search tries in a quiet position: those of `search_moves` that
    /// `is_noisy` accepts, into `moves` (cleared by the caller). Games that can list them without
    /// generating every move (Wa shogi: captures only) override this; the moves must be the same.
    fn noisy_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.search_moves(moves);
        moves.retain(|m| self.is_noisy(*m));
    }
    /// A cheap move-ordering hint: higher is tried first (captures by value, corners, ...).
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
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
    /// Whether the decision at this state spends one unit of search depth. Games whose turns
    /// have decisions besides the move itself (backgammon's cube actions) return false for
    /// those, so that a depth of n still looks n moves ahead. Default: every decision does.
    fn counts_as_ply(&self) -> bool {
        true
    }
    /// Names and default values of the knobs of `playout_move` (engine files set them in
    /// `[params.playout_knobs]`). Games without a playout policy keep the default: none.
    fn playout_knobs() -> &'static [(&'static str, f64)] {
        &[]
    }
    /// The game's default policy for Monte Carlo playouts (MCTS with `playout_policy = true`):
    /// the next move at this decision node drawn with `knobs` (one value per `playout_knobs`
    /// entry), or None to let the back end draw a uniform legal move, which the default does.
    fn playout_move<R: rand::Rng + ?Sized>(
        &self,
        knobs: &[f64],
        rng: &mut R,
    ) -> Option<Self::Move> {
        let _ = (knobs, rng);
        None
    }
    /// The moves alpha-beta searches at this decision node (also in quiescence): by default
    /// every legal move. A game with a wide board may narrow them (gomoku: points near the
    /// stones, only the replies to a four). They must be legal, at least one, and come in a
    /// deterministic order (the table stores indices into this list).
    fn search_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.legal_moves(moves)
    }
    /// True for a move alpha-beta's `forcing` extension searches one ply deeper (a check in
    /// Wa shogi, a four in gomoku, a capture the opponent must answer). None by default.
    fn is_forcing(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The position after the side to move passes, for alpha-beta's null-move pruning (the
    /// opponent to move, nothing else changed, the hash updated). None (the default) where
    /// passing has no meaning; a game returns None here too where zugzwang is likely.
    fn null_move(&self) -> Option<Self> {
        None
    }
    /// True where zugzwang is likely (few pieces, only pawns, ...): alpha-beta then tries no
    /// null move here even when the game has one. False by default.
    fn zugzwang_risk(&self) -> bool {
        false
    }
    /// A result a game-specific solver proves for the side to move here (gomoku: a threat-space
    /// search finds a forced win), which alpha-beta then takes instead of searching the node.
    /// `depth` is the remaining search depth and `root` tells the root apart, so the game can
    /// spend more there. By default nothing is proven.
    fn proven_result(&self, depth: i32, root: bool) -> Option<Proven<Self::Move>> {
        let _ = (depth, root);
        None
    }
    /// Engine-file `[params]` keys this game reads itself (switches of game knowledge for one
    /// engine, e.g. gomoku's threat search); alpha-beta accepts them and hands them to
    /// `apply_game_params` on a copy of each root before searching it.
    fn game_params() -> &'static [&'static str] {
        &[]
    }
    /// Applies `game_params` keys to this state (a search root). By default there are none.
    fn apply_game_params(&mut self, params: &toml::Table) -> Result<(), String> {
        let _ = params;
        Ok(())
    }
    /// A back end only this game has (Othello's exact solver, Ur's perfect player from its
    /// solved table), asked for by the engine file's `backend` name; `None` when the game has
    /// no back end of that name. The shared back ends in `search` stay generic: a game adds its
    /// own here, in its own folder, and `search` never imports a game.
    fn game_agent(spec: &EngineSpec, seed: u64) -> Option<Result<Box<dyn Agent<Self>>, String>> {
        let _ = (spec, seed);
        None
    }
    /// For a hidden-information game (Junqi): `Some(v.visit())`, which hands `v` this game as a
    /// `HiddenGame`; `None` (the default) for every game with full information. This is the one
    /// place a game says it hides information (`eval::hidden`).
    fn as_hidden<V: HiddenVisitor<Self>>(v: V) -> Option<V::Output> {
        let _ = v;
        None
    }
    /// The exact values an engine file names in `[params] database = "file"` (an endgame
    /// database), which alpha-beta probes at every node below the root. Only games with a
    /// database override this; for the others a `database` param is an error.
    fn exact_values(spec: &EngineSpec) -> Result<Option<Arc<dyn ExactValues<Self>>>, String> {
        match spec.params.get("database") {
            None => Ok(None),
            Some(_) => Err(format!(
                "engine {:?}: {} has no endgame database (param database)",
                spec.name,
                Self::ID
            )),
        }
    }
}

/// Exact values of positions that a search may use instead of searching below them (an
/// endgame database). Built by `Evaluate::exact_values` from an engine file.
pub trait ExactValues<G: Game>: Send + Sync {
    /// The return of `state` (a decision node) for its player to move under perfect play, on
    /// the scale of `Game::returns`, when known.
    fn value(&self, state: &G) -> Option<f64>;
}

/// A game result proven by a game's own solver (`Evaluate::proven_result`), seen from the side
/// to move: a win or a loss in `plies` plies, with the first move of the win when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven<M> {
    pub win: bool,
    pub plies: u32,
    pub best: Option<M>,
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
