//! Baseline players: uniform random, and greedy one ply on the evaluator. Every stronger back end must beat these with significance.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agent::{Agent, AgentError, Limits, SearchReport};
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
        self.pick(&moves)
    }
}

impl RandomAgent {
    /// A uniformly random one of `moves` (also for `search::hidden`'s observing random player).
    pub(crate) fn pick<M: Copy>(&mut self, moves: &[M]) -> Result<SearchReport<M>, AgentError> {
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

/// Plays the move with the best static evaluation one ply ahead (a won game first, a lost one
/// last); ties go to a seeded random choice among the best.
pub struct GreedyAgent<G: crate::eval::GameKnowledge> {
    name: String,
    eval: super::linear::LinearEval,
    rng: ChaCha8Rng,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: crate::eval::GameKnowledge> GreedyAgent<G> {
    pub fn new(name: impl Into<String>, weights: Vec<f64>, seed: u64) -> Self {
        GreedyAgent {
            name: name.into(),
            eval: super::linear::LinearEval::new(weights),
            rng: ChaCha8Rng::seed_from_u64(seed),
            _game: std::marker::PhantomData,
        }
    }
}

/// The value of `child` for `me` one ply on: results, expectations at chance nodes, or the
/// evaluation (the greedy players' measure, shared with `hidden::ObservedGreedy`).
pub(crate) fn one_ply_value<G: crate::eval::GameKnowledge>(
    eval: &mut super::linear::LinearEval,
    child: &G,
    me: crate::game::PlayerId,
) -> i32 {
    use crate::game::Turn;
    match child.turn() {
        Turn::Terminal => super::linear::terminal_score(&child.returns(), me, 1),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            child.chance_outcomes(&mut outcomes);
            let mut sum = 0.0;
            for (mv, p) in outcomes {
                let mut c = child.clone();
                c.play(mv);
                sum += p * eval.score(&c, me) as f64;
            }
            sum.round() as i32
        }
        Turn::Player(_) => eval.score(child, me),
    }
}

impl<G: crate::eval::GameKnowledge> Agent<G> for GreedyAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, state: &G, _limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        let started = std::time::Instant::now();
        let me = state.current_player().ok_or(AgentError::NoMove)?;
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let mut best = Vec::new();
        let mut best_value = i32::MIN;
        for &mv in &moves {
            let mut child = state.clone();
            child.play(mv);
            let v = one_ply_value(&mut self.eval, &child, me);
            if v > best_value {
                best_value = v;
                best.clear();
            }
            if v == best_value {
                best.push(mv);
            }
        }
        if best.is_empty() {
            return Err(AgentError::NoMove);
        }
        let mv = best[self.rng.gen_range(0..best.len())];
        Ok(SearchReport {
            best: mv,
            score: super::linear::report_score(best_value),
            depth: 1,
            nodes: moves.len() as u64,
            ms: started.elapsed().as_millis() as u64,
            pv: vec![mv],
        })
    }
}
