//! `boardlab search`: one search from one position, printed as text or as one JSON object
//! `{"best","score","depth","nodes","ms","pv"}` (moves in the game's notation). `--exact` solves
//! an Othello position to the end (score = final disc difference for the side to move).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{setup, CliError, CliResult};
use crate::engine::{EngineSpec, Evaluate, Limits, SearchReport};
use crate::game::Game;
use crate::games::othello::solve::Solver;
use crate::games::othello::Othello;
use crate::with_game;

#[derive(Args, Debug)]
pub struct SearchArgs {
    /// Game id (see `boardlab list`).
    #[arg(long)]
    game: String,
    /// The engine file (engines/<game>/*.toml). Not needed with --exact.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// The position text; the start position when absent.
    #[arg(long)]
    position: Option<String>,
    /// Rule options, `key=value,key=value`.
    #[arg(long, default_value = "")]
    rules: String,
    /// Depth limit (overrides the engine file).
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit (overrides the engine file).
    #[arg(long)]
    nodes: Option<u64>,
    /// Time limit in milliseconds (overrides the engine file).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Playout limit for MCTS (overrides the engine file).
    #[arg(long)]
    playouts: Option<u64>,
    /// Seed for back ends that draw random numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Solve to the end exactly (Othello): the score is the final disc difference.
    #[arg(long)]
    exact: bool,
    /// Transposition table size for --exact, in MiB.
    #[arg(long, default_value_t = 256)]
    tt_mb: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: SearchArgs) -> CliResult {
    if args.exact {
        if args.game != "othello" {
            return Err(CliError(format!(
                "--exact solves Othello only, not {:?}",
                args.game
            )));
        }
        return run_exact(&args);
    }
    with_game!(args.game.as_str(), |G| run_game::<G>(&args))?
}

fn print_report<G: Game>(args: &SearchArgs, state: &G, r: &SearchReport<G::Move>) {
    let mut s = state.clone();
    let mut pv = Vec::new();
    for &mv in &r.pv {
        if !s.is_legal(mv) {
            break;
        }
        pv.push(s.format_move(mv));
        s.play(mv);
    }
    let best = state.format_move(r.best);
    if args.json {
        let out = serde_json::json!({
            "best": best,
            "score": r.score,
            "depth": r.depth,
            "nodes": r.nodes,
            "ms": r.ms,
            "pv": pv,
        });
        out!("{out}");
    } else {
        out!(
            "best {best}  score {}  depth {}  nodes {}  time {} ms  {:.0} nodes/s\npv {}",
            r.score,
            r.depth,
            r.nodes,
            r.ms,
            r.nodes as f64 * 1000.0 / (r.ms.max(1) as f64),
            pv.join(" ")
        );
    }
}

fn run_game<G: Evaluate>(args: &SearchArgs) -> CliResult {
    let state: G = setup(&args.rules, args.position.as_deref())?;
    let path = args
        .engine
        .as_ref()
        .ok_or_else(|| CliError("--engine <file> is required (or --exact for Othello)".into()))?;
    let spec = EngineSpec::load(path)?;
    let mut agent = crate::search::build_agent::<G>(&spec, args.seed)?;
    if state.current_player().is_none() {
        return Err(CliError(format!(
            "no decision to make in {:?} (game over or a chance node)",
            state.format_position()
        )));
    }
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        time_ms: args.time_ms,
        playouts: args.playouts,
    };
    let report = agent.choose(&state, &limits)?;
    print_report(args, &state, &report);
    Ok(())
}

fn run_exact(args: &SearchArgs) -> CliResult {
    let state: Othello = setup(&args.rules, args.position.as_deref())?;
    if state.is_terminal() {
        return Err(CliError(format!(
            "the game is over in {:?}",
            state.format_position()
        )));
    }
    let started = Instant::now();
    let mut solver = Solver::new(args.tt_mb);
    let sol = solver.solve(&state);
    let report = SearchReport {
        best: sol.best.expect("a position that is not over has a move"),
        score: sol.score as f64,
        depth: state.empties().count_ones(),
        nodes: sol.nodes,
        ms: started.elapsed().as_millis() as u64,
        pv: sol.pv,
    };
    print_report(args, &state, &report);
    Ok(())
}
