//! The `boardlab bench` signature: the node count of every game's bench (one thread, fixed
//! depth, an empty table a position) is recorded here, so any change of search behaviour shows.
//! These counts are also what main's `boardlab search --depth D --json` gave on the same
//! positions before selective search existed (summed per game), so with every selective
//! feature off the search is unchanged. Change them only with a change meant to alter search.

use std::process::Command;

const SIGNATURE: &[(&str, u64)] = &[
    ("othello", 497_815),
    ("draughts", 493_006),
    ("checkers", 456_729),
    ("gomoku", 73_672),
    ("jungle", 227_167),
    ("nogo", 96_754),
    ("oware", 152_168),
];

fn bench(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .arg("bench")
        .args(args)
        .arg("--json")
        .output()
        .expect("boardlab runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn bench_signature_is_unchanged() {
    let v = bench(&[]);
    let games = v["games"].as_array().unwrap();
    let got: Vec<(String, u64)> = games
        .iter()
        .map(|g| {
            (
                g["game"].as_str().unwrap().to_string(),
                g["nodes"].as_u64().unwrap(),
            )
        })
        .collect();
    let want: Vec<(String, u64)> = SIGNATURE.iter().map(|(g, n)| (g.to_string(), *n)).collect();
    assert_eq!(got, want);
    let total: u64 = SIGNATURE.iter().map(|(_, n)| n).sum();
    assert_eq!(v["nodes"].as_u64(), Some(total));
}

#[test]
fn a_selective_engine_reaches_the_bench_depth_with_fewer_nodes() {
    let plain = bench(&["--game", "othello"]);
    let lmr = bench(&[
        "--game",
        "othello",
        "--engine",
        "engines/othello/ab-lmr.toml",
    ]);
    let (p, l) = (
        plain["nodes"].as_u64().unwrap(),
        lmr["nodes"].as_u64().unwrap(),
    );
    assert!(l < p, "LMR {l} nodes, plain {p}");
}

#[test]
fn bad_bench_arguments_are_refused() {
    for args in [
        &["bench", "--game", "chess"][..],
        &["bench", "--threads", "0"],
        &["bench", "--engine", "engines/othello/ab-lmr.toml"],
        &[
            "bench",
            "--game",
            "othello",
            "--engine",
            "engines/othello/mcts.toml",
        ],
        &["bench", "--game", "othello", "--depth", "0"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}
