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
    // What a game that does not speak the protocol is told.
    let refusal = match protocol {
        "hub" => format!(
            "the Hub protocol speaks international draughts: use --game draughts, not {}",
            quote(game)
        ),
        "gtp" => format!("game {game:?} does not speak GTP (GTP games: nogo)"),
        "xboard" => format!("game {game:?} does not speak XBoard (games that do: washogi)"),
        // Servers written for their one game's own type.
        "gomocup" => return Some(gomocup::serve_cli(game, engine)),
        "nboard" => return Some(nboard::serve_cli(game, engine)),
        _ => return None,
    };
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
    Some(served.ok().flatten().unwrap_or(Err(refusal)))
}

/// The arena's client for an engine program speaking `protocol` (an engine file's
/// `protocol = ..`) in game `G`: an error when `G` does not speak it, None for a protocol not in
/// this table (the arena's own adapters, `arena::adapters`, are looked up after it).
pub fn client_for<G: Game>(protocol: &str) -> Option<Result<Box<dyn ExternalProtocol<G>>, String>> {
    // What a game that does not speak the protocol is told; None: that the arena does not
    // speak the protocol at all (NBoard's word before it had a binding).
    let refusal = match protocol {
        "line" => return Some(Ok(Box::new(line::LineClient))),
        // XBoard's client sends the game's own texts, so it drives any game.
        "xboard" => return Some(Ok(Box::new(xboard::XBoardClient::default()))),
        "hub" => Some(format!(
            "the Hub protocol plays international draughts, not {}",
            G::ID
        )),
        "gtp" => Some(format!("game {:?} does not speak GTP", G::ID)),
        "gomocup" => Some(format!(
            "the gomocup protocol plays gomoku only, not {}",
            G::ID
        )),
        "nboard" => None,
        _ => return None,
    };
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
    match (client.client, refusal) {
        (Some(client), _) => Some(Ok(client)),
        (None, Some(why)) => Some(Err(why)),
        (None, None) => None,
    }
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
