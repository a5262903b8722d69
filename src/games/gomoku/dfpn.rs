//! VCT by proof-number search: df-pn (Nagai's depth-first proof-number search) over the moves of
//! `VctSearch` (attacks: fours, threes, two-two "fukumi" moves; defences read off the VCF the
//! attacker threatens; the defender's own VCF refutes).
//!
//! Every node holds a proof number (how many more leaves must be proven to prove it) and a
//! disproof number; the search always expands the most-proving child, going deeper while the
//! child's numbers stay under thresholds taken from its parent and its best sibling, and backing
//! up when they do not. Two refinements:
//! - the 1+epsilon trick (Pawlewicz and Lew, 2007): a child's threshold is a quarter above its
//!   best sibling's number, not one above, so the search stays longer in one subtree instead of
//!   hopping between two nearly equal ones (each hop regenerates moves: the VCF look-ups that
//!   make them are the cost here);
//! - a transposition table keyed by the position hash, holding the numbers with the node, the
//!   node's generated moves and their children's keys (generated once per node and depth), and
//!   proofs and disproofs with the depth they hold for: a proof within `d` attacking moves holds
//!   for every depth from `d`, a disproof within `d` for every depth up to `d`.
//!
//! The depth is the number of attacking moves left (as in `VctSearch`): it bounds the tree,
//! which the threat rules alone would not do on a large board. Whether fukumi moves are tried is
//! part of every key, so nothing found with one setting is read back with the other (a proof
//! would still hold, being a real forced win, but a disproof would not: it covers only the moves
//! that were tried).

use std::collections::HashMap;

use crate::game::Game;

use super::game::{Gomoku, GomokuMove};
use super::patterns::{B3, B4, D4, F3, F4};
use super::threats::{FivesAgainst, Win};
use super::vct::{VctSearch, DEFENDER_VCF_DEPTH, FUKUMI_KEY};

const INF: u32 = u32::MAX;

/// Keys mixed into the position hash: one per depth, and one for the fukumi setting.
fn depth_key(depth: u32) -> u64 {
    (depth as u64 + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(17)
        ^ 0xD1B5_4A32_D192_ED03
}

/// A node's moves: the move, the child's key, the child's depth and the child's proof number
/// before it is searched.
type Children = Box<[(GomokuMove, u64, u32, u32)]>;

/// What a node is before any child is searched.
enum Expansion {
    /// Proven (the plies to the five and the first move) or disproven on the spot.
    Proven(u32, GomokuMove),
    Disproven,
    Moves(Children),
}

struct Entry {
    pn: u32,
    dn: u32,
    children: Option<Children>,
}

pub struct DfpnVct {
    /// Most attacking moves in a line.
    pub max_depth: u32,
    /// Most nodes (df-pn nodes and the VCF nodes of the move generation).
    pub budget: u64,
    /// Try two-two (fukumi) quiet moves at every attacking level.
    pub two_twos: bool,
    /// Start an attack's proof number by its kind (1 for a four, which has one reply, 2 for an
    /// open three, 3 for a closed three, 4 for a quiet move), not 1 for all.
    pub kind_init: bool,
    /// Search within 1, 2, ... attacking moves up to `max_depth` (the tables carry over), so
    /// the shortest win is found first, rather than within `max_depth` at once.
    pub deepening: bool,
    /// df-pn nodes (calls of the recursive search); `nodes()` adds the VCF nodes.
    pub dfpn_nodes: u64,
    gen: VctSearch,
    /// Unsolved numbers and generated moves, by position and depth.
    table: HashMap<u64, Entry>,
    /// Proven positions: the least depth proven and the plies to the five (and the move, at OR
    /// nodes).
    proven: HashMap<u64, (u32, u32, GomokuMove)>,
    /// Disproven positions: the greatest depth disproven.
    disproven: HashMap<u64, u32>,
}

impl DfpnVct {
    pub fn new(max_depth: u32, budget: u64) -> DfpnVct {
        DfpnVct {
            max_depth,
            budget,
            two_twos: true,
            deepening: true,
            kind_init: true,
            dfpn_nodes: 0,
            gen: VctSearch::new(max_depth, budget),
            table: HashMap::new(),
            proven: HashMap::new(),
            disproven: HashMap::new(),
        }
    }

    /// All nodes: df-pn's and the VCF look-ups' of the move generation.
    pub fn nodes(&self) -> u64 {
        self.dfpn_nodes + self.gen.nodes
    }

    fn out_of_budget(&self) -> bool {
        self.nodes() > self.budget
    }

    fn key(&self, s: &Gomoku) -> u64 {
        s.hash() ^ if self.two_twos { FUKUMI_KEY } else { 0 }
    }

    /// A forced win by threats for the side to move of `state` (normal play only).
    pub fn find(&mut self, state: &Gomoku) -> Option<Win> {
        if state.step() != super::opening::Step::Play || state.is_terminal() {
            return None;
        }
        let key = self.key(state);
        let first = if self.deepening { 1 } else { self.max_depth };
        for depth in first..=self.max_depth {
            let (pn, _) = self.mid(state, key, depth, true, INF, INF);
            if pn == 0 {
                let &(_, plies, mv) = self.proven.get(&key)?;
                return Some(Win { mv, plies });
            }
            if self.out_of_budget() {
                break;
            }
        }
        None
    }

    /// Whether the attacker wins whatever the defender, to move in `state` (after the attacker's
    /// move), plays: the plies to the five if proven. (For asking whether one given attacking
    /// move wins, e.g. a puzzle's published first move.)
    pub fn defender_loses(&mut self, state: &Gomoku) -> Option<u32> {
        if state.step() != super::opening::Step::Play || state.is_terminal() {
            return None;
        }
        let key = self.key(state);
        let last = self.max_depth.saturating_sub(1);
        let first = if self.deepening { 1 } else { last };
        for depth in first..=last {
            let (pn, _) = self.mid(state, key, depth, false, INF, INF);
            if pn == 0 {
                return self.proven.get(&key).map(|&(_, plies, _)| plies);
            }
            if self.out_of_budget() {
                break;
            }
        }
        None
    }

    /// The numbers of a node from the tables (`init`, 1 when never searched at this depth).
    fn lookup(&self, key: u64, depth: u32, init: u32) -> (u32, u32) {
        if self.proven.get(&key).is_some_and(|&(d, _, _)| d <= depth) {
            return (0, INF);
        }
        if self.disproven.get(&key).is_some_and(|&d| d >= depth) {
            return (INF, 0);
        }
        match self.table.get(&(key ^ depth_key(depth))) {
            Some(e) => (e.pn, e.dn),
            None => (init, 1),
        }
    }

    fn set_proven(&mut self, key: u64, depth: u32, plies: u32, mv: GomokuMove) {
        let e = self.proven.entry(key).or_insert((depth, plies, mv));
        if depth < e.0 {
            *e = (depth, plies, mv);
        }
        self.table.remove(&(key ^ depth_key(depth)));
    }

    fn set_disproven(&mut self, key: u64, depth: u32) {
        let e = self.disproven.entry(key).or_insert(depth);
        *e = (*e).max(depth);
        self.table.remove(&(key ^ depth_key(depth)));
    }

    /// The moves of a node (`or`: the attacker to move) with `depth` attacking moves left, or
    /// its value when it is decided without search. The same rules as `VctSearch`.
    fn expand(&mut self, s: &Gomoku, depth: u32, or: bool) -> Expansion {
        let me = s.side();
        let you = me ^ 1;
        let mut moves: Vec<(usize, u32)> = Vec::new();
        if or {
            if let Some(&p) = s.five_points(me).first() {
                return Expansion::Proven(1, p as GomokuMove);
            }
            if depth == 0 {
                return Expansion::Disproven;
            }
            let their_fives = s.five_points(you);
            if !their_fives.is_empty() {
                // Block the defender's four; the block must threaten in turn.
                if their_fives.len() >= 2 || !s.playable(me, their_fives[0]) {
                    return Expansion::Disproven;
                }
                moves.push((their_fives[0], depth - 1));
            } else {
                if let Some(w) = self.gen.vcf(s, depth) {
                    return Expansion::Proven(w.plies, w.mv);
                }
                if depth < 2 {
                    return Expansion::Disproven;
                }
                for mv in self.gen.attacks(s, self.two_twos) {
                    moves.push((mv, depth - 1));
                }
            }
        } else {
            match s.fives_against() {
                FivesAgainst::DefenderFive => return Expansion::Disproven,
                FivesAgainst::Unstoppable(f) => return Expansion::Proven(2, f as GomokuMove),
                FivesAgainst::Block(f) => moves.push((f, depth)),
                FivesAgainst::NoFive => {
                    if depth == 0 || self.gen.vcf(s, DEFENDER_VCF_DEPTH).is_some() {
                        return Expansion::Disproven;
                    }
                    let Some(defences) = self.gen.threat_defences(s, depth) else {
                        return Expansion::Disproven;
                    };
                    moves.extend(defences.into_iter().map(|d| (d, depth)));
                }
            }
        }
        let mut children = Vec::with_capacity(moves.len());
        for (mv, d) in moves {
            let c = s.child(mv);
            if c.is_terminal() {
                if or {
                    continue;
                }
                // The defender's move ends the game: it made a five (or the attacker lost).
                return Expansion::Disproven;
            }
            let init = if or && self.kind_init {
                let sh = s.map().shapes(me, mv);
                if sh.iter().any(|&x| matches!(x, B4 | F4 | D4)) {
                    1
                } else if sh.contains(&F3) {
                    2
                } else if sh.contains(&B3) {
                    3
                } else {
                    4
                }
            } else {
                1
            };
            children.push((mv as GomokuMove, self.key(&c), d, init));
        }
        if children.is_empty() {
            return Expansion::Disproven;
        }
        Expansion::Moves(children.into_boxed_slice())
    }

    /// df-pn's MID: searches the node `s` (key `key`, `depth` attacking moves left, `or`: the
    /// attacker to move) until its proof number reaches `th_pn` or its disproof number `th_dn`
    /// (or the budget runs out), and returns its numbers.
    fn mid(
        &mut self,
        s: &Gomoku,
        key: u64,
        depth: u32,
        or: bool,
        th_pn: u32,
        th_dn: u32,
    ) -> (u32, u32) {
        self.dfpn_nodes += 1;
        let (pn, dn) = self.lookup(key, depth, 1);
        if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn {
            return (pn, dn);
        }
        let tkey = key ^ depth_key(depth);
        let children = match self.table.get_mut(&tkey).and_then(|e| e.children.take()) {
            Some(c) => c,
            None => match self.expand(s, depth, or) {
                Expansion::Proven(plies, mv) => {
                    self.set_proven(key, depth, plies, mv);
                    return (0, INF);
                }
                Expansion::Disproven => {
                    self.set_disproven(key, depth);
                    return (INF, 0);
                }
                Expansion::Moves(c) => c,
            },
        };
        loop {
            // This node's numbers from its children's, and the best child and runner-up.
            let mut best = 0;
            let (mut best_pn, mut best_dn) = (INF, INF);
            let mut second = INF;
            let (mut min, mut sum) = (INF, 0u32);
            for (i, &(_, ck, cd, init)) in children.iter().enumerate() {
                let (cp, cdn) = self.lookup(ck, cd, init);
                // OR node: pn = min of the children's pn, dn = their sum; AND node: the reverse.
                let (minning, summing) = if or { (cp, cdn) } else { (cdn, cp) };
                sum = sum.saturating_add(summing);
                if minning < min {
                    second = min;
                    min = minning;
                    best = i;
                    (best_pn, best_dn) = (cp, cdn);
                } else if minning < second {
                    second = minning;
                }
                if minning == 0 {
                    break;
                }
            }
            let (pn, dn) = if or { (min, sum) } else { (sum, min) };
            if pn == 0 || dn == 0 {
                if pn == 0 {
                    self.prove(key, depth, or, &children);
                } else {
                    self.set_disproven(key, depth);
                }
                return (pn, dn);
            }
            if pn >= th_pn || dn >= th_dn || self.out_of_budget() {
                self.table.insert(
                    tkey,
                    Entry {
                        pn,
                        dn,
                        children: Some(children),
                    },
                );
                return (pn, dn);
            }
            // Thresholds for the best child: the 1+epsilon trick on the runner-up's number, the
            // rest of this node's slack on the other number.
            let eps = |x: u32| -> u32 {
                if x == INF {
                    INF
                } else {
                    x.saturating_add((x / 4).max(1))
                }
            };
            let (cth_pn, cth_dn) = if or {
                (
                    th_pn.min(eps(second)),
                    (th_dn as u64 - dn as u64 + best_dn as u64).min(INF as u64) as u32,
                )
            } else {
                (
                    (th_pn as u64 - pn as u64 + best_pn as u64).min(INF as u64) as u32,
                    th_dn.min(eps(second)),
                )
            };
            let (mv, ck, cd, _) = children[best];
            let c = s.child(mv as usize);
            self.mid(&c, ck, cd, !or, cth_pn, cth_dn);
        }
    }

    /// Records a proven node, with the plies to the five along the proof (the shortest proven
    /// attack at an OR node, the longest defence at an AND node).
    fn prove(&mut self, key: u64, depth: u32, or: bool, children: &Children) {
        let mut plies = if or { INF } else { 0 };
        let mut mv = 0;
        for &(m, ck, cd, _) in children.iter() {
            let Some(&(d, p, _)) = self.proven.get(&ck) else {
                continue;
            };
            if d > cd {
                continue;
            }
            if or && p < plies || !or && p > plies {
                plies = p;
                mv = m;
            }
        }
        self.set_proven(key, depth, plies.saturating_add(1), mv);
    }
}
