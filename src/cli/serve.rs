//! `boardlab serve`: speak a text protocol on stdin/stdout so GUIs, referees and other programs
//! can use boardlab's games and engines. Each protocol lives in its own module; this file only
//! chooses one.

use clap::Args;

use super::{CliError, CliResult};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The protocol: `line` (generic, every game; docs/protocol.md), `hub` (draughts), ...
    #[arg(long, default_value = "line")]
    protocol: String,
    /// Game id (see `boardlab list`).
    #[arg(long)]
    game: String,
    /// The engine file to answer `go`-style requests with.
    #[arg(long)]
    engine: Option<std::path::PathBuf>,
}

pub fn run(args: ServeArgs) -> CliResult {
    match args.protocol.as_str() {
        "hub" => crate::games::draughts::hub::serve_cli(&args.game, args.engine.as_deref()),
        other => Err(CliError(format!(
            "unknown protocol {other:?} for game {:?}",
            args.game
        ))),
    }
}
