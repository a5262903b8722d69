//! Search back ends, generic over the game contract. Game knowledge enters only through
//! `eval::Evaluate` features and move-ordering hints; a back end only one game has (Othello's
//! solver, Ur's perfect player) comes from that game through `Evaluate::game_agent`.

pub mod alphabeta;
pub mod baselines;
pub mod expectimax;
pub mod extensions;
pub mod hidden;
pub mod ismcts;
pub mod linear;
pub mod mcts;
pub mod offers;
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
use crate::eval::Evaluate;

/// An engine file's in-process agent with its `[offers]` thresholds on top: what a protocol
/// server or `boardlab play` speaks with (the arena adds the same to external programs).
pub fn build_offering_agent<G: Evaluate>(
    spec: &EngineSpec,
    seed: u64,
) -> Result<Box<dyn Agent<G>>, String> {
    Ok(offers::with_offers(build_agent::<G>(spec, seed)?, spec))
}

/// What a protocol server plays with: the engine file's agent (offers on top) and limits, or,
/// without a file, a uniformly random mover without limits.
pub struct Served<G: Evaluate> {
    pub agent: Box<dyn Agent<G>>,
    pub limits: Limits,
    /// The engine file, when one was given (its rules, its name).
    pub spec: Option<EngineSpec>,
}

impl<G: Evaluate> Served<G> {
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
}

/// Builds the agent an engine file describes, for game `G`. `seed` feeds back ends that draw
/// random numbers (the arena passes a per-game seed so tournaments replay exactly).
/// External programs are built by the arena (`arena::external`), not here.
pub fn build_agent<G: Evaluate>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, String> {
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

/// The type and range of one alpha-beta param (`boardlab search --list-params`).
#[derive(Clone, Copy, Debug)]
pub enum ParamKind {
    Bool(bool),
    Int { default: i64, min: i64, max: i64 },
    Float { default: f64, min: f64, max: f64 },
    Text,
}

/// One named alpha-beta param: its key in `[params]`, type, default and range, and what it does.
#[derive(Clone, Copy, Debug)]
pub struct ParamDoc {
    pub name: &'static str,
    pub kind: ParamKind,
    pub doc: &'static str,
}

const fn b(name: &'static str, default: bool, doc: &'static str) -> ParamDoc {
    ParamDoc {
        name,
        kind: ParamKind::Bool(default),
        doc,
    }
}
const fn i(name: &'static str, default: i64, min: i64, max: i64, doc: &'static str) -> ParamDoc {
    ParamDoc {
        name,
        kind: ParamKind::Int { default, min, max },
        doc,
    }
}
const fn f(name: &'static str, default: f64, min: f64, max: f64, doc: &'static str) -> ParamDoc {
    ParamDoc {
        name,
        kind: ParamKind::Float { default, min, max },
        doc,
    }
}

/// Every `[params]` key of the alpha-beta back end besides `tt_mb`, `threads`, `database` and
/// the game's own: the one place their types, defaults and ranges are written (SPSA reads the
/// ranges from here). Every selective feature is off by default; margins are in evaluation
/// units.
pub const ALPHABETA_PARAMS: &[ParamDoc] = &[
    b("quiescence", true, "search noisy moves past the horizon"),
    i("max_qdepth", 16, 0, 100, "most plies of quiescence"),
    f(
        "aspiration",
        50.0,
        0.0,
        1e9,
        "first aspiration half-window (0: off)",
    ),
    i("default_depth", 6, 1, 120, "depth when no limit is given"),
    b(
        "lmr",
        false,
        "late move reductions of quiet moves, re-searched on fail-high",
    ),
    i("lmr_min_depth", 3, 2, 64, "LMR: shallowest node reduced"),
    i(
        "lmr_min_moves",
        3,
        1,
        64,
        "LMR: moves before this one (0-based) are not reduced",
    ),
    f(
        "lmr_base",
        0.5,
        -5.0,
        5.0,
        "LMR: r = base + ln(depth) ln(move) / divisor",
    ),
    f(
        "lmr_divisor",
        2.25,
        0.25,
        20.0,
        "LMR: r = base + ln(depth) ln(move) / divisor",
    ),
    b("lmr_pv_less", true, "LMR: one ply less at PV nodes"),
    i(
        "lmr_max_hint",
        i32::MAX as i64,
        i32::MIN as i64,
        i32::MAX as i64,
        "LMR, futility: moves with a higher order_hint stay unreduced",
    ),
    b(
        "reverse_futility",
        false,
        "static null move: eval - margin * depth >= beta cuts",
    ),
    i(
        "reverse_futility_depth",
        3,
        1,
        16,
        "reverse futility: deepest node",
    ),
    f(
        "reverse_futility_margin",
        100.0,
        0.0,
        1e7,
        "reverse futility: margin a ply",
    ),
    b(
        "razoring",
        false,
        "eval + margin * depth <= alpha: quiescence decides",
    ),
    i("razor_depth", 2, 1, 16, "razoring: deepest node"),
    f("razor_margin", 200.0, 0.0, 1e7, "razoring: margin a ply"),
    b(
        "futility",
        false,
        "skip quiet moves when eval + margin * depth <= alpha",
    ),
    i("futility_depth", 2, 1, 16, "futility: deepest node"),
    f("futility_margin", 100.0, 0.0, 1e7, "futility: margin a ply"),
    b(
        "null_move",
        false,
        "null-move pruning (needs Evaluate::null_move)",
    ),
    i("null_min_depth", 3, 2, 64, "null move: shallowest node"),
    i(
        "null_reduction",
        3,
        1,
        16,
        "null move: plies of reduction (R)",
    ),
    i(
        "null_verify_depth",
        6,
        1,
        128,
        "null move: verify the cut at this depth and deeper",
    ),
    b("singular", false, "singular extension of the table's move"),
    i("singular_min_depth", 6, 2, 64, "singular: shallowest node"),
    f(
        "singular_margin",
        2.0,
        0.0,
        1e7,
        "singular: margin a ply below the table's score",
    ),
    b(
        "forcing",
        false,
        "extend the moves Evaluate::is_forcing names",
    ),
    b("one_reply", false, "extend a node with one legal move"),
    i(
        "max_extensions",
        8,
        0,
        64,
        "most plies of extension on one line",
    ),
    b(
        "probcut",
        false,
        "(Multi-)ProbCut with the pairs of probcut_fit",
    ),
    f(
        "probcut_t",
        1.5,
        0.0,
        10.0,
        "ProbCut: confidence in standard deviations",
    ),
    ParamDoc {
        name: "probcut_fit",
        kind: ParamKind::Text,
        doc: "ProbCut: deep:shallow:a:b:sigma,... (boardlab tune probcut)",
    },
    b(
        "time_manager",
        false,
        "soft/hard time limits, stable-move stop, extension on change",
    ),
    f(
        "tm_moves_to_go",
        25.0,
        1.0,
        1000.0,
        "clock: soft = left / this + 3/4 increment",
    ),
    f(
        "tm_hard_share",
        0.25,
        0.01,
        1.0,
        "clock: hard at most this share of the time left",
    ),
    f(
        "tm_hard_ratio",
        4.0,
        1.0,
        20.0,
        "clock: hard at most this times soft",
    ),
    f(
        "tm_soft_share",
        0.4,
        0.05,
        1.0,
        "move time: soft = this share of it",
    ),
    i(
        "tm_stable_iterations",
        3,
        1,
        50,
        "iterations with the same best move that count stable",
    ),
    f(
        "tm_stable_factor",
        0.6,
        0.05,
        1.0,
        "soft limit scale for a stable best move",
    ),
    f(
        "tm_unstable_factor",
        1.6,
        1.0,
        10.0,
        "soft limit scale when the best move changed",
    ),
    f(
        "tm_drop_margin",
        30.0,
        0.0,
        1e7,
        "a score drop larger than this extends",
    ),
    f(
        "tm_drop_factor",
        1.4,
        1.0,
        10.0,
        "soft limit scale on a score drop",
    ),
    i(
        "tm_safety_ms",
        30,
        0,
        60_000,
        "clock: ms kept back from the time left",
    ),
];

/// An alpha-beta param read with the type, default and range of `ALPHABETA_PARAMS`.
struct AbParams<'a>(Params<'a>);

impl AbParams<'_> {
    fn doc(name: &str) -> ParamKind {
        ALPHABETA_PARAMS
            .iter()
            .find(|d| d.name == name)
            .map(|d| d.kind)
            .unwrap_or_else(|| panic!("{name} is not in ALPHABETA_PARAMS"))
    }
    fn bool(&self, name: &str) -> Result<bool, String> {
        match Self::doc(name) {
            ParamKind::Bool(d) => self.0.bool(name, d),
            k => panic!("{name} is {k:?}"),
        }
    }
    fn int<T: TryFrom<i64>>(&self, name: &str) -> Result<T, String> {
        match Self::doc(name) {
            ParamKind::Int { default, min, max } => {
                let v = self.0.int::<i64>(name, default, min, max)?;
                T::try_from(v).map_err(|_| format!("param {name} = {v} is out of range"))
            }
            k => panic!("{name} is {k:?}"),
        }
    }
    fn f64(&self, name: &str) -> Result<f64, String> {
        match Self::doc(name) {
            ParamKind::Float { default, min, max } => self.0.f64(name, default, min, max),
            k => panic!("{name} is {k:?}"),
        }
    }
}

fn alphabeta_config<G: Evaluate>(spec: &EngineSpec) -> Result<alphabeta::AlphaBetaConfig, String> {
    let mut known = vec!["tt_mb", "threads", "database"];
    known.extend(ALPHABETA_PARAMS.iter().map(|d| d.name));
    known.extend_from_slice(G::game_params());
    let params = Params::new(spec, &known)?;
    let game_params: toml::Table = spec
        .params
        .iter()
        .filter(|(k, _)| G::game_params().contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if !game_params.is_empty() {
        G::new(&Default::default())
            .apply_game_params(&game_params)
            .map_err(|e| format!("engine {:?}: {e}", spec.name))?;
    }
    let d = alphabeta::AlphaBetaConfig::default();
    let tt_mb = params.tt_mb(d.tt_mb)?;
    let threads = params.int("threads", d.threads as u32, 1, 1024)? as usize;
    let probcut_fit = params.string("probcut_fit")?;
    let p = AbParams(params);
    let probcut = probcut::ProbCutConfig {
        on: p.bool("probcut")?,
        t: p.f64("probcut_t")?,
        pairs: probcut_fit
            .map(probcut::parse_pairs)
            .transpose()
            .map_err(|e| format!("engine {:?}: {e}", spec.name))?
            .unwrap_or_default(),
    };
    if probcut.on && probcut.pairs.is_empty() {
        return Err(format!(
            "engine {:?}: probcut = true needs probcut_fit (boardlab tune probcut)",
            spec.name
        ));
    }
    Ok(alphabeta::AlphaBetaConfig {
        tt_mb,
        threads,
        quiescence: p.bool("quiescence")?,
        max_qdepth: p.int("max_qdepth")?,
        aspiration: p.f64("aspiration")?,
        default_depth: p.int("default_depth")?,
        game_params,
        lmr: reductions::LmrConfig {
            on: p.bool("lmr")?,
            min_depth: p.int("lmr_min_depth")?,
            min_moves: p.int("lmr_min_moves")?,
            base: p.f64("lmr_base")?,
            divisor: p.f64("lmr_divisor")?,
            pv_less: p.bool("lmr_pv_less")?,
            max_hint: p.int("lmr_max_hint")?,
        },
        pruning: pruning::PruningConfig {
            reverse_futility: p.bool("reverse_futility")?,
            reverse_futility_depth: p.int("reverse_futility_depth")?,
            reverse_futility_margin: p.f64("reverse_futility_margin")?,
            razoring: p.bool("razoring")?,
            razor_depth: p.int("razor_depth")?,
            razor_margin: p.f64("razor_margin")?,
            futility: p.bool("futility")?,
            futility_depth: p.int("futility_depth")?,
            futility_margin: p.f64("futility_margin")?,
            null_move: p.bool("null_move")?,
            null_min_depth: p.int("null_min_depth")?,
            null_reduction: p.int("null_reduction")?,
            null_verify_depth: p.int("null_verify_depth")?,
        },
        extensions: extensions::ExtensionConfig {
            singular: p.bool("singular")?,
            singular_min_depth: p.int("singular_min_depth")?,
            singular_margin: p.f64("singular_margin")?,
            forcing: p.bool("forcing")?,
            one_reply: p.bool("one_reply")?,
            max_extensions: p.int("max_extensions")?,
        },
        probcut,
        time: timeman::TimeConfig {
            on: p.bool("time_manager")?,
            moves_to_go: p.f64("tm_moves_to_go")?,
            hard_share: p.f64("tm_hard_share")?,
            hard_ratio: p.f64("tm_hard_ratio")?,
            soft_share: p.f64("tm_soft_share")?,
            stable_iterations: p.int("tm_stable_iterations")?,
            stable_factor: p.f64("tm_stable_factor")?,
            unstable_factor: p.f64("tm_unstable_factor")?,
            drop_margin: p.f64("tm_drop_margin")?,
            drop_factor: p.f64("tm_drop_factor")?,
            safety_ms: p.int("tm_safety_ms")?,
        },
    })
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
