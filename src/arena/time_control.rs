//! A clock per engine per game (`10+0.1`): what the manifest, a match format and the referee
//! share.

use serde::{Deserialize, Serialize};

/// A clock per engine per game: `base` milliseconds plus `increment` after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// Parses `base+inc` in seconds (`10+0.1`) or just `base`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let secs = |t: &str| -> Result<u64, String> {
            let x: f64 = t
                .trim()
                .parse()
                .map_err(|_| format!("time control: {t:?} is not a number of seconds"))?;
            if !(x >= 0.0 && x.is_finite()) {
                return Err(format!("time control: {t:?} must be non-negative"));
            }
            Ok((x * 1000.0).round() as u64)
        };
        let (base, inc) = match text.split_once('+') {
            Some((b, i)) => (secs(b)?, secs(i)?),
            None => (secs(text)?, 0),
        };
        if base == 0 {
            return Err(format!(
                "time control {text:?}: the base time must be positive"
            ));
        }
        Ok(TimeControl {
            base_ms: base,
            increment_ms: inc,
        })
    }
}
