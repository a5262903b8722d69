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

/// df-pn VCT (the puzzles are tests/gomoku_vct.rs): quintet's vct_white, white to move wins
/// by threes from i10; after i10 black loses whatever it plays, after a1 it does not.
#[test]
fn dfpn_vct_solves_a_small_puzzle() {
    let r = rules("rule=renju,opening=free");
    let s = Gomoku::parse_position(
        &r,
        ".............../.............../.............../.............../.............../\
         ......x..x...../......xoo....../.......x......./........o....../.............../\
         .............../.............../.............../.............../............... o",
    )
    .unwrap();
    for two_twos in [false, true] {
        let mut search = dfpn::DfpnVct::new(24, 1_000_000);
        search.two_twos = two_twos;
        let win = search.find(&s).expect("a VCT");
        assert_eq!(s.format_move(win.mv), "i10");
        let mut after = s.clone();
        after.play(s.parse_move("i10").unwrap());
        assert!(dfpn::DfpnVct::new(24, 1_000_000)
            .defender_loses(&after)
            .is_some());
        let mut after = s.clone();
        after.play(s.parse_move("a1").unwrap());
        assert!(dfpn::DfpnVct::new(24, 1_000_000)
            .defender_loses(&after)
            .is_none());
    }
}
