//! Unit tests of the Wa shogi rules; the perft and differential tests are in tests/washogi*.rs.

use super::*;
use crate::game::{Game, MoveList, RuleSet};

fn start(rules: &str) -> WaShogi {
    WaShogi::new(&WaRules::parse(rules).unwrap())
}

#[test]
fn the_start_position_has_51_moves() {
    let s = start("");
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    assert_eq!(m.len(), 51);
    assert_eq!(s.format_position(), text::START);
}
