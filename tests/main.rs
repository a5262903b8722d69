//! The integration tests, one module a file, built as one test binary: each separate test
//! binary links the whole library (over 100 MB of rlib in release mode, where CI builds the
//! tests), so one binary links it once instead of once a file. Run one file's tests with its module path as the filter, e.g.
//! `cargo test --release --test integration gomoku_vct::` (the `::` keeps `jungle::` from
//! also matching `jungle_rules::`).

mod common;
mod washogi_slow;

mod arena_broken_engines;
mod arena_match_format;
mod arena_peers;
mod arena_resume;
mod arena_shards;
mod bench_signature;
mod cli;
mod draughts;
mod ewn;
mod ffo_subset;
mod fuzz;
mod gomoku;
mod gomoku_forbidden;
mod gomoku_gomocup;
mod gomoku_vcf;
mod gomoku_vct;
mod hardening;
mod jungle;
mod jungle_rules;
mod junqi;
mod junqi_hidden;
mod nboard;
mod nogo;
mod nogo_gtp;
mod othello;
mod play_tmux;
mod race;
mod search_cli;
mod search_pin;
mod tune;
mod tune_td;
mod washogi;
