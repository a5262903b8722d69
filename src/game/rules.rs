//! Rule variants as values. Every game has a rules struct; the command line, engine files and
//! game records all speak of it as `key=value` pairs, so `boardlab list` can show every option.

use std::fmt::Debug;

use super::error::ParseError;

/// One rule option as `boardlab list` shows it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RuleOption {
    pub key: &'static str,
    /// The values it takes, e.g. `["crossed", "parallel"]`, or a description like `"integer"`.
    pub values: Vec<&'static str>,
    pub default: &'static str,
    pub help: &'static str,
}

/// A game's rule variant.
pub trait RuleSet: Clone + Debug + Default + PartialEq + Send + Sync + 'static {
    /// Every option this game understands, with its default.
    fn options() -> Vec<RuleOption>;
    /// Sets one option; unknown keys and bad values are errors naming the text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError>;
    /// The current value of every option, in `options()` order (for records and `list`).
    fn values(&self) -> Vec<(&'static str, String)>;

    /// Parses `k=v,k=v` on top of the defaults. The empty string gives the defaults.
    fn parse(text: &str) -> Result<Self, ParseError> {
        let mut rules = Self::default();
        rules.apply(text)?;
        Ok(rules)
    }

    /// Applies `k=v,k=v` on top of the current values.
    fn apply(&mut self, text: &str) -> Result<(), ParseError> {
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| ParseError::rule(part, "expected key=value"))?;
            self.set(key.trim(), value.trim())?;
        }
        Ok(())
    }

    /// The `k=v,k=v` text of these rules, which `parse` reads back.
    fn to_text(&self) -> String {
        self.values()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Rules for games that have no options yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoRules;

impl RuleSet for NoRules {
    fn options() -> Vec<RuleOption> {
        Vec::new()
    }
    fn set(&mut self, key: &str, _value: &str) -> Result<(), ParseError> {
        Err(ParseError::rule(key, "this game has no rule options"))
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

/// Reads a boolean option value (`true/false`, `yes/no`, `on/off`, `1/0`).
pub fn parse_bool(key: &str, value: &str) -> Result<bool, ParseError> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(ParseError::rule(
            format!("{key}={value}"),
            "expected true or false",
        )),
    }
}

/// Reads an enumerated option value from a fixed list of names.
pub fn parse_choice<T: Copy>(
    key: &str,
    value: &str,
    choices: &[(&str, T)],
) -> Result<T, ParseError> {
    choices
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(value))
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
            ParseError::rule(
                format!("{key}={value}"),
                format!("expected one of {}", names.join(", ")),
            )
        })
}

/// Reads a whole-number option value.
pub fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, ParseError> {
    value
        .parse()
        .map_err(|_| ParseError::rule(format!("{key}={value}"), "expected a number"))
}
