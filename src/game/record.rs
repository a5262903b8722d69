//! A game record: enough to replay any game exactly (rules, start, moves) and to read its
//! result without replaying. Written as one JSON line per game by the arena.

use serde::{Deserialize, Serialize};

use super::contract::Game;
use super::error::GameError;
use super::rules::RuleSet;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: String,
    /// The rules as `k=v,k=v`.
    pub rules: String,
    /// The start position in the game's notation.
    pub start: String,
    /// Every move and chance outcome in order, in the game's notation.
    pub moves: Vec<String>,
    /// The return of each seat.
    pub returns: Vec<f64>,
    /// Why the game ended: "terminal", "adjudicated: ...", "illegal move by seat 1", ...
    pub reason: String,
}

impl GameRecord {
    /// Starts a record at `start`.
    pub fn start<G: Game>(start: &G) -> Self {
        GameRecord {
            game: G::ID.to_string(),
            rules: start.rules().to_text(),
            start: start.format_position(),
            moves: Vec::new(),
            returns: Vec::new(),
            reason: String::new(),
        }
    }

    /// Replays the record, checking every move; returns the final state.
    pub fn replay<G: Game>(&self) -> Result<G, GameError> {
        if self.game != G::ID {
            return Err(GameError::Other(format!(
                "record is for {:?}, not {:?}",
                self.game,
                G::ID
            )));
        }
        let rules = G::Rules::parse(&self.rules)?;
        let mut state = G::parse_position(&rules, &self.start)?;
        for mv in &self.moves {
            state.play_text(mv)?;
        }
        Ok(state)
    }
}
