//! A belief over the enemy's hidden kinds, read from an observation, to weight the sampler
//! (`sample::draw_kinds`): which consistent arrangements the search plays in more often. Hard
//! facts (setup rules, combat outcomes, moves, shown flags) are already in the observation's
//! sets of possible kinds; the belief adds two soft ones:
//!
//! - the setup prior: how often the library setups (`setups::LIBRARY`, with mirrors) put each
//!   kind on each setup point, smoothed towards the plain counts by `setup_prior` pseudo-setups
//!   (0 turns it off);
//! - staying put (`stay_evidence`): each time the enemy moves, every other enemy piece that has
//!   never moved (outside a headquarters) is `1 - 1/N` times as likely to be a movable kind as
//!   before (N: the enemy's pieces outside headquarters then), the likelihood of not being the
//!   one chosen by an enemy that picks its piece at random. Mines and the flag never move, so
//!   pieces that stay put drift towards them.

use super::board::{is_hq, POINTS};
use super::game::{Junqi, OFF};
use super::observation::{Event, JunqiObservation, ObservedStart};
use super::piece::{Outcome, ALL_KINDS, KINDS, PIECES_PER_SIDE, START_COUNTS};
use super::sample::sample_state;
use super::setups::library;
use crate::game::PlayerId;
use crate::search::ismcts::Determinizer;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeliefConfig {
    /// Pseudo-setups of the plain counts mixed into the library's frequencies (0: no prior).
    pub setup_prior: f64,
    pub stay_evidence: bool,
}

impl Default for BeliefConfig {
    fn default() -> Self {
        BeliefConfig {
            setup_prior: 5.0,
            stay_evidence: true,
        }
    }
}

/// The setup prior as weights relative to the plain counts: w[i][k] = P_library+smoothing(k at
/// setup point i) / (count k / 25).
fn setup_prior(strength: f64) -> Vec<[f64; KINDS]> {
    let lib = library();
    let n = lib.len() as f64;
    (0..PIECES_PER_SIDE)
        .map(|i| {
            let mut w = [0.0; KINDS];
            for (k, wk) in w.iter_mut().enumerate() {
                let base = START_COUNTS[k] as f64 / PIECES_PER_SIDE as f64;
                let seen = lib.iter().filter(|s| s.0[i].index() == k).count() as f64;
                *wk = (seen + strength * base) / ((n + strength) * base);
            }
            w
        })
        .collect()
}

/// The weights of every enemy slot (see `JunqiObservation::enemy_slots`).
pub fn belief_weights(obs: &JunqiObservation, config: &BeliefConfig) -> Vec<[f64; KINDS]> {
    let me = obs.player();
    let opp = 1 - me;
    let slots = obs.enemy_slots().len();
    let standard = matches!(obs.start(), ObservedStart::Setup);
    let mut w: Vec<[f64; KINDS]> = if standard && config.setup_prior > 0.0 {
        setup_prior(config.setup_prior)
    } else {
        vec![[1.0; KINDS]; slots.max(PIECES_PER_SIDE)]
    };
    w.truncate(slots);
    if !config.stay_evidence {
        return w;
    }
    // Replay the moves on a board of (owner, id) to see who moved and who stayed.
    let mut on: [Option<(PlayerId, usize)>; POINTS] = [None; POINTS];
    let mut at = [[OFF; PIECES_PER_SIDE]; 2];
    let mut moved = [false; PIECES_PER_SIDE];
    let mut stay_log = [0.0f64; PIECES_PER_SIDE];
    if let ObservedStart::Board { squares, .. } = obs.start() {
        {
            let mut next = [0usize; 2];
            for (p, sq) in squares.iter().enumerate() {
                if let Some((o, _)) = sq {
                    on[p] = Some((*o, next[*o]));
                    at[*o][next[*o]] = p as u8;
                    next[*o] += 1;
                }
            }
        }
    }
    let mut placed = [0usize; 2];
    for e in obs.events() {
        match *e {
            Event::Place { point, .. } => {
                let owner = if placed[0] < PIECES_PER_SIDE { 0 } else { 1 };
                on[point as usize] = Some((owner, placed[owner]));
                at[owner][placed[owner]] = point;
                placed[owner] += 1;
            }
            Event::Step {
                from, to, outcome, ..
            } => {
                let Some((mover, id)) = on[from as usize] else {
                    continue;
                };
                if mover == opp {
                    let candidates = (0..PIECES_PER_SIDE)
                        .filter(|&j| at[opp][j] != OFF && !is_hq(at[opp][j]))
                        .count()
                        .max(1);
                    let f = (1.0 - 1.0 / candidates as f64).max(1e-6).ln();
                    for j in 0..PIECES_PER_SIDE {
                        if j != id && !moved[j] && at[opp][j] != OFF && !is_hq(at[opp][j]) {
                            stay_log[j] += f;
                        }
                    }
                    moved[id] = true;
                }
                let target = on[to as usize];
                on[from as usize] = None;
                if let (Some((o, i)), Some(Outcome::AttackerWins | Outcome::BothDie)) =
                    (target, outcome)
                {
                    at[o][i] = OFF;
                }
                match outcome {
                    None | Some(Outcome::AttackerWins) => {
                        on[to as usize] = Some((mover, id));
                        at[mover][id] = to;
                    }
                    Some(Outcome::DefenderWins) => at[mover][id] = OFF,
                    Some(Outcome::BothDie) => {
                        at[mover][id] = OFF;
                        on[to as usize] = None;
                    }
                }
            }
        }
    }
    for (j, wj) in w.iter_mut().enumerate().take(PIECES_PER_SIDE) {
        let stay = stay_log[j].exp();
        for k in ALL_KINDS {
            if k.can_move() {
                wj[k.index()] *= stay;
            }
        }
    }
    w
}

/// Draws the enemy's kinds for information-set search: uniformly among consistent
/// arrangements (as far as `sample::draw_kinds` goes), or weighted by a belief.
pub struct JunqiDeterminizer {
    belief: Option<BeliefConfig>,
    weights: Option<Vec<[f64; KINDS]>>,
}

impl JunqiDeterminizer {
    pub fn new(belief: Option<BeliefConfig>) -> Self {
        JunqiDeterminizer {
            belief,
            weights: None,
        }
    }
}

impl Determinizer<Junqi> for JunqiDeterminizer {
    fn prepare(&mut self, obs: &JunqiObservation) {
        self.weights = self.belief.map(|b| belief_weights(obs, &b));
    }
    fn draw(&mut self, obs: &JunqiObservation, rng: &mut rand_chacha::ChaCha8Rng) -> Junqi {
        sample_state(obs, self.weights.as_deref(), rng)
    }
}
