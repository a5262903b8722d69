//! Alpha-beta: negamax with principal variation search, iterative deepening, aspiration windows,
//! a shared transposition table, killer and history move ordering, optional quiescence search,
//! and lazy SMP (helper threads search the same tree and share only the table).
//!
//! Values are seen from the player to move. Turns may repeat (one player moves twice), so a
//! child's value is negated only when the player changes; chance nodes met on the way are
//! averaged exactly (use the expectimax back end for games that are mostly dice).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use smallvec::SmallVec;

use super::linear::{move_key, report_score, terminal_score, LinearEval, WIN, WIN_THRESHOLD};
use super::tt::{Bound, TranspositionTable, NO_MOVE};
use crate::engine::{Agent, AgentError, Evaluate, Limits, SearchReport};
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
    /// Search noisy moves past the horizon (`Evaluate::is_quiet` / `is_noisy`).
    pub quiescence: bool,
    /// Most plies of quiescence.
    pub max_qdepth: i32,
    /// First aspiration half-window in evaluation units (0 turns aspiration off).
    pub aspiration: f64,
    /// Depth when no limit at all is given.
    pub default_depth: u32,
    /// The game's own engine-file parameters (`Evaluate::game_params`), applied to each root.
    pub game_params: toml::Table,
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
        }
    }
}

/// The alpha-beta agent: weights, options, the engine file's limits and its table.
pub struct AlphaBeta<G: Evaluate> {
    name: String,
    weights: Vec<f64>,
    config: AlphaBetaConfig,
    limits: Limits,
    tt: Arc<TranspositionTable>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Evaluate> AlphaBeta<G> {
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
            _game: PhantomData,
        }
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
        let shared = Shared {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start,
            time_ms: limits.time_ms,
            node_limit: limits.nodes,
        };
        self.tt.new_search();
        let threads = self.config.threads.max(1);
        let result = std::thread::scope(|scope| {
            for id in 1..threads {
                let shared = &shared;
                let (tt, weights, config) = (&*self.tt, self.weights.clone(), &self.config);
                scope.spawn(move || {
                    let mut w = Worker::<G>::new(shared, tt, weights, config, id);
                    w.iterate(root, max_depth);
                });
            }
            let mut main =
                Worker::<G>::new(&shared, &self.tt, self.weights.clone(), &self.config, 0);
            let r = main.iterate(root, max_depth);
            shared.stop.store(true, Ordering::Relaxed);
            r
        });
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

impl<G: Evaluate> Agent<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.tt.clear();
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        self.search(state, limits).ok_or(AgentError::NoMove)
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

struct Worker<'a, G: Evaluate> {
    shared: &'a Shared,
    tt: &'a TranspositionTable,
    eval: LinearEval,
    config: &'a AlphaBetaConfig,
    id: usize,
    unflushed: u64,
    /// Limits are only honoured once depth 1 is complete, so there is always a move.
    may_stop: bool,
    stopped: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i64>,
    pv: Vec<Vec<G::Move>>,
}

impl<'a, G: Evaluate> Worker<'a, G> {
    fn new(
        shared: &'a Shared,
        tt: &'a TranspositionTable,
        weights: Vec<f64>,
        config: &'a AlphaBetaConfig,
        id: usize,
    ) -> Self {
        Worker {
            shared,
            tt,
            eval: LinearEval::new(weights),
            config,
            id,
            unflushed: 0,
            may_stop: false,
            stopped: false,
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; HISTORY_SIZE],
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
        }
    }

    /// Iterative deepening to `max_depth`: (score, depth, pv) of the last complete iteration.
    fn iterate(&mut self, root: &G, max_depth: u32) -> Option<(i32, u32, Vec<G::Move>)> {
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
            if self.id == 0 {
                if self.shared.stop.load(Ordering::Relaxed) || is_proven(score) {
                    break;
                }
                if let Some(t) = self.shared.time_ms {
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
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.quiesce(state, alpha, beta, ply, -depth, me);
        }
        let hash = state.hash();
        // One ply from the horizon a probe (a cache miss, mostly) costs more than it saves.
        let use_tt = depth >= 2;
        let mut tt_move = NO_MOVE;
        if let Some(hit) = if use_tt { self.tt.probe(hash) } else { None } {
            tt_move = hit.mv;
            if ply > 0 && hit.depth as i32 >= depth {
                let s = score_from_tt(hit.score, ply);
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
        let mut moves = MoveList::new();
        state.search_moves(&mut moves);
        let mut order: SmallVec<[(i64, u16); 64]> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| (self.order_key(state, m, i, tt_move, ply), i as u16))
            .collect();
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
            let mut child = state.clone();
            child.play(mv);
            let v = if n == 0 {
                self.child_value(&child, me, depth - 1, alpha, beta, ply)
            } else {
                let v = self.child_value(&child, me, depth - 1, alpha, alpha + 1, ply);
                if v > alpha && v < beta {
                    self.child_value(&child, me, depth - 1, alpha, beta, ply)
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
        state.search_moves(&mut moves);
        if quiet {
            moves.retain(|m| state.is_noisy(*m));
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
    use crate::game::Game;
    use crate::games::othello::Othello;
    use crate::search::linear::report_score;
    use crate::search::testgames::{minimax, minimax_child, RandomTree, TicTacToe};
    use rand::{Rng, SeedableRng};

    fn agent<G: Evaluate>(aspiration: f64, threads: usize) -> AlphaBeta<G> {
        let config = AlphaBetaConfig {
            tt_mb: 1,
            threads,
            aspiration,
            ..Default::default()
        };
        AlphaBeta::new("ab", G::default_weights(), config, Limits::default())
    }

    /// Alpha-beta with everything on returns the minimax value, and its move achieves it.
    fn check_against_minimax<G: Evaluate>(ab: &mut AlphaBeta<G>, root: &G, depth: u32) {
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

    #[test]
    fn lazy_smp_solves_tictactoe_as_a_draw() {
        let mut ab = agent::<TicTacToe>(1.0, 2);
        let r = ab
            .search(&TicTacToe::new(&Default::default()), &Limits::depth(9))
            .unwrap();
        assert_eq!(r.score, 0.0);
        // X in the centre, O on an edge loses.
        let mut s = TicTacToe::new(&Default::default());
        s.play(4);
        s.play(1);
        let r = ab.search(&s, &Limits::depth(9)).unwrap();
        assert!(r.score > report_score(WIN_THRESHOLD), "{r:?}");
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
