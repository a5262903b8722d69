//! NoGo in GTP's terms (`game::bindings::GtpGame`; the protocol itself is `protocol::gtp`): the
//! board side is the `size` rule, and a GTP board is brought to a position by the stones it
//! lacks.

use crate::game::bindings::GtpGame;
use crate::game::RuleSet;

use super::{NoGo, NoGoMove, NoGoRules, BLACK};

impl GtpGame for NoGo {
    const MAX_BOARD_SIZE: usize = super::MAX_SIZE;
    fn board_size(&self) -> usize {
        self.size()
    }
    fn rules_with_size(rules: &NoGoRules, size: usize) -> Result<NoGoRules, String> {
        let mut r = *rules;
        r.set("size", &size.to_string()).map_err(|e| e.reason)?;
        Ok(r)
    }
    /// Stones never leave a NoGo board, so a board holding `played` reaches this position when
    /// its stones are a subset of this one's: the missing stones, in any order with colours
    /// alternating, are all legal (see `NoGo::replay_order`).
    fn continue_from(&self, played: &[NoGoMove]) -> Option<Vec<NoGoMove>> {
        if played.is_empty() {
            return Some(self.replay_order());
        }
        let mut have = vec![None; self.size() * self.size()];
        for (i, mv) in played.iter().enumerate() {
            let p = mv.0 as usize;
            if p >= have.len() || have[p].is_some() || self.stone_at(p) != Some(i % 2) {
                return None;
            }
            have[p] = Some(i % 2);
        }
        let missing = |colour: usize| -> Vec<u16> {
            (0..have.len())
                .filter(|&p| have[p].is_none() && self.stone_at(p) == Some(colour))
                .map(|p| p as u16)
                .collect()
        };
        let (black, white) = (missing(BLACK), missing(1 - BLACK));
        let (first, second) = if played.len() % 2 == 0 {
            (black, white)
        } else {
            (white, black)
        };
        if first.len() != second.len() && first.len() != second.len() + 1 {
            return None;
        }
        let mut out = Vec::with_capacity(first.len() + second.len());
        for i in 0..first.len() {
            out.push(NoGoMove(first[i]));
            if let Some(&s) = second.get(i) {
                out.push(NoGoMove(s));
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn nogo_continues_from_any_subset_of_its_stones() {
        let mut s = NoGo::new(&NoGoRules::default());
        for m in ["e5", "c3", "g7", "d4", "a1"] {
            s.play_text(m).unwrap();
        }
        let mv = |t: &str| NoGo::new(&NoGoRules::default()).parse_move(t).unwrap();
        // The board holds e5 and c3 (black, white): the rest follows, black first.
        let rest = s.continue_from(&[mv("e5"), mv("c3")]).unwrap();
        let texts: Vec<String> = rest.iter().map(|&m| s.format_move(m)).collect();
        assert_eq!(texts, ["a1", "d4", "g7"]);
        // A stone the position does not have, or one of the wrong colour: start again.
        assert!(s.continue_from(&[mv("j9")]).is_none());
        assert!(s.continue_from(&[mv("c3")]).is_none());
        assert_eq!(s.continue_from(&[]).unwrap().len(), 5);
    }
}
