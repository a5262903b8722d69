//! The tournament's parameters, written to `<dir>/tournament.json` when a tournament starts.
//! Everything the schedule and the games depend on is here, so `--resume` can refuse a changed
//! command and `boardlab merge` can refuse shards of different tournaments.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::error::ArenaError;

use super::adjudicate::Adjudication;
use super::match_format::MatchFormat;
use super::openings::Opening;
use super::schedule::{Format, Schedule};
use super::sprt::SprtParams;
pub use super::time_control::TimeControl;
use crate::engine_file::EngineSpec;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub game: String,
    pub rules: String,
    pub engines: Vec<EngineSpec>,
    pub format: Format,
    pub games_per_encounter: usize,
    /// Where the openings came from (`random 8 plies`, `file openings.txt`).
    pub opening_source: String,
    pub openings: Vec<Opening>,
    pub seed: u64,
    /// Games longer than this many plies (moves by players) are adjudicated a draw.
    pub max_plies: usize,
    pub time_control: Option<TimeControl>,
    /// Slack over a move's time limit before an engine loses on time, in milliseconds.
    pub time_margin_ms: u64,
    pub sprt: Option<SprtParams>,
    /// (i, N) when this directory holds shard i of N.
    pub shard: Option<(usize, usize)>,
    /// Seats at the table (players of the game).
    pub players: usize,
    /// A pairing plays whole matches in this format (None: single games). Absent from the file
    /// of a plain tournament, which therefore reads and writes as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_format: Option<MatchFormat>,
    /// The referee's ceiling on one move that has no time limit (no move time, no clock), in
    /// milliseconds: an agent still thinking then (a hung in-process search) is abandoned and
    /// loses. `--move-ceiling-ms`; files written before it existed read as the default.
    #[serde(default = "default_move_ceiling_ms")]
    pub move_ceiling_ms: u64,
    /// Score adjudication and adjudication by exact knowledge (`--resign`, `--draw`,
    /// `--adjudicate`); absent from the file when off, so older files read as before.
    #[serde(default, skip_serializing_if = "Adjudication::is_off")]
    pub adjudication: Adjudication,
}

/// The default ceiling on a move without a time limit: 10 minutes, well past any engine file's
/// fixed depth in this lab and past an external engine's own `timeout_ms` (60 s by default).
pub const DEFAULT_MOVE_CEILING_MS: u64 = 600_000;

fn default_move_ceiling_ms() -> u64 {
    DEFAULT_MOVE_CEILING_MS
}

/// Test fixtures shared by the arena's and the games' tests.
#[cfg(test)]
impl Manifest {
    /// A two-player round robin of `engines` with 2 games an encounter: no clock, no SPRT, no
    /// shard, single games. Change fields with struct update syntax.
    pub(crate) fn for_tests(
        game: &str,
        rules: &str,
        engines: Vec<EngineSpec>,
        openings: Vec<Opening>,
        seed: u64,
    ) -> Manifest {
        Manifest {
            game: game.into(),
            rules: rules.into(),
            engines,
            format: Format::RoundRobin,
            games_per_encounter: 2,
            opening_source: String::new(),
            openings,
            seed,
            max_plies: 1000,
            time_control: None,
            time_margin_ms: 50,
            sprt: None,
            shard: None,
            players: 2,
            match_format: None,
            move_ceiling_ms: DEFAULT_MOVE_CEILING_MS,
            adjudication: Adjudication::default(),
        }
    }
}

/// An engine file for the uniform random player of `game`, named `name` (tests).
#[cfg(test)]
pub(crate) fn random_engine_for_tests(name: &str, game: &str) -> EngineSpec {
    EngineSpec::from_toml(&format!(
        "name = \"{name}\"\ngame = \"{game}\"\nbackend = \"random\""
    ))
    .expect("a valid engine file")
}

impl Manifest {
    pub fn schedule(&self) -> Schedule {
        Schedule::build(
            self.engines.len(),
            self.players,
            self.format,
            self.games_per_encounter,
            self.openings.len(),
            self.seed,
        )
    }
    pub fn engine_names(&self) -> Vec<String> {
        self.engines.iter().map(|e| e.name.clone()).collect()
    }
    pub fn load(dir: &Path) -> Result<Manifest, ArenaError> {
        let path = dir.join("tournament.json");
        let text =
            std::fs::read_to_string(&path).map_err(|e| ArenaError::file("read", &path, e))?;
        serde_json::from_str(&text).map_err(|e| ArenaError::Malformed {
            path: path.display().to_string(),
            why: e.to_string(),
        })
    }
    pub fn save(&self, dir: &Path) -> Result<(), ArenaError> {
        let path = dir.join("tournament.json");
        let text =
            serde_json::to_string_pretty(self).map_err(|e| ArenaError::Other(e.to_string()))?;
        std::fs::write(&path, text + "\n").map_err(|e| ArenaError::file("write", &path, e))
    }
    /// The fields that differ from `other`, for an error that says what changed.
    pub fn differences(&self, other: &Manifest) -> Vec<&'static str> {
        let mut d = Vec::new();
        macro_rules! cmp {
            ($($f:ident),*) => {$( if self.$f != other.$f { d.push(stringify!($f)); } )*};
        }
        cmp!(
            game,
            rules,
            engines,
            format,
            games_per_encounter,
            opening_source,
            openings,
            seed,
            max_plies,
            time_control,
            time_margin_ms,
            sprt,
            shard,
            players,
            match_format,
            move_ceiling_ms,
            adjudication
        );
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_control_syntax() {
        assert_eq!(
            TimeControl::parse("10+0.1"),
            Ok(TimeControl {
                base_ms: 10_000,
                increment_ms: 100
            })
        );
        assert_eq!(TimeControl::parse("2").unwrap().increment_ms, 0);
        assert!(TimeControl::parse("0").is_err());
        assert!(TimeControl::parse("x+1").is_err());
    }
}
