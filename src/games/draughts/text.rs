//! Text forms: PDN FEN positions (`W:W31-50:B1-20`, `K` for kings, ranges), moves `32-28` and
//! captures `28x19`, written `from x to x captured...` (Hub style, captured squares ascending)
//! when another legal capture has the same start and end.

use crate::game::error::quote;
use crate::game::{Game, MoveList, ParseError, PlayerId, Turn};

use super::game::Position;
use super::geometry::{bit_of_number, number_of_bit, row_col, Geometry};
use super::movegen::DraughtsMove;
use super::rules::{FirstName, Rules};

/// The colour letter of `player` under these rules (`W` or `B`).
pub fn colour_letter<G: Geometry>(rules: &Rules<G>, player: PlayerId) -> char {
    let first_is_white = rules.first == FirstName::White;
    if (player == 0) == first_is_white {
        'W'
    } else {
        'B'
    }
}

fn player_of_letter<G: Geometry>(rules: &Rules<G>, c: char) -> Option<PlayerId> {
    match c.to_ascii_uppercase() {
        'W' => Some(if rules.first == FirstName::White {
            0
        } else {
            1
        }),
        'B' => Some(if rules.first == FirstName::White {
            1
        } else {
            0
        }),
        _ => None,
    }
}

/// The external square numbers of a set of bits, ascending.
pub fn numbers<G: Geometry>(set: u64) -> Vec<u32> {
    let mut v = Vec::new();
    let mut b = set;
    while b != 0 {
        v.push(number_of_bit::<G>(b.trailing_zeros()));
        b &= b - 1;
    }
    v.sort_unstable();
    v
}

/// Squares as PDN FEN list items with ranges for runs of three or more.
fn fen_list(men: &[u32], kings: &[u32]) -> String {
    let mut items: Vec<String> = Vec::new();
    let mut push_runs = |v: &[u32], prefix: &str| {
        let mut i = 0;
        while i < v.len() {
            let mut j = i;
            while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
                j += 1;
            }
            if j >= i + 2 {
                items.push(format!("{prefix}{}-{}", v[i], v[j]));
            } else {
                for x in &v[i..=j] {
                    items.push(format!("{prefix}{x}"));
                }
            }
            i = j + 1;
        }
    };
    push_runs(kings, "K");
    push_runs(men, "");
    items.join(",")
}

pub fn format_fen<G: Geometry>(pos: &Position<G>) -> String {
    let rules = pos.rules();
    let mut out = String::new();
    out.push(colour_letter(rules, pos.side()));
    // White's list first, as PDN writes it.
    let white = player_of_letter(rules, 'W').unwrap();
    for player in [white, 1 - white] {
        let set = pos.pieces(player);
        let men = numbers::<G>(set & !pos.kings());
        let kings = numbers::<G>(set & pos.kings());
        out.push(':');
        out.push(colour_letter(rules, player));
        out.push_str(&fen_list(&men, &kings));
    }
    out
}

/// A square of a FEN list: its number, or algebraic (`a1`, the file from the left and the rank
/// from the first player's side, as Russian and Brazilian FENs write them: pydraughts' `W:Wa1,..`).
fn parse_square<G: Geometry>(text: &str, item: &str) -> Result<u32, ParseError> {
    let item = item.trim();
    if item.starts_with(|c: char| c.is_ascii_lowercase()) {
        return parse_algebraic::<G>(text, item);
    }
    let n: u32 = item
        .parse()
        .map_err(|_| ParseError::position(text, format!("bad square {}", quote(item))))?;
    bit_of_number::<G>(n).ok_or_else(|| {
        ParseError::position(
            text,
            format!("square {n} is not on the board (1-{})", G::SQUARES),
        )
    })
}

/// An algebraic square (`a1` .. `h8` on 8x8, `a1` .. `j10` on 10x10): rank 1 is the first
/// player's back row, file `a` its left; only the playable (dark) squares, `a1` among them.
fn parse_algebraic<G: Geometry>(text: &str, item: &str) -> Result<u32, ParseError> {
    let bad = |why: String| ParseError::position(text, why);
    let mut chars = item.chars();
    let file = chars
        .next()
        .map(|c| c as u32 - 'a' as u32)
        .unwrap_or(u32::MAX);
    let rank: u32 = chars
        .as_str()
        .parse()
        .map_err(|_| bad(format!("bad square {}", quote(item))))?;
    if file >= G::SIZE || rank == 0 || rank > G::SIZE {
        return Err(bad(format!(
            "square {} is not on the {}x{} board",
            quote(item),
            G::SIZE,
            G::SIZE
        )));
    }
    // Internal rows count from the top (the second player's back row).
    let row = G::SIZE - rank;
    if (row + file) % 2 == 0 {
        return Err(bad(format!("square {} is a light square", quote(item))));
    }
    Ok(super::geometry::bit_index(G::W, row * G::W + file / 2))
}

/// Reads PDN FEN: `[WB]:[WB]list:[WB]list`, lists of squares (numbers, or algebraic like `a1`)
/// or ranges of numbers, `K` marks kings. A trailing `.` and surrounding quotes are accepted.
pub fn parse_fen<G: Geometry>(rules: &Rules<G>, text: &str) -> Result<Position<G>, ParseError> {
    let body = text.trim().trim_matches('"').trim_end_matches('.').trim();
    let mut fields = body.split(':');
    let side_text = fields.next().unwrap_or("").trim();
    let side = match side_text.chars().collect::<Vec<_>>().as_slice() {
        [c] => player_of_letter(rules, *c),
        _ => None,
    }
    .ok_or_else(|| ParseError::position(text, "expected the side to move (W or B) before ':'"))?;
    let mut pieces = [0u64; 2];
    let mut kings = 0u64;
    let mut seen = [false; 2];
    for field in fields {
        let field = field.trim();
        let mut chars = field.chars();
        let player = chars
            .next()
            .and_then(|c| player_of_letter(rules, c))
            .ok_or_else(|| {
                ParseError::position(text, format!("field {field:?} must start with W or B"))
            })?;
        if seen[player] {
            return Err(ParseError::position(
                text,
                format!("colour given twice in {field:?}"),
            ));
        }
        seen[player] = true;
        for item in chars
            .as_str()
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let (king, rest) = match item.strip_prefix(['K', 'k']) {
                Some(r) => (true, r),
                None => (false, item),
            };
            let (lo, hi) = match rest.split_once('-') {
                Some((a, b))
                    if a.trim().parse::<u32>().is_err() || b.trim().parse::<u32>().is_err() =>
                {
                    return Err(ParseError::position(
                        text,
                        format!("bad range {}: ranges are of square numbers", quote(item)),
                    ))
                }
                Some((a, b)) => (parse_square::<G>(text, a)?, parse_square::<G>(text, b)?),
                None => {
                    let b = parse_square::<G>(text, rest)?;
                    (b, b)
                }
            };
            let (nlo, nhi) = (number_of_bit::<G>(lo), number_of_bit::<G>(hi));
            if nlo > nhi {
                return Err(ParseError::position(text, format!("empty range {item:?}")));
            }
            for n in nlo..=nhi {
                let bit = 1u64 << bit_of_number::<G>(n).unwrap();
                if (pieces[0] | pieces[1]) & bit != 0 {
                    return Err(ParseError::position(
                        text,
                        format!("square {n} given twice"),
                    ));
                }
                pieces[player] |= bit;
                if king {
                    kings |= bit;
                }
            }
        }
    }
    if !seen[0] || !seen[1] {
        return Err(ParseError::position(
            text,
            "expected a piece list for both W and B",
        ));
    }
    // A man on its own promotion row cannot arise in play.
    if pieces[0] & !kings & G::TOP != 0 || pieces[1] & !kings & G::BOTTOM != 0 {
        return Err(ParseError::position(
            text,
            "a man stands on its own promotion row",
        ));
    }
    Ok(Position::from_pieces(*rules, pieces, kings, side))
}

/// The move in Hub form: `from-to`, or `fromxto` followed by every captured square ascending.
pub fn hub_move<G: Geometry>(mv: DraughtsMove) -> String {
    let from = number_of_bit::<G>(mv.from as u32);
    let to = number_of_bit::<G>(mv.to as u32);
    if mv.captured == 0 {
        return format!("{from}-{to}");
    }
    let mut s = format!("{from}x{to}");
    for c in numbers::<G>(mv.captured) {
        s.push_str(&format!("x{c}"));
    }
    s
}

pub fn format_move<G: Geometry>(pos: &Position<G>, mv: DraughtsMove) -> String {
    if mv.captured == 0 {
        return hub_move::<G>(mv);
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let ambiguous = moves
        .iter()
        .any(|m| m.from == mv.from && m.to == mv.to && m.captured != mv.captured);
    if ambiguous {
        hub_move::<G>(mv)
    } else {
        format!(
            "{}x{}",
            number_of_bit::<G>(mv.from as u32),
            number_of_bit::<G>(mv.to as u32)
        )
    }
}

/// Reads `a-b`, `axb`, or `axbxc...` where the squares after the first two are the captured
/// squares in any order (Hub style). A move that is not legal here is an error.
pub fn parse_move<G: Geometry>(pos: &Position<G>, text: &str) -> Result<DraughtsMove, ParseError> {
    let t = text.trim();
    let capture = t.contains(['x', 'X', ':']);
    let parts: Vec<&str> = t.split(['-', 'x', 'X', ':']).collect();
    if parts.len() < 2 || (!capture && parts.len() != 2) {
        return Err(ParseError::mv(
            text,
            "expected from-to or fromxto[xcaptured...]",
        ));
    }
    let mut bits = Vec::new();
    for p in &parts {
        let n: u32 = p
            .parse()
            .map_err(|_| ParseError::mv(text, format!("bad square {p:?}")))?;
        let b = bit_of_number::<G>(n)
            .ok_or_else(|| ParseError::mv(text, format!("square {n} is not on the board")))?;
        bits.push(b);
    }
    let captured: u64 = bits[2..].iter().fold(0, |acc, b| acc | 1u64 << b);
    if pos.turn() == Turn::Terminal {
        return Err(ParseError::mv(text, "the game is over"));
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let matching: Vec<DraughtsMove> = moves
        .iter()
        .copied()
        .filter(|m| {
            m.from as u32 == bits[0]
                && m.to as u32 == bits[1]
                && m.is_capture() == capture
                && (bits.len() == 2 || m.captured == captured)
        })
        .collect();
    match matching.as_slice() {
        [m] => Ok(*m),
        [] => Err(ParseError::mv(text, "not a legal move here")),
        _ => Err(ParseError::mv(
            text,
            "ambiguous: several captures go from and to these squares; list the captured squares",
        )),
    }
}

pub fn render<G: Geometry>(pos: &Position<G>) -> String {
    let rules = pos.rules();
    let mut grid = vec![vec!['.'; G::SIZE as usize]; G::SIZE as usize];
    let mut numbers_row = vec![vec![String::new(); G::SIZE as usize]; G::SIZE as usize];
    for n in 1..=G::SQUARES {
        let b = bit_of_number::<G>(n).unwrap();
        let (r, c) = row_col::<G>(b);
        let bit = 1u64 << b;
        let letter = if pos.pieces(0) & bit != 0 {
            colour_letter(rules, 0)
        } else if pos.pieces(1) & bit != 0 {
            colour_letter(rules, 1)
        } else {
            '-'
        };
        let ch = if letter == '-' {
            '-'
        } else if pos.kings() & bit != 0 {
            letter
        } else {
            letter.to_ascii_lowercase()
        };
        grid[r as usize][c as usize] = ch;
        numbers_row[r as usize][c as usize] = n.to_string();
    }
    let mut s = String::new();
    for r in 0..G::SIZE as usize {
        let line: Vec<String> = grid[r].iter().map(|c| format!("{c:>2}")).collect();
        let nums: Vec<String> = numbers_row[r]
            .iter()
            .map(|n| {
                if n.is_empty() {
                    "  ".into()
                } else {
                    format!("{n:>2}")
                }
            })
            .collect();
        s.push_str(&format!("{}    {}\n", line.join(" "), nums.join(" ")));
    }
    s.push_str(&format!(
        "{} to move (lower case men, upper case kings)\n",
        colour_letter(rules, pos.side())
    ));
    s
}
