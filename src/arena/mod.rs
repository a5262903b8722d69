//! The arena: engine-vs-engine tournaments with honest statistics.
//!
//! - `schedule`: round robin / gauntlet, colour-swapped pairs and seat rotations, shards.
//! - `openings`: random openings from a seed, or positions from a file.
//! - `manifest`: the tournament's parameters (`tournament.json`); `plan`: a tournament as asked
//!   for, checked and built into its manifest (the command line's and the tuners'); `error`: the
//!   arena's errors.
//! - `referee`: plays one game (limits, clocks, adjudication, faults are losses).
//! - `match_format`: matches (first to W of N games, first move by a sequence) of referee games.
//! - `runner`: plays the pending games in parallel, appending `games.jsonl`; `progress`: its
//!   bar, or plain lines without a terminal.
//! - `external`: engine programs over a text protocol; `adapters`: engines with their own ways
//!   (Zebra, one process a move; GuiNN's line protocol).
//! - `offers`: draw offers, acceptance and resignation by an engine file's score thresholds;
//!   `adjudicate`: score adjudication (fastchess's `--resign`, `--draw`), win probabilities,
//!   exact knowledge, and the seed's refused-draw rule.
//! - `hidden`: hidden-information games: every engine gets its seat's observation only.
//! - `record`: the game log, resumable after a kill.
//! - `stats`, `sprt`, `ratings`: Elo, pentanomial, SPRT, multi-engine ratings.
//! - `summary`: standings, pairings, the SPRT's status and results by seat, computed from the
//!   games; `report`, `chart`: the summary written as csv, markdown, json and the rating chart.
//! - `merge`: shard directories into one.

pub mod adapters;
pub mod adjudicate;
pub mod chart;
pub mod error;
pub mod external;
pub mod hidden;
pub mod manifest;
pub mod match_format;
pub mod matches;
pub mod merge;
pub mod openings;
pub mod per_move;
pub mod plan;
pub mod progress;
pub mod ratings;
pub mod record;
pub mod referee;
pub mod report;
pub mod runner;
pub mod schedule;
pub mod sprt;
pub mod stats;
pub mod summary;
pub mod time_control;
