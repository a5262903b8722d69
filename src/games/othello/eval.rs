//! Othello evaluation features (filled in by the search issue).

use crate::engine::Evaluate;

use super::Othello;

impl Evaluate for Othello {}
