//! `boardlab tune <method>`: one subcommand a tuning method (docs/tuning.md).
//! - `extract`: arena game records to a labelled position file.
//! - `texel`: logistic tuning of an engine's linear weights on a position file.
//! - `spsa`: SPSA on an engine's weights, its games played by the arena.
//! - `probcut`: ProbCut's regressions for alpha-beta (`cli::tune_probcut`).
//! - `patterns`: the Othello pattern tables (`cli::tune_patterns`).
//! - `draughts-patterns`: draughts box tables (`cli::tune_draughts_patterns`).
//! - `td`: TD(lambda) self-play training of a network evaluator (`cli::tune_td`).

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::tune_steps::{
    command_line, create_dir, fixed_by_name, positions_and_engine, texel_header, texel_result_md,
    texel_with_progress, write_file, write_texel_logs,
};
use super::{CliError, CliResult};
use crate::agent::Limits;
use crate::arena::record::{games_path, load_games};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::RuleSet;
use crate::learn::positions_file::PositionReader;
use crate::tune::{engine_file, optimizer, positions, spsa, texel, texel_samples};
use crate::with_game;

#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(subcommand)]
    method: Method,
}

#[derive(Subcommand, Debug)]
enum Method {
    /// Labelled positions from arena game records (games.jsonl files or their directories).
    Extract(ExtractArgs),
    /// Texel (logistic) tuning of an engine file's linear weights on a position file.
    Texel(TexelArgs),
    /// SPSA (Fishtest / OpenBench schedule) on an engine file's weights, by arena game pairs.
    Spsa(SpsaArgs),
    /// Fit ProbCut's regressions (deep on shallow search value) from recorded games; prints the
    /// `probcut_fit = "..."` line for the engine file.
    Probcut(super::tune_probcut::ProbCutArgs),
    /// Othello pattern tables: label the positions of arena games (final disc difference, exact
    /// scores from --exact-empties on), fit the tables by least squares, write the weights file.
    Patterns(super::tune_patterns::PatternsArgs),
    /// Draughts and checkers box tables with the hand-set weights, one Texel fit on a position
    /// file (`tune extract`); writes the evaluator file an engine names (`evaluator = ...`).
    DraughtsPatterns(super::tune_draughts_patterns::DraughtsPatternsArgs),
    /// TD(lambda) self-play training of a network evaluator (backgammon), resumable.
    Td(super::tune_td::TdArgs),
}

pub fn run(args: TuneArgs) -> CliResult {
    match args.method {
        Method::Extract(a) => extract(a),
        Method::Texel(a) => run_texel(a),
        Method::Spsa(a) => run_spsa(a),
        Method::Probcut(a) => super::tune_probcut::run(a),
        Method::Patterns(a) => super::tune_patterns::run(a),
        Method::DraughtsPatterns(a) => super::tune_draughts_patterns::run(a),
        Method::Td(a) => super::tune_td::run(a),
    }
}

// ---------------------------------------------------------------------------------------------
// extract

#[derive(Args, Debug)]
struct ExtractArgs {
    /// games.jsonl files, or tournament directories holding one.
    #[arg(long, num_args = 1.., required = true)]
    games: Vec<PathBuf>,
    /// Skip the first plies of every game (moves in the record, chance outcomes included).
    #[arg(long, default_value_t = 8)]
    skip: usize,
    /// Keep positions that are not quiet too (by default only `is_quiet` ones).
    #[arg(long)]
    all: bool,
    /// Keep repeated positions (by default merged into one with the mean label).
    #[arg(long)]
    no_dedupe: bool,
    /// Keep positions before a roll (chance nodes) too.
    #[arg(long)]
    chance_nodes: bool,
    /// Label positions an exact back end knows by its value (engine file: Othello `exact`
    /// with max_empties, Ur `perfect`); the others keep the game's result.
    #[arg(long)]
    exact: Option<PathBuf>,
    /// Keep at most this many positions, drawn at random from --seed.
    #[arg(long)]
    max_positions: Option<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The position file to write.
    #[arg(long)]
    out: PathBuf,
}

fn extract(a: ExtractArgs) -> CliResult {
    let mut games = Vec::new();
    for p in &a.games {
        let file = if p.is_dir() { games_path(p) } else { p.clone() };
        if crate::game::record_file::resolve(&file).is_none() {
            return Err(CliError(format!("{}: no such games file", file.display())));
        }
        let g = load_games(&file, false)?;
        games.extend(g);
    }
    let game = games
        .first()
        .map(|g| g.game.game.clone())
        .ok_or_else(|| CliError("the games files hold no games".into()))?;
    with_game!(game.as_str(), |G| extract_game::<G>(&a, &games))?
}

fn extract_game<G: GameKnowledge>(
    a: &ExtractArgs,
    games: &[crate::arena::record::ArenaRecord],
) -> CliResult {
    let opts = positions::ExtractOptions {
        skip: a.skip,
        quiet_only: !a.all,
        dedupe: !a.no_dedupe,
        chance_nodes: a.chance_nodes,
    };
    let started = Instant::now();
    let (mut pos, mut stats) = positions::from_games::<G>(games, &opts)?;
    let rules = games
        .first()
        .map(|g| G::Rules::parse(&g.game.rules))
        .transpose()?
        .unwrap_or_default();
    if games
        .iter()
        .any(|g| G::Rules::parse(&g.game.rules).ok() != Some(rules.clone()))
    {
        return Err(CliError(
            "the games were played under different rules: extract them separately".into(),
        ));
    }
    if let Some(n) = a.max_positions {
        if pos.len() > n {
            // A seeded Fisher-Yates prefix: the same seed keeps the same positions.
            use rand::{Rng, SeedableRng};
            let mut rng = rand::rngs::StdRng::seed_from_u64(a.seed);
            for i in 0..n {
                let j = rng.gen_range(i..pos.len());
                pos.swap(i, j);
            }
            pos.truncate(n);
        }
    }
    let mut label = "result".to_string();
    if let Some(file) = &a.exact {
        let oracle = EngineSpec::load(file)?;
        eprintln!(
            "labelling {} positions with {} ...",
            pos.len(),
            file.display()
        );
        stats.exact = positions::label_exact::<G>(&mut pos, &oracle)?;
        label = format!(
            "exact={} where it knows ({} of {}), result elsewhere",
            file.display(),
            stats.exact,
            pos.len()
        );
    }
    let comments = vec![
        format!("command {}", command_line()),
        format!(
            "games {} (skipped {}: faults or not two-player), positions seen {}, not quiet {}, repeats merged {}, kept {}",
            stats.games, stats.games_skipped, stats.positions_seen, stats.not_quiet, stats.repeats, pos.len()
        ),
    ];
    positions::write::<G>(&a.out, &rules, &label, &comments, &pos)?;
    out!(
        "{}: {} positions from {} games ({} seen, {} not quiet, {} repeats merged, {} labelled exactly) in {:.1} s",
        a.out.display(),
        pos.len(),
        stats.games,
        stats.positions_seen,
        stats.not_quiet,
        stats.repeats,
        stats.exact,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// texel

#[derive(Args, Debug)]
struct TexelArgs {
    /// The position file: a text set of `boardlab tune extract`, or one or more self-play
    /// position files (`.blpos`, `boardlab selfplay`), read streaming and held out by whole games.
    #[arg(long, num_args = 1.., required = true)]
    positions: Vec<PathBuf>,
    /// Position files (.blpos): leave out the positions before this ply of their game (the
    /// random opening, mostly).
    #[arg(long, default_value_t = 8)]
    skip: u16,
    /// Position files (.blpos): keep positions that are not quiet too (by default only
    /// `is_quiet` ones, as `tune extract` keeps).
    #[arg(long)]
    all: bool,
    /// The engine file whose weights are the start (and whose back end the result keeps).
    #[arg(long)]
    engine: PathBuf,
    /// The tuned engine's name (default: the base engine's name + "-texel").
    #[arg(long)]
    name: Option<String>,
    /// The run directory: log.csv, loss.svg, weights.toml, summary.md.
    #[arg(long)]
    out: PathBuf,
    /// Also write the tuned engine file here (e.g. engines/othello/ab-d4-texel.toml).
    #[arg(long)]
    engine_out: Option<PathBuf>,
    /// adam or adagrad.
    #[arg(long, default_value = "adam")]
    optimizer: String,
    /// Step size (default: 1% of the largest start weight, at least 0.01).
    #[arg(long)]
    lr: Option<f64>,
    /// Most epochs (full-batch steps).
    #[arg(long, default_value_t = 3000)]
    epochs: usize,
    /// Stop when the validation loss has not improved for this many epochs.
    #[arg(long, default_value_t = 200)]
    patience: usize,
    /// Fraction of positions held out for validation (of whole games, with position files).
    #[arg(long, default_value_t = 0.1)]
    valid: f64,
    /// Seeds the validation split.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Weights kept at their start values (names, comma-separated).
    #[arg(long, value_delimiter = ',')]
    fix: Vec<String>,
    /// Use this K instead of fitting it.
    #[arg(long)]
    k: Option<f64>,
}

fn run_texel(a: TexelArgs) -> CliResult {
    if !(0.0..0.9).contains(&a.valid) {
        return Err(CliError(format!(
            "--valid {}: give a fraction in [0, 0.9)",
            a.valid
        )));
    }
    let first = &a.positions[0];
    if texel_samples::is_position_file(first) {
        let game = PositionReader::open(first)
            .map_err(|e| CliError(e.to_string()))?
            .header()
            .game
            .clone();
        let base = EngineSpec::load(&a.engine)?;
        base.check_game(&game)?;
        return with_game!(game.as_str(), |G| texel_position_files::<G>(&a, &base))?;
    }
    if a.positions.len() > 1 {
        return Err(CliError(format!(
            "{}: several --positions are read only as position files (.blpos); this is a text set",
            first.display()
        )));
    }
    let (text, game, base) = positions_and_engine(first, &a.engine)?;
    with_game!(game.as_str(), |G| texel_text::<G>(&a, &text, &base))?
}

/// A text position set (`tune extract`), split by position.
fn texel_text<G: GameKnowledge>(a: &TexelArgs, text: &str, base: &EngineSpec) -> CliResult {
    let started = Instant::now();
    let (_, pos) = positions::read::<G>(text)
        .map_err(|e| CliError(format!("{}: {e}", a.positions[0].display())))?;
    let data = texel::Dataset::from_positions::<G>(&pos)?;
    drop(pos);
    let (train, valid) = data.split(a.valid, a.seed);
    let split = format!("split seed {}", a.seed);
    texel_game::<G>(a, base, &train, &valid, &split, started)
}

/// Self-play position files, streamed, whole games held out.
fn texel_position_files<G: GameKnowledge>(a: &TexelArgs, base: &EngineSpec) -> CliResult {
    let started = Instant::now();
    let opts = texel_samples::SampleOptions {
        skip: a.skip,
        quiet_only: !a.all,
        valid: a.valid,
        seed: a.seed,
    };
    let s = texel_samples::read::<G>(&a.positions, &opts, |n| {
        eprintln!(
            "texel: {n} positions read, {:.0} s",
            started.elapsed().as_secs_f64()
        )
    })?;
    let split = format!(
        "whole games held out, seed {}; {} games, {} positions read: {} before ply {}, {} not quiet, {} labelled by an exact value",
        a.seed, s.stats.games, s.stats.positions_seen, s.early, a.skip, s.stats.not_quiet, s.stats.exact
    );
    texel_game::<G>(a, base, &s.train, &s.valid, &split, started)
}

fn texel_game<G: GameKnowledge>(
    a: &TexelArgs,
    base: &EngineSpec,
    train: &texel::Dataset,
    valid: &texel::Dataset,
    split: &str,
    started: Instant,
) -> CliResult {
    if train.is_empty() {
        return Err(CliError(format!(
            "{}: no training positions ({split})",
            a.positions[0].display()
        )));
    }
    let names = G::feature_names();
    let start = base.weights_for::<G>()?;
    let fixed = fixed_by_name(names, &a.fix)?;
    let lr =
        a.lr.unwrap_or_else(|| (0.01 * start.iter().fold(0.0f64, |m, w| m.max(w.abs()))).max(0.01));
    let opts = texel::TexelOptions {
        method: optimizer::Method::parse(&a.optimizer, lr)?,
        max_epochs: a.epochs,
        patience: a.patience.max(1),
        min_delta: 1e-9,
        fixed,
        l2: Vec::new(),
    };
    create_dir(&a.out)?;
    eprintln!(
        "{} positions: {} train, {} validation; {} weights",
        train.len() + valid.len(),
        train.len(),
        valid.len(),
        names.len()
    );
    let result = texel_with_progress(train, valid, &start, &opts, a.k, a.epochs);
    let name = a
        .name
        .clone()
        .unwrap_or_else(|| format!("{}-texel", base.name));
    let spec = engine_file::with_weights::<G>(base, &name, &result.weights, 3);
    let header = texel_header("Texel-tuned", &a.engine, &a.positions[0], &result);
    engine_file::write(&a.out.join("weights.toml"), &spec, &header)?;
    if let Some(p) = &a.engine_out {
        engine_file::write(p, &spec, &header)?;
    }
    write_texel_logs(&a.out, &format!("{} Texel", G::ID), &result)?;
    let md = format!(
        "# Texel tuning: {}\n\n```\n{}\n```\n\n- positions: {} ({} train, {} validation, {split})\n- optimizer: {} lr {}\n{}",
        G::ID,
        command_line(),
        train.len() + valid.len(),
        train.len(),
        valid.len(),
        a.optimizer,
        lr,
        texel_result_md(&result, a.k.is_some(), names, &start, started)
    );
    write_file(&a.out.join("summary.md"), &md)?;
    out!("{}", md.trim_end());
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// spsa

#[derive(Args, Debug)]
struct SpsaArgs {
    /// The engine file whose weights are tuned (its back end, limits and other weights stay).
    #[arg(long)]
    engine: PathBuf,
    /// OpenBench parameter lines: `name, int|float, default, min, max, c_end, r_end`.
    #[arg(long)]
    params: PathBuf,
    /// Iterations in all (N of the schedule).
    #[arg(long)]
    iterations: u64,
    /// Game pairs per iteration.
    #[arg(long, default_value_t = 4)]
    pairs: usize,
    /// Run directory: state.json (resumable), trace.csv, trace.svg, final.toml.
    #[arg(long)]
    out: PathBuf,
    /// Stop after this many iterations (the schedule is still that of --iterations); rerun to go on.
    #[arg(long)]
    stop_after: Option<u64>,
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    #[arg(long, default_value_t = 6)]
    random_openings: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    rules: String,
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Depth limit for the games (replaces the engine file's limits).
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit for the games (replaces the engine file's limits).
    #[arg(long)]
    nodes: Option<u64>,
    /// Keep every iteration's games (iter-<k>/); by default removed once counted.
    #[arg(long)]
    keep_games: bool,
    /// Play each iteration as this many shards on Ray (scripts/tools/ray_tournament.py), merged.
    #[arg(long)]
    ray_shards: Option<usize>,
    /// Ray cluster address (default: a local instance).
    #[arg(long)]
    ray_address: Option<String>,
    /// The Python with Ray for --ray-shards.
    #[arg(long, default_value = "python3")]
    python: String,
    /// Draw these weights (an engine file, e.g. the Texel-tuned one) as targets in trace.svg.
    #[arg(long)]
    reference: Option<PathBuf>,
}

fn run_spsa(a: SpsaArgs) -> CliResult {
    let mut base = EngineSpec::load(&a.engine)?;
    let overrides = Limits {
        depth: a.depth,
        nodes: a.nodes,
        ..Default::default()
    };
    overrides
        .check()
        .map_err(|e| CliError(format!("--depth/--nodes: {e}")))?;
    base.limits = base.limits.replaced_by(overrides);
    let text = std::fs::read_to_string(&a.params)
        .map_err(|e| CliError(format!("cannot read {}: {e}", a.params.display())))?;
    let params =
        spsa::parse_params(&text).map_err(|e| CliError(format!("{}: {e}", a.params.display())))?;
    if a.iterations == 0 || a.pairs == 0 {
        return Err(CliError(
            "--iterations and --pairs must be at least 1".into(),
        ));
    }
    let game = base.game.clone();
    with_game!(game.as_str(), |G| spsa_game::<G>(&a, base, params))?
}

fn spsa_game<G: GameKnowledge>(
    a: &SpsaArgs,
    base: EngineSpec,
    params: Vec<spsa::Param>,
) -> CliResult {
    let rules = G::Rules::parse(&a.rules)?;
    crate::arena::referee::make_agent::<G>(&base, 0)?;
    let config = spsa::SpsaConfig {
        game: G::ID.to_string(),
        rules: rules.to_text(),
        base: base.clone(),
        params,
        iterations: a.iterations,
        pairs: a.pairs,
        random_openings: a.random_openings,
        max_plies: a.max_plies,
        seed: a.seed,
    };
    let reference = match &a.reference {
        Some(p) => {
            let r = EngineSpec::load(p)?.weights_for::<G>()?;
            let names = G::feature_names();
            Some(
                config
                    .params
                    .iter()
                    .map(|q| {
                        names
                            .iter()
                            .position(|n| *n == q.name)
                            .map_or(f64::NAN, |i| r[i])
                    })
                    .collect::<Vec<f64>>(),
            )
        }
        None => None,
    };
    let local = spsa::LocalBatch::<G> {
        concurrency: a.concurrency,
        _game: std::marker::PhantomData,
    };
    let ray;
    let batch: &dyn spsa::GameBatch = match a.ray_shards {
        None => &local,
        Some(shards) => {
            let exe = std::env::current_exe().map_err(|e| CliError(e.to_string()))?;
            let script = PathBuf::from("scripts/tools/ray_tournament.py");
            if !script.exists() {
                return Err(CliError(
                    "--ray-shards: run from the repository (scripts/tools/ray_tournament.py)"
                        .into(),
                ));
            }
            ray = spsa::RayBatch::<G> {
                _game: std::marker::PhantomData,
                python: a.python.clone(),
                script,
                boardlab: exe,
                shards: shards.max(1),
                address: a.ray_address.clone(),
            };
            &ray
        }
    };
    let started = Instant::now();
    create_dir(&a.out)?;
    let log_path = a.out.join("log.txt");
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log_path)
        .map_err(|e| CliError(format!("cannot open {}: {e}", log_path.display())))?;
    {
        use std::io::Write;
        let _ = writeln!(log, "# {}", command_line());
    }
    let state = spsa::run::<G>(config, &a.out, batch, a.stop_after, a.keep_games, |s| {
        use std::io::Write;
        let l = s.log.last().expect("an iteration was logged");
        let theta: Vec<String> = s
            .config
            .params
            .iter()
            .zip(&s.theta)
            .map(|(p, t)| format!("{}={t:.3}", p.name))
            .collect();
        let line = format!(
            "iter {}/{} +{} ={} -{} {} ({:.0}s)",
            l.k,
            s.config.iterations,
            l.wins,
            l.draws,
            l.losses,
            theta.join(" "),
            started.elapsed().as_secs_f64()
        );
        let _ = writeln!(log, "{line}");
        eprintln!("{line}");
    })?;
    write_file(&a.out.join("trace.csv"), &spsa::trace_csv(&state))?;
    write_file(
        &a.out.join("trace.svg"),
        &spsa::trace_svg(&state, reference.as_deref())?,
    )?;
    let values: Vec<f64> = state
        .config
        .params
        .iter()
        .zip(&state.theta)
        .map(|(p, t)| p.playing(*t))
        .collect();
    let fin = spsa::engine_with::<G>(
        &base,
        &state.config.params,
        &values,
        &format!("{}-spsa", base.name),
    )?;
    engine_file::write(
        &a.out.join("final.toml"),
        &fin,
        &[format!(
            "SPSA after {} of {} iterations: {}",
            state.done,
            state.config.iterations,
            command_line()
        )],
    )?;
    out!(
        "SPSA {}: {} of {} iterations done; theta {:?}; {}",
        G::ID,
        state.done,
        state.config.iterations,
        values,
        a.out.display()
    );
    Ok(())
}
