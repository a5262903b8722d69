//! Three-way rule options: how far and along what the owner of the rolled number moves the
//! piece (the seed says only "由符合該吉祥數字的玩家移動棋子").

use crate::game::rules::{choice_name, parse_choice, DeclaredRules, RuleKey};

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

impl DeclaredRules for ThreeWayRules {
    const GAME: &'static str = "Three-way";
    const OPTIONS: &'static [RuleKey<Self>] = &[RuleKey {
        key: "move",
        values: &["line", "walk"],
        default: "line",
        help:
            "a roll of n: n steps in a straight line (line) or to any point 1..n steps away (walk)",
        set: |r, key, value| {
            r.movement = parse_choice(key, value, &MOVEMENT_NAMES)?;
            Ok(())
        },
        get: |r| choice_name(r.movement, &MOVEMENT_NAMES).to_string(),
    }];
}

const MOVEMENT_NAMES: [(&str, Movement); 2] = [("walk", Movement::Walk), ("line", Movement::Line)];
