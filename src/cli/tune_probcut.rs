//! `boardlab tune probcut`: ProbCut's regressions of deep on shallow search values, fitted from
//! recorded games (docs/search.md).

use std::path::PathBuf;

use clap::Args;

use super::{CliError, CliResult};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::record::GameRecord;
use crate::with_game;

#[derive(Args, Debug)]
pub struct ProbCutArgs {
    /// The alpha-beta engine file whose evaluation is fitted.
    #[arg(long)]
    engine: PathBuf,
    /// Arena game records (games.jsonl), one or more.
    #[arg(long, num_args = 1.., required = true)]
    games: Vec<PathBuf>,
    /// Depth pairs deep:shallow, comma-separated (e.g. 4:2,6:2,8:4).
    #[arg(long, default_value = "4:2,6:2,8:4")]
    pairs: String,
    /// Positions from this ply of each game on.
    #[arg(long, default_value_t = 8)]
    min_ply: usize,
    /// Every n-th ply of a game.
    #[arg(long, default_value_t = 3)]
    every: usize,
    /// At most this many positions.
    #[arg(long, default_value_t = 400)]
    max_positions: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(a: ProbCutArgs) -> CliResult {
    let spec = EngineSpec::load(&a.engine)?;
    if spec.backend != "alphabeta" {
        return Err(CliError(format!(
            "tune probcut fits an alpha-beta engine; {:?} is {}",
            spec.name, spec.backend
        )));
    }
    let mut pairs = Vec::new();
    for item in a.pairs.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let bad = || {
            CliError(format!(
                "--pairs: {item:?} must be deep:shallow, 0 < shallow < deep <= 30"
            ))
        };
        let (d, s) = item.split_once(':').ok_or_else(bad)?;
        let (d, s): (i32, i32) = (d.parse().map_err(|_| bad())?, s.parse().map_err(|_| bad())?);
        if !(0 < s && s < d && d <= 30) {
            return Err(bad());
        }
        pairs.push((d, s));
    }
    if pairs.is_empty() {
        return Err(CliError("--pairs: no depth pair".into()));
    }
    let mut records = Vec::new();
    for path in &a.games {
        let text = crate::game::record_file::read_text(path)?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let r: GameRecord = serde_json::from_str(line).map_err(|e| {
                CliError(format!(
                    "{}:{}: not a game record: {e}",
                    path.display(),
                    n + 1
                ))
            })?;
            records.push(r);
        }
    }
    let game = spec.game.clone();
    with_game!(game.as_str(), |G| fit_game::<G>(
        &a, &spec, &pairs, &records
    ))?
}

fn fit_game<G: GameKnowledge>(
    a: &ProbCutArgs,
    spec: &EngineSpec,
    pairs: &[(i32, i32)],
    records: &[GameRecord],
) -> CliResult {
    use crate::tune::probcut::{fit_pairs, sample_positions, ProbCutFit};
    let positions = sample_positions::<G>(records, a.min_ply, a.every, a.max_positions)?;
    if positions.is_empty() {
        return Err(CliError(format!("no {} positions in the records", G::ID)));
    }
    let f = ProbCutFit { spec, pairs };
    let fitted = super::heartbeat("tune probcut", || fit_pairs::<G>(&f, &positions))?;
    let line =
        crate::search::probcut::format_pairs(&fitted.iter().map(|p| p.0).collect::<Vec<_>>());
    if a.json {
        let rows: Vec<_> = fitted
            .iter()
            .map(|(p, n)| {
                serde_json::json!({"deep": p.deep, "shallow": p.shallow, "a": p.a, "b": p.b,
                    "sigma": p.sigma, "samples": n})
            })
            .collect();
        out!(
            "{}",
            serde_json::json!({"positions": positions.len(), "pairs": rows, "probcut_fit": line})
        );
    } else {
        for (p, n) in &fitted {
            out!(
                "{}:{}  deep = {:.4} * shallow + {:.3}  sigma {:.3}  ({n} samples)",
                p.deep,
                p.shallow,
                p.a,
                p.b,
                p.sigma
            );
        }
        out!("probcut_fit = \"{line}\"");
    }
    Ok(())
}
