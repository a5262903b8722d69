//! Notation. A cell is a file letter and a rank digit, `a1` bottom-left to `c3` top-right, as
//! on every other board of the lab. A position is the three rows from the top (rank 3 first),
//! `x`, `o` or `.` a cell, split by `/`, then the side to move: `x.o/.x./o.. o`.

use crate::game::error::quote;
use crate::game::ParseError;

use super::game::{Cell, TicTacToe};
use super::rules::TicTacToeRules;

/// The seats' letters: seat 0 plays `x`, seat 1 `o`.
pub const SEATS: [&str; 2] = ["x", "o"];

pub fn format_cell(index: usize) -> String {
    let file = (b'a' + (index % 3) as u8) as char;
    format!("{file}{}", index / 3 + 1)
}

pub fn parse_cell(text: &str) -> Result<usize, ParseError> {
    let t = text.trim().as_bytes();
    match t {
        [file @ b'a'..=b'c', rank @ b'1'..=b'3'] => {
            Ok(usize::from(rank - b'1') * 3 + usize::from(file - b'a'))
        }
        _ => Err(ParseError::mv(
            text,
            "a cell is a1..c3 (file a-c, rank 1-3)",
        )),
    }
}

pub fn format_position(state: &TicTacToe) -> String {
    let rows: Vec<String> = (0..3)
        .rev()
        .map(|rank| {
            (0..3)
                .map(|file| match state.cell(rank * 3 + file) {
                    Cell::Empty => '.',
                    Cell::X => 'x',
                    Cell::O => 'o',
                })
                .collect()
        })
        .collect();
    format!("{} {}", rows.join("/"), SEATS[state.to_move])
}

pub fn parse_position(rules: &TicTacToeRules, text: &str) -> Result<TicTacToe, ParseError> {
    let mut parts = text.split_whitespace();
    let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(ParseError::position(
            text,
            "expected the rows and the side to move, e.g. \"x.o/.x./o.. o\"",
        ));
    };
    let to_move = SEATS.iter().position(|&s| s == side).ok_or_else(|| {
        ParseError::position(text, format!("side to move {} is not x or o", quote(side)))
    })?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 3 {
        return Err(ParseError::position(
            text,
            format!("{} rows, expected 3 (rank 3 first)", rows.len()),
        ));
    }
    let mut cells = [Cell::Empty; 9];
    for (row, chars) in rows.iter().enumerate() {
        // The text lists rank 3 first: name the rank as the moves do.
        let rank = 3 - row;
        if chars.chars().count() != 3 {
            return Err(ParseError::position(
                text,
                format!("rank {rank} is {} cells, expected 3", chars.chars().count()),
            ));
        }
        for (file, c) in chars.chars().enumerate() {
            cells[(rank - 1) * 3 + file] = match c {
                '.' => Cell::Empty,
                'x' => Cell::X,
                'o' => Cell::O,
                other => {
                    return Err(ParseError::position(
                        text,
                        format!(
                            "{} at rank {rank} is not x, o or .",
                            quote(&other.to_string())
                        ),
                    ))
                }
            };
        }
    }
    TicTacToe::from_cells(rules, cells, to_move, text)
}
