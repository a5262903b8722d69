//! Text protocols that let other programs use boardlab's games and engines, and let the arena
//! drive engine programs. `line` is the generic one every game speaks (docs/protocol.md);
//! `session` frames them all (bytes in, a `Session` per protocol, replies out). `gnubg` is GNU
//! Backgammon's external-player protocol over a socket (boardlab listens, gnubg referees).

pub mod gnubg;
pub mod line;
pub mod session;
