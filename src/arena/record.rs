//! `games.jsonl`: one line a finished game, appended and flushed as games finish, so a killed
//! tournament loses at most the games in flight. Loading drops a half-written last line (the
//! process died mid-write) and refuses anything else that is malformed or duplicated.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::ArenaError;

use crate::game::GameRecord;

/// A finished game as the arena records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaRecord {
    pub index: usize,
    pub block: usize,
    pub seed: u64,
    /// Engine names by seat.
    pub engines: Vec<String>,
    /// Engine indices (in the tournament's engine list) by seat.
    pub seats: Vec<usize>,
    pub opening: usize,
    /// How many of `moves` the opening played.
    pub opening_plies: usize,
    /// Rules, start, every move in game notation, returns by seat, and the reason it ended.
    #[serde(flatten)]
    pub game: GameRecord,
    /// The seat that lost by fault (crash, illegal move, time), if any.
    pub fault: Option<usize>,
    /// Under a match format: the match (index in the match schedule) and the game's number in
    /// it, 1-based. Absent for plain games, so their lines are as they always were.
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    pub match_index: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_game: Option<u32>,
    /// How the game ended, by kind (the reason says it in words). Absent in records written
    /// before it existed, which read as `Ending::Unknown`.
    #[serde(default, skip_serializing_if = "Ending::is_unknown")]
    pub ending: Ending,
    /// One entry a move an engine chose (not the opening's, not chance's): who, how long, how
    /// much it searched, its score, its clock, and what it said with the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stats: Vec<MoveStat>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    #[default]
    Unknown,
    /// By the rules of the game (including its own draw rules).
    Rules,
    /// An engine failed: crash, hang, illegal move, time.
    Fault,
    /// The ply limit (`--max-plies`).
    PlyLimit,
    /// An engine resigned (by its own say or its `[offers]` thresholds).
    Resigned,
    /// A draw offer was accepted.
    DrawAgreed,
    /// Score adjudication: `--resign` (scores or win probabilities).
    ResignAdjudication,
    /// Score adjudication: `--draw`.
    DrawAdjudication,
    /// Exact knowledge (`--adjudicate exact=..`).
    Exact,
    /// The rules' refused-draw count ran out (draughts `draw_offer=seed`).
    RefusedDraw,
}

impl Ending {
    pub fn is_unknown(&self) -> bool {
        *self == Ending::Unknown
    }
    /// Ended by the arena before the game's own end (adjudications, agreements, resignations).
    pub fn is_early(&self) -> bool {
        !matches!(self, Ending::Unknown | Ending::Rules | Ending::Fault)
    }
    pub fn name(&self) -> &'static str {
        match self {
            Ending::Unknown => "unknown",
            Ending::Rules => "rules",
            Ending::Fault => "fault",
            Ending::PlyLimit => "ply_limit",
            Ending::Resigned => "resigned",
            Ending::DrawAgreed => "draw_agreed",
            Ending::ResignAdjudication => "resign_adjudication",
            Ending::DrawAdjudication => "draw_adjudication",
            Ending::Exact => "exact",
            Ending::RefusedDraw => "refused_draw",
        }
    }
}

/// What the arena records about one engine move.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoveStat {
    /// The move's index in `moves` (the opening's moves and chance outcomes included).
    pub ply: usize,
    pub seat: usize,
    /// Wall time the referee measured, ms.
    pub ms: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub nodes: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub depth: u32,
    /// The engine's score from its side, in its units (absent: none reported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// Its clock after the move (increment added), ms, under a time control.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "is_play")]
    pub intent: crate::agent::Intent,
    /// For a draw offer: whether the opponent accepted it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accepted: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn is_zero<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

fn is_play(i: &crate::agent::Intent) -> bool {
    *i == crate::agent::Intent::Play
}

impl ArenaRecord {
    /// The score (1, 1/2, 0) of seat `a` against seat `b` in this game: higher return wins.
    pub fn score_between(&self, a: usize, b: usize) -> f64 {
        let (ra, rb) = (self.game.returns[a], self.game.returns[b]);
        if ra > rb {
            1.0
        } else if ra < rb {
            0.0
        } else {
            0.5
        }
    }
}

pub fn games_path(dir: &Path) -> PathBuf {
    dir.join("games.jsonl")
}

/// Reads every complete game line, sorted by index, from `path` or, when only that exists, its
/// compressed twin `path.gz` (`game::record_file`). A last line without its newline that does
/// not parse is cut off the plain file (when `repair`) and ignored.
pub fn load_games(path: &Path, repair: bool) -> Result<Vec<ArenaRecord>, String> {
    let repair = repair && path.exists();
    let text = match crate::game::record_file::read_bytes(path)? {
        Some(bytes) => bytes,
        None => return Ok(Vec::new()),
    };
    let mut games = Vec::new();
    let mut seen = BTreeSet::new();
    let mut offset = 0usize;
    while offset < text.len() {
        let end = text[offset..].iter().position(|&b| b == b'\n');
        let (line, complete) = match end {
            Some(e) => (&text[offset..offset + e], true),
            None => (&text[offset..], false),
        };
        let parsed = std::str::from_utf8(line)
            .ok()
            .and_then(|l| serde_json::from_str::<ArenaRecord>(l).ok());
        match parsed {
            Some(rec) if complete => {
                if !seen.insert(rec.index) {
                    return Err(format!(
                        "{}: game {} appears twice",
                        path.display(),
                        rec.index
                    ));
                }
                games.push(rec);
            }
            _ if !complete => {
                // The process died while writing this line: drop it, the game is replayed.
                if repair {
                    let f = OpenOptions::new()
                        .write(true)
                        .open(path)
                        .map_err(|e| format!("cannot repair {}: {e}", path.display()))?;
                    f.set_len(offset as u64)
                        .map_err(|e| format!("cannot repair {}: {e}", path.display()))?;
                }
                break;
            }
            _ => {
                return Err(format!(
                    "{}: line at byte {offset} is not a game record",
                    path.display()
                ))
            }
        }
        offset += line.len() + 1;
    }
    games.sort_by_key(|g| g.index);
    Ok(games)
}

/// Appends game lines; each line goes out in one write and is flushed at once.
pub struct GameWriter {
    file: File,
    path: std::path::PathBuf,
}

impl GameWriter {
    pub fn open(path: &Path) -> Result<GameWriter, ArenaError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| ArenaError::file("open", path, e))?;
        Ok(GameWriter {
            file,
            path: path.to_path_buf(),
        })
    }
    pub fn append(&mut self, rec: &ArenaRecord) -> Result<(), ArenaError> {
        // A record always serialises (plain fields and strings); the error is kept as text.
        let mut line = serde_json::to_string(rec).map_err(|e| ArenaError::Other(e.to_string()))?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| ArenaError::file("write a game record to", &self.path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(index: usize) -> ArenaRecord {
        ArenaRecord {
            index,
            block: index / 2,
            seed: 1,
            engines: vec!["a".into(), "b".into()],
            seats: vec![0, 1],
            opening: 0,
            opening_plies: 0,
            game: GameRecord {
                game: "othello".into(),
                rules: String::new(),
                start: "x".into(),
                moves: vec!["d3".into()],
                returns: vec![1.0, -1.0],
                reason: "terminal".into(),
            },
            fault: None,
            match_index: None,
            match_game: None,
            ending: Ending::Rules,
            stats: vec![MoveStat {
                ply: 0,
                seat: 0,
                ms: 12,
                nodes: 345,
                ..Default::default()
            }],
        }
    }

    #[test]
    fn half_written_last_line_is_dropped_and_cut() {
        let dir = std::env::temp_dir().join(format!("arena-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = games_path(&dir);
        let _ = std::fs::remove_file(&path);
        let mut w = GameWriter::open(&path).unwrap();
        w.append(&rec(3)).unwrap();
        w.append(&rec(1)).unwrap();
        let good_len = std::fs::metadata(&path).unwrap().len();
        let partial = serde_json::to_string(&rec(2)).unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(&partial.as_bytes()[..20])
            .unwrap();
        let games = load_games(&path, true).unwrap();
        assert_eq!(
            games.iter().map(|g| g.index).collect::<Vec<_>>(),
            vec![1, 3]
        );
        assert_eq!(std::fs::metadata(&path).unwrap().len(), good_len);
        // A duplicate is an error, not a silent double count.
        GameWriter::open(&path).unwrap().append(&rec(1)).unwrap();
        assert!(load_games(&path, true).unwrap_err().contains("twice"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn records_without_the_new_fields_still_read() {
        let mut line = serde_json::to_value(rec(0)).unwrap();
        let obj = line.as_object_mut().unwrap();
        obj.remove("ending");
        obj.remove("stats");
        let back: ArenaRecord = serde_json::from_value(line).unwrap();
        assert_eq!((back.ending, back.stats.len()), (Ending::Unknown, 0));
        // Zero and absent fields are left out of the line.
        let text = serde_json::to_string(&rec(0)).unwrap();
        assert!(
            text.contains(r#""stats":[{"ply":0,"seat":0,"ms":12,"nodes":345}]"#),
            "{text}"
        );
    }

    #[test]
    fn scores_follow_returns() {
        let mut r = rec(0);
        assert_eq!(r.score_between(0, 1), 1.0);
        r.game.returns = vec![0.0, 0.0];
        assert_eq!(r.score_between(1, 0), 0.5);
    }
}
