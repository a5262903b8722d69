//! The Junqi board: 12 rows x 5 columns = 60 points joined by roads and railways.
//!
//! Point `row * 5 + col`; row 0 is red's back row (red sits at the bottom), row 11 black's.
//! Each side has 30 points: 23 posts (兵站), 5 camps (行营: 2-1, 2-3, 3-2, 4-1, 4-3 and their
//! mirrors) and 2 headquarters (大本营: 0-1, 0-3 and 11-1, 11-3). Every point is joined to its
//! orthogonal neighbours, except across the middle, which only columns 0, 2 and 4 cross (the
//! "mountains" block columns 1 and 3); camps are also joined to their four diagonal neighbours.
//! Railways (铁路) run along rows 1, 5, 6 and 10 and columns 0 and 4 (rows 1 to 10), and across
//! the middle at column 2 (the `middle=road` rule makes that crossing a road). The drawing is
//! in docs/rules/junqi.md and `boardlab show --game junqi`.

use std::sync::LazyLock;

use super::piece::{bit, Kind, KindSet, ANY_KIND, PIECES_PER_SIDE};
use crate::game::PlayerId;

pub const ROWS: usize = 12;
pub const COLS: usize = 5;
pub const POINTS: usize = ROWS * COLS;

pub const fn point(row: usize, col: usize) -> u8 {
    (row * COLS + col) as u8
}
pub const fn row_of(p: u8) -> usize {
    p as usize / COLS
}
pub const fn col_of(p: u8) -> usize {
    p as usize % COLS
}

/// What kind of point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Station {
    /// 兵站: an ordinary post.
    Post,
    /// 行营: a piece here cannot be attacked; no piece starts here.
    Camp,
    /// 大本营: a piece here never moves again; the flag starts in one.
    Headquarters,
}

pub const fn is_camp(p: u8) -> bool {
    let (r, c) = (row_of(p), col_of(p));
    matches!((r, c), (2 | 4 | 7 | 9, 1 | 3) | (3 | 8, 2))
}

pub const fn is_hq(p: u8) -> bool {
    let (r, c) = (row_of(p), col_of(p));
    (r == 0 || r == ROWS - 1) && (c == 1 || c == 3)
}

pub const fn station(p: u8) -> Station {
    if is_camp(p) {
        Station::Camp
    } else if is_hq(p) {
        Station::Headquarters
    } else {
        Station::Post
    }
}

/// The side whose half the point is in (red: rows 0-5, black: rows 6-11).
pub const fn half_of(p: u8) -> PlayerId {
    if row_of(p) < ROWS / 2 {
        0
    } else {
        1
    }
}

/// The row counted from `player`'s back row: 0 is the back row, 5 the front row.
pub const fn own_row(player: PlayerId, p: u8) -> usize {
    if player == 0 {
        row_of(p)
    } else {
        ROWS - 1 - row_of(p)
    }
}

/// The point turned 180 degrees (red's point to black's, and back).
pub const fn rotate(p: u8) -> u8 {
    (POINTS - 1) as u8 - p
}

/// The point mirrored left to right.
pub const fn mirror(p: u8) -> u8 {
    point(row_of(p), COLS - 1 - col_of(p))
}

/// The points a side fills during setup, in the order it fills them: its 25 posts and
/// headquarters (no piece starts in a camp) from its back row to its front row, left to right
/// as red sees the board (black's order is red's turned 180 degrees, so each side fills from
/// its own left).
pub const SETUP_ORDER: [[u8; PIECES_PER_SIDE]; 2] = setup_order();

const fn setup_order() -> [[u8; PIECES_PER_SIDE]; 2] {
    let mut out = [[0u8; PIECES_PER_SIDE]; 2];
    let mut n = 0;
    let mut p = 0u8;
    while (p as usize) < POINTS / 2 {
        if !is_camp(p) {
            out[0][n] = p;
            out[1][n] = rotate(p);
            n += 1;
        }
        p += 1;
    }
    assert!(n == PIECES_PER_SIDE);
    out
}

/// The kinds `player` may place on `p` at setup: the flag only in a headquarters, mines only on
/// the back two rows, bombs not on the front row.
pub const fn placement_kinds(player: PlayerId, p: u8) -> KindSet {
    let r = own_row(player, p);
    let mut set = ANY_KIND;
    if !is_hq(p) {
        set &= !bit(Kind::Flag);
    }
    if r > 1 {
        set &= !bit(Kind::Mine);
    }
    if r == ROWS / 2 - 1 {
        set &= !bit(Kind::Bomb);
    }
    set
}

/// The name of a point: column letter a-e, row number 1-12 (`a1` is red's back left corner).
pub fn point_name(p: u8) -> String {
    crate::game::grid::format_square(crate::game::grid::Files::Letters, (col_of(p), row_of(p)))
}

/// Reads a point name.
pub fn parse_point(text: &str) -> Result<u8, crate::game::ParseError> {
    let (file, rank) =
        crate::game::grid::parse_square(crate::game::grid::Files::Letters, COLS, ROWS, text)?;
    Ok(point(rank, file))
}

/// A straight run of railway from a point (the point itself excluded), nearest first.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ray {
    pub len: u8,
    pub points: [u8; ROWS],
}

impl Ray {
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.points[..self.len as usize].iter().copied()
    }
}

/// The connections of the board, as bit masks over points.
pub struct Geometry {
    /// One-step neighbours: roads and railway segments alike.
    pub step: [u64; POINTS],
    /// Railway neighbours.
    pub rail: [u64; POINTS],
    /// The straight railway runs from each point (up to four: two lines, two directions).
    pub rays: [[Ray; 4]; POINTS],
    pub ray_count: [u8; POINTS],
}

impl Geometry {
    pub fn on_railway(&self, p: u8) -> bool {
        self.rail[p as usize] != 0
    }
}

/// The railway lines as point sequences.
fn railway_lines(middle_rail: bool) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = [1, 5, 6, 10]
        .iter()
        .map(|&r| (0..COLS).map(|c| point(r, c)).collect())
        .collect();
    for c in [0, COLS - 1] {
        lines.push((1..ROWS - 1).map(|r| point(r, c)).collect());
    }
    if middle_rail {
        lines.push(vec![point(5, 2), point(6, 2)]);
    }
    lines
}

fn build_geometry(middle_rail: bool) -> Geometry {
    let mut g = Geometry {
        step: [0; POINTS],
        rail: [0; POINTS],
        rays: [[Ray::default(); 4]; POINTS],
        ray_count: [0; POINTS],
    };
    let join = |mask: &mut [u64; POINTS], a: u8, b: u8| {
        mask[a as usize] |= 1 << b;
        mask[b as usize] |= 1 << a;
    };
    for r in 0..ROWS {
        for c in 0..COLS {
            let p = point(r, c);
            if c + 1 < COLS {
                join(&mut g.step, p, point(r, c + 1));
            }
            // Across the middle only columns 0, 2 and 4 (mountains at 1 and 3).
            if r + 1 < ROWS && !(r == ROWS / 2 - 1 && (c == 1 || c == 3)) {
                join(&mut g.step, p, point(r + 1, c));
            }
            if is_camp(p) {
                for (dr, dc) in [(-1i32, -1i32), (-1, 1), (1, -1), (1, 1)] {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    join(&mut g.step, p, point(nr as usize, nc as usize));
                }
            }
        }
    }
    for line in railway_lines(middle_rail) {
        for w in line.windows(2) {
            join(&mut g.rail, w[0], w[1]);
        }
        for (i, &p) in line.iter().enumerate() {
            let forward: Vec<u8> = line[i + 1..].to_vec();
            let backward: Vec<u8> = line[..i].iter().rev().copied().collect();
            for run in [forward, backward] {
                if run.is_empty() {
                    continue;
                }
                let mut ray = Ray::default();
                ray.len = run.len() as u8;
                ray.points[..run.len()].copy_from_slice(&run);
                let n = &mut g.ray_count[p as usize];
                g.rays[p as usize][*n as usize] = ray;
                *n += 1;
            }
        }
    }
    g
}

static RAIL_MIDDLE: LazyLock<Geometry> = LazyLock::new(|| build_geometry(true));
static ROAD_MIDDLE: LazyLock<Geometry> = LazyLock::new(|| build_geometry(false));

/// The board's connections (`middle_rail`: the column-2 crossing is a railway).
pub fn geometry(middle_rail: bool) -> &'static Geometry {
    if middle_rail {
        &RAIL_MIDDLE
    } else {
        &ROAD_MIDDLE
    }
}

/// Iterates the set bits of a point mask, lowest first.
pub fn points_in(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let p = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(p)
        }
    })
}
