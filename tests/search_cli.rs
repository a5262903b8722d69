//! `boardlab search` as scripts use it: the JSON shape, every Othello engine file, the exact
//! solver, and errors (not panics) on bad input.

use crate::common::boardlab;

#[test]
fn every_othello_engine_file_answers_with_a_legal_move() {
    for engine in ["ab-d4", "ab-fast", "mcts", "greedy", "random", "expectimax"] {
        let path = format!("engines/othello/{engine}.toml");
        let (code, out, err) =
            boardlab(&["search", "--game", "othello", "--engine", &path, "--json"]);
        assert_eq!(code, 0, "{engine}: {err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        for key in ["best", "score", "depth", "nodes", "ms", "pv"] {
            assert!(v.get(key).is_some(), "{engine}: no {key} in {out}");
        }
        let best = v["best"].as_str().unwrap();
        assert!(["d3", "c4", "f5", "e6"].contains(&best), "{engine}: {best}");
    }
}

#[test]
fn exact_solves_ffo_1() {
    // FFO #1 (14 empties): g8 and others score +18 for black.
    let pos = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let (code, out, err) = boardlab(&[
        "search",
        "--game",
        "othello",
        &format!("--position={pos}"),
        "--exact",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["score"], 18.0);
    assert_eq!(v["depth"], 14);
}

#[test]
fn bad_input_is_an_error_naming_it() {
    let (code, _, err) = boardlab(&["search", "--game", "othello", "--position=XXX X", "--exact"]);
    assert_ne!(code, 0);
    assert!(err.contains("XXX X"), "{err}");
    let (code, _, err) = boardlab(&[
        "search",
        "--game",
        "othello",
        "--engine",
        "engines/othello/nope.toml",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("nope.toml"), "{err}");
    let (code, _, err) = boardlab(&[
        "search",
        "--game",
        "othello",
        "--engine",
        "engines/othello/exact.toml",
    ]);
    assert_ne!(code, 0, "exact from the start position must refuse");
    assert!(err.contains("max_empties"), "{err}");
}
