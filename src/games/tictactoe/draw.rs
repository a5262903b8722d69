//! The board picture: the default drawing of `game::draw` (the text board in a box).

use crate::game::draw::Draw;

use super::TicTacToe;

impl Draw for TicTacToe {}
