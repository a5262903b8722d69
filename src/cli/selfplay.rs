//! `boardlab selfplay`: labelled positions from engines playing themselves, written to a
//! position file (`.blpos`, docs/formats.md); `boardlab selfplay merge` combines shard files.
//! The work is `learn::selfplay`; this file reads the arguments and reports.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{CliError, CliResult};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::learn::selfplay::{self, SelfplayConfig};

/// Plays games of an engine against itself (or of several engines, cycling through their
/// pairings) on every core, and writes every position where a player is to move with its
/// labels: the game's result for the side to move, the engine's search score, and an exact
/// value where an exact back end knows it. The same seed and arguments give the same file
/// byte for byte whatever --threads is; rerunning a killed run's command resumes it.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SelfplayArgs {
    #[command(subcommand)]
    command: Option<SelfplayCommand>,
    /// The engine file(s). One engine plays every seat; with several, game g takes the g-th
    /// ordered pair of different engines (two-player games), cycling.
    #[arg(long, num_args = 1.., required = true)]
    engine: Vec<PathBuf>,
    /// Games in the whole run (all shards together).
    #[arg(long, required = true)]
    games: Option<u32>,
    /// The position file to write (.blpos). If it exists and was written by the same command,
    /// the run resumes after its last whole game; a finished file is left as it is.
    #[arg(long, required = true)]
    out: Option<PathBuf>,
    /// The run's seed: game g draws its opening, dice, noise and agents' seeds from (seed, g).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core). Does not change the output.
    #[arg(long)]
    threads: Option<usize>,
    /// The random opening's length: each game starts with a number of plies drawn uniformly
    /// from this range (A..B, both included; or one number), each a uniformly random legal
    /// move or a chance draw. Its positions are written without a search score.
    #[arg(long, default_value = "4..12")]
    opening_plies: String,
    /// After the opening, the probability that a move is uniformly random instead of the
    /// engine's (such a position gets no search score). 0 (default) to 1.
    #[arg(long, default_value_t = 0.0)]
    random_move: f64,
    /// Softmax noise, as AlphaZero-style generators choose moves: the temperature, in the
    /// engine's score units (Othello's alpha-beta: centi-discs), of a choice among every legal
    /// move weighted by exp(value / T), each move valued by a search of its child one ply
    /// shallower than the engine's. Costs about one shallower search a legal move. 0 (default)
    /// is off. Two-player games; a move into a chance node or the game's end is not noised.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    softmax: f64,
    /// Softmax noise applies only to moves before this ply (e.g. 30, as AlphaZero's first 30
    /// moves); default: every ply.
    #[arg(long)]
    softmax_plies: Option<u32>,
    /// A game still running after this many plies is cut: it has no result, so none of its
    /// positions are written (counted in the summary). At most 65535.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Exact values from the game's exact back end (`backend = "exact"`, Othello's endgame
    /// solver) for positions with at most this many empty squares; 0 (default) is off.
    /// Shorthand for --exact with such an engine file (tt_mb = 4). Games without an exact back
    /// end refuse it.
    #[arg(long, default_value_t = 0, conflicts_with = "exact")]
    exact_empties: u32,
    /// Exact values from an exact back end's engine file (Othello's `exact`, Ur's `perfect`),
    /// asked at every written position; where it knows nothing the position has no exact value.
    #[arg(long)]
    exact: Option<PathBuf>,
    /// Play only shard i of N (1-based, as the tournament's: 1/4 .. 4/4), the games g with
    /// g % N == i - 1: N machines split a run (scripts/tools/ray_selfplay.py on Ray), and
    /// `boardlab selfplay merge` combines their files into the unsharded run's file.
    #[arg(long)]
    shard: Option<String>,
    /// No progress bar or progress lines (the summary is still printed).
    #[arg(long)]
    quiet: bool,
    /// Test hook: stop after writing this many games, as a kill would (no end frame).
    #[arg(long, hide = true)]
    stop_after: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum SelfplayCommand {
    /// Combine the shard files of one run (each written with --shard i/N, all N given) into one
    /// file: games in game order, positions deduplicated across shards, the same bytes as the
    /// unsharded run.
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// The shard files.
    #[arg(num_args = 1.., required = true)]
    shards: Vec<PathBuf>,
    /// The merged file (replaced if it exists).
    #[arg(long)]
    out: PathBuf,
}

/// Reads `A..B` (both included) or `A`.
fn parse_range(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || {
        CliError(format!(
            "--opening-plies {text:?}: give a range A..B of plies with A <= B (e.g. 4..12), or one number"
        ))
    };
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (a, b.strip_prefix('=').unwrap_or(b)),
        None => (text, text),
    };
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

pub fn run(args: SelfplayArgs) -> CliResult {
    if let Some(SelfplayCommand::Merge(m)) = args.command {
        let t = selfplay::merge(&m.shards, &m.out)?;
        out!(
            "selfplay merge: {} games, {} positions, {} duplicates skipped, {}",
            t.games,
            t.positions,
            t.duplicates,
            m.out.display()
        );
        return Ok(());
    }
    let games = args
        .games
        .ok_or_else(|| CliError("--games N is required".into()))?;
    let out = args
        .out
        .clone()
        .ok_or_else(|| CliError("--out FILE is required".into()))?;
    if !(0.0..=1.0).contains(&args.random_move) {
        return Err(CliError(format!(
            "--random-move {}: give a probability from 0 to 1",
            args.random_move
        )));
    }
    if !(args.softmax.is_finite() && args.softmax >= 0.0) {
        return Err(CliError(format!(
            "--softmax {}: give a temperature of 0 (off) or more, in the engine's score units",
            args.softmax
        )));
    }
    if args.softmax_plies.is_some() && args.softmax == 0.0 {
        return Err(CliError(
            "--softmax-plies needs --softmax T with T > 0".into(),
        ));
    }
    if args.max_plies == 0 || args.max_plies > u16::MAX as u32 {
        return Err(CliError(format!(
            "--max-plies {}: give 1 to 65535",
            args.max_plies
        )));
    }
    if args.threads == Some(0) {
        return Err(CliError("--threads 0: give at least 1".into()));
    }
    let opening_plies = parse_range(&args.opening_plies)?;
    let shard = match &args.shard {
        Some(s) => Some(selfplay::parse_shard(s)?).filter(|&(_, n)| n > 1),
        None => None,
    };
    let engines = args
        .engine
        .iter()
        .map(|p| EngineSpec::load(p))
        .collect::<Result<Vec<_>, _>>()?;
    let game = engines[0].game.clone();
    if let Some(e) = engines.iter().find(|e| e.game != game) {
        return Err(CliError(format!(
            "--engine: engine {:?} plays {:?}, engine {:?} plays {:?}: self-play needs one game",
            engines[0].name, game, e.name, e.game
        )));
    }
    let exact = match (&args.exact, args.exact_empties) {
        (Some(p), _) => Some(EngineSpec::load(p)?),
        (None, 0) => None,
        (None, e) => Some(EngineSpec::from_toml(&format!(
            "name = \"exact-{e}\"\ngame = {game:?}\nbackend = \"exact\"\n[params]\ntt_mb = 4\nmax_empties = {e}\n"
        ))?),
    };
    let cfg = SelfplayConfig {
        engines,
        games,
        seed: args.seed,
        opening_plies,
        random_move: args.random_move,
        softmax: args.softmax,
        softmax_plies: args.softmax_plies.unwrap_or(u32::MAX),
        max_plies: args.max_plies,
        exact,
        shard,
        threads: args.threads.unwrap_or_else(rayon::current_num_threads),
        progress: !args.quiet,
        stop_after: args.stop_after,
    };
    let exact_empties = args.exact_empties;
    crate::with_game!(game.as_str(), |G| run_game::<G>(&cfg, &out, exact_empties))?
}

fn run_game<G: GameKnowledge>(
    cfg: &SelfplayConfig,
    out: &std::path::Path,
    exact_empties: u32,
) -> CliResult {
    if let Some(spec) = &cfg.exact {
        if exact_empties > 0 {
            crate::search::build_agent::<G>(spec, 0).map_err(|e| {
                CliError(format!(
                    "--exact-empties {exact_empties}: {} has no exact back end taking max_empties ({e})",
                    G::ID
                ))
            })?;
        }
    }
    let s = selfplay::run::<G>(cfg, out)?;
    if s.already_complete {
        out!(
            "selfplay: {} is already complete: {} games, {} positions, {} duplicates skipped",
            out.display(),
            s.totals.games,
            s.totals.positions,
            s.totals.duplicates
        );
        return Ok(());
    }
    let resumed = if s.resumed_games > 0 {
        format!(" (resumed after {} games)", s.resumed_games)
    } else {
        String::new()
    };
    out!(
        "selfplay: {} positions written, {} duplicates skipped, {} games ({} cut at --max-plies){resumed}, {:.1} s, {:.0} positions/s, {}{}",
        s.session_positions,
        s.session_duplicates,
        s.session_games,
        s.session_cut,
        s.seconds,
        s.session_positions as f64 / s.seconds.max(1e-9),
        out.display(),
        if s.stopped { " (stopped early: unfinished)" } else { "" }
    );
    Ok(())
}
