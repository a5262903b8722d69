//! Boards of points on a lattice, and routes over them, for the race games (Big Cat, Maya
//! cross, Aeroplane chess, Three-way). A board's geometry is data: the points (squares or
//! intersections) as lattice coordinates, and each route as the list of points a piece walks,
//! written step by step from the rules' words with `Path`. The board numbers its points in
//! reading order (top row first, left to right), so names and drawings follow from the data.
//! `Board::render` draws any board on a character canvas, with the lines between points.

use std::collections::HashMap;

/// A lattice point (x to the right, y up).
pub type Point = (i32, i32);

/// Turns a direction (a lattice vector) a quarter to the left (counter-clockwise).
pub fn left_of((x, y): Point) -> Point {
    (-y, x)
}

/// Turns a direction a quarter to the right (clockwise).
pub fn right_of((x, y): Point) -> Point {
    (y, -x)
}

pub fn add((a, b): Point, (c, d): Point) -> Point {
    (a + c, b + d)
}

pub fn scale(k: i32, (x, y): Point) -> Point {
    (k * x, k * y)
}

/// A route written as it is walked: `to` appends a point, `walk` a straight run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Path {
    points: Vec<Point>,
}

impl Path {
    pub fn starting_at(p: Point) -> Path {
        Path { points: vec![p] }
    }
    pub fn last(&self) -> Point {
        *self.points.last().expect("a path has a start")
    }
    /// Appends one point.
    pub fn to(&mut self, p: Point) -> &mut Self {
        self.points.push(p);
        self
    }
    /// Appends `n` points, each one `dir` beyond the last.
    pub fn walk(&mut self, dir: Point, n: usize) -> &mut Self {
        for _ in 0..n {
            let p = add(self.last(), dir);
            self.points.push(p);
        }
        self
    }
    pub fn points(&self) -> &[Point] {
        &self.points
    }
    pub fn into_points(self) -> Vec<Point> {
        self.points
    }
}

/// Whether a step from `a` to `b` runs along a row, a column or a diagonal and is at most
/// `max_len` lattice units long (the board lines of the race games; used to check routes).
pub fn is_line_step(a: Point, b: Point, max_len: i32) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    let len = dx.abs().max(dy.abs());
    straight && (1..=max_len).contains(&len)
}

/// The points of a board, numbered in reading order (top row first, left to right).
#[derive(Clone, Debug)]
pub struct Board {
    points: Vec<Point>,
    index: HashMap<Point, usize>,
}

impl Board {
    /// The board of the given points (duplicates count once).
    pub fn from_points(points: impl IntoIterator<Item = Point>) -> Board {
        let mut points: Vec<Point> = points.into_iter().collect();
        points.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        points.dedup();
        let index = points.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        Board { points, index }
    }
    pub fn len(&self) -> usize {
        self.points.len()
    }
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
    pub fn point(&self, i: usize) -> Point {
        self.points[i]
    }
    pub fn points(&self) -> &[Point] {
        &self.points
    }
    pub fn index_of(&self, p: Point) -> Option<usize> {
        self.index.get(&p).copied()
    }
    /// The point indices of a walked path. Every point must be on the board (board data is
    /// built from its own routes, so a miss is a bug in the data, caught by the games' tests).
    pub fn route(&self, path: &[Point]) -> Vec<u8> {
        path.iter()
            .map(|p| {
                let i = self
                    .index_of(*p)
                    .unwrap_or_else(|| panic!("route point {p:?} is not on the board"));
                u8::try_from(i).expect("boards have at most 256 points")
            })
            .collect()
    }

    /// Draws the board: point `i` as the text `cell(i)` (centred in `x_scale` columns), points
    /// `x_scale` columns and `y_scale` rows apart, and each edge in `edges` (pairs of point
    /// indices along a row, column or diagonal) as `-`, `|`, `/` or `\` between its ends.
    pub fn render(
        &self,
        x_scale: usize,
        y_scale: usize,
        edges: &[(usize, usize)],
        cell: impl Fn(usize) -> String,
    ) -> String {
        if self.points.is_empty() {
            return String::new();
        }
        let xmin = self.points.iter().map(|p| p.0).min().unwrap_or(0);
        let xmax = self.points.iter().map(|p| p.0).max().unwrap_or(0);
        let ymax = self.points.iter().map(|p| p.1).max().unwrap_or(0);
        let ymin = self.points.iter().map(|p| p.1).min().unwrap_or(0);
        let (xs, ys) = (x_scale.max(1) as i64, y_scale.max(1) as i64);
        let width = ((xmax - xmin) as i64 * xs + xs) as usize;
        let height = ((ymax - ymin) as i64 * ys + 1) as usize;
        let mut canvas = vec![vec![' '; width]; height];
        // Column of the centre of a point's cell, and its row.
        let at = |p: Point| -> (i64, i64) {
            ((p.0 - xmin) as i64 * xs + xs / 2, (ymax - p.1) as i64 * ys)
        };
        let put = |c: &mut Vec<Vec<char>>, col: i64, row: i64, ch: char| {
            if row >= 0 && col >= 0 && (row as usize) < c.len() && (col as usize) < width {
                c[row as usize][col as usize] = ch;
            }
        };
        for &(a, b) in edges {
            let (pa, pb) = (self.points[a], self.points[b]);
            let ((ca, ra), (cb, rb)) = (at(pa), at(pb));
            let (dc, dr) = ((cb - ca).signum(), (rb - ra).signum());
            let glyph = match (dc, dr) {
                (0, _) => '|',
                (_, 0) => '-',
                (1, 1) | (-1, -1) => '\\',
                _ => '/',
            };
            if dr == 0 {
                for col in ca.min(cb) + 1..ca.max(cb) {
                    put(&mut canvas, col, ra, glyph);
                }
            } else {
                // One glyph a canvas row between the ends, on the straight line.
                for row in ra.min(rb) + 1..ra.max(rb) {
                    let t = (row - ra) as f64 / (rb - ra) as f64;
                    let col = ca as f64 + t * (cb - ca) as f64;
                    put(&mut canvas, col.round() as i64, row, glyph);
                }
            }
        }
        for (i, &p) in self.points.iter().enumerate() {
            let (col, row) = at(p);
            let text: Vec<char> = cell(i).chars().collect();
            let start = col - (text.len() as i64 - 1) / 2;
            for (k, &ch) in text.iter().enumerate() {
                put(&mut canvas, start + k as i64, row, ch);
            }
        }
        let mut out = String::new();
        for row in canvas {
            let line: String = row.into_iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// The distinct edges (consecutive point pairs) of routes, for `Board::render`.
pub fn route_edges<'a>(routes: impl IntoIterator<Item = &'a [u8]>) -> Vec<(usize, usize)> {
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for route in routes {
        for w in route.windows(2) {
            let (a, b) = (w[0] as usize, w[1] as usize);
            if a != b {
                edges.push((a.min(b), a.max(b)));
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_boards_and_drawings() {
        let mut p = Path::starting_at((0, 0));
        p.walk((1, 0), 2).walk((0, 1), 1).to((0, 1));
        assert_eq!(p.points(), &[(0, 0), (1, 0), (2, 0), (2, 1), (0, 1)]);
        let board = Board::from_points(p.points().iter().copied());
        assert_eq!(board.len(), 5);
        // Reading order: the top row first.
        assert_eq!(board.point(0), (0, 1));
        assert_eq!(board.route(p.points()), vec![2, 3, 4, 1, 0]);
        assert!(is_line_step((0, 0), (2, 2), 2));
        assert!(!is_line_step((0, 0), (1, 2), 2));
        assert!(!is_line_step((0, 0), (0, 0), 2));
        let route = board.route(p.points());
        let edges = route_edges([route.as_slice()]);
        let drawing = board.render(4, 2, &edges, |i| i.to_string());
        assert_eq!(drawing, "  0-------1\n          |\n  2---3---4\n");
        assert_eq!(left_of((0, 1)), (-1, 0));
        assert_eq!(right_of((0, 1)), (1, 0));
    }
}
