//! The rule options of backgammon (seed 003), as values. The standard game is the default: the
//! doubling cube in play up to 64, gammons and backgammons counted, a single money game, none of
//! the optional money-play rules (the seed lists beavers, automatic doubles and the Jacoby rule
//! as options to be agreed, 可选规则). `match=N` plays a whole match to N points instead, with the
//! Crawford rule unless `crawford=false`; the optional money rules are refused in a match (the
//! seed: 竞赛玩法...不能使用 automatic doubles、The Jacoby Rule 或是 beavers).

use crate::game::rules::{
    parse_bool, parse_in_range, parse_number, unknown_option, RuleOption, RuleSet,
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
    /// The seed's opening option: the winner of the opening roll may play the two opening dice
    /// or roll its own two dice instead (a decision `keep` / `reroll`).
    pub opening_reroll: bool,
}

impl Default for BgRules {
    fn default() -> Self {
        BgRules {
            cube: true,
            max_cube: 64,
            beavers: 0,
            auto_doubles: 0,
            jacoby: false,
            gammons: true,
            match_length: 0,
            crawford: true,
            opening_reroll: false,
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

    pub fn is_money(&self) -> bool {
        self.match_length == 0
    }

    /// The log2 of `max_cube`.
    pub fn max_cube_log(&self) -> u8 {
        self.max_cube.trailing_zeros() as u8
    }

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

const OPTIONS: &[(&str, &str, &str)] = &[
    (
        "cube",
        "true",
        "the doubling cube is in play (false: cubeless games)",
    ),
    (
        "max_cube",
        "64",
        "the highest cube value, a power of two 2..4096",
    ),
    (
        "beavers",
        "0",
        "beavers (and raccoons when 2+) allowed after a double; money play only",
    ),
    (
        "auto_doubles",
        "0",
        "automatic doubles on opening ties, at most this many; money play only",
    ),
    (
        "jacoby",
        "false",
        "Jacoby rule: no gammons while the cube is centred; money play only",
    ),
    (
        "gammons",
        "true",
        "gammons and backgammons count x2 and x3 (false: the seed's single game)",
    ),
    (
        "match",
        "0",
        "0: a money game; N: a match to N points (the whole match is one game state)",
    ),
    ("crawford", "true", "the Crawford rule in matches"),
    (
        "opening_reroll",
        "false",
        "the opening roll's winner may reroll its own two dice instead",
    ),
];

impl RuleSet for BgRules {
    fn options() -> Vec<RuleOption> {
        OPTIONS
            .iter()
            .map(|&(key, default, help)| RuleOption {
                key,
                values: match key {
                    "max_cube" => vec!["2", "4", "...", "4096"],
                    "beavers" | "auto_doubles" | "match" => vec!["integer"],
                    _ => vec!["true", "false"],
                },
                default,
                help,
            })
            .collect()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        let mut next = *self;
        match key {
            "cube" => next.cube = parse_bool(key, value)?,
            "max_cube" => {
                let v: u16 = parse_number(key, value)?;
                if !(2..=LARGEST_CUBE).contains(&v) || !v.is_power_of_two() {
                    return Err(ParseError::rule(
                        format!("{key}={value}"),
                        "the cube's highest value is a power of two from 2 to 4096",
                    ));
                }
                next.max_cube = v;
            }
            "beavers" => {
                next.beavers = match value {
                    "true" | "on" | "yes" => 1,
                    "false" | "off" | "no" => 0,
                    _ => parse_number(key, value)?,
                }
            }
            "auto_doubles" => next.auto_doubles = parse_number(key, value)?,
            "jacoby" => next.jacoby = parse_bool(key, value)?,
            "gammons" => next.gammons = parse_bool(key, value)?,
            "match" => {
                next.match_length = parse_in_range(key, value, 0..=MAX_MATCH_LENGTH)?;
            }
            "crawford" => next.crawford = parse_bool(key, value)?,
            "opening_reroll" => next.opening_reroll = parse_bool(key, value)?,
            _ => return Err(unknown_option::<Self>("backgammon", key)),
        }
        next.check(key, value)?;
        *self = next;
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("cube", self.cube.to_string()),
            ("max_cube", self.max_cube.to_string()),
            ("beavers", self.beavers.to_string()),
            ("auto_doubles", self.auto_doubles.to_string()),
            ("jacoby", self.jacoby.to_string()),
            ("gammons", self.gammons.to_string()),
            ("match", self.match_length.to_string()),
            ("crawford", self.crawford.to_string()),
            ("opening_reroll", self.opening_reroll.to_string()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
