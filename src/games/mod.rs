//! One folder a game. Each implements `game::Game` (rules, moves, text) and `eval::Evaluate`
//! (features for the evaluators). The registry below maps command-line ids to types.

pub mod aeroplane;
pub mod backgammon;
pub mod bigcat;
pub mod draughts;
pub mod ewn;
pub mod gomoku;
pub mod hidden;
pub mod jungle;
pub mod junqi;
pub mod mayacross;
pub mod nogo;
pub mod othello;
pub mod oware;
pub mod threeway;
pub mod ur;
pub mod washogi;

use crate::game::{RuleOption, RuleSet};

/// Every game id, in the order `boardlab list` shows them.
pub const GAME_IDS: &[&str] = &[
    "othello",
    "draughts",
    "checkers",
    "ewn",
    "ur",
    "gomoku",
    "washogi",
    "backgammon",
    "nogo",
    "oware",
    "jungle",
    "bigcat",
    "threeway",
    "mayacross",
    "aeroplane",
    "junqi",
];

/// Runs `$body` with the type alias `$G` bound to the game named `$id`; evaluates to
/// `Result<_, GameError>` (an unknown id is `GameError::UnknownGame`). This is the one place
/// that turns a game id from the command line or a file into a type.
#[macro_export]
macro_rules! with_game {
    ($id:expr, |$G:ident| $body:expr) => {{
        #[allow(unused_imports)]
        use $crate::game::Game as _;
        match $id {
            "othello" => {
                type $G = $crate::games::othello::Othello;
                Ok($body)
            }
            "draughts" => {
                type $G = $crate::games::draughts::Draughts;
                Ok($body)
            }
            "checkers" => {
                type $G = $crate::games::draughts::Checkers;
                Ok($body)
            }
            "ewn" => {
                type $G = $crate::games::ewn::Ewn;
                Ok($body)
            }
            "ur" => {
                type $G = $crate::games::ur::Ur;
                Ok($body)
            }
            "gomoku" => {
                type $G = $crate::games::gomoku::Gomoku;
                Ok($body)
            }
            "washogi" => {
                type $G = $crate::games::washogi::WaShogi;
                Ok($body)
            }
            "backgammon" => {
                type $G = $crate::games::backgammon::Backgammon;
                Ok($body)
            }
            "nogo" => {
                type $G = $crate::games::nogo::NoGo;
                Ok($body)
            }
            "oware" => {
                type $G = $crate::games::oware::Oware;
                Ok($body)
            }
            "jungle" => {
                type $G = $crate::games::jungle::Jungle;
                Ok($body)
            }
            "bigcat" => {
                type $G = $crate::games::bigcat::BigCat;
                Ok($body)
            }
            "threeway" => {
                type $G = $crate::games::threeway::ThreeWay;
                Ok($body)
            }
            "mayacross" => {
                type $G = $crate::games::mayacross::Maya;
                Ok($body)
            }
            "aeroplane" => {
                type $G = $crate::games::aeroplane::Aero;
                Ok($body)
            }
            "junqi" => {
                type $G = $crate::games::junqi::Junqi;
                Ok($body)
            }
            other => Err($crate::game::GameError::UnknownGame(other.to_string())),
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
