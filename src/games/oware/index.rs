//! A perfect index of seed distributions: the boards with exactly `n` seeds in 12 houses are
//! numbered 0 .. C(n + 11, 11) in lexicographic order (house 0 most significant), so the
//! endgame database stores one value a board and nothing else.

use super::board::{Houses, HOUSES};

/// Most seeds on a board the index handles.
pub const MAX_INDEX_SEEDS: usize = 48;

/// Ways to put `m` seeds into `k` houses.
pub const fn compositions(k: usize, m: usize) -> u64 {
    if k == 0 {
        return (m == 0) as u64;
    }
    // C(m + k - 1, k - 1), exact in u64 for these sizes (multiplicative form stays integral).
    let (n, r) = (m + k - 1, k - 1);
    let mut c = 1u64;
    let mut i = 0;
    while i < r {
        c = c * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    c
}

/// The number of boards with exactly `n` seeds.
pub const fn level_size(n: usize) -> u64 {
    compositions(HOUSES, n)
}

/// PREFIX[i][rem][b]: boards that agree before house i, have `rem` seeds from house i on, and
/// fewer than `b` in house i.
pub struct Index {
    prefix: Vec<u64>,
}

const DIM: usize = MAX_INDEX_SEEDS + 1;

impl Index {
    pub fn new() -> Index {
        let mut prefix = vec![0u64; HOUSES * DIM * DIM];
        for i in 0..HOUSES {
            for rem in 0..DIM {
                let mut acc = 0u64;
                for b in 0..DIM {
                    prefix[(i * DIM + rem) * DIM + b] = acc;
                    if b <= rem {
                        acc += compositions(HOUSES - 1 - i, rem - b);
                    }
                }
            }
        }
        Index { prefix }
    }

    /// The rank of `b` among the boards with its number of seeds (at most MAX_INDEX_SEEDS).
    #[inline]
    pub fn rank(&self, b: &Houses) -> u64 {
        let mut rem: usize = b.iter().map(|&s| s as usize).sum();
        debug_assert!(rem <= MAX_INDEX_SEEDS);
        let mut r = 0;
        for (i, &s) in b.iter().enumerate().take(HOUSES - 1) {
            r += self.prefix[(i * DIM + rem) * DIM + s as usize];
            rem -= s as usize;
        }
        r
    }

    /// The board of rank `r` among those with `n` seeds.
    #[inline]
    pub fn unrank(&self, n: usize, mut r: u64) -> Houses {
        let mut b = [0u8; HOUSES];
        let mut rem = n;
        for (i, slot) in b.iter_mut().enumerate().take(HOUSES - 1) {
            let row = &self.prefix[(i * DIM + rem) * DIM..(i * DIM + rem) * DIM + rem + 1];
            let mut s = 0;
            while s < rem && row[s + 1] <= r {
                s += 1;
            }
            r -= row[s];
            *slot = s as u8;
            rem -= s;
        }
        b[HOUSES - 1] = rem as u8;
        b
    }
}

impl Default for Index {
    fn default() -> Self {
        Index::new()
    }
}

/// The boards with `n` seeds in rank order: the first, then `next` until it returns false.
pub fn first_board(n: u8) -> Houses {
    let mut b = [0; HOUSES];
    b[HOUSES - 1] = n;
    b
}

/// Steps to the next board in rank order; false after the last.
#[inline]
pub fn next_board(b: &mut Houses) -> bool {
    // The rightmost house before the last with seeds after it takes one more; the rest of the
    // seeds after it go to the last house.
    let mut tail = b[HOUSES - 1];
    let mut j = HOUSES - 1;
    while j > 0 {
        j -= 1;
        if tail > 0 {
            b[j] += 1;
            for x in b.iter_mut().skip(j + 1) {
                *x = 0;
            }
            b[HOUSES - 1] = tail - 1;
            return true;
        }
        tail += b[j];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumeration_is_in_rank_order_and_complete() {
        let index = Index::new();
        for n in 0..=6u8 {
            let mut b = first_board(n);
            let mut count = 0u64;
            loop {
                assert_eq!(index.rank(&b), count, "{b:?}");
                assert_eq!(index.unrank(n as usize, count), b);
                assert_eq!(b.iter().map(|&s| s as u32).sum::<u32>(), n as u32);
                count += 1;
                if !next_board(&mut b) {
                    break;
                }
            }
            assert_eq!(count, level_size(n as usize));
        }
        assert_eq!(level_size(48), 279_871_768_995);
        assert_eq!(level_size(20), 84_672_315);
        // The largest rank of 48 seeds fits: all in the first house.
        let mut b = [0u8; 12];
        b[0] = 48;
        assert_eq!(index.rank(&b), level_size(48) - 1);
    }
}
