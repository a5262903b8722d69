//! Jungle evaluation features, each "mine minus the opponent's" for the player asked; weights by
//! name in engine files (`engines/jungle/*.toml`). Material by animal, closeness to the enemy
//! den, pieces one or two steps from it, guards beside the own traps, and pieces in hand (drop
//! variant) weighted by rank. Captures and den entries are the noisy moves.

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::board::{file_of, rank_of, step, Piece, DEN, DIRECTIONS, SQUARES, TRAPS};
use super::game::Jungle;
use super::movegen::JungleMove;

const NAMES: &[&str] = &[
    "rat",
    "cat",
    "dog",
    "wolf",
    "leopard",
    "tiger",
    "lion",
    "elephant",
    "den_distance",
    "den_attack",
    "trap_guard",
    "hand",
];

/// Steps from `sq` to `den` ignoring the water.
#[inline]
fn distance(sq: usize, den: usize) -> i32 {
    (file_of(sq) as i32 - file_of(den) as i32).abs()
        + (rank_of(sq) as i32 - rank_of(den) as i32).abs()
}

/// The value of a capture target for ordering: its rank, the elephant above all.
#[inline]
fn victim_value(p: Piece) -> i32 {
    p.animal.rank() as i32
}

impl Evaluate for Jungle {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        vec![
            40.0, 20.0, 30.0, 40.0, 50.0, 80.0, 90.0, 100.0, 1.0, 8.0, 3.0, 8.0,
        ]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let mut f = [0.0f64; 12];
        for sq in 0..SQUARES {
            let Some(p) = self.piece_at(sq) else { continue };
            let sign = if p.owner == player { 1.0 } else { -1.0 };
            f[p.animal as usize] += sign;
            let d = distance(sq, DEN[1 - p.owner]);
            // 10 steps is as far as a piece can be from the den on this board.
            f[8] += sign * (10 - d).max(0) as f64;
            if d <= 2 {
                f[9] += sign;
            }
            // A piece beside one of its own traps keeps intruders (rank 0 there) in reach.
            let guards = DIRECTIONS
                .iter()
                .any(|&dir| step(sq, dir).is_some_and(|n| TRAPS[p.owner] & (1 << n) != 0));
            if guards {
                f[10] += sign;
            }
        }
        for side in 0..2 {
            let sign = if side == player { 1.0 } else { -1.0 };
            let ranks: f64 = self
                .hand(side)
                .iter()
                .enumerate()
                .map(|(a, &n)| n as f64 * (a + 1) as f64)
                .sum();
            f[11] += sign * ranks;
        }
        out.extend_from_slice(&f);
    }
}

impl SearchHints for Jungle {
    fn is_noisy(&self, mv: JungleMove) -> bool {
        match mv {
            JungleMove::Step { to, .. } => {
                self.board()[to as usize] != 0 || to as usize == DEN[1 - self.side()]
            }
            JungleMove::Exchange { .. } => true,
            JungleMove::Drop { .. } => false,
        }
    }
    fn order_hint(&self, mv: JungleMove) -> i32 {
        match mv {
            JungleMove::Step { to, .. } => {
                if to as usize == DEN[1 - self.side()] {
                    return 100;
                }
                self.piece_at(to as usize)
                    .map_or(0, |p| 10 * victim_value(p))
            }
            JungleMove::Exchange { .. } => 5,
            JungleMove::Drop { .. } => -1,
        }
    }
}

impl PlayoutPolicy for Jungle {}

impl Backends for Jungle {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList};
    use rand::{Rng, SeedableRng};

    #[test]
    fn features_are_antisymmetric() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(2);
        for rules in ["", "drops=true"] {
            let rules = crate::game::RuleSet::parse(rules).unwrap();
            for _ in 0..100 {
                let mut s = Jungle::new(&rules);
                for _ in 0..rng.gen_range(0..80) {
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
    }
}
