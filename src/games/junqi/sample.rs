//! Drawing the enemy's hidden kinds consistently with an observation.
//!
//! Every constraint an observation puts on the enemy's kinds is about one piece at a time (the
//! setup rules of its point, having moved, each combat outcome against a known own piece, a
//! shown flag), so a consistent assignment is a perfect matching between the enemy's pieces
//! ("slots", each with its set of possible kinds) and its kinds with their counts. The sampler
//! keeps a complete matching and fixes the slots one by one in random order: each slot draws a
//! kind with probability proportional to weight x the number of that kind still unfixed, and
//! takes it if an alternating path re-routes the unfixed slots to make room (else that kind is
//! struck for the slot and it draws again). Every draw is therefore consistent; the weights
//! (a belief, or 1 for all) shape which consistent assignment comes out. The draw is not exactly
//! uniform over matchings (no cheap exact sampler is known for matchings with counts); with unit
//! weights it favours kinds as they are spread over the unfixed slots.
//!
//! A consistent state is then built straight from the observation and the drawn kinds
//! (`build_state`); tests check it equals replaying its own history.

use rand::Rng;

use std::sync::Arc;

use super::game::{BoardStart, Junqi, JunqiMove, Piece, Played, Start, OFF};
use super::observation::{Event, JunqiObservation, ObservedStart};
use super::piece::{
    attacker_kinds, defender_kinds, Kind, KindSet, KINDS, MOVABLE, PIECES_PER_SIDE,
};
use crate::game::{Game, PlayerId};

/// A matching of slots to kinds under capacities.
struct Matching<'a> {
    masks: &'a [KindSet],
    counts: [u8; KINDS],
    kind_of: Vec<u8>,
    used: [u8; KINDS],
    fixed: Vec<bool>,
}

const UNASSIGNED: u8 = 0xFF;

impl<'a> Matching<'a> {
    fn new(masks: &'a [KindSet], counts: &[u8; KINDS]) -> Option<Matching<'a>> {
        let total: usize = counts.iter().map(|&c| c as usize).sum();
        if total != masks.len() {
            return None;
        }
        let mut m = Matching {
            masks,
            counts: *counts,
            kind_of: vec![UNASSIGNED; masks.len()],
            used: [0; KINDS],
            fixed: vec![false; masks.len()],
        };
        for i in 0..masks.len() {
            if !m.assign(i) {
                return None;
            }
        }
        Some(m)
    }

    /// Gives unassigned slot `i` a kind, re-routing others if needed.
    fn assign(&mut self, i: usize) -> bool {
        let mask = self.masks[i];
        for k in 0..KINDS {
            if mask & (1 << k) != 0 && self.used[k] < self.counts[k] {
                self.kind_of[i] = k as u8;
                self.used[k] += 1;
                return true;
            }
        }
        for k in 0..KINDS {
            if mask & (1 << k) == 0 || self.counts[k] == 0 {
                continue;
            }
            self.kind_of[i] = k as u8;
            self.used[k] += 1;
            if self.reroute(k, i) {
                return true;
            }
            self.used[k] -= 1;
            self.kind_of[i] = UNASSIGNED;
        }
        false
    }

    /// Kind `source` has one slot too many: moves an unfixed slot (not `skip`) holding it to
    /// another kind, and so on along a shortest chain, to a kind with room. False if none.
    fn reroute(&mut self, source: usize, skip: usize) -> bool {
        // pred[b] = (slot that moves to b, the kind it leaves).
        let mut pred: [(usize, usize); KINDS] = [(usize::MAX, usize::MAX); KINDS];
        let mut seen = 1u16 << source;
        let mut queue = [0usize; KINDS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = source;
        while head < tail {
            let a = queue[head];
            head += 1;
            for j in 0..self.masks.len() {
                if j == skip || self.fixed[j] || self.kind_of[j] as usize != a {
                    continue;
                }
                let reach = self.masks[j] & !seen;
                for b in 0..KINDS {
                    if reach & (1 << b) == 0 || self.counts[b] == 0 {
                        continue;
                    }
                    seen |= 1 << b;
                    pred[b] = (j, a);
                    if self.used[b] < self.counts[b] {
                        // Shift along the chain back to the source.
                        let mut k = b;
                        while k != source {
                            let (slot, from) = pred[k];
                            self.kind_of[slot] = k as u8;
                            self.used[k] += 1;
                            self.used[from] -= 1;
                            k = from;
                        }
                        return true;
                    }
                    queue[tail] = b;
                    tail += 1;
                }
            }
        }
        false
    }

    /// Fixes slot `i` to kind `k` if the other unfixed slots can make room.
    fn fix(&mut self, i: usize, k: usize) -> bool {
        let old = self.kind_of[i] as usize;
        if old != k {
            self.used[old] -= 1;
            self.used[k] += 1;
            self.kind_of[i] = k as u8;
            if self.used[k] > self.counts[k] && !self.reroute(k, i) {
                self.kind_of[i] = old as u8;
                self.used[k] -= 1;
                self.used[old] += 1;
                return false;
            }
        }
        self.fixed[i] = true;
        true
    }
}

/// Whether some assignment of kinds (with exactly these counts) fits every slot.
pub fn feasible(masks: &[KindSet], counts: &[u8; KINDS]) -> bool {
    Matching::new(masks, counts).is_some()
}

/// A random consistent assignment: slot i gets a kind in `masks[i]`, kind k is used exactly
/// `counts[k]` times. `weights[i][k]` (optional, non-negative) biases the draw. None if no
/// assignment exists.
pub fn draw_kinds<R: Rng + ?Sized>(
    masks: &[KindSet],
    counts: &[u8; KINDS],
    weights: Option<&[[f64; KINDS]]>,
    rng: &mut R,
) -> Option<Vec<Kind>> {
    let mut m = Matching::new(masks, counts)?;
    let n = masks.len();
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.gen_range(0..=i));
    }
    let mut fixed_used = [0u8; KINDS];
    for &i in &order {
        let mut candidates = masks[i];
        loop {
            let w = |k: usize| -> f64 {
                let room = (m.counts[k] - fixed_used[k]) as f64;
                let base = weights.map_or(1.0, |w| w[i][k].max(0.0));
                room * base
            };
            let total: f64 = (0..KINDS)
                .filter(|&k| candidates & (1 << k) != 0)
                .map(w)
                .sum();
            let k = if total > 0.0 {
                let mut x = rng.gen::<f64>() * total;
                let mut pick = m.kind_of[i] as usize;
                for k in 0..KINDS {
                    if candidates & (1 << k) == 0 {
                        continue;
                    }
                    let wk = w(k);
                    if x < wk {
                        pick = k;
                        break;
                    }
                    x -= wk;
                }
                pick
            } else {
                // Zero weight on every candidate left: the matching's own choice is feasible.
                m.kind_of[i] as usize
            };
            if m.fix(i, k) {
                fixed_used[k] += 1;
                break;
            }
            candidates &= !(1 << k);
        }
    }
    Some(
        m.kind_of
            .iter()
            .map(|&k| Kind::from_index(k as usize).expect("every slot assigned"))
            .collect(),
    )
}

/// The full state an observation describes once the enemy's kinds are chosen (`enemy_kinds`
/// by enemy id; extra entries for points the enemy has still to fill at setup are ignored).
pub fn build_state(obs: &JunqiObservation, enemy_kinds: &[Kind]) -> Junqi {
    let me: PlayerId = obs.player();
    let opp = 1 - me;
    let rules = *obs.rules();
    let count = obs.count();
    let mut state = Junqi::setup_start(&rules);
    let mut pieces = [[Piece {
        kind: Kind::Flag,
        at: OFF,
        known: 0,
    }; PIECES_PER_SIDE]; 2];
    for (id, e) in obs.enemy_pieces().iter().enumerate() {
        pieces[opp][id] = Piece {
            kind: enemy_kinds[id],
            at: e.at,
            known: e.known,
        };
    }
    let mut own_known: Vec<KindSet> = obs.own_pieces().iter().map(|p| p.known_base).collect();
    for c in obs.combats() {
        let ek = enemy_kinds[c.enemy];
        own_known[c.own] &= if c.own_attacked {
            attacker_kinds(ek, c.outcome, &rules)
        } else {
            defender_kinds(ek, c.outcome, &rules)
        };
    }
    for (id, p) in obs.own_pieces().iter().enumerate() {
        pieces[me][id] = Piece {
            kind: p.kind,
            at: p.at,
            known: own_known[id],
        };
    }
    state.start = match obs.start() {
        ObservedStart::Setup => Start::Setup,
        ObservedStart::Board {
            squares,
            side,
            quiet,
            ..
        } => {
            let mut full = [None; super::board::POINTS];
            let mut next = [0usize; 2];
            for (p, sq) in squares.iter().enumerate() {
                if let Some((o, k)) = *sq {
                    let id = next[o];
                    next[o] += 1;
                    full[p] = Some((o, k.unwrap_or(enemy_kinds[id])));
                }
            }
            Start::Board(Arc::new(BoardStart {
                squares: full,
                side: *side,
                quiet: *quiet,
            }))
        }
    };
    let mut placed = [0usize; 2];
    state.history = obs
        .events()
        .iter()
        .map(|e| match *e {
            Event::Place { point, kind } => {
                let owner = if placed[0] < PIECES_PER_SIDE { 0 } else { 1 };
                let id = placed[owner];
                placed[owner] += 1;
                Played {
                    mv: JunqiMove::Place {
                        point,
                        kind: kind.unwrap_or(enemy_kinds[id]),
                    },
                    outcome: None,
                    flags_shown: [OFF; 2],
                }
            }
            Event::Step {
                from,
                to,
                outcome,
                flags_shown,
            } => Played {
                mv: JunqiMove::Step { from, to },
                outcome,
                flags_shown,
            },
        })
        .collect();
    state.board = *obs.board();
    state.occupied = obs.occupied();
    state.pieces = pieces;
    state.count = count;
    state.in_setup = obs.in_setup();
    state.side = obs.side() as u8;
    state.quiet = obs.quiet();
    state.status = obs.status();
    state.ending = obs.ending();
    state.shown = obs.flags_shown();
    state.hash = state.hash_from_scratch();
    state
}

/// A consistent state drawn for an observation (`weights` per enemy slot, see `draw_kinds`).
///
/// One fact is not about single pieces: when the enemy is to move in a game that goes on, at
/// least one of its pieces with somewhere to go can move. A draw that breaks it (rare: only
/// when every such piece could still be a mine or the flag) is repeated with one of those
/// pieces, chosen at random among those that keep the problem feasible, restricted to the
/// kinds that move.
pub fn sample_state<R: Rng + ?Sized>(
    obs: &JunqiObservation,
    weights: Option<&[[f64; KINDS]]>,
    rng: &mut R,
) -> Junqi {
    let mut slots = obs.enemy_slots();
    let counts = obs.enemy_total();
    let mut kinds = draw_kinds(&slots, counts, weights, rng)
        .expect("an observation is only built when an arrangement fits it");
    if let Some(must) = obs.enemy_must_move() {
        if !must.iter().any(|&id| kinds[id].can_move()) {
            let mut order = must.clone();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.gen_range(0..=i));
            }
            for id in order {
                let keep = slots[id];
                slots[id] &= MOVABLE;
                if slots[id] != 0 && feasible(&slots, counts) {
                    kinds = draw_kinds(&slots, counts, weights, rng).expect("feasible");
                    break;
                }
                slots[id] = keep;
            }
        }
    }
    build_state(obs, &kinds)
}
