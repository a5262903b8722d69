//! The rule switches shared by both boards, and named presets for the national variants and for
//! each board's source text (`preset=seed`). The 8x8 text (seed 003) describes a base game (men
//! move and capture forwards, kings fly, capturing is compulsory) and names four switches that
//! vary it (men capture backwards, kings one step, a capture sequence must be completed, kings
//! counted when neither side can win); majority capture and where a man is crowned during a
//! capture are the further switches the presets need. docs/rules/checkers.md and
//! docs/rules/draughts.md say why each preset sets what it sets and which preset is the default.

use std::marker::PhantomData;

use crate::game::rules::{
    choice_name, declared_key, parse_bool, parse_choice, parse_number, preset_key, unknown_option,
    Presets, RuleKey, RuleOption, RuleSet,
};
use crate::game::ParseError;

use super::geometry::Geometry;

/// The names of the choice options, read by `set` and written by `values` from one table each.
const PROMOTION_NAMES: [(&str, Promotion); 3] = [
    ("end", Promotion::AtEnd),
    ("stop", Promotion::Stop),
    ("continue", Promotion::Continue),
];
const FIRST_NAMES: [(&str, FirstName); 2] =
    [("white", FirstName::White), ("black", FirstName::Black)];
const ENDGAME_COUNT_NAMES: [(&str, bool); 2] = [("arise", false), ("king_moves", true)];
const DRAW_OFFER_NAMES: [(&str, DrawOffer); 2] =
    [("off", DrawOffer::Off), ("seed", DrawOffer::Seed)];

/// What a refused draw offer does (seed 001: "if one side refuses a draw, that side must win
/// within the next 40 moves or clearly show an advantage"). Offers are made in the arena; the
/// rules only say what a refusal starts (`Game::refused_draw_moves`, `Game::clear_advantage`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DrawOffer {
    /// A refusal changes nothing (FMJD, English: offers are etiquette, not rules).
    #[default]
    Off,
    /// Seed 001: the refusing side must win within 40 of its moves, or then lead in material by
    /// `refusal_lead` (a man 1, a king 3), else the game is drawn.
    Seed,
}

/// The moves the refusing side has under `draw_offer=seed`.
pub const SEED_REFUSAL_MOVES: u32 = 40;

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// It stays a man and goes on capturing; it is crowned only if the move ends on the far row
    /// (international, Brazilian, pool).
    AtEnd,
    /// It is crowned and the move ends there (English).
    Stop,
    /// It is crowned at once and goes on capturing as a king (Russian).
    Continue,
}

/// What the first player (the one who moves first) is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstName {
    White,
    Black,
}

/// Every rule switch. The game type adds only the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantRules {
    /// Men may capture backwards (seed 003 switch 1).
    pub men_capture_backward: bool,
    /// Kings move and capture at any distance (seed 003 switch 2, inverted: "kings one step").
    pub flying_kings: bool,
    /// A capture sequence must be played to its end (seed 003 switch 3); when false the player
    /// may stop after any jump.
    pub complete_capture: bool,
    /// Of the captures, one taking the most pieces is compulsory.
    pub majority: bool,
    pub promotion: Promotion,
    /// When a draw rule ends a game with no men left, the side with more kings wins
    /// (seed 003 switch 4).
    pub king_count: bool,
    /// Moves each (not plies) with only kings moving and no capture before the game is drawn;
    /// 0 turns the rule off.
    pub king_moves: u16,
    /// FMJD endgame rule: three pieces with a king against a lone king draw after 16 moves each,
    /// two or fewer with a king against a lone king after 5 moves each.
    pub endgame_rule: bool,
    /// The endgame count restarts on every man move too (pydraughts' reading), instead of
    /// running from the moment the configuration arises (FMJD's text).
    pub endgame_restart_on_man_move: bool,
    /// Threefold repetition of the position with the same side to move draws.
    pub repetition: bool,
    pub first: FirstName,
    /// Seed 001's refused-draw rule (an arena option: it changes no position and no preset).
    pub draw_offer: DrawOffer,
    /// Under `draw_offer=seed`, the material lead (a man 1, a king 3) that shows "a clear
    /// advantage" after the refusing side's 40 moves.
    pub refusal_lead: u8,
}

impl VariantRules {
    pub const INTERNATIONAL: VariantRules = VariantRules {
        men_capture_backward: true,
        flying_kings: true,
        complete_capture: true,
        majority: true,
        promotion: Promotion::AtEnd,
        king_count: false,
        king_moves: 25,
        endgame_rule: true,
        endgame_restart_on_man_move: false,
        repetition: true,
        first: FirstName::White,
        draw_offer: DrawOffer::Off,
        refusal_lead: 2,
    };
    pub const ENGLISH: VariantRules = VariantRules {
        men_capture_backward: false,
        flying_kings: false,
        complete_capture: true,
        majority: false,
        promotion: Promotion::Stop,
        king_count: false,
        king_moves: 40,
        endgame_rule: false,
        endgame_restart_on_man_move: false,
        repetition: true,
        first: FirstName::Black,
        draw_offer: DrawOffer::Off,
        refusal_lead: 2,
    };
    pub const RUSSIAN: VariantRules = VariantRules {
        men_capture_backward: true,
        flying_kings: true,
        complete_capture: true,
        majority: false,
        promotion: Promotion::Continue,
        king_count: false,
        king_moves: 15,
        endgame_rule: false,
        endgame_restart_on_man_move: false,
        repetition: true,
        first: FirstName::White,
        draw_offer: DrawOffer::Off,
        refusal_lead: 2,
    };
    /// Brazilian draughts: the international rules on the 8x8 board.
    pub const BRAZILIAN: VariantRules = VariantRules {
        first: FirstName::White,
        ..VariantRules::INTERNATIONAL
    };
    /// Pool checkers: men capture backwards, kings fly, no majority rule, black moves first.
    pub const POOL: VariantRules = VariantRules {
        men_capture_backward: true,
        flying_kings: true,
        complete_capture: true,
        majority: false,
        promotion: Promotion::AtEnd,
        king_count: false,
        king_moves: 40,
        endgame_rule: false,
        endgame_restart_on_man_move: false,
        repetition: true,
        first: FirstName::Black,
        draw_offer: DrawOffer::Off,
        refusal_lead: 2,
    };

    /// The 8x8 game as the source text states its base game (`preset=seed` on `checkers`): men
    /// move and capture forwards only ("若前方有对方的棋子"), a man reaching the far row is
    /// crowned at once ("立即升变为king") and a king crowned mid-capture goes on capturing, kings
    /// fly ("向斜向任意一格移动,除非中间有对方或己方的棋子") and capture from a distance landing on
    /// any free square beyond, capturing is compulsory, any capture may be chosen. The text gives
    /// no move count for "neither side can win": the English 40-move king rule and repetition
    /// stand for it. It names no first player: black moves first, as in the English numbering.
    pub const SEED_EIGHT: VariantRules = VariantRules {
        men_capture_backward: false,
        flying_kings: true,
        complete_capture: true,
        majority: false,
        promotion: Promotion::Continue,
        king_count: false,
        king_moves: 40,
        endgame_rule: false,
        endgame_restart_on_man_move: false,
        repetition: true,
        first: FirstName::Black,
        draw_offer: DrawOffer::Off,
        refusal_lead: 2,
    };
    /// The 10x10 game as seed 001 states it (`preset=seed` on `draughts`): the FMJD moves and
    /// captures, black moves first ("总是黑方先手"), and the only draw is by agreement
    /// ("对弈过程中经双方同意可以和棋"), with the refusal rule (`draw_offer=seed`); no automatic
    /// draw (no king-move count, no endgame rule, no repetition).
    pub const SEED_TEN: VariantRules = VariantRules {
        king_moves: 0,
        endgame_rule: false,
        repetition: false,
        first: FirstName::Black,
        draw_offer: DrawOffer::Seed,
        ..VariantRules::INTERNATIONAL
    };

    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        // The keys are the same on every board; only the defaults differ.
        let option = declared_key(&VARIANT_OPTIONS, &[], key)
            .ok_or_else(|| unknown_option::<Rules<super::geometry::Ten>>("draughts", key))?;
        (option.set)(self, key, value)
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        VARIANT_OPTIONS
            .iter()
            // Written only when on, so the text of rules without it (in every tournament.json
            // and engine file so far) stays as it was.
            .filter(|o| {
                self.draw_offer != DrawOffer::Off || !matches!(o.key, "draw_offer" | "refusal_lead")
            })
            .map(|o| (o.key, (o.get)(self)))
            .collect()
    }
}

/// Every switch, declared once. The defaults are the international board's; `Rules::options`
/// shows each board's own.
const VARIANT_OPTIONS: [RuleKey<VariantRules>; 14] = [
    preset_key(
        &["seed", "international", "english", "russian", "brazilian", "pool"],
        "international",
        "sets every switch below: the board's source text (seed) or a national variant; later options override",
    ),
    RuleKey {
        key: "men_capture_back",
        values: &["true", "false"],
        default: "true",
        help: "men may capture backwards",
        set: |r, key, value| {
            r.men_capture_backward = parse_bool(key, value)?;
            Ok(())
        },
        get: |r| r.men_capture_backward.to_string(),
    },
    RuleKey {
        key: "flying_kings",
        values: &["true", "false"],
        default: "true",
        help: "kings move and capture at any distance (false: one step)",
        set: |r, key, value| {
            r.flying_kings = parse_bool(key, value)?;
            Ok(())
        },
        get: |r| r.flying_kings.to_string(),
    },
    RuleKey {
        key: "complete_capture",
        values: &["true", "false"],
        default: "true",
        help: "a capture sequence must be played to its end (false: may stop after any jump)",
        set: |r, key, value| {
            r.complete_capture = parse_bool(key, value)?;
            Ok(())
        },
        get: |r| r.complete_capture.to_string(),
    },
    RuleKey {
        key: "majority",
        values: &["true", "false"],
        default: "true",
        help: "a capture taking the most pieces is compulsory",
        set: |r, key, value| {
            r.majority = parse_bool(key, value)?;
            Ok(())
        },
        get: |r| r.majority.to_string(),
    },
    RuleKey {
        key: "promotion",
        values: &["end", "stop", "continue"],
        default: "end",
        help: "man reaching the far row mid-capture: crowned only if the move ends there / crowned and stops / crowned and continues as a king",
        set: |r, key, value| {
            r.promotion = parse_choice(key, value, &PROMOTION_NAMES)?;
            Ok(())
        },
        get: |r| choice_name(r.promotion, &PROMOTION_NAMES).to_string(),
    },
    RuleKey {
        key: "king_count",
        values: &["true", "false"],
        default: "false",
        help: "a draw-rule ending with no men left goes to the side with more kings",
        set: |r, key, value| {
            r.king_count = parse_bool(key, value)?;
            Ok(())
        },
        get: |r| r.king_count.to_string(),
    },
    RuleKey {
        key: "king_moves",
        values: &["integer"],
        default: "25",
        help: "moves each with only kings moving and no capture before a draw (0: off)",
        set: |r, key, value| {
            r.king_moves = parse_number(key, value)?;
            Ok(())
        },
        get: |r| r.king_moves.to_string(),
    },
    RuleKey {
        key: "endgame_rule",
        values: &["true", "false"],
        default: "true",
        help: "FMJD: 3 pieces with a king vs a lone king draw after 16 moves, 2 or fewer after 5",
        set: |r, key, value| {
            r.endgame_rule = parse_bool(key, value)?;
            Ok(())
        },
        get: |r| r.endgame_rule.to_string(),
    },
    RuleKey {
        key: "endgame_count",
        values: &["arise", "king_moves"],
        default: "arise",
        help: "endgame rule count: from when the material arises (FMJD) / restarted by man moves too (pydraughts)",
        set: |r, key, value| {
            r.endgame_restart_on_man_move = parse_choice(key, value, &ENDGAME_COUNT_NAMES)?;
            Ok(())
        },
        get: |r| choice_name(r.endgame_restart_on_man_move, &ENDGAME_COUNT_NAMES).to_string(),
    },
    RuleKey {
        key: "repetition",
        values: &["true", "false"],
        default: "true",
        help: "threefold repetition draws",
        set: |r, key, value| {
            r.repetition = parse_bool(key, value)?;
            Ok(())
        },
        get: |r| r.repetition.to_string(),
    },
    RuleKey {
        key: "first",
        values: &["white", "black"],
        default: "white",
        help: "the name of the player who moves first (FMJD: white; seed 001 and English: black)",
        set: |r, key, value| {
            r.first = parse_choice(key, value, &FIRST_NAMES)?;
            Ok(())
        },
        get: |r| choice_name(r.first, &FIRST_NAMES).to_string(),
    },
    RuleKey {
        key: "draw_offer",
        values: &["off", "seed"],
        default: "off",
        help: "seed 001: after a refused draw offer the refuser must win within 40 of its moves or then lead by refusal_lead, else a draw (arena games)",
        set: |r, key, value| {
            r.draw_offer = parse_choice(key, value, &DRAW_OFFER_NAMES)?;
            Ok(())
        },
        get: |r| choice_name(r.draw_offer, &DRAW_OFFER_NAMES).to_string(),
    },
    RuleKey {
        key: "refusal_lead",
        values: &["integer"],
        default: "2",
        help: "draw_offer=seed: the material lead (man 1, king 3) that shows a clear advantage",
        set: |r, key, value| {
            r.refusal_lead = parse_number(key, value)?;
            Ok(())
        },
        get: |r| r.refusal_lead.to_string(),
    },
];

/// The rules of one board: `VariantRules` with that board's default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules<G: Geometry> {
    pub variant: VariantRules,
    board: PhantomData<G>,
}

/// The national presets (`Rules::preset_name` also knows the board's `seed` preset). The
/// draw-offer rule is no part of a variant: any preset may be played with it, so a preset's
/// readings are the switches with that rule off.
impl Presets for VariantRules {
    type Readings = VariantRules;
    const PRESETS: &'static [(&'static str, VariantRules)] = &[
        ("international", VariantRules::INTERNATIONAL),
        ("english", VariantRules::ENGLISH),
        ("russian", VariantRules::RUSSIAN),
        ("brazilian", VariantRules::BRAZILIAN),
        ("pool", VariantRules::POOL),
    ];

    fn readings(&self) -> VariantRules {
        VariantRules {
            draw_offer: DrawOffer::Off,
            refusal_lead: 2,
            ..*self
        }
    }
    fn set_readings(&mut self, rules: VariantRules) {
        *self = rules;
    }
}

impl<G: Geometry> Rules<G> {
    pub fn new(variant: VariantRules) -> Self {
        Rules {
            variant,
            board: PhantomData,
        }
    }

    /// The preset these rules equal on this board: `seed` (exactly, draw-offer rule included),
    /// a national preset (whatever the draw-offer rule), or "custom".
    pub fn preset_name(&self) -> &'static str {
        if self.variant == G::seed_rules() {
            "seed"
        } else {
            self.variant.preset_name()
        }
    }
}

impl<G: Geometry> Default for Rules<G> {
    fn default() -> Self {
        Rules::new(G::default_rules())
    }
}

impl<G: Geometry> std::ops::Deref for Rules<G> {
    type Target = VariantRules;
    fn deref(&self) -> &VariantRules {
        &self.variant
    }
}

impl<G: Geometry> RuleSet for Rules<G> {
    fn options() -> Vec<RuleOption> {
        let d = G::default_rules();
        let dv = d.values();
        let default_of = |option: &RuleKey<VariantRules>| -> &'static str {
            let Some((_, v)) = dv.iter().find(|(k, _)| *k == option.key) else {
                // Not written by the board's defaults (the draw-offer rule, off).
                return option.default;
            };
            // Option defaults are static strings: map the few values the defaults take.
            match v.as_str() {
                "true" => "true",
                "false" => "false",
                "end" => "end",
                "stop" => "stop",
                "continue" => "continue",
                "white" => "white",
                "black" => "black",
                "international" => "international",
                "english" => "english",
                "seed" => "seed",
                "25" => "25",
                "40" => "40",
                "arise" => "arise",
                _ => "custom",
            }
        };
        VARIANT_OPTIONS
            .iter()
            .map(|o| RuleOption {
                default: default_of(o),
                ..o.option()
            })
            .collect()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        if key == "preset" && !value.eq_ignore_ascii_case("custom") {
            // The board's seed preset is read here, so an unknown name lists it with the
            // national ones, in `list`'s order.
            let mut presets = vec![("seed", None)];
            presets.extend(
                VariantRules::PRESETS
                    .iter()
                    .map(|&(name, rules)| (name, Some(rules))),
            );
            self.variant = parse_choice(key, value, &presets)?.unwrap_or_else(G::seed_rules);
            return Ok(());
        }
        self.variant.set(key, value)
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        let mut v = self.variant.values();
        if let Some(p) = v.iter_mut().find(|(k, _)| *k == "preset") {
            p.1 = self.preset_name().to_string();
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{Eight, Ten};
    use super::*;

    #[test]
    fn presets_and_overrides() {
        let r = Rules::<Eight>::parse("preset=russian,flying_kings=false").unwrap();
        assert_eq!(r.promotion, Promotion::Continue);
        assert!(!r.flying_kings);
        assert_eq!(r.preset_name(), "custom");
        assert_eq!(Rules::<Eight>::parse(&r.to_text()).unwrap(), r);
        assert_eq!(Rules::<Ten>::default().preset_name(), "international");
        assert_eq!(Rules::<Eight>::default().preset_name(), "english");
        // An unknown preset's error lists every preset, the board's seed first (issue 42).
        let e = Rules::<Eight>::parse("preset=martian")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("preset=martian")
                && e.contains(
                    "expected one of seed, international, english, russian, brazilian, pool"
                ),
            "{e}"
        );
        assert_eq!(
            Rules::<Ten>::parse("preset=Seed").unwrap().variant,
            VariantRules::SEED_TEN
        );
        assert!(Rules::<Eight>::parse("kings=2").is_err());
        // The draw-offer rule keeps the preset, is written only when on, and reads back.
        let seed = Rules::<Ten>::parse("draw_offer=seed").unwrap();
        assert_eq!(seed.preset_name(), "international");
        assert_eq!((seed.draw_offer, seed.refusal_lead), (DrawOffer::Seed, 2));
        assert!(
            seed.to_text().ends_with(",draw_offer=seed,refusal_lead=2"),
            "{}",
            seed.to_text()
        );
        assert_eq!(Rules::<Ten>::parse(&seed.to_text()).unwrap(), seed);
        assert!(!Rules::<Ten>::default().to_text().contains("draw_offer"));
        assert!(Rules::<Ten>::parse("draw_offer=maybe").is_err());
    }
}
