//! Othello drawn as players know it: a green board, black and white discs, coordinates a-h
//! across and 1-8 down (row 1 on top), the four dots of the centre, the last move marked.

use crate::game::draw::{disc, Draw, GridBoard, HIGHLIGHT};
use crate::game::grid::Files;
use crate::game::Game;

use super::game::{Othello, OthelloMove, PASS};

impl Draw for Othello {
    fn svg(&self, last: Option<(&Othello, OthelloMove)>) -> String {
        let mut board = GridBoard::new(8, 8, 48.0);
        board.top_first = true;
        let mut svg = board.frame("#f2efe4", |_, _| Some("#1f7a3d".into()), Files::Letters);
        // The four dots at the corners of the centre square block (b2/f2/b6/f6 corners).
        for (f, r) in [(2, 2), (6, 2), (2, 6), (6, 6)] {
            let (x, y) = board.corner(f, r);
            svg.circle(x, y, 3.5, r##"fill="#0b3d1c""##);
        }
        let (black, white) = (self.black(), self.white());
        for sq in 0..64usize {
            let (f, r) = (sq % 8, sq / 8);
            let bit = 1u64 << sq;
            let (x, y) = board.centre(f, r);
            let name = board.name(f, r);
            if black & bit != 0 {
                disc(&mut svg, x, y, 20.0, "#111", &name, "X");
            } else if white & bit != 0 {
                disc(&mut svg, x, y, 20.0, "#f4f4f4", &name, "O");
            }
        }
        match last.map(|(_, mv)| mv) {
            Some(mv) if mv != PASS && (mv as usize) < 64 => {
                let (f, r) = (mv as usize % 8, mv as usize / 8);
                let (x, y) = board.centre(f, r);
                svg.circle(
                    x,
                    y,
                    5.0,
                    &format!(r#"fill="{HIGHLIGHT}" data-last="{}""#, board.name(f, r)),
                );
            }
            Some(_) => {
                let w = board.width();
                svg.text(
                    w / 2.0,
                    board.height() - 8.0,
                    12.0,
                    "(pass)",
                    &format!(r#"fill="{HIGHLIGHT}" data-last="pass""#),
                );
            }
            None => {}
        }
        let _ = self.turn();
        svg.finish()
    }
}
