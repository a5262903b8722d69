//! `boardlab tune patterns`: the Othello pattern tables fitted from arena games or from
//! self-play position files (src/tune/patterns.rs, src/tune/pattern_samples.rs).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, CliResult};
use crate::tune::patterns as pat;

#[derive(Args, Debug)]
pub struct PatternsArgs {
    /// Arena game records (games.jsonl), one or more; their positions are labelled here.
    #[arg(long, num_args = 1.., required_unless_present = "positions", conflicts_with = "positions")]
    games: Vec<PathBuf>,
    /// Position files (.blpos) of `boardlab selfplay --exact-empties N`, one or more, read
    /// streaming: their exact values label the positions (see src/tune/pattern_samples.rs).
    #[arg(long, num_args = 1..)]
    positions: Vec<PathBuf>,
    /// With --games: positions with at most this many empties are labelled by the exact solver.
    #[arg(long, default_value_t = 18)]
    exact_empties: u32,
    /// The run directory: the label cache (labels-<k>.bin, one per --games file, resumed
    /// after a kill), log.txt, loss.csv.
    #[arg(long)]
    out: PathBuf,
    /// Write the fitted weights here (the committed file is
    /// src/games/othello/weights/patterns.bin).
    #[arg(long)]
    weights: PathBuf,
    #[arg(long, default_value_t = 300)]
    epochs: usize,
    /// Ridge pull of each weight toward 0, in pseudo-observations.
    #[arg(long, default_value_t = 2.0)]
    lambda: f64,
    #[arg(long, default_value_t = 2.0)]
    learning_rate: f64,
    /// Label only (no fit).
    #[arg(long)]
    label_only: bool,
    /// One game in this many is held out for validation.
    #[arg(long, default_value_t = 20)]
    holdout: u32,
    /// Also measure these tables (a weights file, or `committed` for the build's own) on the
    /// same positions, stage by stage: stage_errors.csv gets their errors beside the fit's.
    #[arg(long)]
    baseline: Option<PathBuf>,
}

pub fn run(a: PatternsArgs) -> CliResult {
    std::fs::create_dir_all(&a.out).map_err(|e| CliError(format!("{}: {e}", a.out.display())))?;
    let log_path = a.out.join("log.txt");
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log_path)
        .map_err(|e| CliError(format!("{}: {e}", log_path.display())))?;
    let mut say = |text: String| {
        eprintln!("{text}");
        let _ = writeln!(log, "{text}");
    };
    say(format!(
        "tune patterns: {:?}",
        std::env::args().collect::<Vec<_>>()
    ));
    let (train, valid) = if a.positions.is_empty() {
        label_arena_games(&a)?
    } else {
        let started = std::time::Instant::now();
        let got =
            crate::tune::pattern_samples::read_position_files(&a.positions, a.holdout, |n| {
                eprintln!(
                    "reading positions: {n}, {:.0} s",
                    started.elapsed().as_secs_f64()
                )
            })?;
        say(format!(
            "{} games read, {} left out (no exact value to label them), {} positions exact",
            got.games, got.games_without_exact, got.exact_positions
        ));
        (got.train, got.valid)
    };
    let exact = train.iter().filter(|s| s.exact).count();
    say(format!(
        "{} training positions ({exact} with exact scores), {} held out",
        train.len(),
        valid.len()
    ));
    if a.label_only {
        return Ok(());
    }
    // The baseline is read before the fit's hours are spent, so a bad path fails at once.
    let baseline = baseline_weights(&a)?;
    let config = pat::FitConfig {
        epochs: a.epochs,
        lambda: a.lambda,
        learning_rate: a.learning_rate,
    };
    let loss_path = a.out.join("loss.csv");
    let mut loss = std::fs::File::create(&loss_path)
        .map_err(|e| CliError(format!("{}: {e}", loss_path.display())))?;
    let _ = writeln!(loss, "epoch,train_mse,valid_mse");
    let started = std::time::Instant::now();
    let w = pat::fit(&train, &valid, &config, |(epoch, t, v)| {
        let _ = writeln!(loss, "{epoch},{t:.4},{v:.4}");
        eprintln!(
            "epoch {epoch}: train MSE {t:.3} (RMS {:.2} discs), validation MSE {v:.3} (RMS {:.2}), {:.0} s",
            t.sqrt(),
            v.sqrt(),
            started.elapsed().as_secs_f64()
        );
    });
    let q = pat::quantise(&w);
    std::fs::write(&a.weights, q.to_bytes())
        .map_err(|e| CliError(format!("{}: {e}", a.weights.display())))?;
    let errors_path = a.out.join("stage_errors.csv");
    let mut csv = String::from(
        "stage,empties,train_positions,valid_positions,train_mae,valid_mae,train_rms,valid_rms",
    );
    if baseline.is_some() {
        csv.push_str(
            ",baseline_train_mae,baseline_valid_mae,baseline_train_rms,baseline_valid_rms",
        );
    }
    csv.push('\n');
    let baseline_errors = baseline
        .as_ref()
        .map(|b| pat::stage_errors(b, &train, &valid));
    for e in pat::stage_errors(&w, &train, &valid) {
        let empties = format!("{}-{}", e.stage * 4 + 1, e.stage * 4 + 4);
        say(format!(
            "stage {:2} (empties {empties:>5}): validation mean error {:.2} discs (RMS {:.2}), train {:.2} (RMS {:.2}); {} / {} positions",
            e.stage,
            e.valid_mae,
            e.valid_mse.sqrt(),
            e.train_mae,
            e.train_mse.sqrt(),
            e.train_positions,
            e.valid_positions
        ));
        csv.push_str(&format!(
            "{},{empties},{},{},{:.4},{:.4},{:.4},{:.4}",
            e.stage,
            e.train_positions,
            e.valid_positions,
            e.train_mae,
            e.valid_mae,
            e.train_mse.sqrt(),
            e.valid_mse.sqrt()
        ));
        if let Some(b) = baseline_errors.as_ref().map(|all| all[e.stage]) {
            say(format!(
                "          baseline tables on the same positions: validation {:.2} discs (RMS {:.2}), train {:.2} (RMS {:.2})",
                b.valid_mae,
                b.valid_mse.sqrt(),
                b.train_mae,
                b.train_mse.sqrt()
            ));
            csv.push_str(&format!(
                ",{:.4},{:.4},{:.4},{:.4}",
                b.train_mae,
                b.valid_mae,
                b.train_mse.sqrt(),
                b.valid_mse.sqrt()
            ));
        }
        csv.push('\n');
    }
    std::fs::write(&errors_path, csv)
        .map_err(|e| CliError(format!("{}: {e}", errors_path.display())))?;
    say(format!(
        "weights written to {} in {:.0} s",
        a.weights.display(),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// The tables of `--baseline` in discs: a weights file, or `committed` for the build's own.
fn baseline_weights(a: &PatternsArgs) -> Result<Option<Vec<f32>>, CliError> {
    let Some(path) = &a.baseline else {
        return Ok(None);
    };
    if path.as_os_str() == "committed" {
        return Ok(Some(pat::dequantise(
            crate::games::othello::patterns::fitted(),
        )));
    }
    let bytes =
        std::fs::read(path).map_err(|e| CliError(format!("--baseline {}: {e}", path.display())))?;
    let weights = crate::games::othello::patterns::PatternWeights::from_bytes(&bytes)
        .map_err(|e| CliError(format!("--baseline {}: {e}", path.display())))?;
    Ok(Some(pat::dequantise(&weights)))
}

/// The arena games of `--games`, labelled by the exact solver into the run's label caches
/// (resumed after a kill), split into training and held-out games.
fn label_arena_games(a: &PatternsArgs) -> Result<(Vec<pat::Sample>, Vec<pat::Sample>), CliError> {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (k, file) in a.games.iter().enumerate() {
        let games = pat::read_games(file)?;
        let cache = a.out.join(format!("labels-{k}.bin"));
        let started = std::time::Instant::now();
        let mut last = std::time::Instant::now();
        pat::label_games(&games, a.exact_empties, &cache, |done, all| {
            if last.elapsed().as_secs() >= 10 || done == all {
                last = std::time::Instant::now();
                eprintln!(
                    "labelling {}: {done}/{all} games, {:.0} s",
                    file.display(),
                    started.elapsed().as_secs_f64()
                );
            }
        })?;
        for (g, samples) in pat::read_labels(&cache)? {
            if g % a.holdout.max(1) == 0 {
                valid.extend(samples);
            } else {
                train.extend(samples);
            }
        }
    }
    Ok((train, valid))
}
