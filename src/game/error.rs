//! Errors as values: every parser names the text it could not read.

use thiserror::Error;

/// Text that could not be read as a position, move or rule option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{what}: {reason} (in {text:?})")]
pub struct ParseError {
    /// What was being read: "position", "move", "rule option".
    pub what: &'static str,
    /// The offending text.
    pub text: String,
    /// Why it was refused.
    pub reason: String,
}

impl ParseError {
    pub fn new(what: &'static str, text: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseError {
            what,
            text: text.into(),
            reason: reason.into(),
        }
    }
    pub fn position(text: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new("position", text, reason)
    }
    pub fn mv(text: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new("move", text, reason)
    }
    pub fn rule(text: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new("rule option", text, reason)
    }
}

/// Anything that can go wrong when driving a game from outside.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error("illegal move {0:?}")]
    IllegalMove(String),
    #[error("unknown game {0:?} (see `boardlab list`)")]
    UnknownGame(String),
    #[error("{0}")]
    Other(String),
}
