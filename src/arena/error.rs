//! What goes wrong in the arena's public entry points, as values (shakmaty's way): a tournament
//! that cannot be built as asked (`Manifest::build`), or a run that cannot go on (`runner::run`).
//! The text of each names the bad value as the command line's messages always have; the
//! command line turns them into its error at its boundary.

use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum ArenaError {
    /// Two engine files are for different games.
    GamesDiffer {
        first: String,
        first_game: String,
        engine: String,
        game: String,
    },
    /// Two engine files have one name.
    DuplicateName(String),
    /// An engine file names rules other than the tournament's.
    RulesDiffer {
        engine: String,
        theirs: String,
        ours: String,
    },
    /// An SPRT on a game that is not for two players.
    SprtPlayers { game: String, players: usize },
    /// A match format on a game that is not for two players.
    MatchPlayers { game: String, players: usize },
    /// An SPRT together with a match format.
    SprtWithMatches,
    /// Adjudication on a game that is not for two players.
    AdjudicationPlayers { game: String, players: usize },
    /// An opening (numbered from 1) that does not load.
    Opening { number: usize, why: String },
    /// A recorded game that is no game of this tournament.
    ForeignGame { path: String, index: usize },
    /// A file of the tournament's folder that could not be read, written, opened or unpacked
    /// (`doing` says which).
    File {
        doing: &'static str,
        path: String,
        why: String,
    },
    /// `merge`: a shard given twice.
    ShardTwice { dir: String, shard: (usize, usize) },
    /// `merge`: a folder whose tournament differs from the first one's in these fields.
    NotAShard {
        dir: String,
        differs: Vec<&'static str>,
    },
    /// `merge`: one game index in two shards.
    GameInTwoShards(usize),
    /// `merge`: shards of different splits (i/N with different N).
    MixedSplits(String),
    /// `merge`: no folder given.
    NothingToMerge,
    /// `merge`: the target folder already holds games.
    MergeTargetHoldsGames(String),
    /// A file of the tournament's folder that reads but does not parse.
    Malformed { path: String, why: String },
    /// The game's rules, an engine file, the openings or the game log said no; their text.
    Other(String),
}

impl ArenaError {
    /// `doing` (read, write, open ...) `path` failed with `why`.
    pub fn file(doing: &'static str, path: &std::path::Path, why: impl fmt::Display) -> ArenaError {
        ArenaError::File {
            doing,
            path: path.display().to_string(),
            why: why.to_string(),
        }
    }
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::GamesDiffer {
                first,
                first_game,
                engine,
                game,
            } => write!(
                f,
                "engine {first:?} plays {first_game:?}, engine {engine:?} plays {game:?}"
            ),
            ArenaError::DuplicateName(name) => write!(f, "two engines are named {name:?}"),
            ArenaError::RulesDiffer {
                engine,
                theirs,
                ours,
            } => write!(
                f,
                "engine {engine:?} is for rules {theirs:?}; this tournament plays {ours:?} (--rules)"
            ),
            ArenaError::SprtPlayers { game, players } => write!(
                f,
                "--sprt tests colour-swapped game pairs of two players; {game} has {players}"
            ),
            ArenaError::MatchPlayers { game, players } => write!(
                f,
                "--match-format: {game} has {players} players; matches are for two"
            ),
            ArenaError::SprtWithMatches => {
                f.write_str("--sprt tests game pairs; it does not combine with --match-format")
            }
            ArenaError::AdjudicationPlayers { game, players } => write!(
                f,
                "--resign/--draw/--adjudicate end two-player games; {game} has {players} players"
            ),
            ArenaError::Opening { number, why } => write!(f, "opening {number}: {why}"),
            ArenaError::ForeignGame { path, index } => {
                write!(f, "{path}: game {index} does not belong to this tournament")
            }
            ArenaError::File { doing, path, why } => write!(f, "cannot {doing} {path}: {why}"),
            ArenaError::Malformed { path, why } => write!(f, "{path}: {why}"),
            ArenaError::ShardTwice { dir, shard } => {
                write!(f, "{dir}: shard {}/{} given twice", shard.0, shard.1)
            }
            ArenaError::NotAShard { dir, differs } => write!(
                f,
                "{dir} is not a shard of the same tournament (differs in: {})",
                differs.join(", ")
            ),
            ArenaError::GameInTwoShards(index) => {
                write!(f, "game {index} appears in more than one shard")
            }
            ArenaError::MixedSplits(shards) => write!(f, "shards of different splits: {shards}"),
            ArenaError::NothingToMerge => f.write_str("nothing to merge"),
            ArenaError::MergeTargetHoldsGames(path) => {
                write!(f, "{path} exists; merge into a new directory")
            }
            ArenaError::Other(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for ArenaError {}

impl From<String> for ArenaError {
    fn from(text: String) -> ArenaError {
        ArenaError::Other(text)
    }
}
