//! Oware text. Houses are named as OpenSpiel names them: South's row `A`..`F` and North's
//! `a`..`f`, each from its owner's left, so both rows read in sowing order. A move is the house
//! sown (`C`, `d`). A position is both rows in sowing order, the captured seeds of South and
//! North, and the side to move (`S`, `N`, or `-` once the game is over):
//!
//! ```text
//! 4,4,4,4,4,4/4,4,4,4,4,4 0 0 S          the start
//! 0,0,1,0,0,2/0,0,0,0,0,0 30 15 -        a finished game
//! ```

use crate::game::ParseError;

use super::board::{Houses, HOUSES, ROW};
use super::game::{Oware, OwareMove, NORTH, SOUTH};
use super::rules::OwareRules;

pub fn house_name(house: usize) -> String {
    let c = if house < ROW {
        b'A' + house as u8
    } else {
        b'a' + (house - ROW) as u8
    };
    (c as char).to_string()
}

pub fn parse_move(state: &Oware, text: &str) -> Result<OwareMove, ParseError> {
    let bad = |why: String| ParseError::mv(text, why);
    let t = text.trim();
    let mut chars = t.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(bad(
            "expected one house letter, A-F (South) or a-f (North)".into()
        ));
    };
    let house = match c {
        'A'..='F' => c as usize - 'A' as usize,
        'a'..='f' => ROW + c as usize - 'a' as usize,
        _ => {
            return Err(bad(
                "expected a house letter, A-F (South) or a-f (North)".into()
            ))
        }
    };
    if state.is_over() {
        return Err(bad("the game is over".into()));
    }
    let side = state.side();
    if house / ROW != side {
        return Err(bad(format!(
            "house {c} is {}'s, and {} is to move",
            if house < ROW { "South" } else { "North" },
            if side == SOUTH { "South" } else { "North" }
        )));
    }
    if state.legal_mask() & (1 << (house % ROW)) == 0 {
        return Err(bad(if state.houses()[house] == 0 {
            format!("house {c} is empty")
        } else {
            format!("house {c} does not feed the opponent's empty row, and a move that does exists")
        }));
    }
    Ok(house as OwareMove)
}

fn row_text(houses: &[u8]) -> String {
    houses
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

pub fn format_position(s: &Oware) -> String {
    let h = s.houses();
    let side = if s.is_over() {
        "-"
    } else if s.side() == SOUTH {
        "S"
    } else {
        "N"
    };
    format!(
        "{}/{} {} {} {side}",
        row_text(&h[..ROW]),
        row_text(&h[ROW..]),
        s.scores()[0],
        s.scores()[1]
    )
}

pub fn parse_position(rules: &OwareRules, text: &str) -> Result<Oware, ParseError> {
    let bad = |why: String| ParseError::position(text, why);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 {
        return Err(bad(format!(
            "expected 4 fields (rows, South's seeds, North's seeds, side), found {}",
            fields.len()
        )));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 2 {
        return Err(bad("expected two rows separated by '/'".into()));
    }
    let mut houses: Houses = [0; HOUSES];
    // Rows are named as the houses are (South's A..F, then North's a..f), not by number.
    for (r, row) in rows.iter().enumerate() {
        let name = ["South's row (A..F)", "North's row (a..f)"][r];
        let counts: Vec<&str> = row.split(',').collect();
        if counts.len() != ROW {
            return Err(bad(format!(
                "{name} has {} houses, not {ROW}",
                counts.len()
            )));
        }
        for (i, c) in counts.iter().enumerate() {
            houses[r * ROW + i] =
                count(c).map_err(|why| bad(format!("house {}: {why}", house_name(r * ROW + i))))?;
        }
    }
    let mut scores = [0u8; 2];
    for p in 0..2 {
        scores[p] = count(fields[1 + p]).map_err(|why| bad(format!("captured seeds: {why}")))?;
    }
    let side = match fields[3] {
        "S" | "s" => Some(SOUTH),
        "N" | "n" => Some(NORTH),
        "-" => None,
        other => {
            return Err(bad(format!(
                "side {other:?}: expected S, N or - (game over)"
            )))
        }
    };
    Oware::parse_parts(rules, houses, scores, side).map_err(bad)
}

fn count(text: &str) -> Result<u8, String> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{text:?} is not a seed count"));
    }
    let n: u8 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a seed count"))?;
    if n as usize > super::game::MAX_SEEDS {
        return Err(format!("{n} seeds: at most {}", super::game::MAX_SEEDS));
    }
    Ok(n)
}

/// The board as OpenSpiel draws it: North's row from f to a on top, South's A to F below.
pub fn render(s: &Oware) -> String {
    let h = s.houses();
    let mut out = String::new();
    let mark = |p: usize| {
        if !s.is_over() && s.side() == p {
            " [to move]"
        } else {
            ""
        }
    };
    out.push_str(&format!(
        "North captured {}{}\n",
        s.scores()[1],
        mark(NORTH)
    ));
    for i in (0..ROW).rev() {
        out.push_str(&format!("{:>3}", house_name(ROW + i)));
    }
    out.push('\n');
    for i in (0..ROW).rev() {
        out.push_str(&format!("{:>3}", h[ROW + i]));
    }
    out.push('\n');
    for i in 0..ROW {
        out.push_str(&format!("{:>3}", h[i]));
    }
    out.push('\n');
    for i in 0..ROW {
        out.push_str(&format!("{:>3}", house_name(i)));
    }
    out.push('\n');
    out.push_str(&format!("South captured {}{}", s.scores()[0], mark(SOUTH)));
    if s.is_over() {
        out.push_str("\ngame over");
    }
    out
}
