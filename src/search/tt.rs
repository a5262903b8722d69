//! A transposition table shared by search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the packed data, and the position hash XOR the data. A reader
//! accepts an entry only when `key ^ data == hash`, so an entry torn by two threads writing at
//! once (one word from each) fails the check and reads as a miss instead of as wrong data
//! (Hyatt and Mann's lockless hashing). Four entries share a 64-byte bucket; a new entry replaces
//! the same position, else the entry with the least depth, older searches counting as shallower.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The search failed low: the true value is at most the score.
    Upper = 1,
    /// The search failed high: the true value is at least the score.
    Lower = 2,
    /// The score is the value.
    Exact = 3,
}

impl Bound {
    /// What a fail-soft search result `best` says about the true value, given the window
    /// (`alpha`, `beta`) the node was searched with.
    #[inline]
    pub fn of_result<T: PartialOrd>(best: T, alpha: T, beta: T) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// "No move stored" in the 16-bit move code.
pub const NO_MOVE: u16 = u16::MAX;

/// One entry read back from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    pub score: i32,
    /// The back end's move code: alpha-beta stores the index in the game's legal move order,
    /// the Othello solver stores the square. `NO_MOVE` when none.
    pub mv: u16,
    pub depth: u8,
    pub bound: Bound,
}

const BUCKET: usize = 4;

/// The largest table a search may ask for, in MiB: half the machine's physical memory (read from
/// `/proc/meminfo`; 4 GiB where that cannot be read), so that one engine file cannot make the
/// machine swap or the allocator abort.
pub fn max_tt_mb() -> usize {
    static MAX: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *MAX.get_or_init(|| {
        let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        });
        match total_kib {
            Some(kib) => ((kib / 1024 / 2) as usize).max(1),
            None => 4096,
        }
    })
}

/// Buckets of a table of `mib` MiB: the largest power of two whose 64-byte buckets fit in the
/// size clamped to `1..=max_tt_mb()`.
fn buckets_for(mib: usize) -> usize {
    let bytes = (mib.clamp(1, max_tt_mb()) as u128) << 20;
    let fit = (bytes / (2 * BUCKET * 8) as u128).max(1);
    1usize << (127 - fit.leading_zeros()).min(usize::BITS - 8)
}

/// Checks a table size given on the command line or in a file: from 1 to `max_tt_mb()` MiB.
pub fn check_tt_mb(mib: usize) -> Result<usize, String> {
    let max = max_tt_mb();
    if (1..=max).contains(&mib) {
        Ok(mib)
    } else {
        Err(format!(
            "a transposition table of {mib} MiB: give 1 to {max} MiB (half this machine's memory)"
        ))
    }
}

pub struct TranspositionTable {
    /// `2 * BUCKET` words a bucket: (key ^ data, data) pairs.
    words: Vec<AtomicU64>,
    bucket_mask: usize,
    age: AtomicU8,
}

fn pack(score: i32, mv: u16, depth: u8, bound: Bound, age: u8) -> u64 {
    (score as u32 as u64)
        | (mv as u64) << 32
        | (depth as u64) << 48
        | (bound as u64) << 56
        | ((age & 0x3F) as u64) << 58
}

fn unpack(data: u64) -> (TtHit, u8) {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    (
        TtHit {
            score: data as u32 as i32,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8,
            bound,
        },
        ((data >> 58) & 0x3F) as u8,
    )
}

impl TranspositionTable {
    /// A table of about `mib` MiB, rounded down to a power of two buckets. Never loops or aborts:
    /// the size is clamped to `1..=max_tt_mb()` (half the machine's memory), and when the
    /// allocation fails anyway the size is halved until it succeeds (down to one bucket). Engine
    /// files and the CLI check sizes first (`search::Params::tt_mb`, `check_tt_mb`), so the clamp
    /// is only the last guard.
    pub fn new(mib: usize) -> Self {
        let mut buckets = buckets_for(mib);
        loop {
            let n = buckets * BUCKET * 2;
            let mut words: Vec<AtomicU64> = Vec::new();
            if words.try_reserve_exact(n).is_ok() {
                words.extend((0..n).map(|_| AtomicU64::new(0)));
                return TranspositionTable {
                    words,
                    bucket_mask: buckets - 1,
                    age: AtomicU8::new(0),
                };
            }
            assert!(buckets > 1, "cannot allocate a one-bucket table");
            buckets /= 2;
        }
    }

    /// Entries the table holds.
    pub fn capacity(&self) -> usize {
        self.words.len() / 2
    }

    /// Starts a new search: entries from earlier searches become preferred victims.
    pub fn new_search(&self) {
        self.age.store(
            (self.age.load(Ordering::Relaxed) + 1) & 0x3F,
            Ordering::Relaxed,
        );
    }

    pub fn clear(&self) {
        for w in &self.words {
            w.store(0, Ordering::Relaxed);
        }
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        // The high bits pick the bucket, so the low bits (often the same as a move's key) stay
        // independent of the index.
        ((hash >> 32) as usize ^ hash as usize) & self.bucket_mask
    }

    #[inline]
    pub fn probe(&self, hash: u64) -> Option<TtHit> {
        let base = self.bucket(hash) * BUCKET * 2;
        for i in 0..BUCKET {
            let key = self.words[base + 2 * i].load(Ordering::Relaxed);
            let data = self.words[base + 2 * i + 1].load(Ordering::Relaxed);
            if data != 0 && key ^ data == hash {
                return Some(unpack(data).0);
            }
        }
        None
    }

    #[inline]
    pub fn store(&self, hash: u64, score: i32, mv: u16, depth: u8, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let base = self.bucket(hash) * BUCKET * 2;
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for i in 0..BUCKET {
            let key = self.words[base + 2 * i].load(Ordering::Relaxed);
            let data = self.words[base + 2 * i + 1].load(Ordering::Relaxed);
            if data != 0 && key ^ data == hash {
                let (old, _) = unpack(data);
                // Keep a deeper exact result of this very search; keep the old move when the
                // new result has none.
                if old.depth > depth && old.bound == Bound::Exact && bound != Bound::Exact {
                    return;
                }
                let mv = if mv == NO_MOVE { old.mv } else { mv };
                let d = pack(score, mv, depth, bound, age);
                self.words[base + 2 * i + 1].store(d, Ordering::Relaxed);
                self.words[base + 2 * i].store(hash ^ d, Ordering::Relaxed);
                return;
            }
            let worth = if data == 0 {
                i32::MIN
            } else {
                let (old, old_age) = unpack(data);
                let stale = (age.wrapping_sub(old_age) & 0x3F) as i32;
                old.depth as i32 - 8 * stale
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let d = pack(score, mv, depth, bound, age);
        self.words[base + 2 * victim + 1].store(d, Ordering::Relaxed);
        self.words[base + 2 * victim].store(hash ^ d, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_sizes_are_clamped_or_refused_never_looped_on() {
        // 1 MiB: 16384 buckets of 64 bytes; 0 counts as 1 MiB.
        assert_eq!(buckets_for(1), 1 << 14);
        assert_eq!(buckets_for(0), 1 << 14);
        assert_eq!(buckets_for(3), 1 << 15);
        // usize::MAX MiB (what `tt_mb = 1e30` cast to an integer becomes) is clamped at once.
        let most = buckets_for(usize::MAX);
        assert!(most * 64 <= max_tt_mb() << 20 && most * 128 > max_tt_mb() << 20);
        assert_eq!(TranspositionTable::new(0).capacity(), 4 << 14);
        assert!(check_tt_mb(0).is_err());
        assert!(check_tt_mb(usize::MAX).unwrap_err().contains("MiB"));
        assert_eq!(check_tt_mb(16), Ok(16));
    }

    #[test]
    fn stores_and_reads_back() {
        let tt = TranspositionTable::new(1);
        for h in 1..2000u64 {
            let hash = crate::game::zobrist::splitmix64(h);
            tt.store(
                hash,
                -(h as i32) * 7,
                (h % 30) as u16,
                (h % 20) as u8,
                Bound::Lower,
            );
            let hit = tt.probe(hash).expect("just stored");
            assert_eq!(hit.score, -(h as i32) * 7);
            assert_eq!(hit.mv, (h % 30) as u16);
            assert_eq!(hit.depth, (h % 20) as u8);
            assert_eq!(hit.bound, Bound::Lower);
        }
        assert!(tt.probe(12345).is_none());
    }

    #[test]
    fn torn_entries_read_as_misses() {
        let tt = TranspositionTable::new(1);
        let (h1, h2) = (0x1234_5678_9abc_def0u64, 0x0fed_cba9_8765_4321u64);
        tt.store(h1, 5, 1, 3, Bound::Exact);
        // Simulate a torn write: the data word of another position lands in h1's slot.
        let base = tt.bucket(h1) * BUCKET * 2;
        let other = pack(99, 2, 9, Bound::Lower, 0);
        tt.words[base + 1].store(other, Ordering::Relaxed);
        assert!(tt.probe(h1).is_none());
        assert!(tt.probe(h2).is_none());
    }

    #[test]
    fn concurrent_writers_never_return_foreign_data() {
        let tt = TranspositionTable::new(1);
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..50_000u64 {
                        // The score is a function of the hash, so any hit can be checked.
                        let hash = crate::game::zobrist::splitmix64(i % 5000 + t * 7);
                        tt.store(hash, (hash % 1000) as i32, 0, 1, Bound::Exact);
                        if let Some(hit) = tt.probe(hash) {
                            assert_eq!(hit.score, (hash % 1000) as i32);
                        }
                    }
                });
            }
        });
    }
}
