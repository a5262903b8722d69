//! Three-way features, from one seat's view: how far the piece is from its base and from the
//! nearest rival base, and the chance that the next roll lets it (or a rival) win at once.

use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::{Game, PlayerId};

use super::board::{distance, BASES};
use super::game::{destinations, ThreeWay, TwMove, PAIRS};

const NAMES: &[&str] = &[
    "own_distance",
    "rival_distance",
    "win_next",
    "rival_win_next",
];

impl ThreeWay {
    /// The chance that the next roll is `seat`'s and reaches its base from the piece's point.
    pub fn win_next(&self, seat: PlayerId) -> f64 {
        let Some(pair) = self.pair_of(seat) else {
            return 0.0;
        };
        let (a, b) = PAIRS[pair as usize];
        let mut dest = Vec::new();
        let mut n = 0;
        for roll in [a, b] {
            dest.clear();
            destinations(self.rules().movement, self.piece(), roll, &mut dest);
            n += dest.contains(&BASES[seat]) as u32;
        }
        n as f64 / 6.0
    }
}

impl Evaluate for ThreeWay {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        vec![-1.0, 0.5, 20.0, -10.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let x = self.piece();
        let rivals = (0..3).filter(|&s| s != player);
        out.push(distance(x, BASES[player]) as f64);
        out.push(
            rivals
                .clone()
                .map(|s| distance(x, BASES[s]))
                .min()
                .unwrap_or(0) as f64,
        );
        out.push(self.win_next(player));
        out.push(rivals.map(|s| self.win_next(s)).fold(0.0, f64::max));
    }
}

impl SearchHints for ThreeWay {
    fn order_hint(&self, mv: TwMove) -> i32 {
        match (mv, self.current_player()) {
            (TwMove::To(y), Some(p)) => -(distance(y as usize, BASES[p]) as i32),
            _ => 0,
        }
    }
}

impl PlayoutPolicy for ThreeWay {}

impl Backends for ThreeWay {
    /// `backend = "perfect"`: the exact max^n player (`perfect.rs`).
    fn game_agent(spec: &EngineSpec, _seed: u64) -> Option<Result<Box<dyn Agent<Self>>, String>> {
        (spec.backend == "perfect").then(|| super::perfect::build_agent(spec))
    }
}
