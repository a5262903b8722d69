//! Search back ends, generic over the game contract. Game knowledge enters only through
//! `eval::GameKnowledge` (features, search hints, playout policy); a back end only one game
//! has (Othello's solver, Ur's perfect player) comes from that game through
//! `Backends::game_agent`.

pub mod alphabeta;
pub mod alphabeta_params;
pub mod baselines;
pub mod expectimax;
pub mod extensions;
pub mod hidden;
pub mod ismcts;
pub mod linear;
pub mod mcts;
pub mod offers;
pub mod playout_budget;
pub mod probcut;
pub mod pruning;
pub mod reductions;
pub mod stop;
#[cfg(test)]
pub mod testgames;
pub mod timeman;
pub mod tt;

use crate::agent::{Agent, Limits};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;

use alphabeta_params::alphabeta_config;
pub use alphabeta_params::{ParamDoc, ParamKind, ALPHABETA_PARAMS};

/// An engine file's in-process agent with its `[offers]` thresholds on top: what a protocol
/// server or `boardlab play` speaks with (the arena adds the same to external programs).
pub fn build_offering_agent<G: GameKnowledge>(
    spec: &EngineSpec,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, String> {
    Ok(offers::with_offers(build_agent::<G>(spec, seed)?, spec))
}

/// What a protocol server plays with: the engine file's agent (offers on top) and limits, or,
/// without a file, a uniformly random mover without limits.
pub struct Served<G: GameKnowledge> {
    pub agent: Box<dyn Agent<G>>,
    pub limits: Limits,
    /// The engine file, when one was given (its rules, its name).
    pub spec: Option<EngineSpec>,
}

impl<G: GameKnowledge> Served<G> {
    pub fn load(engine: Option<&std::path::Path>) -> Result<Served<G>, String> {
        Ok(match engine {
            Some(path) => {
                let spec = EngineSpec::load(path)?;
                Served {
                    agent: build_offering_agent::<G>(&spec, 0)?,
                    limits: spec.limits,
                    spec: Some(spec),
                }
            }
            None => Served {
                agent: Box::new(baselines::RandomAgent::new("random", 0)),
                limits: Limits::default(),
                spec: None,
            },
        })
    }

    /// The rules the engine file names (the defaults without one).
    pub fn rules(&self) -> Result<G::Rules, String> {
        match &self.spec {
            Some(spec) => {
                <G::Rules as crate::game::RuleSet>::parse(&spec.rules).map_err(|e| e.to_string())
            }
            None => Ok(G::Rules::default()),
        }
    }
}

/// Builds the agent an engine file describes, for game `G`. `seed` feeds back ends that draw
/// random numbers (the arena passes a per-game seed so tournaments replay exactly).
/// External programs are built by the arena (`arena::external`), not here.
pub fn build_agent<G: GameKnowledge>(
    spec: &EngineSpec,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, String> {
    spec.check_game(G::ID)?;
    spec.check_rules::<G>()?;
    // Hidden-information games play from observations only.
    if let Some(agent) = crate::eval::hidden::observation_only_agent::<G>(spec, seed) {
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
        "alphabeta" => Ok(Box::new(
            alphabeta::AlphaBeta::<G>::new(
                spec.name.clone(),
                spec.weights_for::<G>()?,
                alphabeta_config::<G>(spec)?,
                spec.limits,
            )
            .with_exact_values(G::exact_values(spec)?),
        )),
        "expectimax" => Ok(Box::new(expectimax::Expectimax::<G>::new(
            spec.name.clone(),
            spec.weights_for::<G>()?,
            expectimax_config(spec)?,
            spec.limits,
        ))),
        "mcts" => {
            let config = mcts_config(spec)?;
            mcts::playout_knobs::<G>(&config.playout_knobs)
                .map_err(|e| format!("engine {:?}: {e}", spec.name))?;
            Ok(Box::new(mcts::Mcts::<G>::new(
                spec.name.clone(),
                spec.weights_for::<G>()?,
                config,
                spec.limits,
                seed,
            )))
        }
        other => G::game_agent(spec, seed).unwrap_or_else(|| {
            Err(format!(
                "engine {:?}: unknown back end {other:?} for {} (shared: random, greedy, \
                 alphabeta, expectimax, mcts, external)",
                spec.name,
                G::ID
            ))
        }),
    }
}

/// An engine file's `[params]`, read with types and ranges checked: the one reader every back
/// end uses. A key the back end does not know, a value of the wrong type (`tt_mb = "big"`,
/// `threads = 1.5`) or out of range (`threads = 0`, `exploration = -1`, `tt_mb = 1e30`) is an
/// error naming the engine, the key and the value; nothing falls back to a default silently.
pub struct Params<'a> {
    spec: &'a EngineSpec,
}

impl<'a> Params<'a> {
    /// The params of `spec`, refusing keys not in `known` (a typo must not silently do nothing).
    pub fn new(spec: &'a EngineSpec, known: &[&str]) -> Result<Params<'a>, String> {
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
        Ok(Params { spec })
    }

    fn bad(&self, key: &str, v: &toml::Value, want: &str) -> String {
        format!(
            "engine {:?}: param {key} = {} must be {want}",
            self.spec.name,
            crate::game::error::cut(&v.to_string(), 60)
        )
    }

    /// A whole number in `min..=max`, or `default` when absent.
    pub fn int<T>(&self, key: &str, default: T, min: T, max: T) -> Result<T, String>
    where
        T: TryFrom<i64> + Into<i128> + Copy + std::fmt::Display,
    {
        let Some(v) = self.spec.params.get(key) else {
            return Ok(default);
        };
        let want = format!("a whole number from {min} to {max}");
        match v {
            toml::Value::Integer(i) if (*i as i128) >= min.into() && (*i as i128) <= max.into() => {
                T::try_from(*i).map_err(|_| self.bad(key, v, &want))
            }
            _ => Err(self.bad(key, v, &want)),
        }
    }

    /// A finite number in `min..=max` (integers are numbers too), or `default` when absent.
    pub fn f64(&self, key: &str, default: f64, min: f64, max: f64) -> Result<f64, String> {
        let x = match self.spec.params.get(key) {
            None => return Ok(default),
            Some(toml::Value::Float(f)) => *f,
            Some(toml::Value::Integer(i)) => *i as f64,
            Some(v) => return Err(self.bad(key, v, &format!("a number from {min} to {max}"))),
        };
        if x.is_finite() && x >= min && x <= max {
            Ok(x)
        } else {
            let v = &self.spec.params[key];
            Err(self.bad(key, v, &format!("a number from {min} to {max}")))
        }
    }

    /// A number as `f64` when present.
    pub fn opt_f64(&self, key: &str, min: f64, max: f64) -> Result<Option<f64>, String> {
        match self.spec.params.get(key) {
            None => Ok(None),
            Some(_) => self.f64(key, 0.0, min, max).map(Some),
        }
    }

    /// `true` or `false`, or `default` when absent.
    pub fn bool(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.spec.params.get(key) {
            None => Ok(default),
            Some(toml::Value::Boolean(b)) => Ok(*b),
            Some(v) => Err(self.bad(key, v, "true or false")),
        }
    }

    /// One of the names in `table` (exact spelling), or `default` when absent.
    pub fn choice<T: Copy>(&self, key: &str, default: T, table: &[(&str, T)]) -> Result<T, String> {
        let Some(v) = self.spec.params.get(key) else {
            return Ok(default);
        };
        let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
        match v {
            toml::Value::String(s) => table
                .iter()
                .find(|(n, _)| n == s)
                .map(|(_, t)| *t)
                .ok_or_else(|| self.bad(key, v, &format!("one of {}", names.join(", ")))),
            _ => Err(self.bad(key, v, &format!("one of {}", names.join(", ")))),
        }
    }

    /// A string, when present.
    pub fn string(&self, key: &str) -> Result<Option<&'a str>, String> {
        match self.spec.params.get(key) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.as_str())),
            Some(v) => Err(self.bad(key, v, "a string")),
        }
    }

    /// A transposition-table size in MiB: from 1 to `tt::max_tt_mb()` (half the machine's
    /// memory), so a typo cannot ask for more memory than there is.
    pub fn tt_mb(&self, default: usize) -> Result<usize, String> {
        let mb = self.int::<u64>("tt_mb", default as u64, 1, tt::max_tt_mb() as u64)?;
        Ok(mb as usize)
    }
}

fn expectimax_config(spec: &EngineSpec) -> Result<expectimax::ExpectimaxConfig, String> {
    use expectimax::ChancePruning;
    let p = Params::new(spec, &["pruning", "default_depth", "win_value"])?;
    let d = expectimax::ExpectimaxConfig::default();
    Ok(expectimax::ExpectimaxConfig {
        pruning: p.choice(
            "pruning",
            ChancePruning::Star2,
            &[
                ("none", ChancePruning::None),
                ("star1", ChancePruning::Star1),
                ("star2", ChancePruning::Star2),
            ],
        )?,
        default_depth: p.int("default_depth", d.default_depth, 1, 64)?,
        win_value: p.opt_f64("win_value", 1e-9, 1e9)?,
    })
}

/// MCTS options; also used by callers that build `mcts::MctsDeterminized` for hidden-information
/// games (which `build_agent` cannot, lacking the `ImperfectInformation` bound).
pub fn mcts_config(spec: &EngineSpec) -> Result<mcts::MctsConfig, String> {
    let p = Params::new(
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
            "rave",
            "rave_equivalence",
            "proof",
            "proof_win",
            "playout_policy",
            "playout_knobs",
            "skip_forced",
        ],
    )?;
    let d = mcts::MctsConfig::default();
    Ok(mcts::MctsConfig {
        exploration: p.f64("exploration", d.exploration, 0.0, 1e6)?,
        puct: p.bool("puct", d.puct)?,
        leaf: p.choice(
            "leaf",
            mcts::LeafValue::Playout,
            &[
                ("playout", mcts::LeafValue::Playout),
                ("eval", mcts::LeafValue::Eval),
            ],
        )?,
        eval_scale: p.f64("eval_scale", d.eval_scale, 1e-9, 1e12)?,
        reuse: p.bool("reuse", d.reuse)?,
        default_playouts: p.int("default_playouts", d.default_playouts, 1, 1 << 40)?,
        max_playout_plies: p.int("max_playout_plies", d.max_playout_plies as u64, 1, 1 << 32)?
            as usize,
        determinizations: p.int("determinizations", d.determinizations as u32, 1, 100_000)?
            as usize,
        rave: p.bool("rave", d.rave)?,
        rave_equivalence: p.f64("rave_equivalence", d.rave_equivalence, 0.0, 1e12)?,
        proof: p.bool("proof", d.proof)?,
        proof_win: p.f64("proof_win", d.proof_win, 1e-9, 1e12)?,
        playout_policy: p.bool("playout_policy", d.playout_policy)?,
        playout_knobs: playout_knobs_param(spec)?,
        skip_forced: p.bool("skip_forced", d.skip_forced)?,
    })
}

/// `[params.playout_knobs]`: knob values of the game's playout policy by name.
fn playout_knobs_param(spec: &EngineSpec) -> Result<Vec<(String, f64)>, String> {
    let Some(value) = spec.params.get("playout_knobs") else {
        return Ok(Vec::new());
    };
    let table = value.as_table().ok_or_else(|| {
        format!(
            "engine {:?}: playout_knobs must be a table of numbers",
            spec.name
        )
    })?;
    table
        .iter()
        .map(|(k, v)| match v {
            toml::Value::Float(f) => Ok((k.clone(), *f)),
            toml::Value::Integer(i) => Ok((k.clone(), *i as f64)),
            other => Err(format!(
                "engine {:?}: playout knob {k} must be a number, not {other}",
                spec.name
            )),
        })
        .collect()
}

#[cfg(test)]
mod params_tests {
    use super::*;
    use crate::games::othello::Othello;

    fn spec(params: &str) -> EngineSpec {
        EngineSpec::from_toml(&format!(
            "name = \"t\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n[params]\n{params}"
        ))
        .unwrap()
    }

    /// The table's defaults are the back end's defaults: an engine file without params builds
    /// exactly `AlphaBetaConfig::default()` (every selective feature off).
    #[test]
    fn param_table_defaults_are_the_config_defaults() {
        let c = alphabeta_config::<Othello>(&spec("")).unwrap();
        let d = alphabeta::AlphaBetaConfig::default();
        assert_eq!(
            (c.quiescence, c.max_qdepth, c.aspiration, c.default_depth),
            (d.quiescence, d.max_qdepth, d.aspiration, d.default_depth)
        );
        assert_eq!(c.lmr, d.lmr);
        assert_eq!(c.pruning, d.pruning);
        assert_eq!(c.extensions, d.extensions);
        assert_eq!(c.probcut, d.probcut);
        assert_eq!(c.time, d.time);
        assert!(!c.lmr.on && !c.pruning.needs_static_eval() && !c.extensions.any());
        assert!(!c.probcut.on && !c.time.on);
        let mut names: Vec<&str> = ALPHABETA_PARAMS.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), ALPHABETA_PARAMS.len(), "a param named twice");
    }

    #[test]
    fn selective_params_are_read_and_checked() {
        let c = alphabeta_config::<Othello>(&spec(
            "lmr = true\nlmr_base = 1.0\nfutility_margin = 30\nprobcut = true\n\
             probcut_fit = \"6:2:1.1:0.5:20\"\ntime_manager = true\ntm_safety_ms = 50",
        ))
        .unwrap();
        assert!(c.lmr.on && c.lmr.base == 1.0 && c.pruning.futility_margin == 30.0);
        assert_eq!(c.probcut.pairs.len(), 1);
        assert!(c.time.on && c.time.safety_ms == 50);
        for bad in [
            "lmr = 1",
            "lmr_min_depth = 0",
            "lmr_divisor = 0.0",
            "futility_margin = -1",
            "probcut = true",
            "probcut_fit = \"6:2\"",
            "tm_hard_share = 2.0",
            "singular_margin = \"big\"",
            "lmr_bogus = 1",
        ] {
            let e = alphabeta_config::<Othello>(&spec(bad)).unwrap_err();
            let key = bad.split(' ').next().unwrap();
            assert!(e.contains(key) || e.contains("probcut"), "{bad}: {e}");
        }
    }
}
