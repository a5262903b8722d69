//! Big Cat has no decisions, so no engine ever consults an evaluation; the one feature (route
//! squares ahead of the others' mean) is there for `LeafValue::Eval` and for reading positions.

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::game::BigCat;

impl Evaluate for BigCat {
    fn feature_names() -> &'static [&'static str] {
        &["lead"]
    }
    fn default_weights() -> Vec<f64> {
        vec![1.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        use crate::game::Game;
        let n = self.num_players();
        let others: f64 = (0..n)
            .filter(|&p| p != player)
            .map(|p| self.position(p) as f64)
            .sum::<f64>()
            / (n - 1) as f64;
        out.push(self.position(player) as f64 - others);
    }
}

impl SearchHints for BigCat {}

impl PlayoutPolicy for BigCat {}

impl Backends for BigCat {}
