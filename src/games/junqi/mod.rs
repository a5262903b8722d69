//! Two-player Junqi (军棋, seed 001; the seed's text stops after the combat table, the rest is
//! in docs/rules/junqi.md): a 12x5 board of posts, camps and headquarters joined by roads and
//! railways (`board`), 25 pieces a side whose kinds the enemy does not see (`piece`), a setup
//! phase of placements and then moves and combat (`game`), text forms (`text`), what one side
//! observes (`observation`), drawing the hidden kinds consistently with an observation
//! (`sample`), a belief over the enemy's kinds (`belief`), the evaluation features (`eval`), a
//! library of setups (`setups`) and the engines (`agents`).

pub mod agents;
pub mod belief;
pub mod board;
pub mod draw;
pub mod eval;
pub mod game;
pub mod observation;
pub mod piece;
pub mod rules;
pub mod sample;
pub mod setups;
#[cfg(test)]
mod tests;
pub mod text;

pub use game::{Junqi, JunqiMove, Status, BLACK, RED};
pub use observation::JunqiObservation;
pub use piece::{Kind, Outcome};
pub use rules::{JunqiRules, MineRule};
