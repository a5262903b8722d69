//! Big Cat rule options: the number of players, and the one reading of the route the seed's
//! words leave open (whether the 丰 zigzag is walked on every pass through a 丰 zone).

use crate::game::rules::{choice_name, parse_choice, parse_in_range, DeclaredRules, RuleKey};

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

impl DeclaredRules for BigCatRules {
    const GAME: &'static str = "Big Cat";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        RuleKey {
            key: "players",
            values: &["2", "3", "4"],
            default: "4",
            help: "players, one piece each",
            set: |r, key, value| {
                r.players = parse_in_range(key, value, 2..=4)?;
                Ok(())
            },
            get: |r| r.players.to_string(),
        },
        RuleKey {
            key: "zigzag",
            values: &["both", "inward"],
            default: "both",
            help: "walk the 丰 zigzag on every pass (both) or only toward the centre (inward)",
            set: |r, key, value| {
                r.zigzag = parse_choice(key, value, &ZIGZAG_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.zigzag, &ZIGZAG_NAMES).to_string(),
        },
    ];
}

const ZIGZAG_NAMES: [(&str, Zigzag); 2] = [("both", Zigzag::Both), ("inward", Zigzag::Inward)];
