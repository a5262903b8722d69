//! Othello evaluation features: the classic hand-made terms (mobility, frontier / potential
//! mobility, corners, X- and C-squares next to empty corners, edges, parity, discs late).
//! Weights live in engine files; the defaults below are a sensible hand-set start for the tuner.
//!
//! The `patterns` feature is the fitted pattern evaluation (`patterns`, in discs of final
//! margin for the player). Its default weight is 0, so the hand-set evaluation is unchanged;
//! an engine file with `patterns = 1.0` and the hand-set weights at 0 (`ab-patterns.toml`)
//! evaluates by the pattern tables alone.

use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::bitboard::{legal_moves, neighbours};
use super::{Othello, OthelloMove, PASS};

const CORNERS: u64 = 0x8100_0000_0000_0081;
const EDGES: u64 = 0xFF81_8181_8181_81FF & !CORNERS;
/// (corner, X-square, C-squares) for each corner.
const CORNER_REGIONS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 48) | (1 << 57)),
    (1 << 63, 1 << 54, (1 << 55) | (1 << 62)),
];
/// Empties at or below which the disc count starts to matter on its own.
const LATE_EMPTIES: u32 = 12;

const NAMES: &[&str] = &[
    "mobility",
    "frontier",
    "corners",
    "x_squares",
    "c_squares",
    "edges",
    "parity",
    "discs",
    "discs_late",
    "patterns",
];
/// Where the `patterns` feature sits in `NAMES`.
const PATTERNS: usize = 9;

/// Discs next to an empty corner that hand it to the opponent: (X-squares, C-squares).
fn risky_squares(discs: u64, empty: u64) -> (i32, i32) {
    let (mut x, mut c) = (0, 0);
    for &(corner, xsq, csq) in &CORNER_REGIONS {
        if empty & corner != 0 {
            x += (discs & xsq).count_ones() as i32;
            c += (discs & csq).count_ones() as i32;
        }
    }
    (x, c)
}

impl Othello {
    /// The pattern evaluation for `player`, in discs: the tables read for the side to move,
    /// negated for the other player.
    pub fn pattern_value(&self, player: PlayerId) -> f64 {
        let v = super::patterns::fitted().eval(self.own(), self.opp()) as f64
            / super::patterns::SCALE as f64;
        if player == self.side() {
            v
        } else {
            -v
        }
    }

    /// The hand-set terms, "mine minus the opponent's" for `player`.
    fn hand_features(&self, player: PlayerId, out: &mut [f64; PATTERNS]) {
        let (me, them) = if player == self.side() {
            (self.own(), self.opp())
        } else {
            (self.opp(), self.own())
        };
        let empty = !(me | them);
        let empties = empty.count_ones();
        let my_moves = legal_moves(me, them).count_ones() as f64;
        let their_moves = legal_moves(them, me).count_ones() as f64;
        // Frontier discs (next to an empty square) give the opponent moves: fewer is better.
        let near_empty = neighbours(empty);
        let frontier =
            (near_empty & them).count_ones() as f64 - (near_empty & me).count_ones() as f64;
        let corners = (me & CORNERS).count_ones() as f64 - (them & CORNERS).count_ones() as f64;
        let (mx, mc) = risky_squares(me, empty);
        let (tx, tc) = risky_squares(them, empty);
        let edges = (me & EDGES).count_ones() as f64 - (them & EDGES).count_ones() as f64;
        // With an odd number of empties the side to move expects the last move of the game.
        let to_move_odd = if empties % 2 == 1 { 1.0 } else { -1.0 };
        let parity = if player == self.side() {
            to_move_odd
        } else {
            -to_move_odd
        };
        let discs = me.count_ones() as f64 - them.count_ones() as f64;
        let late = if empties <= LATE_EMPTIES { discs } else { 0.0 };
        *out = [
            my_moves - their_moves,
            frontier,
            corners,
            (mx - tx) as f64,
            (mc - tc) as f64,
            edges,
            parity,
            discs,
            late,
        ];
    }
}

impl Evaluate for Othello {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        vec![8.0, 3.0, 60.0, -25.0, -8.0, 2.0, 3.0, 0.0, 4.0, 0.0]
    }
    /// Every term is "mine minus the opponent's" for `player`.
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let mut hand = [0.0; PATTERNS];
        self.hand_features(player, &mut hand);
        out.extend_from_slice(&hand);
        out.push(self.pattern_value(player));
    }
    /// The same value as `dot(weights, features)`, without computing the terms whose weight is
    /// 0: the hand-set engines never pay for the pattern tables, the pattern engine never for
    /// the hand-set terms. (The sum runs in the same order as the linear path's, so the
    /// hand-set engines' scores and node counts are exactly those of before.)
    fn evaluate(&self, player: PlayerId, weights: &[f64]) -> Option<f64> {
        let hand_w = &weights[..PATTERNS.min(weights.len())];
        let pattern_w = weights.get(PATTERNS).copied().unwrap_or(0.0);
        let mut v = if hand_w.iter().any(|&w| w != 0.0) {
            let mut hand = [0.0; PATTERNS];
            self.hand_features(player, &mut hand);
            hand_w.iter().zip(hand.iter()).map(|(w, f)| w * f).sum()
        } else {
            0.0
        };
        if pattern_w != 0.0 {
            v += pattern_w * self.pattern_value(player);
        }
        Some(v)
    }
}

impl SearchHints for Othello {
    /// Corners first, squares that give a corner away last.
    fn order_hint(&self, mv: OthelloMove) -> i32 {
        if mv == PASS {
            return 0;
        }
        let bit = 1u64 << mv;
        if bit & CORNERS != 0 {
            return 4;
        }
        let empty = self.empties();
        for &(corner, xsq, csq) in &CORNER_REGIONS {
            if empty & corner != 0 {
                if bit & xsq != 0 {
                    return -4;
                }
                if bit & csq != 0 {
                    return -1;
                }
            }
        }
        if bit & EDGES != 0 {
            1
        } else {
            0
        }
    }
}

impl PlayoutPolicy for Othello {}

impl Backends for Othello {
    /// `backend = "exact"`: the endgame solver as a player (`solve::ExactAgent`).
    fn game_agent(spec: &EngineSpec, _seed: u64) -> Option<Result<Box<dyn Agent<Self>>, String>> {
        (spec.backend == "exact").then(|| super::solve::ExactAgent::from_spec(spec))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};
    use rand::{Rng, SeedableRng};

    /// Features are "mine minus theirs": seen by the other player every term changes sign.
    #[test]
    fn features_are_antisymmetric() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for _ in 0..200 {
            let mut s = Othello::new(&Default::default());
            for _ in 0..rng.gen_range(0..50) {
                let mut m = MoveList::new();
                s.legal_moves(&mut m);
                if m.is_empty() {
                    break;
                }
                s.play(m[rng.gen_range(0..m.len())]);
            }
            let (mut a, mut b) = (Vec::new(), Vec::new());
            s.features(0, &mut a);
            s.features(1, &mut b);
            assert_eq!(a.len(), NAMES.len());
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(*x, -*y, "{}", s.format_position());
            }
        }
    }

    #[test]
    fn corner_terms_count_the_right_squares() {
        // Black holds a1 and b2 (X-square of a taken corner: not risky), white holds g2 next to
        // the empty h1 (risky) and b1 (C-square of a taken corner: not risky).
        let black = (1u64 << 0) | (1 << 9);
        let white = (1u64 << 14) | (1 << 1) | (1 << 28);
        let s = Othello::from_discs(Default::default(), black, white, 0);
        let mut f = Vec::new();
        s.features(0, &mut f);
        assert_eq!(f[2], 1.0, "corners");
        assert_eq!(f[3], -1.0, "x_squares");
        assert_eq!(f[4], 0.0, "c_squares");
    }
}
