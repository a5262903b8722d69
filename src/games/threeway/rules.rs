//! Three-way rule options: how far and along what the owner of the rolled number moves the
//! piece (the seed says only "由符合該吉祥數字的玩家移動棋子").

use crate::game::rules::{parse_choice, unknown_option, RuleOption, RuleSet};
use crate::game::ParseError;

/// How a roll of n moves the piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Movement {
    /// n steps in a straight line along one of the board's lines (six directions), staying on
    /// the board; with no such line the roll is lost (`pass`). The die's number is the
    /// distance, as in every dice race, and a piece on a board of lines moves along a line:
    /// the seed names no turning. The lucky pairs then differ (1 and 6, 2 and 5, 3 and 4 reach
    /// different points), so choosing one is a real decision.
    #[default]
    Line,
    /// n steps along the lines, one a pip, turning as the mover likes: the piece ends on any
    /// point 1..=n steps away (a walk of exactly n steps reaches every one of them, the grid's
    /// triangles absorbing spare steps), never back where it stood. Under this reading max^n
    /// has no stationary solution (value iteration oscillates; results/race.md).
    Walk,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ThreeWayRules {
    pub movement: Movement,
}

impl RuleSet for ThreeWayRules {
    fn options() -> Vec<RuleOption> {
        vec![RuleOption {
            key: "move",
            values: vec!["line", "walk"],
            default: "line",
            help: "a roll of n: n steps in a straight line (line) or to any point 1..n steps away (walk)",
        }]
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        match key {
            "move" => {
                self.movement = parse_choice(
                    key,
                    value,
                    &[("walk", Movement::Walk), ("line", Movement::Line)],
                )?
            }
            _ => return Err(unknown_option::<Self>("Three-way", key)),
        }
        Ok(())
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        vec![(
            "move",
            match self.movement {
                Movement::Walk => "walk",
                Movement::Line => "line",
            }
            .to_string(),
        )]
    }
}
