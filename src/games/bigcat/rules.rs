//! Big Cat rule options: the number of players, and the one reading of the route the seed's
//! words leave open (whether the 丰 zigzag is walked on every pass through a 丰 zone).

use crate::game::rules::{parse_choice, parse_in_range, unknown_option, RuleOption, RuleSet};
use crate::game::ParseError;

/// When a piece walks the 丰 zigzag (left, right, right, left at each crossing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Zigzag {
    /// On every pass through a 丰 zone, outward and inward (the seed gives the rule for the
    /// zone, "「丰字區」為...", so it holds wherever the zone is walked).
    #[default]
    Both,
    /// Only when walking toward the centre, as the seed's one example ("...繞行丰字一周向上直
    /// 行", the lower 丰 walked upward) describes it; outward passes go straight down the stem.
    Inward,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BigCatRules {
    /// 2..=4 players ("玩家為2~4人").
    pub players: u8,
    pub zigzag: Zigzag,
}

impl Default for BigCatRules {
    fn default() -> Self {
        BigCatRules {
            players: 4,
            zigzag: Zigzag::Both,
        }
    }
}

impl BigCatRules {
    pub fn with_players(mut self, n: u8) -> Self {
        self.players = n;
        self
    }
}

impl RuleSet for BigCatRules {
    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "players",
                values: vec!["2", "3", "4"],
                default: "4",
                help: "players, one piece each",
            },
            RuleOption {
                key: "zigzag",
                values: vec!["both", "inward"],
                default: "both",
                help: "walk the 丰 zigzag on every pass (both) or only toward the centre (inward)",
            },
        ]
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        match key {
            "players" => {
                let n: u8 = parse_in_range(key, value, 2..=4)?;
                self.players = n;
            }
            "zigzag" => {
                self.zigzag = parse_choice(
                    key,
                    value,
                    &[("both", Zigzag::Both), ("inward", Zigzag::Inward)],
                )?
            }
            _ => return Err(unknown_option::<Self>("Big Cat", key)),
        }
        Ok(())
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("players", self.players.to_string()),
            (
                "zigzag",
                match self.zigzag {
                    Zigzag::Both => "both",
                    Zigzag::Inward => "inward",
                }
                .to_string(),
            ),
        ]
    }
}
