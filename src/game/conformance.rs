//! The checks every game must pass, run the same way for all of them (as OpenSpiel tests every
//! game): random games from the start, and at every position the contract's promises.
//!
//! - `turn()` agrees with `legal_moves` / `chance_outcomes` (non-empty exactly at its node kind);
//! - chance probabilities are positive and sum to 1;
//! - the incremental hash equals the from-scratch hash;
//! - the position text parses back to the same position (same text, same hash, same moves);
//! - every legal move's text parses back to the same move, and `play_text` accepts it;
//! - garbage move texts are refused with an error, not a panic;
//! - a finished game has one return per seat.

use rand::{Rng, SeedableRng};

use super::contract::{Game, Turn};
use super::movelist::MoveList;
use super::playout::sample_outcome;

/// What a conformance run covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    pub games: usize,
    pub positions: usize,
    pub chance_nodes: usize,
    pub terminals: usize,
}

/// Plays `games` random games from `start` (at most `max_plies` each) and checks every position.
/// Returns an error describing the first broken promise, with the position text.
pub fn check_random_games<G: Game>(
    start: &G,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Result<Coverage, String> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut cov = Coverage::default();
    for _ in 0..games {
        let mut state = start.clone();
        cov.games += 1;
        for _ in 0..max_plies {
            cov.positions += 1;
            check_position(&state)?;
            match state.turn() {
                Turn::Terminal => {
                    cov.terminals += 1;
                    break;
                }
                Turn::Chance => {
                    cov.chance_nodes += 1;
                    let mut outcomes = Vec::new();
                    state.chance_outcomes(&mut outcomes);
                    let mv = sample_outcome(&outcomes, &mut rng);
                    state.play(mv);
                }
                Turn::Player(_) => {
                    let mut moves = MoveList::new();
                    state.legal_moves(&mut moves);
                    let mv = moves[rng.gen_range(0..moves.len())];
                    state.play(mv);
                }
            }
        }
    }
    Ok(cov)
}

/// Checks the contract's promises at one position.
pub fn check_position<G: Game>(state: &G) -> Result<(), String> {
    let text = state.format_position();
    let fail = |what: String| Err(format!("{}: {what} at position {text:?}", G::ID));

    if state.hash() != state.hash_from_scratch() {
        return fail(format!(
            "incremental hash {:#x} != from-scratch {:#x}",
            state.hash(),
            state.hash_from_scratch()
        ));
    }
    let parsed = match G::parse_position(state.rules(), &text) {
        Ok(p) => p,
        Err(e) => return fail(format!("its own text does not parse: {e}")),
    };
    if parsed.format_position() != text {
        return fail(format!(
            "text does not round-trip: reads back as {:?}",
            parsed.format_position()
        ));
    }
    if parsed.hash() != state.hash() {
        return fail("parsed position has a different hash".into());
    }

    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    match state.turn() {
        Turn::Player(p) => {
            if p >= state.num_players() {
                return fail(format!(
                    "player {p} to move in a {}-player game",
                    state.num_players()
                ));
            }
            if moves.is_empty() {
                return fail("a decision node without legal moves".into());
            }
            if !outcomes.is_empty() {
                return fail("a decision node with chance outcomes".into());
            }
            if state.count_legal_moves() != moves.len() {
                return fail(format!(
                    "count_legal_moves {} != {} generated",
                    state.count_legal_moves(),
                    moves.len()
                ));
            }
            let mut parsed_moves = MoveList::new();
            parsed.legal_moves(&mut parsed_moves);
            if parsed_moves != moves {
                return fail("the parsed position has other legal moves".into());
            }
            let mut seen = std::collections::HashSet::new();
            for &mv in &moves {
                if !seen.insert(mv) {
                    return fail(format!("move {:?} generated twice", state.format_move(mv)));
                }
                check_move_text(state, mv)?;
            }
        }
        Turn::Chance => {
            if outcomes.is_empty() || !moves.is_empty() {
                return fail("a chance node must list outcomes and no moves".into());
            }
            let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
            if (total - 1.0).abs() > 1e-9 || outcomes.iter().any(|(_, p)| *p <= 0.0) {
                return fail(format!("chance probabilities sum to {total}"));
            }
            for &(mv, _) in &outcomes {
                check_move_text(state, mv)?;
            }
        }
        Turn::Terminal => {
            if !moves.is_empty() || !outcomes.is_empty() {
                return fail("a finished game with moves".into());
            }
            if state.returns().players != state.num_players() {
                return fail("returns do not have one value per seat".into());
            }
        }
    }
    for garbage in ["", "zz99", "?", "\u{0}", "999999999999999999999"] {
        let mut copy = state.clone();
        if let Ok(mv) = copy.play_text(garbage) {
            return fail(format!(
                "garbage move text {garbage:?} was accepted as {:?}",
                state.format_move(mv)
            ));
        }
    }
    Ok(())
}

fn check_move_text<G: Game>(state: &G, mv: G::Move) -> Result<(), String> {
    let text = state.format_move(mv);
    match state.parse_move(&text) {
        Ok(back) if back == mv => {}
        Ok(_) => {
            return Err(format!(
                "{}: move text {text:?} parses to another move at {:?}",
                G::ID,
                state.format_position()
            ))
        }
        Err(e) => return Err(format!("{}: move text {text:?} does not parse: {e}", G::ID)),
    }
    let mut copy = state.clone();
    copy.play_text(&text)
        .map_err(|e| format!("{}: play_text({text:?}) refused a legal move: {e}", G::ID))?;
    Ok(())
}
