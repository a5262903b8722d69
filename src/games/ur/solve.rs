//! Exact solution by value iteration: the probability that the side to move (before its roll)
//! wins, for every position, under optimal play by both sides.
//!
//! Pieces off never decrease, so layers (mover off a, opponent off b) depend only on themselves,
//! on their mirror (b, a) (the turn passes) and on layers with more pieces off. Layer pairs are
//! solved in order of decreasing a + b; within a pair, Gauss-Seidel sweeps (values updated in
//! place, read by later positions of the same sweep) repeat until the largest change of a sweep
//! is below the tolerance. Values are f32 (4 bytes a position).

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::board::{self, Side, ROLL_WEIGHTS};
use super::index::{PositionIndex, SHARED_CONFIGS};
use super::rules::UrRules;
use crate::game::RuleSet;

/// A layer pair stops after this many sweeps even if not converged (`final_delta` tells).
const MAX_SWEEPS: u32 = 2000;

/// The solved table.
pub struct Solution {
    pub rules: UrRules,
    pub index: PositionIndex,
    values: Vec<f32>,
}

/// What a solve did.
#[derive(Clone, Debug, Default)]
pub struct SolveStats {
    pub positions: u64,
    /// Positions where a side has already borne off every piece (part of the count).
    pub finished: u64,
    pub sweeps: u64,
    /// Largest change in the last sweep of each layer pair, maximised over pairs.
    pub final_delta: f64,
    pub seconds: f64,
}

/// Progress callback: (positions of finished layers, total, message).
pub type Progress<'a> = &'a (dyn Fn(u64, u64, &str) + Sync);

/// One Bellman backup of (own, opp), split as `a + c * (1 - V(opp, own))`: `c` is the
/// probability that the turn passes (roll 0, or a roll with no legal move) and `a` the rest
/// (moves' values from the current table, weighted by their roll's probability).
#[inline]
fn backup_parts(
    rules: &UrRules,
    idx: &PositionIndex,
    own: Side,
    opp: Side,
    get: impl Fn(u64) -> f64,
) -> (f64, f64) {
    let n = rules.pieces;
    let mut pass = ROLL_WEIGHTS[0];
    let mut total = 0.0;
    let mut froms = [0u8; 8];
    let mut count = 0;
    for from in board::sources(rules, own) {
        froms[count] = from;
        count += 1;
    }
    for roll in 1..=4u8 {
        let mut best = -1.0f64;
        for &from in &froms[..count] {
            if let Some(s) = board::step(rules, own, opp, from, roll) {
                let (mut o2, mut p2) = (own, opp);
                board::apply(rules, &mut o2, &mut p2, s);
                let v = if o2.off == n {
                    1.0
                } else if s.again {
                    get(idx.index(o2, p2))
                } else {
                    1.0 - get(idx.index(p2, o2))
                };
                if v > best {
                    best = v;
                }
            }
        }
        if best < 0.0 {
            pass += ROLL_WEIGHTS[roll as usize];
        } else {
            total += ROLL_WEIGHTS[roll as usize] as f64 * best;
        }
    }
    (total / 16.0, pass as f64 / 16.0)
}

/// The value of (own, opp) from the current table: one Bellman backup.
#[inline]
fn backup(
    rules: &UrRules,
    idx: &PositionIndex,
    own: Side,
    opp: Side,
    get: impl Fn(u64) -> f64,
) -> f64 {
    let (a, c) = backup_parts(rules, idx, own, opp, &get);
    a + c * (1.0 - get(idx.index(opp, own)))
}

/// Backs up a position x and its mirror y (the same pieces, the other side to move) together,
/// solving exactly the two-cycle of passed turns between them:
/// V(x) = a_x + c_x (1 - V(y)), V(y) = a_y + c_y (1 - V(x)).
/// Without this, a race where most rolls pass (exact bear-off) converges by only ~3/4 a sweep.
#[inline]
fn backup_pair(
    rules: &UrRules,
    idx: &PositionIndex,
    own: Side,
    opp: Side,
    get: impl Fn(u64) -> f64,
) -> (f64, f64) {
    let (ax, cx) = backup_parts(rules, idx, own, opp, &get);
    let (ay, cy) = backup_parts(rules, idx, opp, own, &get);
    let vx = (ax + cx * (1.0 - ay - cy)) / (1.0 - cx * cy);
    let vy = ay + cy * (1.0 - vx);
    (vx, vy)
}

fn load(cell: &AtomicU32) -> f64 {
    f32::from_bits(cell.load(Ordering::Relaxed)) as f64
}

impl Solution {
    /// Solves `rules` to tolerance `eps` (largest change of a sweep), with `threads` threads.
    pub fn solve(
        rules: &UrRules,
        eps: f64,
        threads: usize,
        progress: Progress,
    ) -> (Solution, SolveStats) {
        let started = Instant::now();
        let n = rules.pieces;
        let idx = PositionIndex::new(n);
        let total = idx.len();
        let cells: Vec<AtomicU32> = (0..total)
            .map(|_| AtomicU32::new(0.5f32.to_bits()))
            .collect();
        let mut stats = SolveStats {
            positions: total,
            ..Default::default()
        };
        // Finished games: the side that finished has won.
        for a in 0..=n {
            for b in 0..=n {
                if a == n || b == n {
                    let v: f32 = if b == n { 0.0 } else { 1.0 };
                    let r = idx.layer_range(a, b);
                    stats.finished += r.end - r.start;
                    for i in r {
                        cells[i as usize].store(v.to_bits(), Ordering::Relaxed);
                    }
                }
            }
        }
        let mut done = stats.finished;
        progress(done, total, "finished games set");
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .expect("thread pool");
        for sum in (0..=2 * (n - 1)).rev() {
            for a in 0..n {
                let b = match sum.checked_sub(a) {
                    Some(b) if b < n && a <= b => b,
                    _ => continue,
                };
                let layers: Vec<(u8, u8)> = if a == b {
                    vec![(a, a)]
                } else {
                    vec![(a, b), (b, a)]
                };
                let size: u64 = layers
                    .iter()
                    .map(|&(x, y)| idx.layer_range(x, y).end - idx.layer_range(x, y).start)
                    .sum();
                let mut sweep = 0;
                loop {
                    sweep += 1;
                    let mut delta = 0.0f64;
                    // Each position is backed up together with its mirror, from the member
                    // in layer (a, b) (for a == b, the member with the smaller index).
                    for group in idx.shared_groups() {
                        let d = pool.install(|| {
                            group
                                .par_iter()
                                .with_min_len(16)
                                .map(|&t| {
                                    let mut d = 0.0f64;
                                    idx.for_each_in_block_by_progress(a, b, t, |i, own, opp| {
                                        let m = idx.index(opp, own);
                                        if a == b && m < i {
                                            return;
                                        }
                                        let get = |j: u64| load(&cells[j as usize]);
                                        let (vx, vy) = backup_pair(rules, &idx, own, opp, get);
                                        // Changes are measured on the stored (f32) values, so a
                                        // converged table shows no change at all.
                                        let (vx, vy) = (vx as f32 as f64, vy as f32 as f64);
                                        d = d.max((vx - get(i)).abs()).max((vy - get(m)).abs());
                                        cells[i as usize]
                                            .store((vx as f32).to_bits(), Ordering::Relaxed);
                                        cells[m as usize]
                                            .store((vy as f32).to_bits(), Ordering::Relaxed);
                                    });
                                    d
                                })
                                .reduce(|| 0.0, f64::max)
                        });
                        delta = delta.max(d);
                    }
                    stats.sweeps += 1;
                    progress(
                        done,
                        total,
                        &format!("layers off ({a},{b}): sweep {sweep}, max change {delta:.2e}"),
                    );
                    if delta < eps || sweep >= MAX_SWEEPS {
                        stats.final_delta = stats.final_delta.max(delta);
                        break;
                    }
                }
                done += size;
                progress(
                    done,
                    total,
                    &format!("layers off ({a},{b}) converged in {sweep} sweeps"),
                );
            }
        }
        stats.seconds = started.elapsed().as_secs_f64();
        let values = cells
            .into_iter()
            .map(|c| f32::from_bits(c.into_inner()))
            .collect();
        (
            Solution {
                rules: *rules,
                index: idx,
                values,
            },
            stats,
        )
    }

    /// Win probability of the side to move before its roll, `own` to move against `opp`.
    pub fn value(&self, own: Side, opp: Side) -> f64 {
        self.values[self.index.index(own, opp) as usize] as f64
    }

    /// The largest change one more Bellman backup would make anywhere (a convergence check).
    pub fn residual(&self) -> f64 {
        let n = self.rules.pieces;
        let mut worst = 0.0f64;
        for a in 0..n {
            for b in 0..n {
                self.index
                    .for_each_in_blocks(a, b, 0..SHARED_CONFIGS, |i, own, opp| {
                        let v = backup(&self.rules, &self.index, own, opp, |j| {
                            self.values[j as usize] as f64
                        });
                        worst = worst.max((v - self.values[i as usize] as f64).abs());
                    });
            }
        }
        worst
    }

    pub fn values(&self) -> &[f32] {
        &self.values
    }

    const MAGIC: &'static [u8; 8] = b"URSOLV1\n";

    /// Writes the table: magic, the rules text and a newline, the count (u64 LE), then one f32
    /// LE a position in index order.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let mut w = BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
        w.write_all(Self::MAGIC)?;
        w.write_all(self.rules.to_text().as_bytes())?;
        w.write_all(b"\n")?;
        w.write_all(&(self.values.len() as u64).to_le_bytes())?;
        for chunk in self.values.chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|v| v.to_le_bytes()).collect();
            w.write_all(&bytes)?;
        }
        w.flush()
    }

    /// Reads a table written by `save`.
    pub fn load(path: &Path) -> Result<Solution, String> {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot open the solved table {}: {e}", path.display()))?;
        let mut r = BufReader::with_capacity(1 << 20, file);
        let bad = |why: &str| format!("{}: {why}", path.display());
        let mut magic = [0u8; 8];
        r.read_exact(&mut magic).map_err(|_| bad("too short"))?;
        if &magic != Self::MAGIC {
            return Err(bad("not an Ur solution file"));
        }
        let mut line = Vec::new();
        loop {
            let mut byte = [0u8; 1];
            r.read_exact(&mut byte)
                .map_err(|_| bad("truncated rules line"))?;
            if byte[0] == b'\n' {
                break;
            }
            line.push(byte[0]);
            if line.len() > 1000 {
                return Err(bad("rules line too long"));
            }
        }
        let text = String::from_utf8(line).map_err(|_| bad("rules line is not text"))?;
        let rules = UrRules::parse(&text).map_err(|e| bad(&e.to_string()))?;
        let mut count = [0u8; 8];
        r.read_exact(&mut count)
            .map_err(|_| bad("truncated count"))?;
        let count = u64::from_le_bytes(count);
        let index = PositionIndex::new(rules.pieces);
        if count != index.len() {
            return Err(bad(&format!(
                "holds {count} values, these rules have {}",
                index.len()
            )));
        }
        let mut values = vec![0f32; count as usize];
        let mut buf = vec![0u8; 4 << 16];
        for chunk in values.chunks_mut(1 << 16) {
            let bytes = &mut buf[..chunk.len() * 4];
            r.read_exact(bytes).map_err(|_| bad("truncated values"))?;
            for (v, b) in chunk.iter_mut().zip(bytes.chunks_exact(4)) {
                *v = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            }
        }
        Ok(Solution {
            rules,
            index,
            values,
        })
    }
}
