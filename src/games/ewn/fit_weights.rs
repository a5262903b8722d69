//! Where `eval::DEFAULT_WEIGHTS` comes from: a least-squares fit of the game result (+100/-100
//! for red) on the features (red's view) at every position after setup of greedy self-play games
//! from random arrangements, so the evaluation estimates the expected return. The features are
//! antisymmetric (the other side's view negates them, as it negates the result), so the model
//! needs no intercept. A stopgap until the shared tuner (Texel / TD) covers EWN.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::eval::Evaluate;
use crate::game::{Game, Turn};

use super::game::{Ewn, EwnMove};
use super::rules::{EwnRules, FirstPlayer, RED};
use super::setup::ARRANGEMENTS;
use super::setup_fit::greedy_step;

/// Solves `a x = b` for a small symmetric positive definite `a` (Gaussian elimination with
/// partial pivoting).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .expect("non-empty");
        a.swap(col, piv);
        b.swap(col, piv);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            let pivot_row = a[col].clone();
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

/// Fits the weights on `games` greedy games (the greedy player uses `play_weights`). Returns the
/// weights and the number of positions. Features that never vary get weight 0.
pub fn fit_weights(games: usize, seed: u64, play_weights: &[f64]) -> (Vec<f64>, usize) {
    let n = Ewn::feature_names().len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut xtx = vec![vec![0.0; n]; n];
    let mut xty = vec![0.0; n];
    let mut count = 0;
    let mut f = Vec::new();
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for g in 0..games {
        let rules = EwnRules {
            first: if g % 2 == 0 {
                FirstPlayer::Red
            } else {
                FirstPlayer::Blue
            },
            ..Default::default()
        };
        let mut state = Ewn::new(&rules);
        rows.clear();
        loop {
            if !state.in_setup() && !state.is_terminal() {
                f.clear();
                state.features(RED, &mut f);
                rows.push(f.clone());
            }
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => state.play(EwnMove::Roll(rng.gen_range(1..=6))),
                Turn::Player(_) if state.in_setup() => {
                    state.play(EwnMove::Setup(rng.gen_range(0..ARRANGEMENTS)))
                }
                Turn::Player(_) => {
                    let mv = greedy_step(&state, play_weights, &mut rng);
                    state.play(mv);
                }
            }
        }
        // Hundredths of a result, the evaluation's unit.
        let y = 100.0 * state.returns().get(RED);
        for x in &rows {
            for i in 0..n {
                xty[i] += x[i] * y;
                for j in 0..n {
                    xtx[i][j] += x[i] * x[j];
                }
            }
            count += 1;
        }
    }
    for (i, row) in xtx.iter_mut().enumerate() {
        row[i] += 1e-6 * count as f64 + 1e-12;
    }
    (solve(xtx, xty), count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_small_system() {
        let x = solve(vec![vec![4.0, 1.0], vec![1.0, 3.0]], vec![1.0, 2.0]);
        assert!((x[0] - 1.0 / 11.0).abs() < 1e-12 && (x[1] - 7.0 / 11.0).abs() < 1e-12);
    }

    /// Prints fitted weights: `cargo test --release --lib fit_weights_print -- --ignored --nocapture`.
    #[test]
    #[ignore = "a fitting run, not a check"]
    fn fit_weights_print() {
        let games = std::env::var("EWN_FIT_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(200_000);
        let (w, positions) = fit_weights(games, 7, &Ewn::default_weights());
        println!("// {games} games, {positions} positions");
        for (name, v) in Ewn::feature_names().iter().zip(&w) {
            println!("{name} = {v:.4}");
        }
    }
}

/// Greedy player with weights `a` against greedy with `b` over `games` games from random
/// arrangements, seats alternating; returns a's score (wins / games).
pub fn greedy_duel(a: &[f64], b: &[f64], games: usize, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wins = 0usize;
    for g in 0..games {
        let a_seat = g % 2;
        let mut state = Ewn::new(&EwnRules::default());
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => state.play(EwnMove::Roll(rng.gen_range(1..=6))),
                Turn::Player(_) if state.in_setup() => {
                    state.play(EwnMove::Setup(rng.gen_range(0..ARRANGEMENTS)))
                }
                Turn::Player(p) => {
                    let w = if p == a_seat { a } else { b };
                    let mv = greedy_step(&state, w, &mut rng);
                    state.play(mv);
                }
            }
        }
        if state.winner() == Some(a_seat) {
            wins += 1;
        }
    }
    wins as f64 / games as f64
}

#[cfg(test)]
mod duel {
    use super::*;

    /// Refits twice (each round plays with the last fit) and duels each fit against the
    /// defaults: `cargo test --release --lib fit_weights_iterate -- --ignored --nocapture`.
    #[test]
    #[ignore = "a fitting run, not a check"]
    fn fit_weights_iterate() {
        let games = std::env::var("EWN_FIT_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(50_000);
        let default = Ewn::default_weights();
        let mut w = default.clone();
        for round in 0..2 {
            let (fit, _) = fit_weights(games, 100 + round, &w);
            let s = greedy_duel(&fit, &default, 20_000, 200 + round);
            println!("round {round}: {fit:.4?} vs defaults: score {s:.3} (20000 games)");
            w = fit;
        }
    }
}
