//! Many games played to the end, counting who won: the check of exact solutions against
//! simulation (Big Cat, Three-way). Chance draws by their probabilities, decisions by a given
//! policy; games run in parallel blocks seeded by their block number, so a count replays
//! exactly from its seed whatever the number of threads.

use rand::SeedableRng;
use rayon::prelude::*;

use super::contract::{Game, Turn};
use super::playout::sample_outcome;

/// Who won how many of the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    /// Games won by each seat (the seat with the strictly highest return).
    pub wins: Vec<u64>,
    /// Games with no single highest return (or cut off at the ply limit).
    pub undecided: u64,
    /// All plies (chance draws included) of all games.
    pub plies: u64,
}

impl Tally {
    /// Seat `seat`'s share of the games, with the half width of its 95% interval.
    pub fn share(&self, seat: usize) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let p = self.wins[seat] as f64 / n;
        (p, 1.96 * (p * (1.0 - p) / n).sqrt())
    }
    /// (observed - expected) / standard error of seat `seat`'s share, for an expected chance.
    pub fn z_score(&self, seat: usize, expected: f64) -> f64 {
        let n = self.games.max(1) as f64;
        let p = self.wins[seat] as f64 / n;
        let se = (expected * (1.0 - expected) / n).sqrt();
        if se > 0.0 {
            (p - expected) / se
        } else {
            0.0
        }
    }
}

/// Plays `games` games from `start`, at most `max_plies` plies each; `policy` picks the move at
/// every decision node (it gets the state and a random number generator of its own game).
pub fn tally_wins<G, P>(start: &G, games: u64, seed: u64, max_plies: u64, policy: P) -> Tally
where
    G: Game,
    P: Fn(&G, &mut rand::rngs::SmallRng) -> G::Move + Sync,
{
    const BLOCK: u64 = 10_000;
    let players = start.num_players();
    let blocks = games.div_ceil(BLOCK);
    let parts: Vec<Tally> = (0..blocks)
        .into_par_iter()
        .map(|b| {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(super::zobrist::stream_seed(seed, b));
            let count = BLOCK.min(games - b * BLOCK);
            let mut t = Tally {
                games: count,
                wins: vec![0; players],
                undecided: 0,
                plies: 0,
            };
            let mut outcomes = Vec::new();
            for _ in 0..count {
                let mut state = start.clone();
                let mut plies = 0u64;
                loop {
                    match state.turn() {
                        Turn::Terminal => break,
                        _ if plies >= max_plies => break,
                        Turn::Chance => {
                            outcomes.clear();
                            state.chance_outcomes(&mut outcomes);
                            let mv = sample_outcome(&outcomes, &mut rng);
                            state.play(mv);
                        }
                        Turn::Player(_) => {
                            let mv = policy(&state, &mut rng);
                            state.play(mv);
                        }
                    }
                    plies += 1;
                }
                t.plies += plies;
                let r = state.returns();
                let best = r.as_slice().iter().cloned().fold(f64::MIN, f64::max);
                let top: Vec<usize> = (0..players).filter(|&p| r.get(p) == best).collect();
                if state.is_terminal() && top.len() == 1 {
                    t.wins[top[0]] += 1;
                } else {
                    t.undecided += 1;
                }
            }
            t
        })
        .collect();
    let mut total = Tally {
        games: 0,
        wins: vec![0; players],
        undecided: 0,
        plies: 0,
    };
    for t in parts {
        total.games += t.games;
        total.undecided += t.undecided;
        total.plies += t.plies;
        for (a, b) in total.wins.iter_mut().zip(t.wins) {
            *a += b;
        }
    }
    total
}
