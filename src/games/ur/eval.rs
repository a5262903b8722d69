//! Ur evaluation features, each as (player's value - opponent's value), so the evaluation of a
//! position is antisymmetric between the sides.

use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::{Game, PlayerId};

use super::board::{is_rosette, roll_probability, Side, OFF, SHARED};
use super::game::{Ur, UrMove};

const NAMES: &[&str] = &["off", "progress", "home", "rosettes", "center", "danger"];

/// Probability that the opponent's next roll could land on the piece at route square `sq`
/// (shared, not a rosette): some roll r has an opponent piece r squares behind it.
fn danger(pieces: u8, piece_sq: u8, opp: Side) -> f64 {
    (1..=4u8)
        .filter(|&r| {
            piece_sq >= r && {
                let q = piece_sq - r;
                if q == 0 {
                    opp.home(pieces) > 0
                } else {
                    opp.has(q)
                }
            }
        })
        .map(roll_probability)
        .sum()
}

fn side_features(pieces: u8, own: Side, opp: Side) -> [f64; 6] {
    let mut progress = own.off as f64 * OFF as f64;
    let mut rosettes = 0.0;
    let mut dang = 0.0;
    for sq in 1..OFF {
        if own.has(sq) {
            progress += sq as f64;
            if is_rosette(sq) {
                rosettes += 1.0;
            } else if SHARED & (1 << sq) != 0 {
                dang += danger(pieces, sq, opp);
            }
        }
    }
    [
        own.off as f64,
        progress,
        own.home(pieces) as f64,
        rosettes,
        own.has(8) as u8 as f64,
        dang,
    ]
}

impl Evaluate for Ur {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        // In "progress" units (one route square = 1; a piece off is worth 15 + the bonus).
        vec![4.0, 1.0, 0.0, 2.0, 3.0, -8.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let pieces = self.rules().pieces;
        let own = self.side(player);
        let opp = self.side(1 - player);
        let a = side_features(pieces, own, opp);
        let b = side_features(pieces, opp, own);
        out.extend(a.iter().zip(b.iter()).map(|(x, y)| x - y));
    }
}

impl SearchHints for Ur {
    fn is_noisy(&self, mv: UrMove) -> bool {
        match mv {
            UrMove::Piece(from) => self.step_of(from).is_some_and(|s| s.hit),
            UrMove::Roll(_) | UrMove::Pass => false,
        }
    }
    fn order_hint(&self, mv: UrMove) -> i32 {
        match mv {
            UrMove::Piece(from) => match self.step_of(from) {
                Some(s) => 4 * s.hit as i32 + 3 * s.again as i32 + 2 * (s.to == OFF) as i32,
                None => 0,
            },
            UrMove::Roll(_) | UrMove::Pass => 0,
        }
    }
}

impl PlayoutPolicy for Ur {}

impl Backends for Ur {
    /// `backend = "perfect"`: optimal play read from a solved table (`perfect::build_agent`).
    fn game_agent(spec: &EngineSpec, _seed: u64) -> Option<Result<Box<dyn Agent<Self>>, String>> {
        (spec.backend == "perfect").then(|| super::perfect::build_agent(spec))
    }
}
