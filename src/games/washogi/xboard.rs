//! Wa shogi in XBoard's terms (`game::bindings::XBoardGame`; the protocol is
//! `protocol::xboard`): the variant names HaChu and CrazyWa answer to, and the comment of a
//! finished game's result line. Moves and squares are already XBoard's (`text.rs`).

use crate::game::bindings::XBoardGame;

use super::WaShogi;

impl XBoardGame for WaShogi {
    fn xboard_variants() -> &'static [(&'static str, &'static str)] {
        super::text::XBOARD_VARIANTS
    }
    fn result_comment(&self) -> String {
        super::text::result_comment(self)
    }
}
