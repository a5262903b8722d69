//! What the search back ends see of backgammon (`eval::Evaluate`): equity in thousandths.
//!
//! Money play: points won with the cube (a gammon with the cube at 2 is 4000). A match: the
//! match equity 2 x (match winning chance) - 1 (a match won is 1000, lost -1000), so that every
//! value of a match, the score between games included, is on one scale.
//!
//! - `evaluate`: before a roll, the handcrafted chances (`eval`), or a trained network's when the
//!   engine file names one (`evaluator = "file"`, `network`), turned into the equity with
//!   the cube (`cube`): Janowski's model for money, the match equity table in matches; with a
//!   double to answer, the better of taking and dropping.
//! - `known_value`: a finished game; in a match, the start of the next game (the table's value
//!   of the new score), so that the search does not play into the next game.
//! - cube actions do not spend search depth (`counts_as_ply`), so a depth of n looks n plays
//!   ahead with the cube decisions of every turn on the way.

use crate::engine_file::EngineSpec;
use crate::eval::network::NetRef;
use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::{Game, PlayerId};

use super::board;
use super::cube::{self, CubeView};
use super::eval::{self, Probs, DEFAULT_WEIGHTS, FEATURES};
use super::game::{Backgammon, Phase, CENTRE};
use super::network;
use super::rules::BeaverDrop;

/// Thousandths of a point (money) or of the match equity.
pub const UNITS: f64 = 1000.0;

impl Backgammon {
    /// The chances of the side on roll, with the contact model's `weights`.
    /// A network's parameters in `weights` (`evaluator = "file"`) give the network's chances.
    pub fn roller_probs(&self, weights: &[f64]) -> Probs {
        let r = self.roller();
        if let Some(net) = NetRef::from_vector(weights) {
            return network::network_probs(&net, &self.sides[r], &self.sides[r ^ 1], r);
        }
        eval::probabilities(&self.sides[r], &self.sides[r ^ 1], weights)
    }

    /// The equity of the side on roll before its roll with the cube at `cube` owned by `owner`,
    /// on the scale of `value` (points for money, 2 x MWC - 1 in a match).
    fn before_roll_equity(&self, p: &Probs, cube: u32, owner: u8) -> f64 {
        let r = self.roller();
        let race = board::is_race(&self.sides[r], &self.sides[r ^ 1]);
        let x = cube::efficiency(race, board::pip_count(&self.sides[r]));
        if self.rules.is_money() {
            if !self.rules.cube || cube * 2 > self.rules.max_cube as u32 {
                return cube as f64 * p.cubeless_equity(self.rules.gammons);
            }
            let view = match owner {
                CENTRE => CubeView::Centre,
                o if o as usize == r => CubeView::Mine,
                _ => CubeView::Theirs,
            };
            cube as f64 * cube::money(p, view, x, self.rules.jacoby, self.rules.gammons)
        } else {
            let x = if self.rules.cube { x } else { 0.0 };
            2.0 * cube::match_mwc(p, self, r, cube, owner, x) - 1.0
        }
    }

    /// The equity of `player` on the value scale, from the evaluator (before a roll).
    pub fn equity(&self, player: PlayerId, weights: &[f64]) -> f64 {
        if let Some(v) = self.known_equity(player) {
            return v;
        }
        let r = self.roller();
        let sign = |side: usize, e: f64| if side == player { e } else { -e };
        // Points already paid in this money game (a refused beaver under beaver_drop=continue).
        let paid = sign(0, self.paid as f64);
        paid + match self.phase {
            Phase::Opening => 0.0,
            Phase::OpeningChoice | Phase::CubeDecision | Phase::Rolling | Phase::Moving => {
                let p = self.roller_probs(weights);
                sign(
                    r,
                    self.before_roll_equity(&p, self.cube_value(), self.owner),
                )
            }
            Phase::Doubled { beavers } => {
                // The side answering takes or drops, whichever is better for it.
                let d = self.responder().unwrap_or(0);
                let stake = self.cube_value() << beavers;
                let p = self.roller_probs(weights);
                let drop = if self.rules.is_money() {
                    if beavers > 0 && self.rules.beaver_drop == BeaverDrop::Continue {
                        // The refuser pays the stake and play goes on at it, the cube with
                        // the side that redoubled.
                        let on = self.before_roll_equity(&p, stake, (d ^ 1) as u8);
                        -(stake as f64) + if d == r { on } else { -on }
                    } else {
                        -(stake as f64)
                    }
                } else {
                    let m0 = cube::mwc_after(self, d ^ 1, stake);
                    2.0 * if d == 0 { m0 } else { 1.0 - m0 } - 1.0
                };
                let owner = if beavers == 0 { d as u8 } else { (d ^ 1) as u8 };
                let for_roller = self.before_roll_equity(&p, stake * 2, owner);
                let take = if d == r { for_roller } else { -for_roller };
                sign(d, take.max(drop))
            }
            Phase::Over => 0.0,
        }
    }

    /// The value known without search: a finished game or, in a match, the start of a game.
    pub fn known_equity(&self, player: PlayerId) -> Option<f64> {
        match self.phase {
            Phase::Over => Some(self.returns().get(player)),
            Phase::Opening if !self.rules.is_money() => {
                let m0 = cube::mwc_now(self);
                let m = if player == 0 { m0 } else { 1.0 - m0 };
                Some(2.0 * m - 1.0)
            }
            _ => None,
        }
    }
}

impl Evaluate for Backgammon {
    fn feature_names() -> &'static [&'static str] {
        FEATURES
    }
    fn default_weights() -> Vec<f64> {
        DEFAULT_WEIGHTS.to_vec()
    }
    /// The contact model's features of the side on roll; from the other side, their negation.
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let r = self.roller();
        let start = out.len();
        eval::features(&self.sides[r], &self.sides[r ^ 1], out);
        if player != r {
            for v in &mut out[start..] {
                *v = -*v;
            }
        }
    }
    /// `evaluator = "file"`: a network trained by `boardlab tune td` (`network`).
    fn evaluator_weights(spec: &EngineSpec, file: &str) -> Result<Vec<f64>, String> {
        network::load(std::path::Path::new(file))
            .map(|net| net.to_vector())
            .map_err(|e| format!("engine {:?}: {e}", spec.name))
    }
    fn evaluate(&self, player: PlayerId, weights: &[f64]) -> Option<f64> {
        Some(UNITS * self.equity(player, weights))
    }
    fn known_value(&self, player: PlayerId) -> Option<f64> {
        self.known_equity(player).map(|v| UNITS * v)
    }
}

impl SearchHints for Backgammon {
    fn counts_as_ply(&self) -> bool {
        matches!(self.phase, Phase::Moving)
    }
}

impl PlayoutPolicy for Backgammon {}

impl Backends for Backgammon {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_file::EngineSpec;
    use crate::game::Game;

    /// The move the 0-ply engine file (`engines/backgammon/ply0.toml`) chooses.
    fn decide(text: &str) -> String {
        let rules = super::super::BgRules::default();
        let s = Backgammon::parse_position(&rules, text).unwrap();
        let spec =
            EngineSpec::from_toml(include_str!("../../../engines/backgammon/ply0.toml")).unwrap();
        let mut agent = crate::search::build_agent::<Backgammon>(&spec, 0).unwrap();
        let mv = agent.choose(&s, &spec.limits).unwrap().best;
        s.format_move(mv)
    }

    /// Last-roll positions: X bears its last checker off with any roll, so O, on roll, wins
    /// only by bearing off both its checkers now, with chance p. Money theory with the cube in
    /// the middle: O doubles when p > 1/2; X takes when p < 3/4 (taking risks 2 with chance p
    /// and wins 2 otherwise, dropping loses 1). The engine must find each answer.
    #[test]
    fn last_roll_cube_decisions_follow_the_exact_odds() {
        // O on the 6 and the 1: 10 rolls with a 6, and 2-2 to 6-6 (5): p = 15/36. No double.
        assert_eq!(decide("O:6x1,1x1 X:1x1 O:cube cube=1 money"), "roll");
        // On the 5 and the 1: a 5 or 6 with anything (18 rolls), and 2-2 to 6-6: p = 23/36.
        assert_eq!(decide("O:5x1,1x1 X:1x1 O:cube cube=1 money"), "double");
        assert_eq!(decide("O:5x1,1x1 X:1x1 O:doubled cube=1 money"), "take");
        // On the 4 and the 1: a 4, 5 or 6 with anything (24 rolls), and 2-2 to 6-6: p = 29/36.
        assert_eq!(decide("O:4x1,1x1 X:1x1 O:cube cube=1 money"), "double");
        assert_eq!(decide("O:4x1,1x1 X:1x1 O:doubled cube=1 money"), "drop");
    }
}
