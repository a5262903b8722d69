//! Forward pruning at shallow depths, each switched on by its own param and off by default:
//!
//! - **Reverse futility** (static null move): the static evaluation is so far above beta that
//!   `depth` plies are not expected to bring it back below: return it.
//! - **Razoring**: the static evaluation is so far below alpha that only the noisy moves could
//!   save the node: a quiescence search decides, and when it fails low too the node fails low.
//! - **Futility pruning**: near the horizon, quiet moves that cannot lift the static evaluation
//!   above alpha by the margin are skipped (never the first move, never a noisy one).
//! - **Null move** with verification: the side to move passes (`SearchHints::null_move`, a game
//!   hook) and a search reduced by `null_reduction` plies still fails high: the node fails high,
//!   after a verification search without the null move at depths `>= null_verify_depth`.
//!   Unsound under zugzwang, so it is never switched on for Othello, draughts or NoGo (where
//!   passing is illegal or zugzwang is common; see each engine file's comment), and skipped where
//!   the game's `SearchHints::zugzwang_risk` says so.
//!
//! None of them acts at PV nodes, at the root, with a capture pending (`is_quiet` false), or
//! when a bound is a game result (mate-like scores must not be pruned on an evaluation).
//! Margins are in evaluation units (as `aspiration`), per ply of remaining depth.

/// Pruning options (off by default).
#[derive(Clone, Debug, PartialEq)]
pub struct PruningConfig {
    pub reverse_futility: bool,
    pub reverse_futility_depth: i32,
    pub reverse_futility_margin: f64,
    pub razoring: bool,
    pub razor_depth: i32,
    pub razor_margin: f64,
    pub futility: bool,
    pub futility_depth: i32,
    pub futility_margin: f64,
    pub null_move: bool,
    pub null_min_depth: i32,
    pub null_reduction: i32,
    pub null_verify_depth: i32,
}

impl Default for PruningConfig {
    fn default() -> Self {
        PruningConfig {
            reverse_futility: false,
            reverse_futility_depth: 3,
            reverse_futility_margin: 100.0,
            razoring: false,
            razor_depth: 2,
            razor_margin: 200.0,
            futility: false,
            futility_depth: 2,
            futility_margin: 100.0,
            null_move: false,
            null_min_depth: 3,
            null_reduction: 3,
            null_verify_depth: 6,
        }
    }
}

impl PruningConfig {
    /// Whether any pruning needs the static evaluation of an interior node.
    pub fn needs_static_eval(&self) -> bool {
        self.reverse_futility || self.razoring || self.futility || self.null_move
    }
}

/// `margin` (evaluation units a ply) times `depth`, as an integer search score.
#[inline]
pub fn margin(margin: f64, depth: i32) -> i32 {
    (margin * super::linear::SCORE_SCALE * depth as f64).round() as i32
}
