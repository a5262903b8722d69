//! Match formats: a scheduled meeting of two engines plays a whole match, "at most N games, the
//! first to W wins takes it, the first move alternating by a fixed sequence, a clock a side a
//! game", instead of one game. Every game of a match is an ordinary arena game, played by the
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

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::manifest::{Manifest, TimeControl};
use super::openings::opening_state;
use super::record::ArenaRecord;
use super::referee::{play_game_with, AgentFactory};
use super::schedule::{encounters, game_seed, GameSpec};
use crate::eval::Evaluate;
use crate::game::{Game, PlayerId};

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

/// One scheduled match: engines by contestant, the opening every game starts from, the seed
/// its games' seeds come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSpec {
    /// Position in the match schedule, 0-based.
    pub index: usize,
    /// Two matches a block, the engines swapping A and B, from the same opening.
    pub block: usize,
    /// Engine indices of A and B.
    pub a: usize,
    pub b: usize,
    pub opening: usize,
    pub seed: u64,
}

impl MatchSpec {
    /// Game `n` (1-based) of this match: the first mover's engine takes `first_seat`, the game
    /// index is `index * max_games + n - 1` (unique, and fixed before anything is played).
    pub fn game(&self, f: &MatchFormat, n: u32, first_seat: PlayerId) -> GameSpec {
        let (first, second) = match f.first_mover(n).expect("game number within the match") {
            Contestant::A => (self.a, self.b),
            Contestant::B => (self.b, self.a),
        };
        let mut seats = vec![second; 2];
        seats[first_seat] = first;
        GameSpec {
            index: self.index * f.max_games as usize + n as usize - 1,
            block: self.block,
            seats,
            opening: self.opening,
            seed: game_seed(self.seed, n as u64),
        }
    }

    /// The contestant who won game `rec` (higher return), None for a draw.
    pub fn winner(&self, rec: &ArenaRecord) -> Option<Contestant> {
        let s = rec.score_between(0, 1);
        let winner_seat = if s == 1.0 {
            0
        } else if s == 0.0 {
            1
        } else {
            return None;
        };
        Some(if rec.seats[winner_seat] == self.a {
            Contestant::A
        } else {
            Contestant::B
        })
    }

    pub fn score(&self, games: &[ArenaRecord]) -> MatchScore {
        let mut s = MatchScore::default();
        for g in games {
            s.add(self.winner(g));
        }
        s
    }
}

/// Every match of the tournament: for each round and each pair of engines, a block of two
/// matches (A and B swapped) from the round's opening; `games_per_encounter` counts matches here,
/// rounded up to whole blocks.
pub fn match_schedule(m: &Manifest) -> Vec<MatchSpec> {
    let groups = encounters(m.engines.len(), 2, m.format);
    let rounds = m.games_per_encounter.div_ceil(2).max(1);
    let mut out = Vec::new();
    for round in 0..rounds {
        for (e, group) in groups.iter().enumerate() {
            let block = round * groups.len() + e;
            for swap in 0..2 {
                let index = out.len();
                out.push(MatchSpec {
                    index,
                    block,
                    a: group[swap],
                    b: group[1 - swap],
                    opening: round % m.openings.len().max(1),
                    seed: game_seed(m.seed, index as u64),
                });
            }
        }
    }
    out
}

/// This directory's matches: its shard (whole blocks, block mod N = i - 1).
pub fn planned_matches(m: &Manifest) -> Vec<MatchSpec> {
    let all = match_schedule(m);
    match m.shard {
        Some((i, n)) => all.into_iter().filter(|s| s.block % n == i - 1).collect(),
        None => all,
    }
}

/// The seat with the first move from opening `opening` (seat 0 if the game ends before a move).
pub fn first_seat<G: Game>(m: &Manifest, opening: usize) -> PlayerId {
    opening_state::<G>(&m.rules, &m.openings[opening])
        .expect("openings are checked when the tournament starts")
        .first_mover()
        .unwrap_or(0)
}

/// Plays the rest of match `ms` after its recorded games `played` (in game order): each game by
/// the referee, one after another until the format decides. `on_game` receives every new record
/// and returns false to stop early (the tournament is stopping); returns whether it finished.
pub fn play_match_with<G: Evaluate>(
    m: &Manifest,
    ms: &MatchSpec,
    played: &[ArenaRecord],
    make: AgentFactory<G>,
    on_game: &mut dyn FnMut(ArenaRecord) -> bool,
) -> bool {
    let f = m.match_format.as_ref().expect("a match format");
    let seat = first_seat::<G>(m, ms.opening);
    let mut score = ms.score(played);
    while let MatchState::Next(n) = f.state(&score) {
        let mut rec = play_game_with::<G>(m, &ms.game(f, n, seat), make);
        rec.match_index = Some(ms.index);
        rec.match_game = Some(n);
        score.add(ms.winner(&rec));
        if !on_game(rec) {
            return false;
        }
    }
    true
}

/// Checks the recorded games against the planned matches (right match, game number, seats and
/// seed; games 1..k without gaps; nothing after the match was decided) and returns every match
/// with its recorded games in order.
pub fn matches_with_games<G: Game>(
    m: &Manifest,
    planned: &[MatchSpec],
    games: &[ArenaRecord],
) -> Result<Vec<(MatchSpec, Vec<ArenaRecord>)>, String> {
    let f = m.match_format.as_ref().expect("a match format");
    let mut by_match: BTreeMap<usize, (MatchSpec, Vec<ArenaRecord>)> = planned
        .iter()
        .map(|s| (s.index, (s.clone(), Vec::new())))
        .collect();
    let mut seats_cache: BTreeMap<usize, PlayerId> = BTreeMap::new();
    let mut sorted: Vec<&ArenaRecord> = games.iter().collect();
    sorted.sort_by_key(|g| (g.match_index, g.match_game));
    for g in sorted {
        let alien = || format!("game {} does not belong to this tournament", g.index);
        let (Some(mi), Some(n)) = (g.match_index, g.match_game) else {
            return Err(alien());
        };
        let (spec, list) = by_match.get_mut(&mi).ok_or_else(alien)?;
        let seat = *seats_cache
            .entry(spec.opening)
            .or_insert_with(|| first_seat::<G>(m, spec.opening));
        if f.state(&spec.score(list)) != MatchState::Next(n) {
            return Err(format!(
                "game {} is game {n} of match {mi}, which is over or misses earlier games",
                g.index
            ));
        }
        let want = spec.game(f, n, seat);
        if (want.index, &want.seats, want.seed) != (g.index, &g.seats, g.seed) {
            return Err(alien());
        }
        list.push(g.clone());
    }
    Ok(by_match.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Contestant::{A, B};

    fn score(a: u32, b: u32, draws: u32) -> MatchScore {
        MatchScore { a, b, draws }
    }

    #[test]
    fn the_ewn_preset_follows_the_seed() {
        let f = MatchFormat::ewn7();
        let firsts: Vec<Contestant> = (1..=7).map(|g| f.first_mover(g).unwrap()).collect();
        assert_eq!(firsts, [A, B, B, A, A, B, B]);
        assert_eq!(f.first_mover(0), None);
        assert_eq!(f.first_mover(8), None);
        assert_eq!(f.clock.unwrap().base_ms, 180_000);
        assert_eq!(MatchFormat::parse("ewn7").unwrap(), Some(f.clone()));
        assert_eq!(MatchFormat::parse(&f.to_text()).unwrap(), Some(f.clone()));
        assert_eq!(MatchFormat::parse("single").unwrap(), None);
        let no_clock = MatchFormat::parse("ewn7,clock=none").unwrap().unwrap();
        assert_eq!((no_clock.clock, no_clock.first), (None, f.first));
    }

    #[test]
    fn a_match_is_decided_at_the_wins_needed_or_drawn_when_out_of_reach() {
        let f = MatchFormat::ewn7();
        assert_eq!(f.state(&score(0, 0, 0)), MatchState::Next(1));
        assert_eq!(f.state(&score(3, 3, 0)), MatchState::Next(7));
        assert_eq!(f.state(&score(4, 0, 0)), MatchState::Won(A));
        assert_eq!(f.state(&score(2, 4, 0)), MatchState::Won(B));
        assert_eq!(f.state(&score(4, 3, 0)), MatchState::Won(A));
        // Draws count for neither: 3-3 with a draw has no game left.
        assert_eq!(f.state(&score(3, 2, 1)), MatchState::Next(7));
        assert_eq!(f.state(&score(3, 3, 1)), MatchState::Drawn);
        // 2-2 after six games (two draws): nobody can reach four in the last game.
        assert_eq!(f.state(&score(2, 2, 2)), MatchState::Drawn);
        assert_eq!(f.state(&score(0, 0, 4)), MatchState::Drawn);
        assert_eq!(f.state(&score(0, 0, 3)), MatchState::Next(4));
    }

    #[test]
    fn custom_formats_parse_and_bad_text_is_refused() {
        let f = MatchFormat::parse("games=3,clock=10+0.5").unwrap().unwrap();
        assert_eq!((f.max_games, f.wins_needed), (3, 2));
        assert_eq!(f.first, [A, B, A]);
        assert_eq!(f.clock.unwrap().increment_ms, 500);
        assert_eq!(MatchFormat::parse(&f.to_text()).unwrap(), Some(f));
        let g = MatchFormat::parse("first=BBA,wins=1").unwrap().unwrap();
        assert_eq!((g.max_games, g.wins_needed, g.clock), (3, 1, None));
        for bad in [
            "ewn9",
            "games=0",
            "games=3,first=AB",
            "games=3,wins=4",
            "first=AXB",
            "ewn7,speed=2",
            "single,games=3",
            "clock=1",
        ] {
            let e = MatchFormat::parse(bad).unwrap_err();
            assert!(e.contains(bad), "{e}");
        }
    }

    #[test]
    fn games_of_a_match_seat_the_first_mover_and_stay_unique() {
        let f = MatchFormat::ewn7();
        let ms = MatchSpec {
            index: 3,
            block: 1,
            a: 1,
            b: 0,
            opening: 0,
            seed: 5,
        };
        for first_seat in 0..2 {
            for n in 1..=7 {
                let g = ms.game(&f, n, first_seat);
                let want = if [1, 4, 5].contains(&n) { 1 } else { 0 };
                assert_eq!(g.seats[first_seat], want, "game {n}");
                assert_eq!(g.seats[1 - first_seat], 1 - want);
                assert_eq!(g.index, 21 + n as usize - 1);
            }
        }
        assert_ne!(ms.game(&f, 1, 0).seed, ms.game(&f, 2, 0).seed);
    }

    /// A panicking agent loses every game of its matches; the matches end 4-0 and the
    /// recorded games check out against the schedule (and a gap or an extra game does not).
    #[test]
    fn a_panicking_engine_loses_its_matches_game_by_game() {
        use crate::agent::Agent;
        use crate::arena::manifest::random_engine_for_tests;
        use crate::arena::openings::random_openings;
        use crate::engine_file::EngineSpec;
        use crate::games::othello::Othello;
        use crate::search::baselines::RandomAgent;
        let spec = |name: &str| random_engine_for_tests(name, "othello");
        let m = Manifest {
            opening_source: "random 2 plies".into(),
            match_format: Some(MatchFormat::ewn7()),
            ..Manifest::for_tests(
                "othello",
                "",
                vec![spec("random"), spec("panics")],
                random_openings::<Othello>(&Default::default(), 2, 1, 3),
                3,
            )
        };
        struct Panics;
        impl Agent<Othello> for Panics {
            fn name(&self) -> String {
                "panics".into()
            }
            fn choose(
                &mut self,
                _: &Othello,
                _: &crate::agent::Limits,
            ) -> Result<
                crate::agent::SearchReport<crate::games::othello::OthelloMove>,
                crate::agent::AgentError,
            > {
                panic!("deliberate test panic")
            }
        }
        let make = |e: &EngineSpec, seed: u64| -> Result<Box<dyn Agent<Othello>>, String> {
            Ok(match e.name.as_str() {
                "random" => Box::new(RandomAgent::new("random", seed)),
                _ => Box::new(Panics),
            })
        };
        let planned = match_schedule(&m);
        let mut all = Vec::new();
        for ms in &planned {
            let mut games = Vec::new();
            play_match_with::<Othello>(&m, ms, &[], &make, &mut |r| {
                games.push(r);
                true
            });
            assert_eq!(games.len(), 4);
            for g in &games {
                assert_eq!(g.engines[g.fault.unwrap()], "panics");
                assert!(g.game.reason.contains("deliberate test panic"));
            }
            let s = ms.score(&games);
            let random_is_a = ms.a == 0;
            assert_eq!((s.a, s.b), if random_is_a { (4, 0) } else { (0, 4) });
            all.extend(games);
        }
        let checked = matches_with_games::<Othello>(&m, &planned, &all).unwrap();
        assert!(checked.iter().all(|(_, g)| g.len() == 4));
        // Game 2 missing while game 3 is there: refused.
        let mut gap = all.clone();
        gap.remove(1);
        assert!(matches_with_games::<Othello>(&m, &planned, &gap).is_err());
        // A fifth game after the match was decided: refused.
        let mut extra = all.clone();
        let mut fifth = all[3].clone();
        fifth.match_game = Some(5);
        fifth.index += 1;
        extra.push(fifth);
        assert!(matches_with_games::<Othello>(&m, &planned, &extra).is_err());
    }
}
