//! Wa shogi drawn as a shogi board: 11 x 11 buff squares, pieces as pentagons pointing at the
//! opponent (the second player's upside down), each with its XBoard letter (HaChu's and
//! CrazyWa's; promoted pieces red with a `+`: the kanji need a CJK font a viewer may lack),
//! files a-k and ranks 1-11 as the move text writes them, the last move's squares marked and
//! pieces in hand listed.

use crate::game::draw::{Draw, GridBoard};
use crate::game::grid::Files;
use crate::game::Game;

use super::geometry::{SIZE, SQUARES};
use super::pieces::{is_promoted, unpromoted, LETTERS};
use super::position::{kind_of, owner_of, WaMove, WaShogi};

impl Draw for WaShogi {
    fn svg(&self, last: Option<(&WaShogi, WaMove)>) -> String {
        let mut board = GridBoard::new(SIZE, SIZE, 42.0);
        board.below = 40.0;
        let mut svg = board.frame("#efe6d2", |_, _| Some("#e8c87a".into()), Files::Letters);
        for sq in 0..SQUARES {
            let code = self.board[sq];
            if code == 0 {
                continue;
            }
            let (kind, owner) = (kind_of(code), owner_of(code));
            let (f, r) = (sq % SIZE, sq / SIZE);
            let (x, y) = board.centre(f, r);
            let s = if owner == 0 { 1.0 } else { -1.0 };
            let pts = [
                (0.0, -17.0),
                (12.0, -10.0),
                (15.0, 16.0),
                (-15.0, 16.0),
                (-12.0, -10.0),
            ]
            .iter()
            .map(|(dx, dy)| format!("{},{}", x + dx * s, y + dy * s))
            .collect::<Vec<_>>()
            .join(" ");
            let mut letter = (LETTERS[unpromoted(kind) as usize] as char).to_string();
            if owner == 1 {
                letter = letter.to_ascii_lowercase();
            }
            let promoted = is_promoted(kind);
            let shown = if promoted {
                format!("+{letter}")
            } else {
                letter
            };
            svg.raw(&format!(
                r##"<polygon points="{pts}" fill="#f7e7c0" stroke="#5a3d1a" stroke-width="1.2" data-sq="{}" data-piece="{shown}"/>"##,
                board.name(f, r)
            ));
            svg.text(
                x,
                y + 2.0 * s,
                15.0,
                &shown,
                if promoted {
                    r##"fill="#b3261e" font-weight="bold""##
                } else {
                    r##"fill="#111" font-weight="bold""##
                },
            );
        }
        if let Some((_, mv)) = last {
            for sq in mv.from().into_iter().chain([mv.to()]) {
                if sq < SQUARES {
                    board.highlight(&mut svg, sq % SIZE, sq / SIZE);
                }
            }
        }
        let mut status = self
            .render()
            .lines()
            .filter(|l| {
                !l.starts_with(' ')
                    && !l.trim().is_empty()
                    && !l.trim_start().starts_with(|c: char| c.is_ascii_digit())
            })
            .collect::<Vec<_>>()
            .join("; ");
        if status.is_empty() {
            status = format!(
                "{} to move",
                if self.current_player() == Some(1) {
                    "second"
                } else {
                    "first"
                }
            );
        }
        board.status(&mut svg, &status);
        svg.finish()
    }
}
