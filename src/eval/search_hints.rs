//! What a game tells alpha-beta (and expectimax) about searching it, besides the evaluation:
//! which moves to search and in what order, which positions are quiet, null moves, forcing
//! moves and results a game's own solver proves. Every hint has a default that changes nothing,
//! so a game without hints still searches correctly, only slower. Called by
//! `search::alphabeta` (move lists, quiescence, pruning, extensions), `search::expectimax`
//! (`counts_as_ply`) and the greedy baselines; each game implements it in its `eval.rs`.

use crate::game::{Game, MoveList};

/// Search hints: moves and positions seen the way a game-specific search would see them.
pub trait SearchHints: Game {
    /// False while the position is in the middle of an exchange (a capture is pending or
    /// forced), so a static evaluation would be misleading; alpha-beta's quiescence search then
    /// keeps searching the noisy moves. Games without captures keep the default.
    fn is_quiet(&self) -> bool {
        true
    }
    /// True for moves quiescence search should still try (captures, promotions).
    fn is_noisy(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The moves quiescence search tries in a quiet position: those of `search_moves` that
    /// `is_noisy` accepts, into `moves` (cleared by the caller). Games that can list them without
    /// generating every move (Wa shogi: captures only) override this; the moves must be the same.
    fn noisy_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.search_moves(moves);
        moves.retain(|m| self.is_noisy(*m));
    }
    /// A cheap move-ordering hint: higher is tried first (captures by value, corners, ...).
    fn order_hint(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }
    /// The moves alpha-beta searches at this decision node (also in quiescence): by default
    /// every legal move. A game with a wide board may narrow them (gomoku: points near the
    /// stones, only the replies to a four). They must be legal, at least one, and come in a
    /// deterministic order (the table stores indices into this list).
    fn search_moves(&self, moves: &mut MoveList<Self::Move>) {
        self.legal_moves(moves)
    }
    /// True for a move alpha-beta's `forcing` extension searches one ply deeper (a check in
    /// Wa shogi, a four in gomoku, a capture the opponent must answer). None by default.
    fn is_forcing(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }
    /// The position after the side to move passes, for alpha-beta's null-move pruning (the
    /// opponent to move, nothing else changed, the hash updated). None (the default) where
    /// passing has no meaning; a game returns None here too where zugzwang is likely.
    fn null_move(&self) -> Option<Self> {
        None
    }
    /// True where zugzwang is likely (few pieces, only pawns, ...): alpha-beta then tries no
    /// null move here even when the game has one. False by default.
    fn zugzwang_risk(&self) -> bool {
        false
    }
    /// A result a game-specific solver proves for the side to move here (gomoku: a threat-space
    /// search finds a forced win), which alpha-beta then takes instead of searching the node.
    /// `depth` is the remaining search depth and `root` tells the root apart, so the game can
    /// spend more there. By default nothing is proven.
    fn proven_result(&self, depth: i32, root: bool) -> Option<Proven<Self::Move>> {
        let _ = (depth, root);
        None
    }
    /// Whether the decision at this state spends one unit of search depth. Games whose turns
    /// have decisions besides the move itself (backgammon's cube actions) return false for
    /// those, so that a depth of n still looks n moves ahead. Default: every decision does.
    fn counts_as_ply(&self) -> bool {
        true
    }
}

/// A game result proven by a game's own solver (`SearchHints::proven_result`), seen from the
/// side to move: a win or a loss in `plies` plies, with the first move of the win when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven<M> {
    pub win: bool,
    pub plies: u32,
    pub best: Option<M>,
}
