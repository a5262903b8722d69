//! `boardlab search`: one search from one position, printed as text or as one JSON object
//! `{"best","score","depth","nodes","ms","pv"}` (moves in the game's notation). `--exact` solves
//! an Othello position to the end (score = final disc difference for the side to move).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::{setup, CliError, CliResult};
use crate::agent::{Limits, SearchReport};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::error::quote;
use crate::game::Game;
use crate::games::othello::solve::Solver;
use crate::games::othello::Othello;
use crate::with_game;

#[derive(Args, Debug)]
pub struct SearchArgs {
    /// Game id (see `boardlab list`).
    #[arg(long, required_unless_present = "list_params")]
    game: Option<String>,
    /// The engine file (engines/<game>/*.toml). Not needed with --exact.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// The position text; the start position when absent.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Rule options, `key=value,key=value`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    rules: String,
    /// Depth limit. Any of --depth, --nodes, --time-ms, --playouts replaces the engine file's
    /// [limits] as a whole (give --depth 6 --time-ms 500 to keep a file's depth 6 as well).
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit (replaces the engine file's limits, see --depth).
    #[arg(long)]
    nodes: Option<u64>,
    /// Time limit in milliseconds (replaces the engine file's limits, see --depth).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Playout limit for MCTS (replaces the engine file's limits, see --depth).
    #[arg(long)]
    playouts: Option<u64>,
    /// Seed for back ends that draw random numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Solve to the end exactly (Othello): the score is the final disc difference.
    #[arg(long)]
    exact: bool,
    /// Transposition table size for --exact, in MiB (at most half the machine's memory).
    #[arg(long, default_value_t = 256)]
    tt_mb: usize,
    /// --exact refuses positions with more empty squares than this (a solve grows about 3x an
    /// empty: 36, the deepest FFO position, takes hours), unless --time-ms bounds the solve.
    #[arg(long, default_value_t = 36)]
    max_empties: u32,
    /// --exact: the evaluation that orders deep nodes' moves: `hand` (mobility, frontier,
    /// corners, X-squares), `patterns[/<shift>]` (the fitted pattern tables) or
    /// `hand+patterns/<shift>` (both added; the default, fewest nodes on FFO 40-59).
    #[arg(long, default_value = "hand+patterns/5")]
    ordering: String,
    /// Print one JSON object (with `counters`: what the selective search did).
    #[arg(long)]
    json: bool,
    /// List every alpha-beta `[params]` key with its type, default and range, and exit.
    #[arg(long)]
    list_params: bool,
}

pub fn run(args: SearchArgs) -> CliResult {
    if args.list_params {
        list_params(args.json);
        return Ok(());
    }
    let game = args.game.as_deref().unwrap_or_default();
    if args.exact {
        if game != "othello" {
            return Err(CliError(format!(
                "--exact solves Othello only, not {game:?}"
            )));
        }
        return run_exact(&args);
    }
    with_game!(game, |G| run_game::<G>(&args))?
}

/// `--list-params`: the alpha-beta params (`search::ALPHABETA_PARAMS`), one a line or as JSON.
fn list_params(json: bool) {
    use crate::search::ParamKind;
    let mut rows = Vec::new();
    for p in crate::search::ALPHABETA_PARAMS {
        let (kind, default, min, max) = match p.kind {
            ParamKind::Bool(d) => ("bool", d.to_string(), String::new(), String::new()),
            ParamKind::Int { default, min, max } => {
                ("int", default.to_string(), min.to_string(), max.to_string())
            }
            ParamKind::Float { default, min, max } => (
                "float",
                default.to_string(),
                min.to_string(),
                max.to_string(),
            ),
            ParamKind::Text => ("text", String::new(), String::new(), String::new()),
        };
        if json {
            rows.push(serde_json::json!({
                "name": p.name, "type": kind, "default": default, "min": min, "max": max,
                "doc": p.doc,
            }));
        } else {
            let range = if min.is_empty() {
                String::new()
            } else {
                format!("[{min}, {max}]")
            };
            out!(
                "{:<24} {:<5} {:>12} {:<26} {}",
                p.name,
                kind,
                default,
                range,
                p.doc
            );
        }
    }
    if json {
        out!("{}", serde_json::Value::Array(rows));
    }
}

fn print_report<G: Game>(
    args: &SearchArgs,
    state: &G,
    r: &SearchReport<G::Move>,
    counters: &[(&'static str, u64)],
) {
    let pv = r.pv_texts(state, |s, m| s.format_move(m));
    let best = state.format_move(r.best);
    if args.json {
        let mut out = serde_json::json!({
            "best": best,
            "score": r.score,
            "depth": r.depth,
            "nodes": r.nodes,
            "ms": r.ms,
            "pv": pv,
        });
        if !counters.is_empty() {
            out["counters"] = counters
                .iter()
                .map(|(k, v)| (k.to_string(), serde_json::Value::from(*v)))
                .collect::<serde_json::Map<_, _>>()
                .into();
        }
        if !args.exact {
            if let Some(n) = crate::search::linear::result_plies(r.score) {
                // A forced result: plies to the end, positive for a win.
                out["result_in_plies"] = n.into();
            }
        }
        out!("{out}");
    } else {
        out!(
            "best {best}  score {}  depth {}  nodes {}  time {} ms  {:.0} nodes/s\npv {}",
            if args.exact {
                format!("{} (final disc difference)", r.score)
            } else {
                crate::search::linear::format_score(r.score)
            },
            r.depth,
            r.nodes,
            r.ms,
            r.nodes as f64 * 1000.0 / (r.ms.max(1) as f64),
            pv.join(" ")
        );
    }
}

/// The limits given on the command line; they replace the engine file's as a whole.
fn cli_limits(args: &SearchArgs) -> Result<Limits, CliError> {
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        time_ms: args.time_ms,
        playouts: args.playouts,
    };
    limits.check().map_err(|e| CliError(format!("--{e}")))?;
    Ok(limits)
}

fn run_game<G: GameKnowledge>(args: &SearchArgs) -> CliResult {
    let state: G = setup(&args.rules, args.position.as_deref())?;
    let limits = cli_limits(args)?;
    let path = args
        .engine
        .as_ref()
        .ok_or_else(|| CliError("--engine <file> is required (or --exact for Othello)".into()))?;
    let spec = EngineSpec::load(path)?;
    let mut agent = crate::arena::referee::make_agent::<G>(&spec, args.seed)?;
    if state.current_player().is_none() {
        return Err(CliError(format!(
            "no decision to make in {} (game over or a chance node)",
            quote(&state.format_position())
        )));
    }
    let report = agent.choose(&state, &limits)?;
    print_report(args, &state, &report, &agent.counters());
    Ok(())
}

/// `--exact`: every input is checked before the solve starts (position, table size, depth);
/// a progress line goes to stderr every 5 s, and Ctrl-C, SIGTERM or --time-ms stop the solve
/// with the bounds proven so far.
fn run_exact(args: &SearchArgs) -> CliResult {
    let state: Othello = setup(&args.rules, args.position.as_deref())?;
    if state.is_terminal() {
        return Err(CliError(format!(
            "the game is over in {}",
            quote(&state.format_position())
        )));
    }
    let limits = cli_limits(args)?;
    if limits.depth.is_some() || limits.nodes.is_some() || limits.playouts.is_some() {
        return Err(CliError(
            "--exact solves to the end: of the limits only --time-ms applies".into(),
        ));
    }
    crate::search::tt::check_tt_mb(args.tt_mb).map_err(|e| CliError(format!("--tt-mb: {e}")))?;
    let empties = state.empties().count_ones();
    if empties > args.max_empties && limits.time_ms.is_none() {
        return Err(CliError(format!(
            "--exact: {empties} empty squares, more than --max-empties {} (a solve grows about 3x \
             an empty); raise --max-empties or bound the solve with --time-ms",
            args.max_empties
        )));
    }
    let ordering: crate::games::othello::solve::Ordering = args
        .ordering
        .parse()
        .map_err(|e| CliError(format!("--ordering: {e}")))?;
    crate::search::stop::install();
    let started = Instant::now();
    let mut solver = Solver::new(args.tt_mb)
        .with_ordering(ordering)
        .stop_on(
            crate::search::stop::interrupted(),
            limits.time_ms.map(std::time::Duration::from_millis),
        )
        .with_progress(std::time::Duration::from_secs(5), |p| {
            eprintln!(
                "solving: {} nodes, {:.0} s, score in [{}, {}]",
                p.nodes,
                p.elapsed.as_secs_f64(),
                p.bounds.0,
                p.bounds.1
            )
        });
    let sol = solver.solve(&state);
    if sol.interrupted {
        return Err(CliError(format!(
            "the solve stopped after {} nodes and {:.1} s ({}): the score lies in [{}, {}]",
            sol.nodes,
            started.elapsed().as_secs_f64(),
            if crate::search::stop::is_set(crate::search::stop::interrupted()) {
                "interrupted"
            } else {
                "--time-ms reached"
            },
            sol.bounds.0,
            sol.bounds.1
        )));
    }
    let report = SearchReport {
        best: sol
            .best
            .ok_or_else(|| CliError("the solver found no move".into()))?,
        score: sol.score as f64,
        depth: state.empties().count_ones(),
        nodes: sol.nodes,
        ms: started.elapsed().as_millis() as u64,
        pv: sol.pv,
    };
    print_report(args, &state, &report, &[]);
    Ok(())
}
