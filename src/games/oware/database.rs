//! The exact endgame database: for every board with at most N seeds and the side to move, the
//! final score difference (seeds the mover will still gain minus the opponent's) under perfect
//! play. Captured seeds are off the board and not part of a database position: the value of a
//! game position is its captured lead plus the database value of its board.
//!
//! Built by retrograde analysis, level by level (a capture always leads to fewer seeds, so each
//! level needs only the ones below it). Within a level, for thresholds t = n .. 1, the positions
//! whose mover can force at least +t (P_t) or cannot avoid -t (Q_t) are grown as attractors
//! with move counters, each threshold starting from the previous one's sets; a position enters
//! at the first threshold that holds it, which is its value. Positions in no P_1 or Q_1 are worth
//! 0: neither side can force a gain, so play goes on without captures until a position repeats.
//!
//! The repetition rule decides those cycles. Under `cycle=split` the board's seeds are shared
//! equally (worth 0 to both), and the values are exact for the game of `game.rs` from any
//! position reached by a capture or set up fresh: a player who can force +t does so by a
//! strategy along which no position ever repeats (the attractor's rank falls at every move),
//! and a player holding the opponent to t loses nothing if the game ends by repetition. Under
//! `cycle=collect` (Abapa) the value of a cycle depends on the position where it closes, which a
//! table of positions cannot hold: such a database scores cycles as `split` does, and its
//! header says so. Search probes values at nodes that do have a history since the last capture,
//! as chess engines probe tablebases without the repetitions on the board.
//!
//! Boards are stored oriented to the mover: houses 0..6 are the mover's row.
//! Storage: one signed byte a board, boards of each level in the order of `index` (a perfect
//! index of the seed distribution), levels 0..=N one after another.

use std::io::{Read, Write};
use std::path::Path;
use std::time::Instant;

use super::board::{self, board_end, end_credit, Houses, HOUSES, ROW};
use super::index::{first_board, level_size, next_board, Index, MAX_INDEX_SEEDS};
use super::rules::{Cycle, OwareRules};

const MAGIC: &str = "boardlab oware endgame database 1";
const UNKNOWN: i8 = i8::MIN;
/// `best_exit` of a position without a move that leaves its level.
const NO_EXIT: i8 = i8::MIN;

/// The board seen by the other side (its row first).
#[inline]
pub fn rotate(b: &Houses) -> Houses {
    let mut r = [0u8; HOUSES];
    r[..ROW].copy_from_slice(&b[ROW..]);
    r[ROW..].copy_from_slice(&b[..ROW]);
    r
}

/// The value of a board that ends the game, for its mover.
fn terminal_value(b: &Houses, rules: &OwareRules) -> Option<i8> {
    let reason = board_end(b, 0, rules)?;
    let c = end_credit(b, 0, reason, rules);
    Some(c[0] as i8 - c[1] as i8)
}

pub struct Database {
    /// The rules the values hold for (only `OwareRules::same_values` matters).
    pub rules: OwareRules,
    pub max_seeds: usize,
    levels: Vec<Vec<i8>>,
    index: Index,
}

/// What a build measured.
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    pub positions: u64,
    /// Positions whose value is 0 because neither side can force a capture gain (cycles).
    pub zero_unforced: u64,
    pub terminal: u64,
    pub seconds: f64,
    /// Count of positions by value, from -N to N.
    pub histogram: Vec<u64>,
}

impl Database {
    /// Total positions up to `max_seeds` seeds.
    pub fn positions(max_seeds: usize) -> u64 {
        (0..=max_seeds).map(level_size).sum()
    }

    /// Builds every level up to `max_seeds`; `progress(done, total, message)` is called now and
    /// then (done and total in positions of forward and backward work).
    pub fn build(
        rules: &OwareRules,
        max_seeds: usize,
        progress: &dyn Fn(u64, u64, &str),
    ) -> Result<(Database, BuildStats), String> {
        if max_seeds > MAX_INDEX_SEEDS.min(i8::MAX as usize) {
            return Err(format!(
                "at most {} seeds on the board (asked for {max_seeds})",
                MAX_INDEX_SEEDS
            ));
        }
        let started = Instant::now();
        let mut db = Database {
            rules: *rules,
            max_seeds,
            levels: Vec::with_capacity(max_seeds + 1),
            index: Index::new(),
        };
        let total = 2 * Database::positions(max_seeds);
        let mut done = 0u64;
        let mut stats = BuildStats {
            histogram: vec![0; 2 * max_seeds + 1],
            ..Default::default()
        };
        for n in 0..=max_seeds {
            let level = db.solve_level(n, &mut stats, &mut |d| {
                progress(done + d, total, &format!("level {n} of {max_seeds}"))
            });
            done += 2 * level_size(n);
            db.levels.push(level);
        }
        for level in &db.levels {
            for &v in level {
                stats.histogram[(v as i32 + max_seeds as i32) as usize] += 1;
            }
        }
        stats.positions = Database::positions(max_seeds);
        stats.seconds = started.elapsed().as_secs_f64();
        progress(total, total, "done");
        Ok((db, stats))
    }

    /// The value of a board for its mover (houses 0..6 are the mover's row).
    #[inline]
    pub fn value(&self, b: &Houses) -> Option<i8> {
        let n = board::board_seeds(b) as usize;
        let level = self.levels.get(n)?;
        Some(level[self.index.rank(b) as usize])
    }

    /// Whether the values are exact for these rules (the cycle rule is the one solved).
    pub fn exact_for(&self, rules: &OwareRules) -> bool {
        self.rules.same_values(rules) && rules.cycle == Cycle::Split
    }

    fn solve_level(
        &self,
        n: usize,
        stats: &mut BuildStats,
        progress: &mut dyn FnMut(u64),
    ) -> Vec<i8> {
        let rules = &self.rules;
        let size = level_size(n) as usize;
        let mut value = vec![UNKNOWN; size];
        let mut best_exit = vec![NO_EXIT; size];
        let mut counter = vec![0u8; size];
        // Forward pass: terminal boards, the best move that leaves the level, and the count of
        // moves that stay in it.
        let mut b = first_board(n as u8);
        let mut r = 0usize;
        loop {
            if let Some(v) = terminal_value(&b, rules) {
                value[r] = v;
                stats.terminal += 1;
            } else {
                let mask = board::legal_mask(&b, 0, rules);
                for i in 0..ROW {
                    if mask & (1 << i) == 0 {
                        continue;
                    }
                    let mut c = b;
                    let s = board::play(&mut c, 0, i, rules);
                    let child = rotate(&c);
                    let exit = if s.captured > 0 {
                        Some(s.captured as i8 - self.value(&child).expect("a lower level"))
                    } else {
                        terminal_value(&child, rules).map(|v| -v)
                    };
                    match exit {
                        Some(e) => best_exit[r] = best_exit[r].max(e),
                        None => counter[r] += 1,
                    }
                }
            }
            r += 1;
            if r % (1 << 20) == 0 {
                progress(r as u64);
            }
            if !next_board(&mut b) {
                break;
            }
        }
        debug_assert_eq!(r, size);
        // Backward pass, threshold by threshold.
        let mut queue: Vec<u32> = Vec::new();
        let mut resolved = 0u64;
        for t in (1..=n as i8).rev() {
            for r in 0..size {
                if value[r] != UNKNOWN {
                    continue;
                }
                if best_exit[r] == t {
                    value[r] = t;
                    queue.push(r as u32);
                } else if counter[r] == 0 && best_exit[r] == -t {
                    value[r] = -t;
                    queue.push(r as u32);
                }
            }
            while let Some(y) = queue.pop() {
                resolved += 1;
                if resolved % (1 << 20) == 0 {
                    progress(size as u64 + resolved);
                }
                let vy = value[y as usize];
                let yb = self.index.unrank(n, y as u64);
                self.for_each_predecessor(&yb, |x| {
                    let x = x as usize;
                    if value[x] != UNKNOWN {
                        return;
                    }
                    if vy < 0 {
                        // y's mover loses t: moving there wins t.
                        value[x] = -vy;
                        queue.push(x as u32);
                    } else {
                        counter[x] -= 1;
                        if counter[x] == 0 && (best_exit[x] == NO_EXIT || best_exit[x] <= -t) {
                            value[x] = -t;
                            queue.push(x as u32);
                        }
                    }
                });
            }
        }
        for v in value.iter_mut() {
            if *v == UNKNOWN {
                *v = 0;
                stats.zero_unforced += 1;
            }
        }
        progress(2 * size as u64);
        value
    }

    /// Calls `f(rank)` once for every (position, move) of the same level whose move leads to
    /// `y` without a capture, `y` being the child seen by its mover. Candidates come from
    /// un-sowing; each is checked by playing the move forward with the game's own rule.
    fn for_each_predecessor(&self, y: &Houses, mut f: impl FnMut(u64)) {
        let rules = &self.rules;
        // The board after the move, seen by the player who made it.
        let after = rotate(y);
        let n = board::board_seeds(&after) as usize;
        for h in 0..ROW {
            // The origin is empty after a sowing, except when laps without skipping refill it.
            let mut candidates: smallvec::SmallVec<[usize; 16]> = smallvec::SmallVec::new();
            if after[h] == 0 {
                let mut k = 1;
                while k < HOUSES && after[(h + k) % HOUSES] > 0 && k <= n {
                    candidates.push(k);
                    k += 1;
                }
            }
            // 12 or more seeds reach every house: only possible when all others hold seeds.
            if n >= HOUSES && (0..HOUSES).all(|j| j == h || after[j] > 0) {
                candidates.extend(HOUSES..=n);
            }
            for k in candidates {
                let mut d = [0u8; HOUSES];
                d[h] = k as u8;
                board::sow(&mut d, h, rules.skip_origin);
                let mut x = after;
                let mut ok = true;
                for j in 0..HOUSES {
                    if x[j] < d[j] {
                        ok = false;
                        break;
                    }
                    x[j] -= d[j];
                }
                if !ok || x[h] != 0 {
                    continue;
                }
                x[h] = k as u8;
                if board_end(&x, 0, rules).is_some()
                    || board::legal_mask(&x, 0, rules) & (1 << h) == 0
                {
                    continue;
                }
                let mut c = x;
                let s = board::play(&mut c, 0, h, rules);
                if s.captured == 0 && c == after {
                    f(self.index.rank(&x));
                }
            }
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), String> {
        let err = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let mut f = std::io::BufWriter::new(std::fs::File::create(path).map_err(err)?);
        let mut sum = Fnv::new();
        let bytes: Vec<Vec<u8>> = self
            .levels
            .iter()
            .map(|l| l.iter().map(|&v| v as u8).collect())
            .collect();
        for level in &bytes {
            sum.bytes(level);
        }
        write!(
            f,
            "{MAGIC}\nrules {}\nmax_seeds {}\ncycles {}\nchecksum {:016x}\n\n",
            self.rules.value_rules_text(),
            self.max_seeds,
            if self.rules.cycle == Cycle::Split {
                "exact (split)"
            } else {
                "scored as split (values of cycling positions are not exact under collect)"
            },
            sum.0
        )
        .map_err(err)?;
        for level in &bytes {
            f.write_all(level).map_err(err)?;
        }
        f.flush().map_err(err)
    }

    pub fn load(path: &Path) -> Result<Database, String> {
        let name = path.display();
        let mut data = Vec::new();
        std::fs::File::open(path)
            .and_then(|mut f| f.read_to_end(&mut data))
            .map_err(|e| format!("cannot read oware database {name}: {e}"))?;
        let end = data
            .windows(2)
            .position(|w| w == b"\n\n")
            .filter(|&i| i < 4096)
            .ok_or_else(|| format!("{name}: not an oware database (no header)"))?;
        let header = std::str::from_utf8(&data[..end])
            .map_err(|_| format!("{name}: not an oware database (header not text)"))?;
        let mut lines = header.lines();
        if lines.next() != Some(MAGIC) {
            return Err(format!(
                "{name}: not an oware database (expected {MAGIC:?})"
            ));
        }
        let (mut rules, mut max_seeds, mut checksum) = (None, None, None);
        for line in lines {
            let (k, v) = line.split_once(' ').unwrap_or((line, ""));
            match k {
                "rules" => {
                    let mut r = OwareRules::default();
                    use crate::game::RuleSet;
                    r.apply(v).map_err(|e| format!("{name}: {e}"))?;
                    rules = Some(r);
                }
                "max_seeds" => max_seeds = v.parse::<usize>().ok(),
                "checksum" => checksum = u64::from_str_radix(v, 16).ok(),
                _ => {}
            }
        }
        let (Some(rules), Some(max_seeds), Some(checksum)) = (rules, max_seeds, checksum) else {
            return Err(format!("{name}: header lacks rules, max_seeds or checksum"));
        };
        if max_seeds > MAX_INDEX_SEEDS {
            return Err(format!("{name}: max_seeds {max_seeds} is too large"));
        }
        let body = &data[end + 2..];
        let expected = Database::positions(max_seeds) as usize;
        if body.len() != expected {
            return Err(format!(
                "{name}: {} value bytes, expected {expected} for {max_seeds} seeds",
                body.len()
            ));
        }
        let mut sum = Fnv::new();
        sum.bytes(body);
        if sum.0 != checksum {
            return Err(format!("{name}: checksum mismatch (file damaged)"));
        }
        let mut levels = Vec::with_capacity(max_seeds + 1);
        let mut at = 0;
        for n in 0..=max_seeds {
            let size = level_size(n) as usize;
            levels.push(body[at..at + size].iter().map(|&b| b as i8).collect());
            at += size;
        }
        Ok(Database {
            rules,
            max_seeds,
            levels,
            index: Index::new(),
        })
    }
}

/// FNV-1a over the values, to notice a damaged file.
struct Fnv(u64);
impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 = (self.0 ^ x as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
}
