//! The Big Cat board and route, derived from the seed's words (seed 000, 大貓棋; no public
//! description of the board exists). docs/rules/bigcat.md draws it and names every reading.
//!
//! "近似十字形": a cross of intersection points, 73 in all. The centre is the 田 zone: a 2x2
//! grid of squares, 3x3 = 9 points. On each of its four sides a 丰 zone: a stem crossed by three
//! bars of three points, 9 points. At each outer end a 三角 (triangle) zone of 7 points: the
//! apex joined to the 丰, a middle row of three, a base of three (two corners and the base's
//! middle), with the stem's line running from the apex through the middle row to the base.
//! 9 + 4 x (9 + 7) = 73.
//!
//! Lattice coordinates (x right, y up), the lower arm (the others are it turned by quarters):
//! 田 x, y in -1..=1; 丰 bars at y = -2, -3, -4 with x in -1..=1; triangle apex (0, -5), middle
//! row (-1, -6), (0, -6), (1, -6), base (-2, -7), (0, -7), (2, -7). The start (起點) is the
//! lower triangle's base middle (0, -7) ("「三角形區」中間起點處"; the tour of the lower
//! triangle starts "從下方中間處"), and the route ends there (返回終點處).

use std::sync::OnceLock;

use crate::game::track::{add, left_of, right_of, scale, Board, Path, Point};

use super::rules::Zigzag;

/// The four arms, in the order the route visits their far ends after the lower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arm {
    Down,
    Left,
    Right,
    Up,
}

impl Arm {
    /// The outward direction of the arm.
    pub fn out(self) -> Point {
        match self {
            Arm::Down => (0, -1),
            Arm::Left => (-1, 0),
            Arm::Right => (1, 0),
            Arm::Up => (0, 1),
        }
    }
    /// Maps a point of the lower arm's drawing onto this arm (a rotation about the centre, so
    /// left and right turns and clockwise tours keep their sense).
    fn turn(self, (x, y): Point) -> Point {
        match self {
            Arm::Down => (x, y),
            Arm::Left => (y, -x),
            Arm::Right => (-y, x),
            Arm::Up => (-x, -y),
        }
    }
}

/// Which zone a point belongs to (for the counts the seed gives, and the drawing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Zone {
    Tian,
    Feng(u8),
    Triangle(u8),
}

/// The 田 tour entered from `arm`'s side: its middle, then clockwise once round the eight outer
/// points back to it, then the centre ("從下方中間處依順時針方向繞行一周後走到中心").
fn tian_tour(path: &mut Path, arm: Arm) {
    // Clockwise from the lower middle, in the lower arm's frame.
    let ring: [Point; 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
    ];
    path.to(arm.turn((0, -1)));
    for p in ring {
        path.to(arm.turn(p));
    }
    path.to((0, 0));
}

/// Through `arm`'s 丰, heading outward (`outward`) or toward the centre. At each crossing
/// ("進入十字路口時"): left, right, right, left (out to one bar end, back, out to the other,
/// back), then forward to the next crossing ("依向左、向右、向右、向左、向前"); turns are the
/// walker's own left and right. With `zigzag = false` the stem is walked straight.
fn feng(path: &mut Path, arm: Arm, outward: bool, zigzag: bool) {
    let u = arm.out();
    let heading = if outward { u } else { scale(-1, u) };
    let order: [i32; 3] = if outward { [2, 3, 4] } else { [4, 3, 2] };
    for k in order {
        let c = scale(k, u);
        path.to(c);
        if zigzag {
            path.to(add(c, left_of(heading)))
                .to(c)
                .to(add(c, right_of(heading)))
                .to(c);
        }
    }
}

/// Round `arm`'s triangle clockwise from the base middle back to it
/// ("從下方中間處依順時針繞行三角形一周").
fn triangle_tour(path: &mut Path, arm: Arm) {
    for p in [(-2, -7), (-1, -6), (0, -5), (1, -6), (2, -7), (0, -7)] {
        path.to(arm.turn(p));
    }
}

/// From the apex of `arm`'s triangle straight to its base middle (the stem's line), where the
/// tour starts ("從上方中間處...繞行", for the far triangles).
fn to_base(path: &mut Path, arm: Arm) {
    path.to(arm.turn((0, -5)))
        .to(arm.turn((0, -6)))
        .to(arm.turn((0, -7)));
}

/// From the base middle straight back to the apex ("後向上直行" / "後向下直行").
fn to_apex(path: &mut Path, arm: Arm) {
    path.to(arm.turn((0, -6))).to(arm.turn((0, -5)));
}

/// The whole route, point by point, in the seed's order.
pub fn route_points(zigzag: Zigzag) -> Vec<Point> {
    let (z_out, z_in) = match zigzag {
        Zigzag::Both => (true, true),
        Zigzag::Inward => (false, true),
    };
    let mut path = Path::starting_at((0, -7));
    // 棋子由起點處繞行「下三角形區」,向上經過「下丰字區」後繞行「田字區」。
    triangle_tour(&mut path, Arm::Down);
    to_apex(&mut path, Arm::Down);
    feng(&mut path, Arm::Down, false, z_in);
    tian_tour(&mut path, Arm::Down);
    // 接著自「田字區」向左經過「左丰字區」,繞行「左三角形區」,向右經過「左丰字區」,繞行「田字區」;
    // then the same to the right and upward.
    for arm in [Arm::Left, Arm::Right, Arm::Up] {
        path.to(arm.out());
        feng(&mut path, arm, true, z_out);
        to_base(&mut path, arm);
        triangle_tour(&mut path, arm);
        to_apex(&mut path, arm);
        feng(&mut path, arm, false, z_in);
        tian_tour(&mut path, arm);
    }
    // 最後自「田字區」向下經過「下丰字區」,繞行「下三角形區」後返回終點處。
    path.to(Arm::Down.out());
    feng(&mut path, Arm::Down, true, z_out);
    to_base(&mut path, Arm::Down);
    triangle_tour(&mut path, Arm::Down);
    path.into_points()
}

/// The zone of a lattice point of the board.
pub fn zone_of((x, y): Point) -> Zone {
    if x.abs() <= 1 && y.abs() <= 1 {
        return Zone::Tian;
    }
    // Along which arm (the coordinate that dominates), and how far out.
    let dist = x.abs().max(y.abs());
    let arm = if y.abs() > x.abs() {
        if y < 0 {
            0
        } else {
            3
        }
    } else if x < 0 {
        1
    } else {
        2
    };
    if dist <= 4 {
        Zone::Feng(arm)
    } else {
        Zone::Triangle(arm)
    }
}

/// The board with its route (points numbered in reading order) and, for each route square,
/// the point it stands on.
#[derive(Debug)]
pub struct Geometry {
    pub board: Board,
    /// `route[i]` is the point of route square i; square 0 is the start, the last the end.
    pub route: Vec<u8>,
    pub zones: Vec<Zone>,
}

impl Geometry {
    fn build(zigzag: Zigzag) -> Geometry {
        let points = route_points(zigzag);
        // Every point of the board lies on the route in both readings (the straight reading
        // still walks each 丰 once with the zigzag), so the board is the union of both.
        let mut all = route_points(Zigzag::Both);
        all.extend(points.iter().copied());
        let board = Board::from_points(all);
        let route = board.route(&points);
        let zones = board.points().iter().map(|&p| zone_of(p)).collect();
        Geometry {
            board,
            route,
            zones,
        }
    }
    /// Route squares 0..finish; a piece at `finish` (or beyond) has left the board.
    pub fn finish(&self) -> u8 {
        (self.route.len() - 1) as u8
    }
}

/// The geometry of a reading, built once.
pub fn geometry(zigzag: Zigzag) -> &'static Geometry {
    static BOTH: OnceLock<Geometry> = OnceLock::new();
    static INWARD: OnceLock<Geometry> = OnceLock::new();
    match zigzag {
        Zigzag::Both => BOTH.get_or_init(|| Geometry::build(Zigzag::Both)),
        Zigzag::Inward => INWARD.get_or_init(|| Geometry::build(Zigzag::Inward)),
    }
}
