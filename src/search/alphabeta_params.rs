//! Alpha-beta's parameters beside its back end: every `[params]` key of an `alphabeta` engine
//! file with its type, default, range and meaning (`ALPHABETA_PARAMS`, which `boardlab search
//! --list-params` prints and SPSA reads its ranges from), and the `AlphaBetaConfig` an engine
//! file's params give.

use super::{alphabeta, extensions, probcut, pruning, reductions, timeman, Params};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;

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
        "null-move pruning (needs SearchHints::null_move)",
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
        "extend the moves SearchHints::is_forcing names",
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

pub(super) fn alphabeta_config<G: GameKnowledge>(
    spec: &EngineSpec,
) -> Result<alphabeta::AlphaBetaConfig, String> {
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
