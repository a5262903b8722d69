//! Tic-tac-toe's one rule option: the ordinary game (three in a row wins) or misère (three in
//! a row loses), the variant the combinatorial-game literature studies beside it.

use crate::game::rules::{parse_choice, unknown_option, RuleOption, RuleSet};
use crate::game::ParseError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TicTacToeRules {
    /// Three in a row loses instead of winning.
    pub misere: bool,
}

impl RuleSet for TicTacToeRules {
    fn options() -> Vec<RuleOption> {
        vec![RuleOption {
            key: "misere",
            values: vec!["false", "true"],
            default: "false",
            help: "true: whoever makes three in a row loses (misere tic-tac-toe)",
        }]
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        match key {
            "misere" => {
                self.misere = parse_choice(key, value, &[("false", false), ("true", true)])?
            }
            _ => return Err(unknown_option::<Self>("Tic-tac-toe", key)),
        }
        Ok(())
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        vec![("misere", self.misere.to_string())]
    }
}
