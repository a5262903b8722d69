//! Maya cross features, each the player's value less the opponents' mean: progress along the
//! route, pieces off, pieces still on the start square, pieces on a safe island, and pieces an
//! opponent piece could land on with one value of its next throw.

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::{Game, PlayerId};

use super::board::OFF;
use super::game::{Maya, MayaMove};

const NAMES: &[&str] = &["progress", "off", "home", "safe", "threatened"];

impl Maya {
    fn side_features(&self, seat: PlayerId) -> [f64; 5] {
        let g = self.geometry();
        let reach = self.rules().dice();
        let mut f = [0.0; 5];
        for &x in self.pieces(seat) {
            f[0] += x as f64;
            if x == OFF {
                f[1] += 1.0;
                continue;
            }
            if x == 0 {
                f[2] += 1.0;
                continue;
            }
            let sq = self.square_of(seat, x).expect("on the board");
            if g.is_island(sq) {
                f[3] += 1.0;
                continue;
            }
            // Opponent pieces 1..=reach route squares short of this square.
            let threats = (0..self.num_players())
                .filter(|&q| q != seat)
                .flat_map(|q| self.pieces(q).iter().map(move |&y| (q, y)))
                .filter(|&(q, y)| {
                    y < OFF
                        && (1..=reach).any(|d| {
                            let t = y + d;
                            t < OFF && self.square_of(q, t) == Some(sq)
                        })
                })
                .count();
            f[4] += threats.min(1) as f64;
        }
        f
    }
}

impl Evaluate for Maya {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        // In route squares: a piece off is worth its 60 squares plus 5, a piece that could be
        // sent back costs about a third of a typical piece's progress.
        vec![1.0, 5.0, -2.0, 3.0, -8.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let n = self.num_players();
        let own = self.side_features(player);
        let mut others = [0.0; 5];
        for q in (0..n).filter(|&q| q != player) {
            let f = self.side_features(q);
            for k in 0..5 {
                others[k] += f[k] / (n - 1) as f64;
            }
        }
        out.extend((0..5).map(|k| own[k] - others[k]));
    }
}

impl SearchHints for Maya {
    fn order_hint(&self, mv: MayaMove) -> i32 {
        match mv {
            MayaMove::Play { steps, attack } => {
                attack.count_ones() as i32 * 4 + steps.iter().map(|&s| s as i32).sum::<i32>()
            }
            _ => 0,
        }
    }
}

impl PlayoutPolicy for Maya {}

impl Backends for Maya {}
