//! Oware evaluation features, each "mine minus the opponent's" for the player asked. Weights
//! live in engine files (`engines/oware/*.toml`); the defaults are a hand-set start. Captures
//! are the noisy moves for quiescence and come first in move ordering.

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::{Game, PlayerId};

use super::board::{self, row_start, Houses, ROW};
use super::game::{Oware, OwareMove};
use super::rules::Leftover;

const NAMES: &[&str] = &[
    "captured",
    "row_seeds",
    "mobility",
    "exposed",
    "big_houses",
    "empty_houses",
];

/// Houses of `side` holding 1 or 2 seeds: one more seed makes them capturable.
fn exposed(b: &Houses, side: usize) -> f64 {
    b[row_start(side)..row_start(side) + ROW]
        .iter()
        .filter(|&&s| s == 1 || s == 2)
        .count() as f64
}

/// Houses of `side` with 12 or more seeds: a sowing that laps the board (a "kroo").
fn big(b: &Houses, side: usize) -> f64 {
    b[row_start(side)..row_start(side) + ROW]
        .iter()
        .filter(|&&s| s >= 12)
        .count() as f64
}

fn empty(b: &Houses, side: usize) -> f64 {
    b[row_start(side)..row_start(side) + ROW]
        .iter()
        .filter(|&&s| s == 0)
        .count() as f64
}

impl Evaluate for Oware {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        vec![10.0, 1.0, 1.0, -2.0, 3.0, -1.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let b = self.houses();
        let (me, them) = (player, 1 - player);
        let s = self.scores();
        let captured = s[me] as f64 - s[them] as f64;
        // Seeds in a row end up with its owner when an empty row ends the game.
        let row = if self.rules().leftover == Leftover::Own {
            board::row_seeds(b, me) as f64 - board::row_seeds(b, them) as f64
        } else {
            0.0
        };
        let mobility = |side: usize| {
            b[row_start(side)..row_start(side) + ROW]
                .iter()
                .filter(|&&x| x > 0)
                .count() as f64
        };
        out.extend_from_slice(&[
            captured,
            row,
            mobility(me) - mobility(them),
            exposed(b, me) - exposed(b, them),
            big(b, me) - big(b, them),
            empty(b, me) - empty(b, them),
        ]);
    }
}

impl SearchHints for Oware {
    fn is_noisy(&self, mv: OwareMove) -> bool {
        captures(self, mv) > 0
    }
    fn order_hint(&self, mv: OwareMove) -> i32 {
        captures(self, mv) as i32
    }
}

impl PlayoutPolicy for Oware {}

impl Backends for Oware {
    fn exact_values(
        spec: &crate::engine_file::EngineSpec,
    ) -> Result<Option<std::sync::Arc<dyn crate::eval::ExactValues<Self>>>, String> {
        super::probe::from_spec(spec)
    }
}

/// The seeds `mv` captures here.
fn captures(state: &Oware, mv: OwareMove) -> u8 {
    let mut b = *state.houses();
    board::play(&mut b, state.side(), mv as usize, state.rules()).captured
}
