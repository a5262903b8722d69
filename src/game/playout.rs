//! Random playouts: uniform moves at decision nodes, outcomes drawn by their probabilities at
//! chance nodes. Used by MCTS leaves, benchmarks and differential tests.

use rand::Rng;

use super::contract::{Game, Returns, Turn};
use super::movelist::MoveList;

/// Draws an index from weighted outcomes (weights sum to about 1).
pub fn sample_outcome<M: Copy, R: Rng + ?Sized>(outcomes: &[(M, f64)], rng: &mut R) -> M {
    outcome_at(outcomes, rng.gen::<f64>())
}

/// The outcome a uniform `u` in [0, 1) falls on, the weights scaled to their sum (so rounding
/// that leaves the sum under 1 still lands on the last outcome). `sample_outcome` draws `u`;
/// a caller with its own generator (self-play's per-game seeds) passes it in.
pub fn outcome_at<M: Copy>(outcomes: &[(M, f64)], u: f64) -> M {
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    let mut x = u * total;
    for &(mv, p) in outcomes {
        if x < p {
            return mv;
        }
        x -= p;
    }
    outcomes.last().expect("a chance node has outcomes").0
}

/// Plays one step at random (a uniform legal move, or a chance draw). Returns false at the end.
pub fn random_step<G: Game, R: Rng + ?Sized>(state: &mut G, rng: &mut R) -> bool {
    match state.turn() {
        Turn::Terminal => false,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            let mv = sample_outcome(&outcomes, rng);
            state.play(mv);
            true
        }
        Turn::Player(_) => {
            let mut moves = MoveList::new();
            state.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            state.play(mv);
            true
        }
    }
}

/// Plays at random to the end (or `max_plies`), returning the final state's returns and length.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    state: &mut G,
    rng: &mut R,
    max_plies: usize,
) -> (Returns, usize) {
    let mut plies = 0;
    while plies < max_plies && random_step(state, rng) {
        plies += 1;
    }
    (state.returns(), plies)
}

/// Plays random steps from `state` until `stop(state)` holds or the game ends; returns the
/// state reached. Benches and tests use it to draw positions ("a random game stopped at 20
/// empties", "a random position after 30 plies").
pub fn random_walk<G: Game, R: Rng + ?Sized>(
    mut state: G,
    rng: &mut R,
    mut stop: impl FnMut(&G) -> bool,
) -> G {
    while !stop(&state) && random_step(&mut state, rng) {}
    state
}
