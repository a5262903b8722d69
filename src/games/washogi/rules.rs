//! Rule options of Wa shogi as values. The standard game (the seed's 原先版本) has no drops; the
//! seed's 打入 variant adds them. docs/rules/washogi.md gives the reasons for every default.

use crate::game::rules::{parse_bool, parse_choice, unknown_option, RuleOption, RuleSet};
use crate::game::ParseError;

/// What a side without a legal move (and not in check) gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Stalemate {
    /// It loses, as in shogi (a player who cannot move has lost).
    #[default]
    Loss,
    /// It draws, as in chess.
    Draw,
}

/// What the fourth occurrence of a position does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Repetition {
    /// Shogi's sennichite: a draw, except that a player who gave check with every move of the
    /// repetition loses.
    #[default]
    Shogi,
    /// A draw, perpetual check or not.
    Draw,
    /// Positions may repeat without end (for perft and tests; the arena's ply limit ends games).
    Off,
}

/// What makes the Crane King royal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Royal {
    /// As in shogi: no move may leave the own king attacked, and a side in check without a
    /// legal move is checkmated.
    #[default]
    Checkmate,
    /// As in Chu shogi practice and HaChu: every move is legal, checks may be ignored or walked
    /// into, and capturing the Crane King wins.
    Capture,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct WaRules {
    /// Captured pieces go to the captor's hand and may be dropped (seed 004's 打入).
    pub drops: bool,
    pub stalemate: Stalemate,
    pub repetition: Repetition,
    pub royal: Royal,
}

impl WaRules {
    pub const WITH_DROPS: WaRules = WaRules {
        drops: true,
        stalemate: Stalemate::Loss,
        repetition: Repetition::Shogi,
        royal: Royal::Checkmate,
    };

    /// Moves may leave the own king attacked (the king is taken, not mated).
    pub fn king_capture(&self) -> bool {
        self.royal == Royal::Capture
    }
}

const STALEMATE: [(&str, Stalemate); 2] = [("loss", Stalemate::Loss), ("draw", Stalemate::Draw)];
const REPETITION: [(&str, Repetition); 3] = [
    ("shogi", Repetition::Shogi),
    ("draw", Repetition::Draw),
    ("off", Repetition::Off),
];
const ROYAL: [(&str, Royal); 2] = [("checkmate", Royal::Checkmate), ("capture", Royal::Capture)];

fn name_of<T: PartialEq + Copy>(table: &[(&'static str, T)], v: T) -> &'static str {
    table
        .iter()
        .find(|(_, x)| *x == v)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

impl RuleSet for WaRules {
    fn options() -> Vec<RuleOption> {
        vec![
            RuleOption {
                key: "drops",
                values: vec!["false", "true"],
                default: "false",
                help: "captured pieces go to the hand and may be dropped (seed 004's 打入; CrazyWa's game)",
            },
            RuleOption {
                key: "stalemate",
                values: vec!["loss", "draw"],
                default: "loss",
                help: "a side with no legal move that is not in check loses (shogi) or draws (chess)",
            },
            RuleOption {
                key: "repetition",
                values: vec!["shogi", "draw", "off"],
                default: "shogi",
                help: "fourth occurrence of a position: draw, but perpetual check loses (shogi) / always a draw / no rule",
            },
            RuleOption {
                key: "royal",
                values: vec!["checkmate", "capture"],
                default: "checkmate",
                help: "no move may leave the own king attacked, checkmate wins (shogi) / any move is legal, capturing the Crane King wins (Chu shogi practice, HaChu)",
            },
        ]
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        match key {
            "drops" => self.drops = parse_bool(key, value)?,
            "stalemate" => self.stalemate = parse_choice(key, value, &STALEMATE)?,
            "repetition" => self.repetition = parse_choice(key, value, &REPETITION)?,
            "royal" => self.royal = parse_choice(key, value, &ROYAL)?,
            _ => return Err(unknown_option::<Self>("Wa shogi", key)),
        }
        Ok(())
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("drops", self.drops.to_string()),
            ("stalemate", name_of(&STALEMATE, self.stalemate).to_string()),
            (
                "repetition",
                name_of(&REPETITION, self.repetition).to_string(),
            ),
            ("royal", name_of(&ROYAL, self.royal).to_string()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_and_refuse_nonsense() {
        let r = WaRules::parse("drops=true,repetition=off,royal=capture").unwrap();
        assert!(r.drops);
        assert!(r.king_capture());
        assert_eq!(r.repetition, Repetition::Off);
        assert_eq!(WaRules::parse(&r.to_text()).unwrap(), r);
        assert!(WaRules::parse("drops=maybe").is_err());
        assert!(WaRules::parse("royal=maybe").is_err());
        assert!(WaRules::parse("castling=true").is_err());
        assert_eq!(WaRules::parse("").unwrap(), WaRules::default());
    }
}
