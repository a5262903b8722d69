//! International draughts in the Hub protocol's dialect (`game::bindings::HubNotation`; the
//! framing and commands are `protocol::hub`): a Hub position is the side to move (`W` or `B`)
//! then the 50 squares as
//! `w b W B e`; moves are `32-28`, captures `28x19x23` (from, to, then every captured square
//! ascending); scores are in men (1.0 = one man = 100 evaluation units).

use crate::engine_file::EngineSpec;
use crate::game::bindings::HubNotation;
use crate::game::{Game, ParseError};

use super::game::Position;
use super::geometry::{bit_of_number, Ten};
use super::rules::Rules;
use super::text::{colour_letter, hub_move};
use super::Draughts;

/// Reads a Hub position: the side to move (`W` or `B`) then 50 squares `w b W B e`.
pub fn parse_hub_position(rules: &Rules<Ten>, text: &str) -> Result<Draughts, ParseError> {
    let t = text.trim();
    let chars: Vec<char> = t.chars().collect();
    if chars.len() != 51 {
        return Err(ParseError::position(
            text,
            format!(
                "a Hub position has 51 characters (side + 50 squares), found {}",
                chars.len()
            ),
        ));
    }
    let side = match chars[0] {
        'W' | 'w' => 0,
        'B' | 'b' => 1,
        c => {
            return Err(ParseError::position(
                text,
                format!("bad side to move {c:?}"),
            ))
        }
    };
    let mut pieces = [0u64; 2];
    let mut kings = 0u64;
    for (i, &c) in chars[1..].iter().enumerate() {
        let bit = 1u64 << bit_of_number::<Ten>(i as u32 + 1).unwrap();
        match c {
            'w' => pieces[0] |= bit,
            'W' => {
                pieces[0] |= bit;
                kings |= bit
            }
            'b' => pieces[1] |= bit,
            'B' => {
                pieces[1] |= bit;
                kings |= bit
            }
            'e' | '.' | '-' => {}
            _ => {
                return Err(ParseError::position(
                    text,
                    format!("bad square {c:?} at {} (use w b W B e)", i + 1),
                ))
            }
        }
    }
    let fen = format!(
        "{}:W{}:B{}",
        if side == 0 { 'W' } else { 'B' },
        list(pieces[0], kings),
        list(pieces[1], kings)
    );
    Position::parse_position(rules, &fen)
}

/// A position as Hub writes it: `W` or `B` for the side to move, then squares 1-50 as
/// `w b W B e` (colours named as the rules' `first` names them, as `parse_hub_position` reads).
pub fn hub_position(pos: &Draughts) -> String {
    let rules = pos.rules();
    let mut out = String::with_capacity(51);
    out.push(colour_letter(rules, pos.side()));
    let kings = pos.kings();
    for n in 1..=50u32 {
        let bit = 1u64 << bit_of_number::<Ten>(n).unwrap();
        let owner = (0..2).find(|&p| pos.pieces(p) & bit != 0);
        out.push(match owner {
            None => 'e',
            Some(p) => {
                let c = colour_letter(rules, p);
                if kings & bit != 0 {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            }
        });
    }
    out
}

fn list(set: u64, kings: u64) -> String {
    let mut items = Vec::new();
    for n in 1..=50u32 {
        let bit = 1u64 << bit_of_number::<Ten>(n).unwrap();
        if set & bit != 0 {
            items.push(if kings & bit != 0 {
                format!("K{n}")
            } else {
                n.to_string()
            });
        }
    }
    items.join(",")
}

/// The engine file `serve --protocol hub` plays without `--engine`: the strongest back end this
/// build has.
const DEFAULT_ENGINE: &str = include_str!("../../../engines/draughts/default.toml");

/// The engine used when `--engine` is not given.
pub fn default_engine() -> EngineSpec {
    EngineSpec::from_toml(DEFAULT_ENGINE).expect("engines/draughts/default.toml parses")
}

/// International draughts speaks Hub through the text above.
impl HubNotation for Draughts {
    const HUB_VARIANT: &'static str = "normal";
    fn parse_hub_position(rules: &Rules<Ten>, text: &str) -> Result<Self, ParseError> {
        parse_hub_position(rules, text)
    }
    fn hub_move(&self, mv: Self::Move) -> String {
        hub_move::<Ten>(mv)
    }
    fn hub_position(&self) -> String {
        hub_position(self)
    }
    fn hub_default_engine() -> &'static str {
        DEFAULT_ENGINE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hub_positions_read_and_refuse_with_the_text() {
        let rules = Rules::<Ten>::default();
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        assert_eq!(
            parse_hub_position(&rules, &start).unwrap(),
            Draughts::new(&rules)
        );
        for bad in [
            "Wxyz",
            "",
            "X".repeat(51).as_str(),
            &format!("W{}", "q".repeat(50)),
        ] {
            let e = parse_hub_position(&rules, bad).unwrap_err();
            assert_eq!(e.text, bad);
        }
        assert!(default_engine().name.len() > 0);
        // Written and read back, also after moves with captures and a king.
        let mut p = Draughts::new(&rules);
        assert_eq!(hub_position(&p), start);
        for m in ["32-28", "19-23", "28x19", "14x23", "33-28"] {
            p.play_text(m).unwrap();
            assert_eq!(
                parse_hub_position(&rules, &hub_position(&p))
                    .unwrap()
                    .format_position(),
                p.format_position()
            );
        }
        let k = Position::parse_position(&rules, "B:WK4,31:B17,K45").unwrap();
        assert_eq!(
            parse_hub_position(&rules, &hub_position(&k))
                .unwrap()
                .format_position(),
            k.format_position()
        );
    }
}
