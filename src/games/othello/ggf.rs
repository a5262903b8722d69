//! GGF (Generic Game Format, the format of GGS and of NBoard) for Othello game records:
//! `(;GM[Othello]PC[..]PB[black]PW[white]RE[..]TI[..]TY[8]BO[8 <64 squares> <side>]B[d3//1.2]W[c5];)`.
//! The board `BO` lists a1..h8 (`*` black, `O` white, `-` empty) and the side to move (`*`/`O`);
//! moves are `B[..]`/`W[..]` holding a square or `PA` (pass), optionally `/eval/time` after it.
//! Reading refuses unknown board types (only `TY[8]`, the standard game), a board of the wrong
//! size, and illegal moves, each error naming the bad text.

use crate::game::{Game, ParseError};

use super::game::{Othello, OthelloMove, BLACK};
use super::rules::OthelloRules;

/// A GGF game: the start position, the moves in order (with what was said about each), and
/// the tags kept as they were.
#[derive(Clone, Debug)]
pub struct GgfGame {
    pub start: Othello,
    pub moves: Vec<OthelloMove>,
    /// (tag, value) of every property but `BO` and the moves, in order.
    pub tags: Vec<(String, String)>,
}

impl GgfGame {
    /// The position after every move.
    pub fn position(&self) -> Othello {
        let mut s = self.start;
        for &m in &self.moves {
            s.play(m);
        }
        s
    }
}

/// The GGF text of a board and side to move: `8 <64 squares> <side>` (the position text with
/// GGF's `*` for black).
pub fn board_text(pos: &Othello) -> String {
    let text = pos.format_position().replace('X', "*");
    let (squares, side) = text.split_at(64);
    format!("8 {squares} {}", side.trim())
}

/// A GGF game from `start` with `moves`; `players` names black and white.
pub fn write(start: &Othello, moves: &[OthelloMove], players: [&str; 2]) -> String {
    let mut out = format!(
        "(;GM[Othello]PC[boardlab]PB[{}]PW[{}]RE[?]TI[0]TY[8]BO[{}]",
        clean(players[0]),
        clean(players[1]),
        board_text(start)
    );
    let mut s = *start;
    for &m in moves {
        let colour = if s.side() == BLACK { 'B' } else { 'W' };
        let text = if s.is_pass(m) {
            "PA".to_string()
        } else {
            s.format_move(m).to_ascii_uppercase()
        };
        out.push_str(&format!("{colour}[{text}]"));
        s.play(m);
    }
    out.push_str(";)");
    out
}

/// Property values may not hold `]`; names are written without it.
fn clean(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '[' | ']' | '\n' | '\r'))
        .collect()
}

/// A move as GGF and NBoard write it: `F5`, `f5`, `PA`, `pass`, maybe followed by `/eval/time`.
pub fn parse_move(pos: &Othello, text: &str) -> Result<OthelloMove, ParseError> {
    let square = text.split('/').next().unwrap_or("").trim();
    let mv = pos.parse_move(square).map_err(|_| {
        ParseError::mv(
            text,
            "expected a square a1..h8 or PA, maybe with /eval/time",
        )
    })?;
    if !pos.is_legal(mv) {
        return Err(ParseError::mv(text, "not a legal move in this position"));
    }
    Ok(mv)
}

/// Reads one GGF game.
pub fn read(rules: &OthelloRules, text: &str) -> Result<GgfGame, ParseError> {
    let bad = |why: &str| ParseError::position(text, why.to_string());
    let body = text.trim();
    let inner = body
        .strip_prefix("(;")
        .and_then(|b| b.strip_suffix(";)"))
        .ok_or_else(|| bad("a GGF game starts with \"(;\" and ends with \";)\""))?;
    let mut props = Vec::new();
    let mut rest = inner;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break;
        }
        let open = rest.find('[').ok_or_else(|| {
            bad(&format!(
                "text {} is no property TAG[value]",
                crate::game::error::quote(rest)
            ))
        })?;
        let tag = rest[..open].trim();
        if tag.is_empty() || !tag.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(bad(&format!(
                "bad property name {}",
                crate::game::error::quote(tag)
            )));
        }
        let close = rest[open..]
            .find(']')
            .ok_or_else(|| bad(&format!("property {tag} has no closing \"]\"")))?;
        props.push((tag.to_string(), rest[open + 1..open + close].to_string()));
        rest = &rest[open + close + 1..];
    }
    let mut tags = Vec::new();
    let mut start = None;
    let mut moves = Vec::new();
    let mut state: Option<Othello> = None;
    for (tag, value) in props {
        match tag.as_str() {
            "GM" if !value.eq_ignore_ascii_case("othello") => {
                return Err(bad(&format!("game GM[{value}] is not Othello")))
            }
            "TY" if value.trim() != "8" => {
                return Err(bad(&format!(
                    "board type TY[{value}] is not played here (only TY[8], the standard game)"
                )))
            }
            "BO" => {
                let pos = read_board(rules, &value)?;
                start = Some(pos);
                state = Some(pos);
            }
            "B" | "W" => {
                let s = state
                    .as_mut()
                    .ok_or_else(|| bad("a move comes before the board BO[..]"))?;
                let colour = if tag == "B" { BLACK } else { 1 };
                if s.is_terminal() {
                    return Err(ParseError::mv(value, "the game is over"));
                }
                if s.side() != colour {
                    return Err(ParseError::mv(
                        format!("{tag}[{value}]"),
                        "it is the other colour's turn",
                    ));
                }
                let mv = parse_move(s, &value)?;
                s.play(mv);
                moves.push(mv);
            }
            _ => tags.push((tag, value)),
        }
    }
    let start = start.ok_or_else(|| bad("no board BO[..] in the game"))?;
    Ok(GgfGame { start, moves, tags })
}

/// `8 <64 squares> <side>`, white space anywhere between the squares.
fn read_board(rules: &OthelloRules, value: &str) -> Result<Othello, ParseError> {
    let bad = |why: String| ParseError::position(format!("BO[{value}]"), why);
    let mut chars = value.split_whitespace();
    match chars.next() {
        Some("8") => {}
        other => return Err(bad(format!("board size {other:?}: only 8 is played"))),
    }
    let squares: String = chars.collect::<Vec<_>>().concat();
    let n = squares.chars().count();
    if n != 65 {
        return Err(bad(format!(
            "expected 64 squares and the side to move, found {n} characters"
        )));
    }
    // Split on characters, not bytes: a multi-byte character among the squares would put
    // byte 64 inside it (issue 41: `split_at(64)` panicked there).
    let side_at = squares
        .char_indices()
        .nth(64)
        .map_or(squares.len(), |(i, _)| i);
    let (board, side) = squares.split_at(side_at);
    let mut text = String::with_capacity(67);
    for c in board.chars() {
        text.push(match c {
            '*' | 'X' | 'x' | 'B' | 'b' => 'X',
            'O' | 'o' | 'W' | 'w' => 'O',
            '-' | '.' => '-',
            other => return Err(bad(format!("bad square {other:?} (use *, O or -)"))),
        });
    }
    text.push(' ');
    text.push(match side {
        "*" | "B" | "b" | "X" => 'X',
        "O" | "W" | "w" => 'O',
        other => return Err(bad(format!("bad side to move {other:?} (use * or O)"))),
    });
    Othello::parse_position(rules, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_then_read_gives_the_same_game() {
        let rules = OthelloRules::default();
        let mut s = Othello::new(&rules);
        let start = s;
        let mut moves = Vec::new();
        for t in ["f5", "d6", "c3", "d3", "c4"] {
            moves.push(s.play_text(t).unwrap());
        }
        let text = write(&start, &moves, ["a", "b"]);
        assert!(text.contains("B[F5]W[D6]B[C3]"), "{text}");
        let g = read(&rules, &text).unwrap();
        assert_eq!(g.start, start);
        assert_eq!(g.moves, moves);
        assert_eq!(g.position(), s);
    }

    #[test]
    fn nboard_style_game_reads_with_evals_and_times() {
        let rules = OthelloRules::default();
        let text = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[NTest2]PW[Human]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[F6]B[E6/-0.50/0.30];)";
        let g = read(&rules, text).unwrap();
        assert_eq!(g.moves.len(), 3);
        assert!(g.tags.iter().any(|(t, v)| t == "PB" && v == "NTest2"));
    }

    #[test]
    fn bad_games_are_errors_naming_the_text() {
        let rules = OthelloRules::default();
        let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let cases: Vec<(String, &str)> = vec![
            ("GM[Othello]".into(), "starts with"),
            (format!("(;GM[Othello]TY[8r]{board};)"), "TY[8r]"),
            (format!("(;GM[Othello]{board}B[A1];)"), "A1"),
            (format!("(;GM[Othello]{board}W[F5];)"), "W[F5]"),
            (format!("(;GM[Othello]{board}B[zz];)"), "zz"),
            ("(;GM[Othello]BO[8 ---];)".into(), "found 3"),
            ("(;GM[Othello]BO[8 ---;)".into(), "closing"),
            ("(;GM[Othello]B[F5];)".into(), "before the board"),
            // Issue 41: a multi-byte character at byte 64 of the squares panicked.
            (
                "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------é *];)".into(),
                "bad square 'é'",
            ),
            (
                "(;GM[Othello]BO[8 ---------------------------O*------*O---------------------------é];)".into(),
                "bad side to move \"é\"",
            ),
        ];
        for (text, needle) in &cases {
            let e = read(&rules, text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
