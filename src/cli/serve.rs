//! `boardlab serve`: speak a text protocol on stdin/stdout so GUIs, referees and other programs
//! can use boardlab's games and engines. Each protocol lives in its own module, and
//! `protocol::serve_cli` is the table of those served with nothing but an engine file; this file
//! chooses, and runs the two with options of their own (`line`, `gnubg`).

use clap::Args;

use super::{CliError, CliResult};
use crate::with_game;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The protocol: `line` (generic, every game; docs/protocol.md), `hub` (draughts), `gomocup`
    /// (gomoku), `xboard` (Wa shogi), `gtp` (NoGo), `gnubg` (backgammon), `nboard`
    /// (Othello), ...
    #[arg(long, default_value = "line")]
    protocol: String,
    /// Game id (see `boardlab list`).
    #[arg(long)]
    game: String,
    /// The engine file to answer `go`-style requests with.
    #[arg(long)]
    engine: Option<std::path::PathBuf>,
    /// `gnubg`: the address to listen on for gnubg (`set player N external HOST:PORT`).
    #[arg(long)]
    listen: Option<String>,
    /// `gnubg`: rule options on top of what the board lines say (e.g. `cube=false` for
    /// cubeless games; the match length comes from gnubg).
    #[arg(long, default_value = "")]
    rules: String,
    /// `gnubg`: the player number (0 or 1) boardlab plays; learnt from the first line if absent.
    #[arg(long)]
    seat: Option<usize>,
    /// `gnubg`: append a transcript (board line, position, reply) to this file.
    #[arg(long)]
    log: Option<std::path::PathBuf>,
    /// `gnubg`: stop after this many connections (default: serve until killed).
    #[arg(long)]
    connections: Option<usize>,
}

pub fn run(args: ServeArgs) -> CliResult {
    match args.protocol.as_str() {
        "line" => with_game!(args.game.as_str(), |G| serve_line::<G>(&args))?,
        "gnubg" => serve_gnubg(&args),
        other => match crate::protocol::serve_cli(other, &args.game, args.engine.as_deref()) {
            Some(served) => served.map_err(CliError),
            None => Err(CliError(format!(
                "unknown protocol {other:?} for game {:?}",
                args.game
            ))),
        },
    }
}

/// The generic line protocol (docs/protocol.md) on stdin/stdout. Without `--engine`, `go`
/// answers with a uniformly random move.
fn serve_line<G: crate::eval::GameKnowledge>(args: &ServeArgs) -> CliResult {
    use crate::agent::Limits;
    use crate::engine_file::EngineSpec;
    use crate::protocol::line::{serve, LineServer};
    // Hidden-information games speak the referee mode (observations, never positions).
    if let Some(served) = crate::protocol::referee::serve_if_hidden::<G>(args.engine.as_deref()) {
        return served.map_err(CliError);
    }
    let (agent, limits) = match &args.engine {
        Some(path) => {
            let spec = EngineSpec::load(path)?;
            // make_agent: the engine file's [offers] speak on the line protocol too.
            (
                crate::arena::referee::make_agent::<G>(&spec, 0)?,
                spec.limits,
            )
        }
        None => (
            Box::new(crate::search::baselines::RandomAgent::new("random", 0))
                as Box<dyn crate::agent::Agent<G>>,
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

/// GNU Backgammon's external-player protocol (src/protocol/gnubg.rs): listen, let gnubg connect,
/// answer its board lines with the engine's decisions.
fn serve_gnubg(args: &ServeArgs) -> CliResult {
    use crate::engine_file::EngineSpec;
    use crate::game::RuleSet;
    use crate::games::backgammon::{Backgammon, BgRules};
    use crate::protocol::gnubg::{listen, GnubgSession};
    if args.game != "backgammon" {
        return Err(CliError(format!(
            "the gnubg protocol is for backgammon, not {:?}",
            args.game
        )));
    }
    let addr = args
        .listen
        .as_deref()
        .ok_or_else(|| CliError("--protocol gnubg needs --listen HOST:PORT".into()))?;
    if args.seat.is_some_and(|s| s > 1) {
        return Err(CliError("--seat is 0 or 1 (gnubg's player number)".into()));
    }
    let rules = BgRules::parse(&args.rules)?;
    let spec = match &args.engine {
        Some(path) => Some(EngineSpec::load(path)?),
        None => None,
    };
    let make = || -> Result<GnubgSession, String> {
        let (agent, limits) = match &spec {
            Some(spec) => (
                crate::search::build_agent::<Backgammon>(spec, 0)?,
                spec.limits,
            ),
            None => (
                Box::new(crate::search::baselines::RandomAgent::new("random", 0))
                    as Box<dyn crate::agent::Agent<Backgammon>>,
                crate::agent::Limits::default(),
            ),
        };
        let log: Option<Box<dyn std::io::Write + Send>> = match &args.log {
            Some(path) => Some(Box::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
            )),
            None => None,
        };
        Ok(GnubgSession::new(rules, agent, limits)
            .with_seat(args.seat)
            .with_log(log))
    };
    listen(addr, args.connections, make).map_err(CliError)
}
