//! Evaluation features for alpha-beta: material, kings, tempo (how far the men have come),
//! centre, back rank, runaway men, mobility; captures are the noisy moves for quiescence.
//!
//! An engine file may instead name a fitted evaluator file (`evaluator = "...dpat"`,
//! `patterns.rs`): the same hand-set terms with fitted weights plus the box tables. Engines
//! with plain `[weights]` evaluate exactly as before (the linear path, same node counts).

use crate::engine_file::EngineSpec;
use crate::eval::{Backends, Evaluate, PlayoutPolicy, SearchHints};
use crate::game::PlayerId;

use super::game::Position;
use super::geometry::{bit_index, square_row_col, Geometry};
use super::movegen::{count_quiet, DraughtsMove};
use super::patterns::{self, PatternModel};

/// The hand-set terms, in the order `features` writes them.
pub const FEATURES: &[&str] = &[
    "men",
    "kings",
    "tempo",
    "centre",
    "back_rank",
    "runaway",
    "mobility",
];

/// Row and column (`geometry::row_col`) of every bit index, looked up instead of divided out:
/// the evaluation asks for them for every man at every leaf.
const fn row_cols(w: u32, size: u32) -> [(u8, u8); 64] {
    let mut out = [(0u8, 0u8); 64];
    let mut s = 0;
    while s < size * w {
        let (r, col) = square_row_col(w, s);
        out[bit_index(w, s) as usize] = (r as u8, col as u8);
        s += 1;
    }
    out
}

static ROW_COL_TEN: [(u8, u8); 64] = row_cols(5, 10);
static ROW_COL_EIGHT: [(u8, u8); 64] = row_cols(4, 8);

/// Sum over a set of bits of `f(row from the owner's side, column)`.
fn sum_over<G: Geometry>(set: u64, player: PlayerId, f: impl Fn(u32, u32) -> f64) -> f64 {
    let table = if G::SIZE == 10 {
        &ROW_COL_TEN
    } else {
        &ROW_COL_EIGHT
    };
    let mut b = set;
    let mut total = 0.0;
    while b != 0 {
        let (r, c) = table[b.trailing_zeros() as usize];
        let (r, c) = (r as u32, c as u32);
        b &= b - 1;
        // Rows counted from the owner's back row: 0 = back row, SIZE-1 = promotion row.
        let advanced = if player == 0 { G::SIZE - 1 - r } else { r };
        total += f(advanced, c);
    }
    total
}

/// For each player and bit index, the cone in front of a man there: every square `k` rows
/// further toward the player's promotion row and at most `k` columns to either side.
const fn cones(w: u32, size: u32) -> [[u64; 64]; 2] {
    let squares = size * w;
    let mut out = [[0u64; 64]; 2];
    let mut s = 0;
    while s < squares {
        let (r, col) = square_row_col(w, s);
        let mut t = 0;
        while t < squares {
            let (r2, col2) = square_row_col(w, t);
            let up = r as i32 - r2 as i32;
            let dc = (col2 as i32 - col as i32).abs();
            if up > 0 && dc <= up {
                out[0][bit_index(w, s) as usize] |= 1u64 << bit_index(w, t);
            }
            if -up > 0 && dc <= -up {
                out[1][bit_index(w, s) as usize] |= 1u64 << bit_index(w, t);
            }
            t += 1;
        }
        s += 1;
    }
    out
}

static CONES_TEN: [[u64; 64]; 2] = cones(5, 10);
static CONES_EIGHT: [[u64; 64]; 2] = cones(4, 8);

/// Men with no enemy piece in the cone in front of them (a crude "runaway": nothing can stop
/// it by blocking; captures from the side are left to the search).
fn runaway<G: Geometry>(men: u64, enemies: u64, player: PlayerId) -> f64 {
    let cones = if G::SIZE == 10 {
        &CONES_TEN[player]
    } else {
        &CONES_EIGHT[player]
    };
    let mut n = 0.0;
    let mut b = men;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        if cones[sq] & enemies == 0 {
            n += 1.0;
        }
    }
    n
}

/// How many hand-set terms there are.
const HAND: usize = 7;

impl<G: Geometry> Position<G> {
    /// The hand-set terms for `player`, each "mine minus the opponent's".
    pub fn hand_features(&self, player: PlayerId) -> [f64; HAND] {
        let me = player;
        let other = 1 - player;
        let kings = self.kings();
        let centre_col = |c: u32| {
            let mid = (G::SIZE as f64 - 1.0) / 2.0;
            1.0 - ((c as f64 - mid).abs() / mid)
        };
        let diff = |f: &dyn Fn(PlayerId) -> f64| f(me) - f(other);
        let men = diff(&|p| (self.pieces(p) & !kings).count_ones() as f64);
        let kings_n = diff(&|p| (self.pieces(p) & kings).count_ones() as f64);
        let tempo = diff(&|p| sum_over::<G>(self.pieces(p) & !kings, p, |a, _| a as f64));
        let centre = diff(&|p| sum_over::<G>(self.pieces(p) & !kings, p, |_, c| centre_col(c)));
        let back =
            diff(&|p| sum_over::<G>(self.pieces(p) & !kings, p, |a, _| (a == 0) as u8 as f64));
        let run = diff(&|p| runaway::<G>(self.pieces(p) & !kings, self.pieces(1 - p), p));
        let mobility = diff(&|p| {
            let mut s = self.sides();
            if s.player != p {
                std::mem::swap(&mut s.own, &mut s.opp);
                s.player = p;
            }
            count_quiet::<G>(&s, self.variant()) as f64
        });
        [men, kings_n, tempo, centre, back, run, mobility]
    }
}

impl<G: Geometry> Evaluate for Position<G> {
    fn feature_names() -> &'static [&'static str] {
        FEATURES
    }
    fn default_weights() -> Vec<f64> {
        vec![100.0, 300.0, 2.0, 4.0, 5.0, 30.0, 1.0]
    }
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        out.extend_from_slice(&self.hand_features(player));
    }
    /// `evaluator = "file"`: a fitted pattern evaluation (`patterns::PatternModel`), its
    /// hand-set weights first and the box tables after them.
    fn evaluator_weights(spec: &EngineSpec, file: &str) -> Result<Vec<f64>, String> {
        PatternModel::load(std::path::Path::new(file), G::SIZE, FEATURES)
            .map(|m| m.to_vector())
            .map_err(|e| format!("engine {:?}: {e}", spec.name))
    }
    /// With an evaluator file's vector (longer than the hand-set weights): the hand-set terms
    /// plus the box tables. With plain weights: None, the linear path of every other engine.
    fn evaluate(&self, player: PlayerId, weights: &[f64]) -> Option<f64> {
        if weights.len() <= HAND {
            return None;
        }
        let hand: f64 = self
            .hand_features(player)
            .iter()
            .zip(&weights[..HAND])
            .map(|(f, w)| f * w)
            .sum();
        Some(hand + patterns::value(self, player, &weights[HAND..]))
    }
}

impl<G: Geometry> SearchHints for Position<G> {
    fn is_quiet(&self) -> bool {
        !self.has_capture()
    }
    fn is_noisy(&self, mv: DraughtsMove) -> bool {
        mv.captured != 0 || mv.promotes
    }
    fn order_hint(&self, mv: DraughtsMove) -> i32 {
        let captured = mv.captured.count_ones() as i32;
        let kings = (mv.captured & self.kings()).count_ones() as i32;
        captured * 100 + kings * 50 + if mv.promotes { 80 } else { 0 }
    }
}

impl<G: Geometry> PlayoutPolicy for Position<G> {}

/// The endgame database (`endgame_probe`): probed by alpha-beta when an engine file names it,
/// and the `database` back end that plays from it.
impl<G: Geometry> Backends for Position<G> {
    fn exact_values(
        spec: &crate::engine_file::EngineSpec,
    ) -> Result<Option<std::sync::Arc<dyn crate::eval::ExactValues<Self>>>, String> {
        Ok(super::endgame_probe::database_of::<G>(spec)?.map(|db| {
            std::sync::Arc::new(super::endgame_probe::Probe { db })
                as std::sync::Arc<dyn crate::eval::ExactValues<Self>>
        }))
    }
    fn game_agent(
        spec: &crate::engine_file::EngineSpec,
        _seed: u64,
    ) -> Option<Result<Box<dyn crate::agent::Agent<Self>>, String>> {
        (spec.backend == "database").then(|| super::endgame_probe::build_agent::<G>(spec))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::draughts::geometry::row_col;
    use crate::games::draughts::tests::random_positions;
    use crate::games::draughts::{Eight, Ten};
    use rand::{Rng, SeedableRng};

    /// The runaway count as first written, enemy by enemy (the reference of the cone tables).
    fn runaway_by_enemies<G: Geometry>(men: u64, enemies: u64, player: PlayerId) -> f64 {
        let mut n = 0.0;
        let mut b = men;
        while b != 0 {
            let (r, c) = row_col::<G>(b.trailing_zeros());
            b &= b - 1;
            let mut free = true;
            let mut e = enemies;
            while e != 0 && free {
                let (er, ec) = row_col::<G>(e.trailing_zeros());
                e &= e - 1;
                let ahead = if player == 0 {
                    r as i32 - er as i32
                } else {
                    er as i32 - r as i32
                };
                free = ahead <= 0 || (ec as i32 - c as i32).abs() > ahead;
            }
            if free {
                n += 1.0;
            }
        }
        n
    }

    fn cones_agree<G: Geometry>(seed: u64) {
        for pos in random_positions::<G>(500, seed) {
            for p in 0..2 {
                let men = pos.pieces(p) & !pos.kings();
                let enemies = pos.pieces(1 - p);
                assert_eq!(
                    runaway::<G>(men, enemies, p),
                    runaway_by_enemies::<G>(men, enemies, p),
                    "player {p} at {}",
                    pos.format_position()
                );
            }
        }
    }

    fn row_cols_agree<G: Geometry>() {
        let table = if G::SIZE == 10 {
            &ROW_COL_TEN
        } else {
            &ROW_COL_EIGHT
        };
        for b in 0..64 {
            if G::ALL >> b & 1 == 1 {
                let (r, c) = table[b as usize];
                assert_eq!((r as u32, c as u32), row_col::<G>(b), "bit {b}");
            }
        }
    }

    #[test]
    fn row_and_column_tables_equal_geometry() {
        row_cols_agree::<Ten>();
        row_cols_agree::<Eight>();
    }

    #[test]
    fn runaway_cones_count_what_the_enemy_loop_counts() {
        cones_agree::<Ten>(11);
        cones_agree::<Eight>(12);
    }

    /// Plain weights take the linear path (None); an evaluator vector is the hand-set terms'
    /// dot product plus the box tables, and negates between the two players.
    #[test]
    fn an_evaluator_vector_adds_the_tables_to_the_hand_set_terms() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(13);
        let hand = <Position<Ten> as Evaluate>::default_weights();
        let mut vector = hand.clone();
        vector.extend((0..patterns::table_len(10)).map(|_| rng.gen_range(-20.0..20.0)));
        for pos in random_positions::<Ten>(200, 14) {
            assert_eq!(pos.evaluate(0, &hand), None);
            let mut feats = Vec::new();
            pos.features(0, &mut feats);
            let dot: f64 = feats.iter().zip(&hand).map(|(f, w)| f * w).sum();
            let v0 = pos.evaluate(0, &vector).unwrap();
            let tables = patterns::value(&pos, 0, &vector[HAND..]);
            assert!((v0 - (dot + tables)).abs() < 1e-9 * (1.0 + v0.abs()));
            assert!((v0 + pos.evaluate(1, &vector).unwrap()).abs() < 1e-9 * (1.0 + v0.abs()));
        }
    }

    /// The committed model loads through its engine file, for the board it was made for only.
    #[test]
    fn the_committed_pattern_engine_loads() {
        let spec = EngineSpec::load(std::path::Path::new(
            "engines/draughts/ab-sel-patterns.toml",
        ))
        .unwrap();
        let w = spec.weights_for::<Position<Ten>>().unwrap();
        assert_eq!(w.len(), HAND + patterns::table_len(10));
        let err = spec.weights_for::<Position<Eight>>().unwrap_err();
        assert!(err.contains("10x10"), "{err}");
    }
}
