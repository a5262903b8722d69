//! The rule options of two-player Junqi. The seed's text stops after the combat table, so every
//! rule it does not state is an option here, with the reading players expect as the default
//! (docs/rules/junqi.md gives the sources).

use crate::game::rules::{
    choice_name, parse_bool, parse_choice, parse_number, DeclaredRules, RuleKey,
};
use crate::game::{ParseError, PlayerId};

/// What a mine does to an attacker other than an engineer or a bomb.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MineRule {
    /// The attacker dies and the mine stays (the common rule: a mine holds its point until an
    /// engineer or a bomb removes it).
    #[default]
    Stays,
    /// Both die (同归于尽; some rule sets, e.g. the luzhanqi README quoted in the docs).
    Dies,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JunqiRules {
    /// Who moves first after both sides have set up (red: player 0, black: player 1).
    pub first: PlayerId,
    /// Plies (moves of either side) in a row without combat after which the game is drawn;
    /// 0 turns the rule off. Sources use 31 to 70; the default is 70.
    pub no_capture_limit: u16,
    pub mine: MineRule,
    /// When a field marshal dies, its owner shows where the flag stands (the seed's rule).
    pub flag_reveal: bool,
    /// The column-2 crossing of the middle is a railway (the usual board); `middle=road`
    /// makes it a road, so engineers cannot turn through it.
    pub middle_rail: bool,
}

impl Default for JunqiRules {
    fn default() -> Self {
        JunqiRules {
            first: 0,
            no_capture_limit: 70,
            mine: MineRule::Stays,
            flag_reveal: true,
            middle_rail: true,
        }
    }
}

impl DeclaredRules for JunqiRules {
    const GAME: &'static str = "Junqi";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        RuleKey {
            key: "first",
            values: &["red", "black"],
            default: "red",
            help: "who moves first once both sides have set up (red sets up first either way)",
            set: |r, key, value| {
                r.first = parse_choice(key, value, &FIRST_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.first, &FIRST_NAMES).to_string(),
        },
        RuleKey {
            key: "no_capture_limit",
            values: &["plies, 0 = off"],
            default: "70",
            help: "a draw after this many plies in a row without combat (sources: 31 to 70)",
            set: |r, key, value| {
                let n: u32 = parse_number(key, value)?;
                if n > 10_000 {
                    return Err(ParseError::rule(
                        format!("{key}={value}"),
                        "at most 10000 plies (0 turns the limit off)",
                    ));
                }
                r.no_capture_limit = n as u16;
                Ok(())
            },
            get: |r| r.no_capture_limit.to_string(),
        },
        RuleKey {
            key: "mine",
            values: &["stays", "dies"],
            default: "stays",
            help:
                "a mine hit by anything but an engineer or a bomb: stays, or dies with the attacker",
            set: |r, key, value| {
                r.mine = parse_choice(key, value, &MINE_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.mine, &MINE_NAMES).to_string(),
        },
        RuleKey {
            key: "flag_reveal",
            values: &["true", "false"],
            default: "true",
            help: "a side whose field marshal dies shows where its flag is (the seed's rule)",
            set: |r, key, value| {
                r.flag_reveal = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.flag_reveal.to_string(),
        },
        RuleKey {
            key: "middle",
            values: &["rail", "road"],
            default: "rail",
            help: "the column-c crossing between the two halves: a railway or a road",
            set: |r, key, value| {
                r.middle_rail = parse_choice(key, value, &MIDDLE_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.middle_rail, &MIDDLE_NAMES).to_string(),
        },
    ];
}

const FIRST_NAMES: [(&str, PlayerId); 2] = [("red", 0), ("black", 1)];
const MINE_NAMES: [(&str, MineRule); 2] = [("stays", MineRule::Stays), ("dies", MineRule::Dies)];
const MIDDLE_NAMES: [(&str, bool); 2] = [("rail", true), ("road", false)];
