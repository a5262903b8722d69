//! Rule options of Wa shogi as values. The standard game (the seed's 原先版本) has no drops; the
//! seed's 打入 variant adds them. docs/rules/washogi.md gives the reasons for every default.

use crate::game::rules::{parse_bool, parse_choice, parse_in_range, DeclaredRules, RuleKey};

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

/// What happens when neither side has a piece but its Crane King (on the board or in hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BareKings {
    /// A draw at once: a lone king can never give mate, so neither side can win (chess's dead
    /// position; issue 41 found random games wandering thousands of plies with bare kings).
    #[default]
    Draw,
    /// Play on (the repetition rule or `max_plies` ends such a game).
    Play,
}

/// The default of `max_plies`: shogi servers end a game in a draw at a move count (Floodgate
/// and the CSA tournaments at 256 plies); Wa shogi's board has half again as many squares and its
/// armies a third more pieces, so about twice that.
pub const DEFAULT_MAX_PLIES: u16 = 500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WaRules {
    /// Captured pieces go to the captor's hand and may be dropped (seed 004's 打入).
    pub drops: bool,
    pub stalemate: Stalemate,
    pub repetition: Repetition,
    pub royal: Royal,
    pub bare_kings: BareKings,
    /// The game is drawn once this many plies were played from the position it began in
    /// (0: no limit).
    pub max_plies: u16,
}

impl Default for WaRules {
    fn default() -> Self {
        WaRules {
            drops: false,
            stalemate: Stalemate::Loss,
            repetition: Repetition::Shogi,
            royal: Royal::Checkmate,
            bare_kings: BareKings::Draw,
            max_plies: DEFAULT_MAX_PLIES,
        }
    }
}

impl WaRules {
    pub const WITH_DROPS: WaRules = WaRules {
        drops: true,
        stalemate: Stalemate::Loss,
        repetition: Repetition::Shogi,
        royal: Royal::Checkmate,
        bare_kings: BareKings::Draw,
        max_plies: DEFAULT_MAX_PLIES,
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
const BARE_KINGS: [(&str, BareKings); 2] = [("draw", BareKings::Draw), ("play", BareKings::Play)];

fn name_of<T: PartialEq + Copy>(table: &[(&'static str, T)], v: T) -> &'static str {
    table
        .iter()
        .find(|(_, x)| *x == v)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

impl DeclaredRules for WaRules {
    const GAME: &'static str = "Wa shogi";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        RuleKey {
            key: "drops",
            values: &["false", "true"],
            default: "false",
            help: "captured pieces go to the hand and may be dropped (seed 004's 打入; CrazyWa's game)",
            set: |r, key, value| {
                r.drops = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.drops.to_string(),
        },
        RuleKey {
            key: "stalemate",
            values: &["loss", "draw"],
            default: "loss",
            help: "a side with no legal move that is not in check loses (shogi) or draws (chess)",
            set: |r, key, value| {
                r.stalemate = parse_choice(key, value, &STALEMATE)?;
                Ok(())
            },
            get: |r| name_of(&STALEMATE, r.stalemate).to_string(),
        },
        RuleKey {
            key: "repetition",
            values: &["shogi", "draw", "off"],
            default: "shogi",
            help: "fourth occurrence of a position: draw, but perpetual check loses (shogi) / always a draw / no rule",
            set: |r, key, value| {
                r.repetition = parse_choice(key, value, &REPETITION)?;
                Ok(())
            },
            get: |r| name_of(&REPETITION, r.repetition).to_string(),
        },
        RuleKey {
            key: "royal",
            values: &["checkmate", "capture"],
            default: "checkmate",
            help: "no move may leave the own king attacked, checkmate wins (shogi) / any move is legal, capturing the Crane King wins (Chu shogi practice, HaChu)",
            set: |r, key, value| {
                r.royal = parse_choice(key, value, &ROYAL)?;
                Ok(())
            },
            get: |r| name_of(&ROYAL, r.royal).to_string(),
        },
        RuleKey {
            key: "bare_kings",
            values: &["draw", "play"],
            default: "draw",
            help: "neither side has a piece but its Crane King (board and hand): a draw, as no mate is possible / play on",
            set: |r, key, value| {
                r.bare_kings = parse_choice(key, value, &BARE_KINGS)?;
                Ok(())
            },
            get: |r| name_of(&BARE_KINGS, r.bare_kings).to_string(),
        },
        RuleKey {
            key: "max_plies",
            values: &["0..=65535"],
            default: "500",
            help: "a draw once this many plies were played from the start position (shogi servers' move limit; 0: none)",
            set: |r, key, value| {
                r.max_plies = parse_in_range(key, value, 0..=u16::MAX)?;
                Ok(())
            },
            get: |r| r.max_plies.to_string(),
        },
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleSet;

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
        let r = WaRules::parse("bare_kings=play,max_plies=0").unwrap();
        assert_eq!((r.bare_kings, r.max_plies), (BareKings::Play, 0));
        assert_eq!(WaRules::parse(&r.to_text()).unwrap(), r);
        let e = WaRules::parse("max_plies=99999999999")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("max_plies=99999999999") && e.contains("0..=65535"),
            "{e}"
        );
        assert!(WaRules::parse("bare_kings=maybe").is_err());
    }
}
