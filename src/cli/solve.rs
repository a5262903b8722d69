//! `boardlab solve`: exact solutions of games small enough to tabulate: Ur, by value iteration
//! over every position; Oware endgames up to N seeds, by retrograde analysis; backgammon's
//! one-sided bearoff database; Big Cat and Three-way in `solve_race`.

use std::path::PathBuf;

use crate::progress::WorkProgress;
use clap::Args;

use super::{CliError, CliResult};
use crate::game::error::quote;
use crate::game::{Game, RuleSet};
use crate::games::ur::{Solution, Ur, UrRules};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game id (`ur`: the exact solution; `oware` with --seeds, `checkers` and `draughts` with
    /// --pieces: the endgame database;
    /// `backgammon`: the one-sided bearoff database; `bigcat`, `threeway`: exact seat values).
    #[arg(long)]
    game: String,
    /// Oware: the endgame database holds every board with at most this many seeds.
    #[arg(long)]
    seeds: Option<usize>,
    /// Checkers, draughts: the endgame database holds every position with at most this many
    /// pieces (2 to 8; each side at least one).
    #[arg(long)]
    pieces: Option<usize>,
    /// Checkers, draughts: go on from the levels already in the --out file (each finished level
    /// is written there at once, so a stopped build loses at most the level it was on).
    #[arg(long)]
    resume: bool,
    /// Rule options, `key=value,key=value`.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    rules: String,
    /// Write the solved table here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop a layer when the largest change of a sweep is below this.
    #[arg(long, default_value_t = 1e-6)]
    eps: f64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// After solving, run one more full backup and report the largest change (slow).
    #[arg(long)]
    check: bool,
    /// Also print the value of these positions (game position text; may repeat).
    #[arg(long, allow_hyphen_values = true)]
    position: Vec<String>,
    /// Big Cat, Three-way: also play this many games and compare each seat's wins with its
    /// exact value.
    #[arg(long, default_value_t = 0)]
    simulate: u64,
    /// Seeds --simulate.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Peak resident memory of this process, from /proc (Linux), in MiB.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

pub fn run(args: SolveArgs) -> CliResult {
    match args.game.as_str() {
        "backgammon" => return solve_backgammon(&args),
        "oware" => return solve_oware(&args),
        "checkers" => return solve_draughts::<crate::games::draughts::Eight>(&args),
        "draughts" => return solve_draughts::<crate::games::draughts::Ten>(&args),
        "bigcat" => return super::solve_race::bigcat(&args.rules, args.simulate, args.seed),
        "threeway" => return super::solve_race::threeway(&args.rules, args.simulate, args.seed),
        "ur" => {}
        other => {
            return Err(CliError(format!(
                "no solver for game {other:?} (solvable: ur, oware, checkers, draughts, backgammon, bigcat, threeway)"
            )))
        }
    }
    let rules = UrRules::parse(&args.rules)?;
    // Every input is checked before the solve (minutes of work) starts.
    if !(1..=1024).contains(&args.threads) {
        return Err(CliError(format!(
            "--threads {}: give 1 to 1024",
            args.threads
        )));
    }
    if !(args.eps > 0.0 && args.eps.is_finite()) {
        return Err(CliError(format!(
            "--eps {}: give a positive tolerance",
            args.eps
        )));
    }
    let mut positions = Vec::new();
    for text in &args.position {
        let pos = Ur::parse_position(&rules, text)?;
        if pos.roll().is_some() || pos.winner().is_some() {
            return Err(CliError(format!(
                "--position {}: give a position before the roll (side?)",
                quote(text)
            )));
        }
        positions.push((text, pos));
    }
    if let Some(path) = &args.out {
        // Fail now, not after the solve, when the table has no folder to go to.
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        if !dir.is_dir() {
            return Err(CliError(format!(
                "--out {}: no folder {}",
                path.display(),
                dir.display()
            )));
        }
    }
    let bar = WorkProgress::new(
        "solving",
        "[{elapsed_precise}] {bar:30} {percent:>3}% {msg}",
        true,
    );
    let progress = |done: u64, total: u64, msg: &str| {
        if msg.contains("converged") {
            bar.note(msg);
        }
        bar.update(done, total, msg);
    };
    let (solution, stats) = Solution::solve(&rules, args.eps, args.threads, &progress);
    bar.finish();
    let start = Ur::new(&rules);
    let first = solution.value(start.side(0), start.side(1));
    out!("rules            {}", rules.to_text());
    out!(
        "positions        {} (one side to move; {} in all)",
        stats.positions,
        2 * stats.positions
    );
    out!(
        "  of which       {} with a side already finished",
        stats.finished
    );
    out!(
        "sweeps           {} (layer pairs solved in order of pieces off)",
        stats.sweeps
    );
    out!(
        "last max change  {:.3e} (tolerance {:.0e})",
        stats.final_delta,
        args.eps
    );
    out!(
        "solve time       {:.1} s with {} threads",
        stats.seconds,
        args.threads
    );
    out!(
        "table            {:.1} MiB (f32 a position); peak RSS {} MiB",
        stats.positions as f64 * 4.0 / (1 << 20) as f64,
        peak_rss_mib().map_or("?".to_string(), |m| format!("{m:.0}"))
    );
    out!("first player     wins {first:.6} (side to roll at the start)");
    for (text, pos) in positions {
        let me = pos.to_move();
        out!(
            "position         {text}: side to move wins {:.6}",
            solution.value(pos.side(me), pos.side(1 - me))
        );
    }
    if args.check {
        out!(
            "residual         {:.3e} (largest change of one more backup)",
            solution.residual()
        );
    }
    if let Some(path) = &args.out {
        solution.save(path)?;
        out!("written          {}", path.display());
    }
    Ok(())
}

/// Backgammon's one-sided bearoff database (games::backgammon::bearoff): every way to have up to
/// 15 checkers on the six home points, with the distribution of rolls to bear them off.
fn solve_backgammon(args: &SolveArgs) -> CliResult {
    use crate::games::backgammon::bearoff::Bearoff;
    use crate::games::backgammon::Backgammon;
    let started = std::time::Instant::now();
    let db = Bearoff::build();
    let seconds = started.elapsed().as_secs_f64();
    out!(
        "positions        {} (up to 15 checkers on 6 points: C(21, 6))",
        db.len()
    );
    out!("solve time       {seconds:.2} s (one thread)");
    out!(
        "table            {:.1} MiB (two distributions of 32 rolls a position, f32); peak RSS {} MiB",
        (db.len() * 2 * 32 * 4) as f64 / (1 << 20) as f64,
        peak_rss_mib().map_or("?".to_string(), |m| format!("{m:.0}"))
    );
    let side = |home: [u8; 6]| {
        let mut s = [0u8; 26];
        s[1..=6].copy_from_slice(&home);
        s[0] = 15 - home.iter().sum::<u8>();
        s
    };
    for (what, home) in [
        ("15 on the 1-point", [15, 0, 0, 0, 0, 0]),
        ("15 on the 6-point", [0, 0, 0, 0, 0, 15]),
        ("5 on each of 4-5-6", [0, 0, 0, 5, 5, 5]),
        ("3-3-3-2-2-2 from 1 to 6", [3, 3, 3, 2, 2, 2]),
    ] {
        out!("expected rolls   {:.4}  {what}", db.mean_rolls(&side(home)));
    }
    let rules = crate::games::backgammon::BgRules::default();
    for text in &args.position {
        let pos = Backgammon::parse_position(&rules, text)?;
        let r = pos.roller();
        let (me, opp) = (pos.side(r), pos.side(r ^ 1));
        if !crate::games::backgammon::bearoff::in_database(me)
            || !crate::games::backgammon::bearoff::in_database(opp)
        {
            return Err(CliError(format!(
                "{text:?}: both sides must be in their home boards"
            )));
        }
        let (win, win_g, lose_g) = db.race(me, opp);
        out!(
            "position         {text}: side on roll wins {win:.6} (gammons {win_g:.6}, loses a gammon {lose_g:.6}); rolls {:.4} vs {:.4}",
            db.mean_rolls(me),
            db.mean_rolls(opp)
        );
    }
    if let Some(path) = &args.out {
        db.save(path)?;
        out!("written          {}", path.display());
    }
    Ok(())
}

/// `boardlab solve --game oware --seeds N [--rules R] --out FILE`: the endgame database.
fn solve_oware(args: &SolveArgs) -> CliResult {
    use crate::games::oware::{Database, OwareRules};
    let rules = OwareRules::parse(&args.rules)?;
    let seeds = args
        .seeds
        .ok_or_else(|| CliError("oware needs --seeds N (the most seeds on a board)".into()))?;
    let bar = WorkProgress::new(
        "solving",
        "[{elapsed_precise}] {bar:30} {percent:>3}% {msg} (eta {eta})",
        true,
    );
    let progress = |done: u64, total: u64, msg: &str| bar.update(done, total, msg);
    let (db, stats) = Database::build(&rules, seeds, &progress).map_err(CliError)?;
    bar.finish();
    out!("rules            {}", rules.to_text());
    out!(
        "positions        {} boards with 0..={seeds} seeds, either side to move",
        stats.positions
    );
    out!("  terminal       {}", stats.terminal);
    out!(
        "  unforced 0     {} (neither side can force a gain: play cycles)",
        stats.zero_unforced
    );
    out!("build time       {:.1} s (one thread)", stats.seconds);
    out!(
        "table            {:.1} MiB (one byte a board); peak RSS {} MiB",
        stats.positions as f64 / (1 << 20) as f64,
        peak_rss_mib().map_or("?".to_string(), |m| format!("{m:.0}"))
    );
    out!(
        "cycles           {}",
        if db.exact_for(&rules) {
            "scored split: exact"
        } else {
            "scored as split: the rules say cycle=collect, so values of positions that cycle are not exact"
        }
    );
    let hist: Vec<String> = stats
        .histogram
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(i, c)| format!("{}:{c}", i as i64 - seeds as i64))
        .collect();
    out!("values           {}", hist.join(" "));
    for text in &args.position {
        let pos = crate::games::oware::Oware::parse_position(&rules, text)?;
        match crate::games::oware::probe::final_lead(&db, &pos) {
            Some(d) => out!("position         {text}: final lead {d:+} for the side to move"),
            None => out!("position         {text}: not in the database (over, or too many seeds)"),
        }
    }
    if let Some(path) = &args.out {
        db.save(path).map_err(CliError)?;
        out!("written          {}", path.display());
    }
    Ok(())
}

/// The endgame database of checkers or draughts, level by level (2 pieces, 3, ...), each level
/// written to --out as soon as it is solved.
fn solve_draughts<G: crate::games::draughts::Geometry>(args: &SolveArgs) -> CliResult {
    use crate::games::draughts::endgame::EndgameDatabase;
    use crate::games::draughts::endgame_index::MAX_PIECES;
    use crate::games::draughts::Rules;
    let rules = Rules::<G>::parse(&args.rules)?;
    let pieces = args.pieces.ok_or_else(|| {
        CliError(format!(
            "{} needs --pieces N (the most pieces of a position)",
            G::ID
        ))
    })?;
    if !(2..=MAX_PIECES).contains(&pieces) {
        return Err(CliError(format!(
            "--pieces {pieces}: give 2 to {MAX_PIECES}"
        )));
    }
    if !(1..=1024).contains(&args.threads) {
        return Err(CliError(format!(
            "--threads {}: give 1 to 1024",
            args.threads
        )));
    }
    let out = args
        .out
        .as_ref()
        .ok_or_else(|| CliError("give --out FILE: each solved level is written there".into()))?;
    let mut db = if args.resume && out.exists() {
        let db = EndgameDatabase::<G>::load(out).map_err(CliError)?;
        if !db.holds_for(&rules.variant) {
            return Err(CliError(format!(
                "--resume: {} holds rules {:?}, not {:?}",
                out.display(),
                db.rules_text(),
                crate::games::draughts::endgame::value_rules_text::<G>(&rules.variant)
            )));
        }
        out!(
            "resumed          {} (up to {} pieces)",
            out.display(),
            db.max_pieces()
        );
        db
    } else {
        if out.exists() {
            return Err(CliError(format!(
                "--out {} exists: give --resume to go on from it, or another name",
                out.display()
            )));
        }
        EndgameDatabase::<G>::new(&rules.variant)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| CliError(format!("--threads: {e}")))?;
    out!("rules            {}", db.rules_text());
    out!("level            pieces positions wins losses draws longest-win(plies) seconds");
    let started = std::time::Instant::now();
    for n in db.max_pieces().max(1) + 1..=pieces {
        let bar = WorkProgress::new(
            "solving",
            "[{elapsed_precise}] {bar:30} {percent:>3}% {msg} (eta {eta})",
            true,
        );
        let stage = format!("{n} pieces, forward pass");
        let progress = |done: u64, total: u64| bar.update(done, total, &stage);
        let stats = pool
            .install(|| db.build_level(n, &progress))
            .map_err(CliError)?;
        bar.finish();
        db.save(out).map_err(CliError)?;
        out!(
            "level            {} {} {} {} {} {} {:.1}",
            stats.pieces,
            stats.positions,
            stats.wins,
            stats.losses,
            stats.draws,
            stats.longest_win,
            stats.seconds
        );
    }
    let size = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    out!(
        "database         {}: {} pieces, {} numbers, {:.1} MiB on disk, {:.1} s, peak RSS {} MiB",
        out.display(),
        db.max_pieces(),
        db.entries(),
        size as f64 / (1 << 20) as f64,
        started.elapsed().as_secs_f64(),
        peak_rss_mib().map_or("?".to_string(), |m| format!("{m:.0}"))
    );
    for text in &args.position {
        let pos = crate::games::draughts::Position::<G>::parse_position(&rules, text)?;
        match crate::games::draughts::endgame_probe::probe(&db, &pos) {
            Some(v) => out!("position         {text}: {v:?} for the side to move"),
            None => out!("position         {text}: not in the database"),
        }
    }
    Ok(())
}
