//! Baseline players: uniform random. Every stronger back end must beat these with significance.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Agent, AgentError, Limits, SearchReport};
use crate::game::{Game, MoveList};

/// Plays a uniformly random legal move. Seeded, so tournaments replay exactly.
pub struct RandomAgent {
    name: String,
    rng: ChaCha8Rng,
}

impl RandomAgent {
    pub fn new(name: impl Into<String>, seed: u64) -> Self {
        RandomAgent {
            name: name.into(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, state: &G, _limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(AgentError::NoMove);
        }
        let best = moves[self.rng.gen_range(0..moves.len())];
        Ok(SearchReport {
            best,
            score: 0.0,
            depth: 0,
            nodes: 1,
            ms: 0,
            pv: vec![best],
        })
    }
}
