//! GNU Backgammon's position id and match id (as gnubg's positionid.c and matchid.c write them).
//!
//! Position id: 80 bits, base64 without padding (14 characters). For the side not on roll, then
//! the side on roll, for each of its points 1..24 and then its bar: one 1-bit per checker and a
//! 0-bit after the point; bits fill each byte from its lowest bit.
//!
//! Match id: 72 bits, base64 (12 characters): bits 0-3 log2 of the cube, 4-5 its owner (0, 1, 3
//! centred), 6 the side on roll, 7 the Crawford game, 8-10 the game state (0 none, 1 playing, 2
//! over, 3 resigned, 4 dropped), 11 the side to decide, 12 a double offered, 13-14 a resignation
//! offered, 15-17 and 18-20 the dice (higher first; 0 before the roll), 21-35 the match length
//! (0 money), 36-50 player 0's score, 51-65 player 1's, 66 set when the Jacoby rule is off.

use super::board::{Side, BAR, CHECKERS, OFF, START};
use super::game::{Backgammon, Parts, Phase, CENTRE};
use super::rules::BgRules;

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn encode(bytes: &[u8], chars: usize) -> String {
    let mut out = String::new();
    let mut bits: u32 = 0;
    let mut n = 0;
    for &b in bytes {
        bits = bits << 8 | b as u32;
        n += 8;
        while n >= 6 {
            n -= 6;
            out.push(B64[((bits >> n) & 63) as usize] as char);
        }
    }
    if n > 0 {
        out.push(B64[((bits << (6 - n)) & 63) as usize] as char);
    }
    out.truncate(chars);
    out
}

fn decode(text: &str, nbytes: usize) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(nbytes);
    let mut bits: u32 = 0;
    let mut n = 0;
    for c in text.bytes() {
        let v = B64
            .iter()
            .position(|&x| x == c)
            .ok_or_else(|| format!("{:?} is not a base64 character", c as char))?;
        bits = bits << 6 | v as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    out.truncate(nbytes);
    if out.len() < nbytes {
        return Err(format!("{text:?} is too short"));
    }
    Ok(out)
}

/// The position id of two sides, `on_roll` being the side on roll.
pub fn position_id(not_on_roll: &Side, on_roll: &Side) -> String {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [not_on_roll, on_roll] {
        for p in (1..=24).chain(std::iter::once(BAR)) {
            for _ in 0..side[p] {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    encode(&key, 14)
}

/// The two sides (not on roll, on roll) of a position id.
pub fn sides_from_position_id(id: &str) -> Result<(Side, Side), String> {
    if id.len() != 14 {
        return Err(format!("position id {id:?} should have 14 characters"));
    }
    let key = decode(id, 10)?;
    let mut sides = [[0u8; 26]; 2];
    let mut bit = 0usize;
    for side in sides.iter_mut() {
        for p in (1..=24).chain(std::iter::once(BAR)) {
            while bit < 80 && key[bit / 8] & (1 << (bit % 8)) != 0 {
                side[p] += 1;
                bit += 1;
            }
            bit += 1;
        }
        let on: u32 = side[1..=BAR].iter().map(|&c| c as u32).sum();
        if on > CHECKERS as u32 {
            return Err(format!("position id {id:?} has {on} checkers for one side"));
        }
        side[OFF] = CHECKERS - on as u8;
    }
    if bit > 80 {
        return Err(format!("position id {id:?} runs past its 80 bits"));
    }
    Ok((sides[0], sides[1]))
}

fn set_bits(key: &mut [u8; 9], at: usize, n: usize, value: u32) {
    for i in 0..n {
        if value >> i & 1 != 0 {
            key[(at + i) / 8] |= 1 << ((at + i) % 8);
        }
    }
}

fn get_bits(key: &[u8], at: usize, n: usize) -> u32 {
    (0..n).fold(0, |v, i| {
        v | (((key[(at + i) / 8] >> ((at + i) % 8)) & 1) as u32) << i
    })
}

/// The fields of a match id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchFields {
    pub cube_log: u8,
    /// 0, 1, or -1 centred.
    pub owner: i8,
    pub on_roll: u8,
    pub crawford: bool,
    pub game_state: u8,
    pub turn: u8,
    pub doubled: bool,
    pub resigned: u8,
    pub dice: [u8; 2],
    pub match_length: u16,
    pub score: [u16; 2],
    pub jacoby: bool,
}

pub fn match_id(f: &MatchFields) -> String {
    let mut key = [0u8; 9];
    set_bits(&mut key, 0, 4, f.cube_log as u32);
    set_bits(&mut key, 4, 2, (f.owner as i32 & 3) as u32);
    set_bits(&mut key, 6, 1, f.on_roll as u32);
    set_bits(&mut key, 7, 1, f.crawford as u32);
    set_bits(&mut key, 8, 3, f.game_state as u32);
    set_bits(&mut key, 11, 1, f.turn as u32);
    set_bits(&mut key, 12, 1, f.doubled as u32);
    set_bits(&mut key, 13, 2, f.resigned as u32);
    let (hi, lo) = (f.dice[0].max(f.dice[1]), f.dice[0].min(f.dice[1]));
    set_bits(&mut key, 15, 3, hi as u32);
    set_bits(&mut key, 18, 3, lo as u32);
    set_bits(&mut key, 21, 15, f.match_length as u32);
    set_bits(&mut key, 36, 15, f.score[0] as u32);
    set_bits(&mut key, 51, 15, f.score[1] as u32);
    set_bits(&mut key, 66, 1, !f.jacoby as u32);
    encode(&key, 12)
}

pub fn match_fields(id: &str) -> Result<MatchFields, String> {
    if id.len() != 12 {
        return Err(format!("match id {id:?} should have 12 characters"));
    }
    let key = decode(id, 9)?;
    let owner = match get_bits(&key, 4, 2) {
        0 => 0,
        1 => 1,
        _ => -1,
    };
    let f = MatchFields {
        cube_log: get_bits(&key, 0, 4) as u8,
        owner,
        on_roll: get_bits(&key, 6, 1) as u8,
        crawford: get_bits(&key, 7, 1) != 0,
        game_state: get_bits(&key, 8, 3) as u8,
        turn: get_bits(&key, 11, 1) as u8,
        doubled: get_bits(&key, 12, 1) != 0,
        resigned: get_bits(&key, 13, 2) as u8,
        dice: [get_bits(&key, 15, 3) as u8, get_bits(&key, 18, 3) as u8],
        match_length: get_bits(&key, 21, 15) as u16,
        score: [get_bits(&key, 36, 15) as u16, get_bits(&key, 51, 15) as u16],
        jacoby: get_bits(&key, 66, 1) == 0,
    };
    if f.dice.iter().any(|&d| d > 6) || (f.dice[0] == 0) != (f.dice[1] == 0) {
        return Err(format!("match id {id:?} has dice {:?}", f.dice));
    }
    Ok(f)
}

/// gnubg's two ids for this state, when gnubg has a state like it (not after the game).
pub fn ids(s: &Backgammon) -> Option<(String, String)> {
    let roller = s.roller();
    let (game_state, dice, turn, doubled, cube_log) = match s.phase {
        Phase::Opening => (0, [0, 0], roller, false, s.cube_log),
        Phase::OpeningChoice | Phase::Moving => (1, s.dice, roller, false, s.cube_log),
        Phase::CubeDecision | Phase::Rolling => (1, [0, 0], roller, false, s.cube_log),
        Phase::Doubled { beavers } => (1, [0, 0], s.responder()?, true, s.cube_log + beavers),
        Phase::Over => return None,
    };
    let pos = position_id(&s.sides[roller ^ 1], &s.sides[roller]);
    let f = MatchFields {
        cube_log,
        owner: if s.owner == CENTRE { -1 } else { s.owner as i8 },
        on_roll: roller as u8,
        crawford: s.crawford,
        game_state,
        turn: turn as u8,
        doubled,
        resigned: 0,
        dice,
        match_length: s.rules.match_length,
        score: s.score,
        jacoby: s.rules.jacoby && s.rules.is_money(),
    };
    Some((pos, match_id(&f)))
}

/// Reads `<position id>:<match id>` under `rules` (the rules must agree with the match id's
/// length). gnubg's "no game" state is the opening roll; a finished game cannot be read.
pub fn from_ids(rules: &BgRules, ids: &str) -> Result<Backgammon, String> {
    let (pos, mat) = ids
        .split_once(':')
        .ok_or_else(|| format!("{ids:?}: expected <position id>:<match id>"))?;
    let (not_on_roll, on_roll) = sides_from_position_id(pos)?;
    let f = match_fields(mat)?;
    if f.match_length != rules.match_length {
        return Err(format!(
            "the match id is for match={}, the rules say match={}",
            f.match_length, rules.match_length
        ));
    }
    if f.resigned != 0 {
        return Err("a resignation offer is not a position of boardlab's game".into());
    }
    let roller = f.on_roll;
    let mut sides = [[0u8; 26]; 2];
    sides[roller as usize] = on_roll;
    sides[roller as usize ^ 1] = not_on_roll;
    let owner = if f.owner < 0 { CENTRE } else { f.owner as u8 };
    let n = rules.match_length;
    let one_away = n > 0 && f.score.iter().any(|&x| x + 1 == n);
    let (phase, cube_log) = match f.game_state {
        0 => {
            if sides != [START, START] {
                return Err("gnubg's \"no game\" state is read as the opening roll".into());
            }
            (Phase::Opening, f.cube_log)
        }
        1 if f.doubled => {
            // After a beaver gnubg has turned the cube once and the doubler answers.
            let beavers = (f.turn == roller) as u8;
            if f.cube_log < beavers {
                return Err("a beavered cube below 2".into());
            }
            (Phase::Doubled { beavers }, f.cube_log - beavers)
        }
        1 if f.dice[0] > 0 => (Phase::Moving, f.cube_log),
        1 => (Phase::CubeDecision, f.cube_log),
        g => {
            return Err(format!(
                "game state {g} (over or resigned) has no next move"
            ))
        }
    };
    let auto_used = if owner == CENTRE { cube_log } else { 0 };
    let mut state = Backgammon::from_raw(
        *rules,
        Parts {
            sides,
            phase,
            roller,
            dice: [f.dice[0].max(f.dice[1]), f.dice[0].min(f.dice[1])],
            cube_log,
            owner,
            auto_used,
            score: f.score,
            crawford: f.crawford && n > 1,
            post_crawford: rules.crawford && !f.crawford && one_away && n > 1,
            result: None,
            paid: 0,
        },
    );
    if phase == Phase::CubeDecision && !state.may_double() {
        state.phase = Phase::Rolling;
    }
    super::text::validate(&state)?;
    Ok(state)
}
