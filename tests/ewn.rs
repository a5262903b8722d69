//! EinStein würfelt nicht: the shared conformance checks in every setup mode (the rules' own
//! tests live in src/games/ewn/tests.rs).

use boardlab::game::conformance::check_random_games;
use boardlab::game::{Game, RuleSet};
use boardlab::games::ewn::{Ewn, EwnRules};

#[test]
fn conformance_on_random_games() {
    for rules in [
        "",
        "setup=random,first=blue",
        "setup=fixed,red_setup=615/24/3",
    ] {
        let s = Ewn::new(&EwnRules::parse(rules).unwrap());
        let cov = check_random_games(&s, 200, 300, 21).unwrap();
        assert_eq!(
            cov.terminals, 200,
            "every game ends within 300 plies ({rules})"
        );
        assert!(cov.chance_nodes > 200 * 10);
    }
}
