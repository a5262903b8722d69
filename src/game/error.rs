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

/// Reads `text` (trimmed) as a whole number in `min..=max`. A number that is only too large or
/// too small, however many digits it has, is "out of range (at most N)" rather than "not a
/// number": the error says which bound to keep. `what` names the field in the error, which
/// quotes the text.
pub fn parse_int<T>(what: &str, text: &str, min: T, max: T) -> Result<T, String>
where
    T: Copy + std::fmt::Display + TryInto<i128> + TryFrom<i128>,
{
    // Every integer type up to 64 bits (usize included) fits i128; the fallbacks are unreachable.
    let (lo, hi): (i128, i128) = (
        min.try_into().unwrap_or(i128::MIN),
        max.try_into().unwrap_or(i128::MAX),
    );
    let t = text.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what}: {} is not a whole number", quote(text)));
    }
    let negative = t.starts_with('-');
    // More digits than i128 holds is still a number, just out of range on its side.
    let value = t.parse::<i128>().ok();
    let too_small = value.map_or(negative, |v| v < lo);
    let too_large = value.map_or(!negative, |v| v > hi);
    if too_small {
        return Err(format!(
            "{what}: {} is out of range (at least {min})",
            quote(text)
        ));
    }
    if too_large {
        return Err(format!(
            "{what}: {} is out of range (at most {max})",
            quote(text)
        ));
    }
    let v = value.expect("in range, so it parsed");
    T::try_from(v).map_err(|_| format!("{what}: {} is out of range", quote(text)))
}

/// Reads `text` (trimmed) as a finite decimal number in `min..=max`: `1e400` (infinite as an
/// f64) and `1e9` beyond a bound of 1000 are "out of range (at most N)", `abc`, `nan` and `inf`
/// are "not a number".
pub fn parse_float(what: &str, text: &str, min: f64, max: f64) -> Result<f64, String> {
    let t = text.trim();
    let is_decimal = !t.is_empty()
        && t.bytes().any(|b| b.is_ascii_digit())
        && t.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
    let value = match t.parse::<f64>() {
        Ok(v) if is_decimal && !v.is_nan() => v,
        _ => return Err(format!("{what}: {} is not a number", quote(text))),
    };
    if value > max {
        return Err(format!(
            "{what}: {} is out of range (at most {max})",
            quote(text)
        ));
    }
    if value < min {
        return Err(format!(
            "{what}: {} is out of range (at least {min})",
            quote(text)
        ));
    }
    Ok(value)
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
    fn numbers_that_are_only_too_large_are_out_of_range() {
        assert_eq!(parse_int("size", " 15 ", 5u32, 19), Ok(15));
        assert_eq!(parse_int("n", "-3", -5i32, 5), Ok(-3));
        let e = parse_int("size", "99999999999999999999", 5usize, 22).unwrap_err();
        assert_eq!(
            e,
            "size: \"99999999999999999999\" is out of range (at most 22)"
        );
        let huge = "9".repeat(100_000);
        let e = parse_int("size", &huge, 0u64, u64::MAX).unwrap_err();
        assert!(
            e.contains("out of range (at most 18446744073709551615)"),
            "{e}"
        );
        assert!(e.len() < 200, "{e}");
        let e = parse_int("size", "4", 5u8, 22).unwrap_err();
        assert!(e.ends_with("out of range (at least 5)"), "{e}");
        let e = parse_int("size", "-99999999999999999999999999999999999999999", 0u8, 9);
        assert!(e.unwrap_err().ends_with("(at least 0)"));
        for bad in ["", "abc", "1.5", "1e3", "0x10", "--1", "é"] {
            let e = parse_int("size", bad, 0u32, 9).unwrap_err();
            assert!(e.ends_with("is not a whole number"), "{bad}: {e}");
        }
    }

    #[test]
    fn floats_beyond_their_bounds_are_out_of_range() {
        assert_eq!(parse_float("komi", "6.5", -1e4, 1e4), Ok(6.5));
        let e = parse_float("komi", "1e400", -1e4, 1e4).unwrap_err();
        assert_eq!(e, "komi: \"1e400\" is out of range (at most 10000)");
        let e = parse_float("komi", "-1e400", -1e4, 1e4).unwrap_err();
        assert!(e.ends_with("(at least -10000)"), "{e}");
        for bad in ["", "abc", "nan", "inf", "-infinity", "1.2.3"] {
            let e = parse_float("komi", bad, -1e4, 1e4).unwrap_err();
            assert!(e.ends_with("is not a number"), "{bad}: {e}");
        }
    }

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
