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

    /// Applies `k=v,k=v` on top of the current values. A key given twice is an error (which of
    /// the two was meant?), and so is an empty value.
    fn apply(&mut self, text: &str) -> Result<(), ParseError> {
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| ParseError::rule(part, "expected key=value"))?;
            let (key, value) = (key.trim(), value.trim());
            if seen.contains(&key) {
                return Err(ParseError::rule(text, format!("{key} is given twice")));
            }
            seen.push(key);
            self.set(key, value)?;
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

/// One rule option, declared once: what `boardlab list` shows of it, how a value is read into
/// the rules and how the rules' value is written back. A game lists its options in one table
/// (`DeclaredRules::OPTIONS`) and `options`, `set` and `values` all follow from it, so a key is
/// spelled in one place.
pub struct RuleKey<R> {
    pub key: &'static str,
    /// The values it takes, as `list` shows them (`["true", "false"]`, `["1..7"]`).
    pub values: &'static [&'static str],
    pub default: &'static str,
    pub help: &'static str,
    /// Reads `value` into the rules. It is given the key as the user spelled it, so its error
    /// names the text that was wrong.
    pub set: fn(&mut R, &str, &str) -> Result<(), ParseError>,
    /// The rules' value of this option, as `set` reads it back.
    pub get: fn(&R) -> String,
}

impl<R> RuleKey<R> {
    /// The option as `list` shows it.
    pub fn option(&self) -> RuleOption {
        RuleOption {
            key: self.key,
            values: self.values.to_vec(),
            default: self.default,
            help: self.help,
        }
    }
}

/// A rule set whose options are declared once each, in a table: the way every game's rules.rs
/// implements `RuleSet` (docs/adding-a-game.md).
pub trait DeclaredRules: Clone + Debug + Default + PartialEq + Send + Sync + 'static {
    /// The game as an unknown-key error names it (`unknown Ur rule option`).
    const GAME: &'static str;
    /// Every option, in the order `list` shows them and `values()` writes them.
    const OPTIONS: &'static [RuleKey<Self>];
    /// Other spellings a key is read under, as (spelling, key).
    const ALIASES: &'static [(&'static str, &'static str)] = &[];
    /// The order `values()` writes the keys in where it is not the table's (a game whose
    /// records already wrote a later option elsewhere); empty: the table's order.
    const WRITTEN_ORDER: &'static [&'static str] = &[];
    /// Whether `values()` writes this key. An option added after rule texts were written can
    /// be left out while at the value those texts meant, so they stay as they were.
    fn written(&self, _key: &str) -> bool {
        true
    }
    /// Checked after each option is set, for rules that join two options.
    fn check(&self, _key: &str, _value: &str) -> Result<(), ParseError> {
        Ok(())
    }
}

/// The declared option `key` (or an alias of it) reads, if any.
pub fn declared_key<'t, R>(
    table: &'t [RuleKey<R>],
    aliases: &[(&str, &'static str)],
    key: &str,
) -> Option<&'t RuleKey<R>> {
    let key = aliases
        .iter()
        .find(|(alias, _)| *alias == key)
        .map_or(key, |(_, k)| *k);
    table.iter().find(|o| o.key == key)
}

impl<R: DeclaredRules> RuleSet for R {
    fn options() -> Vec<RuleOption> {
        R::OPTIONS.iter().map(RuleKey::option).collect()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        let option = declared_key(R::OPTIONS, R::ALIASES, key)
            .ok_or_else(|| unknown_option::<R>(R::GAME, key))?;
        // Set on a copy, so a refused value or combination leaves the rules as they were.
        let mut next = self.clone();
        (option.set)(&mut next, key, value)?;
        next.check(key, value)?;
        *self = next;
        Ok(())
    }
    fn values(&self) -> Vec<(&'static str, String)> {
        let in_order: Vec<&RuleKey<R>> = if R::WRITTEN_ORDER.is_empty() {
            R::OPTIONS.iter().collect()
        } else {
            R::WRITTEN_ORDER
                .iter()
                .map(|&k| declared_key(R::OPTIONS, &[], k).expect("a declared key"))
                .collect()
        };
        in_order
            .into_iter()
            .filter(|o| self.written(o.key))
            .map(|o| (o.key, (o.get)(self)))
            .collect()
    }
}

/// Rules with named presets, each a set of readings of the rules text (backgammon's `standard`
/// and `seed`, Oware's `seed` and `abapa`): the `preset` option is declared once, by
/// [`preset_key`], and the preset a rule set equals is named the same way in every game.
pub trait Presets: Sized + 'static {
    /// The part of the rules a preset sets (the whole rule set, or a few readings of it).
    type Readings: Copy + PartialEq + 'static;
    /// The presets by name, in the order `list` shows them.
    const PRESETS: &'static [(&'static str, Self::Readings)];
    fn readings(&self) -> Self::Readings;
    fn set_readings(&mut self, readings: Self::Readings);
    /// The preset these rules' readings equal, or `custom` when none does.
    fn preset_name(&self) -> &'static str {
        preset_name(Self::PRESETS, &self.readings())
    }
}

/// The `preset` option of rules with presets. Setting it sets the preset's readings (later
/// options override them); `custom`, which a record writes for rules equal to no preset, leaves
/// the rules as they are.
pub const fn preset_key<R: Presets>(
    values: &'static [&'static str],
    default: &'static str,
    help: &'static str,
) -> RuleKey<R> {
    RuleKey {
        key: "preset",
        values,
        default,
        help,
        set: set_preset::<R>,
        get: get_preset::<R>,
    }
}

fn set_preset<R: Presets>(rules: &mut R, key: &str, value: &str) -> Result<(), ParseError> {
    if !value.eq_ignore_ascii_case("custom") {
        rules.set_readings(parse_choice(key, value, R::PRESETS)?);
    }
    Ok(())
}

fn get_preset<R: Presets>(rules: &R) -> String {
    rules.preset_name().to_string()
}

/// Rules of a square board whose side the user sets (`size=N`, Gomoku's and NoGo's): the
/// option is declared once, by [`size_key`].
pub trait BoardSide: Sized + 'static {
    /// The sides the game's board supports, both included.
    const SIDES: (usize, usize);
    fn set_side(&mut self, side: u8);
    fn side(&self) -> u8;
}

/// The `size` option of rules with a board side: a number in `R::SIDES` (the error names the
/// value and the range).
pub const fn size_key<R: BoardSide>(
    values: &'static [&'static str],
    default: &'static str,
    help: &'static str,
) -> RuleKey<R> {
    RuleKey {
        key: "size",
        values,
        default,
        help,
        set: set_side::<R>,
        get: |r| r.side().to_string(),
    }
}

fn set_side<R: BoardSide>(rules: &mut R, key: &str, value: &str) -> Result<(), ParseError> {
    let side: usize = parse_in_range(key, value, R::SIDES.0..=R::SIDES.1)?;
    rules.set_side(side as u8);
    Ok(())
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

/// Reads a boolean option value: `true` or `false`, exactly what `boardlab list` shows (any
/// letter case, like every option value). `yes`, `1`, `on` are refused, not guessed at.
pub fn parse_bool(key: &str, value: &str) -> Result<bool, ParseError> {
    parse_choice(key, value, &BOOL_CHOICES)
}

/// The values of a boolean option, as `list` shows them.
pub const BOOL_CHOICES: [(&str, bool); 2] = [("true", true), ("false", false)];

/// The name of `value` in a choice table (the same table `parse_choice` reads), so each option's
/// names are written once. A value missing from the table is a bug in the game's rules.
pub fn choice_name<T: PartialEq>(value: T, choices: &[(&'static str, T)]) -> &'static str {
    choices
        .iter()
        .find(|(_, v)| *v == value)
        .map(|(n, _)| *n)
        .expect("every value of a choice option is in its table")
}

/// The name of the preset whose readings equal `readings`, or `custom` when none does: what
/// `boardlab list` and a record show for a rule set built from options.
pub fn preset_name<R: PartialEq>(presets: &[(&'static str, R)], readings: &R) -> &'static str {
    presets
        .iter()
        .find(|(_, p)| p == readings)
        .map(|(name, _)| *name)
        .unwrap_or("custom")
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

/// Reads a whole-number option value. Digits that do not fit the type are a number out of
/// range, not "expected a number" (issue 41).
pub fn parse_number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, ParseError> {
    value.parse().map_err(|_| {
        let digits = value.strip_prefix(['+', '-']).unwrap_or(value);
        let why = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            "out of range"
        } else {
            "expected a number"
        };
        ParseError::rule(format!("{key}={value}"), why)
    })
}

/// Reads a number option that must lie in `range`; the error names the text and the range.
pub fn parse_in_range<T>(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, ParseError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    let range_error = || {
        ParseError::rule(
            format!("{key}={value}"),
            format!("{key} must be {}..={}", range.start(), range.end()),
        )
    };
    // Digits too many for the type are out of the range too, said the same way.
    let n: T = parse_number(key, value).map_err(|e| {
        if e.reason == "out of range" {
            range_error()
        } else {
            e
        }
    })?;
    if !range.contains(&n) {
        return Err(range_error());
    }
    Ok(n)
}

/// The error for a key a game does not know, listing the keys it does from `R::options()`, so
/// the list in the message never falls out of step with `boardlab list`.
pub fn unknown_option<R: RuleSet>(game: &str, key: &str) -> ParseError {
    let known: Vec<&str> = R::options().iter().map(|o| o.key).collect();
    ParseError::rule(
        key,
        format!("unknown {game} rule option (known: {})", known.join(", ")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_are_what_list_shows_and_keys_are_given_once() {
        assert_eq!(parse_bool("k", "true"), Ok(true));
        assert_eq!(parse_bool("k", "FALSE"), Ok(false));
        for bad in ["yes", "1", "on", "no", "0", ""] {
            let e = parse_bool("majority", bad).unwrap_err();
            assert!(e.to_string().contains("true, false"), "{e}");
        }
        const T: [(&str, u8); 2] = [("a", 1), ("b", 2)];
        assert_eq!(choice_name(2, &T), "b");
        assert_eq!(parse_choice("k", "A", &T), Ok(1));
    }

    #[test]
    fn ranges_and_unknown_keys_name_the_text() {
        assert_eq!(parse_in_range("size", "9", 5..=19), Ok(9u8));
        assert_eq!(parse_in_range("size", "19", 5..=19), Ok(19u8));
        let e = parse_in_range::<u8>("size", "20", 5..=19)
            .unwrap_err()
            .to_string();
        assert!(e.contains("size=20") && e.contains("5..=19"), "{e}");
        // A number out of the type's range is out of the option's range too (issue 41: such
        // numbers were "expected a number").
        for huge in ["-1", "256", "99999999999999999999"] {
            let e = parse_in_range::<u8>("size", huge, 5..=19)
                .unwrap_err()
                .to_string();
            assert!(
                e.contains(&format!("size={huge}")) && e.contains("5..=19"),
                "{e}"
            );
        }
        let e = parse_in_range::<u8>("size", "x1", 5..=19)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("size=x1") && e.contains("expected a number"),
            "{e}"
        );
        let e = parse_number::<u8>("n", "99999999999999999999").unwrap_err();
        assert_eq!(e.reason, "out of range");
        #[derive(Clone, Debug, Default, PartialEq)]
        struct TwoKeys;
        impl RuleSet for TwoKeys {
            fn options() -> Vec<RuleOption> {
                let option = |key| RuleOption {
                    key,
                    values: vec!["true", "false"],
                    default: "false",
                    help: "",
                };
                vec![option("size"), option("rule")]
            }
            fn set(&mut self, key: &str, _: &str) -> Result<(), ParseError> {
                Err(unknown_option::<Self>("test", key))
            }
            fn values(&self) -> Vec<(&'static str, String)> {
                Vec::new()
            }
        }
        let e = TwoKeys::parse("sise=9").unwrap_err().to_string();
        assert!(
            e.contains("sise") && e.contains("unknown test rule option"),
            "{e}"
        );
        assert!(e.contains("(known: size, rule)"), "{e}");
    }

    #[test]
    fn a_declared_table_gives_options_set_and_values() {
        #[derive(Clone, Debug, Default, PartialEq)]
        struct Declared {
            size: u8,
            open: bool,
        }
        impl DeclaredRules for Declared {
            const GAME: &'static str = "test";
            const OPTIONS: &'static [RuleKey<Self>] = &[
                RuleKey {
                    key: "size",
                    values: &["1..9"],
                    default: "0",
                    help: "",
                    set: |r, key, value| {
                        r.size = parse_in_range(key, value, 1..=9)?;
                        Ok(())
                    },
                    get: |r| r.size.to_string(),
                },
                RuleKey {
                    key: "open",
                    values: &["true", "false"],
                    default: "false",
                    help: "",
                    set: |r, key, value| {
                        r.open = parse_bool(key, value)?;
                        Ok(())
                    },
                    get: |r| r.open.to_string(),
                },
            ];
            const ALIASES: &'static [(&'static str, &'static str)] = &[("opened", "open")];
            const WRITTEN_ORDER: &'static [&'static str] = &["open", "size"];
            fn check(&self, key: &str, value: &str) -> Result<(), ParseError> {
                if self.open && self.size > 5 {
                    return Err(ParseError::rule(
                        format!("{key}={value}"),
                        "too big to open",
                    ));
                }
                Ok(())
            }
        }
        let keys: Vec<&str> = Declared::options().iter().map(|o| o.key).collect();
        assert_eq!(keys, ["size", "open"]);
        let r = Declared::parse("size=3,opened=true").unwrap();
        assert_eq!(r.to_text(), "open=true,size=3");
        assert_eq!(Declared::parse(&r.to_text()).unwrap(), r);
        // A refused combination leaves the rules as they were.
        let mut r2 = r.clone();
        let e = r2.set("size", "7").unwrap_err().to_string();
        assert!(e.contains("size=7") && e.contains("too big"), "{e}");
        assert_eq!(r2, r);
        let e = Declared::parse("colour=red").unwrap_err().to_string();
        assert!(
            e.contains("unknown test rule option (known: size, open)"),
            "{e}"
        );
    }
}
