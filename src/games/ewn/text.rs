//! Position text: five rows from the top (row 1, red's side) separated by `/`, each of five
//! squares written `.` (empty), `rN` (red cube N) or `bN` (blue cube N); then the side (`r` or
//! `b`); then the die: `-` while the roll is pending, `1`..`6` once rolled, or `setup` while that
//! side still has to set up. Standard start after setups 123/45/6 each, red to roll:
//! `r1r2r3../r4r5.../r6...b6/...b5b4/..b3b2b1 r -`.

use crate::game::{Game, ParseError, Turn};

use super::board::{square_name, SIZE, SQUARES};
use super::game::{colour_name, decode, Ewn, SETUP_DONE};
use super::rules::{EwnRules, BLUE, RED};

pub fn format_position(pos: &Ewn) -> String {
    let mut s = String::new();
    for row in 0..SIZE {
        if row > 0 {
            s.push('/');
        }
        for col in 0..SIZE {
            let p = pos.board()[row * SIZE + col];
            if p == 0 {
                s.push('.');
            } else {
                let (player, n) = decode(p);
                s.push(if player == RED { 'r' } else { 'b' });
                s.push((b'0' + n) as char);
            }
        }
    }
    s.push(' ');
    s.push(if pos.side() == RED { 'r' } else { 'b' });
    s.push(' ');
    if pos.in_setup() {
        s.push_str("setup");
    } else if pos.die() == 0 {
        s.push('-');
    } else {
        s.push((b'0' + pos.die()) as char);
    }
    s
}

pub fn parse_position(rules: &EwnRules, text: &str) -> Result<Ewn, ParseError> {
    let err = |reason: String| ParseError::position(text, reason);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 3 {
        return Err(err(format!(
            "expected three fields (board, side, die), found {}",
            fields.len()
        )));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != SIZE {
        return Err(err(format!(
            "expected 5 rows separated by /, found {}",
            rows.len()
        )));
    }
    let mut board = [0u8; SQUARES];
    for (r, row) in rows.iter().enumerate() {
        let mut chars = row.chars();
        let mut col = 0usize;
        while let Some(c) = chars.next() {
            if col >= SIZE {
                return Err(err(format!("row {} has more than 5 squares", r + 1)));
            }
            let sq = r * SIZE + col;
            match c {
                '.' => {}
                'r' | 'R' | 'b' | 'B' => {
                    let n = chars
                        .next()
                        .and_then(|d| d.to_digit(10))
                        .filter(|n| (1..=6).contains(n))
                        .ok_or_else(|| {
                            err(format!(
                                "{c} on {} must be followed by a cube number 1..6",
                                square_name(sq as u8)
                            ))
                        })? as u8;
                    board[sq] = if c.eq_ignore_ascii_case(&'r') {
                        n
                    } else {
                        n + 6
                    };
                }
                _ => {
                    return Err(err(format!(
                        "bad square {c:?} on {} (use ., rN or bN)",
                        square_name(sq as u8)
                    )))
                }
            }
            col += 1;
        }
        if col != SIZE {
            return Err(err(format!("row {} has {col} squares, expected 5", r + 1)));
        }
    }
    let side = match fields[1] {
        "r" | "R" | "red" => RED,
        "b" | "B" | "blue" => BLUE,
        other => return Err(err(format!("bad side {other:?} (use r or b)"))),
    };
    let (die, to_setup) = match fields[2] {
        "-" => (0, SETUP_DONE),
        "setup" => (0, side as u8),
        d => match d.parse::<u8>() {
            Ok(n) if (1..=6).contains(&n) => (n, SETUP_DONE),
            _ => return Err(err(format!("bad die {d:?} (use -, 1..6 or setup)"))),
        },
    };
    Ewn::from_parts(*rules, board, side, die, to_setup).map_err(err)
}

/// The board with row numbers and files, then whose turn it is.
pub fn render(pos: &Ewn) -> String {
    let mut s = String::from("    a  b  c  d  e\n");
    for row in 0..SIZE {
        s.push_str(&format!("{} ", row + 1));
        for col in 0..SIZE {
            let p = pos.board()[row * SIZE + col];
            if p == 0 {
                s.push_str("  .");
            } else {
                let (player, n) = decode(p);
                s.push_str(&format!(" {}{n}", if player == RED { 'R' } else { 'B' }));
            }
        }
        s.push('\n');
    }
    let status = match pos.turn() {
        Turn::Terminal => format!(
            "game over: {} wins",
            colour_name(pos.winner().unwrap_or(RED))
        ),
        _ if pos.in_setup() => format!("{} to set up", colour_name(pos.side())),
        _ if pos.die() == 0 => format!("{} to roll", colour_name(pos.side())),
        _ => format!("{} to move with a {}", colour_name(pos.side()), pos.die()),
    };
    s.push_str(&format!(
        "red {} cubes, blue {} cubes; {status}\n",
        pos.cube_count(RED),
        pos.cube_count(BLUE)
    ));
    s
}
