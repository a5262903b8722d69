//! Text protocols that let other programs use boardlab's games and engines, and let the arena
//! drive engine programs. `line` is the generic one every game speaks (docs/protocol.md), `hub`
//! is Scan's for draughts, `gomocup` is piskvork's for gomoku engines, `xboard` is CECP (server
//! and client, Wa shogi), `gnubg` is GNU Backgammon's
//! external-player protocol over a socket (boardlab listens, gnubg referees), `gtp` the Go Text
//! Protocol for Go-board games; `session` frames them all (bytes in, a `Session` per protocol,
//! replies out); `client` is the other direction, the plumbing of an external engine process
//! and the `ExternalProtocol` every client implements.
//! `referee` is the line protocol's mode for hidden-information games (each program sees only
//! its own view). `nboard` is the NBoard protocol of Othello GUIs (Edax, NTest). A game says
//! which of them it speaks in its own folder (`Game::bindings`); `serve_cli` and `client_for`
//! below are the one table from a protocol's name to its server and its arena client.

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

use std::path::Path;

use crate::eval::GameKnowledge;
use crate::game::bindings::{Bindings, GomocupBoard, GtpGame, HubNotation, NBoardGame, XBoardGame};
use crate::game::error::quote;
use crate::game::Game;
use client::ExternalProtocol;

// Which game speaks which protocol is the game's own word (`Game::bindings`, with each
// protocol's text in `game::bindings` and the game's folder). The two tables below are the one
// place a protocol's name becomes its server or its client; each asks the game's hook.

/// `boardlab serve --protocol <protocol> --game <game> [--engine <file>]` for the protocols
/// served on stdin/stdout with nothing but an engine file (`line` and `gnubg` take options of
/// their own: `cli::serve`); None for a protocol not in this table.
pub fn serve_cli(protocol: &str, game: &str, engine: Option<&Path>) -> Option<Result<(), String>> {
    match protocol {
        "hub" | "gtp" | "xboard" | "gomocup" | "nboard" => {}
        _ => return None,
    }
    if !games_speaking(protocol).contains(&game) {
        return Some(Err(refusal(protocol, game)));
    }
    match protocol {
        // Servers written for their one game's own type.
        "gomocup" => return Some(gomocup::serve_cli(engine)),
        "nboard" => return Some(nboard::serve_cli(engine)),
        _ => {}
    }
    struct Serve<'a> {
        protocol: &'a str,
        engine: Option<&'a Path>,
        served: Option<Result<(), String>>,
    }
    impl<G: GameKnowledge> Bindings<G> for Serve<'_> {
        fn hub(&mut self)
        where
            G: HubNotation,
        {
            if self.protocol == "hub" {
                self.served = Some(hub::serve_stdio::<G>(self.engine));
            }
        }
        fn gtp(&mut self)
        where
            G: GtpGame,
        {
            if self.protocol == "gtp" {
                self.served = Some(gtp::serve_stdio::<G>(self.engine));
            }
        }
        fn xboard(&mut self)
        where
            G: XBoardGame,
        {
            if self.protocol == "xboard" {
                self.served = Some(xboard::serve_stdio::<G>(self.engine));
            }
        }
    }
    let served = crate::with_game!(game, |G| {
        let mut serve = Serve {
            protocol,
            engine,
            served: None,
        };
        G::bindings(&mut serve);
        serve.served
    });
    Some(
        served
            .ok()
            .flatten()
            .unwrap_or_else(|| Err(refusal(protocol, game))),
    )
}

/// The games whose `Game::bindings` name `protocol`, in the registry's order.
pub fn games_speaking(protocol: &str) -> Vec<&'static str> {
    crate::games::GAME_IDS
        .iter()
        .copied()
        .filter(|&id| {
            crate::with_game!(id, |G| crate::game::bindings::names::<G>()
                .contains(&protocol))
            .unwrap_or(false)
        })
        .collect()
}

/// What a game that does not speak `protocol` is told: the games that do, from their bindings.
fn refusal(protocol: &str, game: &str) -> String {
    let speakers = games_speaking(protocol);
    match speakers.as_slice() {
        [one] => format!(
            "game {} does not speak the {protocol} protocol: use --game {one}",
            quote(game)
        ),
        _ => format!(
            "game {} does not speak the {protocol} protocol (the games that do: {})",
            quote(game),
            speakers.join(", ")
        ),
    }
}

/// The arena's client for an engine program speaking `protocol` (an engine file's
/// `protocol = ..`) in game `G`: an error when `G` does not speak it, None for a protocol not in
/// this table (the arena's own adapters, `arena::adapters`, are looked up after it).
pub fn client_for<G: Game>(protocol: &str) -> Option<Result<Box<dyn ExternalProtocol<G>>, String>> {
    match protocol {
        "line" => return Some(Ok(Box::new(line::LineClient))),
        // XBoard's client sends the game's own texts, so it drives any game.
        "xboard" => return Some(Ok(Box::new(xboard::XBoardClient::default()))),
        "hub" | "gtp" | "gomocup" | "nboard" => {}
        _ => return None,
    }
    struct Client<'a, G: Game> {
        protocol: &'a str,
        client: Option<Box<dyn ExternalProtocol<G>>>,
    }
    impl<G: Game> Bindings<G> for Client<'_, G> {
        fn hub(&mut self)
        where
            G: HubNotation,
        {
            if self.protocol == "hub" {
                self.client = Some(Box::new(hub::HubClient::<G>::new(
                    hub::HubDialect::Standard,
                )));
            }
        }
        fn gtp(&mut self)
        where
            G: GtpGame,
        {
            if self.protocol == "gtp" {
                self.client = Some(Box::new(gtp::GtpClient::<G>::default()));
            }
        }
        fn gomocup(&mut self)
        where
            G: GomocupBoard,
        {
            if self.protocol == "gomocup" {
                self.client = Some(Box::new(gomocup::GomocupClient::new()));
            }
        }
        fn nboard(&mut self)
        where
            G: NBoardGame,
        {
            if self.protocol == "nboard" {
                self.client = Some(Box::new(nboard::NBoardClient::default()));
            }
        }
    }
    let mut client = Client {
        protocol,
        client: None,
    };
    G::bindings(&mut client);
    Some(client.client.ok_or_else(|| refusal(protocol, G::ID)))
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
            "game \"othello\" does not speak the hub protocol: use --game draughts"
        );
        assert!(super::client_for::<NoGo>("gtp").unwrap().is_ok());
        assert!(super::client_for::<Draughts>("gtp").unwrap().is_err());
        assert!(super::client_for::<Othello>("nboard").unwrap().is_ok());
        assert!(super::client_for::<NoGo>("nboard").unwrap().is_err());
        assert!(super::client_for::<NoGo>("frobnicate").is_none());
    }

    /// A refusal lists the games that speak the protocol from their own bindings, so a game
    /// that learns one shows in it without the message being edited.
    #[test]
    fn a_refusal_names_the_games_that_speak_the_protocol() {
        assert_eq!(super::games_speaking("gtp"), ["nogo"]);
        assert_eq!(super::games_speaking("frobnicate"), Vec::<&str>::new());
        let served = super::serve_cli("gomocup", "othello", None).unwrap();
        assert_eq!(
            served.unwrap_err(),
            "game \"othello\" does not speak the gomocup protocol: use --game gomoku"
        );
        let served = super::serve_cli("xboard", "no-such-game", None).unwrap();
        assert_eq!(
            served.unwrap_err(),
            "game \"no-such-game\" does not speak the xboard protocol: use --game washogi"
        );
        assert!(super::serve_cli("frobnicate", "othello", None).is_none());
    }
}
