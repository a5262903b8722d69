//! `boardlab export`: one recorded game (a line of `games.jsonl`) in another format that players'
//! tools read. A format belongs to a game (`sgf`: gomoku and renju, as RenLib reads it); the
//! table below maps (game, format) to the game's writer, so PDN or GGF can be added as one row.

use std::path::PathBuf;

use clap::Args;

use super::{CliError, CliResult};
use crate::arena::record::ArenaRecord;
use crate::game::{GameError, GameRecord};

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The output format: `sgf` (gomoku).
    #[arg(long)]
    format: String,
    /// A games.jsonl of the arena (or a file of plain game records, one JSON object a line).
    #[arg(long)]
    file: PathBuf,
    /// Which game: its `index` in the arena's file (default: the first line).
    #[arg(long)]
    index: Option<usize>,
    /// Write here instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// A writer: the record and the players' names by seat, to the format's text.
type Writer = fn(&GameRecord, &[String]) -> Result<String, GameError>;

/// (game id, format) -> writer.
const WRITERS: &[(&str, &str, Writer)] = &[("gomoku", "sgf", crate::games::gomoku::sgf::to_sgf)];

pub fn run(args: ExportArgs) -> CliResult {
    let text = crate::game::record_file::read_text(&args.file)?;
    let mut found = None;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (record, names, index) = match serde_json::from_str::<ArenaRecord>(line) {
            Ok(a) => (a.game, a.engines, Some(a.index)),
            Err(_) => {
                let g: GameRecord = serde_json::from_str(line).map_err(|e| {
                    CliError(format!(
                        "{} line {}: not a game record: {e}",
                        args.file.display(),
                        n + 1
                    ))
                })?;
                (g, Vec::new(), None)
            }
        };
        if args.index.is_none() || args.index == index {
            found = Some((record, names));
            break;
        }
    }
    let (record, names) = found.ok_or_else(|| {
        CliError(match args.index {
            Some(i) => format!("no game with index {i} in {}", args.file.display()),
            None => format!("no game in {}", args.file.display()),
        })
    })?;
    let writer = WRITERS
        .iter()
        .find(|(g, f, _)| *g == record.game && *f == args.format)
        .map(|(_, _, w)| *w)
        .ok_or_else(|| {
            let known: Vec<String> = WRITERS
                .iter()
                .map(|(g, f, _)| format!("{f} ({g})"))
                .collect();
            CliError(format!(
                "no format {:?} for game {:?} (known: {})",
                args.format,
                record.game,
                known.join(", ")
            ))
        })?;
    let out = writer(&record, &names)?;
    match &args.out {
        Some(path) => std::fs::write(path, out)
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?,
        None => out!("{}", out.trim_end()),
    }
    Ok(())
}
