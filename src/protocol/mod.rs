//! Text protocols that let other programs use boardlab's games and engines, and let the arena
//! drive engine programs. `line` is the generic one every game speaks (docs/protocol.md), `hub`
//! is Scan's for draughts, `gomocup` is piskvork's for
//! gomoku engines, `xboard` is CECP (server and client, Wa shogi), `gnubg` is GNU Backgammon's
//! external-player protocol over a socket (boardlab listens, gnubg referees), `gtp` the Go Text
//! Protocol for Go-board games; `session` frames them all (bytes in, a `Session` per protocol,
//! replies out); `client` is the other direction, the plumbing of an external engine process
//! and the `ExternalProtocol` every client implements.
//! `referee` is the line protocol's mode for hidden-information games (each program sees only
//! its own view). `nboard` is the NBoard protocol of Othello GUIs (Edax, NTest).

pub mod client;
pub mod gnubg;
pub mod gomocup;
pub mod gtp;
pub mod hub;
pub mod line;
pub mod nboard;
pub mod referee;
pub mod session;
pub mod xboard;

use crate::game::Game;
use client::ExternalProtocol;

// Which game speaks which protocol is the game's own word (`Game::bindings`, with the text of
// each protocol in `game::bindings` and the game's folder); the two tables below are the one
// place a protocol's name becomes its server or its client.

/// `boardlab serve --protocol <protocol> --game <game> [--engine <file>]` for the protocols
/// served on stdin/stdout with nothing but an engine file (`line` and `gnubg` take options of
/// their own: `cli::serve`); None for a protocol not in this table.
pub fn serve_cli(
    protocol: &str,
    game: &str,
    engine: Option<&std::path::Path>,
) -> Option<Result<(), String>> {
    Some(match protocol {
        "hub" => hub::serve_cli(game, engine),
        "gomocup" => gomocup::serve_cli(game, engine),
        "xboard" => xboard::serve_cli(game, engine),
        "gtp" => gtp::serve_cli(game, engine),
        "nboard" => nboard::serve_cli(game, engine),
        _ => return None,
    })
}

/// The arena's client for an engine program speaking `protocol` (an engine file's
/// `protocol = ..`) in game `G`: an error when `G` does not speak it, None for a protocol not in
/// this table (the arena's own adapters, `arena::adapters`, are looked up beside it).
pub fn client_for<G: Game>(protocol: &str) -> Option<Result<Box<dyn ExternalProtocol<G>>, String>> {
    Some(match protocol {
        "line" => Ok(Box::new(line::LineClient)),
        "gomocup" => gomocup::client_for::<G>(),
        "xboard" => Ok(Box::new(xboard::XBoardClient::default())),
        "hub" => hub::client_for::<G>(),
        "gtp" => gtp::client_for::<G>(),
        // A game without NBoard is told the arena does not speak it, as before it had a binding.
        "nboard" => return nboard::client_for::<G>().map(Ok),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use crate::game::bindings;
    use crate::games::GAME_IDS;
    use crate::with_game;

    /// What each game says it speaks (`Game::bindings`), the whole registry: a binding dropped
    /// from a game's folder, or added without its trait, shows here.
    #[test]
    fn the_games_name_their_protocols() {
        let spoken: Vec<(&str, Vec<&str>)> = GAME_IDS
            .iter()
            .map(|id| (*id, with_game!(*id, |G| bindings::names::<G>()).unwrap()))
            .filter(|(_, names)| !names.is_empty())
            .collect();
        assert_eq!(
            spoken,
            [
                ("othello", vec!["nboard", "zebra"]),
                ("draughts", vec!["hub"]),
                ("checkers", vec!["guinn"]),
                ("gomoku", vec!["gomocup"]),
                ("washogi", vec!["xboard"]),
                ("nogo", vec!["gtp"]),
            ]
        );
    }

    #[test]
    fn a_client_only_for_the_games_that_speak_its_protocol() {
        use crate::games::{draughts::Draughts, nogo::NoGo, othello::Othello};
        assert!(super::client_for::<Draughts>("hub").unwrap().is_ok());
        let e = super::client_for::<Othello>("hub").unwrap().err().unwrap();
        assert_eq!(
            e,
            "the Hub protocol plays international draughts, not othello"
        );
        assert!(super::client_for::<NoGo>("gtp").unwrap().is_ok());
        assert!(super::client_for::<Draughts>("gtp").unwrap().is_err());
        assert!(super::client_for::<Othello>("nboard").unwrap().is_ok());
        assert!(super::client_for::<NoGo>("nboard").is_none());
        assert!(super::client_for::<NoGo>("frobnicate").is_none());
    }
}
