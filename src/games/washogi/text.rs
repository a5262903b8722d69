//! Text forms, all in XBoard's conventions (the ones HaChu and CrazyWa speak):
//!
//! - squares `a1` .. `k11` (files a-k from the first player's left, rank 1 at the first
//!   player's side);
//! - moves `h3g4`, `f9g8+` (promotion), `f9g8=` read as an explicit non-promotion, drops `P@d5`
//!   (the type letter, either case);
//! - positions as an XBoard FEN: 11 rows from rank 11 down, the first player's pieces in upper
//!   case, `+` before a promoted piece, runs of empty squares as numbers; then with drops the
//!   hands in brackets (`[PPr]`, `[-]` when both are empty); then `w` (first player to move) or
//!   `b`. The letters are in `pieces::LETTERS` and docs/rules/washogi.md.
//!
//! Reading goes text -> raw pieces -> a validated position: wrong counts of kings, a side not to
//! move in check, a piece where it can never move, or hands without drops are errors.

use crate::game::grid::{self, Files};
use crate::game::{MoveList, ParseError, Turn};

use super::geometry::{bit, file_of, rank_of, DEAD, SIZE, SQUARES};
use super::pieces::{
    is_promoted, kind_of_letter, promoted, unpromoted, HAND_TYPES, KING, LETTERS, NAMES, PROMOTED,
};
use super::position::{kind_of, owner_of, Ending, WaMove, WaShogi, MAX_HAND};
use super::rules::WaRules;

/// The XBoard variant names of Wa shogi and the rules each means: HaChu's game without drops,
/// CrazyWa's with them.
pub const XBOARD_VARIANTS: &[(&str, &str)] =
    &[("wa-shogi", "drops=false"), ("crazywa", "drops=true")];

/// How a finished game ended, for XBoard's result comment.
pub fn result_comment(pos: &WaShogi) -> String {
    let first = |p: usize| if p == 0 { "first" } else { "second" };
    match pos.ending() {
        Some(Ending::Repetition) => "fourfold repetition".to_string(),
        Some(Ending::PerpetualCheck(p)) => format!("perpetual check by the {} player", first(p)),
        Some(Ending::KingCaptured(p)) => format!("the {} player's Crane King captured", first(p)),
        Some(Ending::BareKings) => "bare kings, no mate possible".to_string(),
        Some(Ending::MoveLimit) => format!("move limit of {} plies", pos.rules.max_plies),
        None if pos.in_check() => "checkmate".to_string(),
        None => "stalemate".to_string(),
    }
}

/// The start position (rank 11 first).
pub const START: &str =
    "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w";

pub fn square_text(sq: usize) -> String {
    grid::format_square(Files::Letters, (file_of(sq), rank_of(sq)))
}

fn parse_square(text: &str) -> Result<usize, ParseError> {
    let (f, r) = grid::parse_square(Files::Letters, SIZE, SIZE, text)?;
    Ok(r * SIZE + f)
}

/// A move's text without a position (for Debug).
pub fn move_text(mv: WaMove) -> String {
    match (mv.from(), mv.dropped()) {
        (Some(from), _) => format!(
            "{}{}{}",
            square_text(from),
            square_text(mv.to()),
            if mv.promotes() { "+" } else { "" }
        ),
        (None, Some(t)) => format!(
            "{}@{}",
            LETTERS.get(t as usize).map(|&c| c as char).unwrap_or('?'),
            square_text(mv.to())
        ),
        (None, None) => "?".to_string(),
    }
}

/// Splits `h3g4+` into ("h3", "g4", "+").
fn split_board_move(text: &str) -> Option<(&str, &str, &str)> {
    let b = text.as_bytes();
    let square_end = |start: usize| -> Option<usize> {
        if start >= b.len() || !b[start].is_ascii_alphabetic() {
            return None;
        }
        let mut i = start + 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > start + 1).then_some(i)
    };
    let a = square_end(0)?;
    let c = square_end(a)?;
    Some((&text[..a], &text[a..c], &text[c..]))
}

/// Reads a move in `pos` and checks that it is legal.
pub fn parse_move(pos: &WaShogi, text: &str) -> Result<WaMove, ParseError> {
    let t = text.trim();
    let bad = |why: &str| ParseError::mv(text, why.to_string());
    if !t.is_ascii() {
        return Err(bad("not an XBoard move (h3g4, f9g8+, P@d5)"));
    }
    let mv = if let Some((piece, sq)) = t.split_once('@') {
        let mut chars = piece.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(bad("a drop is one piece letter, '@' and a square (P@d5)"));
        };
        let kind = kind_of_letter(c).ok_or_else(|| bad("unknown piece letter"))?;
        if kind == KING {
            return Err(bad("the Crane King is never in hand"));
        }
        WaMove::drop(kind, parse_square(sq).map_err(|e| bad(&e.reason))?)
    } else {
        let (a, b, suffix) = split_board_move(t).ok_or_else(|| bad("expected two squares"))?;
        let from = parse_square(a).map_err(|e| bad(&e.reason))?;
        let to = parse_square(b).map_err(|e| bad(&e.reason))?;
        let promote = match suffix {
            "" | "=" => false,
            "+" => true,
            _ => {
                return Err(bad(
                    "expected '+' (promote) or '=' (do not) after the squares",
                ))
            }
        };
        WaMove::board(from, to, promote)
    };
    if !pos.rules_ref().drops && mv.is_drop() {
        return Err(bad("drops are off in these rules (drops=false)"));
    }
    let mut moves = MoveList::new();
    pos.legal(&mut moves);
    if moves.contains(&mv) {
        return Ok(mv);
    }
    let why = if pos.ending().is_some() || moves.is_empty() {
        "the game is over"
    } else if mv.promotes()
        && moves.contains(&WaMove::board(mv.from().unwrap_or(0), mv.to(), false))
    {
        "this piece cannot promote with this move"
    } else if !mv.is_drop() && moves.contains(&WaMove::board(mv.from().unwrap_or(0), mv.to(), true))
    {
        "the piece must promote here (it would have no further move)"
    } else {
        "illegal in this position"
    };
    Err(bad(why))
}

pub fn format_move(mv: WaMove) -> String {
    move_text(mv)
}

fn piece_letter(player: usize, kind: u8) -> char {
    let c = LETTERS[unpromoted(kind) as usize] as char;
    if player == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// Hand types in the order the text lists them: the most valuable first, as shogi records do.
const HAND_ORDER: [u8; HAND_TYPES] = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];

pub fn format_position(pos: &WaShogi) -> String {
    let squares: Vec<Option<u8>> = pos.board.iter().map(|&c| (c != 0).then_some(c)).collect();
    let mut s = grid::format_rows(&squares, SIZE, SIZE, false, |&c, out| {
        let kind = kind_of(c);
        if is_promoted(kind) {
            out.push('+');
        }
        out.push(piece_letter(owner_of(c), kind));
    });
    if pos.rules.drops {
        s.push('[');
        let mut any = false;
        for player in 0..2 {
            for &t in &HAND_ORDER {
                for _ in 0..pos.hands[player][t as usize] {
                    s.push(piece_letter(player, t));
                    any = true;
                }
            }
        }
        if !any {
            s.push('-');
        }
        s.push(']');
    }
    s.push_str(if pos.side == 0 { " w" } else { " b" });
    s
}

/// Reads an XBoard FEN (see the module comment) under `rules` and validates it.
pub fn parse_position(rules: &WaRules, text: &str) -> Result<WaShogi, ParseError> {
    let bad = |why: String| ParseError::position(text, why);
    let t = text.trim();
    let board_end = t.find(['[', ' ']).unwrap_or(t.len());
    let (rows, mut rest) = t.split_at(board_end);
    let cells = grid::parse_rows(rows, SIZE, SIZE, "rank", |chars| {
        let plus = chars.next_if_eq(&'+').is_some();
        let c = chars
            .next()
            .ok_or_else(|| "a '+' must be followed by a piece letter".to_string())?;
        let kind = kind_of_letter(c).ok_or_else(|| format!("unknown piece letter {c:?}"))?;
        let player = if c.is_ascii_uppercase() { 0 } else { 1 };
        let kind = if plus {
            promoted(kind).ok_or_else(|| format!("{c:?} does not promote"))?
        } else {
            kind
        };
        Ok((player, kind))
    })
    .map_err(|e| bad(e.reason))?;

    let mut pos = WaShogi::empty(*rules);
    let mut kings = [0; 2];
    for (sq, cell) in cells.iter().enumerate().take(SQUARES) {
        if let Some((player, kind)) = *cell {
            if kind == KING {
                kings[player] += 1;
            }
            if DEAD[player][kind as usize] & bit(sq) != 0 {
                return Err(bad(format!(
                    "an unpromoted {} on {} could never move",
                    NAMES[kind as usize].0,
                    square_text(sq)
                )));
            }
            pos.put(player, kind, sq);
        }
    }
    // Under royal=capture a finished game has one king left: the side without one has lost.
    let taken = rules.king_capture() && matches!(kings, [0, 1] | [1, 0]);
    if kings != [1, 1] && !taken {
        return Err(bad(format!(
            "each side needs exactly one Crane King (found {} and {})",
            kings[0], kings[1]
        )));
    }

    if let Some(r) = rest.strip_prefix('[') {
        let close = r
            .find(']')
            .ok_or_else(|| bad("the hands have no closing ']'".into()))?;
        let hands = &r[..close];
        rest = &r[close + 1..];
        let mut count = 0usize;
        for c in hands.chars() {
            if c == '-' {
                continue;
            }
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d as usize;
                if count > MAX_HAND {
                    return Err(bad(format!("more than {MAX_HAND} of one piece in hand")));
                }
                continue;
            }
            let kind = kind_of_letter(c)
                .filter(|&k| k != KING)
                .ok_or_else(|| bad(format!("{c:?} cannot be in a hand")))?;
            let player = if c.is_ascii_uppercase() { 0 } else { 1 };
            let n = pos.hands[player][kind as usize] as usize + count.max(1);
            if n > MAX_HAND {
                return Err(bad(format!("more than {MAX_HAND} of one piece in hand")));
            }
            pos.hands[player][kind as usize] = n as u8;
            count = 0;
        }
        if count != 0 {
            return Err(bad("a count in the hands without a piece".into()));
        }
        if !rules.drops && pos.hands.iter().flatten().any(|&n| n > 0) {
            return Err(bad(
                "pieces in hand, but drops are off in these rules (drops=false)".into(),
            ));
        }
    }
    let mut fields = rest.split_whitespace();
    match fields.next() {
        Some("w") => pos.side = 0,
        Some("b") => pos.side = 1,
        Some(other) => {
            return Err(bad(format!(
                "expected the side to move (w or b), found {other:?}"
            )))
        }
        None => return Err(bad("missing the side to move (w or b)".into())),
    }
    // XBoard FENs may go on with castling ('-') and move counters, which Wa shogi ignores.
    for f in fields {
        if f != "-" && !f.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(format!(
                "unexpected field {f:?} after the side to move"
            )));
        }
    }
    if taken {
        let loser = if kings[0] == 0 { 0 } else { 1 };
        pos.ending = Some(Ending::KingCaptured(loser));
        pos.hash = pos.hash_from_pieces();
        return Ok(pos);
    }
    pos.finish_setup();
    if !rules.king_capture() && pos.king_attacked(1 - pos.side as usize) {
        return Err(bad(
            "the side that has just moved is in check (its king could be taken)".into(),
        ));
    }
    Ok(pos)
}

/// The board as a terminal drawing, with hands and the state of the game.
pub fn render(pos: &WaShogi) -> String {
    let mut s = String::from("     a  b  c  d  e  f  g  h  i  j  k\n");
    for rank in (0..SIZE).rev() {
        s.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..SIZE {
            let c = pos.board[rank * SIZE + file];
            if c == 0 {
                s.push_str("  .");
            } else {
                let kind = kind_of(c);
                let p = if is_promoted(kind) { "+" } else { " " };
                s.push_str(&format!(" {p}{}", piece_letter(owner_of(c), kind)));
            }
        }
        s.push('\n');
    }
    if pos.rules.drops {
        for player in 0..2 {
            let held: Vec<String> = HAND_ORDER
                .iter()
                .filter(|&&t| pos.hands[player][t as usize] > 0)
                .map(|&t| {
                    format!(
                        "{}x{}",
                        pos.hands[player][t as usize], LETTERS[t as usize] as char
                    )
                })
                .collect();
            let name = if player == 0 {
                "first (upper case)"
            } else {
                "second (lower case)"
            };
            s.push_str(&format!(
                "hand of the {name}: {}\n",
                if held.is_empty() {
                    "-".to_string()
                } else {
                    held.join(" ")
                }
            ));
        }
    }
    let side = if pos.side == 0 {
        "first player (upper case)"
    } else {
        "second player (lower case)"
    };
    let status = match (pos.turn_of(), pos.ending()) {
        (Turn::Terminal, Some(Ending::Repetition)) => {
            "game over: fourfold repetition, a draw".to_string()
        }
        (Turn::Terminal, Some(Ending::PerpetualCheck(p))) => format!(
            "game over: fourfold repetition with perpetual check by the {} player, who loses",
            if p == 0 { "first" } else { "second" }
        ),
        (Turn::Terminal, Some(Ending::KingCaptured(p))) => format!(
            "game over: the {} player's Crane King is captured",
            if p == 0 { "first" } else { "second" }
        ),
        (Turn::Terminal, Some(Ending::BareKings)) => {
            "game over: only the Crane Kings are left, a draw (no mate is possible)".to_string()
        }
        (Turn::Terminal, Some(Ending::MoveLimit)) => format!(
            "game over: {} plies played (max_plies), a draw",
            pos.rules.max_plies
        ),
        (Turn::Terminal, None) if pos.in_check() => format!("game over: the {side} is checkmated"),
        (Turn::Terminal, None) => format!("game over: the {side} has no legal move (stalemate)"),
        _ if pos.in_check() => format!("{side} to move, in check"),
        _ => format!("{side} to move"),
    };
    s.push_str(&status);
    s.push('\n');
    s
}

const _: () = assert!(PROMOTED as usize + 14 == super::pieces::KINDS);
