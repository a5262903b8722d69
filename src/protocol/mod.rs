//! Text protocols that let other programs use boardlab's games and engines, and let the arena
//! drive engine programs. `line` is the generic one every game speaks (docs/protocol.md), `gtp`
//! the Go Text Protocol for Go-board games (docs/protocol.md);
//! `session` frames them all (bytes in, a `Session` per protocol, replies out).

pub mod gtp;
pub mod line;
pub mod session;
