//! `boardlab rollout`: a backgammon position played out many times by an engine, with its
//! equity and standard error (the work is `games::backgammon::rollout`).

use std::path::PathBuf;

use clap::Args;

use super::{CliError, CliResult};
use crate::engine_file::EngineSpec;
use crate::games::backgammon::rollout::{rollout, Estimate, RolloutConfig, RolloutResult};
use crate::games::backgammon::Backgammon;
use crate::progress::WorkProgress;

/// Rolls a backgammon position out: the engine plays both sides to the end of the game from
/// the position, `--trials` times with seeded dice, and the mean result is the position's
/// equity for the side on roll (points for money, the cube counted; 2 x MWC - 1 in a match).
/// Cubeless with `--rules cube=false`; cubeful otherwise, with the engine's cube decisions.
/// Luck is taken out of each trial (variance reduction, as gnubg does it) and the first two
/// rolls are stratified, unless turned off. The same seed gives the same result for any
/// --threads. Use a multiple of 36 trials (1,296 is gnubg's habit).
#[derive(Args, Debug)]
pub struct RolloutArgs {
    /// The game: backgammon (the only game with rollouts so far).
    #[arg(long, default_value = "backgammon")]
    game: String,
    /// The engine file that plays every trial (e.g. engines/backgammon/td.toml). Its evaluator
    /// also values the luck of each roll.
    #[arg(long)]
    engine: PathBuf,
    /// The position (backgammon position text, e.g. "O:6x5,8x3,13x5,24x2 X:6x5,8x3,13x5,24x2
    /// O:roll cube=1 money"); the start position when absent.
    #[arg(long)]
    position: Option<String>,
    /// Rule options, `key=value,...` (`cube=false` for a cubeless rollout).
    #[arg(long, default_value = "")]
    rules: String,
    /// Trials (games played out).
    #[arg(long, default_value_t = 1296)]
    trials: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core). Does not change the result.
    #[arg(long)]
    threads: Option<usize>,
    /// End each trial after this many plays, valued by the evaluator (a truncated rollout).
    #[arg(long)]
    truncate: Option<u32>,
    /// Plain results: no luck taken out.
    #[arg(long)]
    no_variance_reduction: bool,
    /// Plain dice: no stratified first rolls.
    #[arg(long)]
    no_stratify: bool,
    /// Also write the result as JSON to this file (with every trial's result and luck).
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar or progress lines.
    #[arg(long)]
    quiet: bool,
}

const MAX_TRIALS: u64 = 100_000_000;

fn estimate_json(e: &Estimate) -> serde_json::Value {
    serde_json::json!({ "mean": e.mean, "se": e.se })
}

pub fn run(args: RolloutArgs) -> CliResult {
    if args.game != "backgammon" {
        return Err(CliError(format!(
            "--game {:?}: rollouts are for backgammon only",
            args.game
        )));
    }
    if args.trials == 0 || args.trials > MAX_TRIALS {
        return Err(CliError(format!(
            "--trials {}: give 1 to {MAX_TRIALS}",
            args.trials
        )));
    }
    let spec = EngineSpec::load(&args.engine)?;
    spec.check_game("backgammon")?;
    let start: Backgammon = super::setup(&args.rules, args.position.as_deref())?;
    let weights = spec.weights_for::<Backgammon>()?;
    let cfg = RolloutConfig {
        trials: args.trials,
        seed: args.seed,
        variance_reduction: !args.no_variance_reduction,
        stratified: !args.no_stratify,
        truncate: args.truncate,
    };
    // An engine file that cannot build is named before any work starts.
    crate::search::build_agent::<Backgammon>(&spec, 0)?;
    let threads = args
        .threads
        .unwrap_or_else(rayon::current_num_threads)
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError(format!("--threads: {e}")))?;
    let bar = WorkProgress::new(
        "rollout",
        "[{elapsed_precise}] {bar:30} {pos}/{len} trials (eta {eta})",
        !args.quiet,
    );
    let started = std::time::Instant::now();
    let done = |n: u64| bar.update(n, args.trials, "trials");
    let result = pool.install(|| {
        rollout(
            &start,
            &weights,
            &cfg,
            |i| crate::search::build_agent::<Backgammon>(&spec, args.seed ^ i),
            &done,
        )
    });
    bar.finish();
    let result = result.map_err(CliError)?;
    let seconds = started.elapsed().as_secs_f64();
    report(&args, &spec, &start, &cfg, &result, seconds, threads)
}

fn report(
    args: &RolloutArgs,
    spec: &EngineSpec,
    start: &Backgammon,
    cfg: &RolloutConfig,
    r: &RolloutResult,
    seconds: f64,
    threads: usize,
) -> CliResult {
    use crate::game::Game;
    let eq = r.equity(cfg);
    let side = crate::games::backgammon::game::SIDE_NAMES[start.roller()];
    out!("position         {}", start.format_position());
    out!("engine           {} ({})", spec.name, args.engine.display());
    out!(
        "trials           {} (seed {}, {}{}{}), {:.1} s on {threads} threads",
        cfg.trials,
        cfg.seed,
        if cfg.variance_reduction {
            "luck taken out"
        } else {
            "no variance reduction"
        },
        if cfg.stratified {
            ", first rolls stratified"
        } else {
            ""
        },
        cfg.truncate
            .map_or(String::new(), |t| format!(", truncated after {t} plays")),
        seconds
    );
    out!(
        "equity ({side})       {:+.4} ± {:.4} (standard error)",
        eq.mean,
        eq.se
    );
    out!("  as played      {:+.4} ± {:.4}", r.raw.mean, r.raw.se);
    out!("  evaluator      {:+.4} (0 ply, static)", r.static_equity);
    if cfg.truncate.is_none() && start.rules().is_money() {
        // The outcome shares, by the size of each result (cubeless money: 1, 2, 3 points).
        let shares = [
            ("wins", r.share(|v| v > 0.0)),
            ("wins >= 2 pts", r.share(|v| v >= 2.0 - 1e-9)),
            ("wins >= 3 pts", r.share(|v| v >= 3.0 - 1e-9)),
            ("losses >= 2 pts", r.share(|v| v <= -2.0 + 1e-9)),
            ("losses >= 3 pts", r.share(|v| v <= -3.0 + 1e-9)),
        ];
        for (name, s) in &shares {
            out!("  {name:<17}{:.4} ± {:.4}", s.mean, s.se);
        }
    }
    if let Some(path) = &args.out {
        let json = serde_json::json!({
            "position": start.format_position(),
            "engine": spec.name,
            "trials": cfg.trials,
            "seed": cfg.seed,
            "variance_reduction": cfg.variance_reduction,
            "stratified": cfg.stratified,
            "truncate": cfg.truncate,
            "equity": estimate_json(&eq),
            "raw": estimate_json(&r.raw),
            "reduced": estimate_json(&r.reduced),
            "static_equity": r.static_equity,
            "seconds": seconds,
            "results": r.trials.iter().map(|t| t.result).collect::<Vec<_>>(),
            "luck": r.trials.iter().map(|t| t.luck).collect::<Vec<_>>(),
        });
        let text = serde_json::to_string_pretty(&json).map_err(|e| CliError(e.to_string()))?;
        std::fs::write(path, text + "\n")
            .map_err(|e| CliError(format!("--out {}: {e}", path.display())))?;
        out!("written          {}", path.display());
    }
    Ok(())
}
