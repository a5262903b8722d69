//! Texel (logistic) tuning of a linear evaluation, as Peter Österlund described it for Texel:
//! with the evaluation `e = w . x` of a position from its side to move and the label R (the
//! expected score, in [0, 1]), fit the scale K once, then minimise
//!
//! ```text
//! E(w) = mean over positions (R - sigmoid(K * e))^2,    sigmoid(z) = 1 / (1 + exp(-z))
//! ```
//!
//! over the weights by Adam (or AdaGrad) on the full-batch gradient
//! `dE/dw_j = mean(-2 (R - s) s (1 - s) K x_j)`, summed over positions in parallel (rayon). A
//! held-out part of the positions is never trained on: its loss, measured every epoch, stops the
//! run when it has not improved for `patience` epochs, and the weights of its best epoch are kept.
//!
//! Features are stored sparse (index, value), so the same tuner fits a handful of hand-made
//! terms (Othello's mobility and corners) or tens of thousands of one-hot pattern weights (an
//! Edax-style pattern evaluation, where each position touches a few dozen): any evaluation that
//! is linear in its weights. `Dataset::push` takes rows from anywhere; `Dataset::from_positions`
//! makes them from a game's `Evaluate::features`.

use rayon::prelude::*;

use super::optimizer::{Method, Optimizer};
use super::positions::{side_to_move, Labelled};
use crate::eval::GameKnowledge;

/// Positions as sparse feature rows with their labels (compressed rows).
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    pub features: usize,
    offsets: Vec<usize>,
    index: Vec<u32>,
    value: Vec<f32>,
    labels: Vec<f64>,
}

impl Dataset {
    pub fn new(features: usize) -> Self {
        Dataset {
            features,
            offsets: vec![0],
            ..Default::default()
        }
    }
    pub fn len(&self) -> usize {
        self.labels.len()
    }
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
    /// Adds a position: its nonzero features as (index, value) and its label in [0, 1].
    pub fn push(&mut self, row: impl IntoIterator<Item = (u32, f32)>, label: f64) {
        for (i, v) in row {
            debug_assert!((i as usize) < self.features);
            self.index.push(i);
            self.value.push(v);
        }
        self.offsets.push(self.index.len());
        self.labels.push(label);
    }
    /// Every position's `G::features` from its side to move. A game whose evaluation is not a
    /// dot product of its features (`Evaluate::evaluate` answers) cannot be tuned this way.
    pub fn from_positions<G: GameKnowledge>(positions: &[Labelled<G>]) -> Result<Dataset, String> {
        let mut rows = FeatureRows::<G>::new()?;
        let mut d = Dataset::new(rows.features());
        for p in positions {
            if let Some(side) = side_to_move(&p.state) {
                rows.push(&mut d, &p.state, side, p.label)?;
            }
        }
        Ok(d)
    }
    /// In how many rows each feature is nonzero (a one-hot weight seen too rarely to fit can
    /// then be held at its start value).
    pub fn feature_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.features];
        for r in 0..self.len() {
            for (i, v) in self.row(r) {
                if v != 0.0 {
                    counts[i as usize] += 1;
                }
            }
        }
        counts
    }
    /// The rows at `rows`, in that order.
    pub fn subset(&self, rows: &[usize]) -> Dataset {
        let mut d = Dataset::new(self.features);
        for &r in rows {
            d.push(self.row(r), self.labels[r]);
        }
        d
    }
    fn row(&self, r: usize) -> impl Iterator<Item = (u32, f32)> + '_ {
        let (a, b) = (self.offsets[r], self.offsets[r + 1]);
        self.index[a..b]
            .iter()
            .copied()
            .zip(self.value[a..b].iter().copied())
    }
    /// The evaluation `w . x` of row `r`.
    pub fn eval(&self, r: usize, w: &[f64]) -> f64 {
        self.row(r).map(|(i, v)| w[i as usize] * v as f64).sum()
    }
    pub fn label(&self, r: usize) -> f64 {
        self.labels[r]
    }
    /// A held-out split: every row goes to validation with probability `fraction`, drawn from
    /// `seed` (the same seed, the same split). Returns (train, validation).
    pub fn split(&self, fraction: f64, seed: u64) -> (Dataset, Dataset) {
        self.split_in_blocks(fraction, seed, 1)
    }
    /// `split` by runs of `block` consecutive rows: the positions of one game stand next to
    /// each other in a position file, and a game split between the two sets would let the
    /// validation loss reward weights that learned that game (one-hot tables do).
    pub fn split_in_blocks(&self, fraction: f64, seed: u64, block: usize) -> (Dataset, Dataset) {
        let block = block.max(1);
        let (mut train, mut valid) = (Vec::new(), Vec::new());
        for r in 0..self.len() {
            if held_out((r / block) as u64, fraction, seed) {
                valid.push(r);
            } else {
                train.push(r);
            }
        }
        (self.subset(&train), self.subset(&valid))
    }
}

/// Makes a game's positions into rows: `G::features` from one side, nonzero values only,
/// with the check that the game's evaluation is the dot product the tuner fits.
pub struct FeatureRows<G> {
    /// The default weights and a shifted set (so a zero weight cannot hide a term).
    checks: [Vec<f64>; 2],
    buf: Vec<f64>,
    game: std::marker::PhantomData<G>,
}

impl<G: GameKnowledge> FeatureRows<G> {
    pub fn new() -> Result<Self, String> {
        if G::feature_names().is_empty() {
            return Err(format!("{} has no evaluation features to tune", G::ID));
        }
        let w = G::default_weights();
        let shifted = w.iter().map(|x| x + 1.0).collect();
        Ok(FeatureRows {
            checks: [w, shifted],
            buf: Vec::with_capacity(G::feature_names().len()),
            game: std::marker::PhantomData,
        })
    }
    pub fn features(&self) -> usize {
        G::feature_names().len()
    }
    /// Adds `state` seen by `side`, labelled `label` (in [0, 1]), to `d`.
    pub fn push(
        &mut self,
        d: &mut Dataset,
        state: &G,
        side: usize,
        label: f64,
    ) -> Result<(), String> {
        let n = self.features();
        self.buf.clear();
        state.features(side, &mut self.buf);
        if self.buf.len() != n {
            return Err(format!(
                "{}: features wrote {} values for {n} names",
                G::ID,
                self.buf.len()
            ));
        }
        // A game may answer `evaluate` itself (a fast path that skips zero-weight terms); that
        // is tunable only if it equals the dot product.
        for weights in &self.checks {
            if let Some(v) = state.evaluate(side, weights) {
                let dot: f64 = weights.iter().zip(&self.buf).map(|(a, b)| a * b).sum();
                if (v - dot).abs() > 1e-6 * (1.0 + dot.abs()) {
                    return Err(format!(
                        "{}'s evaluation is not linear in its features (Evaluate::evaluate \
                         gives {v}, the weights times the features {dot}): the Texel tuner \
                         fits linear weights only",
                        G::ID
                    ));
                }
            }
        }
        d.push(
            self.buf
                .iter()
                .enumerate()
                .filter(|(_, v)| **v != 0.0)
                .map(|(i, v)| (i as u32, *v as f32)),
            label,
        );
        Ok(())
    }
}

/// Whether the item `key` (a row block, a game number) goes to validation: drawn from `seed`
/// with probability `fraction`, the same key and seed, the same answer.
pub fn held_out(key: u64, fraction: f64, seed: u64) -> bool {
    let h = crate::game::zobrist::splitmix64(seed ^ key.wrapping_mul(0x9E37));
    (h >> 11) as f64 / (1u64 << 53) as f64 <= fraction
}

pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Rows a rayon task sums at once. The chunks are fixed and their sums are added in order (not
/// rayon's adaptive splits, whose grouping changes from run to run), so a fit gives the same
/// weights, bit for bit, on any number of threads: the committed fits rerun exactly.
const CHUNK: usize = 8192;

/// The rows of chunk `c`.
fn chunk_rows(d: &Dataset, c: usize) -> std::ops::Range<usize> {
    c * CHUNK..((c + 1) * CHUNK).min(d.len())
}

/// The mean squared error `mean (R - sigmoid(K w.x))^2` (0 on no positions).
pub fn loss(d: &Dataset, w: &[f64], k: f64) -> f64 {
    if d.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = (0..d.len().div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            chunk_rows(d, c)
                .map(|r| {
                    let e = d.labels[r] - sigmoid(k * d.eval(r, w));
                    e * e
                })
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / d.len() as f64
}

/// The loss and its gradient over the weights.
pub fn gradient(d: &Dataset, w: &[f64], k: f64) -> (f64, Vec<f64>) {
    let n = d.len().max(1) as f64;
    let parts: Vec<(f64, Vec<f64>)> = (0..d.len().div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let (mut l, mut g) = (0.0, vec![0.0; d.features]);
            for r in chunk_rows(d, c) {
                let s = sigmoid(k * d.eval(r, w));
                let e = d.labels[r] - s;
                l += e * e;
                let c = -2.0 * e * s * (1.0 - s) * k;
                for (i, v) in d.row(r) {
                    g[i as usize] += c * v as f64;
                }
            }
            (l, g)
        })
        .collect();
    let mut l = 0.0;
    let mut g = vec![0.0; d.features];
    for (lp, gp) in parts {
        l += lp;
        for (a, b) in g.iter_mut().zip(gp) {
            *a += b;
        }
    }
    (l / n, g.into_iter().map(|x| x / n).collect())
}

/// The K that minimises the loss of `w`: a scan of K over powers of ten, then golden-section
/// search between the neighbours of the best one.
pub fn fit_k(d: &Dataset, w: &[f64]) -> f64 {
    let grid: Vec<f64> = (-60..=20).map(|i| 10f64.powf(i as f64 / 10.0)).collect();
    let losses: Vec<f64> = grid.iter().map(|&k| loss(d, w, k)).collect();
    let best = (0..grid.len())
        .min_by(|&a, &b| losses[a].total_cmp(&losses[b]))
        .unwrap_or(0);
    let (mut a, mut b) = (
        grid[best.saturating_sub(1)].ln(),
        grid[(best + 1).min(grid.len() - 1)].ln(),
    );
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let f = |x: f64| loss(d, w, x.exp());
    let mut c = b - phi * (b - a);
    let mut e = a + phi * (b - a);
    let (mut fc, mut fe) = (f(c), f(e));
    for _ in 0..40 {
        if fc < fe {
            b = e;
            e = c;
            fe = fc;
            c = b - phi * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = e;
            fc = fe;
            e = a + phi * (b - a);
            fe = f(e);
        }
    }
    ((a + b) / 2.0).exp()
}

/// How a Texel run goes.
#[derive(Clone, Debug)]
pub struct TexelOptions {
    pub method: Method,
    pub max_epochs: usize,
    /// Stop when the validation loss has not improved for this many epochs.
    pub patience: usize,
    /// An improvement smaller than this does not count.
    pub min_delta: f64,
    /// Weights held at their start values (true: fixed).
    pub fixed: Vec<bool>,
    /// Ridge penalty per weight (`l2[j] * w_j^2` added to the training loss; empty: none). The
    /// losses reported stay the plain mean squared errors.
    pub l2: Vec<f64>,
}

/// One epoch of the log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    pub epoch: usize,
    pub train: f64,
    pub valid: f64,
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct TexelResult {
    pub k: f64,
    /// The weights of the best validation epoch.
    pub weights: Vec<f64>,
    pub start_train: f64,
    pub start_valid: f64,
    pub best: Epoch,
    pub history: Vec<Epoch>,
    /// True when early stopping ended the run (false: `max_epochs` did).
    pub stopped_early: bool,
}

/// Fits K on `train` at `start`, then the weights; `progress` is called after every epoch.
pub fn tune(
    train: &Dataset,
    valid: &Dataset,
    start: &[f64],
    opts: &TexelOptions,
    k: Option<f64>,
    mut progress: impl FnMut(&Epoch),
) -> TexelResult {
    let k = k.unwrap_or_else(|| fit_k(train, start));
    let mut w = start.to_vec();
    let mut opt = Optimizer::new(opts.method, w.len());
    let start_train = loss(train, &w, k);
    let start_valid = loss(valid, &w, k);
    let valid_loss = |w: &[f64], t: f64| {
        if valid.is_empty() {
            t
        } else {
            loss(valid, w, k)
        }
    };
    let mut best = Epoch {
        epoch: 0,
        train: start_train,
        valid: if valid.is_empty() {
            start_train
        } else {
            start_valid
        },
    };
    let mut best_w = w.clone();
    let mut history = vec![best];
    let mut stopped_early = false;
    for epoch in 1..=opts.max_epochs {
        let (_, mut g) = gradient(train, &w, k);
        for ((gi, l2), wi) in g.iter_mut().zip(&opts.l2).zip(&w) {
            *gi += 2.0 * l2 * wi;
        }
        for (gi, fixed) in g.iter_mut().zip(&opts.fixed) {
            if *fixed {
                *gi = 0.0;
            }
        }
        opt.step(&mut w, &g);
        let t = loss(train, &w, k);
        let e = Epoch {
            epoch,
            train: t,
            valid: valid_loss(&w, t),
        };
        history.push(e);
        progress(&e);
        if e.valid < best.valid - opts.min_delta {
            best = e;
            best_w = w.clone();
        } else if epoch - best.epoch >= opts.patience {
            stopped_early = true;
            break;
        }
    }
    TexelResult {
        k,
        weights: best_w,
        start_train,
        start_valid,
        best,
        history,
        stopped_early,
    }
}

/// `loss.svg`: training and validation loss by epoch, the best epoch marked.
pub fn loss_svg(title: &str, history: &[Epoch], best: &Epoch) -> Result<String, String> {
    use crate::arena::chart::{failed, svg_chart, Frame};
    use plotters::prelude::*;
    let last = history.last().map_or(1, |e| e.epoch).max(1);
    let all = history.iter().flat_map(|e| [e.train, e.valid]);
    let lo = all.clone().fold(f64::INFINITY, f64::min);
    let hi = all.fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.05).max(1e-6);
    let frame = Frame {
        size: (720, 420),
        caption: title,
        caption_size: 18,
        y_label_area: 70,
        x: 0f64..last as f64,
        y: (lo - pad)..(hi + pad),
        legend: true,
    };
    svg_chart(frame, |chart| {
        chart
            .configure_mesh()
            .x_desc("epoch")
            .y_desc("mean (R - sigmoid(K e))^2")
            .y_label_formatter(&|y| format!("{y:.5}"))
            .draw()
            .map_err(failed)?;
        for (name, colour, pick) in [
            ("train", BLUE, (|e: &Epoch| e.train) as fn(&Epoch) -> f64),
            ("validation", RED, |e: &Epoch| e.valid),
        ] {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    history
                        .iter()
                        .map(|e| (e.epoch as f64, pick(e)))
                        .collect::<Vec<_>>(),
                    colour.stroke_width(2),
                )))
                .map_err(failed)?
                .label(name)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
        }
        chart
            .draw_series(std::iter::once(Circle::new(
                (best.epoch as f64, best.valid),
                5,
                RED.filled(),
            )))
            .map_err(failed)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy() -> Dataset {
        let mut d = Dataset::new(3);
        for r in 0..200u32 {
            let x = [
                (r % 7) as f32 - 3.0,
                (r % 5) as f32 - 2.0,
                ((r * 13) % 11) as f32 - 5.0,
            ];
            let label = sigmoid(0.3 * x[0] as f64 - 0.2 * x[1] as f64 + 0.1 * x[2] as f64);
            d.push(
                x.iter()
                    .enumerate()
                    .filter(|(_, v)| **v != 0.0)
                    .map(|(i, v)| (i as u32, *v)),
                label,
            );
        }
        d
    }

    #[test]
    fn gradient_matches_loss() {
        let d = toy();
        let w = [0.5, 0.1, -0.3];
        let (l, _) = gradient(&d, &w, 0.7);
        assert!((l - loss(&d, &w, 0.7)).abs() < 1e-12);
    }

    #[test]
    fn split_is_a_partition() {
        let d = toy();
        let (t, v) = d.split(0.25, 9);
        assert_eq!(t.len() + v.len(), d.len());
        assert!(v.len() > 20 && v.len() < 80, "{}", v.len());
    }
}
