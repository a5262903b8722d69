//! Rule options of the Royal Game of Ur: the source text's reading (seed 000, 烏爾王朝棋) and
//! Finkel's rules (the ones the published solution uses). `ruleset` picks the family; the finer options
//! change one rule each, so every combination can be played and solved.

use crate::game::rules::{
    choice_name, parse_bool, parse_choice, parse_in_range, DeclaredRules, RuleKey,
};

/// The two rule families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ruleset {
    /// The source text: no exact roll to leave, a piece may land on its own piece (the text
    /// names no colour: "已有其它子進駐"), and landing on an occupied ordinary square sends the
    /// moving piece home ("走子的一方須受到將子退回基地的懲罰").
    #[default]
    Seed,
    /// Irving Finkel's rules as used by RoyalUr.net: exact roll to leave, no landing on one's own
    /// piece.
    Finkel,
}

/// Who goes home when a piece lands on an occupied ordinary square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Hit {
    /// The piece that was there (the usual capture: Finkel's rules, and every modern game).
    #[default]
    Occupant,
    /// The piece that moved: the text, "走子的一方須受到將子退回基地的懲罰" (the moving side is
    /// penalised by having a piece sent back to base); the default of `ruleset=seed`.
    Mover,
}

/// The rule variant. `ruleset` sets `exact`, `own` and `hit` to its family's values, so it comes
/// first in rule texts (`ruleset=finkel,pieces=2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UrRules {
    pub ruleset: Ruleset,
    /// Pieces a side, 1..=7 (7 in both families; fewer for small solvable versions).
    pub pieces: u8,
    /// Leaving the board needs the exact roll (Finkel) rather than any roll that reaches it.
    pub exact_exit: bool,
    /// A piece may land on its own piece on an ordinary square (the text), with the same effect
    /// as landing on an enemy (`hit`). A piece from home landing on its own piece then leaves
    /// the board as it was: a legal move that only spends the roll (docs/rules/ur.md).
    pub own_hit: bool,
    pub hit: Hit,
}

impl Default for UrRules {
    fn default() -> Self {
        UrRules::seed()
    }
}

impl UrRules {
    pub fn seed() -> Self {
        UrRules {
            ruleset: Ruleset::Seed,
            pieces: 7,
            exact_exit: false,
            own_hit: true,
            hit: Hit::Mover,
        }
    }
    pub fn finkel() -> Self {
        UrRules {
            ruleset: Ruleset::Finkel,
            pieces: 7,
            exact_exit: true,
            own_hit: false,
            hit: Hit::Occupant,
        }
    }
    /// These rules with `n` pieces a side.
    pub fn with_pieces(mut self, n: u8) -> Self {
        self.pieces = n;
        self
    }
}

pub const MAX_PIECES: u8 = 7;

impl DeclaredRules for UrRules {
    const GAME: &'static str = "Ur";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        RuleKey {
            key: "ruleset",
            values: &["seed", "finkel"],
            default: "seed",
            help: "rule family; sets exact, own and hit to its values, so give it first",
            set: |r, key, value| {
                let family = parse_choice(key, value, &RULESET_NAMES)?;
                let base = match family {
                    Ruleset::Seed => UrRules::seed(),
                    Ruleset::Finkel => UrRules::finkel(),
                };
                *r = base.with_pieces(r.pieces);
                Ok(())
            },
            get: |r| choice_name(r.ruleset, &RULESET_NAMES).to_string(),
        },
        RuleKey {
            key: "pieces",
            values: &["1..7"],
            default: "7",
            help: "pieces a side",
            set: |r, key, value| {
                r.pieces = parse_in_range(key, value, 1..=MAX_PIECES)?;
                Ok(())
            },
            get: |r| r.pieces.to_string(),
        },
        RuleKey {
            key: "exact",
            values: &["true", "false"],
            default: "false",
            help: "leaving the board needs the exact roll (finkel: true)",
            set: |r, key, value| {
                r.exact_exit = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.exact_exit.to_string(),
        },
        RuleKey {
            key: "own",
            values: &["hit", "blocked"],
            default: "hit",
            help: "landing on one's own piece on an ordinary square: sends it home (seed) or is not allowed (finkel)",
            set: |r, key, value| {
                r.own_hit = parse_choice(key, value, &OWN_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.own_hit, &OWN_NAMES).to_string(),
        },
        RuleKey {
            key: "hit",
            values: &["occupant", "mover"],
            default: "mover",
            help: "who goes home after landing on an occupied ordinary square: the piece there, or the mover (seed: mover; finkel: occupant)",
            set: |r, key, value| {
                r.hit = parse_choice(key, value, &HIT_NAMES)?;
                Ok(())
            },
            get: |r| choice_name(r.hit, &HIT_NAMES).to_string(),
        },
    ];
}

/// The names of `ruleset=`, `own=` and `hit=`, read and written from these tables.
const RULESET_NAMES: [(&str, Ruleset); 2] = [("seed", Ruleset::Seed), ("finkel", Ruleset::Finkel)];
const OWN_NAMES: [(&str, bool); 2] = [("hit", true), ("blocked", false)];
const HIT_NAMES: [(&str, Hit); 2] = [("occupant", Hit::Occupant), ("mover", Hit::Mover)];
