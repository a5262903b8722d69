//! NoGo knowledge for the search back ends: evaluation features, move-ordering hints, and the
//! default policy of Monte Carlo playouts.
//!
//! The game is about who runs out of moves first, so everything counts points. For a colour:
//! its *legal* points; its *safe* points, legal for it and not for the opponent (points the
//! opponent cannot take away, for now); its *eyes*, empty points whose every neighbour is its own
//! stone. An eye is safe for good: an enemy stone there would never have a liberty, and the
//! neighbours never change. Filling one's own eye spends a move the opponent could not have taken.

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::bits::Bits;
use super::board::Board;
use super::game::{NoGo, NoGoMove};
use super::geometry::Width;
use crate::nogo_board;

pub const FEATURES: &[&str] = &["mobility", "safe", "eyes"];

/// Default weights (evaluation units: one legal move = 1). Hand-set; `greedy` and alpha-beta
/// use them (results/nogo.md has their matches).
pub const DEFAULT_WEIGHTS: [f64; 3] = [1.0, 2.0, 1.0];

/// The knobs of the playout policy: the weight of drawing each kind of legal point, relative to
/// 1 for a point that is legal for both sides (a *shared* point, which the opponent could take
/// next). `safe`: a point legal only for the mover (not an eye); `eye`: the mover's own eye.
/// The defaults were chosen by the matches in results/nogo.md.
pub const PLAYOUT_KNOBS: &[(&str, f64)] = &[("safe", 0.5), ("eye", 0.05)];

/// The eyes of `colour`: empty points with no neighbour that is empty or the opponent's.
#[inline]
pub fn eyes<B: Width>(b: &Board<B>, colour: usize) -> B {
    let g = b.geometry();
    b.empty_points()
        .andnot(g.dilate(g.board.andnot(b.stones(colour))))
}

/// Points legal for `colour` and not for its opponent.
#[inline]
pub fn safe<B: Width>(b: &Board<B>, colour: usize) -> B {
    b.legal(colour).andnot(b.legal(1 - colour))
}

fn features_of<B: Width>(b: &Board<B>, me: usize, out: &mut Vec<f64>) {
    let opp = 1 - me;
    let mobility = b.legal(me).count() as f64 - b.legal(opp).count() as f64;
    let safe_points = safe(b, me).count() as f64 - safe(b, opp).count() as f64;
    let eye_points = eyes(b, me).count() as f64 - eyes(b, opp).count() as f64;
    out.extend_from_slice(&[mobility, safe_points, eye_points]);
}

/// A playout move for the side to move, or None when it has no legal move.
#[inline]
fn policy_move<B: Width, R: rand::Rng + ?Sized>(
    b: &Board<B>,
    knobs: &[f64],
    rng: &mut R,
) -> Option<usize> {
    let me = b.side();
    let legal = b.legal(me);
    if legal.is_empty() {
        return None;
    }
    let own_eyes = eyes(b, me).and(legal);
    let shared = legal.and(b.legal(1 - me));
    let safe_points = legal.andnot(shared).andnot(own_eyes);
    let classes = [(shared, 1.0), (safe_points, knobs[0]), (own_eyes, knobs[1])];
    let total: f64 = classes.iter().map(|(s, w)| s.count() as f64 * w).sum();
    if total <= 0.0 {
        return Some(legal.select(rng.gen_range(0..legal.count())));
    }
    let mut x = rng.gen::<f64>() * total;
    let mut last = legal;
    for (set, w) in classes {
        let mass = set.count() as f64 * w;
        if mass <= 0.0 {
            continue;
        }
        last = set;
        if x < mass {
            break;
        }
        x -= mass;
    }
    // `last` is the class drawn (or, after rounding, the last one with weight).
    Some(last.select(rng.gen_range(0..last.count())))
}

impl Evaluate for NoGo {
    fn feature_names() -> &'static [&'static str] {
        FEATURES
    }
    fn default_weights() -> Vec<f64> {
        DEFAULT_WEIGHTS.to_vec()
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        nogo_board!(self, |b| features_of(b, player, out))
    }
}

impl SearchHints for NoGo {
    /// Shared points first (each one taken is one the opponent loses), then safe points, own
    /// eyes last.
    fn order_hint(&self, mv: NoGoMove) -> i32 {
        let p = mv.0 as usize;
        nogo_board!(self, |b| {
            let me = b.side();
            if b.legal(1 - me).has(p) {
                2
            } else if eyes(b, me).has(p) {
                0
            } else {
                1
            }
        })
    }
}

impl PlayoutPolicy for NoGo {
    fn playout_knobs() -> &'static [(&'static str, f64)] {
        PLAYOUT_KNOBS
    }
    fn playout_move<R: rand::Rng + ?Sized>(&self, knobs: &[f64], rng: &mut R) -> Option<NoGoMove> {
        let knobs = if knobs.len() == PLAYOUT_KNOBS.len() {
            [knobs[0], knobs[1]]
        } else {
            [PLAYOUT_KNOBS[0].1, PLAYOUT_KNOBS[1].1]
        };
        nogo_board!(self, |b| policy_move(b, &knobs, rng)).map(|p| NoGoMove(p as u16))
    }
}

impl Backends for NoGo {}
