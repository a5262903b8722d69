//! Openings: the start of every game pair. Either random openings of P plies drawn from a seed
//! (one per round), or positions read from a file, one per line.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::game::{playout::sample_outcome, Game, MoveList, RuleSet, Turn};

/// A start position and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    pub start: String,
    pub moves: Vec<String>,
}

/// `count` random openings of `plies` plies from the start position (chance nodes drawn too).
/// A line that ends the game early is redrawn, so every opening leaves a game to play. Where no
/// line of that length is found (more plies than the game lasts), the opening is the start
/// position; `try_random_openings` refuses instead (the command line uses it).
pub fn random_openings<G: Game>(
    rules: &G::Rules,
    plies: usize,
    count: usize,
    seed: u64,
) -> Vec<Opening> {
    let start = G::new(rules).format_position();
    draw_openings::<G>(rules, plies, count, seed)
        .into_iter()
        .map(|o| {
            o.unwrap_or_else(|| Opening {
                start: start.clone(),
                moves: Vec::new(),
            })
        })
        .collect()
}

/// `random_openings`, but an opening that cannot be drawn is an error saying so.
pub fn try_random_openings<G: Game>(
    rules: &G::Rules,
    plies: usize,
    count: usize,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    // One impossible length fails every round alike: try the first round before all of them.
    let first = draw_openings::<G>(rules, plies, count.min(1), seed);
    if first.iter().any(Option::is_none) {
        return Err(format!(
            "--random-openings {plies}: no random line of {plies} plies leaves a {} game to play \
             (1000 tries); give fewer plies",
            G::ID
        ));
    }
    draw_openings::<G>(rules, plies, count, seed)
        .into_iter()
        .enumerate()
        .map(|(i, o)| {
            o.ok_or_else(|| {
                format!(
                    "--random-openings {plies}: round {} found no line of {plies} plies",
                    i + 1
                )
            })
        })
        .collect()
}

/// The random openings, `None` where 1000 tries found no line of `plies` plies that leaves a
/// game to play.
fn draw_openings<G: Game>(
    rules: &G::Rules,
    plies: usize,
    count: usize,
    seed: u64,
) -> Vec<Option<Opening>> {
    let start = G::new(rules);
    (0..count)
        .map(|i| {
            for attempt in 0..1000u64 {
                let mut rng = ChaCha8Rng::seed_from_u64(super::schedule::game_seed(
                    seed ^ 0x0bee_0bee,
                    ((i as u64) << 16) | attempt,
                ));
                let mut state = start.clone();
                let mut moves = Vec::with_capacity(plies);
                for _ in 0..plies {
                    match random_move(&state, &mut rng) {
                        Some(mv) => {
                            moves.push(state.format_move(mv));
                            state.play(mv);
                        }
                        None => break,
                    }
                }
                if moves.len() == plies && !state.is_terminal() {
                    return Some(Opening {
                        start: start.format_position(),
                        moves,
                    });
                }
            }
            None
        })
        .collect()
}

/// A uniform legal move, or a chance outcome drawn by its probability; None at the end.
fn random_move<G: Game>(state: &G, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    use rand::Rng;
    match state.turn() {
        Turn::Terminal => None,
        Turn::Chance => {
            let mut out = Vec::new();
            state.chance_outcomes(&mut out);
            Some(sample_outcome(&out, rng))
        }
        Turn::Player(_) => {
            let mut ms = MoveList::new();
            state.legal_moves(&mut ms);
            Some(ms[rng.gen_range(0..ms.len())])
        }
    }
}

/// Reads openings from text: one position a line in the game's notation, blank lines and lines
/// starting with `#` skipped. Every position is checked; a bad one is an error naming its line.
pub fn parse_openings<G: Game>(rules: &G::Rules, text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let state =
            G::parse_position(rules, line).map_err(|e| format!("openings line {}: {e}", n + 1))?;
        if state.is_terminal() {
            return Err(format!("openings line {}: the game is already over", n + 1));
        }
        out.push(Opening {
            start: state.format_position(),
            moves: Vec::new(),
        });
    }
    if out.is_empty() {
        return Err("the openings file holds no position".into());
    }
    Ok(out)
}

/// The position an opening leads to.
pub fn opening_state<G: Game>(rules_text: &str, opening: &Opening) -> Result<G, String> {
    let rules = G::Rules::parse(rules_text).map_err(|e| e.to_string())?;
    // The usual start needs no parsing (and games whose positions do not parse can still play).
    let initial = G::new(&rules);
    let mut state = if opening.start == initial.format_position() {
        initial
    } else {
        G::parse_position(&rules, &opening.start).map_err(|e| e.to_string())?
    };
    for mv in &opening.moves {
        state.play_text(mv).map_err(|e| e.to_string())?;
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::Othello;

    #[test]
    fn random_openings_are_seeded_and_replay() {
        let rules = Default::default();
        let a = random_openings::<Othello>(&rules, 6, 5, 1);
        assert_eq!(a, random_openings::<Othello>(&rules, 6, 5, 1));
        assert_ne!(a, random_openings::<Othello>(&rules, 6, 5, 2));
        for o in &a {
            assert_eq!(o.moves.len(), 6);
            opening_state::<Othello>("", o).unwrap();
        }
    }

    #[test]
    fn openings_longer_than_the_game_are_refused() {
        let rules = Default::default();
        let e = try_random_openings::<Othello>(&rules, 100, 3, 1).unwrap_err();
        assert!(e.contains("--random-openings 100"), "{e}");
        assert_eq!(
            try_random_openings::<Othello>(&rules, 6, 5, 1).unwrap(),
            random_openings::<Othello>(&rules, 6, 5, 1)
        );
    }

    #[test]
    fn file_openings_are_checked() {
        let rules = Default::default();
        let start = Othello::new(&rules).format_position();
        let ok = parse_openings::<Othello>(&rules, &format!("# c\n\n{start}\n")).unwrap();
        assert_eq!(ok.len(), 1);
        let err = parse_openings::<Othello>(&rules, "nonsense\n").unwrap_err();
        assert!(err.contains("line 1"), "{err}");
    }
}
