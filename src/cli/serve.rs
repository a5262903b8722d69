//! `boardlab serve`: speak a text protocol on stdin/stdout so GUIs, referees and other programs
//! can use boardlab's games and engines. Each protocol lives in its own module; this file only
//! chooses one.

use clap::Args;

use super::{CliError, CliResult};
use crate::with_game;

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
        "line" => with_game!(args.game.as_str(), |G| serve_line::<G>(&args))?,
        "hub" => crate::games::draughts::hub::serve_cli(&args.game, args.engine.as_deref()),
        other => Err(CliError(format!(
            "unknown protocol {other:?} for game {:?}",
            args.game
        ))),
    }
}

/// The generic line protocol (docs/protocol.md) on stdin/stdout. Without `--engine`, `go`
/// answers with a uniformly random move.
fn serve_line<G: crate::engine::Evaluate>(args: &ServeArgs) -> CliResult {
    use crate::engine::{EngineSpec, Limits};
    use crate::protocol::line::{serve, LineServer};
    // Hidden-information games speak the referee mode (observations, never positions).
    if let Some(served) = crate::protocol::referee::serve_if_hidden::<G>(args.engine.as_deref()) {
        return served.map_err(CliError);
    }
    let (agent, limits) = match &args.engine {
        Some(path) => {
            let spec = EngineSpec::load(path)?;
            (crate::search::build_agent::<G>(&spec, 0)?, spec.limits)
        }
        None => (
            Box::new(crate::search::baselines::RandomAgent::new("random", 0))
                as Box<dyn crate::engine::Agent<G>>,
            Limits::default(),
        ),
    };
    let stdin = std::io::stdin();
    serve(
        LineServer::new(agent, limits),
        stdin.lock(),
        std::io::stdout().lock(),
    )?;
    Ok(())
}
