//! Text protocols that let other programs use boardlab's games and engines, and let the arena
//! drive engine programs. `line` is the generic one every game speaks (docs/protocol.md), `hub`
//! is Scan's for draughts (a game opts in with `hub::HubNotation`), `gomocup` is piskvork's for
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
