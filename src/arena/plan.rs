//! A tournament as asked for, and the one place it is checked and built into its `Manifest`:
//! `boardlab tournament` and the tuners' iterations (`tune::spsa`) both come through here, so
//! a rule of what makes a tournament (engines of one game with distinct names and the game's
//! rules, loadable openings, an SPRT or matches only between two players) holds for both.

use std::path::PathBuf;

use super::adjudicate::Adjudication;
use super::error::ArenaError;
use super::manifest::{Manifest, TimeControl};
use super::match_format::MatchFormat;
use super::openings::{opening_state, parse_openings, try_random_openings};
use super::referee::make_agent;
use super::schedule::Format;
use super::sprt::SprtParams;
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::RuleSet;

/// Where a tournament's openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// One position a line in the game's notation.
    File(PathBuf),
    /// Random openings of this many plies, one a round, drawn from the tournament's seed.
    Random { plies: usize },
}

/// A tournament before it is checked: the manifest's settings as given.
#[derive(Clone, Debug)]
pub struct TournamentPlan {
    /// The rules' text, `k=v,k=v` (empty: the standard game).
    pub rules: String,
    pub engines: Vec<EngineSpec>,
    pub format: Format,
    pub games_per_encounter: usize,
    pub openings: OpeningSource,
    pub seed: u64,
    pub max_plies: usize,
    pub time_control: Option<TimeControl>,
    pub time_margin_ms: u64,
    pub move_ceiling_ms: u64,
    pub sprt: Option<SprtParams>,
    pub shard: Option<(usize, usize)>,
    /// Under a match format without a clock of its own, the games' clock is `time_control`;
    /// with one, `time_control` (when given) replaces it.
    pub match_format: Option<MatchFormat>,
    pub adjudication: Adjudication,
}

/// The game the engine files are for: they must agree, and no two may share a name.
pub fn engines_game(engines: &[EngineSpec]) -> Result<String, ArenaError> {
    let first = engines
        .first()
        .ok_or_else(|| ArenaError::Other("a tournament needs engines".into()))?;
    for e in engines {
        if e.game != first.game {
            return Err(ArenaError::GamesDiffer {
                first: first.name.clone(),
                first_game: first.game.clone(),
                engine: e.name.clone(),
                game: e.game.clone(),
            });
        }
    }
    let mut names = std::collections::BTreeSet::new();
    for e in engines {
        if !names.insert(e.name.clone()) {
            return Err(ArenaError::DuplicateName(e.name.clone()));
        }
    }
    Ok(first.game.clone())
}

impl Manifest {
    /// The manifest of `plan` for game `G`, checked: every engine is buildable and for these
    /// rules, every opening loads, an SPRT, a match format and adjudication are for two-player
    /// games (and an SPRT is not combined with matches). The first thing wrong is the error.
    pub fn build<G: GameKnowledge>(plan: TournamentPlan) -> Result<Manifest, ArenaError> {
        engines_game(&plan.engines)?;
        let rules = G::Rules::parse(&plan.rules).map_err(|e| ArenaError::Other(e.to_string()))?;
        let players = G::new(&rules).num_players();
        let two_players = |error: fn(String, usize) -> ArenaError| {
            if players == 2 {
                Ok(())
            } else {
                Err(error(G::ID.to_string(), players))
            }
        };
        if plan.sprt.is_some() {
            two_players(|game, players| ArenaError::SprtPlayers { game, players })?;
        }
        // An engine file that names rules must name these (it was tuned or solved for them).
        for e in &plan.engines {
            let theirs = e.check_rules::<G>()?;
            if !e.rules.trim().is_empty() && theirs != rules {
                return Err(ArenaError::RulesDiffer {
                    engine: e.name.clone(),
                    theirs: theirs.to_text(),
                    ours: rules.to_text(),
                });
            }
        }
        // Catch unknown back ends, bad params and weights, unknown protocols and empty commands
        // before any game is played.
        for e in &plan.engines {
            make_agent::<G>(e, 0)?;
        }
        let rounds = plan.games_per_encounter.div_ceil(players).max(1);
        let (opening_source, openings) = match &plan.openings {
            OpeningSource::File(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                (
                    format!("file {}", path.display()),
                    parse_openings::<G>(&rules, &text)?,
                )
            }
            OpeningSource::Random { plies } => (
                format!("random {plies} plies"),
                try_random_openings::<G>(&rules, *plies, rounds, plan.seed)?,
            ),
        };
        for (i, o) in openings.iter().enumerate() {
            opening_state::<G>(&rules.to_text(), o)
                .map_err(|why| ArenaError::Opening { number: i + 1, why })?;
        }
        let mut match_format = plan.match_format;
        let mut time_control = plan.time_control;
        if let Some(f) = &mut match_format {
            two_players(|game, players| ArenaError::MatchPlayers { game, players })?;
            if plan.sprt.is_some() {
                return Err(ArenaError::SprtWithMatches);
            }
            // One clock for the games: the tournament's if given, else the format's.
            if time_control.is_none() {
                time_control = f.clock;
            }
            f.clock = time_control;
        }
        if !plan.adjudication.is_off() {
            two_players(|game, players| ArenaError::AdjudicationPlayers { game, players })?;
        }
        Ok(Manifest {
            game: G::ID.to_string(),
            rules: rules.to_text(),
            engines: plan.engines,
            format: plan.format,
            games_per_encounter: plan.games_per_encounter,
            opening_source,
            openings,
            seed: plan.seed,
            max_plies: plan.max_plies,
            time_control,
            time_margin_ms: plan.time_margin_ms,
            move_ceiling_ms: plan.move_ceiling_ms,
            sprt: plan.sprt,
            shard: plan.shard,
            players,
            match_format,
            adjudication: plan.adjudication,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::manifest::{random_engine_for_tests, DEFAULT_MOVE_CEILING_MS};
    use crate::games::othello::Othello;

    fn plan(engines: Vec<EngineSpec>) -> TournamentPlan {
        TournamentPlan {
            rules: String::new(),
            engines,
            format: Format::RoundRobin,
            games_per_encounter: 4,
            openings: OpeningSource::Random { plies: 2 },
            seed: 1,
            max_plies: 100,
            time_control: None,
            time_margin_ms: 50,
            move_ceiling_ms: DEFAULT_MOVE_CEILING_MS,
            sprt: None,
            shard: None,
            match_format: None,
            adjudication: Adjudication::default(),
        }
    }

    #[test]
    fn engines_of_one_game_with_distinct_names() {
        let a = random_engine_for_tests("a", "othello");
        let b = random_engine_for_tests("b", "othello");
        assert_eq!(engines_game(&[a.clone(), b.clone()]), Ok("othello".into()));
        assert_eq!(
            engines_game(&[a.clone(), a.clone()])
                .unwrap_err()
                .to_string(),
            "two engines are named \"a\""
        );
        let c = random_engine_for_tests("c", "connect4");
        assert_eq!(
            engines_game(&[a, c]).unwrap_err().to_string(),
            "engine \"a\" plays \"othello\", engine \"c\" plays \"connect4\""
        );
    }

    #[test]
    fn a_built_manifest_has_one_opening_a_round() {
        let engines = vec![
            random_engine_for_tests("a", "othello"),
            random_engine_for_tests("b", "othello"),
        ];
        let m = Manifest::build::<Othello>(plan(engines)).unwrap();
        assert_eq!((m.players, m.openings.len()), (2, 2));
        assert_eq!(m.opening_source, "random 2 plies");
    }
}
