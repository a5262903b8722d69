//! Jungle rule options: the standard game (`preset=standard`, the default), the source text's
//! readings (`preset=seed`, seed 002, 动物棋/斗兽棋), the text's drop variant with `drops=true`,
//! and the readings where sources differ. docs/rules/jungle.md gives the reason for every
//! default.

use crate::game::rules::{
    choice_name, parse_bool, parse_choice, parse_number, preset_key, DeclaredRules, Presets,
    RuleKey,
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

/// What a lion's or tiger's jump across the river may capture on its landing square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JumpCapture {
    /// What a step may: equal or lower rank (the standard game).
    Equal,
    /// Only smaller animals (the text: "在跳得方格内，也能把敌方较小的兽类吃掉").
    Smaller,
}

/// What two equal animals that meet may do in the drop variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EqualMeet {
    /// Capture each other as in the standard game, or be exchanged.
    Both,
    /// Only be exchanged (兑掉): equal animals do not capture each other, except two rats in
    /// the water ("当两鼠在河内相遇，可以互吃").
    Exchange,
}

const JUMP_CAPTURE_NAMES: [(&str, JumpCapture); 2] = [
    ("equal", JumpCapture::Equal),
    ("smaller", JumpCapture::Smaller),
];
const EQUAL_MEET_NAMES: [(&str, EqualMeet); 2] =
    [("both", EqualMeet::Both), ("exchange", EqualMeet::Exchange)];

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
    pub jump_capture: JumpCapture,
    /// Drop variant: whether equal animals may capture each other besides being exchanged.
    pub equal_meet: EqualMeet,
}

impl JungleRules {
    /// The standard game, which the text describes except for the jump's capture.
    pub const STANDARD: JungleRules = JungleRules {
        drops: false,
        tiger_sideways: true,
        rat_water_capture: true,
        elephant_takes_rat: false,
        exchange: Exchange::Fresh,
        drop_enemy_traps: true,
        draw_plies: 0,
        jump_capture: JumpCapture::Equal,
        equal_meet: EqualMeet::Both,
    };
    /// The source text's game: a jump captures only smaller animals.
    pub const SEED: JungleRules = JungleRules {
        jump_capture: JumpCapture::Smaller,
        ..JungleRules::STANDARD
    };
}

/// `standard` or `seed`: the preset the jump rule equals (`drops` and the other options are no
/// part of a preset, so a preset's readings are its jump rule alone).
impl Presets for JungleRules {
    type Readings = JumpCapture;
    const PRESETS: &'static [(&'static str, JumpCapture)] = &[
        ("standard", JungleRules::STANDARD.jump_capture),
        ("seed", JungleRules::SEED.jump_capture),
    ];

    fn readings(&self) -> JumpCapture {
        self.jump_capture
    }
    fn set_readings(&mut self, jump_capture: JumpCapture) {
        self.jump_capture = jump_capture;
    }
}

impl Default for JungleRules {
    fn default() -> Self {
        JungleRules::STANDARD
    }
}

impl DeclaredRules for JungleRules {
    const GAME: &'static str = "jungle";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        preset_key(
            &["standard", "seed"],
            "standard",
            "sets jump_capture: the standard game (equal), or the source text (smaller); later options override",
        ),
        RuleKey {
            key: "drops",
            values: &["false", "true"],
            default: "false",
            help: "the seed's variant: equal animals that meet may be exchanged, captured and exchanged pieces go to hand and may be dropped on an empty square instead of a move",
            set: |r, key, value| {
                r.drops = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.drops.to_string(),
        },
        RuleKey {
            key: "tiger_sideways",
            values: &["true", "false"],
            default: "true",
            help: "the tiger jumps the river sideways as well as straight across (the lion always does)",
            set: |r, key, value| {
                r.tiger_sideways = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.tiger_sideways.to_string(),
        },
        RuleKey {
            key: "rat_water_capture",
            values: &["true", "false"],
            default: "true",
            help: "a rat leaving the water may capture on land (never the elephant)",
            set: |r, key, value| {
                r.rat_water_capture = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.rat_water_capture.to_string(),
        },
        RuleKey {
            key: "elephant_takes_rat",
            values: &["false", "true"],
            default: "false",
            help: "the elephant may capture the rat",
            set: |r, key, value| {
                r.elephant_takes_rat = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.elephant_takes_rat.to_string(),
        },
        RuleKey {
            key: "exchange",
            values: &["fresh", "adjacent"],
            default: "fresh",
            help: "drop variant: an exchange right after the meeting only, or whenever equal animals stand side by side",
            set: |r, key, value| {
                r.exchange = parse_choice(key, value, &EXCHANGE_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.exchange, &EXCHANGE_NAMES).to_string(),
        },
        RuleKey {
            key: "drop_enemy_traps",
            values: &["true", "false"],
            default: "true",
            help: "drop variant: pieces may be dropped into the opponent's traps",
            set: |r, key, value| {
                r.drop_enemy_traps = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.drop_enemy_traps.to_string(),
        },
        RuleKey {
            key: "draw_plies",
            values: &["0..1000"],
            default: "0",
            help: "this many plies in a row without a capture, exchange or drop draw the game (0: off)",
            set: |r, key, value| {
                let n: u16 = parse_number(key, value)?;
                if n > 1000 {
                    return Err(ParseError::rule(
                        format!("{key}={value}"),
                        "at most 1000 plies",
                    ));
                }
                r.draw_plies = n;
                Ok(())
            },
            get: |r| r.draw_plies.to_string(),
        },
        RuleKey {
            key: "jump_capture",
            values: &["equal", "smaller"],
            default: "equal",
            help: "a lion's or tiger's river jump captures equal or smaller animals (standard), or only smaller ones (the text)",
            set: |r, key, value| {
                r.jump_capture = parse_choice(key, value, &JUMP_CAPTURE_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.jump_capture, &JUMP_CAPTURE_NAMES).to_string(),
        },
        RuleKey {
            key: "equal_meet",
            values: &["both", "exchange"],
            default: "both",
            help: "drop variant: equal animals may capture each other and be exchanged, or only be exchanged (rats in the water still capture each other)",
            set: |r, key, value| {
                r.equal_meet = parse_choice(key, value, &EQUAL_MEET_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.equal_meet, &EQUAL_MEET_NAMES).to_string(),
        },
    ];
}

const EXCHANGE_NAMES: [(&str, Exchange); 2] =
    [("fresh", Exchange::Fresh), ("adjacent", Exchange::Adjacent)];
