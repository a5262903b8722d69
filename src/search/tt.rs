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
    /// A table of about `mib` MiB (rounded down to a power of two buckets, at least one).
    pub fn new(mib: usize) -> Self {
        let bytes = mib.max(1) << 20;
        let mut buckets = 1usize;
        while buckets * 2 * BUCKET * 16 <= bytes {
            buckets *= 2;
        }
        let words = (0..buckets * BUCKET * 2)
            .map(|_| AtomicU64::new(0))
            .collect();
        TranspositionTable {
            words,
            bucket_mask: buckets - 1,
            age: AtomicU8::new(0),
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
