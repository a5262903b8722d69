//! Position text and the terminal drawing. A position is the board's rows from the top (rank
//! `size`) down to rank 1, separated by `/`, each point `x` (black), `o` (white) or `.` (runs of
//! empty points may also be written as a number, as in FEN), then the side to move, `x` or `o`:
//! the empty 9x9 board is `........./........./.../......... x`. Moves are GTP vertices
//! (`a1`..`j9`, no `i`), read in either case. Both use `game::grid`.

use crate::game::grid::{format_rows, format_square, parse_rows, Files};
use crate::game::{Game, ParseError, Turn};

use super::board::{colour_name, BLACK, WHITE};
use super::game::NoGo;
use super::rules::NoGoRules;

fn colour_char(colour: usize) -> char {
    if colour == BLACK {
        'x'
    } else {
        'o'
    }
}

pub fn format_position(pos: &NoGo) -> String {
    let size = pos.size();
    let squares: Vec<Option<usize>> = (0..size * size).map(|p| pos.stone_at(p)).collect();
    let mut s = format_rows(&squares, size, size, true, |&c, out| {
        out.push(colour_char(c))
    });
    s.push(' ');
    s.push(colour_char(pos.side()));
    s
}

pub fn parse_position(rules: &NoGoRules, text: &str) -> Result<NoGo, ParseError> {
    let err = |reason: String| ParseError::position(text, reason);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 2 {
        return Err(err(format!(
            "expected two fields (board rows, side to move), found {}",
            fields.len()
        )));
    }
    let size = rules.size as usize;
    let squares = parse_rows(fields[0], size, size, "rank", |chars| match chars.next() {
        Some('x' | 'X') => Ok(BLACK),
        Some('o' | 'O') => Ok(WHITE),
        Some(c) => Err(format!("unknown point {c:?} (use x, o, . or a number)")),
        None => Err("end of row".into()),
    })
    .map_err(|e| err(format!("{} (a {size}x{size} board)", e.reason)))?;
    let side = match fields[1] {
        "x" | "X" | "b" | "B" | "black" => BLACK,
        "o" | "O" | "w" | "W" | "white" => WHITE,
        other => return Err(err(format!("bad side to move {other:?} (use x or o)"))),
    };
    let of = |c: usize| -> Vec<usize> {
        (0..squares.len())
            .filter(|&i| squares[i] == Some(c))
            .collect()
    };
    NoGo::from_parts(*rules, &of(BLACK), &of(WHITE), side).map_err(err)
}

/// The board with GTP coordinates (files without `I`), then whose turn it is.
pub fn render(pos: &NoGo) -> String {
    let size = pos.size();
    let files: String = (0..size)
        .map(|f| {
            format_square(Files::LettersWithoutI, (f, 0))
                .chars()
                .next()
                .unwrap_or('?')
                .to_ascii_uppercase()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut s = format!("    {files}\n");
    for rank in (0..size).rev() {
        s.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..size {
            let c = match pos.stone_at(rank * size + file) {
                Some(BLACK) => 'X',
                Some(_) => 'O',
                None => '.',
            };
            s.push(c);
            if file + 1 < size {
                s.push(' ');
            }
        }
        s.push_str(&format!(" {}\n", rank + 1));
    }
    s.push_str(&format!("    {files}\n"));
    let me = pos.side();
    match pos.turn() {
        Turn::Terminal => s.push_str(&format!(
            "{} ({}) to move has no legal move: {} wins\n",
            colour_name(me),
            colour_char(me).to_ascii_uppercase(),
            colour_name(1 - me)
        )),
        _ => s.push_str(&format!(
            "{} ({}) to move: {} legal points, {} for {}\n",
            colour_name(me),
            colour_char(me).to_ascii_uppercase(),
            pos.legal_count(me),
            pos.legal_count(1 - me),
            colour_name(1 - me)
        )),
    }
    s
}
