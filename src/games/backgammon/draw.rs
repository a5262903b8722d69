//! Backgammon drawn as the board players know, from O's side (seat 0): points 1-12 along the
//! bottom with O's home board at the bottom right, 13-24 along the top, the bar in the middle,
//! borne-off checkers counted at the right, the dice as rolled, the cube, and the last play's
//! points marked.

use crate::game::draw::{escape, Draw, Svg, HIGHLIGHT};
use crate::game::{Game, Turn};

use super::board::BAR;
use super::{Backgammon, BgMove};

const PW: f64 = 40.0;
const LEFT: f64 = 20.0;
const TOP: f64 = 20.0;
const HALF: f64 = 200.0;
const BAR_W: f64 = 40.0;
const COLOURS: [&str; 2] = ["#f4f4f4", "#b3261e"];

/// The left x of the point `k` (1..=24, seat 0's numbering) and whether it is on the bottom.
fn point_x(k: usize) -> (f64, bool) {
    let (col, bottom) = if k <= 12 {
        (12 - k, true)
    } else {
        (k - 13, false)
    };
    let gap = if col >= 6 { BAR_W } else { 0.0 };
    (LEFT + col as f64 * PW + gap, bottom)
}

impl Draw for Backgammon {
    fn svg(&self, last: Option<(&Backgammon, BgMove)>) -> String {
        let board_w = 12.0 * PW + BAR_W;
        let (w, h) = (LEFT * 2.0 + board_w + 70.0, TOP * 2.0 + 2.0 * HALF + 50.0);
        let mut svg = Svg::new(w, h);
        svg.rect(0.0, 0.0, w, h, r##"fill="#efe6d2""##);
        svg.rect(
            LEFT,
            TOP,
            board_w,
            2.0 * HALF,
            r##"fill="#2e6b3f" stroke="#1d3a23" stroke-width="3""##,
        );
        svg.rect(
            LEFT + 6.0 * PW,
            TOP,
            BAR_W,
            2.0 * HALF,
            r##"fill="#5a3d1a""##,
        );
        for k in 1..=24 {
            let (x, bottom) = point_x(k);
            let fill = if k % 2 == 0 { "#d9c48f" } else { "#8b3a2b" };
            let (base, tip) = if bottom {
                (TOP + 2.0 * HALF, TOP + 2.0 * HALF - HALF * 0.8)
            } else {
                (TOP, TOP + HALF * 0.8)
            };
            svg.raw(&format!(
                r#"<polygon points="{x},{base} {},{base} {},{tip}" fill="{fill}" data-sq="{k}"/>"#,
                x + PW,
                x + PW / 2.0
            ));
            let ly = if bottom {
                TOP + 2.0 * HALF + 12.0
            } else {
                TOP - 8.0
            };
            svg.text(x + PW / 2.0, ly, 10.0, &k.to_string(), r##"fill="#333""##);
        }
        // Checkers: seat 0 on its own points, seat 1 on 25 - its point.
        for seat in 0..2 {
            let side = self.side(seat);
            for p in 1..=24usize {
                let n = side[p] as usize;
                if n == 0 {
                    continue;
                }
                let k = if seat == 0 { p } else { 25 - p };
                let (x, bottom) = point_x(k);
                for i in 0..n.min(5) {
                    let cy = if bottom {
                        TOP + 2.0 * HALF - PW / 2.0 - i as f64 * (PW - 4.0)
                    } else {
                        TOP + PW / 2.0 + i as f64 * (PW - 4.0)
                    };
                    let attrs = if i == 0 {
                        format!(
                            r#" data-sq="{k}" data-piece="{}{n}""#,
                            if seat == 0 { 'O' } else { 'X' }
                        )
                    } else {
                        String::new()
                    };
                    svg.raw(&format!(
                        r##"<circle cx="{}" cy="{cy}" r="{}" fill="{}" stroke="#222" stroke-width="1.2"{attrs}/>"##,
                        x + PW / 2.0,
                        PW / 2.0 - 2.0,
                        COLOURS[seat]
                    ));
                    if i == 4 && n > 5 {
                        svg.text(
                            x + PW / 2.0,
                            cy,
                            14.0,
                            &n.to_string(),
                            r##"fill="#000" font-weight="bold""##,
                        );
                    }
                }
            }
            // The bar (seat 0's on the lower half, seat 1's on the upper) and borne off.
            let bar = side[BAR] as usize;
            let bx = LEFT + 6.0 * PW + BAR_W / 2.0;
            if bar > 0 {
                let cy = if seat == 0 {
                    TOP + HALF + 40.0
                } else {
                    TOP + HALF - 40.0
                };
                svg.circle(
                    bx,
                    cy,
                    PW / 2.0 - 2.0,
                    &format!(
                        r##"fill="{}" stroke="#222" data-sq="bar" data-piece="{}{bar}""##,
                        COLOURS[seat],
                        if seat == 0 { 'O' } else { 'X' }
                    ),
                );
                svg.text(bx, cy, 13.0, &bar.to_string(), r##"fill="#000""##);
            }
            let off = self.off(seat);
            let oy = if seat == 0 {
                TOP + 2.0 * HALF - 30.0
            } else {
                TOP + 30.0
            };
            let ox = LEFT + board_w + 35.0;
            svg.rect(
                ox - 22.0,
                oy - 16.0,
                44.0,
                32.0,
                &format!(r##"rx="4" fill="{}" stroke="#222""##, COLOURS[seat]),
            );
            svg.raw(&format!(
                r##"<text x="{ox}" y="{oy}" font-size="15" text-anchor="middle" dominant-baseline="central" fill="#000" data-count="{}-off">{off}</text>"##,
                if seat == 0 { 'O' } else { 'X' }
            ));
        }
        // The cube, at the right middle, and the dice on the roller's half.
        let ox = LEFT + board_w + 35.0;
        svg.rect(
            ox - 18.0,
            TOP + HALF - 18.0,
            36.0,
            36.0,
            r##"rx="4" fill="#fff" stroke="#222""##,
        );
        svg.text(
            ox,
            TOP + HALF,
            15.0,
            &self.cube_value().to_string(),
            r##"fill="#000" data-cube="1""##,
        );
        if let Some((a, b)) = self.dice() {
            let dx = if self.roller() == 0 {
                LEFT + 9.0 * PW + BAR_W
            } else {
                LEFT + 3.0 * PW
            };
            for (i, d) in [a, b].iter().enumerate() {
                let x = dx - 30.0 + i as f64 * 40.0;
                svg.rect(
                    x,
                    TOP + HALF - 16.0,
                    32.0,
                    32.0,
                    &format!(
                        r##"rx="5" fill="{}" stroke="#111""##,
                        COLOURS[self.roller()]
                    ),
                );
                svg.raw(&format!(
                    r##"<text x="{}" y="{}" font-size="18" text-anchor="middle" dominant-baseline="central" fill="#000" data-die="{d}">{d}</text>"##,
                    x + 16.0,
                    TOP + HALF
                ));
            }
        }
        if let Some((before, BgMove::Play(play))) = last {
            let mover = before.roller();
            for step in play.steps() {
                for p in [step.from as usize, step.to as usize] {
                    if (1..=24).contains(&p) {
                        let k = if mover == 0 { p } else { 25 - p };
                        let (x, bottom) = point_x(k);
                        let y = if bottom {
                            TOP + 2.0 * HALF - 6.0
                        } else {
                            TOP + 2.0
                        };
                        svg.rect(
                            x + 4.0,
                            y,
                            PW - 8.0,
                            4.0,
                            &format!(r#"fill="{HIGHLIGHT}" data-last="{k}""#),
                        );
                    }
                }
            }
        }
        let status = match self.turn() {
            Turn::Terminal => "game over".to_string(),
            _ => format!("{} on roll", if self.roller() == 0 { "O" } else { "X" }),
        };
        svg.raw(&format!(
            r##"<text x="{}" y="{}" font-size="15" text-anchor="middle" fill="#222" data-status="1">{}</text>"##,
            LEFT + board_w / 2.0,
            h - 12.0,
            escape(&status)
        ));
        svg.finish()
    }
}
