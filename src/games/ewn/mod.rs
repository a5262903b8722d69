//! EinStein würfelt nicht (爱恩斯坦棋, seed 001): a 5x5 race where a die picks the cube.
//! Board geometry (`board`), the arrangements of the six cubes (`setup`), the rules and the
//! contract (`rules`), position text (`text`), and the evaluator and setup chooser (`eval`). The
//! seed's seven-game match format is the arena's `ewn7` preset (`arena::match_format`).

pub mod board;
pub mod draw;
pub mod eval;
pub mod fit_weights;
pub mod game;
pub mod rules;
pub mod setup;
pub mod setup_fit;
pub mod text;

#[cfg(test)]
mod tests;

pub use game::{Ewn, EwnMove};
pub use rules::{EwnRules, FirstPlayer, SetupMode, BLUE, RED};
pub use setup::Arrangement;
