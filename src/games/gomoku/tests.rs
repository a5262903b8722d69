//! Unit tests of the gomoku folder (the integration tests are tests/gomoku*.rs).

use crate::game::conformance::check_random_games;
use crate::game::{perft_bulk, Game, PerftConvention, RuleSet};

use super::*;

fn rules(text: &str) -> GomokuRules {
    GomokuRules::parse(text).unwrap()
}

#[test]
fn perft_small_depths() {
    let s = Gomoku::new(&rules("rule=freestyle,opening=free"));
    assert_eq!(perft_bulk(&s, 1, PerftConvention::TerminalIsLeaf), 225);
    assert_eq!(perft_bulk(&s, 2, PerftConvention::TerminalIsLeaf), 50400);
}

#[test]
fn conformance_under_every_rule() {
    for r in [
        "rule=freestyle,opening=free,size=7",
        "rule=renju,size=9",
        "rule=renju,forbidden=refused,opening=free,size=9",
        "rule=standard,opening=swap2,size=8",
        "rule=replace,size=5,opening=free",
        "rule=replace,size=5,replaced=captured,opening=centre",
    ] {
        let s = Gomoku::new(&rules(r));
        let cov = check_random_games(&s, 20, 400, 7).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert!(cov.terminals > 0, "{r}");
    }
}
