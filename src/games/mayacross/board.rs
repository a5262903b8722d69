//! The Maya cross board and routes, derived from the seed's words (seed 000, 瑪雅十字棋; no
//! public description of the board exists). docs/rules/mayacross.md draws it.
//!
//! 68 squares in a cross ("一字形" in the seed, read as 十字形, the game's name): a 2x2 turntable
//! (轉盤) in the middle and four arms of 2 x 8 squares, 4 + 4 x 16 = 68. Each arm's two lines
//! run from the turntable outward; at the outer end of one line is a start square (起步棋位,
//! black circle), beside it at the end of the other line a triumph square (凱旋棋位, white
//! circle, "與起步棋位相鄰"); each line has one safe island (安全島, triangle), `island`
//! squares out from the turntable. So 4 start + 4 triumph + 8 islands + 4 turntable + 48
//! ordinary = 68.
//!
//! The route of the player on the lower arm, square by square (lattice: x right, y up, the
//! turntable at x, y in 0..=1, the lower arm's lines at x = 0 and x = 1, y = -1..=-8):
//! "棋子由起步棋位直行" up the right line from (1, -8); "進入轉盤時以逆時針方式繞行一周" into
//! the turntable at (1, 0) and once round it counter-clockwise back to (1, 0); "再向右直行到底"
//! along the right arm's lower line to its end (9, 0); "往上走一步" to (9, 1); "再向左直行到底"
//! along the upper lines through the turntable's top squares to the left arm's end (-8, 1);
//! "往下走一步" to (-8, 0); "再向右直行" along the lower line into the turntable at (0, 0);
//! "進入轉盤後以逆時針方式繞行一周" round it again; "再向下直行至凱旋棋位" down the left line to
//! the triumph square (0, -8); "之後再走一步,離開棋盤". That is the T of the seed: the player's
//! own arm and the two arms across it. 60 squares, route squares 0..=59, and 60 is off the
//! board. The other players' routes are this one turned by quarter turns about the centre.

use std::sync::OnceLock;

use crate::game::track::{Board, Path, Point};

/// Route squares 0 (the start) ..= 59 (the triumph square); a piece at `OFF` has left the board.
pub const OFF: u8 = 60;

/// What a square is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Ordinary,
    /// The start square of the seat whose arm it is.
    Start(u8),
    /// The triumph square of that seat's arm.
    Triumph(u8),
    Island,
    Turntable,
}

/// A quarter turn counter-clockwise about the turntable's centre (0.5, 0.5).
pub fn turn_ccw((x, y): Point) -> Point {
    (1 - y, x)
}

fn turned(p: Point, quarters: u32) -> Point {
    (0..quarters).fold(p, |q, _| turn_ccw(q))
}

/// The route of the lower arm's player, as the seed walks it.
pub fn lower_route() -> Vec<Point> {
    let mut path = Path::starting_at((1, -8));
    path.walk((0, 1), 7) // up the own arm
        .to((1, 0)) // into the turntable
        .to((1, 1))
        .to((0, 1))
        .to((0, 0))
        .to((1, 0)) // one lap counter-clockwise
        .walk((1, 0), 8) // right to the end
        .walk((0, 1), 1) // up one
        .walk((-1, 0), 17) // left to the end, across the turntable's top
        .walk((0, -1), 1) // down one
        .walk((1, 0), 8) // right, into the turntable at (0, 0)
        .to((1, 0))
        .to((1, 1))
        .to((0, 1))
        .to((0, 0)) // the second lap
        .walk((0, -1), 8); // down to the triumph square
    path.into_points()
}

/// Which arm (0 lower, 1 right, 2 upper, 3 left: counter-clockwise) a square lies on, and how
/// far out from the turntable (1..=8); None for the turntable.
pub fn arm_of((x, y): Point) -> Option<(u8, i32)> {
    match (x, y) {
        (0..=1, 0..=1) => None,
        (0..=1, y) if y < 0 => Some((0, -y)),
        (x, 0..=1) if x > 1 => Some((1, x - 1)),
        (0..=1, y) => Some((2, y - 1)),
        (x, _) => Some((3, -x)),
    }
}

#[derive(Debug)]
pub struct Geometry {
    pub board: Board,
    /// routes[arm][i]: the square of route square i for the player on that arm.
    pub routes: [Vec<u8>; 4],
    pub kinds: Vec<Kind>,
}

impl Geometry {
    fn build(island: u8) -> Geometry {
        let lower = lower_route();
        let paths: Vec<Vec<Point>> = (0..4)
            .map(|k| lower.iter().map(|&p| turned(p, k)).collect())
            .collect();
        let board = Board::from_points(paths.iter().flatten().copied());
        let routes = [0, 1, 2, 3].map(|k| board.route(&paths[k]));
        let kinds = board
            .points()
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                if let Some(arm) = (0..4u8).find(|&a| routes[a as usize][0] as usize == i) {
                    return Kind::Start(arm);
                }
                if let Some(arm) = (0..4u8).find(|&a| routes[a as usize][59] as usize == i) {
                    return Kind::Triumph(arm);
                }
                match arm_of(p) {
                    None => Kind::Turntable,
                    Some((_, d)) if d == island as i32 => Kind::Island,
                    Some(_) => Kind::Ordinary,
                }
            })
            .collect();
        Geometry {
            board,
            routes,
            kinds,
        }
    }
    pub fn is_island(&self, square: u8) -> bool {
        self.kinds[square as usize] == Kind::Island
    }
}

/// The geometry with islands `island` squares out (1..=7), built once.
pub fn geometry(island: u8) -> &'static Geometry {
    static G: [OnceLock<Geometry>; 8] = [const { OnceLock::new() }; 8];
    let i = island.clamp(1, 7);
    G[i as usize].get_or_init(|| Geometry::build(i))
}
