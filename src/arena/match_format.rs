//! Match formats: a scheduled meeting of two engines plays a whole match, "at most N games, the
//! first to W wins takes it, the first move alternating by a fixed sequence, a clock a side a
//! game", instead of one game: the format, parsed and scored, here; its schedule and play in
//! `matches`. Every game of a match is an ordinary arena game, played by the
//! referee (`play_game_with`), so crashes, panics, hangs, illegal moves and lost clocks cost the
//! game exactly as anywhere else; a match only decides which engine takes the first move in its
//! next game and when to stop.
//!
//! Draws (for games that have them, and ply-limit adjudications) count for neither side. A match
//! stops as soon as one side has its wins, or when neither can reach them in the games left; a
//! match that no side won is a drawn match.
//!
//! The seed's EinStein format is a preset here (`ewn7`) rather than in `games::ewn`: it is only
//! numbers (7 games, 4 wins, A first in games 1, 4, 5, 180 s a side), the command-line parser must
//! find it by name without knowing any game, and nothing stops another two-player game from being
//! played in it. What is EinStein-specific, which seat has the "first move" while the players
//! are still setting up, is the game's `Game::first_mover`.

use serde::{Deserialize, Serialize};

use super::time_control::TimeControl;

/// The two sides of a match, 甲 (A) and 乙 (B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Contestant {
    A,
    B,
}

/// How many games a match takes, how many wins decide it, who moves first in each game, and each
/// side's clock for one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchFormat {
    pub max_games: u32,
    pub wins_needed: u32,
    /// Who has the first move in game n (1-based) at index n - 1; `max_games` entries.
    pub first: Vec<Contestant>,
    /// Each side's clock a game; the tournament's clock (`Manifest::time_control`) is this one.
    pub clock: Option<TimeControl>,
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchState {
    /// Game n (1-based) is next.
    Next(u32),
    Won(Contestant),
    /// Nobody can reach the wins needed any more.
    Drawn,
}

/// Games won by each side and drawn games, so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub a: u32,
    pub b: u32,
    pub draws: u32,
}

impl MatchScore {
    pub fn games(&self) -> u32 {
        self.a + self.b + self.draws
    }
    /// Adds a game won by `winner` (None: drawn).
    pub fn add(&mut self, winner: Option<Contestant>) {
        match winner {
            Some(Contestant::A) => self.a += 1,
            Some(Contestant::B) => self.b += 1,
            None => self.draws += 1,
        }
    }
}

impl MatchFormat {
    /// The seed's EinStein würfelt nicht match (每轮双方对阵最多7盘，甲方一四五盘先手，乙方
    /// 二三六七盘先手，先胜4盘为胜方; 每盘每方用时3分钟): at most seven games, first to four, A
    /// moves first in games 1, 4, 5 and B in 2, 3, 6, 7, three minutes a side a game.
    pub fn ewn7() -> MatchFormat {
        use Contestant::{A, B};
        MatchFormat {
            max_games: 7,
            wins_needed: 4,
            first: vec![A, B, B, A, A, B, B],
            clock: Some(TimeControl {
                base_ms: 180_000,
                increment_ms: 0,
            }),
        }
    }

    /// Parses `single` (plain games: None), a preset (`ewn7`), `games=N,wins=W,first=ABBA..,
    /// clock=SECONDS[+INC]|none`, or a preset followed by such options (`ewn7,clock=none`).
    /// Without `first` the first move alternates A, B, A, ...; without `wins` a majority decides.
    pub fn parse(text: &str) -> Result<Option<MatchFormat>, String> {
        let bad = |why: String| format!("match format {text:?}: {why}");
        let mut parts = text.split(',').map(str::trim).peekable();
        let mut games: Option<u32> = None;
        let mut wins: Option<u32> = None;
        let mut first: Option<Vec<Contestant>> = None;
        let mut clock: Option<Option<TimeControl>> = None;
        let mut base: Option<MatchFormat> = None;
        match parts.peek() {
            Some(&"single") | Some(&"") | None => {
                if text.trim().is_empty() || text.trim() == "single" {
                    return Ok(None);
                }
                return Err(bad("`single` takes no options".into()));
            }
            Some(&"ewn7") => {
                base = Some(MatchFormat::ewn7());
                parts.next();
            }
            Some(p) if !p.contains('=') => {
                return Err(bad(format!("unknown preset {p:?} (known: single, ewn7)")))
            }
            Some(_) => {}
        }
        for part in parts {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| bad(format!("{part:?} is not key=value")))?;
            let number = |v: &str| -> Result<u32, String> {
                v.trim()
                    .parse()
                    .map_err(|_| bad(format!("{k}={v:?} is not a number")))
            };
            match k.trim() {
                "games" => games = Some(number(v)?),
                "wins" => wins = Some(number(v)?),
                "first" => {
                    first = Some(
                        v.trim()
                            .chars()
                            .map(|c| match c.to_ascii_uppercase() {
                                'A' => Ok(Contestant::A),
                                'B' => Ok(Contestant::B),
                                _ => Err(bad(format!("first={v:?}: one A or B a game"))),
                            })
                            .collect::<Result<_, _>>()?,
                    )
                }
                "clock" => {
                    clock = Some(if v.trim() == "none" {
                        None
                    } else {
                        Some(TimeControl::parse(v).map_err(bad)?)
                    })
                }
                other => {
                    return Err(bad(format!(
                        "unknown option {other:?} (known: games, wins, first, clock)"
                    )))
                }
            }
        }
        let base_games = base.as_ref().map(|b| b.max_games);
        let max_games = games
            .or(first.as_ref().map(|f| f.len() as u32))
            .or(base_games)
            .ok_or_else(|| bad("say how many games: games=N".into()))?;
        if !(1..=1000).contains(&max_games) {
            return Err(bad(format!("games={max_games} must be 1..=1000")));
        }
        let first = match first {
            Some(f) => f,
            None => match &base {
                Some(b) if b.max_games == max_games => b.first.clone(),
                _ => (0..max_games)
                    .map(|i| {
                        if i % 2 == 0 {
                            Contestant::A
                        } else {
                            Contestant::B
                        }
                    })
                    .collect(),
            },
        };
        if first.len() != max_games as usize {
            return Err(bad(format!(
                "first names {} games, the match has {max_games}",
                first.len()
            )));
        }
        let wins_needed = wins
            .or(base
                .as_ref()
                .filter(|b| b.max_games == max_games)
                .map(|b| b.wins_needed))
            .unwrap_or(max_games / 2 + 1);
        if !(1..=max_games).contains(&wins_needed) {
            return Err(bad(format!("wins={wins_needed} must be 1..={max_games}")));
        }
        let clock = clock.unwrap_or(base.and_then(|b| b.clock));
        Ok(Some(MatchFormat {
            max_games,
            wins_needed,
            first,
            clock,
        }))
    }

    /// The text `parse` reads back.
    pub fn to_text(&self) -> String {
        let clock = match self.clock {
            None => "none".to_string(),
            Some(tc) => format!(
                "{}+{}",
                tc.base_ms as f64 / 1000.0,
                tc.increment_ms as f64 / 1000.0
            ),
        };
        let first: String = self
            .first
            .iter()
            .map(|c| match c {
                Contestant::A => 'A',
                Contestant::B => 'B',
            })
            .collect();
        format!(
            "games={},wins={},first={first},clock={clock}",
            self.max_games, self.wins_needed
        )
    }

    /// Who has the first move in game `game` (1-based); None outside the match.
    pub fn first_mover(&self, game: u32) -> Option<Contestant> {
        let i = (game as usize).checked_sub(1)?;
        self.first.get(i).copied()
    }

    pub fn state(&self, s: &MatchScore) -> MatchState {
        if s.a >= self.wins_needed {
            return MatchState::Won(Contestant::A);
        }
        if s.b >= self.wins_needed {
            return MatchState::Won(Contestant::B);
        }
        let left = self.max_games.saturating_sub(s.games());
        if left == 0 || (s.a + left < self.wins_needed && s.b + left < self.wins_needed) {
            return MatchState::Drawn;
        }
        MatchState::Next(s.games() + 1)
    }
}
