//! Jungle text, on the shared grid text (`game::grid`): squares `a1`..`g9` (files from Red's
//! left, ranks from Red's side), pieces R C D W P T L E (rat, cat, dog, wolf, leopard ("panther"),
//! tiger, lion, elephant), Red's in upper case.
//!
//! Moves: `a3b3` (a step or a jump, capturing whatever stands on the target), `E@c5` (a drop,
//! the letter in either case), `c3=c4` (an exchange: the mover's piece, then the equal enemy
//! piece beside it). Position: the rows from rank 9 down, the side to move (`r`/`g`), the hands
//! (`-`, or letters with counts, `2Rl`: Red holds two rats, Green a lion), the square of the piece
//! just moved when fresh exchanges need it (else `-`), and the plies without capture, exchange or
//! drop (`0` unless a draw rule counts them). The start: `l5t/1w3c1/r1p1d1e/7/7/7/E1D1P1R/1C3W1/T5L r - - 0`.

use crate::game::grid::{format_rows, format_square, parse_rows, parse_square, Files};
use crate::game::{Game, MoveList, ParseError};

use super::board::{is_trap_of, is_water, Animal, Piece, DEN, FILES, GREEN, RANKS, RED, SQUARES};
use super::game::Jungle;
use super::movegen::JungleMove;
use super::rules::JungleRules;

pub fn square_name(sq: usize) -> String {
    format_square(Files::Letters, (sq % FILES, sq / FILES))
}

fn parse_sq(text: &str, whole: &str) -> Result<usize, ParseError> {
    let (f, r) = parse_square(Files::Letters, FILES, RANKS, text)
        .map_err(|e| ParseError::mv(whole, e.reason))?;
    Ok(r * FILES + f)
}

pub fn format_move(mv: JungleMove) -> String {
    match mv {
        JungleMove::Step { from, to } => {
            format!("{}{}", square_name(from as usize), square_name(to as usize))
        }
        JungleMove::Drop { animal, to } => {
            format!("{}@{}", animal.letter(), square_name(to as usize))
        }
        JungleMove::Exchange { own, other } => {
            format!(
                "{}={}",
                square_name(own as usize),
                square_name(other as usize)
            )
        }
    }
}

/// Splits `a3b3` into its two squares (a rank has one digit on this board).
fn two_squares(t: &str) -> Option<(&str, &str)> {
    if t.len() != 4 || !t.is_ascii() {
        return None;
    }
    Some((&t[..2], &t[2..]))
}

pub fn parse_move(state: &Jungle, text: &str) -> Result<JungleMove, ParseError> {
    let t = text.trim();
    let bad = |why: &str| ParseError::mv(text, why.to_string());
    let mv = if let Some((a, sq)) = t.split_once('@') {
        let mut chars = a.chars();
        let animal = match (chars.next(), chars.next()) {
            (Some(c), None) => {
                Animal::from_letter(c).ok_or_else(|| bad("unknown animal letter before '@'"))?
            }
            _ => {
                return Err(bad(
                    "a drop is one animal letter, '@' and a square, like E@c5",
                ))
            }
        };
        JungleMove::Drop {
            animal,
            to: parse_sq(sq, text)? as u8,
        }
    } else if let Some((own, other)) = t.split_once('=') {
        JungleMove::Exchange {
            own: parse_sq(own, text)? as u8,
            other: parse_sq(other, text)? as u8,
        }
    } else {
        let (from, to) =
            two_squares(t).ok_or_else(|| bad("expected a move like a3b3, E@c5 or c3=c4"))?;
        JungleMove::Step {
            from: parse_sq(from, text)? as u8,
            to: parse_sq(to, text)? as u8,
        }
    };
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.contains(&mv) {
        Ok(mv)
    } else if state.is_terminal() {
        Err(bad("the game is over"))
    } else {
        Err(bad("not a legal move here"))
    }
}

fn piece_letter(p: &Piece, out: &mut String) {
    let c = p.animal.letter();
    out.push(if p.owner == RED {
        c
    } else {
        c.to_ascii_lowercase()
    });
}

fn hands_text(state: &Jungle) -> String {
    let mut out = String::new();
    for side in [RED, GREEN] {
        for a in (0..8).rev() {
            let n = state.hand(side)[a];
            if n == 0 {
                continue;
            }
            if n > 1 {
                out.push_str(&n.to_string());
            }
            piece_letter(
                &Piece {
                    animal: Animal::from_index(a),
                    owner: side,
                },
                &mut out,
            );
        }
    }
    if out.is_empty() {
        "-".into()
    } else {
        out
    }
}

pub fn format_position(s: &Jungle) -> String {
    let squares: Vec<Option<Piece>> = (0..SQUARES).map(|sq| s.piece_at(sq)).collect();
    let rows = format_rows(&squares, FILES, RANKS, false, piece_letter);
    let last = s.last_to().map_or("-".to_string(), square_name);
    format!(
        "{rows} {} {} {last} {}",
        if s.side() == RED { "r" } else { "g" },
        hands_text(s),
        s.quiet_plies()
    )
}

fn read_piece(chars: &mut std::iter::Peekable<std::str::Chars>) -> Result<Piece, String> {
    let c = chars.next().ok_or("end of row")?;
    let animal = Animal::from_letter(c).ok_or_else(|| format!("unknown piece {c:?}"))?;
    Ok(Piece {
        animal,
        owner: if c.is_ascii_uppercase() { RED } else { GREEN },
    })
}

pub fn parse_position(rules: &JungleRules, text: &str) -> Result<Jungle, ParseError> {
    let bad = |why: String| ParseError::position(text, why);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(bad(format!(
            "expected 5 fields (rows, side, hands, last-moved square, quiet plies), found {}",
            fields.len()
        )));
    }
    let squares =
        parse_rows(fields[0], FILES, RANKS, "rank", read_piece).map_err(|e| bad(e.reason))?;
    let mut board = [0u8; SQUARES];
    for (sq, p) in squares.iter().enumerate() {
        if let Some(p) = p {
            board[sq] = p.code();
        }
    }
    let side = match fields[1] {
        "r" | "R" => RED,
        "g" | "G" => GREEN,
        other => return Err(bad(format!("side {other:?}: expected r or g"))),
    };
    let mut hands = [[0u8; 8]; 2];
    if fields[2] != "-" {
        let mut count: Option<u32> = None;
        for c in fields[2].chars() {
            if let Some(d) = c.to_digit(10) {
                count = Some(count.unwrap_or(0) * 10 + d);
                if count > Some(2) {
                    return Err(bad("at most 2 of an animal in hand".into()));
                }
                continue;
            }
            let a = Animal::from_letter(c)
                .ok_or_else(|| bad(format!("unknown piece {c:?} in hand")))?;
            let side = if c.is_ascii_uppercase() { RED } else { GREEN };
            let n = count.take().unwrap_or(1);
            if n == 0 {
                return Err(bad("a count of 0 in hand".into()));
            }
            let slot = &mut hands[side][a as usize];
            *slot = (*slot as u32 + n).min(255) as u8;
        }
        if count.is_some() {
            return Err(bad("a count in hand without a piece letter".into()));
        }
    }
    let last = match fields[3] {
        "-" => None,
        sq => Some(parse_sq(sq, sq).map_err(|e| bad(format!("last-moved square: {}", e.reason)))?),
    };
    let quiet: u16 = fields[4]
        .parse()
        .map_err(|_| bad(format!("quiet plies {:?} is not a number", fields[4])))?;
    Jungle::from_parts(*rules, board, hands, side, last, quiet).map_err(bad)
}

/// The board with the squares' kinds: `~` water, `#` a trap, `@` a den.
pub fn render(s: &Jungle) -> String {
    let mut out = String::new();
    for rank in (0..RANKS).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..FILES {
            let sq = rank * FILES + file;
            let c = match s.piece_at(sq) {
                Some(p) => {
                    let mut t = String::new();
                    piece_letter(&p, &mut t);
                    t.chars().next().unwrap_or('?')
                }
                None if is_water(sq) => '~',
                None if sq == DEN[0] || sq == DEN[1] => '@',
                None if is_trap_of(sq, RED) || is_trap_of(sq, GREEN) => '#',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g\n");
    out.push_str(&format!(
        "{} to move, hands {}",
        if s.side() == RED { "Red" } else { "Green" },
        hands_text(s)
    ));
    match (s.is_terminal(), s.winner()) {
        (true, Some(w)) => out.push_str(if w == RED {
            ", Red has won"
        } else {
            ", Green has won"
        }),
        (true, None) => out.push_str(", drawn"),
        _ => {}
    }
    out
}
