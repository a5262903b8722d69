//! Evaluation features for Junqi, from one player's point of view, on a full state (engines
//! evaluate the states they sample, never the true one): material by kind, how far the movable
//! pieces have advanced, and flags shown.

use super::board::{half_of, is_hq};
use super::game::{Junqi, JunqiMove, OFF};
use super::piece::Kind;
use crate::eval::hidden::HiddenVisitor;
use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

pub const FEATURES: &[&str] = &[
    "marshal",
    "general",
    "division",
    "brigade",
    "regiment",
    "battalion",
    "company",
    "platoon",
    "engineer",
    "bomb",
    "mine",
    "advance",
    "flag_shown",
];

/// Hand-set: roughly the piece values Junqi players quote (the marshal worth most, a bomb about
/// a brigade commander, engineers above their rank for clearing mines), in platoon-leader units.
pub const DEFAULT_WEIGHTS: [f64; 13] = [
    10.0, 8.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.5, 2.5, 5.0, 2.0, 0.5, 3.0,
];

impl Evaluate for Junqi {
    fn feature_names() -> &'static [&'static str] {
        FEATURES
    }
    fn default_weights() -> Vec<f64> {
        DEFAULT_WEIGHTS.to_vec()
    }
    /// Own minus enemy: pieces of each kind on the board (marshal .. mine), movable pieces in
    /// the other half (not stuck in a headquarters), and whether the enemy's flag was shown
    /// minus whether ours was.
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let mut f = [0.0f64; 13];
        for owner in 0..2 {
            let sign = if owner == player { 1.0 } else { -1.0 };
            for p in self.pieces(owner) {
                if p.at == OFF {
                    continue;
                }
                if p.kind != Kind::Flag {
                    f[p.kind.index()] += sign;
                }
                if p.kind.can_move() && half_of(p.at) != owner && !is_hq(p.at) {
                    f[11] += sign;
                }
            }
            if self.flags_shown() & (1 << owner) != 0 {
                f[12] -= sign;
            }
        }
        out.extend_from_slice(&f);
    }
}

impl SearchHints for Junqi {
    fn is_noisy(&self, mv: JunqiMove) -> bool {
        matches!(mv, JunqiMove::Step { to, .. } if self.at(to).is_some())
    }
    fn order_hint(&self, mv: JunqiMove) -> i32 {
        self.is_noisy(mv) as i32
    }
}

impl PlayoutPolicy for Junqi {}

impl Backends for Junqi {
    /// Junqi hides the ranks: every engine plays from its observation only (`eval::hidden`).
    fn as_hidden<V: HiddenVisitor<Self>>(v: V) -> Option<V::Output> {
        Some(v.visit())
    }
}
