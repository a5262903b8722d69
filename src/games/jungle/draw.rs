//! Jungle (斗兽棋) drawn as its board: 7 x 9 squares, the two rivers in blue, the traps and
//! dens marked, animals as round tokens with their letter (R C D W P T L E, as the position text
//! writes them: Chinese names need a CJK font a viewer may lack) and rank, red at the bottom,
//! green on top; pieces in hand listed; the last move marked.

use crate::game::draw::{Draw, GridBoard};
use crate::game::grid::Files;
use crate::game::Turn;

use super::board::{is_trap_of, is_water, square, Animal, DEN, FILES, RANKS, SQUARES};
use super::movegen::JungleMove;
use super::Jungle;
use crate::game::Game;

impl Draw for Jungle {
    fn svg(&self, last: Option<(&Jungle, JungleMove)>) -> String {
        let mut board = GridBoard::new(FILES, RANKS, 52.0);
        board.below = 40.0;
        let fill = |f: usize, r: usize| {
            let sq = square(f, r);
            Some(if is_water(sq) {
                "#7fb2e0".to_string()
            } else if DEN.contains(&sq) {
                "#c9a36b".to_string()
            } else if is_trap_of(sq, 0) || is_trap_of(sq, 1) {
                "#b9b9a0".to_string()
            } else {
                "#cfe3b5".to_string()
            })
        };
        let mut svg = board.frame("#efe6d2", fill, Files::Letters);
        for sq in DEN {
            let (x, y) = board.centre(sq % FILES, sq / FILES);
            svg.text(x, y + 16.0, 10.0, "den", r##"fill="#5a3d1a""##);
        }
        for sq in 0..SQUARES {
            let Some(p) = self.piece_at(sq) else { continue };
            let (f, r) = (sq % FILES, sq / FILES);
            let (x, y) = board.centre(f, r);
            let colour = if p.owner == 0 { "#c8321e" } else { "#2f7d32" };
            let letter = if p.owner == 0 {
                p.animal.letter()
            } else {
                p.animal.letter().to_ascii_lowercase()
            };
            svg.raw(&format!(
                r##"<circle cx="{x}" cy="{y}" r="21" fill="#fdf8ea" stroke="{colour}" stroke-width="3" data-sq="{}" data-piece="{letter}"/>"##,
                board.name(f, r)
            ));
            svg.text(
                x,
                y - 2.0,
                18.0,
                &p.animal.letter().to_string(),
                &format!(r#"fill="{colour}" font-weight="bold""#),
            );
            svg.text(
                x + 13.0,
                y + 12.0,
                9.0,
                &p.animal.rank().to_string(),
                &format!(r#"fill="{colour}""#),
            );
        }
        match last.map(|(_, m)| m) {
            Some(JungleMove::Step { from, to }) => {
                for sq in [from as usize, to as usize] {
                    board.highlight(&mut svg, sq % FILES, sq / FILES);
                }
            }
            Some(JungleMove::Drop { to, .. }) => {
                board.highlight(&mut svg, to as usize % FILES, to as usize / FILES)
            }
            Some(JungleMove::Exchange { own, other }) => {
                for sq in [own as usize, other as usize] {
                    board.highlight(&mut svg, sq % FILES, sq / FILES);
                }
            }
            None => {}
        }
        let mut status = match self.turn() {
            Turn::Terminal => match self.winner() {
                Some(p) => format!("game over: {} wins", if p == 0 { "red" } else { "green" }),
                None => "game over: draw".to_string(),
            },
            _ => format!("{} to move", if self.side() == 0 { "red" } else { "green" }),
        };
        for p in 0..2 {
            let hand: Vec<String> = (0..8)
                .filter(|&a| self.hand(p)[a] > 0)
                .map(|a| format!("{}x{}", Animal::from_index(a).name(), self.hand(p)[a]))
                .collect();
            if !hand.is_empty() {
                status.push_str(&format!(
                    "; {} hand {}",
                    if p == 0 { "red" } else { "green" },
                    hand.join(" ")
                ));
            }
        }
        board.status(&mut svg, &status);
        svg.finish()
    }
}
