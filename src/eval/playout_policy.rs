//! A game's own policy for Monte Carlo playouts: how MCTS (and ISMCTS) draw the moves of a
//! playout when the engine file sets `playout_policy = true`, with knobs an engine file tunes.
//! Called by `search::mcts` and `search::ismcts`; a game without a policy keeps the defaults
//! and its playouts draw uniform legal moves.

use crate::game::Game;

/// The playout policy of a game, with its tunable knobs.
pub trait PlayoutPolicy: Game {
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
}
