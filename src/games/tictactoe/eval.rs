//! What the search knows of tic-tac-toe: lines still open to each side. Small enough that
//! alpha-beta needs nothing more to play it perfectly; the features give the greedy player and
//! shallow searches something to go on.

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::game::{Cell, TicTacToe, LINES};

const FEATURES: &[&str] = &["open_twos", "open_ones", "centre"];

impl Evaluate for TicTacToe {
    fn feature_names() -> &'static [&'static str] {
        FEATURES
    }
    fn default_weights() -> Vec<f64> {
        vec![0.3, 0.05, 0.1]
    }
    /// Own minus opponent: lines holding two (then one) of a side's marks and none of the
    /// other's, and who holds the centre.
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let mine = [Cell::X, Cell::O][player];
        let theirs = [Cell::X, Cell::O][1 - player];
        let mut f = [0.0f64; 3];
        for line in LINES {
            let count = |c| line.iter().filter(|&&i| self.cell(i) == c).count();
            match (count(mine), count(theirs)) {
                (2, 0) => f[0] += 1.0,
                (1, 0) => f[1] += 1.0,
                (0, 2) => f[0] -= 1.0,
                (0, 1) => f[1] -= 1.0,
                _ => {}
            }
        }
        f[2] = match self.cell(4) {
            c if c == mine => 1.0,
            c if c == theirs => -1.0,
            _ => 0.0,
        };
        out.extend_from_slice(&f);
    }
}

impl SearchHints for TicTacToe {}

impl PlayoutPolicy for TicTacToe {}

impl Backends for TicTacToe {}
