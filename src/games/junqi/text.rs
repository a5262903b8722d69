//! Text forms. Points are `a1`..`e12` (column, row; `a1` is red's back left corner).
//!
//! - Moves: a placement `b1=F` (the kind's letter goes on the next setup point), a step
//!   `a2-a3`, an attack `a5xa6` (`-` is read for attacks too).
//! - Positions: where the game began, then the moves since, after `|`:
//!   `setup | a1=M b1=F ... a5-a6 ...` for a standard game, or a given board
//!   `<rows> <r|b> <quiet>` (rows from row 12 down, `/` between rows, red upper case, black lower
//!   case, runs of empty points as digits; then the side to move and the plies since the last
//!   combat) with its moves. The history is part of the position: it holds what each side has
//!   shown the other, which observations need.

use super::board::{is_camp, is_hq, point, COLS};
use super::board::{parse_point, point_name, POINTS, ROWS, SETUP_ORDER};
use super::game::{BoardStart, Junqi, JunqiMove, Start, Status, BLACK, RED};
use super::piece::Kind;
use super::rules::JunqiRules;
use crate::game::grid::{format_rows, parse_rows};
use crate::game::{Game, ParseError, PlayerId};

/// A piece letter: red upper case, black lower case.
pub fn piece_letter(owner: PlayerId, kind: Kind) -> char {
    if owner == RED {
        kind.letter()
    } else {
        kind.letter().to_ascii_lowercase()
    }
}

pub fn format_move(state: &Junqi, mv: JunqiMove) -> String {
    let attack = match mv {
        JunqiMove::Step { from, to } => state
            .at(to)
            .is_some_and(|(o, _)| Some(o) != state.at(from).map(|(o, _)| o)),
        JunqiMove::Place { .. } => false,
    };
    played_text(mv, attack)
}

/// Reads a move text against `state`: the shape and the points, and for a placement that the
/// point is the next one to fill. Legality is checked by the caller (`Game::play_text`).
pub fn parse_move(state: &Junqi, text: &str) -> Result<JunqiMove, ParseError> {
    let t = text.trim();
    if let Some((sq, kind)) = t.split_once('=') {
        let point = parse_point(sq).map_err(|e| ParseError::mv(text, e.reason))?;
        let mut chars = kind.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => Kind::from_letter(c),
            _ => Kind::from_chinese(kind),
        }
        .ok_or_else(|| ParseError::mv(text, "expected a piece letter (SJDLTYCPGZMF) after '='"))?;
        if !state.in_setup() || state.status() != Status::Ongoing {
            return Err(ParseError::mv(
                text,
                "placements are made during setup only",
            ));
        }
        let s = state.side();
        let next = SETUP_ORDER[s][state.pieces(s).len()];
        if point != next {
            return Err(ParseError::mv(
                text,
                format!("the next point to fill is {}", point_name(next)),
            ));
        }
        return Ok(JunqiMove::Place { point, kind });
    }
    let (a, b) = t.split_once(['-', 'x']).ok_or_else(|| {
        ParseError::mv(
            text,
            "expected a step like a2-a3, an attack like a5xa6, or a placement like b1=F",
        )
    })?;
    let from = parse_point(a).map_err(|e| ParseError::mv(text, e.reason))?;
    let to = parse_point(b).map_err(|e| ParseError::mv(text, e.reason))?;
    Ok(JunqiMove::Step { from, to })
}

fn format_board(squares: &[Option<(PlayerId, Kind)>]) -> String {
    format_rows(squares, COLS, ROWS, false, |&(o, k), out| {
        out.push(piece_letter(o, k))
    })
}

fn parse_board(text: &str) -> Result<Vec<Option<(PlayerId, Kind)>>, ParseError> {
    parse_rows(text, COLS, ROWS, "row", |chars| {
        let c = chars.next().ok_or("a piece letter")?;
        let kind = Kind::from_letter(c).ok_or_else(|| format!("unknown piece letter {c:?}"))?;
        Ok((if c.is_ascii_uppercase() { RED } else { BLACK }, kind))
    })
}

pub fn format_start(start: &Start) -> String {
    match start {
        Start::Setup => "setup".to_string(),
        Start::Board(b) => format!(
            "{} {} {}",
            format_board(&b.squares),
            if b.side == RED { 'r' } else { 'b' },
            b.quiet
        ),
    }
}

pub fn format_position(state: &Junqi) -> String {
    let mut out = format_start(state.start());
    if !state.history().is_empty() {
        out.push_str(" |");
        for played in state.history() {
            out.push(' ');
            out.push_str(&played_text(played.mv, played.outcome.is_some()));
        }
    }
    out
}

/// A move's text once played (`attack`: it met an enemy piece).
pub fn played_text(mv: JunqiMove, attack: bool) -> String {
    match mv {
        JunqiMove::Place { point, kind } => format!("{}={}", point_name(point), kind.letter()),
        JunqiMove::Step { from, to } => format!(
            "{}{}{}",
            point_name(from),
            if attack { 'x' } else { '-' },
            point_name(to)
        ),
    }
}

/// Reads `<start> [| moves]`; every move is checked for legality.
pub fn parse_position(rules: &JunqiRules, text: &str) -> Result<Junqi, ParseError> {
    let (start, moves) = match text.split_once('|') {
        Some((s, m)) => (s.trim(), m.trim()),
        None => (text.trim(), ""),
    };
    let mut state = parse_start(rules, start).map_err(|why| ParseError::position(text, why))?;
    for (i, mv) in moves.split_whitespace().enumerate() {
        state.play_text(mv).map_err(|e| {
            ParseError::position(text, format!("move {} ({mv}) cannot be played: {e}", i + 1))
        })?;
    }
    Ok(state)
}

fn parse_start(rules: &JunqiRules, start: &str) -> Result<Junqi, String> {
    if start == "setup" {
        return Ok(Junqi::setup_start(rules));
    }
    let fields: Vec<&str> = start.split_whitespace().collect();
    if fields.len() != 3 {
        return Err(
            "expected `setup` or a board: <rows> <side r|b> <plies since combat>".to_string(),
        );
    }
    let squares = parse_board(fields[0]).map_err(|e| e.reason)?;
    let side = match fields[1] {
        "r" => RED,
        "b" => BLACK,
        other => return Err(format!("side {other:?} is not r or b")),
    };
    let quiet: u16 = fields[2]
        .parse()
        .map_err(|_| format!("plies since combat {:?} is not a number", fields[2]))?;
    let mut sq = [None; POINTS];
    sq.copy_from_slice(&squares);
    Junqi::from_board(
        rules,
        BoardStart {
            squares: sq,
            side,
            quiet,
        },
    )
    .map_err(|why| format!("not a position a game can reach: {why}"))
}

/// What `show` needs to draw one point: `None` empty, else the text of the piece (one char).
pub type PointLabel = Option<char>;

/// Draws the board with its connections, row 12 on top. `labels` overrides what stands on each
/// point (observations draw hidden enemy pieces as `?`); by default the state's pieces.
pub fn render(state: &Junqi, labels: Option<&[PointLabel; POINTS]>) -> String {
    let mut own = [None; POINTS];
    for (p, l) in own.iter_mut().enumerate() {
        *l = state.piece_on(p as u8).map(|(o, k)| piece_letter(o, k));
    }
    let labels = labels.unwrap_or(&own);
    let mut out = draw_board(state.geometry(), labels);
    let status = match state.status() {
        Status::Ongoing if state.in_setup() => format!(
            "setup: {} to place on {}",
            super::game::side_name(state.side()),
            point_name(SETUP_ORDER[state.side()][state.pieces(state.side()).len()])
        ),
        Status::Ongoing => format!(
            "{} to move; {} plies without combat",
            super::game::side_name(state.side()),
            state.quiet()
        ),
        Status::Won(w) => format!("{} won", super::game::side_name(w)),
        Status::Drawn => "drawn by the no-capture limit".to_string(),
    };
    out.push_str(&status);
    out.push('\n');
    out
}

/// The board drawing: posts ` . `, camps `( )`, headquarters `[ ]`; railways `===` and `#`,
/// roads `---` and `|`, camp diagonals `\` `/` (`X` where two cross); nothing across the
/// mountains.
pub fn draw_board(g: &super::board::Geometry, labels: &[PointLabel; POINTS]) -> String {
    let mut out = String::new();
    let joined = |a: u8, b: u8| g.step[a as usize] & (1u64 << b) != 0;
    let rail = |a: u8, b: u8| g.rail[a as usize] & (1u64 << b) != 0;
    for r in (0..ROWS).rev() {
        out.push_str(&format!("{:>2} ", r + 1));
        for c in 0..COLS {
            let p = point(r, c);
            let (open, close) = if is_camp(p) {
                ('(', ')')
            } else if is_hq(p) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let inner =
                labels[p as usize].unwrap_or(if is_camp(p) || is_hq(p) { ' ' } else { '.' });
            out.push(open);
            out.push(inner);
            out.push(close);
            if c + 1 < COLS {
                let q = point(r, c + 1);
                out.push_str(if rail(p, q) { "===" } else { "---" });
            }
        }
        out.push('\n');
        if r == 0 {
            break;
        }
        out.push_str("   ");
        for c in 0..COLS {
            let (p, below) = (point(r, c), point(r - 1, c));
            out.push(' ');
            out.push(if rail(p, below) {
                '#'
            } else if joined(p, below) {
                '|'
            } else {
                ' '
            });
            out.push(' ');
            if c + 1 < COLS {
                let down_right = joined(p, point(r - 1, c + 1));
                let down_left = joined(point(r, c + 1), below);
                out.push(' ');
                out.push(match (down_right, down_left) {
                    (true, true) => 'X',
                    (true, false) => '\\',
                    (false, true) => '/',
                    (false, false) => ' ',
                });
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str("    a     b     c     d     e\n");
    out
}
