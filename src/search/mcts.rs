//! Monte Carlo tree search: UCT (or PUCT with priors from `Evaluate::order_hint`), chance
//! nodes sampled by their probabilities, max^n backup of every player's return (so 3-4 players
//! work: each node's player picks by their own mean return), leaves valued by a random playout
//! or by the evaluator, the tree kept between moves, and a determinized variant for hidden
//! information (`MctsDeterminized`, via `ImperfectInformation::resample_for`).

use std::collections::HashMap;
use std::marker::PhantomData;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::linear::LinearEval;
use crate::engine::{Agent, AgentError, Evaluate, Limits, SearchReport};
use crate::game::playout::{random_playout, sample_outcome};
use crate::game::{ImperfectInformation, MoveList, Returns, Turn, MAX_PLAYERS};

/// How a new leaf is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafValue {
    /// A uniformly random playout to the end.
    Playout,
    /// `tanh(evaluation / eval_scale)` for every player.
    Eval,
}

#[derive(Clone, Debug)]
pub struct MctsConfig {
    /// The exploration constant c (UCT: c * sqrt(ln N / n); PUCT: c * prior * sqrt(N) / (1 + n)).
    pub exploration: f64,
    /// PUCT with priors softmax(order_hint) instead of UCT.
    pub puct: bool,
    pub leaf: LeafValue,
    /// Evaluation units that map to tanh(1) with `LeafValue::Eval`.
    pub eval_scale: f64,
    /// Keep the subtree of the new position between moves.
    pub reuse: bool,
    /// Playouts when no limit is given.
    pub default_playouts: u64,
    /// A random playout stops after this many plies (returns as the game gives them there).
    pub max_playout_plies: usize,
    /// Determinizations for `MctsDeterminized`.
    pub determinizations: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 1.4,
            puct: false,
            leaf: LeafValue::Playout,
            eval_scale: 100.0,
            reuse: true,
            default_playouts: 1000,
            max_playout_plies: 10_000,
            determinizations: 8,
        }
    }
}

struct Node<M> {
    mv: Option<M>,
    children: Vec<u32>,
    /// Moves (decision node, with priors) or outcomes (chance node, with probabilities) not yet
    /// given a child.
    untried: Vec<(M, f64)>,
    turn: Turn,
    prior: f64,
    visits: u32,
    totals: [f64; MAX_PLAYERS],
    hash: u64,
}

pub struct Mcts<G: Evaluate> {
    name: String,
    eval: LinearEval,
    config: MctsConfig,
    limits: Limits,
    rng: ChaCha8Rng,
    tree: Vec<Node<G::Move>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Evaluate> Mcts<G> {
    pub fn new(
        name: impl Into<String>,
        weights: Vec<f64>,
        config: MctsConfig,
        limits: Limits,
        seed: u64,
    ) -> Self {
        Mcts {
            name: name.into(),
            eval: LinearEval::new(weights),
            config,
            limits,
            rng: ChaCha8Rng::seed_from_u64(seed),
            tree: Vec::new(),
            _game: PhantomData,
        }
    }

    fn new_node(&self, state: &G, mv: Option<G::Move>, prior: f64) -> Node<G::Move> {
        let turn = state.turn();
        let untried = match turn {
            Turn::Player(_) => {
                let mut moves = MoveList::new();
                state.legal_moves(&mut moves);
                let priors = if self.config.puct {
                    // Softmax of the ordering hints.
                    let hints: Vec<f64> =
                        moves.iter().map(|m| state.order_hint(*m) as f64).collect();
                    let max = hints.iter().cloned().fold(f64::MIN, f64::max);
                    let exp: Vec<f64> = hints.iter().map(|h| (h - max).exp()).collect();
                    let sum: f64 = exp.iter().sum();
                    exp.into_iter().map(|e| e / sum).collect()
                } else {
                    vec![1.0 / moves.len() as f64; moves.len()]
                };
                // Reversed so that `pop` tries them in generation order (best prior first for PUCT).
                let mut u: Vec<(G::Move, f64)> = moves.into_iter().zip(priors).collect();
                if self.config.puct {
                    u.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap());
                } else {
                    u.reverse();
                }
                u
            }
            Turn::Chance => {
                let mut out = Vec::new();
                state.chance_outcomes(&mut out);
                out
            }
            Turn::Terminal => Vec::new(),
        };
        Node {
            mv,
            children: Vec::new(),
            untried,
            turn,
            prior,
            visits: 0,
            totals: [0.0; MAX_PLAYERS],
            hash: state.hash(),
        }
    }

    /// Re-roots the kept tree at `state` if it is at most four plies below the old root.
    fn reuse_or_reset(&mut self, state: &G) {
        if self.config.reuse && !self.tree.is_empty() {
            let mut frontier = vec![0u32];
            for _ in 0..=4 {
                if let Some(&found) = frontier
                    .iter()
                    .find(|&&i| i != 0 && self.tree[i as usize].hash == state.hash())
                {
                    self.tree = extract_subtree(std::mem::take(&mut self.tree), found);
                    self.tree[0].mv = None;
                    return;
                }
                frontier = frontier
                    .iter()
                    .flat_map(|&i| self.tree[i as usize].children.iter().copied())
                    .collect();
            }
            if self.tree[0].hash == state.hash() {
                return;
            }
        }
        self.tree.clear();
        let root = self.new_node(state, None, 1.0);
        self.tree.push(root);
    }

    fn select_child(&self, node: u32, player: usize) -> u32 {
        let n = &self.tree[node as usize];
        let ln_n = (n.visits.max(1) as f64).ln();
        let sqrt_n = (n.visits.max(1) as f64).sqrt();
        let mut best = n.children[0];
        let mut best_score = f64::MIN;
        for &c in &n.children {
            let ch = &self.tree[c as usize];
            let visits = ch.visits.max(1) as f64;
            let q = ch.totals[player] / visits;
            let score = if self.config.puct {
                q + self.config.exploration * ch.prior * sqrt_n / (1.0 + ch.visits as f64)
            } else {
                q + self.config.exploration * (ln_n / visits).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    fn leaf_value(&mut self, state: &mut G) -> (Returns, u64) {
        if state.is_terminal() {
            return (state.returns(), 0);
        }
        match self.config.leaf {
            LeafValue::Playout => {
                let (r, plies) =
                    random_playout(state, &mut self.rng, self.config.max_playout_plies);
                (r, plies as u64)
            }
            LeafValue::Eval => {
                let mut r = Returns::new(state.num_players());
                for p in 0..state.num_players() {
                    r.values[p] = (self.eval.eval(state, p) / self.config.eval_scale).tanh();
                }
                (r, 0)
            }
        }
    }

    /// One selection-expansion-evaluation-backup pass; returns the states visited.
    fn iterate(&mut self, root: &G) -> u64 {
        let mut state = root.clone();
        let mut path = vec![0u32];
        let mut node = 0u32;
        let mut steps = 0u64;
        loop {
            let turn = self.tree[node as usize].turn;
            match turn {
                Turn::Terminal => break,
                Turn::Chance => {
                    let outcomes: Vec<(G::Move, f64)> = {
                        let mut out = Vec::new();
                        state.chance_outcomes(&mut out);
                        out
                    };
                    let mv = sample_outcome(&outcomes, &mut self.rng);
                    state.play(mv);
                    steps += 1;
                    let existing = self.tree[node as usize]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| self.tree[c as usize].mv == Some(mv));
                    let child = match existing {
                        Some(c) => c,
                        None => {
                            let n = self.new_node(&state, Some(mv), 1.0);
                            self.tree.push(n);
                            let c = (self.tree.len() - 1) as u32;
                            self.tree[node as usize].children.push(c);
                            c
                        }
                    };
                    path.push(child);
                    node = child;
                    if existing.is_none() {
                        break;
                    }
                }
                Turn::Player(p) => {
                    if let Some((mv, prior)) = self.tree[node as usize].untried.pop() {
                        state.play(mv);
                        steps += 1;
                        let n = self.new_node(&state, Some(mv), prior);
                        self.tree.push(n);
                        let c = (self.tree.len() - 1) as u32;
                        self.tree[node as usize].children.push(c);
                        path.push(c);
                        break;
                    }
                    let c = self.select_child(node, p);
                    state.play(self.tree[c as usize].mv.expect("a child has a move"));
                    steps += 1;
                    path.push(c);
                    node = c;
                }
            }
        }
        let (r, plies) = self.leaf_value(&mut state);
        for &i in &path {
            let n = &mut self.tree[i as usize];
            n.visits += 1;
            for (t, v) in n.totals.iter_mut().zip(r.as_slice()) {
                *t += v;
            }
        }
        steps + plies
    }

    /// Runs the search at a decision node; `None` without a move.
    pub fn search(&mut self, root: &G, limits: &Limits) -> Option<SearchReport<G::Move>> {
        let me = root.current_player()?;
        let limits = self.limits.replaced_by(*limits);
        let start = Instant::now();
        self.reuse_or_reset(root);
        let max_playouts = match (limits.playouts, limits.nodes, limits.time_ms) {
            (Some(p), _, _) => p,
            (None, None, None) => self.config.default_playouts,
            _ => u64::MAX,
        };
        let mut nodes = 0u64;
        let mut playouts = 0u64;
        while playouts < max_playouts.max(1) {
            nodes += self.iterate(root);
            playouts += 1;
            if limits.nodes.is_some_and(|n| nodes >= n) {
                break;
            }
            if playouts % 16 == 0
                && limits
                    .time_ms
                    .is_some_and(|t| start.elapsed().as_millis() as u64 >= t)
            {
                break;
            }
        }
        let best_child = *self.tree[0]
            .children
            .iter()
            .max_by_key(|&&c| self.tree[c as usize].visits)?;
        let bc = &self.tree[best_child as usize];
        let score = bc.totals[me] / bc.visits.max(1) as f64;
        // The principal variation: most visited children down the tree (decision nodes only).
        let mut pv = Vec::new();
        let mut node = 0u32;
        while let Some(&c) = self.tree[node as usize]
            .children
            .iter()
            .max_by_key(|&&c| self.tree[c as usize].visits)
        {
            if !matches!(self.tree[node as usize].turn, Turn::Player(_)) {
                break;
            }
            pv.push(self.tree[c as usize].mv.expect("a move"));
            node = c;
        }
        Some(SearchReport {
            best: self.tree[best_child as usize].mv.expect("a move"),
            score,
            depth: pv.len() as u32,
            nodes,
            ms: start.elapsed().as_millis() as u64,
            pv,
        })
    }

    /// Visits and mean return (for the player to move at the root) of each root move.
    pub fn root_statistics(&self) -> Vec<(G::Move, u32, f64)> {
        let me = match self.tree.first().map(|n| n.turn) {
            Some(Turn::Player(p)) => p,
            _ => return Vec::new(),
        };
        self.tree[0]
            .children
            .iter()
            .map(|&c| {
                let n = &self.tree[c as usize];
                (
                    n.mv.expect("a move"),
                    n.visits,
                    n.totals[me] / n.visits.max(1) as f64,
                )
            })
            .collect()
    }
}

/// The subtree under `root` as a tree of its own (root at index 0).
fn extract_subtree<M>(mut old: Vec<Node<M>>, root: u32) -> Vec<Node<M>> {
    let mut out: Vec<Node<M>> = Vec::new();
    let mut stack = vec![(root, u32::MAX)];
    let mut taken: Vec<Option<Node<M>>> = old.drain(..).map(Some).collect();
    while let Some((i, parent)) = stack.pop() {
        let mut n = taken[i as usize]
            .take()
            .expect("a tree has no shared children");
        let children = std::mem::take(&mut n.children);
        let new_index = out.len() as u32;
        out.push(n);
        if parent != u32::MAX {
            out[parent as usize].children.push(new_index);
        }
        for c in children {
            stack.push((c, new_index));
        }
    }
    out
}

impl<G: Evaluate> Agent<G> for Mcts<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.tree.clear();
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        self.search(state, limits).ok_or(AgentError::NoMove)
    }
}

/// MCTS for hidden information by determinization: several full states consistent with what the
/// player to move knows are drawn (`resample_for`), each searched by plain MCTS with a share of
/// the playouts, and the root visits are summed by move.
pub struct MctsDeterminized<G: Evaluate + ImperfectInformation> {
    inner: Mcts<G>,
}

impl<G: Evaluate + ImperfectInformation> MctsDeterminized<G> {
    pub fn new(
        name: impl Into<String>,
        weights: Vec<f64>,
        mut config: MctsConfig,
        limits: Limits,
        seed: u64,
    ) -> Self {
        config.reuse = false;
        MctsDeterminized {
            inner: Mcts::new(name, weights, config, limits, seed),
        }
    }

    pub fn search(&mut self, root: &G, limits: &Limits) -> Option<SearchReport<G::Move>> {
        let me = root.current_player()?;
        let start = Instant::now();
        let limits = self.inner.limits.replaced_by(*limits);
        let d = self.inner.config.determinizations.max(1) as u64;
        let share = Limits {
            playouts: Some(
                limits
                    .playouts
                    .unwrap_or(self.inner.config.default_playouts)
                    .div_ceil(d),
            ),
            time_ms: limits.time_ms.map(|t| (t / d).max(1)),
            nodes: limits.nodes.map(|n| n.div_ceil(d)),
            depth: None,
        };
        let mut visits: HashMap<G::Move, (u64, f64)> = HashMap::new();
        let mut nodes = 0;
        for _ in 0..d {
            let world = root.resample_for(me, &mut self.inner.rng);
            self.inner.tree.clear();
            let r = self.inner.search(&world, &share)?;
            nodes += r.nodes;
            for (mv, v, q) in self.inner.root_statistics() {
                let e = visits.entry(mv).or_insert((0, 0.0));
                e.0 += v as u64;
                e.1 += q * v as f64;
            }
        }
        let (best, (v, total)) = visits.into_iter().max_by_key(|(_, (v, _))| *v)?;
        Some(SearchReport {
            best,
            score: total / v.max(1) as f64,
            depth: 1,
            nodes,
            ms: start.elapsed().as_millis() as u64,
            pv: vec![best],
        })
    }
}

impl<G: Evaluate + ImperfectInformation> Agent<G> for MctsDeterminized<G> {
    fn name(&self) -> String {
        self.inner.name.clone()
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        self.search(state, limits).ok_or(AgentError::NoMove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::othello::Othello;
    use crate::search::testgames::{HiddenCard, Race3, TicTacToe, CALL, FOLD};

    fn mcts<G: Evaluate>(seed: u64) -> Mcts<G> {
        Mcts::new(
            "mcts",
            G::default_weights(),
            MctsConfig::default(),
            Limits::default(),
            seed,
        )
    }

    #[test]
    fn takes_a_win_in_one_at_tictactoe() {
        // X: 0 1, O: 3 4; X to move wins with 2 (and must, or O wins with 5).
        let mut s = TicTacToe::new(&Default::default());
        for m in [0, 3, 1, 4] {
            s.play(m);
        }
        for seed in 0..10 {
            let r = mcts::<TicTacToe>(seed)
                .search(&s, &Limits::playouts(2000))
                .unwrap();
            assert_eq!(r.best, 2, "seed {seed}");
        }
    }

    #[test]
    fn blocks_a_forced_loss_at_tictactoe() {
        // X: 0 1, O: 4; O to move must block at 2.
        let mut s = TicTacToe::new(&Default::default());
        for m in [0, 4, 1] {
            s.play(m);
        }
        for seed in 0..10 {
            let r = mcts::<TicTacToe>(seed)
                .search(&s, &Limits::playouts(4000))
                .unwrap();
            assert_eq!(r.best, 2, "seed {seed}");
        }
    }

    #[test]
    fn three_player_max_n_takes_the_winning_step() {
        // Counter 7 of 10: adding 3 wins now; 1 or 2 lets the next player win.
        for counter in [7u8, 8, 9] {
            let s = Race3 {
                counter,
                target: 10,
                player: 1,
                winner: None,
            };
            for seed in 0..5 {
                let r = mcts::<Race3>(seed)
                    .search(&s, &Limits::playouts(3000))
                    .unwrap();
                assert!(
                    counter + r.best >= 10,
                    "counter {counter} chose {} (seed {seed})",
                    r.best
                );
            }
        }
    }

    #[test]
    fn determinization_hides_the_opponents_card() {
        // The true state has the opponent on 2: a peeking search folds (calling loses for sure),
        // a determinized one calls (worth 0 on average against -0.2).
        let s = HiddenCard {
            cards: [1, 2],
            done: None,
        };
        let peek = mcts::<HiddenCard>(1)
            .search(&s, &Limits::playouts(500))
            .unwrap();
        assert_eq!(peek.best, FOLD);
        let config = MctsConfig {
            determinizations: 16,
            ..Default::default()
        };
        let mut d = MctsDeterminized::<HiddenCard>::new("d", vec![], config, Limits::default(), 3);
        let r = d.search(&s, &Limits::playouts(3200)).unwrap();
        assert_eq!(r.best, CALL);
    }

    #[test]
    fn tree_reuse_keeps_statistics_and_gives_legal_moves() {
        let mut m = mcts::<Othello>(7);
        let mut s = Othello::new(&Default::default());
        for _ in 0..6 {
            let r = m.search(&s, &Limits::playouts(300)).unwrap();
            assert!(s.is_legal(r.best));
            s.play(r.best);
            // The opponent's reply is usually in the tree: after re-rooting the root keeps visits.
            let r2 = m.search(&s, &Limits::playouts(1)).unwrap();
            assert!(s.is_legal(r2.best));
            assert!(m.tree[0].visits > 1, "the subtree was kept");
            s.play(r2.best);
        }
    }

    #[test]
    fn same_seed_same_moves() {
        let s = Othello::new(&Default::default());
        let a = mcts::<Othello>(5)
            .search(&s, &Limits::playouts(500))
            .unwrap();
        let b = mcts::<Othello>(5)
            .search(&s, &Limits::playouts(500))
            .unwrap();
        assert_eq!(a, SearchReport { ms: a.ms, ..b });
    }
}
