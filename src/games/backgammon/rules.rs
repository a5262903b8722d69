//! The rule options of backgammon (seed 003), as values. The standard game is the default: the
//! doubling cube in play up to 64, gammons and backgammons counted, a single money game, none of
//! the optional money-play rules (the seed lists beavers, automatic doubles and the Jacoby rule
//! as options to be agreed, 可选规则). `match=N` plays a whole match to N points instead, with the
//! Crawford rule unless `crawford=false`; the optional money rules are refused in a match (the
//! seed: 竞赛玩法...不能使用 automatic doubles、The Jacoby Rule 或是 beavers).

use crate::game::rules::{
    choice_name, parse_bool, parse_choice, parse_in_range, parse_number, preset_key, DeclaredRules,
    Presets, RuleKey,
};
use crate::game::ParseError;

/// The longest match the position text and gnubg's match id can hold (15 bits in the match id).
pub const MAX_MATCH_LENGTH: u16 = 32_767;
/// The largest cube value the rules allow (gnubg's MAX_CUBE is 4096; the seed's cube shows 64).
pub const LARGEST_CUBE: u16 = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BgRules {
    /// The doubling cube is in play. `cube=false` gives cubeless games (points: 1, 2 or 3).
    pub cube: bool,
    /// The highest value the cube may be turned to (a power of two, 2..=4096; the seed: 64).
    pub max_cube: u16,
    /// Beavers allowed in a row after a double (money play only): 0 none, 1 beavers, 2 and more
    /// also raccoons. A beaver is an immediate redouble by the taker, who keeps the cube; the
    /// doubler may take it, drop it (losing the doubled stake) or, with raccoons, redouble again.
    pub beavers: u8,
    /// How many automatic doubles a game may have (money play only): a tie on the opening roll
    /// turns the centred cube and the dice are rolled again.
    pub auto_doubles: u8,
    /// The Jacoby rule (money play only): gammons and backgammons count as single games while
    /// the cube is centred.
    pub jacoby: bool,
    /// Gammons (x2) and backgammons (x3) count. `gammons=false` is the seed's "Single Game"
    /// reading, where only the cube multiplies the stake (OpenSpiel's winloss_scoring).
    pub gammons: bool,
    /// 0: one money game. N > 0: a match to N points; the game state runs from game to game and
    /// the match winner takes it.
    pub match_length: u16,
    /// The Crawford rule in matches: no doubling in the game after a player first reaches
    /// N - 1 points (the Crawford game); doubling resumes after it (post-Crawford).
    pub crawford: bool,
    /// The text's opening rule: the winner of the opening roll may play the two opening dice
    /// or roll its own two dice instead (a decision `keep` / `reroll`).
    pub opening_reroll: bool,
    /// A refused beaver (or raccoon) ends the game (the standard, gnubg) or, as the text says,
    /// the refuser pays the stake before the redouble and play goes on at that stake.
    pub beaver_drop: BeaverDrop,
    /// Which checkers a die larger than needed bears off.
    pub bear_off: BearOff,
    /// When only one die of a non-double can be played, the larger must be (the standard; the
    /// text gives it as "some rules", 有些规则中).
    pub larger_die: bool,
    /// Whether a side may double when the cube is dead for it in a match.
    pub dead_cube: DeadCube,
}

/// What refusing a beaver (a redouble) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BeaverDrop {
    /// The game ends; the refuser loses the stake before the redouble (gnubg, the standard).
    End,
    /// The text (拒绝则付出2分的代价后按2倍率继续游戏): the refuser pays that stake now and the
    /// game goes on with the cube at it, owned by the side that redoubled; the side whose turn
    /// it was rolls next.
    Continue,
}

/// Which checker a die larger than its distance may bear off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BearOff {
    /// Only a checker on the highest occupied point (the standard rule, gnubg, OpenSpiel).
    Highest,
    /// Any checker whose distance is at most the die (the text: 当抛出的点数大于棋子剩下的步数时
    /// 这个棋子就可以Bear off了).
    Larger,
}

/// Cube decisions in a match when the cube is dead for the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadCube {
    /// No decision is offered (gnubg): a side whose score plus the cube already wins, or the
    /// leader post-Crawford, does not double.
    Skip,
    /// The cube may be turned in every game but the Crawford game (the text: 除了Crawford
    /// game外,其他情况可以使用倍数骰子), dead or not.
    Offer,
}

const BEAVER_DROP_NAMES: [(&str, BeaverDrop); 2] =
    [("end", BeaverDrop::End), ("continue", BeaverDrop::Continue)];
const BEAR_OFF_NAMES: [(&str, BearOff); 2] =
    [("highest", BearOff::Highest), ("larger", BearOff::Larger)];
const DEAD_CUBE_NAMES: [(&str, DeadCube); 2] =
    [("skip", DeadCube::Skip), ("offer", DeadCube::Offer)];

/// The six readings a preset sets: opening reroll, beaver drop, bear-off, larger die, the cube's
/// maximum, dead cubes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    opening_reroll: bool,
    beaver_drop: BeaverDrop,
    bear_off: BearOff,
    larger_die: bool,
    max_cube: u16,
    dead_cube: DeadCube,
}

/// The standard game, as gnubg and OpenSpiel play it.
const STANDARD: Readings = Readings {
    opening_reroll: false,
    beaver_drop: BeaverDrop::End,
    bear_off: BearOff::Highest,
    larger_die: true,
    max_cube: 64,
    dead_cube: DeadCube::Skip,
};

/// The source text: the opening reroll, a refused beaver pays and play goes on, any checker
/// bears off with a larger die, no larger-die rule ("some rules" only), the cube to 32 (倍数以
/// 2,4,8,16,32渐增), the cube in every game but the Crawford game.
const SEED: Readings = Readings {
    opening_reroll: true,
    beaver_drop: BeaverDrop::Continue,
    bear_off: BearOff::Larger,
    larger_die: false,
    max_cube: 32,
    dead_cube: DeadCube::Offer,
};

impl Default for BgRules {
    fn default() -> Self {
        BgRules {
            cube: true,
            max_cube: STANDARD.max_cube,
            beavers: 0,
            auto_doubles: 0,
            jacoby: false,
            gammons: true,
            match_length: 0,
            crawford: true,
            opening_reroll: STANDARD.opening_reroll,
            beaver_drop: STANDARD.beaver_drop,
            bear_off: STANDARD.bear_off,
            larger_die: STANDARD.larger_die,
            dead_cube: STANDARD.dead_cube,
        }
    }
}

impl BgRules {
    /// Cubeless money play (the rules of the cubeless strength matches).
    pub fn cubeless() -> Self {
        BgRules {
            cube: false,
            ..Default::default()
        }
    }

    /// A match to `n` points with the cube and the Crawford rule.
    pub fn match_to(n: u16) -> Self {
        BgRules {
            match_length: n,
            ..Default::default()
        }
    }

    /// The source text's rules (`preset=seed`) with the other options at their defaults.
    pub fn seed() -> Self {
        let mut r = BgRules::default();
        r.set_readings(SEED);
        r
    }

    pub fn is_money(&self) -> bool {
        self.match_length == 0
    }

    /// The log2 of `max_cube`.
    pub fn max_cube_log(&self) -> u8 {
        self.max_cube.trailing_zeros() as u8
    }
}

impl Presets for BgRules {
    type Readings = Readings;
    const PRESETS: &'static [(&'static str, Readings)] = &[("standard", STANDARD), ("seed", SEED)];

    fn readings(&self) -> Readings {
        Readings {
            opening_reroll: self.opening_reroll,
            beaver_drop: self.beaver_drop,
            bear_off: self.bear_off,
            larger_die: self.larger_die,
            max_cube: self.max_cube,
            dead_cube: self.dead_cube,
        }
    }

    fn set_readings(&mut self, r: Readings) {
        self.opening_reroll = r.opening_reroll;
        self.beaver_drop = r.beaver_drop;
        self.bear_off = r.bear_off;
        self.larger_die = r.larger_die;
        self.max_cube = r.max_cube;
        self.dead_cube = r.dead_cube;
    }
}

impl DeclaredRules for BgRules {
    const GAME: &'static str = "backgammon";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        preset_key(
            &["standard", "seed"],
            "standard",
            "sets the six readings below where the source text and the standard game differ: standard (gnubg, OpenSpiel) or seed; later options override",
        ),
        RuleKey {
            key: "cube",
            values: &["true", "false"],
            default: "true",
            help: "the doubling cube is in play (false: cubeless games)",
            set: |r, key, value| {
                r.cube = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.cube.to_string(),
        },
        RuleKey {
            key: "max_cube",
            values: &["2", "4", "...", "4096"],
            default: "64",
            help: "the highest cube value, a power of two 2..4096 (the text: 32)",
            set: |r, key, value| {
                let v: u16 = parse_number(key, value)?;
                if !(2..=LARGEST_CUBE).contains(&v) || !v.is_power_of_two() {
                    return Err(ParseError::rule(
                        format!("{key}={value}"),
                        "the cube's highest value is a power of two from 2 to 4096",
                    ));
                }
                r.max_cube = v;
                Ok(())
            },
            get: |r| r.max_cube.to_string(),
        },
        RuleKey {
            key: "beavers",
            values: &["integer"],
            default: "0",
            help: "beavers (and raccoons when 2+) allowed after a double; money play only",
            set: |r, key, value| {
                r.beavers = match value {
                    "true" | "on" | "yes" => 1,
                    "false" | "off" | "no" => 0,
                    _ => parse_number(key, value)?,
                };
                Ok(())
            },
            get: |r| r.beavers.to_string(),
        },
        RuleKey {
            key: "auto_doubles",
            values: &["integer"],
            default: "0",
            help: "automatic doubles on opening ties, at most this many; money play only",
            set: |r, key, value| {
                r.auto_doubles = parse_number(key, value)?;
                Ok(())
            },
            get: |r| r.auto_doubles.to_string(),
        },
        RuleKey {
            key: "jacoby",
            values: &["true", "false"],
            default: "false",
            help: "Jacoby rule: no gammons while the cube is centred; money play only",
            set: |r, key, value| {
                r.jacoby = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.jacoby.to_string(),
        },
        RuleKey {
            key: "gammons",
            values: &["true", "false"],
            default: "true",
            help: "gammons and backgammons count x2 and x3 (false: the seed's single game)",
            set: |r, key, value| {
                r.gammons = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.gammons.to_string(),
        },
        RuleKey {
            key: "match",
            values: &["integer"],
            default: "0",
            help: "0: a money game; N: a match to N points (the whole match is one game state)",
            set: |r, key, value| {
                r.match_length = parse_in_range(key, value, 0..=MAX_MATCH_LENGTH)?;
                Ok(())
            },
            get: |r| r.match_length.to_string(),
        },
        RuleKey {
            key: "crawford",
            values: &["true", "false"],
            default: "true",
            help: "the Crawford rule in matches",
            set: |r, key, value| {
                r.crawford = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.crawford.to_string(),
        },
        RuleKey {
            key: "opening_reroll",
            values: &["true", "false"],
            default: "false",
            help: "the opening roll's winner may reroll its own two dice instead (the text: true)",
            set: |r, key, value| {
                r.opening_reroll = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.opening_reroll.to_string(),
        },
        RuleKey {
            key: "beaver_drop",
            values: &["end", "continue"],
            default: "end",
            help: "a refused beaver ends the game, or (continue, the text) the refuser pays the stake and play goes on at it",
            set: |r, key, value| {
                r.beaver_drop = parse_choice(key, value, &BEAVER_DROP_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.beaver_drop, &BEAVER_DROP_NAMES).to_string(),
        },
        RuleKey {
            key: "bear_off",
            values: &["highest", "larger"],
            default: "highest",
            help: "a die larger than needed bears off only from the highest point, or (larger, the text) any checker it is larger than",
            set: |r, key, value| {
                r.bear_off = parse_choice(key, value, &BEAR_OFF_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.bear_off, &BEAR_OFF_NAMES).to_string(),
        },
        RuleKey {
            key: "larger_die",
            values: &["true", "false"],
            default: "true",
            help: "when only one die can be played, the larger must be (the text: only in some rules)",
            set: |r, key, value| {
                r.larger_die = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.larger_die.to_string(),
        },
        RuleKey {
            key: "dead_cube",
            values: &["skip", "offer"],
            default: "skip",
            help: "in a match, no double when the cube is dead for the roller, or (offer, the text) the cube in every game but the Crawford game",
            set: |r, key, value| {
                r.dead_cube = parse_choice(key, value, &DEAD_CUBE_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.dead_cube, &DEAD_CUBE_NAMES).to_string(),
        },
    ];

    /// Refuses option combinations that are not backgammon (money-only rules in a match).
    fn check(&self, key: &str, value: &str) -> Result<(), ParseError> {
        if self.match_length > 0 {
            let bad = if self.beavers > 0 {
                Some("beavers belong")
            } else if self.auto_doubles > 0 {
                Some("automatic doubles belong")
            } else if self.jacoby {
                Some("the Jacoby rule belongs")
            } else {
                None
            };
            if let Some(what) = bad {
                return Err(ParseError::rule(
                    format!("{key}={value}"),
                    format!(
                        "{what} to money play, not to a match (match={})",
                        self.match_length
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleSet;

    #[test]
    fn defaults_round_trip_and_money_rules_refuse_a_match() {
        let r = BgRules::default();
        assert_eq!(BgRules::parse(&r.to_text()).unwrap(), r);
        let m = BgRules::parse("match=7").unwrap();
        assert_eq!(m.match_length, 7);
        assert!(m.crawford);
        for bad in [
            "match=7,beavers=1",
            "beavers=1,match=7",
            "jacoby=true,match=5",
            "match=3,auto_doubles=2",
        ] {
            let e = BgRules::parse(bad).unwrap_err();
            assert!(e.reason.contains("money play"), "{bad}: {e}");
        }
        assert!(BgRules::parse("max_cube=48").is_err());
        assert!(BgRules::parse("max_cube=8192").is_err());
        assert_eq!(BgRules::parse("beavers=true").unwrap().beavers, 1);
        assert!(BgRules::parse("match=40000").is_err());
        assert!(BgRules::parse("colour=red").is_err());
    }

    #[test]
    fn presets_set_the_texts_readings_and_nothing_else() {
        let standard = BgRules::default();
        assert_eq!(standard.preset_name(), "standard");
        assert!(!standard.opening_reroll && standard.larger_die);
        assert_eq!(
            (standard.beaver_drop, standard.bear_off, standard.max_cube),
            (BeaverDrop::End, BearOff::Highest, 64)
        );
        assert_eq!(standard.dead_cube, DeadCube::Skip);
        let seed = BgRules::parse("preset=seed").unwrap();
        assert_eq!(seed, BgRules::seed());
        assert_eq!(seed.preset_name(), "seed");
        assert!(seed.opening_reroll && !seed.larger_die);
        assert_eq!(
            (seed.beaver_drop, seed.bear_off, seed.max_cube),
            (BeaverDrop::Continue, BearOff::Larger, 32)
        );
        assert_eq!(seed.dead_cube, DeadCube::Offer);
        assert_eq!(BgRules::parse(&seed.to_text()).unwrap(), seed);
        // The other options are no part of a preset.
        let m = BgRules::parse("preset=seed,match=7,gammons=false").unwrap();
        assert_eq!(m.preset_name(), "seed");
        assert_eq!(m.match_length, 7);
        let c = BgRules::parse("preset=seed,larger_die=true").unwrap();
        assert_eq!(c.preset_name(), "custom");
        assert_eq!(BgRules::parse(&c.to_text()).unwrap(), c);
        assert!(BgRules::parse("preset=fibs").is_err());
        assert!(BgRules::parse("bear_off=any").is_err());
    }
}
