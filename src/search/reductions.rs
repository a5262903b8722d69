//! Late move reductions (LMR): after the first few moves of a node, quiet moves are searched
//! less deep, on the bet that move ordering put the good ones first; one that beats alpha
//! anyway is searched again at full depth (the re-search on fail-high).
//!
//! The reduction grows with the log of the depth and of the move number (Stockfish's, Scan's
//! shape): `r = base + ln(depth) * ln(move number) / divisor`, rounded down, at most depth - 2.

/// LMR options (`lmr*` params of an engine file; off by default).
#[derive(Clone, Debug, PartialEq)]
pub struct LmrConfig {
    pub on: bool,
    /// Nodes shallower than this are not reduced.
    pub min_depth: i32,
    /// Moves before this one (0-based, in search order) are never reduced.
    pub min_moves: usize,
    /// `base` and `divisor` of the formula above.
    pub base: f64,
    pub divisor: f64,
    /// One ply less reduction at PV nodes (window wider than one).
    pub pv_less: bool,
    /// Moves the game hints above this (`SearchHints::order_hint`: Othello's corners) are not
    /// reduced (nor pruned by futility).
    pub max_hint: i32,
}

impl Default for LmrConfig {
    fn default() -> Self {
        LmrConfig {
            on: false,
            min_depth: 3,
            min_moves: 3,
            base: 0.5,
            divisor: 2.25,
            pv_less: true,
            max_hint: i32::MAX,
        }
    }
}

const TABLE_DEPTH: usize = 64;
const TABLE_MOVES: usize = 64;

/// The reductions of `LmrConfig`, computed once a search.
pub struct LmrTable {
    r: Vec<u8>,
}

impl LmrTable {
    pub fn new(c: &LmrConfig) -> Self {
        let mut r = vec![0u8; TABLE_DEPTH * TABLE_MOVES];
        for d in 1..TABLE_DEPTH {
            for m in 1..TABLE_MOVES {
                let x = c.base + (d as f64).ln() * (m as f64).ln() / c.divisor;
                r[d * TABLE_MOVES + m] = x.max(0.0).floor().min(255.0) as u8;
            }
        }
        LmrTable { r }
    }

    /// The reduction (plies) of move number `n` (0-based) at `depth`, leaving at least one ply.
    #[inline]
    pub fn reduction(&self, depth: i32, n: usize) -> i32 {
        let d = (depth.max(0) as usize).min(TABLE_DEPTH - 1);
        let m = n.min(TABLE_MOVES - 1);
        (self.r[d * TABLE_MOVES + m] as i32).min(depth - 2).max(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_leave_a_ply() {
        let t = LmrTable::new(&LmrConfig::default());
        assert_eq!(t.reduction(3, 1), 0);
        for d in 3..40 {
            for n in 1..60 {
                let r = t.reduction(d, n);
                assert!(r <= d - 2 && r >= 0);
                assert!(t.reduction(d, n + 1) >= r);
                assert!(t.reduction(d + 1, n) >= r);
            }
        }
        assert!(t.reduction(20, 40) >= 3);
    }
}
