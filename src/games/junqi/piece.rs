//! The twelve kinds of Junqi pieces, the set each side has, and combat: who survives when one
//! piece moves onto another (the seed's table, completed from the rules text where the seed is
//! cut off; docs/rules/junqi.md).

use super::rules::{JunqiRules, MineRule};

/// A kind of piece, from the field marshal down. The officers (marshal to engineer) are ordered
/// by rank: a lower index is a higher rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// 司令, field marshal.
    Marshal = 0,
    /// 军长, general.
    General = 1,
    /// 师长, division commander.
    Division = 2,
    /// 旅长, brigade commander.
    Brigade = 3,
    /// 团长, regiment commander.
    Regiment = 4,
    /// 营长, battalion commander.
    Battalion = 5,
    /// 连长, company commander.
    Company = 6,
    /// 排长, platoon leader.
    Platoon = 7,
    /// 工兵, engineer: turns corners on railways, removes mines.
    Engineer = 8,
    /// 炸弹, bomb: dies together with whatever it meets.
    Bomb = 9,
    /// 地雷, landmine: never moves; kills every attacker but an engineer (and a bomb).
    Mine = 10,
    /// 军旗, flag: never moves; taking it wins.
    Flag = 11,
}

/// How many kinds there are.
pub const KINDS: usize = 12;

/// Every kind in index order.
pub const ALL_KINDS: [Kind; KINDS] = [
    Kind::Marshal,
    Kind::General,
    Kind::Division,
    Kind::Brigade,
    Kind::Regiment,
    Kind::Battalion,
    Kind::Company,
    Kind::Platoon,
    Kind::Engineer,
    Kind::Bomb,
    Kind::Mine,
    Kind::Flag,
];

/// The pieces of one side (seed: 司令、军长、军旗各一；师长、旅长、团长、营长、炸弹各二；
/// 连长、排长、工兵、地雷各三), by kind index: 25 in all.
pub const START_COUNTS: [u8; KINDS] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 2, 3, 1];

/// Pieces a side has.
pub const PIECES_PER_SIDE: usize = 25;

/// A set of kinds as a bit mask (bit i = kind index i).
pub type KindSet = u16;

/// Every kind.
pub const ANY_KIND: KindSet = (1 << KINDS) - 1;
/// The kinds that can move (everything but mines and the flag).
pub const MOVABLE: KindSet = ANY_KIND & !(bit(Kind::Mine) | bit(Kind::Flag));

/// The one-kind set.
pub const fn bit(kind: Kind) -> KindSet {
    1 << kind as u8
}

/// The letters of the text forms (red upper case, black lower case); pinyin initials where they
/// are free: S 司令 (siling), J 军长 (junzhang), D 师长 (division), L 旅长 (lüzhang), T 团长
/// (tuanzhang), Y 营长 (yingzhang), C 连长 (company), P 排长 (paizhang), G 工兵 (gongbing),
/// Z 炸弹 (zhadan), M 地雷 (mine), F 军旗 (flag).
const LETTERS: [char; KINDS] = ['S', 'J', 'D', 'L', 'T', 'Y', 'C', 'P', 'G', 'Z', 'M', 'F'];
const CHINESE: [&str; KINDS] = [
    "司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "炸弹", "地雷", "军旗",
];
const ENGLISH: [&str; KINDS] = [
    "field marshal",
    "general",
    "division commander",
    "brigade commander",
    "regiment commander",
    "battalion commander",
    "company commander",
    "platoon leader",
    "engineer",
    "bomb",
    "landmine",
    "flag",
];

impl Kind {
    pub const fn index(self) -> usize {
        self as usize
    }
    pub fn from_index(i: usize) -> Option<Kind> {
        ALL_KINDS.get(i).copied()
    }
    /// The upper-case letter (red's; black's is the lower case).
    pub fn letter(self) -> char {
        LETTERS[self.index()]
    }
    /// The kind of a letter in either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        let up = c.to_ascii_uppercase();
        LETTERS.iter().position(|&l| l == up).map(|i| ALL_KINDS[i])
    }
    /// The Chinese name (司令 ...).
    pub fn chinese(self) -> &'static str {
        CHINESE[self.index()]
    }
    /// The kind of a Chinese name.
    pub fn from_chinese(name: &str) -> Option<Kind> {
        CHINESE
            .iter()
            .position(|&n| n == name)
            .map(|i| ALL_KINDS[i])
    }
    pub fn english(self) -> &'static str {
        ENGLISH[self.index()]
    }
    /// Mines and the flag never move.
    pub const fn can_move(self) -> bool {
        !matches!(self, Kind::Mine | Kind::Flag)
    }
    /// Marshal to engineer: the pieces with a rank.
    pub const fn is_officer(self) -> bool {
        (self as u8) <= Kind::Engineer as u8
    }
}

/// What happens when a piece moves onto an enemy piece. The referee announces only this, never
/// the ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The defender is removed and the attacker takes its point (败 of the defender).
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both are removed (同尽).
    BothDie,
}

pub const OUTCOMES: [Outcome; 3] = [
    Outcome::AttackerWins,
    Outcome::DefenderWins,
    Outcome::BothDie,
];

impl Outcome {
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The mark the observation text uses: `>` attacker wins, `<` defender wins, `=` both die.
    pub fn mark(self) -> char {
        match self {
            Outcome::AttackerWins => '>',
            Outcome::DefenderWins => '<',
            Outcome::BothDie => '=',
        }
    }
    pub fn from_mark(c: char) -> Option<Outcome> {
        match c {
            '>' => Some(Outcome::AttackerWins),
            '<' => Some(Outcome::DefenderWins),
            '=' => Some(Outcome::BothDie),
            _ => None,
        }
    }
    pub fn attacker_survives(self) -> bool {
        self == Outcome::AttackerWins
    }
    pub fn defender_survives(self) -> bool {
        self == Outcome::DefenderWins
    }
}

/// The result of `attacker` moving onto `defender`. Attackers are pieces that can move (never a
/// mine or the flag). In order: the flag is taken by anything (a bomb too: it dies with the
/// flag, and the game is won); a bomb on either side takes both; a mine kills every attacker but
/// the engineer, which removes it (with `mine=dies`, the mine dies with its victim); otherwise
/// the higher rank wins and equal ranks both die.
pub fn combat(attacker: Kind, defender: Kind, rules: &JunqiRules) -> Outcome {
    debug_assert!(attacker.can_move(), "{attacker:?} cannot attack");
    if defender == Kind::Flag {
        return if attacker == Kind::Bomb {
            Outcome::BothDie
        } else {
            Outcome::AttackerWins
        };
    }
    if attacker == Kind::Bomb || defender == Kind::Bomb {
        return Outcome::BothDie;
    }
    if defender == Kind::Mine {
        return match (attacker, rules.mine) {
            (Kind::Engineer, _) => Outcome::AttackerWins,
            (_, MineRule::Stays) => Outcome::DefenderWins,
            (_, MineRule::Dies) => Outcome::BothDie,
        };
    }
    use std::cmp::Ordering::*;
    match attacker.index().cmp(&defender.index()) {
        Less => Outcome::AttackerWins,
        Greater => Outcome::DefenderWins,
        Equal => Outcome::BothDie,
    }
}

/// The kinds an attacker can have, given the defender's kind and the outcome seen: what the
/// defender's owner learns about the attacker.
pub fn attacker_kinds(defender: Kind, outcome: Outcome, rules: &JunqiRules) -> KindSet {
    ALL_KINDS
        .iter()
        .filter(|k| k.can_move() && combat(**k, defender, rules) == outcome)
        .fold(0, |m, &k| m | bit(k))
}

/// The kinds a defender can have, given the attacker's kind and the outcome seen: what the
/// attacker's owner learns about the defender.
pub fn defender_kinds(attacker: Kind, outcome: Outcome, rules: &JunqiRules) -> KindSet {
    ALL_KINDS
        .iter()
        .filter(|k| combat(attacker, **k, rules) == outcome)
        .fold(0, |m, &k| m | bit(k))
}

/// The kinds in a set, in index order.
pub fn kinds_in(set: KindSet) -> impl Iterator<Item = Kind> {
    ALL_KINDS.into_iter().filter(move |k| set & bit(*k) != 0)
}

/// A set as letters (`{SJD}`), for messages and the observation text.
pub fn set_letters(set: KindSet) -> String {
    kinds_in(set).map(Kind::letter).collect()
}
