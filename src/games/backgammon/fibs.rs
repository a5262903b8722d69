//! FIBS board lines, as GNU Backgammon writes them to an external player (`set player N external
//! host:port`; gnubg's play.c and drawboard.c `FIBSBoard`, checked against gnubg 1.07 itself):
//!
//! ```text
//! board:NAME:OPP:matchlen:score:oppscore:f0:f1:...:f25:turn:d1:d2:od1:od2:cube:maydouble:
//!       oppmaydouble:doubled:colour:direction:home:bar:off:oppoff:onbar:opponbar:canmove:
//!       forced:postcrawford:noncrawford
//! ```
//!
//! The meaning of gnubg's lines (not FIBS's own, where the first player is the one addressed):
//! - the 26 point fields are seen from gnubg's player 1 (boardlab's X): a positive count is X's
//!   checkers on X's point i, a negative count O's checkers on O's point 25 - i; field 0 is O's
//!   bar (negative), field 25 X's bar;
//! - `turn` is 1 when X is on roll, -1 when O is; the dice are the roller's (0 0 before the roll);
//! - `maydouble` is X's, `oppmaydouble` O's (both 1: centred cube); `doubled` is 1 while a double
//!   waits for its answer;
//! - the names and scores are player 0's first, except on a line asking to answer a double,
//!   where they are player 1's first;
//! - `postcrawford` is gnubg's post-Crawford flag and `noncrawford` is 0 in the Crawford game.
//!
//! gnubg ends each line with a NUL byte, so lines after the first start with one; it is dropped.

use crate::game::error::parse_int;
use crate::game::ParseError;

use super::board::{Side, BAR, CHECKERS, OFF};
use super::game::{Backgammon, Parts, Phase, CENTRE};
use super::rules::BgRules;

/// The fields of a board line, unread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FibsBoard {
    pub name: String,
    pub opponent: String,
    pub match_length: u32,
    pub score: u32,
    pub opp_score: u32,
    pub points: [i32; 26],
    pub turn: i32,
    pub dice: [u8; 2],
    pub opp_dice: [u8; 2],
    pub cube: u32,
    pub may_double: bool,
    pub opp_may_double: bool,
    pub doubled: i32,
    pub colour: i32,
    pub direction: i32,
    pub off: u32,
    pub opp_off: u32,
    pub post_crawford: bool,
    pub non_crawford: bool,
}

const FIELDS: usize = 53;

impl FibsBoard {
    /// Reads one line; every field is checked for its type and range.
    pub fn parse(line: &str) -> Result<FibsBoard, ParseError> {
        let clean: String = line.chars().filter(|&c| c != '\0').collect();
        let t = clean.trim();
        let err = |why: String| ParseError::position(line, why);
        let body = t
            .strip_prefix("board:")
            .ok_or_else(|| err("a FIBS board line starts with board:".into()))?;
        let f: Vec<&str> = body.split(':').collect();
        if f.len() < FIELDS - 1 {
            return Err(err(format!(
                "{} fields after board:, a FIBS board has {}",
                f.len(),
                FIELDS - 1
            )));
        }
        // A field that is a number beyond its range is "out of range (at most N)", naming
        // the field's own bound, not "not a number".
        let int_in = |i: usize, min: i32, max: i32| -> Result<i32, ParseError> {
            parse_int(&format!("field {}", i + 1), f[i], min, max).map_err(err)
        };
        let int = |i: usize| int_in(i, i32::MIN, i32::MAX);
        let nat = |i: usize, max: i32| -> Result<u32, ParseError> { Ok(int_in(i, 0, max)? as u32) };
        let die = |i: usize| -> Result<u8, ParseError> { Ok(nat(i, 6)? as u8) };
        let mut points = [0i32; 26];
        for (k, p) in points.iter_mut().enumerate() {
            *p = int_in(5 + k, -15, 15)?;
        }
        Ok(FibsBoard {
            name: f[0].to_string(),
            opponent: f[1].to_string(),
            match_length: nat(2, 9999)?,
            score: nat(3, 99_999)?,
            opp_score: nat(4, 99_999)?,
            points,
            turn: int(31)?,
            dice: [die(32)?, die(33)?],
            opp_dice: [die(34)?, die(35)?],
            cube: nat(36, 1 << 15)?,
            may_double: int(37)? != 0,
            opp_may_double: int(38)? != 0,
            doubled: int(39)?,
            colour: int(40)?,
            direction: int(41)?,
            off: nat(44, 15)?,
            opp_off: nat(45, 15)?,
            post_crawford: int(50)? != 0,
            non_crawford: int(51)? != 0,
        })
    }

    /// The position gnubg asks `seat` (0 = O, 1 = X: gnubg's player number) to decide, under
    /// `rules` (whose match length is replaced by the line's). Returns the state and the side
    /// to decide. The seat tells a beaver from a double: gnubg marks both only as `doubled`.
    pub fn to_state(&self, rules: &BgRules, seat: usize) -> Result<Backgammon, ParseError> {
        self.to_state_and_scores(rules, seat).map(|(s, _)| s)
    }

    /// `to_state`, and the two scores in player order (a money session's too).
    pub fn to_state_and_scores(
        &self,
        rules: &BgRules,
        seat: usize,
    ) -> Result<(Backgammon, [u32; 2]), ParseError> {
        let err = |why: String| ParseError::position(format!("board line ({})", self.name), why);
        let mut rules = *rules;
        rules.match_length = if self.match_length == 9999 {
            0
        } else {
            self.match_length as u16
        };
        if rules.match_length > 0 {
            rules.beavers = 0;
            rules.auto_doubles = 0;
            rules.jacoby = false;
        }
        let mut o: Side = [0; 26];
        let mut x: Side = [0; 26];
        if self.points[0] > 0 || self.points[25] < 0 {
            return Err(err(
                "field 0 holds O's bar (<= 0) and field 25 X's bar (>= 0)".into(),
            ));
        }
        o[BAR] = (-self.points[0]) as u8;
        x[BAR] = self.points[25] as u8;
        for i in 1..=24 {
            let v = self.points[i];
            if v > 0 {
                x[i] = v as u8;
            } else if v < 0 {
                o[25 - i] = (-v) as u8;
            }
        }
        for (side, s, off) in [("O", &mut o, self.opp_off), ("X", &mut x, self.off)] {
            let on: u32 = s[1..=BAR].iter().map(|&c| c as u32).sum();
            if on > CHECKERS as u32 {
                return Err(err(format!("{side} has {on} checkers on the board")));
            }
            s[OFF] = CHECKERS - on as u8;
            if on + off != CHECKERS as u32 {
                return Err(err(format!(
                    "{side} has {on} checkers on the board and {off} off, not 15"
                )));
            }
        }
        if self.turn == 0 {
            return Err(err("turn 0: the game is over".into()));
        }
        let roller: u8 = if self.turn > 0 { 1 } else { 0 };
        let doubled = self.doubled != 0;
        // A double waits: gnubg's side to answer is the roller's opponent, or after a beaver
        // the roller itself (then the seat asked is the roller).
        let beavers = (doubled && seat == roller as usize) as u8;
        let decider = if doubled && beavers == 0 {
            roller ^ 1
        } else {
            roller
        };
        if decider as usize != seat {
            return Err(err(format!(
                "the line asks side {} to decide, but this player is side {}",
                super::game::SIDE_NAMES[decider as usize],
                super::game::SIDE_NAMES[seat]
            )));
        }
        // Scores: player 0's first, unless the side asked is not the roller.
        let (s0, s1) = if decider != roller {
            (self.opp_score, self.score)
        } else {
            (self.score, self.opp_score)
        };
        if !self.cube.is_power_of_two() {
            return Err(err(format!("cube {} is not a power of two", self.cube)));
        }
        let mut cube_log = self.cube.trailing_zeros() as u8;
        if doubled && beavers > 0 {
            // gnubg has turned the cube once more for the beaver.
            cube_log = cube_log.saturating_sub(1);
        }
        let owner = match (self.may_double, self.opp_may_double) {
            (true, false) => 1,
            (false, true) => 0,
            _ => CENTRE,
        };
        let dice = [
            self.dice[0].max(self.dice[1]),
            self.dice[0].min(self.dice[1]),
        ];
        if (dice[0] == 0) != (dice[1] == 0) {
            return Err(err(format!("dice {:?}", self.dice)));
        }
        let n = rules.match_length;
        let one_away = n > 0 && [s0, s1].iter().any(|&v| v + 1 == n as u32);
        let phase = if doubled {
            Phase::Doubled { beavers }
        } else if dice[0] > 0 {
            Phase::Moving
        } else {
            Phase::CubeDecision
        };
        let mut state = Backgammon::from_raw(
            rules,
            Parts {
                sides: [o, x],
                phase,
                roller,
                dice,
                cube_log,
                owner,
                auto_used: if owner == CENTRE { cube_log } else { 0 },
                // A money session's score is the session's, not part of a game.
                score: if n == 0 {
                    [0, 0]
                } else {
                    [
                        s0.min(u16::MAX as u32) as u16,
                        s1.min(u16::MAX as u32) as u16,
                    ]
                },
                crawford: n > 1 && rules.crawford && !self.non_crawford && one_away,
                post_crawford: n > 1 && rules.crawford && self.post_crawford && one_away,
                result: None,
                paid: 0,
            },
        );
        if phase == Phase::CubeDecision && !state.may_double() {
            // gnubg asks for a cube decision where boardlab's rules see none (it rolls for a
            // player who may not double): the answer is `roll` either way.
            state.phase = Phase::Rolling;
        }
        if rules.auto_doubles < state.auto_doubles_used() {
            let mut r = rules;
            r.auto_doubles = state.auto_doubles_used();
            state.rules = r;
        }
        super::text::validate(&state).map_err(err)?;
        Ok((state, [s0, s1]))
    }
}
