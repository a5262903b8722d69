//! The Royal Game of Ur drawn as the British Museum board: three rows of eight with the two
//! gaps, five-dot rosettes on route squares 4, 8 and 14, side a's private row on top and b's
//! below, pieces waiting at home and borne off counted beside the board, and the stick roll.
//! The last piece move is marked on the square it left and the square it reached.

use crate::game::draw::{disc, Draw, Svg, HIGHLIGHT};
use crate::game::{Game, Turn};

use super::board::{is_rosette, OFF};
use super::game::{Ur, UrMove};

const CELL: f64 = 56.0;
const LEFT: f64 = 70.0;
const TOP: f64 = 40.0;
const COLOURS: [&str; 2] = ["#f4f4f4", "#111"];

/// The (column, row) of route square `sq` (1..=14) of `player`; None for home and off.
fn place(player: usize, sq: u8) -> Option<(usize, usize)> {
    let private_row = if player == 0 { 0 } else { 2 };
    match sq {
        1..=4 => Some((4 - sq as usize, private_row)),
        5..=12 => Some((sq as usize - 5, 1)),
        13 | 14 => Some((20 - sq as usize, private_row)),
        _ => None,
    }
}

fn centre(col: usize, row: usize) -> (f64, f64) {
    (
        LEFT + (col as f64 + 0.5) * CELL,
        TOP + (row as f64 + 0.5) * CELL,
    )
}

fn rosette(svg: &mut Svg, x: f64, y: f64) {
    svg.circle(
        x,
        y,
        20.0,
        r##"fill="#c9462c" stroke="#5a1d10" stroke-width="2""##,
    );
    for (dx, dy) in [
        (0.0, 0.0),
        (-9.0, -9.0),
        (9.0, -9.0),
        (-9.0, 9.0),
        (9.0, 9.0),
    ] {
        svg.circle(x + dx, y + dy, 3.5, r##"fill="#f3d9a4""##);
    }
}

impl Draw for Ur {
    fn svg(&self, last: Option<(&Ur, UrMove)>) -> String {
        let width = LEFT + 8.0 * CELL + 150.0;
        let height = TOP + 3.0 * CELL + 70.0;
        let mut svg = Svg::new(width, height);
        svg.rect(0.0, 0.0, width, height, r##"fill="#efe6d2""##);
        let names = ["a", "b"];
        for row in 0..3 {
            for col in 0..8 {
                if row != 1 && (col == 4 || col == 5) {
                    continue;
                }
                let (x, y) = (LEFT + col as f64 * CELL, TOP + row as f64 * CELL);
                svg.rect(
                    x,
                    y,
                    CELL,
                    CELL,
                    r##"fill="#2f5f8a" stroke="#10263a" stroke-width="2""##,
                );
            }
        }
        for sq in [4u8, 8, 14] {
            for player in 0..2 {
                let (c, r) = place(player, sq).expect("route square");
                let (x, y) = centre(c, r);
                if sq != 8 || player == 0 {
                    rosette(&mut svg, x, y);
                }
            }
        }
        debug_assert!(is_rosette(4) && is_rosette(8) && is_rosette(14));
        svg.text(LEFT / 2.0, TOP + 0.5 * CELL, 18.0, "a", r##"fill="#333""##);
        svg.text(LEFT / 2.0, TOP + 2.5 * CELL, 18.0, "b", r##"fill="#333""##);
        for player in 0..2 {
            let side = self.side(player);
            for sq in 1..OFF {
                if side.has(sq) {
                    let (c, r) = place(player, sq).expect("route square");
                    let (x, y) = centre(c, r);
                    disc(
                        &mut svg,
                        x,
                        y,
                        17.0,
                        COLOURS[player],
                        &format!("{}{sq}", names[player]),
                        names[player],
                    );
                }
            }
            // Home (left of the gap) and off (right), as counts with a piece drawn beside.
            let row_y = if player == 0 {
                TOP + 0.5 * CELL
            } else {
                TOP + 2.5 * CELL
            };
            let home = side.home(self.rules().pieces);
            let (hx, ox) = (LEFT + 4.5 * CELL, LEFT + 5.5 * CELL);
            for (x, n, what) in [(hx, home, "home"), (ox, side.off, "off")] {
                svg.text(x, row_y - 14.0, 11.0, what, r##"fill="#333""##);
                svg.raw(&format!(
                    r##"<text x="{x}" y="{}" font-size="18" text-anchor="middle" dominant-baseline="central" fill="#111" data-count="{}-{what}">{n}</text>"##,
                    row_y + 10.0,
                    names[player]
                ));
            }
        }
        // The stick roll: four tetrahedral dice, as many marked tips as the roll.
        let status = match self.turn() {
            Turn::Terminal => format!("game over: {} wins", names[self.winner().unwrap_or(0)]),
            Turn::Chance => format!("{} to roll", names[self.to_move()]),
            Turn::Player(p) => format!("{} to move, rolled {}", names[p], self.roll().unwrap_or(0)),
        };
        let sx = LEFT + 8.0 * CELL + 20.0;
        if let Some(roll) = self.roll() {
            for i in 0..4u8 {
                let x = sx + 10.0 + i as f64 * 30.0;
                let y = TOP + 1.5 * CELL;
                let tip = if i < roll { "#f4f4f4" } else { "#6b4e2e" };
                svg.raw(&format!(
                    r##"<polygon points="{},{} {},{} {},{}" fill="#c49a5a" stroke="#5a3d1a"/>"##,
                    x,
                    y - 14.0,
                    x - 12.0,
                    y + 10.0,
                    x + 12.0,
                    y + 10.0
                ));
                svg.circle(x, y - 2.0, 3.5, &format!(r#"fill="{tip}""#));
            }
        }
        svg.raw(&format!(
            r##"<text x="{}" y="{}" font-size="16" text-anchor="middle" fill="#222" data-status="1">{}</text>"##,
            (LEFT + 4.0 * CELL),
            TOP + 3.0 * CELL + 35.0,
            crate::game::draw::escape(&status)
        ));
        if let Some((before, UrMove::Piece(from))) = last {
            let player = before.to_move();
            if let Some(step) = before.step_of(from) {
                for sq in [step.from, step.to] {
                    if let Some((c, r)) = place(player, sq) {
                        let (x, y) = (LEFT + c as f64 * CELL, TOP + r as f64 * CELL);
                        svg.rect(x + 3.0, y + 3.0, CELL - 6.0, CELL - 6.0, &format!(r#"fill="none" stroke="{HIGHLIGHT}" stroke-width="4" data-last="{}{sq}""#, names[player]));
                    }
                }
            }
        }
        svg.finish()
    }
}
