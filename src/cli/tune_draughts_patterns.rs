//! `boardlab tune draughts-patterns`: the draughts (or checkers) box tables and hand-set weights
//! in one Texel fit on a position file (src/tune/draughts_patterns.rs), written as the evaluator
//! file an engine names (`evaluator = "engines/draughts/patterns.dpat"`).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::tune_steps::{
    command_line, create_dir, fixed_by_name, positions_and_engine, texel_header, texel_result_md,
    texel_with_progress, write_file, write_texel_logs,
};
use super::{CliError, CliResult};
use crate::engine_file::EngineSpec;
use crate::eval::Evaluate;
use crate::games::draughts::patterns::{self, PatternModel};
use crate::games::draughts::{Eight, Geometry, Position, Ten};
use crate::tune::{draughts_patterns as fit, optimizer, positions, texel};

#[derive(Args, Debug)]
pub struct DraughtsPatternsArgs {
    /// The position file (`boardlab tune extract` of draughts or checkers games).
    #[arg(long)]
    positions: PathBuf,
    /// The engine file whose weights are the start: plain `[weights]` (the tables start at 0)
    /// or an evaluator file (the fit goes on from it).
    #[arg(long)]
    engine: PathBuf,
    /// The run directory: log.csv, loss.svg, summary.md, and model.dpat without --evaluator-out.
    #[arg(long)]
    out: PathBuf,
    /// Write the evaluator file here (e.g. engines/draughts/patterns.dpat) instead of the run
    /// directory.
    #[arg(long)]
    evaluator_out: Option<PathBuf>,
    /// adam or adagrad.
    #[arg(long, default_value = "adam")]
    optimizer: String,
    /// Step size, the same for every weight.
    #[arg(long, default_value_t = 1.0)]
    lr: f64,
    /// Most epochs (full-batch steps).
    #[arg(long, default_value_t = 2000)]
    epochs: usize,
    /// Stop when the validation loss has not improved for this many epochs.
    #[arg(long, default_value_t = 100)]
    patience: usize,
    /// Fraction of positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    valid: f64,
    /// Seeds the validation split.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The validation split takes runs of this many consecutive positions (about a game, as
    /// `tune extract` writes them in game order), so no game is in both sets.
    #[arg(long, default_value_t = 100)]
    valid_block: usize,
    /// Hand-set weights kept at their start values (names, comma-separated).
    #[arg(long, value_delimiter = ',')]
    fix: Vec<String>,
    /// Table weights seen in fewer training positions than this stay 0.
    #[arg(long, default_value_t = 20)]
    min_count: u32,
    /// Ridge penalty on every table weight (added to the mean squared error as l2 * w^2).
    #[arg(long, default_value_t = 1e-8)]
    l2: f64,
    /// Use this K instead of fitting it on the start weights.
    #[arg(long)]
    k: Option<f64>,
}

pub fn run(a: DraughtsPatternsArgs) -> CliResult {
    let (text, game, base) = positions_and_engine(&a.positions, &a.engine)?;
    match game.as_str() {
        "draughts" => run_board::<Ten>(&a, &text, &base),
        "checkers" => run_board::<Eight>(&a, &text, &base),
        other => Err(CliError(format!(
            "{}: positions of {other:?}; draughts patterns fit draughts or checkers",
            a.positions.display()
        ))),
    }
}

fn run_board<G: Geometry>(a: &DraughtsPatternsArgs, text: &str, base: &EngineSpec) -> CliResult {
    if !(0.0..0.9).contains(&a.valid) {
        return Err(CliError(format!(
            "--valid {}: give a fraction in [0, 0.9)",
            a.valid
        )));
    }
    if !(a.lr > 0.0 && a.lr.is_finite()) || !(a.l2 >= 0.0 && a.l2.is_finite()) {
        return Err(CliError(format!(
            "--lr {} --l2 {}: give a positive step and a penalty of 0 or more",
            a.lr, a.l2
        )));
    }
    let started = Instant::now();
    let (_, pos) = positions::read::<Position<G>>(text)
        .map_err(|e| CliError(format!("{}: {e}", a.positions.display())))?;
    let data = fit::dataset::<G>(&pos);
    drop(pos);
    let (train, valid) = data.split_in_blocks(a.valid, a.seed, a.valid_block);
    let names = <Position<G> as Evaluate>::feature_names();
    let hand = names.len();
    let mut start = base.weights_for::<Position<G>>()?;
    if start.len() == hand {
        start.resize(hand + patterns::table_len(G::SIZE), 0.0);
    }
    let mut fixed = fixed_by_name(names, &a.fix)?;
    let counts = train.feature_counts();
    fixed.extend(counts[hand..].iter().map(|&c| c < a.min_count));
    let fitted = fixed[hand..].iter().filter(|f| !**f).count();
    let mut l2 = vec![0.0; hand];
    l2.resize(start.len(), a.l2);
    let opts = texel::TexelOptions {
        method: optimizer::Method::parse(&a.optimizer, a.lr)?,
        max_epochs: a.epochs,
        patience: a.patience.max(1),
        min_delta: 1e-9,
        fixed,
        l2,
    };
    create_dir(&a.out)?;
    eprintln!(
        "{} positions: {} train, {} validation; {hand} hand-set weights, {fitted} of {} table \
         weights seen in at least {} training positions",
        data.len(),
        train.len(),
        valid.len(),
        patterns::table_len(G::SIZE),
        a.min_count
    );
    let result = texel_with_progress(&train, &valid, &start, &opts, a.k, a.epochs);
    let model = fit::model::<G>(&result.weights);
    let header = texel_header("fitted", &a.engine, &a.positions, &result);
    let bytes = model.to_bytes(names, &header);
    // What is written must read back as an engine would read it.
    PatternModel::from_bytes(&bytes, G::SIZE, names)
        .map_err(|e| CliError(format!("the fitted model does not read back: {e}")))?;
    let write_model = |path: &std::path::Path| {
        std::fs::write(path, &bytes)
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))
    };
    match &a.evaluator_out {
        Some(p) => write_model(p)?,
        None => write_model(&a.out.join("model.dpat"))?,
    }
    write_texel_logs(&a.out, &format!("{} patterns", G::ID), &result)?;
    let nonzero = model.table.iter().filter(|w| **w != 0.0).count();
    let max = model.table.iter().fold(0.0f32, |m, w| m.max(w.abs()));
    let md = format!(
        "# Draughts pattern fit: {}\n\n```\n{}\n```\n\n- positions: {} ({} train, {} validation, split seed {}, blocks of {})\n- optimizer: {} lr {}, l2 {} on table weights, min count {}\n- table weights fitted: {fitted} of {}; nonzero after the fit {nonzero}, largest |w| {max:.1}\n{}",
        G::ID,
        command_line(),
        data.len(),
        train.len(),
        valid.len(),
        a.seed,
        a.valid_block,
        a.optimizer,
        a.lr,
        a.l2,
        a.min_count,
        patterns::table_len(G::SIZE),
        texel_result_md(&result, a.k.is_some(), names, &start, started)
    );
    write_file(&a.out.join("summary.md"), &md)?;
    out!("{}", md.trim_end());
    Ok(())
}
