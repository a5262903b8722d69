//! Search extensions, each off by default and all capped per line (`max_extensions` plies from
//! the root to any node), so a line of forcing moves cannot run the search away:
//!
//! - **Singular extension** (Stockfish's): the table's move at a node, stored from a search at
//!   least `depth - 3` deep with a lower or exact bound, is searched one ply deeper when every
//!   other move, searched `depth / 2` plies deep, fails low against the table's score less
//!   `singular_margin` per ply: the move is the only one that holds.
//! - **Forcing moves**: a move the game calls forcing (`SearchHints::is_forcing`: a check, a four,
//!   a capture the opponent must answer; no game by default) is searched one ply deeper.
//! - **One reply**: a node with a single legal move is searched one ply deeper (a forced
//!   capture in draughts, a forced pass), the generic form of the forcing-move hook.

/// Extension options (off by default).
#[derive(Clone, Debug, PartialEq)]
pub struct ExtensionConfig {
    pub singular: bool,
    pub singular_min_depth: i32,
    pub singular_margin: f64,
    pub forcing: bool,
    pub one_reply: bool,
    /// Most plies of extension along one line.
    pub max_extensions: i32,
}

impl Default for ExtensionConfig {
    fn default() -> Self {
        ExtensionConfig {
            singular: false,
            singular_min_depth: 6,
            singular_margin: 2.0,
            forcing: false,
            one_reply: false,
            max_extensions: 8,
        }
    }
}

impl ExtensionConfig {
    pub fn any(&self) -> bool {
        self.singular || self.forcing || self.one_reply
    }
}
