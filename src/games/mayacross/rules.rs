//! Maya cross rule options: 2 or 4 players, where the safe islands stand (the seed does not
//! say), and the two readings the seed's words leave open.

use crate::game::rules::{
    choice_name, parse_bool, parse_choice, parse_in_range, DeclaredRules, RuleKey,
};

/// Whether landing on an opponent's piece (not on an island) hits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Attack {
    /// Always: the usual capture of race games.
    #[default]
    Must,
    /// The lander chooses ("可對其進行攻擊", "may attack it"); without an attack both stay.
    May,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MayaRules {
    /// 2 (four pieces each, four dice) or 4 (two pieces each, the 1-2-3 dice, two values used).
    pub players: u8,
    /// How many squares out from the turntable each arm line's safe island stands (1..=7).
    pub island: u8,
    /// A piece may take several of the thrown values at once (moving their sum). The seed gives
    /// each piece one value ("四顆骰子的點數即為玩家4支棋子的行進步數"), so off by default; on, it
    /// is the other reading of the four-player "任選2粒骰子的點數走子".
    pub same_piece: bool,
    pub attack: Attack,
}

impl Default for MayaRules {
    fn default() -> Self {
        MayaRules {
            players: 2,
            island: 4,
            same_piece: false,
            attack: Attack::Must,
        }
    }
}

impl MayaRules {
    /// Pieces a player (8 in all).
    pub fn pieces(&self) -> usize {
        8 / self.players as usize
    }
    /// Dice thrown: the four (faces 1..4), or three without the 4 for four players.
    pub fn dice(&self) -> u8 {
        if self.players == 4 {
            3
        } else {
            4
        }
    }
    /// Values a throw can move with: all of them for two players, two for four.
    pub fn values_used(&self) -> usize {
        if self.players == 4 {
            2
        } else {
            4
        }
    }
    /// The arm of each seat: opposite arms for two players, all four counter-clockwise for four.
    pub fn arm_of_seat(&self, seat: usize) -> usize {
        if self.players == 2 {
            2 * seat
        } else {
            seat
        }
    }
}

impl DeclaredRules for MayaRules {
    const GAME: &'static str = "Maya cross";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        RuleKey {
            key: "players",
            values: &["2", "4"],
            default: "2",
            help: "2 players: 4 pieces and 4 dice each; 4 players: 2 pieces, 3 dice, 2 values used",
            set: |r, key, value| {
                r.players = parse_choice(key, value, &[("2", 2), ("4", 4)])?;
                Ok(())
            },
            get: |r| r.players.to_string(),
        },
        RuleKey {
            key: "island",
            values: &["1..7"],
            default: "4",
            help: "squares out from the turntable of each arm line's safe island",
            set: |r, key, value| {
                r.island = parse_in_range(key, value, 1..=7)?;
                Ok(())
            },
            get: |r| r.island.to_string(),
        },
        RuleKey {
            key: "same_piece",
            values: &["false", "true"],
            default: "false",
            help: "a piece may take several thrown values (moving their sum)",
            set: |r, key, value| {
                r.same_piece = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.same_piece.to_string(),
        },
        RuleKey {
            key: "attack",
            values: &["must", "may"],
            default: "must",
            help: "landing on an opponent off the islands hits it always (must) or by choice (may)",
            set: |r, key, value| {
                r.attack = parse_choice(key, value, &ATTACK_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.attack, &ATTACK_NAMES).to_string(),
        },
    ];
}

const ATTACK_NAMES: [(&str, Attack); 2] = [("must", Attack::Must), ("may", Attack::May)];
