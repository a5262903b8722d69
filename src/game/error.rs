//! Errors as values: every parser names the text it could not read.

use thiserror::Error;

/// How much of a bad text an error message quotes, in characters.
pub const QUOTE_CHARS: usize = 60;

/// `text` quoted for an error message, cut to a readable length once: the first `QUOTE_CHARS`
/// characters and the full size (`"---...OX"... (5000000 bytes)`), so a 5 MB position gives a
/// one-line error. Every error that names input text goes through here.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}... ({} bytes)", &text[..cut], text.len()),
    }
}

/// `text` cut to at most `max` characters, saying how long it was (for messages that may embed
/// input, like a reason quoting one bad item of a huge position).
pub fn cut(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => text.into(),
        Some((at, _)) => format!("{}... ({} bytes)", &text[..at], text.len()).into(),
    }
}

/// Text that could not be read as a position, move or rule option. `text` keeps the whole input;
/// the message quotes it cut to a readable length (`quote`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{what}: {} (in {})", cut(reason, 4 * QUOTE_CHARS), quote(text))]
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
    #[error("illegal move {}", quote(.0))]
    IllegalMove(String),
    #[error("unknown game {} (see `boardlab list`)", quote(.0))]
    UnknownGame(String),
    #[error("{0}")]
    Other(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_quoted_once_and_cut() {
        assert_eq!(quote("f5"), "\"f5\"");
        let big = "-".repeat(5_000_000);
        let e = ParseError::position(big.clone(), "bad").to_string();
        assert!(e.len() < 200, "{}", e.len());
        assert!(e.contains("(5000000 bytes)"), "{e}");
        assert_eq!(e.matches('"').count(), 2, "quoted once: {e}");
        // Cut on a character boundary.
        let wide = "é".repeat(100);
        assert!(quote(&wide).ends_with("(200 bytes)"));
        assert!(GameError::IllegalMove(big).to_string().len() < 200);
    }
}
