//! Aeroplane chess rule options: players and teams, the house rules the source text names
//! (launch on 5 or more, three 6s), the readings it leaves open, and the optional modules
//! (weather, items). `preset=seed` (the default) sets the three readings where the text and the
//! common game differ as the text states them; `preset=common` sets the common game's.
//! docs/rules/aeroplane.md quotes the text for each.

use crate::game::rules::{
    choice_name, parse_bool, parse_choice, parse_in_range, preset_key, DeclaredRules, Presets,
    RuleKey,
};
use crate::game::ParseError;

/// Which rolls launch a piece from the hangar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Launch {
    /// Only a 6 ("只有在掷得6点后...起飞").
    #[default]
    Six,
    /// 5 or 6 ("改进的规则中，只要掷得5点以上的点数就可以起飞"); a 5 gives no extra roll.
    FivePlus,
    /// 2, 4 or 6 (another common house rule).
    Even,
}

/// When a team game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TeamEnd {
    /// When both partners have all their pieces home; a player whose pieces are all home rolls
    /// for the partner's pieces meanwhile.
    #[default]
    Both,
    /// When the first player of a team has all its pieces home.
    First,
}

/// What a finished game is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// The seed's: the room's stake is shared out by pieces (a quarter a piece); every player
    /// loses a quarter for each of its pieces not home, and the winner (the winning team, shared
    /// equally) gets all of it.
    #[default]
    Points,
    /// +1 for the winner (team), -1 for everyone else.
    Win,
}

/// Whether a hit (or a jump and a flight) happens whenever it can, or the mover chooses: the
/// text's "可" (可将敌方的棋子逐回基地, 可以向前一个相同颜色格子作跳跃) reads either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Obligation {
    /// Whenever it can (every online version and the common game; the lab's default).
    #[default]
    Must,
    /// As the mover chooses: the move that declines it is another legal move.
    May,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AeroRules {
    /// 2 (opposite colours), 3 or 4.
    pub players: u8,
    /// Four players in two teams, partners opposite (seats a and c, b and d).
    pub teams: bool,
    pub team_end: TeamEnd,
    pub launch: Launch,
    /// Three 6s in a row send all of the player's pieces to the hangar, even those home, and end
    /// the turn ("改进规则中，如果连续三次掷得6点...").
    pub three_sixes: bool,
    /// A piece needs the exact roll to reach the finish, bouncing back with the excess (the
    /// seed's "traditional" rule); off, any roll that reaches the finish ends there.
    pub exact: bool,
    /// The home column square (1..=5) of the opposite colour that a shortcut crosses.
    pub crossing: u8,
    /// A flight along a shortcut sends a lone enemy piece on the crossed square home (and a
    /// stack there blocks the flight); off, the crossing is ignored.
    pub crossing_hits: bool,
    pub scoring: Scoring,
    /// The weather module: a storm appears on a random track square (docs/rules/aeroplane.md).
    pub weather: bool,
    /// The items module: the six-die and the booster appear on the track to be picked up.
    pub items: bool,
    /// An enemy stack keeps a piece from jumping or flying over it (the text: "敌方的棋子不能在
    /// 迭子上面飞过"); off, only the die's steps are blocked and jumps and flights pass over.
    pub stack_blocks_flight: bool,
    /// The roll a launch earns moves the launched plane (the text: "并可以再掷骰子一次，确定棋子
    /// 的前进步数"); off, it may move any plane or launch another.
    pub launch_roll_launched: bool,
    /// Single enemies where a piece stops go home always (`must`) or as the mover chooses.
    pub hit: Obligation,
    /// Jumps and flights happen always (`must`), or the mover may stop before any of them.
    pub jump: Obligation,
}

/// The three readings a preset sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    stack_blocks_flight: bool,
    launch_roll_launched: bool,
    crossing_hits: bool,
}

const SEED: Readings = Readings {
    stack_blocks_flight: true,
    launch_roll_launched: true,
    crossing_hits: false,
};
const COMMON: Readings = Readings {
    stack_blocks_flight: false,
    launch_roll_launched: false,
    crossing_hits: true,
};

impl Default for AeroRules {
    fn default() -> Self {
        AeroRules {
            players: 4,
            teams: false,
            team_end: TeamEnd::Both,
            launch: Launch::Six,
            three_sixes: false,
            exact: true,
            crossing: 3,
            crossing_hits: SEED.crossing_hits,
            scoring: Scoring::Points,
            weather: false,
            items: false,
            stack_blocks_flight: SEED.stack_blocks_flight,
            launch_roll_launched: SEED.launch_roll_launched,
            hit: Obligation::Must,
            jump: Obligation::Must,
        }
    }
}

/// `seed`, `common` or `custom`: the preset the three readings equal (the other options are no
/// part of a preset).
impl Presets for AeroRules {
    type Readings = Readings;
    const PRESETS: &'static [(&'static str, Readings)] = &[("seed", SEED), ("common", COMMON)];

    fn set_readings(&mut self, r: Readings) {
        self.stack_blocks_flight = r.stack_blocks_flight;
        self.launch_roll_launched = r.launch_roll_launched;
        self.crossing_hits = r.crossing_hits;
    }
    fn readings(&self) -> Readings {
        Readings {
            stack_blocks_flight: self.stack_blocks_flight,
            launch_roll_launched: self.launch_roll_launched,
            crossing_hits: self.crossing_hits,
        }
    }
}

impl AeroRules {
    /// The colour each seat plays: opposite colours for two players, the first three for three.
    pub fn colour_of_seat(&self, seat: usize) -> usize {
        if self.players == 2 {
            2 * seat
        } else {
            seat
        }
    }
    /// The side (team, or the player alone) a seat plays for.
    pub fn side_of_seat(&self, seat: usize) -> usize {
        if self.teams {
            seat % 2
        } else {
            seat
        }
    }
    pub fn launches(&self, face: u8) -> bool {
        match self.launch {
            Launch::Six => face == 6,
            Launch::FivePlus => face >= 5,
            Launch::Even => face % 2 == 0,
        }
    }
}

impl DeclaredRules for AeroRules {
    const GAME: &'static str = "Aeroplane chess";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        preset_key(
            &["seed", "common"],
            "seed",
            "sets stack_flight, launch_roll and crossing_hits: the source text's readings (seed) or the common game's; later options override",
        ),
        RuleKey {
            key: "players",
            values: &["2", "3", "4"],
            default: "4",
            help: "players (two play opposite colours)",
            set: |r, key, value| {
                r.players = parse_choice(key, value, &[("2", 2), ("3", 3), ("4", 4)])?;
                Ok(())
            },
            get: |r| r.players.to_string(),
        },
        RuleKey {
            key: "teams",
            values: &["false", "true"],
            default: "false",
            help: "four players in two teams, partners opposite",
            set: |r, key, value| {
                r.teams = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.teams.to_string(),
        },
        RuleKey {
            key: "team_end",
            values: &["both", "first"],
            default: "both",
            help: "a team game ends when both partners are home (a finished player rolls for the partner) or the first is",
            set: |r, key, value| {
                r.team_end = parse_choice(key, value, &TEAM_END_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.team_end, &TEAM_END_NAMES).to_string(),
        },
        RuleKey {
            key: "launch",
            values: &["6", "5", "even"],
            default: "6",
            help: "rolls that launch a piece: 6, 5 or 6 (a 5 gives no extra roll), or 2, 4, 6",
            set: |r, key, value| {
                r.launch = parse_choice(key, value, &LAUNCH_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.launch, &LAUNCH_NAMES).to_string(),
        },
        RuleKey {
            key: "three_sixes",
            values: &["false", "true"],
            default: "false",
            help: "three 6s in a row send all the player's pieces to the hangar and end the turn",
            set: |r, key, value| {
                r.three_sixes = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.three_sixes.to_string(),
        },
        RuleKey {
            key: "exact",
            values: &["true", "false"],
            default: "true",
            help: "the finish needs the exact roll, the excess bouncing back",
            set: |r, key, value| {
                r.exact = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.exact.to_string(),
        },
        RuleKey {
            key: "crossing",
            values: &["1..5"],
            default: "3",
            help: "the opposite colour's home column square a shortcut crosses",
            set: |r, key, value| {
                r.crossing = parse_in_range(key, value, 1..=5)?;
                Ok(())
            },
            get: |r| r.crossing.to_string(),
        },
        RuleKey {
            key: "crossing_hits",
            values: &["false", "true"],
            default: "false",
            help: "a flight sends a lone enemy on the crossed square home and a stack there blocks it (common; not in the text)",
            set: |r, key, value| {
                r.crossing_hits = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.crossing_hits.to_string(),
        },
        RuleKey {
            key: "stack_flight",
            values: &["blocked", "over"],
            default: "blocked",
            help: "jumps and flights over an enemy stack: not allowed (the text) or pass over it (common)",
            set: |r, key, value| {
                r.stack_blocks_flight = parse_choice(key, value, &STACK_FLIGHT_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.stack_blocks_flight, &STACK_FLIGHT_NAMES).to_string(),
        },
        RuleKey {
            key: "launch_roll",
            values: &["launched", "any"],
            default: "launched",
            help: "the extra roll a launch earns moves the launched plane (the text) or any plane (common)",
            set: |r, key, value| {
                r.launch_roll_launched = parse_choice(key, value, &LAUNCH_ROLL_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.launch_roll_launched, &LAUNCH_ROLL_NAMES).to_string(),
        },
        RuleKey {
            key: "scoring",
            values: &["points", "win"],
            default: "points",
            help: "the seed's points (a quarter stake a piece not home, all to the winner) or win/loss",
            set: |r, key, value| {
                r.scoring = parse_choice(key, value, &SCORING_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.scoring, &SCORING_NAMES).to_string(),
        },
        RuleKey {
            key: "weather",
            values: &["false", "true"],
            default: "false",
            help: "storms appear on the track for 3 rounds in 6 and stop planes passing them",
            set: |r, key, value| {
                r.weather = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.weather.to_string(),
        },
        RuleKey {
            key: "items",
            values: &["false", "true"],
            default: "false",
            help: "the six-die and the booster appear on the track to be picked up and used",
            set: |r, key, value| {
                r.items = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.items.to_string(),
        },
        RuleKey {
            key: "hit",
            values: &["must", "may"],
            default: "must",
            help: "single enemies where a plane stops go home always, or as the mover chooses (the text's 可 read as may)",
            set: |r, key, value| {
                r.hit = parse_choice(key, value, &OBLIGATION_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.hit, &OBLIGATION_NAMES).to_string(),
        },
        RuleKey {
            key: "jump",
            values: &["must", "may"],
            default: "must",
            help: "jumps and flights happen always, or the mover may stop before any of them (the text's 可 read as may)",
            set: |r, key, value| {
                r.jump = parse_choice(key, value, &OBLIGATION_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.jump, &OBLIGATION_NAMES).to_string(),
        },
    ];
    // stack_flight and launch_roll came last; records written since list them after items.
    const WRITTEN_ORDER: &'static [&'static str] = &[
        "preset",
        "players",
        "teams",
        "team_end",
        "launch",
        "three_sixes",
        "exact",
        "crossing",
        "crossing_hits",
        "scoring",
        "weather",
        "items",
        "stack_flight",
        "launch_roll",
        "hit",
        "jump",
    ];

    // hit and jump came after every record so far, written by none: left out while `must`.
    fn written(&self, key: &str) -> bool {
        match key {
            "hit" => self.hit != Obligation::Must,
            "jump" => self.jump != Obligation::Must,
            _ => true,
        }
    }

    fn check(&self, key: &str, value: &str) -> Result<(), ParseError> {
        if self.teams && self.players != 4 {
            return Err(ParseError::rule(
                format!("{key}={value}"),
                "teams need four players (give players=4 before teams=true)",
            ));
        }
        Ok(())
    }
}

const TEAM_END_NAMES: [(&str, TeamEnd); 2] = [("both", TeamEnd::Both), ("first", TeamEnd::First)];
const LAUNCH_NAMES: [(&str, Launch); 3] = [
    ("6", Launch::Six),
    ("5", Launch::FivePlus),
    ("even", Launch::Even),
];
const STACK_FLIGHT_NAMES: [(&str, bool); 2] = [("blocked", true), ("over", false)];
const LAUNCH_ROLL_NAMES: [(&str, bool); 2] = [("launched", true), ("any", false)];
const OBLIGATION_NAMES: [(&str, Obligation); 2] =
    [("must", Obligation::Must), ("may", Obligation::May)];
const SCORING_NAMES: [(&str, Scoring); 2] = [("points", Scoring::Points), ("win", Scoring::Win)];
