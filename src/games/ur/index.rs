//! A perfect index of Ur positions for one side to move (before the roll), for the solver.
//!
//! A position is (mover, opponent): each side's route mask and pieces off. Every combination
//! of placements is indexed, finished games included, as in the published count (137,913,936
//! for 7 pieces). Layout, outermost first: the layer (mover off, opponent off), the shared row
//! as a base-3 number (0 empty, 1 mover, 2 opponent), the mover's private squares, the
//! opponent's private squares. Private squares (route 1-4, 13-14) form a 6-bit mask ranked by
//! popcount, so "at most k pieces" is a prefix of ranks. A move changes one block (shared row),
//! so children of neighbouring positions sit in a few nearby blocks.

use super::board::Side;

/// Shared-row configurations: 3^8.
pub const SHARED_CONFIGS: usize = 6561;
const LAYERS: usize = 64;

#[derive(Clone, Debug)]
pub struct PositionIndex {
    pieces: u8,
    rank: [u8; 64],
    unrank: [u8; 64],
    /// Private masks with popcount <= k, for k = 0..=6.
    prefix: [u32; 7],
    trit: [u16; 256],
    /// For each base-3 shared configuration: (mover's shared bits, opponent's shared bits).
    shared: Vec<(u8, u8)>,
    /// Start of each (layer, shared configuration) block; `layer = a * 8 + b`.
    block_start: Vec<u64>,
    /// Ranks ordered by decreasing progress of the private mask (route squares summed).
    rank_by_progress: [u8; 64],
    /// Shared configurations grouped by progress on the shared row, most advanced first.
    shared_by_progress: Vec<Vec<usize>>,
    layer_start: [u64; LAYERS + 1],
    total: u64,
}

/// Route squares 1-4 -> bits 0-3, 13-14 -> bits 4-5.
#[inline]
pub fn private_bits(mask: u16) -> u8 {
    (((mask >> 1) & 0xF) | ((mask >> 9) & 0x30)) as u8
}
#[inline]
fn private_mask(bits: u8) -> u16 {
    (((bits & 0xF) as u16) << 1) | (((bits & 0x30) as u16) << 9)
}

impl PositionIndex {
    pub fn new(pieces: u8) -> Self {
        let mut masks: Vec<u8> = (0..64).collect();
        masks.sort_by_key(|m| (m.count_ones(), *m));
        let mut rank = [0u8; 64];
        let mut unrank = [0u8; 64];
        for (r, &m) in masks.iter().enumerate() {
            rank[m as usize] = r as u8;
            unrank[r] = m;
        }
        let mut prefix = [0u32; 7];
        for (k, p) in prefix.iter_mut().enumerate() {
            *p = (0..64u32).filter(|m| m.count_ones() as usize <= k).count() as u32;
        }
        let mut trit = [0u16; 256];
        for (m, t) in trit.iter_mut().enumerate() {
            let mut v = 0u16;
            for i in (0..8).rev() {
                v = v * 3 + ((m >> i) & 1) as u16;
            }
            *t = v;
        }
        let mut shared = vec![(0u8, 0u8); SHARED_CONFIGS];
        for (t, entry) in shared.iter_mut().enumerate() {
            let (mut x, mut own, mut opp) = (t, 0u8, 0u8);
            for i in 0..8 {
                match x % 3 {
                    1 => own |= 1 << i,
                    2 => opp |= 1 << i,
                    _ => {}
                }
                x /= 3;
            }
            *entry = (own, opp);
        }
        let progress =
            |mask: u16| -> u32 { (1..15).filter(|sq| mask & (1 << sq) != 0).sum::<u32>() };
        let mut rank_by_progress: Vec<u8> = (0..64).collect();
        rank_by_progress
            .sort_by_key(|&r| std::cmp::Reverse(progress(private_mask(unrank[r as usize]))));
        let rank_by_progress: [u8; 64] = rank_by_progress.try_into().expect("64 ranks");
        let mut shared_by_progress: Vec<Vec<usize>> = vec![Vec::new(); 8 * 12 + 1];
        for (t, &(own, opp)) in shared.iter().enumerate() {
            let key = progress((own as u16) << 5) + progress((opp as u16) << 5);
            shared_by_progress[key as usize].push(t);
        }
        shared_by_progress.retain(|g| !g.is_empty());
        shared_by_progress.reverse();
        let mut idx = PositionIndex {
            rank_by_progress,
            shared_by_progress,
            pieces,
            rank,
            unrank,
            prefix,
            trit,
            shared,
            block_start: vec![0; LAYERS * SHARED_CONFIGS],
            layer_start: [0; LAYERS + 1],
            total: 0,
        };
        let mut at = 0u64;
        for layer in 0..LAYERS {
            idx.layer_start[layer] = at;
            let (a, b) = ((layer / 8) as u8, (layer % 8) as u8);
            for t in 0..SHARED_CONFIGS {
                idx.block_start[layer * SHARED_CONFIGS + t] = at;
                let (own, opp) = idx.shared[t];
                at += idx.private_count(a, own.count_ones() as u8) as u64
                    * idx.private_count(b, opp.count_ones() as u8) as u64;
            }
        }
        idx.layer_start[LAYERS] = at;
        idx.total = at;
        idx
    }

    pub fn pieces(&self) -> u8 {
        self.pieces
    }
    /// Positions indexed (one side to move).
    pub fn len(&self) -> u64 {
        self.total
    }
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }
    /// The index range of layer (mover off `a`, opponent off `b`).
    pub fn layer_range(&self, a: u8, b: u8) -> std::ops::Range<u64> {
        let l = a as usize * 8 + b as usize;
        self.layer_start[l]..self.layer_start[l + 1]
    }

    /// Private placements of a side with `off` pieces off and `shared` on the shared row.
    #[inline]
    fn private_count(&self, off: u8, shared: u8) -> u32 {
        match self.pieces.checked_sub(off + shared) {
            Some(k) => self.prefix[k.min(6) as usize],
            None => 0,
        }
    }

    /// The index of (mover, opponent); both must be valid placements for these pieces.
    #[inline]
    pub fn index(&self, own: Side, opp: Side) -> u64 {
        let ms = (own.mask >> 5) as u8;
        let os = (opp.mask >> 5) as u8;
        let t = self.trit[ms as usize] as usize + 2 * self.trit[os as usize] as usize;
        let layer = own.off as usize * 8 + opp.off as usize;
        let count_opp = self.private_count(opp.off, os.count_ones() as u8) as u64;
        self.block_start[layer * SHARED_CONFIGS + t]
            + self.rank[private_bits(own.mask) as usize] as u64 * count_opp
            + self.rank[private_bits(opp.mask) as usize] as u64
    }

    /// Shared-row configurations in groups of equal progress, most advanced group first.
    /// A configuration and its mirror (sides swapped) are in the same group.
    pub fn shared_groups(&self) -> &[Vec<usize>] {
        &self.shared_by_progress
    }

    /// Calls `f(index, mover, opponent)` for every position of block `t` of layer (a, b), the
    /// more advanced private placements first (so that, sweeping in place, most successors
    /// already have this sweep's value).
    #[inline]
    pub fn for_each_in_block_by_progress(
        &self,
        a: u8,
        b: u8,
        t: usize,
        mut f: impl FnMut(u64, Side, Side),
    ) {
        let layer = a as usize * 8 + b as usize;
        let (ms, os) = self.shared[t];
        let cm = self.private_count(a, ms.count_ones() as u8);
        let co = self.private_count(b, os.count_ones() as u8);
        let start = self.block_start[layer * SHARED_CONFIGS + t];
        for &i in self.rank_by_progress.iter().filter(|&&i| (i as u32) < cm) {
            let own = Side {
                mask: private_mask(self.unrank[i as usize]) | ((ms as u16) << 5),
                off: a,
            };
            let row = start + i as u64 * co as u64;
            for &j in self.rank_by_progress.iter().filter(|&&j| (j as u32) < co) {
                let opp = Side {
                    mask: private_mask(self.unrank[j as usize]) | ((os as u16) << 5),
                    off: b,
                };
                f(row + j as u64, own, opp);
            }
        }
    }

    /// Calls `f(index, mover, opponent)` for every position of the blocks `t_range` of layer
    /// (a, b), in index order.
    pub fn for_each_in_blocks(
        &self,
        a: u8,
        b: u8,
        t_range: std::ops::Range<usize>,
        mut f: impl FnMut(u64, Side, Side),
    ) {
        let layer = a as usize * 8 + b as usize;
        for t in t_range {
            let (ms, os) = self.shared[t];
            let cm = self.private_count(a, ms.count_ones() as u8);
            let co = self.private_count(b, os.count_ones() as u8);
            let mut at = self.block_start[layer * SHARED_CONFIGS + t];
            for i in 0..cm {
                let own = Side {
                    mask: private_mask(self.unrank[i as usize]) | ((ms as u16) << 5),
                    off: a,
                };
                for j in 0..co {
                    let opp = Side {
                        mask: private_mask(self.unrank[j as usize]) | ((os as u16) << 5),
                        off: b,
                    };
                    f(at, own, opp);
                    at += 1;
                }
            }
        }
    }
}
