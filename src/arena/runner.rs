//! Runs the games of a tournament directory in parallel: the games of this shard not yet in
//! `games.jsonl` are handed out in schedule order to `concurrency` workers on a rayon pool; each
//! finished game is appended and flushed at once; a progress bar shows games, score and the
//! running Elo. With an SPRT the run stops once the test decides. Under a match format the work
//! is whole matches (`match_format`), each game still appended as it ends.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::manifest::Manifest;
use super::match_format::MatchState;
use super::matches::{matches_with_games, planned_matches, play_match_with, MatchSpec};
use super::record::{games_path, load_games, ArenaRecord, GameWriter};
use super::referee::{make_agent, play_game};
use super::report::sprt_status;
use super::schedule::GameSpec;
use super::sprt::SprtDecision;
use super::stats::Wdl;
use crate::eval::GameKnowledge;

pub struct RunOptions {
    pub concurrency: usize,
    pub progress: bool,
    /// Without a terminal on stderr (a CI log, a file), a progress line at most this often
    /// (zero: after every game); with one, the bar.
    pub progress_every: Duration,
}

/// This directory's games: its shard of the schedule (single games; see `planned_matches` for a
/// match format).
pub fn planned_games(m: &Manifest) -> Vec<GameSpec> {
    let schedule = m.schedule();
    match m.shard {
        Some((i, n)) => schedule.shard(i, n),
        None => schedule.games,
    }
}

/// How many games this directory plans: under a match format the most its matches can take.
pub fn planned_count(m: &Manifest) -> usize {
    match &m.match_format {
        Some(f) => planned_matches(m).len() * f.max_games as usize,
        None => planned_games(m).len(),
    }
}

/// What a worker plays at once: one game, or the rest of a match after its recorded games.
enum Work<'a> {
    Game(&'a GameSpec),
    Match(MatchSpec, Vec<ArenaRecord>),
}

/// A run kept compressed (`games.jsonl.gz`, as results/ keeps finished runs) and run again is
/// unpacked to `games.jsonl` first, so the games it adds are appended to the same file.
fn unpack_finished_run(path: &Path) -> Result<(), String> {
    let twin = crate::game::record_file::gz_twin(path);
    if path.exists() || !twin.exists() {
        return Ok(());
    }
    let bytes = crate::game::record_file::read_bytes(&twin)?.unwrap_or_default();
    // Written beside, then renamed: a kill leaves either the .gz alone or both complete.
    let partial = path.with_extension("jsonl.unpacking");
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| format!("cannot unpack {}: {e}", twin.display()))?;
    std::fs::remove_file(&twin).map_err(|e| format!("cannot remove {}: {e}", twin.display()))
}

/// Plays every planned game missing from `dir/games.jsonl`; returns all games, sorted by index.
/// Under a match format a worker plays a match to its end, game after game, and a resumed match
/// goes on from its first unrecorded game.
pub fn run<G: GameKnowledge>(
    m: &Manifest,
    dir: &Path,
    opts: &RunOptions,
) -> Result<Vec<ArenaRecord>, String> {
    let path = games_path(dir);
    unpack_finished_run(&path)?;
    let done = load_games(&path, true)?;
    let planned = planned_games(m);
    let mut total = planned.len();
    let mut finished = done.len();
    let pending: Vec<Work> = match &m.match_format {
        None => {
            let by_index: std::collections::BTreeMap<usize, &GameSpec> =
                planned.iter().map(|g| (g.index, g)).collect();
            for g in &done {
                match by_index.get(&g.index) {
                    Some(spec)
                        if spec.seats == g.seats
                            && spec.seed == g.seed
                            && g.match_index.is_none() => {}
                    _ => {
                        return Err(format!(
                            "{}: game {} does not belong to this tournament",
                            path.display(),
                            g.index
                        ))
                    }
                }
            }
            let done_set: BTreeSet<usize> = done.iter().map(|g| g.index).collect();
            planned
                .iter()
                .filter(|g| !done_set.contains(&g.index))
                .map(Work::Game)
                .collect()
        }
        Some(f) => {
            let matches = planned_matches(m);
            let with_games = matches_with_games::<G>(m, &matches, &done)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            total = matches.len();
            let mut open = Vec::new();
            finished = 0;
            for (spec, games) in with_games {
                if let MatchState::Next(_) = f.state(&spec.score(&games)) {
                    open.push(Work::Match(spec, games));
                } else {
                    finished += 1;
                }
            }
            open
        }
    };

    // A shard plays its whole slice: the sequential test belongs to whoever merges the shards
    // (scripts/tools/ray_tournament.py --batches tests the merged games between waves); a shard
    // stopping on its own part of the evidence would stop on a test nobody asked for.
    let sprt_decided = |games: &[ArenaRecord]| {
        m.sprt
            .filter(|_| m.engines.len() == 2 && m.players == 2 && m.match_format.is_none())
            .filter(|_| m.shard.is_none())
            .map(|p| sprt_status(&p, games).decision != SprtDecision::Continue)
            .unwrap_or(false)
    };
    let mut all = done;
    if pending.is_empty() || sprt_decided(&all) {
        all.sort_by_key(|g| g.index);
        return Ok(all);
    }

    // On a terminal the bar (every engine a line below it); without one, plain progress lines.
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let bar = if opts.progress && tty {
        ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    let unit = if m.match_format.is_some() {
        "matches"
    } else {
        "games"
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:30}} {{pos}}/{{len}} {unit} {{elapsed}}  {{msg}}"
        ))
        .expect("valid template"),
    );
    bar.set_position(finished as u64);
    let started = Instant::now();
    let first_finished = finished as u64;
    let progress_text = |done: u64, games: &[ArenaRecord], sep: &str| {
        let eta = eta(
            started.elapsed(),
            done - first_finished,
            total as u64 - done,
        );
        let mut text = format!("eta {eta}");
        for line in engine_lines(m, games) {
            text.push_str(sep);
            text.push_str(&line);
        }
        text
    };
    bar.set_message(progress_text(finished as u64, &all, "\n  "));
    let last_line = Mutex::new(None::<Instant>);
    // A line on stderr without a terminal, at most every `progress_every` (and at the end).
    let log_line = |done: u64, games: &[ArenaRecord], force: bool| {
        if !opts.progress || tty {
            return;
        }
        let mut last = last_line.lock().unwrap_or_else(|e| e.into_inner());
        if force || last.is_none_or(|t| t.elapsed() >= opts.progress_every) {
            *last = Some(Instant::now());
            eprintln!(
                "{done}/{total} {unit} {:.0}s {}",
                started.elapsed().as_secs_f64(),
                progress_text(done, games, " | ")
            );
        }
    };

    struct Shared {
        writer: GameWriter,
        games: Vec<ArenaRecord>,
        error: Option<String>,
        /// Games (or matches) finished, counting those recorded before this run.
        done: u64,
    }
    let shared = Mutex::new(Shared {
        writer: GameWriter::open(&path)?,
        games: all,
        error: None,
        done: finished as u64,
    });
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // Appends a finished game; false once the tournament is stopping.
    let record = |rec: ArenaRecord| -> bool {
        let mut sh = shared.lock().expect("no worker panics holding the lock");
        if let Err(e) = sh.writer.append(&rec) {
            sh.error = Some(e);
            stop.store(true, Ordering::SeqCst);
            return false;
        }
        sh.games.push(rec);
        if m.match_format.is_none() {
            bar.inc(1);
            sh.done += 1;
        }
        bar.set_message(progress_text(sh.done, &sh.games, "\n  "));
        log_line(sh.done, &sh.games, false);
        if m.sprt.is_some() && sprt_decided(&sh.games) {
            stop.store(true, Ordering::SeqCst);
        }
        !stop.load(Ordering::SeqCst)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.concurrency.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    pool.scope(|scope| {
        for _ in 0..opts.concurrency.max(1) {
            scope.spawn(|_| loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(work) = pending.get(i) else { return };
                match work {
                    Work::Game(spec) => {
                        if !record(play_game::<G>(m, spec)) {
                            return;
                        }
                    }
                    Work::Match(spec, played) => {
                        let make = make_agent::<G>;
                        if !play_match_with::<G>(m, spec, played, &make, &mut |r| record(r)) {
                            return;
                        }
                        bar.inc(1);
                        let mut sh = shared.lock().expect("no worker panics holding the lock");
                        sh.done += 1;
                        let (done, games) = (sh.done, &sh.games);
                        log_line(done, games, false);
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let sh = shared.into_inner().expect("workers finished");
    log_line(sh.done, &sh.games, true);
    if let Some(e) = sh.error {
        return Err(e);
    }
    let mut all = sh.games;
    all.sort_by_key(|g| g.index);
    Ok(all)
}

/// The time left at the pace of this run: "-" before its first game ends.
fn eta(elapsed: Duration, done_now: u64, left: u64) -> String {
    if done_now == 0 {
        return "-".into();
    }
    let secs = (elapsed.as_secs_f64() / done_now as f64 * left as f64).round() as u64;
    match secs {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m{:02}s", s / 60, s % 60),
        s => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

/// Every engine's W-D-L against the field, score and Elo ± error (trinomial), one line each.
pub fn engine_lines(m: &Manifest, games: &[ArenaRecord]) -> Vec<String> {
    let mut wdl = vec![Wdl::default(); m.engines.len()];
    for g in games {
        for (a, &ea) in g.seats.iter().enumerate() {
            for (b, &eb) in g.seats.iter().enumerate() {
                if ea == eb {
                    continue;
                }
                let s = g.score_between(a, b);
                let w = &mut wdl[ea];
                if s == 1.0 {
                    w.wins += 1;
                } else if s == 0.0 {
                    w.losses += 1;
                } else {
                    w.draws += 1;
                }
            }
        }
    }
    m.engines
        .iter()
        .zip(&wdl)
        .map(|(e, w)| match w.elo() {
            Some(est) => format!(
                "{}: +{} ={} -{} ({:.1}%) Elo {:.1} ± {:.1}",
                e.name,
                w.wins,
                w.draws,
                w.losses,
                100.0 * w.score(),
                est.elo,
                est.error
            ),
            None => format!("{}: no games yet", e.name),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_eta_before_the_first_game() {
        assert_eq!(eta(Duration::from_secs(5), 0, 10), "-");
        assert_eq!(eta(Duration::from_secs(10), 2, 10), "50s");
        assert_eq!(eta(Duration::from_secs(60), 1, 10), "10m00s");
    }
}
