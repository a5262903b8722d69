//! The rule options of gomoku and renju (docs/rules/gomoku.md says why each default is what it is).

use crate::game::rules::{parse_bool, parse_choice, size_key, BoardSide, DeclaredRules, RuleKey};

use super::board::{MAX_SIZE, MIN_SIZE};

/// What wins, and what black may not do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rule {
    /// Five or more in a row wins (OpenSpiel's `gomoku`, Gomocup's freestyle).
    Freestyle,
    /// Exactly five wins; an overline is a legal move that wins nothing.
    Standard,
    /// The seed's rules: exactly five wins for black, five or more for white; black's double
    /// three, double four and overline are forbidden (RIF).
    #[default]
    Renju,
    /// The source text's 玩法二: forming a five replaces an enemy stone; the first to use up
    /// their stones wins. Black keeps renju's forbidden moves unless `replace_fouls=false`.
    Replace,
}

/// What happens to a forbidden move of black (renju only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Forbidden {
    /// Black may play it and loses at once (RIF: a forbidden move loses).
    #[default]
    Loses,
    /// It is not a legal move (as most programs present it).
    Refused,
}

/// How the game opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Opening {
    /// The seed's: the opener puts the first three stones (black on the centre, white within the
    /// 3x3 around it, black within the 5x5: one of the 26 openings), the other player may swap
    /// colours, white plays move 4, black offers two fifth moves that are not symmetric, white
    /// keeps one and plays move 6.
    #[default]
    Rif,
    /// Nothing special: black starts anywhere.
    Free,
    /// Only the first stone is fixed, on the centre (天元).
    Centre,
    /// Gomocup's Swap2: the opener puts three stones anywhere; the other player swaps, keeps
    /// white, or puts two more stones and lets the opener choose the colour.
    Swap2,
}

/// What becomes of the enemy stone a five replaces (`rule=replace`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Replaced {
    /// It goes back to its owner, who must place it again (the seed's "可以和对方交换棋子": the
    /// stones are exchanged).
    #[default]
    Returned,
    /// It leaves the game.
    Captured,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GomokuRules {
    pub size: u8,
    pub rule: Rule,
    pub forbidden: Forbidden,
    pub opening: Opening,
    pub replaced: Replaced,
    /// `rule=replace`: black's double three, double four and overline are forbidden as in renju
    /// (the text: "整个游戏过程中，黑方有禁手", throughout the game black has forbidden moves).
    pub replace_fouls: bool,
}

impl Default for GomokuRules {
    fn default() -> Self {
        GomokuRules {
            size: 15,
            rule: Rule::Renju,
            forbidden: Forbidden::Loses,
            opening: Opening::Rif,
            replaced: Replaced::Returned,
            replace_fouls: true,
        }
    }
}

const RULES: &[(&str, Rule)] = &[
    ("freestyle", Rule::Freestyle),
    ("standard", Rule::Standard),
    ("renju", Rule::Renju),
    ("replace", Rule::Replace),
];
const FORBIDDEN: &[(&str, Forbidden)] =
    &[("loses", Forbidden::Loses), ("refused", Forbidden::Refused)];
const OPENINGS: &[(&str, Opening)] = &[
    ("rif", Opening::Rif),
    ("free", Opening::Free),
    ("centre", Opening::Centre),
    ("swap2", Opening::Swap2),
];
const REPLACED: &[(&str, Replaced)] = &[
    ("returned", Replaced::Returned),
    ("captured", Replaced::Captured),
];

fn name_of<T: PartialEq + Copy>(table: &[(&'static str, T)], v: T) -> &'static str {
    table
        .iter()
        .find(|(_, x)| *x == v)
        .map(|(n, _)| *n)
        .unwrap_or("?")
}

impl GomokuRules {
    pub fn size(&self) -> usize {
        self.size as usize
    }
    /// Renju's restrictions on black are in force (renju, and the replacement game unless
    /// `replace_fouls=false`).
    pub fn renju(&self) -> bool {
        self.rule == Rule::Renju || (self.rule == Rule::Replace && self.replace_fouls)
    }
    /// Does only exactly five win for `colour` (0 black, 1 white)?
    pub fn exact_five(&self, colour: usize) -> bool {
        match self.rule {
            Rule::Standard => true,
            Rule::Renju => colour == 0,
            Rule::Replace => colour == 0 && self.replace_fouls,
            Rule::Freestyle => false,
        }
    }
    /// The stones each colour has (`rule=replace`): the seed's 113 and 112 on 15x15, half the
    /// points each (black one more) on other sizes.
    pub fn supply(&self) -> [u16; 2] {
        let cells = (self.size() * self.size()) as u16;
        [cells.div_ceil(2), cells / 2]
    }
}

impl BoardSide for GomokuRules {
    const SIDES: (usize, usize) = (MIN_SIZE, MAX_SIZE);
    fn set_side(&mut self, side: u8) {
        self.size = side;
    }
    fn side(&self) -> u8 {
        self.size
    }
}

impl DeclaredRules for GomokuRules {
    const GAME: &'static str = "gomoku";
    const OPTIONS: &'static [RuleKey<Self>] = &[
        size_key(&["3..=19"], "15", "board size (n x n)"),
        RuleKey {
            key: "rule",
            values: &["freestyle", "standard", "renju", "replace"],
            default: "renju",
            help: "five or more wins / exactly five / renju (black's forbidden points) / the seed's replacement game",
            set: |r, key, value| {
                r.rule = parse_choice(key, value, RULES)?;
                Ok(())
            },
            get: |r| name_of(RULES, r.rule).to_string(),
        },
        RuleKey {
            key: "forbidden",
            values: &["loses", "refused"],
            default: "loses",
            help: "renju (and rule=replace with replace_fouls): black's forbidden move loses, or is not a legal move",
            set: |r, key, value| {
                r.forbidden = parse_choice(key, value, FORBIDDEN)?;
                Ok(())
            },
            get: |r| name_of(FORBIDDEN, r.forbidden).to_string(),
        },
        RuleKey {
            key: "opening",
            values: &["rif", "free", "centre", "swap2"],
            default: "rif",
            help: "RIF (26 openings, swap, two fifth moves) / none / first stone on the centre / Swap2",
            set: |r, key, value| {
                r.opening = parse_choice(key, value, OPENINGS)?;
                Ok(())
            },
            get: |r| name_of(OPENINGS, r.opening).to_string(),
        },
        RuleKey {
            key: "replaced",
            values: &["returned", "captured"],
            default: "returned",
            help: "rule=replace: the replaced enemy stone goes back to its owner, or leaves the game",
            set: |r, key, value| {
                r.replaced = parse_choice(key, value, REPLACED)?;
                Ok(())
            },
            get: |r| name_of(REPLACED, r.replaced).to_string(),
        },
        RuleKey {
            key: "replace_fouls",
            values: &["true", "false"],
            default: "true",
            help: "rule=replace: black's double three, double four and overline are forbidden throughout (the text), or nothing is",
            set: |r, key, value| {
                r.replace_fouls = parse_bool(key, value)?;
                Ok(())
            },
            get: |r| r.replace_fouls.to_string(),
        },
    ];
}
