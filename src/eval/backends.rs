//! What an engine file can ask of one game beyond weights and hints: a back end only this game
//! has (a solver, a perfect player), its endgame database, `[params]` keys the game reads
//! itself, and, for a game that hides information, its observing engines. Called where engine
//! files become agents (`search::build_agent`, `search::alphabeta_params`, `eval::hidden`);
//! the shared back ends in `search` stay generic, since a game adds its own here, in its folder.

use std::sync::Arc;

use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::game::Game;

use super::hidden::HiddenVisitor;

/// The factories and engine-file hooks of one game. Every method has a default (no back ends of
/// its own, no database, no game params, full information).
pub trait Backends: Game {
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

/// The file an engine file names in `[params] database = "file"`, if any: the one reading of
/// that key for every game with a database (a value that is not a string is an error).
pub fn database_param(spec: &EngineSpec) -> Result<Option<std::path::PathBuf>, String> {
    match spec.params.get("database") {
        None => Ok(None),
        Some(toml::Value::String(p)) => Ok(Some(std::path::PathBuf::from(p))),
        Some(v) => Err(format!(
            "engine {:?}: param database must be a file name, not {v}",
            spec.name
        )),
    }
}

/// Exact values of positions that a search may use instead of searching below them (an
/// endgame database). Built by `Backends::exact_values` from an engine file.
pub trait ExactValues<G: Game>: Send + Sync {
    /// The return of `state` (a decision node) for its player to move under perfect play, on
    /// the scale of `Game::returns`, when known.
    fn value(&self, state: &G) -> Option<f64>;
    /// The value with the plies to the end of the game under perfect play, for databases that
    /// know it (the search then scores it as a win or loss found that many plies further on);
    /// 0 plies by default.
    fn value_and_plies(&self, state: &G) -> Option<(f64, usize)> {
        self.value(state).map(|r| (r, 0))
    }
}
