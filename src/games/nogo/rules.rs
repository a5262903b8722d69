//! NoGo's rule options (seed 001): the board size and Botzone's centre rule. The game itself
//! (placement, capture and suicide illegal, the player without a move loses) is in game.rs.

use crate::game::rules::{choice_name, parse_choice, size_key, BoardSide, DeclaredRules, RuleKey};

use super::geometry::{MAX_SIZE, MIN_SIZE};

/// Black's first move on the centre point: Botzone's NoGo forbids it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CentreFirst {
    #[default]
    Allowed,
    Forbidden,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoGoRules {
    /// The board side, 5..=19 (the seed: 9).
    pub size: u8,
    pub centre_first: CentreFirst,
}

impl Default for NoGoRules {
    fn default() -> Self {
        NoGoRules {
            size: 9,
            centre_first: CentreFirst::Allowed,
        }
    }
}

impl BoardSide for NoGoRules {
    const SIDES: (usize, usize) = (MIN_SIZE, MAX_SIZE);
    fn set_side(&mut self, side: u8) {
        self.size = side;
    }
    fn side(&self) -> u8 {
        self.size
    }
}

impl DeclaredRules for NoGoRules {
    const GAME: &'static str = "NoGo";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        size_key(&["5..19"], "9", "board side (the seed plays 9x9)"),
        RuleKey {
            key: "centre_first",
            values: &["allowed", "forbidden"],
            default: "allowed",
            help: "may black's first move be on the centre point (Botzone: forbidden; no effect on even sizes)",
            set: |r, key, value| {
                r.centre_first = parse_choice(key, value, &CENTRE_FIRST_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.centre_first, &CENTRE_FIRST_NAMES).to_string(),
        },
    ];
    const ALIASES: &'static [(&'static str, &'static str)] = &[("center_first", "centre_first")];
}

const CENTRE_FIRST_NAMES: [(&str, CentreFirst); 2] = [
    ("allowed", CentreFirst::Allowed),
    ("forbidden", CentreFirst::Forbidden),
];
