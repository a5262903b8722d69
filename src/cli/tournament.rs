//! `boardlab tournament` (and `boardlab match`, its two-engine short form): engine files in,
//! a results directory out (games.jsonl, standings.csv, summary.json, summary.md, ratings.svg).
//! With `--match-format` every pairing plays whole matches (`arena::match_format`).

use std::path::{Path, PathBuf};

use clap::Args;

use super::{CliError, CliResult};
use crate::agent::Limits;
use crate::arena::adjudicate::{Adjudication, DrawRule, ExactRule, ResignRule};
use crate::arena::manifest::{Manifest, TimeControl};
use crate::arena::match_format::MatchFormat;
use crate::arena::openings::opening_state;
use crate::arena::plan::{engines_game, OpeningSource, TournamentPlan};
use crate::arena::referee::{check_engine_on_clock, make_agent};
use crate::arena::report::{summary_md, write_outputs};
use crate::arena::runner::{planned_count, run, RunOptions};
use crate::arena::schedule::{parse_shard, Format};
use crate::arena::sprt::SprtParams;
use crate::arena::summary::summarize;
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::RuleSet;
use crate::with_game;

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Engine files (engines/<game>/*.toml), two or more.
    #[arg(long, num_args = 2.., required = true)]
    engines: Vec<PathBuf>,
    /// The first engine meets every other; the others do not meet each other.
    #[arg(long)]
    gauntlet: bool,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The two engine files.
    #[arg(num_args = 2, required = true)]
    engines: Vec<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Args, Debug)]
pub struct CommonArgs {
    /// Games per pairing (group of engines), rounded up to whole colour-swapped pairs / rotations.
    /// With --match-format: matches per pairing, rounded up to pairs (the engines swap A and B).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Each pairing plays matches instead of single games: `ewn7` (EinStein's seed: at most 7
    /// games, first to 4, A moves first in games 1, 4, 5 and B in 2, 3, 6, 7, 180 s a side a
    /// game), `single` (default), or games=N,wins=W,first=ABBA..,clock=SECONDS[+INC]|none, also
    /// after a preset (`ewn7,clock=none`: engine limits only). --tc overrides the format's clock.
    /// Drawn games count for neither side; a match nobody can win any more is drawn.
    #[arg(long, default_value = "single", allow_hyphen_values = true)]
    match_format: String,
    /// Games played at once (matches, with --match-format).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Openings: one position a line in the game's notation.
    #[arg(long, conflicts_with = "random_openings")]
    openings: Option<PathBuf>,
    /// Random openings of this many plies, one per round, drawn from --seed.
    #[arg(long, default_value_t = 4)]
    random_openings: usize,
    /// Seeds openings, chance and the engines' random numbers: same seed, same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop early by a sequential test: elo0=..,elo1=..,alpha=..,beta=.. (two engines).
    #[arg(long, allow_hyphen_values = true)]
    sprt: Option<String>,
    /// The results directory.
    #[arg(long)]
    out: PathBuf,
    /// Continue the tournament in --out: plays exactly the games not yet recorded.
    #[arg(long)]
    resume: bool,
    /// Play only shard i of N (1-based), for scale-out; combine with `boardlab merge`.
    #[arg(long)]
    shard: Option<String>,
    /// Rules for every game, k=v,k=v (default: the standard game).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    rules: String,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Clock per engine per game, seconds: base+increment (e.g. 10+0.1).
    #[arg(long, allow_hyphen_values = true)]
    tc: Option<String>,
    /// Slack over a move's time limit before the engine loses on time, ms.
    #[arg(long, default_value_t = 500)]
    time_margin_ms: u64,
    /// The referee's ceiling on a move without a time limit (no --movetime, no clock), ms: an
    /// engine still thinking then (hung) is abandoned and loses the game. Recorded in
    /// tournament.json and the summary.
    #[arg(long, default_value_t = crate::arena::manifest::DEFAULT_MOVE_CEILING_MS)]
    move_ceiling_ms: u64,
    /// Skip the check of every engine before the first game (start it, handshake, one move).
    #[arg(long)]
    no_check: bool,
    /// Resignation adjudication as fastchess's: movecount=N,score=S[,twosided] (the side that
    /// reported score <= -S on N consecutive moves loses; two-sided: both engines agreed, |score|
    /// >= S on N moves each), or movecount=N,winprob=P[,twosided] on reported win probabilities
    /// (chance games). Two-player games.
    #[arg(long, allow_hyphen_values = true)]
    resign: Option<String>,
    /// Draw adjudication as fastchess's: movenumber=M,movecount=N,score=S (from full move M on,
    /// both engines reported |score| <= S on N consecutive moves each). Two-player games.
    #[arg(long, allow_hyphen_values = true)]
    draw: Option<String>,
    /// Adjudication by exact knowledge: exact=ENGINE_FILE[,epsilon=E], the file of an exact back
    /// end (Othello's `exact` solver with its max_empties, Ur's `perfect` table): the first
    /// position it knows ends the game with the result of perfect play (a win probability
    /// decides within E of 0 or 1, default 0.001).
    #[arg(long)]
    adjudicate: Option<String>,
    /// Depth limit for every engine. Any of --depth, --nodes, --movetime, --playouts replaces each
    /// engine file's [limits] as a whole (the file's other limits no longer apply).
    #[arg(long)]
    depth: Option<u32>,
    /// Node limit for every engine (replaces the files' limits, see --depth).
    #[arg(long)]
    nodes: Option<u64>,
    /// Time per move for every engine, ms (replaces the files' limits, see --depth).
    #[arg(long)]
    movetime: Option<u64>,
    /// MCTS playouts for every engine (replaces the files' limits, see --depth).
    #[arg(long)]
    playouts: Option<u64>,
    /// No progress bar (and no progress lines).
    #[arg(long)]
    quiet: bool,
    /// Without a terminal on stderr (CI logs), a progress line this often, seconds (0: after
    /// every game): games done, every engine's score and Elo ± error, time left.
    #[arg(long, default_value_t = 5.0)]
    progress_secs: f64,
}

pub fn run_tournament(args: TournamentArgs) -> CliResult {
    let format = if args.gauntlet {
        Format::Gauntlet
    } else {
        Format::RoundRobin
    };
    start(&args.engines, format, &args.common)
}

pub fn run_match(args: MatchArgs) -> CliResult {
    start(&args.engines, Format::RoundRobin, &args.common)
}

/// Most games (or matches) a pairing may ask for: beyond this the schedule alone would not fit
/// in memory, and no tournament that size is meant.
pub const MAX_GAMES: usize = 10_000_000;
/// Most games played at once.
pub const MAX_CONCURRENCY: usize = 1024;

/// Refuses sizes that cannot be meant, before anything is built: every one names the bad value.
fn check_sizes(c: &CommonArgs, engines: usize) -> CliResult {
    if !(1..=MAX_GAMES).contains(&c.games) {
        return Err(CliError(format!(
            "--games {}: give 1 to {MAX_GAMES} games a pairing",
            c.games
        )));
    }
    if !(1..=MAX_CONCURRENCY).contains(&c.concurrency) {
        return Err(CliError(format!(
            "--concurrency {}: give 1 to {MAX_CONCURRENCY} games at once",
            c.concurrency
        )));
    }
    if c.max_plies == 0 {
        return Err(CliError(
            "--max-plies 0: a game needs at least one ply (the limit adjudicates a draw after it)"
                .into(),
        ));
    }
    if !(c.progress_secs >= 0.0 && c.progress_secs <= 1e6) {
        return Err(CliError(format!(
            "--progress-secs {}: give 0 to 1000000 seconds",
            c.progress_secs
        )));
    }
    if c.move_ceiling_ms == 0 {
        return Err(CliError(
            "--move-ceiling-ms 0: give the longest a move without a time limit may take".into(),
        ));
    }
    if c.sprt.is_some() && engines != 2 {
        return Err(CliError(format!(
            "--sprt tests one engine against one other: give exactly 2 engines, not {engines}"
        )));
    }
    let overrides = cli_limits(c);
    overrides
        .check()
        .map_err(|e| CliError(format!("--depth/--nodes/--movetime/--playouts: {e}")))?;
    Ok(())
}

/// The limits given on the command line (all unset when none is).
fn cli_limits(c: &CommonArgs) -> Limits {
    Limits {
        depth: c.depth,
        nodes: c.nodes,
        time_ms: c.movetime,
        playouts: c.playouts,
    }
}

fn start(files: &[PathBuf], format: Format, c: &CommonArgs) -> CliResult {
    check_sizes(c, files.len())?;
    let mut specs = Vec::new();
    for f in files {
        specs.push(EngineSpec::load(f)?);
    }
    let game = engines_game(&specs)?;
    // Limits on the command line replace each engine file's limits as a whole (a file's depth
    // must not cap a --movetime search).
    let overrides = cli_limits(c);
    for s in &mut specs {
        s.limits = s.limits.replaced_by(overrides);
    }
    with_game!(game.as_str(), |G| tournament::<G>(specs, format, c))?
}

fn tournament<G: GameKnowledge>(
    engines: Vec<EngineSpec>,
    format: Format,
    c: &CommonArgs,
) -> CliResult {
    let rules = G::Rules::parse(&c.rules)?;
    let plan = TournamentPlan {
        rules: c.rules.clone(),
        engines,
        format,
        games_per_encounter: c.games,
        openings: match &c.openings {
            Some(path) => OpeningSource::File(path.clone()),
            None => OpeningSource::Random {
                plies: c.random_openings,
            },
        },
        seed: c.seed,
        max_plies: c.max_plies,
        time_control: c.tc.as_deref().map(TimeControl::parse).transpose()?,
        time_margin_ms: c.time_margin_ms,
        move_ceiling_ms: c.move_ceiling_ms,
        sprt: c.sprt.as_deref().map(SprtParams::parse).transpose()?,
        shard: c.shard.as_deref().map(parse_shard).transpose()?,
        match_format: MatchFormat::parse(&c.match_format)?,
        adjudication: adjudication_of::<G>(c, &rules)?,
    };
    let manifest = Manifest::build::<G>(plan)?;
    // Every external engine is started, handshaken and asked one move before the first game
    // (fastchess's --compliance): a broken engine stops the tournament here, with the reason.
    if !c.no_check {
        let first = opening_state::<G>(&manifest.rules, &manifest.openings[0])?;
        for e in &manifest.engines {
            check_engine_on_clock::<G>(e, &first, manifest.move_ceiling_ms, manifest.time_control)
                .map_err(CliError)?;
        }
    }
    prepare_dir(&c.out, &manifest, c.resume)?;
    let opts = RunOptions {
        concurrency: c.concurrency,
        progress: !c.quiet,
        progress_every: std::time::Duration::from_secs_f64(c.progress_secs),
    };
    let games = run::<G>(&manifest, &c.out, &opts)?;
    finish(&c.out, &manifest, planned_count(&manifest), &games)
}

/// The adjudications the command line asks for, with an exact oracle that is an exact back end
/// for these rules (`Manifest::build` checks that the game is for two players).
fn adjudication_of<G: GameKnowledge>(
    c: &CommonArgs,
    rules: &G::Rules,
) -> Result<Adjudication, CliError> {
    let mut a = Adjudication {
        resign: c.resign.as_deref().map(ResignRule::parse).transpose()?,
        draw: c.draw.as_deref().map(DrawRule::parse).transpose()?,
        exact: None,
    };
    if let Some(text) = &c.adjudicate {
        let mut epsilon = 0.001;
        let mut file = None;
        for part in text.split(',') {
            match part.split_once('=') {
                Some(("exact", f)) => file = Some(PathBuf::from(f)),
                Some(("epsilon", e)) => {
                    epsilon = e
                        .parse::<f64>()
                        .ok()
                        .filter(|e| (0.0..0.5).contains(e))
                        .ok_or_else(|| {
                            CliError(format!("--adjudicate: epsilon={e} must be in [0, 0.5)"))
                        })?
                }
                _ => {
                    return Err(CliError(format!(
                        "--adjudicate {text:?}: give exact=ENGINE_FILE[,epsilon=E]"
                    )))
                }
            }
        }
        let file =
            file.ok_or_else(|| CliError(format!("--adjudicate {text:?}: give exact=ENGINE_FILE")))?;
        let oracle = EngineSpec::load(&file)?;
        let theirs = oracle.check_rules::<G>()?;
        if !oracle.rules.trim().is_empty() && &theirs != rules {
            return Err(CliError(format!(
                "--adjudicate: {} is for rules {:?}, not these",
                file.display(),
                theirs.to_text()
            )));
        }
        let agent = make_agent::<G>(&oracle, 0)?;
        if agent.exact_score().is_none() {
            return Err(CliError(format!(
                "--adjudicate: {} ({}) is no exact back end (exact, perfect)",
                file.display(),
                oracle.backend
            )));
        }
        a.exact = Some(ExactRule { oracle, epsilon });
    }
    Ok(a)
}

/// Creates `dir` with its tournament.json, or checks that a resumed one is the same tournament.
fn prepare_dir(dir: &Path, m: &Manifest, resume: bool) -> CliResult {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    if dir.join("tournament.json").exists() {
        if !resume {
            return Err(CliError(format!(
                "{} already holds a tournament: pass --resume to continue it, or another --out",
                dir.display()
            )));
        }
        let old = Manifest::load(dir)?;
        let diff = old.differences(m);
        if !diff.is_empty() {
            return Err(CliError(format!(
                "--resume: {} holds a different tournament (differs in: {})",
                dir.display(),
                diff.join(", ")
            )));
        }
        Ok(())
    } else {
        Ok(m.save(dir)?)
    }
}

/// Writes the summaries and prints the table.
pub fn finish(
    dir: &Path,
    m: &Manifest,
    planned: usize,
    games: &[crate::arena::record::ArenaRecord],
) -> CliResult {
    let summary = summarize(m, planned, games);
    write_outputs(dir, &summary)?;
    out!("{}", summary_md(&summary).trim_end_matches('\n'));
    out!("\nResults in {}", dir.display());
    Ok(())
}
