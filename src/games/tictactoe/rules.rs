//! Tic-tac-toe's one rule option: the ordinary game (three in a row wins) or misère (three in
//! a row loses), the variant the combinatorial-game literature studies beside it.

use crate::game::rules::{parse_choice, DeclaredRules, RuleKey};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TicTacToeRules {
    /// Three in a row loses instead of winning.
    pub misere: bool,
}

impl DeclaredRules for TicTacToeRules {
    const GAME: &'static str = "Tic-tac-toe";
    const OPTIONS: &'static [RuleKey<Self>] = &[RuleKey {
        key: "misere",
        values: &["false", "true"],
        default: "false",
        help: "true: whoever makes three in a row loses (misere tic-tac-toe)",
        set: |r, key, value| {
            r.misere = parse_choice(key, value, &[("false", false), ("true", true)])?;
            Ok(())
        },
        get: |r| r.misere.to_string(),
    }];
}
