//! Aeroplane chess features, each the value of the player's side (its colour, or both colours
//! of its team) less the mean over the enemy sides: route steps covered, pieces home, pieces
//! still in the hangar, pieces on the track that an enemy piece could reach with one roll, and
//! own stacks on the track (which block enemies).

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::{Game, PlayerId};

use super::board::{on_track, step_of, track_square, FINISH, HANGAR};
use super::game::{Aero, AeroMove};

const NAMES: &[&str] = &["progress", "home", "hangar", "threatened", "stacks"];

impl Aero {
    fn colour_features(&self, c: usize) -> [f64; 5] {
        let mut f = [0.0; 5];
        let me = self.side_of_colour(c);
        let enemies: Vec<usize> = self
            .colours()
            .filter(|&e| self.side_of_colour(e) != me)
            .collect();
        let pcs = self.pieces(c);
        for (k, &p) in pcs.iter().enumerate() {
            match p {
                HANGAR => f[2] += 1.0,
                FINISH => {
                    f[0] += FINISH as f64;
                    f[1] += 1.0;
                }
                p => {
                    f[0] += p as f64;
                    if on_track(p) {
                        let sq = track_square(c, p);
                        let threatened = enemies.iter().any(|&e| {
                            step_of(e, sq).is_some_and(|es| {
                                self.pieces(e)
                                    .iter()
                                    .any(|&q| q < es && es - q <= 6 && (q > 0 || es <= 6))
                            })
                        });
                        f[3] += threatened as u8 as f64;
                        if pcs[..k].contains(&p) {
                            f[4] += 1.0;
                        }
                    }
                }
            }
        }
        f
    }
    fn side_features(&self, side: usize) -> [f64; 5] {
        let mut f = [0.0; 5];
        for c in self.colours().collect::<Vec<_>>() {
            if self.side_of_colour(c) == side {
                let g = self.colour_features(c);
                for k in 0..5 {
                    f[k] += g[k];
                }
            }
        }
        f
    }
}

impl Evaluate for Aero {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        // In route steps: a piece home is worth its 56 steps and 10 more; one in the hangar
        // costs the 6 it waits for; a piece an enemy can hit costs about a third of a lap.
        vec![1.0, 10.0, -6.0, -15.0, 3.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let me = self.rules_ref().side_of_seat(player);
        let sides: Vec<usize> = {
            let mut v: Vec<usize> = (0..self.num_players())
                .map(|s| self.rules_ref().side_of_seat(s))
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let own = self.side_features(me);
        let others: Vec<[f64; 5]> = sides
            .iter()
            .filter(|&&s| s != me)
            .map(|&s| self.side_features(s))
            .collect();
        for k in 0..5 {
            let mean = others.iter().map(|f| f[k]).sum::<f64>() / others.len().max(1) as f64;
            out.push(own[k] - mean);
        }
    }
}

impl SearchHints for Aero {
    fn order_hint(&self, mv: AeroMove) -> i32 {
        match mv {
            AeroMove::Launch => 2,
            AeroMove::Move(p) | AeroMove::MoveChoosing(p, _) => p as i32 / 8,
            _ => 0,
        }
    }
}

impl PlayoutPolicy for Aero {}

impl Backends for Aero {}
