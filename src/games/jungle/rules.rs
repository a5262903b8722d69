//! Jungle rule options: the standard game of seed 002 (动物棋/斗兽棋) by default, the seed's
//! drop variant with `drops=true`, and the readings where sources differ. docs/rules/jungle.md
//! gives the reason for every default.

use crate::game::rules::{
    parse_bool, parse_choice, parse_number, unknown_option, RuleOption, RuleSet,
};
use crate::game::ParseError;

/// When two equal animals that meet may be exchanged (drop variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exchange {
    /// Only by the next player, right after the meeting (the seed: 相遇，轮到下一个玩家时): the
    /// piece just moved or dropped and an equal piece of the player to move, side by side.
    Fresh,
    /// By the player to move whenever an own piece stands beside an equal enemy piece.
    Adjacent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JungleRules {
    /// The seed's variant: captured and exchanged pieces go to hand and may be dropped.
    pub drops: bool,
    /// The tiger jumps across the water sideways too, not only straight up and down.
    pub tiger_sideways: bool,
    /// A rat leaving the water may capture (never the elephant: the seed forbids that).
    pub rat_water_capture: bool,
    /// The elephant may capture the rat (usually it may not).
    pub elephant_takes_rat: bool,
    pub exchange: Exchange,
    /// Drops into the opponent's traps (where the piece has rank 0) are allowed.
    pub drop_enemy_traps: bool,
    /// A game with this many plies in a row without a capture, exchange or drop is drawn
    /// (0: never).
    pub draw_plies: u16,
}

impl JungleRules {
    /// The standard game as the seed gives it.
    pub const STANDARD: JungleRules = JungleRules {
        drops: false,
        tiger_sideways: true,
        rat_water_capture: true,
        elephant_takes_rat: false,
        exchange: Exchange::Fresh,
        drop_enemy_traps: true,
        draw_plies: 0,
    };
}

impl Default for JungleRules {
    fn default() -> Self {
        JungleRules::STANDARD
    }
}

impl RuleSet for JungleRules {
    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "drops",
                values: vec!["false", "true"],
                default: "false",
                help: "the seed's variant: equal animals that meet may be exchanged, captured and exchanged pieces go to hand and may be dropped on an empty square instead of a move",
            },
            RuleOption {
                key: "tiger_sideways",
                values: vec!["true", "false"],
                default: "true",
                help: "the tiger jumps the river sideways as well as straight across (the lion always does)",
            },
            RuleOption {
                key: "rat_water_capture",
                values: vec!["true", "false"],
                default: "true",
                help: "a rat leaving the water may capture on land (never the elephant)",
            },
            RuleOption {
                key: "elephant_takes_rat",
                values: vec!["false", "true"],
                default: "false",
                help: "the elephant may capture the rat",
            },
            RuleOption {
                key: "exchange",
                values: vec!["fresh", "adjacent"],
                default: "fresh",
                help: "drop variant: an exchange right after the meeting only, or whenever equal animals stand side by side",
            },
            RuleOption {
                key: "drop_enemy_traps",
                values: vec!["true", "false"],
                default: "true",
                help: "drop variant: pieces may be dropped into the opponent's traps",
            },
            RuleOption {
                key: "draw_plies",
                values: vec!["0..1000"],
                default: "0",
                help: "this many plies in a row without a capture, exchange or drop draw the game (0: off)",
            },
        ]
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        match key {
            "drops" => self.drops = parse_bool(key, value)?,
            "tiger_sideways" => self.tiger_sideways = parse_bool(key, value)?,
            "rat_water_capture" => self.rat_water_capture = parse_bool(key, value)?,
            "elephant_takes_rat" => self.elephant_takes_rat = parse_bool(key, value)?,
            "exchange" => {
                self.exchange = parse_choice(
                    key,
                    value,
                    &[("fresh", Exchange::Fresh), ("adjacent", Exchange::Adjacent)],
                )?
            }
            "drop_enemy_traps" => self.drop_enemy_traps = parse_bool(key, value)?,
            "draw_plies" => {
                let n: u16 = parse_number(key, value)?;
                if n > 1000 {
                    return Err(ParseError::rule(
                        format!("{key}={value}"),
                        "at most 1000 plies",
                    ));
                }
                self.draw_plies = n;
            }
            _ => return Err(unknown_option::<Self>("jungle", key)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("drops", self.drops.to_string()),
            ("tiger_sideways", self.tiger_sideways.to_string()),
            ("rat_water_capture", self.rat_water_capture.to_string()),
            ("elephant_takes_rat", self.elephant_takes_rat.to_string()),
            (
                "exchange",
                match self.exchange {
                    Exchange::Fresh => "fresh",
                    Exchange::Adjacent => "adjacent",
                }
                .to_string(),
            ),
            ("drop_enemy_traps", self.drop_enemy_traps.to_string()),
            ("draw_plies", self.draw_plies.to_string()),
        ]
    }
}
