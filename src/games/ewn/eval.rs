//! Evaluation features for EinStein würfelt nicht, from one player's point of view, and the
//! setup chooser.
//!
//! A cube matters as much as the die lets it move: a cube "stands for" every die value that
//! would select it (its own number, and the numbers of removed cubes for which it is the nearest
//! higher or lower one), so each cube carries its selection probability `p_i` = (number of such
//! die values) / 6. Distances are in steps to the target corner (the larger of the row and
//! column distance, since the diagonal step covers both).
//!
//! The setup chooser is the `arrangement` feature: a table of how much each cube number is
//! worth on each square of the start triangle (for cubes still standing on their start squares),
//! so a search at a setup node ranks the 720 arrangements by the table (see `SETUP_TABLE`).

use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::board::{distance_to_target, step, START_SQUARES, STEPS};
use super::game::{decode, selectable_cubes, Ewn, EwnMove};
use super::setup::{Arrangement, ARRANGEMENTS};

pub const FEATURES: &[&str] = &[
    "progress",
    "near",
    "win_chance",
    "material",
    "threat",
    "to_move",
    "arrangement",
];

/// Default weights, fitted so that the evaluation estimates the expected return in hundredths
/// (+100 a sure win, -100 a sure loss; expectimax engines set `win_value = 100`, MCTS's default
/// `eval_scale = 100` reads it as a return): least squares over 3.4 million positions of 100,000 greedy self-play games
/// (`fit_weights`, command in results/ewn.md). The greedy player with these weights scores 0.589
/// against the first hand-set weights (2, 15, 60, 0, 10, 5, 100) over 20,000 games.
pub const DEFAULT_WEIGHTS: [f64; 7] = [-1.39, 154.42, 16.44, 1.65, -11.35, 9.72, 72.13];

/// Value of cube number n (row n-1) on start square i (column i, in `START_SQUARES` order: red
/// a1 b1 c1 a2 b2 a3), in game-result units (+1 win / -1 loss), for cubes still standing where
/// they were set up. Fitted by `fit_setup_table` (see results/ewn.md for the command): the mean
/// result of games with cube n on square i minus the overall mean, over games from uniformly
/// random arrangements played by the 1-ply greedy evaluator policy.
///
/// Fitted from 2,000,000 games (666,666 observations an entry, standard error about 0.0012):
/// the front square b2 wants a middle cube (3 or 4: when neighbours are removed they inherit die
/// values from both sides), the corner a1 an end cube (1 or 6). The table is symmetric in the
/// cube numbers (n and 7 - n) and in the mirror of the triangle (b1/a2, c1/a3) within noise,
/// which no part of the fit assumed.
#[rustfmt::skip]
pub const SETUP_TABLE: [[f64; 6]; 6] = [
    //  a1       b1       c1       a2       b2       a3
    [ 0.0370,  0.0020,  0.0058,  0.0051, -0.0563,  0.0064], // cube 1
    [-0.0033, -0.0020, -0.0018, -0.0021,  0.0109, -0.0017], // cube 2
    [-0.0319, -0.0012, -0.0034, -0.0037,  0.0464, -0.0062], // cube 3
    [-0.0334, -0.0026, -0.0038, -0.0026,  0.0465, -0.0042], // cube 4
    [-0.0058, -0.0012, -0.0021, -0.0022,  0.0124, -0.0010], // cube 5
    [ 0.0375,  0.0050,  0.0053,  0.0054, -0.0599,  0.0067], // cube 6
];

/// The selection probability of each cube number (index 1..=6) of a side with cubes `alive`.
pub fn selection_probabilities(alive: u8) -> [f64; 7] {
    let mut p = [0.0; 7];
    for die in 1..=6 {
        let mut s = selectable_cubes(alive, die);
        while s != 0 {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            p[c] += 1.0 / 6.0;
        }
    }
    p
}

/// One side's share of the features (before taking own minus other).
#[derive(Clone, Copy, Debug, Default)]
struct SideTerms {
    progress: f64,
    near: f64,
    win_chance: f64,
    material: f64,
    threat: f64,
    arrangement: f64,
}

fn side_terms(pos: &Ewn, player: PlayerId) -> SideTerms {
    let alive = pos.alive(player);
    let prob = selection_probabilities(alive);
    let mut t = SideTerms {
        material: alive.count_ones() as f64,
        ..Default::default()
    };
    let mut one_step = 0u8; // cubes one step from the target
    for cube in 1..=6u8 {
        let sq = pos.square_of(player, cube);
        if sq == super::game::OFF {
            continue;
        }
        let d = distance_to_target(player, sq) as i32;
        let p = prob[cube as usize];
        t.progress += p * (4 - d) as f64;
        t.near += p * 2f64.powi(1 - d);
        if d == 1 {
            one_step |= 1 << cube;
        }
        let captures = STEPS[player].iter().filter_map(|&s| step(sq, s)).any(|to| {
            let q = pos.board()[to as usize];
            q != 0 && decode(q).0 != player
        });
        if captures {
            t.threat += p;
        }
        if let Some(i) = START_SQUARES[player].iter().position(|&s| s == sq) {
            t.arrangement += SETUP_TABLE[cube as usize - 1][i];
        }
    }
    t.win_chance = (1..=6)
        .filter(|&die| selectable_cubes(alive, die) & one_step != 0)
        .count() as f64
        / 6.0;
    t
}

impl Evaluate for Ewn {
    fn feature_names() -> &'static [&'static str] {
        FEATURES
    }
    fn default_weights() -> Vec<f64> {
        DEFAULT_WEIGHTS.to_vec()
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let own = side_terms(self, player);
        let opp = side_terms(self, 1 - player);
        let to_move = if self.in_setup() {
            0.0
        } else if self.side() == player {
            1.0
        } else {
            -1.0
        };
        out.extend_from_slice(&[
            own.progress - opp.progress,
            own.near - opp.near,
            own.win_chance - opp.win_chance,
            own.material - opp.material,
            own.threat - opp.threat,
            to_move,
            own.arrangement - opp.arrangement,
        ]);
    }
}

impl SearchHints for Ewn {
    fn is_noisy(&self, mv: EwnMove) -> bool {
        matches!(mv, EwnMove::Step { to, .. } if self.board()[to as usize] != 0)
    }
    /// Setups by their table value; steps that win first, then captures of enemy cubes, then
    /// steps toward the target. Small numbers on purpose: MCTS with `puct = true` takes
    /// softmax(hint) as priors, so one unit is a factor e in prior weight.
    fn order_hint(&self, mv: EwnMove) -> i32 {
        match mv {
            // Table values span about +-0.1: at most e^5 between the best and the worst setup.
            EwnMove::Setup(i) => setup_hints()[i as usize],
            EwnMove::Step { to, .. } => {
                let me = self.side();
                let d = distance_to_target(me, to) as i32;
                let capture = match self.board()[to as usize] {
                    0 => 0,
                    q if decode(q).0 != me => 2,
                    _ => -1,
                };
                if d == 0 {
                    8
                } else {
                    capture + (4 - d)
                }
            }
            EwnMove::Roll(_) => 0,
        }
    }
}

impl PlayoutPolicy for Ewn {}

impl Backends for Ewn {}

/// `order_hint` of every setup move, computed once (search sorts 720 setups at every setup node).
fn setup_hints() -> &'static [i32] {
    static HINTS: std::sync::OnceLock<Vec<i32>> = std::sync::OnceLock::new();
    HINTS.get_or_init(|| {
        (0..ARRANGEMENTS)
            .map(|i| (arrangement_value(Arrangement::from_index(i)) * 25.0).round() as i32)
            .collect()
    })
}

/// The table value of an arrangement (the same for either colour).
pub fn arrangement_value(a: Arrangement) -> f64 {
    a.0.iter()
        .enumerate()
        .map(|(i, &cube)| SETUP_TABLE[cube as usize - 1][i])
        .sum()
}

/// The arrangement the setup chooser prefers: the highest table value, ties to the lowest index.
pub fn best_arrangement() -> Arrangement {
    let mut best = (f64::NEG_INFINITY, 0u16);
    for i in 0..ARRANGEMENTS {
        let v = arrangement_value(Arrangement::from_index(i));
        if v > best.0 {
            best = (v, i);
        }
    }
    Arrangement::from_index(best.1)
}
