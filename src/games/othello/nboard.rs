//! Othello in the NBoard protocol's terms (`game::bindings::NBoardGame`; the protocol is
//! `protocol::nboard`): a position is sent as a GGF game (`ggf.rs`).

use crate::game::bindings::NBoardGame;

use super::{ggf, Othello};

impl NBoardGame for Othello {
    fn nboard_game(&self) -> String {
        ggf::write(self, &[], ["?", "?"])
    }
}
