//! `boardlab tune patterns`: the Othello pattern tables fitted from arena games (src/tune/patterns.rs).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, CliResult};
use crate::tune::patterns as pat;

#[derive(Args, Debug)]
pub struct PatternsArgs {
    /// Arena game records (games.jsonl), one or more.
    #[arg(long, num_args = 1.., required = true)]
    games: Vec<PathBuf>,
    /// Positions with at most this many empties are labelled by the exact solver.
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
    let exact = train.iter().filter(|s| s.exact).count();
    say(format!(
        "{} training positions ({exact} with exact scores), {} held out",
        train.len(),
        valid.len()
    ));
    if a.label_only {
        return Ok(());
    }
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
    for (stage, t, v) in pat::stage_errors(&w, &train, &valid) {
        say(format!(
            "stage {stage:2} (empties {:2}-{:2}): train RMS {:.2}, validation RMS {:.2} discs",
            stage * 4 + 1,
            stage * 4 + 4,
            t.sqrt(),
            v.sqrt()
        ));
    }
    say(format!(
        "weights written to {} in {:.0} s",
        a.weights.display(),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}
