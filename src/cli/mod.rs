//! The command line (clap). Shapes are stable so that scripts can rely on them; every bad
//! argument exits non-zero with a message that names the bad text.

use clap::{Parser, Subcommand};

/// `println!` for the commands' output. A closed pipe (`boardlab perft ... | head`) ends the
/// process quietly with status 141, as a Unix tool killed by SIGPIPE would, instead of the panic
/// of `println!`. (Restoring the default SIGPIPE action instead is not an option: the arena
/// writes to external engines, and an engine that dies must lose its game, not kill boardlab.)
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::cli::output_failed(e)
        }
    }};
}

/// Ends the process after a failed write of the command's output (see `out!`).
pub fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(141);
    }
    eprintln!("boardlab: error: cannot write the output: {e}");
    std::process::exit(1)
}

mod bench;
mod crosscheck;
mod export;
mod list;
mod merge;
mod perft;
mod play;
mod replay;
mod rollout;
mod search;
mod selfplay;
mod serve;
mod show;
mod solve;
mod solve_race;
mod tournament;
mod tune;
mod tune_draughts_patterns;
mod tune_patterns;
mod tune_probcut;
mod tune_steps;
mod tune_td;

/// boardlab: a game-AI engine and search laboratory.
///
/// Every game is written once against one contract; alpha-beta, expectimax and MCTS back ends,
/// tournaments and benchmarks use it through that contract. `boardlab list` shows the games and
/// their rule options; rule options are given as `--rules key=value,key=value`.
#[derive(Parser, Debug)]
#[command(name = "boardlab", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every game with its rule options and their defaults.
    List(list::ListArgs),
    /// Count the leaves of the game tree to a depth (move-generator proof and speed test).
    Perft(perft::PerftArgs),
    /// Draw a position in the terminal.
    Show(show::ShowArgs),
    /// Speak a text protocol on stdin/stdout (line, hub, gtp, ...).
    Serve(serve::ServeArgs),
    /// Search one position with an engine file, or solve an Othello endgame (--exact).
    Search(search::SearchArgs),
    /// Replay games recorded by another implementation and compare legal moves at every position.
    Crosscheck(crosscheck::CrosscheckArgs),
    /// Play engines against each other in parallel: round robin or gauntlet, statistics, SPRT.
    Tournament(tournament::TournamentArgs),
    /// Two engines head to head (the short form of `tournament`).
    Match(tournament::MatchArgs),
    /// Combine the result directories of tournament shards into one.
    Merge(merge::MergeArgs),
    /// Solve a game exactly (Ur: value iteration over every position, written as a table; Big
    /// Cat and Three-way: each seat's exact value, checked by simulation with --simulate).
    Solve(solve::SolveArgs),
    /// Write one recorded game in another format (gomoku: SGF).
    Export(export::ExportArgs),
    /// Write one self-contained HTML file to browse a tournament's games move by move.
    Replay(replay::ReplayArgs),
    /// Play an engine in the terminal (moves read from stdin, board redrawn after each).
    Play(play::PlayArgs),
    /// Search a fixed list of positions per game to a fixed depth: node signature and nodes/s.
    Bench(bench::BenchArgs),
    /// Tune an engine's numbers: labelled positions, Texel (logistic) tuning, SPSA, ProbCut, Othello
    /// pattern tables.
    Tune(tune::TuneArgs),
    /// Generate labelled positions by self-play into a position file (.blpos); merge shards.
    Selfplay(selfplay::SelfplayArgs),
    /// Roll a backgammon position out: its equity with a standard error, cubeless or cubeful.
    Rollout(rollout::RolloutArgs),
}

/// A command's failure: the message the user sees, and the exit code.
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

pub type CliResult = Result<(), CliError>;

/// Parses the arguments, runs the command, and returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::List(args) => list::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Show(args) => show::run(args),
        Command::Crosscheck(args) => crosscheck::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Search(args) => search::run(args),
        Command::Tournament(args) => tournament::run_tournament(args),
        Command::Match(args) => tournament::run_match(args),
        Command::Merge(args) => merge::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Export(args) => export::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Play(args) => play::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Rollout(args) => rollout::run(args),
    };
    match result {
        Ok(()) => 0,
        Err(CliError(msg)) => {
            // Messages quote bad input already cut (`game::error::quote`); this cut is the last
            // guard, so no message is ever pages long.
            eprintln!("boardlab: error: {}", crate::game::error::cut(&msg, 2000));
            2
        }
    }
}

/// Runs `work`, printing `<label>: running, N s` on stderr every 10 s while it lasts, so a long
/// count shows it is alive in a log as on a terminal. (Ctrl-C ends such a command: what it has
/// printed so far stays valid.)
pub fn heartbeat<T: Send>(label: &str, work: impl FnOnce() -> T + Send) -> T {
    let done = std::sync::atomic::AtomicBool::new(false);
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        let beat = scope.spawn(|| {
            let mut next = 10;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                // Parked, not asleep: the work's end wakes it at once, so the time a caller
                // measures around `heartbeat` is the work's own (no 100 ms step added).
                std::thread::park_timeout(std::time::Duration::from_millis(100));
                if started.elapsed().as_secs() >= next {
                    eprintln!("{label}: running, {next} s");
                    next += 10;
                }
            }
        });
        let result = work();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        beat.thread().unpark();
        result
    })
}

/// Reads rules and a position for game `G`: the start position when `position` is None.
pub fn setup<G: crate::game::Game>(rules: &str, position: Option<&str>) -> Result<G, CliError> {
    use crate::game::RuleSet;
    let rules = G::Rules::parse(rules)?;
    Ok(match position {
        Some(text) => G::parse_position(&rules, text)?,
        None => G::new(&rules),
    })
}
