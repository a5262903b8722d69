//! Self-play position generation (`boardlab selfplay`): engines play themselves in process on
//! every core, from random openings, with optional random-move or softmax noise, and every
//! decision node of every game is written to a position file (`positions_file`) with the game's result, the
//! search score and, where an exact back end knows it, the exact value.
//!
//! Three properties make runs usable at scale:
//! - Deterministic: game `g` draws everything (opening length, opening moves, dice, noise,
//!   agents' seeds) from `(seed, g)` alone, with fresh agents, and games are written in game
//!   order, so the file is the same bytes whatever the thread count.
//! - Resumable: each game ends with a game-end frame and is flushed whole; a rerun of the same
//!   command keeps the file up to its last game-end frame, cuts the rest (a game in flight at a
//!   kill) and plays on from the next game. The header's meta holds the arguments, so a rerun
//!   with other arguments is refused rather than mixed in.
//! - Shardable: `--shard i/N` plays games `g % N == i`; `merge` interleaves the shards by game
//!   number and deduplicates across them, which gives the unsharded run's file byte for byte.

use std::collections::{BTreeMap, HashSet};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::positions_file::{
    Entry, ErrorKind, FileEnd, GameEnd, Header, PositionReader, PositionRecord, PositionWriter,
};
use crate::agent::{Agent, ExactScore, Limits};
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::zobrist::splitmix64;
use crate::game::{MoveList, RuleSet, Turn};

/// Everything that decides a run's output, and how it is run.
#[derive(Clone, Debug)]
pub struct SelfplayConfig {
    /// The engines; with more than one, games cycle through their pairings (`seat_engines`).
    pub engines: Vec<EngineSpec>,
    /// Games in the whole run (all shards together).
    pub games: u32,
    pub seed: u64,
    /// The random opening's length in plies, drawn uniformly from this inclusive range.
    pub opening_plies: (u32, u32),
    /// The probability that a move after the opening is uniformly random instead of searched.
    pub random_move: f64,
    /// Softmax noise: the temperature, in the engine's score units, of the choice among every
    /// legal move by its searched value (0: off, the engine's best move is played).
    pub softmax: f64,
    /// Softmax noise applies to engine moves before this ply only.
    pub softmax_plies: u32,
    /// A game still running after this many plies is cut: no result, so none of its positions
    /// are written.
    pub max_plies: u32,
    /// An exact back end asked at every recorded position; its score is the exact value where
    /// it answers.
    pub exact: Option<EngineSpec>,
    /// `(i, n)`: play only games `g % n == i`.
    pub shard: Option<(u32, u32)>,
    /// Worker threads (does not change the output).
    pub threads: usize,
    /// A progress bar on a terminal, progress lines every 10 s otherwise.
    pub progress: bool,
    /// Test hook: stop (as if killed) after writing this many games in this session.
    pub stop_after: Option<u64>,
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct RunStats {
    /// The file's totals (all sessions).
    pub totals: FileEnd,
    /// Games found whole in the file when this session started.
    pub resumed_games: u64,
    /// Games and positions written by this session.
    pub session_games: u64,
    pub session_positions: u64,
    pub session_duplicates: u64,
    /// Games cut at the ply limit (this session).
    pub session_cut: u64,
    pub seconds: f64,
    /// The file was already finished: nothing was played.
    pub already_complete: bool,
    /// The session stopped early (test hook): the file is unfinished.
    pub stopped: bool,
}

/// The game numbers of a run's shard, in order (the k-th is `i + k * n`).
fn shard_games(cfg: &SelfplayConfig) -> u64 {
    let (i, n) = cfg.shard.unwrap_or((0, 1));
    let games = cfg.games as u64;
    if (i as u64) >= games {
        0
    } else {
        (games - i as u64).div_ceil(n as u64)
    }
}

fn game_number(cfg: &SelfplayConfig, k: u64) -> u32 {
    let (i, n) = cfg.shard.unwrap_or((0, 1));
    (i as u64 + k * n as u64) as u32
}

/// The meta text of a run's file: every argument that changes the bytes, one `key=value` a
/// line, engines as their resolved JSON. The shard is the last line, so that `merge` can drop
/// it and get the unsharded run's meta.
pub fn meta_text(cfg: &SelfplayConfig, exact_units: Option<ExactScore>) -> String {
    let mut m = String::from("generator=boardlab selfplay\n");
    for (i, e) in cfg.engines.iter().enumerate() {
        let json = serde_json::to_string(e).expect("an engine spec serializes");
        m.push_str(&format!("engine.{i}={json}\n"));
    }
    m.push_str(&format!("games={}\nseed={}\n", cfg.games, cfg.seed));
    m.push_str(&format!(
        "opening-plies={}..{}\nrandom-move={}\nmax-plies={}\n",
        cfg.opening_plies.0, cfg.opening_plies.1, cfg.random_move, cfg.max_plies
    ));
    // Written only when on, so files of runs from before the option still resume.
    if cfg.softmax > 0.0 {
        m.push_str(&format!(
            "softmax={}\nsoftmax-plies={}\n",
            cfg.softmax, cfg.softmax_plies
        ));
    }
    match &cfg.exact {
        Some(e) => {
            let json = serde_json::to_string(e).expect("an engine spec serializes");
            let units = exact_units.map_or("score", ExactScore::as_text);
            m.push_str(&format!("exact={json}\nexact-units={units}\n"));
        }
        None => m.push_str("exact=none\n"),
    }
    m.push_str("score=side-to-move search score in the engine's units\n");
    if let Some((i, n)) = cfg.shard {
        m.push_str(&format!("shard={}/{n}\n", i + 1));
    }
    m
}

/// The meta without its shard line, and the shard.
fn split_shard(meta: &str) -> (String, Option<(u32, u32)>) {
    let mut rest = String::new();
    let mut shard = None;
    for line in meta.lines() {
        if let Some(s) = line.strip_prefix("shard=") {
            shard = parse_shard(s).ok();
        } else {
            rest.push_str(line);
            rest.push('\n');
        }
    }
    (rest, shard)
}

/// Reads `i/N` as the tournament's `--shard` does (1-based) into `(i - 1, N)`.
pub fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let (i, n) = crate::arena::schedule::parse_shard(text)?;
    let n = u32::try_from(n)
        .map_err(|_| format!("--shard {text:?}: N is more than the games a run can have"))?;
    Ok((i as u32 - 1, n))
}

/// Which engine each seat plays in game `g`: with one engine, it plays every seat; with more
/// in a two-player game, game `g` takes the `g`-th ordered pair of distinct engines (cycling),
/// so each engine meets each other with either colour; with more seats, seat `s` plays engine
/// `(g + s) % k`.
pub fn seat_engines(engines: usize, players: usize, g: u32) -> Vec<usize> {
    if engines <= 1 {
        return vec![0; players];
    }
    if players == 2 {
        let pairs: Vec<(usize, usize)> = (0..engines)
            .flat_map(|i| (0..engines).filter(move |&j| j != i).map(move |j| (i, j)))
            .collect();
        let (a, b) = pairs[g as usize % pairs.len()];
        return vec![a, b];
    }
    (0..players).map(|s| (g as usize + s) % engines).collect()
}

/// One game's records before deduplication.
pub struct GameOutcome {
    pub game: u32,
    pub plies: u32,
    pub cut: bool,
    pub records: Vec<PositionRecord>,
}

/// The seed of game `g`: everything random in the game is drawn from it.
pub fn game_seed(seed: u64, g: u32) -> u64 {
    splitmix64(seed ^ splitmix64(g as u64 ^ 0x5E1F_0000_0000_0000))
}

/// Plays game number `g` of the run and labels its decision nodes.
pub fn play_game<G: GameKnowledge>(
    cfg: &SelfplayConfig,
    rules: &G::Rules,
    g: u32,
) -> Result<GameOutcome, String> {
    let gseed = game_seed(cfg.seed, g);
    let mut rng = ChaCha8Rng::seed_from_u64(gseed);
    let opening = rng.gen_range(cfg.opening_plies.0..=cfg.opening_plies.1);
    let mut state = G::new(rules);
    let seats = seat_engines(cfg.engines.len(), state.num_players(), g);
    // Fresh agents every game (one per engine, serving all its seats): nothing a search keeps
    // between moves crosses from one game to another, so a game's moves do not depend on which
    // games its thread played before.
    let mut agents: Vec<Option<Box<dyn Agent<G>>>> = (0..cfg.engines.len()).map(|_| None).collect();
    for &e in &seats {
        if agents[e].is_none() {
            let mut a = crate::search::build_agent::<G>(&cfg.engines[e], gseed ^ e as u64)?;
            a.new_game();
            agents[e] = Some(a);
        }
    }
    let mut exact = match &cfg.exact {
        Some(spec) => Some(crate::search::build_agent::<G>(spec, gseed)?),
        None => None,
    };
    let mut records = Vec::new();
    let mut moves = MoveList::new();
    let mut outcomes = Vec::new();
    let mut ply = 0u32;
    let mut cut = false;
    loop {
        let turn = state.turn();
        if turn == Turn::Terminal {
            break;
        }
        if ply >= cfg.max_plies {
            cut = true;
            break;
        }
        match turn {
            Turn::Terminal => unreachable!("handled above"),
            Turn::Chance => {
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                let mv = crate::game::playout::outcome_at(&outcomes, rng.gen::<f64>());
                state.play(mv);
            }
            Turn::Player(p) => {
                let random =
                    ply < opening || cfg.random_move > 0.0 && rng.gen_bool(cfg.random_move);
                let (mv, score) = if random {
                    moves.clear();
                    state.legal_moves(&mut moves);
                    (moves[rng.gen_range(0..moves.len())], None)
                } else {
                    let e = seats[p];
                    let agent = agents[e].as_mut().expect("built above");
                    let report = agent
                        .choose(&state, &cfg.engines[e].limits)
                        .map_err(|err| {
                            format!(
                                "game {g} ply {ply}: engine {:?}: {err}",
                                cfg.engines[e].name
                            )
                        })?;
                    if !state.is_legal(report.best) {
                        return Err(format!(
                            "game {g} ply {ply}: engine {:?} chose an illegal move {:?}",
                            cfg.engines[e].name, report.best
                        ));
                    }
                    let score = Some(report.score as f32).filter(|s| s.is_finite());
                    let mut mv = report.best;
                    if cfg.softmax > 0.0 && ply < cfg.softmax_plies {
                        if let Some(scored) = scored_moves(agent.as_mut(), &state, p, &report)
                            .map_err(|err| {
                                format!(
                                    "game {g} ply {ply}: engine {:?}: {err}",
                                    cfg.engines[e].name
                                )
                            })?
                        {
                            let values: Vec<f64> = scored.iter().map(|&(_, v)| v).collect();
                            mv = scored[softmax_pick(&values, cfg.softmax, rng.gen::<f64>())].0;
                        }
                    }
                    (mv, score)
                };
                // An exact back end answers with an error where it knows nothing (an Othello
                // solver above its max_empties): that position simply has no exact value.
                let exact_value = exact
                    .as_mut()
                    .and_then(|a| a.choose(&state, &Limits::default()).ok())
                    .map(|r| r.score as f32)
                    .filter(|v| v.is_finite());
                records.push(PositionRecord {
                    game: g,
                    ply: ply.min(u16::MAX as u32) as u16,
                    side: p as u8,
                    hash: state.hash(),
                    result: 0.0,
                    score,
                    exact: exact_value,
                    position: state.format_position(),
                });
                state.play(mv);
            }
        }
        ply += 1;
    }
    if cut {
        records.clear();
    } else {
        let returns = state.returns();
        for r in &mut records {
            r.result = returns.get(r.side as usize) as f32;
        }
    }
    Ok(GameOutcome {
        game: g,
        plies: ply,
        cut,
        records,
    })
}

/// Every legal move's value for the side to move, from a search of its child by the same
/// agent one ply shallower than the root search (at least 1), so that all moves are valued
/// alike. None where softmax noise does not apply to this move: a game of more than two
/// players, a move into a chance node or into the end of the game (the child's value would be
/// in other units than the searches'), or an engine whose scores are not finite.
fn scored_moves<G: GameKnowledge>(
    agent: &mut dyn Agent<G>,
    state: &G,
    p: usize,
    report: &crate::agent::SearchReport<G::Move>,
) -> Result<Option<Vec<(G::Move, f64)>>, crate::agent::AgentError> {
    if state.num_players() != 2 || !report.score.is_finite() {
        return Ok(None);
    }
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.len() < 2 {
        return Ok(None);
    }
    let limits = Limits::depth(report.depth.saturating_sub(1).max(1));
    let mut scored = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let mut child = state.clone();
        child.play(mv);
        let Turn::Player(q) = child.turn() else {
            return Ok(None);
        };
        let r = agent.choose(&child, &limits)?;
        if !r.score.is_finite() {
            return Ok(None);
        }
        // A pass leaves the same player to move: the child's value is already ours.
        scored.push((mv, if q == p { r.score } else { -r.score }));
    }
    Ok(Some(scored))
}

/// The index drawn by `u` in [0, 1) from the softmax of `values / temperature`.
pub fn softmax_pick(values: &[f64], temperature: f64, u: f64) -> usize {
    let top = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = values
        .iter()
        .map(|v| ((v - top) / temperature).exp())
        .collect();
    let mut left = u * weights.iter().sum::<f64>();
    for (i, w) in weights.iter().enumerate() {
        if left < *w {
            return i;
        }
        left -= w;
    }
    weights.len() - 1
}

/// What a rerun finds in an existing file.
struct Resume {
    /// Bytes kept: up to the last whole game.
    keep: u64,
    games: u64,
    seen: HashSet<u64>,
    totals: FileEnd,
    finished: bool,
}

/// Reads an existing output file of the same run: where its whole games end, and the hashes
/// they hold. None when there is nothing to keep (no file, or a file cut inside its header).
fn scan_existing(
    path: &Path,
    header: &Header,
    cfg: &SelfplayConfig,
) -> Result<Option<Resume>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let mut r = match PositionReader::open(path) {
        Ok(r) => r,
        Err(e) if e.kind == ErrorKind::Truncated => return Ok(None),
        Err(e) => {
            return Err(format!(
            "{e}; --out names an existing file this run cannot resume: remove it or name another"
        ))
        }
    };
    if r.header() != header {
        let old = r.header();
        let what = if old.game != header.game {
            format!("game {:?}, not {:?}", old.game, header.game)
        } else if old.rules != header.rules {
            format!("rules {:?}, not {:?}", old.rules, header.rules)
        } else {
            let diff: Vec<&str> = old
                .meta
                .lines()
                .filter(|l| !header.meta.lines().any(|m| m == *l))
                .collect();
            format!(
                "other arguments ({})",
                crate::game::error::cut(&diff.join("; "), 300)
            )
        };
        return Err(format!(
            "{}: written by a run with {what}; rerun the same command to resume it, or remove it",
            path.display()
        ));
    }
    let mut resume = Resume {
        keep: r.offset(),
        games: 0,
        seen: HashSet::new(),
        totals: FileEnd::default(),
        finished: false,
    };
    let mut game_hashes = Vec::new();
    loop {
        match r.next_entry() {
            Ok(None) => break,
            Ok(Some(Entry::Position(p))) => game_hashes.push(p.hash),
            Ok(Some(Entry::GameEnd(ge))) => {
                let want = game_number(cfg, resume.games);
                if ge.game != want {
                    return Err(format!(
                        "{}: byte {}: game {} where this run's next game is {want}",
                        path.display(),
                        r.offset(),
                        ge.game
                    ));
                }
                resume.seen.extend(game_hashes.drain(..));
                resume.games += 1;
                resume.totals.games += 1;
                resume.totals.positions += ge.positions as u64;
                resume.totals.duplicates += ge.duplicates as u64;
                resume.keep = r.offset();
            }
            Ok(Some(Entry::FileEnd(_))) => {
                resume.finished = true;
                break;
            }
            // A kill leaves a cut frame: the game it belongs to is played again.
            Err(e) if e.kind == ErrorKind::Truncated => break,
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(Some(resume))
}

/// State the workers share: the writer and the games finished out of order.
struct Shared {
    writer: PositionWriter<std::io::BufWriter<std::fs::File>>,
    seen: HashSet<u64>,
    /// Finished games by their index in the shard, waiting for the ones before them.
    waiting: BTreeMap<u64, GameOutcome>,
    next: u64,
    stats: RunStats,
    error: Option<String>,
}

impl Shared {
    /// Writes the waiting games that are next in order; false once the run must stop.
    fn flush_in_order(&mut self, cfg: &SelfplayConfig) -> Result<bool, String> {
        while let Some(o) = self.waiting.remove(&self.next) {
            if cfg
                .stop_after
                .is_some_and(|n| self.stats.session_games >= n)
            {
                self.stats.stopped = true;
                return Ok(false);
            }
            let mut end = GameEnd {
                game: o.game,
                plies: o.plies,
                positions: 0,
                duplicates: 0,
                cut: o.cut,
            };
            let io = |e: std::io::Error| format!("cannot write the output: {e}");
            for r in &o.records {
                if self.seen.insert(r.hash) {
                    self.writer.write_position(r).map_err(io)?;
                    end.positions += 1;
                } else {
                    end.duplicates += 1;
                }
            }
            self.writer.write_game_end(&end).map_err(io)?;
            // Whole games reach the disk together: a kill loses only games in flight.
            self.writer.flush().map_err(io)?;
            self.next += 1;
            let s = &mut self.stats;
            s.session_games += 1;
            s.session_positions += end.positions as u64;
            s.session_duplicates += end.duplicates as u64;
            s.session_cut += o.cut as u64;
            s.totals.games += 1;
            s.totals.positions += end.positions as u64;
            s.totals.duplicates += end.duplicates as u64;
        }
        Ok(true)
    }
}

/// Runs (or resumes) a self-play run of game `G` into `out`.
pub fn run<G: GameKnowledge>(cfg: &SelfplayConfig, out: &Path) -> Result<RunStats, String> {
    let first = cfg.engines.first().ok_or("no engine given")?;
    let rules = G::Rules::parse(&first.rules)
        .map_err(|e| format!("engine {:?}: rules: {e}", first.name))?;
    for e in &cfg.engines {
        let r = G::Rules::parse(&e.rules)
            .map_err(|err| format!("engine {:?}: rules: {err}", e.name))?;
        if r != rules {
            return Err(format!(
                "engines {:?} and {:?} play different rules ({:?}, {:?}): self-play needs one rule set",
                first.name,
                e.name,
                rules.to_text(),
                r.to_text()
            ));
        }
        // Built once here so a bad engine fails before any game is played.
        crate::search::build_agent::<G>(e, 0)?;
    }
    let exact_units = match &cfg.exact {
        Some(spec) => {
            let a = crate::search::build_agent::<G>(spec, 0)?;
            Some(a.exact_score().ok_or_else(|| {
                format!(
                    "engine {:?} (backend {:?}) is no exact back end: its scores are no exact values",
                    spec.name, spec.backend
                )
            })?)
        }
        None => None,
    };
    let header = Header {
        game: G::ID.to_string(),
        rules: rules.to_text(),
        meta: meta_text(cfg, exact_units),
    };
    let total = shard_games(cfg);
    let started = Instant::now();
    let (writer, seen, mut stats) = match scan_existing(out, &header, cfg)? {
        Some(r) if r.finished => {
            return Ok(RunStats {
                totals: r.totals,
                resumed_games: r.games,
                already_complete: true,
                ..RunStats::default()
            })
        }
        Some(r) => {
            let w = PositionWriter::append_at(out, r.keep)?;
            let stats = RunStats {
                totals: r.totals,
                resumed_games: r.games,
                ..RunStats::default()
            };
            (w, r.seen, stats)
        }
        None => (
            PositionWriter::create(out, &header)?,
            HashSet::new(),
            RunStats::default(),
        ),
    };
    stats.stopped = false;
    let start_k = stats.resumed_games;
    let shared = Mutex::new(Shared {
        writer,
        seen,
        waiting: BTreeMap::new(),
        next: start_k,
        stats,
        error: None,
    });
    let next_k = AtomicU64::new(start_k);
    let stop = AtomicBool::new(false);
    let threads = cfg.threads.max(1);

    let tty = std::io::stderr().is_terminal();
    let bar = if cfg.progress && tty {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games {elapsed} eta {eta} {msg}",
        )
        .expect("valid template"),
    );
    bar.set_position(start_k);
    let last_line = Mutex::new(Instant::now());
    let report = |sh: &Shared, force: bool| {
        let s = &sh.stats;
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let msg = format!(
            "{} positions, {} duplicates, {:.0} positions/s",
            s.totals.positions,
            s.totals.duplicates,
            s.session_positions as f64 / secs
        );
        bar.set_position(sh.next);
        bar.set_message(msg.clone());
        if cfg.progress && !tty {
            let mut last = last_line.lock().unwrap_or_else(|e| e.into_inner());
            if force || last.elapsed() >= Duration::from_secs(10) {
                *last = Instant::now();
                eprintln!("selfplay: {}/{total} games, {msg}, {:.0} s", sh.next, secs);
            }
        }
    };

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    // Workers run at most this far ahead of the next game to write, so the games waiting in
    // memory (and those a kill loses) stay a few per thread.
    let ahead = 4 * threads as u64 + 4;
    pool.scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let k = next_k.fetch_add(1, Ordering::SeqCst);
                if k >= total {
                    return;
                }
                loop {
                    let written = shared.lock().expect("no panic holding the lock").next;
                    if k < written + ahead || stop.load(Ordering::SeqCst) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
                let outcome = play_game::<G>(cfg, &rules, game_number(cfg, k));
                let mut sh = shared.lock().expect("no panic holding the lock");
                let result = outcome.and_then(|o| {
                    sh.waiting.insert(k, o);
                    sh.flush_in_order(cfg)
                });
                match result {
                    Ok(true) => report(&sh, false),
                    Ok(false) => {
                        stop.store(true, Ordering::SeqCst);
                        return;
                    }
                    Err(e) => {
                        if sh.error.is_none() {
                            sh.error = Some(e);
                        }
                        stop.store(true, Ordering::SeqCst);
                        return;
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let mut sh = shared.into_inner().expect("workers finished");
    if let Some(e) = sh.error {
        return Err(e);
    }
    if !sh.stats.stopped && sh.next == total {
        let totals = sh.stats.totals;
        sh.writer
            .write_file_end(&totals)
            .and_then(|_| sh.writer.flush())
            .map_err(|e| format!("{}: cannot write the output: {e}", out.display()))?;
    }
    report(&sh, true);
    sh.stats.seconds = started.elapsed().as_secs_f64();
    Ok(sh.stats)
}

/// Combines the shard files of one run (`--shard i/N` for every i) into `out`: games in game
/// order, positions deduplicated across shards. The result is the unsharded run's file.
pub fn merge(inputs: &[PathBuf], out: &Path) -> Result<FileEnd, String> {
    if inputs.is_empty() {
        return Err("merge: give the shard files".into());
    }
    if inputs.iter().any(|p| p == out) {
        return Err(format!(
            "merge: --out {} is one of the inputs",
            out.display()
        ));
    }
    let mut readers = Vec::new();
    let mut base: Option<(Header, u32)> = None;
    let mut shards_seen = Vec::new();
    for path in inputs {
        let r = PositionReader::open(path).map_err(|e| e.to_string())?;
        let h = r.header().clone();
        let (meta, shard) = split_shard(&h.meta);
        let Some((i, n)) = shard else {
            return Err(format!(
                "{}: not a shard (written without --shard i/N)",
                path.display()
            ));
        };
        let unsharded = Header { meta, ..h };
        match &base {
            None => base = Some((unsharded, n)),
            Some((b, bn)) => {
                if *b != unsharded || *bn != n {
                    return Err(format!(
                        "{}: a shard of another run than {} (game, rules or arguments differ)",
                        path.display(),
                        inputs[0].display()
                    ));
                }
            }
        }
        if shards_seen.contains(&i) {
            return Err(format!(
                "{}: shard {}/{n} given twice",
                path.display(),
                i + 1
            ));
        }
        shards_seen.push(i);
        readers.push((path.clone(), r, None::<(Vec<PositionRecord>, GameEnd)>));
    }
    let (header, n) = base.expect("at least one input");
    if let Some(missing) = (0..n).find(|i| !shards_seen.contains(i)) {
        return Err(format!("merge: shard {}/{n} is missing", missing + 1));
    }
    let mut writer = PositionWriter::create(out, &header)?;
    let io = |e: std::io::Error| format!("{}: cannot write: {e}", out.display());
    let mut seen = HashSet::new();
    let mut totals = FileEnd::default();
    // The next whole game of a reader, or None at its (checked) end.
    fn next_game(
        path: &Path,
        r: &mut PositionReader<std::io::BufReader<std::fs::File>>,
    ) -> Result<Option<(Vec<PositionRecord>, GameEnd)>, String> {
        let mut recs = Vec::new();
        loop {
            match r.next_entry().map_err(|e| e.to_string())? {
                Some(Entry::Position(p)) => recs.push(p),
                Some(Entry::GameEnd(g)) => return Ok(Some((recs, g))),
                Some(Entry::FileEnd(_)) if recs.is_empty() => return Ok(None),
                Some(Entry::FileEnd(_)) | None => {
                    return Err(format!(
                        "{}: byte {}: unfinished shard (no end frame); finish it by rerunning its command",
                        path.display(),
                        r.offset()
                    ))
                }
            }
        }
    }
    for (path, r, slot) in readers.iter_mut() {
        *slot = next_game(path, r)?;
    }
    loop {
        let pick = readers
            .iter()
            .enumerate()
            .filter_map(|(i, (_, _, s))| s.as_ref().map(|(_, g)| (g.game, i)))
            .min();
        let Some((_, i)) = pick else { break };
        let (path, r, slot) = &mut readers[i];
        let (recs, mut end) = slot.take().expect("picked a reader with a game");
        for rec in &recs {
            if seen.insert(rec.hash) {
                writer.write_position(rec).map_err(io)?;
            } else {
                end.positions -= 1;
                end.duplicates += 1;
            }
        }
        writer.write_game_end(&end).map_err(io)?;
        totals.games += 1;
        totals.positions += end.positions as u64;
        totals.duplicates += end.duplicates as u64;
        *slot = next_game(path, r)?;
    }
    writer.write_file_end(&totals).map_err(io)?;
    writer.flush().map_err(io)?;
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learn_seat_engines_cycle_through_every_ordered_pair() {
        assert_eq!(seat_engines(1, 2, 7), [0, 0]);
        assert_eq!(seat_engines(1, 4, 3), [0, 0, 0, 0]);
        let two: Vec<Vec<usize>> = (0..4).map(|g| seat_engines(2, 2, g)).collect();
        assert_eq!(two, [[0, 1], [1, 0], [0, 1], [1, 0]]);
        let mut three: Vec<Vec<usize>> = (0..6).map(|g| seat_engines(3, 2, g)).collect();
        assert_eq!(seat_engines(3, 2, 6), three[0], "cycles after 6 games");
        three.sort();
        three.dedup();
        assert_eq!(three.len(), 6, "every ordered pair of 3 engines once");
        assert_eq!(seat_engines(3, 4, 1), [1, 2, 0, 1]);
    }

    #[test]
    fn learn_shards_parse_and_leave_the_meta() {
        assert_eq!(parse_shard("2/4"), Ok((1, 4)));
        assert_eq!(parse_shard("4/4"), Ok((3, 4)));
        for bad in ["0/4", "5/4", "1/0", "x/2", "1", "-1/2"] {
            assert!(parse_shard(bad).unwrap_err().contains("--shard"), "{bad}");
        }
        let (rest, shard) = split_shard("games=3\nseed=1\nshard=3/3\n");
        assert_eq!((rest.as_str(), shard), ("games=3\nseed=1\n", Some((2, 3))));
    }

    #[test]
    fn learn_chance_draws_follow_the_probabilities() {
        let outcomes = [('a', 0.25), ('b', 0.5), ('c', 0.25)];
        assert_eq!(crate::game::playout::outcome_at(&outcomes, 0.0), 'a');
        assert_eq!(crate::game::playout::outcome_at(&outcomes, 0.2499), 'a');
        assert_eq!(crate::game::playout::outcome_at(&outcomes, 0.25), 'b');
        assert_eq!(crate::game::playout::outcome_at(&outcomes, 0.7499), 'b');
        assert_eq!(crate::game::playout::outcome_at(&outcomes, 0.9999), 'c');
        // Rounding that leaves the sum under 1 still lands on the last outcome.
        assert_eq!(
            crate::game::playout::outcome_at(&[('x', 0.3), ('y', 0.3)], 0.99),
            'y'
        );
    }

    #[test]
    fn learn_softmax_pick_follows_the_weights() {
        // Values 0 and ln(3) at temperature 1: weights 1 and 3, so [0, 0.25) picks the first.
        let v = [0.0, 3f64.ln()];
        assert_eq!(softmax_pick(&v, 1.0, 0.0), 0);
        assert_eq!(softmax_pick(&v, 1.0, 0.2499), 0);
        assert_eq!(softmax_pick(&v, 1.0, 0.2501), 1);
        assert_eq!(softmax_pick(&v, 1.0, 0.9999), 1);
        // A cold temperature is the best move; huge values do not overflow.
        assert_eq!(
            softmax_pick(&[1e300, 1e300 - 1e290, -1e300], 1e-3, 0.9999),
            0
        );
        // A hot one is nearly uniform: u = 0.6 of three equal-ish moves is the second.
        assert_eq!(softmax_pick(&[10.0, 11.0, 12.0], 1e9, 0.6), 1);
    }

    /// A run of `games` games with no engines: what the scheduling and writing tests need.
    fn bare_config(games: u32) -> SelfplayConfig {
        SelfplayConfig {
            engines: Vec::new(),
            games,
            seed: 0,
            opening_plies: (0, 0),
            random_move: 0.0,
            softmax: 0.0,
            softmax_plies: u32::MAX,
            max_plies: 10,
            exact: None,
            shard: None,
            threads: 1,
            progress: false,
            stop_after: None,
        }
    }

    #[test]
    fn learn_shard_game_numbers_partition_the_run() {
        let mut cfg = bare_config(10);
        let mut all = Vec::new();
        for i in 0..3 {
            cfg.shard = Some((i, 3));
            all.extend((0..shard_games(&cfg)).map(|k| game_number(&cfg, k)));
        }
        all.sort_unstable();
        assert_eq!(all, (0..10).collect::<Vec<u32>>());
        cfg.shard = Some((11, 12));
        assert_eq!(shard_games(&cfg), 0);
    }

    /// Games finishing out of order are written in game order: each waits for those before it.
    #[test]
    fn learn_games_are_written_in_game_order_whatever_order_they_finish() {
        let path = std::env::temp_dir().join(format!("learn-order-{}.blpos", std::process::id()));
        let header = Header {
            game: "test".into(),
            rules: String::new(),
            meta: String::new(),
        };
        let cfg = bare_config(3);
        let mut sh = Shared {
            writer: PositionWriter::create(&path, &header).unwrap(),
            seen: HashSet::new(),
            waiting: BTreeMap::new(),
            next: 0,
            stats: RunStats::default(),
            error: None,
        };
        let game = |g: u32| GameOutcome {
            game: g,
            plies: 1,
            cut: false,
            records: vec![PositionRecord {
                game: g,
                ply: 0,
                side: 0,
                hash: g as u64,
                result: 1.0,
                score: None,
                exact: None,
                position: format!("p{g}"),
            }],
        };
        for (k, written) in [(2, 0), (0, 1), (1, 3)] {
            sh.waiting.insert(k, game(k as u32));
            assert!(sh.flush_in_order(&cfg).unwrap());
            assert_eq!(sh.stats.session_games, written, "after game {k} finished");
        }
        drop(sh);
        let (_, entries) = super::super::positions_file::read_all(&path).unwrap();
        let order: Vec<u32> = entries
            .iter()
            .filter_map(|e| match e {
                Entry::GameEnd(g) => Some(g.game),
                _ => None,
            })
            .collect();
        assert_eq!(order, [0, 1, 2]);
        std::fs::remove_file(&path).unwrap();
    }
}
