//! The command line as scripts use it: output shapes and clear errors on bad input.

use crate::common::boardlab;

#[test]
fn perft_json_has_the_documented_shape() {
    let (code, out, _) = boardlab(&["perft", "--game", "othello", "--depth", "6", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["game"], "othello");
    assert_eq!(v["depth"], 6);
    assert_eq!(v["nodes"], serde_json::json!([4, 12, 56, 244, 1396, 8200]));
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn list_shows_games_and_options() {
    let (code, out, _) = boardlab(&["list"]);
    assert_eq!(code, 0);
    assert!(out.contains("othello") && out.contains("start=crossed"));
    let (code, out, _) = boardlab(&["list", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.as_array().unwrap().iter().any(|g| g["id"] == "othello"));
}

#[test]
fn bad_input_exits_nonzero_naming_the_bad_text() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "--game", "chess", "--depth", "2"], "chess"),
        (
            &[
                "perft",
                "--game",
                "othello",
                "--depth",
                "2",
                "--position",
                "XXXX X",
            ],
            "XXXX X",
        ),
        (
            &[
                "perft",
                "--game",
                "othello",
                "--depth",
                "2",
                "--rules",
                "start=weird",
            ],
            "start=weird",
        ),
        (
            &[
                "perft",
                "--game",
                "othello",
                "--depth",
                "2",
                "--convention",
                "Q",
            ],
            "\"Q\"",
        ),
        (&["show", "--game", "othello", "--moves", "d3 h8"], "h8"),
        (
            &["serve", "--game", "othello", "--protocol", "smoke-signals"],
            "smoke-signals",
        ),
    ];
    for (args, needle) in cases {
        let (code, _, err) = boardlab(args);
        assert_ne!(code, 0, "{args:?} should fail");
        assert!(
            err.contains(needle),
            "{args:?}: error {err:?} should name {needle:?}"
        );
    }
}

#[test]
fn show_draws_the_board() {
    let (code, out, _) = boardlab(&["show", "--game", "othello", "--moves", "f5"]);
    assert_eq!(code, 0);
    assert!(out.contains("a b c d e f g h"));
    assert!(out.contains("legal moves (3)"));
}

#[test]
fn crosscheck_reports_a_difference() {
    let dir = std::env::temp_dir().join(format!("boardlab-cc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.jsonl");
    let bad = dir.join("bad.jsonl");
    std::fs::write(
        &good,
        r#"{"rules":"","start":null,"steps":[{"legal":["d3","c4","f5","e6"],"move":"d3"}]}"#,
    )
    .unwrap();
    std::fs::write(
        &bad,
        r#"{"rules":"","start":null,"steps":[{"legal":["d3","c4","f5"],"move":"d3"}]}"#,
    )
    .unwrap();
    let (code, out, _) = boardlab(&[
        "crosscheck",
        "--game",
        "othello",
        "--file",
        good.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = boardlab(&[
        "crosscheck",
        "--game",
        "othello",
        "--file",
        bad.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("only boardlab: [\"e6\"]"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}
