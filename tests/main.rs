//! The integration tests, one module a file, built as one test binary: each separate test
//! binary links the whole library (over 100 MB of rlib in release mode, where CI builds the
//! tests), so one binary links it once instead of once a file. Run one file's tests with its
//! module path as the filter, e.g. `cargo test --release --test integration gomoku_vct::`
//! (the `::` keeps `jungle::` from also matching `jungle_rules::`).

mod common;
mod washogi_slow;

mod arena_broken_engines;
mod arena_match_format;
mod arena_peers;
mod arena_resume;
mod arena_shards;
mod bad_input;
mod bench_signature;
mod cli;
mod conformance;
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
mod selfplay;
mod tune;
mod tune_td;
mod washogi;

/// With one test binary, a file added to tests/ runs only once it is declared above; this test
/// names any that is not (a file `x.rs` or a folder `x/mod.rs`).
#[test]
fn every_test_file_is_declared_as_a_module() {
    let declared: Vec<&str> = include_str!("main.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("read tests/") {
        let path = entry.expect("a tests/ entry").path();
        let module = if path.extension().is_some_and(|e| e == "rs") {
            path.file_stem()
        } else if path.join("mod.rs").is_file() {
            path.file_name()
        } else {
            None
        };
        let Some(module) = module.and_then(|m| m.to_str()) else {
            continue;
        };
        if module != "main" && !declared.contains(&module) {
            missing.push(module.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "tests/ files not declared in tests/main.rs: {missing:?}"
    );
}
