//! Backgammon's side of the trained network evaluator (`eval::network`): TD-Gammon's 198 inputs
//! and the five outputs read as the chances `Probs` of the side on roll.
//!
//! Inputs (Tesauro 1992, TD-Gammon 0.0): for each side and each of its 24 points, four units for
//! the checkers n there: n >= 1, n >= 2, n >= 3 as 0/1 units and (n - 3) / 2 in the fourth; then
//! each side's bar (n / 2) and borne-off checkers (n / 15); then two units for the side to move.
//! TD-Gammon counted the sides by colour; here the first side is the one on roll (its own point
//! numbers), the second its opponent (its own numbers), so one network serves both colours and
//! the two turn units say which colour is on roll (colours play alike: the network learns to
//! give them no weight).
//!
//! Outputs, for the side on roll before its roll: win, win a gammon, lose a gammon, win a
//! backgammon, lose a backgammon (each the chance of that or more, as gnubg's).

use super::board::{Side, BAR, OFF};
use super::eval::Probs;
use crate::eval::network::{NetRef, Network};

/// The encoding's name in a weights file.
pub const ENCODING: &str = "backgammon-td198";
pub const INPUTS: usize = 198;
pub const OUTPUTS: usize = 5;

/// The outputs in order.
pub const OUTPUT_NAMES: [&str; OUTPUTS] = [
    "win",
    "win_gammon",
    "lose_gammon",
    "win_backgammon",
    "lose_backgammon",
];

/// The inputs for `me` on roll against `opp`; `colour` is the colour on roll (0 or 1).
pub fn encode(me: &Side, opp: &Side, colour: usize, x: &mut [f64; INPUTS]) {
    for (s, side) in [me, opp].into_iter().enumerate() {
        let base = s * 96;
        for p in 1..=24 {
            let n = side[p] as f64;
            let u = &mut x[base + (p - 1) * 4..base + p * 4];
            u[0] = (n >= 1.0) as u8 as f64;
            u[1] = (n >= 2.0) as u8 as f64;
            u[2] = (n >= 3.0) as u8 as f64;
            u[3] = if n > 3.0 { (n - 3.0) / 2.0 } else { 0.0 };
        }
        x[192 + s] = side[BAR] as f64 / 2.0;
        x[194 + s] = side[OFF] as f64 / 15.0;
    }
    x[196] = (colour == 0) as u8 as f64;
    x[197] = (colour == 1) as u8 as f64;
}

/// The outputs read as chances, made consistent (a gammon is a win, a backgammon a gammon).
pub fn probs(y: &[f64]) -> Probs {
    Probs {
        win: y[0],
        win_g: y[1],
        lose_g: y[2],
        win_bg: y[3],
        lose_bg: y[4],
    }
    .consistent()
}

/// The same outputs from the other side: `flip(y)[k]` is what the opponent's output k is.
pub fn flip(y: &[f64; OUTPUTS]) -> [f64; OUTPUTS] {
    [1.0 - y[0], y[2], y[1], y[4], y[3]]
}

/// The chances of `me` on roll against `opp` by the network `net`.
pub fn network_probs(net: &NetRef, me: &Side, opp: &Side, colour: usize) -> Probs {
    let mut x = [0.0; INPUTS];
    encode(me, opp, colour, &mut x);
    let mut y = [0.0; OUTPUTS];
    net.forward(&x, &mut y);
    probs(&y)
}

/// Reads a network file for backgammon: the encoding and sizes must be this module's.
pub fn load(path: &std::path::Path) -> Result<Network, String> {
    let net = Network::load(path)?;
    if net.encoding != ENCODING || net.shape.inputs != INPUTS || net.shape.outputs != OUTPUTS {
        return Err(format!(
            "network file {}: encoding {:?} with {} inputs and {} outputs; backgammon reads \
             {ENCODING:?} with {INPUTS} inputs and {OUTPUTS} outputs",
            path.display(),
            net.encoding,
            net.shape.inputs,
            net.shape.outputs
        ));
    }
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::backgammon::board::START;

    #[test]
    fn the_start_encodes_as_tesauro_wrote_it() {
        let mut x = [0.0; INPUTS];
        encode(&START, &START, 1, &mut x);
        // Five on the 6 point: units 1, 1, 1 and (5 - 3) / 2.
        assert_eq!(&x[20..24], &[1.0, 1.0, 1.0, 1.0]);
        // Two on the 24 point.
        assert_eq!(&x[92..96], &[1.0, 1.0, 0.0, 0.0]);
        // Three on the 8 point, for the second side.
        assert_eq!(&x[96 + 28..96 + 32], &[1.0, 1.0, 1.0, 0.0]);
        assert_eq!(&x[192..198], &[0.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        let units: f64 = x.iter().sum();
        // Per side: 6 point 4 (five checkers), 8 point 3, 13 point 4, 24 point 2; one turn unit.
        assert_eq!(units, 2.0 * (4.0 + 3.0 + 4.0 + 2.0) + 1.0);
    }
}
