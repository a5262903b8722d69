//! Information-set MCTS (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): one tree
//! over the observer's information, each iteration searching a fresh determinization drawn
//! from the observation (`Determinizer`: uniform consistent sampling, or a belief). Nodes are
//! reached by moves; a child is available in an iteration when its move is legal in that
//! determinization, and UCB uses the availability count in place of the parent's visits, so
//! moves that are rarely possible (an enemy piece that may be a mine) are not over-explored.
//! Leaves are valued by a random playout cut after `playout_plies` plies, then
//! `tanh(evaluation / eval_scale)` (a finished game gives its returns).
//!
//! The agent sees only the observation (`ObservingAgent`), so it cannot read hidden facts.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::linear::LinearEval;
use super::playout_budget::run_playouts;
use crate::agent::{AgentError, Limits, ObservingAgent, SearchReport};
use crate::eval::GameKnowledge;
use crate::game::playout::{random_step, sample_outcome};
use crate::game::{ImperfectInformation, MoveList, Returns, Turn, MAX_PLAYERS};

/// Draws the full states an information-set search plays in.
pub trait Determinizer<G: ImperfectInformation>: Send {
    /// Once per decision, before the draws (a belief reads the observation here).
    fn prepare(&mut self, obs: &G::Observation) {
        let _ = obs;
    }
    /// A full state consistent with `obs`.
    fn draw(&mut self, obs: &G::Observation, rng: &mut ChaCha8Rng) -> G;
}

/// Consistent states as the game samples them (`ImperfectInformation::sample`).
pub struct UniformDeterminizer;

impl<G: ImperfectInformation> Determinizer<G> for UniformDeterminizer {
    fn draw(&mut self, obs: &G::Observation, rng: &mut ChaCha8Rng) -> G {
        G::sample(obs, rng)
    }
}

#[derive(Clone, Debug)]
pub struct IsmctsConfig {
    /// c in q + c * sqrt(ln(availability) / visits).
    pub exploration: f64,
    /// Iterations when no limit is given.
    pub default_playouts: u64,
    /// Random plies after a new leaf before the evaluation is read (0: evaluate the leaf).
    pub playout_plies: usize,
    /// Evaluation units that map to tanh(1).
    pub eval_scale: f64,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig {
            exploration: 0.7,
            default_playouts: 1000,
            playout_plies: 8,
            eval_scale: 10.0,
        }
    }
}

struct Node<M> {
    mv: Option<M>,
    children: HashMap<M, u32>,
    visits: u32,
    available: u32,
    totals: [f64; MAX_PLAYERS],
}

impl<M> Node<M> {
    fn new(mv: Option<M>) -> Self {
        Node {
            mv,
            children: HashMap::new(),
            visits: 0,
            available: 0,
            totals: [0.0; MAX_PLAYERS],
        }
    }
}

pub struct Ismcts<G: ImperfectInformation + GameKnowledge> {
    name: String,
    eval: LinearEval,
    config: IsmctsConfig,
    limits: Limits,
    rng: ChaCha8Rng,
    determinizer: Box<dyn Determinizer<G>>,
    tree: Vec<Node<G::Move>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: ImperfectInformation + GameKnowledge> Ismcts<G> {
    pub fn new(
        name: impl Into<String>,
        weights: Vec<f64>,
        config: IsmctsConfig,
        limits: Limits,
        determinizer: Box<dyn Determinizer<G>>,
        seed: u64,
    ) -> Self {
        Ismcts {
            name: name.into(),
            eval: LinearEval::new(weights),
            config,
            limits,
            rng: ChaCha8Rng::seed_from_u64(seed),
            determinizer,
            tree: Vec::new(),
            _game: PhantomData,
        }
    }

    fn child(&mut self, node: u32, mv: G::Move) -> (u32, bool) {
        if let Some(&c) = self.tree[node as usize].children.get(&mv) {
            return (c, false);
        }
        let c = self.tree.len() as u32;
        self.tree.push(Node::new(Some(mv)));
        self.tree[node as usize].children.insert(mv, c);
        (c, true)
    }

    /// One iteration in a fresh determinization; returns the plies played.
    fn iterate(&mut self, obs: &G::Observation) -> u64 {
        let mut state = self.determinizer.draw(obs, &mut self.rng);
        let mut path = vec![0u32];
        let mut node = 0u32;
        let mut steps = 0u64;
        let mut moves = MoveList::new();
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut out = Vec::new();
                    state.chance_outcomes(&mut out);
                    let mv = sample_outcome(&out, &mut self.rng);
                    state.play(mv);
                    steps += 1;
                    let (c, new) = self.child(node, mv);
                    path.push(c);
                    node = c;
                    if new {
                        break;
                    }
                }
                Turn::Player(p) => {
                    moves.clear();
                    state.legal_moves(&mut moves);
                    let untried: MoveList<G::Move> = moves
                        .iter()
                        .copied()
                        .filter(|m| !self.tree[node as usize].children.contains_key(m))
                        .collect();
                    if !untried.is_empty() {
                        let mv = untried[self.rng.gen_range(0..untried.len())];
                        // Expanding counts as an availability of the new child too.
                        for &m in &moves {
                            if let Some(&c) = self.tree[node as usize].children.get(&m) {
                                self.tree[c as usize].available += 1;
                            }
                        }
                        let (c, _) = self.child(node, mv);
                        self.tree[c as usize].available += 1;
                        state.play(mv);
                        steps += 1;
                        path.push(c);
                        break;
                    }
                    let mut best = 0u32;
                    let mut best_score = f64::MIN;
                    for &m in &moves {
                        let c = self.tree[node as usize].children[&m];
                        let ch = &mut self.tree[c as usize];
                        ch.available += 1;
                        let visits = ch.visits.max(1) as f64;
                        let score = ch.totals[p] / visits
                            + self.config.exploration
                                * ((ch.available as f64).ln() / visits).sqrt();
                        if score > best_score {
                            best_score = score;
                            best = c;
                        }
                    }
                    let mv = self.tree[best as usize].mv.expect("a child has a move");
                    state.play(mv);
                    steps += 1;
                    path.push(best);
                    node = best;
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

    fn leaf_value(&mut self, state: &mut G) -> (Returns, u64) {
        let mut plies = 0u64;
        while plies < self.config.playout_plies as u64 && random_step(state, &mut self.rng) {
            plies += 1;
        }
        if state.is_terminal() {
            return (state.returns(), plies);
        }
        let mut r = Returns::new(state.num_players());
        for p in 0..state.num_players() {
            r.values[p] = (self.eval.eval(state, p) / self.config.eval_scale).tanh();
        }
        (r, plies)
    }

    /// Searches the observer's decision; None when it has no move.
    pub fn search(
        &mut self,
        obs: &G::Observation,
        limits: &Limits,
    ) -> Option<SearchReport<G::Move>> {
        let me = G::observer(obs);
        let mut root_moves = MoveList::new();
        G::observed_legal_moves(obs, &mut root_moves);
        if root_moves.is_empty() {
            return None;
        }
        let start = Instant::now();
        let limits = self.limits.replaced_by(*limits);
        self.determinizer.prepare(obs);
        self.tree.clear();
        self.tree.push(Node::new(None));
        let mut nodes = 0;
        if root_moves.len() > 1 {
            nodes = run_playouts(&limits, self.config.default_playouts, start, || {
                Some(self.iterate(obs))
            });
        }
        // The most visited root move (the root's moves are the observer's own: the same in
        // every determinization).
        let (best, visits, total) = root_moves
            .iter()
            .map(|&m| match self.tree[0].children.get(&m) {
                Some(&c) => (
                    m,
                    self.tree[c as usize].visits,
                    self.tree[c as usize].totals[me],
                ),
                None => (m, 0, 0.0),
            })
            .max_by_key(|&(_, v, _)| v)
            .expect("a root move");
        Some(SearchReport {
            best,
            score: total / visits.max(1) as f64,
            depth: 1,
            nodes,
            ms: start.elapsed().as_millis() as u64,
            pv: vec![best],
        })
    }

    /// Visits and mean return (for the observer) of each root move after a search.
    pub fn root_statistics(&self, me: usize) -> Vec<(G::Move, u32, f64)> {
        let Some(root) = self.tree.first() else {
            return Vec::new();
        };
        root.children
            .iter()
            .map(|(&m, &c)| {
                let n = &self.tree[c as usize];
                (m, n.visits, n.totals[me] / n.visits.max(1) as f64)
            })
            .collect()
    }
}

impl<G: ImperfectInformation + GameKnowledge> ObservingAgent<G> for Ismcts<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.tree.clear();
    }
    fn choose(
        &mut self,
        obs: &G::Observation,
        limits: &Limits,
    ) -> Result<SearchReport<G::Move>, AgentError> {
        self.search(obs, limits).ok_or(AgentError::NoMove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::search::testgames::{HiddenCard, CALL, FOLD};

    #[test]
    fn ismcts_does_not_peek_at_the_hidden_card() {
        // Holding 1 of {0, 1, 2}: calling wins against 0, loses against 2: mean 0 > fold's -0.2,
        // whatever the opponent really holds; holding 0 it folds.
        for (cards, want) in [
            ([1, 2], CALL),
            ([1, 0], CALL),
            ([0, 2], FOLD),
            ([0, 1], FOLD),
        ] {
            let s = HiddenCard { cards, done: None };
            let mut a = Ismcts::<HiddenCard>::new(
                "i",
                vec![],
                IsmctsConfig::default(),
                Limits::default(),
                Box::new(UniformDeterminizer),
                5,
            );
            let r = a.search(&s.observe(0), &Limits::playouts(2000)).unwrap();
            assert_eq!(r.best, want, "{cards:?}");
        }
    }

    #[test]
    fn the_same_observation_gives_the_same_move() {
        let obs = HiddenCard {
            cards: [1, 2],
            done: None,
        }
        .observe(0);
        let run = || {
            Ismcts::<HiddenCard>::new(
                "i",
                vec![],
                IsmctsConfig::default(),
                Limits::default(),
                Box::new(UniformDeterminizer),
                9,
            )
            .search(&obs, &Limits::playouts(300))
            .unwrap()
        };
        let (a, b) = (run(), run());
        assert_eq!((a.best, a.nodes, a.score), (b.best, b.nodes, b.score));
        let _ = HiddenCard::ID;
    }
}
