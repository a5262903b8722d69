//! Runs the games of a tournament directory in parallel: the games of this shard not yet in
//! `games.jsonl` are handed out in schedule order to `concurrency` workers on a rayon pool; each
//! finished game is appended and flushed at once; a progress bar shows games, score and the
//! running Elo. With an SPRT the run stops once the test decides. Under a match format the work
//! is whole matches (`match_format`), each game still appended as it ends.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::error::ArenaError;
use super::manifest::Manifest;
use super::match_format::MatchState;
use super::matches::{matches_with_games, planned_matches, play_match_with, MatchSpec};
use super::progress::Progress;
use super::record::{games_path, load_games, ArenaRecord, GameWriter};
use super::referee::{make_agent, play_game};
use super::schedule::GameSpec;
use super::sprt::SprtDecision;
use super::summary::sprt_status;
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
fn unpack_finished_run(path: &Path) -> Result<(), ArenaError> {
    let twin = crate::game::record_file::gz_twin(path);
    if path.exists() || !twin.exists() {
        return Ok(());
    }
    let bytes = crate::game::record_file::read_bytes(&twin)?.unwrap_or_default();
    // Written beside, then renamed: a kill leaves either the .gz alone or both complete.
    let partial = path.with_extension("jsonl.unpacking");
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| ArenaError::file("unpack", &twin, e))?;
    std::fs::remove_file(&twin).map_err(|e| ArenaError::file("remove", &twin, e))
}

/// Plays every planned game missing from `dir/games.jsonl`; returns all games, sorted by index.
/// Under a match format a worker plays a match to its end, game after game, and a resumed match
/// goes on from its first unrecorded game.
pub fn run<G: GameKnowledge>(
    m: &Manifest,
    dir: &Path,
    opts: &RunOptions,
) -> Result<Vec<ArenaRecord>, ArenaError> {
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
                        return Err(ArenaError::ForeignGame {
                            path: path.display().to_string(),
                            index: g.index,
                        })
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

    let progress = Progress::start(m, opts.progress, opts.progress_every, total, finished, &all);

    struct Shared {
        writer: GameWriter,
        games: Vec<ArenaRecord>,
        error: Option<ArenaError>,
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
            progress.inc();
            sh.done += 1;
        }
        progress.show(sh.done, &sh.games);
        if m.sprt.is_some() && sprt_decided(&sh.games) {
            stop.store(true, Ordering::SeqCst);
        }
        !stop.load(Ordering::SeqCst)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.concurrency.max(1))
        .build()
        .map_err(|e| ArenaError::Other(e.to_string()))?;
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
                        progress.inc();
                        let mut sh = shared.lock().expect("no worker panics holding the lock");
                        sh.done += 1;
                        progress.line(sh.done, &sh.games, false);
                    }
                }
            });
        }
    });
    let sh = shared.into_inner().expect("workers finished");
    progress.finish(sh.done, &sh.games);
    if let Some(e) = sh.error {
        return Err(e);
    }
    let mut all = sh.games;
    all.sort_by_key(|g| g.index);
    Ok(all)
}
