//! Fitting the Othello pattern tables (`games::othello::patterns`) from games.
//!
//! Positions come from arena game records (`games.jsonl`), replayed move by move. Each is
//! labelled with a final disc difference for the side to move: from the position where the game
//! first reaches `exact_empties` empties on, the exact score of perfect play (the endgame solver,
//! one solve a position, the table kept along the game); before it, the exact score of that
//! position (so the label is the game's result as perfect endgame play would have ended it, not
//! the shallow engines' endgame mistakes). Labelled positions are appended to a cache file game
//! chunk by game chunk, so a killed run keeps every finished chunk and resumes after it.
//!
//! The fit is least squares on the disc difference, as Edax fits its tables: the model is
//! linear in one-hot pattern features (one weight a configuration of a pattern kind, a table a
//! stage), so ridge regression (`lambda` pseudo-observations of 0 for each weight: rare
//! configurations stay near 0) minimised by full-batch Adam, in parallel over positions. A
//! position also trains the neighbouring stage at half weight when its empties are next to a
//! stage boundary, which smooths the tables across stages.

use crate::game::{Game, RuleSet};
use crate::games::othello::patterns::{layout, stage, PatternWeights, SCALE, STAGES};
use crate::games::othello::solve::Solver;
use crate::games::othello::{Othello, OthelloRules};
use rayon::prelude::*;
use std::io::{Read, Write};
use std::path::Path;

/// A labelled position: the side to move's discs, the other side's, and the final disc
/// difference for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub own: u64,
    pub opp: u64,
    pub label: i8,
    /// True when `label` is the exact score of this very position.
    pub exact: bool,
}

/// Bytes a sample takes in the cache file: own (u64 LE), opp (u64 LE), label (i8), exact (u8).
const SAMPLE_BYTES: usize = 18;

/// One recorded game: the start position and the moves.
pub struct GameLine {
    pub start: Othello,
    pub moves: Vec<String>,
}

/// Reads arena `games.jsonl` records (fields `rules`, `start`, `moves`).
pub fn read_games(path: &Path) -> Result<Vec<GameLine>, String> {
    let text = crate::game::record_file::read_text(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |why: String| format!("{} line {}: {why}", path.display(), i + 1);
        let v: serde_json::Value = serde_json::from_str(&line).map_err(|e| at(e.to_string()))?;
        if v["game"].as_str() != Some("othello") {
            return Err(at("not an Othello game record".into()));
        }
        let rules = OthelloRules::parse(v["rules"].as_str().unwrap_or(""))
            .map_err(|e| at(e.to_string()))?;
        let start = match v["start"].as_str() {
            Some(s) => Othello::parse_position(&rules, s).map_err(|e| at(e.to_string()))?,
            None => Othello::new(&rules),
        };
        let moves = v["moves"]
            .as_array()
            .ok_or_else(|| at("no moves".into()))?
            .iter()
            .map(|m| {
                m.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| at("a move is not text".into()))
            })
            .collect::<Result<_, _>>()?;
        out.push(GameLine { start, moves });
    }
    Ok(out)
}

/// The labelled positions of one game (see the module comment). Every non-terminal position
/// from the start on.
pub fn label_game(
    game: &GameLine,
    exact_empties: u32,
    solver: &mut Solver,
) -> Result<Vec<Sample>, String> {
    let mut states = vec![game.start];
    let mut s = game.start;
    for m in &game.moves {
        s.play_text(m).map_err(|e| e.to_string())?;
        states.push(s);
    }
    let end = *states.last().expect("the start state");
    let states: Vec<Othello> = states.into_iter().filter(|s| !s.is_terminal()).collect();
    let mut labels: Vec<Option<(i32, bool)>> = vec![None; states.len()];
    // Exact scores from exact_empties on; the first of them anchors the earlier positions.
    let mut anchor: Option<(i32, usize)> = None;
    for (i, st) in states.iter().enumerate() {
        if st.empties().count_ones() <= exact_empties {
            let v = solver.solve(st).score;
            labels[i] = Some((v, true));
            if anchor.is_none() {
                anchor = Some((v, st.side()));
            }
        }
    }
    // A game that ended before exact_empties (or never got there) anchors on its own end.
    let (base, base_side) = anchor.unwrap_or((end.final_disc_difference(), end.side()));
    Ok(states
        .iter()
        .zip(labels)
        .map(|(st, l)| {
            let (label, exact) =
                l.unwrap_or_else(|| (if st.side() == base_side { base } else { -base }, false));
            Sample {
                own: st.own(),
                opp: st.opp(),
                label: label.clamp(-64, 64) as i8,
                exact,
            }
        })
        .collect())
}

fn write_chunk(
    out: &mut impl Write,
    first_game: u32,
    games: &[Vec<Sample>],
) -> std::io::Result<()> {
    for (k, samples) in games.iter().enumerate() {
        out.write_all(&(first_game + k as u32).to_le_bytes())?;
        out.write_all(&(samples.len() as u32).to_le_bytes())?;
        for s in samples {
            out.write_all(&s.own.to_le_bytes())?;
            out.write_all(&s.opp.to_le_bytes())?;
            out.write_all(&[s.label as u8, s.exact as u8])?;
        }
    }
    out.flush()
}

/// Reads a label cache: per game its index (u32 LE), its sample count (u32 LE), the samples.
/// Returns (game index, samples) per game; a torn last record (a killed run) is dropped.
pub fn read_labels(path: &Path) -> Result<Vec<(u32, Vec<Sample>)>, String> {
    let mut bytes = Vec::new();
    match std::fs::File::open(path) {
        Ok(mut f) => {
            f.read_to_end(&mut bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    }
    let mut out = Vec::new();
    let mut at = 0;
    while at + 8 <= bytes.len() {
        let game = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let n = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap()) as usize;
        if n > 128 || at + 8 + n * SAMPLE_BYTES > bytes.len() {
            break;
        }
        let mut samples = Vec::with_capacity(n);
        for k in 0..n {
            let b = &bytes[at + 8 + k * SAMPLE_BYTES..];
            samples.push(Sample {
                own: u64::from_le_bytes(b[0..8].try_into().unwrap()),
                opp: u64::from_le_bytes(b[8..16].try_into().unwrap()),
                label: b[16] as i8,
                exact: b[17] != 0,
            });
        }
        out.push((game, samples));
        at += 8 + n * SAMPLE_BYTES;
    }
    Ok(out)
}

/// Labels `games` into the cache at `path`, resuming after the games it already holds.
/// `progress` is called with (games done, games in all).
pub fn label_games(
    games: &[GameLine],
    exact_empties: u32,
    path: &Path,
    mut progress: impl FnMut(usize, usize),
) -> Result<(), String> {
    let done = read_labels(path)?;
    let next = done.last().map_or(0, |(g, _)| *g as usize + 1);
    // Rewrite the good prefix (drops a torn record), then append.
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
    );
    for (g, s) in &done {
        write_chunk(&mut file, *g, std::slice::from_ref(s)).map_err(|e| e.to_string())?;
    }
    const CHUNK: usize = 64;
    let mut at = next;
    while at < games.len() {
        let end = (at + CHUNK).min(games.len());
        let chunk: Vec<Vec<Sample>> = games[at..end]
            .par_iter()
            .map_init(
                || Solver::new(16),
                |solver, g| label_game(g, exact_empties, solver),
            )
            .collect::<Result<_, _>>()?;
        write_chunk(&mut file, at as u32, &chunk).map_err(|e| e.to_string())?;
        at = end;
        progress(at, games.len());
    }
    Ok(())
}

/// Fit settings.
#[derive(Clone, Debug)]
pub struct FitConfig {
    pub epochs: usize,
    /// Ridge: each weight's pull toward 0, in pseudo-observations.
    pub lambda: f64,
    pub learning_rate: f64,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            epochs: 300,
            lambda: 2.0,
            learning_rate: 2.0,
        }
    }
}

/// The stages a position trains, with weights: its own, and a neighbour at half weight when an
/// empty more or fewer falls in another stage.
fn stage_weights(empties: u32) -> impl Iterator<Item = (usize, f32)> {
    let own = stage(empties);
    let lower = stage(empties.saturating_sub(1));
    let upper = stage(empties + 1);
    [(own, 1.0f32), (lower, 0.5), (upper, 0.5)]
        .into_iter()
        .enumerate()
        .filter(move |&(i, (s, _))| i == 0 || s != own)
        .map(|(_, x)| x)
}

/// Per-epoch report: (epoch, train mean squared error, validation mean squared error).
pub type EpochReport = (usize, f64, f64);

/// Sums of squared and absolute errors and the count over `samples` (own stage only), with
/// float weights.
fn error(w: &[f32], samples: &[Sample]) -> (f64, f64, f64) {
    let layout = layout();
    let n = layout.instance_count();
    let per = layout.per_stage;
    samples
        .par_iter()
        .fold(
            || (0.0f64, 0.0f64, 0.0f64),
            |(se, ae, c), s| {
                let mut idx = [0u32; 64];
                layout.features(s.own, s.opp, &mut idx);
                let base = stage((!(s.own | s.opp)).count_ones()) * per;
                let mut p = w[base + per - 1];
                for &i in &idx[..n] {
                    p += w[base + i as usize];
                }
                let r = (p - s.label as f32) as f64;
                (se + r * r, ae + r.abs(), c + 1.0)
            },
        )
        .reduce(|| (0.0, 0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
}

/// Least-squares fit of the pattern tables to `train`; `valid` is only measured. Returns the
/// weights in discs (`STAGES * per_stage`) and calls `report` after every epoch.
pub fn fit(
    train: &[Sample],
    valid: &[Sample],
    config: &FitConfig,
    mut report: impl FnMut(EpochReport),
) -> Vec<f32> {
    let layout = layout();
    let n = layout.instance_count();
    let per = layout.per_stage;
    let total = STAGES * per;
    let mut w = vec![0f32; total];
    // Start each stage's bias at its mean label.
    let mut sums = vec![(0.0f64, 0.0f64); STAGES];
    for s in train {
        let st = stage((!(s.own | s.opp)).count_ones());
        sums[st].0 += s.label as f64;
        sums[st].1 += 1.0;
    }
    for (st, (sum, c)) in sums.iter().enumerate() {
        if *c > 0.0 {
            w[st * per + per - 1] = (sum / c) as f32;
        }
    }
    let (mut m, mut v) = (vec![0f32; total], vec![0f32; total]);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    for epoch in 1..=config.epochs {
        let grad = train
            .par_chunks(4096)
            .fold(
                || vec![0f32; total],
                |mut g, chunk| {
                    let mut idx = [0u32; 64];
                    for s in chunk {
                        layout.features(s.own, s.opp, &mut idx);
                        for (st, sw) in stage_weights((!(s.own | s.opp)).count_ones()) {
                            let base = st * per;
                            let mut p = w[base + per - 1];
                            for &i in &idx[..n] {
                                p += w[base + i as usize];
                            }
                            let r = 2.0 * sw * (p - s.label as f32);
                            g[base + per - 1] += r;
                            for &i in &idx[..n] {
                                g[base + i as usize] += r;
                            }
                        }
                    }
                    g
                },
            )
            .reduce(
                || vec![0f32; total],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(&b) {
                        *x += y;
                    }
                    a
                },
            );
        // Learning rate: cosine from `learning_rate` down to 2 % of it.
        let t = (epoch - 1) as f64 / config.epochs.max(1) as f64;
        let lr = (config.learning_rate
            * (0.02 + 0.98 * 0.5 * (1.0 + (std::f64::consts::PI * t).cos())))
            as f32;
        let lambda = config.lambda as f32;
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for k in 0..total {
            let g = grad[k] + 2.0 * lambda * w[k];
            if g == 0.0 && m[k] == 0.0 {
                continue;
            }
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            v[k] = b2 * v[k] + (1.0 - b2) * g * g;
            w[k] -= lr * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
        }
        let every = (config.epochs / 30).max(1);
        if epoch % every == 0 || epoch == config.epochs || epoch == 1 {
            let (tse, _, tc) = error(&w, train);
            let (vse, _, vc) = error(&w, valid);
            report((epoch, tse / tc.max(1.0), vse / vc.max(1.0)));
        }
    }
    w
}

/// One stage's errors in discs (own stage only), on the training and the held-out positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StageError {
    pub stage: usize,
    pub train_positions: usize,
    pub valid_positions: usize,
    pub train_mse: f64,
    pub valid_mse: f64,
    /// Mean absolute error, the figure Edax and Egaroucid report per stage.
    pub train_mae: f64,
    pub valid_mae: f64,
}

/// The errors of every stage.
pub fn stage_errors(w: &[f32], train: &[Sample], valid: &[Sample]) -> Vec<StageError> {
    (0..STAGES)
        .map(|st| {
            let of = |set: &[Sample]| {
                let part: Vec<Sample> = set
                    .iter()
                    .filter(|s| stage((!(s.own | s.opp)).count_ones()) == st)
                    .copied()
                    .collect();
                let (se, ae, c) = error(w, &part);
                (part.len(), se / c.max(1.0), ae / c.max(1.0))
            };
            let (tn, tmse, tmae) = of(train);
            let (vn, vmse, vmae) = of(valid);
            StageError {
                stage: st,
                train_positions: tn,
                valid_positions: vn,
                train_mse: tmse,
                valid_mse: vmse,
                train_mae: tmae,
                valid_mae: vmae,
            }
        })
        .collect()
}

/// The committed format's weights back in discs, as `fit` returns them: to measure tables
/// fitted earlier (`stage_errors`) on the positions of a new fit.
pub fn dequantise(w: &PatternWeights) -> Vec<f32> {
    w.weights.iter().map(|&x| x as f32 / SCALE as f32).collect()
}

/// Float weights in discs to the committed format (1/`SCALE` disc, i16).
pub fn quantise(w: &[f32]) -> PatternWeights {
    PatternWeights {
        weights: w
            .iter()
            .map(|&x| {
                (x * SCALE as f32)
                    .round()
                    .clamp(i16::MIN as f32, i16::MAX as f32) as i16
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn random_board(rng: &mut impl Rng, empties: u32) -> (u64, u64) {
        let mut occ = !0u64;
        while occ.count_ones() > 64 - empties {
            occ &= !(1u64 << rng.gen_range(0..64));
        }
        let own = occ & rng.gen::<u64>();
        (own, occ & !own)
    }

    /// A synthetic problem with known tables: labels made by a planted set of weights (only a
    /// few configurations nonzero, one stage), recovered by the fit to within a small error.
    #[test]
    fn fit_recovers_planted_weights() {
        // Random boards make almost every configuration of the big kinds (3^10 of them) unique
        // to its sample, so with few samples the fit can explain the labels through them
        // instead of through diag4 (4,000 samples and lambda 0.5: fresh error 6.7 against
        // variance 17.4). 20,000 samples and lambda 2 give fresh error 0.9 against 11.7 and a
        // diag4 correlation of 0.93 (about 10 s in release).
        const SAMPLES: usize = 20_000;
        let layout = layout();
        let per = layout.per_stage;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
        // Stage of 30 empties; plant weights on the configurations that occur in the samples.
        let empties = 30;
        let st = stage(empties);
        let boards: Vec<(u64, u64)> = (0..SAMPLES)
            .map(|_| random_board(&mut rng, empties))
            .collect();
        let mut planted = vec![0f32; STAGES * per];
        // Weight the diag4 kind (81 configurations, well sampled) and the bias.
        let (_, off, count) = *layout.kinds.iter().find(|k| k.0 == "diag4").unwrap();
        for c in 0..count {
            planted[st * per + off + c] = rng.gen_range(-3..=3) as f32;
        }
        planted[st * per + per - 1] = 2.0;
        let n = layout.instance_count();
        let label_of = |own: u64, opp: u64| {
            let mut idx = [0u32; 64];
            layout.features(own, opp, &mut idx);
            let mut p = planted[st * per + per - 1];
            for &i in &idx[..n] {
                p += planted[st * per + i as usize];
            }
            p
        };
        let samples: Vec<Sample> = boards
            .iter()
            .map(|&(own, opp)| Sample {
                own,
                opp,
                label: label_of(own, opp).round() as i8,
                exact: true,
            })
            .collect();
        let config = FitConfig {
            epochs: 200,
            lambda: 2.0,
            learning_rate: 0.5,
        };
        let w = fit(&samples, &samples, &config, |_| {});
        // The planted model is not identifiable weight by weight (squares are shared between
        // kinds, and a constant moves freely between the kinds and the bias), so the test is
        // what identifies it: the training labels are fitted, fresh positions are predicted
        // far better than by their mean, and the diag4 table found is the planted one up to a
        // constant (correlation of the centred tables).
        let (se, _, c) = error(&w, &samples);
        assert!(se / c < 0.05, "training mean squared error {}", se / c);
        let fresh: Vec<Sample> = (0..1000)
            .map(|_| {
                let (own, opp) = random_board(&mut rng, empties);
                Sample {
                    own,
                    opp,
                    label: label_of(own, opp).round() as i8,
                    exact: true,
                }
            })
            .collect();
        let m = fresh.iter().map(|s| s.label as f64).sum::<f64>() / fresh.len() as f64;
        let var = fresh
            .iter()
            .map(|s| (s.label as f64 - m).powi(2))
            .sum::<f64>()
            / fresh.len() as f64;
        let (se, _, c) = error(&w, &fresh);
        assert!(
            se / c < 0.25 * var,
            "fresh mean squared error {} (label variance {var})",
            se / c
        );
        let centred = |v: &[f32]| {
            let mean = v.iter().sum::<f32>() / v.len() as f32;
            v.iter().map(|x| (x - mean) as f64).collect::<Vec<_>>()
        };
        let got = centred(&w[st * per + off..st * per + off + count]);
        let want = centred(&planted[st * per + off..st * per + off + count]);
        let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
        let corr = dot(&got, &want) / (dot(&got, &got) * dot(&want, &want)).sqrt();
        assert!(corr > 0.9, "diag4 table correlation {corr}");
    }

    #[test]
    fn labels_round_trip_and_torn_tail_is_dropped() {
        let dir = std::env::temp_dir().join(format!("boardlab-labels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("labels.bin");
        let s = |k: u64| Sample {
            own: k,
            opp: k << 1,
            label: -(k as i8),
            exact: k % 2 == 0,
        };
        let games = vec![vec![s(1), s(2)], vec![s(3)]];
        let mut f = std::fs::File::create(&path).unwrap();
        write_chunk(&mut f, 0, &games).unwrap();
        f.write_all(&[7, 0, 0, 0, 5]).unwrap(); // a torn record
        drop(f);
        let back = read_labels(&path).unwrap();
        assert_eq!(back, vec![(0, games[0].clone()), (1, games[1].clone())]);
        std::fs::remove_dir_all(&dir).ok();
    }
}
