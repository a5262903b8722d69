//! Expectimax for two-player zero-sum games with chance (dice, sticks): alpha-beta at decision
//! nodes, and at chance nodes the Star1 and Star2 prunings (Ballard 1983; Hauk, Buro and
//! Schaeffer 2004), with iterative deepening.
//!
//! Star1: values are bounded by [L, U]; once the outcomes searched so far, with the rest assumed
//! at U (or L), cannot reach alpha (or beta), the chance node is cut off, and each outcome is
//! searched with the narrowest window that could still matter. Star2 first probes every
//! outcome with one move only: a move of the player we see the value for gives a lower bound on
//! that outcome, a move of the opponent an upper bound; the bounds replace L and U for that
//! outcome, and may cut the whole node before any full search.
//!
//! Values are always seen from a fixed player passed down (`me`), so a player who moves twice
//! (Ur's rosettes) needs no special case. Chance nodes do not use up depth.

use std::marker::PhantomData;
use std::time::Instant;

use super::linear::{report_score, terminal_score, LinearEval, EVAL_LIMIT, SCORE_SCALE, WIN};
use crate::agent::{Agent, AgentError, Limits, SearchReport};
use crate::eval::GameKnowledge;
use crate::game::{MoveList, PlayerId, Turn};

/// Bounds on every value (game results with margins, evaluations clamped well inside).
const U: f64 = (WIN as f64) + 1.0e8;
const L: f64 = -U;

/// Which pruning to use at chance nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChancePruning {
    /// Plain expectimax: every outcome searched with a full window.
    None,
    Star1,
    Star2,
}

#[derive(Clone, Debug)]
pub struct ExpectimaxConfig {
    pub pruning: ChancePruning,
    /// Depth (decisions) when no limit is given.
    pub default_depth: u32,
    /// When set, a finished game is worth its return times this many evaluation units (no
    /// bonus for winning sooner), and evaluations are clamped to the same range: for games
    /// whose evaluation estimates the expected return (EWN, Ur), so that expected values mix
    /// results and evaluations on one scale, and Star1 works with tight bounds.
    pub win_value: Option<f64>,
}

impl Default for ExpectimaxConfig {
    fn default() -> Self {
        ExpectimaxConfig {
            pruning: ChancePruning::Star2,
            default_depth: 4,
            win_value: None,
        }
    }
}

pub struct Expectimax<G: GameKnowledge> {
    name: String,
    weights: Vec<f64>,
    config: ExpectimaxConfig,
    limits: Limits,
    _game: PhantomData<fn() -> G>,
}

struct Stopped;

struct Search<'a, G: GameKnowledge> {
    eval: LinearEval,
    config: &'a ExpectimaxConfig,
    nodes: u64,
    start: Instant,
    limits: Limits,
    may_stop: bool,
    /// Bounds on every value: [L, U] by default, +-win_value when that is set.
    lo: f64,
    hi: f64,
    _game: PhantomData<fn() -> G>,
}

impl<G: GameKnowledge> Expectimax<G> {
    pub fn new(
        name: impl Into<String>,
        weights: Vec<f64>,
        config: ExpectimaxConfig,
        limits: Limits,
    ) -> Self {
        Expectimax {
            name: name.into(),
            weights,
            config,
            limits,
            _game: PhantomData,
        }
    }

    /// Iterative deepening at a decision node; `None` without a move.
    pub fn search(&mut self, root: &G, limits: &Limits) -> Option<SearchReport<G::Move>> {
        let me = root.current_player()?;
        let limits = self.limits.replaced_by(*limits);
        let max_depth =
            if limits.depth.is_none() && limits.nodes.is_none() && limits.time_ms.is_none() {
                self.config.default_depth
            } else {
                limits.depth.unwrap_or(64)
            }
            .max(1);
        let mut s = Search::<G> {
            eval: LinearEval::new(self.weights.clone()),
            config: &self.config,
            nodes: 0,
            start: Instant::now(),
            limits,
            may_stop: false,
            lo: L,
            hi: U,
            _game: PhantomData,
        };
        if let Some(w) = self.config.win_value {
            s.hi = w.abs() * SCORE_SCALE;
            s.lo = -s.hi;
        }
        let (lo, hi) = (s.lo, s.hi);
        let mut moves = MoveList::new();
        root.legal_moves(&mut moves);
        moves.sort_by_key(|m| -root.order_hint(*m));
        let mut best: Option<(G::Move, f64, u32)> = None;
        // As below the root: a decision that is not a ply (a cube action) spends no depth.
        let cost = if root.counts_as_ply() { 1 } else { 0 };
        for depth in 1..=max_depth {
            let mut iteration_best: Option<(usize, f64)> = None;
            let mut stopped = false;
            for (i, &mv) in moves.iter().enumerate() {
                let mut child = root.clone();
                child.play(mv);
                let alpha = iteration_best.map_or(lo - 1.0, |b| b.1);
                match s.value(&child, me, depth as i32 - cost, alpha, hi + 1.0, 1) {
                    Ok(v) => {
                        if iteration_best.is_none_or(|b| v > b.1) {
                            iteration_best = Some((i, v));
                        }
                    }
                    Err(Stopped) => {
                        stopped = true;
                        break;
                    }
                }
            }
            if stopped {
                break;
            }
            let (i, v) = iteration_best?;
            best = Some((moves[i], v, depth));
            // The best move first next time.
            let m = moves.remove(i);
            moves.insert(0, m);
            s.may_stop = true;
            if let Some(t) = limits.time_ms {
                if s.start.elapsed().as_millis() as u64 * 2 > t {
                    break;
                }
            }
        }
        let (mv, v, depth) = best?;
        Some(SearchReport {
            best: mv,
            score: report_score(v.round() as i32),
            depth,
            nodes: s.nodes,
            ms: s.start.elapsed().as_millis() as u64,
            pv: vec![mv],
        })
    }
}

impl<G: GameKnowledge> Agent<G> for Expectimax<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        self.search(state, limits).ok_or(AgentError::NoMove)
    }
}

impl<G: GameKnowledge> Search<'_, G> {
    fn count(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.may_stop && self.nodes % 1024 == 0 {
            let over_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            let over_time = self
                .limits
                .time_ms
                .is_some_and(|t| self.start.elapsed().as_millis() as u64 >= t);
            if over_nodes || over_time {
                return Err(Stopped);
            }
        }
        Ok(())
    }

    /// The value of `state` for `me` within (alpha, beta), fail-soft: a result at or below
    /// alpha is an upper bound, at or above beta a lower bound.
    fn value(
        &mut self,
        state: &G,
        me: PlayerId,
        depth: i32,
        alpha: f64,
        beta: f64,
        ply: usize,
    ) -> Result<f64, Stopped> {
        self.count()?;
        if let Some(v) = state.known_value(me) {
            return Ok((v * SCORE_SCALE).clamp(self.lo, self.hi));
        }
        match state.turn() {
            Turn::Terminal => Ok(match self.config.win_value {
                Some(_) => state.returns().get(me).clamp(-1.0, 1.0) * self.hi,
                None => terminal_score(&state.returns(), me, ply) as f64,
            }),
            Turn::Chance => {
                // A game that evaluates positions before the roll stops there at the horizon.
                if depth <= 0 {
                    if let Some(v) = state.evaluate(me, &self.eval.weights) {
                        let v = (v * SCORE_SCALE).clamp(-EVAL_LIMIT as f64, EVAL_LIMIT as f64);
                        return Ok(v.clamp(self.lo, self.hi));
                    }
                }
                self.chance(state, me, depth, alpha, beta, ply)
            }
            Turn::Player(p) => {
                if depth <= 0 {
                    let e = self.eval.score(state, me);
                    return Ok((e.clamp(-EVAL_LIMIT, EVAL_LIMIT) as f64).clamp(self.lo, self.hi));
                }
                if p == me {
                    self.decision(state, p, depth, alpha, beta, ply, usize::MAX)
                } else {
                    Ok(-self.decision(state, p, depth, -beta, -alpha, ply, usize::MAX)?)
                }
            }
        }
    }

    /// Alpha-beta over the moves of `p` (value for `p`). With `only` set, searches just the
    /// `only`-th move in order (the Star2 probe).
    #[allow(clippy::too_many_arguments)]
    fn decision(
        &mut self,
        state: &G,
        p: PlayerId,
        depth: i32,
        mut alpha: f64,
        beta: f64,
        ply: usize,
        only: usize,
    ) -> Result<f64, Stopped> {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        moves.sort_by_key(|m| -state.order_hint(*m));
        if only != usize::MAX {
            moves.truncate(only + 1);
            moves.drain(..only);
        }
        let mut best = self.lo - 1.0;
        let cost = if state.counts_as_ply() { 1 } else { 0 };
        for mv in moves {
            let mut child = state.clone();
            child.play(mv);
            let v = self.value(&child, p, depth - cost, alpha, beta, ply + 1)?;
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Ok(best)
    }

    fn chance(
        &mut self,
        state: &G,
        me: PlayerId,
        depth: i32,
        alpha: f64,
        beta: f64,
        ply: usize,
    ) -> Result<f64, Stopped> {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        let children: Vec<(G, f64)> = outcomes
            .into_iter()
            .map(|(mv, p)| {
                let mut c = state.clone();
                c.play(mv);
                (c, p)
            })
            .collect();
        if self.config.pruning == ChancePruning::None {
            let mut sum = 0.0;
            for (c, p) in &children {
                sum += p * self.value(c, me, depth, self.lo - 1.0, self.hi + 1.0, ply + 1)?;
            }
            return Ok(sum);
        }
        let n = children.len();
        let mut lb = vec![self.lo; n];
        let mut ub = vec![self.hi; n];
        if self.config.pruning == ChancePruning::Star2 && depth > 0 {
            // Probe: one move at each outcome that is a decision node.
            for (i, (c, _)) in children.iter().enumerate() {
                if let Turn::Player(q) = c.turn() {
                    self.count()?;
                    let w = self.decision(c, q, depth, self.lo - 1.0, self.hi + 1.0, ply + 1, 0)?;
                    if q == me {
                        lb[i] = w;
                    } else {
                        ub[i] = -w;
                    }
                }
            }
            let lower: f64 = children.iter().zip(&lb).map(|((_, p), b)| p * b).sum();
            if lower >= beta {
                return Ok(lower);
            }
            let upper: f64 = children.iter().zip(&ub).map(|((_, p), b)| p * b).sum();
            if upper <= alpha {
                return Ok(upper);
            }
        }
        // Star1 over the outcomes, with the probed bounds in place of L and U.
        let mut known = 0.0;
        let mut rest_lb: f64 = children.iter().zip(&lb).map(|((_, p), b)| p * b).sum();
        let mut rest_ub: f64 = children.iter().zip(&ub).map(|((_, p), b)| p * b).sum();
        for (i, (c, p)) in children.iter().enumerate() {
            rest_lb -= p * lb[i];
            rest_ub -= p * ub[i];
            let a = (alpha - known - rest_ub) / p;
            let b = (beta - known - rest_lb) / p;
            let v = self.value(
                c,
                me,
                depth,
                a.max(self.lo - 1.0),
                b.min(self.hi + 1.0),
                ply + 1,
            )?;
            if v <= a {
                return Ok(known + p * v + rest_ub);
            }
            if v >= b {
                return Ok(known + p * v + rest_lb);
            }
            known += p * v;
        }
        Ok(known)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::search::testgames::RandomTree;

    /// Plain expectimax without any pruning: the reference.
    fn reference<G: GameKnowledge>(
        s: &G,
        me: PlayerId,
        depth: i32,
        ply: usize,
        eval: &mut LinearEval,
        win: Option<f64>,
    ) -> f64 {
        let hi = win.map_or(f64::INFINITY, |w| w * SCORE_SCALE);
        match s.turn() {
            Turn::Terminal if win.is_some() => s.returns().get(me).clamp(-1.0, 1.0) * hi,
            Turn::Terminal => terminal_score(&s.returns(), me, ply) as f64,
            Turn::Chance => {
                let mut out = Vec::new();
                s.chance_outcomes(&mut out);
                out.into_iter()
                    .map(|(mv, p)| {
                        let mut c = s.clone();
                        c.play(mv);
                        p * reference(&c, me, depth, ply + 1, eval, win)
                    })
                    .sum()
            }
            Turn::Player(p) => {
                if depth <= 0 {
                    return (eval.score(s, me) as f64).clamp(-hi, hi);
                }
                let mut moves = MoveList::new();
                s.legal_moves(&mut moves);
                let vals = moves.iter().map(|&mv| {
                    let mut c = s.clone();
                    c.play(mv);
                    reference(&c, me, depth - 1, ply + 1, eval, win)
                });
                if p == me {
                    vals.fold(f64::MIN, f64::max)
                } else {
                    vals.fold(f64::MAX, f64::min)
                }
            }
        }
    }

    fn check(pruning: ChancePruning, win_value: Option<f64>) {
        let mut eval = LinearEval::new(vec![1.0]);
        let mut checked = 0;
        for seed in 0..3000u64 {
            let depth = 1 + (seed % 6) as u32;
            let root = RandomTree::root(seed, depth as u8 + 2, true);
            let Some(me) = root.current_player() else {
                continue;
            };
            let config = ExpectimaxConfig {
                pruning,
                default_depth: depth,
                win_value,
            };
            let mut ex = Expectimax::<RandomTree>::new("ex", vec![1.0], config, Limits::default());
            let r = ex.search(&root, &Limits::depth(depth)).unwrap();
            let expected = reference(&root, me, depth as i32, 0, &mut eval, win_value);
            assert_eq!(
                r.score,
                report_score(expected.round() as i32),
                "seed {seed} depth {depth}"
            );
            // The chosen move achieves the value exactly.
            let mut c = root;
            c.play(r.best);
            assert_eq!(
                reference(&c, me, depth as i32 - 1, 1, &mut eval, win_value),
                expected,
                "seed {seed}"
            );
            checked += 1;
        }
        assert!(checked > 1500);
    }

    #[test]
    fn star1_is_exact() {
        check(ChancePruning::Star1, None);
    }

    #[test]
    fn star2_is_exact() {
        check(ChancePruning::Star2, None);
    }

    #[test]
    fn plain_is_exact() {
        check(ChancePruning::None, None);
    }

    /// With results on the evaluation's scale (and evaluations clamped to it), the prunings
    /// stay exact; a small win value makes the clamp bite on the random trees' evaluations.
    #[test]
    fn prunings_are_exact_with_a_win_value() {
        for pruning in [
            ChancePruning::None,
            ChancePruning::Star1,
            ChancePruning::Star2,
        ] {
            for win in [0.5, 5.0, 1000.0] {
                check(pruning, Some(win));
            }
        }
    }
}
