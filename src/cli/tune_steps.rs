//! What the tuning subcommands share (`tune`, `tune_draughts_patterns`, `tune_td`): the
//! command line and files a run writes, reading positions with the engine they tune, and a
//! Texel fit with its progress and logs. Apart from `tune`'s dispatch, so the subcommands do
//! not import the file that imports them.

use std::path::Path;
use std::time::Instant;

use super::{CliError, CliResult};
use crate::engine_file::EngineSpec;
use crate::tune::{positions, texel};

/// The command line as typed, for logs and file headers.
pub(super) fn command_line() -> String {
    let mut parts = vec!["boardlab".to_string()];
    parts.extend(std::env::args().skip(1).map(|a| {
        if a.contains(' ') || a.is_empty() {
            format!("{a:?}")
        } else {
            a
        }
    }));
    parts.join(" ")
}

pub(super) fn write_file(path: &Path, text: &str) -> CliResult {
    std::fs::write(path, text)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))
}

pub(super) fn create_dir(dir: &Path) -> CliResult {
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError(format!("cannot create {}: {e}", dir.display())))
}

/// A position file's text and game, and the engine file to start from, which must be for that
/// game.
pub(super) fn positions_and_engine(
    positions: &Path,
    engine: &Path,
) -> Result<(String, String, EngineSpec), CliError> {
    let text = std::fs::read_to_string(positions)
        .map_err(|e| CliError(format!("cannot read {}: {e}", positions.display())))?;
    let (game, _) =
        positions::header(&text).map_err(|e| CliError(format!("{}: {e}", positions.display())))?;
    let base = EngineSpec::load(engine)?;
    base.check_game(&game)?;
    Ok((text, game, base))
}

/// The comment lines at the top of what a Texel run writes: what it started from, the command,
/// K and the losses.
pub(super) fn texel_header(
    verb: &str,
    engine: &Path,
    positions: &Path,
    result: &texel::TexelResult,
) -> Vec<String> {
    vec![
        format!(
            "{verb} from {} on {}",
            engine.display(),
            positions.display()
        ),
        format!("by: {}", command_line()),
        format!(
            "K {:.6}; loss train {:.6} -> {:.6}, validation {:.6} -> {:.6} (epoch {})",
            result.k,
            result.start_train,
            result.best.train,
            result.start_valid,
            result.best.valid,
            result.best.epoch
        ),
    ]
}

/// What every Texel summary ends with: K, the losses, where the run stopped, and each named
/// weight before and after.
pub(super) fn texel_result_md(
    result: &texel::TexelResult,
    k_given: bool,
    names: &[&str],
    start: &[f64],
    started: Instant,
) -> String {
    let mut md = format!(
        "- K = {:.6} (fitted on the start weights{})\n- loss (mean (R - sigmoid(K e))^2): train {:.6} -> {:.6}, validation {:.6} -> {:.6}\n- best epoch {} of {} ({}), {:.1} s\n\n| weight | start | tuned |\n|---|---:|---:|\n",
        result.k,
        if k_given { ": given" } else { "" },
        result.start_train,
        result.best.train,
        result.start_valid,
        result.best.valid,
        result.best.epoch,
        result.history.len() - 1,
        if result.stopped_early { "early stop" } else { "epoch limit" },
        started.elapsed().as_secs_f64()
    );
    for (i, n) in names.iter().enumerate() {
        md.push_str(&format!(
            "| {n} | {} | {:.3} |\n",
            start[i], result.weights[i]
        ));
    }
    md
}

/// `--fix a,b`: which of `names` are held at their start values.
pub(super) fn fixed_by_name(names: &[&str], fix: &[String]) -> Result<Vec<bool>, CliError> {
    let mut fixed = vec![false; names.len()];
    for f in fix {
        let i = names.iter().position(|n| n == f).ok_or_else(|| {
            CliError(format!(
                "--fix {f:?}: no such weight (known: {})",
                names.join(", ")
            ))
        })?;
        fixed[i] = true;
    }
    Ok(fixed)
}

/// A Texel run with its progress: a bar on a terminal, a line every 5 s otherwise.
pub(super) fn texel_with_progress(
    train: &texel::Dataset,
    valid: &texel::Dataset,
    start: &[f64],
    opts: &texel::TexelOptions,
    k: Option<f64>,
    epochs: usize,
) -> texel::TexelResult {
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let bar = if tty {
        indicatif::ProgressBar::new(epochs as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} epochs {elapsed} {msg}")
            .expect("valid template"),
    );
    let mut last_line = Instant::now();
    let result = texel::tune(train, valid, start, opts, k, |e| {
        bar.set_position(e.epoch as u64);
        bar.set_message(format!("train {:.6} valid {:.6}", e.train, e.valid));
        if !tty && last_line.elapsed().as_secs_f64() >= 5.0 {
            last_line = Instant::now();
            eprintln!(
                "epoch {} train {:.6} valid {:.6}",
                e.epoch, e.train, e.valid
            );
        }
    });
    bar.finish_and_clear();
    result
}

/// `log.csv` (losses by epoch) and `loss.svg` of a Texel run in `out`.
pub(super) fn write_texel_logs(out: &Path, title: &str, result: &texel::TexelResult) -> CliResult {
    let mut csv = String::from("epoch,train,validation\n");
    for e in &result.history {
        csv.push_str(&format!("{},{:.8},{:.8}\n", e.epoch, e.train, e.valid));
    }
    write_file(&out.join("log.csv"), &csv)?;
    let svg = texel::loss_svg(
        &format!("{title}: loss by epoch (K = {:.4})", result.k),
        &result.history,
        &result.best,
    )?;
    write_file(&out.join("loss.svg"), &svg)?;
    Ok(())
}
