//! Game records as SGF (FF[4], GM[4] for gomoku and renju), which RenLib and most renju tools
//! read: one node a stone, `B[..]`/`W[..]` with SGF points (column letter, then row letter from
//! the top). The opening's decisions (swap, keep, place2, the fifth-move offers) are comments on
//! the node after which they were made, so the stones replay as the game went.

use crate::game::{Game, GameError, GameRecord, RuleSet};

use super::board::BLACK;
use super::game::{Ending, Gomoku};
use super::opening::{Step, KEEP, PLACE2, SWAP};

/// An SGF point: column letter, row letter counted from the top.
fn sgf_point(size: usize, file: usize, rank: usize) -> String {
    let col = (b'a' + file as u8) as char;
    let row = (b'a' + (size - 1 - rank) as u8) as char;
    format!("{col}{row}")
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The SGF text of one recorded game; `names` are the players by seat.
pub fn to_sgf(record: &GameRecord, names: &[String]) -> Result<String, GameError> {
    if record.game != Gomoku::ID {
        return Err(GameError::Other(format!(
            "record is for {:?}, not gomoku",
            record.game
        )));
    }
    let rules = <Gomoku as Game>::Rules::parse(&record.rules)?;
    let mut state = Gomoku::parse_position(&rules, &record.start)?;
    let n = rules.size();
    let mut out = format!(
        "(;FF[4]GM[4]CA[UTF-8]AP[boardlab]SZ[{n}]RU[{}]",
        escape(&record.rules)
    );
    // Stones already on the start position.
    let b = state.board();
    let (mut ab, mut aw) = (String::new(), String::new());
    for p in 0..b.cells() {
        if let Some(c) = b.at(p) {
            let (f, r) = b.file_rank(p);
            let s = format!("[{}]", sgf_point(n, f, r));
            if c == BLACK {
                ab.push_str(&s)
            } else {
                aw.push_str(&s)
            }
        }
    }
    if !ab.is_empty() {
        out.push_str(&format!("AB{ab}"));
    }
    if !aw.is_empty() {
        out.push_str(&format!("AW{aw}"));
    }
    let seat_name = |seat: usize| {
        names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    };
    let mut pending_comment: Vec<String> = Vec::new();
    let mut body = String::new();
    let mut black_seat = state.black_seat();
    for text in &record.moves {
        let step = state.step();
        let mv = state.parse_move(text)?;
        if !state.is_legal(mv) {
            return Err(GameError::IllegalMove(text.clone()));
        }
        let before = state.board().total_stones();
        let before_board = *state.board();
        match (step, mv) {
            (_, SWAP) => pending_comment.push("swap: the players exchange colours".into()),
            (_, KEEP) => pending_comment.push("keep: no swap".into()),
            (_, PLACE2) => pending_comment
                .push("place2: two more stones, then the opener chooses the colour".into()),
            (Step::Offer(_), _) => pending_comment.push(format!("black offers {text}")),
            (Step::Pick(_, _), _) => pending_comment.push(format!("white keeps {text}")),
            (Step::Replace, _) => pending_comment.push(format!("replaces the stone on {text}")),
            _ => {}
        }
        state.play(mv);
        if state.black_seat() != black_seat {
            black_seat = state.black_seat();
        }
        // Emit the stones this move put on the board (a replacement swaps one).
        if state.board().total_stones() != before || matches!(step, Step::Replace) {
            let after = state.board();
            for p in 0..after.cells() {
                let now = after.at(p);
                if now.is_some() && now != before_board.at(p) {
                    let (f, r) = after.file_rank(p);
                    let tag = if now == Some(BLACK) { "B" } else { "W" };
                    body.push_str(&format!(";{tag}[{}]", sgf_point(n, f, r)));
                    if !pending_comment.is_empty() {
                        body.push_str(&format!("C[{}]", escape(&pending_comment.join("; "))));
                        pending_comment.clear();
                    }
                }
            }
        }
    }
    let result = match state.ending() {
        Some(Ending::Won(c)) => {
            let foul = if state.foul_point().is_some() {
                "F"
            } else {
                ""
            };
            if c == BLACK {
                format!("B+{foul}")
            } else {
                format!("W+{foul}")
            }
        }
        Some(Ending::Draw) => "0".into(),
        None => "?".into(),
    };
    out.push_str(&format!(
        "PB[{}]PW[{}]RE[{result}]",
        escape(&seat_name(black_seat)),
        escape(&seat_name(1 - black_seat))
    ));
    if !record.reason.is_empty() {
        out.push_str(&format!("GC[{}]", escape(&record.reason)));
    }
    out.push_str(&body);
    if !pending_comment.is_empty() {
        out.push_str(&format!(";C[{}]", escape(&pending_comment.join("; "))));
    }
    out.push_str(")\n");
    Ok(out)
}
