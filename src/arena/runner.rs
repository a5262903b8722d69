//! Runs the games of a tournament directory in parallel: the games of this shard not yet in
//! `games.jsonl` are handed out in schedule order to `concurrency` workers on a rayon pool; each
//! finished game is appended and flushed at once; a progress bar shows games, score and the
//! running Elo. With an SPRT the run stops once the test decides. Under a match format the work
//! is whole matches (`match_format`), each game still appended as it ends.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::manifest::Manifest;
use super::match_format::{
    matches_with_games, planned_matches, play_match_with, MatchSpec, MatchState,
};
use super::record::{games_path, load_games, ArenaRecord, GameWriter};
use super::referee::{make_agent, play_game};
use super::report::sprt_status;
use super::schedule::GameSpec;
use super::sprt::SprtDecision;
use super::stats::Wdl;
use crate::engine::Evaluate;

pub struct RunOptions {
    pub concurrency: usize,
    pub progress: bool,
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

/// Plays every planned game missing from `dir/games.jsonl`; returns all games, sorted by index.
/// Under a match format a worker plays a match to its end, game after game, and a resumed match
/// goes on from its first unrecorded game.
pub fn run<G: Evaluate>(
    m: &Manifest,
    dir: &Path,
    opts: &RunOptions,
) -> Result<Vec<ArenaRecord>, String> {
    let path = games_path(dir);
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

    let sprt_decided = |games: &[ArenaRecord]| {
        m.sprt
            .filter(|_| m.engines.len() == 2 && m.players == 2 && m.match_format.is_none())
            .map(|p| sprt_status(&p, games).decision != SprtDecision::Continue)
            .unwrap_or(false)
    };
    let mut all = done;
    if pending.is_empty() || sprt_decided(&all) {
        all.sort_by_key(|g| g.index);
        return Ok(all);
    }

    let bar = if opts.progress {
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
            "{{bar:30}} {{pos}}/{{len}} {unit} {{elapsed}} eta {{eta}}  {{msg}}"
        ))
        .expect("valid template"),
    );
    bar.set_position(finished as u64);
    bar.set_message(live_message(m, &all));

    struct Shared {
        writer: GameWriter,
        games: Vec<ArenaRecord>,
        error: Option<String>,
    }
    let shared = Mutex::new(Shared {
        writer: GameWriter::open(&path)?,
        games: all,
        error: None,
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
        }
        bar.set_message(live_message(m, &sh.games));
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
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let sh = shared.into_inner().expect("workers finished");
    if let Some(e) = sh.error {
        return Err(e);
    }
    let mut all = sh.games;
    all.sort_by_key(|g| g.index);
    Ok(all)
}

/// The first engine's W-D-L against the field, its score and Elo ± error.
fn live_message(m: &Manifest, games: &[ArenaRecord]) -> String {
    let mut w = Wdl::default();
    for g in games {
        for (a, &ea) in g.seats.iter().enumerate() {
            if ea != 0 {
                continue;
            }
            for (b, &eb) in g.seats.iter().enumerate() {
                if eb == 0 {
                    continue;
                }
                let s = g.score_between(a, b);
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
    let who = if m.engines.len() == 2 {
        format!("{} vs {}", m.engines[0].name, m.engines[1].name)
    } else {
        format!("{} vs field", m.engines[0].name)
    };
    match w.elo() {
        Some(e) => format!(
            "{who}: +{} ={} -{} ({:.1}%) Elo {:.1} ± {:.1}",
            w.wins,
            w.draws,
            w.losses,
            100.0 * w.score(),
            e.elo,
            e.error
        ),
        None => who,
    }
}
