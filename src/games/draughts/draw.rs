//! Draughts and checkers drawn as their players' diagrams: dark squares numbered (1-50 with
//! square 1 at the top, white at the bottom; checkers 1-32 from the first player's side at the
//! top, as English diagrams print them), men as discs, kings with a crown ring, the last move's
//! squares marked and its captured pieces crossed.

use crate::game::draw::{escape, Draw, Svg, HIGHLIGHT};
use crate::game::{Game, Turn};

use super::game::Position;
use super::geometry::{bit_of_number, row_col, Geometry};
use super::movegen::DraughtsMove;
use super::text::{colour_letter, numbers};

const CELL: f64 = 44.0;
const MARGIN: f64 = 12.0;

/// The top-left corner of the cell of square number `n`, as drawn.
fn cell_of<G: Geometry>(n: u32) -> (f64, f64) {
    let b = bit_of_number::<G>(n).expect("a square number");
    let (mut row, mut col) = row_col::<G>(b);
    if G::ROTATED {
        row = G::SIZE - 1 - row;
        col = G::SIZE - 1 - col;
    }
    (MARGIN + col as f64 * CELL, MARGIN + row as f64 * CELL)
}

impl<G: Geometry> Draw for Position<G> {
    fn svg(&self, last: Option<(&Self, DraughtsMove)>) -> String {
        let side = G::SIZE as f64 * CELL;
        let (w, h) = (side + 2.0 * MARGIN, side + 2.0 * MARGIN + 36.0);
        let mut svg = Svg::new(w, h);
        svg.rect(0.0, 0.0, w, h, r##"fill="#e9e2cf""##);
        svg.rect(
            MARGIN,
            MARGIN,
            side,
            side,
            r##"fill="#f0dcb4" stroke="#3b2a14" stroke-width="2""##,
        );
        let rules = self.rules();
        for n in 1..=G::SQUARES {
            let (x, y) = cell_of::<G>(n);
            svg.raw(&format!(
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#8b5a2b" data-sq="{n}"/>"##
            ));
        }
        for n in 1..=G::SQUARES {
            let bit = 1u64 << bit_of_number::<G>(n).expect("a square number");
            let owner = (0..2).find(|&p| self.pieces(p) & bit != 0);
            let Some(p) = owner else { continue };
            let letter = colour_letter(rules, p);
            let (fill, edge, crown) = if letter == 'W' {
                ("#f6f1e4", "#333", "#b08a2e")
            } else {
                ("#1b1b1b", "#000", "#d9b44a")
            };
            let king = self.kings() & bit != 0;
            let (x, y) = cell_of::<G>(n);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            let piece = if king {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            svg.raw(&format!(
                r#"<circle cx="{cx}" cy="{cy}" r="17" fill="{fill}" stroke="{edge}" stroke-width="1.5" data-sq="{n}" data-piece="{piece}"/>"#
            ));
            if king {
                svg.circle(
                    cx,
                    cy,
                    10.0,
                    &format!(r#"fill="none" stroke="{crown}" stroke-width="3""#),
                );
                svg.circle(cx, cy, 3.0, &format!(r#"fill="{crown}""#));
            }
        }
        // Square numbers over the pieces, outlined so they read on light and dark men alike.
        for n in 1..=G::SQUARES {
            let (x, y) = cell_of::<G>(n);
            svg.raw(&format!(
                r##"<text x="{}" y="{}" font-size="10" fill="#f0dcb4" stroke="#3b2a14" stroke-width="2" paint-order="stroke">{n}</text>"##,
                x + 2.0,
                y + 10.0
            ));
        }
        if let Some((_, mv)) = last {
            let from = super::geometry::number_of_bit::<G>(mv.from as u32);
            let to = super::geometry::number_of_bit::<G>(mv.to as u32);
            for n in [from, to] {
                let (x, y) = cell_of::<G>(n);
                svg.rect(
                    x + 2.0,
                    y + 2.0,
                    CELL - 4.0,
                    CELL - 4.0,
                    &format!(
                        r#"fill="none" stroke="{HIGHLIGHT}" stroke-width="3" data-last="{n}""#
                    ),
                );
            }
            for n in numbers::<G>(mv.captured) {
                let (x, y) = cell_of::<G>(n);
                let s = format!(r#"stroke="{HIGHLIGHT}" stroke-width="3" data-captured="{n}""#);
                svg.line(x + 12.0, y + 12.0, x + CELL - 12.0, y + CELL - 12.0, &s);
                svg.line(x + CELL - 12.0, y + 12.0, x + 12.0, y + CELL - 12.0, &s);
            }
        }
        let status = match self.turn() {
            Turn::Terminal => {
                let r = self.returns();
                match r.get(0).partial_cmp(&0.0) {
                    Some(std::cmp::Ordering::Greater) => {
                        format!("game over: {} wins", colour_letter(rules, 0))
                    }
                    Some(std::cmp::Ordering::Less) => {
                        format!("game over: {} wins", colour_letter(rules, 1))
                    }
                    _ => "game over: draw".to_string(),
                }
            }
            _ => format!(
                "{} to move",
                if colour_letter(rules, self.side()) == 'W' {
                    "white"
                } else {
                    "black"
                }
            ),
        };
        svg.raw(&format!(
            r##"<text x="{}" y="{}" font-size="15" text-anchor="middle" dominant-baseline="central" fill="#222" data-status="1">{}</text>"##,
            w / 2.0,
            h - 18.0,
            escape(&status)
        ));
        svg.finish()
    }
}
