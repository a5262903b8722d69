//! EinStein würfelt nicht! drawn as its board: 5x5, red's corner a1 on top left and blue's e5
//! bottom right, numbered cubes (red and blue squares with the number), the die as rolled,
//! the last step marked on both squares.

use crate::game::draw::{Draw, GridBoard, HIGHLIGHT};
use crate::game::grid::Files;
use crate::game::{Game, Turn};

use super::board::{SIZE, SQUARES};
use super::game::{colour_name, decode, Ewn, EwnMove};
use super::rules::RED;

impl Draw for Ewn {
    fn svg(&self, last: Option<(&Ewn, EwnMove)>) -> String {
        let mut board = GridBoard::new(SIZE, SIZE, 64.0);
        board.top_first = true;
        board.margin = 40.0;
        board.below = 44.0;
        let corner = |f: usize, r: usize| match (f, r) {
            (0, 0) => Some("#f6d5d0".to_string()),
            (4, 4) => Some("#d2def6".to_string()),
            _ => Some("#fbf8ef".to_string()),
        };
        let mut svg = board.frame("#e9e2cf", corner, Files::Letters);
        for sq in 0..SQUARES {
            let p = self.board()[sq];
            if p == 0 {
                continue;
            }
            let (player, n) = decode(p);
            let (f, r) = (sq % SIZE, sq / SIZE);
            let (x, y) = board.corner(f, r);
            let fill = if player == RED { "#c8321e" } else { "#2456b8" };
            svg.raw(&format!(
                r##"<rect x="{}" y="{}" width="48" height="48" rx="8" fill="{fill}" stroke="#111" stroke-width="1.5" data-sq="{}" data-piece="{}{n}"/>"##,
                x + 8.0,
                y + 8.0,
                board.name(f, r),
                if player == RED { 'R' } else { 'B' }
            ));
            let (cx, cy) = board.centre(f, r);
            svg.text(
                cx,
                cy,
                28.0,
                &n.to_string(),
                r##"fill="#fff" font-weight="bold""##,
            );
        }
        if let Some((_, EwnMove::Step { from, to })) = last {
            for sq in [from as usize, to as usize] {
                if sq < SQUARES {
                    board.highlight(&mut svg, sq % SIZE, sq / SIZE);
                }
            }
        }
        let status = match self.turn() {
            Turn::Terminal => format!(
                "game over: {} wins",
                colour_name(self.winner().unwrap_or(RED))
            ),
            _ if self.in_setup() => format!("{} to set up", colour_name(self.side())),
            _ if self.die() == 0 => format!("{} to roll", colour_name(self.side())),
            _ => format!(
                "{} to move, the die shows {}",
                colour_name(self.side()),
                self.die()
            ),
        };
        match self.die() {
            0 => board.status(&mut svg, &status),
            die => {
                let (w, h) = (board.width(), board.height());
                svg.rect(
                    w - 46.0,
                    h - 36.0,
                    30.0,
                    30.0,
                    &format!(r##"rx="5" fill="#fff" stroke="{HIGHLIGHT}" stroke-width="2""##),
                );
                svg.raw(&format!(r#"<text x="{}" y="{}" font-size="18" text-anchor="middle" dominant-baseline="central" data-die="{die}">{die}</text>"#, w - 31.0, h - 21.0));
                board.status(&mut svg, &status);
            }
        }
        svg.finish()
    }
}
