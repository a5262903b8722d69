//! A small PDN writer: tags, then the moves numbered in pairs, then the result.

use crate::game::rules::Presets;
use crate::game::{Game, GameError, GameRecord};

use super::game::Position;
use super::geometry::Geometry;
use super::text::colour_letter;

/// GameType tag values (PDN standard): 20 international, 21 English, 23 American pool, 25
/// Russian, 26 Brazilian (the international rules on 8x8, which `preset_name` calls
/// `international`). An 8x8 game under other rules (the seed's base game, custom switches) has
/// no number: it gets no tag rather than a variant's it does not follow.
fn game_type<G: Geometry>(pos: &Position<G>) -> Option<&'static str> {
    match (G::SIZE, pos.variant().preset_name()) {
        (10, _) => Some("20"),
        (_, "english") => Some("21"),
        (_, "pool") => Some("23"),
        (_, "russian") => Some("25"),
        (_, "international" | "brazilian") => Some("26"),
        _ => None,
    }
}

/// Writes a game record as PDN. The result is from the first player's view (`2-0`, `1-1`,
/// `0-2`, `*` when unfinished), the score convention of international draughts; the FEN tag is
/// written when the game did not start from the start position.
pub fn write_pdn<G: Geometry>(record: &GameRecord, event: &str) -> Result<String, GameError> {
    let rules = <Position<G> as Game>::Rules::default();
    let rules = <<Position<G> as Game>::Rules as crate::game::RuleSet>::parse(&record.rules)
        .unwrap_or(rules);
    let start = Position::<G>::parse_position(&rules, &record.start)?;
    let standard = start.format_position() == Position::<G>::new(&rules).format_position();
    let mut state = start.clone();
    let first = colour_letter(&rules, 0);
    let (white_seat, black_seat) = if first == 'W' { (0, 1) } else { (1, 0) };
    let result = match record.returns.first() {
        Some(v) if record.returns.len() == 2 => {
            let white = record.returns[white_seat];
            let _ = v;
            if white > 0.0 {
                "2-0"
            } else if white < 0.0 {
                "0-2"
            } else {
                "1-1"
            }
        }
        _ => "*",
    };
    let _ = black_seat;
    let mut out = String::new();
    out.push_str(&format!("[Event \"{}\"]\n", event.replace('"', "'")));
    if let Some(game_type) = game_type(&start) {
        out.push_str(&format!("[GameType \"{game_type}\"]\n"));
    }
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if !standard {
        out.push_str(&format!("[FEN \"{}\"]\n", record.start));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    let mut number = 1;
    let mut first_move = true;
    for text in &record.moves {
        let mv = state.parse_move(text)?;
        if state.side() == 0 {
            tokens.push(format!("{number}."));
        } else if first_move {
            tokens.push(format!("{number}..."));
        }
        tokens.push(state.format_move(mv));
        if state.side() == 1 {
            number += 1;
        }
        state.play(mv);
        first_move = false;
    }
    tokens.push(result.to_string());
    // Lines of at most 80 characters.
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}
