//! The Three-way board: 91 points in an equilateral triangle ("全盤共有91個棋位"), so 13 rows of
//! 1, 2, ..., 13 points (1 + 2 + ... + 13 = 91), joined by the lines of a triangular grid: each
//! point to its neighbours along the rows and along the two slanting directions. The centre
//! point (中心棋位) is the triangle's centroid, row 9 point 5, eight steps from every corner; the
//! three corners (頂點) are the players' bases (基地棋位).
//!
//! Points are numbered row by row from the top (row r, 0-based, holds points k = 0..=r) and
//! named by row letter and place in the row: `a1` the top corner, `m1` and `m13` the lower
//! corners, `i5` the centre.

use std::sync::OnceLock;

use crate::game::track::{Board, Point};

pub const ROWS: usize = 13;
pub const POINTS: usize = ROWS * (ROWS + 1) / 2;

/// The (row, place) of point `i`.
pub const fn row_place(i: usize) -> (usize, usize) {
    let mut r = 0;
    while (r + 1) * (r + 2) / 2 <= i {
        r += 1;
    }
    (r, i - r * (r + 1) / 2)
}

pub const fn index(row: usize, place: usize) -> usize {
    row * (row + 1) / 2 + place
}

/// The centre point, i5.
pub const CENTRE: usize = index(8, 4);

/// The base of each seat: seat a the top corner, then clockwise b the lower right, c the lower
/// left.
pub const BASES: [usize; 3] = [index(0, 0), index(12, 12), index(12, 0)];

/// Steps between two points along the grid's lines (on the triangular grid: the largest of
/// |d row|, |d place| and |d row - d place|).
pub fn distance(a: usize, b: usize) -> u32 {
    let (ra, ka) = row_place(a);
    let (rb, kb) = row_place(b);
    let dr = rb as i32 - ra as i32;
    let dk = kb as i32 - ka as i32;
    dr.abs().max(dk.abs()).max((dr - dk).abs()) as u32
}

/// The six directions of the grid's lines, as (d row, d place).
pub const DIRECTIONS: [(i32, i32); 6] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)];

/// The point `steps` along direction `dir` from `from`, if on the board.
pub fn along(from: usize, dir: (i32, i32), steps: i32) -> Option<usize> {
    let (r, k) = row_place(from);
    let (r2, k2) = (r as i32 + dir.0 * steps, k as i32 + dir.1 * steps);
    (r2 >= 0 && r2 < ROWS as i32 && k2 >= 0 && k2 <= r2).then(|| index(r2 as usize, k2 as usize))
}

pub fn name(i: usize) -> String {
    let (r, k) = row_place(i);
    format!("{}{}", (b'a' + r as u8) as char, k + 1)
}

pub fn parse_name(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let row = chars.next()?.to_ascii_lowercase();
    if !('a'..='m').contains(&row) {
        return None;
    }
    let r = (row as u8 - b'a') as usize;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let place: usize = digits.parse().ok()?;
    (1..=r + 1).contains(&place).then(|| index(r, place - 1))
}

/// Drawing coordinates: rows downward, points two columns apart, each row shifted half a step.
fn lattice(i: usize) -> Point {
    let (r, k) = row_place(i);
    (2 * k as i32 - r as i32, -(r as i32))
}

/// The board for drawing, with its grid lines.
pub struct Drawing {
    pub board: Board,
    pub edges: Vec<(usize, usize)>,
}

pub fn drawing() -> &'static Drawing {
    static D: OnceLock<Drawing> = OnceLock::new();
    D.get_or_init(|| {
        let board = Board::from_points((0..POINTS).map(lattice));
        let mut edges = Vec::new();
        for i in 0..POINTS {
            for d in [(0, 1), (1, 0), (1, 1)] {
                if let Some(j) = along(i, d, 1) {
                    let a = board.index_of(lattice(i)).expect("on the board");
                    let b = board.index_of(lattice(j)).expect("on the board");
                    edges.push((a, b));
                }
            }
        }
        Drawing { board, edges }
    })
}
