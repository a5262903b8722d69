//! Text protocols that let other programs use boardlab's games and engines, and let the arena
//! drive engine programs. `line` is the generic one every game speaks (docs/protocol.md);
//! `session` frames them all (bytes in, a `Session` per protocol, replies out); `gomocup` is
//! piskvork's protocol for gomoku engines.

pub mod gomocup;
pub mod line;
pub mod session;
