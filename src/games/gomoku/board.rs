//! The board as line bitboards: every row, column, diagonal and anti-diagonal of an n x n board
//! (3 <= n <= 19) is one `u32` per colour, so the 11 points around any point along any of the four
//! directions are two shifts and a mask away (`window`). Line patterns (`patterns`) are looked up
//! from those windows; the forbidden-point checker and the incremental threat map build on them.
//!
//! Points are indexed `rank * size + file` (file 0 = column a, rank 0 = row 1 at the bottom).

pub const MAX_SIZE: usize = 19;
pub const MIN_SIZE: usize = 3;
/// Cells of the largest board: arrays indexed by point are this long.
pub const CELLS: usize = MAX_SIZE * MAX_SIZE;
/// Lines a direction has at most (2n - 1 diagonals).
pub const LINES: usize = 2 * MAX_SIZE - 1;
/// A line's position p is bit p + PAD, so a window reaching 5 points past either end needs no
/// negative shift.
pub const PAD: usize = 5;

pub const BLACK: usize = 0;
pub const WHITE: usize = 1;

/// The four directions as (file step, rank step): horizontal, vertical, diagonal, anti-diagonal.
pub const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The positions off the board of every line of every size, as set bits (they block like an
/// enemy stone). Index: [size][direction][line].
static WALLS: [[[u32; LINES]; 4]; MAX_SIZE + 1] = walls();

const fn walls() -> [[[u32; LINES]; 4]; MAX_SIZE + 1] {
    let mut out = [[[u32::MAX; LINES]; 4]; MAX_SIZE + 1];
    let mut n = MIN_SIZE;
    while n <= MAX_SIZE {
        let mut dir = 0;
        while dir < 4 {
            let mut line = 0;
            while line < 2 * n - 1 {
                // Valid positions lo..=hi (rows and columns: n lines of n; diagonals: clipped).
                let (lo, hi) = if dir < 2 {
                    if line < n {
                        (0, n - 1)
                    } else {
                        (1, 0)
                    }
                } else {
                    let lo = if line + 1 > n { line + 1 - n } else { 0 };
                    let hi = if line < n - 1 { line } else { n - 1 };
                    (lo, hi)
                };
                if lo <= hi {
                    let valid = ((1u32 << (hi - lo + 1)) - 1) << (lo + PAD);
                    out[n][dir][line] = !valid;
                }
                line += 1;
            }
            dir += 1;
        }
        n += 1;
    }
    out
}

/// The stones of both colours on one board.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    size: u8,
    /// [colour][direction][line]: bit p + PAD set when the line's position p holds a stone.
    lines: [[[u32; LINES]; 4]; 2],
    stones: [u16; 2],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (0..self.size()).rev() {
            for file in 0..self.size() {
                let c = match self.at(self.point(file, rank)) {
                    Some(BLACK) => 'x',
                    Some(_) => 'o',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Which line of direction `dir` holds (file, rank), and the point's position on it.
#[inline]
pub fn line_of(size: usize, dir: usize, file: usize, rank: usize) -> (usize, usize) {
    match dir {
        0 => (rank, file),
        1 => (file, rank),
        2 => (file + size - 1 - rank, file),
        _ => (file + rank, file),
    }
}

impl Board {
    pub fn new(size: usize) -> Board {
        debug_assert!((MIN_SIZE..=MAX_SIZE).contains(&size));
        Board {
            size: size as u8,
            lines: [[[0; LINES]; 4]; 2],
            stones: [0; 2],
        }
    }
    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }
    #[inline]
    pub fn cells(&self) -> usize {
        self.size() * self.size()
    }
    #[inline]
    pub fn point(&self, file: usize, rank: usize) -> usize {
        rank * self.size() + file
    }
    #[inline]
    pub fn file_rank(&self, p: usize) -> (usize, usize) {
        (p % self.size(), p / self.size())
    }
    pub fn stones(&self, colour: usize) -> usize {
        self.stones[colour] as usize
    }
    pub fn total_stones(&self) -> usize {
        (self.stones[0] + self.stones[1]) as usize
    }
    /// The colour on `p`, if any.
    #[inline]
    pub fn at(&self, p: usize) -> Option<usize> {
        let (f, r) = self.file_rank(p);
        let bit = 1u32 << (f + PAD);
        if self.lines[BLACK][0][r] & bit != 0 {
            Some(BLACK)
        } else if self.lines[WHITE][0][r] & bit != 0 {
            Some(WHITE)
        } else {
            None
        }
    }
    #[inline]
    pub fn is_empty(&self, p: usize) -> bool {
        let (f, r) = self.file_rank(p);
        (self.lines[BLACK][0][r] | self.lines[WHITE][0][r]) & (1u32 << (f + PAD)) == 0
    }
    /// The occupied points of rank `r` as bits by file.
    #[inline]
    pub fn row_occupancy(&self, r: usize) -> u32 {
        (self.lines[BLACK][0][r] | self.lines[WHITE][0][r]) >> PAD
    }
    /// The stones of `colour` on rank `r` as bits by file.
    #[inline]
    pub fn row(&self, colour: usize, r: usize) -> u32 {
        self.lines[colour][0][r] >> PAD
    }

    fn toggle(&mut self, colour: usize, p: usize) {
        let (f, r) = self.file_rank(p);
        let n = self.size();
        for dir in 0..4 {
            let (line, pos) = line_of(n, dir, f, r);
            self.lines[colour][dir][line] ^= 1 << (pos + PAD);
        }
    }
    /// Puts a stone on an empty point.
    #[inline]
    pub fn put(&mut self, colour: usize, p: usize) {
        debug_assert!(self.is_empty(p));
        self.toggle(colour, p);
        self.stones[colour] += 1;
    }
    /// Takes a stone of `colour` off `p`.
    #[inline]
    pub fn remove(&mut self, colour: usize, p: usize) {
        debug_assert_eq!(self.at(p), Some(colour));
        self.toggle(colour, p);
        self.stones[colour] -= 1;
    }

    /// The 11 points centred on `p` along `dir` (offsets -5..=5 as bits 0..=10): `own`'s stones,
    /// and the points blocked for `own` (the other colour's stones and off-board points).
    #[inline]
    pub fn window(&self, own: usize, dir: usize, p: usize) -> (u32, u32) {
        let (f, r) = self.file_rank(p);
        let (line, pos) = line_of(self.size(), dir, f, r);
        let mine = self.lines[own][dir][line] >> pos;
        let blocked = (self.lines[own ^ 1][dir][line] | WALLS[self.size()][dir][line]) >> pos;
        (mine & 0x7FF, blocked & 0x7FF)
    }

    /// The point `k` steps from `p` along `dir`, if on the board.
    #[inline]
    pub fn step(&self, p: usize, dir: usize, k: i32) -> Option<usize> {
        let (f, r) = self.file_rank(p);
        let (df, dr) = DIRS[dir];
        let nf = f as i32 + df * k;
        let nr = r as i32 + dr * k;
        let n = self.size() as i32;
        (nf >= 0 && nf < n && nr >= 0 && nr < n).then(|| (nr * n + nf) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_see_stones_and_edges() {
        for n in [3, 7, 15, 19] {
            let mut b = Board::new(n);
            let c = b.point(n / 2, n / 2);
            b.put(BLACK, c);
            for dir in 0..4 {
                for p in 0..n * n {
                    let (own, blocked) = b.window(BLACK, dir, p);
                    for k in -5i32..=5 {
                        let bit = 1 << (k + 5);
                        match b.step(p, dir, k) {
                            None => assert!(blocked & bit != 0, "n{n} p{p} d{dir} k{k}"),
                            Some(q) => {
                                assert_eq!(blocked & bit, 0);
                                assert_eq!(own & bit != 0, q == c);
                            }
                        }
                    }
                }
            }
            b.remove(BLACK, c);
            assert_eq!(b, Board::new(n));
        }
    }
}
