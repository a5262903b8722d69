//! What every game shares: the contract, the text of the protocols a game may speak
//! (`bindings`), rules as values, errors, zobrist keys, move lists, perft, random playouts, game
//! records (and reading them compressed: `record_file`), the text of grid boards (`grid`),
//! solved tables shared by a process's agents (`solved_tables`), and for the race games dice
//! (`dice`) and boards of points with routes over them (`track`).

pub mod bindings;
pub mod conformance;
pub mod contract;
pub mod dice;
pub mod draw;
pub mod error;
pub mod grid;
pub mod movelist;
pub mod perft;
pub mod playout;
pub mod record;
pub mod record_file;
pub mod rules;
pub mod simulate;
pub mod solved_tables;
pub mod track;
pub mod zobrist;

pub use contract::{Game, ImperfectInformation, PlayerId, Returns, Turn, MAX_PLAYERS};
pub use draw::Draw;
pub use error::{GameError, ParseError};
pub use movelist::MoveList;
pub use perft::{perft, perft_bulk, perft_bulk_generic, perft_parallel, PerftConvention};
pub use record::GameRecord;
pub use rules::{RuleOption, RuleSet};
