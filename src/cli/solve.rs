//! `boardlab solve`: exact solutions of games small enough to tabulate (today: Ur, by value
//! iteration over every position).

use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::{CliError, CliResult};
use crate::game::error::quote;
use crate::game::{Game, RuleSet};
use crate::games::ur::{Solution, Ur, UrRules};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game id (only `ur` has a solver).
    #[arg(long)]
    game: String,
    /// Rule options, `key=value,key=value`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    rules: String,
    /// Write the solved table here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop a layer when the largest change of a sweep is below this.
    #[arg(long, default_value_t = 1e-6)]
    eps: f64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// After solving, run one more full backup and report the largest change (slow).
    #[arg(long)]
    check: bool,
    /// Also print the value of these positions (game position text; may repeat).
    #[arg(long, allow_hyphen_values = true)]
    position: Vec<String>,
}

/// Peak resident memory of this process, from /proc (Linux), in MiB.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

pub fn run(args: SolveArgs) -> CliResult {
    if args.game != "ur" {
        return Err(CliError(format!(
            "no solver for game {:?} (solvable: ur)",
            args.game
        )));
    }
    let rules = UrRules::parse(&args.rules)?;
    // Every input is checked before the solve (minutes of work) starts.
    if !(1..=1024).contains(&args.threads) {
        return Err(CliError(format!(
            "--threads {}: give 1 to 1024",
            args.threads
        )));
    }
    if !(args.eps > 0.0 && args.eps.is_finite()) {
        return Err(CliError(format!(
            "--eps {}: give a positive tolerance",
            args.eps
        )));
    }
    let mut positions = Vec::new();
    for text in &args.position {
        let pos = Ur::parse_position(&rules, text)?;
        if pos.roll().is_some() || pos.winner().is_some() {
            return Err(CliError(format!(
                "--position {}: give a position before the roll (side?)",
                quote(text)
            )));
        }
        positions.push((text, pos));
    }
    if let Some(path) = &args.out {
        // Fail now, not after the solve, when the table has no folder to go to.
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        if !dir.is_dir() {
            return Err(CliError(format!(
                "--out {}: no folder {}",
                path.display(),
                dir.display()
            )));
        }
    }
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template("[{elapsed_precise}] {bar:30} {percent:>3}% {msg}")
            .expect("template"),
    );
    // Without a terminal (a CI log, a file) the bar is hidden: a progress line every 10 s.
    let last_line = std::sync::Mutex::new(std::time::Instant::now());
    let progress = |done: u64, total: u64, msg: &str| {
        bar.set_length(total);
        bar.set_position(done);
        bar.set_message(msg.to_string());
        if msg.contains("converged") {
            if bar.is_hidden() {
                eprintln!("{msg}");
            } else {
                bar.println(msg);
            }
        } else if bar.is_hidden() {
            let mut last = last_line.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed() >= std::time::Duration::from_secs(10) {
                *last = std::time::Instant::now();
                eprintln!("solving: {done}/{total} {msg}");
            }
        }
    };
    let (solution, stats) = Solution::solve(&rules, args.eps, args.threads, &progress);
    bar.finish_and_clear();
    let start = Ur::new(&rules);
    let first = solution.value(start.side(0), start.side(1));
    out!("rules            {}", rules.to_text());
    out!(
        "positions        {} (one side to move; {} in all)",
        stats.positions,
        2 * stats.positions
    );
    out!(
        "  of which       {} with a side already finished",
        stats.finished
    );
    out!(
        "sweeps           {} (layer pairs solved in order of pieces off)",
        stats.sweeps
    );
    out!(
        "last max change  {:.3e} (tolerance {:.0e})",
        stats.final_delta,
        args.eps
    );
    out!(
        "solve time       {:.1} s with {} threads",
        stats.seconds,
        args.threads
    );
    out!(
        "table            {:.1} MiB (f32 a position); peak RSS {} MiB",
        stats.positions as f64 * 4.0 / (1 << 20) as f64,
        peak_rss_mib().map_or("?".to_string(), |m| format!("{m:.0}"))
    );
    out!("first player     wins {first:.6} (side to roll at the start)");
    for (text, pos) in positions {
        let me = pos.to_move();
        out!(
            "position         {text}: side to move wins {:.6}",
            solution.value(pos.side(me), pos.side(1 - me))
        );
    }
    if args.check {
        out!(
            "residual         {:.3e} (largest change of one more backup)",
            solution.residual()
        );
    }
    if let Some(path) = &args.out {
        solution.save(path)?;
        out!("written          {}", path.display());
    }
    Ok(())
}
