//! Back ends for hidden-information games that play from observations (`ObservingAgent`):
//! uniform random, greedy one ply averaged over sampled states, and information-set MCTS
//! (`ismcts`), built from engine files. Games add what only they know (a belief, a setup
//! chooser) around these in their `eval::hidden::HiddenGame::observing_agent`.

use rand::{Rng, SeedableRng};

use rand_chacha::ChaCha8Rng;

use super::baselines::{one_ply_value, RandomAgent};
use super::ismcts::{Determinizer, Ismcts, IsmctsConfig};
use super::linear::{report_score, LinearEval};
use super::Params;
use crate::agent::{Agent, AgentError, Limits, ObservingAgent, SearchReport};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::{ImperfectInformation, MoveList};

/// A uniformly random legal move of the observer (the full-information `RandomAgent`, here
/// choosing among the moves its observation allows).
impl<G: ImperfectInformation> ObservingAgent<G> for RandomAgent {
    fn name(&self) -> String {
        Agent::<G>::name(self)
    }
    fn choose(
        &mut self,
        obs: &G::Observation,
        _limits: &Limits,
    ) -> Result<SearchReport<G::Move>, AgentError> {
        let mut moves = MoveList::new();
        G::observed_legal_moves(obs, &mut moves);
        self.pick(&moves)
    }
}

/// The move with the best one-ply value (a won game first, then the evaluation) averaged over
/// `samples` states drawn consistently with the observation; ties to a seeded random choice.
pub struct ObservedGreedy<G: ImperfectInformation + GameKnowledge> {
    name: String,
    eval: LinearEval,
    samples: usize,
    rng: ChaCha8Rng,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: ImperfectInformation + GameKnowledge> ObservedGreedy<G> {
    pub fn new(name: impl Into<String>, weights: Vec<f64>, samples: usize, seed: u64) -> Self {
        ObservedGreedy {
            name: name.into(),
            eval: LinearEval::new(weights),
            samples: samples.max(1),
            rng: ChaCha8Rng::seed_from_u64(seed),
            _game: std::marker::PhantomData,
        }
    }
}

impl<G: ImperfectInformation + GameKnowledge> ObservingAgent<G> for ObservedGreedy<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(
        &mut self,
        obs: &G::Observation,
        _limits: &Limits,
    ) -> Result<SearchReport<G::Move>, AgentError> {
        let started = std::time::Instant::now();
        let me = G::observer(obs);
        let mut moves = MoveList::new();
        G::observed_legal_moves(obs, &mut moves);
        if moves.is_empty() {
            return Err(AgentError::NoMove);
        }
        let worlds: Vec<G> = (0..self.samples)
            .map(|_| G::sample(obs, &mut self.rng))
            .collect();
        let mut best = Vec::new();
        let mut best_value = f64::MIN;
        for &mv in &moves {
            let mut sum = 0.0;
            for w in &worlds {
                let mut child = w.clone();
                child.play(mv);
                sum += one_ply_value(&mut self.eval, &child, me) as f64;
            }
            let v = sum / worlds.len() as f64;
            if v > best_value {
                best_value = v;
                best.clear();
            }
            if v == best_value {
                best.push(mv);
            }
        }
        let mv = best[self.rng.gen_range(0..best.len())];
        Ok(SearchReport {
            best: mv,
            score: report_score(best_value.round() as i32),
            depth: 1,
            nodes: (moves.len() * worlds.len()) as u64,
            ms: started.elapsed().as_millis() as u64,
            pv: vec![mv],
        })
    }
}

/// The params each observing back end reads (a game adds its own to these).
pub fn backend_params(backend: &str) -> &'static [&'static str] {
    match backend {
        "greedy" => &["samples"],
        "ismcts" => &[
            "exploration",
            "default_playouts",
            "playout_plies",
            "eval_scale",
        ],
        _ => &[],
    }
}

/// The observing back end an engine file names: `random`, `greedy` (param `samples`, 8) or
/// `ismcts` (params `exploration`, `default_playouts`, `playout_plies`, `eval_scale`), with the
/// states drawn by `determinizer` (ISMCTS). `extra_params` are the game's own parameters, which
/// it reads itself; any other unknown parameter is an error.
pub fn build_observing<G: ImperfectInformation + GameKnowledge>(
    spec: &EngineSpec,
    seed: u64,
    determinizer: Box<dyn Determinizer<G>>,
    extra_params: &[&str],
) -> Result<Box<dyn ObservingAgent<G>>, String> {
    spec.check_game(G::ID)?;
    let seed = spec.seed.unwrap_or(0) ^ seed;
    let known: Vec<&str> = backend_params(&spec.backend)
        .iter()
        .chain(extra_params)
        .copied()
        .collect();
    let p = Params::new(spec, &known)?;
    match spec.backend.as_str() {
        "random" => Ok(Box::new(RandomAgent::new(spec.name.clone(), seed))),
        "greedy" => Ok(Box::new(ObservedGreedy::<G>::new(
            spec.name.clone(),
            spec.weights_for::<G>()?,
            p.int::<u32>("samples", 8, 1, 1_000_000)? as usize,
            seed,
        ))),
        "ismcts" => {
            let d = IsmctsConfig::default();
            let config = IsmctsConfig {
                exploration: p.f64("exploration", d.exploration, 0.0, 1e6)?,
                default_playouts: p.int("default_playouts", d.default_playouts, 1, 1 << 40)?,
                playout_plies: p.int::<u32>("playout_plies", d.playout_plies as u32, 0, 100_000)?
                    as usize,
                eval_scale: p.f64("eval_scale", d.eval_scale, 1e-9, 1e12)?,
            };
            Ok(Box::new(Ismcts::<G>::new(
                spec.name.clone(),
                spec.weights_for::<G>()?,
                config,
                spec.limits,
                determinizer,
                seed,
            )))
        }
        other => Err(format!(
            "engine {:?}: {} hides information, so back end {other:?} (which would search the \
             true state) cannot play it; use ismcts, greedy, random or external",
            spec.name,
            G::ID
        )),
    }
}
