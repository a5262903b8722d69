//! `boardlab serve`: speak a text protocol on stdin/stdout so GUIs, referees and other programs
//! can use boardlab's games and engines. Each protocol lives in its own module; this file only
//! chooses one.

use clap::Args;

use super::{CliError, CliResult};
use crate::with_game;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The protocol: `line` (generic, every game; docs/protocol.md), `hub` (draughts), `gomocup`
    /// (gomoku), ...
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
        // Games that implement `protocol::hub::HubNotation`; one arm each.
        "hub" => match args.game.as_str() {
            "draughts" => serve_hub::<crate::games::draughts::Draughts>(&args),
            other => Err(CliError(format!(
                "the Hub protocol speaks international draughts: use --game draughts, not {}",
                crate::game::error::quote(other)
            ))),
        },
        "gomocup" => crate::protocol::gomocup::serve_cli(&args.game, args.engine.as_deref())
            .map_err(CliError),
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

/// The Hub protocol (docs/protocol.md) on stdin/stdout; without `--engine`, the game's default
/// Hub engine.
fn serve_hub<G: crate::protocol::hub::HubNotation>(args: &ServeArgs) -> CliResult {
    use crate::protocol::hub::{serve, HubServer};
    let spec = match &args.engine {
        Some(path) => crate::engine::EngineSpec::load(path)?,
        None => G::hub_default_engine(),
    };
    let agent = crate::search::build_agent::<G>(&spec, 0)?;
    let mut server = HubServer::new(agent, spec.limits);
    let stdin = std::io::stdin();
    serve(&mut server, stdin.lock(), std::io::stdout().lock())
        .map_err(|e| CliError(format!("hub: {e}")))
}
