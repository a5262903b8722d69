//! Junqi's picture: the game's text board (railways, camps, headquarters) in a box. `svg` shows
//! every piece with its rank (for engine authors watching a game); `svg_seen_by` shows what one
//! side may see: its own ranks, the enemy's pieces as `?` (a spectator: every piece as its side
//! only, `X` red and `x` blue). (Ranks the observer has learnt, such as a flag shown when the
//! marshal falls, are hidden too: the picture shows less than the observation, never more.)

use crate::game::draw::{text_svg, Draw};
use crate::game::PlayerId;

use super::board::POINTS;
use super::game::{Junqi, JunqiMove};
use super::text::{piece_letter, render, PointLabel};

impl Draw for Junqi {
    fn svg_seen_by(&self, last: Option<(&Junqi, JunqiMove)>, viewer: Option<PlayerId>) -> String {
        let _ = last;
        let mut labels: [PointLabel; POINTS] = [None; POINTS];
        for (p, l) in labels.iter_mut().enumerate() {
            *l = self.piece_on(p as u8).map(|(owner, kind)| match viewer {
                Some(v) if v == owner => piece_letter(owner, kind),
                Some(_) => '?',
                None if owner == 0 => 'X',
                None => 'x',
            });
        }
        text_svg(&render(self, Some(&labels)))
    }
}
