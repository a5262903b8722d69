//! Perft: count the leaves of the game tree to a fixed depth, the standard proof that move
//! generation is right. Generic over the contract, with bulk counting at the last ply.

use super::contract::{Game, Turn};
use super::movelist::MoveList;

/// How the tree is counted where published tables disagree (Othello: Aart Bik's table is A,
/// OEIS A124004 and Edax's `count games` B, Egaroucid's second mode C).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PerftConvention {
    /// A pass is a ply; a game that ends before the depth counts as one leaf (Aart Bik's table).
    #[default]
    TerminalIsLeaf,
    /// A pass is a ply; games that end before the depth are dropped (OEIS A124004, Edax).
    DropTerminal,
    /// A pass uses no ply; finished games stay leaves (Egaroucid's second mode).
    PassIsFree,
}

impl PerftConvention {
    pub fn parse(text: &str) -> Option<Self> {
        match text.to_ascii_uppercase().as_str() {
            "A" => Some(Self::TerminalIsLeaf),
            "B" => Some(Self::DropTerminal),
            "C" => Some(Self::PassIsFree),
            _ => None,
        }
    }
    pub fn letter(self) -> &'static str {
        match self {
            Self::TerminalIsLeaf => "A",
            Self::DropTerminal => "B",
            Self::PassIsFree => "C",
        }
    }
}

/// Leaves at exactly `depth` plies below `state`. Chance outcomes count as plies, each outcome
/// one branch (so dice games count every roll).
pub fn perft<G: Game>(state: &G, depth: u32, convention: PerftConvention) -> u64 {
    if depth == 0 {
        return 1;
    }
    match state.turn() {
        Turn::Terminal => match convention {
            PerftConvention::DropTerminal => 0,
            _ => 1,
        },
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            if depth == 1 {
                return outcomes.len() as u64;
            }
            outcomes
                .iter()
                .map(|&(mv, _)| {
                    let mut child = state.clone();
                    child.play(mv);
                    perft(&child, depth - 1, convention)
                })
                .sum()
        }
        Turn::Player(_) => {
            let mut moves = MoveList::new();
            state.legal_moves(&mut moves);
            let free_pass = convention == PerftConvention::PassIsFree
                && moves.len() == 1
                && state.is_pass(moves[0]);
            if free_pass {
                let mut child = state.clone();
                child.play(moves[0]);
                return perft(&child, depth, convention);
            }
            if depth == 1 {
                return moves.len() as u64;
            }
            moves
                .iter()
                .map(|&mv| {
                    let mut child = state.clone();
                    child.play(mv);
                    perft(&child, depth - 1, convention)
                })
                .sum()
        }
    }
}

/// Perft as fast as the game can count: its own path (`Game::perft_fast`) where it has one,
/// else the generic bulk walk (`perft_bulk_generic`).
pub fn perft_bulk<G: Game>(state: &G, depth: u32, convention: PerftConvention) -> u64 {
    match state.perft_fast(depth, convention) {
        Some(n) => n,
        None => perft_bulk_generic(state, depth, convention),
    }
}

/// Perft for the conventions where bulk counting needs no move list: uses
/// `count_legal_moves` at the last ply, which games can make a popcount. Moves are generated
/// before `turn()` is asked, and `turn()` only when there are none: for most games generating
/// is what `turn()` would do anyway, so this halves the work per node.
pub fn perft_bulk_generic<G: Game>(state: &G, depth: u32, convention: PerftConvention) -> u64 {
    if convention == PerftConvention::PassIsFree {
        return perft(state, depth, convention);
    }
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let n = state.count_legal_moves();
        if n > 0 {
            return n as u64;
        }
        return match state.turn() {
            Turn::Terminal => (convention == PerftConvention::TerminalIsLeaf) as u64,
            Turn::Chance => perft(state, 1, convention),
            Turn::Player(_) => 0,
        };
    }
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        return perft(state, depth, convention);
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = state.clone();
            child.play(mv);
            perft_bulk_generic(&child, depth - 1, convention)
        })
        .sum()
}

/// Perft split over the root moves on the rayon pool (for deep runs on several cores).
pub fn perft_parallel<G: Game>(state: &G, depth: u32, convention: PerftConvention) -> u64 {
    use rayon::prelude::*;
    if depth <= 2 || state.current_player().is_none() {
        return perft_bulk(state, depth, convention);
    }
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if convention == PerftConvention::PassIsFree && moves.len() == 1 && state.is_pass(moves[0]) {
        return perft_bulk(state, depth, convention);
    }
    moves
        .par_iter()
        .map(|&mv| {
            let mut child = state.clone();
            child.play(mv);
            perft_bulk(&child, depth - 1, convention)
        })
        .sum()
}
