//! The one-sided bearoff database: every way to have up to 15 checkers on the six home points
//! (C(21, 6) = 54,264 positions), each with the distribution of the number of rolls needed to
//! bear them all off when every roll is played to bear off in the fewest rolls on average (as
//! gnubg's one-sided database), and the distribution of rolls to bear off the first checker
//! (for gammons: a side with all 15 still on the board).
//!
//! Positions are ranked by a combinatorial number system, so the table is two flat arrays. The
//! database is built bottom up: a position's plays all lead to positions with fewer pips, which
//! come earlier when positions are processed by pip count. `boardlab solve --game backgammon`
//! builds it and prints its statistics; the evaluator builds it once on first use.

use std::sync::OnceLock;

use super::board::Side;
use super::movegen::generate;

/// Home points, checkers.
const POINTS: usize = 6;
const MAX_CHECKERS: usize = 15;
/// Rolls kept in a distribution (gnubg keeps 32 too; what is beyond is folded into the last).
pub const ROLLS: usize = 32;
/// C(21, 6).
pub const POSITIONS: usize = 54_264;

/// `count[k][n]`: distributions of at most n checkers on k points, C(n + k, k).
fn counts() -> [[usize; MAX_CHECKERS + 1]; POINTS + 1] {
    let mut c = [[0usize; MAX_CHECKERS + 1]; POINTS + 1];
    for n in 0..=MAX_CHECKERS {
        c[0][n] = 1;
    }
    for k in 1..=POINTS {
        for n in 0..=MAX_CHECKERS {
            c[k][n] = (0..=n).map(|v| c[k - 1][n - v]).sum();
        }
    }
    c
}

static COUNTS: OnceLock<[[usize; MAX_CHECKERS + 1]; POINTS + 1]> = OnceLock::new();

/// The rank of the checkers on points 1..=6 (at most 15 in all), 0..54,264.
pub fn index(home: &[u8]) -> usize {
    let c = COUNTS.get_or_init(counts);
    let mut budget = MAX_CHECKERS;
    let mut idx = 0;
    for k in (1..=POINTS).rev() {
        let v = home[k - 1] as usize;
        for w in 0..v {
            idx += c[k - 1][budget - w];
        }
        budget -= v;
    }
    idx
}

/// The checkers of a rank (the inverse of `index`).
pub fn position(mut idx: usize) -> [u8; POINTS] {
    let c = COUNTS.get_or_init(counts);
    let mut home = [0u8; POINTS];
    let mut budget = MAX_CHECKERS;
    for k in (1..=POINTS).rev() {
        let mut v = 0;
        while idx >= c[k - 1][budget - v] {
            idx -= c[k - 1][budget - v];
            v += 1;
        }
        home[k - 1] = v as u8;
        budget -= v;
    }
    home
}

pub struct Bearoff {
    /// P(all off in exactly n rolls), n = 0..ROLLS.
    off: Vec<[f32; ROLLS]>,
    /// P(a first checker off in exactly n rolls) for positions of 15 checkers (else n = 0).
    first: Vec<[f32; ROLLS]>,
    /// Expected rolls to bear off, per position.
    mean: Vec<f32>,
}

fn side_of(home: &[u8; POINTS]) -> Side {
    let mut s = [0u8; 26];
    s[1..=POINTS].copy_from_slice(home);
    s[0] = MAX_CHECKERS as u8 - home.iter().sum::<u8>();
    s
}

fn shifted_mean(d: &[f32; ROLLS]) -> f32 {
    d.iter().enumerate().map(|(n, p)| n as f32 * p).sum()
}

impl Bearoff {
    /// Builds both tables (about a second in a release build).
    pub fn build() -> Bearoff {
        let mut order: Vec<usize> = (0..POSITIONS).collect();
        let pips = |i: usize| -> u32 {
            position(i)
                .iter()
                .enumerate()
                .map(|(p, &c)| (p as u32 + 1) * c as u32)
                .sum()
        };
        order.sort_by_key(|&i| pips(i));
        let mut off = vec![[0f32; ROLLS]; POSITIONS];
        let mut first = vec![[0f32; ROLLS]; POSITIONS];
        let mut mean = vec![0f32; POSITIONS];
        let empty: Side = [0; 26];
        let mut plays = Vec::new();
        for &i in &order {
            let home = position(i);
            let on: u8 = home.iter().sum();
            if on == 0 {
                off[i][0] = 1.0;
                first[i][0] = 1.0;
                continue;
            }
            let me = side_of(&home);
            let mut dist = [0f32; ROLLS];
            let mut fdist = [0f32; ROLLS];
            for (h, l, p) in super::game::rolls() {
                generate(&me, &empty, h, l, &mut plays);
                // The play that leaves the fewest rolls on average; for the first-off table,
                // the one most likely to have a checker off soonest.
                let mut best: Option<(f32, usize)> = None;
                let mut fbest: Option<(f32, usize, bool)> = None;
                for g in plays.iter() {
                    let j = index(&g.me[1..=POINTS]);
                    let m = mean[j];
                    if best.is_none_or(|(bm, _)| m < bm) {
                        best = Some((m, j));
                    }
                    let took_off = g.me[0] > me[0];
                    let fm = if took_off {
                        0.0
                    } else {
                        shifted_mean(&first[j])
                    };
                    if fbest.is_none_or(|(bm, _, _)| fm < bm) {
                        fbest = Some((fm, j, took_off));
                    }
                }
                let (_, j) = best.expect("a play");
                for n in 1..ROLLS {
                    dist[n] += p as f32 * off[j][n - 1];
                }
                dist[ROLLS - 1] += p as f32 * off[j][ROLLS - 1];
                let (_, fj, took_off) = fbest.expect("a play");
                if on < MAX_CHECKERS as u8 || took_off {
                    fdist[1] += p as f32;
                } else {
                    for n in 1..ROLLS {
                        fdist[n] += p as f32 * first[fj][n - 1];
                    }
                    fdist[ROLLS - 1] += p as f32 * first[fj][ROLLS - 1];
                }
            }
            if on < MAX_CHECKERS as u8 {
                fdist = [0f32; ROLLS];
                fdist[0] = 1.0;
            }
            mean[i] = shifted_mean(&dist);
            off[i] = dist;
            first[i] = fdist;
        }
        Bearoff { off, first, mean }
    }

    /// The database, built on first use.
    pub fn get() -> &'static Bearoff {
        static DB: OnceLock<Bearoff> = OnceLock::new();
        DB.get_or_init(Bearoff::build)
    }

    /// The side's distribution of rolls to bear off everything (its checkers must all be home).
    pub fn distribution(&self, side: &Side) -> &[f32; ROLLS] {
        &self.off[index(&side[1..=POINTS])]
    }
    /// The side's distribution of rolls to bear off a first checker.
    pub fn first_off(&self, side: &Side) -> &[f32; ROLLS] {
        &self.first[index(&side[1..=POINTS])]
    }
    pub fn mean_rolls(&self, side: &Side) -> f32 {
        self.mean[index(&side[1..=POINTS])]
    }

    /// Win, gammon-win and gammon-loss chances of the side on roll when both sides are in the
    /// database (all checkers home, none on the bar). The side on roll finishes first when it
    /// needs no more rolls than the other.
    pub fn race(&self, me: &Side, opp: &Side) -> (f64, f64, f64) {
        let a = self.distribution(me);
        let b = self.distribution(opp);
        let bf = self.first_off(opp);
        let af = self.first_off(me);
        // Tails: P(other needs >= n rolls), P(first checker off needs >= n).
        let tail = |d: &[f32; ROLLS], n: usize| -> f64 {
            d[n.min(ROLLS)..].iter().map(|&x| x as f64).sum()
        };
        let (mut win, mut win_g, mut lose_g) = (0.0, 0.0, 0.0);
        for n in 1..ROLLS {
            let pa = a[n] as f64;
            if pa > 0.0 {
                // I finish on my n-th roll; the other has rolled n - 1 times.
                win += pa * tail(b, n);
                win_g += pa * tail(bf, n);
            }
            let pb = b[n] as f64;
            if pb > 0.0 {
                // The other finishes on its n-th roll, after my n rolls.
                lose_g += pb * tail(af, n + 1);
            }
        }
        (win.min(1.0), win_g.min(win), lose_g.min(1.0 - win))
    }
}

const MAGIC: &[u8; 8] = b"BLBOFF01";

impl Bearoff {
    /// Positions whose tables are stored.
    pub fn len(&self) -> usize {
        self.off.len()
    }
    pub fn is_empty(&self) -> bool {
        self.off.is_empty()
    }

    /// Writes both tables: `BLBOFF01`, positions and rolls as u32, then the two tables as f32,
    /// little-endian, positions in rank order (`index`).
    pub fn save(&self, path: &std::path::Path) -> Result<(), String> {
        let mut bytes = Vec::with_capacity(16 + 2 * POSITIONS * ROLLS * 4);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(POSITIONS as u32).to_le_bytes());
        bytes.extend_from_slice(&(ROLLS as u32).to_le_bytes());
        for table in [&self.off, &self.first] {
            for d in table.iter() {
                for p in d {
                    bytes.extend_from_slice(&p.to_le_bytes());
                }
            }
        }
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Reads what `save` wrote.
    pub fn load(path: &std::path::Path) -> Result<Bearoff, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let want = 16 + 2 * POSITIONS * ROLLS * 4;
        if bytes.len() != want || &bytes[..8] != MAGIC {
            return Err(format!(
                "{} is not a bearoff database of this layout",
                path.display()
            ));
        }
        let mut at = 16;
        let mut table = || -> Vec<[f32; ROLLS]> {
            (0..POSITIONS)
                .map(|_| {
                    let mut d = [0f32; ROLLS];
                    for p in d.iter_mut() {
                        *p = f32::from_le_bytes([
                            bytes[at],
                            bytes[at + 1],
                            bytes[at + 2],
                            bytes[at + 3],
                        ]);
                        at += 4;
                    }
                    d
                })
                .collect()
        };
        let off = table();
        let first = table();
        let mean = off.iter().map(shifted_mean).collect();
        Ok(Bearoff { off, first, mean })
    }
}

/// Whether a side is within the database: every checker on points 1..=6 or off.
pub fn in_database(side: &Side) -> bool {
    side[7..=25].iter().all(|&c| c == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_54264() {
        assert_eq!(counts()[POINTS][MAX_CHECKERS], POSITIONS);
        for i in (0..POSITIONS).step_by(7) {
            assert_eq!(index(&position(i)), i);
        }
        assert_eq!(index(&[0; 6]), 0);
    }

    #[test]
    fn known_bearoff_values() {
        let db = Bearoff::get();
        let side = |home: [u8; 6]| side_of(&home);
        // One checker on the 1, 2 or 3 point: one roll always (the smallest roll, 2-1, moves 3).
        for p in 0..3 {
            let mut h = [0u8; 6];
            h[p] = 1;
            assert!((db.mean_rolls(&side(h)) - 1.0).abs() < 1e-6);
        }
        // One checker on the 6: the rolls of fewer than 6 pips without a 6 (2-1, 3-1, 4-1, 3-2
        // and 1-1: 9 of 36) leave it on the 3 or lower, off with any next roll: 1 + 9/36.
        let m6 = db.mean_rolls(&side([0, 0, 0, 0, 0, 1]));
        assert!((m6 - (1.0 + 9.0 / 36.0)).abs() < 1e-6, "{m6}");
        // Two checkers on the 6: doubles 33 and up do it in one roll (4 of 36); small rolls
        // may leave three or four rolls (2-1 then 2-1 again).
        let two = side([0, 0, 0, 0, 0, 2]);
        let d = db.distribution(&two);
        assert!((d[1] - 4.0 / 36.0).abs() < 1e-6, "{}", d[1]);
        assert!(d[2] > 0.6 && d[3] > 0.1 && d[4] > 0.0, "{d:?}");
        assert!((d[1..=4].iter().sum::<f32>() - 1.0).abs() < 1e-6, "{d:?}");
        // Fifteen on the 6 point: about 11 rolls (gnubg's one-sided database: 11.66 is not
        // known here; the check is that it is between the pip count / 8.17 and a few more).
        let m = db.mean_rolls(&side([0, 0, 0, 0, 0, 15]));
        assert!((11.0..=14.0).contains(&m), "{m}");
        // Race: a side needing one roll on roll wins always.
        let (w, _, _) = db.race(&side([1, 0, 0, 0, 0, 0]), &side([0, 0, 0, 0, 0, 15]));
        assert!((w - 1.0).abs() < 1e-6);
        // Saved and read back, the tables are the same.
        let path = std::env::temp_dir().join(format!("bearoff-{}.bin", std::process::id()));
        db.save(&path).unwrap();
        let back = Bearoff::load(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(back.off == db.off && back.first == db.first);
        // The distributions sum to 1.
        for i in (0..POSITIONS).step_by(97) {
            let s: f32 = db.off[i].iter().sum();
            assert!((s - 1.0).abs() < 1e-4, "{i}: {s}");
        }
    }
}
