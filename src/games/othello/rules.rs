//! Othello's rule options (seed 002): the two start setups the seed allows. The game itself
//! (placement with flips, the forced pass, the end and the winner) is in game.rs.

use crate::game::rules::{choice_name, parse_choice, DeclaredRules, RuleKey};

/// The seed allows two starting arrangements of the four centre discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StartSetup {
    /// White d4, e5; black e4, d5 (the standard, 黑白相隔).
    #[default]
    Crossed,
    /// White d4, e4; black d5, e5 (相邻放置, the seed's alternative).
    Parallel,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OthelloRules {
    pub start: StartSetup,
}

impl DeclaredRules for OthelloRules {
    const GAME: &'static str = "Othello";
    const OPTIONS: &'static [RuleKey<Self>] = &[RuleKey {
        key: "start",
        values: &["crossed", "parallel"],
        default: "crossed",
        help: "centre discs: crossed (standard) or parallel (adjacent same colours)",
        set: |r, key, value| {
            r.start = parse_choice(key, value, &START_NAMES)?;
            Ok(())
        },
        get: |r| choice_name(r.start, &START_NAMES).to_string(),
    }];
}

/// The names of `start=`, read and written from this one table.
const START_NAMES: [(&str, StartSetup); 2] = [
    ("crossed", StartSetup::Crossed),
    ("parallel", StartSetup::Parallel),
];
