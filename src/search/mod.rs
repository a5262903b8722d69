//! Search back ends, generic over the game contract. Game knowledge enters only through
//! `engine::Evaluate` features and move-ordering hints.

pub mod alphabeta;
pub mod baselines;
pub mod expectimax;
pub mod hidden;
pub mod ismcts;
pub mod linear;
pub mod mcts;
#[cfg(test)]
pub mod testgames;
pub mod tt;

use crate::engine::{Agent, EngineSpec, Evaluate};

/// Builds the agent an engine file describes, for game `G`. `seed` feeds back ends that draw
/// random numbers (the arena passes a per-game seed so tournaments replay exactly).
/// External programs are built by the arena (`arena::external`), not here.
pub fn build_agent<G: Evaluate>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, String> {
    spec.check_game(G::ID)?;
    // Hidden-information games play from observations only (games::hidden).
    if let Some(agent) = crate::games::hidden::observation_only_agent::<G>(spec, seed) {
        return agent;
    }
    let seed = spec.seed.unwrap_or(0) ^ seed;
    match spec.backend.as_str() {
        "random" => Ok(Box::new(baselines::RandomAgent::new(
            spec.name.clone(),
            seed,
        ))),
        "greedy" => Ok(Box::new(baselines::GreedyAgent::<G>::new(
            spec.name.clone(),
            spec.weights_for::<G>()?,
            seed,
        ))),
        "alphabeta" => Ok(Box::new(alphabeta::AlphaBeta::<G>::new(
            spec.name.clone(),
            spec.weights_for::<G>()?,
            alphabeta_config(spec)?,
            spec.limits,
        ))),
        "expectimax" => Ok(Box::new(expectimax::Expectimax::<G>::new(
            spec.name.clone(),
            spec.weights_for::<G>()?,
            expectimax_config(spec)?,
            spec.limits,
        ))),
        "mcts" => Ok(Box::new(mcts::Mcts::<G>::new(
            spec.name.clone(),
            spec.weights_for::<G>()?,
            mcts_config(spec)?,
            spec.limits,
            seed,
        ))),
        "exact" => exact_agent::<G>(spec),
        "perfect" => crate::games::ur::perfect::build_agent::<G>(spec),
        other => Err(format!(
            "engine {:?}: unknown back end {other:?}",
            spec.name
        )),
    }
}

/// A boolean back-end parameter, or `default`; a value of another type is an error.
pub fn param_bool(spec: &EngineSpec, key: &str, default: bool) -> Result<bool, String> {
    match spec.params.get(key) {
        None => Ok(default),
        Some(toml::Value::Boolean(b)) => Ok(*b),
        Some(v) => Err(format!(
            "engine {:?}: param {key} must be true or false, not {v}",
            spec.name
        )),
    }
}

/// Rejects parameters a back end does not know (a typo must not silently do nothing).
pub(crate) fn check_params(spec: &EngineSpec, known: &[&str]) -> Result<(), String> {
    for k in spec.params.keys() {
        if !known.contains(&k.as_str()) {
            return Err(format!(
                "engine {:?}: unknown param {k:?} for back end {} (known: {})",
                spec.name,
                spec.backend,
                known.join(", ")
            ));
        }
    }
    Ok(())
}

fn alphabeta_config(spec: &EngineSpec) -> Result<alphabeta::AlphaBetaConfig, String> {
    check_params(
        spec,
        &[
            "tt_mb",
            "threads",
            "quiescence",
            "max_qdepth",
            "aspiration",
            "default_depth",
        ],
    )?;
    let d = alphabeta::AlphaBetaConfig::default();
    Ok(alphabeta::AlphaBetaConfig {
        tt_mb: spec.param_f64("tt_mb", d.tt_mb as f64) as usize,
        threads: spec.param_f64("threads", d.threads as f64).max(1.0) as usize,
        quiescence: param_bool(spec, "quiescence", d.quiescence)?,
        max_qdepth: spec.param_f64("max_qdepth", d.max_qdepth as f64) as i32,
        aspiration: spec.param_f64("aspiration", d.aspiration),
        default_depth: spec.param_f64("default_depth", d.default_depth as f64) as u32,
    })
}

fn expectimax_config(spec: &EngineSpec) -> Result<expectimax::ExpectimaxConfig, String> {
    check_params(spec, &["pruning", "default_depth", "win_value"])?;
    let d = expectimax::ExpectimaxConfig::default();
    let pruning = match spec
        .params
        .get("pruning")
        .and_then(|v| v.as_str())
        .unwrap_or("star2")
    {
        "none" => expectimax::ChancePruning::None,
        "star1" => expectimax::ChancePruning::Star1,
        "star2" => expectimax::ChancePruning::Star2,
        other => {
            return Err(format!(
                "engine {:?}: pruning must be none, star1 or star2, not {other:?}",
                spec.name
            ))
        }
    };
    Ok(expectimax::ExpectimaxConfig {
        pruning,
        default_depth: spec.param_f64("default_depth", d.default_depth as f64) as u32,
        win_value: spec
            .params
            .contains_key("win_value")
            .then(|| spec.param_f64("win_value", 1.0)),
    })
}

/// MCTS options; also used by callers that build `mcts::MctsDeterminized` for hidden-information
/// games (which `build_agent` cannot, lacking the `ImperfectInformation` bound).
pub fn mcts_config(spec: &EngineSpec) -> Result<mcts::MctsConfig, String> {
    check_params(
        spec,
        &[
            "exploration",
            "puct",
            "leaf",
            "eval_scale",
            "reuse",
            "default_playouts",
            "max_playout_plies",
            "determinizations",
        ],
    )?;
    let d = mcts::MctsConfig::default();
    let leaf = match spec
        .params
        .get("leaf")
        .and_then(|v| v.as_str())
        .unwrap_or("playout")
    {
        "playout" => mcts::LeafValue::Playout,
        "eval" => mcts::LeafValue::Eval,
        other => {
            return Err(format!(
                "engine {:?}: leaf must be playout or eval, not {other:?}",
                spec.name
            ))
        }
    };
    Ok(mcts::MctsConfig {
        exploration: spec.param_f64("exploration", d.exploration),
        puct: param_bool(spec, "puct", d.puct)?,
        leaf,
        eval_scale: spec.param_f64("eval_scale", d.eval_scale),
        reuse: param_bool(spec, "reuse", d.reuse)?,
        default_playouts: spec.param_f64("default_playouts", d.default_playouts as f64) as u64,
        max_playout_plies: spec.param_f64("max_playout_plies", d.max_playout_plies as f64) as usize,
        determinizations: spec.param_f64("determinizations", d.determinizations as f64) as usize,
    })
}

/// The Othello endgame solver as an agent. `build_agent` is generic, so the Othello agent is
/// handed back through `Any` when `G` is Othello (the only game with a solver so far).
fn exact_agent<G: Evaluate>(spec: &EngineSpec) -> Result<Box<dyn Agent<G>>, String> {
    use crate::games::othello::{solve::ExactAgent, Othello};
    check_params(spec, &["tt_mb", "max_empties"])?;
    let agent: Box<dyn Agent<Othello>> = Box::new(ExactAgent::new(
        spec.name.clone(),
        spec.param_f64("tt_mb", 64.0) as usize,
        spec.param_f64("max_empties", 24.0) as u32,
    ));
    let any: Box<dyn std::any::Any> = Box::new(agent);
    any.downcast::<Box<dyn Agent<G>>>()
        .map(|b| *b)
        .map_err(|_| {
            format!(
                "engine {:?}: back end exact solves Othello only, not {}",
                spec.name,
                G::ID
            )
        })
}
