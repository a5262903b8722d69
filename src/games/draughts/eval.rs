//! Evaluation features for alpha-beta: material, kings, tempo (how far the men have come),
//! centre, back rank, runaway men, mobility; captures are the noisy moves for quiescence.

use crate::engine::Evaluate;
use crate::game::PlayerId;

use super::geometry::{row_col, Geometry};
use super::movegen::{count_quiet, DraughtsMove};
use super::position::Position;

const FEATURES: &[&str] = &[
    "men",
    "kings",
    "tempo",
    "centre",
    "back_rank",
    "runaway",
    "mobility",
];

/// Sum over a set of bits of `f(row from the owner's side, column)`.
fn sum_over<G: Geometry>(set: u64, player: PlayerId, f: impl Fn(u32, u32) -> f64) -> f64 {
    let mut b = set;
    let mut total = 0.0;
    while b != 0 {
        let (r, c) = row_col::<G>(b.trailing_zeros());
        b &= b - 1;
        // Rows counted from the owner's back row: 0 = back row, SIZE-1 = promotion row.
        let advanced = if player == 0 { G::SIZE - 1 - r } else { r };
        total += f(advanced, c);
    }
    total
}

/// Men with no enemy piece in the cone in front of them (a crude "runaway": nothing can stop
/// it by blocking; captures from the side are left to the search).
fn runaway<G: Geometry>(men: u64, enemies: u64, player: PlayerId) -> f64 {
    let mut n = 0.0;
    let mut b = men;
    while b != 0 {
        let (r, c) = row_col::<G>(b.trailing_zeros());
        b &= b - 1;
        let mut free = true;
        let mut e = enemies;
        while e != 0 && free {
            let (er, ec) = row_col::<G>(e.trailing_zeros());
            e &= e - 1;
            let ahead = if player == 0 {
                r as i32 - er as i32
            } else {
                er as i32 - r as i32
            };
            free = ahead <= 0 || (ec as i32 - c as i32).abs() > ahead;
        }
        if free {
            n += 1.0;
        }
    }
    n
}

impl<G: Geometry> Evaluate for Position<G> {
    fn feature_names() -> &'static [&'static str] {
        FEATURES
    }
    fn default_weights() -> Vec<f64> {
        vec![100.0, 300.0, 2.0, 4.0, 5.0, 30.0, 1.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let me = player;
        let other = 1 - player;
        let kings = self.kings();
        let centre_col = |c: u32| {
            let mid = (G::SIZE as f64 - 1.0) / 2.0;
            1.0 - ((c as f64 - mid).abs() / mid)
        };
        let diff = |f: &dyn Fn(PlayerId) -> f64| f(me) - f(other);
        let men = diff(&|p| (self.pieces(p) & !kings).count_ones() as f64);
        let kings_n = diff(&|p| (self.pieces(p) & kings).count_ones() as f64);
        let tempo = diff(&|p| sum_over::<G>(self.pieces(p) & !kings, p, |a, _| a as f64));
        let centre = diff(&|p| sum_over::<G>(self.pieces(p) & !kings, p, |_, c| centre_col(c)));
        let back =
            diff(&|p| sum_over::<G>(self.pieces(p) & !kings, p, |a, _| (a == 0) as u8 as f64));
        let run = diff(&|p| runaway::<G>(self.pieces(p) & !kings, self.pieces(1 - p), p));
        let mobility = diff(&|p| {
            let mut s = self.sides();
            if s.player != p {
                std::mem::swap(&mut s.own, &mut s.opp);
                s.player = p;
            }
            count_quiet::<G>(&s, self.variant()) as f64
        });
        out.extend_from_slice(&[men, kings_n, tempo, centre, back, run, mobility]);
    }
    fn is_quiet(&self) -> bool {
        !self.has_capture()
    }
    fn is_noisy(&self, mv: DraughtsMove) -> bool {
        mv.captured != 0 || mv.promotes
    }
    fn order_hint(&self, mv: DraughtsMove) -> i32 {
        let captured = mv.captured.count_ones() as i32;
        let kings = (mv.captured & self.kings()).count_ones() as i32;
        captured * 100 + kings * 50 + if mv.promotes { 80 } else { 0 }
    }
}
