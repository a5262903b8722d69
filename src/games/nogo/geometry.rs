//! The geometry of a square board of side `size` in a bit set: the board mask, edge masks for
//! the shifts, each point's neighbours, and the centre. Built once per size and width and shared
//! (`Width::geometry`).

use std::fmt::Debug;
use std::sync::OnceLock;

use super::bits::{Bits, Wide};

/// Smallest and largest board sides.
pub const MIN_SIZE: usize = 5;
pub const MAX_SIZE: usize = 19;
/// Largest side held in a `u128` (121 points).
pub const MAX_SMALL_SIZE: usize = 11;

/// Masks and neighbour sets of one board size.
#[derive(Debug)]
pub struct Geometry<B: Bits> {
    pub size: usize,
    pub points: usize,
    /// Every point of the board.
    pub board: B,
    /// Every point but those on file a (what an eastward shift may land on).
    not_first_file: B,
    /// Every point but those on the last file (what a westward shift may land on).
    not_last_file: B,
    /// The neighbours of each point.
    pub neighbours: Vec<B>,
    /// The centre point on odd sizes.
    pub centre: Option<usize>,
}

impl<B: Bits> Geometry<B> {
    pub fn new(size: usize) -> Self {
        assert!((1..=MAX_SIZE).contains(&size) && size * size <= B::CAPACITY);
        let points = size * size;
        let mut board = B::EMPTY;
        let mut not_first_file = B::EMPTY;
        let mut not_last_file = B::EMPTY;
        for i in 0..points {
            board = board.or(B::bit(i));
            if i % size != 0 {
                not_first_file = not_first_file.or(B::bit(i));
            }
            if i % size != size - 1 {
                not_last_file = not_last_file.or(B::bit(i));
            }
        }
        let mut g = Geometry {
            size,
            points,
            board,
            not_first_file,
            not_last_file,
            neighbours: Vec::new(),
            centre: (size % 2 == 1).then(|| (size / 2) * size + size / 2),
        };
        g.neighbours = (0..points).map(|i| g.dilate(B::bit(i))).collect();
        g
    }

    /// The points next to some point of `set` (not `set` itself, unless next to another of it).
    #[inline]
    pub fn dilate(&self, set: B) -> B {
        let n = self.size as u32;
        let east = set.shl(1).and(self.not_first_file);
        let west = set.shr(1).and(self.not_last_file);
        let north = set.shl(n).and(self.board);
        let south = set.shr(n);
        east.or(west).or(north).or(south)
    }

    /// (file, rank) of a point.
    #[inline]
    pub fn file_rank(&self, point: usize) -> (usize, usize) {
        (point % self.size, point / self.size)
    }
}

/// A bit-set width that boards are built on: its geometries (one per size that fits) and the
/// per-point arrays a board of that width keeps (121 entries for `u128`, 361 for `Wide`).
pub trait Width: Bits {
    /// The largest board side of this width.
    const MAX_SIDE: usize;
    type Array<T: Copy + Debug + Send + Sync + 'static>: Copy
        + Debug
        + Send
        + Sync
        + AsRef<[T]>
        + AsMut<[T]>;
    fn array<T: Copy + Debug + Send + Sync + 'static>(fill: T) -> Self::Array<T>;
    fn geometry(size: usize) -> &'static Geometry<Self>;
}

fn table<B: Bits>(cell: &'static OnceLock<Vec<Geometry<B>>>, size: usize) -> &'static Geometry<B> {
    let all = cell.get_or_init(|| {
        (0..=MAX_SIZE)
            .map(|s| Geometry::new(if s * s <= B::CAPACITY { s.max(1) } else { 1 }))
            .collect()
    });
    let g = &all[size];
    assert_eq!(g.size, size, "board size {size} does not fit this width");
    g
}

impl Width for u128 {
    const MAX_SIDE: usize = MAX_SMALL_SIZE;
    type Array<T: Copy + Debug + Send + Sync + 'static> = [T; MAX_SMALL_SIZE * MAX_SMALL_SIZE];
    fn array<T: Copy + Debug + Send + Sync + 'static>(fill: T) -> Self::Array<T> {
        [fill; MAX_SMALL_SIZE * MAX_SMALL_SIZE]
    }
    fn geometry(size: usize) -> &'static Geometry<u128> {
        static CELL: OnceLock<Vec<Geometry<u128>>> = OnceLock::new();
        table(&CELL, size)
    }
}

impl Width for Wide {
    const MAX_SIDE: usize = MAX_SIZE;
    type Array<T: Copy + Debug + Send + Sync + 'static> = [T; MAX_SIZE * MAX_SIZE];
    fn array<T: Copy + Debug + Send + Sync + 'static>(fill: T) -> Self::Array<T> {
        [fill; MAX_SIZE * MAX_SIZE]
    }
    fn geometry(size: usize) -> &'static Geometry<Wide> {
        static CELL: OnceLock<Vec<Geometry<Wide>>> = OnceLock::new();
        table(&CELL, size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Width>(size: usize) {
        let g = B::geometry(size);
        for p in 0..g.points {
            let (f, r) = g.file_rank(p);
            let mut expected: Vec<usize> = Vec::new();
            if f > 0 {
                expected.push(p - 1);
            }
            if f + 1 < size {
                expected.push(p + 1);
            }
            if r > 0 {
                expected.push(p - size);
            }
            if r + 1 < size {
                expected.push(p + size);
            }
            expected.sort();
            assert_eq!(
                g.neighbours[p].points().collect::<Vec<_>>(),
                expected,
                "size {size} point {p}"
            );
        }
        assert_eq!(g.board.count() as usize, size * size);
        assert_eq!(g.dilate(g.board), g.board);
    }

    #[test]
    fn neighbours_on_every_size_and_width() {
        for size in MIN_SIZE..=MAX_SMALL_SIZE {
            check::<u128>(size);
        }
        for size in MIN_SIZE..=MAX_SIZE {
            check::<Wide>(size);
        }
        assert_eq!(u128::geometry(9).centre, Some(40));
        assert_eq!(Wide::geometry(8).centre, None);
    }
}
