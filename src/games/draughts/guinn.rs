//! English checkers as GuiNN_Checkers reads it (`game::bindings::GuinnBoard`; the program's
//! protocol and process are `arena::adapters`): a FEN of the side to move, then `W` and `B`
//! lists with `K` for kings and no ranges (GuiNN does not read them).

use crate::game::bindings::GuinnBoard;
use crate::game::error::quote;
use crate::game::{Game, RuleSet};

use super::text::{colour_letter, numbers};
use super::{Checkers, Eight};

/// A checkers position as GuiNN reads it.
pub fn guinn_fen(state: &Checkers) -> String {
    let rules = state.rules();
    let mut out = String::new();
    out.push(colour_letter(rules, state.side()));
    let white = (0..2)
        .find(|&p| colour_letter(rules, p) == 'W')
        .unwrap_or(1);
    for player in [white, 1 - white] {
        let set = state.pieces(player);
        let mut items: Vec<String> = Vec::new();
        for (kings, prefix) in [(true, "K"), (false, "")] {
            let part = if kings {
                set & state.kings()
            } else {
                set & !state.kings()
            };
            items.extend(
                numbers::<Eight>(part)
                    .iter()
                    .map(|n| format!("{prefix}{n}")),
            );
        }
        out.push(':');
        out.push(colour_letter(rules, player));
        out.push_str(&items.join(","));
    }
    out
}

impl GuinnBoard for Checkers {
    fn guinn_fen(&self) -> String {
        guinn_fen(self)
    }
    fn guinn_plays(&self) -> Result<(), String> {
        if self.rules().preset_name() != "english" {
            return Err(format!(
                "GuiNN plays English checkers only, not rules {}",
                quote(&RuleSet::to_text(self.rules()))
            ));
        }
        Ok(())
    }
}
