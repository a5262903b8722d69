//! Search back ends, generic over the game contract. Game knowledge enters only through
//! `engine::Evaluate` features and move-ordering hints.

pub mod baselines;

use crate::engine::{Agent, EngineSpec, Evaluate};

/// Builds the agent an engine file describes, for game `G`. `seed` feeds back ends that draw
/// random numbers (the arena passes a per-game seed so tournaments replay exactly).
/// External programs are built by the arena (`arena::external`), not here.
pub fn build_agent<G: Evaluate>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, String> {
    if spec.game != G::ID {
        return Err(format!(
            "engine {:?} is for game {:?}, not {:?}",
            spec.name,
            spec.game,
            G::ID
        ));
    }
    let seed = spec.seed.unwrap_or(0) ^ seed;
    match spec.backend.as_str() {
        "random" => Ok(Box::new(baselines::RandomAgent::new(
            spec.name.clone(),
            seed,
        ))),
        "perfect" => crate::games::ur::perfect::build_agent::<G>(spec),
        other => Err(format!(
            "engine {:?}: unknown back end {other:?}",
            spec.name
        )),
    }
}
