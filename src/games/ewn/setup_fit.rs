//! Where `eval::SETUP_TABLE` comes from: games from uniformly random arrangements, played by
//! the 1-ply greedy policy of the evaluator (every step scored by the features with the default
//! weights, a winning step first), and for each (cube number, start square) the mean result of
//! the side that put that cube there, minus the overall mean. Arrangements are drawn uniformly
//! and independently, so these marginal means estimate each placement's main effect without
//! bias. Both colours are pooled (their start squares are listed in mirrored order).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::eval::Evaluate;
use crate::game::{Game, MoveList, RuleSet, Turn};

use super::game::{Ewn, EwnMove};
use super::rules::{EwnRules, FirstPlayer};
use super::setup::{Arrangement, ARRANGEMENTS};

/// The greedy step: the highest weighted feature sum for the mover after the step.
pub fn greedy_step(state: &Ewn, weights: &[f64], rng: &mut impl Rng) -> EwnMove {
    let me = state.side();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut best = (f64::NEG_INFINITY, moves[0]);
    let mut f = Vec::new();
    for &mv in &moves {
        let mut child = *state;
        child.play(mv);
        let v = if child.is_terminal() {
            child.returns().get(me) * 1e6
        } else {
            f.clear();
            child.features(me, &mut f);
            f.iter().zip(weights).map(|(x, w)| x * w).sum::<f64>() + rng.gen::<f64>() * 1e-9
        };
        if v > best.0 {
            best = (v, mv);
        }
    }
    best.1
}

/// Plays `games` greedy games from random arrangements and returns the table of placement
/// values (row: cube number - 1, column: start square in arrangement order) and the number of
/// observations behind each entry.
pub fn fit_setup_table(games: usize, seed: u64) -> ([[f64; 6]; 6], usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut weights = Ewn::default_weights();
    // The table must not feed on itself.
    let arrangement = Ewn::feature_names()
        .iter()
        .position(|n| *n == "arrangement");
    if let Some(i) = arrangement {
        weights[i] = 0.0;
    }
    let mut sum = [[0.0f64; 6]; 6];
    let mut total = 0.0;
    for g in 0..games {
        let mut rules = EwnRules::parse("setup=choose").expect("valid rules");
        rules.first = if g % 2 == 0 {
            FirstPlayer::Red
        } else {
            FirstPlayer::Blue
        };
        let mut state = Ewn::new(&rules);
        let mut arrangements = [Arrangement::default(); 2];
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let d = rng.gen_range(1..=6);
                    state.play(EwnMove::Roll(d));
                }
                Turn::Player(p) if state.in_setup() => {
                    let i = rng.gen_range(0..ARRANGEMENTS);
                    arrangements[p] = Arrangement::from_index(i);
                    state.play(EwnMove::Setup(i));
                }
                Turn::Player(_) => {
                    let mv = greedy_step(&state, &weights, &mut rng);
                    state.play(mv);
                }
            }
        }
        for (p, arrangement) in arrangements.iter().enumerate() {
            let r = state.returns().get(p);
            total += r;
            for (sq, &cube) in arrangement.0.iter().enumerate() {
                sum[cube as usize - 1][sq] += r;
            }
        }
    }
    // Each (cube, square) pair occurs in 1/6 of the arrangements.
    let n = 2.0 * games as f64;
    let mean = total / n;
    let mut table = [[0.0; 6]; 6];
    for c in 0..6 {
        for s in 0..6 {
            table[c][s] = sum[c][s] / (n / 6.0) - mean;
        }
    }
    (table, games * 2 / 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prints the table for `eval::SETUP_TABLE`:
    /// `cargo test --release --lib fit_setup_table -- --ignored --nocapture`.
    #[test]
    #[ignore = "a fitting run (about a minute), not a check"]
    fn fit_setup_table_print() {
        let games = std::env::var("EWN_FIT_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(400_000);
        let (table, per_entry) = fit_setup_table(games, 2026);
        println!("// {games} games, {per_entry} observations an entry");
        println!("pub const SETUP_TABLE: [[f64; 6]; 6] = [");
        for row in table {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:+.4}")).collect();
            println!("    [{}],", cells.join(", "));
        }
        println!("];");
    }

    #[test]
    fn the_greedy_policy_takes_a_winning_step() {
        let rules = EwnRules::default();
        let s = Ewn::parse_position(&rules, "...../...../...../...r3b1/r1...b2 r 2").unwrap();
        // A 2 selects cube 1 or 3; cube 3 on d4 wins by stepping to e5.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mv = greedy_step(&s, &Ewn::default_weights(), &mut rng);
        assert_eq!(s.format_move(mv), "3:d4xe5");
    }
}
