//! The static evaluation every back end shares: `dot(weights, Evaluate::features)` from one
//! player's view, and the scale that puts game results far above any evaluation.

use std::hash::{Hash, Hasher};

use crate::eval::Evaluate;
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

    /// `dot(weights, features(player))`, in evaluation units, unless the game has its own
    /// non-linear evaluation (`Evaluate::evaluate`), which comes first.
    #[inline]
    pub fn eval<G: Evaluate>(&mut self, state: &G, player: PlayerId) -> f64 {
        if let Some(v) = state.evaluate(player, &self.weights) {
            return v;
        }
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

/// The plies to a forced end of the game that a reported score (`report_score` of
/// `terminal_score`) stands for: `Some(n)` a win in n plies, `Some(-n)` a loss in n, `None` for
/// an evaluation. Game results carry `returns * 10_000` beside the plies; with whole returns
/// (every game's win/loss) that part is a multiple of 10,000 and the plies are read back exactly.
pub fn result_plies(score: f64) -> Option<i64> {
    let s = (score * SCORE_SCALE).round();
    if !s.is_finite() || s.abs() < WIN_THRESHOLD as f64 {
        return None;
    }
    let beyond = s.abs() as i64 - WIN as i64;
    let margin = ((beyond as f64 / 10_000.0).round() as i64) * 10_000;
    let plies = margin - beyond;
    (0..5_000)
        .contains(&plies)
        .then(|| plies * s.signum() as i64)
}

/// A reported score as engines print it: the evaluation, or `#7` / `#-7` (a forced win / loss
/// in 7 plies) for a game result.
pub fn format_score(score: f64) -> String {
    match result_plies(score) {
        Some(n) if n >= 0 => format!("#{n} (win in {n} plies)"),
        Some(n) => format!("#{n} (loss in {} plies)", -n),
        None => format!("{score}"),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_read_back_as_plies() {
        let win = Returns::two_player(1.0);
        for ply in [0usize, 1, 7, 60, 127] {
            let s = report_score(terminal_score(&win, 0, ply));
            assert_eq!(result_plies(s), Some(ply as i64), "{s}");
            let l = report_score(terminal_score(&win, 1, ply));
            assert_eq!(result_plies(l), Some(-(ply as i64)), "{l}");
        }
        assert_eq!(
            format_score(report_score(terminal_score(&win, 1, 7))),
            "#-7 (loss in 7 plies)"
        );
        assert_eq!(result_plies(12.5), None);
        assert_eq!(format_score(12.5), "12.5");
        assert_eq!(result_plies(report_score(EVAL_LIMIT)), None);
    }
}
