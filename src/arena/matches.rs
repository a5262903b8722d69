//! Matches played: the schedule of a tournament's matches (`MatchSpec`) and a match played
//! game after game by the referee, under a `match_format::MatchFormat`. Apart from the format
//! itself, which the manifest holds, so the manifest, the format and the referee import no
//! circle of each other.

use std::collections::BTreeMap;

use super::manifest::Manifest;
use super::match_format::{Contestant, MatchFormat, MatchScore, MatchState};
use super::openings::opening_state;
use super::record::ArenaRecord;
use super::referee::{play_game_with, AgentFactory};
use super::schedule::{encounters, game_seed, GameSpec};
use crate::eval::GameKnowledge;
use crate::game::{Game, PlayerId};

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
pub fn play_match_with<G: GameKnowledge>(
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
