//! `boardlab tune td`: TD(lambda) self-play training of a network evaluator (`tune::td`,
//! docs/tuning.md).

use std::path::PathBuf;

use clap::Args;

use super::{CliError, CliResult};
use crate::tune::td::{self, TdConfig, TdRun};

#[derive(Args, Debug)]
pub struct TdArgs {
    /// The game (backgammon: the one dice game with a network encoding so far).
    #[arg(long, default_value = "backgammon")]
    game: String,
    /// Self-play games in all (a resumed run counts the games already played).
    #[arg(long)]
    games: u64,
    #[arg(long, default_value_t = 0.7)]
    lambda: f64,
    /// Step size.
    #[arg(long, default_value_t = 0.1)]
    alpha: f64,
    /// Hidden units.
    #[arg(long, default_value_t = 80)]
    hidden: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Starting weights uniform in [-init, init].
    #[arg(long, default_value_t = 0.1)]
    init: f64,
    /// Games between checkpoints (state.txt, a log.csv row).
    #[arg(long, default_value_t = 1000)]
    checkpoint_every: u64,
    /// Games between checks against the handcrafted evaluator (0: none); a multiple of
    /// --checkpoint-every.
    #[arg(long, default_value_t = 5000)]
    check_every: u64,
    /// Games of each check (colour-swapped pairs on fixed dice, 0 ply both).
    #[arg(long, default_value_t = 400)]
    check_games: u64,
    /// The run's folder: state.txt, log.csv, network.txt at the end.
    #[arg(long)]
    out: PathBuf,
    /// Go on with the run in --out (same options) instead of refusing to overwrite it.
    #[arg(long)]
    resume: bool,
    /// Stop after this many checkpoints (to test resuming).
    #[arg(long)]
    stop_after: Option<u64>,
    /// Seconds between progress lines on stderr.
    #[arg(long, default_value_t = 10.0)]
    progress_secs: f64,
}

pub fn run(a: TdArgs) -> CliResult {
    if a.game != "backgammon" {
        return Err(CliError(format!(
            "tune td: no network encoding for game {:?} (known: backgammon)",
            a.game
        )));
    }
    let cfg = TdConfig {
        games: a.games,
        lambda: a.lambda,
        alpha: a.alpha,
        hidden: a.hidden,
        seed: a.seed,
        init: a.init,
        checkpoint_every: a.checkpoint_every,
        check_every: a.check_every,
        check_games: a.check_games,
    };
    let state = td::run(
        &cfg,
        TdRun {
            out: &a.out,
            resume: a.resume,
            stop_after: a.stop_after,
            comments: vec![format!("command: {}", super::tune_steps::command_line())],
            progress: Some(Box::new(|line: &str| eprintln!("{line}"))),
            progress_secs: a.progress_secs,
        },
    )
    .map_err(CliError)?;
    println!(
        "td: {} games played; state {}, log {}{}",
        state.games,
        td::state_path(&a.out).display(),
        td::log_path(&a.out).display(),
        if state.games == cfg.games {
            format!(", network {}", td::network_path(&a.out).display())
        } else {
            String::new()
        }
    );
    Ok(())
}
