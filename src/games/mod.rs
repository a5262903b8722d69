//! One folder a game. Each implements `game::Game` (rules, moves, text) and `eval`'s four traits
//! (`Evaluate`, `SearchHints`, `PlayoutPolicy`, `Backends`: what the search knows of it). The registry below maps command-line ids to types.

pub mod aeroplane;
pub mod backgammon;
pub mod bigcat;
pub mod draughts;
pub mod ewn;
pub mod gomoku;
pub mod jungle;
pub mod junqi;
pub mod mayacross;
pub mod nogo;
pub mod othello;
pub mod oware;
pub mod threeway;
pub mod tictactoe;
pub mod ur;
pub mod washogi;

use crate::game::{RuleOption, RuleSet};

/// The registry: every game once, one line each (`module::Type`), in the order `boardlab list`
/// shows them. Everything that needs the list of games reads it here: `GAME_IDS`, `with_game!`
/// (the one place an id from the command line or a file becomes a type), and through them
/// `list`, the servers, the arena, `bench` and the conformance test over every game. A game's
/// id is its `Game::ID`; what else it offers (hidden information, its own back ends, protocol
/// bindings) it says in its own folder through the traits it implements.
///
/// Adding a game: its folder under `src/games/`, its `pub mod` above, and one line here
/// (docs/adding-a-game.md).
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_game {
    ($then:ident; $($args:tt)*) => {
        $crate::$then! { $($args)*;
            othello::Othello,
            draughts::Draughts,
            draughts::Checkers,
            ewn::Ewn,
            ur::Ur,
            gomoku::Gomoku,
            washogi::WaShogi,
            backgammon::Backgammon,
            nogo::NoGo,
            oware::Oware,
            jungle::Jungle,
            bigcat::BigCat,
            threeway::ThreeWay,
            mayacross::Maya,
            aeroplane::Aero,
            junqi::Junqi,
            tictactoe::TicTacToe,
        }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __game_ids {
    (; $($module:ident :: $game:ident),* $(,)?) => {
        /// Every game id, in the registry's order.
        pub const GAME_IDS: &[&str] = &[$(<$crate::games::$module::$game as $crate::game::Game>::ID),*];
    };
}
for_each_game!(__game_ids;);

/// Runs `$body` with the type alias `$G` bound to the game named `$id`; evaluates to
/// `Result<_, GameError>` (an unknown id is `GameError::UnknownGame`). The arms come from the
/// registry (`for_each_game!`).
#[macro_export]
macro_rules! with_game {
    ($id:expr, |$G:ident| $body:expr) => {
        $crate::for_each_game!(__with_game_arms; $id, $G, $body)
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __with_game_arms {
    ($id:expr, $G:ident, $body:expr; $($module:ident :: $game:ident),* $(,)?) => {{
        #[allow(unused_imports)]
        use $crate::game::Game as _;
        let id: &str = $id;
        'dispatch: {
            $(
                if id == <$crate::games::$module::$game as $crate::game::Game>::ID {
                    type $G = $crate::games::$module::$game;
                    break 'dispatch Ok($body);
                }
            )*
            Err($crate::game::GameError::UnknownGame(id.to_string()))
        }
    }};
}

/// What `boardlab list` shows for a game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub options: Vec<RuleOption>,
}

fn info_of<G: crate::game::Game>() -> GameInfo {
    GameInfo {
        id: G::ID,
        name: G::NAME,
        options: <G::Rules as RuleSet>::options(),
    }
}

/// Every game with its rule options.
pub fn all() -> Vec<GameInfo> {
    GAME_IDS
        .iter()
        .map(|id| with_game!(*id, |G| info_of::<G>()).expect("registered id"))
        .collect()
}
