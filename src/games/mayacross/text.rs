//! Maya cross text.
//!
//! Position: each seat's pieces by route square (0 the start square .. 59 the triumph square,
//! 60 off the board), then the seat to move and its throw: `a:0,0,12,60 b:0,3,5,7 a?` before
//! the throw, `a1-34` after a throw where the 1, 3 and 4 dice show their number and the 2 die
//! its blank (four players: three dice, `b-2-`), `a#` when seat a has won.
//!
//! Moves: the throw `r1-34`; a move lists each moving piece as `from+steps`, with `x` where it
//! lands on and hits an opponent: `0+4,0+3,12+1x`; `pass` for a throw with nothing to move.

use crate::game::{Game, ParseError, Turn};

use super::board::{Kind, OFF};
use super::game::{seat_letter, Maya, MayaMove};
use super::rules::{Attack, MayaRules};

fn dice_text(mask: u8, dice: u8) -> String {
    (0..dice)
        .map(|i| {
            if mask >> i & 1 == 1 {
                (b'1' + i) as char
            } else {
                '-'
            }
        })
        .collect()
}

fn parse_dice(text: &str, dice: u8) -> Option<u8> {
    if text.chars().count() != dice as usize {
        return None;
    }
    let mut mask = 0u8;
    for (i, c) in text.chars().enumerate() {
        match c {
            '-' => {}
            c if c == (b'1' + i as u8) as char => mask |= 1 << i,
            _ => return None,
        }
    }
    Some(mask)
}

pub fn format_position(m: &Maya) -> String {
    let mut out = String::new();
    for seat in 0..m.num_players() {
        let list: Vec<String> = m.pieces(seat).iter().map(|x| x.to_string()).collect();
        out.push_str(&format!("{}:{} ", seat_letter(seat), list.join(",")));
    }
    match (m.winner(), m.roll()) {
        (Some(w), _) => out.push_str(&format!("{}#", seat_letter(w))),
        (None, None) => out.push_str(&format!("{}?", seat_letter(m.to_move()))),
        (None, Some(r)) => out.push_str(&format!(
            "{}{}",
            seat_letter(m.to_move()),
            dice_text(r, m.rules().dice())
        )),
    }
    out
}

pub fn parse_position(rules: &MayaRules, text: &str) -> Result<Maya, ParseError> {
    let err = |why: String| ParseError::position(text, why);
    let players = rules.players as usize;
    let n = rules.pieces();
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() != players + 1 {
        return Err(err(format!(
            "expected {players} seats (a:<squares>) and the seat to move"
        )));
    }
    let mut pieces = [[0u8; 4]; 4];
    for seat in 0..players {
        let prefix = format!("{}:", seat_letter(seat));
        let body = parts[seat].strip_prefix(&prefix).ok_or_else(|| {
            err(format!(
                "field {:?} should start with {prefix:?}",
                parts[seat]
            ))
        })?;
        let list: Vec<&str> = body.split(',').collect();
        if list.len() != n {
            return Err(err(format!(
                "seat {} needs {n} pieces, has {}",
                seat_letter(seat),
                list.len()
            )));
        }
        for (k, t) in list.iter().enumerate() {
            let x: u8 = t
                .parse()
                .ok()
                .filter(|&x| x <= OFF)
                .ok_or_else(|| err(format!("bad route square {t:?} (0..60)")))?;
            pieces[seat][k] = x;
        }
    }
    let last = parts[players];
    let mut chars = last.chars();
    let side = chars
        .next()
        .ok_or_else(|| err("missing the seat to move".into()))?;
    let seat = (side as u32)
        .checked_sub('a' as u32)
        .map(|s| s as usize)
        .filter(|&s| s < players)
        .ok_or_else(|| err(format!("bad seat to move {side:?}")))?;
    let rest = chars.as_str();
    let finished: Vec<usize> = (0..players)
        .filter(|&s| pieces[s][..n].iter().all(|&x| x == OFF))
        .collect();
    let roll = match rest {
        "#" => {
            if finished != [seat] {
                return Err(err(format!(
                    "`{side}#` says seat {side} has won, but its pieces are not all off"
                )));
            }
            None
        }
        "?" => None,
        t => Some(
            parse_dice(t, rules.dice())
                .ok_or_else(|| err(format!("bad throw {t:?} (e.g. 1-34, or ?)")))?,
        ),
    };
    if rest != "#" && !finished.is_empty() {
        return Err(err(format!(
            "seat {} has all its pieces off: the game is over (write {}#)",
            seat_letter(finished[0]),
            seat_letter(finished[0])
        )));
    }
    let m = Maya::from_parts(*rules, pieces, seat, roll);
    if rules.attack == Attack::Must {
        // Every landing hits, so two seats never share a square off the islands (pieces still
        // on their own start square are at home and do not count).
        let g = m.geometry();
        let mut owner: Vec<Option<usize>> = vec![None; g.board.len()];
        for s in 0..players {
            for &x in m.pieces(s) {
                if x == 0 || x == OFF {
                    continue;
                }
                let sq = m.square_of(s, x).expect("on the board") as usize;
                if g.is_island(sq as u8) {
                    continue;
                }
                match owner[sq] {
                    Some(o) if o != s => {
                        return Err(err(format!(
                            "seats {} and {} share the square at {:?} off the islands",
                            seat_letter(o),
                            seat_letter(s),
                            g.board.point(sq)
                        )))
                    }
                    _ => owner[sq] = Some(s),
                }
            }
        }
    }
    Ok(m)
}

pub fn format_move(m: &Maya, mv: MayaMove) -> String {
    match mv {
        MayaMove::Roll(mask) => format!("r{}", dice_text(mask, m.rules().dice())),
        MayaMove::Pass => "pass".into(),
        MayaMove::Play { steps, attack } => {
            let pcs = m.pieces(m.to_move());
            let parts: Vec<String> = (0..pcs.len())
                .filter(|&k| steps[k] > 0)
                .map(|k| {
                    format!(
                        "{}+{}{}",
                        pcs[k],
                        steps[k],
                        if attack >> k & 1 == 1 { "x" } else { "" }
                    )
                })
                .collect();
            parts.join(",")
        }
    }
}

pub fn parse_move(m: &Maya, text: &str) -> Result<MayaMove, ParseError> {
    let t = text.trim();
    let bad = |why: &str| ParseError::mv(text, why.to_string());
    let mv = if t == "pass" {
        MayaMove::Pass
    } else if let Some(d) = t.strip_prefix('r') {
        MayaMove::Roll(
            parse_dice(d, m.rules().dice())
                .ok_or_else(|| bad("a throw is r1234 with - for blanks"))?,
        )
    } else {
        if m.turn() != Turn::Player(m.to_move()) {
            return Err(bad("no move to make here"));
        }
        let pcs = m.pieces(m.to_move());
        let mut steps = [0u8; 4];
        let mut attack = 0u8;
        let mut used = [false; 4];
        for item in t.split(',') {
            let (item, x) = match item.strip_suffix('x') {
                Some(i) => (i, true),
                None => (item, false),
            };
            let (from, s) = item
                .split_once('+')
                .ok_or_else(|| bad("expected from+steps, e.g. 0+3,12+1x"))?;
            let from: u8 = from.parse().map_err(|_| bad("bad route square"))?;
            let s: u8 = s.parse().map_err(|_| bad("bad number of steps"))?;
            if s == 0 || s > 10 {
                return Err(bad("steps must be 1..10"));
            }
            let k = (0..pcs.len())
                .find(|&k| !used[k] && pcs[k] == from)
                .ok_or_else(|| bad("no (further) piece on that route square"))?;
            used[k] = true;
            steps[k] = s;
            if x {
                attack |= 1 << k;
            }
        }
        m.normalise(steps, attack)
            .ok_or_else(|| bad("an x marks a landing that hits nothing"))?
    };
    if !m.is_legal(mv) {
        return Err(bad("not legal in this position"));
    }
    Ok(mv)
}

/// The cross: start squares `S`, triumph squares `T`, islands `^`, the turntable `@`, other
/// squares `.`; pieces as their seat's capital letter (with a count when several).
pub fn render(m: &Maya) -> String {
    let g = m.geometry();
    let players = m.num_players();
    let drawing = g.board.render(4, 1, &[], |i| {
        let mut here = String::new();
        for s in 0..players {
            let k = m
                .pieces(s)
                .iter()
                .filter(|&&x| x < OFF && m.square_of(s, x) == Some(i as u8))
                .count();
            if k > 0 {
                here.push(seat_letter(s).to_ascii_uppercase());
                if k > 1 {
                    here.push_str(&k.to_string());
                }
            }
        }
        if !here.is_empty() {
            return here;
        }
        match g.kinds[i] {
            Kind::Start(_) => "S",
            Kind::Triumph(_) => "T",
            Kind::Island => "^",
            Kind::Turntable => "@",
            Kind::Ordinary => ".",
        }
        .into()
    });
    let mut s = drawing;
    for seat in 0..players {
        let off = m.pieces(seat).iter().filter(|&&x| x == OFF).count();
        s.push_str(&format!(
            "{}: route squares {:?}, {off} off\n",
            seat_letter(seat).to_ascii_uppercase(),
            m.pieces(seat)
        ));
    }
    s.push_str(&match m.turn() {
        Turn::Terminal => format!(
            "game over: {} wins\n",
            seat_letter(m.winner().unwrap_or(0)).to_ascii_uppercase()
        ),
        Turn::Chance => format!(
            "{} to throw\n",
            seat_letter(m.to_move()).to_ascii_uppercase()
        ),
        Turn::Player(p) => format!(
            "{} threw {}\n",
            seat_letter(p).to_ascii_uppercase(),
            dice_text(m.roll().unwrap_or(0), m.rules().dice())
        ),
    });
    s
}
