//! Monte Carlo tree search: UCT (or PUCT with priors from `SearchHints::order_hint`), chance
//! nodes sampled by their probabilities, max^n backup of every player's return (so 3-4 players
//! work: each node's player picks by their own mean return), leaves valued by a random playout
//! or by the evaluator, the tree kept between moves, and a determinized variant for hidden
//! information (`MctsDeterminized`, via `ImperfectInformation::resample_for`).
//!
//! Three options, all off by default (with them off the search is the plain one, move for move
//! and node for node):
//! - `rave`: UCT-RAVE (Gelly & Silver 2007). Every decision node keeps all-moves-as-first
//!   statistics for each of its moves (a move counts when the player to move there played it
//!   anywhere later in the simulation, tree or playout), and selection blends them with the
//!   child's mean by beta = sqrt(k / (3 n + k)), k = `rave_equivalence`. Unvisited moves are
//!   valued by their AMAF mean, so the tree grows towards moves that did well in playouts.
//! - `proof`: proven-win/loss backup (MCTS-Solver, Winands, Björnsson & Saito 2008). A terminal
//!   node is proven with its returns; a decision node is proven when a child is proven with the
//!   best possible return for the player to move (`proof_win`), or when all its children are
//!   proven (then it takes the best of them); a chance node when all its outcomes are. Selection
//!   skips children proven lost, a simulation that reaches a proven node uses its exact value,
//!   the root's move is a proven win when there is one, and the search stops once the root is
//!   proven. The proven values are the game's exact (minimax / expectimax / max^n) values.
//! - `playout_policy`: playouts draw moves with the game's `PlayoutPolicy::playout_move` (its
//!   default policy, tuned by `playout_knobs`) instead of uniformly.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::linear::LinearEval;
use super::playout_budget::run_playouts;
use crate::agent::{Agent, AgentError, Limits, SearchReport};
use crate::eval::GameKnowledge;
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
    /// UCT-RAVE selection with AMAF statistics (see the module documentation).
    pub rave: bool,
    /// RAVE's k in beta = sqrt(k / (3 n + k)): at n = k visits a child's own mean and its AMAF
    /// mean weigh the same.
    pub rave_equivalence: f64,
    /// Proven-win/loss backup (see the module documentation).
    pub proof: bool,
    /// The best return a player can get (a proven child worth this decides its parent; one worth
    /// minus this is skipped). The lab's games score a win 1.
    pub proof_win: f64,
    /// Playouts use the game's `PlayoutPolicy::playout_move`.
    pub playout_policy: bool,
    /// Knob values by name for the playout policy; names it does not list keep their defaults.
    pub playout_knobs: Vec<(String, f64)>,
    /// Play a lone legal move without searching (race games are full of forced moves). Off by
    /// default, so other games search as before.
    pub skip_forced: bool,
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
            rave: false,
            rave_equivalence: 1000.0,
            proof: false,
            proof_win: 1.0,
            playout_policy: false,
            playout_knobs: Vec::new(),
            skip_forced: false,
        }
    }
}

/// The knob vector of `G`'s playout policy: its defaults, overridden by name. An unknown name
/// is an error (a typo must not silently do nothing).
pub fn playout_knobs<G: GameKnowledge>(overrides: &[(String, f64)]) -> Result<Vec<f64>, String> {
    let known = G::playout_knobs();
    let mut knobs: Vec<f64> = known.iter().map(|(_, v)| *v).collect();
    for (name, value) in overrides {
        match known.iter().position(|(k, _)| k == name) {
            Some(i) => knobs[i] = *value,
            None => {
                return Err(format!(
                    "unknown playout knob {name:?} for {} (known: {})",
                    G::ID,
                    known.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
                ))
            }
        }
    }
    Ok(knobs)
}

/// No child yet (a RAVE slot whose move has not been expanded).
const NO_CHILD: u32 = u32::MAX;

/// A move of a decision node under RAVE: its child once expanded, and its AMAF statistics (for
/// the player to move at the node).
struct Slot<M> {
    mv: M,
    prior: f64,
    child: u32,
    amaf_visits: u32,
    amaf_total: f64,
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
    /// With `proof`: the exact returns once proven.
    proven: Option<[f64; MAX_PLAYERS]>,
    /// With `rave`, at decision nodes: every move (then `untried` stays empty).
    slots: Vec<Slot<M>>,
}

pub struct Mcts<G: GameKnowledge> {
    name: String,
    eval: LinearEval,
    config: MctsConfig,
    limits: Limits,
    rng: ChaCha8Rng,
    tree: Vec<Node<G::Move>>,
    /// The playout policy's knobs (`config.playout_knobs` resolved for `G`).
    knobs: Vec<f64>,
    /// RAVE: the decision moves of the current simulation, by whom.
    played: Vec<(usize, G::Move)>,
    /// RAVE: the last index in `played` of each (player, move).
    last_played: HashMap<(usize, G::Move), usize, BuildFx>,
    _game: PhantomData<fn() -> G>,
}

/// A small multiplicative hasher for the RAVE move table (moves are a few bytes).
#[derive(Default)]
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        crate::game::zobrist::splitmix64(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(v as u64)
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64)
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64)
    }
}

type BuildFx = std::hash::BuildHasherDefault<Fx>;

impl<G: GameKnowledge> Mcts<G> {
    pub fn new(
        name: impl Into<String>,
        weights: Vec<f64>,
        config: MctsConfig,
        limits: Limits,
        seed: u64,
    ) -> Self {
        let knobs = playout_knobs::<G>(&config.playout_knobs)
            .unwrap_or_else(|_| G::playout_knobs().iter().map(|(_, v)| *v).collect());
        Mcts {
            name: name.into(),
            eval: LinearEval::new(weights),
            config,
            limits,
            rng: ChaCha8Rng::seed_from_u64(seed),
            tree: Vec::new(),
            knobs,
            played: Vec::new(),
            last_played: HashMap::default(),
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
        let mut node = Node {
            mv,
            children: Vec::new(),
            untried,
            turn,
            prior,
            visits: 0,
            totals: [0.0; MAX_PLAYERS],
            hash: state.hash(),
            proven: None,
            slots: Vec::new(),
        };
        if self.config.proof && turn == Turn::Terminal {
            node.proven = Some(state.returns().values);
        }
        if self.config.rave && matches!(turn, Turn::Player(_)) {
            // In generation order (pop order reversed back); ties in selection go to the first.
            node.slots = std::mem::take(&mut node.untried)
                .into_iter()
                .rev()
                .map(|(mv, prior)| Slot {
                    mv,
                    prior,
                    child: NO_CHILD,
                    amaf_visits: 0,
                    amaf_total: 0.0,
                })
                .collect();
        }
        node
    }

    /// With `proof`: whether `child` is proven lost for `player` (selection skips it).
    #[inline]
    fn proven_lost(&self, child: &Node<G::Move>, player: usize) -> bool {
        self.config.proof
            && child
                .proven
                .is_some_and(|v| v[player] <= -self.config.proof_win)
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
            if self.proven_lost(ch, player) {
                continue;
            }
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

    /// UCT-RAVE: the slot of `node` to follow (its child, or its move to expand).
    fn select_slot(&self, node: u32, player: usize) -> usize {
        let n = &self.tree[node as usize];
        let ln_n = (n.visits.max(1) as f64).ln();
        let k = self.config.rave_equivalence;
        let mut best = 0;
        let mut best_score = f64::MIN;
        for (i, s) in n.slots.iter().enumerate() {
            let (visits, q) = if s.child == NO_CHILD {
                (0, 0.0)
            } else {
                let ch = &self.tree[s.child as usize];
                if self.proven_lost(ch, player) {
                    continue;
                }
                (ch.visits, ch.totals[player] / ch.visits.max(1) as f64)
            };
            // A move nobody has tried yet anywhere looks as good as a win (first-play urgency).
            let amaf = if s.amaf_visits > 0 {
                s.amaf_total / s.amaf_visits as f64
            } else {
                1.0
            };
            let value = if visits == 0 {
                amaf
            } else {
                let beta = if s.amaf_visits > 0 {
                    (k / (3.0 * visits as f64 + k)).sqrt()
                } else {
                    0.0
                };
                (1.0 - beta) * q + beta * amaf
            };
            let score = value + self.config.exploration * (ln_n / (visits as f64 + 1.0)).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// A playout from `state` that draws moves by the game's policy (`playout_policy`) or
    /// uniformly, recording the decision moves for RAVE.
    fn policy_playout(&mut self, state: &mut G) -> (Returns, u64) {
        let mut plies = 0;
        while plies < self.config.max_playout_plies {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut outcomes = Vec::new();
                    state.chance_outcomes(&mut outcomes);
                    state.play(sample_outcome(&outcomes, &mut self.rng));
                }
                Turn::Player(p) => {
                    let chosen = if self.config.playout_policy {
                        state.playout_move(&self.knobs, &mut self.rng)
                    } else {
                        None
                    };
                    let mv = match chosen {
                        Some(mv) => mv,
                        None => {
                            let mut moves = MoveList::new();
                            state.legal_moves(&mut moves);
                            moves[self.rng.gen_range(0..moves.len())]
                        }
                    };
                    if self.config.rave {
                        self.played.push((p, mv));
                    }
                    state.play(mv);
                }
            }
            plies += 1;
        }
        (state.returns(), plies as u64)
    }

    fn leaf_value(&mut self, state: &mut G) -> (Returns, u64) {
        if state.is_terminal() {
            return (state.returns(), 0);
        }
        match self.config.leaf {
            LeafValue::Playout if self.config.rave || self.config.playout_policy => {
                self.policy_playout(state)
            }
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
        // RAVE: `played.len()` on arriving at each node of `path`.
        let mut marks = vec![0usize];
        self.played.clear();
        let mut node = 0u32;
        let mut steps = 0u64;
        // With `proof`: the exact value of the proven node the descent stopped at.
        let mut exact = None;
        loop {
            if let Some(v) = self.tree[node as usize].proven {
                exact = Some(v);
                break;
            }
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
                            // Proof backup averages proven outcomes by their probabilities.
                            let prior = if self.config.proof {
                                outcomes.iter().find(|o| o.0 == mv).map_or(1.0, |o| o.1)
                            } else {
                                1.0
                            };
                            let n = self.new_node(&state, Some(mv), prior);
                            self.tree.push(n);
                            let c = (self.tree.len() - 1) as u32;
                            self.tree[node as usize].children.push(c);
                            c
                        }
                    };
                    path.push(child);
                    marks.push(self.played.len());
                    node = child;
                    if existing.is_none() {
                        break;
                    }
                }
                Turn::Player(p) if self.config.rave => {
                    let slot = self.select_slot(node, p);
                    let s = &self.tree[node as usize].slots[slot];
                    let (mv, prior, child) = (s.mv, s.prior, s.child);
                    state.play(mv);
                    steps += 1;
                    self.played.push((p, mv));
                    if child == NO_CHILD {
                        let n = self.new_node(&state, Some(mv), prior);
                        self.tree.push(n);
                        let c = (self.tree.len() - 1) as u32;
                        self.tree[node as usize].slots[slot].child = c;
                        self.tree[node as usize].children.push(c);
                        path.push(c);
                        marks.push(self.played.len());
                        break;
                    }
                    path.push(child);
                    marks.push(self.played.len());
                    node = child;
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
        let (r, plies) = match exact {
            Some(values) => (
                Returns {
                    values,
                    players: root.num_players(),
                },
                0,
            ),
            None => self.leaf_value(&mut state),
        };
        for &i in &path {
            let n = &mut self.tree[i as usize];
            n.visits += 1;
            for (t, v) in n.totals.iter_mut().zip(r.as_slice()) {
                *t += v;
            }
        }
        if self.config.rave {
            self.update_amaf(&path, &marks, &r);
        }
        if self.config.proof {
            self.update_proofs(&path);
        }
        steps + plies
    }

    /// RAVE: every decision node on the path counts, for each of its moves that its player
    /// played at or after it in this simulation, the simulation's return for that player.
    fn update_amaf(&mut self, path: &[u32], marks: &[usize], r: &Returns) {
        self.last_played.clear();
        for (i, &(p, mv)) in self.played.iter().enumerate() {
            self.last_played.insert((p, mv), i);
        }
        let (tree, last) = (&mut self.tree, &self.last_played);
        for (&node, &from) in path.iter().zip(marks) {
            let n = &mut tree[node as usize];
            let Turn::Player(p) = n.turn else { continue };
            let value = r.values[p];
            for s in n.slots.iter_mut() {
                if last.get(&(p, s.mv)).is_some_and(|&j| j >= from) {
                    s.amaf_visits += 1;
                    s.amaf_total += value;
                }
            }
        }
    }

    /// Proof backup from the end of `path` upwards, while nodes become proven.
    fn update_proofs(&mut self, path: &[u32]) {
        for &i in path.iter().rev() {
            if self.tree[i as usize].proven.is_some() {
                continue;
            }
            match self.prove(i) {
                Some(v) => self.tree[i as usize].proven = Some(v),
                // Only the path's nodes changed: an unproven node leaves its parent as it was.
                None => break,
            }
        }
    }

    /// The exact value of node `i` if its children prove it.
    fn prove(&self, i: u32) -> Option<[f64; MAX_PLAYERS]> {
        let n = &self.tree[i as usize];
        match n.turn {
            Turn::Terminal => n.proven,
            Turn::Player(p) => {
                let mut all = n.untried.is_empty() && n.slots.iter().all(|s| s.child != NO_CHILD);
                let mut best: Option<[f64; MAX_PLAYERS]> = None;
                for &c in &n.children {
                    match self.tree[c as usize].proven {
                        Some(v) if v[p] >= self.config.proof_win => return Some(v),
                        Some(v) => {
                            if best.is_none_or(|b| v[p] > b[p]) {
                                best = Some(v);
                            }
                        }
                        None => all = false,
                    }
                }
                if all {
                    best
                } else {
                    None
                }
            }
            Turn::Chance => {
                if n.children.len() < n.untried.len() {
                    return None;
                }
                let mut sum = [0.0; MAX_PLAYERS];
                for &c in &n.children {
                    let child = &self.tree[c as usize];
                    let v = child.proven?;
                    for (s, x) in sum.iter_mut().zip(v) {
                        *s += child.prior * x;
                    }
                }
                Some(sum)
            }
        }
    }

    /// With `proof`: the root move to play. A proven root plays a child proven with its value;
    /// otherwise the most visited child not proven lost.
    fn proof_root_child(&self, me: usize) -> Option<u32> {
        let root = &self.tree[0];
        let visits = |c: &u32| self.tree[*c as usize].visits;
        if let Some(v) = root.proven {
            if let Some(c) = root
                .children
                .iter()
                .copied()
                .filter(|&c| self.tree[c as usize].proven.is_some_and(|w| w[me] >= v[me]))
                .max_by_key(visits)
            {
                return Some(c);
            }
        }
        root.children
            .iter()
            .copied()
            .filter(|&c| !self.proven_lost(&self.tree[c as usize], me))
            .max_by_key(visits)
            .or_else(|| root.children.iter().copied().max_by_key(visits))
    }

    /// Runs the search at a decision node; `None` without a move.
    pub fn search(&mut self, root: &G, limits: &Limits) -> Option<SearchReport<G::Move>> {
        let me = root.current_player()?;
        let limits = self.limits.replaced_by(*limits);
        let start = Instant::now();
        if self.config.skip_forced {
            let mut moves = MoveList::new();
            root.legal_moves(&mut moves);
            if moves.len() == 1 {
                return Some(SearchReport {
                    best: moves[0],
                    score: 0.0,
                    depth: 0,
                    nodes: 0,
                    ms: start.elapsed().as_millis() as u64,
                    pv: vec![moves[0]],
                });
            }
        }
        self.reuse_or_reset(root);
        let nodes = run_playouts(&limits, self.config.default_playouts, start, || {
            // A proven root needs no more playouts.
            (self.tree[0].proven.is_none()).then(|| self.iterate(root))
        });
        let best_child = if self.config.proof {
            self.proof_root_child(me)?
        } else {
            *self.tree[0]
                .children
                .iter()
                .max_by_key(|&&c| self.tree[c as usize].visits)?
        };
        let bc = &self.tree[best_child as usize];
        let score = match self.tree[0].proven {
            Some(v) => v[me],
            None => bc.totals[me] / bc.visits.max(1) as f64,
        };
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
    // RAVE slots name their children by index: renumbered below.
    let mut new_index_of = vec![NO_CHILD; taken.len()];
    while let Some((i, parent)) = stack.pop() {
        let mut n = taken[i as usize]
            .take()
            .expect("a tree has no shared children");
        let children = std::mem::take(&mut n.children);
        let new_index = out.len() as u32;
        new_index_of[i as usize] = new_index;
        out.push(n);
        if parent != u32::MAX {
            out[parent as usize].children.push(new_index);
        }
        for c in children {
            stack.push((c, new_index));
        }
    }
    for n in out.iter_mut() {
        for s in n.slots.iter_mut().filter(|s| s.child != NO_CHILD) {
            s.child = new_index_of[s.child as usize];
        }
    }
    out
}

impl<G: GameKnowledge> Agent<G> for Mcts<G> {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn new_game(&mut self) {
        self.tree.clear();
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        self.search(state, limits).ok_or(AgentError::NoMove)
    }
    /// The mean return r in [-1, 1] read as a win probability (r + 1) / 2 (two outcomes, +1/-1).
    fn win_probability(&self, report: &SearchReport<G::Move>) -> Option<f64> {
        report
            .score
            .is_finite()
            .then(|| ((report.score + 1.0) / 2.0).clamp(0.0, 1.0))
    }
}

/// MCTS for hidden information by determinization: several full states consistent with what the
/// player to move knows are drawn (`resample_for`), each searched by plain MCTS with a share of
/// the playouts, and the root visits are summed by move.
pub struct MctsDeterminized<G: GameKnowledge + ImperfectInformation> {
    inner: Mcts<G>,
}

impl<G: GameKnowledge + ImperfectInformation> MctsDeterminized<G> {
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

impl<G: GameKnowledge + ImperfectInformation> Agent<G> for MctsDeterminized<G> {
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
    use crate::game::{Game, MoveList, Turn};
    use crate::games::othello::Othello;
    use crate::search::testgames::{HiddenCard, Race3, TicTacToe, CALL, FOLD};

    fn mcts<G: GameKnowledge>(seed: u64) -> Mcts<G> {
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

    /// A digest of plain MCTS searches (default options, PUCT, evaluator leaves, tree reuse
    /// over a game) on several games: the RAVE, proof and playout-policy options must leave the
    /// default search exactly as it was. The constant was printed by this test on the code
    /// before those options existed (commit 1b20926).
    fn fingerprint_of<G: GameKnowledge>(h: &mut u64, start: G, config: MctsConfig, seed: u64) {
        let mix = |h: &mut u64, x: u64| *h = crate::game::zobrist::splitmix64(*h ^ x);
        let mut m = Mcts::<G>::new("fp", G::default_weights(), config, Limits::default(), seed);
        let mut s = start;
        for _ in 0..4 {
            if s.current_player().is_none() {
                break;
            }
            let r = m.search(&s, &Limits::playouts(300)).unwrap();
            mix(h, r.nodes);
            mix(h, r.score.to_bits());
            mix(h, r.depth as u64);
            for mv in &r.pv {
                for b in s.format_move(*mv).bytes() {
                    mix(h, b as u64);
                }
            }
            for (_, v, q) in m.root_statistics() {
                mix(h, v as u64);
                mix(h, q.to_bits());
            }
            s.play(r.best);
            while s.turn() == Turn::Chance {
                let mut out = Vec::new();
                s.chance_outcomes(&mut out);
                s.play(out[0].0);
            }
        }
    }

    const DEFAULT_FINGERPRINT: u64 = 0x87e9_eca5_a418_c75e;

    #[test]
    fn default_search_is_unchanged() {
        use crate::search::testgames::RandomTree;
        let mut h = 0u64;
        let configs = [
            MctsConfig::default(),
            MctsConfig {
                puct: true,
                ..Default::default()
            },
            MctsConfig {
                leaf: LeafValue::Eval,
                reuse: false,
                ..Default::default()
            },
        ];
        for (i, c) in configs.iter().enumerate() {
            let seed = i as u64 + 1;
            fingerprint_of(&mut h, Othello::new(&Default::default()), c.clone(), seed);
            fingerprint_of(&mut h, TicTacToe::new(&Default::default()), c.clone(), seed);
            fingerprint_of(&mut h, Race3::new(&Default::default()), c.clone(), seed);
            fingerprint_of(&mut h, RandomTree::root(7, 8, true), c.clone(), seed);
            fingerprint_of(
                &mut h,
                crate::games::ewn::Ewn::new(&Default::default()),
                c.clone(),
                seed,
            );
        }
        eprintln!("default MCTS fingerprint {h:#018x}");
        assert_eq!(h, DEFAULT_FINGERPRINT);
    }

    /// The exact value for player 0 by plain minimax over the returns (expectation at chance
    /// nodes): what a proven value must equal.
    fn exact<G: Game>(s: &G) -> f64 {
        match s.turn() {
            Turn::Terminal => s.returns().get(0),
            Turn::Chance => {
                let mut out = Vec::new();
                s.chance_outcomes(&mut out);
                out.iter()
                    .map(|&(mv, p)| {
                        let mut c = s.clone();
                        c.play(mv);
                        p * exact(&c)
                    })
                    .sum()
            }
            Turn::Player(p) => {
                let mut moves = MoveList::new();
                s.legal_moves(&mut moves);
                let values = moves.iter().map(|&mv| {
                    let mut c = s.clone();
                    c.play(mv);
                    exact(&c)
                });
                if p == 0 {
                    values.fold(f64::MIN, f64::max)
                } else {
                    values.fold(f64::MAX, f64::min)
                }
            }
        }
    }

    /// Every proven node of the tree (states replayed from the root) has its exact value.
    fn check_proven_nodes<G: GameKnowledge>(m: &Mcts<G>, root: &G) -> usize {
        let mut stack = vec![(0u32, root.clone())];
        let mut proven = 0;
        while let Some((i, s)) = stack.pop() {
            let n = &m.tree[i as usize];
            if let Some(v) = n.proven {
                assert!(
                    (v[0] - exact(&s)).abs() < 1e-9,
                    "node {i}: proven {} but exact {} at {}",
                    v[0],
                    exact(&s),
                    s.format_position()
                );
                proven += 1;
            }
            for &c in &n.children {
                let mut cs = s.clone();
                cs.play(m.tree[c as usize].mv.unwrap());
                stack.push((c, cs));
            }
        }
        proven
    }

    fn with(rave: bool, proof: bool) -> MctsConfig {
        MctsConfig {
            rave,
            proof,
            ..Default::default()
        }
    }

    /// Random trees with draws and repeated turns are solved completely, at the exact minimax
    /// value; with chance nodes as well, every node proven has its exact expectimax value
    /// (proving a whole chance tree needs it searched almost completely: an average is neither
    /// a win nor a loss, so only fully proven children prove a parent).
    #[test]
    fn proof_backup_proves_the_exact_value_of_random_trees() {
        use crate::search::testgames::RandomTree;
        let mut chance_proofs = 0;
        for chance in [false, true] {
            for seed in 0..60u64 {
                let root = RandomTree::root(seed, 7, chance);
                let Some(me) = root.current_player() else {
                    continue;
                };
                for rave in [false, true] {
                    let mut m = Mcts::<RandomTree>::new(
                        "p",
                        vec![1.0],
                        with(rave, true),
                        Limits::default(),
                        seed,
                    );
                    let playouts = if chance { 20_000 } else { 200_000 };
                    let r = m.search(&root, &Limits::playouts(playouts)).unwrap();
                    let proven = check_proven_nodes(&m, &root);
                    assert!(proven > 1, "seed {seed}: something is proven");
                    if chance {
                        chance_proofs += proven;
                        continue;
                    }
                    let v = m.tree[0].proven.expect("a small tree is solved");
                    let value = exact(&root);
                    assert!(
                        (v[0] - value).abs() < 1e-9,
                        "seed {seed} rave {rave}: proven {} exact {value}",
                        v[0]
                    );
                    // The move played is worth the root's value, and the score says so.
                    let mut after = root;
                    after.play(r.best);
                    assert!(
                        (exact(&after) - value).abs() < 1e-9,
                        "seed {seed}: best move is not best"
                    );
                    assert!((r.score - if me == 0 { value } else { -value }).abs() < 1e-9);
                }
            }
        }
        assert!(
            chance_proofs > 1000,
            "{chance_proofs} nodes proven below chance nodes"
        );
    }

    #[test]
    fn proof_backup_finds_tictactoe_wins_and_stops_early() {
        // X: 0 1, O: 3 4, X to move: 2 wins at once; the root is proven in a few playouts.
        let mut s = TicTacToe::new(&Default::default());
        for mv in [0, 3, 1, 4] {
            s.play(mv);
        }
        let mut m = Mcts::<TicTacToe>::new("p", vec![1.0], with(false, true), Limits::default(), 1);
        let r = m.search(&s, &Limits::playouts(100_000)).unwrap();
        assert_eq!((r.best, r.score), (2, 1.0));
        assert!(
            m.tree[0].visits < 100,
            "stopped once proven ({} playouts)",
            m.tree[0].visits
        );
        // Two moves in (X centre, O edge: a win for X), the whole value is proven.
        let mut s = TicTacToe::new(&Default::default());
        s.play(4);
        s.play(1);
        for rave in [false, true] {
            let mut m =
                Mcts::<TicTacToe>::new("p", vec![1.0], with(rave, true), Limits::default(), 2);
            let r = m.search(&s, &Limits::playouts(300_000)).unwrap();
            assert_eq!(m.tree[0].proven.map(|v| v[0]), Some(exact(&s)));
            assert_eq!(r.score, 1.0, "X wins after an edge reply");
            let mut after = s;
            after.play(r.best);
            assert_eq!(exact(&after), 1.0, "rave {rave}: the move keeps the win");
            check_proven_nodes(&m, &s);
        }
    }

    #[test]
    fn rave_takes_wins_blocks_and_plays_legal_moves() {
        let mut s = TicTacToe::new(&Default::default());
        for m in [0, 3, 1, 4] {
            s.play(m);
        }
        let mut b = TicTacToe::new(&Default::default());
        for m in [0, 4, 1] {
            b.play(m);
        }
        for seed in 0..10 {
            let mut m =
                Mcts::<TicTacToe>::new("r", vec![1.0], with(true, false), Limits::default(), seed);
            assert_eq!(
                m.search(&s, &Limits::playouts(2000)).unwrap().best,
                2,
                "seed {seed}"
            );
            let mut m =
                Mcts::<TicTacToe>::new("r", vec![1.0], with(true, false), Limits::default(), seed);
            assert_eq!(
                m.search(&b, &Limits::playouts(4000)).unwrap().best,
                2,
                "seed {seed}"
            );
        }
        // Othello with tree reuse: moves stay legal, RAVE slots survive re-rooting.
        let mut m = Mcts::<Othello>::new("r", vec![], with(true, true), Limits::default(), 3);
        let mut s = Othello::new(&Default::default());
        for _ in 0..8 {
            let r = m.search(&s, &Limits::playouts(200)).unwrap();
            assert!(s.is_legal(r.best));
            for slot in &m.tree[0].slots {
                assert!(s.is_legal(slot.mv));
                if slot.child != NO_CHILD {
                    assert_eq!(m.tree[slot.child as usize].mv, Some(slot.mv));
                }
            }
            s.play(r.best);
            if s.is_terminal() {
                break;
            }
        }
    }

    #[test]
    fn rave_converges_on_forced_wins_of_random_trees() {
        use crate::search::testgames::RandomTree;
        let mut tried = 0;
        for seed in 0..200u64 {
            let root = RandomTree::root(seed, 6, false);
            let Some(me) = root.current_player() else {
                continue;
            };
            let value = exact(&root);
            let win = if me == 0 { value == 1.0 } else { value == -1.0 };
            if !win {
                continue;
            }
            tried += 1;
            let mut m =
                Mcts::<RandomTree>::new("r", vec![1.0], with(true, false), Limits::default(), seed);
            let r = m.search(&root, &Limits::playouts(20_000)).unwrap();
            let mut after = root;
            after.play(r.best);
            assert_eq!(
                exact(&after),
                value,
                "seed {seed}: RAVE missed the forced win"
            );
            assert!(root.is_legal(r.best));
        }
        assert!(tried >= 20, "{tried} trees with a forced win");
    }
}
