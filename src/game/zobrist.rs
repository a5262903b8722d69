//! Zobrist keys shared by every game: deterministic (the same on every machine and run, so
//! hashes in saved files and tests are stable), generated at compile time.

/// One step of SplitMix64, a small generator with good avalanche; used to fill key tables.
pub const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of stream `index` (a block of games, a trial) of a run seeded by `seed`: each
/// stream draws from its own generator, so a run replays the same whatever order its streams
/// run in.
pub fn stream_seed(seed: u64, index: u64) -> u64 {
    splitmix64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// A table of `N` keys seeded by `seed` (use a different seed per game and per table).
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(
            seed.wrapping_mul(0x1000_0000_01B3)
                .wrapping_add(i as u64 * 0x9E37_79B9),
        );
        i += 1;
    }
    out
}

/// A key for a (table seed, index) pair when a table would be too large to store.
pub const fn key(seed: u64, index: u64) -> u64 {
    splitmix64(splitmix64(seed) ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn keys_are_distinct_and_nonzero() {
        const K: [u64; 1024] = keys::<1024>(7);
        let mut v = K.to_vec();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 1024);
        assert!(K.iter().all(|&k| k != 0));
    }
}
