//! Position and move text. A position is the rows from the top (row n) down to row 1 separated
//! by `/`, `x` black, `o` white, `.` or a run-length number for empty points, then a space and
//! the colour to move (`x` or `o`; in a choice of the opening, the colour of the player
//! choosing). Then, where the state needs them, words in this order:
//!
//! - `swapped`: the players have swapped colours (seat 1 holds black);
//! - the opening step: `swap` (RIF: swap or keep), `swap2` (Swap2: swap, keep or place2),
//!   `place2` (Swap2's extra stones), `choose` (Swap2: the opener chooses the colour), `offer`
//!   and `offer=h9` (RIF: black's fifth-move offers, none or one made), `pick=h9,j10` (white keeps
//!   one), `replace` (rule=replace: the side to move replaces an enemy stone);
//! - `foul=h8`: black's forbidden stone on h8 lost the game;
//! - `supply=B,W`: rule=replace, the stones each colour has left.
//!
//! The first stones of an opening need no word: under `opening=rif` or `swap2` a position with
//! fewer than three stones is the opener's (and with `centre` the empty board). Moves are points
//! `h8` (columns a.., rows 1.. from the bottom), and `swap`, `keep`, `place2`.

use crate::game::grid::{format_rows, format_square, parse_rows, parse_square, Files};
use crate::game::{Game, ParseError};

use super::board::{Board, BLACK, WHITE};
use super::game::{Ending, Gomoku, GomokuMove};
use super::opening::{Step, KEEP, PLACE2, SWAP};
use super::rules::{GomokuRules, Opening, Rule};

pub fn point_name(board: &Board, p: usize) -> String {
    format_square(Files::Letters, board.file_rank(p))
}

pub fn format_move(board: &Board, mv: GomokuMove) -> String {
    match mv {
        SWAP => "swap".into(),
        KEEP => "keep".into(),
        PLACE2 => "place2".into(),
        p if (p as usize) < board.cells() => point_name(board, p as usize),
        other => format!("?{other}"),
    }
}

/// A point name on this board.
pub fn parse_point(board: &Board, text: &str) -> Result<usize, ParseError> {
    let (f, r) = parse_square(Files::Letters, board.size(), board.size(), text.trim())?;
    Ok(board.point(f, r))
}

pub fn parse_move(state: &Gomoku, text: &str) -> Result<GomokuMove, ParseError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "swap" => Ok(SWAP),
        "keep" => Ok(KEEP),
        "place2" => Ok(PLACE2),
        t => parse_point(state.board(), t).map(|p| p as GomokuMove),
    }
}

pub fn format_position(s: &Gomoku) -> String {
    let b = s.board();
    let n = b.size();
    let squares: Vec<Option<usize>> = (0..n * n).map(|p| b.at(p)).collect();
    let mut out = format_rows(&squares, n, n, false, |c, o| {
        o.push(if *c == BLACK { 'x' } else { 'o' })
    });
    out.push(' ');
    out.push(if s.side() == BLACK { 'x' } else { 'o' });
    if s.black_seat() == 1 {
        out.push_str(" swapped");
    }
    match s.step() {
        Step::Play | Step::Opening(_) => {}
        Step::SwapChoice => out.push_str(" swap"),
        Step::Swap2Choice => out.push_str(" swap2"),
        Step::Place2(_) => out.push_str(" place2"),
        Step::ColourChoice => out.push_str(" choose"),
        Step::Offer(None) => out.push_str(" offer"),
        Step::Offer(Some(a)) => out.push_str(&format!(" offer={}", point_name(b, a as usize))),
        Step::Pick(a, c) => out.push_str(&format!(
            " pick={},{}",
            point_name(b, a as usize),
            point_name(b, c as usize)
        )),
        Step::Replace => out.push_str(" replace"),
    }
    if let Some(f) = s.foul_point() {
        out.push_str(&format!(" foul={}", point_name(b, f as usize)));
    }
    if s.rules().rule == Rule::Replace {
        let [sb, sw] = s.supply();
        out.push_str(&format!(" supply={sb},{sw}"));
    }
    out
}

pub fn parse_position(rules: &GomokuRules, text: &str) -> Result<Gomoku, ParseError> {
    let bad = |why: String| ParseError::position(text, why);
    let mut words = text.split_whitespace();
    let rows = words.next().ok_or_else(|| bad("empty position".into()))?;
    let n = rules.size();
    let squares = parse_rows(rows, n, n, "row", |c| match c.next() {
        Some('x' | 'X') => Ok(BLACK),
        Some('o' | 'O') => Ok(WHITE),
        Some(other) => Err(format!("unknown stone {other:?} (use x, o or .)")),
        None => Err("end of row".into()),
    })?;
    let mut board = Board::new(n);
    for (p, c) in squares.iter().enumerate() {
        if let Some(c) = c {
            board.put(*c, p);
        }
    }
    let side = match words.next() {
        Some("x" | "X" | "b" | "B") => BLACK,
        Some("o" | "O" | "w" | "W") => WHITE,
        Some(other) => return Err(bad(format!("bad side to move {other:?} (use x or o)"))),
        None => {
            return Err(bad(
                "missing the side to move (x or o) after the rows".into()
            ))
        }
    };
    let stones = board.total_stones();
    let mut black_seat = 0;
    let mut step = Step::implied(rules.opening, stones);
    let mut foul = None;
    let mut supply = None;
    let point = |t: &str| -> Result<usize, ParseError> {
        let p =
            parse_point(&board, t).map_err(|e| bad(format!("bad point {t:?}: {}", e.reason)))?;
        Ok(p)
    };
    let want = |ok: bool, what: &str| -> Result<(), ParseError> {
        if ok {
            Ok(())
        } else {
            Err(ParseError::position(
                text,
                format!("{what} does not fit this position"),
            ))
        }
    };
    for w in words {
        let (key, value) = match w.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (w, None),
        };
        let phase_word = !matches!(key, "swapped" | "foul" | "supply");
        if phase_word && step != Step::implied(rules.opening, stones) {
            return Err(bad(format!("two opening steps given ({w:?})")));
        }
        match (key, value) {
            ("swapped", None) => black_seat = 1,
            ("swap", None) => {
                want(
                    rules.opening == Opening::Rif && stones == 3 && side == WHITE,
                    "swap",
                )?;
                step = Step::SwapChoice;
            }
            ("swap2", None) => {
                want(
                    rules.opening == Opening::Swap2 && stones == 3 && side == WHITE,
                    "swap2",
                )?;
                step = Step::Swap2Choice;
            }
            ("place2", None) => {
                let ok = rules.opening == Opening::Swap2
                    && (stones == 3 && side == WHITE || stones == 4 && side == BLACK);
                want(ok, "place2")?;
                step = Step::Place2((stones - 3) as u8);
            }
            ("choose", None) => {
                want(
                    rules.opening == Opening::Swap2 && stones == 5 && side == BLACK,
                    "choose",
                )?;
                step = Step::ColourChoice;
            }
            ("offer", None) => {
                want(
                    rules.opening == Opening::Rif && stones == 4 && side == BLACK,
                    "offer",
                )?;
                step = Step::Offer(None);
            }
            ("offer", Some(v)) => {
                want(
                    rules.opening == Opening::Rif && stones == 4 && side == BLACK,
                    "offer",
                )?;
                let a = point(v)?;
                want(board.is_empty(a), "an offer on a stone")?;
                step = Step::Offer(Some(a as u16));
            }
            ("pick", Some(v)) => {
                want(
                    rules.opening == Opening::Rif && stones == 4 && side == WHITE,
                    "pick",
                )?;
                let (a, b) = v
                    .split_once(',')
                    .ok_or_else(|| bad(format!("pick needs two points, as pick=h9,j10: {v:?}")))?;
                let (a, b) = (point(a)?, point(b)?);
                want(a != b && board.is_empty(a) && board.is_empty(b), "pick")?;
                step = Step::Pick(a.min(b) as u16, a.max(b) as u16);
            }
            ("replace", None) => {
                want(
                    rules.rule == Rule::Replace && board.stones(side ^ 1) > 0,
                    "replace",
                )?;
                step = Step::Replace;
            }
            ("foul", Some(v)) => {
                let p = point(v)?;
                want(rules.renju() && board.at(p) == Some(BLACK), "foul")?;
                foul = Some(p as u16);
            }
            ("supply", Some(v)) => {
                want(rules.rule == Rule::Replace, "supply")?;
                let parsed = v
                    .split_once(',')
                    .and_then(|(a, b)| Some([a.parse::<u16>().ok()?, b.parse::<u16>().ok()?]));
                let s = parsed.ok_or_else(|| bad(format!("supply needs two numbers: {v:?}")))?;
                let full = rules.supply();
                for c in [BLACK, WHITE] {
                    want(
                        s[c] as usize + board.stones(c) <= full[c] as usize,
                        "supply",
                    )?;
                }
                supply = Some(s);
            }
            _ => return Err(bad(format!("unknown word {w:?} after the side to move"))),
        }
    }
    if let Step::Opening(k) = step {
        want(side == (k % 2) as usize, "the side to move")?;
    }
    let full = rules.supply();
    let supply = match supply {
        Some(s) => s,
        None if rules.rule == Rule::Replace => {
            for c in [BLACK, WHITE] {
                want(board.stones(c) <= full[c] as usize, "the number of stones")?;
            }
            [
                full[0] - board.stones(0) as u16,
                full[1] - board.stones(1) as u16,
            ]
        }
        None => full,
    };
    let state = Gomoku::assemble(*rules, board, side, black_seat, step, foul, supply);
    if rules.rule != Rule::Replace && state.has_five(BLACK) && state.has_five(WHITE) {
        return Err(bad("both colours have a five".into()));
    }
    if state.ending().is_some()
        && step != Step::Play
        && step != Step::implied(rules.opening, stones)
    {
        return Err(bad(
            "a finished game in the middle of an opening step".into()
        ));
    }
    Ok(state)
}

pub fn render(s: &Gomoku) -> String {
    let b = s.board();
    let n = b.size();
    let forbidden: Vec<usize> = if s.side() == BLACK && s.step() == Step::Play {
        s.forbidden_points().into_iter().map(|(p, _)| p).collect()
    } else {
        Vec::new()
    };
    let letters: String = (0..n)
        .map(|f| format!(" {}", (b'a' + f as u8) as char))
        .collect();
    let mut out = format!("   {letters}\n");
    for rank in (0..n).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..n {
            let p = b.point(file, rank);
            let c = match b.at(p) {
                Some(BLACK) => 'x',
                Some(_) => 'o',
                None if forbidden.contains(&p) => '#',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push_str(&format!(" {:>2}\n", rank + 1));
    }
    out.push_str(&format!("   {letters}\n"));
    let colour = |c: usize| if c == BLACK { "x (black)" } else { "o (white)" };
    let status = match (s.ending(), s.step()) {
        (Some(Ending::Won(c)), _) => format!("{} won", colour(c)),
        (Some(Ending::Draw), _) => "draw".to_string(),
        (None, Step::Play) => format!("{} to move", colour(s.side())),
        (None, Step::Opening(k)) => format!("the opener puts stone {}", k + 1),
        (None, step) => format!("{} decides: {step:?}", colour(s.side())),
    };
    out.push_str(&format!(
        "{status}; seat {} holds black{}\n",
        s.black_seat(),
        if forbidden.is_empty() {
            ""
        } else {
            " (# marks black's forbidden points)"
        }
    ));
    let _ = s.num_players();
    out
}
