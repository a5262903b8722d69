//! The static evaluation every back end shares: `dot(weights, Evaluate::features)` from one
//! player's view, and the scale that puts game results far above any evaluation.

use std::hash::{Hash, Hasher};

use crate::engine::Evaluate;
use crate::game::{Game, PlayerId, Returns};

/// Integer search scores are evaluation units times this (alpha-beta and its TT work in i32).
pub const SCORE_SCALE: f64 = 100.0;
/// Evaluations are clamped to this, so that game results always dominate.
pub const EVAL_LIMIT: i32 = 100_000_000;
/// A won game is worth about this (minus the plies to reach it, so faster wins score higher).
pub const WIN: i32 = 1_000_000_000;
/// Scores beyond this in magnitude are game results, not evaluations.
pub const WIN_THRESHOLD: i32 = WIN / 2;

/// Weights and a reusable feature buffer.
#[derive(Clone, Debug)]
pub struct LinearEval {
    pub weights: Vec<f64>,
    buf: Vec<f64>,
}

impl LinearEval {
    pub fn new(weights: Vec<f64>) -> Self {
        LinearEval {
            weights,
            buf: Vec::new(),
        }
    }

    /// `dot(weights, features(player))`, in evaluation units.
    #[inline]
    pub fn eval<G: Evaluate>(&mut self, state: &G, player: PlayerId) -> f64 {
        self.buf.clear();
        state.features(player, &mut self.buf);
        self.weights
            .iter()
            .zip(self.buf.iter())
            .map(|(w, f)| w * f)
            .sum()
    }

    /// The evaluation as an integer search score, clamped below the game-result range.
    #[inline]
    pub fn score<G: Evaluate>(&mut self, state: &G, player: PlayerId) -> i32 {
        let v = self.eval(state, player) * SCORE_SCALE;
        v.round().clamp(-EVAL_LIMIT as f64, EVAL_LIMIT as f64) as i32
    }
}

/// The integer score of a finished game for `player`, `ply` plies from the root: a win is worth
/// `WIN` less the plies (faster wins first, slower losses first), larger returns worth more.
pub fn terminal_score(returns: &Returns, player: PlayerId, ply: usize) -> i32 {
    return_score(returns.get(player), ply)
}

/// `terminal_score` of one return `r`: also the score of an exactly known value (a database).
pub fn return_score(r: f64, ply: usize) -> i32 {
    let margin = (r.clamp(-1000.0, 1000.0) * 10_000.0) as i32;
    if r > 0.0 {
        WIN - ply as i32 + margin
    } else if r < 0.0 {
        -WIN + ply as i32 + margin
    } else {
        0
    }
}

/// Integer score to the reported `SearchReport::score` (evaluation units).
pub fn report_score(score: i32) -> f64 {
    score as f64 / SCORE_SCALE
}

/// A well-mixed hash of a move, for history tables indexed by move.
#[inline]
pub fn move_key<M: Hash>(mv: &M) -> u64 {
    let mut h = FxHasher(0);
    mv.hash(&mut h);
    crate::game::zobrist::splitmix64(h.0)
}

/// A tiny multiplicative hasher (moves are a few bytes).
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

/// The player a value is seen from at `state`: the one to move, or `fallback` at chance and
/// terminal nodes.
#[inline]
pub fn player_or<G: Game>(state: &G, fallback: PlayerId) -> PlayerId {
    state.current_player().unwrap_or(fallback)
}
