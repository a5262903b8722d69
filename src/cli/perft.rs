use std::time::Instant;

use clap::Args;

use super::{setup, CliError, CliResult};
use crate::game::{perft_bulk, perft_parallel, Game, PerftConvention};
use crate::with_game;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Game id (see `boardlab list`).
    #[arg(long)]
    game: String,
    /// Count to this depth; a line is printed for every depth from 1.
    #[arg(long)]
    depth: u32,
    /// Start from this position (the game's position text) instead of the start.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Rule options, `key=value,key=value`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    rules: String,
    /// Counting convention where tables differ: A = a pass is a ply and a finished game is a
    /// leaf, B = finished games before the depth are dropped, C = a pass uses no ply. Default:
    /// the convention of the game's published tables (Othello A, draughts and checkers B).
    #[arg(long)]
    convention: Option<String>,
    /// Split the root moves over all cores (rayon) instead of one thread.
    #[arg(long)]
    parallel: bool,
    /// Print one JSON object: {"game","depth","nodes":[n1..nd],"seconds"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: PerftArgs) -> CliResult {
    let convention = match &args.convention {
        None => None,
        Some(text) => Some(PerftConvention::parse(text).ok_or_else(|| {
            CliError(format!("unknown perft convention {text:?} (use A, B or C)"))
        })?),
    };
    with_game!(args.game.as_str(), |G| run_game::<G>(
        &args,
        convention.unwrap_or(G::PERFT_CONVENTION)
    ))?
}

fn run_game<G: Game>(args: &PerftArgs, convention: PerftConvention) -> CliResult {
    let state: G = setup(&args.rules, args.position.as_deref())?;
    if args.depth == 0 {
        return Err(CliError(
            "--depth 0: give a depth of 1 or more (a line is printed for every depth from 1)"
                .into(),
        ));
    }
    let started = Instant::now();
    let mut counts = Vec::new();
    for depth in 1..=args.depth {
        let t = Instant::now();
        let n = super::heartbeat(&format!("perft depth {depth}"), || {
            if args.parallel {
                perft_parallel(&state, depth, convention)
            } else {
                perft_bulk(&state, depth, convention)
            }
        });
        let secs = t.elapsed().as_secs_f64();
        counts.push(n);
        if !args.json {
            out!(
                "depth {depth:>2}  nodes {n:>14}  {:>8.3} s  {:>12.0} leaves/s",
                secs,
                n as f64 / secs.max(1e-9)
            );
        }
    }
    if args.json {
        let out = serde_json::json!({
            "game": G::ID,
            "depth": args.depth,
            "convention": convention.letter(),
            "nodes": counts,
            "seconds": started.elapsed().as_secs_f64(),
        });
        out!("{out}");
    }
    Ok(())
}
