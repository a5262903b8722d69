//! Alpha-beta: negamax with principal variation search, iterative deepening, aspiration windows,
//! a shared transposition table, killer and history move ordering, optional quiescence search,
//! and lazy SMP (helper threads search the same tree and share only the table).
//!
//! Selective search, every part off by default so that plain alpha-beta searches exactly as it
//! did before (tests/search_pin.rs): late move reductions (`reductions`), reverse futility,
//! razoring, futility and null-move pruning (`pruning`), (Multi-)ProbCut (`probcut`), singular,
//! forcing and one-reply extensions (`extensions`), and clock management (`timeman`).
//!
//! Values are seen from the player to move. Turns may repeat (one player moves twice), so a
//! child's value is negated only when the player changes; chance nodes met on the way are
//! averaged exactly (use the expectimax back end for games that are mostly dice).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use smallvec::SmallVec;

use super::extensions::ExtensionConfig;
use super::linear::{
    move_key, report_score, return_score, terminal_score, LinearEval, SCORE_SCALE, WIN,
    WIN_THRESHOLD,
};
use super::probcut::ProbCutConfig;
use super::pruning::{margin, PruningConfig};
use super::reductions::{LmrConfig, LmrTable};
use super::timeman::{TimeConfig, TimeManager};
use super::tt::{Bound, TranspositionTable, NO_MOVE};
use crate::agent::{Agent, AgentError, Clock, Limits, SearchReport};
use crate::eval::{ExactValues, GameKnowledge};
use crate::game::{MoveList, PlayerId, Turn};

/// Beyond every score (results include a margin of up to 1e7 above `WIN`).
pub const INF: i32 = WIN + 100_000_000;
/// Deepest ply a search reaches (iterative deepening stops before it).
const MAX_PLY: usize = 128;
const HISTORY_SIZE: usize = 4096;

/// Back-end options, from `[params]` of an engine file.
#[derive(Clone, Debug)]
pub struct AlphaBetaConfig {
    /// Transposition table size in MiB.
    pub tt_mb: usize,
    /// Search threads (lazy SMP over the shared table).
    pub threads: usize,
    /// Search noisy moves past the horizon (`SearchHints::is_quiet` / `is_noisy`).
    pub quiescence: bool,
    /// Most plies of quiescence.
    pub max_qdepth: i32,
    /// First aspiration half-window in evaluation units (0 turns aspiration off).
    pub aspiration: f64,
    /// Depth when no limit at all is given.
    pub default_depth: u32,
    /// The game's own engine-file parameters (`Backends::game_params`), applied to each root.
    pub game_params: toml::Table,
    pub lmr: LmrConfig,
    pub pruning: PruningConfig,
    pub extensions: ExtensionConfig,
    pub probcut: ProbCutConfig,
    pub time: TimeConfig,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            tt_mb: 16,
            threads: 1,
            quiescence: true,
            max_qdepth: 16,
            aspiration: 50.0,
            default_depth: 6,
            game_params: toml::Table::new(),
            lmr: LmrConfig::default(),
            pruning: PruningConfig::default(),
            extensions: ExtensionConfig::default(),
            probcut: ProbCutConfig::default(),
            time: TimeConfig::default(),
        }
    }
}

/// What the selective parts of one search did (`boardlab search --json`, key `counters`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub lmr_reduced: u64,
    pub lmr_researched: u64,
    pub futility_pruned: u64,
    pub reverse_futility_cut: u64,
    pub razor_cut: u64,
    pub null_cut: u64,
    pub null_verify_failed: u64,
    pub probcut_cut: u64,
    pub singular_extended: u64,
    pub forcing_extended: u64,
    pub one_reply_extended: u64,
    /// Iterations completed (every thread).
    pub iterations: u64,
}

impl SearchStats {
    fn add(&mut self, o: &SearchStats) {
        self.lmr_reduced += o.lmr_reduced;
        self.lmr_researched += o.lmr_researched;
        self.futility_pruned += o.futility_pruned;
        self.reverse_futility_cut += o.reverse_futility_cut;
        self.razor_cut += o.razor_cut;
        self.null_cut += o.null_cut;
        self.null_verify_failed += o.null_verify_failed;
        self.probcut_cut += o.probcut_cut;
        self.singular_extended += o.singular_extended;
        self.forcing_extended += o.forcing_extended;
        self.one_reply_extended += o.one_reply_extended;
        self.iterations += o.iterations;
    }

    /// The counters by name.
    pub fn named(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("lmr_reduced", self.lmr_reduced),
            ("lmr_researched", self.lmr_researched),
            ("futility_pruned", self.futility_pruned),
            ("reverse_futility_cut", self.reverse_futility_cut),
            ("razor_cut", self.razor_cut),
            ("null_cut", self.null_cut),
            ("null_verify_failed", self.null_verify_failed),
            ("probcut_cut", self.probcut_cut),
            ("singular_extended", self.singular_extended),
            ("forcing_extended", self.forcing_extended),
            ("one_reply_extended", self.one_reply_extended),
            ("iterations", self.iterations),
        ]
    }
}

/// The alpha-beta agent: weights, options, the engine file's limits and its table.
pub struct AlphaBeta<G: GameKnowledge> {
    name: String,
    weights: Vec<f64>,
    config: AlphaBetaConfig,
    limits: Limits,
    tt: Arc<TranspositionTable>,
    /// Exact values probed at every node below the root (an endgame database), if any.
    exact: Option<Arc<dyn ExactValues<G>>>,
    /// The clock for the next search (`Agent::set_clock`), used by the time manager.
    clock: Option<Clock>,
    stats: SearchStats,
    _game: PhantomData<fn() -> G>,
}

impl<G: GameKnowledge> AlphaBeta<G> {
    pub fn new(
        name: impl Into<String>,
        weights: Vec<f64>,
        config: AlphaBetaConfig,
        limits: Limits,
    ) -> Self {
        let tt = Arc::new(TranspositionTable::new(config.tt_mb));
        AlphaBeta {
            name: name.into(),
            weights,
            config,
            limits,
            tt,
            exact: None,
            clock: None,
            stats: SearchStats::default(),
            _game: PhantomData,
        }
    }

    /// Probes `exact` at every node below the root: a known value ends the search there.
    pub fn with_exact_values(mut self, exact: Option<Arc<dyn ExactValues<G>>>) -> Self {
        self.exact = exact;
        self
    }

    /// Searches `root` (a decision node) under the engine's limits overridden by `limits`.
    /// `None` when there is no move.
    pub fn search(&mut self, root: &G, limits: &Limits) -> Option<SearchReport<G::Move>> {
        let root_player = root.current_player()?;
        let mut with_params;
        let root = if self.config.game_params.is_empty() {
            root
        } else {
            with_params = root.clone();
            // Checked when the engine was built (`search::build_agent`).
            with_params
                .apply_game_params(&self.config.game_params)
                .ok()?;
            &with_params
        };
        let clock = self.clock.take();
        let limits = self.limits.replaced_by(*limits);
        let max_depth = match limits {
            Limits {
                depth: None,
                nodes: None,
                time_ms: None,
                ..
            } => self.config.default_depth,
            _ => limits.depth.unwrap_or(MAX_PLY as u32 - 8),
        }
        .clamp(1, MAX_PLY as u32 - 8);
        let start = Instant::now();
        let timeman = if self.config.time.on {
            TimeManager::new(&self.config.time, limits.time_ms, clock).map(|mut t| {
                // An engine file's own move time stays a hard limit under a clock too.
                if let Some(file) = self.limits.time_ms {
                    t.hard_ms = t.hard_ms.min(file);
                }
                t
            })
        } else {
            None
        };
        let shared = Shared {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start,
            time_ms: timeman.as_ref().map_or(limits.time_ms, |t| Some(t.hard_ms)),
            node_limit: limits.nodes,
        };
        let lmr = self.config.lmr.on.then(|| LmrTable::new(&self.config.lmr));
        self.tt.new_search();
        let threads = self.config.threads.max(1);
        let (result, stats) = std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            for id in 1..threads {
                let shared = &shared;
                let (tt, weights, config) = (&*self.tt, self.weights.clone(), &self.config);
                let exact = self.exact.as_deref();
                let lmr = lmr.as_ref();
                helpers.push(scope.spawn(move || {
                    let mut w = Worker::<G>::new(shared, tt, exact, weights, config, lmr, id);
                    w.iterate(root, max_depth, None);
                    w.stats
                }));
            }
            let mut main = Worker::<G>::new(
                &shared,
                &self.tt,
                self.exact.as_deref(),
                self.weights.clone(),
                &self.config,
                lmr.as_ref(),
                0,
            );
            let r = main.iterate(root, max_depth, timeman);
            shared.stop.store(true, Ordering::Relaxed);
            let mut stats = main.stats;
            for h in helpers {
                if let Ok(s) = h.join() {
                    stats.add(&s);
                }
            }
            (r, stats)
        });
        self.stats = stats;
        let (score, depth, pv) = result?;
        let _ = root_player;
        Some(SearchReport {
            best: pv[0],
            score: report_score(score),
            depth,
            nodes: shared.nodes.load(Ordering::Relaxed),
            ms: start.elapsed().as_millis() as u64,
            pv,
        })
    }
}

impl<G: GameKnowledge> Agent<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.tt.clear();
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        self.search(state, limits).ok_or(AgentError::NoMove)
    }
    fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }
    fn counters(&self) -> Vec<(&'static str, u64)> {
        self.stats.named()
    }
}

/// What the threads of one search share besides the table.
struct Shared {
    stop: AtomicBool,
    nodes: AtomicU64,
    start: Instant,
    time_ms: Option<u64>,
    node_limit: Option<u64>,
}

struct Worker<'a, G: GameKnowledge> {
    shared: &'a Shared,
    tt: &'a TranspositionTable,
    exact: Option<&'a dyn ExactValues<G>>,
    eval: LinearEval,
    config: &'a AlphaBetaConfig,
    lmr: Option<&'a LmrTable>,
    id: usize,
    unflushed: u64,
    /// Limits are only honoured once depth 1 is complete, so there is always a move.
    may_stop: bool,
    stopped: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i64>,
    pv: Vec<Vec<G::Move>>,
    /// Plies of extension on the line from the root to each ply.
    extended: Vec<i32>,
    /// Inside a null move's verification search (no null move there).
    verifying: bool,
    stats: SearchStats,
}

impl<'a, G: GameKnowledge> Worker<'a, G> {
    fn new(
        shared: &'a Shared,
        tt: &'a TranspositionTable,
        exact: Option<&'a dyn ExactValues<G>>,
        weights: Vec<f64>,
        config: &'a AlphaBetaConfig,
        lmr: Option<&'a LmrTable>,
        id: usize,
    ) -> Self {
        Worker {
            shared,
            tt,
            exact,
            eval: LinearEval::new(weights),
            config,
            lmr,
            id,
            unflushed: 0,
            may_stop: false,
            stopped: false,
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; HISTORY_SIZE],
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            extended: vec![0; MAX_PLY + 2],
            verifying: false,
            stats: SearchStats::default(),
        }
    }

    /// Iterative deepening to `max_depth`: (score, depth, pv) of the last complete iteration.
    /// The main thread alone manages the time (`timeman`: None for the old rule, below).
    fn iterate(
        &mut self,
        root: &G,
        max_depth: u32,
        mut timeman: Option<TimeManager>,
    ) -> Option<(i32, u32, Vec<G::Move>)> {
        let root_player = root.current_player()?;
        let mut result: Option<(i32, u32, Vec<G::Move>)> = None;
        // Helpers start one ply deeper on odd ids so the threads spread over depths.
        let first = 1 + (self.id % 2) as u32;
        for depth in first..=max_depth.max(first) {
            let aspiration = (self.config.aspiration * super::linear::SCORE_SCALE) as i32;
            let (mut alpha, mut beta, mut delta) = match &result {
                Some((prev, _, _))
                    if depth >= 4 && aspiration > 0 && prev.abs() < WIN_THRESHOLD =>
                {
                    (prev - aspiration, prev + aspiration, aspiration)
                }
                _ => (-INF, INF, 0),
            };
            let score = loop {
                let v = self.negamax(root, root_player, depth as i32, alpha, beta, 0);
                if self.stopped {
                    break None;
                }
                if v <= alpha && alpha > -INF {
                    delta = delta.saturating_mul(4);
                    alpha = if delta > WIN_THRESHOLD {
                        -INF
                    } else {
                        (alpha - delta).max(-INF)
                    };
                } else if v >= beta && beta < INF {
                    delta = delta.saturating_mul(4);
                    beta = if delta > WIN_THRESHOLD {
                        INF
                    } else {
                        (beta + delta).min(INF)
                    };
                } else {
                    break Some(v);
                }
            };
            let Some(score) = score else { break };
            self.may_stop = true;
            if !self.pv[0].is_empty() {
                result = Some((score, depth, self.pv[0].clone()));
            }
            self.stats.iterations += 1;
            if self.id == 0 {
                if self.shared.stop.load(Ordering::Relaxed) || is_proven(score) {
                    break;
                }
                if let Some(tm) = timeman.as_mut() {
                    if let Some((_, _, pv)) = &result {
                        let elapsed = self.shared.start.elapsed().as_millis() as u64;
                        if tm.stop_after_iteration(move_key(&pv[0]), score, elapsed) {
                            break;
                        }
                    }
                } else if let Some(t) = self.shared.time_ms {
                    // The next iteration would most likely not finish: keep the time.
                    if self.shared.start.elapsed().as_millis() as u64 * 2 > t {
                        break;
                    }
                }
            } else if self.shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        self.flush_nodes();
        result
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    #[inline]
    fn count_node(&mut self) {
        self.unflushed += 1;
        if self.unflushed >= 1024 {
            let total = self
                .shared
                .nodes
                .fetch_add(self.unflushed, Ordering::Relaxed)
                + self.unflushed;
            self.unflushed = 0;
            if self.shared.stop.load(Ordering::Relaxed) && (self.id != 0 || self.may_stop) {
                self.stopped = true;
            }
            if self.may_stop {
                let over_nodes = self.shared.node_limit.is_some_and(|n| total >= n);
                let over_time = self
                    .shared
                    .time_ms
                    .is_some_and(|t| self.shared.start.elapsed().as_millis() as u64 >= t);
                if over_nodes || over_time {
                    self.stopped = true;
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }

    /// The value of `child` for `me`, the player who moved into it.
    #[inline]
    fn child_value(
        &mut self,
        child: &G,
        me: PlayerId,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        match child.turn() {
            Turn::Terminal => {
                self.count_node();
                terminal_score(&child.returns(), me, ply + 1)
            }
            Turn::Player(p) if p == me => self.negamax(child, p, depth, alpha, beta, ply + 1),
            Turn::Player(p) => -self.negamax(child, p, depth, -beta, -alpha, ply + 1),
            Turn::Chance => self.chance_value(child, me, depth, ply + 1),
        }
    }

    /// The exact expectation over a chance node's outcomes (full windows: no pruning).
    fn chance_value(&mut self, state: &G, me: PlayerId, depth: i32, ply: usize) -> i32 {
        self.count_node();
        if ply >= MAX_PLY - 2 {
            return self.eval.score(state, me);
        }
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let mut sum = 0.0;
        for (mv, p) in outcomes {
            let mut child = state.clone();
            child.play(mv);
            sum += p * self.child_value(&child, me, depth, -INF, INF, ply) as f64;
            if self.stopped {
                return 0;
            }
        }
        sum.round() as i32
    }

    fn order_key(&self, state: &G, mv: &G::Move, index: usize, tt_move: u16, ply: usize) -> i64 {
        if index as u16 == tt_move {
            return 1 << 50;
        }
        if self.killers[ply][0].as_ref() == Some(mv) {
            return 1 << 48;
        }
        if self.killers[ply][1].as_ref() == Some(mv) {
            return 1 << 47;
        }
        ((state.order_hint(*mv) as i64) << 24)
            + self.history[(move_key(mv) as usize) & (HISTORY_SIZE - 1)]
    }

    /// `me` is the player to move at `state` (the caller knows it from `turn()`).
    fn negamax(
        &mut self,
        state: &G,
        me: PlayerId,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.pv[ply].clear();
        if ply > 0 {
            if let Some((r, plies)) = self.exact.and_then(|e| e.value_and_plies(state)) {
                return return_score(r, ply + plies);
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(state, alpha, beta, ply, -depth, me);
        }
        let hash = state.hash();
        // One ply from the horizon a probe (a cache miss, mostly) costs more than it saves.
        let use_tt = depth >= 2;
        let mut tt_move = NO_MOVE;
        let mut tt_entry = None;
        if let Some(hit) = if use_tt { self.tt.probe(hash) } else { None } {
            tt_move = hit.mv;
            let s = score_from_tt(hit.score, ply);
            tt_entry = Some((s, hit.depth as i32, hit.bound));
            if ply > 0 && hit.depth as i32 >= depth {
                match hit.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        // A game's own proof (threat-space search) settles the node; the root still needs a
        // move, so a proof without one is searched there.
        if let Some(p) = state.proven_result(depth, ply == 0) {
            if let Some(mv) = p.best {
                self.pv[ply].clear();
                self.pv[ply].push(mv);
            }
            if ply > 0 || p.best.is_some() {
                let plies = ply as i32 + p.plies as i32;
                return if p.win { WIN - plies } else { -WIN + plies };
            }
        }
        let pv_node = beta > alpha.saturating_add(1);
        let config = self.config;
        // Forward pruning: never at the root or a PV node, never in the middle of an exchange,
        // never against a bound that is a game result.
        let prunable = ply > 0
            && !pv_node
            && alpha.abs() < WIN_THRESHOLD
            && beta.abs() < WIN_THRESHOLD
            && (config.pruning.needs_static_eval() || config.probcut.on)
            && state.is_quiet();
        let mut static_eval = None;
        if prunable && config.pruning.needs_static_eval() {
            let eval = self.eval.score(state, me);
            static_eval = Some(eval);
            if let Some(v) = self.prune_before_moves(state, me, depth, alpha, beta, ply, eval) {
                return v;
            }
        }
        if prunable && config.probcut.on {
            if let Some(v) = self.probcut(state, me, depth, alpha, beta, ply) {
                return v;
            }
        }
        let mut moves = MoveList::new();
        state.search_moves(&mut moves);
        let mut order: SmallVec<[(i64, u16); 64]> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (self.order_key(state, m, i, tt_move, ply), i as u16))
            .collect();
        // Extensions of this node's children: one reply, the singular table move.
        let ext = &config.extensions;
        let ext_room = ext.max_extensions - self.extended[ply];
        let mut node_ext = 0;
        if ext.one_reply && ext_room > 0 && moves.len() == 1 && ply > 0 {
            node_ext = 1;
            self.stats.one_reply_extended += 1;
        }
        let mut singular_index = NO_MOVE;
        if ext.singular && ext_room > node_ext && ply > 0 && depth >= ext.singular_min_depth {
            if let Some((s, d, bound)) = tt_entry {
                if tt_move != NO_MOVE
                    && (tt_move as usize) < moves.len()
                    && d >= depth - 3
                    && matches!(bound, Bound::Lower | Bound::Exact)
                    && s.abs() < WIN_THRESHOLD
                    && self.is_singular(state, me, &moves, tt_move, s, depth, ply)
                {
                    singular_index = tt_move;
                    self.stats.singular_extended += 1;
                }
            }
        }
        // Futility: near the horizon, quiet moves that cannot bring the evaluation up to alpha.
        let futile = match static_eval {
            Some(eval) if config.pruning.futility && depth <= config.pruning.futility_depth => {
                eval + margin(config.pruning.futility_margin, depth) <= alpha
            }
            _ => false,
        };
        let lmr = self.lmr.filter(|_| depth >= config.lmr.min_depth);
        let quiet_node = (lmr.is_some() || futile) && state.is_quiet();
        let alpha_orig = alpha;
        let mut best = -INF;
        let mut best_index = NO_MOVE;
        for n in 0..order.len() {
            // Selection sort, one step a move: a cut-off often comes before the list is sorted.
            let mut j = n;
            for k in n + 1..order.len() {
                if order[k].0 > order[j].0 {
                    j = k;
                }
            }
            order.swap(n, j);
            let index = order[n].1;
            let mv = moves[index as usize];
            // A quiet move: not noisy, not the table's, not a killer, not hinted above the cap.
            let quiet_move = n > 0
                && quiet_node
                && index != tt_move
                && !state.is_noisy(mv)
                && self.killers[ply][0] != Some(mv)
                && self.killers[ply][1] != Some(mv)
                && state.order_hint(mv) <= config.lmr.max_hint;
            if futile && quiet_move {
                self.stats.futility_pruned += 1;
                continue;
            }
            let mut e = node_ext;
            if index == singular_index {
                e += 1;
            }
            if ext.forcing && e < ext_room && state.is_forcing(mv) {
                e += 1;
                self.stats.forcing_extended += 1;
            }
            let e = e.min(ext_room.max(0));
            self.extended[ply + 1] = self.extended[ply] + e;
            let new_depth = depth - 1 + e;
            let mut child = state.clone();
            child.play(mv);
            let v = if n == 0 {
                self.child_value(&child, me, new_depth, alpha, beta, ply)
            } else {
                let mut r = 0;
                if let Some(table) = lmr.filter(|_| quiet_move && n >= config.lmr.min_moves) {
                    r = table.reduction(depth, n);
                    if pv_node && config.lmr.pv_less {
                        r = (r - 1).max(0);
                    }
                }
                let mut v = self.child_value(&child, me, new_depth - r, alpha, alpha + 1, ply);
                if r > 0 {
                    self.stats.lmr_reduced += 1;
                    if v > alpha && !self.stopped {
                        self.stats.lmr_researched += 1;
                        v = self.child_value(&child, me, new_depth, alpha, alpha + 1, ply);
                    }
                }
                if v > alpha && v < beta && !self.stopped {
                    self.child_value(&child, me, new_depth, alpha, beta, ply)
                } else {
                    v
                }
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_index = index;
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if !state.is_noisy(mv) {
                            if self.killers[ply][0] != Some(mv) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(mv);
                            }
                            let h =
                                &mut self.history[(move_key(&mv) as usize) & (HISTORY_SIZE - 1)];
                            *h += (depth * depth) as i64;
                            if *h > 1 << 20 {
                                self.history.iter_mut().for_each(|x| *x /= 2);
                            }
                        }
                        break;
                    }
                }
            }
        }
        let bound = Bound::of_result(best, alpha_orig, beta);
        if use_tt {
            self.tt.store(
                hash,
                score_to_tt(best, ply),
                best_index,
                depth.min(255) as u8,
                bound,
            );
        }
        best
    }

    /// Reverse futility, razoring and null move at a non-PV quiet node with static evaluation
    /// `eval`: Some(value) when the node is settled without searching its moves.
    #[allow(clippy::too_many_arguments)]
    fn prune_before_moves(
        &mut self,
        state: &G,
        me: PlayerId,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        eval: i32,
    ) -> Option<i32> {
        let config = self.config;
        let c = &config.pruning;
        if c.reverse_futility
            && depth <= c.reverse_futility_depth
            && eval - margin(c.reverse_futility_margin, depth) >= beta
        {
            self.stats.reverse_futility_cut += 1;
            return Some(eval);
        }
        if c.razoring && depth <= c.razor_depth && eval + margin(c.razor_margin, depth) <= alpha {
            let v = self.quiesce(state, alpha, alpha + 1, ply, 0, me);
            if self.stopped {
                return Some(0);
            }
            if v <= alpha {
                self.stats.razor_cut += 1;
                return Some(v);
            }
        }
        if c.null_move
            && !self.verifying
            && depth >= c.null_min_depth
            && eval >= beta
            && !state.zugzwang_risk()
        {
            let child = state.null_move()?;
            let reduced = depth - 1 - c.null_reduction;
            self.extended[ply + 1] = self.extended[ply];
            let v = self.child_value(&child, me, reduced, beta - 1, beta, ply);
            if self.stopped {
                return Some(0);
            }
            if v >= beta {
                let v = v.min(WIN_THRESHOLD - 1);
                if depth < c.null_verify_depth {
                    self.stats.null_cut += 1;
                    return Some(v);
                }
                // Verification: the same node without null moves, `null_reduction` shallower.
                self.verifying = true;
                let w = self.negamax(state, me, depth - c.null_reduction, beta - 1, beta, ply);
                self.verifying = false;
                if self.stopped {
                    return Some(0);
                }
                if w >= beta {
                    self.stats.null_cut += 1;
                    return Some(v);
                }
                self.stats.null_verify_failed += 1;
            }
        }
        None
    }

    /// (Multi-)ProbCut at a non-PV node: a shallow null-window search around the bound the
    /// regression maps beta (alpha) to; Some(beta) (Some(alpha)) when it predicts the cut.
    fn probcut(
        &mut self,
        state: &G,
        me: PlayerId,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
        let t = self.config.probcut.t;
        let pairs: SmallVec<[_; 4]> = self.config.probcut.pairs_at(depth).copied().collect();
        for p in pairs {
            let to_shallow =
                |bound: f64| ((bound / SCORE_SCALE - p.b) / p.a * SCORE_SCALE).round() as i64;
            let hi = to_shallow(beta as f64 + t * p.sigma * SCORE_SCALE);
            if hi.abs() < WIN_THRESHOLD as i64 {
                let hi = hi as i32;
                let v = self.negamax(state, me, p.shallow, hi - 1, hi, ply);
                if self.stopped {
                    return Some(0);
                }
                if v >= hi {
                    self.stats.probcut_cut += 1;
                    return Some(beta);
                }
            }
            let lo = to_shallow(alpha as f64 - t * p.sigma * SCORE_SCALE);
            if lo.abs() < WIN_THRESHOLD as i64 {
                let lo = lo as i32;
                let v = self.negamax(state, me, p.shallow, lo, lo + 1, ply);
                if self.stopped {
                    return Some(0);
                }
                if v <= lo {
                    self.stats.probcut_cut += 1;
                    return Some(alpha);
                }
            }
        }
        None
    }

    /// Whether every move but the table's fails low, `depth / 2` plies deep, against the
    /// table's score `tt_score` less the singular margin.
    #[allow(clippy::too_many_arguments)]
    fn is_singular(
        &mut self,
        state: &G,
        me: PlayerId,
        moves: &MoveList<G::Move>,
        tt_move: u16,
        tt_score: i32,
        depth: i32,
        ply: usize,
    ) -> bool {
        let sbeta = tt_score - margin(self.config.extensions.singular_margin, depth);
        let pv = std::mem::take(&mut self.pv[ply]);
        let mut singular = true;
        for (i, mv) in moves.iter().enumerate() {
            if i as u16 == tt_move {
                continue;
            }
            let mut child = state.clone();
            child.play(*mv);
            self.extended[ply + 1] = self.extended[ply];
            let v = self.child_value(&child, me, depth / 2 - 1, sbeta - 1, sbeta, ply);
            if self.stopped || v >= sbeta {
                singular = false;
                break;
            }
        }
        self.pv[ply] = pv;
        singular
    }

    /// Past the horizon: the static evaluation, or (with quiescence on) the noisy moves too.
    /// In a position that is not quiet there is no standing pat: every move is searched.
    fn quiesce(
        &mut self,
        state: &G,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: i32,
        me: PlayerId,
    ) -> i32 {
        if !self.config.quiescence || qdepth >= self.config.max_qdepth || ply >= MAX_PLY - 2 {
            return self.eval.score(state, me);
        }
        let quiet = state.is_quiet();
        let mut best = -INF;
        if quiet {
            let stand = self.eval.score(state, me);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = MoveList::new();
        if quiet {
            state.noisy_moves(&mut moves);
        } else {
            state.search_moves(&mut moves);
        }
        moves.sort_by_key(|m| -state.order_hint(*m));
        for mv in moves {
            let mut child = state.clone();
            child.play(mv);
            let v = self.child_value(&child, me, -qdepth - 1, alpha, beta, ply);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A game result reached for sure (a mix of results through chance nodes is not): a deeper
/// search cannot change it.
fn is_proven(score: i32) -> bool {
    score.abs() >= WIN - MAX_PLY as i32
}

/// Game results are stored relative to the node (plies from here), not to the root.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_THRESHOLD {
        s + ply as i32
    } else if s <= -WIN_THRESHOLD {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_THRESHOLD {
        s - ply as i32
    } else if s <= -WIN_THRESHOLD {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluate;
    use crate::game::Game;
    use crate::games::othello::Othello;
    use crate::search::linear::report_score;
    use crate::search::testgames::{minimax, minimax_child, RandomTree, TicTacToe};
    use rand::{Rng, SeedableRng};

    fn agent<G: GameKnowledge>(aspiration: f64, threads: usize) -> AlphaBeta<G> {
        let config = AlphaBetaConfig {
            tt_mb: 1,
            threads,
            aspiration,
            ..Default::default()
        };
        AlphaBeta::new("ab", G::default_weights(), config, Limits::default())
    }

    /// Alpha-beta with everything on returns the minimax value, and its move achieves it.
    fn check_against_minimax<G: GameKnowledge>(ab: &mut AlphaBeta<G>, root: &G, depth: u32) {
        ab.new_game();
        let report = ab.search(root, &Limits::depth(depth)).expect("a move");
        let mut eval = LinearEval::new(G::default_weights());
        let expected = minimax(root, depth as i32, 0, &mut eval);
        assert_eq!(
            report.score,
            report_score(expected),
            "depth {depth} at {}",
            root.format_position()
        );
        let mut child = root.clone();
        child.play(report.best);
        let me = root.current_player().unwrap();
        let achieved = minimax_child(&child, me, depth as i32 - 1, 0, &mut eval);
        assert_eq!(
            achieved,
            expected,
            "best move {:?} at {}",
            report.best,
            root.format_position()
        );
        assert_eq!(report.pv[0], report.best);
    }

    #[test]
    fn random_trees_match_minimax() {
        let mut ab = agent::<RandomTree>(0.3, 1);
        let mut checked = 0;
        for seed in 0..4000u64 {
            let depth = 1 + (seed % 7) as u8;
            let root = RandomTree::root(seed, depth + 1, seed % 2 == 0);
            if root.current_player().is_none() {
                continue;
            }
            check_against_minimax(&mut ab, &root, depth as u32);
            checked += 1;
        }
        assert!(checked > 2000);
    }

    fn random_position<G: Game, R: Rng>(start: G, plies: usize, rng: &mut R) -> G {
        let mut left = plies;
        crate::game::playout::random_walk(start, rng, |_| {
            let done = left == 0;
            left = left.saturating_sub(1);
            done
        })
    }

    #[test]
    fn tictactoe_matches_minimax() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        let mut ab = agent::<TicTacToe>(1.0, 1);
        for i in 0..1500 {
            let s = random_position(
                TicTacToe::new(&Default::default()),
                rng.gen_range(0..7),
                &mut rng,
            );
            if s.current_player().is_none() {
                continue;
            }
            check_against_minimax(&mut ab, &s, 1 + i % 9);
        }
    }

    #[test]
    fn othello_shallow_matches_minimax() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let mut ab = agent::<Othello>(5.0, 1);
        for i in 0..300 {
            let s = random_position(
                Othello::new(&Default::default()),
                rng.gen_range(0..58),
                &mut rng,
            );
            if s.current_player().is_none() {
                continue;
            }
            check_against_minimax(&mut ab, &s, 1 + (i % 4) as u32);
        }
    }

    /// Tic-tac-toe is a draw, and X in the centre wins against O on an edge.
    fn assert_solves_tictactoe(ab: &mut AlphaBeta<TicTacToe>, depth: u32) {
        let r = ab
            .search(&TicTacToe::new(&Default::default()), &Limits::depth(depth))
            .unwrap();
        assert_eq!(r.score, 0.0);
        let mut s = TicTacToe::new(&Default::default());
        s.play(4);
        s.play(1);
        let r = ab.search(&s, &Limits::depth(depth)).unwrap();
        assert!(r.score > report_score(WIN_THRESHOLD), "{r:?}");
    }

    #[test]
    fn lazy_smp_solves_tictactoe_as_a_draw() {
        assert_solves_tictactoe(&mut agent::<TicTacToe>(1.0, 2), 9);
    }

    #[test]
    fn node_limit_is_deterministic_and_honoured() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let s = random_position(Othello::new(&Default::default()), 20, &mut rng);
        let mut a = agent::<Othello>(5.0, 1);
        let mut b = agent::<Othello>(5.0, 1);
        let ra = a.search(&s, &Limits::nodes(20_000)).unwrap();
        let rb = b.search(&s, &Limits::nodes(20_000)).unwrap();
        assert_eq!(ra.best, rb.best);
        assert_eq!(ra.nodes, rb.nodes);
        assert!(ra.nodes < 20_000 + 2048, "{}", ra.nodes);
        assert!(ra.depth >= 2);
        assert!(s.is_legal(ra.best));
    }

    fn selective(f: impl FnOnce(&mut AlphaBetaConfig)) -> AlphaBeta<Othello> {
        let mut config = AlphaBetaConfig {
            tt_mb: 1,
            aspiration: 5.0,
            quiescence: false,
            ..Default::default()
        };
        f(&mut config);
        AlphaBeta::new("sel", Othello::default_weights(), config, Limits::default())
    }

    fn othello_positions(n: usize) -> Vec<Othello> {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(21);
        (0..n)
            .map(|i| random_position(Othello::new(&Default::default()), 6 + i * 3, &mut rng))
            .filter(|s| s.current_player().is_some())
            .collect()
    }

    /// Each selective feature, alone, searches fewer nodes to the same depth than plain
    /// alpha-beta over a set of positions, says what it did in its counters, and plays legal
    /// moves; with every feature off the counters stay zero.
    #[test]
    fn each_selective_feature_prunes_and_counts() {
        type Setter = fn(&mut AlphaBetaConfig);
        let features: [(&str, Setter); 5] = [
            ("lmr_reduced", |c| c.lmr.on = true),
            ("futility_pruned", |c| {
                c.pruning.futility = true;
                c.pruning.futility_margin = 10.0;
            }),
            ("reverse_futility_cut", |c| {
                c.pruning.reverse_futility = true;
                c.pruning.reverse_futility_margin = 10.0;
            }),
            ("razor_cut", |c| {
                c.pruning.razoring = true;
                c.pruning.razor_margin = 20.0;
            }),
            ("probcut_cut", |c| {
                c.probcut.on = true;
                c.probcut.t = 1.0;
                c.probcut.pairs = vec![super::super::probcut::ProbCutPair {
                    deep: 4,
                    shallow: 2,
                    a: 1.0,
                    b: 0.0,
                    sigma: 10.0,
                }];
            }),
        ];
        let positions = othello_positions(12);
        let mut plain = selective(|_| {});
        let plain_nodes: u64 = positions
            .iter()
            .map(|p| {
                plain.new_game();
                let r = plain.search(p, &Limits::depth(7)).unwrap();
                assert!(plain.counters().iter().take(11).all(|(_, v)| *v == 0));
                r.nodes
            })
            .sum();
        for (counter, set) in features {
            let mut ab = selective(set);
            let mut nodes = 0;
            let mut counted = 0;
            for p in &positions {
                ab.new_game();
                let r = ab.search(p, &Limits::depth(7)).unwrap();
                assert!(p.is_legal(r.best));
                nodes += r.nodes;
                counted += ab.counters().iter().find(|(k, _)| *k == counter).unwrap().1;
            }
            assert!(counted > 0, "{counter}");
            assert!(nodes < plain_nodes, "{counter}: {nodes} >= {plain_nodes}");
        }
    }

    /// LMR's re-search keeps the solved value of tic-tac-toe (a draw, and the win after a bad
    /// first reply) when the depth leaves room for the reductions (at depth 40 every reduced
    /// line still reaches the end of the game, 9 plies at most): reductions change the effort,
    /// not the value.
    #[test]
    fn lmr_still_solves_tictactoe() {
        let mut config = AlphaBetaConfig {
            tt_mb: 1,
            aspiration: 1.0,
            ..Default::default()
        };
        config.lmr.on = true;
        config.lmr.min_depth = 2;
        config.lmr.min_moves = 1;
        let mut ab = AlphaBeta::new(
            "lmr",
            TicTacToe::default_weights(),
            config,
            Limits::default(),
        );
        assert_solves_tictactoe(&mut ab, 40);
    }

    /// One-reply and singular extensions search deeper lines (more nodes) and count.
    #[test]
    fn extensions_extend_and_are_capped() {
        let positions = othello_positions(8);
        let run = |f: fn(&mut AlphaBetaConfig)| {
            let mut ab = selective(f);
            let mut nodes = 0;
            let mut stats = SearchStats::default();
            for p in &positions {
                ab.new_game();
                nodes += ab.search(p, &Limits::depth(6)).unwrap().nodes;
                stats.add(&ab.stats);
            }
            (nodes, stats)
        };
        let (plain, _) = run(|_| {});
        let (one, s) = run(|c| c.extensions.one_reply = true);
        assert!(s.one_reply_extended > 0 && one > plain);
        let (sing, s) = run(|c| {
            c.extensions.singular = true;
            c.extensions.singular_min_depth = 3;
        });
        assert!(s.singular_extended > 0 && sing != plain);
        let (capped, s) = run(|c| {
            c.extensions.one_reply = true;
            c.extensions.max_extensions = 0;
        });
        assert_eq!((capped, s.one_reply_extended), (plain, 0));
    }

    /// The time manager on a move time: stops within it, and a stable position stops before
    /// the old half-time rule would.
    #[test]
    fn time_manager_keeps_within_the_move_time() {
        let s = Othello::new(&Default::default());
        let mut ab = selective(|c| c.time.on = true);
        let t = Instant::now();
        let r = ab.search(&s, &Limits::time_ms(150)).unwrap();
        assert!(t.elapsed().as_millis() < 1000);
        assert!(s.is_legal(r.best));
        // Under a clock with little time left the hard limit is a share of it.
        ab.set_clock(Some(Clock {
            own_ms: 400,
            opponent_ms: 400,
            increment_ms: 0,
        }));
        let t = Instant::now();
        ab.search(&s, &Limits::time_ms(20)).unwrap();
        assert!(t.elapsed().as_millis() < 400);
    }

    #[test]
    fn time_limit_stops_cleanly() {
        let s = Othello::new(&Default::default());
        let mut a = agent::<Othello>(5.0, 1);
        let t = Instant::now();
        let r = a.search(&s, &Limits::time_ms(100)).unwrap();
        assert!(t.elapsed().as_millis() < 1000);
        assert!(s.is_legal(r.best));
    }
}
