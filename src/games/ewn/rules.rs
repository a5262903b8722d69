//! EinStein würfelt nicht's rule options: how setups are made, who moves first, which cube a
//! roll of a lost cube selects (docs/rules/ewn.md). The game itself is in game.rs.

use crate::game::rules::{choice_name, parse_choice, DeclaredRules, RuleKey};
use crate::game::{ParseError, PlayerId};

use super::setup::Arrangement;

pub const RED: PlayerId = 0;
pub const BLUE: PlayerId = 1;

/// How the start arrangements come about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SetupMode {
    /// Each player chooses (the seed: 可以随意摆放): a decision among 720 setup moves.
    #[default]
    Choose,
    /// Chance draws each arrangement uniformly (OpenSpiel's `einstein_wurfelt_nicht`).
    Random,
    /// The game starts after setup with the arrangements `red_setup` and `blue_setup`.
    Fixed,
}

/// Who rolls first once both sides are set up. The seed names no colour (its match format only
/// alternates the first move between the two contestants); OpenSpiel lets blue (its white, the
/// bottom-right player) move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FirstPlayer {
    #[default]
    Red,
    Blue,
}

/// Which cubes a roll selects when its own cube has left the board. The text: "便可走动大于或
/// 小于此数字的并与此数字最接近的棋子" (the cube greater or smaller than the number and nearest
/// to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Nearest {
    /// The nearest higher and the nearest lower cube, the player choosing (the usual rule,
    /// OpenSpiel).
    #[default]
    Both,
    /// The one of those two whose number is closer to the roll; both when they are equally
    /// close.
    Closest,
}

const NEAREST_NAMES: [(&str, Nearest); 2] =
    [("both", Nearest::Both), ("closest", Nearest::Closest)];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct EwnRules {
    pub setup: SetupMode,
    pub first: FirstPlayer,
    pub nearest: Nearest,
    /// The arrangements `setup=fixed` uses.
    pub red_setup: Arrangement,
    pub blue_setup: Arrangement,
}

impl EwnRules {
    pub fn first_player(&self) -> PlayerId {
        match self.first {
            FirstPlayer::Red => RED,
            FirstPlayer::Blue => BLUE,
        }
    }
}

impl DeclaredRules for EwnRules {
    const GAME: &'static str = "EWN";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        RuleKey {
            key: "setup",
            values: &["choose", "random", "fixed"],
            default: "choose",
            help: "start arrangements: chosen by the players (setup moves), drawn by chance, or fixed by red_setup/blue_setup",
            set: |r, key, value| {
                r.setup = parse_choice(key, value, &SETUP_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.setup, &SETUP_NAMES).to_string(),
        },
        RuleKey {
            key: "first",
            values: &["red", "blue"],
            default: "red",
            help: "who rolls first after setup (OpenSpiel: blue)",
            set: |r, key, value| {
                r.first = parse_choice(key, value, &FIRST_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.first, &FIRST_NAMES).to_string(),
        },
        RuleKey {
            key: "red_setup",
            values: &["arrangement like 123/45/6 (a1 b1 c1 / a2 b2 / a3)"],
            default: "123/45/6",
            help: "red's arrangement with setup=fixed",
            set: |r, key, value| {
                r.red_setup = parse_arrangement(key, value)?;
                Ok(())
            },
            get: |r| r.red_setup.to_text(),
        },
        RuleKey {
            key: "blue_setup",
            values: &["arrangement like 123/45/6 (e5 d5 c5 / e4 d4 / e3)"],
            default: "123/45/6",
            help: "blue's arrangement with setup=fixed",
            set: |r, key, value| {
                r.blue_setup = parse_arrangement(key, value)?;
                Ok(())
            },
            get: |r| r.blue_setup.to_text(),
        },
        RuleKey {
            key: "nearest",
            values: &["both", "closest"],
            default: "both",
            help: "the rolled cube gone: the nearest higher and nearest lower cube may move (usual, OpenSpiel), or only the closer of them (both when equally close)",
            set: |r, key, value| {
                r.nearest = parse_choice(key, value, &NEAREST_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.nearest, &NEAREST_NAMES).to_string(),
        },
    ];
}

const SETUP_NAMES: [(&str, SetupMode); 3] = [
    ("choose", SetupMode::Choose),
    ("random", SetupMode::Random),
    ("fixed", SetupMode::Fixed),
];
const FIRST_NAMES: [(&str, FirstPlayer); 2] =
    [("red", FirstPlayer::Red), ("blue", FirstPlayer::Blue)];

fn parse_arrangement(key: &str, value: &str) -> Result<Arrangement, ParseError> {
    Arrangement::parse(value).map_err(|e| ParseError::rule(format!("{key}={value}"), e))
}
