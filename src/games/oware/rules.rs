//! Oware rule options. The seed's rules (003, 宝石棋) are the default; `preset=abapa` gives the
//! Abapa tournament rules as OpenSpiel's `oware` implements them. docs/rules/oware.md says why
//! each default is what it is and which reading each option stands for.

use crate::game::rules::{
    choice_name, parse_bool, parse_choice, parse_in_range, preset_key, DeclaredRules, Presets,
    RuleKey, RuleSet,
};

/// What a capture that would take every seed of the opponent's row does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrandSlam {
    /// It captures them all (the seed: the backward chain takes every house while it holds).
    Capture,
    /// The seeds are sown but nothing is captured (Abapa, OpenSpiel).
    Nothing,
    /// The move is not allowed, unless every legal move is one; then it captures nothing.
    Forbidden,
}

/// Who gets the seeds on the board when the game ends because a row is empty (a side cannot
/// move, or under the seed's rules as soon as one row is empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leftover {
    /// Each side takes the seeds in its own row.
    Own,
    /// They count for nobody.
    Nobody,
}

/// How a position that repeats (since the last capture) ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cycle {
    /// The game ends and the seeds on the board are shared equally: they change nobody's lead.
    /// The one reading under which a position's value does not depend on the moves that led to
    /// it, so the endgame database is exact (the default of `preset=seed`, where the text says
    /// nothing: our choice; docs/rules/oware.md).
    Split,
    /// The game ends and each side takes the seeds in its own row (Abapa, OpenSpiel).
    Collect,
}

/// When the game ends besides a side being unable to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Play goes on until a row is empty (the seed).
    Exhaust,
    /// The game also ends as soon as a side has captured more than half of the seeds, or both
    /// exactly half (Abapa, OpenSpiel); the seeds on the board then go to the owners of the rows.
    Majority,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwareRules {
    /// Seeds in each house at the start (the seed: three or four).
    pub seeds: u8,
    /// A sowing of 12 or more seeds skips the house it started from (the seed: sown into "the
    /// other houses", 其他的洞).
    pub skip_origin: bool,
    /// A player must give seeds to an opponent whose row is empty, if any move can.
    pub must_feed: bool,
    pub grand_slam: GrandSlam,
    /// With `must_feed`: when no move can feed the empty opponent, the game ends and the seeds
    /// on the board go to the player who could not feed them (`Own`) or to nobody.
    pub unfed: Leftover,
    /// The seeds on the board when a row is empty ends the game.
    pub leftover: Leftover,
    pub cycle: Cycle,
    pub end: End,
}

impl OwareRules {
    /// The seed's rules: four seeds a house, the origin skipped, no feeding obligation, the game
    /// over as soon as a row is empty (each side keeping its own seeds), a grand slam captures.
    pub const SEED: OwareRules = OwareRules {
        seeds: 4,
        skip_origin: true,
        must_feed: false,
        grand_slam: GrandSlam::Capture,
        unfed: Leftover::Own,
        leftover: Leftover::Own,
        cycle: Cycle::Split,
        end: End::Exhaust,
    };
    /// Abapa, as OpenSpiel's `oware` plays it: must feed, a grand slam captures nothing, the
    /// origin skipped, and an unfeedable opponent or a repeated position ends the game with each
    /// side taking its own seeds; more than half the seeds wins at once.
    pub const ABAPA: OwareRules = OwareRules {
        seeds: 4,
        skip_origin: true,
        must_feed: true,
        grand_slam: GrandSlam::Nothing,
        unfed: Leftover::Own,
        leftover: Leftover::Own,
        cycle: Cycle::Collect,
        end: End::Majority,
    };

    /// The options that decide the value of a board (what an endgame database depends on):
    /// everything except the start count and `end` (which ends a game early without changing
    /// who wins it) as text.
    pub fn value_rules_text(&self) -> String {
        let all = self.values();
        all.iter()
            .filter(|(k, _)| !matches!(*k, "preset" | "seeds" | "end"))
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Whether two rule sets give every board the same value (see `value_rules_text`).
    pub fn same_values(&self, other: &OwareRules) -> bool {
        OwareRules {
            seeds: other.seeds,
            end: other.end,
            ..*self
        } == *other
    }
}

/// A preset sets every option: its readings are the whole rule set.
impl Presets for OwareRules {
    type Readings = OwareRules;
    const PRESETS: &'static [(&'static str, OwareRules)] =
        &[("seed", OwareRules::SEED), ("abapa", OwareRules::ABAPA)];

    fn readings(&self) -> OwareRules {
        *self
    }
    fn set_readings(&mut self, rules: OwareRules) {
        *self = rules;
    }
}

impl Default for OwareRules {
    fn default() -> Self {
        OwareRules::SEED
    }
}

const LEFTOVER: [(&str, Leftover); 2] = [("own", Leftover::Own), ("nobody", Leftover::Nobody)];
const GRAND_SLAM: [(&str, GrandSlam); 3] = [
    ("capture", GrandSlam::Capture),
    ("nothing", GrandSlam::Nothing),
    ("forbidden", GrandSlam::Forbidden),
];
const CYCLE: [(&str, Cycle); 2] = [("split", Cycle::Split), ("collect", Cycle::Collect)];
const END: [(&str, End); 2] = [("exhaust", End::Exhaust), ("majority", End::Majority)];

impl DeclaredRules for OwareRules {
    const GAME: &'static str = "oware";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        preset_key(
            &["seed", "abapa"],
            "seed",
            "sets every option below: the seed's rules, or Abapa as OpenSpiel's oware plays it; later options override",
        ),
        RuleKey {
            key: "seeds",
            values: &["1..8"],
            default: "4",
            help: "seeds in each house at the start (the seed allows 3 or 4)",
            set: |r, key, value| {
                r.seeds = parse_in_range(key, value, 1..=8)?;
                Ok(())
            },
            get: |r| r.seeds.to_string(),
        },
        RuleKey {
            key: "skip_origin",
            values: &["true", "false"],
            default: "true",
            help: "a sowing of 12 or more seeds skips the house it started from",
            set: |r, key, value| {
                r.skip_origin = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.skip_origin.to_string(),
        },
        RuleKey {
            key: "must_feed",
            values: &["false", "true"],
            default: "false",
            help: "a player must give seeds to an opponent with an empty row when a move can; false: an empty row ends the game at once",
            set: |r, key, value| {
                r.must_feed = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.must_feed.to_string(),
        },
        RuleKey {
            key: "grand_slam",
            values: &["capture", "nothing", "forbidden"],
            default: "capture",
            help: "a capture that would empty the opponent's row: takes everything, takes nothing, or is not allowed",
            set: |r, key, value| {
                r.grand_slam = parse_choice(key, value, &GRAND_SLAM)?;
                Ok(())
            },
            get: |r| choice_name(r.grand_slam, &GRAND_SLAM).to_string(),
        },
        RuleKey {
            key: "unfed",
            values: &["own", "nobody"],
            default: "own",
            help: "with must_feed, an opponent that cannot be fed ends the game; the board's seeds go to the player who could not feed (own row) or count for nobody",
            set: |r, key, value| {
                r.unfed = parse_choice(key, value, &LEFTOVER)?;
                Ok(())
            },
            get: |r| choice_name(r.unfed, &LEFTOVER).to_string(),
        },
        RuleKey {
            key: "leftover",
            values: &["own", "nobody"],
            default: "own",
            help: "when an empty row ends the game, each side takes its own seeds, or they count for nobody",
            set: |r, key, value| {
                r.leftover = parse_choice(key, value, &LEFTOVER)?;
                Ok(())
            },
            get: |r| choice_name(r.leftover, &LEFTOVER).to_string(),
        },
        RuleKey {
            key: "cycle",
            values: &["split", "collect"],
            default: "split",
            help: "a position repeated since the last capture ends the game: the board's seeds are shared equally, or each side takes its own",
            set: |r, key, value| {
                r.cycle = parse_choice(key, value, &CYCLE)?;
                Ok(())
            },
            get: |r| choice_name(r.cycle, &CYCLE).to_string(),
        },
        RuleKey {
            key: "end",
            values: &["exhaust", "majority"],
            default: "exhaust",
            help: "play on until a row is empty, or also stop when a side has captured more than half of the seeds",
            set: |r, key, value| {
                r.end = parse_choice(key, value, &END)?;
                Ok(())
            },
            get: |r| choice_name(r.end, &END).to_string(),
        },
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_round_trip_and_overrides() {
        assert_eq!(OwareRules::default().preset_name(), "seed");
        let abapa = OwareRules::parse("preset=abapa").unwrap();
        assert_eq!(abapa, OwareRules::ABAPA);
        assert_eq!(OwareRules::parse(&abapa.to_text()).unwrap(), abapa);
        let r = OwareRules::parse("preset=abapa,cycle=split,seeds=3").unwrap();
        assert_eq!(r.preset_name(), "custom");
        assert_eq!(OwareRules::parse(&r.to_text()).unwrap(), r);
        assert!(r.same_values(&OwareRules {
            seeds: 4,
            end: End::Exhaust,
            ..r
        }));
        assert!(!r.same_values(&OwareRules::ABAPA));
        for bad in [
            "seeds=0",
            "seeds=9",
            "grand_slam=half",
            "cycle=3",
            "colour=red",
        ] {
            assert!(OwareRules::parse(bad).is_err(), "{bad}");
        }
    }
}
