//! The board picture: the default drawing of `game::draw` (the text board in a box) until
//! this game draws its own.

use crate::game::draw::Draw;

use super::Maya;

impl Draw for Maya {}
