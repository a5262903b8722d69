//! Fitting the draughts pattern evaluation (`games::draughts::patterns`): the hand-set terms and
//! the box tables in one logistic (Texel) fit on labelled positions (`tune extract`), by the
//! same tuner as every linear evaluation (`texel`). A position's row is its hand-set features
//! (dense, first) and its pattern features (sparse, offset by the number of hand-set terms), so
//! the fitted weights are the evaluator file's vector as it stands (`PatternModel::to_vector`).
//!
//! A configuration seen in fewer than `min_count` training positions is held at 0 (its weight
//! would fit those few results and nothing else), and a ridge penalty pulls every table weight
//! toward 0; the hold-out loss decides when to stop, as in every Texel run.

use super::positions::{side_to_move, Labelled};
use super::texel::Dataset;
use crate::eval::Evaluate;
use crate::games::draughts::patterns::{self, PatternModel};
use crate::games::draughts::{Geometry, Position};

/// Every position as a row: the hand-set features, then the table entries.
pub fn dataset<G: Geometry>(positions: &[Labelled<Position<G>>]) -> Dataset {
    let hand = <Position<G> as Evaluate>::feature_names().len();
    let mut d = Dataset::new(hand + patterns::table_len(G::SIZE));
    let mut sparse = Vec::with_capacity(4 * patterns::box_count(G::SIZE));
    for p in positions {
        let Some(side) = side_to_move(&p.state) else {
            continue;
        };
        sparse.clear();
        patterns::features(&p.state, side, &mut sparse);
        let dense = p.state.hand_features(side);
        let row = dense
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0.0)
            .map(|(i, v)| (i as u32, *v as f32))
            .chain(
                sparse
                    .iter()
                    .filter(|(_, v)| *v != 0.0)
                    .map(|&(i, v)| (i + hand as u32, v)),
            );
        d.push(row, p.label);
    }
    d
}

/// The fitted vector as a model (the hand-set weights, then the tables).
pub fn model<G: Geometry>(weights: &[f64]) -> PatternModel {
    let hand = <Position<G> as Evaluate>::feature_names().len();
    PatternModel {
        size: G::SIZE,
        hand: weights[..hand].to_vec(),
        table: weights[hand..].iter().map(|&w| w as f32).collect(),
    }
}
